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
from .cards import COLORS, TAGS, Record, board, card, corporations, projects
from .cardtext import cap, card_face, card_text, option_text
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
    "ares.opt.coop_early_end.label": "Co-op: end as soon as Mars is terraformed",
    "ares.opt.coop_early_end.help": "Off: play on until the pool is empty (15 rounds). On: stop once Mars is "
                                    "terraformed.",
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


# --- the table block of the view (table_view.py) -----------------------------------------------------------------

_PB = board()["phase_bonus"]
REWARD_PARTS = ("mc", "plants", "cards")
_REWARD_WORDS = {"mc": ("{mc} M€", "{mc} M€"), "plants": ("{plants} plant", "{plants} plants"),
                 "cards": ("{cards} card", "{cards} cards")}


def reward_key(reward: dict[str, Any]) -> str:
    """Return the catalog key of an ocean reward's shape, e.g. "mc_one.cards_one" for 1 M€ and 1 card."""
    return ".".join(f"{k}_{'one' if reward[k] == 1 else 'many'}" for k in REWARD_PARTS if reward.get(k))


def reward_text(reward: dict[str, Any]) -> Text:
    """Return an ocean tile's reward in words, with its amounts as numbers ("1 M€ and 1 card")."""
    return text(f"ares.table.reward.{reward_key(reward)}",
                **{k: int(reward[k]) for k in REWARD_PARTS if reward.get(k)})


def _reward_entries() -> dict[str, Entry]:
    """Return a template for every shape of ocean reward on the board (amounts stay arguments)."""
    out: dict[str, Entry] = {}
    for reward in board()["oceans"]:
        words = [_REWARD_WORDS[k][0 if reward[k] == 1 else 1] for k in REWARD_PARTS if reward.get(k)]
        out[f"ares.table.reward.{reward_key(reward)}"] = " and ".join(words)
    return out


def _choose_ops(value: Any) -> list[Record]:
    """Return every "choose" op inside a card record, in a fixed walk order (keys in the record's order)."""
    out: list[Record] = []
    if isinstance(value, dict):
        if value.get("op") == "choose":
            out.append(value)
        for v in value.values():
            out += _choose_ops(v)
    elif isinstance(value, list):
        for v in value:
            out += _choose_ops(v)
    return out


def _option_words(option: Record) -> str:
    """Return an option of a choice or a card action in words (an option with no op is the "no" of a choice)."""
    return cap(option_text(option)) if option["do"] or option.get("cost") else "No, thanks"


def _option_entries() -> dict[str, Entry]:
    """Return the words of every card-action option and of every option of a card's choices."""
    out: dict[str, Entry] = {}
    for cid in [*projects(), *corporations()]:
        rec = card(cid)
        for k, option in enumerate(rec.get("action", ()), 1):
            out[f"ares.option.{cid}.action.{k}"] = _option_words(option)
        for j, op in enumerate(_choose_ops({k: v for k, v in rec.items() if k != "action"})):
            for k, option in enumerate(op["options"], 1):
                out[f"ares.option.{cid}.choose{j}.{k}"] = _option_words(option)
    return out


def action_option_text(cid: str, k: int) -> Text:
    """Return the words of option k (from 1) of a card's action."""
    return text(f"ares.option.{cid}.action.{k}")


def choice_option_text(cid: str | None, op: Record, k: int) -> Text | None:
    """Return the words of option k (from 1) of a choice a card's effect asks, or None if it is not a card's."""
    if cid is None:
        return None
    rec = card(cid)
    for j, candidate in enumerate(_choose_ops({key: v for key, v in rec.items() if key != "action"})):
        if candidate == op:
            return text(f"ares.option.{cid}.choose{j}.{k}")
    return None


_PER_WORDS = {"forests": ("forest", "forests"), "cards_played": ("card you have played", "cards you have played"),
              "blue_cards": ("blue card you have", "blue cards you have"), "steel": ("steel", "steel"),
              "titanium": ("titanium", "titanium"), "here.animal": ("animal on it", "animals on it"),
              "here.microbe": ("microbe on it", "microbes on it"),
              "here.science": ("science resource on it", "science resources on it"),
              **{f"tag.{t}": (f"{t.capitalize()} tag you have", f"{t.capitalize()} tags you have") for t in TAGS}}

TABLE_VIEW: dict[str, Entry] = {
    "ares.table.phase.1.all": "Everybody may play 1 green card.",
    "ares.table.phase.1.bonus": "The green card you play costs {n} M€ less.",
    "ares.table.phase.2.all": "Everybody may play 1 blue or red card.",
    "ares.table.phase.2.bonus": "Draw 1 card, or play 1 more blue or red card.",
    "ares.table.phase.3.all": "Everybody may use each card action once and take any standard actions.",
    "ares.table.phase.3.bonus": "Use one card's action a second time.",
    "ares.table.phase.4.all": "Everybody gains M€ (TR plus M€ production), heat, plants and cards.",
    "ares.table.phase.4.bonus": "Gain {n} M€ more.",
    "ares.table.phase.5.all": "Everybody draws {draw} cards and keeps {keep}.",
    "ares.table.phase.5.bonus": "Draw {draw} more cards and keep {keep} more.",
    "ares.table.last_reason": "You chose it last round",
    **_reward_entries(),
    "ares.table.req.temperature.min": "Temperature {zone} or warmer",
    "ares.table.req.temperature.max": "Temperature {zone} or colder",
    "ares.table.req.oxygen.min": "Oxygen {zone} or higher",
    "ares.table.req.oxygen.max": "Oxygen {zone} or lower",
    "ares.table.req.oceans.min": "At least {n} oceans flipped",
    "ares.table.req.oceans.max": "At most {n} oceans flipped",
    "ares.table.req.tags.one": "{n} {tag} tag",
    "ares.table.req.tags.many": "{n} {tag} tags",
    "ares.table.req.tr": "TR {n} or more",
    "ares.table.req.spend.tr": "Spend {n} TR",
    "ares.table.req.spend.heat": "Spend {n} heat",
    "ares.table.req.spend.plants.one": "Spend {n} plant",
    "ares.table.req.spend.plants.many": "Spend {n} plants",
    "ares.table.now.zone": "now {zone}",
    "ares.table.now.n": "now {n}",
    "ares.table.now.have": "you have {n}",
    "ares.table.reason.req.temperature.min": "Needs temperature {zone} or warmer (now {now})",
    "ares.table.reason.req.temperature.max": "Needs temperature {zone} or colder (now {now})",
    "ares.table.reason.req.oxygen.min": "Needs oxygen {zone} or higher (now {now})",
    "ares.table.reason.req.oxygen.max": "Needs oxygen {zone} or lower (now {now})",
    "ares.table.reason.req.oceans.min": "Needs at least {n} oceans flipped (now {now})",
    "ares.table.reason.req.oceans.max": "Needs at most {n} oceans flipped (now {now})",
    "ares.table.reason.req.tags.one": "Needs {n} {tag} tag (you have {have})",
    "ares.table.reason.req.tags.many": "Needs {n} {tag} tags (you have {have})",
    "ares.table.reason.req.tr": "Needs TR {n} (you have {have})",
    "ares.table.reason.req.spend.tr": "Needs {n} TR to spend (you have {have})",
    "ares.table.reason.req.spend.heat": "Needs {n} heat to spend (you have {have})",
    "ares.table.reason.req.spend.plants.one": "Needs {n} plant to spend (you have {have})",
    "ares.table.reason.req.spend.plants.many": "Needs {n} plants to spend (you have {have})",
    "ares.table.reason.money": "Costs {n} M€, you have {have}",
    "ares.table.reason.money_heat": "Costs {n} M€, you have {have} in M€ and heat",
    "ares.table.reason.cannot_pay": "You cannot pay all of its costs now",
    "ares.table.reason.wrong_phase.green": "Not now: green cards are played in the {phase} phase",
    "ares.table.reason.wrong_phase.blue": "Not now: blue cards are played in the {phase} phase",
    "ares.table.reason.wrong_phase.red": "Not now: red cards are played in the {phase} phase",
    "ares.table.reason.played.green": "You have already played your green card this phase",
    "ares.table.reason.played.blue": "You have already played your blue or red card this phase",
    "ares.table.reason.played.red": "You have already played your blue or red card this phase",
    "ares.table.reason.done": "You have finished this phase",
    "ares.table.reason.turn": "Wait for your turn: {seat} is playing",
    "ares.table.reason.waiting": "Wait for the other players",
    "ares.table.reason.question": "Answer the question first",
    "ares.table.reason.not_this_card": "The effect you are resolving cannot play this card",
    "ares.table.reason.over": "The game is over",
    "ares.table.reason.std.phase": "Standard actions are taken in the {phase} phase",
    "ares.table.reason.std.maxed.temperature": "The temperature is at its maximum",
    "ares.table.reason.std.maxed.ocean": "All 9 oceans are flipped",
    "ares.table.reason.std.heat": "Needs {n} heat, you have {have}",
    "ares.table.reason.std.plants": "Needs {n} plants, you have {have}",
    "ares.table.discount.card": "{card}",
    "ares.table.discount.steel": "{count} steel \u00d7 {each}",
    "ares.table.discount.titanium": "{count} titanium \u00d7 {each}",
    "ares.table.discount.development": "Development bonus",
    "ares.table.discount.next": "Discount on your next card this phase",
    "ares.table.discount.pay_option": "Using {card}",
    "ares.table.vp.per.one": "1 VP per {what}",
    "ares.table.vp.per.many": "1 VP per {n} {what}",
    **{f"ares.term.per.{k}.{form}": words[i] for k, words in _PER_WORDS.items()
       for i, form in enumerate(("one", "many"))},
    "ares.table.forced.heat": "Before you finish, spend {n} heat to raise the temperature (it is not at its maximum)",
    "ares.table.forced.plants": "Before you finish, turn {n} plants into a forest (oxygen is not at its maximum)",
    "ares.table.forced.both": "Before you finish, spend {heat} heat on the temperature and {plants} plants on a "
                              "forest (neither is at its maximum)",
    "ares.table.solo.next_raise.one": "After round {round} the virtual marker moves to {marker}: raise "
                                      "temperature or oxygen {n} step (no TR)",
    "ares.table.solo.next_raise.many": "After round {round} the virtual marker moves to {marker}: raise "
                                       "temperature or oxygen {n} steps (no TR)",
    "ares.table.solo.next_raise.none": "After round {round} the virtual marker moves to {marker} (nothing rises "
                                       "at expert level)",
    "ares.table.solo.last_rounds": "The last rounds follow the order you chose; the game ends after round {round}",
    **_option_entries(),
}


def _card_entries() -> dict[str, Entry]:
    """Return every card's name, its full text (colour, cost, tags and rules, as the popover shows it) and its
    effect text (what a card face prints under its cost, tags and requirement lines), from the card data."""
    out: dict[str, Entry] = {}
    for cid in [*projects(), *corporations()]:
        out[f"ares.card.{cid}.name"] = str(card(cid)["name"])
        out[f"ares.card.{cid}.text"] = card_face(cid)
        out[f"ares.card.{cid}.effect"] = card_text(cid, with_requirements=False)
    return out


TABLE: dict[str, Entry] = {**LOG, **LISTS, **ACT, **PROMPT, **TERM, **OPT, **OUTCOME, **SUMMARY, **TABLE_VIEW,
                           **_card_entries()}


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
