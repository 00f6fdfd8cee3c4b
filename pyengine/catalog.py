"""The whole message catalog (every game's texts by id), for the build to write to the web app as JSON.

>>> cat = all_messages()
>>> cat["jd.log.pays"]["you"]
'You pay {n} cards'
"""

from __future__ import annotations

import importlib
import importlib.util

from .core.registry import games, load_game
from .core.text import catalog


def all_messages() -> dict[str, dict[str, str]]:
    """Import every game package (and its rules and message module) and return ``core.text.catalog()``."""
    for game_id in games():
        package = f"pyengine.games.{game_id}"
        if importlib.util.find_spec(package) is None:
            continue
        importlib.import_module(package)
        load_game(game_id)
        if importlib.util.find_spec(f"{package}.messages") is not None:
            importlib.import_module(f"{package}.messages")
    return catalog()
