"""What the Jump Drive table shows beyond the rules' own view: each card's face in numbers and words, and which cards
the table suggests to pay or discard.

The page computes no game fact: it draws a card's face from ``card_face`` (sent with the card data, the ``catalog``
answer) and the lines of its text from the catalog (``face_lines``, one message per card and line, which this module
registers with the game's table: ``jd.card.<id>.face.<line>``), and it starts a payment from ``suggested_discards``
(sent in the view). The words are messages of ``locales/en.json`` (``jd.face.*``). The module comes with the rules
(the view uses it), not with the game's texts: a game's start that does not play it yet reads none of this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.api import JSON
from ...core.icu import english_format
from ...core.text import Entry, register_messages
from .cards import CardType, card_types, instance_type
from .data import JDData
from .messages import GAME_ID, NS, TABLE
from .rules import legal_actions, seats_to_move

FACE_LINES = ("kind", "vp", "income", "military", "discount")
"""The lines of a card's face made from its data, each a catalog message ``jd.card.<id>.face.<line>``."""

Words = Callable[[str, Mapping[str, Any]], str]
"""A message formatter: (message id, arguments) -> words (English at registration)."""


def card_face(ct: CardType) -> JSON:
    """Return a card's face in numbers: what it is, its cost or defense, icons, VP and income, and its value (the
    printed cost or defense plus VP and income: the lower, the sooner the table suggests paying with it)."""
    military = ct.is_world and ct.military_world
    return {
        "kind": "world" if ct.is_world else "development", "military": military,
        "colour": ct.color, "cost": None if military else ct.cost, "defense": ct.defense if military else None,
        "vp": ct.vp, "income": ct.income, "eyes": ct.icons["explore"], "military_icons": ct.icons["military"],
        "chromosomes": ct.icons["chromosome"], "rebel": ct.rebel, "alien": ct.alien, "value": card_value(ct),
    }


def card_value(ct: CardType) -> int:
    """Return the value the table ranks payments by: printed cost (or defense) plus printed VP and income."""
    return (ct.cost if ct.cost is not None else ct.defense or 0) + ct.vp + ct.income


def _worlds(words: Words, filt: Mapping[str, Any], plural: bool) -> str:
    """Return a world filter in words: "Blue Rebel military worlds"."""
    bits = []
    if filt.get("color"):
        bits.append(words(f"jd.face.colour.{str(filt['color']).lower()}", {}))
    if filt.get("rebel"):
        bits.append(words("jd.face.rebel", {}))
    if filt.get("alien"):
        bits.append(words("jd.face.alien", {}))
    if filt.get("military") is True:
        bits.append(words("jd.face.military_adj", {}))
    if filt.get("military") is False:
        bits.append(words("jd.face.non_military_adj", {}))
    bits.append(words("jd.face.worlds" if plural else "jd.face.world", {}))
    return " ".join(bits)


def _subject(words: Words, subject: Mapping[str, Any], every: int) -> str:
    """Return what a term counts, in words: "2 blue worlds", "explore icon", "developments"."""
    if "worlds" in subject:
        return f"{every} {_worlds(words, subject['worlds'], True)}" if every > 1 else _worlds(
            words, subject["worlds"], False)
    if "icon" in subject:
        icon = words(f"jd.face.icon.{subject['icon']}", {})
        return words("jd.face.icons_n" if every > 1 else "jd.face.icon_1", {"n": every, "icon": icon})
    if "developments" in subject:
        return words("jd.face.developments_n", {"n": every}) if every > 1 else words("jd.face.development", {})
    if "card" in subject:
        return card_types()[subject["card"]].name
    if "military" in subject:
        return words("jd.face.military_noun", {})
    return ""


def _terms(words: Words, terms: tuple[dict[str, Any], ...]) -> str:
    """Return VP or income terms in words: "+1 per blue world, +1 with Galactic Advertisers"."""
    out = []
    for x in terms:
        n = x.get("amount", 1)
        line = words("jd.face.plus", {"n": n})
        if "per" in x:
            line = words("jd.face.per", {"n": n, "what": _subject(words, x["per"], x.get("every", 1))})
        elif "with" in x:
            w = x["with"]
            if "card" in w:
                line = words("jd.face.with", {"n": n, "what": card_types()[w["card"]].name})
            elif "other_card" in w:
                line = words("jd.face.if_other_has", {"n": n, "what": card_types()[w["other_card"]].name})
            elif "worlds" in w:
                line = words("jd.face.with_a", {"n": n, "what": _worlds(words, w["worlds"], False)})
            else:
                line = words("jd.face.with", {"n": n, "what": _subject(words, w, 1)})
        if x.get("scope") == "other":
            line += " " + words("jd.face.scope_other", {})
        out.append(line)
    return ", ".join(out)


def _military(words: Words, terms: tuple[dict[str, Any], ...]) -> str:
    """Return military terms in words: "+1 military per explore icon against rebel worlds"."""
    out = []
    for x in terms:
        line = words("jd.face.military_plus", {"n": x.get("amount", 1)})
        if "per" in x:
            line += " " + words("jd.face.per_short", {"what": _subject(words, x["per"], x.get("every", 1))})
        if "against" in x:
            line += " " + words("jd.face.against", {"what": _worlds(words, x["against"], True)})
        out.append(line)
    return ", ".join(out)


def _discounts(words: Words, terms: tuple[dict[str, Any], ...]) -> str:
    """Return cost discounts in words: "-1 cost for blue worlds"."""
    out = []
    for x in terms:
        applies = x.get("applies", {})
        what = words("jd.face.cards", {})
        if "card" in applies:
            what = card_types()[applies["card"]].name
        elif applies.get("type") == "development":
            what = words("jd.face.developments", {})
        elif applies.get("type") == "world":
            what = _worlds(words, applies, True)
        out.append(words("jd.face.discount", {"n": x.get("amount", 1), "what": what}))
    return ", ".join(out)


def _kind(words: Words, ct: CardType) -> str:
    """Return a card's kind line: "Development · cost 3", "Blue world · cost 2", "Military world · defense 4"."""
    colour = words(f"jd.face.colour.{ct.color}", {}) if ct.color else ""
    if not ct.is_world:
        return words("jd.face.kind_dev", {"cost": ct.cost if ct.cost is not None else "?"})
    if ct.military_world:
        line = words("jd.face.kind_military", {"colour": colour, "defense": ct.defense})
    else:
        line = words("jd.face.kind_world", {"colour": colour, "cost": ct.cost})
    return " ".join(line.split())


def face_lines(ct: CardType, words: Words) -> dict[str, str]:
    """Return the words of a card's face lines (``FACE_LINES``), "" where the card has none."""
    return {"kind": _kind(words, ct), "vp": _terms(words, ct.vp_terms), "income": _terms(words, ct.income_terms),
            "military": _military(words, ct.military_terms), "discount": _discounts(words, ct.discounts)}


def face_entries(words: Words) -> dict[str, Entry]:
    """Return every card's face lines as catalog entries, ``jd.card.<id>.face.<line>`` (a card without such a line
    has no entry: the page shows none)."""
    return {f"{NS}.card.{ct.id}.face.{line}": text for ct in card_types().values()
            for line, text in face_lines(ct, words).items() if text}


def english_words(table: Mapping[str, Any]) -> Words:
    """Return a formatter that writes a message of this table in English."""
    def words(msg_id: str, args: Mapping[str, Any]) -> str:
        entry = table[msg_id]
        return english_format(entry[0] if isinstance(entry, tuple) else entry, args)
    return words


def suggested_discards(d: JDData, seat: int) -> list[str] | None:
    """Return the cards the table suggests to pay or discard with now, or None when the seat is not choosing any.

    In a payment, an explore discard or the hand limit: the seat's owed number of the cards its legal ``pay``
    actions allow, lowest value first (``card_value``; among equal values the later in hand first, so an older plan
    keeps its cards). At the opening: the two cards to discard, the same way.
    """
    if d.phase not in ("pay", "hand_limit", "opening") or seat not in seats_to_move(d):
        return None
    actions = legal_actions(d, seat)
    hand = d.hands[seat]
    if d.phase in ("pay", "hand_limit"):
        allowed = {str(a.get("card")) for a in actions if a.kind == "pay"}
        owed = min(d.owes[seat], len(allowed))
    elif d.phase == "opening":
        keeps = [str(a.get("discard")).split(",") for a in actions if a.kind == "keep"]
        allowed = {c for discard in keeps for c in discard}
        owed = len(keeps[0]) if keeps else 0
    if not allowed:
        return None
    ranked = sorted(((card_value(instance_type(c)), -i, c) for i, c in enumerate(hand) if c in allowed))
    return [c for _, _, c in ranked[:owed]]



register_messages(NS, face_entries(english_words(TABLE)), game=GAME_ID)
