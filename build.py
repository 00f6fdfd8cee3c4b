#!/usr/bin/env python3
"""Build the offline PWA into dist/ (and optionally serve it on 127.0.0.1).

usage:
    python build.py                    # build the engine wheel and dist/
    python build.py serve [--port N]   # build, then serve dist/ on http://127.0.0.1:N/
    python build.py test [PYTEST ARGS] # install missing test tools, build, then ruff, mypy and pytest (all tests)
    python build.py screenshots        # build, then write PNGs of the key screens (1366x900, 390x844) to docs/screens/
    python build.py table-ids          # write the tables' element ids for lesson checks (buildkit/tableids.py), build
    python build.py locales            # write the data's English texts for translators (locales/data/en.json), build

Every pinned input is checked against the hashes recorded in buildkit/pins.py; a mismatch stops the build:
  * npm tarball integrity of `pyodide` and `@pyscript/core` (as written in package-lock.json),
  * sha256 of every vendored runtime file copied out of node_modules,
  * sha256 of the micropip wheel downloaded from PyPI (cached under .cache/).
The output is byte-identical from one run to the next (fixed zip timestamps, sorted file lists, no clocks).
The work is done by the package buildkit/, one concern a module; this file is its command line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from buildkit.catalog import engine_facts
from buildkit.common import ROOT, BuildError
from buildkit.locales import check_data_english
from buildkit.screenshots import take_screenshots
from buildkit.serve import serve
from buildkit.site import build
from buildkit.tableids import check_or_write, table_games
from buildkit.testrunner import run_tests

__all__ = ["build", "main", "run_tests", "serve", "take_screenshots"]


def main(argv: Iterable[str] | None = None) -> int:
    """Parse the command line and build (and maybe serve, test or take screenshots)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command")
    serve_p = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_p.add_argument("--port", type=int, default=8000)
    sub.add_parser("screenshots", help="build, then write PNG screenshots of the key screens to docs/screens/")
    sub.add_parser("table-ids", help="write each game's table element ids (for lesson highlight checks), then build")
    sub.add_parser("locales", help="write the texts the games' data makes, in English, for translators, then build")
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
        written = check_or_write(table_games(), write=args.command == "table-ids")
        for game in written:
            print(f"wrote the table ids of {game}")
        if args.command == "locales":
            facts = engine_facts(ROOT)
            for game in check_data_english(facts.texts, facts.namespaces, write=True):
                print(f"wrote pyengine/games/{game}/locales/data/en.json: translate the ids it adds in every language")
        build()
    except BuildError as exc:
        print(f"BUILD FAILED: {exc}", file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(args.port)
    if args.command == "test":
        return run_tests(args.pytest_args)
    if args.command == "screenshots":
        return take_screenshots()
    return 0


if __name__ == "__main__":
    sys.exit(main())
