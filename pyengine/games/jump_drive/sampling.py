"""Honest resampling for Jump Drive: redeal everything one seat cannot see, keep everything it knows.

What a seat knows: its own hand and its own committed choice, every empire, the imaginary empire, how many
cards each seat holds, the deck and discard sizes, every public log line and the cards that went to the discard
pile face up (a Colony Convoy used to place a second world, a card scored and then lost).
What it does not know: the other seats' hands, their committed and unrevealed choices (a placement plan or the
two opening discards), the deck's contents, the cards paid into the discard pile face down, the log lines
meant for other seats, and the PRNG that decides future draws.

``resample`` rebuilds the hidden part from that knowledge alone, in a canonical order, so two positions that a
seat cannot tell apart give the same result for the same seed.
"""

from __future__ import annotations

from itertools import combinations

from ...core.rng import Rng
from .cards import instance_type
from .data import JDData, copy_data
from .rules import plan_options, plan_record

OPENING_DISCARD = 2


def public_discards(d: JDData) -> set[str]:
    """Return the discard-pile cards every seat saw go there face up (they were in an empire first)."""
    scored = {c for tally in d.vp_cards for c in tally}
    return {c for c in d.discard if c in scored or instance_type(c).id == "colony_convoy"}


def unseen_pool(d: JDData, seat: int) -> list[str]:
    """Return, sorted, the cards whose place this seat does not know: other hands, the deck, face-down discards."""
    face_up = public_discards(d)
    pool = [c for c in d.deck]
    pool += [c for c in d.discard if c not in face_up]
    for s in range(d.players):
        if s != seat:
            pool += d.hands[s]
    pool.sort()
    return pool


def resample(d: JDData, seat: int, seed: int) -> JDData:
    """Return a copy in which everything hidden from ``seat`` is redealt from ``seed``.

    Other hands, the deck and the face-down discards are dealt again from one sorted pool, in the sizes every
    seat sees. Another seat's committed choice is drawn again from what is legal for its new hand. The log keeps
    only the lines this seat may read, and the PRNG is reseeded.
    """
    rng = Rng(seed)
    out = copy_data(d)
    face_up = sorted(public_discards(d))
    pool = unseen_pool(d, seat)
    rng.shuffle(pool)
    for s in range(out.players):
        if s == seat:
            continue
        n = len(d.hands[s])
        out.hands[s] = pool[:n]
        out.drawn_round[s] = {c: 0 for c in out.hands[s]}
        pool = pool[n:]
    hidden_discards = len(d.discard) - len(face_up)
    out.discard = face_up + sorted(pool[:hidden_discards])
    out.deck = sorted(pool[hidden_discards:])
    for s in range(out.players):
        if s == seat or out.commits[s] is None:
            continue
        if out.phase == "opening":
            pairs = list(combinations(sorted(out.hands[s]), OPENING_DISCARD))
            out.commits[s] = {"discard": list(rng.choice(pairs))}
        elif out.phase == "plan":
            out.commits[s] = None  # plan_options asks only that the seat has not chosen yet
            options = plan_options(out, s)
            out.commits[s] = plan_record(rng.choice(options)[1])
    out.msgs = [m for m in out.msgs if m[2] is None or seat in m[2]]
    out.rng = Rng(rng.next_u64()).to_text()
    return out
