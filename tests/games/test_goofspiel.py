"""Goofspiel, rule by rule (GUIDE.md beside the module; COVERAGE.md maps
each rule to these tests)."""

import pytest

import kriegsspiel
from kriegsspiel.games.goofspiel import data

game = kriegsspiel.load("goofspiel")


def rigged(prizes, ties="discard", players=2, scenario="classic"):
    """A game whose prize deck is stacked (last card turned up first)."""
    s = game.new(seed=1, options={"ties": ties}, players=players, scenario=scenario)
    s["prizes"] = list(prizes)
    s["pot"] = [s["prizes"].pop()]
    return s


def bid(s, **bids):
    for role, rank in bids.items():
        s = game.apply(s, role, rank)
    return s


def test_setup_two_players():
    """1.1 suits as roles, 1.2 a shuffled prize deck, 1.3 scores from 0."""
    s = game.new(seed=4)
    assert s["roles"] == ["hearts", "clubs"]
    assert s["hands"] == {"hearts": list(range(1, 14)), "clubs": list(range(1, 14))}
    assert sorted(s["prizes"] + s["pot"]) == list(range(1, 14))
    assert s["score"] == {"hearts": 0, "clubs": 0}


def test_setup_three_players_and_quick_scenario():
    s = game.new(seed=4, players=3, scenario="quick")
    assert s["roles"] == ["hearts", "clubs", "spades"]
    assert all(h == list(range(1, 8)) for h in s["hands"].values())
    assert len(s["prizes"]) + len(s["pot"]) == 7


def test_scenarios_come_from_the_data_pack_with_provenance():
    packs = data.scenarios()
    assert packs["classic"].ranks == 13 and packs["classic"].source == "rulebook 1.1"
    assert packs["quick"].source.startswith("authored: ")
    assert game.validate_data() == {"scenarios": 2}


def test_round_turns_up_a_prize_and_asks_everyone():
    """2.1 a prize is turned up; 2.2 every player bids."""
    s = game.new(seed=4)
    assert len(s["pot"]) == 1 and len(s["prizes"]) == 12
    assert game.active(s) == ["hearts", "clubs"]
    assert s["log"][0][0] == "2.1"
    assert "Bid a card" in game.view(s, "hearts")["prompt"]


def test_bids_are_secret_until_all_commit():
    """2.3 bids are revealed together."""
    s = rigged([3, 5, 9])
    s = bid(s, hearts=4)
    assert s["bids"] == {} and s["hands"]["hearts"] == list(range(1, 14))
    assert game.view(s, "clubs")["committed"] == ["hearts"]
    s = bid(s, clubs=2)
    assert s["bids"] == {"hearts": 4, "clubs": 2}
    assert any(e[0] == "2.3" and e[1] == "Bids: Hearts 4, Clubs 2." for e in s["log"])


def test_highest_bid_wins():
    """2.4 the highest bid scores the prize's rank."""
    s = rigged([3, 5, 9])
    s = bid(s, hearts=4, clubs=10)
    assert s["score"] == {"hearts": 0, "clubs": 9}
    assert s["won"]["clubs"] == [9]
    assert s["pot"] == [5]  # the next prize is up


def test_tie_discards():
    """2.5 ties=discard: nobody scores the prize."""
    s = rigged([3, 5, 9])
    s = bid(s, hearts=7, clubs=7)
    assert s["score"] == {"hearts": 0, "clubs": 0} and s["pot"] == [5]


def test_tie_carries():
    """2.5 ties=carry: the prize goes to the next single winner, with the next."""
    s = rigged([3, 5, 9], ties="carry")
    s = bid(s, hearts=7, clubs=7)
    assert s["pot"] == [9, 5]
    s = bid(s, hearts=1, clubs=2)
    assert s["score"]["clubs"] == 14 and s["won"]["clubs"] == [9, 5]


def test_three_player_tie_between_two_is_still_a_tie():
    s = rigged([3, 5, 9], players=3)
    s = bid(s, hearts=7, clubs=7, spades=1)
    assert s["score"] == {"hearts": 0, "clubs": 0, "spades": 0}


def test_played_cards_are_public():
    """2.6 bids are discarded face up: everyone sees them."""
    s = rigged([3, 5, 9])
    s = bid(s, hearts=4, clubs=10)
    v = game.view(s, None)["board"]
    assert v["played"] == {"hearts": [4], "clubs": [10]}
    assert 10 not in v["hands"]["clubs"] and v["last_bids"] == {"hearts": 4, "clubs": 10}


def play_out(s, order):
    while not game.is_over(s):
        for role in game.active(s):
            s = game.apply(s, role, order[role](game.actions(s, role)))
    return s


def test_game_ends_with_winner():
    """3.1 after the last prize the highest score wins."""
    s = game.new(seed=6)
    order = s["pot"] + s["prizes"][::-1]  # the prizes in the order they are turned up
    assert order == [8, 1, 13, 10, 4, 11, 6, 7, 3, 2, 5, 12, 9]  # this seed's shuffle
    s = play_out(s, {"hearts": max, "clubs": min})
    # hearts bids K, Q, J... and clubs A, 2, 3...: hearts takes rounds 1-6 (8 + 1 + 13 + 10 + 4 + 11),
    # 7 is a tie (the 6 is discarded), clubs takes 8-13 (7 + 3 + 2 + 5 + 12 + 9)
    r = game.result(s)
    assert r["scores"] == {"hearts": 47, "clubs": 38}
    assert game.is_over(s) and r["winners"] == ["hearts"]
    assert s["log"][-1][0] == "3.1"


def test_shared_win():
    """3.1 equal highest scores share the win (RULINGS R2)."""
    s = game.new(seed=6)
    s = play_out(s, {"hearts": min, "clubs": min})
    assert game.result(s)["winners"] == ["hearts", "clubs"]
    assert game.result(s)["scores"] == {"hearts": 0, "clubs": 0}


def test_carry_left_at_end():
    """3.2 prizes still carried at the end go to nobody."""
    s = game.new(seed=6, options={"ties": "carry"}, scenario="quick")
    s = play_out(s, {"hearts": min, "clubs": min})
    assert s["score"] == {"hearts": 0, "clubs": 0}
    assert any(e[0] == "3.2" for e in s["log"])


@pytest.mark.parametrize("action, label", [(1, "bid A"), (10, "bid 10"), (13, "bid K")])
def test_labels_use_card_names(action, label):
    assert game.label(action) == label
