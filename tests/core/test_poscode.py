"""Position codes (core/poscode.py): round trips for every game at every player count, and typed errors.

Rule checked: ``game.state_from_code(state.position_code())`` gives back the same position (byte-identical JSON
with ``history=True``; the same JSON but an empty message log without it), and a corrupt, truncated, tampered,
foreign or old code raises the error class that names its problem, never a generic one.
"""

from __future__ import annotations

import base64
import hashlib

import pytest

from pyengine.core import poscode
from pyengine.core.api import State, canonical_json
from pyengine.core.errors import (
    CodeChecksumError,
    CodeGameError,
    CodeMalformedError,
    CodeTruncatedError,
    CodeVersionError,
    PositionCodeError,
    PositionError,
)
from pyengine.core.match import Match
from pyengine.core.registry import decode_any, games, load_game
from pyengine.core.rng import Rng

CASES = [(g, p) for g in games() for p in range(load_game(g).info.min_players, load_game(g).info.max_players + 1)]


def random_positions(game_id: str, players: int, seed: int, count: int) -> list[State]:
    """Return ``count`` positions of one seeded random game, spread from its start to its end."""
    game = load_game(game_id)
    state = game.new_initial_state(seed=seed, players=players)
    rng = Rng(seed * 7 + players)
    seen = [state.clone()]
    while not state.is_terminal() and len(seen) < 400:
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen.append(state.clone())
    step = max(1, len(seen) // count)
    return [*seen[::step][:count - 1], seen[-1]]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_codes_round_trip_over_seeded_random_positions(game_id: str, players: int) -> None:
    """Property: every sampled position of two seeded games comes back exactly from its code (both forms)."""
    game = load_game(game_id)
    for seed in (1, 2):
        for state in random_positions(game_id, players, seed, 6):
            full = state.position_code(history=True)
            back = game.state_from_code(full)
            assert canonical_json(back.to_json()) == canonical_json(state.to_json())
            short = state.position_code()
            again = game.state_from_code(short)
            expected = dict(state.to_json())
            for key in game.history_keys:
                expected[key] = []
            assert canonical_json(again.to_json()) == canonical_json(expected)
            assert again.position_code() == short  # a code is a fixed point
            for seat in sorted(state.to_move()):
                assert again.legal_actions(seat) == state.legal_actions(seat)
            assert all(c.isalnum() or c in "-_." for c in short)


def test_a_match_begun_from_a_code_saves_and_loads_with_its_start() -> None:
    """Match.from_code: the save names its start position (format 2) and replays from it to the same state."""
    state = random_positions("beyond_the_sun", 3, 5, 3)[1]
    match = Match.from_code(state.position_code())
    for _ in range(5):
        seat = min(match.state.to_move())
        match.apply(seat, match.state.legal_actions(seat)[0])
    save = match.to_save()
    assert save["format_version"] == 2 and save["start"] == match.start
    loaded = Match.from_save(save)
    assert canonical_json(loaded.state.to_json()) == canonical_json(match.state.to_json())
    seed_save = Match.new("jump_drive", 3, 2).to_save()
    assert seed_save["format_version"] == 1 and "start" not in seed_save


def code_bytes(code: str) -> bytearray:
    """Return the bytes behind a code's text."""
    payload = code[len(poscode.PREFIX):]
    return bytearray(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def code_text(blob: bytes | bytearray, reseal: bool = False) -> str:
    """Return the code text of some bytes, with a fresh checksum when ``reseal`` (a deliberate tamper)."""
    data = bytes(blob)
    if reseal:
        data = data[:-4] + hashlib.sha256(data[:-4]).digest()[:4]
    return poscode.PREFIX + base64.urlsafe_b64encode(data).decode().rstrip("=")


@pytest.fixture(scope="module")
def jd_code() -> str:
    """Return the code of a mid-game 2-player Jump Drive position."""
    return random_positions("jump_drive", 2, 4, 3)[1].position_code()


def test_truncated_codes_say_how_long_they_should_be(jd_code: str) -> None:
    """A code cut anywhere raises CodeTruncatedError (or, cut inside the prefix, CodeMalformedError)."""
    game = load_game("jump_drive")
    for cut in (1, 2, 3, 7, 50, len(jd_code) - len(poscode.PREFIX) - 1):
        with pytest.raises(CodeTruncatedError, match="cut short"):
            game.state_from_code(jd_code[:-cut])
    with pytest.raises(CodeMalformedError, match="starts with"):
        game.state_from_code(jd_code[:2])


def test_a_mistyped_character_fails_the_checksum(jd_code: str) -> None:
    """Changing any one character of the body gives CodeChecksumError (or Truncated/Malformed at the edges)."""
    game = load_game("jump_drive")
    for i in range(len(poscode.PREFIX), len(jd_code), 37):
        wrong = "A" if jd_code[i] != "A" else "B"
        with pytest.raises(PositionCodeError) as err:
            game.state_from_code(jd_code[:i] + wrong + jd_code[i + 1:])
        assert isinstance(err.value, (CodeChecksumError, CodeTruncatedError, CodeMalformedError))
    with pytest.raises(CodeChecksumError, match="mistyped or changed"):
        game.state_from_code(jd_code[:40] + ("x" if jd_code[40] != "x" else "y") + jd_code[41:])


def test_bad_characters_and_foreign_text_are_malformed(jd_code: str) -> None:
    """HTML, spaces inside, or another text altogether: CodeMalformedError naming the character or the prefix."""
    game = load_game("jump_drive")
    with pytest.raises(CodeMalformedError, match="'<' at character"):
        game.state_from_code(jd_code[:20] + "<script>" + jd_code[20:])
    with pytest.raises(CodeMalformedError, match="not a position code"):
        game.state_from_code('{"players": 2}')
    with pytest.raises(CodeMalformedError):
        game.state_from_code(12)  # type: ignore[arg-type]
    assert game.state_from_code(" ".join([jd_code[:30], jd_code[30:]])).position_code() == jd_code


def test_codes_of_other_games_and_other_rules_versions_are_refused(jd_code: str) -> None:
    """A Jump Drive code read as Ares, an old rules version, another rules build, a newer code format."""
    with pytest.raises(CodeGameError, match="'jump_drive', not 'ares_expedition'"):
        load_game("ares_expedition").state_from_code(jd_code)
    game = load_game("jump_drive")
    blob = code_bytes(jd_code)
    head = poscode._Reader(bytes(blob))
    head.varint()
    game_at = head.at
    head.byte()
    start = head.at
    rules = head.text()
    old = blob[:start] + bytes([len(rules)]) + b"2026.11" + blob[head.at:]
    with pytest.raises(CodeVersionError, match=r"made for the 2026\.11 rules"):
        game.state_from_code(code_text(old, reseal=True))
    other_vocab = bytearray(blob)
    other_vocab[head.at] ^= 0xFF
    with pytest.raises(CodeVersionError, match="never released"):
        game.state_from_code(code_text(other_vocab, reseal=True))
    with pytest.raises(CodeVersionError, match="format 7"):
        game.state_from_code("st7." + jd_code[4:])
    with pytest.raises(CodeMalformedError, match="game number 9"):
        decode_any(code_text(blob[:game_at] + b"\x09" + blob[game_at + 1:], reseal=True))
    unknown = blob[:game_at] + b"\x00\x05chess" + blob[game_at + 1:]
    with pytest.raises(CodeGameError, match="'chess', which this app does not have"):
        decode_any(code_text(unknown, reseal=True))


def test_a_tampered_code_with_a_good_checksum_is_refused_by_the_position_checks(jd_code: str) -> None:
    """Rewriting the contents and resealing the checksum: the state's own validation names the problem."""
    game = load_game("jump_drive")
    state = game.state_from_code(jd_code)
    data = state.to_json()
    data["hands"][0] = data["hands"][0] + data["deck"][:1]  # a card in two places
    forged = poscode._Writer(game.codebook().words)
    forged.value(data)
    with pytest.raises(PositionError):
        game.state_from_code(_forge(game.info.id, bytes(forged.out)))
    with pytest.raises(CodeMalformedError, match="damaged"):
        game.state_from_code(_forge(game.info.id, b"\x0e\x01\x02"))
    with pytest.raises(CodeMalformedError, match="nested more than"):
        game.state_from_code(_forge(game.info.id, b"\x11" * 60 + b"\x00"))


def _forge(game_id: str, body: bytes) -> str:
    """Return a well-sealed code holding an arbitrary (not deflated) body for a built-in game."""
    game = load_game(game_id)
    head = bytearray()
    poscode._varint(len(body), head)
    head.append(poscode.BUILTIN_GAMES[game_id])
    poscode._text(game.info.rules_version, head)
    head += poscode._vocab_tag(game.codebook().words)
    head.append(0)
    blob = bytes(head) + body
    return code_text(blob + hashlib.sha256(blob).digest()[:4])


def test_mid_game_jump_drive_codes_are_short() -> None:
    """The issue's size aim, as a regression guard: a 2-player mid-game Jump Drive code stays near 600 characters."""
    state = random_positions("jump_drive", 2, 9, 3)[1]
    assert len(state.position_code()) < 700
