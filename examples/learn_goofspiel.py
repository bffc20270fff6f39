"""Learn Goofspiel against the random bot with OpenSpiel's tabular Q-learner.

A short run on a laptop's CPU: the learner plays the first seat of the quick game (ace to
seven) against a bidder who bids at random, through the game's OpenSpiel registration
(``kriegsspiel.rl.openspiel``). Every ``--every`` games it is measured over ``--eval``
games with exploration off, and the learning curve is plotted.

    python examples/learn_goofspiel.py                       # two or three minutes
    python examples/learn_goofspiel.py --games 3000 --every 500 --eval 200 --plot curve.png

Needs ``pip install 'kriegsspiel[rl,study]'`` (OpenSpiel, and matplotlib for the plot).
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import pyspiel
from open_spiel.python import rl_environment, rl_tools
from open_spiel.python.algorithms import random_agent, tabular_qlearner

from kriegsspiel.rl import openspiel


class Learner:
    """OpenSpiel's tabular Q-learner in the first seat, given a compact key and a
    shaped reward, both read from the observation's documented blocks (docs/RL.md):

    - the key is the prizes on the table and the cards in its hand: the whole observation
      (every prize won so far, the scores, the other hand too) would give the table far
      more rows than a short run can fill;
    - the reward is the game's (+1 a win, -1 a loss, at the end) plus, at every bid, the
      change in its lead on points since its last bid (``shaping`` times it, the lead
      as a share of all the prizes): a signal each round rather than once a game.
    """

    def __init__(self, game, agent, shaping: float):
        self.agent = agent
        self.shaping = shaping
        self.blocks = {b["name"]: b for b in game.encoding.describe()}
        self.lead = 0.0

    def part(self, x, name):
        b = self.blocks[name]
        return x[b["start"] : b["start"] + b["length"]]

    def step(self, time_step, is_evaluation=False):
        x = time_step.observations["info_state"][0]
        score = self.part(x, "score")
        lead = score[0] - max(score[1:])
        info = list(time_step.observations["info_state"])
        info[0] = [*self.part(x, "pot"), *self.part(x, "hand")]
        rewards = list(time_step.rewards or [0.0, 0.0])
        rewards[0] += self.shaping * (lead - self.lead)
        self.lead = 0.0 if time_step.last() else lead
        shaped = time_step._replace(observations={**time_step.observations, "info_state": info}, rewards=rewards)
        return self.agent.step(shaped, is_evaluation=is_evaluation)


def score(time_step, seat: int) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss."""
    return (time_step.rewards[seat] + 1.0) / 2.0


def evaluate(env, learner, rival, games: int) -> float:
    total = 0.0
    for _ in range(games):
        t = env.reset()
        while not t.last():
            if t.observations["current_player"] == 0:
                action = learner.step(t, is_evaluation=True).action
            else:
                action = rival.step(t, is_evaluation=True).action
            t = env.step([action])
        learner.lead = 0.0
        total += score(t, 0)
    return total / games


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40_000, help="training games")
    ap.add_argument("--every", type=int, default=4_000, help="measure after this many training games")
    ap.add_argument("--eval", type=int, default=1_000, help="games per measurement")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--step", type=float, default=0.1, help="the Q-learner's step size")
    ap.add_argument("--shaping", type=float, default=3.0, help="weight of the points won each round in the reward")
    ap.add_argument("--plot", default="goofspiel-learning.png", help="where to draw the curve ('' for none)")
    args = ap.parse_args(argv)

    np.random.seed(args.seed)  # the learner's and the random bidder's choices
    openspiel.register()
    game = pyspiel.load_game("kriegsspiel_goofspiel", {"scenario": "quick", "seed": args.seed})
    env = rl_environment.Environment(game, observation_type=rl_environment.ObservationType.OBSERVATION)
    actions = env.action_spec()["num_actions"]
    q = tabular_qlearner.QLearner(
        player_id=0, num_actions=actions, step_size=args.step, epsilon_schedule=rl_tools.ConstantSchedule(0.2)
    )
    learner = Learner(game, q, args.shaping)
    rival = random_agent.RandomAgent(player_id=1, num_actions=actions)

    start = time.perf_counter()
    curve = [(0, evaluate(env, learner, rival, args.eval))]
    steps = 0
    for n in range(1, args.games + 1):
        t = env.reset()
        while not t.last():
            if t.observations["current_player"] == 0:
                action = learner.step(t).action
            else:
                action = rival.step(t).action
            t = env.step([action])
            steps += 1
        learner.step(t)  # the last step: the learner sees the result and learns from it
        if n % args.every == 0:
            curve.append((n, evaluate(env, learner, rival, args.eval)))
            print(f"{n:>7} games: {curve[-1][1]:.1%} against the random bidder", flush=True)
    seconds = time.perf_counter() - start
    out = {"curve": curve, "seconds": round(seconds, 1), "training_steps": steps}
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.plot([g for g, _ in curve], [100 * s for _, s in curve], marker="o")
        ax.axhline(50, color="grey", linestyle="--", linewidth=1)
        ax.set_xlabel("training games")
        ax.set_ylabel("score against random (%)")
        ax.set_title("Tabular Q-learning, Goofspiel (ace to seven)")
        ax.set_ylim(0, 100)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)
        out["plot"] = args.plot
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
