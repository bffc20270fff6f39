"""Imperial Borders: six nations of 1815 Europe plotting secret orders, bidding
for turn order, fighting dice battles and annexing territory.

Rulebook: shared/rulebooks/001 (cited by line, L123). Set-up is in
``setup.py``, the Game Round and Phases 1 and 3 in ``sequence.py``, Phase 2's
secret orders in ``orders.py``, Phase 4 On the March in ``march.py`` with
battles in ``battle.py``, Phase 5 in ``annexation.py``, Phase 6 and the end
of the game in ``parade.py``, Phase 7 in ``muster.py``. RULINGS.md says how
the rulebook's gaps are settled; COVERAGE.md maps the rules to code and tests.
"""

from __future__ import annotations

from ...engine import Option, Rules, Scenario, State
from ...engine.rules import win_chances
from . import annexation, battle, bots, data, march, muster, orders, parade, sequence, setup
from .board import AUSTRIA, BRITAIN, FRANCE, MEDALS, NATIONS, PRUSSIA, RUSSIA, SHORT, SPAIN, describe, name, region_name
from .data import pack

# L228-235 who is Neutral, and which nations each player holds
NEUTRAL = {6: (), 5: (SPAIN,), 4: (SPAIN, RUSSIA), 3: (), 2: ()}
SEATS = {
    3: [[FRANCE, SPAIN], [AUSTRIA, RUSSIA], [PRUSSIA, BRITAIN]],  # RULINGS R1: a fixed draw
    2: [[FRANCE, SPAIN, AUSTRIA], [PRUSSIA, BRITAIN, RUSSIA]],  # option A
}
SEATS_2B = [[FRANCE, AUSTRIA], [PRUSSIA, BRITAIN]]  # option B: Spain and Russia Neutral

WORDS = {
    "undo": "undo the last step",
    "call-off": "call the battle off",
    "secret": "sides chosen in secret",
    "open": "sides chosen openly",
    "with": "side with the Active Nation",
    "against": "side against the Active Nation",
    "abstain": "abstain",
    "hold-fort": "keep the fortification out of the battle",
    "bring-fort": "bring the fortification into the battle",
    "march": "begin moving (Step C)",
    "abandon": "abandon the trade",
    "roll": "roll for yourself",
    "pass": "pass",
    "peace": "vote Peace",
    "war": "vote War",
    "aggressive": "Aggressive Stance",
    "defensive": "Defensive Stance",
    "continue": "continue",
    "stop": "stop here",
    "end": "end",
    "done": "done",
}
KEY_WORDS = {
    "land": "a Land Unit in",
    "ship": "a Ship in",
    "bid": "bid",
    "slot": "place in the Turn Order:",
    "battle": "battle in",
    "pick": "pick",
    "hold": "hold back",
    "bring": "bring in",
    "to_rear": "to the Rear:",
    "to_front": "to the Front:",
    "pennant": "Elite Pennant to",
    "unload": "unload",
    "drop": "leave behind",
    "load": "load",
    "onto": "onto",
    "transfer": "transfer",
    "exchange": "exchange",
    "for": "for",
    "to": "to",
    "ride": "bonus move for",
    "seize": "seize with",
    "block": "block a",
    "revolt": "instigate a Revolt in",
    "pool_with": "pool your dice with",
    "trade": "propose a trade to",
    "allow_abstain": "let abstain:",
    "deny_abstain": "refuse to let abstain:",
    "allow_join": "let join your side:",
    "deny_join": "refuse to let join:",
    "give": "give",
    "get": "ask for",
    "gold": "Gold:",
    "port": "",
    "territory": "the territory",
    "region": "a Force in",
    "force": "",
}
TRADE_WORDS = {"gold": "Gold", "port": "a Port", "territory": "a territory", "force": "a Mobile Force"}
HIT_WORDS = {"double": "Double Blast", "black": "Black Hit", "blue": "Blue Hit", "red": "Red Hit", "bar": "Bar"}

# What the board shows: every key is named, with the rule that puts it on the table; a
# key the state gains is seen by nobody until it is named here. ``board.py`` says what
# each holds.
SHOWN = (
    "nations",  # L108-113
    "neutral",  # L228-235, L249-254
    "teams",  # L243-247
    "round",  # L842-855
    "last_round",  # L847
    "phase",
    "turn_order",  # L500-510 the Turn Order Track
    "slots",  # L506-507 the Track being filled
    "bids",  # L504 revealed together, all paid
    "active",  # L512-514 the Active Nation
    "moved",
    "gold",  # L181, L381-388 Treasuries are public
    "held_gold",  # L392-394, L989
    "control",  # L253-256 Flags on the Fortifications
    "damage",  # L694-703 Damage Tokens
    "next_force",
    "tents",  # L736 Field Hospital Tents
    "red_forts",  # L738 Red Arrow Tags on Fortifications (RULINGS B25)
    "casualties",  # L729-745, L815 Enemy Casualties
    "medal_points",  # L808-818 the Medals Chart
    "medals",  # L823-840
    "prestige",  # L820-827
    "pools",  # L796-798 annexation dice pooled in the open
    "revolts",  # L980-995 Revolt Tokens
    "call_to_arms",  # L1014-1016
    "traded",  # L997-1004
    "battle",  # L565-757 on the battleboards (battle.py says its fields)
    "last_battle",
)
FORCE_SHOWN = ("nation", "type", "elite", "damage", "at", "cargo_of", "tags")
"""A Mobile Force on the map: its type, Elite Pennant, damage, Arrow Tags (L541-548) and
where it stands are on the table."""
_FORCE_KEYS = frozenset(FORCE_SHOWN)
ORDER_SHOWN = ("from", "path", "count", "status")
"""An order, once its nation presents it (L516) or to its own nation."""


def shown(record: dict, keys: tuple) -> dict:
    """The keys of ``record`` that are named in ``keys``, in that order."""
    return {k: record[k] for k in keys if k in record}


def orders_seen(s: dict, role: str | None) -> set[str]:
    """The nations whose orders ``role`` may read: its own; in Phase 4 those of every
    nation that has been the Active Nation (L514); from Phase 5 on, all (L432)."""
    seen = set(s["moved"]) if s["phase"] == "march" else set()
    if s["phase"] in ("annexation", "parade", "muster", "end"):
        seen = set(s["orders"])
    if role is not None:
        seen.add(role)
    return seen


REPLOT_STOP = 0.25
"""In a nation's orders drawn afresh (``replot_orders``): the chance, at each new order, that
it plots no more (about three orders, as a nation with forces to move might plot)."""


def replot_orders(s: dict, nation: str, rng, plotted: bool) -> None:
    """Orders a nation might have plotted in secret (L406-432), drawn afresh from its forces
    as they stand and nothing of the real ones: how many, from where, how far, with how many
    forces; no two from one origin branching or converging (L420). ``plotted``: the nation has
    committed its orders (else it is still plotting, and has so far plotted none)."""
    mine: list[dict] = []
    s["orders"][nation] = mine
    while plotted and rng.random() >= REPLOT_STOP:
        starts = orders.origins(s, nation)
        if not starts:
            break
        origin = rng.choice(starts)
        path: list[str] = []
        while True:
            nxt = orders.steps(s, nation, origin, path)
            if not nxt or (path and rng.random() < 0.5):
                break
            path.append(rng.choice(nxt))
        count = rng.randint(1, orders.unordered(s, nation, origin))
        mine.append({"from": origin, "path": path, "count": count, "status": orders.PLOTTED})


def redrawn_dots(s: dict, nation: str, dots: list[list[str]], rng, left: dict | None = None) -> list[list[str]]:
    """Other starting positions a nation might have plotted, as many Land Units and Ships:
    in its homeland, its Annexed Territory and their ports (L286), at most 3 Land Units a
    Territory (L289), one in the Capital if one was (L292). ``left``: the units a nation
    placing its forces still holds; its Capital's dots come first (L308, ``placing_order``),
    so once it has placed a Land Unit elsewhere, or holds no Full Infantry or Cannon for
    an empty Capital, no dot still to place is in the Capital."""
    land, ports = setup.start_regions(s, nation)
    capital_region = pack().nations[nation].capital
    if left is not None and (not setup.capital_can_be_met(s, nation, left) or setup.past_capital(s, nation)):
        land = [t for t in land if t != capital_region]
    held: dict[str, int] = {}
    out = []
    for kind, region in dots:
        if kind == "ship":
            out.append([kind, rng.choice(ports)])
            continue
        room = [t for t in land if held.get(t, 0) < setup.LAND_LIMIT] or [region]
        where = rng.choice(room)
        held[where] = held.get(where, 0) + 1
        out.append([kind, where])
    capital = ["land", capital_region]
    if capital in dots and capital not in out and capital_region in land:
        out[next(i for i, d in enumerate(out) if d[0] == "land")] = capital
    return out


class ImperialBorders(Rules):
    id = "imperial-borders"
    title = "Imperial Borders"
    version = 1
    roles = NATIONS
    role_names = {r: name(r) for r in NATIONS}
    player_counts = (6, 5, 4, 3, 2)
    scenarios = (
        Scenario(
            "standard",
            "1815: plotted set-up",
            "Every nation plots in secret where its starting Forces stand, then places them (Steps C-E).",
        ),
        Scenario("historical", "1815: historical set-up", "The Forces of 1815 where they stood, ready to play."),
    )
    # Player Count option B (L234) and the Optional Advanced Rules (L973-1020)
    options = {
        "two_player_neutrals": Option(
            False,
            title="Two players with Spain and Russia neutral",
            help="Two players, option B: two nations each, with Spain and Russia Neutral.",
            players=(2,),
        ),
        "revolts": Option(False, title="Revolts", help="Revolts in annexed and captured territories."),
        "trading": Option(False, title="Trading tangibles", help="One trade of tangibles a round."),
        "sweden_portugal": Option(
            False, title="Sweden and Portugal", help="Sweden and Portugal need two Blasts to annex."
        ),
        "call_to_arms": Option(False, title="Call to Arms", help="A free Full Infantry at the first battle at home."),
        "balance_of_power": Option(False, title="Balance of Power", help="+1 Prestige for beating the leader."),
    }
    procedures = {
        **sequence.PROCEDURES,
        **setup.PROCEDURES,
        **orders.PROCEDURES,
        **march.PROCEDURES,
        **battle.PROCEDURES,
        **annexation.PROCEDURES,
        **parade.PROCEDURES,
        **muster.PROCEDURES,
    }
    states = {
        **sequence.STATES,
        **setup.STATES,
        **orders.STATES,
        **march.STATES,
        **battle.STATES,
        **annexation.STATES,
        **parade.STATES,
        **muster.STATES,
    }
    bots = bots.BOTS
    max_decisions = 30000
    search_horizon = 150

    def neutral(self, players: int, options: dict | None) -> tuple[str, ...]:
        if players == 2 and (options or {}).get("two_player_neutrals"):
            return (SPAIN, RUSSIA)
        return NEUTRAL[players]

    def roles_in_play(self, players, options=None):
        """L228-235 The nations in play; Neutrals take no turns."""
        out = self.neutral(players, options)
        return [n for n in NATIONS if n not in out]

    def seats(self, players, options=None):
        """L228-235 One nation each with 4-6 players, two each with 3, three each
        with 2 (or two each, Spain and Russia Neutral)."""
        if players == 2 and (options or {}).get("two_player_neutrals"):
            return [list(g) for g in SEATS_2B]
        if players in SEATS:
            return [list(g) for g in SEATS[players]]
        return [[n] for n in self.roles_in_play(players, options)]

    def bot_for(self, s, role):
        return "heuristic" if "heuristic" in self.bots else "random"

    def setup(self, s):
        players = s["players"]
        s["nations"] = list(NATIONS)
        s["neutral"] = list(self.neutral(players, s["options"]))
        s["teams"] = {}
        for i, group in enumerate(self.seats(players, s["options"])):
            for nation in group:
                s["teams"][nation] = i
        for nation in s["neutral"]:
            s["teams"][nation] = -1 - NATIONS.index(nation)  # nobody's teammate
        s["round"] = 1
        s["last_round"] = None
        s["phase"] = "setup"
        s["turn_order"] = [n for n in NATIONS if n not in s["neutral"]] + list(s["neutral"])
        s["active"] = None
        s["moved"] = []
        s["gold"] = {n: 0 for n in NATIONS}
        s["held_gold"] = {}
        s["control"] = {}
        s["damage"] = {}
        s["forces"] = {}
        s["next_force"] = 1
        s["tents"] = {}
        s["red_forts"] = []
        s["casualties"] = {n: 0 for n in NATIONS}
        s["medal_points"] = {n: [0] * 6 for n in NATIONS}
        s["medals"] = {m: None for m in MEDALS}
        s["prestige"] = {n: 0 for n in NATIONS}
        s["orders"] = {}
        s["bids"] = {}
        s["revolts"] = []
        s["call_to_arms"] = []
        s["traded"] = []
        s["battle"] = None
        s["last_battle"] = None

    def board(self, s, role):
        """Everything on the table is public (Treasuries too, L181); a nation's orders
        are secret until it becomes the Active Nation (L432, L514), and the starting
        positions it plotted until it places its Forces there (L285, L308): its own, while it
        plots them (``plotting``) and until they are placed (``setup_dots``). Every key
        is named (``SHOWN``, ``FORCE_SHOWN``, ``ORDER_SHOWN``): a key the state gains is
        seen by nobody until it is named here."""
        out = {k: s[k] for k in SHOWN if k in s}
        # A force with no key but those named is shown as it is: no copy (views are hot).
        forces = s["forces"]
        out["forces"] = {fid: f if f.keys() == _FORCE_KEYS else shown(f, FORCE_SHOWN) for fid, f in forces.items()}
        seen = orders_seen(s, role)
        out["orders"] = {n: [shown(o, ORDER_SHOWN) for o in plotted] for n, plotted in s["orders"].items() if n in seen}
        if "setup_dots" in s:
            out["setup_dots"] = {n: dots for n, dots in s["setup_dots"].items() if n == role}
        top = s["stack"][-1] if s["stack"] else None
        if role is not None and top is not None and "state" in top:
            if top.get("role") == role:  # a question put to this nation alone: its particulars are its own
                out["asking"] = top["state"]
                out["question"] = {k: v for k, v in top.items() if k not in ("state", "role")}
            elif role in top.get("roles", ()):
                out["asking"] = top["state"]
                if top["state"] == "setup_plot":  # its own dots plotted so far (L285), no other's
                    out["plotting"] = top["dots"].get(role, [])
        return out

    def scores(self, s):
        """The score L860 would give now: Prestige, Gold at ten for a point, Medal Points of
        columns 2-5."""
        return {n: s["prestige"][n] + s["gold"][n] // 10 + sum(s["medal_points"][n][1:5]) for n in s["roles"]}

    def study_notes(self, s):
        """What each nation bought at the Muster (L360), the Battle Stances it took (L643), the
        ports it seized; where each land battle was fought (L565)."""
        tags: dict = {r: [] for r in s["roles"]}
        places = []
        for role, a in s["actions"]:
            if a in ("aggressive", "defensive"):
                tags.setdefault(role, []).append(f"{a} stance")
            if not isinstance(a, dict):
                continue
            if isinstance(a.get("buy"), str):
                tags.setdefault(role, []).append(f"bought {a['buy'].replace('-', ' ')}")
            if isinstance(a.get("seize"), str):
                tags.setdefault(role, []).append("seized a port")
            if isinstance(a.get("battle"), str) and a["battle"] in pack().regions:
                places.append(region_name(a["battle"]))
        return {"tags": tags, "places": places}

    def evaluate(self, s):
        """A search's estimate from ``scores``, a nation without its Capital at the bottom
        (L860: it cannot win). Teams are scored nation by nation."""
        scores = self.scores(s)
        for nation in s["roles"]:
            if not parade.holds_capital(s, nation):
                scores[nation] -= 20
        return win_chances(scores, 3.0)

    def scramble(self, s, role, rng):
        """A copy of ``s`` with what ``role`` may not know shuffled: the other nations'
        secret orders, drawn afresh from their forces (L406-432); the starting positions
        they plotted and have not placed (L285-292); and their sealed choices not yet
        revealed: bids (L502), sides chosen in secret (L587), Congress votes (L844)."""
        self.check_role(s, role)
        t = self.clone(s)
        seen = orders_seen(t, role)
        top = t["stack"][-1] if t["stack"] else None
        phase_2 = top is not None and top.get("state") == "orders_plot"
        for nation in sorted(t["orders"]):
            if nation not in seen:  # still plotting: it has committed none that one may know of
                replot_orders(t, nation, rng, plotted=not phase_2 or nation in top["pending"])
        plotting = top.get("dots", {}) if top is not None and top.get("state") == "setup_plot" else {}
        placing = top.get("role") if top is not None and top.get("state") == "setup_place" else None
        for dots in (plotting, t.get("setup_dots", {})):
            for nation in dots:
                if nation != role:
                    if dots is plotting:
                        dots[nation] = redrawn_dots(t, nation, dots[nation], rng)
                    else:  # revealed plots are placed in their order (L308)
                        left = top["left"] if nation == placing else None
                        dots[nation] = setup.placing_order(nation, redrawn_dots(t, nation, dots[nation], rng, left))
        if top is not None and "pending" in top:
            st = self.states[top["state"]]
            if type(st).draft is State.draft:  # a choice made in one action, not a draft
                for nation in top["pending"]:
                    if nation != role:
                        top["pending"][nation] = rng.choice(st.actions(t, top, nation))
        return t

    def label(self, action, s=None):
        """Words for an action, naming regions, nations, forces and orders."""
        if isinstance(action, str):
            return WORDS.get(action, action)
        if not isinstance(action, dict):
            return super().label(action)
        asking = s["stack"][-1].get("state") if s and s["stack"] else None

        def thing(value):
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                return str(value)
            if isinstance(value, int):
                return str(value)
            if value in NATIONS:
                return name(value)
            if value in pack().ports:
                return f"the Port of {region_name(value)}"
            if value in pack().regions:
                return region_name(value)
            if value == "fort":
                return "the fortification"
            if s is not None and value in s["forces"]:
                return f"the {describe(s, value)} in {thing(s['forces'][value]['at'])}"
            nation = next((n for n, code in SHORT.items() if value.startswith(code + "-")), None)
            if nation is not None:
                return f"a {name(nation)} force"
            return value.replace("-", " ")

        if asking == "orders_plot":
            key, value = next(iter(action.items()))
            return {"from": f"an order from {thing(value)}", "to": f"on to {thing(value)}"}.get(
                key, f"{value} force{'s' if value != 1 else ''}"
            )
        if asking == "prestige_gift":
            return f"give 1 Prestige Point to {thing(action['give'])}"
        if asking == "battle_spoils":
            key, value = next(iter(action.items()))
            return f"{'all the rest' if key == 'give_all' else 'the next casualty'} to {thing(value)}"
        if "place" in action:
            return f"{'an elite ' if action.get('elite') else 'a '}{pack().units[action['place']].name}"
        if "buy" in action:
            unit = pack().units[action["buy"]]
            return f"buy a {unit.name} ({unit.cost} Gold) in {thing(action['at'])}"
        if "block" in action:
            return f"block a {HIT_WORDS.get(action['block'], action['block'])}"
        if "seize" in action:
            value = action["seize"]
            return f"seize {thing(value)}" if value in pack().ports else f"seize the Port with {thing(value)}"
        if asking == "march_trade" and ("give" in action or "get" in action):
            key, value = next(iter(action.items()))
            return f"{'offer' if key == 'give' else 'ask for'} {TRADE_WORDS.get(value, value)}"
        if "hit" in action:
            colour = f" as a {action['as']} Hit" if "as" in action else ""
            return f"{HIT_WORDS.get(action['hit'], action['hit'])}{colour} on {thing(action['target'])}"
        if s is not None and ("execute" in action or "cancel" in action) and s.get("active"):
            key, number = next(iter(action.items()))
            orders = s["orders"].get(s["active"], [])
            if isinstance(number, int) and 0 < number <= len(orders):
                o = orders[number - 1]
                path = " > ".join(region_name(r) for r in [o["from"], *o["path"]])
                return f"{key} order {number}: {o['count']} along {path}"
        parts = [f"{KEY_WORDS.get(k, k.replace('_', ' '))} {thing(v)}".strip() for k, v in action.items()]
        return " ".join(parts)

    def public_data(self):
        return data.public()

    def validate_data(self):
        return data.validate()
