"""Shared checks for loading a saved position: path-aware type and range checks and a ledger of where each piece is
(``Game.state_from_json`` then runs the game's invariants and ``probe`` on the loaded state, in ``api.py``).

Every check raises ``PositionError`` whose message starts with the path of the bad value, e.g.
``hands[1][3]: unknown card 'foo-9'``. Nothing here knows any game: each game's ``position.py`` uses these.

>>> expect_int(3, "round", 1, 9)
3
>>> expect_int(True, "round", 1, 9)
Traceback (most recent call last):
...
pyengine.core.errors.PositionError: round: expected an integer from 1 to 9, got a boolean (True)
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Collection, Container, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from .errors import PositionError

MAX_COUNT = 1_000_000
"""The largest value a count without a rules limit may hold (ore, M€, VP, epoch ...), far below 2**53."""

_HEX16 = re.compile(r"^[0-9a-f]{16}$")
_PLACEHOLDER = re.compile(r"{([A-Za-z0-9_]+)}")

Path = str | tuple["Path", str | int]
"""Where a value is: a field name, or (the path of its container, its key or index), made into text only when a
message needs it (building the text for every value checked would cost more than the checks)."""


def at(path: Path, key: str | int) -> Path:
    """Return the path of one item inside ``path`` (``a.b`` for a key, ``a[3]`` for an index, once shown)."""
    return (path, key)


def path_text(path: Path) -> str:
    """Return a path as text: ``hands[1][3]``, ``factions[0].ships.SOL``.

    >>> path_text(at(at("hands", 1), 3))
    'hands[1][3]'
    """
    parts: list[str | int] = []
    while isinstance(path, tuple):
        path, key = path
        parts.append(key)
    out = path
    for key in reversed(parts):
        name = key if isinstance(key, int) or len(key) <= 60 else key[:57] + "..."
        out = f"{out}[{name}]" if isinstance(name, int) else (f"{out}.{name}" if out else name)
    return out


def kind_of(value: Any) -> str:
    """Return a short description of a value's type for messages (bool and int told apart)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean ({value})"
    if isinstance(value, int):
        return f"an integer ({value})" if -10**12 < value < 10**12 else "a huge integer"
    if isinstance(value, float):
        return f"a number with a fraction ({value!r})"
    if isinstance(value, str):
        return f"a string ({value[:40]!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a value that is not JSON data ({type(value).__name__})"


def fail(path: Path, problem: str) -> PositionError:
    """Return the error naming one problem at one path."""
    text = path_text(path)
    return PositionError(f"{text}: {problem}" if text else problem)


def expect_int(value: Any, path: Path, lo: int = 0, hi: int = MAX_COUNT) -> int:
    """Return ``value`` if it is an integer (not a boolean) from ``lo`` to ``hi``; raise PositionError otherwise."""
    if value.__class__ is not int or not lo <= value <= hi:
        if value.__class__ is int:
            raise fail(path, f"out of range: {value} is not from {lo} to {hi}")
        raise fail(path, f"expected an integer from {lo} to {hi}, got {kind_of(value)}")
    return int(value)


def expect_bool(value: Any, path: Path) -> bool:
    """Return ``value`` if it is true or false; raise PositionError otherwise."""
    if value is not True and value is not False:
        raise fail(path, f"expected true or false, got {kind_of(value)}")
    return bool(value)


def expect_str(value: Any, path: Path, choices: Collection[str] | None = None) -> str:
    """Return ``value`` if it is a string (one of ``choices``, when given); raise PositionError otherwise."""
    if value.__class__ is not str:
        raise fail(path, f"expected a string, got {kind_of(value)}")
    if choices is not None and value not in choices:
        raise fail(path, f"unknown value {value[:40]!r}; expected one of {sorted(choices)}")
    return str(value)


def expect_id(value: Any, path: Path, known: Container[str], what: str) -> str:
    """Return ``value`` if it is a string naming a known id (a card, a system ...); the message says ``what``."""
    if value.__class__ is not str:
        raise fail(path, f"expected a {what} id, got {kind_of(value)}")
    if value not in known:
        raise fail(path, f"unknown {what} {value[:60]!r}")
    return str(value)


def expect_hex16(value: Any, path: Path) -> str:
    """Return ``value`` if it is 16 lower-case hex digits (a saved generator state)."""
    if value.__class__ is not str or not _HEX16.match(value):
        raise fail(path, f"expected 16 lower-case hex digits, got {kind_of(value)}")
    return str(value)


def expect_list(value: Any, path: Path, max_len: int = MAX_COUNT, length: int | None = None) -> list[Any]:
    """Return ``value`` if it is a list (of exactly ``length`` items, or at most ``max_len``)."""
    if value.__class__ is not list:
        raise fail(path, f"expected a list, got {kind_of(value)}")
    if length is not None and len(value) != length:
        raise fail(path, f"expected {length} items, got {len(value)}")
    if len(value) > max_len:
        raise fail(path, f"too long: {len(value)} items, at most {max_len}")
    out: list[Any] = value
    return out


def expect_dict(value: Any, path: Path) -> dict[str, Any]:
    """Return ``value`` if it is a JSON object."""
    if value.__class__ is not dict:
        raise fail(path, f"expected an object, got {kind_of(value)}")
    out: dict[str, Any] = value
    return out


def expect_keys(value: Any, path: Path, required: Iterable[str], optional: Iterable[str] = ()) -> dict[str, Any]:
    """Return ``value`` if it is an object with every ``required`` key and no key outside ``optional``.

    The first missing key (in the order given), else the first unknown key, is named.
    """
    obj = expect_dict(value, path)
    need = tuple(required)
    for k in need:
        if k not in obj:
            raise fail(at(path, k), "missing field")
    if len(obj) > len(need):
        allowed = set(need) | set(optional)
        for k in obj:
            if k not in allowed:
                raise fail(at(path, str(k)), "unknown field")
    return obj


def expect_ints(value: Any, path: Path, lo: int = 0, hi: int = MAX_COUNT, length: int | None = None,
                max_len: int = MAX_COUNT) -> list[int]:
    """Return ``value`` if it is a list of integers from ``lo`` to ``hi``."""
    items = expect_list(value, path, max_len, length)
    for i, v in enumerate(items):
        if v.__class__ is not int or not lo <= v <= hi:
            expect_int(v, at(path, i), lo, hi)
    return items


def expect_strs(value: Any, path: Path, choices: Collection[str] | None = None, max_len: int = MAX_COUNT,
                length: int | None = None) -> list[str]:
    """Return ``value`` if it is a list of strings (each one of ``choices``, when given)."""
    items = expect_list(value, path, max_len, length)
    for i, v in enumerate(items):
        if v.__class__ is not str or (choices is not None and v not in choices):
            expect_str(v, at(path, i), choices)
    return items


def expect_distinct(items: list[Any], path: Path, what: str) -> None:
    """Raise PositionError naming the first item of ``items`` that repeats an earlier one (or is not a value that
    can be compared, such as a list where an id belongs)."""
    try:
        if len(set(items)) == len(items):
            return
    except TypeError:
        pass
    seen: set[Any] = set()
    for i, v in enumerate(items):
        if isinstance(v, (list, dict)):
            raise fail(at(path, i), f"expected a {what}, got {kind_of(v)}")
        if v in seen:
            raise fail(at(path, i), f"duplicate {what} {v!r}")
        seen.add(v)


def expect_equal(value: Any, expected: Any, path: Path, why: str) -> None:
    """Raise PositionError unless ``value == expected``; ``why`` says what the value must agree with."""
    if value != expected:
        shown = repr(value) if len(repr(value)) < 80 else kind_of(value)
        raise fail(path, f"{shown} disagrees with {why} (expected {expected!r})")


def expect_state(data: Any, state_format: str, keys: Sequence[str], title: str) -> dict[str, Any]:
    """Return a saved state's dict once its format and its exact set of fields (``keys``, and "format") are right;
    ``title`` is the game's name in the messages."""
    if data.__class__ is not dict or data.get("format") != state_format:
        found = data.get("format") if data.__class__ is dict else type(data).__name__
        shown = repr(found) if found.__class__ is str and len(found) < 60 else kind_of(found)
        raise fail("format" if data.__class__ is dict else "", f"not a saved {title} state (format {shown})")
    missing = [k for k in keys if k not in data]
    if missing:
        raise fail(missing[0], f"missing field (the {title} state lacks fields {missing})")
    expect_keys(data, "", (*keys, "format"))
    out: dict[str, Any] = data
    return out


def nested_dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Yield every object in a JSON value, the value itself included, at any depth (for collecting what the data
    holds: effect steps, ops, filters)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            yield v
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


class Ledger:
    """Where each piece of a game is: every sighting is recorded with its path; a piece that does not exist is
    refused at once, and ``check_complete`` names a piece seen twice (with both places) or seen nowhere.

    Sightings are checked in bulk (a piece's place is only worked out when something is wrong), so recording the
    200-odd cards of a position costs little.

    >>> led = Ledger("card", Counter({"a": 1, "b": 1}))
    >>> led.see_all(["a", "b"], "deck")
    >>> led.see("a", at(at("hands", 0), 2))
    >>> led.check_complete()
    Traceback (most recent call last):
    ...
    pyengine.core.errors.PositionError: hands[0][2]: duplicate card 'a' (also at deck[0])
    """

    def __init__(self, what: str, expected: Mapping[str, int]) -> None:
        """Start an empty ledger of ``what`` pieces (a card, a tech ...), each expected as often as ``expected``
        says."""
        self.what = what
        self.expected = expected
        self.known = frozenset(expected)
        self.batches: list[tuple[Path, list[Any], bool]] = []

    def see(self, item: Any, path: Path) -> None:
        """Record one piece at a path; raise PositionError at once if it is not a known piece's id."""
        if item.__class__ is not str or item not in self.known:
            self._unknown(item, path)
        self.batches.append((path, [item], False))

    def see_all(self, items: list[Any], path: Path) -> None:
        """Record every piece of a list (each at its index); raise PositionError at once for an unknown one."""
        try:
            ok = self.known.issuperset(items)
        except TypeError:  # an unhashable item: found and named below
            ok = False
        if not ok:
            for i, item in enumerate(items):
                if item.__class__ is not str or item not in self.known:
                    self._unknown(item, at(path, i))
        self.batches.append((path, items, True))

    def _unknown(self, item: Any, path: Path) -> None:
        """Raise PositionError for something that is not the id of a known piece."""
        if item.__class__ is str and item not in self.known:
            raise fail(path, f"unknown {self.what} {item[:60]!r}")
        if item.__class__ is not str:
            raise fail(path, f"expected a {self.what} id, got {kind_of(item)}")

    def check_complete(self, path: Path = "", every: bool = True) -> None:
        """Raise PositionError naming the first piece seen more often than it exists (in the order the places
        were recorded), else (when ``every`` piece must be somewhere) the first piece that is nowhere."""
        count: Counter[str] = Counter()
        for _, items, _ in self.batches:
            count.update(items)
        if count.items() == self.expected.items() or (not every and all(
                n <= self.expected.get(k, 0) for k, n in count.items())):
            return
        seen: Counter[str] = Counter()
        first: dict[str, Path] = {}
        for where, items, indexed in self.batches:
            for i, item in enumerate(items):
                place = at(where, i) if indexed else where
                seen[item] += 1
                if seen[item] > self.expected.get(item, 0):
                    raise fail(place, f"duplicate {self.what} {item!r} (also at {path_text(first[item])})")
                first.setdefault(item, place)
        for item, n in self.expected.items():
            if seen[item] != n and every:
                raise fail(path, f"{self.what} {item!r} is missing: it is in no place of the position")


@lru_cache(maxsize=4096)
def placeholders(template: str) -> frozenset[str]:
    """Return the names a log template fills in, e.g. {"seat", "n"} for "{seat} gains {n} ore"."""
    return frozenset(_PLACEHOLDER.findall(template))


RefOk = Callable[[dict[str, Any], int], bool]
"""A game's rule for one typed reference of a log line ``{kind: value}``, given the player count."""


def expect_text_log(value: Any, players: int, max_len: int, kinds: tuple[str, ...], ref_ok: RefOk) -> None:
    """Check a log kept as compact JSON texts (Ares Expedition, Beyond the Sun): a list of at most ``max_len``
    lines, each ``[template, {name: {kind: value}}]`` whose references are of the game's stored ``kinds``, pass its
    ``ref_ok`` and fill the template's placeholders exactly."""
    if value.__class__ is not list:
        raise fail("msgs", f"a log that is not a list of texts: {kind_of(value)}")
    msgs = expect_list(value, "msgs", max_len=max_len)
    for i, m in enumerate(msgs):
        if m.__class__ is not str:
            raise fail(at("msgs", i), f"a log that is not a list of texts: {kind_of(m)}")
        problem = text_line_problem(m, players, kinds, ref_ok)
        if problem:
            raise fail(at("msgs", i), problem)


@lru_cache(maxsize=8192)
def text_line_problem(line: str, players: int, kinds: tuple[str, ...], ref_ok: RefOk) -> str:
    """Return what is wrong with one stored log line, or "" (cached: consecutive states share their log)."""
    try:
        m = json.loads(line)
    except (ValueError, RecursionError) as exc:
        return f"a log line that is not JSON text: {exc}"
    if m.__class__ is not list or len(m) != 2 or m[0].__class__ is not str or m[1].__class__ is not dict:
        return "a log line that is not [template, {name: {kind: value}}]"
    for k, ref in m[1].items():
        if ref.__class__ is not dict or len(ref) != 1:
            return f"{k}: expected one typed reference, got {kind_of(ref)}"
        if not ref_ok(ref, players):
            kind, v = next(iter(ref.items()))
            if kind not in kinds:
                return f"{k}: unknown kind of reference {str(kind)[:20]!r}"
            return f"{k}: a bad {kind} reference ({kind_of(v)})"
    if m[1].keys() != placeholders(m[0]):
        return f"the references {sorted(m[1])} do not fill the template's {sorted(placeholders(m[0]))}"
    return ""


def problems_to_error(problems: list[str], path: Path = "") -> None:
    """Raise PositionError naming the first of a game's invariant problems, if there is any."""
    if problems:
        raise fail(path, f"broken invariant: {problems[0]}")
