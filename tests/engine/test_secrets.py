"""Hidden information: per-role views, the spectator, private log lines,
secret simultaneous choices, and undo that never outlives a revelation."""

import json

import pytest

import kriegsspiel
from kriegsspiel import IllegalAction

skirmish = kriegsspiel.load("skirmish")
goof = kriegsspiel.load("goofspiel")


def test_each_role_sees_its_own_hand_and_only_counts_of_the_other():
    s = skirmish.new(seed=11)
    red, blue = skirmish.view(s, "red"), skirmish.view(s, "blue")
    assert red["board"]["hand"] == s["hands"]["red"]
    assert blue["board"]["hand"] == s["hands"]["blue"]
    for card in s["hands"]["blue"]:
        assert card not in json.dumps(red)
    spectator = skirmish.view(s, None)
    assert spectator["board"]["hand"] is None
    for card in s["hands"]["red"] + s["hands"]["blue"]:
        assert card not in json.dumps(spectator)


def test_private_log_lines_reach_only_their_roles():
    s = skirmish.new(seed=11, options={"turns": 1})
    s = skirmish.apply(s, "red", "march")
    lost = skirmish.actions(s, "blue")[0]["lose"]
    s = skirmish.apply(s, "blue", {"lose": lost})
    blue_log = [e["text"] for e in skirmish.view(s, "blue")["log"]]
    red_log = [e["text"] for e in skirmish.view(s, "red")["log"]]
    assert f"blue loses {lost}." in blue_log
    assert f"blue loses {lost}." not in red_log and "blue loses a card." in red_log
    assert all(e["rule"] for e in skirmish.view(s, "red")["log"])


def test_views_never_carry_the_engine_secrets():
    s = goof.new(seed=3)
    s = goof.apply(s, "hearts", 9)
    for role in ["hearts", "clubs", None]:
        v = goof.view(s, role)
        for secret in ("rng", "stack", "pending", "prizes", "drafts", "seed"):
            assert secret not in v and secret not in v["board"]
        assert goof.view(s, role)["committed"] == ["hearts"]
    # the prize deck order appears nowhere in a view
    assert "deck" in goof.view(s, "clubs")["board"]
    assert goof.view(s, "clubs")["board"]["deck"] == len(s["prizes"])


def test_a_secret_bid_does_not_change_what_others_see():
    s = goof.new(seed=3)
    low = goof.apply(goof.clone(s), "hearts", 1)
    high = goof.apply(goof.clone(s), "hearts", 13)
    for role in ("clubs", None):
        assert goof.view(low, role) == goof.view(high, role)
    # hearts itself may undo its own bid, and its bid is not yet taken from its hand
    assert goof.view(low, "hearts")["can_undo"]
    assert goof.view(low, "hearts")["board"]["hands"]["hearts"] == list(range(1, 14))


def test_view_of_an_unknown_role_is_refused():
    with pytest.raises(ValueError, match="not a role"):
        goof.view(goof.new(seed=1), "diamonds")


def test_undo_takes_back_a_bid_before_the_reveal():
    s = goof.new(seed=3)
    s = goof.apply(s, "hearts", 9)
    assert goof.can_undo(s, "hearts") and not goof.can_undo(s, "clubs")
    s = goof.undo(s, "hearts")
    assert goof.active(s) == ["hearts", "clubs"] and s["actions"] == []
    assert 9 in goof.actions(s, "hearts")


def test_undo_is_gone_once_the_bids_are_revealed():
    s = goof.new(seed=3)
    s = goof.apply(s, "hearts", 9)
    s = goof.apply(s, "clubs", 4)
    assert not goof.can_undo(s, "clubs") and not goof.can_undo(s, "hearts")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        goof.undo(s, "clubs")


def test_undo_within_a_turn_until_dice_are_rolled():
    s = skirmish.new(seed=5, options={"turns": 1})
    s = skirmish.apply(s, "red", "drill")
    s = skirmish.apply(s, "red", "drill")
    assert skirmish.can_undo(s, "red")
    s = skirmish.undo(s, "red")
    assert s["drills"] == 1 and len(s["actions"]) == 1
    s = skirmish.apply(s, "red", "march")  # the battle rolls a die
    assert not skirmish.can_undo(s, "red")


def test_undo_is_closed_once_another_role_acts():
    s = skirmish.new(seed=5, options={"turns": 1})
    s = skirmish.apply(s, "red", "pass")
    assert skirmish.can_undo(s, "red")
    s = skirmish.apply(s, "blue", "drill")
    assert not skirmish.can_undo(s, "red") and skirmish.can_undo(s, "blue")
