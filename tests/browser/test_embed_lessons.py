"""Lesson format 2 and hostile lessons in a real browser (issue 31, items 5 and 6): hints, feedback per move, a
continue step that follows the reader's own right move, a lesson fetched and checked on the poster before any
engine (a lesson whose codes are of another game, one too large, an http lesson-url, a game= that disagrees), a
line over the limit, and a step that cannot be set up ending in data-embed="error"."""

from __future__ import annotations

import json
import urllib.parse

import pytest
from host_pages import BOOT_MS, RIGHT_JS, STATE_JS, app_new_game, lesson, served
from ui_driver import axe_violations, play_step, settle

pytestmark = pytest.mark.browser


@pytest.fixture
def fresh(context):
    """A new page of the shared browser, with the requests it makes recorded; closed after the test (and the
    lessons it served with it)."""
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    requests: list[str] = []
    pg.on("request", lambda r: requests.append(r.url))
    yield pg, requests
    pg.close()
    for pattern in SERVED:
        context.unroute(pattern)
    SERVED.clear()


SERVED: list[str] = []


def serve_lesson(pg, name: str, body: str) -> None:
    """Answer /lessons/<name>.json with this body (a lesson the site does not ship). The whole browser's route, so
    the app's service worker, which answers the site's requests once the app has run, is answered too."""
    pattern = f"**/lessons/{name}.json"
    pg.context.route(pattern, lambda route: route.fulfill(status=200, content_type="application/json", body=body))
    SERVED.append(pattern)


def poster_error(pg, requests, url: str) -> str:
    """Open an embed that must fail on its poster: return its message, after checking no engine was fetched."""
    pg.goto(url)
    pg.wait_for_function("document.documentElement.dataset.embed === 'error'", polling=100)
    assert not [u for u in requests if "pyodide" in u or u.endswith(".whl")], "the engine started for a bad lesson"
    return pg.inner_text("[data-testid=embed-error]")


def test_a_format_2_lesson_gives_hints_feedback_per_move_and_follows_the_readers_move(fresh, server):
    """bts-colonize (format 2): Hint shows the step's hints one by one; a build-and-jump space gets its own wrong
    text, another wrong space the default; the third of three right spaces is right, and the next step (continue)
    starts after that very move: the reader's pawn stands on the space the reader chose, not the first one."""
    pg, _ = fresh
    data = lesson("bts-colonize")
    step = data["steps"][0]
    pg.goto(server.url + "embed.html?lesson=bts-colonize&boot=auto")
    pg.wait_for_function(STATE_JS, timeout=BOOT_MS, polling=100)
    assert pg.evaluate("document.documentElement.dataset.embed") == "ready", pg.inner_text("body")
    pg.click("[data-testid=lesson-hint]")
    assert pg.inner_text("[data-testid=lesson-hint-0]") == step["hints"][0]
    pg.click("[data-testid=lesson-hint]")
    assert pg.inner_text("[data-testid=lesson-hint-1]") == step["hints"][1]
    assert pg.locator("[data-testid=lesson-hint]").count() == 0  # every hint is shown
    pg.click("[data-testid='space-bs.build_jump.0'] .space-hit")
    pg.click("[data-testid=confirm]")
    assert pg.inner_text("[data-testid=lesson-feedback]") == step["wrong"][0]["text"]
    pg.click("[data-testid='space-bs.gain.0'] .space-hit")
    pg.click("[data-testid=confirm]")
    assert pg.inner_text("[data-testid=lesson-feedback]") == step["wrong"][-1]["text"]
    chosen = step["expect"][2].split("space=")[1]
    pg.click(f"[data-testid='space-{chosen}'] .space-hit")
    pg.click("[data-testid=confirm]")
    pg.wait_for_function(RIGHT_JS, polling=100)
    pg.click("[data-testid=lesson-next]")
    pg.wait_for_function("document.querySelector('[data-testid=lesson]')?.dataset.step === '1'", polling=100)
    taken = pg.eval_on_selector_all("li.space.taken", "els => els.map((e) => e.dataset.testid)")
    assert f"space-{chosen}" in taken and f"space-{step['expect'][0].split('space=')[1]}" not in taken
    pg.click("[data-testid=lesson-show]")  # the settle step, by Show me
    pg.wait_for_function(RIGHT_JS, polling=100)
    assert not axe_violations(pg, "format 2 lesson")


def test_b_a_lesson_is_checked_on_the_poster_before_any_engine(fresh, server):
    """Fetched and checked before the engine: codes of another game, a lesson over 256 KB, an http lesson-url from
    another site, a game= the lesson is not for, and a line over 200 moves are each refused in words at once."""
    pg, requests = fresh
    mixed = lesson("jump-drive-explore")
    mixed["steps"][0]["pos"] = lesson("bts-pawn")["steps"][0]["pos"]
    serve_lesson(pg, "mixed", json.dumps(mixed))
    text = poster_error(pg, requests, server.url + "embed.html?lesson=mixed")
    assert "steps[0].pos is a Beyond the Sun position, but the lesson is for Jump Drive" in text
    serve_lesson(pg, "huge", json.dumps({**mixed, "title": "x" * 300_000}))
    assert "the limit is 256 KB" in poster_error(pg, requests, server.url + "embed.html?lesson=huge")
    url = urllib.parse.quote("http://example.org/lesson.json", safe="")
    assert "https" in poster_error(pg, requests, server.url + f"embed.html?lesson-url={url}")
    text = poster_error(pg, requests, server.url + "embed.html?lesson=bts-pawn&game=jump_drive")
    assert "The lesson is for Beyond the Sun, but the example names Jump Drive" in text
    code = lesson("jump-drive-explore")["steps"][0]["pos"]
    line = urllib.parse.quote(";".join(["explore"] * 201))
    text = poster_error(pg, requests, server.url + f"embed.html?game=jump_drive&pos={code}&line={line}")
    assert "The line has 201 moves; the limit is 200." in text
    text = poster_error(pg, requests, server.url + f"embed.html?game=ares_expedition&pos={code}")
    assert "is a Jump Drive position, but the example names Terraforming Mars: Ares Expedition" in text


def test_c_a_step_that_cannot_be_set_up_shows_its_problem_as_an_error(fresh, server):
    """A then move that is not legal after the reader's own right move: the next step reports it in words and the
    frame's state is error (for the host page and its tests)."""
    pg, _ = fresh
    broken = lesson("bts-colonize")
    first, _, third = broken["steps"][0]["expect"]
    broken["steps"][0]["then"] = {third: ["explore"]}  # not a Beyond the Sun move at all after the third space
    broken["steps"][0].pop("hints")
    serve_lesson(pg, "broken", json.dumps(broken))
    pg.goto(server.url + "embed.html?lesson=broken&boot=auto")
    pg.wait_for_function(STATE_JS, timeout=BOOT_MS, polling=100)
    assert pg.evaluate("document.documentElement.dataset.embed") == "ready", pg.inner_text("body")
    pg.click(f"[data-testid='space-{third.split('space=')[1]}'] .space-hit")
    pg.click("[data-testid=confirm]")
    pg.wait_for_function(RIGHT_JS, polling=100)
    pg.click("[data-testid=lesson-next]")
    pg.wait_for_function("document.documentElement.dataset.embed === 'error'", polling=100)
    assert "its follow-up move 1 (“explore”) is not a legal move" in pg.inner_text("[data-testid=embed-error]")
    assert first  # the first right move has no then: only the reader's own move was played on


def test_d_the_share_dialogs_lesson_snippet_works_on_another_site(page, context, server, tmp_path):
    """Share, lesson mode (issue 31, item 8): after two moves in the app, the dialog's embed.js snippet for "answer
    this seat's last move" is pasted into a page of another site: its example gets the lesson through embed.js's
    ready event and StarTable.send, and Show me plays the seat's own last move as the right answer."""
    app_new_game(page, server, "jump_drive", seed=78)
    play_step(page)  # the opening keep
    play_step(page)  # the first plan
    settle(page)
    page.click("[data-testid=share-open]")
    page.wait_for_selector("[data-testid=share-div]")
    page.check("[data-testid=share-mode-lesson]")
    page.fill("[data-testid=share-caption]", "Your first plan")
    snippet = page.input_value("[data-testid=share-div]")
    page.keyboard.press("Escape")
    assert 'data-mode="lesson"' in snippet and "star-table:ready" in snippet and "StarTable.send" in snippet
    (tmp_path / "index.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Pasted</title></head><body><h1>A pasted lesson</h1>{snippet}</body></html>""")
    with served(tmp_path) as url:
        host = context.new_page()
        try:
            host.goto(url)
            frame = host.wait_for_selector("#my-star-table-lesson iframe").content_frame()
            frame.wait_for_function("document.documentElement.dataset.hostLesson === 'received'", polling=100)
            frame.wait_for_selector("[data-testid=try-it]")
            frame.evaluate("document.querySelector('[data-testid=try-it]').click()")
            frame.wait_for_function(STATE_JS, timeout=BOOT_MS, polling=100)
            assert frame.evaluate("document.documentElement.dataset.embed") == "ready", frame.inner_text("body")
            assert frame.inner_text("#lesson-title") == "Your first plan"
            frame.click("[data-testid=lesson-show]")
            frame.wait_for_function(RIGHT_JS, polling=100)
        finally:
            host.close()
