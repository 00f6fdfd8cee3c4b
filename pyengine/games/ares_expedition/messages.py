"""Ares Expedition's message table: every text the game shows a player, by catalog id (namespace ``ares``).

The words written by hand are in ``locales/en.json`` (a flat id -> ICU message file a translator opens as it is);
the ones made from the game's data (card names and texts, the options of card actions and choices, phase names)
are added here at import. Importing this module registers the table with ``core.text`` (and how to name a card),
so the page and the English renderer can turn any Ares ``Text`` into words. The log is stored in the state as the
English templates ``text.log`` writes (saves and determinism depend on that JSON); ``log_message`` maps each
stored line to its id and typed references here, so the stored state never changes.

>>> english(text("ares.act.sell", card=("card", "comet")))
'Sell Comet'
>>> log_message("{seat} plays {card}", {"seat": {"seat": 1}, "card": {"card": "comet"}}).id
'ares.log.play'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from ...core.api import Message
from ...core.text import Entry, Text, english, load_locale, register_card_names, register_messages, template, text
from .cards import Record, board, card, corporations, projects
from .cardtext import cap, card_face, card_text, option_text
from .model import Data, terraformed

NS = "ares"
GAME = "ares_expedition"
LOCALE_FILE = Path(__file__).parent / "locales" / "en.json"
PHASES = (1, 2, 3, 4, 5)
REWARD_PARTS = ("mc", "plants", "cards")  # the parts of an ocean tile's reward, in the order its words name them


# --- texts for the table block of the view (table_view.py) ---------------------------------------------------------

def reward_key(reward: dict[str, Any]) -> str:
    """Return the catalog key of an ocean reward's shape, e.g. "mc_one.cards_one" for 1 M€ and 1 card."""
    return ".".join(f"{k}_{'one' if reward[k] == 1 else 'many'}" for k in REWARD_PARTS if reward.get(k))


def reward_text(reward: dict[str, Any]) -> Text:
    """Return an ocean tile's reward in words, with its amounts as numbers ("1 M€ and 1 card")."""
    return text(f"ares.table.reward.{reward_key(reward)}",
                **{k: int(reward[k]) for k in REWARD_PARTS if reward.get(k)})


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


# --- the entries made from the data --------------------------------------------------------------------------------

def _card_entries() -> dict[str, Entry]:
    """Return every card's name, its full text (colour, cost, tags and rules, as the popover shows it) and its
    effect text (what a card face prints under its cost, tags and requirement lines), from the card data."""
    out: dict[str, Entry] = {}
    for cid in [*projects(), *corporations()]:
        out[f"ares.card.{cid}.name"] = str(card(cid)["name"])
        out[f"ares.card.{cid}.text"] = card_face(cid)
        out[f"ares.card.{cid}.effect"] = card_text(cid, with_requirements=False)
    return out


def data_entries() -> dict[str, Entry]:
    """Return the entries whose words come from the game's data: the phase names, the options of card actions and
    choices, and every card's name and texts."""
    return {**{f"ares.term.phase.{k}": str(board()["phases"][str(k)]) for k in PHASES}, **_option_entries(),
            **_card_entries()}


WRITTEN: dict[str, Entry] = load_locale(LOCALE_FILE)
"""The locale file's entries: every message written by hand (the data gives the rest, ``data_entries``)."""


@cache
def table() -> dict[str, Entry]:
    """Return the whole table: the locale file's entries and those made from the data (no id in both: the tests
    check it). The entries from the data are registered when first needed (``core.text``'s ``derived``)."""
    return {**WRITTEN, **data_entries()}


def card_name(cid: str) -> str:
    """Return a card's printed name from its id (the id itself if no card has it)."""
    try:
        return str(card(cid)["name"])
    except KeyError:
        return cid


register_messages(NS, WRITTEN, game=GAME, derived=data_entries)
register_card_names(GAME, card_name)


# --- helpers for texts ---------------------------------------------------------------------------------------------

def phase_term(k: int) -> tuple[str, str]:
    """Return the term reference naming a phase (1-5)."""
    return ("term", f"ares.term.phase.{k}")


def phase_list(head: str, phases: list[int]) -> Text:
    """Return a list-of-phases text ("Development, Action"): ``head`` is the id of the list without its length
    (``ares.log.phases``, ``ares.summary.phases_to_come``, ``ares.summary.virtual_played``, ...), one id per length
    from 0 to 5."""
    return text(f"{head}_{len(phases)}", **{f"p{i}": phase_term(k) for i, k in enumerate(phases, 1)})


def result_text(d: Data, scores: list[int]) -> Text | None:
    """Return the one-line result of a finished solo or co-op game (scoring's ``details["result"]``), else None."""
    if d.get("solo"):
        key = ("ares.outcome.result.solo_loss" if not terraformed(d) else "ares.outcome.result.solo_win_early"
               if d.get("over") == "terraformed" else "ares.outcome.result.solo_win")
        return text(key, round=d["round"], n=scores[0])
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
    "Round {n} begins": "ares.log.round",
    "{seat} raises the temperature to {n} °C and gains 1 TR": "ares.log.temperature",
    "{seat} raises the oxygen to {n}% and gains 1 TR": "ares.log.oxygen",
    "{seat} raises the {name} again in the phase it reached its maximum and gains 1 TR": "ares.log.param_again",
    "{seat} flips ocean {n}, gaining {mc} M€, {plants} plants, {drawn} cards and 1 TR": "ares.log.ocean",
    "{seat} takes the reward of ocean {n} again, gaining {mc} M€, {plants} plants, {drawn} cards and 1 TR":
        "ares.log.ocean_again",
    "The virtual player raises the temperature to {n} °C": "ares.log.virtual_temperature",
    "The virtual player raises the oxygen to {n}%": "ares.log.virtual_oxygen",
    "{seat} gains {n} TR": "ares.log.tr",
    "{seat} pays {n} TR": "ares.log.tr_pay",
    "{seat} gains a forest": "ares.log.forest",
    "{seat} gains {n} M€ from {card}": "ares.log.gain_mc_from",
    "{seat} gains {n} heat from {card}": "ares.log.gain_heat_from",
    "{seat} gains {n} plants from {card}": "ares.log.gain_plants_from",
    "{seat} raises their M€ production by {n}": "ares.log.prod_mc",
    "{seat} raises their heat production by {n}": "ares.log.prod_heat",
    "{seat} raises their plant production by {n}": "ares.log.prod_plants",
    "{seat} raises their card production by {n}": "ares.log.prod_cards",
    "{seat} gains {n} steel": "ares.log.steel",
    "{seat} gains {n} titanium": "ares.log.titanium",
    "{seat} produces {mc} M€, {heat} heat, {plants} plants and {drawn} cards": "ares.log.income",
    "{seat} sells a card for {n} M€": "ares.log.sell",
    "{seat} discards a card down to the hand limit and gains {n} M€": "ares.log.hand_limit",
    "{seat} draws a card as the Construction bonus": "ares.log.bonus_draw",
    "{seat} draws {n} cards": "ares.log.draw",
    "{seat} draws {n} cards in the Research phase and keeps {keep}": "ares.log.research",
}
LEGACY: frozenset[str] = frozenset({"{seat} flips ocean tile {n}", "The virtual player raises the {name}"})
"""The stored templates the rules no longer write (the ocean and virtual-player lines now name the new value), kept
so that a state stored with them still reads."""
LOG: dict[str, Entry] = {msg_id: WRITTEN[msg_id] for msg_id in STORED.values() if msg_id in WRITTEN}
"""The log lines' entries, by id (the round's list of phases is ``phase_list``'s, one id per length)."""
_NAME_AS: dict[str, tuple[str, Callable[[str], str]]] = {
    "ares.log.setup": ("mode", lambda v: f"ares.term.mode.{v}"),
    "ares.log.virtual_raises": ("param", lambda v: f"ares.term.param.{v}"),
    "ares.log.param_again": ("param", lambda v: f"ares.term.param.{v}"),
    "ares.log.standard": ("action", lambda v: f"ares.term.std.{_STANDARD_BY_PHRASE[v]}"),
    "ares.log.take_pool": ("item", lambda v: f"ares.term.pool.{v}"),
    "ares.log.virtual_reveals": ("phase", lambda v: f"ares.term.phase.{_PHASE_BY_NAME[v]}"),
    "ares.log.phase_begins": ("phase", lambda v: f"ares.term.phase.{_PHASE_BY_NAME[v]}"),
    "ares.log.game_ends": ("reason", lambda v: f"ares.term.end.{_END_BY_PHRASE[v]}"),
}
_KIND_OF_STORED = {"seat": "player", "card": "card", "n": "n", "text": "text"}
HEADER_KIND: dict[str, str] = {"ares.log.round": "round", "ares.log.phase_begins": "phase"}
"""The log lines that open a part of the game, by id: their ``Message.kind`` (the page draws them as separators)."""
_REWARD_LINES = ("ares.log.ocean", "ares.log.ocean_again")
"""The lines that store an ocean's reward as its numbers (mc, plants, drawn) and show it in words (``reward``)."""


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
    if msg_id in _REWARD_LINES:
        reward = {"mc": refs.pop("mc")[1], "plants": refs.pop("plants")[1], "cards": refs.pop("drawn")[1]}
        refs["reward"] = ("msg", reward_text(reward).to_json())
    elif msg_id == "ares.log.ocean_flip":
        refs.pop("n", None)  # the old line's number was the tile's place in the pile, not its slot on the table
    out: dict[str, tuple[str, Any]] = {}
    for k, (kind, value) in refs.items():
        if k == "name" and msg_id in _NAME_AS:
            field, term = _NAME_AS[msg_id]
            out[field] = ("term", term(value))
        else:
            out[k] = (kind if kind == "msg" else _KIND_OF_STORED[kind], value)
    t = text(msg_id, **out)
    return Message(template(msg_id), t.args, id=msg_id, kind=HEADER_KIND.get(msg_id))


__all__ = ["WRITTEN", "english", "log_message", "phase_list", "phase_term", "result_text", "text"]
