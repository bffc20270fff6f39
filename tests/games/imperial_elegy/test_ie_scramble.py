"""Imperial Elegy's ``scramble`` as a sampler for the search: a sample must be a game the rules
can go on with from what the role has seen, even while a question under way names a card
hidden in another power's hand (12.13.1: a card offered to the Ottomans with its CP announced)."""

from __future__ import annotations

import random

import orjson

import kriegsspiel
from kriegsspiel.games.imperial_elegy.world import card


def _at_the_ottomans_choice():
    """Heuristic bots from seed 0 until the Ottomans choose among cards offered for
    industrialization (12.13.1)."""
    game = kriegsspiel.load("imperial-elegy")
    bot = kriegsspiel.bot("imperial-elegy", "heuristic")
    s = game.new(seed=0)
    rng = random.Random(0)
    for _ in range(3000):
        role = game.active(s)[0]
        legal = game.actions(s, role)
        if role == "ot" and b'"offer-' in orjson.dumps(s["stack"]):
            return game, s, legal
        s = game.apply(s, role, bot(game.view(s, role), legal, rng))
    raise AssertionError("no offer to the Ottomans in 3,000 decisions")


def test_a_sample_keeps_the_offered_cards_cp_and_the_ottomans_choice_plays_on():
    game, s, legal = _at_the_ottomans_choice()
    assert all("accept" in a for a in legal) and len(legal) >= 2
    offered = {a["accept"]: a["cp"] for a in legal}
    for seed in range(40):
        d = game.scramble(s, "ot", random.Random(seed))
        assert game.view(d, "ot") == game.view(s, "ot")
        assert game.actions(d, "ot") == legal
        for a in legal:
            after = game.apply(game.clone(d), "ot", a)  # no error: the offered card is in the giver's hand
            taken = after["powers"]["ot"].get("industrialize")
            assert taken is not None and card(taken).cp == offered[a["accept"]]


def test_the_sample_does_not_keep_the_real_offered_cards():
    game, s, legal = _at_the_ottomans_choice()
    real = {p: set(s["powers"][p]["hand"]) for p in s["roles"] if p != "ot"}
    moved = 0
    for seed in range(40):
        d = game.scramble(s, "ot", random.Random(seed))
        moved += any(set(d["powers"][p]["hand"]) != real[p] for p in real)
    assert moved >= 30


def test_a_question_naming_the_minor_italy_is_not_renamed_when_the_card_italy_is_drawn_again():
    """13.4.2: Italy, attacked, asks France for aid while Britain holds the card Italy (the card
    and the minor power share the id "italy"). A sample for the Ottomans draws Britain's hidden
    cards again; the question still names the minor, and what the Ottomans see is unchanged (the
    fuzzer found the question renamed after the card drawn instead: "diplomatic-incident is
    attacked by Prussia")."""
    from ie_support import blank
    from test_ie_battle import war

    from kriegsspiel.engine import ask

    game = kriegsspiel.load("imperial-elegy")
    s = blank(seed=3)
    uk = s["powers"]["uk"]
    s["deck"].append(uk["hand"][0])
    uk["hand"][0] = "italy"
    if "italy" in s["deck"]:
        s["deck"].remove("italy")
    war(s, ["ge"], ["italy"])
    ask(s, "war-aid", "fr", minor="italy")
    seen = game.view(s, "ot")
    renamed = 0
    for seed in range(20):
        d = game.scramble(s, "ot", random.Random(seed))
        assert d["stack"][-1]["minor"] == "italy"
        assert game.view(d, "ot") == seen
        renamed += "italy" not in d["powers"]["uk"]["hand"]
    assert renamed >= 10  # Britain's card Italy is drawn again like any hidden card
