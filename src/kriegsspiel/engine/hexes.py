"""Hex maps: coordinates, geometry and the searches that movement and supply run.

**The grid.** Flat-topped hexes stand in vertical columns. The printed id of a
hex is its column then its row, two digits each (``"0623"``), optionally after
the map (``"GW2:0623"``). Columns count from 01 at the west, rows from 01 at
the north, and every even-numbered column sits half a hex lower than the odd
columns beside it. So the even column 06 touches column 07 at the same row and
the row below, the odd column 41 touches column 42 at the same row and the row
above::

    >>> [to_id(n) for n in neighbours(from_id("0623"))]   # N, NE, SE, S, SW, NW
    ['0622', '0723', '0724', '0624', '0524', '0523']
    >>> [to_id(n) for n in neighbours(from_id("4121"))]
    ['4120', '4220', '4221', '4122', '4021', '4020']

**Axial coordinates** ``(q, r)`` do all the arithmetic; printed ids are
converted at the edges only. ``q`` is the column and ``r = row - (column + 1)
// 2``. This is Red Blob Games' "odd-q" layout (odd 0-based columns, our even
printed ones, shoved down) with ``q`` counted from 1 rather than 0, so that
``q`` reads as the printed column. Moving one hex north is ``r - 1``; the six
directions, clockwise from north, are :data:`DIRECTIONS`.

**Searches** (:func:`reachable`, :func:`spread`, :func:`trace`) know nothing
of coordinates: a hex is any key that can be hashed (axial tuples, printed
ids, ints, even hexsides) and its neighbours come from a table
(:func:`neighbour_table`, built once per map) or a function. Costs and
prohibitions come from the game as a plain callable, so a game keeps terrain
and hexside features in plain dicts keyed however its map file keys them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable, Iterable
from functools import lru_cache
from heapq import heappop, heappush
from typing import Any

Hex = tuple[int, int]
"""A hex in axial coordinates ``(q, r)``."""

DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
"""The six steps to a neighbour, clockwise from north: N, NE, SE, S, SW, NW."""

DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")

SQRT3 = math.sqrt(3.0)

_ID = re.compile(r"(?:([A-Za-z0-9]+):)?([0-9]{2})([0-9]{2})")


# ----- printed ids --------------------------------------------------------------------


def offset_to_axial(column: int, row: int) -> Hex:
    """The axial hex of a printed column and row.

    >>> offset_to_axial(6, 23), offset_to_axial(7, 23)
    ((6, 20), (7, 19))
    """
    return (column, row - (column + 1) // 2)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """The printed ``(column, row)`` of an axial hex: the inverse of :func:`offset_to_axial`.

    >>> axial_to_offset((6, 20))
    (6, 23)
    """
    q, r = h
    return (q, r + (q + 1) // 2)


@lru_cache(maxsize=1 << 16)
def parse_id(text: str) -> tuple[str | None, Hex]:
    """``(map, hex)`` of a printed id, the map None when the id names none.

    >>> parse_id("GW2:0623"), parse_id("0623")
    (('GW2', (6, 20)), (None, (6, 20)))
    """
    m = _ID.fullmatch(text)
    if m is None:
        raise ValueError(f"not a hex id (CCRR or MAP:CCRR): {text!r}")
    return m[1], offset_to_axial(int(m[2]), int(m[3]))


def from_id(text: str) -> Hex:
    """The axial hex of a printed id, with or without its map.

    >>> from_id("0623"), from_id("GW2:0623")
    ((6, 20), (6, 20))
    """
    return parse_id(text)[1]


def to_id(h: Hex, prefix: str | None = None) -> str:
    """The printed id of an axial hex, after ``prefix:`` when a map is given.

    >>> to_id((6, 20)), to_id((6, 20), "GW2")
    ('0623', 'GW2:0623')
    """
    column, row = axial_to_offset(h)
    if not (0 <= column <= 99 and 0 <= row <= 99):
        raise ValueError(f"hex {h} is column {column}, row {row}: outside 00-99, no printed id")
    text = f"{column:02d}{row:02d}"
    return f"{prefix}:{text}" if prefix else text


def rectangle(columns: int, rows: int) -> list[Hex]:
    """The hexes of a map printed ``0101`` to ``CCRR``, column by column.

    >>> [to_id(h) for h in rectangle(2, 2)]
    ['0101', '0102', '0201', '0202']
    """
    return [offset_to_axial(c, w) for c in range(1, columns + 1) for w in range(1, rows + 1)]


# ----- neighbours, distance, areas ----------------------------------------------------


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h``, clockwise from north (off the map too: see :func:`neighbour_table`).

    >>> neighbours((6, 20))
    ((6, 19), (7, 19), (7, 20), (6, 21), (5, 21), (5, 20))
    """
    q, r = h
    return ((q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r))


def direction(a: Hex, b: Hex) -> int:
    """The index in :data:`DIRECTIONS` of the step from ``a`` to its neighbour ``b``.

    >>> DIRECTION_NAMES[direction(from_id("0623"), from_id("0724"))]
    'SE'
    """
    try:
        return DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
    except ValueError:
        raise ValueError(f"hexes {a} and {b} are not adjacent") from None


def distance(a: Hex, b: Hex) -> int:
    """The number of hex steps from ``a`` to ``b``.

    >>> distance(from_id("0623"), from_id("0619")), distance(from_id("0101"), from_id("0301"))
    (4, 2)
    """
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at most ``radius`` steps from ``center`` (itself included), by q then r.

    >>> len(within((0, 0), 2))
    19
    """
    q0, r0 = center
    return [
        (q0 + dq, r0 + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    ]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``center``, clockwise from the one due north.

    >>> [to_id(h) for h in ring(from_id("0623"), 1)] == [to_id(n) for n in neighbours(from_id("0623"))]
    True
    """
    if radius == 0:
        return [center]
    q, r = center[0], center[1] - radius
    hexes = []
    for dq, dr in DIRECTIONS[2:] + DIRECTIONS[:2]:  # from the north corner: SE, S, SW, NW, N, NE
        for _ in range(radius):
            hexes.append((q, r))
            q, r = q + dq, r + dr
    return hexes


def hex_round(q: float, r: float) -> Hex:
    """The hex holding the fractional axial point ``(q, r)`` (cube rounding; halves round up).

    >>> hex_round(1.4, -0.3), hex_round(0.5, 0.5)
    ((1, 0), (1, 0))
    """
    s = -q - r
    rq, rr, rs = math.floor(q + 0.5), math.floor(r + 0.5), math.floor(s + 0.5)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (rq, rr)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from the centre of ``a`` to that of ``b`` passes, ``a`` to ``b``.

    Where the line runs along a hexside, both ends are nudged by the same tiny
    amount (Red Blob's +1e-6 in q, +2e-6 in r, -3e-6 in s) so that it always
    falls to the same side, wherever it is drawn.

    >>> [to_id(h) for h in line(from_id("0101"), from_id("0401"))]
    ['0101', '0201', '0301', '0401']
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq, ar = a[0] + 1e-6, a[1] + 2e-6  # unequal, or q and r would still tie
    dq, dr = (b[0] - a[0]) / n, (b[1] - a[1]) / n
    return [hex_round(aq + dq * i, ar + dr * i) for i in range(n + 1)]


# ----- pixels ---------------------------------------------------------------------------


def hex_to_pixel(h: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """The centre of ``h`` when drawn flat-topped with corners ``size`` from the centre, y down.

    ``origin`` is where axial (0, 0), the hex that would be printed ``0000``, is
    drawn; in printed terms ``x = 1.5 * size * column`` and ``y = sqrt(3) * size
    * row``, less half a hex for odd columns. Adjacent centres are ``sqrt(3) *
    size`` apart, so a 16-mile hex (25.75 km between centres) has ``size =
    25750 / sqrt(3)`` metres. For projected metres with y up (northing), negate y.

    >>> x, y = hex_to_pixel(from_id("0102"), 10.0)
    >>> x, round(y, 2)
    (15.0, 25.98)
    """
    q, r = h
    return (origin[0] + 1.5 * size * q, origin[1] + SQRT3 * size * (r + q / 2))


def pixel_to_hex(x: float, y: float, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> Hex:
    """The hex that holds the point ``(x, y)``: the inverse of :func:`hex_to_pixel`.

    >>> to_id(pixel_to_hex(15.0, 30.0, 10.0))
    '0102'
    """
    px = (x - origin[0]) / size
    py = (y - origin[1]) / size
    q = px * 2 / 3
    return hex_round(q, py / SQRT3 - q / 2)


def corners(h: Hex, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> list[tuple[float, float]]:
    """The six corners of ``h`` as drawn by :func:`hex_to_pixel`: E, SE, SW, W, NW, NE (y down).

    >>> [(round(x, 2), round(y, 2)) for x, y in corners((0, 0), 2.0)][:3]
    [(2.0, 0.0), (1.0, 1.73), (-1.0, 1.73)]
    """
    cx, cy = hex_to_pixel(h, size, origin)
    half, tall = size / 2, size * SQRT3 / 2
    return [
        (cx + size, cy),
        (cx + half, cy + tall),
        (cx - half, cy + tall),
        (cx - size, cy),
        (cx - half, cy - tall),
        (cx + half, cy - tall),
    ]


# ----- hexsides -------------------------------------------------------------------------


def _axial(h: Hex | str) -> tuple[str | None, Hex]:
    return parse_id(h) if isinstance(h, str) else (None, h)


def side(a: Hex | str, b: Hex | str) -> tuple[Hex, Hex] | tuple[str, str]:
    """The hexside between two adjacent hexes: their unordered pair as ``(lesser, greater)``.

    The hexes may be axial or printed ids (of one map); the pair is in the form
    given, and sorts the same either way, so it is the key for hexside features.

    >>> side("0624", "0623"), side((6, 21), (6, 20))
    (('0623', '0624'), ((6, 20), (6, 21)))
    """
    if isinstance(a, str) and isinstance(b, str):
        return _side_of_ids(a, b)
    if distance(a, b) != 1:
        raise ValueError(f"{a} and {b} are not adjacent: no hexside between them")
    return (a, b) if a < b else (b, a)


def side_id(a: Hex | str, b: Hex | str, prefix: str | None = None) -> str:
    """The hexside between two adjacent hexes as text, ``"0623|0624"``: the form a map file keeps.

    >>> side_id((6, 21), (6, 20)), side_id("GW2:0624", "GW2:0623"), side_id((6, 21), (6, 20), "GW2")
    ('0623|0624', 'GW2:0623|GW2:0624', 'GW2:0623|GW2:0624')
    """
    if isinstance(a, str) and isinstance(b, str):
        return _side_text(a, b)
    a, b = side(a, b)
    return f"{to_id(a, prefix)}|{to_id(b, prefix)}"


# A cost function looks up the hexside of every step it prices, by printed ids:
# remembered, that is a dict hit rather than two parses, and the same text
# object (its hash kept) every time.
@lru_cache(maxsize=1 << 17)
def _side_of_ids(a: str, b: str) -> tuple[str, str]:
    (ma, ha), (mb, hb) = parse_id(a), parse_id(b)
    if ma != mb or distance(ha, hb) != 1:
        raise ValueError(f"{a} and {b} are not adjacent: no hexside between them")
    return (a, b) if a < b else (b, a)


@lru_cache(maxsize=1 << 17)
def _side_text(a: str, b: str) -> str:
    lesser, greater = _side_of_ids(a, b)
    return f"{lesser}|{greater}"


def parse_side(text: str) -> tuple[Hex, Hex]:
    """The axial hexside of a text such as ``"0623|0624"`` (or ``"0624|0623"``, or with the map).

    >>> parse_side("GW2:4121|GW2:4221")
    ((41, 0), (42, 0))
    """
    a, sep, b = text.partition("|")
    if not sep:
        raise ValueError(f"not a hexside (CCRR|CCRR): {text!r}")
    (ma, ha), (mb, hb) = parse_id(a), parse_id(b)
    if ma != mb:
        raise ValueError(f"{a} and {b} are on different maps: no hexside between them")
    return side(ha, hb)


def side_neighbours(s: tuple[Hex, Hex]) -> tuple[tuple[Hex, Hex], ...]:
    """The four hexsides that meet hexside ``s`` at one of its two ends (axial, canonical).

    A search over hexsides (a river, say) uses it as its ``neighbours``.

    >>> sorted(side_id(*t) for t in side_neighbours(parse_side("4510|4511")))
    ['4410|4510', '4410|4511', '4510|4610', '4511|4610']
    """
    a, b = s
    ends = [h for h in neighbours(a) if distance(h, b) == 1]
    return tuple(side(x, end) for end in ends for x in (a, b))


# ----- neighbour tables -----------------------------------------------------------------


def neighbour_table(hexes: Iterable[Hashable]) -> dict[Any, tuple[Any, ...]]:
    """``{hex: its neighbours on the map}``, clockwise from north: a map's cached adjacency.

    ``hexes`` are axial tuples or printed ids (with or without their map); each
    is keyed, and listed as a neighbour, as given. A search given this table
    never looks off the map. It is a plain dict: a game may add links of its
    own (across two maps' edges, a rail ferry) or drop some.

    >>> table = neighbour_table(["0101", "0102", "0201", "0202", "0301"])
    >>> table["0201"]
    ('0301', '0202', '0102', '0101')
    """
    maps: dict[str | None, dict[Hex, Any]] = {}  # map -> {axial hex: key}
    for key in hexes:
        prefix, h = _axial(key)
        maps.setdefault(prefix, {})[h] = key
    table = {}
    for keys in maps.values():
        for h, key in keys.items():
            around = [keys.get(n) for n in neighbours(h)]
            table[key] = tuple(n for n in around if n is not None)
    return table


def _adjacency(neighbours_of) -> Callable[[Any], Iterable[Any]]:
    return neighbours_of if callable(neighbours_of) else neighbours_of.__getitem__


def _predicate(test) -> Callable[[Any], Any] | None:
    if test is None or callable(test):
        return test
    return test.__contains__


# ----- searches -------------------------------------------------------------------------


class Reach(dict):
    """The result of a search: ``{hex: cost}`` of every hex reached, and the way there.

    ``came_from[h]`` is the hex the cheapest route enters ``h`` from; a start has none.
    """

    __slots__ = ("came_from",)

    def __init__(self, costs=(), came_from=None):
        super().__init__(costs)
        self.came_from = {} if came_from is None else came_from

    def path(self, h) -> list:
        """The cheapest route found to ``h``, from its start to ``h`` inclusive."""
        if h not in self:
            raise KeyError(h)
        return _route(self.came_from, h)


def _route(came_from, h) -> list:
    route = [h]
    while h in came_from:
        h = came_from[h]
        route.append(h)
    route.reverse()
    return route


def _search(starts, limit, step, around, stops=None, is_target=None):
    """The one search under :func:`reachable`, :func:`spread` and :func:`trace`.

    Dijkstra's, with hexes queued in one bucket per total cost and a heap of the
    distinct totals only: movement costs are small whole numbers, so that heap
    stays tiny (any numbers still work). A neighbour already reached as cheaply
    as the hex being left is skipped before ``step`` is asked: no step can help it.
    Returns ``(best, came_from, target)``, ending at the first target settled.
    """
    best = dict.fromkeys(starts, 0)
    came_from = {}
    buckets = {0: list(best)}
    totals = [0]
    while totals:
        spent = heappop(totals)
        for h in buckets.pop(spent):
            if best[h] != spent:
                continue  # reached more cheaply since it was queued
            if is_target is not None and is_target(h):
                return best, came_from, h
            if stops is not None and h in came_from and stops(h):
                continue  # entered, and not to be left; a start may always be left
            for n in around(h):
                old = best.get(n)
                if old is not None and old <= spent:
                    continue
                c = step(h, n)
                if c is None or c is False:
                    continue
                total = spent + c
                if total > limit or (old is not None and total >= old):
                    continue
                best[n] = total
                came_from[n] = h
                bucket = buckets.get(total)
                if bucket is None:
                    buckets[total] = [n]
                    heappush(totals, total)
                else:
                    bucket.append(n)
    return best, came_from, None


def reachable(start, budget, cost, *, stop=None, neighbours=neighbours) -> Reach:
    """Every hex a unit at ``start`` can reach with ``budget`` movement points, and at what cost.

    ``cost(from_hex, to_hex)`` is the price of the step, or None (or False)
    where it is prohibited; it sees both hexes, so it can add hexside costs (a
    river crossed) and the cost of leaving a hex (an enemy ZOC). Costs must not
    be negative; whole numbers are fastest and exact (count half-MPs where
    halves occur). ``stop`` (a predicate or a set) names the hexes where
    entering ends movement (an enemy ZOC, say): they are reached but never
    left, except the start, which a unit may always leave. ``neighbours`` is a
    table from :func:`neighbour_table` or a function; the default is the
    unbounded axial plane, so ``cost`` must then refuse hexes off the map.

    The result maps each hex to its cheapest cost (the start costs 0) and
    ``.path(h)`` gives a cheapest route; among equally cheap routes the first
    found is kept, the same every time.

    A rule such as "a unit may always move one hex" is the game's: after the
    search, add the adjacent hexes it allows at the price of the whole budget::

        reach = reachable(start, mp, cost, neighbours=table)
        for h in table[start]:
            if h not in reach and cost(start, h) is not None:
                reach[h] = mp
                reach.came_from[h] = start

    >>> table = neighbour_table(["0101", "0201", "0301"])
    >>> price = {"0101": 1, "0201": 2, "0301": 1}.get        # to enter each hex
    >>> reach = reachable("0101", 3, lambda a, b: price(b), neighbours=table)
    >>> reach, reach.path("0301")
    ({'0101': 0, '0201': 2, '0301': 3}, ['0101', '0201', '0301'])
    """
    best, came_from, _ = _search((start,), budget, cost, _adjacency(neighbours), _predicate(stop))
    return Reach(best, came_from)


def spread(starts, passable, max_len=None, *, neighbours=neighbours) -> Reach:
    """Every hex a line of at most ``max_len`` hexes (None: any length) joins to one of ``starts``.

    ``passable(from_hex, to_hex)`` says whether the line may step from one hex
    to the next: True for a step of one hex, a number where the step counts as
    more (2 into a forest hex), False or None where the line may not pass. The
    result maps each hex to its length from the nearest start; ``.path(h)``
    runs from that start to ``h``. Run from the supply sources, with the steps
    reversed (``lambda a, b: passable(b, a)``), it tells once per phase which
    hexes can trace supply.

    >>> table = neighbour_table(["0101", "0102", "0201", "0202", "0301", "0302"])
    >>> region = spread(["0101"], lambda a, b: b != "0201", neighbours=table)   # 0201 blocked
    >>> region, region.path("0301")
    ({'0101': 0, '0102': 1, '0202': 2, '0302': 3, '0301': 4}, ['0101', '0102', '0202', '0302', '0301'])
    """
    limit = math.inf if max_len is None else max_len
    best, came_from, _ = _search(tuple(starts), limit, passable, _adjacency(neighbours))
    return Reach(best, came_from)


def spread_steps(starts, steps, max_len=None, *, closed=frozenset()) -> Reach:
    """:func:`spread` with the steps read from a table, for a search made many times over one map.

    ``steps[h]`` lists ``(next_hex, length)`` for every step the line may take from
    ``h``, in the order the neighbour table gives them; a hex of ``closed`` is
    reached but never left (a start too). The answer is the one :func:`spread`
    gives with ``passable(a, b)`` returning that length, None from a closed hex:
    the loop of ``_search``, kept apart because a call per step costs more than
    the rest of the search.

    >>> steps = {"0101": (("0201", 1),), "0201": (("0101", 1), ("0301", 2)), "0301": (("0201", 2),)}
    >>> spread_steps(["0101"], steps), spread_steps(["0101"], steps, closed={"0201"})
    ({'0101': 0, '0201': 1, '0301': 3}, {'0101': 0, '0201': 1})
    """
    limit = math.inf if max_len is None else max_len
    best = dict.fromkeys(starts, 0)
    came_from = {}
    buckets = {0: list(best)}
    totals = [0]
    get = best.get
    nothing = ()
    while totals:
        spent = heappop(totals)
        for h in buckets.pop(spent):
            if best[h] != spent or h in closed:
                continue
            for n, c in steps.get(h, nothing):
                old = get(n)
                if old is not None and old <= spent:
                    continue
                total = spent + c
                if total > limit or (old is not None and total >= old):
                    continue
                best[n] = total
                came_from[n] = h
                bucket = buckets.get(total)
                if bucket is None:
                    buckets[total] = [n]
                    heappush(totals, total)
                else:
                    bucket.append(n)
    return Reach(best, came_from)


def joined(starts, nexts, *, closed=frozenset()) -> frozenset:
    """Every hex a line of any length joins to one of ``starts``: :func:`spread` without the
    lengths. ``nexts[h]`` is the set of hexes a line may step to from ``h``; a hex of
    ``closed`` is reached but never left (a start too).

    >>> nexts = {"0101": {"0201"}, "0201": {"0101", "0301"}, "0301": {"0201"}}
    >>> sorted(joined(["0101"], nexts)), sorted(joined(["0101"], nexts, closed={"0201"}))
    (['0101', '0201', '0301'], ['0101', '0201'])
    """
    seen = set(starts)
    frontier = seen - closed
    nothing = frozenset()
    while frontier:
        step = set()
        for h in frontier:
            step |= nexts.get(h, nothing)
        step -= seen
        seen |= step
        frontier = step - closed
    return frozenset(seen)


def trace(start, targets, passable, max_len=None, *, neighbours=neighbours) -> list | None:
    """The shortest line from ``start`` to any of ``targets`` within ``max_len``, or None.

    ``targets`` is a predicate or a collection of hexes; ``passable`` and
    ``max_len`` are as in :func:`spread`. The line runs from ``start`` to the
    target, both included (``[start]`` when the start is a target), so whether a
    unit traces supply at all is ``trace(...) is not None``.

    >>> table = neighbour_table(["0101", "0201", "0301"])
    >>> trace("0101", {"0301"}, lambda a, b: True, neighbours=table)
    ['0101', '0201', '0301']
    >>> trace("0101", {"0301"}, lambda a, b: True, 1, neighbours=table) is None
    True
    """
    limit = math.inf if max_len is None else max_len
    _, came_from, found = _search((start,), limit, passable, _adjacency(neighbours), None, _predicate(targets))
    return None if found is None else _route(came_from, found)


__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "Hex",
    "Reach",
    "axial_to_offset",
    "corners",
    "direction",
    "distance",
    "from_id",
    "hex_round",
    "hex_to_pixel",
    "line",
    "neighbour_table",
    "neighbours",
    "offset_to_axial",
    "parse_id",
    "parse_side",
    "pixel_to_hex",
    "reachable",
    "rectangle",
    "ring",
    "side",
    "side_id",
    "side_neighbours",
    "joined",
    "spread",
    "spread_steps",
    "to_id",
    "trace",
    "within",
]
