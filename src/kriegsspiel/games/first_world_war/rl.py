"""The First World War for learning agents (docs/RL.md): every action the rules can offer,
enumerated from the data pack, and an empire's view as numbers in [0, 1].

Counts are divided by a scale and clipped at 1 (the scales are in ``SCALE``); an army of
the enemy's that the empire may not see (face-down on the map, 2.4) leaves its rows at 0,
so the observation holds only what the view shows.
"""

from __future__ import annotations

from ...rl.encoding import Encoding, Writer, positions
from .board import EMPIRES, YEARS
from .data import pack

WORDS = ("pass", "done", "no", "draw", "offer", "accept", "refuse")  # the actions that are words
WHERE = ("future", "ready", "board", "lost", "gone", "out")  # an army's place (3.0, 7.0)
RESULTS = ("won", "repulsed", "both")  # an offensive's outcome (4.7)
STATUS = ("capitulated", "revolution_seen", "revolution", "mutiny", "politics", "unrest")
ALLIANCES = ("central", "entente")
SCALE = {"vp": 40, "cp": 20, "turn": 6, "counters": 10, "dummies": 10, "hand": 10, "cup": 40, "dice": 12, "failures": 5}


def actions() -> list:
    """Every action the rules may offer, in a fixed order."""
    p = pack()
    fronts = sorted(p.fronts)
    armies = list(p.armies)
    markers = list(p.markers)
    out: list = list(WORDS)
    for kind in ("offensive", "railway", "transfer"):  # 4.0, 6.0, 7.0
        out += [{kind: n} for n in fronts]
    for kind, at in (("place", "front"), ("move", "to")):  # 3.0, 6.0
        out += [{kind: a, at: n} for a in [*armies, "dummy"] for n in fronts]
    out += [{"lead": a} for a in armies]  # 4.3
    out += [{"replace": a} for a in armies]  # 7.0
    out += [{"marker": m} for m in [*markers, None]]  # 4.4
    for kind in ("counter", "espionage", "put_back"):  # 5.4, 5.5
        out += [{kind: m} for m in markers]
    out += [{"occupy": c} for c in p.cities]  # 4.9
    return out


def blocks() -> list[tuple[str, int, str]]:
    p = pack()
    n_roles, n_fronts, n_armies, n_markers = len(EMPIRES), len(p.fronts), len(p.armies), len(p.markers)
    army_rows = 1 + len(WHERE) + n_fronts + 1 + 1 + n_roles
    battle = n_fronts + 2 * n_roles + 2 * n_armies + 2 * (n_markers + 1) + 2 * n_roles + len(RESULTS)
    return [
        ("me", n_roles, "my empire, one-hot in the order germany, austria-hungary, western-allies, russia"),
        ("acting", n_roles, "the empire whose turn it is (one-hot; all 0 between turns)"),
        ("year", len(YEARS), "the year (2.1): 1/1914, 2/1914, 1915 ... 1919, one-hot"),
        ("turn", 1, "the turn of the year, over 6"),
        ("vp", n_roles, "each empire's victory points (9.0), over 40"),
        ("cp", n_roles, "each empire's capitulation points (8.0), over 20"),
        (
            "status",
            n_roles * (len(STATUS) + 1),
            "each empire: capitulated, revolution seen, revolution, mutiny, politics, unrest (1 if so); "
            "failures over 5",
        ),
        ("brest_litovsk", 1, "1 once Russia has signed the Treaty of Brest-Litovsk (10.0)"),
        ("open_fronts", n_fronts, "1 for each front where offensives may be fought now"),
        (
            "cities",
            len(p.cities) * n_roles,
            "each city's owner (4.6), one-hot by empire, cities in the data pack's order",
        ),
        ("counters", n_fronts * n_roles, "counters of each empire on each front (2.4: real and dummy alike), over 10"),
        ("my_dummies", n_fronts, "my dummy counters on each front, over 10"),
        (
            "armies",
            n_armies * army_rows,
            "each army in the data pack's order: seen; where (future, ready, board, lost, gone, out); "
            "its front one-hot; face-up; locked; controller one-hot. All 0 when not seen",
        ),
        ("dummies_in_pool", n_roles, "dummies each empire has not placed, over 10"),
        ("my_markers", n_markers, "the events markers in my hand (5.0), in the data pack's order"),
        ("hands", 2 * n_roles, "each empire's hand: markers, and mandatory markers, over 10"),
        ("cups", 2, "markers left in the Central and Entente cups (5.2), over 40"),
        ("removed", n_markers, "markers removed from the game"),
        ("reserved", 2 * n_markers, "the marker each alliance has reserved (11.5), one-hot"),
        (
            "battle",
            battle,
            "the offensive under way (4.3-4.7): front; attacker and defender; each side's lead army; "
            "each side's marker (or none); each empire's dice and total, over 12; the result",
        ),
        ("last_battle", battle, "the same for the last offensive fought"),
    ]


def encoding(start: dict) -> Encoding:
    """``start``: the spectator's view of the game as it begins."""
    p = pack()
    fronts = positions(sorted(p.fronts))
    armies = positions(p.armies)
    markers = positions(p.markers)
    empires = positions(EMPIRES)
    years = positions(range(len(YEARS)))
    where = positions(WHERE)
    results = positions(RESULTS)
    army_row = 1 + len(WHERE) + len(fronts) + 2 + len(EMPIRES)
    battle_size = {name: n for name, n, _ in blocks()}["battle"]
    mandatory = {m for m, info in p.markers.items() if info.mandatory}

    def scaled(value, scale) -> float:
        return min(max((value or 0) / scale, 0.0), 1.0)

    def battle(b: dict | None, w: Writer) -> None:
        if not b:
            w.skip(battle_size)
            return
        att, dfn = b.get("attacker"), b.get("defender")
        leads, played = b.get("leads") or {}, b.get("markers") or {}
        w.one_hot(b.get("front"), fronts)
        w.one_hot(att, empires)
        w.one_hot(dfn, empires)
        w.one_hot(leads.get(att), armies)
        w.one_hot(leads.get(dfn), armies)
        for side in (att, dfn):
            m = played.get(side, "absent")
            w.one_hot(m, markers)
            w.put(1.0 if side in played and m is None else 0.0)
        dice, totals = b.get("dice") or {}, b.get("totals") or {}
        w.put(*(scaled(dice.get(r), SCALE["dice"]) for r in EMPIRES))
        w.put(*(scaled(totals.get(r), SCALE["dice"]) for r in EMPIRES))
        w.one_hot(b.get("result"), results)

    def observe(view: dict, w: Writer) -> None:
        b = view["board"]
        me = view["role"]
        w.one_hot(me, empires)
        w.one_hot(b["acting"], empires)
        w.one_hot(b["year_index"], years)
        w.put(scaled(b["turn"], SCALE["turn"]))
        w.put(*(scaled(b["vp"][r], SCALE["vp"]) for r in EMPIRES))
        w.put(*(scaled(b["cp"][r], SCALE["cp"]) for r in EMPIRES))
        for r in EMPIRES:
            st = b["status"][r]
            w.put(*(1.0 if st.get(k) else 0.0 for k in STATUS))
            w.put(scaled(st.get("failures"), SCALE["failures"]))
        w.put(1.0 if b["brest_litovsk"] is not None else 0.0)
        w.marks(b["open_fronts"], fronts)
        cities = b["cities"]
        for c in p.cities:
            w.one_hot(cities[c], empires)
        for n in fronts:
            c = b["fronts"][str(n)]["counters"]
            w.put(*(scaled(c.get(r), SCALE["counters"]) for r in EMPIRES))
        w.put(*(scaled(b["fronts"][str(n)].get("my_dummies"), SCALE["dummies"]) for n in fronts))
        seen = b["armies"]
        for a in armies:
            st = seen.get(a)
            if st is None:
                w.skip(army_row)
                continue
            w.put(1.0)
            w.one_hot(st["where"], where)
            w.one_hot(st["front"], fronts)
            w.put(1.0 if st["up"] else 0.0, 1.0 if st["locked"] else 0.0)
            w.one_hot(st["ctl"], empires)
        w.put(*(scaled(b["dummies_in_pool"][r], SCALE["dummies"]) for r in EMPIRES))
        hands = b["hands"]
        w.marks(hands[me], markers)
        for r in EMPIRES:
            h = hands[r]
            if isinstance(h, list):
                w.put(scaled(len(h), SCALE["hand"]), scaled(sum(1 for m in h if m in mandatory), SCALE["hand"]))
            else:
                w.put(scaled(h["count"], SCALE["hand"]), scaled(h["mandatory"], SCALE["hand"]))
        w.put(*(scaled(b["cups"][a], SCALE["cup"]) for a in ALLIANCES))
        w.marks(b["removed"], markers)
        for a in ALLIANCES:
            r = b["reserved"][a]
            w.one_hot(r and r.get("marker"), markers)
        battle(b["battle"], w)
        battle(b["last_battle"], w)

    return Encoding(actions=actions(), blocks=blocks(), observe_view=observe)
