"""Position setup in a real browser (issue 33, acceptance 2): a Jump Drive hand chosen card by card from the
catalog search, a hand the rules refuse (more copies of a card than the game has) refused with its reason next to
the hand, then a position code whose state holds that hand; the same for an Ares Expedition hand and the Mars
parameters, with a temperature off the track refused next to its field."""

from __future__ import annotations

import json

import pytest
from ui_driver import axe_violations, boot, go_home, overflowing

import pyengine
from pyengine.bridge import handle

pytestmark = pytest.mark.browser

SETUP = "document.querySelector('[data-testid=setup]')"


def open_setup(page, server, game: str) -> None:
    """Open the setup screen from the home screen for a 2-player game."""
    boot(page, server.url)
    go_home(page)
    page.select_option("[data-testid=game-select]", game)
    page.click("[data-testid=open-setup]")
    page.wait_for_function(f"{SETUP}?.dataset.game === '{game}' && {SETUP}.dataset.ok === '1'")


def settled_code(page) -> str:
    """Wait for the engine to accept the setup; return its position code."""
    page.wait_for_function(f"{SETUP}.dataset.ok === '1'")
    return page.input_value("[data-testid=setup-code]")


def clear_cards(page, field: str) -> None:
    """Take every card out of a cards field."""
    while page.locator(f"[data-testid^='setup-remove-{field}-']").count():
        page.locator(f"[data-testid='setup-remove-{field}-0']").click()


def add_card(page, field: str, name: str, card: str) -> None:
    """Find a card by its name and add it to a cards field."""
    page.fill(f"[data-testid='setup-search-{field}']", name)
    page.click(f"[data-testid='setup-add-{field}-{card}']")


def refused(page, field: str) -> str:
    """Wait until the rules refuse the setup with a problem on this field; return its words."""
    page.wait_for_selector(f"[data-testid='problem-{field}']")
    assert page.locator("[data-testid=setup-code]").count() == 0, "a refused setup gives no position code"
    return page.inner_text(f"[data-testid='problem-{field}']")


def test_a_jump_drive_hand_is_set_up_refused_when_impossible_and_made_a_code(page, server):
    game = pyengine.load_game("jump_drive")
    cards = {c["id"]: c for c in game.catalog()}
    open_setup(page, server, "jump_drive")
    # A new deal is random: leave out the cards the other seat holds, whose copies count too.
    held = set(page.eval_on_selector_all("[data-testid='setup-group-seat.1'] [data-card]",
                                         "els => els.map((e) => e.dataset.card)"))
    twice = next(c for c in cards.values() if c.get("copies") == 2 and c.get("in_deck", True) and c["id"] not in held)
    single = next(c for c in cards.values()
                  if c.get("copies") == 1 and c.get("in_deck", True) and c["id"] not in held and c["id"] != twice["id"])
    clear_cards(page, "hand.0")
    add_card(page, "hand.0", single["name"], single["id"])
    for _ in range(3):  # three of a card the game has two of
        add_card(page, "hand.0", twice["name"], twice["id"])
    why = refused(page, "hand.0")
    assert twice["name"] in why, why
    assert page.get_attribute("[data-testid='setup-search-hand.0']", "aria-invalid") == "true"
    assert not overflowing(page), overflowing(page)
    assert not axe_violations(page, "setup refused"), axe_violations(page, "setup refused")
    page.locator("[data-testid='setup-remove-hand.0-3']").click()
    code = settled_code(page)
    state = game.state_from_code(code)
    hand = [c.rsplit("-", 1)[0] for c in state.to_json()["hands"][0]]
    assert sorted(hand) == sorted([single["id"], twice["id"], twice["id"]])
    assert state.legal_actions(0), "the position plays on"


def test_an_ares_hand_and_the_mars_parameters_are_set_up(page, server):
    game = pyengine.load_game("ares_expedition")
    open_setup(page, server, "ares_expedition")
    held = set(page.eval_on_selector_all("[data-testid='setup-group-seat.1'] [data-card]",
                                         "els => els.map((e) => e.dataset.card)"))
    cards = [c for c in game.catalog() if c.get("cost") is not None and c["id"] not in held][:2]
    clear_cards(page, "hand.0")
    for card in cards:
        add_card(page, "hand.0", card["name"], card["id"])
    for field, value in (("mars.temperature", -12), ("mars.oxygen", 5), ("mars.oceans", 3)):
        page.fill(f"[data-testid='setup-{field}']", str(value))
        page.locator(f"[data-testid='setup-{field}']").dispatch_event("change")
    settled_code(page)
    page.fill("[data-testid='setup-mars.temperature']", "20")
    page.locator("[data-testid='setup-mars.temperature']").dispatch_event("change")
    assert refused(page, "mars.temperature")
    page.fill("[data-testid='setup-mars.temperature']", "-12")
    page.locator("[data-testid='setup-mars.temperature']").dispatch_event("change")
    code = settled_code(page)
    data = game.state_from_code(code).to_json()
    read = {f["id"]: f["value"] for f in json.loads(handle(json.dumps({"op": "setup_form", "code": code})))["fields"]}
    assert (read["mars.temperature"], read["mars.oxygen"], read["mars.oceans"]) == (-12, 5, 3)
    assert sorted(data["p"][0]["hand"]) == sorted(c["id"] for c in cards)
    assert len(data["ocean_pile"]) == 9 - 3
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        assert not overflowing(page), overflowing(page)
    finally:
        page.set_viewport_size({"width": 1366, "height": 900})
