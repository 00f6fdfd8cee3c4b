"""Per-seat views: everything public plus a readable summary; deck orders and face-down events are left out.

In Beyond the Sun every faction's mat, ships, techs and colonies are public. The hidden parts are the order (and,
for the unused events, the identity) of the face-down cards, so a view shows only their counts.
"""

from __future__ import annotations

from typing import Any

from ...core.api import JSON
from ...core.dictstate import copy_json
from .abilities import SLOT_LEVEL, counter
from .cards import achievements, factions, systems, techs
from .model import Data, growth_yield, ore_yield, side, strength_at
from .rules import END_TRIGGER, to_move
from .scoring import breakdown

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IIII"}
STAND_IN_MARK = " \u2020"
NOTES = ["\u2020 marks a project-designed stand-in card: no public source gives that card's face."]


def _name(card: str | None) -> str | None:
    """Return a card's name (tech or system)."""
    if card is None:
        return None
    rec = techs().get(card) or systems().get(card)
    if not rec:
        return card
    return str(rec["name"]) + (STAND_IN_MARK if rec["origin"] == "stand-in" else "")


def faction_name(faction_id: str) -> str:
    """Return a faction's English name."""
    return next(str(r["name"]) for r in factions()["factions"] if r["id"] == faction_id)


def _faction_summary(d: Data, seat: int) -> dict[str, Any]:
    """Return one faction's state in plain words and numbers, for the table and the generic panel."""
    f = d["factions"][seat]
    vp = breakdown(d, seat)
    ships = {loc: row for loc, row in sorted(f["ships"].items())}
    lines = [
        f"Faction: {faction_name(f['id'])} ({f['mat']} mat)",
        f"Population {f['pop']}, ore {f['ore']}, supply {'/'.join(str(n) for n in f['supply'])}",
        f"Growth gives {len(growth_yield(f))} population, ore production gives {ore_yield(f)} ore",
        f"Automation {len(f['auto'])} discs; production discs left {16 - f['removed']['food'] - f['removed']['ore']}",
        "Ships: " + (", ".join(f"{loc} " + " ".join(f"L{i + 1}x{n}" for i, n in enumerate(row) if n)
                                + f" (strength {strength_at(f, loc)})" for loc, row in ships.items()) or "none"),
        "Techs: " + (", ".join(f"{ROMAN[SLOT_LEVEL[s]]} {_name(d['slots'][s]['card'])}" for s in f["techs"]) or "none"),
        "Colonies: " + (", ".join(str(_name(c["system"])) for c in f["colonies"]) or "none"),
        f"VP so far: {sum(vp.values())}",
    ]
    return {"seat": seat, "faction": f["id"], "mat": f["mat"], "population": f["pop"], "ore": f["ore"],
            "supply": list(f["supply"]), "supply_capacity": list(f["cap"]),
            "tracks_removed": dict(f["removed"]), "automation": list(f["auto"]),
            "growth_yield": len(growth_yield(f)), "ore_yield": ore_yield(f), "ships": copy_json(ships),
            "techs": list(f["techs"]), "private_techs": list(f["private"]),
            "colonies": copy_json(f["colonies"]), "kept_events": list(f["kept"]), "vp_tokens": f["vp_tokens"],
            "powers": list(f["powers"]), "achievement_discs_used": f["ach_used"], "vp": vp,
            "vp_total": sum(vp.values()), "colonized": counter(d, seat, "colonies"), "lines": lines}


def _table_lines(d: Data, achs: list[dict[str, Any]]) -> list[str]:
    """Return the shared board in words: round and end countdown, achievements, systems and control."""
    discs = sum(1 for a in d["achievements"] for x in a["discs"] if not x["star"])
    end = (f"the end is triggered: the game ends after round {d['end_round']}" if d["end_round"] is not None
           else f"{discs} of {END_TRIGGER[d['players']]} achievement discs placed")
    lines = [f"Round {d['round']}, seat {d['turn'] + 1} to act; {end}"]
    for a in achs:
        taken = ", ".join(f"seat {x['seat'] + 1}{' (star)' if x['star'] else ''}" for x in a["discs"]) or "free"
        lines.append(f"Achievement {a['name']} (VP {'/'.join(map(str, a['slots']))}): {taken}")
    for loc, card in d["locs"].items():
        if card:
            rec = systems()[card]
            holder = d["control"].get(loc)
            who = f"controlled by seat {holder['seat'] + 1}" if holder else "uncontrolled"
            lines.append(f"{loc}: {_name(card)} (colonize {rec['colonize']}), {who}")
    yards = [f"{loc} seat {c['seat'] + 1}" for loc, c in sorted(d["control"].items()) if loc.startswith("SY")]
    lines.append("Shipyards controlled: " + (", ".join(yards) or "none"))
    lines.append("Guilds still covered: " + (", ".join(d["covered"]) or "none"))
    return lines


def build_view(d: Data, seat: int | None) -> JSON:
    """Return what this seat (None: a spectator) may see."""
    slots = {}
    for sid, v in d["slots"].items():
        slots[sid] = {"level": SLOT_LEVEL[sid], "card": v["card"], "card_name": _name(v["card"]),
                      "event_face_down": v["event"] is not None, "researched_by": list(v["by"])}
    frames = d["frames"]
    pending = None
    if frames:
        top = frames[-1]
        step = top["steps"][0]
        pending = {"seat": top["seat"], "op": step["op"], "source": top["src"]}
        if step["op"] == "_reveal" and "matches" in top["prog"]:
            pending["revealed"] = list(top["prog"]["matches"]) + list(top["prog"].get("aside", []))
    achs = []
    for a in d["achievements"]:
        rec = achievements()[a["id"]]
        achs.append({"id": a["id"], "name": rec["name"], "slots": list(rec["slots"]), "discs": copy_json(a["discs"]),
                     "condition": dict(rec["condition"])})
    view: dict[str, Any] = {
        "game": "beyond_the_sun", "players": d["players"], "round": d["round"], "turn": d["turn"],
        "first": d["first"], "phase": d["phase"], "to_move": to_move(d), "over": d["over"],
        "end_round": d["end_round"], "end_trigger": END_TRIGGER[d["players"]],
        "achievement_discs": sum(1 for a in d["achievements"] for x in a["discs"] if not x["star"]),
        "options": dict(d["options"]), "side": d["side"], "board": copy_json(side(d)),
        "systems": {loc: {"card": c, "name": _name(c)} for loc, c in d["locs"].items()},
        "control": copy_json(d["control"]), "guilds_covered": list(d["covered"]), "slots": slots,
        "deck_sizes": {lv: len(v) for lv, v in d["decks"].items()},
        "system_deck_sizes": {k: len(v) for k, v in d["sysdecks"].items()},
        "events_revealed": list(d["event_log"]), "achievements": achs, "pawns": list(d["pawns"]),
        "factions": [_faction_summary(d, s) for s in range(d["players"])], "pending": pending,
        "epoch": d["epoch"],
    }
    view["notes"] = list(NOTES)
    view["summary"] = [{"title": "Table", "lines": _table_lines(d, achs)}] + [
        {"title": f"Seat {s + 1}: {faction_name(fs['faction'])}", "lines": fs["lines"]}
        for s, fs in enumerate(view["factions"])]
    _ = seat  # nothing in this game is private: every seat (and a spectator) sees the same view
    return view
