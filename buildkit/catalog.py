"""Make the page's texts and the home screen's data from the engine's own: the message catalog (the page's strings
merged with every engine text) split into a first catalog and one per game, the embed poster's catalog, the boot
box's texts, and the bridge's ``info`` and ``catalog`` answers as static files.

Everything the engine says comes from ``engine_facts``: ``buildkit/engine_facts.py`` run in its own process on the
source tree the wheel is built from.
"""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .common import WEB, BuildError
from .locales import ENGINE_GAMES, LANGUAGE_NAMES, LANGUAGES, YOU, all_messages, check_all, check_data_english

PSEUDO = ("qps-ploc",)
"""The pseudo-languages the build writes as catalogs of their own (``qps``, English marked, is made by the page)."""

FACTS_SCRIPT = Path(__file__).with_name("engine_facts.py")
"""The entry that prints the engine's facts as JSON, run with ``PYTHONPATH`` set to the source tree."""


@dataclass(frozen=True)
class EngineFacts:
    """What the build takes from the engine: its texts, each game's namespace, and two of the bridge's answers."""

    texts: dict[str, Any]
    """Every message the engine registers (``pyengine.core.text.catalog()``): ``{id: {"t": ..., ...}}``."""
    namespaces: dict[str, str]
    """Each game's message namespace, by game id (``{"jump_drive": "jd", ...}``)."""
    info: dict[str, Any]
    """The bridge's ``info`` answer, without ``ok``."""
    catalogs: dict[str, dict[str, Any]]
    """The bridge's ``catalog`` answer for each game, by game id, without ``ok``."""
    code_numbers: dict[str, int] = field(default_factory=dict)
    """Each built-in game's number in a position code's header (``poscode.BUILTIN_GAMES``)."""


def engine_facts(source: Path) -> EngineFacts:
    """Return the engine's facts for the source tree ``source`` (a folder holding ``pyengine/``), asked in a
    subprocess whose ``PYTHONPATH`` is that tree, so the build's own process never imports the engine."""
    env = {**os.environ, "PYTHONPATH": str(source), "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-P", str(FACTS_SCRIPT), str(source)],
                          cwd=source, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildError(f"the engine's texts and data could not be read from {source}:\n{proc.stderr.strip()}")
    data = json.loads(proc.stdout)
    return EngineFacts(texts=data["texts"], namespaces=data["namespaces"], info=data["info"],
                       catalogs=data["catalogs"], code_numbers=data.get("code_numbers", {}))


def catalog_json(table: dict[str, Any]) -> bytes:
    """Return a message table as the page's catalog files hold it (sorted ids, one per line)."""
    return (json.dumps(table, ensure_ascii=False, sort_keys=True, indent=0) + "\n").encode("utf-8")


LOCALE_SOURCES = ("app/locales/*.json", "app/games/*/locales/*.json")
"""The page's message sources under web/ (the shell's strings, each game table's labels): merged into app/i18n/."""


def message_catalog(facts: EngineFacts) -> bytes:
    """Return the page's English message catalog: its own strings, each game table's labels and every engine text.

    Every message is ICU MessageFormat. The page's strings live in web/app/locales/en.json; each game table's labels
    in web/app/games/<id>/locales/en.json (ids under ``<namespace>ui.``, the game's namespace); the engine's are the
    message tables every game registers (each game's locales/en.json and the texts its data gives). An id in two
    sources is a build error, so one source owns each string.
    """
    ui = json.loads((WEB / "app" / "locales" / "en.json").read_text(encoding="utf-8"))
    for folder in sorted((WEB / "app" / "games").iterdir()):
        labels = folder / "locales" / "en.json"
        if not labels.is_file():
            continue
        if folder.name not in facts.namespaces:
            raise BuildError(f"web/app/games/{folder.name}/ is not the folder of a registered game")
        table = json.loads(labels.read_text(encoding="utf-8"))
        outside = sorted(k for k in table if not k.startswith(f"{facts.namespaces[folder.name]}ui."))
        if outside:
            raise BuildError(f"web/app/games/{folder.name}/locales/en.json: ids outside its labels {outside[:5]}")
        twice = sorted(set(ui) & set(table))
        if twice:
            raise BuildError(f"message ids defined twice in the page's sources: {twice[:10]}")
        ui.update(table)
    engine = facts.texts
    both = sorted(set(ui) & set(engine))
    if both:
        raise BuildError(f"message ids defined by both the page and the engine: {both[:10]}")
    return catalog_json({**dict(sorted(ui.items())), **engine})


def language_catalog(english: bytes, lang: str, games: Path | None = None) -> bytes:
    """Return the whole catalog in ``lang``: English's entries with each message (and second-person form) taken from
    the language's files (``buildkit.locales``), or made from English for a pseudo-language.

    Raises:
        BuildError: the language lacks a message (``locales.check_all`` names every gap first).
    """
    if lang == "en":
        return english
    table = json.loads(english)
    if lang in PSEUDO:
        made = {k: pseudo_message(v if isinstance(v, str) else v["t"]) for k, v in table.items()}
        made.update({f"{k}{YOU}": pseudo_message(v["you"]) for k, v in table.items()
                     if isinstance(v, dict) and "you" in v})
    else:
        made = all_messages(lang) if games is None else all_messages(lang, games)
    out: dict[str, Any] = {}
    for key, value in table.items():
        ids = [key] if isinstance(value, str) or "you" not in value else [key, key + YOU]
        gaps = [i for i in ids if i not in made]
        if gaps:
            raise BuildError(f"the {lang} catalog has no message {gaps[0]!r} (python -m buildkit.locales {lang})")
        if isinstance(value, str):
            out[key] = made[key]
        else:
            out[key] = {**value, "t": made[key], **({"you": made[key + YOU]} if "you" in value else {})}
    return catalog_json(out)


ACCENTS = str.maketrans("aceinosuyzACEINOSUYZ", "áçéîñöšûýžÅÇÉÎÑÖŠÛÝŽ")
"""The long pseudo-language's letters: each Latin letter with an accent, so a text that skips the catalog shows."""


def pseudo_message(message: str) -> str:
    """Return a message in the long pseudo-language (``qps-ploc``): every piece of text accented and 40 % longer,
    the whole in brackets, with its arguments, plurals and selects as they were."""
    from .locales import _icu

    icu = _icu()

    def longer(text: str) -> str:
        letters = sum(c.isalpha() for c in text)
        pad = round(letters * 0.4)
        # The padding in short runs, so it wraps like words do (a long language has longer words, not one endless
        # one): "·····" every five letters' worth.
        runs = [("·" * 5)] * (pad // 5) + (["·" * (pad % 5)] if pad % 5 else [])
        return text.translate(ACCENTS) + ("" if not runs else " " + " ".join(runs))

    if message == "":
        return message
    return "[" + str(icu.write(icu.map_text(icu.parse(message), longer))) + "]"


def split_messages(full: bytes, facts: EngineFacts, lang: str = "en") -> dict[str, bytes]:
    """Return the page's catalog files in one language: ``app/i18n/<lang>.json`` and one
    ``app/i18n/<lang>.<game>.json`` per game.

    Each game's own texts (ids in its namespace: cards, log lines, terms, prompts; and its table's labels,
    ``<ns>ui.*``) go to its file, except its name (``<ns>.name``) and option texts (``<ns>.opt.*``), which the home
    screen shows; the page's first catalog keeps the rest.
    """
    owner = {ns: game for game, ns in facts.namespaces.items()}
    owner.update({f"{ns}ui": game for ns, game in list(owner.items())})  # each game table's own labels (jdui, ...)
    parts: dict[str, dict[str, Any]] = {game: {} for game in owner.values()}
    first: dict[str, Any] = {}
    for key, value in json.loads(full).items():
        ns, _, rest = key.partition(".")
        if ns in owner and not rest.startswith("opt.") and rest != "name":
            parts[owner[ns]][key] = value
        else:
            first[key] = value
    games = {f"app/i18n/{lang}.{game}.json": catalog_json(table) for game, table in sorted(parts.items())}
    return {f"app/i18n/{lang}.json": catalog_json(first), **games}


def shell_data(facts: EngineFacts) -> dict[str, bytes]:
    """Return the static data the home screen draws from before the engine is up: the engine's ``info`` answer
    (games, player counts, options, version) and each game's card catalog, as the bridge answers them.

    The page fetches these instead of asking the engine, so its home screen is usable while Pyodide still boots; a
    test checks that they equal the engine's own answers.
    """

    def answer(body: dict[str, Any]) -> bytes:
        return (json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n").encode("utf-8")

    files = {"app/data/info.json": answer(facts.info)}
    for game in facts.info["games"]:
        files[f"app/data/catalog/{game['id']}.json"] = answer(facts.catalogs[game["id"]])
    return files


def poster_catalog(full: bytes, facts: EngineFacts) -> bytes:
    """Return the small catalog an embed's poster draws from before the engine (and the full catalog) loads:
    the ``embed.*`` strings and the game names (``<namespace>.name``), taken from the full catalog so one source
    owns each string."""
    merged = json.loads(full)
    names = {f"{ns}.name" for ns in facts.namespaces.values()}
    subset = {k: v for k, v in merged.items() if k.startswith("embed.") or k in names}
    return (json.dumps(subset, ensure_ascii=False, sort_keys=True, indent=0) + "\n").encode("utf-8")


BOOT_STAGES = ("runtime", "installing", "ready")
"""The boot box's stages, in order (its texts are ``engine.stage.<stage>``)."""


def boot_texts(catalog: bytes) -> dict[str, str]:
    """Return the boot box's texts from the message catalog, HTML-escaped for the page (``BOOT_RUNTIME`` and so on):
    the box shows before the catalog loads, so the page carries them (``web/app/boot.js`` reads them from it)."""
    texts = boot_box_texts(catalog)
    names = {**{stage: f"BOOT_{stage.upper()}" for stage in BOOT_STAGES},
             "failed": "BOOT_FAILED", "pageFailed": "BOOT_PAGE_FAILED"}
    return {names[key]: html.escape(text, quote=True) for key, text in texts.items()}


def boot_box_texts(catalog: bytes) -> dict[str, str]:
    """Return the boot box's texts in one catalog's language, keyed as ``#boot``'s data attributes name them
    (runtime, installing, ready, failed, pageFailed), unescaped."""
    messages = json.loads(catalog)
    steps = len(BOOT_STAGES)
    texts = {stage: str(messages[f"engine.stage.{stage}"]).replace("{step}", str(n)).replace("{steps}", str(steps))
             for n, stage in enumerate(BOOT_STAGES, 1)}
    texts["failed"] = str(messages["engine.failed_short"])
    texts["pageFailed"] = str(messages["page.failed"])
    return texts


def languages_block(boot: dict[str, dict[str, str]]) -> str:
    """Return the pages' inline blocks of the languages this build ships (``[{code, name}]``, each named in itself:
    the picker's list, web/app/language.js) and the boot box's texts in each (boot.js shows the visit's language
    before any catalog loads)."""
    langs = [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES]
    blocks = []
    for block_id, data in (("page-data-languages", langs), ("page-data-boot", boot)):
        compact = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
        blocks.append(f'<script type="application/json" id="{block_id}">{compact}</script>')
    return "\n".join(blocks)


def boot_texts_by_language(files: dict[str, bytes]) -> dict[str, dict[str, str]]:
    """Return the boot box's texts (as ``#boot``'s data attributes name them) in every language, from the built
    catalogs (not escaped: boot.js writes them as text)."""
    return {lang: boot_box_texts(files[f"app/i18n/{lang}.json"]) for lang in (*LANGUAGES, *PSEUDO)}


def games_block(facts: EngineFacts) -> str:
    """Return the pages' inline list of the games this build holds, from the engine's registry, in its order: each
    game's id, the namespace of its texts and its learn page (``learn/<id with dashes>.html`` when web/learn/ has
    one). The home screen, the embeds' checks and every game's texts and name go by it (web/app/ui/catalog.js
    ``knownGames``), and its number in a position code's header (0: the code names it as text), so an embed tells
    a code's game before the engine loads."""
    games = []
    for game in (g["id"] for g in facts.info["games"]):
        learn = f"learn/{game.replace('_', '-')}.html"
        games.append({"id": game, "namespace": facts.namespaces[game],
                      "learn": learn if (WEB / learn).is_file() else None, "code": facts.code_numbers.get(game, 0)})
    compact = json.dumps(games, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="page-data-games">{compact}</script>'


def catalog_files(facts: EngineFacts, source: Path | None = None) -> tuple[bytes, dict[str, bytes]]:
    """Return the whole English message catalog and every file made from the engine's facts: the page's catalog
    files and the poster's catalog in every language (and the long pseudo-language), and the home screen's data.

    Raises:
        BuildError: the data's English file is stale, or a language has a gap, an extra id, a message that is not
            ICU, arguments that differ from English, a plural without its language's categories, or a glossary
            violation.
    """
    games = (source / "pyengine" / "games") if source is not None else ENGINE_GAMES
    check_data_english(facts.texts, facts.namespaces, write=False, games=games)
    problems = check_all(games=games)
    if problems:
        shown = "\n  ".join(problems[:25])
        more = f"\n  ... and {len(problems) - 25} more" if len(problems) > 25 else ""
        raise BuildError(f"the translations are not complete ({len(problems)} problems; python -m buildkit.locales):"
                         f"\n  {shown}{more}")
    messages = message_catalog(facts)
    files: dict[str, bytes] = {}
    for lang in (*LANGUAGES, *PSEUDO):
        full = language_catalog(messages, lang, games)
        files.update(split_messages(full, facts, lang))
        files[f"app/i18n/poster.{lang}.json"] = poster_catalog(full, facts)
    files.update(shell_data(facts))
    return messages, files
