"""Embeds start on every reader's browser (issue 31, items 1 and 3): a rules article on another site
(``localhost``, while the app is on ``127.0.0.1``) frames one lesson of each game.

- With third-party storage refused (Chromium's third-party cookie blocking, as Safari, Firefox strict mode and
  Chrome with third-party cookies blocked do), each frame's IndexedDB, CacheStorage and localStorage are refused,
  PyScript's worker could not start there, and each frame now runs an engine of its own in a plain worker: every
  example reaches ``data-embed="ready"``.
- With storage allowed but partitioned, the frames share one engine (a SharedWorker): one engine id for the three,
  and the second frame is ready within a second of asking.
"""

from __future__ import annotations

import shutil
import tempfile
import time
import urllib.parse
from pathlib import Path

import pytest
from conftest import CHROMIUM, FLAGS
from host_pages import served

pytestmark = pytest.mark.browser

GAMES = (("jump_drive", "jump-drive-explore"), ("beyond_the_sun", "bts-pawn"), ("ares_expedition", "ares-steel"))
STORAGE_JS = """async () => {
  const out = {};
  try {
    await new Promise((ok, no) => {
      const r = indexedDB.open('probe'); r.onsuccess = ok; r.onerror = () => no(r.error);
    });
    out.idb = 'ok';
  } catch (e) { out.idb = 'refused'; }
  try { localStorage.length; out.ls = 'ok'; } catch (e) { out.ls = 'refused'; }
  return out;
}"""
BROWSERS = {
    "refused": ["--test-third-party-cookie-phaseout"],
    "partitioned": ["--disable-features=TrackingProtection3pcd", "--enable-features=ThirdPartyStoragePartitioning"],
}



@pytest.fixture(scope="module")
def article(server, tmp_path_factory):
    """The article, served on another site: localhost, not 127.0.0.1 (a cross-site frame for the browser)."""
    folder = tmp_path_factory.mktemp("article")
    app = server.url.rstrip("/")
    divs = "\n".join(f'<div id="{g}" data-star-table data-game="{g}" data-lesson="{lesson}"></div>'
                     for g, lesson in GAMES)
    (folder / "index.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>An article</title></head><body><main><h1>Rules, with examples</h1>{divs}</main>
<script src="{app}/embed.js" async></script></body></html>""")
    with served(folder, "localhost") as url:
        yield url


def _browser(pw, flags: list[str]):
    """A fresh Chromium profile with these flags; only this machine's two hosts are reachable."""
    profile = tempfile.mkdtemp(prefix="pyengine-storage-")
    ctx = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True,
                                                args=[*FLAGS, *flags], viewport={"width": 1366, "height": 900})
    ctx.route("**/*", lambda r: r.continue_() if urllib.parse.urlsplit(r.request.url).hostname in (
        "127.0.0.1", "localhost") else r.abort("blockedbyclient"))
    return ctx, profile


@pytest.mark.parametrize("storage", list(BROWSERS))
def test_every_example_starts_on_a_cross_site_article(pw, article, storage):
    """Refused storage: each frame boots its own engine and is ready. Partitioned storage: one shared engine."""
    ctx, profile = _browser(pw, BROWSERS[storage])
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(30_000)
        console: list[str] = []
        pg.on("console", lambda m: console.append(f"{m.type}: {m.text[:200]}"))
        pg.goto(article)
        kinds, ids, waits = [], set(), []
        for game, _ in GAMES:
            frame = pg.wait_for_selector(f"#{game} iframe").content_frame()
            frame.wait_for_function("document.documentElement.dataset.embed === 'poster'", polling=100)
            probe = frame.evaluate(STORAGE_JS)
            assert probe == ({"idb": "refused", "ls": "refused"} if storage == "refused" else {"idb": "ok", "ls": "ok"})
            t0 = time.monotonic()
            # The button's own click (the frames above grow as their examples start, moving this one under the mouse).
            frame.wait_for_selector("[data-testid=try-it]")
            frame.evaluate("document.querySelector('[data-testid=try-it]').click()")
            try:
                frame.wait_for_function("['ready', 'error'].includes(document.documentElement.dataset.embed)",
                                        timeout=120_000, polling=100)
            except Exception:
                state = frame.evaluate("JSON.stringify(document.documentElement.dataset)")
                raise AssertionError(f"{game} never ready: {state} {console}") from None
            waits.append(time.monotonic() - t0)
            assert frame.evaluate("document.documentElement.dataset.embed") == "ready", frame.inner_text("body")
            kinds.append(frame.evaluate("document.documentElement.dataset.engineWorker"))
            ids.add(frame.evaluate("document.documentElement.dataset.engineId"))
        print(f"\n{storage}: engines {kinds}, {len(ids)} booted, seconds to ready {[round(w, 1) for w in waits]}")
        if storage == "refused":
            assert kinds == ["dedicated"] * 3 and len(ids) == 3
        else:
            assert kinds == ["shared"] * 3 and len(ids) == 1
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def test_the_app_page_is_unchanged_by_the_embeds_engine(server):
    """The app itself still boots PyScript's worker (only embed.html names the embeds' worker)."""
    index = (Path(server.dist) / "index.html").read_text()
    embed = (Path(server.dist) / "embed.html").read_text()
    assert 'name="pyscript-core"' in index and 'name="engine-worker"' not in index
    assert 'name="engine-worker"' in embed
