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
from .core.api import JSON, Action, State, canonical_json
from .core.errors import EngineError, IllegalActionError, InvalidActionError, NotYourTurnError
from .core.jsonlimits import check_text
from .core.match import Match, SaveLoader
from .core.poscode import MAX_LINE
from .core.registry import game_info, games, load_game
from .core.rng import Rng
from .core.saveformat import MAX_SEED, SEAT_KINDS, SEAT_NAME_MAX
from .core.text import english
from .core.version import ENGINE_VERSION
from .playouts import random_playouts, selftest

_MATCHES: dict[str, Match] = {}
_BOT_RNG: dict[str, Rng] = {}
_THINKING: dict[str, tuple[tuple[int, int], Search]] = {}  # a bot's search in progress, by match, with its position
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
    state = match.state
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
    log = [m.to_json() for m in state.messages()
           if m.visible_to is None or (viewer is not None and viewer in m.visible_to)]
    for entry, seq in zip(log, log_numbers((mid, viewer), [json.dumps(e, sort_keys=True) for e in log]), strict=True):
        entry["seq"] = seq
    out = state.outcome()
    return {"match": mid, "game": match.game.info.id, "players": match.players, "seed": match.seed,
            "options": match.options, "seats": match.seats, "viewer": viewer,
            "to_move": sorted(state.to_move()), "terminal": state.is_terminal(),
            "outcome": out.to_json() if out else None, "view": state.view(viewer), "decision": decision,
            "log": log, "can_undo": viewer is not None and match.can_undo(viewer) and not state.is_terminal(),
            "undo_block": None if viewer is None else match.undo_block(viewer),
            "log_length": len(match.log)}


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
    _THINKING.pop(mid, None)
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


def _op_think(req: dict[str, Any]) -> JSON:
    """Let a seat's bot think for one slice of time; play its move once its budget is spent.

    The page asks again and again, drawing the progress in between, so a long search never blocks the worker
    for more than a slice and stops cleanly when the page stops asking (Undo, Home, a new game). The search is
    kept between slices, and dropped when the position changes or ``think_cancel`` is asked.
    """
    mid, match = _match(req)
    seat = _field(req, "seat", int)
    viewer = _viewer(req, match.players)
    slice_ms = _int_in(req, "slice_ms", 10, 2000, default=150)
    cap_ms = _int_in(req, "max_ms", 50, 60_000, default=60_000) if req.get("max_ms") is not None else None
    if seat not in match.state.to_move():
        raise NotYourTurnError(f"seat {seat} is not to move")
    bot = _bot_for(match, seat)
    rng = _BOT_RNG[mid]
    if not isinstance(bot, ISMCTSBot):
        return _played(mid, match, seat, choose(bot, match.state, seat, rng), viewer)
    key = (seat, match.revision)
    held = _THINKING.get(mid)
    if held is None or held[0] != key:
        info = InfoSet.of(match.state, seat, rng.next_u64())
        if len(info.legal) == 1:
            return _played(mid, match, seat, info.legal[0], viewer)
        held = _THINKING[mid] = (key, Search(info, rng))
    search = held[1]
    budget = bot.budget
    if cap_ms is not None and budget.seconds is not None:
        budget = budget.with_seconds(min(budget.seconds, cap_ms / 1000))
    cap = bot.iterations(search, budget)
    left = cap - search.progress.iterations
    until = time.perf_counter() + slice_ms / 1000
    if budget.seconds is not None:
        until = min(until, time.perf_counter() + max(0.0, budget.seconds - search.progress.seconds))
    if left > 0 and len(search.candidates) > 1:
        search.run(left, until)
    done = (len(search.candidates) == 1 or search.progress.iterations >= cap
            or (budget.seconds is not None and search.progress.seconds >= budget.seconds))
    if done:
        return _played(mid, match, seat, search.best(), viewer)
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
    _THINKING.pop(mid, None)
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
    before_state = match.state.to_json()
    before_log = list(match.log)
    before_barrier = (match._barrier_at, match._barrier_state, match._barrier_why)
    try:
        for a in actions:
            match.apply(seat, a)
    except EngineError:
        match.state = match.game.state_from_json(before_state)
        match.log = before_log
        match._barrier_at, match._barrier_state, match._barrier_why = before_barrier
        raise
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
    """Drop a match's search in progress."""
    mid, _ = _match(req)
    _THINKING.pop(mid, None)
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
    ``lesson`` is the seat's own last move as a one-step lesson: the position before it and the move, or None.
    """
    _, match = _match(req)
    seat = req.get("seat")
    if seat is not None:
        seat = _viewer({"viewer": seat}, match.players)
    back = _int_in(req, "back", 0, MAX_LINE, default=0)
    total = len(match.log)
    k = min(back, total)
    start = _honest(match.replay(total - k) if k else match.state, seat)
    line: list[str] = []
    probe = start.clone()
    for entry in match.log[total - k:]:
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
    return {"code": _honest(match.state, seat).position_code(), "line_code": start.position_code(), "line": line,
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


def _op_selftest(req: dict[str, Any]) -> JSON:
    """Play one seeded random game and answer the digest of its final state."""
    return selftest(_field(req, "game", str), _field(req, "seed", int), _field(req, "players", int))


def _op_close(req: dict[str, Any]) -> JSON:
    """Forget a match (and its search in progress)."""
    mid, _ = _match(req)
    del _MATCHES[mid]
    _THINKING.pop(mid, None)
    for key in [k for k in _LOG_SEQS if k[0] == mid]:
        del _LOG_SEQS[key]
    return {}


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
    "bench": _op_bench,
    "selftest": _op_selftest,
    "close": _op_close,
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
