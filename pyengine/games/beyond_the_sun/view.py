"""Per-seat views: everything public plus a readable summary; deck orders and face-down events are left out.

In Beyond the Sun every faction's mat, ships, techs and colonies are public. The hidden parts are the order (and,
for the unused events, the identity) of the face-down cards, so a view shows only their counts.
"""

from __future__ import annotations

from typing import Any

from ...core.api import JSON
from ...core.dictstate import copy_json
from ...core.text import text
from .abilities import SLOT_LEVEL, counter
from .cards import achievements, systems, techs
from .messages import loc_ref, term
from .model import Data, growth_yield, ore_yield, side, strength_at
from .rules import END_TRIGGER, to_move
from .scoring import breakdown
from .table_view import build_table

STAND_IN_MARK = " \u2020"
NOTES = [text("bts.summary.stand_in_note")]


def _name(card: str | None) -> str | None:
    """Return a card's name (tech or system)."""
    if card is None:
        return None
    rec = techs().get(card) or systems().get(card)
    if not rec:
        return card
    return str(rec["name"]) + (STAND_IN_MARK if rec["origin"] == "stand-in" else "")


def _line(msg_id: str, **args: tuple[str, Any] | int) -> JSON:
    """Return one summary line or title as Text JSON (the page renders it from the message catalog)."""
    return text(msg_id, **args).to_json()


def _ship_lines(d: Data, f: dict[str, Any]) -> list[JSON]:
    """Return one line per location where the faction has ships: how many of each level, and its strength there."""
    if not f["ships"]:
        return [_line("bts.summary.ships_none")]
    return [_line("bts.summary.ships", loc=loc_ref(d, loc), l1=row[0], l2=row[1], l3=row[2], l4=row[3],
                  strength=strength_at(f, loc)) for loc, row in sorted(f["ships"].items())]


def _tech_lines(d: Data, f: dict[str, Any]) -> list[JSON]:
    """Return one line per tech level listing the faction's researched techs of that level."""
    by_level: dict[int, list[str]] = {}
    for s in f["techs"]:
        card = d["slots"][s]["card"]
        if card:  # a slot being researched has no card until the researcher keeps one
            by_level.setdefault(SLOT_LEVEL[s], []).append(card)
    if not by_level:
        return [_line("bts.summary.techs_none")]
    return [_line("bts.summary.techs", level=term("level", lv), cards=("cards", cards))
            for lv, cards in sorted(by_level.items())]


def _faction_summary(d: Data, seat: int) -> dict[str, Any]:
    """Return one faction's state in plain words and numbers, for the table and the generic panel."""
    f = d["factions"][seat]
    vp = breakdown(d, seat)
    ships = {loc: row for loc, row in sorted(f["ships"].items())}
    colonies = [c["system"] for c in f["colonies"]]
    lines = [
        _line("bts.summary.faction", faction=("card", f["id"]), mat=term("mat", f["mat"])),
        _line("bts.summary.resources", population=f["pop"], ore=f["ore"],
              **dict(zip("abcde", (("n", n) for n in f["supply"]), strict=True))),
        _line("bts.summary.yields", population=len(growth_yield(f)), ore=ore_yield(f)),
        _line("bts.summary.automation", n=len(f["auto"]), left=16 - f["removed"]["food"] - f["removed"]["ore"]),
        *_ship_lines(d, f),
        *_tech_lines(d, f),
        _line("bts.summary.colonies", cards=("cards", colonies)) if colonies else _line("bts.summary.colonies_none"),
        _line("bts.summary.vp", n=sum(vp.values())),
    ]
    return {"seat": seat, "faction": f["id"], "mat": f["mat"], "population": f["pop"], "ore": f["ore"],
            "supply": list(f["supply"]), "supply_capacity": list(f["cap"]),
            "tracks_removed": dict(f["removed"]), "automation": list(f["auto"]),
            "growth_yield": len(growth_yield(f)), "ore_yield": ore_yield(f), "ships": copy_json(ships),
            "techs": list(f["techs"]), "private_techs": list(f["private"]),
            "colonies": copy_json(f["colonies"]), "kept_events": list(f["kept"]), "vp_tokens": f["vp_tokens"],
            "powers": list(f["powers"]), "achievement_discs_used": f["ach_used"], "vp": vp,
            "vp_total": sum(vp.values()), "colonized": counter(d, seat, "colonies"), "lines": lines}


def _achievement_lines(a: dict[str, Any]) -> list[JSON]:
    """Return an achievement's line (its VP per slot, or free) and one line per disc on it, slot by slot."""
    vps = {f"vp{i}": ("n", v) for i, v in enumerate(a["slots"], 1)}
    card = ("card", a["id"])
    if not a["discs"]:
        return [_line(f"bts.summary.achievement_free_{len(a['slots'])}", card=card, **vps)]
    out = [_line(f"bts.summary.achievement_{len(a['slots'])}", card=card, **vps)]
    for disc, vp in zip(a["discs"], a["slots"], strict=False):
        out.append(_line("bts.summary.achievement_star" if disc["star"] else "bts.summary.achievement_disc",
                         card=card, seat=("player", disc["seat"]), vp=vp))
    return out


def _table_lines(d: Data, achs: list[dict[str, Any]]) -> list[JSON]:
    """Return the shared board in words: round and end countdown, achievements, systems and control."""
    discs = sum(1 for a in d["achievements"] for x in a["discs"] if not x["star"])
    now = {"round": ("n", d["round"]), "seat": ("player", d["turn"])}
    lines = [_line("bts.summary.round_ends", last=d["end_round"], **now) if d["end_round"] is not None
             else _line("bts.summary.round", discs=discs, needed=END_TRIGGER[d["players"]], **now)]
    for a in achs:
        lines += _achievement_lines(a)
    for loc, card in d["locs"].items():
        if card:
            rec = systems()[card]
            holder = d["control"].get(loc)
            where = {"loc": term("loc", loc), "card": ("card", card), "strength": ("n", rec["colonize"])}
            lines.append(_line("bts.summary.system_held", seat=("player", holder["seat"]), **where) if holder
                         else _line("bts.summary.system_free", **where))
    yards = [(loc, c["seat"]) for loc, c in sorted(d["control"].items()) if loc.startswith("SY")]
    pairs: dict[str, tuple[str, Any]] = {}
    for i, (loc, seat) in enumerate(yards, 1):
        pairs[f"loc{i}"] = term("loc", loc)
        pairs[f"seat{i}"] = ("player", seat)
    lines.append(_line(f"bts.summary.shipyards_{len(yards)}", **pairs))
    lines.append(_line(f"bts.summary.guilds_{len(d['covered'])}",
                       **{f"g{i}": term("guild", g) for i, g in enumerate(d["covered"], 1)}))
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
    view["notes"] = [n.to_json() for n in NOTES]
    view["summary"] = [{"title": _line("bts.summary.table"), "lines": _table_lines(d, achs)}] + [
        {"title": _line("bts.summary.faction_title", seat=("player", s), faction=("card", fs["faction"])),
         "lines": copy_json(fs["lines"])}
        for s, fs in enumerate(view["factions"])]
    # Nothing in this game is private: every seat sees the same public parts; the table adds the seat's own
    # legal actions (where each one is placed on the board, the tree and the map) and its point of view.
    view["table"] = build_table(d, seat)
    return view
