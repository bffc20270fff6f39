"""Views list what they show: every game's board names the keys it shows, so that a
field the state gains later is hidden until someone shows it on purpose.

For every game: a new key planted in the state (at the top, beside the engine's
``drafts``, and inside each record the board copies) appears in no role's view and
no spectator's; the keys each view shows are exactly the ones documented here; and
``scramble`` really shuffles what a role may not know while its view stays the same.
"""

from __future__ import annotations

import json
import random

import pytest

import kriegsspiel
from kriegsspiel.engine import call
from kriegsspiel.engine.flow import run
from kriegsspiel.games import load

SECRET = "planted-secret-4f1c"


def play(game, s, seed: int, until, limit: int = 5000, strict: bool = True, bot=None) -> dict:
    """Random legal play (or ``bot``'s) from ``s`` until ``until(s)`` holds; ``strict``: it must."""
    pick = random.Random(seed)
    for _ in range(limit):
        if until(s):
            return s
        if game.is_over(s):
            break
        role = pick.choice(game.active(s))
        actions = game.actions(s, role)
        s = game.apply(s, role, bot(game.view(s, role), actions, pick) if bot else pick.choice(actions))
    assert not strict, "the state sought was not reached"
    return s


def asking(state: str):
    return lambda s: bool(s["stack"]) and s["stack"][-1].get("state") == state


def viewers(s) -> list:
    return [*s["roles"], None]


def plant(s: dict, records: tuple[str, ...]) -> dict:
    """The state with a secret at the top and in every record the board copies (see
    ``records_of``)."""
    s["zz_secret"] = SECRET
    s["drafts"] = [SECRET]  # the engine's index of draft actions: secret
    for path in records:
        found = records_of(s, path)
        assert found, f"nothing to plant in {path}"
        for d in found:
            d["zz_secret"] = SECRET
    return s


def records_of(d: dict, path: str) -> list[dict]:
    """The records at ``path`` in ``d``: "" is ``d`` itself, ``key`` the dict ``d[key]``,
    and each ``/*`` goes one level down, to the dicts among the values (or in lists of
    them): ``forces/*`` is every force, ``orders/*`` every order of every nation."""
    if not path:
        return [d]
    key, *stars = path.split("/")
    found = [d[key]] if isinstance(d.get(key), dict) else []
    for _ in stars:
        inner = []
        for record in found:
            for v in record.values():
                if isinstance(v, dict):
                    inner.append(v)
                elif isinstance(v, list):
                    inner += [x for x in v if isinstance(x, dict)]
        found = inner
    return found


def leaks(game, s) -> list:
    return [role for role in viewers(s) if SECRET in json.dumps(game.view(s, role))]


# ----- the states each game is checked in -------------------------------------------------------


def goofspiel_states():
    g = load("goofspiel")
    s = g.new(seed=1, players=3)
    yield g, s
    yield g, play(g, g.clone(s), 1, until=lambda s: len(s["prizes"]) < 8 and s["stack"][-1]["pending"])


def fww_states():
    g = load("first-world-war")
    s = g.new(seed=2, players=4)
    yield g, s
    yield g, play(g, g.clone(s), 2, until=lambda s: s["battle"] is not None and s["last_battle"] is not None)
    solo = g.new(seed=3, players=2, options={"solitaire": True})
    yield g, play(g, solo, 3, until=lambda s: any(s["reserved"].values()), limit=20000)


def ib_states():
    g = load("imperial-borders")
    s = g.new(seed=5, players=6)
    yield g, play(g, s, 5, until=asking("setup_place"))
    s = g.new(seed=5, scenario="historical", players=6)
    yield g, play(g, g.clone(s), 5, until=lambda s: s["phase"] == "march" and len(s["moved"]) == 2)
    yield g, play(g, g.clone(s), 6, until=lambda s: s["battle"] is not None and s["last_battle"] is not None)


def ie_states():
    g = load("imperial-elegy")
    s = g.new(seed=7, players=6)
    yield g, s
    yield g, play(g, g.clone(s), 7, until=lambda s: s["phase"] == "action" and s["war"] is not None)
    yield g, ie_great_war()


def ie_great_war():
    """The Great War broken out (24.0): the option off, the WTT raised to 5 and the crisis rolled,
    then played until a GW impulse."""
    g = load("imperial-elegy")
    for seed in range(7, 40):
        s = g.new(seed=seed, players=6, options={"no_great_war_turns": False})
        s["stack"].clear()
        s["wtt"] = 4
        call(s, "wtt", amount=1, power="ge")
        run(g.procedures, s)
        if s["stack"]:
            return play(g, s, seed, until=lambda s: (s["stack"] or [{}])[-1].get("state") == "gw-impulse")
    raise AssertionError("no crisis roll broke the Great War out")


def i1880_states():
    g = load("imperialism-1880")
    s = g.new(seed=8, players=9)
    yield g, s
    yield g, i1880_campaign()


def i1880_campaign():
    """A campaign some turns in, with colonial combats fought (the referee bot's entries:
    random ones bring the Great War at once)."""
    g = load("imperialism-1880")
    referee = kriegsspiel.bot("imperialism-1880", "referee")
    return play(g, g.new(seed=8, players=9), 8, lambda s: len(s["combats"]) >= 2 and s["turn"] >= 3, bot=referee)


def ot_states():
    g = load("over-there")
    s = g.new(seed=1)
    yield g, s
    yield g, g.apply(g.clone(s), "entente", {"unit": "ru-25-id"})  # a unit's reach and its ways
    yield g, play(g, g.clone(s), 1, until=lambda s: s["attack"] is not None and s["last"] is not None)


STATES = {
    "goofspiel": goofspiel_states,
    "over-there": ot_states,
    "first-world-war": fww_states,
    "imperial-borders": ib_states,
    "imperial-elegy": ie_states,
    "imperialism-1880": i1880_states,
}

RECORDS = {
    "goofspiel": (),
    "over-there": ("units/*", "hq/*", "works/*"),
    "first-world-war": ("armies/*", "status/*", "order", "reserved/*", "battle", "last_battle"),
    "imperial-borders": ("forces/*", "orders/*"),
    "imperial-elegy": ("powers/*",),
    "imperialism-1880": ("books/*", "minors/*", "counters/*", "orders/*"),
}


def cases() -> list:
    return [
        pytest.param(g, s, game_id, id=f"{game_id}-{i}")
        for game_id, states in STATES.items()
        for i, (g, s) in enumerate(states())
    ]


@pytest.mark.parametrize("game, s, game_id", cases())
def test_a_new_key_is_shown_to_nobody(game, s, game_id):
    """A key added to the state, at the top or inside a record the board copies, is in
    no role's view and not in the spectator's."""
    records = tuple(r for r in RECORDS[game_id] if _has(s, r))
    assert leaks(game, plant(game.clone(s), records)) == []


def _has(s, path):
    return bool(records_of(s, path))


@pytest.mark.parametrize("game_id", list(STATES))
def test_every_record_is_planted_in_some_state(game_id):
    """The states above reach every record the board copies (else the test above
    would prove nothing for it)."""
    reached = {r for _g, s in STATES[game_id]() for r in RECORDS[game_id] if _has(s, r)}
    assert reached == set(RECORDS[game_id])


# ----- the keys each view shows ------------------------------------------------------------------

# game -> record -> (keys always shown, keys shown when they apply)
SHOWN = {
    "goofspiel": {"": ({"prize", "pot", "deck", "hands", "played", "won", "score", "last_bids"}, set())},
    "over-there": {
        "": (
            {
                "turn",
                "turn_index",
                "turns",
                "date",
                "phasing",
                "phase",
                "units",
                "hidden",
                "owner",
                "works",
                "breaks",
                "bridges",
                "demolished",
                "repairs",
                "obstructed",
                "contested",
                "fallen",
                "depleted",
                "res",
                "hq",
                "staff",
                "zoc",
                "selected",
                "reach",
                "way",
                "overruns",
                "attack",
                "targets",
                "last",
                "advancing",
                "vp",
                "score",
                "eliminated",
                "rail",
                "pool",
                "air",
                "due",
            },
            set(),
        ),
        "hq/*": ({"active", "hex", "zoi"}, {"leader"}),
        "works/*": ({"side", "level"}, set()),
    },
    "first-world-war": {
        "": (
            {
                "year",
                "year_index",
                "turn",
                "order",
                "acting",
                "vp",
                "cp",
                "status",
                "brest_litovsk",
                "open_fronts",
                "cities",
                "fronts",
                "armies",
                "dummies_in_pool",
                "hands",
                "cups",
                "removed",
                "reserved",
                "battle",
                "last_battle",
            },
            set(),
        ),
        "armies/*": ({"where", "front", "ctl", "up", "lost", "locked"}, {"by"}),
        "status/*": (
            {
                "capitulated",
                "failures",
                "bonus",
                "revolution_seen",
                "revolution",
                "mutiny",
                "politics",
                "unrest",
                "mutiny_nationality",
                "mutiny_theatre",
            },
            set(),
        ),
        "order": ({"deploy", "turns"}, set()),
        "reserved/*": ({"marker", "due"}, set()),
        "battle": (
            {"front", "attacker", "defender", "leads", "markers", "espionage", "dice", "totals", "result"},
            {"counter", "mods"},
        ),
        "last_battle": (
            {"front", "attacker", "defender", "leads", "markers", "espionage", "dice", "totals", "result"},
            {"counter", "mods"},
        ),
    },
    "imperial-borders": {
        "": (
            {
                "nations",
                "neutral",
                "teams",
                "round",
                "last_round",
                "phase",
                "turn_order",
                "bids",
                "active",
                "moved",
                "gold",
                "held_gold",
                "control",
                "damage",
                "forces",
                "next_force",
                "tents",
                "red_forts",
                "casualties",
                "medal_points",
                "medals",
                "prestige",
                "orders",
                "revolts",
                "call_to_arms",
                "traded",
                "battle",
                "last_battle",
            },
            {"slots", "setup_dots", "pools", "asking", "question"},
        ),
        "forces/*": ({"nation", "type", "elite", "damage", "at", "cargo_of", "tags"}, set()),
        "orders/*": ({"from", "path", "count", "status"}, set()),
    },
    "imperial-elegy": {
        "": (
            {
                "turn",
                "first_turn",
                "wtt",
                "phase",
                "flags",
                "majors",
                "control",
                "units",
                "next_unit",
                "influence",
                "diplomacy",
                "allies",
                "pacification",
                "goe",
                "forts",
                "woi",
                "rebel_spaces",
                "occupied",
                "build_box",
                "gone",
                "discard",
                "removed",
                "permanent",
                "impulse",
                "cp",
                "war",
                "battle",
                "crisis",
                "history",
                "deck",
                "powers",
                "role",
                "asking",
            },
            {"reserve_box", "last_responses", "last_battle", "naval_move", "last_naval_battle", "gw", "gw_deck"},
        ),
        "powers/*": (
            {
                "stability",
                "industry",
                "manpower",
                "mp_bonus",
                "reserves",
                "alliance",
                "mpit",
                "homes",
                "marker",
                "industrialize",
                "auto",
                "chain",
                "passed",
                "vp",
                "truces",
                "limits",
                "won_wars",
                "lost_wars",
                "forts_kept",
                "hand_size",
                "goal_count",
                "home_chosen",
                "gw_hand_size",  # 26.0: how many GW cards it holds
            },
            {
                "gifts",
                "prep_discarded",
                "lost_elite",
                "public_goals",
                "goals_due",
                # a power's own: its hand, home card, goals and NG deck (2.4.1, 11.2), GW card (26.0)
                "hand",
                "home",
                "gw_hand",
                "goals",
                "goal_deck",
                "goal_cards",
                "goals_drawn",  # 20.11: the goals it drew and is choosing among
                "draft",
            },
        ),
    },
    "imperialism-1880": {
        "": (
            {
                "year",
                "turn",
                "phase",
                "great_war_penalty",
                "eti",
                "great_war_at",
                "eti_ledger",
                "markers",
                "counters",
                "casus_belli",
                "wars",
                "treaties",
                "supports",
                "congress",
                "congresses",
                "codominions",
                "canals",
                "chinese_armies",
                "merchant_fleets",
                "minors",
                "decisions",
                "great_war",
                "books",
                "combats",
                "report",
                "orders",
            },
            {"final", "entry", "asking", "question", "dispatch"},
        ),
        "orders/*": ({"items"}, {"draft", "writing"}),
        "books/*": ({"treasury", "income", "maintenance", "upkeep", "net", "lines", "vp", "units"}, set()),
        "minors/*": ({"treasury", "income", "maintenance", "upkeep", "net", "lines", "units"}, set()),
    },
}

# The lists each module names: a key added to one must be documented above too, even
# where the states sampled here never show it.
MODULE_LISTS = {
    "first_world_war": {
        "ARMY_SHOWN": "armies/*",
        "STATUS_SHOWN": "status/*",
        "ORDER_SHOWN": "order",
        "RESERVED_SHOWN": "reserved/*",
        "BATTLE_SHOWN": "battle",
    },
    "imperial_borders": {"FORCE_SHOWN": "forces/*", "ORDER_SHOWN": "orders/*"},
    "imperial_elegy": {"POWER_SHOWN": "powers/*"},
    "imperialism_1880": {"BOOK_SHOWN": "books/*", "MINOR_SHOWN": "minors/*"},
}
GAME_OF = {
    "first_world_war": "first-world-war",
    "imperial_borders": "imperial-borders",
    "imperial_elegy": "imperial-elegy",
    "imperialism_1880": "imperialism-1880",
}


@pytest.mark.parametrize("game, s, game_id", cases())
def test_each_view_shows_exactly_the_documented_keys(game, s, game_id):
    for role in viewers(s):
        board = game.view(s, role)["board"]
        for path, (always, sometimes) in SHOWN[game_id].items():
            for record in records_of(board, path):
                keys = set(record)
                assert always <= keys, (game_id, role, path, always - keys)
                assert keys <= always | sometimes, (game_id, role, path, keys - always - sometimes)


@pytest.mark.parametrize("module", list(MODULE_LISTS))
def test_the_modules_lists_are_the_documented_ones(module):
    rules = __import__(f"kriegsspiel.games.{module}.rules", fromlist=["rules"])
    for name, path in MODULE_LISTS[module].items():
        always, sometimes = SHOWN[GAME_OF[module]][path]
        named = set(getattr(rules, name))
        assert named <= always | sometimes, (module, name, named - always - sometimes)
    top = getattr(rules, "SHOWN", None)
    if top is not None:  # the top-level list, where the board copies keys by name
        always, sometimes = SHOWN[GAME_OF[module]][""]
        assert set(top) <= always | sometimes, (module, set(top) - always - sometimes)


# ----- scramble: what a role may not know is really shuffled, and its view stays --------------------


def scrambled(game, s, role, seeds=range(8)):
    """Scrambles of ``s`` for ``role``: the state is left as it was, the view stays."""
    before = json.dumps(s, sort_keys=True)
    out = []
    for seed in seeds:
        t = game.scramble(s, role, random.Random(seed))
        assert json.dumps(s, sort_keys=True) == before, "scramble changed the state it was given"
        assert game.view(t, role) == game.view(s, role), (role, seed)
        out.append(t)
    return out


def test_goofspiel_scramble_shuffles_the_prize_deck_and_the_sealed_bids():
    g = load("goofspiel")
    s = play(g, g.new(seed=1, players=3), 1, until=lambda s: len(s["prizes"]) < 8 and s["stack"][-1]["pending"])
    pending = s["stack"][-1]["pending"]
    for role in viewers(s):
        others = scrambled(g, s, role)
        assert any(t["prizes"] != s["prizes"] for t in others)
        for r in pending:
            bids = {t["stack"][-1]["pending"][r] for t in others}
            if r == role:
                assert bids == {pending[r]}  # its own bid it knows
            else:
                assert len(bids) > 1, (role, r)


def test_first_world_war_scramble_moves_face_down_counters_and_swaps_markers():
    g = load("first-world-war")
    s = play(g, g.new(seed=2, players=4), 2, until=lambda s: s["year"] >= 2 and s["turn"] >= 1)
    for role in viewers(s):
        others = scrambled(g, s, role)
        for r in (e for e in s["roles"] if e != role):
            mine = {a: st["front"] for a, st in s["armies"].items() if st["ctl"] == r}
            moved = [t for t in others if {a: t["armies"][a]["front"] for a in mine} != mine]
            dummies = [t for t in others if t["dummies"][r] != s["dummies"][r]]
            assert moved or dummies, (role, r)
        hands = [t for t in others if any(t["hands"][r] != s["hands"][r] for r in s["roles"] if r != role)]
        assert hands, role
        if role is not None:
            for t in others:  # what the role knows is left alone
                assert t["hands"][role] == s["hands"][role]
                assert t["dummies"][role] == s["dummies"][role]


def test_first_world_war_scramble_changes_a_marker_committed_face_down():
    g = load("first-world-war")

    def choosing(s):  # a marker committed by a side that had more than one choice
        top = s["stack"][-1] if s["stack"] else {}
        return top.get("state") == "commit" and any(
            len(g.states["commit"].actions(s, top, r)) > 1 for r in top["pending"]
        )

    s = next(s for n in range(4, 40) if choosing(s := play(g, g.new(seed=n, players=4), n, choosing, strict=False)))
    top = s["stack"][-1]
    (committed,) = top["pending"]
    others = scrambled(g, s, None, seeds=range(30))
    assert any(t["stack"][-1]["pending"] != top["pending"] for t in others)
    assert all(t["stack"][-1]["pending"] == top["pending"] for t in scrambled(g, s, committed))


def test_imperial_borders_scramble_redraws_the_secret_orders():
    g = load("imperial-borders")
    s = g.new(seed=5, scenario="historical", players=6)
    s = play(g, s, 5, until=lambda s: s["phase"] == "march" and len(s["moved"]) == 2)
    for role in viewers(s):
        others = scrambled(g, s, role)
        hidden = [n for n in s["orders"] if n not in s["moved"] and n != role and s["orders"][n]]
        assert hidden
        for n in hidden:
            assert any(t["orders"][n] != s["orders"][n] for t in others), (role, n)
        for n in s["moved"] + ([role] if role else []):
            assert all(t["orders"][n] == s["orders"][n] for t in others)


def test_imperial_borders_scramble_redraws_the_plotted_starting_positions():
    g = load("imperial-borders")
    s = play(g, g.new(seed=5, players=6), 5, until=asking("setup_place"))
    placing = s["stack"][-1]["role"]
    for role in viewers(s):
        others = scrambled(g, s, role)
        for n in s["setup_dots"]:
            if n == role:
                assert all(t["setup_dots"][n] == s["setup_dots"][n] for t in others)
            else:
                assert any(t["setup_dots"][n] != s["setup_dots"][n] for t in others), (role, n)
    assert g.view(s, placing)["board"]["setup_dots"] == {placing: s["setup_dots"][placing]}
    assert g.view(s, None)["board"]["setup_dots"] == {}


@pytest.mark.parametrize("state", ["bid", "congress_vote", "setup_plot"])
def test_imperial_borders_scramble_changes_the_sealed_choices(state):
    g = load("imperial-borders")
    scenario = "standard" if state == "setup_plot" else "historical"
    s = g.new(seed=9, scenario=scenario, players=6)
    s = play(g, s, 9, until=lambda s: asking(state)(s) and len(s["stack"][-1]["pending"]) >= 2, limit=20000)
    top = s["stack"][-1]
    for role in viewers(s):
        others = scrambled(g, s, role)
        changed = [t for t in others if t["stack"][-1] != top]
        assert changed, role
        for t in others:
            if role in top["pending"]:
                assert t["stack"][-1]["pending"][role] == top["pending"][role]


def test_imperialism_1880_scramble_draws_the_hidden_books_again():
    g = load("imperialism-1880")
    s = i1880_campaign()
    for role in viewers(s):
        for t in scrambled(g, s, role):
            if role == "referee":
                assert t == s
                continue
            hidden = [p for p in s["books"] if p != role]
            assert sum(t["books"][p] != s["books"][p] for p in hidden) >= len(hidden) - 1
            if role is not None:
                assert t["books"][role] == s["books"][role]
                assert t["counters"][role] == s["counters"][role]
    assert any(t["combats"] != s["combats"] for t in scrambled(g, s, None))  # nobody's to see
