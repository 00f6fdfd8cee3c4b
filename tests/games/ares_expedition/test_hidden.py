"""Honest information sets: ``resample(seat, s)`` redeals everything the seat cannot see and keeps nothing of it.

hidden.py builds, for each kind of secret, positions that differ from a given one only in what a seat cannot see
(another hand, the deck, the discard pile, looked-at cards, a secret phase pick, a corporation, the oceans, the
virtual player's deck, the generator). On every one of them the seat's view and the seat's resample must come out
byte for byte the same as on the original position: a resample that kept a secret would differ. Positions come from
seeded random games in every mode (solo, 2-4 players, co-op, promos, learning game).
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from typing import Any

import pyengine
from pyengine.core.api import canonical_json
from pyengine.core.rng import Rng
from pyengine.games.ares_expedition.hidden import KINDS, variants
from pyengine.games.ares_expedition.invariants import check
from pyengine.games.ares_expedition.position import validate
from pyengine.games.ares_expedition.state import AresState

from .helpers import pl

GAMES: tuple[tuple[int, dict[str, Any], int], ...] = (
    (1, {}, 3),
    (1, {"solo_level": "expert"}, 9),
    (2, {}, 4),
    (3, {"promo_corporations": True, "promo_projects": True}, 5),
    (4, {}, 6),
    (2, {"mode": "coop"}, 7),
    (2, {"beginner": True}, 8),
)
EVERY = 30  # a random game is sampled at every EVERY-th decision point, plus the secret choices (below)


def _keep(state: AresState, n: int) -> bool:
    """Return True for the positions a test looks at: every EVERY-th, the corporation choice, and some more where a
    phase pick is secret or a player looks at cards (rarer secrets)."""
    d = state.d
    picked = d["stage"] == "plan" and any(p["pick"] is not None for p in d["p"])
    looking = any(f["ctx"].get("looked") for p in d["p"] for f in p["frames"])
    return n % EVERY == 0 or d["stage"] == "corp" or ((picked or looking) and n % 6 == 0)


@functools.cache
def positions() -> tuple[AresState, ...]:
    """Return sampled decision points of seeded random games in every mode (never mutated by the tests)."""
    game = pyengine.load_game("ares_expedition")
    out: list[AresState] = []
    for players, options, seed in GAMES:
        state = game.new_initial_state(seed=seed, players=players, options=options)
        assert isinstance(state, AresState)
        rng = Rng(seed)
        n = 0
        while not state.is_terminal():
            if _keep(state, n):
                out.append(state.clone())
            movers = sorted(state.to_move())
            seat = movers[rng.randbelow(len(movers))]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            n += 1
        out.append(state)
    return tuple(out)


@functools.cache
def cases() -> tuple[tuple[int, AresState, int, tuple[tuple[str, AresState], ...]], ...]:
    """Return (position index, position, seat, its variants) for every sampled position and every seat."""
    return tuple((k, s, seat, tuple(variants(s, seat, 1000 * k + seat)))
                 for k, s in enumerate(positions()) for seat in range(s.d["players"]))


def text(state: AresState) -> str:
    """Return a state's full JSON as canonical text (the byte-for-byte fingerprint)."""
    return canonical_json(state.to_json())


def test_every_kind_of_secret_is_produced_somewhere() -> None:
    """Rule (the check is not vacuous): across the sampled positions every kind in KINDS gives variants, and the
    game object lists exactly those kinds and hands them out."""
    game = pyengine.load_game("ares_expedition")
    assert game.hidden_kinds == KINDS
    made = Counter(kind for _, _, _, vs in cases() for kind, _ in vs)
    assert set(made) == set(KINDS), f"kinds never produced: {set(KINDS) - set(made)}"
    k, s, seat, vs = next(c for c in cases() if c[3])
    assert [(kind, text(v)) for kind, v in game.hidden_variants(s, seat, 1000 * k + seat)] == [
        (kind, text(v)) for kind, v in vs]


def test_variants_differ_only_in_what_the_seat_cannot_see() -> None:
    """Rule (the generator is sound): each variant is a different, valid position (the invariants pass, and the
    save checks on every third position) that the seat sees exactly as the original."""
    for k, s, seat, vs in cases():
        mine = s.view(seat)
        for kind, v in vs:
            assert v.d != s.d, f"{kind} variant changed nothing (position {k}, seat {seat})"
            assert check(v) == [], f"{kind} variant breaks an invariant (position {k}): {check(v)}"
            if k % 3 == 0:
                validate(v.to_json())
            assert v.view(seat) == mine, f"{kind} variant changes what seat {seat} sees (position {k})"


def test_resample_is_the_same_on_every_variant() -> None:
    """Rule (honest information sets): resample(seat, s) is byte for byte the same on a position and on every
    position that differs from it only in what the seat cannot see, so it keeps no secret of any kind."""
    compared: Counter[str] = Counter()
    for k, s, seat, vs in cases():
        seeds = (k, 2**63 + k) if k % 5 == 0 else (k,)
        want = [text(s.resample(seat, x)) for x in seeds]
        for kind, v in vs:
            got = [text(v.resample(seat, x)) for x in seeds]
            assert got == want, f"resample({seat}) keeps a secret of kind {kind} (position {k})"
            compared[kind] += 1
    assert set(compared) == set(KINDS)


def test_resamples_are_valid_playable_positions_the_seat_sees_unchanged() -> None:
    """Rule (a resample is a position of the seat's information set): valid (invariants and save checks), plain
    JSON, the same view, movers and legal actions for the seat, every mover has a move, the original untouched,
    and a random game from it reaches the end."""
    redealt = 0
    for k, s, seat, _ in cases():
        before = text(s)
        r = s.resample(seat, 77 + k)
        data = r.to_json()
        assert json.loads(json.dumps(data)) == data
        assert check(r) == [], f"resample breaks an invariant (position {k}): {check(r)}"
        validate(data)
        assert r.view(seat) == s.view(seat)
        assert r.to_move() == s.to_move() and r.legal_actions(seat) == s.legal_actions(seat)
        assert all(r.legal_actions(q) for q in r.to_move())
        assert text(s) == before, "resample changed the original"
        redealt += any(r.d["p"][q]["hand"] != s.d["p"][q]["hand"] for q in range(s.d["players"]) if q != seat)
        if k % 8 == 0:
            rng = Rng(k)
            for _ in range(3000):
                if r.is_terminal():
                    break
                movers = sorted(r.to_move())
                q = movers[rng.randbelow(len(movers))]
                r.apply(q, rng.choice(r.legal_actions(q)))
            assert r.is_terminal(), f"a game from the resample of position {k} did not end"
    assert redealt > 50, "resample never redealt another player's hand"


def test_secret_picks_corporations_and_the_generator_are_drawn_again() -> None:
    """Rule (no copied secrets): another player's unrevealed phase pick and corporation are drawn again among its
    legal choices (they vary with the seed), and the generator is reseeded from the seed."""
    picks: set[int] = set()
    corps: set[str] = set()
    for _, s, seat, _ in cases():
        d = s.d
        if d["stage"] not in ("plan", "corp"):
            continue
        others = [q for q in range(d["players"]) if q != seat and d["coop"] is None]
        for x in range(6):
            r = s.resample(seat, x)
            assert r.d["rng"] != d["rng"] and r.d["rng"] == s.resample(seat, x).d["rng"]
            for q in others:
                if d["stage"] == "plan" and d["p"][q]["pick"] is not None:
                    assert r.d["p"][q]["pick"] not in (None, d["p"][q]["last"])
                    picks.add(r.d["p"][q]["pick"])
                if d["stage"] == "corp" and d["p"][q]["corp"] is not None:
                    corps.add(r.d["p"][q]["corp"])
    assert len(picks) >= 4 and len(corps) >= 4


def test_a_filtered_look_of_another_player_is_redealt_so_its_question_still_stands() -> None:
    """Rule (what the seat knows of a question it cannot see): DevTechs looks at 5 cards and keeps a green one,
    and asks only when two or more are green. Seat 0 does not see those cards: its resamples redeal them, always
    with two or more green ones, and seat 1's question offers exactly its green cards."""
    game = pyengine.load_game("ares_expedition")
    for seed in range(1, 40):
        s = game.new_initial_state(seed=seed, players=2, options={"promo_corporations": True})
        assert isinstance(s, AresState)
        pl(s, 0)["offer"], pl(s, 1)["offer"] = ["credicor", "ecoline"], ["devtechs", "helion"]
        s.apply(0, "corp pick=credicor")
        s.apply(1, "corp pick=devtechs")
        frames = pl(s, 1)["frames"]
        if frames and frames[-1].get("ask", {}).get("q") == "keep":
            break
    else:
        raise AssertionError("DevTechs never asked")
    looked = frames[-1]["ctx"]["looked"]
    seen: set[str] = set()
    for x in range(40):
        r = s.resample(0, x)
        f = pl(r, 1)["frames"][-1]
        green = sorted({c for c in f["ctx"]["looked"] if c in _greens()})
        assert len(f["ctx"]["looked"]) == len(looked) and len(green) >= 2 and f["ask"]["cards"] == green
        assert check(r) == []
        validate(r.to_json())
        seen.update(f["ctx"]["looked"])
    assert not seen <= set(looked), "the looked-at cards were never redealt"
    assert s.resample(1, 3).d["p"][1]["frames"][-1]["ctx"]["looked"] == looked, "its own cards stay"


@functools.cache
def _greens() -> frozenset[str]:
    """Return every green project's id."""
    from pyengine.games.ares_expedition.cards import projects

    return frozenset(c for c, r in projects().items() if r["color"] == "green")
