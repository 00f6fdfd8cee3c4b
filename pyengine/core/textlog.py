"""A game log kept in the state as compact JSON texts: one writer, configured per game, that writes and reads it.

Each stored line is the compact JSON text ``[template, {name: {kind: value}}]``: a list of strings copies several
times faster than nested lists and objects, and a state is copied at every search step, resample and fuzz check.
An argument's kind of reference follows from the start of its name (``seat...`` is a seat, and so on); a game says
which starts it uses, whether the arguments are stored in name order or in the order the rules gave them, and how
many lines the log keeps.

>>> writer = LogWriter((("seat", "seat"), ("card", "card")), sort_args=True)
>>> writer.line("{seat} plays {card} for {n}", {"seat": 1, "n": 3, "card": "X-1"})
'["{seat} plays {card} for {n}",{"card":{"card":"X-1"},"n":{"n":3},"seat":{"seat":1}}]'
>>> writer.entry(writer.line("{seat} draws", {"seat": 0}))
('{seat} draws', {'seat': {'seat': 0}})
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_ENCODE_SORTED = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode

Entry = tuple[str, dict[str, dict[str, Any]]]
"""One log line read back: its template and its typed references."""


@lru_cache(maxsize=512)
def _head(template: str) -> str:
    """Return the start of a stored line: ``[template,{``."""
    return "[" + _ENCODE(template) + ",{"


@lru_cache(maxsize=8192)
def _text(value: str) -> str:
    """Return a string as JSON text."""
    return _ENCODE(value)


class LogWriter:
    """Writes a game's log lines into its state data (``d["msgs"]``) and reads them back.

    ``kinds`` are (start of an argument's name, kind of reference) pairs, the first match winning; any other
    argument is a number ("n"). ``sort_args`` stores the arguments in name order, else in the order given. At most
    ``max_lines`` lines are kept, the oldest dropped first.
    """

    def __init__(self, kinds: tuple[tuple[str, str], ...], sort_args: bool, max_lines: int = 150) -> None:
        self.kinds = kinds
        self.sort_args = sort_args
        self.max_lines = max_lines
        self._fields: dict[str, str] = {}  # argument name -> its start in a stored line (names come from the code)

    def kind(self, name: str) -> str:
        """Return the kind of reference an argument is stored as, by the start of its name."""
        return next((kind for start, kind in self.kinds if name.startswith(start)), "n")

    def _field(self, name: str) -> str:
        """Return the start of one stored argument: ``"name":{"kind":``."""
        field = self._fields.get(name)
        if field is None:
            field = self._fields[name] = f'"{name}":{{"{self.kind(name)}":'
        return field

    def line(self, template: str, refs: dict[str, Any]) -> str:
        """Return the stored text of one log line: exactly the compact JSON of ``[template, {name: {kind: value}}]``.

        Integers and strings (every argument the rules write) are written directly; anything else goes through the
        JSON encoder.
        """
        items = sorted(refs.items()) if self.sort_args else refs.items()
        parts = []
        for k, v in items:
            if v.__class__ is int:
                value = str(v)
            elif v.__class__ is str:
                value = _text(v)
            else:
                encode = _ENCODE_SORTED if self.sort_args else _ENCODE
                return encode([template, {name: {self.kind(name): x} for name, x in refs.items()}])
            parts.append(self._field(k) + value + "}")
        return _head(template) + ",".join(parts) + "}]"

    def log(self, d: dict[str, Any], template: str, **refs: Any) -> None:
        """Append one public log line to the state data, keeping at most ``max_lines`` lines."""
        msgs = d["msgs"]
        msgs.append(self.line(template, refs))
        if len(msgs) > self.max_lines:
            del msgs[: len(msgs) - self.max_lines]

    @staticmethod
    def entry(line: str) -> Entry:
        """Return one stored log line as (template, typed references)."""
        template, args = json.loads(line)
        return str(template), dict(args)

    def entries(self, d: dict[str, Any]) -> list[Entry]:
        """Return the state's log as (template, typed references) pairs, oldest first."""
        return [self.entry(line) for line in d["msgs"]]
