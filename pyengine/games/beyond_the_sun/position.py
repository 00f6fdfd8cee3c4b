"""Checking a saved Beyond the Sun position field by field before it is loaded (``validate``).

Every field of the state JSON is checked: the exact key sets, types, ranges, ids against the card data, the
effect steps on the stack against the steps the data holds, and conservation: every tech, event and system card in
exactly one place. The first problem raises PositionError with its path, e.g. ``decks.2[4]: unknown tech 'X'``.
The cube, disc and achievement-disc counts are the invariants' (``invariants.py``), run once this has passed.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from typing import Any

from ...core.api import JSON, canonical_json
from ...core.position import (
    MAX_COUNT,
    Ledger,
    Path,
    at,
    expect_bool,
    expect_distinct,
    expect_equal,
    expect_hex16,
    expect_id,
    expect_int,
    expect_ints,
    expect_keys,
    expect_list,
    expect_state,
    expect_str,
    expect_strs,
    expect_text_log,
    fail,
    kind_of,
    nested_dicts,
)
from .abilities import SLOT_LEVEL, STAR_DISC, passive, stealth_colonizer
from .cards import STEP_FIELDS, Record, achievements, board, deck_techs, events, factions, systems, techs
from .info import INFO
from .model import CUBES, STATE_FORMAT, STATE_KEYS, TRACK_DISCS, Data, controllable, disc_for
from .scoring import total
from .text import MAX_LOG

TITLE = "Beyond the Sun"
PHASES = ("action", "production", "trade", "achievement", "over")
SYSTEM_SLOTS = {"A1": "A", "A2": "A", "B1": "B", "B2": "B", "X": "B"}
TRACKS = ("food", "ore")
FACTION_KEYS = ("id", "mat", "supply", "cap", "pop", "ore", "removed", "auto", "ships", "techs", "private",
                "colonies", "vp_tokens", "kept", "powers", "ach_used")
MAX_FRAMES = 64
MAX_STEPS = 64
REF_KINDS = ("seat", "loc", "card", "n")
_SPACE = re.compile(r"^(bs|guild|tech)\.([A-Za-z0-9_-]+)\.(\d+)(?:\.(\d+))?$")


# --- what the data allows -----------------------------------------------------------------------------------------
@cache
def _data_steps() -> tuple[frozenset[str], frozenset[str]]:
    """Return the canonical JSON of every effect step written anywhere in the data (nested steps included), and of
    the step lists that an "each faction" event offers every faction."""
    steps: set[str] = set()
    offered: set[str] = set()
    for value in nested_dicts([techs(), events(), systems(), factions(), board()]):
        if value.get("op") in STEP_FIELDS:
            steps.add(canonical_json(value))
            if value["op"] == "each_faction":
                offered.add(canonical_json(value["steps"]))
    return frozenset(steps), frozenset(offered)


@cache
def _ability_ids() -> frozenset[str]:
    """Return every anytime ability id (cards, systems, faction powers) and the star-disc reservation."""
    ids = {STAR_DISC["id"]}
    for rec in [*techs().values(), *systems().values()]:
        ids.update(a["id"] for a in rec.get("anytime", []))
    for fac in factions()["factions"]:
        for p in fac["advanced"].get("powers", []):
            ids.update(a["id"] for a in p.get("anytime", []))
    return frozenset(ids)


@cache
def _powers() -> dict[str, frozenset[str]]:
    """Return faction id -> the ids of its advanced-mat powers."""
    return {f["id"]: frozenset(p["id"] for p in f["advanced"].get("powers", [])) for f in factions()["factions"]}


@cache
def _faction_ids() -> tuple[str, ...]:
    """Return the faction ids in data order."""
    return tuple(f["id"] for f in factions()["factions"])


@cache
def _side_locations(side_name: str) -> dict[str, dict[str, Any]]:
    """Return location id -> its record on one board side."""
    return {loc["id"]: loc for loc in board()["exploration"]["sides"][side_name]["locations"]}


def _level_of(table: dict[str, dict[str, Any]], cid: str) -> int:
    """Return the level of a tech or an event."""
    return int(table[cid]["level"])


# --- the whole position --------------------------------------------------------------------------------------------
def validate(data: JSON) -> None:
    """Raise PositionError naming the first problem of a saved Beyond the Sun state; return None if it is sound."""
    d = expect_state(data, STATE_FORMAT, STATE_KEYS, TITLE)
    players = expect_int(d["players"], "players", INFO.min_players, INFO.max_players)
    opts = INFO.expect_options(d["options"])
    expect_hex16(d["rng"], "rng")
    expect_equal(expect_str(d["side"], "side"), board()["exploration"]["side_by_players"][str(players)], "side",
                 f"the board side for {players} players")
    rnd = expect_int(d["round"], "round", 1, int(opts["round_limit"]) + 1)
    expect_int(d["turn"], "turn", 0, players - 1)
    expect_int(d["first"], "first", 0, 0)  # seat 0 starts every round of every game
    phase = expect_str(d["phase"], "phase", PHASES)
    if d["end_round"] is not None:
        expect_int(d["end_round"], "end_round", rnd, min(rnd + 1, int(opts["round_limit"]) + 1))
    deck = deck_techs(str(opts["tech_deck"]))  # the techs of the deck this game was dealt (option tech_deck)
    tech_led = Ledger("tech", Counter(list(deck)))
    event_led = Ledger("event", Counter(list(events())))
    system_led = Ledger("system", Counter(list(systems())))
    _slots(d["slots"], players, deck, tech_led, event_led)
    _decks(d["decks"], deck, tech_led)
    _box_events(d["box_events"], event_led)
    _system_decks(d["sysdecks"], system_led)
    _locs(d["locs"], system_led)
    if expect_bool(d["extra_used"], "extra_used") is False and d["locs"]["X"] is not None:
        raise fail("extra_used", "false, but the extra system slot X holds a card")
    expect_strs(d["covered"], "covered", {g["id"] for g in board()["guilds"]})
    expect_distinct(d["covered"], "covered", "guild")
    _achievements(d["achievements"], players, bool(opts["first_game_achievements"]))
    pawns = expect_list(d["pawns"], "pawns", length=players)
    for seat, f in enumerate(expect_list(d["factions"], "factions", length=players)):
        _faction(d, f, f"factions[{seat}]", system_led, "advanced" if opts["advanced_mats"] else "basic")
    expect_distinct([f["id"] for f in d["factions"]], "factions", "faction")
    _research_records(d)
    for seat, pawn in enumerate(pawns):
        if pawn is not None:
            _space(d, seat, pawn, f"pawns[{seat}]")
    _control(d, players)
    _frames(d, players, deck, tech_led)
    _turn_flags(d, d["turn_flags"], phase)
    event_led.see_all(expect_list(d["event_log"], "event_log"), "event_log")
    _events_revealed(d)
    for seat, f in enumerate(d["factions"]):
        for i, ev in enumerate(f["kept"]):
            if ev not in d["event_log"]:
                raise fail(f"factions[{seat}].kept[{i}]", f"event {ev!r} kept but never revealed")
    expect_int(d["epoch"], "epoch")
    expect_text_log(d["msgs"], players, MAX_LOG, REF_KINDS, _ref_ok)
    _history(d["hist"], players, rnd, phase == "over")
    if expect_bool(d["over"], "over") != (phase == "over"):
        raise fail("over", f"{d['over']} disagrees with the phase {phase!r}")
    if d["over"] and d["frames"]:
        raise fail("frames", "effects are pending in a finished game")
    tech_led.check_complete("decks")
    event_led.check_complete("box_events")
    system_led.check_complete("sysdecks")
    _final_history(d)


# --- cards on the board ---------------------------------------------------------------------------------------------
def _slots(value: Any, players: int, deck: dict[str, Record], tech_led: Ledger, event_led: Ledger) -> None:
    """Check the 19 tech slots: their card (of the game's deck) and face-down event (of the slot's level) and who
    researched them."""
    slots = expect_keys(value, "slots", SLOT_LEVEL)
    for sid, level in SLOT_LEVEL.items():
        path = at("slots", sid)
        v = expect_keys(slots[sid], path, ("card", "event", "by"))
        card, event = v["card"], v["event"]
        if card is not None:
            expect_id(card, at(path, "card"), deck, "tech")
            if _level_of(deck, card) != level:
                raise fail(at(path, "card"), f"tech {card!r} is level {_level_of(deck, card)}, not {level}")
            tech_led.see(card, at(path, "card"))
        elif level == 1:
            raise fail(at(path, "card"), "a level-I slot always holds its tech")
        if event is not None:
            expect_id(event, at(path, "event"), events(), "event")
            if _level_of(events(), event) != level:
                raise fail(at(path, "event"), f"event {event!r} is level {_level_of(events(), event)}, not {level}")
            if card is not None or v["by"]:
                raise fail(at(path, "event"), "a face-down event on a slot already researched")
            event_led.see(event, at(path, "event"))
        by = expect_ints(v["by"], at(path, "by"), 0, players - 1)
        expect_distinct(by, at(path, "by"), "seat")
        if level in (2, 3) and event is None and not by:
            raise fail(at(path, "event"), "the face-down event of a slot nobody researched is missing")


def _decks(value: Any, deck: dict[str, Record], tech_led: Ledger) -> None:
    """Check the level II, III and IIII tech decks (cards of the game's deck)."""
    decks = expect_keys(value, "decks", ("2", "3", "4"))
    for lv in ("2", "3", "4"):
        path = at("decks", lv)
        for i, cid in enumerate(expect_list(decks[lv], path)):
            expect_id(cid, at(path, i), deck, "tech")
            if _level_of(deck, cid) != int(lv):
                raise fail(at(path, i), f"tech {cid!r} is level {_level_of(deck, cid)}, not {lv}")
            tech_led.see(cid, at(path, i))


def _box_events(value: Any, event_led: Ledger) -> None:
    """Check the unused events left in the box (level II and III): the 4 dark ones not dealt, in sorted order."""
    box = expect_keys(value, "box_events", ("2", "3"))
    for lv in ("2", "3"):
        path = at("box_events", lv)
        for i, ev in enumerate(expect_list(box[lv], path, length=4)):
            expect_id(ev, at(path, i), events(), "event")
            if _level_of(events(), ev) != int(lv):
                raise fail(at(path, i), f"event {ev!r} is level {_level_of(events(), ev)}, not {lv}")
            if events()[ev]["light"]:
                raise fail(at(path, i), f"the light event {ev!r} is always dealt, never left in the box")
            event_led.see(ev, at(path, i))
        if box[lv] != sorted(box[lv]):
            raise fail(path, "the events left in the box are kept in sorted order")


def _system_decks(value: Any, system_led: Ledger) -> None:
    """Check the system decks A and B (each card in its own deck)."""
    decks = expect_keys(value, "sysdecks", ("A", "B"))
    for deck in ("A", "B"):
        path = at("sysdecks", deck)
        for i, sid in enumerate(expect_list(decks[deck], path)):
            expect_id(sid, at(path, i), systems(), "system")
            if systems()[sid]["deck"] != deck:
                raise fail(at(path, i), f"system {sid!r} belongs to deck {systems()[sid]['deck']}, not {deck}")
            system_led.see(sid, at(path, i))


def _locs(value: Any, system_led: Ledger) -> None:
    """Check the system slots of the exploration board (A1, A2, B1, B2 and the extra slot X)."""
    locs = expect_keys(value, "locs", SYSTEM_SLOTS)
    for loc, deck in SYSTEM_SLOTS.items():
        sid = locs[loc]
        if sid is None:
            continue
        expect_id(sid, at("locs", loc), systems(), "system")
        if systems()[sid]["deck"] != deck:
            raise fail(at("locs", loc), f"system {sid!r} of deck {systems()[sid]['deck']} on a deck-{deck} slot")
        system_led.see(sid, at("locs", loc))


def _achievements(value: Any, players: int, first_game: bool) -> None:
    """Check the four achievements in play and the discs on them."""
    achs = expect_list(value, "achievements", length=4)
    ids = []
    for i, a in enumerate(achs):
        path = at("achievements", i)
        a = expect_keys(a, path, ("id", "discs"))
        aid = expect_id(a["id"], at(path, "id"), achievements(), "achievement")
        ids.append(aid)
        discs = expect_list(a["discs"], at(path, "discs"), max_len=len(achievements()[aid]["slots"]))
        for j, disc in enumerate(discs):
            dp = at(at(path, "discs"), j)
            disc = expect_keys(disc, dp, ("seat", "star"))
            expect_int(disc["seat"], at(dp, "seat"), 0, players - 1)
            expect_bool(disc["star"], at(dp, "star"))
        expect_distinct([x["seat"] for x in discs], at(path, "discs"), "seat")
    expect_distinct(ids, "achievements", "achievement")
    groups = sorted(achievements()[a]["group"] for a in ids)
    if groups != ["A", "B", "basic", "basic"]:
        raise fail("achievements", f"expected the 2 basic, 1 A and 1 B achievements, got groups {groups}")
    if first_game and set(ids) != {"ACH-TRANSCENDENCE", "ACH-EMPIRE", "ACH-WARLORD", "ACH-TECHNOLOGIST"}:
        raise fail("achievements", "the first-game option deals the recommended four achievements")


# --- factions --------------------------------------------------------------------------------------------------------
def _faction(d: Data, value: Any, path: Path, system_led: Ledger, mat: str) -> None:
    """Check one faction's mat: cubes, discs, ships, techs, colonies, tokens and powers."""
    f = expect_keys(value, path, FACTION_KEYS)
    fid = expect_id(f["id"], at(path, "id"), _faction_ids(), "faction")
    expect_equal(f["mat"], mat, at(path, "mat"), "the advanced_mats option")
    cap = expect_ints(f["cap"], at(path, "cap"), 0, CUBES + 5, length=5)
    cols = factions()["common"]["supply_columns"]
    if cap[0] < cols[0] or cap[1:] != cols[1:]:
        raise fail(at(path, "cap"), f"supply columns {cap} do not match the mat {cols} (only column A may grow)")
    supply = expect_ints(f["supply"], at(path, "supply"), 0, CUBES, length=5)
    for i, (n, c) in enumerate(zip(supply, cap, strict=True)):
        if n > c:
            raise fail(at(at(path, "supply"), i), f"{n} cubes in a column of {c}")
    expect_int(f["pop"], at(path, "pop"), 0, CUBES)
    expect_int(f["ore"], at(path, "ore"))
    removed = expect_keys(f["removed"], at(path, "removed"), TRACKS)
    for t in TRACKS:
        expect_int(removed[t], at(at(path, "removed"), t), 0, TRACK_DISCS)
    expect_strs(f["auto"], at(path, "auto"), ("food", "ore", "ach"), max_len=4 * TRACK_DISCS + 64)
    _ships(d, f["ships"], at(path, "ships"))
    techs_path = at(path, "techs")
    expect_strs(f["techs"], techs_path, SLOT_LEVEL)
    expect_distinct(f["techs"], techs_path, "tech slot")
    expect_ints(f["private"], at(path, "private"), 2, 3, max_len=CUBES)
    for i, col in enumerate(expect_list(f["colonies"], at(path, "colonies"), max_len=len(systems()))):
        cp = at(at(path, "colonies"), i)
        col = expect_keys(col, cp, ("system", "discs"))
        system_led.see(expect_id(col["system"], at(cp, "system"), systems(), "system"), at(cp, "system"))
        expect_strs(col["discs"], at(cp, "discs"), TRACKS, max_len=2)
    expect_int(f["vp_tokens"], at(path, "vp_tokens"))
    expect_strs(f["kept"], at(path, "kept"), events(), max_len=len(events()))
    expect_distinct(f["kept"], at(path, "kept"), "event")
    expect_strs(f["powers"], at(path, "powers"), _powers()[fid] if mat == "advanced" else ())
    expect_distinct(f["powers"], at(path, "powers"), "power")
    expect_int(f["ach_used"], at(path, "ach_used"))


def _ships(d: Data, value: Any, path: Path) -> None:
    """Check a faction's ships: location -> ships of levels I-IIII, at locations of the board side in use."""
    ships = expect_keys(value, path, (), _side_locations(d["side"]))
    for loc, row in ships.items():
        expect_ints(row, at(path, loc), 0, CUBES, length=4)
        if not any(row):
            raise fail(at(path, loc), "an empty row of ships (it should have been removed)")
        if loc == "X" and d["locs"]["X"] is None:
            raise fail(at(path, loc), "ships in the extra system slot X, which holds no system")


def _research_records(d: Data) -> None:
    """Check that each slot lists exactly the factions that have it among their techs."""
    for seat, f in enumerate(d["factions"]):
        for i, sid in enumerate(f["techs"]):
            if seat not in d["slots"][sid]["by"]:
                raise fail(f"factions[{seat}].techs[{i}]", f"slot {sid!r} does not list seat {seat} as researcher")
    for sid, v in d["slots"].items():
        for i, seat in enumerate(v["by"]):
            if sid not in d["factions"][seat]["techs"]:
                raise fail(f"slots.{sid}.by[{i}]", f"seat {seat} researched {sid!r} but does not have it")


def _space(d: Data, seat: int, space: Any, path: Path) -> None:
    """Check that a pawn stands on an action space that exists for its faction."""
    if not _space_ok(d, seat, expect_str(space, path)):
        raise fail(path, f"unknown action space {space[:60]!r} for seat {seat}")


def _space_ok(d: Data, seat: int, space: str) -> bool:
    """Return True if an action space id exists for this faction now (Basic Spacefaring, open guild, its tech)."""
    m = _SPACE.match(space)
    if not m:
        return False
    kind, name, a, b = m.group(1), m.group(2), int(m.group(3)), m.group(4)
    if kind == "bs" and b is None:
        bs = board()["basic_spacefaring"]["spaces"][str(d["players"])]
        return name in bs and a < len(bs[name])
    if kind == "guild" and b is None:
        guilds = {g["id"]: g for g in board()["guilds"]}
        return name in guilds and name not in d["covered"] and a < int(guilds[name]["spaces"])
    if kind == "tech" and b is not None and name in d["factions"][seat]["techs"]:
        card = d["slots"][name]["card"]
        acts = techs()[card].get("actions", []) if card else []
        return a < len(acts) and int(b) < int(acts[a]["spaces"])
    return False


def _control(d: Data, players: int) -> None:
    """Check the controlled locations: controllable now, a seat, and the base disc of the location's track."""
    control = expect_keys(d["control"], "control", (), controllable(d))
    for loc, c in control.items():
        path = at("control", loc)
        c = expect_keys(c, path, ("seat", "disc"))
        expect_int(c["seat"], at(path, "seat"), 0, players - 1)
        if c["disc"] is not None and not (c["disc"] in TRACKS and passive(d, c["seat"], "either_track_discs")):
            expect_equal(c["disc"], disc_for(d, loc), at(path, "disc"), "the location's base-disc track")


# --- the effect stack ------------------------------------------------------------------------------------------------
def _frames(d: Data, players: int, deck: dict[str, Record], tech_led: Ledger) -> None:
    """Check the stack of pending effects: seats, sources, steps from the data, and each step's progress."""
    frames = expect_list(d["frames"], "frames", max_len=MAX_FRAMES)
    reveals: dict[str, int] = {}
    for i, frame in enumerate(frames):
        path = at("frames", i)
        fr = expect_keys(frame, path, ("seat", "steps", "src", "prog"))
        seat = expect_int(fr["seat"], at(path, "seat"), 0, players - 1)
        if fr["src"] is not None:
            _source(d, seat, fr["src"], at(path, "src"))
        steps = expect_list(fr["steps"], at(path, "steps"), max_len=MAX_STEPS)
        if not steps and i == len(frames) - 1:
            raise fail(at(path, "steps"), "the effect on top of the stack has no step left")
        for j, step in enumerate(steps):
            sp = at(at(path, "steps"), j)
            _step(d, step, sp)
            if step["op"] == "_reveal":
                slot = d["slots"][step["slot"]]
                if slot["card"] is not None or seat not in slot["by"] or step["slot"] in reveals:
                    raise fail(sp, f"no research of seat {seat} waits for a card in slot {step['slot']!r}")
                reveals[step["slot"]] = seat
        _progress(d, fr["prog"], steps[0] if steps else None, at(path, "prog"), deck, tech_led)
    for sid, v in d["slots"].items():
        if v["card"] is None and v["by"] and sid not in reveals:
            raise fail(at(at("slots", sid), "card"), "researched but no card is being revealed for it")


def _source(d: Data, seat: int, src: Any, path: Path) -> None:
    """Check what an effect comes from: an event, an ability, a faction's setup, or the action space it ran from."""
    text = expect_str(src, path)
    if text in events() or text in _ability_ids() or (text.startswith("setup:") and text[6:] in _faction_ids()):
        return
    if not _space_ok(d, seat, text):
        raise fail(path, f"unknown effect source {text[:60]!r}")


def _step(d: Data, value: Any, path: Path) -> None:
    """Check one pending step: one written in the data, or one of the engine's own (``_may``, ``_reveal`` ...)."""
    step = _step_shape(value, path)
    op = step["op"]
    if op == "_may":
        step = expect_keys(step, path, ("op", "steps"))
        if _canonical(step["steps"], at(path, "steps")) not in _data_steps()[1]:
            raise fail(at(path, "steps"), "not the steps of any event")
    elif op == "_reveal":
        step = expect_keys(step, path, ("op", "slot"))
        slot = expect_id(step["slot"], at(path, "slot"), SLOT_LEVEL, "tech slot")
        if SLOT_LEVEL[slot] == 1:
            raise fail(at(path, "slot"), "a level-I slot is never revealed")
    elif op == "_settle":
        step = expect_keys(step, path, ("op", "loc", "need", "back"))
        loc = expect_str(step["loc"], at(path, "loc"), SYSTEM_SLOTS)
        if d["locs"][loc] is None:
            raise fail(at(path, "loc"), f"no system to colonize at {loc!r}")
        need = expect_int(step["need"], at(path, "need"), 1, 20)
        expect_int(step["back"], at(path, "back"), 0, need - 1)
    elif op == "_star_disc":
        expect_keys(step, path, ("op",))
    elif _canonical(step, path) not in _data_steps()[0]:
        raise fail(path, f"a {op!r} step that no card, space or mat has")


def _step_shape(value: Any, path: Path) -> dict[str, Any]:
    """Return a step once it is an object with a known op."""
    if value.__class__ is not dict:
        raise fail(path, f"expected a step object, got {kind_of(value)}")
    op = value.get("op")
    if op not in STEP_FIELDS and op not in ("_may", "_reveal", "_settle", "_star_disc"):
        raise fail(at(path, "op"), f"unknown step {op!r}" if op.__class__ is str else f"bad op, {kind_of(op)}")
    out: dict[str, Any] = value
    return out


def _canonical(value: Any, path: Path) -> str:
    """Return a value's canonical JSON (for comparing with the data), refusing anything that is not JSON data."""
    try:
        return canonical_json(value)
    except (TypeError, ValueError, RecursionError) as exc:
        raise fail(path, f"holds a value that is not JSON data: {exc}") from exc


def _progress(d: Data, value: Any, step: dict[str, Any] | None, path: Path, deck: dict[str, Record],
              tech_led: Ledger) -> None:
    """Check a frame's progress on its first step: counts done, ships upgraded, jumps left, cards revealed."""
    prog = expect_keys(value, path, (), ("done", "upgraded", "left", "matches", "aside", "moved"))
    if not prog:
        return
    op = "" if step is None else ("automate_any" if step["op"] == "automate" and step.get("track") == "any"
                                  else step["op"])
    allowed = {"build_ship": {"done"}, "upgrade_ship": {"done", "upgraded"}, "retire_ship": {"done"},
               "automate_any": {"done"}, "automate": {"done"}, "jump": {"left"}, "_reveal": {"matches", "aside"},
               "move_supply": {"done", "moved"}}.get(op, set())
    for k in prog:
        if k not in allowed:
            raise fail(at(path, k), f"no progress of this kind for a {op or 'missing'!r} step")
    assert step is not None
    if "done" in prog:
        expect_int(prog["done"], at(path, "done"), 0, int(step["n"]) - 1)
    if "upgraded" in prog:
        ups = expect_list(prog["upgraded"], at(path, "upgraded"), max_len=int(step["n"]))
        for i, u in enumerate(ups):
            up = at(at(path, "upgraded"), i)
            pair = expect_list(u, up, length=2)
            expect_str(pair[0], at(up, 0), _side_locations(d["side"]))
            expect_int(pair[1], at(up, 1), 1, 4)
    if "left" in prog:
        expect_int(prog["left"], at(path, "left"), 1, 20)
    if "moved" in prog:
        moved = expect_ints(prog["moved"], at(path, "moved"), 0, int(step["n"]), length=5)
        if sum(moved) != prog.get("done"):
            raise fail(at(path, "moved"), "the cubes moved disagree with the count done")
    if "matches" in prog or "aside" in prog:
        if set(prog) != {"matches", "aside"}:
            raise fail(path, "revealed cards need both matches and aside")
        level = SLOT_LEVEL[step["slot"]]
        for key in ("matches", "aside"):
            cards = expect_list(prog[key], at(path, key), length=2 if key == "matches" else None)
            for i, cid in enumerate(cards):
                cp = at(at(path, key), i)
                expect_id(cid, cp, deck, "tech")
                if _level_of(deck, cid) != level:
                    raise fail(cp, f"tech {cid!r} is level {_level_of(deck, cid)}, not {level}")
                tech_led.see(cid, cp)


def _events_revealed(d: Data) -> None:
    """Check that each level's revealed events are as many as the researched slots of that level (one flip each)."""
    for lv in (2, 3):
        flipped = sum(1 for sid, v in d["slots"].items() if SLOT_LEVEL[sid] == lv and v["event"] is None)
        revealed = sum(1 for ev in d["event_log"] if _level_of(events(), ev) == lv)
        if flipped != revealed:
            raise fail("event_log", f"{revealed} level-{lv} events revealed, but {flipped} level-{lv} slots "
                                    "have flipped theirs")


def _turn_flags(d: Data, value: Any, phase: str) -> None:
    """Check the turn's flags: all three productions, productions done, abilities used, an achievement claimed, and
    (Stealth Terraformers) the systems controlled when the turn began."""
    flags = expect_keys(value, "turn_flags", ("all_three", "produced", "used"), ("claimed", "held"))
    if "held" in flags:
        expect_strs(flags["held"], "turn_flags.held", systems(), max_len=len(SYSTEM_SLOTS))
        expect_distinct(flags["held"], "turn_flags.held", "system")
        if flags["held"] != sorted(flags["held"]):
            raise fail("turn_flags.held", "the systems controlled at the start of the turn are kept in sorted order")
        if not stealth_colonizer(d, d["turn"]):
            raise fail("turn_flags.held", "recorded for a faction that has no tech that needs it")
    if phase == "action" and (flags.get("all_three") or flags.get("produced") or "claimed" in flags):
        raise fail("turn_flags", "productions or a claim recorded before the turn's action")
    expect_bool(flags["all_three"], "turn_flags.all_three")
    expect_strs(flags["produced"], "turn_flags.produced", ("growth", "ore"), max_len=2)
    expect_distinct(flags["produced"], "turn_flags.produced", "production")
    if flags["produced"] and not flags["all_three"]:
        raise fail("turn_flags.produced", "productions are only recorded on a turn with all three")
    used = expect_keys(flags["used"], "turn_flags.used", (), _ability_ids())
    for k, n in used.items():
        expect_int(n, at("turn_flags.used", k), 1, 9)
    if "claimed" in flags:
        expect_bool(flags["claimed"], "turn_flags.claimed")


def _history(value: Any, players: int, rnd: int, over: bool) -> None:
    """Check the VP history: ``[round, [VP per seat]]`` for every finished round in order (the last one too, once
    the game is over)."""
    finished = rnd if over else rnd - 1
    hist = expect_list(value, "hist", length=finished)
    for i, row in enumerate(hist):
        path = at("hist", i)
        pair = expect_list(row, path, length=2)
        expect_int(pair[0], at(path, 0), i + 1, i + 1)
        expect_ints(pair[1], at(path, 1), 0, MAX_COUNT, length=players)


def _final_history(d: Data) -> None:
    """Check that a finished game's last history row holds the final scores."""
    if d["over"] and d["hist"][-1][1] != [total(d, s) for s in range(d["players"])]:
        raise fail(at("hist", len(d["hist"]) - 1), "the last round's VP are not the final scores")


def _ref_ok(ref: dict[str, Any], players: int) -> bool:
    """Return True for one typed reference of a log line: a seat, or {kind: text, number or null}."""
    for kind, v in ref.items():
        if kind == "seat":
            return v.__class__ is int and 0 <= v < players
        return kind in REF_KINDS and (v is None or v.__class__ is str or (
            v.__class__ is int and -MAX_COUNT <= v <= MAX_COUNT))
    return False
