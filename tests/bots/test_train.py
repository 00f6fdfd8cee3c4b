"""The learned evaluation (pyengine/bots/learned.py) and its training (pyengine/bots/train.py, ``train`` command)."""

from __future__ import annotations

import importlib
import json

import pytest

from pyengine.bots.base import choose
from pyengine.bots.learned import LearnedEval, WinModel, learned_eval, softmax
from pyengine.bots.levels import make_bot
from pyengine.bots.playout import model_for
from pyengine.bots.train import Example, fit, train, weights_path, write
from pyengine.cli import main
from pyengine.core.registry import load_game
from pyengine.core.rng import Rng

GAMES = ("jump_drive", "ares_expedition", "beyond_the_sun")


def uniform(rng: Rng) -> float:
    """Return a float in [0, 1) from the engine's PRNG."""
    return rng.next_u64() / 2**64


def test_a_small_training_run_is_deterministic_in_one_process_or_two(tmp_path: object) -> None:
    """The same seed gives the same weights file byte for byte, whether the games are played here or in 2 workers."""
    one = train("jump_drive", games=6, seed=3, solo_games=3)
    two = train("jump_drive", games=6, seed=3, solo_games=3, jobs=2)
    other = train("jump_drive", games=6, seed=4, solo_games=3)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert one["multi"]["weights"] != other["multi"]["weights"]  # the seed matters: the games differ
    assert one["command"] == "python -m pyengine train jump_drive --games 6 --seed 3 --solo-games 3"


def test_train_check_reports_a_file_that_its_run_does_not_reproduce(tmp_path: pytest.TempPathFactory,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``train --check`` exits 0 when the run gives the file's bytes, and 1 when the file holds anything else."""
    path = tmp_path / "w.json"  # type: ignore[operator]
    args = ["train", "jump_drive", "--games", "4", "--solo-games", "0", "--seed", "2", "--out", str(path)]
    assert main(args) == 0
    assert main([*args, "--check"]) == 0
    data = json.loads(path.read_text())
    data["multi"]["weights"][0] += 0.5
    write(data, path)
    assert main([*args, "--check"]) == 1
    assert "DIFFERS" in capsys.readouterr().out


def test_fit_finds_the_weights_that_decided_the_winners() -> None:
    """A conditional logit fitted to winners drawn from known weights gets their signs and rough sizes back."""
    rng = Rng(7)
    truth = [1.5, -0.8, 0.0]
    examples = []
    for _ in range(1500):
        rows = [[uniform(rng) * 4, uniform(rng) * 4, uniform(rng)] for _ in range(2)]
        p = softmax([sum(w * x for w, x in zip(truth, r, strict=True)) for r in rows])
        winner = 0 if uniform(rng) < p[0] else 1
        examples.append(Example(rows, [1.0 if s == winner else 0.0 for s in range(2)]))
    w = fit(examples, solo=False)
    assert 1.1 < w[0] < 1.9 and -1.2 < w[1] < -0.5 and abs(w[2]) < 0.5


def test_a_solo_fit_learns_its_bias() -> None:
    """Alone, the model is a logistic with a bias: a game won 80 % of the time whatever the features gets ~0.8."""
    rng = Rng(3)
    examples = [Example([[uniform(rng)]], [1.0 if uniform(rng) < 0.8 else 0.0]) for _ in range(800)]
    w = fit(examples, solo=True)
    chance = WinModel(tuple(w), solo=True).chances([[0.5]])[0]
    assert 0.74 < chance < 0.86


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_ships_weights_for_its_features_made_by_the_train_command(game_id: str) -> None:
    """Every game's data/eval_weights.json names the heuristic's features, the command and seed that made it, and
    fits the held-out games better than the heuristic's own value lead does."""
    data = json.loads(weights_path(game_id).read_text())
    heuristic = importlib.import_module(f"pyengine.games.{game_id}.heuristic")
    assert data["features"] == list(heuristic.FEATURES)
    assert data["command"].startswith(f"python -m pyengine train {game_id} ")
    assert data["multi"]["held_out"]["log_loss"] < data["multi"]["held_out_heuristic"]["log_loss"]
    assert data["multi"]["held_out"]["accuracy"] > 0.55


@pytest.mark.parametrize("game_id", GAMES)
def test_learned_chances_sum_to_one_and_favour_the_eventual_winner_late_in_a_game(game_id: str) -> None:
    """The learned evaluation gives each seat a chance that sums to 1; over the last quarter of a game Normal wins
    against Easy, it gives the winner more than an even chance on average (the shipped weights read a position)."""
    ev = learned_eval(importlib.import_module(f"pyengine.games.{game_id}.heuristic"))
    assert isinstance(ev, LearnedEval)
    short = {"round_limit": 10} if game_id == "beyond_the_sun" else None  # its Normal is slow: the shortest game
    state = load_game(game_id).new_initial_state(seed=3, players=2, options=short)
    bots, rng, seen = [make_bot("normal"), make_bot("easy")], Rng(3), []
    while not state.is_terminal():
        seat = min(state.to_move())
        chances = ev.chances(state)
        assert chances is not None and abs(sum(chances) - 1.0) < 1e-9
        seen.append(chances)
        state.apply(seat, choose(bots[seat], state, seat, rng))
    out = state.outcome()
    assert out is not None and len(out.winners) == 1
    late = seen[len(seen) * 3 // 4:]
    assert sum(c[out.winners[0]] for c in late) / len(late) > 0.5


def test_expert_values_playouts_by_the_learned_evaluation_and_hard_by_the_heuristic() -> None:
    """Expert's search uses the learned win chances at the playouts' ends; Hard's uses the heuristic's value lead."""
    assert make_bot("expert").learned and make_bot("expert:50").learned  # type: ignore[attr-defined]
    assert not make_bot("hard").learned and not make_bot("hard:50").learned  # type: ignore[attr-defined]
    state = load_game("jump_drive").new_initial_state(seed=2, players=2)
    rng = Rng(2)
    for _ in range(12):  # a position where the seats differ
        seat = min(state.to_move())
        state.apply(seat, choose(make_bot("normal"), state, seat, rng))
    model = model_for(state)
    assert model.learned is not None
    base = model.values(state)
    assert model.rewards(state, base, learned=True) == model.learned.chances(state)
    assert model.rewards(state, base, learned=False) != model.learned.chances(state)
