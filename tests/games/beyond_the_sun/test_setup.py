"""Setup for 2, 3 and 4 players: Basic Spacefaring, the board side, events, systems, achievements and the mats."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pyengine.games.beyond_the_sun.cards import achievements, events, systems, techs
from pyengine.games.beyond_the_sun.invariants import check
from pyengine.games.beyond_the_sun.model import cube_count, disc_count
from pyengine.games.beyond_the_sun.state import BTSState

from .helpers import do, fac, new, researched, touch

SEEDS = range(1, 13)
BASE_SUPPLY = [5, 4, 3, 3, 2]
START_ORE = (1, 1, 2, 2)
EXTRA_ORE = {"UNS": 0, "ZHENGYI": 0, "TABERNACLE": 1, "NISHIDA": 2}
FIRST_GAME = {"ACH-TRANSCENDENCE", "ACH-EMPIRE", "ACH-WARLORD", "ACH-TECHNOLOGIST"}

# Per player count: the Basic Spacefaring rows, one entry per space, 1 where the space carries the +1 ore surcharge.
SPACES = {
    2: {"research_1": [0, 0], "research_2": [0, 1], "build_jump": [0, 1], "gain": [0]},
    3: {"research_1": [0, 0, 0], "research_2": [0, 0, 1], "build_jump": [0, 0], "gain": [0]},
    4: {"research_1": [0, 0, 0, 1], "research_2": [0, 0, 0, 1], "build_jump": [0, 0], "gain": [0]},
}
BASE_ORE_COST = {"research_1": 0, "research_2": 2, "build_jump": 0}


def _seat_of(state: BTSState, faction: str) -> int:
    """Return the seat that was dealt a faction."""
    return next(s for s in range(state.d["players"]) if fac(state, s)["id"] == faction)


def _bs_moves(state: BTSState) -> list[str]:
    """Return the Basic Spacefaring spaces the player to move may take."""
    return [a.split("=", 1)[1] for a in _legal(state) if a.startswith("move space=bs.")]


def _legal(state: BTSState) -> list[str]:
    """Return the legal actions of the seat to move as text."""
    seat = min(state.to_move())
    return [str(a) for a in state.legal_actions(seat)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_basic_spacefaring_space_counts_per_player_count(players: int) -> None:
    """Basic Spacefaring: 2+2 research spaces at 2 players, 3+3 at 3, 4+4 at 4; 2 build-and-jump; one Gain."""
    state = new(players, seed=3)
    f = fac(state, 0)
    f["ore"] = 10
    researched(state, 0, "I-1", "I-2")  # Research II needs a level-II slot whose prerequisites are met
    touch(state)
    rows = Counter(space.split(".")[1] for space in _bs_moves(state))
    assert rows == {row: len(spaces) for row, spaces in SPACES[players].items()}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_surcharge_spaces_cost_one_more_ore(players: int) -> None:
    """Surcharge spaces: 2p last Research II and last Build-and-jump, 3p last Research II, 4p last of each research
    row; each costs its row's price + 1 ore, every other space the plain price."""
    state = new(players, seed=3)
    fac(state, 0)["ore"] = 10
    researched(state, 0, "I-1", "I-2")
    touch(state)
    seen = 0
    for row, surcharges in SPACES[players].items():
        if row == "gain":
            continue
        for i, surcharge in enumerate(surcharges):
            trial = state.clone()
            do(trial, f"move space=bs.{row}.{i}")
            assert trial.d["pawns"][0] == f"bs.{row}.{i}"
            assert trial.d["phase"] == "production" and trial.d["frames"], "the action waits for a choice"
            assert 10 - fac(trial, 0)["ore"] == BASE_ORE_COST[row] + surcharge, (row, i)
            seen += surcharge
    assert seen == {2: 2, 3: 1, 4: 2}[players]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_surcharge_space_closed_without_the_extra_ore(players: int) -> None:
    """A surcharge space is not offered to a faction that has only the row's plain price."""
    for row, price in BASE_ORE_COST.items():
        state = new(players, seed=3)
        fac(state, 0)["ore"] = price
        researched(state, 0, "I-1", "I-2")
        touch(state)
        moves = set(_bs_moves(state))
        for i, surcharge in enumerate(SPACES[players][row]):
            assert (f"bs.{row}.{i}" in moves) == (surcharge == 0), (row, i)


@pytest.mark.parametrize(("players", "side", "shipyards"), [(2, "small", 2), (3, "large", 4), (4, "large", 4)])
def test_exploration_board_side_per_player_count(players: int, side: str, shipyards: int) -> None:
    """Exploration board: the small side (2 shipyards) at 2 players, the large side (4 shipyards) at 3 and 4."""
    view = new(players, seed=2).view(None)
    assert view["side"] == side
    kinds = Counter(loc["kind"] for loc in view["board"]["locations"])
    assert kinds["shipyard"] == shipyards and kinds["sol"] == 1 and kinds["deep_space"] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_events_six_per_level_with_both_light_events(players: int) -> None:
    """Events: per level II and III, the 2 light events plus 4 others face down on the 6 slots; none on IIII."""
    for seed in SEEDS:
        state = new(players, seed=seed)
        for lv, roman in ((2, "II"), (3, "III")):
            slots = [s for s in state.d["slots"] if s.split("-")[0] == roman]
            placed = [state.d["slots"][s]["event"] for s in slots]
            assert len(slots) == 6 and None not in placed and len(set(placed)) == 6
            assert all(events()[e]["level"] == lv for e in placed)
            light = {e for e, r in events().items() if r["level"] == lv and r["light"]}
            assert light <= set(placed)
            box = state.d["box_events"][str(lv)]
            assert len(box) == 4 and set(box) | set(placed) == {e for e, r in events().items() if r["level"] == lv}
        assert all(state.d["slots"][f"IIII-{i}"]["event"] is None for i in (1, 2, 3))


def test_events_are_random_and_face_down() -> None:
    """The 4 non-light events differ between seeds, and no seat's view names a face-down event."""
    draws = set()
    for seed in SEEDS:
        state = new(3, seed=seed)
        draws.add(tuple(sorted(v["event"] for v in state.d["slots"].values() if v["event"])))
        text = json.dumps(state.view(0))
        assert not any(e in text for e in events())
        assert all(v["event_face_down"] for k, v in state.view(0)["slots"].items() if k.split("-")[0] in ("II", "III"))
    assert len(draws) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_start_systems_on_a_slots_and_deck_b_on_b_slots(players: int) -> None:
    """Systems: 2 of the 4 start systems on A1/A2, the top 2 of deck B on B1/B2, the extra slot empty."""
    for seed in SEEDS:
        d = new(players, seed=seed).d
        locs = d["locs"]
        assert systems()[locs["A1"]]["start"] and systems()[locs["A2"]]["start"] and locs["A1"] != locs["A2"]
        assert systems()[locs["B1"]]["deck"] == "B" and systems()[locs["B2"]]["deck"] == "B"
        assert locs["B1"] != locs["B2"] and locs["X"] is None
        assert len(d["sysdecks"]["A"]) == 10 and len(d["sysdecks"]["B"]) == 10
        assert sum(1 for s in d["sysdecks"]["A"] if systems()[s]["start"]) == 2
        every = [locs["A1"], locs["A2"], locs["B1"], locs["B2"], *d["sysdecks"]["A"], *d["sysdecks"]["B"]]
        assert sorted(every) == sorted(systems())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_achievements_two_basic_one_a_one_b(players: int) -> None:
    """Achievements: the 2 basic ones plus 1 of group A and 1 of group B, all empty; A and B vary by seed."""
    picked = set()
    for seed in SEEDS:
        d = new(players, seed=seed).d
        ids = [a["id"] for a in d["achievements"]]
        groups = Counter(achievements()[a]["group"] for a in ids)
        assert groups == {"basic": 2, "A": 1, "B": 1}
        assert all(a["discs"] == [] for a in d["achievements"])
        picked.update(ids)
    assert len(picked) > 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_game_achievements_option(players: int) -> None:
    """Option first_game_achievements: Transcendence, Empire, Warlord and Technologist, whatever the seed."""
    for seed in (1, 2, 7):
        d = new(players, seed=seed, first_game_achievements=True).d
        assert {a["id"] for a in d["achievements"]} == FIRST_GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_common_start_of_every_faction(players: int) -> None:
    """Start: supply columns 5/4/3/3/2 (less a faction's own extra), 8 food + 8 ore discs on the tracks, nothing
    automated or controlled, no techs; 20 cubes in all."""
    for seed in SEEDS:
        state = new(players, seed=seed)
        assert state.d["control"] == {} and check(state) == []
        for seat in range(players):
            f = fac(state, seat)
            expected = list(BASE_SUPPLY)
            if f["id"] == "UNS":
                expected[2] -= 1
            if f["id"] == "ZHENGYI":
                expected[0] -= 1
            assert f["supply"] == expected and f["cap"] == BASE_SUPPLY
            assert f["removed"] == {"food": 0, "ore": 0} and f["auto"] == []
            assert disc_count(f, state.d, seat, "food") == 8 and disc_count(f, state.d, seat, "ore") == 8
            assert f["techs"] == [] and f["colonies"] == [] and cube_count(f) == 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_population_ship_and_ore_by_seat(players: int) -> None:
    """Start: 2 population and a level-1 ship in Sol (Tabernacle: Deep Space), ore 1/1/2/2 by seat plus the
    faction's extra ore (Tabernacle +1, Nishida +2)."""
    seats_seen: dict[str, set[int]] = {}
    for seed in range(1, 31):
        state = new(players, seed=seed)
        view = state.view(None)
        for seat in range(players):
            f = fac(state, seat)
            fid = f["id"]
            seats_seen.setdefault(fid, set()).add(seat)
            assert view["factions"][seat]["ore"] == START_ORE[seat] + EXTRA_ORE[fid], (seed, seat, fid)
            assert view["factions"][seat]["population"] == (3 if fid == "UNS" else 2)
            if fid == "TABERNACLE":
                assert f["ships"] == {"DEEP": [1, 0, 0, 0]}
            elif fid == "ZHENGYI":
                assert f["ships"] == {"SOL": [2, 0, 0, 0]}
            else:
                assert f["ships"] == {"SOL": [1, 0, 0, 0]}
    assert len(seats_seen) == 4  # every faction was dealt somewhere
    assert all(len(seats) >= 2 for seats in seats_seen.values())  # the seed really moves factions around


def test_uns_extra_population_from_column_c() -> None:
    """UNS setup: one more population, its cube taken from supply column C."""
    state = new(4, seed=5)
    f = fac(state, _seat_of(state, "UNS"))
    assert f["pop"] == 3 and f["supply"] == [5, 4, 2, 3, 2]


def test_zhengyi_extra_level_one_ship_in_sol_from_column_a() -> None:
    """Zheng-Yi setup: a second level-1 ship in Sol, its cube taken from supply column A."""
    state = new(4, seed=5)
    f = fac(state, _seat_of(state, "ZHENGYI"))
    assert f["ships"] == {"SOL": [2, 0, 0, 0]} and f["supply"] == [4, 4, 3, 3, 2] and f["pop"] == 2


def test_tabernacle_extra_ore_and_ship_in_deep_space() -> None:
    """Tabernacle setup: +1 ore and its starting ship begins in Deep Space instead of Sol."""
    state = new(4, seed=5)
    seat = _seat_of(state, "TABERNACLE")
    f = fac(state, seat)
    assert f["ore"] == START_ORE[seat] + 1
    assert f["ships"] == {"DEEP": [1, 0, 0, 0]} and "SOL" not in f["ships"]
    assert f["supply"] == BASE_SUPPLY and f["pop"] == 2


def test_nishida_extra_two_ore() -> None:
    """Nishida setup: +2 ore, nothing else."""
    state = new(4, seed=5)
    seat = _seat_of(state, "NISHIDA")
    f = fac(state, seat)
    assert f["ore"] == START_ORE[seat] + 2
    assert f["ships"] == {"SOL": [1, 0, 0, 0]} and f["supply"] == BASE_SUPPLY and f["pop"] == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_advanced_mats_option_for_everyone(players: int) -> None:
    """Option advanced_mats: every faction uses its advanced mat (the default is the basic mat)."""
    adv = new(players, seed=4, advanced_mats=True)
    basic = new(players, seed=4)
    assert [fac(adv, s)["mat"] for s in range(players)] == ["advanced"] * players
    assert [fac(basic, s)["mat"] for s in range(players)] == ["basic"] * players
    assert [v["mat"] for v in adv.view(None)["factions"]] == ["advanced"] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_setup(players: int) -> None:
    """Determinism: the same seed gives an identical to_json; another seed gives a different one."""
    a = new(players, seed=17).to_json()
    b = new(players, seed=17).to_json()
    c = new(players, seed=18).to_json()
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert json.dumps(a, sort_keys=True) != json.dumps(c, sort_keys=True)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_level_one_techs_face_up_on_i_slots(players: int) -> None:
    """Tech tree: the four level-I techs (one per type) face up on I-1..I-4; every other slot empty; the II, III
    and IIII decks hold 16, 16 and 10 cards."""
    for seed in (1, 2, 3):
        state = new(players, seed=seed)
        d = state.d
        ones = [d["slots"][f"I-{i}"]["card"] for i in range(1, 5)]
        assert sorted(ones) == sorted(c for c, r in techs().items() if r["level"] == 1)
        assert all(d["slots"][f"I-{i}"]["event"] is None for i in range(1, 5))
        assert all(v["card"] is None and v["by"] == [] for k, v in d["slots"].items() if not k.startswith("I-"))
        assert state.view(None)["deck_sizes"] == {"2": 16, "3": 16, "4": 10}
        assert [state.view(None)["slots"][f"I-{i}"]["card"] for i in range(1, 5)] == ones


def test_first_player_and_pawns_at_start() -> None:
    """Start: seat 0 is the first player and acts first in round 1; no pawn is on the board yet."""
    state = new(3, seed=1)
    assert state.to_move() == frozenset({0})
    assert state.d["first"] == 0 and state.d["round"] == 1 and state.d["phase"] == "action"
    assert state.d["pawns"] == [None, None, None]
