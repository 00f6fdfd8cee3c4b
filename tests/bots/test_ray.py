"""The arena and training on Ray (issue 34, "scale out on Ray"): the same games, the same results as in this process.

Ray is an optional extra (``pip install 'pyengine[scale]'``). These tests start a local Ray with 2 CPUs; where Ray
cannot be installed they are skipped, and pytest's summary (``-rs``, which the suite asks for) says why.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyengine.bots.arena import win_rate
from pyengine.bots.train import train

ray = pytest.importorskip("ray", reason="Ray is not installed here (pip install 'pyengine[scale]'); the Ray arena "
                                       "and training tests are skipped")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[object]:
    """A local Ray with 2 CPUs for this module, shut down after it."""
    from pyengine.bots.scale import LOCAL, ray_init

    module = ray_init(LOCAL, 2)
    yield module
    module.shutdown()


def test_a_ray_arena_gives_the_local_arenas_results_game_for_game(local_ray: object, tmp_path: Path) -> None:
    """A tiny Jump Drive arena (Hard with 6 iterations against Normal, 4 games) played on Ray keeps, game for game,
    the outcomes the same arena gives in this process."""
    here_file, ray_file = tmp_path / "here.jsonl", tmp_path / "ray.jsonl"
    here = win_rate("jump_drive", "hard:6", "normal", 4, results=here_file)
    there = win_rate("jump_drive", "hard:6", "normal", 4, results=ray_file, ray="local", jobs=2)

    def games(path: Path) -> dict[int, object]:
        lines = [json.loads(x) for x in path.read_text().splitlines()[1:]]
        return {rec["g"]: (rec["outcome"], rec["seat_a"]) for rec in lines}

    assert games(here_file) == games(ray_file)
    assert {k: v for k, v in here.items() if k != "median_move_seconds"} == \
        {k: v for k, v in there.items() if k != "median_move_seconds"}


def test_training_on_ray_writes_the_same_weights(local_ray: object) -> None:
    """``train --ray`` plays the self-play games as Ray tasks and fits the same weights, byte for byte."""
    here = train("jump_drive", games=4, seed=5, solo_games=2)
    there = train("jump_drive", games=4, seed=5, solo_games=2, ray="local", jobs=2)
    assert json.dumps(here, sort_keys=True) == json.dumps(there, sort_keys=True)
