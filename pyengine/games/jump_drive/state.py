"""The Jump Drive state behind the common State API: caching legal actions and wiring the rules modules."""

from __future__ import annotations

from ...core.api import JSON, Action, Game, Message, Outcome, State
from ...core.text import Text, english
from .data import JDData, copy_data, data_to_json
from .describe import describe_text, prompt_text
from .messages import log_message
from .rules import Plan, apply_action, legal_actions, plan_options, seats_to_move
from .sampling import resample
from .scoring import outcome as scoring_outcome
from .view import build_view


class JDState(State):
    """A Jump Drive position behind the common State API."""

    def __init__(self, game: Game, data: JDData) -> None:
        self.game = game
        self.d = data
        self._legal: dict[int, list[Action]] = {}
        self._options: dict[int, list[tuple[Action, Plan]]] = {}  # planning: the plans, in legal-action order
        self._plans: dict[int, dict[Action, Plan]] = {}  # the same by action, made when first asked for
        self._movers: frozenset[int] | None = None

    def forget_cache(self) -> None:
        """Forget what was worked out about the position (after it was edited in place, as tests do)."""
        self._legal, self._options, self._plans, self._movers = {}, {}, {}, None

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
                self._options[seat] = opts
                cached = [a for a, _ in opts]
            else:
                cached = legal_actions(self.d, seat)
            self._legal[seat] = cached
        return list(cached)

    def plans(self, seat: int) -> dict[Action, Plan]:
        """Return the seat's legal placement plans by action (planning phase; cached with the legal actions)."""
        plans = self._plans.get(seat)
        if plans is None:
            if seat not in self._legal:
                self.legal_actions(seat)
            plans = self._plans[seat] = dict(self._options.get(seat, ()))
        return plans

    def is_legal(self, seat: int, action: Action) -> bool:
        """Return True if the action is one of the seat's legal actions."""
        if seat not in self._legal:
            self.legal_actions(seat)
        return action in self._legal[seat]

    def _plan_of(self, seat: int, action: Action) -> Plan | None:
        """Return the placement plan of a legal planning action from the cache (None if none is cached)."""
        plans = self._plans.get(seat)
        if plans is not None:
            return plans.get(action)
        opts = self._options.get(seat)
        if opts is None:
            return None
        for a, plan in opts:  # an action from legal_actions() is the very object here: found by identity
            if a is action or a == action:
                return plan
        return None

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a validated action (the placement record comes from the legal-actions cache)."""
        d = self.d
        phase, epoch = d.phase, d.epoch
        plan = self._plan_of(seat, action) if phase == "plan" else None
        kept = self._legal if phase in ("pay", "hand_limit") else None
        movers = self._movers
        self.forget_cache()
        apply_action(d, seat, action, plan)
        if kept is not None and d.phase == phase and d.epoch == epoch:
            # one more card paid and nothing else changed: the others' lists stand, and this seat's loses the card
            mine = kept.get(seat)
            if d.owes[seat] > 0:
                if mine is not None:
                    mine = list(mine)
                    del mine[mine.index(action)]  # the legal actions are distinct: exactly one is the card paid
                    kept[seat] = mine
                self._movers = movers  # the seat still owes cards: the seats to move stand
            else:
                kept.pop(seat, None)
            self._legal = kept

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

    def player_count(self) -> int:
        """Return the number of seats."""
        return self.d.players

    def drop_history(self) -> None:
        """Forget the log in place (a search copy never reads it)."""
        self.d.msgs = []

    def epoch(self) -> int:
        """Return the counter of reveals (undo barriers)."""
        return self.d.epoch

    def messages(self) -> list[Message]:
        """Return the log as typed messages with catalog ids (the stored log itself is left as it is)."""
        return [log_message(t, args, vis) for t, args, vis in self.d.msgs]

    def describe_text(self, seat: int, action: Action) -> Text | None:
        """Return the label of one of this seat's actions as a catalog Text."""
        return describe_text(self.d, seat, action, self.plans(seat) if self.d.phase == "plan" else None)

    def describe(self, seat: int, action: Action) -> str:
        """Return a readable label for one of this seat's actions (the English of ``describe_text``)."""
        t = self.describe_text(seat, action)
        return english(t) if t is not None else str(action)

    def prompt_text(self, seat: int) -> Text | None:
        """Return the prompt of this seat's pending decision as a catalog Text (None: nothing to decide)."""
        return prompt_text(self.d, seat)[1]

    def decision_prompt(self, seat: int) -> tuple[str, str]:
        """Return the kind and prompt of this seat's pending decision (the English of ``prompt_text``)."""
        kind, t = prompt_text(self.d, seat)
        return (kind, english(t) if t is not None else "")

    def locator(self) -> str:
        """Return where the game is, for error messages."""
        return f"round {self.d.round}, phase {self.d.phase}"
