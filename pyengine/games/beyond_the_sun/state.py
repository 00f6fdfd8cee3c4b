"""The Beyond the Sun state behind the common State API: the game's functions on core's ``RulesDictState``."""

from __future__ import annotations

from ...core.dictstate import GameRules, RulesDictState
from .describe import describe_text, prompt_text
from .messages import log_message
from .model import STATE_FORMAT, STATE_KEYS
from .rules import apply_action, legal_actions, to_move
from .sampling import resample
from .scoring import outcome
from .text import WRITER
from .view import build_view


class BTSState(RulesDictState, data_format=STATE_FORMAT, keys=STATE_KEYS, title="Beyond the Sun"):
    """A Beyond the Sun position: one JSON dict, with the legal actions cached until the next change.

    Its resample deals every secret again from the seed alone (``sampling.py``): the PRNG, the deck orders and the
    face-down events; no secret is a seat's own, so the seat does not change the result.
    """

    RULES = GameRules(to_move=to_move, legal=legal_actions, apply=apply_action, outcome=outcome, view=build_view,
                      resample=resample, describe=describe_text, prompt=prompt_text, log_message=log_message,
                      log=WRITER)

    def locator(self) -> str:
        """Return where the game is, for error messages."""
        return f"round {self.d['round']}, seat {self.d['turn']}, phase {self.d['phase']}"
