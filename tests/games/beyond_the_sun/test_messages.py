"""Beyond the Sun's message table: every log line, label, prompt, summary line and game word is a catalog id."""

from __future__ import annotations

import ast
import doctest
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pyengine.core import icu
from pyengine.core import text as core_text
from pyengine.core.api import JSON, Message, Outcome
from pyengine.core.text import REF_KINDS, Text, catalog, english, fill, text
from pyengine.games.beyond_the_sun import messages as bts_messages
from pyengine.games.beyond_the_sun.cards import achievements, board, events, factions, systems, techs
from pyengine.games.beyond_the_sun.info import INFO
from pyengine.games.beyond_the_sun.messages import LOG_SPEC, card_name, log_message, term
from pyengine.games.beyond_the_sun.scoring import breakdown
from pyengine.games.beyond_the_sun.state import BTSState

from ..locales import check_locale
from .helpers import bare, do, fac, new, play, run_steps, ships, turn

PACKAGE = Path(bts_messages.__file__).parent
GAME_ID = "beyond_the_sun"
# Codes that must never reach a player: snake_case keys, slot/space ids, card ids, board location ids (the board's
# own names "Near system A1", "Far system B2", "Extra system" are names, not codes, and so is "supply column A").
RAW_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[IV]+-\d\b|\b[A-Z]{2,}(?:-[A-Z0-9]+)+\b|\b(?:bs|guild|tech)\.\w"
                    r"|\b(?:SOL|DEEP|SY\d)\b|(?<!system )(?<!column )\b[ABX]\d?\b(?! system)|star-disc")
SEAT_N = re.compile(r"\bseat \d", re.IGNORECASE)
NAMES = ["Ann", "Bo", "Cy", "Di"]
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"advanced_mats": True, "anytime_windows": "rulebook", "control_ties": "strict"},
    {"advanced_mats": True, "first_game_achievements": True, "star_discs_at_end": False,
     "anomaly_research_optional": False, "round_limit": 10},
]


@cache
def _catalog() -> dict[str, dict[str, str]]:
    """Return the message catalog, built once for the whole test module."""
    return catalog()


def _games(seeds: int) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Yield (players, seed, options) for seeded random games of every player count and the main option sets."""
    for players in range(INFO.min_players, INFO.max_players + 1):
        for options in OPTION_SETS:
            for seed in range(seeds):
                yield players, seed, options


def _check_refs(args: tuple[tuple[str, tuple[str, Any]], ...], where: str) -> None:
    """Assert every reference is a page kind, every term is registered and every card has a catalog name."""
    cat = _catalog()
    for name, (kind, value) in args:
        assert kind in REF_KINDS, f"{where}: argument {name} has kind {kind!r}"
        assert kind != "text", f"{where}: argument {name} is free text, but players typed nothing here"
        if kind == "term":
            assert value in cat, f"{where}: term {value!r} is not registered"
        if kind == "card":
            assert f"bts.card.{value}.name" in cat, f"{where}: card {value!r} has no catalog name"
        if kind == "cards":
            assert all(f"bts.card.{v}.name" in cat for v in value), f"{where}: a card of {value!r} has no name"


def _check_message(m: Message) -> str:
    """Assert one log message has a catalog id, the id's template and only page references; return the id."""
    assert m.id is not None, f"log template {m.template!r} has no catalog id"
    entry = _catalog()[m.id]
    assert m.template == entry["t"]
    assert set(icu.arguments(icu.parse(entry["t"]))) == {k for k, _ in m.args}, m.id
    if "you" in entry:
        assert set(icu.arguments(icu.parse(entry["you"]))) <= {k for k, _ in m.args}, m.id
        assert dict(m.args)[entry["subject"]][0] == "player", m.id
    _check_refs(m.args, m.id)
    return m.id


def _plain(t: Text) -> str:
    """Return a Text's English with every card name replaced by <card> (card names may contain digits)."""
    args = {k: (("text", "<card>") if kind in ("card", "cards") else (kind, v)) for k, (kind, v) in t.args}
    return fill(core_text.template(t.id), args, GAME_ID)


def _from_json(j: JSON) -> Text:
    """Return the Text that a Text JSON (as the view's summary holds it) stands for, checking its template."""
    assert set(j) == {"id", "t", "args"}, j
    assert j["t"] == _catalog()[j["id"]]["t"]
    args = []
    for k, ref in j["args"].items():
        assert len(ref) == 1, ref
        args.append((k, next(iter(ref.items()))))
    return Text(j["id"], tuple(args))


# --- log lines -----------------------------------------------------------------------------------------------

def test_every_logged_line_of_random_games_has_an_id_and_page_refs() -> None:
    """Log coverage: every line seeded random games log (2-4 players, main options, to the end) has an id."""
    seen: set[str] = set()
    for players, seed, options in [*_games(seeds=5), (3, 7, {})]:  # (3 players, seed 7: a game the end triggers)
        for i, state in enumerate(play(players, seed, options)):
            if i % 10 == 0 or state.is_terminal():  # the log keeps its last 150 lines: read it often enough
                seen.update(_check_message(m) for m in state.messages())
    expected = {"bts.log.setup", "bts.log.move_space", "bts.log.round", "bts.log.pay_ore", "bts.log.jump",
                "bts.log.take_control", "bts.log.discover_tech",
                "bts.log.research", "bts.log.event", "bts.log.claim", "bts.log.game_over", "bts.log.round_limit",
                "bts.log.end_triggered", "bts.log.power", "bts.log.use_ability", "bts.log.star"}
    assert expected <= seen, expected - seen


def _stored_in_source() -> tuple[list[str], int]:
    """Return every template literal passed to log() in the game package, and the number of composed ones."""
    found: list[str] = []
    composed = 0
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "log":
                tpl = node.args[1]
                if isinstance(tpl, ast.Constant) and isinstance(tpl.value, str):
                    found.append(tpl.value)
                else:
                    composed += 1
    return found, composed


def test_every_template_in_the_rules_source_has_an_id() -> None:
    """Log coverage: every template literal passed to log() anywhere in the package maps to a catalog id."""
    found, composed = _stored_in_source()
    stored = {s for s, _, _ in LOG_SPEC}
    assert len(found) >= 35 and composed == 0
    assert not [t for t in found if t not in stored], "log templates without a catalog id"
    assert not [t for t in stored - bts_messages.LEGACY if t not in found], "catalog log entries nothing logs any more"
    assert not [t for t in bts_messages.LEGACY if t in found or t not in stored], "legacy lines are only read"


def test_rare_log_lines_have_ids() -> None:
    """Log coverage: production of all three, moving a supply cube to column A and ore for a takeover log ids."""
    s = bare(3)
    run_steps(s, 0, [{"op": "production_all_three"}])
    fac(s, 0)["supply"][3] = 1
    run_steps(s, 0, [{"op": "extend_supply_a"}])
    do(s, "accept")
    ships(s, 1, "SY1", 1)
    ships(s, 0, "SOL", 2)
    run_steps(s, 0, [{"op": "jump", "n": 1, "ore_per_takeover": 2}])
    do(s, "jump at=SOL level=2 to=SY1")
    ids = [_check_message(m) for m in s.messages()]
    assert {"bts.log.all_three", "bts.log.extend_supply", "bts.log.takeover_ore"} <= set(ids)
    takeover = next(m for m in s.messages() if m.id == "bts.log.takeover_ore")
    assert english(Text("bts.log.takeover_ore", takeover.args), names=NAMES) == "Ann gains 2 ore for taking control"


def test_stored_arguments_become_page_references() -> None:
    """Log refs: seats become players, places and kinds of thing become terms, named things cards, numbers n."""
    cases: list[tuple[str, dict[str, dict[str, Any]], str]] = [
        ("{seat} jumps a level-{n} ship from {loc} to {loc2}",
         {"seat": {"seat": 1}, "n": {"n": 2}, "loc": {"loc": "SOL"}, "loc2": {"loc": "A1"}},
         "Bo jumps a level-2 ship from Sol to Near system A1"),
        ("{seat} automates a {n} disc", {"seat": {"seat": 0}, "n": {"n": "ore"}}, "Ann automates an ore disc"),
        ("{seat} automates a {n} disc", {"seat": {"seat": 0}, "n": {"n": "ach"}},
         "Ann automates an achievement disc"),
        ("The {n} guild is open to every faction", {"n": {"n": "technocrats"}},
         "The Guild of Technocrats is open to every faction"),
        ("{seat} moves to {n}", {"seat": {"seat": 2}, "n": {"n": "Research II"}}, "Cy moves to Research II"),
        ("{seat} moves to {n}", {"seat": {"seat": 2}, "n": {"n": "Guild of Professors"}},
         "Cy moves to Guild of Professors"),
        ("{seat} moves to {n}", {"seat": {"seat": 2}, "n": {"n": "Colony Arks"}}, "Cy moves to Colony Arks \u2020"),
        ("{seat} uses {n}", {"seat": {"seat": 0}, "n": {"n": "Reserve an achievement with a star disc"}},
         "Ann uses a star disc to reserve an achievement"),
        ("{seat} uses {n}", {"seat": {"seat": 0}, "n": {"n": "SYS-B-61-CYGNI-JUMP"}}, "Ann uses 61 Cygni \u2020"),
        ("{seat} gains the power {n}", {"seat": {"seat": 3}, "n": {"n": "UNS-GALACTIC-HQ"}},
         "Di gains the power Galactic HQ \u2020"),
        ("{seat} researches the unrevealed slot {loc}", {"seat": {"seat": 0}, "loc": {"loc": "II-3"}},
         "Ann researches the unrevealed level-II slot 3"),
        ("{seat} discovers {card} in slot {loc}",
         {"seat": {"seat": 0}, "card": {"card": "II-COLONY-ARKS"}, "loc": {"loc": "II-3"}},
         "Ann discovers Colony Arks \u2020 in level-II slot 3"),
        ("{seat} reveals tech cards looking for type {n}", {"seat": {"seat": 1}, "n": {"n": "military"}},
         "Bo reveals tech cards looking for type Military"),
        ("{seat} gains a private level-{n} technology", {"seat": {"seat": 1}, "n": {"n": 3}},
         "Bo gains a private level-III technology"),
        ("{seat} takes the Basic Spacefaring action {n}", {"seat": {"seat": 1}, "n": {"n": "Build and jump"}},
         "Bo takes the Basic Spacefaring action Build and jump"),
    ]
    for stored, args, words in cases:
        m = log_message(stored, args)
        _check_message(m)
        assert english(Text(m.id or "", m.args), names=NAMES) == words
    jump = log_message(cases[0][0], cases[0][1])
    assert jump.args == (("seat", ("player", 1)), ("n", ("n", 2)), ("loc", ("term", "bts.term.loc.SOL")),
                         ("loc2", ("term", "bts.term.loc.A1")))


def test_unknown_stored_template_keeps_its_words_and_has_no_id() -> None:
    """A stored line no table knows is passed through with page refs but no id (so the coverage tests can fail)."""
    m = log_message("{seat} does something new with {n} and {what}",
                    {"seat": {"seat": 0}, "n": {"n": 2}, "what": {"n": "a thing"}})
    assert m.id is None and m.template == "{seat} does something new with {n} and {what}"
    assert m.args == (("seat", ("player", 0)), ("n", ("n", 2)), ("what", ("text", "a thing")))


def test_player_subject_lines_have_second_person_forms() -> None:
    """Second person: every line whose subject is a player has a 'You'/'Your' form with no third-person verb."""
    cat = _catalog()
    checked = 0
    for _stored, slug, _kinds in LOG_SPEC:
        entry = bts_messages.WRITTEN[f"bts.log.{slug}"]
        third = entry[0] if isinstance(entry, tuple) else entry
        if not third.startswith("{seat}"):
            assert not isinstance(entry, tuple), slug
            continue
        item = cat[f"bts.log.{slug}"]
        you = item.get("you")
        assert you is not None and item["subject"] == "seat", f"{slug} has no second-person form"
        if third.startswith("{seat}'s "):
            assert you.startswith("Your ") and you[5:] == third[len("{seat}'s "):], slug
        else:
            assert you.startswith("You "), slug
            verb, you_verb = third.split()[1], you.split()[1]
            if verb != "may":
                stem = verb.removesuffix("es") if verb.endswith(("ches", "shes", "sses")) else verb.removesuffix("s")
                assert verb.endswith("s") and you_verb == stem, slug
            assert you.split(maxsplit=2)[2:] == third.split(maxsplit=2)[2:], slug
        for word in ("their", "they", "{seat}", " has ", " is ", "'s "):
            assert word not in you, f"{slug}: {word!r} in {you!r}"
        checked += 1
    assert checked >= 30
    assert cat["bts.log.gain_ore"] == {"t": "{seat} gains {n} ore", "you": "You gain {n} ore", "subject": "seat"}
    assert cat["bts.log.trade_buy_population"]["you"] == "You trade ore for a population"
    assert cat["bts.log.star_real"]["you"] == "Your star disc on {card} becomes a real disc"
    assert cat["bts.log.research_unrevealed"]["you"] == "You research the unrevealed {loc}"
    assert cat["bts.log.use_ability"]["you"] == "You use {n}"
    assert cat["bts.log.all_three"]["you"] == "You may grow, produce ore and trade this turn"


# --- labels and prompts --------------------------------------------------------------------------------------

def _check_label(label: Text | None, english_label: str, where: str) -> None:
    """Assert a label or prompt Text renders as the English the state gives, with no code in it."""
    assert label is not None, where
    assert english(label) == english_label, where
    assert "=" not in english_label and "{" not in english_label, english_label
    plain = _plain(label)
    assert not RAW_ID.search(plain), f"{where}: raw id in {english_label!r}"
    assert not SEAT_N.search(english_label), english_label
    _check_refs(label.args, where)


def _two_colonies_ready() -> BTSState:
    """Return seat 0 asked which of two systems to colonize (a colonize is rare in random play: ships seldom gather
    the strength)."""
    state = bare(3)
    state.d["covered"].remove("terraformers")
    for loc in ("A1", "A2"):
        ships(state, 0, loc, 4, 2)
    fac(state, 0)["ore"] = 4
    do(state, "move space=guild.terraformers.0")
    return state


def test_every_legal_action_and_prompt_of_random_games_has_a_text() -> None:
    """Labels: at every decision of seeded random games (and of a colonize choice) each legal action and prompt is a
    Text without codes."""
    kinds: set[str] = set()
    prompts: set[str] = set()
    for game in [*_games(seeds=3), None]:
        states = play(*game) if game else [_two_colonies_ready()]
        for state in states:
            for seat in sorted(state.to_move()):
                kind, prompt = state.decision_prompt(seat)
                prompts.add(kind)
                _check_label(state.prompt_text(seat), prompt, f"prompt {kind}")
                for action in state.legal_actions(seat):
                    kinds.add(action.kind)
                    _check_label(state.describe_text(seat, action), state.describe(seat, action), str(action))
    assert {"move", "research", "tech_type", "keep", "build", "jump", "upgrade", "colonize", "basic", "produce",
            "trade", "claim", "guild", "automate", "option", "ability", "star", "skip", "stop", "done",
            "accept", "decline", "pay"} <= kinds, kinds
    assert {"action", "production", "trade", "build_ship", "jump", "research", "reveal", "may"} <= prompts


@pytest.mark.parametrize(("key", "args", "expected"), [
    ("bts.log.setup", {"n": 2, "seat": ("player", 0)}, "Setup for 2 players; the first player is Player 1"),
    ("bts.log.setup", {"n": 1, "seat": ("player", 0)}, "Setup for 1 player; the first player is Player 1"),
    ("bts.summary.automation", {"n": 1, "left": 15}, "Automation 1 disc; production discs left 15"),
    ("bts.summary.automation", {"n": 0, "left": 16}, "Automation 0 discs; production discs left 16"),
])
def test_setup_and_automation_counts_read_in_the_singular_and_plural(key: str, args: dict[str, Any],
                                                                    expected: str) -> None:
    """English (issue 30): the setup line counts players and the faction summary counts automation discs with a
    plural form ("1 player", "1 disc", "0 discs")."""
    assert english(text(key, **args)) == expected


def test_sample_labels_and_prompts_in_english() -> None:
    """English: sample labels and prompts read as before, with card names for cards and names for places."""
    s = bare(3, seed=2)
    d = s.d
    d["slots"]["II-3"]["card"] = None
    assert s.describe(0, s.game.parse_action("research slot=II-3")) == "Research a new tech in level-II slot 3"
    card = d["slots"]["I-1"]["card"]
    assert s.describe(0, s.game.parse_action("research slot=I-1")) == f"Research {card_name(card)} (level-I slot 1)"
    assert s.describe(0, s.game.parse_action("build at=SY2")) == "Build the ship at Shipyard Ganymede"
    system = d["locs"]["A1"]
    assert s.describe(0, s.game.parse_action("jump at=SOL level=1 to=A1")) == (
        f"Jump a level-1 ship from Sol to {card_name(system)}")
    label = s.describe_text(0, s.game.parse_action("jump at=SOL level=1 to=A1"))
    assert label is not None and dict(label.args)["to"] == ("card", system)
    assert dict(label.args)["at"] == ("term", "bts.term.loc.SOL")
    assert s.describe(0, s.game.parse_action("move space=bs.research_2.2")) == (
        "Action: Research II (Basic Spacefaring, space 3) for 3 ore")
    assert s.describe(0, s.game.parse_action("move space=bs.gain.0")) == "Action: Gain (Basic Spacefaring, space 1)"
    assert s.describe(0, s.game.parse_action("automate track=ore")) == "Automate an ore disc"
    assert s.describe(0, s.game.parse_action("guild id=professors")) == "Open the Guild of Professors"
    assert s.describe(0, s.game.parse_action("tech_type type=military")) == "Choose Military"
    assert s.describe(0, s.game.parse_action("option n=0")) == "Choose option 1"
    assert s.describe(0, s.game.parse_action("end_turn")) == "End your turn"
    assert s.describe(0, s.game.parse_action("trade what=sell_population")) == "Trade a population for 1 ore"
    assert s.decision_prompt(0) == ("action", "Move your pawn to an action space")
    turn(s, 0, "production")
    assert s.decision_prompt(0) == ("production", "Production: grow, produce ore, or trade")
    turn(s, 0)
    do(s, "move space=bs.build_jump.0")
    prompt = s.prompt_text(0)
    assert prompt is not None and dict(prompt.args)["source"] == ("term", "bts.term.space.build_jump")
    assert s.decision_prompt(0)[1] in ("Where is the new ship built? (Build and jump)",
                                       "Move your ships, one jump at a time (Build and jump)")
    assert english(text("bts.act.claim", card=("card", "ACH-WARLORD"))) == "Claim the achievement Warlord"
    assert english(text("bts.act.star", card=("card", "ACH-METROPOLIS"))) == (
        "Reserve Metropolis \u2020 with a star disc")
    assert english(text("bts.log.claim", seat=("player", 1), card=("card", "ACH-EMPIRE")), names=NAMES) == (
        "Bo claims Empire")


def test_abilities_are_named_by_the_card_or_power_that_gives_them() -> None:
    """Labels: an anytime ability is named by its card or power (never its id); the star disc by what it does."""
    assert english(text("bts.act.ability", ability=bts_messages.ability_ref("UNS-GALACTIC-HQ-UPGRADE"))) == (
        "Use Galactic HQ \u2020")
    assert english(text("bts.act.ability", ability=bts_messages.ability_ref("SYS-B-61-CYGNI-JUMP"))) == (
        "Use 61 Cygni \u2020")
    assert english(text("bts.act.ability", ability=bts_messages.ability_ref("star-disc"))) == (
        "Use a star disc to reserve an achievement")
    d: dict[str, Any] = {"slots": {}}
    assert english(text("bts.prompt.star_disc", source=bts_messages.source_ref(d, "star-disc"))) == (
        "Choose the achievement to reserve (Giga-Corporations \u2020)")
    assert english(text("bts.prompt.build_ship", source=bts_messages.source_ref(d, "setup:UNS"))) == (
        "Where is the new ship built? (United Nations of Sol)")
    assert english(text("bts.prompt.build_ship", source=bts_messages.source_ref(d, "test"))) == (
        "Where is the new ship built? (the action)")


def test_labels_summary_and_log_leave_the_state_json_unchanged() -> None:
    """The state JSON never changes: describing, prompting, viewing and reading the log change nothing stored."""
    for i, state in enumerate(play(3, 4, {})):
        before = state.to_json()
        for seat in sorted(state.to_move()):
            state.prompt_text(seat)
            state.decision_prompt(seat)
            for action in state.legal_actions(seat):
                state.describe_text(seat, action)
                state.describe(seat, action)
        state.messages()
        state.view(0)
        assert state.to_json() == before
        if i > 120:
            break


# --- the summary ---------------------------------------------------------------------------------------------

def test_summary_titles_and_lines_are_texts_with_player_and_term_refs() -> None:
    """Summary: every title and line is Text JSON of a registered id, players by ref, places by name, no codes."""
    ids: set[str] = set()
    for players, seed, options in _games(seeds=1):
        for i, state in enumerate(play(players, seed, options)):
            if i % 40 and not state.is_terminal():
                continue
            view = state.view(None)
            assert len(view["summary"]) == players + 1
            for b, block in enumerate(view["summary"]):
                title = _from_json(block["title"])
                if b:
                    assert dict(title.args)["seat"] == ("player", b - 1)
                for t in [title, *(_from_json(line) for line in block["lines"])]:
                    ids.add(t.id)
                    _check_refs(t.args, t.id)
                    words = english(t, names=NAMES)
                    assert not SEAT_N.search(words) and "Seat" not in words, words
                    assert not RAW_ID.search(_plain(t)), words
    assert {"bts.summary.table", "bts.summary.faction_title", "bts.summary.faction", "bts.summary.resources",
            "bts.summary.ships", "bts.summary.techs", "bts.summary.vp", "bts.summary.system_held",
            "bts.summary.system_free", "bts.summary.achievement_disc"} <= ids


def test_summary_keeps_the_information_in_words() -> None:
    """Summary: control, ships, techs and the countdown read in words with the players' names."""
    s = bare(3, seed=5)
    ships(s, 1, "A1", 2, n=2)
    ships(s, 2, "SY1", 1)
    view = s.view(1)
    table = [english(_from_json(j), names=NAMES) for j in view["summary"][0]["lines"]]
    a1 = card_name(s.d["locs"]["A1"])
    assert table[0] == "Round 1, Ann to act; 0 of 3 achievement discs placed"
    assert any(line.startswith(f"Near system A1: {a1} (colonize ") and line.endswith(", controlled by Bo")
               for line in table), table
    assert "Shipyards controlled: Shipyard Ceres (Cy)" in table
    assert "Guilds still covered: Guild of Terraformers, Guild of Professors, Guild of Technocrats, " \
           "Guild of Metascientists" in table
    bo = [english(_from_json(j), names=NAMES) for j in view["summary"][2]["lines"]]
    assert english(_from_json(view["summary"][2]["title"]), names=NAMES) == (
        f"Bo: {card_name(s.d['factions'][1]['id'])}")
    assert f"Ships at {a1}: 0 of level 1, 2 of level 2, 0 of level 3, 0 of level 4 (strength 4)" in bo
    assert "Techs: none" in bo and "Colonies: none" in bo
    s.d["achievements"][0]["discs"] = [{"seat": 2, "star": False}, {"seat": 0, "star": True}]
    ach = s.d["achievements"][0]["id"]
    vps = achievements()[ach]["slots"]
    table = [english(_from_json(j), names=NAMES) for j in s.view(0)["summary"][0]["lines"]]
    assert f"{card_name(ach)}: Cy holds the {vps[0]} VP slot" in table
    assert f"{card_name(ach)}: Ann holds the {vps[1]} VP slot with a star disc" in table


# --- game info words, cards, the catalog ----------------------------------------------------------------------

def test_every_option_and_choice_has_words() -> None:
    """Options: every option has a label (the same as info.py's) and a one-line help; every choice too."""
    cat = _catalog()
    for opt in INFO.options:
        assert cat[f"bts.opt.{opt.name}.label"]["t"] == opt.label, opt.name
        help_text = cat[f"bts.opt.{opt.name}.help"]["t"]
        assert help_text and "\n" not in help_text and len(help_text) <= 100, opt.name
        for choice in opt.choices:
            assert cat[f"bts.opt.{opt.name}.choice.{choice}"]["t"], (opt.name, choice)
            choice_help = cat[f"bts.opt.{opt.name}.choice.{choice}.help"]["t"]
            assert choice_help and "\n" not in choice_help and len(choice_help) <= 100, (opt.name, choice)
    assert cat["bts.opt.control_ties.choice.defender"]["t"] == "The controller keeps it"
    assert cat["bts.opt.anytime_windows.choice.bga"]["t"] == "Between phases (Board Game Arena)"
    assert not [k for k in cat if k.startswith("bts.opt.") and k.split(".")[2] not in
                {o.name for o in INFO.options}]


def _tiebreaks_in_source() -> set[str]:
    """Return the tie-break strings that scoring.py's outcome() can give (assigned to reason, or named)."""
    tree = ast.parse((PACKAGE / "scoring.py").read_text(encoding="utf-8"))
    func = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "outcome")
    out: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ("reason", "names")
                                                for t in node.targets):
            out.update(str(c.value) for c in ast.walk(node.value) if isinstance(c, ast.Constant))
    return out


def test_every_tiebreak_and_detail_key_has_words() -> None:
    """Outcome words: each tie-break the scoring code names and each score-detail key it writes has an entry."""
    tiebreaks = _tiebreaks_in_source()
    assert {"vp", "production_discs", "population", "ore", "shared"} <= tiebreaks
    state = new(3)
    details = {"breakdown", *breakdown(state.d, 0)}
    assert len(details) >= 10
    for players, seed, options in _games(seeds=1):
        *_, last = play(players, seed, options)
        out = last.outcome()
        assert isinstance(out, Outcome)
        tiebreaks.add(out.tiebreak)
        details.update(out.details)
        details.update(k for row in out.details["breakdown"] for k in row)
    cat = _catalog()
    assert not [t for t in tiebreaks if f"bts.outcome.tiebreak.{t}" not in cat]
    assert not [k for k in details if f"bts.outcome.detail.{k}" not in cat]
    assert cat["bts.outcome.tiebreak.vp"]["t"] == "most VP"
    assert cat["bts.outcome.detail.sol_and_deep_space"]["t"] == "Most strength in Sol and Deep Space"


def test_terms_cover_places_slots_phases_and_kinds() -> None:
    """Terms: every board location, tech slot, phase, tech type, guild and Basic Spacefaring row has an entry."""
    cat = _catalog()
    from pyengine.games.beyond_the_sun.cards import TYPES, board

    for side in board()["exploration"]["sides"].values():
        for loc in side["locations"]:
            assert cat[f"bts.term.loc.{loc['id']}"]["t"] == loc["name"]
    for slot in board()["tech_tree"]["slots"]:
        assert term("slot", slot["id"])[1] in cat
    for phase in ("action", "production", "trade", "achievement", "over"):
        assert f"bts.term.phase.{phase}" in cat
    for t in TYPES:
        assert cat[f"bts.term.tech_type.{t}"]["t"] == t.capitalize()
    for g in board()["guilds"]:
        assert cat[f"bts.term.guild.{g['id']}"]["t"] == g["name"]
    for row, act in board()["basic_spacefaring"]["actions"].items():
        assert cat[f"bts.term.space.{row}"]["t"] == act["name"]
    assert cat["bts.term.slot.IIII-2"]["t"] == "level-IIII slot 2"


def test_card_names_and_texts_come_from_the_card_data() -> None:
    """Cards: every card, faction and power has a name and a text entry equal to its data (stand-ins marked)."""
    cat = _catalog()
    recs: list[dict[str, Any]] = [*techs().values(), *events().values(), *systems().values(),
                                  *achievements().values()]
    for fac_rec in factions()["factions"]:
        recs.append(fac_rec)
        recs.extend(fac_rec["advanced"].get("powers", []))
    for rec in recs:
        mark = " \u2020" if rec["origin"] == "stand-in" else ""
        assert cat[f"bts.card.{rec['id']}.name"]["t"] == rec["name"] + mark
        assert cat[f"bts.card.{rec['id']}.text"]["t"] == rec["text"]
        assert card_name(rec["id"]) == rec["name"] + mark
    assert len([k for k in cat if k.startswith("bts.card.")]) == 2 * len(recs)
    assert english(text("bts.act.keep", card=("card", "I-ROBOTICS"))) == "Keep Advanced Robotics"


def test_catalog_holds_each_id_once() -> None:
    """Catalog: no id is in two of the game's tables or twice in the locale file, and the catalog is the table."""
    cat = _catalog()
    bts = [k for k in cat if k.startswith("bts.")]
    assert sorted(bts) == sorted(bts_messages.table())
    parts = [bts_messages.part(kind) for kind in bts_messages.PARTS]
    named = ["bts.name"]  # the game's own name, which the home screen shows
    assert sum(len(p) for p in parts) + len([k for k in bts if k.startswith("bts.card.")]) + len(named) == len(bts)
    pairs = json.loads(bts_messages.LOCALE_FILE.read_text(encoding="utf-8"), object_pairs_hook=lambda kv: kv)
    keys = [k for k, _ in pairs]
    assert len(keys) == len(set(keys)), [k for k in keys if keys.count(k) > 1]
    assert len({s for s, _, _ in LOG_SPEC}) == len({slug for _, slug, _ in LOG_SPEC}) == len(LOG_SPEC)
    with pytest.raises(ValueError, match="defined twice"):
        bts_messages._merge({"bts.x": "a"}, {"bts.x": "b"})
    assert all(re.fullmatch(r"bts\.(log|act|prompt|term|opt|outcome|summary|setup|card)\.[A-Za-z0-9_.\-]+", k)
               for k in bts if k not in named)


def test_module_doctests_pass() -> None:
    """English: the examples in the message module's docstring give what they show."""
    result = doctest.testmod(bts_messages, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_locale_file_is_every_written_message_and_the_data_gives_the_rest() -> None:
    """Locale: locales/en.json is valid ICU, holds no id whose words come from the data (card, location, guild and
    action-space names, the table view's steps, space and guild help, system rewards), and with the data's entries
    is the registered table; the hand-written rewards (majority, shipyard) are in the file."""
    systems_ids = "|".join(re.escape(s) for s in systems())
    written = check_locale(bts_messages.LOCALE_FILE, "bts", bts_messages.data_entries(),
                           r"bts\.(card|term\.loc|term\.system_at|term\.guild|term\.space|summary\.tv\.steps|summary\.tv\.help\.bs"
                           rf"|summary\.tv\.help\.guild)\.|bts\.summary\.tv\.reward\.({systems_ids})$")
    assert {"bts.summary.tv.reward.majority", "bts.summary.tv.reward.shipyard"} <= set(written)
    assert written["bts.log.star_real"] == ("{seat}'s star disc on {card} becomes a real disc",
                                            "Your star disc on {card} becomes a real disc")
    assert written["bts.prompt.reveal"] == "Choose which type of tech to reveal ({source})"
    assert written["bts.prompt.reveal_keep"] == "Choose the card to keep ({source})"
    assert all(f"bts.prompt.{op.lstrip('_')}" in written for op in bts_messages.STEP_PROMPTS)


def test_the_written_families_cover_the_board_and_card_data() -> None:
    """Locale: the families written out in the locale file cover the data they name: every achievement's number of
    VP slots, every count of shipyards and of covered guilds, and every counter an achievement or power needs."""
    cat = _catalog()
    for ach in achievements().values():
        k = len(ach["slots"])
        assert {f"bts.summary.achievement_{k}", f"bts.summary.achievement_free_{k}"} <= set(cat), ach["id"]
    locations = {rec["id"] for side in board()["exploration"]["sides"].values() for rec in side["locations"]}
    for k in range(len([loc for loc in locations if loc.startswith("SY")]) + 1):
        assert f"bts.summary.shipyards_{k}" in cat
    for k in range(len(board()["guilds"]) + 1):
        assert f"bts.summary.guilds_{k}" in cat
    assert all(f"bts.summary.tv.needs.{counter}" in cat for counter in bts_messages.COUNTER_NOUN)
