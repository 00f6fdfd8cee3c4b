"""Size and nesting limits for JSON coming from outside, checked without recursion.

Pyodide's stack is small: ``json.loads`` of a short text holding ~1,600 nested objects overflows it ("Maximum call
stack size exceeded") and leaves the interpreter unusable. So the bridge checks a request's text with
``check_text`` before parsing it, and ``Match.from_save`` checks an already-parsed save with ``data_problem``.

>>> check_text('{"op": "info", "x": [[1], "]]]]"]}')
>>> check_text("[" * 41 + "]" * 41)
Traceback (most recent call last):
...
pyengine.core.jsonlimits.RequestTooDeep: request is nested 41 levels deep; the limit is 40
>>> data_problem({"a": [[[]]]}, max_depth=3)
'it is nested more than 3 levels deep'
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from .errors import EngineError

MAX_REQUEST_BYTES = 4 * 1024 * 1024
"""The largest request text the bridge reads, in bytes of UTF-8 (4 MiB)."""

MAX_DEPTH = 40
"""The deepest nesting of arrays and objects the bridge reads (a request holding a save needs about 10)."""

_ESCAPE = re.compile(r"\\.", re.DOTALL)  # a backslash and the character it escapes (only valid inside strings)
_STRING = re.compile(r'"[^"]*"')  # a string, once its escapes are gone
_NOT_BRACKET = bytes(c for c in range(256) if c not in b"[]{}")  # bytes.translate deletes these
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


class RequestTooLarge(EngineError, code="input/too_large"):
    """Raised for a request text longer than MAX_REQUEST_BYTES."""


class RequestTooDeep(EngineError, code="input/too_deep"):
    """Raised for a request text whose arrays and objects nest deeper than MAX_DEPTH."""


def utf8_length(text: str, at_most: int) -> int:
    """Return the text's length in UTF-8 bytes, or any number above ``at_most`` once it is known to be longer."""
    if len(text) > at_most:
        return len(text)
    if 4 * len(text) <= at_most:
        return len(text)  # every character is at most 4 bytes: short enough without encoding
    return len(text.encode("utf-8", "surrogatepass"))


def nesting_depth(text: str) -> int:
    """Return how deep the arrays and objects of a JSON text nest, by a scan without recursion.

    Escapes are removed first, then strings, so brackets inside strings never count; what remains is read as
    +1 for ``[``/``{`` and -1 for ``]``/``}``, and the depth is the highest running total. The whole scan runs in C
    (regular expressions, ``map`` and ``accumulate``). For text that is not JSON the number may be anything, but
    it is never below the depth a JSON parser reaches before it finds the error.

    >>> nesting_depth('{"a": [1, {"b": "[[[\\\\"]]"}]}')
    3
    """
    bare = _STRING.sub("", _ESCAPE.sub("", text))
    brackets = bare.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKET).decode("ascii")
    return max(accumulate(map(_DELTA.__getitem__, brackets)), default=0)


def check_text(text: str, max_bytes: int = MAX_REQUEST_BYTES, max_depth: int = MAX_DEPTH) -> None:
    """Refuse a JSON text that is too long or nested too deep, before anything parses it.

    Raises:
        RequestTooLarge: more than ``max_bytes`` bytes of UTF-8.
        RequestTooDeep: arrays and objects nested deeper than ``max_depth``.
    """
    size = utf8_length(text, max_bytes)
    if size > max_bytes:
        raise RequestTooLarge(f"request is {size} bytes long; the limit is {max_bytes} bytes (4 MiB)")
    depth = nesting_depth(text)
    if depth > max_depth:
        raise RequestTooDeep(f"request is nested {depth} levels deep; the limit is {max_depth}")


def data_problem(data: Any, max_depth: int = MAX_DEPTH, max_size: int = MAX_REQUEST_BYTES) -> str | None:
    """Return why parsed JSON data is too deep or too big, or None when it is within the limits.

    The walk uses an explicit stack (no recursion), so it is safe on any input, even a structure that contains
    itself. The size counted is a lower bound of the JSON text's length: one per value, plus each string's
    (and key's) characters; the walk stops as soon as a limit is passed.

    >>> data_problem({"a": ["x" * 10]}, max_size=14) is None, data_problem({"a": ["x" * 10]}, max_size=13)
    (True, 'it is larger than 13 bytes of JSON')
    """
    stack: list[tuple[Any, int]] = [(data, 1)]
    size = 0
    while stack:
        value, depth = stack.pop()
        size += 1
        if isinstance(value, str):
            size += len(value)
        elif isinstance(value, dict):
            if depth > max_depth:
                return f"it is nested more than {max_depth} levels deep"
            for key, item in value.items():
                size += len(key) if isinstance(key, str) else 1
                stack.append((item, depth + 1))
        elif isinstance(value, list | tuple):
            if depth > max_depth:
                return f"it is nested more than {max_depth} levels deep"
            stack.extend((item, depth + 1) for item in value)
        if size > max_size:
            return f"it is larger than {max_size} bytes of JSON"
    return None
