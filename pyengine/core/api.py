"""The public API every game implements: actions, game info, outcomes, and the Game and State bases."""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from .errors import (
    BadOptionsError,
    EngineError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    PositionError,
    PositionObsoleteError,
)
from .poscode import Codebook, encode, read, vocabulary
from .position import expect_keys, fail, problems_to_error
from .positionmigrations import migrate_position
from .text import Text

JSON = Any
"""A value made only of dicts, lists, str, int, float, bool and None."""

OptionValue = bool | int | str

_KIND_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_KEY_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_VALUE_RE = re.compile(r"^[A-Za-z0-9_.,:+-]+$")


class Action(NamedTuple):
    """An immutable, hashable action: a kind plus sorted key=value parameters (a named tuple, for speed).

    Its text form is canonical, and ``Action.parse(str(a)) == a``.

    >>> a = Action.make("place", world="gem_world-1", dev="survey")
    >>> str(a)
    'place dev=survey world=gem_world-1'
    >>> Action.parse(str(a)) == a
    True
    """

    kind: str
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def make(cls, kind: str, **params: str | int | None) -> Action:
        """Build an action from keyword parameters; None values are left out."""
        items = tuple(sorted((k, str(v)) for k, v in params.items() if v is not None))
        return cls(kind, items)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical text form.

        Raises:
            InvalidActionError: the text is not a well-formed action.
        """
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be a string, got {text!r}")
        tokens = text.split()
        if not tokens or not _KIND_RE.match(tokens[0]):
            raise InvalidActionError(f"malformed action {text!r}: it must start with an action kind")
        params: dict[str, str] = {}
        for tok in tokens[1:]:
            key, sep, value = tok.partition("=")
            if not sep or not _KEY_RE.match(key) or not _VALUE_RE.match(value):
                raise InvalidActionError(f"malformed action {text!r}: bad parameter {tok!r}")
            if key in params:
                raise InvalidActionError(f"malformed action {text!r}: parameter {key!r} given twice")
            params[key] = value
        return cls(tokens[0], tuple(sorted(params.items())))

    def get(self, key: str, default: str | None = None) -> str | None:
        """Return one parameter's value, or the default."""
        for k, v in self.params:
            if k == key:
                return v
        return default

    def __str__(self) -> str:
        return " ".join([self.kind, *(f"{k}={v}" for k, v in self.params)])

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts, with its type, default and a short help text."""

    name: str
    type: str  # "bool", "int", "choice", or "list" (comma-separated ids from choices)
    default: OptionValue
    label: str
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    players: tuple[int, int] | None = None  # (fewest, most) players it applies to; None: every count

    @classmethod
    def round_limit(cls, default: int, help_text: str, players: tuple[int, int] | None = None) -> OptionSpec:
        """Return the safety valve every game has: the round (10 to 200) after which a stalled game ends."""
        return cls("round_limit", "int", default, "Round limit (safety valve)", help_text, minimum=10, maximum=200,
                   players=players)

    def applies_to(self, players: int) -> bool:
        """Return True if the option means something at this player count (the form hides it otherwise)."""
        return self.players is None or self.players[0] <= players <= self.players[1]

    def to_json(self) -> JSON:
        """Return the option as JSON for the page's options form."""
        out: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default,
                               "label": self.label, "help": self.help}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.players is not None:
            out["players"] = list(self.players)
        return out


@dataclass(frozen=True)
class GameInfo:
    """The static description of a game: id, name, player counts, rules version and options."""

    id: str
    name: str
    min_players: int
    max_players: int
    rules_version: str
    options: tuple[OptionSpec, ...] = ()

    def defaults(self) -> dict[str, OptionValue]:
        """Return every option at its default."""
        return {o.name: o.default for o in self.options}

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Check given options and fill in defaults.

        Raises:
            BadOptionsError: an unknown option or a value of the wrong type or range.
        """
        out = self.defaults()
        specs = {o.name: o for o in self.options}
        for key, value in (options or {}).items():
            spec = specs.get(key)
            if spec is None:
                raise BadOptionsError(f"unknown option {key!r} for {self.id}; known: {sorted(specs)}")
            if spec.type == "bool" and not isinstance(value, bool):
                raise BadOptionsError(f"option {key!r} must be true or false, got {value!r}")
            if spec.type == "int":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise BadOptionsError(f"option {key!r} must be an integer, got {value!r}")
                if (spec.minimum is not None and value < spec.minimum) or (
                        spec.maximum is not None and value > spec.maximum):
                    raise BadOptionsError(f"option {key!r} out of range: {value!r}")
            if spec.type == "choice" and value not in spec.choices:
                raise BadOptionsError(f"option {key!r} must be one of {list(spec.choices)}, got {value!r}")
            if spec.type == "list":
                items = value.split(",") if isinstance(value, str) else None
                if items is None or any(i not in spec.choices for i in items if i) or len(
                        [i for i in items if i]) != len({i for i in items if i}):
                    raise BadOptionsError(
                        f"option {key!r} must be a comma-separated list of distinct ids from "
                        f"{list(spec.choices)}, got {value!r}")
            out[key] = value
        return out

    def expect_options(self, value: Any, path: str = "options") -> dict[str, Any]:
        """Return a saved state's options once they are exactly this game's options, each with a valid value.

        Raises:
            PositionError: at ``path``, naming a missing or unknown option or a bad value.
        """
        obj = expect_keys(value, path, [o.name for o in self.options])
        try:
            self.resolve_options(obj)
        except BadOptionsError as exc:
            raise fail(path, str(exc)) from exc
        return obj

    def to_json(self) -> JSON:
        """Return the info as JSON for the page."""
        return {"id": self.id, "name": self.name, "min_players": self.min_players,
                "max_players": self.max_players, "rules_version": self.rules_version,
                "options": [o.to_json() for o in self.options]}


@dataclass
class Outcome:
    """The result of a finished game: scores per seat, winners, and the tie-break that decided."""

    scores: list[int]
    winners: list[int]
    tiebreak: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        """Return the outcome as JSON."""
        return {"scores": list(self.scores), "winners": list(self.winners), "tiebreak": self.tiebreak,
                "details": self.details}


LOG_HEADER_KINDS = ("round", "phase")
"""The values of a log line's ``kind``: the line opens a round, or a phase within one (``Message``)."""


@dataclass(frozen=True)
class Message:
    """One log line: a template with named, typed references, never pre-rendered HTML.

    ``visible_to`` is None for everyone, or the seats that may read it. ``kind`` marks a line that opens a part of
    the game, so the page can draw it as a separator without reading its words: ``"round"`` (a round begins) or
    ``"phase"`` (a phase begins, Ares Expedition); None for every other line.
    """

    template: str
    args: tuple[tuple[str, tuple[str, Any]], ...] = ()
    visible_to: tuple[int, ...] | None = None
    id: str | None = None  # its id in the game's message table (core/text.py), for the page's catalog
    kind: str | None = None  # LOG_HEADER_KINDS, or None

    def to_json(self) -> JSON:
        """Return the message as the page renders it (``kind`` only on a header line)."""
        out: dict[str, Any] = {"t": self.template, "args": {k: {ref: v} for k, (ref, v) in self.args}}
        if self.id is not None:
            out["id"] = self.id
        if self.kind is not None:
            out["kind"] = self.kind
        return out


def canonical_json(data: JSON) -> str:
    """Return data as canonical JSON text: sorted keys, no spaces, ASCII only."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


class State(ABC):
    """A game position: who moves, what is legal, applying actions, views and serialisation."""

    game: Game

    @abstractmethod
    def to_move(self) -> frozenset[int]:
        """Return the seats that must act now; several for a simultaneous choice; empty at the end."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Return exactly the actions ``apply(seat, a)`` accepts, in canonical order."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal (rules code; no validation)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Return True once the game is over."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """Return the outcome of a finished game, or None while it goes on."""

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """Return only what this seat (or a spectator, for None) may see."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Return the full state, secrets included, as plain JSON data."""

    @abstractmethod
    def clone(self) -> State:
        """Return an independent deep copy."""

    @abstractmethod
    def resample(self, seat: int, seed: int) -> State:
        """Return a state with everything hidden from ``seat`` redealt, consistent with its view."""

    def equals_json(self, data: JSON) -> bool:
        """Return True if ``to_json()`` would equal ``data`` (games may answer without building a copy)."""
        return bool(self.to_json() == data)

    def player_count(self) -> int:
        """Return the number of seats (from the full state; games may answer without building its JSON)."""
        return int(self.to_json()["players"])

    def drop_history(self) -> None:
        """Forget the message log in place (search copies never read it; games without a log do nothing)."""
        return None

    def epoch(self) -> int:
        """Return a counter that changes whenever hidden information is revealed (an undo barrier)."""
        return 0

    def messages(self) -> list[Message]:
        """Return the game's log messages so far."""
        return []

    def describe(self, seat: int, action: Action) -> str:
        """Return a readable label for one of this seat's legal actions."""
        return str(action)

    def describe_text(self, seat: int, action: Action) -> Text | None:
        """Return the label of one of this seat's legal actions as a catalog Text (None: only ``describe``)."""
        return None

    def prompt_text(self, seat: int) -> Text | None:
        """Return this seat's decision prompt as a catalog Text (None: only ``decision_prompt``)."""
        return None

    def hint(self, seat: int, action: Action) -> str:
        """Return a longer text for an action's tooltip (e.g. the card it plays), or "" when there is none."""
        return ""

    def decision_prompt(self, seat: int) -> tuple[str, str]:
        """Return (kind, prompt) describing what this seat must decide now."""
        return ("choose", "Choose an action")

    def apply(self, seat: int, action: Action | str) -> None:
        """Validate and apply one action for one seat.

        Raises:
            InvalidActionError: malformed action text.
            GameOverError: the game has ended.
            NotYourTurnError: the seat is not to move.
            IllegalActionError: the action is not legal now.
        State is left unchanged whenever an error is raised.
        """
        act = Action.parse(action) if isinstance(action, str) else action
        if not isinstance(act, Action):
            raise InvalidActionError(f"not an action: {action!r}")
        if self.is_terminal():
            raise GameOverError(f"the game is over; cannot apply {str(act)!r} for seat {seat!r}")
        if seat.__class__ is not int or seat not in self.to_move():
            raise NotYourTurnError(
                f"seat {seat!r} is not to move (to move: {sorted(self.to_move())}); rejected {str(act)!r}")
        if not self.is_legal(seat, act):
            raise IllegalActionError(f"illegal action {str(act)!r} for seat {seat} now ({self.locator()})")
        self._apply(seat, act)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Return True if the action is in ``legal_actions(seat)`` (games may answer faster, never differently)."""
        return action in self.legal_actions(seat)

    def seat_for(self, action: Action) -> int | None:
        """Return the lowest seat to move that may play this action now, or None when no seat may."""
        for seat in sorted(self.to_move()):
            if self.is_legal(seat, action):
                return seat
        return None

    def locator(self) -> str:
        """Return a short description of where the game is, for error messages."""
        return "in progress"

    def position_code(self, history: bool = False) -> str:
        """Return this position as a short, versioned, checksummed, URL-safe code (``core/poscode.py``).

        The game's history keys (its message log) are left out unless ``history`` is True.
        """
        return encode(self.game.codebook(), self.to_json(), history)

    def __str__(self) -> str:
        return canonical_json(self.to_json())


class Game(ABC):
    """A registered game: static info, initial states, loading states, parsing actions, the card catalog.

    A game names its info and its hooks in its class line: ``class JumpDrive(Game, info=INFO, hidden_kinds=KINDS,
    validate=validate, invariants=check, history_keys=("msgs",), setup=JumpDriveSetup())`` sets ``info``,
    ``hidden_kinds``, ``validate_json``, ``invariants``, ``history_keys`` and ``position_setup`` (each may also be a
    plain class attribute).
    """

    info: GameInfo
    history_keys: tuple[str, ...] = ()
    """State keys that hold history (the message log), which a position code leaves out by default."""
    position_setup: object | None = None
    """The game's position setup (a ``core/setup.py`` ``PositionSetup``: the form a teacher arranges a position
    with), or None when the game offers none."""

    def __init_subclass__(cls, *, info: GameInfo | None = None, hidden_kinds: tuple[str, ...] | None = None,
                          validate: Callable[[JSON], None] | None = None,
                          invariants: Callable[[State], list[str]] | None = None,
                          history_keys: tuple[str, ...] | None = None, setup: object | None = None,
                          **kwargs: Any) -> None:
        """Set the info and hooks a game names in its class line (the keywords left out keep their defaults)."""
        super().__init_subclass__(**kwargs)
        given: dict[str, Any] = {"info": info, "hidden_kinds": hidden_kinds, "history_keys": history_keys,
                                 "validate_json": validate and staticmethod(validate),
                                 "invariants": invariants and staticmethod(invariants), "position_setup": setup}
        for name, value in given.items():
            if value is not None:
                setattr(cls, name, value)

    @abstractmethod
    def new_initial_state(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> State:
        """Return the starting state for a seed, a player count and options.

        Raises:
            BadOptionsError: unsupported player count or options.
        """

    def state_from_json(self, data: JSON) -> State:
        """Rebuild a state from ``to_json()`` data (copied, never shared), refusing an impossible position.

        The same four steps for every game, three of them its hooks: ``validate_json`` checks every field (the game's
        ``position.py``), ``load_json`` builds the state from a copy, the game's ``invariants`` must all hold, and
        ``probe`` plays the read API once.

        Raises:
            SaveFormatError: the data is not a saved state of this game.
            PositionError: the first problem found: a field, an invariant, or the rules failing to read the position.
        """
        self.validate_json(data)
        state = self.load_json(data)
        check_invariants(self.invariants, state)
        probe(state, state.player_count())
        return state

    @staticmethod
    def validate_json(data: JSON, /) -> None:
        """Raise PositionError naming the first problem of a saved state's data (a game sets its ``position.py``
        check here, as a staticmethod); return None when every field is sound."""
        raise NotImplementedError

    @staticmethod
    def invariants(state: State, /) -> list[str]:
        """Return the broken invariants of a loaded state, empty when it is sound (a game sets its
        ``invariants.py`` check here, as a staticmethod; the fuzzer runs it after every action too)."""
        raise NotImplementedError

    @abstractmethod
    def load_json(self, data: JSON) -> State:
        """Return the state that checked ``to_json()`` data holds, built from a copy of it.

        Raises:
            SaveFormatError: the data is not a saved state of this game.
        """

    def state_from_code(self, code: str) -> State:
        """Return the state a position code holds (made by ``State.position_code``).

        Raises:
            PositionCodeError: a subclass naming the problem (malformed, truncated, checksum, wrong game, rules
                version).
            PositionError: the code reads, but holds no position the rules can play (under the current rules, for a
                code made under older ones).

        A code made under an older rules version of this game is read with that version's vocabulary and its
        position migrated (``positionmigrations.migrate_position``), as saves are: a published code keeps opening.
        """
        data, version = read(self.codebook(), code)
        if version == self.info.rules_version:
            return self.state_from_json(data)
        data = migrate_position(self.info.id, version, self.info.rules_version, data)
        try:
            return self.state_from_json(data)
        except PositionError as exc:
            raise PositionObsoleteError(
                f"this position was made under the {version} rules of {self.info.name}; under the "
                f"{self.info.rules_version} rules it cannot be played: {exc}") from exc

    def codebook(self) -> Codebook:
        """Return what this game's position codes are written with: its info, history keys and vocabulary (made once
        per game object, from a seed-0 starting state at every player count and the catalog)."""
        return _codebook(self)

    def parse_action(self, text: str) -> Action:
        """Parse an action's canonical text.

        Raises:
            InvalidActionError: malformed text.
        """
        return Action.parse(text)

    @abstractmethod
    def catalog(self) -> list[JSON]:
        """Return every card as data, for the renderer and for tests."""

    hidden_kinds: tuple[str, ...] = ()
    """The kinds of hidden information this game has (names used by ``hidden_variants``; empty: none)."""

    def hidden_variants(self, state: State, seat: int, seed: int) -> list[tuple[str, State]]:
        """Return states that differ from ``state`` only in what ``seat`` cannot see, each labelled by its kind.

        One or more per kind of ``hidden_kinds`` that the position holds now (a kind absent from it gives none).
        The conformance suite checks that ``view(seat)`` and ``resample(seat, s)`` come out the same on each of
        them as on ``state``: the test that catches a resample which keeps a secret.
        """
        raise NotImplementedError(f"{self.info.id} does not list its hidden information")

    def setup_options(self, seed: int, players: int, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Return a new game's options with every default filled in, once its player count and seed are checked (where
        every ``new_initial_state`` begins).

        Raises:
            BadOptionsError: an unsupported player count, a seed that is not an integer, or bad options.
        """
        self.check_players(players)
        self.check_seed(seed)
        return self.info.resolve_options(options)

    def check_seed(self, seed: int) -> None:
        """Raise BadOptionsError unless the seed is an integer (booleans refused)."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptionsError(f"seed must be an integer, got {seed!r}")

    def check_players(self, players: int) -> None:
        """Raise BadOptionsError unless the player count is supported."""
        if isinstance(players, bool) or not isinstance(players, int) or not (
                self.info.min_players <= players <= self.info.max_players):
            raise BadOptionsError(
                f"{self.info.name} takes {self.info.min_players}-{self.info.max_players} players, got {players!r}")


def check_invariants(check: Callable[[State], list[str]], state: State) -> None:
    """Run a game's invariants on a loaded state; raise PositionError naming the first broken one.

    The invariants may assume well-typed data, so they run after the type checks; should one fail with a raw
    exception all the same, that is reported as a broken invariant too.
    """
    try:
        problems = check(state)
    except EngineError:
        raise
    except Exception as exc:  # an invariant that cannot even be evaluated is broken
        raise fail("", f"broken invariant: the check failed with {type(exc).__name__}: {str(exc)[:200]}") from exc
    problems_to_error(problems)


def probe(state: State, players: int) -> None:
    """Play the read API of a freshly loaded state once; refuse the position if the rules cannot handle it.

    Runs ``to_move``, ``legal_actions`` and ``decision_prompt`` for every mover, ``view`` for every seat and for
    a spectator, ``is_terminal``, ``outcome``, ``epoch`` and ``messages``. An EngineError passes through as it is;
    any other exception becomes PositionError("the position cannot be played: <type>: <message>"). A game that is
    not over with nobody to move, a mover without a legal action, or an end without an outcome is refused too.
    """
    try:
        movers = state.to_move()
        terminal = state.is_terminal()
        if not terminal and not movers:
            raise fail("", "the position cannot be played: the game is not over but nobody is to move")
        for seat in sorted(movers):
            if not state.legal_actions(seat):
                raise fail("", f"the position cannot be played: seat {seat} is to move but has no legal action")
            state.decision_prompt(seat)
        for seat in range(players):
            state.view(seat)
        state.view(None)
        if (state.outcome() is None) == terminal:
            raise fail("", "the position cannot be played: an outcome exists exactly when the game is over")
        if state.epoch().__class__ is not int:
            raise fail("", "the position cannot be played: its epoch is not an integer")
        state.messages()
    except EngineError:
        raise
    except Exception as exc:  # any raw error of the rules code means the position is impossible
        raise fail("", f"the position cannot be played: {type(exc).__name__}: {str(exc)[:200]}") from exc


@cache
def _codebook(game: Game) -> Codebook:
    """Return a game's codebook (``Game.codebook``), made once per game object."""
    info = game.info
    starts = (game.new_initial_state(seed=0, players=n).to_json()
              for n in range(info.min_players, info.max_players + 1))
    return Codebook(info.id, info.name, info.rules_version, game.history_keys, vocabulary(starts, game.catalog()),
                    _code_words(type(game).__module__))


def _code_words(module: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Return the archived code vocabularies of the game defined in ``module`` (its package's
    ``data/code_words.json``; none for a game without that file)."""
    package = module.rsplit(".", 1)[0]
    try:
        text = resources.files(package).joinpath("data", "code_words.json").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return ()
    return tuple((v["rules_version"], v["tag"], tuple(v["words"].split()))
                 for v in json.loads(text)["vocabularies"])
