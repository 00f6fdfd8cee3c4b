"""Redealing what no seat can see: a position drawn from a seat's information set, for search bots.

Every secret of Beyond the Sun is hidden from all seats alike (hidden.py lists them): the PRNG, the order of the
tech and system decks, and the face-down events (which slot holds which, and which dark events stayed in the box).
``resample`` rebuilds each of them from public facts only, in a canonical order (sorted pools, then shuffles by a
PRNG seeded from the caller's seed), so two positions that differ only in their secrets give the same result.

What stays: everything else, including the log (every log line is public) and the cards of a reveal under way
(shown in the view). What each deck holds is public (every card of its level that is not in a slot or being
revealed), so only the order is redealt. Revealed tech cards put under a deck are known to everyone, but the state
does not record how many cards of a deck are such a known bottom part, so the deck is redealt as a whole (knowing
less is honest); ``deck_parts`` is the one place that would keep such parts once the state records them.
"""

from __future__ import annotations

from math import factorial

from ...core.rng import Rng
from .abilities import SLOT_LEVEL
from .cards import events
from .model import Data, copy_state

TECH_DECKS = ("2", "3", "4")
SYSTEM_DECKS = ("A", "B")
EVENT_LEVELS = ("2", "3")
_SLOTS_BY_LEVEL = {lv: tuple(s for s, level in SLOT_LEVEL.items() if str(level) == lv) for lv in EVENT_LEVELS}
_FACTORIALS = tuple(factorial(n) for n in range(21))  # 20! < 2**64: one draw orders up to 20 cards


def shuffle(items: list[str], rng: Rng) -> None:
    """Shuffle a list in place, uniformly: Fisher-Yates with every swap index read from one uniform draw below n!.

    A draw below n! is n mixed-radix digits, the i-th uniform below i + 1 and all independent, so this is exactly
    ``Rng.shuffle``'s distribution at one PRNG draw per list instead of one per card (lists of up to 20 cards).
    """
    n = len(items)
    if n > 20:
        rng.shuffle(items)
        return
    if n < 2:
        return
    x = rng.randbelow(_FACTORIALS[n])
    for i in range(n - 1, 0, -1):
        x, j = divmod(x, i + 1)
        items[i], items[j] = items[j], items[i]


def deck_parts(d: Data, field: str, name: str) -> list[int]:
    """Return the sizes of a deck's parts, top first, each a set of cards whose order no seat knows.

    Today the whole deck is one part (see the module docstring).
    """
    return [len(d[field][name])]


def _redeal_deck(deck: list[str], parts: list[int], rng: Rng) -> None:
    """Shuffle each part of a deck in place from its sorted cards: the result depends on the cards, not the order."""
    start = 0
    for size in parts:
        part = sorted(deck[start:start + size])
        shuffle(part, rng)
        deck[start:start + size] = part
        start += size


def _light(event: str) -> bool:
    """Return True for a light-bordered event (always dealt face down, never left in the box)."""
    return bool(events()[event]["light"])


def _redeal_events(d: Data, level: str, rng: Rng) -> None:
    """Deal a level's face-down events again: its light events, plus dark ones drawn from the slots and the box."""
    slots = d["slots"]
    face_down = [s for s in _SLOTS_BY_LEVEL[level] if slots[s]["event"] is not None]
    light = sorted(slots[s]["event"] for s in face_down if _light(slots[s]["event"]))
    dark = sorted([slots[s]["event"] for s in face_down if not _light(slots[s]["event"])] + d["box_events"][level])
    shuffle(dark, rng)
    dealt = light + dark[:len(face_down) - len(light)]
    d["box_events"][level] = sorted(dark[len(face_down) - len(light):])
    shuffle(dealt, rng)
    for s, ev in zip(face_down, dealt, strict=True):
        slots[s]["event"] = ev


def resample(d: Data, seat: int, seed: int) -> Data:
    """Return a copy of the position data with every secret redealt from public facts and the seed alone (no secret
    is a seat's own, so ``seat``, the seat whose information set it samples, changes nothing)."""
    out = copy_state(d)
    rng = Rng(seed)
    for name in TECH_DECKS:
        _redeal_deck(out["decks"][name], deck_parts(out, "decks", name), rng)
    for name in SYSTEM_DECKS:
        _redeal_deck(out["sysdecks"][name], deck_parts(out, "sysdecks", name), rng)
    for level in EVENT_LEVELS:
        _redeal_events(out, level, rng)
    out["rng"] = Rng(rng.next_u64()).to_text()  # future draws: from the seed, never the true PRNG
    return out
