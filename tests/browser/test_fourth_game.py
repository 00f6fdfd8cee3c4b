"""A fourth game, added as a new game is: its package and one line. It exists only in the tests (tests/fixtures/
tiny_game, Take the Last); a site built with it lists it on the home screen and plays it to its end through the
generic decision panel, with no edit to the shared web or engine code.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import StaticServer, _launch
from ui_driver import boot, new_game, play_step, settle

from buildkit.site import build
from buildkit.wheel import stage_source

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LAST_GAME = '    "jump_drive",\n)'


def test_a_fourth_game_appears_on_the_home_screen_and_plays_to_its_end(pw, blocked, tmp_path: Path) -> None:
    """Registry: the tiny game's folder copied into a staged source and one line added to GAMES; the site built from
    it offers the game by its own name, and a human plays it to the end against a bot in the generic panel (labelled
    buttons, the game's summary, the log and the shared end screen)."""
    staged = stage_source(tmp_path / "src")
    shutil.copytree(FIXTURES / "tiny_game", staged / "pyengine" / "games" / "tiny_game")
    games = staged / "pyengine" / "games" / "__init__.py"
    listed = games.read_text()
    assert listed.count(LAST_GAME) == 1
    games.write_text(listed.replace(LAST_GAME, '    "jump_drive",\n    "tiny_game",\n)'))  # the one line
    dist = tmp_path / "dist"
    build(dist, source=staged)
    server = StaticServer(dist)
    ctx, profile = _launch(pw, blocked, viewport={"width": 1366, "height": 900})
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        boot(page, server.url + "?pace=0")
        options = page.eval_on_selector_all("[data-testid=game-select] option", "os => os.map(o => [o.value, o.text])")
        assert ["tiny_game", "Take the Last"] in options, options
        page.select_option("[data-testid=game-select]", "tiny_game")
        new_game(page, names=("Ann", "Bot"), kinds=("human", "normal"), seed=3)
        page.wait_for_selector("[data-testid=generic-table]")
        assert "counters left" in page.inner_text("[data-testid=decision-prompt]")
        assert "The pile" in page.inner_text("[data-testid=state-summary]")
        for _ in range(20):
            if settle(page) == "end":
                break
            assert play_step(page) == "generic"
        assert settle(page) == "end"
        winner = page.inner_text("[data-testid=winner]")
        assert winner in ("You win!", "Bot wins!"), winner
        assert "the last counter" in page.inner_text("[data-testid=log]")
        assert "⟨" not in page.inner_text("body"), "a message id is on screen"
    finally:
        ctx.close()
        server.stop()
        shutil.rmtree(profile, ignore_errors=True)
