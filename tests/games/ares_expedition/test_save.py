"""Ares Expedition states as save data: round trips, independent copies and clear refusals of bad files."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine.core.errors import SaveFormatError
from pyengine.core.match import Match
from pyengine.core.rng import Rng
from pyengine.games.ares_expedition.state import AresState

from .helpers import new


def _midgame() -> AresState:
    """Return a 2-player game after 60 seeded random actions (log, hands and tableaux all non-empty)."""
    s = new(2, seed=4)
    rng = Rng(11)
    for _ in range(60):
        seat = sorted(s.to_move())[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])
    return s


def test_state_round_trips_through_json_text() -> None:
    """A saved position reloads equal, and the reloaded one has the same view and legal actions."""
    s = _midgame()
    game = s.game
    text = json.dumps(s.to_json())
    back = game.state_from_json(json.loads(text))
    assert back.equals_json(s.to_json())
    for seat in range(2):
        assert back.view(seat) == s.view(seat)
        assert back.legal_actions(seat) == s.legal_actions(seat)


def test_copies_do_not_share_the_log_or_boards() -> None:
    """to_json, clone and state_from_json give copies: changing one never changes the original."""
    s = _midgame()
    before = s.to_json()
    out = s.to_json()
    out["msgs"].append("{}")
    out["p"][0]["hand"].append("x")
    c = s.clone()
    c.d["msgs"].clear()
    c.d["deck"].clear()
    loaded = s.game.state_from_json(before)
    assert isinstance(loaded, AresState)
    loaded.d["msgs"].pop()
    assert s.equals_json(before)
    assert before["msgs"] and len(before["msgs"]) == len(s.d["msgs"])


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="beyond_the_sun.state/1"), "not a saved Ares Expedition state"),
    (lambda d: d.pop("deck"), "lacks fields"),
    (lambda d: d.update(msgs=[{"t": "old"}]), "log that is not a list of texts"),
    (lambda d: d.update(msgs="text"), "log that is not a list of texts"),
    (lambda d: d["p"][0].update(mc=object()), "not JSON data"),
])
def test_bad_saves_are_refused_with_a_clear_message(change: object, message: str) -> None:
    """A foreign, incomplete or corrupt state raises SaveFormatError naming the problem."""
    s = _midgame()
    data = s.to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(SaveFormatError, match=message):
        s.game.state_from_json(data)


# --- the rules 2026.11 -> 2026.12 migration ------------------------------------------------------------------------

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "ares_expedition-2026.11.json"


def old_save() -> dict[str, Any]:
    """Return the real 2026.11 save: 2 players, seed 2026, 60 entries of a seeded random game (written by the
    engine before the 2026.12 rules; its log answers Imported Hydrogen's choice, which 2026.12 no longer asks)."""
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


def test_an_ares_2026_11_save_loads_after_the_2026_12_change() -> None:
    """Migration ("ares_expedition", "2026.11"): a real 2026.11 save loads into the very same position.

    The only entry dropped is the answer to a question 2026.12 no longer asks (Imported Hydrogen with no card for
    microbes or animals: the 3 plants are taken without asking); every other entry replays, and the position equals
    the save's old snapshot except for the new fields (the TR/VP history, the option, the state format) and the log's
    words (history: the replay logs every effect, as the rules now do)."""
    old = old_save()
    assert old["rules_version"] == "2026.11" and "coop_early_end" not in old["options"]
    assert "hist" not in old["snapshot"]["state"]
    kept = copy.deepcopy(old)
    loaded = Match.from_save(old)
    assert old == kept, "loading must not change the save it was given"
    dropped = [i for i, e in enumerate(old["log"]) if e["a"] == "choose option=1"]
    assert len(dropped) == 1
    assert [e.to_json() for e in loaded.log] == [e for i, e in enumerate(old["log"]) if i not in dropped]
    assert loaded.seats == old["seats"] and loaded.seed == old["seed"] and loaded.players == old["players"]
    assert loaded.options == {**old["options"], "coop_early_end": False, "solo_early_end": False}
    now = loaded.state.to_json()
    then = old["snapshot"]["state"]
    assert {k for k in set(now) | set(then) if now.get(k) != then.get(k)} == {"format", "hist", "options", "msgs"}
    assert [h[0] for h in now["hist"]] == list(range(1, now["round"]))
    resaved = loaded.to_save()
    assert resaved["rules_version"] == pyengine.load_game("ares_expedition").info.rules_version == "2026.12.2"
    assert Match.from_save(json.loads(json.dumps(resaved))).to_save() == resaved


def test_the_ares_2026_11_migration_sets_the_version_adds_the_option_and_drops_the_snapshot() -> None:
    """Migration ("ares_expedition", "2026.11"): rules_version 2026.12, coop_early_end false (kept if present),
    no snapshot; seats, seed and players unchanged."""
    from pyengine.core.migrations import MIGRATIONS

    step = MIGRATIONS[("ares_expedition", "2026.11")]
    old = old_save()
    new = step(old)
    assert new["rules_version"] == "2026.12" and "snapshot" not in new and "snapshot" in old
    assert new["options"]["coop_early_end"] is False and "coop_early_end" not in old["options"]
    assert new["seats"] == old["seats"] and new["seed"] == old["seed"] and new["players"] == old["players"]
    assert len(new["log"]) == len(old["log"]) - 1
    assert step({**old, "options": {**old["options"], "coop_early_end": True}})["options"]["coop_early_end"] is True


SOLO_2026_12 = Path(__file__).resolve().parents[2] / "fixtures"


def solo_save(which: str) -> dict[str, Any]:
    """Return a real 2026.12 solo save (novice, seed 2, the greedy bot's moves, written by the engine of 2026.12):
    ``finished``, ended when Mars was terraformed in round 23, or ``in-progress``, the same game in round 15."""
    data: dict[str, Any] = json.loads(
        (SOLO_2026_12 / f"ares_expedition-2026.12-solo-{which}.json").read_text(encoding="utf-8"))
    return data


def test_a_2026_12_solo_game_in_progress_loads_into_the_same_position_and_now_plays_25_rounds() -> None:
    """Migration ("ares_expedition", "2026.12"): a solo game in progress loads into the very same position with
    option solo_early_end false (the seed's 25 rounds); played on by the same bot, it terraforms Mars and still
    plays to the end of round 25."""
    from pyengine.bots import choose, make_bot

    old = solo_save("in-progress")
    assert old["rules_version"] == "2026.12" and "solo_early_end" not in old["options"]
    loaded = Match.from_save(copy.deepcopy(old))
    assert loaded.options == {**old["options"], "solo_early_end": False}
    assert [e.to_json() for e in loaded.log] == old["log"]
    now, then = loaded.state.to_json(), old["snapshot"]["state"]
    # the log is history, not position: the replay writes the lines of every effect, as the rules now do
    assert {k for k in set(now) | set(then) if now.get(k) != then.get(k)} == {"options", "msgs"}
    bot, rng = make_bot("greedy"), Rng(7)
    state = loaded.state
    terraformed_in = None
    while not state.is_terminal():
        seat = min(state.to_move())
        loaded.apply(seat, choose(bot, state, seat, rng))
        state = loaded.state
        d = state.to_json()
        if terraformed_in is None and d["params"] == {"temperature": 19, "oxygen": 14, "ocean": 9}:
            terraformed_in = d["round"]
    final = state.to_json()
    assert terraformed_in is not None and terraformed_in < 25 and final["round"] == 25 and final["over"] == "round_25"
    out = state.outcome()
    assert out is not None and out.winners == [0]


def test_a_2026_12_solo_game_ended_by_terraforming_keeps_its_early_end_and_result() -> None:
    """Migration ("ares_expedition", "2026.12"): a solo game that 2026.12 ended when Mars was terraformed (round 23)
    gets solo_early_end true, so it loads still finished, with the same position and the same win."""
    old = solo_save("finished")
    then = old["snapshot"]["state"]
    assert then["over"] == "terraformed" and then["round"] == 23 and "solo_early_end" not in old["options"]
    loaded = Match.from_save(copy.deepcopy(old))
    assert loaded.options == {**old["options"], "solo_early_end": True}
    now = loaded.state.to_json()
    assert {k for k in set(now) | set(then) if now.get(k) != then.get(k)} == {"options", "msgs"}  # (msgs: the log)
    out = loaded.state.outcome()
    assert loaded.state.is_terminal() and out is not None and out.winners == [0]
    assert out.details["result_msg"]["id"] == "ares.outcome.result.solo_win_early"


def test_the_ares_2026_12_migration_gives_every_other_save_the_new_default() -> None:
    """Migration ("ares_expedition", "2026.12"): a competitive save, and a solo save whose log does not replay, get
    solo_early_end false; an option already present is kept; the version is 2026.12.2 and the snapshot is gone."""
    from pyengine.core.migrations import MIGRATIONS

    step = MIGRATIONS[("ares_expedition", "2026.12")]
    multi = step(MIGRATIONS[("ares_expedition", "2026.11")](old_save()))
    assert multi["options"]["solo_early_end"] is False and multi["rules_version"] == "2026.12.2"
    broken = solo_save("finished")
    broken["log"][5] = {"p": 0, "a": "play card=nothing"}
    assert step(broken)["options"]["solo_early_end"] is False
    kept = solo_save("finished")
    kept["options"]["solo_early_end"] = False
    new = step(kept)
    assert new["options"]["solo_early_end"] is False and "snapshot" not in new


def test_the_ares_2026_11_migration_leaves_a_log_that_does_not_replay_to_the_loader() -> None:
    """Migration ("ares_expedition", "2026.11"): only choices and card actions the new rules no longer offer are
    dropped; any other entry that does not replay leaves the log as it was, and the loader names that entry."""
    from pyengine.core.migrations import MIGRATIONS

    old = old_save()
    old["log"][30] = {"p": 0, "a": "play card=comet"}
    new = MIGRATIONS[("ares_expedition", "2026.11")](old)
    assert new["log"] == old["log"]
    with pytest.raises(SaveFormatError, match=r"entry 19 \('choose option=1'\) does not replay"):
        Match.from_save(old)  # the log as it was: its first entry that no longer replays is named


def test_the_ares_2026_11_migration_never_fails_on_a_bad_header() -> None:
    """Migration ("ares_expedition", "2026.11"): a header that cannot start a game (options not an object, a bad
    seed or player count) leaves the log as it was; the loader then refuses the save with its own message."""
    from pyengine.core.migrations import MIGRATIONS

    step = MIGRATIONS[("ares_expedition", "2026.11")]
    old = old_save()
    for change in ({"options": "x"}, {"seed": "1"}, {"players": 9}, {"seed": -1}, {"players": True}):
        new = step({**old, **change})
        assert new["log"] == old["log"] and new["rules_version"] == "2026.12", change
        with pytest.raises(SaveFormatError):
            Match.from_save({**old, **change})
