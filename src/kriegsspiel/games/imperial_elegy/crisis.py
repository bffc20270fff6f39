"""The World Tension Track and the Crisis Table (3.7 L285, 4.9.3 L353, §23 L1250-1287).

``call(s, "wtt", amount=n, card=cid, power=p, target=q)`` moves the WTT within 0-5. An
increase that leaves it at 5 makes ``card`` the inciting event of a crisis roll (23.1
L1258; E20: also when it already stood at 5). ``call(s, "crisis-roll", card, power,
target)`` rolls on the card's row of the Crisis Table (or the generic row): an
"International Conference" ends the crisis and the inciting event goes on (23.1); any other
result is the outbreak of the Great War. Special results (23.3) bring minor powers and
Italy into the alliances, and neutral players drawn in shift into an alliance (23.5).
With the option ``no_great_war_turns`` the game then ends: ``final-scoring`` (goals.py).

The Crisis Table and the Balkan State Table are on the back of the playbook, which we do
not have (23.0 L1254): data/tables.json is authored (``source`` on every record) and
loaded and checked here (``tables()``, ``validate_tables()``). ``s["crisis"]`` records the
last crisis for the board and the log.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ...engine import DataError, Procedure, call, log
from ...engine.data import Record, cached_loader, load_pack, unique_ids
from ...engine.rng import below, roll
from .data import PLAYERS, pack
from .deck import deck
from .effects import HANDLERS, Runner, decade, die, front, pick
from .world import (
    BALKANS,
    NAMES,
    SIDE,
    alliance_box,
    card_title,
    controller,
    minors_in_play,
    name,
    set_box,
    side,
    turn_order,
)

HERE = Path(__file__).parent / "data"
GAME = "imperial-elegy"
OPPOSITE = {"entente": "alliance", "alliance": "entente"}
RESULTS = ("conference", "outbreak", "bordering-nation", "balkan-table", "leader", "respondent")
TARGETS = ("affected", "resolver", "bosnia-controller")  # besides power codes


class Result(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    lo: int = Field(ge=1, le=6)
    hi: int = Field(ge=1, le=6)
    result: Optional[Literal["conference", "outbreak", "bordering-nation", "balkan-table", "leader", "respondent"]] = (
        None
    )
    text: str = ""
    count: int = Field(default=1, ge=1, le=2)  # Balkan Table: roll once or twice (23.3.3)
    power: Optional[str] = None  # leader: the player; respondent: a player code or "ally"
    state: Optional[str] = None  # Balkan State Table: the minor


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    results: list[Result]


class TableRecord(Record):
    id: str
    table: Literal["crisis", "balkan-state"]
    row: Optional[str] = None  # crisis: the inciting card's id, or "generic"
    title: str
    incident: Optional[str] = None  # the incident column (23.2 L1263)
    balkan_incident: bool = False  # the incident rolls the threatened Balkan state (Balkan Wars, Powderkeg)
    target: Optional[str] = None  # the targeted player of "bordering nation" results (23.3)
    involved: list[str] = []  # the players drawn into the crisis (23.5)
    steps: list[Step] = []
    results: list[Result] = []  # Balkan State Table


def _covers(results: list, where: str) -> list:
    problems = []
    faces = []
    for r in results:
        if r.lo > r.hi:
            problems.append(f"{where}: result {r.lo}-{r.hi} is empty")
        faces += list(range(r.lo, r.hi + 1))
    if sorted(faces) != [1, 2, 3, 4, 5, 6]:
        problems.append(f"{where}: the results must cover the die faces 1-6 once each (got {sorted(faces)})")
    return problems


def _build(directory: Path) -> dict:
    path = directory / "tables.json"
    recs = unique_ids(load_pack(path, GAME, "tables", TableRecord), path)
    problems = []
    d = deck()
    crisis_cards = {c.id for c in d.cards.values() if c.crisis_row}
    rows = {}
    balkan = None
    for r in recs.values():
        where = f"{path.name}: record {r.id!r}"
        if r.table == "balkan-state":
            problems += _covers(r.results, where)
            for x in r.results:
                if x.state not in BALKANS:
                    problems.append(f"{where}: {x.state!r} is not a Balkan state ({', '.join(BALKANS)})")
            balkan = r
            continue
        if r.row != "generic" and r.row not in d.cards:
            problems.append(f"{where}: no card {r.row!r}")
        rows[r.row] = r
        if not r.steps or not r.incident:
            problems.append(f"{where}: a Crisis Table row needs an incident and a step 1")
        for i, st in enumerate(r.steps):
            problems += _covers(st.results, f"{where} {st.name}")
            for x in st.results:
                if x.result is None:
                    problems.append(f"{where} {st.name}: a result needs its kind")
                if i == 0 and x.result == "respondent":
                    problems.append(f"{where}: 'respondent' results belong to step 2")
                if i > 0 and x.result in ("leader", "respondent") and not x.power:
                    problems.append(f"{where} {st.name}: a {x.result} result names a power")
                if x.power and x.power not in ("ally",) and x.power.lower() not in PLAYERS:
                    problems.append(f"{where} {st.name}: unknown power {x.power!r}")
        kinds = [x.result for x in r.steps[0].results] if r.steps else []
        if "conference" not in kinds:
            problems.append(f"{where}: every row has an International Conference result (23.0 L1254)")
        needs2 = any(k in ("leader",) for k in kinds) or (r.balkan_incident and "balkan-table" in kinds)
        if needs2 and len(r.steps) < 2:
            problems.append(f"{where}: this row needs a step 2 (23.2 L1265)")
        if (
            r.balkan_incident
            and "balkan-table" in kinds
            and not all(x.result == "respondent" for x in r.steps[1].results)
        ):
            problems.append(f"{where}: step 2 of a Balkan row names the respondent (23.3.3)")
        for t in [r.target, *r.involved]:
            if t and t not in TARGETS and t.lower() not in PLAYERS:
                problems.append(f"{where}: unknown target {t!r}")
        if "bordering-nation" in kinds and not r.target:
            problems.append(f"{where}: a bordering nation result needs the row's targeted player (23.3)")
    for cid in sorted(crisis_cards - set(rows)):
        problems.append(f"{path.name}: the card {cid!r} has a crisis row but the table has none (23.2 L1262)")
    if "generic" not in rows:
        problems.append(f"{path.name}: the generic row is missing")
    if balkan is None:
        problems.append(f"{path.name}: the Balkan State Table is missing (23.2 L1263)")
    for title, cid in (
        ("Bosnian Crisis", "bosnian-crisis"),
        ("Balkan Wars", "balkan-wars"),
        ("Powderkeg", "powderkeg"),
    ):
        r = rows.get(cid)
        if r and not any(x.result == "balkan-table" for x in r.steps[0].results):
            problems.append(f"{path.name}: the {title} row can roll the Balkan Table (23.3.1 L1271)")
    if problems:
        raise DataError("; ".join(problems))
    return {"rows": rows, "balkan": balkan}


tables = cached_loader(lambda directory: _build(directory), HERE)
"""``tables(directory=None)``: {"rows": {card id or "generic": row}, "balkan": the Balkan State Table}."""


def validate_tables(directory: Path | str | None = None) -> dict:
    t = _build(Path(directory) if directory is not None else HERE)
    return {"crisis rows": len(t["rows"]), "balkan states": len(t["balkan"].results)}


def lookup(results: list, r: int) -> Result:
    r = max(1, min(6, r))
    return next(x for x in results if x.lo <= r <= x.hi)


def independent_balkans(s: dict) -> list:
    inplay = set(minors_in_play(s))
    return [m for m in BALKANS if m in inplay]


def roll_balkan_state(s: dict, exclude=()) -> str | None:
    """23.2 L1263: roll on the Balkan State Table, rerolling until an independent state comes up."""
    cands = [m for m in independent_balkans(s) if m not in exclude]
    if not cands:
        return None
    res = tables()["balkan"].results
    for _ in range(60):
        m = lookup(res, roll(s, 6)).state
        if m in cands:
            return m
    return cands[below(s, len(cands))]


# ----- the WTT --------------------------------------------------------------------------------------------


class WTT(Procedure):
    """3.7 L285: the WTT moves within 0-5; reaching 5 by an increase: the crisis roll (23.1 L1258)."""

    def start(self, s, f):
        n = f.get("amount", 0)
        old = s["wtt"]
        s["wtt"] = max(0, min(5, old + n))
        log(s, f"World tension {n:+d}: {old} -> {s['wtt']}.", "3.7")
        if n > 0 and s["wtt"] == 5:
            call(s, "crisis-roll", card=f.get("card"), power=f.get("power"), target=f.get("target"))
        return None


# ----- the crisis roll ------------------------------------------------------------------------------------


def row_for(cid) -> TableRecord:
    rows = tables()["rows"]
    return rows.get(cid) or rows["generic"]


def members(s: dict, which: str) -> list:
    return [q for q in PLAYERS if side(s, q) == which]


def resolve_target(s: dict, f: dict, t):
    """A row's targeted or involved player: a code, the event's affected player, the resolver,
    or the controller of Bosnia (Austria if no player holds it)."""
    if t is None:
        return None
    if t == "affected":
        return f.get("target") or f["self"]
    if t == "resolver":
        return f["self"]
    if t == "bosnia-controller":
        c = controller(s, "bosnia") or s["control"].get("bosnia")
        return c if c in PLAYERS else "au"
    return t.lower()


def targeted(s: dict, f: dict, row: TableRecord):
    return resolve_target(s, f, row.target)


class CrisisRoll(Runner):
    """23.0-23.5 L1250-1287."""

    def start(self, s, f):
        f["self"] = f.get("power") or "ge"
        f["draws"] = []
        f["queue"] = [{"verb": "_crisis"}]
        return "next"


def h_crisis(s, f, e):
    cid = f.get("card")
    row = row_for(cid)
    picks = e.setdefault("_picks", {})
    cr = {"card": cid, "title": card_title(cid) if cid else "World tension", "row": row.row, "decade": decade(s),
          "incident": row.incident, "outbreak": False, "minors": {}, "italy": None, "shifts": {},
          "impossible": []}  # fmt: skip
    if row.balkan_incident:
        if "threatened" not in picks:
            picks["threatened"] = roll_balkan_state(s)
        cr["threatened"] = picks["threatened"]
        if cr["threatened"]:
            cr["incident"] = f"{row.incident} {name(cr['threatened'])} is threatened."
    log(s, f"CRISIS! The WTT reaches 5: {cr['title']} is the inciting event. Incident: {cr['incident']}", "23.2")
    r1 = die(s, e, "r1")
    res = lookup(row.steps[0].results, r1)
    cr["roll"] = [r1]
    cr["result"] = res.result
    cr["text"] = res.text
    s["crisis"] = cr
    if res.result == "conference":
        log(s, f"Crisis roll {r1}: International Conference — {res.text} War is averted; the event goes on.", "23.1")
        return
    log(s, f"Crisis roll {r1}: {res.text}", "23.2")
    involved = [x for x in (targeted_list(s, f, row)) if x]
    target = targeted(s, f, row)
    cr["target"] = target
    follow = []
    if res.result == "leader":
        r2 = die(s, e, "r2")
        lead = lookup(row.steps[1].results, r2)
        cr["roll"].append(r2)
        cr["leader"] = lead.power.lower()
        log(s, f"Step 2, {r2}: {lead.text}", "23.2")
        involved.append(cr["leader"])
    elif res.result == "balkan-table" and not row.balkan_incident:
        # 23.3.2: the Bosnian Crisis: the Balkan states enter the alliance opposing Austria
        if "states" not in picks:
            got = []
            for _ in range(res.count):
                m = roll_balkan_state(s, exclude=got)
                if m:
                    got.append(m)
            picks["states"] = got
        cr["states"] = picks["states"]
        if target:
            involved.append(target)
        follow += [{"verb": "_crisis-join", "minor": m, "against": target or "au"} for m in picks["states"]]
        if not picks["states"]:
            cr["impossible"].append("no Balkan state can be drawn in")
    elif res.result == "balkan-table":
        # 23.3.3: threatening states and the respondent
        thr = cr.get("threatened")
        if "states" not in picks:
            got = []
            for _ in range(res.count):
                m = roll_balkan_state(s, exclude=[*got, *([thr] if thr else [])])
                if m:
                    got.append(m)
            picks["states"] = got
        cr["threatening"] = picks["states"]
        r2 = die(s, e, "r2")
        resp = lookup(row.steps[1].results, r2)
        cr["roll"].append(r2)
        who = resp.power.lower()
        if who == "ally":
            who = s["allies"].get(thr) if thr and s["allies"].get(thr) in PLAYERS else "au"
        cr["respondent"] = who
        log(s, f"Step 2, {r2}: {resp.text} The respondent is {NAMES[who]}.", "23.3.3")
        involved.append(who)
        for m in picks["states"]:
            a = s["allies"].get(m)
            if a in PLAYERS:
                involved.append(a)
        if thr:
            follow.append({"verb": "_crisis-join", "minor": thr, "with": who})
        follow += [{"verb": "_crisis-join", "minor": m, "against": who} for m in picks["states"]]
        if not thr or not picks["states"]:
            cr["impossible"].append("the Balkan Table names no state")
    elif res.result == "bordering-nation":
        if target:
            involved.append(target)
        follow.append({"verb": "_crisis-border", "against": target})
    # 23.5: the neutral players drawn in shift first, so that every "opposing alliance" is known (E21)
    drawn = [q for q in turn_order(set(involved)) if side(s, q) == "neutral"]
    follow.insert(0, {"verb": "_crisis-neutrals", "powers": drawn})
    follow.append({"verb": "_crisis-outbreak"})
    front(f, follow)


def targeted_list(s: dict, f: dict, row: TableRecord) -> list:
    return [x for x in (resolve_target(s, f, t) for t in row.involved) if x in PLAYERS]


def allowed_sides(s: dict, q: str) -> list:
    """23.5 L1286: not an alliance with more players than the other, nor one of three."""
    out = []
    for w in ("entente", "alliance"):
        mine, other = len(members(s, w)), len(members(s, OPPOSITE[w]))
        if mine < 3 and mine <= other:
            out.append(w)
    return out or [w for w in ("entente", "alliance") if len(members(s, w)) < 3]


def h_neutrals(s, f, e):
    """23.5 L1277-1287: neutral players drawn into the crisis join an alliance: one chooses (within
    the limits), several are placed at random."""
    drawn = [q for q in e.get("powers", []) if side(s, q) == "neutral"]
    cr = s["crisis"]
    if not drawn:
        return
    if len(drawn) == 1:
        q = drawn[0]
        opts = [{"alliance": w} for w in allowed_sides(s, q)]
        a = pick(s, f, e, "side", q, opts, "You are drawn into the Great War: which alliance do you join?")
        if a:
            set_box(s, q, f"{a['alliance']}-aligned")
            cr["shifts"][q] = a["alliance"]
            log(s, f"{NAMES[q]} is drawn in and joins the {a['alliance'].title()}.", "23.5")
        return
    for q in drawn:
        opts = allowed_sides(s, q)
        if not opts:
            continue
        w = opts[below(s, len(opts))]
        set_box(s, q, f"{w}-aligned")
        cr["shifts"][q] = w
        log(s, f"{NAMES[q]} is drawn in and joins the {w.title()} (at random).", "23.5")


def h_join(s, f, e):
    """23.3: a minor enters the Great War on a side; a player of that alliance places its ally
    marker unless one of them already holds it (the respondent places it for the threatened state)."""
    cr = s["crisis"]
    m = e["minor"]
    if e.get("with"):
        w = side(s, e["with"])
    else:
        w = OPPOSITE.get(side(s, e["against"]))
    if w not in ("entente", "alliance"):
        cr["impossible"].append(f"{name(m)} has no alliance to join")
        log(s, f"{name(m)} has no alliance to join: an impossible result, narrative only (23.4).", "23.4")
        return
    cr["minors"][m] = w
    if s["allies"].get(m) in members(s, w):
        log(s, f"{name(m)} enters the Great War with the {w.title()} beside {NAMES[s['allies'][m]]}.", "23.3")
        return
    mem = members(s, w)
    if not mem:
        cr["impossible"].append(f"no player of the {w} to ally {name(m)}")
        log(s, f"No player of the {w.title()} can take {name(m)} in: narrative only (23.4).", "23.4")
        return
    if e.get("with") in mem:
        q = e["with"]
    else:
        a = pick(s, f, e, "who", f["self"], [{"power": x} for x in mem], f"Which {w.title()} player allies {name(m)}?")
        q = a["power"]
    old = s["allies"].get(m)
    s["allies"][m] = q
    s["diplomacy"].pop(m, None)
    log(s, f"{name(m)} enters the Great War with the {w.title()}: {NAMES[q]} places its ally marker"
        f"{f' (replacing {NAMES.get(old, old)})' if old else ''}.", "23.3.3")  # fmt: skip


def bordering(s: dict, target: str) -> tuple:
    """23.3 L1268: non-player powers bordering the targeted player, not allied to it (nor to its
    alliance); Italy only when there is no other."""
    pk = pack()
    mine = {x for x, c in s["control"].items() if c == target}
    near = set()
    for x in mine:
        for n in pk.adjacency.get(x, {}):
            c = s["control"].get(n)
            if c and c not in PLAYERS and c != "rebel":
                near.add(c)
    friends = {target} | (
        {q for q in PLAYERS if side(s, q) == side(s, target)} if side(s, target) != "neutral" else set()
    )
    minors = sorted(m for m in near if m in pk.minors and not pk.minors[m].rebel and s["allies"].get(m) not in friends)
    italy = (
        "italy" in near
        and "italy" in s["majors"]
        and not (side(s, "italy") != "neutral" and side(s, "italy") == side(s, target))
    )
    return minors, italy


def h_border(s, f, e):
    """23.3 L1266-1269: the active player chooses the bordering nation blamed; it enters the war in the
    alliance opposing the targeted player."""
    cr = s["crisis"]
    t = e["against"]
    minors, italy = bordering(s, t)
    opts = [{"minor": m} for m in minors] or ([{"minor": "italy"}] if italy else [])
    a = pick(s, f, e, "nation", f["self"], opts, f"Which nation bordering {NAMES[t]} is blamed?")
    if not a:
        cr["impossible"].append("no bordering nation")
        log(s, f"No nation bordering {NAMES[t]} can be blamed: a member of the opposing alliance is (23.4).", "23.4")
        return
    m = a["minor"]
    cr["blamed"] = m
    log(s, f"{name(m)} is blamed.", "23.3")
    if m == "italy":
        w = OPPOSITE.get(side(s, t))
        if w:
            set_box(s, "italy", f"{w}-aligned")
            cr["italy"] = w
            log(s, f"Italy enters the alliance opposing {NAMES[t]}: the {w.title()}.", "23.3")
        return
    front(f, [{"verb": "_crisis-join", "minor": m, "against": t}])


def h_outbreak(s, f, e):
    """23.0: the Great War breaks out: its turns are played (greatwar.py), or with
    no_great_war_turns the game ends with the NGs scored (25.5)."""
    cr = s["crisis"]
    cr["outbreak"] = True
    reason = f"the Great War breaks out in the {cr['decade']}: {cr['incident']}"
    cr["reason"] = reason
    log(s, f"The Great War breaks out ({cr['text']}).", "23.0")
    if not s["options"].get("no_great_war_turns", False):
        call(s, "great-war", reason=reason)  # 24.0: the GW turns replace the rest of the game
        return
    call(s, "final-scoring", reason=reason, great_war=True)


HANDLERS.update(
    {
        "_crisis": h_crisis,
        "_crisis-neutrals": h_neutrals,
        "_crisis-join": h_join,
        "_crisis-border": h_border,
        "_crisis-outbreak": h_outbreak,
    }
)

PROCEDURES = {"wtt": WTT(), "crisis-roll": CrisisRoll()}
STATES: dict = {}

__all__ = ["tables", "validate_tables", "roll_balkan_state", "alliance_box", "SIDE"]
