"""The solo campaign: four games, four victory conditions kept as data, each ticked off once."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.carddata import read_data
from ...core.errors import CardDataError
from .data import JDData
from .empire import count
from .info import campaign_condition_ids


@lru_cache(maxsize=1)
def conditions() -> tuple[dict[str, Any], ...]:
    """Return the campaign's victory conditions from data/campaign.json, checked.

    Raises:
        CardDataError: the campaign data breaks its schema.
    """
    data = read_data(__package__, "campaign.json")
    if data.get("schema") != "jump_drive.campaign/1" or not isinstance(data.get("conditions"), list):
        raise CardDataError("campaign data must have schema jump_drive.campaign/1 and a conditions list")
    for c in data["conditions"]:
        if not all(isinstance(c.get(k), str) for k in ("id", "name", "text")) or not isinstance(
                c.get("min_vp"), int) or not isinstance(c.get("requires"), list):
            raise CardDataError(f"bad campaign condition {c!r}")
    return tuple(data["conditions"])


def condition_ids() -> tuple[str, ...]:
    """Return the ids of the campaign's victory conditions."""
    return campaign_condition_ids()


def condition_met(d: JDData, cond: dict[str, Any]) -> bool:
    """Return True if the solo player's final position meets one victory condition."""
    if d.vp[0] < cond["min_vp"]:
        return False
    return all(count(d.empires[0], r["count"]) >= r["at_least"] for r in cond["requires"])


def met_conditions(d: JDData) -> list[str]:
    """Return the ids of the conditions not yet used in the campaign that this game meets."""
    return [c["id"] for c in conditions() if c["id"] not in d.campaign_used and condition_met(d, c)]
