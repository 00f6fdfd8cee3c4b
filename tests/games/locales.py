"""Checks of a game's locale file (``locales/en.json``), shared by the per-game message tests."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

from pyengine.core import text as core_text
from pyengine.core.icu import parse
from pyengine.core.text import Entry, catalog, load_locale


def check_locale(path: Path, namespace: str, computed: Mapping[str, Entry], data_id: str) -> dict[str, Entry]:
    """Assert a game's locale file is the hand-written part of its registered table; return the file's entries.

    The file is a flat JSON object written as a translator gets it (UTF-8 characters as they are, indent 2, one id
    a line); every message parses as ICU MessageFormat; no id in it is one the game computes from its data (ids
    matching ``data_id``, which every computed entry does); and with the computed entries it is exactly the table
    registered under ``namespace``, which is what the catalog holds.
    """
    raw_text = path.read_text(encoding="utf-8")
    raw = json.loads(raw_text)
    assert raw_text == json.dumps(raw, ensure_ascii=False, indent=2) + "\n", f"{path} is not written as expected"
    for key, message in raw.items():
        parse(message)  # a MessageSyntaxError names the message and where it fails
        assert key.startswith(namespace + "."), key
    written = load_locale(path)
    pattern = re.compile(data_id)
    assert not [k for k in written if pattern.match(k)], "the locale file holds ids that the data gives"
    assert all(pattern.match(k) for k in computed), [k for k in computed if not pattern.match(k)][:5]
    assert not written.keys() & computed.keys()
    listed = {k for k in catalog() if k.startswith(namespace + ".")}  # makes the entries derived from the data too
    assert core_text._TABLES[namespace] == {**written, **computed}
    assert listed == written.keys() | computed.keys()
    return written
