"""Position codes never expire (issue 31, item 4): every code in the golden corpus opens under the current rules.

The corpus (``tests/fixtures/codes/corpus.json``) holds codes of every game at the start, the middle and the end of
a game, made by the released builds of each rules version (``made_by``); ``add_codes.py`` adds today's. A code of an
older rules version is read with that version's archived vocabulary (``data/code_words.json``) and its position
migrated (``positionmigrations.migrate_position``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from pyengine.core import poscode
from pyengine.core.errors import CodeVersionError, PositionObsoleteError
from pyengine.core.positionmigrations import POSITION_MIGRATIONS, _position_ares_2026_12
from pyengine.core.registry import games, load_game

CORPUS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "fixtures" / "codes" / "corpus.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", CORPUS, ids=lambda e: f"{e['game']}-{e['rules_version']}-{e['players']}p-{e['at']}")
def test_every_corpus_code_opens_under_the_current_rules(entry: dict[str, Any]) -> None:
    """The code opens, with its player count, over at its end and playable before it."""
    game = load_game(entry["game"])
    state = game.state_from_code(entry["code"])
    assert state.to_json()["players"] == entry["players"]
    assert state.is_terminal() == (entry["at"] == "end")
    if not state.is_terminal():
        seat = min(state.to_move())
        assert state.legal_actions(seat)
    if entry["rules_version"] == game.info.rules_version:
        assert state.position_code() == entry["code"]  # today's codes round-trip exactly


def test_the_corpus_covers_every_game_and_every_released_rules_version_with_codes() -> None:
    """Every game has start, middle and end codes of its current version; every archived version has codes too."""
    have = {(e["game"], e["rules_version"], e["at"]) for e in CORPUS}
    for game_id in games():
        game = load_game(game_id)
        versions = {v for v, _, _ in game.codebook().archive} | {game.info.rules_version}
        for version in versions:
            for at in ("start", "middle", "end"):
                assert (game_id, version, at) in have, f"the corpus lacks a {at} code of {game_id} {version}"


@pytest.mark.parametrize("game_id", sorted(games()))
def test_the_current_vocabulary_is_archived(game_id: str) -> None:
    """Today's codes will open after the next rules change: the vocabulary they are written with is archived."""
    book = load_game(game_id).codebook()
    tag = hashlib.sha256("\n".join(book.words).encode()).digest()[:2].hex()
    assert (book.rules_version, tag, book.words) in book.archive, (
        f"run: python -m pyengine code {game_id} --archive-words (then python tests/fixtures/codes/add_codes.py)")


@pytest.mark.parametrize("game_id", sorted(games()))
def test_every_older_version_has_a_way_to_the_current_one(game_id: str) -> None:
    """Each archived rules version migrates, step by step, to the current version."""
    game = load_game(game_id)
    for version in {v for v, _, _ in game.codebook().archive} - {game.info.rules_version}:
        seen = set()
        while version != game.info.rules_version:
            assert version not in seen
            seen.add(version)
            version = POSITION_MIGRATIONS[(game_id, version)][0]


def test_a_beyond_the_sun_2026_12_position_keeps_the_2026_tech_deck() -> None:
    """Rules 2026.12.1 dealt the real level-III techs: a 2026.12 position keeps the deck it was dealt."""
    old = next(e for e in CORPUS if e["game"] == "beyond_the_sun" and e["rules_version"] == "2026.12")
    state = load_game("beyond_the_sun").state_from_code(old["code"])
    assert state.to_json()["options"]["tech_deck"] == "stand_ins_2026"


def test_an_ares_2026_12_solo_position_over_by_terraforming_stays_over() -> None:
    """Rules 2026.12.2 play solo for 25 rounds: an old position already ended by terraforming keeps that end."""
    ended = _position_ares_2026_12({"players": 1, "over": "terraformed", "options": {"mode": "standard"}})
    assert ended["options"]["solo_early_end"] is True
    playing = _position_ares_2026_12({"players": 1, "over": None, "options": {"mode": "standard"}})
    assert playing["options"]["solo_early_end"] is False


def test_a_code_of_unknown_rules_or_an_unreleased_build_is_refused_in_words() -> None:
    """A newer rules version says a newer app may open it; an unknown build of a known version says so."""
    book = load_game("jump_drive").codebook()
    with pytest.raises(CodeVersionError, match="a newer version of the app may open it"):
        poscode.words_for(book, "2099.1", b"\x00\x00")
    with pytest.raises(CodeVersionError, match="never released"):
        poscode.words_for(book, book.rules_version, b"\x00\x00")


def test_a_migrated_position_the_rules_cannot_play_is_named_as_such() -> None:
    """An old code whose position the current rules refuse raises PositionObsoleteError naming both versions."""
    game = load_game("beyond_the_sun")
    old = next(e for e in CORPUS if e["game"] == "beyond_the_sun" and e["rules_version"] == "2026.12")
    data, version = poscode.read(game.codebook(), old["code"])
    data["options"]["tech_deck"] = "no_such_deck"  # what a migration that went wrong would leave
    words = next(w for v, _, w in game.codebook().archive if v == version)
    book = poscode.Codebook(game.info.id, game.info.name, version, game.history_keys, words)
    with pytest.raises(PositionObsoleteError, match=r"made under the 2026\.12 rules .* cannot be played"):
        game.state_from_code(poscode.encode(book, data))
