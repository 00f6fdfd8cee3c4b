"""Build the engine's wheel (its modules with their bytecode for the pinned Pyodide's Python) and micropip's frozen
lock that names it. Every zip is normalised, so a build is byte-identical run to run.
"""

from __future__ import annotations

import base64
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


def build_wheel(source: Path) -> tuple[str, bytes]:
    """Build the engine wheel from a staged source tree (a clean temp copy of it, so the tree stays as it is); return
    (file name, normalised bytes): the package with its bytecode for the pinned Pyodide (``with_bytecode``)."""
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
        return wheels[0].name, normalize_zip(with_bytecode(wheels[0].read_bytes()))


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
