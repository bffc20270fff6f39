"""Imperial Borders: battles (rulebook L565-757), with Ships (L694-717), the Call to
Arms and Balance of Power optional rules (L1014-1020), the Reference Chart
(L1022-1034) and the Example of Battle (L926-971).

The Active Nation's turn (``march.py``) starts a battle with
``call(s, "battle", region=...)``. The battle runs the three Chapters of L577-581:

* Chapter 1, Pre-Battle (L583-627): the Active Nation sets its terms (who may
  abstain, who may join it, whether sides are chosen in secret) or calls the
  battle off; every other nation present chooses a side; nations allowed to
  abstain, and the Active Nation itself, choose which of their Forces take part;
  Commanders are assigned; Forces go to the Land, Open Sea or Port battleboard.
* Chapter 2, Wage Battle (L629-719): up to three Battle Rounds (the Opening
  Salvo, then Assaults), each with cavalry positions, Battle Stances, dice,
  blocks, hits by the Hit Hierarchy, damage, and the Active Commander's choice
  to go on.
* Chapter 3, Post-Battle (L721-757): victory, mutual defeat or a contest; Enemy
  Casualties; captured Out-of-Action Ships and their Cargo; Morale Tokens;
  Field Hospital Tents; Red Arrow Tags; Claim Control; Elite Pennants.

While a battle is fought its public record is ``s["battle"]`` (below); when it is
over ``s["last_battle"]`` says how it ended. RULINGS_BATTLE.md (B1, B2, ...)
settles what the text leaves open.

``s["battle"]``:
  ``region``, ``kind`` ("land" | "sea" | "port"), ``active``, ``interior`` (a Port
  battle's Interior, when its Land Units may join), ``open_interior`` (nations
  whose Interior Land Units may join), ``choosers`` (the nations that choose a
  side), ``terms`` ({"abstain": [...], "join": [...], "secret": bool}),
  ``choices`` (nation -> "with" | "against" | "abstain"), ``units`` (force id ->
  {"side": "a" | "d", "zone"}: the participating Mobile Forces; "a" is the Active
  Nation's side, "d" the defenders), ``held`` (Forces held back from the battle),
  ``fort`` ({"side", "nation"} when the Fortification takes part), ``fort_held``,
  ``sides`` (side -> nations taking part), ``commanders``, ``lines`` (side ->
  Ship lineup), ``round``, ``stance``, ``rolls``, ``pool`` (side -> Hits still
  to assign), ``bars`` (side -> blocking Bars left), ``follow`` (side -> the
  Battle Zone the second Hit of a Double Blast must go to), ``pending`` (side ->
  target -> Hits it assigned this round), ``spoils`` (side -> Enemy Casualties
  collected: {"what", "points", "from", "gold"}), ``given`` (side -> how many are
  handed over), ``lost`` ([nation, region] for every participating Mobile Force
  gone), ``raised`` (Call to Arms Full Infantry), ``captured_ships``, ``controller``
  (the region's controller when the battle began), ``skipped`` (Chapter 2 skipped),
  ``ended`` (ended by the Active Commander), ``called_off``, ``outcome``, ``win``
  (the winning side), ``victor`` (its Commander), ``captured`` (the region changed
  hands).
"""

from __future__ import annotations

from ...engine import STAY, Procedure, State, ask, ask_all, log, rng
from ...engine.words import counted
from .board import (
    LAND_UNITS,
    RED,
    WHITE,
    add_force,
    capture,
    cargo_of,
    describe,
    fort_hp,
    in_play,
    kind,
    name,
    opposing,
    out_of_action,
    region_name,
    remove_force,
    same_team,
    tag,
)
from .data import pack
from .march import end_movement
from .orders import representatives

A, D = "a", "d"  # the Active Nation's side and the defending side (L593-597)
DOMINUS_EXERCITUS = "dominus-exercitus"
DOMINUS_MARIS = "dominus-maris"
ADJECTIVE = {
    "france": "French",
    "austria": "Austrian",
    "prussia": "Prussian",
    "great-britain": "British",
    "russia": "Russian",
    "spain": "Spanish",
}
FACE = {
    "blast": "Blast",
    "double-blast": "Double Blast",
    "bar": "Bar",
    "blank": "Blank",
    "blue-blast": "Blue Blast",
    "red-blast": "Red Blast",
}
HIT_KINDS = ("double", "black", "blue", "red", "bar")  # the kinds of Hit a roll leaves (L664-668, L683-685)
HIT_NAME = {
    "double": "Double Blast",
    "black": "Black Cannon Hit",
    "blue": "Blue Hit",
    "red": "Red Hit",
    "bar": "White Bar",
    "second": "second Hit of the Double Blast",
}
ZONE_NAME = {"front": "Front Zone", "rear": "Rear Zone", "land": "Land Zone", "sea": "Sea Zone"}


def other(side: str) -> str:
    return D if side == A else A


def _num(fid: str) -> int:
    return int(fid.rsplit("-", 1)[-1])


# ----- Forces, Ships and Fortifications ---------------------------------------------------------


def is_ship(s: dict, fid: str) -> bool:
    return pack().units[s["forces"][fid]["type"]].kind == "ship"


def ship_ooa(s: dict, fid: str) -> bool:
    """L707-717 A Frigate is Out-of-Action after 1 Hit, a Ship of the Line after 2
    (the pack's ``hits_to_out_of_action``; RULINGS B1)."""
    return out_of_action(s, fid)


def fort_tier(region: str) -> str | None:
    p = pack()
    if region in p.territories:
        return p.territories[region].tier
    if region in p.ports:
        return p.ports[region].tier
    return None


def fort_dice(s: dict, region: str) -> int:
    """L653, L698-701 A Fortification rolls its tier's Black Dice less 1 per Damage Token."""
    if region not in s["control"]:
        return 0
    tier = fort_tier(region)
    return max(0, pack().forts[tier].dice - s["damage"].get(region, 0))


def fort_words(s: dict, region: str) -> str:
    owner = s["control"].get(region)
    tier = (fort_tier(region) or "minor").capitalize()
    what = "Port" if kind(region) == "port" else "Fort"
    return f"the {ADJECTIVE.get(owner, '')} {tier} {what}".replace("  ", " ")


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def battle_kind(region: str) -> str:
    """L601-627 The battleboard: Land for Territories and Mountain Ranges, Open Sea, Port."""
    k = kind(region)
    if k in ("territory", "mountain"):
        return "land"
    return "port" if k == "port" else "sea"


def interior_of(s: dict, region: str) -> str | None:
    """L619-623, L483 A Port's Interior, if its Land Units may take part in a battle
    there: not for an Independent Port (L627) nor Malta, which has no Interior, nor a
    Port cut off from its Interior by a Neutral Nation (Gibraltar, L253)."""
    p = pack()
    if region not in p.ports or region not in s["control"]:
        return None
    if any(region in p.isolated.get(n, ()) for n in s["neutral"]):
        return None
    return p.ports[region].territory


def interior_units(s: dict, territory: str, nation: str) -> list[str]:
    """L483, L622 Land Units of ``nation`` in the Interior that may join a Port battle:
    unopposed, i.e. with no Forces or Fortification (1+ HP) of another team there
    (RULINGS B2)."""
    if opposing(s, territory, nation):
        return []
    units = pack().units
    return [
        fid
        for fid, f in s["forces"].items()
        if f["at"] == territory and f["nation"] == nation and f["cargo_of"] is None and units[f["type"]].kind == "land"
    ]


def restricted(s: dict, fid: str) -> bool:
    """L541-548, L567 Red or White Arrow Tags keep a Force off the Active Nation's side."""
    tags = s["forces"][fid]["tags"]
    return RED in tags or WHITE in tags


def fort_restricted(s: dict, region: str) -> bool:
    """L738 "Place Red Arrow Tags pointing to surviving Forces of the Active Nation's side
    ONLY (excluding any Cargo). Such Forces can't battle again on the side of ANY Active
    Nation": Fortifications are Forces (L117), so a Fortification that fought on the
    Active side is Red-tagged (``s["red_forts"]``) and can neither initiate (L567) nor
    join the Active side (L590) again this Game Round; it still defends (L591).
    RULINGS B25."""
    return region in s.get("red_forts", ())


# ----- where a battle may be initiated --------------------------------------------------------


def battle_sites(s: dict, nation: str) -> list[str]:
    """L565-575 Regions where ``nation``, as Active Nation, may initiate a battle now:
    one of its Forces there is not tagged Red or White, not Cargo, not an
    Out-of-Action Ship (or its Fortification there has at least 1 HP; or, for a
    Port, its eligible Land Units stand in the unopposed Interior, L567); and some
    Forces or a Fortification of a nation outside its team are there (L537)."""
    units = pack().units
    teams = s["teams"]
    team = teams[nation]
    mine: set = set()
    others: set = set()
    land_at: set = set()
    for fid, f in s["forces"].items():
        if f["cargo_of"] is not None:
            continue
        if f["nation"] == nation:
            if not restricted(s, fid) and not ship_ooa(s, fid):
                mine.add(f["at"])
                if units[f["type"]].kind == "land":
                    land_at.add(f["at"])
        elif teams[f["nation"]] != team:  # not a team-mate (L245)
            others.add(f["at"])
    for region, owner in s["control"].items():
        if owner == nation:
            if fort_hp(s, region) > 0 and not fort_restricted(s, region):  # L567, L738 (RULINGS B25)
                mine.add(region)
        elif teams[owner] != team:
            others.add(region)
    p = pack()
    for territory in land_at:
        if territory not in p.territories:
            continue
        for port in p.territories[territory].ports:
            if port in others and port not in mine and interior_of(s, port) and not opposing(s, territory, nation):
                if any(not restricted(s, fid) for fid in interior_units(s, territory, nation)):
                    mine.add(port)
    return sorted(mine & others)


# ----- the dice each side gathers -------------------------------------------------------------


def side_nations(b: dict, s: dict, side: str) -> list[str]:
    """The nations taking part on a side, in the rulebook's order of nations."""
    who = {s["forces"][fid]["nation"] for fid, u in b["units"].items() if u["side"] == side}
    if b["fort"] and b["fort"]["side"] == side:
        who.add(b["fort"]["nation"])
    who.update(b["sides"].get(side, []))
    return [n for n in s["nations"] if n in who]


def gather(s: dict, b: dict, side: str, assault: bool) -> tuple[int, int, list[str]]:
    """L645-662 Black and White Dice of a side: every participating Force by the
    Reference Chart (L1026), Damaged Forts, Ports and Ships 1 fewer per Damage
    Token, Combined Arms Triads (+1 Black, +2 White; Land battles only), Elite
    Pennants (+1 White for Infantry and Cavalry, +1 Black for Cannons and Ships),
    doubled by the Dominus Exercitus / Dominus Maris Medal when its recipient is on
    the side (L660-662, RULINGS B8). The Opening Salvo rolls no White Dice (L633)."""
    p = pack()
    units = p.units
    black = white = 0
    parts = []
    if b["fort"] and b["fort"]["side"] == side:
        n = fort_dice(s, b["region"])
        if n:
            black += n
            parts.append(f"{fort_words(s, b['region'])} {n} Black")
    nations = side_nations(b, s, side)
    land_mult = 2 if s["medals"].get(DOMINUS_EXERCITUS) in nations else 1
    sea_mult = 2 if s["medals"].get(DOMINUS_MARIS) in nations else 1
    counts = {"cavalry": 0, "full-infantry": 0, "cannon": 0}
    elite_black = elite_white = unit_black = unit_white = 0
    for fid, u in b["units"].items():
        if u["side"] != side:
            continue
        f = s["forces"][fid]
        ut = units[f["type"]]
        if ut.kind == "ship":
            if ship_ooa(s, fid):
                continue
            unit_black += max(0, ut.black - f["damage"])
            if f["elite"]:
                elite_black += sea_mult
            continue
        if f["type"] in counts:
            counts[f["type"]] += 1
        unit_black += ut.black
        if b["kind"] == "port":
            unit_white += ut.white_port  # L622 Cavalry only 1 White Die in a Port battle
        elif f["type"] == "cavalry" and u["zone"] == "rear":
            unit_white += ut.white_rear or 0  # L1026 Cavalry: 2 White in the Front, 1 in the Rear
        else:
            unit_white += ut.white
        if f["elite"]:
            if ut.elite_die == "black":
                elite_black += land_mult
            else:
                elite_white += land_mult
    black += unit_black
    if unit_black:
        parts.append(f"Forces {unit_black} Black")
    if assault:
        white += unit_white
        if unit_white:
            parts.append(f"Forces {unit_white} White")
    triads = min(counts.values()) if b["kind"] == "land" else 0  # L655 not in Port battles
    if triads:
        black += triads
        parts.append(f"Combined Arms {triads} Black" + (f" and {2 * triads} White" if assault else ""))
        if assault:
            white += 2 * triads
    if elite_black:
        black += elite_black
        parts.append(f"Elite {elite_black} Black")
    if elite_white and assault:
        white += elite_white
        parts.append(f"Elite {elite_white} White")
    return black, white, parts


def expected_hits(s: dict, b: dict, side: str, assault: bool = True, aggressive: bool = True) -> float:
    """The Hits a side may expect from one roll, by the faces of the dice (for bots)."""
    black, white, _ = gather(s, b, side, assault)
    dice = pack().dice
    per_black = sum({"blast": 1, "double-blast": 2, "bar": 1 if aggressive else 0}.get(x, 0) for x in dice["black"])
    per_white = sum({"blue-blast": 1, "red-blast": 1, "bar": 1 if aggressive else 0}.get(x, 0) for x in dice["white"])
    return black * per_black / len(dice["black"]) + white * per_white / len(dice["white"])


def roll_dice(s: dict, colour: str, n: int) -> list[str]:
    """L664-668 Roll ``n`` dice of a colour through the game's generator."""
    faces = pack().dice[colour]
    return [faces[rng.below(s, len(faces))] for _ in range(n)]


def can_fight(s: dict, b: dict, side: str) -> bool:
    """L719, L723-725 A side can fight on while it has a Force that can contribute Dice:
    a Land Unit, a Ship not Out-of-Action, a Fortification with 1 HP or more (RULINGS B23)."""
    if b["fort"] and b["fort"]["side"] == side and fort_hp(s, b["region"]) > 0:
        return True
    for fid, u in b["units"].items():
        if u["side"] == side and not ship_ooa(s, fid):
            return True
    return False


# ----- the Hit Hierarchy ------------------------------------------------------------------------


def remaining(s: dict, b: dict, side: str, target: str, assume: dict | None = None) -> int:
    """Hit Points a target of ``side``'s Hits has left, counting the Hits already
    assigned to it this round (L677: no more Hits than its remaining Hit Points) and
    any ``assume``d more (for a bot weighing a Double Blast)."""
    pend = b["pending"][side].get(target, 0) + (assume or {}).get(target, 0)
    if target == "fort":
        return fort_hp(s, b["region"]) - pend
    f = s["forces"][target]
    return pack().units[f["type"]].hp - f["damage"] - pend


def hit_zones(b: dict, kind_: str) -> list[str]:
    """L683-690 The enemy Battle Zones a Hit may reach: Black any zone (Ships
    included); Blue only the Front and Red only the Rear; White never Ships. In a
    Port battle's single Land Zone either colour may strike (RULINGS B5)."""
    white = kind_ in ("blue", "red")
    if b["kind"] == "land":
        if kind_ == "blue":
            return ["front"]
        if kind_ == "red":
            return ["rear"]
        return ["front", "rear"]
    if b["kind"] == "port":
        return ["land"] if white else ["land", "sea"]
    return [] if white else ["sea"]


def targets(s: dict, b: dict, side: str, kind_: str, zone: str | None = None, assume: dict | None = None) -> list[str]:
    """L670-692 The enemy Forces the Hit Hierarchy allows for ``side``'s next Hit of
    a kind: the enemy Fortification first while it has HP (it spans every zone,
    L681); then in each zone a Force already hit this round must be finished off
    (L675); then Half Infantry, Full Infantry, Cavalry, Cannon, Elite last within a
    type (L688); Ships in lineup order, whatever their earlier damage (L690, RULINGS B7).
    Among equal Land Units of several allied nations the roller chooses (L689): one
    candidate per nation."""
    enemy = other(side)
    if b["fort"] and b["fort"]["side"] == enemy and remaining(s, b, side, "fort", assume) > 0:
        return ["fort"]
    units = pack().units
    out = []
    for z in hit_zones(b, kind_):
        if zone is not None and z != zone:
            continue
        if z == "sea":
            for fid in b["lines"][enemy]:
                if remaining(s, b, side, fid, assume) > 0:
                    out.append(fid)
                    break
            continue
        cands = [
            fid
            for fid, u in b["units"].items()
            if u["side"] == enemy and u["zone"] == z and remaining(s, b, side, fid, assume) > 0
        ]
        if not cands:
            continue
        hit = [fid for fid in cands if b["pending"][side].get(fid) or (assume or {}).get(fid)]
        if hit:
            out += hit
            continue

        def rank(fid):
            f = s["forces"][fid]
            return (LAND_UNITS.index(f["type"]) if units[f["type"]].kind == "land" else 9, f["elite"])

        best = min(rank(fid) for fid in cands)
        seen = set()
        for fid in sorted(cands, key=lambda x: (s["nations"].index(s["forces"][x]["nation"]), _num(x))):
            nation = s["forces"][fid]["nation"]
            if rank(fid) == best and nation not in seen:
                seen.add(nation)
                out.append(fid)
    return out


def zone_of(b: dict, target: str) -> str | None:
    return None if target == "fort" else b["units"][target]["zone"]


def hit_actions(s: dict, b: dict, side: str) -> list:
    """L683-686 The Hits a Commander may assign next, each to a Force the hierarchy allows."""
    follow = b["follow"][side]
    if follow is not None:
        zone = None if follow == "any" else follow
        return [{"hit": "second", "target": t} for t in targets(s, b, side, "black", zone)]
    pool = b["pool"][side]
    acts = []
    for k in ("double", "black", "blue", "red"):
        if pool[k]:
            acts += [{"hit": k, "target": t} for t in targets(s, b, side, k)]
    if pool["bar"]:  # L685 an Aggressive Bar on a White Die: the roller's choice of Blue or Red
        seen = set()
        for colour in ("blue", "red"):
            for t in targets(s, b, side, colour):
                if t not in seen:
                    seen.add(t)
                    acts.append({"hit": "bar", "as": colour, "target": t})
    return acts


def target_words(s: dict, b: dict, target: str) -> str:
    if target == "fort":
        return fort_words(s, b["region"])
    return f"the {describe(s, target)}"


def drop_lost_hits(s: dict, b: dict, side: str) -> None:
    """L686, L962 Hits with no valid target are Misses."""
    cmd = b["commanders"][side]
    if b["follow"][side] is not None and not hit_actions(s, b, side):
        b["follow"][side] = None
        log(s, f"The second Hit of {name(cmd)}'s Double Blast has no target in that Battle Zone and is lost.", "L668")
    pool = b["pool"][side]
    for k in HIT_KINDS:
        if not pool[k]:
            continue
        if k == "bar":
            found = targets(s, b, side, "blue") or targets(s, b, side, "red")
        else:
            found = targets(s, b, side, k)
        if not found:
            n = pool[k]
            pool[k] = 0
            if n > 1:
                log(s, f"{name(cmd)}'s {n} {HIT_NAME[k]}s have no valid target and are lost.", "L686")
            else:
                log(s, f"{name(cmd)}'s {HIT_NAME[k]} has no valid target and is lost.", "L686")


def assign_hit(s: dict, b: dict, side: str, action: dict) -> None:
    """L683-686 Place one Hit next to its target."""
    k, t = action["hit"], action["target"]
    pend = b["pending"][side]
    pend[t] = pend.get(t, 0) + 1
    if k == "second":
        b["follow"][side] = None
    else:
        b["pool"][side][k] -= 1
        if k == "double":
            b["follow"][side] = "any" if t == "fort" else zone_of(b, t)  # L668, RULINGS B4
    what = HIT_NAME[k] if k != "bar" else f"White Bar (as a {action['as'].capitalize()} Hit)"
    cmd = b["commanders"][side]
    log(s, f"{name(cmd)} assigns the {what} to {target_words(s, b, t)}.", "L681")


def settle_hits(s: dict, b: dict, side: str) -> bool:
    """Assign what is forced (a single legal choice) and drop lost Hits; True while
    the Commander still has a choice to make (RULINGS B18)."""
    while True:
        drop_lost_hits(s, b, side)
        acts = hit_actions(s, b, side)
        if not acts:
            return False
        if len(acts) > 1:
            return True
        assign_hit(s, b, side, acts[0])


def block_actions(s: dict, b: dict, side: str) -> list:
    """L670-672 A Defensive Commander pairs each Bar with an enemy Hit of its choice."""
    if not b["bars"][side]:
        return []
    enemy = b["pool"][other(side)]
    return [{"block": k} for k in HIT_KINDS if enemy[k]]


def enemy_hits(b: dict, side: str) -> int:
    pool = b["pool"][other(side)]
    return 2 * pool["double"] + pool["black"] + pool["blue"] + pool["red"] + pool["bar"]


def block(s: dict, b: dict, side: str, k: str) -> None:
    """L672 A Double Blast needs 1 Block for each Blast: one Block leaves a single Hit."""
    enemy = b["pool"][other(side)]
    enemy[k] -= 1
    if k == "double":
        enemy["black"] += 1
    b["bars"][side] -= 1
    what = "one Blast of a Double Blast" if k == "double" else f"a {HIT_NAME[k]}"
    log(s, f"{name(b['commanders'][side])} blocks {what} with a Bar.", "L672")


def settle_blocks(s: dict, b: dict, side: str) -> bool:
    """L672 Bars must block while there are enemy Hits (a Commander may not hold them
    back); what is forced is done at once (RULINGS B18). True while a choice remains."""
    while b["bars"][side] and enemy_hits(b, side):
        acts = block_actions(s, b, side)
        if len(acts) > 1 and enemy_hits(b, side) > b["bars"][side]:
            return True
        block(s, b, side, acts[0]["block"])
    return False


# ----- damage --------------------------------------------------------------------------------


def spoil(b: dict, side: str, what: str, points: int, source: str, gold: int = 0) -> None:
    """An Enemy Casualty collected by ``side`` (L727-734, L747)."""
    b["spoils"][side].append({"what": what, "points": points, "from": source, "gold": gold})


def lose(s: dict, b: dict, fid: str) -> None:
    """A participating Mobile Force leaves the board for good (defeated, sunk, captured)."""
    f = s["forces"][fid]
    if fid not in b["raised"]:  # RULINGS B12: a Call to Arms Full Infantry was never plotted
        b["lost"].append([f["nation"], f["at"]])
    b["units"].pop(fid, None)
    for side in (A, D):
        if fid in b["lines"][side]:
            b["lines"][side].remove(fid)


def apply_damage(s: dict, b: dict) -> None:
    """L692-717 Step F: the Hits of both sides take effect together."""
    p = pack()
    units = p.units
    casualty = p.casualty
    for side in (A, D):
        cmd = name(b["commanders"][side])
        for t, h in sorted(b["pending"][side].items(), key=lambda kv: (kv[0] != "fort", kv[0])):
            if t == "fort":
                region = b["region"]
                s["damage"][region] = s["damage"].get(region, 0) + h  # L698-703
                hp = fort_hp(s, region)
                log(
                    s,
                    f"{cap(fort_words(s, region))} takes {h} Damage Token{'s' if h > 1 else ''}: "
                    f"{hp} HP left{' - defeated' if hp == 0 else ''}.",
                    "L698",
                )
                continue
            f = s["forces"][t]
            ut = units[f["type"]]
            words = describe(s, t)
            if ut.kind == "ship":
                was_ooa = ship_ooa(s, t)
                f["damage"] += h
                if f["damage"] >= ut.hp:  # L707-708 sunk, with its Cargo
                    spoil(b, side, f["type"], ut.casualty, f["nation"])
                    if f["elite"]:
                        spoil(b, side, "pennant", casualty["pennant"], f["nation"])
                    for c in cargo_of(s, t):
                        cu = units[s["forces"][c]["type"]]
                        spoil(b, side, "cargo " + s["forces"][c]["type"], cu.casualty, s["forces"][c]["nation"])
                    lost_cargo = len(cargo_of(s, t))
                    lose(s, b, t)
                    remove_force(s, t)
                    more = f" with its Cargo ({lost_cargo})" if lost_cargo else ""
                    log(s, f"The {words} sinks{more}: an Enemy Casualty for {cmd}'s side.", "L707")
                elif not was_ooa and ship_ooa(s, t):
                    text = f"The {words} is Out-of-Action"
                    if f["elite"]:  # L712 its Elite Pennant goes to the enemy Commander
                        f["elite"] = False
                        spoil(b, side, "pennant", casualty["pennant"], f["nation"])
                        text += f"; its Elite Pennant goes to {cmd}"
                    log(s, text + ".", "L711")
                else:
                    log(s, f"The {words} takes {h} Damage Token{'s' if h > 1 else ''}.", "L706")
                continue
            if h >= ut.hp:  # L677 defeated
                if f["type"] == "full-infantry":  # L729 a Full Infantry may be split among allies
                    spoil(b, side, "half-infantry", units["half-infantry"].casualty, f["nation"])
                    spoil(b, side, "half-infantry", units["half-infantry"].casualty, f["nation"])
                else:
                    spoil(b, side, f["type"], ut.casualty, f["nation"])
                if f["elite"]:
                    spoil(b, side, "pennant", casualty["pennant"], f["nation"])  # RULINGS B10
                lose(s, b, t)
                remove_force(s, t)
                log(s, f"The {words} is defeated.", "L677")
            else:  # L694 a Full Infantry hit once: one Half Infantry standing, one defeated
                f["type"] = "half-infantry"
                spoil(b, side, "half-infantry", units["half-infantry"].casualty, f["nation"])
                log(
                    s,
                    f"The {words} takes 1 Hit: it is replaced by two Half Infantry, one standing"
                    f"{' (keeping its Elite Pennant)' if f['elite'] else ''} and one defeated.",
                    "L694",
                )
        b["pending"][side] = {}


# ----- the battle ------------------------------------------------------------------------------


def new_record(s: dict, region: str) -> dict:
    k = battle_kind(region)
    return {
        "region": region,
        "kind": k,
        "active": s["active"],
        "interior": None,
        "open_interior": [],
        "choosers": [],
        "terms": {"abstain": [], "join": [], "secret": False},
        "choices": {},
        "units": {},
        "held": {},
        "fort": None,
        "fort_held": False,
        "sides": {A: [], D: []},
        "commanders": {A: s["active"], D: None},
        "lines": {A: [], D: []},
        "round": 0,
        "stance": {A: None, D: None},
        "rolls": {A: None, D: None},
        "pool": {A: _empty_pool(), D: _empty_pool()},
        "bars": {A: 0, D: 0},
        "follow": {A: None, D: None},
        "pending": {A: {}, D: {}},
        "spoils": {A: [], D: []},
        "lost": [],
        "raised": [],
        "captured_ships": [],
        "captured": False,
        "controller": s["control"].get(region),
        "win": None,
        "given": {A: 0, D: 0},
        "skipped": False,
        "ended": False,
        "called_off": False,
        "outcome": None,
        "victor": None,
    }


def _empty_pool() -> dict:
    return {k: 0 for k in HIT_KINDS}


def present_forces(s: dict, b: dict, nation: str) -> list[str]:
    """A nation's Forces that may take part: its Mobile Forces in the region (not
    Cargo, L609) and, in a Port battle, its Land Units in the unopposed Interior (L622)."""
    out = []
    region, interior = b["region"], b["interior"] if nation in b["open_interior"] else None
    units = pack().units
    for fid, f in s["forces"].items():
        if f["nation"] != nation or f["cargo_of"] is not None:
            continue
        if f["at"] == region or (f["at"] == interior and units[f["type"]].kind == "land"):
            out.append(fid)
    return sorted(out, key=_num)


def joinable(s: dict, b: dict, nation: str) -> list[str]:
    """L591 Forces that may side with the Active Nation: not tagged Red or White."""
    return [fid for fid in present_forces(s, b, nation) if not restricted(s, fid)]


def in_region(s: dict, b: dict, nation: str) -> bool:
    """L587 Has the nation Forces in the region itself (not only in a Port's Interior)?"""
    if owns_fort(s, b, nation):
        return True
    return any(s["forces"][fid]["at"] == b["region"] for fid in present_forces(s, b, nation))


def owns_fort(s: dict, b: dict, nation: str) -> bool:
    return s["control"].get(b["region"]) == nation


def fort_may_join(s: dict, b: dict, nation: str) -> bool:
    """L590, L738 The nation's Fortification may take the Active Nation's side: it is not
    Red-tagged from an earlier battle on an Active side this Game Round (RULINGS B25)."""
    return owns_fort(s, b, nation) and not fort_restricted(s, b["region"])


def side_options(s: dict, b: dict, nation: str, teammates: bool = True) -> list[str]:
    """L587-592 The choices open to a nation present: side with the Active Nation (if
    allowed and it has Forces without Red or White Tags), side against it, or
    abstain (if allowed). Team members never fight each other (L245): a team-mate
    of the Active Nation may always join or abstain and never oppose it; with
    ``teammates``, a choice already made by a team-mate binds the others (B6)."""
    active = b["active"]
    can_join = bool(joinable(s, b, nation)) or fort_may_join(s, b, nation)
    if same_team(s, nation, active):
        return (["with"] if can_join else []) + ["abstain"]
    opts = []
    if can_join and nation in b["terms"]["join"]:
        opts.append("with")
    opts.append("against")
    if nation in b["terms"]["abstain"] or not in_region(s, b, nation):
        opts.append("abstain")  # B2: Land Units of the Interior may join a Port battle, need not
    if teammates:
        for mate, choice in b["choices"].items():
            if mate != nation and same_team(s, mate, nation) and choice != "abstain":
                bad = "against" if choice == "with" else "with"
                if bad in opts:
                    opts.remove(bad)
        if not opts:
            opts.append("abstain")  # B6: the team rule forces no one to fight its team-mate
    return opts


CHOICE_WORDS = {"with": "sides with", "against": "sides against", "abstain": "abstains from the battle"}


class Battle(Procedure):
    """L577-757 A battle: Chapter 1 Pre-Battle, Chapter 2 Wage Battle (up to three
    Battle Rounds), Chapter 3 Post-Battle."""

    # ----- Chapter 1: Pre-Battle ---------------------------------------------------------------

    def start(self, s, f):
        region = f["region"]
        active = s["active"]
        s.setdefault("last_battle", None)
        s.setdefault("call_to_arms", [])
        b = s["battle"] = new_record(s, region)
        if region not in battle_sites(s, active):
            log(s, f"{name(active)} cannot initiate a battle in {region_name(region)}.", "L567")
            b["called_off"] = True
            return "finish"
        interior = interior_of(s, region)
        if interior is not None:
            b["interior"] = interior
            land = {s["forces"][x]["nation"] for x in s["forces"] if s["forces"][x]["at"] == interior}
            b["open_interior"] = [n for n in s["nations"] if n in land and interior_units(s, interior, n)]
        present = {x["nation"] for x in s["forces"].values() if x["cargo_of"] is None and x["at"] == region}
        present.update(b["open_interior"])
        if region in s["control"]:
            present.add(s["control"][region])
        present.discard(active)
        order = [n for n in s["turn_order"] if n in present] + sorted(present - set(s["turn_order"]))
        b["choosers"] = order
        log(
            s,
            f"{name(active)} initiates a {dict(land='land', sea='sea', port='Port')[b['kind']]} battle in "
            f"{region_name(region)}.",
            "L565",
        )
        ask(s, "battle_terms", active)
        return "sides"

    def sides(self, s, f):
        """L587-592 Step B: every other nation present chooses its side."""
        b = s["battle"]
        if b["called_off"]:
            return "finish"
        ask_now = []
        for n in b["choosers"]:
            opts = side_options(s, b, n, teammates=False)
            if len(opts) == 1:
                b["choices"][n] = opts[0]
                log(s, f"{name(n)} {choice_text(b, opts[0])}.", "L587")
            else:
                ask_now.append(n)
        if b["terms"]["secret"] and ask_now:
            ask_all(s, "battle_side_secret", ask_now)  # L587 in secret, revealed together
            return "select"
        f["queue"] = ask_now
        return "next_side"

    def next_side(self, s, f):
        b = s["battle"]
        while f["queue"]:
            n = f["queue"].pop(0)
            opts = side_options(s, b, n)
            if len(opts) == 1:
                b["choices"][n] = opts[0]
                log(s, f"{name(n)} {choice_text(b, opts[0])}.", "L587")
                continue
            ask(s, "battle_side", n)
            return "next_side"
        return "select"

    def select(self, s, f):
        """L589 Nations allowed to abstain may take part only partially; the Active
        Nation chooses which of its Forces take part (last, so it may still call the
        battle off, L585). RULINGS B3, B24."""
        b = s["battle"]
        for n in b["choosers"]:
            side = {"with": A, "against": D}.get(b["choices"].get(n))
            if side is None:
                continue
            members = joinable(s, b, n) if side == A else present_forces(s, b, n)
            for fid in members:
                b["units"][fid] = {"side": side, "zone": None}
            fort_in = fort_may_join(s, b, n) if side == A else owns_fort(s, b, n)  # L738 (RULINGS B25)
            if fort_in:
                b["fort"] = {"side": side, "nation": n}
        active = b["active"]
        for fid in joinable(s, b, active):
            b["units"][fid] = {"side": A, "zone": None}
        if fort_may_join(s, b, active):  # L738 a Red-tagged Fortification stays out (RULINGS B25)
            b["fort"] = {"side": A, "nation": active}
        f["queue"] = [
            n
            for n in b["choosers"]
            if b["choices"].get(n) in ("with", "against")
            and n in b["terms"]["abstain"]
            and len(own_participants(s, b, n)) > 1
        ] + [active]
        return "next_select"

    def next_select(self, s, f):
        b = s["battle"]
        if b["called_off"]:
            return "finish"
        if f["queue"]:
            ask(s, "battle_select", f["queue"].pop(0))
            return "next_select"
        return "muster"

    def muster(self, s, f):
        """L593-599 Commanders; L1014-1016 Call to Arms; L601-627 the battleboard."""
        b = s["battle"]
        b["sides"] = {A: [], D: []}
        b["sides"][A] = side_nations(b, s, A)
        b["sides"][D] = side_nations(b, s, D)
        if not b["sides"][D]:
            log(s, f"No Forces stand against {name(b['active'])}: there is no battle.", "L587")  # B15
            b["called_off"] = True
            return "finish"
        self.call_to_arms(s, b)
        b["commanders"][D] = next(n for n in s["turn_order"] + s["nations"] if n in b["sides"][D])  # L597, B17
        words = {}
        for side in (A, D):
            cmd = b["commanders"][side]
            words[side] = " and ".join(name(n) for n in [cmd] + [n for n in b["sides"][side] if n != cmd])
        log(s, f"Commanders: {name(b['active'])} for {words[A]}; {name(b['commanders'][D])} for {words[D]}.", "L595")
        units = pack().units
        for fid, u in b["units"].items():
            ut = units[s["forces"][fid]["type"]]
            if ut.kind == "ship":
                u["zone"] = "sea"
            elif b["kind"] == "port":
                u["zone"] = "land"  # L620 one Land Zone
            else:
                u["zone"] = "rear" if s["forces"][fid]["type"] == "cannon" else "front"  # L610-612, B22
        f["lineup"] = [A, D]
        return "lineup"

    def call_to_arms(self, s, b):
        """L1014-1016 Call to Arms (optional): the first battle in a Nation's Homeland
        places a free Full Infantry for it, once per Nation (RULINGS B11)."""
        if not s["options"].get("call_to_arms") or b["kind"] != "land":
            return
        territory = pack().territories.get(b["region"])
        if territory is None or territory.homeland is None:
            return
        home = territory.homeland
        if home in s["call_to_arms"] or home not in b["sides"][D]:
            return
        fid = add_force(s, home, "full-infantry", b["region"])
        b["units"][fid] = {"side": D, "zone": None}
        b["raised"].append(fid)
        s["call_to_arms"].append(home)
        log(s, f"Call to Arms: a Full Infantry rises for {name(home)} in {region_name(b['region'])}.", "L1014")

    def lineup(self, s, f):
        """L615-617 Each Commander lines up its side's Ships, the Active Commander first."""
        b = s["battle"]
        while f["lineup"]:
            side = f["lineup"][0]
            ships = [fid for fid, u in b["units"].items() if u["side"] == side and u["zone"] == "sea"]
            unplaced = [x for x in ships if x not in b["lines"][side]]
            if not unplaced:
                f["lineup"].pop(0)
                if b["lines"][side]:
                    log(s, f"{name(b['commanders'][side])}'s Ship lineup: {line_words(s, b, side)}.", "L617")
                continue
            if len(ship_classes(s, unplaced)) == 1:  # B18 a forced choice
                b["lines"][side] += sorted(unplaced, key=_num)
                continue
            ask(s, "battle_line", b["commanders"][side], side=side)
            return "lineup"
        return "wage"

    # ----- Chapter 2: Wage Battle --------------------------------------------------------------

    def wage(self, s, f):
        """L631-639 Up to 3 Battle Rounds while both sides can fight."""
        b = s["battle"]
        if b["ended"] or b["round"] >= 3 or not can_fight(s, b, A) or not can_fight(s, b, D):
            if b["round"] == 0:
                b["skipped"] = True
                log(s, "One side has nothing that can fight: Chapter 2 is skipped.", "L703, L713")
            return "post"
        b["round"] += 1
        b["stance"] = {A: None, D: None}
        what = "Opening Salvo" if b["round"] == 1 else "Assault"
        log(s, f"Battle Round {b['round']}: {what}.", "L633" if b["round"] == 1 else "L635")
        if b["kind"] == "land":  # L641 cavalry positions, the Active Commander first
            for side in (D, A):
                if any(u["side"] == side and s["forces"][fid]["type"] == "cavalry" for fid, u in b["units"].items()):
                    ask(s, "battle_cavalry", b["commanders"][side], side=side)
        return "stance"

    def stance(self, s, f):
        """L643-646 Battle Stances, the Active Commander first, openly."""
        b = s["battle"]
        ask(s, "battle_stance", b["commanders"][D], side=D)
        ask(s, "battle_stance", b["commanders"][A], side=A)
        return "roll"

    def roll(self, s, f):
        """L648-668 Gather and roll the dice; Bars are Hits or Blocks by stance."""
        b = s["battle"]
        assault = b["round"] > 1
        for side in (A, D):
            black, white, parts = gather(s, b, side, assault)
            faces_b = roll_dice(s, "black", black) if black else []
            faces_w = roll_dice(s, "white", white) if white else []
            b["rolls"][side] = {"black": faces_b, "white": faces_w}
            aggressive = b["stance"][side] == "aggressive"
            pool = _empty_pool()
            pool["double"] = faces_b.count("double-blast")
            pool["black"] = faces_b.count("blast") + (faces_b.count("bar") if aggressive else 0)
            pool["blue"] = faces_w.count("blue-blast")
            pool["red"] = faces_w.count("red-blast")
            pool["bar"] = faces_w.count("bar") if aggressive else 0
            b["pool"][side] = pool
            b["bars"][side] = 0 if aggressive else faces_b.count("bar") + faces_w.count("bar")
            b["follow"][side] = None
            b["pending"][side] = {}
            cmd = name(b["commanders"][side])
            if not black and not white:
                log(s, f"{cmd}'s side has no dice to roll.", "L650")
                continue
            shown = []
            if black:
                shown.append(f"{black} Black ({', '.join(FACE[x] for x in faces_b)})")
            if white:
                shown.append(f"{white} White ({', '.join(FACE[x] for x in faces_w)})")
            log(s, f"{cmd}'s side rolls {' and '.join(shown)} [{'; '.join(parts)}].", "L664")
        f["blocker"] = [A, D]
        return "blocks"

    def blocks(self, s, f):
        """L670-672 Step E2: Defensive Commanders block, the Active Commander first."""
        b = s["battle"]
        while f["blocker"]:
            side = f["blocker"].pop(0)
            if settle_blocks(s, b, side):
                ask(s, "battle_block", b["commanders"][side], side=side)
                return "blocks"
        f["hitter"] = [A, D]
        return "hits"

    def hits(self, s, f):
        """L673-690 Step E3: the Active Commander assigns its Hits, then the other."""
        b = s["battle"]
        while f["hitter"]:
            side = f["hitter"].pop(0)
            if settle_hits(s, b, side):
                ask(s, "battle_hit", b["commanders"][side], side=side)
                return "hits"
        return "damage"

    def damage(self, s, f):
        """L692-717 Step F: apply damage; L719 Step G: continue or end."""
        b = s["battle"]
        apply_damage(s, b)
        if b["round"] < 3 and can_fight(s, b, A) and can_fight(s, b, D):
            ask(s, "battle_continue", b["active"])
        return "wage"

    # ----- Chapter 3: Post-Battle --------------------------------------------------------------

    def post(self, s, f):
        """L723-726 Victory, mutual defeat or a contested region."""
        b = s["battle"]
        alive = {side: can_fight(s, b, side) for side in (A, D)}
        if alive[A] and not alive[D]:
            b["outcome"], win = "victory", A
        elif alive[D] and not alive[A]:
            b["outcome"], win = "victory", D
        else:
            b["outcome"], win = ("contested" if alive[A] else "mutual"), None
        b["win"] = win
        if win is None:
            text = {"contested": "Both sides can still fight: the region remains contested, with no Victor."}
            log(s, text.get(b["outcome"], "Neither side has Forces left that can fight: mutual defeat."), "L723")
            return "spoils"
        b["victor"] = b["commanders"][win]
        log(s, f"{name(b['victor'])} is the Victor.", "L723")
        f["prizes"] = prize_ships(s, b)
        return "prizes"

    def prizes(self, s, f):
        """L731-733 A Victor with a Ship not Out-of-Action or a Port with 1+ HP captures
        the enemy's Out-of-Action Ships, replaced by its own (or an ally's), damage kept;
        their Cargo becomes Gold at half cost for the Victor's side."""
        b = s["battle"]
        while f["prizes"]:
            fid = f["prizes"][0]
            if len(b["sides"][b["win"]]) > 1:
                ask(s, "battle_prize", b["victor"], ship=fid, side=b["win"])
                return "after_prize"
            f["prizes"].pop(0)
            take_ship(s, b, fid, b["victor"])
        return "claim"

    def after_prize(self, s, f):
        f["prizes"].pop(0)
        return "prizes"

    def claim(self, s, f):
        """L740-742 Step B, Claim Control (RULINGS B16); L734 Morale Tokens (B13)."""
        b = s["battle"]
        win, victor, region = b["win"], b["victor"], b["region"]
        fort = b["fort"]
        if fort is not None and fort["side"] == other(win) and region in s["control"]:
            former = s["control"][region]
            if former != victor:
                capture(s, region, victor)
                b["captured"] = True
                strength = pack().forts[fort_tier(region)].hp
                points = pack().casualty
                for _ in range(strength):
                    spoil(b, win, "blue-morale", points["blue-morale"], former)
                s["casualties"][former] += strength * points["red-morale"]
                log(
                    s,
                    f"{name(victor)} claims control of {region_name(region)}: {strength} Blue Morale Token"
                    f"{'s' if strength > 1 else ''} for its side, {strength} Red for {name(former)}.",
                    "L740, L734",
                )
        elif b["kind"] == "land" and region in pack().territories and region not in s["control"]:
            log(s, f"{region_name(region)} is Independent: no Flag may be placed until it is annexed.", "L742")
        balance_of_power(s, b)
        if b["kind"] != "land" and region not in s["control"] and region in pack().ports:
            if any(
                u["side"] == win and s["forces"][x]["nation"] == victor and not ship_ooa(s, x)
                for x, u in b["units"].items()
            ):
                ask(s, "battle_seize", victor)  # L742 an Independent Port may be seized with a Ship
        return "spoils"

    def spoils(self, s, f):
        """L727-729 Each Commander puts the Enemy Casualties in its own Treasury or a
        participating ally's (RULINGS B19)."""
        b = s["battle"]
        f["giving"] = [side for side in (A, D) if b["spoils"][side]]
        b["given"] = {A: 0, D: 0}
        return "give"

    def give(self, s, f):
        b = s["battle"]
        while f["giving"]:
            side = f["giving"][0]
            items = b["spoils"][side]
            if b["given"][side] >= len(items):
                f["giving"].pop(0)
                continue
            if len(b["sides"][side]) > 1:
                ask(s, "battle_spoils", b["commanders"][side], side=side)
                return "give"
            hand_over(s, b, side, b["sides"][side][0], len(items) - b["given"][side])
        return "tidy"

    def tidy(self, s, f):
        """L736-738 Survivors go back to the map (they never left it here: RULINGS B12);
        Field Hospital Tents; Red Arrow Tags for the Active Nation's side."""
        b = s["battle"]
        survivors = {n: False for n in s["nations"]}
        for fid in b["units"]:
            survivors[s["forces"][fid]["nation"]] = True
        tents = s.setdefault("tents", {})
        placed = {}
        for nation, where in b["lost"]:
            if nation in s["moved"] or not survivors[nation]:
                continue
            spot = tents.setdefault(where, {})
            spot[nation] = spot.get(nation, 0) + 1
            placed[nation] = placed.get(nation, 0) + 1
        for nation, n in placed.items():
            log(s, f"{name(nation)} places {n} Field Hospital Tent{'s' if n > 1 else ''}.", "L736")
        tagged = 0
        for fid, u in b["units"].items():
            if u["side"] == A:
                tag(s, fid, RED)
                tagged += 1
        for fid in b["captured_ships"]:
            if b["win"] == A and fid in s["forces"]:
                tag(s, fid, RED)
                tagged += 1
        fort = b["fort"]
        if fort is not None and fort["side"] == A and s["control"].get(b["region"]) == fort["nation"]:
            red_forts = s.setdefault("red_forts", [])  # L117, L738 a Fortification is a Force (RULINGS B25)
            if b["region"] not in red_forts:
                red_forts.append(b["region"])
            tagged += 1
        if tagged:  # L738 (RULINGS B21)
            forces = "Force" if tagged == 1 else "Forces"
            log(s, f"Red Arrow Tags go on the {tagged} surviving {forces} of {name(b['active'])}'s side.", "L738")
        f["pennants"] = [side for side in (A, D) if collected(b, side) >= 10]
        for side in (A, D):
            if side not in f["pennants"]:
                points = collected(b, side)
                log(s, f"{name(b['commanders'][side])}'s side collected {points} points: no Elite Pennant.", "L744")
        return "pennants"

    def pennants(self, s, f):
        """L744-750 One Elite Pennant for each side with 10+ points of Enemy Casualties."""
        b = s["battle"]
        while f["pennants"]:
            side = f["pennants"].pop(0)
            cands = pennant_candidates(s, b, side)
            cmd = b["commanders"][side]
            log(s, f"{name(cmd)}'s side collected {collected(b, side)} points of Enemy Casualties.", "L744")
            if not cands:
                log(s, f"{name(cmd)}'s side has no Force to take an Elite Pennant: the chance is lost.", "L750")
                continue
            if len(cands) == 1:
                give_pennant(s, b, cands[0])
                continue
            ask(s, "battle_pennant", cmd, side=side)
            return "pennants"
        return "finish"

    def finish(self, s, f):
        """What the caller learns of the battle: ``s["last_battle"]`` (RULINGS B20)."""
        b = s["battle"]
        if b["called_off"]:
            outcome = "called-off"
            if b["choosers"] or b["units"]:
                log(s, f"The battle in {region_name(b['region'])} does not take place.", "L585")
        elif b["skipped"] and b["outcome"] == "victory" and (b.get("captured") or b["captured_ships"]):
            outcome = "captured"
        else:
            outcome = b["outcome"]
        s["last_battle"] = {
            "region": b["region"],
            "kind": b["kind"],
            "victor": b["victor"] if outcome not in ("called-off",) else None,
            "outcome": outcome,
            "captured": bool(b.get("captured")),
        }
        s["battle"] = None
        return None


def choice_text(b: dict, choice: str) -> str:
    if choice == "abstain":
        return "abstains from the battle"
    return f"{CHOICE_WORDS[choice]} {name(b['active'])}"


def own_participants(s: dict, b: dict, nation: str) -> list[str]:
    out = [fid for fid in b["units"] if s["forces"][fid]["nation"] == nation]
    if b["fort"] and b["fort"]["nation"] == nation:
        out.append("fort")
    return out


def line_words(s: dict, b: dict, side: str) -> str:
    return ", ".join(f"{i + 1}. {describe(s, fid)}" for i, fid in enumerate(b["lines"][side]))


def ship_key(s: dict, fid: str) -> tuple:
    """Ships that are alike for a lineup: same nation, type, Elite status and damage,
    without Cargo (a Ship with Cargo is always itself)."""
    f = s["forces"][fid]
    return (f["nation"], f["type"], f["elite"], f["damage"], fid if cargo_of(s, fid) else "")


def ship_classes(s: dict, ships: list[str]) -> list[str]:
    """One representative per kind of Ship, in id order."""
    seen, out = set(), []
    for fid in sorted(ships, key=_num):
        k = ship_key(s, fid)
        if k not in seen:
            seen.add(k)
            out.append(fid)
    return out


def unit_key(s: dict, fid: str) -> tuple:
    f = s["forces"][fid]
    return (f["nation"], f["type"], f["elite"], f["damage"], f["at"], tuple(f["tags"]), fid if cargo_of(s, fid) else "")


def classes(s: dict, fids: list[str]) -> list[str]:
    seen, out = set(), []
    for fid in sorted(fids, key=_num):
        k = unit_key(s, fid)
        if k not in seen:
            seen.add(k)
            out.append(fid)
    return out


def prize_ships(s: dict, b: dict) -> list[str]:
    """L731 The enemy's Out-of-Action Ships a Victor may capture (RULINGS B9)."""
    win = b["win"]
    means = any(u["side"] == win and is_ship(s, x) and not ship_ooa(s, x) for x, u in b["units"].items())
    fort = b["fort"]
    if fort and fort["side"] == win and b["kind"] == "port" and fort_hp(s, b["region"]) >= 1:
        means = True
    if not means:
        return []
    return sorted(
        [x for x, u in b["units"].items() if u["side"] == other(win) and is_ship(s, x) and ship_ooa(s, x)], key=_num
    )


def take_ship(s: dict, b: dict, fid: str, to: str) -> None:
    """L731-733 Replace a captured Out-of-Action Ship by the taker's equivalent, Damage
    Tokens kept; its Cargo is converted to Gold at half cost (RULINGS B9)."""
    units = pack().units
    f = s["forces"][fid]
    win = b["win"]
    words = describe(s, fid)
    spoil(b, win, f["type"], units[f["type"]].casualty, f["nation"])
    for c in cargo_of(s, fid):
        cf = s["forces"][c]
        cu = units[cf["type"]]
        spoil(b, win, "cargo " + cf["type"], cu.casualty, cf["nation"], gold=cu.cost // 2)
    new = add_force(s, to, f["type"], b["region"])
    s["forces"][new]["damage"] = f["damage"]
    lose(s, b, fid)
    remove_force(s, fid)
    b["captured_ships"].append(new)
    log(s, f"The Out-of-Action {words} is captured and becomes {ADJECTIVE[to]}.", "L731")


def collected(b: dict, side: str) -> int:
    """L744, L747 Points of Enemy Casualties a side collected in this battle (Blue
    Morale Tokens included: RULINGS B13)."""
    return sum(item["points"] for item in b["spoils"][side])


def hand_over(s: dict, b: dict, side: str, nation: str, count: int) -> None:
    """Put the next ``count`` Enemy Casualties of a side in ``nation``'s Treasury."""
    items = b["spoils"][side]
    start = b["given"][side]
    chunk = items[start : start + count]
    b["given"][side] = start + len(chunk)
    points = sum(x["points"] for x in chunk)
    gold = sum(x["gold"] for x in chunk)
    s["casualties"][nation] += points
    s["gold"][nation] += gold
    what = ", ".join(item_words(x) for x in chunk)
    extra = f" and {gold} Gold for captured Cargo" if gold else ""
    log(s, f"{name(nation)} puts Enemy Casualties in its Treasury: {what} ({points} points){extra}.", "L727")


def item_words(item: dict) -> str:
    what = item["what"]
    if what == "pennant":
        return "an Elite Pennant"
    if what == "blue-morale":
        return "a Blue Morale Token"
    if what.startswith("cargo "):
        return f"{ADJECTIVE[item['from']]} {pack().units[what[6:]].name} (Cargo)"
    return f"{ADJECTIVE[item['from']]} {pack().units[what].name}"


def pennant_candidates(s: dict, b: dict, side: str) -> list[str]:
    """L746 A surviving Force that fought on the side, not Elite, not Cargo, not a
    Fortification, not an Out-of-Action Ship; one per kind."""
    fids = [
        x for x, u in b["units"].items() if u["side"] == side and not s["forces"][x]["elite"] and not ship_ooa(s, x)
    ]
    return classes(s, fids)


def give_pennant(s: dict, b: dict, fid: str) -> None:
    s["forces"][fid]["elite"] = True
    log(s, f"The {describe(s, fid).replace('elite ', '')} receives an Elite Pennant.", "L746")


def balance_of_power(s: dict, b: dict) -> None:
    """L1018-1020 Balance of Power (optional): +1 Prestige to a Victor over the sole
    Prestige leader, who must be the beaten Commander or the region's controller;
    not with tied leaders nor with teams (RULINGS B14)."""
    if not s["options"].get("balance_of_power") or b["victor"] is None:
        return
    players = in_play(s)
    teams = [s["teams"][n] for n in players]
    if len(set(teams)) < len(teams):
        return
    top = max(s["prestige"][n] for n in players)
    leaders = [n for n in players if s["prestige"][n] == top]
    if len(leaders) != 1:
        return
    leader = leaders[0]
    victor = b["victor"]
    if leader in b["sides"][b["win"]]:
        return
    if leader != b["commanders"][other(b["win"])] and leader != b["controller"]:
        return
    s["prestige"][victor] += 1
    log(s, f"Balance of Power: {name(victor)} beat the Prestige leader {name(leader)} and gains 1 Prestige.", "L1018")


# ----- the states ----------------------------------------------------------------------------


class Terms(State):
    """L585-591 The Active Nation's terms before sides are chosen: whom it allows to
    abstain or to join it, whether sides are chosen in secret; or it calls the
    battle off."""

    def prompt(self, s, f, role):
        b = s["battle"]
        acts = self.actions(s, f, role)
        keys = {k for a in acts if isinstance(a, dict) for k in a}
        say = []  # only what it may set here (L587-591)
        if keys & {"allow_abstain", "deny_abstain"}:
            say.append("who may abstain")
        if keys & {"allow_join", "deny_join"}:
            say.append("who may join your side")
        if "secret" in acts or "open" in acts:
            say.append("whether sides are chosen in secret")
        first = f"say {', '.join(say[:-1]) + ' and ' + say[-1] if len(say) > 1 else say[0]}, then " if say else ""
        return f"Battle in {region_name(b['region'])}: {first}fight or call the battle off."

    def actions(self, s, f, role):
        b = s["battle"]
        t = b["terms"]
        acts: list = []
        for n in b["choosers"]:
            if same_team(s, n, role):
                continue  # L245 team-mates may always join or abstain
            acts.append({"deny_abstain": n} if n in t["abstain"] else {"allow_abstain": n})
            if joinable(s, b, n) or fort_may_join(s, b, n):
                acts.append({"deny_join": n} if n in t["join"] else {"allow_join": n})
        if len(b["choosers"]) > 1:
            acts.append("open" if t["secret"] else "secret")
        acts += ["fight", "call-off"]
        return acts

    def act(self, s, f, role, action):
        b = s["battle"]
        t = b["terms"]
        if action == "fight":
            who = []
            if t["abstain"]:
                who.append("may abstain: " + ", ".join(map(name, t["abstain"])))
            if t["join"]:
                who.append("may join: " + ", ".join(map(name, t["join"])))
            secret = " Sides are chosen in secret." if t["secret"] else ""
            terms = f" ({'; '.join(who)})" if who else ""
            log(s, f"{name(role)} sets its terms{terms}.{secret}", "L587")
            return None
        if action == "call-off":
            b["called_off"] = True
            log(s, f"{name(role)} calls the battle off.", "L585")
            return None
        if action in ("secret", "open"):
            t["secret"] = action == "secret"
            return STAY
        ((key, n),) = action.items()
        lst = t["abstain"] if key.endswith("abstain") else t["join"]
        if key.startswith("allow"):
            lst.append(n)
        else:
            lst.remove(n)
        return STAY


class Side(State):
    """L587-592 A nation present chooses its side, in Turn Order, openly."""

    def prompt(self, s, f, role):
        b = s["battle"]
        return f"Battle in {region_name(b['region'])}: side with {name(b['active'])}, side against it, or abstain."

    def actions(self, s, f, role):
        return side_options(s, s["battle"], role)

    def act(self, s, f, role, action):
        b = s["battle"]
        b["choices"][role] = action
        log(s, f"{name(role)} {choice_text(b, action)}.", "L587")


class SecretSide(State):
    """L587 Sides chosen in secret and revealed together (the Battle Stance Tokens)."""

    simultaneous = True

    def prompt(self, s, f, role):
        b = s["battle"]
        return (
            f"Battle in {region_name(b['region'])}: choose in secret to side with {name(b['active'])}, "
            "against it, or to abstain."
        )

    def actions(self, s, f, role):
        return side_options(s, s["battle"], role, teammates=False)

    def reveal(self, s, f, choices):
        b = s["battle"]
        for n in b["choosers"]:
            if n in choices:
                b["choices"][n] = choices[n]
        # RULINGS B6: team-mates who chose opposite sides: those siding with the Active Nation abstain
        for n, c in list(b["choices"].items()):
            if c == "with" and not same_team(s, n, b["active"]):
                if any(m != n and same_team(s, m, n) and b["choices"][m] == "against" for m in b["choices"]):
                    b["choices"][n] = "abstain"
        log(s, "Sides revealed: " + "; ".join(f"{name(n)} {choice_text(b, choices[n])}" for n in choices) + ".", "L587")
        for n in choices:
            if b["choices"][n] != choices[n]:
                log(s, f"{name(n)} may not fight its team-mate and abstains instead.", "L245")


class Select(State):
    """L589 Partial participation: hold Forces back from the battle, or bring them in."""

    def prompt(self, s, f, role):
        b = s["battle"]
        mine = own_participants(s, b, role)
        extra = " You may still call the battle off." if role == b["active"] else ""
        return (
            f"Battle in {region_name(b['region'])}: {len(mine)} of your Forces take part. Hold some back or "
            f"bring them in, then confirm.{extra}"
        )

    def actions(self, s, f, role):
        b = s["battle"]
        taking = [x for x in b["units"] if s["forces"][x]["nation"] == role]
        held = [x for x in sorted(b["held"], key=_num) if s["forces"][x]["nation"] == role]
        acts: list = [{"hold": x} for x in classes(s, taking)]
        acts += [{"bring": x} for x in classes(s, held)]
        if owns_fort(s, b, role):
            if b["fort"]:
                acts.append("hold-fort")
            elif b["fort_held"]:
                acts.append("bring-fort")
        if role == b["active"]:
            initiators = [x for x in taking if not ship_ooa(s, x)]
            if initiators or (b["fort"] and fort_hp(s, b["region"]) > 0):
                acts.append("done")
            acts.append("call-off")
        else:
            acts.append("done")
        return acts

    def act(self, s, f, role, action):
        b = s["battle"]
        if action == "done":
            held = [x for x in b["held"] if s["forces"][x]["nation"] == role]
            n = len(held) + (1 if b["fort_held"] and owns_fort(s, b, role) else 0)
            if n:
                forces = "Force" if n == 1 else "Forces"
                log(s, f"{name(role)} holds {n} of its {forces} back from the battle.", "L589")
            return None
        if action == "call-off":
            b["called_off"] = True
            log(s, f"{name(role)} calls the battle off.", "L585")
            return None
        if action == "hold-fort":
            b["fort_held"] = {"side": b["fort"]["side"], "nation": b["fort"]["nation"]}
            b["fort"] = None
            return STAY
        if action == "bring-fort":
            b["fort"] = b["fort_held"]
            b["fort_held"] = False
            return STAY
        if "hold" in action:
            fid = action["hold"]
            b["held"][fid] = b["units"].pop(fid)["side"]
            return STAY
        fid = action["bring"]
        b["units"][fid] = {"side": b["held"].pop(fid), "zone": None}
        return STAY


class Line(State):
    """L615-617 A Commander forms its side's single-file Ship lineup, fixed for the battle."""

    def prompt(self, s, f, role):
        return "Choose the next Ship in your lineup (the first in line takes Hits first)."

    def actions(self, s, f, role):
        b = s["battle"]
        side = f["side"]
        ships = [x for x, u in b["units"].items() if u["side"] == side and u["zone"] == "sea"]
        return [{"next": x} for x in ship_classes(s, [x for x in ships if x not in b["lines"][side]])]

    def act(self, s, f, role, action):
        b = s["battle"]
        b["lines"][f["side"]].append(action["next"])
        return None  # the procedure asks again while the choice is open


class Cavalry(State):
    """L641, L612 At the start of each Battle Round a Commander may move its side's
    Cavalry between the Front and Rear Zones."""

    def prompt(self, s, f, role):
        return "Reposition your side's Cavalry between the Front and Rear Zones, then confirm."

    def actions(self, s, f, role):
        b = s["battle"]
        cav = [x for x, u in b["units"].items() if u["side"] == f["side"] and s["forces"][x]["type"] == "cavalry"]
        front = classes(s, [x for x in cav if b["units"][x]["zone"] == "front"])
        rear = classes(s, [x for x in cav if b["units"][x]["zone"] == "rear"])
        return [{"to_rear": x} for x in front] + [{"to_front": x} for x in rear] + ["done"]

    def act(self, s, f, role, action):
        b = s["battle"]
        if action == "done":
            cav = [x for x, u in b["units"].items() if u["side"] == f["side"] and s["forces"][x]["type"] == "cavalry"]
            rear = sum(1 for x in cav if b["units"][x]["zone"] == "rear")
            log(s, f"{name(role)} places {len(cav) - rear} Cavalry in the Front and {rear} in the Rear.", "L641")
            return None
        ((key, fid),) = action.items()
        b["units"][fid]["zone"] = "rear" if key == "to_rear" else "front"
        return STAY


class Stance(State):
    """L643-646 Aggressive: Bars are Hits. Defensive: Bars block enemy Hits."""

    def prompt(self, s, f, role):
        b = s["battle"]
        theirs = b["stance"][other(f["side"])]
        seen = f" The enemy is {theirs}." if theirs else ""
        return f"Battle Round {b['round']}: choose your Battle Stance.{seen}"

    def actions(self, s, f, role):
        return ["aggressive", "defensive"]

    def act(self, s, f, role, action):
        b = s["battle"]
        b["stance"][f["side"]] = action
        log(s, f"{name(role)} takes the {action.capitalize()} Battle Stance.", "L643")


class Block(State):
    """L670-672 Pair a Bar with an enemy Hit of your choice."""

    def prompt(self, s, f, role):
        b = s["battle"]
        bars = b["bars"][f["side"]]
        return f"You have {counted(bars, 'Bar')} to block with: choose an enemy Hit to block."

    def actions(self, s, f, role):
        return block_actions(s, s["battle"], f["side"])

    def act(self, s, f, role, action):
        b = s["battle"]
        block(s, b, f["side"], action["block"])
        return STAY if settle_blocks(s, b, f["side"]) else None


class Hit(State):
    """L673-690 Assign your next Hit to an enemy Force the Hit Hierarchy allows."""

    def prompt(self, s, f, role):
        b = s["battle"]
        pool = b["pool"][f["side"]]
        left = ", ".join(f"{n} {HIT_NAME[k]}" for k, n in pool.items() if n)
        if b["follow"][f["side"]]:
            left = "the second Hit of a Double Blast" + (f", then {left}" if left else "")
        return f"Assign your Hits ({left}) to enemy Forces."

    def actions(self, s, f, role):
        return hit_actions(s, s["battle"], f["side"])

    def act(self, s, f, role, action):
        b = s["battle"]
        assign_hit(s, b, f["side"], action)
        return STAY if settle_hits(s, b, f["side"]) else None


class Continue(State):
    """L719 At the end of a Battle Round only the Active Commander may end the battle."""

    def prompt(self, s, f, role):
        return f"Battle Round {s['battle']['round']} is over: continue the battle or end it?"

    def actions(self, s, f, role):
        return ["continue", "end"]

    def act(self, s, f, role, action):
        if action == "end":
            s["battle"]["ended"] = True
            log(s, f"{name(role)} ends the battle.", "L719")
        else:
            log(s, f"{name(role)} continues the battle.", "L719")


class Prize(State):
    """L731 The Victor replaces a captured Ship with its own or a participating ally's."""

    def prompt(self, s, f, role):
        return f"Who takes the captured {describe(s, f['ship'])}?"

    def actions(self, s, f, role):
        return [{"prize_to": n} for n in s["battle"]["sides"][f["side"]]]

    def act(self, s, f, role, action):
        take_ship(s, s["battle"], f["ship"], action["prize_to"])


class Seize(State):
    """L742, L554 After a battle in an Independent Port the Victor may seize it with a Ship,
    which then ends its movement there (L461, L554: "it must end its movement there")."""

    def prompt(self, s, f, role):
        return f"Seize the Independent Port of {region_name(s['battle']['region'])} with one of your Ships?"

    def actions(self, s, f, role):
        return [{"seize": x} for x in seizers(s, s["battle"], role)] + ["leave"]

    def act(self, s, f, role, action):
        b = s["battle"]
        if action != "leave":
            capture(s, b["region"], role)
            b["captured"] = True
            end_movement(s, [action["seize"]])
            log(s, f"{name(role)} seizes the Port of {region_name(b['region'])} with the "
                f"{describe(s, action['seize'])}, which ends its movement there.", "L742")  # fmt: skip


def seizers(s: dict, b: dict, nation: str) -> list:
    """The nation's Ships in the battle's Port, not Out-of-Action, one of each kind (L554)."""
    ships = sorted(
        x
        for x, f in s["forces"].items()
        if f["nation"] == nation and f["at"] == b["region"] and f["cargo_of"] is None
        and is_ship(s, x) and not out_of_action(s, x)
    )  # fmt: skip
    return representatives(s, ships)


class Spoils(State):
    """L727-729 The Commander divides its side's Enemy Casualties among the side's
    nations: the next one, or all the rest, to one of them."""

    def prompt(self, s, f, role):
        b = s["battle"]
        side = f["side"]
        items = b["spoils"][side][b["given"][side] :]
        return f"Put your side's Enemy Casualties in a Treasury: next is {item_words(items[0])}, {len(items)} left."

    def actions(self, s, f, role):
        nations = s["battle"]["sides"][f["side"]]
        return [{"give": n} for n in nations] + [{"give_all": n} for n in nations]

    def act(self, s, f, role, action):
        b = s["battle"]
        side = f["side"]
        left = len(b["spoils"][side]) - b["given"][side]
        if "give" in action:
            hand_over(s, b, side, action["give"], 1)
        else:
            hand_over(s, b, side, action["give_all"], left)
        return STAY if b["given"][side] < len(b["spoils"][side]) else None


class Pennant(State):
    """L744-750 The Commander chooses the Force that receives the Elite Pennant."""

    def prompt(self, s, f, role):
        return "Your side earned an Elite Pennant: choose the surviving Force that receives it."

    def actions(self, s, f, role):
        return [{"pennant": x} for x in pennant_candidates(s, s["battle"], f["side"])]

    def act(self, s, f, role, action):
        give_pennant(s, s["battle"], action["pennant"])


PROCEDURES = {"battle": Battle()}
STATES = {
    "battle_terms": Terms(),
    "battle_side": Side(),
    "battle_side_secret": SecretSide(),
    "battle_select": Select(),
    "battle_line": Line(),
    "battle_cavalry": Cavalry(),
    "battle_stance": Stance(),
    "battle_block": Block(),
    "battle_hit": Hit(),
    "battle_continue": Continue(),
    "battle_prize": Prize(),
    "battle_seize": Seize(),
    "battle_spoils": Spoils(),
    "battle_pennant": Pennant(),
}
