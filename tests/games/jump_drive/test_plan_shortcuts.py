"""The planning phase's shortcuts give what the plain rules give: military with a development, cached legal actions."""

from __future__ import annotations

from pyengine.core.api import Action
from pyengine.core.rng import Rng
from pyengine.games.jump_drive.cards import card_types, instance_type
from pyengine.games.jump_drive.empire import dev_cost, military, military_profile, world_cost
from pyengine.games.jump_drive.rules import SURVEY, dev_allowed, plan_options
from pyengine.games.jump_drive.state import JDState

from .helpers import GAME, inst, play, position, texts


def _empires_from_play(games: int) -> list[list[str]]:
    """Return the empires of every seat after every round of some seeded random 3-player games."""
    out: list[list[str]] = []
    rng = Rng(11)
    for seed in range(games):
        s = GAME.new_initial_state(seed=seed, players=3)
        assert isinstance(s, JDState)
        while not s.is_terminal():
            if s.d.phase == "plan":
                out.extend(list(e) for e in s.d.empires)
            seat = min(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    return out


def test_a_development_adds_its_own_military_when_no_card_counts_per_icon() -> None:
    """Military is a sum over cards unless some card counts ("+1 per chromosome"): then it is worked out again.

    plan_options adds a development's own military to the empire's instead of recounting the empire; this checks
    that sum against the full count for every development type and the empires of real games.
    """
    devs = [ct for ct in card_types().values() if not ct.is_world and ct.in_deck]
    checked = 0
    for empire in _empires_from_play(6):
        base, against = military_profile(tuple(empire))
        if any(instance_type(c).military_per for c in empire):
            continue
        for dev in devs:
            if dev.military_per:
                continue
            full = military_profile((*empire, f"{dev.id}-9"))
            assert full == (base + dev.military_flat, against + dev.military_against), (empire, dev.id)
            checked += 1
    assert checked > 1000


def test_card_uplift_mercenaries_counts_a_chromosome_development_placed_with_the_world() -> None:
    """Uplift Mercenaries (+1 military per chromosome): Uplift Researchers placed with a world lets it conquer.

    The Mercenaries' own chromosome gives military 1, so a defense-2 world cannot be conquered alone; with the
    development (a second chromosome: military 2) it can. This is the case where a development's military is
    not just its own.
    """
    world = inst("convict_miners")  # military world, defense 2
    dev = inst("uplift_researchers")  # development, cost 4, 1 chromosome
    fillers = [inst("gem_world", i) for i in range(2)] + [inst("comet_zone", i) for i in range(2)]
    s = position(hands=[[world, dev, *fillers], []], empires=[[inst("uplift_mercenaries")], []],
                 survey_spent=True)
    options = texts(s, 0)
    assert f"place world={world}" not in options
    assert f"place dev={dev} world={world}" in options
    play(s, 0, f"place dev={dev} world={world}")
    play(s, 1, "explore")
    assert world in s.d.empires[0] and dev in s.d.empires[0]
    assert s.d.revealed[0] is not None and s.d.revealed[0]["how"] == "conquer"


def test_cached_legal_actions_always_match_a_fresh_copy_of_the_position() -> None:
    """After every action of seeded random games, each seat's cached legal actions and plans are a fresh copy's.

    The state keeps the legal actions between actions (a paid card leaves the payer's list; nothing else
    changes); a copy rebuilt from JSON has no cache. Every other action is applied as a parsed copy, so a plan is
    found by equality as well as by identity.
    """
    rng = Rng(5)
    compared = 0
    for players in (2, 3, 4):
        for seed in range(4):
            s = GAME.new_initial_state(seed=seed, players=players)
            assert isinstance(s, JDState)
            n = 0
            while not s.is_terminal():
                fresh = GAME.state_from_json(s.to_json())
                assert isinstance(fresh, JDState)
                for seat in range(players):
                    assert s.legal_actions(seat) == fresh.legal_actions(seat)
                    assert s.plans(seat) == fresh.plans(seat)
                    compared += 1
                seat = min(s.to_move())
                action = rng.choice(s.legal_actions(seat))
                s.apply(seat, Action.parse(str(action)) if n % 2 else action)
                n += 1
    assert compared > 2000


def _one_dev_one_world_by_the_plain_rules(s: JDState, seat: int) -> set[tuple[str, str, str, int]]:
    """Return every (development, world, how, cards to pay) a seat may place, each worked out from the whole empire.

    The plain rules (seed notes item 6): the development is paid at its full cost less the empire's discounts; the
    world is paid, conquered or contacted with the empire and the development, which helps it.
    """
    d = s.d
    hand, empire = d.hands[seat], d.empires[seat]
    devs = [c for c in hand if not instance_type(c).is_world]
    if not d.survey_used[seat]:
        devs.append(SURVEY)
    out: set[tuple[str, str, str, int]] = set()
    for dev in devs:
        if not dev_allowed(d, seat, dev):
            continue
        placed = f"survey_team-{seat}" if dev == SURVEY else dev
        dct = instance_type(placed)
        with_dev = [*empire, placed]
        room = len(hand) - (0 if dev == SURVEY else 1) - 1
        contact = any(instance_type(c).id == "contact_specialist" for c in with_dev)
        for world in hand:
            wct = instance_type(world)
            if not wct.is_world:
                continue
            ways: list[tuple[str, int]] = []
            if not wct.military_world:
                ways.append(("pay", world_cost(with_dev, wct)))
            else:
                if military(with_dev, wct) >= (wct.defense or 0):
                    ways.append(("conquer", 0))
                if contact and not wct.alien:
                    ways.append(("contact", world_cost(with_dev, wct, 0, bool(d.options["contact_discounts"]))))
            for how, cost in ways:
                total = dev_cost(empire, dct, alone=False) + cost
                if total <= room:
                    out.add((dev, world, how, total))
    return out


def test_plans_with_a_development_and_a_world_match_the_plain_rules() -> None:
    """plan_options works the empire out once and reuses the ways to place each world wherever a development
    changes no discount, military or Contact Specialist; every such plan of real positions (1-4 players, both
    readings of contact_discounts) is what the whole empire with the development gives, and nothing is missing."""
    rng = Rng(8)
    compared = 0
    for players, opts in ((1, None), (2, None), (3, {"contact_discounts": False}), (4, None)):
        for seed in range(5):
            s = GAME.new_initial_state(seed=seed, players=players, options=opts)
            assert isinstance(s, JDState)
            while not s.is_terminal():
                if s.d.phase == "plan":
                    for seat in s.to_move():
                        got = {(p[1], p[2], p[4], p[5]) for _, p in plan_options(s.d, seat)
                               if p[1] is not None and p[2] is not None and p[3] is None}
                        assert got == _one_dev_one_world_by_the_plain_rules(s, seat), (s.d.hands[seat],
                                                                                      s.d.empires[seat])
                        compared += len(got)
                seat = min(s.to_move())
                s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert compared > 2000
