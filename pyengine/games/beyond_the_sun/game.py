"""The Beyond the Sun game object: setup for 2-4 players, loading states, and the catalog."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import JSON, Game, State
from ...core.dictstate import copy_json
from ...core.rng import Rng
from .abilities import unlock_powers
from .cards import achievements, all_records, board, deck_techs, events, factions, systems
from .effects import push, run
from .hidden import KINDS
from .hidden import variants as hidden_state_variants
from .info import INFO
from .invariants import check
from .model import Data, add_ship, new_faction
from .position import validate
from .setup import BeyondTheSunSetup
from .state import BTSState
from .text import log

FIRST_GAME = ("ACH-TRANSCENDENCE", "ACH-EMPIRE", "ACH-WARLORD", "ACH-TECHNOLOGIST")
START_ORE = (1, 1, 2, 2)
def faction_ids() -> list[str]:
    """Return the four faction ids in data order."""
    return [f["id"] for f in factions()["factions"]]


class BeyondTheSun(Game, info=INFO, hidden_kinds=KINDS, validate=validate, invariants=check, history_keys=("msgs",),
                   setup=BeyondTheSunSetup()):
    """Beyond the Sun (Dennis K. Chan, 2020) for 2-4 players."""

    def new_initial_state(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> BTSState:
        """Set up the boards, decks, events, systems and achievements, and each faction's mat."""
        opts = self.setup_options(seed, players, options)
        rng = Rng(seed)
        d: Data = {"players": players, "options": opts, "side": board()["exploration"]["side_by_players"][str(players)],
                   "round": 1, "turn": 0, "first": 0, "phase": "action", "end_round": None, "extra_used": False,
                   "covered": [g["id"] for g in board()["guilds"]], "pawns": [None] * players, "control": {},
                   "frames": [], "turn_flags": {"all_three": False, "produced": [], "used": {}},
                   "event_log": [], "epoch": 0, "msgs": [], "over": False, "hist": []}
        _deal_techs(d, rng, str(opts["tech_deck"]))
        _deal_events(d, rng)
        _deal_systems(d, rng)
        _deal_achievements(d, rng, bool(opts["first_game_achievements"]))
        order = faction_ids()
        rng.shuffle(order)
        mat = "advanced" if opts["advanced_mats"] else "basic"
        d["factions"] = []
        for seat in range(players):
            f = new_faction(order[seat], mat, START_ORE[seat])
            add_ship(f, "SOL", 1)  # 17 cubes fill the supply columns, 2 are population, the 20th is this ship
            d["factions"].append(f)
        for seat in reversed(range(players)):
            push(d, seat, list(_mat_record(order[seat], mat)["setup"]), f"setup:{order[seat]}")
        d["rng"] = rng.to_text()
        run(d, rng)
        unlock_powers(d)
        d["rng"] = rng.to_text()
        log(d, "Setup for {n} players; the first player is {seat}", n=players, seat=0)
        log(d, "Round {n} begins", n=1)
        return BTSState(self, d)

    def load_json(self, data: JSON) -> BTSState:
        """Return the state that checked JSON holds (built from a copy of it)."""
        return BTSState(self, BTSState.load_data(data))

    def hidden_variants(self, state: State, seat: int, seed: int) -> list[tuple[str, State]]:
        """Return states that differ from ``state`` only in what ``seat`` cannot see, labelled by kind (hidden.py)."""
        assert isinstance(state, BTSState)
        return list(hidden_state_variants(state, seat, seed))

    def catalog(self) -> list[JSON]:
        """Return every card and mat as data, tagged with its kind and origin."""
        return [copy_json(r) for r in all_records()]


def _mat_record(faction: str, mat: str) -> dict[str, Any]:
    """Return a faction's basic or advanced mat record."""
    for rec in factions()["factions"]:
        if rec["id"] == faction:
            out: dict[str, Any] = rec[mat]
            return out
    raise KeyError(faction)


def _deal_techs(d: Data, rng: Rng, deck: str) -> None:
    """Lay the four level-I techs of a deck (option ``tech_deck``) on random slots; shuffle its II, III and IIII
    decks."""
    by_level: dict[int, list[str]] = {1: [], 2: [], 3: [], 4: []}
    for cid, rec in deck_techs(deck).items():
        by_level[rec["level"]].append(cid)
    for cards in by_level.values():
        rng.shuffle(cards)
    d["slots"] = {}
    for s in board()["tech_tree"]["slots"]:
        card = by_level[1].pop() if s["level"] == 1 else None
        d["slots"][s["id"]] = {"card": card, "event": None, "by": []}
    d["decks"] = {str(lv): by_level[lv] for lv in (2, 3, 4)}


def _deal_events(d: Data, rng: Rng) -> None:
    """Per level II and III: the 2 light events plus 4 random others, shuffled face down onto the 6 slots."""
    d["box_events"] = {}
    for lv in (2, 3):
        light = [e for e, r in events().items() if r["level"] == lv and r["light"]]
        other = [e for e, r in events().items() if r["level"] == lv and not r["light"]]
        rng.shuffle(other)
        chosen = light + other[:4]
        rng.shuffle(chosen)
        slots = [s["id"] for s in board()["tech_tree"]["slots"] if s["level"] == lv]
        for slot, ev in zip(slots, chosen, strict=True):
            d["slots"][slot]["event"] = ev
        d["box_events"][str(lv)] = sorted(other[4:])


def _deal_systems(d: Data, rng: Rng) -> None:
    """Two of the four start systems on the A slots, the top two of deck B on the B slots."""
    start = sorted(s for s, r in systems().items() if r["start"])
    rest_a = sorted(s for s, r in systems().items() if r["deck"] == "A" and not r["start"])
    deck_b = sorted(s for s, r in systems().items() if r["deck"] == "B")
    rng.shuffle(start)
    deck_a = rest_a + start[2:]
    rng.shuffle(deck_a)
    rng.shuffle(deck_b)
    d["locs"] = {"A1": start[0], "A2": start[1], "B1": deck_b.pop(0), "B2": deck_b.pop(0), "X": None}
    d["sysdecks"] = {"A": deck_a, "B": deck_b}


def _deal_achievements(d: Data, rng: Rng, first_game: bool) -> None:
    """The 2 basic achievements, plus 1 A and 1 B at random (or the recommended first-game set)."""
    if first_game:
        chosen = list(FIRST_GAME)
    else:
        basic = sorted(a for a, r in achievements().items() if r["group"] == "basic")
        chosen = basic + [rng.choice(sorted(a for a, r in achievements().items() if r["group"] == g)) for g in "AB"]
    d["achievements"] = [{"id": a, "discs": []} for a in chosen]
