"""The Ares Expedition game object: setup (standard, learning game, solo, co-op), loading states, the catalog."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import JSON, Game, State
from ...core.dictstate import copy_json
from ...core.errors import BadOptionsError
from ...core.rng import Rng
from .cards import base_deck, board, corporations, projects, promo_deck
from .hidden import KINDS, variants
from .info import INFO
from .invariants import check
from .model import Data, new_player
from .position import validate
from .rules import advance
from .setup import AresSetup
from .state import AresState
from .text import log


class AresExpedition(Game, info=INFO, hidden_kinds=KINDS, validate=validate, invariants=check, history_keys=("msgs",),
                     setup=AresSetup()):
    """Terraforming Mars: Ares Expedition (FryxGames, 2021) for 1-4 players, with solo and 2-player co-op."""

    def new_initial_state(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> AresState:
        """Shuffle the oceans and the deck, deal corporations and 8 projects to each player."""
        opts = self.setup_options(seed, players, options)
        if opts["mode"] == "coop" and players != 2:
            raise BadOptionsError("the co-operative variant is for exactly 2 players")
        rng = Rng(seed)
        mode = "coop" if opts["mode"] == "coop" else "solo" if players == 1 else "standard"
        d: Data = {"players": players, "options": opts, "mode": mode, "round": 0, "stage": "corp", "phase": 0,
                   "phase_key": None, "phases": [], "params": {"temperature": 0, "oxygen": 0, "ocean": 0},
                   "max_key": {"temperature": None, "oxygen": None, "ocean": None},
                   "snap": {"temperature": 0, "oxygen": 0, "ocean": 0}, "ocean_flipped": [], "discard": [],
                   "p": [new_player() for _ in range(players)], "solo": None, "coop": None, "epoch": 0, "msgs": [],
                   "over": None, "hist": []}
        d["ocean_pile"] = [t["tile"] for t in board()["oceans"]]
        rng.shuffle(d["ocean_pile"])
        deck = base_deck() + (promo_deck() if opts["promo_projects"] else [])
        corps = [c for c, r in corporations().items() if r["set"] == "base" or opts["promo_corporations"]]
        if opts["beginner"]:
            beginners = [c for c, r in corporations().items() if r.get("beginner")]
            rng.shuffle(beginners)
            starters = [c for c in deck if projects()[c].get("beginner")]
            rest = [c for c in deck if c not in starters]
            rng.shuffle(starters)
            rng.shuffle(rest)
            for seat, p in enumerate(d["p"]):
                p["corp"] = beginners[seat]
                p["hand"] = [starters.pop() for _ in range(4)] + [rest.pop() for _ in range(4)]
            d["discard"] = sorted(starters)
            d["deck"] = rest
        else:
            rng.shuffle(corps)
            rng.shuffle(deck)
            for p in d["p"]:
                p["offer"] = sorted(corps.pop() for _ in range(board()["corporations_dealt"]))
                p["hand"] = [deck.pop() for _ in range(board()["start_hand"])]
            d["deck"] = deck
        if mode == "solo":
            dummy = [1, 2, 3, 4, 5]
            rng.shuffle(dummy)
            d["solo"] = {"deck": dummy, "marker": 1, "played": [], "left": [], "raised_for": 0}
        if mode == "coop":
            d["coop"] = {"cubes": board()["coop"]["cubes"], "markers": board()["coop"]["markers"], "first": 0,
                         "order": []}
        d["rng"] = rng.to_text()
        log(d, "Setup for {n} players ({name})", n=players, name=mode)
        advance(d)
        return AresState(self, d)

    def load_json(self, data: JSON) -> AresState:
        """Return the state that checked JSON holds (built from a copy of it)."""
        return AresState(self, AresState.load_data(data))

    def hidden_variants(self, state: State, seat: int, seed: int) -> list[tuple[str, State]]:
        """Return positions that differ from ``state`` only in what ``seat`` cannot see, by kind (hidden.py)."""
        assert isinstance(state, AresState)
        return [(kind, v) for kind, v in variants(state, seat, seed)]

    def catalog(self) -> list[JSON]:
        """Return every project and corporation as data, with its kind."""
        out: list[JSON] = [dict(copy_json(r), kind="project") for r in projects().values()]
        out += [dict(copy_json(r), kind="corporation") for r in corporations().values()]
        return out
