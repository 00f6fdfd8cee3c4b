"""The Jump Drive game object: info and options, the opening deal, loading states and the catalog."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import JSON, Game, GameInfo, OptionSpec
from ...core.errors import BadOptionsError
from ...core.rng import Rng
from .campaign import condition_ids
from .cards import card_types, deck_instances
from .data import JDData, data_from_json
from .rules import OPENING_DEAL, draw, msg
from .state import JDState

RULES_VERSION = "2026.11"


class JumpDrive(Game):
    """Jump Drive (Tom Lehmann, 2017) for 1-4 players; one player means the solitaire rules."""

    info = GameInfo(
        id="jump_drive", name="Jump Drive", min_players=1, max_players=4, rules_version=RULES_VERSION,
        options=(
            OptionSpec("campaign", "bool", False, "Solo campaign game",
                       "Solitaire only: this game is one of the four campaign games; win by meeting a victory "
                       "condition not used before."),
            OptionSpec("campaign_used", "list", "", "Campaign conditions already used",
                       "Comma-separated ids of the victory conditions ticked off in earlier campaign games.",
                       choices=condition_ids()),
            OptionSpec("solo_target", "int", 50, "Solitaire target VP",
                       "Plain solitaire is won by reaching this many VP in the 7 rounds.", minimum=1, maximum=200),
            OptionSpec("contact_discounts", "bool", True, "Discounts apply to Contact Specialist",
                       "When a military world is paid for via Contact Specialist (defense - 1), your world "
                       "discounts also apply."),
            OptionSpec("convoy_world_draw", "bool", False, "Draw 1 after two worlds",
                       "Placing two worlds (Convoy) and no development still draws the 1 card of a world-only "
                       "turn."),
        ))

    def new_initial_state(self, seed: int, players: int, options: Mapping[str, Any] | None = None) -> JDState:
        """Deal 7 cards to each seat; each will keep 5 by a simultaneous hidden choice."""
        self.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptionsError(f"seed must be an integer, got {seed!r}")
        opts = self.info.resolve_options(options)
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

    def state_from_json(self, data: JSON) -> JDState:
        """Rebuild a state from its JSON."""
        return JDState(self, data_from_json(data))

    def catalog(self) -> list[JSON]:
        """Return every card type as data (the survey team included)."""
        return [dict(ct.raw) for ct in card_types().values()]
