"""Imperial Elegy: six great powers from 1850 to the Great War.

Rulebook: shared/rulebooks/000 (cited by rule and line, 12.5 L661). The state
and the questions asked of it are in ``world.py``; the turn (Prep, Diplomacy,
Action, End) in ``sequence.py``; the peacetime actions of §12 in
``actions.py``; wars (§12.17-§17) in ``war.py``; land and naval battles
(§18-§19) in ``battle.py``; card events (§9) in ``events.py``; the End Phase
(§20) in ``end.py``; rebels, Italy and the Crisis Table (§21-§23) in
``events.py`` and ``crisis.py``; national goals and victory (§2.2-§2.4,
§25.5) in ``goals.py``; the Great War (§24-§32) in ``greatwar.py``.
RULINGS.md settles the rulebook's gaps.
"""

from __future__ import annotations

from ...engine import Option, Rules, Scenario
from ...engine.rules import win_chances
from . import (
    actions,
    battle,
    bots,
    bots_rulebook,
    crisis,
    data,
    effects,
    end,
    events,
    goals,
    greatwar,
    italy,
    naval,
    sequence,
    war,
    world,
)
from .data import PLAYERS, pack
from .deck import deck, public
from .gw_deck import gw_deck, public_gw
from .world import BOT_LEVELS, BOXES, NAMES

# What the board shows: every key is named, with the rule that makes it public; a key
# the state gains is seen by nobody until it is named here. ``world.py`` says what each
# holds; the deck is shown by its size.
SHOWN = (
    "turn",  # 2.0 the decade
    "first_turn",  # the scenario's first decade
    "wtt",  # 3.7 World Tension
    "phase",
    "flags",  # 3.6 event boxes and markers
    "majors",  # 4.6.2, 22.3 the non-player majors' tracks
    "control",  # 4.7
    "units",  # 7.0 every unit on the map
    "next_unit",
    "influence",  # 12.5.1
    "diplomacy",  # 12.5.3
    "allies",  # 12.8
    "pacification",  # 12.11
    "goe",  # 12.11.2
    "forts",  # 12.12
    "woi",  # 20.8 Wars of Independence
    "rebel_spaces",  # 21.0
    "occupied",  # 15.3
    "build_box",  # 3.5, 20.3
    "reserve_box",  # 3.8, 22.5
    "gone",  # 3.2.5.1, 22.2
    "discard",  # 9.0, 10.1 face up
    "removed",
    "permanent",
    "impulse",  # 4.5, 12.0 the impulse being played
    "cp",
    "last_responses",  # 9.1.3 responses played
    "war",  # 12.17, 13.0-17.0 the war in progress (war.py says its fields)
    "battle",  # 18.0
    "last_battle",
    "naval_move",  # 19.0
    "last_naval_battle",
    "crisis",  # 23.0 the Crisis Table
    "gw",  # 24.0-32.0 the Great War (greatwar.py says its fields; the GW deck and hands are not in it)
    "history",  # wars, independence and the rolls the goals and events read
)
POWER_SHOWN = (
    "stability",
    "industry",
    "manpower",
    "mp_bonus",
    "reserves",  # 7.3
    "alliance",  # 8.1 the Alliance Track
    "mpit",  # 8.5
    "homes",  # 11.2 its two home cards
    "marker",  # 10.3
    "industrialize",  # 12.13
    "auto",
    "chain",  # 12.14
    "passed",
    "gifts",  # 11.1 announced in turn order
    "prep_discarded",
    "vp",
    "truces",  # 13.5
    "limits",
    "won_wars",
    "lost_wars",
    "lost_elite",
    "forts_kept",
    "public_goals",  # N5 goals face up
    "goals_due",
)
"""A power's player display (7.0 L458); its hand, home card and goals are its own."""


class ImperialElegy(Rules):
    id = "imperial-elegy"
    title = "Imperial Elegy"
    version = 1
    roles = PLAYERS
    role_names = {r: NAMES[r] for r in PLAYERS}
    player_counts = (6,)
    scenarios = (
        Scenario("1850", "The Campaign Game, 1850-1914", "Seven decades from the Crimea to the Great War."),
        Scenario("1870", "1870: the Wars of Unification", "Italy united, the Suez Canal open; five decades."),
        Scenario("1880", "1880: the Scramble", "Germany and Italy united; four decades."),
    )
    options = {
        "no_great_war_turns": Option(
            False,
            (False, True),
            title="End the game at the Great War's outbreak",
            help="The Great War's outbreak ends the game with the national goals scored (25.5): "
            "the shorter evening game. Off: the Great War is fought, up to six GW turns (§24-§32).",
        )
    }
    options.update(
        {
            f"{p}_bot": Option(
                "no",
                ("no", *BOT_LEVELS),
                title=f"{NAMES[p]} plays by the bot rules",
                help="§34: goals drawn only at the end (3, 4, 5), free redeployment in wars "
                "(1 army, half, all). The rulebook bot's seat: normal.",
            )
            for p in PLAYERS
        }
    )
    procedures = {
        **sequence.PROCEDURES,
        **actions.PROCEDURES,
        **war.PROCEDURES,
        **battle.PROCEDURES,
        **naval.PROCEDURES,
        **effects.PROCEDURES,
        **events.PROCEDURES,
        **italy.PROCEDURES,
        **end.PROCEDURES,
        **crisis.PROCEDURES,
        **goals.PROCEDURES,
        **greatwar.PROCEDURES,
    }
    states = {
        **sequence.STATES,
        **actions.STATES,
        **war.STATES,
        **battle.STATES,
        **naval.STATES,
        **effects.STATES,
        **events.STATES,
        **italy.STATES,
        **end.STATES,
        **crisis.STATES,
        **goals.STATES,
        **greatwar.STATES,
    }
    bots = {**bots.BOTS, **bots_rulebook.BOTS}
    max_decisions = 40000
    search_horizon = 120

    def seat_options(self, options, seats):
        """A seat the rulebook bot takes plays by the bot rules (34.1): at normal difficulty
        unless the options name a level (RULINGS_BOTS P1)."""
        out = dict(options)
        for p, who in seats.items():
            if p in PLAYERS and isinstance(who, str) and who.removeprefix("bot:") in bots_rulebook.BOTS:
                if out.get(f"{p}_bot", "no") == "no":
                    out[f"{p}_bot"] = "normal"
        return out

    def bot_for(self, s, role):
        return "heuristic" if "heuristic" in self.bots else "random"

    def setup(self, s):
        sequence.setup(s)

    def board(self, s, role):
        """Everything on the map and the displays is public (7.0 L458); a power's hand,
        chosen home card, national goals and NG deck are its own (2.4.1, 11.2); the deck's
        order is nobody's. Every key is named (``SHOWN``, ``POWER_SHOWN``): a key the state
        gains is seen by nobody until it is named here."""
        out = {k: s[k] for k in SHOWN if k in s}
        out["deck"] = len(s["deck"])
        if "gw_deck" in s:
            out["gw_deck"] = len(s["gw_deck"])  # 26.0: the GW deck, by its size
        powers = {}
        goals = deck().goals
        for p in PLAYERS:
            st = s["powers"][p]
            d = {k: st[k] for k in POWER_SHOWN if k in st}
            d["hand_size"] = len(st["hand"])
            d["goal_count"] = len(st["goals"])
            d["home_chosen"] = st["home"] is not None
            d["gw_hand_size"] = len(st.get("gw_hand", ()))
            if p == role:
                d["gw_hand"] = list(st.get("gw_hand", ()))
                d["hand"] = list(st["hand"])
                d["home"] = st["home"]
                d["goals"] = list(st["goals"])
                d["goal_deck"] = list(st["goal_deck"])
                top = s["stack"][-1] if s["stack"] else {}
                drawn = list(top.get("drawn", ())) if top.get("state") == "goal-keep" and top.get("role") == p else []
                if drawn:
                    d["goals_drawn"] = drawn  # 20.11: drawn, to keep or return, its own
                d["goal_cards"] = {
                    g: {"title": goals[g].title, "text": goals[g].text, "kind": goals[g].kind, "vp": goals[g].vp}
                    for g in (*st["goals"], *st["goal_deck"], *drawn)
                }
                if st.get("draft"):
                    d["draft"] = list(st["draft"])
            if st.get("goals_public"):
                d["goals"] = list(st["goals"])
            powers[p] = d
        out["powers"] = powers
        out["role"] = role
        top = s["stack"][-1] if s["stack"] else None
        out["asking"] = top.get("state") if top else None
        return out

    def scores(self, s):
        """Each power's VP as the final scoring would count them now (2.2.1: goals, stability,
        markers)."""
        sc = goals.score(s)
        return {q: sc[q]["vp"] for q in s["roles"]}

    def evaluate(self, s):
        """A search's estimate from ``scores`` (on the sampled goals of the others)."""
        return win_chances(self.scores(s), 2.0)

    def study_notes(self, s):
        """The cards each power played (12.0, 27.2), the wars it declared (13.0), and the
        spaces where land battles were fought (14.0, 28.0)."""
        tags: dict = {r: [] for r in s["roles"]}
        places = []
        for role, a in s["actions"]:
            if not isinstance(a, dict):
                continue
            for key in ("card", "play"):
                cid = a.get(key)
                if isinstance(cid, str):
                    tags.setdefault(role, []).append(_card_title(cid))
            if a.get("do") == "war" and isinstance(a.get("target"), str):
                tags.setdefault(role, []).append(f"war on {world.space_name(a['target'])}")
            if isinstance(a.get("battle"), str):
                places.append(world.space_name(a["battle"]))
        return {"tags": tags, "places": places}

    def scramble(self, s, role, rng):
        """Shuffle what ``role`` may not know: the deck's order and the other powers'
        hands (their sizes kept), their home card while it is still in hand, and their
        secret national goals with their NG decks (2.4.1)."""
        self.check_role(s, role)
        t = self.clone(s)
        others = [p for p in PLAYERS if p != role]
        pool = list(t["deck"])
        for p in others:
            st = t["powers"][p]
            pool += [c for c in st["hand"] if c != st["home"]]
        # A card of another's hand that a question under way names (a card offered with its
        # CP announced, 12.13.1) is drawn again among the unknown cards of the same CP, and
        # the question is made to name the new one: the sample keeps what was announced.
        named = _named_cards(t["stack"])
        kept: dict = {p: [] for p in others}
        swap: dict = {}
        for p in others:
            st = t["powers"][p]
            for c in st["hand"]:
                if c == st["home"] or c not in named:
                    continue
                same = [x for x in pool if world.card(x).cp == world.card(c).cp]
                x = same[rng.randrange(len(same))]
                pool.remove(x)
                swap[c] = x
                kept[p].append(x)
        if swap:
            t["stack"] = _renamed(t["stack"], swap)
        rng.shuffle(pool)
        t["deck"] = pool[: len(t["deck"])]
        pool = pool[len(t["deck"]) :]
        for p in others:
            st = t["powers"][p]
            n = sum(1 for c in st["hand"] if c != st["home"]) - len(kept[p])
            home = [c for c in st["hand"] if c == st["home"]]
            st["hand"], pool = pool[:n] + kept[p] + home, pool[n:]
            if home:
                choices = sequence.home_choices(t, p)
                st["home"] = choices[rng.randrange(len(choices))]
                st["hand"][-1] = st["home"]
            if not st.get("goals_public"):
                goals = st["goals"] + st["goal_deck"]
                rng.shuffle(goals)
                st["goals"], st["goal_deck"] = goals[: len(st["goals"])], goals[len(st["goals"]) :]
        if "gw_deck" in t:  # 26.0: the GW deck's order and the others' GW cards
            pool = list(t["gw_deck"])
            for p in others:
                pool += t["powers"][p].get("gw_hand", [])
            rng.shuffle(pool)
            t["gw_deck"], pool = pool[: len(t["gw_deck"])], pool[len(t["gw_deck"]) :]
            for p in others:
                n = len(t["powers"][p].get("gw_hand", []))
                if n:
                    t["powers"][p]["gw_hand"], pool = pool[:n], pool[n:]
        return t

    def label(self, action, s=None):
        return sequence.label(action, s)

    def public_data(self):
        return {**data.public(), **deck_public(), **public_gw()}

    def validate_data(self):
        return {**data.validate(), **crisis.validate_tables(), **bots_rulebook.validate()}


CARD_FIELDS = ("card", "offer", "play", "home")
"""The fields in which a question under way names a card (an offer to the Ottomans, 12.13.1; a
card played; an event's card). Other fields name powers, minors and spaces, and one minor's id
is a card's too (Italy): those are never renamed."""


def _named_cards(x, out: set | None = None) -> set:
    """Every card id a question under way names in a card field (``CARD_FIELDS``), at any depth."""
    out = set() if out is None else out
    if isinstance(x, dict):
        for k, v in x.items():
            if k in CARD_FIELDS and isinstance(v, str):
                out.add(v)
            else:
                _named_cards(v, out)
    elif isinstance(x, list):
        for v in x:
            _named_cards(v, out)
    return out


def _renamed(x, swap: dict):
    """``x`` with every card field naming a card in ``swap`` naming its new one instead."""
    if isinstance(x, dict):
        return {
            k: swap.get(v, v) if k in CARD_FIELDS and isinstance(v, str) else _renamed(v, swap) for k, v in x.items()
        }
    if isinstance(x, list):
        return [_renamed(v, swap) for v in x]
    return x


def deck_public() -> dict:
    return public()


__all__ = ["ImperialElegy", "BOXES", "NAMES", "PLAYERS", "deck", "pack", "world"]


def _card_title(cid: str) -> str:
    """A card's title, from either deck (the id when neither knows it)."""
    try:
        return world.card(cid).title
    except KeyError:
        c = gw_deck().cards.get(cid)
        return c.title if c else cid
