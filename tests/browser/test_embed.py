"""Embeds for rule-teaching pages, in a real browser: a host page on another origin with three examples (one per
game) made by embed.js; posters before any engine; lessons answered right (by clicking the move), wrong (with the
step's feedback) and by Show me; auto-height; the reader's saves untouched; no request to any other host; HTML in a
caption, a lesson and a position code shown as text or refused; a lesson message from an unexpected origin ignored;
the learn pages at 390x844 with axe-core; and Share position opening the app at the shared position."""

from __future__ import annotations

import urllib.parse

import pytest
from host_pages import BOOT_MS, RIGHT_JS, app_new_game, lesson, served
from ui_driver import axe_violations, code_leaks, overflow, settle

pytestmark = pytest.mark.browser

HOSTILE = '<img src=x onerror="window.top.pwned=1"><b>bold</b>'



@pytest.fixture(scope="module")
def host(server, tmp_path_factory):
    """A rule-teaching page on another origin (another port): three examples, a bad position, a foreign origin."""
    app = server.url.rstrip("/")
    folder = tmp_path_factory.mktemp("host")
    other = "http://127.0.0.1:9"  # an origin that is not this host page
    bad_pos = f"{app}/embed.html?game=jump_drive&amp;pos=st1.%3Cscript%3Ewindow.top.pwned%3D1%3C%2Fscript%3E"
    foreign = f"{app}/embed.html?mode=lesson&amp;game=jump_drive&amp;origin={other}"
    (folder / "index.html").write_text(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A rules blog</title></head>
<body><main><h1>A rules blog</h1>
<div id="jd" data-star-table data-game="jump_drive" data-lesson="jump-drive-explore"
  data-caption="When to explore"></div>
<div id="bts" data-star-table data-game="beyond_the_sun" data-lesson="bts-pawn"></div>
<div id="ares" data-star-table data-game="ares_expedition" data-mode="lesson" data-caption='{HOSTILE}'></div>
<iframe id="bad-pos" title="bad position" src="{bad_pos}"></iframe>
<iframe id="foreign" title="foreign origin" src="{foreign}"></iframe>
</main><script src="{app}/embed.js" async></script></body></html>
""")
    with served(folder) as url:
        yield url


@pytest.fixture(scope="module")
def blog(context, server, host):
    """The host page open in the browser, with every request it causes recorded, and the reader's saves noted."""
    app_page = context.new_page()
    app_page.goto(server.url + "embed.html")  # the app's origin, without starting anything
    app_page.evaluate("""() => localStorage.setItem('pyengine:slot:embedtest',
        JSON.stringify({save: {format: 'pyengine-save'}, meta: {name: 'Mine'}}))""")
    before = app_page.evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    requests: list[str] = []
    pg.on("request", lambda r: requests.append(r.url))
    pg.goto(host)
    yield {"page": pg, "requests": requests, "app_page": app_page, "saves_before": before, "app": server.url}
    pg.close()
    app_page.close()


def frame_of(pg, css: str):
    """The frame of the iframe inside a host element."""
    handle = pg.wait_for_selector(f"{css} iframe" if not css.startswith("iframe") else css, state="attached")
    frame = handle.content_frame()
    assert frame is not None
    return frame


def start(frame) -> None:
    """Click Try it and wait for the example to be interactive (polling by interval: a frame out of view gets no
    animation frames)."""
    frame.click("[data-testid=try-it]")
    frame.wait_for_function("['ready', 'error'].includes(document.documentElement.dataset.embed)", timeout=BOOT_MS,
                            polling=100)
    assert frame.evaluate("document.documentElement.dataset.embed") == "ready", frame.inner_text("body")


def feedback(frame) -> tuple[str, str]:
    """The lesson's feedback: (its kind, its text)."""
    el = frame.locator("[data-testid=lesson-feedback]")
    return el.get_attribute("class") or "", el.inner_text()


def test_a_posters_first_and_no_engine_before_the_reader_asks(blog):
    """Each example shows its poster (game, caption, Try it) and no example has started an engine."""
    pg = blog["page"]
    pg.wait_for_function("""() => ['jd', 'bts', 'ares'].every((id) =>
        document.getElementById(id).dataset.state === 'poster')""", timeout=20_000)
    for css, game in (("#jd", "Jump Drive"), ("#bts", "Beyond the Sun"), ("#ares", "Ares Expedition")):
        frame = frame_of(pg, css)
        assert frame.evaluate("document.documentElement.dataset.embed") == "poster"
        assert frame.evaluate("document.documentElement.dataset.engine") == "idle"
        assert game in frame.text_content("[data-testid=poster-game]")
        assert frame.locator("[data-testid=try-it]").is_visible()
    assert frame_of(pg, "#jd").inner_text("[data-testid=poster-caption]") == "When to explore"
    assert frame_of(pg, "#bts").inner_text("[data-testid=poster-caption]") == lesson("bts-pawn")["title"]
    assert not [u for u in blog["requests"] if "pyodide" in u or u.endswith(".whl")], "an engine started early"


def test_b_a_jump_drive_lesson_wrong_then_completed_by_clicking_the_move(blog):
    """jump-drive-explore: a card placed instead is answered with the step's wrong feedback and not played;
    Explore then Confirm is right; Next and Finish complete the lesson."""
    pg = blog["page"]
    frame = frame_of(pg, "#jd")
    start(frame)
    data = lesson("jump-drive-explore")
    assert data["steps"][0]["expect"] == ["explore"]
    assert "lesson-hl" in (frame.get_attribute("[data-testid=explore]", "class") or "")
    placed = frame.locator("[data-testid^=tableau-card-]").count()
    cards = frame.locator("[data-testid^=hand-card-]")
    for i in range(cards.count()):  # a card the reader can place instead of exploring
        cards.nth(i).click()
        if frame.is_enabled("[data-testid=confirm]"):
            break
    frame.click("[data-testid=confirm]")
    kind, text = feedback(frame)
    assert "wrong" in kind and text == data["steps"][0]["wrong"]
    assert frame.locator("[data-testid^=tableau-card-]").count() == placed  # the wrong move was not played
    frame.click("[data-testid=explore]")
    frame.click("[data-testid=confirm]")
    frame.wait_for_function(RIGHT_JS, polling=100)
    assert feedback(frame)[1] == data["steps"][0]["right"]
    frame.click("[data-testid=lesson-next]")
    frame.wait_for_function("document.querySelector('[data-testid=lesson]').dataset.step === '1'", polling=100)
    assert frame.inner_text("[data-testid=lesson-progress]") == "Step 2 of 2"
    frame.click("[data-testid=lesson-next]")
    assert frame.inner_text("[data-testid=lesson-complete]")
    assert not axe_violations(frame, "jump drive lesson")
    assert not code_leaks(frame)


def test_c_a_beyond_the_sun_lesson_wrong_space_then_the_right_one(blog):
    """bts-pawn: another legal space gets the wrong feedback; the expected space, clicked and confirmed, is right."""
    pg = blog["page"]
    frame = frame_of(pg, "#bts")
    start(frame)
    step = lesson("bts-pawn")["steps"][0]
    space = step["expect"][0].split("space=")[1]
    other = frame.eval_on_selector_all(
        "li.space.legal", f"els => els.map(e => e.dataset.testid).filter(t => t !== 'space-{space}')")
    assert other, "the lesson position offers more than one space"
    frame.click(f"[data-testid='{other[0]}'] .space-hit")
    frame.click("[data-testid=confirm]")
    kind, text = feedback(frame)
    assert "wrong" in kind and text == step["wrong"]
    frame.click(f"[data-testid='space-{space}'] .space-hit")
    frame.click("[data-testid=confirm]")
    frame.wait_for_function(RIGHT_JS, polling=100)
    assert feedback(frame)[1] == step["right"]
    assert not axe_violations(frame, "beyond the sun lesson")


def test_d_a_lesson_sent_by_the_host_page_and_show_me(blog):
    """The host page hands the Ares example a lesson by postMessage (embed.js's StarTable.send); its HTML texts
    are shown as text; Show me plays the expected move and says so."""
    pg = blog["page"]
    sent = lesson("ares-phase-bonus")
    sent["title"] = "Sent by <i>the page</i>"
    sent["steps"][0]["caption"] = HOSTILE + " " + sent["steps"][0]["caption"]
    sent["steps"][0]["reading"] = {"text": HOSTILE + " A reading.", "href": "learn/ares-expedition.html#readings"}
    assert pg.evaluate("(l) => window.StarTable.send(document.getElementById('ares'), l)", sent)
    frame = frame_of(pg, "#ares")
    frame.wait_for_function("document.documentElement.dataset.hostLesson === 'received'", polling=100)
    caption = frame.inner_text("[data-testid=poster-caption]")
    assert caption == HOSTILE, "the caption parameter is shown as text"
    start(frame)
    assert frame.inner_text("#lesson-title") == "Sent by <i>the page</i>"
    assert HOSTILE in frame.inner_text("[data-testid=lesson-caption]")
    assert frame.locator("[data-testid=lesson] img, [data-testid=lesson] b, [data-testid=poster] img").count() == 0
    note = frame.locator("[data-testid=lesson-reading]")  # lesson format steps[].reading: a marked note, as text
    assert note.get_attribute("role") == "note" and HOSTILE + " A reading." in note.inner_text()
    link = note.locator("a")
    assert link.get_attribute("target") == "_blank" and link.get_attribute("rel") == "noopener"
    assert link.get_attribute("href") == blog["app"].rstrip("/") + "/learn/ares-expedition.html#readings"
    frame.click("[data-testid=lesson-show]")
    frame.wait_for_function(RIGHT_JS, polling=100)
    assert frame.inner_text("[data-testid=lesson-feedback]").startswith("The move: ")
    assert pg.evaluate("() => window.pwned === undefined")
    # An Ares-only page: no other game's texts are loaded, so a table label of another game would show as a raw key.
    assert not [leak for leak in code_leaks(frame) if "pwned" not in leak]
    assert not axe_violations(frame, "ares lesson")


def test_e_frames_follow_their_content_height(blog):
    """Auto-height: each frame's height is the height its content reported by postMessage (and it grew)."""
    pg = blog["page"]
    for css in ("#jd", "#bts", "#ares"):
        frame = frame_of(pg, css)
        wanted = int(frame.evaluate("document.documentElement.dataset.height"))
        pg.wait_for_function(f"document.querySelector('{css} iframe').getBoundingClientRect().height === {wanted}")
        assert wanted > 400
        assert frame.evaluate("document.documentElement.scrollHeight") <= wanted + 4


def test_f_bad_inputs_refused_and_foreign_messages_ignored(blog):
    """A position code holding a script is refused with a readable message; a lesson posted from an origin the
    frame was not told to trust is ignored."""
    pg = blog["page"]
    bad = frame_of(pg, "iframe#bad-pos")
    bad.wait_for_function("document.documentElement.dataset.embed === 'error'", polling=100)
    assert "position code is not valid" in bad.inner_text("[data-testid=embed-error]")
    foreign = frame_of(pg, "iframe#foreign")
    foreign.wait_for_function("document.documentElement.dataset.embed === 'poster'", polling=100)
    pg.evaluate("""() => document.getElementById('foreign').contentWindow.postMessage(
        {type: 'star-table:lesson', lesson: {format: 'star-table-lesson'}}, '*')""")
    foreign.wait_for_function("document.documentElement.dataset.hostLesson === 'ignored'", polling=100)
    assert pg.evaluate("() => window.pwned === undefined")


def test_g_saves_untouched_and_no_other_host(blog, server, host):
    """The reader's saves on the app's origin are exactly as before; every request went to the app or the host."""
    after = blog["app_page"].evaluate("() => JSON.stringify(Object.entries(localStorage).sort())")
    assert after == blog["saves_before"]
    origins = {server.url.rstrip("/"), host.rstrip("/")}
    strays = [u for u in blog["requests"] if not any(u.startswith(o) for o in origins) and not u.startswith("blob:")]
    assert not strays, strays


@pytest.mark.parametrize("name", ["jump-drive", "ares-expedition", "beyond-the-sun", "authors"])
def test_h_learn_pages_on_a_phone(phone, server, name):
    """Each learn page at 390x844: axe-clean, no sideways scroll, at least four examples with their posters (the
    authors' page: the options and the lesson format, no example)."""
    phone.goto(server.url + f"learn/{name}.html")
    if name == "authors":
        assert "data-lesson" in phone.inner_text("main") and not axe_violations(phone, "learn authors")
        assert overflow(phone) == 0
        return
    phone.wait_for_selector("[data-star-table]")
    assert phone.locator("[data-star-table]").count() >= 4
    phone.locator("[data-star-table]").first.scroll_into_view_if_needed()  # frames are made near the viewport
    frame = phone.wait_for_selector("[data-star-table] iframe").content_frame()
    frame.wait_for_function("document.documentElement.dataset.embed === 'poster'", polling=100)
    assert not axe_violations(phone, f"learn {name}")
    assert not axe_violations(frame, f"learn {name} poster")
    assert overflow(phone) == 0
    assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def position_after(game: str, players: int, moves: int) -> tuple[str, list[str]]:
    """A position code after some greedy moves, and the next two moves of the line from there."""
    from pyengine.bots import choose, make_bot
    from pyengine.core.registry import load_game
    from pyengine.core.rng import Rng

    state = load_game(game).new_initial_state(seed=11, players=players)
    bot, rng = make_bot("greedy"), Rng(11)
    line: list[str] = []
    code = ""
    for i in range(moves + 2):
        if i == moves:
            code = state.position_code()
        seat = min(state.to_move())
        action = choose(bot, state, seat, rng)
        if i >= moves:
            line.append(str(action))
        state.apply(seat, action)
    return code, line


def test_i_play_on_from_a_position_on_a_phone(phone, server):
    """mode=play on a phone: the reader's move is played and the bot answers; 390 px wide, axe-clean."""
    code, _ = position_after("jump_drive", 2, 6)
    phone.goto(server.url + f"embed.html?game=jump_drive&pos={code}&mode=play&seat=0")
    phone.wait_for_function("document.documentElement.dataset.embed === 'poster'", polling=100)
    start(phone)
    assert overflow(phone) == 0
    assert not axe_violations(phone, "phone play")
    before = phone.inner_text("[data-testid=round]")
    mode = settle(phone)
    assert mode == "plan", mode
    phone.click("[data-testid=explore]")
    phone.click("[data-testid=confirm]")
    phone.wait_for_function("(r) => document.querySelector('[data-testid=round]').innerText !== r "
                            "|| document.querySelector('[data-testid=jd-table]').dataset.mode === 'pay'", arg=before)
    assert phone.locator("[data-testid=embed-restart]").is_visible()


def test_k_view_steps_through_a_line_and_every_seat_can_be_seen(blog, server):
    """mode=view with a line of moves and open=1: Next and Back walk the line; each seat's view is one click away;
    no move can be made."""
    code, line = position_after("beyond_the_sun", 2, 10)
    pg = blog["page"].context.new_page()
    try:
        query = urllib.parse.urlencode({"game": "beyond_the_sun", "pos": code, "line": ";".join(line), "open": "1"})
        pg.goto(server.url + f"embed.html?{query}")
        start(pg)
        assert pg.inner_text("[data-testid=line-at]").startswith("Move 0 of 2")
        assert pg.locator("[data-testid=confirm]").count() == 0
        pg.click("[data-testid=line-next]")
        pg.click("[data-testid=line-next]")
        assert pg.inner_text("[data-testid=line-at]").startswith("Move 2 of 2")
        assert pg.is_disabled("[data-testid=line-next]")
        pg.click("[data-testid=line-back]")
        assert pg.inner_text("[data-testid=line-at]").startswith("Move 1 of 2")
        pg.click("[data-testid=viewer-1]")
        pg.wait_for_function("document.querySelector('[data-testid=viewer-1]').ariaPressed === 'true'", polling=100)
        assert pg.inner_text("[data-testid=line-at]").startswith("Move 1 of 2")
        assert not axe_violations(pg, "view with a line")
        assert not code_leaks(pg)
    finally:
        pg.close()


def test_j_share_position_opens_the_app_at_that_position(page, context, server):
    """Share position: the link opens the app in a new match from the very position (same hand, same round)."""
    app_new_game(page, server, "jump_drive", seed=77)
    settle(page)
    round_text = page.inner_text("[data-testid=round]")
    hand = sorted(page.eval_on_selector_all("[data-testid^=hand-card-]", "els => els.map(e => e.dataset.testid)"))
    page.click("[data-testid=share-open]")
    page.wait_for_selector("[data-testid=share-link]")
    link = page.input_value("[data-testid=share-link]")
    assert "#play=st1." in link
    assert "embed.html?" in page.input_value("[data-testid=share-embed]")
    # Honest sharing (issue 31, item 7): one seat's view is a code dealt again for that seat, and the dialog says so.
    assert "dealt again at random" in page.inner_text("[data-testid=share-honesty]")
    page.check("[data-testid=share-view-open]")
    page.wait_for_function("document.querySelector('[data-testid=share-link]')?.value.includes('#play=st1.')")
    assert "true position" in page.inner_text("[data-testid=share-honesty]")
    open_link = page.input_value("[data-testid=share-link]")
    assert open_link != link, "everything open shares the true position, one seat's view a resample"
    page.check("[data-testid=share-view-seat]")
    page.wait_for_function(f"document.querySelector('[data-testid=share-link]')?.value === {link!r}")
    # The embed.js div: a caption, the mode, and the last moves as a line; a lesson of the seat's last move.
    page.fill("[data-testid=share-caption]", 'Watch "this" <b>')
    div = page.input_value("[data-testid=share-div]")
    assert 'data-caption="Watch &quot;this&quot; &lt;b&gt;"' in div and 'data-mode="view"' in div
    assert div.startswith("<div data-star-table") and "/embed.js\" async></script>" in div
    page.check("[data-testid=share-mode-play]")
    assert 'data-mode="play"' in page.input_value("[data-testid=share-div]")
    assert not axe_violations(page, "share dialog")
    page.keyboard.press("Escape")
    other = context.new_page()
    try:
        other.goto(link)
        other.wait_for_selector("[data-testid=shared-opened]", timeout=BOOT_MS)
        settle(other)
        assert other.inner_text("[data-testid=round]") == round_text
        again = sorted(other.eval_on_selector_all("[data-testid^=hand-card-]", "els => els.map(e => e.dataset.testid)"))
        assert again == hand
        assert other.evaluate("location.hash") == ""
    finally:
        other.close()
