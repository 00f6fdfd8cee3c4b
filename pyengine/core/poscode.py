"""Position codes: any state of any game as short, versioned, checksummed, URL-safe text, and back.

A code is ``st1.`` followed by base64url (no padding) of::

    varint  body length in bytes            (so a code cut short is told apart from a mistyped one)
    game    1 byte for a built-in game, or 0 then its id as text
    text    the rules version the state was made under
    2 bytes the game's vocabulary tag       (the strings a code may name by number; see ``vocabulary``)
    1 byte  flags: 1 = body deflated, 2 = the history (the message log) is included
    body    the state as compact binary JSON (below), maybe deflated
    4 bytes checksum: the first 4 bytes of sha256 over everything before it

The body writes JSON as tagged bytes: small integers in one byte, a string the game's vocabulary holds (card and
field ids) as its number, lists of such strings and of small integers without a tag per item, and a list of objects
with the same keys as one key row plus values. Decoding reads exactly that back, so a state round-trips exactly.

By default a code leaves out the game's history keys (``Game.history_keys``: the message log). A position is what
the rules need to play on and what the views show; the log of how the game got there is history, and it is most of
a mid-game state's size. A decoded state then starts a fresh log. ``history=True`` keeps it.

>>> from pyengine.core.registry import load_game
>>> game = load_game("jump_drive")
>>> state = game.new_initial_state(seed=5, players=2)
>>> code = state.position_code()
>>> code.startswith("st1.")
True
>>> game.state_from_code(code).position_code() == code
True
>>> game.state_from_code(code[:-9])
Traceback (most recent call last):
...
pyengine.core.errors.CodeTruncatedError: the position code is cut short: it should be ... characters long, not ...
"""

from __future__ import annotations

import base64
import hashlib
import re
import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .errors import (
    CodeChecksumError,
    CodeGameError,
    CodeMalformedError,
    CodeTruncatedError,
    CodeVersionError,
)

PREFIX = "st1."
"""Every code starts with this; the digit is the code format's version."""
MAX_CODE_CHARS = 400_000
"""The longest code read (a whole finished game with its log is far below this)."""
MAX_DEPTH = 40
"""The deepest nesting of lists and objects a code may hold."""
MAX_LINE = 200
"""The most moves an embed's line (moves played on from a code) may hold; a longer one is refused, not cut."""


@dataclass(frozen=True)
class Budget:
    """What reading one game's code may build: ``items`` values (every scalar, list and object at every depth,
    counted as a list or object claims them, before they are built) and a body of ``bytes`` bytes once inflated.

    A code that asks for more is not a state of the game: reading it stops at once with ``CodeMalformedError``
    (``code/malformed``), so a crafted code (a list of millions of empty records, lists of such lists, a zip bomb)
    cannot freeze the engine or run it out of memory.
    """

    items: int
    bytes: int


BUDGETS = {
    "jump_drive": Budget(items=30_000, bytes=512 * 1024),
    "ares_expedition": Budget(items=12_000, bytes=512 * 1024),
    "beyond_the_sun": Budget(items=12_000, bytes=512 * 1024),
}
"""Each built-in game's budget. Measured (issue 31) over seeded random and greedy games run to the end, 20 seeds at
every player count, the message log included: the largest ``to_json()`` held 2,669 items (Jump Drive, 4 players;
the log is most of it), 906 (Ares Expedition) and 962 (Beyond the Sun), and its binary body 16.8 KB at most. The
item budgets are 11 to 13 times those, the byte budget 30 times. Reading a code's values costs about a microsecond
each, so a code that reaches its budget is refused within about 30 ms (usually at once, when a list claims more)."""
DEFAULT_BUDGET = Budget(items=30_000, bytes=512 * 1024)
"""The budget of a game that is not in ``BUDGETS``."""

BUILTIN_GAMES = {"jump_drive": 1, "ares_expedition": 2, "beyond_the_sun": 3}
"""Built-in games take one byte in a code; any other registered game writes its id."""

FLAG_DEFLATED = 1
FLAG_HISTORY = 2

_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_HEX16 = re.compile(r"[0-9a-f]{16}")
_VOCAB_WORD = re.compile(r"[A-Za-z0-9_.:/+-]{1,60}")

# Tags of the body's binary JSON.
T_NULL, T_FALSE, T_TRUE, T_INT, T_FLOAT, T_STR, T_REF, T_HEX = range(8)
T_LIST, T_DICT, T_REFS, T_BYTES, T_INTDICT, T_RECORDS = range(8, 14)
T_LIST_N, T_REFS_N, T_BYTES_N, T_DICT_N = 0x10, 0x20, 0x30, 0x40  # + a count of 0..15
T_SMALL = 0x80  # + an integer of 0..127
ESCAPE_1, ESCAPE_2 = 0xFF, 0xFFFF  # a key that is not in the vocabulary


@dataclass(frozen=True)
class Codebook:
    """What the codes of one game are written with: its id and name, its rules version, the state keys that hold
    history (``Game.history_keys``) and its vocabulary (``vocabulary``). ``Game.codebook`` makes it; this module
    knows no game and no State, only their JSON."""

    game: str
    name: str
    rules_version: str
    history_keys: tuple[str, ...]
    words: tuple[str, ...]
    archive: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    """Every vocabulary a released build wrote this game's codes with, as (rules version, tag in hex, words): an
    older code is read with its own words (``read``), and ``positionmigrations.migrate_position`` updates it."""


@dataclass(frozen=True)
class CodeInfo:
    """What a code's header says: its game, the rules version it was made under, and whether it holds history."""

    game: str
    rules_version: str
    history: bool


# --------------------------------------------------------------------------- vocabulary


def json_strings(value: Any, out: set[str], numbers: bool = False) -> None:
    """Add every string of a JSON value (keys and values) to ``out``; with ``numbers``, its integers too, as text."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.add(v)
        elif numbers and isinstance(v, int) and not isinstance(v, bool):
            out.add(str(v))
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, dict):
            out.update(v)
            stack.extend(v.values())


def vocabulary(starts: Iterable[Any], catalog: Iterable[Any]) -> tuple[str, ...]:
    """Return the strings a code of a game names by number: ids and keys from its starting states and catalog.

    ``starts`` are the JSON of a seed-0 starting state at every player count, and ``catalog`` the game's card
    records: the result is their identifier-like strings plus every card id, sorted. The list follows from the
    rules data, so it changes only with the rules; the code's vocabulary tag catches a change that came without a
    new rules version.
    """
    found: set[str] = set()
    for start in starts:
        json_strings(start, found)
    for card in catalog:
        if isinstance(card.get("id"), str):
            found.add(card["id"])
    words = sorted(w for w in found if _VOCAB_WORD.fullmatch(w) and not _HEX16.fullmatch(w))
    return tuple(words[:ESCAPE_2])


def _vocab_tag(words: tuple[str, ...]) -> bytes:
    """Return the two bytes that identify a vocabulary."""
    return hashlib.sha256("\n".join(words).encode()).digest()[:2]


# --------------------------------------------------------------------------- writing


def _varint(n: int, out: bytearray) -> None:
    """Append a non-negative integer, 7 bits a byte."""
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _text(s: str, out: bytearray) -> None:
    """Append a string as its UTF-8 length and bytes."""
    raw = s.encode("utf-8")
    _varint(len(raw), out)
    out += raw


class _Writer:
    """Writes JSON values as the body's tagged bytes, naming vocabulary strings by number."""

    def __init__(self, words: tuple[str, ...]) -> None:
        self.index = {w: i for i, w in enumerate(words)}
        self.wide = len(words) >= ESCAPE_1
        self.out = bytearray()

    def ref(self, i: int) -> None:
        """Append a vocabulary number (one byte, or two for a large vocabulary)."""
        if self.wide:
            self.out += i.to_bytes(2, "big")
        else:
            self.out.append(i)

    def key(self, k: str) -> None:
        """Append an object key: its number, or the escape and its text."""
        i = self.index.get(k)
        if i is not None:
            self.ref(i)
            return
        self.ref(ESCAPE_2 if self.wide else ESCAPE_1)
        _text(k, self.out)

    def count(self, tag: int, folded: int, n: int) -> None:
        """Append a container's tag and size, folding a size below 16 into the tag."""
        if n < 16:
            self.out.append(folded + n)
        else:
            self.out.append(tag)
            _varint(n, self.out)

    def value(self, v: Any) -> None:
        """Append one JSON value."""
        out = self.out
        if v is None:
            out.append(T_NULL)
        elif v is True or v is False:
            out.append(T_TRUE if v else T_FALSE)
        elif isinstance(v, int):
            if 0 <= v < 128:
                out.append(T_SMALL + v)
            else:
                out.append(T_INT)
                _varint(v * 2 if v >= 0 else -v * 2 - 1, out)
        elif isinstance(v, float):
            out.append(T_FLOAT)
            out += struct.pack(">d", v)
        elif isinstance(v, str):
            i = self.index.get(v)
            if i is not None:
                out.append(T_REF)
                self.ref(i)
            elif _HEX16.fullmatch(v):
                out.append(T_HEX)
                out += bytes.fromhex(v)
            else:
                out.append(T_STR)
                _text(v, out)
        elif isinstance(v, list):
            self.list(v)
        elif isinstance(v, dict):
            self.dict(v)
        else:
            raise TypeError(f"a state holds a value that is not JSON data: {type(v).__name__}")

    def list(self, v: list[Any]) -> None:
        """Append a list, in the most compact of its forms."""
        index = self.index
        if v and all(isinstance(x, str) and x in index for x in v):
            self.count(T_REFS, T_REFS_N, len(v))
            for x in v:
                self.ref(index[x])
        elif v and all(type(x) is int and 0 <= x < 256 for x in v):
            self.count(T_BYTES, T_BYTES_N, len(v))
            self.out += bytes(v)
        elif len(v) > 1 and all(isinstance(x, dict) for x in v) and len({tuple(x) for x in v}) == 1:
            keys = list(v[0])
            self.out.append(T_RECORDS)
            _varint(len(v), self.out)
            _varint(len(keys), self.out)
            for k in keys:
                self.key(k)
            for x in v:
                for k in keys:
                    self.value(x[k])
        else:
            self.count(T_LIST, T_LIST_N, len(v))
            for x in v:
                self.value(x)

    def dict(self, v: dict[str, Any]) -> None:
        """Append an object (keys in their order), small-integer values without tags when all are such."""
        if v and all(type(x) is int and 0 <= x < 256 for x in v.values()):
            self.out.append(T_INTDICT)
            _varint(len(v), self.out)
            for k, x in v.items():
                self.key(k)
                self.out.append(x)
            return
        self.count(T_DICT, T_DICT_N, len(v))
        for k, x in v.items():
            self.key(k)
            self.value(x)


def _deflate(raw: bytes) -> bytes:
    """Return raw deflate of the body at its smallest of the three zlib strategies tried."""
    best = b""
    for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED, zlib.Z_HUFFMAN_ONLY):
        packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, strategy)
        packed = packer.compress(raw) + packer.flush()
        if not best or len(packed) < len(best):
            best = packed
    return best


def encode(book: Codebook, data: Any, history: bool = False) -> str:
    """Return the position code of a state's JSON (see the module's docstring); ``history`` keeps its message log."""
    if not history and book.history_keys:
        data = {k: v for k, v in data.items() if k not in book.history_keys}
    words = book.words
    writer = _Writer(words)
    writer.value(data)
    raw = bytes(writer.out)
    packed = _deflate(raw)
    flags = FLAG_HISTORY if history else 0
    body = raw
    if len(packed) < len(raw):
        body, flags = packed, flags | FLAG_DEFLATED
    head = bytearray()
    _varint(len(body), head)
    number = BUILTIN_GAMES.get(book.game)
    if number is None:
        head.append(0)
        _text(book.game, head)
    else:
        head.append(number)
    _text(book.rules_version, head)
    head += _vocab_tag(words)
    head.append(flags)
    blob = bytes(head) + body
    blob += hashlib.sha256(blob).digest()[:4]
    return PREFIX + base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")


# --------------------------------------------------------------------------- reading


class _Reader:
    """Reads the header and body of a code's bytes; any overrun or bad tag raises a typed error."""

    def __init__(self, data: bytes, words: tuple[str, ...] = (), items: int = DEFAULT_BUDGET.items) -> None:
        self.data = data
        self.at = 0
        self.words = words
        self.wide = len(words) >= ESCAPE_1
        self.items = items
        self.left = items

    def spend(self, n: int) -> None:
        """Count n more values to build, before building them; past the item budget, raise."""
        if n > self.left:
            raise self.fail(f"it holds more than {self.items} items, more than a state of this game holds")
        self.left -= n

    def fail(self, problem: str) -> CodeMalformedError:
        """Return the error for damaged contents at the current byte."""
        return CodeMalformedError(f"the position code is damaged: {problem} (at byte {self.at})")

    def byte(self) -> int:
        """Read one byte."""
        if self.at >= len(self.data):
            raise self.fail("it ends too soon")
        b = self.data[self.at]
        self.at += 1
        return b

    def take(self, n: int) -> bytes:
        """Read n bytes."""
        if self.at + n > len(self.data):
            raise self.fail("it ends too soon")
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def varint(self) -> int:
        """Read a non-negative integer written 7 bits a byte (at most 10 bytes)."""
        n = shift = 0
        for _ in range(10):
            b = self.byte()
            n |= (b & 0x7F) << shift
            if b < 0x80:
                return n
            shift += 7
        raise self.fail("a number is too long")

    def text(self) -> str:
        """Read a length-prefixed UTF-8 string."""
        raw = self.take(self.varint())
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise self.fail("a text is not UTF-8") from None

    def ref(self) -> str:
        """Read a vocabulary number and return its string."""
        i = int.from_bytes(self.take(2), "big") if self.wide else self.byte()
        if i >= len(self.words):
            raise self.fail(f"it names word {i} of a vocabulary of {len(self.words)}")
        return self.words[i]

    def key(self) -> str:
        """Read an object key (a vocabulary number, or the escape and a text)."""
        i = int.from_bytes(self.take(2), "big") if self.wide else self.byte()
        if i == (ESCAPE_2 if self.wide else ESCAPE_1):
            return self.text()
        if i >= len(self.words):
            raise self.fail(f"it names word {i} of a vocabulary of {len(self.words)}")
        return self.words[i]

    def size(self, n: int) -> int:
        """Check a container size against the bytes left (each item takes at least one byte)."""
        if n > len(self.data) - self.at:
            raise self.fail(f"it claims {n} items with {len(self.data) - self.at} bytes left")
        return n

    def value(self, depth: int = 0) -> Any:
        """Read one JSON value (a container's items are counted against the item budget before they are read)."""
        if depth > MAX_DEPTH:
            raise self.fail(f"it is nested more than {MAX_DEPTH} levels deep")
        tag = self.byte()
        if tag >= T_SMALL:
            return tag - T_SMALL
        kind, n = _CONTAINERS[tag]
        if kind < 0:
            return self._scalar(tag)
        if n < 0:
            n = self.varint()
        if kind == T_RECORDS:
            keys = [self.key() for _ in range(self.size(self.varint()))]
            self.spend(self.size(n))  # the records themselves: with no keys they take no bytes
            self.spend(n * len(keys))
            return [{k: self.value(depth + 2) for k in keys} for _ in range(n)]
        self.spend(self.size(n))
        if n == 0:
            return {} if kind in (T_DICT, T_INTDICT) else []
        if kind == T_LIST:
            return [self.value(depth + 1) for _ in range(n)]
        if kind == T_REFS:
            return [self.ref() for _ in range(n)]
        if kind == T_BYTES:
            return list(self.take(n))
        out: dict[str, Any] = {}
        for _ in range(n):
            k = self.key()
            out[k] = self.value(depth + 1) if kind == T_DICT else self.byte()
        return out

    def _scalar(self, tag: int) -> Any:
        """Read the rest of a scalar value after its tag (not a small integer)."""
        if tag == T_NULL:
            return None
        if tag in (T_FALSE, T_TRUE):
            return tag == T_TRUE
        if tag == T_INT:
            z = self.varint()
            return z >> 1 if z % 2 == 0 else -((z + 1) >> 1)
        if tag == T_FLOAT:
            return struct.unpack(">d", self.take(8))[0]
        if tag == T_STR:
            return self.text()
        if tag == T_REF:
            return self.ref()
        if tag == T_HEX:
            return self.take(8).hex()
        raise self.fail(f"unknown tag {tag}")


def _container_tags() -> tuple[tuple[int, int], ...]:
    """Return, for each tag below T_SMALL, its container kind and folded size (-1: a varint size follows), or
    (-1, -1) for a scalar or unknown tag."""
    table = [(-1, -1)] * T_SMALL
    for folded, kind in ((T_LIST_N, T_LIST), (T_REFS_N, T_REFS), (T_BYTES_N, T_BYTES), (T_DICT_N, T_DICT)):
        for n in range(16):
            table[folded + n] = (kind, n)
    for kind in (T_LIST, T_DICT, T_REFS, T_BYTES, T_INTDICT, T_RECORDS):
        table[kind] = (kind, -1)
    return tuple(table)


_CONTAINERS = _container_tags()


def _unpack(code: object) -> tuple[_Reader, CodeInfo, bytes, int]:
    """Check a code's text, length and checksum and read its header.

    Returns the reader (at the body), the header info, the vocabulary tag and the flags.
    """
    if not isinstance(code, str):
        raise CodeMalformedError(f"a position code is text, not {type(code).__name__}")
    text = "".join(code.split())  # a code copied across lines keeps working
    if len(text) > MAX_CODE_CHARS:
        raise CodeMalformedError(f"the position code is {len(text)} characters long; the limit is {MAX_CODE_CHARS}")
    if not text.startswith(PREFIX):
        match = re.match(r"st(\d+)\.", text)
        if match and match.group(1) != PREFIX[2:-1]:
            raise CodeVersionError(
                f"this position code has format {match.group(1)}, which this app does not read (it reads "
                f"format {PREFIX[2:-1]}); a newer app may open it")
        raise CodeMalformedError(f"this is not a position code: a code starts with {PREFIX!r}")
    payload = text[len(PREFIX):]
    bad = _B64URL.match(payload)
    assert bad is not None
    if bad.end() != len(payload):
        raise CodeMalformedError(
            f"the position code holds {payload[bad.end()]!r} at character {len(PREFIX) + bad.end() + 1}; a code "
            "holds only letters, digits, '-' and '_'")
    if len(payload) % 4 == 1:
        raise CodeTruncatedError("the position code is cut short: it ends in the middle of a character group")
    blob = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    head = _Reader(blob)
    try:
        body_len = head.varint()
        number = head.byte()
        game_id = head.text() if number == 0 else next((g for g, n in BUILTIN_GAMES.items() if n == number), "")
        rules = head.text()
        tag = head.take(2)
        flags = head.byte()
    except CodeMalformedError:
        raise CodeTruncatedError("the position code is cut short: its header is incomplete") from None
    need = head.at + body_len + 4
    if len(blob) < need:
        want = len(PREFIX) + (need * 4 + 2) // 3
        raise CodeTruncatedError(
            f"the position code is cut short: it should be {want} characters long, not {len(text)}")
    if len(blob) > need:
        raise CodeMalformedError(f"the position code has {len(blob) - need} bytes more than its header says")
    if hashlib.sha256(blob[:-4]).digest()[:4] != blob[-4:]:
        raise CodeChecksumError(
            "the position code does not match its checksum: a character was mistyped or changed")
    if not game_id:
        raise CodeMalformedError(f"the position code names game number {number}, which does not exist")
    return head, CodeInfo(game_id, rules, bool(flags & FLAG_HISTORY)), tag, flags


def peek(code: str) -> CodeInfo:
    """Return a code's game, rules version and history flag after checking its text, length and checksum.

    Raises:
        PositionCodeError: one of its subclasses, naming the problem.
    """
    return _unpack(code)[1]


def decode(book: Codebook, code: str) -> dict[str, Any]:
    """Return the state JSON a code made under this codebook's own rules version holds (its history keys start empty
    when the code left them out); ``Game.state_from_code`` reads any version (``read``) and migrates it.

    Raises:
        CodeMalformedError: not a position code, or damaged contents.
        CodeTruncatedError: cut short.
        CodeChecksumError: mistyped or changed.
        CodeGameError: a code of another game.
        CodeVersionError: made for other rules (an older or newer rules version, or another rules build).
    """
    data, version = read(book, code)
    if version != book.rules_version:
        raise CodeVersionError(
            f"this position code was made for the {version} rules of {book.name}, not the {book.rules_version} rules")
    return data


def words_for(book: Codebook, version: str, tag: bytes) -> tuple[str, ...]:
    """Return the vocabulary a code of this rules version and vocabulary tag was written with (current or archived).

    Raises:
        CodeVersionError: no build this app knows wrote such a code (newer rules, or an unreleased build).
    """
    if version == book.rules_version and tag == _vocab_tag(book.words):
        return book.words
    for old_version, old_tag, words in book.archive:
        if old_version == version and old_tag == tag.hex():
            return words
    if not any(v == version for v, _, _ in book.archive) and version != book.rules_version:
        raise CodeVersionError(
            f"this position code was made for the {version} rules of {book.name}, which this app does not know "
            f"(it plays the {book.rules_version} rules): a newer version of the app may open it")
    raise CodeVersionError(
        f"this position code was made by a build of the {version} rules of {book.name} that this app does not "
        "know (its card list differs): it was never released, so the code must be made again")


def read(book: Codebook, code: str) -> tuple[dict[str, Any], str]:
    """Return the state JSON a code holds and the rules version it was made under, for the game of this codebook.

    A code of an older rules version is read with that version's vocabulary (``Codebook.archive``); its JSON is in
    that version's shape, for ``positionmigrations.migrate_position``. The history keys start empty when the code left
    them out.

    Raises:
        CodeMalformedError: not a position code, or damaged contents.
        CodeTruncatedError: cut short.
        CodeChecksumError: mistyped or changed.
        CodeGameError: a code of another game.
        CodeVersionError: made by a build this app does not know (newer rules, or an unreleased build).
    """
    reader, info, tag, flags = _unpack(code)
    if info.game != book.game:
        raise CodeGameError(f"this position code is for {info.game!r}, not {book.game!r}")
    words = words_for(book, info.rules_version, tag)
    budget = BUDGETS.get(book.game, DEFAULT_BUDGET)
    too_large = (f"the position code is damaged: its contents are larger than {budget.bytes} bytes, more than a "
                 "state of this game holds")
    body = reader.data[reader.at:-4]
    if flags & FLAG_DEFLATED:
        unpacker = zlib.decompressobj(-15)
        try:
            body = unpacker.decompress(body, budget.bytes + 1)  # inflates no further, however it was packed
        except zlib.error as exc:
            raise CodeMalformedError(
                f"the position code is damaged: its packed contents do not unpack ({exc})") from None
        if len(body) <= budget.bytes and not unpacker.eof:
            raise CodeMalformedError("the position code is damaged: its packed contents are incomplete")
    if len(body) > budget.bytes:
        raise CodeMalformedError(too_large)
    values = _Reader(body, words, budget.items)
    values.spend(1)
    data = values.value()
    if values.at != len(body):
        raise values.fail("bytes are left over after the position")
    if not isinstance(data, dict):
        raise CodeMalformedError("the position code does not hold a game state")
    if not info.history:
        for key in book.history_keys:
            data.setdefault(key, [])
    return data, info.rules_version
