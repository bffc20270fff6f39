"""Imperialism 1880 in the terminal: the year and phase, the turn report (tensions,
the Casus Belli register, each power's income, maintenance and VP as the seat may read
them), the map's status markers, wars and treaties, the seat's units; a power's orders
for the turn and the last report sent to it; for the referee the inbox of the powers'
orders and the entry being composed. ``report_text(view)`` is the same report as plain
text, for a campaign run by email."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .books import place_name, possessive, power_name, sign, status_name, unit_name
from .data import pack

SHORT = {
    "britain": "BR",
    "france": "FR",
    "germany": "GE",
    "austria-hungary": "AH",
    "italy": "IT",
    "japan": "JP",
    "russia": "RU",
    "usa": "US",
    "belgium": "be",
    "netherlands": "nl",
    "portugal": "pt",
    "spain": "es",
}
COLOUR = {
    "britain": "bold red",
    "france": "bold blue",
    "germany": "bold bright_black",
    "austria-hungary": "bold yellow",
    "italy": "bold green",
    "japan": "bold magenta",
    "russia": "bold white",
    "usa": "bold cyan",
}
WORDS_FIELD = "why"
"""The referee answers a request in its own words (R37): "4 not while the war lasts" is order 4
(refuse, or mark done) with that reason (``play.terminal.own_words``)."""

STATUS_SHORT = {"interest": "Int", "influence": "Inf", "protectorate": "Prot", "possession": "Poss", "state": "Dom"}


def marker_short(power: str, m: dict) -> str:
    mark = STATUS_SHORT[m["status"]] if m["status"] != "state" or power != "usa" else "State"
    return f"{SHORT[power]} {mark}{'' if m['established'] else '?'}"


def units_text(units: dict) -> str:
    parts = []
    for where in sorted(units, key=place_name):
        kinds = ", ".join(
            f"{n} {unit_name(*k.split('-'))}" if n > 1 else unit_name(*k.split("-"))
            for k, n in sorted(units[where].items())
        )
        parts.append(f"{place_name(where)}: {kinds}")
    return "; ".join(parts) or "none"


def board(view: dict) -> Group:
    b = view["board"]
    r = b["report"]
    head = Text()
    head.append(f"{b['year']} (Game Turn {b['turn']})  ", style="bold")
    head.append(f"phase: {b['phase']}   ")
    head.append(f"European Tensions Index {b['eti']}", style="bold")
    at = b["great_war_at"]
    head.append(f" (Great War at {at})" if at else " (Great War when the referee declares it)")
    head.append(f"   Great War penalty this year: {b['great_war_penalty']}")
    parts = [head]

    if r["tensions"]["changes"]:
        t = Text(f"Tensions this turn ({sign(r['tensions']['change'])}):\n", style="bold")
        for e in r["tensions"]["changes"]:
            t.append(f"  {sign(e['amount'])} {e['cause']} ({e['line']}) -> {e['eti']}\n")
        parts.append(t)

    if r["powers"]:
        powers = Table(title="Books", title_justify="left")
        for col in ("power", "treasury", "income", "maint.", "upkeep", "net", "VP", "VP this turn", "Control"):
            powers.add_column(col, justify="left" if col == "power" else "right")
        for row in r["powers"]:
            style = "red" if row["treasury"] < 0 else ""
            powers.add_row(
                Text(row["name"], style=COLOUR[row["power"]]),
                Text(str(row["treasury"]), style=style),
                str(row["income"]),
                str(row["maintenance"]),
                str(row["upkeep"]),
                sign(row["net"]),
                str(row["vp"]),
                sign(row["vp_this_turn"]),
                str(row["controls"]),
            )
        parts.append(powers)

    cbs = r["casus_belli"]["open"]
    if cbs:
        t = Text("Casus Belli register (unresolved):\n", style="bold")
        for c in cbs:
            t.append(f"  {c['id']:>3}. {c['text']}\n")
        parts.append(t)

    listing = Table(title="Status markers (? = unestablished)", title_justify="left")
    for col in ("area", "EV", "markers"):
        listing.add_column(col)
    p = pack()
    for area in sorted(b["markers"], key=place_name):
        here = b["markers"][area]
        listing.add_row(place_name(area), str(p.areas[area].ev), ", ".join(marker_short(q, m) for q, m in here.items()))
    parts.append(listing)

    others = []
    if r["wars"]:
        others.append("Wars: " + "; ".join(r["wars"]))
    if r["treaties"]:
        others.append("Treaties: " + "; ".join(r["treaties"]))
    if b["congress"]:
        others.append(f"A Congress of Europe is in session (called {b['congress']['year']}).")
    live = [c for c in b["codominions"] if c["ended"] is None]
    if live:
        others.append(
            "Codominions: "
            + "; ".join(f"{place_name(c['area'])} ({', '.join(map(power_name, c['powers']))})" for c in live)
        )
    if b["canals"]:
        others.append("Canals: " + "; ".join(f"{place_name(c['area'])} ({power_name(c['by'])})" for c in b["canals"]))
    if b["chinese_armies"]:
        others.append(
            "Chinese armies: " + ", ".join(f"{place_name(a)} {n}" for a, n in sorted(b["chinese_armies"].items()))
        )
    for row in r["minors"]:
        others.append(
            f"{row['name']} (minor power): treasury {row['treasury']} ({sign(row['net'])} this turn); units: "
            + units_text(b["minors"][row["power"]]["units"])
        )
    parts.append(Text("\n".join(others)))

    for power, book in b["books"].items():
        t = Text(f"{possessive(power_name(power))} units: ", style=COLOUR.get(power, "bold"))
        t.append(units_text(book["units"]))
        parts.append(t)

    if b.get("great_war"):
        g = b["great_war"]
        parts.append(
            Text(
                f"The Great War broke out in {g['year']} ({g['cause']}); penalty {g['penalty']} to "
                + ", ".join(map(power_name, g["bearers"])),
                style="bold red",
            )
        )
    if b.get("final"):
        parts.append(
            Text("Final Record: " + ", ".join(f"{power_name(q)} {v}" for q, v in b["final"].items()), style="bold")
        )
    parts += orders_text(view)
    entry = b.get("entry")
    if entry and entry["words"]:
        parts.append(Text("Entry being made: " + " — ".join(entry["words"]), style="bold"))
    return Group(*parts)


STATUS_MARK = {"written": "·", "open": "?", "done": "✓", "refused": "✗", "unanswered": "–"}


def orders_text(view: dict) -> list:
    """A power's orders (its draft too) and the report sent to it; the referee's inbox."""
    b = view["board"]
    role = view["role"]
    out = []
    for power, mine in (b.get("orders") or {}).items():
        items = mine.get("items", [])
        if not items and not mine.get("draft"):
            continue
        title = f"Your orders for {b['year']}" if power == role else f"{possessive(power_name(power))} requests"
        t = Text(f"{title}:\n", style=COLOUR.get(power, "bold"))
        for i in items:
            number = f"{i['id']}." if i["id"] else "-"
            t.append(f"  {STATUS_MARK.get(i['status'], '')} {number} {i['words']} ({i['status']})")
            if i.get("why"):
                t.append(f": {i['why']}")
            if i.get("problem"):
                t.append(f" — not possible as written: {i['problem']}", style="red")
            t.append("\n")
        if mine.get("draft"):
            t.append("  writing: " + " — ".join(mine["draft"]) + "\n", style="bold")
        out.append(t)
    sent = b.get("dispatch")
    if sent:
        t = Text(f"The referee's report of {sent['year']}:\n", style="bold")
        for r in sent["requests"]:
            t.append(f"  {STATUS_MARK.get(r['status'], '')} {r['words']}: {r['status']}")
            t.append(f" ({r['why']})\n" if r.get("why") else "\n")
        if not sent["requests"]:
            t.append("  no requests were sent\n")
        out.append(t)
    return out


def report_text(view: dict) -> str:
    """The turn report as plain text (for the players of a campaign by email)."""
    b = view["board"]
    r = b["report"]
    lines = [f"IMPERIALISM 1880 — {r['year']}, Game Turn {r['turn']} ({r['phase']})", ""]
    t = r["tensions"]
    lines.append(f"European Tensions Index: {t['eti']} ({sign(t['change'])} this turn)")
    for e in t["changes"]:
        lines.append(f"  {sign(e['amount'])} {e['cause']} ({e['line']})")
    lines.append("")
    lines.append("Casus Belli unresolved:")
    lines += [f"  {c['id']}. {c['text']}" for c in r["casus_belli"]["open"]] or ["  none"]
    if r["casus_belli"]["resolved_this_turn"]:
        lines.append("Casus Belli resolved this turn:")
        lines += [f"  {c['id']}. {c['text']}: {c['resolved']['how']}" for c in r["casus_belli"]["resolved_this_turn"]]
    lines.append("")
    lines.append("Minor powers: " + "; ".join(f"{m['name']} treasury {m['treasury']}" for m in r["minors"]))
    if r["powers"]:
        lines.append("")
        lines.append("Income, maintenance and VP:")
        for row in r["powers"]:
            lines.append(
                f"  {row['name']}: income {row['income']}, maintenance {row['maintenance']}, army upkeep "
                f"{row['upkeep']} ({sign(row['net'])}); treasury {row['treasury']}; VP {row['vp']} "
                f"({sign(row['vp_this_turn'])} this turn)"
            )
    if r["wars"]:
        lines.append("")
        lines.append("Wars: " + "; ".join(r["wars"]))
    if r["treaties"]:
        lines.append("Treaties: " + "; ".join(r["treaties"]))
    sent = b.get("dispatch")
    if sent and sent["requests"]:
        lines.append("")
        lines.append(f"Your requests of {sent['year']}:")
        for row in sent["requests"]:
            lines.append(f"  {row['words']}: {row['status']}" + (f" ({row['why']})" if row.get("why") else ""))
    lines.append("")
    lines.append("Status markers:")
    for area in sorted(b["markers"], key=place_name):
        here = b["markers"][area]
        lines.append(
            f"  {place_name(area)}: "
            + ", ".join(
                f"{power_name(q)} {status_name(m['status'], q)}{'' if m['established'] else ' (unestablished)'}"
                for q, m in here.items()
            )
        )
    return "\n".join(lines)


__all__ = ["board", "report_text"]
