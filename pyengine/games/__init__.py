"""The built-in games: one package per game, each with the same folder shape, and their ids.

Adding a game is its package (``pyengine/games/<id>/``, whose ``__init__.py`` calls ``register_game``) and one line
here. The registry imports a game's package the first time that game is asked for.
"""

from __future__ import annotations

GAMES: tuple[str, ...] = (
    "ares_expedition",
    "beyond_the_sun",
    "jump_drive",
)
"""The id of every built-in game, which is also its package's name under ``pyengine.games``."""
