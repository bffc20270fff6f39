"""Over There for learning agents (docs/RL.md): actions spelt key by key, and a side's view
as numbers in [0, 1].

Every counter of the scenario has a fixed id (``ru-1-army-hq``), so units are values like
hexes: an action is spelt as each of its keys, in sorted order, then its value, then an
end (``rl.encoding.Spelling``). The values are the map's hexes and bridged hexsides, the
scenario's units and leaders, the rules' words (phases, ways of moving, air missions),
numbers, true, false and none.

An enemy unit out of contact shows only as a count of counters in its hex (ruling O1), so
its row in ``units`` stays at 0 and only ``hidden`` counts it. Counts are divided by a
scale (``SCALE``) and clipped at 1.
"""

from __future__ import annotations

from ...rl.encoding import Encoding, Spelling, Writer, positions
from .world import BRIDGES, HEX_ORDER, INITIAL_BRIDGES, INITIAL_OWNER, LEADERS, PHASES, SC, SIDES, UNITS

WORDS = ("pass", "done")  # the actions that are words (none in this scenario so far)
KEYS = (
    "activate", "add", "advance", "air", "air_bombard", "air_recon", "assign_leader", "at", "attack",
    "bombard", "break_rail", "build", "by", "cancel", "choice", "clear_rail", "commit", "das",
    "demolish_bridge", "destroy_res", "disband", "end", "into", "leader", "load", "man_pts", "on_map",
    "overrun", "place_man", "points", "rail_build", "rail_res", "remove", "repair_bridge",
    "repair_rail", "replace", "res_at", "res_rail", "resolve", "rest", "scrap", "second_advance",
    "stack", "stay", "superiority", "take_back", "to", "unair", "unit", "units", "unload", "way", "with",
    "withdraw", "withdraw_leader",
)  # fmt: skip
RULE_WORDS = (
    *PHASES,
    "advance", "second-advance", "counter-bombardment", "general-staff", "replacements", "man-pts",  # steps to end
    "accel", "march", "overrun", "rail", "river",  # ways of moving (6-7)
    "strat",  # a move by strategic rail movement (7A3)
    "fieldworks", "entrenchments",  # 13A
    "recon", "gs", "bombard", "superiority", "ds",  # B17 air missions
)  # fmt: skip
NUMBERS = range(0, 31)
SUPPLY = ("general", "out", "isolated")
CRTS = ("mobile", "positional")
SCALE = {"rating": 40, "movement": 20, "re": 10, "count": 5, "res": 5, "odds": 80, "vp": 50, "rail": 40, "pool": 10}


def choices() -> list[str]:
    """The scenario's option choices (accept, decline...)."""
    return [c.id for o in SC.options for c in o.choices]


def spelling() -> Spelling:
    values = [*RULE_WORDS, *choices(), *HEX_ORDER, *BRIDGES, *UNITS, *LEADERS, *SIDES, *NUMBERS, True, False, None]
    return Spelling(WORDS, KEYS, values, slots=())


def blocks() -> list[tuple[str, int, str]]:
    h, u, s = len(HEX_ORDER), len(UNITS), len(SIDES)
    unit_row = 1 + h + 3 + 1 + 2 + 1 + 1 + len(SUPPLY) + 3
    hq = [x for x in UNITS if UNITS[x].type == "army-hq"]
    return [
        ("me", s, "my side, one-hot in the order entente, central-powers"),
        ("to_act", s, "the sides the game waits for now"),
        ("turn", 1 + s + len(PHASES), "the turn over the scenario's turns; the phasing side; the phase (4A) one-hot"),
        (
            "units",
            u * unit_row,
            "each counter in the scenario's order: seen; its hex one-hot; attack and defense over 40, movement "
            "over 20; cadre; disrupted, badly disrupted; fatigued; ZOC; RE over 10; supply (general, out, "
            "isolated); and for my own: moved, spent, Res Pts carried over 5. All 0 when not seen",
        ),
        ("hidden", h * s, "enemy counters out of contact in each hex (ruling O1), by side, over 5"),
        ("owner", h * s, "each hex's owner (5B), one-hot by side"),
        ("works", h * (s + 1), "each hex's fieldworks or entrenchments (13A): the side, one-hot; the level over 3"),
        ("markers", h * 6, "each hex: rail break (7A6), obstructed (7A7), contested (9J), fallen city (11C2a), "
         "depleted fortress (11C2b), under repair"),
        ("bridges", len(BRIDGES) * (s + 1), "each bridge (15A1): its owner one-hot; demolished"),
        ("res", h * s, "Res Pts in each hex (11G), by side, over 5: my own, the enemy's in sight"),
        ("hq", len(hq) * (1 + len(LEADERS)), "each army HQ (14M) in sight: active; its leader one-hot"),
        ("staff", len(LEADERS), "the leaders on my general staff free to take a command now (14P)"),
        ("zoc", h * s, "the hexes in each side's ZOC (5A)"),
        ("selected", u + h + 5 + h, "the units being moved; the hexes they may reach; the way named (accel, march, "
         "overrun, rail, river); the stacks they may overrun"),
        ("attack", h + u + 2 + len(CRTS) + 1, "the attack being planned (9A): the hex; the attackers; attack and "
         "defense strength over 80; the CRT; the die modifier"),
        ("targets", h * 2, "each hex open to attack: attack and defense strength over 80"),
        ("last", h + s + 3 * u, "the last combat (9): its hex; the attacking side; the units reduced, eliminated, "
         "retreating"),
        ("score", 2 * s, "each side's VP for losses, options and withdrawals, and its score (over 50)"),
        ("eliminated", u, "the units in the replacement pools (16B2)"),
        ("mine", 7, "my rail capacity used and left over 40 (7A); my replacement pool, men and equipment, over 10; "
         "my air points left, superiority and aborts over 5 (B17)"),
        ("due", u, "my units still to arrive (16A)"),
    ]  # fmt: skip


def encoding(start: dict) -> Encoding:
    """``start``: the spectator's view of the game as it begins."""
    sp = spelling()
    sides = positions(SIDES)
    hexes = positions(HEX_ORDER)
    units = positions(UNITS)
    bridges = positions(BRIDGES)
    leaders = positions(LEADERS)
    phases = positions(PHASES)
    supply = positions(SUPPLY)
    ways = positions(("accel", "march", "overrun", "rail", "river"))
    crts = positions(CRTS)
    hq = positions([x for x in UNITS if UNITS[x].type == "army-hq"])
    h, u = len(hexes), len(units)
    unit_row = 1 + h + 3 + 1 + 2 + 1 + 1 + len(SUPPLY) + 3
    layout = blocks()
    sizes = {name: size for name, size, _ in layout}

    def scaled(value, scale) -> float:
        return min(max((value or 0) / SCALE[scale], 0.0), 1.0)

    def per_side(w: Writer, by_hex_side: dict) -> None:
        """Hex -> side -> number, written hex by hex."""
        at = w.at
        for side, numbers in by_hex_side.items():
            j = sides.get(side)
            if j is None:
                continue
            for x, n in numbers.items():
                i = hexes.get(x)
                if i is not None and n:
                    w.x[at + i * 2 + j] = min(max(n, 0.0), 1.0)
        w.at = at + h * 2

    def observe(view: dict, w: Writer) -> None:
        b = view["board"]
        me = view["role"]
        w.one_hot(me, sides)
        w.marks(view["active"], sides)
        w.put(min(b["turn_index"] / max(b["turns"], 1), 1.0))
        w.one_hot(b["phasing"], sides)
        w.one_hot(b["phase"], phases)
        rows = w.at
        for c in b["units"]:
            i = units.get(c["id"])
            if i is None:
                continue
            w.at = rows + i * unit_row
            w.put(1.0)
            w.one_hot(c["hex"], hexes)
            w.put(scaled(c["attack"], "rating"), scaled(c["defense"], "rating"), scaled(c["movement"], "movement"))
            w.put(1.0 if c["cadre"] else 0.0, 1.0 if c["dis"] >= 1 else 0.0, 1.0 if c["dis"] >= 2 else 0.0)
            w.put(1.0 if c["fat"] else 0.0, 1.0 if c["zoc"] else 0.0, scaled(c["re"], "re"))
            w.one_hot(c.get("supply"), supply)
            w.put(1.0 if c.get("moved") else 0.0, 1.0 if c.get("spent") else 0.0, scaled(c.get("carry"), "res"))
        w.at = rows + u * unit_row
        hidden: dict = {}
        for x in b["hidden"]:
            hidden.setdefault(x["side"], {})[x["hex"]] = x["count"] / SCALE["count"]
        per_side(w, hidden)
        owner = {**INITIAL_OWNER, **b["owner"]}
        at = w.at
        for x, side in owner.items():
            i, j = hexes.get(x), sides.get(side)
            if i is not None and j is not None:
                w.x[at + i * 2 + j] = 1.0
        w.at = at + h * 2
        at = w.at
        for x, work in b["works"].items():
            i, j = hexes.get(x), sides.get(work.get("side"))
            if i is not None:
                if j is not None:
                    w.x[at + i * 3 + j] = 1.0
                w.x[at + i * 3 + 2] = min((work.get("level") or 0) / 3, 1.0)
        w.at = at + h * 3
        at = w.at
        for k, marked in enumerate(
            (b["breaks"], b["obstructed"], b["contested"], b["fallen"], b["depleted"], list(b["repairs"]))
        ):
            for x in marked:
                i = hexes.get(x)
                if i is not None:
                    w.x[at + i * 6 + k] = 1.0
        w.at = at + h * 6
        at = w.at
        owners = {**INITIAL_BRIDGES, **b["bridges"]}
        for x, side in owners.items():
            i, j = bridges.get(x), sides.get(side)
            if i is not None and j is not None:
                w.x[at + i * 3 + j] = 1.0
        for x in b["demolished"]:
            i = bridges.get(x)
            if i is not None:
                w.x[at + i * 3 + 2] = 1.0
        w.at = at + len(bridges) * 3
        per_side(w, {side: {x: n / SCALE["res"] for x, n in by_hex.items()} for side, by_hex in b["res"].items()})
        width = 1 + len(leaders)
        at = w.at
        for x, rec in b["hq"].items():
            i = hq.get(x)
            if i is None:
                continue
            w.x[at + i * width] = 1.0 if rec.get("active") else 0.0
            j = leaders.get(rec.get("leader"))
            if j is not None:
                w.x[at + i * width + 1 + j] = 1.0
        w.at = at + len(hq) * width
        w.marks([x for x, free in b["staff"].items() if free], leaders)
        per_side(w, {side: dict.fromkeys(marked, 1.0) for side, marked in b["zoc"].items()})
        w.marks(b["selected"] or (), units)
        w.marks(b["reach"] or (), hexes)
        w.one_hot(b["way"], ways)
        w.marks(b["overruns"] or (), hexes)
        a = b["attack"]
        if a:
            w.one_hot(a.get("hex"), hexes)
            w.marks(a.get("units") or (), units)
            w.put(scaled(a.get("attack"), "odds"), scaled(a.get("defense"), "odds"))
            w.one_hot(a.get("crt"), crts)
            w.put(min(max(((a.get("drm") or 0) + 5) / 10, 0.0), 1.0))
        else:
            w.skip(sizes["attack"])
        at = w.at
        for x, t in (b["targets"] or {}).items():
            i = hexes.get(x)
            if i is not None:
                w.x[at + i * 2] = scaled(t.get("attack"), "odds")
                w.x[at + i * 2 + 1] = scaled(t.get("defense"), "odds")
        w.at = at + h * 2
        last = b["last"] or {}
        w.one_hot(last.get("hex"), hexes)
        w.one_hot(last.get("side"), sides)
        w.marks(last.get("reduced") or (), units)
        w.marks(last.get("eliminated") or (), units)
        w.marks(list(last.get("retreats") or ()), units)
        w.put(*(scaled(b["vp"].get(x), "vp") for x in SIDES))
        w.put(*(scaled(b["score"].get(x), "vp") for x in SIDES))
        w.marks([x for side in SIDES for x in b["eliminated"].get(side, ())], units)
        rail = b["rail"].get(me) or {}
        pool = b["pool"].get(me) or {}
        air = b["air"].get(me) or {}
        used, capacity = rail.get("used") or 0, rail.get("capacity") or 0
        w.put(scaled(used, "rail"), scaled(capacity - used, "rail"))
        w.put(scaled(pool.get("man"), "pool"), scaled(pool.get("equ"), "pool"))
        w.put(scaled(air.get("left"), "count"), scaled(air.get("sup"), "count"), scaled(air.get("aborts"), "count"))
        w.marks([x for d in b["due"] or () for x in d.get("units", ())], units)

    return Encoding(
        actions=sp.tokens,
        blocks=layout,
        observe_view=observe,
        spell=sp.spell,
        context=lambda view: {},
        longest=sp.longest,
    )
