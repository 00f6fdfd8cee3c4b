"""Typed engine errors, each with a stable string code that the web page and tests can rely on."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""

    code = "engine/error"

    def to_json(self) -> dict[str, str]:
        """Return the error as the bridge sends it: its code and message."""
        return {"code": self.code, "message": str(self)}


class InvalidActionError(EngineError, ValueError):
    """Raised for action text that is malformed, before any rule is looked at."""

    code = "action/invalid"


class IllegalActionError(EngineError, ValueError):
    """Raised for a well-formed action that the rules do not allow now."""

    code = "action/illegal"


class NotYourTurnError(IllegalActionError):
    """Raised when a seat that is not to move tries to act."""

    code = "action/inactive_player"


class GameOverError(IllegalActionError):
    """Raised when anyone tries to act after the game has ended."""

    code = "action/gameover"


class UndoNotAllowedError(EngineError):
    """Raised when undo would cross a barrier (a reveal, or another seat's move)."""

    code = "undo/not_allowed"


class SaveFormatError(EngineError, ValueError):
    """Raised for a save file that is corrupt, foreign or inconsistent."""

    code = "save/invalid"


class PositionError(SaveFormatError):
    """Raised for a saved position that is impossible: a missing or unknown field, a wrong type, a value out of
    range, an unknown id, a card in two places, or a position the rules cannot play.

    Its message names the first problem found, with the path to it, e.g. ``hands[1][3]: unknown card 'foo-9'``.
    """

    code = "save/invalid_position"


class IncompatibleSaveError(SaveFormatError):
    """Raised for a save written by a newer format or a different rules version."""

    code = "save/incompatible_version"


class UnknownGameError(EngineError, KeyError):
    """Raised when a game id is not registered."""

    code = "game/unknown"

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


class CardDataError(EngineError):
    """Raised when card data does not match its schema."""

    code = "data/invalid"


class BadOptionsError(EngineError, ValueError):
    """Raised for game options or a player count that the game does not accept."""

    code = "options/invalid"


class PositionCodeError(SaveFormatError):
    """Raised for a position code that cannot be read; the subclass and the message name the problem."""

    code = "code/invalid"


class CodeMalformedError(PositionCodeError):
    """Raised for text that is not a position code: wrong prefix, a character outside base64url, bad contents."""

    code = "code/malformed"


class CodeTruncatedError(PositionCodeError):
    """Raised for a position code that is cut short (its header says how long it should be)."""

    code = "code/truncated"


class CodeChecksumError(PositionCodeError):
    """Raised for a position code whose checksum does not match: mistyped, or changed by hand."""

    code = "code/checksum"


class CodeGameError(PositionCodeError):
    """Raised for a position code of another game than the one asked for, or of a game this engine lacks."""

    code = "code/wrong_game"


class CodeVersionError(PositionCodeError, IncompatibleSaveError):
    """Raised for a position code made for other rules: an older or newer rules version or code format."""

    code = "code/rules_version"
