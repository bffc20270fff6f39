"""The First World War: what each role may see (2.4 face-down armies, L118-122;
5.3 marker backs, L252-254; 4.4 face-down markers, L221). A view never shows
another empire's face-down armies, its dummies or its markers, only counts."""

import json
import random

import pytest
from fww_support import AH, DE, EMPIRES, RU, WA, P, at, clear, dummy, game, hand, opening, put, views_of

import kriegsspiel

OTHERS_OF_DE = (AH, WA, RU, None)


def test_2_4_face_down_armies_are_anonymous_to_everyone_else():
    """2.4 (rulebook L118): an army's identity is secret until it leads; swapping
    two face-down German armies between fronts changes nothing that Austria-Hungary
    (its partner), the Entente or a spectator can see; Germany sees the change."""
    a = opening()
    board_a = a["armies"]
    assert not board_a["de-1"]["up"] and not board_a["de-2"]["up"]
    b = game.clone(a)
    put(a, "de-1", 1)
    put(a, "de-2", 7)
    put(b, "de-2", 1)
    put(b, "de-1", 7)
    for role in OTHERS_OF_DE:
        assert views_of(a, role) == views_of(b, role), role
        seen = game.view(a, role)["board"]["armies"]
        assert "de-1" not in seen and "de-2" not in seen
    assert views_of(a, DE) != views_of(b, DE)


def test_3_3_in_the_2_player_game_an_empire_sees_its_partners_armies():
    """3.3 L175: with two players one holds the alliance, both its empires (R58). Germany's view named
    only Germany's face-down armies, so the page named half of the player's own at a time. With 3 or
    4 players the partner is another player and sees nothing more (2.4)."""
    for players, sees in ((2, True), (3, False), (4, False)):
        a = opening(players=players)
        b = game.clone(a)
        put(a, "ah-1", 9)
        put(a, "ah-3", 10)
        put(b, "ah-3", 9)
        put(b, "ah-1", 10)
        assert ("ah-1" in game.view(a, DE)["board"]["armies"]) == sees, players
        assert (views_of(a, DE) != views_of(b, DE)) == sees, players
        for role in (WA, RU, None):  # the Entente never
            assert views_of(a, role) == views_of(b, role), (players, role)
        scrambled = game.scramble(a, DE, random.Random(1))  # what Germany knows stays where it is
        assert (scrambled["armies"]["ah-1"] == a["armies"]["ah-1"]) or not sees
        hand(a, AH, "big-bertha", "redl-affair")  # and the partner's markers
        assert isinstance(game.view(a, DE)["board"]["hands"][AH], list) == sees, players
        if sees:
            assert game.scramble(a, DE, random.Random(2))["hands"][AH] == ["big-bertha", "redl-affair"]


def test_2_4_dummies_are_indistinguishable_from_real_armies():
    """2.4 (rulebook L122): dummies deceive: a dummy on Front 3 and an army on
    Front 4 look exactly like an army on Front 3 and a dummy on Front 4; only the
    owner sees its own dummies (RULINGS R4)."""
    a = opening()
    clear(a, 3, 4)
    b = game.clone(a)
    dummy(a, DE, 3)
    put(a, "de-3", 4)
    put(b, "de-3", 3)
    dummy(b, DE, 4)
    for role in OTHERS_OF_DE:
        assert views_of(a, role) == views_of(b, role), role
    v = game.view(a, WA)["board"]["fronts"]
    assert v["3"]["counters"][DE] == 1 and v["4"]["counters"][DE] == 1
    assert v["3"]["my_dummies"] == 0  # the Western Allies' own dummies only
    assert game.view(a, DE)["board"]["fronts"]["3"]["my_dummies"] == 1
    assert "my_dummies" not in game.view(a, None)["board"]["fronts"]["3"]


def test_5_3_only_the_count_and_the_backs_of_markers_show():
    """5.0-5.3 (rulebook L244, L252-254): another empire's markers show only as a
    count and how many have mandatory backs; their faces stay hidden."""
    a = opening()
    b = game.clone(a)
    hand(a, DE, "big-bertha")
    hand(b, DE, "falkenhayn")
    for role in OTHERS_OF_DE:
        assert views_of(a, role) == views_of(b, role), role
    assert game.view(a, WA)["board"]["hands"][DE] == {"count": 1, "mandatory": 0}
    assert game.view(a, DE)["board"]["hands"][DE] == ["big-bertha"]
    hand(b, DE, "axis-atrocity")
    assert game.view(b, WA)["board"]["hands"][DE] == {"count": 1, "mandatory": 1}


def test_the_spectator_sees_only_public_things():
    """A spectator sees counts, face-up and eliminated armies, cities and VP: no
    hand, no dummy, no face-down army, no private log line, and no cup contents."""
    s = opening()
    v = game.view(s, None)
    b = v["board"]
    assert all(isinstance(h, dict) and set(h) == {"count", "mandatory"} for h in b["hands"].values())
    assert all(set(f) == {"counters"} for f in b["fronts"].values())
    for a, st in b["armies"].items():
        assert st["where"] != "board" or st["up"], a
    assert b["cups"] == {"central": len(s["cups"]["central"]), "entente": len(s["cups"]["entente"])}
    text = json.dumps(v)
    for a, info in P.armies.items():
        if s["armies"][a]["where"] == "board":
            assert info.name not in text, a
    assert "rng" not in v and "stack" not in v


def test_3_5_deployment_is_logged_face_down():
    """3.5 (rulebook L196): armies are deployed face-down: the public log says a
    counter was deployed, never which one or whether it is a dummy; the owner's
    private lines go to the owner alone."""
    s = opening()
    public = [e[1] for e in s["log"] if len(e) == 2]
    assert any("deploys a counter face-down" in t for t in public)
    for t in public:
        assert "dummy" not in t.lower(), t
        for info in P.armies.values():
            assert info.name not in t, t
    for e in s["log"]:
        if len(e) == 3:
            assert len(e[2]) == 1 and e[2][0] in EMPIRES


def marker_battle(wa_hand):
    s = opening()
    clear(s, 1)
    put(s, "de-1", 1)
    put(s, "br-1", 1)
    for r in EMPIRES:
        hand(s, r)
    hand(s, DE, "big-bertha", "falkenhayn")
    hand(s, WA, *wa_hand)
    game.apply(s, DE, {"offensive": 1})
    game.apply(s, DE, {"lead": "de-1"})
    game.apply(s, WA, {"lead": "br-1"})
    return s


def test_4_4_a_committed_marker_stays_secret_until_both_have_committed():
    """4.4 (rulebook L221), RULINGS R24: markers are committed face-down at the
    same time: until the reveal, what Germany committed changes nothing in the
    Western Allies' view or a spectator's; it only shows that Germany committed."""
    base = marker_battle(["machine-guns"])
    assert at(base, "commit") and sorted(game.active(base)) == sorted([DE, WA])
    views = {}
    for choice in (None, "big-bertha", "falkenhayn"):
        s = game.clone(base)
        game.apply(s, DE, {"marker": choice})
        assert game.view(s, WA)["committed"] == [DE]
        views[choice] = (views_of(s, WA), views_of(s, RU), views_of(s, AH), views_of(s, None))
    assert views[None] == views["big-bertha"] == views["falkenhayn"]
    with pytest.raises(kriegsspiel.IllegalAction):
        game.apply(s, DE, {"marker": None})  # committed once, that is final


def test_4_4_whether_a_side_holds_a_fitting_marker_stays_secret():
    """5.0-5.3 (rulebook L244, L252): another empire's markers show only as a
    count and backs. Whether the Western Allies' single marker fits their British
    lead (British Rifles) or not (Soixante-Quinze, French) must not show in
    Germany's view before the reveal."""
    fits = marker_battle(["british-rifles"])
    does_not = marker_battle(["french-75"])
    assert views_of(fits, DE) == views_of(does_not, DE)


def test_views_never_show_hidden_things_in_a_whole_game():
    """2.4, 5.3: throughout a game between bots, no role's view lists another
    empire's face-down army on the map, and only the role's own hand is a list."""
    s = game.new(seed=21, players=4)
    bot = kriegsspiel.bot("first-world-war", "heuristic")
    rng = random.Random(21)
    steps = 0
    while not game.is_over(s) and steps < 400:
        for role in EMPIRES:
            b = game.view(s, role)["board"]
            for a, st in b["armies"].items():
                if st["where"] == "board" and not st["up"]:
                    assert role in (P.armies[a].empire, s["armies"][a]["ctl"]), (role, a)
            for r, h in b["hands"].items():
                assert isinstance(h, list) == (r == role)
        role = game.active(s)[0]
        game.apply(s, role, bot(game.view(s, role), game.actions(s, role), rng))
        steps += 1
    assert steps == 400


def test_7_1_german_armies_under_austro_hungarian_command_stay_anonymous():
    """7.1 (rulebook L311) hands the German armies on Fronts 5-6 and 9-11 to Austria-Hungary,
    but their counters are still German-backed and face-down (2.4, L118): the Entente and a
    spectator see the same whether Front 9's two German counters are an army and a dummy or
    two dummies; neither the log nor the counts tell them which; the two Central Empires read
    the army's name."""
    from kriegsspiel.games.first_world_war.sequence import austro_hungarian_command

    a = opening()
    clear(a, 1, 9)
    b = game.clone(a)
    put(a, "de-1", 9)  # an army on Front 9 and a dummy on Front 1 ...
    dummy(a, DE, 1)
    dummy(b, DE, 9)  # ... or the other way round
    put(b, "de-1", 1)
    austro_hungarian_command(a)
    austro_hungarian_command(b)
    assert a["armies"]["de-1"]["ctl"] == AH and b["armies"]["de-1"]["ctl"] == DE
    for role in (WA, RU, None):
        assert views_of(a, role) == views_of(b, role), role
        assert game.view(a, role)["board"]["fronts"]["9"]["counters"] == {DE: 1}
        assert not any("Austro-Hungarian command" in line["text"] for line in game.log(a, role))
    name = P.armies["de-1"].name
    for role in (DE, AH):
        assert any("Austro-Hungarian command" in line["text"] and name in line["text"] for line in game.log(a, role))


def test_10_0_the_treatys_garrison_is_named_only_to_its_own_empires():
    """10.0: the weakest armies stay on Fronts 7-9 as the treaty's garrison; face-down, they
    are named only to the Empires that see them (2.4)."""
    from kriegsspiel.games.first_world_war.endgame import lock

    s = opening()
    clear(s, 7)
    put(s, "de-1", 7)
    put(s, "de-2", 7)
    lock(s, ["de-1", "de-2"], 1)
    locked = [a for a in ("de-1", "de-2") if s["armies"][a].get("locked")]
    assert len(locked) == 1
    name = P.armies[locked[0]].name
    assert any(name in line["text"] for line in game.log(s, DE))
    for role in (AH, WA, RU, None):
        assert not any(name in line["text"] for line in game.log(s, role)), role


def test_r51_the_sampler_of_what_the_entente_does_not_know_mixes_the_command_too():
    """R51: to the Entente a German counter under Austro-Hungarian command is only a German
    counter, so its sampler (``scramble``) may put the army under it where the dummy was and
    the dummy where the army was, with the command of where the army lands (7.1); Germany's and
    Austria-Hungary's own knowledge of who commands what is kept when they are the ones not to know."""
    from kriegsspiel.games.first_world_war.sequence import austro_hungarian_command

    s = opening()
    clear(s, 1, 9)
    put(s, "de-1", 9)
    dummy(s, DE, 1)
    austro_hungarian_command(s)
    seen = set()
    for seed in range(40):
        t = game.scramble(s, WA, random.Random(seed))
        assert views_of(t, WA) == views_of(s, WA)
        st = t["armies"]["de-1"]
        if st["where"] == "board" and st["front"] in (1, 9):
            seen.add((st["front"], st["ctl"]))
        u = game.scramble(s, AH, random.Random(seed))
        assert u["armies"]["de-1"] == s["armies"]["de-1"]  # Austria-Hungary commands it: it knows
    assert (9, AH) in seen and (1, DE) in seen and (1, AH) not in seen and (9, DE) not in seen


def test_the_scramble_deals_hands_and_face_down_counters_without_leaning_on_the_real_ones():
    """What a search samples of what Russia may not know (the Western Allies' hand, 5.3; the
    face-down counters' fronts, 3.5) is the same from two games Russia cannot tell apart:
    the markers a sampled hand holds, or where a sampled army stands, do not follow the
    real ones (the old keep-or-swap of each marker and a short shuffle of the counters did:
    0.66 apart for the hand, 0.014 for the fronts, where these are 0.05 and 0.003)."""
    import random
    from collections import Counter

    import kriegsspiel

    g = kriegsspiel.load("first-world-war")
    best = None
    for seed in range(4, 40):  # a random game's Western Allies holding three markers or more, out of battle
        s = g.new(seed=seed, players=2)
        rng = random.Random(seed - 3)
        for _ in range(300):
            if g.is_over(s):
                break
            r = g.active(s)[0]
            s = g.apply(s, r, rng.choice(g.actions(s, r)))
            if s["battle"] is None and (best is None or len(s["hands"]["western-allies"]) > best[0]):
                best = (len(s["hands"]["western-allies"]), g.clone(s))
        if best[0] >= 3:
            break
    s = best[1]
    other = g.scramble(s, "russia", random.Random(5))
    assert g.view(other, "russia") == g.view(s, "russia") and len(s["hands"]["western-allies"]) >= 3
    down = [a for a, st in s["armies"].items() if st["where"] == "board" and not st["up"] and st["ctl"] != "russia"]

    def sampled(base, seed, n=1500):
        r = random.Random(seed)
        hands, true_front = Counter(), 0
        for _ in range(n):
            t = g.scramble(base, "russia", r)
            hands.update(t["hands"]["western-allies"])
            true_front += sum(t["armies"][a]["front"] == s["armies"][a]["front"] for a in down)
        return {k: v / n for k, v in hands.items()}, true_front / n / len(down)

    (h1, f1), (h2, f2) = sampled(s, 101), sampled(other, 102)
    assert 0.5 * sum(abs(h1.get(k, 0) - h2.get(k, 0)) for k in {*h1, *h2}) < 0.2, (h1, h2)
    assert len(down) > 20 and abs(f1 - f2) < 0.008, (f1, f2)


def test_3_5_which_counter_goes_down_where_is_secret_from_the_other_empires():
    """3.5 (L196) "all armies are deployed face-down"; 2.4 (L118-124) a counter's value is secret
    and dummies are there to deceive. Austria-Hungary places its counters in any order, and
    whichever it puts on Front 5, army or dummy, Russia sees the same: a counter went down there.
    Russia's view names none of the armies Austria-Hungary has still to place."""
    import kriegsspiel

    g = kriegsspiel.load("first-world-war")
    s = g.new(seed=4, players=4)
    assert g.active(s) == ["austria-hungary"]
    queue = list(s["stack"][-1]["queue"])
    assert len(queue) >= 2
    assert not any(a in g.view(s, "russia")["board"]["armies"] for a in queue)
    choices = [a for a in g.actions(s, "austria-hungary") if a != "done" and a["front"] == 5]
    placed = {a["place"] for a in choices}
    assert len(placed) >= 2  # any of several counters may go down first
    views = []
    for a in choices:
        t = g.apply(g.clone(s), "austria-hungary", a)
        views.append(g.view(t, "russia"))
    assert all(v == views[0] for v in views), "Russia's view tells which counter went to Front 5"


def _german_army_under_austria_hungary_on_front_10():
    """1916, Austria-Hungary to act: the German army de-4 under its command (7.1) faces a Serbian
    army on Front 10, the offensive open to it."""
    from fww_support import clear, position, put

    s = position(players=4, year=3, turn=1, role=AH)
    clear(s, 10)
    put(s, "de-4", 10, ctl=AH)
    put(s, "sb-1", 10)
    assert {"offensive": 10} in game.actions(s, AH)
    return game, s


def test_8_0_a_capitulated_empires_armies_make_no_offensive_under_its_partners_command():
    """8.0 (L327), result S: "The armies may no longer make offensives": a German army serving
    under Austro-Hungarian command (7.1) after Germany capitulated leads no offensive, and gives
    Austria-Hungary none to make on its front."""
    g, s = _german_army_under_austria_hungary_on_front_10()
    s["status"][DE]["capitulated"] = True
    assert {"offensive": 10} not in g.actions(s, AH)


def test_8_0_a_mutiny_or_revolution_bars_the_nationalitys_armies_under_a_partners_command():
    """8.0 L329, result 2: "No offensives may be undertaken by whichever nationality has the largest
    number of game armies" in the Theatre of the Mutiny; result 1 (L328): in a Revolution "the
    Empire may not conduct any offensives". A German army under Austro-Hungarian command (7.1)
    still led Austria-Hungary's offensive in the East during a German Mutiny there (R55)."""
    g, s = _german_army_under_austria_hungary_on_front_10()
    st = s["status"][DE]
    st.update(mutiny=s["year"], mutiny_nationality="german", mutiny_theatre="west")
    assert {"offensive": 10} in g.actions(s, AH)  # a Mutiny in the other Theatre
    st["mutiny_theatre"] = "east"
    assert {"offensive": 10} not in g.actions(s, AH)
    st["mutiny"] = None
    st["revolution"] = s["year"]
    assert {"offensive": 10} not in g.actions(s, AH)


def test_a_revolution_zeroes_the_combat_value_of_its_own_empires_armies_whoever_commands_them():
    """8.0 L328, result 1: "the Combat Value of all Armies is temporarily reduced to 0" (R55: it
    follows the army). A German army under Austro-Hungarian command fought at 0 in an
    Austro-Hungarian Revolution; it keeps its own, and it is 0 in a German one."""
    from kriegsspiel.games.first_world_war.board import cv

    g, s = _german_army_under_austria_hungary_on_front_10()
    printed = P.armies["de-4"].cv
    assert printed > 0 and cv(s, "de-4") == printed
    s["status"][AH]["revolution"] = s["year"]
    assert cv(s, "de-4") == printed
    ah_army = next(a for a, x in P.armies.items() if x.empire == AH and x.cv > 0)
    assert cv(s, ah_army) == 0
    s["status"][AH]["revolution"] = None
    s["status"][DE]["revolution"] = s["year"]
    assert cv(s, "de-4") == 0


def test_nothing_is_taken_back_once_a_lapsing_mandatory_marker_is_named():
    """5.3, RULINGS R23: a mandatory marker that lapses unplayed is named as it leaves its
    Empire's hand; the action that ended the Player Turn is not taken back after. The reveal
    check of the fuzzer (random play beside a copy with the secrets shuffled) found in this game
    Austria-Hungary undoing the end of its strategic transfer after Russia's Uncoded Wireless
    was named; it finds nothing now."""
    from kriegsspiel.lab import fuzz as fuzzer

    assert fuzzer.fuzz_one("first-world-war", 76066) == []


def test_6_5_the_markers_taken_openly_for_1919_stay_in_the_sampled_hands():
    """6.5: in 1919 the Western Allies take Tanks Attack and Poison Gas, Germany Stosstruppen, in
    everyone's sight. The search's sampler (``scramble``) dealt them away from the hand, as if
    they were secret, into the cup or another marker's place."""
    a = opening(players=4)
    a["year"] = 6  # 1919 (board.Y1919)
    hand(a, WA, "poison-gas", "tanks-attack")
    for seed in range(12):
        sampled = game.scramble(a, DE, random.Random(seed))["hands"][WA]
        assert {"poison-gas", "tanks-attack"} <= set(sampled), (seed, sampled)
