"""Bots: random and greedy always move legally, greedy sees only its seat's view, and the arena ends games."""

from __future__ import annotations

import functools

import pytest

import pyengine
from pyengine.bots import Budget, make_bot
from pyengine.bots.arena import play, win_rate
from pyengine.core.api import State
from pyengine.core.registry import games
from pyengine.core.rng import Rng

BOT_NAMES = ("random", "greedy")
CASES = [(g, n) for g in games()
         for n in range(pyengine.load_game(g).info.min_players, pyengine.load_game(g).info.max_players + 1)]
CASE_IDS = [f"{g}-{n}p" for g, n in CASES]

MAX_POINTS = 120  # long games (Beyond the Sun) are sampled: each check looks at about this many positions


@functools.cache
@functools.cache
def positions(game_id: str, players: int, seed: int = 3) -> tuple[State, ...]:
    """Every decision point of one game played by greedy bots against random ones (states never mutated)."""
    state = pyengine.load_game(game_id).new_initial_state(seed=seed, players=players)
    bots = [make_bot("greedy" if s % 2 == 0 else "random") for s in range(players)]
    rng = Rng(seed)
    out: list[State] = []
    while not state.is_terminal():
        out.append(state.clone())
        movers = sorted(state.to_move())
        seat = movers[rng.randbelow(len(movers))]
        state.apply(seat, bots[seat].choose(state, seat, rng, Budget()))
        assert len(out) < 5000
    return tuple(out)


def sampled(game_id: str, players: int) -> tuple[State, ...]:
    """The decision points of ``positions``, thinned evenly to about MAX_POINTS for long games."""
    every = positions(game_id, players)
    return every[::max(1, len(every) // MAX_POINTS)]


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_bot_always_returns_a_legal_action_and_leaves_the_state_alone(name: str, game_id: str,
                                                                      players: int) -> None:
    """At every decision point, for every seat to move, the bot's choice is in legal_actions(seat)."""
    bot = make_bot(name)
    assert bot.name == name
    rng = Rng(99)
    for state in sampled(game_id, players):
        before = state.to_json()
        for seat in sorted(state.to_move()):
            choice = bot.choose(state, seat, rng, Budget())
            assert choice in state.legal_actions(seat), f"{name} chose {choice!s} for seat {seat}"
        assert state.to_json() == before, f"{name} changed the state it was asked about"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_greedy_choice_depends_only_on_the_seats_view_and_its_rng(game_id: str, players: int) -> None:
    """Greedy picks the same action on a state and on resample(seat, x) of it, given the same RNG seed."""
    bot = make_bot("greedy")
    compared = 0
    for k, state in enumerate(sampled(game_id, players)):
        for seat in sorted(state.to_move()):
            if len(state.legal_actions(seat)) < 2:
                continue
            a = bot.choose(state, seat, Rng(k), Budget())  # the same for both resamples: chosen once
            for x in (k, 10**6 + k):
                other = state.resample(seat, x)
                assert other.view(seat) == state.view(seat)
                b = bot.choose(other, seat, Rng(k), Budget())
                assert a == b, f"position {k}, seat {seat}: {a!s} on the state but {b!s} on a resample"
                compared += 1
    assert compared > 10


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bot_choice_is_determined_by_its_rng_seed(name: str) -> None:
    """The same bot with the same RNG seed picks the same action at the same position."""
    bot = make_bot(name)
    for state in positions("jump_drive", 3)[::5]:
        seat = min(state.to_move())
        assert bot.choose(state, seat, Rng(5), Budget()) == bot.choose(state, seat, Rng(5), Budget())


def test_random_bot_uses_its_rng_to_spread_its_choices() -> None:
    """The random bot picks different actions for different RNG seeds where there are many options."""
    bot = make_bot("random")
    state = pyengine.load_game("jump_drive").new_initial_state(seed=1, players=2)
    picks = {bot.choose(state, 0, Rng(s), Budget()) for s in range(60)}
    assert len(picks) > 5
    assert picks <= set(state.legal_actions(0))


def test_make_bot_refuses_an_unknown_name() -> None:
    """make_bot of an unknown name raises ValueError quoting it and naming the known bots."""
    with pytest.raises(ValueError) as info:
        make_bot("alphazero")
    assert "'alphazero'" in str(info.value)
    for name in BOT_NAMES:
        assert name in str(info.value)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_arena_play_ends_games_with_an_outcome(game_id: str, players: int) -> None:
    """arena.play runs bots to the end and returns the final state's outcome.

    Random bots in every seat keep this quick; greedy bots play every game to its end in ``positions``.
    """
    for seed in (1,):
        bots = [make_bot("random") for _ in range(players)]
        out, state = play(game_id, bots, seed)
        assert state.is_terminal()
        assert out == state.outcome()
        assert len(out.scores) == players


def test_arena_play_is_reproducible() -> None:
    """The same bots and seed give the same outcome and final state."""
    a_out, a_state = play("jump_drive", [make_bot("greedy"), make_bot("random")], 17)
    b_out, b_state = play("jump_drive", [make_bot("greedy"), make_bot("random")], 17)
    assert a_out == b_out and a_state.to_json() == b_state.to_json()


def test_arena_play_gives_up_after_max_actions() -> None:
    """arena.play raises RuntimeError naming the game and seed when a game does not end in time."""
    with pytest.raises(RuntimeError, match="jump_drive seed 4"):
        play("jump_drive", [make_bot("random"), make_bot("random")], 4, max_actions=5)


def test_greedy_beats_random_in_most_of_20_games() -> None:
    """Over 20 two-player games (seats rotating), greedy wins at least 14 against random.

    The long figure is `python -m pyengine arena jump_drive --games 200`.
    """
    result = win_rate("jump_drive", "greedy", "random", games=20, players=2, seed=1)
    assert result["games"] == 20
    assert result["wins"] >= 14, result
    assert result["win_rate"] == result["wins"] / 20


def test_random_does_not_beat_greedy() -> None:
    """Seen from the other side, random wins at most a third of 20 games against greedy."""
    result = win_rate("jump_drive", "random", "greedy", games=20, players=2, seed=101)
    assert result["wins"] <= 7, result


def test_ares_greedy_beats_random_in_most_of_20_two_player_games() -> None:
    """Ares Expedition: greedy wins at least 15 of 20 two-player games against random (the long figure:
    `python -m pyengine arena ares_expedition --games 100 --players 2`, at least 80 of 100 required)."""
    result = win_rate("ares_expedition", "greedy", "random", games=20, players=2, seed=1)
    assert result["wins"] >= 15, result


def test_ares_greedy_terraforms_mars_in_half_of_20_solo_games() -> None:
    """Ares Expedition solo at novice: greedy terraforms Mars (a win) in at least 10 of 20 games (the long figure:
    `python -m pyengine arena ares_expedition --games 100 --players 1`, at least 50 of 100 required)."""
    result = win_rate("ares_expedition", "greedy", "random", games=20, players=1, seed=1)
    assert result["wins"] >= 10, result
