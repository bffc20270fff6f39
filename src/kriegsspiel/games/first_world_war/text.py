"""The First World War in the terminal: the three theatres, their fronts and
cities, the counters on each side, victory points, the year and your markers."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...engine.words import counted
from .board import ALLIANCE, EMPIRES
from .data import pack

SHORT = {"germany": "DE", "austria-hungary": "AH", "western-allies": "WA", "russia": "RU"}
COLOUR = {"germany": "bold white", "austria-hungary": "bold cyan", "western-allies": "bold red", "russia": "bold green"}
THEATRES = (("west", "Western Theatre"), ("italy", "Italian Theatre"), ("east", "Eastern Theatre"))


def board(view: dict) -> Group:
    b = view["board"]
    p = pack()
    me = view["role"]
    head = Text()
    head.append(f"{b['year']}  ", style="bold")
    head.append(f"player turn {b['turn'] or '-'}   ")
    for r in EMPIRES:
        head.append(f"{SHORT[r]} {b['vp'][r]} VP", style=COLOUR[r])
        if b["cp"][r]:
            head.append(f" ({b['cp'][r]} CP)")
        if b["status"][r]["capitulated"]:
            head.append(" capitulated")
        head.append("   ")
    if b["brest_litovsk"] is not None:
        head.append("Brest-Litovsk in force", style="bold yellow")
    parts = [head]
    for theatre, title in THEATRES:
        table = Table(title=title, expand=False, show_lines=False)
        table.add_column("front")
        table.add_column("Entente", justify="right")
        table.add_column("cities (Entente base ... Central base)")
        table.add_column("Central", justify="right")
        table.add_column("yours" if me else "")
        for n, fr in sorted(p.fronts.items()):
            if fr.theatre != theatre:
                continue
            counts = b["fronts"][str(n)]["counters"]
            ent = " ".join(f"{SHORT[r]}:{counts[r]}" for r in EMPIRES if r in counts and ALLIANCE[r] == "entente")
            cen = " ".join(f"{SHORT[r]}:{counts[r]}" for r in EMPIRES if r in counts and ALLIANCE[r] == "central")
            cities = Text()
            for c in p.line_order[n]:
                if c in b["cities"]:
                    owner = b["cities"][c]  # its holder in words too: colour alone is lost without colour
                    cities.append(
                        p.locations[c].name + ("*" if p.locations[c].kind == "replacement" else ""), style=COLOUR[owner]
                    )
                    cities.append(f"({SHORT[owner]}) ")
            table.add_row(f"{n} {fr.name}", ent, cities, cen, yours(view, n))
        parts.append(table)
    if me:
        hand = b["hands"][me]
        names = "; ".join(marker_text(p.markers[m]) for m in hand) or "none"
        parts.append(Text(f"Your events markers: {names}"))
        others = [
            f"{SHORT[r]} {h['count']}" + (f" ({h['mandatory']} mandatory)" if h["mandatory"] else "")
            for r, h in b["hands"].items()
            if r != me and isinstance(h, dict)
        ]
        if others:  # 5.2: how many markers the others hold, and how many are mandatory
            parts.append(Text("Markers held by the others: " + ", ".join(others)))
        waiting = [a for a, st in b["armies"].items() if st["where"] == "ready" and st["ctl"] == me]
        if waiting:
            parts.append(Text("To deploy: " + ", ".join(p.armies[a].name for a in waiting)))
    battle = b["battle"] or b["last_battle"]
    if battle:
        parts.append(Text(battle_line(battle)))
    return Group(*parts)


def yours(view: dict, n: int) -> str:
    if not view["role"]:
        return ""
    p = pack()
    armies = [
        a
        for a, st in view["board"]["armies"].items()
        if st["where"] == "board" and st["front"] == n and st["ctl"] == view["role"]
    ]
    labels = [f"{p.armies[a].label}({p.armies[a].cv}){'^' if view['board']['armies'][a]['up'] else ''}" for a in armies]
    d = view["board"]["fronts"][str(n)].get("my_dummies", 0)
    if d:
        labels.append(counted(d, "dummy", "dummies"))
    return " ".join(labels)


USES = {"attack": "attack", "defence": "defence", "either": "attack or defence"}


def marker_text(m) -> str:
    """An events marker as its face reads (5.2): 'Falkenhayn (+2, attack, any lead)', 'Axis
    Atrocity (-1, attack, German lead, mandatory)'."""
    if m.kind == "espionage":
        what = ["espionage"]
    elif m.kind == "no-mans-land":
        what = ["No Man's Land"]
    else:
        lead = (
            "any"
            if "any" in m.nationalities
            else "/".join(sorted(x.replace("-", " ").title() for x in m.nationalities))
        )
        value = f"{m.value:+d}" + (f", {m.value_1919:+d} in 1919" if m.value_1919 is not None else "")
        what = [value, USES[m.use], f"{lead} lead"]
    if m.mandatory:
        what.append("mandatory")
    return f"{m.title} ({', '.join(what)})"


def battle_line(b: dict) -> str:
    p = pack()
    leads = ", ".join(f"{SHORT[r]} {p.armies[a].label}" for r, a in b["leads"].items())
    totals = ", ".join(f"{SHORT[r]} {t}" for r, t in b["totals"].items())
    return (
        f"Offensive on Front {b['front']}: {SHORT[b['attacker']]} against {SHORT[b['defender']]}"
        + (f"; leads {leads}" if leads else "")
        + (f"; totals {totals}" if totals else "")
        + (f"; {b['result']}" if b["result"] else "")
    )
