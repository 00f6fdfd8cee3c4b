"""The translations: where each language's messages live, the English of the texts the games' data makes, and the
checks that keep every language complete (``python build.py`` refuses a gap).

Every message has one English home (a *component*), and each language has a file of the same shape beside it:

* the page's strings: ``web/app/locales/<lang>.json``;
* each game table's labels: ``web/app/games/<id>/locales/<lang>.json``;
* each game's engine texts: ``pyengine/games/<id>/locales/<lang>.json``;
* the texts each game's data makes (card names and texts, effect lines):
  ``pyengine/games/<id>/locales/data/<lang>.json``.
  Its English file is written from the engine (``python build.py locales``), so a translator opens it as they open
  the others; the build refuses an English file that no longer matches the data.

A file is a flat JSON object of id -> ICU message; ``<id>.you`` is the second-person form. The checks, per language:
a missing or extra id against English, a message that is not ICU MessageFormat, a message whose arguments differ
from its English one, a plural without the categories the language's CLDR rules need, and a glossary term
(``i18n/glossary/<lang>.json``) not used where its concept is, or a word it forbids.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .common import ROOT, WEB, BuildError

LANGUAGES = ("en", "pl", "cs", "ja")
"""The languages the product ships, English first (the source of every other)."""
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "cs": "Čeština", "ja": "日本語"}
"""Each language's name in itself, for the picker (never translated)."""
PLURAL_CATEGORIES = {"en": ("one", "other"), "pl": ("one", "few", "many", "other"), "cs": ("one", "few", "other"),
                     "ja": ("other",)}
"""The CLDR plural categories an integer count can take in each language: a plural must give each one (or the
numbers with ``=N``). Czech's ``many`` is for fractions only, which no count here is."""
GLOSSARY = ROOT / "i18n" / "glossary"
ENGINE_GAMES = ROOT / "pyengine" / "games"
YOU = ".you"


@dataclass(frozen=True)
class Component:
    """One English home of messages and the folder where every language's file of it lives."""

    name: str
    folder: Path
    made: bool = False
    """Whether the English file is written from the engine (the data's texts) rather than by hand."""

    def path(self, lang: str) -> Path:
        """Return the file of this component in ``lang``."""
        return self.folder / f"{lang}.json"


def components(games: Path = ENGINE_GAMES) -> list[Component]:
    """Return every component: the page's strings, each table's labels, each game's texts and its data's texts
    (the games' from ``games``, the engine source tree's games folder: a staged one in a build)."""
    out = [Component("page", WEB / "app" / "locales")]
    for folder in sorted((WEB / "app" / "games").iterdir()):
        if (folder / "locales" / "en.json").is_file():
            out.append(Component(f"table {folder.name}", folder / "locales"))
    for folder in sorted(games.iterdir()):
        if (folder / "locales" / "en.json").is_file():
            out.append(Component(f"engine {folder.name}", folder / "locales"))
            out.append(Component(f"data {folder.name}", folder / "locales" / "data", made=True))
    return out


def shown_path(path: Path) -> str:
    """Return a path for messages: from the project's root, or from the staged source's ``pyengine/``."""
    if path.is_relative_to(ROOT):
        return str(path.relative_to(ROOT))
    parts = path.parts
    return "/".join(parts[parts.index("pyengine"):]) if "pyengine" in parts else str(path)


def read_file(path: Path) -> dict[str, str]:
    """Return a locale file's messages (an empty table when it does not exist).

    Raises:
        BuildError: the file is not a JSON object of id -> message text.
    """
    if not path.is_file():
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise BuildError(f"{shown_path(path)}: not JSON ({exc})") from exc
    if not isinstance(raw, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
        raise BuildError(f"{shown_path(path)}: a locale file is a JSON object of id -> message text")
    return raw


def locale_json(table: dict[str, str]) -> str:
    """Return a locale file's text: sorted ids, one per line, UTF-8 as written."""
    return json.dumps(dict(sorted(table.items())), ensure_ascii=False, indent=1) + "\n"


def hand_written_engine_ids(games: Path = ENGINE_GAMES) -> set[str]:
    """Return the ids (``.you`` forms folded in) that the games' hand-written English files hold."""
    ids: set[str] = set()
    for comp in components(games):
        if comp.name.startswith("engine "):
            ids |= {k[: -len(YOU)] if k.endswith(YOU) else k for k in read_file(comp.path("en"))}
    return ids


def data_english(texts: dict[str, Any], namespaces: dict[str, str],
                 games: Path = ENGINE_GAMES) -> dict[str, dict[str, str]]:
    """Return, by game id, the English of the texts each game's data makes: every engine message that no
    hand-written file holds, as a locale file's table."""
    hand = hand_written_engine_ids(games)
    game_of = {ns: game for game, ns in namespaces.items()}
    out: dict[str, dict[str, str]] = {game: {} for game in namespaces}
    for key, entry in texts.items():
        if key in hand:
            continue
        game = game_of.get(key.partition(".")[0])
        if game is None:
            raise BuildError(f"engine message {key!r} belongs to no game's namespace")
        out[game][key] = entry["t"]
        if "you" in entry:
            out[game][key + YOU] = entry["you"]
    return out


def check_data_english(texts: dict[str, Any], namespaces: dict[str, str], write: bool,
                       games: Path = ENGINE_GAMES) -> list[str]:
    """Compare (or, with ``write``, rewrite) each game's ``locales/data/en.json`` with the texts its data makes;
    return the games whose file was written.

    Raises:
        BuildError: a file is out of date and ``write`` is false.
    """
    written = []
    for game, table in sorted(data_english(texts, namespaces, games).items()):
        path = games / game / "locales" / "data" / "en.json"
        want = locale_json(table)
        if path.is_file() and path.read_text(encoding="utf-8") == want:
            continue
        if not write:
            raise BuildError(f"{shown_path(path)} does not match the texts the game's data makes: run "
                             "`python build.py locales` and translate the ids it adds")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(want, encoding="utf-8")
        written.append(game)
    return written


def _icu() -> Any:
    """Import the engine's ICU reader from the source tree (it is standard library only)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pyengine.core import icu

    return icu


def plural_cases(parts: tuple[Any, ...], icu: Any) -> list[tuple[str, set[str]]]:
    """Return each plural in a parsed message: its argument and the case keys it gives."""
    out: list[tuple[str, set[str]]] = []
    for part in parts:
        if isinstance(part, icu.Choice):
            if part.type == "plural":
                out.append((part.name, {key for key, _ in part.cases}))
            for _, body in part.cases:
                out.extend(plural_cases(body, icu))
    return out


def check_message(lang: str, key: str, message: str, english: str, icu: Any) -> list[str]:
    """Return the problems of one translated message against its English one."""
    try:
        parts = icu.parse(message)
    except icu.MessageSyntaxError as exc:
        return [f"{key}: not ICU MessageFormat: {exc}"]
    problems = []
    want = icu.arguments(icu.parse(english))
    have = icu.arguments(parts)
    if have != want:
        problems.append(f"{key}: arguments {sorted(have)} differ from English {sorted(want)}")
    for name, cases in plural_cases(parts, icu):
        missing = [c for c in PLURAL_CATEGORIES[lang] if c not in cases]
        if missing:
            problems.append(f"{key}: the plural of {name} lacks {', '.join(missing)} (CLDR {lang})")
    if message.strip() == "" and english.strip() != "":
        problems.append(f"{key}: empty")
    return problems


def check_language(lang: str, games: Path = ENGINE_GAMES) -> list[str]:
    """Return every completeness and syntax problem of one language's files against English."""
    icu = _icu()
    problems = []
    for comp in components(games):
        english = read_file(comp.path("en"))
        if not english:
            continue
        where = shown_path(comp.path(lang))
        if not comp.path(lang).is_file():
            problems.append(f"{where}: missing ({len(english)} messages)")
            continue
        table = read_file(comp.path(lang))
        missing = sorted(set(english) - set(table) - {k for k in english if k.endswith(YOU)})
        extra = sorted(set(table) - set(english))
        if missing:
            problems.append(f"{where}: {len(missing)} missing ids, e.g. {missing[:4]}")
        if extra:
            problems.append(f"{where}: {len(extra)} ids English does not have, e.g. {extra[:4]}")
        for key, message in sorted(table.items()):
            if key in english:
                problems.extend(f"{where}: {p}" for p in check_message(lang, key, message, english[key], icu))
    return problems


@dataclass(frozen=True)
class Term:
    """One glossary entry: a concept, the English words that name it, and the words a language uses for it."""

    id: str
    english: tuple[str, ...]
    """Regular expressions (case-insensitive, at word starts) that find the concept in an English message."""
    forms: tuple[str, ...]
    """The accepted forms or stems of the language's term (case-insensitive substrings)."""
    avoid: tuple[str, ...]
    """Words that must not stand for the concept anywhere (case-insensitive substrings)."""
    scope: tuple[str, ...]
    """The id prefixes the term applies to (a game's namespaces); empty: every message."""
    exempt: tuple[str, ...]
    """Ids where the English word is present but the concept is not (explained in the glossary)."""


def glossary(lang: str) -> list[Term]:
    """Return a language's glossary (``i18n/glossary/<lang>.json``); an empty list when it has none."""
    path = GLOSSARY / f"{lang}.json"
    if not path.is_file():
        return []
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [Term(t["id"], tuple(t["english"]), tuple(t["forms"]), tuple(t.get("avoid", ())),
                 tuple(t.get("scope", ())), tuple(t.get("exempt", ()))) for t in raw["terms"]]


def all_messages(lang: str, games: Path = ENGINE_GAMES) -> dict[str, str]:
    """Return every message of a language, from all its files."""
    out: dict[str, str] = {}
    for comp in components(games):
        out.update(read_file(comp.path(lang)))
    return out


def visible_words(message: str) -> str:
    """Return a message's words without its argument names and ICU keywords (what a reader sees of it)."""
    text = re.sub(r"\{\s*[A-Za-z_]\w*\s*(,\s*(plural|select|selectordinal|number)\s*,?)?", " ", message)
    return re.sub(r"(=\d+|\b(zero|one|two|few|many|other)\b)\s*\{", " ", text)


def check_glossary(lang: str, english: dict[str, str] | None = None,
                   target: dict[str, str] | None = None) -> list[str]:
    """Return the glossary violations of a language (of every message, or of the tables given): a message whose
    English names a concept but whose translation uses none of the concept's forms, or a translation using a word
    the glossary forbids."""
    terms = glossary(lang)
    if not terms:
        return []
    english = all_messages("en") if english is None else english
    target = all_messages(lang) if target is None else target
    problems = []
    for term in terms:
        finders = [re.compile(r"(?<![\w-])" + e, re.IGNORECASE) for e in term.english]
        for key, message in sorted(target.items()):
            if term.scope and not key.startswith(term.scope):
                continue
            if key in term.exempt or key not in english:
                continue
            seen = visible_words(message).casefold()
            named = any(f.search(visible_words(english[key])) for f in finders)
            if named and not any(form.casefold() in seen for form in term.forms):
                problems.append(f"{lang} glossary {term.id}: {key} says {message!r}, without "
                                f"{' / '.join(term.forms)}")
            for word in term.avoid:
                if word.casefold() in seen:
                    problems.append(f"{lang} glossary {term.id}: {key} uses {word!r}: {message!r}")
    return problems


LEARN = WEB / "learn"
LESSONS = WEB / "lessons"


def learn_pages() -> list[Path]:
    """Return the English learn pages (``web/learn/<page>.html``; a translation is ``<page>.<lang>.html``)."""
    return sorted(p for p in LEARN.glob("*.html") if "." not in p.stem)


def check_learn_pages(lang: str) -> list[str]:
    """Return the problems of a language's learn pages: each English page has its translation, which says its
    language in ``<html lang>`` and links every language's version of itself (``hreflang``), as the English does."""
    problems = []
    for page in learn_pages():
        english = page.read_text(encoding="utf-8")
        alternates = re.findall(r'<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)">', english)
        want = set(LANGUAGE_NAMES) | {"x-default"}
        if {code for code, _ in alternates} != want:
            problems.append(f"web/learn/{page.name}: its hreflang links name {sorted(c for c, _ in alternates)}, "
                            f"not {sorted(want)}")
        if lang == "en":
            continue
        path = page.with_name(f"{page.stem}.{lang}.html")
        if not path.is_file():
            problems.append(f"web/learn/{path.name}: missing (the {lang} version of {page.name})")
            continue
        text = path.read_text(encoding="utf-8")
        if f'<html lang="{lang}">' not in text:
            problems.append(f"web/learn/{path.name}: <html lang> is not {lang}")
        if re.findall(r'<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)">', text) != alternates:
            problems.append(f"web/learn/{path.name}: its hreflang links differ from {page.name}'s")
        for attr in ("id", "data-pos", "data-line", "data-lesson"):
            pattern = rf'\s{attr}="([^"]*)"'
            if re.findall(pattern, text) != re.findall(pattern, english):
                problems.append(f"web/learn/{path.name}: its {attr} values differ from {page.name}'s")
    return problems


def check_lessons(lang: str) -> list[str]:
    """Return the shipped lessons' texts that lack a language (web/lessons/*.json: every text in every language,
    version 3's per-language objects)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pyengine.lessons import text_fields

    problems = []
    for path in sorted(LESSONS.glob("*.json")):
        lesson = json.loads(path.read_text(encoding="utf-8"))
        for where, holder, key, _ in text_fields(lesson):
            value = holder[key]
            if lang != "en" and not (isinstance(value, dict) and isinstance(value.get(lang), str) and value[lang]):
                problems.append(f"web/lessons/{path.name}: {where} has no {lang} text")
    return problems


def check_all(languages: tuple[str, ...] = LANGUAGES[1:], games: Path = ENGINE_GAMES) -> list[str]:
    """Return every problem of the given languages: completeness, syntax, arguments, plurals, the glossary, the learn
    pages and the shipped lessons."""
    out = check_learn_pages("en")
    for lang in languages:
        out.extend(check_language(lang, games))
        out.extend(check_glossary(lang, all_messages("en", games), all_messages(lang, games)))
        out.extend(check_learn_pages(lang))
        out.extend(check_lessons(lang))
    return out


def check_pair(english_path: Path, path: Path, lang: str) -> list[str]:
    """Return the problems of one translated file against its English file (a translator's own check of a part):
    missing and extra ids, syntax, arguments, plurals, and the glossary's terms in those messages."""
    icu = _icu()
    english, table = read_file(english_path), read_file(path)
    problems = [f"missing id {k}" for k in sorted(set(english) - set(table))]
    problems += [f"id English does not have: {k}" for k in sorted(set(table) - set(english))]
    for key, message in sorted(table.items()):
        if key in english:
            problems.extend(check_message(lang, key, message, english[key], icu))
    wanted = set(table)
    problems += [p for p in check_glossary(lang, {k: english[k] for k in wanted if k in english}, table)]
    return problems


def main(argv: list[str]) -> int:
    """Check the languages named (all by default) and print each problem: ``python -m buildkit.locales pl``;
    ``python -m buildkit.locales --pair EN_FILE FILE LANG`` checks one translated file against its English."""
    if argv[:1] == ["--pair"] and len(argv) == 4:
        problems = check_pair(Path(argv[1]), Path(argv[2]), argv[3])
        for p in problems:
            print(p)
        print(f"{len(problems)} problems in {argv[2]}")
        return 1 if problems else 0
    langs = tuple(argv) or LANGUAGES[1:]
    problems = check_all(langs)
    for p in problems:
        print(p)
    print(f"{len(problems)} problems in {', '.join(langs)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
