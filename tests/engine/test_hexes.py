"""The hex engine: printed ids and axial coordinates, the geometry, hexsides, and the
movement and supply searches checked against brute force on random maps.

Run as a script for the micro-benchmark: ``.venv/bin/python tests/engine/test_hexes.py``.
"""

import doctest
import json
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.engine import hexes as hx
from kriegsspiel.engine.hexes import (
    DIRECTIONS,
    Reach,
    direction,
    distance,
    from_id,
    neighbour_table,
    neighbours,
    reachable,
    ring,
    side,
    side_id,
    spread,
    to_id,
    trace,
    within,
)

BLOCK = [(c, w) for c in range(1, 21) for w in range(1, 21)]  # columns and rows 01-20
coords = st.integers(-40, 40)
axial = st.tuples(coords, coords)
seeds = st.integers(0, 2**32 - 1)  # of a random map
calm = settings(deadline=None)  # no time limit per example: the machine is shared, timings vary
thorough = settings(max_examples=1000, deadline=None)


def test_the_docstring_examples_run_as_written():
    result = doctest.testmod(hx)
    assert result.attempted >= 30 and result.failed == 0


# ----- printed ids and axial coordinates ---------------------------------------------


def test_printed_and_axial_round_trip_on_a_20x20_block():
    for c, w in BLOCK:
        h = hx.offset_to_axial(c, w)
        assert hx.axial_to_offset(h) == (c, w)
        text = f"{c:02d}{w:02d}"
        assert from_id(text) == h and to_id(h) == text
        assert from_id("GW2:" + text) == h and to_id(h, "GW2") == "GW2:" + text
        assert hx.parse_id("E26:" + text) == ("E26", h)


def test_axial_is_red_blobs_odd_q_with_columns_counted_from_one():
    """Red Blob Games' odd-q: 0-based col and row, odd cols shoved down; q = col, r = row - (col - (col & 1)) // 2."""
    for c, w in BLOCK:
        col, row = c - 1, w - 1
        assert hx.offset_to_axial(c, w) == (col + 1, row - (col - (col & 1)) // 2)


def offset_neighbours(c, w):
    """The printed layout's own rule: even columns sit half a hex lower, so an even column
    touches the next columns at its own row and the row below, an odd one at its row and the row above."""
    side_rows = (w, w + 1) if c % 2 == 0 else (w - 1, w)
    return {(c, w - 1), (c, w + 1)} | {(c + dc, r) for dc in (-1, 1) for r in side_rows}


def test_neighbours_follow_the_printed_layout_on_a_20x20_block():
    for c, w in BLOCK:
        around = neighbours(hx.offset_to_axial(c, w))
        assert len(set(around)) == 6
        assert {hx.axial_to_offset(n) for n in around} == offset_neighbours(c, w)


def test_neighbours_by_printed_id_checked_by_hand():
    # 0623 (even column, lower): N, NE, SE, S, SW, NW
    assert [to_id(n) for n in neighbours(from_id("0623"))] == ["0622", "0723", "0724", "0624", "0524", "0523"]
    # 4121 (odd column, higher)
    assert [to_id(n) for n in neighbours(from_id("4121"))] == ["4120", "4220", "4221", "4122", "4021", "4020"]


def test_the_rulebooks_hexsides_join_adjacent_hexes():
    # L344 Pavia's river hexsides, L1840 the sea hexes around GW2:5008, L142 Veglia, L1842 riverine hexsides
    pairs = ["4121|4221", "4121|4122", "4516|4615", "5008|4909", "5008|5108", "5008|5007", "5006|5106"]
    pairs += ["4510|4511", "4510|4610", "4410|4511", "4609|4610"]
    for pair in pairs:
        a, b = pair.split("|")
        assert distance(from_id(a), from_id(b)) == 1, pair
    assert distance(from_id("5008"), from_id("4908")) == 1 and distance(from_id("5008"), from_id("4907")) == 2


@pytest.mark.parametrize("bad", ["623", "06230", "GW2-0623", ":0623", "GW2:", "06a3", "GW 2:0623", ""])
def test_malformed_ids_are_refused(bad):
    with pytest.raises(ValueError):
        from_id(bad)


def test_hexes_without_a_printed_id_are_refused():
    for h in [hx.offset_to_axial(-1, 5), hx.offset_to_axial(100, 5), hx.offset_to_axial(5, 100), (5, -10)]:
        with pytest.raises(ValueError):
            to_id(h)
    assert to_id(hx.offset_to_axial(0, 0)) == "0000" and to_id(hx.offset_to_axial(99, 99)) == "9999"


def test_rectangle_lists_the_printed_block_column_by_column():
    hexes = hx.rectangle(3, 4)
    assert [to_id(h) for h in hexes[:5]] == ["0101", "0102", "0103", "0104", "0201"]
    assert {to_id(h) for h in hexes} == {f"{c:02d}{w:02d}" for c in range(1, 4) for w in range(1, 5)}


# ----- direction, distance, areas, lines ------------------------------------------------


def test_direction_names_the_step_to_each_neighbour():
    for h in [from_id("0623"), from_id("4121")]:
        assert [direction(h, n) for n in neighbours(h)] == [0, 1, 2, 3, 4, 5]
        assert list(neighbours(h)) == [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]
        assert [hx.DIRECTION_NAMES[direction(h, n)] for n in neighbours(h)] == ["N", "NE", "SE", "S", "SW", "NW"]
    with pytest.raises(ValueError):
        direction(from_id("0623"), from_id("0625"))
    with pytest.raises(ValueError):
        direction(from_id("0623"), from_id("0623"))


def test_the_directions_point_where_their_names_say_on_the_drawing():
    h = from_id("0623")
    x0, y0 = hx.hex_to_pixel(h, 1.0)
    for name, n in zip(hx.DIRECTION_NAMES, neighbours(h), strict=True):
        x, y = hx.hex_to_pixel(n, 1.0)
        bearing = math.degrees(math.atan2(x - x0, y0 - y)) % 360  # clockwise from north, y down
        assert bearing == pytest.approx({"N": 0, "NE": 60, "SE": 120, "S": 180, "SW": 240, "NW": 300}[name])


def plane_steps(a, b, limit=12):
    """Breadth-first step count on the plane: the reference for distance."""
    seen, frontier, steps = {a}, [a], 0
    while b not in seen:
        frontier = [n for h in frontier for n in neighbours(h) if n not in seen]
        seen.update(frontier)
        steps += 1
        assert steps <= limit
    return steps


@calm
@given(axial, axial, axial)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@calm
@given(axial, st.tuples(st.integers(-6, 6), st.integers(-6, 6)))
def test_distance_counts_the_fewest_steps(a, offset):
    b = (a[0] + offset[0], a[1] + offset[1])
    assert distance(a, b) == plane_steps(a, b)


def test_distance_between_printed_hexes():
    assert distance(from_id("0623"), from_id("0623")) == 0
    assert distance(from_id("0101"), from_id("0120")) == 19  # down one column
    assert distance(from_id("0101"), from_id("2001")) == 19  # along row 01, zigzagging
    assert distance(from_id("0101"), from_id("0201")) == 1 and distance(from_id("0201"), from_id("0101")) == 1


@calm
@given(axial, st.integers(0, 6))
def test_within_is_every_hex_in_range(center, radius):
    area = within(center, radius)
    assert len(area) == len(set(area)) == 3 * radius * (radius + 1) + 1
    box = [(center[0] + dq, center[1] + dr) for dq in range(-7, 8) for dr in range(-7, 8)]
    assert set(area) == {h for h in box if distance(center, h) <= radius}


@calm
@given(axial, st.integers(0, 8))
def test_rings_go_round_clockwise_from_the_north(center, radius):
    hexes = ring(center, radius)
    assert len(hexes) == len(set(hexes)) == max(1, 6 * radius)
    assert all(distance(center, h) == radius for h in hexes)
    if radius:
        assert hexes[0] == (center[0], center[1] - radius)
        assert all(distance(a, b) == 1 for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True))
        assert direction(hexes[0], hexes[1]) == 2  # first step SE: clockwise
    assert set(within(center, radius)) == {h for k in range(radius + 1) for h in ring(center, k)}


@calm
@given(axial, axial)
def test_lines_are_unbroken_and_as_short_as_can_be(a, b):
    hexes = hx.line(a, b)
    assert hexes[0] == a and hexes[-1] == b
    assert len(hexes) == distance(a, b) + 1
    assert all(distance(x, y) == 1 for x, y in zip(hexes, hexes[1:], strict=False))


@calm
@given(axial, axial, axial)
def test_lines_are_nudged_the_same_way_wherever_they_are_drawn(a, b, shift):
    moved = hx.line((a[0] + shift[0], a[1] + shift[1]), (b[0] + shift[0], b[1] + shift[1]))
    assert moved == [(q + shift[0], r + shift[1]) for q, r in hx.line(a, b)]


def test_a_line_along_hexsides_falls_to_one_side():
    # From (0, 0) to (2, -1) the exact line runs along the hexside between (1, -1) and (1, 0).
    middle = hx.line((0, 0), (2, -1))[1]
    assert middle in {(1, -1), (1, 0)}
    assert hx.line((5, 5), (7, 4))[1] == (middle[0] + 5, middle[1] + 5)
    # A line straight down a column stays in the column.
    assert [to_id(h) for h in hx.line(from_id("0610"), from_id("0614"))] == ["0610", "0611", "0612", "0613", "0614"]


def test_hex_round_rounds_to_the_nearest_centre():
    for h in within((3, -2), 3):
        assert hx.hex_round(float(h[0]), float(h[1])) == h
        assert hx.hex_round(h[0] + 0.2, h[1] - 0.1) == h


# ----- pixels --------------------------------------------------------------------------


def test_printed_geometry_on_the_drawing():
    size, tall = 10.0, math.sqrt(3) * 10.0
    x, y = hx.hex_to_pixel(from_id("0623"), size)
    assert (x, y) == pytest.approx((1.5 * size * 6, tall * 23))  # an even column: y = sqrt(3) * size * row
    x7, y7 = hx.hex_to_pixel(from_id("0723"), size)
    assert (x7 - x, y7 - y) == pytest.approx((1.5 * size, -tall / 2))  # an odd column: half a hex higher
    assert hx.hex_to_pixel(from_id("0622"), size)[1] == pytest.approx(y - tall)  # north is up
    for n in neighbours(from_id("0623")):
        assert math.dist(hx.hex_to_pixel(n, size), (x, y)) == pytest.approx(tall)


@calm
@given(axial, st.floats(0.5, 50), st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)))
def test_pixel_round_trip(h, size, origin):
    x, y = hx.hex_to_pixel(h, size, origin)
    assert hx.pixel_to_hex(x, y, size, origin) == h


@calm
@given(axial, st.floats(0, 2 * math.pi), st.floats(0, 0.999))
def test_every_point_inside_a_hex_is_found_in_it(h, angle, reach):
    size = 7.0
    x, y = hx.hex_to_pixel(h, size, (3.0, -4.0))
    inner = size * math.sqrt(3) / 2  # the inscribed circle
    point = (x + reach * inner * math.cos(angle), y + reach * inner * math.sin(angle))
    assert hx.pixel_to_hex(*point, size, (3.0, -4.0)) == h


def test_corners_are_shared_with_the_neighbours():
    size = 4.0
    h = from_id("0623")
    mine = hx.corners(h, size)
    centre = hx.hex_to_pixel(h, size)
    assert len(mine) == 6 and all(math.dist(p, centre) == pytest.approx(size) for p in mine)
    assert mine[0] == pytest.approx((centre[0] + size, centre[1]))  # east corner first
    assert mine[1][1] > centre[1]  # then south-east, y down
    rounded = {(round(x, 6), round(y, 6)) for x, y in mine}
    for n in neighbours(h):
        theirs = {(round(x, 6), round(y, 6)) for x, y in hx.corners(n, size)}
        assert len(rounded & theirs) == 2


# ----- hexsides ------------------------------------------------------------------------


def test_a_hexside_is_the_unordered_pair_in_either_form():
    a, b = from_id("0623"), from_id("0624")
    assert side(a, b) == side(b, a) == (a, b)
    assert side("0624", "0623") == ("0623", "0624")
    assert side("GW2:0624", "GW2:0623") == ("GW2:0623", "GW2:0624")
    assert side_id(b, a) == side_id("0624", "0623") == "0623|0624"
    assert side_id(a, b, "GW2") == "GW2:0623|GW2:0624"
    assert hx.parse_side("0624|0623") == hx.parse_side("GW2:0623|GW2:0624") == (a, b)


def test_hexside_keys_round_trip_through_json_on_a_block():
    hexes = [hx.offset_to_axial(c, w) for c, w in BLOCK]
    on_map = set(hexes)
    keys = {side(h, n) for h in hexes for n in neighbours(h) if n in on_map}
    # 19 down each of 20 columns; 39 between each of 19 pairs of columns (two each, less one at the end)
    assert len(keys) == 20 * 19 + 19 * 39
    texts = json.loads(json.dumps(sorted(side_id(*k) for k in keys)))
    assert {hx.parse_side(t) for t in texts} == keys
    for a, b in keys:  # the canonical order is the same for axial hexes and their printed ids
        assert side(to_id(a), to_id(b)) == (to_id(a), to_id(b))


@pytest.mark.parametrize(
    "a, b", [("0623", "0625"), ("0623", "0623"), ("GW2:0623", "GW3:0624"), ((6, 20), (8, 20)), ("0623", "0724x")]
)
def test_no_hexside_between_hexes_that_do_not_touch(a, b):
    with pytest.raises(ValueError):
        side(a, b)


@pytest.mark.parametrize("bad", ["0623", "0623|0625", "0623/0624", "GW2:0623|GW3:0624", "0623|"])
def test_malformed_hexsides_are_refused(bad):
    with pytest.raises(ValueError):
        hx.parse_side(bad)


def test_hexsides_meet_at_their_ends_as_the_rulebook_says():
    # L1842: GW2:4510/4511 is adjacent to 4510/4610 and 4410/4511, but not to 4609/4610.
    touching = {side_id(*s) for s in hx.side_neighbours(hx.parse_side("4510|4511"))}
    assert {"4510|4610", "4410|4511"} <= touching and "4609|4610" not in touching
    assert touching == {"4510|4610", "4511|4610", "4410|4510", "4410|4511"}


@calm
@given(axial, st.integers(0, 5))
def test_touching_hexsides_share_a_corner(h, d):
    s = side(h, neighbours(h)[d])
    touching = hx.side_neighbours(s)
    assert len(set(touching)) == 4 and s not in touching
    for t in touching:
        assert len(set(s) & set(t)) == 1  # one hex in common; the other two hexes touch
        x, y = set(s) ^ set(t)
        assert distance(x, y) == 1
    assert all(s in hx.side_neighbours(t) for t in touching)


# ----- neighbour tables ---------------------------------------------------------------


def test_a_neighbour_table_keeps_to_the_map_in_the_keys_given():
    hexes = hx.rectangle(5, 4)
    table = neighbour_table(hexes)
    assert set(table) == set(hexes)
    for h, around in table.items():
        assert around == tuple(n for n in neighbours(h) if n in table)
        assert all(h in table[n] for n in around)
    by_id = neighbour_table(to_id(h, "GW2") for h in hexes)
    assert by_id["GW2:0101"] == ("GW2:0201", "GW2:0102")
    assert {k: tuple(from_id(n) for n in v) for k, v in by_id.items()} == {to_id(h, "GW2"): table[h] for h in table}


def test_a_neighbour_table_keeps_maps_apart():
    table = neighbour_table(["GW2:0101", "GW2:0102", "GW3:0201"])
    assert table == {"GW2:0101": ("GW2:0102",), "GW2:0102": ("GW2:0101",), "GW3:0201": ()}


# ----- movement: reachable against brute force ---------------------------------------


def random_map(rnd):
    """Some hexes of a 7x6 block (with holes), a cost to enter each (None: prohibited),
    a cost to cross some hexsides (None: prohibited), a few stop hexes. Costs in whole
    MPs or, at random, in halves (floats, exact); prohibited said with None or False."""
    hexes = [h for h in hx.rectangle(7, 6) if rnd.random() < 0.85]
    table = neighbour_table(hexes)
    enter = {h: rnd.choice([0, 1, 1, 2, 3, None]) for h in hexes}
    crossing = {}
    for h in hexes:
        for n in table[h]:
            if h < n and rnd.random() < 0.3:
                crossing[(h, n)] = crossing[(n, h)] = rnd.choice([1, 2, None])

    unit = rnd.choice([1, 0.5])
    prohibited = rnd.choice([None, False])

    def cost(a, b):
        if enter[b] is None or ((a, b) in crossing and crossing[(a, b)] is None):
            return prohibited
        return (enter[b] + crossing.get((a, b), 0)) * unit

    stops = {h for h in hexes if rnd.random() < 0.2}
    return hexes, table, cost, stops


def brute_reach(start, budget, cost, stops, table):
    """Relax every step until nothing changes (Bellman-Ford)."""
    best = {start: 0}
    changed = True
    while changed:
        changed = False
        for h, spent in list(best.items()):
            if h != start and h in stops:
                continue
            for n in table[h]:
                c = cost(h, n)
                if c is not None and c is not False and spent + c <= budget and spent + c < best.get(n, math.inf):
                    best[n] = spent + c
                    changed = True
    return best


def check_routes(reach, start, cost, stops, table):
    for h, spent in reach.items():
        route = reach.path(h)
        assert route[0] == start and route[-1] == h
        assert all(b in table[a] for a, b in zip(route, route[1:], strict=False))
        assert sum(cost(a, b) for a, b in zip(route, route[1:], strict=False)) == spent
        assert not any(x in stops for x in route[1:-1])


@thorough
@given(seeds, st.integers(0, 9))
def test_reachable_matches_brute_force_on_random_maps(seed, budget):
    rnd = random.Random(seed)
    hexes, table, cost, stops = random_map(rnd)
    start = rnd.choice(hexes)
    for stop in (None, stops, stops.__contains__):
        reach = reachable(start, budget, cost, stop=stop, neighbours=table)
        assert isinstance(reach, Reach)
        expected = brute_reach(start, budget, cost, set() if stop is None else stops, table)
        assert reach == expected
        check_routes(reach, start, cost, set() if stop is None else stops, table)


@thorough
@given(seeds)
def test_each_step_is_priced_at_most_once(seed):
    """A game's cost function may be dear (terrain, weather, hexside, ZOC): it is asked once per step at most."""
    rnd = random.Random(seed)
    hexes, table, cost, stops = random_map(rnd)
    asked = Counter()

    def counting(a, b):
        asked[a, b] += 1
        return cost(a, b)

    reachable(rnd.choice(hexes), 9, counting, stop=stops, neighbours=table)
    assert max(asked.values(), default=1) == 1


def test_the_start_may_be_left_even_when_it_is_a_stop_hex():
    table = neighbour_table(["0101", "0102", "0103"])
    reach = reachable("0102", 5, lambda a, b: 1, stop={"0102", "0103"}, neighbours=table)
    assert reach == {"0102": 0, "0101": 1, "0103": 1}
    # entering a stop hex ends the move: nothing beyond 0102 from 0101
    assert reachable("0101", 5, lambda a, b: 1, stop={"0102"}, neighbours=table) == {"0101": 0, "0102": 1}


def test_hexside_and_zoc_costs_ride_on_the_step():
    """A river hexside adds 2 to the step across it; leaving a hex in enemy ZOC costs 2 more."""
    table = neighbour_table(["0101", "0102", "0201", "0202"])
    river = {("0101", "0102"), ("0102", "0101")}
    zoc = {"0201"}

    def cost(a, b):
        return 1 + (2 if (a, b) in river else 0) + (2 if a in zoc else 0)

    reach = reachable("0101", 4, cost, neighbours=table)
    assert reach == {"0101": 0, "0201": 1, "0102": 3, "0202": 4}
    assert reach.path("0102") == ["0101", "0102"]  # across the river (3) beats round through the ZOC (1 + 3 + 3)
    assert reach.path("0202") == ["0101", "0201", "0202"]


def test_reachable_on_the_open_plane_relies_on_cost_for_the_map_edge():
    on_map = set(hx.rectangle(10, 10))
    start = from_id("0505")
    reach = reachable(start, 3, lambda a, b: 1 if b in on_map else None)
    assert set(reach) == set(within(start, 3)) and all(reach[h] == distance(start, h) for h in reach)
    corner = reachable(from_id("0101"), 2, lambda a, b: 1 if b in on_map else None)
    assert set(corner) == {h for h in within(from_id("0101"), 2) if h in on_map}


def test_a_unit_may_always_move_one_hex_the_games_way():
    """The recipe in reachable's docstring: an adjacent hex beyond the budget but not prohibited."""
    table = neighbour_table(["0101", "0201", "0301"])
    price = {"0101": 1, "0201": 5, "0301": None}

    def cost(a, b):
        return price[b]

    start, mp = "0101", 3
    reach = reachable(start, mp, cost, neighbours=table)
    assert reach == {"0101": 0}
    for h in table[start]:
        if h not in reach and cost(start, h) is not None:
            reach[h] = mp
            reach.came_from[h] = start
    assert reach == {"0101": 0, "0201": 3} and reach.path("0201") == ["0101", "0201"]


def test_ties_are_broken_the_same_way_every_time():
    hexes = hx.rectangle(8, 8)
    table = neighbour_table(hexes)
    first = reachable(hexes[27], 6, lambda a, b: 1, neighbours=table)
    for _ in range(3):
        again = reachable(hexes[27], 6, lambda a, b: 1, neighbours=table)
        assert again == first and again.came_from == first.came_from
    assert first == brute_reach(hexes[27], 6, lambda a, b: 1, set(), table)


def test_a_path_to_an_unreached_hex_is_an_error():
    reach = reachable((0, 0), 1, lambda a, b: 1)
    with pytest.raises(KeyError):
        reach.path((5, 5))
    assert reach.path((0, 0)) == [(0, 0)]


# ----- supply: spread and trace against brute force ----------------------------------


def brute_lengths(starts, passable, max_len, table):
    best = dict.fromkeys(starts, 0)
    changed = True
    while changed:
        changed = False
        for h, length in list(best.items()):
            for n in table[h]:
                step = passable(h, n)
                if step and (max_len is None or length + step <= max_len) and length + step < best.get(n, math.inf):
                    best[n] = length + step
                    changed = True
    return best


def random_lines(rnd):
    """A supply net: each step 1 hex, 2 (a forest entered), 3 (and a major river crossed), or blocked."""
    hexes = [h for h in hx.rectangle(8, 7) if rnd.random() < 0.9]
    table = neighbour_table(hexes)
    weight = {h: rnd.choice([1, 1, 1, 2, None]) for h in hexes}
    river = {(h, n) for h in hexes for n in table[h] if h < n and rnd.random() < 0.15}
    river |= {(b, a) for a, b in river}
    blocked = rnd.choice([False, None])

    def passable(a, b):
        if weight[b] is None:
            return blocked
        length = weight[b] + ((a, b) in river)
        return True if length == 1 else length

    return hexes, table, passable


@thorough
@given(seeds, st.one_of(st.none(), st.integers(0, 12)))
def test_spread_matches_brute_force(seed, max_len):
    rnd = random.Random(seed)
    hexes, table, passable = random_lines(rnd)
    starts = rnd.sample(hexes, rnd.randint(1, 3))
    region = spread(starts, passable, max_len, neighbours=table)
    assert region == brute_lengths(starts, passable, max_len, table)
    for h, length in region.items():
        route = region.path(h)
        assert route[0] in starts and route[-1] == h
        assert sum(passable(a, b) for a, b in zip(route, route[1:], strict=False)) == length


@thorough
@given(seeds, st.one_of(st.none(), st.integers(0, 12)))
def test_spread_steps_and_joined_give_what_spread_gives(seed, max_len):
    """The table-driven searches answer as ``spread`` does with the same steps, a closed hex
    reached but never left: ``spread_steps`` with the same lengths and ways, ``joined`` the same
    hexes when no length limits the line."""
    rnd = random.Random(seed)
    hexes, table, passable = random_lines(rnd)
    closed = set(rnd.sample(hexes, rnd.randint(0, 6)))
    starts = rnd.sample(hexes, rnd.randint(1, 3))
    steps = {h: tuple((n, passable(h, n)) for n in table[h] if passable(h, n)) for h in hexes}
    region = spread(starts, lambda a, b: None if a in closed else passable(a, b), max_len, neighbours=table)
    table_region = hx.spread_steps(starts, steps, max_len, closed=closed)
    assert table_region == region and table_region.came_from == region.came_from
    if max_len is None:
        nexts = {h: {n for n, _ in pairs} for h, pairs in steps.items()}
        assert hx.joined(starts, nexts, closed=closed) == set(region)


@thorough
@given(seeds, st.one_of(st.none(), st.integers(0, 12)))
def test_trace_finds_the_shortest_line_to_the_nearest_target(seed, max_len):
    rnd = random.Random(seed)
    hexes, table, passable = random_lines(rnd)
    start = rnd.choice(hexes)
    targets = set(rnd.sample(hexes, rnd.randint(1, 4)))
    lengths = brute_lengths([start], passable, max_len, table)
    reachable_targets = [lengths[t] for t in targets if t in lengths]
    for given_targets in (targets, targets.__contains__, list(targets)):
        route = trace(start, given_targets, passable, max_len, neighbours=table)
        if not reachable_targets:
            assert route is None
            continue
        assert route[0] == start and route[-1] in targets
        assert all(b in table[a] and passable(a, b) for a, b in zip(route, route[1:], strict=False))
        assert sum(passable(a, b) for a, b in zip(route, route[1:], strict=False)) == min(reachable_targets)


def test_lines_of_any_length():
    column = hx.rectangle(1, 300)  # a long, thin map: one column of 300 hexes
    table = neighbour_table(column)
    region = spread([column[0]], lambda a, b: True, neighbours=table)
    assert region[column[-1]] == 299 and len(region.path(column[-1])) == 300
    assert trace(column[0], {column[-1]}, lambda a, b: True, neighbours=table) == column
    assert trace(column[0], {column[-1]}, lambda a, b: True, 298, neighbours=table) is None


def test_trace_from_a_target_and_to_nowhere():
    table = neighbour_table(["0101", "0102"])
    assert trace("0101", {"0101"}, lambda a, b: True, 0, neighbours=table) == ["0101"]
    assert trace("0101", set(), lambda a, b: True, neighbours=table) is None
    assert trace("0101", {"0102"}, lambda a, b: None, neighbours=table) is None


def test_supply_computed_once_from_the_sources():
    """Steps reversed, a spread from the sources tells every hex that can trace to one."""
    hexes = hx.rectangle(6, 6)
    table = neighbour_table(hexes)
    enemy_zoc = {from_id("0303"), from_id("0403"), from_id("0304")}

    def into(a, b):
        return b not in enemy_zoc  # a supply line may not enter an enemy ZOC (L588)

    sources = [from_id("0101")]
    supplied = spread(sources, lambda a, b: into(b, a), 5, neighbours=table)
    for h in hexes:
        assert (h in supplied) == (trace(h, sources, into, 5, neighbours=table) is not None)


def test_searching_along_hexsides_a_river_net():
    """Hexsides are keys too: a river's hexsides, joined where they meet, searched with side_neighbours."""
    river = {hx.parse_side(t) for t in ["4510|4511", "4511|4610", "4610|4611", "4611|4711", "4711|4712"]}
    apart = hx.parse_side("4609|4610")  # L1842: not adjacent to 4510/4511, nor to the rest
    start = hx.parse_side("4510|4511")
    net = spread([start], lambda a, b: b in river or b == apart, neighbours=hx.side_neighbours)
    assert set(net) == river
    assert net[hx.parse_side("4711|4712")] == 4
    assert [side_id(*s) for s in net.path(hx.parse_side("4711|4712"))] == [
        "4510|4511",
        "4511|4610",
        "4610|4611",
        "4611|4711",
        "4711|4712",
    ]


# ----- the micro-benchmark ----------------------------------------------------------


def benchmark():
    import timeit

    rnd = random.Random(2026)
    hexes = hx.rectangle(60, 60)
    table = neighbour_table(hexes)
    enter = {h: rnd.choice([1, 1, 1, 2, 2, 3, 4, None]) for h in hexes}
    crossing = {}
    for h in hexes:
        for n in table[h]:
            if h < n and rnd.random() < 0.15:
                crossing[(h, n)] = crossing[(n, h)] = 2
    zoc = set(rnd.sample(hexes, 300))

    def cost(a, b):
        c = enter[b]
        if c is None:
            return None
        c += crossing.get((a, b), 0)
        return c + 2 if a in zoc else c

    def entered(a, b):
        return enter[b]

    ids = {h: to_id(h) for h in hexes}
    id_table = neighbour_table(ids.values())
    id_enter = {ids[h]: v for h, v in enter.items()}

    def id_cost(a, b):
        return id_enter[b]

    def pack(h):
        return h[0] * 256 + h[1]

    int_table = {pack(h): tuple(pack(n) for n in around) for h, around in table.items()}
    int_enter = {pack(h): v for h, v in enter.items()}

    def int_cost(a, b):
        return int_enter[b]

    starts = [rnd.choice(hexes) for _ in range(200)]
    sources = {hx.offset_to_axial(c, w) for c in range(5, 60, 10) for w in range(5, 60, 10)}

    def passable(a, b):
        return enter[b] is not None

    pairs = [(rnd.choice(hexes), rnd.choice(hexes)) for _ in range(1000)]
    steps = [(a, rnd.choice(table[a])) for a, _ in pairs]

    def per_call(fn, calls, repeat=7):
        return min(timeit.repeat(fn, number=1, repeat=repeat)) / calls * 1e6

    sizes = [len(reachable(s, 8, cost, stop=zoc, neighbours=table)) for s in starts]
    rows = [
        ("neighbours(h)", per_call(lambda: [neighbours(a) for a, _ in pairs], 1000)),
        ("table[h] (neighbour_table)", per_call(lambda: [table[a] for a, _ in pairs], 1000)),
        ("distance(a, b)", per_call(lambda: [distance(a, b) for a, b in pairs], 1000)),
        ("from_id(text) (cached)", per_call(lambda: [from_id(ids[a]) for a, _ in pairs], 1000)),
        ("side_id(a, b) of printed ids (cached)", per_call(lambda: [side_id(ids[a], ids[b]) for a, b in steps], 1000)),
        ("side(a, b) of axial hexes", per_call(lambda: [side(a, b) for a, b in steps], 1000)),
        ("neighbour_table(60x60)", per_call(lambda: neighbour_table(hexes), 1, repeat=3)),
        (
            "reachable budget 8, terrain+hexside+ZOC, stop",
            per_call(lambda: [reachable(s, 8, cost, stop=zoc, neighbours=table) for s in starts], 200),
        ),
        (
            "reachable budget 8, terrain only, axial keys",
            per_call(lambda: [reachable(s, 8, entered, neighbours=table) for s in starts], 200),
        ),
        (
            "reachable budget 8, terrain only, printed-id keys",
            per_call(lambda: [reachable(ids[s], 8, id_cost, neighbours=id_table) for s in starts], 200),
        ),
        (
            "reachable budget 8, terrain only, packed-int keys",
            per_call(lambda: [reachable(pack(s), 8, int_cost, neighbours=int_table) for s in starts], 200),
        ),
        (
            "trace up to 10 hexes to the nearest of 36 sources",
            per_call(lambda: [trace(s, sources, passable, 10, neighbours=table) for s in starts], 200),
        ),
        (
            "spread from 0101, any length (whole map)",
            per_call(lambda: spread([(1, 0)], passable, neighbours=table), 1, repeat=5),
        ),
    ]
    print(f"60x60 map, random costs; reachable with budget 8 reaches {sum(sizes) / len(sizes):.0f} hexes on average")
    for name, micros in rows:
        print(f"  {name:52} {micros:9.2f} us per call")


if __name__ == "__main__":
    benchmark()
