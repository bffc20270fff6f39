"""The First World War's data pack: counts the rulebook states, references,
provenance, and a clear refusal of a damaged pack (DATA.md)."""

import json
import shutil

import pytest

from kriegsspiel.engine import DataError
from kriegsspiel.games.first_world_war import data


@pytest.fixture
def pack_copy(tmp_path, monkeypatch):
    """A copy of the data folder the loader reads instead of the real one."""
    folder = tmp_path / "data"
    shutil.copytree(data.HERE, folder)
    monkeypatch.setattr(data, "HERE", folder)
    data.pack.cache_clear()
    yield folder
    data.pack.cache_clear()


def test_counts_match_the_rulebook():
    """L57 96 armies with 24 dummies, L58 46 occupation markers (cities), L59 36 markers, 2.3 eleven fronts."""
    assert data.validate() == {
        "fronts": 11,
        "cities": 46,
        "supply bases": 22,
        "armies": 72,
        "dummies": 24,
        "markers": 36,
    }


def test_replacement_cities_are_the_rulebooks():
    """6.3 (L284-287): the replacement cities of each empire, by name."""
    p = data.pack()
    by_owner = {}
    for loc in p.locations.values():
        if loc.kind == "replacement":
            by_owner.setdefault(loc.owner, set()).add(loc.name)
    assert by_owner["austria-hungary"] == {"Trieste", "Wien", "Budapest", "Lemburg"}
    assert by_owner["germany"] == {"Aachen", "Metz", "Berlin", "Breslau"}
    assert by_owner["russia"] == {"Riga", "Warsawa", "Minsk", "Kiev", "Odessa"}
    assert by_owner["western-allies"] == {"Calais", "Paris", "Nancy", "Venezia"}


def test_every_record_has_provenance():
    """DATA.md rule 1: every record says where it comes from."""
    for kind in ("fronts", "locations", "armies", "markers", "setup"):
        records = json.loads((data.HERE / f"{kind}.json").read_text())["records"]
        for r in records:
            assert r["source"].startswith(("rulebook ", "authored: ")), (kind, r.get("id"))


def test_fronts_and_theatres():
    """2.3 (L97-107): the names and theatres of the eleven fronts; 4.8 the mountain fronts."""
    p = data.pack()
    assert p.fronts[1].name == "Flanders Front" and p.fronts[5].name == "Isonzo Front"
    assert [n for n, f in p.fronts.items() if f.theatre == "italy"] == [5, 6]
    assert sorted(n for n, f in p.fronts.items() if f.mountain) == [4, 5, 6, 10]


def test_a_missing_provenance_is_refused(pack_copy):
    path = pack_copy / "armies.json"
    raw = json.loads(path.read_text())
    del raw["records"][0]["source"]
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="record 'de-1': source: Field required"):
        data.validate()


def test_a_broken_reference_is_refused(pack_copy):
    path = pack_copy / "locations.json"
    raw = json.loads(path.read_text())
    paris = next(r for r in raw["records"] if r["id"] == "paris")
    paris["links"].append("atlantis")
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="paris: link to unknown 'atlantis'"):
        data.validate()


def test_a_wrong_count_is_refused(pack_copy):
    path = pack_copy / "markers.json"
    raw = json.loads(path.read_text())
    raw["records"].pop()
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="the rulebook has 36 markers; the pack has 35"):
        data.validate()


def test_corrupt_json_is_refused(pack_copy):
    (pack_copy / "fronts.json").write_text("{ not json")
    with pytest.raises(DataError, match="fronts.json: not valid JSON"):
        data.validate()
