"""Terraforming Mars: Ares Expedition: the rules engine package; importing it registers the game and its texts."""

from __future__ import annotations

from ...core.api import Game
from ...core.registry import register_game
from . import messages as _messages  # noqa: F401  (importing it registers the "ares" message table)
from .info import INFO


def _factory() -> Game:
    """Import the rules and return the game object (kept lazy so that listing games stays cheap)."""
    from .game import AresExpedition

    return AresExpedition()


register_game("ares_expedition", _factory, INFO)
