"""The fuzz harness itself: it must report the faults it exists to find."""

from __future__ import annotations

from pyengine.core.api import JSON, Action
from pyengine.core.registry import load_game
from pyengine.core.rng import Rng
from pyengine.fuzz import FuzzReport, check_state
from pyengine.games.beyond_the_sun.game import BeyondTheSun
from pyengine.games.beyond_the_sun.state import BTSState


class _LeakyState(BTSState):
    """A state whose validation writes to the state before it refuses an action (a planted bug)."""

    def apply(self, seat: int, action: Action | str) -> None:
        """Bump the round, then validate as usual."""
        self.d["round"] += 1
        super().apply(seat, action)


class _StubbornState(BTSState):
    """A state that refuses one action it also lists as legal (a planted bug)."""

    def _apply(self, seat: int, action: Action) -> None:
        """Refuse every action that has parameters; pass the rest through."""
        from pyengine.core.errors import IllegalActionError

        if action.params:
            raise IllegalActionError("planted refusal")
        super()._apply(seat, action)


class _PlantedGame(BeyondTheSun):
    """Beyond the Sun whose loaded states are of a planted-bug class."""

    def __init__(self, kind: type[BTSState]) -> None:
        super().__init__()
        self.kind = kind

    def state_from_json(self, data: JSON) -> BTSState:
        """Load as usual, then wrap the data in the planted class."""
        return self.kind(self, super().state_from_json(data).d)


def _planted(kind: type[BTSState]) -> BTSState:
    """Return the opening of a 2-player game as a state of the planted class."""
    game = _PlantedGame(kind)
    return game.state_from_json(load_game("beyond_the_sun").new_initial_state(3, 2).to_json())


def _check(state: BTSState) -> FuzzReport:
    """Run the per-decision checks once on a state, thoroughly, and return the report."""
    report = FuzzReport()
    seat = min(state.to_move())
    check_state(state, seat, state.legal_actions(seat), Rng(5), report, "here", thorough=True, players=2)
    return report


def test_a_clean_state_passes_every_check() -> None:
    """The opening of a 2-player Beyond the Sun game raises no problem."""
    state = load_game("beyond_the_sun").new_initial_state(3, 2)
    assert isinstance(state, BTSState)
    assert _check(state).problems == []


def test_a_rejected_action_that_changes_the_state_is_reported_by_name() -> None:
    """The harness finds which rejected action wrote to the state (the first one offered, here)."""
    problems = _check(_planted(_LeakyState)).problems
    assert any("a rejected action" in p and "changed the state" in p for p in problems), problems


def test_a_legal_action_that_apply_refuses_is_reported() -> None:
    """legal_actions and apply disagreeing is reported as a refused legal action."""
    problems = _check(_planted(_StubbornState)).problems
    assert any("was refused" in p for p in problems), problems
