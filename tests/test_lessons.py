"""Lessons (pyengine/lessons.py, docs/EMBED.md): every lesson the site ships plays through the engine, and the
checker names each kind of broken lesson an author could write."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from pyengine.core.registry import load_game
from pyengine.lessons import check_lesson

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "web" / "lessons").glob("*.json"))
LEARN = ROOT / "web" / "learn"


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_shipped_lesson_plays_through_the_engine(path: Path) -> None:
    """Codes read under the current rules, expected moves are canonical and legal, continue steps work."""
    lesson = json.loads(path.read_text(encoding="utf-8"))
    assert lesson["id"] == path.stem
    assert check_lesson(lesson) == []
    assert any(step.get("expect") for step in lesson["steps"]), "a lesson asks the reader for at least one move"


def test_each_game_ships_four_lessons_and_its_learn_page_shows_them_all() -> None:
    """The issue's learn pages: at least four lessons per game, each embedded once on that game's page."""
    pages = {"jump_drive": "jump-drive", "ares_expedition": "ares-expedition", "beyond_the_sun": "beyond-the-sun"}
    for game, page in pages.items():
        ids = [p.stem for p in SHIPPED if json.loads(p.read_text())["game"] == game]
        assert len(ids) >= 4, game
        html = (LEARN / f"{page}.html").read_text()
        for lesson_id in ids:
            assert html.count(f'data-lesson="{lesson_id}"') >= 1, (page, lesson_id)
        # The CSP forbids inline script and style (a snippet shown as text may name a style attribute).
        assert "<script>" not in html and not re.search(r"<[a-z][^>]*\sstyle=", html)


def base_lesson() -> dict[str, Any]:
    """A small valid lesson: a Jump Drive start where the reader keeps 5 of 7 cards."""
    state = load_game("jump_drive").new_initial_state(seed=3, players=2)
    first = str(state.legal_actions(0)[0])
    return {"format": "star-table-lesson", "version": 1, "id": "t", "game": "jump_drive", "title": "T", "seat": 0,
            "steps": [{"pos": state.position_code(), "caption": "Keep five.", "expect": [first], "right": "Yes",
                       "wrong": "No"}, {"continue": True, "caption": "Done."}]}


def test_a_small_lesson_is_fine() -> None:
    """The base lesson used below has no problem (so each broken copy fails for its own reason)."""
    assert check_lesson(base_lesson()) == []


@pytest.mark.parametrize("href", ["learn/ares-expedition.html#reading-requirements", "https://example.org/rules#a",
                                  "#reading-x"])
def test_a_step_may_carry_a_reading_note_with_a_link(href: str) -> None:
    """Lesson format, steps[].reading: a step that teaches a reading (or an option's default) may say so, with a link
    to the reading: a page of this site or an http(s) address."""
    lesson = base_lesson()
    lesson["steps"][0]["reading"] = {"text": "Our reading of an unclear rule.", "href": href}
    assert check_lesson(lesson) == []


@pytest.mark.parametrize(("change", "needle"), [
    (lambda d: d.update(format="x"), "format"),
    (lambda d: d.update(version=4), "version"),
    (lambda d: d["steps"][0].update(caption={"en": "x", "pl": "y"}), "texts per language need lesson version 3"),
    (lambda d: d.update(version=3) or d["steps"][0].update(caption={"pl": "tylko"}), "English (en) included"),
    (lambda d: d.update(version=3) or d["steps"][0].update(caption={"en": "x", "pl": 5}), "caption.pl: must be text"),
    (lambda d: d.update(extra=1), "extra: unknown field"),
    (lambda d: d.update(game="chess"), "not a game"),
    (lambda d: d.update(seat=3), "not a seat"),
    (lambda d: d["steps"][0].update(pos=d["steps"][0]["pos"][:-5]), "cut short"),
    (lambda d: d["steps"][0].update(pos="st1.AAAA<b>"), "character"),
    (lambda d: d["steps"][0].update(expect=["explore"]), "not a legal move"),
    (lambda d: d["steps"][0].update(expect=["keep  discard=" + d["steps"][0]["expect"][0].split("=")[1]]),
     "canonical"),
    (lambda d: d["steps"][0].update(expect=["%%%"]), "expect"),
    (lambda d: d["steps"][0].pop("caption"), "caption: missing"),
    (lambda d: d["steps"][0].update(caption="x" * 1501), "limit"),
    (lambda d: d["steps"][1].update(then=["explore"]), "only a step with expect"),
    (lambda d: d["steps"].insert(0, {"continue": True, "caption": "c"}), "first step cannot continue"),
    (lambda d: d["steps"][1].update(pos=d["steps"][0]["pos"]), "either a position code"),
    (lambda d: d["steps"][0].update(then=["explore"]), "then"),
    (lambda d: d["steps"][0].update(reading="Our reading"), "reading: must be an object"),
    (lambda d: d["steps"][0].update(reading={"text": "x"}), "reading: must be an object"),
    (lambda d: d["steps"][0].update(reading={"text": "x" * 401, "href": "learn/a.html"}), "reading.text"),
    (lambda d: d["steps"][0].update(reading={"text": "x", "href": "javascript:alert(1)"}), "reading.href"),
    (lambda d: d["steps"][0].update(reading={"text": "x", "href": "/etc/passwd"}), "reading.href"),
    (lambda d: d["steps"][0].update(reading={"text": "x", "href": "../up.html"}), "reading.href"),
])
def test_broken_lessons_are_named(change: Any, needle: str) -> None:
    """Each mistake an author can make gets a problem that names it (and the lesson is refused)."""
    lesson = copy.deepcopy(base_lesson())
    change(lesson)
    problems = check_lesson(lesson)
    assert problems and any(needle in p for p in problems), problems


def v2_lesson() -> dict[str, Any]:
    """A lesson of format 2: two right answers, each with its own then, feedback per move and per kind, hints."""
    lesson = base_lesson()
    state = load_game("jump_drive").new_initial_state(seed=3, players=2)
    moves = [str(a) for a in state.legal_actions(0)]
    lesson["version"] = 2
    step = lesson["steps"][0]
    step.update(expect=moves[:2], right=[{"move": moves[1], "text": "The other good keep."}, {"text": "Yes"}],
                wrong=[{"move": moves[2], "text": "Not those two."}, {"kind": "keep", "text": "Keep others."},
                       {"text": "No"}],
                hints=["Look at the costs.", "Keep the cheap ones."], highlight=["hand"])
    return lesson


def test_format_2_takes_several_right_answers_feedback_per_move_or_kind_and_hints() -> None:
    """Lesson format 2 (issue 31, item 5): right and wrong feedback per move (wrong also per kind) with a default,
    several right answers, hints; the checker plays every right answer on to the continue step."""
    assert check_lesson(v2_lesson()) == []


def test_format_1_lessons_still_load_but_take_no_format_2_fields() -> None:
    """Version 1 stays readable; its texts are plain, and hints need version 2."""
    lesson = base_lesson()
    assert check_lesson(lesson) == []
    lesson["steps"][0]["hints"] = ["x"]
    assert any("hints: needs lesson version 2" in p for p in check_lesson(lesson))
    lesson = base_lesson()
    lesson["steps"][0]["wrong"] = [{"text": "x"}]
    assert any("rules per move need lesson version 2" in p for p in check_lesson(lesson))


def test_a_continue_step_is_checked_after_each_right_answer() -> None:
    """The reader's own right move is followed: a continue step that only works after the first answer is named,
    with the move that leads to the position where it fails."""
    lesson = v2_lesson()
    game = load_game("jump_drive")
    state = game.state_from_code(lesson["steps"][0]["pos"])
    first, second = lesson["steps"][0]["expect"]
    answer = str(state.legal_actions(1)[0])  # seat 1 keeps the same cards after either right answer
    lesson["steps"][0]["then"] = {first: [answer], second: [answer]}
    after_first, after_second = state.clone(), state.clone()
    for branch, move in ((after_first, first), (after_second, second)):
        branch.apply(0, game.parse_action(move))
        branch.apply(1, game.parse_action(answer))
    only_first = next(str(a) for a in after_first.legal_actions(0) if not after_second.is_legal(0, a))
    lesson["steps"][1].update(expect=[only_first])
    problems = check_lesson(lesson)
    assert any("none of the expected moves is legal" in p and repr(second) in p for p in problems), problems
    assert not any(repr(first) in p for p in problems), problems


@pytest.mark.parametrize(("change", "needle"), [
    (lambda d: d["steps"][0].update(then=["explore"]) or d["steps"].pop(), "the last step has no next step"),
    (lambda d: d["steps"][0]["wrong"].insert(0, {"move": d["steps"][0]["expect"][0], "text": "x"}),
     "is an expected (right) move"),
    (lambda d: d["steps"][0]["right"].insert(0, {"move": "explore", "text": "x"}), "not one of the step's expected"),
    (lambda d: d["steps"][0]["wrong"].insert(0, {"kind": "explore", "text": "x"}), "no legal move of kind 'explore'"),
    (lambda d: d["steps"][0]["wrong"].insert(0, {"move": "explore", "text": "x"}), "the reader never makes it"),
    (lambda d: d["steps"][0]["wrong"].insert(0, {"move": "x", "kind": "keep", "text": "x"}), "with kind or move"),
    (lambda d: d["steps"][0]["right"].insert(0, {"kind": "keep", "text": "x"}), "with move"),
    (lambda d: d["steps"][0].update(hints=[]), "hints: a list of 1 to 5 texts"),
    (lambda d: d["steps"][0].update(then={"explore": ["explore"]}), "is not one of the step's expected moves"),
    (lambda d: d["steps"][0].update(highlight=["hand-card-investment_credits"]), "not an element the table draws"),
    (lambda d: d["steps"][0].update(highlight=["made-up"]), "not an element the table draws"),
])
def test_broken_format_2_lessons_are_named(change: Any, needle: str) -> None:
    """Each format-2 mistake is named: a then on the last step, a right move given as wrong feedback, feedback for
    a move that is not right or cannot be made, a kind with no legal move, a made-up highlight id."""
    lesson = v2_lesson()
    change(lesson)
    problems = check_lesson(lesson)
    assert problems and any(needle in p for p in problems), problems


def test_highlight_ids_may_name_a_card_the_reader_holds() -> None:
    """A hand card's id is the table's: hand-card-<card>-<copy>, for a card in the reader's hand here."""
    lesson = v2_lesson()
    state = load_game("jump_drive").state_from_code(lesson["steps"][0]["pos"])
    card = state.to_json()["hands"][0][0]
    lesson["steps"][0]["highlight"] = [f"hand-card-{card}", "explore"]
    assert check_lesson(lesson) == []


def test_version_3_texts_per_language_load_and_the_reader_gets_english_where_one_is_missing() -> None:
    """Lesson format 3: any text may be {en, pl, ...}; a lesson with per-language captions and feedback passes every
    check, and text_in picks the reader's language, falling back to English."""
    from pyengine.lessons import text_in

    lesson = copy.deepcopy(base_lesson())
    lesson["version"] = 3
    lesson["title"] = {"en": "T", "pl": "Tytuł", "ja": "タイトル"}
    lesson["steps"][0]["caption"] = {"en": "Explore now", "cs": "Prozkoumej teď"}
    assert check_lesson(lesson) == []
    assert text_in(lesson["title"], "pl") == "Tytuł"
    assert text_in(lesson["steps"][0]["caption"], "pl") == "Explore now"
    assert text_in("plain", "ja") == "plain"
