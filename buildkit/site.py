"""Assemble dist/: the pinned runtime, our own files from web/, the engine's lean wheel and frozen lock, the
catalogs and data from the engine, the app's modules bundled by esbuild, the templated pages and the service worker.

``build()`` runs the whole build. The output is byte-identical from one run to the next (fixed zip timestamps,
sorted file lists, no clocks).
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .catalog import (
    LOCALE_SOURCES,
    boot_texts,
    boot_texts_by_language,
    catalog_files,
    engine_facts,
    games_block,
    languages_block,
)
from .common import DIST, NODE_MODULES, ROOT, SKIP_NAMES, WEB, BuildError, log, sha256_bytes
from .headers import content_security_policy, meta_policy
from .pins import (
    MICROPIP_WHEEL,
    PYODIDE_FILES,
    PYODIDE_VERSION,
    PYSCRIPT_FILES,
    PYSCRIPT_VERSION,
    VENDOR_FILES,
    check_npm_pins,
    ensure_node_modules,
    micropip_wheel,
    minimal_lock,
    read_pinned,
)
from .wheel import browser_wheel, build_wheel, frozen_lock, stage_source

PYODIDE_DIR = f"pyodide/{PYODIDE_VERSION}"
"""Where Pyodide lives inside dist/: a versioned folder, so long immutable caching is safe."""
PYSCRIPT_DIR = f"pyscript/{PYSCRIPT_VERSION}"
"""Where PyScript lives inside dist/, versioned the same way."""

TEMPLATED = {"index.html", "embed.html", "engine/tags.html", "sw.template.js"}
"""Files of web/ that are not copied as they are: the templates (and the page's message sources, LOCALE_SOURCES)."""

SNAPSHOT_FILE = "python-snapshot.bin.gz"
"""The Python memory snapshot's name in web/engine/pyodide-boot.mjs; dist/ ships it named by its content
(``snapshot_name``), since the runtime's folder is served as immutable."""
SNAPSHOT_LOADER = "pyodide-boot.mjs"
"""The engine's Pyodide loader: web/engine/pyodide-boot.mjs, moved next to pyodide.mjs."""
DIRECT_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "python-snapshot-*.bin.gz")
"""The runtime's big files, which the service worker leaves to the browser's HTTP cache while the site answers."""

BUNDLE_ENTRIES: dict[str, tuple[str, ...]] = {
    "app": ("app/boot.js", "app/main.js"),
    "app/embed": ("app/embed/poster.js", "app/embed/runtime.js", "app/embed/embed-app.js"),
}
"""esbuild's entry points, bundle by bundle: {the folder of its shared chunks: the modules that keep their address}.

The app page loads boot.js, which loads main.js, which loads a game's own folder (web/app/games/<id>/table.js, by a
glob import that makes each game a chunk of its own) when that game opens; the embed page loads poster.js, then
runtime.js and embed-app.js. Code that a bundle's modules share goes to ``<folder>/chunk-<hash>.js``,
so each module runs once on a page. The two pages share no bundle: each loads only its own code. Every module of
web/app/ must be reached from one of these entries."""

HOME_SCREEN_MODULES = ("app/boot.js", "app/main.js")
"""The app page's modules that draw the home screen: what they import statically, transitively, is preloaded."""

PAGE_DATA = {"app/i18n/en.json": "page-data-i18n-en", "app/data/info.json": "page-data-info"}
"""The files the app page's home screen draws from, and the ids of the inline blocks that carry them
(web/app/page-data.js)."""

# An outside URL inside vendored runtime code: a scheme and a host that is not this machine. The XML namespace
# of SVG is a name, not a location, and stays.
OUTSIDE_URL = re.compile(rb"https?://(?!127\.0\.0\.1|localhost|www\.w3\.org/2000/svg)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
REMOVED_URL = b"about:blank#removed-offline-build"


def render(template: str, values: dict[str, str], name: str) -> str:
    """Replace @@KEY@@ tokens in a template; fail if a token is left over."""
    for key, value in values.items():
        template = template.replace(f"@@{key}@@", value)
    if "@@" in template:
        raise BuildError(f"{name}: unreplaced template token near {template[template.index('@@'):][:40]!r}")
    return template


def own_files() -> dict[str, bytes]:
    """Collect our own files from web/ (not the templates, nor the message sources merged into the catalog), the
    icons included."""
    files: dict[str, bytes] = {}
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if (path.is_file() and rel not in TEMPLATED and not SKIP_NAMES.intersection(path.parts)
                and not any(fnmatch.fnmatch(rel, pattern) for pattern in LOCALE_SOURCES)):
            files[rel] = path.read_bytes()
    return files


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
    for name, (target, digest) in VENDOR_FILES.items():
        files[target] = read_pinned(NODE_MODULES / name, digest)
    return files


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


def cache_name(files: dict[str, bytes]) -> str:
    """Return the SW cache name: a hash over (path, bytes) of every file of the build."""
    h = hashlib.sha256()
    for path in sorted(files):
        h.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    return f"pyengine-{h.hexdigest()[:16]}"


def bundle_app(files: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, list[str]]]:
    """Return the files with the app's modules (app/**/*.js, *.mjs) bundled and minified, and its style sheets
    minified, by esbuild, with the bundled modules' static imports.

    The bundles are ``BUNDLE_ENTRIES``. The home screen then loads 5 files of code instead of 21 (Lighthouse's
    simulated mobile network pays a round trip for each on its 6 connections), 27 KB compressed instead of 66 KB.
    The imports come from esbuild's metafile: {each output module's path in dist/: the paths of the modules it
    imports with an ``import`` statement} (dynamic ``import()`` left out).
    """
    modules = {rel: data for rel, data in files.items() if rel.startswith("app/") and rel.endswith((".js", ".mjs"))}
    esbuild = NODE_MODULES / "esbuild" / "bin" / "esbuild"
    bundled: dict[str, bytes] = {}
    imports: dict[str, list[str]] = {}
    used: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="pyengine-bundle-") as tmp:
        for rel, data in modules.items():
            (Path(tmp) / "src" / rel).parent.mkdir(parents=True, exist_ok=True)
            (Path(tmp) / "src" / rel).write_bytes(data)
        for n, (folder, entries) in enumerate(BUNDLE_ENTRIES.items()):
            out = f"out{n}"
            cmd = [str(esbuild), *(f"src/{e}" for e in entries), "--bundle", "--splitting", "--format=esm",
                   "--minify", "--target=es2022", "--charset=utf8", f"--outdir={out}", "--outbase=src",
                   "--entry-names=[dir]/[name]", f"--chunk-names={folder}/[name]-[hash]", f"--metafile=meta{n}.json",
                   "--log-level=warning"]
            # Bare imports (intl-messageformat) resolve from the project's node_modules (esbuild reads NODE_PATH).
            done = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True,
                                  env={**os.environ, "NODE_PATH": str(NODE_MODULES)})
            if done.returncode != 0 or done.stderr.strip():
                raise BuildError(f"esbuild failed: {done.stderr.strip()[-2000:]}")
            meta = json.loads((Path(tmp) / f"meta{n}.json").read_text())
            used.update(meta["inputs"])
            imports.update(static_imports(meta, out))
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
    return {**{rel: data for rel, data in files.items() if rel not in modules}, **bundled}, imports


def static_imports(meta: dict[str, Any], out: str) -> dict[str, list[str]]:
    """Return, from an esbuild metafile, each output module's static imports (kind ``import-statement``), by paths
    in dist/ (the metafile's paths less the output folder ``out``)."""

    def site_path(path: str) -> str:
        if not path.startswith(f"{out}/"):
            raise BuildError(f"bundle: esbuild's metafile names {path}, outside its output folder {out}/")
        return path.removeprefix(f"{out}/")

    return {site_path(path): [site_path(i["path"]) for i in output.get("imports", [])
                              if i.get("kind") == "import-statement"]
            for path, output in meta["outputs"].items() if path.endswith((".js", ".mjs"))}


def reachable(imports: dict[str, list[str]], entries: Iterable[str]) -> list[str]:
    """Return the modules the entries import statically, transitively, the entries included, in sorted order."""
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        if path not in imports:
            raise BuildError(f"bundle: {path} is imported but esbuild wrote no such module")
        seen.add(path)
        todo.extend(imports[path])
    return sorted(seen)


def shell_module_preloads(imports: dict[str, list[str]]) -> str:
    """Return the app page's modulepreload tags for the home screen's modules: every module that boot.js and main.js
    import statically, directly or not (esbuild's metafile), but boot.js itself, which the page loads."""
    modules = [p for p in reachable(imports, HOME_SCREEN_MODULES) if p != "app/boot.js"]
    head = ("<!-- The home screen's modules (build.py follows boot.js's and main.js's imports): all requested at\n"
            "     once, instead of one import level after another. -->")
    return "\n".join([head, *(f'<link rel="modulepreload" href="./{p}">' for p in modules)])


def page_data_blocks(files: dict[str, bytes]) -> str:
    """Return the app page's inline JSON blocks for the home screen's data (``PAGE_DATA``).

    Each file's JSON is written compact, in its own key order, with every ``<`` as ``\\u003c`` (the same JSON: ``<``
    only occurs in its strings), so no text in it can end the block. Data blocks are never run: the page's script
    policy allows them.
    """
    blocks = ["<!-- The home screen's data (build.py's inline-data): the message catalog the home screen needs and the",
              "     games' infos, the same JSON as app/i18n/en.json and app/data/info.json (web/app/page-data.js). -->"]
    for path, block_id in PAGE_DATA.items():
        compact = json.dumps(json.loads(files[path]), ensure_ascii=False, separators=(",", ":"))
        text = compact.replace("<", "\\u003c")
        blocks.append(f'<script type="application/json" id="{block_id}">{text}</script>')
    return "\n".join(blocks)


def service_worker(files: dict[str, bytes]) -> bytes:
    """Return sw.js for these files: it precaches every one of them (and ./) under a cache named by their content,
    and names the runtime's big files (``DIRECT_FILES``) it leaves to the HTTP cache while the site answers."""
    precache = ["./", *(f"./{p}" for p in sorted(files))]
    direct = [f"./{path}" for path in sorted(files)
              if any(fnmatch.fnmatch(path, f"{PYODIDE_DIR}/{name}") for name in DIRECT_FILES)]
    values = {"CACHE_NAME": json.dumps(cache_name(files)), "FILES": json.dumps(precache, indent=2),
              "DIRECT": json.dumps(direct)}
    return render((WEB / "sw.template.js").read_text(), values, "web/sw.template.js").encode()


def site_files(wheel_name: str, wheel: bytes, source: Path) -> dict[str, bytes]:
    """Assemble every file of dist/ as {relative path: bytes}, with the engine wheel ``wheel`` built from the
    staged source tree ``source`` (which also answers for the engine's texts and data)."""
    files = runtime_files()
    wheel_path = f"wheels/{sha256_bytes(wheel)[:12]}/{wheel_name}"
    files[wheel_path] = wheel
    lock_path = f"{PYODIDE_DIR}/pyodide-lock.json"
    to_root = "../" * PYODIDE_DIR.count("/") + "../"
    files[lock_path] = frozen_lock(files[lock_path], files[f"{PYODIDE_DIR}/{MICROPIP_WHEEL}"], wheel_name, wheel,
                                   to_root + wheel_path)
    files.update(own_files())
    facts = engine_facts(source)
    messages, texts_and_data = catalog_files(facts, source)
    files.update(texts_and_data)
    files, imports = bundle_app(files)
    loader = files.pop(f"engine/{SNAPSHOT_LOADER}")
    snapshot = python_snapshot()
    name = snapshot_name(snapshot)
    named = f'"./{SNAPSHOT_FILE}"'.encode()
    if loader.count(named) != 1:
        raise BuildError(f"web/engine/{SNAPSHOT_LOADER} must name ./{SNAPSHOT_FILE} once")
    files[f"{PYODIDE_DIR}/{SNAPSHOT_LOADER}"] = loader.replace(named, f'"./{name}"'.encode())
    files[f"{PYODIDE_DIR}/{name}"] = snapshot
    languages = languages_block(boot_texts_by_language(files))
    values = {
        "CSP": meta_policy(content_security_policy("/index.html")),
        "PYODIDE_MJS": f"./{PYODIDE_DIR}/{SNAPSHOT_LOADER}",
        "PYSCRIPT_DIR": f"./{PYSCRIPT_DIR}",
        **boot_texts(messages),
        "SHELL_MODULES": shell_module_preloads(imports),
        "PAGE_DATA": page_data_blocks(files) + "\n" + games_block(facts) + "\n" + languages,
        "GAMES_DATA": games_block(facts) + "\n" + languages,
    }
    # The engine's PyScript config and worker tag, the same in the app and (inert until started) in embeds.
    values["ENGINE_TAGS"] = render((WEB / "engine" / "tags.html").read_text(), values, "web/engine/tags.html").rstrip()
    files["index.html"] = render((WEB / "index.html").read_text(), values, "web/index.html").encode()
    values["CSP"] = meta_policy(content_security_policy("/embed.html"))
    files["embed.html"] = render((WEB / "embed.html").read_text(), values, "web/embed.html").encode()
    files["sw.js"] = service_worker(files)
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


def build(dist: Path = DIST, source: Path | None = None) -> dict[str, bytes]:
    """Run the whole build: check pins, build the wheels, write dist/. Return the files written.

    ``source`` is a staged source tree to build the engine from (``buildkit.wheel.stage_source``'s layout); by
    default, a fresh copy of this checkout's.
    """
    check_npm_pins()
    ensure_node_modules()
    with tempfile.TemporaryDirectory(prefix="pyengine-source-") as tmp:
        staged = source if source is not None else stage_source(Path(tmp) / "src")
        wheel_name, full = build_wheel(staged)
        wheel = browser_wheel(full)
        log(f"engine wheel {wheel_name}: {len(wheel):,} bytes shipped, bytecode only (the full wheel for Python "
            f"users, sources and docs: {len(full):,} bytes)")
        files = site_files(wheel_name, wheel, staged)
    write_dist(files, dist)
    total = sum(len(b) for b in files.values())
    log(f"dist/: {len(files)} files, {total:,} bytes")
    return files
