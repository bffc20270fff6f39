"""Over There in the terminal: the turn, phase and score; the front (each of your stacks next to
the enemy, with what you see of him there); your other stacks by army; the enemy stacks you
cannot see into (ruling O1); reinforcements due; and, for the decision at hand, a map of the
hexes around the unit being moved (its reach marked) or the hex being attacked, the attack's
odds and what each die roll gives, the odds of every attack open to you, and the last combat.

Destinations, attacks and reserves are listed and typed by hex id (``1604``, ``1604a``
accelerated, ``1604r`` by rail, ``1604s`` by strategic rail, ``1405ov`` overrun), air points by their number (``keys``).
Commands of its own: ``grid`` (the whole map, a character a hex), ``near HEX`` (the hexes
around one, by id), ``hex HEX`` (what a hex holds), ``unit NAME`` (a counter) and ``crt`` (the
two combat results tables). A hex id typed as an answer picks the action naming that hex
(``1406``, ``rail 0810``, ``attack 1407``); a unit's designation picks that unit (``25 ID``).

Everything drawn comes from the view and the printed map and counters, so nothing the view
hides (the enemy's counters out of contact, his pools and plans) is ever shown.
"""

from __future__ import annotations

import re
import unicodedata

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...engine.words import counted
from .scenario import victory_level
from .world import (
    BRIDGES_AT,
    CAUSEWAYS,
    CH,
    INITIAL_BRIDGES,
    MAP,
    NEIGHBOURS,
    OTHER,
    PHASE_NAMES,
    SC,
    SIDE_NAMES,
    UNITS,
    fmt,
    hex_name,
    leader_name,
)

SHORT = {"entente": "Ent", "central-powers": "CP"}
STYLE = {"entente": "bold green", "central-powers": "bold white"}
TERRAIN_CHAR = {
    "clear": ".",
    "rough": "r",
    "woods": "w",
    "forest": "f",
    "wooded-rough": "R",
    "swamp": "s",
    "wooded-swamp": "S",
    "mountain": "M",
    "lake": "~",
    "sea": "~",
}
TERRAIN_NAME = {"wooded-swamp": "wooded swamp", "wooded-rough": "wooded rough"}
BY = {"march": "m", "accel": "a", "rail": "r", "strat": "s", "river": "w", "overrun": "ov"}
BY_TEXT = {
    "march": "march",
    "accel": "accelerated",
    "rail": "rail",
    "strat": "strategic rail",
    "river": "river",
    "overrun": "overrun",
}
WORKS = {1: "fieldworks", 2: "entrenchments"}
HEX_ID = re.compile(r"\b(\d{4})\b")

AREA_KEY = (
    "@n the units moving (n of yours in the hex) · +n your units · xn enemy units seen · ?n enemy counters "
    "unseen · * the hex attacked · An your attackers there · m5 a9 r2: within reach by march, accelerated "
    "march, rail or strategic rail for so many MPs (+2m5: your 2 units there) · ov overrun · . clear w woods f forest "
    "s swamp S wooded swamp ~ water"
)
GRID_KEY = (
    "O your stack · X enemy stack seen · ? enemy stack unseen · @ the units moving · + within their reach · "
    "* the hex attacked · # fortress · C city · o town · . clear  w woods  f forest  s swamp  S wooded swamp  "
    "~ sea or lake. Even columns stand half a hex lower: 1405 touches 1305, 1306, 1505 and 1506."
)


# ----- the board ---------------------------------------------------------------------------------


def board(view: dict) -> Group:
    b = view["board"]
    me = view["role"] if view["role"] in SIDE_NAMES else None
    parts: list = [header(view)]
    front, rear = stacks_table(view)
    if front is not None:
        parts.append(front)
    if rear is not None:
        parts.append(rear)
    unseen = hidden_text(view)
    if unseen is not None:
        parts.append(unseen)
    if me:
        due = due_text(b)
        if due is not None:
            parts.append(due)
    lost = eliminated_text(b)
    if lost is not None:
        parts.append(lost)
    if b.get("last"):
        parts.append(last_text(b["last"], b))
    if b.get("targets"):
        parts.append(targets_table(view))
    if b.get("attack"):
        parts.append(attack_text(view))
        parts.append(area(view, b["attack"]["hex"], cols=3, rows=2))
    elif b.get("selected"):
        parts.append(moving_text(view))
        parts.append(area(view, None))
    return Group(*parts)


def header(view: dict) -> Text:
    b = view["board"]
    out = Text()
    out.append(f"{b['turn']}", style="bold")
    if b["turn_index"] < b["turns"]:
        out.append(f" ({b['date']}), game turn {b['turn_index'] + 1} of {b['turns']}   ")
    else:  # the last game turn played: the game is over
        out.append(f": the game is over, its {b['turns']} game turns played   ")
    out.append(f"{SIDE_NAMES[b['phasing']]} player turn", style=STYLE[b["phasing"]])
    out.append(f", {PHASE_NAMES.get(b['phase'], b['phase'])}")
    score = b.get("score") or b["vp"]
    cp, en = score["central-powers"], score["entente"]
    level = next(lv.name for lv in SC.victory_levels if lv.id == victory_level(SC, cp - en))
    out.append("\nScore if the game ended now: ")
    out.append(f"Central Powers {fmt(cp)}", style=STYLE["central-powers"])
    out.append(", ")
    out.append(f"Entente {fmt(en)}", style=STYLE["entente"])
    out.append(f" (CP {cp - en:+g}: {level}); from losses, options and withdrawals alone: ")
    out.append(f"CP {fmt(b['vp']['central-powers'])}, Entente {fmt(b['vp']['entente'])}")
    me = view["role"]
    if me in SIDE_NAMES:
        bits = []
        rail = (b.get("rail") or {}).get(me)
        if rail:
            bits.append(f"rail capacity used {fmt(rail['used'])} of {fmt(rail['capacity'])} REs this turn")
        pool = (b.get("pool") or {}).get(me)
        if pool:
            bits.append(f"replacement pool {counted(pool['man'], 'Man Pt')}, {counted(pool['equ'], 'Equ Pt')}")
        res = (b.get("res") or {}).get(me)
        carried = sum(u.get("carry", 0) for u in b["units"] if u["side"] == me)
        if res is not None:
            where = ", ".join(f"{n} in {hex_name(h)}" for h, n in res.items())
            text = f"Res Pts {where or 'none on the ground'}"
            bits.append(text + (f", {carried} carried by Army HQs" if carried else ""))
        air = (b.get("air") or {}).get(me)
        if air:
            bits.append(air_text(air))
        hqs = [hq_text(uid, rec) for uid, rec in (b.get("hq") or {}).items() if UNITS[uid].side == me]
        if hqs:
            bits.append("Army HQs: " + "; ".join(hqs))
        if bits:
            out.append("\nYou: " + " · ".join(bits))
    seen = [hq_text(uid, rec) for uid, rec in (b.get("hq") or {}).items() if me in SIDE_NAMES and UNITS[uid].side != me]
    if seen:
        out.append("\nEnemy Army HQs in contact: " + "; ".join(seen))
    return out


def air_text(air: dict) -> str:
    """'air points 1 of 2 left (1 on air superiority, 1 abort attempt left)' (B17)."""
    out = f"{counted(air.get('left', 0), 'air point')} left this player turn"
    extra = []
    if air.get("sup"):
        extra.append(f"{air['sup']} on air superiority")
    if air.get("aborts"):
        extra.append(counted(air["aborts"], "abort attempt") + " left")
    return out + (f" ({', '.join(extra)})" if extra else "")


def hq_text(uid: str, rec: dict) -> str:
    leader = leader_name(rec.get("leader"))
    state = "active" if rec.get("active") else "inactive"
    where = hex_name(rec["hex"]) if rec.get("hex") else "?"
    return f"{army_name(uid)} ({leader + ', ' if leader else ''}{state}) at {where}"


def army_name(uid: str | None) -> str:
    if uid is None or uid not in UNITS:
        return "Fortresses and independent units"
    return UNITS[uid].name.split(" HQ")[0]


def unit_text(u: dict, hq: dict | None = None) -> str:
    """'25 ID 9-11-5 [D F2 OS]': designation, printed (or cadre) strengths, then its markers."""
    spec = UNITS.get(u["id"])
    if spec is not None and spec.hq:
        text = u["short"]
        rec = (hq or {}).get(u["id"])
        if rec is not None:
            leader = leader_name(rec.get("leader"))
            text += f" ({leader + ', ' if leader else ''}{'active' if rec.get('active') else 'inactive'})"
    else:
        text = f"{u['short']} {fmt(u['attack'])}-{fmt(u['defense'])}-{fmt(u['movement'])}"
    tags = []
    if u.get("cadre"):
        tags.append("cadre")
    if u.get("dis"):
        tags.append("BD" if u["dis"] >= 2 else "D")
    if u.get("fat"):
        tags.append(f"F{u['fat']}")
    if u.get("supply") == "out":
        tags.append("OS")
    elif u.get("supply") == "isolated":
        tags.append("ISO")
    if spec is not None and not spec.hq and not u.get("zoc", True) and not u.get("dis"):
        tags.append("no ZOC")
    if u.get("moved"):
        tags.append("moved")
    if u.get("carry"):
        tags.append(f"{u['carry']} Res")  # 11H: the Res Pts an Army HQs carries
    return text + (f" [{' '.join(tags)}]" if tags else "")


def cells(*texts: str) -> list[Text]:
    """Table cells as plain text: a marker such as [D F2] is not read as markup."""
    return [Text(t) for t in texts]


def stack_text(units: list[dict], hq: dict | None = None) -> str:
    """The units of a stack, one a line, with the stack's total attack and defense."""
    lines = [unit_text(u, hq) for u in units]
    fighting = [u for u in units if u["id"] in UNITS and not UNITS[u["id"]].hq]
    if len(fighting) > 1:
        lines.append(f"total {fmt(sum(u['attack'] for u in fighting))}-{fmt(sum(u['defense'] for u in fighting))}")
    return "\n".join(lines)


def hex_label(h: str, b: dict) -> str:
    """'1406 (Stallupönen), woods, fieldworks (CP)'."""
    towns = [t["name"] for t in MAP.towns_in(h)]
    out = h + (f" ({', '.join(towns)})" if towns else "")
    terrain = MAP.terrain.get(h, "?")
    if terrain != "clear":
        out += f", {TERRAIN_NAME.get(terrain, terrain)}"
    w = (b.get("works") or {}).get(h)
    if w:
        out += f", {WORKS.get(w['level'], 'works')} ({SHORT.get(w['side'], w['side'])})"
    if h in (b.get("breaks") or []):
        out += ", rail broken"
    if h in (b.get("obstructed") or []):
        out += ", rail obstructed"
    if h in (b.get("contested") or []):
        out += ", contested"
    if h in (b.get("depleted") or []):
        out += ", fortress depleted"
    for side, pile in sorted((b.get("res") or {}).items()):
        if pile.get(h):
            out += f", {counted(pile[h], 'Res Pt')} ({SHORT.get(side, side)})"
    return out


def across(a: str, b: str) -> str:
    """The hexside between two adjacent hexes, as a player names it: ' across the river Angerapp'."""
    key = "|".join(sorted((a, b)))
    feats = [f for f in MAP.hexsides.get(key, ()) if f != "frontier"]
    if not feats:
        return ""
    names = MAP.hexside_names.get(key, {})
    if "lake-side" in feats:
        if key in CAUSEWAYS:
            return f" over the causeway across {names.get('lake') or 'a lake'}"
        return f" across {names.get('lake') or 'a lake'} (impassable)"
    what = " and ".join(f.replace("-", " ") for f in feats)
    name = names.get("river")
    return f" across the {what} {name}" if name else f" across a {what}"


def sides_of(view: dict) -> tuple[str, str]:
    """Whose stacks the board lists as 'yours': the role's; for a spectator, the phasing side's."""
    me = view["role"] if view["role"] in SIDE_NAMES else view["board"]["phasing"]
    return me, OTHER[me]


def by_hex(units: list[dict], side: str) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for u in units:
        if u["side"] == side and u.get("hex"):
            out.setdefault(u["hex"], []).append(u)
    return out


def stacks_table(view: dict) -> tuple[Table | None, Table | None]:
    """The front (own stacks next to enemy stacks) and the rest of the own stacks by army."""
    b = view["board"]
    me, them = sides_of(view)
    mine = by_hex(b["units"], me)
    seen = by_hex(b["units"], them)
    unseen = {x["hex"]: x["count"] for x in b.get("hidden") or [] if x["side"] == them}
    enemy_zoc = set((b.get("zoc") or {}).get(them, ()))
    hq = b.get("hq") or {}
    front = Table(title="The front", title_justify="left", expand=False, show_lines=True)
    front.add_column(f"{SIDE_NAMES[me]} stack")
    front.add_column("units")
    front.add_column(f"{SIDE_NAMES[them]} next to it")
    rows = 0
    rear: dict[str, list[str]] = {}
    for h in sorted(mine):
        near = [n for n in NEIGHBOURS.get(h, ()) if n in seen or n in unseen]
        if not near:
            army = army_of(mine[h], hq)
            rear.setdefault(army or "", []).append(
                f"{hex_label(h, b)}: " + ", ".join(unit_text(u, hq) for u in mine[h])
            )
            continue
        enemy = []
        for n in near:
            what = stack_text(seen[n]) if n in seen else f"{unseen[n]} counter{'s' if unseen[n] > 1 else ''} unseen"
            enemy.append(f"{hex_label(n, b)}{across(h, n)}:\n{what}")
        where = hex_label(h, b) + ("\nin the enemy ZOC" if h in enemy_zoc else "")
        front.add_row(*cells(where, stack_text(mine[h], hq), "\n".join(enemy)))
        rows += 1
    behind = Table(title="Behind the front, by army", title_justify="left", expand=False)
    behind.add_column("army")
    behind.add_column("stacks")
    for army in sorted(rear, key=lambda a: (a == "", a)):
        behind.add_row(*cells(army_name(army or None), "\n".join(rear[army])))
    return (front if rows else None), (behind if rear else None)


def army_of(units: list[dict], hqs: dict) -> str | None:
    """The army a stack belongs to: its Army HQ's, else its units' most common army among those
    whose HQ is on the map (``hqs``: a unit of the Tenth Army is nobody's before its HQ arrives)."""
    count: dict[str, int] = {}
    for u in units:
        spec = UNITS.get(u["id"])
        army = u["id"] if spec is not None and spec.army_hq else u.get("army")
        if spec is not None and spec.army_hq:
            return army
        if army and (hqs.get(army) or {}).get("hex"):
            count[army] = count.get(army, 0) + 1
    return max(sorted(count), key=lambda a: count[a]) if count else None


def hidden_text(view: dict) -> Text | None:
    b = view["board"]
    hidden = b.get("hidden") or []
    if not hidden:
        return None
    out = Text()
    for side in SIDE_NAMES:
        mine = [x for x in hidden if x["side"] == side]
        if not mine:
            continue
        total = sum(x["count"] for x in mine)
        out.append(f"{SIDE_NAMES[side]} stacks out of contact ({total} counters, only their number known): ")
        where = (f"{counted(x['count'], 'counter')} in {hex_name(x['hex'])}" for x in mine)
        out.append(", ".join(where), style=STYLE[side])
        out.append("\n")
    out.rstrip()
    return out


def turn_name(tid: str) -> str:
    return next((t.name for t in SC.turns if t.id == tid), tid)


def due_text(b: dict) -> Text | None:
    due = b.get("due") or []
    if not due:
        return None
    out = Text("Your reinforcements due:")
    for d in due:
        names = ", ".join(UNITS[u].short if u in UNITS else u for u in d["units"])
        out.append(f"\n  {turn_name(d['turn'])} at {d['entry']}: {names}")
    return out


def eliminated_text(b: dict) -> Text | None:
    gone = b.get("eliminated") or {}
    if not any(gone.values()):
        return None
    out = Text("Eliminated so far:")
    for side, uids in gone.items():
        if uids:
            out.append(f"\n  {SIDE_NAMES.get(side, side)} ({len(uids)}): ")
            out.append(", ".join(UNITS[u].short if u in UNITS else u for u in uids), style=STYLE.get(side, ""))
    return out


def name_of(uid: str, b: dict) -> str:
    u = next((x for x in b.get("units") or [] if x["id"] == uid), None)
    if u is not None:
        return u["short"]
    return UNITS[uid].short if uid in UNITS else uid


def side_of(uid: str) -> str | None:
    return UNITS[uid].side if uid in UNITS else None


def last_text(last: dict, b: dict) -> Text:
    """The last combat, as fought in the open: odds, column, die, result, losses, retreats."""
    out = Text()
    out.append(f"Last combat at {hex_label(last['hex'], b)}: ", style="bold")
    odds, column, crt = last.get("odds"), last.get("column"), str(last.get("crt") or "?")
    if crt == "overrun":
        out.append(f"overrun at {odds or '?'}")
    else:
        if crt == "bombardment":
            out.append(f"bombardment of strength {odds or '?'} on the column {column or 'none'}")
        else:
            out.append(f"{odds or '?'}")
            if column and column != odds:
                out.append(f" -> column {'automatic' if column == 'auto' else column}")
            out.append(f" on the {crt.capitalize()} CRT")
        roll = last.get("roll")
        if roll is not None:
            drm = last.get("drm") or 0
            out.append(f", die {roll}" + (f" {drm:+d} = {roll + drm}" if drm else ""))
        out.append(": ")
        result = str(last.get("result") or "?")
        out.append("retreat before combat" if result == "RBC" else result, style="bold")
    if last.get("attackers"):
        out.append("\n  Attackers: " + ", ".join(name_of(u, b) for u in last["attackers"]))
    if last.get("defenders"):
        out.append("\n  Defenders: " + ", ".join(name_of(u, b) for u in last["defenders"]))
    if crt == "bombardment":
        hits = last.get("hits") or {}
        dis = last.get("disrupted") or {}
        if hits:
            out.append("\n  Hits: " + ", ".join(f"{name_of(u, b)} {n}" for u, n in hits.items()))
        if dis:
            out.append(
                "\n  "
                + ", ".join(f"{name_of(u, b)} {'badly disrupted' if d >= 2 else 'disrupted'}" for u, d in dis.items())
            )
        if last.get("fort_reduced"):
            out.append("\n  The fortification is reduced.")
        return out
    reduced = set(last.get("reduced") or ())
    losses = {s: v for s, v in (last.get("losses") or {}).items() if v}
    if losses:
        out.append(
            "\n  Losses: "
            + "; ".join(
                f"{SIDE_NAMES.get(s, s)}: "
                + ", ".join(name_of(u, b) + (" (to its cadre)" if u in reduced else "") for u in v)
                for s, v in losses.items()
            )
        )
    else:
        out.append("\n  No losses.")
    if last.get("rbc"):
        out.append("\n  Retreated before combat: " + ", ".join(name_of(u, b) for u in last["rbc"]))
    for uid, path in (last.get("retreats") or {}).items():
        out.append(f"\n  {name_of(uid, b)} retreats: {' -> '.join(path) if path else 'nowhere to go'}")
    if last.get("advance"):
        out.append("\n  Advance after combat: " + ", ".join(name_of(u, b) for u in last["advance"]))
    if last.get("defender_advance"):
        out.append("\n  The defender advances: " + ", ".join(name_of(u, b) for u in last["defender_advance"]))
    for note in last.get("notes") or ():
        out.append(f"\n  ({note})", style="dim")
    return out


def die_line(crt: str, column: str, drm: int, defense: float | None = None) -> str:
    """What each roll of the die gives on a column, the DRM applied: '1 AR, 2 AS, ... 6 DR'."""
    if crt not in CH.crts:
        return ""
    if column == "auto" and defense == 0:
        return "no die: a defense strength of 0 falls, its units eliminated (9G1)"
    if column == "auto":
        return f"every roll: {CH.crts[crt].below_lowest} (below 1:4)"
    table = CH.crt(crt)
    if column not in table.columns:
        return ""
    return ", ".join(f"{r} {table.cell(column, r + drm)}" for r in range(1, 7))


def targets_table(view: dict) -> Table:
    b = view["board"]
    me, them = sides_of(view)
    seen = by_hex(b["units"], them)
    table = Table(title="Attacks open to you (every unit able to attack joining)", title_justify="left")
    for col in ("hex attacked", "defenders", "attack : defense", "odds", "CRT", "column", "DRM", "the die (1-6)"):
        table.add_column(col)

    def rank(item):
        col = item[1].get("column")
        if col in (None, "auto"):
            return 0.0
        a, d = col.split(":")
        return -int(a) / int(d)

    for h, t in sorted(b["targets"].items(), key=lambda item: (rank(item), item[0])):
        defenders = stack_text(seen[h]) if h in seen else "?"
        table.add_row(
            *cells(
                hex_label(h, b),
                defenders,
                f"{fmt(t.get('attack', 0))} : {fmt(t.get('defense', 0))}",
                str(t.get("odds", "?")),
                str(t.get("crt", "?")),
                str(t.get("column", "?")),
                f"{t.get('drm', 0):+d}",
                die_line(t.get("crt", ""), t.get("column", ""), t.get("drm", 0), t.get("defense")),
            )
        )
    return table


def attack_text(view: dict) -> Text:
    b = view["board"]
    att = b["attack"]
    units = {u["id"]: u for u in b["units"]}
    out = Text()
    out.append(f"The attack on {hex_label(att['hex'], b)}", style="bold")
    chosen = att.get("units") or []
    if chosen:
        out.append("\n  Attackers: ")
        out.append(
            "; ".join(
                unit_text(units[u]) + f" from {units[u]['hex']}{across(units[u]['hex'], att['hex'])}"
                if u in units
                else u
                for u in chosen
            )
        )
    else:
        out.append("\n  No attackers yet: add units next to the hex.")
    defenders = [u for u in b["units"] if u.get("hex") == att["hex"]]
    hidden = next((x for x in b.get("hidden") or [] if x["hex"] == att["hex"]), None)
    if defenders:
        out.append("\n  Defenders: " + "; ".join(unit_text(u) for u in defenders))
    elif hidden:
        out.append(f"\n  Defenders: {hidden['count']} counters unseen")
    if "odds" in att:
        crt = att.get("crt", "?")
        out.append(f"\n  Attack {fmt(att.get('attack', 0))} against defense {fmt(att.get('defense', 0))}: odds ")
        out.append(str(att["odds"]), style="bold")
        shifts = att.get("shifts") or 0
        if shifts:
            out.append(f", {shifts:+d} column shift{'s' if abs(shifts) > 1 else ''}")
        column = att.get("column", "?")
        out.append(f", read on the {str(crt).capitalize()} CRT's column ")
        none = column == "auto" and att.get("defense") == 0
        out.append("none (9G1)" if none else "automatic" if column == "auto" else str(column), style="bold")
        out.append(f", DRM {att.get('drm', 0):+d}")
        line = die_line(crt, column, att.get("drm", 0), att.get("defense"))
        if line:
            out.append(f"\n  The die: {line}")
    plan = att.get("air")
    if plan is not None:
        out.append(f"\n  Your air support: recon {plan.get('recon', 0)}, ground support {plan.get('gs', 0)}")
    for note in att.get("notes") or ():
        out.append(f"\n  ({note})", style="dim")
    return out


def moving_text(view: dict) -> Text:
    b = view["board"]
    units = {u["id"]: u for u in b["units"]}
    sel = [units[u] for u in b["selected"] if u in units]
    out = Text("Moving: ", style="bold")
    out.append(
        "; ".join(
            unit_text(u) + (f", {fmt(u['spent'])} MP spent" if u.get("spent") else "") + f" at {u['hex']}" for u in sel
        )
    )
    reach = b.get("reach") or {}
    count: dict[str, int] = {}
    for r in reach.values():
        for by in ways(r):
            count[by] = count.get(by, 0) + 1
    if count:
        out.append(
            "\n  Within reach: "
            + ", ".join(
                f"{n} hex{'es' if n > 1 else ''} by {BY_TEXT.get(by, by)}"
                for by, n in sorted(count.items(), key=lambda x: list(BY).index(x[0]) if x[0] in BY else 9)
            )
        )
    else:
        out.append("\n  No hex within reach.")
    return out


def ways(r: dict) -> dict[str, float]:
    """A reach entry as {way: MPs}: the view gives {"march": 3, "rail": 1} or {"mp": 3, "by": "march"}."""
    if "by" in r or "mp" in r:
        return {r.get("by") or "march": r.get("mp", 0)}
    return {k: v for k, v in r.items() if isinstance(v, (int, float))}


# ----- maps ----------------------------------------------------------------------------------------


def cols_rows() -> tuple[int, int]:
    return MAP.grid["columns"], MAP.grid["rows"]


def split(h: str) -> tuple[int, int]:
    return int(h[:2]), int(h[2:])


def reach_mark(r: dict) -> str:
    """'m5', 'a12', 'r2', 'ov': the cheapest way to a hex within reach and its MPs."""
    w = ways(r)
    if not w:
        return ""
    by = min(w, key=lambda k: list(BY).index(k) if k in BY else 9)
    return "ov" if by == "overrun" else f"{BY.get(by, by[0])}{fmt(w[by])}"


def marks(view: dict) -> dict[str, tuple[str, str]]:
    """Each hex's marker in the area map (at most 5 characters) and its style, from the view."""
    b = view["board"]
    me, them = sides_of(view)
    reach = b.get("reach") or {}
    mine = by_hex(b["units"], me)
    seen = by_hex(b["units"], them)
    out: dict[str, tuple[str, str]] = {}
    for h, t in MAP.terrain.items():
        water = t in ("sea", "lake")
        out[h] = ("~~" if water else TERRAIN_CHAR.get(t, "?"), "blue" if water else "dim")
    for h, r in reach.items():
        out[h] = (reach_mark(r), "bold yellow")
    for h, us in mine.items():
        out[h] = (f"+{len(us)}{reach_mark(reach.get(h, {}))}", "bold yellow" if h in reach else STYLE[me])
    for x in b.get("hidden") or []:
        if x["side"] == them:
            out[x["hex"]] = (f"?{x['count']}", "red")
    for h, us in seen.items():
        out[h] = (f"x{len(us)}" + ("ov" if h in reach else ""), "bold red")
    units = {u["id"]: u for u in b["units"]}
    for h in {units[u]["hex"] for u in b.get("selected") or [] if u in units}:
        out[h] = (f"@{len(mine.get(h, []))}", "bold reverse")
    att = b.get("attack")
    if att:
        count: dict[str, int] = {}
        for u in att.get("units") or []:
            if u in units:
                count[units[u]["hex"]] = count.get(units[u]["hex"], 0) + 1
        for h, n in count.items():
            out[h] = (f"A{n}", "bold reverse")
        n = len(seen.get(att["hex"], []))
        out[att["hex"]] = (f"*x{n}" if n else "*", "bold reverse red")
    return out


def window(centre: str, cols: int, rows: int) -> tuple[int, int, int, int]:
    """The columns and rows of an area map: ``cols`` columns and ``rows`` rows either side of
    ``centre``, shifted to stay on the map."""
    nc, nr = cols_rows()
    c, r = split(centre)
    c0 = min(max(c - cols, 1), max(nc - 2 * cols, 1))
    r0 = min(max(r - rows, 1), max(nr - 2 * rows, 1))
    return c0, min(c0 + 2 * cols, nc), r0, min(r0 + 2 * rows, nr)


def area(view: dict, centre: str | None, cols: int = 6, rows: int = 4) -> Text:
    """The hexes around ``centre`` (the moving units' hex when None) as a honeycomb of hex ids,
    each with its marker; even columns half a hex lower, as on the map."""
    b = view["board"]
    reach = b.get("reach") or {}
    if centre is None:
        units = {u["id"]: u for u in b["units"]}
        hexes = [units[u]["hex"] for u in b.get("selected") or [] if u in units]
        centre = hexes[0] if hexes else "1009"
    c0, c1, r0, r1 = window(centre, cols, rows)
    mk = marks(view)
    out = Text()
    for r in range(r0, r1 + 1):
        for parity in (1, 0):  # the odd columns, then the even ones half a hex lower
            line = Text()
            for c in range(c0, c1 + 1):
                h = f"{c:02d}{r:02d}"
                if c % 2 != parity or h not in MAP.terrain:
                    continue
                line.append(" " * ((c - c0) * 6 - len(line.plain)))
                m, style = mk.get(h, ("", ""))
                line.append(h, style=style if style.startswith("bold") else "")
                line.append(f" {m}", style=style)
            line.rstrip()
            out.append(line)
            out.append("\n")
    inside = {f"{c:02d}{r:02d}" for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}
    beyond = sorted(h for h in reach if h not in inside)
    rail = [h for h in beyond if "rail" in ways(reach[h])]
    if beyond:
        out.append(
            f"{len(beyond)} more hex{'es' if len(beyond) > 1 else ''} within reach beyond this map", style="yellow"
        )
        if rail:  # the rail ones named: the others are a march or two away
            named = ", ".join(f"{hex_label(h, b)} r{fmt(ways(reach[h])['rail'])}" for h in rail)
            out.append(f"; of them by rail: {named}")
        out.append(" (grid shows them all)\n", style="yellow")
    out.append(AREA_KEY, style="dim")
    return out


def grid(view: dict, argument: str = "") -> Text:
    """The whole map, a character a hex, coloured by owner; then the hexes held against the 1914
    frontier."""
    b = view["board"]
    me, them = sides_of(view)
    nc, nr = cols_rows()
    chars: dict[str, str] = {}
    for h, t in MAP.terrain.items():
        chars[h] = TERRAIN_CHAR.get(t, "?")
    for town in MAP.towns.values():
        if town.get("fortress"):
            chars[town["hex"]] = "#"
        elif town["size"] in ("partial-city", "full-city") and chars[town["hex"]] != "#":
            chars[town["hex"]] = "C"
        elif town["size"] == "town" and chars[town["hex"]] not in "#C":
            chars[town["hex"]] = "o"
    for h in b.get("reach") or {}:
        chars[h] = "+"
    for x in b.get("hidden") or []:
        chars[x["hex"]] = "?"
    for h in by_hex(b["units"], them):
        chars[h] = "X"
    for h in by_hex(b["units"], me):
        chars[h] = "O"
    units = {u["id"]: u for u in b["units"]}
    for u in b.get("selected") or []:
        if u in units:
            chars[units[u]["hex"]] = "@"
    if b.get("attack"):
        chars[b["attack"]["hex"]] = "*"
    owner = initial_owner()
    owner.update(b.get("owner") or {})
    out = Text("     " + " ".join(f"{c:02d}"[0] for c in range(1, nc + 1)) + "\n", style="dim")
    out.append("     " + " ".join(f"{c:02d}"[1] for c in range(1, nc + 1)) + "\n", style="dim")
    for r in range(1, nr + 1):
        out.append(f"  {r:02d} ", style="dim")
        for c in range(1, nc + 1):
            h = f"{c:02d}{r:02d}"
            ch = chars.get(h, " ")
            held = owner.get(h, "")  # None: contested, owned by neither side (9J)
            style = "white" if held is None else STYLE.get(held, "blue")
            if MAP.terrain.get(h) in ("sea", "lake"):
                style = "blue"
            if ch in "OX?@*+":
                style = "bold reverse " + ("red" if ch in "X?*" else "yellow" if ch == "+" else "green")
            out.append(ch, style=style)
            out.append(" ")
        out.append("\n")
    taken = {side: sorted(h for h, s in (b.get("owner") or {}).items() if s == side) for side in SIDE_NAMES}
    for side, hexes in taken.items():
        if hexes:
            out.append(f"Held by the {SIDE_NAMES[side]} against the 1914 frontier: {', '.join(hexes)}\n")
    out.append(GRID_KEY, style="dim")
    return out


def initial_owner() -> dict[str, str]:
    side_of_country = {"germany": "central-powers", "russia": "entente"}
    return {h: side_of_country[c] for h, c in MAP.country.items() if c in side_of_country}


# ----- commands ------------------------------------------------------------------------------------


def folded(name: str) -> str:
    """A name as typed on any keyboard: lower case, no accents (Lötzen lotzen, Łomża lomza)."""
    plain = unicodedata.normalize("NFKD", name.lower().replace("ł", "l"))
    return "".join(ch for ch in plain if not unicodedata.combining(ch))


def hex_arg(argument: str) -> str | None:
    m = HEX_ID.search(argument or "")
    if m and m.group(1) in MAP.terrain:
        return m.group(1)
    low = folded((argument or "").strip())
    if low:
        for t in MAP.towns.values():
            if low in (folded(t["name"]), folded(t["name_today"])):
                return t["hex"]
        for t in MAP.towns.values():
            if folded(t["name"]).startswith(low):
                return t["hex"]
    return None


def near(view: dict, argument: str) -> Text:
    h = hex_arg(argument)
    if h is None:
        return Text(f"No hex {argument!r} on the map: give a hex id (0806) or a town (Königsberg).")
    return area(view, h)


def describe_hex(view: dict, argument: str) -> Text:
    h = hex_arg(argument)
    if h is None:
        return Text(f"No hex {argument!r} on the map: give a hex id (0806) or a town (Königsberg).")
    b = view["board"]
    out = Text(hex_label(h, b), style="bold")
    country = MAP.country.get(h)
    if country:
        out.append(f"\n  {country.capitalize()} in 1914")
    owner = (b.get("owner") or {}).get(h)
    if owner:
        out.append(f"; now held by the {SIDE_NAMES[owner]}")
    elif h in (b.get("contested") or []):
        out.append("; contested, owned by neither side (9J)")
    for t in MAP.towns_in(h):
        bits = [t["size"].replace("-", " ")]
        if t.get("fortress"):
            bits.append(f"{t['fortress']['type']} fortress")
        if t.get("port"):
            bits.append(f"{t['port']} port")
        out.append(f"\n  {t['name']}: {', '.join(bits)}")
    for n in NEIGHBOURS.get(h, ()):
        side = across(h, n)
        if side:
            out.append(f"\n  to {n}{side}")
    rail = sorted({n for k in MAP.rail for n in k.split("|") if h in k.split("|") and n != h})
    if rail:
        gauges = {MAP.rail[k]["gauge"] for k in MAP.rail if h in k.split("|")}
        out.append(f"\n  railway ({', '.join(sorted(gauges))} gauge) to {', '.join(rail)}")
    road = sorted({n for k in MAP.roads for n in k.split("|") if h in k.split("|") and n != h})
    if road:
        out.append(f"\n  road to {', '.join(road)}")
    for key in BRIDGES_AT.get(h, ()):  # 15A1, 13A2-3
        n = next(x for x in key.split("|") if x != h)
        owner = (b.get("bridges") or {}).get(key, INITIAL_BRIDGES.get(key))
        if key in (b.get("demolished") or ()):
            work = (b.get("repairs") or {}).get(key)
            out.append(f"\n  the bridge to {n} is demolished" + (f" ({fmt(work)} MPs of repair done)" if work else ""))
        else:
            name = SIDE_NAMES[owner] if owner else ""
            whose = f"the {name}'" + ("" if name.endswith("s") else "s") if owner else "nobody's yet"
            out.append(f"\n  bridge to {n}: {whose}")
    zoc = b.get("zoc") or {}
    inside = [SIDE_NAMES[s] for s in SIDE_NAMES if h in (zoc.get(s) or ())]
    if inside:
        out.append(f"\n  in the ZOC of: {', '.join(inside)}")
    here = [u for u in b["units"] if u.get("hex") == h]
    if here:
        out.append("\n  " + "\n  ".join(f"{SHORT[u['side']]} {unit_text(u, b.get('hq'))}" for u in here))
    for x in b.get("hidden") or []:
        if x["hex"] == h:
            out.append(f"\n  {SIDE_NAMES[x['side']]}: {x['count']} counters unseen")
    return out


def describe_unit(view: dict, argument: str) -> Text:
    """A counter the view shows (yours, or the enemy's in contact), by designation or name."""
    low = " ".join((argument or "").lower().split())
    if not low:
        return Text("unit NAME: a counter of yours or one seen, e.g. unit 25 ID.")
    b = view["board"]
    found = [u for u in b["units"] if low in (u["short"].lower(), u["name"].lower(), u["id"])]
    # else a part of the name, whole words from their start ("3 RD" is not the 73 RD)
    part = re.compile(rf"(^|\W){re.escape(low)}")
    found = found or [u for u in b["units"] if part.search(u["name"].lower()) or part.search(u["short"].lower())]
    if not found:
        return Text(f"No counter called {argument!r} among yours and those you see.")
    out = Text()
    for u in found[:6]:
        spec = UNITS[u["id"]]
        out.append(f"{u['name']} ({u['short']})", style=STYLE[u["side"]])
        out.append(f"\n  {SIDE_NAMES[u['side']]}, {spec.type.replace('-', ' ')} {spec.size}, {fmt(u['re'])} RE")
        out.append(f"; printed {spec.attack}-{spec.defense}-{spec.movement}")
        if spec.cadre:
            out.append(f", cadre {'-'.join(map(str, spec.cadre))}")
        if spec.army:
            out.append(f"; {army_name(spec.army)}")
        out.append(f"\n  at {hex_label(u['hex'], b)}: {unit_text(u, b.get('hq'))}\n")
    return out


def crt_tables(view: dict, argument: str) -> Group | Text:
    which = [k for k in ("mobile", "positional") if not argument or k.startswith(argument.strip().lower())]
    if not which:
        return Text(f"No table {argument.strip()!r}: crt, crt mobile or crt positional.")
    parts = []
    for name in which:
        table = CH.crt(name)
        t = Table(title=f"The {name.capitalize()} Ground CRT (9C)", title_justify="left")
        t.add_column("die")
        for c in table.columns:
            t.add_column(c)
        for roll in sorted(table.rows):
            label = f"{roll}" + (
                " or less" if roll == min(table.rows) else " or more" if roll == max(table.rows) else ""
            )
            t.add_row(label, *table.rows[roll])
        parts.append(t)
    parts.append(
        Text(
            "Odds are rounded down in the defender's favour; below 1:4 the attacker is eliminated (AE, AD). "
            "The Mobile CRT stops at 6:1; its 7:1-9:1 columns serve infantry-capable attackers only (14H, "
            "from 1916: none in 1914). Positional: a major city or fortifications beyond fieldworks.",
            style="dim",
        )
    )
    return Group(*parts)


COMMANDS = {
    "grid": ("grid", "the whole map, a character a hex, and who holds what", grid),
    "near": ("near HEX", "the hexes around a hex (an id or a town), with their ids", near),
    "hex": ("hex HEX", "what a hex holds: terrain, towns, rivers, railways, owner, units seen", describe_hex),
    "unit": ("unit NAME", "one of your counters or one you see (unit 25 ID)", describe_unit),
    "crt": ("crt [mobile|positional]", "the Mobile and Positional combat results tables", crt_tables),
}


# ----- typed answers -------------------------------------------------------------------------------

VERBS = {
    "rail": lambda a, h: a.get("to") == h and a.get("by") == "rail",
    "train": lambda a, h: a.get("to") == h and a.get("by") == "rail",
    "accel": lambda a, h: a.get("to") == h and a.get("by") == "accel",
    "accelerated": lambda a, h: a.get("to") == h and a.get("by") == "accel",
    "strategic": lambda a, h: a.get("to") == h and a.get("by") == "strat",
    "river": lambda a, h: a.get("to") == h and a.get("by") == "river",
    "overrun": lambda a, h: a.get("to") == h and a.get("overrun"),
    "attack": lambda a, h: a.get("attack") == h,
    "bombard": lambda a, h: a.get("bombard") == h and "units" not in a,  # with every gun in reach
    "bomb": lambda a, h: a.get("air_bombard") == h,
    "recon": lambda a, h: a.get("air_recon") == h,
    "commit": lambda a, h: "commit" in a and a["commit"] == h,
    "stack": lambda a, h: a.get("stack") == h,
    "send": lambda a, h: a.get("res_rail") == h,  # 11H: a Res Pt by rail by itself
    "destroy": lambda a, h: a.get("destroy_res") == h,  # 11H (L648)
}
PLAIN = (
    lambda a, h: a.get("to") == h and "by" not in a and not a.get("overrun"),
    lambda a, h: a.get("stack") == h,
    lambda a, h: a.get("attack") == h,
    lambda a, h: "commit" in a and a["commit"] == h,
    lambda a, h: a.get("to") == h and a.get("by") == "accel",
    lambda a, h: a.get("to") == h and a.get("by") == "rail",
    lambda a, h: a.get("to") == h and a.get("by") == "strat",
    lambda a, h: a.get("to") == h and a.get("by") == "river",
    lambda a, h: a.get("to") == h and a.get("overrun"),
    lambda a, h: a.get("bombard") == h and "units" not in a,
    lambda a, h: a.get("res_at") == h,
    lambda a, h: a.get("place_man") == h,  # 16B3
)
WORD_ACTIONS = {
    "end": lambda a: "end" in a,
    "done": lambda a: "end" in a,
    "stay": lambda a: "stay" in a,
    "cancel": lambda a: "cancel" in a,
    "rest": lambda a: "rest" in a,
    "load": lambda a: "load" in a,
    "unload": lambda a: "unload" in a,
    "resolve": lambda a: "resolve" in a,
    "fight": lambda a: "resolve" in a,
    "none": lambda a: any(k in a and a[k] is None for k in ("commit", "leader")),
    "leader": lambda a: a.get("leader") is not None and "activate" not in a,
    "withdraw": lambda a: a.get("withdraw") is True,
    "build": lambda a: "build" in a,
    "dig": lambda a: "build" in a,
    "break": lambda a: "break_rail" in a,
    "repair": lambda a: "repair_rail" in a,
    "clear": lambda a: "clear_rail" in a,
    "keep": lambda a: a.get("withdraw") is False,
    "recon": lambda a: a.get("air") == "recon",
    "gs": lambda a: a.get("air") == "gs",
    "-recon": lambda a: a.get("unair") == "recon",
    "-gs": lambda a: a.get("unair") == "gs",
}
COUNTED = ("superiority", "das", "points")  # actions that are a number of air points (B17B1, B17B3-4)
WORD_KEYS = ("stay", "cancel", "rest", "end", "build", "break", "repair", "clear")
ENGINEERING = {"build": "build", "break_rail": "break", "repair_rail": "repair", "clear_rail": "clear"}  # 13A, 7A6-7
BRIDGE_WORK = {"demolish": "demolish_bridge", "repair": "repair_bridge"}  # 13A2-3: typed with the bridge's hexes


def key_of(action) -> str | None:
    """What to type for an action that names a hex or is one word: a destination by its hex id
    (1604, 1604a accelerated, 1604r by rail, 1604s by strategic rail, 1604w by river, 1405ov
    overrun), an attack by the hex (1406), a bombardment b1406, an air bombardment air1406,
    reserves by their hex (none), air points by their number."""
    if not isinstance(action, dict) or not action or "second_advance" in action:
        return None  # 9F4: several units may go to one hex; they keep their numbers
    if action.get("with") in UNITS:  # 13A5: quick engineering with a second unit
        base = key_of({k: v for k, v in action.items() if k != "with"})
        return f"{base} with {UNITS[action['with']].short}" if base else None
    if "to" in action:
        if action.get("overrun"):
            return f"{action['to']}ov"
        return action["to"] + {"accel": "a", "rail": "r", "strat": "s", "river": "w"}.get(action.get("by"), "")
    if "way" in action:
        return str(action["way"])
    if "attack" in action:
        return action["attack"]
    if "bombard" in action:
        return None if "units" in action else f"b{action['bombard']}"  # some of the guns: by number
    if "air_bombard" in action:
        return f"air{action['air_bombard']}"
    if "air_recon" in action:
        return f"recon{action['air_recon']}"
    if "commit" in action:
        return action["commit"] or "none"
    if "res_at" in action:
        return action["res_at"]
    if isinstance(action.get("place_man"), str):  # 16B3: where a Man Pt goes
        return action["place_man"]
    if "res_rail" in action:
        return f"send {action['res_rail']}"
    if "destroy_res" in action:
        return f"destroy {action['destroy_res']}"
    if "leader" in action and "activate" not in action:
        return "none" if action["leader"] is None else action["leader"]
    kind = next(iter(action))
    if kind in ENGINEERING:
        return ENGINEERING[kind]
    for verb, k in BRIDGE_WORK.items():
        if kind == k:
            return f"{verb} {' '.join(str(action[k]).split('|'))}"
    if kind in COUNTED:
        return str(action[kind])
    if kind in WORD_KEYS:
        return kind
    return None


def keys(legal: list, state: dict) -> list[str] | None:
    """Destinations, attacks and reserves are typed as hex ids, air points as their number
    (0, 1, 2); the lists of units keep their numbers."""
    out = [key_of(a) for a in legal]
    if not legal or None in out or set(out) <= set(WORD_KEYS):
        return None
    return out


def choose(answer: str, legal: list, state: dict) -> int | None:
    """The action a typed answer names: a hex id (with a verb: rail, accel, overrun, attack,
    bombard, commit, stack), a word (end, stay, cancel, rest, resolve, none), a scenario choice's
    id, or a unit's designation (with add or remove in an attack)."""
    words = answer.lower().replace(",", " ").split()
    if not words:
        return None
    if "with" in words[1:]:  # 13A5: "build with 2 id", "demolish 1113 1212 with 8 id"
        at = words.index("with", 1)
        name = " ".join(words[at + 1 :])
        pairs = [
            (i, {k: v for k, v in a.items() if k != "with"})
            for i, a in enumerate(legal)
            if isinstance(a, dict) and a.get("with") in UNITS and UNITS[a["with"]].short.lower() == name
        ]
        j = choose(" ".join(words[:at]), [a for _, a in pairs], state) if pairs else None
        return pairs[j][0] if j is not None else None

    def first(test) -> int | None:
        return next((i for i, a in enumerate(legal) if isinstance(a, dict) and test(a)), None)

    if words[0] in BRIDGE_WORK and len(words) > 1:  # demolish 0408 0508, or repair 0508
        typed = set(HEX_ID.findall(" ".join(words[1:])))
        k = BRIDGE_WORK[words[0]]
        hits = [
            i
            for i, a in enumerate(legal)
            if isinstance(a, dict) and "with" not in a and typed and typed <= set(str(a.get(k, "")).split("|"))
        ]
        return hits[0] if len(hits) == 1 else None
    typed = SUFFIXED.fullmatch(words[0]) if len(words) == 1 else None
    if typed:  # 1604r: a destination by its key, listed now or by another way
        words = [SUFFIXES[typed.group(2)], typed.group(1)]
    m = HEX_ID.search(" ".join(words))
    if m:
        h = m.group(1)
        for verb, test in VERBS.items():
            if verb in words:
                i = first(lambda a, t=test: t(a, h))
                if i is None and verb in VERB_WAYS and _reached(state, h, VERB_WAYS[verb]):
                    i = first(lambda a, w=VERB_WAYS[verb]: a.get("way") == w)  # listed by that way: name it first
                return i
        for test in PLAIN:
            i = first(lambda a, t=test: t(a, h))
            if i is not None:
                return i
        units = [i for i, a in enumerate(legal) if isinstance(a, dict) and "unit" in a and where(state, a["unit"]) == h]
        return units[0] if len(units) == 1 else None
    if len(words) == 1 and words[0] in WORD_ACTIONS:
        return first(WORD_ACTIONS[words[0]])
    if len(words) == 1 and words[0] in VERB_WAYS:  # "rail": list the moves by rail
        return first(lambda a: a.get("way") == VERB_WAYS[words[0]])
    if " ".join(words) == "ground support":
        return first(WORD_ACTIONS["gs"])
    i = first(lambda a: str(a.get("choice", "")).lower() == " ".join(words))
    if i is not None:
        return i
    key = None
    if words[0] in ("add", "remove"):
        key, words = words[0], words[1:]
    elif words[0] in ("move", "unit", "select"):
        words = words[1:]
    name = " ".join(words)
    for k in [key] if key else ["unit", "add", "remove"]:
        hits = [
            i
            for i, a in enumerate(legal)
            if isinstance(a, dict) and a.get(k) in UNITS and UNITS[a[k]].short.lower() == name
        ]
        if len(hits) == 1:
            return hits[0]
    return None


SUFFIXED = re.compile(r"(\d{4})(a|r|s|w|ov)")
SUFFIXES = {"a": "accel", "r": "rail", "s": "strategic", "w": "river", "ov": "overrun"}
VERB_WAYS = {
    "march": "march",
    "accel": "accel",
    "accelerated": "accel",
    "rail": "rail",
    "train": "rail",
    "strategic": "rail",
    "river": "river",
    "overrun": "overrun",
}
"""The way whose list holds the moves a verb names (6, 6B, 7A, 7C, 6F)."""


def _reached(state: dict, h: str, way: str) -> bool:
    """Whether the units being moved reach ``h`` by ``way`` (6, 6B, 7A, 7C, 6F)."""
    from . import movement, sequence

    top = (state.get("stack") or [None])[-1]
    if not isinstance(top, dict) or top.get("state") != "destination":
        return False
    units, mode = top["units"], top["mode"]
    ctx = movement.Enemy(state, top["role"], units)
    if way == "overrun":
        return h in sequence.overruns(state, top["role"], units, mode, ctx)
    return h in movement.reach(state, units, mode, ctx, ways=(way,))


def again(answer: str, action) -> bool:
    """Whether the answer named a destination ("rail 1604", "1604r") and the action chosen for it
    only named its way: the terminal reads the same answer again from the way's list."""
    if not (isinstance(action, dict) and "way" in action):
        return False
    return any(re.fullmatch(r"\d{4}", w) or SUFFIXED.fullmatch(w) for w in answer.lower().replace(",", " ").split())


def where(state: dict, uid: str) -> str | None:
    rec = (state.get("units") or {}).get(uid)
    return rec.get("hex") if isinstance(rec, dict) else None
