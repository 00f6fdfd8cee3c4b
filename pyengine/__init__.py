"""pyengine: deterministic, pure-Python rules engines for space engine-building card games.

>>> import pyengine
>>> "jump_drive" in pyengine.games()
True
>>> game = pyengine.load_game("jump_drive")
>>> state = game.new_initial_state(seed=1, players=2)
>>> sorted(state.to_move())
[0, 1]
"""

from __future__ import annotations

from .core import registry as _registry
from .core.api import Action, Game, GameInfo, Outcome, State
from .core.errors import (
    EngineError,
    GameOverError,
    IllegalActionError,
    IncompatibleSaveError,
    InvalidActionError,
    NotYourTurnError,
    PositionError,
    SaveFormatError,
    UndoNotAllowedError,
    UnknownGameError,
)
from .core.match import Match
from .core.registry import load_game
from .core.version import ENGINE_VERSION as __version__
from .games import GAMES as _GAMES

_registry.add_packages(f"{__name__}.games", _GAMES)  # each game's package loads, and registers it, on first use

# Importing the ``pyengine.games`` subpackage (above) set the attribute ``pyengine.games`` to that package; bind
# the registry's function after it, so ``pyengine.games()`` is a function for every caller.
games = _registry.games

__all__ = [
    "Action",
    "EngineError",
    "Game",
    "GameInfo",
    "GameOverError",
    "IllegalActionError",
    "IncompatibleSaveError",
    "InvalidActionError",
    "Match",
    "NotYourTurnError",
    "Outcome",
    "PositionError",
    "SaveFormatError",
    "State",
    "UndoNotAllowedError",
    "UnknownGameError",
    "__version__",
    "games",
    "load_game",
]
