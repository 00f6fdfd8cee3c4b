"""Build checks: the build (`build.py`, its work in `buildkit/`) is reproducible and our own shipped files name no
outside URL.

What the URL grep covers: every text file in dist/ (html, js, mjs, css, json, webmanifest, py, svg), the
vendored PyScript and Pyodide files included (build.py replaces their unused CDN defaults and docs links by an
inert local marker), and the text members of the engine wheel. Only the SVG XML namespace name is allowed.
Compressed third-party archives (python_stdlib.zip, the micropip wheel) are binary and not rewritten: their
docstrings name PyPI and Python docs, and the worker config points micropip at a local, empty index.
That nothing outside is ever *fetched* is checked at run time by the browser tests, which block and fail on
every request to a host other than 127.0.0.1.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import posixpath
import re
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from buildkit import catalog, headers, pins, pyc, serve, site, wheel
from buildkit.common import NODE_MODULES, BuildError

ROOT = Path(__file__).resolve().parent.parent
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".py", ".svg", ".txt", ".toml"}
URL = re.compile(r"""https?://[^\s"'<>)]+""", re.IGNORECASE)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")
# XML namespace names are identifiers, never fetched.
# XML namespace names (identifiers, never fetched): SVG, and the XHTML and MathML ones that Preact compares against.
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xhtml", "http://www.w3.org/1998/Math/MathML"}


def load_build() -> ModuleType:
    """Import build.py, the command line, from the project root as a module."""
    spec = importlib.util.spec_from_file_location("build_script", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_script"] = module
    spec.loader.exec_module(module)
    return module


def tree_digest(root: Path) -> dict[str, str]:
    """Map every file under root to the sha256 of its bytes."""
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


HOST = re.compile(r"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")


def outside_urls(text: str) -> list[str]:
    """Return the URLs in text that name a host other than this machine.

    A scheme followed by no host name (code that builds URLs, such as "https://${host}") names no host.
    """
    found = []
    for url in URL.findall(text):
        host = url.split("://", 1)[1].split("/", 1)[0].split(":", 1)[0] if "[" not in url else "[::1]"
        if HOST.match(host) and host not in LOCAL_HOSTS and url.rstrip("/") not in NAMESPACES:
            found.append(url)
    return found


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Build the site twice, into two separate folders."""
    first = tmp_path_factory.mktemp("build1") / "dist"
    second = tmp_path_factory.mktemp("build2") / "dist"
    site.build(first)
    site.build(second)
    return first, second


@pytest.mark.slow
def test_build_is_byte_identical(two_builds: tuple[Path, Path]) -> None:
    """Two runs of the build give the same file list with the same bytes."""
    first, second = two_builds
    a, b = tree_digest(first), tree_digest(second)
    assert sorted(a) == sorted(b)
    changed = [path for path in a if a[path] != b[path]]
    assert not changed, f"files differ between two builds: {changed}"


@pytest.mark.slow
def test_build_layout(two_builds: tuple[Path, Path]) -> None:
    """dist/ holds the pinned runtime in versioned folders, the wheel, the SW and the manifest icons."""
    dist, _ = two_builds
    for name in (*pins.PYODIDE_FILES, "pyodide-lock.json", pins.MICROPIP_WHEEL):
        assert (dist / site.PYODIDE_DIR / name).is_file(), name
    assert (dist / site.PYSCRIPT_DIR / "core.js").is_file()
    assert len(list((dist / "wheels").rglob("pyengine-*-py3-none-any.whl"))) == 1
    for name in ("index.html", "sw.js", "manifest.webmanifest", "icons/icon-192.png", "icons/icon-512.png",
                 "icons/icon.svg", "app/boot.js", "app/main.js", "engine/worker.py"):
        assert (dist / name).is_file(), name
    sw = (dist / "sw.js").read_text()
    for path in tree_digest(dist):
        if path != "sw.js":
            assert f'"./{path}"' in sw, f"sw.js does not precache {path}"
    assert "@@" not in (dist / "index.html").read_text()


@pytest.mark.slow
def test_no_outside_urls_in_dist(two_builds: tuple[Path, Path]) -> None:
    """No text file of dist/, the vendored runtime included, nor the engine wheel, names an outside URL."""
    dist, _ = two_builds
    offenders: list[str] = []
    for path in sorted(dist.rglob("*")):
        rel = path.relative_to(dist).as_posix()
        if not path.is_file():
            continue
        if path.suffix in TEXT_SUFFIXES:
            offenders += [f"{rel}: {url}" for url in outside_urls(path.read_text(errors="replace"))]
        elif path.suffix == ".whl" and rel.startswith("wheels/"):
            with zipfile.ZipFile(path) as wheel:
                for member in wheel.namelist():
                    if Path(member).suffix in TEXT_SUFFIXES | {".md", ".csv"} or member.endswith("METADATA"):
                        text = wheel.read(member).decode(errors="replace")
                        offenders += [f"{rel}!{member}: {url}" for url in outside_urls(text)]
    assert not offenders, "outside URLs in shipped files:\n" + "\n".join(offenders)


def test_pinned_hash_mismatch_fails_clearly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A vendored runtime file whose bytes differ from the recorded sha256 stops the build, naming it."""
    fake = tmp_path / "node_modules"
    for name in pins.PYODIDE_FILES:
        (fake / "pyodide").mkdir(parents=True, exist_ok=True)
        (fake / "pyodide" / name).write_bytes(b"tampered")
    monkeypatch.setattr(site, "NODE_MODULES", fake)
    with pytest.raises(BuildError, match=r"hash mismatch for .*pyodide\.mjs"):
        site.runtime_files()


def test_framing_policy_embed_page_only_and_the_app_keeps_its_own() -> None:
    """netlify.toml (and the local server, which sends the same): embed.html may be framed by any site and fetch
    lessons over https; every other page may be framed only by this site. The pages' meta copies leave out
    frame-ancestors (browsers ignore it there)."""
    embed = headers.headers_for("/embed.html")["Content-Security-Policy"]
    app = headers.headers_for("/index.html")["Content-Security-Policy"]
    assert "frame-ancestors *" in embed and "connect-src 'self' https:" in embed
    assert "frame-ancestors 'self'" in app and "connect-src 'self';" in app
    for path in ("/learn/jump-drive.html", "/app/main.js", "/"):
        assert "frame-ancestors 'self'" in headers.headers_for(path)["Content-Security-Policy"]
    assert "frame-ancestors" not in headers.meta_policy(embed)
    assert headers.headers_for("/pyodide/314.0.7/x.wasm")["Content-Type"] == "application/wasm"


@pytest.mark.slow
def test_embed_page_and_poster_catalog_are_built(two_builds: tuple[Path, Path]) -> None:
    """dist/ has embed.html (templated, its meta policy the embed one), embed.js, the lessons and learn pages, and
    a small poster catalog holding only the embed strings and game names (from the one full catalog)."""

    dist, _ = two_builds
    page = (dist / "embed.html").read_text()
    assert "@@" not in page and "connect-src 'self' https:" in page
    # The embeds' own engine worker (no PyScript in a frame), with the app's Pyodide loader, which dist/ holds.
    loader = re.search(r'<meta name="engine-worker" content="./engine/plain-worker.mjs" data-loader="./([^"]+)">', page)
    assert loader and (dist / loader.group(1)).is_file() and "pyscript" not in page.lower()
    for name in ("embed.js", "learn/jump-drive.html", "learn/learn.css", "learn/learn.js",
                 "lessons/jump-drive-explore.json", "app/embed/poster.js", "engine/plain-worker.mjs"):
        assert (dist / name).is_file(), name
    poster = json.loads((dist / "app/i18n/poster.en.json").read_text())
    full = json.loads((dist / "app/i18n/en.json").read_text())
    assert poster["embed.try.lesson"] == full["embed.try.lesson"] and poster["jd.name"] == full["jd.name"]
    assert all(k.startswith("embed.") or k.endswith(".name") for k in poster) and len(poster) < 200


@pytest.mark.slow
def test_the_home_screens_static_data_is_the_engines_own_answers(two_builds: tuple[Path, Path]) -> None:
    """app/data/info.json and app/data/catalog/<game>.json (what the home screen draws before the engine is up)
    equal the bridge's answers to `info` and `catalog`, so the page never shows a game or option the engine lacks."""

    from pyengine.bridge import handle

    dist, _ = two_builds
    info = json.loads(handle('{"op": "info"}'))
    assert info.pop("ok") is True
    assert json.loads((dist / "app/data/info.json").read_text()) == info
    for game in info["games"]:
        answer = json.loads(handle(json.dumps({"op": "catalog", "game": game["id"]})))
        assert answer.pop("ok") is True
        assert json.loads((dist / f"app/data/catalog/{game['id']}.json").read_text()) == answer


def shipped_wheel(dist: Path) -> Path:
    """Return the engine wheel dist/ ships."""
    [found] = (dist / "wheels").rglob("pyengine-*.whl")
    return found


def engine_modules() -> set[str]:
    """Return the dotted names of every module of the checkout's engine package."""
    names = set()
    for path in (ROOT / "pyengine").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


@pytest.mark.slow
def test_the_shipped_wheel_holds_only_what_the_browser_runs(two_builds: tuple[Path, Path]) -> None:
    """The wheel dist/ ships (and the frozen lock names) holds every engine module but the dev-only ones
    (``wheel.DEV_ONLY_MODULES``), each as sourceless bytecode at ``pkg/mod.pyc`` (where the import system finds it
    without a source), hash-based and unchecked (no timestamp: the build stays byte-identical); the games' data; and
    no source, no ``.md``, no py.typed, no entry point. RECORD lists each file with its true hash and size. It stays
    within 730 KB (650 KB until the archived code vocabularies of issue 31, about 6 KB, and the share op; 660 KB until
    issue 33's position setup, about 31 KB, and the replay's history ops; 700 KB until issue 34's review with Expert,
    the learned evaluation and its weights, about 12 KB)."""
    import base64
    import struct

    dist, _ = two_builds
    assert set(wheel.DEV_ONLY_MODULES) < engine_modules()
    path = shipped_wheel(dist)
    assert path.stat().st_size <= 730_000
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        record = [line.split(",") for line in zf.read(record_name).decode().splitlines()]
        assert sorted(row[0] for row in record) == sorted(names) and [record_name, "", ""] in record
        for name, digest, size in record:
            if name != record_name:
                data = zf.read(name)
                b64 = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                assert digest == f"sha256={b64}"
                assert size == str(len(data))
        unwanted = (".py", ".md", "py.typed", "entry_points.txt")
        assert not [n for n in names if n.endswith(unwanted) or "__pycache__" in n]
        modules = {n[:-4].replace("/", ".").removesuffix(".__init__") for n in names if n.endswith(".pyc")}
        assert modules == engine_modules() - set(wheel.DEV_ONLY_MODULES)
        for name in (n for n in names if n.endswith(".pyc")):
            (flags,) = struct.unpack("<I", zf.read(name)[4:8])
            assert flags == 1, f"{name}: flags {flags}, want 1 (hash-based, source not checked)"
        data_files = {n for n in names if n.endswith(".json")}
        # table_ids.json: read by the lesson checker only (dev-only); the texts in other languages and the data's
        # English for translators (locales/data/): the page reads them from its own catalogs.
        assert data_files == {p.relative_to(ROOT).as_posix() for p in (ROOT / "pyengine").rglob("*.json")
                              if p.name != "table_ids.json" and p.parent.parts[-2:] != ("locales", "data")
                              and not (p.parent.name == "locales" and p.name != "en.json")}
        bridge = zf.read("pyengine/bridge.pyc")
    assert b"Time random playouts inside this interpreter" not in bridge  # a docstring of the bridge's
    assert b"bridge/bad_request" in bridge  # its code's own strings stay


PYODIDE_CHECK = """
import dis, json
import pyengine.bridge
from pyengine.core import text
assertion = any("AssertionError" in i.argrepr for i in dis.get_instructions(text.catalog))
json.dumps({"loader": type(pyengine.bridge.__loader__).__name__, "file": pyengine.bridge.__file__,
            "docs": [pyengine.bridge.__doc__, pyengine.bridge.handle.__doc__, text.Text.__doc__],
            "assert": assertion, "info": json.loads(pyengine.bridge.handle('{"op": "info"}'))["ok"]})
"""


@pytest.mark.slow
def test_the_pinned_pyodide_runs_the_shipped_wheels_bytecode(two_builds: tuple[Path, Path]) -> None:
    """In the pinned Pyodide (node), the engine imports from the shipped wheel's sourceless bytecode and answers;
    its docstrings are gone and its asserts are still there (``text.catalog``'s)."""
    dist, _ = two_builds
    done = subprocess.run(["node", str(ROOT / "tools" / "run_in_pyodide.mjs"), str(shipped_wheel(dist))],
                          input=PYODIDE_CHECK, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["loader"] == "SourcelessFileLoader" and found["file"].endswith("/pyengine/bridge.pyc")
    assert found["docs"][:2] == [None, None] and not (found["docs"][2] or "").startswith("One player-facing text")
    assert found["assert"] is True and found["info"] is True


BLOCKED_PLAY = """
import json, sys

for name in sys.argv[1:]:
    sys.modules[name] = None  # importing it now fails: the browser wheel does not carry it

from pyengine.bridge import handle

answers = []


def call(**request):
    answer = json.loads(handle(json.dumps(request)))
    answers.append((request["op"], answer))
    return answer


def play(game, players):
    seats = [{"name": "Ann", "kind": "human"}] + [{"name": f"Bot {n}", "kind": "hard"} for n in range(1, players)]
    snap = call(op="new_match", game=game, players=players, seed=11, options={}, seats=seats, viewer=0)
    match = snap["match"]
    call(op="catalog", game=game)
    for _ in range(8):
        if snap["terminal"]:
            break
        seat = snap["to_move"][0]
        if seat == 0:
            snap = call(op="state", match=match, viewer=0)
            action = snap["decision"]["actions"][0]["a"]
            call(op="canonical", game=game, actions=[action])
            snap = call(op="submit", match=match, seat=0, action=action, viewer=0)
        else:
            for _ in range(200):
                snap = call(op="think", match=match, seat=seat, viewer=0, slice_ms=10, max_ms=50)
                if "thinking" not in snap:
                    break
    call(op="undo", match=match, seat=0, viewer=0)
    code = call(op="code", match=match)["code"]
    call(op="close", match=call(op="new_from_code", code=code, viewer=0)["match"])
    save = call(op="save", match=match)["save"]
    call(op="close", match=call(op="load", save=save, viewer=0)["match"])
    loader = call(op="load_start", save=save, viewer=0)["loader"]
    while not call(op="load_step", loader=loader, entries=2).get("done"):
        pass
    easy = [{"name": "A", "kind": "easy"}] + [{"name": "B", "kind": "normal"}] * (players - 1)
    other = call(op="new_match", game=game, players=players, seed=3, options={}, seats=easy, viewer=None)
    call(op="bots", match=other["match"], viewer=None, max_steps=20)
    call(op="selftest", game=game, seed=5, players=players)
    call(op="bench", game=game, games=1)


info = call(op="info")
for game in info["games"]:
    play(game["id"], game["min_players"] if game["min_players"] > 1 else 2)
print(json.dumps(answers))
"""


def test_the_bridge_plays_every_game_without_the_dev_only_modules() -> None:
    """With every dev-only module blocked (``sys.modules[name] = None``, in a fresh CPython), the bridge still plays a
    few moves of every game through its JSON ops: info, new_match, catalog, state, canonical, submit, think (the
    search), undo, code, new_from_code, save, load, load_start/load_step, bots, selftest, bench, close. So the list
    ``wheel.DEV_ONLY_MODULES`` can never hide a module the browser needs."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", BLOCKED_PLAY, *wheel.DEV_ONLY_MODULES], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    answers = json.loads(done.stdout)
    failed = [(op, answer) for op, answer in answers if not answer["ok"]
              and not (op == "undo" and answer["error"]["code"] == "undo/not_allowed")]
    assert not failed, failed[:3]
    ops = {op for op, _ in answers}
    assert {"submit", "think", "bots", "load_step", "new_from_code", "bench"} <= ops
    played = [answer for op, answer in answers if op == "think" and "played" in answer]
    assert played, "no bot played through think"
    games = {answer["game"] for op, answer in answers if op == "new_match"}
    assert games == {g["id"] for g in answers[0][1]["games"]} and len(games) >= 3


def test_docstrings_are_stripped_and_asserts_kept() -> None:
    """buildkit/pyc.py (what compiles the engine inside Pyodide) removes the module's, classes' and functions'
    docstrings and nothing else: asserts still fire, other strings stay, a body left empty still runs, and line
    numbers are the source's."""
    source = textwrap.dedent('''\
        """Module doc."""
        from __future__ import annotations


        def f(x: int) -> int:
            """F doc."""
            assert x > 0, "x must be positive"
            return x


        class Only:
            """Only a docstring."""


        async def g() -> str:
            """G doc."""
            return "not a docstring"


        def where() -> int:
            import sys
            return sys._getframe().f_lineno
        ''').encode()
    data = pyc.compile_sourceless(source, "/site/sample.py")
    assert data[4:8] == (1).to_bytes(4, "little") and len(data) > 16
    tree = pyc.strip_docstrings(__import__("ast").parse(source))
    namespace: dict[str, object] = {}
    exec(compile(tree, "/site/sample.py", "exec"), namespace)
    assert namespace.get("__doc__") is None
    f, only, g, where = (namespace[n] for n in ("f", "Only", "g", "where"))
    assert f.__doc__ is None and only.__doc__ is None and g.__doc__ is None  # type: ignore[attr-defined]
    assert f(2) == 2  # type: ignore[operator]
    with pytest.raises(AssertionError, match="x must be positive"):
        f(0)  # type: ignore[operator]
    assert where() == 22  # type: ignore[operator]
    assert b"F doc" not in data and b"Module doc" not in data and b"x must be positive" in data


def test_the_engine_facts_come_from_the_staged_source(tmp_path: Path) -> None:
    """The texts and data the site takes from the engine are asked, in a subprocess, of the source tree the wheel is
    built from: a change made only in a staged copy (its version here) shows in the facts."""
    staged = wheel.stage_source(tmp_path / "src")
    version = staged / "pyengine" / "core" / "version.py"
    version.write_text(version.read_text().replace('ENGINE_VERSION = "0.1.0"', 'ENGINE_VERSION = "9.9.9-staged"'))
    facts = catalog.engine_facts(staged)
    assert facts.info["engine_version"] == "9.9.9-staged"
    assert set(facts.catalogs) == {g["id"] for g in facts.info["games"]} and facts.texts and facts.namespaces
    assert not list(staged.rglob("__pycache__")), "the staged tree stays as it was"


@pytest.mark.slow
def test_the_service_worker_leaves_the_runtimes_big_files_to_the_http_cache(two_builds: tuple[Path, Path]) -> None:
    """sw.js names the runtime's big files as DIRECT (left to the browser's HTTP cache while the site answers), and
    precaches them like every other file, so an offline start still finds them."""
    dist, _ = two_builds
    sw = (dist / "sw.js").read_text()
    direct = re.search(r"const DIRECT = new Set\((\[[^\]]*\])", sw)
    assert direct, "sw.js has no DIRECT list"
    listed = json_list(direct.group(1))
    import fnmatch

    assert len(listed) == len(site.DIRECT_FILES)  # each pattern names one shipped file (the snapshot by its content)
    for name in site.DIRECT_FILES:
        assert len(fnmatch.filter(listed, f"./{site.PYODIDE_DIR}/{name}")) == 1, name
    for path in listed:
        assert (dist / path).is_file() and f'"{path}"' in sw.split("const DIRECT")[0], f"{path} is not precached"


@pytest.mark.slow
def test_the_runtime_lock_is_micropips_frozen_lock_with_the_engine(two_builds: tuple[Path, Path]) -> None:
    """pyodide-lock.json is what micropip.freeze() gives once the engine wheel is installed: micropip and the engine,
    each with its true sha256 and a file_name that resolves (from the lock's folder) to the shipped wheel; the page
    names the engine as a package and passes it to Pyodide's loader, so no visit imports micropip."""

    dist, _ = two_builds
    folder = dist / site.PYODIDE_DIR
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    assert sorted(lock["packages"]) == ["micropip", "pyengine"]
    upstream = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"] == upstream["info"]
    for entry in lock["packages"].values():
        wheel = (folder / entry["file_name"]).resolve()
        assert wheel.is_file() and wheel.is_relative_to(dist.resolve()), entry["file_name"]
        assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    engine = lock["packages"]["pyengine"]
    assert engine["depends"] == [] and engine["imports"] == ["pyengine"]
    assert Path(engine["file_name"]).name == shipped_wheel(dist).name
    page = (dist / "index.html").read_text()
    assert '"packages": ["pyengine"]' in page and '"packages_cache": "passthrough"' in page


@pytest.mark.slow
def test_the_app_page_starts_pyscript_only_after_its_home_screen(two_builds: tuple[Path, Path]) -> None:
    """shell-first: index.html loads no PyScript itself; it names PyScript's core in <meta name="pyscript-core">
    (main.js imports it once the home screen is on screen). inline-data: the page carries the two files the home
    screen draws from as inline JSON blocks (the same JSON, with no "<" that could end the block), so it neither
    preloads nor fetches them; the files stay for the embed page and offline use."""
    dist, _ = two_builds
    page = (dist / "index.html").read_text()
    head = page.split("</head>", 1)[0]
    assert f'<meta name="pyscript-core" content="./{site.PYSCRIPT_DIR}/core.js">' in head
    assert not re.search(r"<script[^>]*pyscript", page), "the page must not load PyScript before its home screen"
    assert 'rel="preload"' not in head
    assert set(site.PAGE_DATA) == {"app/i18n/en.json", "app/data/info.json"}
    for path, block_id in site.PAGE_DATA.items():
        blocks = re.findall(rf'<script type="application/json" id="{block_id}">(.*?)</script>', page, flags=re.S)
        assert len(blocks) == 1, block_id
        assert "<" not in blocks[0]
        assert json.loads(blocks[0]) == json.loads((dist / path).read_text()), path
    main = (ROOT / "web" / "app" / "main.js").read_text()  # dist/'s copy is minified (bundled)
    assert "engine.start()" in main and "whenHomeOnScreen" in main


def test_inline_page_data_cannot_end_its_block() -> None:
    """inline-data: a "<" in the data (a catalog text such as "</script>") is written as \\u003c, so the block holds
    the same JSON and no tag."""
    files = {"app/i18n/en.json": json.dumps({"a": "</script><b>x</b>", "z": 1, "m": "é"}).encode(),
             "app/data/info.json": b'{"games": []}'}
    html = site.page_data_blocks(files)
    blocks = dict(re.findall(r'<script type="application/json" id="([a-z0-9-]+)">(.*?)</script>', html, flags=re.S))
    assert set(blocks) == set(site.PAGE_DATA.values())
    for path, block_id in site.PAGE_DATA.items():
        assert "<" not in blocks[block_id]
        assert json.loads(blocks[block_id]) == json.loads(files[path])
    assert list(json.loads(blocks["page-data-i18n-en"])) == ["a", "z", "m"]  # the file's own key order


STATIC_IMPORT = re.compile(r"""\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.[^"']+)["']"""
                           r"""|\bexport\s*[\w$*{},\s]+?from\s*["'](\.[^"']+)["']""")
"""A static import (or re-export) of a relative module in our minified modules: ``import{a as b}from"./x.js"``,
``import"./x.js"``, ``export*from"./x.js"``; never a dynamic ``import("./x.js")``."""


def imported_modules(dist: Path, entries: list[str]) -> list[str]:
    """Return the dist/ modules the entries import statically, transitively, the entries included (read from the
    shipped files themselves, independently of the build's esbuild metafile)."""
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            for m in STATIC_IMPORT.finditer((dist / path).read_text()):
                spec = m.group(1) or m.group(2)
                todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), spec)))
    return sorted(seen)


@pytest.mark.slow
def test_the_home_screens_modules_are_preloaded_and_the_tables_are_not(two_builds: tuple[Path, Path]) -> None:
    """shell-modules: index.html has one modulepreload for each module that boot.js and main.js import statically,
    directly or not (the build reads them from esbuild's metafile), and none for the game tables, which load when a
    game opens. The list is exactly the static import closure read from the shipped modules, in sorted order."""
    dist, _ = two_builds
    page = (dist / "index.html").read_text()
    listed = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', page)
    assert len(listed) == len(set(listed)) > 3
    for path in listed:
        assert (dist / path).is_file(), path
    assert "app/main.js" in listed
    assert "app/boot.js" not in listed  # the page's own script
    tables = [p for p in (dist / "app").glob("table-*.js")]  # each game's folder, a chunk of its own
    assert len(tables) == 3, tables
    assert any('"jd-table"' in t.read_text() for t in tables)  # the Jump Drive table's code is there, and not in
    assert not any('"jd-table"' in (dist / path).read_text() for path in listed)  # the home screen's
    needed = [p for p in imported_modules(dist, list(site.HOME_SCREEN_MODULES)) if p != "app/boot.js"]
    assert listed == needed


def test_the_preloads_follow_static_imports_only() -> None:
    """From an esbuild metafile: static imports are followed from the home screen's modules, transitively; dynamic
    ``import()`` is not (the game tables); the list is sorted and leaves out boot.js, which the page loads."""
    meta = {"outputs": {
        "out0/app/boot.js": {"imports": [{"path": "out0/app/chunk-B.js", "kind": "import-statement"},
                                         {"path": "out0/app/main.js", "kind": "dynamic-import"}]},
        "out0/app/main.js": {"imports": [{"path": "out0/app/chunk-A.js", "kind": "import-statement"},
                                         {"path": "out0/app/table-T.js", "kind": "dynamic-import"}]},
        "out0/app/chunk-A.js": {"imports": [{"path": "out0/app/chunk-B.js", "kind": "import-statement"}]},
        "out0/app/chunk-B.js": {"imports": []},
        "out0/app/table-T.js": {"imports": [{"path": "out0/app/chunk-C.js", "kind": "import-statement"}]},
        "out0/app/chunk-C.js": {"imports": []},
        "out0/app/main.css": {"imports": []},
    }}
    imports = site.static_imports(meta, "out0")
    assert imports["app/boot.js"] == ["app/chunk-B.js"] and "app/main.css" not in imports
    tags = site.shell_module_preloads(imports)
    listed = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', tags)
    assert listed == ["app/chunk-A.js", "app/chunk-B.js", "app/main.js"]
    with pytest.raises(BuildError, match="outside its output folder"):
        site.static_imports({"outputs": {"elsewhere/x.js": {"imports": []}}}, "out0")


@pytest.mark.slow
def test_the_apps_modules_are_bundled_into_a_few_files(two_builds: tuple[Path, Path]) -> None:
    """bundle: dist/app/ holds the modules that keep an address (site.BUNDLE_ENTRIES) and the chunks they share,
    minified; no source module is left standing alone, and the home screen loads at most 6 files of code."""
    dist, _ = two_builds
    shipped = sorted(p.relative_to(dist).as_posix() for p in (dist / "app").rglob("*") if p.suffix in {".js", ".mjs"})
    chunks = [p for p in shipped if re.fullmatch(r"app/(embed/)?[a-z-]+-[A-Z0-9]{8}\.js", p)]  # esbuild's names
    entries = [e for bundle in site.BUNDLE_ENTRIES.values() for e in bundle]
    assert chunks and sorted([*entries, *chunks]) == shipped
    for source in ("app/ui/home.js", "app/i18n.js", "app/vendor/preact.mjs", "app/games/jump_drive/table.js"):
        assert (ROOT / "web" / source).is_file() or source.startswith("app/vendor/")
        assert not (dist / source).exists(), f"{source} should be inside the bundle"
    home = imported_modules(dist, list(site.HOME_SCREEN_MODULES))
    assert len(home) <= 6, home
    main = (dist / "app" / "main.js").read_text()
    assert main.count("\n") < 10 and len(main) > 10_000  # minified: a few long lines
    # The game texts' and data's addresses no longer depend on where a module's code ends up (document.baseURI).
    for source in ("app/i18n.js", "app/ui/catalog.js", "app/embed/poster.js"):
        assert "import.meta.url" not in (ROOT / "web" / source).read_text(), source


@pytest.mark.slow
def test_the_engine_starts_from_a_python_snapshot(two_builds: tuple[Path, Path]) -> None:
    """snapshot: the app names the snapshot loader as PyScript's interpreter, next to pyodide.mjs (PyScript takes the
    runtime's folder from its address), and the embed page names the same loader for its own engine worker; the
    snapshot is a gzip-compressed Pyodide memory snapshot of this runtime
    (its magic number), named by its content, byte-identical between two builds, left to the HTTP cache by the
    service worker and precached for offline use."""
    import gzip

    first, second = two_builds
    folder = first / site.PYODIDE_DIR
    assert f'"interpreter": "./{site.PYODIDE_DIR}/{site.SNAPSHOT_LOADER}"' in (first / "index.html").read_text()
    assert f'data-loader="./{site.PYODIDE_DIR}/{site.SNAPSHOT_LOADER}"' in (first / "embed.html").read_text()
    [shipped] = [p.name for p in folder.glob("python-snapshot*")]
    packed = (folder / shipped).read_bytes()
    assert shipped == site.snapshot_name(packed), "named by its content: the runtime's folder is cached as immutable"
    loader = (folder / site.SNAPSHOT_LOADER).read_text()
    assert 'from "./pyodide.mjs"' in loader and f'"./{shipped}"' in loader
    assert not (first / "engine" / site.SNAPSHOT_LOADER).exists()
    assert packed == (second / site.PYODIDE_DIR / shipped).read_bytes()
    raw = gzip.decompress(packed)
    assert raw[:4] == b"\x00snp" and len(raw) > 16_000_000  # Pyodide's snapshot magic number, and a whole memory
    sw = (first / "sw.js").read_text()
    direct = json.loads(re.search(r"const DIRECT = new Set\((\[.*?\])\.map", sw, re.S).group(1))  # type: ignore[union-attr]
    assert f"./{site.PYODIDE_DIR}/{shipped}" in direct and f"./{site.PYODIDE_DIR}/pyodide.asm.wasm" in direct
    assert f'"./{site.PYODIDE_DIR}/{shipped}"' in sw.split("const DIRECT", 1)[0]


@pytest.mark.slow
def test_the_first_message_catalog_leaves_each_games_own_texts_to_its_file(two_builds: tuple[Path, Path]) -> None:
    """split-messages: app/i18n/en.json (what the home screen waits for) plus the en.<game>.json files are exactly
    the whole catalog, with no id in two files; a game's file holds only ids of its namespace and its table's labels
    (<ns>ui.*), and its option texts (<ns>.opt.*, on the home screen) stay in the first catalog."""

    dist, _ = two_builds
    folder = dist / "app" / "i18n"
    first = json.loads((folder / "en.json").read_text())
    facts = catalog.engine_facts(ROOT)
    whole = json.loads(catalog.message_catalog(facts))
    seen = dict(first)
    for game, ns in facts.namespaces.items():
        part = json.loads((folder / f"en.{game}.json").read_text())
        assert part and all(k.startswith((f"{ns}.", f"{ns}ui.")) and not k.startswith(f"{ns}.opt.") for k in part)
        assert any(k.startswith(f"{ns}ui.") for k in part), f"{game}'s table labels go with its texts"
        assert not set(part) & set(seen)
        seen.update(part)
        assert any(k.startswith(f"{ns}.opt.") for k in first), f"{game}'s option texts must stay in en.json"
        assert not any(k.startswith((f"{ns}.card.", f"{ns}ui.")) for k in first)
    assert seen == whole
    assert (folder / "en.json").stat().st_size < 60_000


@pytest.mark.slow
def test_the_boot_box_texts_come_from_the_message_catalog(two_builds: tuple[Path, Path]) -> None:
    """The boot box shows before the catalog loads, so the page carries its texts: each is the catalog's own
    engine.stage.* (or engine.failed_short, page.failed) message, with its step numbers filled in, and no English is
    left in boot.js."""
    import html

    dist, _ = two_builds
    catalog = json.loads((dist / "app" / "i18n" / "en.json").read_text())
    page = (dist / "index.html").read_text()
    box = re.search(r'<div id="boot"([^>]*)>', page)
    assert box, "no boot box"
    attrs = {k: html.unescape(v) for k, v in re.findall(r'data-([a-z-]+)="([^"]*)"', box.group(1))}
    for n, stage in enumerate(("runtime", "installing", "ready"), 1):
        want = catalog[f"engine.stage.{stage}"].replace("{step}", str(n)).replace("{steps}", "3")
        assert attrs[stage] == want
    assert attrs["failed"] == catalog["engine.failed_short"]
    assert attrs["page-failed"] == catalog["page.failed"]  # main.js's heading when the catalog itself fails
    assert f'<p id="boot-stage">{html.escape(attrs["runtime"])}</p>' in page
    boot = (dist / "app" / "boot.js").read_text()
    code = "\n".join(line for line in boot.splitlines() if not line.lstrip().startswith("//"))
    assert not re.search(r'"[A-Z][a-z]+ [a-z]+[^"]*"', code), "English text left in boot.js"


def json_list(text: str) -> list[str]:
    """Parse a JSON list of strings."""

    value = json.loads(text)
    assert isinstance(value, list)
    return [str(v) for v in value]


def test_serve_sends_text_compressed_and_keeps_connections_open(tmp_path: Path) -> None:
    """`python build.py serve` (StaticHandler) gzips text for a browser that accepts it, as the host's CDN does,
    sends other files and other clients the bytes as they are, keeps the connection open (HTTP/1.1), and sends a
    folder's address without its "/" to the address with it."""
    import gzip
    import http.client
    import socketserver
    import threading

    (tmp_path / "learn").mkdir()
    (tmp_path / "learn" / "index.html").write_text("<p>learn</p>" * 50)
    (tmp_path / "app.js").write_text("export const x = 1;\n" * 100)
    (tmp_path / "engine.wasm").write_bytes(b"\0asm" + bytes(400))
    handler = serve.StaticHandler
    server = socketserver.ThreadingTCPServer(
        ("127.0.0.1", 0), lambda *a, **k: handler(*a, directory=str(tmp_path), **k))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
        conn.request("GET", "/app.js", headers={"Accept-Encoding": "gzip, br"})
        res = conn.getresponse()
        body = res.read()
        assert res.version == 11 and res.getheader("Content-Encoding") == "gzip"
        assert gzip.decompress(body) == (tmp_path / "app.js").read_bytes()
        assert res.getheader("Content-Type") == "text/javascript"
        conn.request("GET", "/engine.wasm", headers={"Accept-Encoding": "gzip"})  # the same connection
        res = conn.getresponse()
        assert res.read() == (tmp_path / "engine.wasm").read_bytes() and res.getheader("Content-Encoding") is None
        conn.request("GET", "/app.js")
        res = conn.getresponse()
        assert res.read() == (tmp_path / "app.js").read_bytes() and res.getheader("Content-Encoding") is None
        conn.request("GET", "/learn")
        res = conn.getresponse()
        res.read()
        assert res.status == 301 and res.getheader("Location") == "/learn/"
        conn.request("GET", "/learn/", headers={"Accept-Encoding": "gzip"})
        res = conn.getresponse()
        assert gzip.decompress(res.read()) == (tmp_path / "learn" / "index.html").read_bytes()
        conn.close()
    finally:
        server.shutdown()


@pytest.mark.parametrize(
    ("words", "passed"),
    [
        (["test"], []),
        (["test", "--durations=20", "-q"], ["--durations=20", "-q"]),
        (["test", "--", "-p", "no:cacheprovider"], ["-p", "no:cacheprovider"]),
        (["test", "tests/test_cli.py", "-x"], ["tests/test_cli.py", "-x"]),
    ],
)
def test_the_test_command_hands_its_words_to_pytest(
    words: list[str], passed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`python build.py test ARGS` builds, then gives pytest ARGS as written, options first included."""
    build = load_build()
    seen: list[list[str]] = []
    monkeypatch.setattr(build, "build", lambda: None)

    def run_tests(args: list[str]) -> int:
        seen.append(args)
        return 0

    monkeypatch.setattr(build, "run_tests", run_tests)
    assert build.main(words) == 0
    assert seen == [passed]


def test_screenshots_may_be_written_outside_the_project(tmp_path: Path) -> None:
    """tests/browser/screenshots.py --out DIR names what it wrote relative to the project when DIR is inside it, and
    as given when it is not (it used to fail there, on ``relative_to``)."""
    spec = importlib.util.spec_from_file_location("screenshots_script", ROOT / "tests" / "browser" / "screenshots.py")
    assert spec and spec.loader
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.shown(tmp_path / "home-phone.png") == str(tmp_path / "home-phone.png")
    assert script.shown(ROOT / "docs" / "screens" / "home-phone.png") == "docs/screens/home-phone.png"
