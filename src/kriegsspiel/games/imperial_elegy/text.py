"""Imperial Elegy in the terminal: the turn and World Tension, the six player
displays (7.0), the Alliance Track and MPIT (8.0), the war in progress, the map
region by region (who controls what, whose units stand where, markers), and the
seat's own hand and national goals."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .data import PLAYERS, pack
from .deck import DECADES, deck
from .world import BOXES, NAMES

SHORT = {"ge": "GE", "uk": "UK", "fr": "FR", "au": "AU", "ru": "RU", "ot": "OT"}
COLOUR = {"ge": "bright_black", "uk": "red", "fr": "blue", "au": "yellow", "ru": "white", "ot": "green"}
UNIT_SHORT = {
    "army": "A",
    "reserve": "R",
    "british": "A",
    "indian": "IA",
    "turkish": "A",
    "arab": "AA",
    "commonwealth": "CW",
    "ec": "EC",
    "ef": "EF",
    "elite-ef": "eEF",
    "zouaves": "Zou",
    "squadron": "Sq",
    "dreadnought": "Dn",
}
REGION_ORDER = ("europe", "africa", "asia", "north-america")


def who(owner: str | None) -> str:
    if owner is None:
        return "-"
    if owner in SHORT:
        return SHORT[owner]
    m = pack().minors.get(owner)
    if m:
        return m.name
    return owner


def title(cid: str) -> str:
    d = deck()
    c = d.cards.get(cid) or d.home_cards.get(cid)
    if c is None:
        return cid
    return f"{c.title} ({c.cp})"


def displays(b: dict) -> Table:
    t = Table(title="Player displays (7.0)", show_lines=False)
    for col in ("", "Stab", "Ind", "MP", "Res", "Cards", "Alliance", "MPIT E/A/N", "Ind. card", "Chain", "NGs"):
        t.add_column(col)
    for p in PLAYERS:
        st = b["powers"][p]
        mp = "/".join(str(v) for v in st["manpower"].values())
        ind = title(st["industrialize"]) if st.get("industrialize") else ("auto" if st.get("auto") else "")
        m = st["mpit"]
        t.add_row(
            Text(NAMES[p], style=COLOUR[p]),
            str(st["stability"]),
            str(st["industry"]),
            mp,
            str(len(st["reserves"])),
            str(st["hand_size"]),
            st["alliance"],
            f"{m['entente']}/{m['alliance']}/{m['neutral']}",
            ind,
            ", ".join(title(c) for c in st["chain"]),
            str(st["goal_count"]),
        )
    return t


def alliance_track(b: dict) -> Text:
    parts = []
    for box in BOXES:
        members = [SHORT[p] for p in PLAYERS if b["powers"][p]["alliance"] == box]
        if box == "neutral" and "italy" in b.get("majors", {}):
            pass
        if "italy" in b.get("majors", {}) and b["majors"]["italy"]["alliance"] == box:
            members.append("IT")
        parts.append(f"[{box}: {' '.join(members) or '-'}]")
    return Text("Alliance Track (8.1): " + " ".join(parts))


def war_text(b: dict) -> Text | None:
    w = b.get("war")
    if not w:
        return None
    att = ", ".join(who(x) for x in w.get("attackers", []))
    dfn = ", ".join(who(x) for x in w.get("defenders", []))
    obj = ", ".join(pack().spaces[x].name for x in w.get("objectives", []) if x in pack().spaces)
    budget = ", ".join(f"{who(k)} {v}" for k, v in w.get("budget", {}).items())
    return Text(f"WAR: {att} against {dfn}; aim {w.get('aim')} ({obj}); budgets {budget}", style="bold red")


def _unit(u: dict) -> str:
    owner = "rebel" if u["o"] == "rebel" else who(u["o"])
    return f"{owner} {UNIT_SHORT.get(u['t'], u['t'])}{'r' if u['r'] else ''}"


def map_table(b: dict) -> Table:
    p = pack()
    units: dict = {}
    for u in b["units"].values():
        units.setdefault(u["at"], []).append(u)
    t = Table(title="The map", show_lines=False)
    for col in ("Region", "Space", "Held by", "Units", "Markers"):
        t.add_column(col)
    for region in REGION_ORDER:
        for sp in sorted((x for x in p.spaces.values() if x.region == region), key=lambda x: (x.map, x.name)):
            sid = sp.id
            here = units.get(sid, [])
            marks = []
            if sid in b["influence"]:
                marks.append(f"inf {who(b['influence'][sid])}")
            if sid in b["pacification"]:
                marks.append(f"pac {b['pacification'][sid]}")
            if sid in b["forts"]:
                marks.append(f"fort {who(b['forts'][sid][0])} {b['forts'][sid][1]}")
            if sid in b["woi"]:
                marks.append(f"WoI +{b['woi'][sid]}")
            if sid in b.get("occupied", {}):
                marks.append(f"occupied by {who(b['occupied'][sid])}")
            for m, q in b["allies"].items():
                if p.minors[m].capital == sid:
                    marks.append(f"ally {who(q)}")
            for m, q in b["diplomacy"].items():
                if p.minors[m].capital == sid:
                    marks.append(f"dipl {who(q)}")
            ctl = b["control"].get(sid)
            if not here and not marks and (ctl is None or ctl == sp.home):
                continue  # quiet spaces held by their home are left out
            ustr = " ".join(_unit(u) for u in here)
            t.add_row(region, sp.name + (" *" if sp.type in ("key", "capital", "subcapital") else ""), who(ctl), ustr,
                      "; ".join(marks))  # fmt: skip
    at_sea = {k: v for k, v in units.items() if k in p.naval_boxes}
    for box, here in sorted(at_sea.items()):
        ustr = " ".join(_unit(u) for u in here)
        t.add_row("sea", p.naval_boxes[box].name, "", ustr, "")
    return t


def board(view: dict) -> Group:
    b = view["board"]
    role = view.get("role")
    decade = DECADES[min(b["turn"], 7) - 1]
    head = Text(f"Turn {b['turn']} ({decade}), {b['phase']} phase. World Tension {b['wtt']}/5. Deck {b['deck']} cards.")
    parts = [head, displays(b), alliance_track(b)]
    w = war_text(b)
    if w:
        parts.append(w)
    parts.append(map_table(b))
    if role in PLAYERS:
        me = b["powers"][role]
        parts.append(Text(f"Your hand: {', '.join(title(c) for c in me.get('hand', [])) or 'empty'}"))
        goals = deck().goals
        parts.append(Text("Your national goals: " + (", ".join(goals[g].title for g in me.get("goals", [])) or "none")))
    return Group(*parts)
