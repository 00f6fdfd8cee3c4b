"""The match layer: the action log, undo within barriers (BGA policy), replay, and the save file it writes."""

from __future__ import annotations

import hashlib
import json

import pytest

import pyengine
from pyengine.core.api import Action, canonical_json
from pyengine.core.errors import IllegalActionError, InvalidActionError, NotYourTurnError, UndoNotAllowedError
from pyengine.core.match import LogEntry, Match
from pyengine.core.rng import Rng
from pyengine.core.saveformat import SAVE_FORMAT, SAVE_FORMAT_VERSION

GAME = "jump_drive"


def play_random(match: Match, actions: int, seed: int = 0) -> None:
    """Apply up to `actions` random legal actions (random seat among those to move)."""
    rng = Rng(seed)
    for _ in range(actions):
        if match.state.is_terminal():
            return
        movers = sorted(match.state.to_move())
        seat = movers[rng.randbelow(len(movers))]
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))


def text(match: Match) -> str:
    return canonical_json(match.state.to_json())


def test_apply_logs_seat_and_canonical_action_text() -> None:
    """Each applied action is logged once as (seat, canonical text), whether given as text or Action."""
    m = Match.new(GAME, seed=3, players=2)
    a0 = m.state.legal_actions(0)[0]
    a1 = m.state.legal_actions(1)[-1]
    assert m.apply(0, a0) == a0
    shuffled = " ".join([a1.kind, *reversed([f"{k}={v}" for k, v in a1.params])])
    assert m.apply(1, "  " + shuffled) == a1
    assert [(e.seat, e.action) for e in m.log] == [(0, str(a0)), (1, str(a1))]
    assert [e.to_json() for e in m.log] == [{"p": 0, "a": str(a0)}, {"p": 1, "a": str(a1)}]


def test_rejected_actions_are_not_logged_and_leave_the_state() -> None:
    """Malformed, illegal and out-of-turn actions raise, and neither the log nor the state changes."""
    m = Match.new(GAME, seed=3, players=2)
    m.apply(0, m.state.legal_actions(0)[0])
    before, log = text(m), list(m.log)
    with pytest.raises(InvalidActionError):
        m.apply(1, "Not An Action")
    with pytest.raises(IllegalActionError):
        m.apply(1, "explore")
    with pytest.raises(NotYourTurnError):
        m.apply(0, m.state.legal_actions(1)[0])
    assert text(m) == before and m.log == log


def test_undo_own_simultaneous_commitment_keeps_another_seats_commitment() -> None:
    """In a simultaneous choice, a seat may take back its commitment while another seat's stays made."""
    m = Match.new(GAME, seed=5, players=3)
    start = text(m)
    a0, a1 = m.state.legal_actions(0)[0], m.state.legal_actions(1)[3]
    m.apply(0, a0)
    m.apply(1, a1)
    assert m.state.to_move() == frozenset({2})
    assert m.can_undo(0) and m.can_undo(1) and not m.can_undo(2)
    m.undo(0)
    assert m.state.to_move() == frozenset({0, 2}), "seat 0 must be choosing again, seat 1 still committed"
    assert [(e.seat, e.action) for e in m.log] == [(1, str(a1))]
    assert not m.can_undo(0) and m.can_undo(1)
    only_seat1 = Match.new(GAME, seed=5, players=3)
    only_seat1.apply(1, a1)
    assert text(m) == text(only_seat1)
    m.undo(1)
    assert text(m) == start and m.log == []


def test_undo_is_refused_across_a_barrier_after_a_reveal() -> None:
    """Once every seat's commitment is revealed, nobody can undo: UndoNotAllowedError, code undo/not_allowed."""
    m = Match.new(GAME, seed=5, players=2)
    m.apply(0, m.state.legal_actions(0)[0])
    m.apply(1, m.state.legal_actions(1)[0])  # the last commitment: the opening discards are revealed
    assert m.log[-1].barrier
    after = text(m)
    for seat in (0, 1):
        assert not m.can_undo(seat)
        with pytest.raises(UndoNotAllowedError) as info:
            m.undo(seat)
        assert info.value.code == "undo/not_allowed"
        assert f"seat {seat}" in str(info.value)
    assert text(m) == after and len(m.log) == 2


def test_undo_is_refused_for_a_seat_with_nothing_since_the_barrier() -> None:
    """A seat that has not acted since the last barrier cannot undo, even while another seat can."""
    m = Match.new(GAME, seed=8, players=2)
    with pytest.raises(UndoNotAllowedError):
        m.undo(0)
    m.apply(0, m.state.legal_actions(0)[0])
    before = text(m)
    with pytest.raises(UndoNotAllowedError) as info:
        m.undo(1)
    assert info.value.code == "undo/not_allowed"
    assert text(m) == before and len(m.log) == 1
    assert m.can_undo(0) and not m.can_undo(1)


def test_undo_takes_back_only_the_latest_of_several_own_actions() -> None:
    """With several own actions since the barrier, undo removes only the latest and replays the rest."""
    for seed in range(40):
        m = Match.new(GAME, seed=seed, players=2)
        rng = Rng(seed)
        while not m.state.is_terminal():
            movers = sorted(m.state.to_move())
            seat = movers[rng.randbelow(len(movers))]
            m.apply(seat, rng.choice(m.state.legal_actions(seat)))
            last = m.log[-2:]
            if len(last) == 2 and all(e.seat == seat and not e.barrier for e in last):
                expected = canonical_json(m.replay(len(m.log) - 1).to_json())
                kept = m.log[:-1]
                m.undo(seat)
                assert text(m) == expected
                assert [(e.seat, e.action) for e in m.log] == [(e.seat, e.action) for e in kept]
                assert m.can_undo(seat)
                return
    pytest.fail("no position with two own undoable actions in a row was found")


def test_barriers_follow_reveals_new_movers_and_the_end() -> None:
    """A log entry is a barrier exactly when it revealed something, gave the turn to a new seat, or ended."""
    m = Match.new(GAME, seed=21, players=3)
    rng = Rng(21)
    while not m.state.is_terminal():
        before_movers, before_epoch = m.state.to_move(), m.state.epoch()
        movers = sorted(before_movers)
        seat = movers[rng.randbelow(len(movers))]
        m.apply(seat, rng.choice(m.state.legal_actions(seat)))
        expected = (m.state.epoch() != before_epoch or bool(m.state.to_move() - before_movers)
                    or m.state.is_terminal())
        assert m.log[-1].barrier == expected
        if m.log[-1].barrier:
            assert not any(m.can_undo(s) for s in range(3))
    assert m.log[-1].barrier


def test_replay_equals_the_state_at_every_point() -> None:
    """replay(k) equals the state after the first k actions, and replay() equals the current state."""
    m = Match.new(GAME, seed=13, players=2)
    rng = Rng(13)
    snapshots = [text(m)]
    while not m.state.is_terminal():
        movers = sorted(m.state.to_move())
        seat = movers[rng.randbelow(len(movers))]
        m.apply(seat, rng.choice(m.state.legal_actions(seat)))
        snapshots.append(text(m))
    assert canonical_json(m.replay().to_json()) == snapshots[-1]
    for k in range(0, len(m.log) + 1, 7):
        assert canonical_json(m.replay(k).to_json()) == snapshots[k]
    assert canonical_json(m.replay(0).to_json()) == snapshots[0]


def test_replay_after_undo_matches_the_state() -> None:
    """After undos, replaying the log from the start still gives the current state."""
    m = Match.new(GAME, seed=4, players=3)
    m.apply(0, m.state.legal_actions(0)[2])
    m.apply(2, m.state.legal_actions(2)[1])
    m.undo(0)
    m.apply(0, m.state.legal_actions(0)[5])
    m.apply(1, m.state.legal_actions(1)[0])
    assert canonical_json(m.replay().to_json()) == text(m)


def test_save_has_format_versions_game_seats_options_seed_log_and_checked_snapshot() -> None:
    """to_save writes pyengine-save, format_version, engine and rules versions, game, seats, options, seed,
    the log and a snapshot whose sha256 is that of the state's canonical JSON."""
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "greedy"}]
    m = Match.new(GAME, seed=77, players=2, options={"solo_target": 40}, seats=seats)
    play_random(m, 25, 77)
    save = json.loads(json.dumps(m.to_save()))
    assert save["format"] == SAVE_FORMAT == "pyengine-save"
    assert save["format_version"] == 1 and SAVE_FORMAT_VERSION == 2  # 2 only for a match begun from a position
    assert save["engine_version"] == pyengine.__version__
    assert save["game"] == GAME
    assert save["rules_version"] == pyengine.load_game(GAME).info.rules_version
    assert save["players"] == 2
    assert save["seats"] == seats
    assert save["options"]["solo_target"] == 40
    assert save["options"] == m.options
    assert save["seed"] == 77
    assert save["log"] == [{"p": e.seat, "a": e.action} for e in m.log] and len(save["log"]) == 25
    snap = save["snapshot"]
    assert snap["at"] == 25
    assert snap["state"] == json.loads(json.dumps(m.state.to_json()))
    expected = hashlib.sha256(canonical_json(m.state.to_json()).encode("ascii")).hexdigest()
    assert snap["sha256"] == expected
    assert "snapshot" not in m.to_save(snapshot=False)


def test_save_is_a_copy_of_the_match() -> None:
    """Changing a save object afterwards does not change the match's seats, options or log."""
    m = Match.new(GAME, seed=2, players=2)
    play_random(m, 5)
    save = m.to_save()
    save["seats"][0]["name"] = "Mallory"
    save["options"]["solo_target"] = 1
    save["log"].clear()
    assert m.seats[0]["name"] == "Player 1"
    assert m.options["solo_target"] == 50
    assert len(m.log) == 5 and m.to_save()["log"]


def test_default_seats_are_humans_named_by_number() -> None:
    """A match without seats gets one human seat per player, named Player 1, Player 2, ..."""
    m = Match.new(GAME, seed=1, players=3)
    assert m.seats == [{"name": f"Player {i}", "kind": "human"} for i in (1, 2, 3)]


def test_log_entry_serialises_compactly() -> None:
    """A LogEntry is written to a save as {"p": seat, "a": text}; the barrier flag is not saved."""
    assert LogEntry(1, "explore", True).to_json() == {"p": 1, "a": "explore"}
    assert Action.parse("explore") == pyengine.load_game(GAME).parse_action("explore")


def test_match_caps_every_seat_name_at_40_characters() -> None:
    """Seat names: Match cuts each seat name to 40 characters and leaves the caller's seat list untouched."""
    seats = [{"name": "A" * 41, "kind": "human"}, {"name": "B" * 40, "kind": "greedy"}]
    m = Match.new(GAME, seed=1, players=2, seats=seats)
    assert m.seats == [{"name": "A" * 40, "kind": "human"}, {"name": "B" * 40, "kind": "greedy"}]
    assert seats[0]["name"] == "A" * 41
    assert m.to_save()["seats"] == m.seats


def test_from_save_is_the_loader_run_to_the_end() -> None:
    """Match.from_save and Match.loader(...).step(total) give the same match, log and undo rights."""
    m = Match.new(GAME, seed=4, players=3)
    play_random(m, 40, seed=4)
    save = json.loads(json.dumps(m.to_save()))
    loader = Match.loader(save)
    assert loader.step(loader.total) is True
    whole = Match.from_save(save)
    assert text(loader.match) == text(whole) == text(m)
    assert [e.barrier for e in loader.match.log] == [e.barrier for e in m.log]
    assert [loader.match.can_undo(s) for s in range(3)] == [m.can_undo(s) for s in range(3)]


def test_a_loader_step_of_zero_entries_makes_no_progress() -> None:
    """Match.loader: step(0) replays nothing (and only finishes an empty log)."""
    m = Match.new(GAME, seed=4, players=2)
    play_random(m, 5, seed=4)
    loader = Match.loader(m.to_save())
    assert loader.step(0) is False and loader.at == 0
    empty = Match.loader(Match.new(GAME, seed=4, players=2).to_save())
    assert empty.total == 0 and empty.step(0) is True


def test_undo_block_names_why_a_seat_cannot_undo() -> None:
    """Undo policy, in words for the page: nothing chosen yet ("start"), a reveal since the seat's last choice
    ("reveal"), and the end of the game ("over"); None while the seat may undo."""
    from pyengine.core.rng import Rng

    m = Match.new("jump_drive", seed=5, players=2)
    assert m.undo_block(0) == "start" and m.undo_block(1) == "start"
    m.apply(0, m.state.legal_actions(0)[0])  # seat 0 keeps its opening cards: seat 1 still chooses, no reveal yet
    assert m.undo_block(0) is None and m.can_undo(0)
    m.apply(1, m.state.legal_actions(1)[0])  # both chose: the opening is revealed
    assert m.undo_block(0) == "reveal" and m.undo_block(1) == "reveal"
    rng = Rng(5)
    while not m.state.is_terminal():
        seat = min(m.state.to_move())
        m.apply(seat, rng.choice(m.state.legal_actions(seat)))
    assert m.undo_block(0) == "over"
