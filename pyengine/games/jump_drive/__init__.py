"""Jump Drive: importing the package registers the game and its message table (the rules load on first use)."""

from __future__ import annotations

from ...core.api import Game
from ...core.registry import register_game
from . import messages as _messages  # noqa: F401  (importing it registers the "jd" message table)
from .info import INFO


def _factory() -> Game:
    """Import the rules and return the game object (kept lazy so that listing games stays cheap)."""
    from .game import JumpDrive

    return JumpDrive()


register_game("jump_drive", _factory, INFO)
