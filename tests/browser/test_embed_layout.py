"""Compact embeds (issue 31, item 2): an article with every game in view, play and lesson mode, at 1366 and at 390.

Each frame is as tall as embed.js makes it from the start, and as the snippet reserves (720 px, which also fits on
a phone's screen), so starting an example never moves the host page (its layout-shift score is measured), stepping
through a line keeps the height, and Confirm sits at the frame's bottom, beside the table that scrolls inside the
frame. The table of heights is printed.
"""

from __future__ import annotations

import pytest
from host_pages import lesson, served

from pyengine.core.registry import load_game

pytestmark = pytest.mark.browser

GAMES = {"jump_drive": "jump-drive-explore", "ares_expedition": "ares-steel", "beyond_the_sun": "bts-pawn"}
MODES = ("view", "play", "lesson")
CLS_JS = """() => new Promise((done) => {
  let score = 0;
  const shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) {
      score += e.value;
      const moved = e.sources.map((s) => `${s.node ? s.node.nodeName + (s.node.id ? '#' + s.node.id : '') : '?'} `
        + `${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)}`);
      shifts.push(`${Math.round(e.startTime)} ms: ${e.value.toFixed(3)} ${moved.join(', ')}`);
    }
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => done([score, shifts]), 300);
})"""


MOVED_JS = "(want) => document.querySelector('[data-testid=line-at]').textContent.startsWith(want)"


def frame_height(pg, css: str) -> int:
    """The frame's height on the host page, in CSS px."""
    return round(pg.eval_on_selector(css, "f => f.getBoundingClientRect().height"))



def position_and_line(game: str) -> tuple[str, str]:
    """A lesson's position and a line of two moves from it, each played by the seat the embed gives it to."""
    code = lesson(GAMES[game])["steps"][0]["pos"]
    state = load_game(game).state_from_code(code)
    line = []
    while len(line) < 2 and not state.is_terminal():
        seat = min(state.to_move())
        action = next(a for a in state.legal_actions(seat) if state.seat_for(a) == seat)
        state.apply(seat, action)
        line.append(f"{action} # move {len(line) + 1}")
    return code, "; ".join(line)


@pytest.fixture(scope="module")
def article(server, tmp_path_factory):
    """An article on another origin: a paragraph, then each game in each mode, each between two paragraphs."""
    folder = tmp_path_factory.mktemp("layout")
    app = server.url.rstrip("/")
    blocks = []
    for game, lesson_id in GAMES.items():
        code, line = position_and_line(game)
        for mode in MODES:
            attrs = {"view": f'data-pos="{code}" data-line="{line}"', "play": f'data-pos="{code}" data-mode="play"',
                     "lesson": f'data-lesson="{lesson_id}"'}[mode]
            blocks.append(f'<p>Text before the {mode} example.</p><div id="{game}-{mode}" data-star-table '
                          f'data-game="{game}" {attrs} style="min-height:720px"></div><p>Text after it.</p>')
    (folder / "index.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Layout</title>
<style>body {{ max-width: 760px; margin: 0 auto; padding: 0 8px; font: 16px/1.5 sans-serif; }}</style></head>
<body><h1>An article</h1>{''.join(blocks)}<script src="{app}/embed.js" async></script></body></html>""")
    with served(folder) as url:
        yield url


@pytest.mark.parametrize(("width", "height"), [(1366, 900), (390, 844)])
def test_frames_are_compact_and_never_move_the_article(context, article, width, height):
    """Every frame's height at the poster, once ready and after stepping is the same and within the target; the
    article's layout-shift score stays under 0.05; Confirm (play, lesson) is inside the frame's visible box."""
    pg = context.new_page()
    pg.set_viewport_size({"width": width, "height": height})
    pg.set_default_timeout(30_000)
    try:
        pg.goto(article)
        limit = 720
        rows = []
        for game in GAMES:
            for mode in MODES:
                div = pg.locator(f"#{game}-{mode}")
                div.scroll_into_view_if_needed()
                frame = pg.wait_for_selector(f"#{game}-{mode} iframe").content_frame()
                frame.wait_for_function("document.documentElement.dataset.embed === 'poster'", polling=100)
                at_poster = frame_height(pg, f"#{game}-{mode} iframe")
                frame.wait_for_selector("[data-testid=try-it]")
                frame.evaluate("document.querySelector('[data-testid=try-it]').click()")
                frame.wait_for_function("['ready', 'error'].includes(document.documentElement.dataset.embed)",
                                        timeout=120_000, polling=100)
                assert frame.evaluate("document.documentElement.dataset.embed") == "ready", frame.inner_text("body")
                ready = frame_height(pg, f"#{game}-{mode} iframe")
                stepped = ready
                if mode == "view":
                    frame.focus("[data-testid=line-next]")  # keys go to the focused frame, as a reader's would
                    pg.keyboard.press("ArrowRight")
                    frame.wait_for_function(MOVED_JS, arg="Move 1")
                    pg.keyboard.press("End")
                    frame.wait_for_function(MOVED_JS, arg="Move 2")
                    assert frame.inner_text("[data-testid=line-comment]").endswith("move 2")
                    stepped = frame_height(pg, f"#{game}-{mode} iframe")
                    assert frame.locator("[data-testid=confirm]").count() == 0  # nothing to confirm in view mode
                else:
                    bottom = frame.evaluate(
                        "document.querySelector('[data-testid=confirm]').getBoundingClientRect().bottom")
                    assert bottom <= ready + 1, "Confirm sits inside the frame's box"
                assert frame.evaluate("document.documentElement.scrollHeight") <= ready + 1
                rows.append((game, mode, at_poster, ready, stepped))
                assert at_poster == ready == stepped <= limit, rows[-1]
        cls, shifts = pg.evaluate(CLS_JS)
        print(f"\nframe heights at {width} px (limit {limit}); article layout shift {cls:.3f} {shifts}")
        for game, mode, a, b, c in rows:
            print(f"  {game:<16} {mode:<7} poster {a:>5}  ready {b:>5}  stepped {c:>5}")
        assert cls < 0.05
    finally:
        pg.close()
