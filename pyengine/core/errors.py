"""Typed engine errors, each with a stable string code that the web page and tests can rely on."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""

    code = "engine/error"

    def __init_subclass__(cls, code: str = "", **kwargs: Any) -> None:
        """Give a subclass its stable code, named in its class line: ``class X(EngineError, code="x/y")``."""
        super().__init_subclass__(**kwargs)
        if code:
            cls.code = code

    def to_json(self) -> dict[str, str]:
        """Return the error as the bridge sends it: its code and message."""
        return {"code": self.code, "message": str(self)}


class InvalidActionError(EngineError, ValueError, code="action/invalid"):
    """Raised for action text that is malformed, before any rule is looked at."""


class IllegalActionError(EngineError, ValueError, code="action/illegal"):
    """Raised for a well-formed action that the rules do not allow now."""


class NotYourTurnError(IllegalActionError, code="action/inactive_player"):
    """Raised when a seat that is not to move tries to act."""


class GameOverError(IllegalActionError, code="action/gameover"):
    """Raised when anyone tries to act after the game has ended."""


class UndoNotAllowedError(EngineError, code="undo/not_allowed"):
    """Raised when undo would cross a barrier (a reveal, or another seat's move)."""


class SaveFormatError(EngineError, ValueError, code="save/invalid"):
    """Raised for a save file that is corrupt, foreign or inconsistent."""


class PositionError(SaveFormatError, code="save/invalid_position"):
    """Raised for a saved position that is impossible: a missing or unknown field, a wrong type, a value out of
    range, an unknown id, a card in two places, or a position the rules cannot play.

    Its message names the first problem found, with the path to it, e.g. ``hands[1][3]: unknown card 'foo-9'``.
    """


class PositionObsoleteError(PositionError, code="code/obsolete_position"):
    """Raised for a position code made under older rules whose position the current rules cannot play."""


class IncompatibleSaveError(SaveFormatError, code="save/incompatible_version"):
    """Raised for a save written by a newer format or a different rules version."""


class UnknownGameError(EngineError, KeyError, code="game/unknown"):
    """Raised when a game id is not registered."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class CardDataError(EngineError, code="data/invalid"):
    """Raised when card data does not match its schema."""


class BadOptionsError(EngineError, ValueError, code="options/invalid"):
    """Raised for game options or a player count that the game does not accept."""


class PositionCodeError(SaveFormatError, code="code/invalid"):
    """Raised for a position code that cannot be read; the subclass and the message name the problem."""


class CodeMalformedError(PositionCodeError, code="code/malformed"):
    """Raised for text that is not a position code: wrong prefix, a character outside base64url, bad contents."""


class CodeTruncatedError(PositionCodeError, code="code/truncated"):
    """Raised for a position code that is cut short (its header says how long it should be)."""


class CodeChecksumError(PositionCodeError, code="code/checksum"):
    """Raised for a position code whose checksum does not match: mistyped, or changed by hand."""


class CodeGameError(PositionCodeError, code="code/wrong_game"):
    """Raised for a position code of another game than the one asked for, or of a game this engine lacks."""


class CodeVersionError(PositionCodeError, IncompatibleSaveError, code="code/rules_version"):
    """Raised for a position code made for other rules: an older or newer rules version or code format."""
