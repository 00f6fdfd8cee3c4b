"""The Beyond the Sun table, played through its own controls: a full game against a bot, a 4-player all-bot game,
constructed positions loaded from saves (pawn moves, an occupied space, research with a type choice, colonization,
an achievement claim, a trade), the phone layout, axe-core and no codes anywhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from ui_driver import (
    AXE_STEPS,
    axe_violations,
    boot,
    code_leaks,
    go_home,
    new_game,
    overflow,
    play_step,
    play_table_to_end,
    scan_screen,
    settle,
)
from ui_driver import open_fixture as load_fixture

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "bts"


def bts_game(page, names, kinds, seed, options=None) -> None:
    go_home(page)
    page.select_option("[data-testid=game-select]", "beyond_the_sun")
    new_game(page, names=names, kinds=kinds, seed=seed, options=options)


def play_to_end(page, max_steps: int = 1500, on_step=None) -> list[str]:
    """Play the human seat through the table's own controls until the end screen."""
    return play_table_to_end(page, "bts-", max_steps, on_step)


def open_fixture(page, name: str) -> None:
    """Import a constructed position (a real save) and load it as a game, through the home screen."""
    load_fixture(page, FIXTURES / f"{name}.json", "bts-table")


def log_text(page) -> str:
    return page.inner_text("[data-testid=log]")


# ---------------------------------------------------------------------------------------------- full games

def test_a_two_player_game_against_a_bot_through_the_table(page, server):
    """A whole 2-player game (to its end at round 10, the round-limit option, to keep the suite short), human
    against a greedy bot, offline, played only with the table's controls (pawn
    spaces, tech slots, ships and targets, question buttons); every visible text, tooltip and accessible name of every
    step reads as words (no action codes, JSON, raw keys or debug panel), and axe-core finds nothing serious or
    critical on the game's home form, its table and its end screen; the end screen has the VP by source, the
    tie-break line and the VP-over-rounds chart."""
    boot(page, server.url)
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000)
    page.context.set_offline(True)
    leaks: list[str] = []
    violations: list[str] = []
    clicks: dict[str, int] = {}
    try:
        boot(page, server.url + "?pace=0")
        go_home(page)
        page.select_option("[data-testid=game-select]", "beyond_the_sun")
        scan_screen(page, "home", leaks, violations, axe=True)
        # Round 10 is the last (the round-limit option at its least): every kind of step still comes, sooner.
        bts_game(page, ("You", "Bot 2"), ("human", "greedy"), seed=21, options={"round_limit": 10})

        def check(mode: str) -> None:
            step = sum(clicks.values())
            clicks[mode] = clicks.get(mode, 0) + 1
            scan_screen(page, f"step {step} ({mode})", leaks, violations, axe=step in AXE_STEPS)

        play_to_end(page, on_step=check)
        text = page.inner_text("[data-testid=end-screen]")
        assert "Game over" in text
        assert page.locator("[data-testid=final-scores] tbody tr").count() == 2
        assert "Techs" in page.inner_text("[data-testid=final-scores]")
        assert page.locator("[data-testid=history-charts] svg").count() == 1
        assert "Decided by:" in page.inner_text("[data-testid=tiebreak]")
        assert page.locator("[data-testid=debug]").count() == 0
        scan_screen(page, "end", leaks, violations, axe=True)
    finally:
        page.context.set_offline(False)
    assert clicks.get("bts-act", 0) >= 10, clicks
    assert not leaks, "\n".join(leaks[:30])
    assert not violations, "\n".join(violations[:30])


def test_b_four_bots_play_to_the_end_screen(page, server):
    """Four greedy bots at ?pace=0 play a whole game on the table to the end screen, with four rows of scores."""
    boot(page, server.url + "?pace=0")
    bts_game(page, ("Bot A", "Bot B", "Bot C", "Bot D"), ("greedy", "greedy", "greedy", "greedy"), seed=8)
    page.wait_for_selector("[data-testid=end-screen]", timeout=600_000)
    assert page.locator("[data-testid=final-scores] tbody tr").count() == 4
    assert page.locator("[data-testid=history-charts] svg").count() == 1
    assert not code_leaks(page)


# ---------------------------------------------------------------------------------------------- constructed positions

def test_c_pawn_move_onto_a_highlighted_space_and_an_occupied_space_refused(page, server):
    """Action board: the legal spaces are highlighted; a click and Confirm moves the pawn there (the pawn is drawn
    on it afterwards); a space taken by another pawn is not legal, says who took it, and a click on it does
    nothing."""
    boot(page, server.url + "?pace=0")
    open_fixture(page, "pawn_move")
    legal = page.locator("[data-testid=action-board] .space.legal")
    assert legal.count() >= 2
    space = legal.first.locator(".space-hit").get_attribute("data-space")
    legal.first.locator(".space-hit").click()
    assert page.locator("[data-testid=confirm]").is_enabled()
    page.click("[data-testid=confirm]")
    settle(page)
    assert page.locator(f"[data-testid=action-board] .space-hit[data-space='{space}'] .pawn").count() >= 1

    open_fixture(page, "occupied_space")
    taken = page.locator("[data-testid=action-board] .space.taken:not(.legal):has(.space-why:has-text('Taken by'))")
    assert taken.count() >= 1
    first = taken.first
    assert "Taken by Bot" in first.locator(".space-why").inner_text()
    assert first.locator(".space-hit").get_attribute("aria-disabled") == "true"
    first.locator(".space-hit").click(force=True)  # a player can still click it: nothing is chosen
    assert not page.locator("[data-testid=confirm]").is_enabled()
    assert page.locator("[data-testid=action-board] .space.selected").count() == 0


def test_d_research_of_an_unrevealed_level_two_slot_with_a_type_choice(page, server):
    """Tech tree (rules: research): a click on an unrevealed level-II slot whose prerequisites hand on two types
    says so; after Confirm the type is a choice between two buttons marked with the type's colour, then a card is
    kept; the slot is then revealed with the kept card and the seat's research cube (owner dot) on it."""
    boot(page, server.url + "?pace=0")
    open_fixture(page, "research_two_types")
    two = page.locator("[data-testid=tech-tree] .tech-slot.legal.hidden[data-level='2']:has(.type-chip + .type-chip)")
    assert two.count() >= 1
    slot = two.first.locator(".slot-hit").get_attribute("data-slot")
    two.first.locator(".slot-hit").click()
    assert two.first.locator(".slot-hit").get_attribute("aria-pressed") == "true"
    assert "choose its type" in page.inner_text("[data-testid=slot-choice]")
    page.click("[data-testid=confirm]")
    types = None
    for _ in range(6):
        mode = settle(page)
        buttons = page.locator("[data-testid=decision] .question .type-btn")
        if mode == "bts-question" and buttons.count():
            types = buttons.all_inner_texts()
            assert buttons.count() == 2 and buttons.first.locator(".type-swatch").count() == 1
            buttons.first.click()
            break
        play_step(page)  # an event on the slot is resolved first
    assert types is not None, "the type was asked with two marked buttons"
    for _ in range(6):
        mode = settle(page)
        if page.locator(f"[data-testid=slot-{slot}].revealed").count():
            break
        assert mode == "bts-question", "the card to keep is asked next"
        page.locator("[data-testid=decision] .question [data-testid=action-0]").click()
    revealed = page.locator(f"[data-testid=slot-{slot}].revealed")
    assert revealed.count() == 1
    assert revealed.locator(".slot-owners .seat-dot").count() == 1
    assert types[0].split()[-1].lower() in revealed.get_attribute("class")


def test_e_colonization_shown_on_the_map(page, server):
    """Star map (rules: colonize): a ship at a system offers Colonize; afterwards the system is the seat's colony (on
    its mat), the ships left the system, the slot shows the next system of its deck, and the log says so."""
    boot(page, server.url + "?pace=0")
    open_fixture(page, "colonize")
    ships = page.locator("[data-testid=star-map] .ship[data-legal]")
    chosen = None
    for i in range(ships.count()):
        ships.nth(i).click()
        if page.locator("[data-testid=ship-moves] button").count():
            chosen = ships.nth(i).get_attribute("data-testid")
            break
    assert chosen, "one of the ships offers a colonization"
    at = chosen.split("-")[1]
    system = page.locator(f"[data-testid=loc-{at}] .node-name").text_content()
    assert system == page.locator(f"[data-testid=list-loc-{at}] .loc-card .card-ref").text_content()
    colonies = page.locator("[data-testid=colonies-0] .card-ref").count()
    page.locator("[data-testid=ship-moves] button").first.click()
    page.click("[data-testid=confirm]")
    for _ in range(8):
        settle(page)
        if page.locator("[data-testid=colonies-0] .card-ref").count() > colonies:
            break
        play_step(page)
    assert system in page.inner_text("[data-testid=colonies-0]")
    assert "coloni" in log_text(page).lower()
    assert system not in page.locator(f"[data-testid=loc-{at}]").text_content()
    assert page.locator(f"[data-testid=loc-{at}] .ship.ship-seat-0").count() == 0


JUMP_TARGETS_JS = """() => [...document.querySelectorAll('[data-testid=star-map] .loc-hit[data-legal]')]
    .map((e) => e.dataset.testid.replace('target-', '')).sort()"""


def test_e2_lit_jumps_on_the_star_map_by_mouse_and_keyboard(page, server):
    """Star map (rules: a jump moves a ship along one link): the map is an SVG graph with a line per link; selecting
    one of your ships lights an arc and a target (a focusable button with data-legal) for each of its legal jumps and
    for nothing else; Enter/Space choose a target as a click does, focus stays on it, and Confirm moves the ship."""
    boot(page, server.url + "?pace=0")
    open_fixture(page, "jump")
    svg = page.locator("[data-testid=star-map] svg[data-testid=map-svg]")
    assert svg.count() == 1 and page.locator("[data-testid=map-svg] .map-link").count() >= 8
    assert page.locator("[data-testid=star-map] .jump-arc").count() == 0
    ships = page.locator("[data-testid=star-map] .ship[data-legal]")
    assert ships.count() >= 1
    chosen = None
    for i in range(ships.count()):
        ships.nth(i).click()
        if page.locator("[data-testid=star-map] .jump-arc").count() >= 2:
            chosen = ships.nth(i)
            break
        ships.nth(i).click()
    assert chosen is not None, "a ship with two jumps or more"
    at, level = chosen.get_attribute("data-testid").split("-")[1:3]
    jumps = page.eval_on_selector_all("[data-testid=decision] .all-actions [data-action]",
                                      "els => els.map((e) => e.dataset.action)")
    listed = sorted(a.split("to=")[1] for a in jumps if a.startswith(f"jump at={at} level={level} "))
    lit = page.evaluate(JUMP_TARGETS_JS)
    assert lit == listed, "one lit target per legal jump of the selected ship, and no other"
    assert sorted(e.removeprefix("arc-") for e in page.eval_on_selector_all(
        "[data-testid=star-map] .jump-arc", "els => els.map((e) => e.dataset.testid)")) == listed
    for to in lit:
        target = page.locator(f"[data-testid=target-{to}]")
        assert target.get_attribute("role") == "button" and target.get_attribute("tabindex") == "0"
        assert target.get_attribute("aria-label")
        box = target.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24
    assert chosen.get_attribute("aria-pressed") == "true"
    target = page.locator(f"[data-testid=target-{lit[-1]}]")
    target.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.testid") == f"target-{lit[-1]}"
    assert target.get_attribute("aria-pressed") == "true"
    assert page.locator("[data-testid=confirm]").is_enabled()
    page.locator(f"[data-testid=target-{lit[0]}]").focus()
    page.keyboard.press(" ")
    assert page.locator(f"[data-testid=target-{lit[0]}]").get_attribute("aria-pressed") == "true"
    page.click("[data-testid=confirm]")
    settle(page)
    assert page.evaluate("() => document.activeElement !== document.body")
    assert "jump" in log_text(page).lower()


def test_f_an_achievement_claim_and_a_trade(page, server):
    """Achievements (rules: one claim a turn, leftmost free slot): the claimable card has a Claim button; Claim and
    Confirm place the seat's disc on it. Trade (rules: production, trade): the trade buttons say what they cost and
    give; buying a population spends ore and raises the population on the mat."""
    boot(page, server.url + "?pace=0")
    open_fixture(page, "achievement_claim")
    claim = page.locator("[data-testid=achievements] [data-testid^=claim-]").first
    ach = claim.get_attribute("data-testid").removeprefix("claim-")
    mine = page.locator(f"[data-testid=ach-{ach}] .ach-discs .seat-dot.seat-bg-0").count()
    claim.click()
    assert page.locator("[data-testid=confirm]").is_enabled()
    page.click("[data-testid=confirm]")
    settle(page)
    assert page.locator(f"[data-testid=ach-{ach}] .ach-discs .seat-dot.seat-bg-0").count() == mine + 1
    assert "claim" in log_text(page).lower()

    open_fixture(page, "trade")
    def stat(label: str) -> int:
        return int(page.locator(f"[data-testid=mat-0] .stats .stat:has-text('{label}') .stat-value").inner_text())
    ore, pop = stat("Ore"), stat("Population")
    buy = page.locator("[data-testid=decision] .question [data-action='trade what=buy_population']")
    assert buy.count() == 1
    buy.click()
    settle(page)
    assert stat("Ore") < ore and stat("Population") == pop + 1
    assert "ore for a population" in log_text(page).lower()


def test_h_hot_seat_undo_and_save_on_the_table(page, server):
    """Two people on one device: the hand-off screen hides the table between seats; Undo takes back the seat's own
    pawn move (the pawn is drawn back where it was); the game is saved and continues from the home screen."""
    boot(page, server.url + "?pace=0")
    bts_game(page, ("Ann", "Ben"), ("human", "human"), seed=12)
    handoffs = 0
    undone = False
    for _ in range(80):
        mode = settle(page)
        if mode == "handoff":
            handoffs += 1
            assert page.locator("[data-testid=bts-table]").count() == 0, "the next seat's table stays hidden"
            play_step(page)
            continue
        if not undone and mode == "bts-act" and page.locator("[data-testid=action-board] .space.legal").count():
            where = page.evaluate("""() => [...document.querySelectorAll('[data-testid=action-board] .space-hit')]
                .filter((b) => b.querySelector('.pawn')).map((b) => b.dataset.space).sort().join(',')""")
            target = page.locator("[data-testid=action-board] .space.legal .space-hit").first
            target.click()
            page.click("[data-testid=confirm]")
            settle(page)
            if page.locator("[data-testid=undo]").is_enabled():
                page.click("[data-testid=undo]")
                settle(page)
                after = page.evaluate("""() => [...document.querySelectorAll('[data-testid=action-board] .space-hit')]
                    .filter((b) => b.querySelector('.pawn')).map((b) => b.dataset.space).sort().join(',')""")
                assert after == where, "Undo put the pawn back"
                undone = True
            continue
        if handoffs >= 2 and undone:
            break
        play_step(page)
    assert handoffs >= 2 and undone
    go_home(page)
    row = page.locator("[data-testid=match-row][data-game=beyond_the_sun]:has-text('Ann')")
    assert row.count() >= 1
    row.first.locator("[data-role=continue]").click()
    page.wait_for_selector("[data-testid=bts-table], [data-testid=handoff]")


# ---------------------------------------------------------------------------------------------- phone, axe, codes

def test_g_a_turn_on_a_phone_without_overflow_and_axe_clean(phone, server):
    """At 390x844 whole turns are played on the table with nothing wider than the phone; axe-core finds nothing
    serious mid-game and at the end; no codes are shown."""
    boot(phone, server.url + "?pace=0")
    bts_game(phone, ("You", "Bot 2"), ("human", "random"), seed=33)
    problems: list[str] = []
    turns = 0
    for step in range(120):
        mode = settle(phone)
        if overflow(phone):
            problems.append(f"{mode}: {overflow(phone)} px too wide")
        if step % 5 == 0:
            problems += [f"{mode}: {x}" for x in code_leaks(phone)]
        if mode == "bts-act" and phone.locator("[data-testid=action-board] .space.legal").count():
            turns += 1
            if turns == 3:
                problems += axe_violations(phone, "mid-game")
            if turns == 4:
                break
        play_step(phone)
    assert turns >= 3
    go_home(phone)
    bts_game(phone, ("Bot A", "Bot B"), ("random", "random"), seed=5)
    phone.wait_for_selector("[data-testid=end-screen]", timeout=300_000)
    problems += axe_violations(phone, "end")
    problems += phone_map_checks(phone)
    if overflow(phone):
        problems.append(f"end: {overflow(phone)} px too wide")
    assert not problems, "\n".join(problems[:30])


def phone_map_checks(phone) -> list[str]:
    """The star map on a phone: a scrollable panel (the page itself never wider than the phone) whose SVG keeps a
    readable size; the +/- buttons (24 px or more) zoom it; a selected ship's jumps stay reachable; axe is clean."""
    problems: list[str] = []
    open_fixture(phone, "jump")
    panel = phone.locator("[data-testid=map-scroll]")
    svg = phone.locator("[data-testid=map-svg]")
    if panel.evaluate("(e) => getComputedStyle(e).overflowX") != "auto":
        problems.append("the map panel does not scroll")
    width = svg.bounding_box()["width"]
    if width < 700:
        problems.append(f"the map is drawn only {width} px wide")
    for which in ("in", "out"):
        box = phone.locator(f"[data-testid=map-zoom-{which}]").bounding_box()
        if box["width"] < 24 or box["height"] < 24:
            problems.append(f"zoom {which} is {box['width']}x{box['height']} px")
    phone.click("[data-testid=map-zoom-in]")
    if not svg.bounding_box()["width"] > width * 1.2:
        problems.append("zoom in did not enlarge the map")
    if phone.evaluate("() => document.activeElement.dataset.testid") != "map-zoom-in":
        problems.append("focus left the zoom button")
    phone.click("[data-testid=map-zoom-out]")
    if abs(svg.bounding_box()["width"] - width) > 1:
        problems.append("zoom out did not give the map back its size")
    phone.locator("[data-testid=star-map] .ship[data-legal]").first.click()
    if phone.locator("[data-testid=star-map] .loc-hit[data-legal]").count() == 0:
        problems.append("no lit jump on the phone")
    if overflow(phone):
        problems.append(f"map: {overflow(phone)} px too wide")
    problems += axe_violations(phone, "map")
    return problems
