"""The arena: plays bots against each other to the end and reports outcomes, win rates and their 95 % intervals."""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.api import Outcome, State
from ..core.registry import load_game
from ..core.rng import Rng
from .base import Bot, choose
from .learned import WEIGHTS_FILE
from .levels import make_bot
from .scale import run_jobs


def play(game_id: str, bots: Sequence[Bot], seed: int, options: dict[str, Any] | None = None,
         max_actions: int = 100_000, think: list[list[float]] | None = None) -> tuple[Outcome, State]:
    """Play one game with one bot per seat and return its outcome and final state.

    Each bot sees only its seat's information set (``choose``), and searches its iterations with no time cap (so
    a game is reproducible on any machine). Each bot seat has its own RNG, so one seat's
    thinking never changes another's. ``think``, when given (one list per seat), collects the seconds of each
    seat's decisions that had more than one legal action.

    Raises:
        RuntimeError: the game did not end within max_actions.
    """
    game = load_game(game_id)
    state = game.new_initial_state(seed=seed, players=len(bots), options=options)
    rngs = [Rng((seed ^ 0x5EED) + 7919 * s) for s in range(len(bots))]
    for _ in range(max_actions):
        if state.is_terminal():
            out = state.outcome()
            assert out is not None
            return out, state
        seat = min(state.to_move())
        start = time.perf_counter()
        action = choose(bots[seat], state, seat, rngs[seat], bots[seat].budget.with_seconds(None))
        if think is not None and len(state.legal_actions(seat)) > 1:
            think[seat].append(time.perf_counter() - start)
        state.apply(seat, action)
    raise RuntimeError(f"{game_id} seed {seed}: no end after {max_actions} actions")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson 95 % interval of a success rate (0, 1 for no trials)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _one_game(job: tuple[str, str, str, int, int, int, dict[str, Any] | None]) -> tuple[Outcome, int, list[float]]:
    """Play one arena game (a top-level function, so worker processes can run it): outcome, bot_a's seat, timings."""
    game_id, bot_a, bot_b, players, g, seed, options = job
    seat_a = g % players
    names = [bot_a if s == seat_a else bot_b for s in range(players)]
    timed: list[list[float]] = [[] for _ in range(players)]
    out, _ = play(game_id, [make_bot(n) for n in names], seed + g, options, think=timed)
    return out, seat_a, timed[seat_a]


def _played(job: tuple[str, str, str, int, int, int, dict[str, Any] | None]) -> dict[str, Any]:
    """Play one arena game and return its record: game index, outcome, bot_a's seat, its timings and the CPU used."""
    start = time.process_time()
    out, seat_a, timed = _one_game(job)
    return {"g": job[4], "outcome": out.to_json(), "seat_a": seat_a, "timed": timed,
            "cpu": time.process_time() - start}


BOT_MODULES = ("base", "greedy", "ismcts", "learned", "levels", "playout")
"""The bots' own modules whose code a results file's games depend on (``fingerprint``)."""


def fingerprint(game_id: str) -> str:
    """Return a short hash of what an arena game's result depends on besides its seed: the bots' code, the game's
    heuristic and learned weights, and its rules version (a results file of other code is never resumed)."""
    game = load_game(game_id)
    package = Path(importlib.import_module(type(game).__module__.rpartition(".")[0]).__file__ or ".").parent
    here = Path(__file__).parent
    digest = hashlib.sha256(game.info.rules_version.encode())
    for path in [*(here / f"{m}.py" for m in BOT_MODULES), package / "heuristic.py", package / "data" / WEIGHTS_FILE]:
        digest.update(path.read_bytes() if path.exists() else b"-")
    return digest.hexdigest()[:12]


class ResultsFileError(ValueError):
    """A results file that belongs to another arena run, or cannot be read."""


def _read_results(path: Path, header: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Return the game records already in a results file (by game index), after checking it is this run's file.

    The file's first line is the run's header; each other line is one finished game. A last line cut short (the
    run was killed while writing it) is dropped, and that game is played again.

    Raises:
        ResultsFileError: the header names another run, or a line is not a record.
    """
    if not path.exists():
        return {}
    lines = path.read_text().splitlines()
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError as exc:
        raise ResultsFileError(f"{path}: the first line is not an arena header") from exc
    if first != {"arena": header}:
        raise ResultsFileError(f"{path} holds another run: {first.get('arena') if isinstance(first, dict) else first}"
                               f"; this run is {header}")
    done: dict[int, dict[str, Any]] = {}
    for n, line in enumerate(lines[1:], 2):
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            if n == len(lines):
                break  # cut short by a kill: played again
            raise ResultsFileError(f"{path}:{n}: not a game record") from exc
        if not isinstance(rec, dict) or not isinstance(rec.get("g"), int) or "outcome" not in rec:
            raise ResultsFileError(f"{path}:{n}: not a game record")
        done[rec["g"]] = rec
    return done


def win_rate(game_id: str, bot_a: str, bot_b: str, games: int, players: int = 2, seed: int = 1,
             options: dict[str, Any] | None = None, jobs: int = 1, results: Path | None = None,
             ray: str | None = None) -> dict[str, Any]:
    """Play bot_a in one seat (rotating) against bot_b in the others; return bot_a's win rate with its interval.

    A shared win counts one half (co-op: a win together counts one). In solitaire bot_b is not used and the rate
    is how often bot_a wins. ``jobs`` > 1 plays games in that many processes, and ``ray`` (``local``, ``auto`` or a
    cluster's address) on Ray (``pyengine/bots/scale.py``); the results do not change.
    ``results``, when given, is a file that keeps each finished game as one JSON line: a run that is stopped and
    started again with the same arguments plays only the games it lacks, and reports the same figures (game g is
    always seed + g with bot_a in seat g % players). A results file made by other bot code (``fingerprint``) is refused.

    Raises:
        ResultsFileError: ``results`` belongs to another run.
    """
    header = {"game": game_id, "bot": bot_a, "against": bot_b, "players": players, "seed": seed,
              "options": options or {}, "code": fingerprint(game_id)}
    done = _read_results(results, header) if results is not None else {}
    if results is not None:  # the header, then the games kept (a line cut short by a kill is dropped)
        kept = [json.dumps({"arena": header})] + [json.dumps(done[g]) for g in sorted(done)]
        results.write_text("\n".join(kept) + "\n")
    work = [(game_id, bot_a, bot_b, players, g, seed, options) for g in range(games) if g not in done]
    records = [done[g] for g in range(games) if g in done]

    def keep(rec: dict[str, Any]) -> None:
        records.append(rec)
        if results is not None:
            with results.open("a") as f:
                f.write(json.dumps(rec) + "\n")

    for rec in run_jobs(_played, work, jobs, ray):
        keep(rec)
    return summary(game_id, bot_a, bot_b, players, records)


def summary(game_id: str, bot_a: str, bot_b: str, players: int, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the arena's report over game records (``_played``): wins, rate, 95 % interval, margin, think time."""
    games = len(records)
    wins = 0.0
    shared = 0
    margin = 0.0
    think: list[float] = []
    for rec in sorted(records, key=lambda r: int(r["g"])):
        out, seat_a = rec["outcome"], int(rec["seat_a"])
        think += rec["timed"]
        if seat_a in out["winners"]:
            together = out["tiebreak"] == "shared" or players == 1
            wins += 1.0 if together else 1.0 / len(out["winners"])
            shared += len(out["winners"]) > 1
        others = [out["scores"][s] for s in range(players) if s != seat_a]
        margin += out["scores"][seat_a] - (max(others) if others else 0)
    low, high = wilson(wins, games)
    think.sort()
    return {"game": game_id, "bot": bot_a, "against": bot_b, "players": players, "games": games,
            "wins": wins, "shared_wins": shared, "win_rate": round(wins / games, 4) if games else 0.0,
            "interval95": [round(low, 3), round(high, 3)], "mean_margin": round(margin / games, 2) if games else 0.0,
            "median_move_seconds": round(think[len(think) // 2], 4) if think else 0.0}
