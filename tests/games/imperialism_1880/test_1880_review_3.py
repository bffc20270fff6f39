"""Review 3 of the Imperialism 1880 console against its chart sheet
(shared/rulebooks/003_97ea5e6eafe12590.txt, cited as L1, L156...; rulings R1... in
src/kriegsspiel/games/imperialism_1880/RULINGS.md)."""

from __future__ import annotations

from console_support import enter, ledger, new

from kriegsspiel.games.imperialism_1880 import books


# ----- R53: war on a treaty partner breaks the treaty ------------------------------------------------


def test_war_declared_on_a_treaty_partner_breaks_the_treaty():
    """L1 "Breaking a Treaty" (Casus Belli) and L156 "+5 each time a player breaks a treaty":
    France declared war on Russia, its defensive-treaty partner, and the treaty stayed in force,
    earning both 2 VP a turn at war with each other (L242), with no +5 and no Casus Belli."""
    s = new()
    enter(s, "treaty", first="france", second="russia", kind="defensive", stipulation="none")
    enter(s, "declare-war", aggressor="france", target="russia")
    [t] = s["treaties"]
    assert t["broken"] == {"by": "france", "year": s["year"]}
    assert books.treaties_in_force(s) == []
    assert ledger(s) == [
        (5, "France breaks a treaty with Russia", "L156"),
        (5, "France declares war on Russia", "L156"),
    ]
    assert [(c["holder"], c["against"]) for c in books.open_cbs(s)] == [("russia", "france")]
    assert s["wars"][0]["sides"] == [["france"], ["russia"]]


def test_war_on_a_power_with_no_treaty_breaks_none():
    s = new()
    enter(s, "treaty", first="france", second="russia", kind="defensive", stipulation="none")
    enter(s, "declare-war", aggressor="france", target="germany")
    assert [t["id"] for t in books.treaties_in_force(s)] == [1]
    assert ledger(s) == [(5, "France declares war on Germany", "L156")]
