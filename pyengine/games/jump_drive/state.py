"""The Jump Drive state behind the common State API: caching legal actions and wiring the rules modules."""

from __future__ import annotations

from ...core.api import JSON, Action, Game, Message, Outcome, State
from .data import JDData, copy_data, data_to_json
from .describe import describe as describe_action
from .describe import prompt as decision_prompt
from .rules import Plan, apply_action, legal_actions, plan_options, resample, seats_to_move
from .scoring import outcome as scoring_outcome
from .view import build_view


class JDState(State):
    """A Jump Drive position behind the common State API."""

    def __init__(self, game: Game, data: JDData) -> None:
        self.game = game
        self.d = data
        self._legal: dict[int, list[Action]] = {}
        self._plans: dict[int, dict[Action, Plan]] = {}
        self._movers: frozenset[int] | None = None

    # --- the State API -------------------------------------------------------------------------------
    def to_move(self) -> frozenset[int]:
        """Return the seats that must act now."""
        if self._movers is None:
            self._movers = frozenset(seats_to_move(self.d))
        return self._movers

    def legal_actions(self, seat: int) -> list[Action]:
        """Return exactly what this seat may do now, in canonical order."""
        cached = self._legal.get(seat)
        if cached is None:
            if seat not in self.to_move():
                cached = []
            elif self.d.phase == "plan":
                opts = plan_options(self.d, seat)
                self._plans[seat] = dict(opts)
                cached = [a for a, _ in opts]
            else:
                cached = legal_actions(self.d, seat)
            self._legal[seat] = cached
        return list(cached)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Return True if the action is one of the seat's legal actions."""
        if seat not in self._legal:
            self.legal_actions(seat)
        if self.d.phase == "plan":
            return action in self._plans.get(seat, {})
        return action in self._legal[seat]

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a validated action (the placement record comes from the legal-actions cache)."""
        plan = self._plans.get(seat, {}).get(action) if self.d.phase == "plan" else None
        self._legal = {}
        self._plans = {}
        self._movers = None
        apply_action(self.d, seat, action, plan)

    def is_terminal(self) -> bool:
        """Return True once the game is over."""
        return self.d.over

    def outcome(self) -> Outcome | None:
        """Return scores, winners and the deciding tie-break, once the game is over."""
        if not self.d.over:
            return None
        return scoring_outcome(self.d)

    def view(self, seat: int | None) -> JSON:
        """Return what this seat (or a spectator) may see."""
        return build_view(self.d, seat)

    def to_json(self) -> JSON:
        """Return the full state as JSON."""
        return data_to_json(self.d)

    def clone(self) -> JDState:
        """Return an independent copy."""
        return JDState(self.game, copy_data(self.d))

    def resample(self, seat: int, seed: int) -> JDState:
        """Return a copy with everything hidden from ``seat`` redealt."""
        return JDState(self.game, resample(self.d, seat, seed))

    def epoch(self) -> int:
        """Return the counter of reveals (undo barriers)."""
        return self.d.epoch

    def messages(self) -> list[Message]:
        """Return the log as typed messages."""
        out = []
        for t, args, vis in self.d.msgs:
            out.append(Message(t, tuple((k, (next(iter(v)), next(iter(v.values())))) for k, v in args.items()),
                               None if vis is None else tuple(vis)))
        return out

    def describe(self, seat: int, action: Action) -> str:
        """Return a readable label for one of this seat's actions."""
        return describe_action(self.d, seat, action)

    def decision_prompt(self, seat: int) -> tuple[str, str]:
        """Return the kind and prompt of this seat's pending decision."""
        return decision_prompt(self.d, seat)

    def locator(self) -> str:
        """Return where the game is, for error messages."""
        return f"round {self.d.round}, phase {self.d.phase}"
