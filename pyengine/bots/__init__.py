"""Bots: a common interface, a random bot, a greedy bot, and an arena to pit them against each other."""

from __future__ import annotations

from .base import Bot, Budget, make_bot

__all__ = ["Bot", "Budget", "make_bot"]
