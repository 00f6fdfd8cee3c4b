"""Player-facing texts as data: a catalog id, typed arguments, and the English template each game registers.

Every text the engine makes for a player (an action's label, a decision's prompt, a log line, a summary line, a
game term) is a ``Text``: an id from its game's message table plus typed references. The page renders it from its
own message catalog (English now; another language is a data file), and CLI callers get English from ``english``.

A table entry is either a template, or ``(template, you_template)`` when the text has a player as its subject:
the page uses the second form when that player is the viewer ("You pay 2" rather than "Ann pays 2").

>>> register_messages("demo", {"demo.pay": ("{seat} pays {n}", "You pay {n}"), "demo.round": "Round {n}"})
>>> t = text("demo.pay", seat=("player", 1), n=2)
>>> t.to_json()
{'id': 'demo.pay', 't': '{seat} pays {n}', 'args': {'seat': {'player': 1}, 'n': {'n': 2}}}
>>> english(t)
'Player 2 pays 2'
>>> catalog()["demo.pay"]
{'t': '{seat} pays {n}', 'you': 'You pay {n}', 'subject': 'seat'}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

JSONRef = dict[str, Any]
Entry = str | tuple[str, str]

REF_KINDS = ("player", "card", "cards", "n", "term", "text")
"""The kinds of reference a text argument may be: a seat, a card (instance or type id), a list of cards, a
number, a catalog term (another message id, e.g. a location's name), or free text (names typed by players)."""

_FIELD = re.compile(r"\{(\w+)\}")
_TABLES: dict[str, dict[str, Entry]] = {}
_CARD_NAMES: dict[str, Callable[[str], str]] = {}
_GAME_OF: dict[str, str] = {}


def register_messages(namespace: str, table: Mapping[str, Entry], game: str | None = None) -> None:
    """Add a game's (or the core's) message table; every id must start with ``namespace + "."``.

    ``game`` is the game id whose card names the namespace's texts use (e.g. "jd" for "jump_drive").

    Raises:
        ValueError: an id outside the namespace, a second-person form without a player subject, or an id that
            another table already holds with a different text.
    """
    for key, entry in table.items():
        if not key.startswith(namespace + "."):
            raise ValueError(f"message id {key!r} is outside the namespace {namespace!r}")
        if isinstance(entry, tuple) and not _FIELD.match(entry[0]):
            raise ValueError(f"message {key!r} has a second-person form but does not start with its subject")
        for other_ns, other in _TABLES.items():
            if other_ns != namespace and key in other and other[key] != entry:
                raise ValueError(f"message id {key!r} is registered twice with different texts")
    _TABLES.setdefault(namespace, {}).update(table)
    if game is not None:
        _GAME_OF[namespace] = game


def game_namespaces() -> dict[str, str]:
    """Return each registered game's message namespace, by game id (e.g. ``{"jump_drive": "jd"}``)."""
    return {game: ns for ns, game in sorted(_GAME_OF.items())}


def register_card_names(game_id: str, name_of: Callable[[str], str]) -> None:
    """Tell the English renderer how to name a card of this game from an instance or type id."""
    _CARD_NAMES[game_id] = name_of


def template(msg_id: str) -> str:
    """Return the English template of a message id.

    Raises:
        KeyError: no table holds this id.
    """
    for table in _TABLES.values():
        if msg_id in table:
            entry = table[msg_id]
            return entry[0] if isinstance(entry, tuple) else entry
    raise KeyError(f"no message table holds {msg_id!r}")


def catalog() -> dict[str, dict[str, str]]:
    """Return every registered message: ``{id: {"t": template, "you"?: second person, "subject"?: arg}}``."""
    out: dict[str, dict[str, str]] = {}
    for table in _TABLES.values():
        for key, entry in table.items():
            if isinstance(entry, tuple):
                subject = _FIELD.match(entry[0])
                assert subject is not None
                out[key] = {"t": entry[0], "you": entry[1], "subject": subject.group(1)}
            else:
                out[key] = {"t": entry}
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class Text:
    """One player-facing text: a message id and its typed arguments (name -> (ref kind, value))."""

    id: str
    args: tuple[tuple[str, tuple[str, Any]], ...] = ()

    def to_json(self) -> JSONRef:
        """Return the text as the page renders it: id, English template and typed references."""
        return {"id": self.id, "t": template(self.id), "args": {k: {kind: v} for k, (kind, v) in self.args}}


def text(msg_id: str, **args: tuple[str, Any] | int) -> Text:
    """Build a Text; each keyword is ``(ref kind, value)``, e.g. ``seat=("player", 0)``, or an int for ``("n", v)``.

    Raises:
        KeyError: the id is not registered.
        ValueError: an unknown reference kind, or an argument the template does not use (or the reverse).
    """
    tpl = template(msg_id)
    refs: dict[str, tuple[str, Any]] = {}
    for name, ref in args.items():
        if isinstance(ref, int) and not isinstance(ref, bool):
            ref = ("n", ref)
        if not isinstance(ref, tuple) or len(ref) != 2 or ref[0] not in REF_KINDS:
            raise ValueError(f"{msg_id}: argument {name!r} is not a (kind, value) reference: {ref!r}")
        refs[name] = ref
    wanted = set(_FIELD.findall(tpl))
    if wanted != set(refs):
        raise ValueError(f"{msg_id}: template needs {sorted(wanted)}, got {sorted(refs)}")
    return Text(msg_id, tuple(refs.items()))


def english_ref(kind: str, value: Any, game: str | None = None, names: list[str] | None = None) -> str:
    """Return the English for one reference (seat names, when given, name the players)."""
    if kind == "player":
        seat = int(value)
        return names[seat] if names is not None and 0 <= seat < len(names) else f"Player {seat + 1}"
    if kind == "card":
        name_of = _CARD_NAMES.get(game or "")
        return name_of(str(value)) if name_of else str(value)
    if kind == "cards":
        return ", ".join(english_ref("card", v, game, names) for v in value)
    if kind == "term":
        return template(str(value))
    return str(value)


def fill(tpl: str, args: Mapping[str, tuple[str, Any]], game: str | None = None,
         names: list[str] | None = None) -> str:
    """Fill a template's ``{name}`` fields with the English of its references."""
    return _FIELD.sub(lambda m: english_ref(*args[m.group(1)], game, names) if m.group(1) in args
                      else m.group(0), tpl)


def english(t: Text, game: str | None = None, names: list[str] | None = None) -> str:
    """Return the English rendering of a Text (for labels, the CLI and tests)."""
    if game is None:
        game = _GAME_OF.get(t.id.split(".", 1)[0])
    return fill(template(t.id), dict(t.args), game, names)
