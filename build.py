#!/usr/bin/env python3
"""Build the offline PWA into dist/ (and optionally serve it on 127.0.0.1).

usage:
    python build.py                    # build the engine wheel and dist/
    python build.py serve [--port N]   # build, then serve dist/ on http://127.0.0.1:N/
    python build.py test [PYTEST ARGS] # install missing test tools, build, then ruff, mypy and pytest (all tests)
    python build.py screenshots        # build, then write PNGs of the key screens (1366x900, 390x844) to docs/screens/

Every pinned input is checked against the hashes recorded below; a mismatch stops the build:
  * npm tarball integrity of `pyodide` and `@pyscript/core` (as written in package-lock.json),
  * sha256 of every vendored runtime file copied out of node_modules,
  * sha256 of the micropip wheel downloaded from PyPI (cached under .cache/).
The output is byte-identical from one run to the next (fixed zip timestamps, sorted file lists, no clocks).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fnmatch
import gzip
import hashlib
import html
import http.server
import importlib.util
import io
import json
import os
import posixpath
import re
import shutil
import socketserver
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# npm package -> (exact version, tarball integrity recorded in package-lock.json)
NPM_PINS: dict[str, tuple[str, str]] = {
    "pyodide": (
        PYODIDE_VERSION,
        "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
    ),
    "@pyscript/core": (
        PYSCRIPT_VERSION,
        "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
    ),
    "preact": (
        "11.2.0",
        "sha512-/HfHI/7N84e6GrWBJ3J280z3mLaRJiDcSvj/A+y/4AbLnND/1UlGHe1sR6oYuTGwId0nP7dqDU9OnLxMPZ7xBg==",
    ),
}
# The build's own tool (never shipped): esbuild bundles and minifies the app's modules (the ``bundle`` lever).
NPM_TOOL_PINS: dict[str, tuple[str, str]] = {
    "esbuild": (
        "0.28.2",
        "sha512-HKVLS8dvII+xoKW9kmqxbRKrnWEXfJJr/FZhhJmiqIB0e053QNYFqOBouTMO/k5sID4MvCiUCvv8b9M4h32wIA==",
    ),
}
# npm packages used by the tests only (never shipped): name -> (exact version, tarball integrity).
NPM_TEST_PINS: dict[str, tuple[str, str]] = {
    "axe-core": (
        "4.14.1",
        "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
    ),
}

# The keyed-rendering library the UI is drawn with: node_modules/preact/<file> -> (path in dist/, sha256).
PREACT_FILES: dict[str, tuple[str, str]] = {
    "dist/preact.mjs": ("app/vendor/preact.mjs", "bdcbd9abdf2c77c5c45326eab42191e949222d479d0d5f69467387a77040cb55"),
    "LICENSE": ("app/vendor/preact-LICENSE.txt", "1fe6958409c8c257a70c587a18b6f7f412b179b456630790d30b2ec9a8e4b7d4"),
}

# node_modules/pyodide/<file> -> sha256; only what the browser needs at run time (no maps, d.ts, consoles).
PYODIDE_FILES: dict[str, str] = {
    "pyodide.mjs": "6f1d60f7bf529beb300f0f47983c921d3982363640ba20af0e38efdddbc66109",
    "pyodide.asm.mjs": "f7cdc8ece80678ceb712f8e65ebe6d3a83203a180c399865f49612a051693635",
    "pyodide.asm.wasm": "cc36e3cab04fdfc9a63ff13eb52eae2b911bf46c025cc7b281f394bd3de1d5e6",
    "python_stdlib.zip": "fa1957e5777068fc4f7437f96d860ae2fbe9c19732ba06c84e004ec16dd7dd7a",
}
# The upstream lock is read (never shipped): we keep only its info block and the micropip entry.
PYODIDE_LOCK_SHA256 = "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010"

# node_modules/@pyscript/core/dist/<file> -> sha256. All .js/.css are vendored: core imports its
# plugin chunks dynamically, and a missing chunk hangs the boot (see docs); the config disables them.
PYSCRIPT_FILES: dict[str, str] = {
    "codemirror-BDx3jn9j.js": "1e1f59a7067233fbb169a649e3bca6c954ecf037576bffa43b9a445d2369d7a0",
    "codemirror_commands-JTJPAaAA.js": "e132868b02fca15eb29690470bea9491b9ba74cf061a616139576fb0002ea664",
    "codemirror_lang-python-r-dBg-Wd.js": "0dbccb081afadd1312e5d06ea0c9e815e3b56bafedca257cef806840cae811c7",
    "codemirror_language-BeYrpeur.js": "72dd1f2bc74afbb8422ec41560d9ccaf1bed7cdc0989763d5095f27d95975fa8",
    "codemirror_state-DxSVIxgn.js": "8c37e42db1f03eb38840c6dab18ee136ad92c2b6d856e419894e59ab5ab799c9",
    "codemirror_view-BsXnWedx.js": "741ac70f60b1bfdfbf2512e7ac7ed52a32fcf697d64df3e47c6462c0f331a854",
    "core-C9KDLldu.js": "6ebd3fd9f13faa7859f54bed5304c532da8a194fffbe14baf1986af1a1f17dd6",
    "core.css": "4a3d70ab34376a646ccfc1216cd79b9c31e80bc3816e2496d2d4d0136e811165",
    "core.js": "e3c6992c6625630423d8e720ebba6cfe1d2ad7a9e4be7224a1e4a3c52edc8d07",
    "deprecations-manager-UpAPKqCb.js": "853a48e814afe7ad7fd93d8dfa20abe3992d7a91994f85eb97b806cd7d712c52",
    "donkey-4Hrqd7WZ.js": "bf4cb5d7e5dde003a79f7ece9f25dae17d9aaacab4e84bbb0a3cc9570a3dffa1",
    "error-D2315lOB.js": "872d9b91b2b1ba283fc6d0d98af1e49dedebfa1a026c15265d712e5f84a599ee",
    "index-CSo4Vcso.js": "9257c35baa4ae0e838797ccfef91782cb13aebd5ab773582917079df4ceb54b7",
    "mpy-Dvj-3zXq.js": "8f9885e0694cfaa65a99dcb68d19fceebe2ad189ad26c3a11f5a359968ed8dd6",
    "py-Dl-y4L1b.js": "d0bda6037f01430052b1542ecaf0602e32b6c05a2e67a66ad6844ed96d217a28",
    "py-editor-C4XsZtn7.js": "4dc3047ff5fbf69690b04b4cf684eeaa982d869842a22314b8116fcb00a1ad89",
    "py-game-DWiCrr7a.js": "02c550364adf2a2dc6a5234653c7819f9707c73a8d6e3330df28f0d477410d53",
    "py-terminal-CwQ6kcjg.js": "111421dd0a1f185eb5b0371b8f8216fcbd2415d9a4b335c5f3368d187b6fd716",
    "pyodide_graph-CX6fRcVL.js": "46c1b3a9290317e4bb651c66f743e62d9e5dc56eb099c71a8264fdbb340bb2ca",
    "service-worker.js": "01ba4719c80b6fe911b091a7c05124b64eeece964e09c058ef8f9805daca546b",
    "storage.js": "ae1eb3b432f0903bb7bc9e42ceac1bb6e69dd7a65589f243a00c0f56bb8e9b0b",
    "toml-Blg7Izee.js": "6b8f6e0f3e142c82eaa322c2a90fec1b6ee4e2002ab4354f4e30d13128a6b950",
    "toml-V4Savzlc.js": "b8ddc7914a2d7b2e502ca841a5b92fdb9fc9a565bbd762cd3e0f32c60629178e",
    "xterm-Bdboj2r8.js": "ff7b2d62466aa5b8f4d359f9ce73319554832a93b0591e94542fdb8fcb9e70aa",
    "xterm-readline-CVifJ5yI.js": "6bbf573b0448a1d1d4cfefdcf1a3e94b2193ce2163a0f4964df8b3eae70fb589",
    "xterm.css": "ccb44f3d091228247bfa4e82547eb60cd8e2186eaf85ae5a77031f4e826c8ba2",
    "xterm_addon-fit-43qXDVCl.js": "95629434adf6e1f7e78b271a85c8f4c46f48a2a0f12ef8bd1e0813e4fc5b687e",
    "xterm_addon-web-links-DVH-i-UR.js": "8e49fe91f873fd921a020f94067998f3dc83c32c7d440209a51bf9190c1cc634",
    "zip-T1gzVEcZ.js": "960a40fd3d2f889b6fa457507be3dfc9300cc0399dced1ce8e0ad94ec587cf16",
}
PYSCRIPT_CORE_CHUNK = "core-C9KDLldu.js"  # what core.js imports; preloaded (without shell-first)
PYSCRIPT_ERROR_CHUNK = "error-D2315lOB.js"  # imported at start even with "!error"; preloaded too

# Where the runtime lives inside dist/: versioned folders, so long immutable caching is safe.
PYODIDE_DIR = f"pyodide/{PYODIDE_VERSION}"
PYSCRIPT_DIR = f"pyscript/{PYSCRIPT_VERSION}"

# Fixed timestamp for every zip entry we write (2024-01-01T00:00:00Z), unless SOURCE_DATE_EPOCH is set.
DEFAULT_EPOCH = 1704067200
# Our own files, copied from web/ (templates and generated files are handled separately).
TEMPLATED = {"index.html", "embed.html", "engine/tags.html", "sw.template.js", "app/i18n/ui.en.json"}
SKIP_NAMES = {"__pycache__", ".DS_Store"}
PLACEHOLDER_MAIN = """\
// Placeholder written by build.py because web/app/main.js was missing; the UI replaces it.
import { engine } from "./engine-client.js";

const app = document.getElementById("app");
engine.ready.then((info) => {
  app.textContent = `Engine ready (pyengine ${info.engine_version})`;
});
"""

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
}


class BuildError(Exception):
    """A build input is missing or does not match its pinned hash."""


def log(msg: str) -> None:
    """Print one progress line of the build."""
    print(f"[build] {msg}", flush=True)


def sha256_bytes(data: bytes) -> str:
    """Return the hex sha256 of some bytes."""
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    """Return the hex sha256 of a file's content."""
    return sha256_bytes(path.read_bytes())


def check_hash(what: str, actual: str, expected: str) -> None:
    """Fail the build with a clear message when a pinned hash does not match."""
    if actual != expected:
        raise BuildError(
            f"hash mismatch for {what}:\n  expected {expected}\n  actual   {actual}\n"
            "The pinned input changed. If the upgrade is intended, update the hash recorded in build.py."
        )


def source_epoch() -> int:
    """Return the timestamp used for zip entries (SOURCE_DATE_EPOCH or a fixed default)."""
    return int(os.environ.get("SOURCE_DATE_EPOCH", DEFAULT_EPOCH))


# --------------------------------------------------------------------------- pinned inputs


def check_npm_pins() -> None:
    """Check package.json and package-lock.json pin the exact versions and integrities recorded here."""
    pkg = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    declared_all = {**pkg.get("dependencies", {}), **pkg.get("devDependencies", {})}
    for name, (version, integrity) in {**NPM_PINS, **NPM_TOOL_PINS, **NPM_TEST_PINS}.items():
        declared = declared_all.get(name)
        if declared != version:
            raise BuildError(f"package.json must pin {name} to exactly {version!r}, found {declared!r}")
        entry = lock.get("packages", {}).get(f"node_modules/{name}", {})
        if entry.get("version") != version:
            raise BuildError(f"package-lock.json has {name} {entry.get('version')!r}, expected {version}")
        actual = entry.get("integrity", "")
        check_hash(f"npm tarball integrity of {name} (package-lock.json)", actual, integrity)


def node_modules_current() -> bool:
    """Tell whether node_modules holds exactly the locked versions of the pinned packages."""
    installed_lock = NODE_MODULES / ".package-lock.json"
    if not installed_lock.is_file():
        return False
    installed = json.loads(installed_lock.read_text()).get("packages", {})
    for name, (version, integrity) in {**NPM_PINS, **NPM_TOOL_PINS, **NPM_TEST_PINS}.items():
        entry = installed.get(f"node_modules/{name}", {})
        if entry.get("version") != version or entry.get("integrity") != integrity:
            return False
        pkg_json = NODE_MODULES / name / "package.json"
        if not pkg_json.is_file() or json.loads(pkg_json.read_text()).get("version") != version:
            return False
    return True


def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules is missing or does not match package-lock.json."""
    if node_modules_current():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("node_modules is missing or stale and npm is not installed (apt-get install npm)")
    log("node_modules missing or stale: running npm ci")
    subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    if not node_modules_current():
        raise BuildError("npm ci did not install the pinned versions; check package-lock.json")


def shown(path: Path) -> str:
    """Return a path for messages: relative to the project root when inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def read_pinned(path: Path, expected: str) -> bytes:
    """Read a vendored file and check its sha256 against the recorded value."""
    if not path.is_file():
        raise BuildError(f"missing pinned file {shown(path)} (try: rm -r node_modules; npm ci)")
    data = path.read_bytes()
    check_hash(shown(path), sha256_bytes(data), expected)
    return data


def micropip_wheel() -> bytes:
    """Return the pinned micropip wheel from .cache/, downloading it from PyPI on first use."""
    target = CACHE / "wheels" / MICROPIP_WHEEL
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        log(f"downloading {MICROPIP_WHEEL} from PyPI")
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--no-deps", "--python-version", "3.14",
                 "--only-binary=:all:", f"micropip=={MICROPIP_VERSION}", "-d", tmp, "--quiet"],
                check=True,
            )
            shutil.move(Path(tmp) / MICROPIP_WHEEL, target)
    return read_pinned(target, MICROPIP_SHA256)


def minimal_lock(micropip: bytes) -> bytes:
    """Return a pyodide-lock.json holding only micropip, with its sha256 recomputed for our wheel."""
    upstream = json.loads(read_pinned(NODE_MODULES / "pyodide" / "pyodide-lock.json", PYODIDE_LOCK_SHA256))
    entry = dict(upstream["packages"]["micropip"])
    if entry["version"] != MICROPIP_VERSION or entry["file_name"] != MICROPIP_WHEEL:
        raise BuildError(
            f"pyodide {PYODIDE_VERSION} expects micropip {entry['version']}, pinned {MICROPIP_VERSION}"
        )
    entry["sha256"] = sha256_bytes(micropip)
    lock = {"info": upstream["info"], "packages": {"micropip": entry}}
    return (json.dumps(lock, indent=1, sort_keys=True) + "\n").encode()


# --------------------------------------------------------------------------- engine wheel


def wheel_sources() -> list[Path]:
    """List the files the engine wheel is built from (pyproject, readme, the package tree)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    files = [ROOT / "pyproject.toml"]
    readme = pyproject.get("project", {}).get("readme")
    if isinstance(readme, str):
        if not (ROOT / readme).is_file():
            raise BuildError(f"pyproject.toml names readme {readme!r} but it does not exist")
        files.append(ROOT / readme)
    for path in sorted((ROOT / "pyengine").rglob("*")):
        rel = path.relative_to(ROOT)
        if path.is_file() and not SKIP_NAMES.intersection(rel.parts) and path.suffix not in {".pyc", ".pyo"}:
            files.append(path)
    return files


def normalize_zip(data: bytes) -> bytes:
    """Rewrite a zip with sorted entries, fixed timestamps and modes, so equal content gives equal bytes.

    Entries keep their content, so a wheel's RECORD stays valid; `*.dist-info/` goes last, RECORD at the end.
    """
    import time

    stamp = time.gmtime(max(source_epoch(), 315532800))[:6]
    src = zipfile.ZipFile(io.BytesIO(data))

    def order(name: str) -> tuple[int, str]:
        if name.endswith(".dist-info/RECORD"):
            return (2, name)
        return (1 if ".dist-info/" in name else 0, name)

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for name in sorted((i.filename for i in src.infolist() if not i.is_dir()), key=order):
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            dst.writestr(info, src.read(name), compresslevel=9)
    return out.getvalue()


LEVERS = {"pyc": "the engine wheel carries bytecode for the pinned Pyodide's Python",
          "sw-direct": "while the site answers, the runtime's big files skip the service worker (HTTP cache)",
          "lock": "the site ships micropip's frozen lock with the engine in it, so no visit imports micropip",
          "shell-first": "on a first visit, the app page loads PyScript (and so starts the engine) once the home "
                         "screen is drawn, and preloads the home screen's data instead",
          "shell-modules": "the app page names every module of the home screen in a modulepreload, so they load at "
                           "once instead of import level by import level",
          "split-messages": "the message catalog the home screen waits for leaves out each game's own texts, which "
                            "load when that game first opens",
          "bundle": "esbuild bundles and minifies the app's modules: a few files instead of one per module",
          "snapshot": "the engine's Pyodide starts from a memory snapshot of a started Python, made at build time, "
                      "instead of running Python's own start",
          "inline-data": "the app page carries the home screen's message catalog and the games' infos as inline "
                         "JSON blocks, instead of two more requests before its first drawing"}
"""Load-time levers a build can leave out (``PYENGINE_BUILD_WITHOUT=pyc,lock,shell-first,...``), to measure what
each gives: ``python benchmarks/browser_load.py --against <a dist/ built without it>`` (docs/PERFORMANCE.md)."""
SNAPSHOT_FILE = "python-snapshot.bin.gz"
"""The Python memory snapshot's name in web/engine/pyodide-boot.mjs; dist/ ships it named by its content
(``snapshot_name``), since the runtime's folder is served as immutable."""
SNAPSHOT_LOADER = "pyodide-boot.mjs"
"""The engine's Pyodide loader: web/engine/pyodide-boot.mjs, moved next to pyodide.mjs (``snapshot`` lever)."""
DIRECT_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "python-snapshot-*.bin.gz")
"""The runtime's big files, which the service worker leaves to the browser's HTTP cache while the site answers."""


def lever_on(name: str) -> bool:
    """Whether a load-time lever is built in (all are, unless PYENGINE_BUILD_WITHOUT names it)."""
    if name not in LEVERS:
        raise BuildError(f"unknown lever {name!r}")
    off = {n.strip() for n in os.environ.get("PYENGINE_BUILD_WITHOUT", "").split(",") if n.strip()}
    unknown = off - set(LEVERS)
    if unknown:
        raise BuildError(f"PYENGINE_BUILD_WITHOUT names unknown levers {sorted(unknown)}; known: {sorted(LEVERS)}")
    return name not in off


def pyodide_python() -> str:
    """Return the pinned Pyodide's Python as "3.X" (from its lock file's info)."""
    info = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]
    major, minor = str(info["python"]).split(".")[:2]
    return f"{major}.{minor}"


def record_digest(data: bytes) -> str:
    """Return a file's hash as a wheel's RECORD writes it (urlsafe base64 of the sha256, no padding)."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def with_bytecode(wheel: bytes) -> bytes:
    """Add to the engine wheel its modules compiled by the pinned Pyodide's own Python (``tools/compile_pyc.mjs``),
    as ``__pycache__/*.cpython-3X.pyc`` next to the sources, and list them in RECORD.

    The browser then imports the engine without compiling it (Pyodide ships its standard library the same way). The
    files are unchecked-hash .pyc files, so equal sources give equal bytes; CPython of another version ignores them.
    """
    installed = f"/lib/python{pyodide_python()}/site-packages"
    with tempfile.TemporaryDirectory(prefix="pyengine-pyc-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "out"
        with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
            for name in zf.namelist():
                if name.endswith(".py"):
                    target = src / name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(zf.read(name))
        proc = subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(src), str(out), installed],
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            raise BuildError(f"compiling the engine for Pyodide failed:\n{proc.stdout}\n{proc.stderr}")
        compiled = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.pyc"))}
    if not compiled:
        raise BuildError("compiling the engine for Pyodide made no .pyc file")
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(wheel)) as zin, zipfile.ZipFile(buf, "w") as zout:
        record_name = next(n for n in zin.namelist() if n.endswith(".dist-info/RECORD"))
        for item in zin.infolist():
            if item.filename != record_name:
                zout.writestr(item, zin.read(item.filename))
        for name, data in compiled.items():
            zout.writestr(name, data)
        lines = [line for line in zin.read(record_name).decode().splitlines() if line]
        own = [line for line in lines if line.startswith(f"{record_name},")]
        rest = [line for line in lines if not line.startswith(f"{record_name},")]
        rest += [f"{name},sha256={record_digest(data)},{len(data)}" for name, data in compiled.items()]
        zout.writestr(record_name, "\n".join(rest + own) + "\n")
    return buf.getvalue()


def snapshot_name(snapshot: bytes) -> str:
    """Return the snapshot's file name in dist/: ``SNAPSHOT_FILE`` with the first 12 hex digits of its sha256."""
    stem, ext = SNAPSHOT_FILE.split(".", 1)
    return f"{stem}-{sha256_bytes(snapshot)[:12]}.{ext}"


def python_snapshot() -> bytes:
    """Return a gzip-compressed memory snapshot of the pinned Pyodide with Python started (``tools/make_snapshot.mjs``
    in node), byte-identical run to run."""
    with tempfile.TemporaryDirectory(prefix="pyengine-snapshot-") as tmp:
        out = Path(tmp) / SNAPSHOT_FILE
        proc = subprocess.run(["node", str(ROOT / "tools" / "make_snapshot.mjs"), str(out)],
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0 or not out.is_file():
            raise BuildError(f"the Python snapshot could not be made:\n{proc.stdout}\n{proc.stderr}")
        return out.read_bytes()


def frozen_lock(minimal: bytes, micropip: bytes, wheel_name: str, wheel: bytes, wheel_url: str) -> bytes:
    """Return micropip's frozen lock after installing the engine wheel (``tools/freeze_lock.mjs``, the pinned
    Pyodide and micropip in node), with each wheel's ``file_name`` relative to the lock's folder.

    It is the lock PyScript's package cache stores after micropip installs the engine on a first visit; shipped as
    the site's ``pyodide-lock.json``, it lets every visit load the engine by name, without micropip in the browser.
    ``wheel_url`` is the engine wheel's URL relative to the lock's folder.
    """
    with tempfile.TemporaryDirectory(prefix="pyengine-lock-") as tmp:
        (Path(tmp) / "pyodide-lock.json").write_bytes(minimal)
        (Path(tmp) / MICROPIP_WHEEL).write_bytes(micropip)
        (Path(tmp) / wheel_name).write_bytes(wheel)
        proc = subprocess.run(["node", str(ROOT / "tools" / "freeze_lock.mjs"), tmp, str(Path(tmp) / wheel_name)],
                              capture_output=True, text=True, cwd=ROOT)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        raise BuildError(f"micropip could not freeze a lock with the engine:\n{proc.stdout}\n{proc.stderr}")
    lock = json.loads(lines[-1])
    packages = lock.get("packages", {})
    engine = packages.get("pyengine", {})
    if sorted(packages) != ["micropip", "pyengine"] or engine.get("sha256") != sha256_bytes(wheel):
        raise BuildError(f"micropip's frozen lock does not hold exactly micropip and this engine wheel: {packages}")
    if engine.get("depends"):
        raise BuildError(f"the engine must have no dependencies; micropip found {engine['depends']}")
    if lock["info"] != json.loads(minimal)["info"]:
        raise BuildError("micropip's frozen lock names another runtime than the pinned Pyodide")
    packages["micropip"]["file_name"] = MICROPIP_WHEEL
    engine["file_name"] = wheel_url
    return (json.dumps(lock, indent=1, sort_keys=True) + "\n").encode()


def build_wheel() -> tuple[str, bytes]:
    """Build the engine wheel from pyproject.toml in a clean temp copy; return (file name, bytes)."""
    with tempfile.TemporaryDirectory(prefix="pyengine-wheel-") as tmp:
        src = Path(tmp) / "src"
        for path in wheel_sources():
            dest = src / path.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
        out = Path(tmp) / "out"
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(source_epoch()), PYTHONDONTWRITEBYTECODE="1")
        proc = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(src)],
            env=env, capture_output=True, text=True,
        )
        if proc.returncode != 0:
            raise BuildError(f"building the engine wheel failed:\n{proc.stdout}\n{proc.stderr}")
        wheels = sorted(out.glob("*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"expected one pure-Python wheel, got {[w.name for w in wheels]}")
        wheel = wheels[0].read_bytes()
        return wheels[0].name, normalize_zip(with_bytecode(wheel) if lever_on("pyc") else wheel)


# --------------------------------------------------------------------------- site


def header_rules() -> list[tuple[str, dict[str, str]]]:
    """Return netlify.toml's header rules in order: (path pattern, {header: value})."""
    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    return [(str(rule.get("for", "")), {str(k): str(v) for k, v in rule.get("values", {}).items()})
            for rule in config.get("headers", [])]


def path_matches(pattern: str, path: str) -> bool:
    """Tell whether a Netlify header path pattern (``/*``, ``/x/*``, ``/*.wasm``, ``/a.html``) matches a path."""
    regex = "^" + ".*".join(re.escape(part) for part in pattern.split("*")) + "$"
    return re.match(regex, path) is not None


def headers_for(path: str) -> dict[str, str]:
    """Return the headers Netlify sends for a path: every matching rule in order, a later value replacing an
    earlier one of the same header (the local server sends the same, so tests see the deployed policy)."""
    out: dict[str, str] = {}
    for pattern, values in header_rules():
        if path_matches(pattern, path):
            out.update(values)
    return out


def meta_policy(csp: str) -> str:
    """Return a policy for a <meta> tag: without frame-ancestors, which browsers ignore (and warn about) there."""
    return "; ".join(d.strip() for d in csp.split(";") if not d.strip().startswith("frame-ancestors"))


def content_security_policy(path: str = "/index.html") -> str:
    """Read a page's Content-Security-Policy from netlify.toml (the single source; mirrored into the page)."""
    csp = headers_for(path).get("Content-Security-Policy")
    if csp is None:
        raise BuildError(f"netlify.toml gives {path} no Content-Security-Policy under [[headers]]")
    return csp


def render(template: str, values: dict[str, str], name: str) -> str:
    """Replace @@KEY@@ tokens in a template; fail if a token is left over."""
    for key, value in values.items():
        template = template.replace(f"@@{key}@@", value)
    if "@@" in template:
        raise BuildError(f"{name}: unreplaced template token near {template[template.index('@@'):][:40]!r}")
    return template


def own_files() -> dict[str, bytes]:
    """Collect our own files from web/ (not the templates, the icons included), adding the main.js placeholder if
    absent."""
    files: dict[str, bytes] = {}
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if path.is_file() and rel not in TEMPLATED and not SKIP_NAMES.intersection(path.parts):
            files[rel] = path.read_bytes()
    if "app/main.js" not in files:
        main = WEB / "app" / "main.js"
        log("web/app/main.js is missing: writing the placeholder (the UI replaces it)")
        main.write_text(PLACEHOLDER_MAIN)
        files["app/main.js"] = main.read_bytes()
    return files


# An outside URL inside vendored runtime code: a scheme and a host that is not this machine. The XML namespace
# of SVG is a name, not a location, and stays.
OUTSIDE_URL = re.compile(rb"https?://(?!127\.0\.0\.1|localhost|www\.w3\.org/2000/svg)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
REMOVED_URL = b"about:blank#removed-offline-build"


def without_outside_urls(data: bytes) -> bytes:
    """Replace every outside scheme+host in a vendored text file by an inert local marker.

    They are CDN defaults, docs links in error messages and MicroPython package indexes that this app never
    uses (its config names the self-hosted runtime); removing them makes "dist/ names no outside URL" true for
    every file, and any code path that would have used one fails locally instead of going online.
    """
    return OUTSIDE_URL.sub(REMOVED_URL, data)


def runtime_files() -> dict[str, bytes]:
    """Collect the pinned, hash-checked runtime: Pyodide, the minimal lock, micropip, PyScript."""
    files: dict[str, bytes] = {}
    for name, digest in PYODIDE_FILES.items():
        data = read_pinned(NODE_MODULES / "pyodide" / name, digest)
        files[f"{PYODIDE_DIR}/{name}"] = without_outside_urls(data) if name.endswith(".mjs") else data
    micropip = micropip_wheel()
    files[f"{PYODIDE_DIR}/{MICROPIP_WHEEL}"] = micropip
    files[f"{PYODIDE_DIR}/pyodide-lock.json"] = minimal_lock(micropip)
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    shipped = sorted(p.name for p in dist.iterdir() if p.suffix in {".js", ".css"})
    if shipped != sorted(PYSCRIPT_FILES):
        diff = sorted(set(shipped) ^ set(PYSCRIPT_FILES))
        raise BuildError(f"@pyscript/core dist/ file list changed: {diff}")
    for name, digest in PYSCRIPT_FILES.items():
        files[f"{PYSCRIPT_DIR}/{name}"] = without_outside_urls(read_pinned(dist / name, digest))
    for name, (target, digest) in PREACT_FILES.items():
        files[target] = read_pinned(NODE_MODULES / "preact" / name, digest)
    return files


def engine_texts() -> ModuleType:
    """Import the engine's text module from this checkout, with every built-in game's texts registered."""
    sys.path.insert(0, str(ROOT))
    try:
        import pyengine
        from pyengine.core import text
    finally:
        sys.path.pop(0)
    pyengine.games()  # imports every built-in game, so each registers its texts
    return text


def catalog_json(table: dict[str, Any]) -> bytes:
    """Return a message table as the page's catalog files hold it (sorted ids, one per line)."""
    return (json.dumps(table, ensure_ascii=False, sort_keys=True, indent=0) + "\n").encode("utf-8")


def message_catalog() -> bytes:
    """Return the page's English message catalog: its own strings plus every engine text (labels, log, cards).

    The page's strings live in web/app/i18n/ui.en.json; the engine's are the message tables every game registers
    on import (pyengine.core.text.catalog()). An id in both is a build error, so one source owns each string.
    """
    ui = json.loads((WEB / "app" / "i18n" / "ui.en.json").read_text(encoding="utf-8"))
    engine = engine_texts().catalog()
    both = sorted(set(ui) & set(engine))
    if both:
        raise BuildError(f"message ids defined by both the page and the engine: {both[:10]}")
    return catalog_json({**dict(sorted(ui.items())), **engine})


def split_messages(full: bytes) -> dict[str, bytes]:
    """Return the page's catalog files: ``app/i18n/en.json`` and one ``app/i18n/en.<game>.json`` per game.

    With the ``split-messages`` lever, each game's own texts (ids in its namespace: cards, log lines, terms, prompts;
    and its table's labels, ``<ns>ui.*``) go to its file, except its option texts (``<ns>.opt.*``), which the home
    screen shows; the page's first catalog keeps the rest. Without it, the first catalog is the whole one and the game
    files are empty.
    """
    owner = {ns: game for game, ns in engine_texts().game_namespaces().items()}
    owner.update({f"{ns}ui": game for ns, game in list(owner.items())})  # each game table's own labels (jdui, ...)
    parts: dict[str, dict[str, Any]] = {game: {} for game in owner.values()}
    first: dict[str, Any] = {}
    for key, value in json.loads(full).items():
        ns, _, rest = key.partition(".")
        if lever_on("split-messages") and ns in owner and not rest.startswith("opt."):
            parts[owner[ns]][key] = value
        else:
            first[key] = value
    games = {f"app/i18n/en.{game}.json": catalog_json(table) for game, table in sorted(parts.items())}
    return {"app/i18n/en.json": catalog_json(first), **games}


def shell_data() -> dict[str, bytes]:
    """Return the static data the home screen draws from before the engine is up: the engine's ``info`` answer
    (games, player counts, options, version) and each game's card catalog, as the bridge answers them.

    The page fetches these instead of asking the engine, so its home screen is usable while Pyodide still boots; a
    test checks that they equal the engine's own answers.
    """
    sys.path.insert(0, str(ROOT))
    try:
        from pyengine.bridge import handle
    finally:
        sys.path.pop(0)

    def answer(request: dict[str, str]) -> bytes:
        body = json.loads(handle(json.dumps(request)))
        if body.pop("ok", None) is not True:
            raise BuildError(f"the engine refused {request}: {body}")
        return (json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")

    files = {"app/data/info.json": answer({"op": "info"})}
    for game in json.loads(files["app/data/info.json"])["games"]:
        files[f"app/data/catalog/{game['id']}.json"] = answer({"op": "catalog", "game": game["id"]})
    return files


POSTER_KEYS = re.compile(r"^(embed\.|game\.[a-z_]+\.name$)")


def poster_catalog(full: bytes) -> bytes:
    """Return the small catalog an embed's poster draws from before the engine (and the full catalog) loads:
    the ``embed.*`` strings and the game names, taken from the full catalog so one source owns each string."""
    merged = json.loads(full)
    subset = {k: v for k, v in merged.items() if POSTER_KEYS.match(k)}
    return (json.dumps(subset, ensure_ascii=False, sort_keys=True, indent=0) + "\n").encode("utf-8")


BOOT_STAGES = ("runtime", "installing", "ready")


def boot_texts(catalog: bytes) -> dict[str, str]:
    """Return the boot box's texts from the message catalog, HTML-escaped for the page (``BOOT_RUNTIME`` and so on):
    the box shows before the catalog loads, so the page carries them (``web/app/boot.js`` reads them from it)."""
    messages = json.loads(catalog)
    steps = len(BOOT_STAGES)
    texts = {f"BOOT_{stage.upper()}": str(messages[f"engine.stage.{stage}"]).replace("{step}", str(n))
             .replace("{steps}", str(steps)) for n, stage in enumerate(BOOT_STAGES, 1)}
    texts["BOOT_FAILED"] = str(messages["engine.failed_short"])
    texts["BOOT_PAGE_FAILED"] = str(messages["page.failed"])
    return {key: html.escape(text, quote=True) for key, text in texts.items()}


def cache_name(files: dict[str, bytes]) -> str:
    """Return the SW cache name: a hash over (path, bytes) of every file of the build."""
    h = hashlib.sha256()
    for path in sorted(files):
        h.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    return f"pyengine-{h.hexdigest()[:16]}"


_IMPORT_FROM = re.compile(r"""\b(?:import|export)\b[^;'"`]*?\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']""")


BUNDLES: dict[str, tuple[str, ...]] = {
    "app": ("app/boot.js", "app/main.js", "app/ui/game-tables.js"),
    "app/embed": ("app/embed/poster.js", "app/embed/runtime.js", "app/embed/embed-app.js"),
}
"""The two bundles, each as (its chunks' folder: the modules that keep their address). The app page loads boot.js,
which loads main.js, which loads the game tables when a game opens; the embed page loads poster.js, then runtime.js
and embed-app.js. Code that a bundle's modules share goes to ``<folder>/chunk-<hash>.js``, so each module runs once on
a page. The two pages share no bundle: each loads only its own code."""


def bundle_app(files: dict[str, bytes]) -> dict[str, bytes]:
    """Return the files with the app's modules (app/**/*.js, *.mjs) bundled and minified, and its style sheets
    minified, by esbuild (``bundle``).

    The home screen then loads 5 files of code instead of 21 (Lighthouse's simulated mobile network pays a round
    trip for each on its 6 connections), 27 KB compressed instead of 66 KB. Without the lever, or for any other file,
    the files are returned as they are.
    """
    if not lever_on("bundle"):
        return files
    modules = {rel: data for rel, data in files.items() if rel.startswith("app/") and rel.endswith((".js", ".mjs"))}
    esbuild = NODE_MODULES / "esbuild" / "bin" / "esbuild"
    bundled: dict[str, bytes] = {}
    used: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="pyengine-bundle-") as tmp:
        for rel, data in modules.items():
            (Path(tmp) / "src" / rel).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / "src" / rel).write_bytes(data)
        for n, (folder, entries) in enumerate(BUNDLES.items()):
            out = f"out{n}"
            cmd = [str(esbuild), *(f"src/{e}" for e in entries), "--bundle", "--splitting", "--format=esm",
                   "--minify", "--target=es2022", "--charset=utf8", f"--outdir={out}", "--outbase=src",
                   "--entry-names=[dir]/[name]", f"--chunk-names={folder}/[name]-[hash]", f"--metafile=meta{n}.json",
                   "--log-level=warning"]
            done = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
            if done.returncode != 0 or done.stderr.strip():
                raise BuildError(f"esbuild failed: {done.stderr.strip()[-2000:]}")
            used.update(json.loads((Path(tmp) / f"meta{n}.json").read_text())["inputs"])
            root = Path(tmp) / out
            for p in sorted(root.rglob("*")):
                rel = p.relative_to(root).as_posix()
                if p.is_file():
                    if rel in bundled:
                        raise BuildError(f"bundle: two bundles write {rel}")
                    bundled[rel] = p.read_bytes()
        for rel in (r for r in files if r.startswith("css/") and r.endswith(".css")):  # style sheets: minified
            css = subprocess.run([str(esbuild), "--minify", "--loader=css", "--charset=utf8", "--log-level=warning"],
                                 input=files[rel], capture_output=True)
            if css.returncode != 0 or css.stderr.strip():
                raise BuildError(f"esbuild failed on {rel}: {css.stderr.decode()[-2000:]}")
            bundled[rel] = css.stdout
    unused = sorted(rel for rel in modules if f"src/{rel}" not in used)
    if unused:
        raise BuildError(f"bundle: {unused} are not reached from any bundle's modules (add an entry or remove them)")
    return {**{rel: data for rel, data in files.items() if rel not in modules}, **bundled}


def module_graph(files: dict[str, bytes], entries: list[str]) -> list[str]:
    """Return the site paths of every module the entry modules import statically, transitively, in sorted order.

    Only relative specifiers are followed (the app imports nothing else); dynamic ``import()`` is not followed.
    """
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        if path not in files:
            raise BuildError(f"module graph: {path} is imported but not in the build")
        seen.add(path)
        folder = posixpath.dirname(path)
        for m in _IMPORT_FROM.finditer(files[path].decode("utf-8")):
            spec = m.group(1) or m.group(2)
            if spec.startswith("."):
                todo.append(posixpath.normpath(posixpath.join(folder, spec)))
    return sorted(seen)


def shell_module_preloads(files: dict[str, bytes]) -> str:
    """Return the app page's modulepreload tags for the home screen's modules (by the ``shell-modules`` lever)."""
    if not lever_on("shell-modules"):
        return "<!-- (no modulepreload list: a build without the shell-modules lever) -->"
    modules = [p for p in module_graph(files, ["app/boot.js", "app/main.js"]) if p != "app/boot.js"]
    head = ("<!-- The home screen's modules (build.py follows boot.js's and main.js's imports): all requested at\n"
            "     once, instead of one import level after another. -->")
    return "\n".join([head, *(f'<link rel="modulepreload" href="./{p}">' for p in modules)])


PAGE_DATA = {"app/i18n/en.json": "page-data-i18n-en", "app/data/info.json": "page-data-info"}
"""The files the app page's home screen draws from, and the ids of the inline blocks that carry them
(web/app/page-data.js, the ``inline-data`` lever)."""


def page_data_blocks(files: dict[str, bytes]) -> str:
    """Return the app page's inline JSON blocks for the home screen's data (``inline-data``), or a note without it.

    Each file's JSON is written compact, in its own key order, with every ``<`` as ``\\u003c`` (the same JSON: ``<``
    only occurs in its strings), so no text in it can end the block. Data blocks are never run: the page's script
    policy allows them.
    """
    if not lever_on("inline-data"):
        return "<!-- (no inline data: a build without the inline-data lever; the home screen fetches its files) -->"
    blocks = ["<!-- The home screen's data (build.py's inline-data): the message catalog the home screen needs and the",
              "     games' infos, the same JSON as app/i18n/en.json and app/data/info.json (web/app/page-data.js). -->"]
    for path, block_id in PAGE_DATA.items():
        compact = json.dumps(json.loads(files[path]), ensure_ascii=False, separators=(",", ":"))
        text = compact.replace("<", "\\u003c")
        blocks.append(f'<script type="application/json" id="{block_id}">{text}</script>')
    return "\n".join(blocks)


def engine_start_tags(values: dict[str, str]) -> str:
    """Return the app page's head tags that start PyScript (the engine), by the ``shell-first`` lever.

    With it, the page names PyScript's core in a meta tag, which main.js imports once the home screen is on screen
    (boot.js at once on a returning visit, which the service worker controls), and, without ``inline-data``, the head
    preloads what the home screen waits for (the message catalog and the games' infos): a first paint no longer
    shares the network and the two cores with the runtime's 15 MB. Without it, PyScript starts at once, with
    preloads for the chunks it would otherwise fetch one after another.
    """
    if lever_on("shell-first"):
        return "\n".join([
            "<!-- The engine starts once the home screen is on screen (main.js imports this): the home screen's",
            "     first paint does not share the network and the cores with the runtime. Its data comes inside",
            "     this page (or, without inline-data, is preloaded meanwhile). -->",
            f'<meta name="pyscript-core" content="{values["PYSCRIPT_DIR"]}/core.js">',
            *([] if lever_on("inline-data") else [
                f'<link rel="preload" href="./{path}" as="fetch" crossorigin="anonymous">' for path in PAGE_DATA]),
        ])
    return "\n".join([
        "<!-- PyScript first: it starts the engine worker. The preloads fetch, in parallel, what PyScript",
        "     would otherwise fetch one after another before the worker can start (core chunk, error chunk,",
        "     worker code). -->",
        f'<link rel="modulepreload" href="{values["PYSCRIPT_CORE_CHUNK"]}" fetchpriority="high">',
        f'<link rel="modulepreload" href="{values["PYSCRIPT_ERROR_CHUNK"]}" fetchpriority="high">',
        '<link rel="preload" href="./engine/worker.py" as="fetch" crossorigin="anonymous" fetchpriority="high">',
        f'<script type="module" src="{values["PYSCRIPT_DIR"]}/core.js" fetchpriority="high"></script>',
    ])


def site_files(wheel_name: str, wheel: bytes) -> dict[str, bytes]:
    """Assemble every file of dist/ as {relative path: bytes}."""
    files = runtime_files()
    wheel_path = f"wheels/{sha256_bytes(wheel)[:12]}/{wheel_name}"
    files[wheel_path] = wheel
    lock_path = f"{PYODIDE_DIR}/pyodide-lock.json"
    if lever_on("lock"):
        to_root = "../" * PYODIDE_DIR.count("/") + "../"
        files[lock_path] = frozen_lock(files[lock_path], files[f"{PYODIDE_DIR}/{MICROPIP_WHEEL}"], wheel_name, wheel,
                                       to_root + wheel_path)
    files.update(own_files())
    messages = message_catalog()
    files.update(split_messages(messages))
    files["app/i18n/poster.en.json"] = poster_catalog(messages)
    files.update(shell_data())
    files = bundle_app(files)
    loader = files.pop(f"engine/{SNAPSHOT_LOADER}")
    if lever_on("snapshot"):
        snapshot = python_snapshot()
        name = snapshot_name(snapshot)
        named = f'"./{SNAPSHOT_FILE}"'.encode()
        if loader.count(named) != 1:
            raise BuildError(f"web/engine/{SNAPSHOT_LOADER} must name ./{SNAPSHOT_FILE} once")
        files[f"{PYODIDE_DIR}/{SNAPSHOT_LOADER}"] = loader.replace(named, f'"./{name}"'.encode())
        files[f"{PYODIDE_DIR}/{name}"] = snapshot
    values = {
        "CSP": meta_policy(content_security_policy("/index.html")),
        "PYODIDE_MJS": f"./{PYODIDE_DIR}/{SNAPSHOT_LOADER if lever_on('snapshot') else 'pyodide.mjs'}",
        "PYSCRIPT_DIR": f"./{PYSCRIPT_DIR}",
        "PYSCRIPT_CORE_CHUNK": f"./{PYSCRIPT_DIR}/{PYSCRIPT_CORE_CHUNK}",
        "PYSCRIPT_ERROR_CHUNK": f"./{PYSCRIPT_DIR}/{PYSCRIPT_ERROR_CHUNK}",
        # With the frozen lock the engine loads by name (PyScript hands it to Pyodide's loader); without it, micropip
        # installs the wheel on a first visit and PyScript caches its lock for the next ones.
        "ENGINE_PACKAGE": "pyengine" if lever_on("lock") else f"./{wheel_path}",
        "PACKAGES_CACHE": "passthrough" if lever_on("lock") else "all",
    }
    values.update(boot_texts(messages))
    values["ENGINE_START"] = engine_start_tags(values)
    values["SHELL_MODULES"] = shell_module_preloads(files)
    values["PAGE_DATA"] = page_data_blocks(files)
    # The engine's PyScript config and worker tag, the same in the app and (inert until started) in embeds.
    values["ENGINE_TAGS"] = render((WEB / "engine" / "tags.html").read_text(), values, "web/engine/tags.html").rstrip()
    files["index.html"] = render((WEB / "index.html").read_text(), values, "web/index.html").encode()
    values["CSP"] = meta_policy(content_security_policy("/embed.html"))
    files["embed.html"] = render((WEB / "embed.html").read_text(), values, "web/embed.html").encode()
    precache = ["./", *(f"./{p}" for p in sorted(files))]
    sw = render(
        (WEB / "sw.template.js").read_text(),
        {"CACHE_NAME": json.dumps(cache_name(files)), "FILES": json.dumps(precache, indent=2),
         "DIRECT": json.dumps([f"./{path}" for path in sorted(files)
                               if any(fnmatch.fnmatch(path, f"{PYODIDE_DIR}/{name}") for name in DIRECT_FILES)]
                              if lever_on("sw-direct") else [])},
        "web/sw.template.js",
    )
    files["sw.js"] = sw.encode()
    return files


def write_dist(files: dict[str, bytes], dist: Path = DIST) -> None:
    """Replace dist/ with exactly these files (written to a sibling folder, then swapped in)."""
    staging = dist.with_name(dist.name + ".tmp")
    shutil.rmtree(staging, ignore_errors=True)
    for rel, data in sorted(files.items()):
        target = staging / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    shutil.rmtree(dist, ignore_errors=True)
    staging.rename(dist)


def build(dist: Path = DIST) -> dict[str, bytes]:
    """Run the whole build: check pins, build the wheel, write dist/. Return the files written."""
    check_npm_pins()
    ensure_node_modules()
    wheel_name, wheel = build_wheel()
    log(f"engine wheel {wheel_name}: {len(wheel):,} bytes")
    files = site_files(wheel_name, wheel)
    write_dist(files, dist)
    total = sum(len(b) for b in files.values())
    log(f"dist/: {len(files)} files, {total:,} bytes")
    return files


# --------------------------------------------------------------------------- serve


COMPRESSED_TYPES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".txt"}
"""What ``serve`` sends gzip-compressed: the text types a CDN (Netlify's included) compresses; not the wasm, the
zipped standard library or the wheel."""


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serve dist/ with the right MIME types; the base class answers If-Modified-Since with 304."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # Keep-alive, as any real host (Netlify speaks HTTP/2): the base class's HTTP/1.0 opens a connection a request.
    protocol_version = "HTTP/1.1"

    def end_headers(self) -> None:
        """Add netlify.toml's headers for the path, and Cache-Control: no-cache so the browser always revalidates
        (the SW does offline caching)."""
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        for name, value in headers_for("/index.html" if path == "/" else path).items():
            if name not in ("Cache-Control", "Content-Type"):  # set below / by the base class from MIME_TYPES
                self.send_header(name, value)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Log one line per request to stderr."""
        sys.stderr.write(f"[serve] {format % args}\n")

    def do_GET(self) -> None:
        """Serve a text file gzip-compressed when the browser accepts it, as the host's CDN does; else as is."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                super().do_GET()  # the base class redirects to the folder's address with its "/"
                return
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        revalidating = self.headers.get("If-Modified-Since")  # the base class answers it (304)
        if not (accepts and path.suffix in COMPRESSED_TYPES and path.is_file()) or revalidating:
            super().do_GET()
            return
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        self.wfile.write(body)


def serve(port: int, dist: Path = DIST) -> None:
    """Serve dist/ on http://127.0.0.1:port/ until interrupted (text gzip-compressed, as a CDN serves it)."""
    handler: Callable[..., StaticHandler] = lambda *a, **k: StaticHandler(*a, directory=str(dist), **k)  # noqa: E731
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("127.0.0.1", port), handler) as httpd:
        httpd.daemon_threads = True
        print(f"serving {dist} at http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


TEST_TOOLS = {"pytest": "pytest", "xdist": "pytest-xdist", "playwright": "playwright", "mypy": "mypy", "ruff": "ruff"}
TYPED_PATHS = ["pyengine", "build.py", "benchmarks"]


def run_tests(pytest_args: list[str]) -> int:
    """Run every check on a fresh build: ruff, mypy --strict, then the whole pytest suite (browser included)."""
    missing = [pkg for module, pkg in TEST_TOOLS.items() if importlib.util.find_spec(module) is None]
    if missing:
        log(f"installing test tools: {' '.join(missing)}")
        subprocess.run([sys.executable, "-m", "pip", "install", *missing], check=True)
    checks = [
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "mypy", *TYPED_PATHS],
    ]
    failed = []
    for cmd in checks:
        log("$ " + " ".join(cmd[2:]))
        if subprocess.run(cmd, cwd=ROOT).returncode != 0:
            failed.append(cmd[2])
    log("static checks passed" if not failed else f"static checks FAILED: {', '.join(failed)}")
    # pytest runs last, so its summary line ("N passed ...") is the last line of the output.
    # Two or more workers: the browser tests (two groups, each in order in one worker, see tests/conftest.py) run
    # side by side, and the rest fills in beside and after them.
    # dist/ was just built, so the browser fixtures serve it as is.
    args = ["-n", str(min(4, max(2, os.cpu_count() or 2))), *pytest_args]
    log("$ pytest " + " ".join(args))
    env = {**os.environ, "PYENGINE_SKIP_BUILD": "1"}
    code = subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env).returncode
    return 1 if failed or code != 0 else 0


def main(argv: Iterable[str] | None = None) -> int:
    """Parse the command line and build (and maybe serve)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command")
    serve_p = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_p.add_argument("--port", type=int, default=8000)
    sub.add_parser("screenshots", help="build, then write PNG screenshots of the key screens to docs/screens/")
    test_p = sub.add_parser("test", help="build, then run ruff, mypy and every test (browser included)")
    test_p.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra arguments for pytest")
    words = list(argv) if argv is not None else sys.argv[1:]
    if words[:1] == ["test"]:
        # Everything after `test` goes to pytest as written (argparse's REMAINDER refuses a first word like
        # `--durations=20`); a leading `--` is dropped.
        args = parser.parse_args(["test"])
        args.pytest_args = words[2:] if words[1:2] == ["--"] else words[1:]
    else:
        args = parser.parse_args(words)
    try:
        build()
    except BuildError as exc:
        print(f"BUILD FAILED: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(args.port)
    if args.command == "test":
        return run_tests(args.pytest_args)
    if args.command == "screenshots":
        script = ROOT / "tests" / "browser" / "screenshots.py"
        out = ROOT / "docs" / "screens"
        cmd = [sys.executable, str(script), "--dist", str(DIST), "--out", str(out)]
        return subprocess.run(cmd, cwd=ROOT).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
