"""The game registry: game ids to Game factories, filled by each game package on import."""

from __future__ import annotations

from collections.abc import Callable

from .api import Game, GameInfo, State
from .errors import CodeGameError, UnknownGameError
from .poscode import peek

_FACTORIES: dict[str, Callable[[], Game]] = {}
_INFOS: dict[str, GameInfo] = {}
_CACHE: dict[str, Game] = {}
_BUILTIN = ("ares_expedition", "beyond_the_sun", "jump_drive")


def register_game(game_id: str, factory: Callable[[], Game], info: GameInfo | None = None) -> None:
    """Register a game factory under an id, with its static info when it can be known without the rules."""
    _FACTORIES[game_id] = factory
    if info is not None:
        _INFOS[game_id] = info


def _load_builtins() -> None:
    """Import the built-in game packages so they register themselves."""
    import importlib

    for name in _BUILTIN:
        if name not in _FACTORIES:
            importlib.import_module(f"pyengine.games.{name}")


def games() -> list[str]:
    """Return the registered game ids, sorted."""
    _load_builtins()
    return sorted(_FACTORIES)


def load_game(game_id: str) -> Game:
    """Return the Game for an id.

    Raises:
        UnknownGameError: no game has that id.
    """
    _load_builtins()
    if game_id not in _FACTORIES:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {sorted(_FACTORIES)}")
    if game_id not in _CACHE:
        _CACHE[game_id] = _FACTORIES[game_id]()
    return _CACHE[game_id]


def game_info(game_id: str) -> GameInfo:
    """Return a game's static info, without loading its rules when the game registered it.

    Raises:
        UnknownGameError: no game has that id.
    """
    _load_builtins()
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
