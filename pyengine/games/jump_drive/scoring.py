"""Jump Drive end of round: world draws, War Propaganda, scoring, the end check, income and the hand limit."""

from __future__ import annotations

from typing import Any

from ...core.api import Outcome
from ...core.rng import Rng
from .basics import HAND_LIMIT, draw, msg, round_begins, round_limit
from .campaign import met_conditions
from .cards import instance_type
from .data import JDData
from .empire import card_vp, income, military

WIN_VP = 50
SOLO_ROUNDS = 7


def is_solo(d: JDData) -> bool:
    """Return True for solitaire (one player)."""
    return d.players == 1


def others_of(d: JDData, seat: int) -> list[list[str]]:
    """Return the other empires that count for 'another empire' terms (none in solitaire)."""
    return [] if is_solo(d) else [d.empires[o] for o in range(d.players) if o != seat]


def after_payments(d: JDData, rng: Rng) -> None:
    """Run the round on once every payment and explore discard is made."""
    for s in range(d.players):
        if d.draw_after[s]:
            got = draw(d, rng, s, d.draw_after[s])
            d.draw_after[s] = 0
            if got:
                msg(d, "{player} draws 1 card for placing a world alone", player={"player": s})
                msg(d, "You drew {cards}", [s], cards={"cards": [instance_type(c).id for c in got]})
    war_propaganda(d)
    start_scoring(d, rng)


def _is_war_propaganda(card: str) -> bool:
    """Return True for a War Propaganda card (its instance id names its type; the prefix test spares a lookup)."""
    return card.startswith("war_propaganda-") and instance_type(card).id == "war_propaganda"


def war_propaganda(d: JDData) -> None:
    """Move each War Propaganda to the empire with the most military, unless its holder is tied for most.

    Ties among other empires go to the one closest clockwise from the holder. In solitaire an imaginary
    empire (seat -1) has military equal to the round number.
    """
    solo = is_solo(d)
    holders: list[tuple[str, int]] = []
    for s in range(d.players):
        holders.extend((c, s) for c in d.empires[s] if _is_war_propaganda(c))
    if solo:
        holders.extend((c, -1) for c in d.imaginary if _is_war_propaganda(c))
    for card, holder in sorted(holders):
        mil = {s: military(d.empires[s]) for s in range(d.players)}
        ring = list(range(d.players))
        if solo:
            mil[-1] = d.round
            ring = [0, -1]
        top = max(mil.values())
        if mil[holder] == top:
            continue
        start = ring.index(holder)
        new = next(s for s in ring[start + 1:] + ring[:start] if mil[s] == top)
        (d.imaginary if holder == -1 else d.empires[holder]).remove(card)
        (d.imaginary if new == -1 else d.empires[new]).append(card)
        if new == -1:
            msg(d, "{card} moves to the imaginary empire (military {n})", card={"card": "war_propaganda"},
                n={"n": d.round})
        else:
            msg(d, "{card} moves to {player}, who has the most military", card={"card": "war_propaganda"},
                player={"player": new})


def _other_value(d: JDData, seat: int, card: str, other: int) -> int:
    """Return the VP a card scores when counted against one other empire."""
    return card_vp(card, d.empires[seat], d.empires[other], others_of(d, seat))


def start_scoring(d: JDData, rng: Rng) -> None:
    """Ask each seat which empire its 'one other empire' cards count, where the choice matters."""
    d.choices = {}
    d.pending_choices = [[] for _ in range(d.players)]
    if not is_solo(d):
        for s in range(d.players):
            for c in d.empires[s]:
                if not instance_type(c).has_other_scope:
                    continue
                opts = [o for o in range(d.players) if o != s]
                values = [_other_value(d, s, c, o) for o in opts]
                if len(set(values)) > 1:
                    d.pending_choices[s].append(c)
                else:
                    d.choices[f"{s}:{c}"] = opts[0]
    if any(d.pending_choices):
        d.phase = "score_choice"
        d.epoch += 1
    else:
        finish_scoring(d, rng)


def card_scores(d: JDData, seat: int) -> list[tuple[str, int, int]]:
    """Return (card, base VP, bonus VP) for every card of the seat's empire this round, in empire order.

    Base is the card's printed VP; bonus is the rest of what it scores (its "per" and "with" terms, using the
    chosen other empires).
    """
    out = []
    others = others_of(d, seat)
    solo = is_solo(d)
    empire = d.empires[seat]
    for c in empire:
        ct = instance_type(c)
        base = ct.vp
        if not ct.vp_terms:
            out.append((c, base, 0))
            continue
        choice = d.choices.get(f"{seat}:{c}") if ct.has_other_scope and not solo else None
        other = d.empires[choice] if choice is not None else None
        out.append((c, base, card_vp(c, empire, other, others) - base))
    return out


def round_vp(d: JDData, seat: int) -> int:
    """Return the VP the seat's empire scores this round, using the chosen other empires."""
    return sum(base + bonus for _, base, bonus in card_scores(d, seat))


def finish_scoring(d: JDData, rng: Rng) -> None:
    """Score every empire (tallying each card's share), then end the game or take income and the hand limit.

    The game ends after scoring when someone has 50 VP, after round 7 in solitaire, or after the round of the
    option ``round_limit`` (2-4 players).
    """
    for s in range(d.players):
        gain = 0
        tally = d.vp_cards[s]
        for c, base, bonus in card_scores(d, s):
            old = tally.get(c)
            tally[c] = [base, bonus] if old is None else [old[0] + base, old[1] + bonus]
            gain += base + bonus
        d.vp[s] += gain
        msg(d, "{player} scores {n} VP (total {m})", player={"player": s}, n={"n": gain}, m={"n": d.vp[s]})
    d.vp_history.append(list(d.vp))
    d.pending_choices = [[] for _ in range(d.players)]
    limit = round_limit(d)  # None in solitaire
    ended = d.round >= SOLO_ROUNDS if limit is None else (max(d.vp) >= WIN_VP or d.round >= limit)
    if ended:
        end_game(d)
        return
    take_income(d, rng)


def income_order(d: JDData) -> list[int]:
    """Return the order of income draws: most VP first (ties: closest clockwise from the dealer), then clockwise."""
    n = d.players
    first = min(range(n), key=lambda s: (-d.vp[s], (s - 1) % n))
    return [(first + i) % n for i in range(n)]


def take_income(d: JDData, rng: Rng) -> None:
    """Draw each seat's income in the seed's order, then apply the hand limit of 10."""
    for s in income_order(d):
        n = income(d.empires[s], others_of(d, s))
        got = draw(d, rng, s, n)
        msg(d, "{player} takes {n} cards of income", player={"player": s}, n={"n": len(got)})
        if got:
            msg(d, "You drew {cards}", [s], cards={"cards": [instance_type(c).id for c in got]})
    d.epoch += 1
    over = [max(0, len(d.hands[s]) - HAND_LIMIT) for s in range(d.players)]
    if any(over):
        d.owes = over
        d.owe_reason = ["hand_limit"] * d.players
        d.phase = "hand_limit"
        for s in range(d.players):
            if over[s]:
                msg(d, "{player} must discard {n} cards down to the hand limit", player={"player": s},
                    n={"n": over[s]})
    else:
        next_round(d)


def after_hand_limit(d: JDData) -> None:
    """Start the next round once the hand-limit discards are made."""
    next_round(d)


def next_round(d: JDData) -> None:
    """Begin the next round's simultaneous placement choice."""
    d.round += 1
    d.phase = "plan"
    d.commits = [None] * d.players
    d.epoch += 1
    round_begins(d)


def end_game(d: JDData) -> None:
    """End the game, or in a campaign game let the player tick off a met victory condition first."""
    d.epoch += 1
    if is_solo(d) and d.options.get("campaign"):
        met = met_conditions(d)
        if len(met) > 1:
            d.phase = "campaign_tick"
            msg(d, "Victory conditions met: choose one to tick off")
            return
        if met:
            d.ticked = met[0]
            msg(d, "{player} ticks off the victory condition {text}", player={"player": 0}, text={"text": met[0]})
    d.phase = "over"
    d.over = True
    msg(d, "The game ends")


def hand_income(d: JDData, seat: int) -> int:
    """Return a seat's current total income (a tie-break)."""
    return income(d.empires[seat], others_of(d, seat))


def outcome(d: JDData) -> Outcome:
    """Return the outcome: most VP, then most cards in hand, then most income, then a shared win."""
    scores = list(d.vp)
    if is_solo(d):
        details: dict[str, Any]
        if d.options.get("campaign"):
            won = d.ticked is not None
            details = {"campaign": {"used_before": list(d.campaign_used), "ticked": d.ticked}}
        else:
            won = d.vp[0] >= int(d.options["solo_target"])
            details = {"target": int(d.options["solo_target"])}
        return Outcome(scores, [0] if won else [], "solo", details)
    best = max(scores)
    tied = [s for s in range(d.players) if scores[s] == best]
    tiebreak = "vp"
    if len(tied) > 1:
        tiebreak = "cards_in_hand"
        most = max(len(d.hands[s]) for s in tied)
        tied = [s for s in tied if len(d.hands[s]) == most]
    if len(tied) > 1:
        tiebreak = "income"
        top = max(hand_income(d, s) for s in tied)
        tied = [s for s in tied if hand_income(d, s) == top]
    if len(tied) > 1:
        tiebreak = "shared"
    details = {"cards_in_hand": [len(h) for h in d.hands],
               "income": [hand_income(d, s) for s in range(d.players)], "rounds": d.round}
    limit = round_limit(d)
    if limit is not None and d.round >= limit and best < WIN_VP:
        details["round_limit"] = limit  # nobody reached 50 VP: the round limit ended the game
    return Outcome(scores, tied, tiebreak, details)
