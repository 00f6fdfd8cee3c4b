"""Review with Expert in a real browser (issue 34, acceptance 4): a short Jump Drive game is played through the
table, then reviewed from the end screen; the review's list of chosen moves is the game's own (checked against the
engine in CPython from the same save), Cancel stops the weighing in the worker, and a full review names its costliest
decisions as links into the replay."""

from __future__ import annotations

import json
from typing import Any

import pytest
from ui_driver import axe_violations, boot, new_game, overflowing, play_until_end

from pyengine.core.match import Match

pytestmark = pytest.mark.browser

# Each decision is weighed with 12 iterations ("?reviewiter"), so a whole review takes seconds, not minutes.
URL_PARAMS = "?pace=0&reviewiter=12"


def saved_match(page) -> Match:
    """Return the engine's match of the page's one saved game (its autosave, read back in CPython)."""
    raw = page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith('pyengine:match:'))
                              .map((k) => localStorage.getItem(k))""")
    assert len(raw) == 1, f"one saved game expected, {len(raw)} found"
    save: Any = json.loads(raw[0])
    return Match.from_save(save.get("save", save) if isinstance(save, dict) else save)


def expected_decisions(match: Match, seat: int) -> list[tuple[int, str]]:
    """Return the seat's decisions with a choice, in order: (move number, the move in plain words)."""
    state = match.state_at(0)
    out = []
    for n, entry in enumerate(match.log, start=1):
        action = match.game.parse_action(entry.action)
        if entry.seat == seat and len(state.legal_actions(seat)) > 1:
            out.append((n, state.describe(seat, action)))
        state.apply(entry.seat, action)
    return out


def listed(page) -> list[tuple[int, str]]:
    """Return the review's list as drawn: (move number, the played move's text) per row."""
    rows = page.evaluate("""() => [...document.querySelectorAll('[data-testid=review-list] > li')].map((li) => [
        Number(li.dataset.testid.replace('review-item-', '')),
        li.querySelector('.review-played').textContent.replace(/\\s+/g, ' ').trim()])""")
    return [(int(n), str(text)) for n, text in rows]


def test_review_with_expert_lists_the_games_moves_cancels_and_links_the_costliest_into_the_replay(page, server):
    """Play Jump Drive to the end against Normal; Review with Expert from the end screen: Cancel stops it (its
    progress no longer moves and the engine holds no review), Review again runs it to the end; the list is the
    human seat's decisions in the game, every row weighed; a costliest decision's link opens the replay just before
    that move; no overflow at 390 px, no serious axe violation."""
    boot(page, server.url + URL_PARAMS)
    page.evaluate("() => localStorage.clear()")
    boot(page, server.url + URL_PARAMS)
    new_game(page, kinds=("human", "greedy"), seed=11)
    play_until_end(page)
    match = saved_match(page)
    want = expected_decisions(match, 0)
    assert len(want) >= 5

    page.click("[data-testid=end-review]")
    page.wait_for_selector("[data-testid=review-cancel]", timeout=60_000)
    page.click("[data-testid=review-cancel]")
    page.wait_for_selector("[data-testid=review][data-state=cancelled]")
    stopped = page.inner_text("[data-testid=review-status]")
    page.wait_for_timeout(800)
    assert page.inner_text("[data-testid=review-status]") == stopped, "the review went on after Cancel"
    gone = page.evaluate("""async (id) => {
        const { engine } = await import('./app/boot.js');
        const answer = await engine.call({op: 'review_step', match: id, slice_ms: 20});
        return answer.ok === false ? answer.error.message : 'still there';
    }""", page.evaluate("document.querySelector('[data-testid=review]').dataset.match"))
    assert "no review" in gone, gone
    assert page.evaluate("document.activeElement && document.activeElement !== document.body")

    page.click("[data-testid=review-again]")
    page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120_000)
    assert listed(page) == want, "the review lists exactly the seat's decisions of the game, in order"
    waiting = page.locator("[data-testid=review-list] .review-verdict .muted").count()
    assert waiting == 0, f"{waiting} decisions left unweighed"
    status = page.inner_text("[data-testid=review-status]")
    assert str(len(want)) in status
    costly = page.locator("[data-testid^=review-costly-][data-testid$=-go]")
    if costly.count():
        n = int(page.get_attribute("[data-testid=review-costly-0]", "data-n") or 0)
        costly.first.click()
        page.wait_for_function(f"document.querySelector('[data-testid=replay]').dataset.at === '{n - 1}'")
    else:
        assert page.locator("[data-testid=review-costliest]").inner_text().strip()
    assert not axe_violations(page, "review")
    page.set_viewport_size({"width": 390, "height": 844})
    assert not overflowing(page), overflowing(page)
    page.set_viewport_size({"width": 1366, "height": 900})
