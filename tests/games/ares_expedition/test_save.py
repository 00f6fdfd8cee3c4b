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
    the save's old snapshot except for the new fields (the TR/VP history, the option, the state format)."""
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
    assert loaded.options == {**old["options"], "coop_early_end": False}
    now = loaded.state.to_json()
    then = old["snapshot"]["state"]
    assert {k for k in set(now) | set(then) if now.get(k) != then.get(k)} == {"format", "hist", "options"}
    assert [h[0] for h in now["hist"]] == list(range(1, now["round"]))
    resaved = loaded.to_save()
    assert resaved["rules_version"] == pyengine.load_game("ares_expedition").info.rules_version == "2026.12"
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
