"""Issue 30: Ares Expedition's log records every effect a player would want to know, with places named as the table
shows them (an ocean by its slot, 1 to 9) and a separator line at the start of each round and phase.

The main test plays seeded random games to their end and compares the state before and after every action: each
change of TR, of a parameter, of production, and each M€, heat or plant a player gains must be matched by the new
log lines naming that player, with the amounts the lines carry.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import pyengine
from pyengine.core.api import Action
from pyengine.core.rng import Rng
from pyengine.core.text import Text, english, fill
from pyengine.games.ares_expedition import messages
from pyengine.games.ares_expedition.cards import board, card
from pyengine.games.ares_expedition.effects import shown_value
from pyengine.games.ares_expedition.model import Data
from pyengine.games.ares_expedition.state import AresState
from pyengine.games.ares_expedition.text import WRITER

from .helpers import bare, give, in_phase, new, pl

GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (1, 1, {}), (1, 6, {"solo_level": "expert", "promo_projects": True}), (2, 2, {}), (2, 3, {"mode": "coop"}),
    (2, 7, {"mode": "coop", "promo_projects": True, "promo_corporations": True}),
    (3, 4, {"promo_projects": True, "promo_corporations": True}),
    (3, 8, {"promo_projects": True, "promo_corporations": True, "mining_guild": "per_steel"}),
    (4, 5, {"beginner": True}), (4, 9, {"promo_corporations": True}),
]
STOCKS = ("mc", "heat", "plants")
PRODUCTION = ("mc", "heat", "plants", "cards")
PAYING = frozenset({"play", "act", "std", "pay", "free", "choose", "convert"})
"""The actions that may make their own player pay M€, heat or plants (a price or a cost: never logged on its own,
the line of what was bought says it); a gain is always logged."""
TR_STEP = ("ares.log.temperature", "ares.log.oxygen", "ares.log.param_again", "ares.log.ocean",
           "ares.log.ocean_again")

Line = tuple[str, dict[str, Any]]


def lines_since(d: Data, start: int) -> list[Line]:
    """Return the log lines written since the log had ``start`` lines, as (catalog id, stored values)."""
    out = []
    for stored in d["msgs"][start:]:
        template, args = WRITER.entry(stored)
        out.append((messages.STORED[template], {k: next(iter(v.values())) for k, v in args.items()}))
    return out


def numbers(d: Data) -> dict[str, Any]:
    """Return what the test compares across an action: every player's TR, stocks and production, and Mars."""
    return {"p": [{"tr": p["tr"], **{k: p[k] for k in STOCKS}, "prod": dict(p["prod"]), "steel": p["steel"],
                   "titanium": p["titanium"]} for p in d["p"]],
            "params": dict(d["params"]), "flipped": list(d["ocean_flipped"]), "round": d["round"]}


def expected_tr(lines: list[Line], seat: int) -> int:
    """Return the TR change the lines naming a player say."""
    total = 0
    for msg_id, v in lines:
        if v.get("seat") != seat:
            continue
        if msg_id in TR_STEP:
            total += 1
        elif msg_id == "ares.log.tr":
            total += v["n"]
        elif msg_id == "ares.log.tr_pay":
            total -= v["n"]
    return total


def expected_gains(lines: list[Line], seat: int) -> Counter[str]:
    """Return the M€, heat and plants the lines naming a player say it gained (income, rewards, sales, cards)."""
    got: Counter[str] = Counter()
    for msg_id, v in lines:
        if v.get("seat") != seat:
            continue
        if msg_id == "ares.log.income":
            got.update({"mc": v["mc"], "heat": v["heat"], "plants": v["plants"]})
        elif msg_id in ("ares.log.ocean", "ares.log.ocean_again"):
            got.update({"mc": v["mc"], "plants": v["plants"]})
        elif msg_id.startswith("ares.log.gain_") and msg_id.endswith("_from"):
            got[msg_id[len("ares.log.gain_"):-len("_from")]] += v["n"]
        elif msg_id in ("ares.log.sell", "ares.log.hand_limit"):
            got["mc"] += v["n"]
        elif msg_id == "ares.log.take_pool" and v["name"] == "cube":
            got["mc"] += 1
        elif msg_id == "ares.log.corporation":
            got["mc"] += int(card(v["card"])["mc"])
    return got


def expected_production(lines: list[Line], seat: int) -> Counter[str]:
    """Return the production (and steel, titanium) rises the lines naming a player say."""
    got: Counter[str] = Counter()
    for msg_id, v in lines:
        if v.get("seat") == seat and (msg_id.startswith("ares.log.prod_") or msg_id in ("ares.log.steel",
                                                                                        "ares.log.titanium")):
            got[msg_id.rsplit(".", 1)[1].removeprefix("prod_")] += v["n"]
    return got


def check_step(before: dict[str, Any], after: dict[str, Any], lines: list[Line], seat: int, action: Action,
               d: Data) -> None:
    """Check that the new lines account for every change between two states (the player ``seat`` acted)."""
    where = f"round {after['round']}, {seat}: {action}: {lines}"
    for s, (b, a) in enumerate(zip(before["p"], after["p"], strict=True)):
        assert a["tr"] - b["tr"] == expected_tr(lines, s), f"TR of seat {s}, {where}"
        gains = expected_gains(lines, s)
        for k in STOCKS:
            delta = a[k] - b[k]
            if s == seat and action.kind in PAYING:
                assert delta <= gains[k], f"{k} of seat {s} rose by more than its lines say, {where}"
            else:
                assert delta == gains[k], f"{k} of seat {s}, {where}"
        prod = expected_production(lines, s)
        for k in PRODUCTION:
            assert a["prod"][k] - b["prod"][k] == prod[k], f"{k} production of seat {s}, {where}"
        for k in ("steel", "titanium"):
            assert a[k] - b[k] == prod[k], f"{k} of seat {s}, {where}"
    for param in ("temperature", "oxygen"):
        said = [v["n"] for msg_id, v in lines if msg_id in (f"ares.log.{param}", f"ares.log.virtual_{param}")]
        if after["params"][param] != before["params"][param]:
            assert said and said[-1] == shown_value(param, after["params"][param]), f"{param}, {where}"
        else:
            assert not said, f"{param} did not move, {where}"
    flips = [v for msg_id, v in lines if msg_id == "ares.log.ocean"]
    new_tiles = after["flipped"][len(before["flipped"]):]
    assert [v["n"] for v in flips] == list(range(len(before["flipped"]) + 1, len(after["flipped"]) + 1)), where
    for v, tile in zip(flips, new_tiles, strict=True):
        reward = board()["oceans"][tile - 1]
        assert (v["mc"], v["plants"], v["drawn"]) == tuple(reward.get(k, 0) for k in ("mc", "plants", "cards"))
    if after["round"] != before["round"]:
        assert ("ares.log.round", {"n": after["round"]}) in lines, where


def play(players: int, seed: int, options: dict[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, Any],
                                                                             list[Line], int, Action, Data]]:
    """Play one seeded random game to its end, yielding each action's (before, after, new lines, seat, action)."""
    state = pyengine.load_game("ares_expedition").new_initial_state(seed=seed, players=players, options=options)
    assert isinstance(state, AresState)
    rng = Rng(seed * 31 + players)
    for _ in range(30_000):
        if state.is_terminal():
            return
        seat = rng.choice(sorted(state.to_move()))
        action = rng.choice(state.legal_actions(seat))
        d = state.d
        start, before = len(d["msgs"]), numbers(d)
        state.apply(seat, action)
        yield before, numbers(state.d), lines_since(state.d, start), seat, action, state.d
    raise AssertionError(f"the game {players}p seed {seed} did not end")


@pytest.fixture(autouse=True)
def whole_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every log line during these tests, so each action's new lines are the log's last ones."""
    monkeypatch.setattr(WRITER, "max_lines", 1_000_000)


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_every_change_of_tr_parameters_production_and_stocks_is_logged(players: int, seed: int,
                                                                       options: dict[str, Any]) -> None:
    """Issue 30 (log every effect): in seeded random games, every change of TR, temperature, oxygen, oceans and
    production, and every M€, heat or plant gained (income, ocean rewards, sales, cards), is matched by the new log
    lines naming that player with those amounts; oceans are named by their slot on the table (1 to 9)."""
    seen: set[str] = set()
    for before, after, lines, seat, action, d in play(players, seed, options):
        check_step(before, after, lines, seat, action, d)
        seen.update(msg_id for msg_id, _ in lines)
    assert {"ares.log.round", "ares.log.phase_begins", "ares.log.income", "ares.log.sell"} <= seen
    assert {"ares.log.temperature", "ares.log.oxygen", "ares.log.ocean"} & seen


def test_round_and_phase_lines_are_marked_as_headers() -> None:
    """Issue 30 (separators): the line that opens a round has ``kind`` "round" in the page's log entry, the one that
    opens a phase "phase"; no other line has a kind."""
    state = new(2)
    for _ in range(40):
        seat = min(state.to_move())
        state.apply(seat, state.legal_actions(seat)[0])
    kinds = {m.id: m.to_json().get("kind") for m in state.messages()}
    assert kinds["ares.log.round"] == "round" and kinds["ares.log.phase_begins"] == "phase"
    assert {k for msg_id, k in kinds.items() if msg_id not in messages.HEADER_KIND} == {None}
    first = next(m for m in state.messages() if m.id == "ares.log.round")
    assert first.to_json() == {"t": "Round {n} begins", "args": {"n": {"n": 1}}, "id": "ares.log.round",
                               "kind": "round"}


def test_an_ocean_is_named_by_its_slot_on_the_table_with_its_reward() -> None:
    """Issue 30 (ocean tile 5 shown in slot 1): the ocean flip names the slot the tile takes on the table (the first
    flip is ocean 1, whatever tile it is), with the tile's printed reward and the TR."""
    s = new(2)
    in_phase(s, 3, chooser=0)
    bare(s, 0, mc=40)
    d = s.d
    d["ocean_pile"].remove(5)
    d["ocean_pile"].append(5)  # tile 5 (1 card) is flipped first
    s.apply(0, "std what=buy_ocean")
    m = s.messages()[-1]
    assert m.id == "ares.log.ocean"
    assert english(Text(m.id, m.args), names=["Ann", "Bo"]) == "Ann flips ocean 1 (1 card) and gains 1 TR"
    assert s.view(0)["table"]["mars"]["oceans"]["tiles"][0]["tile"] == 5


def test_paying_tr_for_a_card_is_logged() -> None:
    """Issue 30: paying TR to play a card (Investment Loan) logs the TR paid, and the card's M€ the gain."""
    s = new(2)
    in_phase(s, 2, chooser=0)
    bare(s, 0, mc=10)
    give(s, 0, "investment-loan")
    tr = pl(s, 0)["tr"]
    s.apply(0, "play card=investment-loan")
    said = [english(Text(m.id, m.args), names=["Ann", "Bo"]) for m in s.messages()[-3:]]
    assert said == ["Ann plays Investment Loan", "Ann pays 1 TR", "Ann gains 10 M€ from Investment Loan"]
    assert pl(s, 0)["tr"] == tr - 1


def test_the_hand_limit_discard_is_logged_with_its_m_euros() -> None:
    """Issue 30: a card discarded down to the hand limit at the end of the round says the M€ it gives."""
    s = new(2)
    in_phase(s, 4, chooser=0)
    d = s.d
    d["phases"] = []
    d["stage"] = "end"
    d["phase"] = 0
    bare(s, 0)
    give(s, 0, *d["deck"][-(board()["hand_limit"] + 1):])
    start = len(d["msgs"])
    s.apply(0, s.legal_actions(0)[0])
    m = s.messages()[start]
    assert m.id == "ares.log.hand_limit" and dict(m.args)["n"] == ("n", 3) and pl(s, 0)["mc"] == 3
    said = english(Text(m.id, m.args), names=["Ann", "Bo"])
    assert said == "Ann discards a card down to the hand limit and gains 3 M€"


def test_no_log_line_names_a_zero_based_or_pile_number() -> None:
    """Issue 30: no rendered log line of a seeded game says "ocean tile" (a tile's place in the pile), "slot 0" or
    "space 0"."""
    d = list(play(2, 2, {}))[-1][5]
    for stored in d["msgs"]:
        m = messages.log_message(*WRITER.entry(stored))
        out = fill(m.template, dict(m.args), "ares_expedition")
        assert "ocean tile" not in out and "slot 0" not in out and "space 0" not in out, out
