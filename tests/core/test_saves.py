"""Match.from_save: a good save loads to an equal state; every kind of bad save is refused with a typed error."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine.core.api import canonical_json
from pyengine.core.errors import IncompatibleSaveError, SaveFormatError, UnknownGameError
from pyengine.core.match import Match, state_digest
from pyengine.core.rng import Rng
from pyengine.core.saveformat import SAVE_FORMAT_VERSION

GAME = "jump_drive"


def _match(actions: int = 30, players: int = 2, seed: int = 9) -> Match:
    m = Match.new(GAME, seed=seed, players=players,
                  seats=[{"name": f"P{i}", "kind": "human"} for i in range(players)])
    rng = Rng(seed)
    for _ in range(actions):
        if m.state.is_terminal():
            break
        movers = sorted(m.state.to_move())
        seat = movers[rng.randbelow(len(movers))]
        m.apply(seat, rng.choice(m.state.legal_actions(seat)))
    return m


MATCH = _match()
SAVE = json.loads(json.dumps(MATCH.to_save()))


def good_save() -> dict[str, Any]:
    """A fresh deep copy of a valid save, as read back from JSON text."""
    return copy.deepcopy(SAVE)


def refused(data: Any, error: type[Exception], code: str) -> str:
    """from_save must raise exactly `error` with `code` and a one-line plain-text message; returns it."""
    with pytest.raises(error) as info:
        Match.from_save(data)
    exc = info.value
    assert type(exc) is error, f"got {type(exc).__name__}: {exc}"
    assert exc.code == code  # type: ignore[attr-defined]
    message = str(exc)
    assert message and "\n" not in message and "Traceback" not in message
    assert message[0].isalpha() or message[0] == "'"
    return message


def test_a_good_save_loads_to_an_equal_state() -> None:
    """Loading a save (through JSON text) gives the same state, log, seats, options and seed."""
    loaded = Match.from_save(good_save())
    assert canonical_json(loaded.state.to_json()) == canonical_json(MATCH.state.to_json())
    assert [(e.seat, e.action, e.barrier) for e in loaded.log] == [
        (e.seat, e.action, e.barrier) for e in MATCH.log]
    assert loaded.seats == MATCH.seats and loaded.options == MATCH.options and loaded.seed == MATCH.seed
    assert loaded.to_save() == MATCH.to_save()


def test_a_save_without_snapshot_loads_by_replay() -> None:
    """The snapshot is optional: a save with only the log replays to the same state."""
    data = good_save()
    del data["snapshot"]
    assert canonical_json(Match.from_save(data).state.to_json()) == canonical_json(MATCH.state.to_json())


def test_a_loaded_match_keeps_its_undo_position() -> None:
    """Undo rights survive a save and load: the same seats may undo before and after."""
    m = Match.new(GAME, seed=6, players=3)
    m.apply(1, m.state.legal_actions(1)[0])
    loaded = Match.from_save(json.loads(json.dumps(m.to_save())))
    assert [loaded.can_undo(s) for s in range(3)] == [m.can_undo(s) for s in range(3)] == [False, True, False]


def test_a_finished_game_saves_and_loads() -> None:
    """A save of a finished game loads to a terminal state with the same outcome."""
    m = _match(actions=5000, seed=12)
    assert m.state.is_terminal()
    loaded = Match.from_save(json.loads(json.dumps(m.to_save())))
    assert loaded.state.is_terminal() and loaded.state.outcome() == m.state.outcome()


@pytest.mark.parametrize("data", [None, [], "pyengine-save", 7, [SAVE]])
def test_from_save_refuses_data_that_is_not_an_object(data: Any) -> None:
    """Anything but a JSON object is refused with SaveFormatError (save/invalid) naming what it got."""
    message = refused(data, SaveFormatError, "save/invalid")
    assert type(data).__name__ in message


@pytest.mark.parametrize("fmt", ["other-save", "PYENGINE-SAVE", None, 1])
def test_from_save_refuses_a_foreign_format(fmt: Any) -> None:
    """A save whose format is not pyengine-save is refused (save/invalid), quoting the format found."""
    data = good_save()
    data["format"] = fmt
    message = refused(data, SaveFormatError, "save/invalid")
    assert repr(fmt) in message and "pyengine" in message


def test_from_save_refuses_a_missing_format() -> None:
    """A save with no format field at all is refused as not a pyengine save."""
    data = good_save()
    del data["format"]
    assert "not a pyengine save" in refused(data, SaveFormatError, "save/invalid")


def test_from_save_refuses_a_newer_format_version_as_incompatible() -> None:
    """format_version above the engine's is refused with IncompatibleSaveError (save/incompatible_version)."""
    data = good_save()
    data["format_version"] = SAVE_FORMAT_VERSION + 1
    message = refused(data, IncompatibleSaveError, "save/incompatible_version")
    assert str(SAVE_FORMAT_VERSION + 1) in message and "update" in message


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, None, True])
def test_from_save_refuses_a_malformed_format_version(version: Any) -> None:
    """A format_version that is not a positive int is refused (save/invalid), quoting it."""
    data = good_save()
    data["format_version"] = version
    assert repr(version) in refused(data, SaveFormatError, "save/invalid")


@pytest.mark.parametrize("rules", ["2020.1", "", None, "2026.11-beta"])
def test_from_save_refuses_another_rules_version_as_incompatible(rules: Any) -> None:
    """A save from another rules version with no migration is refused (save/incompatible_version)."""
    data = good_save()
    data["rules_version"] = rules
    message = refused(data, IncompatibleSaveError, "save/incompatible_version")
    assert repr(rules) in message and GAME in message


def test_from_save_refuses_an_unknown_game() -> None:
    """A save of a game this engine does not know raises UnknownGameError (game/unknown) quoting the id."""
    data = good_save()
    data["game"] = "beyond_the_moon"
    assert "'beyond_the_moon'" in refused(data, UnknownGameError, "game/unknown")


def test_from_save_refuses_a_save_naming_no_game() -> None:
    """A save whose game field is missing or not text is refused (save/invalid)."""
    data = good_save()
    data["game"] = 3
    refused(data, SaveFormatError, "save/invalid")


def test_from_save_refuses_a_corrupt_snapshot_checksum() -> None:
    """A snapshot whose state does not hash to its sha256 is refused (save/invalid) as corrupt."""
    data = good_save()
    data["snapshot"]["state"]["vp"][0] += 1
    assert "checksum" in refused(data, SaveFormatError, "save/invalid")
    data = good_save()
    data["snapshot"]["sha256"] = "0" * 64
    assert "checksum" in refused(data, SaveFormatError, "save/invalid")


def test_from_save_refuses_a_snapshot_that_does_not_match_the_replay() -> None:
    """A snapshot with a valid checksum but a state the log does not reach is refused (save/invalid)."""
    data = good_save()
    data["snapshot"]["state"]["vp"][0] += 1
    data["snapshot"]["sha256"] = state_digest(data["snapshot"]["state"])
    assert "does not match" in refused(data, SaveFormatError, "save/invalid")


def test_a_snapshot_whose_log_words_differ_still_loads_and_takes_the_replayed_log() -> None:
    """Issue 30 (new log lines): the snapshot check leaves out the game's history keys (the message log), so a save
    made before the rules logged more still loads; the loaded state holds the log its replay wrote."""
    data = good_save()
    data["snapshot"]["state"]["msgs"] = data["snapshot"]["state"]["msgs"][:2]
    data["snapshot"]["sha256"] = state_digest(data["snapshot"]["state"])
    loaded = Match.from_save(data)
    assert canonical_json(loaded.state.to_json()) == canonical_json(MATCH.state.to_json())
    data["snapshot"]["state"]["vp"][0] += 1  # a difference in the position itself is still refused
    data["snapshot"]["sha256"] = state_digest(data["snapshot"]["state"])
    assert "does not match" in refused(data, SaveFormatError, "save/invalid")


def test_from_save_checks_an_earlier_snapshot_against_the_partial_replay() -> None:
    """A snapshot taken at an earlier entry must equal the replay up to that entry."""
    data = good_save()
    early = MATCH.replay(10).to_json()
    data["snapshot"] = {"at": 10, "state": early, "sha256": state_digest(early)}
    assert canonical_json(Match.from_save(json.loads(json.dumps(data))).state.to_json()) == canonical_json(
        MATCH.state.to_json())
    data["snapshot"]["at"] = 11
    assert "does not match" in refused(data, SaveFormatError, "save/invalid")


@pytest.mark.parametrize("at", [-1, 10**6, "3", None])
def test_from_save_refuses_a_snapshot_at_a_bad_position(at: Any) -> None:
    """A snapshot position outside the log (or not an int) is refused (save/invalid)."""
    data = good_save()
    data["snapshot"]["at"] = at
    assert repr(at) in refused(data, SaveFormatError, "save/invalid")


def test_from_save_refuses_a_log_entry_that_does_not_replay() -> None:
    """A log entry the rules refuse at its point in the game is refused (save/invalid), naming its index."""
    data = good_save()
    data["log"][4]["a"] = "explore"
    message = refused(data, SaveFormatError, "save/invalid")
    assert "entry 4" in message and "'explore'" in message
    data = good_save()
    data["log"][0]["p"] = 7
    assert "entry 0" in refused(data, SaveFormatError, "save/invalid")
    data = good_save()
    data["log"][2]["a"] = "Not Text"
    assert "entry 2" in refused(data, SaveFormatError, "save/invalid")


@pytest.mark.parametrize("entry", [["0", "explore"], {"p": "0", "a": "explore"}, {"p": 0}, {"a": "explore"},
                                   {"p": 0, "a": ["explore"]}, None])
def test_from_save_refuses_a_malformed_log_entry(entry: Any) -> None:
    """A log entry that is not {"p": int, "a": text} is refused (save/invalid) as malformed."""
    data = good_save()
    data["log"][3] = entry
    assert "entry 3" in refused(data, SaveFormatError, "save/invalid")


@pytest.mark.parametrize(("key", "value"), [("players", "2"), ("players", True), ("players", 9),
                                            ("seed", "9"), ("seed", None), ("options", []), ("log", {}),
                                            ("options", {"no_such_option": 1}),
                                            ("seats", [{"name": "A", "kind": "human"}]),
                                            ("seats", [{"name": "A", "kind": "robot"}, {"name": "B", "kind": "human"}]),
                                            ("seats", "two")])
def test_from_save_refuses_bad_header_fields(key: str, value: Any) -> None:
    """Bad players, seed, options, log or seats are refused with SaveFormatError (save/invalid)."""
    data = good_save()
    data[key] = value
    refused(data, SaveFormatError, "save/invalid")


def test_from_save_does_not_modify_its_input() -> None:
    """Loading leaves the save object it was given unchanged."""
    data = good_save()
    Match.from_save(data)
    assert data == SAVE


# --- limits: depth, size, seed, log length, seat names -------------------------------------------------------

def test_from_save_refuses_a_save_nested_deeper_than_40_levels_without_recursion() -> None:
    """Limit MAX_DEPTH (40): a save nested deeper is refused (save/invalid) naming the limit, even 100,000 deep."""
    for depth in (41, 100_000):
        data = good_save()
        deep: Any = 1
        for _ in range(depth):
            deep = [deep]
        data["note"] = deep
        assert "40" in refused(data, SaveFormatError, "save/invalid")
    data = good_save()
    ok: Any = 1
    for _ in range(38):  # the save object is level 1, its "note" field level 2
        ok = [ok]
    data["note"] = ok
    Match.from_save(data)


def test_from_save_refuses_a_save_that_contains_itself() -> None:
    """Limit MAX_DEPTH: a (CPython-only) save that contains itself is refused, not an endless walk."""
    data = good_save()
    loop: list[Any] = []
    loop.append(loop)
    data["note"] = loop
    refused(data, SaveFormatError, "save/invalid")


def test_from_save_refuses_a_save_larger_than_4_mib() -> None:
    """Limit MAX_REQUEST_BYTES (4 MiB): a save with more data than that is refused naming the limit."""
    from pyengine.core.jsonlimits import MAX_REQUEST_BYTES

    data = good_save()
    data["seats"][0]["name"] = "x" * MAX_REQUEST_BYTES
    assert str(MAX_REQUEST_BYTES) in refused(data, SaveFormatError, "save/invalid")


@pytest.mark.parametrize("seed", [2**53, 2**60, -1, -(2**53)])
def test_from_save_refuses_a_seed_outside_javascripts_safe_integers(seed: int) -> None:
    """Seeds: a save's seed must be from 0 to 2**53-1 (save/invalid naming the range)."""
    data = good_save()
    data["seed"] = seed
    del data["snapshot"]
    assert "9007199254740991" in refused(data, SaveFormatError, "save/invalid")


def test_from_save_accepts_the_largest_safe_seed() -> None:
    """Seeds: 2**53-1 (and 0) are valid seeds and round-trip through a save."""
    for seed in (0, 2**53 - 1):
        m = Match.new(GAME, seed=seed, players=2)
        m.apply(0, m.state.legal_actions(0)[0])
        assert Match.from_save(json.loads(json.dumps(m.to_save()))).seed == seed


def test_from_save_refuses_a_log_longer_than_10000_entries() -> None:
    """Replay bound MAX_LOG_ENTRIES (10,000): a longer log is refused before any replay, naming count and limit."""
    data = good_save()
    del data["snapshot"]
    data["log"] = [{"p": 0, "a": "explore"}] * 10_001
    message = refused(data, SaveFormatError, "save/invalid")
    assert "10001" in message and "10000" in message
    data["log"] = [{"p": 0, "a": "explore"}] * 10_000
    assert "10000" not in refused(data, SaveFormatError, "save/invalid")  # refused by the replay instead


def test_from_save_caps_seat_names_at_40_characters() -> None:
    """Seat names: a loaded save's seat names are cut to 40 characters (the rest of the seat is kept)."""
    data = good_save()
    data["seats"][1]["name"] = "é" * 41 + "tail"
    loaded = Match.from_save(data)
    assert loaded.seats[1] == {"name": "é" * 40, "kind": "human"}
    assert loaded.seats[0] == MATCH.seats[0]


# --- chunked loading ------------------------------------------------------------------------------------------

def test_the_loader_replays_in_chunks_to_the_same_match_as_from_save() -> None:
    """Match.loader: total, at and step(n) replay the log in chunks; the result equals from_save's."""
    loader = Match.loader(good_save())
    assert (loader.total, loader.at, loader.done) == (len(SAVE["log"]), 0, False)
    progress = []
    while not loader.step(4):
        progress.append(loader.at)
    assert progress == list(range(4, loader.total, 4)) and loader.at == loader.total and loader.done
    assert loader.step(4) is True
    assert canonical_json(loader.match.state.to_json()) == canonical_json(MATCH.state.to_json())
    assert loader.match.to_save() == MATCH.to_save()


def test_the_loader_checks_the_snapshot_when_it_reaches_its_position() -> None:
    """Match.loader: a snapshot that the replay does not reach fails at the step that passes its position."""
    data = good_save()
    early = MATCH.replay(10).to_json()
    early["vp"][0] += 1
    data["snapshot"] = {"at": 10, "state": early, "sha256": state_digest(early)}
    loader = Match.loader(data)
    assert loader.step(9) is False
    with pytest.raises(SaveFormatError, match="entry 10 does not match"):
        loader.step(5)
    with pytest.raises(SaveFormatError, match="already failed"):
        loader.step(5)


def test_header_errors_come_from_the_loader_before_any_replay() -> None:
    """Match.loader: a malformed later log entry or a corrupt snapshot is refused at once, before stepping."""
    data = good_save()
    data["log"][-1] = {"p": "0", "a": "explore"}
    with pytest.raises(SaveFormatError, match=f"entry {len(data['log']) - 1} is malformed"):
        Match.loader(data)
    data = good_save()
    data["snapshot"]["sha256"] = "0" * 64
    with pytest.raises(SaveFormatError, match="checksum"):
        Match.loader(data)


# --- migrations ------------------------------------------------------------------------------------------------

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "jump_drive-2026.11.json"


def test_a_jump_drive_2026_11_save_loads_after_the_2026_12_change() -> None:
    """Migration ("jump_drive", "2026.11"): a real 2026.11 save loads with the same log and seats.

    The fixture was written by the engine before rules 2026.12 (its snapshot has the old state shape). The
    migration adds round_limit (40) to its options and drops the snapshot, so the log is replayed instead.
    """
    old = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert old["rules_version"] == "2026.11" and "round_limit" not in old["options"]
    assert "vp_cards" not in old["snapshot"]["state"]
    kept = copy.deepcopy(old)
    loaded = Match.from_save(old)
    assert old == kept, "loading must not change the save it was given"
    assert [e.to_json() for e in loaded.log] == old["log"]
    assert loaded.seats == old["seats"] and loaded.seed == old["seed"] and loaded.players == old["players"]
    assert loaded.options == {**old["options"], "round_limit": 40}
    resaved = loaded.to_save()
    assert resaved["rules_version"] == pyengine.load_game(GAME).info.rules_version == "2026.12"
    assert Match.from_save(json.loads(json.dumps(resaved))).to_save() == resaved


def test_the_2026_11_migration_sets_the_version_adds_the_option_and_drops_the_snapshot() -> None:
    """Migration ("jump_drive", "2026.11"): rules_version 2026.12, round_limit 40 (kept if present), no snapshot."""
    from pyengine.core.migrations import MIGRATIONS

    step = MIGRATIONS[(GAME, "2026.11")]
    old = json.loads(FIXTURE.read_text(encoding="utf-8"))
    new = step(old)
    assert new["rules_version"] == "2026.12" and "snapshot" not in new and "snapshot" in old
    assert new["options"]["round_limit"] == 40 and "round_limit" not in old["options"]
    assert new["log"] == old["log"] and new["seats"] == old["seats"]
    assert step({**old, "options": {**old["options"], "round_limit": 25}})["options"]["round_limit"] == 25


def test_the_2026_11_migration_lets_a_game_already_past_round_40_finish_its_round() -> None:
    """Migration ("jump_drive", "2026.11"): a stalled save already in round 45 gets round_limit 45, not 40."""
    from pyengine.core.migrations import MIGRATIONS

    old = json.loads(FIXTURE.read_text(encoding="utf-8"))
    old["snapshot"]["state"]["round"] = 45
    assert MIGRATIONS[(GAME, "2026.11")](old)["options"]["round_limit"] == 45
    old["snapshot"]["state"]["round"] = 500
    assert MIGRATIONS[(GAME, "2026.11")](old)["options"]["round_limit"] == 200
