"""Check the pinned inputs: npm packages (package.json, package-lock.json, node_modules), the vendored runtime
files' sha256, and the micropip wheel from PyPI (downloaded once into .cache/, then hash-checked)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .common import CACHE, NODE_MODULES, ROOT, BuildError, check_hash, log, sha256_bytes, shown

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
    "intl-messageformat": (
        "12.1.5",
        "sha512-quhcDFAxy4wr/GrgWgmMjuegoedNUIxGNLORfXgDgdjuv8cBM88ClLTLXmfYC1roMSR1PPc55yUEkpJ5m67W2g==",
    ),
    "preact": (
        "11.2.0",
        "sha512-/HfHI/7N84e6GrWBJ3J280z3mLaRJiDcSvj/A+y/4AbLnND/1UlGHe1sR6oYuTGwId0nP7dqDU9OnLxMPZ7xBg==",
    ),
}
# The build's own tool (never shipped): esbuild bundles and minifies the app's modules (buildkit/site.py).
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

# Vendored files from npm packages: node_modules/<file> -> (path in dist/, sha256). Preact, the keyed-rendering library
# the UI is drawn with, and its licence; the licences of intl-messageformat and the @formatjs packages it uses (the
# ICU message formatter, which esbuild bundles into the app's code from node_modules).
VENDOR_FILES: dict[str, tuple[str, str]] = {
    "preact/dist/preact.mjs": ("app/vendor/preact.mjs",
                               "bdcbd9abdf2c77c5c45326eab42191e949222d479d0d5f69467387a77040cb55"),
    "preact/LICENSE": ("app/vendor/preact-LICENSE.txt",
                       "1fe6958409c8c257a70c587a18b6f7f412b179b456630790d30b2ec9a8e4b7d4"),
    "intl-messageformat/LICENSE.md": ("app/vendor/intl-messageformat-LICENSE.txt",
                                      "cc4143615b27c66eafbe913f132a9e41ac14c1e2ec6b2df24dafeaa97f028850"),
    "@formatjs/icu-messageformat-parser/LICENSE.md": ("app/vendor/formatjs-LICENSE.txt",
                                                      "b1cc980e28e9e48f377db191578a9361494ca7117185b69dd66cabaf5b460fb7"),
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
