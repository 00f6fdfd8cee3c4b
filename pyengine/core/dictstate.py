"""A State held as one JSON dict: the caching, copying and loading shared by the games whose rules are functions.

A game subclasses ``DictState``, names its saved fields (``KEYS``), its format (``FORMAT``) and itself (``TITLE``),
and sets its three rules functions: who moves, what a seat may do, and applying an action. The base keeps the
movers and the legal actions cached until the next change, and gives ``to_json``, ``equals_json``, ``clone``,
``epoch`` and ``load_data`` (a saved state checked field by field). ``TextLogDictState`` adds a log kept as
compact JSON texts, and ``RulesDictState`` the rest of the State API (outcome, views, resampling, labels, prompts
and log messages) from the game's functions of its data: Beyond the Sun's and Ares Expedition's states are that.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from .api import JSON, Action, Game, Message, Outcome, State
from .errors import SaveFormatError
from .text import Text, english
from .textlog import LogWriter

Data = dict[str, Any]


def copy_json(value: Any) -> Any:
    """Return a deep copy of plain JSON data (dicts, lists, scalars), keeping key order.

    marshal's C round trip is several times faster than copy.deepcopy for this shape; it raises ValueError for
    anything that is not plain data.
    """
    return marshal.loads(marshal.dumps(value))


class DictState(State):
    """A position kept as one JSON dict (``self.d``), with the movers and legal actions cached until it changes."""

    FORMAT: ClassVar[str] = ""  # the "format" field of its JSON, e.g. "beyond_the_sun.state/1"
    KEYS: ClassVar[tuple[str, ...]] = ()  # the saved fields, in order
    TITLE: ClassVar[str] = ""  # the game's name in messages

    def __init_subclass__(cls, *, data_format: str | None = None, keys: tuple[str, ...] | None = None,
                          title: str | None = None, **kwargs: Any) -> None:
        """Set FORMAT, KEYS and TITLE from the class line, ``class X(DictState, data_format=..., keys=..., title=...)``
        (or a subclass sets them as class attributes)."""
        super().__init_subclass__(**kwargs)
        for name, value in (("FORMAT", data_format), ("KEYS", keys), ("TITLE", title)):
            if value is not None:
                setattr(cls, name, value)

    def __init__(self, game: Game, data: Data) -> None:
        self.game = game
        self.d = data
        self._legal: dict[int, list[Action]] = {}
        self._movers: frozenset[int] | None = None

    # --- the game's three rules functions (set as staticmethods) and the copy a game may specialise ------
    @staticmethod
    def rules_to_move(data: Data, /) -> Iterable[int]:
        """Return the seats with a decision now."""
        raise NotImplementedError

    @staticmethod
    def rules_legal(data: Data, seat: int, /) -> list[Action]:
        """Return this seat's legal actions in canonical order."""
        raise NotImplementedError

    @staticmethod
    def rules_apply(data: Data, seat: int, action: Action, /) -> None:
        """Change the state data by one validated action."""
        raise NotImplementedError

    @staticmethod
    def copy_data(data: Data) -> Data:
        """Return an independent copy of state data (a game may share parts that never change in place)."""
        out: Data = copy_json(data)
        return out

    # --- the State API ------------------------------------------------------------------------------------
    def to_move(self) -> frozenset[int]:
        """Return every seat with a decision now."""
        if self._movers is None:
            self._movers = frozenset(self.rules_to_move(self.d))
        return self._movers

    def legal_actions(self, seat: int) -> list[Action]:
        """Return exactly what this seat may do now, in canonical order."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self.rules_legal(self.d, seat)
            self._legal[seat] = cached
        return list(cached)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Return True if the action is one of the seat's legal actions."""
        if seat not in self._legal:
            self.legal_actions(seat)
        return action in self._legal[seat]

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a validated action and forget the cached movers and legal actions."""
        self._legal = {}
        self._movers = None
        self.rules_apply(self.d, seat, action)

    def to_json(self) -> JSON:
        """Return the full state as JSON (an independent copy) with its format."""
        out = self.copy_data({k: self.d[k] for k in self.KEYS})
        out["format"] = self.FORMAT
        return out

    def equals_json(self, data: JSON) -> bool:
        """Return True if ``to_json()`` would equal ``data``, comparing the live fields without copying them."""
        return (isinstance(data, dict) and len(data) == len(self.KEYS) + 1 and data.get("format") == self.FORMAT
                and all(k in data and self.d[k] == data[k] for k in self.KEYS))

    def clone(self) -> Self:
        """Return an independent copy."""
        return type(self)(self.game, self.copy_data(self.d))

    def epoch(self) -> int:
        """Return the counter of reveals (undo barriers)."""
        return int(self.d["epoch"])

    @classmethod
    def load_data(cls, data: JSON) -> Data:
        """Return the saved fields of a state as fresh data, or raise SaveFormatError naming what is wrong."""
        if not isinstance(data, dict) or data.get("format") != cls.FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise SaveFormatError(f"not a saved {cls.TITLE} state (format {found!r})")
        missing = [k for k in cls.KEYS if k not in data]
        if missing:
            raise SaveFormatError(f"{cls.TITLE} state lacks fields {missing}")
        try:
            return cls.copy_data({k: data[k] for k in cls.KEYS})
        except ValueError as exc:  # marshal refuses anything that is not plain data
            raise SaveFormatError(f"{cls.TITLE} state holds a value that is not JSON data: {exc}") from exc


def copy_sharing_log(d: Data) -> Data:
    """Return a deep copy of a state dict whose ``msgs`` log is a list of texts: the list is new, its lines shared.

    Log lines kept as compact JSON texts are immutable, and they are most of a state's bytes, so a copy that
    shares them is several times cheaper (search, resampling and fuzz checks copy states all the time).
    """
    msgs = d["msgs"]
    rest = copy_json({k: v for k, v in d.items() if k != "msgs"})
    return {k: (list(msgs) if k == "msgs" else rest[k]) for k in d}


class TextLogDictState(DictState):
    """A DictState whose ``msgs`` log holds one compact JSON text per line (Beyond the Sun, Ares Expedition)."""

    @staticmethod
    def copy_data(data: Data) -> Data:
        """Return an independent copy, sharing only the log's lines (immutable texts)."""
        return copy_sharing_log(data)

    @classmethod
    def load_data(cls, data: JSON) -> Data:
        """Return a saved state's fields as fresh data, refusing a log that is not a list of texts."""
        d = super().load_data(data)
        msgs = data["msgs"]  # present: the fields were checked
        if not isinstance(msgs, list) or not all(isinstance(m, str) for m in msgs):
            raise SaveFormatError(f"{cls.TITLE} state has a log that is not a list of texts")
        return d

    def drop_history(self) -> None:
        """Forget the log in place (a search copy never reads it)."""
        self.d["msgs"] = []

    def player_count(self) -> int:
        """Return the number of seats."""
        return int(self.d["players"])


@dataclass(frozen=True)
class GameRules:
    """A game's functions of its data dict, which ``RulesDictState`` turns into the whole State API."""

    to_move: Callable[[Data], Iterable[int]]
    """The seats that must act now."""
    legal: Callable[[Data, int], list[Action]]
    """A seat's legal actions, in canonical order."""
    apply: Callable[[Data, int, Action], None]
    """Apply one legal action to the data."""
    outcome: Callable[[Data], Outcome]
    """Scores, winners and the deciding tie-break of a finished game."""
    view: Callable[[Data, int | None], JSON]
    """What a seat (or a spectator, for None) may see."""
    resample: Callable[[Data, int, int], Data]
    """A copy of the data with everything a seat cannot see dealt again from a seed."""
    describe: Callable[[Data, int, Action], Text | None]
    """The label of one of a seat's legal actions as a catalog text."""
    prompt: Callable[[Data, int], tuple[str, Text]]
    """The kind of a seat's pending decision and its prompt as a catalog text."""
    log_message: Callable[[str, dict[str, dict[str, Any]]], Message]
    """One stored log line (template and typed references) as a message with its catalog id."""
    log: LogWriter
    """How the game keeps its log in its data (compact JSON lines)."""


class RulesDictState(TextLogDictState):
    """The whole State API over a game whose rules, views, texts and scoring are functions of its data dict.

    A game names, besides ``DictState``'s fields, its functions and log writer (``RULES``, a ``GameRules``;
    DictState's three rules hooks come from it). The game is over once ``d["over"]`` is set (true, or an
    ending's name).
    """

    RULES: ClassVar[GameRules]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Set DictState's three rules hooks from the subclass's ``RULES`` (the hot path calls them directly)."""
        super().__init_subclass__(**kwargs)
        rules = cls.__dict__.get("RULES")
        if rules is not None:
            for hook, fn in (("rules_to_move", rules.to_move), ("rules_legal", rules.legal),
                             ("rules_apply", rules.apply)):
                setattr(cls, hook, staticmethod(fn))

    def is_terminal(self) -> bool:
        """Return True once the game is over."""
        return bool(self.d["over"])

    def outcome(self) -> Outcome | None:
        """Return scores, winners and the deciding tie-break once the game is over."""
        return self.RULES.outcome(self.d) if self.d["over"] else None

    def view(self, seat: int | None) -> JSON:
        """Return what this seat (or a spectator) may see."""
        return self.RULES.view(self.d, seat)

    def resample(self, seat: int, seed: int) -> Self:
        """Return a copy with everything this seat cannot see dealt again from ``seed`` (the game's sampling.py)."""
        return type(self)(self.game, self.RULES.resample(self.d, seat, seed))

    def messages(self) -> list[Message]:
        """Return the log as typed messages, each with its catalog id (the stored lines stay as they are)."""
        return [self.RULES.log_message(t, args) for t, args in self.RULES.log.entries(self.d)]

    def describe_text(self, seat: int, action: Action) -> Text | None:
        """Return the label of one of this seat's actions as a catalog text."""
        return self.RULES.describe(self.d, seat, action)

    def describe(self, seat: int, action: Action) -> str:
        """Return a readable label for one of this seat's actions (the English of ``describe_text``)."""
        t = self.RULES.describe(self.d, seat, action)
        return english(t) if t is not None else str(action)

    def prompt_text(self, seat: int) -> Text | None:
        """Return this seat's decision prompt as a catalog text."""
        return self.RULES.prompt(self.d, seat)[1]

    def decision_prompt(self, seat: int) -> tuple[str, str]:
        """Return the kind and prompt of this seat's pending decision (the prompt is the English of ``prompt_text``)."""
        kind, t = self.RULES.prompt(self.d, seat)
        return (kind, english(t))
