"""Position setup: a form of fields that a teacher fills in to arrange a position, checked as they edit, and the
position code it makes.

A game that offers a setup names a ``PositionSetup`` in its class line (``class X(Game, setup=XSetup())``; the
game's ``setup.py``). Its fields are data the page draws a form from without knowing a rule of the game:

* ``cards``: a list of catalog card ids (``Game.catalog`` records' ``id``, never instance ids such as
  ``galactic_trendsetters-3``), with ``min``/``max`` sizes and ``choices``, the cards allowed there (absent: any card
  of the catalog);
* ``int``: a number from ``min`` to ``max`` in steps of ``step`` (counted from ``min``);
* ``choice``: one of ``choices``, each ``{value, label}``.

Every field has an ``id`` (``hand.0``, ``mars.temperature``), a ``label`` and maybe a ``help`` (catalog texts) and a
``group`` (``seat.<n>`` or ``board``). ``apply`` checks the values the author gave and answers the new position's code
or the problems, each ``{field, msg, message}``: the field it concerns (None for the position as a whole), a catalog
text and its English. It first checks what no game allows (a value of the wrong type or outside its range or
choices, a card that is not in the catalog or not allowed in that place, a list too long or too short, more copies
of a card than the game has or than are left), then the game's own checks (``PositionSetup.check``), and then the
rules' own: the game writes the position (``PositionSetup.write``) and ``Game.state_from_json`` must accept it; its
``PositionError`` (``hands[1][3]: ...``) is put next to the field the game's table of path prefixes names
(``PositionSetup.paths``), or next to none.

The words of those common problems are in each game's own catalog namespace: every game with a setup defines the
ids ``<ns>.setup.<name>`` for each name of ``COMMON_MESSAGES``.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .api import JSON, Game, State
from .errors import EngineError, SaveFormatError
from .text import Text, english, text

FIELD_KINDS = ("cards", "int", "choice")
"""The kinds of field a setup form holds."""
MAX_FORM_COUNT = 999
"""The largest value a setup offers for a count the rules do not bound (M€, ore, VP ...)."""
MAX_PLAYOUT = 200
"""The most moves ``play_first_moves`` makes to reach a setup's base position."""
COMMON_MESSAGES = ("bad_value", "unknown_card", "not_here", "too_few", "too_many", "copies", "copies_left",
                   "range", "step", "choice", "unknown_field", "position")
"""The messages of the common problems, ``<ns>.setup.<name>`` in every game that offers a setup:
``bad_value`` (a value of the wrong type), ``unknown_card`` (``{id}``: no card of the catalog), ``not_here``
(``{card}`` may not be in this place), ``too_few`` and ``too_many`` (``{n}`` cards at least or at most),
``copies`` (``{card}``, ``{n}``: the game has only n copies), ``copies_left`` (``{card}``, ``{n}``: only n are left,
the others being placed in earlier fields), ``range`` (``{min}``, ``{max}``), ``step`` (``{min}``, ``{n}``),
``choice`` (not one of the choices), ``unknown_field`` (``{id}``) and ``position`` (``{detail}``: the rules refuse
the position, in English)."""

_PATH = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_:-]+|\[[0-9]+\])*): (.*)$", re.DOTALL)
"""A rules message that starts with the path of its value (``core/position.py``): the path, then the problem."""


class SetupUnavailableError(EngineError, code="setup/unavailable"):
    """Raised when a position setup is asked of a game that offers none."""


@dataclass(frozen=True)
class Choice:
    """One value a choice field may take, with its label."""

    value: str | int
    label: Text

    def to_json(self) -> JSON:
        """Return the choice as the page reads it."""
        return {"value": self.value, "label": self.label.to_json()}


@dataclass(frozen=True)
class Field:
    """One field of a setup form: what it is (``kind``), where the page shows it (``group``) and its value.

    ``cards`` fields use ``minimum``/``maximum`` as the list's size and ``cards`` as the catalog ids allowed there
    (None: any); ``int`` fields use ``minimum``, ``maximum`` and ``step``; ``choice`` fields ``choices``.
    """

    id: str
    kind: str
    label: Text
    group: str
    value: Any
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    choices: tuple[Choice, ...] = ()
    cards: tuple[str, ...] | None = None
    help: Text | None = None

    def to_json(self) -> JSON:
        """Return the field as the page draws it (keys without a value are left out)."""
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "label": self.label.to_json(), "group": self.group,
                               "value": list(self.value) if self.kind == "cards" else self.value}
        if self.help is not None:
            out["help"] = self.help.to_json()
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.step is not None:
            out["step"] = self.step
        if self.kind == "choice":
            out["choices"] = [c.to_json() for c in self.choices]
        elif self.cards is not None:
            out["choices"] = list(self.cards)
        return out


@dataclass(frozen=True)
class Problem:
    """One problem of a setup: the field it concerns (None: the position as a whole) and its text."""

    field: str | None
    text: Text

    def to_json(self) -> JSON:
        """Return the problem as the page shows it: the field, the catalog text and its English."""
        return {"field": self.field, "msg": self.text.to_json(), "message": english(self.text)}


@dataclass(frozen=True)
class Result:
    """What applying a setup gave: the new position's code (None when there are problems), the problems, and the
    fields with the values as applied (read back from the new position, or as given when there is none)."""

    code: str | None
    problems: tuple[Problem, ...]
    fields: tuple[Field, ...]

    def to_json(self) -> JSON:
        """Return the result as the bridge answers it."""
        return {"code": self.code, "problems": [p.to_json() for p in self.problems],
                "fields": [f.to_json() for f in self.fields]}


class PositionSetup(ABC):
    """A game's position setup: its base position, its fields, how they read from and write to the state JSON, its
    own checks, and the table that puts the rules' problems next to a field."""

    namespace: str
    """The game's catalog namespace (``jd``): every text of its setup is ``<namespace>.setup.*``."""

    @abstractmethod
    def base(self, game: Game, seed: int, players: int, options: Mapping[str, Any] | None) -> State:
        """Return the position a new form starts from: a new game, played on to where the form is meaningful.

        Raises:
            BadOptionsError: an unsupported player count or options.
        """

    @abstractmethod
    def fields(self, state: State) -> list[Field]:
        """Return the form's fields, each with its value read from the state."""

    @abstractmethod
    def copies(self, state: State) -> Mapping[str, int]:
        """Return how many copies of each catalog card the card fields may hold together (a card left out: none)."""

    def check(self, state: State, values: Mapping[str, Any]) -> list[Problem]:
        """Return the problems of the values that this game's rules make (called once the common checks pass)."""
        return []

    @abstractmethod
    def write(self, state: State, values: Mapping[str, Any]) -> JSON:
        """Return the state JSON of the position the values describe, built from ``state`` (the base)."""

    @abstractmethod
    def paths(self, players: int) -> list[tuple[str, str]]:
        """Return the table of state paths and the field each concerns (``("hands[1]", "hand.1")``): a problem the
        rules find at a path that is, or lies inside, one of them is shown next to that field."""

    def text(self, name: str, **args: tuple[str, Any] | int) -> Text:
        """Return the catalog text ``<namespace>.setup.<name>`` with its arguments."""
        return text(f"{self.namespace}.setup.{name}", **args)


def setup_of(game: Game) -> PositionSetup:
    """Return the position setup a game offers.

    Raises:
        SetupUnavailableError: the game offers none.
    """
    hook = game.position_setup
    if not isinstance(hook, PositionSetup):
        raise SetupUnavailableError(f"{game.info.name} offers no position setup")
    return hook


def new_base(game: Game, seed: int, players: int, options: Mapping[str, Any] | None = None) -> State:
    """Return the base position of a new setup form for a game, a seed, a player count and options.

    Raises:
        SetupUnavailableError: the game offers no setup.
        BadOptionsError: an unsupported player count or options.
    """
    return setup_of(game).base(game, seed, players, options)


def form(state: State) -> list[Field]:
    """Return the setup form of a position, each field holding its value there.

    Raises:
        SetupUnavailableError: the game offers no setup.
    """
    return setup_of(state.game).fields(state)


def play_first_moves(state: State, done: Callable[[State], bool]) -> State:
    """Return a copy of the state played on until ``done`` holds: each time, the lowest seat to move plays its first
    legal action (deterministic: the base of a new setup form, e.g. the opening choices made).

    Raises:
        RuntimeError: ``done`` does not hold within ``MAX_PLAYOUT`` moves, or the game ends first.
    """
    out = state.clone()
    for _ in range(MAX_PLAYOUT):
        if done(out):
            return out
        movers = sorted(out.to_move())
        if not movers:
            break
        out.apply(movers[0], out.legal_actions(movers[0])[0])
    raise RuntimeError(f"{state.game.info.id}: the setup's base position was not reached")


def apply(state: State, values: Mapping[str, Any]) -> Result:
    """Apply an author's values (field id -> value; fields left out keep their value) to a base position.

    Never raises for a problem of the values: each is a ``Problem``. The new position's code is made only when there
    is none; the same base and values always give the same code (the game shuffles with the state's own generator).

    Raises:
        SetupUnavailableError: the game offers no setup.
    """
    setup = setup_of(state.game)
    fields = setup.fields(state)
    known = {f.id for f in fields}
    problems = [Problem(None, setup.text("unknown_field", id=("text", str(k)[:60]))) for k in values if k not in known]
    merged = {f.id: values.get(f.id, f.value) for f in fields}
    given = [replace(f, value=merged[f.id]) if _well_typed(f, merged[f.id]) else f for f in fields]
    catalog = frozenset(str(r["id"]) for r in state.game.catalog())
    # Fields left as they were hold their copies first, so a copy taken twice is a problem of the field edited.
    held_first = sorted(fields, key=lambda f: merged[f.id] != f.value)
    order = {f.id: i for i, f in enumerate(fields)}
    found = common_problems(setup, held_first, merged, setup.copies(state), catalog)
    problems += sorted(found, key=lambda p: order[p.field] if p.field is not None else -1)
    if not problems:
        problems += setup.check(state, merged)
    if problems:
        return Result(None, tuple(problems), tuple(given))
    data = setup.write(state, merged)
    try:
        new = state.game.state_from_json(data)
    except SaveFormatError as exc:  # PositionError, or a state its game cannot load
        return Result(None, (position_problem(setup, str(exc), state.player_count()),), tuple(given))
    return Result(new.position_code(), (), tuple(setup.fields(new)))


def _well_typed(f: Field, value: Any) -> bool:
    """Return True if a value has the type its field's kind needs (a list of texts, an integer, a text or integer)."""
    if f.kind == "cards":
        return isinstance(value, list) and all(isinstance(c, str) for c in value)
    if f.kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, (str, int)) and not isinstance(value, bool)


def common_problems(setup: PositionSetup, fields: Sequence[Field], values: Mapping[str, Any],
                    copies: Mapping[str, int], catalog: frozenset[str]) -> list[Problem]:
    """Return the problems no game allows: wrong types, values out of range or off the choices, unknown cards or
    cards not allowed in a place, lists of the wrong size, and more copies of a card than the game has or than are
    left once the earlier card fields took theirs (in the order of ``fields``); ``catalog`` holds the ids of the
    game's catalog."""
    out: list[Problem] = []
    taken: Counter[str] = Counter()
    for f in fields:
        value = values[f.id]
        if not _well_typed(f, value):
            out.append(Problem(f.id, setup.text("bad_value")))
        elif f.kind == "cards":
            out += _card_problems(setup, f, value, copies, catalog, taken)
        elif f.kind == "int":
            lo = f.minimum if f.minimum is not None else 0
            hi = f.maximum if f.maximum is not None else MAX_FORM_COUNT
            if not lo <= value <= hi:
                out.append(Problem(f.id, setup.text("range", min=lo, max=hi)))
            elif f.step and (value - lo) % f.step:
                out.append(Problem(f.id, setup.text("step", min=lo, n=f.step)))
        elif value not in [c.value for c in f.choices]:
            out.append(Problem(f.id, setup.text("choice")))
    return out


def _card_problems(setup: PositionSetup, f: Field, cards: list[str], copies: Mapping[str, int],
                   catalog: frozenset[str], taken: Counter[str]) -> list[Problem]:
    """Return the problems of one card field (each card's first problem once), counting its cards into ``taken``
    (``catalog``: the ids of the game's catalog)."""
    out: list[Problem] = []
    if f.maximum is not None and len(cards) > f.maximum:
        out.append(Problem(f.id, setup.text("too_many", n=f.maximum)))
    if f.minimum is not None and len(cards) < f.minimum:
        out.append(Problem(f.id, setup.text("too_few", n=f.minimum)))
    allowed = frozenset(f.cards) if f.cards is not None else None
    here = Counter(cards)
    for cid in here:
        if cid not in catalog:
            out.append(Problem(f.id, setup.text("unknown_card", id=("text", cid[:60]))))
        elif allowed is not None and cid not in allowed:
            out.append(Problem(f.id, setup.text("not_here", card=("card", cid))))
        elif here[cid] > copies.get(cid, 0):
            out.append(Problem(f.id, setup.text("copies", card=("card", cid), n=copies.get(cid, 0))))
        elif taken[cid] + here[cid] > copies[cid]:
            left = max(0, copies[cid] - taken[cid])
            out.append(Problem(f.id, setup.text("copies_left", card=("card", cid), n=left)))
    taken.update(here)
    return out


def position_problem(setup: PositionSetup, message: str, players: int) -> Problem:
    """Return the problem for the rules' refusal of a position: next to the field whose path prefix (the game's
    table, the longest that matches) holds the path the message starts with, or next to none with the whole message.
    """
    m = _PATH.match(message)
    if m:
        path, detail = m.group(1), m.group(2)
        best: tuple[int, str] | None = None
        for prefix, field_id in setup.paths(players):
            inside = path == prefix or path.startswith((prefix + ".", prefix + "["))
            if inside and (best is None or len(prefix) > best[0]):
                best = (len(prefix), field_id)
        if best is not None:
            return Problem(best[1], setup.text("position", detail=("text", detail[:300])))
    return Problem(None, setup.text("position", detail=("text", message[:300])))
