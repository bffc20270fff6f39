"""Alliance resolution (8.6 L521-537, 8.6.1, 8.4; 33.3 Third Republic): end.py's
"alliance-resolution", with the rulebook's worked examples (rulebook 000_a5b0d7cac330d384.txt)."""

from __future__ import annotations

import pytest
from ie_support import answer, asking, blank, proc

from kriegsspiel.engine.testing import scripted_dice
from kriegsspiel.games.imperial_elegy import end


def setup(s, boxes, mpit):
    for q, box in boxes.items():
        s["powers"][q]["alliance"] = box
    for q, m in mpit.items():
        s["powers"][q]["mpit"] = {"entente": 0, "alliance": 0, "neutral": 0, **m}


def test_alliance_resolution_example_8_7():
    """8.7 L530-535: GE, UK, RU, OT neutral; FR and AU Entente aligned. GE (4 influence: 1 neutral,
    3 Alliance) first: neutral 4+1=5, Alliance 2+3=5, GE breaks the tie for the Alliance. UK (3) before
    RU (3) by turn order: neutral 2+1=3, Entente 4+2=6: the Entente. RU: the Entente is full (FR, AU,
    UK), no roll, RU stays. AU: neutral 6+1=7, Entente 5+1=6: neutral. FR and OT have one marker:
    FR shifts automatically to committed, OT stays."""
    s = blank()
    setup(
        s,
        {"ge": "neutral", "uk": "neutral", "ru": "neutral", "ot": "neutral",
         "fr": "entente-aligned", "au": "entente-aligned"},
        {"ge": {"neutral": 1, "alliance": 3}, "uk": {"neutral": 1, "entente": 2}, "ru": {"neutral": 1, "entente": 2},
         "au": {"neutral": 1, "entente": 1}, "fr": {"entente": 1}, "ot": {"neutral": 1}},
    )  # fmt: skip
    # dice in end.TRACKS order (entente, alliance, neutral) per power: GE alliance 2, neutral 4;
    # UK entente 4, neutral 2; RU none; AU entente 5, neutral 6
    with scripted_dice(s, 2, 4, 4, 2, 5, 6):  # all six rolled, and no more: RU rolled no die
        proc(s, "alliance-resolution")
        assert asking(s) == "alliance-tie"
        assert s["stack"][-1]["role"] == "ge"
        assert s["stack"][-1]["tied"] == ["alliance", "neutral"]
        answer(s, "ge", {"shift": "alliance"})
    assert not s["stack"]
    box = {q: s["powers"][q]["alliance"] for q in s["powers"]}
    assert box == {"ge": "alliance-aligned", "uk": "entente-aligned", "fr": "entente-committed",
                   "au": "neutral", "ru": "neutral", "ot": "neutral"}  # fmt: skip
    # 8.5 L519: the marker of the current box is 1, the others 0
    assert s["powers"]["ge"]["mpit"] == {"entente": 0, "alliance": 1, "neutral": 0}
    assert s["powers"]["au"]["mpit"] == {"entente": 0, "alliance": 0, "neutral": 1}
    assert s["powers"]["fr"]["mpit"] == {"entente": 1, "alliance": 0, "neutral": 0}
    text = " ".join(line[1] for line in s["log"])
    assert "Russia cannot shift" in text


def test_double_shift_example_8_6():
    """8.6 L528-529: GE committed to the Alliance with 10 neutral and 1 Alliance influence rolls
    Alliance 4 (+1 = 5) and neutral 5 (+10 = 15): a lead of 10, GE shifts twice, to neutral."""
    s = blank()
    setup(s, {"ge": "alliance-committed"}, {q: {"neutral": 1} for q in ("uk", "fr", "au", "ru", "ot")})
    s["powers"]["ge"]["mpit"] = {"entente": 0, "alliance": 1, "neutral": 10}
    with scripted_dice(s, 4, 5):
        proc(s, "alliance-resolution")
    assert s["powers"]["ge"]["alliance"] == "neutral"
    assert "shifts twice" in " ".join(line[1] for line in s["log"])


def test_double_shift_stops_at_neutral():
    """8.6 L529: 'If they had been in the aligned box, they would have stopped once they reached
    the neutrality box.'"""
    s = blank()
    setup(s, {"ge": "alliance-aligned"}, {q: {"neutral": 1} for q in ("uk", "fr", "au", "ru", "ot")})
    s["powers"]["ge"]["mpit"] = {"entente": 0, "alliance": 1, "neutral": 10}
    with scripted_dice(s, 4, 5):
        proc(s, "alliance-resolution")
    assert s["powers"]["ge"]["alliance"] == "neutral"


def test_lead_of_nine_is_one_shift():
    s = blank()
    setup(s, {"ge": "alliance-committed"}, {q: {"neutral": 1} for q in ("uk", "fr", "au", "ru", "ot")})
    s["powers"]["ge"]["mpit"] = {"entente": 0, "alliance": 1, "neutral": 9}
    with scripted_dice(s, 4, 5):  # 5 vs 14
        proc(s, "alliance-resolution")
    assert s["powers"]["ge"]["alliance"] == "alliance-aligned"


def test_toward_other_alliance_passes_neutral_first():
    """8.6 L526: an aligned power whose roll favours the other alliance moves to neutral first."""
    s = blank()
    setup(s, {"fr": "entente-aligned"}, {q: {"neutral": 1} for q in ("ge", "uk", "au", "ru", "ot")})
    s["powers"]["fr"]["mpit"] = {"entente": 1, "alliance": 3, "neutral": 0}
    with scripted_dice(s, 1, 4):  # entente 2, alliance 7
        proc(s, "alliance-resolution")
    assert s["powers"]["fr"]["alliance"] == "neutral"


def test_alliance_maximum_blocks_automatic_shift():
    """8.4 L512, 8.6 L522: no shift into an alliance of three players."""
    s = blank()
    setup(
        s,
        {"ge": "alliance-aligned", "au": "alliance-aligned", "ot": "alliance-committed", "ru": "neutral"},
        {"ge": {"alliance": 1}, "au": {"alliance": 1}, "ot": {"alliance": 1}, "ru": {"alliance": 5},
         "uk": {"neutral": 1}, "fr": {"neutral": 1}},
    )  # fmt: skip
    proc(s, "alliance-resolution")
    assert s["powers"]["ru"]["alliance"] == "neutral"
    assert s["powers"]["ge"]["alliance"] == "alliance-committed"  # within its alliance: allowed
    assert s["powers"]["ru"]["mpit"] == {"entente": 0, "alliance": 0, "neutral": 1}


def test_italy_resolves_rerolls_ties_and_ignores_the_maximum():
    """8.6 L524: Italy rerolls a tie; 8.4 L514: Italy is not bound by the alliance maximum."""
    s = blank()
    setup(
        s,
        {"ge": "alliance-aligned", "au": "alliance-aligned", "ot": "alliance-aligned"},
        {"ge": {"alliance": 1}, "au": {"alliance": 1}, "ot": {"alliance": 1}, "uk": {"neutral": 1},
         "fr": {"neutral": 1}, "ru": {"neutral": 1}},
    )  # fmt: skip
    s["majors"]["italy"] = {"alliance": "neutral", "mpit": {"entente": 0, "alliance": 2, "neutral": 1}}
    with scripted_dice(s, 3, 4, 5, 3):  # alliance 3+2=5, neutral 4+1=5: tie, reroll: 7 vs 4
        proc(s, "alliance-resolution")
    assert s["majors"]["italy"]["alliance"] == "alliance-aligned"
    assert s["majors"]["italy"]["mpit"] == {"entente": 0, "alliance": 1, "neutral": 0}


def test_order_most_influence_first_ties_by_turn_order():
    s = blank()
    setup(s, {}, {"ge": {"neutral": 1}, "uk": {"neutral": 2}, "fr": {"neutral": 2}, "au": {"neutral": 5},
                  "ru": {"neutral": 1}, "ot": {"neutral": 1}})  # fmt: skip
    f = {}
    end.AllianceResolution().order(s, f)
    assert f["order"] == ["au", "uk", "fr", "ge", "ru", "ot"]


def test_third_republic_free_mpit():
    """33.3 L1551: once per turn, at the start of the step, FR spends 2 free CP on the MPIT."""
    s = blank()
    s["flags"]["fr_government"] = "third-republic"
    setup(s, {}, {q: {"neutral": 1} for q in s["powers"]})
    proc(s, "alliance-resolution")
    assert asking(s) == "third-republic-mpit"
    answer(s, "fr", {"mpit": "fr", "track": "entente"})
    # FR now has neutral 1 and entente 2: it rolls (entente 4 + 2 = 6, neutral 2 + 1 = 3); the others
    # have one marker each and stay neutral without a die
    with scripted_dice(s, 4, 2):
        answer(s, "fr", {"mpit": "fr", "track": "entente"})
    assert not s["stack"]
    assert s["powers"]["fr"]["alliance"] == "entente-aligned"
    assert all(s["powers"][q]["alliance"] == "neutral" for q in ("ge", "uk", "au", "ru", "ot"))
    assert s["flags"]["third_republic_mpit"] == s["turn"]
    # a second resolution in the same turn: no free CP
    proc(s, "alliance-resolution")
    assert asking(s) != "third-republic-mpit"


@pytest.mark.parametrize(
    ("box", "direction", "expected"),
    [
        ("entente-committed", "entente", None),
        ("entente-committed", "neutral", "entente-aligned"),
        ("entente-committed", "alliance", "entente-aligned"),
        ("neutral", "neutral", None),
        ("neutral", "alliance", "alliance-aligned"),
        ("alliance-aligned", "entente", "neutral"),
    ],
)
def test_step_box(box, direction, expected):
    s = blank()
    assert end.step_box(s, "ge", box, direction) == expected
