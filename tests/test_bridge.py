"""The JS <-> Python bridge (docs/BRIDGE.md): one JSON string in, one JSON string out, for every op."""

from __future__ import annotations

import decimal
import json
import re
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine import bridge
from pyengine.bridge import handle
from pyengine.core.saveformat import SAVE_FORMAT

GAME = "jump_drive"
ROOT_DOC = Path(__file__).resolve().parents[1] / "docs" / "BRIDGE.md"
SNAPSHOT_KEYS = {"match", "game", "players", "seed", "options", "seats", "viewer", "to_move", "terminal",
                 "outcome", "view", "decision", "log", "can_undo", "undo_block", "log_length"}
DOCUMENTED_CODES = {"action/invalid", "action/illegal", "action/inactive_player", "action/gameover",
                    "undo/not_allowed", "save/invalid", "save/incompatible_version", "game/unknown",
                    "bridge/bad_request", "match/unknown", "engine/error", "input/too_large", "input/too_deep"}


def call(request: Any) -> dict[str, Any]:
    """Send one request (an object, or raw text) and decode the answer; the answer is always a JSON object."""
    text = request if isinstance(request, str) else json.dumps(request)
    answer = handle(text)
    assert isinstance(answer, str)
    data = json.loads(answer)
    assert isinstance(data, dict) and isinstance(data.get("ok"), bool)
    return data


def ok(request: dict[str, Any]) -> dict[str, Any]:
    data = call(request)
    assert data["ok"] is True, data
    return data


def error(request: Any, code: str) -> str:
    """The request must fail as {"ok": false, "error": {code, message}}; returns the message."""
    data = call(request)
    assert data["ok"] is False, data
    assert set(data) == {"ok", "error"}
    assert set(data["error"]) == {"code", "message"}
    assert data["error"]["code"] == code, data["error"]
    assert isinstance(data["error"]["message"], str) and data["error"]["message"]
    return str(data["error"]["message"])


def new_match(players: int = 2, seed: int = 7, viewer: int | None = 0, **extra: Any) -> dict[str, Any]:
    return ok({"op": "new_match", "game": GAME, "players": players, "seed": seed, "options": {},
               "viewer": viewer, **extra})


def strings(data: Any) -> set[str]:
    """Every string in some JSON data (keys and values), with comma-separated lists split into items."""
    out: set[str] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            out |= strings(k) | strings(v)
    elif isinstance(data, list):
        for v in data:
            out |= strings(v)
    elif isinstance(data, str):
        out.add(data)
        out.update(data.replace("=", ",").replace(" ", ",").split(","))
    return out


def hand(snapshot: dict[str, Any], seat: int) -> list[str]:
    return list(snapshot["view"]["players"][seat]["hand"])


def check_snapshot(snap: dict[str, Any], viewer: int | None) -> None:
    assert set(snap) >= SNAPSHOT_KEYS
    assert snap["game"] == GAME and snap["viewer"] == viewer
    assert snap["to_move"] == sorted(snap["to_move"])
    decision = snap["decision"]
    if viewer is None or viewer not in snap["to_move"]:
        assert decision is None
    else:
        assert decision["seat"] == viewer and decision["kind"] and decision["prompt"]
        assert decision["actions"]
        assert all({"a", "label"} <= set(a) <= {"a", "label", "hint", "msg"} for a in decision["actions"])
        # The page words labels and prompts from its catalog: an id, the English template and typed references.
        assert all(set(a["msg"]) == {"id", "t", "args"} for a in decision["actions"])
        assert set(decision["prompt_msg"]) == {"id", "t", "args"}
    for entry in snap["log"]:
        assert {"seq", "t", "args"} <= set(entry) <= {"seq", "t", "args", "id"}
        for arg in entry["args"].values():
            assert len(arg) == 1 and next(iter(arg)) in ("player", "card", "cards", "n", "term", "text")


# --- info, catalog, bench --------------------------------------------------------------------------------

def test_info_lists_engine_version_and_every_game_info() -> None:
    """info answers the engine version and one GameInfo per registered game, with the documented fields."""
    data = ok({"op": "info"})
    assert data["engine_version"] == pyengine.__version__
    ids = [g["id"] for g in data["games"]]
    assert ids == pyengine.core.registry.games()
    jd = data["games"][ids.index(GAME)]
    assert {"id", "name", "min_players", "max_players", "rules_version", "options"} <= set(jd)
    assert (jd["min_players"], jd["max_players"]) == (1, 4)
    for o in jd["options"]:
        assert {"name", "type", "default", "label", "help"} <= set(o)


def test_catalog_returns_card_records() -> None:
    """catalog answers the game's cards as a list of records with ids and names."""
    cards = ok({"op": "catalog", "game": GAME})["cards"]
    assert cards == json.loads(json.dumps(pyengine.load_game(GAME).catalog()))
    assert len(cards) > 10 and all(isinstance(c["id"], str) and c["name"] for c in cards)
    assert len({c["id"] for c in cards}) == len(cards)


def test_catalog_of_an_unknown_game_is_game_unknown() -> None:
    """catalog for an id that is not registered answers game/unknown quoting it."""
    assert "'nope'" in error({"op": "catalog", "game": "nope"}, "game/unknown")


def test_bench_plays_the_requested_number_of_games() -> None:
    """bench with a tiny count answers games, seconds and games_per_s consistent with each other."""
    data = ok({"op": "bench", "game": GAME, "games": 2})
    assert data["games"] == 2 and data["seconds"] > 0
    assert data["games_per_s"] == pytest.approx(2 / data["seconds"])


def test_selftest_answers_a_reproducible_digest_of_one_seeded_game() -> None:
    """selftest answers the action count and sha256 of one seeded random game, the same on every call."""
    req = {"op": "selftest", "game": GAME, "seed": 5, "players": 2}
    first, second = ok(req), ok(req)
    assert first == second
    assert first["actions"] > 0 and re.fullmatch(r"[0-9a-f]{64}", first["sha256"])
    assert ok({**req, "seed": 6})["sha256"] != first["sha256"]
    error({"op": "selftest", "game": GAME, "seed": "5", "players": 2}, "bridge/bad_request")


# --- new_match, state, snapshots ----------------------------------------------------------------------------

def test_new_match_answers_a_match_id_and_a_snapshot() -> None:
    """new_match answers a match id plus a full snapshot for the viewer, with its pending decision."""
    snap = new_match(players=2, seed=7, viewer=0)
    check_snapshot(snap, 0)
    assert isinstance(snap["match"], str) and snap["match"]
    assert snap["players"] == 2 and snap["seed"] == 7 and snap["to_move"] == [0, 1]
    assert snap["terminal"] is False and snap["outcome"] is None
    assert snap["log_length"] == 0 and snap["can_undo"] is False
    assert snap["options"] == pyengine.load_game(GAME).info.defaults()
    assert len(hand(snap, 0)) == 7
    state = pyengine.load_game(GAME).new_initial_state(seed=7, players=2)
    assert [a["a"] for a in snap["decision"]["actions"]] == [str(a) for a in state.legal_actions(0)]


def test_new_match_ids_are_distinct() -> None:
    """Each new_match gets a fresh id."""
    ids = {new_match()["match"] for _ in range(3)}
    assert len(ids) == 3


def test_new_match_without_seed_picks_one_and_reports_it() -> None:
    """A null seed is replaced by a concrete integer seed that the snapshot reports."""
    snap = ok({"op": "new_match", "game": GAME, "players": 1, "seed": None, "viewer": 0})
    assert isinstance(snap["seed"], int) and not isinstance(snap["seed"], bool)


def test_player_names_are_passed_through_as_data() -> None:
    """Seat names come back exactly as given (markup and braces included), never interpreted."""
    names = ["<b>Ann</b> & \"Bo\"", "{player} 'x'; DROP"]
    snap = new_match(seats=[{"name": names[0], "kind": "human"}, {"name": names[1], "kind": "greedy"}])
    assert snap["seats"] == [{"name": names[0], "kind": "human"}, {"name": names[1], "kind": "greedy"}]
    again = ok({"op": "state", "match": snap["match"], "viewer": None})
    assert again["seats"] == snap["seats"]
    save = ok({"op": "save", "match": snap["match"]})["save"]
    assert [s["name"] for s in save["seats"]] == names


def test_state_answers_the_same_snapshot_for_the_same_viewer() -> None:
    """state for a viewer repeats new_match's snapshot; a spectator (null) gets no decision and no hand."""
    snap = new_match(players=3, seed=4, viewer=1)
    again = ok({"op": "state", "match": snap["match"], "viewer": 1})
    assert {k: v for k, v in again.items() if k != "ok"} == {k: v for k, v in snap.items() if k != "ok"}
    spectator = ok({"op": "state", "match": snap["match"], "viewer": None})
    check_snapshot(spectator, None)
    assert spectator["decision"] is None and spectator["can_undo"] is False
    assert all("hand" not in p for p in spectator["view"]["players"])


def test_snapshot_for_a_viewer_shows_only_that_seats_hand() -> None:
    """The viewer's own hand is in its snapshot; no other seat's hand card appears anywhere in it."""
    snap = new_match(players=3, seed=11, viewer=0)
    mid = snap["match"]
    hands = {s: hand(ok({"op": "state", "match": mid, "viewer": s}), s) for s in range(3)}
    for viewer in range(3):
        seen = strings(ok({"op": "state", "match": mid, "viewer": viewer}))
        for other in range(3):
            if other != viewer:
                assert not seen & set(hands[other]), f"seat {viewer} sees seat {other}'s cards"
    spectator = strings(ok({"op": "state", "match": mid, "viewer": None}))
    assert not spectator & (set(hands[0]) | set(hands[1]) | set(hands[2]))


def test_hidden_opening_commitment_leaves_no_trace_in_other_snapshots() -> None:
    """After seat 1 commits its opening discards, seat 0's snapshot has no trace of which cards they were."""
    snap = new_match(players=2, seed=7, viewer=1)
    mid = snap["match"]
    before0 = ok({"op": "state", "match": mid, "viewer": 0})
    choice = snap["decision"]["actions"][-1]["a"]
    after1 = ok({"op": "submit", "match": mid, "seat": 1, "action": choice, "viewer": 1})
    assert after1["view"]["players"][1]["plan"]["discard"] == choice.split("=")[1].split(",")
    after0 = ok({"op": "state", "match": mid, "viewer": 0})
    discards = set(choice.split("=")[1].split(","))
    assert not strings(after0) & discards
    assert not strings(after0) & set(hand(after1, 1))
    assert "plan" not in after0["view"]["players"][1]
    assert after0["view"]["players"][1]["status"] == "ready"
    for key in ("seed", "match"):
        before0.pop(key)
        after0.pop(key)
    # Only seat 1's public status and the undo/log counters may differ.
    assert after0["view"]["players"][0] == before0["view"]["players"][0]
    assert after0["to_move"] == [0]


def test_hidden_plan_commitment_leaves_no_trace_in_other_snapshots() -> None:
    """In a round's plan, seat 1's committed cards are invisible to seat 0 and to spectators until revealed."""
    snap = new_match(players=2, seed=3, viewer=0)
    mid = snap["match"]
    for seat in (0, 1):
        ok({"op": "bot", "match": mid, "seat": seat, "viewer": seat})
    s1 = ok({"op": "state", "match": mid, "viewer": 1})
    placing = [a["a"] for a in s1["decision"]["actions"] if a["a"].startswith("place")]
    assert placing, "seat 1 has nothing to place in round 1 of this seed"
    choice = placing[-1]
    ok({"op": "submit", "match": mid, "seat": 1, "action": choice, "viewer": 1})
    committed = {v for tok in choice.split()[1:] for v in [tok.split("=")[1]] if v not in ("survey", "contact")}
    for viewer in (0, None):
        seen = ok({"op": "state", "match": mid, "viewer": viewer})
        assert not strings(seen) & committed, f"viewer {viewer} sees seat 1's hidden plan {choice!r}"
        assert "plan" not in seen["view"]["players"][1]


def test_bot_answer_for_another_viewer_carries_no_action_text() -> None:
    """A bot move for seat 1 reported to viewer 0 says only which seat moved; viewer 1 is told the action."""
    snap = new_match(players=2, seed=7, viewer=0)
    mid = snap["match"]
    ans = ok({"op": "bot", "match": mid, "seat": 1, "viewer": 0})
    assert ans["played"] == {"seat": 1}
    assert ans["log_length"] == 1 and ans["to_move"] == [0]
    ans1 = ok({"op": "state", "match": mid, "viewer": 1})
    committed = set(ans1["view"]["players"][1]["plan"]["discard"])
    assert not strings(ans) & committed
    other = new_match(players=2, seed=7, viewer=1)
    mine = ok({"op": "bot", "match": other["match"], "seat": 1, "viewer": 1})
    assert set(mine["played"]) == {"seat", "action", "label"} and mine["played"]["seat"] == 1
    assert mine["played"]["action"] in [a["a"] for a in other["decision"]["actions"]]
    assert mine["played"]["label"]


def test_private_draws_are_logged_only_to_the_drawer() -> None:
    """After both seats explore, each seat's log names only cards now in its own hand; spectators see none."""
    snap = new_match(players=2, seed=7, viewer=0)
    mid = snap["match"]
    for seat in (0, 1):
        ok({"op": "bot", "match": mid, "seat": seat, "viewer": None})
    for seat in (0, 1):
        ok({"op": "submit", "match": mid, "seat": seat, "action": "explore", "viewer": None})
    for viewer in (0, 1):
        view = ok({"op": "state", "match": mid, "viewer": viewer})
        types_in_hand = sorted(c.rsplit("-", 1)[0] for c in hand(view, viewer))
        named = [c for e in view["log"] for arg in e["args"].values() for c in arg.get("cards", [])]
        assert named, "the drawer's log should name the cards it drew"
        assert all(named.count(c) <= types_in_hand.count(c) for c in named)
    spectator = ok({"op": "state", "match": mid, "viewer": None})
    assert not [e for e in spectator["log"] if any("cards" in a for a in e["args"].values())]


# --- submit, submit_many, undo, bot ---------------------------------------------------------------------------

def test_submit_applies_the_action_and_answers_the_new_snapshot() -> None:
    """submit applies one canonical action for a seat and answers the viewer's new snapshot."""
    snap = new_match(players=2, seed=7, viewer=0)
    action = snap["decision"]["actions"][0]["a"]
    ans = ok({"op": "submit", "match": snap["match"], "seat": 0, "action": action, "viewer": 0})
    check_snapshot(ans, 0)
    assert ans["log_length"] == 1 and ans["to_move"] == [1] and ans["decision"] is None
    assert ans["can_undo"] is True


def test_submit_errors_carry_stable_codes_and_quote_the_input() -> None:
    """submit answers action/invalid, action/illegal and action/inactive_player with the input quoted."""
    snap = new_match(players=2, seed=7, viewer=0)
    mid = snap["match"]
    assert "'Bad Text'" in error({"op": "submit", "match": mid, "seat": 0, "action": "Bad Text"},
                                 "action/invalid")
    assert "'explore'" in error({"op": "submit", "match": mid, "seat": 0, "action": "explore"}, "action/illegal")
    first = snap["decision"]["actions"][0]["a"]
    ok({"op": "submit", "match": mid, "seat": 0, "action": first, "viewer": 0})
    assert repr(first) in error({"op": "submit", "match": mid, "seat": 0, "action": first},
                                "action/inactive_player")
    assert ok({"op": "state", "match": mid, "viewer": 0})["log_length"] == 1


def test_submit_after_the_end_is_action_gameover() -> None:
    """Once the game is over, submit answers action/gameover."""
    snap = new_match(players=1, seed=2, viewer=0)
    mid = snap["match"]
    last = snap
    for _ in range(500):
        if last["terminal"]:
            break
        last = ok({"op": "bot", "match": mid, "seat": last["to_move"][0], "viewer": 0})
    assert last["terminal"] and last["outcome"] is not None and last["decision"] is None
    assert set(last["outcome"]) == {"scores", "winners", "tiebreak", "details"}
    assert "'explore'" in error({"op": "submit", "match": mid, "seat": 0, "action": "explore"}, "action/gameover")
    assert last["can_undo"] is False


def _to_paying(seed: int = 7) -> tuple[str, dict[str, Any]]:
    """A 2-player match where both seats explored: each now owes 3 discards."""
    snap = new_match(players=2, seed=seed, viewer=0)
    mid = snap["match"]
    for seat in (0, 1):
        ok({"op": "bot", "match": mid, "seat": seat, "viewer": None})
    for seat in (0, 1):
        ok({"op": "submit", "match": mid, "seat": seat, "action": "explore", "viewer": None})
    view = ok({"op": "state", "match": mid, "viewer": 0})
    assert view["view"]["players"][0]["owes"] == 3
    return mid, view


def test_submit_many_applies_every_action_in_order() -> None:
    """submit_many applies a list of actions for one seat and answers the final snapshot."""
    mid, view = _to_paying()
    cards = hand(view, 0)[:3]
    ans = ok({"op": "submit_many", "match": mid, "seat": 0, "actions": [f"pay card={c}" for c in cards],
              "viewer": 0})
    assert ans["log_length"] == view["log_length"] + 3
    assert not set(cards) & set(hand(ans, 0))


@pytest.mark.parametrize("bad", ["pay card=not_a_card-9", "Bad Text", 5, "explore"])
def test_submit_many_is_all_or_nothing(bad: Any) -> None:
    """A bad action in the middle of submit_many leaves the state and the log exactly as they were."""
    mid, view = _to_paying()
    before = ok({"op": "save", "match": mid})["save"]
    cards = hand(view, 0)
    actions = [f"pay card={cards[0]}", bad, f"pay card={cards[1]}"]
    data = call({"op": "submit_many", "match": mid, "seat": 0, "actions": actions, "viewer": 0})
    assert data["ok"] is False and data["error"]["code"] in DOCUMENTED_CODES
    assert ok({"op": "save", "match": mid})["save"] == before
    after = ok({"op": "state", "match": mid, "viewer": 0})
    assert {k: v for k, v in after.items()} == {k: v for k, v in view.items()}
    # The match still works normally afterwards.
    ok({"op": "submit", "match": mid, "seat": 0, "action": f"pay card={cards[0]}", "viewer": 0})


def test_submit_many_rolls_back_the_undo_position_too() -> None:
    """After a failed submit_many, undo rights are the same as before it."""
    snap = new_match(players=3, seed=5, viewer=0)
    mid = snap["match"]
    first = snap["decision"]["actions"][0]["a"]
    error({"op": "submit_many", "match": mid, "seat": 0, "actions": [first, first]}, "action/inactive_player")
    state = ok({"op": "state", "match": mid, "viewer": 0})
    assert state["can_undo"] is False and state["log_length"] == 0
    error({"op": "undo", "match": mid, "seat": 0}, "undo/not_allowed")


def test_undo_takes_back_the_seats_own_commitment() -> None:
    """undo restores the seat's choice while the other seat still chooses; it is refused after a reveal."""
    snap = new_match(players=2, seed=7, viewer=0)
    mid = snap["match"]
    first = snap["decision"]["actions"][2]["a"]
    ok({"op": "submit", "match": mid, "seat": 0, "action": first, "viewer": 0})
    assert "seat 1" in error({"op": "undo", "match": mid, "seat": 1, "viewer": 1}, "undo/not_allowed")
    back = ok({"op": "undo", "match": mid, "seat": 0, "viewer": 0})
    assert {k: v for k, v in back.items() if k != "ok"} == {k: v for k, v in snap.items() if k != "ok"}
    ok({"op": "submit", "match": mid, "seat": 0, "action": first, "viewer": 0})
    ok({"op": "bot", "match": mid, "seat": 1, "viewer": 0})
    error({"op": "undo", "match": mid, "seat": 0, "viewer": 0}, "undo/not_allowed")


def test_bot_plays_a_legal_action_for_a_seat_to_move_only() -> None:
    """bot moves a seat that is to move, and answers action/inactive_player for one that is not."""
    snap = new_match(players=2, seed=9, viewer=0)
    mid = snap["match"]
    ans = ok({"op": "bot", "match": mid, "seat": 0, "viewer": 0})
    assert ans["played"]["action"] in [a["a"] for a in snap["decision"]["actions"]]
    error({"op": "bot", "match": mid, "seat": 0, "viewer": 0}, "action/inactive_player")
    error({"op": "bot", "match": mid, "seat": 5, "viewer": 0}, "action/inactive_player")


# --- save, load, close --------------------------------------------------------------------------------------

def test_save_and_load_round_trip_to_an_equal_match() -> None:
    """save answers a pyengine-save object; load of it answers a new match with the same snapshot."""
    snap = new_match(players=2, seed=7, viewer=0)
    mid = snap["match"]
    for _ in range(6):
        state = ok({"op": "state", "match": mid, "viewer": None})
        ok({"op": "bot", "match": mid, "seat": state["to_move"][0], "viewer": None})
    save = ok({"op": "save", "match": mid})["save"]
    assert save["format"] == SAVE_FORMAT and save["game"] == GAME and len(save["log"]) == 6
    loaded = ok({"op": "load", "save": save, "viewer": 0})
    assert loaded["match"] != mid
    original = ok({"op": "state", "match": mid, "viewer": 0})
    assert {k: v for k, v in loaded.items() if k != "match"} == {k: v for k, v in original.items() if k != "match"}


def test_save_survives_a_javascript_json_round_trip() -> None:
    """A save object parsed and re-serialised by the page's JSON (numbers are IEEE doubles) still loads.

    The page does JSON.parse on every answer and JSON.stringify on the load request, so any integer above
    2**53 in the save (for example a 64-bit RNG state in the snapshot) is silently rounded on the way.
    """
    snap = new_match(players=2, seed=7, viewer=0)
    text = json.dumps({"op": "load", "save": ok({"op": "save", "match": snap["match"]})["save"], "viewer": 0})

    def js_number(literal: str) -> int | float:
        value = float(literal)  # what JSON.parse makes of it
        shortest = decimal.Decimal(repr(value))  # what JSON.stringify writes back
        return int(shortest) if shortest == shortest.to_integral_value() else value

    as_javascript_sends_it = json.dumps(json.loads(text, parse_int=js_number))
    data = call(as_javascript_sends_it)
    assert data["ok"] is True, data.get("error")


def test_load_refuses_bad_saves_with_save_codes() -> None:
    """load answers save/invalid for a corrupt or missing save and save/incompatible_version for a newer one."""
    snap = new_match()
    save = ok({"op": "save", "match": snap["match"]})["save"]
    error({"op": "load", "viewer": 0}, "save/invalid")
    error({"op": "load", "save": [1, 2], "viewer": 0}, "save/invalid")
    error({"op": "load", "save": {**save, "format": "other"}, "viewer": 0}, "save/invalid")
    error({"op": "load", "save": {**save, "format_version": 99}, "viewer": 0}, "save/incompatible_version")
    error({"op": "load", "save": {**save, "rules_version": "1999.1"}, "viewer": 0}, "save/incompatible_version")
    error({"op": "load", "save": {**save, "game": "nope"}, "viewer": 0}, "game/unknown")


def test_close_forgets_the_match() -> None:
    """close answers ok; afterwards the match id is unknown (match/unknown) to every op."""
    snap = new_match()
    mid = snap["match"]
    assert ok({"op": "close", "match": mid}) == {"ok": True}
    assert repr(mid) in error({"op": "state", "match": mid, "viewer": 0}, "match/unknown")
    error({"op": "close", "match": mid}, "match/unknown")
    error({"op": "submit", "match": mid, "seat": 0, "action": "explore"}, "match/unknown")


# --- malformed requests -------------------------------------------------------------------------------------

@pytest.mark.parametrize("raw", ["", "not json", "{", "{'op': 'info'}", "null]"])
def test_non_json_request_is_bad_request(raw: str) -> None:
    """A request that is not JSON text answers bridge/bad_request."""
    assert "JSON" in error(raw, "bridge/bad_request")


@pytest.mark.parametrize("raw", ["[]", "[{\"op\": \"info\"}]", "\"info\"", "3", "null", "true"])
def test_non_object_request_is_bad_request(raw: str) -> None:
    """A JSON request that is not an object answers bridge/bad_request."""
    assert "object" in error(raw, "bridge/bad_request")


@pytest.mark.parametrize("op", ["nope", "", None, 3, "INFO", "view", ["info"], {"op": "info"}])
def test_unknown_op_is_bad_request_quoting_it(op: Any) -> None:
    """An unknown or missing op answers bridge/bad_request quoting the op."""
    assert repr(op) in error({"op": op}, "bridge/bad_request")


def test_missing_op_is_bad_request() -> None:
    """A request object without op answers bridge/bad_request."""
    error({}, "bridge/bad_request")


def test_unknown_match_is_match_unknown_quoting_it() -> None:
    """Ops naming a match this worker does not hold answer match/unknown quoting the id."""
    for op in ("state", "submit", "submit_many", "bot", "undo", "save", "close"):
        assert "'m-none'" in error({"op": op, "match": "m-none", "seat": 0, "action": "explore", "actions": [],
                                    "viewer": 0}, "match/unknown")


@pytest.mark.parametrize("request_", [
    {"op": "new_match", "players": 2},
    {"op": "new_match", "game": 3, "players": 2},
    {"op": "new_match", "game": GAME, "players": "2"},
    {"op": "new_match", "game": GAME, "players": True},
    {"op": "new_match", "game": GAME, "players": 2, "seed": "7x"},
    {"op": "new_match", "game": GAME, "players": 2, "seed": 1.5},
    {"op": "new_match", "game": GAME, "players": 2, "options": []},
    {"op": "new_match", "game": GAME, "players": 2, "seats": "two"},
    {"op": "new_match", "game": GAME, "players": 2, "seats": [{"name": "A", "kind": "robot"}, {"name": "B",
                                                                                              "kind": "human"}]},
    {"op": "new_match", "game": GAME, "players": 2, "seats": [{"kind": "human"}, {"name": "B", "kind": "human"}]},
    {"op": "new_match", "game": GAME, "players": 2, "seats": [{"name": "A", "kind": "human"}]},
    {"op": "catalog"},
    {"op": "bench", "game": GAME},
    {"op": "bench", "game": GAME, "games": "2"},
    {"op": "state"},
    {"op": "state", "match": 1},
])
def test_bad_fields_are_bad_request(request_: dict[str, Any]) -> None:
    """Missing or wrongly typed fields answer bridge/bad_request naming the field."""
    error(request_, "bridge/bad_request")


def test_bad_fields_on_an_open_match_are_bad_request() -> None:
    """submit/bot/undo/state with a missing or mistyped seat, action, actions or viewer answer bad_request."""
    mid = new_match()["match"]
    for req in ({"op": "submit", "match": mid, "action": "explore"},
                {"op": "submit", "match": mid, "seat": "0", "action": "explore"},
                {"op": "submit", "match": mid, "seat": 0},
                {"op": "submit", "match": mid, "seat": 0, "action": ["explore"]},
                {"op": "submit_many", "match": mid, "seat": 0, "actions": "explore"},
                {"op": "submit_many", "match": mid, "seat": 0, "actions": [7]},
                {"op": "bot", "match": mid},
                {"op": "undo", "match": mid, "seat": None},
                {"op": "state", "match": mid, "viewer": "0"},
                {"op": "state", "match": mid, "viewer": True},
                {"op": "state", "match": mid, "viewer": 2},
                {"op": "state", "match": mid, "viewer": -1}):
        error(req, "bridge/bad_request")
    assert ok({"op": "state", "match": mid, "viewer": 0})["log_length"] == 0


def test_unsupported_player_count_is_refused_with_options_invalid() -> None:
    """new_match with a player count the game does not support is refused (options/invalid)."""
    error({"op": "new_match", "game": GAME, "players": 5, "seed": 1}, "options/invalid")
    error({"op": "new_match", "game": GAME, "players": 2, "seed": 1, "options": {"turbo": 1}}, "options/invalid")


def test_unknown_game_in_new_match_is_game_unknown() -> None:
    """new_match of an unregistered game answers game/unknown quoting the id."""
    assert "'nope'" in error({"op": "new_match", "game": "nope", "players": 2}, "game/unknown")


def test_every_error_code_the_bridge_answers_is_documented() -> None:
    """The error codes produced across this module's failing requests are all listed in docs/BRIDGE.md."""
    mid = new_match()["match"]
    samples = [
        "nope", {"op": "nope"}, {"op": "state", "match": "x"}, {"op": "catalog", "game": "x"},
        {"op": "submit", "match": mid, "seat": 0, "action": "X"},
        {"op": "submit", "match": mid, "seat": 0, "action": "explore"},
        {"op": "undo", "match": mid, "seat": 0},
        {"op": "load", "save": {}},
        {"op": "new_match", "game": GAME, "players": 9},
        {"op": "new_from_code", "code": "x"}, {"op": "new_from_code", "code": "st1.AAAA"},
    ]
    codes = {call(s)["error"]["code"] for s in samples}
    documented = ROOT_DOC.read_text(encoding="utf-8")
    for code in codes:
        assert f"`{code}`" in documented, f"error code {code} is answered but not listed in docs/BRIDGE.md"



def test_actions_naming_a_card_carry_its_text_as_a_hint() -> None:
    """Tooltips: an Ares Expedition corporation choice carries the corporation's text as "hint"; Jump Drive has none."""
    snap = ok({"op": "new_match", "game": "ares_expedition", "players": 2, "seed": 3, "options": {}, "viewer": 0})
    actions = snap["decision"]["actions"]
    assert actions and all(a["a"].startswith("corp pick=") for a in actions)
    assert all("Starts with" in a["hint"] and a["hint"].startswith(a["label"].removeprefix("Keep ")) for a in actions)
    assert all("hint" not in a for a in new_match()["decision"]["actions"])


# --- input limits (core/jsonlimits.py) ------------------------------------------------------------------------

def nested(depth: int) -> str:
    """Return JSON text of `depth` nested objects: {"a":{"a":...1...}}."""
    return '{"a":' * depth + "1" + "}" * depth


def test_a_request_nested_1600_deep_is_refused_before_parsing_and_the_bridge_keeps_working() -> None:
    """Limit MAX_DEPTH (40): a ~10 KB request of 1,600 nested objects is input/too_deep; later calls still work."""
    raw = '{"op": "info", "x": ' + nested(1600) + "}"
    assert 9_000 < len(raw) < 20_000
    message = error(raw, "input/too_deep")
    assert "40" in message and "1601" in message
    assert ok({"op": "info"})["engine_version"] == pyengine.__version__


def test_a_request_nested_far_beyond_the_recursion_limit_is_refused_without_recursion() -> None:
    """Limit MAX_DEPTH: the depth scan does not recurse, so 200,000 levels are refused, not a RecursionError."""
    raw = '{"op": "info", "x": ' + "[" * 200_000 + "]" * 200_000 + "}"
    assert "the limit is 40" in error(raw, "input/too_deep")


def test_depth_40_is_accepted_and_41_refused() -> None:
    """Limit MAX_DEPTH: a request whose arrays and objects nest exactly 40 deep is read; 41 deep is refused."""
    for depth, fine in ((40, True), (41, False)):
        raw = '{"op": "info", "x": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"
        data = call(raw)
        assert data["ok"] is fine, data
        if not fine:
            assert data["error"]["code"] == "input/too_deep"


def test_brackets_inside_strings_do_not_count_toward_the_depth() -> None:
    """Limit MAX_DEPTH: brackets in strings (escaped quotes and backslashes included) are not nesting."""
    tricky = '\\"' + "[" * 100 + '\\\\' + "{" * 100 + '\\"'
    raw = '{"op": "info", "x": "' + tricky + '", "y": ["\\\\", "[[[[", {"z": "}}}}\\""}]}'
    assert json.loads(raw)["x"].startswith('"[[[')
    assert call(raw)["ok"] is True
    from pyengine.core.jsonlimits import nesting_depth

    assert nesting_depth(raw) == 3


def test_a_request_over_4_mib_is_refused_before_parsing() -> None:
    """Limit MAX_REQUEST_BYTES (4 MiB): a longer request is input/too_large naming the limit; 4 MiB is read."""
    from pyengine.core.jsonlimits import MAX_REQUEST_BYTES

    head, tail = '{"op": "info", "x": "', '"}'
    fits = head + "a" * (MAX_REQUEST_BYTES - len(head) - len(tail)) + tail
    assert call(fits)["ok"] is True
    message = error(head + "a" * (MAX_REQUEST_BYTES - len(head) - len(tail) + 1) + tail, "input/too_large")
    assert str(MAX_REQUEST_BYTES) in message and "4 MiB" in message


def test_the_size_limit_counts_utf8_bytes_not_characters() -> None:
    """Limit MAX_REQUEST_BYTES: 2.1 million "é" (4.2 MB of UTF-8, fewer characters than 4 MiB) are too large."""
    raw = '{"op": "info", "x": "' + "é" * 2_100_000 + '"}'
    assert len(raw) < 4 * 1024 * 1024 < len(raw.encode("utf-8"))
    error(raw, "input/too_large")


def test_jsonlimits_doctests_pass() -> None:
    """The examples in core/jsonlimits.py run and give the output they show."""
    import doctest

    import pyengine.core.jsonlimits as limits

    result = doctest.testmod(limits)
    assert result.attempted > 0 and result.failed == 0


# --- every field is checked before anything changes ----------------------------------------------------------

def _bots_match() -> str:
    """A 2-player match whose seats are both greedy bots, in round 1's plan."""
    snap = new_match(seats=[{"name": "A", "kind": "greedy"}, {"name": "B", "kind": "greedy"}])
    return str(snap["match"])


def _fingerprint(mid: str) -> Any:
    """The match's full state JSON and log, through the save op."""
    return ok({"op": "save", "match": mid})["save"]


BAD_VIEWERS: list[Any] = ["0", True, 1.5, 2, -1, [0]]


@pytest.mark.parametrize("viewer", BAD_VIEWERS)
def test_a_bad_viewer_is_refused_before_submit_applies_anything(viewer: Any) -> None:
    """Validation first: submit with a bad viewer (type or range) is bad_request and the move is not made."""
    snap = new_match()
    mid, action = snap["match"], snap["decision"]["actions"][0]["a"]
    before = _fingerprint(mid)
    error({"op": "submit", "match": mid, "seat": 0, "action": action, "viewer": viewer}, "bridge/bad_request")
    assert _fingerprint(mid) == before


@pytest.mark.parametrize("viewer", BAD_VIEWERS)
def test_a_bad_viewer_is_refused_before_submit_many_bot_bots_or_undo_change_anything(viewer: Any) -> None:
    """Validation first: submit_many, bot, bots and undo with a bad viewer change neither state nor log."""
    snap = new_match()
    mid, action = snap["match"], snap["decision"]["actions"][0]["a"]
    before = _fingerprint(mid)
    error({"op": "submit_many", "match": mid, "seat": 0, "actions": [action], "viewer": viewer},
          "bridge/bad_request")
    error({"op": "bot", "match": mid, "seat": 0, "viewer": viewer}, "bridge/bad_request")
    assert _fingerprint(mid) == before
    ok({"op": "submit", "match": mid, "seat": 0, "action": action, "viewer": 0})
    before = _fingerprint(mid)
    error({"op": "undo", "match": mid, "seat": 0, "viewer": viewer}, "bridge/bad_request")
    assert _fingerprint(mid) == before
    bots = _bots_match()
    before = _fingerprint(bots)
    error({"op": "bots", "match": bots, "viewer": viewer}, "bridge/bad_request")
    assert _fingerprint(bots) == before


@pytest.mark.parametrize("request_", [
    {"op": "submit", "seat": "0", "action": "A"}, {"op": "submit", "seat": True, "action": "A"},
    {"op": "submit", "seat": 0, "action": 3}, {"op": "submit", "action": "A"},
    {"op": "submit_many", "seat": 0, "actions": ["A", 3]}, {"op": "submit_many", "seat": 0, "actions": "A"},
    {"op": "submit_many", "seat": None, "actions": ["A"]},
    {"op": "bot", "seat": "0"}, {"op": "bot"}, {"op": "bot", "seat": 1.0},
    {"op": "bots", "max_steps": 0}, {"op": "bots", "max_steps": -3}, {"op": "bots", "max_steps": "5"},
    {"op": "bots", "max_steps": 10**9},
    {"op": "undo", "seat": "0"}, {"op": "undo"},
])
def test_every_bad_field_of_a_changing_op_is_refused_with_nothing_changed(request_: dict[str, Any]) -> None:
    """Validation first: a bad seat, action(s) or max_steps is bad_request, and state and log stay the same."""
    mid = _bots_match()
    state = ok({"op": "state", "match": mid, "viewer": 0})
    action = state["decision"]["actions"][0]["a"]
    ok({"op": "submit", "match": mid, "seat": 0, "action": action, "viewer": 0})  # something undo could take back
    before = _fingerprint(mid)
    req = {**request_, "match": mid, "viewer": 0}
    for key in ("action", "actions"):
        if req.get(key) == "A":
            req[key] = action
        elif isinstance(req.get(key), list):
            req[key] = [action if a == "A" else a for a in req[key]]
    error(req, "bridge/bad_request")
    assert _fingerprint(mid) == before


@pytest.mark.parametrize("games", [0, -1, 1001, 10**6])
def test_bench_refuses_a_game_count_outside_1_to_1000(games: int) -> None:
    """bench: games must be from 1 to 1000 (bad_request naming the range)."""
    assert "1000" in error({"op": "bench", "game": GAME, "games": games}, "bridge/bad_request")


# --- seeds ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("seed", "expected"), [(0, 0), (7, 7), (2**53 - 1, 2**53 - 1), ("123", 123),
                                                ("0007", 7), ("9007199254740991", 2**53 - 1)])
def test_new_match_accepts_a_seed_as_a_safe_integer_or_digits(seed: Any, expected: int) -> None:
    """Seeds: an int or a text of decimal digits from 0 to 2**53-1 is used as the seed (and reported as an int)."""
    snap = ok({"op": "new_match", "game": GAME, "players": 2, "seed": seed, "viewer": 0})
    assert snap["seed"] == expected and isinstance(snap["seed"], int)
    same = ok({"op": "new_match", "game": GAME, "players": 2, "seed": expected, "viewer": 0})
    assert same["view"] == snap["view"]


@pytest.mark.parametrize("seed", [1e21, 2**53, 2**60, -1, True, False, 1.5, 7.0, "12abc", "", " 12", "-5", "1e3",
                                  "\u0661\u0662", "9007199254740992", [7], {"seed": 7}])
def test_new_match_refuses_any_other_seed(seed: Any) -> None:
    """Seeds: anything but a whole number from 0 to 2**53-1 (int or digits) is bad_request saying the rule."""
    message = error({"op": "new_match", "game": GAME, "players": 2, "seed": seed, "viewer": 0},
                    "bridge/bad_request")
    assert "seed must be a whole number from 0 to 9007199254740991" in message


def test_a_seed_written_as_1e21_in_the_request_text_is_refused() -> None:
    """Seeds: the JSON number 1e21 (what JavaScript writes for 10**21) is refused, not rounded."""
    raw = '{"op": "new_match", "game": "jump_drive", "players": 2, "seed": 1e21, "viewer": 0}'
    assert "9007199254740991" in error(raw, "bridge/bad_request")


# --- seat names ----------------------------------------------------------------------------------------------

def test_seat_names_are_cut_to_40_characters_in_new_matches_and_loads() -> None:
    """Seat names: at most 40 characters, for a new match and for a loaded save alike."""
    long = "N" * 100
    snap = new_match(seats=[{"name": long, "kind": "human"}, {"name": "B", "kind": "human"}])
    assert snap["seats"][0]["name"] == "N" * 40
    save = ok({"op": "save", "match": snap["match"]})["save"]
    save["seats"][0]["name"] = "L" * 90
    save.pop("snapshot")
    loaded = ok({"op": "load", "save": save, "viewer": 0})
    assert loaded["seats"][0]["name"] == "L" * 40


# --- chunked loading: load_start, load_step, load_cancel ----------------------------------------------------

def _played_save(actions: int = 30, seed: int = 7) -> dict[str, Any]:
    """A save of a 2-player match after some bot moves."""
    snap = new_match(seed=seed)
    mid = snap["match"]
    for _ in range(actions):
        state = ok({"op": "state", "match": mid, "viewer": None})
        if state["terminal"]:
            break
        ok({"op": "bot", "match": mid, "seat": state["to_move"][0], "viewer": None})
    return dict(ok({"op": "save", "match": mid})["save"])


def test_chunked_load_reports_progress_and_ends_with_the_same_snapshot_as_load() -> None:
    """load_start/load_step: progress {done, at, total} per chunk; the last chunk answers load's snapshot + done."""
    save = _played_save()
    total = len(save["log"])
    start = ok({"op": "load_start", "save": save, "viewer": 0})
    assert set(start) == {"ok", "loader", "total"} and start["total"] == total
    seen = []
    while True:
        step = ok({"op": "load_step", "loader": start["loader"], "entries": 7, "viewer": 0})
        if step["done"]:
            break
        assert set(step) == {"ok", "done", "at", "total"} and step["total"] == total
        seen.append(step["at"])
    assert seen == list(range(7, total, 7))
    whole = ok({"op": "load", "save": save, "viewer": 0})
    assert step["done"] is True
    assert {k: v for k, v in step.items() if k not in ("match", "done")} == {
        k: v for k, v in whole.items() if k != "match"}
    assert ok({"op": "save", "match": step["match"]})["save"]["log"] == save["log"]
    error({"op": "load_step", "loader": start["loader"], "entries": 7}, "match/unknown")


def test_load_step_uses_its_own_viewer_or_the_one_given_at_the_start() -> None:
    """load_step: the final snapshot is for the step's viewer, or load_start's when the step names none."""
    save = _played_save(10)
    lid = ok({"op": "load_start", "save": save, "viewer": 1})["loader"]
    assert ok({"op": "load_step", "loader": lid, "entries": 5000})["viewer"] == 1
    lid = ok({"op": "load_start", "save": save, "viewer": 1})["loader"]
    assert ok({"op": "load_step", "loader": lid, "entries": 5000, "viewer": None})["viewer"] is None


@pytest.mark.parametrize("entries", [0, -1, 5001, "3", None, 2.5])
def test_load_step_refuses_a_chunk_size_outside_1_to_5000_and_keeps_the_loader(entries: Any) -> None:
    """load_step: entries must be 1..5000 (bad_request); the loader stays open where it was."""
    lid = ok({"op": "load_start", "save": _played_save(10), "viewer": 0})["loader"]
    ok({"op": "load_step", "loader": lid, "entries": 2, "viewer": 0})
    error({"op": "load_step", "loader": lid, "entries": entries, "viewer": 0}, "bridge/bad_request")
    error({"op": "load_step", "loader": lid, "entries": 1, "viewer": 5}, "bridge/bad_request")
    assert ok({"op": "load_step", "loader": lid, "entries": 1, "viewer": 0})["at"] == 3


def test_a_failing_load_step_answers_the_typed_error_and_drops_its_loader() -> None:
    """load_step: an entry that does not replay answers save/invalid naming it; the loader is gone afterwards."""
    save = _played_save(20)
    save["log"][12]["a"] = "explore"
    save.pop("snapshot")
    lid = ok({"op": "load_start", "save": save, "viewer": 0})["loader"]
    assert ok({"op": "load_step", "loader": lid, "entries": 10, "viewer": 0})["at"] == 10
    assert "entry 12" in error({"op": "load_step", "loader": lid, "entries": 10, "viewer": 0}, "save/invalid")
    error({"op": "load_step", "loader": lid, "entries": 10, "viewer": 0}, "match/unknown")


def test_load_start_checks_the_save_header_and_viewer_at_once() -> None:
    """load_start: a bad save answers the same typed errors as load, and a viewer outside the save's seats too."""
    save = _played_save(4)
    error({"op": "load_start", "save": {**save, "format": "x"}, "viewer": 0}, "save/invalid")
    error({"op": "load_start", "save": {**save, "rules_version": "1999.1"}, "viewer": 0},
          "save/incompatible_version")
    error({"op": "load_start", "save": {**save, "log": [{"p": 0}]}, "viewer": 0}, "save/invalid")
    error({"op": "load_start", "save": save, "viewer": 2}, "bridge/bad_request")


def test_at_most_four_loaders_stay_open_and_the_oldest_is_dropped() -> None:
    """load_start: a fifth open load drops the oldest one (match/unknown); the other four still step."""
    save = _played_save(6)
    lids = [ok({"op": "load_start", "save": save, "viewer": 0})["loader"] for _ in range(5)]
    error({"op": "load_step", "loader": lids[0], "entries": 1}, "match/unknown")
    for lid in lids[1:]:
        assert ok({"op": "load_step", "loader": lid, "entries": 1})["at"] == 1


def test_load_cancel_drops_a_loader_and_is_harmless_twice() -> None:
    """load_cancel: answers {} and the loader is gone; cancelling it again also answers {}."""
    lid = ok({"op": "load_start", "save": _played_save(6), "viewer": 0})["loader"]
    assert ok({"op": "load_cancel", "loader": lid}) == {"ok": True}
    error({"op": "load_step", "loader": lid, "entries": 1}, "match/unknown")
    assert ok({"op": "load_cancel", "loader": lid}) == {"ok": True}
    error({"op": "load_cancel"}, "bridge/bad_request")


def test_bridge_doc_lists_every_op_and_the_input_error_codes() -> None:
    """docs/BRIDGE.md names every op the bridge answers, the input/* codes and the limits."""
    doc = ROOT_DOC.read_text(encoding="utf-8")
    for op in bridge.OPS:
        assert f"| `{op}` |" in doc, f"op {op} is answered but has no row in docs/BRIDGE.md's table of requests"
    for code in ("input/too_large", "input/too_deep"):
        assert f"`{code}`" in doc
    for limit in ("4 MiB", "40", "10,000", "9007199254740991", "5000", "1000"):
        assert limit in doc


def test_position_code_ops_share_a_position_as_a_new_match() -> None:
    """op code gives the match's position code; new_from_code opens a new match at that very position (with the
    seats asked for); summary only checks a code; play applies a move for whichever seat may play it."""
    first = ok({"op": "new_match", "game": "jump_drive", "players": 2, "seed": 8, "viewer": 0})
    code = ok({"op": "code", "match": first["match"]})["code"]
    assert code.startswith("st1.")
    seats = [{"name": "Me", "kind": "human"}, {"name": "Bot", "kind": "greedy"}]
    second = ok({"op": "new_from_code", "code": code, "seats": seats, "viewer": 0})
    assert second["match"] != first["match"] and second["seats"] == seats
    assert second["view"] == first["view"] and second["decision"] == first["decision"]
    assert ok({"op": "new_from_code", "code": code, "summary": True})["players"] == 2
    opened = ok({"op": "new_from_code", "code": code, "viewer": None})
    action = first["decision"]["actions"][0]["a"]
    after = ok({"op": "play", "match": opened["match"], "action": action, "viewer": None})
    assert after["log_length"] == 1
    save = ok({"op": "save", "match": opened["match"]})["save"]
    assert save["start"] == code and save["format_version"] == 2


def test_position_code_ops_answer_typed_errors() -> None:
    """A cut, mistyped or foreign code, and a move no seat may play, come back as typed errors."""
    first = ok({"op": "new_match", "game": "beyond_the_sun", "players": 2, "seed": 8, "viewer": 0})
    code = ok({"op": "code", "match": first["match"]})["code"]
    error({"op": "new_from_code", "code": code[:-4]}, "code/truncated")
    flipped = code[:30] + ("A" if code[30] != "A" else "B") + code[31:]
    error({"op": "new_from_code", "code": flipped}, "code/checksum")
    error({"op": "new_from_code", "code": "<script>"}, "code/malformed")
    error({"op": "play", "match": first["match"], "action": "explore", "viewer": 0}, "action/illegal")
    error({"op": "new_from_code", "code": code, "seats": [{"name": "A", "kind": "human"}]}, "bridge/bad_request")


def test_canonical_op_rewrites_action_texts_and_names_the_bad_ones() -> None:
    """Lessons are matched on canonical action texts: the op rewrites each text, or says why it cannot."""
    out = ok({"op": "canonical", "game": "jump_drive", "actions": ["place world=a-0 dev=b-1", "", 3]})
    assert out["actions"] == ["place dev=b-1 world=a-0", None, None]
    assert out["problems"][0] is None and out["problems"][1]["code"] == "action/invalid"


def test_think_runs_a_hard_bot_in_slices_and_plays_when_its_budget_is_spent() -> None:
    """think (docs/BRIDGE.md): a Hard seat's search runs a slice at a time, answering its progress (share rising,
    nothing changing) until its budget is spent; then it plays, telling the other seat only that it moved."""
    snap = new_match(seats=[{"name": "Ann", "kind": "human"}, {"name": "Hal", "kind": "hard"}])
    mid = snap["match"]
    first = snap["decision"]["actions"][0]["a"]
    ok({"op": "submit", "match": mid, "seat": 0, "action": first, "viewer": 0})
    shares: list[float] = []
    for _ in range(200):
        answer = ok({"op": "think", "match": mid, "seat": 1, "viewer": 0, "slice_ms": 10})
        if "thinking" not in answer:
            break
        assert answer["thinking"]["seat"] == 1 and answer["thinking"]["iterations"] >= 0
        shares.append(answer["thinking"]["share"])
    else:
        raise AssertionError("the bot never finished thinking")
    assert len(shares) >= 2 and shares == sorted(shares) and 0 < shares[-1] <= 1
    assert answer["played"] == {"seat": 1}
    assert answer["to_move"] == [0, 1] and answer["view"]["phase"] == "plan"  # both kept 5: planning begins


def test_think_cancel_drops_the_search_and_undo_meanwhile_starts_it_again() -> None:
    """think_cancel forgets a search in progress; after an undo and a new choice, think starts from zero."""
    snap = new_match(seats=[{"name": "Ann", "kind": "human"}, {"name": "Exa", "kind": "expert"}])
    mid = snap["match"]
    actions = [a["a"] for a in snap["decision"]["actions"]]
    ok({"op": "submit", "match": mid, "seat": 0, "action": actions[0], "viewer": 0})
    one = ok({"op": "think", "match": mid, "seat": 1, "viewer": 0, "slice_ms": 20})
    two = ok({"op": "think", "match": mid, "seat": 1, "viewer": 0, "slice_ms": 20})
    assert two["thinking"]["iterations"] > one["thinking"]["iterations"] > 0
    assert ok({"op": "think_cancel", "match": mid}) == {"ok": True}
    again = ok({"op": "undo", "match": mid, "seat": 0, "viewer": 0})
    assert again["can_undo"] is False and 0 in again["to_move"]
    ok({"op": "submit", "match": mid, "seat": 0, "action": actions[1], "viewer": 0})
    fresh = ok({"op": "think", "match": mid, "seat": 1, "viewer": 0, "slice_ms": 20})
    assert fresh["thinking"]["iterations"] <= one["thinking"]["iterations"] + 5
    error({"op": "think", "match": mid, "seat": 0, "viewer": 0}, "action/inactive_player")


def test_log_numbers_stay_with_their_lines_when_the_oldest_are_dropped() -> None:
    """Issue 30, a log that only grows: a line keeps its number while the state drops its oldest lines (Beyond the
    Sun keeps 150), an undo gives the lines it replaced new numbers, and numbers are never reused."""
    key = ("test-match", 0)
    assert bridge.log_numbers(key, ["a", "b", "c"]) == [0, 1, 2]
    assert bridge.log_numbers(key, ["a", "b", "c", "d"]) == [0, 1, 2, 3]
    assert bridge.log_numbers(key, ["c", "d", "e"]) == [2, 3, 4]  # a and b dropped, e added
    assert bridge.log_numbers(key, ["c", "d", "x"]) == [2, 3, 5]  # an undo took e away; x is a new line
    assert bridge.log_numbers(key, ["d", "x", "d", "x"]) == [3, 5, 6, 7]


def test_a_long_beyond_the_sun_game_keeps_each_log_line_number() -> None:
    """Issue 30: over a whole bot game (more lines than the state keeps), every snapshot's log lines keep the numbers
    they had in the snapshot before, so the page never rewrites a line."""
    reply = ok({"op": "new_match", "game": "beyond_the_sun", "players": 2, "seed": 4, "viewer": 0,
                "seats": [{"name": "A", "kind": "random"}, {"name": "B", "kind": "random"}]})
    mid = reply["match"]
    seen: dict[int, str] = {}
    lines = 0
    for _ in range(400):
        snap = call({"op": "state", "match": mid, "viewer": 0})
        for e in snap["log"]:
            text = json.dumps({k: v for k, v in e.items() if k != "seq"}, sort_keys=True)
            assert seen.setdefault(e["seq"], text) == text, f"line {e['seq']} changed"
        lines = max(lines, max(seen) + 1)
        if snap["terminal"] or lines > 175:
            break
        seat = snap["to_move"][0]
        ok({"op": "bot", "match": mid, "seat": seat, "viewer": 1})
    assert lines > 150, "the game wrote more lines than the state keeps"


def _played_match(game: str = "jump_drive", moves: int = 12) -> str:
    """A 2-player match of the game after some bot moves (the bridge's bot op), by id."""
    mid = ok({"op": "new_match", "game": game, "players": 2, "seed": 11, "viewer": 0})["match"]
    for _ in range(moves):
        snap = ok({"op": "state", "match": mid, "viewer": None})
        if snap["terminal"]:
            break
        ok({"op": "bot", "match": mid, "seat": snap["to_move"][0], "bot": "greedy", "viewer": None})
    return mid


@pytest.mark.parametrize("game", ["jump_drive", "ares_expedition", "beyond_the_sun"])
def test_share_for_one_seat_holds_only_what_that_seat_may_know(game: str) -> None:
    """Issue 31, honest sharing: a code shared for one seat is a resample for it (the seat's own view is the same,
    the hidden cards are dealt again), the same every time; everything open is the true position."""
    from pyengine.core.registry import load_game

    mid = _played_match(game)
    g = load_game(game)
    true_code = ok({"op": "code", "match": mid})["code"]
    true_state = g.state_from_code(true_code)
    shared = ok({"op": "share", "match": mid, "seat": 0})
    honest = g.state_from_code(shared["code"])
    assert honest.view(0) == true_state.view(0)
    assert honest.to_json() != true_state.to_json(), "the hidden cards were not dealt again"
    assert ok({"op": "share", "match": mid, "seat": 0})["code"] == shared["code"]  # a stable link
    assert ok({"op": "share", "match": mid, "seat": None})["code"] == true_code


def test_share_offers_the_last_moves_as_a_line_and_the_seats_last_move_as_a_lesson() -> None:
    """The line starts `back` moves ago and replays as an embed plays it (each move by the seat to move that may play
    it); the lesson is the seat's own last move from the position before it, a legal move there."""
    from pyengine.core.registry import load_game
    from pyengine.lessons import check_line

    mid = _played_match("beyond_the_sun", 20)
    shared = ok({"op": "share", "match": mid, "seat": None, "back": 6})
    g = load_game("beyond_the_sun")
    start = g.state_from_code(shared["line_code"])
    rows, problems = check_line(start, shared["line"])
    assert not problems and len(rows) == len(shared["line"]) == 6 and not shared["line_cut"]
    assert start.position_code() == ok({"op": "code", "match": mid})["code"]  # the line ends where the game is
    lesson = ok({"op": "share", "match": mid, "seat": 0})["lesson"]
    before = g.state_from_code(lesson["code"])
    assert lesson["seat"] == 0 and before.is_legal(0, g.parse_action(lesson["move"])) and lesson["label"]
    assert error({"op": "share", "match": mid, "seat": 5}, "bridge/bad_request")
