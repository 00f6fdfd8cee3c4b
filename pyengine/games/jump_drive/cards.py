"""Jump Drive card data: loading and checking data/cards.json against its schema."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import Any

from ...core.carddata import read_data
from ...core.errors import CardDataError

SCHEMA = "jump_drive.cards/1"
COLORS = ("blue", "brown", "green", "yellow", "gray")
ICONS = ("explore", "military", "chromosome")
POWERS = ("survey_team", "colony_convoy", "military_convoy", "contact_specialist", "trade_pact",
          "war_propaganda", "limit_one")
_WORLD_FILTER_KEYS = {"color", "military", "alien", "rebel"}


@dataclass(frozen=True)
class CardType:
    """One kind of card: its printed numbers, icons, formula terms and powers."""

    id: str
    name: str
    copies: int
    in_deck: bool
    type: str
    cost: int | None
    defense: int | None
    military_world: bool
    color: str | None
    rebel: bool
    alien: bool
    icons: dict[str, int]
    vp: int
    income: int
    vp_terms: tuple[dict[str, Any], ...]
    income_terms: tuple[dict[str, Any], ...]
    military_terms: tuple[dict[str, Any], ...]
    discounts: tuple[dict[str, Any], ...]
    powers: tuple[str, ...]
    text: str
    confidence: str
    origin: str
    raw: dict[str, Any]

    @cached_property
    def is_world(self) -> bool:
        """Return True for a world, False for a development."""
        return self.type == "world"

    @cached_property
    def military_flat(self) -> int:
        """Return the military this card adds against every world (its icons and its flat bonuses)."""
        flat: int = sum(t["amount"] for t in self.military_terms if "against" not in t and "per" not in t)
        return self.icons["military"] + flat

    @cached_property
    def military_against(self) -> tuple[tuple[dict[str, Any], int], ...]:
        """Return this card's military bonuses against some worlds only, as (world filter, amount) pairs."""
        return tuple((t["against"], t["amount"]) for t in self.military_terms if "against" in t)

    @cached_property
    def military_per(self) -> tuple[dict[str, Any], ...]:
        """Return this card's military terms that count something in the empire ("+1 per ...")."""
        return tuple(t for t in self.military_terms if "against" not in t and "per" in t)

    @cached_property
    def has_other_scope(self) -> bool:
        """Return True if a VP term counts another empire of the owner's choice."""
        return any(t.get("scope") == "other" for t in self.vp_terms)


def _fail(card: str, why: str) -> CardDataError:
    """Return a CardDataError that names the card."""
    return CardDataError(f"card {card!r}: {why}")


def _check_filter(cid: str, filt: Any) -> None:
    """Check a world filter such as {color: blue, military: true}."""
    if not isinstance(filt, dict) or not set(filt) <= _WORLD_FILTER_KEYS:
        raise _fail(cid, f"bad world filter {filt!r}")
    if "color" in filt and filt["color"] not in COLORS:
        raise _fail(cid, f"bad colour in filter {filt!r}")


def _check_countable(cid: str, c: Any, ids: set[str]) -> None:
    """Check a 'per X' countable."""
    if not isinstance(c, dict) or len(c) != 1:
        raise _fail(cid, f"a countable has exactly one key, got {c!r}")
    (key, val), = c.items()
    if key == "icon":
        if val not in ICONS:
            raise _fail(cid, f"unknown icon {val!r}")
    elif key == "worlds":
        _check_filter(cid, val)
    elif key == "developments":
        if val != {}:
            raise _fail(cid, "developments countable takes {}")
    elif key == "card":
        if val not in ids:
            raise _fail(cid, f"countable names unknown card {val!r}")
    elif key == "military":
        if val != "total":
            raise _fail(cid, "military countable takes 'total'")
    else:
        raise _fail(cid, f"unknown countable {key!r}")


def _check_term(cid: str, t: Any, ids: set[str], kind: str) -> None:
    """Check one VP, income or military term."""
    if not isinstance(t, dict) or not isinstance(t.get("amount"), int):
        raise _fail(cid, f"{kind} term needs an integer amount: {t!r}")
    allowed = {"amount", "per", "with", "scope", "every", "against"}
    if not set(t) <= allowed:
        raise _fail(cid, f"{kind} term has unknown keys {sorted(set(t) - allowed)}")
    if sum(k in t for k in ("per", "with", "against")) > 1:
        raise _fail(cid, f"{kind} term mixes per/with/against: {t!r}")
    if "per" in t:
        _check_countable(cid, t["per"], ids)
    if "with" in t:
        w = t["with"]
        if not isinstance(w, dict) or len(w) != 1:
            raise _fail(cid, f"bad 'with' condition {w!r}")
        (k, v), = w.items()
        if k == "worlds":
            _check_filter(cid, v)
        elif k in ("card", "other_card"):
            if v not in ids:
                raise _fail(cid, f"'with' names unknown card {v!r}")
        else:
            raise _fail(cid, f"unknown 'with' key {k!r}")
    if "against" in t:
        if kind != "military":
            raise _fail(cid, "only military terms may have 'against'")
        _check_filter(cid, t["against"])
    if t.get("scope", "own") not in ("own", "other"):
        raise _fail(cid, f"bad scope {t.get('scope')!r}")
    if "every" in t and (not isinstance(t["every"], int) or t["every"] < 1):
        raise _fail(cid, f"bad 'every' {t['every']!r}")


def parse_cards(data: Any) -> dict[str, CardType]:
    """Check raw card data against the schema and return card types by id.

    Raises:
        CardDataError: any record breaks the schema (the message names the card).
    """
    if not isinstance(data, dict) or data.get("schema") != SCHEMA or not isinstance(data.get("cards"), list):
        raise CardDataError(f"card data must be an object with schema {SCHEMA!r} and a cards list")
    ids: set[str] = {c["id"] for c in data["cards"] if isinstance(c, dict) and isinstance(c.get("id"), str)}
    out: dict[str, CardType] = {}
    for raw in data["cards"]:
        cid = raw.get("id") if isinstance(raw, dict) else None
        if not isinstance(cid, str) or cid in out:
            raise CardDataError(f"card record without a unique id: {raw!r}")
        if raw.get("type") not in ("world", "development"):
            raise _fail(cid, f"type must be world or development, got {raw.get('type')!r}")
        world = raw["type"] == "world"
        mil = raw.get("military_world") is True
        if mil and not world:
            raise _fail(cid, "only a world can be a military world")
        if mil != isinstance(raw.get("defense"), int) or mil == isinstance(raw.get("cost"), int):
            raise _fail(cid, "a military world has a defense and no cost; any other card a cost and no defense")
        if world and raw.get("color") not in COLORS:
            raise _fail(cid, f"a world needs a colour, got {raw.get('color')!r}")
        icons = raw.get("icons")
        if not isinstance(icons, dict) or set(icons) != set(ICONS) or not all(
                isinstance(v, int) and v >= 0 for v in icons.values()):
            raise _fail(cid, f"icons must give {ICONS} as counts")
        for key in ("vp", "income", "copies"):
            if not isinstance(raw.get(key), int) or raw[key] < 0:
                raise _fail(cid, f"{key} must be a non-negative integer")
        for kind in ("vp", "income", "military"):
            for t in raw.get(f"{kind}_terms", []):
                _check_term(cid, t, ids, kind)
        for d in raw.get("discounts", []):
            if not isinstance(d, dict) or not isinstance(d.get("amount"), int) or not isinstance(
                    d.get("applies"), dict):
                raise _fail(cid, f"bad discount {d!r}")
            ap = d["applies"]
            if not set(ap) <= {"type", "color", "alien", "card"}:
                raise _fail(cid, f"bad discount target {ap!r}")
        for p in raw.get("powers", []):
            if p not in POWERS:
                raise _fail(cid, f"unknown power {p!r}")
        if not isinstance(raw.get("text"), str) or not isinstance(raw.get("name"), str):
            raise _fail(cid, "name and text must be strings")
        out[cid] = CardType(
            id=cid, name=raw["name"], copies=raw["copies"], in_deck=bool(raw.get("in_deck")),
            type=raw["type"], cost=raw.get("cost"), defense=raw.get("defense"), military_world=mil,
            color=raw.get("color"), rebel=bool(raw.get("rebel")), alien=bool(raw.get("alien")),
            icons=dict(icons), vp=raw["vp"], income=raw["income"],
            vp_terms=tuple(raw.get("vp_terms", [])), income_terms=tuple(raw.get("income_terms", [])),
            military_terms=tuple(raw.get("military_terms", [])), discounts=tuple(raw.get("discounts", [])),
            powers=tuple(raw.get("powers", [])), text=raw["text"], confidence=str(raw.get("confidence", "")),
            origin=str(raw.get("origin", "")), raw=raw)
    return out


def load_raw() -> Any:
    """Read data/cards.json from the installed package."""
    return read_data(__package__, "cards.json")


@lru_cache(maxsize=1)
def card_types() -> dict[str, CardType]:
    """Return every card type by id, checked against the schema once."""
    return parse_cards(load_raw())


@cache
def instance_type(instance_id: str) -> CardType:
    """Return the card type of an instance id such as ``gem_world-1``."""
    return card_types()[instance_id.rsplit("-", 1)[0]]


@lru_cache(maxsize=1)
def deck_instances() -> tuple[str, ...]:
    """Return the ids of the 112 deck cards, in data order."""
    out: list[str] = []
    for ct in card_types().values():
        if ct.in_deck:
            out.extend(f"{ct.id}-{i}" for i in range(ct.copies))
    return tuple(out)
