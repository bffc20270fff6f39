"""``kriegsspiel study``: a balance study. Many games between bots, under every combination
of the player counts, scenarios and option values asked for, and an HTML report with plots:
win rate by role with 95% intervals, by condition; the first mover's advantage; game length;
how games end; the running score over the game; what the winners did (the cards, markers or
events a game names as its ``study_notes`` tags) and where the battles were fought.

Each game's facts go to ``games.jsonl`` in the output folder as it ends, so a study that is
stopped goes on where it stopped when run again with the same folder. The report names the
bots, the number of games and the commit.
"""

from __future__ import annotations

import base64
import datetime as dt
import io
import itertools
import math
import re
import subprocess
import time
from html import escape
from pathlib import Path

import orjson

from ..ai.bots import get as get_bot
from ..games import load
from . import match
from .batches import Pool

SAMPLES = 20
"""How many times in a game the running score is read (evenly, by decisions)."""


def conditions(game_id: str, players: list[int] | None, scenarios: list[str] | None, options: dict) -> list[dict]:
    """Every combination asked for: players x scenario x one value of each option."""
    game = load(game_id)
    players = players or [game.player_counts[0]]
    scenarios = scenarios or [game.scenarios[0].id if game.scenarios else None]
    names = sorted(options)
    out = []
    for p, sc, values in itertools.product(players, scenarios, itertools.product(*(options[n] for n in names))):
        chosen = dict(zip(names, values, strict=True))
        if any(_not_with(game, n, v, p) for n, v in chosen.items()):
            continue  # an option not played with this many players (the option's ``players``)
        out.append({"players": p, "scenario": sc, "options": chosen})
    return out


def _not_with(game, name: str, value, players: int) -> bool:
    opt = game.options.get(name)
    if opt is None or not opt.players or players in opt.players:
        return False
    try:
        return opt.parse(name, value) != opt.default
    except ValueError:
        return False  # a bad value: new() says so


def key_of(cond: dict) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(cond["options"].items()))
    return (
        f"{cond['players']} players"
        + (f", {cond['scenario']}" if cond["scenario"] else "")
        + (f", {opts}" if opts else "")
    )


def play(game_id: str, seed: int, cond: dict, seats: dict) -> dict:
    """One game; its facts."""
    game = load(game_id)
    timeline = []
    every = max(1, game.max_decisions // 2000)

    def watch(state, n):
        if n % every == 0:
            sc = game.scores(state)
            if sc is not None:
                timeline.append([n, sc])

    setup = {"scenario": cond["scenario"], "options": cond["options"], "players": cond["players"]}
    state, n = match.play(game_id, seed, seats, setup, watch)
    result = game.result(state) or {}
    first = state["actions"][0][0] if state["actions"] else None
    return {
        "condition": key_of(cond),
        "seed": seed,
        "roles": state["roles"],
        "winners": result.get("winners") or [],
        "reason": result.get("reason") or "",
        "decisions": n,
        "first": first,
        "timeline": _thin(timeline),
        "notes": game.study_notes(state),
    }


def _thin(timeline: list) -> list:
    if len(timeline) <= SAMPLES:
        return timeline
    step = len(timeline) / SAMPLES
    return [timeline[int(i * step)] for i in range(SAMPLES)] + [timeline[-1]]


def _batch(game_id, seats, plan, numbers):
    return [play(game_id, plan[n]["seed"], plan[n]["cond"], seats) for n in numbers]


def study(
    game_id: str,
    games: int,
    seats: dict,
    out: Path,
    players: list[int] | None = None,
    scenarios: list[str] | None = None,
    options: dict | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress=None,
    backend: str = "local",
    address: str | None = None,
) -> dict:
    """Play what the study still lacks, keep each game's facts, write the report."""
    game = load(game_id)
    for name in set(seats.values()):
        get_bot(game_id, name)
    conds = conditions(game_id, players, scenarios, options or {})
    for c in conds:  # a wrong player count, scenario or option is an error before any game
        game.new(seed=0, scenario=c["scenario"], options=c["options"], players=c["players"])
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    facts_path = out / "games.jsonl"
    facts = _read(facts_path)
    if facts_path.exists():  # written again whole: a line cut short by a stop is dropped
        facts_path.write_bytes(b"".join(orjson.dumps(f) + b"\n" for f in facts))
    have = {(f["condition"], f["seed"]) for f in facts}
    plan = [{"cond": c, "seed": seed + i} for c in conds for i in range(games)]
    todo = [n for n, p in enumerate(plan) if (key_of(p["cond"]), p["seed"]) not in have]
    if progress and len(plan) > len(todo):
        progress(len(plan) - len(todo))
    start = time.perf_counter()

    def keep(rows):
        with facts_path.open("ab") as fh:
            for r in rows:
                fh.write(orjson.dumps(r) + b"\n")

    with Pool(jobs, backend, address) as pool:
        facts += pool.map(_batch, (game_id, seats, plan), todo, progress, done=keep)
    wanted = {(key_of(p["cond"]), p["seed"]) for p in plan}
    facts = [f for f in facts if (f["condition"], f["seed"]) in wanted]
    summary = summarize(game, facts, [key_of(c) for c in conds])
    summary.update(
        {
            "game": game_id,
            "backend": backend,
            "bots": seats,
            "games": len(facts),
            "played_now": len(todo),
            "seconds": round(time.perf_counter() - start, 3),
            "commit": commit(),
            "report": str(out / "report.html"),
        }
    )
    (out / "report.html").write_text(report(game, summary, facts))
    (out / "summary.json").write_bytes(orjson.dumps(summary, option=orjson.OPT_INDENT_2))
    return summary


def _read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    out = []
    for line in path.read_bytes().splitlines():
        try:
            out.append(orjson.loads(line))
        except orjson.JSONDecodeError:
            continue  # a line cut short when a study was stopped: that game is played again
    return out


def commit() -> str:
    here = Path(__file__).resolve().parent
    try:
        done = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=5
        )
        if done.returncode == 0 and done.stdout.strip():
            return done.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    from .. import __version__

    return f"release {__version__}"


# ----- the numbers ---------------------------------------------------------------------


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of k successes in n."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def summarize(game, facts: list[dict], order: list[str]) -> dict:
    by_cond: dict = {}
    for c in order:
        rows = [f for f in facts if f["condition"] == c]
        roles = sorted({r for f in rows for r in f["roles"]}, key=lambda r: list(game.roles).index(r))
        wins = {}
        for r in roles:
            n = sum(1 for f in rows if r in f["roles"])
            k = sum(1 for f in rows if r in f["winners"])
            lo, hi = wilson(k, n)
            wins[r] = {
                "games": n,
                "wins": k,
                "rate": round(k / n, 4) if n else 0.0,
                "low": round(lo, 4),
                "high": round(hi, 4),
            }
        firsts = [f for f in rows if f["first"]]
        first_k = sum(1 for f in firsts if f["first"] in f["winners"])
        fair = sum(len(f["winners"]) / len(f["roles"]) for f in firsts) / len(firsts) if firsts else 0.0
        lengths = [f["decisions"] for f in rows]
        ends: dict = {}
        for f in rows:
            reason = re.sub(r"\d+(?:\s*,\s*\d+)+", "…", f["reason"])  # a list of fronts or places
            score = r"(?:[:,]\s*\d+(?:\.\d+)?|\s\d+(?:\.\d+)?\s+to\s+\d+(?:\.\d+)?)\s*(?:VP)?\.?$"
            reason = re.sub(score, "", reason).strip(" ,:") or "(none)"  # the final score
            ends[reason] = ends.get(reason, 0) + 1
        by_cond[c] = {
            "games": len(rows),
            "wins": wins,
            "first_mover": {"games": len(firsts), "wins": first_k, "fair": round(fair, 4)},
            "length": {
                "mean": round(sum(lengths) / len(lengths), 1) if lengths else 0,
                "min": min(lengths, default=0),
                "max": max(lengths, default=0),
            },
            "ends": dict(sorted(ends.items(), key=lambda kv: -kv[1])),
            "tags": tag_table(rows),
            "places": place_counts(rows),
        }
    return {"conditions": by_cond}


def tag_table(rows: list[dict], least: int = 5, top: int = 12) -> list[dict]:
    """The tags (cards, markers, events) a role's games named, by how much more often the
    role won when it had the tag than when it had not. A tag needs ``least`` games with it
    and ``least`` without: one the role has in (nearly) every game tells nothing."""
    seen: dict = {}
    for f in rows:
        tags = (f["notes"] or {}).get("tags") or {}
        for role in f["roles"]:
            for tag in set(tags.get(role, [])):
                seen.setdefault((role, tag), []).append(role in f["winners"])
    out = []
    for (role, tag), won in seen.items():
        if len(won) < least:
            continue
        other = [
            role in f["winners"]
            for f in rows
            if role in f["roles"] and tag not in ((f["notes"] or {}).get("tags") or {}).get(role, [])
        ]
        if len(other) < least:
            continue
        with_rate = sum(won) / len(won)
        without = sum(other) / len(other)
        out.append(
            {
                "role": role,
                "tag": tag,
                "games": len(won),
                "win_rate": round(with_rate, 3),
                "without": round(without, 3),
                "lift": round(with_rate - without, 3),
            }
        )
    out.sort(key=lambda x: -x["lift"])
    return out[:top]


def place_counts(rows: list[dict]) -> dict:
    counts: dict = {}
    for f in rows:
        for p in (f["notes"] or {}).get("places") or []:
            counts[p] = counts.get(p, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


# ----- the report ----------------------------------------------------------------------


def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def plots(game, summary: dict, facts: list[dict]) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = {}
    conds = list(summary["conditions"])
    roles = [r for r in game.roles if any(r in c["wins"] for c in summary["conditions"].values())]
    fig, ax = plt.subplots(figsize=(max(6, len(roles) * 1.1), 3.6))
    width = 0.8 / max(1, len(conds))
    for i, c in enumerate(conds):
        w = summary["conditions"][c]["wins"]
        xs = [j + i * width for j, r in enumerate(roles) if r in w]
        ys = [w[r]["rate"] * 100 for r in roles if r in w]
        err = [
            [(w[r]["rate"] - w[r]["low"]) * 100 for r in roles if r in w],
            [(w[r]["high"] - w[r]["rate"]) * 100 for r in roles if r in w],
        ]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=c)
    ax.set_xticks([j + width * (len(conds) - 1) / 2 for j in range(len(roles))])
    ax.set_xticklabels([game.role_name(r) for r in roles], rotation=20)
    ax.set_ylabel("games won, % (95% interval)")
    ax.legend(fontsize=8)
    out["wins"] = _png(fig)
    fig, ax = plt.subplots(figsize=(6, 3))
    for c in conds:
        ax.hist([f["decisions"] for f in facts if f["condition"] == c], bins=20, alpha=0.6, label=c)
    ax.set_xlabel("decisions in the game")
    ax.set_ylabel("games")
    ax.legend(fontsize=8)
    out["length"] = _png(fig)
    timed = [f for f in facts if f["timeline"]]
    if timed:
        fig, ax = plt.subplots(figsize=(6.5, 3.4))
        for r in roles:
            pts: dict = {}
            for f in timed:
                last = f["decisions"] or 1
                for n, sc in f["timeline"]:
                    if r in sc:
                        b = min(9, int(10 * n / last))
                        pts.setdefault(b, []).append(sc[r])
            xs = sorted(pts)
            ax.plot([(x + 0.5) * 10 for x in xs], [sum(pts[x]) / len(pts[x]) for x in xs], label=game.role_name(r))
        ax.set_xlabel("how far into the game, %")
        ax.set_ylabel("mean running score")
        ax.legend(fontsize=7, ncol=2)
        out["scores"] = _png(fig)
    places: dict = {}
    for c in summary["conditions"].values():
        for p, n in c["places"].items():
            places[p] = places.get(p, 0) + n
    if places:
        top = list(places.items())[:15]
        fig, ax = plt.subplots(figsize=(6.5, 0.3 * len(top) + 1))
        ax.barh([p for p, _ in top][::-1], [n for _, n in top][::-1])
        ax.set_xlabel("battles")
        out["places"] = _png(fig)
    return out


def report(game, summary: dict, facts: list[dict]) -> str:
    img = plots(game, summary, facts)
    bots = ", ".join(f"{game.role_name(r) if r != '*' else 'every seat'}: {b}" for r, b in summary["bots"].items())
    when = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    h = [
        "<!doctype html><html lang=en><meta charset=utf-8>",
        f"<title>Balance study: {escape(game.title)}</title>",
        "<style>body{font:15px/1.45 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}"
        "table{border-collapse:collapse;margin:.5em 0 1.2em}td,th{border:1px solid #ccc;padding:.25em .6em;"
        "text-align:right}th{background:#f3f1ea}td:first-child,th:first-child{text-align:left}"
        "img{max-width:100%}h2{border-bottom:1px solid #ddd;margin-top:1.6em}"
        ".tags td:nth-child(2){text-align:left}</style>",
        f"<h1>Balance study: {escape(game.title)}</h1>",
        f"<p>{summary['games']} games; bots: {escape(bots)}; commit {escape(summary['commit'])}; {when}.</p>",
        "<h2>Wins by role</h2>",
        f'<img alt="win rate by role" src="{img["wins"]}">',
    ]
    for c, s in summary["conditions"].items():
        h.append(f"<h3>{escape(c)}: {s['games']} games</h3><table><tr><th>role<th>games<th>won<th>rate<th>95% interval")
        for r, w in s["wins"].items():
            h.append(
                f"<tr><td>{escape(game.role_name(r))}<td>{w['games']}<td>{w['wins']}<td>{100 * w['rate']:.1f}%"
                f"<td>{100 * w['low']:.1f}% to {100 * w['high']:.1f}%"
            )
        h.append("</table>")
        fm = s["first_mover"]
        if fm["games"]:
            h.append(
                f"<p>The role that acted first won {fm['wins']} of {fm['games']} games "
                f"({100 * fm['wins'] / fm['games']:.1f}%; a fair share would be {100 * fm['fair']:.1f}%).</p>"
            )
        h.append(
            f"<p>Length: {s['length']['mean']} decisions on average ({s['length']['min']} to {s['length']['max']}).</p>"
        )
        h.append("<table><tr><th>how the game ended<th>games")
        for reason, n in s["ends"].items():
            h.append(f"<tr><td>{escape(reason)}<td>{n}")
        h.append("</table>")
        if s["tags"]:
            h.append(
                "<p>What the winners did: the tags with the biggest difference between the role's win rate "
                "with them and without them (at least 5 games each way).</p>"
                "<table class=tags><tr><th>role<th>tag<th>games with it<th>won with it<th>won without it"
            )
            for t in s["tags"]:
                without = f"{100 * t['without']:.0f}%"
                h.append(
                    f"<tr><td>{escape(game.role_name(t['role']))}<td>{escape(t['tag'])}<td>{t['games']}"
                    f"<td>{100 * t['win_rate']:.0f}%<td>{without}"
                )
            h.append("</table>")
    h += ["<h2>Game length</h2>", f'<img alt="game length" src="{img["length"]}">']
    if "scores" in img:
        h += ["<h2>The running score</h2>", f'<img alt="score over the game" src="{img["scores"]}">']
    if "places" in img:
        h += ["<h2>Where the battles were fought</h2>", f'<img alt="battles by place" src="{img["places"]}">']
    h.append("</html>")
    return "\n".join(h)
