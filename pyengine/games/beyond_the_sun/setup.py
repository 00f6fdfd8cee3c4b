"""Beyond the Sun's position setup (``core/setup.py``): whose turn it is, the round, and each faction's ore and
population.

The position made is the start of that player's turn, before they move their pawn: the factions seated before
them have played this round. Population comes from the faction's supply columns and goes back to them as the rules
move cubes (growth takes from the leftmost column, a loss returns to the rightmost one with room), so it ranges from
what the free slots can take back to what the supply holds. Everything else (ships, techs, colonies, discs,
achievements, the pawns) stays as in the base: researching a tech places cubes, flips an event and reveals cards, so
it is done in play, not here. The VP history keeps the base's rounds before this one and records the VP now for any
round it lacks. An end the achievements triggered allows only its last round or the one before it; an end set by the
``round_limit`` option follows the round chosen (the limit's round is the last, as the rules set it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import JSON, Game, State
from ...core.setup import MAX_FORM_COUNT, Choice, Field, PositionSetup, Problem, play_first_moves
from .abilities import stealth_colonizer
from .messages import NS
from .model import gain_population, return_supply
from .rules import END_TRIGGER
from .scoring import total


def _triggered_end(d: dict[str, Any]) -> int | None:
    """Return the last round that the achievements have set (enough real discs on them), or None: an end set only by
    the round limit follows the round chosen instead."""
    discs = sum(1 for a in d["achievements"] for x in a["discs"] if not x["star"])
    return d["end_round"] if d["end_round"] is not None and discs >= END_TRIGGER[d["players"]] else None


def _pop_range(f: dict[str, Any]) -> tuple[int, int]:
    """Return the population a faction may have: down to what its free supply slots take back, up to all its
    supply."""
    supply, free = sum(f["supply"]), sum(f["cap"]) - sum(f["supply"])
    return max(0, int(f["pop"]) - free), int(f["pop"]) + supply


class BeyondTheSunSetup(PositionSetup):
    """Beyond the Sun's setup form: whose turn, the round, and each faction's ore and population."""

    namespace = NS

    def base(self, game: Game, seed: int, players: int, options: Mapping[str, Any] | None) -> State:
        """Return a new game: the first player's first turn, each faction's setup done."""
        start = game.new_initial_state(seed, players, options)
        return play_first_moves(start, lambda s: not s.to_json()["frames"])

    def fields(self, state: State) -> list[Field]:
        """Return whose turn and the round, then each faction's ore and population."""
        d = state.to_json()
        seats = tuple(Choice(s, self.text("seat", player=("player", s))) for s in range(d["players"]))
        out = [Field("turn", "choice", self.text("turn"), "board", int(d["turn"]), choices=seats,
                     help=self.text("turn_help")),
               Field("round", "int", self.text("round"), "board", int(d["round"]), 1,
                     int(d["options"]["round_limit"]), 1, help=self.text("round_help"))]
        for s, f in enumerate(d["factions"]):
            lo, hi = _pop_range(f)
            out.append(Field(f"ore.{s}", "int", self.text("ore"), f"seat.{s}", int(f["ore"]), 0, MAX_FORM_COUNT, 1))
            out.append(Field(f"pop.{s}", "int", self.text("pop"), f"seat.{s}", int(f["pop"]), lo, hi, 1,
                             help=self.text("pop_help")))
        return out

    def copies(self, state: State) -> Mapping[str, int]:
        """Return no card: this form places none."""
        return {}

    def check(self, state: State, values: Mapping[str, Any]) -> list[Problem]:
        """Return Beyond the Sun's own problem: once the achievements triggered the end, only its last round or the
        one before it."""
        end = _triggered_end(state.to_json())
        if end is not None and not end - 1 <= values["round"] <= end:
            return [Problem("round", self.text("end_round", m=end - 1, n=end))]
        return []

    def write(self, state: State, values: Mapping[str, Any]) -> JSON:
        """Return the state JSON of the start of the chosen player's turn with the values' ore and population."""
        d: dict[str, Any] = state.to_json()
        rnd, turn = int(values["round"]), int(values["turn"])
        for s, f in enumerate(d["factions"]):
            f["ore"] = int(values[f"ore.{s}"])
            want = int(values[f"pop.{s}"])
            if want > f["pop"]:
                gain_population(f, want - f["pop"])
            while want < f["pop"] and return_supply(f):
                f["pop"] -= 1
        end = _triggered_end(d)
        if end is None and rnd >= int(d["options"]["round_limit"]):
            end = rnd
        d.update(turn=turn, round=rnd, phase="action", frames=[], end_round=end, over=False, msgs=[],
                 turn_flags={"all_three": False, "produced": [], "used": {}}, epoch=int(d["epoch"]) + 1)
        if stealth_colonizer(d, turn):
            d["turn_flags"]["held"] = sorted(d["locs"][loc] for loc in d["control"] if d["locs"].get(loc))
        now = [total(d, s) for s in range(d["players"])]
        d["hist"] = [list(h) for h in d["hist"][:rnd - 1]] + [[r, list(now)] for r in range(len(d["hist"]) + 1, rnd)]
        return d

    def paths(self, players: int) -> list[tuple[str, str]]:
        """Return where the rules' problems go: the turn, the round (and the end and the history), each faction's
        ore, and its population (and supply)."""
        out = [("turn", "turn"), ("round", "round"), ("end_round", "round"), ("hist", "round")]
        for s in range(players):
            f = f"factions[{s}]"
            out += [(f"{f}.ore", f"ore.{s}"), (f"{f}.pop", f"pop.{s}"), (f"{f}.supply", f"pop.{s}")]
        return out
