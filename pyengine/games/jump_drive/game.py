"""The Jump Drive game object: info and options, the opening deal, loading states and the catalog."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import JSON, Game, State
from ...core.errors import BadOptionsError
from ...core.rng import Rng
from .basics import draw, msg
from .campaign import condition_ids
from .cards import card_types, deck_instances
from .data import JDData, data_from_json
from .hidden import KINDS, variants
from .info import INFO
from .invariants import check
from .position import validate
from .rules import OPENING_DEAL
from .setup import JumpDriveSetup
from .state import JDState
from .table_view import card_face


class JumpDrive(Game, info=INFO, hidden_kinds=KINDS, validate=validate, invariants=check, history_keys=("msgs",),
                setup=JumpDriveSetup()):
    """Jump Drive (Tom Lehmann, 2017) for 1-4 players; one player means the solitaire rules."""

    def hidden_variants(self, state: State, seat: int, seed: int) -> list[tuple[str, State]]:
        """Return positions that differ from ``state`` only in what ``seat`` cannot see (``hidden.py``)."""
        return variants(state, seat, seed)

    def new_initial_state(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> JDState:
        """Deal 7 cards to each seat; each will keep 5 by a simultaneous hidden choice."""
        opts = self.setup_options(seed, players, options)
        used = [u for u in str(opts["campaign_used"]).split(",") if u]
        if opts["campaign"] and players != 1:
            raise BadOptionsError("the campaign option is for solitaire (1 player) only")
        if len(used) >= len(condition_ids()):
            raise BadOptionsError("every campaign condition is already used: the campaign is over")
        d = JDData(players=players, options=opts, rng=Rng(seed).to_text())
        d.deck = list(deck_instances())
        d.hands = [[] for _ in range(players)]
        d.empires = [[] for _ in range(players)]
        d.vp = [0] * players
        d.survey_used = [False] * players
        d.commits = [None] * players
        d.owes = [0] * players
        d.owe_reason = ["pay"] * players
        d.draw_after = [0] * players
        d.pending_choices = [[] for _ in range(players)]
        d.revealed = [None] * players
        d.campaign_used = used
        rng = Rng.from_text(d.rng)
        for s in range(players):
            draw(d, rng, s, OPENING_DEAL)
        d.rng = rng.to_text()
        msg(d, "Each player is dealt 7 cards and keeps 5")
        return JDState(self, d)

    def load_json(self, data: JSON) -> JDState:
        """Return the state that checked JSON holds (built from a copy of it)."""
        return JDState(self, data_from_json(data))

    def catalog(self) -> list[JSON]:
        """Return every card type as data (the survey team included), each with its face in numbers (table_view)."""
        return [{**ct.raw, "face": card_face(ct)} for ct in card_types().values()]
