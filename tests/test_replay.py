"""Replay ("step through any game"): the match's one history for undo and replay (``Match.state_at`` from
checkpoints), and the bridge's ``history``, ``replay_at``, ``fork`` and ``share`` from/to (docs/BRIDGE.md, Replay)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from pyengine import bridge
from pyengine.bots import choose, make_bot
from pyengine.bridge import handle
from pyengine.core import match as match_module
from pyengine.core.api import LOG_HEADER_KINDS, canonical_json
from pyengine.core.match import Match
from pyengine.core.registry import games, load_game
from pyengine.core.rng import Rng
from pyengine.core.text import catalog, game_namespaces
from pyengine.lessons import check_line

GAMES = ["jump_drive", "ares_expedition", "beyond_the_sun"]


def call(request: dict[str, Any]) -> dict[str, Any]:
    """Send one request through the bridge and decode its answer."""
    data: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return data


def ok(request: dict[str, Any]) -> dict[str, Any]:
    """Send one request that must succeed and return its answer."""
    data = call(request)
    assert data["ok"] is True, data
    return data


def error(request: dict[str, Any], code: str) -> None:
    """Send one request that must fail with this error code."""
    data = call(request)
    assert data["ok"] is False and data["error"]["code"] == code, data


def bot_game(game: str, players: int, seed: int, moves: int | None = None) -> tuple[Match, list[str]]:
    """Play a seeded game of random bots (to its end, or ``moves`` moves); return the match and the canonical JSON
    of its state after each number of moves (0..len(log))."""
    m = Match.new(game, seed=seed, players=players)
    rng, bot = Rng(seed), make_bot("random")
    seen = [canonical_json(m.state.to_json())]
    while not m.state.is_terminal() and (moves is None or len(m.log) < moves):
        seat = min(m.state.to_move())
        m.apply(seat, choose(bot, m.state, seat, rng))
        seen.append(canonical_json(m.state.to_json()))
    return m, seen


def bridge_game(game: str, players: int = 2, seed: int = 5, kind: str = "random", steps: int = 100_000,
                viewer: int | None = None) -> dict[str, Any]:
    """Open a bridge match of bot seats and let them play ``steps`` moves (to the end by default)."""
    seats = [{"name": f"P{i}", "kind": kind} for i in range(players)]
    snap = ok({"op": "new_match", "game": game, "players": players, "seed": seed, "seats": seats, "viewer": viewer})
    return ok({"op": "bots", "match": snap["match"], "max_steps": steps, "viewer": viewer})


def hidden_id(game: str) -> str:
    """Return the game's id of its text for a move the viewer may not know."""
    return f"{game_namespaces()[game]}.{bridge.HIDDEN_CHOICE}"


# --- Match: one history for undo and replay -----------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players", "seed"), [("jump_drive", 3, 4), ("ares_expedition", 2, 6),
                                                       ("beyond_the_sun", 4, 7)])
def test_state_at_equals_the_state_after_k_moves_and_a_replay_from_the_start(game: str, players: int,
                                                                            seed: int) -> None:
    """state_at(k), from the nearest checkpoint, is the state the live game had after k moves, for every k, and the
    same as replaying the log from the start; replay(k) is state_at(k)."""
    m, seen = bot_game(game, players, seed)
    assert m.state.is_terminal() and len(m.log) > 40
    for k in range(len(m.log) + 1):
        assert canonical_json(m.state_at(k).to_json()) == seen[k], k
    for k in range(0, len(m.log) + 1, 9):
        assert canonical_json(m.replay_from_start(k).to_json()) == seen[k]
        assert canonical_json(m.replay(k).to_json()) == seen[k]
    assert canonical_json(m.replay().to_json()) == seen[-1]
    with pytest.raises(ValueError):
        m.state_at(len(m.log) + 1)
    with pytest.raises(ValueError):
        m.state_at(-1)


def test_checkpoints_sit_every_16_moves_at_the_start_and_at_the_last_barrier() -> None:
    """A match keeps its start, every 16th position and its last barrier; state_at replays at most 15 moves."""
    m, _ = bot_game("beyond_the_sun", 4, 7)
    points = m.checkpoints()
    grid = [k for k in points if k % match_module.CHECKPOINT_EVERY == 0]
    assert grid == list(range(0, len(m.log) + 1, match_module.CHECKPOINT_EVERY))
    assert set(points) - set(grid) <= {m._barrier_at}
    assert m._barrier_at in points


def test_a_long_game_thins_its_checkpoints_by_doubling_the_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past MAX_CHECKPOINTS the grid's interval doubles (every other checkpoint dropped), and state_at stays exact."""
    monkeypatch.setattr(match_module, "CHECKPOINT_EVERY", 2)
    monkeypatch.setattr(match_module, "MAX_CHECKPOINTS", 8)
    m, seen = bot_game("ares_expedition", 2, 6)
    assert len(m.checkpoints()) <= 8
    assert m._interval >= 2 * 2 ** 4 and len(m.log) > 8 * 16
    for k in range(len(m.log) + 1):
        assert canonical_json(m.state_at(k).to_json()) == seen[k]


def test_undo_rebuilds_from_the_barrier_checkpoint_and_drops_the_checkpoints_after_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo starts from the last barrier's checkpoint (never from the start), and the checkpoints after the barrier,
    which the shortened log no longer has, are dropped: state_at agrees with the live state at every k."""
    monkeypatch.setattr(match_module, "CHECKPOINT_EVERY", 1)  # every position is a checkpoint
    m = Match.new("jump_drive", seed=5, players=3)
    a0, a1 = m.state.legal_actions(0)[0], m.state.legal_actions(1)[3]
    m.apply(0, a0)
    m.apply(1, a1)
    assert m.checkpoints() == [0, 1, 2]

    def no_start() -> None:
        raise AssertionError("undo replayed from the start")

    monkeypatch.setattr(m, "_initial", no_start)
    m.undo(0)
    assert len(m.log) == 1 and m.checkpoints() == [0, 1]
    only_seat1 = Match.new("jump_drive", seed=5, players=3)
    only_seat1.apply(1, a1)
    assert canonical_json(m.state_at(1).to_json()) == canonical_json(only_seat1.state.to_json())
    assert canonical_json(m.state_at(1).to_json()) == canonical_json(m.state.to_json())


def test_undo_after_a_grid_checkpoint_keeps_state_at_exact() -> None:
    """In a long game, undoing a move that follows grid checkpoints since the barrier leaves every state_at right."""
    m, _ = bot_game("beyond_the_sun", 2, 3, moves=60)
    rng = Rng(3)
    undone = crossed = 0
    while not m.state.is_terminal() and undone < 10:
        seat = min(m.state.to_move())
        m.apply(seat, rng.choice(m.state.legal_actions(seat)))
        if m.can_undo(seat) and rng.randbelow(3) == 0:
            crossed += any(k > m._barrier_at for k in m.checkpoints())
            m.undo(seat)
            undone += 1
            assert max(m.checkpoints()) <= len(m.log)
    assert undone == 10 and crossed, "no undo took back moves past a grid checkpoint"
    for k in range(len(m.log) + 1):
        assert canonical_json(m.state_at(k).to_json()) == canonical_json(m.replay_from_start(k).to_json())


def test_apply_all_applies_every_action_or_none() -> None:
    """Match.apply_all: an illegal action among several leaves the state, log and history as they were."""
    m = Match.new("beyond_the_sun", seed=2, players=2)
    seat = min(m.state.to_move())
    first = m.state.legal_actions(seat)[0]
    before, log, points = canonical_json(m.state.to_json()), list(m.log), m.checkpoints()
    with pytest.raises(Exception) as info:
        m.apply_all(seat, [str(first), "no such action"])
    assert getattr(info.value, "code", "").startswith("action/")
    assert canonical_json(m.state.to_json()) == before and m.log == log and m.checkpoints() == points
    m.apply_all(seat, [str(first)])
    assert len(m.log) == 1


# --- history ------------------------------------------------------------------------------------------------------

def test_every_game_has_a_text_for_a_hidden_choice() -> None:
    """Each registered game's catalog holds <ns>.log.hidden_choice with its second-person form (history uses it)."""
    texts = catalog()
    for game in games():
        load_game(game)
        entry = texts[hidden_id(game)]
        assert entry["subject"] == "player" and entry["you"]


def test_history_hides_the_other_seats_simultaneous_choice_in_jump_drive() -> None:
    """During a Jump Drive game, another seat's keep and plan are "makes a choice" (hidden) for a viewer until the
    log tells them, and name none of its cards; the mover sees its own move's label."""
    snap = ok({"op": "new_match", "game": "jump_drive", "players": 2, "seed": 3, "viewer": 0})
    mid = snap["match"]
    keep = snap["decision"]["actions"][0]["a"]
    ok({"op": "submit", "match": mid, "seat": 0, "action": keep, "viewer": 0})
    for viewer in (1, None):
        move = ok({"op": "history", "match": mid, "viewer": viewer})["moves"][0]
        assert move["hidden"] is True and move["msg"]["id"] == hidden_id("jump_drive")
        assert move["msg"]["args"] == {"player": {"player": 0}}
        assert not any(card in json.dumps(move) for card in keep.split("=")[1].split(","))
    own = ok({"op": "history", "match": mid, "viewer": 0})["moves"][0]
    assert own["hidden"] is False and own["msg"]["id"] == "jd.act.keep"
    assert all(card in json.dumps(own["msg"]) for card in keep.split("=")[1].split(","))
    # Seat 1 keeps too: its move reveals both, so its label is a line the log tells everyone (about seat 1).
    other = ok({"op": "state", "match": mid, "viewer": 1})["decision"]["actions"][0]["a"]
    snap = ok({"op": "submit", "match": mid, "seat": 1, "action": other, "viewer": 0})
    moves = ok({"op": "history", "match": mid, "viewer": 0})["moves"]
    assert moves[1]["hidden"] is False and moves[1]["msg"]["id"] == "jd.log.keeps"
    assert moves[1]["msg"]["args"]["player"] == {"player": 1}
    # The round's plan: seat 0 places first; seat 1 may not know what.
    plan = snap["decision"]["actions"][-1]["a"]
    ok({"op": "submit", "match": mid, "seat": 0, "action": plan, "viewer": 0})
    planned = ok({"op": "history", "match": mid, "viewer": 1})["moves"][2]
    assert planned["hidden"] is True and planned["msg"]["id"] == hidden_id("jump_drive")
    assert not any(part.split("=")[-1] in json.dumps(planned) for part in plan.split()[1:])


def test_history_hides_the_other_seats_phase_card_in_ares_expedition() -> None:
    """Ares Expedition's planning: a seat's phase card is hidden from the other seat and a spectator while the
    other seat still chooses; its own seat sees the card it picked."""
    snap = ok({"op": "new_match", "game": "ares_expedition", "players": 2, "seed": 4, "viewer": 0})
    mid = snap["match"]
    while snap["decision"] is None or snap["decision"]["kind"] != "phase":
        seat = snap["to_move"][0]
        state = ok({"op": "state", "match": mid, "viewer": seat})
        snap = ok({"op": "submit", "match": mid, "seat": seat, "action": state["decision"]["actions"][0]["a"],
                   "viewer": 0})
        assert len(snap["log"]) < 200
    pick = snap["decision"]["actions"][-1]["a"]
    snap = ok({"op": "submit", "match": mid, "seat": 0, "action": pick, "viewer": 0})
    n = snap["log_length"]
    for viewer in (1, None):
        move = ok({"op": "history", "match": mid, "viewer": viewer})["moves"][n - 1]
        assert move["seat"] == 0 and move["hidden"] is True and move["msg"]["id"] == hidden_id("ares_expedition")
    mine = ok({"op": "history", "match": mid, "viewer": 0})["moves"][n - 1]
    assert mine["hidden"] is False and mine["msg"]["id"] == "ares.act.phase"


@pytest.mark.parametrize("game", GAMES)
def test_history_during_a_game_never_labels_another_seats_move_by_its_action(game: str) -> None:
    """Honesty in general: while a game goes on, every move of another seat is told by a log line the viewer may
    read or by the hidden-choice text, never by the move's own label (an ``.act.`` text)."""
    snap = bridge_game(game, steps=60)
    assert not snap["terminal"]
    for viewer in (0, 1, None):
        answer = ok({"op": "history", "match": snap["match"], "viewer": viewer})
        assert answer["total"] == len(answer["moves"]) == 60
        for move in answer["moves"]:
            if move["seat"] != viewer:
                assert ".act." not in move["msg"]["id"], move
                assert move["hidden"] == (move["msg"]["id"] == hidden_id(game))
            else:
                assert move["hidden"] is False


@pytest.mark.parametrize("game", GAMES)
def test_history_after_the_end_describes_every_move(game: str) -> None:
    """Once the game is over everything is open: each move's text is its label from the position before it, for
    every viewer, and none is hidden."""
    snap = bridge_game(game, steps=100_000)
    assert snap["terminal"]
    mid = snap["match"]
    m = bridge._MATCHES[mid]
    answer = ok({"op": "history", "match": mid, "viewer": None})
    assert answer == ok({"op": "history", "match": mid, "viewer": 1})
    assert answer["total"] == len(m.log) == len(answer["moves"])
    assert [mv["n"] for mv in answer["moves"]] == list(range(1, len(m.log) + 1))
    assert not any(mv["hidden"] for mv in answer["moves"])
    for k in range(0, len(m.log), 5):
        entry = m.log[k]
        words = m.state_at(k).describe_text(entry.seat, m.game.parse_action(entry.action))
        assert words is not None and answer["moves"][k]["msg"] == words.to_json()
        assert answer["moves"][k]["seat"] == entry.seat


@pytest.mark.parametrize("game", GAMES)
def test_history_groups_cover_every_move_in_order_under_round_headers(game: str) -> None:
    """The groups cover moves 1..total in order without gaps; each opens at a round or phase line (a first group
    without header only before any), and every group after a round line names its round."""
    snap = bridge_game(game, seed=9)
    answer = ok({"op": "history", "match": snap["match"], "viewer": None})
    groups = answer["groups"]
    covered = [n for g in groups for n in range(g["first"], g["last"] + 1)]
    assert covered == list(range(1, answer["total"] + 1))
    assert all(g["first"] <= g["last"] for g in groups)
    assert all(g["kind"] in LOG_HEADER_KINDS for g in groups[1:])
    assert groups[0]["kind"] in (None, *LOG_HEADER_KINDS)
    assert (groups[0]["header"] is None) == (groups[0]["kind"] is None)
    rounds = [g for g in groups if g["kind"] == "round"]
    assert len(rounds) >= 2
    for g in groups:
        if g["kind"] is not None:
            assert g["round_header"] is not None and g["round_header"]["id"] == rounds[0]["header"]["id"]
        if g["kind"] == "round":
            assert g["round_header"] == g["header"]
    if game == "ares_expedition":
        assert any(g["kind"] == "phase" for g in groups)


def test_history_walks_the_log_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """history is one pass: it asks the match for one state (the start) however many moves there are."""
    snap = bridge_game("beyond_the_sun", seed=2)
    calls: list[int] = []
    real = Match.state_at

    def counting(self: Match, k: int) -> Any:
        calls.append(k)
        return real(self, k)

    monkeypatch.setattr(Match, "state_at", counting)
    ok({"op": "history", "match": snap["match"], "viewer": 0})
    assert calls == [0]


def test_history_refuses_bad_fields() -> None:
    """history: an unknown match is match/unknown, a viewer outside the seats bridge/bad_request."""
    mid = bridge_game("jump_drive", steps=4)["match"]
    error({"op": "history", "match": "nope", "viewer": 0}, "match/unknown")
    error({"op": "history", "match": mid, "viewer": 2}, "bridge/bad_request")
    error({"op": "history", "match": mid, "viewer": "0"}, "bridge/bad_request")


# --- replay_at ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_replay_at_the_end_and_the_start_match_the_live_snapshots(game: str) -> None:
    """replay_at total is the live snapshot (view, decision, log, terminal, outcome) and replay_at 0 a new match's
    of the same seed; both carry replay {at, total}, never an undo."""
    snap = bridge_game(game, steps=30, viewer=0)
    mid = snap["match"]
    live = ok({"op": "state", "match": mid, "viewer": 0})
    end = ok({"op": "replay_at", "match": mid, "at": 30, "viewer": 0})
    for key in ("view", "decision", "to_move", "terminal", "outcome", "seats", "game", "players"):
        assert end[key] == live[key], key
    assert [{k: v for k, v in e.items() if k != "seq"} for e in end["log"]] == \
        [{k: v for k, v in e.items() if k != "seq"} for e in live["log"]]
    assert end["replay"] == {"at": 30, "total": 30} and end["can_undo"] is False and end["log_length"] == 30
    start = ok({"op": "replay_at", "match": mid, "at": 0, "viewer": None})
    fresh = ok({"op": "new_match", "game": game, "players": 2, "seed": 5, "viewer": None})
    assert start["view"] == fresh["view"] and start["replay"] == {"at": 0, "total": 30}


def test_replay_at_numbers_its_log_apart_from_the_live_match() -> None:
    """Stepping through the replay does not disturb the live match's log numbers; the replay's own numbers stay
    stable while it steps forward."""
    snap = bridge_game("beyond_the_sun", steps=40, viewer=0)
    mid = snap["match"]
    before = [e["seq"] for e in ok({"op": "state", "match": mid, "viewer": 0})["log"]]
    first = ok({"op": "replay_at", "match": mid, "at": 10, "viewer": 0})["log"]
    ok({"op": "replay_at", "match": mid, "at": 0, "viewer": 0})
    after = [e["seq"] for e in ok({"op": "state", "match": mid, "viewer": 0})["log"]]
    assert before == after
    again = ok({"op": "replay_at", "match": mid, "at": 10, "viewer": 0})["log"]
    more = ok({"op": "replay_at", "match": mid, "at": 12, "viewer": 0})["log"]
    assert [e["seq"] for e in more[: len(again)]] == [e["seq"] for e in again]
    assert len(first) == len(again)


def test_replay_at_refuses_bad_fields_and_changes_nothing() -> None:
    """replay_at: unknown match, `at` out of 0..total or not a number, or a bad viewer is refused; the match stays."""
    snap = bridge_game("jump_drive", steps=6, viewer=0)
    mid = snap["match"]
    live = canonical_json(bridge._MATCHES[mid].state.to_json())
    error({"op": "replay_at", "match": "m0", "at": 0, "viewer": 0}, "match/unknown")
    for at in (-1, 7, "3", None, True, 2.5):
        error({"op": "replay_at", "match": mid, "at": at, "viewer": 0}, "bridge/bad_request")
    error({"op": "replay_at", "match": mid, "at": 3, "viewer": 9}, "bridge/bad_request")
    assert canonical_json(bridge._MATCHES[mid].state.to_json()) == live
    assert len(bridge._MATCHES[mid].log) == 6


# --- fork -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_fork_at_a_middle_move_begins_as_the_match_did_and_plays_on(game: str) -> None:
    """fork: a new match (its own id) whose state is state_at(at) and whose save holds the first `at` moves; it plays
    on to the end while the old match stays as it was."""
    snap = bridge_game(game, steps=40)
    mid = snap["match"]
    old = bridge._MATCHES[mid]
    before = canonical_json(old.state.to_json())
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Bot", "kind": "random"}]
    forked = ok({"op": "fork", "match": mid, "at": 17, "seats": seats, "viewer": 0})
    assert forked["match"] != mid and forked["seats"] == seats and forked["log_length"] == 17
    new = bridge._MATCHES[forked["match"]]
    assert canonical_json(new.state.to_json()) == canonical_json(old.state_at(17).to_json())
    save = ok({"op": "save", "match": forked["match"]})["save"]
    assert save["log"] == [e.to_json() for e in old.log[:17]] and save["seed"] == old.seed
    assert canonical_json(Match.from_save(save).state.to_json()) == canonical_json(new.state.to_json())
    for seat in range(2):
        new.seats[seat]["kind"] = "random"
    end = ok({"op": "bots", "match": forked["match"], "max_steps": 100_000, "viewer": 0})
    assert end["terminal"]
    assert canonical_json(old.state.to_json()) == before and len(old.log) == 40


def test_fork_of_a_match_begun_from_a_code_keeps_its_start() -> None:
    """A match begun from a position code forks from that position (its save names the same start)."""
    code = ok({"op": "code", "match": bridge_game("beyond_the_sun", steps=12)["match"]})["code"]
    seats = [{"name": "A", "kind": "random"}, {"name": "B", "kind": "random"}]
    mid = ok({"op": "new_from_code", "code": code, "seats": seats, "viewer": 0})["match"]
    ok({"op": "bots", "match": mid, "max_steps": 8, "viewer": 0})
    old = bridge._MATCHES[mid]
    forked = ok({"op": "fork", "match": mid, "at": 4, "viewer": None})
    new = bridge._MATCHES[forked["match"]]
    assert old.start is not None and new.start == old.start
    assert ok({"op": "save", "match": forked["match"]})["save"]["start"] == old.start
    assert canonical_json(new.state.to_json()) == canonical_json(old.state_at(4).to_json())
    assert forked["seats"] == seats


def test_fork_refuses_bad_fields_and_opens_no_match() -> None:
    """fork: unknown match, `at` out of range, seats of the wrong number or kind, or a bad viewer open nothing."""
    mid = bridge_game("jump_drive", steps=6)["match"]
    count = len(bridge._MATCHES)
    error({"op": "fork", "match": "nope", "at": 0, "viewer": 0}, "match/unknown")
    for at in (-1, 7, None, "2"):
        error({"op": "fork", "match": mid, "at": at, "viewer": 0}, "bridge/bad_request")
    error({"op": "fork", "match": mid, "at": 2, "seats": [{"name": "A", "kind": "human"}], "viewer": 0},
          "bridge/bad_request")
    error({"op": "fork", "match": mid, "at": 2, "seats": [{"name": "A", "kind": "x"}] * 2, "viewer": 0},
          "bridge/bad_request")
    error({"op": "fork", "match": mid, "at": 2, "viewer": 3}, "bridge/bad_request")
    assert len(bridge._MATCHES) == count


# --- share from/to ----------------------------------------------------------------------------------------------

def test_share_from_to_gives_a_line_that_replays_from_line_code_to_code() -> None:
    """share with from/to: line_code is the position after `from` moves, the line the moves up to `to`, and playing
    the line from line_code as an embed does reaches code (everything open); `to` defaults to the end."""
    mid = bridge_game("beyond_the_sun", steps=50)["match"]
    m = bridge._MATCHES[mid]
    g = load_game("beyond_the_sun")
    shared = ok({"op": "share", "match": mid, "seat": None, "from": 12, "to": 30})
    assert shared["line_code"] == m.state_at(12).position_code() and shared["code"] == m.state_at(30).position_code()
    start = g.state_from_code(shared["line_code"])
    rows, problems = check_line(start, shared["line"])
    assert not problems and len(rows) == len(shared["line"]) == 18 and not shared["line_cut"]
    assert start.position_code() == shared["code"]
    tail = ok({"op": "share", "match": mid, "seat": None, "from": 44})
    assert tail["code"] == m.state.position_code() and len(tail["line"]) == 6
    assert ok({"op": "share", "match": mid, "seat": None, "from": 44, "to": 50})["line"] == tail["line"]
    assert ok({"op": "share", "match": mid, "seat": None, "back": 6})["line"] == tail["line"]  # back still works
    honest = ok({"op": "share", "match": mid, "seat": 0, "from": 12, "to": 30})
    assert g.state_from_code(honest["line_code"]).view(0) == m.state_at(12).view(0)
    assert g.state_from_code(honest["code"]).view(0) == m.state_at(30).view(0)


def test_share_from_to_refuses_bad_ranges() -> None:
    """share: from > to, to past the end, a range over 200 moves, and back together with from/to are refused."""
    mid = bridge_game("beyond_the_sun", steps=10)["match"]
    for extra in ({"from": 5, "to": 4}, {"from": 0, "to": 11}, {"from": -1}, {"to": 4}, {"from": 2, "back": 3},
                  {"from": "1"}):
        error({"op": "share", "match": mid, "seat": None, **extra}, "bridge/bad_request")
    long_mid = bridge_game("beyond_the_sun", players=4, seed=7, steps=240)["match"]
    error({"op": "share", "match": long_mid, "seat": None, "from": 0, "to": 201}, "bridge/bad_request")
    assert len(ok({"op": "share", "match": long_mid, "seat": None, "from": 0, "to": 200})["line"]) <= 200


# --- speed --------------------------------------------------------------------------------------------------------

def test_replay_at_every_move_of_a_long_game_is_quick() -> None:
    """Prints (does not assert) the time of replay_at at every move of a long Beyond the Sun game, and of history."""
    snap = bridge_game("beyond_the_sun", players=4, seed=7)
    mid = snap["match"]
    total = len(bridge._MATCHES[mid].log)
    t0 = time.perf_counter()
    for k in range(total + 1):
        ok({"op": "replay_at", "match": mid, "at": k, "viewer": None})
    t1 = time.perf_counter()
    ok({"op": "history", "match": mid, "viewer": 0})
    t2 = time.perf_counter()
    print(f"\nreplay_at: {total + 1} positions of a {total}-move Beyond the Sun game in {t1 - t0:.2f} s "
          f"({(t1 - t0) / (total + 1) * 1000:.1f} ms each); history {(t2 - t1) * 1000:.0f} ms")
