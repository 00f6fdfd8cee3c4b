"""The game log: typed message templates with references, as the page renders them."""

from __future__ import annotations

from typing import Any

from .model import Data

MAX_LOG = 150


def log(d: Data, template: str, **refs: Any) -> None:
    """Append one public log line; ``seat``, ``card``, ``name`` (text) and other (number) args become typed refs."""
    args = {}
    for k, v in refs.items():
        ref = ("seat" if k.startswith("seat") else "card" if k.startswith("card") else "text" if k.startswith("name")
               else "n")
        args[k] = {ref: v}
    d["msgs"].append([template, args])
    if len(d["msgs"]) > MAX_LOG:
        del d["msgs"][: len(d["msgs"]) - MAX_LOG]
