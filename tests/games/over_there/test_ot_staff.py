"""14P (L1009): the general staff, the off-map pool of leaders. A leader leaves his Army HQs for it
in his side's initial phase, or gets away to it when his HQs is eliminated; he takes a command
again, of an Army HQs of his nationality without a leader, only after an initial phase there
(ruling O25)."""

from __future__ import annotations

import random

from ot_positions import advance

import kriegsspiel
from kriegsspiel.games.over_there import bots, combat, sequence

G = kriegsspiel.load("over-there")
E, CP = "entente", "central-powers"


def at_staff(s: dict, role: str = E) -> dict:
    """The game at ``role``'s next general staff step (the other side's are passed by)."""
    return advance(
        s, lambda x: x["stack"] and x["stack"][-1].get("state") == "staff" and G.active(x) == [role], steps=400
    )


def test_14p_a_leader_whose_army_hq_is_eliminated_gets_away_to_the_general_staff():
    s = G.new(seed=1)
    assert s["hq"]["ru-2-army-hq"]["leader"] == "samsonov"
    combat.eliminate(s, "ru-2-army-hq", "test")
    assert s["hq"]["ru-2-army-hq"]["leader"] is None and "samsonov" in s["staff"][E]
    assert any("Alexander Samsonov gets away to the general staff" in e[1] for e in s["log"])
    assert G.view(s, E)["board"]["staff"] == {"samsonov": False}  # not before his side's next initial phase
    assert G.view(s, CP)["board"]["staff"] == {}  # the enemy's general staff is not shown


def test_14p_a_leader_sent_to_the_staff_takes_a_command_only_from_the_next_initial_phase():
    """The set-up's leaders stay in the first turn; from Sep I 14 the Entente, with three Army
    HQs, is asked. Rennenkampf leaves the First Army; in the same initial phase he may not come
    back; in the next one he may, to an Army HQs without a leader."""
    s = at_staff(G.new(seed=1))
    assert s["turn"] == 1 and s["phasing"] == E and G.active(s) == [E]
    legal = G.actions(s, E)
    assert {"withdraw_leader": "ru-1-army-hq"} in legal and legal[-1] == {"end": "general-staff"}
    assert (
        G.label({"withdraw_leader": "ru-1-army-hq"}, s)
        == "send Paul von Rennenkampf from First Army HQ (Neman Army) to the general staff"
    )
    # Flug, the Tenth Army's first commander (ev-flug), waits at the staff for its HQs to arrive
    assert s["staff"][E] == {"flug": 1} and {"assign_leader": "flug", "to": "ru-10-army-hq"} in legal
    s = G.apply(s, E, {"withdraw_leader": "ru-1-army-hq"})
    assert s["hq"]["ru-1-army-hq"]["leader"] is None and s["staff"][E]["rennenkampf"] == 2  # 2nd initial phase
    assert not any(a.get("assign_leader") == "rennenkampf" for a in G.actions(s, E))  # not in the same phase
    s = G.apply(s, E, {"assign_leader": "flug", "to": "ru-10-army-hq"})
    assert s["hq"]["ru-10-army-hq"]["leader"] == "flug" and s["staff"][E] == {"rennenkampf": 2}
    s = G.apply(s, E, {"end": "general-staff"})
    assert s["phase"] == "movement"
    s = at_staff(s)
    assert s["turn"] == 2 and s["phasing"] == E
    offers = [a for a in G.actions(s, E) if "assign_leader" in a]
    assert {"assign_leader": "rennenkampf", "to": "ru-1-army-hq"} in offers
    assert all(a["assign_leader"] == "rennenkampf" and not s["hq"][a["to"]]["leader"] for a in offers)
    s = G.apply(s, E, {"assign_leader": "rennenkampf", "to": "ru-1-army-hq"})
    assert s["hq"]["ru-1-army-hq"]["leader"] == "rennenkampf" and s["staff"][E] == {}


def test_14p_from_the_second_turn_a_side_with_a_leader_is_asked_whether_or_not_one_waits():
    """Ruling O25: in the first turn only a leader waiting at the staff asks the question; later
    every side with a leader is asked, so that being asked tells the enemy nothing (O1)."""
    s = G.new(seed=1)
    assert not sequence.Staff.worth_asking(s, CP)
    s["hq"]["de-8-army-hq"]["leader"] = None
    s.setdefault("staff", {})[CP] = {"prittwitz": 0}
    s["initials"] = {CP: 1}
    assert sequence.Staff.worth_asking(s, CP)
    assert sequence.Staff.assignments(s, CP) == [{"assign_leader": "prittwitz", "to": "de-8-army-hq"}]
    t = G.new(seed=1)
    t["turn"] = 2
    assert sequence.Staff.worth_asking(t, CP) and sequence.Staff.assignments(t, CP) == []
    assert sequence.Staff.worth_asking(s | {"turn": 2}, CP)


def test_the_heuristic_gives_a_waiting_leader_a_command_and_sends_none_back():
    actions = [{"withdraw_leader": "ru-1-army-hq"}, {"assign_leader": "samsonov", "to": "ru-10-army-hq"}]
    actions.append({"assign_leader": "rennenkampf", "to": "ru-10-army-hq"})
    actions.append({"end": "general-staff"})
    view = G.view(G.new(seed=1), E)
    pick = bots.heuristic(view, actions, random.Random(0))
    assert pick == {"assign_leader": "rennenkampf", "to": "ru-10-army-hq"}  # -1 0 1 before -1 -1 0
    assert bots.heuristic(view, [actions[0], actions[-1]], random.Random(0)) == {"end": "general-staff"}


def test_the_general_staffs_orders_are_labelled_in_words():
    s = G.new(seed=1)
    assert G.label({"assign_leader": "flug", "to": "ru-10-army-hq"}, s).startswith("give Vasily Flug command of")
    assert G.label({"end": "general-staff"}, s) == "leave the leaders where they are"


def test_the_enemy_reads_nothing_of_the_staffs_switches_in_his_view_or_the_record():
    """Ruling O25 with O1: a leader sent to the staff, or given a command from it, is logged to
    his owner only; the enemy's view and a replay seen as the enemy do not name the switch."""
    s = at_staff(G.new(seed=1))
    s = G.apply(s, E, {"withdraw_leader": "ru-1-army-hq"})
    s = G.apply(s, E, {"assign_leader": "flug", "to": "ru-10-army-hq"})
    mine = " ".join(x["text"] for x in G.view(s, E)["log"])
    theirs = " ".join(x["text"] for x in G.view(s, CP)["log"])
    assert "for the general staff" in mine and "Vasily Flug takes command of Tenth Army HQ" in mine
    assert "Vasily Flug takes command of Tenth Army HQ" not in theirs
    assert "general staff" not in theirs and "Rennenkampf leaves" not in theirs
    again = kriegsspiel.replay(kriegsspiel.record(s))
    assert "general staff" not in " ".join(x["text"] for x in G.view(again, CP)["log"])
