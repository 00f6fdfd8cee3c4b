"""The lesson recorder in a real browser (issue 33, acceptance 1 and item 4): for each title, a two-step lesson is
recorded on the game's own table through the UI only (a wrong move answered with its own feedback, a right answer
and one alternative, a hint, the other seat's replies, a second step that continues from the first), exported, and
then played in embed.html in lesson mode, wrong and right. The shipped lessons round-trip through Import and Export
unchanged, and a draft survives a reload."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from host_pages import BOOT_MS, RIGHT_JS, STATE_JS, app_new_game
from ui_driver import axe_violations, go_home, overflowing, play_step, settle

from pyengine.core.match import Match
from pyengine.core.registry import load_game

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "web" / "lessons"
TITLES = ("jump_drive", "ares_expedition", "beyond_the_sun")
AUTHOR = "document.querySelector('[data-testid=author]')"


def wait_author(page, attr: str, value: str) -> None:
    """Wait until the recorder's data-<attr> reads value."""
    page.wait_for_function(f"{AUTHOR}?.dataset.{attr} === '{value}'", polling=100)


def option_values(page, select: str) -> list[str]:
    """The values of a select's options, the empty prompt left out."""
    return [v for v in page.eval_on_selector_all(f"{select} option", "os => os.map((o) => o.value)") if v]


def add_from(page, testid: str, value: str) -> None:
    """Pick an option of one of the recorder's lists and press its Add button."""
    page.select_option(f"[data-testid={testid}]", value)
    page.click(f"[data-testid={testid}-add]")


@pytest.mark.parametrize("game", TITLES)
def test_a_two_step_lesson_is_recorded_on_the_table_exported_and_played_in_the_embed(page, server, game):
    app_new_game(page, server, game, seed=21)
    if game == "ares_expedition":
        play_step(page)  # past the choice of corporations (two cards): the phase cards offer five
    settle(page)
    page.click("[data-testid=make-lesson]")
    page.wait_for_selector("[data-testid=author]")
    settle(page)
    page.fill("[data-testid=author-title]", f"A {game} lesson")
    page.fill("[data-testid=author-caption]", "Look at your hand first.")

    # A wrong move, made on the table: answered by its own feedback (it is not played).
    page.click("[data-testid=author-pick-wrong]")
    play_step(page)
    page.wait_for_selector("[data-testid=author-wrong-0]")
    page.fill("[data-testid=author-wrong-0]", "Not that one: it wastes the turn.")
    page.click("[data-testid=author-pick-expect]")
    # The right answer and one alternative, from the list of the seat's legal moves.
    moves = [v for v in option_values(page, "[data-testid=author-alt]")]
    assert len(moves) >= 2, "the step offers at least two other legal moves"
    add_from(page, "author-alt", moves[0])
    wait_author(page, "answers", "1")
    add_from(page, "author-alt", option_values(page, "[data-testid=author-alt]")[0])
    wait_author(page, "answers", "2")
    page.fill("[data-testid=author-right]", "Yes: this keeps your options open.")
    # Any other move gets a default text.
    add_from(page, "author-wrong-for", "any:")
    page.fill("[data-testid=author-wrong-1]", "Another move would do less.")
    page.click("[data-testid=author-add-hint]")
    page.fill("[data-testid=author-hint-0]", "Count what each choice gives you.")
    # Outline a table element: pick, click it on the table, done.
    page.click("[data-testid=author-pick-highlight]")
    target = page.locator("[data-testid=author] [data-testid=game] [data-legal] >> visible=true").first
    outlined = target.evaluate(
        "(el) => (el.dataset.testid ? el : el.parentElement.closest('[data-testid]')).dataset.testid")
    target.click()
    page.wait_for_selector("[data-testid=author-highlights] li")
    assert page.locator(f"[data-testid=author] [data-testid='{outlined}'].lesson-hl").count() >= 1
    page.click("[data-testid=author-pick-highlight]")
    # The other seats' replies, played on the table in their own views.
    page.click("[data-testid=author-record-replies]")
    wait_author(page, "stage", "replies")
    for _ in range(20):
        if page.evaluate(f"{AUTHOR}.dataset.replying") != "1":
            break
        play_step(page)
        page.wait_for_timeout(50)
    assert page.evaluate(f"{AUTHOR}.dataset.replying") == "0", "the replies never came back to the reader's seat"
    page.click("[data-testid=author-next-step]")
    wait_author(page, "step", "1")
    settle(page)
    page.fill("[data-testid=author-caption]", "Now the next choice.")
    play_step(page)  # the right answer of step 2, made on the table
    wait_author(page, "answers", "1")
    add_from(page, "author-alt", option_values(page, "[data-testid=author-alt]")[0])
    wait_author(page, "answers", "2")
    add_from(page, "author-wrong-for", "any:")
    page.fill("[data-testid=author-wrong-0]", "Try once more.")
    assert not overflowing(page), overflowing(page)
    assert not axe_violations(page, f"{game} recorder"), axe_violations(page, f"{game} recorder")

    if game == "jump_drive":  # Preview: the lesson as a reader gets it, in embed.html inside the recorder
        page.click("[data-testid=author-preview-open]")
        frame = page.frame_locator("[data-testid=author-preview-frame]")
        frame.locator("[data-testid=lesson-caption]").wait_for(timeout=BOOT_MS)
        assert frame.locator("[data-testid=lesson-caption]").inner_text() == "Look at your hand first."
        page.click("[data-testid=author-preview-close]")
    page.click("[data-testid=author-export-open]")
    page.wait_for_selector("[data-testid=author-export-json]")
    assert page.locator("[data-testid=author-problems]").count() == 0, page.inner_text("[data-testid=author-problems]")
    lesson = json.loads(page.input_value("[data-testid=author-export-json]"))
    link = page.input_value("[data-testid=author-export-link]")
    assert "data-star-table" in page.input_value("[data-testid=author-export-snippet]")
    page.click("[data-testid=author-export-close]")
    first, second = lesson["steps"]
    assert lesson["game"] == game and lesson["version"] == 3
    assert len(first["expect"]) == 2 and len(second["expect"]) == 2
    assert first["wrong"][0]["move"] and first["wrong"][0]["move"] not in first["expect"]
    assert first["wrong"][-1] == {"text": "Another move would do less."}
    assert first["hints"] == ["Count what each choice gives you."]
    assert first["highlight"] == [outlined]
    assert second == {**second, "continue": True}
    go_home(page)
    assert page.locator("[data-testid=draft-row]", has_text=f"A {game} lesson").count() == 1, "the draft is listed"
    # Made from a game still being played, the lesson holds only what its seat may know: the opponent's hidden hand
    # in it is dealt again, never the real one (the recorder showed the author that hand while recording replies).
    real = Match.from_save(page.evaluate("""async () => {
      const { store } = await import('./app/boot.js');
      return store.readSave(store.activeMatches()[0]).save;
    }""")).state
    shown = load_game(game).state_from_code(first["pos"])
    if game == "jump_drive":
        assert sorted(shown.to_json()["hands"][1]) != sorted(real.to_json()["hands"][1])
    elif game == "ares_expedition":
        assert sorted(shown.to_json()["p"][1]["hand"]) != sorted(real.to_json()["p"][1]["hand"])

    # The reader's side: the exported link in embed.html, lesson mode.
    page.goto(link.replace("?mode=lesson", "?mode=lesson&boot=auto"))
    page.wait_for_function(STATE_JS, timeout=BOOT_MS, polling=100)
    assert page.evaluate("document.documentElement.dataset.embed") == "ready", page.inner_text("body")
    assert page.inner_text("[data-testid=lesson-caption]") == "Look at your hand first."
    assert page.locator(f"[data-testid='{outlined}'].lesson-hl").count() >= 1, "the outline reaches the reader"
    play_step(page)  # the move the author answered as wrong
    page.wait_for_function(
        "document.querySelector('[data-testid=lesson-feedback]')?.classList.contains('wrong')", polling=100)
    assert page.inner_text("[data-testid=lesson-feedback]") == "Not that one: it wastes the turn."
    page.click("[data-testid=lesson-show]")
    page.wait_for_function(RIGHT_JS, polling=100)
    assert "Yes: this keeps your options open." in page.inner_text("[data-testid=lesson-feedback]")
    page.click("[data-testid=lesson-next]")
    page.wait_for_function("document.querySelector('[data-testid=lesson]')?.dataset.step === '1'", polling=100)
    play_step(page)  # the author's right answer, made by the reader on the table
    page.wait_for_function(RIGHT_JS, polling=100)
    page.goto(server.url)


def test_the_shipped_lessons_round_trip_through_import_and_export(page, server):
    """Item 4: each shipped lesson, imported into the recorder and exported untouched, is the same file, byte for
    byte; and its draft is still there after a reload."""
    app_new_game(page, server, "jump_drive", seed=3)
    go_home(page)
    for path in sorted(LESSONS.glob("*.json")):
        page.set_input_files("[data-testid=import-lesson]",
                             files=[{"name": path.name, "mimeType": "application/json", "buffer": path.read_bytes()}])
        page.wait_for_selector("[data-testid=author-export-open]")
        page.click("[data-testid=author-export-open]")
        page.wait_for_selector("[data-testid=author-export-json]")
        assert page.input_value("[data-testid=author-export-json]") == path.read_text(encoding="utf-8"), path.name
        page.click("[data-testid=author-export-close]")
        go_home(page)
    page.reload()
    page.wait_for_selector("[data-testid=home]")
    assert page.locator("[data-testid=draft-row]").count() >= len(list(LESSONS.glob("*.json")))
