"""Deploys and tabs, in a real browser: the app and an embed run under the real Content-Security-Policy; a page
runs one build whole when a new one is deployed under it, and offers the reload; two tabs saving one match at the
same moment cannot both succeed; a save never outlives its meta (no orphans).

The deploy test makes a second real build (``python build.py`` in a copy of this checkout) that differs from the
first as a next version would: a renamed message key (``log.title``, used by every table's log) and a new tagline.
A page that mixed the two builds would show the key as ``⟨LOG.TITLE⟩``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, StaticServer, _launch
from ui_driver import boot, new_game

pytestmark = pytest.mark.browser

SKIP = {".git", ".venv", "node_modules", "dist", ".cache", ".pytest_cache", ".mypy_cache", ".ruff_cache", "build"}
TAGLINE_B = "The next version of Star Table."
CONTROLLED = "navigator.serviceWorker.controller !== null"


def second_build(tmp: Path) -> Path:
    """Build the next version of the site (see the module's text) in a copy of this checkout; return its dist/."""
    src = tmp / "next"
    shutil.copytree(ROOT, src, ignore=lambda d, names: [n for n in names if n in SKIP or n == "__pycache__"])
    (src / "node_modules").symlink_to(ROOT / "node_modules")
    if (ROOT / ".cache" / "wheels").is_dir():  # the pinned micropip wheel, hash-checked: no second download
        (src / ".cache").mkdir()
        (src / ".cache" / "wheels").symlink_to(ROOT / ".cache" / "wheels")
    for other in (src / "web" / "app" / "locales").glob("*.json"):  # a renamed id is renamed in every language
        if other.name != "en.json":
            renamed = other.read_text(encoding="utf-8").replace('"log.title"', '"log.heading"')
            other.write_text(renamed, encoding="utf-8")
    locale = src / "web" / "app" / "locales" / "en.json"
    text = locale.read_text(encoding="utf-8")
    assert '"log.title"' in text and '"app.tagline"' in text
    text = text.replace('"log.title"', '"log.heading"')
    start = text.index('"app.tagline": "') + len('"app.tagline": "')
    text = text[:start] + TAGLINE_B + text[text.index('"', start):]
    locale.write_text(text, encoding="utf-8")
    view = src / "web" / "app" / "ui" / "log-view.js"
    view.write_text(view.read_text(encoding="utf-8").replace('t("log.title")', 't("log.heading")'), encoding="utf-8")
    subprocess.run([sys.executable, "build.py"], cwd=src, check=True, stdout=subprocess.DEVNULL)
    return src / "dist"


def raw_keys(page) -> list[str]:
    """Message keys drawn as ⟨KEY⟩ (a text the page's catalog does not have: two builds mixed)."""
    return [line for line in page.inner_text("body").splitlines() if "⟨" in line]


def test_the_app_and_an_embed_run_under_the_real_csp(pw, server, blocked):
    """netlify.toml's Content-Security-Policy, as the test server sends it: the engine boots in its worker, a game
    opens, and a lesson embed starts, with no policy violation reported. ('unsafe-eval' stays in the policy: without
    it PyScript's worker does not find the vendored runtime and tries a removed CDN address, docs/PERFORMANCE.md.)"""
    ctx, profile = _launch(pw, blocked, bypass_csp=False, viewport={"width": 1366, "height": 900})
    ctx.add_init_script("""document.addEventListener('securitypolicyviolation',
        (e) => (window.__csp = window.__csp || []).push(e.violatedDirective + ' ' + e.blockedURI));""")
    try:
        page = ctx.new_page()
        page.goto(server.url)
        page.wait_for_selector("html[data-engine=ready], html[data-engine=error]", timeout=BOOT_TIMEOUT_MS,
                               state="attached")
        assert page.get_attribute("html", "data-engine") == "ready", page.inner_text("body")
        page.click("[data-testid=start-game]")
        page.wait_for_selector("[data-testid=jd-table]")
        assert page.evaluate("window.__csp || []") == []
        page.goto(server.url + "embed.html?game=jump_drive&mode=lesson&lesson=jump-drive-explore")
        page.click("[data-testid=try-it]")
        page.wait_for_selector("html[data-embed=ready], html[data-embed=error]", timeout=BOOT_TIMEOUT_MS,
                               state="attached")
        assert page.get_attribute("html", "data-embed") == "ready", page.inner_text("body")
        page.wait_for_selector("[data-testid=lesson-caption]")
        assert page.evaluate("window.__csp || []") == []
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_a_deploy_under_an_open_game_runs_one_build_whole_and_offers_the_reload(pw, blocked, dist, tmp_path):
    """Never mix versions: with a game open on build A, build B is deployed. The page learns of it and offers "A new
    version is ready: reload"; a reload the player did not ask for still runs A whole (A's tagline, no ⟨key⟩ on the
    home screen or the table); the offer's Reload switches to B whole, and the game goes on from its autosave."""
    next_dist = second_build(tmp_path)
    site = StaticServer(dist)
    ctx, profile = _launch(pw, blocked, viewport={"width": 1366, "height": 900})
    try:
        page = ctx.new_page()
        page.set_default_timeout(60_000)
        boot(page, site.url)
        page.wait_for_function(CONTROLLED, timeout=60_000)
        tagline_a = page.inner_text(".tagline")
        assert tagline_a and tagline_a != TAGLINE_B
        new_game(page, seed=7)
        page.wait_for_selector("[data-testid=jd-table]")
        assert not raw_keys(page)

        site.stop()  # the deploy: the same origin now serves build B
        site.dist = next_dist
        site.start()
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("[data-testid=update-ready]")
        assert page.locator("[data-testid=jd-table]").count() == 1, "the offer does not close the game"
        assert not raw_keys(page)

        page.reload()  # not the offer's Reload: the old build's worker still answers, with the old build whole
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("[data-testid=home]")
        assert page.inner_text(".tagline") == tagline_a
        page.wait_for_selector("[data-testid=update-ready]")
        page.click("[data-testid^=continue]")
        page.wait_for_selector("[data-testid=jd-table]")
        assert not raw_keys(page), "one build whole after a reload the player did not ask for"

        page.click("[data-testid=update-reload]")
        page.wait_for_function(f"document.body.innerText.includes({TAGLINE_B!r})", timeout=BOOT_TIMEOUT_MS)
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        assert not raw_keys(page)
        assert page.locator("[data-testid=update-ready]").count() == 0
        page.click("[data-testid^=continue]")
        page.wait_for_selector("[data-testid=jd-table]")
        assert not raw_keys(page), "build B whole, its log heading from its own catalog"
    finally:
        ctx.close()
        site.stop()
        shutil.rmtree(profile, ignore_errors=True)


STORE = "(await import('./app/boot.js')).store"
INFO = "{game: 'jump_drive', gameName: 'Jump Drive', names: ['A', 'B'], kinds: ['human', 'greedy'], round: 1}"


def test_two_tabs_saving_one_match_at_the_same_moment_cannot_both_succeed(pw, server, blocked):
    """Saves under races (store.js saveMatch, a compare-and-set under the entry's Web Lock): two tabs that both last
    saw revision 1 write the same match at the same millisecond; in each of 5 trials exactly one write succeeds
    (revision 2) and the other is refused as a conflict, so no write is lost without a word."""
    ctx, profile = _launch(pw, blocked, viewport={"width": 1000, "height": 800})
    try:
        tabs = [ctx.new_page(), ctx.new_page()]
        for tab in tabs:
            tab.goto(server.url)
            tab.wait_for_selector("[data-testid=home]")
        for trial in range(5):
            mid = f"race{trial}"
            tabs[0].evaluate(f"async () => {{ await {STORE}.saveMatch('{mid}', {{n: 0}}, {INFO}, null); }}")
            at = int(time.time() * 1000) + 400
            for n, tab in enumerate(tabs):
                tab.evaluate(f"""async () => {{
                    const store = {STORE};
                    window.__race = new Promise((done) => setTimeout(() => store.saveMatch('{mid}', {{n: {n + 1}}},
                        {INFO}, 1).then((m) => done('rev ' + m.rev), (e) => done(e.name)), {at} - Date.now()));
                }}""")
            results = sorted(tab.evaluate("window.__race") for tab in tabs)
            assert results == ["ConflictError", "rev 2"], (trial, results)
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_a_save_never_outlives_its_meta_and_orphans_are_swept_at_start(pw, server, blocked):
    """Storage full with room for a new match's save but not its meta: the save is taken back (no orphan that no
    list shows), and the player hears that storage is full. An orphan left by an older version is removed at the
    next start; saves with their meta are kept."""
    ctx, profile = _launch(pw, blocked, viewport={"width": 1000, "height": 800})
    try:
        page = ctx.new_page()
        page.goto(server.url)
        page.wait_for_selector("[data-testid=home]")
        outcome = page.evaluate(f"""async () => {{
            const store = {STORE};
            const setItem = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {{
                if (key.startsWith('pyengine:meta:full')) throw new DOMException('full', 'QuotaExceededError');
                return setItem.call(this, key, value);
            }};
            try {{ await store.saveMatch('full1', {{n: 1}}, {INFO}, null); return 'saved'; }}
            catch (e) {{ return e.name; }}
            finally {{ Storage.prototype.setItem = setItem; }}
        }}""")
        assert outcome == "StorageFullError"
        assert page.evaluate("localStorage.getItem('pyengine:match:full1')") is None, "no orphan save"
        page.evaluate(f"""async () => {{
            const store = {STORE};
            await store.saveMatch('kept1', {{n: 1}}, {INFO}, null);
            localStorage.setItem('pyengine:match:orphan1', JSON.stringify({{v: 2, rev: 1, save: {{n: 1}}}}));
            localStorage.setItem('pyengine:slot:orphan2', JSON.stringify({{v: 2, rev: 1, save: {{n: 1}}}}));
        }}""")
        page.reload()
        page.wait_for_selector("[data-testid=home]")
        page.wait_for_function("localStorage.getItem('pyengine:match:orphan1') === null"
                               " && localStorage.getItem('pyengine:slot:orphan2') === null")
        assert page.evaluate("localStorage.getItem('pyengine:match:kept1') !== null")
        assert page.evaluate("localStorage.getItem('pyengine:meta:kept1') !== null")
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)
