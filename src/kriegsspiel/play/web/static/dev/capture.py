"""Capture sample SHAPEs (as GET /api/games/{id} returns them) for the dev mock pages.

Usage: python capture.py OUT_DIR
"""

import json
import random
import sys

import kriegsspiel


def shape(game, state, role, roles, seats, chat=()):
    legal = game.actions(state, role) if role else []
    return {
        "id": "dev0001",
        "game": state.get("game", game.id) if isinstance(state, dict) else game.id,
        "role": role,
        "roles": roles,
        "view": game.view(state, role),
        "actions": legal,
        "labels": [game.label(a) for a in legal],
        "active": game.active(state),
        "over": game.is_over(state),
        "result": game.result(state),
        "step": len(state.get("actions", [])),
        "chat": list(chat),
        "seats": seats,
    }


def dump(obj, path):
    with open(path, "w") as f:
        json.dump(obj, f, separators=(",", ":"), ensure_ascii=False)


def main(out):
    chat = [
        {
            "from": "western-allies",
            "to": None,
            "text": "Ils ne passeront pas! <script>alert(1)</script>",
            "at": 1764460000,
        },
        {"from": "germany", "to": "austria-hungary", "text": "Hold the Isonzo.", "at": 1764460100},
    ]
    g = kriegsspiel.load("first-world-war")
    central = ["germany", "austria-hungary"]
    seats = {
        "germany": "human",
        "austria-hungary": "human",
        "western-allies": "bot:heuristic",
        "russia": "bot:heuristic",
    }
    s = g.new(seed=3)
    rng = random.Random(1)
    saved = set()
    n = 0
    while not g.is_over(s) and n < 3000:
        role = g.active(s)[0]
        acts = g.actions(s, role)
        board = g.view(s, role)["board"]
        if role in central:
            if n == 0 and "deploy" not in saved:
                saved.add("deploy")
                dump(shape(g, s, role, central, seats, chat), f"{out}/fww-deploy.json")
            if board["battle"] and board["battle"]["leads"] and "battle" not in saved:
                saved.add("battle")
                dump(shape(g, s, role, central, seats, chat), f"{out}/fww-battle.json")
            if n > 150 and any(isinstance(a, dict) and "offensive" in a for a in acts) and "action" not in saved:
                saved.add("action")
                dump(shape(g, s, role, central, seats, chat), f"{out}/fww-action.json")
            if any(isinstance(a, dict) and "occupy" in a for a in acts) and "occupy" not in saved:
                saved.add("occupy")
                dump(shape(g, s, role, central, seats, chat), f"{out}/fww-occupy.json")
        s = g.apply(s, role, rng.choice(acts))
        n += 1
    over_seats = {**seats, "russia": "human", "germany": "bot:heuristic"}
    dump(shape(g, s, "russia", ["russia"], over_seats), f"{out}/fww-over.json")
    dump(g.public_data(), f"{out}/data-first-world-war.json")

    gg = kriegsspiel.load("goofspiel")
    s = gg.new(seed=1, players=3)
    for r, a in (("hearts", 5), ("clubs", 7), ("spades", 2), ("hearts", 9)):
        s = gg.apply(s, r, a)
    dump(
        shape(gg, s, "clubs", ["clubs"], {"hearts": "human", "clubs": "human", "spades": "bot:match"}),
        f"{out}/goofspiel.json",
    )


if __name__ == "__main__":
    main(sys.argv[1])
