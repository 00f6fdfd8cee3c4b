"""The product in Polish, Czech and Japanese (issue 32): each language plays a seeded game of every title through its
table at 1366x900 and at 390x844, and at every step the screen shows only that language's catalog (names and numbers
aside), no missing message, no sideways overflow and no serious axe-core violation, with <html lang> set. The
pseudo-language qps-ploc (every message accented and 40 % longer) checks that no layout only fits English.

The suite plays the first STAR_I18N_STEPS decisions of each game (3); `STAR_I18N_STEPS=1000 pytest
tests/browser/test_languages.py -k every_table` plays every game to its end (STAR_I18N_GAMES=jump_drive picks
games).
"""

from __future__ import annotations

import os
import shutil

import pytest
from ui_driver import (
    axe_violations,
    boot,
    fresh,
    go_home,
    new_game,
    overflow,
    overflowing,
    play_step,
    settle,
    uncataloged,
)

pytestmark = pytest.mark.browser

LANGUAGES = ("pl", "cs", "ja")
GAMES = tuple(os.environ.get("STAR_I18N_GAMES", "jump_drive,ares_expedition,beyond_the_sun").split(","))
NAMES = ("Ann", "Bob")
STEPS = int(os.environ.get("STAR_I18N_STEPS", "3"))
SIZES = ((1366, 900), (390, 844))


def screen_problems(page, lang: str, where: str) -> list[str]:
    """What is wrong on screen now: text from outside the language's catalog (every entry is marked), a missing
    message, sideways overflow, <html lang>, and serious axe-core violations."""
    problems = [f"{where}: not from the catalog: {x}" for x in uncataloged(page, NAMES)]
    body = page.inner_text("body")
    if "⟨" in body:
        problems.append(f"{where}: a missing message: {body[body.index('⟨'):][:60]!r}")
    if overflow(page):
        problems.append(f"{where}: {overflow(page)} px wider than the screen: {overflowing(page)}")
    html_lang = page.evaluate("document.documentElement.lang")
    if html_lang != lang:
        problems.append(f"{where}: <html lang={html_lang!r}>")
    problems += axe_violations(page, where)
    return problems


def play_through(page, server, lang: str, width: int, height: int) -> list[str]:
    """Play each title's first STEPS decisions in one language at one size; return every problem seen."""
    page.set_viewport_size({"width": width, "height": height})
    fresh(page, f"{server.url}?pace=0&lang={lang}&i18n-mark")
    size = f"{lang} {width}x{height}"
    problems = screen_problems(page, lang, f"{size} home")
    for game in GAMES:
        go_home(page)
        page.select_option("[data-testid=game-select]", game)
        new_game(page, names=NAMES, kinds=("human", "random"), seed=11)
        for step in range(STEPS):
            if play_step(page) == "end":
                break
            settle(page)
            problems += screen_problems(page, lang, f"{size} {game} step {step + 1}")
        go_home(page)
    return problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_table_speaks_the_language_at_both_sizes(page, server, lang: str) -> None:
    """pl, cs, ja: home and every title's table, step by step, at 1366x900 and 390x844 (see the module's text)."""
    problems: list[str] = []
    for width, height in SIZES:
        problems += play_through(page, server, lang, width, height)
    page.set_viewport_size({"width": 1400, "height": 1000})
    assert not problems, "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_end_screens_speak_the_language(page, server, lang: str) -> None:
    """Each title's end screen (two bots play a seeded game to its end) in the language: only its catalog, nothing
    missing, no overflow, axe-clean."""
    fresh(page, f"{server.url}?pace=0&lang={lang}&i18n-mark")
    problems: list[str] = []
    for game in GAMES:
        go_home(page)
        page.select_option("[data-testid=game-select]", game)
        new_game(page, names=NAMES, kinds=("random", "random"), seed=9)
        page.wait_for_selector("[data-testid=end-screen]", timeout=300_000)
        problems += screen_problems(page, lang, f"{lang} {game} end")
    go_home(page)
    assert not problems, "\n".join(dict.fromkeys(problems))


@pytest.fixture
def polish_browser(pw, blocked):
    """A browser of its own whose languages are Polish, then English (navigator.languages), with its own storage: the
    shared page's profile keeps no remembered language."""
    from conftest import _launch

    ctx, profile = _launch(pw, blocked, viewport={"width": 1366, "height": 900}, locale="pl-PL")
    ctx.add_init_script("Object.defineProperty(navigator, 'languages', {get: () => ['pl-PL', 'en-US']})")
    pg = ctx.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)


def test_the_picker_switches_a_game_in_progress_and_is_remembered(polish_browser, server) -> None:
    """Choosing a language: a pl-PL browser's first visit is Polish (navigator.languages); the game bar's picker
    switches an open game to Japanese at once, the game unchanged; a reload keeps Japanese; ?lang=cs wins."""
    page = polish_browser
    boot(page, f"{server.url}?pace=0")
    assert page.evaluate("document.documentElement.lang") == "pl"
    page.select_option("[data-testid=game-select]", "jump_drive")
    new_game(page, names=NAMES, kinds=("human", "random"), seed=5)
    settle(page)
    before = page.evaluate("() => document.querySelector('[data-testid=hand]')?.dataset.cards "
                           "?? document.querySelectorAll('[data-testid=hand] .card').length")
    page.select_option("[data-testid=game-bar] [data-testid=lang-select]", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    settle(page)
    assert page.locator("[data-testid=game-bar]").count() == 1, "the game stays open"
    after = page.evaluate("() => document.querySelector('[data-testid=hand]')?.dataset.cards "
                          "?? document.querySelectorAll('[data-testid=hand] .card').length")
    assert after == before
    assert "ホーム" in page.inner_text("[data-testid=game-bar]") or page.evaluate(
        "() => /[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(document.querySelector('[data-testid=game-bar]').innerText)")
    boot(page, f"{server.url}?pace=0")
    assert page.evaluate("document.documentElement.lang") == "ja", "the pick is remembered"
    boot(page, f"{server.url}?pace=0&lang=cs")
    assert page.evaluate("document.documentElement.lang") == "cs", "?lang= wins"


def test_the_long_pseudo_language_fits_every_table(page, server) -> None:
    """qps-ploc (every message 40 % longer, accented): the home screen and each table's first decisions fit
    390x844 and 1366x900 without sideways overflow."""
    problems: list[str] = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        fresh(page, f"{server.url}?pace=0&lang=qps-ploc")
        if overflow(page):
            problems.append(f"{width} home: {overflow(page)} px {overflowing(page)}")
        for game in GAMES:
            go_home(page)
            page.select_option("[data-testid=game-select]", game)
            new_game(page, names=NAMES, kinds=("human", "random"), seed=11)
            for step in range(3):
                if play_step(page) == "end":
                    break
                settle(page)
                if overflow(page):
                    problems.append(f"{width} {game} step {step + 1}: {overflow(page)} px {overflowing(page)}")
        go_home(page)
    page.set_viewport_size({"width": 1400, "height": 1000})
    assert not problems, problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_learn_page_in_the_language_links_its_versions_and_its_examples_speak_it(page, server, lang: str) -> None:
    """Each learn page exists in the language with hreflang links to every version; its examples take the page's
    <html lang> (embed.js passes lang=), so their posters and lessons speak it too (lesson format 3)."""
    import json

    page.goto(f"{server.url}learn/jump-drive.{lang}.html")
    assert page.evaluate("document.documentElement.lang") == lang
    hreflangs = page.eval_on_selector_all("link[rel=alternate][hreflang]", "els => els.map(e => e.hreflang)")
    assert set(hreflangs) == {"en", "pl", "cs", "ja", "x-default"}
    page.locator("[data-star-table]").first.scroll_into_view_if_needed()
    page.wait_for_selector("[data-star-table] iframe")
    iframe = page.locator("[data-star-table] iframe").first
    assert f"lang={lang}" in iframe.get_attribute("src")
    frame = iframe.element_handle().content_frame()
    frame.wait_for_function("document.documentElement.dataset.embed === 'poster'")
    assert frame.evaluate("document.documentElement.lang") == lang
    catalog = json.loads((server.dist / "app" / "i18n" / f"poster.{lang}.json").read_text(encoding="utf-8"))
    mode = frame.evaluate("new URLSearchParams(location.search).get('mode') || "
                          "(new URLSearchParams(location.search).get('lesson') ? 'lesson' : 'view')")
    assert frame.inner_text("[data-testid=try-it]").strip() == catalog[f"embed.try.{mode}"].strip()
    caption = frame.inner_text("[data-testid=poster-caption]")
    lesson_id = frame.evaluate("new URLSearchParams(location.search).get('lesson')")
    if lesson_id:
        lesson = json.loads((server.dist / "lessons" / f"{lesson_id}.json").read_text(encoding="utf-8"))
        assert caption.strip() in (lesson["title"][lang], iframe.get_attribute("title"))
