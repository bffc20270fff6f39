"""Imperial Borders, Phase 4 - On the March for the Active Nation (rulebook
L512-563): Step A review (in ``orders.py``), Step B pre-movement battles, Step C
executing the orders with Blocked Movement, Arrow Tags, Special Movement and
Cargo Management (L467-498, L541-555), Step D post-movement battles, Step E; with
the optional Revolts (L980-995) and Trading (L997-1004).

The round procedure sets ``s["active"]`` and ``s["moved"]`` and calls
``active_turn`` with ``nation``. Questions put to the Active Nation write its
choice into the frame of the procedure that asked (the frame just below the
question on the stack), and that procedure carries it out: states choose,
procedures act. Permissions (L236-241) are asked of each opposing nation in turn
by ``march_permission``; a consent or refusal for Cargo Management or seizing a
Port holds for the rest of the Active Nation's turn (RULINGS M9), so nothing is
asked twice.
"""

from __future__ import annotations

from ...engine import Procedure, State, ask, call, checkpoint, log
from ...engine.rules import same
from .board import (
    BLUE,
    WHITE,
    capture,
    closed_to,
    describe,
    forces_at,
    in_play,
    name,
    opposing,
    out_of_action,
    same_team,
    tag,
    treasury_open,
)
from .data import pack
from .orders import (
    DONE,
    PLOTTED,
    forces_text,
    free,
    mobile,
    order_kind,
    order_text,
    pick_group,
    plural,
    ready,
    representatives,
    review,
    where,
)

LAST_ROUND = 9  # L855
TRADE_GOLD = 15  # L1001 up to 3 Gold Chests (a Chest is 5 Gold, L179)


# ----- where things stand -------------------------------------------------------------------


def turn_frame(s: dict) -> dict | None:
    """The frame of the running ``active_turn`` (its consents, its choice)."""
    for fr in reversed(s.get("stack", ())):
        if fr.get("proc") == "active_turn":
            return fr
    return None


def consent_cache(s: dict) -> dict:
    turn = turn_frame(s)
    return turn["consent"] if turn is not None else {}


def refused(cache: dict, key: str, nations) -> bool:
    return any(cache.get(f"{key}:{x}") is False for x in nations)


def is_ship(s: dict, fid: str) -> bool:
    return pack().units[s["forces"][fid]["type"]].kind == "ship"


def adjective(nation: str) -> str:
    return name(nation) + "'s"


def move_forces(s: dict, fids: list[str], region: str) -> None:
    """Forces enter a region; a Ship's Cargo goes with it (L469)."""
    forces = s["forces"]
    carried = set(fids)
    for fid in fids:
        forces[fid]["at"] = region
    for g in forces.values():
        if g["cargo_of"] in carried:
            g["at"] = region


def end_movement(s: dict, fids: list[str]) -> None:
    """L541, L548 Forces whose movement is over (done, stopped or blocked) take Blue
    Arrow Tags; a Revolt may be quelled where they stop (L991-995)."""
    for fid in fids:
        if fid in s["forces"]:
            tag(s, fid, BLUE)
            ended(s, fid)


def battle_sites(s: dict, nation: str) -> list[str]:
    """L565-575 Regions where the Active Nation may initiate a battle: the battle module's
    ``battle_sites``."""
    from .battle import battle_sites as sites  # imported here: battle.py may one day import this module

    return sites(s, nation)


# ----- Revolts (optional, L980-995) -----------------------------------------------------------


def entered(s: dict, nation: str, region: str) -> None:
    """L989, RULINGS M14 A Land Force of any Nation other than the controller entering a
    Territory in Revolt seizes the Gold held there at once."""
    if not s["options"].get("revolts") or region not in s["revolts"]:
        return
    if s["control"].get(region) == nation:
        return
    gold = s["held_gold"].pop(region, 0)
    if gold:
        s["gold"][nation] += gold
        log(s, f"{name(nation)} seizes the {gold} Gold held in {where(region)}, which is in Revolt.", "L989")


def ended(s: dict, fid: str) -> None:
    """L991-995 A Revolt is quelled when one of the controller's Land Units ends its
    movement in the Territory, or one of its Ships (not Out-of-Action) ends its movement
    in a connected Port with no opposing Forces; the Gold held there goes to the
    controller's Treasury (L997), unless the controller has lost its Capital: then the
    Gold stays held in the Territory until the Capital is regained (L394). Passing
    through is not enough; an ally's Force is not enough (RULINGS M14)."""
    if not s["options"].get("revolts") or not s["revolts"]:
        return
    f = s["forces"][fid]
    if f["cargo_of"] is not None:
        return
    p = pack()
    spot = f["at"]
    if p.units[f["type"]].kind == "land":
        territory = spot
    else:
        if spot not in p.ports or out_of_action(s, fid) or opposing(s, spot, f["nation"]):
            return  # a Port held by another team, with 1 HP or more, opposes (RULINGS M17)
        territory = p.ports[spot].territory
    if territory in s["revolts"] and s["control"].get(territory) == f["nation"]:
        s["revolts"].remove(territory)
        gold = s["held_gold"].get(territory, 0)
        if not gold:
            held = ""
        elif treasury_open(s, f["nation"]):
            s["gold"][f["nation"]] += s["held_gold"].pop(territory)
            held = f"; the {gold} Gold held there goes to its Treasury"
        else:
            held = f"; the {gold} Gold held there stays there until its Capital is regained"
        log(s, f"{name(f['nation'])} quells the Revolt in {where(territory)}{held}.", "L991")


# ----- Cargo Management (L467-498) ---------------------------------------------------------------


def loadable(s: dict, nation: str, interior: str) -> list[str]:
    """L490, RULINGS M6 The Active Nation's Land Units in an Interior that may board: not
    White (cancelled or dismissed orders bar loading), and either done moving (Blue) or
    not needed by a pending order from there."""
    forces = s["forces"]
    done = [
        u for u in mobile(s, nation, interior, "land") if BLUE in forces[u]["tags"] and WHITE not in forces[u]["tags"]
    ]
    return done + [u for u in free(s, nation, interior, "land") if u not in done]


def ship_may_stop(s: dict, nation: str, ship: str, port: str) -> bool:
    """Unloading or seizing ends a Ship's movement (L463, L554; RULINGS M13). Outside a moving group
    the Active Nation's own Ship must be done moving (Blue) or not needed by a pending
    order (L553: a Ship never stops before leaving its starting region); another nation's
    Ship is its owner's to risk (it must consent)."""
    f = s["forces"][ship]
    if f["nation"] != nation or BLUE in f["tags"]:
        return True
    return ship in free(s, nation, port, "ship")


def is_cargo(choice) -> bool:
    """A choice of Cargo Management (load, unload, transfer or exchange)."""
    return type(choice) is dict and any(k in choice for k in ("load", "unload", "transfer", "exchange"))


def arrangement(s: dict, port: str, action: dict | None = None) -> str:
    """RULINGS M18 How things stand for Cargo Management in ``port``: every Force in the
    Port or its Interior, where it is, aboard which Ship, with which Arrow Tags; as they
    would stand after the Cargo ``action`` if one is given (a load, L489-491; an
    unload, which tags the unit and its Ship Blue, L461, L492; a transfer, L493)."""
    interior = pack().ports[port].territory
    rows = {
        fid: [f["at"], f["cargo_of"], set(f["tags"])]
        for fid, f in s["forces"].items()
        if f["at"] == port or (interior is not None and f["at"] == interior)
    }
    if action is not None:
        if "load" in action:
            rows[action["load"]][:2] = [port, action["onto"]]
        elif "unload" in action:
            ship = rows[action["unload"]][1]
            rows[action["unload"]][:2] = [interior, None]
            rows[action["unload"]][2].add(BLUE)
            rows[ship][2].add(BLUE)
        elif "exchange" in action:
            c, d = action["exchange"], action["for"]
            rows[c][1], rows[d][1] = rows[d][1], rows[c][1]
        else:
            rows[action["transfer"]][1] = action["to"]
    return ";".join(f"{fid}@{at}>{aboard}#{','.join(sorted(tags))}" for fid, (at, aboard, tags) in sorted(rows.items()))


def cargo_seen(s: dict) -> dict:
    """RULINGS M18 The arrangements each Port has had during the Cargo Management step
    under way (the Active Nation's Cargo actions one after another), by Port."""
    turn = turn_frame(s)
    return turn.setdefault("cargo_seen", {}) if turn is not None else {}


def end_cargo_step(s: dict, choice) -> None:
    """RULINGS M18 Any choice but a Cargo action ends the Cargo Management step under way."""
    turn = turn_frame(s)
    if turn is not None and not is_cargo(choice):
        turn.pop("cargo_seen", None)


def cargo_actions(s: dict, nation: str, port_only: str | None = None, group: list[str] | None = None) -> list:
    """Cargo Management open to the Active Nation (L467-498, the table L496-498):
    - only in a Port (L470) that is not Independent (L487), never in an Open Sea (L493);
    - loading from, and unloading to, the Port's Interior only (L489), never into a
      closed region nor where there is no Interior (Malta, L222);
    - the Active Nation's Ships and/or its Cargo are involved (L486), and another
      nation whose Ship or Cargo is involved must consent (L471, asked when done,
      RULINGS M11);
    - loading: the ship is not Out-of-Action (L494, L717) and has room (L475-477), the
      land unit is not White (L490); unloading: ends the Ship's movement (L461, L492);
      transfers: Ship to Ship in the same Port, one of them the Active Nation's (L493);
    - opposition (asked when done, RULINGS M9): the Port's Controller (L488), and Port
      and Interior free of opposing Forces to load (L491), the Port to unload or
      transfer (L492, table L496-498);
    - nothing that would bring the Port back to an arrangement it has already had in
      the Cargo Management step under way, such as a transfer straight back (L493,
      RULINGS M18).
    With ``group``: only the Ships of a group pausing in ``port_only`` along its path
    (L461), where unloading takes the unloading Ship out of the group."""
    p = pack()
    forces = s["forces"]
    units = p.units
    cache = consent_cache(s)
    ships_at: dict[str, list[str]] = {}
    aboard: dict[str, list[str]] = {}
    land_at = set()  # where the Active Nation has Land Units ashore
    for fid, f in forces.items():
        if f["cargo_of"] is not None:
            aboard.setdefault(f["cargo_of"], []).append(fid)
        elif units[f["type"]].kind == "ship":
            if f["at"] in p.ports:
                ships_at.setdefault(f["at"], []).append(fid)
        elif f["nation"] == nation:
            land_at.add(f["at"])
    # the Active Nation must be involved (L486): its Ship, its Cargo, or its Land Units in the Interior
    involved = set()
    for port, ships in ships_at.items():
        if any(
            forces[x]["nation"] == nation or any(forces[c]["nation"] == nation for c in aboard.get(x, ()))
            for x in ships
        ):
            involved.add(port)
        else:
            if p.ports[port].territory in land_at:
                involved.add(port)

    def room(ship: str) -> int:  # cargo_room, from the Cargo found above
        used = sum(units[forces[c]["type"]].cargo_size for c in aboard.get(ship, ()))
        return units[forces[ship]["type"]].cargo_capacity - used

    seen = turn.get("cargo_seen", {}) if (turn := turn_frame(s)) is not None else {}
    out: list = []
    for port in sorted(involved):
        if port_only is not None and port != port_only:
            continue
        acts: list = []
        if port not in s["control"]:
            continue  # L487 not in an Independent Port
        ships = ships_at[port]
        interior = p.ports[port].territory
        if interior is not None and closed_to(s, interior):
            interior = None
        port_opp = opposing(s, port, nation)
        key = f"cargo:{port}"
        if refused(cache, key, port_opp):
            continue
        in_group = set(group) if group is not None else None

        def usable(x, in_group=in_group):
            return WHITE not in forces[x]["tags"] and (in_group is None or x in in_group)

        # loading (L489-491), when some Ship here could take a Half Infantry at least
        takers = [x for x in ships if usable(x) and not out_of_action(s, x) and room(x) > 0]
        if interior is not None and takers and interior in land_at:
            units_in = loadable(s, nation, interior)
            if units_in and not refused(cache, key, opposing(s, interior, nation)):
                for u in representatives(s, units_in):
                    size = units[forces[u]["type"]].cargo_size
                    for x in ships:
                        if not usable(x) or out_of_action(s, x) or room(x) < size:
                            continue
                        if forces[x]["nation"] != nation and refused(cache, key, [forces[x]["nation"]]):
                            continue
                        acts.append({"load": u, "onto": x})
        # unloading (L492)
        if interior is not None:
            for x in ships:
                if not usable(x) or not aboard.get(x):
                    continue
                if in_group is None and not ship_may_stop(s, nation, x, port):
                    continue
                owner = forces[x]["nation"]
                for c in representatives(s, aboard[x]):
                    cowner = forces[c]["nation"]
                    if nation not in (owner, cowner):
                        continue
                    if refused(cache, key, [o for o in (owner, cowner) if o != nation]):
                        continue
                    acts.append({"unload": c})
        # transfers (L493)
        for a in ships:
            if not aboard.get(a) or WHITE in forces[a]["tags"]:
                continue
            for c in representatives(s, aboard[a]):
                size = units[forces[c]["type"]].cargo_size
                for b in ships:
                    if b == a or WHITE in forces[b]["tags"] or out_of_action(s, b) or room(b) < size:
                        continue
                    if in_group is not None and a not in in_group and b not in in_group:
                        continue
                    if nation not in (forces[a]["nation"], forces[b]["nation"]):
                        continue
                    others = {forces[a]["nation"], forces[b]["nation"], forces[c]["nation"]} - {nation}
                    if refused(cache, key, sorted(others)):
                        continue
                    acts.append({"transfer": c, "to": b})
        # exchanges (L492 "simultaneously exchanged Ship-to-Ship"): where a one-way transfer
        # has no room, two units aboard two Ships change places
        for a in ships:
            if not aboard.get(a) or not usable(a) or out_of_action(s, a):
                continue
            for b in ships:
                if b <= a or not aboard.get(b) or not usable(b) or out_of_action(s, b):
                    continue
                if in_group is not None and a not in in_group and b not in in_group:
                    continue
                if nation not in (forces[a]["nation"], forces[b]["nation"]):
                    continue
                for c in representatives(s, aboard[a]):
                    for d in representatives(s, aboard[b]):
                        sc, sd = units[forces[c]["type"]].cargo_size, units[forces[d]["type"]].cargo_size
                        if forces[c]["type"] == forces[d]["type"] and forces[c]["nation"] == forces[d]["nation"]:
                            continue  # alike: nothing would change
                        if room(a) + sc < sd or room(b) + sd < sc:
                            continue
                        if room(b) >= sc and room(a) >= sd:
                            continue  # two transfers do it
                        involved = {forces[x]["nation"] for x in (a, b, c, d)} - {nation}
                        if refused(cache, key, sorted(involved)):
                            continue
                        acts.append({"exchange": c, "for": d})
        if seen.get(port):  # L493, RULINGS M18 no way back to where this step has been
            acts = [a for a in acts if arrangement(s, port, a) not in seen[port]]
        out += acts
    return out


def cargo_consents(s: dict, nation: str, action: dict) -> tuple[str, list[str], list[str]]:
    """The Port concerned, the nations to ask before a Cargo action: those with opposing
    Forces in the Port (and the Interior, to load), then the owners of another nation's Ship
    or Cargo involved (L471), and those owners alone: their consent is for this action only
    (M9); team-mates never oppose (L245)."""
    p = pack()
    forces = s["forces"]
    if "load" in action:
        ship, unit = action["onto"], action["load"]
        port = forces[ship]["at"]
        asked = opposing(s, port, nation) + opposing(s, p.ports[port].territory, nation)
        involved = [forces[ship]["nation"], forces[unit]["nation"]]
    elif "unload" in action:
        unit = action["unload"]
        ship = forces[unit]["cargo_of"]
        port = forces[ship]["at"]
        asked = opposing(s, port, nation)
        involved = [forces[ship]["nation"], forces[unit]["nation"]]
    elif "exchange" in action:
        c, d = action["exchange"], action["for"]
        port = forces[forces[c]["cargo_of"]]["at"]
        asked = opposing(s, port, nation)
        involved = [forces[x]["nation"] for x in (forces[c]["cargo_of"], forces[d]["cargo_of"], c, d)]
    else:
        unit, ship = action["transfer"], action["to"]
        port = forces[ship]["at"]
        asked = opposing(s, port, nation)
        involved = [forces[forces[unit]["cargo_of"]]["nation"], forces[ship]["nation"], forces[unit]["nation"]]
    owners = [x for x in involved if not same_team(s, x, nation)]
    for x in owners:
        if x not in asked:
            asked.append(x)
    order = [x for x in s["nations"] if x in asked]
    return port, order, [x for x in s["nations"] if x in owners]


class Cargo(Procedure):
    """L467-498 One act of Cargo Management by the Active Nation, once every nation
    concerned has consented."""

    def start(self, s, f):
        port, asked, owners = cargo_consents(s, f["nation"], f["action"])
        f["port"] = port
        what = cargo_words(s, f["action"], asking=True)
        call(
            s,
            "march_permission",
            nation=f["nation"],
            asked=asked,
            region=port,
            purpose="cargo",
            what=what,
            key=f"cargo:{port}",
            each_time=owners,
        )
        return "done"

    def done(self, s, f):
        nation, action = f["nation"], f["action"]
        if not f.pop("granted"):
            log(s, f"{name(nation)} may not {cargo_words(s, action, asking=True)}: permission refused.", "L241")
            return None
        forces = s["forces"]
        p = pack()
        seen = cargo_seen(s).setdefault(f["port"], [])
        before = arrangement(s, f["port"])
        if before not in seen:
            seen.append(before)
        if "load" in action:
            unit, ship = action["load"], action["onto"]
            text = cargo_words(s, action)
            forces[unit]["cargo_of"] = ship
            forces[unit]["at"] = forces[ship]["at"]
            log(s, f"{name(nation)} {text}.", "L489")
        elif "unload" in action:
            unit = action["unload"]
            ship = forces[unit]["cargo_of"]
            interior = p.ports[forces[ship]["at"]].territory
            text = cargo_words(s, action)
            forces[unit]["cargo_of"] = None
            forces[unit]["at"] = interior
            tag(s, unit, BLUE)  # L492 unloaded Land Units move no further this round
            tag(s, ship, BLUE)  # L461 unloading ends the Ship's movement
            entered(s, forces[unit]["nation"], interior)
            ended(s, unit)
            ended(s, ship)
            log(s, f"{name(nation)} {text}; both take Blue Arrow Tags.", "L492")
        elif "exchange" in action:
            c, d = action["exchange"], action["for"]
            text = cargo_words(s, action)
            forces[c]["cargo_of"], forces[d]["cargo_of"] = forces[d]["cargo_of"], forces[c]["cargo_of"]
            log(s, f"{name(nation)} {text}.", "L492")
        else:
            unit, ship = action["transfer"], action["to"]
            text = cargo_words(s, action)
            forces[unit]["cargo_of"] = ship
            log(s, f"{name(nation)} {text}.", "L493")
        seen.append(arrangement(s, f["port"]))  # RULINGS M18 not to come back to either
        return None


def cargo_words(s: dict, action: dict, asking: bool = False) -> str:
    """What a Cargo action does: "loads the French Half Infantry ... onto ..." (the log), or
    with ``asking`` "load ..." (a permission asked for, an action refused)."""
    said = _cargo_words(s, action)
    if asking:
        verb, _, rest = said.partition(" ")
        return f"{verb[:-1]} {rest}"  # loads, unloads, exchanges, transfers
    return said


def _cargo_words(s: dict, action: dict) -> str:
    forces = s["forces"]
    p = pack()
    if "load" in action:
        unit, ship = action["load"], action["onto"]
        return (
            f"loads {describe_short(s, unit)} from {where(forces[unit]['at'])} onto "
            f"{describe_short(s, ship)} in {where(forces[ship]['at'])}"
        )
    if "unload" in action:
        unit = action["unload"]
        ship = forces[unit]["cargo_of"]
        port = forces[ship]["at"]
        return (
            f"unloads {describe_short(s, unit)} from {describe_short(s, ship)} in {where(port)} "
            f"into {where(p.ports[port].territory)}"
        )
    if "exchange" in action:
        c, d = action["exchange"], action["for"]
        return (
            f"exchanges {describe_short(s, c)} aboard {describe_short(s, forces[c]['cargo_of'])} for "
            f"{describe_short(s, d)} aboard {describe_short(s, forces[d]['cargo_of'])} in "
            f"{where(forces[forces[c]['cargo_of']]['at'])}"
        )
    unit, ship = action["transfer"], action["to"]
    return (
        f"transfers {describe_short(s, unit)} from {describe_short(s, forces[unit]['cargo_of'])} "
        f"to {describe_short(s, ship)} in {where(forces[ship]['at'])}"
    )


def describe_short(s: dict, fid: str) -> str:
    """'the Austrian Half Infantry'."""
    return "the " + describe(s, fid)


# ----- seizing Independent Ports (L554) ------------------------------------------------------


def port_rivals(s: dict, nation: str, port: str) -> list[str]:
    """L554 Nations whose Ships (not Out-of-Action, L715) in the Port could oppose its
    seizure; Land Units in the Interior cannot."""
    who = set()
    for fid in forces_at(s, port):
        f = s["forces"][fid]
        if is_ship(s, fid) and not out_of_action(s, fid) and not same_team(s, f["nation"], nation):
            who.add(f["nation"])
    return [x for x in s["nations"] if x in who]


def seizers(s: dict, nation: str, port: str) -> list[str]:
    """Ships of the Active Nation that may seize the Independent Port they are in from the
    main choices of Steps C-D (RULINGS M8): not Out-of-Action, not White, and free to end
    their movement there."""
    if port in s["control"] or port not in pack().ports:
        return []
    forces = s["forces"]
    ships = [
        x
        for x in mobile(s, nation, port, "ship")
        if not out_of_action(s, x) and WHITE not in forces[x]["tags"] and ship_may_stop(s, nation, x, port)
    ]
    return sorted(ships, key=lambda x: BLUE not in forces[x]["tags"])  # a Ship done moving first


def seize_actions(s: dict, nation: str) -> list:
    cache = consent_cache(s)
    ports = sorted({f["at"] for f in s["forces"].values() if f["nation"] == nation and f["at"] in pack().ports})
    return [
        {"seize": port}
        for port in ports
        if seizers(s, nation, port) and not refused(cache, f"seize:{port}", port_rivals(s, nation, port))
    ]


class Seize(Procedure):
    """L554 An Active Nation's Ship in an Independent Port free of opposing Ships seizes
    it: a Minor Port with its Flag. The Ship ends its movement there."""

    def start(self, s, f):
        port = f["port"]
        if f.get("ship") is None:
            f["ship"] = seizers(s, f["nation"], port)[0]
        call(
            s,
            "march_permission",
            nation=f["nation"],
            asked=port_rivals(s, f["nation"], port),
            region=port,
            purpose="seize",
            what=f"seize the Port of {where(port)}",
            key=f"seize:{port}",
        )
        return "done"

    def done(self, s, f):
        nation, port = f["nation"], f["port"]
        if not f.pop("granted"):
            log(s, f"{name(nation)} cannot seize {where(port)}: opposing Ships are there.", "L554")
            return None
        capture(s, port, nation)
        end_movement(s, [f["ship"]])
        log(
            s,
            f"The {describe(s, f['ship'])} seizes {where(port)}: a Minor Port under "
            f"{adjective(nation)} Flag. The Ship ends its movement there.",
            "L554",
        )
        return None


# ----- permissions (L236-241) -----------------------------------------------------------------


class Permission(Procedure):
    """L236-241 Ask every nation in ``asked`` in turn; the refusal of any one prevents the
    action. Writes ``granted`` into the frame that called it. With ``key`` a consent or
    refusal is remembered for the rest of the Active Nation's turn (RULINGS M9), but for the
    nations in ``each_time`` (the owners of a Ship or Cargo a Cargo action moves): they are
    asked for each action, and only their refusal is remembered."""

    def start(self, s, f):
        f["left"] = list(f["asked"])
        return "next"

    def next(self, s, f):
        cache = consent_cache(s) if f.get("key") else None
        while f["left"]:
            x = f["left"][0]
            known = cache is not None and f"{f['key']}:{x}" in cache
            if known and x in f.get("each_time", ()) and cache[f"{f['key']}:{x}"]:
                known = False  # its own Ship or Cargo: a consent holds for one action only
            if known:
                if not cache[f"{f['key']}:{x}"]:
                    s["stack"][-2]["granted"] = False
                    return None
                f["left"].pop(0)
                continue
            ask(
                s,
                "march_consent",
                x,
                asker=f["nation"],
                purpose=f["purpose"],
                region=f["region"],
                what=f["what"],
                to=f.get("to"),
            )
            return "answer"
        s["stack"][-2]["granted"] = True
        return None

    def answer(self, s, f):
        x = f["left"].pop(0)
        ok = f.pop("answer") == "grant"
        if f.get("key") and (not ok or x not in f.get("each_time", ())):
            consent_cache(s)[f"{f['key']}:{x}"] = ok
        verb = "grants" if ok else "refuses"
        log(s, f"{name(x)} {verb} {name(f['nation'])} permission to {f['what']}.", "L241")
        if not ok:
            s["stack"][-2]["granted"] = False
            return None
        return "next"


class Consent(State):
    """L236-241 A nation with Forces where the Active Nation acts may oppose: any one
    refusal prevents the action. A permission granted must be honoured (L239)."""

    def prompt(self, s, f, role):
        return f"{name(f['asker'])} asks your permission to {f['what']}. Grant it, or refuse (oppose)?"

    def actions(self, s, f, role):
        return ["grant", "refuse"]

    def act(self, s, f, role, action):
        s["stack"][-2]["answer"] = action
        return None


# ----- executing an order (L541-556) ------------------------------------------------------------


class Execute(Procedure):
    """L541-556 Execute one order: the Active Nation chooses the forces of the group from
    those present without Blue or White tags (L543), then moves them along the path
    region by region:
    - leaving a region with opposing Forces needs every opposing nation's permission;
      a refusal ends the group's movement there with Blue tags, even in its starting
      region (L545-548); Ships sail past others in the Open Seas (L553);
    - at a region with another nation's Forces the Active Nation may regard them as
      opposing and stop there (L546);
    - Ships may end their movement early anywhere after leaving their starting region,
      all or some of them (L553), may seize an Independent Port they enter (L554) and
      manage Cargo in Ports they pause in (L461, L467-498);
    - Cavalry may take its Bonus Movement right after the plotted movement (L552);
    - Blue Arrow Tags when the order is complete (L541).
    A group short of forces moves with those there (RULINGS M3); a land group moves and
    stops as one (RULINGS M16)."""

    def start(self, s, f):
        nation = f["nation"]
        order = s["orders"][nation][f["order"]]
        kind = order_kind(order["from"])
        f["kind"] = kind
        pool = ready(s, nation, order["from"], kind)
        need = min(order["count"], len(pool))
        log(s, f"{name(nation)} executes its order {f['order'] + 1}: {order_text(order)}.", "L541")
        if need == 0:
            order["status"] = DONE
            tents = s["tents"].get(order["from"], {}).get(nation, 0)
            why = " (Field Hospital Tents stand for the casualties)" if tents else ""
            log(s, f"No force is left in {where(order['from'])} to carry it out{why}.", "L523")
            return None
        pick_group(s, f, nation, pool, need, "move", order["from"])
        return "depart"

    def depart(self, s, f):
        nation = f["nation"]
        order = s["orders"][nation][f["order"]]
        f["group"] = f.pop("picked")
        f["here"] = order["from"]
        f["k"] = 0
        f["stopped"] = False
        short = order["count"] - len(f["group"])
        tents = f" ({plural(short, 'Field Hospital Tent')} for the rest)" if short > 0 else ""
        log(s, f"The group: {forces_text(s, f['group'])}{tents}.", "L543")
        return "leave"

    def leave(self, s, f):
        """L545-548, L553 Leaving a region: permission from every opposing nation, except
        for Ships in an Open Sea."""
        nation, here = f["nation"], f["here"]
        if f["kind"] == "ship" and here in pack().seas:
            return "advance"
        opp = opposing(s, here, nation)
        if not opp:
            return "advance"
        order = s["orders"][nation][f["order"]]
        nxt = order["path"][f["k"]]
        call(
            s,
            "march_permission",
            nation=nation,
            asked=opp,
            region=here,
            purpose="exit",
            what=f"leave {where(here)} for {where(nxt)} with {plural(len(f['group']), 'force')}",
            to=nxt,
        )
        return "left"

    def left(self, s, f):
        if f.pop("granted"):
            return "advance"
        there = "in its starting region" if f["k"] == 0 else "there"
        log(
            s,
            f"{name(f['nation'])}'s group is blocked in {where(f['here'])}: its movement ends {there} "
            "with Blue Arrow Tags.",
            "L548",
        )
        f["stopped"] = True
        return "finish"

    def advance(self, s, f):
        nation = f["nation"]
        order = s["orders"][nation][f["order"]]
        nxt = order["path"][f["k"]]
        move_forces(s, f["group"], nxt)
        verb = "sails" if f["kind"] == "ship" else "marches"
        log(s, f"{name(nation)}'s group {verb} from {where(f['here'])} into {where(nxt)}.", "L541")
        f["here"] = nxt
        f["k"] += 1
        if f["kind"] == "land":
            entered(s, nation, nxt)
        if f["k"] == len(order["path"]):
            return "arrive"
        return "between"

    def between(self, s, f):
        acts = step_actions(s, f)
        if acts == ["continue"]:
            return "leave"
        order = s["orders"][f["nation"]][f["order"]]
        ask(
            s,
            "march_step",
            f["nation"],
            order=f["order"] + 1,
            region=f["here"],
            next=order["path"][f["k"]],
            destination=order["path"][-1],
            group=list(f["group"]),
            kind=f["kind"],
        )
        return "stepped"

    def stepped(self, s, f):
        choice = f.pop("choice")
        nation = f["nation"]
        end_cargo_step(s, choice)
        if choice == "continue":
            return "leave"
        if choice == "stop":
            log(s, f"{name(nation)}'s group ends its movement in {where(f['here'])}.", "L546")
            f["stopped"] = True
            return "finish"
        if "drop" in choice:
            fid = choice["drop"]
            f["group"].remove(fid)
            end_movement(s, [fid])
            log(s, f"The {describe(s, fid)} ends its movement in {where(f['here'])}.", "L553")
            return "regroup"
        if "seize" in choice:
            call(s, "march_seize", nation=nation, port=f["here"], ship=choice["seize"])
            return "regroup"
        call(s, "march_cargo", nation=nation, action=choice)
        return "regroup"

    def regroup(self, s, f):
        """Ships that unloaded or seized end their movement (L463, L554): out of the group."""
        f["group"] = [x for x in f["group"] if x in s["forces"] and BLUE not in s["forces"][x]["tags"]]
        if not f["group"]:
            return "finish"
        return "between"

    def arrive(self, s, f):
        """L552 Cavalry Bonus Movement, right after the plotted movement; not after entering
        a White Mountain Range (L449-451), nor when tagged (the group was blocked or
        stopped); leaving a region with opposing Forces needs permission (RULINGS M10)."""
        if f["kind"] != "land" or f["stopped"]:
            return "finish"
        p = pack()
        here = f["here"]
        if here in p.mountains and p.mountains[here].colour == "white":
            if any(s["forces"][x]["type"] == "cavalry" for x in f["group"]):
                log(s, "The Cavalry entered a White Mountain Range: no Bonus Movement.", "L451")
            return "finish"
        f["riders"] = [x for x in f["group"] if s["forces"][x]["type"] == "cavalry"]
        return "bonus"

    def bonus(self, s, f):
        f["riders"] = [x for x in f["riders"] if x in s["forces"] and BLUE not in s["forces"][x]["tags"]]
        if not f["riders"] or not ride_targets(s, f["here"]) or f.get("bonus_refused"):
            return "finish"
        ask(s, "march_bonus", f["nation"], riders=list(f["riders"]), region=f["here"])
        return "bonus_chosen"

    def bonus_chosen(self, s, f):
        choice = f.pop("choice")
        if choice == "done":
            return "finish"
        f["ride"] = choice
        if f.get("bonus_granted") or not opposing(s, f["here"], f["nation"]):
            return "ride_on"
        call(
            s,
            "march_permission",
            nation=f["nation"],
            asked=opposing(s, f["here"], f["nation"]),
            region=f["here"],
            purpose="exit",
            what=f"move Cavalry out of {where(f['here'])} (Cavalry Bonus Movement)",
            to=choice["to"],
        )
        return "bonus_permission"

    def bonus_permission(self, s, f):
        if f.pop("granted"):
            f["bonus_granted"] = True
            return "ride_on"
        f["bonus_refused"] = True
        log(s, f"Opposing Forces in {where(f['here'])}: no Cavalry Bonus Movement.", "L552")
        return "finish"

    def ride_on(self, s, f):
        choice = f.pop("ride")
        fid, to = choice["ride"], choice["to"]
        ride(s, f["nation"], fid, f["here"], to)
        return "bonus"

    def finish(self, s, f):
        nation = f["nation"]
        order = s["orders"][nation][f["order"]]
        order["status"] = DONE
        end_movement(s, f.get("group", []))
        log(s, f"{name(nation)}'s order {f['order'] + 1} is complete: Blue Arrow Tags on the group.", "L541")
        return None


def step_actions(s: dict, f: dict) -> list:
    """The choices at a region along the path (see ``Execute``, RULINGS M16)."""
    nation, here, group = f["nation"], f["here"], f["group"]
    acts: list = ["continue"]
    if f["kind"] == "land":
        if opposing(s, here, nation):
            acts.append("stop")  # L546
        return acts
    acts.append("stop")  # L553 Admiral's Prerogative
    if len(group) > 1:
        acts += [{"drop": x} for x in representatives(s, group)]
    p = pack()
    if here in p.ports:
        if here not in s["control"] and not refused(consent_cache(s), f"seize:{here}", port_rivals(s, nation, here)):
            acts += [{"seize": x} for x in representatives(s, group) if not out_of_action(s, x)]
        acts += cargo_actions(s, nation, port_only=here, group=group)
    return acts


def ride_targets(s: dict, region: str) -> list[str]:
    """L552 One adjacent land region, never a closed one (L249-254)."""
    return sorted(r for r in pack().land_neighbours(region) if not closed_to(s, r))


def ride(s: dict, nation: str, fid: str, here: str, to: str) -> None:
    move_forces(s, [fid], to)
    log(s, f"The {describe(s, fid)} rides on from {where(here)} into {where(to)} (Cavalry Bonus Movement).", "L552")
    entered(s, nation, to)
    end_movement(s, [fid])


class Ride(Procedure):
    """L443-445, L552, RULINGS M7 A Cavalry without orders may make its Bonus Movement
    (its plotted movement was 0 regions), then takes a Blue tag."""

    def start(self, s, f):
        fid = f["cavalry"]
        f["here"] = s["forces"][fid]["at"]
        ask(s, "march_bonus", f["nation"], riders=[fid], region=f["here"])
        return "chosen"

    def chosen(self, s, f):
        choice = f.pop("choice")
        if choice == "done":
            return None
        f["ride"] = choice
        opp = opposing(s, f["here"], f["nation"])
        if not opp:
            return "go"
        call(
            s,
            "march_permission",
            nation=f["nation"],
            asked=opp,
            region=f["here"],
            purpose="exit",
            what=f"move Cavalry out of {where(f['here'])} (Cavalry Bonus Movement)",
            to=choice["to"],
        )
        return "granted"

    def granted(self, s, f):
        if f.pop("granted"):
            return "go"
        log(s, f"Opposing Forces in {where(f['here'])}: no Cavalry Bonus Movement.", "L552")
        tag(s, f["cavalry"], BLUE)  # L548 blocked, even in its starting region
        return None

    def go(self, s, f):
        choice = f.pop("ride")
        ride(s, f["nation"], choice["ride"], f["here"], choice["to"])
        return None


def ride_actions(s: dict, nation: str) -> list:
    """Cavalry without orders that may still ride (RULINGS M7); not from a White Mountain
    Range: L452 "Cavalry Forces ending their movement in a White Mountain Range are not
    eligible for Cavalry Bonus Movement", and a Cavalry without orders ends its plotted
    movement (0 regions, L445) where it stands (RULINGS M20)."""
    forces = s["forces"]
    mountains = pack().mountains
    regions = sorted({g["at"] for g in forces.values() if g["nation"] == nation and g["type"] == "cavalry"})
    acts = []
    for region in regions:
        if order_kind(region) != "land" or not ride_targets(s, region):
            continue
        if region in mountains and mountains[region].colour == "white":
            continue  # L452 (RULINGS M20)
        riders = [u for u in free(s, nation, region, "land") if forces[u]["type"] == "cavalry"]
        acts += [{"ride": u} for u in representatives(s, riders)]
    return acts


# ----- Trading Tangibles (optional, L997-1004) ------------------------------------------------------


def last_round(s: dict) -> bool:
    return s["round"] >= (s.get("last_round") or LAST_ROUND)


def trade_items(s: dict, nation: str, kind: str) -> list:
    """L1001-1002 What a nation may give: up to 3 Chests of Gold (not while its Treasury is
    closed, L392), 1 Port, 1 Territory other than a Capital, or 1 Mobile Force (a Ship
    bearing Cargo may not; RULINGS M12: nor Cargo), by region first."""
    p = pack()
    if kind == "gold":
        if not treasury_open(s, nation):
            return []
        return [{"gold": k} for k in range(1, min(TRADE_GOLD, s["gold"][nation]) + 1)]
    if kind == "port":
        return [{"port": r} for r in sorted(s["control"]) if s["control"][r] == nation and r in p.ports]
    if kind == "territory":
        return [
            {"territory": r}
            for r in sorted(s["control"])
            if s["control"][r] == nation and r in p.territories and p.territories[r].tier != "capital"
        ]
    return [{"region": r} for r in sorted({s["forces"][x]["at"] for x in tradable_forces(s, nation)})]


def tradable_forces(s: dict, nation: str, region: str | None = None) -> list[str]:
    forces = s["forces"]
    carrying = {g["cargo_of"] for g in forces.values() if g["cargo_of"] is not None}
    return [
        x
        for x, g in forces.items()
        if g["nation"] == nation
        and g["cargo_of"] is None
        and x not in carrying
        and (region is None or g["at"] == region)
    ]


def trade_kinds(s: dict, nation: str, receiver: str | None = None) -> list[str]:
    """What ``nation`` has to give; no Gold to a nation whose Treasury is closed (L392)."""
    kinds = [k for k in ("gold", "port", "territory", "force") if trade_items(s, nation, k)]
    if receiver is not None and not treasury_open(s, receiver):
        kinds = [k for k in kinds if k != "gold"]
    return kinds


def trade_actions(s: dict, nation: str) -> list:
    """L997-1004 Once a Game Round, during its turn, the Active Nation may propose one
    trade to one other nation, of another player's (L246: one player's nations' resources
    are never mixed); never in the last Game Round."""
    if not s["options"].get("trading") or nation in s["traded"] or last_round(s):
        return []
    turn = turn_frame(s)
    spurned = turn.get("spurned", []) if turn else []
    if not trade_kinds(s, nation):
        return []
    return [
        {"trade": x}
        for x in in_play(s)
        if x != nation
        and not same_team(s, x, nation)
        and x not in spurned
        and x not in s["traded"]  # L1001: a trade a Game Round for each of its two nations (M12)
        and trade_kinds(s, x, nation)
        and trade_kinds(s, nation, x)
    ]


def item_text(s: dict, item: dict) -> str:
    if "gold" in item:
        return f"{item['gold']} Gold"
    if "port" in item:
        return f"control of {where(item['port'])}"
    if "territory" in item:
        return f"control of {where(item['territory'])}"
    return f"{describe_short(s, item['force'])} in {where(s['forces'][item['force']]['at'])}"


def hand_over(s: dict, giver: str, receiver: str, item: dict) -> None:
    """L1001-1003 Gold changes Treasury; a Port or Territory changes Flag (it is not a
    capture: damage, Gold held and Revolts stay, RULINGS M12); a Mobile Force changes
    colour where it stands, loses any Elite Pennant, keeps its Arrow Tags and damage."""
    if "gold" in item:
        s["gold"][giver] -= item["gold"]
        s["gold"][receiver] += item["gold"]
    elif "port" in item or "territory" in item:
        s["control"][item.get("port") or item.get("territory")] = receiver
    else:
        f = s["forces"][item["force"]]
        f["nation"] = receiver
        f["elite"] = False


class Trade(Procedure):
    """L997-1004 The Active Nation builds its proposal step by step (what it gives, then
    what it asks in return, one item each, RULINGS M12) and the other nation accepts or
    refuses. A refused proposal is no trade; the same nation is not asked again this turn."""

    def start(self, s, f):
        f["stage"] = "give"
        return "propose"

    def propose(self, s, f):
        ask(
            s,
            "march_trade",
            f["nation"],
            stage=f["stage"],
            partner=f["partner"],
            kind=f.get("kind"),
            region=f.get("region"),
            give=f.get("give"),
        )
        return "chosen"

    def chosen(self, s, f):
        choice = f.pop("choice")
        if choice == "abandon":
            log(s, f"{name(f['nation'])} abandons its proposal of a trade to {name(f['partner'])}.", "L999")
            return None
        stage = f["stage"]
        if stage in ("give", "get"):
            f["kind"] = choice[stage]
            f["stage"] = stage + "_item"
        elif stage in ("give_item", "get_item"):
            if "region" in choice:
                f["region"] = choice["region"]
                f["stage"] = stage.replace("_item", "_force")
            else:
                f[stage[:-5]] = choice
                f["stage"] = "get" if stage == "give_item" else "answer"
        else:  # *_force
            f[stage[:-6]] = choice
            f["region"] = None
            f["stage"] = "get" if stage == "give_force" else "answer"
        if f["stage"] == "answer":
            nation, partner = f["nation"], f["partner"]
            log(
                s,
                f"{name(nation)} proposes a trade to {name(partner)}: {item_text(s, f['give'])} for "
                f"{item_text(s, f['get'])}.",
                "L999",
            )
            ask(s, "march_trade_answer", partner, proposer=nation, give=f["give"], get=f["get"])
            return "answered"
        return "propose"

    def answered(self, s, f):
        nation, partner = f["nation"], f["partner"]
        if f.pop("answer") != "accept":
            log(s, f"{name(partner)} refuses the trade.", "L999")
            turn = turn_frame(s)
            turn.setdefault("spurned", []).append(partner)
            return None
        hand_over(s, nation, partner, f["give"])
        hand_over(s, partner, nation, f["get"])
        s["traded"] += [nation, partner]  # each has made its trade of the round (L1001, M12)
        log(s, f"{name(partner)} accepts: the trade is made.", "L999")
        return None


class TradeChoice(State):
    """L997-1004 The Active Nation's proposal, one step at a time."""

    def prompt(self, s, f, role):
        who = name(f["partner"])
        return {
            "give": f"Trade with {who}: what kind of thing do you give?",
            "give_item": f"Trade with {who}: choose what you give.",
            "give_force": f"Trade with {who}: choose the Mobile Force you give.",
            "get": f"Trade with {who}: what kind of thing do you ask in return?",
            "get_item": f"Trade with {who}: choose what you ask for.",
            "get_force": f"Trade with {who}: choose the Mobile Force you ask for.",
        }[f["stage"]] + " Or abandon the trade."

    def actions(self, s, f, role):
        stage = f["stage"]
        who = role if stage.startswith("give") else f["partner"]
        if stage in ("give", "get"):
            acts = [{stage: k} for k in trade_kinds(s, who, f["partner"] if who == role else role)]
        elif stage.endswith("_item"):
            acts = trade_items(s, who, f["kind"])
        else:
            acts = [{"force": x} for x in representatives(s, tradable_forces(s, who, f["region"]))]
        return acts + ["abandon"]

    def act(self, s, f, role, action):
        s["stack"][-2]["choice"] = action
        return None


class TradeAnswer(State):
    """L999 The other nation must accept for a trade to happen."""

    def prompt(self, s, f, role):
        return (
            f"{name(f['proposer'])} offers you {item_text(s, f['give'])} for {item_text(s, f['get'])}. "
            "Accept or refuse?"
        )

    def actions(self, s, f, role):
        return ["accept", "refuse"]

    def act(self, s, f, role, action):
        s["stack"][-2]["answer"] = action
        return None


# ----- the Active Nation's turn -------------------------------------------------------------------


class ActiveTurn(Procedure):
    """L512-563 Steps A-E for the Active Nation ``nation``."""

    def start(self, s, f):
        f["consent"] = {}
        review(s, f["nation"])  # Step A, L516-525
        checkpoint(s)  # the orders are public now: nobody may take back what came before
        return "step_b"

    def step_b(self, s, f):
        """L537-540 Step B: pre-movement battles, before any movement (Cargo Management too)."""
        ask(s, "march_battles", f["nation"], step="pre", fought=list(f.get("fought", [])))
        return "after_b"

    def after_b(self, s, f):
        choice = f.pop("choice")
        end_cargo_step(s, choice)
        if choice == "march":
            log(s, f"{name(f['nation'])} begins to execute its orders.", "L541")
            return "step_c"
        return self.common(s, f, choice, "step_b")

    def step_c(self, s, f):
        """L541-556 Step C: execute the orders in any sequence, with Cargo Management."""
        ask(s, "march_orders", f["nation"])
        return "after_c"

    def after_c(self, s, f):
        choice = f.pop("choice")
        end_cargo_step(s, choice)
        if choice == "end":
            log(s, f"{name(f['nation'])} has resolved all its movement.", "L557")
            return "step_d"
        if "execute" in choice:
            call(s, "march_order", nation=f["nation"], order=choice["execute"] - 1)
            return "step_c"
        if "ride" in choice:
            call(s, "march_ride", nation=f["nation"], cavalry=choice["ride"])
            return "step_c"
        return self.common(s, f, choice, "step_c")

    def step_d(self, s, f):
        """L557-559 Step D: post-movement battles; Cargo Management still allowed."""
        ask(s, "march_battles", f["nation"], step="post", fought=list(f.get("fought", [])))
        return "after_d"

    def after_d(self, s, f):
        choice = f.pop("choice")
        end_cargo_step(s, choice)
        if choice == "end":
            return "step_e"
        return self.common(s, f, choice, "step_d")

    def common(self, s, f, choice, back):
        nation = f["nation"]
        if "battle" in choice:
            f.setdefault("fought", []).append(choice["battle"])  # for the bots: battles begun this turn
            call(s, "battle", region=choice["battle"])
        elif "cancel" in choice:
            call(s, "orders_cancel", nation=nation, order=choice["cancel"] - 1)
        elif "trade" in choice:
            call(s, "march_trade", nation=nation, partner=choice["trade"])
        elif "seize" in choice:
            call(s, "march_seize", nation=nation, port=choice["seize"], ship=None)
        else:
            call(s, "march_cargo", nation=nation, action=choice)
        return back

    def step_e(self, s, f):
        """L561-563 Step E: the turn ends (the round clears Arrow Tags and Field Hospital
        Tents after the last Active Nation)."""
        log(s, f"{name(f['nation'])}'s turn as the Active Nation is over.", "L561")
        return None


def battle_actions(s: dict, nation: str) -> list:
    return [{"battle": r} for r in battle_sites(s, nation)]


def cancel_actions(s: dict, nation: str) -> list:
    return [{"cancel": i + 1} for i, o in enumerate(s["orders"].get(nation, ())) if o["status"] == PLOTTED]


def pending_text(s: dict, nation: str) -> str:
    orders = s["orders"].get(nation, ())
    left = [f"{i + 1}: {order_text(o)}" for i, o in enumerate(orders) if o["status"] == PLOTTED]
    return "; ".join(left) if left else "none"


class Battles(State):
    """L537-540 Step B (``step`` "pre") and L557-559 Step D ("post"): initiate battles
    where the Active Nation may, or go on. Orders may be cancelled before or after the
    pre-movement battles (L527); in Step D Cargo Management is still possible (L559)."""

    def prompt(self, s, f, role):
        if f["step"] == "pre":
            return (
                "Step B: initiate a pre-movement battle, cancel an order, or begin moving "
                f"(orders to execute: {pending_text(s, role)})."
            )
        return "Step D: initiate a post-movement battle, manage Cargo, or end your turn."

    def actions(self, s, f, role):
        acts = battle_actions(s, role)
        if f["step"] == "pre":
            acts += cancel_actions(s, role)
        else:
            acts += cargo_actions(s, role) + seize_actions(s, role)
        acts += trade_actions(s, role)
        return acts + (["march"] if f["step"] == "pre" else ["end"])

    def legal(self, s, f, role, action):
        """A quick answer for the action at hand (``quick``); the full list otherwise."""
        pre = f["step"] == "pre"
        found = quick(s, role, action, cargo=not pre, cancel=pre, execute=False)
        return found if found is not None else super().legal(s, f, role, action)

    def act(self, s, f, role, action):
        s["stack"][-2]["choice"] = action
        return None


def quick(s: dict, role: str, action, cargo: bool, cancel: bool, execute: bool):
    """The legal action equal to ``action`` when it is found in the part of the list of
    actions it belongs to (a battle among the battle sites, a Cargo action among those
    of its own Port), else None. Every part is a part of the full list, so what is found
    here is legal; what is not is judged on the full list."""
    if type(action) is not dict:
        return None
    forces = s["forces"]
    if "battle" in action:
        part = battle_actions(s, role)
    elif (cancel and "cancel" in action) or (execute and "execute" in action):
        left = cancel_actions(s, role)
        part = (left if cancel else []) + ([{"execute": a["cancel"]} for a in left] if execute else [])
    elif cargo and ("load" in action or "unload" in action or "transfer" in action or "exchange" in action):
        ship = action.get("onto") or action.get("to")
        for key in ("unload", "exchange"):
            if ship is None and isinstance(action.get(key), str) and action[key] in forces:
                ship = forces[action[key]]["cargo_of"]
        if ship not in forces:
            return None
        part = cargo_actions(s, role, port_only=forces[ship]["at"])
    else:
        return None
    for candidate in part:
        if same(candidate, action):
            return candidate
    return None


class Orders(State):
    """L541-556 Step C: choose the next order to execute (or cancel, RULINGS M1), manage
    Cargo, seize an Independent Port, let a Cavalry without orders ride; 'end' once every
    order is executed or cancelled (RULINGS M15)."""

    def prompt(self, s, f, role):
        return f"Step C: execute your orders in any sequence (left: {pending_text(s, role)}); manage Cargo as you go."

    def actions(self, s, f, role):
        left = cancel_actions(s, role)
        acts: list = [{"execute": a["cancel"]} for a in left] + left
        acts += cargo_actions(s, role) + seize_actions(s, role) + ride_actions(s, role) + trade_actions(s, role)
        if not left:
            acts.append("end")
        return acts

    def legal(self, s, f, role, action):
        """A quick answer for the action at hand (``quick``); the full list otherwise."""
        found = quick(s, role, action, cargo=True, cancel=True, execute=True)
        return found if found is not None else super().legal(s, f, role, action)

    def act(self, s, f, role, action):
        s["stack"][-2]["choice"] = action
        return None


class Step(State):
    """A group's pause at a region along its path (see ``Execute``)."""

    def prompt(self, s, f, role):
        here, nxt = where(f["region"]), where(f["next"])
        if f["kind"] == "ship":
            return (
                f"Your Ships are in {here} (order {f['order']}, to {where(f['destination'])}). Sail on to {nxt}, "
                "stop here (all or some), seize the Port, or manage Cargo?"
            )
        return f"Your group is in {here}, where other nations' Forces stand. Go on to {nxt} or stop here?"

    def actions(self, s, f, role):
        frame = s["stack"][-2]
        return step_actions(s, frame)

    def act(self, s, f, role, action):
        s["stack"][-2]["choice"] = action
        return None


class Bonus(State):
    """L443-445, L552 Cavalry Bonus Movement: each Cavalry may move 1 adjacent land region
    further, or not."""

    def prompt(self, s, f, role):
        return f"Cavalry Bonus Movement from {where(f['region'])}: ride 1 region further, or Done to stay."

    def actions(self, s, f, role):
        targets = ride_targets(s, f["region"])
        return [{"ride": x, "to": r} for x in representatives(s, f["riders"]) for r in targets] + ["done"]

    def act(self, s, f, role, action):
        s["stack"][-2]["choice"] = action
        return None


PROCEDURES = {
    "active_turn": ActiveTurn(),
    "march_order": Execute(),
    "march_permission": Permission(),
    "march_cargo": Cargo(),
    "march_seize": Seize(),
    "march_ride": Ride(),
    "march_trade": Trade(),
}
STATES = {
    "march_battles": Battles(),
    "march_orders": Orders(),
    "march_step": Step(),
    "march_bonus": Bonus(),
    "march_consent": Consent(),
    "march_trade": TradeChoice(),
    "march_trade_answer": TradeAnswer(),
}
