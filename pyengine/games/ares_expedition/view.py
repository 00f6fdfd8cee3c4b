"""Per-seat views: the public table, the seat's own hand and questions, and a readable summary.

Hidden from a seat: other players' hands (only their sizes show, except a co-op partner's), the corporations
offered to others, phase cards not yet revealed, the deck and ocean-pile order, and what others are looking at.
"""

from __future__ import annotations

from typing import Any

from ...core.api import JSON
from .cards import card
from .cardtext import card_face
from .model import PARAM_STEPS, Data, display_value, production, zone_of
from .rules import forced_conversion, to_move
from .scoring import breakdown

PHASE_NAMES = {1: "Development", 2: "Construction", 3: "Action", 4: "Production", 5: "Research"}


def _name(cid: str | None) -> str | None:
    """Return a card's name."""
    return None if cid is None else str(card(cid)["name"])


def _cards(ids: list[str]) -> list[dict[str, Any]]:
    """Return cards as id, name and text (for the page's tooltips)."""
    return [{"id": c, "name": _name(c), "text": card_face(c)} for c in ids]


def _count(n: int) -> str:
    """Return "1 card" or "n cards"."""
    return f"{n} card" + ("" if n == 1 else "s")


def _held(p: dict[str, Any], cid: str) -> str:
    """Return what a card holds, e.g. "3 animals" or "1 microbe"."""
    n, kind = p["res"][cid], str(card(cid)["holds"])
    return f"{n} {kind}" + ("" if n == 1 or kind == "science" else "s")


def _card_groups(d: Data, seat: int, board: dict[str, Any]) -> list[dict[str, Any]]:
    """Return a seat's cards for the summary as labelled groups: corporation, hand (if the viewer may see it) and
    tableau, each card with its name, its text (the page's tooltip) and what it holds."""
    p = d["p"][seat]
    groups = []
    if board["corporation"]:
        groups.append({"label": "Corporation", "cards": _cards([board["corporation"]])})
    if "hand" in board:
        groups.append({"label": "Hand", "cards": board["hand"]})
    groups.append({"label": "Tableau", "cards": [dict(c, note=_held(p, c["id"])) if c["id"] in p["res"] else c
                                                 for c in board["table"]]})
    return groups


def _player(d: Data, seat: int, viewer: int | None) -> dict[str, Any]:
    """Return one player's board as this viewer may see it."""
    p = d["p"][seat]
    own = viewer == seat or (d["coop"] is not None and viewer is not None)
    revealed = d["stage"] not in ("plan", "corp", "solo_order") or own
    prod = production(p)
    vp = breakdown(p)
    corp_known = p["corp"] is not None and (own or d["stage"] != "corp")
    lines = [] if corp_known else [f"Corporation: {'not chosen yet' if p['corp'] is None else 'chosen'}"]
    lines += [
        f"TR {p['tr']}, forests {p['forests']}, VP so far {vp['total']}",
        f"M€ {p['mc']}, heat {p['heat']}, plants {p['plants']}; steel {p['steel']}, titanium {p['titanium']}",
        f"Production: M€ {prod['mc']} (+TR {p['tr']}: {prod['mc'] + p['tr']} M€ a production phase), "
        f"heat {prod['heat']}, plants {prod['plants']}, cards {prod['cards']}",
        f"Hand: {_count(len(p['hand']))}, tableau: {_count(len(p['table']))}",
    ]
    if p["pick"] is not None and revealed:
        lines.append(f"Phase chosen: {PHASE_NAMES[p['pick']]}")
    out: dict[str, Any] = {
        "seat": seat, "corporation": p["corp"] if corp_known else None, "tr": p["tr"], "forests": p["forests"],
        "mc": p["mc"], "heat": p["heat"], "plants": p["plants"], "steel": p["steel"], "titanium": p["titanium"],
        "production": prod, "hand_size": len(p["hand"]), "table": _cards(p["table"]),
        "resources": dict(p["res"]), "pick": p["pick"] if revealed else None,
        "picked": p["pick"] is not None, "last_pick": p["last"], "done": p["done"], "vp": vp, "lines": lines,
    }
    if own:
        out["hand"] = _cards(p["hand"])
        out["offer"] = _cards(p["offer"])
        out["forced_conversion"] = forced_conversion(d, seat)
        frames = p["frames"]
        if frames and "ask" in frames[-1]:
            top = frames[-1]
            out["question"] = {"q": top["ask"]["q"], "source": top["src"],
                               "looking_at": _cards(top["ctx"].get("looked", []))}
    return out


def build_view(d: Data, seat: int | None) -> JSON:
    """Return what this seat (None: a spectator) may see."""
    params = {k: {"steps": d["params"][k], "max": PARAM_STEPS[k], "shown": display_value(k, d["params"][k]),
                  "zone": zone_of(k, d["params"][k]) if k != "ocean" else None} for k in PARAM_STEPS}
    players = [_player(d, s, seat) for s in range(d["players"])]
    table = [f"Round {d['round']}" + (f", phase {PHASE_NAMES[d['phase']]}" if d["phase"] else f" ({d['stage']})"),
             "Temperature " + params["temperature"]["shown"] + f" ({params['temperature']['zone']}), oxygen "
             + params["oxygen"]["shown"] + f" ({params['oxygen']['zone']}), oceans {d['params']['ocean']}/9",
             f"Deck {len(d['deck'])} cards, discard {len(d['discard'])}"]
    if d["phases"]:
        table.append("Phases still to come: " + ", ".join(PHASE_NAMES[k] for k in d["phases"]))
    if d["solo"]:
        solo = d["solo"]
        ordered = solo["marker"] >= 5 and not solo["left"]  # the last rounds' order, once the player set it
        to_come = list(solo["deck"]) if ordered else sorted(set(PHASE_NAMES) - set(solo["played"]))
        table.append(f"Virtual player: marker {solo['marker']}, played this cycle "
                     + (", ".join(PHASE_NAMES[k] for k in solo["played"]) or "none") + "; still to come"
                     + (" in this order" if ordered else "") + ": "
                     + (", ".join(PHASE_NAMES[k] for k in to_come) or "none"))
    if d["coop"]:
        table.append(f"Pool: {d['coop']['cubes']} cubes, {d['coop']['markers']} markers")
    view: dict[str, Any] = {
        "game": "ares_expedition", "players": d["players"], "mode": d["mode"], "round": d["round"],
        "stage": d["stage"], "phase": d["phase"], "phases_left": list(d["phases"]), "params": params,
        "snapshot": dict(d["snap"]), "oceans_flipped": list(d["ocean_flipped"]), "deck_size": len(d["deck"]),
        "discard_size": len(d["discard"]), "to_move": to_move(d), "over": d["over"], "options": dict(d["options"]),
        "solo": None if not d["solo"] else {"marker": d["solo"]["marker"], "played": list(d["solo"]["played"]),
                                              "ordered": list(d["solo"]["deck"]) if d["solo"]["marker"] >= 5 else None},
        "coop": None if not d["coop"] else {"cubes": d["coop"]["cubes"], "markers": d["coop"]["markers"]},
        "factions": players, "epoch": d["epoch"],
    }
    view["summary"] = [{"title": "Mars", "lines": table}] + [
        {"title": f"Seat {s + 1}" + (f": {_name(pl['corporation'])}" if pl["corporation"] else ""),
         "lines": pl["lines"], "cards": _card_groups(d, s, pl)} for s, pl in enumerate(players)]
    return view
