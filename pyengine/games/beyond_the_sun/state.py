"""The Beyond the Sun state behind the common State API: the game's functions on core's ``RulesDictState``."""

from __future__ import annotations

from ...core.dictstate import RulesDictState
from .describe import describe_text, prompt_text
from .messages import log_message
from .model import STATE_FORMAT, STATE_KEYS
from .rules import apply_action, legal_actions, to_move
from .sampling import resample
from .scoring import outcome
from .text import WRITER
from .view import build_view


class BTSState(RulesDictState):
    """A Beyond the Sun position: one JSON dict, with the legal actions cached until the next change.

    Its resample deals every secret again from the seed alone (``sampling.py``): the PRNG, the deck orders and the
    face-down events; no secret is a seat's own, so the seat does not change the result.
    """

    FORMAT = STATE_FORMAT
    KEYS = STATE_KEYS
    TITLE = "Beyond the Sun"
    LOG = WRITER

    rules_to_move = staticmethod(to_move)
    rules_legal = staticmethod(legal_actions)
    rules_apply = staticmethod(apply_action)
    rules_outcome = staticmethod(outcome)
    rules_view = staticmethod(build_view)
    rules_resample = staticmethod(resample)
    rules_describe = staticmethod(describe_text)
    rules_prompt = staticmethod(prompt_text)
    log_message = staticmethod(log_message)

    def locator(self) -> str:
        """Return where the game is, for error messages."""
        return f"round {self.d['round']}, seat {self.d['turn']}, phase {self.d['phase']}"
