"""Ares Expedition's message table: every text the game shows a player, by catalog id (namespace ``ares``).

Importing this module registers the table with ``core.text`` (and how to name a card), so the page and the
English renderer can turn any Ares ``Text`` into words. The log is stored in the state as the English templates
``text.log`` writes (saves and determinism depend on that JSON); ``log_message`` maps each stored line to its id
and typed references here, so the stored state never changes.

>>> english(text("ares.act.sell", card=("card", "comet")))
'Sell Comet'
>>> log_message("{seat} plays {card}", {"seat": {"seat": 1}, "card": {"card": "comet"}}).id
'ares.log.play'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.api import Message
from ...core.text import Entry, Text, english, register_card_names, register_messages, template, text
from .cards import COLORS, TAGS, board, card, corporations, projects
from .cardtext import card_face
from .model import Data, terraformed

NS = "ares"
GAME = "ares_expedition"
MAX_LIST = 5  # the most phases a list of phases can hold

PHASES = (1, 2, 3, 4, 5)
PARAMS = ("temperature", "oxygen", "ocean")
STANDARD = ("heat_temp", "plant_forest", "buy_temp", "buy_ocean", "buy_forest")
QUESTIONS = ("choose", "target", "remove_from", "keep", "discard", "cycle", "convert", "pay_heat", "play_card",
             "retrieve", "solo_raise", "swap")
HELD_KINDS = ("animal", "microbe", "science")


# --- the table -----------------------------------------------------------------------------------------------------

LOG: dict[str, Entry] = {
    "ares.log.setup": "Setup for {n} players ({mode})",
    "ares.log.ocean_flip": ("{seat} flips ocean tile {n}", "You flip ocean tile {n}"),
    "ares.log.virtual_raises": "The virtual player raises the {param}",
    "ares.log.swap": ("{seat} swaps a card with their partner", "You swap a card with your partner"),
    "ares.log.play": ("{seat} plays {card}", "You play {card}"),
    "ares.log.use_action": ("{seat} uses the action of {card}", "You use the action of {card}"),
    "ares.log.standard": ("{seat} takes a standard action: {action}", "You take a standard action: {action}"),
    "ares.log.take_pool": ("{seat} takes a {item} from the pool", "You take a {item} from the pool"),
    "ares.log.corporation": ("{seat} starts with {card}", "You start with {card}"),
    "ares.log.virtual_reveals": "The virtual player reveals {phase}",
    "ares.log.phase_begins": "Phase {n} begins: {phase}",
    "ares.log.game_ends": "The game ends: {reason}",
}

ACT: dict[str, Entry] = {
    "ares.act.corp": "Keep {card}",
    "ares.act.phase": "Choose phase {phase}",
    "ares.act.dummy": "Virtual player plays {phase} next",
    "ares.act.take_cube": "Take a cube (1 M€)",
    "ares.act.take_marker": "Take a marker (swap a card)",
    "ares.act.play": "Play {card} ({n} M€)",
    "ares.act.play_using": "Play {card} ({n} M€, using {cards})",
    "ares.act.sell": "Sell {card}",
    "ares.act.discard": "Discard {card}",
    "ares.act.target": "On {card}",
    "ares.act.keep": "Keep {card}",
    "ares.act.cycle": "Discard {card} and draw",
    "ares.act.free": "Play {card} this way",
    "ares.act.retrieve": "Take {card} back",
    "ares.act.done": "Done with this phase",
    "ares.act.bonus_draw": "Draw 1 card (Construction bonus)",
    "ares.act.stop": "Stop",
    "ares.act.skip": "Skip",
    "ares.act.use": "Use {card}",
    "ares.act.use_option": "Use {card} (option {n})",
    "ares.act.std.heat_temp": "Convert {n} heat: raise the temperature",
    "ares.act.std.plant_forest": "Convert {n} plants into a forest",
    "ares.act.std.buy_temp": "Buy a temperature step ({n} M€)",
    "ares.act.std.buy_ocean": "Buy an ocean ({n} M€)",
    "ares.act.std.buy_forest": "Buy a forest ({n} M€)",
    "ares.act.choose": "Choose option {n}",
    "ares.act.convert": "Convert {n}",
    "ares.act.pay_heat": "Pay {n} of it with heat",
    "ares.act.raise": "Raise {param}",
    "ares.act.swap": "Give {give}, take {take}",
}

_QUESTION_PROMPTS = {
    "choose": "Choose one", "target": "Choose a card", "remove_from": "Remove resources from",
    "keep": "Choose a card to keep", "discard": "Choose a card to discard",
    "cycle": "Discard a card to draw, or stop", "convert": "How many?", "pay_heat": "How much heat to pay with?",
    "play_card": "Play a card, or skip", "retrieve": "Take a red card back, or skip",
    "solo_raise": "Raise which parameter?", "swap": "Swap a card with your partner, or skip"}

PROMPT: dict[str, Entry] = {
    **{f"ares.prompt.{q}": words for q, words in _QUESTION_PROMPTS.items()},
    **{f"ares.prompt.{q}_src": words + " ({card})" for q, words in _QUESTION_PROMPTS.items()},
    "ares.prompt.corp": "Choose your corporation",
    "ares.prompt.plan": "Choose a phase card",
    "ares.prompt.solo_order": "Order the virtual player's last phase cards",
    "ares.prompt.coop": "Take a cube or a marker",
    "ares.prompt.end": "Discard down to 10 cards (3 M€ each)",
    "ares.prompt.phase": "Phase {phase}: act, then Done",
    "ares.prompt.act": "Act, then Done",
}

TERM: dict[str, Entry] = {
    **{f"ares.term.phase.{k}": str(board()["phases"][str(k)]) for k in PHASES},
    "ares.term.param.temperature": "temperature",
    "ares.term.param.oxygen": "oxygen",
    "ares.term.param.ocean": "oceans",
    "ares.term.zone.purple": "purple",
    "ares.term.zone.red": "red",
    "ares.term.zone.yellow": "yellow",
    "ares.term.zone.white": "white",
    "ares.term.stage.corp": "choosing corporations",
    "ares.term.stage.setup": "setting up",
    "ares.term.stage.plan": "planning",
    "ares.term.stage.solo_order": "ordering the virtual player's phases",
    "ares.term.stage.coop": "taking from the pool",
    "ares.term.stage.phase": "phases",
    "ares.term.stage.end": "end of the round",
    "ares.term.stage.over": "game over",
    "ares.term.mode.standard": "standard",
    "ares.term.mode.solo": "solo",
    "ares.term.mode.coop": "co-op",
    "ares.term.std.heat_temp": "heat to temperature",
    "ares.term.std.plant_forest": "plants to forest",
    "ares.term.std.buy_temp": "buy temperature",
    "ares.term.std.buy_ocean": "buy an ocean",
    "ares.term.std.buy_forest": "buy a forest",
    "ares.term.pool.cube": "cube",
    "ares.term.pool.marker": "marker",
    "ares.term.end.terraformed": "Mars is terraformed",
    "ares.term.end.round_25": "round 25 is over",
    "ares.term.end.pool_empty": "the pool is empty",
    "ares.term.end.round_limit": "the round limit is reached",
    "ares.term.res.mc": "M€",
    "ares.term.res.heat": "heat",
    "ares.term.res.plants": "plants",
    "ares.term.res.steel": "steel",
    "ares.term.res.titanium": "titanium",
    "ares.term.res.cards": "cards",
    "ares.term.res.tr": "TR",
    **{f"ares.term.tag.{t}": t.capitalize() for t in TAGS},
    **{f"ares.term.color.{c}": c for c in COLORS},
    "ares.term.holds.animal": "animals",
    "ares.term.holds.microbe": "microbes",
    "ares.term.holds.science": "science",
}

OPT: dict[str, Entry] = {
    "ares.opt.mode.label": "Mode",
    "ares.opt.mode.help": "Play for yourselves, or two players together against Mars.",
    "ares.opt.mode.choice.standard": "Standard",
    "ares.opt.mode.choice.standard.help": "Every player for themselves; one player plays solo.",
    "ares.opt.mode.choice.coop": "Co-op",
    "ares.opt.mode.choice.coop.help": "Two players share a pool of 27 cubes and 3 markers and win or lose together.",
    "ares.opt.beginner.label": "Learning game",
    "ares.opt.beginner.help": "Beginner corporations and an easy starting hand of 4 beginner cards and 4 others.",
    "ares.opt.promo_projects.label": "Promo projects",
    "ares.opt.promo_projects.help": "Add the 11 Kickstarter promo project cards to the deck.",
    "ares.opt.promo_corporations.label": "Promo corporations",
    "ares.opt.promo_corporations.help": "Add the 6 Kickstarter promo corporations to those dealt.",
    "ares.opt.solo_level.label": "Solo difficulty",
    "ares.opt.solo_level.help": "How much the virtual player helps you terraform.",
    "ares.opt.solo_level.choice.novice": "Novice",
    "ares.opt.solo_level.choice.novice.help": "Each time its marker moves up, temperature or oxygen rises 2 steps.",
    "ares.opt.solo_level.choice.middle": "Middle",
    "ares.opt.solo_level.choice.middle.help": "Each time its marker moves up, temperature or oxygen rises 1 step.",
    "ares.opt.solo_level.choice.expert": "Expert",
    "ares.opt.solo_level.choice.expert.help": "The virtual player raises nothing.",
    "ares.opt.mining_guild.label": "Mining Guild reading",
    "ares.opt.mining_guild.help": "How Mining Guild counts the steel cards you play.",
    "ares.opt.mining_guild.choice.per_card": "1 TR per card",
    "ares.opt.mining_guild.choice.per_card.help": "1 TR for each card you play that gives steel.",
    "ares.opt.mining_guild.choice.per_steel": "1 TR per steel",
    "ares.opt.mining_guild.choice.per_steel.help": "1 TR for each steel such a card gives.",
    "ares.opt.round_limit.label": "Round limit (safety valve)",
    "ares.opt.round_limit.help": "A game that is still going after this round ends and is scored.",
}

OUTCOME: dict[str, Entry] = {
    "ares.outcome.tiebreak.vp": "most VP",
    "ares.outcome.tiebreak.resources": "most heat, plants, M€ and hand cards (at their sell value)",
    "ares.outcome.tiebreak.shared": "a shared win",
    "ares.outcome.tiebreak.terraformed": "Mars was terraformed",
    "ares.outcome.tiebreak.not_terraformed": "Mars was not terraformed",
    "ares.outcome.tiebreak.lost": "the team lost",
    "ares.outcome.detail.breakdown": "VP by source",
    "ares.outcome.detail.tr": "Terraform rating",
    "ares.outcome.detail.forests": "Forests",
    "ares.outcome.detail.cards": "Card VP",
    "ares.outcome.detail.total": "Total",
    "ares.outcome.detail.terraformed": "Mars terraformed",
    "ares.outcome.detail.end": "How the game ended",
    "ares.outcome.detail.together": "VP together",
    "ares.outcome.detail.result": "Result",
    "ares.outcome.result.solo_win": "Mars is terraformed in round {round}: you win ({n} VP)",
    "ares.outcome.result.solo_loss": "Mars is not terraformed after round {round}: you lose ({n} VP)",
    "ares.outcome.result.coop_win": "you win together with {n} VP",
    "ares.outcome.result.coop_loss": "you lose together ({n} VP of {target}; Mars is terraformed)",
    "ares.outcome.result.coop_loss_not_terraformed": "you lose together ({n} VP of {target}; Mars is not terraformed)",
}

SUMMARY: dict[str, Entry] = {
    "ares.summary.mars": "Mars",
    "ares.summary.player": "{seat}",
    "ares.summary.player_corp": "{seat}: {card}",
    "ares.summary.round_phase": "Round {n}, phase {phase}",
    "ares.summary.round_stage": "Round {n} ({stage})",
    "ares.summary.params": "Temperature {temperature} °C ({temperature_zone}), oxygen {oxygen} % ({oxygen_zone}), "
                           "oceans {oceans}/9",
    "ares.summary.piles": "Deck {deck} cards, discard {discard}",
    "ares.summary.virtual_marker": "Virtual player: marker {n}",
    "ares.summary.pool": "Pool: {cubes} cubes, {markers} markers",
    "ares.summary.corp_not_chosen": "Corporation: not chosen yet",
    "ares.summary.corp_chosen": "Corporation: chosen",
    "ares.summary.score": "TR {tr}, forests {forests}, VP so far {vp}",
    "ares.summary.stock": "M€ {mc}, heat {heat}, plants {plants}; steel {steel}, titanium {titanium}",
    "ares.summary.production": "Production: M€ {mc} (+TR {tr}: {payout} M€ a production phase), heat {heat}, "
                               "plants {plants}, cards {cards}",
    "ares.summary.sizes.one_one": "Hand: {hand} card, tableau: {table} card",
    "ares.summary.sizes.one_many": "Hand: {hand} card, tableau: {table} cards",
    "ares.summary.sizes.many_one": "Hand: {hand} cards, tableau: {table} card",
    "ares.summary.sizes.many_many": "Hand: {hand} cards, tableau: {table} cards",
    "ares.summary.phase_chosen": "Phase chosen: {phase}",
    "ares.summary.group.corporation": "Corporation",
    "ares.summary.group.hand": "Hand",
    "ares.summary.group.tableau": "Tableau",
    **{f"ares.summary.holds.{kind}.{form}": "{n} " + (kind if form == "one" or kind == "science" else kind + "s")
       for kind in HELD_KINDS for form in ("one", "many")},
}

# Lists of phases ("Development, Action"), one id per length: the log's round line and the summary's lines.
LIST_HEADS = {
    "ares.log.phases": "Phases this round: ",
    "ares.summary.phases_to_come": "Phases still to come: ",
    "ares.summary.virtual_played": "Virtual player played this cycle: ",
    "ares.summary.virtual_to_come": "Virtual player still to come: ",
    "ares.summary.virtual_to_come_ordered": "Virtual player still to come in this order: ",
}
LISTS: dict[str, Entry] = {
    f"{head}_{n}": words + (", ".join(f"{{p{i}}}" for i in range(1, n + 1)) if n else "none")
    for head, words in LIST_HEADS.items() for n in range(MAX_LIST + 1)}


def _card_entries() -> dict[str, Entry]:
    """Return every card's name and text (colour, cost, tags and rules, as its tooltip shows) from the card data."""
    out: dict[str, Entry] = {}
    for cid in [*projects(), *corporations()]:
        out[f"ares.card.{cid}.name"] = str(card(cid)["name"])
        out[f"ares.card.{cid}.text"] = card_face(cid)
    return out


TABLE: dict[str, Entry] = {**LOG, **LISTS, **ACT, **PROMPT, **TERM, **OPT, **OUTCOME, **SUMMARY, **_card_entries()}


def card_name(cid: str) -> str:
    """Return a card's printed name from its id (the id itself if no card has it)."""
    try:
        return str(card(cid)["name"])
    except KeyError:
        return cid


register_messages(NS, TABLE, game=GAME)
register_card_names(GAME, card_name)


# --- helpers for texts ---------------------------------------------------------------------------------------------

def phase_term(k: int) -> tuple[str, str]:
    """Return the term reference naming a phase (1-5)."""
    return ("term", f"ares.term.phase.{k}")


def phase_list(head: str, phases: list[int]) -> Text:
    """Return a list-of-phases text: ``head`` is one of LIST_HEADS, the id picked by the list's length."""
    return text(f"{head}_{len(phases)}", **{f"p{i}": phase_term(k) for i, k in enumerate(phases, 1)})


def result_text(d: Data, scores: list[int]) -> Text | None:
    """Return the one-line result of a finished solo or co-op game (scoring's ``details["result"]``), else None."""
    if d.get("solo"):
        won = terraformed(d)
        return text("ares.outcome.result.solo_win" if won else "ares.outcome.result.solo_loss", round=d["round"],
                    n=scores[0])
    if d.get("coop"):
        target, total = int(board()["coop"]["target_vp"]), sum(scores)
        if terraformed(d) and total >= target:
            return text("ares.outcome.result.coop_win", n=total)
        return text("ares.outcome.result.coop_loss" if terraformed(d)
                    else "ares.outcome.result.coop_loss_not_terraformed", n=total, target=target)
    return None


# --- the stored log ------------------------------------------------------------------------------------------------

# The English phrases rules.py stores as the ``name`` of some log lines, back to the thing they name.
_PHASE_BY_NAME = {str(board()["phases"][str(k)]): k for k in PHASES}
_STANDARD_BY_PHRASE = {"heat to temperature": "heat_temp", "plants to forest": "plant_forest",
                       "buy temperature": "buy_temp", "buy an ocean": "buy_ocean", "buy a forest": "buy_forest"}
_END_BY_PHRASE = {"Mars is terraformed": "terraformed", "round 25 is over": "round_25",
                  "the pool is empty": "pool_empty", "the round limit is reached": "round_limit"}

# Each template the game stores -> its id; the stored ``name`` argument becomes a term named here.
STORED: dict[str, str] = {
    "Setup for {n} players ({name})": "ares.log.setup",
    "{seat} flips ocean tile {n}": "ares.log.ocean_flip",
    "The virtual player raises the {name}": "ares.log.virtual_raises",
    "{seat} swaps a card with their partner": "ares.log.swap",
    "{seat} plays {card}": "ares.log.play",
    "{seat} uses the action of {card}": "ares.log.use_action",
    "{seat} takes a standard action: {name}": "ares.log.standard",
    "{seat} takes a {name} from the pool": "ares.log.take_pool",
    "{seat} starts with {card}": "ares.log.corporation",
    "The virtual player reveals {name}": "ares.log.virtual_reveals",
    "Phases this round: {name}": "ares.log.phases",
    "Phase {n} begins: {name}": "ares.log.phase_begins",
    "The game ends: {name}": "ares.log.game_ends",
}
_NAME_AS: dict[str, tuple[str, Callable[[str], str]]] = {
    "ares.log.setup": ("mode", lambda v: f"ares.term.mode.{v}"),
    "ares.log.virtual_raises": ("param", lambda v: f"ares.term.param.{v}"),
    "ares.log.standard": ("action", lambda v: f"ares.term.std.{_STANDARD_BY_PHRASE[v]}"),
    "ares.log.take_pool": ("item", lambda v: f"ares.term.pool.{v}"),
    "ares.log.virtual_reveals": ("phase", lambda v: f"ares.term.phase.{_PHASE_BY_NAME[v]}"),
    "ares.log.phase_begins": ("phase", lambda v: f"ares.term.phase.{_PHASE_BY_NAME[v]}"),
    "ares.log.game_ends": ("reason", lambda v: f"ares.term.end.{_END_BY_PHRASE[v]}"),
}
_KIND_OF_STORED = {"seat": "player", "card": "card", "n": "n", "text": "text"}


def log_message(stored: str, args: dict[str, dict[str, Any]]) -> Message:
    """Return one stored log line as a Message with its catalog id and the page's kinds of reference.

    A stored seat becomes a player, a stored English name (a phase, a parameter, a standard action...) a term.

    Raises:
        KeyError: the template or one of its names is not in this table (the coverage test guards this).
    """
    msg_id = STORED[stored]
    refs = {k: next(iter(v.items())) for k, v in args.items()}
    if msg_id == "ares.log.phases":
        names = str(refs["name"][1]).split(", ")
        t = phase_list("ares.log.phases", [_PHASE_BY_NAME[n] for n in names])
        return Message(template(t.id), t.args, id=t.id)
    out: dict[str, tuple[str, Any]] = {}
    for k, (kind, value) in refs.items():
        if k == "name" and msg_id in _NAME_AS:
            field, term = _NAME_AS[msg_id]
            out[field] = ("term", term(value))
        else:
            out[k] = (_KIND_OF_STORED[kind], value)
    t = text(msg_id, **out)
    return Message(template(msg_id), t.args, id=msg_id)


__all__ = ["TABLE", "english", "log_message", "phase_list", "phase_term", "result_text", "text"]
