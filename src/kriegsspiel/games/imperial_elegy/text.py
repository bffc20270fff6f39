"""Imperial Elegy in the terminal: the turn and World Tension, the six player
displays (7.0), the Alliance Track and MPIT (8.0), the war in progress, the map
region by region (who controls what, whose units stand where, markers), and the
seat's own hand (each card with a line of its text) and national goals.

``c`` reads a card in full (``COMMANDS``): one of your hand by its number in the
listing, or any printed card by its title. Only what the view shows is read from
the seat's own cards; a title is looked up in the printed deck, never in anyone's
hand, and national goals only when the view shows them (2.4.1)."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
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


def card(cid: str):
    """A printed card (action deck or home card) by its id, or None."""
    d = deck()
    return d.cards.get(cid) or d.home_cards.get(cid)


def title(cid: str) -> str:
    c = card(cid)
    if c is None:
        return cid
    return f"{c.title} ({c.cp})"


def summary(c, width: int = 90) -> str:
    """A card's text in one line, cut at a word."""
    text = " ".join(c.text.split())
    if len(text) <= width:
        return text
    return text[:width].rsplit(" ", 1)[0].rstrip(",;:.") + " …"


def hand_lines(me: dict) -> Text:
    """'Your hand': each card numbered, with its CP and a line of its text."""
    hand = me.get("hand", [])
    out = Text("Your hand", style="bold")
    if not hand:
        out.append(": empty")
        return out
    out.append(" (c N or c TITLE reads a card in full):")
    for i, cid in enumerate(hand, 1):
        c = card(cid)
        out.append(f"\n  {i}. ")
        if c is None:
            out.append(cid)
            continue
        out.append(c.title, style="bold")
        home = ", home card" if cid == me.get("home") else ""
        out.append(f" ({c.cp} CP{home}): {summary(c)}")
    return out


def goal_lines(me: dict) -> Text:
    cards = me.get("goal_cards", {})
    goals = me.get("goals", [])
    out = Text("Your national goals", style="bold")
    if not goals:
        out.append(": none")
        return out
    out.append(":")
    for g in goals:
        info = cards.get(g)
        if info is None:
            out.append(f"\n  {g}")
            continue
        vp = f", {info['vp']} VP" if info.get("vp") else ""
        out.append(f"\n  {info['title']} ({info['kind']}{vp}): {info['text']}")
    return out


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
        parts.append(hand_lines(me))
        parts.append(goal_lines(me))
    return Group(*parts)


# ----- reading a card (the terminal's c command) --------------------------------------------


def card_panel(c) -> Panel:
    """A printed card in full: its title and CP, decade, kind, when it is played, its
    text and its event options."""
    head = []
    if getattr(c, "power", None):
        head.append(f"home card of {NAMES.get(c.power.lower(), c.power)}")
    head.append(f"from the {c.decade}")
    if c.flags:
        head.append(", ".join(c.flags))
    if c.when:
        head.append(f"played when: {c.when.replace('-', ' ')}")
    body = Text("; ".join(head) + "\n", style="dim")
    body.append(c.text)
    for o in c.options:
        if len(c.options) == 1 and " ".join(o.text.split()) in " ".join(c.text.split()):
            continue  # the card's text says it all
        body.append(f"\nEvent {o.label}: ", style="bold")
        body.append(o.text)
    return Panel(body, title=f"{c.title} — {c.cp} CP", title_align="left", expand=False)


def goal_panel(g: dict) -> Panel:
    vp = f" — {g['vp']} VP" if g.get("vp") else ""
    return Panel(
        Text(g["text"]), title=f"National goal: {g['title']} ({g['kind']}){vp}", title_align="left", expand=False
    )


def read_card(view: dict, words: str):
    """``c``: your hand in full; ``c N``: card N of your hand; ``c TITLE``: a printed
    card, or a national goal the view shows, by its title (or the start of it)."""
    b = view["board"]
    me = b["powers"].get(view.get("role") or "", {})
    hand = me.get("hand", [])
    words = words.strip()
    if not words:
        if not hand:
            return Text("You hold no cards. c TITLE reads any card.")
        return Group(*(card_panel(card(cid)) for cid in hand if card(cid)))
    if words.isdigit():
        n = int(words)
        if 1 <= n <= len(hand) and card(hand[n - 1]):
            return card_panel(card(hand[n - 1]))
        return Text(
            f"Your hand has {len(hand)} cards: c 1 to c {len(hand)} read them." if hand else "You hold no cards."
        )
    low = " ".join(words.lower().split())
    d = deck()
    printed = [*d.cards.values(), *d.home_cards.values()]
    goals = dict(me.get("goal_cards", {}))
    for p, st in b["powers"].items():  # national goals revealed to all
        if p != view.get("role"):
            for g in st.get("goals", []):
                if g in d.goals:
                    goals[g] = {
                        "title": d.goals[g].title,
                        "text": d.goals[g].text,
                        "kind": d.goals[g].kind,
                        "vp": d.goals[g].vp,
                    }
    found: list = []
    for test in (lambda t: t == low, lambda t: t.startswith(low), lambda t: low in t):
        found = [c for c in printed if test(c.title.lower())] + [g for g in goals.values() if test(g["title"].lower())]
        if found:
            break
    if not found:
        return Text(f"No card called {words!r}.")
    if len(found) > 1:
        names = ", ".join(c["title"] if isinstance(c, dict) else c.title for c in found)
        return Text(f"Which one? {names}")
    hit = found[0]
    return goal_panel(hit) if isinstance(hit, dict) else card_panel(hit)


COMMANDS = {"c": ("c N|TITLE", "read a card: number N of your hand, or any card by its title", read_card)}
