"""Jump Drive's hidden information, kind by kind: positions that one seat cannot tell apart from a given one.

Each variant edits a copy of the position directly (never through ``resample``), changing only something the
seat cannot see. The conformance suite checks that the seat's view and its resamples stay the same on each.
"""

from __future__ import annotations

from itertools import combinations

from ...core.api import State
from ...core.rng import Rng
from .data import copy_data
from .rules import plan_options, plan_record
from .sampling import public_discards
from .state import JDState

KINDS = ("other_hand", "deck", "face_down_discard", "committed_plan", "opening_discard", "others_log", "prng")
"""Every kind of secret a Jump Drive position can hold for a seat."""


def _variant(state: JDState) -> JDState:
    """Return an independent copy of the state to edit."""
    return JDState(state.game, copy_data(state.d))


def _swap_with_deck(v: JDState, where: list[str], i: int, rng: Rng) -> bool:
    """Swap ``where[i]`` with a random deck card other than a Colony Convoy (whose discard is public); return False
    when there is none."""
    choices = [j for j, c in enumerate(v.d.deck) if not c.startswith("colony_convoy-")]
    if not choices:
        return False
    j = rng.choice(choices)
    where[i], v.d.deck[j] = v.d.deck[j], where[i]
    return True


def variants(state: State, seat: int, seed: int) -> list[tuple[str, State]]:
    """Return (kind, position) pairs that differ from ``state`` only in what ``seat`` cannot see."""
    assert isinstance(state, JDState)
    d = state.d
    rng = Rng(seed)
    out: list[tuple[str, State]] = []
    for s in range(d.players):
        if s == seat or not d.hands[s]:
            continue
        rec = d.commits[s] or {}
        fixed = {rec.get("dev"), rec.get("world"), rec.get("second"), *rec.get("discard", [])}
        free = [i for i, c in enumerate(d.hands[s]) if c not in fixed]
        if free:
            v = _variant(state)
            i = rng.choice(free)
            old = v.d.hands[s][i]
            if _swap_with_deck(v, v.d.hands[s], i, rng):
                v.d.drawn_round[s][v.d.hands[s][i]] = v.d.drawn_round[s].pop(old)
                out.append(("other_hand", v))
        if d.commits[s] is not None and d.phase == "plan":
            v = _variant(state)
            v.d.commits[s] = None
            others = [plan_record(p) for _, p in plan_options(v.d, s)]
            others = [r for r in others if r != d.commits[s]]
            if others:
                v.d.commits[s] = rng.choice(others)
                out.append(("committed_plan", v))
        if d.commits[s] is not None and d.phase == "opening":
            pairs = [list(p) for p in combinations(sorted(d.hands[s]), 2) if list(p) != rec.get("discard")]
            v = _variant(state)
            v.d.commits[s] = {"discard": rng.choice(pairs)}
            out.append(("opening_discard", v))
    if len(set(d.deck)) > 1:
        v = _variant(state)
        while v.d.deck == d.deck:
            rng.shuffle(v.d.deck)
        out.append(("deck", v))
    face_up = public_discards(d)
    down = [i for i, c in enumerate(d.discard) if c not in face_up]
    if down:
        v = _variant(state)
        if _swap_with_deck(v, v.d.discard, rng.choice(down), rng):
            out.append(("face_down_discard", v))
    private = [i for i, m in enumerate(d.msgs) if m[2] is not None and seat not in m[2]]
    if private:
        v = _variant(state)
        v.d.msgs[rng.choice(private)][1]["cards"] = {"cards": []}
        out.append(("others_log", v))
    v = _variant(state)
    v.d.rng = Rng(rng.next_u64()).to_text()
    out.append(("prng", v))
    return out
