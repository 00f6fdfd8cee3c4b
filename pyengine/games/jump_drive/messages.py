"""Jump Drive's message table: every log line, label, prompt, term, option word and card text the page shows.

The words written by hand are in ``locales/en.json`` (a flat id -> ICU message file a translator opens as it is);
the ones made from the game's data (card names and texts, campaign conditions) are added here at import. Importing
this module registers the table under the namespace ``jd`` (see ``core/text.py``). The rules keep storing their log
as English templates with JSON refs (the state JSON never changes); ``log_message`` turns one stored line into a
``Message`` with its catalog id and the page's reference kinds.

>>> from pyengine.core.text import english, text
>>> english(text("jd.log.pays", player=("player", 1), n=2))
'Player 2 pays 2 cards'
>>> log_message("{player} pays {n} cards", {"player": {"player": 0}, "n": {"n": 1}}, None).id
'jd.log.pays_one'
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.api import Message
from ...core.text import REF_KINDS, Entry, load_locale, register_card_names, register_messages
from .campaign import conditions
from .cards import card_types, instance_type

NS = "jd"
GAME_ID = "jump_drive"
LOCALE_FILE = Path(__file__).parent / "locales" / "en.json"

# --- log lines ----------------------------------------------------------------------------------------------
# (slug, the template the rules store in the state). The line's words are the catalog entry ``jd.log.<slug>``
# (locales/en.json); a line whose subject is a player has a second-person form there too.
LOG: tuple[tuple[str, str], ...] = (
    ("dealt", "Each player is dealt 7 cards and keeps 5"),
    ("keeps", "{player} keeps 5 cards and discards 2"),
    ("round_begins", "Round {n} begins"),
    ("round_limit", "Round limit: round {n} is the last round"),
    ("explores", "{player} explores: draws {n} cards, then discards {m}"),
    ("drew", "You drew {cards}"),
    ("convoy_discard", "{player} discards {card} from their empire to place a second world"),
    ("places", "{player} places {card}"),
    ("conquers", "{player} conquers {card}"),
    ("places_contact", "{player} places (Contact Specialist) {card}"),
    ("pays", "{player} pays {n} cards"),
    ("world_draw", "{player} draws 1 card for placing a world alone"),
    ("propaganda_imaginary", "{card} moves to the imaginary empire (military {n})"),
    ("propaganda_moves", "{card} moves to {player}, who has the most military"),
    ("scores", "{player} scores {n} VP (total {m})"),
    ("income", "{player} takes {n} cards of income"),
    ("hand_limit", "{player} must discard {n} cards down to the hand limit"),
    ("deck_empty", "The deck and the discard pile are empty: {player} draws no more cards"),
    ("reshuffle", "The deck ran out: the discard pile ({n} cards) is shuffled into a new deck"),
    ("conditions_met", "Victory conditions met: choose one to tick off"),
    ("ticks", "{player} ticks off the victory condition {text}"),
    ("game_ends", "The game ends"),
)

# The lines whose {n} may be 1: their singular form ``jd.log.<slug>_one`` is used instead when n == 1.
LOG_ONE: tuple[str, ...] = ("pays", "income", "hand_limit", "reshuffle")

# The log lines that open a part of the game, by slug: their ``Message.kind`` (the page draws them as separators).
HEADER_KIND: dict[str, str] = {"round_begins": "round"}

# Stored arguments the page cannot show as they are: (slug, stored name) -> (new name, term kind).
_TERM_ARGS: dict[tuple[str, str], tuple[str, str]] = {("ticks", "text"): ("condition", "condition")}


def place_slug(dev: bool, world: str | None, second: str | None) -> str:
    """Return the id slug of a placement label: what is placed and how (e.g. 'dev_conquer_convoy_conquer')."""
    parts = (["dev"] if dev else []) + ([world] if world else []) + (["convoy", second] if second else [])
    return "_".join(parts)


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


def data_entries() -> dict[str, Entry]:
    """Return the entries whose words come from the game's data: campaign conditions (as terms and as choices of
    the ``campaign_used`` option) and every card's name and text. (The lines of each card's face are made from the
    data too, by table_view.py, which registers them with the table view.)"""
    out: dict[str, Entry] = {}
    for c in conditions():
        out[f"{NS}.term.condition.{c['id']}"] = c["name"]
        out[f"{NS}.term.condition_text.{c['id']}"] = c["text"]
        out[f"{NS}.opt.campaign_used.choice.{c['id']}"] = c["name"]
        out[f"{NS}.opt.campaign_used.choice.{c['id']}.help"] = c["text"]
    for ct in card_types().values():
        out[f"{NS}.card.{ct.id}.name"] = ct.name
        out[f"{NS}.card.{ct.id}.text"] = ct.text
    return out


def build_table() -> dict[str, Entry]:
    """Return Jump Drive's whole message table: the locale file's entries and those made from the data (the two
    hold no id in common: the tests check it)."""
    return {**load_locale(LOCALE_FILE), **data_entries()}


TABLE = build_table()

# The stored template -> its slug (for the log).
_SLUG_OF: dict[str, str] = {stored: slug for slug, stored in LOG}


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
    msg_id = f"{NS}.log.{slug}"
    if slug in LOG_ONE and dict(refs).get("n") == ("n", 1):
        msg_id += "_one"
    return Message(_template(TABLE[msg_id]), tuple(refs), vis, msg_id, HEADER_KIND.get(slug))


register_messages(NS, TABLE, game=GAME_ID)
register_card_names(GAME_ID, card_name)
