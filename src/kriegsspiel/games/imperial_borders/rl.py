"""Imperial Borders for learning agents (docs/RL.md): actions spelt in tokens, and a
nation's view as numbers in [0, 1].

Every Mobile Force has an id the game gives it when it is raised (``fr-12``), so no fixed
list of actions can name forces by id. A force is named instead by its *slot*: its place
among its nation's forces on the map, oldest first (``"france:0"`` is France's oldest
force now). The observation describes every slot (type, Elite Pennant, damage, where it
stands, aboard or not, Arrow Tags), so an agent can tell which force a slot holds. Slots
move up when an older force leaves the map.

An action with more than one part (``{"ride": force, "to": region}``) is spelt in tokens,
one part at a time: a first token for the kind of action and its first part, then one for
each further part. A single-part action is one token. What the enumeration cannot name
(a force past a nation's ``SLOTS``-th, a bid above ``MOST``) is not offered to agents;
no game we have played came near either (docs/RL.md).

Counts are divided by a scale (``SCALE``) and clipped at 1. Everything on the table is
public in this game (L181); what a nation may not see (others' orders until they are
presented, L432 and L514; others' starting positions, L285) is not in its view, so not in
its observation.
"""

from __future__ import annotations

from ...rl.encoding import Encoding, Writer, positions
from .board import MEDALS, NATIONS
from .data import pack

SLOTS = 64  # forces a nation may have on the map and still be named
MOST = 100  # the highest number an action may carry (a bid, a count, an order's number)
MY_ORDERS = 32  # rows for my own orders
PHASES = ("setup", "taxes", "orders", "turn-order", "march", "annexation", "parade", "muster")
HIT_KINDS = ("double", "black", "blue", "red", "bar", "second")  # L664-668, L683-685
TAGS = ("blue", "red", "white")  # Arrow Tags, L541-548
TRADE_KINDS = ("gold", "port", "territory", "force")  # L1001
STATUSES = ("drafting", "plotted", "dismissed", "cancelled", "done")
ZONES = ("front", "rear", "sea")
SIDES = ("a", "d")
CHOICES = ("with", "against", "abstain")
ANY_FORCE = "*slot*"  # in ``templates``: every slot of every nation
SCALE = {
    "gold": 100,
    "bid": 50,
    "prestige": 30,
    "medal_points": 40,
    "casualties": 30,
    "damage": 5,
    "held_gold": 20,
    "count": 10,
    "round": 9,
    "tents": 5,
    "hits": 10,
    "battle_round": 3,
    "left": 5,
    "dots": 3,
}


def templates() -> tuple[list[tuple[str, ...]], dict[str, tuple]]:
    """The kinds of action, each the tuple of its keys in the order they are spelt, and
    what each key takes: a tuple of values, in which ``ANY_FORCE`` stands for every slot of
    every nation (``"kind.key"`` where a key takes something else in that kind)."""
    p = pack()
    regions = tuple(p.regions)
    units = tuple(p.units)
    forces = (ANY_FORCE,)
    numbers = tuple(range(MOST + 1))
    return (
        [
            *((k,) for k in ("to", "from", "land", "ship", "battle", "revolt", "port", "territory", "region")),
            *((k,) for k in ("pool_with", "allow_join", "allow_abstain", "deny_join", "deny_abstain", "give_all")),
            *((k,) for k in ("trade", "prize_to")),
            ("give",),
            ("get",),
            ("seize",),
            *((k,) for k in ("ride", "unload", "pick", "hold", "drop", "to_rear", "to_front", "pennant")),
            *((k,) for k in ("bring", "force", "next")),
            *((k,) for k in ("bid", "count", "cancel", "execute", "slot", "gold")),
            ("block",),
            ("buy", "at"),
            ("place", "elite"),
            ("load", "onto"),
            ("ride", "to"),
            ("transfer", "to"),
            ("exchange", "for"),
            ("hit", "target"),
            ("hit", "as", "target"),
        ],
        {
            "to": regions,
            "from": regions,
            "land": regions,
            "ship": regions,
            "battle": regions,
            "revolt": regions,
            "port": regions,
            "territory": regions,
            "region": regions,
            "pool_with": NATIONS,
            "allow_join": NATIONS,
            "allow_abstain": NATIONS,
            "deny_join": NATIONS,
            "deny_abstain": NATIONS,
            "give_all": NATIONS,
            "trade": NATIONS,
            "prize_to": NATIONS,
            "give": NATIONS + TRADE_KINDS,  # a Prestige gift (L820) or what a trade gives (L1001)
            "get": TRADE_KINDS,
            "seize": regions + forces,  # a Port (L476) or the force that seizes it
            "ride": forces,
            "unload": forces,
            "pick": forces,
            "hold": forces,
            "drop": forces,
            "to_rear": forces,
            "to_front": forces,
            "pennant": forces,
            "bring": forces,
            "force": forces,
            "next": forces,
            "bid": numbers,
            "count": numbers,
            "cancel": numbers,
            "execute": numbers,
            "slot": numbers[: len(NATIONS) + 1],
            "gold": numbers,
            "block": HIT_KINDS,
            "buy": units,
            "at": regions,
            "place": units,
            "elite": (False, True),
            "load": forces,
            "onto": forces,
            "ride+to.to": regions,
            "transfer": forces,
            "transfer+to.to": forces,
            "exchange": forces,
            "for": forces,
            "hit": HIT_KINDS,
            "as": HIT_KINDS,
            "target": forces + ("fort",),
        },
    )


def _words() -> tuple[str, ...]:
    """The actions that are words: those the rules name (``rules.WORDS``), then the answers
    that speak for themselves."""
    from .rules import WORDS

    return (*WORDS, "fight", "grant", "refuse", "accept", "leave", "seize", "allow")


def slot_names() -> list[str]:
    return [f"{n}:{i}" for n in NATIONS for i in range(SLOTS)]


def tokens() -> tuple[list, dict]:
    """The enumeration (index -> token) and the index of each (template, part, value)."""
    kinds, domains = templates()
    out: list = list(_words())
    index: dict = {(None, 0, w): i for i, w in enumerate(out)}
    slots = slot_names()
    for keys in kinds:
        name = "+".join(keys)
        for part, k in enumerate(keys):
            values = domains.get(f"{name}.{k}", domains[k])
            expanded = [v for x in values for v in (slots if x == ANY_FORCE else [x])]
            for v in expanded:
                index[(name, part, v)] = len(out)
                out.append({name: k, "value": v} if len(keys) > 1 else {k: v})
    return out, index


def force_slots(forces: dict) -> dict[str, str]:
    """Each force id -> its slot name: its nation, and its place among that nation's forces
    on the map, oldest (lowest number) first."""
    by_nation: dict[str, list] = {}
    for fid, f in forces.items():
        by_nation.setdefault(f["nation"], []).append(fid)
    out = {}
    for nation, fids in by_nation.items():
        fids.sort(key=lambda x: int(x.rsplit("-", 1)[1]))
        for i, fid in enumerate(fids):
            out[fid] = f"{nation}:{i}"
    return out


def blocks() -> list[tuple[str, int, str]]:
    p = pack()
    n, r, u = len(NATIONS), len(p.regions), len(p.units)
    from .rules import ImperialBorders

    asking = len(ImperialBorders.states)
    slot_row = 1 + u + 1 + 1 + r + 1 + len(TAGS)
    order_row = len(STATUSES) + 2 * r + 1
    battle_units = n * SLOTS * (len(SIDES) + len(ZONES))
    return [
        ("me", n, "my nation, one-hot in the order france, austria, prussia, great-britain, russia, spain"),
        ("to_act", n, "the nations the game waits for now"),
        ("active_nation", n, "the Active Nation of Phase 4 (L512), one-hot"),
        ("neutral", n, "the Neutral nations (L228-235)"),
        ("my_team", n, "the nations my player holds (L243-247), me included"),
        ("round", 2, "the Game Round over 9; 1 once Peace has set the last round (L847)"),
        ("phase", len(PHASES), "the phase: " + ", ".join(PHASES)),
        ("asking", asking, "the question the game puts now, one-hot in the order of the rules' states"),
        ("turn_order", n * n, "the Turn Order Track (L500-510): for each place, its nation one-hot"),
        ("slots", n * n, "the Track being filled: for each place, its nation one-hot"),
        ("bids", n, "each nation's bid once revealed (L504), over 50"),
        ("moved", n, "the nations that have taken their turn this Phase 4"),
        ("gold", n, "each Treasury (L181), over 100"),
        ("held_gold", r, "Gold held in each region (L392-394, L989), over 20"),
        ("control", r * n, "each region's Flag (L253-256): its nation one-hot"),
        ("damage", r, "Damage Tokens on each Fortification (L694-703), over 5"),
        ("tents", 2 * r, "Field Hospital Tents in each region (L736), over 5: mine, then the other nations'"),
        ("casualties", n, "Enemy Casualties collected this round (L815), over 30"),
        ("medal_points", n * 6, "the Medals Chart (L808-818): each nation's six columns, over 40"),
        ("medals", len(MEDALS) * n, "who holds each medal (L823-840), one-hot"),
        ("prestige", n, "Prestige Points (L820-827), over 30"),
        ("pools", n * n, "annexation dice pooled (L796-798): for each nation, whose pool it joined"),
        ("revolts", r, "regions with a Revolt Token (L980-995)"),
        ("call_to_arms", n, "nations whose Call to Arms is spent (L1014-1016)"),
        ("traded", n, "nations that have traded this round (L997-1004)"),
        (
            "forces",
            n * SLOTS * slot_row,
            f"each nation's {SLOTS} slots, oldest force first: present; type one-hot; Elite Pennant; "
            "damage over 5; where it stands, one-hot by region; aboard a Ship; Arrow Tags blue, red, white",
        ),
        (
            "my_orders",
            MY_ORDERS * order_row,
            f"my orders this round, the first {MY_ORDERS} in order: status one-hot (drafting, plotted, dismissed, "
            "cancelled, done); origin one-hot; destination one-hot; forces over 10",
        ),
        (
            "orders",
            n * (1 + 2 * r),
            "each nation's orders as far as I see them (L516): seen; forces ordered from each region, and to "
            "each region, over 10 (plotted orders not yet done)",
        ),
        ("setup_dots", r, "my starting positions plotted at set-up (L285), over 3"),
        (
            "question",
            len(SIDES) + 2 * r + u + 1,
            "the particulars of the question put to me: my side (a, d); its region one-hot; its destination "
            "one-hot; the set-up units left to place, over 5; Elite",
        ),
        (
            "battle",
            r + 3 + 2 * n + 2 * n + 1 + 4 + 2 * len(HIT_KINDS) + 2 + 3 + 1 + len(CHOICES) * n + 2 + n + battle_units,
            "the battle under way (L565-757): region one-hot; kind (land, sea, port); each nation's side (a, d); "
            "each side's commander; Battle Round over 3; each side's stance (aggressive, defensive); each side's "
            "Hits pooled, by kind, over 10; Bars over 10; the Fortification's side (a, d, none); held back; "
            "each nation's choice (with, against, abstain); the winning side; the victor; each force slot's "
            "side (a, d) and zone (front, rear, sea)",
        ),
        ("last_battle", r + n, "the last battle: its region one-hot; its victor one-hot"),
    ]


def encoding(start: dict) -> Encoding:
    """``start``: the spectator's view of the game as it begins."""
    from .rules import ImperialBorders

    p = pack()
    enumeration, index = tokens()
    kinds, _ = templates()
    by_keys = {}
    for keys in kinds:
        by_keys.setdefault(frozenset(keys), []).append(keys)
    words = {w: i for i, w in enumerate(_words())}
    regions = positions(p.regions)
    units = positions(p.units)
    nations = positions(NATIONS)
    phases = positions(PHASES)
    asking = positions(ImperialBorders.states)
    statuses = positions(STATUSES)
    sides = positions(SIDES)
    zones = positions(ZONES)
    choices = positions(CHOICES)
    hit_kinds = positions(HIT_KINDS)
    tags = positions(TAGS)
    slot_index = {name: i for i, name in enumerate(slot_names())}
    n, r = len(NATIONS), len(p.regions)
    slot_row = 1 + len(units) + 1 + 1 + r + 1 + len(TAGS)
    order_row = len(STATUSES) + 2 * r + 1
    layout = blocks()
    sizes = {name: size for name, size, _ in layout}

    def context(view: dict) -> dict:
        return force_slots(view["board"]["forces"])

    def spell(action, slots: dict) -> tuple[int, ...] | None:
        if type(action) is str:
            i = words.get(action)
            return None if i is None else (i,)
        if type(action) is not dict:
            return None
        for keys in by_keys.get(frozenset(action), ()):
            name = "+".join(keys)
            out = []
            for part, k in enumerate(keys):
                v = action[k]
                if type(v) is str and v in slots:
                    v = slots[v]
                i = index.get((name, part, v))
                if i is None:
                    break
                out.append(i)
            else:
                return tuple(out)
        return None

    def scaled(value, scale) -> float:
        return min(max((value or 0) / SCALE[scale], 0.0), 1.0)

    def observe(view: dict, w: Writer) -> None:
        b = view["board"]
        me = view["role"]
        w.one_hot(me, nations)
        w.marks(view["active"], nations)
        w.one_hot(b["active"], nations)
        w.marks(b["neutral"], nations)
        teams = b["teams"]
        w.marks([x for x in NATIONS if me in teams and teams[x] == teams[me]], nations)
        w.put(scaled(b["round"], "round"), 1.0 if b["last_round"] is not None else 0.0)
        w.one_hot(b["phase"], phases)
        w.one_hot(b.get("asking"), asking)
        for x in (b["turn_order"], b.get("slots") or ()):
            for i in range(n):
                w.one_hot(x[i] if i < len(x) else None, nations)
        bids = b.get("bids") or {}
        w.put(*(scaled(bids.get(x), "bid") for x in NATIONS))
        w.marks(b["moved"], nations)
        w.put(*(scaled(b["gold"][x], "gold") for x in NATIONS))
        w.counts(b["held_gold"], regions, SCALE["held_gold"])
        at = w.at
        for x, owner in b["control"].items():
            i, j = regions.get(x), nations.get(owner)
            if i is not None and j is not None:
                w.x[at + i * n + j] = 1.0
        w.at = at + r * n
        w.counts(b["damage"], regions, SCALE["damage"])
        tents = b["tents"]
        w.counts({x: t.get(me, 0) for x, t in tents.items()}, regions, SCALE["tents"])
        w.counts({x: sum(t.values()) - t.get(me, 0) for x, t in tents.items()}, regions, SCALE["tents"])
        w.put(*(scaled(b["casualties"][x], "casualties") for x in NATIONS))
        for x in NATIONS:
            w.put(*(scaled(v, "medal_points") for v in b["medal_points"][x][:6]))
        for m in MEDALS:
            w.one_hot(b["medals"].get(m), nations)
        w.put(*(scaled(b["prestige"][x], "prestige") for x in NATIONS))
        pools = b.get("pools") or {}
        for x in NATIONS:
            w.one_hot(pools.get(x), nations)
        w.marks(b["revolts"], regions)
        w.marks(b["call_to_arms"], nations)
        w.marks(b["traded"], nations)
        # the forces, slot by slot
        slots = force_slots(b["forces"])
        rows = w.at
        forces = b["forces"]
        for fid, f in forces.items():
            i = slot_index.get(slots[fid])
            if i is None:
                continue
            w.at = rows + i * slot_row
            w.put(1.0)
            w.one_hot(f["type"], units)
            w.put(1.0 if f["elite"] else 0.0, scaled(f["damage"], "damage"))
            w.one_hot(f["at"], regions)
            w.put(1.0 if f["cargo_of"] is not None else 0.0)
            w.marks(f["tags"], tags)
        w.at = rows + n * SLOTS * slot_row
        # orders
        orders = b["orders"]
        mine = orders.get(me) or []
        for i in range(MY_ORDERS):
            if i >= len(mine):
                w.skip(order_row)
                continue
            o = mine[i]
            w.one_hot(o.get("status"), statuses)
            w.one_hot(o.get("from"), regions)
            w.one_hot((o.get("path") or [None])[-1], regions)
            w.put(scaled(o.get("count"), "count"))
        for x in NATIONS:
            if x not in orders:
                w.skip(1 + 2 * r)
                continue
            w.put(1.0)
            out: dict = {}
            to: dict = {}
            for o in orders[x]:
                if o.get("status") == "plotted":
                    c = o.get("count") or 0
                    out[o.get("from")] = out.get(o.get("from"), 0) + c
                    end = (o.get("path") or [None])[-1]
                    to[end] = to.get(end, 0) + c
            w.counts(out, regions, SCALE["count"])
            w.counts(to, regions, SCALE["count"])
        dots: dict = {}
        for group in (b.get("setup_dots") or {}).get(me) or ():
            for x in group:
                dots[x] = dots.get(x, 0) + 1
        w.counts(dots, regions, SCALE["dots"])
        # the question put to me
        q = b.get("question") or {}
        w.one_hot(q.get("side"), sides)
        w.one_hot(q.get("region") if type(q.get("region")) is str else None, regions)
        w.one_hot(q.get("destination") if type(q.get("destination")) is str else None, regions)
        left = q.get("left") if type(q.get("left")) is dict else {}
        w.put(*(scaled(left.get(x), "left") for x in units))
        w.put(1.0 if q.get("elite") else 0.0)
        battle(b.get("battle"), slots, w)
        last = b.get("last_battle") or {}
        w.one_hot(last.get("region"), regions)
        w.one_hot(last.get("victor"), nations)

    def battle(t: dict | None, slots: dict, w: Writer) -> None:
        if not t:
            w.skip(sizes["battle"])
            return
        w.one_hot(t.get("region"), regions)
        w.one_hot(t.get("kind"), positions(("land", "sea", "port")))
        side_of = {x: s for s, xs in (t.get("sides") or {}).items() for x in xs}
        for x in NATIONS:
            w.one_hot(side_of.get(x), sides)
        commanders = t.get("commanders") or {}
        for s in SIDES:
            w.one_hot(commanders.get(s), nations)
        w.put(scaled(t.get("round"), "battle_round"))
        stance = t.get("stance") or {}
        for s in SIDES:
            w.one_hot(stance.get(s), positions(("aggressive", "defensive")))
        pool = t.get("pool") or {}
        for s in SIDES:
            hits = pool.get(s) or {}
            w.put(*(scaled(hits.get(k), "hits") for k in hit_kinds))
        bars = t.get("bars") or {}
        w.put(*(scaled(bars.get(s), "hits") for s in SIDES))
        fort = t.get("fort") or {}
        w.one_hot(fort.get("side", "none"), positions(("a", "d", "none")))
        w.put(1.0 if t.get("fort_held") else 0.0)
        picked = t.get("choices") or {}
        for x in NATIONS:
            w.one_hot(picked.get(x), choices)
        w.one_hot(t.get("win"), sides)
        w.one_hot(t.get("victor"), nations)
        rows = w.at
        width = len(SIDES) + len(ZONES)
        for fid, unit in (t.get("units") or {}).items():
            i = slot_index.get(slots.get(fid))
            if i is None:
                continue
            w.at = rows + i * width
            w.one_hot(unit.get("side"), sides)
            w.one_hot(unit.get("zone"), zones)
        w.at = rows + n * SLOTS * width

    return Encoding(
        actions=enumeration,
        blocks=layout,
        observe_view=observe,
        spell=spell,
        context=context,
        longest=max(len(k) for k in kinds),
    )
