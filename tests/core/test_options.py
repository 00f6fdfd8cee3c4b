"""GameInfo.resolve_options: defaults, unknown options, and wrong types for bool, int, choice and list options."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pyengine.core.api import GameInfo, OptionSpec
from pyengine.core.errors import BadOptionsError, EngineError

INFO = GameInfo(
    id="test_game", name="Test Game", min_players=1, max_players=4, rules_version="2026.1",
    options=(
        OptionSpec("fast", "bool", False, "Fast game", "Shorter rounds."),
        OptionSpec("target", "int", 50, "Target VP", minimum=1, maximum=200),
        OptionSpec("open", "int", 3, "Unbounded int"),
        OptionSpec("variant", "choice", "base", "Variant", choices=("base", "expert")),
        OptionSpec("used", "list", "", "Used conditions", choices=("a", "b", "c")),
    ))


def test_no_options_resolve_to_every_default() -> None:
    """None and {} both give every option at its default."""
    expected = {"fast": False, "target": 50, "open": 3, "variant": "base", "used": ""}
    assert INFO.resolve_options(None) == expected
    assert INFO.resolve_options({}) == expected
    assert INFO.defaults() == expected


def test_given_options_override_defaults_and_the_rest_are_filled_in() -> None:
    """Valid values replace their defaults; options not given keep theirs."""
    got = INFO.resolve_options({"fast": True, "target": 1, "variant": "expert", "used": "c,a"})
    assert got == {"fast": True, "target": 1, "open": 3, "variant": "expert", "used": "c,a"}
    assert INFO.resolve_options({"target": 200})["target"] == 200
    assert INFO.resolve_options({"open": -10**9})["open"] == -10**9


def test_resolving_never_mutates_the_input_or_shares_the_result() -> None:
    """resolve_options leaves its argument alone and returns a fresh dict each call."""
    given = {"fast": True}
    first = INFO.resolve_options(given)
    first["target"] = 999
    assert given == {"fast": True}
    assert INFO.resolve_options(given)["target"] == 50
    assert INFO.defaults()["target"] == 50


def _refused(options: dict[str, Any]) -> BadOptionsError:
    with pytest.raises(BadOptionsError) as info:
        INFO.resolve_options(options)
    assert info.value.code == "options/invalid"
    assert isinstance(info.value, EngineError) and isinstance(info.value, ValueError)
    return info.value


def test_unknown_option_is_refused_naming_it_and_the_known_ones() -> None:
    """An option the game does not have raises BadOptionsError quoting it and listing the known options."""
    exc = _refused({"turbo": True})
    assert "'turbo'" in str(exc)
    assert "test_game" in str(exc)
    for name in ("fast", "target", "variant", "used"):
        assert name in str(exc)


@pytest.mark.parametrize("value", [1, 0, "true", "yes", None, [True]])
def test_bool_option_refuses_non_booleans(value: Any) -> None:
    """A bool option accepts only true or false, not 1, 0, strings or null."""
    exc = _refused({"fast": value})
    assert "'fast'" in str(exc) and repr(value) in str(exc)


@pytest.mark.parametrize("value", [True, False, "50", 50.0, 12.5, None, [50]])
def test_int_option_refuses_non_integers_including_bools(value: Any) -> None:
    """An int option refuses bools (an int subclass), strings, floats and null."""
    exc = _refused({"target": value})
    assert "'target'" in str(exc) and repr(value) in str(exc)


@pytest.mark.parametrize("value", [0, -1, 201, 10**9])
def test_int_option_refuses_values_out_of_range(value: int) -> None:
    """An int option with a minimum and maximum refuses values outside them."""
    exc = _refused({"target": value})
    assert "'target'" in str(exc) and "range" in str(exc) and repr(value) in str(exc)


@pytest.mark.parametrize("value", ["advanced", "Base", "", None, 1, ["base"]])
def test_choice_option_refuses_values_outside_its_choices(value: Any) -> None:
    """A choice option accepts only one of its listed choices, and lists them in the message."""
    exc = _refused({"variant": value})
    assert "'variant'" in str(exc) and "base" in str(exc) and "expert" in str(exc)


@pytest.mark.parametrize("value", ["a,b", "c", "", "b,a,c", "a,,b"])
def test_list_option_accepts_comma_separated_distinct_known_ids(value: str) -> None:
    """A list option accepts a comma-separated text of distinct ids from its choices (empty allowed)."""
    assert INFO.resolve_options({"used": value})["used"] == value


@pytest.mark.parametrize("value", ["d", "a,d", "a,a", "a,b,a", ["a", "b"], None, 1, True, "A"])
def test_list_option_refuses_unknown_or_repeated_ids_and_non_text(value: Any) -> None:
    """A list option refuses unknown ids, repeated ids, and anything that is not comma-separated text."""
    exc = _refused({"used": value})
    assert "'used'" in str(exc) and repr(value) in str(exc)


def test_option_specs_serialise_for_the_options_form() -> None:
    """GameInfo.to_json gives the page each option's name, type, default, label, help, choices and range."""
    data = json.loads(json.dumps(INFO.to_json()))
    assert data["id"] == "test_game" and data["rules_version"] == "2026.1"
    assert (data["min_players"], data["max_players"]) == (1, 4)
    by_name = {o["name"]: o for o in data["options"]}
    assert list(by_name) == ["fast", "target", "open", "variant", "used"]
    assert by_name["fast"] == {"name": "fast", "type": "bool", "default": False, "label": "Fast game",
                               "help": "Shorter rounds."}
    assert by_name["target"]["min"] == 1 and by_name["target"]["max"] == 200
    assert "min" not in by_name["open"] and "max" not in by_name["open"]
    assert by_name["variant"]["choices"] == ["base", "expert"]
    assert by_name["used"]["choices"] == ["a", "b", "c"]
