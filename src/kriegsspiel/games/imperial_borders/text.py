"""Imperial Borders in the terminal: the round and phase, every nation's
Treasury, Prestige and Medals, a listing of the map (who controls what, which
Forces stand where, damage and tags), your orders, and a battle in progress."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...engine.words import counted
from .board import MEDAL_NAMES, NAMES, NATIONS
from .board import region_name as plain_name
from .data import pack

SHORT = {"france": "FR", "austria": "AU", "prussia": "PR", "great-britain": "GB", "russia": "RU", "spain": "SP"}
COLOUR = {
    "france": "bold blue",
    "austria": "bold white",
    "prussia": "bold bright_black",
    "great-britain": "bold red",
    "russia": "bold green",
    "spain": "bold yellow",
}
UNIT = {
    "half-infantry": "hi",
    "full-infantry": "FI",
    "cavalry": "Cav",
    "cannon": "Can",
    "frigate": "Fr",
    "ship-of-the-line": "SoL",
}


def region_name(region: str) -> str:
    """The region's name, a Port named as one (the listing mixes ports and territories)."""
    return f"Port of {plain_name(region)}" if region in pack().ports else plain_name(region)


def force_text(f: dict) -> str:
    """'FI*' — type, * for an Elite, damage, Arrow Tags (B, R, W)."""
    out = f"{UNIT[f['type']]}{'*' if f['elite'] else ''}"
    if f["damage"]:
        out += f"(dmg {f['damage']})"
    if f["tags"]:
        out += "[" + "".join(t[0].upper() for t in f["tags"]) + "]"
    return out


def stack_text(forces: list[tuple[str, dict]]) -> str:
    """'FR 2 hi, FI*, Can; GB SoL* carrying FI' — per nation, like forces counted together."""
    by_nation: dict[str, dict[str, int]] = {}
    for fid, f in forces:
        if f["cargo_of"] is not None:
            continue
        text = force_text(f)
        cargo = [force_text(c) for _, c in forces if c["cargo_of"] == fid]
        if cargo:
            text += " carrying " + "+".join(cargo)
        counts = by_nation.setdefault(f["nation"], {})
        counts[text] = counts.get(text, 0) + 1
    return "; ".join(
        f"{SHORT[n]} " + ", ".join(f"{k} {t}" if k > 1 else t for t, k in counts.items())
        for n, counts in by_nation.items()
    )


def board(view: dict) -> Group:
    b = view["board"]
    p = pack()
    me = view["role"]
    head = Text()
    last = " (the last)" if b["last_round"] == b["round"] else ""
    head.append(f"Game Round {b['round']}{last}  ", style="bold")
    head.append(f"phase: {b['phase']}   ")
    if b["active"]:
        head.append("Active Nation: ")
        head.append(NAMES[b["active"]], style=COLOUR[b["active"]])
    order = " > ".join(SHORT[n] for n in b["turn_order"] if n not in b["neutral"])
    head.append(f"   turn order: {order}")

    nations = Table(title="Nations", title_justify="left", expand=False)
    for col in ("nation", "Gold", "Prestige", "Medal Points (1-5 = total)", "Medals", ""):
        nations.add_column(col)
    for n in NATIONS:
        if n in b["neutral"]:
            nations.add_row(Text(NAMES[n], style=COLOUR[n]), "", "", "", "", "Neutral")
            continue
        mp = b["medal_points"][n]
        medals = ", ".join(MEDAL_NAMES[m] for m, who in b["medals"].items() if who == n)
        capital = "" if b["control"].get(p.nations[n].capital) == n else "Capital lost!"
        you = " (you)" if n == me else ""
        nations.add_row(
            Text(NAMES[n] + you, style=COLOUR[n]),
            str(b["gold"][n]),
            str(b["prestige"][n]),
            f"{'/'.join(map(str, mp[:5]))} = {mp[5]}",
            medals,
            capital,
        )

    here: dict[str, list] = {}
    for fid, f in sorted(b["forces"].items(), key=lambda x: (x[1]["nation"], x[1]["type"], x[0])):
        here.setdefault(f["at"], []).append((fid, f))
    listing = Table(title="The map: regions with Forces, damage or a new controller", title_justify="left", expand=True)
    for col in ("region", "held by", "Forces"):
        listing.add_column(col)
    for region in sorted(set(here) | set(b["damage"]) | changed(b), key=region_name):
        owner = b["control"].get(region)
        held = SHORT[owner] if owner else "independent" if region in p.territories or region in p.ports else ""
        if b["damage"].get(region):
            held += f" (damage {b['damage'][region]})"
        if region in b.get("revolts", []):
            held += " REVOLT"
        tents = b["tents"].get(region, {})
        extra = [f"{SHORT[n]} tent x{k}" for n, k in tents.items() if k]
        listing.add_row(region_name(region), held, "; ".join([stack_text(here.get(region, []))] + extra).strip("; "))

    free = [t.name for tid, t in p.territories.items() if t.independent and tid not in b["control"]]
    listing.caption = f"Independent territories: {', '.join(sorted(free))}"
    listing.caption_justify = "left"
    parts = [head, nations, listing]
    mine = b["orders"].get(me) if me else None
    if mine:
        parts.append(orders_text("Your orders:", mine, "bold"))
    shown = {n: o for n, o in b["orders"].items() if n != me and o}
    for n, orders in shown.items():
        parts.append(orders_text(f"{NAMES[n]}'s orders:", orders, COLOUR[n]))
    plotted = b.get("plotting") or (b.get("setup_dots") or {}).get(me) if me else None
    if plotted:
        parts.append(plotted_text(plotted))
    if b.get("battle"):
        parts.append(battle_text(b["battle"], b["forces"]))
    return Group(*parts)


def plotted_text(dots: list) -> Text:
    """Your starting positions plotted so far (L283-292), secret from the others until placed:
    'Île-de-France 3 Land Units; Port of Brest 1 Ship'."""
    counts: dict[tuple[str, str], int] = {}
    for kind, region in dots:
        counts[(region, kind)] = counts.get((region, kind), 0) + 1
    words = {"land": "Land Unit", "ship": "Ship"}
    out = Text("Your starting positions so far (secret until placed): ", style="bold")
    out.append(
        "; ".join(
            f"{region_name(r)} {counted(n, words[k])}"
            for (r, k), n in sorted(counts.items(), key=lambda x: region_name(x[0][0]))
        )
    )
    return out


SIDE_WORDS = {"a": "Attacker", "d": "Defender"}


def battle_text(bt: dict, forces: dict) -> Text:
    """The battle in progress as a player reads it (L565-700): where, which round, each side's
    nations, commander, Forces in the line, Battle Stance, last roll and Bars."""
    out = Text(f"Battle in {region_name(bt['region'])}", style="bold")
    out.append(f", Battle Round {bt['round']}" if bt.get("round") else " (not begun)")
    if bt.get("fort"):
        out.append(f"; {NAMES[bt['fort']['nation']]}'s Fort stands with the {SIDE_WORDS[bt['fort']['side']]}")
    for k in ("a", "d"):
        nations = bt["sides"].get(k) or []
        who = ", ".join(NAMES[n] for n in nations) or (NAMES[bt["commanders"][k]] if bt["commanders"].get(k) else "—")
        out.append(f"\n  {SIDE_WORDS[k]}: {who}", style=COLOUR.get(bt["commanders"].get(k) or "", ""))
        line = [force_text(forces[fid]) for fid in bt["lines"].get(k) or () if fid in forces]
        if line:
            out.append(f"; in the line: {', '.join(line)}")
        if bt["stance"].get(k):
            out.append(f"; stance {bt['stance'][k]}")
        roll = bt["rolls"].get(k)
        if roll and (roll.get("black") or roll.get("white")):
            out.append(f"; rolled {', '.join(roll.get('black', []) + roll.get('white', []))}")
        if bt["bars"].get(k):
            out.append(f"; {counted(bt['bars'][k], 'Bar')}")
    if bt.get("victor"):
        out.append(f"\n  Victor: {NAMES.get(bt['victor'], SIDE_WORDS.get(bt['victor'], bt['victor']))}")
    return out


def orders_text(heading: str, orders: list[dict], style: str) -> Text:
    """Numbered orders: '2. 3 forces along Aquitaine > Provence (plotted)'; the one being
    drawn, '3. Aquitaine > Provence … (being plotted)'."""
    out = Text(heading, style=style)
    for i, o in enumerate(orders, 1):
        path = " > ".join(region_name(r) for r in [o["from"], *o["path"]])
        if o["status"] == "drafting":
            out.append(f"\n  {i}. {path} … (being plotted)")
        else:
            forces = f"{o['count']} force{'' if o['count'] == 1 else 's'}"
            out.append(f"\n  {i}. {forces} along {path} ({o['status']})")
    return out


def changed(b: dict) -> set[str]:
    """Regions whose controller differs from the start of the game."""
    p = pack()
    out = set()
    for region, owner in b["control"].items():
        start = p.territories[region].owner_start if region in p.territories else p.ports[region].owner_start
        if owner != start:
            out.add(region)
    return out
