"""Jump Drive's static description (id, players, rules version, options), importable without the rules."""

from __future__ import annotations

from functools import cache

from ...core.api import GameInfo, OptionSpec
from ...core.carddata import read_data

RULES_VERSION = "2026.12"


@cache
def campaign_condition_ids() -> tuple[str, ...]:
    """Return the ids of the solo campaign's victory conditions, read from data/campaign.json."""
    return tuple(str(c["id"]) for c in read_data(__package__, "campaign.json")["conditions"])


INFO = GameInfo(
    id="jump_drive", name="Jump Drive", min_players=1, max_players=4, rules_version=RULES_VERSION,
    options=(
        OptionSpec("campaign", "bool", False, "Solo campaign game",
                   "Solitaire only: this game is one of the four campaign games; win by meeting a victory "
                   "condition not used before.", players=(1, 1)),
        OptionSpec("campaign_used", "list", "", "Campaign conditions already used",
                   "Comma-separated ids of the victory conditions ticked off in earlier campaign games.",
                   choices=campaign_condition_ids(), players=(1, 1)),
        OptionSpec("solo_target", "int", 50, "Solitaire target VP",
                   "Plain solitaire is won by reaching this many VP in the 7 rounds.", minimum=1, maximum=200,
                   players=(1, 1)),
        OptionSpec("contact_discounts", "bool", True, "Discounts apply to Contact Specialist",
                   "When a military world is paid for via Contact Specialist (defense - 1), your world "
                   "discounts also apply."),
        OptionSpec("convoy_world_draw", "bool", False, "Draw 1 after two worlds",
                   "Placing two worlds (Convoy) and no development still draws the 1 card of a world-only "
                   "turn."),
        OptionSpec.round_limit(40, "If nobody has reached 50 VP when this round is scored, the game ends after it and "
                               "is scored as usual (most VP, then the usual tie-breaks). The printed game has no limit "
                               "(a real game lasts about 7-12 rounds); this only stops stalled games, such as "
                               "players who explore forever. Solitaire keeps its 7 rounds.", players=(2, 4)),
    ))
