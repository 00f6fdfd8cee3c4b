#!/usr/bin/env python3
"""Print how long the pinned Pyodide takes to import the engine's bridge from the shipped wheel, sourceless, and
from the same wheel with the sources beside its bytecode.

usage: python benchmarks/engine_import.py [--runs 7] [--wheel dist/wheels/<hash>/pyengine-*.whl] [--against WHEEL ...]

The shipped wheel holds sourceless bytecode (``pkg/mod.pyc``). The "with sources" wheel is made from it: the same
bytecode moved to ``pkg/__pycache__/mod.cpython-3X.pyc`` and this checkout's ``pkg/mod.py`` beside it, the layout
the site shipped before. Each ``--against`` wheel (another build's, e.g. ``/tmp/dist_before/wheels/*/*.whl``) is
measured as it is. Each measurement is a fresh node process (``tools/run_in_pyodide.mjs``): it loads the pinned
Pyodide (node_modules), unpacks the wheel into site-packages, then times ``import pyengine.bridge`` and the first
``info`` answer. The wheels take turns run by run (interleaved, each run starting with the next wheel), so the
machine's noise hits them alike. Then one Pyodide imports the engine from each wheel in turn, 3x --runs times (the
engine's modules dropped before each import): the engine's own import, with less noise than a process's start. It
asserts nothing; it prints numbers.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIRST_IMPORT = """
import importlib, json, time
importlib.invalidate_caches()
t0 = time.perf_counter()
import pyengine.bridge
t1 = time.perf_counter()
info = json.loads(pyengine.bridge.handle('{"op": "info"}'))
t2 = time.perf_counter()
json.dumps({"import_ms": (t1 - t0) * 1000, "info_ms": (t2 - t1) * 1000, "ok": info["ok"],
            "loader": type(pyengine.bridge.__loader__).__name__})
"""
"""A first import of the bridge, from the wheel in site-packages, in a fresh Pyodide."""

REIMPORT = """
import importlib, json, sys, time
rounds = {rounds}
times = [[] for _ in wheel_dirs]
for r in range(rounds + 1):
    for n, folder in enumerate(wheel_dirs):
        for name in [m for m in sys.modules if m == "pyengine" or m.startswith("pyengine.")]:
            del sys.modules[name]
        sys.path.insert(0, folder)
        importlib.invalidate_caches()
        t0 = time.perf_counter()
        import pyengine.bridge
        t1 = time.perf_counter()
        sys.path.pop(0)
        if r:  # round 0 warms up: the standard library modules the engine needs come in with the first import
            times[n].append((t1 - t0) * 1000)
json.dumps(times)
"""
"""Repeated imports in one Pyodide, the wheels taking turns (``rounds`` is filled in)."""


def in_pyodide(code: str, wheels: list[Path]) -> str:
    """Run Python code in the pinned Pyodide with the wheels unpacked (``tools/run_in_pyodide.mjs``); return its
    answer (the last line it printed)."""
    done = subprocess.run(["node", str(ROOT / "tools" / "run_in_pyodide.mjs"), *map(str, wheels)], input=code,
                          capture_output=True, text=True, cwd=ROOT)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise SystemExit(f"running in Pyodide with {[w.name for w in wheels]} failed:\n{done.stderr.strip()[-2000:]}")
    return lines[-1]


def with_sources(wheel: bytes, tag: str) -> bytes:
    """Return the sourceless wheel rearranged as source + bytecode: each ``pkg/mod.pyc`` moved to
    ``pkg/__pycache__/mod.<tag>.pyc`` with this checkout's ``pkg/mod.py`` next to it (RECORD left as it is: nothing
    reads it here)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(wheel)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for name in zin.namelist():
            data = zin.read(name)
            if name.endswith(".pyc") and "__pycache__" not in name:
                folder, _, module = name.rpartition("/")
                zout.writestr(f"{folder}/__pycache__/{module[:-4]}.{tag}.pyc", data)
                zout.writestr(name[:-1], (ROOT / name[:-1]).read_bytes())
            else:
                zout.writestr(name, data)
    return out.getvalue()


def measure(wheel: Path) -> dict[str, float]:
    """Import the bridge from one wheel in a fresh Pyodide; return the import's and the first info's times in ms."""
    answer: dict[str, float] = json.loads(in_pyodide(FIRST_IMPORT, [wheel]))
    return answer


def reimport(wheels: list[Path], rounds: int) -> list[list[float]]:
    """Import the bridge from each wheel in turn, ``rounds`` times, in one Pyodide (the engine's modules dropped from
    ``sys.modules`` before each import); return each wheel's times in ms."""
    times: list[list[float]] = json.loads(in_pyodide(REIMPORT.replace("{rounds}", str(rounds)), wheels))
    return times


def main() -> int:
    """Measure each wheel --runs times, interleaved, and print every run and the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--wheel", help="the shipped wheel (default: the one in dist/)")
    parser.add_argument("--against", action="append", default=[], help="another wheel, measured as it is")
    args = parser.parse_args()
    shipped = Path(args.wheel) if args.wheel else next((ROOT / "dist" / "wheels").rglob("pyengine-*.whl"), None)
    if shipped is None:
        print("no engine wheel in dist/wheels/: run `python build.py` first")
        return 1
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    tag = "cpython-" + "".join(str(lock["info"]["python"]).split(".")[:2])
    with tempfile.TemporaryDirectory(prefix="engine-import-") as tmp:
        sourced = Path(tmp) / "with-sources" / shipped.name
        sourced.parent.mkdir()
        sourced.write_bytes(with_sources(shipped.read_bytes(), tag))
        wheels = {"sourceless (shipped)": shipped, "with sources": sourced}
        wheels.update({f"against {n}: {Path(w).parent.name}": Path(w) for n, w in enumerate(args.against, 1)})
        sizes = {name: wheel.stat().st_size for name, wheel in wheels.items()}
        times: dict[str, list[dict[str, float]]] = {name: [] for name in wheels}
        for run in range(args.runs):
            order = list(wheels.items())
            for name, wheel in order[run % len(order):] + order[:run % len(order)]:  # each run starts elsewhere
                result = measure(wheel)
                times[name].append(result)
                print(f"run {run + 1}: {name:<32} import {result['import_ms']:7.1f} ms   "
                      f"info {result['info_ms']:6.1f} ms   ({result['loader']})", flush=True)
        again = reimport(list(wheels.values()), args.runs * 3)
    print(f"\nmedians over {args.runs} runs (a first import pyengine.bridge in a fresh pinned Pyodide, node):")
    for name in wheels:
        imports = [t["import_ms"] for t in times[name]]
        infos = [t["info_ms"] for t in times[name]]
        print(f"  {name:<32} import {statistics.median(imports):7.1f} ms (min {min(imports):.1f}, max "
              f"{max(imports):.1f})   info {statistics.median(infos):6.1f} ms   wheel {sizes[name]:,} bytes")
    print(f"\nthe engine's own import again, {args.runs * 3} times each in one Pyodide, taking turns:")
    for name, ms in zip(wheels, again, strict=True):
        print(f"  {name:<32} import {statistics.median(ms):7.1f} ms (min {min(ms):.1f}, max {max(ms):.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
