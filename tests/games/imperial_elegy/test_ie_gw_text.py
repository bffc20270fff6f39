"""Imperial Elegy's Great War in the terminal (text.py): the header names the GW turn and step
and each alliance's CP budgets; where the war is shown, the GW: each alliance's powers with
budget, stability and manpower, the trench battles with their status (28.1.1), the combat
cards; with the seat's hand its own GW card (26.0), never another power's; ``c`` reads a GW
card by its title."""

from __future__ import annotations

from ie_support import answer, asking, game, great_war
from rich.console import Console

from kriegsspiel.games.imperial_elegy import text
from kriegsspiel.games.imperial_elegy.gw_deck import gw_deck

POWERS = ("ge", "uk", "fr", "au", "ru", "ot")
NAMES = {"ge": "Prussia", "uk": "Britain", "fr": "France", "au": "Austria", "ru": "Russia", "ot": "Ottoman Empire"}


def shown(renderable, width=200) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def terminal(s, role) -> str:
    return shown(text.board(game.view(s, role)))


def title(cid):
    return gw_deck().cards[cid].title


def position():
    """The GW's first impulse at GW turn 1, a trench battle in Alsace-Lorraine (Attacker
    Advantage: the Triple Alliance attacked into it) and one in Galicia (the Entente attacked,
    the Alliance holds the advantage: Defender Advantage)."""
    s = great_war(seed=1)
    assert asking(s) == "gw-impulse"
    s["gw"]["turn"] = 1
    s["gw"]["trenches"]["alsace-lorraine"] = {"by": "attacker", "adv": "attacker"}
    s["gw"]["trenches"]["galicia"] = {"by": "defender", "adv": "attacker"}
    return s


def test_the_header_names_the_gw_turn_step_and_budgets():
    s = position()
    out = terminal(s, "ge")
    head = out.split("Player displays")[0]
    assert "THE GREAT WAR: GW turn 1 of 5, Maneuver Step." in head
    assert "Impulse: Prussia." in head
    budget = s["war"]["budget"]
    for side, members in (("Triple Alliance", ("ge", "au", "ot")), ("Triple Entente", ("uk", "fr", "ru"))):
        cps = ", ".join(f"{NAMES[q]} {budget[q]}" for q in members)
        assert f"{side}: {cps}" in " ".join(head.split()), (side, cps, head)


def test_each_alliance_with_budget_stability_and_manpower():
    s = position()
    out = terminal(s, "uk")
    table = out.split("The Great War")[1].split("GW turn order")[0]
    budget = s["war"]["budget"]
    for side, members in (("Triple Alliance", ("ge", "au", "ot")), ("Triple Entente", ("uk", "fr", "ru"))):
        for q in members:
            row = next(line for line in table.splitlines() if f" {NAMES[q]} " in line)
            cells = [c.strip() for c in row.strip("│ ").split("│")]
            mp = sum(s["powers"][q]["manpower"].values())
            assert cells[:6] == [side, NAMES[q], str(budget[q]), str(s["powers"][q]["stability"]), str(mp),
                                 str(s["gw"]["vp"][q])], cells  # fmt: skip
    assert "GW turn order (25.7): Prussia, Britain, Austria, France, Ottoman Empire, Russia" in out
    assert "The US: in the neutral box" in out


def test_trench_battles_with_their_status():
    s = position()
    out = " ".join(terminal(s, "fr").split())
    assert "Trench battles (28.1.1): Alsace-Lorraine: Attacker Advantage (the Triple Alliance attacked); " in out
    assert "Galicia: Defender Advantage (the Triple Entente attacked)" in out
    assert "Trenches (28.1): every key" in out
    # the map's markers too
    assert "trench battle: Attacker Advantage" in out
    s["gw"]["trenches"]["alsace-lorraine"]["adv"] = None  # the side with the advantage retreated
    assert "Alsace-Lorraine: Deadlock (the Triple Alliance attacked)" in " ".join(terminal(s, "fr").split())


def test_the_combat_cards_face_down_and_up():
    s = position()
    s["gw"]["combat"]["stormtroop-tactics"] = {"holder": "uk", "up": False}
    for q in POWERS:
        if "stormtroop-tactics" in s["powers"][q]["gw_hand"]:
            s["powers"][q]["gw_hand"].remove("stormtroop-tactics")
    out = " ".join(terminal(s, "ge").split())
    assert "GW combat cards (26.1): Stormtroop Tactics face down in front of Britain" in out
    s["gw"]["combat"]["stormtroop-tactics"]["up"] = True
    uk = " ".join(terminal(s, "uk").split())
    assert "Stormtroop Tactics face up in front of Britain" in uk
    assert "Face up in front of you: Stormtroop Tactics (26.1)" in uk
    assert "Face up in front of you" not in " ".join(terminal(s, "ge").split())


def test_the_own_gw_card_and_never_another_powers():
    s = position()
    hands = {q: s["powers"][q]["gw_hand"] for q in POWERS}
    assert all(len(h) == 1 for h in hands.values()), hands
    titles = {q: title(h[0]) for q, h in hands.items()}
    assert len(set(titles.values())) == len(POWERS)
    for q in POWERS:
        out = " ".join(terminal(s, q).split())
        assert f"Your GW card: {titles[q]} (GW #{gw_deck().cards[hands[q][0]].number}," in out, q
        for other in POWERS:
            if other != q:
                assert titles[other] not in out, f"{q}'s terminal shows {other}'s GW card {titles[other]}"
    # a spectator sees no GW card at all
    spectator = " ".join(terminal(s, None).split())
    assert not any(t in spectator for t in titles.values())
    assert "Your GW card" not in spectator


def test_c_reads_a_gw_card_by_its_title_and_your_own_in_full():
    s = position()
    view = game.view(s, "ge")
    mine = title(s["powers"]["ge"]["gw_hand"][0])
    assert mine in shown(text.read_card(view, ""))
    assert "GW card" in shown(text.read_card(view, mine.lower()))
    assert "Exhaustion — GW card" in shown(text.read_card(view, "exhaustion"))


def test_later_gw_turns_still_draw():
    """The text draws every position of a GW played on by the first legal actions."""
    s = great_war(seed=2)
    drawn = 0
    for _ in range(400):
        if not s["stack"]:
            break
        role = game.active(s)[0]
        if drawn < 60 or asking(s).startswith("gw-"):
            out = terminal(s, role)
            assert f"GW turn {s['gw']['turn']} of 5" in out
            drawn += 1
        answer(s, role, game.actions(s, role)[0])
    assert drawn > 0 and s["gw"]["turn"] >= 1
