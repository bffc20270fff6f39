"""Imperial Borders, Phase 6 - On Parade (rulebook L802-853): Medal Points,
Prestige, Medals, the Congress of Vienna; and Final Scoring (L857-865), with
the Balance of Power optional rule's leader (L1018-1020) worked out here."""

from __future__ import annotations

from ...engine import Procedure, State, ask, ask_all, game_over, log
from ...engine.words import series
from .board import MEDAL_NAMES, MEDALS, holds_capital, in_play, name, same_team
from .data import pack

PEACE_BONUS = {6: 1, 7: 2}  # L849-851 extra votes for Peace


def medal_points(s: dict, nation: str) -> list[int]:
    """L808-818 The five columns and their total; no column below 0."""
    p = pack()
    units = p.units
    morale = max(0, s["casualties"][nation] // 10)  # 1. casualties / 10, rounded down
    annexed = homeland = 0
    for t, owner in s["control"].items():
        info = p.territories.get(t)
        if owner != nation or info is None:
            continue
        if info.tier == "minor":
            annexed += 1  # 2. annexed territories, 1 each
        else:
            homeland += info.value  # 3. homelands held, own or captured: Major 2, Capital 4
    elite_land = elite_ships = 0
    for f in s["forces"].values():
        if f["nation"] == nation and f["elite"]:
            if units[f["type"]].kind == "land":
                elite_land += 1  # 4.
            else:
                elite_ships += 1  # 5.
    cols = [morale, annexed, homeland, elite_land, elite_ships]
    return cols + [sum(cols)]


def dense_ranks(totals: dict[str, int]) -> dict[str, int]:
    """RULINGS R4: 'the 2nd highest total' is the 2nd highest value: ties share a rank
    and the next value takes the next rank."""
    values = sorted(set(totals.values()), reverse=True)
    return {n: values.index(v) + 1 for n, v in totals.items()}


def two_teams(s: dict) -> bool:
    return len({s["teams"][n] for n in in_play(s)}) == 2


class Parade(Procedure):
    """L802-853 Steps A-D."""

    def start(self, s, f):
        players = in_play(s)
        # A. Medal Points (L806-818)
        for nation in players:
            s["medal_points"][nation] = medal_points(s, nation)
            s["casualties"][nation] = 0  # L811 casualties return to Storage
        log(
            s,
            "Medal Points: "
            + "; ".join(
                f"{name(n)} {'/'.join(map(str, s['medal_points'][n][:5]))} = {s['medal_points'][n][5]}" for n in players
            )
            + ".",
            "L806",
        )
        # B. Prestige (L820-827)
        ranks = dense_ranks({n: s["medal_points"][n][5] for n in players})
        awarded = []
        for nation in players:
            points = {1: 3, 2: 2, 3: 1}.get(ranks[nation], 0)
            if points:
                s["prestige"][nation] += points
                awarded.append(f"{name(nation)} {points}")
        log(s, "Prestige Points: " + ", ".join(awarded) + ".", "L820")
        # C. Medals (L829-840)
        for column, medal in enumerate(MEDALS):
            s["medals"][medal] = self.winner(s, players, column)
            holder = s["medals"][medal]
            if holder is None:
                log(s, f"No {MEDAL_NAMES[medal]}: the top is tied.", "L831")
                continue
            log(s, f"{name(holder)} receives the {MEDAL_NAMES[medal]}.", "L833")
            if column < 3 and holds_capital(s, holder):
                s["gold"][holder] += 5  # L835-837
                log(s, f"{name(holder)} places 5 Gold in its Treasury.", "L835")
        holder = s["medals"]["ad-victoriam-imperialis"]
        if holder is not None and not two_teams(s) and gift_recipients(s, holder):
            ask(s, "prestige_gift", holder)  # L840 the Diplomatic Bonus
        return "congress"

    def winner(self, s, players, column):
        """L831 No Medal on a tie at the top, unless all tied nations are one team:
        then Turn Order Rank decides."""
        best = max(s["medal_points"][n][column] for n in players)
        tied = [n for n in players if s["medal_points"][n][column] == best]
        if len(tied) == 1:
            return tied[0]
        if all(same_team(s, tied[0], n) for n in tied):
            return min(tied, key=s["turn_order"].index)
        return None

    def congress(self, s, f):
        """L842-853 The Congress of Vienna from the 5th Game Round; no vote in the 8th."""
        if 5 <= s["round"] <= 7 and s["last_round"] is None:
            ask_all(s, "congress_vote", in_play(s))  # RULINGS R5: Neutrals do not vote
        return None


def gift_recipients(s: dict, holder: str) -> list[str]:
    return [n for n in in_play(s) if not same_team(s, n, holder)]


class PrestigeGift(State):
    """L840 The Ad Victoriam Imperialis recipient must give 1 Prestige Point to another nation."""

    def prompt(self, s, f, role):
        return "Ad Victoriam Imperialis: choose the nation that receives 1 Prestige Point from your magnanimity."

    def actions(self, s, f, role):
        return [{"give": n} for n in gift_recipients(s, role)]

    def act(self, s, f, role, action):
        s["prestige"][action["give"]] += 1
        log(s, f"{name(role)} awards 1 Prestige Point to {name(action['give'])}.", "L840")


class CongressVote(State):
    """L844-848 Each nation votes Peace or War in secret; revealed together."""

    simultaneous = True

    def prompt(self, s, f, role):
        return "The Congress of Vienna: vote Peace (the game ends after next round) or War."

    def actions(self, s, f, role):
        return ["peace", "war"]

    def reveal(self, s, f, votes):
        peace = sum(1 for v in votes.values() if v == "peace") + PEACE_BONUS.get(s["round"], 0)
        war = sum(1 for v in votes.values() if v == "war")
        extra = PEACE_BONUS.get(s["round"], 0)
        log(
            s,
            "The Congress votes: "
            + ", ".join(f"{name(n)} {v}" for n, v in votes.items())
            + (f", and {extra} extra vote{'s' if extra > 1 else ''} for Peace" if extra else "")
            + f" — {peace} for Peace, {war} for War.",
            "L846",
        )
        if peace > war:
            s["last_round"] = s["round"] + 1
            log(s, f"Peace reigns: Game Round {s['last_round']} will be the last.", "L847")
        else:
            log(s, "War continues.", "L848")


# ----- Final Scoring -------------------------------------------------------------------------


class FinalScoring(Procedure):
    """L857-865 Prestige for Gold, the last Medal Points (columns 2-5) added; the
    highest-scoring nation still holding its Capital wins; teams by capitals held."""

    def start(self, s, f):
        s["phase"] = "end"
        players = in_play(s)
        scores = {}
        for nation in players:
            s["prestige"][nation] += s["gold"][nation] // 10  # L859
            scores[nation] = s["prestige"][nation] + sum(s["medal_points"][nation][1:5])  # L860
        log(s, "Final scores: " + ", ".join(f"{name(n)} {scores[n]}" for n in players) + ".", "L860")
        teams: dict[int, list[str]] = {}
        for nation in players:
            teams.setdefault(s["teams"][nation], []).append(nation)
        if len(teams) == len(players):
            winners = self.best(s, [[n] for n in players if holds_capital(s, n)], scores)
        else:
            winners = self.best_team(s, list(teams.values()), scores)
        if winners:
            reason = f"{series(map(name, winners))} win{'s' if len(winners) == 1 else ''}"
        else:
            reason = "nobody wins: no nation holds its own Capital"  # RULINGS R10
        log(s, reason[0].upper() + reason[1:] + ".", "L862")
        game_over(s, winners, scores, reason)
        return None

    def best(self, s, groups, scores):
        """L862-865 The highest score; ties broken by Gold; still tied, shared."""
        if not groups:
            return []
        key = {i: (sum(scores[n] for n in g), sum(s["gold"][n] for n in g)) for i, g in enumerate(groups)}
        top = max(key.values())
        return [n for i, g in enumerate(groups) if key[i] == top for n in g]

    def best_team(self, s, teams, scores):
        """L863 Teams: most nations still holding their own Capital, then the summed score."""
        held = {i: sum(1 for n in t if holds_capital(s, n)) for i, t in enumerate(teams)}
        most = max(held.values())
        if most == 0:
            return []
        return self.best(s, [t for i, t in enumerate(teams) if held[i] == most], scores)


PROCEDURES = {"parade": Parade(), "final_scoring": FinalScoring()}
STATES = {"prestige_gift": PrestigeGift(), "congress_vote": CongressVote()}
