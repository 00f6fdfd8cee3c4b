"""Standard actions, forced conversion, the three global parameters, TR, oceans, forests and the phase-start snapshot.

Sources: SEED-NOTES.md items 4 and 7 (highest authority) and rules.md sections 6-10.
"""

from __future__ import annotations

import pytest

from pyengine.core.errors import IllegalActionError
from pyengine.games.ares_expedition.cards import board
from pyengine.games.ares_expedition.scoring import breakdown
from pyengine.games.ares_expedition.state import AresState

from .helpers import bare, give, in_phase, labels, new, pl, table, touch

# The ocean rewards as rules.md section 10 lists them (M€, plants, cards).
OCEAN_REWARDS = sorted([(0, 2, 0), (0, 2, 0), (4, 0, 0), (2, 1, 0), (1, 1, 0), (1, 0, 1), (0, 0, 1), (0, 0, 1),
                        (0, 1, 1)])


def action_phase(*, mc: int = 0, heat: int = 0, plants: int = 0, chooser: int = 1,
                 temperature: int = 0, oxygen: int = 0, ocean: int = 0) -> AresState:
    """Seat 0 (who acts first) in phase III with bare boards and the given stocks and parameters."""
    s = new(2)
    bare(s, 0, mc=mc, heat=heat, plants=plants)
    bare(s, 1)
    s.d["params"] = {"temperature": temperature, "oxygen": oxygen, "ocean": ocean}
    s.d["ocean_flipped"] = s.d["ocean_pile"][9 - ocean:]
    s.d["ocean_pile"] = s.d["ocean_pile"][:9 - ocean]
    in_phase(s, 3, chooser=chooser)
    return s


def tile_reward(tile: int) -> tuple[int, int, int]:
    """Return an ocean tile's reward from the board data."""
    r = board()["oceans"][tile - 1]
    assert r["tile"] == tile
    return int(r.get("mc", 0)), int(r.get("plants", 0)), int(r.get("cards", 0))


def others_pass(state: AresState, seat: int) -> None:
    """Let the seats ahead of ``seat`` in this phase's turn order pass (the first player rotates each round)."""
    while seat not in state.to_move():
        (other,) = state.to_move()
        state.apply(other, "done")


def next_ocean(state: AresState, tile: int) -> None:
    """Make ``tile`` the next ocean tile to be flipped."""
    pile = state.d["ocean_pile"]
    pile.remove(tile)
    pile.append(tile)


# --- standard actions ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("what", "stock", "cost", "param"), [
    ("heat_temp", "heat", 8, "temperature"),
    ("plant_forest", "plants", 8, "oxygen"),
    ("buy_temp", "mc", 14, "temperature"),
    ("buy_ocean", "mc", 15, "ocean"),
    ("buy_forest", "mc", 20, "oxygen"),
])
def test_standard_action_prices(what: str, stock: str, cost: int, param: str) -> None:
    """Rule: Standard actions — 8 heat→temperature, 8 plants→forest, 14 M€ temperature, 15 M€ ocean, 20 M€ forest."""
    s = action_phase()
    next_ocean(s, 5)  # a tile that gives 1 card, no M€ or plants
    pl(s, 0)[stock] = cost - 1
    touch(s)
    assert f"std what={what}" not in labels(s, 0)
    with pytest.raises(IllegalActionError):
        s.apply(0, f"std what={what}")
    pl(s, 0)[stock] = cost
    touch(s)
    s.apply(0, f"std what={what}")
    assert pl(s, 0)[stock] == 0
    assert s.d["params"][param] == 1
    assert pl(s, 0)["tr"] == 6
    assert pl(s, 0)["forests"] == (1 if "forest" in what else 0)


def test_standard_actions_any_number_of_times() -> None:
    """Rule: Standard actions — each may be taken any number of times in the action phase."""
    s = action_phase(mc=3 * 14 + 2 * 15 + 2 * 20, heat=16, plants=16)
    for what, times in (("buy_temp", 3), ("buy_ocean", 2), ("buy_forest", 2), ("heat_temp", 2), ("plant_forest", 2)):
        for _ in range(times):
            s.apply(0, f"std what={what}")
    p = pl(s, 0)
    assert s.d["params"] == {"temperature": 5, "oxygen": 4, "ocean": 2}
    assert p["tr"] == 5 + 11
    assert p["forests"] == 4
    assert p["heat"] == 0
    rewards = [tile_reward(t) for t in s.d["ocean_flipped"]]
    assert p["mc"] == sum(r[0] for r in rewards)
    assert p["plants"] == sum(r[1] for r in rewards)


def test_standard_actions_only_in_action_phase() -> None:
    """Rule: Standard actions — taken during the action phase (phase III) only."""
    s = new(2)
    bare(s, 0, mc=100, heat=8, plants=8)
    in_phase(s, 1, chooser=0)
    assert not any(a.startswith("std ") for a in labels(s, 0))
    with pytest.raises(IllegalActionError):
        s.apply(0, "std what=buy_temp")
    assert "done" in labels(s, 0)  # no forced conversion outside phase III


def test_ecoline_forest_costs_seven_plants() -> None:
    """Rule: Standard actions — Ecoline converts 7 plants into a forest (others need 8)."""
    s = action_phase(plants=7)
    assert "std what=plant_forest" not in labels(s, 0)
    pl(s, 0)["corp"] = "ecoline"
    touch(s)
    s.apply(0, "std what=plant_forest")
    assert (pl(s, 0)["plants"], pl(s, 0)["forests"], s.d["params"]["oxygen"]) == (0, 1, 1)


@pytest.mark.parametrize(("what", "cost"), [("buy_temp", 10), ("buy_ocean", 11), ("buy_forest", 16)])
def test_standard_technology_four_less(what: str, cost: int) -> None:
    """Rule: Standard actions — Standard Technology makes each M€ standard action 4 M€ cheaper."""
    s = action_phase(mc=cost - 1)
    next_ocean(s, 5)
    table(s, 0, "standard-technology")
    assert f"std what={what}" not in labels(s, 0)
    pl(s, 0)["mc"] = cost
    touch(s)
    s.apply(0, f"std what={what}")
    assert pl(s, 0)["mc"] == 0 and pl(s, 0)["tr"] == 6


def test_standard_technology_does_not_change_conversions() -> None:
    """Rule: Standard actions — Standard Technology only discounts M€ prices; heat and plant conversions stay 8."""
    s = action_phase(heat=7, plants=7)
    table(s, 0, "standard-technology")
    acts = labels(s, 0)
    assert "std what=heat_temp" not in acts and "std what=plant_forest" not in acts
    assert "done" in acts


# --- forced conversion -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("stock", "what"), [("heat", "heat_temp"), ("plants", "plant_forest")])
def test_forced_conversion_at_end_of_action_phase(stock: str, what: str) -> None:
    """Rule: End of action phase — a player who can convert heat or plants must do so before ending the phase."""
    s = action_phase(**{stock: 17})
    assert "done" not in labels(s, 0)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(0, "done")
    assert s.to_json() == before
    s.apply(0, f"std what={what}")
    assert "done" not in labels(s, 0)  # 9 left: still one more
    s.apply(0, f"std what={what}")
    assert pl(s, 0)[stock] == 1
    assert "done" in labels(s, 0)
    s.apply(0, "done")
    assert s.to_move() == frozenset({1})


def test_no_forced_conversion_below_the_price() -> None:
    """Rule: End of action phase — 7 heat and 7 plants cannot be converted, so the phase may end."""
    s = action_phase(heat=7, plants=7)
    assert "done" in labels(s, 0)


def test_no_forced_heat_conversion_when_temperature_is_maxed() -> None:
    """Rule: End of action phase — no forced heat conversion when temperature is already at its maximum."""
    s = action_phase(heat=8, temperature=19)
    acts = labels(s, 0)
    assert "done" in acts
    assert "std what=heat_temp" not in acts  # maxed in an earlier phase: it would do nothing


def test_no_forced_plant_conversion_when_oxygen_is_maxed() -> None:
    """Rule: End of action phase — no forced forest when oxygen is at its maximum (a forest may still be taken)."""
    s = action_phase(plants=8, oxygen=14)
    acts = labels(s, 0)
    assert "done" in acts
    assert "std what=plant_forest" in acts


# --- tracks ----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("param", "steps", "shown", "zone"), [
    ("temperature", 0, "-30 °C", "purple"), ("temperature", 5, "-20 °C", "purple"),
    ("temperature", 6, "-18 °C", "red"), ("temperature", 10, "-10 °C", "red"),
    ("temperature", 11, "-8 °C", "yellow"), ("temperature", 16, "+2 °C", "white"),
    ("temperature", 19, "+8 °C", "white"),
    ("oxygen", 0, "0 %", "purple"), ("oxygen", 2, "2 %", "purple"), ("oxygen", 3, "3 %", "red"),
    ("oxygen", 6, "6 %", "red"), ("oxygen", 7, "7 %", "yellow"), ("oxygen", 11, "11 %", "yellow"),
    ("oxygen", 12, "12 %", "white"), ("oxygen", 14, "14 %", "white"),
])
def test_track_values_and_zones(param: str, steps: int, shown: str, zone: str) -> None:
    """Rule: Tracks — temperature -30..+8 °C in 2° steps, oxygen 0..14 %, with their colour zones."""
    s = new(2)
    s.d["params"][param] = steps
    view = s.view(0)["params"][param]
    assert (view["shown"], view["zone"]) == (shown, zone)
    assert view["max"] == {"temperature": 19, "oxygen": 14}[param]


def test_temperature_has_nineteen_steps_one_tr_each() -> None:
    """Rule: Tracks — temperature reaches +8 °C after 19 steps; each step gives 1 TR."""
    s = action_phase(mc=19 * 14)
    for i in range(19):
        assert s.d["params"]["temperature"] == i
        s.apply(0, "std what=buy_temp")
        assert pl(s, 0)["tr"] == 5 + i + 1
    assert s.d["params"]["temperature"] == 19
    assert s.view(0)["params"]["temperature"]["shown"] == "+8 °C"


def test_oxygen_has_fourteen_steps_and_forests_raise_it() -> None:
    """Rule: Forests — each forest gives a forest token (1 VP) and raises oxygen 1 step (1 TR), up to 14 %."""
    s = action_phase(mc=14 * 20)
    for i in range(14):
        vp = breakdown(pl(s, 0))
        s.apply(0, "std what=buy_forest")
        after = breakdown(pl(s, 0))
        assert s.d["params"]["oxygen"] == i + 1
        assert (after["forests"], after["tr"]) == (vp["forests"] + 1, vp["tr"] + 1)
    assert s.d["params"]["oxygen"] == 14


def test_ocean_tiles_hold_the_nine_rewards() -> None:
    """Rule: Oceans — 9 tiles whose rewards are 2 plants x2, 4 M€, 2 M€+1 plant, 1 M€+1 plant, 1 M€+1 card,
    1 card x2, 1 card+1 plant."""
    assert sorted(tile_reward(t) for t in range(1, 10)) == OCEAN_REWARDS


@pytest.mark.parametrize("tile", range(1, 10))
def test_flipping_an_ocean_gives_one_tr_and_its_reward(tile: int) -> None:
    """Rule: Oceans — flipping an ocean gives 1 TR and the reward on the tile."""
    s = action_phase(mc=15)
    next_ocean(s, tile)
    s.apply(0, "std what=buy_ocean")
    mc, plants, cards = tile_reward(tile)
    p = pl(s, 0)
    assert (p["mc"], p["plants"], len(p["hand"]), p["tr"]) == (mc, plants, cards, 6)
    assert s.d["ocean_flipped"] == [tile] and s.d["params"]["ocean"] == 1


def test_nine_oceans_at_most() -> None:
    """Rule: Oceans — there are 9 oceans; the 9th flip maxes the parameter."""
    s = action_phase(mc=9 * 15)
    for _ in range(9):
        s.apply(0, "std what=buy_ocean")
    assert s.d["params"]["ocean"] == 9
    assert sorted(s.d["ocean_flipped"]) == list(range(1, 10))
    assert pl(s, 0)["tr"] == 5 + 9


# --- the max-phase rule ----------------------------------------------------------------------------------------------

def test_raising_maxed_temperature_in_its_max_phase_still_gives_tr() -> None:
    """Rule: Max-phase — during the phase temperature reaches its maximum, further raises (by anyone) give TR."""
    s = action_phase(mc=14 * 2, temperature=18)
    pl(s, 1)["mc"] = 14
    touch(s)
    s.apply(0, "std what=buy_temp")
    assert s.d["params"]["temperature"] == 19 and pl(s, 0)["tr"] == 6
    s.apply(0, "std what=buy_temp")
    assert s.d["params"]["temperature"] == 19 and pl(s, 0)["tr"] == 7
    s.apply(0, "done")
    s.apply(1, "std what=buy_temp")
    assert pl(s, 1)["tr"] == 6 and pl(s, 1)["mc"] == 0


def test_raising_maxed_temperature_in_a_later_phase_gives_nothing() -> None:
    """Rule: Max-phase — after the phase in which temperature reached its maximum, raising it gives nothing."""
    s = action_phase(mc=14, temperature=18)
    s.apply(0, "std what=buy_temp")
    s.apply(0, "done")
    s.apply(1, "done")
    bare(s, 0, mc=100, heat=16)
    give(s, 0, "lava-flows")
    in_phase(s, 2, chooser=1)
    others_pass(s, 0)
    tr = pl(s, 0)["tr"]
    s.apply(0, "play card=lava-flows")  # still playable, but raises nothing
    assert pl(s, 0)["tr"] == tr and s.d["params"]["temperature"] == 19
    s.apply(0, "done")
    in_phase(s, 3, chooser=1)
    others_pass(s, 0)
    acts = labels(s, 0)
    assert "std what=buy_temp" not in acts and "std what=heat_temp" not in acts


def test_flipping_after_the_ninth_ocean_repeats_last_reward_in_its_phase() -> None:
    """Rule: Oceans — in the phase the 9th ocean flips, another flip gives 1 TR and the last tile's reward again."""
    s = action_phase(mc=30, ocean=8)
    s.d["ocean_pile"] = [2]  # the last tile: 4 M€
    s.d["ocean_flipped"] = [1, 3, 4, 5, 6, 7, 8, 9]
    s.apply(0, "std what=buy_ocean")
    assert (s.d["params"]["ocean"], pl(s, 0)["tr"], pl(s, 0)["mc"]) == (9, 6, 15 + 4)
    assert "std what=buy_ocean" in labels(s, 0)
    s.apply(0, "std what=buy_ocean")
    assert (s.d["params"]["ocean"], pl(s, 0)["tr"], pl(s, 0)["mc"]) == (9, 7, 4 + 4)
    assert s.d["ocean_flipped"][-1] == 2 and len(s.d["ocean_flipped"]) == 9


def test_flipping_after_the_ninth_ocean_in_a_later_phase_gives_nothing() -> None:
    """Rule: Oceans — after the phase of the 9th ocean, an ocean effect gives no TR and no reward."""
    s = action_phase(mc=15, ocean=8)
    s.apply(0, "std what=buy_ocean")
    s.apply(0, "done")
    s.apply(1, "done")
    bare(s, 0, mc=100)
    give(s, 0, "subterranean-reservoir")
    in_phase(s, 2, chooser=1)
    others_pass(s, 0)
    tr = pl(s, 0)["tr"]
    s.apply(0, "play card=subterranean-reservoir")
    p = pl(s, 0)
    assert (p["tr"], p["mc"], p["plants"], p["hand"]) == (tr, 90, 0, [])
    s.apply(0, "done")
    in_phase(s, 3, chooser=1)
    others_pass(s, 0)
    assert "std what=buy_ocean" not in labels(s, 0)


def test_forest_in_oxygen_max_phase_gives_tr_and_token() -> None:
    """Rule: Max-phase — in the phase oxygen reaches 14 %, a forest still gives its token and 1 TR."""
    s = action_phase(mc=40, oxygen=13)
    s.apply(0, "std what=buy_forest")
    s.apply(0, "std what=buy_forest")
    p = pl(s, 0)
    assert (s.d["params"]["oxygen"], p["forests"], p["tr"]) == (14, 2, 7)


def test_forest_after_oxygen_max_phase_gives_token_only() -> None:
    """Rule: Forests — after the oxygen max-phase a forest still gives a forest token (1 VP) but no TR."""
    s = action_phase(mc=20, plants=8, oxygen=14)
    s.apply(0, "std what=buy_forest")
    s.apply(0, "std what=plant_forest")
    p = pl(s, 0)
    assert (s.d["params"]["oxygen"], p["forests"], p["tr"], p["mc"], p["plants"]) == (14, 2, 5, 0, 0)
    assert breakdown(p)["total"] == 5 + 2


# --- requirements against the phase-start snapshot ---------------------------------------------------------------

def test_requirement_uses_phase_start_value_not_own_raise() -> None:
    """Rule: Requirements — checked at the start of the phase: a card raising temperature does not enable another
    card's temperature requirement in the same phase."""
    s = new(2)
    bare(s, 0, mc=17 + 11)
    give(s, 0, "lava-flows", "fish")
    s.d["params"]["temperature"] = 5  # -20 °C, purple; Fish needs red
    in_phase(s, 2, chooser=0)  # the chooser may play two blue/red cards
    assert "play card=fish" not in labels(s, 0)
    s.apply(0, "play card=lava-flows")
    assert s.d["params"]["temperature"] == 7 and pl(s, 0)["tr"] == 7
    assert "play card=fish" not in labels(s, 0)
    with pytest.raises(IllegalActionError):
        s.apply(0, "play card=fish")
    in_phase(s, 2, chooser=1)  # a new phase: the snapshot now shows red
    assert "play card=fish" in labels(s, 0)


def test_requirement_uses_phase_start_value_not_other_players_raise() -> None:
    """Rule: Requirements — another player's raise in the same phase changes neither minimum nor maximum
    requirements."""
    s = new(2)
    bare(s, 0, mc=14)
    bare(s, 1, mc=20)
    give(s, 0, "deep-well-heating")
    give(s, 1, "grass", "archaebacteria")
    s.d["params"]["temperature"] = 5
    in_phase(s, 1, chooser=0)
    s.apply(0, "play card=deep-well-heating")
    assert s.d["params"]["temperature"] == 6  # -18 °C: red
    s.apply(0, "done")
    acts = labels(s, 1)
    assert "play card=grass" not in acts  # needs red: the phase started purple
    assert "play card=archaebacteria" in acts  # needs purple or lower: it still counts as purple
