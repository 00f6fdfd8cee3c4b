"""Readable labels for actions ("Research a level-II tech in slot II-3") and prompts for pending choices."""

from __future__ import annotations

from ...core.api import Action
from .abilities import SLOT_LEVEL, anytime
from .cards import achievements, board, events, systems, techs
from .effects import current
from .model import Data
from .rules import space_info

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IIII"}
LOC_NAMES = {"SOL": "Sol", "DEEP": "Deep Space"}


def loc_name(d: Data, loc: str) -> str:
    """Return a location's name: Sol, Deep Space, a shipyard, or the system card in a slot."""
    card = d["locs"].get(loc)
    if card:
        return f"{_card_name(card)} ({loc})"
    for rec in board()["exploration"]["sides"][d["side"]]["locations"]:
        if rec["id"] == loc:
            return str(rec["name"])
    return LOC_NAMES.get(loc, loc)


def _card_name(cid: str) -> str:
    """Return any card's name by id (a dagger marks a project-designed stand-in)."""
    for table in (techs(), systems(), events(), achievements()):
        if cid in table:
            return str(table[cid]["name"]) + (" \u2020" if table[cid]["origin"] == "stand-in" else "")
    return cid


def _slot_label(d: Data, slot: str) -> str:
    """Return "<tech name> (slot II-3)" or "an unrevealed level-II tech in slot II-3"."""
    card = d["slots"][slot]["card"]
    if card:
        return f"{_card_name(card)} (slot {slot})"
    return f"a new level-{ROMAN[SLOT_LEVEL[slot]]} tech in slot {slot}"


def describe(d: Data, seat: int, action: Action) -> str:
    """Return a readable label for one of this seat's legal actions."""
    g = action.get
    k = action.kind
    if k == "move":
        space = str(g("space"))
        cost, _steps, surcharge, label = space_info(d, space)
        ore = cost.get("ore", 0) + surcharge
        pop = cost.get("population", 0)
        price = ", ".join(p for p in (f"{ore} ore" if ore else "", f"{pop} population" if pop else "") if p)
        where = "Basic Spacefaring" if space.startswith("bs.") else "guild" if space.startswith("guild.") else "tech"
        return f"Action: {label} ({where}, space {space.split('.')[-1]}){' for ' + price if price else ''}"
    if k == "research":
        return f"Research {_slot_label(d, str(g('slot')))}"
    if k == "tech_type":
        return f"Look for a {g('type')} technology"
    if k == "keep":
        return f"Keep {_card_name(str(g('card')))}"
    if k == "build":
        return f"Build the ship at {loc_name(d, str(g('at')))}"
    if k == "jump":
        return f"Jump a level-{g('level')} ship from {loc_name(d, str(g('at')))} to {loc_name(d, str(g('to')))}"
    if k == "upgrade":
        return f"Upgrade a level-{g('level')} ship at {loc_name(d, str(g('at')))}"
    if k == "retire":
        return f"Retire a level-{g('level')} ship at {loc_name(d, str(g('at')))} into population"
    if k == "colonize":
        return f"Colonize {loc_name(d, str(g('system')))}"
    if k == "settle":
        return f"Settle a level-{g('level')} ship (it returns to your supply)"
    if k == "basic":
        return f"Take the Basic Spacefaring action {board()['basic_spacefaring']['actions'][str(g('row'))]['name']}"
    if k == "produce":
        return {"growth": "Production: population growth", "ore": "Production: ore production",
                "trade": "Production: trade resources"}[str(g("what"))]
    if k == "trade":
        kind = g("what")
        if kind == "buy_population":
            return "Trade ore for a population"
        if kind == "sell_population":
            return "Trade a population for 1 ore"
        return f"Pay 1 ore to retire a level-{g('level')} ship at {loc_name(d, str(g('at')))} into population"
    if k == "claim":
        return f"Claim the achievement {_card_name(str(g('achievement')))}"
    if k == "star":
        return f"Reserve {_card_name(str(g('achievement')))} with a star disc"
    if k == "guild":
        return f"Open the {str(g('id')).title()} guild"
    if k == "automate":
        return f"Automate a {g('track')} disc"
    if k == "option":
        return f"Choose option {int(str(g('n'))) + 1}"
    if k == "ability":
        ab = next((a for a in anytime(d, seat) if a["id"] == g("id")), None)
        return f"Use {ab.get('name', ab['id']) if ab else g('id')}"
    return {"skip": "Skip", "stop": "Stop here", "decline": "Decline", "accept": "Accept", "pay": "Pay",
            "done": "Done trading", "end_turn": "End your turn"}.get(k, str(action))


def prompt(d: Data, seat: int) -> tuple[str, str]:
    """Return (kind, prompt) for this seat's pending choice."""
    cur = current(d)
    if cur:
        frame, step = cur
        src = frame["src"]
        source = _card_name(src) if src and not src.startswith(("bs.", "guild.", "tech.", "setup:")) else "the action"
        texts = {"build_ship": "Where is the new ship built?", "upgrade_ship": "Upgrade a ship, or stop",
                 "jump": "Move your ships, one jump at a time", "research": "Choose a technology to research",
                 "_reveal": "Choose the type, then the card to keep", "colonize": "Choose a system to colonize",
                 "_settle": "Choose the ships that settle the colony",
                 "basic_action": "Take a Basic Spacefaring action",
                 "retire_ship": "Retire a ship into population, or stop", "choose": "Choose one option",
                 "may_pay": "Pay for the extra effect?", "_may": "Take part in the event?",
                 "extend_supply_a": "Move your rightmost supply cube to column A?",
                 "remove_guild_tile": "Choose the guild to open", "automate": "Choose the track to automate",
                 "_star_disc": "Choose the achievement to reserve"}
        return (step["op"].lstrip("_"), f"{texts.get(step['op'], 'Choose')} ({source})")
    phase = d["phase"]
    return (phase, {"action": "Move your pawn to an action space",
                    "production": "Production: grow, produce ore, or trade",
                    "trade": "Trade at your mat's rates, then finish",
                    "achievement": "Claim an achievement (mandatory), or end your turn"}.get(phase, "Choose"))
