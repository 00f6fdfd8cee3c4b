"""End-to-end: boot, a full game against a bot, saves, import errors, safe names, hot-seat, offline."""

from __future__ import annotations

import json
import re

import pytest
from ui_driver import boot, go_home, hand_ids, new_game, play_step, settle

pytestmark = pytest.mark.browser


def test_a_boots_to_ready(page, server, shots):
    """The app boots, and its engine's Python started from the build's memory snapshot (web/engine/pyodide-boot.mjs
    marks it in the worker once restored; it falls back to a plain start otherwise)."""
    boot(page, server.url)
    assert page.locator("[data-testid=game-select] option").count() >= 1
    marks = [name for w in page.workers
             for name in w.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")]
    assert "engine:python-snapshot" in marks, marks
    page.screenshot(path=str(shots / "home.png"), full_page=True)


def test_a2_pyodide_gives_byte_identical_states_to_cpython(page, server):
    """Determinism: the same seeded random games end in the same state digest in Pyodide as in CPython."""
    from pyengine.bridge import selftest

    cases = (("jump_drive", 1, 2), ("jump_drive", 2, 3), ("jump_drive", 3, 1),
             ("beyond_the_sun", 4, 2), ("beyond_the_sun", 5, 4),
             ("ares_expedition", 6, 1), ("ares_expedition", 7, 2), ("ares_expedition", 8, 4))
    for game, seed, players in cases:
        got = page.evaluate("""async ([game, seed, players]) => {
            const { engine } = await import("./app/boot.js");
            return await engine.call({ op: "selftest", game, seed, players });
        }""", [game, seed, players])
        want = selftest(game, seed, players)
        assert got["ok"] is True
        assert (got["actions"], got["sha256"]) == (want["actions"], want["sha256"])


def test_b_full_game_against_greedy_bot(page, server, shots, page_state):
    go_home(page)
    new_game(page, names=("Ann", "Greedy"), kinds=("human", "greedy"), seed=11)
    assert settle(page) == "opening"
    page.screenshot(path=str(shots / "opening.png"), full_page=True)
    # Issue 30 (Jump Drive): the discard stamp is a catalog text drawn on the card's edge; each board says whether
    # its own Survey Team is still there; a short or long selection says what to do, instead of "Nothing chosen yet".
    stamped = page.locator("[data-testid=hand] .card.discarding")
    assert stamped.count() == 2 and stamped.first.get_attribute("data-stamp") == "discard"
    assert page.inner_text("[data-testid=survey-0]") == "Survey Team ready"
    stamped.first.locator(".card-hit").click()  # one fewer than needed: the bar says how many more
    assert "Select 1 more card to discard." in page.inner_text("[data-testid=action-bar]")
    assert page.locator("[data-testid=confirm]").is_disabled()
    free = "[data-testid=hand] .card:not(.discarding) .card-hit:not([disabled])"
    page.locator(free).first.click()
    assert page.locator("[data-testid=hand] .card.discarding").count() == 2
    page.locator(free).first.click()  # a third: the count and the bar say to unselect one (not "Nothing chosen")
    assert "Too many: unselect 1 card." in page.inner_text("[data-testid=pay-count]")
    assert "Too many: unselect 1 card." in page.inner_text("[data-testid=action-bar]")
    assert page.locator("[data-testid=confirm]").is_disabled()
    page.locator("[data-testid=hand] .card.discarding .card-hit").last.click()
    seen = []
    for _step in range(200):
        mode = play_step(page)
        seen.append(mode)
        if mode == "end":
            break
        if mode == "plan" and "plan" not in seen[:-1]:
            # After the first reveal the table shows what everyone placed, not only the log.
            settle(page)
            page.screenshot(path=str(shots / "table.png"), full_page=True)
        if mode == "pay" and seen.count("pay") == 2:
            page.screenshot(path=str(shots / "pay.png"), full_page=True)
    assert seen[-1] == "end", seen[-10:]
    assert "plan" in seen and "pay" in seen
    page.screenshot(path=str(shots / "end.png"), full_page=True)
    end = page.locator("[data-testid=end-screen]")
    assert "wins" in end.inner_text() or "Shared win" in end.inner_text()
    assert page.inner_text("[data-testid=tiebreak]").strip().startswith(("Decided", "Tied"))
    assert page.locator("[data-testid=final-scores] tbody tr").count() == 2
    assert page.locator("[data-testid=reveal]").count() == 1
    title = page.inner_text("#reveal-title")
    assert re.fullmatch(r"Revealed in round \d+", title, re.I), title
    # Per-card VP / income this round on the tableau.
    assert page.locator("[data-testid=tableau-0] .card-now").count() >= 1
    assert not page_state.errors, page_state.errors


def test_c_save_slot_reload_load_and_continue(page, server):
    go_home(page)
    new_game(page, names=("Sam", "Bot"), kinds=("human", "greedy"), seed=5)
    for _ in range(4):  # opening, a plan, maybe a payment
        play_step(page)
    settle(page)
    round_before = page.inner_text("[data-testid=round]")
    hand_before = hand_ids(page)
    page.click("[data-testid=save-open]")
    page.fill("[data-testid=save-name]", "Checkpoint one")
    page.click("[data-testid=save-confirm]")
    page.wait_for_selector("[data-testid=save-ok]")
    boot(page, server.url)  # reload
    assert page.locator("[data-testid=match-row]").count() >= 1, "the autosave offers Continue"
    row = page.locator("[data-testid=slot-row][data-name='Checkpoint one']")
    assert row.count() == 1
    row.locator("[data-role=load]").click()
    page.wait_for_selector("[data-testid=jd-table], [data-testid=load-error]")
    errors = page.locator("[data-testid=load-error]")
    assert errors.count() == 0, f"loading the slot failed: {errors.first.inner_text()}"
    settle(page)
    assert page.inner_text("[data-testid=round]") == round_before
    hand_after = hand_ids(page)
    assert hand_after == hand_before
    for _ in range(3):
        if play_step(page) == "end":
            break
    settle(page)


def _slots_snapshot(page):
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('pyengine:slot:') || k.startsWith('pyengine:meta:'))
        .map(k => [k, localStorage.getItem(k)]))""")


def test_e_import_corrupt_and_too_new_files(page, server):
    go_home(page)
    before = _slots_snapshot(page)
    assert before, "test_c left a save slot"
    # A real save object from a slot, to forge a too-new one.
    key = next(k for k in before if k.startswith("pyengine:slot:"))
    save = json.loads(before[key])["save"]
    too_new = dict(save, format_version=save["format_version"] + 100)

    page.set_input_files(
        "[data-testid=import-file]",
        files=[
            {
                "name": "broken.json",
                "mimeType": "application/json",
                "buffer": b'{"format": "pyengine-save", "game": ',
            }
        ],
    )
    msg = page.wait_for_selector("[data-testid=import-error]")
    assert "not valid JSON" in msg.inner_text()

    page.set_input_files(
        "[data-testid=import-file]",
        files=[
            {"name": "future.json", "mimeType": "application/json", "buffer": json.dumps(too_new).encode()}
        ],
    )
    page.wait_for_function("document.querySelectorAll('[data-testid=import-error]').length >= 2")
    text = page.locator("[data-testid=import-error]").last.inner_text()
    assert "newer" in text

    page.set_input_files(
        "[data-testid=import-file]",
        files=[{"name": "foreign.json", "mimeType": "application/json", "buffer": b'{"hello": "world"}'}],
    )
    page.wait_for_function("document.querySelectorAll('[data-testid=import-error]').length >= 3")
    assert "not a valid saved game" in page.locator("[data-testid=import-error]").last.inner_text()

    assert _slots_snapshot(page) == before, "failed imports must not touch any save slot"

    # A good file is imported into a new slot.
    page.set_input_files(
        "[data-testid=import-file]",
        files=[{"name": "good.json", "mimeType": "application/json", "buffer": json.dumps(save).encode()}],
    )
    page.wait_for_selector("[data-testid=import-ok], [data-testid=import-error] >> nth=3")
    assert page.locator("[data-testid=import-error]").count() == 3, page.locator(
        "[data-testid=import-error]"
    ).last.inner_text()
    assert page.locator("[data-testid=slot-row][data-name='good']").count() == 1


def test_f_html_in_player_names_renders_as_text(page, server, page_state):
    evil = "<img src=x onerror=alert(1)>"
    new_game(page, names=(evil, "<b>bold</b>"), kinds=("human", "random"), seed=3)
    settle(page)
    play_step(page)
    settle(page)
    assert page.inner_text("[data-testid=seat-name-0]") == evil
    assert page.inner_text("[data-testid=seat-name-1]") == "<b>bold</b>"
    assert page.locator("#app img").count() == 0
    assert page.locator("#app b").count() == 0
    log = page.locator("[data-testid=log]").inner_text()
    assert "<b>bold</b> keeps 5 cards" in log, "another player's name, as text, in a third-person line"
    assert "You keep 5 cards" in log, "the viewer reads their own lines in the second person"
    assert not page_state.dialogs, page_state.dialogs


def test_g_hot_seat_hands_off_between_humans(page, server):
    new_game(page, names=("Alice", "Bob"), kinds=("human", "human"), seed=9)
    assert settle(page) == "opening"
    assert "Alice" in page.inner_text("[data-testid=viewer]")
    alice_hand = hand_ids(page)
    page.click("[data-testid=confirm]")
    assert settle(page) == "handoff"
    assert page.inner_text("[data-testid=handoff-text]") == "Pass to Bob"
    assert page.locator("[data-testid=hand]").count() == 0, "the previous hand is hidden"
    page.click("[data-testid=handoff-continue]")
    assert settle(page) == "opening"
    assert "Bob" in page.inner_text("[data-testid=viewer]")
    bob_hand = hand_ids(page)
    assert bob_hand != alice_hand


def test_h_undo_and_keyboard(page, server):
    new_game(page, names=("Kay", "Bot"), kinds=("human", "greedy"), seed=21)
    assert settle(page) == "opening"
    page.keyboard.press("Enter")  # confirm the suggested opening discards
    assert settle(page) == "plan"
    page.keyboard.press("e")
    assert page.get_attribute("[data-testid=explore]", "aria-pressed") == "true"
    page.keyboard.press("Enter")
    mode = settle(page)
    if page.locator("[data-testid=undo]").is_enabled():
        page.keyboard.press("u")
        assert settle(page) == "plan"
    else:
        assert mode in ("plan", "pay")


def test_i_generic_panel_plays_any_game(page, server):
    boot(page, server.url + "?generic&debug")
    new_game(page, names=("Gen", "Bot"), kinds=("human", "random"), seed=2)
    for _ in range(3):
        assert settle(page) == "generic"
        buttons = page.locator("[data-testid=decision-panel] .action-btn")
        assert buttons.count() >= 1 and buttons.first.inner_text().strip()
        buttons.first.click()
    settle(page)
    page.click("[data-testid=debug-toggle]")
    assert '"players"' in page.inner_text("[data-testid=debug-view]")
    assert page.locator("[data-testid=log] li").count() >= 1
    boot(page, server.url)
    assert page.locator("[data-testid=debug]").count() == 0, "the debug panel needs ?debug"


def test_j_full_storage_is_reported_not_dropped(page, server):
    """A full localStorage (QuotaExceededError) shows a visible message instead of losing the save silently."""
    go_home(page)
    new_game(page, names=("Quinn", "Bot"), kinds=("human", "greedy"), seed=8)
    settle(page)
    saved = """() => Object.keys(localStorage).filter(k => k.startsWith('pyengine:'))
        .sort().map(k => [k, localStorage.getItem(k)])"""
    before = page.evaluate(saved)
    page.evaluate("""() => {
        window.__realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
            throw new DOMException("storage is full", "QuotaExceededError");
        };
    }""")
    try:
        play_step(page)  # an action triggers the autosave
        page.wait_for_selector("[data-testid=storage-error]", timeout=30_000)
        assert "full" in page.inner_text("[data-testid=storage-error]").lower()
        assert page.evaluate(saved) == before, "the older autosave (and everything else) stays as it was"
    finally:
        page.evaluate("() => { Storage.prototype.setItem = window.__realSetItem; }")


def test_y_beyond_the_sun_bots_play_to_the_final_score_offline(page, server):
    """Beyond the Sun on its own table: random bots in every seat, offline, to the final score screen (VP by source)."""
    boot(page, server.url)
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000
    )
    page.context.set_offline(True)
    try:
        boot(page, server.url + "?pace=0")
        page.select_option("[data-testid=game-select]", "beyond_the_sun")
        new_game(page, names=("Bot A", "Bot B"), kinds=("random", "random"), seed=4)
        page.wait_for_selector("[data-testid=end-screen]", timeout=300_000)
        assert "Game over" in page.inner_text("[data-testid=end-screen]")
        scores = [int(page.inner_text(f"[data-testid=final-score-{s}]")) for s in range(2)]
        assert max(scores) > 0
        assert "Decided by" in page.inner_text("[data-testid=tiebreak]")
        assert "Techs" in page.inner_text("[data-testid=final-scores]")
        assert page.locator("[data-testid=log] li").count() > 10
    finally:
        page.context.set_offline(False)
        boot(page, server.url)


def test_y2_ares_expedition_solo_two_bots_and_coop_play_to_the_end_offline(page, server):
    """Ares Expedition on its own table, offline: a solo game, a 2-player bot game and a 2-player co-op game (mode
    option, with promos) reach the end screen; the co-op panel shows the shared pool and the end its verdict."""
    boot(page, server.url)
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000
    )
    page.context.set_offline(True)
    try:
        coop = {"mode": "coop", "promo_projects": True, "promo_corporations": True}
        for names, seed, options in ((("Solo bot",), 3, {}), (("Bot A", "Bot B"), 5, {}), (("Co A", "Co B"), 7, coop)):
            boot(page, server.url + "?pace=0")
            page.select_option("[data-testid=game-select]", "ares_expedition")
            new_game(page, names=names, kinds=("random",) * len(names), seed=seed, options=options)
            page.wait_for_selector("[data-testid=end-screen]", timeout=300_000)
            end = page.inner_text("[data-testid=end-screen]")
            assert "Game over" in end
            if options:  # co-op: one verdict for the team, and the pool of cubes and markers on the table
                assert "together" in end, end
                assert "Pool: " in page.inner_text("[data-testid=coop]")
            scores = [int(page.inner_text(f"[data-testid=final-score-{s}]")) for s in range(len(names))]
            assert min(scores) >= 5, "every player ends with at least their starting TR"
            mars = page.inner_text("[data-testid=mars]")
            assert "Temperature" in mars and "Oxygen" in mars and "Oceans" in mars
            card = page.locator("[data-testid=tableau-0] .ares-card .card-hit").first
            name = card.locator(".ares-name").inner_text()
            card.click()  # a card on the table opens its text in the popover
            body = page.inner_text("[data-testid=popover-body]")
            assert name in body and len(body) > len(name) + 5, body
            page.keyboard.press("Escape")
            assert page.locator("[data-testid=popover]").count() == 0
    finally:
        page.context.set_offline(False)
        boot(page, server.url)


def test_z_offline_after_server_stops(page, server):
    """Runs last: the service worker must serve the app with the server gone."""
    go_home(page)
    page.wait_for_function(
        "navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000
    )
    server.stop()
    try:
        boot(page, server.url)
        new_game(page, names=("Offline", "Bot"), kinds=("human", "greedy"))
        assert settle(page) == "opening"
        play_step(page)
        assert settle(page) in ("plan", "pay")
    finally:
        server.start()
