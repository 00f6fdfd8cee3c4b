"""The web app's rooms: the shared kit in web/app/ui/, one folder per game in web/app/games/<id>/, and no import cycle.

A game's table, card faces, end-screen parts and labels live in its own folder and are loaded only when that game
opens; the kit names no game. The module graph comes from esbuild's metafile (what the build bundles), the labels
from each folder's locales/en.json.
"""

from __future__ import annotations

import fnmatch
import json
import os
import posixpath
import re
import subprocess
from pathlib import Path

import pytest

import pyengine
from pyengine.core.text import game_namespaces

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "web" / "app"
ESBUILD = ROOT / "node_modules" / "esbuild" / "bin" / "esbuild"
ENTRIES = ("boot.js", "main.js", "embed/poster.js", "embed/runtime.js", "embed/embed-app.js")


def module_graph(tmp_path: Path) -> dict[str, set[str]]:
    """Return every app module's imports (static and dynamic, a glob import expanded), as paths under web/app/."""
    if not ESBUILD.is_file():
        pytest.skip("esbuild is not installed (npm ci)")
    meta = tmp_path / "meta.json"
    subprocess.run([str(ESBUILD), *ENTRIES, "--bundle", "--splitting", "--format=esm", f"--outdir={tmp_path}/out",
                    "--external:../vendor/preact.mjs",  # vendored by the build, not in web/
                    f"--metafile={meta}", "--log-level=error"], cwd=APP, check=True,
                   env={**os.environ, "NODE_PATH": str(ROOT / "node_modules")})
    inputs = json.loads(meta.read_text())["inputs"]
    own = {p for p in inputs if not p.startswith(("node_modules", "../"))}
    graph: dict[str, set[str]] = {}
    for path in sorted(own):
        out: set[str] = set()
        for imp in inputs[path]["imports"]:
            target = str(imp["path"])
            if "*" in target:  # a glob import: every module it may load
                pattern = posixpath.normpath(posixpath.join(posixpath.dirname(path), target)).replace("**/", "")
                out |= {p for p in own if fnmatch.fnmatch(p, pattern)}
            elif target in own:
                out.add(target)
        graph[path] = out
    return graph


def test_the_app_has_no_import_cycle(tmp_path: Path) -> None:
    """Layout: no module reaches itself through its imports, dynamic ones included (boot.js once imported main.js,
    which reached boot.js again through engine-status.js)."""
    graph = module_graph(tmp_path)
    assert "games/jump_drive/table.js" in graph["ui/tables.js"], "the tables loader reaches each game's table"
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycle = [*trail[trail.index(nxt):], nxt] if nxt in trail else [node, nxt]
                raise AssertionError(f"import cycle: {' -> '.join(cycle)}")
            if nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])


def test_only_a_games_own_folder_holds_its_code(tmp_path: Path) -> None:
    """Layout: web/app/ui/ names no game (no game id, no game's labels or texts), every folder in web/app/games/ is a
    registered game with a table.js, and the kit reaches no game's code except through the tables loader's glob."""
    games = pyengine.games()
    spaces = game_namespaces()
    ids = re.compile(r"\b(" + "|".join(map(re.escape, games)) + r")\b")
    words = re.compile(r"\b(" + "|".join(re.escape(ns) for ns in spaces.values()) + r")(ui)?\.[a-z]")
    for path in sorted((APP / "ui").glob("*.js")):
        source = path.read_text(encoding="utf-8")
        assert not ids.search(source), f"ui/{path.name} names a game: {ids.search(source)}"
        assert not words.search(source), f"ui/{path.name} uses a game's words: {words.search(source)}"
    folders = sorted(p.name for p in (APP / "games").iterdir() if p.is_dir())
    assert folders and set(folders) <= set(games), folders
    for game in folders:
        table = (APP / "games" / game / "table.js").read_text(encoding="utf-8")
        assert re.search(r"export function table\(session\)", table), f"games/{game}/table.js exports no table()"
    graph = module_graph(tmp_path)
    for path, imports in graph.items():
        if path.startswith("games/"):
            continue
        reached = {p for p in imports if p.startswith("games/")}
        assert path == "ui/tables.js" or not reached, f"{path} imports a game's code: {sorted(reached)}"


def test_a_games_modules_use_only_their_own_games_words() -> None:
    """Labels: a game's modules use only its own labels (<ns>ui.*) and texts (<ns>.*), which load with that game; a
    key of another game's would show raw when only this game was opened (the Ares table once drew
    "jdui.table.you_tag" in an Ares embed). Every label they use is in their own locales/en.json."""
    spaces = game_namespaces()
    any_word = re.compile(r"""["`]((""" + "|".join(map(re.escape, spaces.values())) + r""")(ui)?\.[a-z_.${}]+)""")
    for game, ns in spaces.items():
        folder = APP / "games" / game
        if not folder.is_dir():
            continue
        labels = json.loads((folder / "locales" / "en.json").read_text(encoding="utf-8"))
        assert all(k.startswith(f"{ns}ui.") for k in labels), f"{game}: a label outside {ns}ui."
        for path in sorted(folder.glob("*.js")):
            for m in any_word.finditer(path.read_text(encoding="utf-8")):
                assert m.group(2) == ns, f"games/{game}/{path.name} uses another game's words: {m.group(1)}"
                key = m.group(1)
                if m.group(3) and "$" not in key and not key.endswith("."):
                    assert key in labels, f"games/{game}/{path.name} uses {key}, which its locales/en.json lacks"
