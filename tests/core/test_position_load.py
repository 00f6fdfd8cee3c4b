"""Loading a position checks it in full: an impossible one raises PositionError naming its first problem (with the
path to it), and every real position from play loads back unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import pyengine
from pyengine.core.api import JSON, Action, Game, Outcome, State, probe
from pyengine.core.errors import PositionError, SaveFormatError
from pyengine.core.position import Ledger
from pyengine.core.registry import load_game
from pyengine.core.rng import Rng

Change = Callable[[dict[str, Any]], None]


def _played(game_id: str, players: int, actions: int, seed: int = 5, **options: Any) -> State:
    """Return a game after ``actions`` seeded random actions (or at its end)."""
    state = load_game(game_id).new_initial_state(seed=seed, players=players, options=options or None)
    rng = Rng(seed + 100)
    for _ in range(actions):
        if state.is_terminal():
            break
        seat = sorted(state.to_move())[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    return state


def _refused(game_id: str, data: JSON) -> str:
    """Load data that must be refused; return the PositionError's message."""
    with pytest.raises(PositionError) as info:
        load_game(game_id).state_from_json(data)
    assert info.value.code == "save/invalid_position"
    return str(info.value)


# --- Beyond the Sun ---------------------------------------------------------------------------------------------------
def _bts_dup(d: dict[str, Any]) -> None:
    """Put a second copy of the first level-II deck card at the end of that deck."""
    d["decks"]["2"].append(d["decks"]["2"][0])


def _bts_unknown(d: dict[str, Any]) -> None:
    """Rename a level-III deck card to a tech that does not exist."""
    d["decks"]["3"][1] = "III-FOO"


def _bts_negative(d: dict[str, Any]) -> None:
    """Give seat 1 negative ore."""
    d["factions"][1]["ore"] = -1


def _bts_string(d: dict[str, Any]) -> None:
    """Write seat 0's population as text."""
    d["factions"][0]["pop"] = "3"


def _bts_bool(d: dict[str, Any]) -> None:
    """Write the round as a boolean."""
    d["round"] = True


def _bts_missing(d: dict[str, Any]) -> None:
    """Drop the covered guilds."""
    del d["covered"]


def _bts_unknown_field(d: dict[str, Any]) -> None:
    """Add a field factions do not have."""
    d["factions"][2]["shields"] = 0


def _bts_seat(d: dict[str, Any]) -> None:
    """Give the turn to a fourth seat in a 3-player game."""
    d["turn"] = 3


def _bts_track(d: dict[str, Any]) -> None:
    """Take 9 discs off an 8-disc production track."""
    d["factions"][0]["removed"]["food"] = 9


BTS_CASES: list[tuple[str, Change, str]] = [
    ("a duplicated card", _bts_dup, "decks.2[16]: duplicate tech"),
    ("an unknown card id", _bts_unknown, "decks.3[1]: unknown tech 'III-FOO'"),
    ("a negative count", _bts_negative, "factions[1].ore: out of range: -1"),
    ("a string for an integer", _bts_string, "factions[0].pop: expected an integer from 0 to 20, got a string"),
    ("a boolean for an integer", _bts_bool, "round: expected an integer from 1 to 31, got a boolean"),
    ("a missing field", _bts_missing, "covered: missing field"),
    ("an unknown field", _bts_unknown_field, "factions[2].shields: unknown field"),
    ("an out-of-range seat", _bts_seat, "turn: out of range: 3 is not from 0 to 2"),
    ("a value beyond a track", _bts_track, "factions[0].removed.food: out of range: 9 is not from 0 to 8"),
]


@pytest.mark.parametrize("name, change, message", BTS_CASES, ids=[c[0] for c in BTS_CASES])
def test_beyond_the_sun_refuses_an_impossible_position(name: str, change: Change, message: str) -> None:
    """Beyond the Sun: each kind of impossible position raises PositionError whose message names the problem."""
    data = _played("beyond_the_sun", 3, 0).to_json()
    change(data)
    assert message in _refused("beyond_the_sun", data)


def test_beyond_the_sun_refuses_a_tech_that_is_nowhere() -> None:
    """Beyond the Sun: a tech card taken out of every place is named as missing (conservation)."""
    data = _played("beyond_the_sun", 2, 40).to_json()
    lost = data["decks"]["4"].pop()
    assert f"tech {lost!r} is missing" in _refused("beyond_the_sun", data)


def test_beyond_the_sun_refuses_a_step_no_card_has() -> None:
    """Beyond the Sun: a pending effect step must be one the data holds (here: 99 ore from nowhere)."""
    state = _played("beyond_the_sun", 2, 0)
    data = state.to_json()
    data["frames"].append({"seat": 0, "steps": [{"op": "gain_ore", "n": 99}], "src": None, "prog": {}})
    assert "frames[0].steps[0]: a 'gain_ore' step that no card" in _refused("beyond_the_sun", data)


# --- Ares Expedition ----------------------------------------------------------------------------------------------
def _ares_dup(d: dict[str, Any]) -> None:
    """Put a card of seat 1's hand into seat 0's hand too."""
    d["p"][0]["hand"].append(d["p"][1]["hand"][0])


def _ares_unknown(d: dict[str, Any]) -> None:
    """Rename a hand card to a project that does not exist."""
    d["p"][1]["hand"][0] = "foo-9"


def _ares_negative(d: dict[str, Any]) -> None:
    """Give seat 0 negative heat production."""
    d["p"][0]["prod"]["heat"] = -2


def _ares_string(d: dict[str, Any]) -> None:
    """Write seat 1's M€ as text."""
    d["p"][1]["mc"] = "12"


def _ares_bool(d: dict[str, Any]) -> None:
    """Write seat 0's heat as a boolean."""
    d["p"][0]["heat"] = False


def _ares_missing(d: dict[str, Any]) -> None:
    """Drop the phase-start snapshot."""
    del d["snap"]


def _ares_unknown_field(d: dict[str, Any]) -> None:
    """Add a field players do not have."""
    d["p"][0]["zz"] = 1


def _ares_index(d: dict[str, Any]) -> None:
    """Put an ocean tile 10 (of 1-9) in the pile."""
    d["ocean_pile"][0] = 10


def _ares_track(d: dict[str, Any]) -> None:
    """Raise the temperature one step past its track."""
    d["params"]["temperature"] = 20


ARES_CASES: list[tuple[str, Change, str]] = [
    ("a duplicated card", _ares_dup, "duplicate project"),
    ("an unknown card id", _ares_unknown, "p[1].hand[0]: unknown project 'foo-9'"),
    ("a negative count", _ares_negative, "p[0].prod.heat: out of range: -2"),
    ("a string for an integer", _ares_string, "p[1].mc: expected an integer"),
    ("a boolean for an integer", _ares_bool, "p[0].heat: expected an integer from 0 to 1000000, got a boolean"),
    ("a missing field", _ares_missing, "snap: missing field"),
    ("an unknown field", _ares_unknown_field, "p[0].zz: unknown field"),
    ("an out-of-range index", _ares_index, "ocean_pile[0]: out of range: 10 is not from 1 to 9"),
    ("a value beyond a track", _ares_track, "params.temperature: out of range: 20 is not from 0 to 19"),
]


@pytest.mark.parametrize("name, change, message", ARES_CASES, ids=[c[0] for c in ARES_CASES])
def test_ares_expedition_refuses_an_impossible_position(name: str, change: Change, message: str) -> None:
    """Ares Expedition: each kind of impossible position raises PositionError whose message names the problem."""
    data = _played("ares_expedition", 2, 30).to_json()
    change(data)
    assert message in _refused("ares_expedition", data)


def test_ares_expedition_names_where_a_duplicated_card_also_is() -> None:
    """Ares Expedition: a card in two hands is named at its second place (in field order), with its first place."""
    data = _played("ares_expedition", 2, 30).to_json()
    card = data["p"][0]["hand"][0]
    data["p"][1]["hand"].append(card)
    n = len(data["p"][1]["hand"]) - 1
    assert f"p[1].hand[{n}]: duplicate project {card!r} (also at p[0].hand[0])" in _refused("ares_expedition", data)


def test_ares_expedition_refuses_a_question_its_op_cannot_ask() -> None:
    """Ares Expedition: the question a player is asked must come from the op that is running."""
    state = _played("ares_expedition", 2, 0)
    data = state.to_json()
    p = data["p"][0]
    assert p["corp"] is None and p["offer"]
    data["stage"] = "setup"
    data["p"][0]["corp"], data["p"][0]["offer"] = p["offer"][0], []
    data["p"][1]["corp"], data["p"][1]["offer"] = data["p"][1]["offer"][0], []
    data["p"][0]["frames"] = [{"ops": [{"op": "_keep"}], "i": 0, "src": None, "ctx": {}, "ask": {"q": "convert"}}]
    assert "the question 'convert' cannot come from the op '_keep'" in _refused("ares_expedition", data)


# --- Jump Drive -----------------------------------------------------------------------------------------------------
def _jd_dup(d: dict[str, Any]) -> None:
    """Put a card of seat 0's hand into seat 1's hand too."""
    d["hands"][1].append(d["hands"][0][0])


def _jd_unknown(d: dict[str, Any]) -> None:
    """Rename a hand card to a card that does not exist."""
    d["hands"][1][3] = "foo-9"


def _jd_negative(d: dict[str, Any]) -> None:
    """Make the reveal counter negative."""
    d["epoch"] = -1


def _jd_string(d: dict[str, Any]) -> None:
    """Write the round as text."""
    d["round"] = "2"


def _jd_bool(d: dict[str, Any]) -> None:
    """Write seat 1's VP as a boolean."""
    d["vp"][1] = True


def _jd_missing(d: dict[str, Any]) -> None:
    """Drop the placement rounds."""
    del d["placed"]


def _jd_unknown_field(d: dict[str, Any]) -> None:
    """Add an option the game does not have."""
    d["options"]["shuffle"] = True


def _jd_seat(d: dict[str, Any]) -> None:
    """Show the last log line to seat 5 of a 2-player game."""
    d["msgs"][-1][2] = [5]


def _jd_track(d: dict[str, Any]) -> None:
    """Set the round past the 40-round limit."""
    d["round"] = 41


JD_CASES: list[tuple[str, Change, str]] = [
    ("a duplicated card", _jd_dup, "duplicate card"),
    ("an unknown card id", _jd_unknown, "hands[1][3]: unknown card 'foo-9'"),
    ("a negative count", _jd_negative, "epoch: out of range: -1"),
    ("a string for an integer", _jd_string, "round: expected an integer from 1 to 40, got a string ('2')"),
    ("a boolean for an integer", _jd_bool, "vp[1]: expected an integer from 0 to 1000000, got a boolean (True)"),
    ("a missing field", _jd_missing, "placed: missing field"),
    ("an unknown field", _jd_unknown_field, "options.shuffle: unknown field"),
    ("an out-of-range seat", _jd_seat, "[2][0]: out of range: 5 is not from 0 to 1"),
    ("a value beyond a track", _jd_track, "round: out of range: 41 is not from 1 to 40"),
]


def _jd_planning() -> dict[str, Any]:
    """Return a 2-player Jump Drive position at the start of round 2's placement choice, as JSON."""
    state = load_game("jump_drive").new_initial_state(seed=5, players=2)
    rng = Rng(105)
    while not (state.to_json()["phase"] == "plan" and state.to_json()["round"] == 2):
        seat = sorted(state.to_move())[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
    data: dict[str, Any] = state.to_json()
    assert data["commits"] == [None, None] and len(data["hands"][1]) >= 4
    return data


@pytest.mark.parametrize("name, change, message", JD_CASES, ids=[c[0] for c in JD_CASES])
def test_jump_drive_refuses_an_impossible_position(name: str, change: Change, message: str) -> None:
    """Jump Drive: each kind of impossible position raises PositionError whose message names the problem."""
    data = _jd_planning()
    change(data)
    assert message in _refused("jump_drive", data)


def test_jump_drive_refuses_a_commitment_the_seat_could_not_make() -> None:
    """Jump Drive: a hidden placement plan must be one of the plans the seat could choose now."""
    data = _jd_planning()
    data["commits"][0] = {"explore": False, "dev": None, "world": data["hands"][1][0], "second": None,
                          "how": "pay", "cost": 0}
    assert "commits[0]: not a placement this seat could choose now" in _refused("jump_drive", data)


def test_jump_drive_refuses_vp_that_the_card_tallies_do_not_give() -> None:
    """Jump Drive: each seat's per-card VP tally adds up to its VP (here one more VP than the cards scored)."""
    state = _played("jump_drive", 2, 40)
    data = state.to_json()
    assert data["vp_history"], "the game must have scored a round"
    data["vp"][0] += 1
    data["vp_history"][-1][0] += 1
    assert "vp_cards[0]: the cards' VP add up to" in _refused("jump_drive", data)


# --- shared behaviour ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["ares_expedition", "beyond_the_sun", "jump_drive"])
def test_a_foreign_or_broken_document_is_refused(game_id: str) -> None:
    """Not a dict, another game's format, or a deeply nested value: PositionError (a SaveFormatError), no crash."""
    state = load_game(game_id).new_initial_state(seed=1, players=2)
    for data in ([1, 2], "text", None, {"format": "other.state/1"}):
        with pytest.raises(PositionError):
            load_game(game_id).state_from_json(data)
    data = state.to_json()
    key = next(k for k in data if k not in ("format", "players"))
    nested: Any = [0]
    for _ in range(60):
        nested = [nested]
    data[key] = nested
    with pytest.raises(SaveFormatError):
        load_game(game_id).state_from_json(data)


ROUND_TRIP = [
    ("ares_expedition", 1, {}), ("ares_expedition", 2, {"mode": "coop"}), ("ares_expedition", 3, {}),
    ("ares_expedition", 4, {"promo_projects": True, "promo_corporations": True}),
    ("ares_expedition", 2, {"beginner": True}),
    ("beyond_the_sun", 2, {}), ("beyond_the_sun", 3, {"advanced_mats": True, "anytime_windows": "rulebook"}),
    ("beyond_the_sun", 4, {"control_ties": "strict", "first_game_achievements": True}),
    ("jump_drive", 1, {}), ("jump_drive", 2, {}), ("jump_drive", 3, {}), ("jump_drive", 4, {}),
    ("jump_drive", 1, {"campaign": True}),
]


@pytest.mark.parametrize("game_id, players, options", ROUND_TRIP, ids=[f"{g}-{p}p-{o}" for g, p, o in ROUND_TRIP])
def test_positions_from_play_load_back_unchanged(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Every 4th position of a seeded random game (and its end) loads through JSON text unchanged."""
    game = load_game(game_id)
    state = game.new_initial_state(seed=players * 13 + 1, players=players, options=options or None)
    rng = Rng(players + 40)
    n = 0
    while True:
        if n % 4 == 0 or state.is_terminal():
            text = json.dumps(state.to_json(), sort_keys=True)
            back = game.state_from_json(json.loads(text))
            assert json.dumps(back.to_json(), sort_keys=True) == text, f"action {n}"
        if state.is_terminal():
            break
        seat = sorted(state.to_move())[rng.randbelow(len(state.to_move()))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
        n += 1


class _BrokenView(State):
    """A two-seat state whose view fails with a raw KeyError (a planted rules bug)."""

    def __init__(self, game: Game) -> None:
        """Keep the game it belongs to."""
        self.game = game

    def to_move(self) -> frozenset[int]:
        """Seat 0 moves."""
        return frozenset({0})

    def legal_actions(self, seat: int) -> list[Action]:
        """One action."""
        return [Action.make("pass")]

    def _apply(self, seat: int, action: Action) -> None:
        """Nothing happens."""

    def is_terminal(self) -> bool:
        """Never over."""
        return False

    def outcome(self) -> Outcome | None:
        """No outcome yet."""
        return None

    def view(self, seat: int | None) -> JSON:
        """Fail for seat 1, as a rules bug would."""
        if seat == 1:
            raise KeyError("factions")
        return {}

    def to_json(self) -> JSON:
        """Nothing to save."""
        return {}

    def clone(self) -> State:
        """A copy."""
        return _BrokenView(self.game)

    def resample(self, seat: int, seed: int) -> State:
        """Nothing hidden."""
        return self.clone()


def test_probe_turns_a_raw_error_into_a_position_error() -> None:
    """probe plays the read API for every seat; a raw exception becomes PositionError naming its type."""
    state = _BrokenView(load_game("jump_drive"))
    probe(state, 1)  # seat 1 is not looked at for one player
    with pytest.raises(PositionError, match="the position cannot be played: KeyError: 'factions'"):
        probe(state, 2)


def test_a_ledger_names_a_piece_seen_twice_with_both_places() -> None:
    """The conservation ledger reports the second place of a duplicate, and the first place it was seen."""
    from collections import Counter

    led = Ledger("card", Counter({"a": 1, "b": 1}))
    led.see_all(["b", "a"], "deck")
    led.see_all(["a"], "hand")
    with pytest.raises(PositionError, match=r"hand\[0\]: duplicate card 'a' \(also at deck\[1\]\)"):
        led.check_complete()


def test_position_error_is_exported_with_its_code() -> None:
    """PositionError is part of the public API, a SaveFormatError, with the code save/invalid_position."""
    assert pyengine.PositionError is PositionError
    assert issubclass(PositionError, SaveFormatError)
    assert PositionError("x").to_json() == {"code": "save/invalid_position", "message": "x"}
