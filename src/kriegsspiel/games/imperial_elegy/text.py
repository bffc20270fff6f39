"""Imperial Elegy in the terminal: the turn and World Tension, the six player
displays (7.0), the Alliance Track and MPIT (8.0), the war in progress, the map
region by region (who controls what, whose units stand where, markers), and the
seat's own hand (each card with a line of its text) and national goals.

In the Great War (24.0-32.0) the header names the GW turn and step and each
belligerent's CP budget, and the war is shown as the GW: each alliance's powers with
their budget, stability, manpower and the VP of the outbreak, the neutral players,
the US and Italy, the turn order with its bonus impulses, the GW combat cards, the
trench battles with their status (28.1.1) and the GW deck; the seat's own GW card
is with its hand (never another power's: the view holds none).

``c`` reads a card in full (``COMMANDS``): one of your hand by its number in the
listing, or any printed card (a GW card too) by its title. Only what the view shows
is read from the seat's own cards; a title is looked up in the printed deck, never
in anyone's hand, and national goals only when the view shows them (2.4.1)."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .data import KEY_TYPES, PLAYERS, pack
from .deck import DECADES, deck
from .gw_deck import GWCardRecord, gw_deck
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
GW_SIDES = {"alliance": "Triple Alliance", "entente": "Triple Entente"}
GW_SIDE_OF_KEY = {"attacker": "alliance", "defender": "entente"}
GW_STEPS = {"outbreak": "Outbreak Step", "planning": "Planning Step", "maneuver": "Maneuver Step",
            "winter": "Winter Step"}  # fmt: skip
GW_LAST_TURN = 5
TRENCH_STATUS = {"attacker": "Attacker Advantage", "deadlock": "Deadlock", "defender": "Defender Advantage"}


def who(owner: str | None) -> str:
    if owner is None:
        return "-"
    if owner in SHORT:
        return SHORT[owner]
    if owner in ("us", "italy"):
        return {"us": "US", "italy": "IT"}[owner]
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


def gw_card(cid: str):
    """A printed GW card by its id, or None."""
    return gw_deck().cards.get(cid)


def gw_title(cid: str) -> str:
    c = gw_card(cid)
    return c.title if c else cid


def gw_hand_lines(me: dict, b: dict, role: str) -> Text | None:
    """'Your GW card' (26.0: at most one), and the GW combat cards face up in front of the seat."""
    g = b.get("gw")
    hand = me.get("gw_hand", [])
    if not g and not hand:
        return None
    out = Text("Your GW card", style="bold")
    if not hand:
        out.append(": none")
    for cid in hand:
        c = gw_card(cid)
        out.append(": " if len(hand) == 1 else "\n  ")
        if c is None:
            out.append(cid)
            continue
        out.append(c.title, style="bold")
        out.append(f" (GW #{c.number}, {c.kind}): {summary(c)}")
    up = [cid for cid, x in sorted((g or {}).get("combat", {}).items()) if x["holder"] == role and x["up"]]
    if up:
        out.append("\nFace up in front of you: " + ", ".join(gw_title(cid) for cid in up) + " (26.1)")
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


# ----- the Great War (24.0-32.0) ----------------------------------------------------------------


def trench_status(tb: dict) -> str:
    """A trench battle marker's status (28.1.1): "attacker", "deadlock" or "defender"."""
    if not tb.get("adv"):
        return "deadlock"
    return "attacker" if tb["adv"] == tb["by"] else "defender"


def trench_words(tb: dict) -> str:
    attacker = GW_SIDES.get(GW_SIDE_OF_KEY.get(tb["by"], ""), tb["by"])
    return f"{TRENCH_STATUS[trench_status(tb)]} (the {attacker} attacked)"


def gw_name(q: str) -> str:
    return {"us": "United States", "italy": "Italy"}.get(q) or NAMES.get(q) or who(q)


def gw_side_of(b: dict, q: str) -> str | None:
    g = b["gw"]
    for a in GW_SIDES:
        if q in g["sides"][a]:
            return a
    if q == "us" and g["us"].get("box") in GW_SIDES:
        return g["us"]["box"]
    w = b.get("war") or {}
    if q == "italy":
        for k in ("attacker", "defender"):
            if "italy" in w.get(f"{k}s", []):
                return GW_SIDE_OF_KEY[k]
    return None


def gw_stats(b: dict, q: str) -> tuple:
    """Stability, manpower and the VP scored at the outbreak (25.5) of a player, the US or Italy."""
    g = b["gw"]
    if q == "us":
        return g["us"].get("stability"), g["us"].get("manpower"), None
    if q == "italy":
        it = b.get("majors", {}).get("italy") or {}
        return it.get("gw_stability"), it.get("gw_manpower"), None
    st = b["powers"][q]
    return st["stability"], sum(st["manpower"].values()), g.get("vp", {}).get(q)


def gw_budgets(b: dict) -> str:
    """Each alliance's CP budgets left this GW turn: 'Triple Alliance: Prussia 2, ...'."""
    budget = (b.get("war") or {}).get("budget", {})
    parts = []
    for a, title in GW_SIDES.items():
        members = [q for q in [*b["gw"]["sides"][a], "us", "italy"] if gw_side_of(b, q) == a]
        cps = ", ".join(f"{gw_name(q)} {budget[q]}" for q in members if q in budget)
        parts.append(f"{title}: {cps or '-'}")
    return "; ".join(parts)


def gw_head(b: dict) -> Text:
    """The header's GW line: the GW turn and step, the impulse, the budgets."""
    g = b["gw"]
    w = b.get("war") or {}
    line = Text(f"THE GREAT WAR: GW turn {g['turn']} of {GW_LAST_TURN}, {GW_STEPS.get(g['step'], g['step'])}.",
                style="bold red")  # fmt: skip
    actor = (w.get("impulse") or {}).get("actor") if g["step"] == "maneuver" else None
    if actor:
        line.append(f" Impulse: {gw_name(actor)}.")
    if g.get("winner"):
        line.append(f" The {GW_SIDES.get(g['winner'], g['winner'])} has won the Great War.")
    line.append(f" CP budgets: {gw_budgets(b)}.")
    return line


def gw_table(b: dict) -> Table:
    """The alliances (and the neutral players): each power's CP budget, stability, manpower
    (27.6: exhausted), the VP of the outbreak (the national will, 25.6)."""
    g = b["gw"]
    budget = (b.get("war") or {}).get("budget", {})
    actor = ((b.get("war") or {}).get("impulse") or {}).get("actor") if g["step"] == "maneuver" else None
    t = Table(title="The Great War")
    for col in ("Alliance", "Power", "CP", "Stab", "MP", "VP", ""):
        t.add_column(col)
    rows = [(GW_SIDES[a], q) for a in GW_SIDES for q in [*g["sides"][a], "us", "italy"] if gw_side_of(b, q) == a]
    rows += [("Neutral", q) for q in g["neutrals"] if q not in g["eliminated"]]
    for side, q in rows:
        stab, mp, vp = gw_stats(b, q)
        notes = []
        if q in g["eliminated"]:
            notes.append("eliminated")
        if q in g["exhausted"]:
            notes.append("manpower exhausted")
        if q == actor:
            notes.append("impulse")
        out = q in g["eliminated"]
        t.add_row(
            side,
            Text(gw_name(q), style=("strike " if out else "") + COLOUR.get(q, "")),
            "-" if out or side == "Neutral" else str(budget.get(q, "-")),
            "-" if stab is None else str(stab),
            "-" if mp is None else str(mp),
            "-" if vp is None else str(vp),
            ", ".join(notes),
        )
    return t


def gw_text(b: dict) -> Text:
    """The rest of the GW in words: the turn order, the US and Italy, the combat cards, the
    trench battles with their status, the trenches, the GW deck."""
    g = b["gw"]
    slots = (b.get("war") or {}).get("order", [])  # the GW turn order is the war's
    order = ", ".join(f"{GW_SIDES[x[6:]]} bonus impulse" if x.startswith("bonus-") else gw_name(x) for x in slots)
    us = g["us"]
    where = {"neutral": "in the neutral box", "out": "out of the war", None: "not in play"}.get(us.get("box"))
    where = where or f"with the {GW_SIDES.get(us['box'], us['box'])}"
    lines = [
        f"GW turn order (25.7): {order or '-'}",
        f"The US: {where} (stability {us.get('stability', '-')}, manpower {us.get('manpower', '-')})",
    ]
    if b.get("majors", {}).get("italy"):
        side = gw_side_of(b, "italy")
        lines.append(f"Italy: {'with the ' + GW_SIDES[side] if side else 'not at war'}")
    combat = [f"{gw_title(cid)} face {'up' if x['up'] else 'down'} in front of {gw_name(x['holder'])}"
              for cid, x in sorted(g["combat"].items())]  # fmt: skip
    lines.append("GW combat cards (26.1): " + ("; ".join(combat) or "none played"))
    spaces = pack().spaces
    battles = [f"{spaces[sid].name if sid in spaces else sid}: {trench_words(tb)}"
               for sid, tb in sorted(g["trenches"].items())]  # fmt: skip
    lines.append("Trench battles (28.1.1): " + ("; ".join(battles) or "none"))
    if g["turn"] >= 1:
        lines.append("Trenches (28.1): every key (* on the map) but a rebel space")
    discard = ", ".join(gw_title(c) for c in g["discard"]) or "-"
    lines.append(f"GW deck {b.get('gw_deck', '?')} cards; discard: {discard}")
    return Text("\n".join(lines))


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
            tb = (b.get("gw") or {}).get("trenches", {}).get(sid)
            if tb:
                marks.append(f"trench battle: {trench_words(tb)}")
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
            t.add_row(region, sp.name + (" *" if sp.type in KEY_TYPES else ""), who(ctl), ustr,
                      "; ".join(marks))  # fmt: skip
    at_sea = {k: v for k, v in units.items() if k in p.naval_boxes}
    for box, here in sorted(at_sea.items()):
        ustr = " ".join(_unit(u) for u in here)
        t.add_row("sea", p.naval_boxes[box].name, "", ustr, "")
    return t


PHASE_WORDS = {
    "prep": "the Prep Phase",
    "diplomacy": "the Diplomacy Phase",
    "action": "the Action Phase",
    "end": "the End Phase",
    "great-war": "the Great War",
    "over": "the campaign is over",
}


def board(view: dict) -> Group:
    b = view["board"]
    role = view.get("role")
    turn = min(b["turn"], len(DECADES))  # after the last turn the counter has moved on
    phase = PHASE_WORDS.get(b["phase"], b["phase"])
    head = Text(f"Turn {turn} ({DECADES[turn - 1]}), {phase}. World Tension {b['wtt']}/5. Deck {b['deck']} cards.")
    if b.get("gw"):
        head.append("\n")
        head.append_text(gw_head(b))
    parts = [head, displays(b), alliance_track(b)]
    if b.get("gw"):  # the war shown is the Great War
        parts += [gw_table(b), gw_text(b)]
    else:
        w = war_text(b)
        if w:
            parts.append(w)
    parts.append(map_table(b))
    if role in PLAYERS:
        me = b["powers"][role]
        if b.get("gw") and not me.get("hand"):
            out_of_play = ": empty (the action cards are out of play in the GW, 25.1)"
            parts.append(Text("Your hand", style="bold").append(out_of_play))
        else:
            parts.append(hand_lines(me))
        gw_lines = gw_hand_lines(me, b, role)
        if gw_lines is not None:
            parts.append(gw_lines)
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


def gw_card_panel(c) -> Panel:
    """A printed GW card in full: its number, kind and text."""
    body = Text(f"GW #{c.number}, {c.kind} card (26.0)\n", style="dim")
    body.append(c.text)
    return Panel(body, title=f"{c.title} — GW card", title_align="left", expand=False)


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
    gw_hand = [gw_card(cid) for cid in me.get("gw_hand", []) if gw_card(cid)]
    words = words.strip()
    if not words:
        if not hand and not gw_hand:
            return Text("You hold no cards. c TITLE reads any card.")
        return Group(*(card_panel(card(cid)) for cid in hand if card(cid)), *(gw_card_panel(c) for c in gw_hand))
    if words.isdigit():
        n = int(words)
        if 1 <= n <= len(hand) and card(hand[n - 1]):
            return card_panel(card(hand[n - 1]))
        return Text(
            f"Your hand has {len(hand)} cards: c 1 to c {len(hand)} read them." if hand else "You hold no cards."
        )
    low = " ".join(words.lower().split())
    d = deck()
    printed = [*d.cards.values(), *d.home_cards.values(), *gw_deck().cards.values()]
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
    if isinstance(hit, dict):
        return goal_panel(hit)
    return gw_card_panel(hit) if isinstance(hit, GWCardRecord) else card_panel(hit)


COMMANDS = {"c": ("c N|TITLE", "read a card: number N of your hand, or any card by its title", read_card)}
