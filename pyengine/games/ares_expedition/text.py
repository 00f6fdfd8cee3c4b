"""The game log: typed message templates with references, as the page renders them."""

from __future__ import annotations

import json
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
    # Each line is kept as one compact JSON text: a list of strings copies many times faster than nested objects,
    # and states are copied at every search step and fuzz check.
    d["msgs"].append(json.dumps([template, args], sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    if len(d["msgs"]) > MAX_LOG:
        del d["msgs"][: len(d["msgs"]) - MAX_LOG]


def entries(d: Data) -> list[tuple[str, dict[str, dict[str, Any]]]]:
    """Return the log as (template, typed references) pairs, oldest first."""
    out = []
    for text in d["msgs"]:
        template, args = json.loads(text)
        out.append((str(template), dict(args)))
    return out
