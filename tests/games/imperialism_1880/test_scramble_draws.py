"""Samples of what a seat may not know (``scramble``, RULINGS R46-R52): the other powers'
books, unit counters, orders, reports and combats are drawn again from what the seat may
know, never dealt round from the real records; the seat's view stays; the game plays on
from every sample to its end."""

import random
from collections import Counter
from functools import lru_cache

from console_support import GREAT, REF, asking, enter, game, give, new

import kriegsspiel
from kriegsspiel.games.imperialism_1880 import books, orders

HEURISTIC = kriegsspiel.bot("imperialism-1880", "heuristic")
SECRET_KEYS = ("books", "counters", "orders", "dispatches", "combats", "stack")
"""What a sample holds of what a seat may not know (the log and the actions are the engine's
record, which the search's own sampling hides)."""


@lru_cache(maxsize=None)
def _campaign(seed, year, phase):
    """Every seat played by the heuristic bot until the phase of that year."""
    s = game.new(seed=seed, players=9)
    rng = random.Random(seed)
    while not (s["year"] == year and s["phase"] == phase):
        assert not game.is_over(s), "the campaign ended before the state sought"
        role = rng.choice(game.active(s))
        s = game.apply(s, role, HEURISTIC(game.view(s, role, log=False), game.actions(s, role), rng))
    return s


def campaign(seed=2, year=1896, phase="entries"):
    return game.clone(_campaign(seed, year, phase))


def unit_counters(s, power):
    return tuple(s["counters"][power][k] for k in books.UNIT_SIZES)


def public_income(s, power):
    b = s["books"][power]
    return b["income"], b["maintenance"], [(x["area"], x["status"], x["income"], x["maintenance"]) for x in b["lines"]]


def secrets(t):
    return {k: t[k] for k in SECRET_KEYS}


# ----- (a) the secrets are drawn, not dealt round -------------------------------------------------


def test_a_hidden_power_s_books_are_drawn_again_not_dealt_round_and_its_own_may_come_up():
    """R46-R48: over many samples the hidden powers' treasuries and unit counters left are not
    always the real ones under other names (dealt round, every sample would hold the same
    multiset), and a hidden power sometimes draws exactly its own (no value is ruled out).
    The seat's own books stay, and so does what the public markers give (income,
    maintenance); before the referee's first entries the books are those of 1880."""
    role = "france"
    for s in (campaign(phase="entries"), campaign(seed=3, year=1892, phase="orders")):
        hidden = [p for p in GREAT if p != role]
        samples = [game.scramble(s, role, random.Random(i)) for i in range(200)]
        for value in (lambda t, p: t["books"][p]["treasury"], unit_counters):
            truth = sorted(value(s, p) for p in hidden)
            assert any(sorted(value(t, p) for p in hidden) != truth for t in samples)
            assert any(value(t, p) == value(s, p) for t in samples for p in hidden)
        for t in samples:
            assert t["books"][role] == s["books"][role] and t["orders"][role] == s["orders"][role]
            assert unit_counters(t, role) == unit_counters(s, role)
            books.check_mix(t)
            for p in hidden:  # the markers' income is public (L916, R48)
                assert public_income(t, p) == public_income(s, p)
    start = game.new(seed=1, players=9)  # nothing can have changed the books of 1880 yet (R47, R48)
    for i in range(5):
        t = game.scramble(start, role, random.Random(i))
        assert t["books"] == start["books"] and t["counters"] == start["counters"]


def test_the_referee_s_samples_draw_the_unsent_orders_again():
    """R50: the orders not yet sent to the referee are drawn from each power's menu, not dealt
    round: a power sometimes draws orders like its own (none sent), and the drawn orders are
    not always the real ones under other names."""
    s = game.new(seed=4, players=9)
    for i, p in enumerate(GREAT[:5]):
        game.apply(s, p, {"note": f"a note of {p} ({i})"})
        game.apply(s, p, orders.SUBMIT)
    written = sorted(str(s["orders"][p]) for p in GREAT)
    samples = [game.scramble(s, REF, random.Random(i)) for i in range(100)]
    assert any(sorted(str(t["orders"][p]) for p in GREAT) != written for t in samples)
    assert any(t["orders"][p] == s["orders"][p] for t in samples for p in GREAT)
    for t in samples:
        assert all(i["status"] == orders.WRITTEN for p in GREAT for i in t["orders"][p]["items"])
        assert t["stack"][-1]["pending"] == s["stack"][-1]["pending"]  # who has sent is public (R36)
        assert {k: t[k] for k in t if k != "orders"} == {k: s[k] for k in s if k != "orders"}


# ----- (b) the samples do not depend on what the seat may not know ---------------------------------


def unseen_changes(s, role):
    """A copy of ``s`` that ``role`` cannot tell from it: other powers' treasury, VP, units,
    orders in the inbox, a combat it did not fight and the referee's half-made entry changed."""
    u = game.clone(s)
    others = [p for p in GREAT if p != role]
    u["books"][others[0]]["treasury"] += 137
    u["books"][others[1]]["vp"].append(
        {"year": u["year"], "amount": 10, "rule": "referee decision: a referee ruling", "line": "R29"}
    )
    japan = "japan" if role != "japan" else "italy"
    home = books.pack().powers[japan].home
    books._add_units(u, japan, "m3", "army", home, 1)
    u["counters"][japan]["m3"] -= 1
    last = others[-1]  # after the role in the inbox's order: the numbers the role reads stay
    top = max((i["id"] for p in GREAT for i in u["orders"][p]["items"]), default=0)
    u["orders"][last]["items"].append(
        {"id": top + 1, "kind": "note", "fields": {}, "text": "a secret offer", "status": orders.OPEN, "why": ""}
    )
    u["combats"].append(
        {"year": u["year"], "where": home, "mode": "colonial", "attacker": japan, "defender": "natives"}
        | {"sp": [3, 5], "table": 1, "column": "1-2", "roll": 4, "result": "AR"}
    )
    u["stack"][-1]["draft"] = {"entry": "treasury", "power": others[0]}
    return u


def test_two_states_the_seat_cannot_tell_apart_give_the_same_samples():
    """R46: nothing drawn reads a value the seat may not know. Two states with the same view
    but other hidden values: the samples of each, seed by seed, are the same, and so are the
    distributions of the hidden treasuries, VP and unit counters."""
    role = "france"
    s = campaign(phase="entries")
    assert asking(s) == "entries"
    u = unseen_changes(s, role)
    assert game.view(u, role) == game.view(s, role)
    assert u["books"] != s["books"]
    hidden = [p for p in GREAT if p != role]
    counts = {key: Counter() for key in ("s", "u")}
    for i in range(60):
        one, two = game.scramble(s, role, random.Random(i)), game.scramble(u, role, random.Random(i))
        assert secrets(one) == secrets(two), i
        for key, t in (("s", one), ("u", two)):
            for p in hidden:
                counts[key][(p, t["books"][p]["treasury"], books.vp(t, p), unit_counters(t, p))] += 1
    assert counts["s"] == counts["u"]


def test_the_referee_s_samples_of_orders_do_not_depend_on_the_unsent_orders():
    """R50: the referee cannot read the orders written and not yet sent: two states that
    differ only there give the same samples."""
    s = game.new(seed=5, players=9)
    game.apply(s, "germany", {"note": "Berlin offers a treaty"})
    game.apply(s, "germany", orders.SUBMIT)
    u = game.clone(s)
    u["orders"]["germany"]["items"][0]["text"] = "Berlin will declare war"
    u["orders"]["russia"]["draft"] = {"request": "declare-war"}
    assert game.view(u, REF) == game.view(s, REF)
    for i in range(40):
        one, two = game.scramble(s, REF, random.Random(i)), game.scramble(u, REF, random.Random(i))
        assert one["orders"] == two["orders"], i


# ----- (c) the view stays and the game plays on ---------------------------------------------------


def half_made_move():
    """The referee's entries of 1880, half-way through moving one of Germany's units (the
    destination still to choose)."""
    s = new(seed=6)
    game.apply(s, REF, {"entry": "move"})
    game.apply(s, REF, {"power": "germany"})
    where = sorted(books.units_of(s, "germany"))[0]
    game.apply(s, REF, {"from": where})
    game.apply(s, REF, {"unit": sorted(books.units_of(s, "germany")[where])[0]})
    assert game.actions(s, REF)[0].keys() == {"to"}
    return s


def orders_half_written():
    """The orders of 1888: some powers have sent theirs, Russia is half-way through a request."""
    s = campaign(seed=3, year=1888, phase="orders")
    for p in ("britain", "germany", "usa"):
        game.apply(s, p, {"note": f"{p} asks the referee to rule"})
        game.apply(s, p, orders.SUBMIT)
    game.apply(s, "russia", {"request": "place"})
    return s


def losses_to_enter():
    """Germany attacked France in Egypt and must lose strength points (EX): the referee is
    asked which units, a question neither Britain nor a spectator sees."""
    s = new(seed=1)
    give(s, "germany", "egypt", 13)
    give(s, "france", "egypt", 6)
    enter(s, "combat", mode="colonial", where="egypt", attacker="germany", defender="france")
    assert asking(s) == "losses" and s["stack"][-1]["power"] == "germany"
    return s


def plays_to_the_end(t, seed, limit=6000):
    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over(t):
            return True
        role = rng.choice(game.active(t))
        legal = game.actions(t, role)
        assert legal, f"{role} is asked but has no legal action"
        t = game.apply(t, role, legal[rng.randrange(len(legal))])
    return game.is_over(t)


def test_the_view_stays_and_the_game_plays_on_from_every_sample():
    """R46, R52: a sample for the referee or a power shows that seat what the game shows it,
    keeps the counter mix, and plays on with random legal moves to the end, also where the
    referee was half-way through an entry naming a hidden power's unit (the sample's console
    waits at its menu: its units are not the real ones) or is asked the losses of a combat
    the seat did not fight (left out of its sample). The referee's samples draw the orders
    not yet sent again, never deal them round."""
    states = [half_made_move(), orders_half_written(), campaign(seed=2, year=1900, phase="entries"), losses_to_enter()]
    for n, s in enumerate(states):
        for role in (REF, "britain", "france"):
            for seed in range(2):
                t = game.scramble(s, role, random.Random(seed))
                assert game.view(t, role) == game.view(s, role), (n, role, seed)
                if role in game.active(s):
                    assert game.actions(t, role) == game.actions(s, role)
                books.check_mix(t)
                assert plays_to_the_end(t, seed), (n, role, seed)
    for t in (game.scramble(states[3], role, random.Random(0)) for role in ("britain", None)):
        assert asking(t) == "entries" and t["combats"] == []  # R52: a combat it did not fight
    assert asking(game.scramble(states[3], "france", random.Random(0))) == "losses"  # one it fought
    s = states[1]
    real = Counter(str(s["orders"][p]) for p in GREAT)
    drawn = [
        Counter(str(t["orders"][p]) for p in GREAT)
        for t in (game.scramble(s, REF, random.Random(i)) for i in range(20))
    ]
    assert any(d != real for d in drawn)
