"""Readable labels for Jump Drive actions and prompts for each pending decision."""

from __future__ import annotations

from ...core.api import Action
from .cards import instance_type
from .data import JDData
from .rules import EXPLORE_MARKER_EYES, SURVEY, plan_options


def card_name(card: str, seat: int) -> str:
    """Return the printed name of a card instance (or of the Survey Team)."""
    return instance_type(f"survey_team-{seat}" if card == SURVEY else card).name


def describe(d: JDData, seat: int, action: Action) -> str:
    """Return a label such as 'Place Gem World (pay 2)' for one of the seat's actions."""
    from .empire import icons

    k = action.kind
    if k == "explore":
        eyes = icons(d.empires[seat], "explore") + EXPLORE_MARKER_EYES
        return f"Explore: draw {2 + eyes}, then discard {eyes}"
    if k == "keep":
        a, b = (action.get("discard") or ",").split(",")
        return f"Keep 5, discard {card_name(a, seat)} and {card_name(b, seat)}"
    if k == "place":
        rec = next((r for a, r in plan_options(d, seat) if a == action), None)
        parts = []
        dev, world, second, how = action.get("dev"), action.get("world"), action.get("second"), action.get("how")
        if dev:
            parts.append(f"Develop {card_name(dev, seat)}")
        if world:
            ct = instance_type(world)
            verb = "Conquer" if ct.military_world and how != "contact" else "Settle"
            parts.append(f"{verb} {ct.name}" + (" via Contact Specialist" if how == "contact" else ""))
        if second:
            parts.append(f"{'conquer' if instance_type(second).military_world else 'settle'} "
                         f"{instance_type(second).name} by Convoy")
        cost = rec[5] if rec else 0
        return " + ".join(parts) + f" (pay {cost})"
    if k == "pay":
        reason = d.owe_reason[seat] if d.owe_reason else "pay"
        verb = {"pay": "Pay with", "explore": "Discard (explore)", "hand_limit": "Discard (hand limit)"}[reason]
        return f"{verb} {card_name(action.get('card') or '', seat)}"
    if k == "score_against":
        from .scoring import _other_value

        card, other = action.get("card") or "", int(action.get("seat") or 0)
        return (f"Score {instance_type(card).name} against player {other + 1}'s empire "
                f"({_other_value(d, seat, card, other)} VP)")
    if k == "tick":
        from .campaign import conditions

        cond = next(c for c in conditions() if c["id"] == action.get("condition"))
        return f"Tick off {cond['name']}: {cond['text']}"
    return str(action)


def prompt(d: JDData, seat: int) -> tuple[str, str]:
    """Return (kind, prompt) for the seat's pending decision in this phase."""
    if d.phase == "opening":
        return ("opening", "Choose 2 of your 7 cards to discard; you keep 5")
    if d.phase == "plan":
        return ("plan", f"Round {d.round}: place a development, a world, both, or explore")
    if d.phase in ("pay", "hand_limit"):
        reason = d.owe_reason[seat]
        n = d.owes[seat]
        text = {"pay": f"Pay: discard {n} more card(s) from your hand",
                "explore": f"Explore: discard {n} more card(s) from your hand",
                "hand_limit": f"Hand limit: discard {n} more card(s)"}[reason]
        return (reason, text)
    if d.phase == "score_choice":
        card = d.pending_choices[seat][0]
        return ("score_choice", f"Choose the other empire that your {instance_type(card).name} counts")
    if d.phase == "campaign_tick":
        return ("campaign_tick", "Choose the victory condition to tick off")
    return ("none", "")
