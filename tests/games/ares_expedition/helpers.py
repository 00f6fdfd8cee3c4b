"""Position builders for Ares Expedition rule tests: start a game, then set up exactly the position a rule needs.

The usual pattern: ``s = new(2)`` (corporations already chosen by ``start``), then ``in_phase(s, 1, chooser=0)``
puts everybody in a phase with nothing pending, ``give(s, 0, "comet")`` puts a card in a hand, and the test applies
actions with ``s.apply(seat, "play card=comet")``. ``answer_all`` resolves pending questions with the first answer.
"""

from __future__ import annotations

from typing import Any

import pyengine
from pyengine.core.text import fill
from pyengine.games.ares_expedition.cards import card
from pyengine.games.ares_expedition.effects import run
from pyengine.games.ares_expedition.model import Player
from pyengine.games.ares_expedition.rules import advance
from pyengine.games.ares_expedition.state import AresState


def new(players: int = 2, seed: int = 1, *, corps: list[str] | None = None, **options: Any) -> AresState:
    """Return a game after the corporation choice (each seat keeps its first offer, or the given ids)."""
    state = pyengine.load_game("ares_expedition").new_initial_state(seed=seed, players=players,
                                                                  options=options or None)
    assert isinstance(state, AresState)
    if state.d["stage"] == "corp":
        for seat in range(players):
            p = state.d["p"][seat]
            if corps:
                p["offer"] = [corps[seat]]
            state.apply(seat, f"corp pick={p['offer'][0]}")
        answer_all(state)
    return state


def pl(state: AresState, seat: int) -> Player:
    """Return a player's board data (mutable: call ``touch`` after changing it)."""
    p: Player = state.d["p"][seat]
    return p


def touch(state: AresState) -> None:
    """Forget cached legal actions after a test changed the position directly."""
    state._legal = {}
    state._movers = None


def bare(state: AresState, seat: int, *, mc: int = 0, heat: int = 0, plants: int = 0) -> Player:
    """Empty a player's hand, table and stocks (corporation removed too), then set M€, heat and plants."""
    p = pl(state, seat)
    p.update({"corp": None, "hand": [], "table": [], "res": {}, "mc": mc, "heat": heat, "plants": plants,
              "prod": {"mc": 0, "heat": 0, "plants": 0, "cards": 0}, "steel": 0, "titanium": 0, "frames": []})
    touch(state)
    return p


def in_phase(state: AresState, phase: int, chooser: int | None = None, *, picks: list[int] | None = None) -> AresState:
    """Start a phase for everybody (the chooser picked it; others picked ``picks`` or another phase)."""
    d = state.d
    d["round"] = max(d["round"], 1)
    for seat, p in enumerate(d["p"]):
        p["frames"] = []
        if picks is not None:
            p["pick"] = picks[seat]
        else:
            p["pick"] = phase if seat == chooser else (phase % 5) + 1
    d["phases"] = [phase]
    from pyengine.games.ares_expedition.rules import _next_phase

    _next_phase(d)
    touch(state)
    return state


def give(state: AresState, seat: int, *cards: str) -> None:
    """Put cards into a hand (taken out of the deck or discard pile if they are there)."""
    d = state.d
    for c in cards:
        card(c)
        for pile in (d["deck"], d["discard"]):
            if c in pile:
                pile.remove(c)
                break
        d["p"][seat]["hand"].append(c)
    touch(state)


def table(state: AresState, seat: int, *cards: str, res: int | None = None) -> None:
    """Put cards straight onto a player's table (no effects), with ``res`` resources on each holder."""
    d = state.d
    p = d["p"][seat]
    for c in cards:
        for pile in (d["deck"], d["discard"]):
            if c in pile:
                pile.remove(c)
                break
        p["table"].append(c)
        if card(c).get("holds"):
            p["res"][c] = res or 0
    touch(state)


def answer_all(state: AresState, pick: int = 0) -> None:
    """Answer every pending question (of any seat) with its ``pick``-th answer until none is left."""
    d = state.d
    for _ in range(200):
        asking = [s for s in range(d["players"]) if d["p"][s]["frames"] and s in state.to_move()]
        if not asking:
            return
        seat = asking[0]
        acts = state.legal_actions(seat)
        state.apply(seat, acts[min(pick, len(acts) - 1)])
    raise AssertionError("questions never ended")


def resolve(state: AresState, seat: int) -> None:
    """Run a player's pending frames (after a test pushed some directly)."""
    run(state.d, seat)
    advance(state.d)
    touch(state)


def labels(state: AresState, seat: int) -> list[str]:
    """Return the text of every legal action of a seat."""
    return [str(a) for a in state.legal_actions(seat)]


def words(text_json: dict[str, Any]) -> str:
    """Return the English of a text as the view sends it (Text JSON: id, template and typed references)."""
    return fill(text_json["t"], {k: next(iter(v.items())) for k, v in text_json["args"].items()}, "ares_expedition")
