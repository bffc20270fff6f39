"""The Great War fuzzed (src/kriegsspiel/lab/fuzz.py): random legal play from the outbreak to the
end, with every check of the fuzzer (crashes, dead ends, illegal actions accepted, replay drift,
copies, leaks at simultaneous steps: the alliances' secret turn orders, 25.7; views that change
when what a role may not know is scrambled: the GW deck and the other powers' GW cards, 26.0).

A random game reaches the Great War only after 600-1000 decisions, so the game fuzzed here is
the real game under another id whose ``new`` breaks the Great War out at once: the 1850 set-up,
the WTT raised to 5 and the crisis rolled (23.0) with ``no_great_war_turns`` off. Everything
after that is the game's own flow, and a record made of it replays with the same ``new``."""

from __future__ import annotations

from kriegsspiel import games as registry
from kriegsspiel.engine import call
from kriegsspiel.engine.flow import run
from kriegsspiel.games import load
from kriegsspiel.lab import fuzz as fuzzer


def install_great_war(monkeypatch) -> str:
    base = type(load("imperial-elegy"))

    def new(self, **setup):
        setup["options"] = {**(setup.get("options") or {}), "no_great_war_turns": False}
        s = base.new(self, **setup)
        s["stack"].clear()
        s["wtt"] = 4
        call(s, "wtt", amount=1, power="ge")  # the crisis roll (23.1); a conference leaves the game as it was
        run(self.procedures, s)
        return s if s["stack"] else base.new(self, **setup)

    cls = type("ImperialElegyGreatWar", (base,), {"id": "imperial-elegy~gw", "__module__": base.__module__})
    cls.new = new
    for state in cls.states.values():  # Rules() rebinds each state's label: put it back afterwards
        monkeypatch.setattr(state, "label", state.label)
    rules = cls()
    monkeypatch.setitem(registry._loaded, rules.id, rules)
    return rules.id


def test_the_great_war_fuzzed_from_its_outbreak(monkeypatch):
    game_id = install_great_war(monkeypatch)
    report = fuzzer.fuzz(game_id, 20, seed=0)
    found = "\n".join(f"seed {e['seed']}, step {e['step']}: {e['message']}" for e in report["errors"])
    assert report["errors"] == [], f"the fuzz of the Great War found:\n{found}"
    # the games fuzzed were Great Wars: most crisis rolls break the war out
    game = load(game_id)
    wars = sum(1 for seed in range(20) if "gw" in game.new(seed=seed, **fuzzer.setup_for(game, seed)))
    assert wars >= 12
