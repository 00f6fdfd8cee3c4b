"""Beyond the Sun saves and state data: the 2026.11 and 2026.12 migrations, the VP history, the compact log and
independent copies.

Rules version 2026.12 (state format 2) changed the state, not the rules: the log lines are stored as compact JSON
texts and ``hist`` records each faction's VP at the end of every round. Rules 2026.12.1 deal the real level-III
techs (option ``tech_deck``); a game saved before keeps the invented deck it was dealt (``stand_ins_2026``). Rules
2026.12.2 ask an "every faction may" event's own question without "Take part in the event?" first, so the answers
to that old question are dropped from older logs. See RULES-NOTES.md, "Rules versions".
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine.core.errors import PositionError, SaveFormatError
from pyengine.core.match import Match
from pyengine.core.rng import Rng
from pyengine.games.beyond_the_sun.messages import log_message
from pyengine.games.beyond_the_sun.model import STATE_FORMAT, copy_state
from pyengine.games.beyond_the_sun.scoring import total
from pyengine.games.beyond_the_sun.state import BTSState
from pyengine.games.beyond_the_sun.text import WRITER, entries

from .helpers import new

GAME_ID = "beyond_the_sun"
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "beyond_the_sun-2026.11.json"
FIXTURE_2026_12 = Path(__file__).resolve().parents[2] / "fixtures" / "beyond_the_sun-2026.12.json"
RULES = "2026.12.2"
DECK_RULES = "2026.12.1"
OLD_DECK = "stand_ins_2026"
GAMES = [(2, 3, {}), (3, 8, {"advanced_mats": True}), (4, 5, {}),
         (3, 11, {"advanced_mats": True, "control_ties": "strict", "anytime_windows": "rulebook",
                  "first_game_achievements": True, "star_discs_at_end": False})]


def old_save() -> dict[str, Any]:
    """Return the real 2026.11 save: 3 players, seed 2026, 80 entries of a seeded game (written by the engine
    before rules 2026.12: its snapshot has state format 1, log lines as lists and no ``hist``)."""
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def data(match: Match) -> dict[str, Any]:
    """Return a match's live state dict."""
    state = match.state
    assert isinstance(state, BTSState)
    return state.d


def random_step(state: BTSState, rng: Rng) -> None:
    """Apply one random legal action of the seat to move."""
    seat = min(state.to_move())
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.randbelow(len(legal))])


def midgame(players: int = 3, seed: int = 4, moves: int = 150) -> BTSState:
    """Return a seeded game after some random actions (a long log, ships, techs and a history)."""
    state = new(players, seed)
    rng = Rng(seed + 100)
    for _ in range(moves):
        random_step(state, rng)
    assert not state.is_terminal() and state.d["hist"]
    return state


def finished(players: int, seed: int, options: dict[str, Any]) -> tuple[BTSState, list[tuple[int, list[int]]]]:
    """Play a seeded random game to its end; return it and, for every action that finished a round, the round that
    ended and the VP totals right after it."""
    state = new(players, seed, **options)
    rng = Rng(seed)
    ends: list[tuple[int, list[int]]] = []
    while not state.is_terminal():
        before = state.d["round"]
        random_step(state, rng)
        if state.d["round"] != before or state.is_terminal():
            ends.append((before, [total(state.d, s) for s in range(players)]))
        hist = state.d["hist"]
        done = state.d["round"] if state.is_terminal() else state.d["round"] - 1
        assert [row[0] for row in hist] == list(range(1, done + 1)), "one row per finished round, in order"
    return state, ends


# --- the rules 2026.11 -> 2026.12 migration ------------------------------------------------------------------------
def test_a_2026_11_save_loads_after_the_2026_12_change_into_the_same_position() -> None:
    """Migrations ("beyond_the_sun", "2026.11", then "2026.12"): a real 2026.11 save loads with the same log, seats,
    seed and options (plus the 2026 deck it was dealt, option tech_deck), and replays to the position the old
    engine saved in its snapshot: the same board, factions and decks, with only the state format, the new VP history
    and that option added; its log is today's (every effect logged), and each old line still reads."""
    old = old_save()
    assert old["rules_version"] == "2026.11"
    then = old["snapshot"]["state"]
    assert then["format"] == "beyond_the_sun.state/1" and "hist" not in then
    kept = copy.deepcopy(old)
    loaded = Match.from_save(old)
    assert old == kept, "loading must not change the save it was given"
    secret_arms = [{**e, "a": "skip"} for e in old["log"][61:64]]  # 2026.12.2: "decline" to the build is "skip"
    assert [e["a"] for e in old["log"][61:64]] == ["decline"] * 3
    assert [e.to_json() for e in loaded.log] == [*old["log"][:61], *secret_arms, *old["log"][64:]]
    assert loaded.seats == old["seats"] and loaded.seed == old["seed"] and loaded.players == old["players"]
    assert loaded.options == {**old["options"], "tech_deck": OLD_DECK}
    now = loaded.state.to_json()
    assert {k for k in set(now) | set(then) if now.get(k) != then.get(k)} == {"format", "hist", "msgs", "options"}
    assert now["options"] == {**then["options"], "tech_deck": OLD_DECK}
    assert now["format"] == STATE_FORMAT == "beyond_the_sun.state/2"
    assert len(entries(data(loaded))) == len(now["msgs"]) and all(log_message(t, a).id for t, a in then["msgs"])
    assert [row[0] for row in now["hist"]] == list(range(1, now["round"]))
    resaved = loaded.to_save()
    assert resaved["rules_version"] == pyengine.load_game(GAME_ID).info.rules_version == RULES
    assert Match.from_save(json.loads(json.dumps(resaved))).to_save() == resaved


def test_a_migrated_2026_11_game_plays_on_to_its_end() -> None:
    """Migration ("beyond_the_sun", "2026.11"): after loading, play continues (seeded random actions to the end),
    and the finished game saves and loads again."""
    loaded = Match.from_save(old_save())
    rng = Rng(7)
    while not loaded.state.is_terminal():
        seat = min(loaded.state.to_move())
        legal = loaded.state.legal_actions(seat)
        loaded.apply(seat, legal[rng.randbelow(len(legal))])
    assert len(loaded.log) > 80
    again = Match.from_save(json.loads(json.dumps(loaded.to_save())))
    assert again.state.equals_json(loaded.state.to_json())
    outcome = loaded.state.outcome()
    assert outcome is not None and data(again)["hist"][-1][1] == outcome.scores


def test_the_2026_11_migration_sets_the_version_and_drops_the_snapshot_only() -> None:
    """Migration ("beyond_the_sun", "2026.11"): rules_version 2026.12, no snapshot (it holds the old state shape);
    the log, seats, seed, players and options are unchanged, and the save given is not changed."""
    from pyengine.core.migrations import MIGRATIONS

    old = old_save()
    new_save = MIGRATIONS[(GAME_ID, "2026.11")](old)
    assert new_save["rules_version"] == "2026.12" and "snapshot" not in new_save and "snapshot" in old
    assert {k: v for k, v in new_save.items() if k != "rules_version"} == {
        k: v for k, v in old.items() if k not in ("rules_version", "snapshot")}
    assert old == old_save()


# --- the rules 2026.12 -> 2026.12.1 migration: the real level-III deck -----------------------------------------------
def old_2026_12_save() -> dict[str, Any]:
    """Return a real 2026.12 save: 2 players, seed 11, 225 entries of a seeded game (written by the engine of rules
    2026.12) in which the level-III stand-in Orbital Assault Doctrine was discovered and its action taken."""
    data: dict[str, Any] = json.loads(FIXTURE_2026_12.read_text(encoding="utf-8"))
    return data


def test_a_2026_12_save_that_drew_a_level_iii_stand_in_replays_the_same_with_the_2026_deck() -> None:
    """Migration ("beyond_the_sun", "2026.12"): a save whose game discovered a level-III stand-in (III-ASSAULT-
    DOCTRINE, an id the real deck does not hold) loads, is dealt the 2026 deck again (option tech_deck
    stand_ins_2026) and replays to exactly the position its snapshot holds (the loader compares them), which differs
    from the snapshot only by that option and the log's words (history: every effect is logged now); the game plays
    on to its end and saves and loads again."""
    old = old_2026_12_save()
    then = old["snapshot"]["state"]
    assert old["rules_version"] == "2026.12" and "tech_deck" not in old["options"]
    assert "III-ASSAULT-DOCTRINE" in [v["card"] for v in then["slots"].values()]
    assert any(p and p.startswith("tech.III-") for p in then["pawns"])
    kept = copy.deepcopy(old)
    loaded = Match.from_save(old)
    assert old == kept, "loading must not change the save it was given"
    assert loaded.options == {**old["options"], "tech_deck": OLD_DECK}
    assert [e.to_json() for e in loaded.log] == old["log"]
    now = loaded.state.to_json()
    assert {**now, "msgs": None} == {**then, "options": {**then["options"], "tech_deck": OLD_DECK}, "msgs": None}
    resaved = loaded.to_save()
    assert resaved["rules_version"] == RULES and resaved["options"]["tech_deck"] == OLD_DECK
    rng = Rng(5)
    while not loaded.state.is_terminal():
        seat = min(loaded.state.to_move())
        legal = loaded.state.legal_actions(seat)
        loaded.apply(seat, legal[rng.randbelow(len(legal))])
    again = Match.from_save(json.loads(json.dumps(loaded.to_save())))
    assert again.state.equals_json(loaded.state.to_json())


def test_the_2026_12_migration_adds_the_2026_deck_and_keeps_the_snapshot_checked() -> None:
    """Migration ("beyond_the_sun", "2026.12"): rules_version 2026.12.1, option tech_deck stand_ins_2026 in the
    options and in the snapshot's state (whose checksum is made again, so the replay is still checked against it);
    the log, seats, seed and players are unchanged, and the save given is not changed. A snapshot whose checksum
    was already wrong is left as it is, for the loader to refuse."""
    from pyengine.core.match import state_digest
    from pyengine.core.migrations import MIGRATIONS

    old = old_2026_12_save()
    new_save = MIGRATIONS[(GAME_ID, "2026.12")](old)
    assert old == old_2026_12_save()
    assert new_save["rules_version"] == DECK_RULES and new_save["options"] == {**old["options"], "tech_deck": OLD_DECK}
    snap = new_save["snapshot"]
    assert snap["state"] == {**old["snapshot"]["state"],
                             "options": {**old["snapshot"]["state"]["options"], "tech_deck": OLD_DECK}}
    assert snap["sha256"] == state_digest(snap["state"]) and snap["at"] == old["snapshot"]["at"]
    same = {"log", "seats", "seed", "players", "game", "format", "format_version"}
    assert {k: new_save[k] for k in same} == {k: old[k] for k in same}
    old["snapshot"]["sha256"] = "0" * 64
    assert MIGRATIONS[(GAME_ID, "2026.12")](old)["snapshot"] == old["snapshot"]
    with pytest.raises(SaveFormatError, match="corrupt"):
        Match.from_save(old)


def test_a_2026_11_save_is_brought_through_both_steps_to_the_2026_deck() -> None:
    """Migrations: a 2026.11 save goes to 2026.12 (snapshot dropped), then to 2026.12.1 with the 2026 deck, then to
    2026.12.2."""
    from pyengine.core.migrations import migrate

    out = migrate(GAME_ID, old_save())
    assert out["rules_version"] == RULES and out["options"]["tech_deck"] == OLD_DECK and "snapshot" not in out


def test_a_2026_11_log_that_does_not_replay_is_named_by_the_loader() -> None:
    """Migration ("beyond_the_sun", "2026.11"): no entry is dropped, so a log entry that is not legal is left to
    the loader, which names it."""
    old = old_save()
    old["log"][5] = {"p": 0, "a": "move space=guild.nowhere.0"}
    with pytest.raises(SaveFormatError, match=r"entry 5 \('move space=guild.nowhere.0'\) does not replay"):
        Match.from_save(old)


def test_a_format_1_state_is_refused_by_the_2026_12_loader() -> None:
    """State format 2: a bare state in format 1 (log lines as lists, no hist) is refused, never misread."""
    then = old_save()["snapshot"]["state"]
    with pytest.raises((PositionError, SaveFormatError)):
        pyengine.load_game(GAME_ID).state_from_json(then)


# --- the rules 2026.12.1 -> 2026.12.2 migration: one question per event ---------------------------------------------
FIXTURE_2026_12_1 = Path(__file__).resolve().parents[2] / "fixtures" / "beyond_the_sun-2026.12.1.json"
FIXTURE_MID_EVENT = Path(__file__).resolve().parents[2] / "fixtures" / "beyond_the_sun-2026.12.1-mid-event.json"
DROPPED = {16: "Secret Arms Purchase, seat 1 takes part (then builds)",
           18: "Secret Arms Purchase, seat 2 takes part (then skips)",
           42: "Automation Summit, seat 1 declines without the ore (no longer asked)",
           43: "Automation Summit, seat 2 takes part (then declines to pay)",
           171: "Orbital Baby Boom, seat 0 takes part (then pays)",
           173: "Orbital Baby Boom, seat 1 takes part without the ore (no longer asked)",
           285: "Onu, seat 1 takes part without the ore (no longer asked)",
           286: "Onu, seat 2 takes part (then pays)"}
SKIPPED = 20  # Secret Arms Purchase, seat 0 declines to take part: 2026.12.2 asks build or skip


def old_2026_12_1_save(path: Path = FIXTURE_2026_12_1) -> dict[str, Any]:
    """Return a real 2026.12.1 save (written by the engine of rules 2026.12.1): 3 players, seed 14, random answers,
    353 entries to the end of the game, in which Secret Arms Purchase, Automation Summit, Orbital Baby Boom and Onu
    asked every faction "Take part in the event?" before their own question; with ``FIXTURE_MID_EVENT``, the same
    game saved right after seat 0 said it takes part in Orbital Baby Boom (172 entries)."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _migrated_log(old: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return the fixture's log as 2026.12.2 plays it: the answers in DROPPED gone, SKIPPED a "skip"."""
    return [{**e, "a": "skip"} if i == SKIPPED else e for i, e in enumerate(old) if i not in DROPPED]


def test_the_2026_12_1_migration_drops_only_the_take_part_answers_of_asking_events() -> None:
    """Migration ("beyond_the_sun", "2026.12.1"): rules_version 2026.12.2; the log loses exactly the answers to "Take
    part in the event?" that 2026.12.2 no longer asks (an accept before the event's own answer, an answer of a faction
    that could not pay), a decline before an optional build becomes "skip", and everything else stays; the snapshot
    (the game's end, which the new log reaches) stays with its position moved back by the 8 entries dropped; the save
    given is not changed."""
    from pyengine.core.migrations import MIGRATIONS

    old = old_2026_12_1_save()
    assert old["rules_version"] == "2026.12.1" and len(old["log"]) == 353
    assert [old["log"][i]["a"] for i in sorted(DROPPED)] == [
        "accept", "accept", "decline", "accept", "accept", "accept", "accept", "accept"]
    assert old["log"][SKIPPED]["a"] == "decline" and [old["log"][i + 1]["a"] for i in (43, 171, 286)] == [
        "decline", "pay", "pay"]
    new_save = MIGRATIONS[(GAME_ID, DECK_RULES)](old)
    assert old == old_2026_12_1_save()
    assert new_save["rules_version"] == RULES
    assert new_save["log"] == _migrated_log(old["log"]) and len(new_save["log"]) == 345
    assert new_save["snapshot"] == {**old["snapshot"], "at": 345}
    same = {"seats", "seed", "players", "options", "game", "format", "format_version"}
    assert {k: new_save[k] for k in same} == {k: old[k] for k in same}


def test_a_2026_12_1_game_with_event_answers_replays_to_the_same_end() -> None:
    """Migration ("beyond_the_sun", "2026.12.1"): the whole game loads under 2026.12.2 and replays to exactly the
    position the old engine saved (its snapshot, checked by the loader): the same paid and declined events, the same
    final scores; it saves and loads again."""
    old = old_2026_12_1_save()
    loaded = Match.from_save(old)
    assert loaded.state.to_json() == old["snapshot"]["state"]
    outcome = loaded.state.outcome()
    assert outcome is not None and outcome.scores == [30, 22, 27]
    resaved = loaded.to_save()
    assert resaved["rules_version"] == RULES and resaved["log"] == _migrated_log(old["log"])
    assert Match.from_save(json.loads(json.dumps(resaved))).to_save() == resaved


def test_a_2026_12_1_save_made_during_orbital_baby_boom_asks_its_payment_once() -> None:
    """Migration ("beyond_the_sun", "2026.12.1"): a save made right after a faction said it takes part in Orbital Baby
    Boom loads without that answer (its snapshot, which holds the old question, is dropped; the loader replays the
    log) at the event's one question, pay or decline; paying takes 1 ore and gives 2 population, and the game plays on
    to the same end as the whole saved game."""
    from pyengine.core.migrations import migrate

    old = old_2026_12_1_save(FIXTURE_MID_EVENT)
    whole = old_2026_12_1_save()
    assert old["log"] == whole["log"][:172] and old["log"][-1] == {"p": 0, "a": "accept"}
    assert old["snapshot"]["state"]["frames"][-1]["steps"][0]["op"] == "may_pay"  # the old "accept" was answered
    out = migrate(GAME_ID, old)
    assert "snapshot" not in out and out["log"] == _migrated_log(old["log"])
    loaded = Match.from_save(old)
    assert loaded.state.to_move() == frozenset({0}) and [str(a) for a in loaded.state.legal_actions(0)] == [
        "pay", "decline"]
    assert loaded.state.decision_prompt(0)[1].startswith("Pay for the event's effect? (Orbital Baby Boom")
    f = data(loaded)["factions"][0]
    ore, pop = f["ore"], f["pop"]
    for entry in _migrated_log(whole["log"])[len(loaded.log):]:
        loaded.apply(entry["p"], entry["a"])
        if len(loaded.log) == 168:
            assert (f["ore"], f["pop"]) == (ore - 1, pop + 2)
    assert loaded.state.to_json() == whole["snapshot"]["state"]


def test_a_2026_12_1_log_that_does_not_replay_is_left_for_the_loader() -> None:
    """Migration ("beyond_the_sun", "2026.12.1"): from an entry no rules offer on, the log is left as it was, so the
    loader names that entry (at its place in the migrated log, 4 answers earlier); a snapshot whose checksum is wrong
    is still refused as corrupt."""
    from pyengine.core.migrations import migrate

    old = old_2026_12_1_save()
    old["log"][100] = {"p": 0, "a": "move space=guild.nowhere.0"}
    assert migrate(GAME_ID, old)["log"] == [*_migrated_log(old["log"][:100]), *old["log"][100:]]
    with pytest.raises(SaveFormatError, match=r"entry 96 \('move space=guild.nowhere.0'\) does not replay"):
        Match.from_save(old)
    old = old_2026_12_1_save()
    old["snapshot"]["state"]["round"] += 1
    with pytest.raises(SaveFormatError, match="corrupt"):
        Match.from_save(old)


def test_a_game_begun_from_a_2026_12_1_position_code_still_loads() -> None:
    """Migration ("beyond_the_sun", "2026.12.1"): a save of a game begun from a position code (``start``) made for
    2026.12.1 gets its code written again for 2026.12.2 (the state's shape is the same), and loads with its log."""
    from dataclasses import replace

    from pyengine.core.poscode import encode, peek

    state = midgame(players=2, seed=6, moves=60)
    game = state.game
    old_code = encode(replace(game.codebook(), rules_version=DECK_RULES), state.to_json(), False)
    assert peek(old_code).rules_version == DECK_RULES
    match = Match.from_code(state.position_code())
    rng = Rng(2)
    for _ in range(12):
        seat = min(match.state.to_move())
        legal = match.state.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
    save = match.to_save()
    old = {**save, "rules_version": DECK_RULES, "start": old_code}
    loaded = Match.from_save(old)
    assert loaded.start == state.position_code() and loaded.log == match.log
    assert loaded.state.to_json() == match.state.to_json()


# --- the VP history ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, seed, options", GAMES)
def test_hist_has_one_row_per_finished_round_with_the_vp_at_its_end(players: int, seed: int,
                                                                     options: dict[str, Any]) -> None:
    """History (rules 2026.12): at the end of every round, and when the game ends, ``[round, [VP per seat]]`` is
    appended: one row per finished round in order (checked after every action), each with the VP totals the
    factions had when that round ended."""
    state, ends = finished(players, seed, options)
    assert state.d["hist"] == [[rnd, vp] for rnd, vp in ends]
    assert len({tuple(vp) for _, vp in ends}) > 1, "the VP change over the game"


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_the_last_hist_row_holds_the_final_scores(players: int, seed: int, options: dict[str, Any]) -> None:
    """History (rules 2026.12): the row written when the game ends is the last round's, with the final scores
    (``scoring.total``, the outcome's scores, after Giga-Corporations' star discs are settled)."""
    state, _ = finished(players, seed, options)
    outcome = state.outcome()
    assert outcome is not None
    last = state.d["hist"][-1]
    assert last == [state.d["round"], [total(state.d, s) for s in range(players)]]
    assert last[1] == outcome.scores


def test_hist_survives_save_and_load() -> None:
    """History (rules 2026.12): ``hist`` is part of the saved state: a state and a match save load with it intact."""
    state = midgame()
    hist = copy.deepcopy(state.d["hist"])
    back = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert isinstance(back, BTSState) and back.d["hist"] == hist
    m = Match.new(GAME_ID, seed=9, players=2)
    rng = Rng(3)
    while m.state.to_json()["round"] < 4:
        seat = min(m.state.to_move())
        legal = m.state.legal_actions(seat)
        m.apply(seat, legal[rng.randbelow(len(legal))])
    saved = m.to_save()
    rows = saved["snapshot"]["state"]["hist"]
    assert rows == m.state.to_json()["hist"] and [r[0] for r in rows] == [1, 2, 3]
    assert Match.from_save(json.loads(json.dumps(saved))).state.to_json()["hist"] == rows


@pytest.mark.parametrize("change, where", [
    (lambda d: d["hist"].pop(), "hist"),
    (lambda d: d["hist"].append([d["round"], [0] * d["players"]]), "hist"),
    (lambda d: d["hist"][0].__setitem__(0, 2), "hist[0][0]"),
    (lambda d: d["hist"][1][1].pop(), "hist[1][1]"),
    (lambda d: d.pop("hist"), "hist"),
])
def test_a_state_with_a_wrong_history_is_refused(change: Any, where: str) -> None:
    """History (rules 2026.12): a saved state whose ``hist`` misses a finished round, has one too many, numbers a
    round wrongly or lacks a seat is refused, naming the field."""
    data = midgame().to_json()
    change(data)
    with pytest.raises(PositionError, match=re.escape(where)):
        pyengine.load_game(GAME_ID).state_from_json(data)


def test_a_finished_state_whose_last_row_is_not_the_final_score_is_refused() -> None:
    """History (rules 2026.12): once the game is over, the last row must hold the final scores."""
    state, _ = finished(2, 3, {})
    data = state.to_json()
    data["hist"][-1][1][0] += 1
    with pytest.raises(PositionError, match="final scores"):
        state.game.state_from_json(data)


# --- the compact log --------------------------------------------------------------------------------------------
def test_the_compact_log_reads_the_lines_the_2026_11_engine_logged() -> None:
    """Log (state format 2): the 2026.11 fixture's snapshot holds the log lines the old engine stored (lists; the
    file was written with sorted keys): each still reads as a Message with its catalog id (the templates the rules
    no longer write are kept, ``LEGACY``); replaying its log stores texts, each a Message with an id too."""
    old = old_save()
    expected = [log_message(t, args) for t, args in old["snapshot"]["state"]["msgs"]]
    assert len(expected) >= 100 and all(m.id for m in expected)
    assert {m.id for m in expected} >= {"bts.log.move", "bts.log.trade_retire"}  # lines the rules write no more
    loaded = Match.from_save(old)
    assert all(isinstance(m, str) for m in data(loaded)["msgs"])
    assert all(m.id for m in loaded.state.messages())


@pytest.mark.parametrize("players, seed, options", GAMES[:2])
def test_every_stored_log_line_is_the_compact_json_of_its_entry(players: int, seed: int,
                                                                 options: dict[str, Any]) -> None:
    """Log (state format 2): each stored line is exactly ``json.dumps([template, {name: {kind: value}}])`` with no
    spaces, and ``WRITER.entry`` reads it back (template and typed references, in the order the rules wrote them)."""
    state = new(players, seed, **options)
    rng = Rng(seed)
    seen: set[str] = set()
    while not state.is_terminal():
        random_step(state, rng)
        for stored in state.d["msgs"]:
            if stored in seen:
                continue
            template, args = WRITER.entry(stored)
            assert stored == json.dumps([template, args], separators=(",", ":"), ensure_ascii=False)
            assert WRITER.line(template, {k: next(iter(ref.values())) for k, ref in args.items()}) == stored
            seen.add(stored)
    assert len(seen) > 100


@pytest.mark.parametrize("refs, args", [
    ({"seat": 1, "n": 3}, {"seat": {"seat": 1}, "n": {"n": 3}}),
    ({"seat2": 0, "loc": "A1", "loc2": "SY1"}, {"seat2": {"seat": 0}, "loc": {"loc": "A1"}, "loc2": {"loc": "SY1"}}),
    ({"card": "I-LASERS", "n": "Élan \"quoted\" ✓"}, {"card": {"card": "I-LASERS"}, "n": {"n": "Élan \"quoted\" ✓"}}),
    ({"n": None, "seat": True}, {"n": {"n": None}, "seat": {"seat": True}}),
    ({}, {}),
])
def test_a_log_line_round_trips_through_its_text(refs: dict[str, Any], args: dict[str, Any]) -> None:
    """Log (state format 2): ``WRITER.line`` writes the typed references by the start of each name (seat, loc, card,
    else n), any value (quotes, non-ASCII, None) survives, and ``WRITER.entry`` reads back the same template and
    references."""
    stored = WRITER.line("{seat} x {n}", refs)
    assert stored == json.dumps(["{seat} x {n}", args], separators=(",", ":"), ensure_ascii=False)
    assert WRITER.entry(stored) == ("{seat} x {n}", args)


def test_the_log_keeps_its_last_150_lines() -> None:
    """Log: the stored log is capped at 150 lines, the oldest dropped first."""
    state = midgame(moves=300)
    assert len(state.d["msgs"]) == 150
    assert all(isinstance(m, str) for m in state.d["msgs"])


# --- independent copies -----------------------------------------------------------------------------------------
def _mutate(d: dict[str, Any]) -> None:
    """Change a state dict everywhere a shared part could hide: the log, the history, factions, board and decks."""
    d["msgs"].append(WRITER.line("The game is over", {}))
    d["msgs"].pop(0)
    d["msgs"][0] = "x"
    d["hist"][0][1][0] += 5
    d["hist"].append([99, [0]])
    d["factions"][0]["ships"]["SOL"] = [9, 9, 9, 9]
    d["factions"][1]["supply"][0] += 1
    d["slots"]["I-1"]["by"].append(3)
    d["decks"]["2"].clear()
    d["options"]["round_limit"] = 11
    d["turn_flags"]["used"]["x"] = 1


def test_copy_state_is_independent_of_the_original() -> None:
    """Copies (state format 2): ``copy_state``, ``clone``, ``to_json``, ``resample`` and a loaded state never share
    anything that changes in place: mutating the copy, its log included, leaves the original as it was."""
    state = midgame()
    before = json.dumps(state.to_json(), sort_keys=True)
    game = state.game
    copies: list[dict[str, Any]] = [copy_state(state.d), state.clone().d, state.to_json(), state.resample(1, 5).d,
                                    game.state_from_json(state.to_json()).d]  # type: ignore[attr-defined]
    for c in copies:
        assert c["msgs"] == state.d["msgs"] and c["msgs"] is not state.d["msgs"]
        _mutate(c)
        assert json.dumps(state.to_json(), sort_keys=True) == before


def test_the_original_changing_never_changes_a_copy() -> None:
    """Copies (state format 2): playing on from a position leaves an earlier copy (and its log) unchanged."""
    state = midgame()
    snap = copy_state(state.d)
    frozen = json.dumps(snap, sort_keys=True)
    rng = Rng(1)
    for _ in range(40):
        random_step(state, rng)
    assert json.dumps(snap, sort_keys=True) == frozen
    assert state.d["msgs"] != snap["msgs"]


def test_a_state_whose_log_is_not_texts_is_refused() -> None:
    """Log (state format 2): a state whose log lines are lists (format 1's shape) or not JSON is refused."""
    state = midgame()
    for msgs in ([["{seat} grows", {"seat": {"seat": 0}}]], ["not json"], "text", [WRITER.line("{seat} x", {})]):
        data = state.to_json()
        data["msgs"] = msgs
        with pytest.raises((PositionError, SaveFormatError)):
            state.game.state_from_json(data)

