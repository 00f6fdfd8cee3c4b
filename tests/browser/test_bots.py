"""Bot levels in the browser: a Hard bot plays a whole Jump Drive game against a human with its thinking shown,
and Undo while it thinks stops it cleanly."""

from __future__ import annotations

import pytest
from ui_driver import axe_violations, boot, go_home, new_game, play_step, settle

pytestmark = pytest.mark.browser

WATCH_THINKING = """() => {
  window.__thinking = { seen: 0, maxShare: 0, meters: 0 };
  const look = () => {
    const note = document.querySelector('[data-testid=bot-thinking]');
    const meter = document.querySelector('[data-testid=think-meter]');
    if (note) window.__thinking.seen += 1;
    if (meter) {
      window.__thinking.meters += 1;
      window.__thinking.maxShare = Math.max(window.__thinking.maxShare, Number(meter.value) || 0);
    }
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def test_home_offers_four_bot_levels_with_their_help(page, server):
    """Each bot seat offers Human, Easy, Normal, Hard and Expert; the levels' help is one click away."""
    if not page.locator("[data-testid=home], [data-testid=game]").count():
        boot(page, server.url)
    go_home(page)
    page.select_option("[data-testid=game-select]", "jump_drive")
    labels = page.eval_on_selector_all("[data-testid=seat-kind-1] option", "os => os.map(o => o.value)")
    assert labels == ["human", "easy", "normal", "hard", "expert"]
    page.click("[data-testid=help-bot-levels]")
    text = page.inner_text("[role=dialog]")
    assert "Hard" in text and "Expert" in text and "never looking at yours" in text
    page.keyboard.press("Escape")


def test_undo_while_the_hard_bot_thinks_stops_it_and_takes_the_choice_back(page, server):
    """Jump Drive's opening choice is simultaneous: after the human keeps 5, the Expert bot thinks; Undo then stops
    the thinking at once, takes the human's choice back, and the bot thinks again only after the next choice."""
    go_home(page)
    new_game(page, names=("Ann", "Exa"), kinds=("human", "expert"), seed=12)
    assert settle(page) == "opening"
    page.click("[data-testid=confirm]")
    page.wait_for_selector("[data-testid=think-meter]", timeout=10_000)
    undo = page.locator("[data-testid=undo]")
    assert undo.get_attribute("aria-disabled") is None, "Undo is offered while the bot thinks"
    undo.click()
    assert settle(page) == "opening"
    assert page.locator("[data-testid=bot-thinking]").count() == 0
    assert page.inner_text("[data-testid=status-1]").strip() == page.inner_text("[data-testid=status-0]").strip()
    focused = page.evaluate("document.activeElement && document.activeElement.tagName")
    assert focused != "BODY"
    page.wait_for_timeout(400)  # the stopped search does not come back and move on its own
    assert page.locator("[data-testid=bot-thinking]").count() == 0 and settle(page) == "opening"
    page.click("[data-testid=confirm]")
    assert settle(page) == "plan"


def test_home_while_the_bot_thinks_stops_it_and_continue_thinks_again(page, server, page_state):
    """Home during a bot's thinking leaves the game cleanly (no error, its autosave listed); Continue resumes it and
    the bot thinks again from the saved position."""
    go_home(page)
    new_game(page, names=("Ann", "Exa"), kinds=("human", "expert"), seed=14)
    assert settle(page) == "opening"
    page.click("[data-testid=confirm]")
    page.wait_for_selector("[data-testid=think-meter]", timeout=10_000)
    page.click("[data-testid=nav-home]")
    page.wait_for_selector("[data-testid=home]")
    page.locator("[data-role=continue]").first.click()
    page.wait_for_selector("[data-testid=game]")
    assert settle(page) == "plan"
    assert not page_state.errors, page_state.errors


def test_hard_bot_plays_a_whole_jump_drive_game_with_its_thinking_shown(page, server, shots, page_state):
    """A human plays a whole Jump Drive game against a Hard bot: the bot's thinking shows ("… is thinking" and a
    meter that fills), the page never freezes, and the game reaches its end screen. The page runs at ?thinkms=200
    (Hard's search, stopped after 200 ms a move instead of 0.9 s) to keep the suite short; it is the last test here
    and boots the page back without it."""
    boot(page, server.url + "?thinkms=200")
    new_game(page, names=("Ann", "Hal"), kinds=("human", "hard"), seed=11)
    page.evaluate(WATCH_THINKING)
    seen = []
    shot = False
    for _ in range(300):
        if not shot and page.locator("[data-testid=think-meter]").count():
            page.screenshot(path=str(shots / "hard-thinking.png"))
            assert not axe_violations(page, "hard bot thinking")
            shot = True
        mode = play_step(page)
        seen.append(mode)
        if mode == "end":
            break
    assert seen[-1] == "end", seen[-10:]
    watched = page.evaluate("window.__thinking")
    assert watched["seen"] >= 5 and watched["meters"] >= 5, watched
    assert watched["maxShare"] > 0.2, watched
    assert page.locator("[data-testid=final-scores] tbody tr").count() == 2
    assert not page_state.errors, page_state.errors
    boot(page, server.url)
