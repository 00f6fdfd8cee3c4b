"""Ares Expedition's static description (id, players, rules version, options), importable without the rules."""

from __future__ import annotations

from ...core.api import GameInfo, OptionSpec

RULES_VERSION = "2026.12.2"

INFO = GameInfo(
    id="ares_expedition", name="Terraforming Mars: Ares Expedition", min_players=1, max_players=4,
    rules_version=RULES_VERSION,
    options=(
        OptionSpec("mode", "choice", "standard", "Mode",
                   "standard: every player for themselves (1 player means solo). coop: the 2-player co-operative "
                   "variant with the shared pool of 27 cubes and 3 markers.", choices=("standard", "coop"),
                   players=(2, 2)),
        OptionSpec("beginner", "bool", False, "Learning game",
                   "Each player gets one beginner corporation and 4 of the 16 beginner green cards plus 4 from the "
                   "deck."),
        OptionSpec("promo_projects", "bool", False, "Promo projects",
                   "Shuffle the 11 Kickstarter promo project cards into the deck."),
        OptionSpec("promo_corporations", "bool", False, "Promo corporations",
                   "Add the 6 Kickstarter promo corporations to the corporations dealt."),
        OptionSpec("solo_level", "choice", "novice", "Solo difficulty",
                   "novice: each time the virtual marker moves up, raise temperature or oxygen 2 steps (no TR). "
                   "middle: 1 step. expert: none.", choices=("novice", "middle", "expert"), players=(1, 1)),
        OptionSpec("mining_guild", "choice", "per_card", "Mining Guild reading",
                   "per_card: 1 TR for each card you play that gives steel. per_steel: 1 TR per steel it gives.",
                   choices=("per_card", "per_steel")),
        OptionSpec.round_limit(40, "A competitive game that has not terraformed Mars by this round ends after it and "
                               "is scored. The printed game has no limit (real games last about 10-14 rounds); this "
                               "only stops stalled games, such as bots that never raise a parameter. Solo (25) and "
                               "co-op (15) keep their own limits.", players=(2, 4)),
        OptionSpec("coop_early_end", "bool", False, "Co-op: end as soon as Mars is terraformed",
                   "Off (the printed rule): the co-operative game always runs until the pool is empty, after 15 "
                   "rounds, so a team that terraforms early keeps playing for VP. On: it ends after the phase in "
                   "which Mars is terraformed, like the competitive game.", players=(2, 2)),
        OptionSpec("solo_early_end", "bool", False, "Solo: end as soon as Mars is terraformed",
                   "Off (the printed rule): the solo game always runs 25 rounds, so a player who terraforms early "
                   "keeps playing for VP. On: it ends after the phase in which Mars is terraformed.", players=(1, 1)),
    ))
