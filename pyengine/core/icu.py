"""ICU MessageFormat, the format of every player-facing text: parsing, checking and English formatting.

The catalogs (each game's ``locales/<lang>.json``, the page's own ``web/app/locales/<lang>.json``) hold messages in
ICU MessageFormat, which the page formats with ``intl-messageformat`` and CLDR's plural rules. This module reads the
same syntax for the engine's side: it checks every message when a catalog loads (a syntax error, or arguments that
differ from English, is an error at once) and formats English for the CLI, the tests and the labels the engine
returns. It reads the subset the catalogs use, with the same meaning as ``intl-messageformat`` (tags off):

* ``{name}`` an argument, ``{name, number}`` a number;
* ``{name, plural, =0 {...} one {...} other {...}}`` (and ``selectordinal``), where ``#`` is the number;
* ``{name, select, a {...} other {...}}``;
* an apostrophe quotes a syntax character (``'{'`` is a brace, ``''`` an apostrophe); any other one is itself.

>>> english_format("{n, plural, one {# card} other {# cards}} for {who}", {"n": 1, "who": "Ann"})
'1 card for Ann'
>>> sorted(arguments(parse("{who} pays {n, plural, one {# card} other {# cards}}")))
['n', 'who']
>>> parse("{n, plural, one {x}}")
Traceback (most recent call last):
...
pyengine.core.icu.MessageSyntaxError: a plural needs an 'other' case at 19 in '{n, plural, one {x}}'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

CHOICE_TYPES = ("plural", "selectordinal", "select")
"""The argument types that choose a sub-message by the argument's value."""
SIMPLE_TYPES = ("number",)
"""The argument types that format the value itself."""
PLURAL_KEYWORDS = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories: a plural case is one of these or ``=N``."""


class MessageSyntaxError(ValueError):
    """A message is not valid ICU MessageFormat (the text says where)."""


@dataclass(frozen=True)
class Arg:
    """An argument: ``{name}``, or ``{name, number}``."""

    name: str
    type: str = ""


@dataclass(frozen=True)
class Choice:
    """A plural, selectordinal or select argument with its cases, each a sub-message."""

    name: str
    type: str
    cases: tuple[tuple[str, tuple[Part, ...]], ...]
    offset: int = 0


@dataclass(frozen=True)
class Pound:
    """``#`` inside a plural case: the number, less the offset."""


Part = str | Arg | Choice | Pound
"""One piece of a parsed message."""


class _Reader:
    """A cursor over one message's text, for the recursive parser."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, why: str) -> MessageSyntaxError:
        """Return the syntax error for the cursor's position."""
        return MessageSyntaxError(f"{why} at {self.at} in {self.text!r}")

    def peek(self) -> str:
        """Return the next character, or "" at the end."""
        return self.text[self.at] if self.at < len(self.text) else ""

    def skip_space(self) -> None:
        """Move past white space."""
        while self.peek().isspace():
            self.at += 1

    def word(self) -> str:
        """Read an identifier (letters, digits, ``_``, ``-``, ``=`` and ``:``, as ICU's names and keys allow)."""
        start = self.at
        while self.peek() and (self.peek().isalnum() or self.peek() in "_-=:."):
            self.at += 1
        return self.text[start:self.at]

    def expect(self, char: str) -> None:
        """Consume one character, which must be ``char``."""
        if self.peek() != char:
            raise self.fail("an unclosed argument" if not self.peek() else f"expected {char!r}")
        self.at += 1


def _message(r: _Reader, in_plural: bool, nested: bool) -> tuple[Part, ...]:
    """Parse a message (or a case's sub-message, up to its closing brace) into parts."""
    parts: list[Part] = []
    buf: list[str] = []

    def flush() -> None:
        if buf:
            parts.append("".join(buf))
            buf.clear()

    while r.at < len(r.text):
        c = r.peek()
        if c == "'":
            nxt = r.text[r.at + 1] if r.at + 1 < len(r.text) else ""
            if nxt == "'":
                buf.append("'")
                r.at += 2
            elif nxt in "{}" or (in_plural and nxt == "#"):
                r.at += 1
                while True:  # a quoted stretch: up to the next lone apostrophe, '' inside is one
                    if r.at >= len(r.text):
                        raise r.fail("an unclosed quote")
                    if r.peek() == "'":
                        if r.text[r.at + 1:r.at + 2] == "'":
                            buf.append("'")
                            r.at += 2
                            continue
                        r.at += 1
                        break
                    buf.append(r.peek())
                    r.at += 1
            else:
                buf.append("'")
                r.at += 1
        elif c == "{":
            flush()
            parts.append(_argument(r))
        elif c == "}":
            if not nested:
                raise r.fail("an unmatched '}'")
            break
        elif c == "#" and in_plural:
            flush()
            parts.append(Pound())
            r.at += 1
        else:
            buf.append(c)
            r.at += 1
    flush()
    return tuple(parts)


def _argument(r: _Reader) -> Part:
    """Parse one ``{...}`` argument, the cursor on its opening brace."""
    r.expect("{")
    r.skip_space()
    name = r.word()
    if not r.peek():
        raise r.fail("an unclosed argument")
    if not name or not (name[0].isalpha() or name[0] == "_" or name.isdigit()):
        raise r.fail("an argument needs a name")
    r.skip_space()
    if r.peek() == "}":
        r.at += 1
        return Arg(name)
    r.expect(",")
    r.skip_space()
    kind = r.word()
    r.skip_space()
    if kind in SIMPLE_TYPES:
        if r.peek() == ",":
            raise r.fail(f"a {kind} style is not used in this project's catalogs")
        r.expect("}")
        return Arg(name, kind)
    if kind not in CHOICE_TYPES:
        raise r.fail(f"unknown argument type {kind!r}")
    r.expect(",")
    r.skip_space()
    offset = 0
    if kind != "select" and r.text.startswith("offset:", r.at):
        r.at += len("offset:")
        digits = r.word()
        if not digits.isdigit():
            raise r.fail("an offset needs a number")
        offset = int(digits)
        r.skip_space()
    cases: list[tuple[str, tuple[Part, ...]]] = []
    while r.peek() != "}":
        key = r.word()
        if not key:
            raise r.fail("a case needs a key")
        if kind != "select" and not (key in PLURAL_KEYWORDS or (key.startswith("=") and key[1:].isdigit())):
            raise r.fail(f"{key!r} is not a plural case (zero, one, two, few, many, other or =N)")
        if any(key == k for k, _ in cases):
            raise r.fail(f"the case {key!r} appears twice")
        r.skip_space()
        r.expect("{")
        body = _message(r, in_plural=kind != "select", nested=True)
        r.expect("}")
        cases.append((key, body))
        r.skip_space()
        if not r.peek():
            raise r.fail("an unclosed argument")
    if not any(k == "other" for k, _ in cases):
        raise r.fail(f"a {kind} needs an 'other' case")
    r.at += 1
    return Choice(name, kind, tuple(cases), offset)


_SIMPLE = re.compile(r"[^{}']*(?:\{[A-Za-z_]\w*\}[^{}']*)*")
"""A message of plain text and ``{name}`` arguments only, with no quote: most messages, read without the parser."""
_PARSED: dict[str, tuple[Part, ...]] = {}


def parse(text: str) -> tuple[Part, ...]:
    """Parse one message (each text once: the result is kept).

    Raises:
        MessageSyntaxError: the text is not valid ICU MessageFormat (the message says where).
    """
    parsed = _PARSED.get(text)
    if parsed is None:
        if _SIMPLE.fullmatch(text):
            pieces = re.split(r"\{([A-Za-z_]\w*)\}", text)
            parsed = tuple(Arg(p) if i % 2 else p for i, p in enumerate(pieces) if p or i % 2)
        else:
            parsed = _message(_Reader(text), in_plural=False, nested=False)
        _PARSED[text] = parsed
    return parsed


def arguments(parts: tuple[Part, ...]) -> set[str]:
    """Return the names of every argument a parsed message uses, at any depth."""
    out: set[str] = set()
    for p in parts:
        if isinstance(p, Arg):
            out.add(p.name)
        elif isinstance(p, Choice):
            out.add(p.name)
            for _, body in p.cases:
                out |= arguments(body)
    return out


def first_argument(parts: tuple[Part, ...]) -> str | None:
    """Return the name of the argument a message starts with (its grammatical subject), or None."""
    return parts[0].name if parts and isinstance(parts[0], Arg) else None


def english_plural(n: float) -> str:
    """Return English's CLDR plural category of a number: "one" for exactly 1, else "other"."""
    return "one" if n == 1 and float(n).is_integer() else "other"


def _number(value: Any) -> float:
    """Return an argument's value as a number for choosing a plural case (0 for anything else)."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def _english_number(n: float) -> str:
    """Return a number as English writes it in running text: digit groups, no trailing ``.0``."""
    return f"{int(n):,}" if float(n).is_integer() else f"{n:,}"


def _format(parts: tuple[Part, ...], values: Mapping[str, Any], pound: float | None) -> str:
    """Format parsed parts with string-able values (English plural rules)."""
    out: list[str] = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
        elif isinstance(p, Pound):
            out.append(_english_number(pound if pound is not None else 0))
        elif isinstance(p, Arg):
            value = values.get(p.name, "{" + p.name + "}")
            out.append(_english_number(_number(value)) if p.type == "number" else str(value))
        else:
            value = values.get(p.name)
            cases = dict(p.cases)
            if p.type == "select":
                body = cases.get(str(value), cases["other"])
                out.append(_format(body, values, pound))
                continue
            n = _number(value)
            exact = f"={int(n)}" if n.is_integer() else ""
            key = exact if exact in cases else english_plural(n - p.offset) if p.type == "plural" else "other"
            out.append(_format(cases.get(key, cases["other"]), values, n - p.offset))
    return "".join(out)


def english_format(text: str, values: Mapping[str, Any]) -> str:
    """Format a message in English: each argument by its value's text, plural cases by English's rules.

    An argument without a value stays visible as ``{name}`` (so a missing one shows, as on the page).
    """
    return _format(parse(text), values, None)


def _quote(text: str, in_plural: bool) -> str:
    """Return literal text as a message writes it: apostrophes doubled, braces (and ``#`` in a plural) quoted."""
    out = text.replace("'", "''")
    for char in "{}" + ("#" if in_plural else ""):
        out = out.replace(char, f"'{char}'")
    return out


def write(parts: tuple[Part, ...], in_plural: bool = False) -> str:
    """Return the message text of parsed parts: ``parse(write(parts)) == parts``.

    >>> write(parse("{n, plural, one {# card '{'x'}'} other {# cards}} for {who}"))
    "{n, plural, one {# card '{'x'}'} other {# cards}} for {who}"
    """
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(_quote(part, in_plural))
        elif isinstance(part, Pound):
            out.append("#")
        elif isinstance(part, Arg):
            out.append(f"{{{part.name}, {part.type}}}" if part.type else f"{{{part.name}}}")
        else:
            offset = f"offset:{part.offset} " if part.offset else ""
            cases = " ".join(f"{key} {{{write(body, part.type != 'select')}}}" for key, body in part.cases)
            out.append(f"{{{part.name}, {part.type}, {offset}{cases}}}")
    return "".join(out)


def map_text(parts: tuple[Part, ...], change: Any) -> tuple[Part, ...]:
    """Return parsed parts with every literal piece of text (at any depth) replaced by ``change(piece)``."""
    out: list[Part] = []
    for part in parts:
        if isinstance(part, str):
            out.append(change(part))
        elif isinstance(part, Choice):
            cases = tuple((k, map_text(b, change)) for k, b in part.cases)
            out.append(Choice(part.name, part.type, cases, part.offset))
        else:
            out.append(part)
    return tuple(out)
