"""Jump Drive rules: who moves, the legal actions of every phase, and applying them (reveal, pay, draw)."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from ...core.api import Action
from ...core.rng import Rng
from .basics import draw, msg, round_begins
from .campaign import met_conditions
from .cards import CardType, instance_type
from .data import JDData
from .empire import (
    MilitaryBonuses,
    card_discount,
    discount_from,
    icons,
    military,
    military_profile,
    world_matches,
)
from .scoring import after_hand_limit, after_payments, finish_scoring

OPENING_DEAL = 7
OPENING_DISCARD = 2
EXPLORE_MARKER_EYES = 3
SURVEY = "survey"


def seats_to_move(d: JDData) -> list[int]:
    """Return the seats that must act in the current phase."""
    if d.over:
        return []
    if d.phase in ("opening", "plan"):
        return [s for s in range(d.players) if d.commits[s] is None]
    if d.phase in ("pay", "hand_limit"):
        return [s for s in range(d.players) if d.owes[s] > 0]
    if d.phase == "score_choice":
        return [s for s in range(d.players) if d.pending_choices[s]]
    if d.phase == "campaign_tick":
        return [0]
    return []


# --- placement options ----------------------------------------------------------------------------------

def _dev_type(seat: int, dev: str) -> CardType:
    """Return the card type of a development choice (the Survey Team included)."""
    return instance_type(f"survey_team-{seat}" if dev == SURVEY else dev)


def dev_allowed(d: JDData, seat: int, dev: str) -> bool:
    """Return True if this development may be placed at all (Survey Team once, limits, Trade Pact)."""
    return _dev_allowed(d, seat, dev, {instance_type(c).id for c in d.empires[seat]})


def _dev_allowed(d: JDData, seat: int, dev: str, held: set[str]) -> bool:
    """Return ``dev_allowed``, given the type ids of the cards the seat's empire holds."""
    if dev == SURVEY:
        return not d.survey_used[seat]
    ct = instance_type(dev)
    if "limit_one" in ct.powers and ct.id in held:
        return False
    return not ("trade_pact" in ct.powers and military(d.empires[seat]) > 0 and "contact_specialist" not in held)


EXPLORE = Action("explore")


@cache
def pay_action(card: str) -> Action:
    """Return the (shared, immutable) action that pays or discards one card."""
    return Action("pay", (("card", card),))


@cache
def _place(dev: str | None, world: str, second: str | None, contact: bool) -> Action:
    """Return the place action with its parameters in canonical (sorted key) order (shared, immutable)."""
    params: list[tuple[str, str]] = []
    if dev is not None:
        params.append(("dev", dev))
    if contact:
        params.append(("how", "contact"))
    if second is not None:
        params.append(("second", second))
    params.append(("world", world))
    return Action("place", tuple(params))


@cache
def _place_dev(dev: str) -> Action:
    """Return the action that places one development alone."""
    return Action("place", (("dev", dev),))


# A placement plan: (explore, dev, world, second, how, cost, convoy); plan_record() turns it into the committed dict.
Plan = tuple[bool, str | None, str | None, str | None, str | None, int, str | None]
EXPLORE_PLAN: Plan = (True, None, None, None, None, 0, None)


def plan_record(plan: Plan) -> dict[str, Any]:
    """Return a plan as the JSON record kept (hidden) in the state until the reveal."""
    explore, dev, world, second, how, cost, convoy = plan
    if explore:
        return {"explore": True, "cost": 0}
    rec: dict[str, Any] = {"explore": False, "dev": dev, "world": world, "second": second, "how": how, "cost": cost}
    if convoy:
        rec["convoy"] = convoy
    return rec


def _against(bonuses: MilitaryBonuses, target: CardType) -> int:
    """Return the military bonuses (from ``military_profile``) that count against one target world."""
    return sum(amount for filt, amount in bonuses if world_matches(target, filt))


# A world in hand, as plan_options reads it: (card, type, military?, printed cost, defense, alien?, discount).
WorldRow = tuple[str, CardType, bool, int, int, bool, int]


def _with_dev(empire: list[str], seat: int, dev: str | None, dvct: CardType | None) -> list[str]:
    """Return the empire with a development added (the Survey Team by its seat's instance id)."""
    if dev is None or dvct is None:
        return empire
    return [*empire, dvct.id + f"-{seat}" if dev == SURVEY else dev]


def _world_ways(rows: list[WorldRow], giver: CardType | None, mil_base: int,
                mil_against: MilitaryBonuses, contact: bool,
                contact_disc: bool) -> list[tuple[str, CardType, str, int]]:
    """Return every way to place each world of the hand, in hand order: (card, type, how, price in cards).

    ``giver`` is a development placed with it that discounts, ``mil_base`` and ``mil_against`` the military
    the empire will have, ``contact`` whether Contact Specialist is there.
    """
    ways: list[tuple[str, CardType, str, int]] = []
    for w, wct, is_mil, printed, defense, alien, bdisc in rows:
        disc = bdisc + card_discount(giver, wct) if giver is not None else bdisc
        if not is_mil:
            ways.append((w, wct, "pay", printed - disc if printed > disc else 0))
            continue
        mil = mil_base + _against(mil_against, wct) if mil_against else mil_base
        if mil >= defense:
            ways.append((w, wct, "conquer", 0))
        if contact and not alien:
            price = defense - 1 - (disc if contact_disc else 0)
            ways.append((w, wct, "contact", price if price > 0 else 0))
    return ways


def plan_options(d: JDData, seat: int) -> list[tuple[Action, Plan]]:
    """Return every legal placement plan: its action and what it places, how, and the cards to pay.

    Placement order (seed notes item 6): a development helps the world placed with it, a world helps the
    second world of a Convoy, and no card ever helps its own placement.
    """
    hand = d.hands[seat]
    empire = d.empires[seat]
    n = len(hand)
    contact_disc = bool(d.options["contact_discounts"])
    out: list[tuple[Action, Plan]] = [(EXPLORE, EXPLORE_PLAN)]
    held: set[str] = set()  # the type ids in the empire
    sources: list[str] = []  # those that give discounts (discount_sources)
    additive = True  # no card's military counts others: then a development just adds its own
    for c in empire:
        ct = instance_type(c)
        held.add(ct.id)
        if ct.discounts:
            sources.append(ct.id)
        if ct.military_per:
            additive = False
    worlds: list[tuple[str, CardType]] = []
    dev_types: dict[str, CardType] = {}  # the developments that may be placed (dev_allowed), in hand order
    military_worlds = False
    for c in hand:
        ct = instance_type(c)
        if ct.is_world:
            worlds.append((c, ct))
            military_worlds = military_worlds or ct.military_world
        elif not ct.powers or _dev_allowed(d, seat, c, held):
            dev_types[c] = ct
    if not d.survey_used[seat]:
        dev_types[SURVEY] = _dev_type(seat, SURVEY)
    dev_opts = list(dev_types)
    base_disc = {w: discount_from(sources, wct) if sources else 0 for w, wct in worlds}
    if military_worlds:
        emp_mil, emp_against = military_profile(tuple(empire))
    rows: list[WorldRow] = [(w, wct, wct.military_world, wct.cost or 0, wct.defense or 0, wct.alien, base_disc[w])
            for w, wct in worlds]
    has_contact = "contact_specialist" in held
    has_colony = "colony_convoy" in held
    has_mconvoy = "military_convoy" in held
    dev_full: dict[str, int] = {}
    for dev, dct in dev_types.items():
        full = dev_full[dev] = max(0, (dct.cost or 0) - (discount_from(sources, dct) if sources else 0))
        cost = full - 1 if full > 0 else 0  # placed alone: 1 less (never below 0)
        if cost <= n - (0 if dev == SURVEY else 1):
            out.append((_place_dev(dev), (False, dev, None, None, None, cost, None)))
    dv: str | None
    plain_ways: list[tuple[str, CardType, str, int]] = []  # the ways without a development (set first)
    for dv in [None, *dev_opts]:
        if dv is None:
            dcost, used, dvct, dv_id = 0, 0, None, None
            contact, colony, mconvoy = has_contact, has_colony, has_mconvoy
        else:
            dvct = dev_types[dv]
            dv_id = dvct.id
            dcost = dev_full[dv]
            used = 0 if dv == SURVEY else 1
            contact = has_contact or dv_id == "contact_specialist"
            colony = has_colony or dv_id == "colony_convoy"
            mconvoy = has_mconvoy or dv_id == "military_convoy"
        room = n - used - 1
        # the empire's military with this development (only a military world needs it)
        mil_against: MilitaryBonuses
        if not military_worlds:
            mil_base, mil_against = 0, ()
        elif dvct is None:
            mil_base, mil_against = emp_mil, emp_against
        elif additive and not dvct.military_per:
            mil_base, mil_against = emp_mil + dvct.military_flat, emp_against + dvct.military_against
        else:
            mil_base, mil_against = military_profile(tuple(_with_dev(empire, seat, dv, dvct)))
        giver = dvct if dvct is not None and dvct.discounts else None  # the new development, if it discounts
        # how each world in hand may be placed beside this development, and its price (a development that
        # changes no discount, military or Contact Specialist leaves them as they are without one; with a card
        # whose military counts others, not "additive", any development may change the military)
        if dvct is None or giver is not None or contact != has_contact or (
                military_worlds and (not additive or dvct.military_flat or dvct.military_against or dvct.military_per)):
            ways = _world_ways(rows, giver, mil_base, mil_against, contact, contact_disc)
            if dvct is None:
                plain_ways = ways
        else:
            ways = plain_ways
        for w, wct, how, wcost in ways:
            total = dcost + wcost
            if total > room:
                continue
            is_contact = how == "contact"
            out.append((_place(dv, w, None, is_contact), (False, dv, w, None, how, total, None)))
            if not (colony or mconvoy) or total > room - 1:
                continue
            for w2, w2ct in worlds:
                if w2 == w:
                    continue
                if colony and how != "conquer" and not w2ct.military_world:
                    disc2 = (base_disc[w2] + (card_discount(giver, w2ct) if giver is not None else 0)
                             + card_discount(wct, w2ct))
                    cost2 = max(0, (w2ct.cost or 0) - disc2 - 2)
                    if total + cost2 <= room - 1:
                        out.append((_place(dv, w, w2, is_contact),
                                    (False, dv, w, w2, how, total + cost2, "colony")))
                elif (mconvoy and how == "conquer" and w2ct.military_world
                      and military([*_with_dev(empire, seat, dv, dvct), w], w2ct) - (wct.defense or 0)
                      >= (w2ct.defense or 0)):
                    out.append((_place(dv, w, w2, False), (False, dv, w, w2, how, total, "military")))
    return out


def legal_actions(d: JDData, seat: int) -> list[Action]:
    """Return the seat's legal actions in canonical (sorted text) order."""
    acts: list[Action]
    if d.phase == "opening":
        acts = [Action("keep", (("discard", ",".join(pair)),))
                for pair in combinations(sorted(d.hands[seat]), OPENING_DISCARD)]
    elif d.phase == "plan":
        return [a for a, _ in plan_options(d, seat)]  # generated in a fixed, canonical order
    elif d.phase in ("pay", "hand_limit"):
        return [pay_action(c) for c in sorted(d.hands[seat])]  # canonical: one shared prefix, sorted cards
    elif d.phase == "score_choice":
        card = d.pending_choices[seat][0]
        acts = [Action.make("score_against", card=card, seat=o) for o in range(d.players) if o != seat]
    elif d.phase == "campaign_tick":
        acts = [Action.make("tick", condition=c) for c in met_conditions(d)]
    else:
        acts = []
    return sorted(set(acts), key=str)


# --- applying -----------------------------------------------------------------------------------------

def apply_action(d: JDData, seat: int, action: Action, plan: Plan | None = None) -> None:
    """Apply a legal action (validated by the caller) and run the game forward to the next decision.

    ``plan`` may carry the commitment record of a placement, already computed with the legal actions. The PRNG
    is read from the state (and written back) only by the steps that draw cards.
    """
    kind = action.kind
    if kind == "keep":
        d.commits[seat] = {"discard": (action.get("discard") or "").split(",")}
        if all(c is not None for c in d.commits):
            _finish_opening(d)
    elif kind in ("explore", "place"):
        chosen = plan if plan is not None else next(r for a, r in plan_options(d, seat) if a == action)
        d.commits[seat] = plan_record(chosen)
        if all(c is not None for c in d.commits):
            rng = Rng.from_text(d.rng)
            _reveal(d, rng)
            d.rng = rng.to_text()
    elif kind == "pay":
        card = action.params[0][1]
        d.hands[seat].remove(card)
        d.drawn_round[seat].pop(card, None)
        d.discard.append(card)
        d.owes[seat] -= 1
        if not any(d.owes):
            if d.phase == "pay":
                rng = Rng.from_text(d.rng)
                after_payments(d, rng)
                d.rng = rng.to_text()
            else:
                after_hand_limit(d)
    elif kind == "score_against":
        card = d.pending_choices[seat].pop(0)
        d.choices[f"{seat}:{card}"] = int(action.get("seat") or 0)
        if not any(d.pending_choices):
            rng = Rng.from_text(d.rng)
            finish_scoring(d, rng)
            d.rng = rng.to_text()
    elif kind == "tick":
        d.ticked = action.get("condition")
        msg(d, "{player} ticks off the victory condition {text}", player={"player": 0},
            text={"text": d.ticked or ""})
        d.phase = "over"
        d.over = True


def _finish_opening(d: JDData) -> None:
    """Discard every seat's 2 opening cards and start round 1."""
    for s in range(d.players):
        rec = d.commits[s] or {}
        for c in rec["discard"]:
            d.hands[s].remove(c)
            d.drawn_round[s].pop(c, None)
            d.discard.append(c)
        msg(d, "{player} keeps 5 cards and discards 2", player={"player": s})
    d.commits = [None] * d.players
    d.phase = "plan"
    d.epoch += 1
    round_begins(d)


def _reveal(d: JDData, rng: Rng) -> None:
    """Reveal every seat's plan at once, place the cards, and set what each seat owes."""
    d.epoch += 1
    for s in range(d.players):
        rec = d.commits[s] or {}
        d.owes[s] = 0
        d.draw_after[s] = 0
        if rec.get("explore"):
            eyes = icons(d.empires[s], "explore") + EXPLORE_MARKER_EYES
            drawn = draw(d, rng, s, 2 + eyes)
            d.owes[s] = min(eyes, len(d.hands[s]))
            d.owe_reason[s] = "explore"
            d.revealed[s] = {"explore": True, "dev": None, "world": None, "second": None, "how": None,
                             "paid": d.owes[s], "drew": len(drawn)}
            msg(d, "{player} explores: draws {n} cards, then discards {m}", player={"player": s},
                n={"n": len(drawn)}, m={"n": d.owes[s]})
            if drawn:
                msg(d, "You drew {cards}", [s], cards={"cards": [instance_type(c).id for c in drawn]})
            continue
        placed: list[str] = []
        dev = rec.get("dev")
        if dev == SURVEY:
            d.survey_used[s] = True
            placed.append(f"survey_team-{s}")
        elif dev:
            d.hands[s].remove(dev)
            d.drawn_round[s].pop(dev, None)
            placed.append(dev)
        for w in (rec.get("world"), rec.get("second")):
            if w:
                d.hands[s].remove(w)
                d.drawn_round[s].pop(w, None)
                placed.append(w)
        for c in placed:
            d.empires[s].append(c)
            d.placed[c] = d.round
        if rec.get("convoy") == "colony":
            convoy = next(c for c in d.empires[s] if instance_type(c).id == "colony_convoy")
            d.empires[s].remove(convoy)
            d.placed.pop(convoy, None)
            d.discard.append(convoy)
            msg(d, "{player} discards {card} from their empire to place a second world", player={"player": s},
                card={"card": "colony_convoy"})
        d.owes[s] = min(int(rec["cost"]), len(d.hands[s]))
        d.owe_reason[s] = "pay"
        only_world = dev is None and rec.get("world") is not None
        if only_world and (rec.get("second") is None or d.options["convoy_world_draw"]):
            d.draw_after[s] = 1
        d.revealed[s] = {"explore": False, "dev": placed[0] if dev else None, "world": rec.get("world"),
                         "second": rec.get("second"), "how": rec.get("how"), "paid": d.owes[s],
                         "drew": d.draw_after[s]}
        for c in placed:
            ct = instance_type(c)
            how = rec.get("how") if c in (rec.get("world"), rec.get("second")) else None
            verb = {"conquer": "conquers", "contact": "places (Contact Specialist)"}.get(how or "", "places")
            msg(d, "{player} " + verb + " {card}", player={"player": s}, card={"card": ct.id})
        if d.owes[s]:
            msg(d, "{player} pays {n} cards", player={"player": s}, n={"n": d.owes[s]})
    d.commits = [None] * d.players
    d.phase = "pay"
    if not any(d.owes):
        after_payments(d, rng)
