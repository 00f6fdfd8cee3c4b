"""Beyond the Sun's message table: every text the game shows a player, by catalog id (namespace ``bts``).

The words written by hand are in ``locales/en.json`` (a flat id -> ICU message file a translator opens as it is);
the ones made from the game's data (card, location, guild and action-space names, and the table view's prose about
effects, rewards and spaces) are added here at import. Importing this module registers the table with
``core.text`` (and how to name a card), so the page and the English renderer can turn any Beyond the Sun ``Text``
into words. The log is stored in the state as the English templates ``text.log`` writes (saves and determinism
depend on that JSON); ``log_message`` maps each stored line to its id and to the page's kinds of reference here, so
the stored state never changes.

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
from functools import cache
from pathlib import Path
from typing import Any

from ...core.api import Message
from ...core.text import Entry, catalog, english, load_locale, register_card_names, register_messages, template, text
from .cards import TYPES, achievements, board, events, factions, systems, techs
from .text import PLACE_SEP

NS = "bts"
GAME = "beyond_the_sun"
LOCALE_FILE = Path(__file__).parent / "locales" / "en.json"
STAND_IN_MARK = " \u2020"
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IIII"}
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


# --- the stored log and the prompts ---------------------------------------------------------------------------

# Every template the rules store in the log (text.log), with the slug of its id (``bts.log.<slug>``, whose words are
# in locales/en.json) and how its arguments are read. An argument's reading: player, n, card, loc (a board
# location, with the system card lying there when it is stored as "<loc>@<card>"), slot (a tech slot), level (a tech
# level, roman), disc, guild, tech_type, space (an action space by its stored name), action (an action area by its
# id: "bs.<row>", "guild.<id>" or a tech card's id), ability (by stored name or id), power. Unlisted arguments:
# seat -> player, loc* -> loc, card -> card, n -> n.
LOG_SPEC: tuple[tuple[str, str, dict[str, str]], ...] = (
    ("Setup for {n} players; the first player is {seat}", "setup", {}),
    ("{seat} loses control of {loc}", "lose_control", {}),
    ("{seat} takes control of {loc}", "take_control", {}),
    ("{seat} gains {n} ore", "gain_ore", {}),
    ("{seat} gains {n} population", "gain_population", {}),
    ("{seat} automates a {n} disc", "automate", {"n": "disc"}),
    ("{seat} gains {n} VP", "gain_vp", {}),
    ("{seat} gains a private level-{n} technology", "private_tech", {"n": "level"}),
    ("{seat} may grow, produce ore and trade this turn", "all_three", {}),
    ("An extra system appears: {card}", "extra_system", {}),
    ("{seat} keeps {card} ({n} VP)", "keep_event", {}),
    ("{seat} builds a level-{n} ship at {loc}", "build", {}),
    ("{seat} upgrades a ship at {loc} to level {n}", "upgrade", {}),
    ("{seat} colonizes {card}", "colonize", {}),
    ("{seat} takes the Basic Spacefaring action {n}", "basic", {"n": "space"}),
    ("{seat} retires a ship at {loc} into population", "retire", {}),
    ("{seat} moves a supply cube to column A", "extend_supply", {}),
    ("The {n} guild is open to every faction", "guild_open", {"n": "guild"}),
    ("{seat} reserves {card} with a star disc", "star", {}),
    ("{seat} jumps a level-{n} ship from {loc} to {loc2}", "jump", {}),
    ("{seat} gains {n} ore for taking control", "takeover_ore", {}),
    ("{seat} researches {card}", "research", {}),
    ("{seat} researches the unrevealed slot {loc}", "research_unrevealed", {"loc": "slot"}),
    ("Event: {card}", "event", {}),
    ("{seat} reveals tech cards looking for type {n}", "reveal", {"n": "tech_type"}),
    ("{seat} discovers {card} in slot {loc}", "discover_tech", {"loc": "slot"}),
    ("{card} is discovered at {loc}", "discover_system", {}),
    ("{seat} uses {n}", "use_ability", {"n": "ability"}),
    ("{seat} moves to {n}", "move", {"n": "space"}),
    ("{seat} grows {n} population", "growth", {}),
    ("{seat} produces {n} ore", "produce_ore", {}),
    ("{seat} trades ore for a population", "trade_buy_population", {}),
    ("{seat} retires a ship into population", "trade_retire", {}),
    ("{seat} trades a population for an ore", "trade_sell_population", {}),
    ("{seat} claims {card}", "claim", {}),
    ("{seat}'s star disc on {card} becomes a real disc", "star_real", {}),
    ("The end is triggered: this round and one more full round are left", "end_triggered", {}),
    ("{seat} gains the power {n}", "power", {"n": "power"}),
    ("{seat} takes the action of {n} as a copy", "copy", {"n": "space"}),
    ("{seat} moves a supply cube to column {n}", "move_cube", {"n": "column"}),
    ("Round limit: round {n} is the last round", "round_limit", {}),
    ("The game is over", "game_over", {}),
    ("Round {n} begins", "round", {}),
    ("{seat} moves to {n}, space {m}", "move_space", {"n": "action"}),
    ("{seat} pays {n} ore and {m} population", "pay_both", {}),
    ("{seat} pays {n} ore", "pay_ore", {}),
    ("{seat} pays {n} population", "pay_population", {}),
    ("{seat} turns a population into a level-{n} ship at {loc}", "build_population", {}),
    ("{seat} trades {n} ore for a population", "trade_buy", {}),
    ("{seat} pays {n} ore to retire a ship at {loc} into population", "trade_retire_at", {}),
    ("{seat} trades a population for {n} ore", "trade_sell", {}),
)
LEGACY: frozenset[str] = frozenset({"{seat} moves to {n}", "{seat} trades ore for a population",
                                    "{seat} retires a ship into population", "{seat} trades a population for an ore"})
"""The stored templates the rules no longer write (the move now names its space, the trades their amounts), kept so
that a state stored with them still reads."""
HEADER_KIND: dict[str, str] = {"bts.log.round": "round"}
"""The log lines that open a part of the game, by id: their ``Message.kind`` (the page draws them as separators)."""

# The effect steps (their op, as effects.py names them) that ask a question of their own: ``bts.prompt.<op>``
# (without the leading "_"), each followed by where it comes from. Any other step asks ``bts.prompt.other``. Two
# read otherwise where the question does (describe.py): an event's ``may_pay`` (``bts.prompt.may_pay_event``) and a
# reveal once its cards are out (``bts.prompt.reveal_keep``).
STEP_PROMPTS = ("build_ship", "upgrade_ship", "jump", "research", "_reveal", "colonize", "_settle", "basic_action",
                "retire_ship", "choose", "may_pay", "_may", "extend_supply_a", "remove_guild_tile", "automate",
                "_star_disc", "copy_research", "move_supply")


def _locations() -> dict[str, str]:
    """Return every board location id (both sides of the exploration board) -> its name."""
    out: dict[str, str] = {}
    for side in board()["exploration"]["sides"].values():
        for rec in side["locations"]:
            out.setdefault(rec["id"], str(rec["name"]))
    return out


LOCATIONS = _locations()
SYSTEM_PLACES = tuple(rec["id"] for side in board()["exploration"]["sides"].values() for rec in side["locations"]
                      if rec["kind"] in ("system", "extra"))
"""The locations where a system card may lie (the log names them with it, ``bts.term.system_at.<loc>``)."""
GUILDS = {str(g["id"]): str(g["name"]) for g in board()["guilds"]}
SPACES = {str(row): str(act["name"]) for row, act in board()["basic_spacefaring"]["actions"].items()}


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


COUNTER_PLURAL = {"colonies": "colonies you have", "ships": "ships you have", "techs": "techs you researched",
                  "controlled": "locations you control with a base disc"}
"""A counter as "for every 2 <nouns>" in a gain with ``every``."""


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
        out = f"gain {n} ore" + _per_words(step)
    elif op == "gain_population":
        out = f"gain {n} population" + _per_words(step)
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
        if step.get("same_ship"):
            out = f"make {_plural(n, 'upgrade', 'upgrades')} of {_plural(int(step['levels']), 'level', 'levels')}, " \
                  "the same ship or different ones"
    elif op == "jump":
        out = f"make {_plural(n, 'jump', 'jumps')} with your ships"
        if step.get("ore_per_takeover"):
            out += f", gaining {step['ore_per_takeover']} ore for each location you take"
    elif op == "research":
        if "levels" in step:
            out = f"research a level-{_levels(step['levels'])} tech"
        else:
            by = step["level_by"]
            out = (f"research a tech whose level is {by['plus']} plus 1 per {COUNTER_NOUN[by['per']]} (at most "
                   f"{ROMAN[int(by['max'])]})")
        out += " that is already revealed" if step.get("revealed_only") else ""
        out += ", ignoring its prerequisites" if step.get("ignore_prereqs") else ""
        out += ", without its Immediately bonus" if step.get("no_immediate") else ""
        out += " (optional)" if step.get("optional") or step.get("bga_optional") else ""
    elif op == "colonize":
        out = "colonize a system you control"
        if step.get("uncontrolled_at_start"):
            out = "colonize a system that no faction controlled at the start of your turn"
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
    elif op == "pay":
        out = f"pay {cost_words(step['cost'])} to {steps_words(step['steps'], capital=False)}"
    elif op == "copy_research":
        out = "carry out any action that researches (its cost paid), even one of a tech you have not researched"
    elif op == "move_supply":
        out = f"move your {_plural(n, 'rightmost supply cube', 'rightmost supply cubes')} to any supply columns"
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


def _per_words(step: dict[str, Any]) -> str:
    """Return the "per ..." part of a gain in words: " per colony you have", " for every 2 ...", " (at most 3)"."""
    if "per" not in step:
        return ""
    every = int(step.get("every", 1))
    out = (f" per {COUNTER_NOUN[step['per']]}" if every == 1 else
           f" for every {every} {COUNTER_PLURAL.get(step['per'], COUNTER_NOUN[step['per']])}")
    return out + (f" (at most {step['max']})" if "max" in step else "")


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
    """Return the table view's texts made from the data: lists of effect steps, the help of each action space and
    guild, and each system's reward, in words."""
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
    return out


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


def data_entries() -> dict[str, Entry]:
    """Return the entries whose words come from the game's data: the names of locations, guilds, action spaces and
    cards, the cards' texts, and the table view's words about effects, rewards and spaces."""
    return _merge({f"bts.term.loc.{loc}": name for loc, name in LOCATIONS.items()},
                  {f"bts.term.system_at.{loc}": f"{{card}} ({LOCATIONS[loc][0].lower()}{LOCATIONS[loc][1:]})"
                   for loc in dict.fromkeys(SYSTEM_PLACES)},
                  {f"bts.term.guild.{g}": name for g, name in GUILDS.items()},
                  {f"bts.term.space.{row}": name for row, name in SPACES.items()}, _tv_entries(), _card_entries())


WRITTEN: dict[str, Entry] = load_locale(LOCALE_FILE)
"""The locale file's entries (locales/en.json): every message written by hand (the data gives the rest)."""


@cache
def table() -> dict[str, Entry]:
    """Return the whole table: the locale file's entries and those made from the data, no id in both. The entries
    from the data are registered when first needed (``core.text``'s ``derived``)."""
    return _merge(WRITTEN, data_entries())


PARTS = ("log", "act", "prompt", "term", "opt", "outcome", "summary", "setup")
"""The kinds of entry (ids ``bts.<kind>.*``): with the cards' entries and the game's name, the whole table."""


def part(kind: str) -> dict[str, Entry]:
    """Return the table's entries of one kind (ids ``bts.<kind>.*``)."""
    return {k: v for k, v in table().items() if k.startswith(f"{NS}.{kind}.")}


register_messages(NS, WRITTEN, game=GAME, derived=data_entries)
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
                                                   for stored, slug, kinds in LOG_SPEC}
_SPACE_BY_NAME: dict[str, Ref] = {  # (a name two decks share names the current deck's card: see RULES-NOTES.md)
    **{str(rec["name"]): ("card", cid) for cid, rec in reversed(list(techs().items()))},
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
    if kind == "loc":
        loc, _sep, card = str(value).partition(PLACE_SEP)
        if card:
            return ("msg", text(f"bts.term.system_at.{loc}", card=("card", card)).to_json())
        return term("loc", loc)
    if kind in ("slot", "level", "disc", "guild", "tech_type", "column"):
        return term(kind, value)
    if kind == "action":
        area, _sep, key = str(value).partition(".")
        if area in ("bs", "guild") and key:
            return term("space" if area == "bs" else "guild", key)
        return ("card", str(value))
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
    return Message(template(msg_id), t.args, id=msg_id, kind=HEADER_KIND.get(msg_id))


__all__ = ["WRITTEN", "ability_ref", "card_name", "catalog", "english", "loc_ref", "log_message", "source_ref",
           "term", "text"]
