"""Draft steps are secret, committing is public: ``s["drafts"]`` marks the actions
that were steps of a role's secret draft, ``step`` counts the actions a role may
know of and ``known`` says where its known steps end — on the toy game and on
Imperial Borders, whose starting positions and orders are plotted as drafts."""

import json
import random

import pytest

import kriegsspiel
from kriegsspiel.engine.rules import RESERVED

skirmish = kriegsspiel.load("skirmish")
borders = kriegsspiel.load("imperial-borders")


def play(game, s, *moves):
    for role, action in moves:
        s = game.apply(s, role, action)
    return s


def at_the_vote(seed=3):
    """Skirmish with one turn a side, both passed: the secret vote is open."""
    return play(skirmish, skirmish.new(seed=seed, options={"turns": 1}), ("red", "pass"), ("blue", "pass"))


def test_drafts_is_an_engine_key_and_starts_empty():
    assert "drafts" in RESERVED
    s = skirmish.new(seed=1)
    assert s["drafts"] == []
    assert skirmish.step(s, "red") == skirmish.step(s, None) == 0
    assert skirmish.known(s, "red") == skirmish.known(s, None) == [0]


def test_draft_steps_are_marked_with_their_role_and_commits_are_not():
    s = at_the_vote()
    s = play(skirmish, s, ("red", "cheer"), ("blue", "cheer"), ("red", "cheer"), ("red", "peace"))
    assert s["drafts"] == [[2, "red"], [3, "blue"], [4, "red"]]
    assert [a for _, a in s["actions"]] == ["pass", "pass", "cheer", "cheer", "cheer", "peace"]


def test_step_hides_the_other_roles_drafts_and_counts_ones_own():
    s = at_the_vote()
    s = play(skirmish, s, ("red", "cheer"), ("blue", "cheer"), ("red", "cheer"), ("red", "peace"))
    assert skirmish.step(s, "red") == 5  # everything but blue's cheer
    assert skirmish.step(s, "blue") == 4  # everything but red's two cheers
    assert skirmish.step(s, None) == 3  # the passes and red's commit
    assert skirmish.known(s, "red") == [0, 1, 2, 3, 5, 6]
    assert skirmish.known(s, "blue") == [0, 1, 2, 4, 6]
    assert skirmish.known(s, None) == [0, 1, 2, 6]
    s = play(skirmish, s, ("blue", "war"))  # the reveal: the game is over
    assert skirmish.is_over(s)
    assert skirmish.step(s, None) == 4 and skirmish.known(s, None) == [0, 1, 2, 6, 7]
    assert skirmish.step(s, "red") == 6 and skirmish.known(s, "red")[-1] == 7


def test_another_roles_draft_step_changes_nothing_a_role_knows():
    s = at_the_vote()
    s = play(skirmish, s, ("red", "cheer"))
    before = {r: (skirmish.step(s, r), skirmish.known(s, r), skirmish.view(s, r)) for r in ("blue", None)}
    s = play(skirmish, s, ("red", "cheer"))
    for r, (step, known, view) in before.items():
        assert skirmish.step(s, r) == step and skirmish.known(s, r) == known
        assert skirmish.view(s, r) == view
    assert skirmish.step(s, "red") == 4


def test_no_undo_while_roles_draft_in_secret():
    """Whether red may undo would tell red whether blue has cheered since: while a
    draft is open nobody may undo, neither a draft step nor a commit."""
    s = at_the_vote()
    assert not skirmish.can_undo(s, "blue")  # the pass that opened the vote is fixed
    s = play(skirmish, s, ("red", "cheer"))
    assert not skirmish.can_undo(s, "red") and not skirmish.view(s, "red")["can_undo"]
    s = play(skirmish, s, ("red", "peace"))
    assert not skirmish.can_undo(s, "red")
    with pytest.raises(kriegsspiel.IllegalAction, match="nothing to undo"):
        skirmish.undo(s, "red")


def test_undo_keeps_the_drafts_consistent():
    """Undo replays the record without the last action: the drafts before it are
    rebuilt exactly (Imperial Borders, after its secret starting positions)."""
    s = borders.new(seed=5)
    pick = random.Random(5)
    undone = 0
    for _ in range(400):
        role = pick.choice(borders.active(s))
        s = borders.apply(s, role, pick.choice(borders.actions(s, role)))
        if s["drafts"] and borders.can_undo(s, role):
            back = borders.undo(s, role)
            assert back["drafts"] == [d for d in s["drafts"] if d[0] < len(back["actions"])]
            assert back["drafts"] == kriegsspiel.replay(kriegsspiel.record(back))["drafts"]
            undone += 1
    assert undone >= 3


def test_clones_and_replays_carry_the_drafts():
    s = at_the_vote()
    s = play(skirmish, s, ("red", "cheer"))
    c = skirmish.clone(s)
    c = play(skirmish, c, ("blue", "cheer"))
    assert s["drafts"] == [[2, "red"]] and c["drafts"] == [[2, "red"], [3, "blue"]]
    again = kriegsspiel.replay(json.loads(json.dumps(kriegsspiel.record(c))))
    assert again["drafts"] == c["drafts"] and again == c


def test_known_replays_the_game_as_the_role_saw_it():
    s = at_the_vote()
    seen = {"red": [skirmish.view(s, "red")], "blue": [skirmish.view(s, "blue")], None: [skirmish.view(s, None)]}
    moves = [("red", "cheer"), ("blue", "cheer"), ("red", "cheer"), ("red", "peace"), ("blue", "war")]
    start = len(s["actions"])
    for role, action in moves:
        hidden_from = [r for r in seen if r != role] if action == "cheer" else []
        s = skirmish.apply(s, role, action)
        for r in seen:
            if r not in hidden_from:
                seen[r].append(skirmish.view(s, r))
    rec = kriegsspiel.record(s)
    for r, views in seen.items():
        known = skirmish.known(s, r)
        assert len(known) == skirmish.step(s, r) + 1
        for k, n in enumerate(known[start:], start):
            assert skirmish.view(kriegsspiel.replay(rec, upto=n), r) == views[k - start]


@pytest.mark.parametrize("seed", [3, 8])
def test_imperial_borders_plots_in_secret(seed):
    """Starting positions and orders are plotted step by step; no nation's count of
    actions, nor any view, moves when another nation plots a step."""
    game = borders
    s = game.new(seed=seed)
    pick = random.Random(seed)
    plotted = set()
    for _ in range(700):
        if game.is_over(s):
            break
        role = pick.choice(game.active(s))
        action = pick.choice(game.actions(s, role))
        others = [r for r in s["roles"] if r != role] + [None]
        before = {r: (game.step(s, r), game.view(s, r)) for r in others}
        drafts = len(s["drafts"])
        s = game.apply(s, role, action)
        if len(s["drafts"]) > drafts:
            assert s["drafts"][-1] == [len(s["actions"]) - 1, role]
            plotted.add(s["stack"][-1]["state"])
            for r, (step, view) in before.items():
                assert game.step(s, r) == step
                assert game.view(s, r) == view
        else:
            assert all(game.step(s, r) == step + 1 for r, (step, _) in before.items())
        for r in [*s["roles"], None]:
            assert "drafts" not in game.view(s, r)["board"]
    assert plotted == {"setup_plot", "orders_plot"}
    for r in [*s["roles"], None]:
        known = game.known(s, r)
        assert len(known) == game.step(s, r) + 1 and known == sorted(set(known))
        hidden = {i for i, who in s["drafts"] if who != r}
        assert [n - 1 for n in known[1:]] == [i for i in range(len(s["actions"])) if i not in hidden]
    assert kriegsspiel.replay(kriegsspiel.record(s))["drafts"] == s["drafts"]
