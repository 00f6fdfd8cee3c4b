"""The game registry: game ids to Game factories.

The built-in games are one list of ids (``pyengine.games.GAMES``), which ``pyengine/__init__.py`` hands to
``add_packages``. A game's package is imported the first time that game is asked for (all of them when the list
of games is), and importing it registers the game (``register_game``) with a factory that loads its rules only when
the game is played (``rules_factory``). So importing the engine loads no game, and listing games loads no rules.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from .api import Game, GameInfo, State
from .errors import CodeGameError, UnknownGameError
from .poscode import peek

_PACKAGES: dict[str, str] = {}
_FACTORIES: dict[str, Callable[[], Game]] = {}
_INFOS: dict[str, GameInfo] = {}
_CACHE: dict[str, Game] = {}


def add_packages(parent: str, game_ids: Iterable[str]) -> None:
    """Name the package of each game id, ``<parent>.<id>``: it is imported (and registers the game) on first use."""
    for game_id in game_ids:
        _PACKAGES[game_id] = f"{parent}.{game_id}"


def register_game(game_id: str, factory: Callable[[], Game], info: GameInfo | None = None) -> None:
    """Register a game factory under an id, with its static info when it can be known without the rules."""
    _FACTORIES[game_id] = factory
    if info is not None:
        _INFOS[game_id] = info


def rules_factory(module: str, class_name: str) -> Callable[[], Game]:
    """Return a factory that imports a game's rules module when first called and builds its Game class from it
    (kept lazy so that listing games and reading their info stays cheap)."""

    def factory() -> Game:
        game: Game = getattr(importlib.import_module(module), class_name)()
        return game

    return factory


def _load(game_id: str) -> None:
    """Import the package of a listed game that has not registered yet (it registers itself)."""
    if game_id not in _FACTORIES and game_id in _PACKAGES:
        importlib.import_module(_PACKAGES[game_id])


def _load_all() -> None:
    """Import the package of every listed game."""
    for game_id in list(_PACKAGES):
        _load(game_id)


def games() -> list[str]:
    """Return the registered game ids, sorted."""
    _load_all()
    return sorted(_FACTORIES)


def load_game(game_id: str) -> Game:
    """Return the Game for an id.

    Raises:
        UnknownGameError: no game has that id.
    """
    _load(game_id)
    if game_id not in _FACTORIES:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {games()}")
    if game_id not in _CACHE:
        _CACHE[game_id] = _FACTORIES[game_id]()
    return _CACHE[game_id]


def game_info(game_id: str) -> GameInfo:
    """Return a game's static info, without loading its rules when the game registered it.

    Raises:
        UnknownGameError: no game has that id.
    """
    _load(game_id)
    if game_id in _INFOS:
        return _INFOS[game_id]
    return load_game(game_id).info


def decode_any(code: str) -> State:
    """Return the state a position code holds, for whichever game it names.

    Raises:
        PositionCodeError, PositionError: as ``Game.state_from_code``; CodeGameError for a game this engine does not
            have.
    """
    info = peek(code)
    try:
        game = load_game(info.game)
    except UnknownGameError:
        raise CodeGameError(f"this position code is for the game {info.game!r}, which this app does not have") from None
    return game.state_from_code(code)
