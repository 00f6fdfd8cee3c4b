"""Guided lessons for embeds: the lesson file format (version 1), its checks, and a play-through by the engine.

A lesson is JSON (``docs/EMBED.md`` has the full description)::

    {"format": "star-table-lesson", "version": 1, "id": "jd-explore", "game": "jump_drive",
     "title": "Explore when your hand is poor", "seat": 0, "open": false,
     "steps": [{"pos": "st1....", "caption": "...", "highlight": ["hand-card-drop_ships-0"],
                "expect": ["explore"], "right": "...", "wrong": "...", "then": ["explore"]},
               {"continue": true, "caption": "..."}]}

Each step starts from a position code (``pos``) or from where the previous step left off (``continue``: its
position after the first expected action and the ``then`` actions). A step with ``expect`` asks the reader's seat
for a move; a try is right when its canonical action text is one of the expected texts. A step without ``expect``
only shows its caption. ``check_lesson`` plays a lesson through and returns every problem it finds, so a shipped
lesson and an author's lesson are held to the same rules (``python -m pyengine lesson FILE``).
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from .core.api import Action, Game, State
from .core.errors import EngineError, IllegalActionError, UnknownGameError
from .core.poscode import MAX_LINE, json_strings
from .core.registry import load_game

LESSON_FORMAT = "star-table-lesson"
LESSON_VERSION = 3
"""The newest lesson format: version 3 lets every text be written per language; versions 2 (no languages) and 1 (no
hints, feedback as one text, then as one list) still load."""
LESSON_VERSIONS = (1, 2, 3)
_LANG = re.compile(r"[a-z]{2,3}")
"""A text's language key in version 3: a language code such as en, pl, cs, ja (English is required)."""
MAX_STEPS = 40
MAX_HINTS = 5
MAX_BRANCHES = 64
"""The most positions a step may start from (one per right move the reader may make before it, and so on)."""
_KIND = re.compile(r"[a-z_]{1,40}")
MAX_TEXT = 1500
MAX_TITLE = 120
MAX_LIST = 20
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")
_HIGHLIGHT = re.compile(r"[A-Za-z0-9_.:+-]{1,100}")
STEP_KEYS = {"pos", "continue", "caption", "highlight", "expect", "right", "wrong", "then", "reading", "hints"}
V2_STEP_KEYS = {"hints"}
MAX_READING = 400
# A reading note's link: an http(s) address, or a path (and #anchor) relative to the embed page (the site's root).
_HREF = re.compile(r"https?://[^\s\"'<>\\]{1,290}|(?!/)(?!\.\./)[A-Za-z0-9_./-]{1,200}(#[A-Za-z0-9_-]{1,80})?|#[A-Za-z0-9_-]{1,80}")
LESSON_KEYS = {"format", "version", "id", "game", "title", "seat", "open", "steps"}


def _text(value: Any, where: str, limit: int, problems: list[str], required: bool = False) -> None:
    """Check an optional (or required) plain-text field."""
    if value is None:
        if required:
            problems.append(f"{where}: missing")
        return
    if not isinstance(value, str):
        problems.append(f"{where}: must be text")
    elif len(value) > limit:
        problems.append(f"{where}: {len(value)} characters; the limit is {limit}")


def _reading(value: Any, where: str, problems: list[str]) -> None:
    """Check an optional reading note: ``{"text": ..., "href": ...}``, the step rests on a reading or a default."""
    if value is None:
        return
    if not isinstance(value, dict) or set(value) != {"text", "href"}:
        problems.append(f"{where}: must be an object with text and href")
        return
    _text(value["text"], f"{where}.text", MAX_READING, problems, required=True)
    if not (isinstance(value["href"], str) and _HREF.fullmatch(value["href"])):
        problems.append(f"{where}.href: an http(s) address, or a path on this site such as learn/jump-drive.html#x")


def _feedback(value: Any, where: str, version: int, kinds: bool, problems: list[str]) -> None:
    """Check a right or wrong feedback: a text, or (version 2) rules, first match wins: ``{"move", "text"}`` for one
    move, ``{"kind", "text"}`` for any move of a kind (wrong only), and ``{"text"}``, the default."""
    if value is None or isinstance(value, str):
        _text(value, where, MAX_TEXT, problems)
        return
    if version < 2:
        problems.append(f"{where}: must be text (rules per move need lesson version 2)")
        return
    if not isinstance(value, list) or not 0 < len(value) <= MAX_LIST:
        problems.append(f"{where}: a text, or a list of 1 to {MAX_LIST} rules")
        return
    allowed = {"move", "kind"} if kinds else {"move"}
    for n, rule in enumerate(value):
        at = f"{where}[{n}]"
        if not isinstance(rule, dict) or "text" not in rule or len(set(rule) - {"text"}) > 1 or not set(
                rule) - {"text"} <= allowed:
            problems.append(f"{at}: {{\"text\": ...}} with {' or '.join(sorted(allowed))} (or neither, the default)")
            continue
        _text(rule["text"], f"{at}.text", MAX_TEXT, problems, required=True)
        if "move" in rule and not (isinstance(rule["move"], str) and 0 < len(rule["move"]) <= 300):
            problems.append(f"{at}.move: an action text")
        if "kind" in rule and not (isinstance(rule["kind"], str) and _KIND.fullmatch(rule["kind"])):
            problems.append(f"{at}.kind: an action kind, the first word of an action text (e.g. sell)")


def _rules(value: Any) -> list[dict[str, str]]:
    """Return a checked feedback field as rules (a plain text is the default rule)."""
    if isinstance(value, str):
        return [{"text": value}]
    return list(value) if isinstance(value, list) else []


def _then_after(step: dict[str, Any], move: str) -> list[str]:
    """Return the moves a step plays after one of its right moves (its own list, else the list for any)."""
    then = step.get("then") or []
    if isinstance(then, dict):
        return list(then.get(move, []))
    return list(then)


def _texts(value: Any, where: str, pattern: re.Pattern[str] | None, problems: list[str]) -> list[str]:
    """Check an optional list of short texts and return it (empty when absent or wrong)."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        problems.append(f"{where}: must be a list of texts")
        return []
    if not 0 < len(value) <= MAX_LIST:
        problems.append(f"{where}: must hold 1 to {MAX_LIST} entries")
    for x in value:
        if pattern is not None and not pattern.fullmatch(x):
            problems.append(f"{where}: {x[:60]!r} is not an element name")
        elif len(x) > 300:
            problems.append(f"{where}: an entry is longer than 300 characters")
    return list(value)


def text_fields(lesson: dict[str, Any]) -> list[tuple[str, Any, Any, str]]:
    """Return every text field of a lesson as ``(where, holder, key, kind)``: ``holder[key]`` is the text (a string,
    or in version 3 an object of language -> string), ``kind`` names its limit (title, text or reading)."""
    out: list[tuple[str, Any, Any, str]] = []
    if "title" in lesson:
        out.append(("title", lesson, "title", "title"))
    for i, step in enumerate(lesson.get("steps") or []):
        if not isinstance(step, dict):
            continue
        where = f"steps[{i}]"
        if "caption" in step:
            out.append((f"{where}.caption", step, "caption", "text"))
        for key in ("right", "wrong"):
            value = step.get(key)
            if isinstance(value, list):
                out.extend((f"{where}.{key}[{n}].text", rule, "text", "text") for n, rule in enumerate(value)
                           if isinstance(rule, dict) and "text" in rule)
            elif value is not None:
                out.append((f"{where}.{key}", step, key, "text"))
        hints = step.get("hints")
        if isinstance(hints, list):
            out.extend((f"{where}.hints[{n}]", hints, n, "text") for n in range(len(hints)))
        reading = step.get("reading")
        if isinstance(reading, dict) and "text" in reading:
            out.append((f"{where}.reading.text", reading, "text", "reading"))
    return out


def text_in(value: Any, lang: str) -> Any:
    """Return a text field's text in a language: the language's, else English's (a plain string is itself)."""
    if isinstance(value, dict):
        return value.get(lang, value.get("en"))
    return value


def _english(lesson: dict[str, Any], version: int, problems: list[str]) -> dict[str, Any]:
    """Return a copy of a lesson with every per-language text (version 3) checked and replaced by its English, so
    the other checks read one text per field."""
    copy: dict[str, Any] = json.loads(json.dumps(lesson))
    limits = {"title": MAX_TITLE, "text": MAX_TEXT, "reading": MAX_READING}
    for where, holder, key, kind in text_fields(copy):
        value = holder[key]
        if not isinstance(value, dict):
            continue
        if version < 3:
            problems.append(f"{where}: texts per language need lesson version 3")
        bad = sorted(k for k in value if not (isinstance(k, str) and _LANG.fullmatch(k)))
        if bad or "en" not in value:
            problems.append(f"{where}: an object of language code -> text, English (en) included")
        for lang, text in sorted(value.items()):
            if lang != "en" and not isinstance(text, str):
                problems.append(f"{where}.{lang}: must be text")
            elif lang != "en" and len(text) > limits[kind]:
                problems.append(f"{where}.{lang}: {len(text)} characters; the limit is {limits[kind]}")
        holder[key] = value.get("en")
    return copy


def check_shape(lesson: Any) -> list[str]:
    """Return the problems of a lesson's shape (fields, types, sizes), without running the engine."""
    if not isinstance(lesson, dict):
        return ["a lesson must be a JSON object"]
    problems: list[str] = []
    if lesson.get("version") in LESSON_VERSIONS:
        lesson = _english(lesson, lesson["version"], problems)
    if lesson.get("format") != LESSON_FORMAT:
        problems.append(f"format: must be {LESSON_FORMAT!r}")
    version = lesson.get("version")
    if version not in LESSON_VERSIONS:
        problems.append(f"version: this app reads lesson versions 1, 2 and 3, not {version!r}")
        version = LESSON_VERSION
    for key in sorted(set(lesson) - LESSON_KEYS):
        problems.append(f"{key}: unknown field")
    if "id" in lesson and not (isinstance(lesson["id"], str) and _ID.fullmatch(lesson["id"])):
        problems.append("id: lowercase letters, digits and '-', up to 60")
    if not isinstance(lesson.get("game"), str):
        problems.append("game: missing")
    _text(lesson.get("title"), "title", MAX_TITLE, problems, required=True)
    seat = lesson.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        problems.append("seat: a seat number from 0 to 3")
    if not isinstance(lesson.get("open", False), bool):
        problems.append("open: true or false")
    steps = lesson.get("steps")
    if not isinstance(steps, list) or not 0 < len(steps) <= MAX_STEPS:
        problems.append(f"steps: a list of 1 to {MAX_STEPS} steps")
        return problems
    for i, step in enumerate(steps):
        where = f"steps[{i}]"
        if not isinstance(step, dict):
            problems.append(f"{where}: must be an object")
            continue
        for key in sorted(set(step) - STEP_KEYS):
            problems.append(f"{where}.{key}: unknown field")
        for key in sorted(set(step) & V2_STEP_KEYS if version < 2 else set()):
            problems.append(f"{where}.{key}: needs lesson version 2")
        has_pos, cont = "pos" in step, step.get("continue") is True
        if has_pos == cont:
            problems.append(f"{where}: give either a position code (pos) or continue: true")
        if cont and i == 0:
            problems.append(f"{where}: the first step cannot continue")
        if has_pos and not isinstance(step["pos"], str):
            problems.append(f"{where}.pos: must be a position code")
        _text(step.get("caption"), f"{where}.caption", MAX_TEXT, problems, required=True)
        for key in ("right", "wrong"):
            _feedback(step.get(key), f"{where}.{key}", version, key == "wrong", problems)
        _texts(step.get("highlight"), f"{where}.highlight", _HIGHLIGHT, problems)
        _texts(step.get("expect"), f"{where}.expect", None, problems)
        then = step.get("then")
        if isinstance(then, dict) and version >= 2:
            for move, moves in then.items():
                _texts(moves, f"{where}.then[{move[:40]!r}]", None, problems)
                if move not in (step.get("expect") or []):
                    problems.append(f"{where}.then: {move[:60]!r} is not one of the step's expected moves")
        else:
            _texts(then, f"{where}.then", None, problems)
        hints = step.get("hints")
        if hints is not None and not (isinstance(hints, list) and 0 < len(hints) <= MAX_HINTS and all(
                isinstance(h, str) and 0 < len(h) <= MAX_TEXT for h in hints)):
            problems.append(f"{where}.hints: a list of 1 to {MAX_HINTS} texts")
        _reading(step.get("reading"), f"{where}.reading", problems)
        if "then" in step and "expect" not in step:
            problems.append(f"{where}.then: only a step with expect can have then")
        if "then" in step and i == len(steps) - 1:
            problems.append(f"{where}.then: the last step has no next step to play its then moves for")
    return problems


def play_any(state: State, action: Action) -> None:
    """Apply an action for the lowest seat to move that may play it.

    Raises:
        IllegalActionError: no seat to move may play it.
    """
    seat = state.seat_for(action)
    if seat is None:
        raise IllegalActionError(f"no seat to move may play {str(action)!r} now ({state.locator()})")
    state.apply(seat, action)


def check_line(state: State, moves: list[str]) -> tuple[list[tuple[int, str, str]], list[str]]:
    """Play a line of moves from a position as an embed does: each by the lowest seat to move that may play it.

    Returns the moves played, as (seat, canonical text, English label), and the problems: a line over
    ``MAX_LINE`` moves, a text that does not parse, a non-canonical spelling, or a move no seat to move may play
    (the line stops there). ``state`` is played on in place.
    """
    rows: list[tuple[int, str, str]] = []
    if len(moves) > MAX_LINE:
        return rows, [f"the line has {len(moves)} moves; the limit is {MAX_LINE}"]
    problems: list[str] = []
    for n, text in enumerate(moves, 1):
        try:
            action = state.game.parse_action(text)
        except EngineError as exc:
            return rows, [*problems, f"move {n} ({text[:80]!r}): {exc}"]
        if str(action) != text:
            problems.append(f"move {n}: write {text!r} as the canonical {str(action)!r}")
        seat = state.seat_for(action)
        if seat is None:
            return rows, [*problems, f"move {n} ({text[:80]!r}): no seat to move may play it here "
                                     f"({state.locator()})"]
        label = state.describe(seat, action)
        state.apply(seat, action)
        rows.append((seat, str(action), label))
    return rows, problems


def check_lesson(lesson: Any) -> list[str]:
    """Return every problem of a lesson: its shape, then a play-through by the engine.

    For each step: its position code reads for the lesson's game; each expected action is canonical text and legal
    for the lesson's seat there; each feedback rule's move is canonical and not a right move, and each kind is one
    the seat can play; then every right move, each followed by its ``then`` actions, gives a position the next
    ``continue`` step starts from (one per right move: the reader's own move is followed). A ``continue`` step
    must have a right move in every such position. An empty list means the lesson works.
    """
    problems = check_shape(lesson)
    if problems:
        return problems
    try:
        game = load_game(lesson["game"])
    except UnknownGameError:
        return [f"game: {lesson['game']!r} is not a game of this app"]
    seat = lesson.get("seat", 0)
    states: list[tuple[str, State]] = []  # (how the reader got here, the position)
    for i, step in enumerate(lesson["steps"]):
        where = f"steps[{i}]"
        if "pos" in step:
            try:
                states = [("", game.state_from_code(step["pos"]))]
            except EngineError as exc:
                problems.append(f"{where}.pos: {exc}")
                states = []
                continue
        if not states:
            problems.append(f"{where}: continues from a step whose position did not work")
            continue
        players = states[0][1].to_json().get("players")
        if isinstance(players, int) and seat >= players:
            problems.append(f"seat: {seat} is not a seat of this {players}-player position (seats count from 0)")
            return problems
        expected = step.get("expect") or []
        before = len(problems)
        for text in expected:
            try:
                action = game.parse_action(text)
            except EngineError as exc:
                problems.append(f"{where}.expect: {exc}")
                continue
            if str(action) != text:
                problems.append(f"{where}.expect: write {text!r} as the canonical {str(action)!r}")
        for path, state in states:
            legal = [a for a in expected if _legal(game, state, seat, a)]
            if len(states) == 1:
                for text in expected:
                    if text not in legal:
                        problems.append(f"{where}.expect: {text!r} is not a legal move for seat {seat} here")
            elif expected and not legal:
                problems.append(f"{where}.expect: none of the expected moves is legal for seat {seat} here (after "
                                f"{path})")
        _check_rules(game, step, states, seat, where, problems)
        problems.extend(highlight_problems(states[0][1], seat, step.get("highlight") or [], where))
        if not expected or len(problems) > before:
            continue
        nxt: list[tuple[str, State]] = []
        for path, state in states:
            for text in expected:
                if not _legal(game, state, seat, text):
                    continue
                branch = state.clone()
                try:
                    branch.apply(seat, game.parse_action(text))
                    for follow in _then_after(step, text):
                        play_any(branch, game.parse_action(follow))
                except EngineError as exc:
                    problems.append(f"{where}: playing {text!r} and then its 'then' moves failed: {exc}")
                    continue
                nxt.append((f"{path}, {text!r}" if path else repr(text), branch))
        if len(nxt) > MAX_BRANCHES:
            problems.append(f"{where}: its right moves lead to {len(nxt)} positions; the limit is {MAX_BRANCHES}")
            return problems
        states = nxt
    return problems


@cache
def table_ids(game_id: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """Return the element ids a game's table draws: the fixed ids and the patterns (``{}`` for a value), as the
    build lists them (``buildkit/tableids.py``, the game's ``data/table_ids.json``); None when it has no list."""
    module = type(load_game(game_id)).__module__.rsplit(".", 1)[0]
    try:
        data = json.loads(resources.files(module).joinpath("data", "table_ids.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None
    return frozenset(data["fixed"]), tuple(data["patterns"])


def highlight_problems(state: State, seat: int, ids: list[str], where: str) -> list[str]:
    """Return the highlight ids the table would not draw for this seat here: an id must be one of the table's fixed
    ids, or fit one of its patterns with values this seat's view and legal moves hold (a card in view, a seat, an
    action's parameter)."""
    listed = table_ids(state.game.info.id)
    if listed is None:
        return []
    fixed, patterns = listed
    values: set[str] = {str(n) for n in range(40)}
    json_strings(state.view(seat), values, numbers=True)
    if seat in state.to_move():
        for action in state.legal_actions(seat):
            values.add(action.kind)
            values.update(v for _, v in action.params)
    alternation = "|".join(re.escape(v) for v in sorted(values, key=len, reverse=True) if v)
    problems = []
    for hid in ids:
        if hid in fixed:
            continue
        if any(re.fullmatch(re.escape(p).replace(r"\{\}", f"(?:{alternation})"), hid) for p in patterns):
            continue
        problems.append(f"{where}.highlight: {hid!r} is not an element the table draws for seat {seat} here")
    return problems


def _legal(game: Game, state: State, seat: int, text: str) -> bool:
    """Return True if an action text parses and is legal for the seat in the state."""
    try:
        action = game.parse_action(text)
    except EngineError:
        return False
    return seat in state.to_move() and state.is_legal(seat, action)


def _check_rules(game: Game, step: dict[str, Any], states: list[tuple[str, State]], seat: int, where: str,
                 problems: list[str]) -> None:
    """Check a step's feedback rules against its positions: canonical moves, wrong moves that are not right ones,
    and kinds the seat can play."""
    expected = step.get("expect") or []
    for key in ("right", "wrong"):
        for n, rule in enumerate(_rules(step.get(key))):
            at = f"{where}.{key}[{n}]"
            if "move" in rule:
                try:
                    canon = str(game.parse_action(rule["move"]))
                except EngineError as exc:
                    problems.append(f"{at}.move: {exc}")
                    continue
                if canon != rule["move"]:
                    problems.append(f"{at}.move: write {rule['move']!r} as the canonical {canon!r}")
                if key == "right" and canon not in expected:
                    problems.append(f"{at}.move: {canon!r} is not one of the step's expected moves")
                if key == "wrong" and canon in expected:
                    problems.append(f"{at}.move: {canon!r} is an expected (right) move")
                if key == "wrong" and not any(_legal(game, s, seat, canon) for _, s in states):
                    problems.append(f"{at}.move: {canon!r} is not a legal move here, so the reader never makes it")
            if "kind" in rule and not any(
                    a.kind == rule["kind"] for _, s in states if seat in s.to_move() for a in s.legal_actions(seat)):
                problems.append(f"{at}.kind: seat {seat} has no legal move of kind {rule['kind']!r} here")
