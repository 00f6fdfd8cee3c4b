"""The Ares Expedition state behind the common State API: the game's functions on core's ``RulesDictState``."""

from __future__ import annotations

from ...core.api import Action
from ...core.dictstate import RulesDictState
from .cards import card
from .cardtext import card_face
from .describe import describe_text, prompt_text
from .messages import log_message
from .model import STATE_FORMAT, STATE_KEYS
from .rules import apply_action, legal_actions, to_move
from .sampling import resample_data
from .scoring import outcome
from .text import WRITER
from .view import build_view


class AresState(RulesDictState):
    """An Ares Expedition position: one JSON dict, with the legal actions cached until the next change.

    Its resample deals again the deck, the discard pile, other hands and looked-at cards, unrevealed picks and
    corporations, oceans, the virtual player's deck and the generator (``sampling.py``).
    """

    FORMAT = STATE_FORMAT
    KEYS = STATE_KEYS
    TITLE = "Ares Expedition"
    LOG = WRITER

    rules_to_move = staticmethod(to_move)
    rules_legal = staticmethod(legal_actions)
    rules_apply = staticmethod(apply_action)
    rules_outcome = staticmethod(outcome)
    rules_view = staticmethod(build_view)
    rules_resample = staticmethod(resample_data)
    rules_describe = staticmethod(describe_text)
    rules_prompt = staticmethod(prompt_text)
    log_message = staticmethod(log_message)

    def hint(self, seat: int, action: Action) -> str:
        """Return the full text of the card an action names (its tooltip), or ""."""
        cid = action.get("card") or (action.get("pick") if action.kind == "corp" else None) or action.get("give")
        if not cid:
            return ""
        try:
            return f"{card(cid)['name']}: {card_face(cid)}"
        except KeyError:
            return ""

    def locator(self) -> str:
        """Return where the game is, for error messages."""
        return f"round {self.d['round']}, stage {self.d['stage']}, phase {self.d['phase']}"
