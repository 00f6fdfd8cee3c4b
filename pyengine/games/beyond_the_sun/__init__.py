"""Beyond the Sun: importing the package registers the game and its message table (the rules load on first use)."""

from __future__ import annotations

from ...core.registry import register_game, rules_factory
from . import messages as _messages  # noqa: F401  (importing it registers the "bts" message table)
from .info import INFO

register_game("beyond_the_sun", rules_factory(f"{__name__}.game", "BeyondTheSun"), INFO)
