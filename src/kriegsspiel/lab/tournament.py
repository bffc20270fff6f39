"""``kriegsspiel tournament``: bots against each other, every game stored, Elo ratings.

Every pairing of two bots plays ``games`` games. In game ``i`` of a pairing one bot holds
one player's seat (the player ``i`` modulo the number of players) and the other bot every
other seat; which bot is alone alternates every round of seats, so each bot plays each
seat alone and in the field. Game ``i`` of every pairing uses the seed ``seed + i``.

A game is scored pairwise between the two bots' seats: a seat that won beats a seat that
did not; two seats that both won or both lost draw. (In a two-player game that is the
game's result; with more players each of the lone bot's games counts once against every
seat of the field.) Ratings are a Bradley-Terry fit of those scores on the Elo scale
(400 points: ten to one), centred on 1500, with one drawn game between every pair as a
prior so that a clean sweep rates finitely; the 95% intervals come from refitting on
games drawn again with replacement (bootstrap).

Every game is stored with its record in the database (``tournament_games``), under the
tournament's name (by default one made of its parameters): running the same tournament
again plays only the games it does not have yet.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import random
import time

import orjson
from sqlalchemy import insert, select

from ..ai.bots import get as get_bot
from ..engine.records import record
from ..games import load
from ..play.web.store import database
from ..play.web.tables import tournament_games
from . import match
from .batches import Pool

BOOTSTRAP = 200
ELO = 400.0 / math.log(10.0)


def schedule(game_id: str, bots: list[str], games: int, players: int | None, options: dict) -> list[dict]:
    """Every game of the tournament: its number, the pairing, the seed offset, who sits where."""
    game = load(game_id)
    players = players or game.player_counts[0]
    groups = game.seats(players, options)
    k = len(groups)
    out = []
    n = 0
    for a, b in itertools.combinations(bots, 2):
        for i in range(games):
            alone, field = (a, b) if (i // k) % 2 == 0 else (b, a)
            seats = {}
            for j, group in enumerate(groups):
                for role in group:
                    seats[role] = alone if j == i % k else field
            out.append({"n": n, "pair": [a, b], "i": i, "seats": seats})
            n += 1
    return out


def play(game_id: str, seed: int, seats: dict, setup: dict) -> dict:
    """One game between bots, with its record."""
    start = time.perf_counter()
    state, n = match.play(game_id, seed, seats, setup)
    return {
        "result": load(game_id).result(state),
        "record": record(state),
        "decisions": n,
        "seconds": round(time.perf_counter() - start, 3),
    }


def _batch(game_id, setup, seed, plan, numbers):
    out = []
    for n in numbers:
        g = plan[n]
        played = play(game_id, seed + g["i"], g["seats"], setup)
        out.append({**g, **played})
    return out


def _same_setup(rec: dict | None, seed: int, setup: dict) -> bool:
    """Whether a stored game's record was played with this seed and set-up."""
    rec = rec or {}
    if rec.get("seed") != seed or rec.get("players") != setup["players"]:
        return False
    if setup.get("scenario") is not None and rec.get("scenario") != setup["scenario"]:
        return False
    return all((rec.get("options") or {}).get(k) == v for k, v in (setup.get("options") or {}).items())


def name_of(game_id, bots, games, players, seed, setup) -> str:
    spec = orjson.dumps([game_id, bots, games, players, seed, setup], option=orjson.OPT_SORT_KEYS)
    return f"{game_id}-{hashlib.sha256(spec).hexdigest()[:12]}"


def tournament(
    game_id: str,
    bots: list[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    db: str = "sqlite:///kriegsspiel.sqlite",
    name: str | None = None,
    jobs: int = 1,
    setup: dict | None = None,
    progress=None,
    backend: str = "local",
    address: str | None = None,
) -> dict:
    """Play what the tournament still lacks, store it, and report the ratings."""
    game = load(game_id)
    bots = list(dict.fromkeys(bots))
    if len(bots) < 2:
        raise ValueError("a tournament needs at least two different bots")
    for b in bots:
        get_bot(game_id, b)  # an unknown bot is an error before any game
    setup = {"scenario": None, "options": {}, **(setup or {})}
    players = players or game.player_counts[0]
    if players not in game.player_counts:
        raise ValueError(f"{game.title} is played by {', '.join(map(str, game.player_counts))} players, not {players}")
    setup["players"] = players
    options = setup.get("options") or {}
    plan = schedule(game_id, bots, games, players, options)
    name = name or name_of(game_id, bots, games, players, seed, setup)
    engine = database(db)
    t = tournament_games.c
    with engine.connect() as conn:
        stored = conn.execute(select(t.n, t.game, t.seats, t.record).where(t.tournament == name)).all()
    have = set()
    for r in stored:  # a name already used by another tournament: its games are not this one's
        g = plan[r.n] if r.n < len(plan) else None
        if g is None or r.game != game_id or r.seats != g["seats"] or not _same_setup(r.record, seed + g["i"], setup):
            engine.dispose()
            raise ValueError(
                f"the name {name!r} holds the games of another tournament (another game, bots, number "
                "of games, seed or set-up): give this one a name of its own"
            )
        have.add(r.n)
    todo = [g["n"] for g in plan if g["n"] not in have]
    if progress and have:
        progress(len(have))
    start = time.perf_counter()

    def keep(rows):
        with engine.begin() as conn:
            for r in rows:
                conn.execute(
                    insert(tournament_games).values(
                        tournament=name,
                        n=r["n"],
                        game=game_id,
                        seats=r["seats"],
                        result=r["result"],
                        record=r["record"],
                        decisions=r["decisions"],
                        seconds=r["seconds"],
                        at=time.time(),
                    )
                )

    # stored as each chunk of games ends: an interrupted tournament keeps what it played
    with Pool(jobs, backend, address) as pool:
        pool.map(_batch, (game_id, setup, seed, plan), todo, progress, done=keep)
    seconds = time.perf_counter() - start
    with engine.connect() as conn:
        rows = [
            {"n": r.n, "seats": r.seats, "result": r.result, "decisions": r.decisions, "seconds": r.seconds}
            for r in conn.execute(
                select(tournament_games).where(tournament_games.c.tournament == name).order_by(tournament_games.c.n)
            )
        ]
    engine.dispose()
    groups = game.seats(players, options)
    report = ratings(rows, bots, groups, seed)
    report.update(
        {
            "tournament": name,
            "game": game_id,
            "players": players,
            "games": len(rows),
            "played_now": len(todo),
            "seconds": round(seconds, 3),
            "mean_length": round(sum(r["decisions"] for r in rows) / len(rows), 1) if rows else 0,
            "seconds_per_game": round(sum(r["seconds"] for r in rows) / len(rows), 3) if rows else 0,
        }
    )
    return report


def pairwise(row: dict, groups: list[list[str]]) -> list[tuple[str, str, float]]:
    """(bot, other bot, bot's score) for every two seats of different bots in one game."""
    winners = set((row["result"] or {}).get("winners") or [])
    seat = [(row["seats"][g[0]], any(r in winners for r in g)) for g in groups]
    out = []
    for (x, xw), (y, yw) in itertools.combinations(seat, 2):
        if x == y:
            continue
        out.append((x, y, 0.5 if xw == yw else (1.0 if xw else 0.0)))
    return out


def fit(scores: list[tuple[str, str, float]], bots: list[str]) -> dict[str, float]:
    """Bradley-Terry strengths by minorization-maximization, one drawn game between
    every pair as a prior; on the Elo scale, centred on 1500."""
    idx = {b: i for i, b in enumerate(bots)}
    m = len(bots)
    won = [0.0] * m
    met = [[0.0] * m for _ in range(m)]
    for x, y in itertools.combinations(range(m), 2):  # the prior: one draw each
        won[x] += 0.5
        won[y] += 0.5
        met[x][y] += 1
        met[y][x] += 1
    for x, y, sc in scores:
        i, j = idx[x], idx[y]
        won[i] += sc
        won[j] += 1.0 - sc
        met[i][j] += 1
        met[j][i] += 1
    p = [1.0] * m
    for _ in range(500):
        new = []
        for i in range(m):
            d = sum(met[i][j] / (p[i] + p[j]) for j in range(m) if j != i and met[i][j])
            new.append(won[i] / d if d else p[i])
        g = math.exp(sum(math.log(v) for v in new) / m)
        new = [v / g for v in new]
        if max(abs(a - b) for a, b in zip(new, p, strict=True)) < 1e-10:
            p = new
            break
        p = new
    return {b: 1500.0 + ELO * math.log(p[idx[b]]) for b in bots}


def ratings(rows: list[dict], bots: list[str], groups: list[list[str]], seed: int = 0) -> dict:
    per_game = [pairwise(r, groups) for r in rows]
    flat = [x for g in per_game for x in g]
    elo = fit(flat, bots)
    rng = random.Random(seed)
    samples = {b: [] for b in bots}
    if per_game:
        for _ in range(BOOTSTRAP):
            drawn = [x for _ in per_game for x in per_game[rng.randrange(len(per_game))]]
            for b, v in fit(drawn, bots).items():
                samples[b].append(v)
    table = {}
    for b in bots:
        vs = sorted(samples[b])
        lo, hi = (vs[int(0.025 * len(vs))], vs[int(0.975 * len(vs)) - 1]) if vs else (elo[b], elo[b])
        table[b] = {"elo": round(elo[b], 1), "low": round(lo, 1), "high": round(hi, 1)}
    h2h: dict = {a: {} for a in bots}
    for x, y, sc in flat:
        for a, b, v in ((x, y, sc), (y, x, 1.0 - sc)):
            cell = h2h[a].setdefault(b, {"n": 0, "wins": 0, "draws": 0, "losses": 0})
            cell["n"] += 1
            cell["wins" if v == 1.0 else "draws" if v == 0.5 else "losses"] += 1
    for a in bots:
        for cell in h2h[a].values():
            cell["score"] = round((cell["wins"] + 0.5 * cell["draws"]) / cell["n"], 3)
    seats_won: dict = {b: {"seats": 0, "won": 0} for b in bots}
    for r in rows:
        winners = set((r["result"] or {}).get("winners") or [])
        for g in groups:
            b = r["seats"][g[0]]
            seats_won[b]["seats"] += 1
            seats_won[b]["won"] += any(x in winners for x in g)
    return {"ratings": table, "head_to_head": h2h, "seats": seats_won}
