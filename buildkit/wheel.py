"""Build the engine's wheels: the full one (``pip install .``: sources, CLI, fuzzers, docs) and the lean one the site
ships (only what the browser runs, as docstring-free bytecode of the pinned Pyodide's Python), and micropip's frozen
lock that names the lean one. Every zip is normalised, so a build is byte-identical run to run.
"""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from pathlib import Path

from .common import NODE_MODULES, ROOT, SKIP_NAMES, BuildError, sha256_bytes, source_epoch
from .pins import MICROPIP_WHEEL

DEV_ONLY_MODULES = (
    "pyengine.__main__",
    "pyengine.bots.arena",
    "pyengine.bots.scale",
    "pyengine.bots.train",
    "pyengine.catalog",
    "pyengine.cli",
    "pyengine.fuzz",
    "pyengine.lessons",
    "pyengine.loadfuzz",
)
"""The engine's modules the browser never imports, left out of the shipped wheel: the command line, the fuzzers, the
bot arena, the bots' training and its Ray scale-out, the lesson checker and the catalog printer.

The browser runs web/engine/worker.py, which imports ``pyengine.bridge``; through it and the registry come every game
package (each game's ``heuristic`` by name, for the bots) and the bots, and ``pyengine.playouts`` for the ``bench``
and ``selftest`` ops. None of these modules is reached that way: tests/test_build.py plays every game through every
op of the bridge with them blocked, and tests/test_import_layout.py checks that no browser module imports them.
"""

DROPPED_FILES = ("*.md", "*/py.typed", "*.dist-info/entry_points.txt", "*/data/table_ids.json", "*/locales/[!e]*.json")
"""Files of the full wheel the browser wheel leaves out besides the sources: the rules notes and data docs, the
type checkers' marker, the console script's entry point (its module, ``pyengine.__main__``, is dev-only), the
tables' element ids that only the lesson checker (``pyengine.lessons``, dev-only) reads, and the games' texts in
every language but English (the page reads them from its own catalogs; the engine registers English only)."""
KEPT_FILES = ("*.json", "*.dist-info/METADATA", "*.dist-info/WHEEL", "*.dist-info/top_level.txt")
"""Files of the full wheel the browser wheel keeps as they are: the games' data and the metadata micropip reads.
Any other kind of file stops the build until it is sorted into one list or the other."""


def wheel_sources(root: Path = ROOT) -> list[Path]:
    """List the files the engine wheel is built from (pyproject, readme, the package tree)."""
    pyproject = tomllib.loads((root / "pyproject.toml").read_text())
    files = [root / "pyproject.toml"]
    readme = pyproject.get("project", {}).get("readme")
    if isinstance(readme, str):
        if not (root / readme).is_file():
            raise BuildError(f"pyproject.toml names readme {readme!r} but it does not exist")
        files.append(root / readme)
    for path in sorted((root / "pyengine").rglob("*")):
        rel = path.relative_to(root)
        if path.is_file() and not SKIP_NAMES.intersection(rel.parts) and path.suffix not in {".pyc", ".pyo"}:
            files.append(path)
    return files


def stage_source(dest: Path, root: Path = ROOT) -> Path:
    """Copy the files the engine wheel is built from into dest (a new folder), at their paths; return dest.

    The build reads the engine only from such a staged tree: the wheel is built from it, and the texts and data the
    site takes from the engine are asked of it (``buildkit.catalog.engine_facts``).
    """
    for path in wheel_sources(root):
        target = dest / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return dest


def normalize_zip(data: bytes) -> bytes:
    """Rewrite a zip with sorted entries, fixed timestamps and modes, so equal content gives equal bytes.

    Entries keep their content, so a wheel's RECORD stays valid; `*.dist-info/` goes last, RECORD at the end.
    """
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


def pyodide_python() -> str:
    """Return the pinned Pyodide's Python as "3.X" (from its lock file's info)."""
    info = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())["info"]
    major, minor = str(info["python"]).split(".")[:2]
    return f"{major}.{minor}"


def record_digest(data: bytes) -> str:
    """Return a file's hash as a wheel's RECORD writes it (urlsafe base64 of the sha256, no padding)."""
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_wheel(source: Path) -> tuple[str, bytes]:
    """Build the full engine wheel from a staged source tree (a clean temp copy of it, so the tree stays as it is);
    return (file name, normalised bytes): what ``pip install .`` installs."""
    with tempfile.TemporaryDirectory(prefix="pyengine-wheel-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(source, src, ignore=shutil.ignore_patterns(*SKIP_NAMES, "*.pyc", "*.pyo"))
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
        return wheels[0].name, normalize_zip(wheels[0].read_bytes())


def module_path(module: str) -> str:
    """Return a module's source path inside a wheel (``pyengine.bots.arena`` -> ``pyengine/bots/arena.py``)."""
    return module.replace(".", "/") + ".py"


def compile_for_pyodide(sources: dict[str, bytes]) -> dict[str, bytes]:
    """Return each source (by its path in the wheel) compiled by the pinned Pyodide's own Python
    (``tools/compile_pyc.mjs`` running ``buildkit/pyc.py``): docstring-free, sourceless ``<name>.pyc`` bytecode at the
    source's path, by that path."""
    installed = f"/lib/python{pyodide_python()}/site-packages"
    with tempfile.TemporaryDirectory(prefix="pyengine-pyc-") as tmp:
        src, out = Path(tmp) / "src", Path(tmp) / "out"
        for name, data in sources.items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_bytes(data)
        proc = subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(src), str(out), installed],
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            raise BuildError(f"compiling the engine for Pyodide failed:\n{proc.stdout}\n{proc.stderr}")
        compiled = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*.pyc"))}
    missing = sorted(name for name in sources if f"{name}c" not in compiled)
    if missing or len(compiled) != len(sources):
        raise BuildError(f"compiling the engine for Pyodide made no bytecode for {missing or 'some modules'}")
    return compiled


def browser_wheel(full: bytes) -> bytes:
    """Return the wheel the site ships, made from the full one: only what the browser runs.

    It holds every module but the dev-only ones (``DEV_ONLY_MODULES``) as sourceless bytecode without docstrings,
    compiled by the pinned Pyodide's own Python (``compile_for_pyodide``: ``pkg/mod.pyc`` where ``pkg/mod.py`` was, so
    the import system finds it without a source), the games' data and the metadata (``KEPT_FILES``); no source, no
    ``.md`` and nothing else of ``DROPPED_FILES``. Its RECORD lists each file with its true hash and size.
    """
    dev_only = {module_path(m) for m in DEV_ONLY_MODULES}
    kept: dict[str, bytes] = {}
    sources: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(full)) as zf:
        names = [i.filename for i in zf.infolist() if not i.is_dir()]
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        stale = sorted(dev_only - set(names))
        if stale:
            raise BuildError(f"DEV_ONLY_MODULES names modules the engine no longer has: {stale}")
        for name in names:
            if name == record_name or name in dev_only or matches(name, DROPPED_FILES):
                continue
            if name.endswith(".py"):
                sources[name] = zf.read(name)
            elif matches(name, KEPT_FILES):
                kept[name] = zf.read(name)
            else:
                raise BuildError(f"the engine wheel holds {name}: add its kind to KEPT_FILES or DROPPED_FILES "
                                 "(buildkit/wheel.py)")
    kept.update(compile_for_pyodide(sources))
    rows = [f"{name},sha256={record_digest(data)},{len(data)}" for name, data in sorted(kept.items())]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zout:
        for name, data in sorted(kept.items()):
            zout.writestr(name, data)
        zout.writestr(record_name, "\n".join([*rows, f"{record_name},,"]) + "\n")
    return normalize_zip(buf.getvalue())


def matches(name: str, patterns: tuple[str, ...]) -> bool:
    """Tell whether a wheel member's path matches one of some shell-style patterns (``*`` crosses folders)."""
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns)


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
