"""API conformance: every registered game, at every player count it supports, keeps the common State/Game contract.

A game joins this suite by registering itself; nothing here names a game. Each check runs over a few seeded
random games (every decision point, or every few for the costlier checks).
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import pyengine
from pyengine.core.api import Action, Game, GameInfo, OptionSpec, Outcome, State, canonical_json
from pyengine.core.errors import (
    BadOptionsError,
    EngineError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    UnknownGameError,
)
from pyengine.core.registry import games as registered_games
from pyengine.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (1, 2)
END_SEEDS = tuple(range(10, 16))
MAX_ACTIONS = 5000  # no random game of a registered game may take longer than this
EVERY = 3  # the costlier checks look at every EVERY-th decision point
MAX_POINTS = 250  # a longer game is sampled evenly, so each check looks at about this many of its decision points
# docs/BRIDGE.md snapshot.outcome.tiebreak
DOCUMENTED_TIEBREAKS = {"vp", "cards_in_hand", "income", "shared", "production_discs", "population", "ore",
                        "resources"}

GAME_IDS = registered_games()
CASES = [(g, n) for g in GAME_IDS
         for n in range(pyengine.load_game(g).info.min_players, pyengine.load_game(g).info.max_players + 1)]
CASE_IDS = [f"{g}-{n}p" for g, n in CASES]

MALFORMED = ["", "   ", "UPPER", "9starts_with_digit", "kind key_without_value", "kind key=",
             "kind =value", "kind Key=value", "kind key=a key=b", "kind key=a=b", "kind key=<b>",
             "kind key=caf\u00e9", "kind key=a\tb"]


@dataclass
class Trajectory:
    """One seeded random game: the state before each action (never mutated by tests), and the final state."""

    game: Game
    players: int
    seed: int
    states: list[State]
    moves: list[tuple[int, Action]]
    final: State

    def stride(self, every: int = 1) -> int:
        """Return the step between sampled decision points: every n-th, long games thinned to about MAX_POINTS."""
        return every * max(1, len(self.states) // MAX_POINTS)

    def positions(self, every: int = 1) -> Iterator[State]:
        """Yield the sampled decision points (see ``stride``), never the final state."""
        yield from self.states[::self.stride(every)]


@functools.cache
def trajectory(game_id: str, players: int, seed: int) -> Trajectory:
    """Play one random game: a random seat among those to move, a random legal action."""
    game = pyengine.load_game(game_id)
    state = game.new_initial_state(seed=seed, players=players)
    rng = Rng(seed ^ 0xC0FFEE)
    states: list[State] = []
    moves: list[tuple[int, Action]] = []
    while not state.is_terminal():
        assert len(moves) < MAX_ACTIONS, f"{game_id} {players}p seed {seed}: no end after {MAX_ACTIONS} actions"
        movers = sorted(state.to_move())
        assert movers, f"{game_id} {players}p seed {seed}: not over, but nobody is to move"
        seat = movers[rng.randbelow(len(movers))]
        action = rng.choice(state.legal_actions(seat))
        states.append(state.clone())
        moves.append((seat, action))
        state.apply(seat, action)
    return Trajectory(game, players, seed, states, moves, state)


def trajectories(game_id: str, players: int) -> list[Trajectory]:
    return [trajectory(game_id, players, s) for s in SEEDS]


def raw(state: State) -> str:
    """The state's JSON text exactly as produced (key order kept): the byte-for-byte fingerprint."""
    return json.dumps(state.to_json())


def assert_rejected(state: State, seat: object, action: object, error: type[EngineError], code: str,
                    quoted: str) -> EngineError:
    """Apply must raise exactly `error` with `code`, quote `quoted`, and leave the state byte-for-byte unchanged."""
    before = raw(state)
    movers = state.to_move()
    legal = {p: state.legal_actions(p) for p in movers}
    with pytest.raises(error) as info:
        state.apply(seat, action)  # type: ignore[arg-type]
    exc = info.value
    assert type(exc) is error, f"{action!r} for seat {seat!r}: got {type(exc).__name__}, wanted {error.__name__}"
    assert exc.code == code
    assert exc.to_json() == {"code": code, "message": str(exc)}
    assert repr(quoted) in str(exc), f"message {str(exc)!r} does not quote {quoted!r}"
    assert raw(state) == before, f"rejected {action!r} changed the state"
    assert state.to_move() == movers
    assert {p: state.legal_actions(p) for p in movers} == legal
    return exc


# --- registry and info -----------------------------------------------------------------------------------

def test_pyengine_games_stays_callable_after_a_game_loads() -> None:
    """pyengine.games is the registry function even after a game package (pyengine.games.<id>) is imported."""
    pyengine.load_game(GAME_IDS[0])
    assert callable(pyengine.games), (
        "importing the pyengine.games subpackage rebinds the attribute pyengine.games to that module, "
        "shadowing the games() function exported by pyengine/__init__.py")
    assert pyengine.games() == GAME_IDS


def test_games_lists_sorted_unique_ids_that_load() -> None:
    """games() is a sorted list of distinct ids, and load_game(id).info.id is that id."""
    ids = registered_games()
    assert ids, "no game is registered"
    assert ids == sorted(set(ids))
    for gid in ids:
        game = pyengine.load_game(gid)
        assert isinstance(game, Game)
        assert game.info.id == gid
        assert pyengine.load_game(gid) is game, "load_game should hand back the same game object"


@pytest.mark.parametrize("bad_id", ["no_such_game", "", "JUMP_DRIVE", "jump drive"])
def test_unknown_game_id_raises_unknown_game_error_quoting_it(bad_id: str) -> None:
    """load_game of an unregistered id raises UnknownGameError, code game/unknown, quoting the id."""
    with pytest.raises(UnknownGameError) as info:
        pyengine.load_game(bad_id)
    assert info.value.code == "game/unknown"
    assert isinstance(info.value, EngineError)
    assert repr(bad_id) in str(info.value)
    assert info.value.to_json() == {"code": "game/unknown", "message": str(info.value)}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_info_fields_describe_the_game(game_id: str) -> None:
    """GameInfo has an id, name, 1 <= min <= max players, a rules version and well-formed options."""
    info = pyengine.load_game(game_id).info
    assert isinstance(info, GameInfo)
    assert info.id == game_id
    assert isinstance(info.name, str) and info.name.strip()
    assert isinstance(info.min_players, int) and isinstance(info.max_players, int)
    assert 1 <= info.min_players <= info.max_players
    assert isinstance(info.rules_version, str) and info.rules_version.strip()
    names = [o.name for o in info.options]
    assert len(names) == len(set(names)), "option names must be distinct"
    for o in info.options:
        assert isinstance(o, OptionSpec)
        assert o.type in ("bool", "int", "choice", "list")
        assert o.label.strip()
        if o.type in ("choice", "list"):
            assert o.choices
    defaults = info.defaults()
    assert info.resolve_options(None) == defaults
    assert info.resolve_options(defaults) == defaults, "every default must pass its own option's checks"
    data = json.loads(json.dumps(info.to_json()))
    assert set(data) == {"id", "name", "min_players", "max_players", "rules_version", "options"}
    for o in data["options"]:
        assert {"name", "type", "default", "label", "help"} <= set(o)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_player_count_outside_range_is_refused(game_id: str) -> None:
    """new_initial_state refuses a player count outside [min_players, max_players] with BadOptionsError."""
    game = pyengine.load_game(game_id)
    for n in (game.info.min_players - 1, game.info.max_players + 1, 0):
        with pytest.raises(BadOptionsError) as info:
            game.new_initial_state(seed=1, players=n)
        assert info.value.code == "options/invalid"
        assert str(n) in str(info.value)


# --- determinism ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_same_seed_gives_identical_state(game_id: str, players: int) -> None:
    """Two states built from the same seed have identical to_json(), before and after the same actions."""
    game = pyengine.load_game(game_id)
    for seed in (*SEEDS, 0, 2**40 + 7):
        assert raw(game.new_initial_state(seed=seed, players=players)) == raw(
            game.new_initial_state(seed=seed, players=players))
    t = trajectory(game_id, players, SEEDS[0])
    again = game.new_initial_state(seed=t.seed, players=players)
    for seat, action in t.moves:
        again.apply(seat, action)
    assert raw(again) == raw(t.final)


_HASHSEED_SCRIPT = """
import hashlib, json, sys
import pyengine
from pyengine.core.api import canonical_json
from pyengine.core.rng import Rng
out = {}
from pyengine.core.registry import games
for gid in games():
    game = pyengine.load_game(gid)
    for n in range(game.info.min_players, game.info.max_players + 1):
        state = game.new_initial_state(seed=5, players=n)
        rng = Rng(5)
        while not state.is_terminal():
            movers = sorted(state.to_move())
            seat = movers[rng.randbelow(len(movers))]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        text = canonical_json(state.to_json()) + repr(state.outcome())
        out[f"{gid}-{n}"] = hashlib.sha256(text.encode()).hexdigest()
print(json.dumps(out, sort_keys=True))
"""


def test_games_are_identical_across_processes_and_hash_seeds() -> None:
    """A seeded random game ends in the same state under different PYTHONHASHSEEDs (no set/dict-order leaks)."""
    results = []
    for hashseed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(ROOT)}
        proc = subprocess.run([sys.executable, "-c", _HASHSEED_SCRIPT], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120, check=True)
        results.append(json.loads(proc.stdout))
    assert results[0] == results[1] == results[2]
    assert set(results[0]) == {f"{g}-{n}" for g, n in CASES}


# --- who moves, what is legal -----------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_to_move_is_a_frozenset_of_seats_empty_iff_terminal(game_id: str, players: int) -> None:
    """to_move() is a frozenset of seats in range; it is empty exactly when the game is over."""
    for t in trajectories(game_id, players):
        for state in [*t.positions(), t.final]:
            movers = state.to_move()
            assert isinstance(movers, frozenset)
            assert all(isinstance(p, int) and 0 <= p < players for p in movers)
            assert (not movers) == state.is_terminal()
        assert t.final.is_terminal()


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_legal_actions_nonempty_for_movers_and_empty_for_everyone_else(game_id: str, players: int) -> None:
    """Each seat to move has a non-empty, duplicate-free list of Actions; other seats and finished games have []."""
    for t in trajectories(game_id, players):
        for state in [*t.positions(), t.final]:
            for seat in range(players):
                acts = state.legal_actions(seat)
                assert isinstance(acts, list)
                if seat in state.to_move():
                    assert acts, f"seat {seat} is to move with no legal action"
                    assert all(isinstance(a, Action) for a in acts)
                    assert len(set(acts)) == len(acts), "duplicate legal actions"
                    assert state.legal_actions(seat) == acts, "legal_actions is not repeatable"
                else:
                    assert acts == []


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_every_listed_legal_action_applies_on_a_clone(game_id: str, players: int) -> None:
    """Every action legal_actions lists is accepted by apply (as an Action and as its text) on a clone."""
    for t in trajectories(game_id, players):
        for i, state in enumerate(t.positions()):
            before = raw(state)
            for seat in sorted(state.to_move()):
                for k, action in enumerate(state.legal_actions(seat)):
                    c = state.clone()
                    c.apply(seat, str(action) if (i + k) % 2 else action)
            assert raw(state) == before


# --- rejections --------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_malformed_action_text_is_rejected_as_action_invalid(game_id: str, players: int) -> None:
    """Malformed text raises InvalidActionError (action/invalid) quoting the text; the state is unchanged."""
    for t in trajectories(game_id, players):
        for state in t.positions(EVERY * 5):
            seat = min(state.to_move())
            for text in MALFORMED:
                assert_rejected(state, seat, text, InvalidActionError, "action/invalid", text)
                with pytest.raises(InvalidActionError):
                    t.game.parse_action(text)
            for junk in (42, None, ["explore"], b"explore"):
                with pytest.raises(InvalidActionError) as info:
                    state.apply(seat, junk)  # type: ignore[arg-type]
                assert info.value.code == "action/invalid"
                assert repr(junk) in str(info.value)


def _well_formed_illegal(state: State, seat: int) -> list[Action]:
    legal = set(state.legal_actions(seat))
    out = [Action("no_such_kind_zz"), Action("no_such_kind_zz", (("x", "1"),))]
    for a in state.legal_actions(seat)[:5]:
        out.append(Action(a.kind, tuple(sorted((*a.params, ("zz_extra", "1"))))))
        out.append(Action(a.kind + "_zz"))
        if a.params:
            k = a.params[0][0]
            out.append(Action(a.kind, tuple((kk, "bogus-99" if kk == k else v) for kk, v in a.params)))
    return [a for a in out if a not in legal]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_illegal_well_formed_action_is_rejected_as_action_illegal(game_id: str, players: int) -> None:
    """A well-formed action not in legal_actions raises IllegalActionError (action/illegal); state unchanged."""
    for t in trajectories(game_id, players):
        for state in t.positions(EVERY):
            seat = min(state.to_move())
            candidates = _well_formed_illegal(state, seat)
            assert candidates
            for action in candidates:
                assert_rejected(state, seat, action, IllegalActionError, "action/illegal", str(action))
                assert_rejected(state, seat, str(action), IllegalActionError, "action/illegal", str(action))


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_seat_not_to_move_is_rejected_as_action_inactive_player(game_id: str, players: int) -> None:
    """A seat not to move (another seat's legal action, or a seat out of range) gets NotYourTurnError."""
    in_range_checked = 0
    for t in trajectories(game_id, players):
        for state in t.positions():
            movers = state.to_move()
            mover = min(movers)
            action = state.legal_actions(mover)[0]
            for seat in (players, players + 7, -1):
                assert_rejected(state, seat, action, NotYourTurnError, "action/inactive_player", str(action))
            idle = [s for s in range(players) if s not in movers]
            if idle:
                in_range_checked += 1
                assert_rejected(state, idle[0], str(action), NotYourTurnError, "action/inactive_player",
                                str(action))
    if players > 1:
        assert in_range_checked, "no position had a seat waiting, so the in-range case was never checked"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_any_action_after_the_end_is_rejected_as_action_gameover(game_id: str, players: int) -> None:
    """Once terminal, every seat's every earlier action raises GameOverError (action/gameover); state unchanged."""
    for t in trajectories(game_id, players):
        final = t.final
        assert final.is_terminal()
        tried = {a for _, a in t.moves[:3] + t.moves[-3:]} | {Action("no_such_kind_zz")}
        for seat in range(players):
            for action in sorted(tried):
                assert_rejected(final, seat, action, GameOverError, "action/gameover", str(action))
                assert_rejected(final, seat, str(action), GameOverError, "action/gameover", str(action))


def test_rejection_error_classes_keep_their_hierarchy() -> None:
    """Inactive-seat and game-over errors are IllegalActionErrors, and every action error is a ValueError."""
    assert issubclass(NotYourTurnError, IllegalActionError)
    assert issubclass(GameOverError, IllegalActionError)
    for cls in (InvalidActionError, IllegalActionError, NotYourTurnError, GameOverError):
        assert issubclass(cls, EngineError) and issubclass(cls, ValueError)
    codes = [c.code for c in (InvalidActionError, IllegalActionError, NotYourTurnError, GameOverError)]
    assert codes == ["action/invalid", "action/illegal", "action/inactive_player", "action/gameover"]


# --- actions ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_actions_are_immutable_hashable_and_round_trip_through_text(game_id: str, players: int) -> None:
    """Every legal Action is frozen and hashable, and parse_action(str(a)) == a with an equal hash."""
    seen: set[Action] = set()
    for t in trajectories(game_id, players):
        for state in t.positions():
            for seat in state.to_move():
                for a in state.legal_actions(seat):
                    back = t.game.parse_action(str(a))
                    assert back == a and hash(back) == hash(a), f"{a!s} does not round-trip"
                    assert str(back) == str(a)
                    seen.add(a)
    assert seen
    a = next(iter(seen))
    with pytest.raises(AttributeError):
        a.kind = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        a.params = ()  # type: ignore[misc]
    assert {a: 1}[Action.parse(str(a))] == 1


# --- serialisation, clone, views --------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_state_from_json_round_trips_through_json_text(game_id: str, players: int) -> None:
    """state_from_json(json.loads(json.dumps(to_json()))) gives the same JSON, movers, legal actions and views."""
    for t in trajectories(game_id, players):
        for state in [*t.positions(2), t.final]:  # every other decision point: about 125 per game
            text = json.dumps(state.to_json())
            back = t.game.state_from_json(json.loads(text))
            assert json.dumps(back.to_json()) == text
            assert back.to_move() == state.to_move()
            assert back.is_terminal() == state.is_terminal()
            for seat in range(players):
                assert back.legal_actions(seat) == state.legal_actions(seat)
                assert back.view(seat) == state.view(seat)
            assert back.view(None) == state.view(None)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_reloaded_state_plays_on_exactly_like_the_original(game_id: str, players: int) -> None:
    """A state reloaded from JSON text mid-game reaches the same final state with the same remaining actions."""
    t = trajectory(game_id, players, SEEDS[0])
    for start in range(0, len(t.moves), max(1, len(t.moves) // 4)):
        state = t.game.state_from_json(json.loads(json.dumps(t.states[start].to_json())))
        for seat, action in t.moves[start:]:
            state.apply(seat, action)
        assert raw(state) == raw(t.final)
        assert state.outcome() == t.final.outcome()


def _scramble(data: object) -> None:
    """Overwrite every leaf and add a key or item at every level of some JSON data, in place."""
    if isinstance(data, dict):
        for k in list(data):
            if isinstance(data[k], (dict, list)):
                _scramble(data[k])
            else:
                data[k] = "scrambled"
        data["scrambled_key"] = 1
    elif isinstance(data, list):
        for i, v in enumerate(data):
            if isinstance(v, (dict, list)):
                _scramble(v)
            else:
                data[i] = "scrambled"
        data.append("scrambled")


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_to_json_returns_data_not_shared_with_the_state(game_id: str, players: int) -> None:
    """Mutating what to_json() returned, at any depth, never changes the state (nor a clone of it)."""
    for state in trajectory(game_id, players, SEEDS[0]).positions(EVERY * 4):
        state = state.clone()
        before = raw(state)
        twin = state.clone()
        _scramble(state.to_json())
        assert raw(state) == before, "to_json() returned data shared with the state"
        assert raw(twin) == before, "clone() shares data with the state it was cloned from"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_state_from_json_keeps_no_reference_to_its_input(game_id: str, players: int) -> None:
    """Mutating the dict given to state_from_json afterwards never changes the loaded state."""
    game = pyengine.load_game(game_id)
    for state in trajectory(game_id, players, SEEDS[0]).positions(EVERY * 4):
        data = json.loads(json.dumps(state.to_json()))
        loaded = game.state_from_json(data)
        before = raw(loaded)
        _scramble(data)
        assert raw(loaded) == before, "state_from_json kept a reference to its input"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_view_returns_data_not_shared_with_the_state(game_id: str, players: int) -> None:
    """Mutating what view(p) returned never changes the state or a later view."""
    for state in trajectory(game_id, players, SEEDS[0]).positions(EVERY * 4):
        state = state.clone()
        before = raw(state)
        views = {p: json.dumps(state.view(p)) for p in [*range(players), None]}
        for p in views:
            _scramble(state.view(p))
        assert raw(state) == before, "view() returned data shared with the state"
        assert {p: json.dumps(state.view(p)) for p in views} == views


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_clone_is_independent_of_the_original(game_id: str, players: int) -> None:
    """Acting on a clone leaves the original unchanged, and acting on the original leaves the clone unchanged."""
    for t in trajectories(game_id, players):
        for i, pos in enumerate(t.positions(EVERY)):
            original = pos.clone()
            assert raw(original) == raw(pos)
            copy = original.clone()
            frozen = raw(original)
            seat, action = t.moves[i * t.stride(EVERY)]
            copy.apply(seat, action)
            assert raw(original) == frozen
            copy_after = raw(copy)
            legal = original.legal_actions(seat)
            original.apply(seat, legal[-1])
            assert raw(copy) == copy_after


def _without_table(view: object) -> object:
    """Return a view without its "table" block (what the page draws from the viewer's own actions)."""
    return {k: v for k, v in view.items() if k != "table"} if isinstance(view, dict) else view


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_view_is_unchanged_by_resampling_what_the_viewer_cannot_see(game_id: str, players: int) -> None:
    """view(p) (and the spectator view, p's legal actions and the movers) survive resample(p, seed) unchanged."""
    redealt_something = False
    private_views = False
    for t in trajectories(game_id, players):
        for k, state in enumerate([*t.positions(EVERY), t.final]):  # every third decision point: about 85 per game
            before = raw(state)
            spectator = state.view(None)
            views = [state.view(q) for q in range(players)]  # each seat's view, made once per position
            for p in range(players):
                mine = views[p]
                # The "table" block is the viewer's point of view (its own legal actions placed on the board), not
                # hidden information: a game shows private information when anything else differs.
                private_views = private_views or _without_table(mine) != _without_table(spectator)
                for seed in (k, 2**63 + k)[: 1 if k % 4 else 2]:
                    r = state.resample(p, seed)
                    assert r.view(p) == mine, f"view({p}) leaks what resample({p}) redeals (position {k})"
                    assert r.view(None) == spectator
                    assert r.to_move() == state.to_move()
                    assert r.legal_actions(p) == state.legal_actions(p)
                    assert raw(state) == before, "resample changed the original state"
                    if not redealt_something:
                        redealt_something = any(r.view(q) != views[q] for q in range(players) if q != p)
    if players > 1 and private_views:
        assert redealt_something, "seats see private information, but resample never redeals any of it"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_simultaneous_commitments_are_hidden_until_revealed(game_id: str, players: int) -> None:
    """While p still chooses, view(p) is the same whichever legal action another seat q committed."""
    compared = 0
    simultaneous = False  # games whose seats always act one at a time have nothing to compare
    for t in trajectories(game_id, players):
        for state in t.positions():
            movers = sorted(state.to_move())
            if len(movers) < 2:
                continue
            simultaneous = True
            q = movers[-1]
            acts = state.legal_actions(q)
            picks = sorted({0, len(acts) // 2, len(acts) - 1})
            views: dict[int | None, object] = {}
            for i in picks:
                c = state.clone()
                c.apply(q, acts[i])
                still = [p for p in movers[:-1] if p in c.to_move()]
                for p in [*still, None] if still else []:  # once q's commitment resolves it, a reveal may show it
                    v = c.view(p)
                    if p in views:
                        assert v == views[p], f"view({p}) shows which action seat {q} committed"
                        compared += 1
                    else:
                        views[p] = v
    if simultaneous:
        assert compared, "no simultaneous choice with several options was found to compare"


# --- outcome and termination -------------------------------------------------------------------------------

def _check_outcome(out: Outcome, players: int) -> None:
    assert isinstance(out, Outcome)
    assert len(out.scores) == players and all(isinstance(s, int) for s in out.scores)
    assert out.winners == sorted(set(out.winners)) and all(0 <= w < players for w in out.winners)
    assert isinstance(out.tiebreak, str) and out.tiebreak
    data = json.loads(json.dumps(out.to_json()))
    assert set(data) == {"scores", "winners", "tiebreak", "details"}
    if players > 1:
        best = max(out.scores)
        assert out.winners, "a multiplayer game must have a winner"
        assert all(out.scores[w] == best for w in out.winners), "a winner without the top score"
        assert out.tiebreak in DOCUMENTED_TIEBREAKS
        if out.scores.count(best) == 1:
            assert out.tiebreak == "vp"
        else:
            assert out.tiebreak != "vp"
        if len(out.winners) > 1:
            assert out.tiebreak == "shared"
    else:
        assert out.winners in ([], [0])


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_outcome_is_none_until_terminal_then_gives_scores_winners_tiebreak(game_id: str, players: int) -> None:
    """outcome() is None while the game goes on; at the end it has per-seat scores, winners and a tie-break."""
    for t in trajectories(game_id, players):
        for state in t.positions():
            assert state.outcome() is None
        out = t.final.outcome()
        assert out is not None
        _check_outcome(out, players)
        assert t.final.outcome() == out
        assert t.final.clone().outcome() == out


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_random_games_end_within_the_bound(game_id: str, players: int) -> None:
    """Random games from several seeds all end within MAX_ACTIONS actions with a well-formed outcome."""
    game = pyengine.load_game(game_id)
    for seed in END_SEEDS:
        state = game.new_initial_state(seed=seed, players=players)
        rng = Rng(seed)
        n = 0
        while not state.is_terminal():
            assert n < MAX_ACTIONS, f"{game_id} {players}p seed {seed}: no end after {MAX_ACTIONS} actions"
            seat = min(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            n += 1
        out = state.outcome()
        assert out is not None
        _check_outcome(out, players)


def test_every_game_and_player_count_is_covered() -> None:
    """The parametrisation covers every registered game at every player count it supports."""
    for gid in registered_games():
        info = pyengine.load_game(gid).info
        for n in range(info.min_players, info.max_players + 1):
            assert (gid, n) in CASES
    assert canonical_json({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'
