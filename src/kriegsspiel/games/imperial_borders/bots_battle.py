"""Imperial Borders' battle policies (rulebook L565-757), combined into the nation
bots by ``bots.py``. Each is ``policy(s, f, role, actions) -> action`` where ``s`` is
the public state a nation sees (``s["battle"]`` is public) and ``f`` the
particulars of the question put to it. A policy always returns one of ``actions``.

The reasoning is a rough weighing of each side's expected Hits per Battle Round
(``battle.expected_hits``) and of what each enemy Force is worth: its Enemy
Casualty points and the dice it rolls.
"""

from __future__ import annotations

from . import battle
from .board import same_team
from .data import pack

A, D = battle.A, battle.D


def _force_strength(s: dict, fids: list[str]) -> float:
    """Dice a group of Forces rolls in an Assault, roughly."""
    units = pack().units
    total = 0.0
    for fid in fids:
        f = s["forces"].get(fid)
        if f is None:
            continue
        ut = units[f["type"]]
        total += ut.black * 0.67 + ut.white * 0.33 + (0.5 if f["elite"] else 0)
        if ut.kind == "ship" and battle.ship_ooa(s, fid):
            total -= ut.black * 0.67
    return total


def _region_strength(s: dict, b: dict) -> dict:
    """Each nation's strength present in the battle's region (Forces and Fort)."""
    out: dict = {}
    for fid, f in s["forces"].items():
        if f["cargo_of"] is None and (f["at"] == b["region"] or (b["interior"] and f["at"] == b["interior"])):
            out[f["nation"]] = out.get(f["nation"], 0.0) + _force_strength(s, [fid])
    owner = s["control"].get(b["region"])
    if owner is not None:
        out[owner] = out.get(owner, 0.0) + battle.fort_dice(s, b["region"]) * 0.67
    return out


# ----- Chapter 1 ----------------------------------------------------------------------------------


def principal_enemy(s: dict, b: dict, role: str) -> str | None:
    """The nation the battle is fought against: the Fortification's controller, else
    the strongest other nation present."""
    owner = s["control"].get(b["region"])
    if owner is not None and not same_team(s, owner, role):
        return owner
    power = _region_strength(s, b)
    foes = [n for n in b["choosers"] if not same_team(s, n, role)]
    return max(foes, key=lambda n: (power.get(n, 0.0), -s["nations"].index(n)), default=None)


def terms(s, f, role, actions):
    """Let third nations join (more dice on our side, and we divide the spoils) or
    abstain (fewer enemies), but never the enemy we attack, who could otherwise slip
    away; fight unless the nations present are far stronger than ours."""
    b = s["battle"]
    target = principal_enemy(s, b, role)
    for a in actions:
        if isinstance(a, dict) and ("allow_join" in a or "allow_abstain" in a) and target not in a.values():
            return a
    power = _region_strength(s, b)
    mine = sum(v for n, v in power.items() if same_team(s, n, role))
    theirs = sum(v for n, v in power.items() if not same_team(s, n, role))
    if theirs > 2.5 * mine + 1 and "call-off" in actions:
        return "call-off"
    return "fight" if "fight" in actions else actions[0]


def side(s, f, role, actions):
    """Join the Active Nation when it is a team-mate or clearly the stronger and not
    attacking us; abstain when allowed and not attacked; otherwise defend."""
    b = s["battle"]
    active = b["active"]
    if same_team(s, role, active):
        return "with" if "with" in actions else "abstain"
    power = _region_strength(s, b)
    attacker = power.get(active, 0.0)
    rest = sum(v for n, v in power.items() if n not in (active, role) and not same_team(s, n, active))
    mine_here = s["control"].get(b["region"]) == role
    if "with" in actions and not mine_here and attacker >= rest:
        return "with"
    if "abstain" in actions and not mine_here and attacker > power.get(role, 0.0) + rest:
        return "abstain"
    return "against" if "against" in actions else actions[0]


def select(s, f, role, actions):
    """The Active Nation keeps Out-of-Action Ships out of harm; calls off a hopeless
    battle; everyone else fights with everything."""
    b = s["battle"]
    for a in actions:
        if isinstance(a, dict) and "hold" in a and battle.ship_ooa(s, a["hold"]) and role == b["active"]:
            return a
    if role == b["active"] and "call-off" in actions:
        ours = sum(_force_strength(s, [x]) for x, u in b["units"].items() if u["side"] == A)
        if b["fort"] and b["fort"]["side"] == A:
            ours += battle.fort_dice(s, b["region"]) * 0.67
        theirs = sum(_force_strength(s, [x]) for x, u in b["units"].items() if u["side"] == D)
        if b["fort"] and b["fort"]["side"] == D:
            theirs += battle.fort_dice(s, b["region"]) * 0.67
        if theirs > 2.5 * ours + 1:
            return "call-off"
    return "done" if "done" in actions else actions[0]


def line(s, f, role, actions):
    """Strong, sound Ships first; damaged ones later; Ships with Cargo last."""

    def key(a):
        fid = a["next"]
        x = s["forces"][fid]
        cargo = any(c["cargo_of"] == fid for c in s["forces"].values())
        return (cargo, battle.ship_ooa(s, fid), x["damage"], -pack().units[x["type"]].hp)

    return min(actions, key=key)


# ----- Chapter 2 ----------------------------------------------------------------------------------


def cavalry(s, f, role, actions):
    """Cavalry in the Front (2 dice), but one in the Rear to shield the side's Cannons
    from Red Hits when there are two or more."""
    b = s["battle"]
    my = f["side"]
    cav = [x for x, u in b["units"].items() if u["side"] == my and s["forces"][x]["type"] == "cavalry"]
    cannons = any(u["side"] == my and s["forces"][x]["type"] == "cannon" for x, u in b["units"].items())
    rear = [x for x in cav if b["units"][x]["zone"] == "rear"]
    want_rear = 1 if cannons and len(cav) >= 2 else 0
    if len(rear) < want_rear:
        for a in actions:
            if isinstance(a, dict) and "to_rear" in a:
                return a
    if len(rear) > want_rear:
        for a in actions:
            if isinstance(a, dict) and "to_front" in a:
                return a
    return "done"


def stance(s, f, role, actions):
    """Defensive when outgunned, Aggressive otherwise."""
    b = s["battle"]
    my = f["side"]
    assault = b["round"] > 1
    mine = battle.expected_hits(s, b, my, assault)
    theirs = battle.expected_hits(s, b, battle.other(my), assault)
    return "defensive" if theirs > mine * 1.25 else "aggressive"


def _target_value(s: dict, b: dict, target: str) -> float:
    """What taking a Hit away from the enemy there is worth: the dice it rolls and
    the points it yields, more when the Hit finishes it."""
    if target == "fort":
        return 3.0 + battle.fort_dice(s, b["region"])
    x = s["forces"][target]
    ut = pack().units[x["type"]]
    dice = ut.black * 1.5 + ut.white + (1 if x["elite"] else 0)
    return dice + ut.casualty / 5.0


def block(s, f, role, actions):
    """Block the Hit that would hurt most: a Double Blast first, then the kind whose
    next target is worth most to us."""
    b = s["battle"]
    enemy = battle.other(f["side"])

    def worth(a):
        k = a["block"]
        if k == "double":
            return 100.0
        if k == "bar":
            ts = battle.targets(s, b, enemy, "blue") + battle.targets(s, b, enemy, "red")
        else:
            ts = battle.targets(s, b, enemy, k)
        return max((_target_value(s, b, t) for t in ts), default=-1.0)

    return max(actions, key=worth)


def hit(s, f, role, actions):
    """Hit what threatens most within the rules: the target worth most; a Double Blast
    where its second Hit finds a target too."""
    b = s["battle"]
    side_ = f["side"]

    def worth(a):
        v = _target_value(s, b, a["target"])
        if a["hit"] == "double":  # the second Hit: the best target left in the same zone
            zone = battle.zone_of(b, a["target"])
            then = battle.targets(s, b, side_, "black", zone, assume={a["target"]: 1})
            v += max((_target_value(s, b, t) for t in then), default=-2.0)
        if a["hit"] in ("black", "double"):
            v -= 0.5  # keep flexible Black Hits for last where White ones can do the job
        return v

    return max(actions, key=worth)


def continue_(s, f, role, actions):
    """Stop when losing: when the enemy's expected Hits clearly exceed ours."""
    b = s["battle"]
    mine = battle.expected_hits(s, b, A)
    theirs = battle.expected_hits(s, b, D)
    return "end" if theirs > mine * 1.5 else "continue"


# ----- Chapter 3 ----------------------------------------------------------------------------------


def prize(s, f, role, actions):
    return {"prize_to": role} if {"prize_to": role} in actions else actions[0]


def seize(s, f, role, actions):
    return next((a for a in actions if isinstance(a, dict) and "seize" in a), actions[-1])


def spoils(s, f, role, actions):
    """Keep the Enemy Casualties: they count for our Morale column."""
    return {"give_all": role} if {"give_all": role} in actions else actions[-1]


def pennant(s, f, role, actions):
    """Our own Force first, the one rolling most dice (a Cannon's or Ship's Black die)."""

    def key(a):
        x = s["forces"][a["pennant"]]
        ut = pack().units[x["type"]]
        return (x["nation"] == role, ut.black, ut.white, ut.hp)

    return max(actions, key=key)


POLICIES = {
    "battle_terms": terms,
    "battle_side": side,
    "battle_side_secret": side,
    "battle_select": select,
    "battle_line": line,
    "battle_cavalry": cavalry,
    "battle_stance": stance,
    "battle_block": block,
    "battle_hit": hit,
    "battle_continue": continue_,
    "battle_prize": prize,
    "battle_seize": seize,
    "battle_spoils": spoils,
    "battle_pennant": pennant,
}
