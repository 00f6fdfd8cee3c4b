"""Jump Drive's message table: every log line, label, prompt and game word the page shows is a catalog id."""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pyengine.catalog import all_messages
from pyengine.core import icu
from pyengine.core import text as core_text
from pyengine.core.api import Message, Outcome
from pyengine.core.text import REF_KINDS, Text, catalog, english, text
from pyengine.games.jump_drive import messages as jd_messages
from pyengine.games.jump_drive.campaign import conditions
from pyengine.games.jump_drive.cards import card_types
from pyengine.games.jump_drive.info import INFO
from pyengine.games.jump_drive.messages import LOG, LOG_ONE, card_name, log_message, stored_templates
from pyengine.games.jump_drive.state import JDState
from pyengine.games.jump_drive.table_view import english_words, face_entries

from ..locales import check_locale
from ..random_play import random_game
from .helpers import GAME, inst, play, position

PACKAGE = Path(jd_messages.__file__).parent
RAW_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\w-\d+\b")
SEAT_N = re.compile(r"\bseat \d", re.IGNORECASE)


@cache
def _catalog() -> dict[str, dict[str, str]]:
    """Return the message catalog, built once for the whole test module."""
    return catalog()


def _option_sets(players: int) -> list[dict[str, Any]]:
    """Return the main option sets to play at a player count (the solo campaign ones for one player)."""
    sets: list[dict[str, Any]] = [{}, {"convoy_world_draw": True, "contact_discounts": False}]
    if players == 1:
        sets += [{"campaign": True}, {"campaign": True, "campaign_used": "magnate,warlord"}, {"solo_target": 20}]
    limit = next((o for o in INFO.options if o.name == "round_limit"), None)
    if limit is not None and limit.type == "int" and limit.applies_to(players):
        sets.append({"round_limit": limit.minimum or 1})
    return sets


def _games(seeds: int = 8) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Yield (players, seed, options) for seeded random games of every player count and option set."""
    for players in range(INFO.min_players, INFO.max_players + 1):
        for options in _option_sets(players):
            for seed in range(seeds):
                yield players, seed, options


def _play(players: int, seed: int, options: dict[str, Any]) -> Iterator[JDState]:
    """Play one seeded random game to its end, yielding the state before every action and at the end."""
    state = GAME.new_initial_state(seed=seed, players=players, options=options)
    assert isinstance(state, JDState)
    yield from random_game(state, seed, players, str(options))


def _finished_games() -> Iterator[JDState]:
    """Yield the final state of every seeded random game."""
    for players, seed, options in _games():
        last = None
        for state in _play(players, seed, options):
            last = state
        assert last is not None and last.is_terminal()
        yield last


def _check_refs(args: tuple[tuple[str, tuple[str, Any]], ...], where: str) -> None:
    """Assert every reference is a page kind, every term is registered and every card has a name."""
    cat = _catalog()
    for name, (kind, value) in args:
        assert kind in REF_KINDS, f"{where}: argument {name} has kind {kind!r}"
        if kind == "term":
            assert value in cat, f"{where}: term {value!r} is not registered"
        if kind == "card":
            assert card_name(value) != value, f"{where}: card {value!r} has no name"
        if kind == "cards":
            assert all(card_name(v) != v for v in value), f"{where}: a card of {value!r} has no name"


def _check_message(m: Message) -> None:
    """Assert one log message has a catalog id, the id's template, and only page references."""
    assert m.id is not None, f"log template {m.template!r} has no catalog id"
    entry = _catalog()[m.id]
    assert m.template == entry["t"]
    assert set(icu.arguments(icu.parse(entry["t"]))) == {k for k, _ in m.args}, m.id
    if "you" in entry:
        assert set(icu.arguments(icu.parse(entry["you"]))) <= {k for k, _ in m.args}, m.id
        assert dict(m.args)[entry["subject"]][0] == "player", m.id
    _check_refs(m.args, m.id)


# --- log lines -----------------------------------------------------------------------------------------------

def test_every_logged_line_of_random_games_has_an_id_and_page_refs() -> None:
    """Log coverage: every line seeded random games log (1-4 players, main options, to the end) has an id."""
    seen: set[str] = set()
    for state in _finished_games():
        for m in state.messages():
            _check_message(m)
            assert m.id is not None
            seen.add(m.id)
    assert {"jd.log.dealt", "jd.log.keeps", "jd.log.scores", "jd.log.game_ends", "jd.log.drew"} <= seen
    if any(o.name == "round_limit" for o in INFO.options):
        assert "jd.log.round_limit" in seen


def test_every_template_in_the_rules_source_has_an_id() -> None:
    """Log coverage: every template literal passed to msg() anywhere in the package maps to a catalog id."""
    found: list[str] = []
    composed = 0
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "msg":
                tpl = node.args[1]
                if isinstance(tpl, ast.Constant) and isinstance(tpl.value, str):
                    found.append(tpl.value)
                else:
                    composed += 1
    assert len(found) >= 15
    missing = [t for t in found if t not in stored_templates()]
    assert not missing, f"log templates without a catalog id: {missing}"
    # The one composed template: "{player} " + verb + " {card}" for the placements of a reveal.
    assert composed == 1
    for verb in ("places", "conquers", "places (Contact Specialist)"):
        assert "{player} " + verb + " {card}" in stored_templates()


def test_rare_log_lines_have_ids() -> None:
    """Log coverage: the campaign tick, an empty deck and discard pile, and a reshuffle all log catalog ids."""
    emp = [inst(t) for t in ("drop_ships", "space_marines", "galactic_salon", "investment_credits",
                             "mining_robots")] + [inst("rebel_outpost"), inst("rebel_base"), inst("rebel_world")]
    s = position(players=1, hands=[[inst("gem_world")]], empires=[emp], vp=[90], round=7,
                 options={"campaign": True})
    play(s, 0, "explore")
    while s.d.phase in ("pay", "hand_limit"):
        play(s, 0, str(s.legal_actions(0)[0]))
    assert s.d.phase == "campaign_tick"
    play(s, 0, "tick condition=warlord")
    msgs = s.messages()
    for m in msgs:
        _check_message(m)
    tick = next(m for m in msgs if m.id == "jd.log.ticks")
    assert dict(tick.args)["condition"] == ("term", "jd.term.condition.warlord")
    assert english(Text(tick.id or "", tick.args)) == "Player 1 ticks off the victory condition Warlord"
    assert "jd.log.conditions_met" in {m.id for m in msgs}

    empty = position(hands=[[inst("gem_world")], [inst("comet_zone")]])
    empty.d.deck, empty.d.discard = [], []
    play(empty, 0, "explore")
    play(empty, 1, "explore")
    ids = [m.id for m in empty.messages()]
    assert "jd.log.deck_empty" in ids and all(ids)
    reshuffled = position(hands=[[inst("gem_world")], [inst("comet_zone")]])
    reshuffled.d.deck, reshuffled.d.discard = [], [inst("asteroid_belt")]
    play(reshuffled, 0, "explore")
    play(reshuffled, 1, "explore")
    line = next(m for m in reshuffled.messages() if m.id and m.id.startswith("jd.log.reshuffle"))
    assert line.id == "jd.log.reshuffle_one" and english(Text(line.id, line.args)).endswith(
        "the discard pile (1 card) is shuffled into a new deck")


def test_unknown_stored_template_keeps_its_text_and_has_no_id() -> None:
    """A stored line no table knows is passed through as it is, with no id (so the coverage tests can fail)."""
    m = log_message("{player} does something new", {"player": {"player": 0}}, None)
    assert m.id is None and m.template == "{player} does something new"
    assert m.args == (("player", ("player", 0)),)


def test_player_subject_lines_have_second_person_forms() -> None:
    """Second person: every line whose subject is a player has a 'You ...' form with no third-person verb."""
    cat = catalog()
    checked = 0
    slugs = [slug for slug, _ in LOG] + [f"{s}_one" for s in LOG_ONE]
    for slug in slugs:
        entry = jd_messages.TABLE[f"jd.log.{slug}"]
        third = entry[0] if isinstance(entry, tuple) else entry
        if not third.startswith("{player}"):
            assert not isinstance(entry, tuple), slug
            continue
        item = cat[f"jd.log.{slug}"]
        you = item.get("you")
        assert you is not None and item["subject"] == "player", f"{slug} has no second-person form"
        assert you.startswith("You "), slug
        verb, you_verb = third.split()[1].rstrip(":"), you.split()[1].rstrip(":")
        if verb != "must":
            assert verb.endswith("s") and you_verb == verb.removesuffix("es" if verb.endswith("hes") else "s"), slug
        for word in ("their", "they", "{player}", " has ", " is "):
            assert word not in you, f"{slug}: {word!r} in {you!r}"
        checked += 1
    assert checked >= 12
    assert cat["jd.log.pays"] == {"t": "{player} pays {n} cards", "you": "You pay {n} cards", "subject": "player"}
    assert cat["jd.log.scores"]["you"] == "You score {n} VP (total {m})"
    assert cat["jd.log.explores"]["you"] == (
        "You explore: draw {n, plural, one {# card} other {# cards}}, then discard {m}")
    assert cat["jd.log.convoy_discard"]["you"] == "You discard {card} from your empire to place a second world"
    assert cat["jd.log.income_one"]["you"] == "You take {n} card of income"


@pytest.mark.parametrize(("n", "third", "second"), [
    (1, "Player 1 explores: draws 1 card, then discards 0", "You explore: draw 1 card, then discard 0"),
    (3, "Player 1 explores: draws 3 cards, then discards 1", "You explore: draw 3 cards, then discard 1"),
])
def test_explore_log_counts_the_cards_drawn_in_the_singular_and_plural(n: int, third: str, second: str) -> None:
    """English (issue 30): Explore's log line says "draws 1 card" and "draws 3 cards", in both persons."""
    m = log_message("{player} explores: draws {n} cards, then discards {m}",
                    {"player": {"player": 0}, "n": {"n": n}, "m": {"n": n // 2}}, None)
    assert m.id == "jd.log.explores"
    assert english(Text(m.id, m.args)) == third
    assert core_text.fill(_catalog()[m.id]["you"], dict(m.args)) == second


# --- labels and prompts --------------------------------------------------------------------------------------

def _check_label(state: JDState, seat: int, label: Text | None, english_label: str, where: str) -> None:
    """Assert a label or prompt Text renders as the English the state gives, with no code in it."""
    assert label is not None, where
    assert english(label) == english_label, where
    assert "=" not in english_label and "{" not in english_label, english_label
    assert not RAW_ID.search(english_label), f"{where}: raw id in {english_label!r}"
    assert not SEAT_N.search(english_label), english_label
    _check_refs(label.args, where)


def test_every_legal_action_and_prompt_of_random_games_has_a_text() -> None:
    """Labels: at every decision of seeded random games each legal action and prompt is a Text without codes."""
    kinds: set[str] = set()
    for players, seed, options in _games(seeds=3):
        for state in _play(players, seed, options):
            for seat in sorted(state.to_move()):
                kind, prompt = state.decision_prompt(seat)
                _check_label(state, seat, state.prompt_text(seat), prompt, f"prompt {kind}")
                for action in state.legal_actions(seat):
                    kinds.add(action.kind)
                    _check_label(state, seat, state.describe_text(seat, action), state.describe(seat, action),
                                 str(action))
    assert {"keep", "explore", "place", "pay"} <= kinds


def test_score_against_names_the_player_by_reference() -> None:
    """Labels: 'Score X against {seat}'s empire' carries the other player as a player ref, not 'player N'."""
    gf = inst("galactic_federation")
    s = position(players=3, hands=[[inst("gem_world")], [inst("comet_zone")], [inst("asteroid_belt")]],
                 empires=[[gf], [inst("investment_credits")],
                          [inst("space_marines"), inst("drop_ships"), inst("mining_robots")]])
    for seat in range(3):
        play(s, seat, "explore")
    while s.d.phase == "pay":
        for seat in sorted(s.to_move()):
            play(s, seat, str(s.legal_actions(seat)[0]))
    assert s.d.phase == "score_choice"
    action = GAME.parse_action(f"score_against card={gf} seat=2")
    label = s.describe_text(0, action)
    assert label is not None and dict(label.args)["seat"] == ("player", 2)
    assert s.describe(0, action) == "Score Galactic Federation against Player 3's empire (5 VP)"
    assert english(label, names=["Ann", "Bo", "Cy"]) == "Score Galactic Federation against Cy's empire (5 VP)"
    prompt = s.prompt_text(0)
    assert prompt is not None and english(prompt) == "Choose the other empire that your Galactic Federation counts"


def test_explore_and_hand_limit_steps_say_discard() -> None:
    """Labels: the explore and hand-limit steps are labelled and prompted as discarding, payment as paying."""
    s = position(hands=[[inst("gem_world"), inst("asteroid_belt")], [inst("comet_zone")]])
    play(s, 0, "explore")
    play(s, 1, "explore")
    assert s.d.owe_reason[0] == "explore"
    assert s.decision_prompt(0) == ("explore", "Explore: discard 3 more cards from your hand")
    assert all(s.describe(0, a).startswith("Discard (explore) ") for a in s.legal_actions(0))
    hand = [inst("asteroid_belt", i) for i in range(3)] + [inst("gem_world"), inst("gem_world", 1)] + [
        inst("galactic_trendsetters", i) for i in range(5)]
    h = position(hands=[hand, [inst("ancient_races")]], empires=[[inst("comet_zone")], []])
    play(h, 0, "place dev=survey")
    play(h, 1, "explore")
    while h.d.phase == "pay":
        for seat in sorted(h.to_move()):
            play(h, seat, str(h.legal_actions(seat)[0]))
    assert h.d.phase == "hand_limit"
    assert h.decision_prompt(0)[1].startswith("Hand limit: discard ")
    assert all(h.describe(0, a).startswith("Discard (hand limit) ") for a in h.legal_actions(0))
    p = position(hands=[[inst("gem_world"), inst("asteroid_belt"), inst("comet_zone")], [inst("alien_toy_shop")]])
    play(p, 0, f"place world={inst('gem_world')}")
    play(p, 1, "explore")
    assert p.d.owe_reason[0] == "pay" and p.decision_prompt(0)[1].startswith("Pay: discard ")
    assert all(p.describe(0, a).startswith("Pay with ") for a in p.legal_actions(0))


def test_sample_labels_in_english() -> None:
    """English: sample labels and prompts keep their wording, with card names for card refs."""
    s = position(hands=[[inst("gem_world"), inst("asteroid_belt"), inst("comet_zone")], [inst("alien_toy_shop")]])
    assert s.describe(0, GAME.parse_action("explore")) == "Explore: draw 5, then discard 3"
    assert s.describe(0, GAME.parse_action(f"place world={inst('gem_world')}")) == "Settle Gem World (pay 2)"
    assert s.describe(0, GAME.parse_action("place dev=survey")) == "Develop Survey Team (pay 0)"
    assert s.decision_prompt(0) == ("plan", "Round 1: place a development, a world, both, or explore")
    label = s.describe_text(0, GAME.parse_action("place dev=survey"))
    assert label is not None and dict(label.args)["dev"] == ("card", "survey_team-0")
    opening = GAME.new_initial_state(seed=3, players=2)
    action = opening.legal_actions(0)[0]
    a, b = (action.get("discard") or "").split(",")
    assert opening.describe(0, action) == f"Keep 5, discard {card_name(a)} and {card_name(b)}"
    assert english(text("jd.act.tick", condition=("term", "jd.term.condition.magnate"),
                        condition_text=("term", "jd.term.condition_text.magnate"))) == (
        "Tick off Magnate: Finish with at least 75 VP.")
    assert english(text("jd.log.pays", player=("player", 1), n=2), names=["Ann", "Bo"]) == "Bo pays 2 cards"


def test_labels_and_log_leave_the_state_json_unchanged() -> None:
    """The state JSON never changes: describing, prompting and reading the log change nothing stored."""
    for state in _play(2, 4, {}):
        before = state.to_json()
        for seat in sorted(state.to_move()):
            state.prompt_text(seat)
            for action in state.legal_actions(seat):
                state.describe_text(seat, action)
        state.messages()
        assert state.to_json() == before
        if state.d.round > 2:
            break


# --- game info words, cards, the catalog ----------------------------------------------------------------------

def test_every_option_and_choice_has_words() -> None:
    """Options: every option has a label (the same as info.py's) and a one-line help; every choice too."""
    cat = catalog()
    for opt in INFO.options:
        assert cat[f"jd.opt.{opt.name}.label"]["t"] == opt.label, opt.name
        help_text = cat[f"jd.opt.{opt.name}.help"]["t"]
        assert help_text and "\n" not in help_text and len(help_text) <= 110, opt.name
        for choice in opt.choices:
            assert cat[f"jd.opt.{opt.name}.choice.{choice}"]["t"], (opt.name, choice)
            choice_help = cat[f"jd.opt.{opt.name}.choice.{choice}.help"]["t"]
            assert choice_help and "\n" not in choice_help, (opt.name, choice)
    assert cat["jd.opt.campaign_used.choice.warlord"]["t"] == "Warlord"


def _outcome_keys_in_source() -> tuple[set[str], set[str]]:
    """Return the tie-break strings and detail keys that scoring.py's outcome() writes."""
    tree = ast.parse((PACKAGE / "scoring.py").read_text(encoding="utf-8"))
    func = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "outcome")
    tiebreaks: set[str] = set()
    details: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and any(
                isinstance(t, ast.Name) and t.id == "tiebreak" for t in node.targets):
            tiebreaks.add(str(node.value.value))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Outcome"
                and len(node.args) > 2 and isinstance(node.args[2], ast.Constant)):
            tiebreaks.add(str(node.args[2].value))
        if isinstance(node, ast.Dict):
            details.update(str(k.value) for k in node.keys if isinstance(k, ast.Constant))
        if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "details"
                and isinstance(node.slice, ast.Constant)):
            details.add(str(node.slice.value))
    return tiebreaks, details


def _keys(value: Any) -> Iterator[str]:
    """Yield every dict key inside a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from _keys(v)


def test_every_tiebreak_and_detail_key_has_words() -> None:
    """Outcome words: each tie-break and score-detail key the scoring code or a random game makes has an entry."""
    tiebreaks, details = _outcome_keys_in_source()
    assert {"vp", "cards_in_hand", "income", "shared", "solo"} <= tiebreaks
    assert {"cards_in_hand", "income", "rounds", "campaign", "target"} <= details
    for state in _finished_games():
        out = state.outcome()
        assert isinstance(out, Outcome)
        tiebreaks.add(out.tiebreak)
        details.update(_keys(out.details))
    cat = catalog()
    assert not [t for t in tiebreaks if f"jd.outcome.tiebreak.{t}" not in cat]
    assert not [k for k in details if f"jd.outcome.detail.{k}" not in cat]
    assert cat["jd.outcome.tiebreak.vp"]["t"] == "most VP"


def test_terms_include_campaign_conditions_phases_and_statuses() -> None:
    """Terms: campaign conditions (name and text), phases and seat statuses have entries."""
    cat = catalog()
    for c in conditions():
        assert cat[f"jd.term.condition.{c['id']}"]["t"] == c["name"]
        assert cat[f"jd.term.condition_text.{c['id']}"]["t"] == c["text"]
    for phase in ("opening", "plan", "pay", "hand_limit", "score_choice", "campaign_tick", "over"):
        assert f"jd.term.phase.{phase}" in cat
    for status in ("choosing", "ready", "paying", "waiting", "done"):
        assert f"jd.term.status.{status}" in cat


def test_card_names_and_texts_come_from_the_card_data() -> None:
    """Cards: every card type has a name and a text entry equal to its data, and instance ids are named."""
    cat = catalog()
    for ct in card_types().values():
        assert cat[f"jd.card.{ct.id}.name"]["t"] == ct.name
        assert cat[f"jd.card.{ct.id}.text"]["t"] == ct.text
    assert card_name("gem_world-3") == card_name("gem_world") == "Gem World"
    assert card_name("survey_team-2") == "Survey Team"
    assert english(text("jd.act.pay", card=("card", "gem_world-1"))) == "Pay with Gem World"


def test_catalog_holds_each_id_once_and_all_messages_is_the_catalog() -> None:
    """Catalog: no id is held by two tables, and pyengine.catalog.all_messages() is the whole catalog."""
    whole = all_messages()
    assert whole == catalog()
    tables = core_text._TABLES
    assert sum(len(t) for t in tables.values()) == len(whole)
    jd = [k for k in whole if k.startswith("jd.")]
    faces = face_entries(english_words(jd_messages.TABLE))  # the table view's words (table_view.py)
    assert len(jd) == len(jd_messages.TABLE) + len(faces) and set(faces).isdisjoint(jd_messages.TABLE)
    assert all(re.fullmatch(r"jd\.((log|act|prompt|term|opt|outcome|setup|card|face)\.[a-z0-9_.]+|name)", k)
               for k in jd)


@pytest.mark.parametrize("name", ["pyengine.games.jump_drive.messages", "pyengine.catalog"])
def test_module_doctests_pass(name: str) -> None:
    """English: the examples in the message module's and the catalog module's docstrings give what they show."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_locale_file_is_every_written_message_and_the_data_gives_the_rest() -> None:
    """Locale: locales/en.json is valid ICU, holds no card, campaign-condition or campaign-choice id (those come
    from the data), and with the data's entries is the registered table; its words are the ones the game shows."""
    computed = {**jd_messages.data_entries(), **face_entries(english_words(jd_messages.TABLE))}
    written = check_locale(jd_messages.LOCALE_FILE, "jd", computed,
                           r"jd\.(card|term\.condition|term\.condition_text|opt\.campaign_used\.choice)\.")
    assert len(written) >= 150
    assert written["jd.log.pays"] == ("{player} pays {n} cards", "You pay {n} cards")
    assert written["jd.act.place.dev_conquer_convoy_settle"] == (
        "Develop {dev} + Conquer {world} + settle {second} by Convoy (pay {n})")
    assert all(f"jd.log.{slug}_one" in written for slug in LOG_ONE)


@pytest.mark.parametrize(("n", "words"), [(1, "1 more card"), (2, "2 more cards")])
def test_discard_prompts_agree_in_number(n: int, words: str) -> None:
    """Issue 30 ("discard 2 more card(s)"): the pay, explore and hand-limit prompts use the catalog's plural forms."""
    for key, start in (("jd.prompt.pay", "Pay: discard "), ("jd.prompt.explore", "Explore: discard "),
                       ("jd.prompt.hand_limit", "Hand limit: discard ")):
        line = english(text(key, n=n))
        assert line.startswith(start + words) and "(s)" not in line, line
