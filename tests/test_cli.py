"""The command line, run as a user would: ``python -m pyengine play|bench|fuzz|arena``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "pyengine", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_play_prints_one_json_outcome_line() -> None:
    """play with a seed and one bot per seat prints exactly one JSON line: game, seed, bots and the outcome."""
    proc = run("play", "jump_drive", "--players", "2", "--seed", "3", "--bots", "random,greedy")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["game"] == "jump_drive" and data["seed"] == 3 and data["bots"] == ["random", "greedy"]
    assert len(data["scores"]) == 2 and data["winners"] and set(data["winners"]) <= {0, 1}
    assert data["tiebreak"] in ("vp", "cards_in_hand", "income", "shared")
    again = run("play", "jump_drive", "--players", "2", "--seed", "3", "--bots", "random,greedy")
    assert again.stdout == proc.stdout, "the same seed and bots must print the same outcome"


def test_play_with_one_bot_name_fills_every_seat() -> None:
    """A single bot name is used for every seat."""
    proc = run("play", "jump_drive", "--players", "3", "--seed", "1", "--bots", "greedy")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["bots"] == ["greedy"] * 3


def test_play_refuses_a_bot_count_that_does_not_match_the_players() -> None:
    """Two bot names for three players exits 2 with an error message."""
    proc = run("play", "jump_drive", "--players", "3", "--bots", "random,greedy")
    assert proc.returncode == 2
    assert "error:" in proc.stderr and proc.stdout == ""


def test_bench_prints_games_per_second() -> None:
    """bench prints one line per player count with the games played and a games/s figure."""
    proc = run("bench", "jump_drive", "--games", "3", "--players", "1,2")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 2
    for players, line in zip((1, 2), lines, strict=True):
        m = re.search(r"(\d+) players, 3 random games in [\d.]+s: ([\d.]+) games/s", line)
        assert m and int(m.group(1)) == players and float(m.group(2)) > 0, line


def test_short_fuzz_run_exits_0_with_an_ok_line_per_player_count() -> None:
    """fuzz jump_drive --games 2 checks every player count and prints an ok line for each."""
    proc = run("fuzz", "jump_drive", "--games", "2")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 4
    for players, line in zip((1, 2, 3, 4), lines, strict=True):
        assert line.startswith(f"jump_drive: {players} players: 2 games,"), line
        assert line.endswith(": ok"), line
    assert "FAIL" not in proc.stdout


def test_arena_prints_a_win_rate_json_line() -> None:
    """arena prints one JSON line with the bot (Normal by default), its opponent, games, wins, the win rate and
    its 95 % interval."""
    proc = run("arena", "jump_drive", "--games", "4")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert (data["bot"], data["against"], data["games"]) == ("normal", "random", 4)
    assert 0 <= data["wins"] <= 4 and data["win_rate"] == data["wins"] / 4
    low, high = data["interval95"]
    assert 0 <= low <= data["win_rate"] <= high <= 1


def test_arena_plays_a_search_level_against_another_in_two_processes() -> None:
    """The suite's short arena: arena --bot hard:N --against normal --jobs 2 gives the same result as in one process,
    with the median seconds of the searching bot's moves; an unknown bot exits 2 naming the levels (the long arenas
    are commands: docs/BOTS.md)."""
    one = run("arena", "jump_drive", "--bot", "hard:6", "--against", "normal", "--games", "2")
    two = run("arena", "jump_drive", "--bot", "hard:6", "--against", "normal", "--games", "2", "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, (one.stderr, two.stderr)
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert a["wins"] == b["wins"] and a["mean_margin"] == b["mean_margin"]
    assert a["median_move_seconds"] > 0
    bad = run("arena", "jump_drive", "--bot", "grandmaster", "--games", "1")
    assert bad.returncode == 2 and "easy" in bad.stderr and "Traceback" not in bad.stderr


def test_unknown_game_exits_non_zero_with_a_clear_message() -> None:
    """Every command given an unknown game exits 2 with 'error: unknown game ...' and no traceback."""
    for cmd in ("play", "bench", "fuzz", "arena"):
        proc = run(cmd, "no_such_game", "--games", "1") if cmd != "play" else run(cmd, "no_such_game")
        assert proc.returncode == 2, (cmd, proc.stderr)
        assert "Traceback" not in proc.stderr
        assert proc.stderr.startswith("error: unknown game 'no_such_game'"), proc.stderr
        assert "jump_drive" in proc.stderr, "the message should list the known games"


def test_no_command_prints_usage_and_exits_2() -> None:
    """Running with no subcommand prints argparse usage and exits 2."""
    proc = run()
    assert proc.returncode == 2
    assert "usage:" in proc.stderr


def test_code_prints_a_position_code_and_decode_reads_it_back() -> None:
    """code GAME --seed N --moves K prints one st1. code (the same every time); --decode prints its state as JSON;
    a damaged code exits 2 naming the problem."""
    proc = run("code", "jump_drive", "--seed", "4", "--moves", "12")
    assert proc.returncode == 0, proc.stderr
    code = proc.stdout.strip()
    assert code.startswith("st1.") and "\n" not in code and len(code) < 700
    assert run("code", "jump_drive", "--seed", "4", "--moves", "12").stdout.strip() == code
    state = json.loads(run("code", "--decode", code).stdout)
    assert state["players"] == 2 and state["msgs"] == []
    bad = run("code", "--decode", code[:-6])
    assert bad.returncode == 2 and "code/truncated" in bad.stderr


def test_lesson_checks_files_and_names_problems(tmp_path: Path) -> None:
    """lesson FILE prints OK for a shipped lesson and each problem of a broken one (exit 1)."""
    shipped = ROOT / "web" / "lessons" / "jump-drive-explore.json"
    good = run("lesson", str(shipped))
    assert good.returncode == 0 and good.stdout.strip().endswith(": OK")
    broken = json.loads(shipped.read_text())
    broken["steps"][0]["expect"] = ["place world=no_such_card-0"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    bad = run("lesson", str(path))
    assert bad.returncode == 1 and "not a legal move" in bad.stdout


def test_every_help_page_prints() -> None:
    """Issue 31: `python -m pyengine --help` crashed (argparse read arena's "95 %" as a format code); the main help
    and every command's help print, and name the arena's interval."""
    out = run("--help")
    assert out.returncode == 0, out.stderr
    commands = re.findall(r"\{([a-z,-]+)\}", out.stdout)[0].split(",")
    assert "arena" in commands and "play" in commands
    assert "95 % interval" in out.stdout
    for cmd in commands:
        page = run(cmd, "--help")
        assert page.returncode == 0 and "usage:" in page.stdout, (cmd, page.stderr)


def _jd_code() -> str:
    """A Jump Drive code after 3 bot moves (seat 1 is to plan)."""
    proc = run("code", "jump_drive", "--seed", "4", "--moves", "3")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_moves_lists_each_legal_move_with_its_exact_text_and_label() -> None:
    """Issue 31, for authors: `moves CODE` prints the engine's own action texts (what a lesson's expect needs)."""
    code = _jd_code()
    proc = run("moves", code)
    assert proc.returncode == 0, proc.stderr
    assert "Jump Drive, 2 players" in proc.stdout and "Seat 1 (counted from 0) to move" in proc.stdout
    assert re.search(r"^  explore +Explore: draw 5, then discard 3$", proc.stdout, re.M)
    data = json.loads(run("moves", code, "--json").stdout)
    texts = [m["action"] for m in data["to_move"][0]["moves"]]
    assert "explore" in texts and all(m["label"] for m in data["to_move"][0]["moves"])
    wrong_seat = run("moves", code, "--seat", "0")
    assert wrong_seat.returncode == 2 and "seat 0 is not to move" in wrong_seat.stderr
    assert run("moves", "st1.AAAAAAAAAA").returncode == 2


def test_line_check_plays_a_line_and_names_the_first_move_that_does_not_fit() -> None:
    """Issue 31: `line check CODE LINE` plays each move by the seat to move, as the embed does, and names problems:
    a move no seat may play (with where the game is), a non-canonical spelling, and a line over the limit."""
    code = _jd_code()
    good = run("line", "check", code, "explore")
    assert good.returncode == 0 and "1. seat 1: explore" in good.stdout and "OK: 1 move" in good.stdout
    bad = run("line", "check", code, "explore; explore")
    assert bad.returncode == 1 and "move 2 ('explore'): no seat to move may play it here" in bad.stdout
    spelled = run("line", "check", code, "place  world=artist_colony-0  dev=survey")
    assert "write 'place  world=artist_colony-0  dev=survey' as the canonical" in spelled.stdout
    long = run("line", "check", code, ";".join(["explore"] * 201))
    assert long.returncode == 1 and "the line has 201 moves; the limit is 200" in long.stdout
