"""Jump Drive invariants for the fuzzer and for loading: cards are conserved, no count goes negative, and the
per-card VP tallies and draw rounds agree with the VP and the hands."""

from __future__ import annotations

from collections import Counter

from ...core.api import State
from .cards import deck_instances
from .state import JDState


def check(state: State) -> list[str]:
    """Return every broken invariant of a Jump Drive state (empty when all hold)."""
    assert isinstance(state, JDState)
    d = state.d
    problems: list[str] = []
    where: Counter[str] = Counter(d.deck) + Counter(d.discard) + Counter(d.imaginary)
    for h in d.hands:
        where.update(h)
    for s, e in enumerate(d.empires):
        where.update(c for c in e if not c.startswith("survey_team-"))
        teams = [c for c in e if c.startswith("survey_team-")]
        if teams != ([f"survey_team-{s}"] if d.survey_used[s] else []):
            problems.append(f"seat {s}: survey team in empire {teams} but used={d.survey_used[s]}")
    if where != Counter(deck_instances()):
        extra = where - Counter(deck_instances())
        lost = Counter(deck_instances()) - where
        problems.append(f"cards not conserved: extra {dict(extra)}, lost {dict(lost)}")
    for name in ("vp", "owes", "draw_after"):
        if any(v < 0 for v in getattr(d, name)):
            problems.append(f"negative {name}: {getattr(d, name)}")
    for s in range(d.players):
        if d.owes[s] > len(d.hands[s]):
            problems.append(f"seat {s} owes {d.owes[s]} cards but holds {len(d.hands[s])}")
        if d.phase == "plan" and len(d.hands[s]) > 10 + 0:
            problems.append(f"seat {s} starts a round with {len(d.hands[s])} cards (hand limit 10)")
        if sum(base + bonus for base, bonus in d.vp_cards[s].values()) != d.vp[s]:
            problems.append(f"seat {s}: the per-card VP tally does not add up to its {d.vp[s]} VP")
        if set(d.drawn_round[s]) != set(d.hands[s]):
            problems.append(f"seat {s}: the draw rounds are not kept for exactly the cards in hand")
    return problems
