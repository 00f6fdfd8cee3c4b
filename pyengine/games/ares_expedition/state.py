"""The Ares Expedition state behind the common State API: the game's functions on core's ``RulesDictState``."""

from __future__ import annotations

from ...core.api import Action
from ...core.dictstate import GameRules, RulesDictState
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


class AresState(RulesDictState, data_format=STATE_FORMAT, keys=STATE_KEYS, title="Ares Expedition"):
    """An Ares Expedition position: one JSON dict, with the legal actions cached until the next change.

    Its resample deals again the deck, the discard pile, other hands and looked-at cards, unrevealed picks and
    corporations, oceans, the virtual player's deck and the generator (``sampling.py``).
    """

    RULES = GameRules(to_move=to_move, legal=legal_actions, apply=apply_action, outcome=outcome, view=build_view,
                      resample=resample_data, describe=describe_text, prompt=prompt_text, log_message=log_message,
                      log=WRITER)

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
