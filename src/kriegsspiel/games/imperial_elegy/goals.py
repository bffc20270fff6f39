"""National goals and victory (2.2-2.4, 20.11, 25.5, 33.1 Blood and Iron!).

- ``call(s, "draw-goals", power=p)``: 20.11 L1165-1167 / 2.4 L146: shuffle the power's NG
  deck, draw three, keep one in secret, return the rest; a power holding more than three
  NGs then returns one of its choice. ``draw``/``keep`` change the numbers (New
  Administration's ng-draw verb); ``blood_and_iron=True`` (the End Phase of turn 1, for
  Prussia) first offers 33.1's search for Unification!, taken face up.
- ``score(s)``: every power's NGs, stability VP, VP markers and special VP (2.2.1 L125-128,
  2.4.2 L149-153, 25.5 L1319-1320, 33.5 L1571).
- ``call(s, "final-scoring", reason=..., great_war=bool)``: at the outbreak 25.5 (draw up to three NGs first),
  the score, the winners (2.3: ties win together), ``game_over``; with ``outbreak=True`` (the
  Great War is played, greatwar.py) the scores go to ``s["gw"]["vp"]`` and the game goes on.
- ``auto_victory(s)`` and ``call(s, "auto-victory-check")``: 2.2.4 L137-139.

State: ``powers[p]["goals"]`` (secret), ``["goal_deck"]`` (secret), ``["public_goals"]`` (NGs
played face up, RULINGS_END N5: a key the board shows to everyone), ``flags["great_war"]``
(the Great War broke out: "the GW does not occur" goals fail, N4).
"""

from __future__ import annotations

from ...engine import STAY, Procedure, State, ask, call, checkpoint, game_over, log
from ...engine.rng import shuffle
from ...engine.words import series
from .conditions import check_all, measure
from .data import KEY_TYPES, PLAYERS, pack
from .deck import deck
from .world import BOT_GOALS, NAMES, bot_level, controls, ranked, territorial_keys

UNIFICATION = "ge-unification"  # 33.1 Blood and Iron!: Prussia's Unification! NG (L1516)
NG_HELD = 3  # 2.4 L146, 20.11 L1167, 25.5 L1320


def goal(gid: str):
    return deck().goals[gid]


def goal_title(gid: str) -> str:
    return goal(gid).title


# ----- drawing NGs (20.11, 2.4) -------------------------------------------------------------------------------


class DrawGoals(Procedure):
    """20.11 L1165-1167: shuffle the NG deck, draw three, keep one, return the rest; then a
    power with more than three NGs returns one of its choice."""

    def start(self, s, f):
        p = f["power"]
        st = s["powers"][p]
        if bot_level(s, p) is not None:  # 34.1 L1585: a bot draws its NGs only at the end
            return None
        if f.get("blood_and_iron") and p == "ge" and UNIFICATION in st["goal_deck"]:
            ask(s, "goal-blood-iron", p)  # 33.1 L1516: instead of drawing
            return "decided"
        return "draw"

    def decided(self, s, f):
        if s["powers"][f["power"]].get("public_goals") and UNIFICATION in s["powers"][f["power"]]["goals"]:
            return "trim"
        return "draw"

    def draw(self, s, f):
        p = f["power"]
        st = s["powers"][p]
        if not st["goal_deck"]:
            log(s, f"{NAMES[p]} has no national goals left to draw.", "20.11")
            return "trim"
        shuffle(s, st["goal_deck"])  # 2.4.1 L147: reshuffle before drawing
        n = min(f.get("draw", 3), len(st["goal_deck"]))
        drawn = [st["goal_deck"].pop() for _ in range(n)]
        keep = min(f.get("keep", 1), n)
        log(s, f"{NAMES[p]} draws {n} national goal{'s' if n != 1 else ''} and keeps {keep}.", "20.11")
        log(s, f"You draw: {', '.join(goal_title(g) for g in drawn)}.", "20.11", to=[p])
        ask(s, "goal-keep", p, drawn=drawn, keep=keep)
        return "trim"

    def trim(self, s, f):
        p = f["power"]
        if len(s["powers"][p]["goals"]) > NG_HELD:
            ask(s, "goal-return", p)  # 20.11 L1167
            return "trim"
        return None


class GoalKeep(State):
    """Keep NGs among those drawn, in secret (2.4.1 L147); the rest go back to the NG deck."""

    def prompt(self, s, f, role):
        return f"Keep {f['keep']} of the national goals you drew (20.11); the others return to your NG deck."

    def actions(self, s, f, role):
        return [{"keep": g} for g in f["drawn"]]

    def act(self, s, f, role, action):
        st = s["powers"][role]
        g = action["keep"]
        st["goals"].append(g)
        f["drawn"] = [x for x in f["drawn"] if x != g]
        f["keep"] -= 1
        log(s, f"You keep {goal_title(g)}.", "20.11", to=[role])
        if f["keep"] > 0 and f["drawn"]:
            return STAY
        st["goal_deck"] += f["drawn"]
        log(s, f"{NAMES[role]} keeps a national goal and returns {len(f['drawn'])} to its NG deck.", "20.11")
        return None


class GoalReturn(State):
    """20.11 L1167: with more than three NGs, return one of your choice to the NG deck."""

    def prompt(self, s, f, role):
        return "You hold more than three national goals: return one to your NG deck (20.11)."

    def actions(self, s, f, role):
        return [{"return": g} for g in s["powers"][role]["goals"]]

    def act(self, s, f, role, action):
        st = s["powers"][role]
        g = action["return"]
        st["goals"].remove(g)
        st["goal_deck"].append(g)
        if g in st.get("public_goals", []):
            st["public_goals"] = [x for x in st["public_goals"] if x != g]
        log(s, f"{NAMES[role]} returns a national goal to its NG deck.", "20.11")
        log(s, f"You return {goal_title(g)}.", "20.11", to=[role])
        return None


class GoalBloodIron(State):
    """33.1 Blood and Iron! (L1516): in the End Phase of turn 1 Prussia may, instead of
    drawing, search its NG deck for Unification! and take it face up."""

    def prompt(self, s, f, role):
        return "Blood and Iron! (33.1): take Unification! face up instead of drawing national goals?"

    def actions(self, s, f, role):
        return ["search", "draw"]

    def act(self, s, f, role, action):
        if action == "draw":
            return None
        st = s["powers"][role]
        st["goal_deck"].remove(UNIFICATION)
        st["goals"].append(UNIFICATION)
        st["public_goals"] = [*st.get("public_goals", []), UNIFICATION]
        log(s, "Blood and Iron! Prussia takes the Unification! national goal face up.", "33.1")
        checkpoint(s)
        return None


# ----- scoring (2.2.1, 2.4.2, 25.5) ----------------------------------------------------------------------------

SPECIAL_VP = {  # powers.json special_vp, read as conditions (2.2.1 L128)
    "ge": ("Germany is unified", lambda s: bool(s["flags"].get("germany_unified"))),  # Imperial Germany
    "ru": ("Russia controls Istanbul", lambda s: controls(s, "ru", "istanbul")),  # 33.5 The Second Rome L1571
}


def ranked_vp(s: dict, g) -> dict:
    """A ranked NG's places among all players (2.4.2 L152; world.ranked skips places after
    ties). A measure of 0 earns nothing (RULINGS_END N6)."""
    values = {q: measure(s, q, g) for q in PLAYERS}
    places = ranked(values)
    return {q: (places[q] if values[q] > 0 else 0) for q in PLAYERS}, values


def goal_vp(s: dict, power: str, gid: str) -> tuple:
    """(VP, detail) of one NG for the power that holds it (2.4.2; only the holder scores, L152)."""
    g = goal(gid)
    if g.kind == "achievement":
        ok = check_all(s, g.conditions, power)
        return (g.vp if ok else 0), ("achieved" if ok else "not achieved")
    vps, values = ranked_vp(s, g)
    order = ", ".join(f"{NAMES[q]} {values[q]}" for q in sorted(PLAYERS, key=lambda q: -values[q]))
    return vps[power], f"{values[power]} ({order})"


def score(s: dict) -> dict:
    """Every power's VP (2.2.1 L125-128, 25.5 L1320): NGs, stability, VP markers, special VP."""
    p = pack()
    out = {}
    for q in PLAYERS:
        st = s["powers"][q]
        goals = []
        total = 0
        for gid in st["goals"]:
            vp, detail = goal_vp(s, q, gid)
            goals.append({"id": gid, "title": goal_title(gid), "vp": vp, "detail": detail})
            total += vp
        stab = p.powers[q].stability[st["stability"]].vp  # the stability track's VP (2.2.1 L125)
        markers = st.get("vp", 0)
        special = 0
        special_why = []
        if q in SPECIAL_VP:
            why, test = SPECIAL_VP[q]
            amount = sum(x.vp for x in p.powers[q].special_vp)  # the display's VP (powers.json; D13, D21)
            if amount and test(s):
                special += amount
                special_why.append(f"{why} (+{amount})")
        total += stab + markers + special
        out[q] = {
            "goals": goals,
            "vp": total,
            "detail": {"goals": sum(g["vp"] for g in goals), "stability": stab, "markers": markers,
                       "special": special, "special_why": special_why},
        }  # fmt: skip
    return out


class FinalScoring(Procedure):
    """2.2.1 L129: all NGs are revealed and scored, and the top score wins; ties win together
    (2.3 L141). At the Great War's outbreak only (25.5 L1320), powers with fewer than three NGs
    first draw three and keep one until they have three; at the end of turn 7 each scores the
    NGs it holds (RULINGS_END N15)."""

    def start(self, s, f):
        if not f.get("outbreak"):
            s["phase"] = "over"
        if f.get("great_war") or "great war" in (f.get("reason") or "").lower():
            s["flags"]["great_war"] = True  # N4: the "GW does not occur" NGs fail
        f["i"] = 0 if s["flags"].get("great_war") else len(PLAYERS)
        return "bots"

    def bots(self, s, f):
        """34.1 L1585-1588: a power played by the bot rules draws its NGs now, as many as its
        difficulty says, and keeps them all."""
        for q in PLAYERS:
            level = bot_level(s, q)
            st = s["powers"][q]
            if level is None or st.get("bot_goals_drawn"):
                continue
            st["bot_goals_drawn"] = True
            shuffle(s, st["goal_deck"])
            n = min(BOT_GOALS[level], len(st["goal_deck"]))
            st["goals"] += [st["goal_deck"].pop() for _ in range(n)]
            log(s, f"{NAMES[q]} ({level} bot) draws its {n} national goals (34.1).", "34.1")
        return "fill"

    def fill(self, s, f):
        while f["i"] < len(PLAYERS):
            q = PLAYERS[f["i"]]
            st = s["powers"][q]
            if len(st["goals"]) < NG_HELD and st["goal_deck"]:
                call(s, "draw-goals", power=q)
                return "fill"
            f["i"] += 1
        return "score"

    def score(self, s, f):
        sc = score(s)
        for q in PLAYERS:
            r = sc[q]
            parts = [f"{g['title']} {g['vp']} ({g['detail']})" for g in r["goals"]] or ["no national goals"]
            d = r["detail"]
            extra = [f"stability {d['stability']:+d}"] if d["stability"] else []
            if d["markers"]:
                extra.append(f"VP markers {d['markers']:+d}")
            extra += d["special_why"]
            log(s, f"{NAMES[q]}: {'; '.join(parts + extra)} — {r['vp']} VP.", "2.2.1")
        checkpoint(s)
        scores = {q: sc[q]["vp"] for q in PLAYERS}
        if f.get("outbreak"):  # 25.5 L1319: scored for the National Will Step (25.6) and the end (2.2.2)
            s["gw"]["vp"] = scores
            for q in PLAYERS:
                s["powers"][q]["goals_public"] = True  # 25.5: revealed
            return None
        top = max(scores.values())
        winners = [q for q in PLAYERS if scores[q] == top]
        names = series(NAMES[q] for q in winners)
        log(s, f"{names} win{'s' if len(winners) == 1 else ''} with {top} VP ({f.get('reason', 'the end')}).", "2.3")
        game_over(s, winners, scores, f.get("reason") or "end of the game")
        return None


# ----- auto-victory (2.2.4) ------------------------------------------------------------------------------------


def auto_victory(s: dict) -> list:
    """Players whose territorial keys reach the number on their display (2.2.4 L137)."""
    out = []
    spaces = pack().spaces
    held: dict = {}  # every key each holds: a bound checked first, as this runs after every impulse
    for sid, c in s["control"].items():
        if spaces[sid].type in KEY_TYPES:
            held[c] = held.get(c, 0) + (2 if sid == "india" else 1)
    for q in PLAYERS:
        need = pack().powers[q].auto_victory_keys
        if need and held.get(q, 0) + (2 if q == "ru" else 0) >= need and territorial_keys(s, q) >= need:
            out.append(q)
    return out


class AutoVictoryCheck(Procedure):
    """2.2.4 L137-139: a player controlling its display's number of territorial keys wins at once."""

    def start(self, s, f):
        end_by_auto_victory(s)
        return None


def end_by_auto_victory(s: dict) -> bool:
    """End the game if a player has its auto-victory keys (2.2.4); True if it did."""
    winners = auto_victory(s)
    if not winners:
        return False
    for q in winners:
        log(s, f"{NAMES[q]} controls {territorial_keys(s, q)} territorial keys: auto-victory!", "2.2.4")
    s["phase"] = "over"
    game_over(s, winners, {q: territorial_keys(s, q) for q in PLAYERS}, "auto-victory (2.2.4)")
    return True


PROCEDURES = {"draw-goals": DrawGoals(), "final-scoring": FinalScoring(), "auto-victory-check": AutoVictoryCheck()}
STATES = {"goal-keep": GoalKeep(), "goal-return": GoalReturn(), "goal-blood-iron": GoalBloodIron()}
