"""The game log: typed message templates with references, as the page renders them (``core/textlog.py``).

Arguments named ``seat...`` are seats, ``loc...`` locations, ``card...`` cards and any other a number; they are
stored in the order the rules wrote them. A location is stored as its id, followed by ``@`` and the system card
lying there when the line was written (``place``), so the log names a system as the table showed it then.
"""

from __future__ import annotations

from typing import Any

from ...core.textlog import LogWriter

WRITER = LogWriter((("seat", "seat"), ("loc", "loc"), ("card", "card")), sort_args=False)
MAX_LOG = WRITER.max_lines
log = WRITER.log
entries = WRITER.entries
PLACE_SEP = "@"
"""Between a stored location's id and the system card lying there (``place``)."""


def place(d: dict[str, Any], loc: str) -> str:
    """Return a location as a log line stores it: its id, with the face-up system card there ("A2@<card id>")."""
    card = d["locs"].get(loc)
    return f"{loc}{PLACE_SEP}{card}" if card else loc


def log_payment(d: dict[str, Any], seat: int, ore: int, population: int) -> None:
    """Log what a faction pays (ore, and population cubes back to its supply), when it pays anything."""
    if ore and population:
        log(d, "{seat} pays {n} ore and {m} population", seat=seat, n=ore, m=population)
    elif ore:
        log(d, "{seat} pays {n} ore", seat=seat, n=ore)
    elif population:
        log(d, "{seat} pays {n} population", seat=seat, n=population)
