"""The game log: typed message templates with references, as the page renders them (``core/textlog.py``).

Arguments named ``seat...`` are seats, ``card...`` cards, ``name...`` free text and any other a number; they are
stored in name order.
"""

from __future__ import annotations

from ...core.textlog import LogWriter

WRITER = LogWriter((("seat", "seat"), ("card", "card"), ("name", "text")), sort_args=True)
MAX_LOG = WRITER.max_lines
log = WRITER.log
entries = WRITER.entries
