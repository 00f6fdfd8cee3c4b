"""Jump Drive rules: who moves, the legal actions of every phase, and applying them (reveal, pay, draw)."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from ...core.api import Action
from ...core.rng import Rng
from .cards import CardType, instance_type
from .data import JDData
from .empire import card_discount, discount_from, discount_sources, has_card, icons, military

HAND_LIMIT = 10
OPENING_DEAL = 7
OPENING_DISCARD = 2
EXPLORE_MARKER_EYES = 3
SURVEY = "survey"


def msg(d: JDData, template: str, visible_to: list[int] | None = None, **args: Any) -> None:
    """Append a log message; each argument is a typed reference such as {"player": 0}."""
    d.msgs.append([template, args, visible_to])


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


# --- placement options ----------------------------------------------------------------------------------

def _dev_type(seat: int, dev: str) -> CardType:
    """Return the card type of a development choice (the Survey Team included)."""
    return instance_type(f"survey_team-{seat}" if dev == SURVEY else dev)


def dev_allowed(d: JDData, seat: int, dev: str) -> bool:
    """Return True if this development may be placed at all (Survey Team once, limits, Trade Pact)."""
    empire = d.empires[seat]
    if dev == SURVEY:
        return not d.survey_used[seat]
    ct = instance_type(dev)
    if "limit_one" in ct.powers and has_card(empire, ct.id):
        return False
    return not ("trade_pact" in ct.powers and military(empire) > 0 and not has_card(empire, "contact_specialist"))


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
    types = [(c, instance_type(c)) for c in hand]
    worlds = [(c, ct) for c, ct in types if ct.is_world]
    devs = [c for c, ct in types if not ct.is_world]
    if not d.survey_used[seat]:
        devs.append(SURVEY)
    dev_opts = [c for c in devs if dev_allowed(d, seat, c)]
    sources = discount_sources(empire)
    base_disc = {w: discount_from(sources, wct) for w, wct in worlds}
    has_contact = has_card(empire, "contact_specialist")
    has_colony = has_card(empire, "colony_convoy")
    has_mconvoy = has_card(empire, "military_convoy")
    dev_full = {dv: max(0, (_dev_type(seat, dv).cost or 0) - discount_from(sources, _dev_type(seat, dv)))
                for dv in dev_opts}
    for dev in dev_opts:
        cost = max(0, dev_full[dev] - 1)  # placed alone: 1 less (never below 0)
        if cost <= n - (0 if dev == SURVEY else 1):
            out.append((_place_dev(dev), (False, dev, None, None, None, cost, None)))
    dv: str | None
    for dv in [None, *dev_opts]:
        if dv is None:
            emp2, dcost, used, dvct = empire, 0, 0, None
            contact, colony, mconvoy = has_contact, has_colony, has_mconvoy
        else:
            dvct = _dev_type(seat, dv)
            emp2 = [*empire, dvct.id + f"-{seat}" if dv == SURVEY else dv]
            dcost = dev_full[dv]
            used = 0 if dv == SURVEY else 1
            contact = has_contact or dvct.id == "contact_specialist"
            colony = has_colony or dvct.id == "colony_convoy"
            mconvoy = has_mconvoy or dvct.id == "military_convoy"
        room = n - used - 1
        giver = dvct if dvct is not None and dvct.discounts else None  # the new development, if it discounts
        for w, wct in worlds:
            disc = base_disc[w] + (card_discount(giver, wct) if giver is not None else 0)
            if not wct.military_world:
                ways: tuple[tuple[str, int], ...] = (("pay", max(0, (wct.cost or 0) - disc)),)
            else:
                defense = wct.defense or 0
                conquer = (("conquer", 0),) if military(emp2, wct) >= defense else ()
                paid = (("contact", max(0, defense - 1 - (disc if contact_disc else 0))),) if (
                    contact and not wct.alien) else ()
                ways = conquer + paid
            for how, wcost in ways:
                total = dcost + wcost
                if total > room:
                    continue
                is_contact = how == "contact"
                out.append((_place(dv, w, None, is_contact), (False, dv, w, None, how, total, None)))
                if not (colony or mconvoy) or total > room - 1:
                    continue
                emp3 = [*emp2, w]
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
                          and military(emp3, w2ct) - (wct.defense or 0) >= (w2ct.defense or 0)):
                        out.append((_place(dv, w, w2, False), (False, dv, w, w2, how, total, "military")))
    return out


def legal_actions(d: JDData, seat: int) -> list[Action]:
    """Return the seat's legal actions in canonical (sorted text) order."""
    acts: list[Action]
    if d.phase == "opening":
        acts = [Action.make("keep", discard=",".join(sorted(pair)))
                for pair in combinations(d.hands[seat], OPENING_DISCARD)]
    elif d.phase == "plan":
        return [a for a, _ in plan_options(d, seat)]  # generated in a fixed, canonical order
    elif d.phase in ("pay", "hand_limit"):
        return [pay_action(c) for c in sorted(d.hands[seat])]
    elif d.phase == "score_choice":
        card = d.pending_choices[seat][0]
        acts = [Action.make("score_against", card=card, seat=o) for o in range(d.players) if o != seat]
    elif d.phase == "campaign_tick":
        from .campaign import met_conditions

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
            from .scoring import after_hand_limit, after_payments

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
            from .scoring import finish_scoring

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
        from .scoring import after_payments

        after_payments(d, rng)
