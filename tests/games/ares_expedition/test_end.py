"""The end of the game: the trigger, the phase that finishes, final scoring and the tie-breaks.

Sources: SEED-NOTES.md item 10 (highest authority) and rules.md section 12.
"""

from __future__ import annotations

import pytest

from pyengine.core.api import Outcome
from pyengine.core.errors import IllegalActionError
from pyengine.games.ares_expedition.state import AresState
from pyengine.games.ares_expedition.text import entries

from .helpers import bare, give, in_phase, labels, new, pl, table, touch

LAST_TILE = 2  # the last ocean tile in these positions: 4 M€


def almost_terraformed(state: AresState, *, oceans: int = 8) -> None:
    """Put temperature and oxygen at their maximum (reached in an earlier round) and ``oceans`` oceans flipped."""
    d = state.d
    d["params"] = {"temperature": 19, "oxygen": 14, "ocean": oceans}
    d["max_key"] = {"temperature": "0.3", "oxygen": "0.3", "ocean": None}
    left = [*[t for t in range(1, 10) if t != LAST_TILE][: 8 - oceans], LAST_TILE]
    d["ocean_pile"] = left
    d["ocean_flipped"] = [t for t in range(1, 10) if t not in left]
    touch(state)


def phases_begun(state: AresState) -> list[int]:
    """Return the phases that began, in order, as the public log tells them."""
    return [int(args["n"]["n"]) for template, args in entries(state.d) if template == "Phase {n} begins: {name}"]


def finish_by_seat1(state: AresState) -> Outcome:
    """End the game in an action phase: seat 0 passes, seat 1 buys the last ocean (+1 TR, 4 M€) and passes."""
    almost_terraformed(state)
    in_phase(state, 3, chooser=0)
    pl(state, 1)["mc"] += 15
    touch(state)
    state.apply(0, "done")
    state.apply(1, "std what=buy_ocean")
    state.apply(1, "done")
    assert state.is_terminal()
    out = state.outcome()
    assert out is not None
    return out


# --- the trigger ---------------------------------------------------------------------------------------------------

def test_terraformed_mars_finishes_the_phase_then_skips_later_phases() -> None:
    """Rule: End — when Mars is terraformed the current phase is finished (everybody still acts) and later phases
    of the round are not played."""
    s = new(2)
    bare(s, 0, mc=30)
    bare(s, 1, mc=15)
    almost_terraformed(s)
    s.apply(0, "phase pick=3")
    s.apply(1, "phase pick=4")
    assert s.d["phase"] == 3
    s.apply(0, "std what=buy_ocean")
    assert s.d["params"] == {"temperature": 19, "oxygen": 14, "ocean": 9}
    assert not s.is_terminal()
    s.apply(0, "std what=buy_ocean")  # the max-phase: 1 TR and the last reward again
    assert (pl(s, 0)["tr"], pl(s, 0)["mc"]) == (7, 30 - 30 + 8)
    s.apply(0, "done")
    assert not s.is_terminal()
    assert s.to_move() == frozenset({1})  # the phase goes on for the players still to act
    s.apply(1, "std what=buy_ocean")
    assert pl(s, 1)["tr"] == 6
    s.apply(1, "done")
    assert s.is_terminal()
    assert s.d["over"] == "terraformed"
    assert phases_begun(s) == [3]  # production never ran
    assert (pl(s, 0)["mc"], pl(s, 1)["mc"]) == (8, 4)
    with pytest.raises(IllegalActionError):
        s.apply(0, "phase pick=1")


def test_terraformed_in_construction_skips_action_and_research() -> None:
    """Rule: End — the game ends after the phase in which the last parameter is maxed (phase II here)."""
    s = new(2)
    bare(s, 0, mc=10)
    bare(s, 1, mc=10)
    give(s, 0, "subterranean-reservoir")
    give(s, 1, "interns")
    almost_terraformed(s)
    s.apply(0, "phase pick=2")
    s.apply(1, "phase pick=5")
    s.apply(0, "play card=subterranean-reservoir")
    s.apply(0, "done")
    assert not s.is_terminal()
    s.apply(1, "play card=interns")
    s.apply(1, "done")
    assert s.is_terminal()
    assert phases_begun(s) == [2]
    assert len(pl(s, 0)["hand"]) == 0 and len(pl(s, 1)["hand"]) == 0  # no research


def test_game_goes_on_while_a_parameter_is_not_maxed() -> None:
    """Rule: End — all three parameters must be maxed: with one ocean left the next phase is played."""
    s = new(2)
    bare(s, 0, mc=15)
    bare(s, 1)
    almost_terraformed(s, oceans=7)
    s.apply(0, "phase pick=3")
    s.apply(1, "phase pick=4")
    s.apply(0, "std what=buy_ocean")
    s.apply(0, "done")
    s.apply(1, "done")
    assert not s.is_terminal()
    assert phases_begun(s) == [3, 4]
    assert s.d["round"] == 2 and s.d["stage"] == "plan"


# --- final scoring ---------------------------------------------------------------------------------------------------

def test_final_score_is_tr_plus_forests_plus_card_vp() -> None:
    """Rule: Scoring — 1 VP per TR, 1 VP per forest token, plus the VP printed on played cards."""
    s = new(2)
    bare(s, 0)
    bare(s, 1)
    pl(s, 0)["tr"] = 14
    pl(s, 0)["forests"] = 3
    table(s, 0, "composting-factory", "earth-catapult", "standard-technology", "bribed-committee")  # 1 + 2 + 1 - 2
    out = finish_by_seat1(s)
    assert out.details["breakdown"][0] == {"tr": 14, "forests": 3, "cards": 2, "total": 19}
    assert out.scores == [19, 6]
    assert out.winners == [0] and out.tiebreak == "vp"


@pytest.mark.parametrize("animals", [0, 1, 5])
def test_birds_score_one_vp_per_animal(animals: int) -> None:
    """Rule: Scoring — variable VP: Birds scores 1 VP per animal on it."""
    s = new(2)
    bare(s, 0)
    bare(s, 1)
    table(s, 0, "birds", res=animals)
    out = finish_by_seat1(s)
    assert out.details["breakdown"][0]["cards"] == animals
    assert out.scores[0] == 5 + animals


@pytest.mark.parametrize(("others", "vp"), [(1, 0), (2, 1), (4, 1), (5, 2)])
def test_think_tank_scores_one_vp_per_three_blue_cards(others: int, vp: int) -> None:
    """Rule: Scoring — variable VP: Think Tank scores 1 VP per 3 blue cards in play (itself included, red cards
    not)."""
    s = new(2)
    bare(s, 0)
    bare(s, 1)
    blue = ["interns", "research-outpost", "matter-manufacturing", "redrafted-contracts", "power-infrastructure"]
    table(s, 0, "think-tank", *blue[:others], "subterranean-reservoir", "lava-flows")
    out = finish_by_seat1(s)
    assert out.details["breakdown"][0]["cards"] == vp


@pytest.mark.parametrize(("extra", "corp", "vp"), [
    ([], None, 1),
    (["ganymede-shipyard"], None, 2),
    (["ganymede-shipyard", "colonizer-training-camp"], None, 3 + 2),  # a red card's tag counts; its own 2 VP
    ([], "saturn-systems", 2),  # the corporation's Jovian tag counts
])
def test_io_mining_industries_scores_one_vp_per_jovian_tag(extra: list[str], corp: str | None, vp: int) -> None:
    """Rule: Scoring — variable VP: Io Mining Industries scores 1 VP per Jovian tag (its own included)."""
    s = new(2)
    bare(s, 0)
    bare(s, 1)
    pl(s, 0)["corp"] = corp
    table(s, 0, "io-mining-industries", *extra)
    out = finish_by_seat1(s)
    assert out.details["breakdown"][0]["cards"] == vp


# --- tie-breaks ------------------------------------------------------------------------------------------------------

def tied(*, mc: int = 0, heat: int = 0, plants: int = 0, hand: int = 0) -> AresState:
    """A game where both seats will finish on equal VP; seat 1 will end it with 4 M€, 3 heat and 2 plants."""
    s = new(2)
    bare(s, 0, mc=mc, heat=heat, plants=plants)
    bare(s, 1, heat=3, plants=2)
    pl(s, 0)["tr"] = 6  # seat 1 gains 1 TR by flipping the last ocean
    if hand:
        give(s, 0, *s.d["deck"][-hand:])
    return s


def test_tiebreak_most_heat_plants_and_mc_wins() -> None:
    """Rule: Tie-break — among players tied on VP, the most heat + plants + M€ together wins."""
    s = tied(mc=5, heat=3, plants=2)  # 10 against seat 1's 4 + 3 + 2 = 9
    out = finish_by_seat1(s)
    assert out.scores == [6, 6]
    assert out.winners == [0] and out.tiebreak == "resources"


def test_tiebreak_loser_has_fewer_leftovers() -> None:
    """Rule: Tie-break — the tied player with less heat + plants + M€ loses even with more of one kind."""
    s = tied(mc=7, heat=1)  # 8 against 9
    out = finish_by_seat1(s)
    assert out.winners == [1] and out.tiebreak == "resources"


def test_tiebreak_counts_hand_cards_at_sell_value() -> None:
    """Rule: Tie-break — cards in hand count as the M€ they would sell for (3 each)."""
    s = tied(mc=4, hand=2)  # 4 + 2 x 3 = 10 against 9
    out = finish_by_seat1(s)
    assert out.winners == [0] and out.tiebreak == "resources"


def test_tiebreak_hand_cards_with_composting_factory_count_four() -> None:
    """Rule: Tie-break — with Composting Factory a hand card sells, and so counts, for 4 M€."""
    s = tied(mc=5, hand=1)  # 5 + 4 = 9 against 9
    pl(s, 0)["tr"] = 5  # Composting Factory is worth 1 VP
    table(s, 0, "composting-factory")
    out = finish_by_seat1(s)
    assert out.scores == [6, 6]
    assert out.winners == [0, 1] and out.tiebreak == "shared"


def test_tiebreak_equal_leftovers_share_the_win() -> None:
    """Rule: Tie-break — players tied on VP and on heat + plants + M€ share the win."""
    s = tied(mc=4, heat=3, plants=2)
    out = finish_by_seat1(s)
    assert out.scores == [6, 6]
    assert out.winners == [0, 1] and out.tiebreak == "shared"


def test_tiebreak_only_between_players_tied_for_the_lead() -> None:
    """Rule: Tie-break — only the players tied on the highest score compare leftovers; a lower score never wins."""
    s = new(3)
    for seat in range(3):
        bare(s, seat)
    almost_terraformed(s)
    pl(s, 0)["tr"] = 7
    pl(s, 0)["mc"] = 15
    pl(s, 1)["tr"] = 8
    pl(s, 2)["mc"] = 500
    pl(s, 2)["tr"] = 7
    touch(s)
    in_phase(s, 3, chooser=0)
    s.apply(0, "std what=buy_ocean")  # TR 8, 4 M€
    s.apply(0, "done")
    s.apply(1, "done")
    assert s.is_terminal() is False
    s.apply(2, "done")
    out = s.outcome()
    assert out is not None
    assert out.scores == [8, 8, 7]
    assert out.winners == [0] and out.tiebreak == "resources"


def test_clear_winner_on_vp() -> None:
    """Rule: Scoring — the highest total wins outright, whatever the leftovers ("vp")."""
    s = tied(mc=0)
    pl(s, 0)["tr"] = 9
    out = finish_by_seat1(s)
    assert out.scores == [9, 6]
    assert out.winners == [0] and out.tiebreak == "vp"
    assert "done" not in labels(s, 0)


def test_round_limit_ends_a_stalled_competitive_game_after_that_round() -> None:
    """Option round_limit (safety valve, RULES-NOTES): a game not terraformed by then ends after that round, scored."""
    s = new(2, round_limit=10)
    s.d["round"] = 10
    touch(s)
    s.apply(0, "phase pick=4")
    s.apply(1, "phase pick=4")
    answer_hand_limit(s)
    assert s.is_terminal() and s.d["over"] == "round_limit"
    out = s.outcome()
    assert out is not None and len(out.scores) == 2 and out.winners, "the game is scored and has a winner"


def test_round_limit_does_not_end_the_game_a_round_early() -> None:
    """Option round_limit: the round before the limit is followed by another round."""
    s = new(2, round_limit=10)
    s.d["round"] = 9
    touch(s)
    s.apply(0, "phase pick=4")
    s.apply(1, "phase pick=4")
    answer_hand_limit(s)
    assert not s.is_terminal() and s.d["round"] == 10 and s.d["stage"] == "plan"


def answer_hand_limit(s: AresState) -> None:
    """Discard down to 10 for every seat that must (the end step)."""
    while s.d["stage"] == "end" and s.to_move():
        seat = min(s.to_move())
        s.apply(seat, s.legal_actions(seat)[0])


def test_with_solo_early_end_a_solo_game_ends_with_a_win_as_soon_as_mars_is_terraformed() -> None:
    """Solo with option solo_early_end: terraforming Mars before round 25 ends the game at the end of that phase,
    and it is a win. (Without the option the game runs all 25 rounds: test_solo_coop.py.)"""
    s = new(1, solo_early_end=True)
    almost_terraformed(s)
    s.d["round"] = 12
    in_phase(s, 3, chooser=0)
    bare(s, 0, mc=20)
    s.apply(0, "std what=buy_ocean")
    assert not s.is_terminal(), "the phase finishes first"
    s.apply(0, "done")
    out = s.outcome()
    assert s.is_terminal() and out is not None and out.winners == [0] and out.tiebreak == "terraformed"
    assert "round 12" in out.details["result"]


def test_with_coop_early_end_a_coop_game_ends_when_mars_is_terraformed_and_wins_with_80_vp() -> None:
    """Co-op with option coop_early_end: terraforming before the pool runs out ends the game; the pair wins with
    80 VP or more together. (Without the option the game runs on to the end of the pool: test_solo_coop.py.)"""
    s = new(2, mode="coop", coop_early_end=True)
    almost_terraformed(s)
    for seat in (0, 1):
        pl(s, seat)["tr"] = 40
    in_phase(s, 3, chooser=0)
    bare(s, 0, mc=20)
    pl(s, 0)["tr"] = 40
    s.apply(0, "std what=buy_ocean")
    s.apply(0, "done")
    s.apply(1, "done")
    out = s.outcome()
    assert s.is_terminal() and out is not None and out.winners == [0, 1] and sum(out.scores) >= 80


# --- the history for the end chart ---------------------------------------------------------------------------------

def test_history_records_every_players_tr_and_vp_at_the_end_of_every_round() -> None:
    """State d["hist"]: at the end of each round, one entry [round, [TR per seat], [VP per seat]] (the end screen's
    chart); the round the game ends in is recorded too, with the final scores."""
    import pyengine
    from pyengine.core.rng import Rng
    from pyengine.games.ares_expedition.scoring import breakdown

    s = pyengine.load_game("ares_expedition").new_initial_state(seed=5, players=3)
    assert isinstance(s, AresState)
    rng = Rng(5)
    checked = 0
    while not s.is_terminal():
        rnd = s.d["round"]
        seat = rng.choice(sorted(s.to_move()))
        acts = s.legal_actions(seat)
        better = [a for a in acts if a.kind not in ("done", "sell")]
        s.apply(seat, rng.choice(better if better and rng.randbelow(4) else acts))
        if s.d["round"] == rnd + 1 and rnd > 0:
            assert s.d["hist"][-1] == [rnd, [p["tr"] for p in s.d["p"]], [breakdown(p)["total"] for p in s.d["p"]]]
            checked += 1
    assert checked >= 5
    hist = s.d["hist"]
    assert [h[0] for h in hist] == list(range(1, s.d["round"] + 1))
    out = s.outcome()
    assert out is not None and hist[-1][2] == out.scores and hist[-1][1] == [p["tr"] for p in s.d["p"]]
    assert hist[0][1] != hist[-1][1], "TR moved over the game"


def test_a_history_entry_out_of_order_is_refused_on_load() -> None:
    """Position validation: d["hist"] must list finished rounds in order with one value per seat."""
    import pytest

    from pyengine.core.errors import PositionError

    s = new(2)
    s.d["round"] = 3
    s.d["hist"] = [[1, [5, 5], [5, 5]], [2, [6, 5], [6, 5]]]
    touch(s)
    s.game.state_from_json(s.to_json())
    for bad in ([[2, [5, 5], [5, 5]], [1, [6, 5], [6, 5]]], [[1, [5], [5, 5]]], [[4, [5, 5], [5, 5]]]):
        data = s.to_json()
        data["hist"] = bad
        with pytest.raises(PositionError, match="hist"):
            s.game.state_from_json(data)
