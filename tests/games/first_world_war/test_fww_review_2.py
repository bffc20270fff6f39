"""The First World War: second review (rulebook shared/rulebooks/004_dc64f91ee782ec25.txt).
Each test names the rule and the rulebook line it checks, and the ruling (RULINGS.md) where the
text leaves a question open."""

import random

from fww_support import AH, DE, RU, WA, at, clear, dummy, game, hand, position, put, views_of

from kriegsspiel.games.first_world_war import endgame


def end_of(year, players=4):
    """Player Turn 4 of that year: Austria-Hungary is about to close the year."""
    return position(players=players, year=year, turn=4, role=AH)


def treaty_cities(s):
    """10.0 L354-355: three Russian Replacement Cities held by the Central Powers, no
    German or Austro-Hungarian city held by Russia."""
    s["owner"].update(riga=DE, warsawa=DE, minsk=DE)


def test_10_0_whether_germany_is_asked_about_the_treaty_does_not_tell_its_dummies():
    """10.0 L351-353, 2.4 L118-122, RULINGS R59: Germany may offer the treaty only with three German
    armies on Fronts 7 and 8; the Entente sees there only counters with a German back. With two
    armies and a dummy, Germany is asked as it would be with three armies (it can only say no), so
    the Entente does not learn from the question that one counter is a dummy."""
    views = []
    for third in ("army", "dummy"):
        s = end_of(4)
        clear(s, 7, 8)
        put(s, "de-1", 7)
        put(s, "de-2", 8)
        if third == "army":
            put(s, "de-3", 7)
        else:
            dummy(s, DE, 7)
        put(s, "ru-1", 7)
        put(s, "ru-9", 8)
        treaty_cities(s)
        game.apply(s, AH, "pass")
        assert at(s, "offer_treaty", DE)
        assert game.actions(s, DE) == (["offer", "no"] if third == "army" else ["no"])
        fronts = game.view(s, RU)["board"]["fronts"]
        views.append((game.active(s), fronts["7"], fronts["8"]))
        game.apply(s, DE, "no")
        assert s["brest"] is None and s["year"] == 5
    assert views[0] == views[1]


def test_10_0_germany_cannot_offer_the_treaty_with_a_dummy_among_its_three_counters():
    """10.0 L351-353: "criteria being met in full before the offer can be made": a dummy is not a
    German army (2.4 L122), so an offer made with two armies and a dummy is refused."""
    s = end_of(4)
    clear(s, 7, 8)
    put(s, "de-1", 7)
    put(s, "de-2", 8)
    dummy(s, DE, 8)
    treaty_cities(s)
    assert not endgame.treaty_possible(s)
    game.apply(s, AH, "pass")
    assert at(s, "offer_treaty", DE)
    before = game.clone(s)
    try:
        game.apply(s, DE, "offer")
    except ValueError:
        pass
    else:
        raise AssertionError("the offer was accepted")
    assert s == before


def test_3_3_in_the_3_player_game_the_entente_empires_see_each_others_armies():
    """3.3 L176: "In a 3-Player Game, one player represents the Entente Powers": that player knows
    both empires' face-down armies and markers (RULINGS R58, R60), while Germany and
    Austria-Hungary, two players, still see only counts of each other's (2.4 L118)."""
    a = position(players=3)
    b = game.clone(a)
    put(a, "ru-1", 7)
    put(a, "ru-2", 8)
    put(b, "ru-2", 7)
    put(b, "ru-1", 8)
    assert "ru-1" in game.view(a, WA)["board"]["armies"]
    assert views_of(a, WA) != views_of(b, WA)
    for role in (DE, AH, None):
        assert views_of(a, role) == views_of(b, role), role
    hand(a, RU, "russian-steamroller", "uncoded-wireless")
    assert game.view(a, WA)["board"]["hands"][RU] == ["russian-steamroller", "uncoded-wireless"]
    assert game.scramble(a, WA, random.Random(2))["hands"][RU] == ["russian-steamroller", "uncoded-wireless"]
    put(a, "ah-1", 9)
    assert "ah-1" not in game.view(a, DE)["board"]["armies"]  # two Central players
