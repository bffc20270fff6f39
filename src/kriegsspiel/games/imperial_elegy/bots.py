"""Imperial Elegy's bots. A bot is ``bot(view, actions, rng) -> one of actions``
and sees only its power's view; the engine adds ``random`` to every game.

``heuristic`` plays a power simply but sensibly: it keeps the national goal
nearest to scoring, steadies its stability, plays its own events (the cards
whose bot box names it, 9.2, and its home cards when they do not declare war),
otherwise plays its biggest card for CP, industrializes once a turn with a good
card, and spends CP on pacifying and colonizing (keys first), alliances with
minors, armies up to its manpower, fleets, and the Alliance Track toward its
leanings (neutral while it holds Pax Britannica; once committed, it courts the
neutral powers that lean its way). It declares war only with its home card and
on a power clearly weaker than itself (as the rulebook's own bots, 34.4.1); doing well on its
national goals, it keeps the world calm (no war, no event of its own that raises the WTT, the
Hague when tension mounts: the design note of 2.2, L154); and
in a war it fights where the odds favour it, marches toward the objectives and
otherwise passes; it weighs a peace offer by how the war stands (16.1: who holds the
objectives, who occupies whose land, whose armies are stronger), asks for peace when it is
losing and for terms when it is winning, and never offers to concede. It redeploys its
armies from quiet spaces to threatened ones, keeps its fleets in port in peace and sends them
into battle only where they outnumber the enemy, and plays its home card's event only when
the event does something now worth more than the card's CP. The rulebook's own bots (§34)
are ``bots_rulebook.py``.
"""

from __future__ import annotations

from . import conditions
from .data import PLAYERS, pack
from .deck import deck
from .greatwar import COLONIES, SUPREMACY
from .greatwar import stability as gw_stability  # a player's, the US's or Italy's (30.2)
from .gw_deck import gw_deck
from .world import ARMY_TYPES, EF_TYPES, ranked

LEANING = {  # where each power's cabinet leans on the Alliance Track (historical, RULINGS R6)
    "ge": "alliance",
    "uk": "entente",
    "fr": "entente",
    "au": "alliance",
    "ru": "entente",
    "ot": "alliance",
}


def _leaning(me, st) -> str:
    """The box the power steers for on the Alliance Track: its cabinet's leaning, unless a national
    goal it holds asks it to stay neutral (Pax Britannica: the UK neutral, 8.1.1 L492)."""
    for gid in st.get("goals", []):
        if any(t.test == "neutral" for t in deck().goals[gid].conditions):
            return "neutral"
    return LEANING.get(me, "neutral")


def _mpit(b, me, st, opts):
    """12.7: influence toward the box the power steers for; once committed there, toward its side
    for a neutral power whose cabinet leans the same way (its partners-to-be, 8.4: three at most)."""
    lean = _leaning(me, st)
    if lean != "neutral" and st.get("alliance") == f"{lean}-committed":
        powers = b["powers"]
        partners = [q for q in powers if q != me and powers[q].get("alliance") == "neutral" and LEANING.get(q) == lean]
        if partners and sum(1 for q in powers if powers[q].get("alliance", "").startswith(lean)) < 3:
            courted = [a for a in opts if a["power"] == partners[0] and a["track"] == lean]
            if courted:
                return courted[0]
    mine = [a for a in opts if a["power"] == me and a["track"] == lean]
    return mine[0] if mine else opts[0]


def _card(cid):
    d = deck()
    return d.cards.get(cid) or d.home_cards.get(cid)


def option_of(card, label):
    """The option of an event card an action names (9.1.1), or None."""
    return next((o for o in card.options if o.label == label), None)


def declares_war(option) -> bool:
    """An event option that declares a war (12.17)."""
    return option is not None and any(e.verb == "declare-war" for e in option.effects)


def heuristic(view, actions, rng):  # noqa: C901 - one rule of thumb per question
    """Any power: plays its cards, makes wars and peace by rules of thumb for its victory points."""
    b = view["board"]
    me = view.get("role")
    st = b["powers"].get(me, {}) if me else {}
    strs = [a for a in actions if isinstance(a, str)]
    dicts = [a for a in actions if isinstance(a, dict)]
    keys = set().union(*(a.keys() for a in dicts)) if dicts else set()
    asking = b.get("asking")

    # prep: steady a shaky government (10.4); India first for the UK
    if "discard" in keys and "keep" in strs:
        if any(a.get("discard") == "india" for a in dicts):
            return {"discard": "india"}
        return {"discard": "stability"} if st.get("stability", 6) <= 3 else "keep"
    # diplomacy: no gifts; take what is offered, refuse what is asked
    if "give" in keys or "ask" in keys:
        return "done"
    if actions == ["confirm", "refuse"]:
        text = view.get("prompt", "")
        return "confirm" if "offers you" in text else "refuse"
    if "home" in keys:
        homes = [a for a in dicts if "home" in a]
        if st.get("stability", 6) <= 2:
            for a in homes:
                c = _card(a["home"])
                if any(e.verb == "stability" for o in c.options for e in o.effects):
                    return a
        return homes[rng.randrange(len(homes))]
    if "card" in keys and any(a.get("as") for a in dicts):
        return _impulse(b, me, st, actions, dicts, rng)
    if asking == "militarism":  # 20.1: an army step, else keep a fort
        for want in ("army", "reinforce", "reserve-step", "reserve"):
            got = [a for a in dicts if a.get("do") == want and "for" not in a]
            if got:
                return got[0]
        forts = [a for a in dicts if "maintain" in a]
        return forts[0] if forts else actions[-1]
    if "do" in keys and all("do" in a for a in dicts):
        return _spend(b, me, st, actions, dicts, rng)
    if asking in ("goal-keep", "goal-return"):
        # keep the goal closest to being scored now (2.4.2); return the furthest
        value = {i: _goal_value(b, me, a.get("keep", a.get("return"))) for i, a in enumerate(dicts)}
        best = max if asking == "goal-keep" else min
        return dicts[best(value, key=value.get)]
    if asking == "keep":
        # discard the lowest card at the end of the turn
        return min(dicts, key=lambda a: _card(a["discard"]).cp if _card(a["discard"]) else 0)
    if asking == "war-peace":
        return _peace_answer(b, me, view.get("prompt", ""))
    if asking == "war-accept-surrender":
        return "accept"  # the attacker's surrender is a major victory (15.5, 16.1.1)
    if asking == "redeploy":
        return _redeploy(b, me, dicts)
    if asking == "naval-moving":
        return _naval_move(b, me, dicts)
    return _generic(view, actions, dicts, strs, rng)


def _impulse(b, me, st, actions, dicts, rng):
    mandatory = [a for a in dicts if a.get("as") == "mandatory"]
    if mandatory:
        return mandatory[0]
    hand = st.get("hand", [])
    home = st.get("home")
    events = [a for a in dicts if a.get("as") == "event"]
    content = bool(events) and _content(b, me, st)  # it weighs only the power's own events
    if content and b.get("wtt", 0) >= 2:  # a power doing well on its goals calms the world (L154)
        calming = [a for a in events if _wtt_shift(a) < 0]
        if calming:
            return calming[0]
    # own events: the bot box (9.2) and the home card's peaceful option
    for a in events:
        c = _card(a["card"])
        if c is None:
            continue
        option = option_of(c, a["option"])
        declares = declares_war(option)
        if a["card"] == home:
            if declares:
                if _war_wanted(b, me, st):
                    return a
                continue
            if option is not None and sum(_effect_value(b, me, st, e) for e in option.effects) >= HOME_EVENT_WORTH:
                return a
            continue
        if me.upper() in getattr(c, "bot", []) and not declares and not (content and _wtt_shift(a) > 0):
            return a
    cp_plays = [a for a in dicts if a.get("as") == "cp"]
    if st.get("industrialize") is None and b["turn"] < 7:
        ind = [a for a in dicts if a.get("as") == "industrialize" and a["card"] != home]
        if ind and len(hand) >= 3:
            best = max(ind, key=lambda a: _card(a["card"]).cp)
            if _card(best["card"]).cp >= 3 or st.get("auto"):
                return best
    if "pass" in actions and len(hand) <= (2 if me == "uk" else 1):
        return "pass"
    if cp_plays:
        return max(cp_plays, key=lambda a: (_card(a["card"]).cp, a["card"] == home))
    return dicts[0] if dicts else actions[0]


def _goal_value(b, me, gid) -> float:
    """How much a national goal would score if the game ended now: an achievement's VP by the share
    of its conditions met, a ranked goal's VP by the power's place (2.4.2). The board carries the
    public state the conditions read."""
    g = deck().goals[gid]
    try:
        if g.kind == "ranked":
            vals = {q: conditions.measure(b, q, g) for q in PLAYERS}
            return ranked(vals).get(me, 0) * 0.9 + 0.3
        met = sum(1 for t in g.conditions if conditions.check(b, t, me))
        return (g.vp or 3) * (0.25 + 0.75 * met / max(1, len(g.conditions)))
    except (KeyError, TypeError, AttributeError):
        return 1.0


CONTENT = 2.5
"""The mean worth of a power's national goals (``_goal_value``: 3 or 4 for one met, 3 for first
place) from which it counts itself as doing well on them."""


def _content(b, me, st) -> bool:
    """2.2 design note (L154): "players who are doing well on their NGs will try to avoid a GW as
    they have a good chance of winning the game without it, but players behind on their NGs will
    see the GW as their only chance". A power whose goals, on average, are near scoring declares
    no war (a war of conquest raises the WTT, 13.3), plays no event of its own that raises the
    WTT, and plays an event that lowers it once the WTT stands at 2 or more."""
    goals = st.get("goals", [])
    return bool(goals) and sum(_goal_value(b, me, g) for g in goals) / len(goals) >= CONTENT


def _wtt_shift(a) -> int:
    """How far the chosen option of an event card moves the WTT."""
    c = _card(a["card"])
    option = option_of(c, a.get("option")) if c is not None else None
    return sum(e.amount or 0 for e in option.effects if e.verb == "wtt") if option is not None else 0


UNIFYING = {"ge-unification", "ge-saturated-power"}


def _war_wanted(b, me, st) -> bool:
    """A war costs stability (13.3) and risks a major defeat (16.1.1): go to war only with a
    steady government, a strong army, and (Prussia) a goal that unification serves; and not while
    doing well on the national goals (``_content``)."""
    if not _strong(b, me) or st.get("stability", 0) < 4 or b.get("wtt", 0) >= 2 or _content(b, me, st):
        return False
    if me == "ge":
        return bool(UNIFYING & set(st.get("goals", []))) and not b["flags"].get("germany_unified")
    return st.get("stability", 0) >= 5


def _strong(b, me):
    """34.4.1: a bot goes to war only on a power with no more army steps than itself."""
    mine = sum(2 - u["r"] for u in b["units"].values() if u["o"] == me and u["t"] not in ("squadron", "dreadnought"))
    return mine >= 4


SPEND_ORDER = (
    "pacify",
    "ally",
    "influence",
    "army",
    "reinforce",
    "diplomacy",
    "ef",
    "reserve",
    "reserve-step",
    "fleet",
    "refit",
    "citizenship",
    "reforms",
    "zouaves",
    "battle",
    "mpit",
)


def _spend(b, me, st, actions, dicts, rng):
    by: dict = {}
    for a in dicts:
        by.setdefault(a["do"], []).append(a)
    if "war" in by and _war_wanted(b, me, st) and rng.random() < 0.2:
        german = [a for a in by["war"] if a["target"] in GERMAN_MINORS]
        pool = german if me == "ge" and german else by["war"]
        pool = [a for a in pool if a.get("chain")] or pool  # the chain's CP too: a bigger war budget (R4)
        return pool[rng.randrange(len(pool))]
    if "battle" in by:
        return by["battle"][0]
    wanted = _wanted_minors(b, me, st)
    if wanted:  # 33.1.1: diplomacy and alliance markers on the German minors unify Germany
        courted = [a for do in ("ally", "diplomacy") for a in by.get(do, []) if a.get("minor") in wanted]
        if courted:
            return courted[0]
    for do in SPEND_ORDER:
        opts = by.get(do)
        if not opts:
            continue
        if do == "army":
            full = [a for a in opts if a.get("full") and "for" not in a]
            return (full or opts)[rng.randrange(len(full or opts))]
        if do == "fleet" and sum(1 for u in b["units"].values() if u["o"] == me and u["t"] == "squadron") >= 4:
            continue
        if do == "mpit":
            return _mpit(b, me, st, opts)
        if do == "ef":  # an EF where the power's influence awaits pacification (12.11)
            landed = {
                u["at"] for u in b["units"].values() if u["o"] == me and u["t"] not in ("squadron", "dreadnought")
            }
            new = [a for a in opts if "unit" not in a and b["influence"].get(a["to"]) == me and a["to"] not in landed]
            if new:
                return new[rng.randrange(len(new))]
            continue
        if do == "influence":  # keys first (manpower, goals), then naval bases (power projection)
            spaces = pack().spaces
            rank = {"capital": 0, "key": 0, "subcapital": 0, "naval-base": 1}
            best = min(rank.get(spaces[a["space"]].type, 2) for a in opts)
            pool = [a for a in opts if rank.get(spaces[a["space"]].type, 2) == best]
            return pool[rng.randrange(len(pool))]
        return opts[rng.randrange(len(opts))]
    return "done" if "done" in actions else actions[0]


GERMAN_MINORS = ("hanover", "saxony", "bavaria")


def _wanted_minors(b, me, st) -> set:
    """The minors whose diplomacy or alliance the bot courts first: for Prussia before
    unification, and for an Austria that holds Leader of Germany, those that control a German
    unification space (33.1.1 L1521: their markers count as control)."""
    if b["flags"].get("germany_unified"):
        return set()
    if me != "ge" and not (me == "au" and "au-leader-of-germany" in st.get("goals", [])):
        return set()
    minors = pack().minors
    out = set()
    for sid, sp in pack().spaces.items():
        c = b["control"].get(sid)
        if sp.unification == "germany" and c in minors and b["allies"].get(c) != me:
            out.add(c)
    return out


ARMIES = ("army", "reserve", "british", "indian", "turkish", "arab", "commonwealth")


def _armies_at(b, where, owners):
    return sum(2 - u["r"] for u in b["units"].values() if u["at"] == where and u["o"] in owners and u["t"] in ARMIES)


def _mine(b, me):
    """The owners whose units the bot moves: itself and its allied minors."""
    return {me} | {m for m, q in b["allies"].items() if q == me}


def _distances(goals) -> dict:
    """Land links from every space to the nearest goal."""
    adj = pack().adjacency
    dist = {g: 0 for g in goals}
    todo = list(goals)
    while todo:
        nxt = []
        for here in todo:
            for there in adj.get(here, {}):
                if there not in dist:
                    dist[there] = dist[here] + 1
                    nxt.append(there)
        todo = nxt
    return dist


def _enemy_places(b, me, war) -> set:
    side = "defenders" if me in war.get("defenders", []) else "attackers"
    foes = set(war.get("attackers" if side == "defenders" else "defenders", []))
    return {u["at"] for u in b["units"].values() if u["o"] in foes and u["at"] in pack().spaces}


def _generic(view, actions, dicts, strs, rng):  # noqa: C901 - one rule of thumb per question
    """Wars, battles and events: fight when the odds favour it, march toward the objectives,
    never surrender, otherwise the first sensible choice."""
    b = view["board"]
    me = view.get("role")
    asking = b.get("asking") or ""
    war = b.get("war") or {}
    objectives = set(war.get("objectives", []))
    if war.get("gw"):  # the Great War is won by taking capitals (30.1): the enemy's are the objectives
        objectives = _enemy_capitals(b, me, war)
    own = _mine(b, me)
    safe = [a for a in actions if a != "surrender"]
    if asking == "war-aim":  # conquest costs stability (13.3): unite or liberate when possible
        order = {"unification": 0, "liberation": 1, "conquest": 2}
        return min(dicts, key=lambda a: order.get(a.get("aim"), 3)) if dicts else actions[0]
    if asking == "war-target":
        german = [a for a in dicts if a.get("target") in GERMAN_MINORS]
        if me == "ge" and german:
            return german[0]
    if asking.startswith("gw-") and asking != "gw-impulse":
        return _great_war(b, me, asking, actions, dicts, rng)
    if asking in ("war-impulse", "gw-impulse"):
        if asking == "gw-impulse":  # 27.5: rebuild before the budget runs dry; never a new enemy (32.4)
            safe = [a for a in safe if not (isinstance(a, dict) and "declare" in a)]
            dicts = [a for a in dicts if "declare" not in a]
            for word in ("draft", "refit", "elite-corps"):
                if word in safe and rng.random() < 0.4:
                    return word
            if "naval" in safe and _stranded(b, me, war) and rng.random() < 0.5:
                return "naval"  # 12.3: ferry an army with no road to the front
        attacks = [a for a in dicts if "battle" in a]
        good = []
        for a in attacks:
            mine = _armies_at(b, a["from"], own)
            theirs = sum(
                2 - u["r"] for u in b["units"].values() if u["at"] == a["battle"] and u["o"] not in own
            ) + 2 * (b["forts"].get(a["battle"], [None, 0])[1] or 0)
            if mine >= theirs + 1 or (a["battle"] in objectives and mine >= theirs):
                good.append(a)
        if good:
            return max(good, key=lambda a: (a["battle"] in objectives, _armies_at(b, a["from"], own)))
        outlook = _outlook(b, me)
        proposals = [a for a in dicts if "propose" in a]
        if outlook <= -1:  # losing: ask for a white peace (16.1.5)
            white = [a for a in proposals if a["propose"] == "white"]
            if white:
                return white[0]
        if outlook >= 1:  # winning: offer peace on terms (16.1.4)
            demands = [a for a in proposals if a["propose"] == "demand"]
            if demands:
                return demands[0]
        for word in ("deploy-free", "deploy", "march", "rail"):
            if word in safe and rng.random() < (0.8 if word.startswith("deploy") else 0.5):
                return word
        if "pass" in safe:
            return "pass"
        plain = [a for a in safe if not (isinstance(a, dict) and "propose" in a)]
        if plain:
            return plain[rng.randrange(len(plain))]
        for kind in ("white", "demand"):  # never an offer to concede
            for a in proposals:
                if a["propose"] == kind:
                    return a
        return safe[0]
    if asking in ("war-march", "war-rail"):
        # close on the objectives (or, defending, on the enemy's armies): a move must shorten the way
        moves = [a for a in dicts if "unit" in a and "to" in a and a["unit"] in b["units"]]
        goals = objectives if me in war.get("attackers", []) or war.get("gw") else _enemy_places(b, me, war)
        dist = _distances(goals)
        best = None
        spaces = pack().spaces
        for a in moves:
            here = b["units"][a["unit"]]["at"]
            if war.get("gw") and spaces[here].map in COLONIES and spaces[a["to"]].map != spaces[here].map:
                continue  # 29.2: units on Africa's and Asia's submaps count in the colonial war
            gain = dist.get(here, 99) - dist.get(a["to"], 99)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        if best:
            return best[1]
        return "done" if "done" in safe else safe[0]
    for pref in ("fight", "defend", "aid", "allow", "accept", "agree", "enforce", "intercept", "jihad", "add"):
        if pref in safe:
            return pref
    calls = [a for a in dicts if "call" in a]
    if calls:
        return calls[0]
    supports = [a for a in dicts if a.get("support") or a.get("elite")]
    if supports:
        return supports[0]
    options = [a for a in dicts if "option" in a and "play" not in a]
    if options:
        order = ("territorial", "colonial", "reparations", "righteous", "realignment")
        return min(options, key=lambda a: order.index(a["option"]) if a["option"] in order else 9)
    cards = [a for a in dicts if set(a) == {"card"}]
    if cards:  # a card for a war budget: the cheapest will do for a defender, the best to join
        return min(cards, key=lambda a: _card(a["card"]).cp if _card(a["card"]) else 9)
    plays = [a for a in dicts if "play" in a]
    if plays:
        return plays[0]
    if "pass" in safe and len(safe) > 1 and rng.random() < 0.3:
        return "pass"
    choices = [a for a in safe if a not in ("refuse", "decline", "abandon", "deny", "waive")] or safe or actions
    return choices[rng.randrange(len(choices))]


def _enemy_capitals(b, me, war) -> set:
    """The capitals and subcapitals of the powers at war with the bot's side (30.1)."""
    side = _war_side(war, me)
    if side is None:
        return set()
    foes = war["defenders" if side == "attackers" else "attackers"]
    out = set()
    for q in foes:
        rec = pack().powers.get(q)
        if rec is not None:
            out.add(rec.capital)
            if rec.subcapital:
                out.add(rec.subcapital)
    return out


def _great_war(b, me, asking, actions, dicts, rng):
    """The Great War's questions (greatwar.py): combat cards always, an event card for its event,
    national will on the weakest track, no CP given away, the first order of the alliance."""
    st = b["powers"].get(me, {})
    if asking == "gw-combat-card":
        return dicts[0] if dicts else actions[-1]
    if asking == "gw-card":
        helpful = [a for a in dicts if a.get("use") == "bonus" or not _event_helps_foe(b, me, a.get("gw_play"))]
        for use in ("both", "event", "bonus"):
            got = [a for a in helpful if a.get("use") == use]
            if got:
                return got[0]
        return actions[-1]
    if asking == "gw-neutral-card":
        return dicts[0] if dicts else actions[-1]
    if asking == "gw-boost":
        # the UK and RU lose stability in the colonial war too (29.2.1): they shore it up first
        low = st.get("stability", 6) <= 3 or me in ("uk", "ru")
        order = ("stability", "manpower", "industry") if low else ("manpower", "industry")
        for t in order + ("stability",):
            if {"boost": t} in actions:
                return {"boost": t}
        return actions[0]
    if asking == "gw-gift":
        return "none" if "none" in actions else actions[-1]
    if asking == "gw-choose":
        joins = [a for a in dicts if "join" in a]
        if joins:  # a neutral stays out while the war is young, then picks the side it can help
            return "stay-out" if "stay-out" in actions and rng.random() < 0.7 else joins[0]
        drafts = [a for a in dicts if set(a) == {"space", "kind"}]
        if drafts:  # 27.5.2: to a colonial submap the alliance is losing, else nearest the enemy
            return _draft_place(b, me, drafts)
        taken = [a for a in dicts if set(a) == {"space"} and _foe_holds(b, me, a["space"])]
        if taken:  # 29.2: a space won in the colonial war; an enemy's home key costs it stability (30.0)
            spaces = pack().spaces
            return max(taken, key=lambda a: (_holder(b, a["space"]) in spaces[a["space"]].homes,
                                             spaces[a["space"]].type == "key"))  # fmt: skip
        if {"who": me} in dicts:  # 30.1: an eliminated ally's minors: each member names itself
            return {"who": me}
        pools = [a for a in dicts if set(a) == {"manpower"}]
        if pools:  # K25: the marker that has less, so that both kinds of army can still be drafted
            mp = st.get("manpower") or {}
            return min(pools, key=lambda a: mp.get(a["manpower"], 0))
        struck = [a for a in dicts if set(a) == {"power"}]
        if struck:  # a blow to an enemy's home front (27.2): the nearest to surrender (30.1), or
            # from GW turn 4 the steadiest, who wins if the war runs out (2.2.3)
            late = (b.get("gw") or {}).get("turn", 0) >= 4
            return (max if late else min)(struck, key=lambda a: gw_stability(b, a["power"]))
        return dicts[0] if dicts else actions[0]
    return actions[0]


def _event_helps_foe(b, me, cid) -> bool:
    """A GW event that would bring the US in on the other side (K24: the Zimmermann Telegram)."""
    card = gw_deck().cards.get(cid)
    if card is None:
        return False
    war = b.get("war") or {}
    mine = _war_side(war, me)
    for e in card.effects:
        if e.verb == "us-entry" and e.against:
            foe = _war_side(war, e.against)
            if foe is not None and foe == mine:
                return True
    return False


def _holder(b, sid):
    return (b.get("occupied") or {}).get(sid) or (b.get("control") or {}).get(sid)


def _foe_holds(b, me, sid) -> bool:
    h = _holder(b, sid)
    war = b.get("war") or {}
    mine = _war_side(war, me)
    return h is not None and mine is not None and _war_side(war, h) not in (mine, None)


def _colonial_strength(b, where) -> dict:
    """Each side's units on a colonial submap, by the side each owner fights on (29.2: 1 an army,
    EF or EC, 2 an elite colonial EF or the Zouaves)."""
    spaces = pack().spaces
    war = b.get("war") or {}
    out: dict = {}
    for u in b["units"].values():
        sp = spaces.get(u["at"])
        a = _war_side(war, u["o"])
        if sp is None or sp.map != where or a is None or u["t"] not in COLONIAL_UNITS:
            continue
        out[a] = out.get(a, 0) + (2 if u["t"] in ("elite-ef", "zouaves") else 1)
    return out


def _draft_place(b, me, drafts):
    """A drafted army or EF (27.5.2) goes where the colonial war is being lost (29.2: the UK
    loses stability with it, 29.2.1) to a space with no unit of ours; else nearest the enemy's
    capitals (30.1)."""
    spaces = pack().spaces
    war = b.get("war") or {}
    mine = _war_side(war, me)
    held = {u["at"] for u in b["units"].values() if _war_side(war, u["o"]) == mine}
    for where in COLONIES:
        st = _colonial_strength(b, where)
        theirs = max((n for a, n in st.items() if a != mine), default=0)
        if theirs and st.get(mine, 0) <= theirs:
            there = [a for a in drafts if spaces[a["space"]].map == where and a["space"] not in held]
            if there:
                return there[0]
    dist = _distances(_enemy_capitals(b, me, war))
    return min(drafts, key=lambda a: dist.get(a["space"], 99))


COLONIAL_UNITS = ARMY_TYPES + EF_TYPES + ("ec",)


# ----- war and peace -------------------------------------------------------------------------------------------


def _war_side(war: dict, me: str):
    if me in war.get("attackers", []):
        return "attackers"
    if me in war.get("defenders", []):
        return "defenders"
    return None


def _steps(b, owners) -> int:
    spaces = pack().spaces
    return sum(2 - u["r"] for u in b["units"].values() if u["o"] in owners and u["t"] in ARMIES and u["at"] in spaces)


def _outlook(b, me) -> float:
    """How the war stands for the bot's side if it ended now (16.1): 1 a victory (the attackers
    hold every objective, 16.1.2; the defenders occupy the attackers' land, 16.1.3), -1 a
    defeat, 0.5 or -0.5 by the armies' strength, 0 even."""
    war = b.get("war") or {}
    side = _war_side(war, me)
    if side is None:
        return 0.0
    attackers, defenders = set(war.get("attackers", [])), set(war.get("defenders", []))
    occupied, control = b.get("occupied", {}), b.get("control", {})
    objectives = war.get("objectives", [])
    sign = 1.0 if side == "attackers" else -1.0
    if objectives and all(occupied.get(o) in attackers for o in objectives):
        return sign
    if any(o in defenders and control.get(sid) in attackers for sid, o in occupied.items()):
        return -sign
    mine = attackers if side == "attackers" else defenders
    theirs = defenders if side == "attackers" else attackers
    a, t = _steps(b, mine), _steps(b, theirs)
    if a >= 1.5 * t + 1:
        return 0.5
    if t >= 1.5 * a + 1:
        return -0.5
    return 0.0


def _peace_answer(b, me, prompt: str) -> str:
    """16.1.4-16.1.5: a white peace when the war is not being won; terms conceded when it is
    being lost anyway; a concession offered to the bot is a victory taken."""
    outlook = _outlook(b, me)
    if "white peace" in prompt:
        return "accept" if outlook <= 0 else "decline"
    if "if you concede" in prompt:
        return "accept" if outlook <= -1 else "decline"
    return "accept"


# ----- redeployment and fleets ------------------------------------------------------------------------------


def _threats(b, me):
    """Space -> army steps of other powers next to it, less the bot's own there (its allies'
    armies do not threaten it); tallied once per question."""
    friends = _mine(b, me)
    foreign: dict = {}
    own: dict = {}
    for u in b["units"].values():
        if u["t"] not in ARMIES:
            continue
        if u["o"] not in friends:
            foreign[u["at"]] = foreign.get(u["at"], 0) + 2 - u["r"]
        elif u["o"] == me:
            own[u["at"]] = own.get(u["at"], 0) + 2 - u["r"]
    adjacency = pack().adjacency
    memo: dict = {}

    def threat(where: str) -> int:
        got = memo.get(where)
        if got is None:
            near = sum(foreign.get(x, 0) for x in adjacency.get(where, {}))
            got = memo[where] = near - own.get(where, 0)
        return got

    return threat, own


def _threat(b, me, where: str) -> int:
    return _threats(b, me)[0](where)


def _redeploy(b, me, dicts):
    """12.15: an army leaves a space that stays covered for one whose neighbours outnumber it,
    the most threatened first; elite corps join the largest army; then done."""
    capital = pack().powers[me].capital if me in pack().powers else None
    threat, own = _threats(b, me)
    best = None
    for a in dicts:
        u = b["units"].get(a["move"])
        if u is None:
            continue
        if u["t"] == "ec":
            if own.get(a["to"], 0) > own.get(u["at"], 0) + 1:
                gain = 1
            else:
                continue
        elif u["t"] in ARMIES:
            steps = 2 - u["r"]
            if u["at"] == capital and own.get(capital, 0) <= steps:
                continue  # the capital keeps an army
            if threat(u["at"]) + steps > 0:
                continue  # it is needed where it stands
            gain = threat(a["to"])
            if gain <= 0:
                continue
        else:
            continue
        if best is None or gain > best[0]:
            best = (gain, a)
    return best[1] if best else "done"


NAVAL_STRENGTH = {"squadron": 1, "dreadnought": 2}


def _naval_move(b, me, dicts):
    """Fleets stay in port in peace; at war a fleet sails into a box only to fight a weaker
    enemy fleet there (19.1-19.2)."""
    nm = b.get("naval_move") or {}
    war = b.get("war") or {}
    side = _war_side(war, me)
    if not nm.get("wartime") or side is None:
        return "done"
    foes = set(war["defenders" if side == "attackers" else "attackers"])
    friends = set(war[side])
    theirs: dict = {}  # box -> the naval strength of each side there, tallied once
    ours: dict = {}
    for x in b["units"].values():
        n = NAVAL_STRENGTH.get(x["t"], 0)
        if n and x["o"] in foes:
            theirs[x["at"]] = theirs.get(x["at"], 0) + n
        elif n and x["o"] in friends:
            ours[x["at"]] = ours.get(x["at"], 0) + n
    boxes = pack().naval_boxes
    if war.get("gw"):  # 12.3: ferry an army that has no road to the enemy (the BEF) to a friendly port
        ferry = _ferry(b, me, war, dicts)
        if ferry is not None:
            return ferry
    best = None
    for a in dicts:
        if not a.get("move") or a.get("to") not in boxes:
            continue
        u = b["units"].get(a["unit"])
        if u is None or u["t"] not in NAVAL_STRENGTH:
            continue
        enemy = theirs.get(a["to"], 0)
        if enemy and ours.get(a["to"], 0) + NAVAL_STRENGTH[u["t"]] > enemy and (best is None or enemy > best[0]):
            best = (enemy, a)
    if best is None and war.get("gw"):  # 29.1: in the Great War, blockade the enemy's home ports
        targets = _blockade_boxes(foes)
        for a in dicts:
            u = b["units"].get(a.get("unit"))
            if not a.get("move") or a.get("to") not in targets or u is None or u["t"] not in NAVAL_STRENGTH:
                continue
            if u["at"] in targets or ours.get(a["to"], 0) + NAVAL_STRENGTH[u["t"]] <= theirs.get(a["to"], 0):
                continue
            best = (0, a)
            break
    if best is None and war.get("gw"):  # 29.2: naval supremacy for the colonial war, where no foe sails
        for a in dicts:
            u = b["units"].get(a.get("unit"))
            if not a.get("move") or a.get("to") not in COLONIAL_BOXES or u is None or u["t"] not in NAVAL_STRENGTH:
                continue
            if u["at"] in COLONIAL_BOXES or ours.get(a["to"]) or theirs.get(a["to"]):
                continue
            best = (0, a)
            break
    return best[1] if best else "done"


COLONIAL_BOXES = frozenset(box for boxes in SUPREMACY.values() for box in boxes)
"""The naval boxes whose supremacy counts in the colonial war (29.2 L1451-1452)."""


def _stranded(b, me, war) -> list:
    """The bot's armies on the main map with no land route to an enemy capital (30.1)."""
    dist = _distances(_enemy_capitals(b, me, war))
    spaces = pack().spaces
    return [
        uid
        for uid, u in b["units"].items()
        if u["o"] == me and u["t"] in ARMY_TYPES and u["at"] in spaces and spaces[u["at"]].map == "main"
        and u["at"] not in dist
    ]  # fmt: skip


def _ferry(b, me, war, dicts):
    """Carry a stranded army to the friendly port nearest the enemy's capitals."""
    stranded = set(_stranded(b, me, war))
    if not stranded:
        return None
    dist = _distances(_enemy_capitals(b, me, war))
    mine = _war_side(war, me)
    best = None
    for a in dicts:
        to = a.get("to")
        if not a.get("move") or a.get("unit") not in stranded or to not in dist:
            continue
        h = _holder(b, to)
        if h is None or _war_side(war, h) != mine:
            continue
        if best is None or dist[to] < dist[best["to"]]:
            best = a
    return best


def _blockade_boxes(foes) -> set:
    """The naval boxes off the enemy's home spaces, but the Baltic and the Black Sea (17.1, 29.1:
    a trace that ends there is blockaded anyway)."""
    out = set()
    for sp in pack().spaces.values():
        if foes & set(sp.homes):
            out.update(sp.ports)
    return out - {"baltic", "black-sea"}


# ----- the home card ----------------------------------------------------------------------------------------

HOME_EVENT_WORTH = 2.0
"""What an event must be worth, in the heuristic's rough units, to be played instead of the home
card's CP (a CP spent on a key or an ally is worth about half a unit)."""


def _effect_value(b, me, st, e) -> float:
    """What one effect of the bot's own event would do for it now."""
    amount = e.amount if e.amount is not None else 1
    if e.verb == "stability":
        top = len(pack().powers[me].stability) - 1 if me in pack().powers else 6
        return 1.5 * max(0, min(amount, top - st.get("stability", top)))
    if e.verb in ("draw", "manpower", "build", "influence", "diplomacy", "citizenship", "rights", "city-of-light"):
        return 1.0 * max(1, amount)
    if e.verb == "india":
        return 1.0 if b["flags"].get("india_stable") is False else 0.3
    if e.verb in ("fort", "jihad"):
        return 0.8 * max(1, amount)
    if e.verb == "mpit":
        return 0.5 * max(1, amount)
    if e.verb == "ot-industrialize":
        return 2.5
    return 0.0


BOTS = {"heuristic": heuristic}
"""The rulebook's own bots (§34) are added by ``bots_rulebook`` (``rules.ImperialElegy.bots``)."""
