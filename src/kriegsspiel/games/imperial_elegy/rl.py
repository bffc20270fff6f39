"""Imperial Elegy for learning agents (docs/RL.md): actions spelt key by key, and a
power's view as numbers in [0, 1].

The game offers hundreds of kinds of action (spend CP on an Expeditionary Force to a
space, play a card for its event with option B, propose a peace with a realignment of a
minor...), so an action is spelt in tokens (``rl.encoding.Spelling``): each key of the
action and its value in turn, then an end. Values are the rules' words, the spaces and
naval boxes, the powers and minors, the cards, numbers, and units. Every unit has an id
the game gives it when it is placed (``u26``), so a unit is named by its *slot*: its
place among its owner's units on the map, oldest first (``"ge:0"``); the observation
describes every slot. What the enumeration cannot name (a unit past its owner's slots, a
word it does not know) is not offered to agents; the suite plays games of every scenario
and bot and finds none.

Counts are divided by a scale (``SCALE``) and clipped at 1. Another power's hand, Great
War hand, home cards not yet revealed and national goals are not in the view (10.2, 2.4),
so they are not in the observation: only how many it holds.
"""

from __future__ import annotations

from ...rl.encoding import Encoding, Spelling, Writer, positions
from .data import pack
from .deck import AIMS, DIRECTIONS, TRACKS, UNITS, deck
from .gw_deck import gw_deck

ROLES = ("ge", "uk", "fr", "au", "ru", "ot")  # the six great powers, in turn order (4.3)
MAJOR_SLOTS = 40  # units a great power, Italy or the United States may have and still be named
MINOR_SLOTS = 8  # the same for a minor power or the rebels
PHASES = ("prep", "diplomacy", "action", "great-war", "end")
ALLIANCE = ("neutral", "entente-aligned", "entente-committed", "alliance-aligned", "alliance-committed")
GW_STEPS = ("outbreak", "planning", "maneuver", "winter")
UNIT_TYPES = (*UNITS, "british", "indian", "commonwealth", "turkish", "arab", "zouaves")
MANPOWER = ("territorial", "colonial", "british", "turkish", "arab")
FLAGS = (  # the flags of the world that are true or false
    "italy_unified",
    "germany_unified",
    "suez_canal",
    "tsrr",
    "india_stable",
    "india_independent",
    "indian_fort",
    "dual_monarchy",
    "italy_card_marker",
    "great_war_on",
    "great_war",
    "japan",
)
WORDS = (  # the actions that are words
    "pass", "done", "confirm", "accept", "decline", "refuse", "agree", "allow", "forbid", "deny",
    "waive", "enforce", "abandon", "surrender", "fight", "retreat", "stay", "stay-out", "defend",
    "aid", "joint", "all", "add", "keep", "discard", "draw", "draft", "deploy", "deploy-free",
    "elite-corps", "intercept", "search", "march", "rail", "naval", "refit", "refit-fleet",
    "jihad", "marker", "no", "no-offer", "none", "remove-fort",
)  # fmt: skip
KEYS = (  # the keys an action may have
    "accept", "advance", "aim", "alliance", "ally", "amphibious", "annex", "as", "ask", "at",
    "avoid", "battle", "boost", "box", "bring", "call", "card", "combat", "cp", "declare",
    "discard", "do", "elite", "eliminate", "for", "from", "frm", "full", "german", "give",
    "gw_give", "gw_play", "home", "italian", "italy_drm", "join", "jyca", "keep", "kind",
    "level", "liberate", "loss", "main", "maintain", "minor", "move", "mpit", "nationality",
    "offer", "on", "only", "option", "order", "passage", "play", "power", "primary",
    "propose", "reduce", "retreat", "return", "sacrifice", "shift", "space", "stability",
    "support", "take", "target", "to", "track", "unit", "use", "who", "chain", "manpower",
)  # fmt: skip
RULE_WORDS = (  # the values of actions that are words of the rules
    "A", "B", "C", "D", "ally", "army", "battle", "break", "citizenship", "diplomacy", "ec", "ef",
    "ef-free", "elite-ef", "fleet", "fort", "incorporate", "influence", "mpit", "naval", "pacify",
    "redeploy", "refit", "reforms", "reinforce", "remove", "reserve", "reserve-step", "war",
    "zouaves", "chain", "cp", "event", "industrialize", "mandatory", "industry", "manpower",
    "stability", "bonus", "both", "colonial", "none", "realignment", "reparations", "righteous",
    "territorial", "concede", "demand", "white", "british", "indian", "commonwealth", "turkish",
    "arab", "squadron", "dreadnought", "rebellion", "special",
)  # fmt: skip
NUMBERS = range(-5, 31)
SCALE = {
    "turn": 8,
    "wtt": 6,
    "cp": 10,
    "stability": 10,
    "industry": 10,
    "manpower": 20,
    "vp": 40,
    "mpit": 10,
    "hand": 12,
    "goals": 8,
    "wars": 8,
    "truce": 3,
    "marker": 3,
    "count": 5,
    "deck": 120,
    "dice": 10,
    "strength": 20,
    "reserves": 10,
}


def owners() -> list[str]:
    """Who may own a unit: the powers (Italy and the United States too), the minors, the
    rebels."""
    p = pack()
    return [*p.powers, *p.minors, "rebel"]


def slot_names() -> list[str]:
    p = pack()
    return [f"{o}:{i}" for o in owners() for i in range(MAJOR_SLOTS if o in p.powers else MINOR_SLOTS)]


def cards() -> list[str]:
    """Every card: the deck, home cards, national goals, the Great War deck."""
    d, g = deck(), gw_deck()
    return list(dict.fromkeys([*d.cards, *d.home_cards, *d.goals, *g.cards]))


def places() -> list[str]:
    p = pack()
    return [*p.spaces, *p.naval_boxes]


def nationalities() -> list[str]:
    p = pack()
    return sorted({n for s in p.spaces.values() for n in s.nationalities} | {m.nationality for m in p.minors.values()})


def spelling() -> Spelling:
    values: list = [
        *RULE_WORDS,
        *AIMS,
        *TRACKS,
        *DIRECTIONS,
        *ALLIANCE,
        *UNITS,
        *MANPOWER,
        *nationalities(),
        *places(),
        *owners(),
        *cards(),
        *NUMBERS,
        True,
        False,
        None,
    ]
    return Spelling(WORDS, KEYS, values, slot_names())


def unit_slots(units: dict) -> dict[str, str]:
    """Each unit id -> its slot: its owner, and its place among that owner's units on the
    map, oldest (lowest number) first."""
    by_owner: dict[str, list] = {}
    for uid, u in units.items():
        by_owner.setdefault(u["o"], []).append(uid)
    out = {}
    for o, uids in by_owner.items():
        uids.sort(key=lambda x: int(x[1:]) if x[1:].isdigit() else 0)
        for i, uid in enumerate(uids):
            out[uid] = f"{o}:{i}"
    return out


def blocks() -> list[tuple[str, int, str]]:
    from .rules import ImperialElegy

    n, o, L, c = len(ROLES), len(owners()), len(places()), len(cards())
    minors = len(pack().minors)
    slots = len(slot_names())
    unit_row = 1 + len(UNIT_TYPES) + L + 2
    power_row = 4 + len(MANPOWER) + len(ALLIANCE) + 3 + 9 + n
    return [
        ("me", n, "my power, one-hot in the order ge, uk, fr, au, ru, ot"),
        ("to_act", n, "the powers the game waits for now"),
        ("turn", 3, "the turn over 8; the War Tension Track over 6; CP left to spend over 10"),
        ("phase", len(PHASES), "the phase: " + ", ".join(PHASES)),
        ("asking", len(ImperialElegy.states), "the question the game puts now, one-hot in the order of the "
         "rules' states"),
        ("flags", len(FLAGS) + 6, "the world's flags: " + ", ".join(FLAGS) + "; the French government (second "
         "empire, third republic); City of Light over 3; Jihad over 10; the Third Republic's MPIT over 6"),
        ("rights", 2 * len(nationalities()), "nationalities with rights, then with citizenship (33.4)"),
        ("card_flags", c, "cards in play as lasting effects (1 when the world's flag of that card is set)"),
        ("control", L * 9, "each space's controller: a great power one-hot (6), Italy, the United States, or "
         "another (a minor)"),
        ("influence", L * n, "each space's influence marker (12.3), one-hot by power"),
        ("diplomacy", minors * n, "each minor's diplomatic marker (12.4), one-hot by power"),
        ("allies", minors * 8, "each minor's ally (12.5): a power one-hot, Italy, the United States"),
        ("space_marks", L * 6, "each space: pacification over 5; fortification over 3; rebels over 3; a war of "
         "independence; Great War trenches over 3; occupied"),
        ("gone", minors, "minors gone from the game"),
        ("build_box", minors, "minors' units in the build box, over 5"),
        ("cards", 3 * c + 2, "cards discarded, removed, permanent; the deck and the Great War deck, over 120"),
        ("powers", n * power_row, "each power: stability, industry, VP, marker; manpower by kind; alliance "
         "one-hot; MPIT by track; hand, goals, Great War hand, wars won, wars lost, home chosen, passed, "
         "automatic, exhausted; truces with each power"),
        ("italy", len(ALLIANCE) + 3 + 3, "Italy: alliance one-hot; MPIT by track; reserves, Great War "
         "stability and manpower"),
        ("my_cards", 6 * c, "my hand, Great War hand, home cards, home card chosen, national goals, goal deck"),
        ("units", slots * unit_row, "each owner's slots, oldest unit first (the powers' 40, each minor's and the "
         "rebels' 8): present; type one-hot; where, one-hot by space and naval box; reduced; permanent"),
        ("impulse", n + 2, "the power taking its impulse, one-hot; influence placed; a marker removed"),
        ("war", 2 * o + 2 * n + len(AIMS) + L + 2 * n + 3, "the war under way: attackers and defenders; the "
         "primary attacker and defender; the aim; the objectives; CP played and budget by power; its kind "
         "(rebellion, special); the CP of its card"),
        ("battle", 2 + 2 * n + 2 * L + slots * 2 + 8, "the battle under way: land or naval; attacker and defender; "
         "from and at; each unit slot's side (attacker, defender); strength, dice and losses of each side; "
         "the winner"),
        ("great_war", len(GW_STEPS) + 3 * n + n + 2 + L * 9, "the Great War: its step; each power's side (alliance, "
         "entente) and eliminated; its VP; the United States' box and entry; the spaces held, by holder"),
        ("crisis", n + o, "the crisis under way: the power targeted; the one blamed"),
        ("last_battle", 2 + L + 2 * n, "the last battle: won by the attacker, decisive; where; attacker and "
         "defender"),
    ]  # fmt: skip


def encoding(start: dict) -> Encoding:
    """``start``: the spectator's view of the game as it begins."""
    from .rules import ImperialElegy

    p = pack()
    sp = spelling()
    roles = positions(ROLES)
    own = positions(owners())
    locs = positions(places())
    allc = positions(cards())
    minors = positions(p.minors)
    nat = positions(nationalities())
    phases = positions(PHASES)
    asking = positions(ImperialElegy.states)
    alliance = positions(ALLIANCE)
    utypes = positions(UNIT_TYPES)
    aims = positions(AIMS)
    steps = positions(GW_STEPS)
    slot_index = {name: i for i, name in enumerate(slot_names())}
    n, L = len(ROLES), len(locs)
    unit_row = 1 + len(UNIT_TYPES) + L + 2
    layout = blocks()
    sizes = {name: size for name, size, _ in layout}

    def scaled(value, scale) -> float:
        return min(max((value or 0) / SCALE[scale], 0.0), 1.0)

    def context(view: dict) -> dict:
        return unit_slots(view["board"]["units"])

    def controller(w: Writer, by_space: dict) -> None:
        at = w.at
        for x, who in by_space.items():
            i = locs.get(x)
            if i is None or who is None:
                continue
            j = roles.get(who)
            if j is None:
                j = {"italy": 6, "us": 7}.get(who, 8)
            w.x[at + i * 9 + j] = 1.0
        w.at = at + L * 9

    def by_power(w: Writer, mapping: dict, where: dict, width: int, who: dict) -> None:
        at = w.at
        for x, power in mapping.items():
            i, j = where.get(x), who.get(power)
            if i is not None and j is not None:
                w.x[at + i * width + j] = 1.0
        w.at = at + len(where) * width

    def observe(view: dict, w: Writer) -> None:
        b = view["board"]
        me = view["role"]
        w.one_hot(me, roles)
        w.marks(view["active"], roles)
        w.put(scaled(b["turn"], "turn"), scaled(b["wtt"], "wtt"), scaled(b.get("cp"), "cp"))
        w.one_hot(b["phase"], phases)
        w.one_hot(b.get("asking"), asking)
        flags = b["flags"]
        w.put(*(1.0 if flags.get(f) else 0.0 for f in FLAGS))
        gov = flags.get("fr_government")
        w.put(1.0 if gov == "second-empire" else 0.0, 1.0 if gov == "third-republic" else 0.0)
        w.put(min((flags.get("city_of_light") or 0) / 3, 1.0), min((flags.get("jihad") or 0) / 10, 1.0))
        w.put(min((flags.get("third_republic_mpit") or 0) / 6, 1.0), 0.0)
        w.marks(flags.get("rights") or (), nat)
        w.marks(flags.get("citizenship") or (), nat)
        w.marks([k for k, v in flags.items() if v is True], allc)
        controller(w, b["control"])
        by_power(w, b["influence"], locs, n, roles)
        by_power(w, b["diplomacy"], minors, n, roles)
        by_power(w, b["allies"], minors, 8, {**roles, "italy": 6, "us": 7})
        at = w.at
        gw = b.get("gw") or {}
        for k, (mapping, scale) in enumerate(
            (
                (b["pacification"], 5),
                (b["forts"] or {}, 3),
                (b["rebel_spaces"], 3),
                ({x: 1 for x in b["woi"]}, 1),
                (gw.get("trenches") or {}, 3),
                ({x: 1 for x in b["occupied"]}, 1),
            )
        ):
            for x, v in mapping.items():
                i = locs.get(x)
                if i is not None and type(v) in (int, float) and v:
                    w.x[at + i * 6 + k] = min(max(v / scale, 0.0), 1.0)
        w.at = at + L * 6
        w.marks(b["gone"], minors)
        w.counts(b["build_box"], minors, SCALE["count"])
        w.marks(b["discard"], allc)
        w.marks(b["removed"], allc)
        w.marks(b["permanent"], allc)
        w.put(scaled(b["deck"], "deck"), scaled(b.get("gw_deck"), "deck"))
        exhausted = set(gw.get("exhausted") or ())
        for r in ROLES:
            pw = b["powers"][r]
            w.put(
                scaled(pw["stability"], "stability"),
                scaled(pw["industry"], "industry"),
                scaled(pw["vp"], "vp"),
                scaled((pw.get("marker") or 0) + 2, "marker"),
            )
            w.put(*(scaled(pw["manpower"].get(k), "manpower") for k in MANPOWER))
            w.one_hot(pw["alliance"], alliance)
            w.put(*(scaled(pw["mpit"].get(t), "mpit") for t in TRACKS))
            w.put(
                scaled(pw.get("hand_size"), "hand"),
                scaled(pw.get("goal_count"), "goals"),
                scaled(pw.get("gw_hand_size"), "hand"),
                scaled(len(pw.get("won_wars") or ()), "wars"),
                scaled(pw.get("lost_wars"), "wars"),
                1.0 if pw.get("home_chosen") else 0.0,
                1.0 if pw.get("passed") else 0.0,
                1.0 if pw.get("auto") else 0.0,
                1.0 if r in exhausted else 0.0,
            )
            truces = pw.get("truces") or {}
            w.put(*(scaled(truces.get(q), "truce") for q in ROLES))
        italy = (b.get("majors") or {}).get("italy") or {}
        w.one_hot(italy.get("alliance"), alliance)
        w.put(*(scaled((italy.get("mpit") or {}).get(t), "mpit") for t in TRACKS))
        w.put(
            scaled(italy.get("reserves"), "reserves"),
            scaled(italy.get("gw_stability"), "stability"),
            scaled(italy.get("gw_manpower"), "manpower"),
        )
        mine = b["powers"][me] if me in b["powers"] else {}
        w.marks(mine.get("hand") or (), allc)
        w.marks(mine.get("gw_hand") or (), allc)
        w.marks(mine.get("homes") or (), allc)
        w.one_hot(mine.get("home"), allc)
        w.marks(mine.get("goals") or (), allc)
        w.marks(mine.get("goal_deck") or (), allc)
        # units, slot by slot
        units = b["units"]
        slots = unit_slots(units)
        rows = w.at
        for uid, u in units.items():
            i = slot_index.get(slots[uid])
            if i is None:
                continue
            w.at = rows + i * unit_row
            w.put(1.0)
            w.one_hot(u.get("t"), utypes)
            w.one_hot(u.get("at"), locs)
            w.put(1.0 if u.get("r") else 0.0, 1.0 if u.get("permanent") else 0.0)
        w.at = rows + len(slot_index) * unit_row
        imp = b.get("impulse") or {}
        w.one_hot(imp.get("power"), roles)
        w.put(1.0 if imp.get("influence") else 0.0, 1.0 if imp.get("removed") else 0.0)
        war(b.get("war"), w)
        battle(b.get("battle"), slots, w)
        great_war(gw, w)
        crisis = b.get("crisis") or {}
        w.one_hot(crisis.get("target"), roles)
        w.one_hot(crisis.get("blamed"), own)
        last = b.get("last_battle") or {}
        w.put(1.0 if last.get("winner") == "attacker" else 0.0, 1.0 if last.get("decisive") else 0.0)
        w.one_hot(last.get("at"), locs)
        w.one_hot(last.get("attacker"), roles)
        w.one_hot(last.get("defender"), roles)

    def war(t: dict | None, w: Writer) -> None:
        if not t:
            w.skip(sizes["war"])
            return
        w.marks(t.get("attackers") or (), own)
        w.marks(t.get("defenders") or (), own)
        primary = t.get("primary") or {}
        w.one_hot(primary.get("attacker"), roles)
        w.one_hot(primary.get("defender"), roles)
        w.one_hot(t.get("aim"), aims)
        w.marks(t.get("objectives") or (), locs)
        played, budget = t.get("played") or {}, t.get("budget") or {}
        w.put(*(scaled(played.get(r), "cp") for r in ROLES))
        w.put(*(scaled(budget.get(r), "cp") for r in ROLES))
        w.put(1.0 if t.get("kind") == "rebellion" else 0.0, 1.0 if t.get("kind") == "special" else 0.0)
        w.put(scaled(t.get("cp"), "cp"))

    def battle(t: dict | None, slots: dict, w: Writer) -> None:
        if not t:
            w.skip(sizes["battle"])
            return
        w.put(1.0 if t.get("kind") == "land" else 0.0, 1.0 if t.get("kind") == "naval" else 0.0)
        roles_of = t.get("roles") or t.get("main") or {}
        w.one_hot(roles_of.get("a") or t.get("attacker"), roles)
        w.one_hot(roles_of.get("d"), roles)
        w.one_hot(t.get("frm"), locs)
        w.one_hot(t.get("at"), locs)
        rows = w.at
        for uid, u in (t.get("units") or {}).items():
            i = slot_index.get(slots.get(uid))
            side = {"a": 0, "d": 1}.get(u.get("side") if type(u) is dict else None)
            if i is not None and side is not None:
                w.x[rows + i * 2 + side] = 1.0
        w.at = rows + len(slot_index) * 2
        strength, dice, losses = t.get("strength") or {}, t.get("dice") or {}, t.get("losses") or {}
        for side in ("a", "d"):
            w.put(
                scaled(strength.get(side), "strength"),
                scaled(dice.get(side), "dice"),
                scaled(losses.get(side), "count"),
            )
        w.put(1.0 if t.get("winner") == "a" else 0.0, 1.0 if t.get("winner") == "d" else 0.0)

    def great_war(g: dict, w: Writer) -> None:
        if not g:
            w.skip(sizes["great_war"])
            return
        w.one_hot(g.get("step"), steps)
        sides = g.get("sides") or {}
        w.marks(sides.get("alliance") or (), roles)
        w.marks(sides.get("entente") or (), roles)
        w.marks(g.get("eliminated") or (), roles)
        vp = g.get("vp") or {}
        w.put(*(scaled(vp.get(r), "vp") for r in ROLES))
        us = g.get("us") or {}
        w.put(1.0 if us.get("box") == "entente" else 0.0, 1.0 if us.get("entered") else 0.0)
        controller(w, g.get("held") or {})

    return Encoding(
        actions=sp.tokens, blocks=layout, observe_view=observe, spell=sp.spell, context=context, longest=sp.longest
    )
