"""Jump Drive: importing the package registers the game and its message table (the rules load on first use)."""

from __future__ import annotations

from ...core.registry import register_game, rules_factory
from . import messages as _messages  # noqa: F401  (importing it registers the "jd" message table)
from .info import INFO

register_game("jump_drive", rules_factory(f"{__name__}.game", "JumpDrive"), INFO)
