"""Upgrades of old saves to the current rules version, one dated step per change."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from .api import JSON, Action, canonical_json
from .errors import EngineError, IncompatibleSaveError
from .poscode import peek, read
from .registry import load_game
from .saveformat import MAX_LOG_ENTRIES


def _jump_drive_2026_11(data: JSON) -> JSON:
    """Bring a Jump Drive 2026.11 save to 2026.12: add the option round_limit (40) and drop the old snapshot.

    2026.12 added the round limit (2-4 players) and two state fields (each card's VP tally and the round each
    hand card was drawn). The log replays unchanged; the snapshot holds the old state shape, so it is dropped and
    the loader replays the log. A stalled game already past round 40 (its snapshot says which round) gets that
    round as its limit instead, so it still loads and ends after the round it is in.
    """
    out: dict[str, Any] = dict(data)
    options = out.get("options")
    if isinstance(options, dict) and "round_limit" not in options:
        limit = 40
        snap = out.get("snapshot")
        state = snap.get("state") if isinstance(snap, dict) else None
        reached = state.get("round") if isinstance(state, dict) else None
        if isinstance(reached, int) and not isinstance(reached, bool) and reached > limit:
            limit = min(reached, 200)
        out["options"] = {**options, "round_limit": limit}
    out.pop("snapshot", None)
    out["rules_version"] = "2026.12"
    return out


def _ares_expedition_2026_11(data: JSON) -> JSON:
    """Bring an Ares Expedition 2026.11 save to 2026.12: add the option coop_early_end (false), drop the snapshot,
    and drop the log entries the 2026.12 rules no longer ask for.

    2026.12 plays co-op on to the end of the pool (the option keeps the old early end), records TR and VP per round
    (a new state field, so the old snapshot's shape is out of date: the loader replays the log instead), and no
    longer offers an option that would do nothing: a choice such as Imported Hydrogen's "3 microbes to another
    card" without such a card, or a card action such as Aquifer Pumping with every ocean flipped. A 2026.11 log can
    hold the answers to those old questions ("choose option=1" where 2026.12 takes the only real option itself) or
    such an action; the log is replayed under 2026.12 and those entries, and only those, are dropped when they no
    longer replay (see ``_ares_replayable_log``).
    """
    out: dict[str, Any] = dict(data)
    options = out.get("options")
    if isinstance(options, dict) and "coop_early_end" not in options:
        out["options"] = {**options, "coop_early_end": False}
    out.pop("snapshot", None)
    out["rules_version"] = "2026.12"
    if "log" in out:
        out["log"] = _ares_replayable_log(out)
    return out


_ARES_DROPPABLE = ("choose", "act", "pay")  # a choice no longer asked, an action no longer offered, its heat payment


def _ares_replayable_log(data: JSON) -> Any:
    """Return an Ares Expedition save's log without the entries 2026.12 no longer offers (see above).

    The log is replayed from the save's seed and options; an entry that is not legal any more is dropped when it
    is a choice ("choose"), a card action ("act") or a heat payment for one ("pay"): the new rules either took the
    only useful option themselves or no longer offer an action that did nothing. Anything else that does not
    replay, or a header that cannot start the game, leaves the log as it was, so the loader names the problem.
    """
    log = data.get("log")
    seed, players, options = data.get("seed"), data.get("players"), data.get("options")
    if not isinstance(log, list) or len(log) > MAX_LOG_ENTRIES or not all(
            isinstance(e, dict) and isinstance(e.get("p"), int) and isinstance(e.get("a"), str) for e in log):
        return log
    if not (isinstance(seed, int) and isinstance(players, int) and isinstance(options, dict)) or isinstance(
            seed, bool) or isinstance(players, bool):
        return log
    game = load_game("ares_expedition")
    try:
        state = game.new_initial_state(seed=seed, players=players, options=game.info.resolve_options(options))
        kept = []
        for entry in log:
            action = game.parse_action(entry["a"])
            if entry["p"] in state.to_move() and action in state.legal_actions(entry["p"]):
                state.apply(entry["p"], action)
                kept.append(entry)
            elif action.kind not in _ARES_DROPPABLE or state.is_terminal():
                return log
    except (EngineError, KeyError, TypeError, ValueError):
        return log
    return kept


def _ares_expedition_2026_12(data: JSON) -> JSON:
    """Bring an Ares Expedition 2026.12 save to 2026.12.2: add the option solo_early_end and drop the snapshot.

    2026.12.2 plays solo for all 25 rounds, as the seed says (the option keeps the old early end). A solo game
    that 2026.12 had already ended by terraforming Mars keeps the early end (``solo_early_end: true``), so a
    finished game stays finished with the same result; every other save gets ``false``, the new default. Nothing
    before the end differs between the readings, so the log replays unchanged under either; the snapshot is dropped
    (its options lack the new one) and the loader replays the log.
    """
    out: dict[str, Any] = dict(data)
    options = out.get("options")
    if isinstance(options, dict) and "solo_early_end" not in options:
        out["options"] = {**options, "solo_early_end": _ares_ended_by_terraforming(out)}
    out.pop("snapshot", None)
    out["rules_version"] = "2026.12.2"
    return out


def _ares_ended_by_terraforming(data: JSON) -> bool:
    """Return True if a 2026.12 solo save's game is over because Mars was terraformed (replayed with the old end).

    Only a 1-player save can be one; a log that does not replay answers False and is left to the loader to name.
    """
    log, seed, players, options = data.get("log"), data.get("seed"), data.get("players"), data.get("options")
    if players != 1 or not isinstance(log, list) or len(log) > MAX_LOG_ENTRIES or not isinstance(options, dict):
        return False
    if not isinstance(seed, int) or isinstance(seed, bool):
        return False
    game = load_game("ares_expedition")
    try:
        state = game.new_initial_state(seed=seed, players=1, options=game.info.resolve_options(
            {**options, "solo_early_end": True}))
        for entry in log:
            if not isinstance(entry, dict) or not isinstance(entry.get("p"), int) or not isinstance(entry.get("a"),
                                                                                                   str):
                return False
            state.apply(entry["p"], game.parse_action(entry["a"]))
    except (EngineError, KeyError, TypeError, ValueError):
        return False
    out = state.outcome() if state.is_terminal() else None
    return out is not None and out.details.get("end") == "terraformed"


def _beyond_the_sun_2026_11(data: JSON) -> JSON:
    """Bring a Beyond the Sun 2026.11 save to 2026.12: set the version and drop the snapshot.

    2026.12 changed the state, not the rules: the log lines are stored as compact JSON texts and a new field
    records each faction's VP at the end of every round, so the old snapshot's shape is out of date and the loader
    replays the log instead. No action legal under 2026.11 became illegal (the same seeds and actions give the same
    games), so, unlike Ares Expedition's step, no log entry needs dropping; a log that does not replay is left as it
    was, and the loader names its first bad entry.
    """
    out: dict[str, Any] = dict(data)
    out.pop("snapshot", None)
    out["rules_version"] = "2026.12"
    return out


def _state_digest(state: JSON) -> str:
    """Return the sha256 of a state's canonical JSON (as ``match.state_digest``, which this module cannot import)."""
    return hashlib.sha256(canonical_json(state).encode("ascii")).hexdigest()


def _beyond_the_sun_2026_12(data: JSON) -> JSON:
    """Bring a Beyond the Sun 2026.12 save to 2026.12.1: the game keeps the tech deck it was dealt.

    2026.12.1 deals the real level-III techs (option tech_deck, default real_level_3). A game begun under 2026.12 (or
    2026.11) was dealt the invented deck, which the engine keeps under its old ids (tech_deck stand_ins_2026), so
    the save gets that option and replays the same, action for action. Its snapshot, when its checksum holds, gets
    the option too and a new checksum, so the loader still checks the replay against it.
    """
    out: dict[str, Any] = dict(data)
    options = out.get("options")
    if isinstance(options, dict) and "tech_deck" not in options:
        out["options"] = {**options, "tech_deck": "stand_ins_2026"}
    snap = out.get("snapshot")
    state = snap.get("state") if isinstance(snap, dict) else None
    if (isinstance(snap, dict) and isinstance(state, dict) and isinstance(state.get("options"), dict)
            and "tech_deck" not in state["options"] and snap.get("sha256") == _state_digest(state)):
        state = {**state, "options": {**state["options"], "tech_deck": "stand_ins_2026"}}
        out["snapshot"] = {**snap, "state": state, "sha256": _state_digest(state)}
    out["rules_version"] = "2026.12.1"
    return out


GAME_BTS = "beyond_the_sun"


def _beyond_the_sun_2026_12_1(data: JSON) -> JSON:
    """Bring a Beyond the Sun 2026.12.1 save to 2026.12.2: drop the answers to "Take part in the event?" that
    came before the event's own question.

    2026.12.2 asks an "every faction may" event's part directly when that part is one step that asks itself (Orbital
    Baby Boom's pay or decline, Secret Arms Purchase's build or skip); 2026.12.1 first asked "Take part in the
    event?" (accept or decline). The log is replayed under 2026.12.2 (``_bts_replayable_log``): an "accept" of that old
    question is dropped (the event's own answer follows it), and a "decline" stays where the event's own question
    offers decline (it does the same), becomes "skip" where it offers skip (an optional build), and is dropped where
    the faction is no longer asked (it could not pay, which 2026.12.1 asked all the same). The snapshot stays, its
    ``at`` moved back by the entries dropped before it, when the replay reaches the very position it holds; otherwise
    (a save made in the middle of such an event holds the old question) it is dropped and the loader replays the log.
    A snapshot whose checksum or position is wrong is left for the loader to refuse. A game begun from a position code
    gets its start code written again for 2026.12.2 (the state's shape did not change). From an entry that does not
    replay on, the log is left as it was, so the loader names that entry.
    """
    out: dict[str, Any] = dict(data)
    out["rules_version"] = "2026.12.2"
    if isinstance(out.get("start"), str):
        out["start"] = _recode(GAME_BTS, out["start"], "2026.12.1")
    replayed = _bts_replayable_log(out)
    if replayed is None:
        return out
    out["log"], reached = replayed
    snap = out.get("snapshot")
    if not (isinstance(snap, dict) and isinstance(snap.get("state"), dict)
            and snap.get("sha256") == _state_digest(snap["state"])):
        return out
    at = snap.get("at")
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(data["log"]):
        return out
    if reached is not None:
        history = load_game(GAME_BTS).history_keys
        saved = {k: v for k, v in snap["state"].items() if k not in history}
        now = {k: v for k, v in reached[1].items() if k not in history}
        if canonical_json(saved) == canonical_json(now):
            out["snapshot"] = {**snap, "at": reached[0]}
            return out
    out.pop("snapshot")
    return out


def _recode(game_id: str, code: str, old_version: str) -> str:
    """Return a position code made for an older rules version of a game, written again for the current one (the
    state's shape is the same under both); a code that does not read so is returned as it is, for the loader."""
    game = load_game(game_id)
    try:
        data, version = read(game.codebook(), code)
        if version != old_version:
            return code
        state = game.state_from_json(data)
        return state.position_code(history=peek(code).history)
    except (EngineError, KeyError, TypeError, ValueError):
        return code


def _bts_replayable_log(data: JSON) -> tuple[list[Any], tuple[int, JSON] | None] | None:
    """Return a Beyond the Sun 2026.12.1 save's log as 2026.12.2 replays it (see above) and, when the replay passed
    the snapshot's position, that position in the new log and the state there. From an entry that neither replays
    nor is such an answer on, the rest of the log is kept as it was; None when the save's header cannot start the
    game, for the loader to name the problem."""
    log = data.get("log")
    seed, players, options, start = data.get("seed"), data.get("players"), data.get("options"), data.get("start")
    if not isinstance(log, list) or len(log) > MAX_LOG_ENTRIES or not all(
            isinstance(e, dict) and isinstance(e.get("p"), int) and isinstance(e.get("a"), str) for e in log):
        return None
    if not (isinstance(seed, int) and isinstance(players, int) and isinstance(options, dict)) or isinstance(
            seed, bool) or isinstance(players, bool) or not (start is None or isinstance(start, str)):
        return None
    snap = data.get("snapshot")
    at = snap.get("at") if isinstance(snap, dict) else None
    game = load_game(GAME_BTS)
    try:
        state = game.state_from_code(start) if start is not None else game.new_initial_state(
            seed=seed, players=players, options=game.info.resolve_options(options))
    except (EngineError, KeyError, TypeError, ValueError):
        return None
    kept: list[Any] = []
    reached: tuple[int, JSON] | None = None
    for i, entry in enumerate([*log, None]):
        if i == at:
            reached = (len(kept), state.to_json())
        if entry is None:
            break
        try:
            seat, action = entry["p"], game.parse_action(entry["a"])
            legal = state.legal_actions(seat) if seat in state.to_move() else []
            if action not in legal and action.kind == "decline" and Action("skip") in legal:
                entry, action = {**entry, "a": "skip"}, Action("skip")
            if action in legal:
                state.apply(seat, action)
                kept.append(entry)
                continue
            if action.kind in ("accept", "decline") and not state.is_terminal():
                continue
        except (EngineError, KeyError, TypeError, ValueError):
            pass
        return [*kept, *log[i:]], reached
    return kept, reached


# (game id, from rules version) -> function returning the save at the next rules version.
MIGRATIONS: dict[tuple[str, str], Callable[[JSON], JSON]] = {
    ("jump_drive", "2026.11"): _jump_drive_2026_11,
    ("ares_expedition", "2026.11"): _ares_expedition_2026_11,
    ("ares_expedition", "2026.12"): _ares_expedition_2026_12,
    ("beyond_the_sun", "2026.11"): _beyond_the_sun_2026_11,
    ("beyond_the_sun", "2026.12"): _beyond_the_sun_2026_12,
    ("beyond_the_sun", "2026.12.1"): _beyond_the_sun_2026_12_1,
}


def migrate(game_id: str, data: JSON) -> JSON:
    """Bring a save up to the game's current rules version, or refuse it.

    Raises:
        IncompatibleSaveError: no migration path from the save's rules version.
    """
    target = load_game(game_id).info.rules_version
    seen = 0
    while data.get("rules_version") != target:
        step = MIGRATIONS.get((game_id, str(data.get("rules_version"))))
        if step is None or seen > 50:
            raise IncompatibleSaveError(
                f"this save was made with {game_id} rules version {data.get('rules_version')!r}; "
                f"this app plays rules version {target!r} and cannot convert it")
        data = step(data)
        seen += 1
    return data
