"""The element ids each game's table draws (its ``data-testid``s), listed from the table's sources for lesson checks.

A lesson's ``highlight`` names elements of the table by their ``data-testid``. ``python -m pyengine lesson`` checks
each against the list this module makes: the fixed ids (``testid: "explore"``) and the patterns
(``testid: `hand-card-${id}``` becomes ``hand-card-{}``) that the game's table modules (``web/app/games/<game>/``)
and the shared table modules (``web/app/ui/``) write. The list lives in the engine's package
(``pyengine/games/<game>/data/table_ids.json``) so the command works from the wheel; ``python build.py`` refuses
to build while it is out of date, and ``python build.py table-ids`` writes it again.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .common import ROOT, WEB, BuildError

_FIXED = re.compile(r"""testid:\s*"([A-Za-z0-9_.:+-]+)\"""")
_TEMPLATE = re.compile(r"testid:\s*`([^`]+)`")
_HOLE = re.compile(r"\$\{[^}]*\}")
# An id template handed to a helper that sets it as the testid (stat(label, value, `vp-${p.seat}`)): any template
# of the form word-word-${value}, wherever it is written. It may also list a class name; that only widens the list.
_ID_TEMPLATE = re.compile(r"`([a-z][a-z0-9]*(?:-[a-z0-9]+)*-\$\{[^}`]+\}(?:-\$\{[^}`]+\})*)`")
SHARED = ("ui/action-bar.js", "ui/decision-list.js", "ui/generic-panel.js", "ui/popover.js", "ui/end-screen.js")
"""The shared modules every table draws with (the decision bar and list, generic panels, popovers, end screen)."""


def table_ids(game: str) -> dict[str, list[str]]:
    """Return the fixed ids and the id patterns (``{}`` for each value) the game's table sources write."""
    sources = sorted((WEB / "app" / "games" / game).rglob("*.js")) + [WEB / "app" / s for s in SHARED]
    fixed: set[str] = set()
    patterns: set[str] = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        fixed.update(_FIXED.findall(text))
        for template in _TEMPLATE.findall(text) + _ID_TEMPLATE.findall(text):
            if template.startswith("${"):
                continue  # a prefix chosen by the caller: its callers' ids are listed where they are written
            pattern = _HOLE.sub("{}", template)
            if "{}" in pattern:
                patterns.add(pattern)
            else:
                fixed.add(pattern)
    return {"fixed": sorted(fixed), "patterns": sorted(patterns)}


def ids_path(game: str) -> Path:
    """Return where the engine's package keeps a game's table ids."""
    return ROOT / "pyengine" / "games" / game / "data" / "table_ids.json"


def ids_json(game: str) -> str:
    """Return the table ids file's text for a game."""
    data = {"about": "The data-testid values the game's table draws (fixed ids, and patterns with {} for a value), "
                     "listed by buildkit/tableids.py from web/app: python -m pyengine lesson checks a lesson's "
                     "highlight ids against them. Written by python build.py table-ids.",
            **table_ids(game)}
    return json.dumps(data, indent=1) + "\n"


def table_games() -> list[str]:
    """Return the games that have a table of their own under web/app/games/."""
    return sorted(d.name for d in (WEB / "app" / "games").iterdir() if d.is_dir())


def check_or_write(games: list[str], write: bool) -> list[str]:
    """Check (or with ``write``, write) every game's table ids file; return the games whose file was written.

    Raises:
        BuildError: a file is missing or out of date and ``write`` is False.
    """
    stale = [g for g in games if (WEB / "app" / "games" / g).is_dir() and (
        not ids_path(g).exists() or ids_path(g).read_text(encoding="utf-8") != ids_json(g))]
    if stale and not write:
        raise BuildError(f"the table ids of {', '.join(stale)} are out of date (a table's data-testid changed): run "
                         "python build.py table-ids and commit pyengine/games/<game>/data/table_ids.json")
    for g in stale:
        ids_path(g).write_text(ids_json(g), encoding="utf-8")
    return stale
