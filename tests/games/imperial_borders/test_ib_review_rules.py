"""Imperial Borders: findings of a rulebook review (rulebook
shared/rulebooks/001_c918182dbcad1d7d.txt, cited as L123). Each test failed on the
code before its fix."""

from __future__ import annotations

import ib_battle_support as bs
import ib_march_support as ms

from kriegsspiel.games.imperial_borders import battle
from kriegsspiel.games.imperial_borders.sequence import Round

FR, PR = bs.FR, bs.PR


def _end_after_each_round(s, role, actions):
    """Fight, and end the battle after every Battle Round (L634, L719)."""
    if "end" in actions:
        return "end"
    return bs.plain(s, role, actions)


# ----- B25: a Fortification that fought on the Active side is Red-tagged (L117, L738) -----


def test_a_fort_that_fought_for_the_active_nation_cannot_initiate_again():
    """L738: Red Arrow Tags go on the surviving Forces of the Active side (Cargo excepted),
    and Fortifications are Forces (L117). France's Capital Fort alone fights the Prussian
    Infantry in Ile-de-France and France ends the battle after the Opening Salvo (in which
    Infantry roll nothing, L637): the Fort may not initiate another battle there this
    Game Round (L567, L569), else it could fire salvo after salvo unanswered."""
    s = bs.position(FR)
    bs.put(s, PR, "full-infantry", "ile-de-france", n=6)
    assert "ile-de-france" in battle.battle_sites(s, FR)
    bs.fight(s, "ile-de-france")
    last = bs.finish(s, _end_after_each_round)
    assert last["outcome"] == "contested"  # six Full Infantry outlast one salvo of 4 Black Dice
    assert s["damage"].get("ile-de-france", 0) == 0  # the Infantry rolled nothing back
    assert "ile-de-france" not in battle.battle_sites(s, FR)
    assert s["red_forts"] == ["ile-de-france"]
    assert "ile-de-france" in bs.game.view(s, PR)["board"]["red_forts"]  # Arrow Tags are on the table


def test_a_red_fort_still_defends_and_the_tags_go_after_the_last_active_nation():
    """L591: a Red-tagged Fortification still fights against the Active Nation; L563 all
    Arrow Tags are removed once every nation has been Active (RULINGS R11)."""
    s = bs.position(PR, moved=[FR, PR])
    s["red_forts"] = ["ile-de-france"]
    bs.put(s, PR, "full-infantry", "ile-de-france", n=2)
    bs.fight(s, "ile-de-france")
    bs.until(s, "battle_stance")
    assert s["battle"]["fort"] == {"side": "d", "nation": FR}
    Round().end_march(s, {})
    assert s["red_forts"] == []


def test_a_red_fort_cannot_join_the_active_side():
    """L590: only Forces without Red or White Arrow Tags may side with the Active Nation.
    Prussia, Active, attacks a Spanish Infantry in Ile-de-France; France's Capital Fort,
    Red from an earlier battle on an Active side, cannot be brought to Prussia's side."""
    s = bs.position(PR, moved=[FR, PR])
    s["red_forts"] = ["ile-de-france"]
    bs.put(s, PR, "full-infantry", "ile-de-france")
    bs.put(s, bs.SP, "half-infantry", "ile-de-france")
    bs.fight(s, "ile-de-france")
    assert {"allow_join": FR} not in bs.acts(s, PR)
    s["battle"]["terms"]["join"].append(FR)  # even if the terms said so
    assert "with" not in battle.side_options(s, s["battle"], FR)


# ----- M20: no Cavalry Bonus Movement out of a White Mountain Range without orders (L452) -----


def test_cavalry_without_orders_in_a_white_mountain_range_may_not_ride():
    """L452: "Cavalry Forces ending their movement in a White Mountain Range are not
    eligible for Cavalry Bonus Movement"; a Cavalry without orders ends its 0 regions of
    plotted movement (L445) where it stands."""
    s = ms.fresh()
    white = next(m for m, info in ms.P.mountains.items() if info.colour == "white")
    brown = next(m for m, info in ms.P.mountains.items() if info.colour == "brown")
    in_white = ms.place(s, ms.AUSTRIA, "cavalry", white)[0]
    in_brown = ms.place(s, ms.AUSTRIA, "cavalry", brown)[0]
    ms.set_orders(s, ms.AUSTRIA, [])
    ms.start_turn(s, ms.AUSTRIA)
    ms.act(s, ms.AUSTRIA, "march")
    rides = [a for a in ms.acts(s, ms.AUSTRIA) if isinstance(a, dict) and "ride" in a]
    assert {"ride": in_brown} in rides  # a Brown Mountain Range has no such restriction (L451)
    assert {"ride": in_white} not in rides
