"""Builders of constructed Jump Drive positions for the rules tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pyengine
from pyengine.core.api import Action
from pyengine.games.jump_drive.cards import deck_instances
from pyengine.games.jump_drive.state import JDState

GAME = pyengine.load_game("jump_drive")


def inst(card_type: str, n: int = 0) -> str:
    """Return the instance id of the n-th copy of a card type."""
    return f"{card_type}-{n}"


def position(players: int = 2, hands: list[list[str]] | None = None, empires: list[list[str]] | None = None,
             phase: str = "plan", vp: list[int] | None = None, round: int = 1, seed: int = 7,
             options: dict[str, Any] | None = None, deck: list[str] | None = None,
             discard: list[str] | None = None, survey_spent: bool = False) -> JDState:
    """Return a state with these hands and empires; every other deck card stays in the deck (or discard).

    ``survey_spent`` marks every Survey Team as already used (so it cannot add its military).
    """
    state = GAME.new_initial_state(seed=seed, players=players, options=options)
    assert isinstance(state, JDState)
    d = state.d
    hands = hands or [[] for _ in range(players)]
    empires = empires or [[] for _ in range(players)]
    used = Counter(c for h in hands for c in h) + Counter(
        c for e in empires for c in e if not c.startswith("survey_team-"))
    discard = list(discard or [])
    used += Counter(discard)
    assert all(v == 1 for v in used.values()), f"a card is used twice: {used}"
    rest = [c for c in deck_instances() if c not in used]
    d.hands = [list(h) for h in hands]
    d.empires = [list(e) for e in empires]
    d.survey_used = [survey_spent or any(c == f"survey_team-{s}" for c in empires[s]) for s in range(players)]
    d.deck = list(deck) if deck is not None else rest
    d.discard = discard + ([c for c in rest if c not in set(d.deck)] if deck is not None else [])
    d.phase = phase
    d.round = round
    d.vp = list(vp or [0] * players)
    d.commits = [None] * players
    d.msgs = []
    d.placed = {c: 0 for e in empires for c in e}
    state.forget_cache()
    return state


def act(text: str) -> Action:
    """Parse an action text."""
    return GAME.parse_action(text)


def texts(state: JDState, seat: int) -> list[str]:
    """Return the seat's legal actions as texts."""
    return [str(a) for a in state.legal_actions(seat)]


def play(state: JDState, seat: int, text: str) -> None:
    """Apply one action by its text (validated)."""
    state.apply(seat, act(text))


def pay_all(state: JDState, seat: int, cards: list[str] | None = None) -> list[str]:
    """Pay or discard everything the seat owes, with the given cards or the first ones in hand."""
    paid = []
    while state.d.owes[seat] > 0 and seat in state.to_move():
        card = (cards or sorted(state.d.hands[seat])).pop(0) if cards else sorted(state.d.hands[seat])[0]
        play(state, seat, f"pay card={card}")
        paid.append(card)
    return paid
