"""Labels for actions ("Play Comet (21 M€)") and prompts for pending decisions, as catalog texts (messages.py)."""

from __future__ import annotations

from ...core.api import Action
from ...core.text import Text, text
from .cards import card
from .effects import asking
from .messages import phase_term
from .model import Data
from .playing import price
from .rules import standard_cost

PHASES = (1, 2, 3, 4, 5)

# Actions that name one card, and actions with a fixed label: kind -> message id.
CARD_LABELS = {"sell": "ares.act.sell", "discard": "ares.act.discard", "target": "ares.act.target",
               "keep": "ares.act.keep", "cycle": "ares.act.cycle", "free": "ares.act.free",
               "retrieve": "ares.act.retrieve"}
FIXED_LABELS = {"done": "ares.act.done", "bonus_draw": "ares.act.bonus_draw", "stop": "ares.act.stop",
                "skip": "ares.act.skip"}
# Stages where a seat decides without a question pending: stage -> (decision kind, prompt id).
STAGE_PROMPTS = {"corp": ("corp", "ares.prompt.corp"), "plan": ("phase", "ares.prompt.plan"),
                 "solo_order": ("dummy", "ares.prompt.solo_order"), "coop": ("take", "ares.prompt.coop"),
                 "end": ("discard", "ares.prompt.end")}


def _card(cid: str | None) -> tuple[str, str]:
    """Return a card reference."""
    return ("card", str(cid))


def _int(value: str | None) -> int:
    """Return an action parameter as a number."""
    return int(value or 0)


def describe_text(d: Data, seat: int, action: Action) -> Text:
    """Return the label of one of this seat's legal actions.

    Raises:
        ValueError: an action kind this game never offers.
    """
    k = action.kind
    c = action.get("card")
    if k == "corp":
        return text("ares.act.corp", card=_card(action.get("pick")))
    if k == "phase":
        return text("ares.act.phase", phase=phase_term(_int(action.get("pick"))))
    if k == "dummy":
        return text("ares.act.dummy", phase=phase_term(_int(action.get("pick"))))
    if k == "take":
        return text("ares.act.take_cube" if action.get("item") == "cube" else "ares.act.take_marker")
    if k == "play":
        use = action.get("use")
        combo = tuple(use.split("+")) if use else ()
        n = price(d, seat, card(str(c)), combo)
        if combo:
            return text("ares.act.play_using", card=_card(c), n=n, cards=("cards", list(combo)))
        return text("ares.act.play", card=_card(c), n=n)
    if k in CARD_LABELS:
        return text(CARD_LABELS[k], card=_card(c))
    if k in FIXED_LABELS:
        return text(FIXED_LABELS[k])
    if k == "act":
        opt = action.get("option")
        return text("ares.act.use_option", card=_card(c), n=_int(opt)) if opt else text("ares.act.use", card=_card(c))
    if k == "std":
        kind = str(action.get("what"))
        return text(f"ares.act.std.{kind}", n=standard_cost(d["p"][seat], kind))
    if k == "choose":
        return text("ares.act.choose", n=_int(action.get("option")))
    if k == "convert":
        return text("ares.act.convert", n=_int(action.get("n")))
    if k == "pay":
        return text("ares.act.pay_heat", n=_int(action.get("heat")))
    if k == "raise":
        return text("ares.act.raise", param=("term", f"ares.term.param.{action.get('param')}"))
    if k == "swap":
        return text("ares.act.swap", give=_card(action.get("give")), take=_card(action.get("take")))
    raise ValueError(f"no label for the action {action}")


def prompt_text(d: Data, seat: int) -> tuple[str, Text]:
    """Return the kind and prompt of this seat's pending decision."""
    f = asking(d, seat)
    if f is not None:
        q = f["ask"]["q"]
        counts = {"n": int(f["ctx"]["keep"])} if q == "keep" else {}  # how many cards are still to keep
        if f["src"]:
            return (q, text(f"ares.prompt.{q}_src", card=_card(f["src"]), **counts))
        return (q, text(f"ares.prompt.{q}", **counts))
    stage = d["stage"]
    if stage in STAGE_PROMPTS:
        kind, msg_id = STAGE_PROMPTS[stage]
        return (kind, text(msg_id))
    if d["phase"] in PHASES:
        return ("phase", text("ares.prompt.phase", phase=phase_term(d["phase"])))
    return ("phase", text("ares.prompt.act"))

