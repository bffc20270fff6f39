"""Imperial Elegy's Great War deck (gw_deck.py, data/gw_cards.json): the deck as shipped loads
and counts; what the rulebook fixes about it holds (two identical combat cards, Technological
Terror GW #4 at +2, Exhaustion the only mandatory card, Minor Power Entry and its limit, entry
cards for the US and Italy); every verb is documented and used; and each fault the validator
looks for is planted in a copy and reported by file, record and problem (DATA.md)."""

from __future__ import annotations

import json

import pytest

from kriegsspiel.engine import DataError
from kriegsspiel.games.imperial_elegy import data
from kriegsspiel.games.imperial_elegy import gw_deck as gw
from kriegsspiel.games.imperial_elegy.gw_deck import GW_VERBS, public_gw, validate_gw_deck

load = gw.gw_deck
SHIPPED = gw.HERE / "gw_cards.json"


def raw() -> dict:
    return json.loads(SHIPPED.read_text())


def by_id(pack: dict) -> dict:
    return {r["id"]: r for r in pack["records"]}


def refused(tmp_path, pack: dict, *messages: str) -> None:
    """The damaged copy, written to tmp_path, is refused with a DataError saying each message."""
    (tmp_path / "gw_cards.json").write_text(json.dumps(pack))
    with pytest.raises(DataError) as caught:
        validate_gw_deck(tmp_path)
    for m in messages:
        assert m in str(caught.value), str(caught.value)
    with pytest.raises(DataError):
        load(tmp_path)


# ----- the deck as shipped ----------------------------------------------------------------------


def test_the_deck_loads_and_counts():
    assert validate_gw_deck() == {"GW cards": 24, "GW combat": 2, "GW mandatory": 1, "GW events": 21}
    counts = data.validate()  # `kriegsspiel data validate imperial-elegy` adds them
    assert counts["GW cards"] == 24 and counts["GW mandatory"] == 1


def test_the_default_deck_is_loaded_once_and_another_folder_afresh(tmp_path):
    assert load() is load()
    (tmp_path / "gw_cards.json").write_text(SHIPPED.read_text())
    assert load(tmp_path) is not load(tmp_path)
    assert list(load(tmp_path).cards) == list(load().cards)


def test_cards_are_numbered_one_to_n_in_order():
    d = load()
    assert [c.number for c in d.cards.values()] == list(range(1, 25))
    assert d.by_number(13).title == "Exhaustion"


def test_technological_terror_is_gw_4_at_plus_2():
    """Rulebook 28.1, the Verdun example, L1435: "their faceup GW combat card Technological
    Terror [GW #4] for an addition +2 to their roll"."""
    tt = load().by_number(4)
    assert tt.title == "Technological Terror" and tt.kind == "combat"
    assert [(e.verb, e.amount) for e in tt.effects] == [("battle-drm", 2)]


def test_the_two_combat_cards_function_exactly_the_same():
    """26.1 L1346: two GW combat cards; played for their event they go face down in front of the
    player they were played against."""
    combat = load().of_kind("combat")
    assert len(combat) == 2 and combat[0].effects == combat[1].effects
    for c in combat:
        assert "face down in front of the player you played it against" in c.text


def test_exhaustion_is_the_only_mandatory_card_and_says_what_it_does():
    """27.3 L1368."""
    (ex,) = load().of_kind("mandatory")
    assert ex.title == "Exhaustion" and [e.verb for e in ex.effects] == ["exhaustion"]
    assert "every belligerent power loses 1 manpower" in ex.text
    assert "manpower is already 0 loses 1 stability instead" in ex.text


def test_minor_power_entry_keeps_its_limit():
    """25.2.1 L1303: it cannot let a minor power attack its pre-GW player ally, unless Balkan."""
    mpe = load().by_title("Minor Power Entry")
    assert [e.verb for e in mpe.effects] == ["minor-entry"]
    assert "cannot attack its pre-GW player ally, unless it is a Balkan minor power" in mpe.text


def test_the_us_and_italy_have_entry_cards():
    d = load()
    assert [e.verb for e in d.by_title("Zimmermann Telegram").effects] == ["us-entry"]
    assert [e.verb for e in d.by_title("Treaty of London").effects] == ["italy-entry"]


def test_every_verb_is_documented_and_used():
    used = {e.verb for c in load().cards.values() for e in c.effects}
    assert used == set(GW_VERBS)
    for verb, (_, _, doc) in GW_VERBS.items():
        assert doc and " L" in doc, verb  # each cites the rule it serves


def test_no_event_is_decisive():
    """The brief's balance: budget at most +2, stability +/-1, manpower at most +2, refit at most 3."""
    for c in load().cards.values():
        for e in c.effects:
            if e.verb in ("budget", "manpower"):
                assert 1 <= e.amount <= 2, c.id
            if e.verb == "stability":
                assert e.amount in (1, -1), c.id


def test_every_record_has_provenance():
    """DATA.md rule 1: a non-empty source, 'rulebook ...' or 'authored: ...'."""
    for r in raw()["records"]:
        assert r["source"].strip(), r["id"]
        assert r["source"].startswith(("rulebook ", "authored: ")), r["id"]
        assert r["text"].strip() and r["effects"], r["id"]


def test_the_board_sees_the_printed_cards():
    cards = public_gw()["gw_cards"]
    assert [c["number"] for c in cards] == list(range(1, 25))
    assert cards[3]["title"] == "Technological Terror"


# ----- a damaged deck is refused, saying where and why ------------------------------------------


def test_an_unknown_verb_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["war-bonds"]["effects"][0]["verb"] = "mobilize"
    refused(tmp_path, pack, "gw_cards.json", "record 'war-bonds'", "unknown verb 'mobilize'")


def test_a_parameter_the_verb_does_not_take_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["rationing"]["effects"][0]["region"] = "europe"
    refused(tmp_path, pack, "record 'rationing'", "verb 'stability' takes no region")
    pack = raw()
    by_id(pack)["rationing"]["effects"][0]["target"] = "GE"  # not a parameter of any verb
    refused(tmp_path, pack, "record 'rationing'", "target")


def test_a_missing_parameter_or_a_value_out_of_range_is_refused(tmp_path):
    pack = raw()
    del by_id(pack)["war-bonds"]["effects"][0]["amount"]
    refused(tmp_path, pack, "record 'war-bonds'", "verb 'budget' lacks amount")
    pack = raw()
    by_id(pack)["war-bonds"]["effects"][0]["amount"] = 3
    refused(tmp_path, pack, "record 'war-bonds'", "amount 3 is not one of 1, 2")
    pack = raw()
    by_id(pack)["the-arab-revolt"]["effects"][0]["amount"] = -2
    refused(tmp_path, pack, "record 'the-arab-revolt'", "amount -2")


def test_a_third_combat_card_is_refused(tmp_path):
    pack = raw()
    c = by_id(pack)["mutinies"]
    c["kind"] = "combat"
    c["effects"] = [{"verb": "battle-drm", "amount": 2}]
    refused(tmp_path, pack, "3 combat cards", "'mutinies'", "exactly 2 (26.1 L1346)")


def test_a_battle_drm_off_a_combat_card_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["war-bonds"]["effects"].append({"verb": "battle-drm", "amount": 1})
    refused(tmp_path, pack, "record 'war-bonds'", "'battle-drm' belongs only on the combat card")


def test_combat_cards_that_differ_are_refused(tmp_path):
    pack = raw()
    by_id(pack)["stormtroop-tactics"]["effects"][0]["amount"] = 3
    refused(tmp_path, pack, "'technological-terror', 'stormtroop-tactics'", "function exactly the same")


def test_technological_terror_must_be_gw_4(tmp_path):
    pack = raw()
    cards = by_id(pack)
    cards["technological-terror"]["number"], cards["stormtroop-tactics"]["number"] = 23, 4
    refused(tmp_path, pack, "record 'stormtroop-tactics'", "GW #4 is Technological Terror", "L1435")


def test_a_missing_exhaustion_is_refused(tmp_path):
    pack = raw()
    pack["records"] = [r for r in pack["records"] if r["id"] != "exhaustion"]
    refused(tmp_path, pack, "gw_cards.json", "the mandatory card Exhaustion is missing", "27.3 L1368")


def test_a_second_mandatory_card_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["mutinies"]["kind"] = "mandatory"
    refused(tmp_path, pack, "record 'mutinies'", "the only mandatory card of the GW deck is Exhaustion")


def test_an_exhaustion_off_the_mandatory_card_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["mutinies"]["effects"] = [{"verb": "exhaustion"}]
    refused(tmp_path, pack, "record 'mutinies'", "'exhaustion' belongs only on the mandatory card")


def test_a_duplicate_number_or_title_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["war-bonds"]["number"] = 4
    refused(tmp_path, pack, "record 'war-bonds'", "card number 4 is also 'technological-terror'")
    pack = raw()
    by_id(pack)["war-cabinet"]["title"] = "Rationing"
    refused(tmp_path, pack, "'war-cabinet', 'rationing'", "the title 'Rationing' is used 2 times")


def test_a_gap_in_the_numbers_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["spanish-flu"]["number"] = 30
    refused(tmp_path, pack, "numbered 1-24", "no #24")


def test_minor_power_entry_without_its_limit_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["minor-power-entry"]["text"] = "A neutral minor power joins the Great War with your alliance."
    refused(tmp_path, pack, "record 'minor-power-entry'", "25.2.1 L1303")


def test_a_deck_without_an_entry_card_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["zimmermann-telegram"]["effects"] = [{"verb": "budget", "amount": 1}]
    refused(tmp_path, pack, "no card has the event 'us-entry'")


def test_a_record_without_provenance_is_refused(tmp_path):
    pack = raw()
    by_id(pack)["spanish-flu"]["source"] = ""
    refused(tmp_path, pack, "record 'spanish-flu'", "provenance")
