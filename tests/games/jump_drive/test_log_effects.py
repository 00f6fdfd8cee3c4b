"""Issue 30: Jump Drive's log records every card a player draws and every VP chip it scores, and opens each round
with a separator line.

The main test plays seeded random games to their end and compares the state before and after every action: the
cards that came into a hand must be the ones the new lines say that player drew (explore, a world placed alone,
income: the public count, and the private "You drew" line with the cards), and each VP change must be a "scores"
line naming that player with its amount and new total.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import pyengine
from pyengine.core.api import Action
from pyengine.core.rng import Rng
from pyengine.core.text import fill
from pyengine.games.jump_drive.cards import instance_type
from pyengine.games.jump_drive.data import JDData
from pyengine.games.jump_drive.messages import LOG, log_message
from pyengine.games.jump_drive.state import JDState

GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (1, 1, {}), (1, 2, {"campaign": True}), (2, 3, {}), (3, 4, {}), (4, 5, {}), (2, 6, {"convoy_world_draw": True}),
]
SLUG_OF = {stored: slug for slug, stored in LOG}
DRAWS = {"explores": "n", "world_draw": None, "income": "n"}
"""The public lines that say a player drew cards: the argument that holds how many (None: one card)."""

Line = tuple[str, dict[str, Any], list[int] | None]


def lines_since(d: JDData, start: int) -> list[Line]:
    """Return the log lines written since the log had ``start`` lines: (slug, stored values, who may read it)."""
    return [(SLUG_OF[t], {k: next(iter(v.values())) for k, v in args.items()}, vis) for t, args, vis in d.msgs[start:]]


def play(players: int, seed: int, options: dict[str, Any]) -> Iterator[tuple[JDData, JDData, list[Line], Action]]:
    """Play one seeded random game to its end, yielding each action's (before, after, new lines, action)."""
    state = pyengine.load_game("jump_drive").new_initial_state(seed=seed, players=players, options=options)
    assert isinstance(state, JDState)
    rng = Rng(seed * 13 + players)
    for _ in range(20_000):
        if state.is_terminal():
            return
        seat = min(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        before = state.clone()
        assert isinstance(before, JDState)
        start = len(state.d.msgs)
        state.apply(seat, action)
        yield before.d, state.d, lines_since(state.d, start), action
    raise AssertionError(f"the game {players}p seed {seed} did not end")


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_every_card_drawn_and_every_vp_chip_is_logged(players: int, seed: int, options: dict[str, Any]) -> None:
    """Issue 30 (log every effect): every card that comes into a hand is one the new lines say its player drew (how
    many publicly, which ones to that player alone), and every VP change is a "scores" line naming the player with
    the amount and the new total; each round opens with its line."""
    seen: set[str] = set()
    for before, after, lines, action in play(players, seed, options):
        where = f"round {after.round}: {action}: {lines}"
        for s in range(players):
            came = Counter(after.hands[s]) - Counter(before.hands[s])
            said = sum(1 if DRAWS[slug] is None else v[DRAWS[slug]]
                       for slug, v, _vis in lines if slug in DRAWS and v.get("player") == s)
            assert sum(came.values()) == said, f"cards drawn by seat {s}, {where}"
            private = Counter(c for slug, v, vis in lines if slug == "drew" and vis == [s] for c in v["cards"])
            assert private == Counter(instance_type(c).id for c in came.elements()), f"seat {s}, {where}"
            scored = [v for slug, v, _vis in lines if slug == "scores" and v["player"] == s]
            assert after.vp[s] - before.vp[s] == sum(v["n"] for v in scored), f"VP of seat {s}, {where}"
            assert all(v["m"] == after.vp[s] for v in scored), where
        if after.round != before.round:
            assert ("round_begins", {"n": after.round}, None) in lines, where
        seen.update(slug for slug, _v, _vis in lines)
    assert {"round_begins", "explores", "income", "scores", "drew"} <= seen


def test_the_round_line_is_marked_as_a_header() -> None:
    """Issue 30 (separators): "Round n begins" has ``kind`` "round" in the page's log entry; no other line has a
    kind; no line shows "space 0" or "slot 0"."""
    final = list(play(2, 3, {}))[-1][1]
    entries = [log_message(t, args, vis).to_json() for t, args, vis in final.msgs]
    rounds = [e for e in entries if e.get("id") == "jd.log.round_begins"]
    assert [e["args"]["n"]["n"] for e in rounds] == list(range(1, final.round + 1))
    assert all(e["kind"] == "round" for e in rounds)
    assert all("kind" not in e for e in entries if e.get("id") != "jd.log.round_begins")
    for t, args, vis in final.msgs:
        m = log_message(t, args, vis)
        out = fill(m.template, dict(m.args), "jump_drive")
        assert "space 0" not in out and "slot 0" not in out, out
