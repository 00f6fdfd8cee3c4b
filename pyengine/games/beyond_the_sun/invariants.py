"""Beyond the Sun invariants for the fuzzer: 20 cubes and 24 discs per faction, pawns apart, counts sane."""

from __future__ import annotations

from collections import Counter

from ...core.api import State
from .cards import techs
from .model import CUBES, TRACK_DISCS, cube_count, disc_count
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
    every = Counter(list(techs()))
    if seen != every:
        problems.append(f"tech cards not conserved: {sorted((seen - every) + (every - seen))}")
    for loc, c in d["control"].items():
        if c["seat"] >= d["players"]:
            problems.append(f"{loc}: bad controller {c}")
    return problems
