"""Seed notes items 11 and 12: solitaire rules and the solo campaign."""

from __future__ import annotations

import pytest

from pyengine.core.errors import BadOptionsError
from pyengine.games.jump_drive.campaign import conditions
from pyengine.games.jump_drive.empire import income
from pyengine.games.jump_drive.scoring import round_vp, war_propaganda

from .helpers import GAME, inst, play, position, texts


def _run_round(s) -> None:  # type: ignore[no-untyped-def]
    play(s, 0, "explore")
    while s.d.phase in ("pay", "hand_limit"):
        play(s, 0, str(s.legal_actions(0)[0]))


def test_item11_solitaire_plays_exactly_seven_rounds() -> None:
    """Solitaire does not end at 50 VP; it ends after round 7's scoring."""
    s = position(players=1, hands=[[inst("gem_world")]], empires=[[inst("galactic_salon")] * 1], vp=[60])
    for r in range(1, 8):
        assert not s.is_terminal() and s.d.round == r
        _run_round(s)
    assert s.is_terminal() and s.d.round == 7


def test_item11_no_bonus_from_other_players() -> None:
    """In solitaire, other-empire terms score nothing and Trade Pact's bonus never applies."""
    s = position(players=1, empires=[[inst("galactic_federation"), inst("trade_pact")]])
    assert round_vp(s.d, 0) == 2 * 2 + 1  # own developments only
    assert income(s.d.empires[0], []) == 1


def test_item11_war_propaganda_against_an_imaginary_empire() -> None:
    """War Propaganda goes to the imaginary empire when its military (the round number) is higher."""
    wp = inst("war_propaganda")
    s = position(players=1, empires=[[wp]], round=3)  # the player's military: 1 (the card itself)
    war_propaganda(s.d)
    assert wp in s.d.imaginary and wp not in s.d.empires[0]
    s.d.empires[0] += [inst("drop_ships"), inst("space_marines")]  # military 5 > round 3
    war_propaganda(s.d)
    assert wp in s.d.empires[0]
    assert s.view(0)["imaginary_empire"]["military"] == 3


def test_item11_solitaire_win_needs_the_target() -> None:
    """Plain solitaire is won by reaching the target VP (option solo_target, default 50) in 7 rounds."""
    s = position(players=1, vp=[49])
    s.d.over, s.d.phase = True, "over"
    assert s.outcome() is not None and s.outcome().winners == []  # type: ignore[union-attr]
    s.d.vp = [50]
    assert s.outcome().winners == [0]  # type: ignore[union-attr]


def test_item12_campaign_conditions_are_four_data_records() -> None:
    """The campaign has 4 distinct victory conditions, kept as data with a name and text."""
    conds = conditions()
    assert len(conds) == 4 and len({c["id"] for c in conds}) == 4
    assert all(c["text"] and c["name"] for c in conds)


def test_item12_campaign_game_ticks_a_met_unused_condition() -> None:
    """Ending a campaign game meeting one unused condition ticks it and wins that game."""
    s = position(players=1, hands=[[inst("gem_world")]], vp=[80], round=7, options={"campaign": True})
    _run_round(s)
    assert s.is_terminal() and s.d.ticked == "magnate"
    out = s.outcome()
    assert out is not None and out.winners == [0] and out.details["campaign"]["ticked"] == "magnate"


def test_item12_campaign_player_chooses_among_several_met_conditions() -> None:
    """When several unused conditions are met, the player chooses which one to tick."""
    emp = [inst(t) for t in ("drop_ships", "space_marines", "galactic_salon", "investment_credits",
                             "mining_robots")] + [inst("rebel_outpost"), inst("rebel_base"), inst("rebel_world")]
    s = position(players=1, hands=[[inst("gem_world")]], empires=[emp], vp=[90], round=7,
                 options={"campaign": True})
    _run_round(s)
    assert s.d.phase == "campaign_tick" and not s.is_terminal()
    choices = texts(s, 0)
    assert "tick condition=magnate" in choices and "tick condition=warlord" in choices
    play(s, 0, "tick condition=warlord")
    assert s.is_terminal() and s.d.ticked == "warlord"


def test_item12_used_conditions_cannot_be_ticked_again() -> None:
    """A condition ticked in an earlier campaign game does not count again."""
    s = position(players=1, hands=[[inst("gem_world")]], vp=[80], round=7,
                 options={"campaign": True, "campaign_used": "magnate"})
    _run_round(s)
    assert s.is_terminal() and s.d.ticked is None
    assert s.outcome().winners == []  # type: ignore[union-attr]


def test_item12_campaign_is_solitaire_only() -> None:
    """The campaign option is refused for more than one player."""
    with pytest.raises(BadOptionsError):
        GAME.new_initial_state(seed=1, players=2, options={"campaign": True})
