"""The message catalog: every text Ares Expedition shows (log, labels, prompts, summary, options, outcome) has an id.

The coverage tests play seeded random games to the end at every player count with the main option sets and look
at every log line, every legal action's label, every prompt and the summary each seat sees.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine.core import icu
from pyengine.core import text as core_text
from pyengine.core.api import Message, State
from pyengine.core.rng import Rng
from pyengine.core.text import REF_KINDS, Text, catalog, english, text
from pyengine.games.ares_expedition import messages
from pyengine.games.ares_expedition.cards import COLORS, TAGS, board, corporations, projects
from pyengine.games.ares_expedition.cardtext import card_face
from pyengine.games.ares_expedition.info import INFO
from pyengine.games.ares_expedition.model import PARAM_STEPS
from pyengine.games.ares_expedition.rules import finish
from pyengine.games.ares_expedition.state import AresState
from pyengine.games.ares_expedition.text import WRITER

from ..locales import check_locale
from .helpers import bare, give, in_phase, new, pl, words

PACKAGE = Path(messages.__file__).parent
CASES: list[tuple[int, dict[str, Any]]] = [
    (1, {}), (1, {"solo_level": "expert"}), (1, {"solo_level": "middle", "beginner": True}),
    (2, {}), (2, {"mode": "coop"}), (2, {"mode": "coop", "promo_projects": True, "promo_corporations": True}),
    (3, {"promo_projects": True, "promo_corporations": True, "mining_guild": "per_steel"}),
    (4, {"beginner": True}),
]
SEEDS = (1, 2)
RARE_LINES = {"ares.log.tr_pay", "ares.log.hand_limit"}
"""Log lines the covered random games need not reach: paying TR (a few cards) and discarding down to the hand limit
(random play sells cards long before); test_log_effects.py covers both."""
CARD_IDS = frozenset([*projects(), *corporations()])
SEAT_WORD = re.compile(r"\bseat \d", re.IGNORECASE)


def play(players: int, options: dict[str, Any], seed: int, visit: Callable[[AresState], None]) -> AresState:
    """Play one seeded random game to its end, calling ``visit`` at every decision point; return the final state."""
    state = pyengine.load_game("ares_expedition").new_initial_state(seed=seed, players=players, options=options)
    assert isinstance(state, AresState)
    rng = Rng(seed ^ 0xA5)
    for _ in range(20_000):
        if state.is_terminal():
            return state
        visit(state)
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"the game {players}p {options} seed {seed} did not end")


@functools.cache
def final_states() -> tuple[AresState, ...]:
    """Return the final state of every covered game (seeded, so the same every run)."""
    return tuple(play(n, opts, seed, lambda s: None) for n, opts in CASES for seed in SEEDS)


@functools.cache
def every_log_line() -> tuple[tuple[int, str], ...]:
    """Return every distinct stored log line of the covered games, from every state on the way (the state keeps
    only its last lines), with the game's player count."""
    seen: dict[str, int] = {}

    def visit(state: AresState) -> None:
        for line in state.d["msgs"]:
            seen.setdefault(line, state.d["players"])

    for n, opts in CASES:
        for seed in SEEDS:
            visit(play(n, opts, seed, visit))
    return tuple((players, line) for line, players in seen.items())


@functools.cache
def known_ids() -> frozenset[str]:
    """Return every registered message id (the catalog is complete once the games are imported)."""
    return frozenset(catalog())


def refs_ok(args: tuple[tuple[str, tuple[str, Any]], ...], players: int) -> None:
    """Check typed references: known kinds, seats in range, known cards, registered terms, and texts inside a text
    (a registered id whose arguments pass the same checks)."""
    known = known_ids()
    for name, (kind, value) in args:
        assert kind in REF_KINDS, (name, kind)
        if kind == "msg":
            assert value["id"] in known and value["t"] == core_text.template(value["id"]), (name, value)
            refs_ok(tuple((k, next(iter(v.items()))) for k, v in value["args"].items()), players)
        elif kind == "player":
            assert 0 <= value < players, (name, value)
        elif kind == "card":
            assert value in CARD_IDS, (name, value)
        elif kind == "cards":
            assert value and all(v in CARD_IDS for v in value), (name, value)
        elif kind == "term":
            assert value in known, f"term {value!r} is not registered"
        elif kind == "n":
            assert isinstance(value, int) and not isinstance(value, bool), (name, value)
        else:
            raise AssertionError(f"{name}: free text {value!r} in a text no player typed")


def check_words(out: str) -> None:
    """Check an English text: no "=" sign, no raw card id, no "seat N"."""
    assert "=" not in out and not SEAT_WORD.search(out), out
    assert not [w for w in re.findall(r"[\w-]+", out) if w in CARD_IDS or "_" in w], out


def summary_texts(view: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Yield every Text JSON of a view's summary: titles, lines, card group labels and card notes."""
    for block in view["summary"]:
        yield block["title"]
        yield from block["lines"]
        for group in block.get("cards", ()):
            yield group["label"]
            yield from (c["note"] for c in group["cards"] if "note" in c)


def test_every_log_line_has_an_id_and_only_page_reference_kinds() -> None:
    """Rule: every line the log can hold comes out of messages() with its catalog id, the catalog's template and only
    the page's kinds of reference (players, cards, numbers, registered terms; no free text), in every covered game."""
    seen: set[str] = set()
    for players, line in every_log_line():
        m = messages.log_message(*WRITER.entry(line))
        assert isinstance(m, Message) and m.id is not None, m
        assert m.template == core_text.template(m.id)
        assert icu.arguments(icu.parse(m.template)) == {k for k, _ in m.args}, m
        refs_ok(m.args, players)
        check_words(core_text.fill(m.template, dict(m.args), "ares_expedition"))
        seen.add(re.sub(r"_\d$", "", m.id))
    legacy = {messages.STORED[t] for t in messages.LEGACY}
    assert {*messages.LOG, "ares.log.phases"} - legacy - RARE_LINES <= seen, "the covered games log every kind of line"


def test_every_template_the_rules_log_is_in_the_table() -> None:
    """Rule: every ``log(d, "template", ...)`` call in the game's code, and every template kept in a ``*_LOG``
    constant for such a call, has an id (so no future line lacks one); the table's other templates are the legacy
    ones old states may hold."""
    found = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "log"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)):
                found.add(node.args[1].value)
            if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id.endswith("_LOG")):
                values = node.value.values if isinstance(node.value, ast.Dict) else [node.value]
                found.update(v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    assert found == set(messages.STORED) - messages.LEGACY
    assert set(messages.STORED) >= messages.LEGACY


def test_every_end_reason_logs_a_registered_term() -> None:
    """Rule: the game-end line names its reason (terraformed, round 25, empty pool, round limit) by a term."""
    for reason in ("terraformed", "round_25", "pool_empty", "round_limit"):
        s = new(2)
        finish(s.d, reason)
        last = s.messages()[-1]
        assert last.id == "ares.log.game_ends" and last.args == (("reason", ("term", f"ares.term.end.{reason}")),)
        assert english(Text(last.id, last.args)) == "The game ends: " + core_text.template(f"ares.term.end.{reason}")


def test_every_label_and_prompt_is_a_catalog_text_whose_english_is_the_label() -> None:
    """Rule: every legal action of every decision point has a describe_text whose English is describe(), and every
    prompt a prompt_text whose English is the prompt; neither has "=", a raw id or "seat N"."""
    count = [0]

    def visit(state: AresState) -> None:
        for seat in sorted(state.to_move()):
            t = state.prompt_text(seat)
            assert t is not None and english(t) == state.decision_prompt(seat)[1]
            refs_ok(t.args, state.d["players"])
            check_words(english(t))
            for action in state.legal_actions(seat):
                label = state.describe_text(seat, action)
                assert label is not None and label.id.startswith("ares.act.")
                assert english(label) == state.describe(seat, action)
                refs_ok(label.args, state.d["players"])
                check_words(english(label))
                count[0] += 1

    for n, opts in CASES:
        for seed in SEEDS:
            play(n, opts, seed, visit)
    assert count[0] > 10_000


def test_the_summary_is_text_json_with_player_and_term_references() -> None:
    """Rule: every summary title, line, card-group label and card note is Text JSON of a registered id, with
    player refs (no "Seat N") and term refs (no raw stage or phase ids), for every seat and a spectator."""
    known = catalog()
    step = [0]

    def visit(state: AresState) -> None:
        step[0] += 1
        if step[0] % 7:
            return
        for viewer in [None, *range(state.d["players"])]:
            for t in summary_texts(state.view(viewer)):
                assert set(t) == {"id", "t", "args"} and t["id"] in known and t["t"] == known[t["id"]]["t"], t
                args = tuple((k, next(iter(v.items()))) for k, v in t["args"].items())
                refs_ok(args, state.d["players"])
                out = words(t)
                check_words(out)
                assert "Seat" not in out and "{" not in out, out

    for n, opts in CASES:
        play(n, opts, 1, visit)


def test_summary_titles_name_players_by_reference() -> None:
    """Rule: a player's summary block is titled by a player reference (the page names the seat), with the
    corporation as a card reference once it is known."""
    s = new(2, corps=["credicor", "ecoline"])
    titles = [b["title"] for b in s.view(0)["summary"]]
    assert titles[0]["id"] == "ares.summary.mars"
    assert titles[1] == {"id": "ares.summary.player_corp", "t": "{seat}: {card}",
                         "args": {"seat": {"player": 0}, "card": {"card": "credicor"}}}
    assert words(titles[2]) == "Player 2: Ecoline"


def test_second_person_forms_exist_for_every_player_subject_log_line() -> None:
    """Rule: a log line whose subject is a player has a second-person form starting "You", with the verb and the
    pronouns in the second person (no "plays", "gains", "their")."""
    for msg_id, entry in messages.LOG.items():
        if (entry if isinstance(entry, str) else entry[0]).startswith("{seat}"):
            assert isinstance(entry, tuple), f"{msg_id} has a player subject but no second-person form"
            third, you = entry
            verb = third.split()[1]
            assert you.startswith("You ") and verb not in you.split() and "{seat}" not in you, (msg_id, you)
            assert " their " not in you and (" their " not in third or " your " in you), (msg_id, you)
    assert messages.LOG["ares.log.play"] == ("{seat} plays {card}", "You play {card}")
    assert messages.LOG["ares.log.swap"] == ("{seat} swaps a card with their partner",
                                             "You swap a card with your partner")
    assert messages.LOG["ares.log.take_pool"][1] == "You take a {item} from the pool"
    assert catalog()["ares.log.ocean"] == {"t": "{seat} flips ocean {n} ({reward}) and gains 1 TR",
                                           "you": "You flip ocean {n} ({reward}) and gain 1 TR", "subject": "seat"}


def test_every_option_choice_tiebreak_and_detail_key_has_an_entry() -> None:
    """Rule: every option (label, help), every choice value (name, help), every tie-break the scoring can name and
    every outcome detail key has a catalog entry; each help is one short line."""
    known = catalog()
    for opt in INFO.options:
        keys = [f"ares.opt.{opt.name}.label", f"ares.opt.{opt.name}.help"]
        keys += [f"ares.opt.{opt.name}.choice.{c}{part}" for c in opt.choices for part in ("", ".help")]
        for key in keys:
            assert key in known, key
        for key in keys:
            if key.endswith(".help"):
                line = known[key]["t"]
                assert line and "\n" not in line and len(line) <= 100, (key, line)
    tree = ast.parse((PACKAGE / "scoring.py").read_text(encoding="utf-8"))
    tiebreaks = {c.value for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Name) and node.func.id == "Outcome"
                 for c in ast.walk(node.args[2]) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
    assert tiebreaks == {"vp", "resources", "shared", "terraformed", "not_terraformed", "lost"}
    for key in tiebreaks:
        assert f"ares.outcome.tiebreak.{key}" in known, key
    for state in final_states():
        out = state.outcome()
        assert out is not None and f"ares.outcome.tiebreak.{out.tiebreak}" in known
        # "result_msg" is the result line itself as a catalog Text (checked below), not a value to label.
        detail_keys = (set(out.details) - {"result_msg"}) | {k for row in out.details["breakdown"] for k in row}
        assert ("result_msg" in out.details) == ("result" in out.details)
        for key in detail_keys:
            assert f"ares.outcome.detail.{key}" in known, key
        assert f"ares.term.end.{out.details['end']}" in known
        result = messages.result_text(state.d, out.scores)
        assert (result is None) == ("result" not in out.details)
        assert result is None or english(result) == out.details["result"], "the result line has a catalog text"


def test_solo_and_coop_results_have_catalog_texts_for_wins_and_losses() -> None:
    """Rule: the end screen's one-line result (solo win or loss, co-op win or loss) has a catalog text whose English
    is the outcome's result line."""
    for players, mode, tr in ((1, "standard", 20), (2, "coop", 45), (2, "coop", 5)):
        for done in (True, False):
            s = new(players, mode=mode)
            for seat in range(players):
                pl(s, seat)["tr"] = tr
            if done:
                s.d["params"] = dict(PARAM_STEPS)
            finish(s.d, "terraformed" if done else "round_25")
            out = s.outcome()
            result = messages.result_text(s.d, out.scores) if out else None
            assert out is not None and result is not None and english(result) == out.details["result"]


def test_every_card_has_its_name_and_text_from_the_card_data() -> None:
    """Rule: each project and corporation has a name and a text entry, generated from its data (the text is the
    tooltip face the page shows), and the English renderer names cards by them."""
    known = catalog()
    for cid in CARD_IDS:
        rec = projects().get(cid) or corporations()[cid]
        assert known[f"ares.card.{cid}.name"]["t"] == rec["name"]
        assert known[f"ares.card.{cid}.text"]["t"] == card_face(cid)
    assert english(text("ares.act.keep", card=("card", "credicor"))) == "Keep CrediCor"


def test_the_catalog_holds_no_id_twice() -> None:
    """Rule: no message id is held by two tables, and every Ares id is in the "ares" namespace with our text."""
    known = catalog()  # every table registered, those made from the data too
    held = [key for table in core_text._TABLES.values() for key in table]
    assert len(held) == len(set(held)) == len(known)
    for key, entry in messages.table().items():
        assert key.startswith("ares.") and known[key]["t"] == (entry if isinstance(entry, str) else entry[0])


def test_english_of_sample_texts() -> None:
    """Rule: the English renderer fills players, cards, card lists, numbers and terms (player names when given)."""
    assert english(text("ares.log.play", seat=("player", 1), card=("card", "comet"))) == "Player 2 plays Comet"
    assert english(text("ares.log.play", seat=("player", 0), card=("card", "comet")), names=["Ann", "Bo"]) \
        == "Ann plays Comet"
    assert english(messages.phase_list("ares.log.phases", [1, 3])) == "Phases this round: Development, Action"
    assert english(messages.phase_list("ares.summary.virtual_played", [])) == "Virtual player played this cycle: none"
    assert english(text("ares.act.raise", param=("term", "ares.term.param.oxygen"))) == "Raise oxygen"
    assert english(text("ares.act.play_using", card=("card", "comet"), n=12,
                        cards=("cards", ["credicor", "ecoline"]))) == "Play Comet (12 M€, using CrediCor, Ecoline)"
    m = messages.log_message("{seat} takes a standard action: {name}",
                             {"seat": {"seat": 0}, "name": {"text": "buy an ocean"}})
    assert m.id == "ares.log.standard" and m.args[1] == ("action", ("term", "ares.term.std.buy_ocean"))
    assert english(Text(m.id, m.args)) == "Player 1 takes a standard action: buy an ocean"


def test_labels_keep_their_wording_with_card_and_number_references() -> None:
    """Rule: a play label is "Play <card> (<price> M€)" built from a card reference and a number."""
    s = new(2)
    in_phase(s, 2, chooser=0)
    bare(s, 0, mc=40)
    pl(s, 0)["titanium"] = 1
    give(s, 0, "comet")
    label = s.describe_text(0, next(a for a in s.legal_actions(0) if str(a) == "play card=comet"))
    assert label == Text("ares.act.play", (("card", ("card", "comet")), ("n", ("n", 22))))
    kind, prompt = s.decision_prompt(0)
    assert (kind, prompt) == ("phase", "Phase Construction: act, then Done")
    assert s.prompt_text(0) == Text("ares.prompt.phase", (("phase", ("term", "ares.term.phase.2")),))


INVENTION = ("card", "invention-contest")


@pytest.mark.parametrize(("key", "args", "expected"), [
    ("ares.prompt.keep", {"n": 1}, "Choose a card to keep"),
    ("ares.prompt.keep", {"n": 2}, "Choose 2 cards to keep"),
    ("ares.prompt.keep_src", {"n": 1, "card": INVENTION}, "Choose a card to keep (Invention Contest)"),
    ("ares.prompt.keep_src", {"n": 2, "card": INVENTION}, "Choose 2 cards to keep (Invention Contest)"),
    ("ares.act.std.plant_forest", {"n": 1}, "Convert 1 plant into a forest"),
    ("ares.act.std.plant_forest", {"n": 8}, "Convert 8 plants into a forest"),
    ("ares.table.req.oceans.min", {"n": 1}, "At least 1 ocean flipped"),
    ("ares.table.req.oceans.max", {"n": 3}, "At most 3 oceans flipped"),
    ("ares.table.reason.req.oceans.min", {"n": 1, "now": 0}, "Needs at least 1 ocean flipped (now 0)"),
    ("ares.table.reason.req.oceans.max", {"n": 1, "now": 2}, "Needs at most 1 ocean flipped (now 2)"),
    ("ares.table.reason.std.plants", {"n": 1, "have": 0}, "Needs 1 plant, you have 0"),
    ("ares.table.forced.plants", {"n": 8},
     "Before you finish, turn 8 plants into a forest (oxygen is not at its maximum)"),
])
def test_counted_plants_oceans_and_cards_to_keep_read_in_the_singular_and_plural(key: str, args: dict[str, Any],
                                                                                  expected: str) -> None:
    """English (issue 30): a number of plants, oceans or cards to keep is a plural form: "1 plant", "8 plants",
    "Choose a card to keep" for one and "Choose 2 cards to keep" for two (the keep prompt above "Keep 2 of these 5")."""
    assert english(text(key, **args)) == expected


def test_the_keep_prompt_counts_the_cards_still_to_keep() -> None:
    """Rule (phase V research: the chooser keeps 2 of 5, the other player 1 of 2): the keep prompt asks for the
    number still to keep, 2 cards, then the 1 left."""
    s = new(2, seed=5)
    bare(s, 0)
    bare(s, 1)
    in_phase(s, 5, chooser=0)
    assert s.decision_prompt(0) == ("keep", "Choose 2 cards to keep")
    assert s.decision_prompt(1) == ("keep", "Choose a card to keep")
    s.apply(0, s.legal_actions(0)[0])
    assert s.decision_prompt(0) == ("keep", "Choose a card to keep")


def test_messages_do_not_change_the_stored_state() -> None:
    """Rule: reading the log, labels, prompts and views leaves the state JSON byte-identical (saves depend on it)."""
    s: State = new(3, seed=4)
    before = str(s)
    s.messages()
    for seat in sorted(s.to_move()):
        s.prompt_text(seat)
        for a in s.legal_actions(seat):
            s.describe_text(seat, a)
        s.view(seat)
    assert str(s) == before


def test_the_locale_file_is_every_written_message_and_the_data_gives_the_rest() -> None:
    """Locale: locales/en.json is valid ICU, holds no card, card-option or phase-name id (those come from the
    data), and with the data's entries is the registered table; its words are the ones the game shows."""
    written = check_locale(messages.LOCALE_FILE, "ares", messages.data_entries(),
                           r"ares\.(card|option)\.|ares\.term\.phase\.\d+$")
    assert written["ares.log.play"] == ("{seat} plays {card}", "You play {card}")
    assert written["ares.prompt.keep_src"] == (
        "{n, plural, one {Choose a card to keep} other {Choose # cards to keep}} ({card})")
    assert written["ares.term.per.tag.jovian.many"] == "Jovian tags you have"


def test_the_written_families_cover_the_board_and_card_vocabulary() -> None:
    """Locale: the families written out in the locale file cover the data they name: every ocean reward's shape,
    every tag (as a term and as a VP counter) and every card colour."""
    known = catalog()
    for reward in board()["oceans"]:
        assert f"ares.table.reward.{messages.reward_key(reward)}" in known, reward
        assert english(messages.reward_text(reward))
    for tag in TAGS:
        assert known[f"ares.term.tag.{tag}"]["t"] == tag.capitalize()
        assert {f"ares.term.per.tag.{tag}.one", f"ares.term.per.tag.{tag}.many"} <= set(known)
    assert all(f"ares.term.color.{c}" in known for c in COLORS)
