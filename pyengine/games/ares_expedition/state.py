"""The Ares Expedition state behind the common State API."""

from __future__ import annotations

from ...core.api import JSON, Action, Message, Outcome
from ...core.dictstate import TextLogDictState
from ...core.text import Text, english
from .cards import card
from .cardtext import card_face
from .describe import describe_text as describe_action_text
from .describe import prompt_text as decision_prompt_text
from .messages import log_message
from .model import STATE_FORMAT, STATE_KEYS
from .rules import apply_action, legal_actions, to_move
from .sampling import resample_data
from .scoring import outcome as scoring_outcome
from .text import entries
from .view import build_view


class AresState(TextLogDictState):
    """An Ares Expedition position: one JSON dict, with the legal actions cached until the next change."""

    FORMAT = STATE_FORMAT
    KEYS = STATE_KEYS
    TITLE = "Ares Expedition"

    rules_to_move = staticmethod(to_move)
    rules_legal = staticmethod(legal_actions)
    rules_apply = staticmethod(apply_action)

    def is_terminal(self) -> bool:
        """Return True once the game is over."""
        return self.d["over"] is not None

    def outcome(self) -> Outcome | None:
        """Return scores, winners and the deciding tie-break once the game is over."""
        return scoring_outcome(self.d) if self.d["over"] is not None else None

    def view(self, seat: int | None) -> JSON:
        """Return what this seat (or a spectator) may see."""
        return build_view(self.d, seat)

    def resample(self, seat: int, seed: int) -> AresState:
        """Return a copy with everything this seat cannot see dealt again from ``seed`` (sampling.py): the deck, the
        discard pile, other hands and looked-at cards, unrevealed picks and corporations, oceans, the virtual
        player's deck and the generator."""
        return type(self)(self.game, resample_data(self.d, seat, seed))

    def messages(self) -> list[Message]:
        """Return the log as typed messages, each with its catalog id (the stored lines stay as they are)."""
        return [log_message(t, args) for t, args in entries(self.d)]

    def describe_text(self, seat: int, action: Action) -> Text:
        """Return the label of one of this seat's actions as a catalog text."""
        return describe_action_text(self.d, seat, action)

    def describe(self, seat: int, action: Action) -> str:
        """Return a readable label for one of this seat's actions (the English of ``describe_text``)."""
        return english(self.describe_text(seat, action))

    def hint(self, seat: int, action: Action) -> str:
        """Return the full text of the card an action names (its tooltip), or ""."""
        cid = action.get("card") or (action.get("pick") if action.kind == "corp" else None) or action.get("give")
        if not cid:
            return ""
        try:
            return f"{card(cid)['name']}: {card_face(cid)}"
        except KeyError:
            return ""

    def prompt_text(self, seat: int) -> Text:
        """Return this seat's decision prompt as a catalog text."""
        return decision_prompt_text(self.d, seat)[1]

    def decision_prompt(self, seat: int) -> tuple[str, str]:
        """Return the kind and prompt of this seat's pending decision (the prompt is the English of ``prompt_text``)."""
        kind, t = decision_prompt_text(self.d, seat)
        return (kind, english(t))

    def locator(self) -> str:
        """Return where the game is, for error messages."""
        return f"round {self.d['round']}, stage {self.d['stage']}, phase {self.d['phase']}"
