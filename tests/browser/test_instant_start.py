"""Instant start: the home screen is usable before the engine is up (it draws from data build.py wrote), and what
needs the engine waits for it with a progress indicator.

The engine is held back on purpose: the Pyodide runtime's wasm file is not answered until the test lets it through.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest
from conftest import _launch
from ui_driver import axe_violations, overflow

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SHELL_READY = "document.documentElement.dataset.shell === 'ready'"
TABLE_CHUNK = re.compile(r"app/table-[A-Z0-9]{8}\.js$")
"""A game's own table code: the build bundles each web/app/games/<id>/ into a chunk named after its table.js."""
TABLE_IDS = {"jump_drive": "jd-table", "ares_expedition": "ares-table", "beyond_the_sun": "bts-table"}
"""Each game table's root element (its test id), which only that game's code draws."""
ENGINE = "document.documentElement.dataset.engine"
WRITE_SLOT_JS = """async (save) => {
  const { store } = await import("./app/boot.js");
  store.writeSlot("Saved before the engine", save, {
    game: save.game, gameName: "Jump Drive", names: save.seats.map((s) => s.name),
    kinds: save.seats.map((s) => s.kind), round: 1, terminal: false });
}"""


class HeldRuntime:
    """Holds every request for Pyodide's wasm file until ``release``; from then on lets them through."""

    def __init__(self) -> None:
        self.held: list = []
        self.released = False

    def route(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            with contextlib.suppress(Exception):  # the page that asked for it was reloaded meanwhile
                route.continue_()
        self.held.clear()


@pytest.mark.parametrize("size", [(1366, 900), (390, 844)], ids=["desktop", "phone"])
def test_home_is_usable_before_the_engine_and_start_waits_for_it(pw, server, blocked, shots, size):
    """Seats can be set and a saved game is listed while the engine still boots; Start then waits, showing the boot's
    progress, and the game starts with those seats once the engine is ready."""
    width, height = size
    ctx, profile = _launch(pw, blocked, viewport={"width": width, "height": height})
    runtime = HeldRuntime()
    ctx.route("**/pyodide.asm.wasm", runtime.route)
    try:
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "?pace=0")
        page.wait_for_function(SHELL_READY)
        assert page.evaluate(ENGINE) == "loading"
        status = page.locator("[data-testid=engine-status]")
        assert status.get_attribute("data-stage") in {"runtime", "installing"}
        assert "rules engine" in status.inner_text()

        save = json.loads((FIXTURES / "jump_drive-2026.11.json").read_text())
        page.evaluate(WRITE_SLOT_JS, save)
        page.reload()
        page.wait_for_function(SHELL_READY)
        assert page.evaluate(ENGINE) == "loading", "the engine must still be held back"
        row = page.locator("[data-testid=slot-row][data-name='Saved before the engine']")
        assert row.count() == 1, "a saved game is listed before the engine is ready"
        assert "Ann" in row.inner_text()

        page.fill("[data-testid=seat-name-input-0]", "Vera")
        page.select_option("[data-testid=seat-kind-1]", "hard")
        assert page.locator("[data-testid=seat-kind-1]").input_value() == "hard"
        assert overflow(page) == 0
        assert axe_violations(page, "home before the engine") == []
        page.screenshot(path=str(shots / f"instant-home-{width}.png"))

        page.click("[data-testid=start-game]")
        wait = page.locator("[data-testid=engine-wait]")
        wait.wait_for()
        assert page.evaluate(ENGINE) == "loading"
        progress = page.locator("[data-testid=engine-wait-progress]")
        assert progress.count() == 1 and 1 <= int(progress.get_attribute("value")) < 3
        assert "Jump Drive" in wait.inner_text()
        assert page.evaluate("document.activeElement.dataset.testid") == "engine-wait-cancel"
        assert axe_violations(page, "waiting for the engine") == []
        page.screenshot(path=str(shots / f"instant-wait-{width}.png"))

        runtime.release()
        page.wait_for_selector("[data-testid=jd-table]", timeout=120_000)
        assert page.evaluate(ENGINE) == "ready"
        assert page.locator("[data-testid=engine-wait]").count() == 0
        assert "Vera" in page.inner_text("[data-testid=jd-table]")
        assert errors == []
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_a_cancelled_wait_starts_nothing(pw, server, blocked):
    """Cancel on the waiting layer goes back to the home screen; the engine boots on, and no game starts."""
    ctx, profile = _launch(pw, blocked, viewport={"width": 1366, "height": 900})
    runtime = HeldRuntime()
    ctx.route("**/pyodide.asm.wasm", runtime.route)
    try:
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        page.goto(server.url + "?pace=0")
        page.wait_for_function(SHELL_READY)
        page.click("[data-testid=start-game]")
        page.locator("[data-testid=engine-wait]").wait_for()
        page.click("[data-testid=engine-wait-cancel]")
        page.locator("[data-testid=engine-wait]").wait_for(state="detached")
        assert page.locator("[data-testid=home]").count() == 1
        assert page.evaluate("document.activeElement !== document.body")
        runtime.release()
        page.wait_for_function(f"{ENGINE} === 'ready'", timeout=120_000)
        assert page.locator("[data-testid=home]").count() == 1, "a cancelled start must not start later"
        assert page.locator("[data-testid=engine-status]").get_attribute("data-stage") == "ready"
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def without_inline_info(route) -> None:
    """Answer the app page without its inline copy of the games' infos (build.py's inline-data block)."""
    response = route.fetch()
    body, n = re.subn(r'<script type="application/json" id="page-data-info">.*?</script>', "", response.text(),
                      flags=re.S)
    assert n == 1, "the app page carries the games' infos inline"
    headers = {k: v for k, v in response.headers.items() if k.lower() not in {"content-encoding", "content-length"}}
    route.fulfill(status=response.status, headers=headers, body=body)


def test_the_boot_box_and_a_failed_start_speak_from_the_catalog(pw, server, blocked):
    """Before the UI is up, the boot box shows the catalog's first boot stage (the page carries it); if the home
    screen's own data cannot load, the catalog's "page could not start" heading replaces it, with the reason."""
    catalog = json.loads((Path(__file__).resolve().parents[2] / "web" / "app" / "locales" / "en.json").read_text())
    ctx, profile = _launch(pw, blocked, viewport={"width": 390, "height": 844})
    held: list = []

    def hold(route) -> None:  # the UI is held back: the boot box stays
        held.append(route)

    ctx.route("**/app/main.js", hold)
    try:
        page = ctx.new_page()
        page.set_default_timeout(30_000)
        page.goto(server.url)
        want = catalog["engine.stage.runtime"].replace("{step}", "1").replace("{steps}", "3")
        assert page.inner_text("#boot-stage") == want
        assert page.locator("#boot").is_visible()
        ctx.unroute("**/app/main.js", hold)
        # The games' infos cannot load: the page comes without its inline copy, and the file is missing.
        ctx.route(lambda url: urlparse(url).path.endswith(("/", "/index.html")), without_inline_info)
        ctx.route("**/app/data/info.json", lambda route: route.fulfill(status=404, body="missing"))
        page.reload()
        fatal = page.locator("[data-testid=engine-error]")
        fatal.wait_for()
        assert page.inner_text("[data-testid=engine-error] h1") == catalog["page.failed"]
        assert "404" in fatal.inner_text()
        assert not page.locator("#boot").is_visible()
        assert overflow(page) == 0
        assert axe_violations(page, "the page could not start") == []
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_the_home_screen_paints_first_and_a_game_loads_its_own_texts_when_it_opens(pw, server, blocked):
    """shell-first, split-messages and inline-data: on a first visit no runtime file is asked for before the home
    screen is drawn (PyScript starts after it), its catalog and the games' infos are never fetched (the page carries
    them), and no game's own texts or table before a game opens; a game whose texts cannot
    load says so (catalog text, naming the game) and leaves the home screen as it was; the next try opens it."""
    catalog = json.loads((Path(__file__).resolve().parents[2] / "web" / "app" / "locales" / "en.json").read_text())
    ctx, profile = _launch(pw, blocked, viewport={"width": 390, "height": 844})
    order: list[str] = []
    ctx.on("request", lambda r: order.append(r.url.split("/", 3)[3]))
    failing = {"on": True}

    def texts(route) -> None:
        if failing["on"]:
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    ctx.route("**/app/i18n/en.jump_drive.json", texts)
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        page.goto(server.url + "?pace=0")
        page.wait_for_function(SHELL_READY)
        # What the page asked for before its home screen was drawn, by the page's own clock (the request list as
        # seen here would also hold what came between the drawing and this test's next look: PyScript, by design).
        before = page.evaluate("""() => {
          const shell = performance.getEntriesByName("shell:ready")[0].startTime;
          return performance.getEntriesByType("resource").filter((r) => r.startTime < shell).map((r) => r.name);
        }""")
        assert any("app/main.js" in u for u in before), before  # the timeline is read as meant
        # inline-data: the home screen's catalog and the games' infos come inside the page, not as two more requests
        assert not [u for u in order if u.split("?")[0] in {"app/i18n/en.json", "app/data/info.json"}], order
        assert not [u for u in before if "pyscript/" in u or "pyodide/" in u], before
        assert not [u for u in before if "en.jump_drive" in u or TABLE_CHUNK.search(u)], before
        page.wait_for_function(f"{ENGINE} === 'ready'", timeout=120_000)
        assert any("pyscript/" in u for u in order)  # ... and PyScript did start, after it
        page.click("[data-testid=start-game]")
        notice = page.locator("[data-testid=load-error]")
        notice.wait_for()
        want = catalog["game.texts_failed"].split("{game}")[1].split("(")[0]
        assert "Jump Drive" in notice.inner_text() and want in notice.inner_text()
        assert page.locator("[data-testid=home]").count() == 1
        assert page.evaluate("document.activeElement !== document.body")
        assert overflow(page) == 0
        assert axe_violations(page, "a game's texts could not load") == []
        failing["on"] = False
        page.click("[data-testid=start-game]")
        page.wait_for_selector("[data-testid=jd-table]")
        assert "⟨" not in page.inner_text("body"), "a message id is on screen"
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.parametrize("game", sorted(TABLE_IDS))
def test_opening_a_game_loads_its_own_table_and_no_other(pw, server, blocked, game):
    """One room per game: from a fresh visit, opening one game fetches one table chunk, which draws that game's table
    and no other's; no other game's table code is ever requested (the request list, the service worker's precache
    aside: it fetches every file of the build for offline play, and runs none of them)."""
    ctx, profile = _launch(pw, blocked, viewport={"width": 1366, "height": 900})
    seen: list[str] = []
    ctx.on("request", lambda r: seen.append(r.url) if r.service_worker is None else None)
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        page.goto(server.url + "?pace=0")
        page.wait_for_function(f"{ENGINE} === 'ready'", timeout=120_000)
        assert not [u for u in seen if TABLE_CHUNK.search(u)], "no table before a game opens"
        page.select_option("[data-testid=game-select]", game)
        page.click("[data-testid=start-game]")
        page.wait_for_selector(f"[data-testid={TABLE_IDS[game]}]")
        tables = [u for u in seen if TABLE_CHUNK.search(u)]
        assert len(tables) == 1, tables
        code = page.evaluate("async (u) => (await fetch(u)).text()", tables[0])
        assert f'"{TABLE_IDS[game]}"' in code
        assert not [t for g, t in TABLE_IDS.items() if g != game and f'"{t}"' in code], "another game's table code"
        print(f"{game}: {sorted({u.rsplit('/', 1)[1] for u in seen if '/app/' in u and u.endswith('.js')})}")
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)
