"""The ``kriegsspiel`` command line (see the README and INTERFACE.md)."""

from __future__ import annotations

import errno
import json
import os
import socket
import sys
from datetime import datetime
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console, Group
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from .. import catalog
from ..ai.bots import get as get_bot
from ..engine import DataError, RecordError
from ..engine.records import digest, load_state, read, replay, save
from ..games import ids, load

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Kriegsspiel: rules-enforced wargames of the imperial age and the Great War.",
)
data_app = typer.Typer(no_args_is_help=True, help="The games' data packs.")
app.add_typer(data_app, name="data")
out = Console()
err = Console(stderr=True)

Seed = Annotated[Optional[int], typer.Option(help="Seed of the random generator (same seed, same game).")]
Scen = Annotated[Optional[str], typer.Option(help="Scenario id (see `kriegsspiel games`).")]
Opts = Annotated[Optional[list[str]], typer.Option("--option", help="A game option, KEY=VALUE; repeatable.")]
Players = Annotated[Optional[int], typer.Option(help="Number of players.")]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Backend = Annotated[str, typer.Option(help="Where the games run: local (processes here) or ray.")]
Address = Annotated[
    Optional[str],
    typer.Option(help="The Ray cluster to run on (auto, or ray://HOST:10001); default: a Ray started here."),
]


def fail(message: str, code: int = 2) -> None:
    err.print(f"[red]error:[/] {escape(message)}", soft_wrap=True)  # a path in it stays whole
    raise typer.Exit(code)


def game_or_fail(game_id: str):
    try:
        return load(game_id)
    except KeyError as e:
        fail(e.args[0])


def pairs(items: list[str] | None, what: str) -> dict[str, str]:
    result = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            fail(f"{what} must be KEY=VALUE, not {item!r}")
        result[key.strip()] = value.strip()
    return result


def new_state(game_id, seed, scenario, options, players, seats=None) -> dict:
    game = game_or_fail(game_id)
    opts = game.seat_options(pairs(options, "--option"), seats or {})  # a bot's seat may set options
    try:
        return game.new(seed=seed, scenario=scenario, options=opts, players=players)
    except ValueError as e:
        fail(str(e))


@app.command()
def games(as_json: Json = False):
    """List the games, their roles, player counts, scenarios and options."""
    entries = catalog()
    if as_json:
        print(json.dumps(entries, indent=1))
        return
    for e in entries:
        out.print(game_text(e))
    out.print(
        "Start one with: kriegsspiel play GAME [--players N] [--scenario ID] [--option KEY=VALUE] [--seat ROLE=WHO]"
    )


@app.command()
def bots(game: str, as_json: Json = False):
    """The bots a game offers: random, the game's own, and the search at its levels."""
    from ..ai.bots import names

    game_or_fail(game)
    found = names(game)
    if as_json:
        print(json.dumps(found))
        return
    words = {
        "random": "any legal move",
        "ismcts": "information-set MCTS, 0.5 s a decision, the others played as the heuristic bot plays "
        "(ismcts:Ns for N seconds, ismcts:N for N iterations, :decoupled to search every role)",
    }
    own = load(game).bots
    for name in found:
        doc = (getattr(own.get(name), "__doc__", None) or "").strip()
        text = words.get(name) or (doc.splitlines()[0] if doc else "")
        if not text and name.startswith("ismcts:"):
            text = "the search at " + name.split(":", 1)[1]
        out.print(f"  [bold]{name}[/]  {text}")


def game_text(e: dict) -> Group:
    """One game of ``kriegsspiel games``: its roles (the ids --seat takes, and their
    names), who holds which with each number of players, scenarios, options and bots."""
    names = e.get("role_names", {})
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("  roles", ", ".join(f"{r} ({names.get(r, r)})" for r in e["roles"]))
    counts = []
    for n in e["player_counts"]:
        seats = e.get("seats", {}).get(str(n), [])
        if any(len(group) > 1 for group in seats):
            counts.append(f"{n}: " + " | ".join(" + ".join(names.get(r, r) for r in group) for group in seats))
        elif len(seats) > n:  # fewer players than roles: bots hold the rest
            yours = ", ".join(names.get(group[0], group[0]) for group in seats[:n])
            who = "the player holds" if n == 1 else "the players hold, one each,"
            counts.append(f"{n}: {who} {yours}; bots the other roles")
        else:
            counts.append(f"{n}: one role each")
    grid.add_row("  players", "\n".join(counts))
    for sc in e["scenarios"]:
        grid.add_row("  --scenario", f"{sc['id']}: {sc['title']}" + (f". {sc['help']}" if sc.get("help") else ""))
    for name, o in e["options"].items():
        if o["choices"]:
            values = "|".join(str(c).lower() if isinstance(c, bool) else str(c) for c in o["choices"])
        elif isinstance(o["default"], bool):
            values = "true|false"
        elif isinstance(o["default"], int):
            values = "N"
        else:
            values = "TEXT"
        default = str(o["default"]).lower() if isinstance(o["default"], bool) else o["default"]
        what = o.get("title") or name
        grid.add_row(
            "  --option", f"{name}={values}: {what} (default {default})" + (f". {o['help']}" if o.get("help") else "")
        )
    grid.add_row("  bots", ", ".join(e["bots"]))
    head = Text()
    head.append(e["title"], style="bold")
    head.append(f"  {e['id']}")
    return Group(head, grid, Text())


@app.command()
def new(
    game: str,
    output: Annotated[Path, typer.Option("-o", "--output", help="The save file to write.")],
    seed: Seed = None,
    scenario: Scen = None,
    option: Opts = None,
    players: Players = None,
):
    """Start a game and write its save file (play it with `kriegsspiel play FILE`)."""
    from .terminal import save_problem

    state = new_state(game, seed, scenario, option, players)
    why = save_problem(output)
    if why is None:
        try:
            save(state, output)
        except OSError as e:
            why = e.strerror or str(e)
    if why is not None:
        fail(f"cannot write {output}: {why}")
    out.print(f"New {load(game).title} saved to {output}")  # its seed would tell what is hidden


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="A game id, or a save file to resume.")],
    seat: Annotated[Optional[list[str]], typer.Option(help="ROLE=human or ROLE=BOT; repeatable.")] = None,
    seed: Seed = None,
    scenario: Scen = None,
    option: Opts = None,
    players: Players = None,
    save_to: Annotated[Optional[Path], typer.Option("--save", help="Where to save on leaving.")] = None,
):
    """Play in the terminal, against bots or hot-seat with friends."""
    from .terminal import TerminalGame, save_problem

    if game in ids():
        state = new_state(game, seed, scenario, option, players, seats=pairs(seat, "--seat"))
        path = save_to or fresh_save_path(game)
    elif not Path(game).exists():
        fail(f"{game!r} is neither a game nor a save file; the games are: {', '.join(ids())}")
    else:
        setup = {"--seed": seed, "--scenario": scenario, "--option": option, "--players": players}
        given = [flag for flag, value in setup.items() if value is not None]
        if given:  # a saved game goes on as it was set up: the flags would change nothing
            verb = "sets" if len(given) == 1 else "set"
            fail(f"{', '.join(given)} {verb} up a new game; {game} goes on as it was set up (--seat and --save apply)")
        try:
            state = load_state(game)
        except RecordError as e:
            fail(str(e))
        path = save_to or Path(game)
    why = save_problem(path)
    if why is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            why = e.strerror or str(e)
    if why is not None:
        fail(f"cannot save to {path}: {why}")
    rules = load(state["game"])
    seats = default_seats(state)
    for role, who in pairs(seat, "--seat").items():
        if role not in state["roles"]:
            roles = ", ".join(f"{r} ({rules.role_name(r)})" for r in state["roles"])
            fail(f"no role {role!r} in this game; the roles are {roles}")
        if who != "human":
            try:
                get_bot(state["game"], who)
            except KeyError as e:
                fail(e.args[0])
        seats[role] = who
    out.print(
        "Seats: "
        + ", ".join(f"{rules.role_name(r)} {'(you)' if w == 'human' else f'(bot {w})'}" for r, w in seats.items())
    )
    TerminalGame(state, seats, path, console=out).run()


def fresh_save_path(game: str) -> Path:
    """Where a new game is saved unless told: named by the time it was started (never by its
    seed, which would tell what is hidden), made unique in the folder."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path("saves") / f"{game}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = Path("saves") / f"{game}-{stamp}-{n}.json"
    return path


def default_seats(state: dict) -> dict[str, str]:
    """The first player's roles are the human's; the game's bots play the rest."""
    rules = load(state["game"])
    mine = rules.seats(state["players"], state["options"])[0]
    return {r: "human" if r in mine else rules.bot_for(state, r) for r in state["roles"]}


@app.command()
def simulate(
    game: str,
    games: Annotated[int, typer.Option("--games", min=1)] = 100,
    bots: Annotated[Optional[str], typer.Option(help="One bot for every seat.")] = None,
    seat: Annotated[Optional[list[str]], typer.Option(help="ROLE=BOT; repeatable.")] = None,
    seed: Annotated[int, typer.Option()] = 0,
    jobs: Annotated[int, typer.Option(min=1)] = 1,
    scenario: Scen = None,
    option: Opts = None,
    players: Players = None,
    backend: Backend = "local",
    address: Address = None,
    as_json: Json = False,
):
    """Play many games between bots; wins per role, draws, mean length."""
    from ..lab.simulate import simulate as run

    game_or_fail(game)
    seats = {"*": bots or "random", **pairs(seat, "--seat")}
    setup = {"scenario": scenario, "options": pairs(option, "--option"), "players": players}
    try:
        if as_json:
            summary = run(game, games, seats, seed=seed, jobs=jobs, setup=setup, backend=backend, address=address)
        else:
            with Progress(console=err, transient=True) as bar:
                task = bar.add_task(f"{game}: {games} games", total=games)
                summary = run(
                    game,
                    games,
                    seats,
                    seed=seed,
                    jobs=jobs,
                    setup=setup,
                    progress=lambda n: bar.advance(task, n),
                    backend=backend,
                    address=address,
                )
    except (KeyError, ValueError) as e:
        fail(e.args[0] if isinstance(e, KeyError) else str(e))
    if as_json:
        print(json.dumps(summary))
        return
    rules = load(game)
    table = Table(title=f"{summary['games']} games of {rules.title} in {summary['seconds']} s")
    table.add_column("role")
    table.add_column("wins", justify="right")
    table.add_column("share", justify="right")
    for role, n in summary["wins"].items():
        table.add_row(rules.role_name(role), str(n), f"{100 * n / summary['games']:.1f}%")
    table.add_row("draws", str(summary["draws"]), f"{100 * summary['draws'] / summary['games']:.1f}%")
    out.print(table)
    if summary.get("shared"):
        out.print(
            f"{summary['shared']} of the games were won by several roles together: a shared win counts "
            "for each of its winners, so the shares add up to more than 100%."
        )
    out.print(f"mean length: {summary['mean_length']} decisions")


@app.command()
def tournament(
    game: str,
    bots: Annotated[str, typer.Option(help="The bots, comma-separated: every two play each other.")],
    games: Annotated[int, typer.Option("--games", min=1, help="Games per pairing.")] = 20,
    seed: Annotated[int, typer.Option()] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="Processes to spread the games over.")] = 1,
    db: Annotated[
        str, typer.Option(help="Where the games are stored: sqlite:///PATH or postgresql://...")
    ] = "sqlite:///kriegsspiel.sqlite",
    name: Annotated[Optional[str], typer.Option(help="The tournament's name (default: from its parameters).")] = None,
    scenario: Scen = None,
    option: Opts = None,
    players: Players = None,
    backend: Backend = "local",
    address: Address = None,
    as_json: Json = False,
):
    """Every pairing of the bots, seats rotated; every game stored with its record; Elo
    ratings with 95% intervals and a head-to-head table. Run it again to finish an
    interrupted one."""
    from ..lab.tournament import tournament as run

    game_or_fail(game)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    setup = {"scenario": scenario, "options": pairs(option, "--option")}
    kw = {"players": players, "seed": seed, "db": db, "name": name, "jobs": jobs, "setup": setup}
    kw |= {"backend": backend, "address": address}
    try:
        if as_json:
            report = run(game, names, games, **kw)
        else:
            total = games * len(names) * (len(names) - 1) // 2
            with Progress(console=err, transient=True) as bar:
                task = bar.add_task(f"{game}: {total} games", total=total)
                report = run(game, names, games, progress=lambda n: bar.advance(task, n), **kw)
    except (KeyError, ValueError) as e:
        fail(e.args[0] if isinstance(e, KeyError) else str(e))
    if as_json:
        print(json.dumps(report))
        return
    rules = load(game)
    title = f"{report['games']} games of {rules.title}, {report['players']} players ({report['tournament']})"
    table = Table(title=title)
    table.add_column("bot")
    table.add_column("Elo", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("seats won", justify="right")
    order = sorted(report["ratings"], key=lambda b: -report["ratings"][b]["elo"])
    for b in order:
        r = report["ratings"][b]
        s = report["seats"][b]
        share = f"{s['won']}/{s['seats']}" if s["seats"] else "-"
        table.add_row(b, f"{r['elo']:.0f}", f"{r['low']:.0f} to {r['high']:.0f}", share)
    out.print(table)
    h2h = Table(title="head to head: the row's score against the column (wins, half the draws)")
    h2h.add_column("")
    for b in order:
        h2h.add_column(b, justify="right")
    for a in order:
        cells = []
        for b in order:
            c = report["head_to_head"][a].get(b)
            cells.append("" if c is None else f"{100 * c['score']:.0f}% of {c['n']}")
        h2h.add_row(a, *cells)
    out.print(h2h)
    out.print(
        f"{report['played_now']} games played now in {report['seconds']} s; "
        f"{report['seconds_per_game']} s and {report['mean_length']} decisions a game"
    )


@app.command()
def study(
    game: str,
    games: Annotated[int, typer.Option("--games", min=1, help="Games under each condition.")] = 100,
    bots: Annotated[Optional[str], typer.Option(help="One bot for every seat.")] = None,
    seat: Annotated[Optional[list[str]], typer.Option(help="ROLE=BOT; repeatable.")] = None,
    players: Annotated[Optional[str], typer.Option(help="Player counts to compare, comma-separated.")] = None,
    scenario: Annotated[Optional[str], typer.Option(help="Scenarios to compare, comma-separated.")] = None,
    option: Annotated[
        Optional[list[str]], typer.Option("--option", help="KEY=V1,V2: an option's values to compare; repeatable.")
    ] = None,
    seed: Annotated[int, typer.Option()] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="Processes to spread the games over.")] = 1,
    out_dir: Annotated[Path, typer.Option("--out", help="The study's folder: its games and report.")] = Path("studies"),
    backend: Backend = "local",
    address: Address = None,
    as_json: Json = False,
):
    """A balance study: many games between bots under each condition, and an HTML report
    with plots. Run it again with the same --out to finish an interrupted one."""
    try:
        from ..lab.study import study as run
    except ModuleNotFoundError as e:
        fail(f"the study needs {e.name}: pip install 'kriegsspiel[study]'")
    game_or_fail(game)
    seats = {"*": bots or _default_bot(game), **pairs(seat, "--seat")}
    try:
        counts = [int(x) for x in players.split(",")] if players else None
    except ValueError:
        fail(f"--players takes whole numbers, comma-separated: not {players!r}")
    scenarios = [x.strip() for x in scenario.split(",")] if scenario else None
    opts = {k: [x.strip() for x in v.split(",")] for k, v in pairs(option, "--option").items()}
    folder = out_dir / game if out_dir == Path("studies") else out_dir
    kw = {"players": counts, "scenarios": scenarios, "options": opts, "seed": seed, "jobs": jobs}
    kw |= {"backend": backend, "address": address}
    try:
        if as_json:
            summary = run(game, games, seats, folder, **kw)
        else:
            with Progress(console=err, transient=True) as bar:
                task = bar.add_task(f"{game}: study", total=None)
                summary = run(game, games, seats, folder, progress=lambda n: bar.advance(task, n), **kw)
    except (KeyError, ValueError) as e:
        fail(e.args[0] if isinstance(e, KeyError) else str(e))
    if as_json:
        print(json.dumps(summary))
        return
    rules = load(game)
    for c, s in summary["conditions"].items():
        table = Table(title=f"{rules.title}, {c}: {s['games']} games")
        table.add_column("role")
        table.add_column("won", justify="right")
        table.add_column("95% interval", justify="right")
        for r, w in s["wins"].items():
            table.add_row(rules.role_name(r), f"{100 * w['rate']:.1f}%", f"{100 * w['low']:.1f}-{100 * w['high']:.1f}%")
        out.print(table)
    out.print(f"{summary['played_now']} games played now in {summary['seconds']} s; the report: {summary['report']}")


def _default_bot(game_id: str) -> str:
    bots = load(game_id).bots
    return "heuristic" if "heuristic" in bots else next(iter(bots), "random")


@app.command()
def fuzz(
    game: str,
    games: Annotated[int, typer.Option("--games", min=1)] = 100,
    seed: Annotated[int, typer.Option()] = 0,
    jobs: Annotated[int, typer.Option(min=1, help="Processes to spread the games over.")] = 1,
    reveals: Annotated[
        bool, typer.Option(help="Check that an action that shows its player something hidden cannot be undone.")
    ] = True,
    as_json: Json = False,
):
    """Random legal play hunting crashes, dead ends, endless games, replay drift and leaks."""
    from ..lab.fuzz import fuzz as run

    game_or_fail(game)
    if as_json:
        report = run(game, games, seed=seed, jobs=jobs, reveals=reveals)
        print(json.dumps({"games": report["games"], "errors": report["errors"]}))
    else:
        with Progress(console=err, transient=True) as bar:
            task = bar.add_task(f"fuzzing {game}", total=games)
            report = run(game, games, seed=seed, jobs=jobs, reveals=reveals, progress=lambda n: bar.advance(task, n))
        for e in report["errors"]:
            out.print(f"[red]seed {e['seed']} step {e['step']}:[/] {e['message']}")
        out.print(f"{report['games']} games, {len(report['errors'])} errors")
    if report["errors"]:
        raise typer.Exit(1)


@app.command()
def bench(game: str, seconds: Annotated[float, typer.Option(min=0.1)] = 5.0, as_json: Json = False):
    """Measure the engine: decisions and games per second (random play, one core)."""
    from ..lab.bench import bench as run

    game_or_fail(game)
    result = run(game, seconds)
    if as_json:
        print(json.dumps(result))
        return
    out.print(
        f"{game}: {result['decisions_per_s']:,} decisions/s, {result['games_per_s']:,} games/s, "
        f"clone {result['clone_us']} µs, view {result['view_us']} µs "
        f"({result['games']} games in {result['seconds']} s)"
    )


@app.command("replay")
def replay_cmd(
    file: Path,
    verify: Annotated[
        bool, typer.Option("--verify", help="Check that the record replays exactly, twice, to the state it saved.")
    ] = False,
):
    """Replay a save or record file and show how the game ended (or stands)."""
    try:
        rec = read(file)
        state = replay(rec)
        if verify:
            again = replay(rec)
            if digest(again) != digest(state):
                fail("the record does not replay deterministically", 1)
            if "digest" in rec and rec["digest"] != digest(state):
                fail(f"{file} does not replay to the state it saved (digest mismatch)", 1)
    except RecordError as e:
        fail(str(e), 1)
    game = load(state["game"])
    if game.is_over(state):
        out.print(f"{game.title}, seed {state['seed']}: {len(state['actions'])} actions replayed.")
        r = game.result(state)
        out.print(f"Over. Winners: {', '.join(map(game.role_name, r['winners'])) or 'none'} — {r['reason']}")
    else:  # the seed of a game still being played would tell its hidden cards and dice
        out.print(f"{game.title}: {len(state['actions'])} actions replayed.")
        out.print(f"In progress; waiting for {', '.join(map(game.role_name, game.active(state)))}.")
    if verify:
        out.print("Verified: the record replays to the identical state.")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(help="sqlite:///PATH or postgresql://...")] = "sqlite:///kriegsspiel.sqlite",
    rate: Annotated[float, typer.Option(help="Requests a second allowed from one address (0: no limit).")] = 30.0,
    dev: Annotated[bool, typer.Option("--dev", help="Development mode: clients may choose games' seeds.")] = False,
    allowed_host: Annotated[
        Optional[list[str]],
        typer.Option(
            "--allowed-host",
            help="A host name the server answers to (repeatable); default: the address served and localhost.",
        ),
    ] = None,
    proxy: Annotated[
        Optional[str], typer.Option(help="The address of a reverse proxy whose X-Forwarded-For is believed.")
    ] = None,
):
    """Serve the games in the browser: lobby, seats, bots, durable storage (docs/WEB.md)."""
    from .web.app import create_app
    from .web.serving import run

    problem = unusable(host, port)
    if problem:
        fail(problem)
    hosts = tuple(allowed_host or ()) or (host, "127.0.0.1", "localhost", "::1")
    try:
        application = create_app(db, rate=rate, dev=dev, allowed_hosts=hosts)
    except Exception as e:  # noqa: BLE001 - a database that cannot be opened is the user's to fix
        fail(f"cannot open the database {db}: {e}")
    mode = " [yellow]in development mode: clients may choose seeds[/]" if dev else ""
    out.print(f"Kriegsspiel is being served at [bold]http://{host}:{port}/[/] (database: {db}){mode}")
    run(application, host=host, port=port, proxy=proxy)


def unusable(host: str, port: int) -> str | None:
    """Why the server could not listen at ``host``:``port`` (a port out of range, in
    use, or an address not of this machine), or None: a trial bind, released at once."""
    if not 1 <= port <= 65535:
        return f"--port must be from 1 to 65535, not {port}"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        return f"cannot listen at {host!r}: {e.strerror}"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
        try:
            trial.bind(address)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                return f"port {port} is in use at {host}: stop what listens there, or choose another with --port"
            return f"cannot listen at {host}:{port}: {e.strerror or e}"
    return None


@app.command()
def backup(
    target: Annotated[Path, typer.Argument(help="The file to write the copy to.")],
    db: Annotated[str, typer.Option(help="The server's database: sqlite:///PATH.")] = "sqlite:///kriegsspiel.sqlite",
):
    """Write a consistent copy of the server's SQLite database, even while it runs."""
    from .web.store import backup as copy

    try:
        written = copy(db, target)
    except (ValueError, OSError) as e:
        fail(str(e))
    out.print(f"Copied {db} to {written}")


@app.command("load-test")
def load_test(
    games: Annotated[int, typer.Option(min=1, max=1000, help="Games played at once.")] = 100,
    seconds: Annotated[float, typer.Option(min=1, max=3600, help="How long to keep them going.")] = 60.0,
    game: Annotated[str, typer.Option(help="The game to play.")] = "first-world-war",
    think: Annotated[float, typer.Option(min=0, help="Mean seconds a human seat pauses before acting.")] = 0.0,
    spectators: Annotated[
        int, typer.Option(min=0, max=1000, help="Spectator websockets on the first game, each reading every push.")
    ] = 0,
    as_json: Json = False,
):
    """Load a local server: games at once, a websocket client per human seat, bots
    on the others, spectators watching; action latency (p50, p99) as the client saw
    it and as the server spent it, and errors. Loopback only."""
    from ..lab.loadtest import load_test as run

    game_or_fail(game)
    try:
        result = run(games, seconds, game, think, spectators)
    except RuntimeError as e:  # the server did not start, or a spectator could not watch
        fail(str(e), 1)
    if as_json:
        print(json.dumps(result))
        return
    out.print(
        f"{result['actions']} actions in {result['seconds']} s over {result['games_started']} games: "
        f"p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms "
        f"(in the server: p50 {result['server_p50_ms']} ms, p99 {result['server_p99_ms']} ms), "
        f"{result['stale']} stale, {result['errors']} errors, {result['pushes']} websocket pushes"
    )
    if spectators:
        out.print(
            f"{result['spectators']} spectators received {result['spectator_pushes']} pushes, "
            f"{result['spectator_errors']} errors"
        )
    for problem in result["problems"]:
        err.print(problem, style="red", markup=False)


@data_app.command("validate")
def data_validate(game: Annotated[Optional[str], typer.Argument(help="A game id; all games if omitted.")] = None):
    """Check the data packs: types, references, counts, provenance on every record."""
    failed = False
    for game_id in [game] if game else ids():
        rules = game_or_fail(game_id)
        try:
            counts = rules.validate_data()
        except DataError as e:
            err.print(f"[red]{game_id}: {e}[/]")
            failed = True
            continue
        summary = ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "no data pack"
        out.print(f"{game_id}: ok ({summary})")
    if failed:
        raise typer.Exit(1)


def main() -> None:
    if os.environ.get("NO_COLOR") is None and not sys.stdout.isatty():
        os.environ.setdefault("NO_COLOR", "1")
    app()
