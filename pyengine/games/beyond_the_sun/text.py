"""The game log: typed message templates with references, as the page renders them.

Each stored line is one compact JSON text ``[template, {name: {kind: value}}]`` (the arguments in the order the
rules wrote them): a list of strings copies several times faster than nested lists and objects, and a state is
copied at every search step, resample and fuzz check. ``entries`` reads the lines back.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from .model import Data

MAX_LOG = 150
_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def log(d: Data, template: str, **refs: Any) -> None:
    """Append one public log line; ``seat``/``loc``/``card``/... arguments become typed references."""
    msgs = d["msgs"]
    msgs.append(line(template, refs))
    if len(msgs) > MAX_LOG:
        del msgs[: len(msgs) - MAX_LOG]


def _kind(name: str) -> str:
    """Return the kind of reference a log argument is stored as, by the start of its name."""
    return "seat" if name.startswith("seat") else "loc" if name.startswith("loc") else "card" if name.startswith(
        "card") else "n"


@lru_cache(maxsize=256)
def _field(name: str) -> str:
    """Return the start of one stored argument: ``"name":{"kind":``."""
    return f'"{name}":{{"{_kind(name)}":'


@lru_cache(maxsize=512)
def _head(template: str) -> str:
    """Return the start of a stored line: ``[template,{``."""
    return "[" + _ENCODE(template) + ",{"


@lru_cache(maxsize=8192)
def _text(value: str) -> str:
    """Return a string as JSON text."""
    return _ENCODE(value)


def line(template: str, refs: dict[str, Any]) -> str:
    """Return the stored text of one log line: exactly the compact JSON of ``[template, {name: {kind: value}}]``.

    Integers and strings (every argument the rules write) are written directly; anything else goes through the
    JSON encoder.
    """
    parts = []
    for k, v in refs.items():
        if v.__class__ is int:
            value = str(v)
        elif v.__class__ is str:
            value = _text(v)
        else:
            return _ENCODE([template, {name: {_kind(name): x} for name, x in refs.items()}])
        parts.append(_field(k) + value + "}")
    return _head(template) + ",".join(parts) + "}]"


def entry(line: str) -> tuple[str, dict[str, dict[str, Any]]]:
    """Return one stored log line as (template, typed references)."""
    template, args = json.loads(line)
    return str(template), dict(args)


def entries(d: Data) -> list[tuple[str, dict[str, dict[str, Any]]]]:
    """Return the log as (template, typed references) pairs, oldest first."""
    return [entry(line) for line in d["msgs"]]
