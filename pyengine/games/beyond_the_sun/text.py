"""The game log: typed message templates with references, as the page renders them (``core/textlog.py``).

Arguments named ``seat...`` are seats, ``loc...`` locations, ``card...`` cards and any other a number; they are
stored in the order the rules wrote them.
"""

from __future__ import annotations

from ...core.textlog import LogWriter

WRITER = LogWriter((("seat", "seat"), ("loc", "loc"), ("card", "card")), sort_args=False)
MAX_LOG = WRITER.max_lines
log = WRITER.log
entries = WRITER.entries
