"""Control of locations by military strength, and the base discs that mark it.

After every change of ships, every controllable location is checked in board order. The strongest faction there
takes control; on a tie the current controller keeps it (option ``control_ties`` = ``defender``), and a faction
with no strength left there loses it. Taking control places the leftmost disc of the location's track as a base;
losing it returns that disc to its track.

Control only changes where strength changed: after a full check every location is settled (its controller is
among the strongest, or nobody leads alone), so a change of ships at some locations is followed by a check of
those locations only, in board order, which gives the same result as checking them all.
"""

from __future__ import annotations

from collections.abc import Collection

from .abilities import passive
from .model import Data, controllable, disc_for, return_track_disc, strength_at, take_track_disc
from .text import log, place

OTHER_TRACK = {"food": "ore", "ore": "food"}


def recompute(d: Data, changed: Collection[str] | None = None) -> list[tuple[str, int, int | None]]:
    """Re-check control everywhere (or only at the locations whose ships ``changed``, see above); return the changes
    as (location, new controller, old controller or None)."""
    changes: list[tuple[str, int, int | None]] = []
    strict = d["options"]["control_ties"] == "strict"
    factions = d["factions"]
    for loc in controllable(d):
        if changed is not None and loc not in changed:
            continue
        strengths = [strength_at(f, loc) for f in factions]
        best = max(strengths)
        cur = d["control"].get(loc)
        holder = cur["seat"] if cur else None
        leaders = [s for s, v in enumerate(strengths) if v == best and best > 0]
        if holder is not None and holder in leaders and (len(leaders) == 1 or not strict):
            continue
        new = leaders[0] if len(leaders) == 1 else None
        if holder is not None:
            lose(d, loc)
        if new is not None:
            gain(d, loc, new)
            changes.append((loc, new, holder))
    return changes


def lose(d: Data, loc: str) -> None:
    """Remove a location's controller: the base disc goes back to its production track."""
    cur = d["control"].pop(loc)
    if cur["disc"] is not None:
        return_track_disc(d["factions"][cur["seat"]], cur["disc"])
    log(d, "{seat} loses control of {loc}", seat=cur["seat"], loc=place(d, loc))


def gain(d: Data, loc: str, seat: int) -> None:
    """Give a location to a faction, marked with the leftmost disc of the location's track (if it has one left)."""
    d["control"][loc] = {"seat": seat, "disc": take_disc(d, seat, disc_for(d, loc))}
    log(d, "{seat} takes control of {loc}", seat=seat, loc=place(d, loc))


def take_disc(d: Data, seat: int, track: str) -> str | None:
    """Take the leftmost disc of a production track for a location (a base or a colony); return its track, or None
    when there is none. A faction with ``either_track_discs`` (Subatomic Fabrication) takes it from the other track
    when that one is empty."""
    f = d["factions"][seat]
    if take_track_disc(f, track):
        return track
    other = OTHER_TRACK[track]
    if passive(d, seat, "either_track_discs") and take_track_disc(f, other):
        return other
    return None
