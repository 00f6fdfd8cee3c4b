"""Position-code decoding budget (core/poscode.py, issue 31): a crafted code cannot freeze or crash the engine.

Rule checked: reading a code builds at most its game's item budget of values (every scalar, list and object at any
depth) from a body of at most its byte budget once inflated; a code that asks for more (a list of millions of
records with no keys, lists of such lists, a deflated body that inflates hugely) raises ``CodeMalformedError``
(``code/malformed``) quickly, and any count written into a real code either decodes or raises that typed error.
"""

from __future__ import annotations

import base64
import hashlib
import random
import time
import zlib
from collections.abc import Iterator

import pytest

from pyengine.core import poscode
from pyengine.core.errors import CodeMalformedError, PositionCodeError
from pyengine.core.registry import games, load_game
from pyengine.core.rng import Rng

LIMIT_S = 0.5
"""A generous bound on one decode's time (the budget keeps the bombs near or below 30 ms)."""

MAX_SEEN: dict[str, float] = {}
"""The longest decode seen of each kind of crafted code, printed after the module's tests (``pytest -s``)."""


@pytest.fixture(scope="module", autouse=True)
def report_max_times() -> Iterator[None]:
    """Print the longest decode time seen for each kind of crafted code once the module's tests have run."""
    yield
    for label, took in sorted(MAX_SEEN.items()):
        print(f"max decode time, {label}: {took * 1000:.1f} ms")


def forge(game_id: str, body: bytes, deflate: bool = True) -> str:
    """Return a well-sealed code of a built-in game holding an arbitrary body, deflated as the encoder does."""
    game = load_game(game_id)
    flags = 0
    if deflate:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        body, flags = packer.compress(body) + packer.flush(), poscode.FLAG_DEFLATED
    head = bytearray()
    poscode._varint(len(body), head)
    head.append(poscode.BUILTIN_GAMES[game_id])
    poscode._text(game.info.rules_version, head)
    head += poscode._vocab_tag(game.codebook().words)
    head.append(flags)
    blob = bytes(head) + body
    blob += hashlib.sha256(blob).digest()[:4]
    return poscode.PREFIX + base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")


def records(n: int) -> bytes:
    """Return the body bytes of a list of n records with no keys (each takes no bytes)."""
    out = bytearray([poscode.T_RECORDS])
    poscode._varint(n, out)
    poscode._varint(0, out)
    return bytes(out)


def listed(items: list[bytes]) -> bytes:
    """Return the body bytes of a list of already written values."""
    out = bytearray([poscode.T_LIST])
    poscode._varint(len(items), out)
    return bytes(out) + b"".join(items)


def text(n: int) -> bytes:
    """Return the body bytes of an n-byte string (padding that deflates to almost nothing)."""
    out = bytearray([poscode.T_STR])
    poscode._text("a" * n, out)
    return bytes(out)


def timed_decode(game_id: str, code: str, label: str) -> BaseException | None:
    """Read a code as its game would; return the error raised (None when it decoded), checking the time taken."""
    game = load_game(game_id)
    start = time.perf_counter()
    error: BaseException | None = None
    try:
        poscode.decode(game.codebook(), code)
    except BaseException as exc:  # any exception is returned; the callers name which ones may occur
        error = exc
    took = time.perf_counter() - start
    MAX_SEEN[label] = max(MAX_SEEN.get(label, 0.0), took)
    print(f"{label} {game_id}: {took * 1000:.1f} ms ({type(error).__name__ if error else 'decoded'})")
    assert took < LIMIT_S, f"{label}: decoding took {took:.2f} s"
    return error


def refused(game_id: str, code: str, label: str, match: str) -> None:
    """Assert that a code is refused as malformed, naming ``match``, within the time bound."""
    error = timed_decode(game_id, code, label)
    assert isinstance(error, CodeMalformedError), repr(error)
    assert error.code == "code/malformed"
    assert match in str(error)


@pytest.mark.parametrize("game_id", games())
def test_a_list_of_millions_of_empty_records_is_malformed(game_id: str) -> None:
    """The zero-key record bomb: each record takes no bytes, so the count passes the bytes-left check; the item
    budget refuses it before a record is built."""
    budget = poscode.BUDGETS[game_id]
    for n in (budget.items + 1, 400_000):
        body = listed([records(n), text(n)])  # enough bytes after it to pass the old check
        assert len(body) <= budget.bytes
        refused(game_id, forge(game_id, body), "records bomb", "items")
    fits = listed([records(budget.items - 3), text(budget.items)])  # exactly the budget: read, but not a state
    refused(game_id, forge(game_id, fits), "records bomb", "game state")


@pytest.mark.parametrize("game_id", games())
def test_nested_lists_of_empty_records_are_malformed(game_id: str) -> None:
    """The nested bomb: lists of lists of empty records multiply the count; the budget counts every level."""
    inner = listed([records(1000)] * 100)
    body = listed([inner] * 1000)
    refused(game_id, forge(game_id, body), "nested bomb", "items")
    deep = records(1000)
    for _ in range(12):
        deep = listed([deep] * 2)  # 4,096 lists of 1,000 records, 12 levels deep, in about 20 KB
    refused(game_id, forge(game_id, deep), "nested bomb", "items")


@pytest.mark.parametrize("game_id", games())
def test_a_body_that_inflates_beyond_the_byte_budget_is_malformed(game_id: str) -> None:
    """The zip bomb: a few KB of deflate that unpack to 50 MB are inflated only to the budget, then refused."""
    budget = poscode.BUDGETS[game_id]
    refused(game_id, forge(game_id, b"\x00" * 50_000_000), "zip bomb", "larger than")
    refused(game_id, forge(game_id, text(budget.bytes)), "zip bomb", "larger than")
    empties = listed([bytes([poscode.T_LIST_N])] * 4_000_000)  # 4 million empty lists, one byte each
    refused(game_id, forge(game_id, empties), "zip bomb", "larger than")


def test_every_game_has_a_budget_far_above_its_real_states() -> None:
    """The budgets leave room: a finished seeded game of each game at its most players, log included, uses a
    small part of them (the measured largest is in ``poscode.BUDGETS``'s docstring)."""
    for game_id in games():
        game = load_game(game_id)
        state = game.new_initial_state(seed=3, players=game.info.max_players)
        rng = Rng(3)
        while not state.is_terminal():
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        data = state.to_json()
        stack, items = [data], 1
        while stack:
            v = stack.pop()
            if isinstance(v, (list, dict)):
                items += len(v)
                stack.extend(v.values() if isinstance(v, dict) else v)
        budget = poscode.BUDGETS[game_id]
        assert items * 10 < budget.items, (game_id, items)
        writer = poscode._Writer(game.codebook().words)
        writer.value(data)
        assert len(writer.out) * 10 < budget.bytes
        assert game.state_from_code(state.position_code(history=True)).to_json() == data


def _containers(body: bytes) -> list[tuple[int, int, int]]:
    """Return (start, end, count) of each size varint that follows a T_LIST/T_RECORDS/T_DICT tag in a body
    (a rough scan: it may also find such bytes inside other values, which the fuzz is happy to damage too)."""
    found = []
    for i, b in enumerate(body[:-1]):
        if b in (poscode.T_LIST, poscode.T_RECORDS, poscode.T_DICT, poscode.T_INTDICT):
            reader = poscode._Reader(body[i + 1:])
            try:
                n = reader.varint()
            except CodeMalformedError:
                continue
            found.append((i + 1, i + 1 + reader.at, n))
    return found


@pytest.mark.parametrize("game_id", games())
def test_any_item_count_in_a_real_code_decodes_or_is_malformed(game_id: str) -> None:
    """Fuzz: random counts (and a count's list nested again) written into a real mid-game code's body either
    decode or raise a typed position-code error, never another exception, each within the time bound."""
    game = load_game(game_id)
    state = game.new_initial_state(seed=8, players=game.info.max_players)
    rng = Rng(8)
    for _ in range(60):
        if state.is_terminal():
            break
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    writer = poscode._Writer(game.codebook().words)
    writer.value(state.to_json())
    body = bytes(writer.out)
    spots = _containers(body)
    assert spots
    outcomes = {"decoded": 0, "malformed": 0}
    fuzz = random.Random(f"budget-{game_id}")
    for trial in range(150):
        start, end, _ = fuzz.choice(spots)
        count = bytearray()
        poscode._varint(fuzz.choice([0, 1, 2, fuzz.randint(3, 300), fuzz.randint(300, 10**6), 2**40]), count)
        fuzzed = body[:start] + bytes(count) + body[end:]
        if trial % 3 == 0:  # nest: the whole body again as a list of many copies of itself
            fuzzed = listed([records(fuzz.randint(1, 10**6))] * fuzz.randint(1, 50) + [fuzzed])
        error = timed_decode(game_id, forge(game_id, fuzzed), "fuzz")
        if error is None:
            outcomes["decoded"] += 1
        else:
            assert isinstance(error, PositionCodeError), repr(error)
            outcomes["malformed"] += 1
    print(game_id, outcomes, f"max {MAX_SEEN['fuzz'] * 1000:.1f} ms")
    assert outcomes["malformed"]

