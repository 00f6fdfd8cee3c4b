"""The English catalog reads as English (issue 30): no "(s)", a plural form wherever a number counts a noun, no
doubled signs, sentences that start with a capital, and the games' own symbols. Every broken string players reported
is formatted here with the arguments that broke it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyengine.core.icu import Arg, Choice, Part, english_format, parse

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted([ROOT / "web/app/locales/en.json", *ROOT.glob("web/app/games/*/locales/en.json"),
                   *ROOT.glob("pyengine/games/*/locales/en.json"), *ROOT.glob("pyengine/locales/en.json")])


def english() -> dict[str, str]:
    """Every English message of the page's and the engine's catalogs (a second-person form under ``<id>#you``)."""
    out: dict[str, str] = {}
    for path in CATALOGS:
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            if isinstance(value, str):
                out[key] = value
            elif isinstance(value, list | tuple):  # [third person, second person]
                for i, v in enumerate(value):
                    out[f"{key}#{i}"] = str(v)
    return out


MESSAGES = english()

# Nouns that a number counts in this project's texts: after a bare {number} they must be in a plural form's cases.
COUNTED = ("cards?", "players?", "ships?", "rounds?", "games?", "moves?", "events?", "spaces?", "techs?",
           "discs?", "cubes?", "colonies", "colony", "systems?", "jumps?", "steps?", "actions?", "choices?",
           "slots?", "tiles?", "oceans?", "forests?", "plants", "points?", "turns?", "seconds?", "minutes?",
           "hours?", "days?", "saved games?", "decisions?", "lines?", "files?", "levels?", "markers?", "wins?")
COUNT_ARGS = "n|m|count|left|need|of|total|k|num|games|slots|players"
BARE_COUNT = re.compile(r"(?<![-\w])(?<!level )\{(?:" + COUNT_ARGS + r")\}\s+(?:" + "|".join(COUNTED) + r")\b")
MINUS = "\u2212"
DOUBLED_SIGN = re.compile(r"(?:^|[\s(])[+\-" + MINUS + r"]\s*[+\-" + MINUS + r"]\s*[\d{]|\+\s*\+|\+\s*-\s*\d")
YOU_LOWER = re.compile(r"^(?:you|your|we|the|a|an|it|this|there)\b.*[.!?]$")


def walk_text(parts: tuple[Part, ...], inside_plural: bool = False) -> list[tuple[str, bool]]:
    """Return every literal run of a parsed message, each with whether it lies inside a plural case."""
    out: list[tuple[str, bool]] = []
    for p in parts:
        if isinstance(p, str):
            out.append((p, inside_plural))
        elif isinstance(p, Choice):
            for _, body in p.cases:
                out += walk_text(body, inside_plural or p.type == "plural")
        elif isinstance(p, Arg):
            out.append(("{" + p.name + "}", inside_plural))
    return out


def plural_choices(parts: tuple[Part, ...]) -> list[Choice]:
    """Return every plural argument of a parsed message, at any depth."""
    out: list[Choice] = []
    for p in parts:
        if isinstance(p, Choice):
            if p.type == "plural":
                out.append(p)
            for _, body in p.cases:
                out += plural_choices(body)
    return out


def flat(text: str) -> str:
    """Return a message with its plural and select arguments reduced to their literal text and ``{name}`` arguments
    kept as written, for the pattern checks."""
    parts = parse(text)
    pieces = []
    for p in parts:
        if isinstance(p, str):
            pieces.append(p)
        elif isinstance(p, Arg):
            pieces.append("{" + p.name + "}")
        else:
            pieces.append("\x00")  # a choice: its own cases are judged separately
    return "".join(pieces)


def test_the_catalogs_are_found_and_parse() -> None:
    """Every catalog file is read, and every message is valid ICU MessageFormat."""
    assert len(CATALOGS) >= 7, CATALOGS
    assert len(MESSAGES) > 1000
    for key, text in MESSAGES.items():
        parse(text)  # raises on a broken message
        assert key


def test_no_message_writes_a_plural_as_s_in_brackets() -> None:
    """'card(s)', 'game(s)': a plural form of the catalog says it instead."""
    bad = {k: v for k, v in MESSAGES.items() if re.search(r"\w\(s\)|\(es\)", v)}
    assert not bad, bad


def test_a_counted_noun_after_a_bare_number_is_a_plural_form() -> None:
    """'{n} players' reads "1 players" when n is 1: a number that counts a noun is a plural argument whose one and
    other cases name the noun ("Setup for 1 player")."""
    bad = {k: v for k, v in MESSAGES.items() if BARE_COUNT.search(flat(v)) and not counted_by_key(k)}
    assert not bad, bad


def counted_by_key(key: str) -> bool:
    """Whether the code picks this message by the count itself: a pair of ids for one and for many ("jd.log.pays" and
    "jd.log.pays_one", "….one" and "….many"), the second-person form of either included."""
    base = key.split("#")[0].removesuffix(".you")
    if base.endswith((".one", "_one", ".many", "_many")):
        return True
    return any(f"{base}{s}" in MESSAGES for s in ("_one", ".one"))


def test_every_plural_has_a_one_and_an_other_case() -> None:
    """A plural argument without a 'one' (or '=1') case uses its other form for 1: "1 cards"."""
    bad = {}
    for key, text in MESSAGES.items():
        for choice in plural_choices(parse(text)):
            cases = {k for k, _ in choice.cases}
            if "other" not in cases or not ({"one", "=1"} & cases or choice.offset):
                bad[key] = text
    assert not bad, bad


def test_the_one_case_of_a_plural_does_not_name_a_plural_noun() -> None:
    """In '{n, plural, one {# cards} ...}' the one case would still read "1 cards"."""
    plural_noun = re.compile(r"#\s+(?:" + "|".join(c.rstrip("?") + "s" for c in COUNTED if c.endswith("?")) + r")\b")
    bad = {}
    for key, text in MESSAGES.items():
        for choice in plural_choices(parse(text)):
            for case, body in choice.cases:
                literal = "".join("#" if not isinstance(b, str | Arg | Choice) else b if isinstance(b, str) else ""
                                  for b in body)
                if case in ("one", "=1") and plural_noun.search(literal):
                    bad[key] = text
    assert not bad, bad


def test_no_doubled_signs() -> None:
    """'VP 0 + +1': a sign written before an argument or number that already carries one, or two signs in a row."""
    bad = {k: v for k, v in MESSAGES.items() if DOUBLED_SIGN.search(flat(v))}
    assert not bad, bad


def test_sentences_start_with_a_capital() -> None:
    """A message that is a whole sentence (it ends with a full stop, a question or an exclamation mark) starts with a
    capital letter: "You lose together", not "you lose together"."""
    bad = {k: v for k, v in MESSAGES.items() if YOU_LOWER.match(flat(v).strip())}
    assert not bad, bad


def test_no_dollar_sign_for_money() -> None:
    """Ares counts money in M€ and Jump Drive pays in cards: no message writes '$'."""
    bad = {k: v for k, v in MESSAGES.items() if "$" in v}
    assert not bad, bad


@pytest.mark.parametrize(("key", "args", "expected"), [
    # "You wins!" when seat 0 is a bot named You: the outcome's second person ("You win!") is chosen by the viewer,
    # and a seat's default name is its kind, never You (tests/browser/test_shell.py checks the screen).
    ("btsui.pawn_of", {"you": "yes", "name": "You"}, "Your pawn"),  # not "You's pawn"
    ("btsui.pawn_of", {"you": "no", "name": "Bot 2"}, "Bot 2's pawn"),
    ("btsui.ships_aria", {"name": "Bot", "n": 1, "level": "I"}, "Bot: 1 ship of level I"),  # not "1 ships"
    ("ares.log.setup", {"n": 1, "mode": "solo"}, "Setup for 1 player (solo)"),  # not "Setup for 1 players"
    ("jdui.select.too_many", {"n": 1}, "Too many: unselect 1 card."),  # not "Discarding 3 of 2"
    ("card.fact.level", {"n": "2"}, "Level II"),  # the game prints I, II, III and IIII, not "Level 1/2"
    ("card.fact.level", {"n": "4"}, "Level IIII"),
])
def test_each_reported_string_now_reads_right(key: str, args: dict[str, object], expected: str) -> None:
    """Each broken string players reported, formatted with the arguments that broke it."""
    assert english_format(MESSAGES[key], args) == expected


def test_reported_words_are_gone_from_the_catalog() -> None:
    """'discard 2 more card(s)', 'you lose together' in lower case, 'Keep 0' and 'Choose a card to keep' above
    'Keep 2 of these 5': none of these texts can be formed any more."""
    joined = "\n".join(MESSAGES.values())
    assert "more card(s)" not in joined
    assert not re.search(r"(?m)^you lose together", joined)
    keep_prompts = [v for k, v in MESSAGES.items() if k.startswith("ares.prompt.keep")]
    assert keep_prompts and all("{n, plural" in v for v in keep_prompts), keep_prompts
    assert english_format(MESSAGES["aresui.pick.keep_confirm"], {"n": 0, "left": 2}) != "Keep 0"
