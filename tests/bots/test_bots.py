"""Bots: every level moves legally, bots see only their seat's information set, ISMCTS is reproducible, and the
arena ends games and reports win rates with their intervals."""

from __future__ import annotations

import functools
import time
from pathlib import Path

import pytest

import pyengine
from pyengine.bots import Budget, InfoSet, choose, make_bot
from pyengine.bots.arena import play, wilson, win_rate
from pyengine.bots.ismcts import ISMCTSBot, Search
from pyengine.core.api import State
from pyengine.core.registry import games
from pyengine.core.rng import Rng

QUICK = ("random", "easy", "normal", "hard:12")  # Hard with a tiny budget: the same code, quickly
CASES = [(g, n) for g in games()
         for n in range(pyengine.load_game(g).info.min_players, pyengine.load_game(g).info.max_players + 1)]
CASE_IDS = [f"{g}-{n}p" for g, n in CASES]

MAX_POINTS = 25  # each check looks at about this many positions of a game


@functools.cache
def positions(game_id: str, players: int, seed: int = 3) -> tuple[State, ...]:
    """Every decision point of one game, Normal against random at 1-2 players and random bots at 3-4 (quick, and
    varied enough for legality checks), states never mutated."""
    state = pyengine.load_game(game_id).new_initial_state(seed=seed, players=players)
    bots = [make_bot("normal" if s == 0 and players <= 2 else "random") for s in range(players)]
    rng = Rng(seed)
    out: list[State] = []
    while not state.is_terminal():
        out.append(state.clone())
        movers = sorted(state.to_move())
        seat = movers[rng.randbelow(len(movers))]
        state.apply(seat, choose(bots[seat], state, seat, rng))
        assert len(out) < 5000
    return tuple(out)


def sampled(game_id: str, players: int, points: int = MAX_POINTS) -> tuple[State, ...]:
    """The decision points of ``positions``, thinned evenly to about ``points``."""
    every = positions(game_id, players)
    return every[::max(1, len(every) // points)]


# The search level at 1-2 players only, where its playouts are cheap enough for the suite.
LEGALITY = [(name, g, n) for name in QUICK for g, n in CASES if not (name.startswith("hard") and n > 2)]


@pytest.mark.parametrize(("name", "game_id", "players"), LEGALITY, ids=[f"{a}-{g}-{n}p" for a, g, n in LEGALITY])
def test_bot_always_returns_a_legal_action_and_leaves_the_state_alone(name: str, game_id: str,
                                                                      players: int) -> None:
    """At sampled decision points, for every seat to move, the bot's choice is in legal_actions(seat)."""
    bot = make_bot(name)
    assert bot.name == name
    rng = Rng(99)
    for state in sampled(game_id, players, 15 if name.startswith("hard") else MAX_POINTS):
        before = state.to_json()
        for seat in sorted(state.to_move()):
            pick = choose(bot, state, seat, rng)
            assert pick in state.legal_actions(seat), f"{name} chose {pick!s} for seat {seat}"
        assert state.to_json() == before, f"{name} changed the state it was asked about"


@pytest.mark.parametrize("name", ("easy", "normal", "hard:4"))
@pytest.mark.parametrize("game_id", games())
def test_choice_is_the_same_on_positions_the_seat_cannot_tell_apart(name: str, game_id: str) -> None:
    """Honest bots: on each hidden variant of a position (another hand, an unrevealed choice, a deck order, the
    PRNG; ``Game.hidden_variants``), a bot with the same RNG seed picks the same action as on the position."""
    game = pyengine.load_game(game_id)
    bot = make_bot(name)
    compared = 0
    for k, state in enumerate(sampled(game_id, 2, 12)):
        for seat in sorted(state.to_move()):
            if len(state.legal_actions(seat)) < 2:
                continue
            mine = choose(bot, state, seat, Rng(k))
            for kind, other in game.hidden_variants(state, seat, k):
                assert choose(bot, other, seat, Rng(k)) == mine, f"{name}, position {k}, seat {seat}: {kind}"
                compared += 1
    assert compared >= 10


def test_a_bot_given_only_a_view_and_a_sampler_chooses() -> None:
    """The interface: a bot is handed an InfoSet built from a view, the legal actions and a sampler (here
    sampling from a hidden variant, never the true position), and it holds no reference to the true state."""
    game = pyengine.load_game("jump_drive")
    state = next(s for s in positions("jump_drive", 2) if s.to_json()["phase"] == "plan" and len(s.to_move()) == 1)
    seat = min(state.to_move())
    _, stranger = game.hidden_variants(state, seat, 5)[0]

    def sampler(seed: int) -> State:
        return stranger.resample(seat, seed)

    info = InfoSet(seat, state.view(seat), state.legal_actions(seat), sampler)
    for name in ("normal", "hard:30"):
        assert make_bot(name).choose(info, Rng(1), Budget(iterations=30)) in state.legal_actions(seat)
    built = InfoSet.of(state, seat, 9)
    assert all(v is not state for v in vars(built).values())
    assert all(cell.cell_contents is not state for cell in (built._sampler.__closure__ or ()))
    lazy = built._view
    assert callable(lazy) and all(cell.cell_contents is not state for cell in (lazy.__closure__ or ()))
    assert built.view == state.view(seat)  # made on first reading, from the seat's own resample


def test_ismcts_gives_the_same_move_for_the_same_seed_and_iterations() -> None:
    """Reproducible search: a seed and an iteration budget (no time limit) fix the move and the visit counts."""
    state = sampled("jump_drive", 2)[6]
    seat = min(state.to_move())
    runs = []
    for _ in range(2):
        search = Search(InfoSet.of(state, seat, 4), Rng(11))
        search.run(60)
        runs.append((search.best(), search.summary()))
    assert runs[0] == runs[1]
    # Each iteration visits one root move; a search stops early once the rest could not change its choice.
    assert sum(v for _, v, _ in runs[0][1]) == search.progress.iterations <= 60


def test_ismcts_handles_simultaneous_choices_for_either_seat() -> None:
    """Jump Drive's planning is simultaneous: Hard searches it from seat 0 and from seat 1 (each seat's own choice
    is made first in every iteration, never after seeing the other's) and returns a legal plan."""
    state = pyengine.load_game("jump_drive").new_initial_state(seed=8, players=2)
    for seat in (0, 1):
        state.apply(seat, choose(make_bot("normal"), state, seat, Rng(seat)))
    assert state.to_json()["phase"] == "plan" and state.to_move() == frozenset({0, 1})
    for seat in (0, 1):
        pick = choose(make_bot("hard:40"), state, seat, Rng(3))
        assert pick in state.legal_actions(seat)


def test_ismcts_time_budget_stops_the_search() -> None:
    """A time budget ends the search early: a huge iteration cap with 0.05 s runs far fewer iterations."""
    state = sampled("jump_drive", 2)[6]
    seat = min(state.to_move())
    bot = ISMCTSBot("hard", Budget(iterations=10**6, seconds=0.05))
    search = Search(InfoSet.of(state, seat, 4), Rng(2))
    search.run(bot.budget.iterations, deadline=time.perf_counter() + 0.05)
    assert 0 < search.progress.iterations < 10**6


def test_bot_choice_is_determined_by_its_rng_seed() -> None:
    """The same bot with the same RNG seed picks the same action at the same position."""
    for name in QUICK:
        bot = make_bot(name)
        for state in positions("jump_drive", 3)[::15]:
            seat = min(state.to_move())
            assert choose(bot, state, seat, Rng(5)) == choose(bot, state, seat, Rng(5))


def test_random_bot_uses_its_rng_to_spread_its_choices() -> None:
    """The random bot picks different actions for different RNG seeds where there are many options."""
    bot = make_bot("random")
    state = pyengine.load_game("jump_drive").new_initial_state(seed=1, players=2)
    picks = {choose(bot, state, 0, Rng(s)) for s in range(60)}
    assert len(picks) > 5
    assert picks <= set(state.legal_actions(0))


def test_make_bot_knows_the_four_levels_and_refuses_an_unknown_name() -> None:
    """make_bot makes Easy, Normal, Hard and Expert (and hard:N); an unknown name raises ValueError naming them."""
    assert [make_bot(n).name for n in ("easy", "normal", "hard", "expert", "hard:5")] == [
        "easy", "normal", "hard", "expert", "hard:5"]
    assert make_bot("hard:5").budget == Budget(iterations=5)
    for bad in ("alphazero", "hard:0", "hard:x", "normal:5"):
        with pytest.raises(ValueError) as info:
            make_bot(bad)
        assert repr(bad) in str(info.value)
    for name in ("easy", "normal", "hard", "expert"):
        assert name in str(info.value)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=CASE_IDS)
def test_arena_play_ends_games_with_an_outcome(game_id: str, players: int) -> None:
    """arena.play runs bots to the end and returns the final state's outcome (random bots keep it quick)."""
    out, state = play(game_id, [make_bot("random") for _ in range(players)], 1)
    assert state.is_terminal()
    assert out == state.outcome()
    assert len(out.scores) == players


def test_arena_play_is_reproducible() -> None:
    """The same bots and seed give the same outcome and final state."""
    a_out, a_state = play("jump_drive", [make_bot("normal"), make_bot("random")], 17)
    b_out, b_state = play("jump_drive", [make_bot("normal"), make_bot("random")], 17)
    assert a_out == b_out and a_state.to_json() == b_state.to_json()


def test_arena_play_gives_up_after_max_actions() -> None:
    """arena.play raises RuntimeError naming the game and seed when a game does not end in time."""
    with pytest.raises(RuntimeError, match="jump_drive seed 4"):
        play("jump_drive", [make_bot("random"), make_bot("random")], 4, max_actions=5)


def test_wilson_interval_brackets_the_rate() -> None:
    """The 95 % interval: 0 of 0 says nothing; 14 of 20 gives about 0.48-0.85; 140 of 200 a narrower 0.63-0.76."""
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(14, 20)
    assert 0.47 < low < 0.49 and 0.85 < high < 0.86
    low2, high2 = wilson(140, 200)
    assert low < low2 < 0.7 < high2 < high


def test_normal_beats_random_in_most_of_20_games() -> None:
    """Over 20 two-player Jump Drive games (seats rotating), Normal wins at least 14 against random, and the
    report carries the rate's 95 % interval. The long figure: `python -m pyengine arena jump_drive --games 200`."""
    result = win_rate("jump_drive", "normal", "random", games=20, players=2, seed=1)
    assert result["games"] == 20
    assert result["wins"] >= 14, result
    assert result["win_rate"] == result["wins"] / 20
    low, high = result["interval95"]
    assert low <= result["win_rate"] <= high and high - low < 0.5


def test_ares_normal_terraforms_mars_in_half_of_20_solo_games() -> None:
    """Ares Expedition solo at novice: Normal terraforms Mars (a win) in at least 10 of 20 games (the long figure:
    `python -m pyengine arena ares_expedition --bot normal --games 100 --players 1`)."""
    result = win_rate("ares_expedition", "normal", "random", games=20, players=1, seed=1)
    assert result["wins"] >= 10, result


def test_an_arena_with_a_results_file_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`arena --results FILE` keeps each finished game; a run killed part-way (its last line cut short) and started
    again plays only the missing games and reports exactly what one uninterrupted run reports; a file of another
    run is refused, nothing in it touched."""
    import json

    import pyengine.bots.arena as arena

    def figures(report: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in report.items() if k != "median_move_seconds"}  # a time: never equal twice

    whole = figures(win_rate("jump_drive", "normal", "random", games=6, players=2, seed=3))
    path = tmp_path / "run.jsonl"
    assert figures(win_rate("jump_drive", "normal", "random", games=6, players=2, seed=3, results=path)) == whole
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["arena"]["game"] == "jump_drive" and len(lines) == 7
    path.write_text("\n".join(lines[:4]) + "\n" + lines[4][: len(lines[4]) // 2])  # 3 games, then a cut line
    played: list[int] = []
    real = arena._played

    def counting(job: tuple[str, str, str, int, int, int, dict[str, object] | None]) -> dict[str, object]:
        played.append(job[4])
        return real(job)

    monkeypatch.setattr(arena, "_played", counting)
    assert figures(win_rate("jump_drive", "normal", "random", games=6, players=2, seed=3, results=path)) == whole
    assert sorted(played) == [3, 4, 5]
    assert len(path.read_text().splitlines()) == 7
    before = path.read_text()
    with pytest.raises(arena.ResultsFileError, match="another run"):
        win_rate("jump_drive", "easy", "random", games=6, players=2, seed=3, results=path)
    from pyengine.cli import main

    assert main(["arena", "jump_drive", "--bot", "easy", "--games", "6", "--seed", "3", "--results", str(path)]) == 2
    assert path.read_text() == before
