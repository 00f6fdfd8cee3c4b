"""Seeded random games with the shared invariants checked after every action (``python -m pyengine fuzz``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .core.api import Action, State, canonical_json
from .core.errors import EngineError
from .core.match import Match
from .core.registry import load_game
from .core.rng import Rng

GARBAGE = ["", "   ", "no_such_action", "place", "pay card=", "pay card=nothing-0", "explore extra=1",
           "=", "place dev=survey dev=survey", "keep discard=a", "tick condition=none", "PLACE world=x"]


@dataclass
class FuzzReport:
    """What a fuzz run did and every problem it found."""

    games: int = 0
    actions: int = 0
    checks: int = 0
    problems: list[str] = field(default_factory=list)


def _mutations(action: Action, rng: Rng) -> list[str]:
    """Return well-formed variants of a legal action that are probably illegal."""
    out = [f"{action.kind}_x", str(Action(action.kind, (*action.params, ("zz", "1"))))]
    if action.params:
        k, v = action.params[rng.randbelow(len(action.params))]
        out.append(str(Action(action.kind, tuple((kk, "bogus-9" if kk == k else vv) for kk, vv in action.params))))
        _ = v
    return out


def _try_bad(state: State, seat: int, legal: list[Action], who: int, text: str, report: FuzzReport,
             where: str) -> None:
    """Offer one bad action (text, or a legal action for the wrong seat); report it if it is accepted."""
    try:
        act = state.game.parse_action(text)
        if who == seat and act in legal:
            return
        state.apply(who, act)
        report.problems.append(f"{where}: seat {who} could apply the bad action {text!r}")
    except EngineError:
        pass


def check_state(state: State, seat: int, legal: list[Action], rng: Rng, report: FuzzReport, where: str,
                thorough: bool, players: int) -> None:
    """Check the shared invariants at one decision point; problems go to the report.

    Every check runs at every decision point; ``thorough`` ones also apply every legal action to a clone, load the
    state in full (with the read-API probe) from JSON text and view it from every seat (the others load the JSON data
    without the probe, and view it from one seat).
    """
    game = state.game
    before = state.to_json()
    report.checks += 1
    for p in state.game.invariants(state):
        report.problems.append(f"{where}: {p}")
    if thorough:
        text = canonical_json(before)
        if canonical_json(game.state_from_json(json.loads(text)).to_json()) != text:
            report.problems.append(f"{where}: state_from_json(to_json()) is not equal after JSON text")
    else:
        # The full load (``state_from_json``) also probes the read API, views included: the thorough steps run it,
        # and the others check the same field validation, rebuild and invariants without replaying the views.
        game.validate_json(before)
        if not game.load_json(before).equals_json(before):
            report.problems.append(f"{where}: state_from_json(to_json()) is not equal")
    for a in legal:
        if game.parse_action(str(a)) != a:
            report.problems.append(f"{where}: action text does not round-trip: {a!s}")
    sample = legal if thorough else [legal[rng.randbelow(len(legal))]]
    for a in sample:
        c = state.clone()
        try:
            c.apply(seat, a)
        except EngineError as exc:
            report.problems.append(f"{where}: legal action {a!s} was refused: {exc}")
    bad: list[tuple[int, str]] = [(seat, g) for g in GARBAGE]
    bad += [(seat, m) for m in _mutations(legal[rng.randbelow(len(legal))], rng)]
    others = [s for s in range(players) if s not in state.to_move()]
    if others:
        bad.append((others[0], str(legal[0])))
    bad.append((99, str(legal[0])))
    for who, text in bad:
        _try_bad(state, seat, legal, who, text, report, where)
    if not state.equals_json(before):
        # Something rejected changed the state: find which on fresh copies, then stop checking this state.
        for who, text in bad:
            probe = game.state_from_json(before)
            _try_bad(probe, seat, legal, who, text, report, where)
            if not probe.equals_json(before):
                report.problems.append(f"{where}: a rejected action {text!r} changed the state")
                break
        else:
            report.problems.append(f"{where}: rejected actions changed the state")
        return
    for viewer in (range(players) if thorough else [rng.randbelow(players)]):
        resampled = state.resample(viewer, rng.next_u64())
        if resampled.view(viewer) != state.view(viewer):
            report.problems.append(f"{where}: view({viewer}) changed when the cards hidden from it were redealt")
    if not state.equals_json(before):
        report.problems.append(f"{where}: checking changed the state")


def fuzz(game_id: str, players: int, games: int, seed: int = 1, options: dict[str, Any] | None = None,
         max_actions: int = 20_000) -> FuzzReport:
    """Play seeded random games and check every invariant after every action."""
    game = load_game(game_id)
    report = FuzzReport()
    for g in range(games):
        s = seed * 1_000_003 + g
        match = Match(game, s, players, options)
        rng = Rng(s ^ 0xF0220)
        n = 0
        while not match.state.is_terminal():
            state = match.state
            movers = sorted(state.to_move())
            where = f"{game_id} {players}p seed {s} action {n}"
            if not movers:
                report.problems.append(f"{where}: not over, but nobody is to move")
                break
            seat = movers[rng.randbelow(len(movers))]
            legal = state.legal_actions(seat)
            if not legal:
                report.problems.append(f"{where}: seat {seat} is to move but has no legal action")
                break
            check_state(state, seat, legal, rng, report, where, thorough=(n % 8 == 0), players=players)
            match.apply(seat, legal[rng.randbelow(len(legal))])
            n += 1
            if n > max_actions:
                report.problems.append(f"{where}: the game did not end")
                break
            if len(report.problems) > 20:
                return report
        report.actions += n
        report.games += 1
        if match.state.is_terminal() and match.state.outcome() is None:
            report.problems.append(f"{game_id} seed {s}: over but no outcome")
        if canonical_json(match.replay_from_start().to_json()) != canonical_json(match.state.to_json()):
            report.problems.append(f"{game_id} seed {s}: replaying the log gives a different state")
        loaded = Match.from_save(match.to_save())
        if canonical_json(loaded.state.to_json()) != canonical_json(match.state.to_json()):
            report.problems.append(f"{game_id} seed {s}: save and load gives a different state")
    return report
