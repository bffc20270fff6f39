"""Imperial Borders: the game state and the questions every phase asks of it.

The state is one plain JSON object (see ``rules.Rules.setup`` for how it is
laid out at the start). Its parts:

``s["nations"]``      the six nations in the rulebook's order (L108-113)
``s["neutral"]``      nations out of play (L228-235, L249-254)
``s["teams"]``        nation -> team number; one player's nations are a team (L243-247)
``s["round"]``        the Game Round, 1-9 (L842-855); ``s["last_round"]`` once Peace is voted
``s["phase"]``        the phase now being played, for the board and the bots
``s["turn_order"]``   the Turn Order Track, first to last, neutrals last (L500-510)
``s["active"]``       the Active Nation in Phase 4, else None
``s["gold"]``         nation -> Gold in its Treasury (public, L381-388)
``s["held_gold"]``    territory -> Gold held there (lost capital L392-394, revolts L989)
``s["control"]``      region -> nation, for every Territory and Port with a Fortification;
                      an Independent Territory or Port is absent (L253-256)
``s["damage"]``       region -> Damage Tokens on its Fortification (L694-703)
``s["forces"]``       force id -> {"nation", "type", "elite", "damage", "at", "cargo_of", "tags"}:
                      every Mobile Force on the map. ``at`` is a region; Cargo has
                      ``cargo_of`` = the Ship's id and ``at`` = the Ship's region. ``tags`` is a
                      list of Arrow Tags ("blue", "red", "white"; L541-548). ``damage`` counts
                      Damage Tokens (Ships) and a Full Infantry is never damaged (it becomes
                      two Half Infantry, L694).
``s["next_force"]``   the number of the next force id
``s["tents"]``        region -> nation -> Field Hospital Tents (L736)
``s["red_forts"]``    regions whose Fortification fought on an Active Nation's side this round:
                      its Red Arrow Tag (L117, L738; RULINGS B25)
``s["casualties"]``   nation -> Enemy Casualties collected this round, in points (L729-745, L815)
``s["medal_points"]`` nation -> the six columns of the Medals Chart, last On Parade (L808-818)
``s["medals"]``       medal -> nation holding it, or None (L823-840)
``s["prestige"]``     nation -> Prestige Points (L820-827)
``s["orders"]``       nation -> its orders this round: [{"from", "path", "count", "status"}],
                      status "plotted" | "dismissed" | "cancelled" | "done" (L406-432, L516-535).
                      A nation's orders are secret until it is the Active Nation.
``s["revolts"]``      territories with a Revolt Token (optional rule, L980-995)
``s["call_to_arms"]`` nations whose Call to Arms is spent (optional rule, L1010-1016)
``s["traded"]``       nations that have made their trade this round (optional rule, L997-1004)

Every region id, unit type and number comes from the data pack (``data.pack()``).
"""

from __future__ import annotations

from .data import pack

FRANCE, AUSTRIA, PRUSSIA, BRITAIN, RUSSIA, SPAIN = "france", "austria", "prussia", "great-britain", "russia", "spain"
NATIONS = (FRANCE, AUSTRIA, PRUSSIA, BRITAIN, RUSSIA, SPAIN)
NAMES = {
    FRANCE: "France",
    AUSTRIA: "Austria",
    PRUSSIA: "Prussia",
    BRITAIN: "Great Britain",
    RUSSIA: "Russia",
    SPAIN: "Spain",
}
SHORT = {FRANCE: "fr", AUSTRIA: "au", PRUSSIA: "pr", BRITAIN: "gb", RUSSIA: "ru", SPAIN: "sp"}  # in force ids
LAND_UNITS = ("half-infantry", "full-infantry", "cavalry", "cannon")  # the Hit Hierarchy's order, L681
SHIPS = ("frigate", "ship-of-the-line")
BLUE, RED, WHITE = "blue", "red", "white"  # Arrow Tags, L541-548
MEDALS = (
    "laetissima-natione",  # column 1, highest national morale
    "terra-aliena",  # column 2, most annexed territories
    "maxime-patrias",  # column 3, most homeland territories
    "dominus-exercitus",  # column 4, most elite land units
    "dominus-maris",  # column 5, most elite ships
    "ad-victoriam-imperialis",  # column 6, most medal points
)
MEDAL_NAMES = {
    "laetissima-natione": "Laetissima Natione",
    "terra-aliena": "Terra Aliena",
    "maxime-patrias": "Maxime Patrias",
    "dominus-exercitus": "Dominus Exercitus",
    "dominus-maris": "Dominus Maris",
    "ad-victoriam-imperialis": "Ad Victoriam Imperialis",
}


def name(nation: str) -> str:
    return NAMES[nation]


# ----- nations and teams ----------------------------------------------------------------


def in_play(s: dict) -> list[str]:
    """The nations taking turns, in the rulebook's order (neutrals excluded)."""
    return [n for n in s["nations"] if n not in s["neutral"]]


def team_of(s: dict, nation: str) -> int:
    return s["teams"][nation]


def same_team(s: dict, a: str, b: str) -> bool:
    """L243-247 No betrayals, denials of permission or internal battles within a team."""
    return a == b or s["teams"][a] == s["teams"][b]


def holds_capital(s: dict, nation: str) -> bool:
    """Does the nation control its own (original) Capital? (L262, L394, L861, L871)"""
    return s["control"].get(pack().nations[nation].capital) == nation


def treasury_open(s: dict, nation: str) -> bool:
    """L392-394 A nation that has lost its Capital cannot collect or spend Gold."""
    return holds_capital(s, nation)


# ----- regions --------------------------------------------------------------------------


def kind(region: str) -> str:
    """'territory', 'mountain', 'port' or 'sea'."""
    p = pack()
    if region in p.territories:
        return "territory"
    if region in p.mountains:
        return "mountain"
    if region in p.ports:
        return "port"
    return "sea"


def is_land(region: str) -> bool:
    p = pack()
    return region in p.territories or region in p.mountains


def controller(s: dict, region: str) -> str | None:
    """The nation whose Flag stands on the region's Fortification; None if independent."""
    return s["control"].get(region)


def fort_hp(s: dict, region: str) -> int:
    """Hit Points left on a region's Fortification (0 when defeated, L700-703); 0 if none."""
    if region not in s["control"]:
        return 0
    p = pack()
    tier = p.territories[region].tier if region in p.territories else p.ports[region].tier
    return max(0, p.forts[tier].hp - s["damage"].get(region, 0))


def closed_to(s: dict, region: str) -> bool:
    """L249-254 Regions of Neutral nations may never be entered."""
    p = pack()
    return any(region in p.no_entry[n] for n in s["neutral"])


# ----- forces ---------------------------------------------------------------------------


def forces_at(s: dict, region: str, nation: str | None = None, cargo: bool = False) -> list[str]:
    """Ids of the Mobile Forces in a region (of one nation if given), in id order.
    Cargo is left out unless ``cargo``: it cannot oppose or fight (L469, L609)."""
    out = []
    for fid, f in s["forces"].items():
        if f["at"] == region and (nation is None or f["nation"] == nation) and (cargo or f["cargo_of"] is None):
            out.append(fid)
    return out


def nations_at(s: dict, region: str) -> list[str]:
    """Nations with Mobile Forces (not Cargo) in the region, in the rulebook's order."""
    present = {f["nation"] for f in s["forces"].values() if f["at"] == region and f["cargo_of"] is None}
    return [n for n in s["nations"] if n in present]


def out_of_action(s: dict, fid: str) -> bool:
    """L710-717 A Ship at its out-of-action damage rolls nothing and opposes nothing."""
    f = s["forces"][fid]
    hits = pack().units[f["type"]].hits_to_out_of_action  # a Frigate after 1 Hit, a Ship of the Line after 2
    return hits is not None and f["damage"] >= hits


def can_oppose(s: dict, fid: str) -> bool:
    """A force that may oppose an action: not Cargo, not an out-of-action Ship (L469, L715)."""
    return s["forces"][fid]["cargo_of"] is None and not out_of_action(s, fid)


def opposing(s: dict, region: str, nation: str) -> list[str]:
    """L241 Nations (not on ``nation``'s team) with Forces able to oppose in ``region``,
    counting a foreign Fortification with at least 1 HP (L702), in the rulebook's order."""
    who = set()
    teams = s["teams"]
    mine = teams[nation]
    for fid, f in s["forces"].items():
        if f["at"] == region and teams[f["nation"]] != mine and f["cargo_of"] is None and not out_of_action(s, fid):
            who.add(f["nation"])
    owner = s["control"].get(region)
    if owner is not None and not same_team(s, owner, nation) and fort_hp(s, region) > 0:
        who.add(owner)
    return [n for n in s["nations"] if n in who]


def cargo_of(s: dict, ship: str) -> list[str]:
    return [fid for fid, f in s["forces"].items() if f["cargo_of"] == ship]


def cargo_room(s: dict, ship: str) -> int:
    """Room left aboard, in Half Infantry (L475-480): a Frigate holds 2, a Ship of the Line 4."""
    units = pack().units
    used = sum(units[s["forces"][c]["type"]].cargo_size for c in cargo_of(s, ship))
    return units[s["forces"][ship]["type"]].cargo_capacity - used


def add_force(s: dict, nation: str, unit: str, region: str, elite: bool = False) -> str:
    fid = f"{SHORT[nation]}-{s['next_force']}"
    s["next_force"] += 1
    s["forces"][fid] = {
        "nation": nation,
        "type": unit,
        "elite": elite,
        "damage": 0,
        "at": region,
        "cargo_of": None,
        "tags": [],
    }
    return fid


def remove_force(s: dict, fid: str) -> None:
    """Take a force off the map (defeated, sunk); its Cargo goes with a sunk Ship (L708)."""
    for c in cargo_of(s, fid):
        del s["forces"][c]
    del s["forces"][fid]


def tag(s: dict, fid: str, colour: str) -> None:
    """L541-548 Put an Arrow Tag on a force; a White tag replaces a Red one."""
    tags = s["forces"][fid]["tags"]
    if colour == WHITE and RED in tags:
        tags.remove(RED)
    if colour not in tags:
        tags.append(colour)
        tags.sort()


def tagged(s: dict, fid: str, colour: str) -> bool:
    return colour in s["forces"][fid]["tags"]


def describe(s: dict, fid: str) -> str:
    """'French elite Cavalry' style words for a force."""
    f = s["forces"][fid]
    adjective = {
        FRANCE: "French",
        AUSTRIA: "Austrian",
        PRUSSIA: "Prussian",
        BRITAIN: "British",
        RUSSIA: "Russian",
        SPAIN: "Spanish",
    }[f["nation"]]
    unit = pack().units[f["type"]].name
    return f"{adjective} {'elite ' if f['elite'] else ''}{unit}"


def region_name(region: str) -> str:
    p = pack()
    for table in (p.territories, p.mountains, p.ports, p.seas):
        if region in table:
            return table[region].name
    return region


# ----- control --------------------------------------------------------------------------


def capture(s: dict, region: str, nation: str) -> None:
    """Put ``nation``'s Flag on a region's Fortification (a capture after battle L748,
    a seized Port L554, an annexation L782). Its Damage Tokens stay (L703). What goes
    with the region:
    - a captured original Capital takes its nation's Treasury to the captor (L392);
    - Gold held in the territory goes to the new controller's Treasury (L394, L989);
    - a Revolt there ends (L992);
    - a nation regaining its own Capital collects the Gold held for it (L394), but not
      the Gold of a territory still in Revolt, which stays held until the Revolt is
      quelled or the territory captured (L989, L993-997)."""
    before = s["control"].get(region)
    s["control"][region] = nation
    p = pack()
    for other in s["nations"]:
        if other != nation and p.nations[other].capital == region and before == other:
            s["gold"][nation] += s["gold"][other]
            s["gold"][other] = 0
    held = s["held_gold"].pop(region, 0)
    if held:
        s["gold"][nation] += held
    if region in s["revolts"]:
        s["revolts"].remove(region)
    if p.nations[nation].capital == region:
        for territory in [t for t in s["held_gold"] if s["control"].get(t) == nation and t not in s["revolts"]]:
            s["gold"][nation] += s["held_gold"].pop(territory)


def income_goes_to(s: dict, nation: str, territory: str, amount: int) -> None:
    """L392-394, L989 Tax income: into the Treasury, or held in the territory while the
    nation has lost its Capital or the territory is in revolt."""
    if not holds_capital(s, nation) or territory in s["revolts"]:
        s["held_gold"][territory] = s["held_gold"].get(territory, 0) + amount
    else:
        s["gold"][nation] += amount
