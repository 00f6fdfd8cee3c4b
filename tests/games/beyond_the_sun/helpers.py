"""Position builders for Beyond the Sun rule tests: start a game, then set up exactly the position a rule needs.

Every helper keeps the conservation laws (20 cubes and 24 discs per faction): ships and research cubes are taken
from the supply columns, base discs from the production tracks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pyengine
from pyengine.core.rng import Rng
from pyengine.games.beyond_the_sun.cards import CURRENT_DECK, deck_techs, techs
from pyengine.games.beyond_the_sun.control import recompute
from pyengine.games.beyond_the_sun.model import add_ship, take_supply
from pyengine.games.beyond_the_sun.state import BTSState

from ..random_play import random_game


def new(players: int = 3, seed: int = 1, **options: Any) -> BTSState:
    """Return a fresh game (faction setup done), seat 0 to act."""
    state = pyengine.load_game("beyond_the_sun").new_initial_state(seed=seed, players=players, options=options or None)
    assert isinstance(state, BTSState)
    return state


def fac(state: BTSState, seat: int) -> dict[str, Any]:
    """Return a faction's data (mutable: call ``touch`` after changing it)."""
    f: dict[str, Any] = state.d["factions"][seat]
    return f


def touch(state: BTSState) -> None:
    """Forget cached legal actions after a test changed the position directly."""
    state._legal = {}
    state._movers = None


def turn(state: BTSState, seat: int, phase: str = "action") -> BTSState:
    """Make it this seat's turn, in a phase (action, production, trade, achievement), with nothing pending."""
    state.d["turn"] = seat
    state.d["phase"] = phase
    state.d["frames"] = []
    state.d["turn_flags"] = {"all_three": False, "produced": [], "used": {}}
    touch(state)
    return state


def ships(state: BTSState, seat: int, loc: str, level: int, n: int = 1, *, control: bool = True) -> None:
    """Give a faction n ships of a level at a location (cubes from its supply), then re-check control."""
    f = fac(state, seat)
    for _ in range(n):
        assert take_supply(f), "no supply cube left for the ship"
        add_ship(f, loc, level)
    if control:
        recompute(state.d)
    touch(state)


def put_tech(state: BTSState, slot: str, card: str) -> None:
    """Reveal a given tech card in a slot (taken out of its deck; the slot's event, if any, is discarded)."""
    d = state.d
    for deck in d["decks"].values():
        if card in deck:
            deck.remove(card)
    old = d["slots"][slot]["card"]
    if old and old != card:
        d["decks"][str(techs()[old]["level"])].append(old)
    d["slots"][slot]["card"] = card
    d["slots"][slot]["event"] = None
    touch(state)


def researched(state: BTSState, seat: int, *slots: str) -> None:
    """Mark slots as researched by a faction (a cube from its supply on each; the slots must hold cards)."""
    f = fac(state, seat)
    for slot in slots:
        assert state.d["slots"][slot]["card"], f"slot {slot} has no card; put_tech first"
        assert take_supply(f)
        f["techs"].append(slot)
        state.d["slots"][slot]["by"].append(seat)
    touch(state)


def card_with(level: int, predicate: Any, deck: str = CURRENT_DECK) -> str:
    """Return the id of the first tech of a level of a deck (option tech_deck) whose record satisfies a predicate."""
    return next(cid for cid, rec in sorted(deck_techs(deck).items()) if rec["level"] == level and predicate(rec))


def acts(state: BTSState, seat: int | None = None) -> list[str]:
    """Return the legal actions of a seat (default: the one to move) as text."""
    if seat is None:
        seat = min(state.to_move())
    return [str(a) for a in state.legal_actions(seat)]


def do(state: BTSState, *texts: str) -> BTSState:
    """Apply actions in order, each by the seat to move."""
    for text in texts:
        state.apply(min(state.to_move()), text)
    return state


# --- added for the ship, control, colonization, achievement and option tests --------------------------------------
def run_steps(state: BTSState, seat: int, steps: list[dict[str, Any]]) -> None:
    """Run effect steps for a seat directly; a pending choice is left for the seat to answer."""
    from pyengine.games.beyond_the_sun.effects import push, run

    push(state.d, seat, steps, "test")
    rng = Rng.from_text(state.d["rng"])
    run(state.d, rng)
    state.d["rng"] = rng.to_text()
    touch(state)


def no_ships(state: BTSState, seat: int) -> None:
    """Take all of a faction's ships off the board: each cube to the supply, or to population when it is full."""
    from pyengine.games.beyond_the_sun.model import return_supply

    f = fac(state, seat)
    for row in f["ships"].values():
        for _ in range(sum(row)):
            if not return_supply(f):
                f["pop"] += 1
    f["ships"] = {}
    recompute(state.d)
    touch(state)


def bare(players: int = 3, seed: int = 1, **options: Any) -> BTSState:
    """Return a fresh game with no ships anywhere, seat 0 in its action phase."""
    state = new(players, seed, **options)
    for seat in range(players):
        no_ships(state, seat)
    return turn(state, 0)


def put_system(state: BTSState, loc: str, card: str) -> None:
    """Lay a given system card on a board slot (taken from its deck); the card it replaces goes under its deck."""
    from pyengine.games.beyond_the_sun.cards import systems

    d = state.d
    for deck in d["sysdecks"].values():
        if card in deck:
            deck.remove(card)
    for other, there in d["locs"].items():
        if there == card and other != loc:
            d["locs"][other] = None
    old = d["locs"].get(loc)
    if old and old != card:
        d["sysdecks"][systems()[old]["deck"]].append(old)
    d["locs"][loc] = card
    touch(state)


def automated(state: BTSState, seat: int, track: str, n: int) -> None:
    """Move n discs of a production track onto the automation track directly (discs conserved)."""
    f = fac(state, seat)
    f["removed"][track] += n
    f["auto"] += [track] * n
    touch(state)


def play(players: int, seed: int, options: dict[str, Any]) -> Iterator[BTSState]:
    """Play one seeded random game to its end, yielding the state before every action and at the end."""
    yield from random_game(new(players, seed, **options), seed, players, str(options))
