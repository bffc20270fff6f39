"""Imperial Borders, Phase 5 - Attempt Annexations (rulebook L759-800), with the
Revolts (L980-995) and Sweden and Portugal (L1006-1012) optional rules."""

from __future__ import annotations

from ...engine import STAY, Procedure, State, ask, checkpoint, log, rng
from .board import add_force, capture, in_play, name, nations_at, same_team
from .data import pack
from .orders import mobile

AD_VICTORIAM = "ad-victoriam-imperialis"
DOMINUS_EXERCITUS = "dominus-exercitus"
FACE_WORDS = {"blue-blast": "Blue Blast", "red-blast": "Red Blast", "bar": "Bar", "blank": "blank"}


def annex_sites(s: dict) -> list[str]:
    """L773-775 Step A: Annex Tokens go on Independent Territories holding Land Units."""
    p = pack()
    return [
        t
        for t in p.territories
        if p.territories[t].independent and t not in s["control"] and present_land_nations(s, t)
    ]


def special(territory: str) -> bool:
    """L1006-1008 Sweden and Portugal are harder to annex (optional rule)."""
    return pack().territories[territory].special


def annexation_dice(s: dict, nation: str, territory: str) -> tuple[int, int]:
    """L779-784 One White die per Land Unit present, one more per Elite Land Unit;
    the Dominus Exercitus recipient doubles the elite bonus of its and its allies'
    units present (RULINGS R6: allies = the nations pooling with it)."""
    here = mobile(s, nation, territory, "land")
    return len(here), sum(1 for fid in here if s["forces"][fid]["elite"])


def present_land_nations(s: dict, territory: str) -> list[str]:
    """L775 Nations with Land Units (not Cargo) in a territory, in the rulebook's order."""
    return [n for n in nations_at(s, territory) if mobile(s, n, territory, "land")]


def blasts(s: dict, faces: list[str], nation: str) -> int:
    """L786-794 Red and Blue Blasts succeed; for the Ad Victoriam Imperialis
    recipient Bars count as Blasts too: on the dice of its own Land Units, in a
    pooled roll as well (RULINGS R17)."""
    bars = s["medals"].get(AD_VICTORIAM) == nation
    return sum(1 for face in faces if face in ("blue-blast", "red-blast") or (bars and face == "bar"))


def roll_white(s: dict, n: int) -> list[str]:
    faces = pack().dice["white"]
    return [faces[rng.below(s, len(faces))] for _ in range(n)]


class Annexation(Procedure):
    """L759-800 Step A place Annex Tokens; Step B resolve the attempts, in Turn Order."""

    def start(self, s, f):
        f["sites"] = annex_sites(s)
        if f["sites"]:
            log(s, "Annex Tokens: " + ", ".join(pack().territories[t].name for t in f["sites"]) + ".", "L773")
        f["i"] = 0
        return "choose"

    def choose(self, s, f):
        """L796-798 Where several nations are present each may roll for itself or
        pool its dice with another nation present, which gains the territory."""
        while f["i"] < len(f["sites"]):
            territory = f["sites"][f["i"]]
            present = present_land_nations(s, territory)
            s["pools"] = {n: n for n in present}
            if len(present) > 1:
                f["asking"] = [n for n in s["turn_order"] if n in present]
                return "ask_pool"
            return "resolve"  # RULINGS R8: alone, a nation always attempts
        return "revolts"

    def ask_pool(self, s, f):
        if f["asking"]:
            nation = f["asking"].pop(0)
            ask(s, "annex_pool", nation, territory=f["sites"][f["i"]], present=list(s["pools"]))
            return "ask_pool"
        return "resolve"

    def resolve(self, s, f):
        territory = f["sites"][f["i"]]
        f["i"] += 1
        resolve(s, territory, s.pop("pools"))
        return "choose"

    def revolts(self, s, f):
        """L980-989 Revolts (optional): any nation may instigate them now."""
        if not s["options"]["revolts"]:
            return None
        f["asking"] = [n for n in s["turn_order"] if n in in_play(s)]
        return "ask_revolt"

    def ask_revolt(self, s, f):
        while f["asking"]:
            nation = f["asking"].pop(0)
            if revolt_targets(s, nation):
                ask(s, "instigate_revolt", nation)
                return "ask_revolt"
        return None


def resolve(s: dict, territory: str, pools: dict[str, str]) -> None:
    """L777-798 Roll for each nation (or pool) present; one with Blasts annexes,
    several: the most Blasts annexes, a tie annexes nothing."""
    info = pack().territories[territory]
    needed = 2 if s["options"]["sweden_portugal"] and info.special else 1  # RULINGS R12
    rollers = sorted(set(pools.values()), key=lambda n: s["turn_order"].index(n))
    results = {}
    for roller in rollers:
        members = [n for n, to in pools.items() if to == roller]
        doubled = any(s["medals"].get(DOMINUS_EXERCITUS) == n for n in members)  # RULINGS R6
        faces: list[str] = []
        got = 0
        for n in members:  # each member's dice rolled apart, in the pool's order: whose die it is counts (R17)
            d, b = annexation_dice(s, n, territory)
            mine = roll_white(s, d + b * (2 if doubled else 1))
            faces += mine
            got += blasts(s, mine, n)
            if mine:
                thrower = n
        if needed == 2 and len(faces) == 1 and got == 1:  # L1008 the follow-up roll, by the one die's owner
            again = roll_white(s, 1)
            faces += again
            got = 2 if blasts(s, again, thrower) else 1
        results[roller] = got
        helpers = f" with {', '.join(name(n) for n in members if n != roller)}" if len(members) > 1 else ""
        log(
            s,
            f"{name(roller)}{helpers} rolls {len(faces)} White dice to annex {info.name}: "
            f"{', '.join(FACE_WORDS.get(x, x) for x in faces)} — {got} Blast{'s' if got != 1 else ''}.",
            "L777",
        )
    checkpoint(s)
    best = max(results.values(), default=0)
    winners = [n for n, got in results.items() if got == best]
    if best < needed or len(winners) > 1:
        why = "a tie" if best >= needed and len(winners) > 1 else "too few Blasts"
        log(s, f"{info.name} is not annexed this Game Round ({why}).", "L790" if why != "a tie" else "L796")
        return
    annex(s, winners[0], territory)


def annex(s: dict, nation: str, territory: str) -> None:
    """L786-789 A Minor Fort with the nation's Flag; its uncontrolled Ports too."""
    p = pack()
    info = p.territories[territory]
    capture(s, territory, nation)
    ports = [port for port in info.ports if port not in s["control"]]
    for port in ports:
        capture(s, port, nation)
    also = (
        f", with the Port{'s' if len(ports) > 1 else ''} of {', '.join(p.ports[x].name for x in ports)}"
        if ports
        else ""
    )
    log(s, f"{name(nation)} annexes {info.name}{also}.", "L786")
    if s["options"]["sweden_portugal"] and info.special:
        add_force(s, nation, "half-infantry", territory)  # L1010 the bonus Half Infantry
        log(s, f"{name(nation)} gains a Half Infantry in {info.name}.", "L1010")


class AnnexPool(State):
    """L796-798 Several nations present: roll for yourself, or pool your dice with another."""

    def prompt(self, s, f, role):
        where = pack().territories[f["territory"]].name
        return f"Annexing {where}: roll for yourself, or pool your dice with another nation present?"

    def actions(self, s, f, role):
        """Roll, or pool with a nation present that rolls for itself (one that has pooled
        its dice into another's roll has no roll of its own to join: RULINGS R17)."""
        pools = s["pools"]
        return ["roll"] + [{"pool_with": n} for n in f["present"] if n != role and pools.get(n) == n]

    def act(self, s, f, role, action):
        pools = s["pools"]
        if action == "roll":
            pools[role] = role
            return None
        other = action["pool_with"]
        for n, to in pools.items():
            if to == role:
                pools[n] = other
        log(s, f"{name(role)} pools its dice with {name(other)}.", "L798")
        return None


# ----- Revolts (optional) ----------------------------------------------------------------


def revolt_sites(s: dict) -> list[str]:
    """L982-986 Annexed or captured Homeland Territories with no Land Units of the
    controller in them and none of its Ships in their Ports, not already in revolt."""
    p = pack()
    units = p.units
    out = []
    for t, owner in s["control"].items():
        info = p.territories.get(t)
        if info is None or t in s["revolts"]:
            continue
        annexed = info.tier == "minor"
        captured = info.homeland is not None and info.homeland != owner
        if not (annexed or captured):
            continue
        guarded = any(
            f["nation"] == owner
            and (
                (f["at"] == t and units[f["type"]].kind == "land" and f["cargo_of"] is None)
                or (f["at"] in info.ports and units[f["type"]].kind == "ship")
            )
            for f in s["forces"].values()
        )
        if not guarded:
            out.append(t)
    return out


def revolt_targets(s: dict, nation: str) -> list[str]:
    """Where ``nation`` may instigate a Revolt: not in its own team's territories (RULINGS R9),
    nor a Neutral's, which nobody enters (L251-254)."""
    playing = set(in_play(s))
    return [t for t in revolt_sites(s) if s["control"][t] in playing and not same_team(s, s["control"][t], nation)]


class InstigateRevolt(State):
    """L980-989 Place a Revolt Token in a territory of another nation, or not."""

    def prompt(self, s, f, role):
        return "Instigate a Revolt somewhere, or pass."

    def actions(self, s, f, role):
        return ["pass"] + [{"revolt": t} for t in revolt_targets(s, role)]

    def act(self, s, f, role, action):
        if action == "pass":
            return None
        t = action["revolt"]
        s["revolts"].append(t)
        log(
            s,
            f"{name(role)} instigates a Revolt in {pack().territories[t].name}: "
            f"{name(s['control'][t])}'s income there is held until it is quelled.",
            "L984",
        )
        # L979: "no limit to the number of Revolts that may be instigated at one time (even by
        # the same Nation)": asked again until it passes
        return STAY if revolt_targets(s, role) else None


PROCEDURES = {"annexation": Annexation()}
STATES = {"annex_pool": AnnexPool(), "instigate_revolt": InstigateRevolt()}
