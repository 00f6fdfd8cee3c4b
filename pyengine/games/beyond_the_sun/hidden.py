"""Beyond the Sun's hidden information as edits: positions that differ from a state only in what a seat cannot see.

Every secret of Beyond the Sun is hidden from every seat alike (there is no hand and no secret choice), so the
seat does not change what is hidden. Each kind below names one secret; ``variants`` builds, by direct edits of a
copy of the state data (never through ``resample``), the positions a seat cannot tell apart from the given one:

- ``rng``: the state of the game's PRNG (it decides every future shuffle, e.g. the order in which revealed tech
  cards go under their deck);
- ``tech_deck``: the order of a level II, III or IIII tech deck (what is left in it is public: every card not in
  a slot or being revealed);
- ``system_deck``: the order of system deck A or B (likewise, what is left in it is public);
- ``slot_events``: which face-down event lies on which unresearched level II or III slot;
- ``box_events``: which of the dark (not light-bordered) events of a level were dealt face down and which stayed
  in the box (the light events are always dealt, so they never trade places with the box).

The revealed tech cards put under a deck are seen by everyone, but the state does not record where that known
bottom part starts (see RULES-NOTES.md, "What a bot may know"), so a deck is treated as unknown as a whole.
"""

from __future__ import annotations

from ...core.rng import Rng
from .abilities import SLOT_LEVEL
from .cards import events
from .model import Data, copy_state
from .state import BTSState

KINDS: tuple[str, ...] = ("rng", "tech_deck", "system_deck", "slot_events", "box_events")
TECH_DECKS = ("2", "3", "4")
SYSTEM_DECKS = ("A", "B")
EVENT_LEVELS = ("2", "3")


def _permuted(cards: list[str], rng: Rng) -> list[str]:
    """Return a random order of at least two distinct cards that differs from the given one."""
    out = list(cards)
    rng.shuffle(out)
    if out == cards:
        out[0], out[1] = out[1], out[0]
    return out


def _face_down(d: Data, level: str) -> list[str]:
    """Return the unresearched slots of a level that still hold a face-down event, in board order."""
    return [sid for sid, v in d["slots"].items() if str(SLOT_LEVEL[sid]) == level and v["event"] is not None]


def _new_rng(d: Data, rng: Rng) -> Data:
    """Return a copy of the data with another PRNG state."""
    out = copy_state(d)
    text = Rng(rng.next_u64()).to_text()
    out["rng"] = text if text != d["rng"] else Rng(rng.next_u64() | 1).to_text()
    return out


def _deck_variants(d: Data, rng: Rng, field: str, names: tuple[str, ...]) -> list[Data]:
    """Return one copy per deck of at least two cards, with that deck in another order."""
    out = []
    for name in names:
        deck = d[field][name]
        if len(deck) >= 2:
            v = copy_state(d)
            v[field][name] = _permuted(deck, rng)
            out.append(v)
    return out


def _slot_swaps(d: Data, rng: Rng) -> list[Data]:
    """Return one copy per level with two face-down events of that level trading slots."""
    out = []
    for lv in EVENT_LEVELS:
        slots = _face_down(d, lv)
        if len(slots) >= 2:
            i = rng.randbelow(len(slots))
            j = (i + 1 + rng.randbelow(len(slots) - 1)) % len(slots)
            v = copy_state(d)
            a, b = v["slots"][slots[i]], v["slots"][slots[j]]
            a["event"], b["event"] = b["event"], a["event"]
            out.append(v)
    return out


def _box_swaps(d: Data, rng: Rng) -> list[Data]:
    """Return one copy per level with a face-down dark event and a boxed one trading places (the box stays sorted)."""
    out = []
    for lv in EVENT_LEVELS:
        dark = [s for s in _face_down(d, lv) if not events()[d["slots"][s]["event"]]["light"]]
        box = d["box_events"][lv]
        if dark and box:
            slot = dark[rng.randbelow(len(dark))]
            k = rng.randbelow(len(box))
            v = copy_state(d)
            boxed = v["box_events"][lv]
            v["slots"][slot]["event"], boxed[k] = boxed[k], v["slots"][slot]["event"]
            boxed.sort()
            out.append(v)
    return out


def variants(state: BTSState, seat: int, seed: int) -> list[tuple[str, BTSState]]:
    """Return states that differ from ``state`` only in what ``seat`` cannot see, each labelled by its kind.

    One variant per kind and per deck or level that holds that secret now and can be changed (a deck of fewer than
    two cards, or a level with fewer than two face-down events, gives none).
    """
    d = state.d
    rng = Rng(seed)
    found: list[tuple[str, Data]] = [("rng", _new_rng(d, rng))]
    found += [("tech_deck", v) for v in _deck_variants(d, rng, "decks", TECH_DECKS)]
    found += [("system_deck", v) for v in _deck_variants(d, rng, "sysdecks", SYSTEM_DECKS)]
    found += [("slot_events", v) for v in _slot_swaps(d, rng)]
    found += [("box_events", v) for v in _box_swaps(d, rng)]
    return [(kind, BTSState(state.game, v)) for kind, v in found]
