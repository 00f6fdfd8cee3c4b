"""The card pool is data: every record loads through the schema, the counts are the printed ones, DATA.md agrees."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

import pyengine
from pyengine.core.errors import CardDataError
from pyengine.core.text import fill
from pyengine.games.beyond_the_sun import cards
from pyengine.games.beyond_the_sun.cards import (
    DECKS,
    achievements,
    check_counts,
    check_steps,
    current_techs,
    deck_techs,
    events,
    factions,
    systems,
    techs,
)

DATA_MD = Path(cards.__file__).with_name("DATA.md").read_text(encoding="utf-8")


def test_every_record_loads_and_the_pool_has_the_printed_counts() -> None:
    """46 techs (4/16/16/10) in each deck, 20 events (10+10, 2 light each), 24 systems (12 A with 4 start, 12 B),
    10 achievements (2 basic, 4 A, 4 B) and 4 factions x 2 mats all load through the schema. The 2026 deck's 18
    records that the real deck no longer holds (16 level-III stand-ins, Android Armada and Planet Cracker of level
    IIII) stay loadable for old games, and an id names one record in every deck."""
    check_counts()
    assert (len(current_techs()), len(events()), len(systems()), len(achievements())) == (46, 20, 24, 10)
    assert sorted(DECKS) == ["real_level_3", "stand_ins_2026"] and len(deck_techs("stand_ins_2026")) == 46
    retired = set(techs()) - set(current_techs())
    assert len(retired) == 18 and len(techs()) == 64
    assert {techs()[c]["level"] for c in retired} == {3, 4} and all(techs()[c]["origin"] == "stand-in" for c in retired)


def test_the_2026_deck_is_the_rules_2026_12_file_unchanged() -> None:
    """Old saves replay the same only if the 2026 deck never changes: its file is the techs.json of rules 2026.12,
    byte for byte (sha256), and a record both decks hold is the same in both."""
    data = (Path(cards.__file__).parent / "data" / "techs-2026.12.json").read_bytes()
    assert hashlib.sha256(data).hexdigest() == "af7801fa2b5af5df38f4e1d3e954761fbd97f3e64ea7632c8f335e65f7decaeb"
    for cid, rec in deck_techs("stand_ins_2026").items():
        assert current_techs().get(cid, rec) == rec, cid
    mats = [(f["id"], m) for f in factions()["factions"] for m in ("basic", "advanced")]
    assert len(mats) == 8


def test_every_record_has_an_origin_and_its_own_text() -> None:
    """Each record says whether it is confirmed, tentative or a stand-in, and carries a rules text."""
    for rec in [*techs().values(), *events().values(), *systems().values(), *achievements().values()]:
        assert rec["origin"] in ("confirmed", "tentative", "stand-in"), rec["id"]
        assert isinstance(rec["text"], str) and len(rec["text"]) > 10, rec["id"]


def test_data_md_lists_each_record_under_its_origin() -> None:
    """DATA.md's origin lists match the data, so the documentation cannot drift from the cards; the 2026 deck's
    retired records are listed apart, as such."""
    for rec in [*current_techs().values(), *events().values(), *systems().values(), *achievements().values()]:
        line = next(ln for ln in DATA_MD.splitlines() if f"(`{rec['id']}`)" in ln)
        assert re.match(rf"- \*\*{re.escape(rec['origin'])}\*\*", line), (rec["id"], line[:60])
    for cid in set(techs()) - set(current_techs()):
        line = next(ln for ln in DATA_MD.splitlines() if f"(`{cid}`)" in ln)
        assert line.startswith("- **retired"), (cid, line[:60])


def test_the_known_level_one_techs_are_one_of_each_type() -> None:
    """Level I is always the same four techs, one per type (S-FI): the four decoded cards."""
    level1 = {rec["name"]: rec["types"] for rec in techs().values() if rec["level"] == 1}
    assert level1 == {"Advanced Robotics": ["scientific"], "Narrow Beam Lasers": ["military"],
                      "Advanced Genetics": ["economic"], "Terraforming": ["commercial"]}


def test_the_schema_refuses_unknown_steps_and_fields() -> None:
    """A record with an unknown op, a missing field or a stray field is refused with a data error."""
    with pytest.raises(CardDataError):
        check_steps("t", [{"op": "teleport", "n": 1}])
    with pytest.raises(CardDataError):
        check_steps("t", [{"op": "gain_ore"}])
    with pytest.raises(CardDataError):
        check_steps("t", [{"op": "gain_ore", "n": 1, "bonus": 2}])
    with pytest.raises(CardDataError):
        check_steps("t", [{"op": "research", "levels": [5]}])


@pytest.mark.parametrize("step", [
    {"op": "research", "levels": [3], "level_by": {"per": "colonies", "plus": 1, "max": 4}},
    {"op": "research"},
    {"op": "research", "level_by": {"per": "colonies", "plus": 1}},
    {"op": "research", "level_by": {"per": "nothing", "plus": 1, "max": 4}},
    {"op": "research", "levels": [2], "ignore_prereqs": True},
    {"op": "research", "levels": [2], "revealed_only": False},
    {"op": "gain_ore", "n": 1, "every": 2},
    {"op": "gain_population", "n": 1, "per": "colonies", "every": 0},
    {"op": "upgrade_ship", "n": 3, "levels": 1, "same_ship": "yes"},
    {"op": "pay", "cost": {"gold": 1}, "steps": []},
    {"op": "move_supply"},
    {"op": "copy_research", "n": 1},
])
def test_the_schema_refuses_a_bad_step_of_the_level_iii_vocabulary(step: dict[str, object]) -> None:
    """The level-III vocabulary (DATA.md): a research names ``levels`` or ``level_by`` (per, plus, max), never both;
    ignore_prereqs needs revealed_only; switches are true or left out; ``every``/``max`` need ``per``; ``pay`` has a
    cost of ore and population; ``move_supply`` needs ``n``; ``copy_research`` takes no field."""
    with pytest.raises(CardDataError):
        check_steps("t", [step])


def test_stand_ins_are_marked_in_the_player_facing_text() -> None:
    """The UI shows the stand-in mark: a stand-in card's name in the state summary carries a dagger."""
    state = pyengine.load_game("beyond_the_sun").new_initial_state(seed=3, players=3)
    view = state.view(0)
    stand_in = {r["name"] for r in systems().values() if r["origin"] == "stand-in"}
    table = [fill(ln["t"], {k: next(iter(v.items())) for k, v in ln["args"].items()}, "beyond_the_sun")
             for ln in view["summary"][0]["lines"]]
    marked = [ln for ln in table if any(f"{n} \u2020" in ln for n in stand_in)]
    unmarked = [ln for ln in table if any(f"{n} (" in ln for n in stand_in)]
    assert marked or not any(n in " ".join(table) for n in stand_in)
    assert not unmarked
    assert any("\u2020" in n["t"] for n in view["notes"])
