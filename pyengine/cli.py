"""The command line: play, bench, fuzz, fuzz-load, arena, train (``python -m pyengine ...``)."""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .bots import InfoSet, choose, make_bot
from .bots.arena import ResultsFileError, play, win_rate
from .bots.ismcts import Search
from .bots.scale import RayMissingError
from .bots.train import train, weights_path, write
from .core.api import Game, State
from .core.errors import EngineError
from .core.poscode import MAX_LINE
from .core.registry import decode_any, games, load_game
from .core.rng import Rng
from .fuzz import fuzz
from .lessons import check_lesson, check_line
from .loadfuzz import fuzz_load
from .playouts import random_playouts


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game with the given bots and print the outcome as JSON."""
    names = args.bots.split(",") if args.bots else ["random"] * args.players
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        print(f"error: {len(names)} bots for {args.players} players", file=sys.stderr)
        return 2
    options = json.loads(args.options) if args.options else None
    out, _state = play(args.game, [make_bot(n) for n in names], args.seed, options)
    print(json.dumps({"game": args.game, "seed": args.seed, "bots": names, **out.to_json()}))
    return 0


def search_speed(game_id: str, players: int, seed: int, decisions: int, iterations: int) -> tuple[int, float]:
    """Run Hard's search (``iterations`` each) at the first ``decisions`` choices of a Normal-vs-Normal game;
    return the iterations run and the seconds they took."""
    state = load_game(game_id).new_initial_state(seed=seed, players=players)
    normal, rng = make_bot("normal"), Rng(seed)
    done, spent = 0, 0.0
    while not state.is_terminal() and decisions > 0:
        seat = min(state.to_move())
        if len(state.legal_actions(seat)) > 1:
            search = Search(InfoSet.of(state, seat, rng.next_u64()), rng)
            search.run(iterations)
            done += search.progress.iterations
            spent += search.progress.seconds
            decisions -= 1
        state.apply(seat, choose(normal, state, seat, rng))
    return done, spent


def cmd_bench(args: argparse.Namespace) -> int:
    """Print random-playout games per second, or (--search) the search's playouts per second."""
    counts = [int(p) for p in args.players.split(",")]
    load_game(args.game)
    if args.search:
        for players in counts:
            done, spent = search_speed(args.game, players, args.seed, args.search, 60)
            print(f"{args.game}: {players} players, Hard's search at {args.search} decisions: {done} playouts in "
                  f"{spent:.2f}s: {done / max(spent, 1e-9):.0f} playouts/s")
        return 0
    for players in counts:
        random_playouts(args.game, 10, players, args.seed + 10_000)  # warm-up: imports and caches, not timed
        t0 = time.perf_counter()
        actions = random_playouts(args.game, args.games, players, args.seed)
        dt = time.perf_counter() - t0
        print(f"{args.game}: {players} players, {args.games} random games in {dt:.2f}s: "
              f"{args.games / dt:.1f} games/s, {actions / dt:.0f} actions/s")
    return 0


def _report(line: str, problems: list[str], shown: int) -> int:
    """Print a fuzz run's line with its status, then its first ``shown`` problems; return 1 if it found any."""
    print(f"{line}: {'ok' if not problems else f'{len(problems)} PROBLEMS'}")
    for p in problems[:shown]:
        print("  FAIL:", p)
    return int(bool(problems))


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Play seeded random games at every player count, checking every invariant after every action."""
    game = load_game(args.game)
    counts = ([int(p) for p in args.players.split(",")] if args.players
              else list(range(game.info.min_players, game.info.max_players + 1)))
    option_sets = [json.loads(o) for o in args.options] if args.options else [None]
    failed = 0
    for opts in option_sets:
        for players in counts:
            t0 = time.perf_counter()
            report = fuzz(args.game, players, args.games, args.seed, opts)
            dt = time.perf_counter() - t0
            label = f"{players} players" + (f" options {json.dumps(opts)}" if opts else "")
            failed += _report(f"{args.game}: {label}: {report.games} games, {report.actions} actions, "
                              f"{report.checks} checks in {dt:.1f}s", report.problems, 10)
    return 1 if failed else 0


def cmd_fuzz_load(args: argparse.Namespace) -> int:
    """Corrupt real states and saves with seeded mutations; every load must be refused or give a playable state."""
    ids = sorted(games()) if args.game == "all" else [args.game]
    for gid in ids:
        load_game(gid)
    failed = 0
    for gid in ids:
        t0 = time.perf_counter()
        report = fuzz_load(gid, args.mutations, args.seed, args.start, args.games, args.save_depth)
        dt = time.perf_counter() - t0
        codes = ", ".join(f"{code} {n}" for code, n in sorted(report.rejected.items())) or "none"
        failed += _report(f"{gid}: {report.mutations} mutations in {dt:.1f}s: rejected {sum(report.rejected.values())} "
                          f"({codes}), accepted {report.accepted}, problems {len(report.problems)}", report.problems, 5)
    return 1 if failed else 0


def cmd_arena(args: argparse.Namespace) -> int:
    """Play one bot against another over many games and print the win rate as JSON."""
    options = json.loads(args.options) if args.options else None
    try:
        make_bot(args.bot), make_bot(args.against)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        report = win_rate(args.game, args.bot, args.against, args.games, args.players, args.seed, options,
                          jobs=args.jobs, results=Path(args.results) if args.results else None, ray=args.ray)
    except (ResultsFileError, RayMissingError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report))
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    """Fit a game's learned evaluation from self-play and write its weights file (or print it)."""
    load_game(args.game)
    t0 = time.perf_counter()
    try:
        result = train(args.game, args.games, args.seed, jobs=args.jobs, ray=args.ray, solo_games=args.solo_games)
    except RayMissingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.out == "-":
        print(json.dumps(result, indent=1, sort_keys=True))
        return 0
    path = Path(args.out) if args.out else weights_path(args.game)
    if args.check:
        fresh = path.with_name(path.name + ".check")
        write(result, fresh)
        same = path.exists() and fresh.read_bytes() == path.read_bytes()
        fresh.unlink()
        print(f"{path}: {'reproduced byte for byte' if same else 'DIFFERS from this run'} "
              f"({time.perf_counter() - t0:.0f}s)")
        return 0 if same else 1
    write(result, path)
    for part in ("multi", "solo"):
        r = result[part]
        if r:
            print(f"{args.game} {part}: {r['games']} games, {r['positions']} positions; held out: log loss "
                  f"{r['held_out']['log_loss']} (heuristic {r['held_out_heuristic']['log_loss']}), likeliest seat "
                  f"won {r['held_out']['accuracy']:.1%} (heuristic {r['held_out_heuristic']['accuracy']:.1%})")
    print(f"wrote {path} in {time.perf_counter() - t0:.0f}s")
    return 0


def cmd_code(args: argparse.Namespace) -> int:
    """Print the position code after K moves of a seeded game (or what a code holds, with --decode)."""
    if args.decode:
        try:
            state = decode_any(args.decode)
        except EngineError as exc:
            print(f"error ({exc.code}): {exc}", file=sys.stderr)
            return 2
        print(json.dumps(state.to_json(), indent=1))
        return 0
    if not args.game:
        print("error: name a game, or give --decode CODE", file=sys.stderr)
        return 2
    game = load_game(args.game)
    if args.archive_words:
        added = archive_code_words(game)
        book = game.codebook()
        print(f"{book.game} {book.rules_version}: the vocabulary {'is now' if added else 'was already'} archived")
        return 0
    options = json.loads(args.options) if args.options else None
    try:
        state = game.new_initial_state(seed=args.seed, players=args.players, options=options)
    except EngineError as exc:
        print(f"error ({exc.code}): {exc}", file=sys.stderr)
        return 2
    bot = make_bot(args.bots)
    rng = Rng(args.seed)
    for _ in range(args.moves):
        if state.is_terminal():
            print(f"note: the game ended before move {args.moves}", file=sys.stderr)
            break
        seat = min(state.to_move())
        state.apply(seat, choose(bot, state, seat, rng))
    print(state.position_code(history=args.history))
    return 0


def _state_of(code: str) -> State | None:
    """Return the state a position code holds, or None after printing why it does not read."""
    try:
        return decode_any(code)
    except EngineError as exc:
        print(f"error ({exc.code}): {exc}", file=sys.stderr)
        return None


def _where(state: State) -> str:
    """Return one line naming a position's game, players, rules version and place in the game."""
    info = state.game.info
    players = state.to_json().get("players")
    return f"{info.name}, {players} players, rules {info.rules_version}: {state.locator()}"


def cmd_moves(args: argparse.Namespace) -> int:
    """Print the legal moves of a position code: each seat to move, each move's exact text and its label."""
    state = _state_of(args.code)
    if state is None:
        return 2
    seats = sorted(state.to_move()) if args.seat is None else [args.seat]
    out: list[dict[str, Any]] = []
    for seat in seats:
        if seat not in state.to_move():
            print(f"error: seat {seat} is not to move here (seats to move: "
                  f"{', '.join(map(str, sorted(state.to_move()))) or 'none'}; seats count from 0)", file=sys.stderr)
            return 2
        out.append({"seat": seat, "moves": [{"action": str(a), "label": state.describe(seat, a)}
                                            for a in state.legal_actions(seat)]})
    if args.json:
        print(json.dumps({"where": _where(state), "to_move": out}, indent=1))
        return 0
    print(_where(state))
    if state.is_terminal():
        print("The game is over: no moves.")
    for entry in out:
        moves = entry["moves"]
        plural = "s" if len(moves) != 1 else ""
        print(f"Seat {entry['seat']} (counted from 0) to move, {len(moves)} legal move{plural}:")
        width = min(max((len(m["action"]) for m in moves), default=0), 60)
        for m in moves:
            print(f"  {m['action']:<{width}}  {m['label']}")
    return 0


def cmd_line(args: argparse.Namespace) -> int:
    """Check a line of moves for an embed: each move legal in turn, canonical, within the limit."""
    state = _state_of(args.code)
    if state is None:
        return 2
    moves = [m.strip() for m in args.line.split(";") if m.strip()]
    rows, problems = check_line(state, moves)
    for n, (seat, action, label) in enumerate(rows, 1):
        print(f"{n:>3}. seat {seat}: {action}  ({label})")
    for p in problems:
        print(f"problem: {p}")
    if not problems:
        print(f"OK: {len(rows)} move{'s' if len(rows) != 1 else ''} (the limit is {MAX_LINE}); ends at "
              f"{state.locator()}")
    return 1 if problems else 0


def archive_code_words(game: Game) -> bool:
    """Append a game's current code vocabulary to its ``data/code_words.json``; return False if it was there."""
    book = game.codebook()
    tag = hashlib.sha256("\n".join(book.words).encode()).digest()[:2].hex()
    if any(v == book.rules_version and t == tag for v, t, _ in book.archive):
        return False
    module = sys.modules[type(game).__module__.rsplit(".", 1)[0]]
    path = Path(str(module.__file__)).parent / "data" / "code_words.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {
        "about": "Every vocabulary that a released build of this game wrote position codes with (core/poscode.py).",
        "vocabularies": []}
    data["vocabularies"].append({"rules_version": book.rules_version, "tag": tag, "words": " ".join(book.words)})
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return True


def cmd_lesson(args: argparse.Namespace) -> int:
    """Check lesson files: their shape, then a play-through by the engine; print OK or each problem."""
    failed = 0
    for name in args.files:
        try:
            lesson = json.loads(Path(name).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"{name}: cannot read it: {exc}")
            failed += 1
            continue
        problems = check_lesson(lesson)
        print(f"{name}: OK" if not problems else f"{name}: {len(problems)} problem(s)")
        for p in problems:
            print(f"  {p}")
        failed += bool(problems)
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser of ``python -m pyengine``."""
    ap = argparse.ArgumentParser(prog="python -m pyengine", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play one game with bots and print the outcome as JSON")
    p.add_argument("game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="",
                   help="comma-separated bot names, one per seat (easy, normal, hard, expert, random)")
    p.add_argument("--options", default="", help="game options as JSON")
    p.set_defaults(fn=cmd_play)
    b = sub.add_parser("bench", help="random-playout speed in games/s (--search N: the search's playouts/s)")
    b.add_argument("game")
    b.add_argument("--games", type=int, default=500)
    b.add_argument("--search", type=int, default=0, metavar="N",
                   help="time Hard's search (60 playouts each) at the first N decisions of a Normal game instead")
    b.add_argument("--players", default="2")
    b.add_argument("--seed", type=int, default=1)
    b.set_defaults(fn=cmd_bench)
    f = sub.add_parser("fuzz", help="random games with every invariant checked after every action")
    f.add_argument("game")
    f.add_argument("--games", type=int, default=200, help="games per player count (and per option set)")
    f.add_argument("--players", default="", help="comma-separated counts (default: all the game supports)")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--options", action="append", default=[], help="an option set as JSON (repeatable)")
    f.set_defaults(fn=cmd_fuzz)
    fl = sub.add_parser("fuzz-load", help="corrupted states and saves must be refused or load playable")
    fl.add_argument("game", help="a game id, or all")
    fl.add_argument("--mutations", type=int, default=1000, help="mutations per game")
    fl.add_argument("--seed", type=int, default=1)
    fl.add_argument("--start", type=int, default=0, help="index of the first mutation (to reproduce one)")
    fl.add_argument("--games", type=int, default=2, help="sample games per player count and option set")
    fl.add_argument("--save-depth", type=int, default=150, help="saves are taken within this many actions")
    fl.set_defaults(fn=cmd_fuzz_load)
    c = sub.add_parser("code", help="print the position code after K moves of a seeded game (for embeds)")
    c.add_argument("game", nargs="?", default="")
    c.add_argument("--players", type=int, default=2)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--moves", type=int, default=0, help="moves played by the bots before the code is taken")
    c.add_argument("--bots", default="greedy", help="the bot that plays those moves (random, greedy)")
    c.add_argument("--options", default="", help="game options as JSON")
    c.add_argument("--history", action="store_true", help="keep the message log in the code (longer)")
    c.add_argument("--decode", default="", help="print the state a code holds, as JSON, instead")
    c.add_argument("--archive-words", action="store_true",
                   help="add the game's current code vocabulary to its data/code_words.json (before a release that "
                        "changed the rules or the cards), so the codes made today open forever")
    c.set_defaults(fn=cmd_code)
    mv = sub.add_parser("moves", help="the legal moves of a position code, with their exact texts and labels")
    mv.add_argument("code", help="a position code (st1.…)")
    mv.add_argument("--seat", type=int, default=None, help="only this seat (counted from 0)")
    mv.add_argument("--json", action="store_true", help="print JSON instead")
    mv.set_defaults(fn=cmd_moves)
    ln = sub.add_parser("line", help="check a line of moves for an embed's data-line")
    ln_sub = ln.add_subparsers(dest="line_cmd", required=True)
    lc = ln_sub.add_parser("check", help="play a line from a position: every move legal in turn, canonical, "
                                         f"at most {MAX_LINE} moves")
    lc.add_argument("code", help="the position code the line starts from")
    lc.add_argument("line", help="the moves' texts separated by ';' (as data-line)")
    lc.set_defaults(fn=cmd_line)
    le = sub.add_parser("lesson", help="check lesson files (shape and a play-through by the engine)")
    le.add_argument("files", nargs="+")
    le.set_defaults(fn=cmd_lesson)
    a = sub.add_parser("arena", help="win rate of one bot (a level: easy, normal, hard, expert) against another, "
                                     "with its 95 %% interval")
    a.add_argument("game")
    a.add_argument("--bot", default="normal")
    a.add_argument("--against", default="random")
    a.add_argument("--games", type=int, default=200)
    a.add_argument("--players", type=int, default=2)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--options", default="")
    a.add_argument("--jobs", type=int, default=1, help="play games in this many processes (same results)")
    a.add_argument("--results", default="", help="keep each finished game in this file (one JSON line); run the "
                                                 "same command again to play only the games it lacks")
    a.add_argument("--ray", default=None, nargs="?", const="local", metavar="ADDRESS",
                   help="play the games on Ray (pip install 'pyengine[scale]'): alone, a local Ray with --jobs CPUs; "
                        "or a cluster's address (auto, ray://head:10001); same results")
    a.set_defaults(fn=cmd_arena)
    t = sub.add_parser("train", help="fit the learned evaluation from self-play games; writes the game's "
                                     "data/eval_weights.json (the same arguments give the same file)")
    t.add_argument("game")
    t.add_argument("--games", type=int, default=400, help="multi-player self-play games (over 2 to max players)")
    t.add_argument("--solo-games", type=int, default=None, help="solitaire games (default: as many; 0 for none)")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--jobs", type=int, default=1, help="play games in this many processes (same result)")
    t.add_argument("--ray", default=None, nargs="?", const="local", metavar="ADDRESS",
                   help="play the games on Ray (as for arena); same result")
    t.add_argument("--out", default="", help="write here instead of the game's data folder ('-': print it)")
    t.add_argument("--check", action="store_true",
                   help="write nothing: exit 1 unless the result equals the weights file, byte for byte")
    t.set_defaults(fn=cmd_train)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line."""
    args = build_parser().parse_args(argv)
    try:
        code: int = args.fn(args)
    except EngineError as exc:  # e.g. an unknown game: a clear message, not a traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return code
