"""The app shell: no game is ever lost, hostile inputs never kill the engine, card text on touch and keyboard, focus,
the phone layout, no codes shown to players, and axe-core on every screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from ui_driver import (
    AXE_STEPS,
    axe_violations,
    boot,
    fresh,
    go_home,
    new_game,
    overflow,
    play_step,
    scan_screen,
    settle,
    uncataloged,
)

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def metas(page) -> list[dict]:
    """Every save's meta record in this browser's storage."""
    return page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('pyengine:meta:'))
        .map(k => JSON.parse(localStorage.getItem(k)))""")


def active_ids(page) -> set[str]:
    return {m["id"] for m in metas(page) if m["kind"] == "match" and m["status"] == "active"}


def pick_game(page, game: str) -> None:
    go_home(page)
    page.select_option("[data-testid=game-select]", game)


def generic_steps(page, n: int) -> None:
    """A few simple choices in a game that has no Jump Drive table (the generic panel, the Ares or the Beyond the Sun
    table)."""
    for _ in range(n):
        mode = play_step(page)
        assert mode in ("generic", "end") or mode.startswith(("ares-", "bts-")), mode


# ---------------------------------------------------------------------------------------------- 1. no game lost

def test_starting_another_game_keeps_the_game_in_progress(page, server):
    """Data loss path 1: start Beyond the Sun, play, start Ares: both are listed and both continue."""
    fresh(page, server.url + "?pace=0")
    pick_game(page, "beyond_the_sun")
    new_game(page, names=("You", "Bot 2"), kinds=("human", "random"), seed=3)
    generic_steps(page, 3)
    bts_log = page.locator("[data-testid=log] li").count()
    pick_game(page, "ares_expedition")
    new_game(page, names=("You", "Bot 2"), kinds=("human", "random"), seed=4)
    generic_steps(page, 2)
    go_home(page)
    rows = page.locator("[data-testid=match-row]")
    assert rows.count() == 2
    assert sorted(rows.evaluate_all("els => els.map(e => e.dataset.game)")) == ["ares_expedition", "beyond_the_sun"]
    page.locator("[data-testid=match-row][data-game=beyond_the_sun] [data-role=continue]").click()
    assert settle(page).startswith("bts-")
    assert page.locator("[data-testid=log] li").count() >= bts_log
    assert "Beyond the Sun" in page.inner_text("[data-testid=game-bar]")
    go_home(page)
    page.locator("[data-testid=match-row][data-game=ares_expedition] [data-role=continue]").click()
    assert settle(page).startswith("ares-")
    assert "Ares Expedition" in page.inner_text("[data-testid=game-bar]")
    go_home(page)


def test_a_seat_that_becomes_a_bot_drops_the_name_you(page, server):
    """Issue 30 ("You wins!" when seat 0 is a bot still named You): a seat with a default name takes its new kind's
    default when the kind changes (You -> Bot 1 -> You); a name the player typed stays."""
    boot(page, server.url + "?pace=0")
    go_home(page)
    name = "[data-testid=seat-name-input-0]"
    assert page.input_value(name) == "You"
    page.select_option("[data-testid=seat-kind-0]", "normal")
    assert page.input_value(name) == "Bot 1"
    page.select_option("[data-testid=seat-kind-0]", "human")
    assert page.input_value(name) == "You"
    page.fill(name, "Ann")
    page.select_option("[data-testid=seat-kind-0]", "easy")
    assert page.input_value(name) == "Ann"
    page.select_option("[data-testid=seat-kind-0]", "human")
    page.fill(name, "You")


def test_loading_a_finished_slot_keeps_the_unfinished_games(page, server):
    """Data loss path 2: loading a slot that holds a finished game opens it to look at; nothing is removed."""
    boot(page, server.url + "?pace=0")
    before = active_ids(page)
    assert before, "the previous test left games in progress"
    pick_game(page, "jump_drive")
    new_game(page, names=("Bot A", "Bot B"), kinds=("random", "random"), seed=12)
    page.wait_for_selector("[data-testid=end-screen]", timeout=120_000)
    headline = page.inner_text("[data-testid=winner]")
    page.click("[data-testid=save-open]")
    page.fill("[data-testid=save-name]", "Finished one")
    page.click("[data-testid=save-confirm]")
    page.wait_for_selector("[data-testid=save-ok]")
    go_home(page)
    assert page.locator("[data-testid=history-row]").count() >= 1, "the finished game is in the history"
    # Issue 30 (Jump Drive): the finished-games list names the winner and every score, as the end screen did.
    result = page.inner_text("[data-testid=history-row]:first-child [data-testid=history-result]")
    assert re.fullmatch(r"(Bot A|Bot B|Bot A and Bot B) won · Bot A \d+, Bot B \d+", result), result
    winners = result.split(" won")[0]
    assert headline in (f"{winners} wins!", f"Shared win: {winners}"), (headline, result)
    page.locator("[data-testid=slot-row][data-name='Finished one'] [data-role=load]").click()
    page.wait_for_selector("[data-testid=review-tag]")
    assert page.locator("[data-testid=end-screen]").count() == 1
    assert page.locator("[data-testid=log] li").count() > 5, "the finished game's log is shown"
    go_home(page)
    assert active_ids(page) == before
    assert page.locator("[data-testid=match-row]").count() == len(before)
    # The history entry shows its final screen and log too.
    page.locator("[data-testid=history-row] [data-role=review]").first.click()
    page.wait_for_selector("[data-testid=end-screen]")
    go_home(page)
    assert active_ids(page) == before


def test_two_tabs_on_two_games_keep_both(page, context, server):
    """Data loss path 3: two tabs each play their own game; both games stay saved."""
    boot(page, server.url + "?pace=0")
    before = active_ids(page)
    other = context.new_page()
    try:
        boot(other, server.url + "?pace=0")
        new_game(page, names=("Tab one", "Bot"), kinds=("human", "random"), seed=31)
        play_step(page)
        new_game(other, names=("Tab two", "Bot"), kinds=("human", "random"), seed=32)
        play_step(other)
        play_step(page)
        play_step(other)
        now = active_ids(page)
        assert len(now - before) == 2, "each tab's game has its own autosave"
        names = {m["names"][0] for m in metas(page) if m["id"] in now - before}
        assert names == {"Tab one", "Tab two"}
    finally:
        other.close()
    go_home(page)


def test_two_tabs_on_one_match_tell_the_older_tab(page, context, server):
    """Data loss path 4: when a tab moves a match on, the other tab on the same match is told and stops writing."""
    boot(page, server.url + "?pace=0")
    new_game(page, names=("Shared", "Bot"), kinds=("human", "random"), seed=41)
    play_step(page)
    settle(page)
    mid = next(m["id"] for m in metas(page) if m["names"][0] == "Shared")
    go_home(page)
    other = context.new_page()
    try:
        boot(other, server.url + "?pace=0")
        other.click(f"[data-testid=continue-{mid}]")
        settle(other)
        page.click(f"[data-testid=continue-{mid}]")
        settle(page)
        rev = next(m["rev"] for m in metas(page) if m["id"] == mid)
        play_step(page)  # this tab moves the match on
        settle(page)
        after = next(m["rev"] for m in metas(page) if m["id"] == mid)
        assert after > rev
        other.wait_for_selector("[data-testid=stale-banner]", timeout=15_000)
        assert axe_violations(other, "stale banner") == []
        # The other tab never overwrites the newer autosave; it may keep its position as a new game.
        assert next(m["rev"] for m in metas(page) if m["id"] == mid) == after
        before = {m["id"] for m in metas(page)}
        other.click("[data-testid=stale-fork]")
        other.wait_for_selector("[data-testid=stale-banner]", state="detached")
        other.wait_for_function(
            f"Object.keys(localStorage).filter(k => k.startsWith('pyengine:meta:')).length > {len(before)}")
        # The copy is a new game in progress of the same players (other pages of this browser may finish
        # their own matches meanwhile, so the test names the new record rather than counting).
        forks = [m for m in metas(page) if m["id"] not in before]
        assert [(m["kind"], m["status"], m["names"][0]) for m in forks] == [("match", "active", "Shared")]
        assert mid in active_ids(page)
    finally:
        other.close()
    go_home(page)


def test_format_1_saves_migrate_on_first_start(page, server):
    """Old saves (one autosave key plus a slot index) become one game in progress and one slot; nothing is lost."""
    fixture = json.loads((FIXTURES / "localstorage-v1.json").read_text())
    boot(page, server.url)
    page.evaluate("(data) => { localStorage.clear();"
                  " for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }",
                  fixture)
    # The migration runs as the home screen starts, before the engine; its notice stays 6 s, so it is looked for
    # first (the engine may take longer than that on a busy machine).
    page.goto(server.url + "?pace=0")
    page.wait_for_selector("[data-testid=migrated]")
    boot(page, server.url + "?pace=0")
    keys = page.evaluate("() => Object.keys(localStorage)")
    assert not {"pyengine:autosave", "pyengine:saves", "pyengine:save:mh3old01"} & set(keys)
    rows = page.locator("[data-testid=match-row]")
    assert rows.count() == 1 and rows.first.get_attribute("data-game") == "beyond_the_sun"
    assert page.locator("[data-testid=slot-row][data-name='Before the reveal']").count() == 1
    rows.first.locator("[data-role=continue]").click()
    assert settle(page).startswith("bts-")
    old = json.loads(fixture["pyengine:autosave"])["save"]
    assert page.evaluate("() => 1") == 1
    go_home(page)
    page.locator("[data-testid=slot-row][data-name='Before the reveal'] [data-role=load]").click()
    page.wait_for_selector("[data-testid=jd-table]")
    assert old["game"] == "beyond_the_sun"
    go_home(page)


# ---------------------------------------------------------------------------------------------- 2. hostile input

def _real_save(page) -> dict:
    """The save of an autosaved game from the earlier tests that has moves in its log (the tests build on it)."""
    key = page.evaluate("""() => Object.keys(localStorage).sort().find(k => k.startsWith('pyengine:match:')
        && (JSON.parse(localStorage.getItem(k)).save.log || []).length > 0)""")
    return json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))["save"]


def _import(page, name: str, data: bytes) -> None:
    page.set_input_files("[data-testid=import-file]",
                         files=[{"name": name, "mimeType": "application/json", "buffer": data}])


def test_deeply_nested_inputs_are_refused_and_the_engine_lives(page, server):
    """A 19 KB save with 1,600 nested objects in an ignored field gives a typed error; the worker keeps answering."""
    boot(page, server.url)
    go_home(page)
    slots_before = page.evaluate("() => Object.keys(localStorage).sort()")
    save = _real_save(page)
    deep = "{" + '"a":{' * 1600 + "}" * 1600 + "}"
    text = json.dumps(save)[:-1] + ', "junk": ' + deep + "}"
    assert 10_000 < len(text.encode()) < 200_000
    _import(page, "deep.json", text.encode())
    msg = page.wait_for_selector("[data-testid=import-error]")
    assert "nested" in msg.inner_text()
    assert page.evaluate("() => Object.keys(localStorage).sort()") == slots_before
    # The bridge itself refuses the same text (CPython callers and anything that skips the page's check).
    answer = page.evaluate("""async (text) => {
        const el = document.querySelector('script[type="py"][worker][name="engine"]');
        const request = JSON.stringify({op: 'load', save: 0}).replace('0}', text + '}');
        return JSON.parse(await el.xworker.sync.handle(request));
    }""", deep)
    assert answer["ok"] is False and answer["error"]["code"] == "input/too_deep"
    info = page.evaluate("async () => (await import('./app/boot.js')).engine.call({op: 'info'})")
    assert info["ok"] is True, "the worker is alive"
    new_game(page, names=("Still", "Bot"), kinds=("human", "random"), seed=5)
    assert settle(page) == "opening"
    go_home(page)


def test_overlong_logs_and_bad_seeds_get_clear_messages(page, server):
    """A log past the replay cap, a seed past 2^53 in a file, and a typed seed of 1e21 are refused in words."""
    boot(page, server.url)
    save = _real_save(page)
    long = dict(save, log=(save["log"] * (10_001 // max(1, len(save["log"])) + 1))[:10_001])
    long.pop("snapshot", None)
    _import(page, "long.json", json.dumps(long).encode())
    page.wait_for_selector("[data-testid=import-error]")
    assert "10,000" in page.locator("[data-testid=import-error]").last.inner_text() or "10000" in page.locator(
        "[data-testid=import-error]").last.inner_text()
    big = dict(save, seed=2**60)
    _import(page, "seed.json", json.dumps(big).encode())
    page.wait_for_function("document.querySelectorAll('[data-testid=import-error]').length >= 2")
    assert "seed" in page.locator("[data-testid=import-error]").last.inner_text()
    page.fill("[data-testid=seed-input]", "1e21")
    page.click("[data-testid=start-game]")
    assert "whole number" in page.inner_text("[data-testid=seed-error]")
    assert page.locator("[data-testid=home]").count() == 1, "no game started"
    page.fill("[data-testid=seed-input]", "")


def test_imports_store_the_engines_normalised_save(page, server):
    """An imported file is stored as the engine's own save: junk fields dropped, seat names capped at 40."""
    boot(page, server.url)
    save = _real_save(page)
    messy = dict(save, junk={"x": [1, 2, 3]})
    messy["seats"] = [dict(s) for s in save["seats"]]
    messy["seats"][0]["name"] = "N" * 100
    messy.pop("snapshot", None)
    _import(page, "messy.json", json.dumps(messy).encode())
    page.wait_for_selector("[data-testid=import-ok]")
    slot = page.evaluate("""() => { const m = Object.keys(localStorage).filter(k => k.startsWith('pyengine:meta:'))
        .map(k => JSON.parse(localStorage.getItem(k))).find(m => m.name === 'messy');
        return JSON.parse(localStorage.getItem('pyengine:slot:' + m.id)).save; }""")
    assert "junk" not in slot
    assert slot["seats"][0]["name"] == "N" * 40
    assert "snapshot" in slot, "the engine's own save, with its checked snapshot"


def test_slow_loads_show_progress_and_can_be_cancelled(page, server):
    """A load replays in chunks with a progress bar; Cancel stops it and changes nothing."""
    boot(page, server.url + "?pace=0&progress=0&loadchunk=1&loaddelay=300")
    before = page.evaluate("() => JSON.stringify(localStorage)")
    longest = max((m for m in metas(page) if m["kind"] == "match" and m["status"] == "active"),
                  key=lambda m: m.get("logLength") or 0)
    assert (longest.get("logLength") or 0) >= 5
    page.click(f"[data-testid=continue-{longest['id']}]")
    page.wait_for_selector("[data-testid=load-progress]")
    assert axe_violations(page, "load progress") == []
    page.click("[data-testid=load-cancel]")
    page.wait_for_selector("[data-testid=load-progress]", state="detached")
    assert page.locator("[data-testid=home]").count() == 1
    assert page.evaluate("() => JSON.stringify(localStorage)") == before


# ---------------------------------------------------------------------------------------------- 3. popovers

def _phone_game(phone, server, rounds: int = 3) -> None:
    fresh(phone, server.url + "?pace=0")
    new_game(phone, names=("Thumb", "Bot"), kinds=("human", "greedy"), seed=14)
    plans = 0
    while plans < rounds:
        mode = play_step(phone)
        plans += mode == "plan"
        assert mode != "end"
    settle(phone)


def _popover_open_and_close(phone, how: str) -> str:
    phone.wait_for_selector("[data-testid=popover]")
    body = phone.inner_text("[data-testid=popover-body]")
    assert overflow(phone) == 0
    if how == "escape":
        phone.keyboard.press("Escape")
    else:
        phone.tap("[data-testid=popover-backdrop]", position={"x": 10, "y": 10})
    phone.wait_for_selector("[data-testid=popover]", state="detached")
    return body


def test_popovers_open_by_tap_click_keyboard_and_long_press_on_a_phone(phone, server):
    """One popover serves log card names, hand cards, opponents' cards and help icons at 390x844."""
    _phone_game(phone, server)
    # A card name in the log, by tap; closed by a tap outside.
    ref = phone.locator("[data-testid=log] .card-ref").first
    name = ref.inner_text()
    ref.tap()
    assert name in _popover_open_and_close(phone, "outside")
    # A hand card's text, by its "i" button; closed by Esc. Then by long press on the card itself.
    card = phone.locator("[data-testid=hand] .card").first
    card.locator(".card-info-btn").tap()
    assert len(_popover_open_and_close(phone, "escape")) > 10
    hit = card.locator(".card-hit")
    box = hit.bounding_box()
    phone.mouse.move(box["x"] + 20, box["y"] + 40)
    hit.dispatch_event("pointerdown", {"pointerType": "touch", "clientX": box["x"] + 20, "clientY": box["y"] + 40,
                                       "button": 0})
    phone.wait_for_timeout(700)
    hit.dispatch_event("pointerup", {"pointerType": "touch"})
    assert len(_popover_open_and_close(phone, "escape")) > 10
    # An opponent's card: the folded empire opens, then its card opens the popover.
    opp = phone.locator("details.empire.opponent").first
    if opp.get_attribute("open") is None:
        opp.locator("summary").tap()
    opp.locator(".card").first.tap()
    assert _popover_open_and_close(phone, "escape")
    # A help icon.
    phone.tap("[data-testid=help-goal]")
    assert "50 VP" in _popover_open_and_close(phone, "escape")
    # Keyboard: focus a card name, Enter opens, focus moves in; Esc closes and focus returns to the name.
    ref = phone.locator("[data-testid=log] .card-ref").first
    ref.focus()
    phone.keyboard.press("Enter")
    phone.wait_for_selector("[data-testid=popover]")
    assert phone.evaluate("() => Boolean(document.activeElement.closest('[data-testid=popover]'))")
    phone.keyboard.press("Escape")
    phone.wait_for_selector("[data-testid=popover]", state="detached")
    assert phone.evaluate("() => document.activeElement.classList.contains('card-ref')")


# ---------------------------------------------------------------------------------------------- 4. focus

def _focus_tag(page) -> str:
    return page.evaluate("() => document.activeElement === document.body || !document.activeElement ? 'BODY' : "
                         "document.activeElement.tagName")


def test_keyboard_only_round_never_leaves_focus_on_body(page, server):
    """Opening, a plan and its payment or discards, by keyboard alone: after every action focus is on a control or
    the new decision, never on <body>."""
    boot(page, server.url + "?pace=0")
    new_game(page, names=("Keys", "Bot"), kinds=("human", "greedy"), seed=21)
    assert settle(page) == "opening"
    seen = []
    for _ in range(12):
        mode = settle(page)
        seen.append(mode)
        if mode == "end" or seen.count("plan") > 2:
            break
        if mode == "plan":
            # Tab to a card; Space selects a playable one and Enter (on the card) confirms; else E explores.
            picked = False
            for _tab in range(40):
                page.keyboard.press("Tab")
                on = page.evaluate("() => { const a = document.activeElement; return a && a.classList.contains"
                                   "('card-hit') ? a.closest('.card').dataset.playable : null; }")
                if on == "1":
                    page.keyboard.press("Space")
                    picked = page.locator("[data-testid=confirm]").is_enabled()
                    if picked:
                        break
                    page.keyboard.press("Space")
                assert _focus_tag(page) != "BODY"
            if not picked:  # explore: E from any card, then Enter there confirms
                for _tab in range(60):
                    if page.evaluate("() => document.activeElement.classList.contains('card-hit')"):
                        break
                    page.keyboard.press("Tab")
                page.keyboard.press("e")
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("Enter")  # focus is on the new decision's prompt: Enter confirms
        settle(page)
        assert _focus_tag(page) != "BODY", f"focus fell to <body> after {mode}"
    assert "plan" in seen


# ---------------------------------------------------------------------------------------------- 5-7. every screen

def test_a_full_game_shows_no_codes_and_passes_axe(page, server):
    """Every visible text, tooltip and accessible name of a whole Jump Drive game (a human seat against a bot) reads
    as words: no action codes, JSON, raw keys or debug panel; axe-core finds nothing serious or critical on its
    screens. (The whole Beyond the Sun and Ares Expedition games of test_bts.py and test_ares.py are scanned the same
    way, step by step.)"""
    game = "jump_drive"
    leaks: list[str] = []
    violations: list[str] = []
    boot(page, server.url + "?pace=0")
    pick_game(page, game)
    scan_screen(page, f"{game} home", leaks, violations, axe=True)
    new_game(page, names=("You", "Bot 2"), kinds=("human", "random"), seed=7)
    steps = 0
    mode = settle(page)
    while mode != "end" and steps < 700:
        scan_screen(page, f"{game} step {steps} ({mode})", leaks, violations, axe=steps in AXE_STEPS)
        if steps == 3:
            page.click("[data-testid=save-open]")
            scan_screen(page, f"{game} save form", leaks, violations, axe=True)
            page.click("[data-testid=save-cancel]")
        mode = play_step(page)
        steps += 1
        mode = settle(page) if mode != "end" else mode
    assert mode == "end", f"{game} did not end in {steps} steps"
    scan_screen(page, f"{game} end", leaks, violations, axe=True)
    assert page.locator("[data-testid=debug]").count() == 0
    assert not leaks, "\n".join(leaks[:25])
    assert not violations, "\n".join(violations[:25])
    go_home(page)


def test_no_screen_overflows_at_390_and_axe_passes_on_the_phone(phone, server):
    """At 390x844 no screen of any game is wider than the phone: home, each game mid-game and at the end, the
    popover, the hand-off screen; axe-core finds nothing serious or critical on them."""
    problems: list[str] = []

    def check(where: str) -> None:
        if overflow(phone):
            problems.append(f"{where}: {overflow(phone)} px too wide")
        problems.extend(axe_violations(phone, where))

    fresh(phone, server.url + "?pace=0")
    check("home")
    for game in ("jump_drive", "beyond_the_sun", "ares_expedition"):
        pick_game(phone, game)
        check(f"{game} home form")
        new_game(phone, names=("You", "Bot 2"), kinds=("human", "random"), seed=9)
        for step in range(6):
            if play_step(phone) == "end":
                break
            if step == 1:
                settle(phone)
                check(f"{game} mid-game")
        settle(phone)
        check(f"{game} later")
        phone.locator("[data-testid=log] .card-ref, [data-testid=hand] .card-info-btn, .card-chip").first.tap()
        phone.wait_for_selector("[data-testid=popover]")
        check(f"{game} popover")
        phone.keyboard.press("Escape")
        go_home(phone)
    # End screens: all-bot games to the end.
    for game in ("jump_drive", "beyond_the_sun", "ares_expedition"):
        pick_game(phone, game)
        new_game(phone, names=("Bot A", "Bot B"), kinds=("random", "random"), seed=5)
        phone.wait_for_selector("[data-testid=end-screen]", timeout=300_000)
        check(f"{game} end screen")
        go_home(phone)
    # Hot-seat hand-off.
    pick_game(phone, "jump_drive")
    new_game(phone, names=("Ann", "Ben"), kinds=("human", "human"), seed=3)
    settle(phone)
    phone.click("[data-testid=confirm]")
    assert settle(phone) == "handoff"
    check("hand-off")
    phone.click("[data-testid=handoff-continue]")
    settle(phone)
    go_home(phone)
    check("home with games")
    assert not problems, "\n".join(problems[:30])


# ---------------------------------------------------------------------------------------------- 5. one catalog

# Numbers and punctuation may sit outside catalog entries (the class holds minus, dashes, times, stars and quotes).
def test_every_string_on_screen_comes_from_the_message_catalog(page, server):
    """With the pseudo-language every catalog entry is marked; the home screen, each game's table, its log, a
    popover and its end screen show nothing that did not come from the catalog (numbers and typed names aside)."""
    names = ("Ann", "Bob")
    bad: list[str] = []
    fresh(page, server.url + "?pace=0&lang=qps")
    bad += [f"home: {x}" for x in uncataloged(page, names)]
    for game in ("jump_drive", "beyond_the_sun", "ares_expedition"):
        page.select_option("[data-testid=game-select]", game)
        bad += [f"{game} form: {x}" for x in uncataloged(page, names)]
        new_game(page, names=names, kinds=("human", "random"), seed=8)
        for _step in range(8):
            if play_step(page) == "end":
                break
        settle(page)
        bad += [f"{game} table: {x}" for x in uncataloged(page, names)]
        page.locator("[data-testid=log] .card-ref, .card-chip, [data-testid=hand] .card-info-btn").first.click()
        page.wait_for_selector("[data-testid=popover]")
        bad += [f"{game} popover: {x}" for x in uncataloged(page, names)]
        page.keyboard.press("Escape")
        go_home(page)
    for game in ("jump_drive", "beyond_the_sun", "ares_expedition"):
        page.select_option("[data-testid=game-select]", game)
        new_game(page, names=names, kinds=("random", "random"), seed=9)
        page.wait_for_selector("[data-testid=end-screen]", timeout=300_000)
        bad += [f"{game} end: {x}" for x in uncataloged(page, names)]
        go_home(page)
    bad += [f"home with games: {x}" for x in uncataloged(page, names)]
    assert not bad, "\n".join(dict.fromkeys(bad))
