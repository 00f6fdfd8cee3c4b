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

import re
from typing import Any

from .core.api import Action, State
from .core.errors import EngineError, IllegalActionError, UnknownGameError
from .core.registry import load_game

LESSON_FORMAT = "star-table-lesson"
LESSON_VERSION = 1
MAX_STEPS = 40
MAX_TEXT = 1500
MAX_TITLE = 120
MAX_LIST = 20
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,59}")
_HIGHLIGHT = re.compile(r"[A-Za-z0-9_.:+-]{1,100}")
STEP_KEYS = {"pos", "continue", "caption", "highlight", "expect", "right", "wrong", "then", "reading"}
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


def check_shape(lesson: Any) -> list[str]:
    """Return the problems of a lesson's shape (fields, types, sizes), without running the engine."""
    if not isinstance(lesson, dict):
        return ["a lesson must be a JSON object"]
    problems: list[str] = []
    if lesson.get("format") != LESSON_FORMAT:
        problems.append(f"format: must be {LESSON_FORMAT!r}")
    version = lesson.get("version")
    if version != LESSON_VERSION:
        problems.append(f"version: this app reads lesson version {LESSON_VERSION}, not {version!r}")
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
        has_pos, cont = "pos" in step, step.get("continue") is True
        if has_pos == cont:
            problems.append(f"{where}: give either a position code (pos) or continue: true")
        if cont and i == 0:
            problems.append(f"{where}: the first step cannot continue")
        if has_pos and not isinstance(step["pos"], str):
            problems.append(f"{where}.pos: must be a position code")
        _text(step.get("caption"), f"{where}.caption", MAX_TEXT, problems, required=True)
        for key in ("right", "wrong"):
            _text(step.get(key), f"{where}.{key}", MAX_TEXT, problems)
        _texts(step.get("highlight"), f"{where}.highlight", _HIGHLIGHT, problems)
        _texts(step.get("expect"), f"{where}.expect", None, problems)
        _texts(step.get("then"), f"{where}.then", None, problems)
        _reading(step.get("reading"), f"{where}.reading", problems)
        if "then" in step and "expect" not in step:
            problems.append(f"{where}.then: only a step with expect can have then")
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


def check_lesson(lesson: Any) -> list[str]:
    """Return every problem of a lesson: its shape, then a play-through by the engine.

    For each step: its position code reads for the lesson's game; each expected action is canonical text and legal
    for the lesson's seat there; the first expected action and then the ``then`` actions apply, giving the position
    the next ``continue`` step starts from. An empty list means the lesson works.
    """
    problems = check_shape(lesson)
    if problems:
        return problems
    try:
        game = load_game(lesson["game"])
    except UnknownGameError:
        return [f"game: {lesson['game']!r} is not a game of this app"]
    seat = lesson.get("seat", 0)
    state: State | None = None
    for i, step in enumerate(lesson["steps"]):
        where = f"steps[{i}]"
        if "pos" in step:
            try:
                state = game.state_from_code(step["pos"])
            except EngineError as exc:
                problems.append(f"{where}.pos: {exc}")
                state = None
                continue
        if state is None:
            problems.append(f"{where}: continues from a step whose position did not work")
            continue
        players = state.to_json().get("players")
        if isinstance(players, int) and seat >= players:
            problems.append(f"seat: {seat} is not a seat of this {players}-player position")
            return problems
        expected = step.get("expect") or []
        for text in expected:
            try:
                action = game.parse_action(text)
            except EngineError as exc:
                problems.append(f"{where}.expect: {exc}")
                continue
            if str(action) != text:
                problems.append(f"{where}.expect: write {text!r} as the canonical {str(action)!r}")
            if seat not in state.to_move() or not state.is_legal(seat, action):
                problems.append(f"{where}.expect: {text!r} is not a legal move for seat {seat} here")
        if not expected or problems:
            continue
        nxt = state.clone()
        try:
            nxt.apply(seat, game.parse_action(expected[0]))
            for text in step.get("then", []):
                play_any(nxt, game.parse_action(text))
        except EngineError as exc:
            problems.append(f"{where}: playing the expected move and then its 'then' moves failed: {exc}")
            continue
        state = nxt
    return problems
