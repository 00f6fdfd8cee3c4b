"""Jump Drive: the rules engine package; importing it registers the game."""

from __future__ import annotations

from ...core.registry import register_game
from .game import JumpDrive

register_game("jump_drive", JumpDrive)

__all__ = ["JumpDrive"]
