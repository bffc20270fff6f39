"""The turn report as plain data: tensions (the ETI and this turn's changes), the Casus
Belli register, each power's income and maintenance, VP — what a referee sends the
players after a turn. ``turn_report(s, role)`` gives what that role may read: the
referee every power's figures, a power its own, a spectator none. text.py renders it
for the terminal and for email; the web page shows it from the board view.

At the end of each turn ``dispatch`` sends each great power its report (R38): the
report as that power may read it, frozen as the turn ended, with what became of each of
its requests; it is the power's to keep (``s["dispatches"]``) and a line of the log
that only that power reads."""

from __future__ import annotations

from ...engine import log
from . import books, orders
from .books import GREAT, REFEREE, place_name, power_name, sign, status_name


def visible_powers(role: str | None) -> tuple[str, ...]:
    if role == REFEREE:
        return GREAT
    if role in GREAT:
        return (role,)
    return ()


def cb_row(c: dict) -> dict:
    return {
        "id": c["id"],
        "holder": c["holder"],
        "against": c["against"],
        "year": c["year"],
        "source": c["source"],
        "line": c["line"],
        "resolved": c["resolved"],
        "text": f"{power_name(c['holder'])} against {power_name(c['against'])}: {c['source']} ({c['year']})",
    }


def power_row(s: dict, power: str) -> dict:
    b = s["books"][power]
    year = s["year"]
    return {
        "power": power,
        "name": power_name(power),
        "treasury": b["treasury"],
        "income": b["income"],
        "maintenance": b["maintenance"],
        "upkeep": b["upkeep"],
        "net": b.get("net", 0),
        "vp": books.vp(s, power),
        "vp_this_turn": sum(e["amount"] for e in b["vp"] if e["year"] == year),
        "controls": sum(1 for here in s["markers"].values() if here.get(power, {}).get("status") in books.CONTROL),
        "markers": sum(1 for here in s["markers"].values() if power in here),
    }


def minor_row(s: dict, minor: str) -> dict:
    """A minor power's books are public (R8)."""
    b = s["minors"][minor]
    return {
        "power": minor,
        "name": power_name(minor),
        "treasury": b["treasury"],
        "income": b["income"],
        "maintenance": b["maintenance"],
        "upkeep": b["upkeep"],
        "net": b["net"],
    }


def turn_report(s: dict, role: str | None) -> dict:
    """The report of the turn in progress (or the last one), for ``role``."""
    year = s["year"]
    changes = [e for e in s["eti_ledger"] if e["year"] == year and e["amount"]]
    open_cbs = [cb_row(c) for c in books.open_cbs(s)]
    resolved = [cb_row(c) for c in s["casus_belli"] if c["resolved"] and c["resolved"]["year"] == year]
    out = {
        "year": year,
        "turn": s["turn"],
        "phase": s["phase"],
        "tensions": {
            "eti": s["eti"],
            "change": sum(e["amount"] for e in changes),
            "changes": [
                {"amount": e["amount"], "eti": e["eti"], "cause": e["cause"], "line": e["line"]} for e in changes
            ],
            "great_war_at": s["options"].get("great_war_eti", 0),
            "great_war_penalty": books.charts.great_war_penalty(year),
        },
        "casus_belli": {"open": open_cbs, "resolved_this_turn": resolved},
        "powers": [power_row(s, p) for p in visible_powers(role)],
        "minors": [minor_row(s, m) for m in books.MINORS],
        "wars": [books.war_text(s, w) for w in books.wars_in_progress(s)],
        "treaties": [books.treaty_text(t) for t in books.treaties_in_force(s)],
        "congress": (f"in session since {s['congress']['year']}" if s["congress"] is not None else None),
        "great_war": s["great_war"],
    }
    return out


def holdings(s: dict) -> list[dict]:
    """The map: every area with a marker, its EV and its holders (public)."""
    p = books.pack()
    out = []
    for area in sorted(s["markers"], key=place_name):
        here = s["markers"][area]
        out.append(
            {
                "area": area,
                "name": place_name(area),
                "ev": p.areas[area].ev,
                "holders": [
                    {
                        "power": q,
                        "status": m["status"],
                        "text": f"{power_name(q)} {status_name(m['status'], q)}"
                        + ("" if m["established"] else " (unestablished)"),
                    }
                    for q, m in here.items()
                ],
            }
        )
    return out


# ----- the report sent to each power at the end of a turn (R38) ---------------------------------------

REQUEST_SHOWN = ("id", "kind", "words", "status", "why")
"""A request as the report tells its power what became of it."""


def dispatch(s: dict) -> None:
    """R38: the turn is over: each great power receives its turn report, and what the
    referee left unanswered is reported as not acted on. Its orders are then cleared for
    the next turn's."""
    orders.close(s)
    for power in GREAT:
        items = s["orders"][power]["items"]
        requests = [
            {k: v for k, v in orders.item_view(s, power, i, False).items() if k in REQUEST_SHOWN} for i in items
        ]
        s["dispatches"][power] = {
            "year": s["year"],
            "turn": s["turn"],
            "report": turn_report(s, power),
            "requests": requests,
        }
        log(s, dispatch_text(s, power, requests), "R38", [power])
        s["orders"][power] = orders.fresh()
    log(s, f"The referee sends each power its report of {s['year']}.", "R38")


def dispatch_text(s: dict, power: str, requests: list[dict]) -> str:
    """The report's headline, as the log gives it to the power alone."""
    b = s["books"][power]
    year = s["year"]
    vp_now = books.vp(s, power)
    vp_turn = sum(e["amount"] for e in b["vp"] if e["year"] == year)
    change = sum(e["amount"] for e in s["eti_ledger"] if e["year"] == year)
    counts = {}
    for r in requests:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    told = ", ".join(f"{n} {orders.STATUS_WORDS[st]}" for st, n in counts.items()) or "none sent"
    return (
        f"Your report of {year}: treasury {b['treasury']} ({sign(b['net'])} this turn), {vp_now} VP "
        f"({sign(vp_turn)} this turn); European Tensions Index {s['eti']} ({sign(change)}). Your requests: {told}."
    )
