"""The turn (2.1, L114-120): the Prep Phase (§10), the Diplomacy Phase (§11),
the Action Phase (§12) and the End Phase (§20, in end.py), seven times; then
the national goals are scored (2.2.1, goals.py)."""

from __future__ import annotations

import zlib

import orjson

from ...engine import STAY, Procedure, State, ask, ask_all, call, checkpoint, log
from ...engine.rng import below, shuffle
from . import events, goals, greatwar, war
from .data import PLAYERS, pack
from .deck import DECADES, deck
from .world import (
    ARMY_TYPES,
    GERMAN_MINORS,
    NAMES,
    UNIT_WORDS,
    P,
    bot_level,
    card,
    card_title,
    cards_due,
    check_german_unification,
    deal,
    displace_cut_off,
    finish_card,
    minors_in_play,
    name,
    new_unit,
    space_name,
    stack_armies,
)

KEEP = {"uk": 2}  # British Banking, 33.2: the UK keeps two cards; the others one (12.0 L601)


# ----- set-up ---------------------------------------------------------------------------------------


def setup(s: dict) -> None:
    """Lay out a scenario from the pack (DATA_RULINGS D16)."""
    p = pack()
    d = deck()
    st = p.setups[s["scenario"] or "1850"]
    s["turn"] = st.turn
    s["first_turn"] = st.turn
    s["wtt"] = st.wtt
    s["phase"] = "prep"
    s["flags"] = dict(st.flags)
    s["flags"].setdefault("jihad", 0)
    s["flags"].setdefault("rights", [])
    s["flags"].setdefault("citizenship", [])
    s["control"] = {}
    for sp in p.spaces.values():
        owner = st.control.get(sp.id, sp.home)
        if sp.out_of_play:
            continue
        if owner is not None and owner in p.minors and p.minors[owner].rebel:
            owner = None
        if owner is not None:
            s["control"][sp.id] = owner
    for sp in p.spaces.values():
        if sp.controlled_with and sp.id not in st.control:
            c = s["control"].get(sp.controlled_with)
            if c is not None:
                s["control"][sp.id] = c
            else:
                s["control"].pop(sp.id, None)
    s["units"] = {}
    s["next_unit"] = 1
    s["rebel_spaces"] = {}
    s["build_box"] = {}
    s["influence"] = {}
    s["diplomacy"] = {}
    s["allies"] = {}
    s["pacification"] = {}
    s["forts"] = {}
    s["woi"] = {}
    s["occupied"] = {}
    s["goe"] = {}
    s["gone"] = []
    s["majors"] = {}
    s["war"] = None
    s["cp"] = 0
    s["impulse"] = None
    s["battle"] = None
    s["history"] = {"wars": []}
    s["crisis"] = None
    powers = {}
    for q in PLAYERS:
        t = st.tracks[q]
        powers[q] = {
            "stability": t.stability,
            "industry": t.industry,
            "manpower": dict(t.manpower),
            "mp_bonus": {},
            "reserves": [False] * t.reserves,
            "alliance": t.alliance,
            "mpit": {"entente": t.mpit.get("entente", 0), "alliance": t.mpit.get("alliance", 0),
                     "neutral": t.mpit.get("neutral", 0)},
            "hand": [],
            "homes": [h.id for h in d.home(q.upper())],
            "home": None,
            "marker": 0,
            "industrialize": None,
            "auto": False,
            "chain": [],
            "passed": False,
            "goals": [],
            "goal_deck": [g.id for g in d.goals_of(q.upper()) if not (g.scenario_only and st.turn == 1)],
            "vp": 0,
            "truces": {},
            "limits": {},
            "won_wars": [],
            "lost_wars": 0,
            "forts_kept": None,
        }  # fmt: skip
    s["powers"] = powers
    for u in st.units:
        owner = u.owner
        kind = {"british-army": "british", "indian-army": "indian", "turkish-army": "turkish",
                "arab-army": "arab", "reserve-army": "reserve"}.get(u.unit, u.unit)  # fmt: skip
        for _ in range(u.count):
            if u.where == "build-box":
                s["build_box"][owner] = s["build_box"].get(owner, 0) + 1
                continue
            if owner in p.minors and p.minors[owner].rebel:
                new_unit(s, "rebel", "army", u.where, n=owner, permanent=True)
                continue
            extra = {"first": True} if u.first else {}
            new_unit(s, owner, kind, u.where, u.reduced, **extra)
    for m in st.markers:
        if m.kind == "pacification":
            s["pacification"][m.space] = m.value or 0
        elif m.kind == "influence":
            s["influence"][m.space] = m.power
        elif m.kind == "diplomacy":
            s["diplomacy"][m.space] = m.power
        elif m.kind == "ally":
            s["allies"][m.space] = m.power
        elif m.kind == "fort":
            s["forts"][m.space] = [m.power, m.value or 1]
        elif m.kind == "woi":
            s["woi"][m.space] = m.value or 0
    # German Confederation (33.1 L1515, 3.2.5.2 L208): the German unification spaces (and
    # Alsace-Lorraine) Germany holds at a later set-up are its permanent home spaces, and a German
    # minor whose capital it holds is gone from the game (33.1.1 L1522), as in play (world.transfer)
    for sid, c in sorted(s["control"].items()):
        if c == "ge" and (p.spaces[sid].unification == "germany" or sid == "alsace-lorraine"):
            s["flags"].setdefault("ge_homes", []).append(sid)
    for m in GERMAN_MINORS:
        if s["control"].get(p.minors[m].capital) == "ge":
            s["gone"].append(m)
    if s["flags"].get("italy_unified"):
        s["majors"]["italy"] = {"alliance": "neutral", "mpit": {"entente": 0, "alliance": 0, "neutral": 1}}
    # the deck: the cards of the decades up to the set-up's (10.1)
    # (a later set-up leaves out the one-time events that have happened by its date: D23)
    s["deck"] = [c.id for c in d.cards.values() if DECADES.index(c.decade) < st.turn - 1 and c.id not in st.removed]
    s["discard"] = []
    s["removed"] = list(st.removed)
    s["permanent"] = []
    # scenarios start with national goals dealt (20.11 play note)
    for q in PLAYERS:
        s["powers"][q]["goals_due"] = st.national_goals
    s["stack"] = []
    call(s, "game")


class Game(Procedure):
    """Turns 1-7 (2.0), then the national goals are scored (2.2.1)."""

    def start(self, s, f):
        for q in PLAYERS:
            level = bot_level(s, q)
            if level is not None:
                text = f"{NAMES[q]} plays by the bot rules ({level}): it draws its national goals at the end."
                log(s, text, "34.1")
        for q in reversed(PLAYERS):  # called last first: Prussia draws first (4.3)
            for _ in range(s["powers"][q].pop("goals_due", 0)):
                call(s, "draw-goals", power=q)
        return "turn"

    def turn(self, s, f):
        if s["turn"] > 7:
            call(s, "final-scoring", reason="end of turn 7")
            return None
        call(s, "prep")
        return "diplomacy"

    def diplomacy(self, s, f):
        call(s, "diplomacy")
        return "action"

    def action(self, s, f):
        call(s, "action-phase")
        return "end"

    def end(self, s, f):
        call(s, "end-phase")
        return "turn"


# ----- 10.0 the Prep Phase ----------------------------------------------------------------------------


class Prep(Procedure):
    def start(self, s, f):
        s["phase"] = "prep"
        d = deck()
        decade = DECADES[s["turn"] - 1]
        log(s, f"Turn {s['turn']}: the {decade}.", "2.0")
        new = [c.id for c in d.entering(decade) if c.id not in s["removed"] and c.id not in s["permanent"]]
        s["deck"] += new  # 10.1 add this decade's cards
        s["deck"] += s["discard"]  # 10.1 the discard pile is always reshuffled in
        s["discard"] = []
        shuffle(s, s["deck"])
        log(s, f"{len(new)} cards of the {decade} join the deck; the deck is reshuffled ({len(s['deck'])} cards).",
            "10.1")  # fmt: skip
        if s["turn"] == 2 and "dual-monarchy" not in s["removed"] and not s["flags"].get("dual_monarchy"):
            # A Compromise Needed (33.4): Dual Monarchy to Austria's hand, from wherever it is: the
            # deck, the discard pile, or the hand of a power that kept it (12.0 L601)
            others = [s["powers"][q]["hand"] for q in PLAYERS if q != "au"]
            for pile in (s["deck"], s["discard"], *others):
                if "dual-monarchy" in pile:
                    pile.remove("dual-monarchy")
                    s["powers"]["au"]["hand"].append("dual-monarchy")
                    log(s, "A Compromise Needed: Dual Monarchy goes to Austria's hand.", "33.4")
        if s["turn"] > s["first_turn"] and "zouaves" not in [u["t"] for u in s["units"].values()]:
            if s["control"].get("algeria") == "fr":
                new_unit(s, "fr", "zouaves", "algeria")
                log(s, "The Zouaves are rebuilt in Algeria.", "33.3")
        for q in PLAYERS:  # 10.2 deal
            n = cards_due(s, q)
            got = deal(s, q, n)
            log(s, f"{NAMES[q]} is dealt {got} cards.", "10.2")
        for q in PLAYERS:  # 10.3 markers discarded once dealt
            s["powers"][q]["marker"] = 0
        f["i"] = 0
        return "discard"

    def discard(self, s, f):
        """10.4 Prep Phase Stability: discard a random card for +1 stability; the UK may
        discard one to steady India (33.2.2)."""
        while f["i"] < len(PLAYERS):
            q = PLAYERS[f["i"]]
            f["i"] += 1
            if prep_offers(s, q):  # asked whatever its hand holds: being asked must not tell it (E31)
                ask(s, "prep-discard", q)
                return "discard"
        return None


def mandatory_event(c: str) -> bool:
    """A mandatory event card (9.1.4): played for its event, never kept for the next turn (12.0
    L601), triggered when discarded. Impulsive Ruler, the one mandatory *response* (9.1.5 L566),
    is not one: it is played "when its conditions are met", and may wait in the hand."""
    flags = card(c).flags
    return "mandatory" in flags and "response" not in flags


def discardable(s: dict, q: str) -> list:
    """Cards a random discard may take: never the home card (9.1.1.1), never a mandatory
    event for the prep-phase discard (10.4)."""
    st = s["powers"][q]
    return [c for c in st["hand"] if c != st["home"] and not mandatory_event(c)]


def prep_offers(s: dict, q: str) -> list:
    """What 10.4 (and 33.2.2 for India) offers the power, as every power can see it."""
    st = s["powers"][q]
    out = []
    if st["stability"] < 6 and not st.get("prep_discarded"):
        out.append("stability")
    if q == "uk" and not s["flags"].get("india_stable") and s["control"].get("india") == "uk":
        out.append("india")
    return out


def prep_choices(s: dict, q: str) -> list:
    """The offers it may take: only with a card a random discard may take."""
    return prep_offers(s, q) if discardable(s, q) else []


class PrepDiscard(State):
    def prompt(self, s, f, role):
        return "Discard a random card for +1 stability (10.4), or keep your hand?"

    def actions(self, s, f, role):
        return [{"discard": c} for c in prep_choices(s, role)] + ["keep"]

    def act(self, s, f, role, action):
        if action == "keep":
            return None
        pool = discardable(s, role)
        c = pool[below(s, len(pool))]
        s["powers"][role]["hand"].remove(c)
        s["discard"].append(c)
        if action["discard"] == "stability":
            s["powers"][role]["stability"] = min(6, s["powers"][role]["stability"] + 1)
            s["powers"][role]["prep_discarded"] = True
            log(s, f"{NAMES[role]} discards {card_title(c)} at random and gains 1 stability.", "10.4")
        else:
            s["flags"]["india_stable"] = True
            log(s, f"Britain discards {card_title(c)} at random: India is stable.", "33.2.2")
        return STAY if prep_offers(s, role) else None


# ----- 11.0 the Diplomacy Phase ---------------------------------------------------------------------------


class Diplomacy(Procedure):
    """11.1 card gifts, announced in turn order and confirmed; 11.2 the home card, chosen
    in secret; on turn 1 Austria's Metternich's Legacy (33.4)."""

    def start(self, s, f):
        s["phase"] = "diplomacy"
        for q in PLAYERS:
            s["powers"][q].pop("prep_discarded", None)
            s["powers"][q]["gifts"] = 0
        f["i"] = 0
        return "gifts"

    def gifts(self, s, f):
        while f["i"] < len(PLAYERS):
            q = PLAYERS[f["i"]]
            f["i"] += 1
            if s["powers"][q]["hand"]:
                ask(s, "gift", q)
                return "gifts"
        return "home"

    def home(self, s, f):
        ask_all(s, "home", list(PLAYERS))
        return "metternich"

    def metternich(self, s, f):
        if s["turn"] == 1 and s["first_turn"] == 1:
            call(s, "metternich")
        return "done"

    def done(self, s, f):
        for q in PLAYERS:
            s["powers"][q].pop("gifts", None)
        return None


GIFTS_MAX = 2  # each power may announce two gifts a phase (RULINGS R3)


class Gift(State):
    def prompt(self, s, f, role):
        return "Announce a card gift (11.1): give another player a random card from your hand, or ask one of them."

    def actions(self, s, f, role):
        st = s["powers"][role]
        out = []
        if st["gifts"] < GIFTS_MAX:
            for q in PLAYERS:
                if q == role:
                    continue
                if st["hand"]:
                    out.append({"give": q})
                if s["powers"][q]["hand"]:
                    out.append({"ask": q})
        return out + ["done"]

    def act(self, s, f, role, action):
        if action == "done":
            return None
        s["powers"][role]["gifts"] += 1
        if "give" in action:
            ask(s, "accept-gift", action["give"], giver=role, taker=action["give"], by=role)
        else:
            ask(s, "accept-gift", action["ask"], giver=action["ask"], taker=role, by=role)
        return STAY


class AcceptGift(State):
    def prompt(self, s, f, role):
        if f["by"] == f["giver"]:
            return f"{NAMES[f['giver']]} offers you a random card from its hand. Confirm (11.1)?"
        return f"{NAMES[f['taker']]} asks you for a random card from your hand. Confirm (11.1)?"

    def actions(self, s, f, role):
        return ["confirm", "refuse"]

    def act(self, s, f, role, action):
        giver, taker = f["giver"], f["taker"]
        if action == "refuse":
            log(s, f"{NAMES[role]} refuses the card gift.", "11.1")
            return None
        hand = [c for c in s["powers"][giver]["hand"] if c != s["powers"][giver]["home"]]
        if not hand:
            return None
        c = hand[below(s, len(hand))]
        s["powers"][giver]["hand"].remove(c)
        s["powers"][taker]["hand"].append(c)
        log(s, f"{NAMES[giver]} gives {NAMES[taker]} a random card.", "11.1")
        log(s, f"The card is {card_title(c)}.", "11.1", to=[giver, taker])
        checkpoint(s)
        return None


def home_choices(s: dict, q: str) -> list:
    out = []
    for h in s["powers"][q]["homes"]:
        rec = deck().home_cards[h]
        if DECADES.index(rec.decade) <= s["turn"] - 1:
            out.append(h)
    return out


class Home(State):
    simultaneous = True

    def prompt(self, s, f, role):
        return "Choose your home card for this turn (11.2)."

    def actions(self, s, f, role):
        return [{"home": h} for h in home_choices(s, role)]

    def reveal(self, s, f, choices):
        for q, a in choices.items():
            s["powers"][q]["home"] = a["home"]
            s["powers"][q]["hand"].append(a["home"])
        log(s, "Every power has chosen its home card.", "11.2")


class Metternich(Procedure):
    """33.4 Metternich's Legacy: at the end of turn 1's Diplomacy Phase Austria allies with
    two minor powers that carry no opponent's diplomacy marker."""

    def start(self, s, f):
        f["n"] = 0
        return "pick"

    def pick(self, s, f):
        if f["n"] >= 2 or not metternich_choices(s):
            return None
        f["n"] += 1
        ask(s, "metternich", "au")
        return "pick"


def metternich_choices(s: dict) -> list:
    out = []
    for m in minors_in_play(s):
        if m in s["allies"]:
            continue
        d = s["diplomacy"].get(m)
        if d is not None and d != "au":
            continue
        if pack().minors[m].rebel or m == "qing":
            continue  # 12.5.3 L670: Qing takes no diplomacy marker, so no alliance (as events.h_ally)
        out.append(m)
    return out


class MetternichState(State):
    def prompt(self, s, f, role):
        return "Metternich's Legacy (33.4): ally with a minor power."

    def actions(self, s, f, role):
        return [{"ally": m} for m in metternich_choices(s)]

    def act(self, s, f, role, action):
        m = action["ally"]
        s["allies"][m] = "au"
        s["diplomacy"].pop(m, None)
        log(s, f"Metternich's Legacy: Austria allies with {name(m)}.", "33.4")
        return None


# ----- 12.0 the Action Phase -------------------------------------------------------------------------------


class ActionPhase(Procedure):
    """Impulses in turn order until every player has passed in a row or no one has cards
    (12.0 L599-604)."""

    def start(self, s, f):
        s["phase"] = "action"
        for q in PLAYERS:
            s["powers"][q]["passed"] = False
        f["i"] = 0
        f["passes"] = 0
        return "next"

    def next(self, s, f):
        if f["passes"] >= len(PLAYERS):
            return "close"
        q = PLAYERS[f["i"] % len(PLAYERS)]
        f["i"] += 1
        if not s["powers"][q]["hand"]:
            f["passes"] += 1
            return "next"
        s["impulse"] = {"power": q, "influence": False, "removed": False, "pacified": [], "deployed": []}
        f["lq"] = overstacked(s, q)
        return "losses"

    def losses(self, s, f):
        """5.5.3 L408: a stack overstacked (displacement knows no stacking limit, 5.7) loses a step
        at the beginning of its owner's impulse, in peacetime too; the owner chooses (W10)."""
        q = s["impulse"]["power"]
        while f["lq"]:
            sid = f["lq"].pop(0)
            if sid in overstacked(s, q):
                log(s, f"{NAMES[q]}'s overstacked stack in {space_name(sid)} loses a step.", "5.5.3")
                ask(s, "war-step-loss", q, space=sid, owners=[q])
                return "losses"
        ask(s, "impulse", q)
        return "after"

    def after(self, s, f):
        check_german_unification(s)  # 33.1.1 L1521: whatever the impulse did
        if s["impulse"] and s["impulse"].get("event") and s["impulse"]["event"] != map_signature(s):
            displace_cut_off(s)  # the event changed who holds what (RULINGS R14)
        if goals.end_by_auto_victory(s):
            return None
        if s["impulse"] and s["impulse"].get("passed"):
            f["passes"] += 1
        else:
            f["passes"] = 0
        s["impulse"] = None
        return "next"

    def close(self, s, f):
        """12.14 chains are discarded; each player keeps one card (the UK two), never its
        home card or a mandatory event (12.0 L601); home cards go back to their owners."""
        for q in PLAYERS:
            st = s["powers"][q]
            for c in st["chain"]:
                finish_card(s, q, c)
            st["chain"] = []
            if st["home"] in st["hand"]:
                st["hand"].remove(st["home"])
            st["home"] = None
        f["k"] = 0
        return "keep"

    def keep(self, s, f):
        while f["k"] < len(PLAYERS):
            q = PLAYERS[f["k"]]
            st = s["powers"][q]
            if not f.get("looked"):
                # the hand's mandatory events are discarded, or none are: either shows something
                # of it, so what led here stays done (RULINGS_EVENTS E31); a mandatory event
                # discarded triggers at once, resolved by its holder (9.1.4 L564)
                f["looked"] = True
                checkpoint(s)
                due = [c for c in st["hand"] if mandatory_event(c)]
                for c in due:
                    st["hand"].remove(c)
                    log(s, f"{NAMES[q]} discards {card_title(c)}: its event triggers.", "9.1.4")
                for c in reversed(due):  # the last called runs first: in the hand's order
                    call(s, "event", power=q, card=c, option=None, discard=True)
                if due:
                    return "keep"
            f["looked"] = False
            f["k"] += 1
            if len(st["hand"]) > KEEP.get(q, 1):
                ask(s, "keep", q)
                return "keep"
        return None


class Keep(State):
    def prompt(self, s, f, role):
        return f"Keep {KEEP.get(role, 1)} card(s) for the next turn; discard the rest."

    def actions(self, s, f, role):
        return [{"discard": c} for c in sorted(s["powers"][role]["hand"])]

    def act(self, s, f, role, action):
        st = s["powers"][role]
        st["hand"].remove(action["discard"])
        s["discard"].append(action["discard"])
        return STAY if len(st["hand"]) > KEEP.get(role, 1) else None


class Impulse(State):
    """An impulse (12.0): play a card for its event or its CP, into industrialization or
    the CP chain, or pass."""

    def prompt(self, s, f, role):
        if "pass" in self.actions(s, f, role):
            return "Your impulse: play a card for its event or its CP, industrialize, chain, or pass."
        # RULINGS R2: no pass while the hand holds the home card, a mandatory event, or more cards
        # than the player may save
        return (
            "Your impulse: play a card for its event or its CP, industrialize or chain (no pass while "
            f"your hand holds more than {KEEP.get(role, 1)}, your home card or a mandatory event)."
        )

    def actions(self, s, f, role):
        playable = getattr(events, "playable", lambda s, role, c: [])
        st = s["powers"][role]
        out = []
        mandatory = False
        for c in st["hand"]:
            rec = card(c)
            flags = rec.flags
            if "mandatory" in flags:
                if "response" in flags:  # Impulsive Ruler, a mandatory response: only as its response
                    out.append({"card": c, "as": "cp"})  # or for CP; held, it does not bar a pass (9.1.5)
                    continue
                mandatory = True
                opts = playable(s, role, c) or ["none"]
                for o in opts:
                    out.append({"card": c, "as": "mandatory", "option": o})
            else:
                if "response" not in flags and "combat" not in flags:
                    for o in playable(s, role, c):
                        out.append({"card": c, "as": "event", "option": o})
                out.append({"card": c, "as": "cp"})
            if role != "ot" and st["industrialize"] is None:
                out.append({"card": c, "as": "industrialize"})
            if len(st["chain"]) < 2 and c != st["home"]:
                out.append({"card": c, "as": "chain"})
        # R2: no pass with the home card or a mandatory event in hand, nor with more cards than the
        # one the player may save (12.0 L601-603; the UK two, British Banking 33.2 L1531)
        if not mandatory and st["home"] not in st["hand"] and len(st["hand"]) <= KEEP.get(role, 1):
            out.append("pass")
        return out

    def act(self, s, f, role, action):
        st = s["powers"][role]
        if action == "pass":
            s["impulse"]["passed"] = True
            log(s, f"{NAMES[role]} passes.", "12.0")
            return None
        c = action["card"]
        how = action["as"]
        st["hand"].remove(c)
        rec = card(c)
        title = rec.title
        if how == "industrialize":
            st["industrialize"] = c
            log(s, f"{NAMES[role]} plays {title} ({rec.cp} CP) into industrialization.", "12.13")
            if mandatory_event(c):
                call(s, "event", power=role, card=c, option=None, discard=False)
            return None
        if how == "chain":
            st["chain"].append(c)
            log(s, f"{NAMES[role]} plays {title} ({rec.cp} CP) into the CP chain.", "12.14")
            if mandatory_event(c):  # 12.14 L723: "Mandatory events played into the CP chain still trigger"
                call(s, "event", power=role, card=c, option=None, discard=False)
            return None
        if how == "event":
            s["impulse"]["event"] = map_signature(s)
            log(s, f"{NAMES[role]} plays {title} for its event ({action['option']}).", "9.0")
            call(s, "event", power=role, card=c, option=action["option"], discard=True)
            return None
        if how == "mandatory":
            s["impulse"]["event"] = map_signature(s)
            log(s, f"{NAMES[role]} plays {title}: the mandatory event, then {rec.cp} CP.", "9.1.4")
            call(s, "spend", power=role, card=c, cp=rec.cp)
            if action["option"] != "none":
                call(s, "event", power=role, card=c, option=action["option"], discard=False)
            return None
        log(s, f"{NAMES[role]} plays {title} for {rec.cp} CP.", "12.1")
        call(s, "spend", power=role, card=c, cp=rec.cp)
        return None


def overstacked(s: dict, q: str) -> list:
    """The spaces where the power's armies stand in more armies than the space holds (5.5)."""
    spaces = P().spaces
    mine = {u["at"] for u in s["units"].values() if u["o"] == q and u["t"] in ARMY_TYPES and u["at"] in spaces}
    return [sid for sid in sorted(mine) if stack_armies(s, sid) > spaces[sid].stacking]


def map_signature(s: dict) -> int:
    """A checksum of who controls what and where rebels stand (the same in every process)."""
    return zlib.crc32(orjson.dumps([s["control"], s["rebel_spaces"], s["allies"]]))


# ----- labels ------------------------------------------------------------------------------------------------


def label(action, s=None) -> str:  # noqa: C901 - one case per kind of action
    gw_words = greatwar.label(action, s)
    if gw_words is not None:
        return gw_words
    if isinstance(action, str):
        return {
            "pass": "pass",
            "keep": "keep your hand",
            "done": "done",
            "confirm": "confirm",
            "refuse": "refuse",
            "yes": "yes",
            "no": "no",
            "search": "search the NG deck for Unification! (Blood and Iron)",
            "naval": "naval movement",
            "joint": "joint naval operations",
            "march": "march",
            "rail": "rail movement",
            "deploy": "deploy reserves",
            "deploy-free": "deploy reserves (free: Superior Staff Work)",
            "surrender": "surrender",
            "fight": "fight",
            "allow": "allow",
            "deny": "deny",
            "decline": "decline",
            "defend": "defend the minor power",
            "abandon": "abandon the minor power",
            "aid": "aid the minor power",
            "accept": "accept",
            "agree": "agree",
            "enforce": "enforce the blockade",
            "waive": "waive the blockade",
            "intercept": "attempt interception",
            "retreat": "retreat",
            "stay": "stay",
            "add": "add one loss to both sides",
            "jihad": "spend a Jihad marker",
            "marker": "take a -1 card marker",
            "discard": "discard a random card",
            "forbid": "forbid other players to join",
            "no-offer": "make no offer",
            "draw": "draw three national goals",
            "none": "none",
        }.get(action, action)
    if not isinstance(action, dict):
        return str(action)
    a = action
    if "card" in a and "as" in a:
        t = card_title(a["card"])
        how = a["as"]
        if how == "event":
            return f"{t}: event {a['option']}"
        if how == "mandatory":
            return f"{t}: mandatory event{'' if a['option'] == 'none' else ' ' + a['option']} + CP"
        return {"cp": f"{t} for CP", "industrialize": f"{t} into industrialization", "chain": f"{t} into the CP chain"}[
            how
        ]
    if "discard" in a and len(a) == 1:
        v = a["discard"]
        if v == "stability":
            return "discard a random card: +1 stability"
        if v == "india":
            return "discard a random card: India stable"
        return f"discard {card_title(v)}"
    if len(a) == 1 and ("keep" in a or "return" in a) and a.get("keep", a.get("return")) in deck().goals:
        g = deck().goals[a.get("keep", a.get("return"))]
        return f"{'keep' if 'keep' in a else 'return'} the national goal {g.title}"
    if "maintain" in a and len(a) == 1:
        return f"maintain the fort in {space_name(a['maintain'])}"
    if "mpit" in a and "track" in a:
        return f"add {a['track']} influence for {name(a['mpit'])}"
    if "shift" in a and len(a) == 1:
        return f"shift toward {a['shift']}"
    if "give" in a:
        return f"give {NAMES[a['give']]} a random card"
    if "ask" in a:
        return f"ask {NAMES[a['ask']]} for a random card"
    if "home" in a:
        return f"home card: {card_title(a['home'])}"
    if "ally" in a and len(a) == 1:
        return f"ally with {name(a['ally'])}"
    verb = next((k for k in ("loss", "support", "elite", "advance", "retreat", "move") if k in a), None)
    if verb and s is not None:
        uid = a["move"] if verb == "move" and isinstance(a["move"], str) else a.get("unit")
        if isinstance(uid, str) and uid in s.get("units", {}):
            what = _unit_text(s, uid)
            to = f" to {space_name(a['to'])}" if "to" in a else ""
            return {
                "loss": f"lose a step: {what}",
                "support": f"support with {what}",
                "elite": f"commit {what}",
                "advance": f"advance with {what}",
                "retreat": f"retreat {what}{to}",
                "move": f"move {what}{to}",
            }[verb]
    if "offer" in a and len(a) == 1:
        return f"offer {card_title(a['offer'])} ({card(a['offer']).cp} CP)"
    if "accept" in a and "cp" in a:
        return f"accept {name(a['accept'])}'s card ({a['cp']} CP)"
    if "italy_drm" in a:
        return "take the -2 of the Italy flashpoint" if a["italy_drm"] else "roll without the -2"
    if "nationality" in a and len(a) == 1:
        return f"the {a['nationality'].title()} nationality"
    if a.get("do") == "ef-free":
        return f"place a free {UNIT_WORDS.get(a['unit'], a['unit'])} in {space_name(a['space'])}"
    if "battle" in a and "from" in a:
        how = " (amphibious assault)" if a.get("amphibious") else ""
        return f"attack {space_name(a['battle'])} from {space_name(a['from'])}{how}"
    if "propose" in a:
        if a["propose"] == "white":
            return "propose a white peace"
        what = war.option_text(s, a["option"]) if "option" in a else "one treaty option"  # 16.1.4 (W29)
        return f"propose peace: {'concede' if a['propose'] == 'concede' else 'demand'} {what}"
    if (
        len(a) == 1
        and ("reduce" in a or "eliminate" in a)
        and s is not None
        and a.get("reduce", a.get("eliminate")) in s.get("units", {})
    ):
        verb = "reduce" if "reduce" in a else "eliminate"
        return f"{verb} {_unit_text(s, a[verb])}"
    if "who" in a and len(a) == 1:
        return f"award it to {name(a['who'])}"
    if "primary" in a and len(a) == 1:
        return f"{name(a['primary'])} is the primary defender"
    if "call" in a:
        return f"call {name(a['call'])} to the war"
    if "option" in a and len(a) >= 1 and isinstance(a["option"], str) and "card" not in a and "play" not in a:
        rest = {k: v for k, v in a.items() if k != "option"}
        extra = ", ".join(f"{k} {_thing(v)}" for k, v in rest.items())
        return f"treaty option: {a['option']}{' (' + extra + ')' if extra else ''}"
    if "play" in a:
        return f"play {card_title(a['play'])}{' (' + a['option'] + ')' if a.get('option') else ''}"
    if "do" in a:
        text = _do_label(a, s)
        top = s["stack"][-1] if s is not None and s.get("stack") else {}
        if text and top.get("state") == "spend" and top.get("role") in PLAYERS:
            from .actions import CHAIN_MAX, cost_of  # 12.1 L605-623: what the action costs, shown with it

            if a["do"] == "war":  # all the card's CP, and the CP chain's with "chain" (12.17, R4)
                cp = min(CHAIN_MAX, top.get("left", 0) + top.get("chain", 0)) if a.get("chain") else top.get("left", 0)
            else:
                cp = cost_of(s, top["role"], a)
            text += f" ({cp} CP)"
        if text:
            return text
    parts = []
    for k, v in a.items():
        if k == "avoid" and isinstance(v, list):
            parts.append(f"avoid {' and '.join(space_name(x) for x in v)}")  # 19.2: into several ports
        elif k in ("space", "to", "frm", "at", "from", "box", "battle", "passage", "take", "liberate", "avoid"):
            parts.append(f"{k} {space_name(v)}")
        elif k in ("power", "target", "minor", "who", "on", "annex", "main"):
            parts.append(f"{k} {name(v) if isinstance(v, str) else v}")
        elif k in ("unit", "move") and s is not None and isinstance(v, str) and v in s.get("units", {}):
            parts.append(_unit_text(s, v))
        elif k == "cards" and isinstance(v, list):
            parts.append(", ".join(card_title(c) for c in v))
        elif isinstance(v, bool):
            parts.append(k if v else f"no {k}")
        elif k == "card" and isinstance(v, str):
            parts.append(card_title(v))
        else:
            parts.append(f"{k} {v}")
    return ", ".join(parts)


def _thing(v) -> str:
    if isinstance(v, str):
        return space_name(v) if v in pack().spaces else name(v)
    return str(v)


def _unit_text(s, uid) -> str:
    if s is None or uid not in s.get("units", {}):
        return "a unit"
    u = s["units"][uid]
    kind = UNIT_WORDS.get(u["t"], u["t"])
    if u["o"] == "rebel":
        return f"rebels in {space_name(u['at'])}"
    return f"{name(u['o'])} {kind}{' (reduced)' if u['r'] else ''} in {space_name(u['at'])}"


def _do_label(a: dict, s) -> str | None:  # noqa: C901 - one phrase per action of 12.1
    do = a["do"]
    sp = space_name(a["space"]) if "space" in a else None
    if do == "war":
        return f"declare war on {name(a['target'])}{' with your CP chain' if a.get('chain') else ''}"
    if do == "army":
        owner = f"{name(a['for'])} " if "for" in a else ""
        kind = {"army": "army", "british": "British army", "indian": "Indian army", "turkish": "Turkish army",
                "arab": "Arab army"}.get(a["kind"], a["kind"])  # fmt: skip
        return f"recruit a {'full' if a.get('full') else 'reduced'} {owner}{kind} in {sp}"
    if do == "reinforce":
        return f"bring to full strength: {_unit_text(s, a['unit'])}"
    if do == "reserve":
        return "raise a reserve army step"
    if do == "reserve-step":
        return "bring a reserve army to full strength"
    if do == "ec":
        whose = f"{name(a['for'])}'s " if "for" in a else "an "
        return f"raise {whose}Elite Corps with {_unit_text(s, a['unit'])}"
    if do == "naval":
        return "naval movement"
    if do == "fleet":
        whose = f"{name(a['for'])} " if "for" in a else ""
        return f"build a {'full' if a.get('full') else 'reduced'} {whose}{a['unit']} in {sp}"
    if do == "refit":
        return f"refit {_unit_text(s, a['unit'])}"
    if do == "influence":
        return f"place influence in {sp}"
    if do == "diplomacy":
        return f"place a diplomacy marker on {name(a['minor'])}"
    if do == "remove":
        return f"remove the influence in {sp}" if sp else f"remove the diplomacy marker on {name(a['minor'])}"
    if do == "mpit":
        return f"MPIT: +1 {a['track']} influence for {name(a['power'])}"
    if do == "ally":
        return f"ally with {name(a['minor'])}"
    if do == "break":
        return f"break the alliance of {name(a['minor'])}"
    if do == "ef":
        to = space_name(a["to"])
        return f"move {_unit_text(s, a['unit'])} to {to}" if "unit" in a else f"raise an expeditionary force in {to}"
    if do == "pacify":
        return f"pacify {sp}"
    if do == "fort":
        return f"fort level {a['level']} in {sp}"
    if do == "redeploy":
        return "redeploy land units"
    if do == "battle":
        return f"attack the rebels in {space_name(a['at'])} from {space_name(a['frm'])}"
    if do == "zouaves":
        return "rebuild the Zouaves in Algeria"
    if do == "elite-ef":
        return f"rebuild an elite colonial EF in {sp}"
    if do == "reforms":
        return f"Reforms: rights for the {a['nationality'].title()}"
    if do == "citizenship":
        extra = " (-1 stability for +2)" if a.get("stability") else ""
        return f"Expand Citizenship: the {a['nationality'].title()}{extra}"
    if do == "incorporate":
        return f"Incorporate {name(a['minor'])}"
    return None


PROCEDURES = {
    "game": Game(),
    "prep": Prep(),
    "diplomacy": Diplomacy(),
    "metternich": Metternich(),
    "action-phase": ActionPhase(),
}
STATES = {
    "prep-discard": PrepDiscard(),
    "gift": Gift(),
    "accept-gift": AcceptGift(),
    "home": Home(),
    "metternich": MetternichState(),
    "impulse": Impulse(),
    "keep": Keep(),
}
