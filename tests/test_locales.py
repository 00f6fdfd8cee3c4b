"""The translations (buildkit/locales.py): every language complete against English, every message valid ICU with
English's arguments and its language's CLDR plural categories, the glossary's terms used for their concepts, the
seeds' own names shown, the data's English file fresh, the learn pages and lessons in every language, and the long
pseudo-language."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from buildkit import locales
from buildkit.catalog import pseudo_message
from pyengine.core import icu

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "reference" / "i18n"
TRANSLATED = locales.LANGUAGES[1:]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_language_has_every_message_and_no_other(lang: str) -> None:
    """Completeness: each component's file in the language holds English's ids exactly, each message ICU with
    English's arguments and the plural categories CLDR gives the language (pl one/few/many/other, cs one/few/other)."""
    assert locales.check_language(lang) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_glossary_terms_are_used_for_their_concepts_and_no_other_word_is(lang: str) -> None:
    """Glossary (i18n/glossary/<lang>.json): where an English message names a concept, the translation uses the
    language's term for it, and no message uses a word the glossary forbids."""
    assert locales.glossary(lang), f"{lang} has no glossary"
    assert locales.check_glossary(lang) == []


def test_the_glossary_check_catches_a_wrong_term() -> None:
    """The glossary check fails a message that names heat without Polish's seed word (ciepło)."""
    english = {"ares.log.heat": "{seat} spends 8 heat"}
    assert locales.check_glossary("pl", english, {"ares.log.heat": "{seat} wydaje 8 żaru"})
    assert not locales.check_glossary("pl", english, {"ares.log.heat": "{seat} wydaje 8 ciepła"})


def test_a_polish_plural_needs_few_and_many() -> None:
    """CLDR: a Polish plural with only one/other cannot write 2 kart / 5 kart; the check refuses it, and a message
    whose arguments differ from English's."""
    english = "{n, plural, one {# card} other {# cards}}"
    assert locales.check_message("pl", "x", "{n, plural, one {# karta} other {# kart}}", english, icu)
    assert not locales.check_message("pl", "x", "{n, plural, one {# karta} few {# karty} many {# kart} "
                                                "other {# karty}}", english, icu)
    assert locales.check_message("cs", "x", "{count, plural, one {# karta} few {# karty} other {# karet}}",
                                 english, icu)
    assert locales.check_message("ja", "x", "{n, plural, other {#枚", english, icu)


def _seed_rows(lang: str) -> list[dict[str, str]]:
    rows = []
    for path in sorted(SEEDS.glob(f"{lang}-*.csv")):
        with path.open(encoding="utf-8") as fh:
            rows += [r for r in csv.DictReader(fh) if r["confidence"] == "H" and r["kind"] == "card"]
    return rows


def _stems(text: str) -> list[str]:
    """Each word's first letters (at most its length less 3, at least 3): a seed's inflected form and the name in the
    nominative share them (Koloniálního konvoje, Koloniální konvoj)."""
    words = re.findall(r"\w+", text.casefold())
    return [w[: max(3, len(w) - 3)] for w in words]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_seeds_card_names_are_the_names_the_app_shows(lang: str) -> None:
    """The seeds' H rows of kind card (../shared/reference/i18n/): that card's name in the app is the seed's, in
    normal case and the nominative (every word's stem present)."""
    if not SEEDS.is_dir():
        pytest.skip("the shared reference folder is not beside the project")
    namespaces = {"jump_drive": "jd", "ares_expedition": "ares", "beyond_the_sun": "bts"}
    names: dict[str, str] = {}
    for game, ns in namespaces.items():
        data = json.loads((ROOT / "pyengine" / "games" / game / "locales" / "data" / f"{lang}.json").read_text("utf-8"))
        names.update({k: v for k, v in data.items() if k.startswith(f"{ns}.card.") and k.endswith(".name")})
    wrong = []
    for row in _seed_rows(lang):
        shown = [v for k, v in names.items() if k.split(".")[2] == row["english_id"]]
        if not shown:
            continue  # a faction or achievement the catalog names elsewhere
        text = shown[0].casefold()
        if not all(stem in text for stem in _stems(row["localized"])):
            wrong.append(f"{row['english_id']}: the app says {shown[0]!r}, the seed {row['localized']!r}")
    assert not wrong


def test_the_data_english_file_matches_the_texts_the_data_makes() -> None:
    """pyengine/games/<id>/locales/data/en.json is what the games' data makes today (python build.py locales)."""
    from buildkit.catalog import engine_facts

    facts = engine_facts(ROOT)
    assert locales.check_data_english(facts.texts, facts.namespaces, write=False) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_learn_page_and_lesson_is_in_every_language(lang: str) -> None:
    """Each learn page has its <page>.<lang>.html with <html lang> and the hreflang links of every version; each
    shipped lesson's every text has the language (lesson format 3)."""
    assert locales.check_learn_pages(lang) == []
    assert locales.check_lessons(lang) == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_little_english_is_left_in_a_translation(lang: str) -> None:
    """No English left: a translated message equal to its English one (three words or more) is a gap a
    translator missed, unless it is a name (a card or company name, kept as printed)."""
    english = locales.all_messages("en")
    same = [k for k, v in locales.all_messages(lang).items()
            if v == english.get(k) and len(re.findall(r"[A-Za-z]{3,}", locales.visible_words(v))) >= 3
            and not k.endswith(".name") and ".card." not in k]
    assert len(same) <= 5, same


def test_the_long_pseudo_language_is_forty_percent_longer_and_keeps_its_arguments() -> None:
    """qps-ploc: accented, 40 % longer, in brackets, with its arguments and plural cases intact."""
    message = "{seat} pays {n, plural, one {# card} other {# cards}} to draw"
    long = pseudo_message(message)
    assert long.startswith("[") and long.endswith("]")
    assert icu.arguments(icu.parse(long)) == {"seat", "n"}
    shown = icu.english_format(long, {"seat": "Ann", "n": 2})
    plain = icu.english_format(message, {"seat": "Ann", "n": 2})
    assert "á" in shown and len(shown) >= 1.3 * len(plain), (shown, plain)
