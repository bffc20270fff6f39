"""The HTTP API fuzzed from its own OpenAPI schema (schemathesis): whatever a
client sends, no answer is a server error, and every refusal has the one
error shape of docs/WEB.md, ``4xx {"error": "why"}``.

Random input alone stops at the first lookup (no such game), so most cases
are aimed at real games: their ids, the tokens of their seats and of their
spectator, their roles, their invitation codes, and for actions and undos
the seat's current step and a legal action."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.python import asgi

import kriegsspiel
from kriegsspiel.play.web.app import create_app

CATALOG = {g["id"]: g for g in kriegsspiel.catalog()}

# The games the fuzzer aims at. "humans": how many seats people hold (the
# creator's, then invitations, all claimed but "open" of them); bots hold the
# others. "finish": played to its end, for the record.
TABLES = [
    {"game": "goofspiel", "seed": 1, "players": 2, "humans": 2},
    {"game": "goofspiel", "seed": 2, "players": 2, "humans": 1, "scenario": "quick", "finish": True},
    {"game": "goofspiel", "seed": 3, "players": 3, "humans": 3, "scenario": "quick", "open": 1},
    {"game": "first-world-war", "seed": 4, "players": 2, "humans": 1},
    {"game": "imperial-borders", "seed": 5, "players": 3, "humans": 2, "scenario": "historical"},
]
EXAMPLES = 60
"""Cases per operation (half well-formed, half malformed): the whole file runs in about a minute."""

# Placeholders an aimed case carries until the test fills them from the game as it stands
NOW, LEGAL = "<the seat's step now>", "<a legal action now>"


@dataclass
class Seat:
    token: str
    roles: list[str]  # none: the spectator


@dataclass
class Table:
    """A real game, and what opens it."""

    id: str
    game: str
    roles: list[str]
    seats: list[Seat]  # the people's seats, then the spectator
    codes: list[str] = field(default_factory=list)  # invitation codes, taken or not


@dataclass(frozen=True)
class Aim:
    """How far a case is aimed at ``table`` (0: not at all; 1: its id and codes;
    2: a token of it, the spectator's too; 3: a seat of it acting as it may),
    and which seat, role (one the seat holds, or any) and the rest it picks."""

    level: int
    table: Table
    seat: int
    role: int
    own_role: bool
    pick: int


def _create(client, table: dict) -> Table:
    groups = CATALOG[table["game"]]["seats"][str(table["players"])]
    seats = {role: "human" if i < table["humans"] else "bot:random" for i, group in enumerate(groups) for role in group}
    spec = {k: table[k] for k in ("game", "seed", "players", "scenario") if k in table}
    made = client.post("/api/games", json={**spec, "seats": seats}).json()
    held = [Seat(made["you"]["token"], made["you"]["roles"])]
    codes = [invitation["code"] for invitation in made["invitations"]]
    for code in codes[: len(codes) - table.get("open", 0)]:
        taken = client.post(f"/api/games/{made['id']}/join", json={"code": code}).json()
        held.append(Seat(taken["token"], taken["roles"]))
    roles = [role for group in groups for role in group]
    return Table(made["id"], table["game"], roles, [*held, Seat(made["spectator"]["token"], [])], codes)


def _play_out(client, table: Table) -> None:
    """Play the creator's seat to the game's end (the record is given only then)."""
    token = table.seats[0].token
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        shape = _shape(client, table.id, token)
        if shape["over"]:
            return
        if shape["role"] in shape["active"] and shape["actions"]:
            body = {"token": token, "action": shape["actions"][0], "step": shape["step"]}
            client.post(f"/api/games/{table.id}/actions", json=body)
        else:
            time.sleep(0.01)  # the bots move off the request path
    raise AssertionError(f"{table.game} {table.id} did not end")


def _aim_new_game(body: dict, level: int, pick: int) -> None:
    """POST /api/games: a real game, then its player counts and scenarios, then its seats."""
    game = CATALOG[list(CATALOG)[pick % len(CATALOG)]]
    body["game"] = game["id"]
    if level < 2:
        return
    players = game["player_counts"][pick % len(game["player_counts"])]
    body["players"] = players
    body["scenario"] = game["scenarios"][pick % len(game["scenarios"])]["id"]
    if level < 3:
        return
    groups = game["seats"][str(players)]
    kinds = ["human", *(f"bot:{name}" for name in game["bots"])]
    # the first seat stays a person's: a fuzz run starts no all-bot game
    body["seats"] = {role: kinds[(pick + i) % len(kinds)] if i else "human" for i, g in enumerate(groups) for role in g}
    body["creator"] = groups[0][0]


def _aim(case, aim: Aim):
    """The generated ``case``, aimed as ``aim`` says (in place)."""
    if aim.level == 0:
        return case
    table, pick = aim.table, aim.pick
    body = case.body if isinstance(case.body, dict) else None
    if case.path == "/api/games" and case.method.upper() == "POST":
        if body is not None:
            _aim_new_game(body, aim.level, pick)
        return case
    params = case.path_parameters or {}
    if "game_id" in params:
        params["game_id"] = table.id
    if "game" in params:
        params["game"] = table.game
    if table.codes:
        if "code" in params:
            params["code"] = table.codes[pick % len(table.codes)]
        if body is not None and "code" in body:
            body["code"] = table.codes[pick % len(table.codes)]
    if aim.level < 2:
        return case
    seats = table.seats[:-1] if aim.level == 3 else table.seats
    seat = seats[aim.seat % len(seats)]
    if pick % 4 == 0:  # as a browser sends it: the seat's cookie, and no token besides
        case.cookies = {**(case.cookies or {}), f"ks-{table.id}": seat.token}
        case.query = {k: v for k, v in (case.query or {}).items() if k != "token"}
        if body is not None:
            body.pop("token", None)
    else:
        _put(case, body, "token", seat.token)
    if aim.level < 3:
        return case
    role = seat.roles[aim.role % len(seat.roles)] if aim.own_role else table.roles[aim.role % len(table.roles)]
    if "role" in case.operation.query or (body is not None and "role" in body):
        _put(case, body, "role", role)
    if "step" in case.operation.query:  # a replay: mostly within the game's steps
        _put(case, body, "step", pick % 40)
    if body is not None and case.path.endswith(("/actions", "/undo")):
        body.pop("role", None)  # the seat's role that must act
        body["step"] = NOW
        if case.path.endswith("/actions"):
            body["action"] = LEGAL
    elif body is not None and "to" in body:
        body["to"] = table.roles[pick % len(table.roles)]
    return case


def _put(case, body: dict | None, name: str, value) -> None:
    """Set a parameter where the operation takes it: the query, else the body."""
    if name in case.operation.query:
        case.query = {**(case.query or {}), name: value}
    elif body is not None:
        body[name] = value


def _fill(client, case) -> None:
    """Fill an aimed action's or undo's placeholders from the SHAPE now of a
    seat that may act (the one aimed at, else another of its game); before an
    undo the seat acts, so that there is something to undo."""
    body = case.body
    if not isinstance(body, dict) or body.get("step") != NOW:
        return
    game_id = case.path_parameters["game_id"]
    rng = random.Random(case.id)
    table = next((t for t in AIMED if t.id == game_id), None)
    aimed = body.get("token") or (case.cookies or {}).get(f"ks-{game_id}")
    tokens = [aimed, *(seat.token for seat in table.seats[:-1])] if table else [aimed]
    shapes = [(token, _shape(client, game_id, token)) for token in tokens]
    token, shape = next(((t, s) for t, s in shapes if s["actions"]), shapes[0])
    if token != aimed or "token" in body:
        body["token"] = token
    if case.path.endswith("/undo") and shape["actions"]:
        move = {"token": token, "action": rng.choice(shape["actions"]), "step": shape["step"]}
        client.post(f"/api/games/{game_id}/actions", json=move)
        shape = _shape(client, game_id, token)
    body["step"] = shape["step"]
    if body.get("action") == LEGAL:
        body["action"] = rng.choice(shape["actions"]) if shape["actions"] else None


def _shape(client, game_id: str, token: str | None) -> dict:
    answer = client.get(f"/api/games/{game_id}", params={"token": token})
    return answer.json() if answer.status_code == 200 else {"step": 0, "actions": [], "over": False}


def _learn(client, case, response) -> None:
    """A handover stops the seat's token: take the new invitation at once, so
    that every seat keeps a working token for the cases that follow."""
    if response.status_code != 200 or not case.path.endswith("/handover"):
        return
    game_id = case.path_parameters["game_id"]
    code = response.json()["invitation"]["code"]
    taken = client.post(f"/api/games/{game_id}/join", json={"code": code}).json()
    old = case.body.get("token") if isinstance(case.body, dict) else None
    old = old or (case.cookies or {}).get(f"ks-{game_id}")
    for table in AIMED:
        for seat in table.seats:
            if table.id == game_id and seat.token == old:
                seat.token = taken["token"]
        if table.id == game_id:
            table.codes.append(code)


# The schema is read from an app that never serves; every test gets a fresh app.
# Failures show the tokens they sent (of a throw-away database), so that they can be replayed.
config = schemathesis.Config.from_dict({"output": {"sanitization": {"enabled": False}}})
schema = schemathesis.openapi.from_dict(create_app("sqlite://").openapi(), config=config)
OPERATIONS = {operation.label: operation for operation in (r.ok() for r in schema.get_all_operations())}
AIMED: list[Table] = []  # the real games of the test running now


@schema.hook
def flatmap_case(_context, case):
    # half the cases are aimed all the way: a seat of a real game, acting as it may
    levels = st.sampled_from((3, 3, 3, 2, 1, 0))
    small = st.integers(0, 59)  # picks among a few seats, roles, codes: each about as likely
    aims = st.builds(Aim, levels, st.sampled_from(AIMED), small, small, st.booleans(), small)
    return aims.map(lambda aim: _aim(case, aim))


@pytest.fixture
def app(tmp_path):
    app = create_app(f"sqlite:///{tmp_path}/fuzz.sqlite", rate=0, dev=True, limits=False)
    with asgi.get_client(app) as client:
        AIMED[:] = []
        for spec in TABLES:
            table = _create(client, spec)
            if spec.get("finish"):
                _play_out(client, table)
            AIMED.append(table)
    yield app
    asgi.shutdown_lifespans()  # the app's bots and database go with the test


def _check(client, app, case) -> None:
    _fill(client, case)
    response = case.call(app=app)
    request = f"{case.operation.label}: {case.as_curl_command()}"
    assert response.status_code < 500, f"{response.status_code} {response.text[:500]}\n{request}"
    if response.status_code >= 400:
        error = response.json()
        assert set(error) == {"error"} and isinstance(error["error"], str), f"{response.text[:500]}\n{request}"
    _learn(client, case, response)


@pytest.mark.parametrize("label", OPERATIONS)
def test_no_request_is_answered_with_a_server_error(label, app):
    operation = OPERATIONS[label]
    cases = st.one_of(operation.as_strategy(GenerationMode.POSITIVE), operation.as_strategy(GenerationMode.NEGATIVE))

    # the example database is off: the inner tests of all operations would share its entries
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(case=cases)
    def fuzz(case):
        with asgi.get_client(app) as client:
            _check(client, app, case)

    fuzz()


def test_a_method_or_path_the_api_lacks_is_refused_in_the_error_shape(app):
    table = AIMED[0]
    with asgi.get_client(app) as client:
        for path, methods in schema.raw_schema["paths"].items():
            concrete = path.replace("{game_id}", table.id).replace("{game}", table.game).replace("{code}", "x")
            for method in sorted({"GET", "POST", "PUT", "PATCH", "DELETE"} - {m.upper() for m in methods}):
                answer = client.request(method, concrete)
                assert answer.status_code == 405 and set(answer.json()) == {"error"}, f"{method} {path}: {answer.text}"
        answer = client.get("/api/no-such-thing")
        assert answer.status_code == 404 and set(answer.json()) == {"error"}, answer.text
