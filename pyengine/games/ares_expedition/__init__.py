"""Terraforming Mars: Ares Expedition: the rules engine package; importing it registers the game and its texts."""

from __future__ import annotations

from ...core.registry import register_game, rules_factory
from . import messages as _messages  # noqa: F401  (importing it registers the "ares" message table)
from .info import INFO

register_game("ares_expedition", rules_factory(f"{__name__}.game", "AresExpedition"), INFO)
