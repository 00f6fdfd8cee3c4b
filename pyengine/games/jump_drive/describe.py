"""Labels for Jump Drive actions and prompts for each pending decision, as catalog Texts (English from them)."""

from __future__ import annotations

from collections.abc import Mapping

from ...core.api import Action
from ...core.text import Text, english, text
from .cards import instance_type
from .data import JDData
from .empire import icons
from .messages import place_slug, term_id
from .rules import EXPLORE_MARKER_EYES, SURVEY, Plan, plan_options
from .scoring import _other_value


def card_ref(card: str, seat: int) -> tuple[str, str]:
    """Return the page reference of a card instance (the Survey Team is the seat's own copy)."""
    return ("card", f"survey_team-{seat}" if card == SURVEY else card)


def _place_text(d: JDData, seat: int, action: Action, plans: Mapping[Action, Plan] | None) -> Text:
    """Return the label of a placement: what it develops, settles or conquers, and the cards it costs."""
    plan = plans.get(action) if plans is not None else None
    if plan is None:
        plan = next((r for a, r in plan_options(d, seat) if a == action), None)
    cost = plan[5] if plan else 0
    dev, world, second, how = action.get("dev"), action.get("world"), action.get("second"), action.get("how")
    wkind = None
    if world:
        wkind = "contact" if how == "contact" else "conquer" if instance_type(world).military_world else "settle"
    skind = ("conquer" if instance_type(second).military_world else "settle") if second else None
    args: dict[str, tuple[str, str] | int] = {"n": cost}
    if dev:
        args["dev"] = card_ref(dev, seat)
    if world:
        args["world"] = card_ref(world, seat)
    if second:
        args["second"] = card_ref(second, seat)
    return text(f"jd.act.place.{place_slug(bool(dev), wkind, skind)}", **args)


def describe_text(d: JDData, seat: int, action: Action, plans: Mapping[Action, Plan] | None = None) -> Text | None:
    """Return the label of one of the seat's actions as a Text, e.g. 'Conquer {world} (pay {n})'.

    ``plans`` are the seat's placement plans by action, when the caller already holds them.
    """
    k = action.kind
    if k == "explore":
        eyes = icons(d.empires[seat], "explore") + EXPLORE_MARKER_EYES
        return text("jd.act.explore", n=2 + eyes, m=eyes)
    if k == "keep":
        first, second = (action.get("discard") or ",").split(",")
        return text("jd.act.keep", first=card_ref(first, seat), second=card_ref(second, seat))
    if k == "place":
        return _place_text(d, seat, action, plans)
    if k == "pay":
        reason = d.owe_reason[seat] if d.owe_reason else "pay"
        msg_id = {"pay": "jd.act.pay", "explore": "jd.act.discard_explore",
                  "hand_limit": "jd.act.discard_hand_limit"}[reason]
        return text(msg_id, card=card_ref(action.get("card") or "", seat))
    if k == "score_against":
        card, other = action.get("card") or "", int(action.get("seat") or 0)
        return text("jd.act.score_against", card=card_ref(card, seat), seat=("player", other),
                    n=_other_value(d, seat, card, other))
    if k == "tick":
        cond = action.get("condition") or ""
        return text("jd.act.tick", condition=("term", term_id("condition", cond)),
                    condition_text=("term", term_id("condition_text", cond)))
    return None


def describe(d: JDData, seat: int, action: Action, plans: Mapping[Action, Plan] | None = None) -> str:
    """Return a label such as 'Settle Gem World (pay 2)' for one of the seat's actions (the English of its Text)."""
    t = describe_text(d, seat, action, plans)
    return english(t) if t is not None else str(action)


def prompt_text(d: JDData, seat: int) -> tuple[str, Text | None]:
    """Return (kind, prompt Text) for the seat's pending decision in this phase (None: no decision)."""
    if d.phase == "opening":
        return ("opening", text("jd.prompt.opening"))
    if d.phase == "plan":
        return ("plan", text("jd.prompt.plan", n=d.round))
    if d.phase in ("pay", "hand_limit"):
        reason = d.owe_reason[seat]
        return (reason, text(f"jd.prompt.{reason}", n=d.owes[seat]))
    if d.phase == "score_choice":
        return ("score_choice", text("jd.prompt.score_choice", card=card_ref(d.pending_choices[seat][0], seat)))
    if d.phase == "campaign_tick":
        return ("campaign_tick", text("jd.prompt.campaign_tick"))
    return ("none", None)


def prompt(d: JDData, seat: int) -> tuple[str, str]:
    """Return (kind, prompt) for the seat's pending decision, the prompt in English."""
    kind, t = prompt_text(d, seat)
    return (kind, english(t) if t is not None else "")
