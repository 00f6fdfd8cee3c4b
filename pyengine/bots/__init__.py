"""Bots: the information-set interface, four levels (Easy, Normal, Hard, Expert), and an arena."""

from __future__ import annotations

from .base import Bot, Budget, InfoSet, choose
from .levels import LEVELS, make_bot

__all__ = ["LEVELS", "Bot", "Budget", "InfoSet", "choose", "make_bot"]
