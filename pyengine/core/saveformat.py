"""The save file's name, format version and limits: constants below the match layer and the migrations that both
read them."""

from __future__ import annotations

SAVE_FORMAT = "pyengine-save"
SAVE_FORMAT_VERSION = 2
"""2 added ``start``: the position code of a match begun from a position (a save without it is as in 1)."""
SEAT_KINDS = ("human", "easy", "normal", "hard", "expert", "random", "greedy")
"""A seat is a human or a bot: a level (Easy to Expert), or random, or greedy (Normal's old name, kept for saves)."""
SEAT_NAME_MAX = 40
"""Seat names are cut to this many characters (new matches and loaded saves alike)."""
MAX_SEED = 2**53 - 1
"""The largest seed a save may hold: JavaScript's largest safe integer, so a save survives the page's JSON."""
MAX_LOG_ENTRIES = 10_000
"""The longest log a save may hold (a real game has a few hundred to about a thousand entries)."""
