"""The Great War (rulebook §24-§32, L1287-1510): once it breaks out it replaces the rest of the
game with at most six GW turns, numbered 0 to 5 (24.1 L1288-1293):

- the Outbreak Step, once (25.0): the action cards are discarded, the alliances go to war, the
  US waits in the neutral box, Italy may join, the NGs are scored, the National Will bonuses
  are taken and each alliance sets its turn order in secret;
- then each GW turn: the Planning Step (26.0: a GW card each, the GW combat cards turned face
  up, the CP budgets and a CP for an ally), the Maneuver Step (27.0: impulses of one CP each in
  the GW turn order, with a GW card played beside the action) and the Winter Step (29.0:
  blockade, the colonial war, the neutral players).

The GW is fought as a war (war.py) whose two sides are the alliances: ``s["war"]`` holds it
with ``gw`` set, the Triple Alliance as the "attacker" side and the Triple Entente as the
"defender" side, so that every wartime action (15.2), land battle (§18, with the trenches and
forts of §28 in battle.py) and naval battle serves it unchanged. Its ``order`` is the GW turn
order: players, "bonus-alliance"/"bonus-entente" (25.7.1), then "us" and "italy" once in the
war (26.3). ``s["gw"]`` (public):

    turn          the GW turn, 0-5
    step          "outbreak", "planning", "maneuver", "winter"
    sides         {"alliance": [players], "entente": [players]} (25.2; neutrals may join, 29.3)
    neutrals      neutral players (25.2, 27.4, 29.3)
    eliminated    players who surrendered (30.1)
    vp            each player's VP scored at the outbreak (25.5), for 25.6 and 2.2.2-2.2.3
    us            {"box": "neutral" | "alliance" | "entente" | None, "stability", "manpower",
                  "entered": GW turn} (25.2, 32.1)
    combat        {card id: {"holder": player, "up": bool}}: the GW combat cards played,
                  face down until the next Planning Step (26.1)
    discard       the GW discard pile (face up)
    trenches      {space: {"by": side key of the Attacker, "adv": side key with the
                  advantage or None (deadlock)}}: trench battle markers (28.1.1)
    exhausted     players whose manpower is exhausted (27.6)
    reserve_ecs   {player: ECs attached to reserve armies in the holding box} (25.6)
    uk_armies     British armies waiting under Join Your Country's Army (25.6.1)
    held          {space: controller} territorial keys occupied by an enemy, for 30.0
    bonus_cp      {player: CP} from the colonial war for the next Planning Step (29.2.1)
    winner        the alliance that won the GW, once it has (31.0)
    why           how the GW ended without a winner: "turn-5" (2.2.3), or "both-defeated" when one
                  event defeats both alliances at once (G33)

``s["gw_deck"]`` (the GW deck, nobody's to see) and each player's ``gw_hand`` (its own) are
secret. RULINGS_GW.md (G1, G2...) settles what the rulebook leaves open.
"""

from __future__ import annotations

import itertools

from ...engine import STAY, Procedure, State, ask, ask_all, call, checkpoint, game_over, log
from ...engine.rng import roll, shuffle
from ...engine.words import series
from . import war
from . import world as W
from .battle import unit_words
from .data import KEY_TYPES, PLAYERS
from .goals import end_by_auto_victory
from .gw_deck import gw_deck
from .world import ARMY_TYPES, EF_TYPES, NAMES, NAVAL_TYPES, P, name, space_name

SIDES = ("alliance", "entente")
KEY = {"alliance": "attacker", "entente": "defender"}  # the war side each alliance fights as
ALLIANCE = {v: k for k, v in KEY.items()}
LAST_TURN = 5  # 31.0 L1490: the GW ends at the end of GW turn 5 (there is a GW turn 0)
TOPS = {"stability": 6, "industry": 10, "manpower": 10}  # 25.6: a track at its top gives a reserve army (G3)
WILL = ((9, 3), (7, 2), (5, 1), (3, 0))  # 25.6 L1322-1327: VP -> display track boosts (and 1 EC from 3 VP)
NO_WAR_ROLL = {1: ("ge", "fr"), 2: ("fr", "uk"), 3: ("uk", "ru"), 4: ("ru", "ot"), 5: ("ot", "au"), 6: ("au", "ge")}
FIRST_SIDE_WITHOUT_GE = ("uk", "fr", "au", "ru")  # 25.7 L1336
COLONIES = ("africa", "asia")  # 29.2: the two submaps of the colonial war
SUPREMACY = {"africa": ("south-atlantic", "indian-ocean"), "asia": ("pacific", "indian-ocean")}  # 29.2 L1451-1452
RU_MARCHES = ("central-asia", "qajar-persia", "manchuria")  # 29.2.1 L1461
GW_ACTIONS = ("refit", "draft", "elite-corps", "refit-fleet")  # 27.5.1-27.5.4, one CP each
STAY_OUT = "stay-out"  # a neutral player's answer: it does not join the war (29.3, 32.4)
US_ARMIES, US_NAVIES = 3, 4  # 32.1 L1497
US_SQUADRONS = 2  # 32.1 L1497: the two naval units added before the Dreadnoughts card


def gw(s: dict) -> dict:
    return s["gw"]


def side_of(s: dict, q: str) -> str | None:
    """The alliance a player, the US or Italy fights in, or None (neutral, eliminated)."""
    g = gw(s)
    for a in SIDES:
        if q in g["sides"][a]:
            return a
    if q == "us" and g["us"]["box"] in SIDES:
        return g["us"]["box"]
    if q == "italy" and "italy" in s["war"]["attackers"] + s["war"]["defenders"]:
        return ALLIANCE[war.key_of(s, "italy")]
    return None


def owner_alliance(s: dict, owner: str) -> str | None:
    """The alliance whose side an owner's units fight on: a player's, the US's, Italy's, or a
    minor's in the war through its allied player."""
    if owner in PLAYERS or owner in ("us", "italy"):
        return side_of(s, owner)
    k = war.key_of(s, owner)
    return ALLIANCE[k] if k else None


def fighting(s: dict) -> list:
    """The players at war, in turn order."""
    g = gw(s)
    return [q for q in PLAYERS if q in g["sides"]["alliance"] or q in g["sides"]["entente"]]


def alive_members(s: dict, a: str) -> list:
    """An alliance's players not eliminated (30.1 L1479), in the order they joined it."""
    g = gw(s)
    return [q for q in g["sides"][a] if q not in g["eliminated"]]


def belligerents(s: dict) -> list:
    """The belligerent powers (K20, K22): the players at war and not eliminated (30.1 L1479), in
    turn order, then the US and Italy while in the war."""
    g = gw(s)
    out = [q for q in fighting(s) if q not in g["eliminated"]]
    return out + [x for x in ("us", "italy") if side_of(s, x) is not None]


def neutrals(s: dict) -> list:
    return [q for q in gw(s)["neutrals"] if q not in gw(s)["eliminated"]]


def hand(s: dict, q: str) -> list:
    return s["powers"][q].setdefault("gw_hand", [])


def card(cid: str):
    return gw_deck().cards[cid]


def manpower(s: dict, q: str) -> int:
    if q in ("us", "italy"):
        return gw(s)["us"]["manpower"] if q == "us" else s["majors"]["italy"].get("gw_manpower", 0)
    return sum(s["powers"][q]["manpower"].values())


def main_kind(q: str) -> str:
    return P().powers[q].manpower_kinds[0]


def stability(s: dict, q: str) -> int:
    if q == "us":
        return gw(s)["us"]["stability"]
    if q == "italy":
        return s["majors"]["italy"].get("gw_stability", 0)
    return s["powers"][q]["stability"]


def change_stability(s: dict, q: str, n: int, why: str, rule: str = "30.0") -> None:
    """30.0 L1469-1477 (32.1, 32.2 for the US and Italy): within 0-6; surrender follows (30.1)."""
    old = stability(s, q)
    new = max(0, min(6, old + n))
    if new == old:
        return
    if q == "us":
        gw(s)["us"]["stability"] = new
    elif q == "italy":
        s["majors"]["italy"]["gw_stability"] = new
    else:
        s["powers"][q]["stability"] = new
    log(s, f"{name(q)} {'gains' if n > 0 else 'loses'} {abs(n)} stability ({why}): {old} -> {new}.", rule)


# ----- the outbreak (25.0) ----------------------------------------------------------------------


def start_state(s: dict) -> dict:
    return {
        "turn": 0,
        "step": "outbreak",
        "sides": {"alliance": [], "entente": []},
        "neutrals": [],
        "eliminated": [],
        "vp": {},
        "us": {"box": None, "stability": 3, "manpower": 3, "entered": None},
        "combat": {},
        "discard": [],
        "trenches": {},
        "exhausted": [],
        "reserve_ecs": {},
        "uk_armies": 0,
        "held": {},
        "bonus_cp": {},
        "scorched": False,
        "winner": None,
        "why": None,
        "answer": None,
    }


class GreatWar(Procedure):
    """24.1 L1288-1293: the Outbreak Step once, then GW turns of Planning, Maneuver and Winter
    until an alliance is defeated (31.0) or GW turn 5 is over."""

    def start(self, s, f):
        s["war"] = None  # G1: a war in progress is swallowed by the Great War
        s["battle"] = None
        s["impulse"] = None
        s["phase"] = "great-war"
        s["flags"]["great_war_on"] = True  # 33.3, 33.4: no Third Republic and no Unstable Situation now
        s["flags"]["jihad"] = s["flags"].get("jihad", 0) + 3  # 33.6 L1579: three Jihad markers
        s["gw"] = start_state(s)
        s["gw_deck"] = list(gw_deck().cards)
        shuffle(s, s["gw_deck"])
        call(s, "gw-outbreak", reason=f.get("reason"))
        return "planning"

    def planning(self, s, f):
        return self.step(s, "planning", "gw-planning", "maneuver")

    def maneuver(self, s, f):
        return self.step(s, "maneuver", "gw-maneuver", "neutrals")

    def neutrals(self, s, f):
        return self.step(s, None, "gw-neutral-impulses", "winter")  # 27.4, after the Maneuver Step

    def winter(self, s, f):
        return self.step(s, "winter", "gw-winter", "next")

    def step(self, s, step, procedure, then):
        """Run one step of the GW turn (``step``: its name in ``s["gw"]``), unless the war is over."""
        if self.over(s):
            return "end"
        if step:
            gw(s)["step"] = step
        call(s, procedure)
        return then

    def next(self, s, f):
        if self.over(s):
            return "end"
        if gw(s)["turn"] >= LAST_TURN:
            gw(s)["why"] = "turn-5"
            return "end"
        gw(s)["turn"] += 1
        return "planning"

    def end(self, s, f):
        finish(s)
        return None

    @staticmethod
    def over(s):
        return settled(s)


class Outbreak(Procedure):
    """25.0 L1294-1342."""

    def start(self, s, f):
        """25.1 L1296: every action card is discarded, home cards too; no mandatory event fires."""
        for q in PLAYERS:
            st = s["powers"][q]
            s["discard"] += [c for c in st["hand"] if c not in st["homes"]]
            st["hand"] = []
            st["home"] = None
        log(s, "The Great War: every action card and home card is discarded (25.1).", "25.1")
        checkpoint(s)
        for uid, u in sorted(s["units"].items()):  # 32.5 L1507: rebels and others no longer share a space
            if u["at"] in s["rebel_spaces"] and u["o"] != "rebel" and u["t"] not in NAVAL_TYPES:
                log(s, f"{name(u['o'])}'s {u['t']} leaves {space_name(u['at'])}: rebels hold it.", "32.5")
                W.displace_unit(s, uid)
        return "alliances"

    def alliances(self, s, f):
        """25.2 L1298: the players of each alliance go to war together; the US waits in the
        neutral box unless the CSA won the American Civil War or it still goes on."""
        g = gw(s)
        for q in PLAYERS:
            a = W.side(s, q)
            (g["sides"][a] if a in SIDES else g["neutrals"]).append(q)
        # the pack has no CSA victory (Appomattox ends the war with the Union restored)
        g["us"]["box"] = None if s["flags"].get("american-civil-war") else "neutral"
        alone = [a for a in SIDES if not g["sides"][a]]
        if len(alone) == 2:  # 25.2.2 L1310: a die names the two powers at war
            r = roll(s, 6)
            a, b = NO_WAR_ROLL[r]
            log(s, f"No player is in an alliance: the die rolls {r}: {name(a)} and {name(b)} go to war.", "25.2.2")
            self.shift(s, a, "alliance")
            self.shift(s, b, "entente")
        elif len(alone) == 1:  # 25.2.2 L1305: the alliance with players declares war on one
            mine = "entente" if alone[0] == "alliance" else "alliance"
            opts = [{"power": q} for q in g["neutrals"]]
            if opts:
                choose(
                    s,
                    g["sides"][mine][0],
                    options=opts,
                    why="declare-war",
                    text="No player stands in the other alliance: on which neutral power does your alliance "
                    "declare war?",
                )
                f["declaring"] = alone[0]
                return "declared"
        return "italy"

    def declared(self, s, f):
        q = gw(s)["answer"]["power"]
        log(s, f"The {'Entente' if f['declaring'] == 'alliance' else 'Alliance'} declares war on {name(q)}.", "25.2.2")
        self.shift(s, q, f["declaring"])
        return "italy"

    @staticmethod
    def shift(s, q, a):
        g = gw(s)
        if q in g["neutrals"]:
            g["neutrals"].remove(q)
        g["sides"][a].append(q)
        W.set_box(s, q, f"{a}-committed")

    def italy(self, s, f):
        """25.3 L1315: a unified Italy: committed joins; aligned rolls 4+ to join, else it turns
        neutral; the neutral box stays out; blamed for the incident, it joins."""
        g = gw(s)
        for a in SIDES:
            g["sides"][a].sort(key=PLAYERS.index)
        if not (s["flags"].get("italy_unified") and "italy" in s["majors"]):
            return "zero"
        box = s["majors"]["italy"]["alliance"]
        a = W.SIDE[box]
        blamed = (s.get("crisis") or {}).get("italy") in SIDES
        if a == "neutral" or not g["sides"][a]:
            log(s, "Italy stays neutral.", "25.3")
            return "zero"
        if box.endswith("aligned") and not blamed:
            r = roll(s, 6)
            if r <= 3:
                s["majors"]["italy"]["alliance"] = "neutral"
                log(s, f"Italy rolls {r}: it stays out of the war and shifts to the neutral box.", "25.3")
                return "zero"
            log(s, f"Italy rolls {r}: it joins the Great War.", "25.3")
        enter_major(s, "italy", a)
        return "zero"

    def zero(self, s, f):
        """25.4 L1317."""
        for q in fighting(s):
            if s["powers"][q]["stability"] == 0:
                change_stability(s, q, 1, "entering the Great War at 0", "25.4")
        call(s, "final-scoring", reason=f.get("reason") or "the Great War breaks out", great_war=True, outbreak=True)
        return "will"

    def will(self, s, f):
        """25.6 L1321-1330: bonuses by VP, in turn order."""
        g = gw(s)
        f.setdefault("i", 0)
        while f["i"] < len(PLAYERS):
            q = PLAYERS[f["i"]]
            f["i"] += 1
            vp = g["vp"].get(q, 0)
            boosts = next((n for least, n in WILL if vp >= least), None)
            if boosts is None:
                continue
            g["reserve_ecs"][q] = g["reserve_ecs"].get(q, 0) + 1
            log(s, f"{name(q)} ({vp} VP): 1 EC{f' and {boosts} display track boost(s)' if boosts else ''}.", "25.6")
            if q == "uk":
                # 25.6.1 L1332: "attached to an on map army of their choice" (G4)
                g["reserve_ecs"]["uk"] -= 1
                where = sorted({u["at"] for u in s["units"].values() if u["o"] == "uk" and u["t"] in ARMY_TYPES})
                if len(where) > 1:
                    f["boosts"] = boosts
                    choose(
                        s,
                        "uk",
                        why="uk-ec",
                        options=[{"space": x} for x in where],
                        text="Your National Will EC (25.6.1): with which of your armies does it go?",
                    )
                    return "uk_ec"
                if where:
                    self.place_uk_ec(s, where[0])
            if boosts:
                ask(s, "gw-boost", q, left=boosts, done=[])
                return "will"
        return "pacification"

    def uk_ec(self, s, f):
        self.place_uk_ec(s, gw(s)["answer"]["space"])
        boosts = f.pop("boosts")
        if boosts:
            ask(s, "gw-boost", "uk", left=boosts, done=[])
        return "will"

    @staticmethod
    def place_uk_ec(s, where):
        """25.6.1 L1331-1332: the UK's EC joins its army there (with none on the map it is lost)."""
        W.new_unit(s, "uk", "ec", where)
        log(s, f"The UK's EC joins its army in {space_name(where)}.", "25.6.1")

    def pacification(self, s, f):
        """25.6.2 L1333."""
        s["pacification"] = {}
        log(s, "The pacification markers are removed.", "25.6.2")
        return "order"

    def order(self, s, f):
        """25.7 L1335: each alliance sets its order in secret; the orders are revealed at once.
        The first member (in turn order) speaks for its alliance (G5)."""
        g = gw(s)
        leaders = [g["sides"][a][0] for a in SIDES if len(g["sides"][a]) > 1]
        if leaders:
            ask_all(s, "gw-order", leaders)
        return "ordered"

    def ordered(self, s, f):
        make_war(s)
        return None


def enter_major(s: dict, who: str, a: str) -> None:
    """32.1, 32.2: the US or a unified Italy enters the GW with 3 stability and 3 manpower; the
    US with 3 armies and its naval units in the South, and 1 CP the turn it enters."""
    g = gw(s)
    if who == "italy":
        s["majors"]["italy"]["alliance"] = f"{a}-committed"
        s["majors"]["italy"]["gw_stability"] = 3
        s["majors"]["italy"]["gw_manpower"] = 3
    else:
        g["us"].update({"box": a, "stability": 3, "manpower": 3, "entered": g["turn"]})
        for _ in range(US_ARMIES):
            W.new_unit(s, "us", "army", "the-south")
        # 32.1 L1497: "all 4 US naval units (only add 2 naval units if the dreadnoughts card has not
        # been played)": two squadrons, and two dreadnoughts once there are dreadnoughts (D14)
        for _ in range(US_SQUADRONS):
            W.new_unit(s, "us", "squadron", "the-south")
        if s["flags"].get("dreadnoughts"):
            for _ in range(US_NAVIES - US_SQUADRONS):
                W.new_unit(s, "us", "dreadnought", "the-south")
    log(s, f"{name(who)} enters the Great War with the {a.title()}.", "32.1" if who == "us" else "32.2")
    w = s.get("war")
    if w is not None and w.get("gw"):
        w[war.KEYS[KEY[a]]].append(who)
        if who not in w["order"]:  # 26.3 L1351: after the players, the US and then Italy
            majors = [x for x in ("us", "italy") if x in w["order"] or x == who]
            w["order"] = [x for x in w["order"] if x not in majors] + majors
        w["budget"][who] = 1 if who == "us" else 2


def make_order(s: dict, chosen: dict) -> list:
    """25.7 L1335-1342: the alliances alternate, the one with GE first (without GE: the UK's,
    then FR's, AU's, RU's); an alliance with fewer players takes bonus impulses in the gaps."""
    g = gw(s)
    orders = {a: chosen.get(a) or list(g["sides"][a]) for a in SIDES}
    first = next((a for a in SIDES if "ge" in g["sides"][a]), None)
    if first is None:
        first = next((a for q in FIRST_SIDE_WITHOUT_GE for a in SIDES if q in g["sides"][a]), "alliance")
    second = "entente" if first == "alliance" else "alliance"
    n = max(len(orders[first]), len(orders[second]))
    out = []
    for i in range(n):
        for a in (first, second):
            seq = orders[a]
            if i < len(seq):
                out.append(seq[i])
            elif seq:
                out.append(f"bonus-{a}")
    return out


def make_war(s: dict) -> None:
    """The GW as a war (G2): the Triple Alliance on the attacker's side, the Triple Entente on
    the defender's; a side's primary belligerent is its first player in the GW turn order."""
    g = gw(s)
    chosen = g.pop("chosen", {}) if "chosen" in g else {}
    order = make_order(s, chosen)
    first = next((q for q in order if q in PLAYERS), "ge")
    w = war.new_war(s, {"attacker": first})
    w["gw"] = True
    w["attackers"] = list(g["sides"]["alliance"])
    w["defenders"] = list(g["sides"]["entente"])
    for a in SIDES:
        mine = [q for q in order if q in g["sides"][a]]
        w["primary"][KEY[a]] = mine[0] if mine else None
    if "italy" in s["majors"] and s["majors"]["italy"].get("gw_stability"):
        a = W.SIDE[s["majors"]["italy"]["alliance"]]
        if a in SIDES:
            w[war.KEYS[KEY[a]]].append("italy")
            order.append("italy")
    w["order"] = order
    w["first_impulse"] = [q for q in ("ge",) if q in order]  # 33.1 Superior Staff Work
    w["played"] = {}
    for m, a in sorted(((s.get("crisis") or {}).get("minors") or {}).items()):  # 25.2.1, 23.3: drawn in
        if a in SIDES and s["allies"].get(m) in g["sides"][a]:
            w[war.KEYS[KEY[a]]].append(m)
    s["war"] = w
    log(s, "The Great War turn order: " + ", ".join(order_name(x) for x in order) + ".", "25.7")


def order_name(x: str) -> str:
    return f"{x.split('-')[1].title()} bonus impulse" if x.startswith("bonus-") else name(x)


# ----- planning (26.0) ----------------------------------------------------------------------------


class Planning(Procedure):
    """26.0 L1343-1352."""

    def start(self, s, f):
        g = gw(s)
        log(s, f"Great War turn {g['turn']}: the Planning Step.", "26.0")
        if g["turn"] == 1 and g["uk_armies"]:  # 25.6.1 L1331: Join Your Country's Army
            for _ in range(g["uk_armies"]):
                W.new_unit(s, "uk", "british", "london")
            log(s, f"{g['uk_armies']} British armies join in London (25.6.1).", "25.6.1")
            g["uk_armies"] = 0
        # 26.0 L1344: the discard pile is shuffled back; every player without a GW card draws one
        s["gw_deck"] += g["discard"]
        g["discard"] = []
        shuffle(s, s["gw_deck"])
        for q in PLAYERS:
            if q in g["eliminated"] or hand(s, q) or not s["gw_deck"]:
                continue
            c = s["gw_deck"].pop()
            hand(s, q).append(c)
            log(s, f"You draw the GW card {card(c).title}.", "26.0", to=[q])
        for cid, c in sorted(g["combat"].items()):  # 26.1 L1345
            if not c["up"]:
                c["up"] = True
                log(s, f"{card(cid).title} is turned face up in front of {name(c['holder'])}.", "26.1")
        w = s["war"]
        for q in w["order"]:
            if q.startswith("bonus-"):
                continue
            w["budget"][q] = budget(s, q)
        g["bonus_cp"] = {}
        f["cards"] = [cid for cid, c in sorted(g["combat"].items()) if c["up"]]
        log(
            s,
            "War budgets: " + ", ".join(f"{name(q)} {w['budget'][q]}" for q in w["order"] if q in w["budget"]) + ".",
            "26.2",
        )
        f["i"] = 0
        return "combat_gifts"

    def combat_gifts(self, s, f):
        """26.1 L1346: once turned face up, a GW combat card may be given to an ally."""
        g = gw(s)
        if f.get("giving"):
            cid = f.pop("giving")
            ans = g["answer"]
            if isinstance(ans, dict):
                g["combat"][cid]["holder"] = ans["power"]
                log(s, f"{card(cid).title} passes to {name(ans['power'])}.", "26.1")
        while f["cards"]:
            cid = f["cards"].pop(0)
            holder = g["combat"][cid]["holder"]
            a = side_of(s, holder)
            mates = [q for q in g["sides"].get(a, []) if q != holder and q not in g["eliminated"]]
            if holder in fighting(s) and holder not in g["eliminated"] and mates:
                f["giving"] = cid
                choose(
                    s,
                    holder,
                    why="combat-gift",
                    options=[{"power": q} for q in mates] + ["keep"],
                    text=f"Give {card(cid).title} to an ally (26.1), or keep it?",
                )
                return "combat_gifts"
        return "gifts"

    def gifts(self, s, f):
        """26.2 L1350: a belligerent player, and the US if it is in the war, may give 1 CP to an
        ally it traces a LoC to; the US's choice is made by the player who runs it (G10)."""
        w = s["war"]
        givers = [q for q in w["order"] if q in PLAYERS] + ["us"]
        while f["i"] < len(givers):
            q = givers[f["i"]]
            f["i"] += 1
            if q == "us" and (side_of(s, "us") is None or war.major_controller(s, "us") is None):
                continue
            if w["budget"].get(q, 0) >= 1 and gift_targets(s, q):
                ask(s, "gw-gift", war.major_controller(s, "us") if q == "us" else q, giver=q)
                return "gifts"
        return None


def budget(s: dict, q: str) -> int:
    """26.2 L1349-1350: industry, at least 2 (Italy 2; the US 4, 1 the turn it enters); the
    colonial war's bonus CP (29.2.1) and a neutral's (29.3 L1468: the US and Italy are
    belligerent powers a neutral may give one to)."""
    g = gw(s)
    if q == "italy":
        return 2 + g["bonus_cp"].get(q, 0)
    if q == "us":
        return (1 if g["us"]["entered"] == g["turn"] else 4) + g["bonus_cp"].get(q, 0)
    n = max(2, s["powers"][q]["industry"]) + g["bonus_cp"].get(q, 0)
    if q == "fr" and s["flags"].get("fr_government", "second-empire") == "second-empire":
        n += 1  # 33.3 L1550: the Second Empire's +1, in the GW too
    return n


def gift_targets(s: dict, q: str) -> list:
    a = side_of(s, q)
    return [
        x for x in gw(s)["sides"].get(a, []) if x != q and W.has_loc(s, q, W.capital(s, x)) and x in s["war"]["budget"]
    ]


# ----- the maneuver step (27.0) ---------------------------------------------------------------------


class Maneuver(war.ManeuverStep):
    """27.0-27.7 L1353-1405: impulses in the GW turn order, each a one-CP action (15.2 and the GW
    actions of 27.5) with the GW card played beside it, until every player passes in a row or
    every budget is spent."""

    IMPULSE = "gw-impulse"

    def start(self, s, f):
        f["fought"] = []
        s["war"]["passes"] = 0
        s["war"]["turn"] = 0
        return "bot_redeploy"

    def rapid(self, s, f):
        w = s["war"]
        if gw(s)["turn"] == 0 and "uk" in w["attackers"] + w["defenders"] and war.naval_owned(s, {"uk"}):
            ask(s, "war-free-naval", "uk", wartime=True, why="rapid")
        return "impulses"

    def impulses(self, s, f):
        w = s["war"]
        g = gw(s)
        check(s)
        if decided(g):
            return None
        if g.get("heirs"):  # 30.1 L1480: who receives an eliminated player's minor allies
            call(s, "gw-heirs")
            return "impulses"
        slots = [x for x in w["order"] if x.startswith("bonus-") or war.acts(s, x)]
        spendable = [x for x in slots if not x.startswith("bonus-") and w["budget"].get(x, 0) > 0]
        if not spendable or w["passes"] >= len(slots):
            log(s, "The Maneuver Step ends (27.7).", "27.7")
            return None
        x = w["order"][w["turn"] % len(w["order"])]
        w["turn"] += 1
        if x.startswith("bonus-"):  # 25.7.1, G19: the alliance's first player names who acts
            # G19: the alliance's first player in the GW turn order names who acts
            side = g["sides"][x[6:]]
            members = [q for q in w["order"] if q in side and q not in g["eliminated"] and w["budget"].get(q, 0) > 0]
            if not members:
                w["passes"] += 1
                return "impulses"
            f["bonus"] = True
            choose(
                s,
                members[0],
                why="bonus",
                options=[{"power": q} for q in members] + ["pass"],
                text="Your alliance's bonus impulse (25.7.1): which of you acts? Or pass.",
            )
            return "bonus_actor"
        if not war.acts(s, x):
            return "impulses"
        f["bonus"] = False
        return self.begin(s, f, x)

    def bonus_actor(self, s, f):
        ans = gw(s)["answer"]
        if ans == "pass":
            s["war"]["passes"] += 1
            log(s, "A bonus impulse is passed.", "25.7.1")
            return "impulses"
        return self.begin(s, f, ans["power"])

    def begin(self, s, f, a):
        f["actor"] = a
        f["lq"] = war.loc_losses(s, a)
        f["lphase"] = "loc"
        f["card_asked"] = False
        return "losses"

    def impulse_start(self, s, f):
        if f["actor"] in gw(s)["eliminated"] or war.key_of(s, f["actor"]) is None:
            return "impulses"  # surrendered while its stacks lost steps (30.1)
        nxt = super().impulse_start(s, f)
        imp = s["war"]["impulse"]
        if imp is not None:
            imp["bonus_impulse"] = f.get("bonus", False)
            imp["free"] = False
            imp["taken"] = None
        return nxt

    def impulse_do(self, s, f):
        w = s["war"]
        imp = w["impulse"]
        a = imp["actor"]
        do = imp["do"]
        if isinstance(do, dict) and "declare" in do:
            imp["do"] = None
            call(s, "gw-declare", actor=a, minor=do["declare"])
            return "impulse_again"
        if do == "pass":
            imp["taken"] = "pass"
        else:
            imp["taken"] = action_kind(do)
        if imp["free"] and do != "pass":
            w["budget"][a] = w["budget"].get(a, 0) + 1  # a GW card's bonus action costs no CP (27.2)
        if do in GW_ACTIONS:
            imp["do"] = None
            w["budget"][a] -= 1
            w["passes"] = 0
            call(s, "gw-action", actor=a, action=do)
            return "post_action"
        return super().impulse_do(s, f)

    def post_action(self, s, f):
        nxt = super().post_action(s, f)
        if nxt == "post_action":
            return nxt  # a displaced navy's battle first (19.11 L1131)
        us_losses(s)
        after_action(s)
        return nxt

    def post_battle(self, s, f):
        us_losses(s)
        battle_stability(s)
        return super().post_battle(s, f)

    def impulse_end(self, s, f):
        """27.2: the GW card, beside the action: for its event after the action, or for a bonus
        action at once (not the same action again, nor a land battle)."""
        w = s["war"]
        imp = w["impulse"]
        if imp is not None and not f["card_asked"] and imp["taken"] not in (None, "pass") and not imp["free"]:
            f["card_asked"] = True
            a = imp["actor"]
            if a in PLAYERS and hand(s, a) and a not in gw(s)["eliminated"]:
                ask(s, "gw-card", a)
                return "card_done"
        return super().impulse_end(s, f)

    def card_done(self, s, f):
        w = s["war"]
        imp = w["impulse"]
        g = gw(s)
        play = g.pop("play", None)
        check(s)
        if decided(g) or play is None:
            return "impulse_end"
        a = imp["actor"]
        if play["use"] in ("bonus", "both") and a not in g["eliminated"] and war.key_of(s, a) is not None:
            imp["free"] = True
            log(s, f"{name(a)} takes a bonus action.", "27.2")
            ask(s, self.IMPULSE, a)
            return "bonus_do"
        return "impulse_end"

    def bonus_do(self, s, f):
        w = s["war"]
        imp = w["impulse"]
        if imp["do"] == "pass":
            imp["do"] = None
            return "impulse_end"
        return "impulse_do"


def action_kind(do) -> str:
    if isinstance(do, dict):
        return "battle" if "battle" in do else next(iter(do))
    return str(do)


class Impulse(war.Impulse):
    """27.1 L1355-1358: one CP for an action, or pass (only with a budget of 2 or less and no
    Exhaustion in hand; a bonus impulse may always pass). No surrender and no peace: the GW ends
    only by 30.1 and 31.0. Under a GW card's bonus action (27.2): not the action just taken, nor
    a land battle."""

    def prompt(self, s, f, role):
        w = s["war"]
        imp = w["impulse"]
        a = imp["actor"]
        if imp.get("free"):
            return f"Your GW card's bonus action ({name(a)}): not {imp['taken']} again, nor a land battle."
        return f"Your Great War impulse ({name(a)}): budget {w['budget'].get(a, 0)} CP."

    def actions(self, s, f, role):
        w = s["war"]
        imp = w["impulse"]
        a = imp["actor"]
        out = []
        if w["budget"].get(a, 0) >= 1 or imp.get("free"):
            b = dict(w["budget"])
            b[a] = max(1, b.get(a, 0))
            saved, w["budget"] = w["budget"], b
            try:
                out = [x for x in super().actions(s, f, role) if x not in ("pass", "surrender")]
            finally:
                w["budget"] = saved
            out = [x for x in out if not (isinstance(x, dict) and "propose" in x)]
            out += [x for x in GW_ACTIONS if gw_action_open(s, a, x)]
        if not imp.get("free") and a in PLAYERS:
            out += [{"declare": m} for m in neutral_minors_near(s, a)]  # 32.4: no CP, the impulse goes on
        if imp.get("free"):
            # 27.2: the bonus action is another action that costs no CP, not the action just taken
            # nor a land battle; nor Superior Staff Work's free deploy (33.1 L1515), free already
            out = [x for x in out if action_kind(x) not in (imp["taken"], "battle") and x != "deploy-free"]
            return out + ["pass"]
        if imp.get("bonus_impulse") or not out:
            return out + ["pass"]
        holds_exhaustion = a in PLAYERS and any(card(c).kind == "mandatory" for c in hand(s, a))
        if w["budget"].get(a, 0) <= 2 and not holds_exhaustion:
            out.append("pass")
        return out


# ----- the GW actions (27.5) ------------------------------------------------------------------------


def reduced_armies(s: dict, a: str, first: bool = False) -> list:
    """27.5.1 L1386: the actor's reduced armies (its minors' too) with a LoC (with first: stop at
    the first found). Italy's armies are not traced (RULINGS_WAR W11, G29)."""
    owners = war.controlled_owners(s, a)
    spaces = P().spaces
    out = []
    regions: dict = {}
    for uid, u in s["units"].items() if first else sorted(s["units"].items()):
        if u["o"] in owners and u["t"] in ARMY_TYPES and u["r"] and u["at"] in spaces:
            if u["o"] not in regions:
                regions[u["o"]] = W.loc_region(s, u["o"])
            if u["o"] == "italy" or u["at"] in regions[u["o"]]:
                out.append(uid)
                if first:
                    break
    return out


DRAFTED = {"army": "a reduced army", "ef": "an EF", "elite-ef": "an Elite Colonial EF", "zouaves": "the Zouaves"}
"""The words for a unit a draft places (27.5.2)."""
DRAFT_KINDS = {  # 27.5.2, 33.2.1 L1533-1534, 33.6: the armies a draft raises, and the manpower each uses
    "uk": (("british", "british"), ("indian", "colonial"), ("commonwealth", "colonial")),
    "ot": (("turkish", "turkish"), ("arab", "arab")),
}
COMMONWEALTH_SPACES = ("australia", "canada")  # 33.2.1 L1534: the CW army, in the GW only


def draft_options(s: dict, a: str, paid: bool = False, pool: str | None = None, first: bool = False) -> list:
    """27.5.2 L1387-1393 (G6): where the draft's reduced armies go, as {"space", "kind"} (and
    "minor" for an allied minor's army): a controlled home key for the kind (12.2; the CW army in
    Australia or Canada), one unit a space, no trench battle there, within the counter mix. Before
    the draft is paid, only kinds drawing on a manpower pool with a point left; once paid from a
    pool (the UK's British or colonial, the Ottomans' Turkish or Arab), only that pool's kinds.
    An army may be replaced by an EF (a controlled home key, colonial ones too, with a LoC; France
    rebuilds its Zouaves so) or by an army of an allied minor at war (in one of its home spaces).
    With first: stop once one kind has a place. The US and Italy draft their own armies from
    their one pool (``major_draft_spaces``, G29)."""
    if a in MAJORS:
        if not paid and manpower(s, a) < 1:
            return []
        if W.count_units(s, a, "army") >= W.counter_limit(s, a, "army"):
            return []
        return [{"space": x, "kind": "army"} for x in major_draft_spaces(s, a)]
    if a not in PLAYERS:
        return []
    g = gw(s)
    mp = s["powers"][a]["manpower"]
    spaces = P().spaces
    out = []
    for kind, kind_pool in DRAFT_KINDS.get(a, (("army", None),)):
        if paid and pool is not None and kind_pool is not None and kind_pool != pool:
            continue
        if not paid and (mp.get(kind_pool, 0) if kind_pool else sum(mp.values())) < 1:
            continue
        if W.count_units(s, a, kind) >= W.counter_limit(s, a, kind):
            continue
        if kind == "commonwealth":
            where = [
                x
                for x in COMMONWEALTH_SPACES
                if war.raw_holder(s, x) == a and W.stack_armies(s, x) < spaces[x].stacking
            ]
        else:
            where = W.home_keys_for_armies(s, a, kind)
        # 27.5.2 L1389 "home keys", 15.3 L874: one the enemy occupies is not the drafter's to draft in
        out += [{"space": x, "kind": kind} for x in where if x not in g["trenches"] and war.raw_holder(s, x) == a]
        if first and out:
            return out
    if a == "uk" and g["uk_armies"] and (not paid or pool in (None, "british")) and (paid or mp.get("british", 0)):
        if war.raw_holder(s, "london") == "uk" and W.count_units(s, a, "british") < W.counter_limit(s, a, "british"):
            out.append({"space": "london", "kind": "british", "jyca": True})  # 27.5.2: early, reduced
    if first and out:
        return out
    if paid or sum(mp.values()) >= 1:
        region = None
        for kind in ("ef", "elite-ef", "zouaves"):
            if kind == "elite-ef" and not s["powers"][a].get("lost_elite"):
                continue  # 27.5.2 L1391, 5.1.5 L377: only an Elite Colonial EF destroyed is rebuilt
            if kind != "elite-ef" and W.count_units(s, a, kind) >= W.counter_limit(s, a, kind):
                continue
            region = region if region is not None else W.loc_region(s, a)
            for x, c in sorted(s["control"].items()):
                sp = spaces[x]
                if c != a or sp.type not in KEY_TYPES or x not in region or x in g["trenches"]:
                    continue
                if war.raw_holder(s, x) != a:
                    continue  # 15.3: occupied by the enemy
                if (x == "algeria") if kind == "zouaves" else W.is_home(s, a, x):  # 33.3 L379: in Algeria
                    out.append({"space": x, "kind": kind})
        for m in sorted(war.controlled_owners(s, a) - {a}):
            if m not in P().minors or W.count_units(s, m, "army") >= P().minors[m].armies:
                continue
            for x, c in sorted(s["control"].items()):
                sp = spaces[x]
                if c == m and m in sp.homes and x not in g["trenches"] and W.stack_armies(s, x) < sp.stacking:
                    if war.raw_holder(s, x) == m:  # 15.3: not a home the enemy occupies
                        out.append({"space": x, "kind": "army", "minor": m})
    return out


MAJORS = ("us", "italy")  # 32.1, 32.2: the non-player majors that fight the Great War


def major_draft_spaces(s: dict, a: str) -> list:
    """27.5.2 L1389 for the US or Italy (G29): a key it controls and holds (15.3) on its home
    ground, one army a space (12.2 stacking), no trench battle there. The US's home keys are its
    own (the South is only where it enters, 32.1); Italy's are the keys of Italian nationality it
    controls, the homes of the minors it unified (22.2)."""
    spaces = P().spaces
    trenches = gw(s)["trenches"]
    armies = W.army_counts(s)
    out = []
    for x, c in sorted(s["control"].items()):
        sp = spaces[x]
        if c != a or sp.type not in KEY_TYPES or x in trenches or war.raw_holder(s, x) != a:
            continue
        home = W.is_home(s, a, x) if a == "us" else "italian" in sp.nationalities
        if home and armies.get(x, 0) < sp.stacking and x not in s["rebel_spaces"]:
            out.append(x)
    return out


def draft_spaces(s: dict, a: str) -> list:
    return sorted({o["space"] for o in draft_options(s, a)})


def gw_action_open(s: dict, a: str, do: str) -> bool:
    """27.5: the GW actions a player, the US or Italy (G29) may take now."""
    if a not in PLAYERS and a not in MAJORS:
        return False
    if do == "refit":
        return bool(reduced_armies(s, a, first=True))
    if do == "draft":
        return bool(draft_options(s, a, first=True))
    if do == "elite-corps":
        return W.count_units(s, a, "ec") < W.counter_limit(s, a, "ec") and bool(ec_spaces(s, a))
    if do == "refit-fleet":
        return bool(fleet_to_refit(s, a))
    return False


def ec_spaces(s: dict, a: str) -> list:
    """27.5.3 L1395: with a friendly army with a LoC, home or not: one of the power's own, the
    armies an EC attaches to and moves with (5.1.3; RULINGS_GW G28)."""
    spaces = P().spaces
    region = W.loc_region(s, a)
    return sorted(
        {u["at"] for u in s["units"].values() if u["o"] == a and u["t"] in ARMY_TYPES and u["at"] in spaces} & region
    )


def fleet_to_refit(s: dict, a: str) -> list:
    """27.5.4 L1398: a reduced naval unit "in a friendly port": a space, not a box, that the power
    or a friendly power holds (4.9.4, 15.3): not an enemy port its ships attack (5.5.4)."""
    spaces = P().spaces
    return sorted(
        uid
        for uid, u in s["units"].items()
        if u["o"] == a and u["t"] in NAVAL_TYPES and u["r"] and u["at"] in spaces and W.friendly_space(s, a, u["at"])
    )


class GWAction(Procedure):
    """27.5.1-27.5.4: Refit, Draft, Elite Corps, Refit Fleet."""

    CHOICES = {  # action -> (why, the choices, their key, the question, the step that follows)
        "refit": ("refit", reduced_armies, "unit",
                  "Refit (27.5.1): which reduced army with a LoC goes back to full strength?", "refit"),
        "elite-corps": ("ec", ec_spaces, "space",
                        "Elite Corps (27.5.3): with which army does the EC go?", "ec"),
        "refit-fleet": ("fleet", fleet_to_refit, "unit",
                        "Refit Fleet (27.5.4): which naval unit goes back to full strength?", "refit"),
    }  # fmt: skip

    def start(self, s, f):
        a, do = f["actor"], f["action"]
        if do == "draft":
            f["left"] = 2
            return "draft"
        why, found, key, text, then = self.CHOICES[do]
        choose(s, war.role_of(s, a), why=why, options=[{key: x} for x in found(s, a)], text=text)
        return then

    def refit(self, s, f):
        uid = gw(s)["answer"]["unit"]
        s["units"][uid]["r"] = False
        log(
            s,
            f"{name(f['actor'])} refits its {s['units'][uid]['t']} in {space_name(s['units'][uid]['at'])}.",
            "27.5.1" if f["action"] == "refit" else "27.5.4",
        )
        return None

    def draft(self, s, f):
        """27.5.2 L1387-1391 (G6): two reduced armies, one a space; the manpower point comes from
        the pool of the first army placed, and the second draws on the same pool."""
        a = f["actor"]
        f.setdefault("used", [])
        if f.get("asked"):
            ans = gw(s)["answer"]
            f["asked"] = False
            if ans == "done":
                return None
            if not f.get("paid"):  # the first unit: the draft's manpower point
                f["paid"] = True
                f["pool"] = dict(DRAFT_KINDS.get(a, ())).get(ans["kind"]) if "minor" not in ans else None
                take_manpower(s, a, 1, f["pool"])
            owner = ans.get("minor", a)
            reduced = ans["kind"] not in EF_TYPES  # an EF has one step (5.1)
            if ans.get("jyca"):  # 25.6.1, 27.5.2: one of the armies waiting for GW turn 1, now
                gw(s)["uk_armies"] -= 1
            if ans["kind"] == "elite-ef":
                s["powers"][a]["lost_elite"] -= 1
            W.new_unit(s, owner, ans["kind"], ans["space"], reduced)
            f["used"].append(ans["space"])
            f["left"] -= 1
            if ans["kind"] in EF_TYPES:
                f["ef"] = True  # 27.5.2 L1390: "substitute 1 EF for an army" (G6)
            if "minor" in ans:
                f["minor"] = True  # L1393: "an allied minor power army for 1 of their own armies"
            what = DRAFTED.get(ans["kind"], f"a reduced {ans['kind']} army")
            whose = f"{name(owner)}'s " if owner != a else ""
            log(s, f"{name(a)} drafts {whose}{what} in {space_name(ans['space'])}.", "27.5.2")
        opts = [
            o
            for o in draft_options(s, a, f.get("paid", False), f.get("pool"))
            if o["space"] not in f["used"]
            and not (f.get("ef") and o["kind"] in EF_TYPES)
            and not (f.get("minor") and "minor" in o)
        ]
        if f["left"] <= 0 or not opts:
            return None
        f["asked"] = True
        choose(
            s,
            war.role_of(s, a),  # the player who runs the US or Italy (G10, W11)
            why="draft",
            options=opts + ["done"],
            text=f"Draft (27.5.2): where does a reduced army go? {f['left']} to place.",
        )
        return "draft"

    def ec(self, s, f):
        x = gw(s)["answer"]["space"]
        W.new_unit(s, f["actor"], "ec", x)
        log(s, f"{name(f['actor'])} raises an EC in {space_name(x)}.", "27.5.3")
        return None


def take_manpower(s: dict, q: str, n: int, pool: str | None = None) -> None:
    """27.6 L1400-1401: manpower is finite in the GW; at 0 it is exhausted (-1 in battle). From
    ``pool`` (the UK's British or colonial, the Ottomans' Turkish or Arab), else the largest."""
    if q in ("us", "italy"):  # 32.1 L1498, 32.2 L1500: one pool of 3 (K22)
        left = max(0, manpower(s, q) - n)
        if q == "us":
            gw(s)["us"]["manpower"] = left
        else:
            s["majors"]["italy"]["gw_manpower"] = left
        if left == 0 and q not in gw(s)["exhausted"]:
            gw(s)["exhausted"].append(q)
            log(s, f"{name(q)}'s manpower is exhausted: -1 in every battle (27.6).", "27.6")
        return
    mp = s["powers"][q]["manpower"]
    for _ in range(n):
        kind = pool if pool in mp else max(mp, key=lambda k: (mp[k], k))
        if mp[kind] > 0:
            mp[kind] -= 1
    if sum(mp.values()) == 0 and q not in gw(s)["exhausted"]:
        gw(s)["exhausted"].append(q)
        log(s, f"{name(q)}'s manpower is exhausted: no new armies, -1 in every battle (27.6).", "27.6")


# ----- GW cards (26.0, 27.2-27.4) ---------------------------------------------------------------------


class CardPlay(State):
    """27.2 L1360-1366: the GW card beside the action: its event (after the action), a bonus
    action, or kept (hand limit 1: then no card is drawn next turn). Exhaustion must be played
    before the budget is spent (27.3); with its event comes a bonus action. A card played for a
    bonus action means no land battle in the impulse (27.2 L1366): after a battle, events only
    (ruling G18)."""

    def prompt(self, s, f, role):
        c = hand(s, role)[0]
        acts = self.actions(s, f, role)
        uses = {a["use"] for a in acts if isinstance(a, dict)}
        ways = {"event": "for its event", "bonus": "for a bonus action", "both": "for its event and a bonus action"}
        offered = " or ".join(ways[u] for u in ("both", "event", "bonus") if u in uses)
        if not offered:  # a combat card after a land battle: played only at a battle's start (26.1, G18)
            return f"Your GW card {card(c).title} cannot be played now (26.1, 27.2): keep it."
        keep = ", or keep it?" if "keep" in acts else " (it may not be kept, 27.3)."
        return f"Play your GW card {card(c).title} ({card(c).text}) {offered}{keep}"

    def actions(self, s, f, role):
        c = hand(s, role)[0]
        k = card(c).kind
        fought = (s["war"].get("impulse") or {}).get("taken") == "battle"  # 27.2 L1366: no bonus then
        out = []
        if k == "mandatory":
            out.append({"gw_play": c, "use": "event" if fought else "both"})
        elif k == "combat":
            if not fought:
                out.append({"gw_play": c, "use": "bonus"})  # 26.1: a combat card's event is played in a battle
        else:
            out.append({"gw_play": c, "use": "event"})
            if not fought:
                out.append({"gw_play": c, "use": "bonus"})
        if not (k == "mandatory" and s["war"]["budget"].get(role, 0) <= 0):
            out.append("keep")
        return out

    def act(self, s, f, role, action):
        if action == "keep":
            return None
        c = action["gw_play"]
        hand(s, role).remove(c)
        gw(s)["discard"].append(c)
        gw(s)["play"] = {"card": c, "use": action["use"]}
        log(
            s,
            f"{name(role)} plays the GW card {card(c).title}"
            + (" for a bonus action." if action["use"] == "bonus" else "."),
            "27.2",
        )
        if action["use"] in ("event", "both"):
            call(s, "gw-event", power=role, card=c)
        return None


class NeutralImpulses(Procedure):
    """27.4 L1370: after the belligerents, neutral players in turn order may play their GW card
    for its event (G11: once a GW turn, when the Maneuver Step is over)."""

    def start(self, s, f):
        f["i"] = 0
        return "next"

    def next(self, s, f):
        ns = neutrals(s)
        checkpoint(s)  # answers stay given (E31)
        while f["i"] < len(ns):
            q = ns[f["i"]]
            f["i"] += 1
            if hand(s, q):  # every neutral holding a card, whatever it is: who is asked tells nothing
                ask(s, "gw-neutral-card", q)
                return "next"
        return None


class NeutralCard(State):
    def prompt(self, s, f, role):
        events = [c for c in hand(s, role) if card(c).kind in ("event", "mandatory")]
        if not events:
            return f"You are neutral: {card(hand(s, role)[0]).title} has no event to play (27.4). Keep it."
        c = events[0]
        return f"You are neutral: play {card(c).title} for its event ({card(c).text}), or keep it?"

    def actions(self, s, f, role):
        out = [{"gw_play": c} for c in hand(s, role) if card(c).kind in ("event", "mandatory")]
        if any(card(c).kind == "mandatory" for c in hand(s, role)):
            return out  # K22: a neutral may not hold Exhaustion over
        return out + ["keep"]

    def act(self, s, f, role, action):
        if action == "keep":
            return None
        c = action["gw_play"]
        hand(s, role).remove(c)
        gw(s)["discard"].append(c)
        log(s, f"{name(role)}, neutral, plays {card(c).title}.", "27.4")
        checkpoint(s)  # played, it stays played, though its event asks the player again (E31, K25)
        call(s, "gw-event", power=role, card=c)
        return None


class Event(Procedure):
    """A GW card's event: its effects in order (the vocabulary of gw_deck.GW_VERBS)."""

    def start(self, s, f):
        f["effects"] = [e.model_dump(exclude_none=True) for e in card(f["card"]).effects]
        return "next"

    def next(self, s, f):  # noqa: C901 - one case per verb
        while f["effects"]:
            e = f["effects"].pop(0)
            p = f["power"]
            v = e["verb"]
            mine = side_of(s, p)
            if v == "exhaustion":
                for q in belligerents(s):
                    if manpower(s, q) <= 0:
                        change_stability(s, q, -1, "Exhaustion, manpower already spent", "27.3")
                    else:
                        take_manpower(s, q, 1)
                        log(s, f"Exhaustion: {name(q)} loses 1 manpower.", "27.3")
            elif v == "stability":
                if e.get("power") == "enemy":
                    foes = [q for q in belligerents(s) if mine and side_of(s, q) not in (mine, None)]
                    if foes:
                        choose(
                            s, p, why="enemy", options=[{"power": q} for q in foes], text="Which enemy power is struck?"
                        )
                        f["pending"] = e
                        return "enemy"
                else:
                    change_stability(s, p, e.get("amount", 1), card(f["card"]).title, "27.2")
            elif v == "manpower":
                kinds = P().powers[p].manpower_kinds
                if len(kinds) > 1:  # K25: the UK and the Ottomans choose the marker
                    f["pending"] = e
                    choose(
                        s,
                        p,
                        why="manpower",
                        options=[{"manpower": k} for k in kinds],
                        text=f"{card(f['card']).title}: which manpower marker gains {e.get('amount', 1)}?",
                    )
                    return "manpower"
                self.gain_manpower(s, p, kinds[0], e)
            elif v == "budget":
                w = s["war"]
                if p in w["budget"]:
                    w["budget"][p] += e.get("amount", 1)
                    log(s, f"{name(p)}'s war budget +{e.get('amount', 1)} CP.", "27.2")
            elif v == "refit":
                f["left"] = e.get("count", 1)
                return "refit"
            elif v == "minor-entry":
                opts = entry_minors(s, p, e.get("region"))
                if mine and opts:
                    choose(
                        s,
                        p,
                        why="minor",
                        options=[{"minor": m} for m in opts],
                        text="Minor Power Entry: which minor power joins your alliance?",
                    )
                    return "minor"
                log(s, "No minor power can enter the war.", "25.2.1")
            elif v in ("us-entry", "italy-entry"):
                who = "us" if v == "us-entry" else "italy"
                joins = us_side(s, e.get("against"), mine) if v == "us-entry" else mine
                if joins and self.major_free(s, who):
                    enter_major(s, who, joins)
                else:
                    log(s, f"{name(who)} cannot enter the war now.", "32.1" if who == "us" else "32.2")
            elif v == "battle-drm":
                pass  # a combat card's event is played in a battle (battle.py, 26.1)
        return None

    @staticmethod
    def major_free(s, who):
        if who == "us":
            return gw(s)["us"]["box"] == "neutral"
        return (
            bool(s["flags"].get("italy_unified"))
            and "italy" in s["majors"]
            and not s["majors"]["italy"].get("gw_stability")
            and not s["majors"]["italy"].get("gw_out")  # G30
        )

    @staticmethod
    def gain_manpower(s, p, kind, e):
        s["powers"][p]["manpower"][kind] += e.get("amount", 1)  # 27.6 L1401: the -1 stays ("permanent")
        what = f" {kind}" if len(P().powers[p].manpower_kinds) > 1 else ""
        log(s, f"{name(p)} gains {e.get('amount', 1)}{what} manpower.", "27.2")

    def manpower(self, s, f):
        self.gain_manpower(s, f["power"], gw(s)["answer"]["manpower"], f.pop("pending"))
        return "next"

    def enemy(self, s, f):
        e = f.pop("pending")
        change_stability(s, gw(s)["answer"]["power"], e.get("amount", -1), card(f["card"]).title, "27.2")
        return "next"

    def refit(self, s, f):
        if f.get("asked"):
            f["asked"] = False
            ans = gw(s)["answer"]
            if ans == "done":
                return "next"
            s["units"][ans["unit"]]["r"] = False
            f["left"] -= 1
            log(s, f"{name(f['power'])} refits its army in {space_name(s['units'][ans['unit']]['at'])}.", "27.2")
        opts = reduced_armies(s, f["power"])  # a neutral's refit too (K20)
        if f["left"] <= 0 or not opts:
            return "next"
        f["asked"] = True
        choose(
            s,
            f["power"],
            why="refit",
            options=[{"unit": u} for u in opts] + ["done"],
            text=f"Refit up to {f['left']} reduced armies with a LoC.",
        )
        return "refit"

    def minor(self, s, f):
        m = gw(s)["answer"]["minor"]
        join_minor(s, m, f["power"])
        return "next"


def us_side(s: dict, against: str | None, mine: str | None) -> str | None:
    """K24: the alliance the US joins: the one the power named ``against`` does not fight in, or
    the card player's own if that power is not at war."""
    foe = side_of(s, against) if against else None
    if foe is None:
        return mine
    return "entente" if foe == "alliance" else "alliance"


def entry_minors(s: dict, p: str, region=None) -> list:
    """25.2.1 L1302: a minor power not yet at war, not allied to an enemy of ``p``... and never
    against its pre-GW player ally unless a Balkan minor."""
    mine = side_of(s, p)
    w = s["war"]
    out = []
    for m, rec in sorted(P().minors.items()):
        if rec.rebel or m in s.get("gone", []) or m in w["attackers"] + w["defenders"]:
            continue
        if W.minor_space(s, m) is None:
            continue
        ally = s["allies"].get(m)
        if ally is not None and side_of(s, ally) not in (mine, None):
            balkan = any(W.in_region(P().spaces[x], "balkans") for x, c in s["control"].items() if c == m)
            if not balkan:
                continue
        if region:
            sid = W.minor_space(s, m)
            if not W.in_region(P().spaces[sid], region):
                continue
        out.append(m)
    return out


def neutral_minors_near(s: dict, a: str) -> list:
    """32.4 L1504: the minor powers out of the war whose spaces lie next to (or hold) the
    actor's land units; never rebels, never one allied to the actor's own alliance or bearing
    a diplomacy marker of it (8.1.2 L501)."""
    w = s["war"]
    mine = side_of(s, a)
    owners = war.controlled_owners(s, a)
    adjacency = P().adjacency
    near = set()
    for u in s["units"].values():
        if u["o"] in owners and u["t"] in ARMY_TYPES and u["at"] in adjacency:
            near.add(u["at"])
            near.update(adjacency[u["at"]])
    out = set()
    italy_neutral = (
        bool(s["flags"].get("italy_unified"))
        and "italy" in s["majors"]
        and side_of(s, "italy") is None
        and not s["majors"]["italy"].get("gw_out")  # surrendered, out of the Great War (G30)
    )
    for sid in near:
        m = s["control"].get(sid)
        if m == "italy" and italy_neutral and W.SIDE[s["majors"]["italy"]["alliance"]] == "neutral":
            out.add(m)  # a neutral Italy is a non-player power too (32.4)
            continue
        if m is None or m not in P().minors or P().minors[m].rebel or m in w["attackers"] + w["defenders"]:
            continue
        ally = s["allies"].get(m)
        if ally is not None and side_of(s, ally) == mine:
            continue
        dip = s["diplomacy"].get(m)
        if dip is not None and (dip == a or side_of(s, dip) == mine):
            continue  # 8.1.2 L501, 13.4 L774: nor one with its own or an ally's diplomacy marker
        out.add(m)
    return sorted(out)


class Declare(Procedure):
    """32.4 L1504-1506: a player declares war on a neutral non-player power during its impulse: a
    player of the other alliance places its ally marker there at once (the first of that
    alliance in the GW turn order chooses who, G16); a neutral player allied to the minor, or
    with a diplomacy marker on it, may join the war with that alliance."""

    def start(self, s, f):
        a, m = f["actor"], f["minor"]
        mine = side_of(s, a)
        other = "entente" if mine == "alliance" else "alliance"
        log(s, f"{name(a)} declares war on {name(m)}.", "32.4")
        f["other"] = other
        if m == "italy":  # a major power: it goes to war with the other alliance itself (32.2)
            enter_major(s, "italy", other)
            return None
        patron = s["allies"].get(m) or s["diplomacy"].get(m)
        if patron in neutrals(s) and other in open_sides(s):
            f["patron"] = patron
            choose(
                s,
                patron,
                why="patron",
                options=[{"join": other}, STAY_OUT],
                text=f"{name(a)} attacks {name(m)}, your friend: join the Great War with the {other.title()}?",
            )
            return "patron"
        return "marker"

    def patron(self, s, f):
        if gw(s)["answer"] != STAY_OUT:
            join_alliance(s, f["patron"], f["other"])
        return "marker"

    def marker(self, s, f):
        other = f["other"]
        members = [q for q in s["war"]["order"] if q in gw(s)["sides"][other] and q not in gw(s)["eliminated"]]
        if not members:
            return None
        if len(members) > 1:
            choose(
                s,
                members[0],
                why="marker",
                options=[{"power": q} for q in members],
                text=f"{name(f['minor'])} is attacked: which of your alliance places its ally marker there?",
            )
            return "placed"
        gw(s)["answer"] = {"power": members[0]}
        return "placed"

    def placed(self, s, f):
        q = gw(s)["answer"]["power"]
        m = f["minor"]
        s["allies"][m] = q
        s["diplomacy"].pop(m, None)
        s["war"][war.KEYS[KEY[f["other"]]]].append(m)
        log(s, f"{name(m)} goes to war beside {name(q)}.", "32.4")
        return None


def join_alliance(s: dict, q: str, a: str) -> None:
    """A neutral player joins the GW with alliance ``a`` (29.3, 32.4); the UK may make its free
    naval move (33.2 Rapid Deployment), GE has its free deployment in its first impulse (33.1)."""
    g = gw(s)
    g["neutrals"].remove(q)
    g["sides"][a].append(q)
    W.set_box(s, q, f"{a}-committed")
    s["war"][war.KEYS[KEY[a]]].append(q)
    seat_in_order(s, q, a)
    log(s, f"{name(q)} joins the Great War with the {a.title()}.", "29.3")
    if s["powers"][q]["stability"] == 0:  # 25.4 L1318: any player entering the GW at 0 (G31)
        change_stability(s, q, 1, "entering the Great War at 0", "25.4")
    if q == "ge":
        s["war"]["first_impulse"].append("ge")
    if q == "uk" and war.naval_owned(s, {"uk"}):
        ask(s, "war-free-naval", "uk", wartime=True, why="rapid")


def join_minor(s: dict, m: str, p: str) -> None:
    a = side_of(s, p)
    s["allies"][m] = p
    s["diplomacy"].pop(m, None)
    s["war"][war.KEYS[KEY[a]]].append(m)
    log(s, f"{name(m)} enters the Great War beside {name(p)}.", "25.2.1")


# ----- the winter step (29.0) --------------------------------------------------------------------


class Winter(Procedure):
    """29.0 L1439-1468."""

    def start(self, s, f):
        g = gw(s)
        if g["turn"] >= 1:  # 29.1 L1442: the end of a GW year, not GW turn 0 (G20: the level drops)
            for q in fighting(s):
                if war.blockaded(s, q) and s["powers"][q]["industry"] > 3:
                    s["powers"][q]["industry"] -= 1
                    log(s, f"{name(q)} is blockaded: its industry falls to {s['powers'][q]['industry']}.", "29.1")
        if g["us"]["box"] in SIDES:  # 29.1.1
            foes = [
                u
                for u in s["units"].values()
                if u["at"] == "north-atlantic"
                and u["t"] in NAVAL_TYPES
                and owner_alliance(s, u["o"]) not in (g["us"]["box"], None)  # an enemy minor's too
            ]
            if foes:
                change_stability(s, "us", -1, "enemy naval units in the North Atlantic", "29.1.1")
        f["colonies"] = list(COLONIES)
        return "colonial"

    def colonial(self, s, f):
        """29.2 L1445-1463: one opposed roll for each submap. A player whose stability falls to 0
        surrenders at once (30.1 L1479 "immediately"), before the next roll, the bonus CP and the
        neutrals' choice of an alliance (29.3 L1467)."""
        while f["colonies"]:
            if settled(s):
                return None
            where = f["colonies"].pop(0)
            done = colonial_war(s, where)
            if done:
                f["pending"] = done
                return "colonial_losses"
        return "stability"

    def colonial_losses(self, s, f):
        ls = f["pending"]
        while ls["losses"] > 0:
            opts = colonial_units(s, ls["where"], ls["loser"])
            if not opts:
                ls["losses"] = 0
                break
            ls["losses"] -= 1
            u = opts[0]
            who = s["units"][u]["o"]
            if s["units"][u]["t"] in ARMY_TYPES and not s["units"][u]["r"]:
                s["units"][u]["r"] = True
                log(
                    s,
                    f"The colonial war: {name(who)}'s army in {space_name(s['units'][u]['at'])} loses a step.",
                    "29.2",
                )
            else:
                log(s, f"The colonial war: {unit_words(s['units'][u])} is eliminated.", "29.2")
                W.army_lost(s, s["units"][u])
                W.remove_unit(s, u)
                us_losses(s)
        while ls["gains"] > 0:
            ls["gains"] -= 1
            opts = colonial_gains(s, ls["where"], ls["winner"])
            if not opts or not alive_members(s, ls["winner"]):
                break
            chooser = alive_members(s, ls["winner"])[0]  # 30.1 L1479: never an eliminated player
            choose(
                s,
                chooser,
                why="colony",
                options=[{"space": x} for x in opts] + ["none"],  # 29.2 L1456: "may then take control"
                text=f"The colonial war in {ls['where'].title()}: which unoccupied space does your alliance take?",
            )
            return "colonial_gain"
        return "colonial"

    def colonial_gain(self, s, f):
        ls = f["pending"]
        if gw(s)["answer"] == "none":
            ls["gains"] = 0  # the winner takes no (more) space
            return "colonial_losses"
        x = gw(s)["answer"]["space"]
        members = alive_members(s, ls["winner"])
        owner = next((p for p in members if W.has_loc(s, p, x)), members[0])
        lost = s["control"].get(x)
        if lost in fighting(s) and lost in P().spaces[x].homes and P().spaces[x].type in KEY_TYPES:
            change_stability(s, lost, -1, f"its home key {space_name(x)} lost in the colonial war")  # 30.0 L1471
        W.set_control(s, x, owner)
        s["occupied"].pop(x, None)
        log(s, f"The colonial war: {name(owner)} takes {space_name(x)}.", "29.2")
        if end_by_auto_victory(s):  # 2.2.4: a key taken in the colonial war is controlled, not occupied
            return None
        return "colonial_losses"

    def stability(self, s, f):
        """29.2.1 L1459-1463: RU's Central Asia, Qajar Persia and Manchuria; the colonial bonus CP."""
        g = gw(s)
        if "ru" in fighting(s) and "ru" not in g["eliminated"]:
            foes = sum(1 for x in RU_MARCHES if side_of(s, W.holder(s, x) or "") not in (side_of(s, "ru"), None))
            if foes >= 2:
                change_stability(
                    s, "ru", -1, "two of Central Asia, Qajar Persia and Manchuria are the enemy's", "29.2.1"
                )
        if settled(s):
            return None
        for a in SIDES:
            whole = [c for c in COLONIES if holds_all(s, c, a)]
            n = 3 if len(whole) == 2 else len(whole)
            takers = [q for q in g["sides"][a] if q not in g["eliminated"] and not war.blockaded(s, q)]
            for i in range(n):
                if takers:  # G8: shared in the alliance's turn order
                    q = takers[i % len(takers)]
                    g["bonus_cp"][q] = g["bonus_cp"].get(q, 0) + 1
            if n and takers:
                log(s, f"The {a.title()} holds {' and '.join(whole)}: {n} bonus CP next turn.", "29.2.1")
        f["asking"] = neutral_order(s)
        return "neutrals"

    def neutrals(self, s, f):
        """29.3 L1464-1468: each neutral player, in the order its die gives, may join an alliance
        (not one of 3, nor one with more players than the other), or stay out and give 1 CP to a
        belligerent power it traces a LoC to (G12)."""
        while f["asking"]:
            q = f["asking"].pop(0)
            if q not in neutrals(s):
                continue
            opts = [{"join": a} for a in open_sides(s)]
            opts += [{"gw_give": x} for x in belligerents(s) if gift_trace(s, q, x)]  # after it
            choose(
                s,
                q,
                why="neutral",
                options=opts + [STAY_OUT],
                text="You are neutral (29.3): join an alliance, give a belligerent 1 CP, or stay out?",
            )
            f["who"] = q
            return "neutral_done"
        return None

    def neutral_done(self, s, f):
        q = f["who"]
        ans = gw(s)["answer"]
        g = gw(s)
        if isinstance(ans, dict) and "join" in ans:
            join_alliance(s, q, ans["join"])
            # 29.3 L1466: a free deploy reserves action and a free redeployment (run first)
            if war.can_deploy(s, q):
                ask(
                    s,
                    "war-deploy",
                    q,
                    actor=q,
                    left=war.deploy_count(s, q),
                    free=True,
                    polish=0,
                    before=True,
                    rule="29.3",
                )
            call(s, "redeploy", power=q)
            return "neutrals"
        call(s, "redeploy", power=q)  # 29.3 L1468: staying out, a free redeployment
        if isinstance(ans, dict) and "gw_give" in ans:
            x = ans["gw_give"]
            g["bonus_cp"][x] = g["bonus_cp"].get(x, 0) + 1
            log(s, f"{name(q)} gives {name(x)} 1 CP.", "29.3")
        return "neutrals"


def settled(s: dict) -> bool:
    """30.1, 31.0 at once (``check``): whether the Great War is over."""
    check(s)
    return decided(gw(s))


def decided(g: dict) -> bool:
    """Whether the Great War has ended before its time: an alliance won it, or both were defeated
    at once (G33)."""
    return g["winner"] is not None or g["why"] == "both-defeated"


def neutral_order(s: dict) -> list:
    """29.3 L1465: several neutral players each roll a die, the highest choosing first; the
    tied roll again among themselves."""
    return _by_roll(s, neutrals(s))


def _by_roll(s: dict, qs: list) -> list:
    if len(qs) < 2:
        return list(qs)
    rolls = {q: roll(s, 6) for q in qs}
    log(s, "The neutral players roll to choose first: " + ", ".join(f"{name(q)} {rolls[q]}" for q in qs) + ".", "29.3")
    out: list = []
    for r in sorted(set(rolls.values()), reverse=True):
        out += _by_roll(s, [q for q in qs if rolls[q] == r])
    return out


def gift_trace(s: dict, giver: str, x: str) -> bool:
    """29.3 L1468: a neutral's LoC from its capital to belligerent ``x``'s capital, not through
    enemy controlled spaces, neutral spaces or naval boxes with enemy naval units, "enemy" being
    the enemies of ``x``: through ``x``'s side's spaces and boxes free of its enemies' ships."""
    start, goal = W.capital(s, giver), W.capital(s, x)
    if start is None or goal is None:
        return False
    fp = W.position(s)
    ok = W.passable(s, x, True, fp)
    foes = W.enemy_naval_boxes(s, x)
    boxes = P().naval_boxes
    graph = W.sea_and_land(s)
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in graph.get(here, ()):
            if there == goal:
                return True
            if there in seen:
                continue
            seen.add(there)
            if there in boxes:
                if there in foes:
                    continue
            elif there not in ok:
                continue
            todo.append(there)
    return False


def open_sides(s: dict) -> list:
    g = gw(s)
    n = {a: len([q for q in g["sides"][a] if q not in g["eliminated"]]) for a in SIDES}
    return [a for a in SIDES if n[a] < 3 and n[a] <= n["entente" if a == "alliance" else "alliance"]]


def seat_in_order(s: dict, q: str, a: str) -> None:
    """29.3 L1466-1467: the joining player takes its alliance's bonus impulse if it had one, or
    the next free spot in the order; the other alliance gets a bonus impulse if outnumbered."""
    w = s["war"]
    bonus = f"bonus-{a}"
    if bonus in w["order"]:
        w["order"][w["order"].index(bonus)] = q
    else:
        players = [x for x in w["order"] if x in PLAYERS or x.startswith("bonus-")]
        tail = [x for x in w["order"] if x in ("us", "italy")]
        other = "entente" if a == "alliance" else "alliance"
        w["order"] = players + [q, f"bonus-{other}"] + tail
    w["budget"].setdefault(q, 0)


def colonial_units(s: dict, where: str, a: str) -> list:
    """The alliance's units on the submap: armies with steps first (an army step is a loss), in
    space order (G7)."""
    out = []
    for uid, u in sorted(s["units"].items(), key=lambda x: (x[1]["at"], x[0])):
        sp = P().spaces.get(u["at"])
        if sp is None or sp.map != where or u["t"] in NAVAL_TYPES:
            continue
        if owner_alliance(s, u["o"]) == a:
            out.append(uid)
    units = s["units"]
    return sorted(out, key=lambda x: not (units[x]["t"] in ARMY_TYPES and not units[x]["r"]))  # stable: G7


def colonial_gains(s: dict, where: str, a: str) -> list:
    """Unoccupied spaces of the submap that the other alliance holds (a player's, or a minor's at
    war on its side) and that the alliance traces a LoC to: never a neutral's (G21, 32.3-32.4)."""
    out = []
    for sid, sp in sorted(P().spaces.items()):
        if sp.map != where or sp.type == "naval-base" or sp.out_of_play:
            continue
        if any(u["at"] == sid for u in s["units"].values()):
            continue
        h = W.holder(s, sid)
        if h is None or owner_alliance(s, h) in (a, None):
            continue
        if any(W.has_loc(s, q, sid) for q in gw(s)["sides"][a]):
            out.append(sid)
    return out


def holds_all(s: dict, where: str, a: str) -> bool:
    """29.2.1: every controlled (non-neutral) space of the submap is the alliance's."""
    seen = False
    for sid, sp in P().spaces.items():
        if sp.map != where:
            continue
        h = W.holder(s, sid)
        if h is None:
            continue
        hs = owner_alliance(s, h)
        if hs is None:
            continue
        seen = True
        if hs != a:
            return False
    return seen


def colonial_war(s: dict, where: str) -> dict | None:
    """29.2 L1447-1458: each alliance rolls a die plus 1 per EF, elite unit (an elite colonial EF
    2) and army on the submap, and 2 for naval supremacy; an alliance holding the whole submap
    makes the other's roll 0. The loser loses one unit or army step (two at 4 or more), the
    winner takes as many unoccupied spaces; the UK loses 1 stability when its alliance loses."""
    g = gw(s)
    mods = {}
    for a in SIDES:
        n = 0
        for uid in colonial_units(s, where, a):
            t = s["units"][uid]["t"]
            n += 2 if t in ("elite-ef", "zouaves") else 1 if t in EF_TYPES or t in ARMY_TYPES or t == "ec" else 0
        boxes = SUPREMACY[where]
        navies = [u for u in s["units"].values() if u["at"] in boxes and u["t"] in NAVAL_TYPES]
        if navies and all(owner_alliance(s, u["o"]) == a for u in navies):  # minors' ships too
            n += 2
        mods[a] = n
    dice = {a: roll(s, 6) for a in SIDES}
    for a in SIDES:
        if holds_all(s, where, "entente" if a == "alliance" else "alliance"):
            dice[a] = 0
    total = {a: dice[a] + mods[a] for a in SIDES}
    log(
        s,
        f"The colonial war in {where.title()}: the Alliance {dice['alliance']}+{mods['alliance']} = "
        f"{total['alliance']}, the Entente {dice['entente']}+{mods['entente']} = {total['entente']}.",
        "29.2",
    )
    if total["alliance"] == total["entente"]:
        return None
    win = max(SIDES, key=lambda a: total[a])
    lose = "entente" if win == "alliance" else "alliance"
    n = 2 if abs(total["alliance"] - total["entente"]) >= 4 else 1
    if "uk" in g["sides"][lose] and "uk" not in g["eliminated"]:
        change_stability(s, "uk", -1, "its alliance lost the colonial war", "29.2.1")
    return {"where": where, "winner": win, "loser": lose, "losses": n, "gains": n}


# ----- stability, surrender and the end (30.0-31.0, 2.2.2-2.2.3) --------------------------------------


def after_action(s: dict) -> None:
    """30.0 L1469-1473: territorial keys lost to (or taken back from) the enemy; trench battle
    markers of a vacated space go (28.1.5); then surrender (30.1) and the GW's end (31.0)."""
    g = gw(s)
    now = {}
    for sid, occ in s["occupied"].items():
        sp = P().spaces.get(sid)
        ctl = s["control"].get(sid)
        if sp is None or ctl is None or sp.type not in KEY_TYPES:
            continue
        if not (ctl in PLAYERS or ctl == "italy") or owner_alliance(s, occ) in (side_of(s, ctl), None):
            continue
        if not (sp.map == "main" and not sp.colonial_home) and not (sp.map in COLONIES and ctl in sp.homes):
            continue  # G9: a territorial key on the main map, a home key on the Africa or Asia submap
        now[sid] = ctl
    for sid, ctl in sorted(now.items()):
        if sid in g["held"]:
            continue
        if ctl == "ot" and sid in W.OT_LAND_LOC:
            continue  # 33.6 L1575 Local Autonomy: Tunisia and Tripoli cost no stability
        if ctl == "ru" and not g.get("scorched"):
            g["scorched"] = True  # 33.5 Scorched Earth: the first key RU loses costs nothing, once
            log(s, f"Scorched Earth: Russia loses {space_name(sid)} without losing stability.", "33.5")
            continue
        change_stability(s, ctl, -1, f"{space_name(sid)} lost to the enemy")
    for sid, ctl in sorted(g["held"].items()):
        if ctl == "ot" and sid in W.OT_LAND_LOC:
            continue  # 33.6 L1575: their loss cost nothing, so taking them back gives nothing (G23)
        if sid not in now and s["control"].get(sid) == ctl:
            change_stability(s, ctl, 1, f"{space_name(sid)} retaken")
    g["held"] = now
    ended = False
    for sid in sorted(g["trenches"]):
        sides = {war.key_of(s, u["o"]) for u in s["units"].values() if u["at"] == sid and war.is_land(u)}
        if s["forts"].get(sid):  # 28.2 L1426: a fort holds a trench battle space on its own
            sides.add(war.key_of(s, s["forts"][sid][0]))
        sides.discard(None)
        if len(sides) < 2:
            del g["trenches"][sid]
            ended = True
            log(s, f"The trench battle in {space_name(sid)} is over.", "28.1.5")
    if ended:
        war.update_occupation(s)  # 28.1.5: the side left in the space occupies it
    check(s)


def us_losses(s: dict) -> None:
    """32.1 L1498: the US loses 1 stability for each of its armies eliminated (``W.army_lost``)."""
    g = gw(s)
    n = g["us"].pop("lost", 0)
    if n and side_of(s, "us") is not None:
        change_stability(s, "us", -n, f"{n} US arm{'y' if n == 1 else 'ies'} eliminated", "32.1")


def battle_stability(s: dict) -> None:
    """30.0 L1473-1476: the lead power of a force of at least 2 armies defeated in a decisive
    battle loses 1 stability (G14); a US-led force, of any size (32.1 L1498, G34)."""
    lb = s.get("last_battle")
    if not lb or lb.get("gw_scored") or not lb.get("decisive"):
        return
    lb["gw_scored"] = True
    loser = "d" if lb["winner"] == "attacker" else "a"
    who = lb["defender"] if loser == "d" else lb["attacker"]
    if who == "us" or ((lb.get("armies") or {}).get(loser, 0) >= 2 and (who in PLAYERS or who == "italy")):
        change_stability(s, who, -1, "a decisive defeat")


def check(s: dict) -> None:
    """30.1 L1478-1481: a player surrenders at 0 stability or with its capital (and subcapital)
    occupied; 30.2: the US and Italy at 0 stability, Italy with Rome taken. 31.0 L1488-1490: an
    alliance with every power eliminated, or one power left and no neutral player, is defeated."""
    g = s.get("gw")
    if not g or decided(g) or s.get("war") is None:
        return
    for q in fighting(s):  # 27.6 L1401: at 0 however it got there (a peacetime event, the war's start)
        if q not in g["exhausted"] and q not in g["eliminated"] and manpower(s, q) == 0:
            g["exhausted"].append(q)
            log(s, f"{name(q)}'s manpower is exhausted: no new armies, -1 in every battle (27.6).", "27.6")
    for q in fighting(s):
        if q in g["eliminated"]:
            continue
        cap = [W.capital(s, q)] + ([P().powers[q].subcapital] if P().powers[q].subcapital else [])
        mine = side_of(s, q)
        taken = all(x in s["occupied"] and owner_alliance(s, s["occupied"][x]) not in (mine, None) for x in cap)
        if s["powers"][q]["stability"] <= 0 or taken:
            eliminate(s, q, "its capital is taken" if taken else "revolution: its stability is 0")
    for who in ("us", "italy"):
        if side_of(s, who) is None:
            continue
        rome = who == "italy" and owner_alliance(s, s["occupied"].get("rome", "")) not in (side_of(s, "italy"), None)
        if stability(s, who) <= 0 or rome:
            surrender_major(s, who)
    left = {a: [q for q in g["sides"][a] if q not in g["eliminated"]] for a in SIDES}
    lone = not neutrals(s)
    beaten = [a for a in SIDES if not left[a] or (len(left[a]) == 1 and lone)]
    if len(beaten) == 2:
        # G33: one event defeats both alliances: neither wins the Great War, which ends as after
        # GW turn 5 (the best neutral player, or with none the highest stability)
        g["why"] = "both-defeated"
        s["war"]["ended"] = {"type": "great-war", "loser": None}
        log(s, "Both alliances are defeated at once: neither wins the Great War.", "31.0")
    elif beaten:
        a = beaten[0]
        other = "entente" if a == "alliance" else "alliance"
        g["winner"] = other
        s["war"]["ended"] = {"type": "great-war", "loser": KEY[a]}
        log(s, f"The {a.title()} is defeated: the {other.title()} wins the Great War.", "31.0")


def eliminate(s: dict, q: str, why: str) -> None:
    """30.1 L1478-1484: the player is out of the game: its units, alliance marker, initiative and
    ally markers go; its allied minors pass to an ally; its place becomes a bonus impulse."""
    g = gw(s)
    w = s["war"]
    g["eliminated"].append(q)
    log(s, f"{name(q)} surrenders ({why}) and is eliminated.", "30.1")
    a = side_of(s, q)
    for uid in sorted(uid for uid, u in s["units"].items() if u["o"] == q):
        W.remove_unit(s, uid)
    mates = [x for x in g["sides"].get(a, []) if x not in g["eliminated"]]
    heirs = []
    for m, p in sorted(s["allies"].items()):
        if p == q:
            if mates and m in w["attackers"] + w["defenders"]:
                s["allies"][m] = mates[0]  # for now: the alliance's members decide (``Heirs``)
                heirs.append(m)
            else:
                s["allies"].pop(m)
    if heirs and len(mates) >= 2:
        g.setdefault("heirs", []).append({"from": q, "minors": heirs, "mates": mates})
    for k in ("attackers", "defenders"):
        if q in w[k]:
            w[k].remove(q)
    w["knocked_out"][q] = "eliminated"
    for k in ("attacker", "defender"):
        if w["primary"].get(k) == q:  # the side's next player runs its majors (G10)
            w["primary"][k] = next((x for x in w["order"] if x in mates), None)
    if q in w["order"]:
        bonus = f"bonus-{a}"
        other = f"bonus-{'entente' if a == 'alliance' else 'alliance'}"
        if other in w["order"]:  # 30.1 L1481: only one alliance may hold a bonus impulse
            drop_slots(w, (q, other))
        else:
            w["order"][w["order"].index(q)] = bonus
    w["budget"].pop(q, None)


def drop_slots(w: dict, gone) -> None:
    """Take slots off the wartime initiative track, the others moving up (30.1 L1481, 30.2): the
    next impulse stays with whoever's it was, the track wrapping after its last slot."""
    old = w["order"]
    pos = w["turn"] % max(1, len(old))
    before = sum(1 for i, x in enumerate(old) if x in gone and i < pos)
    w["order"] = [x for x in old if x not in gone]
    w["turn"] = (pos - before) % max(1, len(w["order"]))


def surrender_major(s: dict, who: str) -> None:
    """30.2 L1484-1487: the US or Italy surrenders: its units leave play."""
    g = gw(s)
    w = s["war"]
    log(s, f"{name(who)} surrenders.", "30.2")
    for uid in sorted(uid for uid, u in s["units"].items() if u["o"] == who):
        W.remove_unit(s, uid)
    for k in ("attackers", "defenders"):
        if who in w[k]:
            w[k].remove(who)
    if who == "us":
        g["us"]["box"] = "out"
    else:
        s["majors"]["italy"]["gw_stability"] = 0
        s["majors"]["italy"]["alliance"] = "neutral"
        s["majors"]["italy"]["gw_out"] = True  # it comes back for neither side (G30)
    drop_slots(w, (who,))
    w["budget"].pop(who, None)


def finish(s: dict) -> None:
    """2.2.2 L130-132: the winning alliance wins as a team if no player is neutral; else its best
    player, with 4 minus the GW turn added, against the best neutral player. 2.2.3 L135-140:
    after GW turn 5 the best neutral player wins, or with none the highest stability, as when both
    alliances are defeated at once (G33). A player eliminated never wins; ties win together (G15)."""
    g = gw(s)
    s["phase"] = "over"
    vp = dict(g["vp"])
    alive = [q for q in PLAYERS if q not in g["eliminated"]]
    ns = neutrals(s)
    if g["winner"] is not None:
        team = [q for q in g["sides"][g["winner"]] if q in alive]
        if not ns:
            winners, why = team, f"the {g['winner'].title()} wins the Great War"
        else:
            bonus = 4 - g["turn"]
            best_team = max((vp.get(q, 0) + bonus for q in team), default=-99)
            best_n = max(vp.get(q, 0) for q in ns)
            log(
                s,
                f"The {g['winner'].title()}'s best: {best_team} VP (with {bonus:+d} for winning); the best "
                f"neutral: {best_n} VP.",
                "2.2.2",
            )
            if best_team > best_n:
                winners, why = team, f"the {g['winner'].title()} wins the Great War"
            elif best_n > best_team:
                winners, why = [q for q in ns if vp.get(q, 0) == best_n], "a neutral outscores the victors"
            else:
                winners = team + [q for q in ns if vp.get(q, 0) == best_n]
                why = "the victors and a neutral tie"
            for q in team:
                vp[q] = vp.get(q, 0) + bonus
    else:
        how = "the Great War ends after GW turn 5"
        if g["why"] == "both-defeated":
            how = "both alliances are defeated at once"
        if ns:
            top = max(vp.get(q, 0) for q in ns)
            winners, why = [q for q in ns if vp.get(q, 0) == top], f"{how}: the best neutral"
        else:
            top = max(s["powers"][q]["stability"] for q in alive) if alive else 0
            winners = [q for q in alive if s["powers"][q]["stability"] == top]
            why = f"{how}: the highest stability"
            vp = {q: s["powers"][q]["stability"] for q in PLAYERS}
    names = series(NAMES[q] for q in winners)
    log(s, f"{names} win{'s' if len(winners) == 1 else ''} ({why}).", "31.0")
    game_over(s, winners, {q: vp.get(q, 0) for q in PLAYERS}, why)


# ----- the choices -------------------------------------------------------------------------------


class Boost(State):
    """25.6 L1327: a display track boost: stability, manpower or industry, never the same twice;
    a track at its top gives a bonus reserve army instead (beyond the holding box's limit)."""

    def prompt(self, s, f, role):
        return f"National will (25.6): boost a display track ({f['left']} left)."

    def actions(self, s, f, role):
        return [{"boost": t} for t in ("stability", "manpower", "industry") if t not in f["done"]]

    def act(self, s, f, role, action):
        t = action["boost"]
        st = s["powers"][role]
        f["done"].append(t)
        f["left"] -= 1
        g = gw(s)
        if t == "manpower":
            kind = main_kind(role)
            value = st["manpower"][kind]
        else:
            value = st[t]
        if value >= TOPS[t]:
            if role == "uk":  # 25.6.1: the UK's armies wait for GW turn 1 in London
                g["uk_armies"] += 1
            else:
                st["reserves"].append(False)
            log(s, f"{name(role)}'s {t} is at its top: a bonus reserve army instead.", "25.6")
        else:
            if t == "manpower":
                st["manpower"][main_kind(role)] += 1
            else:
                st[t] += 1
            log(s, f"{name(role)} boosts its {t}.", "25.6")
        return STAY if f["left"] > 0 else None


class Order(State):
    """25.7 L1335-1337: the alliance's impulse order, secret until both are revealed."""

    simultaneous = True

    def prompt(self, s, f, role):
        return "Set your alliance's Great War turn order (25.7): revealed at once with the other's."

    def actions(self, s, f, role):
        a = side_of(s, role)
        return [{"order": list(p)} for p in itertools.permutations(gw(s)["sides"][a])]

    def act(self, s, f, role, action):  # pragma: no cover - a simultaneous state reveals instead
        return None

    def reveal(self, s, f, choices):
        gw(s)["chosen"] = {side_of(s, r): c["order"] for r, c in choices.items()}


class Gift(State):
    """26.2 L1350: one CP of the budget to an ally with a LoC, or none."""

    def prompt(self, s, f, role):
        if f.get("giver", role) != role:
            return f"Give 1 CP of {name(f['giver'])}'s war budget to an ally (26.2)?"
        return "Give 1 CP of your war budget to an ally (26.2)?"

    def actions(self, s, f, role):
        return [{"gw_give": x} for x in gift_targets(s, f.get("giver", role))] + ["none"]

    def act(self, s, f, role, action):
        if action != "none":
            q = f.get("giver", role)
            w = s["war"]
            w["budget"][q] -= 1
            w["budget"][action["gw_give"]] += 1
            log(s, f"{name(q)} gives {name(action['gw_give'])} 1 CP.", "26.2")
        return None


def choose(s: dict, role: str, *, why: str, options: list, text: str) -> None:
    """Ask ``role`` to pick one of ``options`` (the state ``gw-choose``); the step that asks reads
    the answer in ``s["gw"]["answer"]``. ``why`` names the question for bots and tests."""
    ask(s, "gw-choose", role, why=why, options=options, text=text)


class Choose(State):
    """A choice the GW asks of a player: ``options`` in the frame, the answer kept in
    ``s["gw"]["answer"]`` for the step that asked."""

    def prompt(self, s, f, role):
        return f["text"]

    def actions(self, s, f, role):
        return list(f["options"])

    def act(self, s, f, role, action):
        gw(s)["answer"] = action
        return None


class CombatCard(State):
    """26.1, 27.2 Exception 2: a GW combat card at the start of a land battle the player is in:
    face up in front of it, or in its hand; afterwards it lies face down in front of the player
    it was played against."""

    def prompt(self, s, f, role):
        if not combat_cards(s, role):
            return "You hold no GW combat card to play in this battle (26.1): go on."
        return "Play a GW combat card in this battle (+2 to your roll)?"

    def actions(self, s, f, role):
        return [{"combat": c} for c in combat_cards(s, role)] + ["none"]

    def act(self, s, f, role, action):
        if action == "none":
            return None
        c = action["combat"]
        b = s["battle"]
        if c in hand(s, role):
            hand(s, role).remove(c)
        drm = sum(e.amount or 0 for e in card(c).effects if e.verb == "battle-drm")
        b["drm"][role] = b["drm"].get(role, 0) + drm
        against = b["roles"]["d"] if b["roles"]["a"] == role else b["roles"]["a"]
        gw(s)["combat"][c] = {"holder": against or role, "up": False}
        log(
            s,
            f"{name(role)} plays {card(c).title}: {drm:+d} to its roll; the card goes face down in front of "
            f"{name(against or role)}.",
            "26.1",
        )
        return None


def combat_cards(s: dict, q: str) -> list:
    g = s.get("gw") or {}
    up = [c for c, x in sorted(g.get("combat", {}).items()) if x["holder"] == q and x["up"]]
    return up + [c for c in s["powers"].get(q, {}).get("gw_hand", []) if card(c).kind == "combat"]


class Heirs(Procedure):
    """30.1 L1480: an eliminated player's ally markers pass to "a member of their alliance ... If
    there are two remaining powers in the alliance and they cannot agree which receives the minor
    powers, use a die roll to resolve it." Each remaining member names one (the first two in the
    alliance's order are asked); the same name settles it, else a die: 1-3 the first, 4-6 the
    second (RULINGS_GW G27)."""

    def start(self, s, f):
        g = gw(s)
        h = g["heirs"].pop(0)
        mates = [q for q in h["mates"] if q not in g["eliminated"]][:2]
        minors = [m for m in h["minors"] if s["allies"].get(m) in h["mates"]]
        if not minors or not mates:
            return None
        if len(mates) == 1:
            self.give(s, minors, mates[0], h["from"])
            return None
        f.update(minors=minors, mates=mates, names=[], of=h["from"])
        return "ask"

    def ask(self, s, f):
        if len(f["names"]) < len(f["mates"]):
            words = ", ".join(name(m) for m in f["minors"])
            choose(s, f["mates"][len(f["names"])], why="heir", options=[{"who": q} for q in f["mates"]],
                   text=f"{name(f['of'])} is eliminated: which of you receives {words} (30.1)?")  # fmt: skip
            return "answer"
        a, b = f["names"]
        if a == b:
            log(s, f"{name(f['mates'][0])} and {name(f['mates'][1])} agree: {name(a)} receives them.", "30.1")
            heir = a
        else:
            die = roll(s, 6)
            heir = f["mates"][0] if die <= 3 else f["mates"][1]
            log(s, f"{name(f['mates'][0])} and {name(f['mates'][1])} do not agree: a die, {die}: {name(heir)}.",
                "30.1")  # fmt: skip
        self.give(s, f["minors"], heir, f["of"])
        return None

    def answer(self, s, f):
        f["names"].append(gw(s)["answer"]["who"])
        return "ask"

    @staticmethod
    def give(s, minors, heir, of):
        for m in minors:
            s["allies"][m] = heir
        log(s, f"{name(of)}'s allies {', '.join(name(m) for m in minors)} pass to {name(heir)}.", "30.1")


class CombatCards(Procedure):
    """Called by battle.py at the cards step of a GW land battle: the attacker first."""

    def start(self, s, f):
        f["roles"] = [r for r in f["roles"] if r in PLAYERS]
        return "next"

    def next(self, s, f):
        # what led here, an answer too, stays done (RULINGS_EVENTS E31)
        checkpoint(s)
        while f["roles"]:
            r = f["roles"].pop(0)
            # asked with a card in hand whatever it is, or one face up: who is asked tells
            # nobody what the hand holds (26.0: the GW card is secret)
            if hand(s, r) or combat_cards(s, r):
                ask(s, "gw-combat-card", r)
                return "next"
        return None


def label(a, s=None) -> str | None:
    """The words for an action only the Great War asks for (its own strings and keys), or None:
    the shapes other questions share ({"power"}, {"space"}, "done"...) keep sequence.label's."""
    words = {
        "refit": "refit an army (27.5.1)",
        "draft": "draft two reduced armies (27.5.2)",
        "elite-corps": "raise an elite corps (27.5.3)",
        "refit-fleet": "refit a naval unit (27.5.4)",
        STAY_OUT: "stay out of the war",
        "remove-fort": "remove the fort to cancel the retreat (28.2)",
    }
    if isinstance(a, str):
        return words.get(a)
    if "declare" in a and len(a) == 1:
        return f"declare war on {name(a['declare'])} (32.4)"
    if "gw_give" in a:
        return f"give {name(a['gw_give'])} 1 CP"
    if "gw_play" in a:
        use = {"event": " for its event", "bonus": " for a bonus action", "both": " (event and a bonus action)"}
        return f"play {card(a['gw_play']).title}{use.get(a.get('use'), '')}"
    if "combat" in a:
        return f"play {card(a['combat']).title} (+2)"
    if "boost" in a:
        return f"boost {a['boost']}"
    if "order" in a:
        return "order: " + ", ".join(name(q) for q in a["order"])
    if "join" in a and len(a) == 1:
        return f"join the {a['join'].title()}"
    if "space" in a and "kind" in a:  # a draft's unit (27.5.2)
        what = DRAFTED.get(a["kind"], f"a reduced {a['kind']} army")
        if "minor" in a:
            what = f"a reduced army of {name(a['minor'])}"
        extra = " (one of the armies waiting under Join Your Country's Army)" if a.get("jyca") else ""
        return f"{what} in {space_name(a['space'])}{extra}"
    if "unit" in a and len(a) == 1 and s is not None and a["unit"] in s.get("units", {}):
        return unit_words(s["units"][a["unit"]])  # a refit's army or ship (27.5.1, 27.5.4)
    return None


PROCEDURES = {
    "great-war": GreatWar(),
    "gw-outbreak": Outbreak(),
    "gw-planning": Planning(),
    "gw-maneuver": Maneuver(),
    "gw-neutral-impulses": NeutralImpulses(),
    "gw-winter": Winter(),
    "gw-action": GWAction(),
    "gw-event": Event(),
    "gw-combat-cards": CombatCards(),
    "gw-declare": Declare(),
    "gw-heirs": Heirs(),
}
STATES = {
    "gw-boost": Boost(),
    "gw-order": Order(),
    "gw-gift": Gift(),
    "gw-choose": Choose(),
    "gw-impulse": Impulse(),
    "gw-card": CardPlay(),
    "gw-neutral-card": NeutralCard(),
    "gw-combat-card": CombatCard(),
}
