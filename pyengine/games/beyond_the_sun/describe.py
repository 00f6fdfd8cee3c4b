"""Labels for actions ("Research a new tech in level-II slot 3") and prompts for pending choices, as catalog texts.

``describe_text`` and ``prompt_text`` build a ``Text`` (an id from messages.py plus typed references: cards as card
references the page can open, numbers as numbers, places and kinds of thing as terms); ``describe`` and ``prompt``
are their English, so there is one source for both.
"""

from __future__ import annotations

from ...core.api import Action
from ...core.text import Text, english, text
from .abilities import anytime, passive
from .cards import events
from .effects import current
from .messages import SPACES, STEP_PROMPTS, ability_ref, loc_ref, source_ref, term
from .model import Data
from .rules import space_info, space_place

FIXED = {"skip": "bts.act.skip", "stop": "bts.act.stop", "decline": "bts.act.decline", "accept": "bts.act.accept",
         "pay": "bts.act.pay", "done": "bts.act.done", "end_turn": "bts.act.end_turn"}
_TRADES = {"buy_population": "bts.act.trade_buy_population", "sell_population": "bts.act.trade_sell_population"}


def _move_text(d: Data, seat: int, space: str, swap: bool = False) -> Text:
    """Return the label of a pawn move: the action, where it is, which space (numbered from 1, as the table shows
    it), and its price before discounts (with ``swap``, Android Rights Movement: ore paid instead of one population,
    said so)."""
    cost, _steps, surcharge, _label = space_info(d, space)
    ore = cost.get("ore", 0) + surcharge
    pop = cost.get("population", 0)
    parts = space.split(".")
    if parts[0] == "bs":
        action, where = term("space", parts[1]), "basic"
    elif parts[0] == "guild":
        action, where = term("guild", parts[1]), "guild"
    else:
        action, where = ("card", d["slots"][parts[1]]["card"]), "tech"
    args = {"action": action, "where": term("space_kind", where), "space": ("n", space_place(d, space)[1])}
    if swap:
        ore += passive(d, seat, "population_cost_as_ore")
        if pop > 1:
            return text("bts.act.move_swap_population", ore=ore, population=pop - 1, **args)
        return text("bts.act.move_swap", ore=ore, **args)
    if ore and pop:
        return text("bts.act.move_ore_population", ore=ore, population=pop, **args)
    if ore:
        return text("bts.act.move_ore", ore=ore, **args)
    if pop:
        return text("bts.act.move_population", population=pop, **args)
    return text("bts.act.move", **args)


def _research_text(d: Data, slot: str) -> Text:
    """Return "Research <tech> (level-II slot 3)", or "Research a new tech in level-II slot 3" when unrevealed."""
    card = d["slots"][slot]["card"]
    if card:
        return text("bts.act.research", card=("card", card), slot=term("slot", slot))
    return text("bts.act.research_new", slot=term("slot", slot))


def describe_text(d: Data, seat: int, action: Action) -> Text | None:
    """Return the label of one of this seat's legal actions as a catalog text (None for an unknown kind)."""
    g = action.get
    k = action.kind
    if k in FIXED:
        return text(FIXED[k])
    if k == "move":
        return _move_text(d, seat, str(g("space")), g("swap") == "ore")
    if k == "research":
        return _research_text(d, str(g("slot")))
    if k == "tech_type":
        return text("bts.act.tech_type", type=term("tech_type", g("type")))
    if k == "keep":
        return text("bts.act.keep", card=("card", str(g("card"))))
    if k == "build":
        return text("bts.act.build", at=loc_ref(d, str(g("at"))))
    if k in ("jump", "upgrade", "retire"):
        args = {"level": ("n", int(str(g("level")))), "at": loc_ref(d, str(g("at")))}
        if k == "jump":
            args["to"] = loc_ref(d, str(g("to")))
        return text(f"bts.act.{k}", **args)
    if k == "colonize":
        return text("bts.act.colonize", system=loc_ref(d, str(g("system"))))
    if k == "settle":
        return text("bts.act.settle", level=int(str(g("level"))))
    if k == "basic" and str(g("row")) in SPACES:
        return text("bts.act.basic", action=term("space", g("row")))
    if k == "produce" and g("what") in ("growth", "ore", "trade"):
        return text(f"bts.act.produce_{g('what')}")
    if k == "trade":
        what = str(g("what"))
        if what in _TRADES:
            return text(_TRADES[what])
        return text("bts.act.trade_retire", level=int(str(g("level"))), at=loc_ref(d, str(g("at"))))
    if k == "claim":
        return text("bts.act.claim", card=("card", str(g("achievement"))))
    if k == "star":
        return text("bts.act.star", card=("card", str(g("achievement"))))
    if k == "guild":
        return text("bts.act.guild", guild=term("guild", g("id")))
    if k == "automate":
        return text("bts.act.automate", track=term("disc", g("track")))
    if k == "option":
        return text("bts.act.option", n=int(str(g("n"))) + 1)
    if k == "copy":
        return text("bts.act.copy", action=_copied(d, str(g("action"))))
    if k == "cube":
        return text("bts.act.cube", column=term("column", g("column")))
    if k == "ability":
        ab = next((a for a in anytime(d, seat) if a["id"] == g("id")), None)
        if ab is not None:
            return text("bts.act.ability", ability=ability_ref(str(ab["id"])))
    return None


def _copied(d: Data, key: str) -> tuple[str, str]:
    """Return the reference of an action Quantum Data Exchange copies (``steps.copy_candidates``' key): a Basic
    Spacefaring row, a guild, or the tech card whose action it is."""
    parts = key.split(".")
    if parts[0] == "bs":
        return term("space", parts[1])
    if parts[0] == "guild":
        return term("guild", parts[1])
    return ("card", str(d["slots"][parts[1]]["card"]))


def describe(d: Data, seat: int, action: Action) -> str:
    """Return a readable label for one of this seat's legal actions (the English of ``describe_text``)."""
    t = describe_text(d, seat, action)
    return english(t) if t is not None else str(action)


def prompt_text(d: Data, seat: int) -> tuple[str, Text]:
    """Return (kind, prompt) for this seat's pending choice, the prompt as a catalog text.

    A tech's reveal asks the type while the type is open (``bts.prompt.reveal``) and the card once cards of that type
    are out (``bts.prompt.reveal_keep``); an event's ``may_pay`` asks whether to pay for the event's effect.
    """
    cur = current(d)
    if cur:
        frame, step = cur
        op = str(step["op"])
        msg = f"bts.prompt.{op.lstrip('_')}" if op in STEP_PROMPTS else "bts.prompt.other"
        if op == "may_pay" and frame["src"] in events():  # an event's only question: take part by paying, or not
            msg = "bts.prompt.may_pay_event"
        elif op == "_reveal" and "matches" in frame["prog"]:  # the type is chosen and the cards are out
            msg = "bts.prompt.reveal_keep"
        return (op.lstrip("_"), text(msg, source=source_ref(d, frame["src"])))
    phase = str(d["phase"])
    return (phase, text(f"bts.prompt.phase_{phase}" if phase in ("action", "production", "trade", "achievement")
                        else "bts.prompt.phase_other"))


def prompt(d: Data, seat: int) -> tuple[str, str]:
    """Return (kind, prompt) for this seat's pending choice, the prompt in English."""
    kind, t = prompt_text(d, seat)
    return (kind, english(t))
