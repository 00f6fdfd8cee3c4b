"""Final scoring: TR, forests and card VP (fixed and per-resource or per-tag), the tie-break, and solo/co-op wins."""

from __future__ import annotations

from typing import Any

from ...core.api import Outcome
from ...core.text import english
from .cards import board, card
from .messages import result_text
from .model import Data, Player, count, hand_sell_value, owned, terraformed


def vp_by_card(p: Player) -> dict[str, int]:
    """Return the VP each of the player's cards gives now (fixed values and formulas), for cards that give any."""
    out: dict[str, int] = {}
    for c in owned(p):
        rec = card(c)
        n = int(rec.get("vp", 0))
        if "vp_per" in rec:
            n += count(p, rec["vp_per"]["per"], c) // rec["vp_per"]["div"]
        if n:
            out[c] = n
    return out


def card_vp(p: Player) -> int:
    """Return the VP printed on the player's cards: fixed values and formulas."""
    return sum(vp_by_card(p).values())


def breakdown(p: Player) -> dict[str, int]:
    """Return one player's VP by source and the total."""
    out = {"tr": int(p["tr"]), "forests": int(p["forests"]), "cards": card_vp(p)}
    out["total"] = sum(out.values())
    return out


def leftovers(p: Player) -> int:
    """Return the tie-break value: heat + plants + M€, counting each hand card at its sell value."""
    return int(p["heat"] + p["plants"] + p["mc"] + len(p["hand"]) * hand_sell_value(p))


def outcome(d: Data) -> Outcome:
    """Return the outcome of a finished game (competitive, solo or co-op)."""
    scores = [breakdown(p)["total"] for p in d["p"]]
    details: dict[str, Any] = {"breakdown": [breakdown(p) for p in d["p"]], "terraformed": terraformed(d),
                               "end": d["over"]}
    result = result_text(d, scores) if d.get("solo") or d.get("coop") else None
    if result is not None:
        details["result_msg"] = result.to_json()
        details["result"] = english(result)
    if d.get("solo"):
        return Outcome(scores, [0] if terraformed(d) else [], "terraformed" if terraformed(d) else "not_terraformed",
                       details)
    if d.get("coop"):
        target = int(board()["coop"]["target_vp"])
        won = terraformed(d) and sum(scores) >= target
        details["together"] = sum(scores)
        return Outcome(scores, [0, 1] if won else [], "shared" if won else "lost", details)
    best = max(scores)
    top = [s for s, v in enumerate(scores) if v == best]
    if len(top) == 1:
        return Outcome(scores, top, "vp", details)
    left = {s: leftovers(d["p"][s]) for s in top}
    most = max(left.values())
    winners = [s for s in top if left[s] == most]
    return Outcome(scores, winners, "resources" if len(winners) == 1 else "shared", details)
