"""A game's card data: the JSON files of its package's ``data/`` folder, and the checks its schema loader shares
(each problem a ``CardDataError`` naming the game, the record and what is wrong)."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from .errors import CardDataError


def read_data(package: str, name: str) -> Any:
    """Return one JSON file of a game package's ``data/`` folder (``name``, e.g. "cards.json")."""
    return json.loads(resources.files(package).joinpath("data", name).read_text(encoding="utf-8"))


class CardData:
    """One game's data files and the checks of its schema loader (``title``: the game's name in the errors)."""

    def __init__(self, title: str, package: str) -> None:
        self.title = title
        self.package = package

    def load(self, name: str) -> Any:
        """Return one of the game's data files, as JSON data."""
        return read_data(self.package, name)

    def fail(self, where: str, problem: str) -> CardDataError:
        """Return the error for one bad record."""
        return CardDataError(f"{self.title} data: {where}: {problem}")

    def choices(self, where: str, options: Any, check: Callable[[str, Any], None]) -> None:
        """Check the options of a "choose" step: a list of at least two, each checked by ``check`` at its place."""
        if not isinstance(options, list) or len(options) < 2:
            raise self.fail(where, "choose needs at least two options")
        for j, option in enumerate(options):
            check(f"{where}.options[{j}]", option)

    def integer(self, where: str, value: Any, lo: int = 0, hi: int = 99) -> int:
        """Return an integer field once it lies in ``lo..hi`` (a boolean is no integer); raise CardDataError
        otherwise."""
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(where, f"expected an integer in {lo}..{hi}, got {value!r}")
        return value
