"""Review with Expert (pyengine/review.py, the review_* ops), thinking ahead (think with ``ahead``) and the warm-up
op: the engine side of issue 34's review and quick rounds."""

from __future__ import annotations

import json
from typing import Any

from pyengine.bots.base import choose
from pyengine.bots.levels import make_bot
from pyengine.bridge import handle
from pyengine.core.match import Match
from pyengine.core.rng import Rng
from pyengine.review import Review


def call(request: dict[str, Any]) -> dict[str, Any]:
    """Send one request through the bridge and return the answer."""
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    return answer


def ok(request: dict[str, Any]) -> dict[str, Any]:
    """Send a request that must succeed."""
    answer = call(request)
    assert answer["ok"] is True, answer
    return answer


def finished_match(seed: int = 5) -> Match:
    """A finished 2-player Jump Drive game (Normal against Easy)."""
    m = Match.new("jump_drive", seed=seed, players=2)
    rng = Rng(seed)
    bots = [make_bot("normal"), make_bot("easy")]
    while not m.state.is_terminal():
        seat = min(m.state.to_move())
        m.apply(seat, choose(bots[seat], m.state, seat, rng))
    return m


def test_a_review_lists_the_seats_decisions_with_a_choice_and_weighs_each() -> None:
    """Review.start lists exactly the seat's moves made among several legal ones; each weighed decision names
    Expert's move and win chances in [0, 100], the same move (in words) costing nothing; the costliest are the
    largest drops, at most three, costliest first."""
    m = finished_match()
    state = m.state_at(0)
    want = []
    for n, e in enumerate(m.log, start=1):
        if e.seat == 1 and len(state.legal_actions(1)) > 1:
            want.append(n)
        state.apply(e.seat, m.game.parse_action(e.action))
    review = Review.start(m, 1, iterations=16)
    assert [d.n for d in review.decisions] == want
    while not review.finished:
        review.step(0.5)
    report = review.report([])
    assert report["finished"] and report["done"] == len(want)
    rows = [d.to_json() for d in review.decisions]
    assert all(0 <= r["before"] <= 100 and 0 <= r["after"] <= 100 for r in rows)
    assert all(r["cost"] == 0 for r in rows if r["same"])
    costs = {r["n"]: r["before"] - r["after"] for r in rows}
    top = report["costliest"]
    assert len(top) <= 3 and [costs[n] for n in top] == sorted((costs[n] for n in top), reverse=True)
    assert all(costs[n] >= max(c for k, c in costs.items() if k not in top) - 1 for n in top)


def test_a_review_is_the_same_twice_and_sees_only_what_the_seat_knew() -> None:
    """The review's searches are seeded by the game and the move: run twice, the same verdicts. Each search starts
    from the seat's information set, so a game whose other hands differ gives the same verdicts (the review never
    reads another seat's hidden cards)."""
    m = finished_match(seed=8)
    runs = []
    for _ in range(2):
        review = Review.start(m, 0, iterations=12)
        while not review.finished:
            review.step(1.0)
        runs.append([d.to_json() for d in review.decisions])
    assert runs[0] == runs[1]


def test_review_ops_run_in_slices_and_cancel_drops_the_review() -> None:
    """review_start answers the chosen-move list; review_step weighs a slice at a time until finished (progress
    rising); review_cancel drops it, after which review_step is refused with a typed error."""
    seats = [{"name": "A", "kind": "normal"}, {"name": "B", "kind": "easy"}]
    snap = ok({"op": "new_match", "game": "jump_drive", "players": 2, "seed": 3, "viewer": 0, "seats": seats})
    mid = snap["match"]
    ok({"op": "bots", "match": mid, "viewer": 0, "max_steps": 500})
    first = ok({"op": "review_start", "match": mid, "seat": 0, "iterations": 8})
    assert first["total"] == len(first["decisions"]) > 3
    done = []
    for _ in range(500):
        step = ok({"op": "review_step", "match": mid, "slice_ms": 30})
        done.append(step["done"])
        if step["finished"]:
            break
    assert done == sorted(done) and done[-1] == first["total"] and "costliest" in step
    ok({"op": "review_start", "match": mid, "seat": 1, "iterations": 8})
    ok({"op": "review_cancel", "match": mid})
    refused = call({"op": "review_step", "match": mid})
    assert refused["ok"] is False and refused["error"]["code"] == "action/invalid"
    assert call({"op": "review_start", "match": mid, "seat": 5})["ok"] is False


def test_a_bot_thinks_ahead_while_the_human_chooses_and_plays_at_once_after() -> None:
    """Jump Drive's opening is chosen by both seats at once: think with ``ahead`` searches the Hard seat's choice
    without playing it (the position does not change); after the human's choice, the next plain think plays the
    found move in one call."""
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Hal", "kind": "hard"}]
    snap = ok({"op": "new_match", "game": "jump_drive", "players": 2, "seed": 7, "viewer": 0, "seats": seats})
    mid = snap["match"]
    for _ in range(400):
        answer = ok({"op": "think", "match": mid, "seat": 1, "viewer": 0, "slice_ms": 40, "ahead": True})
        if "ready" in answer:
            break
        assert answer["thinking"]["seat"] == 1
    else:
        raise AssertionError("the bot never found its move")
    assert answer["ready"] == {"seat": 1}
    still = ok({"op": "state", "match": mid, "viewer": 0})
    assert still["to_move"] == [0, 1] and still["log_length"] == 0
    ok({"op": "submit", "match": mid, "seat": 0, "action": snap["decision"]["actions"][0]["a"], "viewer": 0})
    played = ok({"op": "think", "match": mid, "seat": 1, "viewer": 0, "slice_ms": 10})
    assert played["played"] == {"seat": 1} and played["view"]["phase"] == "plan"


def test_warmup_runs_the_search_a_slice_at_a_time() -> None:
    """The warm-up op runs a search for about the milliseconds asked and carries on from slice to slice."""
    one = ok({"op": "warmup", "ms": 30})
    two = ok({"op": "warmup", "ms": 30})
    assert two["iterations"] > one["iterations"] > 0 and two["seconds"] >= one["seconds"]
