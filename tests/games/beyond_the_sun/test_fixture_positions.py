"""The saved Beyond the Sun positions for the browser tests (tests/fixtures/bts/*.json, written by make_positions.py).

Each file must load as a real save (``Match.from_save``, what the page's import hands to the bridge) with seat 0
("You", human) to move, and the situation it is named after must hold in the state and seat 0's legal actions. If
the rules change and a position no longer shows its situation (or no longer replays), rerun
``python tests/fixtures/bts/make_positions.py``.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import pyengine
from pyengine.core.api import Action
from pyengine.core.match import Match
from pyengine.games.beyond_the_sun.abilities import counter, passive
from pyengine.games.beyond_the_sun.cards import achievements, systems
from pyengine.games.beyond_the_sun.model import neighbours, strength_at
from pyengine.games.beyond_the_sun.research import candidate_types
from pyengine.games.beyond_the_sun.rules import move_actions
from pyengine.games.beyond_the_sun.state import BTSState

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "bts"
NAMES = ("pawn_move", "occupied_space", "research_two_types", "colonize", "jump", "achievement_claim", "trade")


def script() -> ModuleType:
    """Import make_positions.py (a script, not a package module)."""
    spec = importlib.util.spec_from_file_location("bts_make_positions", FIXTURES / "make_positions.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def raw(name: str) -> dict[str, Any]:
    """Return one fixture file's JSON."""
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def load(name: str) -> tuple[Match, BTSState, list[str]]:
    """Load one saved position; return the match, its state and seat 0's legal actions as text."""
    match = Match.from_save(raw(name))
    state = match.state
    assert isinstance(state, BTSState)
    return match, state, [str(a) for a in state.legal_actions(0)]


def test_the_script_writes_exactly_the_named_positions() -> None:
    """Fixtures: make_positions.py knows the seven situations, and each has its saved file (and no other)."""
    assert tuple(script().SITUATIONS) == NAMES
    assert sorted(p.stem for p in FIXTURES.glob("*.json")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_position_loads_with_you_to_move_and_shows_its_situation(name: str) -> None:
    """Fixtures: each file is the engine's own save (loading and saving again gives the same file, snapshot
    included) at the current rules version; 2 players, seat 0 "You" (human) and seat 1 "Bot 1" (greedy); seat 0
    alone is to move, and the script's check of its situation holds."""
    data = raw(name)
    match, state, legal = load(name)
    again = match.to_save()
    assert {k: v for k, v in again.items() if k != "engine_version"} == {
        k: v for k, v in data.items() if k != "engine_version"}
    assert data["rules_version"] == pyengine.load_game("beyond_the_sun").info.rules_version
    assert data["players"] == 2 and match.seats == [{"name": "You", "kind": "human"},
                                                    {"name": "Bot 1", "kind": "greedy"}]
    assert state.to_move() == frozenset({0}) and legal and not state.is_terminal()
    assert script().SITUATIONS[name](state)


def test_pawn_move_position() -> None:
    """Fixture pawn_move: seat 0's action phase with no effect pending (round 3 or later); every answer is a pawn
    move (or an anytime ability), and there are at least three spaces to choose from."""
    _, state, legal = load("pawn_move")
    d = state.d
    assert d["turn"] == 0 and d["phase"] == "action" and not d["frames"] and d["round"] >= 3
    moves = [a for a in legal if a.startswith("move space=")]
    assert len(moves) >= 3 and all(a.startswith(("move ", "ability ")) for a in legal)


def test_occupied_space_position() -> None:
    """Fixture occupied_space: in seat 0's action phase, a Basic Spacefaring or guild space (not the shared gain
    row) holds the other player's pawn; seat 0 could pay for and perform its action, yet it is not a legal move."""
    _, state, legal = load("occupied_space")
    d = state.d
    assert d["turn"] == 0 and d["phase"] == "action" and not d["frames"]
    space = d["pawns"][1]
    assert space.startswith(("bs.", "guild.")) and not space.startswith("bs.gain.")
    assert f"move space={space}" not in legal and "move space=" in " ".join(legal)
    lifted = {**d, "pawns": [d["pawns"][0], None]}
    assert Action("move", (("space", space),)) in move_actions(lifted, 0), "only the pawn keeps seat 0 out"
    assert space in script().blocked_spaces(state)


def test_research_two_types_position() -> None:
    """Fixture research_two_types: seat 0 picks the slot of a research; an unrevealed level-II slot is among its
    answers whose prerequisites pass two types; once that slot is picked, seat 0 is asked the type, with one
    answer per type (``tech_type type=...``), and each answer reveals cards and goes on."""
    _, state, legal = load("research_two_types")
    d = state.d
    assert d["frames"] and d["frames"][-1]["steps"][0]["op"] == "research" and d["frames"][-1]["seat"] == 0
    slots = script().two_type_slots(state)
    assert slots
    slot = slots[0]
    assert slot.startswith("II-") and d["slots"][slot]["card"] is None and f"research slot={slot}" in legal
    types = candidate_types(d, 0, slot)
    assert len(types) >= 2
    after = state.clone()
    after.apply(0, f"research slot={slot}")
    assert after.to_move() == frozenset({0})
    asked = [str(a) for a in after.legal_actions(0)]
    assert [a for a in asked if a.startswith("tech_type ")] == [f"tech_type type={t}" for t in types]
    for t in types:
        chosen = after.clone()
        chosen.apply(0, f"tech_type type={t}")
        assert chosen.d["epoch"] > after.d["epoch"], "cards of the chosen type were revealed"


def test_colonize_position() -> None:
    """Fixture colonize: seat 0 is asked which system to colonize; each answer is a system it controls where its
    ships' strength reaches the system's colonize number."""
    _, state, legal = load("colonize")
    d = state.d
    assert d["frames"][-1]["steps"][0]["op"] == "colonize"
    targets = [a.split("=", 1)[1] for a in legal if a.startswith("colonize system=")]
    assert targets
    discount = int(d["frames"][-1]["steps"][0].get("strength_discount", 0))
    for loc in targets:
        card = d["locs"][loc]
        assert d["control"][loc]["seat"] == 0
        assert strength_at(d["factions"][0], loc) >= systems()[card]["colonize"] - discount


def test_jump_position() -> None:
    """Fixture jump: seat 0 is asked where its ships jump (round 3 or later, some place controlled); one of its ships
    (a location and level) may jump to two places or more, each a neighbour of where it stands, and the table
    groups those jumps on that ship with their destinations."""
    _, state, legal = load("jump")
    d = state.d
    assert d["round"] >= 3 and d["control"]
    jumps = [Action.parse(a) for a in legal if a.startswith("jump ")]
    by_ship: dict[tuple[str, str], set[str]] = {}
    for a in jumps:
        by_ship.setdefault((str(a.get("at")), str(a.get("level"))), set()).add(str(a.get("to")))
    assert max(len(v) for v in by_ship.values()) >= 2
    for (at, _), targets in by_ship.items():
        assert targets <= set(neighbours(d, at))
    table = state.view(0)["table"]
    for ship in table["ships"]:
        lit = {m["to"] for m in ship["moves"] if m["kind"] == "jump"}
        assert lit == by_ship.get((ship["at"], str(ship["level"])), set())


def test_achievement_claim_position() -> None:
    """Fixture achievement_claim: in seat 0's achievement phase, it meets an achievement's condition with a free
    slot left and may claim it; claiming puts its disc there."""
    _, state, legal = load("achievement_claim")
    d = state.d
    assert d["turn"] == 0 and d["phase"] == "achievement"
    claims = [a.split("=", 1)[1] for a in legal if a.startswith("claim achievement=")]
    assert claims
    rec = achievements()[claims[0]]
    assert counter(d, 0, rec["condition"]["counter"]) >= rec["condition"]["at_least"]
    after = state.clone()
    after.apply(0, f"claim achievement={claims[0]}")
    assert {"seat": 0, "star": False} in next(a for a in after.d["achievements"] if a["id"] == claims[0])["discs"]


def test_trade_position() -> None:
    """Fixture trade: seat 0 trades at its mat's rates now (the trade step of production): buying a population
    costs its rate in ore and adds a population."""
    _, state, legal = load("trade")
    d = state.d
    assert d["turn"] == 0 and (d["phase"] == "trade" or d["turn_flags"]["all_three"])
    assert "trade what=buy_population" in legal and "done" in legal
    f = d["factions"][0]
    after = state.clone()
    after.apply(0, "trade what=buy_population")
    g = after.d["factions"][0]
    assert g["ore"] == f["ore"] - (passive(d, 0, "trade_ore_for_population") or 3) and g["pop"] == f["pop"] + 1
