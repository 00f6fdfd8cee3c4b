"""Print, as JSON on stdout, what the build takes from the engine: its message catalog, each game's message
namespace, the bridge's ``info`` and ``catalog`` answers, and each built-in game's number in a position code's header.

usage: PYTHONPATH=<source dir> python -P buildkit/engine_facts.py <source dir>

Run by ``buildkit.catalog.engine_facts`` in its own process, with ``PYTHONPATH`` naming the source tree the wheel is
built from, so the answers are that tree's (a game staged into it included), never the build's own imports. It
imports nothing from buildkit: only the standard library and that tree's ``pyengine``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def answer(handle: Any, request: dict[str, str]) -> dict[str, Any]:
    """Return the bridge's answer to one request, without its ``ok``; exit with a message when it refuses."""
    body: dict[str, Any] = json.loads(handle(json.dumps(request)))
    if body.pop("ok", None) is not True:
        sys.exit(f"the engine refused {request}: {body}")
    return body


def facts(source: Path) -> dict[str, Any]:
    """Import the engine from ``source`` and return its texts, namespaces and the bridge's answers."""
    import pyengine
    from pyengine.bridge import handle
    from pyengine.catalog import all_messages
    from pyengine.core import poscode, text

    where = Path(pyengine.__file__).resolve()
    if not where.is_relative_to(source.resolve()):
        sys.exit(f"pyengine was imported from {where}, not from the source tree {source}")
    texts = all_messages()  # imports every game's package and message module, so each registers its texts
    namespaces = text.game_namespaces()
    info = answer(handle, {"op": "info"})
    catalogs = {game["id"]: answer(handle, {"op": "catalog", "game": game["id"]}) for game in info["games"]}
    return {"texts": texts, "namespaces": namespaces, "info": info, "catalogs": catalogs,
            "code_numbers": dict(poscode.BUILTIN_GAMES)}


def main(argv: list[str]) -> int:
    """Print the engine's facts for the source tree named on the command line."""
    if len(argv) != 1:
        sys.exit("usage: PYTHONPATH=<source dir> python -P buildkit/engine_facts.py <source dir>")
    sys.stdout.write(json.dumps(facts(Path(argv[0]))) + "\n")  # ASCII (escaped): whatever the locale
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
