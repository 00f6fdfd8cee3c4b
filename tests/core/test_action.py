"""Action: the canonical text form, parsing, and malformed input refused with InvalidActionError."""

from __future__ import annotations

import pytest

from pyengine.core.api import Action, Game
from pyengine.core.errors import InvalidActionError


@pytest.mark.parametrize(("text", "canonical"), [
    ("explore", "explore"),
    ("place world=gem_world-1", "place world=gem_world-1"),
    ("place world=gem_world-1 dev=survey", "place dev=survey world=gem_world-1"),
    ("  place   dev=survey\tworld=gem_world-1  ", "place dev=survey world=gem_world-1"),
    ("keep discard=a-0,b-1", "keep discard=a-0,b-1"),
    ("tick condition=six_worlds", "tick condition=six_worlds"),
    ("x9_y k=A.b,c:d+e-f_0", "x9_y k=A.b,c:d+e-f_0"),
    ("score_against card=c-0 seat=2", "score_against card=c-0 seat=2"),
])
def test_parse_gives_the_canonical_text_with_sorted_parameters(text: str, canonical: str) -> None:
    """parse accepts extra whitespace and any parameter order; str() is canonical with sorted keys."""
    a = Action.parse(text)
    assert str(a) == canonical
    assert Action.parse(canonical) == a
    assert [k for k, _ in a.params] == sorted(k for k, _ in a.params)


def test_make_sorts_parameters_stringifies_values_and_drops_none() -> None:
    """Action.make sorts keys, turns ints into text and leaves out None values."""
    a = Action.make("score_against", seat=2, card="c-0", note=None)
    assert a == Action("score_against", (("card", "c-0"), ("seat", "2")))
    assert str(a) == "score_against card=c-0 seat=2"
    assert Action.make("explore") == Action("explore", ())


def test_get_returns_a_parameter_or_the_default() -> None:
    """get(key) returns the value text, or the default when the key is absent."""
    a = Action.parse("place dev=survey world=w-0")
    assert a.get("dev") == "survey"
    assert a.get("world") == "w-0"
    assert a.get("second") is None
    assert a.get("second", "none") == "none"


def test_equal_actions_hash_equal_and_differ_by_any_parameter() -> None:
    """Actions are equal (and hash equal) exactly when kind and parameters are equal."""
    a = Action.parse("place world=w-0 dev=d-1")
    b = Action.parse("place dev=d-1 world=w-0")
    assert a == b and hash(a) == hash(b)
    assert a != Action.parse("place dev=d-1 world=w-1")
    assert a != Action.parse("plays dev=d-1 world=w-0")
    assert a != Action.parse("place world=w-0")
    assert len({a, b, Action.parse("explore")}) == 2


def test_actions_are_frozen() -> None:
    """Assigning to an action's fields raises AttributeError: actions are immutable."""
    a = Action.parse("explore")
    with pytest.raises(AttributeError):
        a.kind = "place"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.params = (("x", "1"),)  # type: ignore[misc]


def test_repr_is_pasteable_code() -> None:
    """repr(a) is Action.parse('<text>') and evaluates back to an equal action."""
    a = Action.parse("place world=w-0 dev=d-1")
    assert repr(a) == "Action.parse('place dev=d-1 world=w-0')"
    assert eval(repr(a), {"Action": Action}) == a


def test_actions_sort_by_kind_then_parameters() -> None:
    """Actions are ordered (kind first, then parameters), so sets of them can be listed canonically."""
    acts = [Action.parse(t) for t in ("pay card=b-0", "explore", "pay card=a-0", "place world=z-0")]
    assert [str(a) for a in sorted(acts)] == ["explore", "pay card=a-0", "pay card=b-0", "place world=z-0"]


def test_game_parse_action_defaults_to_action_parse() -> None:
    """Game.parse_action parses the same canonical text as Action.parse."""
    parsed = Game.parse_action(None, "place world=w-0 dev=d-1")  # type: ignore[arg-type]
    assert parsed == Action("place", (("dev", "d-1"), ("world", "w-0")))


@pytest.mark.parametrize("text", [
    "",
    "   ",
    "\n\t",
    "Place world=w-0",
    "PLACE",
    "9place",
    "_place",
    "pl-ace",
    "place world",
    "place world=",
    "place =w-0",
    "place World=w-0",
    "place 9world=w-0",
    "place world=w-0 world=w-1",
    "place world=w-0 world=w-0",
    "place world=a=b",
    "place world=<b>x</b>",
    "place world=w 0",
    "place world=caf\u00e9",
    "place world=w;rm",
    "place world=\"w\"",
    "place world=w/0",
    "=",
    "place =",
])
def test_malformed_text_raises_invalid_action_error_quoting_it(text: str) -> None:
    """Each malformed text raises InvalidActionError (code action/invalid) whose message quotes the text."""
    with pytest.raises(InvalidActionError) as info:
        Action.parse(text)
    assert info.value.code == "action/invalid"
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 42, 4.2, b"explore", ["explore"], {"kind": "explore"}])
def test_non_string_input_raises_invalid_action_error_quoting_it(value: object) -> None:
    """parse of a non-string raises InvalidActionError whose message quotes the value."""
    with pytest.raises(InvalidActionError) as info:
        Action.parse(value)  # type: ignore[arg-type]
    assert repr(value) in str(info.value)


def test_error_messages_name_the_bad_parameter() -> None:
    """The message points at the bad token or the repeated key, not just the whole text."""
    with pytest.raises(InvalidActionError, match="'world='"):
        Action.parse("place dev=d-0 world=")
    with pytest.raises(InvalidActionError, match="'dev' given twice"):
        Action.parse("place dev=a-0 dev=b-0")
    with pytest.raises(InvalidActionError, match="action kind"):
        Action.parse("Place")
