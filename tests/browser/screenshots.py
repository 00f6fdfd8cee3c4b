"""Write PNG screenshots of the key screens of each game, at 1366x900 and 390x844, to docs/screens/.

Run through `python build.py screenshots` (it builds dist/ first). Headless Debian Chromium, every host but
127.0.0.1 blocked, seeded games played through the page itself, so the pictures are what a player sees.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import socketserver
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from ui_driver import boot, fresh, go_home, new_game, open_fixture, play_step, settle  # noqa: E402

ROOT = HERE.parents[1]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ with the module and wasm MIME types."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args: object) -> None:
        """Stay quiet."""


def serve(dist: Path) -> tuple[socketserver.ThreadingTCPServer, str]:
    """Serve dist/ on a free 127.0.0.1 port in a thread; return the server and its URL."""
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(dist)))
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}/"


def until(page, modes: set[str], max_steps: int = 400) -> str:
    """Play the human seat's simplest choices until the page waits in one of these modes (or the game ends)."""
    for _ in range(max_steps):
        mode = settle(page)
        if mode in modes or mode == "end":
            return mode
        play_step(page)
    return settle(page)


def shoot(page, out: Path, name: str, size: str) -> None:
    """Save the viewport as <out>/<name>-<size>.png (docs/screens/ by default)."""
    page.wait_for_timeout(250)
    path = out / f"{name}-{size}.png"
    page.screenshot(path=str(path))
    print(f"wrote {shown(path)}", flush=True)


def shown(path: Path) -> str:
    """Return a path for messages: relative to the project when inside it, else as it is (an --out elsewhere)."""
    full = path.resolve()
    return str(full.relative_to(ROOT)) if full.is_relative_to(ROOT) else str(path)


def jump_drive(page, url: str, out: Path, size: str) -> None:
    """Opening, a mid-game plan with a selection, a card's popover, a discard step and the end screen."""
    boot(page, url)
    go_home(page)
    page.select_option("[data-testid=game-select]", "jump_drive")
    new_game(page, names=("You", "Bot 2", "Bot 3"), kinds=("human", "greedy", "greedy"), seed=17)
    settle(page)
    shoot(page, out, "jump-drive-opening", size)
    plans = 0
    while plans < 4:
        mode = until(page, {"plan"})
        if mode == "end":
            break
        plans += 1
        if plans < 4:
            play_step(page)
    playable = page.locator("[data-testid=hand] .card[data-playable='1'] .card-hit")
    if playable.count():
        playable.first.click()
    page.locator("[data-testid=hand]").scroll_into_view_if_needed()
    shoot(page, out, "jump-drive-plan", size)
    page.locator("[data-testid=hand] .card-info-btn").first.click()
    page.wait_for_selector("[data-testid=popover]")
    shoot(page, out, "jump-drive-card-popover", size)
    page.keyboard.press("Escape")
    if page.locator("[data-testid=clear-selection]").count():
        page.click("[data-testid=clear-selection]")
    if until(page, {"pay"}) == "pay":
        page.locator("[data-testid=decision]").scroll_into_view_if_needed()
        shoot(page, out, "jump-drive-pay", size)
    until(page, set(), max_steps=600)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, "jump-drive-end", size)


def ares(page, url: str, out: Path, size: str) -> None:
    """The Ares table: the phase pick, a card selected with its payment, mid-game, and the end with its charts."""
    boot(page, url)
    go_home(page)
    page.select_option("[data-testid=game-select]", "ares_expedition")
    new_game(page, names=("You", "Bot 2"), kinds=("human", "greedy"), seed=21)
    picks = 0
    paid = False
    for _ in range(400):
        mode = settle(page)
        if mode == "end":
            break
        if mode == "ares-phase":
            picks += 1
            if picks == 3:
                page.locator(".phase-card.pickable .phase-hit").first.click()
                page.evaluate("() => window.scrollTo(0, 0)")
                shoot(page, out, "ares-expedition-phase-pick", size)
                page.click("[data-testid=confirm]")
                continue
        playable = page.locator("[data-testid=hand] .ares-card[data-playable='1'] .card-hit")
        if mode == "ares-act" and picks >= 3 and not paid and playable.count():
            playable.first.click()
            page.locator("[data-testid=payment]").scroll_into_view_if_needed()
            shoot(page, out, "ares-expedition-payment", size)
            page.locator("[data-testid=hand]").scroll_into_view_if_needed()
            shoot(page, out, "ares-expedition-hand", size)
            playable.first.click()
            paid = True
        if paid and picks >= 5:
            break
        play_step(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, "ares-expedition-mid", size)
    until(page, set(), max_steps=1500)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, "ares-expedition-end", size)
    page.locator("[data-testid=history-charts]").scroll_into_view_if_needed()
    shoot(page, out, "ares-expedition-charts", size)


def open_save(page, path: Path) -> None:
    """Import a save file through the home screen, load it, and close the notices about it."""
    open_fixture(page, path, "bts-table")
    page.evaluate("() => document.querySelectorAll('[data-testid=notice-close]').forEach((b) => b.click())")


def section(page, testid: str) -> None:
    """Scroll a part of the page to the top of the viewport."""
    page.evaluate("(id) => document.querySelector(`[data-testid=${id}]`).scrollIntoView({block: 'start'})", testid)


def most_jumps(page):
    """Return the viewer's ship on the star map whose selection lights the most jumps (the map's arcs)."""
    ships = page.locator("[data-testid=star-map] .ship[data-legal]")
    best, lit = ships.first, -1
    for i in range(ships.count()):
        ships.nth(i).click()
        n = page.locator("[data-testid=star-map] .jump-arc").count()
        if n > lit:
            best, lit = ships.nth(i), n
        ships.nth(i).click()
    return best


def beyond_the_sun(page, url: str, out: Path, size: str) -> None:
    """The Beyond the Sun table: a pawn space chosen, the tech tree with a two-type slot, the star map with a ship
    that can colonize, the faction mats, a ship's jumps lit on the map, achievements, and the end screen with the VP
    chart."""
    boot(page, url)
    fixtures = ROOT / "tests" / "fixtures" / "bts"
    open_save(page, fixtures / "pawn_move.json")
    page.locator("[data-testid=action-board] .space.legal .space-hit").first.click()
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, "beyond-the-sun-board", size)
    open_save(page, fixtures / "research_two_types.json")
    two = page.locator("[data-testid=tech-tree] .tech-slot.legal.hidden:has(.type-chip + .type-chip) .slot-hit")
    if two.count():
        two.first.click()
    section(page, "tech-tree")
    shoot(page, out, "beyond-the-sun-tech-tree", size)
    open_save(page, fixtures / "colonize.json")
    page.locator("[data-testid=star-map] .ship[data-legal]").first.click()
    section(page, "star-map")
    shoot(page, out, "beyond-the-sun-map", size)
    section(page, "mat-0")
    shoot(page, out, "beyond-the-sun-mat", size)
    open_save(page, fixtures / "jump.json")
    most_jumps(page).click()
    section(page, "star-map")
    shoot(page, out, "beyond-the-sun-map-jumps", size)
    open_save(page, fixtures / "achievement_claim.json")
    section(page, "achievements")
    shoot(page, out, "beyond-the-sun-achievements", size)
    go_home(page)
    page.select_option("[data-testid=game-select]", "beyond_the_sun")
    new_game(page, names=("You", "Bot 2", "Bot 3"), kinds=("human", "greedy", "greedy"), seed=6)
    until(page, set(), max_steps=1500)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, "beyond-the-sun-end", size)
    page.locator("[data-testid=history-charts]").scroll_into_view_if_needed()
    shoot(page, out, "beyond-the-sun-chart", size)


def home(page, url: str, out: Path, size: str) -> None:
    """The home screen with games in progress, saved games and history from the games above."""
    boot(page, url)
    go_home(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, "home", size)


def bots(page, url: str, out: Path, size: str) -> None:
    """The seat form with a Hard bot and the levels' help open; an Expert bot thinking (its status and meter)."""
    boot(page, url)
    go_home(page)
    page.select_option("[data-testid=game-select]", "jump_drive")
    page.select_option("[data-testid=seat-kind-1]", "hard")
    page.click("[data-testid=help-bot-levels]")
    page.locator("[data-testid=help-bot-levels]").scroll_into_view_if_needed()
    shoot(page, out, "bot-levels", size)
    page.keyboard.press("Escape")
    new_game(page, names=("You", "Expert bot"), kinds=("human", "expert"), seed=12)
    settle(page)
    page.click("[data-testid=confirm]")
    page.wait_for_function("() => Number((document.querySelector('[data-testid=think-meter]') || {}).value) > 0.3",
                           polling=100)
    page.locator("[data-testid=think-meter]").scroll_into_view_if_needed()
    shoot(page, out, "bot-thinking", size)
    settle(page)
    go_home(page)
    page.select_option("[data-testid=game-select]", "ares_expedition")
    new_game(page, names=("You", "Hard bot"), kinds=("human", "hard"), seed=21)
    for _ in range(40):  # the corporation and the first phase pick: then the bot thinks while the human waits
        if page.locator("[data-testid=think-meter]").count():
            break
        play_step(page)
        page.wait_for_timeout(150)
    page.wait_for_selector("[data-testid=think-meter]", timeout=60_000)
    page.locator("[data-testid=think-meter]").scroll_into_view_if_needed()
    shoot(page, out, "bot-thinking-ares", size)
    settle(page)


def lesson_wrong_try(page, address: str) -> None:
    """Open the Beyond the Sun pawn lesson's embed, start it, and make the wrong move (the last legal space)."""
    page.goto(address)
    page.click("[data-testid=try-it]")
    page.wait_for_function("document.documentElement.dataset.embed === 'ready'", timeout=120_000)
    wrong = page.eval_on_selector_all("li.space.legal", "els => els.map(e => e.dataset.testid)")
    page.click(f"[data-testid='{wrong[-1]}'] .space-hit")
    page.click("[data-testid=confirm]")
    page.evaluate("() => window.scrollTo(0, 0)")


def embeds(page, url: str, out: Path, size: str) -> None:
    """A learn page with its first example's poster, a lesson after a wrong try, Show me, and the Share dialog."""
    base = url.split("?")[0]
    page.goto(base + "learn/beyond-the-sun.html")
    first = page.locator("[data-star-table]").first
    first.scroll_into_view_if_needed()
    page.wait_for_selector("[data-star-table] iframe")
    frame = page.locator("[data-star-table] iframe").first.element_handle().content_frame()
    frame.wait_for_function("document.documentElement.dataset.embed === 'poster'")
    page.evaluate("() => document.querySelector('figure.example').scrollIntoView({block: 'start'})")
    shoot(page, out, "learn-page", size)
    # Issue 29: a reading note on the Ares page (the solo end), and its entry under "Readings and options".
    page.goto(base + "learn/ares-expedition.html")
    page.wait_for_selector("#end-solo")
    page.wait_for_timeout(1500)  # the examples above settle their height first
    page.evaluate("() => document.getElementById('end-solo').scrollIntoView({block: 'start'})")
    shoot(page, out, "learn-reading-note", size)
    page.evaluate("() => document.getElementById('reading-solo-end').scrollIntoView({block: 'start'})")
    shoot(page, out, "learn-readings", size)
    lesson_wrong_try(page, base + "embed.html?lesson=bts-pawn")
    shoot(page, out, "embed-lesson-wrong", size)
    page.click("[data-testid=lesson-show]")
    page.wait_for_function("document.querySelector('[data-testid=lesson-feedback]').classList.contains('right')")
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, out, "embed-lesson-show-me", size)
    boot(page, url)
    go_home(page)
    page.select_option("[data-testid=game-select]", "jump_drive")
    new_game(page, seed=5)
    until(page, {"opening"})
    page.click("[data-testid=share-open]")
    page.wait_for_selector("[data-testid=share-link]")
    shoot(page, out, "share-dialog", size)
    page.keyboard.press("Escape")


def languages(page, url: str, out: Path, size: str) -> None:
    """Each translated language: the home screen, each table mid-game, an end screen, a lesson embed after a wrong
    try, and a learn page (docs/screens/<lang>-*.png)."""
    base = url.split("?")[0]
    for lang in ("pl", "cs", "ja"):
        here = f"{base}?pace=0&lang={lang}"
        fresh(page, here)  # each language's screens from a clean home screen
        go_home(page)
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, out, f"{lang}-home", size)
        page.select_option("[data-testid=game-select]", "jump_drive")
        new_game(page, names=("Ann", "Bob"), kinds=("human", "greedy"), seed=17)
        for _ in range(2):
            if until(page, {"plan"}) == "plan":
                play_step(page)
        until(page, {"plan"})
        page.locator("[data-testid=hand]").scroll_into_view_if_needed()
        shoot(page, out, f"{lang}-jump-drive", size)
        until(page, set(), max_steps=600)
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, out, f"{lang}-jump-drive-end", size)
        go_home(page)
        page.select_option("[data-testid=game-select]", "ares_expedition")
        new_game(page, names=("Ann", "Bob"), kinds=("human", "greedy"), seed=21)
        picks = 0
        for _ in range(200):
            mode = settle(page)
            if mode == "ares-phase":
                picks += 1
                if picks == 3:
                    break
            play_step(page)
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, out, f"{lang}-ares-expedition", size)
        open_save(page, ROOT / "tests" / "fixtures" / "bts" / "pawn_move.json")
        page.locator("[data-testid=action-board] .space.legal .space-hit").first.click()
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, out, f"{lang}-beyond-the-sun", size)
        lesson_wrong_try(page, f"{base}embed.html?lesson=bts-pawn&lang={lang}")
        shoot(page, out, f"{lang}-embed-lesson", size)
        page.goto(f"{base}learn/jump-drive.{lang}.html")
        page.wait_for_selector("main.learn h1")
        page.wait_for_timeout(800)
        shoot(page, out, f"{lang}-learn-page", size)


def workshop(page, url: str, out: Path, size: str) -> None:
    """The author's workshop: a replay of a finished Beyond the Sun game at a middle move, the lesson recorder on a
    Jump Drive table with answers and a wrong-move text, the Share-this dialog, and the position setup with a
    problem shown next to the Ares Mars parameters and a Jump Drive hand being chosen."""
    fresh(page, url)
    path = ROOT / "tests" / "fixtures" / "finished" / "beyond_the_sun.json"
    file = {"name": "A finished game.json", "mimeType": "application/json", "buffer": path.read_bytes()}
    page.set_input_files("[data-testid=import-file]", files=[file])
    page.wait_for_selector("[data-testid=import-ok]")
    page.locator("[data-testid=slot-row] [data-role=replay]").first.click()
    page.wait_for_selector("[data-testid=replay-bar]")
    page.locator("[data-testid=replay-first]").focus()
    page.keyboard.press("Home")
    for _ in range(47):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('[data-testid=replay]').dataset.at === '47'")
    for el in page.query_selector_all("[data-testid=message] button, .notice button"):
        el.click()
    shoot(page, out, "replay", size)
    page.click("[data-testid=replay-share]")
    page.wait_for_selector("[data-testid=replay-share-line]")
    shoot(page, out, "replay-share", size)
    page.click("[data-testid=replay-share-close]")

    go_home(page)
    page.select_option("[data-testid=game-select]", "jump_drive")
    new_game(page, seed=21)
    settle(page)
    page.click("[data-testid=make-lesson]")
    page.wait_for_selector("[data-testid=author]")
    settle(page)
    page.fill("[data-testid=author-title]", "Which two to let go")
    page.fill("[data-testid=author-caption]", "You keep 5 of these 7 cards. Keep what you can afford next round.")
    page.click("[data-testid=author-pick-wrong]")
    play_step(page)
    page.wait_for_selector("[data-testid=author-wrong-0]")
    page.fill("[data-testid=author-wrong-0]", "Those two are your cheapest worlds: you will want them in round 1.")
    page.click("[data-testid=author-pick-expect]")
    first = page.eval_on_selector_all("[data-testid=author-alt] option", "os => os.map((o) => o.value).filter(Boolean)")
    page.select_option("[data-testid=author-alt]", first[0])
    page.click("[data-testid=author-alt-add]")
    page.fill("[data-testid=author-right]", "Yes: both are expensive, and nothing in your hand helps pay for them.")
    shoot(page, out, "recorder", size)
    page.click("[data-testid=author-export-open]")
    page.wait_for_selector("[data-testid=author-export-json]")
    shoot(page, out, "recorder-export", size)
    page.click("[data-testid=author-export-close]")

    go_home(page)
    page.select_option("[data-testid=game-select]", "ares_expedition")
    page.click("[data-testid=open-setup]")
    page.wait_for_function("document.querySelector('[data-testid=setup]')?.dataset.ok === '1'")
    page.fill("[data-testid='setup-mars.temperature']", "12")
    page.locator("[data-testid='setup-mars.temperature']").dispatch_event("change")
    page.wait_for_selector("[data-testid='problem-mars.temperature']")
    page.locator("[data-testid='setup-group-board']").scroll_into_view_if_needed()
    shoot(page, out, "setup-refused", size)
    page.select_option("[data-testid=setup-game]", "jump_drive")
    page.wait_for_function("document.querySelector('[data-testid=setup]')?.dataset.game === 'jump_drive'"
                           " && document.querySelector('[data-testid=setup]').dataset.ok === '1'")
    page.fill("[data-testid='setup-search-hand.0']", "world")
    shoot(page, out, "setup", size)
    go_home(page)


def review(page, url: str, out: Path, size: str) -> None:
    """Review with Expert on a finished Jump Drive game: while Expert weighs the decisions (progress, Cancel), and
    done, with the costliest decision opened in the replay."""
    fresh(page, url + "&reviewiter=30")
    path = ROOT / "tests" / "fixtures" / "finished" / "jump_drive.json"
    file = {"name": "A finished game.json", "mimeType": "application/json", "buffer": path.read_bytes()}
    page.set_input_files("[data-testid=import-file]", files=[file])
    page.wait_for_selector("[data-testid=import-ok]")
    page.locator("[data-testid=slot-row] [data-role=replay]").first.click()
    page.wait_for_selector("[data-testid=replay-bar]")
    page.click("[data-testid=replay-review]")
    page.wait_for_function("() => Number(document.querySelector('[data-testid=review-progress]')?.value) >= 3")
    shoot(page, out, "review-running", size)
    page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120_000)
    if page.locator("[data-testid=review-costly-0-go]").count():
        page.click("[data-testid=review-costly-0-go]")
        page.wait_for_timeout(600)
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, out, "review", size)
    go_home(page)


def main() -> int:
    """Take every screenshot at both sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"))
    parser.add_argument("--only", default="", help="comma-separated sections (jump_drive, beyond_the_sun, ares, "
                                                   "home, bots, embeds, languages, workshop, review); all by default")
    args = parser.parse_args()
    sections = {"jump_drive": jump_drive, "beyond_the_sun": beyond_the_sun, "ares": ares, "home": home,
                "bots": bots, "embeds": embeds, "languages": languages, "workshop": workshop, "review": review}
    wanted = [sections[n] for n in args.only.split(",") if n] or list(sections.values())
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    srv, url = serve(Path(args.dist))
    pw = sync_playwright().start()
    try:
        for size, (w, h) in SIZES.items():
            profile = tempfile.mkdtemp(prefix="pyengine-shots-")
            ctx = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=FLAGS, viewport={"width": w, "height": h},
                has_touch=size == "phone", is_mobile=size == "phone", device_scale_factor=1)
            ctx.route("**/*", lambda r: r.continue_() if "//127.0.0.1:" in r.request.url else r.abort())
            page = ctx.new_page()
            page.set_default_timeout(60_000)
            fast = url + "?pace=0"
            for take in wanted:
                take(page, fast, out, size)
            ctx.close()
            shutil.rmtree(profile, ignore_errors=True)
    finally:
        pw.stop()
        srv.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
