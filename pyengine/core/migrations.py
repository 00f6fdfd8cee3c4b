"""Upgrades of old saves to the current rules version, one dated step per change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .api import JSON
from .errors import IncompatibleSaveError


def _jump_drive_2026_11(data: JSON) -> JSON:
    """Bring a Jump Drive 2026.11 save to 2026.12: add the option round_limit (40) and drop the old snapshot.

    2026.12 added the round limit (2-4 players) and two state fields (each card's VP tally and the round each
    hand card was drawn). The log replays unchanged; the snapshot holds the old state shape, so it is dropped and
    the loader replays the log. A stalled game already past round 40 (its snapshot says which round) gets that
    round as its limit instead, so it still loads and ends after the round it is in.
    """
    out: dict[str, Any] = dict(data)
    options = out.get("options")
    if isinstance(options, dict) and "round_limit" not in options:
        limit = 40
        snap = out.get("snapshot")
        state = snap.get("state") if isinstance(snap, dict) else None
        reached = state.get("round") if isinstance(state, dict) else None
        if isinstance(reached, int) and not isinstance(reached, bool) and reached > limit:
            limit = min(reached, 200)
        out["options"] = {**options, "round_limit": limit}
    out.pop("snapshot", None)
    out["rules_version"] = "2026.12"
    return out


# (game id, from rules version) -> function returning the save at the next rules version.
MIGRATIONS: dict[tuple[str, str], Callable[[JSON], JSON]] = {
    ("jump_drive", "2026.11"): _jump_drive_2026_11,
}


def migrate(game_id: str, data: JSON) -> JSON:
    """Bring a save up to the game's current rules version, or refuse it.

    Raises:
        IncompatibleSaveError: no migration path from the save's rules version.
    """
    from .registry import load_game

    target = load_game(game_id).info.rules_version
    seen = 0
    while data.get("rules_version") != target:
        step = MIGRATIONS.get((game_id, str(data.get("rules_version"))))
        if step is None or seen > 50:
            raise IncompatibleSaveError(
                f"this save was made with {game_id} rules version {data.get('rules_version')!r}; "
                f"this app plays rules version {target!r} and cannot convert it")
        data = step(data)
        seen += 1
    return data
