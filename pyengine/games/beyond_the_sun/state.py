"""The Beyond the Sun state behind the common State API."""

from __future__ import annotations

from ...core.api import JSON, Action, Message, Outcome
from ...core.dictstate import TextLogDictState
from ...core.text import Text, english
from .describe import describe_text as describe_action_text
from .describe import prompt_text as decision_prompt_text
from .messages import log_message
from .model import STATE_FORMAT, STATE_KEYS
from .rules import apply_action, legal_actions, to_move
from .sampling import resample as resample_data
from .scoring import outcome as scoring_outcome
from .text import entries
from .view import build_view


class BTSState(TextLogDictState):
    """A Beyond the Sun position: one JSON dict, with the legal actions cached until the next change."""

    FORMAT = STATE_FORMAT
    KEYS = STATE_KEYS
    TITLE = "Beyond the Sun"

    rules_to_move = staticmethod(to_move)
    rules_legal = staticmethod(legal_actions)
    rules_apply = staticmethod(apply_action)

    def is_terminal(self) -> bool:
        """Return True once the game is over."""
        return bool(self.d["over"])

    def outcome(self) -> Outcome | None:
        """Return scores, winners and the deciding tie-break once the game is over."""
        return scoring_outcome(self.d) if self.d["over"] else None

    def view(self, seat: int | None) -> JSON:
        """Return what this seat (or a spectator) may see."""
        return build_view(self.d, seat)

    def resample(self, seat: int, seed: int) -> BTSState:
        """Return a copy with every secret redealt from the seed alone (see sampling.py).

        The PRNG, the deck orders and the face-down events are redealt; no secret is this seat's own, so the seat
        does not change the result.
        """
        return BTSState(self.game, resample_data(self.d, seed))

    def messages(self) -> list[Message]:
        """Return the log as typed messages, each with its catalog id (the stored log itself is left as it is)."""
        return [log_message(t, args) for t, args in entries(self.d)]

    def describe_text(self, seat: int, action: Action) -> Text | None:
        """Return the label of one of this seat's actions as a catalog text."""
        return describe_action_text(self.d, seat, action)

    def describe(self, seat: int, action: Action) -> str:
        """Return a readable label for one of this seat's actions (the English of ``describe_text``)."""
        t = describe_action_text(self.d, seat, action)
        return english(t) if t is not None else str(action)

    def prompt_text(self, seat: int) -> Text | None:
        """Return this seat's decision prompt as a catalog text."""
        return decision_prompt_text(self.d, seat)[1]

    def decision_prompt(self, seat: int) -> tuple[str, str]:
        """Return the kind and prompt of this seat's pending decision (the prompt is the English of ``prompt_text``)."""
        kind, t = decision_prompt_text(self.d, seat)
        return (kind, english(t))

    def locator(self) -> str:
        """Return where the game is, for error messages."""
        return f"round {self.d['round']}, seat {self.d['turn']}, phase {self.d['phase']}"

