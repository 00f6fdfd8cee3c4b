"""The JSON-in/JSON-out facade the web worker calls: one function, ``handle(request: str) -> str``.

>>> import json
>>> json.loads(handle('{"op": "info"}'))["ok"]
True
"""

from __future__ import annotations

import json
import time
from typing import Any

from .core.api import JSON, Action, State
from .core.errors import EngineError
from .core.match import SEAT_KINDS, Match
from .core.registry import game_info, games, load_game
from .core.rng import Rng

_MATCHES: dict[str, Match] = {}
_BOT_RNG: dict[str, Rng] = {}
_COUNTER = [0]


class BadRequest(EngineError):
    """Raised for a request the bridge cannot read."""

    code = "bridge/bad_request"


class UnknownMatch(EngineError):
    """Raised for a match id the worker does not hold."""

    code = "match/unknown"


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
    """Return one legal action for the page: its text, its label and, when the game has one, a tooltip hint."""
    out = {"a": str(action), "label": state.describe(seat, action)}
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
    log = []
    for i, m in enumerate(state.messages()):
        if m.visible_to is None or (viewer is not None and viewer in m.visible_to):
            entry = m.to_json()
            entry["seq"] = i
            log.append(entry)
    out = state.outcome()
    return {"match": mid, "game": match.game.info.id, "players": match.players, "seed": match.seed,
            "options": match.options, "seats": match.seats, "viewer": viewer,
            "to_move": sorted(state.to_move()), "terminal": state.is_terminal(),
            "outcome": out.to_json() if out else None, "view": state.view(viewer), "decision": decision,
            "log": log, "can_undo": viewer is not None and match.can_undo(viewer) and not state.is_terminal(),
            "log_length": len(match.log)}


def _viewer(req: dict[str, Any]) -> int | None:
    """Return the request's viewer seat, or None for a spectator."""
    v = req.get("viewer")
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadRequest(f"viewer must be a seat number or null, got {v!r}")
    return v


def _op_new_match(req: dict[str, Any]) -> JSON:
    """Start a match from the home screen's choices."""
    game_id = _field(req, "game", str)
    players = _field(req, "players", int)
    seed = _field(req, "seed", int, optional=True)
    if seed is None:
        seed = int(time.time() * 1000) % 2_000_000_000
    options = _field(req, "options", dict, optional=True) or {}
    seats = _field(req, "seats", list, optional=True)
    if seats is not None:
        for s in seats:
            if not isinstance(s, dict) or not isinstance(s.get("name"), str) or s.get("kind") not in SEAT_KINDS:
                raise BadRequest(f"bad seat {s!r}: needs a name and a kind in {list(SEAT_KINDS)}")
        seats = [{"name": s["name"][:40], "kind": s["kind"]} for s in seats]
        if len(seats) != players:
            raise BadRequest(f"{players} players but {len(seats)} seats given")
    viewer = _viewer(req)
    if viewer is not None and not 0 <= viewer < players:
        raise BadRequest(f"viewer {viewer!r} is not a seat of a {players}-player match")
    match = Match(load_game(game_id), seed, players, options, seats)
    mid = _register(match)
    return snapshot(mid, match, viewer)


def _op_bot(req: dict[str, Any]) -> JSON:
    """Let the bot of one seat choose and play its action."""
    from .bots import Budget, make_bot

    mid, match = _match(req)
    seat = _field(req, "seat", int)
    kind = match.seats[seat]["kind"] if 0 <= seat < match.players else "human"
    bot = make_bot(kind if kind != "human" else "greedy")
    if seat not in match.state.to_move():
        from .core.errors import NotYourTurnError

        raise NotYourTurnError(f"seat {seat} is not to move")
    action = bot.choose(match.state, seat, _BOT_RNG[mid], Budget())
    label = match.state.describe(seat, action)
    match.apply(seat, action)
    viewer = _viewer(req)
    out = snapshot(mid, match, viewer)
    # A bot's choice may be a hidden commitment: only its own seat is told what it was.
    out["played"] = ({"seat": seat, "action": str(action), "label": label} if viewer == seat
                     else {"seat": seat})
    return out


def _op_bots(req: dict[str, Any]) -> JSON:
    """Play bot seats in a row until a human seat must act, the game ends, or ``max_steps`` moves were made.

    For fast all-bot play: one round trip instead of one per move. The snapshot is the viewer's, as usual.
    """
    from .bots import Budget, make_bot

    mid, match = _match(req)
    limit = _field(req, "max_steps", int, optional=True) or 500
    steps = 0
    while steps < limit and not match.state.is_terminal():
        movers = sorted(match.state.to_move())
        bots = [s for s in movers if match.seats[s]["kind"] != "human"]
        if not bots or len(bots) < len(movers):
            break
        seat = bots[0]
        action = make_bot(match.seats[seat]["kind"]).choose(match.state, seat, _BOT_RNG[mid], Budget())
        match.apply(seat, action)
        steps += 1
    out = snapshot(mid, match, _viewer(req))
    out["steps"] = steps
    return out


def _op_submit_many(req: dict[str, Any]) -> JSON:
    """Apply several actions of one seat, all or none."""
    mid, match = _match(req)
    seat = _field(req, "seat", int)
    actions = _field(req, "actions", list)
    before_state = match.state.to_json()
    before_log = list(match.log)
    before_barrier = (match._barrier_at, match._barrier_state)
    try:
        for a in actions:
            if not isinstance(a, str):
                raise BadRequest(f"actions must be strings, got {a!r}")
            match.apply(seat, a)
    except EngineError:
        match.state = match.game.state_from_json(before_state)
        match.log = before_log
        match._barrier_at, match._barrier_state = before_barrier
        raise
    return snapshot(mid, match, _viewer(req))


def _op_bench(req: dict[str, Any]) -> JSON:
    """Time random playouts inside this interpreter (the browser benchmark)."""
    from .cli import random_playouts

    game_id = _field(req, "game", str)
    n = _field(req, "games", int)
    t0 = time.perf_counter()
    random_playouts(game_id, n, players=2, seed=1)
    dt = time.perf_counter() - t0
    return {"game": game_id, "games": n, "seconds": dt, "games_per_s": n / dt if dt else 0.0}


def selftest(game_id: str, seed: int, players: int) -> JSON:
    """Play one seeded random game and return the sha256 of its final state (CPython = Pyodide check)."""
    from .core.match import state_digest

    game = load_game(game_id)
    rng = Rng(seed)
    state = game.new_initial_state(seed=seed, players=players)
    actions = 0
    while not state.is_terminal():
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        actions += 1
    return {"game": game_id, "seed": seed, "players": players, "actions": actions,
            "sha256": state_digest(state.to_json())}


def dispatch(req: dict[str, Any]) -> JSON:
    """Run one decoded request and return the answer body (without ``ok``)."""
    op = req.get("op")
    if op == "info":
        from . import __version__

        return {"engine_version": __version__, "games": [game_info(g).to_json() for g in games()]}
    if op == "new_match":
        return _op_new_match(req)
    if op == "state":
        mid, match = _match(req)
        return snapshot(mid, match, _viewer(req))
    if op == "submit":
        mid, match = _match(req)
        match.apply(_field(req, "seat", int), _field(req, "action", str))
        return snapshot(mid, match, _viewer(req))
    if op == "submit_many":
        return _op_submit_many(req)
    if op == "bot":
        return _op_bot(req)
    if op == "bots":
        return _op_bots(req)
    if op == "undo":
        mid, match = _match(req)
        match.undo(_field(req, "seat", int))
        return snapshot(mid, match, _viewer(req))
    if op == "save":
        _, match = _match(req)
        return {"save": match.to_save()}
    if op == "load":
        save = req.get("save")
        match = Match.from_save(save)
        mid = _register(match)
        return snapshot(mid, match, _viewer(req))
    if op == "catalog":
        return {"cards": load_game(_field(req, "game", str)).catalog()}
    if op == "bench":
        return _op_bench(req)
    if op == "selftest":
        return selftest(_field(req, "game", str), _field(req, "seed", int), _field(req, "players", int))
    if op == "close":
        mid, _ = _match(req)
        del _MATCHES[mid]
        return {}
    raise BadRequest(f"unknown op {op!r}")


def handle(request: str) -> str:
    """Answer one JSON request string with one JSON response string; errors come back as data."""
    try:
        try:
            req = json.loads(request)
        except (TypeError, ValueError) as exc:
            raise BadRequest(f"request is not JSON: {exc}") from exc
        if not isinstance(req, dict):
            raise BadRequest("request must be a JSON object")
        body = dispatch(req)
        return json.dumps({"ok": True, **body}, separators=(",", ":"))
    except EngineError as exc:
        return json.dumps({"ok": False, "error": exc.to_json()})
    except Exception as exc:
        return json.dumps({"ok": False, "error": {"code": "engine/error", "message": f"{type(exc).__name__}: {exc}"}})
