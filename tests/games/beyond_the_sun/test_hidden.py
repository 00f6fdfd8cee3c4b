"""Honest information sets: ``resample(seat, s)`` depends only on what the seat may know, and keeps all of it.

Over seeded random positions of 2-4 player games, ``hidden.variants`` (built by direct edits, independently of
``resample``) gives positions that differ only in a secret; every seat must see them alike, and ``resample`` must
turn each of them into exactly the same state.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any

import pytest

from pyengine.core.api import State, canonical_json
from pyengine.core.rng import Rng
from pyengine.games.beyond_the_sun.hidden import KINDS
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.position import validate
from pyengine.games.beyond_the_sun.sampling import shuffle
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import play

GAMES: tuple[tuple[int, int, dict[str, Any]], ...] = (
    (2, 1, {}),
    (3, 2, {"advanced_mats": True}),
    (4, 3, {"anytime_windows": "rulebook"}),
)
PER_GAME = 12  # evenly spaced positions per game, plus up to two with revealed tech cards waiting to be kept


@functools.cache
def positions() -> tuple[BTSState, ...]:
    """Return the sampled positions of the seeded random games (copies: tests never change them)."""
    out: list[BTSState] = []
    for players, seed, options in GAMES:
        states = [s.clone() for s in play(players, seed, options)]
        step = max(1, len(states) // PER_GAME)
        picked = states[::step]
        revealing = [s for s in states if s.d["frames"] and "matches" in s.d["frames"][-1]["prog"]]
        out += picked + revealing[:2]
    return tuple(out)


def _canon(state: State) -> str:
    """Return the state's canonical JSON text."""
    return canonical_json(state.to_json())


def _variants(state: BTSState, seat: int, seed: int) -> list[tuple[str, State]]:
    """Return the game's hidden variants of a position for a seat (through the Game API)."""
    return state.game.hidden_variants(state, seat, seed)


def test_the_game_lists_its_hidden_kinds() -> None:
    """Game.hidden_kinds is hidden.KINDS: the PRNG, both kinds of deck order and both kinds of face-down events."""
    game = positions()[0].game
    assert game.hidden_kinds == KINDS
    assert set(KINDS) == {"rng", "tech_deck", "system_deck", "slot_events", "box_events"}


def test_every_kind_of_secret_is_produced() -> None:
    """Each kind in KINDS gives variants somewhere in the positions, so the other tests cannot pass vacuously."""
    seen: Counter[str] = Counter()
    for k, state in enumerate(positions()):
        for seat in range(state.d["players"]):
            seen.update(kind for kind, _ in _variants(state, seat, k))
    assert set(seen) == set(KINDS), f"kinds never produced: {sorted(set(KINDS) - set(seen))}"


def test_variants_are_valid_changes_that_no_seat_can_see() -> None:
    """A variant really changes the state, loads as a valid position, and every seat's view of it is the same."""
    for k, state in enumerate(positions()):
        original = _canon(state)
        views = [state.view(seat) for seat in range(state.d["players"])]
        for seat in range(state.d["players"]):
            for kind, var in _variants(state, seat, 1000 + k):
                where = f"position {k}, seat {seat}, {kind}"
                assert isinstance(var, BTSState)
                assert var.d["players"] == state.d["players"]
                assert _canon(var) != original, f"{where}: the variant changes nothing"
                assert check(var) == [], where
                validate(var.to_json())
                assert var.view(seat) == views[seat], f"{where}: the seat can see the change"
            assert _canon(state) == original, "building variants changed the state"


def test_resample_is_the_same_on_every_variant() -> None:
    """resample(seat, s) is byte-identical on positions that differ only in a secret: it reads no secret, the PRNG
    included (the rule that catches a resample keeping the true deck orders, events or future draws)."""
    compared: Counter[str] = Counter()
    for k, state in enumerate(positions()):
        for seat in range(state.d["players"]):
            seeds = (k, 2**63 + k) if k % 3 == 0 else (k,)
            variants = _variants(state, seat, 2000 + k)
            for s in seeds:
                mine = _canon(state.resample(seat, s))
                for kind, var in variants:
                    assert _canon(var.resample(seat, s)) == mine, f"position {k}, seat {seat}, seed {s}: {kind} leaks"
                    compared[kind] += 1
    assert set(compared) == set(KINDS)


def test_resample_keeps_the_view_and_what_is_public() -> None:
    """A resample keeps every seat's view, the movers, the legal actions and the log; it is plain JSON, valid, and
    leaves the original untouched; resampling a resample gives the same as resampling the original."""
    for k, state in enumerate(positions()):
        before = _canon(state)
        for seat in range(state.d["players"]):
            r = state.resample(seat, 7 * k + seat)
            assert r.view(seat) == state.view(seat)
            assert r.to_move() == state.to_move()
            assert r.legal_actions(seat) == state.legal_actions(seat)
            assert r.d["msgs"] == state.d["msgs"]
            data = r.to_json()
            assert json.loads(json.dumps(data)) == data
            assert check(r) == []
            validate(data)
            assert _canon(r.resample(seat, 99)) == _canon(state.resample(seat, 99))
        assert _canon(state) == before, "resample changed the original"


def test_resample_redeals_every_secret() -> None:
    """The PRNG comes from the seed (never the true one), and deck orders and face-down events change with the
    seed, while what each deck holds and which events are face down at each level stay as they are."""
    state = positions()[1]
    samples = [state.resample(0, s) for s in range(8)]
    assert all(r.d["rng"] != state.d["rng"] for r in samples)
    assert len({r.d["rng"] for r in samples}) == len(samples)
    for field in ("decks", "sysdecks"):
        for name, deck in state.d[field].items():
            assert all(sorted(r.d[field][name]) == sorted(deck) for r in samples)
            if len(deck) >= 3:
                assert len({tuple(r.d[field][name]) for r in samples}) > 1, f"{field} {name} is never redealt"
    slots = [sid for sid, v in state.d["slots"].items() if v["event"] is not None]
    assert len({tuple(r.d["slots"][sid]["event"] for sid in slots) for r in samples}) > 1
    for r in samples:
        for lv in ("2", "3"):
            def pool(d: dict[str, Any], lv: str = lv) -> list[str]:
                return sorted([v["event"] for sid, v in d["slots"].items()
                               if v["event"] is not None and sid.split("-")[0] == "I" * int(lv)] + d["box_events"][lv])
            assert pool(r.d) == pool(state.d)


def test_the_redeal_shuffle_is_uniform() -> None:
    """sampling.shuffle (one PRNG draw per list) gives every order of 4 cards, and every place to a card among 20,
    about equally often, and keeps the cards."""
    rng = Rng(5)
    orders: Counter[str] = Counter()
    for _ in range(4800):
        cards = list("abcd")
        shuffle(cards, rng)
        orders["".join(cards)] += 1
    assert len(orders) == 24 and min(orders.values()) > 140 and max(orders.values()) < 260
    places: Counter[int] = Counter()
    for _ in range(4000):
        deck = [f"c{i:02d}" for i in range(20)]
        shuffle(deck, rng)
        assert sorted(deck) == [f"c{i:02d}" for i in range(20)]
        places[deck.index("c00")] += 1
    assert len(places) == 20 and min(places.values()) > 130 and max(places.values()) < 280


@pytest.mark.parametrize("index", [0, 5, 17, 30])
def test_a_resample_plays_on_to_the_end(index: int) -> None:
    """A resampled position is playable: random legal actions from it reach the end, the invariants holding."""
    state = positions()[index % len(positions())]
    seat = min(state.to_move()) if state.to_move() else 0
    r = state.resample(seat, index)
    rng = Rng(index)
    for n in range(5000):
        if r.is_terminal():
            break
        mover = min(r.to_move())
        r.apply(mover, rng.choice(r.legal_actions(mover)))
        if n % 25 == 0:
            assert check(r) == []
    assert r.is_terminal()
    assert check(r) == []
    assert r.outcome() is not None
