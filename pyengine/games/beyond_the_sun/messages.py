"""Beyond the Sun's message table: every text the game shows a player, by catalog id (namespace ``bts``).

Importing this module registers the table with ``core.text`` (and how to name a card), so the page and the
English renderer can turn any Beyond the Sun ``Text`` into words. The log is stored in the state as the English
templates ``text.log`` writes (saves and determinism depend on that JSON); ``log_message`` maps each stored line to
its id and to the page's kinds of reference here, so the stored state never changes.

>>> english(text("bts.act.research_new", slot=term("slot", "II-3")))
'Research a new tech in level-II slot 3'
>>> english(text("bts.act.jump", level=1, at=loc_ref({"locs": {}}, "SOL"), to=loc_ref({"locs": {}}, "SY1")))
'Jump a level-1 ship from Sol to Shipyard Ceres'
>>> m = log_message("{seat} gains {n} ore", {"seat": {"seat": 1}, "n": {"n": 2}})
>>> m.id, m.args
('bts.log.gain_ore', (('seat', ('player', 1)), ('n', ('n', 2))))
>>> catalog()["bts.log.gain_ore"]["you"]
'You gain {n} ore'
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ...core.api import Message
from ...core.text import Entry, catalog, english, register_card_names, register_messages, template, text
from .cards import TYPES, achievements, board, events, factions, systems, techs

NS = "bts"
GAME = "beyond_the_sun"
STAND_IN_MARK = " \u2020"
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IIII"}
MAX_SLOTS = 4  # the most VP slots an achievement can have (the data schema allows 1-4)
STAR_DISC = "star-disc"  # the id of Giga-Corporations' star-disc ability (abilities.STAR_DISC)
STAR_DISC_NAME = "Reserve an achievement with a star disc"  # its stored name, as the log keeps it


# --- the cards -----------------------------------------------------------------------------------------------------

def _records() -> dict[str, dict[str, Any]]:
    """Return every record the page can name as a card: techs, events, systems, achievements, factions, powers.

    Raises:
        ValueError: two records share an id.
    """
    out: dict[str, dict[str, Any]] = {}
    recs: list[dict[str, Any]] = [*techs().values(), *events().values(), *systems().values(),
                                  *achievements().values()]
    for fac in factions()["factions"]:
        recs.append(fac)
        recs.extend(fac["advanced"].get("powers", []))
    for rec in recs:
        if rec["id"] in out:
            raise ValueError(f"two Beyond the Sun records share the id {rec['id']!r}")
        out[rec["id"]] = rec
    return out


RECORDS = _records()
CARD_NAMES = {cid: str(r["name"]) + (STAND_IN_MARK if r["origin"] == "stand-in" else "") for cid, r in RECORDS.items()}


def card_name(cid: str) -> str:
    """Return a card's name from its id (a dagger marks a project-designed stand-in; the id itself if unknown)."""
    return CARD_NAMES.get(cid, cid)


def _ability_owners() -> dict[str, str]:
    """Return ability id -> the id of the card or power that gives it (the star disc: the power with star discs)."""
    out: dict[str, str] = {}
    for cid, rec in RECORDS.items():
        for ab in rec.get("anytime", ()):
            out[ab["id"]] = cid
        if any(p["kind"] == "star_discs" for p in rec.get("passive", ())):
            out.setdefault(STAR_DISC, cid)
    return out


ABILITY_OWNER = _ability_owners()


# --- the table -----------------------------------------------------------------------------------------------------

# Every template the rules store in the log (text.log), with its id, its entry, and how its arguments are read.
# An argument's reading: player, n, card, loc (a board location), slot (a tech slot), level (a tech level, roman),
# disc, guild, tech_type, space (an action space by its stored name), ability (by stored name or id), power.
# Unlisted arguments: seat -> player, loc* -> loc, card -> card, n -> n.
LOG_SPEC: tuple[tuple[str, str, Entry, dict[str, str]], ...] = (
    ("Setup for {n} players; the first player is {seat}", "setup",
     "Setup for {n} players; the first player is {seat}", {}),
    ("{seat} loses control of {loc}", "lose_control",
     ("{seat} loses control of {loc}", "You lose control of {loc}"), {}),
    ("{seat} takes control of {loc}", "take_control",
     ("{seat} takes control of {loc}", "You take control of {loc}"), {}),
    ("{seat} gains {n} ore", "gain_ore", ("{seat} gains {n} ore", "You gain {n} ore"), {}),
    ("{seat} gains {n} population", "gain_population",
     ("{seat} gains {n} population", "You gain {n} population"), {}),
    ("{seat} automates a {n} disc", "automate", ("{seat} automates {n}", "You automate {n}"), {"n": "disc"}),
    ("{seat} gains {n} VP", "gain_vp", ("{seat} gains {n} VP", "You gain {n} VP"), {}),
    ("{seat} gains a private level-{n} technology", "private_tech",
     ("{seat} gains a private level-{n} technology", "You gain a private level-{n} technology"), {"n": "level"}),
    ("{seat} may grow, produce ore and trade this turn", "all_three",
     ("{seat} may grow, produce ore and trade this turn", "You may grow, produce ore and trade this turn"), {}),
    ("An extra system appears: {card}", "extra_system", "An extra system appears: {card}", {}),
    ("{seat} keeps {card} ({n} VP)", "keep_event", ("{seat} keeps {card} ({n} VP)", "You keep {card} ({n} VP)"), {}),
    ("{seat} builds a level-{n} ship at {loc}", "build",
     ("{seat} builds a level-{n} ship at {loc}", "You build a level-{n} ship at {loc}"), {}),
    ("{seat} upgrades a ship at {loc} to level {n}", "upgrade",
     ("{seat} upgrades a ship at {loc} to level {n}", "You upgrade a ship at {loc} to level {n}"), {}),
    ("{seat} colonizes {card}", "colonize", ("{seat} colonizes {card}", "You colonize {card}"), {}),
    ("{seat} takes the Basic Spacefaring action {n}", "basic",
     ("{seat} takes the Basic Spacefaring action {n}", "You take the Basic Spacefaring action {n}"), {"n": "space"}),
    ("{seat} retires a ship at {loc} into population", "retire",
     ("{seat} retires a ship at {loc} into population", "You retire a ship at {loc} into population"), {}),
    ("{seat} moves a supply cube to column A", "extend_supply",
     ("{seat} moves a supply cube to column A", "You move a supply cube to column A"), {}),
    ("The {n} guild is open to every faction", "guild_open", "The {n} is open to every faction", {"n": "guild"}),
    ("{seat} reserves {card} with a star disc", "star",
     ("{seat} reserves {card} with a star disc", "You reserve {card} with a star disc"), {}),
    ("{seat} jumps a level-{n} ship from {loc} to {loc2}", "jump",
     ("{seat} jumps a level-{n} ship from {loc} to {loc2}", "You jump a level-{n} ship from {loc} to {loc2}"), {}),
    ("{seat} gains {n} ore for taking control", "takeover_ore",
     ("{seat} gains {n} ore for taking control", "You gain {n} ore for taking control"), {}),
    ("{seat} researches {card}", "research", ("{seat} researches {card}", "You research {card}"), {}),
    ("{seat} researches the unrevealed slot {loc}", "research_unrevealed",
     ("{seat} researches the unrevealed {loc}", "You research the unrevealed {loc}"), {"loc": "slot"}),
    ("Event: {card}", "event", "Event: {card}", {}),
    ("{seat} reveals tech cards looking for type {n}", "reveal",
     ("{seat} reveals tech cards looking for type {n}", "You reveal tech cards looking for type {n}"),
     {"n": "tech_type"}),
    ("{seat} discovers {card} in slot {loc}", "discover_tech",
     ("{seat} discovers {card} in {loc}", "You discover {card} in {loc}"), {"loc": "slot"}),
    ("{card} is discovered at {loc}", "discover_system", "{card} is discovered at {loc}", {}),
    ("{seat} uses {n}", "use_ability", ("{seat} uses {n}", "You use {n}"), {"n": "ability"}),
    ("{seat} moves to {n}", "move", ("{seat} moves to {n}", "You move to {n}"), {"n": "space"}),
    ("{seat} grows {n} population", "growth", ("{seat} grows {n} population", "You grow {n} population"), {}),
    ("{seat} produces {n} ore", "produce_ore", ("{seat} produces {n} ore", "You produce {n} ore"), {}),
    ("{seat} trades ore for a population", "trade_buy_population",
     ("{seat} trades ore for a population", "You trade ore for a population"), {}),
    ("{seat} retires a ship into population", "trade_retire",
     ("{seat} retires a ship into population", "You retire a ship into population"), {}),
    ("{seat} trades a population for an ore", "trade_sell_population",
     ("{seat} trades a population for an ore", "You trade a population for an ore"), {}),
    ("{seat} claims {card}", "claim", ("{seat} claims {card}", "You claim {card}"), {}),
    ("{seat}'s star disc on {card} becomes a real disc", "star_real",
     ("{seat}'s star disc on {card} becomes a real disc", "Your star disc on {card} becomes a real disc"), {}),
    ("The end is triggered: this round and one more full round are left", "end_triggered",
     "The end is triggered: this round and one more full round are left", {}),
    ("{seat} gains the power {n}", "power", ("{seat} gains the power {n}", "You gain the power {n}"), {"n": "power"}),
    ("Round limit: round {n} is the last round", "round_limit", "Round limit: round {n} is the last round", {}),
    ("The game is over", "game_over", "The game is over", {}),
)
LOG: dict[str, Entry] = {f"bts.log.{slug}": entry for _, slug, entry, _ in LOG_SPEC}

ACT: dict[str, Entry] = {
    "bts.act.move": "Action: {action} ({where}, space {space})",
    "bts.act.move_ore": "Action: {action} ({where}, space {space}) for {ore} ore",
    "bts.act.move_population": "Action: {action} ({where}, space {space}) for {population} population",
    "bts.act.move_ore_population": "Action: {action} ({where}, space {space}) for {ore} ore, {population} population",
    "bts.act.research": "Research {card} ({slot})",
    "bts.act.research_new": "Research a new tech in {slot}",
    "bts.act.tech_type": "Choose {type}",
    "bts.act.keep": "Keep {card}",
    "bts.act.build": "Build the ship at {at}",
    "bts.act.jump": "Jump a level-{level} ship from {at} to {to}",
    "bts.act.upgrade": "Upgrade a level-{level} ship at {at}",
    "bts.act.retire": "Retire a level-{level} ship at {at} into population",
    "bts.act.colonize": "Colonize {system}",
    "bts.act.settle": "Settle a level-{level} ship (it returns to your supply)",
    "bts.act.basic": "Take the Basic Spacefaring action {action}",
    "bts.act.produce_growth": "Production: population growth",
    "bts.act.produce_ore": "Production: ore production",
    "bts.act.produce_trade": "Production: trade resources",
    "bts.act.trade_buy_population": "Trade ore for a population",
    "bts.act.trade_sell_population": "Trade a population for 1 ore",
    "bts.act.trade_retire": "Pay 1 ore to retire a level-{level} ship at {at} into population",
    "bts.act.claim": "Claim the achievement {card}",
    "bts.act.star": "Reserve {card} with a star disc",
    "bts.act.guild": "Open the {guild}",
    "bts.act.automate": "Automate {track}",
    "bts.act.option": "Choose option {n}",
    "bts.act.ability": "Use {ability}",
    "bts.act.skip": "Skip",
    "bts.act.stop": "Stop here",
    "bts.act.decline": "Decline",
    "bts.act.accept": "Accept",
    "bts.act.pay": "Pay",
    "bts.act.done": "Done trading",
    "bts.act.end_turn": "End your turn",
}

# The question an effect step asks (its op, as effects.py names it), each followed by where it comes from.
STEP_PROMPTS = {
    "build_ship": "Where is the new ship built?", "upgrade_ship": "Upgrade a ship, or stop",
    "jump": "Move your ships, one jump at a time", "research": "Choose a technology to research",
    "_reveal": "Choose the type, then the card to keep", "colonize": "Choose a system to colonize",
    "_settle": "Choose the ships that settle the colony", "basic_action": "Take a Basic Spacefaring action",
    "retire_ship": "Retire a ship into population, or stop", "choose": "Choose one option",
    "may_pay": "Pay for the extra effect?", "_may": "Take part in the event?",
    "extend_supply_a": "Move your rightmost supply cube to column A?", "remove_guild_tile": "Choose the guild to open",
    "automate": "Choose the track to automate", "_star_disc": "Choose the achievement to reserve",
}
PHASE_PROMPTS = {
    "action": "Move your pawn to an action space", "production": "Production: grow, produce ore, or trade",
    "trade": "Trade at your mat's rates, then finish",
    "achievement": "Claim an achievement (mandatory), or end your turn",
}
PROMPT: dict[str, Entry] = {
    **{f"bts.prompt.{op.lstrip('_')}": words + " ({source})" for op, words in STEP_PROMPTS.items()},
    "bts.prompt.other": "Choose ({source})",
    **{f"bts.prompt.phase_{phase}": words for phase, words in PHASE_PROMPTS.items()},
    "bts.prompt.phase_other": "Choose",
}


def _locations() -> dict[str, str]:
    """Return every board location id (both sides of the exploration board) -> its name."""
    out: dict[str, str] = {}
    for side in board()["exploration"]["sides"].values():
        for rec in side["locations"]:
            out.setdefault(rec["id"], str(rec["name"]))
    return out


LOCATIONS = _locations()
SHIPYARDS = [loc for loc in LOCATIONS if loc.startswith("SY")]
SLOTS = {str(s["id"]): int(s["level"]) for s in board()["tech_tree"]["slots"]}
GUILDS = {str(g["id"]): str(g["name"]) for g in board()["guilds"]}
SPACES = {str(row): str(act["name"]) for row, act in board()["basic_spacefaring"]["actions"].items()}
PHASES = {"action": "action phase", "production": "production phase", "trade": "trade",
          "achievement": "achievement phase", "over": "game over"}

TERM: dict[str, Entry] = {
    **{f"bts.term.loc.{loc}": name for loc, name in LOCATIONS.items()},
    **{f"bts.term.slot.{slot}": f"level-{ROMAN[lv]} slot {slot.rsplit('-', 1)[1]}" for slot, lv in SLOTS.items()},
    **{f"bts.term.level.{lv}": roman for lv, roman in ROMAN.items()},
    **{f"bts.term.phase.{p}": words for p, words in PHASES.items()},
    **{f"bts.term.tech_type.{t}": t.capitalize() for t in TYPES},
    **{f"bts.term.guild.{g}": name for g, name in GUILDS.items()},
    **{f"bts.term.space.{row}": name for row, name in SPACES.items()},
    "bts.term.space_kind.basic": "Basic Spacefaring",
    "bts.term.space_kind.guild": "guild",
    "bts.term.space_kind.tech": "tech",
    "bts.term.disc.food": "a food disc",
    "bts.term.disc.ore": "an ore disc",
    "bts.term.disc.ach": "an achievement disc",
    "bts.term.resource.ore": "ore",
    "bts.term.resource.population": "population",
    "bts.term.track.food": "food",
    "bts.term.track.ore": "ore",
    "bts.term.mat.basic": "basic",
    "bts.term.mat.advanced": "advanced",
    "bts.term.source.action": "the action",
    f"bts.term.ability.{STAR_DISC}": "a star disc to reserve an achievement",
}

OPT: dict[str, Entry] = {
    "bts.opt.advanced_mats.label": "Advanced faction mats",
    "bts.opt.advanced_mats.help": "Each faction plays its advanced mat, with its own tracks and two powers to unlock.",
    "bts.opt.first_game_achievements.label": "First-game achievements",
    "bts.opt.first_game_achievements.help": "Use the four achievements suggested for a first game, not a random draw.",
    "bts.opt.anytime_windows.label": "When anytime abilities may be used",
    "bts.opt.anytime_windows.help": "When, on your own turn, you may use an ability marked as usable at any time.",
    "bts.opt.anytime_windows.choice.bga": "Between phases (Board Game Arena)",
    "bts.opt.anytime_windows.choice.bga.help": "Only between the action, production and achievement phases.",
    "bts.opt.anytime_windows.choice.rulebook": "Also between steps (rulebook)",
    "bts.opt.anytime_windows.choice.rulebook.help": "Also between the steps of an action.",
    "bts.opt.anomaly_research_optional.label": "Spacetime Anomaly Studies: research optional",
    "bts.opt.anomaly_research_optional.help": "The research part of that card's action may be skipped.",
    "bts.opt.star_discs_at_end.label": "Giga-Corporations: star discs score at the end",
    "bts.opt.star_discs_at_end.help": "Star discs still on achievements at the end score like real discs.",
    "bts.opt.round_limit.label": "Round limit (safety valve)",
    "bts.opt.round_limit.help": "If nothing has ended the game by this round, it is the last round.",
    "bts.opt.control_ties.label": "Control ties",
    "bts.opt.control_ties.help": "Who holds a location when the strongest factions there are equal.",
    "bts.opt.control_ties.choice.defender": "The controller keeps it",
    "bts.opt.control_ties.choice.defender.help": "On equal strength the current controller keeps control.",
    "bts.opt.control_ties.choice.strict": "Nobody holds it",
    "bts.opt.control_ties.choice.strict.help": "A controller who is tied loses control, and nobody holds it.",
}

OUTCOME: dict[str, Entry] = {
    "bts.outcome.tiebreak.vp": "most VP",
    "bts.outcome.tiebreak.production_discs": "fewest production discs left on the tracks",
    "bts.outcome.tiebreak.population": "most population",
    "bts.outcome.tiebreak.ore": "most ore",
    "bts.outcome.tiebreak.shared": "a shared win",
    "bts.outcome.detail.breakdown": "VP by source",
    "bts.outcome.detail.techs": "Techs",
    "bts.outcome.detail.private_techs": "Private techs",
    "bts.outcome.detail.automation": "Automation",
    "bts.outcome.detail.colonies": "Colonies",
    "bts.outcome.detail.bases": "Bases",
    "bts.outcome.detail.sol_and_deep_space": "Most strength in Sol and Deep Space",
    "bts.outcome.detail.events": "Events and VP tokens",
    "bts.outcome.detail.achievements": "Achievements",
    "bts.outcome.detail.abilities": "End-of-game abilities",
}


def _vp_list(k: int) -> str:
    """Return the VP fields of an achievement with k slots: "{vp1}/{vp2}/..."."""
    return "/".join(f"{{vp{i}}}" for i in range(1, k + 1))


def _pairs(k: int) -> str:
    """Return k "{locN} ({seatN})" fields joined by commas, or "none"."""
    return ", ".join(f"{{loc{i}}} ({{seat{i}}})" for i in range(1, k + 1)) or "none"


# --- the table view (view["table"], table_view.py): ids under bts.summary.tv. ----------------------------------

def _plural(n: int, one: str, many: str) -> str:
    """Return "1 ship" or "3 ships"."""
    return f"{n} {one if n == 1 else many}"


def _levels(levels: list[int]) -> str:
    """Return tech levels in words: "I", "I or II", "III or IIII"."""
    return " or ".join(ROMAN[lv] for lv in levels)


COUNTER_NOUN = {  # a counter as "per <noun>" in a VP formula or a gain
    "colonies": "colony you have", "controlled": "location you control with a base disc",
    "techs": "tech you researched", "ships": "ship you have", "fleet_strength": "level of your ships",
    "automation": "disc on your automation track", "population": "population on your mat", "ore": "ore you have",
    "private_techs": "private tech you have", "achievements": "achievement you claimed",
    "locations_strength_4": "location where your strength is 4 or more",
    **{f"techs_level_{lv}": f"level-{ROMAN[lv]} tech you researched" for lv in (1, 2, 3, 4)},
    **{f"techs_{t}": f"{t} tech you researched" for t in TYPES},
}
COUNTER_NEEDS = {  # an achievement's or a power's condition: "<words>: {n} or more"
    "colonies": "Colonies", "controlled": "Locations you control with a base disc (colonies do not count)",
    "techs": "Techs researched", "ships": "Ships", "fleet_strength": "Total level of your ships",
    "automation": "Discs on your automation track", "population": "Population on your mat", "ore": "Ore",
    "private_techs": "Private techs", "achievements": "Achievements claimed",
    "locations_strength_4": "Locations where your strength is 4 or more",
    **{f"techs_level_{lv}": f"Level-{ROMAN[lv]} techs researched" for lv in (1, 2, 3, 4)},
    **{f"techs_{t}": f"{t.capitalize()} techs researched (hybrids count)" for t in TYPES},
}


def vp_words(vp: Any) -> str:
    """Return a VP value in words: "5 VP", or "3 VP plus 1 per colony you have (at most 7)"."""
    if not isinstance(vp, dict):
        return f"{vp} VP"
    per = f"{vp.get('n', 1)} VP per {COUNTER_NOUN[vp['per']]}"
    out = f"{vp['plus']} VP plus {per}" if vp.get("plus") else per
    return out + (f" (at most {vp['max']})" if vp.get("max") is not None else "")


def cost_words(cost: dict[str, int]) -> str:
    """Return a cost in words: "2 ore", "1 population", "4 ore and 1 population", or "nothing"."""
    parts = [f"{cost[k]} {k}" for k in ("ore", "population") if cost.get(k)]
    return " and ".join(parts) or "nothing"


_BUILD_FROM = {"population": "a population", "supply": "a supply cube"}
_BUILD_WHERE = {"build": "in Sol or a shipyard you control", "sol": "in Sol", "deep_space": "in Deep Space"}


def step_words(step: dict[str, Any]) -> str:
    """Return one effect step in words, lower case (DATA.md, the effect vocabulary)."""
    op = step["op"]
    n = int(step.get("n", 1))
    if op == "gain_ore":
        out = f"gain {n} ore" + (f" per {COUNTER_NOUN[step['per']]}" if "per" in step else "")
    elif op == "gain_population":
        out = f"gain {n} population" + (f" per {COUNTER_NOUN[step['per']]}" if "per" in step else "")
        out += f" from supply column {step['from_column']}" if "from_column" in step else ""
    elif op == "automate":
        track = "of either track" if step["track"] == "any" else f"of your {step['track']} track"
        out = f"automate {_plural(n, 'disc', 'discs')} {track}"
    elif op == "build_ship":
        each = f"turn {_BUILD_FROM[step['from']]} into a level-{step['level']} ship {_BUILD_WHERE[step['where']]}"
        out = each + (f" ({n} times)" if n > 1 else "") + (" (optional)" if step.get("optional") else "")
    elif op == "upgrade_ship":
        ships = "a ship" if n == 1 else f"up to {n} ships"
        out = f"raise {ships} by {_plural(int(step['levels']), 'level', 'levels')}"
    elif op == "jump":
        out = f"make {_plural(n, 'jump', 'jumps')} with your ships"
        if step.get("ore_per_takeover"):
            out += f", gaining {step['ore_per_takeover']} ore for each location you take"
    elif op == "research":
        out = f"research a level-{_levels(step['levels'])} tech"
        out += " that is already revealed" if step.get("revealed_only") else ""
        out += " (optional)" if step.get("optional") or step.get("bga_optional") else ""
    elif op == "colonize":
        out = "colonize a system you control"
        if step.get("strength_discount"):
            out += f", needing {step['strength_discount']} less strength"
    elif op == "basic_action":
        out = "take a Basic Spacefaring action without moving your pawn"
    elif op == "vp":
        out = f"gain {n} VP"
    elif op == "retire_ship":
        out = f"retire {'a ship' if n == 1 else f'up to {n} ships'} into population"
    elif op == "private_tech":
        out = f"take a private level-{ROMAN[int(step['level'])]} tech"
    elif op == "choose":
        out = "choose one: " + "; or ".join(steps_words(opt, capital=False) for opt in step["options"])
    elif op == "may_pay":
        out = f"you may pay {cost_words(step['cost'])} to {steps_words(step['steps'], capital=False)}"
    elif op == "each_faction":
        out = f"every faction in turn may take part: {steps_words(step['steps'], capital=False)}"
    elif op == "production_all_three":
        out = "in this turn's production you may grow, produce ore and trade"
    elif op == "extend_supply_a":
        out = "you may move your rightmost supply cube to column A"
    elif op == "add_extra_system":
        out = "an extra system from deck B appears beside the board"
    elif op == "remove_guild_tile":
        out = f"lift a tier-{step['tier']} guild cover"
    elif op == "keep_card":
        out = f"keep this card for {step['vp']} VP"
    elif op == "start_in_deep_space":
        out = "your starting ship begins in Deep Space"
    else:
        raise KeyError(f"no words for the step {op!r}")
    return str(out)


def steps_words(steps: list[dict[str, Any]], capital: bool = True) -> str:
    """Return a list of steps in words ("Gain 1 population, then gain 1 ore"); "Nothing" when empty."""
    out = ", then ".join(step_words(s) for s in steps) or "nothing"
    return out[0].upper() + out[1:] if capital else out


def steps_key(steps: list[dict[str, Any]]) -> str:
    """Return the catalog id of a list of steps in words (a digest of the steps, so equal steps share one id)."""
    digest = hashlib.sha1(json.dumps(steps, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:12]
    return f"bts.summary.tv.steps.{digest}"


def _step_lists() -> list[list[dict[str, Any]]]:
    """Return every list of effect steps in the data, nested ones (options, paid and per-faction parts) too."""
    found: list[list[dict[str, Any]]] = []

    def add(steps: list[dict[str, Any]]) -> None:
        found.append(steps)
        for s in steps:
            for sub in s.get("options", []):
                add(sub)
            if "steps" in s:
                add(s["steps"])

    recs: list[dict[str, Any]] = [*techs().values(), *events().values(), *systems().values()]
    for fac in factions()["factions"]:
        for m in ("basic", "advanced"):
            add(fac[m]["setup"])
            recs.extend(fac[m].get("powers", []))
    for rec in recs:
        for key in ("immediate", "steps", "bonus"):
            if key in rec:
                add(rec[key])
        for part in (*rec.get("actions", ()), *rec.get("anytime", ())):
            add(part["steps"])
    for g in board()["guilds"]:
        add(g["steps"])
    for act in board()["basic_spacefaring"]["actions"].values():
        add(act["steps"])
    return found


def _tv_entries() -> dict[str, Entry]:
    """Return the table view's texts: fixed words, and words made from the data (steps, rewards, help)."""
    tv = "bts.summary.tv."
    out: dict[str, Entry] = {steps_key(s): steps_words(s) for s in _step_lists()}
    for row, act in board()["basic_spacefaring"]["actions"].items():
        where = ("A shared space: any number of pawns, turn after turn." if act.get("shared") else
                 "One pawn per space, and your pawn must move to a different space each turn.")
        out[f"{tv}help.bs.{row}"] = f"{steps_words(act['steps'])}. {where}"
    for g in board()["guilds"]:
        price = f"for {cost_words(g['cost'])}" if any(g["cost"].values()) else "at no cost"
        out[f"{tv}help.guild.{g['id']}"] = (f"{steps_words(g['steps'])}, {price}. Open to every faction once an "
                                            f"event lifts its cover (tier {g['tier']}).")
    for sid, rec in systems().items():
        out[f"{tv}reward.{sid}"] = (f"Control: a base disc from your {rec['control_disc']} track (1 VP). Colony: "
                                    f"{vp_words(rec['vp'])}, and a disc from your {rec['colony_disc']} track. "
                                    f"When colonized: {steps_words(rec['bonus'], capital=False)}.")
    for counter, words in COUNTER_NEEDS.items():
        out[f"{tv}needs.{counter}"] = words + ": {n} or more"
    out.update({
        f"{tv}cost.ore": "{ore} ore",
        f"{tv}cost.population": "{population} population",
        f"{tv}cost.both": "{ore} ore and {population} population",
        f"{tv}why.taken": "Taken by {seat}",
        f"{tv}why.here": "Your pawn is here: move it to a different space",
        f"{tv}why.ore": "You cannot pay {n} ore (you have {have})",
        f"{tv}why.population": "You cannot pay {n} population (you have {have})",
        f"{tv}why.supply": "No free supply space to return {n} population to",
        f"{tv}why.research": "No tech you may research now",
        f"{tv}why.research_cube": "No population left for the research cube",
        f"{tv}why.colonize": "No system you can colonize now",
        f"{tv}why.nothing": "This action would do nothing now",
        f"{tv}why.not_now": "Not now: you move your pawn in your action phase",
        f"{tv}why.turn": "Not now: {seat} is playing",
        f"{tv}why.slot_have": "You have researched this tech",
        f"{tv}why.slot_prereqs": "Research its prerequisites first",
        f"{tv}why.slot_some": "Research {n} of its prerequisites first",
        f"{tv}why.slot_type": "No card of a type it could take is left in the deck",
        f"{tv}why.slot_level": "Not with this research: it needs a level-{level} research",
        f"{tv}sector.A": "Near systems (deck A)",
        f"{tv}sector.B": "Far systems (deck B)",
        f"{tv}reward.majority": "At the end, 1 VP to each faction with the most strength here",
        f"{tv}reward.shipyard": "Control: a base disc from your {track} track (1 VP)",
        f"{tv}end.count": ("{placed} of {needed} achievement discs placed; once {needed} are out, this round "
                              "and one more are played"),
        f"{tv}end.triggered": "The end is triggered: this round is the last but one",
        f"{tv}end.last": "This round is the last",
        f"{tv}end.over": "The game is over",
        f"{tv}col.grow": "Growth takes {n} here",
        f"{tv}col.grow_next": "Growth takes {n} here; other gains and trades take the next cube from here",
        f"{tv}col.grow_back": "Growth takes {n} here; population you pay returns here",
        f"{tv}col.grow_next_back": "Growth takes {n} here; other gains and trades take the next cube from here; "
                                   "population you pay returns here",
        f"{tv}col.next": "Gains and trades take the next cube from here",
        f"{tv}col.back": "Population you pay returns here",
        f"{tv}col.next_back": "Gains and trades take the next cube from here; population you pay returns here",
    })
    return out


TV = _tv_entries()

SUMMARY: dict[str, Entry] = {
    "bts.summary.table": "Table",
    "bts.summary.faction_title": "{seat}: {faction}",
    "bts.summary.round_ends": "Round {round}, {seat} to act; the end is triggered: the game ends after round {last}",
    "bts.summary.round": "Round {round}, {seat} to act; {discs} of {needed} achievement discs placed",
    **{f"bts.summary.achievement_{k}": f"Achievement {{card}} (VP {_vp_list(k)})" for k in range(1, MAX_SLOTS + 1)},
    **{f"bts.summary.achievement_free_{k}": f"Achievement {{card}} (VP {_vp_list(k)}): free"
       for k in range(1, MAX_SLOTS + 1)},
    "bts.summary.achievement_disc": "{card}: {seat} holds the {vp} VP slot",
    "bts.summary.achievement_star": "{card}: {seat} holds the {vp} VP slot with a star disc",
    "bts.summary.system_held": "{loc}: {card} (colonize {strength}), controlled by {seat}",
    "bts.summary.system_free": "{loc}: {card} (colonize {strength}), uncontrolled",
    **{f"bts.summary.shipyards_{k}": "Shipyards controlled: " + _pairs(k) for k in range(len(SHIPYARDS) + 1)},
    **{f"bts.summary.guilds_{k}": "Guilds still covered: " + (
        ", ".join(f"{{g{i}}}" for i in range(1, k + 1)) or "none") for k in range(len(GUILDS) + 1)},
    "bts.summary.faction": "Faction: {faction} ({mat} mat)",
    "bts.summary.resources": "Population {population}, ore {ore}, supply {a}/{b}/{c}/{d}/{e}",
    "bts.summary.yields": "Growth gives {population} population, ore production gives {ore} ore",
    "bts.summary.automation": "Automation {n} discs; production discs left {left}",
    "bts.summary.ships": "Ships at {loc}: {l1} of level 1, {l2} of level 2, {l3} of level 3, {l4} of level 4 "
                         "(strength {strength})",
    "bts.summary.ships_none": "Ships: none",
    "bts.summary.techs": "Level-{level} techs: {cards}",
    "bts.summary.techs_none": "Techs: none",
    "bts.summary.colonies": "Colonies: {cards}",
    "bts.summary.colonies_none": "Colonies: none",
    "bts.summary.vp": "VP so far: {n}",
    "bts.summary.stand_in_note":
        "\u2020 marks a project-designed stand-in card: no public source gives that card's face.",
    **TV,
}


def _card_entries() -> dict[str, Entry]:
    """Return every card's name and text, from the card data (the text is the record's own rules text)."""
    out: dict[str, Entry] = {}
    for cid, rec in RECORDS.items():
        out[f"bts.card.{cid}.name"] = CARD_NAMES[cid]
        out[f"bts.card.{cid}.text"] = str(rec["text"])
    return out


def _merge(*tables: dict[str, Entry]) -> dict[str, Entry]:
    """Return the tables as one, refusing an id that two of them hold.

    Raises:
        ValueError: an id is in two tables.
    """
    out: dict[str, Entry] = {}
    for table in tables:
        for key, entry in table.items():
            if key in out:
                raise ValueError(f"message id {key!r} is defined twice")
            out[key] = entry
    return out


TABLE: dict[str, Entry] = _merge(LOG, ACT, PROMPT, TERM, OPT, OUTCOME, SUMMARY, _card_entries())

register_messages(NS, TABLE, game=GAME)
register_card_names(GAME, card_name)


# --- references for texts ------------------------------------------------------------------------------------------

Ref = tuple[str, Any]


def term(kind: str, key: object) -> Ref:
    """Return the reference to a game term, e.g. ``term("loc", "SOL")`` -> ("term", "bts.term.loc.SOL")."""
    return ("term", f"bts.term.{kind}.{key}")


def loc_ref(d: dict[str, Any], loc: str) -> Ref:
    """Return a location as the page names it: the system card lying there, else the location's name."""
    card = d["locs"].get(loc)
    return ("card", card) if card else term("loc", loc)


def ability_ref(ab_id: str) -> Ref:
    """Return an anytime ability as the page names it: the card or power that gives it (the star disc: a term)."""
    if ab_id == STAR_DISC:
        return term("ability", STAR_DISC)
    return ("card", ABILITY_OWNER[ab_id])


def source_ref(d: dict[str, Any], src: str | None) -> Ref:
    """Return what a pending effect comes from: a card, a power, an action space, or "the action"."""
    src = src or ""
    if src in RECORDS:
        return ("card", src)
    if src in ABILITY_OWNER:
        return ("card", ABILITY_OWNER[src])
    if src.startswith("setup:") and src[len("setup:"):] in RECORDS:
        return ("card", src[len("setup:"):])
    parts = src.split(".")
    if parts[0] == "bs" and len(parts) > 1 and parts[1] in SPACES:
        return term("space", parts[1])
    if parts[0] == "guild" and len(parts) > 1 and parts[1] in GUILDS:
        return term("guild", parts[1])
    if parts[0] == "tech" and len(parts) > 1 and d["slots"].get(parts[1], {}).get("card"):
        return ("card", d["slots"][parts[1]]["card"])
    return term("source", "action")


# --- the stored log ------------------------------------------------------------------------------------------------

_SPEC_OF: dict[str, tuple[str, dict[str, str]]] = {stored: (f"bts.log.{slug}", kinds)
                                                   for stored, slug, _, kinds in LOG_SPEC}
_SPACE_BY_NAME: dict[str, Ref] = {
    **{str(rec["name"]): ("card", cid) for cid, rec in techs().items()},
    **{name: term("guild", g) for g, name in GUILDS.items()},
    **{name: term("space", row) for row, name in SPACES.items()},
}


def _read(kind: str, value: Any) -> Ref:
    """Return one stored log argument as the page's reference, read as ``kind`` (see LOG_SPEC).

    Raises:
        KeyError: a stored name that no card, guild, space or ability has.
    """
    if kind == "player":
        return ("player", int(value))
    if kind in ("n", "card"):
        return (kind, value)
    if kind in ("loc", "slot", "level", "disc", "guild", "tech_type"):
        return term(kind, value)
    if kind == "space":
        return _SPACE_BY_NAME[str(value)]
    if kind == "ability":
        return ability_ref(STAR_DISC if value == STAR_DISC_NAME else str(value))
    if kind == "power":
        return ("card", str(value))
    raise KeyError(f"unknown kind of log argument {kind!r}")


def _default_kind(name: str) -> str:
    """Return how a stored argument is read when LOG_SPEC does not say: by the start of its name."""
    for prefix, kind in (("seat", "player"), ("loc", "loc"), ("card", "card")):
        if name.startswith(prefix):
            return kind
    return "n"


def log_message(stored: str, args: dict[str, dict[str, Any]]) -> Message:
    """Return one stored log line as a Message with its catalog id and the page's kinds of reference.

    A line whose template is not in the table (a save from an older rules version) keeps its words, with seats
    as players and anything else as a number or free text, and no id.
    """
    spec = _SPEC_OF.get(stored)
    if spec is None:
        refs = []
        for k, v in args.items():
            kind, value = next(iter(v.items()))
            refs.append((k, ("player", int(value)) if kind == "seat" else ("n", value) if isinstance(value, int)
                         else ("text", str(value))))
        return Message(stored, tuple(refs))
    msg_id, kinds = spec
    out = {k: _read(kinds.get(k) or _default_kind(k), next(iter(v.values()))) for k, v in args.items()}
    t = text(msg_id, **out)
    return Message(template(msg_id), t.args, id=msg_id)


__all__ = ["TABLE", "ability_ref", "card_name", "catalog", "english", "loc_ref", "log_message", "source_ref",
           "term", "text"]
