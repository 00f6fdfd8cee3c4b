"""Issue 30: Beyond the Sun's log records every effect a player would want to know, names places by what lies there
("Barnard's Star (near system A2)") and action spaces by their row and number from 1, and opens each round with a
separator line.

The main test plays seeded random games to their end and compares the state before and after every action: each
change of a faction's ore, population and VP tokens, of who controls a location, of its colonies and of its techs
must be matched by the new log lines naming that faction, with the amounts the lines carry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import pyengine
from pyengine.core.api import Action
from pyengine.core.rng import Rng
from pyengine.core.text import Text, english, fill
from pyengine.games.beyond_the_sun import messages
from pyengine.games.beyond_the_sun.messages import LOCATIONS, card_name
from pyengine.games.beyond_the_sun.model import STATE_FORMAT, Data
from pyengine.games.beyond_the_sun.rules import space_place
from pyengine.games.beyond_the_sun.state import BTSState
from pyengine.games.beyond_the_sun.text import PLACE_SEP, WRITER

from .helpers import bare, do, put_system, run_steps, ships

GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (2, 1, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"advanced_mats": True}), (3, 5, {"advanced_mats": True}),
    (4, 6, {"advanced_mats": True, "first_game_achievements": True}), (3, 7, {}),
]
ID_OF = {stored: f"bts.log.{slug}" for stored, slug, _ in messages.LOG_SPEC}
ORE = {"bts.log.gain_ore": 1, "bts.log.produce_ore": 1, "bts.log.takeover_ore": 1, "bts.log.trade_buy": -1,
       "bts.log.trade_retire_at": -1, "bts.log.trade_sell": 1, "bts.log.pay_ore": -1, "bts.log.pay_both": -1}
"""The lines that change a faction's ore: each by its ``n`` times this sign."""
POPULATION_N = {"bts.log.gain_population": 1, "bts.log.growth": 1, "bts.log.pay_population": -1}
"""The lines that change a faction's population by ``n`` (times this sign)."""
POPULATION_FIXED = {"bts.log.trade_buy": 1, "bts.log.trade_retire_at": 1, "bts.log.trade_sell": -1,
                    "bts.log.retire": 1, "bts.log.research": -1, "bts.log.research_unrevealed": -1,
                    "bts.log.build_population": -1}
"""The lines that change a faction's population by a fixed amount (a trade, a retired ship, a research cube...)."""
POPULATION_SOME = {"bts.log.private_tech", "bts.log.colonize"}
"""The lines whose population change depends on the supply (a cube comes from it, or from the population when it is
empty or full): with one of these, the population may change by any amount."""

Line = tuple[str, dict[str, Any]]


def lines_since(d: Data, start: int) -> list[Line]:
    """Return the log lines written since the log had ``start`` lines, as (catalog id, stored values)."""
    out = []
    for stored in d["msgs"][start:]:
        template, args = WRITER.entry(stored)
        out.append((ID_OF[template], {k: next(iter(v.values())) for k, v in args.items()}))
    return out


def numbers(d: Data) -> dict[str, Any]:
    """Return what the test compares across an action: each faction's ore, population, VP tokens, colonies and
    techs, who controls each location, and the round."""
    return {"f": [{"ore": f["ore"], "pop": f["pop"], "vp": f["vp_tokens"],
                   "colonies": [c["system"] for c in f["colonies"]], "techs": list(f["techs"])}
                  for f in d["factions"]],
            "control": {loc: c["seat"] for loc, c in d["control"].items()}, "round": d["round"],
            "slots": {k: v["card"] for k, v in d["slots"].items()}}


def place_of(value: str) -> str:
    """Return the location id of a stored location ("A2@<card>" -> "A2")."""
    return value.partition(PLACE_SEP)[0]


def check_step(before: dict[str, Any], after: dict[str, Any], lines: list[Line], seat: int, action: Action) -> None:
    """Check that the new lines account for every change between two states (the faction ``seat`` acted)."""
    where = f"round {after['round']}, {seat}: {action}: {lines}"
    for s, (b, a) in enumerate(zip(before["f"], after["f"], strict=True)):
        mine = [(msg_id, v) for msg_id, v in lines if v.get("seat") == s]
        ore = sum(ORE[m] * v["n"] for m, v in mine if m in ORE)
        assert a["ore"] - b["ore"] == ore, f"ore of seat {s}, {where}"
        pop = sum(POPULATION_N[m] * v["m" if m == "bts.log.pay_both" else "n"] for m, v in mine if m in POPULATION_N)
        pop -= sum(v["m"] for m, v in mine if m == "bts.log.pay_both")
        pop += sum(POPULATION_FIXED[m] for m, _ in mine if m in POPULATION_FIXED)
        if any(m in POPULATION_SOME for m, _ in mine) or (s == seat and action.kind == "settle"):
            assert a["pop"] == b["pop"] or mine, f"population of seat {s}, {where}"  # (a ship settling a colony)
        else:
            assert a["pop"] - b["pop"] == pop, f"population of seat {s}, {where}"
        vp = sum(v["n"] for m, v in mine if m in ("bts.log.gain_vp", "bts.log.keep_event"))
        assert a["vp"] - b["vp"] == vp, f"VP tokens of seat {s}, {where}"
        for system in a["colonies"][len(b["colonies"]):]:
            assert ("bts.log.colonize", {"seat": s, "card": system}) in mine, f"colony of seat {s}, {where}"
        for slot in a["techs"][len(b["techs"]):]:
            assert (("bts.log.research", {"seat": s, "card": before["slots"][slot]}) in mine
                    or ("bts.log.research_unrevealed", {"seat": s, "loc": slot}) in mine), f"tech of {s}, {where}"
    for loc in set(before["control"]) | set(after["control"]):
        old, new = before["control"].get(loc), after["control"].get(loc)
        if old == new:
            continue
        if old is not None:
            assert any(v.get("seat") == old and (m == "bts.log.colonize" or (
                m == "bts.log.lose_control" and place_of(v["loc"]) == loc)) for m, v in lines), f"{loc}, {where}"
        if new is not None:
            assert any(m == "bts.log.take_control" and v["seat"] == new and place_of(v["loc"]) == loc
                       for m, v in lines), f"{loc}, {where}"
    if after["round"] != before["round"]:
        assert ("bts.log.round", {"n": after["round"]}) in lines, where


def play(players: int, seed: int, options: dict[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, Any],
                                                                             list[Line], int, Action, Data]]:
    """Play one seeded random game to its end, yielding each action's (before, after, new lines, seat, action)."""
    state = pyengine.load_game("beyond_the_sun").new_initial_state(seed=seed, players=players, options=options)
    assert isinstance(state, BTSState)
    rng = Rng(seed * 17 + players)
    for _ in range(20_000):
        if state.is_terminal():
            return
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        moves = [a for a in legal if a.kind != "ability"]
        action = rng.choice(moves if moves and rng.randbelow(4) else legal)
        d = state.d
        start, before = len(d["msgs"]), numbers(d)
        if action.kind == "move":
            area, number = space_place(d, str(action.get("space")))
        state.apply(seat, action)
        lines = lines_since(state.d, start)
        if action.kind == "move":
            assert lines[0] == ("bts.log.move_space", {"seat": seat, "n": area, "m": number})
        yield before, numbers(state.d), lines, seat, action, state.d
    raise AssertionError(f"the game {players}p seed {seed} did not end")


@pytest.fixture(autouse=True)
def whole_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every log line during these tests, so each action's new lines are the log's last ones."""
    monkeypatch.setattr(WRITER, "max_lines", 1_000_000)


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_every_change_of_ore_population_vp_control_colonies_and_techs_is_logged(
        players: int, seed: int, options: dict[str, Any]) -> None:
    """Issue 30 (log every effect): in seeded random games, every change of a faction's ore, population and VP
    tokens, of control, of colonies and of techs is matched by the new log lines naming that faction with those
    amounts; each pawn move names its area and its space number from 1; each round opens with its line."""
    seen: set[str] = set()
    for before, after, lines, seat, action, _d in play(players, seed, options):
        check_step(before, after, lines, seat, action)
        seen.update(msg_id for msg_id, _ in lines)
    assert {"bts.log.round", "bts.log.move_space", "bts.log.take_control", "bts.log.pay_ore"} <= seen


def test_no_log_line_shows_a_zero_based_index_and_systems_are_named_with_their_place() -> None:
    """Issue 30: no rendered line says "space 0" or "slot 0"; a location where a system card lay when the line was
    written reads "<system> (near system A2)"-style, any other location by its own name."""
    systems_named = 0
    for players, seed, options in GAMES[:3]:
        d = list(play(players, seed, options))[-1][5]
        for stored in d["msgs"]:
            template, args = WRITER.entry(stored)
            m = messages.log_message(template, args)
            out = fill(m.template, dict(m.args), "beyond_the_sun")
            assert not re.search(r"\b(space|slot) 0\b", out), out
            for ref in args.values():
                value = ref.get("loc")
                if not isinstance(value, str) or template.startswith("{card} is discovered"):
                    continue
                loc, _sep, system = value.partition(PLACE_SEP)
                if loc not in LOCATIONS:
                    continue  # (a tech slot stored under a "loc" name: "level-II slot 3")
                name = LOCATIONS[loc]
                if system:
                    systems_named += 1
                    assert f"{card_name(system)} ({name[0].lower()}{name[1:]})" in out, out
                else:
                    assert name in out, out
    assert systems_named > 10


def test_a_jump_to_a_system_names_the_system_and_its_place() -> None:
    """Issue 30 ("Near system A2" where the move list said "Barnard's Star"): a jump into a location holding a
    system names the system and the location, in the log as the player reads it."""
    s = bare(2)
    put_system(s, "A2", "SYS-A-BARNARD")
    ships(s, 0, "SY2", 1)
    run_steps(s, 0, [{"op": "jump", "n": 1}])
    start = len(s.d["msgs"])
    do(s, "jump at=SY2 level=1 to=A2")
    said = [english(Text(m.id or "", m.args), names=["Ann", "Bo"]) for m in s.messages()[start:]]
    assert said[0] == "Ann jumps a level-1 ship from Shipyard Ganymede to Barnard's Star (near system A2)"
    assert "Ann takes control of Barnard's Star (near system A2)" in said[1:]


def test_a_pawn_move_names_its_row_and_space_from_one() -> None:
    """Issue 30 ("space 0"): moving to the first Gain space logs "moves to Gain, space 1" and what it paid; the
    move list says the same space number."""
    s = bare(2)
    label = s.describe(0, s.game.parse_action("move space=bs.gain.0"))
    assert label.endswith("space 1)"), label
    start = len(s.d["msgs"])
    do(s, "move space=bs.gain.0")
    said = [english(Text(m.id or "", m.args), names=["Ann", "Bo"]) for m in s.messages()[start:]]
    assert said[0] == "Ann moves to Gain, space 1"


def test_the_round_line_is_marked_as_a_header() -> None:
    """Issue 30 (separators): each round opens with "Round n begins", whose page entry has ``kind`` "round"; no other
    line has a kind."""
    d = list(play(2, 1, {}))[-1][5]
    state = pyengine.load_game("beyond_the_sun").state_from_json({**d, "msgs": d["msgs"][-150:],
                                                                  "format": STATE_FORMAT})
    entries = [m.to_json() for m in state.messages()]
    rounds = [e for e in entries if e.get("id") == "bts.log.round"]
    assert rounds and all(e["kind"] == "round" for e in rounds)
    assert all("kind" not in e for e in entries if e.get("id") != "bts.log.round")
    assert [e["args"]["n"]["n"] for e in rounds] == list(range(rounds[0]["args"]["n"]["n"], d["round"] + 1))
