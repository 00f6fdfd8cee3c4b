"""Beyond the Sun's static description (id, players, rules version, options), importable without the rules."""

from __future__ import annotations

from ...core.api import GameInfo, OptionSpec

RULES_VERSION = "2026.12.2"

INFO = GameInfo(
    id="beyond_the_sun", name="Beyond the Sun", min_players=2, max_players=4, rules_version=RULES_VERSION,
    options=(
        OptionSpec("advanced_mats", "bool", False, "Advanced faction mats",
                   "Each faction uses its advanced mat: its own production tracks and two powers gained in play."),
        OptionSpec("first_game_achievements", "bool", False, "First-game achievements",
                   "Use the recommended set (Transcendence, Empire, Warlord, Technologist) instead of drawing "
                   "1 A and 1 B achievement at random."),
        OptionSpec("anytime_windows", "choice", "bga", "When anytime abilities may be used",
                   "bga: only between the action, production and achievement phases of your turn (as Board Game "
                   "Arena, agreed with the designer). rulebook: also between the steps of an action.",
                   choices=("bga", "rulebook")),
        OptionSpec("anomaly_research_optional", "bool", True, "Spacetime Anomaly Studies: research optional",
                   "Board Game Arena's agreed change: the research part of that card's action may be skipped."),
        OptionSpec("star_discs_at_end", "bool", True, "Giga-Corporations: star discs score at the end",
                   "Board Game Arena: star discs still on achievements at the end become real discs and score. "
                   "Off: they score nothing."),
        OptionSpec.round_limit(30, "If no achievement has triggered the end by this round, it becomes the last round. "
                               "The printed game has no limit (a real game lasts about 15 rounds); this only stops "
                               "stalled games, such as bots that locked every cube away."),
        OptionSpec("control_ties", "choice", "defender", "Control ties",
                   "defender: on equal strength the current controller keeps control (attackers must be "
                   "stronger). strict: a controller who is tied loses control and nobody holds it.",
                   choices=("defender", "strict")),
        OptionSpec("tech_deck", "choice", "real_level_3", "Technology deck",
                   "real_level_3: the 16 real level-III cards (levels II and IIII still hold stand-ins, marked with a "
                   "dagger). stand_ins_2026: the invented level-III deck of the rules before 2026.12.1, kept so that "
                   "games saved then replay the same.",
                   choices=("real_level_3", "stand_ins_2026")),
    ))
