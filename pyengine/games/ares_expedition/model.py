"""The Ares Expedition state as one JSON dict: constants, counts, tags, parameters and the deck."""

from __future__ import annotations

from typing import Any

from ...core.dictstate import copy_sharing_log
from ...core.rng import Rng
from .cards import Record, board, card

Data = dict[str, Any]
Player = dict[str, Any]

STATE_FORMAT = "ares_expedition.state/3"  # 2: log lines kept as compact JSON texts; 3: "hist" (TR and VP per round)
STATE_KEYS = ("players", "options", "mode", "rng", "round", "stage", "phase", "phase_key", "phases", "params",
              "max_key", "snap", "ocean_pile", "ocean_flipped", "deck", "discard", "p", "solo", "coop", "epoch",
              "msgs", "over", "hist")
PARAM_STEPS = {"temperature": 19, "oxygen": 14, "ocean": 9}
ZONE_ORDER = ("purple", "red", "yellow", "white")


copy_state = copy_sharing_log  # the state copy the rules and tests use (shares only the log's texts)


def new_player() -> Player:
    """Return one player's empty board: markers on 0 and TR on 5."""
    return {"corp": None, "offer": [], "hand": [], "table": [], "res": {}, "mc": 0, "heat": 0, "plants": 0,
            "prod": {"mc": 0, "heat": 0, "plants": 0, "cards": 0}, "steel": 0, "titanium": 0,
            "tr": board()["tr_start"], "forests": 0, "pick": None, "last": None, "done": True, "ph": {},
            "frames": [], "tr_up": False, "sold": 0}


def rng_of(d: Data) -> Rng:
    """Return the state's generator (write it back with ``save_rng``)."""
    return Rng.from_text(d["rng"])


def save_rng(d: Data, rng: Rng) -> None:
    """Store the generator's state in the game state."""
    d["rng"] = rng.to_text()


def draw_cards(d: Data, n: int) -> list[str]:
    """Draw up to n cards from the deck, reshuffling the discard pile when the deck runs out."""
    out: list[str] = []
    for _ in range(n):
        if not d["deck"]:
            if not d["discard"]:
                break
            rng = rng_of(d)
            d["deck"] = sorted(d["discard"])
            d["discard"] = []
            rng.shuffle(d["deck"])
            save_rng(d, rng)
        out.append(d["deck"].pop())
    if out:
        d["epoch"] += 1
    return out


def owned(p: Player) -> list[str]:
    """Return the corporation (if chosen) and every project in the player's tableau."""
    return [*([p["corp"]] if p["corp"] else []), *p["table"]]


def tag_count(p: Player, tag: str) -> int:
    """Return how many of a tag the player has: played projects (red included) and the corporation."""
    return sum(card(c)["tags"].count(tag) for c in owned(p))


def count(p: Player, per: str, src: str | None = None) -> int:
    """Return the value of a counter (DATA.md "Counters") for a player; ``here`` is the resources on ``src``."""
    if per.startswith("tag:"):
        return tag_count(p, per[4:])
    if per in ("steel", "titanium", "forests"):
        return int(p[per])
    if per == "cards_played":
        return len(p["table"])
    if per == "blue_cards":
        return sum(1 for c in p["table"] if card(c)["color"] == "blue")
    if per == "here":
        return int(p["res"].get(src, 0)) if src else 0
    raise KeyError(per)


def production(p: Player) -> dict[str, int]:
    """Return the player's production: the fixed part plus every live tag-scaled part."""
    out = dict(p["prod"])
    for c in p["table"]:
        pp = card(c).get("prod_per")
        if pp:
            out[pp["res"]] += sum(count(p, per) for per in pp["per"]) // pp["div"]
    return out


_EFFECTS: dict[str, dict[str, list[Record]]] = {}


def card_effects(cid: str) -> dict[str, list[Record]]:
    """Return a card's ongoing effects grouped by kind, in printed order (indexed once per card)."""
    out = _EFFECTS.get(cid)
    if out is None:
        out = {}
        for e in card(cid).get("effects", ()):
            out.setdefault(e["kind"], []).append(e)
        _EFFECTS[cid] = out
    return out


def effects_of(p: Player, kind: str) -> list[tuple[str, Record]]:
    """Return (card id, effect) for every ongoing effect of one kind the player owns, corporation first."""
    return [(c, e) for c in owned(p) for e in card_effects(c).get(kind, ())]


def has_effect(p: Player, kind: str) -> bool:
    """Return True if the player owns an ongoing effect of this kind."""
    return any(kind in card_effects(c) for c in owned(p))


def holds(cid: str) -> str | None:
    """Return the resource type a card collects, if any."""
    value: str | None = card(cid).get("holds")
    return value


def param_value(d: Data, param: str) -> int:
    """Return a global parameter in steps: temperature 0..19, oxygen 0..14, oceans flipped 0..9."""
    return int(d["params"][param])


def is_maxed(d: Data, param: str) -> bool:
    """Return True if a parameter is at its maximum."""
    return param_value(d, param) >= PARAM_STEPS[param]


def terraformed(d: Data) -> bool:
    """Return True once all three global parameters are at their maximum."""
    return all(is_maxed(d, k) for k in PARAM_STEPS)


def zone_of(param: str, steps: int) -> str:
    """Return the colour zone of a temperature or oxygen value in steps."""
    for zone, (lo, hi) in board()[param]["zones"].items():
        if lo <= steps <= hi:
            return str(zone)
    raise ValueError(f"{param} {steps} is off the track")


def display_value(param: str, steps: int) -> str:
    """Return a parameter as printed: -30..+8 °C, 0..14 %, or oceans flipped."""
    if param == "temperature":
        return f"{-30 + 2 * steps:+d} °C"
    if param == "oxygen":
        return f"{steps} %"
    return f"{steps}/9 oceans"


def hand_sell_value(p: Player) -> int:
    """Return what one card sells for: 3 M€, plus every sell bonus the player owns."""
    return int(board()["sell"]) + sum(int(e["n"]) for _, e in effects_of(p, "sell_bonus"))
