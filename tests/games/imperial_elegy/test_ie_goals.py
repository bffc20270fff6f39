"""National goals and victory (2.2-2.4, 20.11, 25.5, 33.1 Blood and Iron!): goals.py
(rulebook 000_a5b0d7cac330d384.txt)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from ie_support import answer, asking, blank, game, proc

from kriegsspiel.games.imperial_elegy import conditions, goals, world
from kriegsspiel.games.imperial_elegy.deck import deck

PLAYERS = ("ge", "uk", "fr", "au", "ru", "ot")


def title(gid):
    return deck().goals[gid].title


# ----- drawing (20.11) ---------------------------------------------------------------------------------------------


def test_the_goals_drawn_are_described_to_their_drawer_alone():
    """20.11 L1165: draw three, keep one. The drawer chose among names only: the goals drawn were in
    neither its goals nor its NG deck, so its view had no text for them (and its panel read "None
    drawn yet"). Now its view lists them with their title, text and VP; nobody else's does."""
    s = blank()
    proc(s, "draw-goals", power="ge")
    drawn = [a["keep"] for a in game.actions(s, "ge")]
    mine = game.view(s, "ge")["board"]["powers"]["ge"]
    assert mine["goals_drawn"] == drawn
    for g in drawn:
        assert mine["goal_cards"][g]["title"] == title(g) and mine["goal_cards"][g]["text"]
    for other in ("fr", None):
        prussia = json.dumps(game.view(s, other)["board"]["powers"]["ge"])
        assert "goals_drawn" not in prussia and not any(title(g) in prussia for g in drawn)
    answer(s, "ge", {"keep": drawn[0]})
    assert "goals_drawn" not in game.view(s, "ge")["board"]["powers"]["ge"]


def test_draw_keeps_exactly_one_in_secret():
    """20.11 L1165: draw three, keep one, return the rest; 2.4.1 L147: NGs are secret."""
    s = blank()
    deck_before = sorted(s["powers"]["ge"]["goal_deck"])
    proc(s, "draw-goals", power="ge")
    assert asking(s) == "goal-keep"
    acts = game.actions(s, "ge")
    assert len(acts) == 3
    kept = acts[1]["keep"]
    answer(s, "ge", acts[1])
    st = s["powers"]["ge"]
    assert st["goals"] == [kept]
    assert sorted(st["goal_deck"] + st["goals"]) == deck_before
    assert len(st["goal_deck"]) == len(deck_before) - 1
    for other in ("fr", None):
        seen = json.dumps(game.view(s, other))
        prussia = json.dumps(game.view(s, other)["board"]["powers"]["ge"])
        for g in [a["keep"] for a in acts]:
            assert g not in seen and title(g) not in prussia
    mine = json.dumps(game.view(s, "ge"))
    assert kept in mine


def test_more_than_three_returns_one():
    """20.11 L1167: a player with more than 3 NGs returns one of its choice."""
    s = blank()
    st = s["powers"]["fr"]
    st["goals"] = st["goal_deck"][:3]
    st["goal_deck"] = st["goal_deck"][3:]
    proc(s, "draw-goals", power="fr")
    answer(s, "fr", game.actions(s, "fr")[0])
    assert asking(s) == "goal-return"
    assert len(game.actions(s, "fr")) == 4
    back = game.actions(s, "fr")[0]["return"]
    answer(s, "fr", {"return": back})
    assert len(st["goals"]) == 3 and back in st["goal_deck"] and not s["stack"]


def test_draw_and_keep_counts_for_events():
    """The ng-draw verb (New Administration, L1167): draw amount, keep count."""
    s = blank()
    proc(s, "draw-goals", power="ot", draw=2, keep=1)
    assert len(game.actions(s, "ot")) == 2


def test_blood_and_iron_search():
    """33.1 L1516: on turn 1 Prussia may take Unification! face up instead of drawing."""
    s = blank()
    proc(s, "draw-goals", power="ge", blood_and_iron=True)
    assert asking(s) == "goal-blood-iron"
    answer(s, "ge", "search")
    st = s["powers"]["ge"]
    assert st["goals"] == ["ge-unification"] and "ge-unification" not in st["goal_deck"]
    assert not s["stack"]
    view = game.view(s, "fr")
    assert "ge-unification" in json.dumps(view)  # face up: every player sees it (N5)


def test_blood_and_iron_declined_draws_normally():
    s = blank()
    proc(s, "draw-goals", power="ge", blood_and_iron=True)
    answer(s, "ge", "draw")
    assert asking(s) == "goal-keep"
    assert "public_goals" not in s["powers"]["ge"] or not s["powers"]["ge"]["public_goals"]


# ----- scoring (2.2.1, 2.4.2) --------------------------------------------------------------------------------------


def fake_keys(monkeypatch, values):
    monkeypatch.setattr(conditions, "key_count", lambda s, p, region=None, kind=None: values[p])


def test_european_keys_example_2_4_2(monkeypatch):
    """2.4.2 L153: GE holds European Keys with 9 keys in Europe, behind France's 10: GE scores 2;
    France, which did not select it, scores nothing for it."""
    s = blank()
    fake_keys(monkeypatch, {"ge": 9, "fr": 10, "uk": 3, "au": 7, "ru": 8, "ot": 4})
    s["powers"]["ge"]["goals"] = ["ge-european-keys"]
    s["powers"]["fr"]["goals"] = []
    sc = goals.score(s)
    assert sc["ge"]["goals"][0]["vp"] == 2
    assert sc["fr"]["detail"]["goals"] == 0


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"ge": 9, "fr": 9, "au": 8, "ru": 1, "uk": 1, "ot": 1}, {"ge": 3, "fr": 3, "au": 1, "ru": 0}),  # L152
        ({"ge": 9, "fr": 9, "au": 9, "ru": 8, "uk": 1, "ot": 1}, {"ge": 3, "fr": 3, "au": 3, "ru": 0}),
        ({"ge": 10, "fr": 9, "au": 9, "ru": 8, "uk": 1, "ot": 1}, {"ge": 3, "fr": 2, "au": 2, "ru": 0}),
        ({"ge": 0, "fr": 0, "au": 0, "ru": 0, "uk": 0, "ot": 0}, {"ge": 0, "fr": 0, "au": 0, "ru": 0}),  # N6
    ],
)
def test_ranked_ties(monkeypatch, values, expected):
    """2.4.2 L152: ties share the place and skip the next; three tied skip all the rest."""
    s = blank()
    fake_keys(monkeypatch, values)
    for q in ("ge", "fr", "au", "ru"):
        s["powers"][q]["goals"] = [f"{q}-european-keys"]
    sc = goals.score(s)
    assert {q: sc[q]["goals"][0]["vp"] for q in expected} == expected


def test_achievement_stability_markers_and_special_vp():
    """2.2.1 L125-128, 25.5 L1320, 33.5 L1571."""
    s = blank()
    s["flags"]["germany_unified"] = True
    s["powers"]["ge"]["goals"] = ["ge-unification", "ge-saturated-power"]  # 3 + 4 (no GW, the Dual Alliance: K18)
    s["powers"]["ge"]["alliance"] = s["powers"]["au"]["alliance"] = "alliance-aligned"
    s["powers"]["ge"]["vp"] = -1
    s["powers"]["uk"]["goals"] = ["uk-pax-britannica"]  # UK neutral and no GW: 4
    s["powers"]["uk"]["stability"] = 1  # stability track: -1 VP
    s["control"]["istanbul"] = "ru"
    sc = goals.score(s)
    assert sc["ge"]["vp"] == 3 + 4 - 1 + 1  # Imperial Germany: 1 VP (DATA_RULINGS D21)
    assert sc["ge"]["detail"]["special"] == 1
    s["powers"]["au"]["alliance"] = "entente-aligned"  # Saturated Power wants the Dual Alliance (K18)
    assert goals.score(s)["ge"]["vp"] == 3 - 1 + 1
    s["powers"]["au"]["alliance"] = "alliance-aligned"
    assert sc["uk"]["vp"] == 4 - 1
    assert sc["ru"]["vp"] == 2
    assert sc["fr"]["vp"] == 0
    s["flags"]["great_war"] = True  # the GW occurred: "does not occur" goals fail
    assert goals.score(s)["uk"]["vp"] == -1


def test_special_vp_is_what_the_display_gives(monkeypatch):
    """2.2.1 L128: special VPs "as described on their player displays" (powers.json): a display
    that gives none scores none, whatever its condition."""
    s = blank()
    s["flags"]["germany_unified"] = True
    assert goals.score(s)["ge"]["detail"]["special"] == 1  # D21
    ge = dataclasses.replace(goals.pack().powers["ge"], special_vp=())
    monkeypatch.setitem(goals.pack().powers, "ge", ge)
    sc = goals.score(s)
    assert sc["ge"]["detail"]["special"] == 0
    assert sc["ge"]["detail"]["special_why"] == []


def test_lord_of_tripoli_needs_north_africa_a_steady_porte_and_no_lost_war():
    """2.4 L150, DECK_RULINGS K18 and K27: Tripoli and Tunisia controlled, stability 4 or more, no
    war lost."""
    s = blank()
    s["powers"]["ot"]["goals"] = ["ot-lord-of-tripoli"]
    s["control"]["tripoli"] = s["control"]["tunisia"] = "ot"
    s["powers"]["ot"]["stability"] = 4
    s["powers"]["ot"]["lost_wars"] = 0
    assert goals.score(s)["ot"]["vp"] == 3
    s["powers"]["ot"]["lost_wars"] = 1  # Tunisia 1881, Tripoli 1911: taken from a Porte that lost its wars
    assert goals.score(s)["ot"]["vp"] == 0
    s["powers"]["ot"]["lost_wars"] = 0
    s["powers"]["ot"]["stability"] = 3
    assert goals.score(s)["ot"]["vp"] == 0


def test_no_ranked_goal_is_won_at_the_set_up_and_the_straits_need_the_fleet():
    """DECK_RULINGS K28: Britain's ranked goals are Informal Empire (minor allies, none at the
    set-up) and Stability, not the colonial keys and power projection it led by 7-1 and 8-4 in 1850;
    the Ottomans' navy goal asks for four ships; Guardian of the Straits asks for Istanbul, three
    ships and no lost war; the Two-Power Standard is worth 3."""
    s = blank()
    pack_goals = deck().goals.values()
    assert {g.measure for g in pack_goals if g.power == "UK" and g.kind == "ranked"} == {"allies", "stability"}
    assert not [g for g in pack_goals if g.measure in ("power-projection", "naval-units")]
    s["powers"]["uk"]["goals"] = ["uk-informal-empire"]
    assert goals.score(s)["uk"]["vp"] == 0  # no minor allies: nothing to rank (RULINGS_END N6)
    s["allies"] = {"portugal": "uk", "persia": "uk", "sweden": "au"}
    assert goals.score(s)["uk"]["vp"] == 3
    s["powers"]["ot"]["goals"] = ["ot-guardian-of-the-straits", "ot-the-ironclad-fleet"]
    assert world.naval_units(s, "ot") == 2 and s["control"]["istanbul"] == "ot"
    assert goals.score(s)["ot"]["vp"] == 0  # Istanbul and no war lost are not enough
    world.new_unit(s, "ot", "squadron", "istanbul")
    assert goals.score(s)["ot"]["vp"] == 3  # three ships: the Straits are guarded
    world.new_unit(s, "ot", "squadron", "istanbul")
    assert goals.score(s)["ot"]["vp"] == 6  # and the ironclad fleet of four
    s["powers"]["ot"]["lost_wars"] = 1
    assert goals.score(s)["ot"]["vp"] == 3
    assert deck().goals["uk-two-power-standard"].vp == 3


def test_final_scoring_fills_goals_and_shares_the_win():
    """25.5 L1320: at the outbreak, fewer than 3 NGs -> draw three, keep one, until 3; 2.3 L141:
    ties win together."""
    s = blank()
    proc(s, "final-scoring", reason="test", great_war=True)
    n = 0
    while s["stack"]:
        f = s["stack"][-1]
        answer(s, f["role"], game.actions(s, f["role"])[0])
        n += 1
    assert n == 18
    assert all(len(s["powers"][q]["goals"]) == 3 for q in PLAYERS)
    res = s["result"]
    sc = goals.score(s)
    assert res["scores"] == {q: sc[q]["vp"] for q in PLAYERS}
    top = max(res["scores"].values())
    assert res["winners"] == [q for q in PLAYERS if res["scores"][q] == top]
    assert res["reason"] == "test"


def test_at_the_end_of_turn_7_each_power_scores_the_goals_it_holds_ruling_n15():
    """2.2.1 L129: the NGs held are revealed and scored; the draw of 25.5 is the outbreak's."""
    s = blank()
    held = {}
    for q in PLAYERS:
        st = s["powers"][q]
        held[q] = [g for g in st["goal_deck"] if deck().goals[g].kind == "achievement"][: 1 + PLAYERS.index(q) % 3]
        st["goals"] = list(held[q])
    proc(s, "final-scoring", reason="end of turn 7")
    assert not s["stack"]  # nobody is asked to draw
    assert {q: s["powers"][q]["goals"] for q in PLAYERS} == held
    sc = goals.score(s)
    assert {q: [g["id"] for g in sc[q]["goals"]] for q in PLAYERS} == held
    assert s["result"]["scores"] == {q: sc[q]["vp"] for q in PLAYERS}
    assert not s["flags"].get("great_war")


def test_final_scoring_tie(monkeypatch):
    s = blank()
    for q in PLAYERS:
        st = s["powers"][q]
        st["goals"] = [g for g in st["goal_deck"] if deck().goals[g].kind == "achievement"][:3]
    monkeypatch.setattr(goals, "score", lambda s: {q: {"goals": [], "vp": 5 if q in ("uk", "ot") else 1,
                                                       "detail": {"stability": 0, "markers": 0, "special_why": []}}
                                                   for q in PLAYERS})  # fmt: skip
    proc(s, "final-scoring", reason="the Great War breaks out")
    assert s["result"]["winners"] == ["uk", "ot"]
    assert s["flags"]["great_war"] is True  # N4


# ----- auto-victory (2.2.4) ----------------------------------------------------------------------------------------


def test_every_power_needs_six_keys_or_more_beyond_its_1850_holdings_for_auto_victory():
    """2.2.4's design note: auto-victory is extremely rare (DATA_RULINGS D13)."""
    s = game.new(seed=0, scenario="1850")
    for q in PLAYERS:
        assert world.P().powers[q].auto_victory_keys - world.territorial_keys(s, q) >= 6, q


def test_auto_victory():
    s = blank()
    assert goals.auto_victory(s) == []
    proc(s, "auto-victory-check")
    assert s.get("result") is None
    need = world.P().powers["au"].auto_victory_keys
    free = set(s["rebel_spaces"]) | set(s["pacification"])
    europe = [sid for sid, sp in world.P().spaces.items() if sp.is_key and sp.map == "main" and sid not in free]
    for sid in europe:
        if world.territorial_keys(s, "au") >= need:
            break
        if s["control"].get(sid) != "au":
            s["control"][sid] = "au"
    assert world.territorial_keys(s, "au") >= need
    assert goals.auto_victory(s) == ["au"]
    proc(s, "auto-victory-check")
    assert s["result"]["winners"] == ["au"]
