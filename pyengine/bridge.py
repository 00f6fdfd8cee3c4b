"""The JSON-in/JSON-out facade the web worker calls: one function, ``handle(request: str) -> str``.

>>> import json
>>> json.loads(handle('{"op": "info"}'))["ok"]
True
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Callable
from typing import Any

from .bots import Bot, InfoSet, choose, make_bot
from .bots.ismcts import ISMCTSBot, Search
from .core import setup as position_setup
from .core.api import JSON, LOG_HEADER_KINDS, Action, Message, State, canonical_json
from .core.errors import EngineError, IllegalActionError, InvalidActionError, NotYourTurnError
from .core.jsonlimits import check_text
from .core.match import Match, SaveLoader
from .core.poscode import MAX_LINE
from .core.registry import decode_any, game_info, games, load_game
from .core.rng import Rng
from .core.saveformat import MAX_SEED, SEAT_KINDS, SEAT_NAME_MAX
from .core.text import english, game_namespaces
from .core.text import text as catalog_text
from .core.version import ENGINE_VERSION
from .playouts import random_playouts, selftest
from .review import Review

_MATCHES: dict[str, Match] = {}
_BOT_RNG: dict[str, Rng] = {}
_REVIEWS: dict[str, Review] = {}  # a review with Expert in progress, by match (review.py)
_THINKING: dict[tuple[str, int], tuple[tuple[int, frozenset[int]], Search]] = {}
"""A bot's search in progress, by match and seat, with where it began: the log's length and the seats then to move."""
_LOADERS: dict[str, SaveLoader] = {}  # open chunked loads, oldest first
_LOADER_VIEWER: dict[str, int | None] = {}
_COUNTER = [0]
_LOG_SEQS: dict[tuple[str, int | None], tuple[list[str], list[int], int]] = {}
"""By match and viewer: the visible log lines last sent (as JSON text), their numbers, and the next free number."""

MAX_LOADERS = 4
"""At most this many chunked loads stay open; starting another drops the oldest."""
MAX_LOAD_STEP = 5000
"""The most log entries one ``load_step`` may replay."""
MAX_BENCH_GAMES = 1000
"""The most games one ``bench`` may play."""
MAX_BOT_STEPS = 100_000
"""The most moves one ``bots`` request may make."""
SEED_RULE = f"seed must be a whole number from 0 to {MAX_SEED}"
HIDDEN_CHOICE = "log.hidden_choice"
"""The id, after a game's namespace, of its text for a move a viewer may not know ("{player} makes a choice")."""
REPLAY_KEY = "#replay"
"""Added to a match's id, the key under which ``replay_at`` numbers its log lines (apart from the live match's)."""
_DIGITS = re.compile(r"[0-9]{1,20}")


class BadRequest(EngineError, code="bridge/bad_request"):
    """Raised for a request the bridge cannot read."""


class UnknownMatch(EngineError, code="match/unknown"):
    """Raised for a match id the worker does not hold."""


def _field(req: dict[str, Any], name: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    """Return one typed field of a request, or raise BadRequest naming it."""
    if name not in req or req[name] is None:
        if optional:
            return None
        raise BadRequest(f"request {req.get('op')!r} needs field {name!r}")
    val = req[name]
    if not isinstance(val, kind) or (kind is int and isinstance(val, bool)):
        raise BadRequest(f"field {name!r} has the wrong type: {val!r}")
    return val


def _int_in(req: dict[str, Any], name: str, low: int, high: int, default: int | None = None) -> int:
    """Return an int field that must lie in low..high (a default when it is absent), or raise BadRequest."""
    val = _field(req, name, int, optional=default is not None)
    if val is None:
        assert default is not None
        return default
    if not low <= val <= high:
        raise BadRequest(f"field {name!r} must be from {low} to {high}, got {val!r}")
    return int(val)


def _match(req: dict[str, Any]) -> tuple[str, Match]:
    """Return the id and Match a request names, or raise UnknownMatch."""
    mid = _field(req, "match", str)
    if mid not in _MATCHES:
        raise UnknownMatch(f"no match {mid!r} is open in this worker")
    return mid, _MATCHES[mid]


def _register(match: Match) -> str:
    """Keep a new match in this worker and return its id."""
    _COUNTER[0] += 1
    mid = f"m{_COUNTER[0]}"
    _MATCHES[mid] = match
    _BOT_RNG[mid] = Rng(match.seed ^ 0xB07)
    return mid


def _action_json(state: State, seat: int, action: Action) -> JSON:
    """Return one legal action for the page: its text, its label (English, and as a catalog text when the game has
    one: id and typed references, so the page words it from its catalog) and, when the game has one, a hint."""
    words = state.describe_text(seat, action)
    out: dict[str, Any] = {"a": str(action),
                           "label": english(words) if words is not None else state.describe(seat, action)}
    if words is not None:
        out["msg"] = words.to_json()
    hint = state.hint(seat, action)
    if hint:
        out["hint"] = hint
    return out


def snapshot(mid: str, match: Match, viewer: int | None) -> JSON:
    """Return what the page needs to draw one seat's screen: view, decision, visible log, undo."""
    terminal = match.state.is_terminal()
    return _screen(mid, match, match.state, viewer, (mid, viewer), len(match.log),
                   viewer is not None and match.can_undo(viewer) and not terminal,
                   None if viewer is None else match.undo_block(viewer))


def _visible(messages: list[Message], viewer: int | None) -> list[Message]:
    """Return the log lines a viewer (None: a spectator) may read."""
    return [m for m in messages if m.visible_to is None or (viewer is not None and viewer in m.visible_to)]


def _screen(mid: str, match: Match, state: State, viewer: int | None, seq_key: tuple[str, int | None],
            log_length: int, can_undo: bool, undo_block: str | None) -> JSON:
    """Return a snapshot of one state of a match (the live one, or one of its history) for a viewer; its log lines
    are numbered under ``seq_key`` (``log_numbers``)."""
    if viewer is not None and not 0 <= viewer < match.players:
        raise BadRequest(f"viewer {viewer!r} is not a seat of this match")
    decision = None
    if viewer is not None and viewer in state.to_move():
        kind, prompt = state.decision_prompt(viewer)
        decision = {"seat": viewer, "kind": kind, "prompt": prompt,
                    "actions": [_action_json(state, viewer, a) for a in state.legal_actions(viewer)]}
        prompt_words = state.prompt_text(viewer)
        if prompt_words is not None:
            decision["prompt_msg"] = prompt_words.to_json()
    log = [m.to_json() for m in _visible(state.messages(), viewer)]
    for entry, seq in zip(log, log_numbers(seq_key, [json.dumps(e, sort_keys=True) for e in log]), strict=True):
        entry["seq"] = seq
    out = state.outcome()
    return {"match": mid, "game": match.game.info.id, "players": match.players, "seed": match.seed,
            "options": match.options, "seats": match.seats, "viewer": viewer,
            "to_move": sorted(state.to_move()), "terminal": state.is_terminal(),
            "outcome": out.to_json() if out else None, "view": state.view(viewer), "decision": decision,
            "log": log, "can_undo": can_undo, "undo_block": undo_block, "log_length": log_length}


def log_numbers(key: tuple[str, int | None], lines: list[str]) -> list[int]:
    """Return a number for each visible log line that stays the same from one snapshot to the next.

    A game's state keeps only its last lines (Beyond the Sun 150), so a line's place in the list moves when the oldest
    are dropped; the page keys its log by these numbers and only ever adds lines. The lines sent last time are matched
    to the new ones: the fewest dropped from their start such that the rest begins the new list; failing that (an undo
    took lines away), their longest common start. Matched lines keep their numbers; the others get new ones.
    """
    prev, seqs, nxt = _LOG_SEQS.get(key, ([], [], 0))
    dropped, kept = len(prev), 0
    for d in range(len(prev)):
        tail = prev[d:]
        if lines[: len(tail)] == tail:
            dropped, kept = d, len(tail)
            break
    else:
        while kept < min(len(prev), len(lines)) and prev[kept] == lines[kept]:
            kept += 1
        dropped = 0
    out = seqs[dropped:dropped + kept]
    for _ in range(len(lines) - kept):
        out.append(nxt)
        nxt += 1
    _LOG_SEQS[key] = (lines, out, nxt)
    return out


def _viewer(req: dict[str, Any], players: int) -> int | None:
    """Return the request's viewer seat (checked against the player count), or None for a spectator."""
    v = req.get("viewer")
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadRequest(f"viewer must be a seat number or null, got {v!r}")
    if not 0 <= v < players:
        raise BadRequest(f"viewer {v!r} is not a seat of this {players}-player match")
    return v


def _seed(req: dict[str, Any]) -> int | None:
    """Return the request's seed (an int, or a text of decimal digits) within JavaScript's safe integers.

    None when it is absent or null (the bridge then picks one).
    """
    raw = req.get("seed")
    if raw is None:
        return None
    if isinstance(raw, str) and _DIGITS.fullmatch(raw):
        seed = int(raw)
    elif isinstance(raw, int) and not isinstance(raw, bool):
        seed = raw
    else:
        raise BadRequest(f"{SEED_RULE}, got {raw!r}")
    if not 0 <= seed <= MAX_SEED:
        raise BadRequest(f"{SEED_RULE}, got {raw!r}")
    return seed


def _op_new_match(req: dict[str, Any]) -> JSON:
    """Start a match from the home screen's choices."""
    game_id = _field(req, "game", str)
    players = _field(req, "players", int)
    seed = _seed(req)
    if seed is None:
        seed = int(time.time() * 1000) % 2_000_000_000
    options = _field(req, "options", dict, optional=True) or {}
    seats = _seats(req, players)
    viewer = _viewer(req, players)
    match = Match(load_game(game_id), seed, players, options, seats)
    mid = _register(match)
    return snapshot(mid, match, viewer)


def _seats(req: dict[str, Any], players: int) -> list[dict[str, str]] | None:
    """Return the request's seats (each a name and a kind), checked against the player count, or None."""
    seats = _field(req, "seats", list, optional=True)
    if seats is None:
        return None
    for s in seats:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or s.get("kind") not in SEAT_KINDS:
            raise BadRequest(f"bad seat {s!r}: needs a name and a kind in {list(SEAT_KINDS)}")
    if len(seats) != players:
        raise BadRequest(f"{players} players but {len(seats)} seats given")
    return [{"name": s["name"][:SEAT_NAME_MAX], "kind": s["kind"]} for s in seats]


def _op_new_from_code(req: dict[str, Any]) -> JSON:
    """Start a match from a position code (its game, players, options and position); answer its snapshot.

    ``summary`` only checks the code and answers its game and player count, without opening a match.
    """
    code = _field(req, "code", str)
    match = Match.from_code(code)
    if req.get("summary") is True:
        return {"game": match.game.info.id, "players": match.players, "rules_version": match.game.info.rules_version}
    seats = _seats(req, match.players)
    if seats is not None:
        match.seats = seats
    viewer = _viewer(req, match.players)
    mid = _register(match)
    return snapshot(mid, match, viewer)


def _op_play(req: dict[str, Any]) -> JSON:
    """Apply one action for whichever seat to move may play it (the lowest such seat): a line of moves in an embed.

    Raises IllegalActionError when no seat to move may play it.
    """
    mid, match = _match(req)
    viewer = _viewer(req, match.players)
    action = match.game.parse_action(_field(req, "action", str))
    seat = match.state.seat_for(action)
    if seat is None:
        raise IllegalActionError(f"no seat to move may play {str(action)!r} now ({match.state.locator()})")
    match.apply(seat, action)
    return snapshot(mid, match, viewer)


def _op_canonical(req: dict[str, Any]) -> JSON:
    """Answer the canonical text of each action text given (None and a problem for one that does not parse)."""
    game = load_game(_field(req, "game", str))
    texts = _field(req, "actions", list)
    if len(texts) > 200:
        raise BadRequest("at most 200 actions at a time")
    out: list[str | None] = []
    problems: list[JSON] = []
    for text in texts:
        try:
            if not isinstance(text, str):
                raise InvalidActionError(f"an action is text, not {type(text).__name__}")
            out.append(str(game.parse_action(text)))
            problems.append(None)
        except EngineError as exc:
            out.append(None)
            problems.append(exc.to_json())
    return {"actions": out, "problems": problems}


def _bot_for(match: Match, seat: int) -> Bot:
    """Return the bot of a seat at its level (a human seat asked to move gets Normal)."""
    kind = match.seats[seat]["kind"] if 0 <= seat < match.players else "human"
    return make_bot(kind if kind != "human" else "normal")


def _played(mid: str, match: Match, seat: int, action: Action, viewer: int | None) -> JSON:
    """Apply a bot's action and return the viewer's snapshot, telling only the bot's own seat what it chose."""
    label = match.state.describe(seat, action)
    match.apply(seat, action)
    _THINKING.pop((mid, seat), None)
    out = snapshot(mid, match, viewer)
    # A bot's choice may be a hidden commitment: only its own seat is told what it was.
    out["played"] = ({"seat": seat, "action": str(action), "label": label} if viewer == seat
                     else {"seat": seat})
    return out


def _op_bot(req: dict[str, Any]) -> JSON:
    """Let the bot of one seat choose (at its level, to its full budget) and play its action."""
    mid, match = _match(req)
    seat = _field(req, "seat", int)
    viewer = _viewer(req, match.players)
    if seat not in match.state.to_move():
        raise NotYourTurnError(f"seat {seat} is not to move")
    action = choose(_bot_for(match, seat), match.state, seat, _BOT_RNG[mid])
    return _played(mid, match, seat, action, viewer)


def _search_fits(match: Match, seat: int, mark: tuple[int, frozenset[int]]) -> bool:
    """Return True when a search begun at ``mark`` (the log's length, the seats then to move) still answers the seat's
    decision: the seat is still to move and every move since was another seat's choice made at the same time (a
    simultaneous choice tells the seat nothing, so its information set is the one searched)."""
    begun, movers = mark
    if seat not in match.state.to_move() or len(match.log) < begun:
        return False
    return all(e.seat in movers and e.seat != seat for e in match.log[begun:])


def _drop_searches(mid: str) -> None:
    """Forget every search in progress of a match."""
    for key in [k for k in _THINKING if k[0] == mid]:
        del _THINKING[key]


def _op_think(req: dict[str, Any]) -> JSON:
    """Let a seat's bot think for one slice of time; play its move once its budget is spent.

    The page asks again and again, drawing the progress in between, so a long search never blocks the worker
    for more than a slice and stops cleanly when the page stops asking (Undo, Home, a new game). The search is
    kept between slices, and dropped when the position changes for the seat or ``think_cancel`` is asked.
    With ``ahead``, the bot thinks while a human seat makes its own choice of the same moment: it never plays, and
    answers ``ready`` once its move is found; the move is played at the next plain ``think`` for the seat, at once
    (the human's choice since is hidden from the bot, so the search still holds).
    """
    mid, match = _match(req)
    seat = _field(req, "seat", int)
    viewer = _viewer(req, match.players)
    ahead = bool(_field(req, "ahead", bool, optional=True))
    slice_ms = _int_in(req, "slice_ms", 10, 2000, default=150)
    cap_ms = _int_in(req, "max_ms", 50, 60_000, default=60_000) if req.get("max_ms") is not None else None
    if seat not in match.state.to_move():
        raise NotYourTurnError(f"seat {seat} is not to move")
    bot = _bot_for(match, seat)
    rng = _BOT_RNG[mid]
    if not isinstance(bot, ISMCTSBot):
        if ahead:
            return {"ready": {"seat": seat}}
        return _played(mid, match, seat, choose(bot, match.state, seat, rng), viewer)
    held = _THINKING.get((mid, seat))
    if held is None or not _search_fits(match, seat, held[0]):
        info = InfoSet.of(match.state, seat, rng.next_u64())
        fresh = bot.search(info, rng)
        held = _THINKING[(mid, seat)] = ((len(match.log), frozenset(match.state.to_move())), fresh)
    search = held[1]
    budget = bot.budget
    if cap_ms is not None and budget.seconds is not None:
        budget = budget.with_seconds(min(budget.seconds, cap_ms / 1000))
    cap = bot.iterations(search, budget)
    left = cap - search.progress.iterations
    until = time.perf_counter() + slice_ms / 1000
    if budget.seconds is not None:
        until = min(until, time.perf_counter() + max(0.0, budget.seconds - search.progress.seconds))
    if left > 0 and len(search.candidates) > 1:  # one move worth weighing: no search, no waiting
        search.run(left, until)
    if len(search.candidates) < 2 or bot.done(search, budget):
        if ahead:
            return {"ready": {"seat": seat}}
        move = search.best()
        if move in match.state.legal_actions(seat):
            return _played(mid, match, seat, move, viewer)
        _THINKING.pop((mid, seat), None)  # never expected: think again from the position as it is
        return {"thinking": {"seat": seat, "iterations": 0, "seconds": 0.0, "share": 0.0}}
    share = search.progress.iterations / cap
    if budget.seconds:
        share = max(share, search.progress.seconds / budget.seconds)
    return {"thinking": {"seat": seat, "iterations": search.progress.iterations,
                         "seconds": round(search.progress.seconds, 3), "share": round(min(1.0, share), 3)}}


def _op_bots(req: dict[str, Any]) -> JSON:
    """Play bot seats in a row until a human seat must act, the game ends, or ``max_steps`` moves were made.

    For fast all-bot play: one round trip instead of one per move. The snapshot is the viewer's, as usual.
    """
    mid, match = _match(req)
    limit = _int_in(req, "max_steps", 1, MAX_BOT_STEPS, default=500)
    viewer = _viewer(req, match.players)
    steps = 0
    while steps < limit and not match.state.is_terminal():
        movers = sorted(match.state.to_move())
        bots = [s for s in movers if match.seats[s]["kind"] != "human"]
        if not bots or len(bots) < len(movers):
            break
        seat = bots[0]
        match.apply(seat, choose(_bot_for(match, seat), match.state, seat, _BOT_RNG[mid]))
        steps += 1
    _drop_searches(mid)
    out = snapshot(mid, match, viewer)
    out["steps"] = steps
    return out


def _op_submit_many(req: dict[str, Any]) -> JSON:
    """Apply several actions of one seat, all or none."""
    mid, match = _match(req)
    seat = _field(req, "seat", int)
    actions = _field(req, "actions", list)
    for a in actions:
        if not isinstance(a, str):
            raise BadRequest(f"actions must be strings, got {a!r}")
    viewer = _viewer(req, match.players)
    match.apply_all(seat, actions)
    return snapshot(mid, match, viewer)


def _op_bench(req: dict[str, Any]) -> JSON:
    """Time random playouts inside this interpreter (the browser benchmark)."""
    game_id = _field(req, "game", str)
    n = _int_in(req, "games", 1, MAX_BENCH_GAMES)
    load_game(game_id)
    t0 = time.perf_counter()
    random_playouts(game_id, n, players=2, seed=1)
    dt = time.perf_counter() - t0
    return {"game": game_id, "games": n, "seconds": dt, "games_per_s": n / dt if dt else 0.0}


_WARM: dict[str, Search] = {}  # the warm-up's search, continued from slice to slice


def _op_warmup(req: dict[str, Any]) -> JSON:
    """Run the search's hot path for about ``ms`` milliseconds (a Hard search of a fixed Jump Drive position), so the
    page's first real search does not pay for the runtime's own warming up (the page asks in its idle time, after
    boot). Answers the iterations done so far and the seconds spent in all."""
    ms = _int_in(req, "ms", 10, 2000, default=100)
    search = _WARM.get("search")
    if search is None:
        state = load_game("jump_drive").new_initial_state(seed=1, players=3)
        search = _WARM["search"] = make_bot("hard").search(InfoSet.of(state, 0, 1), Rng(1))  # type: ignore[attr-defined]
    search.run(100_000, time.perf_counter() + ms / 1000, settle=False)
    return {"iterations": search.progress.iterations, "seconds": round(search.progress.seconds, 3)}


def _op_load_start(req: dict[str, Any]) -> JSON:
    """Check a save's header and open a loader that replays its log in chunks (``load_step``)."""
    loader = Match.loader(req.get("save"))
    viewer = _viewer(req, loader.match.players)
    _COUNTER[0] += 1
    lid = f"l{_COUNTER[0]}"
    while len(_LOADERS) >= MAX_LOADERS:
        oldest = next(iter(_LOADERS))
        del _LOADERS[oldest]
        _LOADER_VIEWER.pop(oldest, None)
    _LOADERS[lid] = loader
    _LOADER_VIEWER[lid] = viewer
    return {"loader": lid, "total": loader.total}


def _op_load_step(req: dict[str, Any]) -> JSON:
    """Replay the next chunk of an open load; when the log is done, open the match and answer its snapshot."""
    lid = _field(req, "loader", str)
    if lid not in _LOADERS:
        raise UnknownMatch(f"no loader {lid!r} is open in this worker (finished, failed, cancelled or dropped)")
    loader = _LOADERS[lid]
    entries = _int_in(req, "entries", 1, MAX_LOAD_STEP)
    viewer = _viewer(req, loader.match.players) if "viewer" in req else _LOADER_VIEWER[lid]
    try:
        done = loader.step(entries)
    except EngineError:
        del _LOADERS[lid]
        _LOADER_VIEWER.pop(lid, None)
        raise
    if not done:
        return {"done": False, "at": loader.at, "total": loader.total}
    del _LOADERS[lid]
    _LOADER_VIEWER.pop(lid, None)
    mid = _register(loader.match)
    out = snapshot(mid, loader.match, viewer)
    out["done"] = True
    return out


def _op_load_cancel(req: dict[str, Any]) -> JSON:
    """Drop an open load (nothing happens if it is already gone)."""
    lid = _field(req, "loader", str)
    _LOADERS.pop(lid, None)
    _LOADER_VIEWER.pop(lid, None)
    return {}


def _op_info(req: dict[str, Any]) -> JSON:
    """Answer the engine's version and every game's static info."""
    return {"engine_version": ENGINE_VERSION, "games": [game_info(g).to_json() for g in games()]}


def _op_state(req: dict[str, Any]) -> JSON:
    """Answer a match's snapshot for the viewer."""
    mid, match = _match(req)
    return snapshot(mid, match, _viewer(req, match.players))


def _op_submit(req: dict[str, Any]) -> JSON:
    """Apply one action of one seat."""
    mid, match = _match(req)
    seat, action = _field(req, "seat", int), _field(req, "action", str)
    viewer = _viewer(req, match.players)
    match.apply(seat, action)
    return snapshot(mid, match, viewer)


def _op_think_cancel(req: dict[str, Any]) -> JSON:
    """Drop a match's searches in progress."""
    mid, _ = _match(req)
    _drop_searches(mid)
    return {}


def _op_undo(req: dict[str, Any]) -> JSON:
    """Take back a seat's latest action since the last barrier."""
    mid, match = _match(req)
    seat = _field(req, "seat", int)
    viewer = _viewer(req, match.players)
    match.undo(seat)
    return snapshot(mid, match, viewer)


def _op_save(req: dict[str, Any]) -> JSON:
    """Answer a match's save file."""
    _, match = _match(req)
    return {"save": match.to_save()}


def _op_code(req: dict[str, Any]) -> JSON:
    """Answer the position code of a match's state (with its log only when ``history`` is true)."""
    _, match = _match(req)
    return {"code": match.state.position_code(history=req.get("history") is True)}


def _share_seed(state: State) -> int:
    """Return the seed that deals a shared position's hidden cards: from the position itself, so sharing the same
    position twice gives the same code."""
    return int(hashlib.sha256(canonical_json(state.to_json()).encode("ascii")).hexdigest()[:12], 16)


def _honest(state: State, seat: int | None) -> State:
    """Return the state to share: the true one (everything open), or for one seat a resample of all it cannot see."""
    return state if seat is None else state.resample(seat, _share_seed(state))


def _op_share(req: dict[str, Any]) -> JSON:
    """Answer what Share offers for a match: position codes that hold only what the chosen seat may know, and the last
    moves as a line and as a lesson.

    ``seat`` (or None for everything open) is whose knowledge the codes hold: for one seat, every card it cannot see
    is dealt again at random (``State.resample``), so another ``seat=`` shows stand-ins, never the true hands.
    ``back`` (0 to ``MAX_LINE``) asks for the last moves: ``line_code`` is the position that many moves ago (for the
    seat, resampled the same way) and ``line`` the moves, as far as they replay from it as an embed plays a line
    (each by the lowest seat to move that may play it; ``line_cut`` when one does not, e.g. a move of a hidden card).
    Instead of ``back``, ``from`` and ``to`` (move numbers, 0 <= from <= to <= the log's length, ``to`` by default
    the whole log, at most ``MAX_LINE`` apart) choose the moves: ``line_code`` is then the position after ``from``
    moves, ``line`` the moves after it up to ``to``, and ``code`` the position after ``to`` moves (each resampled).
    ``lesson`` is the seat's own last move as a one-step lesson: the position before it and the move, or None.
    """
    _, match = _match(req)
    seat = req.get("seat")
    if seat is not None:
        seat = _viewer({"viewer": seat}, match.players)
    total = len(match.log)
    end: State = match.state
    if req.get("from") is not None or req.get("to") is not None:
        if req.get("back") is not None:
            raise BadRequest("share takes either back or from and to, not both")
        first = _int_in(req, "from", 0, total)
        last = _int_in(req, "to", first, total, default=total)
        if last - first > MAX_LINE:
            raise BadRequest(f"a shared line holds at most {MAX_LINE} moves, not {last - first}")
        begin = match.state_at(first)
        if last < total:
            end = match.state_at(last)
    else:
        back = _int_in(req, "back", 0, MAX_LINE, default=0)
        first, last = total - min(back, total), total
        begin = match.replay(first) if first < total else match.state
    k = last - first
    start = _honest(begin, seat)
    line: list[str] = []
    probe = start.clone()
    for entry in match.log[first:last]:
        action = match.game.parse_action(entry.action)
        if probe.seat_for(action) != entry.seat:
            break
        probe.apply(entry.seat, action)
        line.append(str(action))
    lesson = None
    reader = seat if seat is not None else _viewer(req, match.players)
    if reader is not None:
        for i in range(total - 1, max(-1, total - 1 - MAX_LINE), -1):
            if match.log[i].seat == reader:
                before = _honest(match.replay(i), seat)
                move = match.game.parse_action(match.log[i].action)
                if reader in before.to_move() and before.is_legal(reader, move):
                    lesson = {"code": before.position_code(), "seat": reader, "move": str(move),
                              "label": before.describe(reader, move)}
                break
    return {"code": _honest(end, seat).position_code(), "line_code": start.position_code(), "line": line,
            "line_cut": len(line) < k, "lesson": lesson}


def _op_load(req: dict[str, Any]) -> JSON:
    """Open a match from a save file, replaying its whole log in one call."""
    match = Match.from_save(req.get("save"))
    viewer = _viewer(req, match.players)
    mid = _register(match)
    return snapshot(mid, match, viewer)


def _op_catalog(req: dict[str, Any]) -> JSON:
    """Answer a game's card records."""
    return {"cards": load_game(_field(req, "game", str)).catalog()}


def _text_json(message: Message) -> JSON:
    """Return a log line as a catalog text, ``{id, t, args}`` (without its header ``kind``)."""
    out = message.to_json()
    out.pop("kind", None)
    return out


def _added_lines(before: list[Message], after: list[Message]) -> list[Message]:
    """Return the lines one move added to a log, which may have dropped its oldest lines meanwhile (a game keeps
    only its last ones): the rest of ``after`` past the longest end of ``before`` that it begins with."""
    for dropped in range(len(before) + 1):
        tail = before[dropped:]
        if after[: len(tail)] == tail:
            return after[len(tail):]
    return after  # (not reached: the empty tail always matches)


def _names(message: Message, seat: int) -> bool:
    """Return True if a log line refers to this seat as a player."""
    return any(ref == ("player", seat) for _, ref in message.args)


def _move_label(match: Match, seat: int, words: JSON | None, lines: list[Message]) -> tuple[JSON, bool]:
    """Return one move's text in the history and whether what it was stays hidden from the viewer.

    ``words`` is the move's own label when the viewer may know the move; else (or when the game has no label for it)
    the first line the move added that the viewer may read, preferring one about the mover, and failing that the
    game's text that the seat made a choice (hidden when the viewer may not know the move).
    """
    if words is not None:
        return words, False
    told = [m for m in lines if m.kind not in LOG_HEADER_KINDS]
    mine = [m for m in told if _names(m, seat)]
    if mine or told:
        return _text_json((mine or told)[0]), False
    ns = game_namespaces().get(match.game.info.id, match.game.info.id)
    return catalog_text(f"{ns}.{HIDDEN_CHOICE}", player=("player", seat)).to_json(), True


def history(match: Match, viewer: int | None) -> JSON:
    """Return a match's moves as a viewer may know them, and the moves grouped by the round and phase they are in.

    Each move (log entry) is ``{n, seat, msg, hidden}``: once the game is over, or for the viewer's own moves, the
    move's label from the position before it; another seat's move during the game may be a hidden choice, so it is
    told by the first line it added to the log that the viewer may read (or, with none, ``hidden`` and the game's
    text that the seat made a choice). ``groups`` are ``{kind, header, round_header, first, last}``: the moves
    ``first``..``last`` after a log line that opens a round or a phase (``kind`` "round" or "phase", ``header`` its
    text, ``round_header`` the round's), the moves before any such line in a first group with a null header; a
    group without moves is left out. One pass through the log.
    """
    everything = match.state.is_terminal()
    total = len(match.log)
    state = match.state_at(0)
    before = state.messages()
    moves: list[JSON] = []
    groups: list[dict[str, Any]] = [{"kind": None, "header": None, "round_header": None, "first": 1, "last": 0}]
    round_header: JSON | None = None

    def open_groups(lines: list[Message], at: int) -> None:
        """Start a group after move ``at`` for each header line among ``lines``."""
        nonlocal round_header
        for m in lines:
            if m.kind in LOG_HEADER_KINDS:
                header = _text_json(m)
                if m.kind == "round":
                    round_header = header
                groups.append({"kind": m.kind, "header": header, "round_header": round_header,
                               "first": at + 1, "last": at})

    open_groups(before if everything else _visible(before, viewer), 0)
    for n, entry in enumerate(match.log, start=1):
        action = match.game.parse_action(entry.action)
        known = everything or viewer == entry.seat
        words = state.describe_text(entry.seat, action) if known else None
        state.apply(entry.seat, action)
        after = state.messages()
        lines = _added_lines(before, after)
        if not everything:
            lines = _visible(lines, viewer)
        msg, hidden = _move_label(match, entry.seat, words.to_json() if words is not None else None, lines)
        moves.append({"n": n, "seat": entry.seat, "msg": msg, "hidden": hidden and not known})
        groups[-1]["last"] = n
        open_groups(lines, n)
        before = after
    return {"total": total, "moves": moves, "groups": [g for g in groups if g["first"] <= g["last"]]}


def _op_history(req: dict[str, Any]) -> JSON:
    """Answer a match's moves as the viewer may know them, grouped by round and phase (``history``)."""
    _, match = _match(req)
    return history(match, _viewer(req, match.players))


def _op_replay_at(req: dict[str, Any]) -> JSON:
    """Answer the viewer's snapshot of a match after its first ``at`` moves, with ``replay: {at, total}``.

    Its log lines are numbered apart from the live match's (under the match's id and ``REPLAY_KEY``); nothing of the
    match changes.
    """
    mid, match = _match(req)
    total = len(match.log)
    at = _int_in(req, "at", 0, total)
    viewer = _viewer(req, match.players)
    for key in [k for k in _LOG_SEQS if k[0].endswith(REPLAY_KEY) and k[0][: -len(REPLAY_KEY)] not in _MATCHES]:
        del _LOG_SEQS[key]  # the numbers of replays of matches closed since
    out = _screen(mid, match, match.state_at(at), viewer, (mid + REPLAY_KEY, viewer), at, False, None)
    out["replay"] = {"at": at, "total": total}
    return out


def _op_fork(req: dict[str, Any]) -> JSON:
    """Start a new match that begins as this one did (its seed, options and start position) and replays its first
    ``at`` moves, with the given seats (by default the match's); answer the new match's snapshot ("Play on from
    here")."""
    _, match = _match(req)
    at = _int_in(req, "at", 0, len(match.log))
    seats = _seats(req, match.players) or [dict(seat) for seat in match.seats]
    viewer = _viewer(req, match.players)
    fork = Match(match.game, match.seed, match.players, match.options, seats, match.start)
    for entry in match.log[:at]:
        fork.apply(entry.seat, entry.action)
    return snapshot(_register(fork), fork, viewer)


def _op_review_start(req: dict[str, Any]) -> JSON:
    """Begin reviewing one seat's decisions of a match with Expert (``review.py``); answer the chosen-move list.

    ``iterations`` (optional) sets each decision's search (default: Expert's count in the game) and ``max_ms`` caps
    its time. Any review of the match in progress is dropped.
    """
    mid, match = _match(req)
    seat = _field(req, "seat", int)
    if not 0 <= seat < match.players:
        raise InvalidActionError(f"no seat {seat} in a {match.players}-player match")
    iterations = _int_in(req, "iterations", 1, 100_000, default=0) if req.get("iterations") is not None else 0
    cap_ms = _int_in(req, "max_ms", 50, 60_000, default=1900) if req.get("max_ms") is not None else None
    review = _REVIEWS[mid] = Review.start(match, seat, iterations, None if cap_ms is None else cap_ms / 1000)
    return {"seat": seat, "total": len(review.decisions),
            "decisions": [{"n": d.n, "move": d.words} for d in review.decisions]}


def _op_review_step(req: dict[str, Any]) -> JSON:
    """Weigh a match's review for one slice of time; answer its progress and the decisions weighed in the slice."""
    mid, _ = _match(req)
    review = _REVIEWS.get(mid)
    if review is None:
        raise InvalidActionError("no review of this match is under way (review_start)")
    slice_ms = _int_in(req, "slice_ms", 10, 2000, default=150)
    return review.report(review.step(slice_ms / 1000))


def _op_review_cancel(req: dict[str, Any]) -> JSON:
    """Drop a match's review in progress (nothing else changes)."""
    mid, _ = _match(req)
    _REVIEWS.pop(mid, None)
    return {}


def _op_selftest(req: dict[str, Any]) -> JSON:
    """Play one seeded random game and answer the digest of its final state."""
    return selftest(_field(req, "game", str), _field(req, "seed", int), _field(req, "players", int))


def _op_close(req: dict[str, Any]) -> JSON:
    """Forget a match (and its search in progress)."""
    mid, _ = _match(req)
    del _MATCHES[mid]
    _drop_searches(mid)
    _REVIEWS.pop(mid, None)
    for key in [k for k in _LOG_SEQS if k[0] == mid]:
        del _LOG_SEQS[key]
    return {}


def _op_setup_form(req: dict[str, Any]) -> JSON:
    """Answer a position setup form (``core/setup.py``): of a new game (``game``, ``players``, ``seed``, default 0,
    ``options``), played on to where the form is meaningful, or of a position code (``code``); ``base`` is the code of
    that position, which ``setup_apply`` starts from."""
    code = _field(req, "code", str, optional=True)
    if code is not None:
        state = decode_any(code)
    else:
        game = load_game(_field(req, "game", str))
        players = _field(req, "players", int)
        seed = _seed(req)
        options = _field(req, "options", dict, optional=True)
        state = position_setup.new_base(game, 0 if seed is None else seed, players, options)
    fields = position_setup.form(state)
    return {"game": state.game.info.id, "players": state.player_count(), "base": state.position_code(),
            "fields": [f.to_json() for f in fields]}


def _op_setup_apply(req: dict[str, Any]) -> JSON:
    """Apply a setup form's values (``values``: field id -> value) to its base position (``code``): answer the new
    position's code (null when the values have problems), the problems and the fields as applied. A problem of the
    values is an answer, never an error; a bad request or code is."""
    state = decode_any(_field(req, "code", str))
    values = _field(req, "values", dict)
    answer: JSON = position_setup.apply(state, values).to_json()
    return answer


OPS: dict[str, Callable[[dict[str, Any]], JSON]] = {
    "info": _op_info,
    "new_match": _op_new_match,
    "state": _op_state,
    "submit": _op_submit,
    "submit_many": _op_submit_many,
    "bot": _op_bot,
    "bots": _op_bots,
    "think": _op_think,
    "think_cancel": _op_think_cancel,
    "undo": _op_undo,
    "save": _op_save,
    "code": _op_code,
    "share": _op_share,
    "new_from_code": _op_new_from_code,
    "play": _op_play,
    "canonical": _op_canonical,
    "load": _op_load,
    "load_start": _op_load_start,
    "load_step": _op_load_step,
    "load_cancel": _op_load_cancel,
    "catalog": _op_catalog,
    "history": _op_history,
    "replay_at": _op_replay_at,
    "fork": _op_fork,
    "review_start": _op_review_start,
    "review_step": _op_review_step,
    "review_cancel": _op_review_cancel,
    "bench": _op_bench,
    "warmup": _op_warmup,
    "selftest": _op_selftest,
    "close": _op_close,
    "setup_form": _op_setup_form,
    "setup_apply": _op_setup_apply,
}
"""Every op of the bridge (docs/BRIDGE.md) and the function that answers it."""


def dispatch(req: dict[str, Any]) -> JSON:
    """Run one decoded request and return the answer body (without ``ok``)."""
    op = req.get("op")
    handler = OPS.get(op) if isinstance(op, str) else None
    if handler is None:
        raise BadRequest(f"unknown op {op!r}")
    return handler(req)


def handle(request: str) -> str:
    """Answer one JSON request string with one JSON response string; errors come back as data."""
    try:
        if not isinstance(request, str):
            raise BadRequest(f"request is not JSON text: got {type(request).__name__}")
        check_text(request)
        try:
            req = json.loads(request)
        except (TypeError, ValueError, RecursionError) as exc:
            raise BadRequest(f"request is not JSON: {exc}") from exc
        if not isinstance(req, dict):
            raise BadRequest("request must be a JSON object")
        body = dispatch(req)
        return json.dumps({"ok": True, **body}, separators=(",", ":"))
    except EngineError as exc:
        return json.dumps({"ok": False, "error": exc.to_json()})
    except Exception as exc:
        return json.dumps({"ok": False, "error": {"code": "engine/error", "message": f"{type(exc).__name__}: {exc}"}})
