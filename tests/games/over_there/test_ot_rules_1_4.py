"""Over There: the definitions of Rules 1-4 as the later rules use them, each on a small hand-built
position.

- 3E2 (L132) and 5B (L203), cities and ownership: "The term cities includes all cities (point
  cities, partial hex cities, and full hex cities), plus all fortresses and resource centers", and
  "To gain ownership of a hex containing an enemy-owned city (Rule 3E2), a friendly unit with a ZOC
  must occupy the hex". A town (a point city) or a fortress is not taken by a ZOC from next door,
  only the major cities were.
- 3E5 (L144), adjacency: "the unit is adjacent if the hexside between the two hexes is not
  prohibited terrain". 6B4 (L231) tires a unit using accel movement that comes "adjacent (Rule
  3E5) to an enemy unit with a ZOC"; an enemy across an all-lake hexside is not adjacent.
"""

from __future__ import annotations

from ot_positions import G, movement_of, only

from kriegsspiel.games.over_there import combat, sequence
from kriegsspiel.games.over_there.world import MAP, NEIGHBOURS, UNITS, hex_name

CP = "central-powers"
EN = "entente"

INSTERBURG = "1206"  # a town (point city), German in July 1914, 2 VP to the Entente
LOETZEN = "1209"  # Feste Boyen: a fortress, no city size, 3 VP to the Entente


def test_3e2_5b_a_town_and_a_fortress_are_not_taken_by_a_zoc_alone():
    """A Russian division in 1205 exerts its ZOC into Insterburg (a town, 3E2's point city) and a
    Russian division in 1208 into Lötzen (a fortress): neither changes hands, while the plain
    hexes next to the divisions do. Occupying the town takes it."""
    assert MAP.towns_in(INSTERBURG)[0]["size"] == "town"
    assert MAP.towns_in(LOETZEN)[0].get("fortress")
    assert combat.adjacent("1205", INSTERBURG) and combat.adjacent("1208", LOETZEN)
    s = only(movement_of(EN), {"ru-25-id": "1205", "ru-27-id": "1208"})
    assert UNITS["ru-25-id"].reaches and UNITS["ru-27-id"].reaches  # divisions: ZOCs next door (5A)
    owner = s["owner"]
    assert owner["1205"] == owner["1208"] == EN  # occupied with a ZOC
    assert owner["1305"] == EN  # a plain hex in their uncontested ZOC
    assert owner[INSTERBURG] == CP, f"{hex_name(INSTERBURG)} taken by a ZOC alone"
    assert owner[LOETZEN] == CP, f"{hex_name(LOETZEN)} taken by a ZOC alone"
    before = sequence.victory(s)[EN]
    s = only(s, {"ru-25-id": INSTERBURG, "ru-27-id": "1208"})
    assert s["owner"][INSTERBURG] == EN  # occupation takes it
    assert sequence.victory(s)[EN] == before + 2


def test_3e5_6b4_an_enemy_across_an_all_lake_hexside_does_not_tire_an_accel_move():
    """de-1-id (printed movement 5) moves by accel from 0508 to 1108 for 6 MPs, over German-owned
    hexes; a Russian rifle brigade (a ZOC in its own hex only) stands in 1208, next to 1108 on the
    map but across an all-lake hexside, so not adjacent (3E5): no fatigue hit. Without the lake it
    would be 1 hit (1 MP over its rating)."""
    assert "1208" in NEIGHBOURS["1108"] and not combat.adjacent("1108", "1208")
    s = only(movement_of(CP), {"de-1-id": "0508", "ru-1-rifle-bde": "1208"})
    s["units"]["de-1-id"]["fat"] = 0
    s = G.apply(s, CP, {"unit": "de-1-id"})
    s = G.apply(s, CP, {"way": "accel"})
    move = {"to": "1108", "by": "accel"}
    assert move in G.actions(s, CP)
    s = G.apply(s, CP, move)
    v = s["units"]["de-1-id"]
    assert v["spent"] == 6
    assert v["fat"] == 0


def _log(s: dict, role: str) -> list[str]:
    """Every log line ``role`` may read (the view shows only the latest)."""
    return [e[1] for e in s["log"] if len(e) == 2 or role in e[2]]


def test_o1_6c_a_reserve_that_stays_is_not_named_to_the_attacker():
    """Ruling O1 asks the defender about reserves in every positional attack so that the attacker
    may not learn whether a stack of his stood in reach (6C). The Russian cavalry two hexes from
    the Germans, out of their sight (Sep II 14), fails its roll and stays: its owner reads the roll, the
    attacker reads nothing of it. A unit that comes is told to both, as it arrives in the hex."""
    from test_ot_combat import T, W, fresh, put

    from kriegsspiel.engine.testing import scripted_dice
    from kriegsspiel.games.over_there.world import visible

    s = fresh()
    s["turn"] = 2  # Sep II 14: the Russian radio no longer shows the Germans every counter
    s["works"][T] = {"side": EN, "level": 2}
    put(s, W, "de-1-id")
    put(s, T, "ru-25-id")
    put(s, "1602", "ru-1-cav")
    assert "1602" not in visible(s, CP)  # next to T, not to the German in 1402
    with scripted_dice(s, 2):  # 2 + 2 adjacent = 4: failure
        assert combat.commit_reserves(s, EN, "1602", T) == []
    assert any("Reserve commitment" in t and "stays" in t for t in _log(s, EN))
    assert not any("Reserve commitment" in t for t in _log(s, CP))
    with scripted_dice(s, 3):  # 5: success
        assert combat.commit_reserves(s, EN, "1602", T) == ["ru-1-cav"]
    assert any("Reserve commitment" in t and "committed" in t for t in _log(s, CP))


def test_o1_16a1cc_a_unit_of_an_any_entry_withdrawn_out_of_sight_is_not_named_to_the_enemy():
    """Oct I 14: the Entente withdraws "any 4 Russian rifle divisions" (16A1cc: "any unit of the
    indicated nationality, contingent, size, type, and strength"). The one it picks from a stack
    out of the Germans' sight leaves the map: the Germans see a counter go from that hex, as the
    stack's count tells them, but not which division it was (ruling O1). A unit the OB names
    (the Second Army HQ) is named to both."""
    from ot_positions import advance

    from kriegsspiel.games.over_there.world import visible

    def at_warsaw(s: dict) -> bool:
        f = s["stack"][-1] if s["stack"] else {}
        return f.get("state") == "withdraw" and f.get("withdrawal") == "wd-second-army-warsaw"

    s = advance(G.new(seed=3), at_warsaw, steps=400)
    uid = "ru-3-gd-id"
    h = s["units"][uid]["hex"]
    assert {"withdraw": uid} in G.actions(s, EN) and h not in visible(s, CP)
    name = UNITS[uid].short
    before_cp, before_en = len(_log(s, CP)), len(_log(s, EN))
    s = G.apply(s, EN, {"withdraw": uid})
    assert s["units"][uid]["at"] == "withdrawn"
    assert any(name in t for t in _log(s, EN)[before_en:])
    seen = _log(s, CP)[before_cp:]
    assert seen and not any(name in t for t in seen)
    before_cp = len(_log(s, CP))
    s = G.apply(s, EN, {"withdraw": "ru-2-army-hq"})
    assert any(UNITS["ru-2-army-hq"].short in t for t in _log(s, CP)[before_cp:])


def test_3e5_9j_an_enemy_across_an_all_lake_hexside_does_not_keep_a_hex_contested():
    """9J (L537, L549) and ruling R16: a contest goes on while a unit of each side with a ZOC stands
    in the hex or in a hex adjacent to it. The Germans hold contested 1108; the only Russian
    division near stands in 1208, next to it on the map but across an all-lake hexside, so not
    adjacent (3E5): the contest ends and 1108 is the Germans'. The same division in 1207, adjacent
    by land, keeps it contested."""
    from test_ot_combat import fresh, put

    assert not combat.adjacent("1108", "1208") and combat.adjacent("1108", "1207")
    for russians, contested in (("1208", []), ("1207", ["1108"])):
        s = fresh()
        put(s, "1108", "de-1-id")
        put(s, russians, "ru-25-id")
        s["contested"] = ["1108"]
        s["contest_owner"] = {"1108": CP}
        s["owner"]["1108"] = None
        combat.contests(s)
        assert s["contested"] == contested, russians
        assert s["owner"]["1108"] == (CP if not contested else None)


def test_3e5_16b4b_a_friendly_hex_across_an_all_lake_hexside_is_not_adjacent():
    """16B4b (L1224-1230): special replacements for units eliminated while isolated go to the pool
    if the combat hex or "at least one adjacent (Rule 3E5) hex" is friendly-owned; otherwise the
    Man Pts are lost and the Equ Pts captured. Russians lost isolated in German 1208, every hex
    adjacent to it German: Entente-owned 1108, across an all-lake hexside, is not adjacent, so the
    Entente gets nothing and the Germans take the Equ Pt."""
    from test_ot_combat import fresh

    s = fresh()
    assert s["owner"]["1208"] == CP and all(s["owner"][b] == CP for b in ("1207", "1308", "1309", "1209"))
    s["owner"]["1108"] = EN
    s["losses"] = {"entente|1208": {"man": {"Russian": 10}, "equ": 4}}
    pool = {side: dict(p) for side, p in s["pool"].items()}
    sequence.pay_isolated_losses(s)
    assert s["pool"][EN] == pool[EN]
    assert s["pool"][CP]["equ"] == pool[CP]["equ"] + 1
    s["owner"]["1207"] = EN  # adjacent by land: the Entente receives them
    s["losses"] = {"entente|1208": {"man": {"Russian": 10}, "equ": 4}}
    sequence.pay_isolated_losses(s)
    assert (s["pool"][EN]["man"], s["pool"][EN]["equ"]) == (pool[EN]["man"] + 2, pool[EN]["equ"] + 1)


def test_3e5_15b1_a_fortress_across_an_all_lake_hexside_does_not_cover_fieldworks():
    """15B1 (L1074): fieldworks are a detached fortification "if no adjacent hex contains friendly
    fortifications", adjacent "per Rule 3E5" as the same paragraph says. German fieldworks in 1110
    lie next to the fortress of Lötzen (1209) on the map, but across an all-lake hexside: they are
    detached. In 1109, adjacent to Lötzen by land, they are not."""
    from test_ot_combat import fresh

    s = fresh()
    assert s["owner"][LOETZEN] == CP and not combat.adjacent("1110", LOETZEN) and combat.adjacent("1109", LOETZEN)
    for h, detached in (("1110", True), ("1109", False)):
        s["works"] = {h: {"side": CP, "level": 1}}
        assert combat._detached(s, h, CP) is detached, h


def test_16a1_reinforcements_go_to_the_obs_alternative_when_the_entry_is_full():
    """16A (L1157): reinforcements are placed where the OB says; the scenario gives each entry its
    alternatives (SCENARIO.md). Grodno holds six Russian divisions when the Tenth Army arrives in
    Sep I 14: what does not fit (8A) goes to Białystok, the first alternative, not to some hex next
    to Grodno, and the owner's log says where each unit went (ruling O41)."""
    from kriegsspiel.games.over_there.scenario import Location
    from kriegsspiel.games.over_there.world import start_hex

    grodno, bialystok = start_hex(Location(place="Grodno")), start_hex(Location(place="Białystok"))
    six = ["ru-25-id", "ru-27-id", "ru-30-id", "ru-40-id", "ru-28-id", "ru-29-id"]
    s = only(movement_of(EN), dict.fromkeys(six, grodno))
    s["turn"] = 1
    sequence.reinforcements(s, EN, "sep-i-14")
    tenth = ("ru-10-army-hq", "ru-1-fin-bde", "ru-4-fin-bde", "ru-7-sib-rd", "ru-8-sib-rd")
    where = {u: s["units"][u]["hex"] for u in tenth}
    assert where["ru-10-army-hq"] == where["ru-1-fin-bde"] == grodno  # an HQ takes no room (8A)
    assert where["ru-4-fin-bde"] == where["ru-7-sib-rd"] == where["ru-8-sib-rd"] == bialystok
    lines = _log(s, EN)
    assert any(t.startswith(f"Reinforcements arrive at {hex_name(bialystok)}") and "7 SIB RD" in t for t in lines)
    assert not any(t.startswith(f"Reinforcements arrive at {hex_name(grodno)}") and "7 SIB RD" in t for t in lines)
