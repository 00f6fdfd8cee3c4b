"""Player-facing texts as data: a catalog id, typed arguments, and the English message each game registers.

Every text the engine makes for a player (an action's label, a decision's prompt, a log line, a summary line, a
game term) is a ``Text``: an id from its game's message table plus typed references. The page renders it from its
own message catalog in the player's language, and CLI callers get English from ``english``.

Messages are ICU MessageFormat (``core/icu.py``). Each game keeps the ones written by hand in a file a translator
opens as it is, ``games/<id>/locales/en.json`` (``load_locale``): a flat JSON object of id -> message, where an id
ending in ``.you`` is the second-person form of the id before it. A table entry is a message, or ``(message,
you_message)`` when the text has a player as its subject, its first argument: the page uses the second form when
that player is the viewer ("You pay 2" rather than "Ann pays 2").

>>> register_messages("demo", {"demo.pay": ("{seat} pays {n, plural, one {# card} other {# cards}}",
...                                         "You pay {n, plural, one {# card} other {# cards}}"),
...                            "demo.round": "Round {n}"})
>>> t = text("demo.pay", seat=("player", 1), n=2)
>>> t.to_json()["args"]
{'seat': {'player': 1}, 'n': {'n': 2}}
>>> english(t)
'Player 2 pays 2 cards'
>>> catalog()["demo.pay"]["subject"]
'seat'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .icu import MessageSyntaxError, arguments, english_format, first_argument, parse

JSONRef = dict[str, Any]
Entry = str | tuple[str, str]

REF_KINDS = ("player", "card", "cards", "n", "term", "text", "msg")
"""The kinds of reference a text argument may be: a seat, a card (instance or type id), a list of cards, a
number, a catalog term (another message id, e.g. a location's name), free text (names typed by players), or a
whole other text (a ``Text``'s JSON, ``{"id", "args"}``: words made of words, such as a card face's lines)."""

YOU_SUFFIX = ".you"
"""In a locale file, an id ending in this is the second-person form of the id before it."""

_TABLES: dict[str, dict[str, Entry]] = {}
_TEMPLATE_OF: dict[str, str] = {}
"""Each looked-up id's English template, kept (emptied whenever a table is registered)."""
_WANTED: dict[str, frozenset[str]] = {}
"""Each template's argument names, kept: ``text`` checks its arguments against them on every call."""
_CARD_NAMES: dict[str, Callable[[str], str]] = {}
_GAME_OF: dict[str, str] = {}
_DERIVED: dict[str, list[Callable[[], Mapping[str, Entry]]]] = {}


def register_messages(namespace: str, table: Mapping[str, Entry], game: str | None = None,
                      derived: Callable[[], Mapping[str, Entry]] | None = None) -> None:
    """Add a game's (or the core's) message table; every id must start with ``namespace + "."``.

    ``game`` is the game id whose card names the namespace's texts use (e.g. "jd" for "jump_drive"). The messages
    themselves are read when first used and all checked by ``catalog()`` (the build and the tests ask for it), so a
    game's start in the browser parses none of them. ``derived`` makes the namespace's entries that come from the
    game's data (card texts, ...): it runs the first time an id is not found, or the whole catalog is asked for.

    Raises:
        ValueError: an id outside the namespace, or an id that another table already holds with a different text.
    """
    for key, entry in table.items():
        if not key.startswith(namespace + "."):
            raise ValueError(f"message id {key!r} is outside the namespace {namespace!r}")
        for other_ns, other in _TABLES.items():
            if other_ns != namespace and key in other and other[key] != entry:
                raise ValueError(f"message id {key!r} is registered twice with different texts")
    _TABLES.setdefault(namespace, {}).update(table)
    _TEMPLATE_OF.clear()
    if game is not None:
        _GAME_OF[namespace] = game
    if derived is not None:
        _DERIVED.setdefault(namespace, []).append(derived)


def _make_derived() -> bool:
    """Register every table still to be made from a game's data (``register_messages``'s ``derived``); return
    whether there was one."""
    pending = list(_DERIVED.items())
    _DERIVED.clear()
    for namespace, makers in pending:
        for make in makers:
            register_messages(namespace, make())
    return bool(pending)


def load_locale(path: Path) -> dict[str, Entry]:
    """Read a locale file (a flat JSON object of id -> ICU message) into table entries: an id ending in ``.you``
    joins the id before it as its second-person form.

    Raises:
        ValueError: the file is not such an object, or a ``.you`` id has no plain id beside it.
    """
    raw = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(raw, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
        raise ValueError(f"{path}: a locale file is a JSON object of id -> message text")
    out: dict[str, Entry] = {}
    for key, message in raw.items():
        if key.endswith(YOU_SUFFIX):
            continue
        you = raw.get(key + YOU_SUFFIX)
        out[key] = (message, you) if you is not None else message
    orphans = [k for k in raw if k.endswith(YOU_SUFFIX) and k[: -len(YOU_SUFFIX)] not in raw]
    if orphans:
        raise ValueError(f"{path}: second-person forms without their message: {orphans[:5]}")
    return out


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
    found = _TEMPLATE_OF.get(msg_id)
    if found is not None:
        return found
    for table in _TABLES.values():
        if msg_id in table:
            entry = table[msg_id]
            found = entry[0] if isinstance(entry, tuple) else entry
            _TEMPLATE_OF[msg_id] = found
            return found
    if _make_derived():
        return template(msg_id)
    raise KeyError(f"no message table holds {msg_id!r}")


def check_entry(key: str, entry: Entry) -> str | None:
    """Check one table entry and return its subject (the argument a second-person form replaces), or None.

    Raises:
        ValueError: a message that is not valid ICU MessageFormat, or a second-person form without a player subject
            (or with arguments its third-person form lacks).
    """
    try:
        parts = parse(entry[0] if isinstance(entry, tuple) else entry)
        you = parse(entry[1]) if isinstance(entry, tuple) else None
    except MessageSyntaxError as exc:
        raise ValueError(f"message {key!r}: {exc}") from exc
    if you is None:
        return None
    subject = first_argument(parts)
    if subject is None:
        raise ValueError(f"message {key!r} has a second-person form but does not start with its subject")
    if not arguments(you) <= arguments(parts):
        raise ValueError(f"message {key!r}: its second-person form uses arguments the other form lacks")
    return subject


def catalog() -> dict[str, dict[str, str]]:
    """Return every registered message, each checked (``check_entry``): ``{id: {"t": message, "you"?: second
    person, "subject"?: arg}}``.

    Raises:
        ValueError: a message is not valid ICU MessageFormat, or a second-person form has no subject.
    """
    _make_derived()
    out: dict[str, dict[str, str]] = {}
    for table in _TABLES.values():
        for key, entry in table.items():
            subject = check_entry(key, entry)
            if isinstance(entry, tuple):
                assert subject is not None
                out[key] = {"t": entry[0], "you": entry[1], "subject": subject}
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
        return {"id": self.id, "t": _TEMPLATE_OF.get(self.id) or template(self.id),
                "args": {k: {kind: v} for k, (kind, v) in self.args}}


def text(msg_id: str, **args: tuple[str, Any] | int) -> Text:
    """Build a Text; each keyword is ``(ref kind, value)``, e.g. ``seat=("player", 0)``, or an int for ``("n", v)``.

    Raises:
        KeyError: the id is not registered.
        ValueError: an unknown reference kind, or an argument the template does not use (or the reverse).
    """
    tpl = _TEMPLATE_OF.get(msg_id) or template(msg_id)
    refs: dict[str, tuple[str, Any]] = {}
    for name, ref in args.items():
        if ref.__class__ is not tuple:  # (the common case, a reference, is read without isinstance calls)
            if isinstance(ref, int) and not isinstance(ref, bool):
                ref = ("n", ref)
            elif not isinstance(ref, tuple):
                raise ValueError(f"{msg_id}: argument {name!r} is not a (kind, value) reference: {ref!r}")
        if len(ref) != 2 or ref[0] not in REF_KINDS:
            raise ValueError(f"{msg_id}: argument {name!r} is not a (kind, value) reference: {ref!r}")
        refs[name] = ref
    wanted = _WANTED.get(tpl)
    if wanted is None:
        wanted = _WANTED[tpl] = frozenset(arguments(parse(tpl)))
    if wanted != refs.keys():
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
    if kind == "msg":
        inner = {k: next(iter(ref.items())) for k, ref in dict(value.get("args", {})).items()}
        return fill(template(str(value["id"])), inner, game, names)
    return str(value)


def fill(tpl: str, args: Mapping[str, tuple[str, Any]], game: str | None = None,
         names: list[str] | None = None) -> str:
    """Format a message in English with its references (a number stays a number, for plural cases)."""
    values = {name: (value if kind == "n" else english_ref(kind, value, game, names))
              for name, (kind, value) in args.items()}
    return english_format(tpl, values)


def english(t: Text, game: str | None = None, names: list[str] | None = None) -> str:
    """Return the English rendering of a Text (for labels, the CLI and tests)."""
    if game is None:
        game = _GAME_OF.get(t.id.split(".", 1)[0])
    return fill(template(t.id), dict(t.args), game, names)
