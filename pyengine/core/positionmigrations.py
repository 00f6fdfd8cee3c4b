"""Upgrades of old positions (a position code's state JSON) to the current rules version, one dated step per change.

Saves are migrated by ``migrations.py``, which can replay a save's log; a position code has no log, so each step here
changes the state's JSON itself. ``Game.state_from_code`` runs them for a code of an older rules version (read with
that version's archived vocabulary), then loads the result with the game's position checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import CodeVersionError

JSON = Any


def _position_ares_2026_12(data: JSON) -> JSON:
    """Bring an Ares Expedition 2026.12 position to 2026.12.2: its options gain solo_early_end (false, the new default;
    true for a solo game that the old rules had already ended by terraforming, so it stays over)."""
    out: dict[str, Any] = dict(data)
    options = out.get("options")
    if isinstance(options, dict) and "solo_early_end" not in options:
        ended = out.get("over") == "terraformed" and out.get("players") == 1
        out["options"] = {**options, "solo_early_end": ended}
    return out


def _position_bts_2026_12(data: JSON) -> JSON:
    """Bring a Beyond the Sun 2026.12 position to 2026.12.1: it keeps the tech deck it was dealt (tech_deck
    stand_ins_2026, the 2026 deck under its old ids), as saves do."""
    out: dict[str, Any] = dict(data)
    options = out.get("options")
    if isinstance(options, dict) and "tech_deck" not in options:
        out["options"] = {**options, "tech_deck": "stand_ins_2026"}
    return out


def _position_bts_2026_12_1(data: JSON) -> JSON:
    """Bring a Beyond the Sun 2026.12.1 position to 2026.12.2: the state's shape is the same; a position in the middle
    of the old "Take part in the event?" question is refused by the loader, in words."""
    return dict(data)


# (game id, from rules version) -> function returning the position (state JSON) at the next rules version.
POSITION_MIGRATIONS: dict[tuple[str, str], tuple[str, Callable[[JSON], JSON]]] = {
    ("ares_expedition", "2026.12"): ("2026.12.2", _position_ares_2026_12),
    ("beyond_the_sun", "2026.12"): ("2026.12.1", _position_bts_2026_12),
    ("beyond_the_sun", "2026.12.1"): ("2026.12.2", _position_bts_2026_12_1),
}


def migrate_position(game_id: str, version: str, target: str, data: JSON) -> JSON:
    """Bring a position (a state's JSON, read from a position code) made under an older rules version up to the
    ``target`` version (the game's current one), step by step, as ``migrations.migrate`` does for saves.

    Raises:
        CodeVersionError: no migration path from that rules version.
    """
    seen = 0
    while version != target:
        step = POSITION_MIGRATIONS.get((game_id, version))
        if step is None or seen > 50:
            raise CodeVersionError(
                f"this position code was made for the {version} rules of {game_id}; this app plays the {target} "
                "rules and has no way to carry the position over")
        version, fn = step
        data = fn(data)
        seen += 1
    return data
