"""The engine's version: a module at the bottom of the package, so any module may name it without importing upward."""

from __future__ import annotations

ENGINE_VERSION = "0.1.0"
"""The engine's version, written into every save file and answered by the bridge's ``info``."""
