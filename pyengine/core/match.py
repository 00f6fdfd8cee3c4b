"""The match layer: the action log, undo with barriers, replay, and the versioned save format."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .api import JSON, Action, Game, State, canonical_json
from .errors import (
    EngineError,
    IncompatibleSaveError,
    PositionCodeError,
    SaveFormatError,
    UndoNotAllowedError,
)
from .jsonlimits import data_problem
from .migrations import migrate
from .registry import decode_any, load_game
from .saveformat import MAX_LOG_ENTRIES, MAX_SEED, SAVE_FORMAT, SAVE_FORMAT_VERSION, SEAT_KINDS, SEAT_NAME_MAX
from .version import ENGINE_VERSION


@dataclass(frozen=True)
class LogEntry:
    """One applied action: who, what, and whether an undo barrier stands after it."""

    seat: int
    action: str
    barrier: bool

    def to_json(self) -> JSON:
        """Return the entry as it is written in a save file."""
        return {"p": self.seat, "a": self.action}


CHECKPOINT_EVERY = 16
"""A match keeps its state's JSON every this many log entries at first (``Match.state_at`` replays from the nearest)."""
MAX_CHECKPOINTS = 64
"""The most checkpoints a match keeps (its start and last barrier included): past it the grid's interval doubles and
every other checkpoint on it is dropped, so a long game keeps about as many as a short one."""


def state_digest(state_json: JSON) -> str:
    """Return the sha256 of a state's canonical JSON."""
    return hashlib.sha256(canonical_json(state_json).encode("ascii")).hexdigest()


class Match:
    """A game being played: state, seats, log, undo barriers and saves.

    One history serves undo and replay: checkpoints of the state's JSON (the start, every 16th log entry, thinned in
    long games, and the last barrier), from which ``state_at(k)`` rebuilds the position after any k entries and
    ``undo`` rebuilds from the barrier.

    >>> m = Match.new("jump_drive", seed=3, players=2)
    >>> a = m.state.legal_actions(0)[0]
    >>> _ = m.apply(0, a)
    >>> m.can_undo(0), m.can_undo(1)
    (True, False)
    >>> m.undo(0); len(m.log)
    0
    """

    def __init__(self, game: Game, seed: int, players: int, options: Mapping[str, Any] | None,
                 seats: list[dict[str, str]] | None = None, start: str | None = None) -> None:
        self.game = game
        self.seed = seed
        self.players = players
        self.options = game.info.resolve_options(options)
        self.seats = ([{**seat, "name": seat["name"][:SEAT_NAME_MAX]} for seat in seats] if seats
                      else [{"name": f"Player {i + 1}", "kind": "human"} for i in range(players)])
        if len(self.seats) != players:
            raise SaveFormatError(f"{players} players but {len(self.seats)} seats given")
        self.start = start
        """The position code this match began from, or None for a match begun from its seed."""
        self.state: State = self._initial()
        self.log: list[LogEntry] = []
        self.revision = 0
        """Counts changes of the position (actions and undos) in this session; not saved."""
        self._barrier_at = 0
        self._barrier_why = "start"  # what set the last barrier: "start", "reveal", "turn" or "over"
        self._interval = CHECKPOINT_EVERY
        self._checkpoints: dict[int, JSON] = {0: self.state.to_json()}
        """The history: the state's JSON after the first k log entries, by k. Always the start (0) and the last
        barrier (what undo rebuilds from), and every ``_interval``-th entry (``state_at`` replays from these)."""

    @classmethod
    def new(cls, game_id: str, seed: int, players: int, options: Mapping[str, Any] | None = None,
            seats: list[dict[str, str]] | None = None) -> Match:
        """Start a match of a registered game."""
        return cls(load_game(game_id), seed, players, options, seats)

    @classmethod
    def from_code(cls, code: str, seats: list[dict[str, str]] | None = None) -> Match:
        """Start a match from a position code: the code's game, players and options, and its position.

        Raises:
            PositionCodeError, PositionError: the code cannot be read (see ``core/poscode.py``).
            SaveFormatError: the seats do not fit the position's player count.
        """
        state = decode_any(code)
        data = state.to_json()
        players, options = data.get("players"), data.get("options")
        if not isinstance(players, int) or not isinstance(options, dict):
            raise SaveFormatError(f"a {state.game.info.id} position does not name its players and options")
        return cls(state.game, 0, players, options, seats, start=state.position_code())

    def _initial(self) -> State:
        """Return the state this match begins from: its seed's setup, or the position of its start code."""
        if self.start is None:
            return self.game.new_initial_state(seed=self.seed, players=self.players, options=self.options)
        return self.game.state_from_code(self.start)

    def apply(self, seat: int, action: Action | str) -> Action:
        """Validate and apply an action, log it, and set an undo barrier where one belongs.

        A barrier follows an action that revealed hidden information (the state's epoch changed), that gave
        the choice to a seat that was not choosing before, or that ended the game.
        """
        act = self.game.parse_action(action) if isinstance(action, str) else action
        before_movers = self.state.to_move()
        before_epoch = self.state.epoch()
        self.state.apply(seat, act)
        self.revision += 1
        after = self.state.to_move()
        why = ("over" if self.state.is_terminal() else "reveal" if self.state.epoch() != before_epoch
               else "turn" if after - before_movers else None)
        self.log.append(LogEntry(seat, str(act), why is not None))
        if why is not None:
            self._barrier_why = why
        self._remember(why is not None)
        return act

    def apply_all(self, seat: int, actions: list[str]) -> None:
        """Apply several actions of one seat in order, all or none.

        Raises:
            EngineError: the first action that cannot be applied (``apply``'s errors); the match is then as before.
        """
        state, log, checkpoints = self.state.clone(), list(self.log), dict(self._checkpoints)
        kept = (self._barrier_at, self._barrier_why, self._interval)
        try:
            for action in actions:
                self.apply(seat, action)
        except EngineError:
            self.state, self.log, self._checkpoints = state, log, checkpoints
            self._barrier_at, self._barrier_why, self._interval = kept
            raise

    def _remember(self, barrier: bool) -> None:
        """Keep a checkpoint of the state after the last log entry when it is a barrier or on the grid, and thin
        the grid (doubling its interval) once it holds more than ``MAX_CHECKPOINTS``."""
        at = len(self.log)
        if barrier:
            old = self._barrier_at
            self._barrier_at = at
            if old % self._interval:  # the old barrier's checkpoint, off the grid, is not needed any more
                self._checkpoints.pop(old, None)
        elif at % self._interval:
            return
        self._checkpoints[at] = self.state.to_json()
        while len(self._checkpoints) > MAX_CHECKPOINTS:
            self._interval *= 2
            self._checkpoints = {k: v for k, v in self._checkpoints.items()
                                 if k % self._interval == 0 or k == self._barrier_at}

    def checkpoints(self) -> list[int]:
        """Return the log positions whose states the match keeps (``state_at`` replays from the nearest), in order.

        >>> m = Match.new("jump_drive", seed=3, players=2)
        >>> m.checkpoints()
        [0]
        """
        return sorted(self._checkpoints)

    def state_at(self, k: int) -> State:
        """Return a new state: the position after the first ``k`` log entries (0 to ``len(log)``), rebuilt from the
        nearest checkpoint at or before ``k`` and the log entries after it.

        Raises:
            ValueError: ``k`` is outside 0..len(log).
        """
        if not 0 <= k <= len(self.log):
            raise ValueError(f"a match of {len(self.log)} log entries has no position after {k!r} of them")
        base = max(at for at in self._checkpoints if at <= k)
        state = self.game.load_json(self._checkpoints[base])
        for e in self.log[base:k]:
            state.apply(e.seat, self.game.parse_action(e.action))
        return state

    def can_undo(self, seat: int) -> bool:
        """Return True if this seat has an action since the last barrier that it may take back."""
        return any(e.seat == seat for e in self.log[self._barrier_at:])

    def undo_block(self, seat: int) -> str | None:
        """Return why this seat cannot undo now, or None when it can.

        "over": the game has ended; "start": it has chosen nothing yet; "reveal": hidden information was revealed
        since its last choice; "turn": the choice passed to other players since its last choice.
        """
        if self.state.is_terminal():
            return "over"
        if self.can_undo(seat):
            return None
        return self._barrier_why

    def undo(self, seat: int) -> None:
        """Take back this seat's latest action since the last barrier.

        Actions of other seats since the barrier (simultaneous choices, which are independent) stay.

        Raises:
            UndoNotAllowedError: nothing of this seat's stands since the last barrier.
        """
        tail = self.log[self._barrier_at:]
        mine = [i for i, e in enumerate(tail) if e.seat == seat]
        if not mine:
            raise UndoNotAllowedError(
                f"seat {seat} has nothing to undo since the last reveal or change of turn")
        keep = tail[:mine[-1]] + tail[mine[-1] + 1:]
        self.revision += 1
        self.state = self.game.load_json(self._checkpoints[self._barrier_at])
        del self.log[self._barrier_at:]
        # The entries after the barrier change: so do the states after it (the log may end sooner, too).
        self._checkpoints = {at: data for at, data in self._checkpoints.items() if at <= self._barrier_at}
        for e in keep:
            self.state.apply(e.seat, self.game.parse_action(e.action))
            self.log.append(LogEntry(e.seat, e.action, False))
            self._remember(False)

    def replay(self, upto: int | None = None) -> State:
        """Return the state after the first ``upto`` log entries (all of them for None), from the history
        (``state_at``)."""
        return self.state_at(len(self.log) if upto is None else upto)

    def replay_from_start(self, upto: int | None = None) -> State:
        """Return the state after re-applying the first ``upto`` log entries from the very start, using no
        checkpoint (a check that the log alone rebuilds the game)."""
        state = self._initial()
        for e in self.log[: len(self.log) if upto is None else upto]:
            state.apply(e.seat, self.game.parse_action(e.action))
        return state

    def to_save(self, snapshot: bool = True) -> JSON:
        """Return the save file: format, versions, game, seats, options, seed, log and a checked snapshot."""
        data: dict[str, Any] = {
            "format": SAVE_FORMAT, "format_version": SAVE_FORMAT_VERSION if self.start else 1,
            "engine_version": ENGINE_VERSION, "game": self.game.info.id,
            "rules_version": self.game.info.rules_version, "players": self.players,
            "seats": [dict(s) for s in self.seats], "options": dict(self.options), "seed": self.seed,
            "log": [e.to_json() for e in self.log],
        }
        if self.start is not None:
            data["start"] = self.start
        if snapshot:
            sj = self.state.to_json()
            data["snapshot"] = {"at": len(self.log), "state": sj, "sha256": state_digest(sj)}
        return data

    @classmethod
    def from_save(cls, data: JSON) -> Match:
        """Load a save file by replaying its log, and check its snapshot against the replay.

        Raises:
            SaveFormatError: not a pyengine save, or corrupt, too big or too deep, or its log or snapshot does not
                replay.
            IncompatibleSaveError: a newer save format, or another rules version.
            UnknownGameError: the game is not known to this engine.
        """
        loader = cls.loader(data)
        loader.step(loader.total)
        return loader.match

    @classmethod
    def loader(cls, data: JSON) -> SaveLoader:
        """Check a save file's header and return a loader that replays its log a few entries at a time.

        Everything but the replay is checked here: the format, size and depth, versions (migrating an older rules
        version), players, seed, options, seats, the shape of every log entry and the snapshot's checksum and
        position. ``SaveLoader.step`` then replays the log and compares the snapshot when it gets there.

        Raises:
            SaveFormatError, IncompatibleSaveError, UnknownGameError: as ``from_save``.
        """
        if not isinstance(data, dict):
            raise SaveFormatError(f"a save file must be a JSON object, not {type(data).__name__}")
        problem = data_problem(data)
        if problem is not None:
            raise SaveFormatError(f"save file cannot be read: {problem}")
        if data.get("format") != SAVE_FORMAT:
            raise SaveFormatError(
                f"not a pyengine save file (format is {data.get('format')!r}, expected {SAVE_FORMAT!r})")
        version = data.get("format_version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SaveFormatError(f"save file has a bad format_version: {version!r}")
        if version > SAVE_FORMAT_VERSION:
            raise IncompatibleSaveError(
                f"this save uses format version {version}, newer than this app understands "
                f"({SAVE_FORMAT_VERSION}); update the app to open it")
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise SaveFormatError(f"save file names no game: {game_id!r}")
        game = load_game(game_id)
        rules = data.get("rules_version")
        if rules != game.info.rules_version:
            data = migrate(game.info.id, data)
        players, seed, options, log = (data.get("players"), data.get("seed"), data.get("options"),
                                       data.get("log"))
        if not isinstance(players, int) or isinstance(players, bool):
            raise SaveFormatError(f"save file has a bad player count: {players!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveFormatError(f"save file has a bad seed: {seed!r}")
        if not 0 <= seed <= MAX_SEED:
            raise SaveFormatError(
                f"save file has a seed out of range: {seed!r}; a seed is a whole number from 0 to {MAX_SEED}")
        if not isinstance(options, dict) or not isinstance(log, list):
            raise SaveFormatError("save file must have an options object and a log list")
        if len(log) > MAX_LOG_ENTRIES:
            raise SaveFormatError(
                f"save file log has {len(log)} entries; the limit is {MAX_LOG_ENTRIES} entries")
        for i, entry in enumerate(log):
            if not (isinstance(entry, dict) and isinstance(entry.get("p"), int)
                    and isinstance(entry.get("a"), str)):
                raise SaveFormatError(f"save file log entry {i} is malformed: {entry!r}")
        seats = data.get("seats")
        if seats is not None and not (
                isinstance(seats, list)
                and all(isinstance(s, dict) and isinstance(s.get("name"), str)
                        and s.get("kind") in SEAT_KINDS for s in seats)):
            raise SaveFormatError(f"save file has bad seats: {seats!r}")
        snapshot: tuple[int, JSON] | None = None
        snap = data.get("snapshot")
        if snap is not None:
            if not isinstance(snap, dict) or not isinstance(snap.get("state"), dict):
                raise SaveFormatError("save file snapshot is malformed")
            if snap.get("sha256") != state_digest(snap["state"]):
                raise SaveFormatError("save file snapshot is corrupt (its checksum does not match)")
            at = snap.get("at")
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(log):
                raise SaveFormatError(f"save file snapshot position is bad: {at!r}")
            snapshot = (at, snap["state"])
        start = data.get("start")
        if start is not None and not isinstance(start, str):
            raise SaveFormatError(f"save file has a bad start position: {start!r}")
        try:
            match = cls(game, seed, players, options, seats, start)
        except PositionCodeError:
            raise
        except EngineError as exc:
            raise SaveFormatError(f"save file cannot start its game: {exc}") from exc
        return SaveLoader(match, [(e["p"], e["a"]) for e in log], snapshot)


class SaveLoader:
    """A save being loaded: its log replays a chunk at a time (``step``), so a page can show progress.

    >>> m = Match.new("jump_drive", seed=3, players=2)
    >>> for seat in (0, 1):
    ...     _ = m.apply(seat, m.state.legal_actions(seat)[0])
    >>> loader = Match.loader(m.to_save())
    >>> loader.total, loader.at, loader.step(1), loader.at, loader.step(5), loader.at
    (2, 0, False, 1, True, 2)
    >>> loader.match.log == m.log
    True
    """

    def __init__(self, match: Match, entries: list[tuple[int, str]], snapshot: tuple[int, JSON] | None) -> None:
        self.match = match
        self.total = len(entries)
        self.at = 0
        self.done = False
        self._entries: list[tuple[int, str]] | None = entries  # None once a step has failed
        self._snapshot = snapshot

    def _check_snapshot(self) -> None:
        """Compare the replay with the save's snapshot when the replay is at the snapshot's position.

        The game's history keys (``Game.history_keys``: the message log) are left out of the comparison: the log's
        words are history, not position, so a save made before the log learned new lines still loads (its replay
        writes the new lines), while any difference in the position itself is refused.
        """
        if self._snapshot is not None and self._snapshot[0] == self.at:
            history = self.match.game.history_keys
            replayed, saved = self.match.state.to_json(), self._snapshot[1]
            if history:
                replayed = {k: v for k, v in replayed.items() if k not in history}
                saved = {k: v for k, v in saved.items() if k not in history}
            if canonical_json(replayed) != canonical_json(saved):
                raise SaveFormatError(
                    f"save file snapshot at entry {self.at} does not match its replayed log")
            self._snapshot = None

    def step(self, entries: int) -> bool:
        """Replay up to ``entries`` more log entries; return True once the whole log is replayed and checked.

        Raises:
            SaveFormatError: an entry does not replay, or the replay does not reach the snapshot. The loader is
                spent after an error (another step raises again).
        """
        if self.done:
            return True
        if self._entries is None:
            raise SaveFormatError("this save already failed to load")
        try:
            stop = min(self.total, self.at + max(0, entries))
            while True:
                self._check_snapshot()
                if self.at >= stop:
                    break
                seat, action = self._entries[self.at]
                try:
                    self.match.apply(seat, action)
                except EngineError as exc:
                    raise SaveFormatError(
                        f"save file log entry {self.at} ({action!r}) does not replay: {exc}") from exc
                self.at += 1
        except SaveFormatError:
            self._entries = None
            raise
        if self.at == self.total:
            self.done = True
            self._entries = []
        return self.done
