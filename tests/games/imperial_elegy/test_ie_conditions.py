"""conditions.py: every test of deck.TESTS and every measure of deck.MEASURES (rulebook
000_a5b0d7cac330d384.txt; DECK_RULINGS K6 power references)."""

from __future__ import annotations

import pytest
from ie_support import blank

from kriegsspiel.games.imperial_elegy import conditions, world
from kriegsspiel.games.imperial_elegy.deck import MEASURES, TESTS, deck
from kriegsspiel.games.imperial_elegy.deck import Test as NGTest


def T(**kw):  # noqa: N802
    return NGTest(**kw)


def check(s, who="ge", **kw):
    return conditions.check(s, T(**kw), who)


@pytest.fixture
def s():
    return blank()


def test_every_deck_test_is_covered(s):
    """Every requirement and NG condition of the pack evaluates without error."""
    d = deck()
    seen = set()
    for c in (*d.cards.values(), *d.home_cards.values()):
        for o in c.options:
            for t in o.requires:
                assert conditions.check(s, t, "ge") in (True, False)
                seen.add(t.test)
    for g in d.goals.values():
        for t in g.conditions:
            assert conditions.check(s, t, g.power.lower()) in (True, False)
            seen.add(t.test)
    assert seen <= set(TESTS)


def test_flags_played(s):
    assert not check(s, test="played", flag="suez-canal")
    assert check(s, test="not-played", flag="suez-canal")
    s["flags"]["suez_canal"] = True  # the set-up's name for the Suez Canal box (N2)
    assert check(s, test="played", flag="suez-canal")
    s["flags"]["meiji-restoration"] = True
    assert check(s, test="played", flag="meiji-restoration")
    s["flags"]["tsrr"] = True
    assert check(s, test="played", flag="trans-siberian")


def test_controls_and_power_references(s):
    assert check(s, test="controls", power="GE", space="berlin")
    assert check(s, test="controls", power="self", space="berlin")  # K6: self = the resolver
    assert not check(s, "fr", test="controls", power="self", space="berlin")
    assert not check(s, test="controls", power="GE", spaces=["berlin", "paris"])
    assert check(s, test="controls", power="GE", spaces=["berlin", "paris"], count=1)
    assert check(s, test="not-controls", power="FR", spaces=["berlin"])
    assert not check(s, test="not-controls", power="GE", spaces=["berlin"])
    # rebels in a space: nobody controls it (21.1)
    world.new_unit(s, "rebel", "army", "berlin", n="x")
    assert not check(s, test="controls", power="GE", space="berlin")


def test_attacker_defender_and_at_war(s):
    assert not check(s, test="controls", power="attacker", space="berlin")  # no war: nobody
    assert check(s, test="peace")
    assert not check(s, test="at-war")
    s["war"] = {"attackers": ["ge"], "defenders": ["au"], "primary": {"attacker": "ge", "defender": "au"},
                "card": "otto-von-bismarck"}  # fmt: skip
    assert check(s, test="controls", power="attacker", space="berlin")
    assert check(s, test="controls", power="defender", space="vienna")
    assert check(s, test="at-war") and check(s, test="at-war", power="AU")
    assert not check(s, test="at-war", power="FR")
    assert not check(s, test="peace")
    assert not check(s, test="war-not-by-card", card="otto-von-bismarck")
    s["war"]["card"] = None
    assert check(s, test="war-not-by-card", card="otto-von-bismarck")


def test_independent_and_never_independent(s):
    assert check(s, test="independent", space="serbia") == (world.controller(s, "serbia") == "serbia")
    s["control"]["serbia"] = "serbia"
    assert check(s, test="independent", space="serbia")
    s["control"]["serbia"] = "ot"
    assert not check(s, test="independent", space="serbia")
    assert check(s, test="not-independent", space="bulgaria")
    s["history"]["independence"] = ["bulgaria"]  # N3
    assert not check(s, test="not-independent", space="bulgaria")


def test_keys_and_regions(s):
    n = world.key_count(s, "ge", "europe")
    assert check(s, test="keys", power="GE", amount=n, region="europe")
    assert not check(s, test="keys", power="GE", amount=n + 1, region="europe")
    assert check(s, "uk", test="keys", power="self", amount=7, kind="colonial")
    assert not check(s, "uk", test="keys", power="self", amount=8, kind="colonial")


def test_dominates(s):
    assert not check(s, test="dominates", power="UK", flashpoint="suez-canal")  # no canal yet
    s["flags"]["suez_canal"] = True
    s["control"]["egypt"] = "uk"
    assert check(s, test="dominates", power="UK", flashpoint="suez-canal")  # the deck's name -> "suez"
    assert check(s, test="dominates", power="UK", flashpoint="power-projection")  # UK 8 at the start (3.3.1 L255)


def test_allies(s):
    s["allies"] = {"serbia": "ru", "greece": "ru", "bavaria": "au"}
    assert check(s, test="allies", power="RU", amount=2)
    assert check(s, test="allies", power="RU", amount=2, region="balkans")
    assert not check(s, test="allies", power="RU", amount=3)
    assert check(s, test="allies", power="AU", amount=1, region="germany")
    assert not check(s, test="allies", power="AU", amount=1, region="balkans")
    assert check(s, test="ally-of", power="RU", minor="serbia")
    s["allies"]["sardinia-piedmont"] = "fr"
    assert check(s, test="ally-of", power="FR", minor="piedmont")  # K9: named by its space


def test_tracks(s):
    s["powers"]["ot"]["industry"] = 3
    s["powers"]["ot"]["stability"] = 2
    assert check(s, test="industry", power="OT", amount=3)
    assert not check(s, test="industry", power="OT", amount=4)
    assert check(s, test="stability", power="OT", amount=2)
    assert not check(s, test="stability", power="OT", amount=3)
    assert check(s, test="stability-at-most", power="OT", amount=2)
    assert not check(s, test="stability-at-most", power="OT", amount=1)


def test_naval_and_power_projection(s):
    n = world.naval_units(s, "uk")
    assert check(s, test="naval-units", power="UK", amount=n)
    assert not check(s, test="naval-units", power="UK", amount=n + 1)
    assert check(s, test="power-projection", power="UK", amount=8)  # 3.3.1 L255
    assert not check(s, test="power-projection", power="UK", amount=9)


def test_unified(s):
    assert check(s, test="not-unified", which="germany")
    s["flags"]["germany_unified"] = True
    assert check(s, test="unified", which="germany")
    assert not check(s, test="unified", which="italy")


def test_alliances(s):
    assert check(s, test="neutral", power="UK")
    assert not check(s, test="in-alliance", power="UK")
    s["powers"]["uk"]["alliance"] = "entente-aligned"
    s["powers"]["fr"]["alliance"] = "entente-committed"
    s["powers"]["ru"]["alliance"] = "alliance-aligned"
    assert check(s, test="in-alliance", power="UK")
    assert check(s, test="in-alliance", power="UK", direction="entente")
    assert not check(s, test="in-alliance", power="UK", direction="alliance")
    assert check(s, test="same-alliance", power="FR", target="UK")
    assert not check(s, test="same-alliance", power="FR", target="RU")
    s["majors"]["italy"] = {"alliance": "entente-aligned", "mpit": {"entente": 1, "alliance": 0, "neutral": 0}}
    assert check(s, test="same-alliance", power="FR", target="italy")


def test_wtt_turn_india_city_citizenship(s):
    s["wtt"] = 2
    assert check(s, test="wtt-at-most", amount=2) and not check(s, test="wtt-at-most", amount=1)
    s["turn"] = 4
    assert check(s, test="turn-at-least", amount=4) and not check(s, test="turn-at-least", amount=5)
    s["flags"]["india_stable"] = True
    assert check(s, test="india", flag="stable") and not check(s, test="india", flag="unstable")
    s["flags"]["india_stable"] = False
    assert check(s, test="india", flag="unstable")
    s["flags"]["city_of_light"] = 4
    assert check(s, test="city-of-light", amount=4) and not check(s, test="city-of-light", amount=5)
    s["flags"]["citizenship"] = ["czech", "polish"]
    assert check(s, test="citizenship", amount=2) and not check(s, test="citizenship", amount=3)


def test_great_war_and_wars(s):
    assert check(s, test="no-great-war")
    s["flags"]["great_war"] = True
    assert not check(s, test="no-great-war")
    assert not check(s, test="won-war", power="OT", target="RU")
    s["powers"]["ot"]["won_wars"] = [{"target": "ge", "aim": "conquest"}]
    assert not check(s, test="won-war", power="OT", target="RU")
    s["powers"]["ot"]["won_wars"].append({"target": "ru", "aim": "liberation"})
    assert check(s, test="won-war", power="OT", target="RU")
    assert check(s, test="won-war", power="OT", target="RU", aim="liberation")
    assert not check(s, test="won-war", power="OT", target="RU", aim="conquest")
    assert check(s, test="no-lost-war", power="AU")
    s["powers"]["au"]["lost_wars"] = 1
    assert not check(s, test="no-lost-war", power="AU")


def test_power_is(s):
    assert check(s, "fr", test="power-is", power="FR")
    assert not check(s, "ge", test="power-is", power="FR")


def test_each_and_chosen(s):
    assert check(s, test="stability", power="chosen", amount=5)  # UK has 5
    assert not check(s, test="stability", power="each", amount=5)
    assert check(s, test="stability", power="each", amount=0)


def test_measures(s):
    d = deck()
    by = {g.id: g for g in d.goals.values()}
    assert conditions.measure(s, "uk", by["fr-colonial-keys"]) == world.key_count(s, "uk", None, "colonial") == 7
    assert conditions.measure(s, "ge", by["ge-european-keys"]) == world.key_count(s, "ge", "europe")
    assert conditions.measure(s, "uk", by["ge-industry"].model_copy(update={"measure": "power-projection"})) == 8
    assert conditions.measure(s, "uk", by["uk-informal-empire"]) == 0
    assert conditions.measure(s, "uk", by["uk-stability"]) == s["powers"]["uk"]["stability"]
    s["powers"]["ge"]["industry"] = 5
    assert conditions.measure(s, "ge", by["ge-industry"]) == 5
    s["powers"]["ot"]["stability"] = 6
    assert conditions.measure(s, "ot", by["ot-stability"]) == 6
    s["allies"] = {"serbia": "au", "greece": "au"}
    assert conditions.measure(s, "au", by["au-minor-allies"]) == 2
    # army steps: full 2, reduced 1, reserves in the holding box (list of booleans, True = reduced)
    for uid in [u for u, x in s["units"].items() if x["o"] == "ru"]:
        world.remove_unit(s, uid)
    world.new_unit(s, "ru", "army", "moscow" if "moscow" in world.P().spaces else "st-petersburg")
    world.new_unit(s, "ru", "army", "st-petersburg", reduced=True)
    s["powers"]["ru"]["reserves"] = [False, True]
    assert conditions.measure(s, "ru", by["ru-army-steps"]) == 2 + 1 + 2 + 1
    # every measure of the table is answered
    for m in MEASURES:
        g = type(by["ge-industry"])(**{**by["ge-industry"].model_dump(), "measure": m})
        assert isinstance(conditions.measure(s, "fr", g), int)
