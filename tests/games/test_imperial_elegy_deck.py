"""Imperial Elegy's decks: the action cards, home cards and national goals (deck.py).
The pack as shipped loads and counts; every card the rulebook names is there with the
flags its rules give it; every verb and test is documented; and each fault the validator
looks for is planted in a copy and reported by file, record and problem (DATA.md)."""

import json

import pytest
from pack_support import copy_pack, edit
from pack_support import refused as pack_refused

from kriegsspiel.games.imperial_elegy import deck as dk

KINDS = ("cards", "home_cards", "national_goals")


@pytest.fixture
def folder(tmp_path):
    """A copy of the pack to damage."""
    return copy_pack(dk.HERE, tmp_path, KINDS)


def refused(folder, *messages):
    pack_refused(dk.validate_deck, folder, *messages)


# ----- the pack as shipped --------------------------------------------------------------------


def test_the_decks_load_and_count():
    assert dk.validate_deck() == {
        "action cards": 110,
        "1850s": 40,
        "1860s": 12,
        "1870s": 12,
        "1880s": 12,
        "1890s": 12,
        "1900s": 10,
        "1910s": 12,
        "mandatory": 16,  # K26: seven crises of 1900-1914 are mandatory
        "response": 5,
        "combat": 6,
        "two-option": 19,
        "home cards": 12,
        "national goals": 49,
        "achievement": 37,  # K28: the Ottomans' ranked Power Projection became The Ironclad Fleet
        "ranked": 12,
    }


def test_the_default_deck_is_loaded_once_and_another_folder_afresh(folder):
    assert dk.deck() is dk.deck()
    assert dk.deck(folder) is not dk.deck(folder)
    assert dk.deck(folder).cards.keys() == dk.deck().cards.keys()


def test_every_record_has_provenance():
    """DATA.md rule 1."""
    for kind in KINDS:
        for r in json.loads((dk.HERE / f"{kind}.json").read_text())["records"]:
            assert r["source"].startswith(("rulebook L", "authored: ")), (kind, r["id"])


def test_cards_are_numbered_1_to_110_by_decade():
    d = dk.deck()
    assert [c.number for c in d.cards.values()] == list(range(1, 111))
    order = [dk.DECADES.index(c.decade) for c in d.cards.values()]
    assert order == sorted(order)


@pytest.mark.parametrize("title", sorted(dk.NAMED))
def test_each_named_card_is_present_with_its_flags(title):
    must, must_not, decade, _ = dk.NAMED[title]
    c = dk.deck().by_title(title)
    assert set(must) <= set(c.flags) and not set(must_not) & set(c.flags)
    if decade:
        assert c.decade == decade


def test_the_cards_the_rules_describe():
    d = dk.deck()
    assert d.by_number(100).title == "Balkan Wars"  # L739
    assert d.by_title("Dreadnought").decade == dk.DECADES[5]  # turn 6, L649
    ir = d.by_title("Impulsive Ruler")  # L566, L1637
    assert {"mandatory", "response", "draw"} <= set(ir.flags) and ir.bot == []
    assert d.by_title("Diplomatic Incident").bot == list(dk.POWERS)  # L1612
    assert "remove" not in d.by_title("Italy").flags  # played up to 7 times, L1195
    for t in ("Machine Guns", "Hydraulic Recoil", "Suez Canal", "Berlin Conference", "Dreadnought"):
        assert "permanent" in d.by_title(t).flags
    for t in ("Balkan Wars", "Powderkeg", "Bosnian Crisis", "Assassination", "Black Hand", "Moroccan Crisis"):
        assert d.by_title(t).crisis_row  # 23.2 L1262


def test_home_cards_two_per_power_with_the_named_ones():
    d = dk.deck()
    for p in dk.POWERS:
        assert len(d.home(p)) == 2
    titles = {(h.power, h.title) for h in d.home_cards.values()}
    for p, names in dk.HOME_NAMED.items():
        assert {(p, n) for n in names} <= titles
    bop = d.by_title("Balance of Power")  # L543
    assert "response" in bop.flags and bop.when == "war-declared" and bop.decade == "1870s"
    assert [o.label for o in bop.options] == ["A", "B"]
    assert bop.options[0].requires[0].card == "otto-von-bismarck"


def test_national_goals():
    d = dk.deck()
    assert {p: len(d.goals_of(p)) for p in dk.POWERS} == dk.NG_PER_POWER
    for g in d.goals.values():
        if g.kind == "achievement":
            assert g.vp in (3, 4) and g.conditions
        else:
            assert g.title.endswith("*") and g.measure in dk.MEASURES
    for p in dk.POWERS:
        assert any(t.test == "no-great-war" for g in d.goals_of(p) for t in g.conditions)
    assert d.goals["ge-unification"].conditions[0].which == "germany"
    assert sum(g.title == "European Keys*" for g in d.goals.values()) >= 2


def test_every_word_of_the_vocabulary_is_documented():
    for table in (dk.VERBS, dk.TESTS):
        for name, (required, optional, doc) in table.items():
            assert doc.strip() and not required & optional, name
    used = set()
    for rec in (*dk.deck().cards.values(), *dk.deck().home_cards.values()):
        for o in rec.options:
            used |= {e.verb for e in dk._walk(o.effects)}
    assert used <= set(dk.VERBS)
    assert all(m for m in dk.MEASURES.values())


def test_public_view_hides_the_national_goals():
    view = dk.public()
    assert len(view["cards"]) == 110 and len(view["home_cards"]) == 12 and "goals" not in view


# ----- planted faults --------------------------------------------------------------------------


def test_refuses_a_record_without_provenance(folder):
    edit(folder, "cards", lambda by, _: by["machine-guns"].pop("source"))
    refused(folder, "cards.json", "'machine-guns'", "source")


def test_refuses_bad_provenance(folder):
    edit(folder, "national_goals", lambda by, _: by["ge-unification"].update(source="made up"))
    refused(folder, "national_goals.json", "provenance")


def test_refuses_a_repeated_number(folder):
    edit(folder, "cards", lambda by, _: by["machine-guns"].update(number=1))
    refused(folder, "'machine-guns'", "card number 1")


def test_refuses_an_unknown_verb(folder):
    edit(folder, "cards", lambda by, _: by["florence-nightingale"]["options"][0]["effects"][0].update(verb="teleport"))
    refused(folder, "'florence-nightingale'", "unknown verb 'teleport'")


def test_refuses_a_missing_parameter(folder):
    edit(folder, "cards", lambda by, _: by["florence-nightingale"]["options"][0]["effects"][0].pop("amount"))
    refused(folder, "'florence-nightingale'", "lacks amount")


def test_refuses_a_stray_parameter(folder):
    edit(folder, "cards", lambda by, _: by["florence-nightingale"]["options"][0]["effects"][0].update(space="paris"))
    refused(folder, "takes no space")


def test_refuses_a_bad_power_and_an_unknown_space(folder):
    edit(folder, "cards", lambda by, _: by["florence-nightingale"]["options"][0]["effects"][0].update(power="US"))
    refused(folder, "power 'US' is not a power")
    edit(folder, "cards", lambda by, _: by["sepoy-mutiny"]["options"][0]["effects"][0].update(space="atlantis"))
    edit(folder, "cards", lambda by, _: by["florence-nightingale"]["options"][0]["effects"][0].update(power="UK"))
    refused(folder, "'sepoy-mutiny'", "unknown space 'atlantis'")


def test_refuses_an_unknown_test(folder):
    edit(folder, "cards", lambda by, _: by["eiffel-tower"]["options"][0]["requires"][0].update(test="feels-lucky"))
    refused(folder, "'eiffel-tower'", "unknown test")


def test_refuses_a_missing_named_card(folder):
    edit(folder, "cards", lambda by, recs: recs.remove(by["berlin-conference"]))
    refused(folder, "names the card 'Berlin Conference'")


def test_refuses_a_named_card_without_its_flag(folder):
    edit(folder, "cards", lambda by, _: by["machine-guns"]["flags"].remove("mandatory"))
    refused(folder, "'machine-guns'", "must be 'mandatory'")


def test_refuses_a_named_card_that_does_not_do_its_job(folder):
    def change(by, _):
        by["impregnable"]["options"][0]["effects"] = [{"verb": "draw", "power": "self", "amount": 1}]
        by["impregnable"]["flags"].append("draw")

    edit(folder, "cards", change)
    refused(folder, "'impregnable'", "must use 'fort'")


def test_refuses_balkan_wars_off_number_100(folder):
    def change(by, _):
        by["balkan-wars"]["number"], by["agadir-crisis"]["number"] = 105, 100

    edit(folder, "cards", change)
    refused(folder, "card #100")


def test_refuses_balkan_wars_bound_by_the_wtt(folder):
    edit(folder, "cards", lambda by, _: by["balkan-wars"]["options"][0]["effects"][1].pop("ignore_wtt"))
    refused(folder, "ignores the WTT")


def test_refuses_a_second_mandatory_response(folder):
    def change(by, _):
        by["new-rifles"]["flags"].append("mandatory")

    edit(folder, "cards", change)
    refused(folder, "only mandatory response card")


def test_refuses_a_bot_playing_impulsive_ruler(folder):
    edit(folder, "cards", lambda by, _: by["impulsive-ruler"].update(bot=["GE"]))
    refused(folder, "never play Impulsive Ruler")


def test_refuses_a_response_card_without_its_moment(folder):
    edit(folder, "cards", lambda by, _: by["new-rifles"].pop("when"))
    refused(folder, "'new-rifles'", "needs 'when'")


def test_refuses_permanent_without_a_flag(folder):
    edit(folder, "cards", lambda by, _: by["italy"]["flags"].append("permanent"))
    refused(folder, "'italy'", "permanent")


def test_refuses_a_draw_symbol_that_draws_nothing(folder):
    edit(folder, "cards", lambda by, _: by["florence-nightingale"]["flags"].append("draw"))
    refused(folder, "'florence-nightingale'", "draw symbol")


def test_refuses_a_test_on_a_flag_nobody_sets(folder):
    edit(folder, "cards", lambda by, _: by["appomattox"]["options"][0]["requires"][0].update(flag="civil-war"))
    refused(folder, "no event sets the flag 'civil-war'")


def test_refuses_too_few_cards_for_a_deal(folder):
    def change(by, recs):
        for r in [r for r in recs if r["decade"] == "1850s"][1:7]:
            r["decade"] = "1860s"

    edit(folder, "cards", change)
    refused(folder, "1850s", "fewer than 36")


def test_refuses_a_power_without_two_home_cards(folder):
    edit(folder, "home_cards", lambda by, recs: recs.remove(by["autocracy"]))
    refused(folder, "home_cards.json", "RU has 1 home cards")


def test_refuses_a_missing_named_home_card(folder):
    edit(folder, "home_cards", lambda by, _: by["jihad"].update(title="Holy War"))
    refused(folder, "'Jihad'")


def test_refuses_a_reference_to_an_unknown_card(folder):
    edit(
        folder, "home_cards", lambda by, _: by["balance-of-power"]["options"][0]["requires"][0].update(card="bismarck")
    )
    refused(folder, "no card 'bismarck'")


def test_refuses_wrong_goal_counts(folder):
    edit(folder, "national_goals", lambda by, recs: recs.remove(by["au-army-steps"]))
    refused(folder, "AU has 8 national goals")


def test_refuses_a_malformed_goal(folder):
    edit(folder, "national_goals", lambda by, _: by["ge-alsace-lorraine"].update(vp=5))
    refused(folder, "'ge-alsace-lorraine'", "3 or 4 VP")
    edit(folder, "national_goals", lambda by, _: by["ge-alsace-lorraine"].update(vp=3))
    edit(folder, "national_goals", lambda by, _: by["ge-industry"].update(measure="charm"))
    refused(folder, "'ge-industry'", "ranked NG")


def test_refuses_a_power_without_its_no_great_war_goal(folder):
    edit(
        folder,
        "national_goals",
        lambda by, _: by["ot-pax-ottomana"].update(conditions=[by["ot-pax-ottomana"]["conditions"][1]]),
    )
    refused(folder, "OT has no 'the Great War does not occur' NG")


def test_refuses_a_missing_unification_goal(folder):
    edit(folder, "national_goals", lambda by, _: by["ge-unification"].update(title="Reich"))
    refused(folder, "Unification!")


def test_refuses_a_second_scenario_only_goal(folder):
    edit(folder, "national_goals", lambda by, _: by["ru-tsargrad"].update(scenario_only=True))
    refused(folder, "Austria's ninth")
