"""Catalog messages: locale files (``core.text.load_locale``) and the ICU MessageFormat they are written in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pyengine.core.icu import MessageSyntaxError, arguments, english_format, first_argument, parse
from pyengine.core.text import load_locale


def _locale(tmp_path: Path, content: Any) -> Path:
    """Write a locale file holding ``content`` as JSON and return its path."""
    path = tmp_path / "en.json"
    path.write_text(json.dumps(content, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


# --- load_locale -------------------------------------------------------------------------------------------------

def test_a_you_id_joins_the_id_before_it_as_its_second_person_form(tmp_path: Path) -> None:
    """load_locale: ``<id>.you`` becomes the second element of ``<id>``'s entry; other ids stay plain messages."""
    path = _locale(tmp_path, {"g.log.pays": "{seat} pays {n} M€", "g.log.pays.you": "You pay {n} M€",
                              "g.round": "Round {n}", "g.term.yours": "yours"})
    assert load_locale(path) == {"g.log.pays": ("{seat} pays {n} M€", "You pay {n} M€"), "g.round": "Round {n}",
                                 "g.term.yours": "yours"}


def test_a_you_id_without_its_message_is_refused(tmp_path: Path) -> None:
    """load_locale: a second-person form whose plain id is missing is an error that names the id."""
    path = _locale(tmp_path, {"g.round": "Round {n}", "g.log.pays.you": "You pay {n} M€"})
    with pytest.raises(ValueError, match=r"second-person forms without their message: \['g\.log\.pays\.you'\]"):
        load_locale(path)


@pytest.mark.parametrize("content", [["g.round", "Round {n}"], "Round {n}", {"g.round": 3}, {"g.round": None}])
def test_a_file_that_is_not_an_object_of_messages_is_refused(tmp_path: Path, content: Any) -> None:
    """load_locale: a list, a bare string, or an object whose values are not texts is not a locale file."""
    with pytest.raises(ValueError, match="a locale file is a JSON object of id -> message text"):
        load_locale(_locale(tmp_path, content))


# --- ICU MessageFormat -------------------------------------------------------------------------------------------

PLURAL = "{n, plural, =0 {no cards} one {# card} other {# cards}}"


@pytest.mark.parametrize(("n", "words"), [(0, "no cards"), (1, "1 card"), (2, "2 cards"), (1000, "1,000 cards")])
def test_plural_picks_the_exact_case_then_the_english_category(n: int, words: str) -> None:
    """ICU plural: ``=0`` wins for 0, then English's "one" for 1 and "other" for the rest; ``#`` is the number."""
    assert english_format(PLURAL, {"n": n}) == words


def test_select_picks_the_case_named_by_the_value_or_other() -> None:
    """ICU select: the case whose key is the value, else "other"; its arguments are the message's."""
    msg = "{who} takes {kind, select, cube {a cube} marker {a marker} other {something}}"
    assert english_format(msg, {"who": "Ann", "kind": "marker"}) == "Ann takes a marker"
    assert english_format(msg, {"who": "Ann", "kind": "token"}) == "Ann takes something"
    assert arguments(parse(msg)) == {"who", "kind"} and first_argument(parse(msg)) == "who"


def test_apostrophes_quote_syntax_characters_and_are_otherwise_themselves() -> None:
    """ICU quoting: ``'{'`` is a literal brace, ``''`` one apostrophe, and the apostrophe of "it's" is itself."""
    assert english_format("Use '{'n'}' for a number", {}) == "Use {n} for a number"
    assert english_format("Ann''s turn", {}) == "Ann's turn"
    assert english_format("it's {n}'s turn", {"n": "Bo"}) == "it's Bo's turn"
    assert arguments(parse("Use '{'n'}' here")) == set()
    assert english_format("{n, plural, one {'#' #} other {# '#'}}", {"n": 2}) == "2 #"


@pytest.mark.parametrize(("message", "error"), [
    ("Round {n", "an unclosed argument at 8 in 'Round {n'"),
    ("Round {", "an unclosed argument at 7 in 'Round {'"),
    ("{n, plural, one {# card} other {# cards}", "an unclosed argument at 40"),
    ("Round } n", "an unmatched '}' at 6"),
    ("{n, plural, one {# card}}", "a plural needs an 'other' case at 24"),
    ("{n, plural, few {x} lots {y} other {z}}", "'lots' is not a plural case (zero, one, two, few, many, other or =N)"
                                                " at 24"),
    ("{n, date}", "unknown argument type 'date' at 8"),
    ("'{unclosed", "an unclosed quote at 10"),
])
def test_a_syntax_error_says_what_and_where(message: str, error: str) -> None:
    """ICU syntax errors name the fault and its position: an unclosed or unmatched brace, a plural without "other"
    or with an unknown case, an unknown argument type, an unclosed quote."""
    with pytest.raises(MessageSyntaxError) as info:
        parse(message)
    assert str(info.value).startswith(error)


def test_the_quick_reading_of_plain_messages_is_the_parsers() -> None:
    """ICU: a message of plain text and ``{name}`` arguments is read without the full parser (most messages are);
    for every registered message the quick reading and the full parser give the same parts."""
    from pyengine.catalog import all_messages
    from pyengine.core import icu

    for entry in all_messages().values():
        for message in (entry["t"], entry.get("you")):
            if message is not None:
                assert icu.parse(message) == icu._message(icu._Reader(message), in_plural=False, nested=False)


@pytest.mark.parametrize(("entry", "why"), [
    ("Round {n", "an unclosed argument"),
    (("The pile", "You take it"), "does not start with its subject"),
    (("{seat} pays", "You pay {n}"), "uses arguments the other form lacks"),
])
def test_a_bad_message_is_refused_by_the_catalog(entry: object, why: str) -> None:
    """Catalog: a table registers at once (a game's start in the browser parses none of its messages), and
    ``catalog()``, which the build and the tests ask for, refuses a message that is not valid ICU or a second-person
    form that does not fit its message."""
    from pyengine.core import text as core_text

    core_text.register_messages("badmsg", {"badmsg.x": entry})  # type: ignore[dict-item]
    try:
        with pytest.raises(ValueError, match=why):
            core_text.catalog()
    finally:
        del core_text._TABLES["badmsg"]
    assert "badmsg.x" not in core_text.catalog()


def test_entries_made_from_data_come_when_first_needed() -> None:
    """Catalog: a table's entries that its data gives (``derived``) are made the first time one of its ids is not
    found, or when the whole catalog is asked for, and then once only."""
    from pyengine.core import text as core_text

    made: list[int] = []

    def derived() -> dict[str, str]:
        made.append(1)
        return {"lazy.card.x.name": "Card X"}

    core_text.register_messages("lazy", {"lazy.act.pick": "Pick {card}"}, derived=derived)
    try:
        assert not made
        assert core_text.english(core_text.text("lazy.act.pick", card=("text", "it"))) == "Pick it"
        assert not made, "a found id makes nothing"
        assert core_text.template("lazy.card.x.name") == "Card X" and made == [1]
        assert "lazy.card.x.name" in core_text.catalog() and made == [1]
    finally:
        del core_text._TABLES["lazy"]


# --- log lines: the header marker ----------------------------------------------------------------------------------

def test_a_log_line_carries_kind_only_when_it_opens_a_round_or_phase() -> None:
    """Message.to_json (issue 30, separators): a header line's entry has ``kind`` ("round" or "phase", the values of
    LOG_HEADER_KINDS); any other line's entry has no ``kind`` key at all."""
    from pyengine.core.api import LOG_HEADER_KINDS, Message

    assert LOG_HEADER_KINDS == ("round", "phase")
    header = Message("Round {n} begins", (("n", ("n", 2)),), id="x.log.round", kind="round")
    assert header.to_json() == {"t": "Round {n} begins", "args": {"n": {"n": 2}}, "id": "x.log.round", "kind": "round"}
    assert "kind" not in Message("The game ends", id="x.log.end").to_json()
