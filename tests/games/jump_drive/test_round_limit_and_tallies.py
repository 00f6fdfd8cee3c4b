"""Rules 2026.12: the round limit (safety valve), each card's VP tally, and the round each hand card was drawn."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pyengine
from pyengine.core.rng import Rng
from pyengine.games.jump_drive.cards import instance_type
from pyengine.games.jump_drive.info import INFO, RULES_VERSION
from pyengine.games.jump_drive.state import JDState

from .helpers import inst, play, position

GAME = pyengine.load_game("jump_drive")
LIMIT_LINE = "Round limit: round {n} is the last round"


def new(players: int, seed: int = 1, **options: Any) -> JDState:
    """Return a fresh game."""
    state = GAME.new_initial_state(seed=seed, players=players, options=options)
    assert isinstance(state, JDState)
    return state


def step(state: JDState, rng: Rng, explore_only: bool = False) -> None:
    """Apply one random legal action of a random seat to move (explore in every plan, if asked)."""
    movers = sorted(state.to_move())
    seat = movers[rng.randbelow(len(movers))]
    actions = state.legal_actions(seat)
    if explore_only and state.d.phase == "plan":
        actions = [a for a in actions if a.kind == "explore"]
    state.apply(seat, rng.choice(actions))


def explore_forever(players: int, seed: int, limit: int) -> JDState:
    """Play a game where every seat explores every round, until it ends (or 5,000 actions)."""
    state = new(players, seed, round_limit=limit)
    rng = Rng(seed)
    for _ in range(5000):
        if state.is_terminal():
            break
        step(state, rng, explore_only=True)
    return state


def log_lines(state: JDState) -> list[tuple[str, Any]]:
    """Return the public log as (template, args)."""
    return [(t, args) for t, args, vis in state.d.msgs if vis is None]


# --- round limit -------------------------------------------------------------------------------------------

def test_round_limit_option_is_declared_like_the_other_games() -> None:
    """Option round_limit: int, default 40, 10..200, for 2-4 players, labelled as a safety valve; rules 2026.12."""
    spec = {o.name: o for o in INFO.options}["round_limit"]
    assert (spec.type, spec.default, spec.minimum, spec.maximum, spec.players) == ("int", 40, 10, 200, (2, 4))
    assert spec.label == "Round limit (safety valve)"
    assert "no limit" in spec.help and "7-12 rounds" in spec.help and "stalled" in spec.help
    assert RULES_VERSION == INFO.rules_version == "2026.12"


def test_a_game_where_everyone_explores_forever_ends_after_the_limit_round() -> None:
    """Round limit: with nobody at 50 VP, the game ends after round N is scored, with the normal outcome."""
    for players in (2, 3, 4):
        state = explore_forever(players, seed=players, limit=10)
        assert state.is_terminal() and state.d.round == 10
        assert len(state.d.vp_history) == 10, "round 10 was scored before the end"
        out = state.outcome()
        assert out is not None and out.tiebreak in ("vp", "cards_in_hand", "income", "shared")
        best = max(state.d.vp)
        assert all(state.d.vp[s] == best for s in out.winners)
        assert out.details["round_limit"] == 10 and out.details["rounds"] == 10


def test_the_limit_line_is_logged_when_the_last_round_begins() -> None:
    """Round limit: "Round limit: round {n} is the last round" is logged once, right after round N begins."""
    state = explore_forever(2, seed=5, limit=12)
    lines = log_lines(state)
    limit_at = [i for i, (t, _) in enumerate(lines) if t == LIMIT_LINE]
    assert len(limit_at) == 1
    i = limit_at[0]
    assert lines[i][1] == {"n": {"n": 12}}
    assert lines[i - 1] == ("Round {n} begins", {"n": {"n": 12}})
    assert lines[-1][0] == "The game ends"


def test_the_round_before_the_limit_is_followed_by_another_round() -> None:
    """Round limit: the game does not end a round early; round N-1 is followed by round N."""
    state = new(2, 3, round_limit=10)
    rng = Rng(3)
    while state.d.round < 10:
        assert not state.is_terminal()
        step(state, rng, explore_only=True)
    assert state.d.phase == "plan" and not state.is_terminal()
    assert len(state.d.vp_history) == 9


def test_reaching_fifty_vp_still_ends_the_game_before_the_limit() -> None:
    """Round limit: the normal 50-VP end still applies, and such an outcome names no round limit."""
    s = position(hands=[[inst("gem_world")], [inst("comet_zone")]], vp=[48, 10],
                 empires=[[inst("terraformed_world")], [inst("comet_zone", 1)]], round=3)
    play(s, 0, "explore")
    play(s, 1, "place dev=survey")
    while s.d.phase in ("pay", "hand_limit", "score_choice"):
        for seat in sorted(s.to_move()):
            play(s, seat, str(s.legal_actions(seat)[0]))
    assert s.is_terminal() and s.d.round == 3
    out = s.outcome()
    assert out is not None and "round_limit" not in out.details


def test_solitaire_keeps_its_seven_rounds_and_ignores_the_limit() -> None:
    """Round limit: solitaire still ends after round 7, and no round-limit line is logged."""
    state = new(1, 4, round_limit=10)
    rng = Rng(4)
    while not state.is_terminal():
        step(state, rng)
    assert state.d.round == 7
    assert not [t for t, _ in log_lines(state) if t == LIMIT_LINE]
    out = state.outcome()
    assert out is not None and "round_limit" not in out.details


# --- VP tally per card -------------------------------------------------------------------------------------

def check_tallies(state: JDState) -> None:
    """Every seat's card tally adds up to its VP; bases are whole printed VP; bonuses are never negative."""
    d = state.d
    for s in range(d.players):
        tally = d.vp_cards[s]
        assert sum(b + bo for b, bo in tally.values()) == d.vp[s]
        for card, (base, bonus) in tally.items():
            printed = instance_type(card).vp
            assert bonus >= 0
            assert (base == 0) if printed == 0 else base % printed == 0


def test_card_tallies_add_up_to_each_seats_vp_in_many_seeded_games() -> None:
    """vp_cards: after every action of 60 random games (1-4 players), a seat's tally sums to its VP."""
    scored_bonus = False
    for seed in range(60):
        players = 1 + seed % 4
        state = new(players, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            step(state, rng)
            check_tallies(state)
        scored_bonus = scored_bonus or any(bo > 0 for t in state.d.vp_cards for _, bo in t.values())
        if players > 1:
            assert all(c in state.d.vp_cards[s] for s in range(players) for c in state.d.empires[s]), \
                "every card in an empire at the end has been scored"
    assert scored_bonus, "no game scored a bonus: the test would not see a wrong split"


def test_a_cards_tally_splits_printed_vp_and_bonus() -> None:
    """vp_cards: base is the printed VP, bonus the rest of the round's score, added up round by round."""
    # Gem World: 1 VP printed; Galactic Trendsetters: 0 printed, +2 per Trendsetters (itself included).
    s = position(hands=[[inst("ancient_races")], [inst("comet_zone")]],
                 empires=[[inst("gem_world"), inst("galactic_trendsetters")], []])
    d = s.d
    gem, trend = instance_type(inst("gem_world")), instance_type(inst("galactic_trendsetters"))
    for rnd in (1, 2):
        play(s, 0, "explore")
        play(s, 1, "explore")
        while s.d.phase in ("pay", "hand_limit", "score_choice"):
            for seat in sorted(s.to_move()):
                play(s, seat, str(s.legal_actions(seat)[0]))
        assert d.vp_cards[0][inst("gem_world")] == [gem.vp * rnd, 0]
        assert d.vp_cards[0][inst("galactic_trendsetters")][0] == trend.vp * rnd
        assert d.vp_cards[0][inst("galactic_trendsetters")][1] > 0
        assert sum(sum(v) for v in d.vp_cards[0].values()) == d.vp[0]


# --- drawn_round --------------------------------------------------------------------------------------------

def check_drawn(state: JDState) -> None:
    """Every seat's drawn_round holds exactly its hand cards, each with a round from 0 to the current one."""
    d = state.d
    for s in range(d.players):
        assert set(d.drawn_round[s]) == set(d.hands[s])
        assert all(0 <= r <= d.round for r in d.drawn_round[s].values())


def test_drawn_round_follows_every_hand_in_many_seeded_games() -> None:
    """drawn_round: after every action of 40 random games, it names exactly the hand cards; the deal is round 0."""
    for seed in range(40):
        players = 1 + seed % 4
        state = new(players, seed)
        assert all(set(r.values()) == {0} and len(r) == 7 for r in state.d.drawn_round)
        rng = Rng(seed)
        while not state.is_terminal():
            step(state, rng)
            check_drawn(state)


def test_explore_and_income_draws_are_noted_with_their_round() -> None:
    """drawn_round: cards drawn by exploring in round r and as income at its end are noted as round r."""
    state = new(2, 9)
    rng = Rng(9)
    while state.d.phase == "opening":
        step(state, rng)
    assert state.d.round == 1
    before = [set(h) for h in state.d.hands]
    for seat in (0, 1):
        state.apply(seat, "explore")
    for seat in (0, 1):
        new_cards = set(state.d.hands[seat]) - before[seat]
        assert new_cards and all(state.d.drawn_round[seat][c] == 1 for c in new_cards)
    while state.d.round == 1:
        step(state, rng)
    assert all(state.d.drawn_round[s][c] in (0, 1) for s in (0, 1) for c in state.d.hands[s])


def test_resample_keeps_drawn_round_consistent() -> None:
    """resample: every hand keeps one drawn_round entry per card; the seat's own are unchanged, and another seat's
    redealt cards say round 0 (when it drew which of its hidden cards is itself hidden)."""
    checked = 0
    for seed in range(30):
        state = new(3, seed)
        rng = Rng(seed)
        for _ in range(25 + seed * 3):
            if state.is_terminal():
                break
            step(state, rng)
        for seat in range(3):
            other = state.resample(seat, seed + 100)
            assert isinstance(other, JDState)
            check_drawn(other)
            assert other.d.drawn_round[seat] == state.d.drawn_round[seat]
            for s in range(3):
                if s != seat:
                    assert Counter(other.d.drawn_round[s].values()) == Counter({0: len(other.d.hands[s])})
            checked += int(other.d.hands != state.d.hands)
    assert checked, "no resample changed a hand"


# --- view ---------------------------------------------------------------------------------------------------

def test_vp_breakdown_is_public_sorted_and_adds_up() -> None:
    """View: every player has vp_breakdown rows {id, card, base, bonus}, the same for every viewer, by total."""
    state = new(3, 2)
    rng = Rng(2)
    while len(state.d.vp_history) < 4 and not state.is_terminal():
        step(state, rng)
    views = [state.view(v) for v in (None, 0, 1, 2)]
    for s in range(3):
        rows = views[0]["players"][s]["vp_breakdown"]
        assert all(v["players"][s]["vp_breakdown"] == rows for v in views)
        assert all(set(r) == {"id", "card", "base", "bonus"} for r in rows)
        assert all(r["card"] == instance_type(r["id"]).id for r in rows)
        assert sum(r["base"] + r["bonus"] for r in rows) == views[0]["players"][s]["vp"]
        keys = [(-(r["base"] + r["bonus"]), r["id"]) for r in rows]
        assert keys == sorted(keys)
    assert any(views[0]["players"][s]["vp_breakdown"] for s in range(3))


def test_hand_new_marks_cards_drawn_last_round_or_this_round_for_the_viewer_only() -> None:
    """View: the viewer's hand_new lists hand cards drawn in this or the previous round, never the opening deal."""
    state = new(2, 6)
    rng = Rng(6)
    saw_new = saw_old = False
    while not state.is_terminal():
        step(state, rng)
        d = state.d
        for viewer in (0, 1):
            view = state.view(viewer)
            mine = view["players"][viewer]
            assert "hand_new" not in view["players"][1 - viewer]
            expected = [c for c in d.hands[viewer] if d.drawn_round[viewer][c] >= max(1, d.round - 1)]
            assert mine["hand_new"] == expected
            assert all(d.drawn_round[viewer][c] != 0 for c in mine["hand_new"])
            saw_new = saw_new or bool(expected)
            saw_old = saw_old or any(0 < d.drawn_round[viewer][c] < d.round - 1 for c in d.hands[viewer])
        assert all("hand_new" not in p for p in state.view(None)["players"])
    assert saw_new and saw_old, "the game never showed both a new and an older drawn card"
