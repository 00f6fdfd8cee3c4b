"""Beyond the Sun invariants for the fuzzer and for loading: 20 cubes and 24 discs per faction, pawns apart, counts
sane, every tech and system card in exactly one place, control following strength, and research recorded on both
sides."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.api import State
from .cards import deck_techs, systems
from .model import CUBES, TRACK_DISCS, controllable, cube_count, disc_count, strength_at
from .state import BTSState


def check(state: State) -> list[str]:
    """Return every broken invariant of a Beyond the Sun state (empty when all hold)."""
    assert isinstance(state, BTSState)
    d = state.d
    problems: list[str] = []
    for seat, f in enumerate(d["factions"]):
        if cube_count(f) != CUBES:
            problems.append(f"seat {seat}: {cube_count(f)} cubes, not {CUBES}")
        for track in ("food", "ore"):
            if disc_count(f, d, seat, track) != TRACK_DISCS:
                problems.append(f"seat {seat}: {disc_count(f, d, seat, track)} {track} discs, not {TRACK_DISCS}")
        on_cards = sum(1 for a in d["achievements"] for x in a["discs"] if x["seat"] == seat)
        used = on_cards + f["auto"].count("ach")
        if used != f["ach_used"]:
            problems.append(f"seat {seat}: achievement discs used {used}, recorded {f['ach_used']}")
        if f["ore"] < 0 or f["pop"] < 0 or any(n < 0 or n > c for n, c in zip(f["supply"], f["cap"], strict=True)):
            problems.append(f"seat {seat}: negative or overfull counts {f['ore']=} {f['pop']=} {f['supply']=}")
        if any(n < 0 for row in f["ships"].values() for n in row) or any(not any(r) for r in f["ships"].values()):
            problems.append(f"seat {seat}: bad ship rows {f['ships']}")
        if not 0 <= f["removed"]["food"] <= TRACK_DISCS or not 0 <= f["removed"]["ore"] <= TRACK_DISCS:
            problems.append(f"seat {seat}: track out of range {f['removed']}")
    pawns = [p for p in d["pawns"] if p is not None and not p.startswith("bs.gain.")]
    if len(pawns) != len(set(pawns)):
        problems.append(f"two pawns on one space: {d['pawns']}")
    seen = Counter(c for deck in d["decks"].values() for c in deck)
    seen.update(v["card"] for v in d["slots"].values() if v["card"])
    for frame in d["frames"]:
        for key in ("matches", "aside"):
            seen.update(frame["prog"].get(key, []))
    every = Counter(list(deck_techs(d["options"]["tech_deck"])))
    if seen != every:
        problems.append(f"tech cards not conserved: {sorted((seen - every) + (every - seen))}")
    for loc, c in d["control"].items():
        if c["seat"] >= d["players"]:
            problems.append(f"{loc}: bad controller {c}")
    problems += _cards_conserved(d)
    problems += _control_follows_strength(d)
    for seat, f in enumerate(d["factions"]):
        for slot in f["techs"]:
            if seat not in d["slots"][slot]["by"]:
                problems.append(f"seat {seat}: has slot {slot} but is not listed as its researcher")
    if sum(len(v["by"]) for v in d["slots"].values()) != sum(len(f["techs"]) for f in d["factions"]):
        problems.append("slots list researchers that do not have the tech")
    return problems


def _control_follows_strength(d: dict[str, Any]) -> list[str]:
    """Return a problem for a location whose controller is not (one of) the strongest there.

    Control is re-checked after every change of ships, so it always follows strength; only a location being
    colonized (its ships settling one by one) is exempt until the colony is founded.
    """
    settling = {s["loc"] for fr in d["frames"] for s in fr["steps"][:1] if s["op"] == "_settle"}
    strict = d["options"]["control_ties"] == "strict"
    problems = []
    for loc in controllable(d):
        if loc in settling:
            continue
        strengths = [strength_at(f, loc) for f in d["factions"]]
        best = max(strengths)
        leaders = [s for s, v in enumerate(strengths) if v == best and best > 0]
        holder = d["control"][loc]["seat"] if loc in d["control"] else None
        ok = (holder in leaders and (len(leaders) == 1 or not strict)) if holder is not None else len(leaders) != 1
        if not ok:
            problems.append(f"{loc}: controlled by {holder}, but the strengths there are {strengths}")
    return problems


def _cards_conserved(d: dict[str, Any]) -> list[str]:
    """Return a problem for systems that are not each in exactly one place.

    (Events are checked on load, in position.py: rule tests build positions that set face-down events aside.)
    """
    problems = []
    seen = Counter(c for c in d["locs"].values() if c)
    for deck in d["sysdecks"].values():
        seen.update(deck)
    seen.update(c["system"] for f in d["factions"] for c in f["colonies"])
    every = Counter(list(systems()))
    if seen != every:
        problems.append(f"systems not conserved: {sorted((seen - every) + (every - seen))}")
    return problems
