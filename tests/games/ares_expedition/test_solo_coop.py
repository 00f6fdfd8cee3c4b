"""Solo (the virtual player) and the 2-player co-operative variant (SEED-NOTES.md items 11 and 12)."""

from __future__ import annotations

import pytest

from pyengine.core.errors import BadOptionsError
from pyengine.games.ares_expedition.state import AresState
from pyengine.games.ares_expedition.text import entries

from .helpers import answer_all, bare, give, in_phase, labels, new, pl, table, touch

ALL_PHASES = [1, 2, 3, 4, 5]


def solo(level: str = "novice") -> AresState:
    """A solo game in round 1's planning, the player's board emptied (TR 5)."""
    s = new(1, solo_level=level)
    bare(s, 0)
    return s


def coop() -> AresState:
    """A co-op game in round 1's planning, both boards emptied (TR 5)."""
    s = new(2, mode="coop")
    bare(s, 0)
    bare(s, 1)
    return s


def at_solo_round(s: AresState, rnd: int, deck: list[int], marker: int) -> None:
    """Move a solo game (in planning) to round ``rnd`` with the virtual deck and marker given."""
    s.d["round"] = rnd
    s.d["solo"].update(deck=list(deck), marker=marker, played=[k for k in ALL_PHASES if k not in deck])
    touch(s)


def phases_begun(s: AresState, since: int) -> list[int]:
    """Return the phases that began in the log from message index ``since`` on."""
    return [int(args["n"]["n"]) for t, args in entries(s.d)[since:] if t == "Phase {n} begins: {name}"]


def play_round(s: AresState, picks: list[int], *, item: str = "cube") -> None:
    """Pick phases, then pass everything (done, first research card, co-op item, no swap) to the round's end.

    Stops at the next planning, at the solo ordering, at the end of the game, or at a solo raise question.
    """
    for seat, k in enumerate(picks):
        s.apply(seat, f"phase pick={k}")
    for _ in range(500):
        if s.d["stage"] in ("plan", "solo_order", "over"):
            return
        seat = min(s.to_move())
        acts = labels(s, seat)
        if acts[0].startswith("raise "):
            return
        if "done" in acts:
            s.apply(seat, "done")
        elif "skip" in acts:
            s.apply(seat, "skip")
        elif f"take item={item}" in acts:
            s.apply(seat, f"take item={item}")
        else:
            s.apply(seat, acts[0])
    raise AssertionError("the round never ended")


def other_pick(s: AresState, seat: int = 0, avoid: int | None = None) -> int:
    """Return a phase the seat may pick now (not last round's), preferring 1 and 2, never ``avoid``."""
    last = pl(s, seat)["last"]
    return next(k for k in (1, 2, 3) if k != last and k != avoid)


# --- solo ----------------------------------------------------------------------------------------------------------

def test_solo_setup_has_a_virtual_deck_of_five_phases_and_marker_on_one() -> None:
    """Rule (solo): the virtual player has a deck of the 5 phase cards and its marker starts at 1."""
    s = new(1)
    assert s.d["mode"] == "solo"
    assert sorted(s.d["solo"]["deck"]) == ALL_PHASES
    assert s.d["solo"]["marker"] == 1
    assert s.d["stage"] == "plan"


def test_virtual_phase_runs_without_bonus() -> None:
    """Rule (solo): the virtual player's phase runs too, with no bonus (production: TR only, no +4 M€)."""
    s = solo()
    s.d["solo"]["deck"] = [4] + [k for k in s.d["solo"]["deck"] if k != 4]
    start = len(s.d["msgs"])
    play_round(s, [1])
    assert phases_begun(s, start) == [1, 4]
    assert pl(s, 0)["mc"] == 5


def test_virtual_phase_equal_to_the_players_runs_once_with_the_players_bonus() -> None:
    """Rule (solo): when the player picked the same phase, it runs once and the player gets the bonus."""
    s = solo()
    s.d["solo"]["deck"] = [4] + [k for k in s.d["solo"]["deck"] if k != 4]
    start = len(s.d["msgs"])
    play_round(s, [4])
    assert phases_begun(s, start) == [4]
    assert pl(s, 0)["mc"] == 5 + 4


def test_virtual_research_draws_two_keeps_one() -> None:
    """Rule (solo): a virtual research phase gives the player the normal draw 2 keep 1, no bonus."""
    s = solo()
    s.d["solo"]["deck"] = [5] + [k for k in s.d["solo"]["deck"] if k != 5]
    s.apply(0, "phase pick=1")
    s.apply(0, "done")
    acts = labels(s, 0)
    assert len(acts) == 2 and all(a.startswith("keep card=") for a in acts)
    s.apply(0, acts[0])
    assert len(pl(s, 0)["hand"]) == 1
    assert s.d["stage"] == "plan"


def test_virtual_deck_plays_one_card_a_round_and_cycles_after_five() -> None:
    """Rule (solo): each round the top virtual card's phase runs; after 5 rounds the deck is reshuffled, marker +1."""
    s = solo("expert")
    order = list(s.d["solo"]["deck"])
    for rnd in range(1, 6):
        start = len(s.d["msgs"])
        assert s.d["round"] == rnd
        assert s.d["solo"]["marker"] == 1
        play_round(s, [other_pick(s)])
        assert order[rnd - 1] in phases_begun(s, start), rnd
        if rnd < 5:
            assert s.d["solo"]["played"] == order[:rnd]
    assert s.d["round"] == 6
    assert s.d["solo"]["marker"] == 2
    assert sorted(s.d["solo"]["deck"]) == ALL_PHASES
    assert s.d["stage"] == "plan"  # no ordering before the marker reaches 5


@pytest.mark.parametrize("rnd", [1, 4, 6, 9])
def test_marker_does_not_move_before_the_deck_is_used_up(rnd: int) -> None:
    """Rule (solo): the virtual marker only moves when all 5 cards have been played."""
    s = solo("expert")
    left = 5 - (rnd - 1) % 5
    at_solo_round(s, rnd, ALL_PHASES[:left], 1 + (rnd - 1) // 5)
    marker = s.d["solo"]["marker"]
    play_round(s, [other_pick(s)])
    assert s.d["solo"]["marker"] == marker


@pytest.mark.parametrize(("rnd", "marker"), [(5, 1), (10, 2), (15, 3), (20, 4)])
def test_marker_moves_up_after_every_five_rounds(rnd: int, marker: int) -> None:
    """Rule (solo): after rounds 5, 10, 15 and 20 the virtual marker moves up 1."""
    s = solo("expert")
    at_solo_round(s, rnd, [4], marker)
    play_round(s, [other_pick(s)])
    assert s.d["solo"]["marker"] == marker + 1
    assert s.d["round"] == rnd + 1
    assert s.d["params"] == {"temperature": 0, "oxygen": 0, "ocean": 0}


@pytest.mark.parametrize(("level", "steps"), [("novice", 2), ("middle", 1)])
@pytest.mark.parametrize("param", ["temperature", "oxygen"])
def test_difficulty_raise_when_the_marker_moves(level: str, steps: int, param: str) -> None:
    """Rule (solo): when the marker moves, novice raises temperature or oxygen 2 steps, middle 1; no TR."""
    s = solo(level)
    table(s, 0, "livestock", "herbivores", "small-animals")
    at_solo_round(s, 5, [4], 1)
    play_round(s, [other_pick(s)])
    assert labels(s, 0) == ["raise param=oxygen", "raise param=temperature"]
    s.apply(0, f"raise param={param}")
    expected = {"temperature": 0, "oxygen": 0, "ocean": 0}
    expected[param] = steps
    assert s.d["params"] == expected
    p = pl(s, 0)
    assert p["tr"] == 5
    assert p["forests"] == 0
    assert p["res"] == {"livestock": 0, "herbivores": 0, "small-animals": 0}  # no step triggers either
    assert s.d["solo"]["marker"] == 2
    assert (s.d["stage"], s.d["round"]) == ("plan", 6)


def test_expert_raises_nothing() -> None:
    """Rule (solo): at expert level nothing is raised when the marker moves."""
    s = solo("expert")
    at_solo_round(s, 5, [4], 1)
    play_round(s, [other_pick(s)])
    assert s.d["params"] == {"temperature": 0, "oxygen": 0, "ocean": 0}
    assert (s.d["stage"], s.d["round"], s.d["solo"]["marker"]) == ("plan", 6, 2)


def test_difficulty_raise_with_one_parameter_maxed_goes_to_the_other() -> None:
    """Rule (solo): with oxygen at its maximum, the novice raise goes to the temperature."""
    s = solo("novice")
    s.d["params"]["oxygen"] = 14
    at_solo_round(s, 5, [4], 1)
    play_round(s, [other_pick(s)])
    assert s.d["params"]["temperature"] == 2
    assert s.d["stage"] == "plan"


def test_fourth_raise_comes_before_ordering_the_last_five() -> None:
    """Rule (solo): the marker reaching 5 also raises a parameter (novice), then the player orders the deck."""
    s = solo("novice")
    at_solo_round(s, 20, [4], 4)
    play_round(s, [other_pick(s)])
    assert labels(s, 0) == ["raise param=oxygen", "raise param=temperature"]
    s.apply(0, "raise param=oxygen")
    assert s.d["params"]["oxygen"] == 2
    assert (s.d["stage"], s.d["round"], s.d["solo"]["marker"]) == ("solo_order", 21, 5)


def test_player_orders_the_last_five_virtual_cards() -> None:
    """Rule (solo): when the marker reaches 5, the player orders the virtual deck for the last 5 rounds."""
    s = solo("expert")
    at_solo_round(s, 20, [4], 4)
    play_round(s, [other_pick(s)])
    assert s.d["solo"]["marker"] == 5
    assert (s.d["stage"], s.d["round"]) == ("solo_order", 21)
    assert labels(s, 0) == [f"dummy pick={k}" for k in ALL_PHASES]
    s.apply(0, "dummy pick=3")
    assert labels(s, 0) == ["dummy pick=1", "dummy pick=2", "dummy pick=4", "dummy pick=5"]
    for k in (1, 5, 2, 4):
        s.apply(0, f"dummy pick={k}")
    assert s.d["stage"] == "plan"
    order = [3, 1, 5, 2, 4]
    for i, k in enumerate(order):
        start = len(s.d["msgs"])
        play_round(s, [other_pick(s, avoid=k)])
        assert k in phases_begun(s, start)
        assert s.d["solo"]["played"][-1] == k, i
    assert s.is_terminal()


def test_solo_game_ends_after_round_25_not_before() -> None:
    """Rule (solo): the game ends after round 25 (not after round 24); without terraforming it is lost."""
    s = solo("expert")
    at_solo_round(s, 24, [4, 5], 5)
    play_round(s, [1])
    assert not s.is_terminal()
    assert (s.d["stage"], s.d["round"]) == ("plan", 25)
    play_round(s, [2])
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.winners == []
    assert out.scores == [5]


def test_solo_win_only_with_mars_terraformed() -> None:
    """Rule (solo): the player wins (winners [0]) when every global parameter is at its maximum."""
    s = solo("expert")
    at_solo_round(s, 25, [3], 5)
    s.d["params"].update(temperature=18, oxygen=14, ocean=9)
    pl(s, 0)["mc"] = 14
    s.apply(0, "phase pick=3")
    s.apply(0, "std what=buy_temp")
    s.apply(0, "done")
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.winners == [0]


def test_solo_loss_one_step_short() -> None:
    """Rule (solo): one step short of a terraformed Mars after round 25 is a loss (no winners)."""
    s = solo("expert")
    at_solo_round(s, 25, [3], 5)
    s.d["params"].update(temperature=18, oxygen=14, ocean=9)
    play_round(s, [3])
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    assert out.winners == []


# --- co-op ---------------------------------------------------------------------------------------------------------

def test_coop_setup_pool_of_27_cubes_and_3_markers() -> None:
    """Rule (co-op): the pool holds 27 cubes and 3 markers."""
    s = new(2, mode="coop")
    assert s.d["coop"]["cubes"] == 27
    assert s.d["coop"]["markers"] == 3


def test_coop_is_for_two_players_only() -> None:
    """Rule (co-op): the variant is for exactly 2 players."""
    for players in (1, 3):
        with pytest.raises(BadOptionsError):
            new(players, mode="coop")


def test_coop_items_taken_after_the_reveal_one_each() -> None:
    """Rule (co-op): after the phase reveal each player takes exactly 1 item; a cube is +1 M€."""
    s = coop()
    assert not [a for a in labels(s, 0) if a.startswith("take")]
    s.apply(0, "phase pick=1")
    s.apply(1, "phase pick=1")
    assert s.d["stage"] == "coop"
    mover = min(s.to_move())
    other = 1 - mover
    assert s.to_move() == frozenset({mover})
    assert labels(s, mover) == ["take item=cube", "take item=marker"]
    s.apply(mover, "take item=cube")
    assert pl(s, mover)["mc"] == 1
    assert s.to_move() == frozenset({other})
    assert labels(s, mover) == []
    s.apply(other, "take item=cube")
    assert pl(s, other)["mc"] == 1
    assert s.d["coop"]["cubes"] == 25
    assert (s.d["stage"], s.d["phase"]) == ("phase", 1)
    assert not [a for s_ in (0, 1) for a in labels(s, s_) if a.startswith("take")]


def test_coop_marker_swaps_a_card_with_the_partner() -> None:
    """Rule (co-op): a marker is discarded and its taker swaps 1 hand card with 1 of the partner's."""
    s = coop()
    give(s, 0, "lichen")
    give(s, 1, "comet")
    s.apply(0, "phase pick=1")
    s.apply(1, "phase pick=1")
    mover = min(s.to_move())
    s.apply(mover, "take item=marker")
    mine, theirs = ("lichen", "comet") if mover == 0 else ("comet", "lichen")
    assert labels(s, mover) == [f"swap give={mine} take={theirs}", "skip"]
    s.apply(mover, f"swap give={mine} take={theirs}")
    assert pl(s, mover)["hand"] == [theirs]
    assert pl(s, 1 - mover)["hand"] == [mine]
    assert pl(s, mover)["mc"] == 0
    assert s.d["coop"]["markers"] == 2
    assert s.d["coop"]["cubes"] == 27
    assert s.to_move() == frozenset({1 - mover})


def test_coop_marker_swap_may_be_skipped() -> None:
    """Rule (co-op): the swap is optional ("may swap")."""
    s = coop()
    give(s, 0, "lichen")
    give(s, 1, "comet")
    s.apply(0, "phase pick=1")
    s.apply(1, "phase pick=1")
    mover = min(s.to_move())
    s.apply(mover, "take item=marker")
    s.apply(mover, "skip")
    assert pl(s, 0)["hand"] == ["lichen"]
    assert pl(s, 1)["hand"] == ["comet"]
    assert s.d["coop"]["markers"] == 2


def test_coop_game_ends_after_round_15_when_the_pool_is_empty() -> None:
    """Rule (co-op): 30 items, 2 a round: the game ends when the last item is taken, after round 15."""
    s = coop()
    for rnd in range(1, 16):
        assert not s.is_terminal(), rnd
        assert s.d["round"] == rnd
        pick = 4 if rnd % 2 else 1
        play_round(s, [pick, pick], item="cube" if s.d["coop"]["cubes"] >= 2 else "marker")
    assert s.is_terminal()
    assert s.d["round"] == 15
    assert (s.d["coop"]["cubes"], s.d["coop"]["markers"]) == (0, 0)


def finish_last_coop_round(s: AresState) -> None:
    """Put a co-op game in round 15 with 2 items left and play that round out."""
    s.d["round"] = 15
    s.d["coop"].update(cubes=2, markers=0)
    touch(s)
    play_round(s, [4, 4])
    assert s.is_terminal()


def test_coop_win_needs_terraformed_mars_and_80_vp_together() -> None:
    """Rule (co-op): winners [0, 1] when Mars is terraformed and the two scores (TR, forests, cards) total 80."""
    s = coop()
    s.d["params"].update(temperature=19, oxygen=14, ocean=9)
    pl(s, 0).update(tr=37, forests=3)
    pl(s, 1)["tr"] = 40
    finish_last_coop_round(s)
    out = s.outcome()
    assert out is not None
    assert out.scores == [40, 40]
    assert out.winners == [0, 1]


def test_coop_loss_below_80_vp() -> None:
    """Rule (co-op): a terraformed Mars with 79 VP together is a loss."""
    s = coop()
    s.d["params"].update(temperature=19, oxygen=14, ocean=9)
    pl(s, 0)["tr"] = 39
    pl(s, 1)["tr"] = 40
    finish_last_coop_round(s)
    out = s.outcome()
    assert out is not None
    assert out.winners == []


def test_coop_loss_without_terraformed_mars() -> None:
    """Rule (co-op): 120 VP together without a terraformed Mars (one ocean short) is a loss."""
    s = coop()
    s.d["params"].update(temperature=19, oxygen=14, ocean=8)
    pl(s, 0)["tr"] = 60
    pl(s, 1)["tr"] = 60
    finish_last_coop_round(s)
    out = s.outcome()
    assert out is not None
    assert out.winners == []
    assert sum(out.scores) == 120


def virtual_raise_terraforms_in_round_5(**options: object) -> AresState:
    """A solo novice game in round 5 whose end-of-cycle raise (2 oxygen steps) completes Mars; played to that raise."""
    s = new(1, solo_level="novice", **options)
    d = s.d
    d["params"] = {"temperature": 19, "oxygen": 12, "ocean": 9}
    d["ocean_flipped"] = sorted(d["ocean_pile"])
    d["ocean_pile"] = []
    d["round"] = 5
    d["solo"]["deck"] = [4]
    d["solo"]["played"] = [1, 2, 3, 5]
    touch(s)
    s.apply(0, "phase pick=5")
    answer_all(s)
    while s.d["stage"] == "end" and s.to_move() and not s.d["p"][0]["frames"]:
        s.apply(0, s.legal_actions(0)[0])
    answer_all(s)
    assert d["params"]["oxygen"] == 14, "the novice raise took oxygen to its maximum"
    return s


def test_with_solo_early_end_a_virtual_raise_that_terraforms_mars_ends_the_solo_game_at_once() -> None:
    """Solo with option solo_early_end: when the virtual player's end-of-cycle raise completes Mars, the game ends
    there, and it is a win."""
    s = virtual_raise_terraforms_in_round_5(solo_early_end=True)
    out = s.outcome()
    assert s.is_terminal() and out is not None and out.winners == [0] and s.d["round"] == 5
    assert s.d["over"] == "terraformed" and out.details["result_msg"]["id"] == "ares.outcome.result.solo_win_early"


def test_a_virtual_raise_that_terraforms_mars_does_not_end_the_solo_game() -> None:
    """Rule (solo, seed 001_52bd1af0534ce7de.txt): "the game ends after the 25th round": Mars completed by the
    virtual player's raise in round 5 leaves 20 rounds to play."""
    s = virtual_raise_terraforms_in_round_5()
    assert not s.is_terminal() and (s.d["round"], s.d["stage"]) == (6, "plan")


# --- solo: the end comes after round 25, not with Mars (rules 2026.12.2) -------------------------------------------

def solo_terraforming_in_round_24(**options: object) -> AresState:
    """A solo expert game in round 24's action phase (virtual deck [4, 3] left: round 24 also runs production, round
    25 the action phase): Mars one ocean short, 15 M€ (one ocean). The player buys the last ocean (TR 6) and
    passes."""
    s = solo("expert") if not options else new(1, solo_level="expert", **options)
    bare(s, 0, mc=15)
    at_solo_round(s, 24, [4, 3], 5)
    d = s.d
    d["params"] = {"temperature": 19, "oxygen": 14, "ocean": 8}
    d["max_key"] = {"temperature": "3.2", "oxygen": "3.2", "ocean": None}
    d["ocean_flipped"] = sorted(d["ocean_pile"])[:8]
    d["ocean_pile"] = sorted(d["ocean_pile"])[8:]
    touch(s)
    s.apply(0, "phase pick=3")
    s.apply(0, "std what=buy_ocean")
    s.apply(0, "done")
    return s


def test_a_solo_player_who_terraforms_in_round_24_plays_round_25_and_then_wins() -> None:
    """Rule (solo, seed 001_52bd1af0534ce7de.txt): "the game ends after the 25th round; the player wins if all
    global parameters have reached their maximum". Terraforming in round 24 does not end the game: round 24's
    production runs, round 25 is played (a forest bought then still scores its VP token), and after it the player
    wins with the VP as the solo score. (Round 25's action phase is the virtual player's card; the player picks
    development.)"""
    s = solo_terraforming_in_round_24()
    assert s.d["params"] == {"temperature": 19, "oxygen": 14, "ocean": 9}
    assert not s.is_terminal(), "terraforming does not end the solo game"
    assert (s.d["round"], s.d["stage"]) == (25, "plan"), "production ran, and round 25 begins"
    assert [h[0] for h in s.d["hist"]][-1] == 24 and pl(s, 0)["tr"] == 6
    p = pl(s, 0)
    p.update(mc=60)
    touch(s)
    s.apply(0, "phase pick=1")
    s.apply(0, "done")
    acts = labels(s, 0)
    assert s.d["phase"] == 3 and "std what=buy_forest" in acts and "std what=buy_ocean" not in acts
    s.apply(0, "std what=buy_forest")
    assert (p["tr"], p["forests"]) == (6, 1), "a forest after Mars is done gives its VP token and no TR"
    s.apply(0, "done")
    while not s.is_terminal():
        seat = min(s.to_move())
        acts = labels(s, seat)
        s.apply(seat, "done" if "done" in acts else acts[0])
    assert s.d["round"] == 25 and s.d["over"] == "round_25"
    out = s.outcome()
    assert out is not None and out.winners == [0] and out.tiebreak == "terraformed" and out.scores == [7]
    assert "you win with 7 VP" in str(out.details["result"])
    assert out.details["result_msg"]["id"] == "ares.outcome.result.solo_win"


def test_with_solo_early_end_terraforming_in_round_24_ends_the_solo_game_at_once() -> None:
    """Option solo_early_end (the older reading): the solo game ends after the phase in which Mars is terraformed,
    a win in round 24 with round 25 unplayed."""
    s = solo_terraforming_in_round_24(solo_early_end=True)
    assert s.is_terminal() and s.d["round"] == 24 and s.d["over"] == "terraformed"
    out = s.outcome()
    assert out is not None and out.winners == [0] and out.scores == [6]
    assert out.details["result_msg"]["id"] == "ares.outcome.result.solo_win_early"


# --- co-op: the end comes with the pool, not with Mars --------------------------------------------------------------

def coop_terraforming_in_round_9(**options: object) -> AresState:
    """A co-op game in round 9's action phase: Mars one ocean short (temperature and oxygen maxed in round 3),
    12 items left in the pool, seat 0 at TR 35 with 15 M€ (one ocean's price), seat 1 at TR 35: 70 VP together.

    Seat 0 (first player in round 9) buys the last ocean (TR 36: 71 VP) and passes; then seat 1 passes."""
    s = new(2, mode="coop", **options)
    d = s.d
    bare(s, 0, mc=15)
    bare(s, 1)
    d["round"] = 9
    d["params"] = {"temperature": 19, "oxygen": 14, "ocean": 8}
    d["max_key"] = {"temperature": "3.2", "oxygen": "3.2", "ocean": None}
    d["ocean_flipped"] = sorted(d["ocean_pile"])[:8]
    d["ocean_pile"] = sorted(d["ocean_pile"])[8:]
    d["coop"].update(cubes=12, markers=0)
    pl(s, 0)["tr"] = 35
    pl(s, 1)["tr"] = 35
    in_phase(s, 3, chooser=0, picks=[3, 4])
    d["phases"] = [4]
    touch(s)
    s.apply(0, "std what=buy_ocean")
    s.apply(0, "done")
    s.apply(1, "done")
    return s


def test_a_coop_team_that_terraforms_early_plays_on_until_the_pool_is_empty() -> None:
    """Rule (co-op, SEED-NOTES.md item 11): "the game ends when the last item is taken from the pool (after 15
    rounds)". A team that terraforms Mars in round 9 with 71 VP does not lose at once: the round goes on (its
    production phase still runs) and so does the game, to round 15."""
    s = coop_terraforming_in_round_9()
    assert s.d["params"] == {"temperature": 19, "oxygen": 14, "ocean": 9}
    assert not s.is_terminal(), "terraforming does not end the co-op game"
    assert (s.d["round"], s.d["stage"]) == (10, "plan"), "the production phase ran and round 10 begins"
    assert (pl(s, 0)["mc"], pl(s, 1)["mc"]) == (36, 35 + 4), (
        "production ran after Mars was terraformed (TR, and the production chooser's 4 M€)")
    assert [h[0] for h in s.d["hist"]] == [9]


def test_after_a_coop_terraforming_steps_give_nothing_but_forests_still_score() -> None:
    """Rule (co-op, printed max rules): after the phase that maxed a parameter, it never rises past its maximum
    and raising it gives nothing, so those standard actions are not offered; a forest still gives its 1 VP token.
    With forests bought after Mars is done the team reaches 80 VP and wins when the pool runs out in round 15."""
    s = coop_terraforming_in_round_9()
    s.apply(0, "phase pick=1")
    s.apply(1, "phase pick=3")
    while s.d["stage"] == "coop" or (s.d["stage"] == "phase" and s.d["phase"] == 1):
        seat = min(s.to_move())
        s.apply(seat, "take item=cube" if s.d["stage"] == "coop" else "done")
    assert (s.d["round"], s.d["phase"]) == (10, 3) and s.to_move() == frozenset({1}), "seat 1 moves first"
    s.apply(1, "done")
    p = pl(s, 0)
    p.update(mc=180, heat=8)
    touch(s)
    acts = labels(s, 0)
    assert "std what=buy_forest" in acts
    assert not {"std what=buy_ocean", "std what=buy_temp", "std what=heat_temp"} & set(acts), acts
    assert "done" in acts, "heat is not forced into a maxed temperature"
    for _ in range(9):
        s.apply(0, "std what=buy_forest")
    assert (p["tr"], p["forests"]) == (36, 9), "forests after the max-phase give their token and no TR"
    assert s.d["params"] == {"temperature": 19, "oxygen": 14, "ocean": 9}, "no parameter goes past its maximum"
    s.apply(0, "done")
    for _ in range(5):
        assert not s.is_terminal()
        play_round(s, [other_pick(s, 0), other_pick(s, 1)])
    assert s.is_terminal() and s.d["round"] == 15 and s.d["over"] == "pool_empty"
    out = s.outcome()
    assert out is not None and sum(out.scores) == 36 + 9 + 35 and out.winners == [0, 1]
    assert [h[0] for h in s.d["hist"]] == list(range(9, 16))


def test_coop_early_end_option_ends_the_game_when_mars_is_terraformed() -> None:
    """Option coop_early_end (the older reading): the co-op game ends after the phase in which Mars is terraformed;
    the team of round 9 with 71 VP has then lost, with 6 rounds unplayed."""
    s = coop_terraforming_in_round_9(coop_early_end=True)
    assert s.is_terminal() and s.d["round"] == 9 and s.d["over"] == "terraformed"
    out = s.outcome()
    assert out is not None and sum(out.scores) == 71 and out.winners == []
    assert s.d["hist"] == [[9, [36, 35], [36, 35]]], "the final TR and VP are recorded for the end chart"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_coop_play_after_an_early_terraforming_stays_sound_to_round_15(seed: int) -> None:
    """Co-op played on after Mars is terraformed in round 4 (random choices to the end): parameters never pass
    their maximum, every position loads back (validation and invariants), and the game ends after round 15 with
    the pool empty."""
    import pyengine
    from pyengine.core.rng import Rng

    s = pyengine.load_game("ares_expedition").new_initial_state(seed=seed, players=2, options={"mode": "coop"})
    assert isinstance(s, AresState)
    rng = Rng(seed)
    steps = 0
    while not s.is_terminal():
        if s.d["round"] == 4 and s.d["stage"] == "plan" and s.d["params"]["ocean"] < 9:
            d = s.d
            d["params"] = {"temperature": 19, "oxygen": 14, "ocean": 9}
            d["max_key"] = {"temperature": "3.1", "oxygen": "3.1", "ocean": "3.1"}
            d["ocean_flipped"] += d["ocean_pile"]
            d["ocean_pile"] = []
            touch(s)
        seat = rng.choice(sorted(s.to_move()))
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert s.d["params"] == {"temperature": 19, "oxygen": 14, "ocean": 9} or s.d["round"] <= 4
        steps += 1
        if steps % 25 == 0:
            s.game.state_from_json(s.to_json())
    assert s.d["round"] == 15 and s.d["over"] == "pool_empty"
    assert [h[0] for h in s.d["hist"]] == list(range(1, 16))
