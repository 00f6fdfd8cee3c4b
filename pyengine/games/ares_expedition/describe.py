"""Readable labels for actions ("Play Comet (21 M€)") and prompts for pending decisions."""

from __future__ import annotations

from ...core.api import Action
from .cards import card
from .effects import asking
from .model import Data
from .playing import price
from .rules import standard_cost

PHASES = {1: "Development", 2: "Construction", 3: "Action", 4: "Production", 5: "Research"}
STANDARD = {"heat_temp": "Convert {n} heat: raise the temperature", "plant_forest": "Convert {n} plants into a forest",
            "buy_temp": "Buy a temperature step ({n} M€)", "buy_ocean": "Buy an ocean ({n} M€)",
            "buy_forest": "Buy a forest ({n} M€)"}

# Actions that name one card, and actions with a fixed label.
CARD_LABELS = {"sell": "Sell {}", "discard": "Discard {}", "target": "On {}", "keep": "Keep {}",
               "cycle": "Discard {} and draw", "free": "Play {} this way", "retrieve": "Take {} back"}
FIXED_LABELS = {"done": "Done with this phase", "bonus_draw": "Draw 1 card (Construction bonus)", "stop": "Stop",
                "skip": "Skip"}


def _name(cid: str | None) -> str:
    """Return a card's name."""
    return str(card(cid)["name"]) if cid else "?"


def describe(d: Data, seat: int, action: Action) -> str:
    """Return a label for one of this seat's legal actions."""
    k = action.kind
    c = action.get("card")
    if k == "corp":
        return f"Keep {_name(action.get('pick'))}"
    if k == "phase":
        return f"Choose phase {PHASES[int(action.get('pick') or 0)]}"
    if k == "dummy":
        return f"Virtual player plays {PHASES[int(action.get('pick') or 0)]} next"
    if k == "take":
        return "Take a cube (1 M€)" if action.get("item") == "cube" else "Take a marker (swap a card)"
    if k == "play":
        use = action.get("use")
        combo = tuple(use.split("+")) if use else ()
        extra = f", using {', '.join(_name(u) for u in combo)}" if combo else ""
        return f"Play {_name(c)} ({price(d, seat, card(str(c)), combo)} M€{extra})"
    if k in CARD_LABELS:
        return CARD_LABELS[k].format(_name(c))
    if k in FIXED_LABELS:
        return FIXED_LABELS[k]
    if k == "act":
        opt = action.get("option")
        return f"Use {_name(c)}" + (f" (option {opt})" if opt else "")
    if k == "std":
        kind = str(action.get("what"))
        return STANDARD[kind].format(n=standard_cost(d["p"][seat], kind))
    if k == "choose":
        return f"Choose option {action.get('option')}"
    if k == "convert":
        return f"Convert {action.get('n')}"
    if k == "pay":
        return f"Pay {action.get('heat')} of it with heat"
    if k == "raise":
        return f"Raise {action.get('param')}"
    if k == "swap":
        return f"Give {_name(action.get('give'))}, take {_name(action.get('take'))}"
    return str(action)


def prompt(d: Data, seat: int) -> tuple[str, str]:
    """Return the kind and prompt of this seat's pending decision."""
    f = asking(d, seat)
    if f is not None:
        q = f["ask"]["q"]
        src = f" ({_name(f['src'])})" if f["src"] else ""
        return (q, {"choose": "Choose one", "target": "Choose a card", "remove_from": "Remove resources from",
                    "keep": "Choose a card to keep", "discard": "Choose a card to discard",
                    "cycle": "Discard a card to draw, or stop", "convert": "How many?",
                    "pay_heat": "How much heat to pay with?", "play_card": "Play a card, or skip",
                    "retrieve": "Take a red card back, or skip", "solo_raise": "Raise which parameter?",
                    "swap": "Swap a card with your partner, or skip"}[q] + src)
    stage = d["stage"]
    if stage == "corp":
        return ("corp", "Choose your corporation")
    if stage == "plan":
        return ("phase", "Choose a phase card")
    if stage == "solo_order":
        return ("dummy", "Order the virtual player's last phase cards")
    if stage == "coop":
        return ("take", "Take a cube or a marker")
    if stage == "end":
        return ("discard", "Discard down to 10 cards (3 M€ each)")
    return ("phase", f"Phase {PHASES.get(d['phase'], '?')}: act, then Done")
