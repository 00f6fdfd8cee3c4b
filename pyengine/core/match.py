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
    SaveFormatError,
    UndoNotAllowedError,
    UnknownGameError,
)
from .registry import load_game

SAVE_FORMAT = "pyengine-save"
SAVE_FORMAT_VERSION = 1
SEAT_KINDS = ("human", "random", "greedy")


@dataclass(frozen=True)
class LogEntry:
    """One applied action: who, what, and whether an undo barrier stands after it."""

    seat: int
    action: str
    barrier: bool

    def to_json(self) -> JSON:
        """Return the entry as it is written in a save file."""
        return {"p": self.seat, "a": self.action}


def state_digest(state_json: JSON) -> str:
    """Return the sha256 of a state's canonical JSON."""
    return hashlib.sha256(canonical_json(state_json).encode("ascii")).hexdigest()


class Match:
    """A game being played: state, seats, log, undo barriers and saves.

    >>> m = Match.new("jump_drive", seed=3, players=2)
    >>> a = m.state.legal_actions(0)[0]
    >>> _ = m.apply(0, a)
    >>> m.can_undo(0), m.can_undo(1)
    (True, False)
    >>> m.undo(0); len(m.log)
    0
    """

    def __init__(self, game: Game, seed: int, players: int, options: Mapping[str, Any] | None,
                 seats: list[dict[str, str]] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.players = players
        self.options = game.info.resolve_options(options)
        self.seats = seats or [{"name": f"Player {i + 1}", "kind": "human"} for i in range(players)]
        if len(self.seats) != players:
            raise SaveFormatError(f"{players} players but {len(self.seats)} seats given")
        self.state: State = game.new_initial_state(seed=seed, players=players, options=self.options)
        self.log: list[LogEntry] = []
        self._barrier_at = 0
        self._barrier_state: JSON = self.state.to_json()

    @classmethod
    def new(cls, game_id: str, seed: int, players: int, options: Mapping[str, Any] | None = None,
            seats: list[dict[str, str]] | None = None) -> Match:
        """Start a match of a registered game."""
        return cls(load_game(game_id), seed, players, options, seats)

    def apply(self, seat: int, action: Action | str) -> Action:
        """Validate and apply an action, log it, and set an undo barrier where one belongs.

        A barrier follows an action that revealed hidden information (the state's epoch changed), that gave
        the choice to a seat that was not choosing before, or that ended the game.
        """
        act = self.game.parse_action(action) if isinstance(action, str) else action
        before_movers = self.state.to_move()
        before_epoch = self.state.epoch()
        self.state.apply(seat, act)
        after = self.state.to_move()
        barrier = (self.state.epoch() != before_epoch or bool(after - before_movers)
                   or self.state.is_terminal())
        self.log.append(LogEntry(seat, str(act), barrier))
        if barrier:
            self._barrier_at = len(self.log)
            self._barrier_state = self.state.to_json()
        return act

    def can_undo(self, seat: int) -> bool:
        """Return True if this seat has an action since the last barrier that it may take back."""
        return any(e.seat == seat for e in self.log[self._barrier_at:])

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
        self.state = self.game.state_from_json(self._barrier_state)
        del self.log[self._barrier_at:]
        for e in keep:
            self.state.apply(e.seat, self.game.parse_action(e.action))
            self.log.append(LogEntry(e.seat, e.action, False))

    def replay(self, upto: int | None = None) -> State:
        """Return the state after re-applying the first ``upto`` log entries from the start."""
        state = self.game.new_initial_state(seed=self.seed, players=self.players, options=self.options)
        for e in self.log[: len(self.log) if upto is None else upto]:
            state.apply(e.seat, self.game.parse_action(e.action))
        return state

    def to_save(self, snapshot: bool = True) -> JSON:
        """Return the save file: format, versions, game, seats, options, seed, log and a checked snapshot."""
        from .. import __version__

        data: dict[str, Any] = {
            "format": SAVE_FORMAT, "format_version": SAVE_FORMAT_VERSION,
            "engine_version": __version__, "game": self.game.info.id,
            "rules_version": self.game.info.rules_version, "players": self.players,
            "seats": [dict(s) for s in self.seats], "options": dict(self.options), "seed": self.seed,
            "log": [e.to_json() for e in self.log],
        }
        if snapshot:
            sj = self.state.to_json()
            data["snapshot"] = {"at": len(self.log), "state": sj, "sha256": state_digest(sj)}
        return data

    @classmethod
    def from_save(cls, data: JSON) -> Match:
        """Load a save file by replaying its log, and check its snapshot against the replay.

        Raises:
            SaveFormatError: not a pyengine save, or corrupt, or its log or snapshot does not replay.
            IncompatibleSaveError: a newer save format, or another rules version.
            UnknownGameError: the game is not known to this engine.
        """
        if not isinstance(data, dict):
            raise SaveFormatError(f"a save file must be a JSON object, not {type(data).__name__}")
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
        try:
            game = load_game(game_id)
        except UnknownGameError:
            raise
        rules = data.get("rules_version")
        if rules != game.info.rules_version:
            from .migrations import migrate

            data = migrate(game.info.id, data)
        players, seed, options, log = (data.get("players"), data.get("seed"), data.get("options"),
                                       data.get("log"))
        if not isinstance(players, int) or isinstance(players, bool):
            raise SaveFormatError(f"save file has a bad player count: {players!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveFormatError(f"save file has a bad seed: {seed!r}")
        if not isinstance(options, dict) or not isinstance(log, list):
            raise SaveFormatError("save file must have an options object and a log list")
        seats = data.get("seats")
        if seats is not None and not (
                isinstance(seats, list)
                and all(isinstance(s, dict) and isinstance(s.get("name"), str)
                        and s.get("kind") in SEAT_KINDS for s in seats)):
            raise SaveFormatError(f"save file has bad seats: {seats!r}")
        try:
            match = cls(game, seed, players, options, seats)
        except EngineError as exc:
            raise SaveFormatError(f"save file cannot start its game: {exc}") from exc
        for i, entry in enumerate(log):
            if not (isinstance(entry, dict) and isinstance(entry.get("p"), int)
                    and isinstance(entry.get("a"), str)):
                raise SaveFormatError(f"save file log entry {i} is malformed: {entry!r}")
            try:
                match.apply(entry["p"], entry["a"])
            except EngineError as exc:
                raise SaveFormatError(f"save file log entry {i} ({entry['a']!r}) does not replay: {exc}") from exc
        snap = data.get("snapshot")
        if snap is not None:
            if not isinstance(snap, dict) or not isinstance(snap.get("state"), dict):
                raise SaveFormatError("save file snapshot is malformed")
            if snap.get("sha256") != state_digest(snap["state"]):
                raise SaveFormatError("save file snapshot is corrupt (its checksum does not match)")
            at = snap.get("at")
            if not isinstance(at, int) or not 0 <= at <= len(match.log):
                raise SaveFormatError(f"save file snapshot position is bad: {at!r}")
            replayed = match.state if at == len(match.log) else match.replay(at)
            if canonical_json(replayed.to_json()) != canonical_json(snap["state"]):
                raise SaveFormatError(f"save file snapshot at entry {at} does not match its replayed log")
        return match
