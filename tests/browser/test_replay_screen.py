"""Replay in a real browser (issue 33, acceptance 3): a finished game of each title, imported through the home
screen, is stepped through move by move with the keyboard, and at every step the table on screen is checked against
the engine's own view of that position (computed here in CPython from the same save); then a new game is played on
from a middle position, and a range of moves is shared as a line that replays."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from ui_driver import axe_violations, boot, go_home, overflowing, uncataloged

from pyengine.core.match import Match
from pyengine.core.registry import load_game

pytestmark = pytest.mark.browser

FINISHED = Path(__file__).resolve().parents[1] / "fixtures" / "finished"
TITLES = ("jump_drive", "ares_expedition", "beyond_the_sun")

# Everything the table draws about one position: the log lines, the card ids it names (instances and cards), the
# viewer's hand in order, and where the replay says it is.
TABLE_JS = """() => {
  const table = document.querySelector('[data-testid=replay] [data-testid=game]');
  const outside = (el) => el.closest('.log-panel, [data-testid=popover], .card-ref');
  const ids = new Set();
  for (const el of table.querySelectorAll('[data-id], [data-card]')) {
    if (outside(el)) continue;
    if (el.dataset.id) ids.add(el.dataset.id);
    if (el.dataset.card) ids.add(el.dataset.card);
  }
  const hand = [...table.querySelectorAll('[data-testid=hand] [data-id]')].map((e) => e.dataset.id);
  return {
    at: Number(document.querySelector('[data-testid=replay]').dataset.at),
    log: table.querySelectorAll('.log-panel li').length,
    ids: [...ids], hand,
  };
}"""


def strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON value (keys and values)."""
    out: set[str] = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.add(str(k))
            out |= strings(v)
    elif isinstance(value, list):
        for v in value:
            out |= strings(v)
    return out


def open_replay(page, server, game: str) -> tuple[dict[str, Any], Match]:
    """Import the title's finished game and open it in the replay from its saved-games row; return the save and the
    engine's own match of it."""
    boot(page, server.url)
    page.evaluate("() => localStorage.clear()")
    boot(page, server.url)
    path = FINISHED / f"{game}.json"
    page.set_input_files("[data-testid=import-file]",
                         files=[{"name": path.name, "mimeType": "application/json", "buffer": path.read_bytes()}])
    page.wait_for_selector("[data-testid=import-ok]")
    page.locator("[data-testid=slot-row] [data-role=replay]").first.click()
    page.wait_for_selector("[data-testid=replay-bar]", timeout=60_000)
    save = json.loads(path.read_text(encoding="utf-8"))
    return save, Match.from_save(save)


def wait_at(page, at: int) -> dict[str, Any]:
    """Wait until the replay shows move ``at``; return what its table draws (one round trip to the page)."""
    seen: dict[str, Any] = page.wait_for_function(
        f"() => document.querySelector('[data-testid=replay]')?.dataset.at === '{at}' && ({TABLE_JS})()",
        polling="raf").json_value()
    return seen


def check_step(match: Match, k: int, viewer: int, seen: dict[str, Any]) -> None:
    """The table at step k is the engine's view of the position after k moves: the same log lines, only cards the
    view holds, and the viewer's hand as the view lists it."""
    state = match.state_at(k)
    view = state.view(viewer)
    visible = [m for m in state.messages() if m.visible_to is None or viewer in m.visible_to]
    assert seen["log"] == len(visible), f"move {k}: the log shows {seen['log']} lines, the engine {len(visible)}"
    known = strings(view)
    known |= {re.sub(r"-[0-9]+$", "", s) for s in known}  # a card's type, from its instance ids
    stray = [i for i in seen["ids"] if i not in known]
    assert not stray, f"move {k}: the table draws cards the view at that move does not hold: {stray[:5]}"
    hand = view.get("hand") if isinstance(view.get("hand"), list) else None
    if hand is not None and seen["hand"]:
        assert seen["hand"] == [str(c) for c in hand], f"move {k}: the hand differs from the view's"


@pytest.mark.parametrize("game", TITLES)
def test_a_finished_game_replays_move_by_move_with_the_keyboard(page, server, game):
    """Home, then → for every move to the end: each step's table matches the engine's view at that step; End and
    ← come back; the move list marks the current move; no overflow or serious axe violation on the replay."""
    _, match = open_replay(page, server, game)
    total = len(match.log)
    assert page.evaluate("Number(document.querySelector('[data-testid=replay]').dataset.total)") == total
    wait_at(page, total)
    page.locator("[data-testid=replay-first]").focus()
    page.keyboard.press("Home")
    check_step(match, 0, 0, wait_at(page, 0))
    for k in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        check_step(match, k, 0, wait_at(page, k))
    assert "current" in (page.get_attribute(f"[data-testid=replay-move-{total}]", "class") or "")
    page.keyboard.press("ArrowLeft")
    check_step(match, total - 1, 0, wait_at(page, total - 1))
    page.keyboard.press("Home")
    wait_at(page, 0)
    page.keyboard.press("End")
    wait_at(page, total)
    assert not overflowing(page), overflowing(page)
    assert not axe_violations(page, f"{game} replay"), axe_violations(page, f"{game} replay")
    # Once the game is over, every seat's view may be looked at.
    page.click("[data-testid=replay-viewer-1]")
    page.wait_for_function(
        "document.querySelector('[data-testid=replay-viewer-1]').getAttribute('aria-pressed') === 'true'")
    check_step(match, total, 1, wait_at(page, total))


def test_play_on_from_a_middle_position_and_share_a_line(page, server):
    """Play on from here starts a new game whose log is the first half of the replayed one; Share this gives a line
    of moves that replays from its position code, move by move, in the engine."""
    game = "jump_drive"
    save, match = open_replay(page, server, game)
    middle = len(match.log) // 2
    page.locator("[data-testid=replay-first]").focus()
    page.keyboard.press("Home")
    wait_at(page, 0)
    for _ in range(middle):
        page.keyboard.press("ArrowRight")
    wait_at(page, middle)

    page.click("[data-testid=replay-share]")
    page.wait_for_selector("[data-testid=replay-share-line]")
    page.fill("[data-testid=share-from]", str(middle - 6))
    page.locator("[data-testid=share-from]").dispatch_event("change")
    page.wait_for_function("document.querySelector('[data-testid=replay-share-link]')?.value.includes('line=')")
    line = [a.strip() for a in page.input_value("[data-testid=replay-share-line]").split(";") if a.strip()]
    link = page.input_value("[data-testid=replay-share-link]")
    code = next(v for k, v in [p.split("=", 1) for p in link.split("?", 1)[1].split("#")[0].split("&")] if k == "pos")
    assert 1 <= len(line) <= 6
    state = load_game(game).state_from_code(code)
    for action in line:
        act = state.game.parse_action(action)
        seat = state.seat_for(act)
        assert seat is not None, f"the shared line's move {action!r} does not replay"
        state.apply(seat, act)
    page.click("[data-testid=replay-share-close]")

    page.click("[data-testid=replay-playon]")
    page.select_option("[data-testid=playon-seat-1]", "normal")
    page.click("[data-testid=playon-start]")
    page.wait_for_selector("[data-testid=playon-started]")
    page.wait_for_selector("[data-testid=game-bar] [data-testid=make-lesson]")
    saved = page.evaluate("""async () => {
      const { store } = await import('./app/boot.js');
      const meta = store.activeMatches()[0];
      return store.readSave(meta).save;
    }""")
    assert [(e["p"], e["a"]) for e in saved["log"][:middle]] == [(e["p"], e["a"]) for e in save["log"][:middle]]
    assert saved["seats"][1]["kind"] == "normal"
    go_home(page)


@pytest.mark.parametrize("lang", ["pl"])
def test_the_workshop_screens_speak_the_catalog_and_fit_a_phone(page, server, lang):
    """The replay, the recorder (opened from the replay's Make a lesson) and the position setup, in Polish (the
    longest of the languages) with every catalog text marked (&i18n-mark): nothing on screen comes from anywhere
    else (the players' names aside), and nothing overflows at 390 px. (Japanese passes too: lang=ja.)"""
    url = f"{server.url}?lang={lang}&i18n-mark"
    boot(page, url)
    page.evaluate("() => localStorage.clear()")
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        boot(page, url)
        path = FINISHED / "jump_drive.json"
        page.set_input_files("[data-testid=import-file]",
                             files=[{"name": "x.json", "mimeType": "application/json", "buffer": path.read_bytes()}])
        page.wait_for_selector("[data-testid=import-ok]")
        page.locator("[data-testid=slot-row] [data-role=replay]").first.click()
        page.wait_for_selector("[data-testid=replay-bar]", timeout=60_000)
        wait_at(page, 66)
        screens = {"replay": ("Ann", "Bob")}
        assert not uncataloged(page, screens["replay"]), uncataloged(page, screens["replay"])
        assert not overflowing(page), overflowing(page)
        page.click("[data-testid=replay-share]")
        page.wait_for_selector("[data-testid=replay-share-line]")
        assert not uncataloged(page, ("Ann", "Bob")), uncataloged(page, ("Ann", "Bob"))
        page.click("[data-testid=replay-share-close]")
        page.keyboard.press("Home")
        wait_at(page, 0)
        page.click("[data-testid=replay-lesson]")
        page.wait_for_selector("[data-testid=author-editor]")
        page.wait_for_selector("[data-testid=author] [data-testid=game]")
        assert not uncataloged(page, ()), uncataloged(page, ())
        assert not overflowing(page), overflowing(page)
        go_home(page)
        page.click("[data-testid=open-setup]")
        page.wait_for_function("document.querySelector('[data-testid=setup]')?.dataset.ok === '1'")
        assert not uncataloged(page, ()), uncataloged(page, ())
        assert not overflowing(page), overflowing(page)
        go_home(page)
    finally:
        page.set_viewport_size({"width": 1366, "height": 900})
        boot(page, server.url)
