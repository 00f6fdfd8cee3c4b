"""The Beyond the Sun position as plain JSON data, and the small mutations every rule uses.

A position is one dict (``Data``) of JSON values; ``new_faction`` shows a faction's shape. Every helper here keeps
the conservation laws: 20 cubes and 24 discs per faction.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.dictstate import copy_sharing_log
from .cards import board, factions, systems

Data = dict[str, Any]
Faction = dict[str, Any]

STATE_FORMAT = "beyond_the_sun.state/2"  # 2: log lines kept as compact JSON texts, and "hist" (VP per round)
STATE_KEYS = ("players", "options", "rng", "side", "round", "turn", "first", "phase", "end_round", "slots",
              "decks", "box_events", "sysdecks", "locs", "extra_used", "covered", "achievements", "pawns",
              "factions", "control", "frames", "turn_flags", "event_log", "epoch", "msgs", "over", "hist")
CUBES = 20
TRACK_DISCS = 8
LEVELS = (1, 2, 3, 4)


copy_state = copy_sharing_log  # the state copy the rules and tests use (shares only the log's texts)


def new_faction(faction_id: str, mat: str, ore: int) -> Faction:
    """Return a faction at the common setup: 17 supply cubes, 2 population, tracks full, no ships yet."""
    cols = list(factions()["common"]["supply_columns"])
    return {"id": faction_id, "mat": mat, "supply": list(cols), "cap": list(cols), "pop": 2, "ore": ore,
            "removed": {"food": 0, "ore": 0}, "auto": [], "ships": {}, "techs": [], "private": [],
            "colonies": [], "vp_tokens": 0, "kept": [], "powers": [], "ach_used": 0}


def mat(f: Faction) -> dict[str, Any]:
    """Return the faction's mat record (basic or advanced)."""
    for rec in factions()["factions"]:
        if rec["id"] == f["id"]:
            out: dict[str, Any] = rec[f["mat"]]
            return out
    raise KeyError(f["id"])


# --- cubes: supply, population, ships -------------------------------------------------------------------------
def take_supply(f: Faction, column: int | None = None) -> bool:
    """Remove one cube from a given supply column, or from the leftmost non-empty one; False if there is none."""
    sup = f["supply"]
    if column is not None:
        if sup[column] > 0:
            sup[column] -= 1
            return True
        return False
    for i, n in enumerate(sup):
        if n > 0:
            sup[i] -= 1
            return True
    return False


def return_supply(f: Faction) -> bool:
    """Put one cube on the rightmost supply column with a free slot; False if every column is full."""
    sup, cap = f["supply"], f["cap"]
    for i in range(len(sup) - 1, -1, -1):
        if sup[i] < cap[i]:
            sup[i] += 1
            return True
    return False


def supply_free(f: Faction) -> bool:
    """Return True if some supply column has a free slot."""
    return any(n < c for n, c in zip(f["supply"], f["cap"], strict=True))


def gain_population(f: Faction, n: int = 1, column: int | None = None) -> int:
    """Turn up to n supply cubes into population; return how many were gained."""
    got = 0
    for _ in range(n):
        if not take_supply(f, column):
            break
        f["pop"] += 1
        got += 1
    return got


def add_ship(f: Faction, loc: str, level: int, n: int = 1) -> None:
    """Put n ships of a level at a location (the cubes must already be taken)."""
    row = f["ships"].setdefault(loc, [0, 0, 0, 0])
    row[level - 1] += n


def remove_ship(f: Faction, loc: str, level: int) -> None:
    """Take one ship of a level off a location."""
    row = f["ships"][loc]
    row[level - 1] -= 1
    if not any(row):
        del f["ships"][loc]


def ship_list(f: Faction) -> list[tuple[str, int]]:
    """Return (location, level) for every distinct kind of ship the faction has, in a stable order."""
    return [(loc, lv) for loc in sorted(f["ships"]) for lv in LEVELS if f["ships"][loc][lv - 1]]


def ship_count(f: Faction) -> int:
    """Return the number of ships the faction has."""
    return sum(sum(row) for row in f["ships"].values())


def strength_at(f: Faction, loc: str) -> int:
    """Return the faction's military strength at a location (the sum of its ship levels there)."""
    row = f["ships"].get(loc)
    if not row:
        return 0
    return int(row[0] + 2 * row[1] + 3 * row[2] + 4 * row[3])


def cube_count(f: Faction) -> int:
    """Return every cube the faction has anywhere (always 20)."""
    return int(sum(f["supply"]) + f["pop"] + ship_count(f) + len(f["techs"]) + len(f["private"]))


# --- discs: production tracks and automation ------------------------------------------------------------------
def take_track_disc(f: Faction, track: str) -> bool:
    """Take the leftmost disc of a production track off the mat; False if the track is empty."""
    if f["removed"][track] >= TRACK_DISCS:
        return False
    f["removed"][track] += 1
    return True


def return_track_disc(f: Faction, track: str) -> None:
    """Put a disc back on its production track (on the leftmost uncovered disc space)."""
    f["removed"][track] -= 1


def automate(f: Faction, track: str) -> str | None:
    """Automate one production disc: the leftmost disc of the track goes to the automation track.

    An empty track places an achievement disc instead (a permanent placeholder). Achievement discs are unlimited:
    past a faction's 8, substitutes are used (rules: "use substitutes"). Returns the disc placed.
    """
    if take_track_disc(f, track):
        f["auto"].append(track)
        return track
    f["ach_used"] += 1
    f["auto"].append("ach")
    return "ach"


def uncovered(f: Faction, track: str) -> int:
    """Return the highest uncovered position of a production track (1 when every disc is on it)."""
    return 1 + int(f["removed"][track])


def growth_yield(f: Faction) -> list[int]:
    """Return the supply-column indexes that population growth draws from now (one per uncovered symbol)."""
    top = uncovered(f, "food")
    return ["ABCDE".index(s["column"]) for s in mat(f)["growth_symbols"] if s["pos"] <= top]


def ore_yield(f: Faction) -> int:
    """Return the ore that ore production gives now, before bonuses."""
    top = uncovered(f, "ore")
    return sum(s["ore"] for s in mat(f)["ore_symbols"] if s["pos"] <= top)


# --- the board -----------------------------------------------------------------------------------------------
def side(d: Data) -> dict[str, Any]:
    """Return the exploration-board side in use."""
    out: dict[str, Any] = board()["exploration"]["sides"][d["side"]]
    return out


@lru_cache(maxsize=8)
def _adjacency(side_name: str) -> dict[str, tuple[str, ...]]:
    """Return location -> sorted neighbours for one board side."""
    adj: dict[str, list[str]] = {}
    for a, b in board()["exploration"]["sides"][side_name]["routes"]:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    return {k: tuple(sorted(v)) for k, v in adj.items()}


def neighbours(d: Data, loc: str) -> tuple[str, ...]:
    """Return the open locations one jump from a location (the extra slot only while it holds a card)."""
    near = _adjacency(d["side"]).get(loc, ())
    if "X" in near and not d["locs"].get("X"):
        return tuple(x for x in near if x != "X")
    return near


def open_locations(d: Data) -> tuple[str, ...]:
    """Return every location of the board side in use, in board order (the extra slot only while it holds a card)."""
    return tuple(loc["id"] for loc in side(d)["locations"] if loc["id"] != "X" or d["locs"].get("X"))


def jump_targets(d: Data, loc: str, anywhere: bool = False) -> tuple[str, ...]:
    """Return where one jump takes a ship from a location: its neighbours; with ``anywhere`` (Wormhole Technology)
    every other open location, except from Sol and Deep Space, which still lead only to their neighbours."""
    if anywhere and loc not in ("SOL", "DEEP"):
        return tuple(x for x in open_locations(d) if x != loc)
    return neighbours(d, loc)


def controllable(d: Data) -> list[str]:
    """Return, in board order, the locations that can be controlled now (shipyards and occupied system slots)."""
    out = []
    for loc in side(d)["locations"]:
        if loc["kind"] == "shipyard" or (loc["kind"] in ("system", "extra") and d["locs"].get(loc["id"])):
            out.append(loc["id"])
    return out


def disc_for(d: Data, loc: str) -> str:
    """Return the base-disc type (food or ore) that marks control of a location."""
    card = d["locs"].get(loc)
    if card:
        out: str = systems()[card]["control_disc"]
        return out
    for rec in side(d)["locations"]:
        if rec["id"] == loc:
            disc: str = rec["disc"]
            return disc
    raise KeyError(loc)


def disc_count(f: Faction, d: Data, seat: int, track: str) -> int:
    """Return the faction's discs of one track anywhere: on the mat, automated, as bases, on colonies (always 8)."""
    n = TRACK_DISCS - f["removed"][track] + f["auto"].count(track)
    n += sum(1 for c in d["control"].values() if c["seat"] == seat and c["disc"] == track)
    n += sum(col["discs"].count(track) for col in f["colonies"])
    return int(n)
