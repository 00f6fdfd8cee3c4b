"""Quick rounds (issue 34, item 3, time allocation): a search stops as soon as the iterations it has left could not
change its choice (``Search.settled``), and then gives exactly the move the full budget would have given."""

from __future__ import annotations

import pytest

from pyengine.bots import InfoSet, choose, ismcts, make_bot
from pyengine.bots.base import Budget
from pyengine.bots.ismcts import ISMCTSBot, Search
from pyengine.core.match import Match
from pyengine.core.rng import Rng

ITERATIONS = 120


def decisions(game: str, players: int, every: int, most: int) -> list[InfoSet]:
    """Information sets of real choices (more than one legal move) along a seeded game of Normal bots."""
    match = Match.new(game, seed=7, players=players)
    bot, rng = make_bot("normal"), Rng(7)
    out: list[InfoSet] = []
    n = 0
    while not match.state.is_terminal() and len(out) < most:
        n += 1
        seat = min(match.state.to_move())
        if len(match.state.legal_actions(seat)) > 1 and n % every == 0:
            out.append(InfoSet.of(match.state, seat, 11 + n))
        match.apply(seat, choose(bot, match.state, seat, rng))
    return out


@pytest.mark.parametrize(("game", "players", "every", "most"), [("jump_drive", 3, 3, 12), ("beyond_the_sun", 2, 4, 12),
                                                                 ("ares_expedition", 2, 9, 4)])
def test_a_settled_search_gives_the_full_searchs_move_with_fewer_iterations(game: str, players: int, every: int,
                                                                          most: int,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """At each of a few real decisions, the search that stops once settled picks the move of the search that runs
    its whole budget (same seed), never with more iterations, and saves some somewhere."""
    saved = 0
    for info in decisions(game, players, every, most):
        monkeypatch.setattr(ismcts, "SETTLED_EVERY", 10**9)
        full = Search(info, Rng(5))
        full.run(ITERATIONS)
        monkeypatch.setattr(ismcts, "SETTLED_EVERY", 8)
        quick = Search(info, Rng(5))
        quick.run(ITERATIONS)
        assert quick.best() == full.best()
        assert quick.progress.iterations <= full.progress.iterations
        saved += full.progress.iterations - quick.progress.iterations
    assert saved > 0, "no decision settled early"


def test_settled_means_the_lead_is_larger_than_the_iterations_left() -> None:
    """Search.settled: a lead of visits over the next candidate greater than the iterations left settles the
    choice; a lead equal to them does not (the runner-up could still tie); a single candidate is always settled."""
    info = decisions("jump_drive", 2, 1, 1)[0]
    search = Search(info, Rng(3))
    search.run(64)
    visits = sorted((search.root.stats.get((search.seat, a), (0.0,))[0] for a in search.candidates), reverse=True)
    lead = int(visits[0] - visits[1])
    assert search.settled(lead - 1) and not search.settled(lead)
    search.candidates = search.candidates[:1]
    assert search.settled(10**6)


def test_a_bot_thinking_in_slices_is_done_once_settled() -> None:
    """ISMCTSBot.done (the bridge's think op asks it between slices): done when settled, before the budget."""
    bot = make_bot("hard")
    assert isinstance(bot, ISMCTSBot)
    info = decisions("jump_drive", 2, 1, 1)[0]
    search = Search(info, Rng(3))
    budget = Budget(iterations=1500)
    assert not bot.done(search, budget)
    search.run(1500)
    assert bot.done(search, budget)
    assert search.progress.iterations < 1500, "a lead larger than what was left ended the search early"
