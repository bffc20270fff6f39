"""Imperial Elegy: Italy (§22 L1195-1245): the Italian Minor Power Table (each result), the
unification roll with its DRMs (22.1.5 L1215), unification (22.2), the Kingdom of Italy Table
(22.3.1) and the war on the Ottomans."""

from __future__ import annotations

from ie_support import blank, game
from test_ie_events import drive, effects, waiting

from kriegsspiel.engine import call
from kriegsspiel.engine.flow import run
from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import italy, rebels


def table(s, who="ge", amount=0, name="italian-minor-power", run_it=True):
    return effects(s, who, {"verb": "roll-table", "table": name, "amount": amount}, drive_it=run_it)


def test_a_lost_dream():
    s = blank()
    with scripted_dice(s, 1):
        table(s, amount=-1)
    assert "italy" in s["removed"] and "italy" not in s["deck"]  # 22.1 <= 0


def test_uprising_in_a_player_space():
    s = blank()
    with scripted_dice(s, 1):
        table(s, run_it=False)
        assert waiting(s) == ("event-choose", "ge")
        assert {a["space"] for a in game.actions(s, "ge")} == {"lombardy", "venetia"}  # AU's Italian spaces
        game.apply(s, "ge", {"space": "lombardy"})
    risen = [u for u in s["units"].values() if u["o"] == "rebel" and u["at"] == "lombardy"]
    assert risen and risen[0]["n"] == "sardinia-piedmont"  # the closer state (22.1.1)
    assert s["woi"]["lombardy"] == 0
    s["woi"]["lombardy"] = 1
    rebels.progress_wois(s)
    drive(s)
    assert s["control"]["lombardy"] == "sardinia-piedmont"


def test_uprising_without_player_spaces_unifies():
    s = blank()
    for x in ("lombardy", "venetia"):
        s["control"][x] = "sardinia-piedmont"
    with scripted_dice(s, 1):
        table(s)
    assert s["flags"]["italy_unified"] and s["majors"]["italy"]["alliance"] == "neutral"  # 22.2
    assert all(s["control"][x] == "italy" for x in italy.italian_spaces())
    assert "sardinia-piedmont" in s["gone"] and "two-sicilies" in s["gone"]
    assert sum(1 for u in s["units"].values() if u["o"] == "italy" and u["t"] == "army") == 3
    assert any(u["o"] == "italy" and u["t"] == "squadron" and u["at"] == "naples" for u in s["units"].values())
    assert any(u["o"] == "italy" and u["at"] == "rome" for u in s["units"].values())  # 22.4


def test_uprising_where_every_player_space_has_italian_citizenship_does_nothing():
    """22.1.1 L1207: Italy unifies only "If there are no player controlled spaces in Italy"; 3.2.6
    L214: cards do not reach spaces whose nationality has full citizenship. With Italian
    citizenship Austria's Lombardy and Venetia were skipped, and a 1 unified Italy."""
    s = blank()
    s["flags"]["citizenship"] = ["italian"]
    assert italy.player_held_italy(s) == ["lombardy", "venetia"]
    with scripted_dice(s, 1):
        table(s)
    assert not s["flags"].get("italy_unified")
    assert s["control"]["lombardy"] == s["control"]["venetia"] == "au"
    assert not [u for u in s["units"].values() if u["o"] == "rebel" and u["at"] in ("lombardy", "venetia")]
    assert any("has no effect" in e[1] for e in s["log"][-3:])


def test_petition_for_aid():
    s = blank()
    s["allies"]["sardinia-piedmont"] = "fr"
    s["control"]["venetia"] = "fr"
    with scripted_dice(s, 2):
        table(s)
    assert "sardinia-piedmont" not in s["allies"]  # 22.1.2 L1209
    assert s["flags"]["italy_card_marker"] is True


def test_internal_italian_war():
    s = blank()

    def forces():
        sp = [u["t"] for u in s["units"].values() if u["o"] == "sardinia-piedmont"]
        return sp.count("army"), sp.count("squadron")

    assert forces() == (1, 1)
    with scripted_dice(s, 4):  # 2 Italian keys after the war: no unification roll (22.1.3 L1211)
        table(s, run_it=False)
        game.apply(s, "ge", {"minor": "sardinia-piedmont"})
        drive(s)
    assert forces() == (2, 2)  # 22.1.3 L1211: 1 army, 1 naval squadron
    taken = [x for x in italy.italian_keys() if s["control"].get(x) == "sardinia-piedmont" and x != "piedmont"]
    assert taken == ["tuscany"]  # the neighbouring Italian key no player holds


def test_nationalist_wave_and_unification_roll():
    """22.1.4 then 22.1.5: two keys taken; the roll +1 per key of the strongest state."""
    s = blank()
    assert italy.italian_keys_of(s, "two-sicilies") == 2
    with scripted_dice(s, 6, 2):
        table(s, run_it=False)
        game.apply(s, "ge", {"minor": "two-sicilies"})
        drive(s)
    assert italy.italian_keys_of(s, "two-sicilies") == 2 + 2
    # AU still holds Lombardy and Venetia: no +2; +1 per key of the Two Sicilies: 2 + 4 = 6 < 7
    assert s["history"]["italy_roll"] == [2, 4]
    assert not s["flags"]["italy_unified"]


def test_unification_roll_drms():
    s = blank()
    for x in ("lombardy", "venetia", "tuscany"):
        s["control"][x] = "sardinia-piedmont"
    assert italy.italian_keys_of(s, "sardinia-piedmont") == 4  # Piedmont, Lombardy, Venetia, Tuscany
    with scripted_dice(s, 1):
        call(s, "italy-unification-roll", winner="fr")
        run(game.procedures, s)
    # +2 no player in Italy, +1 per key of the strongest state (22.1.5 L1215-1217): 1 + 6 = 7 unifies
    assert s["history"]["italy_roll"] == [1, 2 + 4]
    assert s["flags"]["italy_unified"]
    # 22.2 L1231: the war's winner spends 2 free CP on Italy's MPIT
    for _ in range(2):
        assert waiting(s) == ("event-choose", "fr")
        game.apply(s, "fr", {"track": "alliance"})
    assert s["majors"]["italy"]["mpit"]["alliance"] == 2


def unified():
    s = blank()
    effects(s, "ge", {"verb": "_unify"})
    return s


def test_kingdom_table_vacillates():
    s = unified()
    with scripted_dice(s, 1):
        table(s, name="kingdom-of-italy")
    assert s["majors"]["italy"]["mpit"]["neutral"] == 3


def test_kingdom_table_naval_base():
    s = unified()
    with scripted_dice(s, 3):
        table(s, name="kingdom-of-italy", run_it=False)
        game.apply(s, "ge", {"space": "zanzibar"})
    assert s["control"]["zanzibar"] == "italy"


def test_kingdom_table_grows():
    s = unified()
    with scripted_dice(s, 5):
        table(s, name="kingdom-of-italy")
    assert s["majors"]["italy"]["reserves"] == 1
    assert sum(1 for u in s["units"].values() if u["o"] == "italy" and u["t"] == "squadron") == 2  # squadrons first


def test_kingdom_table_war_on_the_ottomans():
    """22.3.1 7+: a self-contained war: roll >= 4 with the naval DRMs; no WTT change, no shifts."""
    s = unified()
    wtt = s["wtt"]
    with scripted_dice(s, 6, 6):  # the table (6 + 1: war on the Ottomans), then the war's roll
        table(s, name="kingdom-of-italy", amount=1, run_it=False)
        game.apply(s, "ge", {"space": "crete"})
        game.apply(s, "ge", {"space": "tripoli"})
        drive(s)
    assert s["control"]["crete"] == "italy" and s["control"]["tripoli"] == "italy"
    assert s["control"]["benghazi"] == "italy"  # 3.4.4: Benghazi follows Tripoli
    assert s["wtt"] == wtt and s["majors"]["italy"]["alliance"] == "neutral"


def test_kingdom_war_with_allied_ottomans_shifts_italy():
    s = unified()
    s["majors"]["italy"]["alliance"] = "alliance-aligned"
    s["powers"]["ot"]["alliance"] = "alliance-aligned"
    with scripted_dice(s, 6):
        table(s, name="kingdom-of-italy", amount=1)
    assert s["majors"]["italy"]["alliance"] == "neutral"


def test_italy_card_plays_the_right_table():
    s = blank()
    with scripted_dice(s, 2):
        call(s, "event", power="fr", card="italy", option=None, discard=True)
        run(game.procedures, s)
        drive(s)
    assert s["flags"]["italy_card_marker"]  # option A: the Italian Minor Power Table (petition)
    assert "italy" in s["discard"]  # not a remove card (K2: up to 7 plays)
