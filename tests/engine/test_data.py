"""Data packs are validated: provenance on every record, no unknown fields,
clear errors for corrupt files."""

import json

import pytest

from kriegsspiel.engine import DataError
from kriegsspiel.engine.data import Record, load_pack


class City(Record):
    id: str
    name: str


def write(tmp_path, records, **head):
    pack = {"format": "kriegsspiel-data", "game": "g", "kind": "cities", "records": records, **head}
    path = tmp_path / "cities.json"
    path.write_text(json.dumps(pack))
    return path


def test_a_good_pack_loads(tmp_path):
    path = write(
        tmp_path,
        [
            {"id": "paris", "name": "Paris", "source": "rulebook L284"},
            {"id": "lille", "name": "Lille", "source": "authored: historical: occupied 1914"},
        ],
    )
    assert [c.id for c in load_pack(path, "g", "cities", City)] == ["paris", "lille"]


@pytest.mark.parametrize(
    "record, message",
    [
        ({"id": "paris", "name": "Paris"}, "record 'paris': source: Field required"),
        ({"id": "paris", "name": "Paris", "source": "I made it up"}, "provenance must be"),
        ({"id": "paris", "name": "Paris", "source": "authored:"}, "provenance must be"),
        ({"id": "paris", "name": "Paris", "source": "rulebook L1", "pop": 3}, "pop: Extra inputs"),
        ({"id": "paris", "source": "rulebook L1"}, "name: Field required"),
    ],
)
def test_bad_records_are_refused_with_their_id(tmp_path, record, message):
    with pytest.raises(DataError, match=message):
        load_pack(write(tmp_path, [record]), "g", "cities", City)


def test_corrupt_and_foreign_files(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("[1, 2,")
    with pytest.raises(DataError, match="not valid JSON"):
        load_pack(path, "g", "cities", City)
    path = write(tmp_path, [], format="other")
    with pytest.raises(DataError, match="not a Kriegsspiel data pack"):
        load_pack(path, "g", "cities", City)
    path = write(tmp_path, [], kind="armies")
    with pytest.raises(DataError, match="expected 'cities' of 'g'"):
        load_pack(path, "g", "cities", City)


def test_refuse_lists_the_first_problems_and_counts_the_rest(tmp_path):
    from kriegsspiel.engine.data import refuse

    refuse("toy", tmp_path, [])  # nothing found, nothing raised
    with pytest.raises(DataError) as e:
        refuse("toy", tmp_path, [f"problem {i}" for i in range(25)])
    message = str(e.value)
    assert "problem 19" in message and "problem 20" not in message and "(and 5 more)" in message


def test_a_cached_loader_keeps_the_games_own_pack_and_reads_others_afresh(tmp_path):
    from kriegsspiel.engine.data import cached_loader

    built = []
    load = cached_loader(lambda folder: built.append(folder) or len(built), tmp_path / "own")
    assert load() == 1 and load() == 1  # built once, then kept
    assert load(tmp_path / "other") == 2 and load(tmp_path / "other") == 3  # afresh each time
    load.cache_clear()
    assert load() == 4
    assert built == [tmp_path / "own", tmp_path / "other", tmp_path / "other", tmp_path / "own"]
