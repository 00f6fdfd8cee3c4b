"""Jump Drive's message table: every log line, label, prompt, term, option word and card text the page shows.

Importing this module registers the table under the namespace ``jd`` (see ``core/text.py``). The rules keep
storing their log as English templates with JSON refs (the state JSON never changes); ``log_message`` turns one
stored line into a ``Message`` with its catalog id and the page's reference kinds.

>>> from pyengine.core.text import english, text
>>> english(text("jd.log.pays", player=("player", 1), n=2))
'Player 2 pays 2 cards'
>>> log_message("{player} pays {n} cards", {"player": {"player": 0}, "n": {"n": 1}}, None).id
'jd.log.pays_one'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import Message
from ...core.text import REF_KINDS, Entry, register_card_names, register_messages
from .campaign import conditions
from .cards import card_types, instance_type

NS = "jd"
GAME_ID = "jump_drive"

# --- log lines ----------------------------------------------------------------------------------------------
# (slug, the template the rules store in the state, the catalog entry). A line whose subject is a player is a
# pair (third person, second person); the page uses the second form when that player is the viewer.
LOG: tuple[tuple[str, str, Entry], ...] = (
    ("dealt", "Each player is dealt 7 cards and keeps 5", "Each player is dealt 7 cards and keeps 5"),
    ("keeps", "{player} keeps 5 cards and discards 2",
     ("{player} keeps 5 cards and discards 2", "You keep 5 cards and discard 2")),
    ("round_begins", "Round {n} begins", "Round {n} begins"),
    ("round_limit", "Round limit: round {n} is the last round", "Round limit: round {n} is the last round"),
    ("explores", "{player} explores: draws {n} cards, then discards {m}",
     ("{player} explores: draws {n} cards, then discards {m}", "You explore: draw {n} cards, then discard {m}")),
    ("drew", "You drew {cards}", "You drew {cards}"),
    ("convoy_discard", "{player} discards {card} from their empire to place a second world",
     ("{player} discards {card} from their empire to place a second world",
      "You discard {card} from your empire to place a second world")),
    ("places", "{player} places {card}", ("{player} places {card}", "You place {card}")),
    ("conquers", "{player} conquers {card}", ("{player} conquers {card}", "You conquer {card}")),
    ("places_contact", "{player} places (Contact Specialist) {card}",
     ("{player} places {card} via Contact Specialist", "You place {card} via Contact Specialist")),
    ("pays", "{player} pays {n} cards", ("{player} pays {n} cards", "You pay {n} cards")),
    ("world_draw", "{player} draws 1 card for placing a world alone",
     ("{player} draws 1 card for placing a world alone", "You draw 1 card for placing a world alone")),
    ("propaganda_imaginary", "{card} moves to the imaginary empire (military {n})",
     "{card} moves to the imaginary empire (military {n})"),
    ("propaganda_moves", "{card} moves to {player}, who has the most military",
     "{card} moves to {player} (the most military)"),
    ("scores", "{player} scores {n} VP (total {m})",
     ("{player} scores {n} VP (total {m})", "You score {n} VP (total {m})")),
    ("income", "{player} takes {n} cards of income",
     ("{player} takes {n} cards of income", "You take {n} cards of income")),
    ("hand_limit", "{player} must discard {n} cards down to the hand limit",
     ("{player} must discard {n} cards down to the hand limit",
      "You must discard {n} cards down to the hand limit")),
    ("deck_empty", "The deck and the discard pile are empty: {player} draws no more cards",
     "The deck and the discard pile are empty: no more cards for {player}"),
    ("reshuffle", "The deck ran out: the discard pile ({n} cards) is shuffled into a new deck",
     "The deck ran out: the discard pile ({n} cards) is shuffled into a new deck"),
    ("conditions_met", "Victory conditions met: choose one to tick off",
     "Victory conditions met: choose one to tick off"),
    ("ticks", "{player} ticks off the victory condition {text}",
     ("{player} ticks off the victory condition {condition}", "You tick off the victory condition {condition}")),
    ("game_ends", "The game ends", "The game ends"),
)

# The singular forms of lines whose {n} may be 1 (used instead when n == 1).
LOG_ONE: dict[str, Entry] = {
    "pays": ("{player} pays {n} card", "You pay {n} card"),
    "income": ("{player} takes {n} card of income", "You take {n} card of income"),
    "hand_limit": ("{player} must discard {n} card down to the hand limit",
                   "You must discard {n} card down to the hand limit"),
    "reshuffle": "The deck ran out: the discard pile ({n} card) is shuffled into a new deck",
}

# Stored arguments the page cannot show as they are: (slug, stored name) -> (new name, term kind).
_TERM_ARGS: dict[tuple[str, str], tuple[str, str]] = {("ticks", "text"): ("condition", "condition")}

# --- action labels and decision prompts ----------------------------------------------------------------------
ACTIONS: dict[str, str] = {
    "explore": "Explore: draw {n}, then discard {m}",
    "keep": "Keep 5, discard {first} and {second}",
    "pay": "Pay with {card}",
    "discard_explore": "Discard (explore) {card}",
    "discard_hand_limit": "Discard (hand limit) {card}",
    "score_against": "Score {card} against {seat}'s empire ({n} VP)",
    "tick": "Tick off {condition}: {condition_text}",
}

# Why a hand card cannot be placed now (the table's hand notes; view.py's hand_info "reason").
UNPLAYABLE: dict[str, str] = {
    "military": "needs {need} military (you have {have})",
    "not_allowed": "cannot be placed now: one per empire, or Trade Pact needs 0 military or a Contact Specialist",
    "cost": "costs {n}, and you would have only {m} other cards",
}

_WORLD_PART = {"settle": "Settle {world}", "conquer": "Conquer {world}",
               "contact": "Settle {world} via Contact Specialist"}
_SECOND_PART = {"settle": "settle {second} by Convoy", "conquer": "conquer {second} by Convoy"}


def place_slug(dev: bool, world: str | None, second: str | None) -> str:
    """Return the id slug of a placement label: what is placed and how (e.g. 'dev_conquer_convoy_conquer')."""
    parts = (["dev"] if dev else []) + ([world] if world else []) + (["convoy", second] if second else [])
    return "_".join(parts)


def _place_labels() -> dict[str, str]:
    """Return every placement label: a development, a world (settled, conquered or via Contact), a convoy world."""
    out: dict[str, str] = {"dev": "Develop {dev} (pay {n})"}
    for dev in (False, True):
        for world, wpart in _WORLD_PART.items():
            for second in (None, *_SECOND_PART):
                parts = (["Develop {dev}"] if dev else []) + [wpart] + (
                    [_SECOND_PART[second]] if second else [])
                out[place_slug(dev, world, second)] = " + ".join(parts) + " (pay {n})"
    return out


PROMPTS: dict[str, str] = {
    "opening": "Choose 2 of your 7 cards to discard; you keep 5",
    "plan": "Round {n}: place a development, a world, both, or explore",
    "pay": "Pay: discard {n} more card(s) from your hand",
    "explore": "Explore: discard {n} more card(s) from your hand",
    "hand_limit": "Hand limit: discard {n} more card(s)",
    "score_choice": "Choose the other empire that your {card} counts",
    "campaign_tick": "Choose the victory condition to tick off",
}

# --- game terms ----------------------------------------------------------------------------------------------
TERMS: dict[str, dict[str, str]] = {
    "phase": {"opening": "Opening: keep 5 of 7", "plan": "Choose what to place", "pay": "Reveal and pay",
              "hand_limit": "Hand limit", "score_choice": "Scoring choices", "campaign_tick": "Campaign",
              "over": "Game over"},
    "status": {"choosing": "choosing", "ready": "ready", "paying": "paying", "waiting": "waiting", "done": "done"},
    "owe_reason": {"pay": "Pay", "explore": "Explore discard", "hand_limit": "Hand limit discard"},
    "how": {"pay": "settled", "conquer": "conquered", "contact": "placed via Contact Specialist"},
    "card_type": {"world": "world", "development": "development"},
    "color": {"blue": "blue", "brown": "brown", "green": "green", "yellow": "yellow", "gray": "grey"},
    "icon": {"explore": "explore", "military": "military", "chromosome": "chromosome"},
    "stat": {"vp": "VP", "vp_rate": "VP/round", "income": "Income", "military": "Military", "eyes": "Eyes",
             "hand": "Hand", "owes": "Owes", "round": "Round", "deck": "Deck", "discard": "Discard pile",
             "survey_team_used": "Survey Team used", "developments": "Developments", "worlds": "Worlds",
             "vp_breakdown": "VP by card", "base": "Printed VP", "bonus": "Bonus VP", "hand_new": "New"},
    "stat_help": {"vp": "Victory points so far", "vp_rate": "VP this empire scores each round",
                  "income": "Cards drawn at income time",
                  "military": "Military: conquers worlds with defense up to this",
                  "eyes": "Explore icons in the empire", "hand": "Cards in hand",
                  "owes": "Cards still to discard", "round": "The current round",
                  "deck": "Cards left in the deck", "discard": "Cards in the discard pile",
                  "survey_team_used": "This player has used their Survey Team",
                  "developments": "Developments in the empire", "worlds": "Worlds in the empire",
                  "vp_breakdown": "What each card has scored so far",
                  "base": "The VP printed on the card, each round", "bonus": "The VP its bonus terms added",
                  "hand_new": "Drawn last round or this round"},
    "empire": {"imaginary": "Imaginary empire"},
}

# --- game info words: options, tie-breaks, score details -----------------------------------------------------
OPTIONS: dict[str, tuple[str, str]] = {
    "campaign": ("Solo campaign game",
                 "Solitaire only: win by meeting a victory condition not used in an earlier campaign game."),
    "campaign_used": ("Campaign conditions already used",
                      "The victory conditions ticked off in earlier games of this campaign."),
    "solo_target": ("Solitaire target VP", "Plain solitaire is won by reaching this many VP in 7 rounds."),
    "contact_discounts": ("Discounts apply to Contact Specialist",
                          "Your world discounts also lower a military world paid for via Contact Specialist."),
    "convoy_world_draw": ("Draw 1 after two worlds",
                          "Placing two worlds by Convoy, and no development, still draws 1 card."),
    "round_limit": ("Round limit (safety valve)",
                    "If nobody has 50 VP after this round's scoring, the game ends there (stops stalled games)."),
}

TIEBREAKS: dict[str, str] = {
    "vp": "most VP",
    "cards_in_hand": "most cards in hand (tied on VP)",
    "income": "highest income (tied on VP and cards in hand)",
    "shared": "a shared win (tied on VP, cards in hand and income)",
    "solo": "the solitaire goal: the target VP, or in a campaign a victory condition not used before",
}

DETAILS: dict[str, str] = {
    "cards_in_hand": "Cards in hand",
    "income": "Income",
    "rounds": "Rounds played",
    "target": "Target VP",
    "campaign": "Campaign",
    "used_before": "Conditions used before",
    "ticked": "Condition ticked off",
    "round_limit": "Round limit that ended the game",
}


def card_name(card: str) -> str:
    """Return the printed name of a card from its type id or instance id (``survey`` is the Survey Team)."""
    types = card_types()
    if card in types:
        return types[card].name
    if card == "survey":
        return types["survey_team"].name
    try:
        return instance_type(card).name
    except KeyError:
        return card


def _entries(kind: str, table: Mapping[str, Entry]) -> dict[str, Entry]:
    """Return a sub-table with its ids prefixed by ``jd.<kind>.``."""
    return {f"{NS}.{kind}.{key}": entry for key, entry in table.items()}


def build_table() -> dict[str, Entry]:
    """Return Jump Drive's whole message table (log, labels, prompts, terms, options, outcome words, cards)."""
    table: dict[str, Entry] = {}
    table.update(_entries("log", {slug: entry for slug, _, entry in LOG}))
    table.update(_entries("log", {f"{slug}_one": entry for slug, entry in LOG_ONE.items()}))
    table.update(_entries("act", ACTIONS))
    table.update(_entries("act.place", _place_labels()))
    table.update(_entries("act.unplayable", UNPLAYABLE))
    table.update(_entries("prompt", PROMPTS))
    for kind, words in TERMS.items():
        table.update(_entries(f"term.{kind}", words))
    conds = conditions()
    table.update(_entries("term.condition", {c["id"]: c["name"] for c in conds}))
    table.update(_entries("term.condition_text", {c["id"]: c["text"] for c in conds}))
    for name, (label, help_text) in OPTIONS.items():
        table[f"{NS}.opt.{name}.label"] = label
        table[f"{NS}.opt.{name}.help"] = help_text
    for c in conds:
        table[f"{NS}.opt.campaign_used.choice.{c['id']}"] = c["name"]
        table[f"{NS}.opt.campaign_used.choice.{c['id']}.help"] = c["text"]
    table.update(_entries("outcome.tiebreak", TIEBREAKS))
    table.update(_entries("outcome.detail", DETAILS))
    for ct in card_types().values():
        table[f"{NS}.card.{ct.id}.name"] = ct.name
        table[f"{NS}.card.{ct.id}.text"] = ct.text
    return table


TABLE = build_table()

# The stored template -> its slug (for the log).
_SLUG_OF: dict[str, str] = {stored: slug for slug, stored, _ in LOG}


def term_id(kind: str, key: str) -> str:
    """Return the catalog id of a game term, e.g. ``jd.term.condition.magnate``."""
    return f"{NS}.term.{kind}.{key}"


def stored_templates() -> tuple[str, ...]:
    """Return every log template the rules may store (the keys ``log_message`` knows)."""
    return tuple(_SLUG_OF)


def _template(entry: Entry) -> str:
    """Return the third-person (or only) template of an entry."""
    return entry[0] if isinstance(entry, tuple) else entry


def log_message(stored: str, args: Mapping[str, Mapping[str, Any]], visible_to: list[int] | None) -> Message:
    """Return one stored log line as a Message: its catalog id, template and page references.

    A line no table entry knows keeps its stored template and has no id.
    """
    vis = None if visible_to is None else tuple(visible_to)
    slug = _SLUG_OF.get(stored)
    refs: list[tuple[str, tuple[str, Any]]] = []
    for name, ref in args.items():
        kind, value = next(iter(ref.items()))
        renamed = _TERM_ARGS.get((slug or "", name))
        if renamed is not None:
            refs.append((renamed[0], ("term", term_id(renamed[1], str(value)))))
        else:
            refs.append((name, (kind if kind in REF_KINDS else "text", value)))
    if slug is None:
        return Message(stored, tuple(refs), vis)
    if slug in LOG_ONE and dict(refs).get("n") == ("n", 1):
        return Message(_template(LOG_ONE[slug]), tuple(refs), vis, f"{NS}.log.{slug}_one")
    msg_id = f"{NS}.log.{slug}"
    return Message(_template(TABLE[msg_id]), tuple(refs), vis, msg_id)


register_messages(NS, TABLE, game=GAME_ID)
register_card_names(GAME_ID, card_name)
