"""Jump Drive basics that the rules and the end of the round share: the log, drawing cards and the round limit."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from .data import JDData

HAND_LIMIT = 10


def msg(d: JDData, template: str, visible_to: list[int] | None = None, **args: Any) -> None:
    """Append a log message; each argument is a typed reference such as {"player": 0}."""
    d.msgs.append([template, args, visible_to])


def draw(d: JDData, rng: Rng, seat: int, n: int) -> list[str]:
    """Draw up to n cards for a seat from the unordered deck pool, reshuffling the discards when it runs out.

    Each card drawn is noted in ``drawn_round`` with the current round (0 for the opening deal).
    """
    got: list[str] = []
    when = 0 if d.phase == "opening" else d.round
    drawn_round = d.drawn_round[seat]
    for _ in range(n):
        if not d.deck:
            if not d.discard:
                msg(d, "The deck and the discard pile are empty: {player} draws no more cards", player={"player": seat})
                break
            d.deck = sorted(d.discard)
            d.discard = []
            msg(d, "The deck ran out: the discard pile ({n} cards) is shuffled into a new deck", n={"n": len(d.deck)})
        i = rng.randbelow(len(d.deck))
        card = d.deck[i]
        d.deck[i] = d.deck[-1]
        d.deck.pop()
        d.hands[seat].append(card)
        drawn_round[card] = when
        got.append(card)
    if got:
        d.epoch += 1
    return got


def round_limit(d: JDData) -> int | None:
    """Return the last round the option ``round_limit`` allows (None in solitaire, which has its 7 rounds)."""
    if d.players == 1:
        return None
    return int(d.options["round_limit"])


def round_begins(d: JDData) -> None:
    """Log the start of the current round, and say so when the round limit makes it the last one."""
    msg(d, "Round {n} begins", n={"n": d.round})
    if d.round == round_limit(d):
        msg(d, "Round limit: round {n} is the last round", n={"n": d.round})
