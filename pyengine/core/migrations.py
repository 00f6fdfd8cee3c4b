"""Upgrades of old saves to the current rules version, one dated step per change (none needed yet)."""

from __future__ import annotations

from collections.abc import Callable

from .api import JSON
from .errors import IncompatibleSaveError

# (game id, from rules version) -> function returning the save at the next rules version.
MIGRATIONS: dict[tuple[str, str], Callable[[JSON], JSON]] = {}


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
