"""The saved Ares positions for the browser tests (tests/fixtures/ares/*.json, written by make_positions.py).

Each file must load as a real save with seat 0 ("You", human) to move, and seat 0's ``view["table"]`` must show the
situation the file is named after. If the rules change and a position no longer shows its situation (or no longer
replays), rerun ``python tests/fixtures/ares/make_positions.py``.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import pyengine
from pyengine.core.match import Match

from .helpers import words

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "ares"
NAMES = ("unplayable_zone", "steel_discount", "advanced_alloys", "blue_action", "research_keep", "forced_conversion",
         "last_round_phase", "coop_swap", "solo_ordering")


def script() -> ModuleType:
    """Import make_positions.py (a script, not a package module)."""
    spec = importlib.util.spec_from_file_location("make_positions", FIXTURES / "make_positions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load(name: str) -> tuple[Match, dict[str, Any]]:
    """Load one saved position; return the match and seat 0's table."""
    match = Match.from_save(json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8")))
    return match, match.state.view(0)["table"]


def test_the_script_writes_exactly_the_named_positions() -> None:
    """Fixtures: make_positions.py knows the nine situations, and each has its saved file (and no other)."""
    assert tuple(script().SITUATIONS) == NAMES
    assert sorted(p.stem for p in FIXTURES.glob("*.json")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_position_loads_with_you_to_move_and_shows_its_situation(name: str) -> None:
    """Fixtures: each save loads (Match.from_save) at the current rules version, seat 0 is "You" (human) and is
    to move, and the script's own check of its situation holds on seat 0's table."""
    match, t = load(name)
    assert match.seats[0] == {"name": "You", "kind": "human"}
    assert match.to_save()["rules_version"] == pyengine.load_game("ares_expedition").info.rules_version
    assert 0 in match.state.to_move() and match.state.legal_actions(0)
    assert script().SITUATIONS[name](match.state, t)


def test_unplayable_zone_position() -> None:
    """Fixture unplayable_zone: in phase I or II, a hand card says it needs a temperature or oxygen zone."""
    match, t = load("unplayable_zone")
    assert match.state.d["phase"] in (1, 2)
    blocked = [h for h in t["hand"] if not h["playable"] and h["reason"]["id"].startswith(
        ("ares.table.reason.req.temperature", "ares.table.reason.req.oxygen"))]
    assert blocked and words(blocked[0]["reason"]).startswith("Needs ")


def test_steel_and_advanced_alloys_positions() -> None:
    """Fixtures steel_discount and advanced_alloys: a building card's cost is lowered by steel (2 M€ each; 3 M€
    with Advanced Alloys in the tableau)."""
    _, t = load("steel_discount")
    steel = [x for h in t["hand"] if h["playable"] and "building" in h["tags"] for x in h["discounts"]
             if x["kind"] == "steel"]
    assert steel and steel[0]["each"] == 2
    _, t = load("advanced_alloys")
    assert "advanced-alloys" in [c["id"] for c in t["players"][0]["tableau"]["blue"]]
    assert any(x["kind"] in ("steel", "titanium") and x["each"] >= 3 for h in t["hand"] for x in h["discounts"])


def test_action_and_question_positions() -> None:
    """Fixtures blue_action, research_keep, forced_conversion, last_round_phase, coop_swap, solo_ordering: each
    shows its action, question or reason, with legal action texts."""
    match, t = load("blue_action")
    legal = {str(a) for a in match.state.legal_actions(0)}
    acts = [a["a"] for c in t["players"][0]["tableau"]["blue"] for a in c["actions"]]
    assert acts and set(acts) <= legal
    _, t = load("research_keep")
    q = t["question"]
    assert q["kind"] == "keep" and q["research"] and q["keep"] >= 1 and q["of"] > q["keep"]
    match, t = load("forced_conversion")
    assert t["forced_conversion"] is not None and "done" not in {str(a) for a in match.state.legal_actions(0)}
    _, t = load("last_round_phase")
    last = t["phases"]["last"]
    assert t["question"]["kind"] == "phase" and t["phases"]["cards"][last - 1]["a"] is None
    _, t = load("coop_swap")
    assert t["coop"] is not None and t["question"]["kind"] == "swap" and t["coop"]["swap"]
    _, t = load("solo_ordering")
    assert t["solo"]["ordering"] == {"left": [1, 2, 3, 4, 5], "chosen": []} and t["question"]["kind"] == "dummy"
