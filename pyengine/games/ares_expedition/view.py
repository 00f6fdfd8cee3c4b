"""Per-seat views: the public table, the seat's own hand and questions, and a readable summary.

Hidden from a seat: other players' hands (only their sizes show, except a co-op partner's), the corporations
offered to others, phase cards not yet revealed, the deck and ocean-pile order, and what others are looking at.
"""

from __future__ import annotations

from typing import Any

from ...core.api import JSON
from ...core.text import text
from .cards import card
from .cardtext import card_face
from .messages import phase_list, phase_term
from .model import PARAM_STEPS, Data, display_value, production, zone_of
from .rules import forced_conversion, to_move
from .scoring import breakdown
from .table_view import build_table

PHASES = (1, 2, 3, 4, 5)


def _line(msg_id: str, **args: tuple[str, Any] | int) -> JSON:
    """Return one summary text (a title, a line or a label) as the page renders it: Text JSON."""
    return text(msg_id, **args).to_json()


def _name(cid: str | None) -> str | None:
    """Return a card's name."""
    return None if cid is None else str(card(cid)["name"])


def _cards(ids: list[str]) -> list[dict[str, Any]]:
    """Return cards as id, name and text (for the page's tooltips)."""
    return [{"id": c, "name": _name(c), "text": card_face(c)} for c in ids]


def _sizes(hand: int, table: int) -> JSON:
    """Return the "Hand: 1 card, tableau: 3 cards" line, singular or plural for each count."""
    form = f"{'one' if hand == 1 else 'many'}_{'one' if table == 1 else 'many'}"
    return _line(f"ares.summary.sizes.{form}", hand=hand, table=table)


def _held(p: dict[str, Any], cid: str) -> JSON:
    """Return what a card holds, e.g. "3 animals" or "1 microbe"."""
    n, kind = p["res"][cid], str(card(cid)["holds"])
    return _line(f"ares.summary.holds.{kind}.{'one' if n == 1 else 'many'}", n=n)


def _card_groups(d: Data, seat: int, board: dict[str, Any]) -> list[dict[str, Any]]:
    """Return a seat's cards for the summary as labelled groups: corporation, hand (if the viewer may see it) and
    tableau, each card with its name, its text (the page's tooltip) and what it holds."""
    p = d["p"][seat]
    groups = []
    if board["corporation"]:
        groups.append({"label": _line("ares.summary.group.corporation"), "cards": _cards([board["corporation"]])})
    if "hand" in board:
        groups.append({"label": _line("ares.summary.group.hand"), "cards": board["hand"]})
    groups.append({"label": _line("ares.summary.group.tableau"),
                   "cards": [dict(c, note=_held(p, c["id"])) if c["id"] in p["res"] else c for c in board["table"]]})
    return groups


def _player(d: Data, seat: int, viewer: int | None) -> dict[str, Any]:
    """Return one player's board as this viewer may see it."""
    p = d["p"][seat]
    own = viewer == seat or (d["coop"] is not None and viewer is not None)
    revealed = d["stage"] not in ("plan", "corp", "solo_order") or own
    prod = production(p)
    vp = breakdown(p)
    corp_known = p["corp"] is not None and (own or d["stage"] != "corp")
    lines = [] if corp_known else [
        _line("ares.summary.corp_not_chosen" if p["corp"] is None else "ares.summary.corp_chosen")]
    lines += [
        _line("ares.summary.score", tr=p["tr"], forests=p["forests"], vp=vp["total"]),
        _line("ares.summary.stock", mc=p["mc"], heat=p["heat"], plants=p["plants"], steel=p["steel"],
              titanium=p["titanium"]),
        _line("ares.summary.production", mc=prod["mc"], tr=p["tr"], payout=prod["mc"] + p["tr"], heat=prod["heat"],
              plants=prod["plants"], cards=prod["cards"]),
        _sizes(len(p["hand"]), len(p["table"])),
    ]
    if p["pick"] is not None and revealed:
        lines.append(_line("ares.summary.phase_chosen", phase=phase_term(p["pick"])))
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
    temp, oxy = params["temperature"], params["oxygen"]
    table = [
        _line("ares.summary.round_phase", n=d["round"], phase=phase_term(d["phase"])) if d["phase"]
        else _line("ares.summary.round_stage", n=d["round"], stage=("term", f"ares.term.stage.{d['stage']}")),
        _line("ares.summary.params", temperature=-30 + 2 * temp["steps"],
              temperature_zone=("term", f"ares.term.zone.{temp['zone']}"), oxygen=oxy["steps"],
              oxygen_zone=("term", f"ares.term.zone.{oxy['zone']}"), oceans=d["params"]["ocean"]),
        _line("ares.summary.piles", deck=len(d["deck"]), discard=len(d["discard"]))]
    if d["phases"]:
        table.append(phase_list("ares.summary.phases_to_come", list(d["phases"])).to_json())
    if d["solo"]:
        solo = d["solo"]
        ordered = solo["marker"] >= 5 and not solo["left"]  # the last rounds' order, once the player set it
        to_come = list(solo["deck"]) if ordered else sorted(set(PHASES) - set(solo["played"]))
        table += [_line("ares.summary.virtual_marker", n=solo["marker"]),
                  phase_list("ares.summary.virtual_played", list(solo["played"])).to_json(),
                  phase_list("ares.summary.virtual_to_come_ordered" if ordered else "ares.summary.virtual_to_come",
                             to_come).to_json()]
    if d["coop"]:
        table.append(_line("ares.summary.pool", cubes=d["coop"]["cubes"], markers=d["coop"]["markers"]))
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
    view["table"] = build_table(d, seat)
    view["summary"] = [{"title": _line("ares.summary.mars"), "lines": table}] + [
        {"title": _line("ares.summary.player_corp", seat=("player", s), card=("card", pl["corporation"]))
         if pl["corporation"] else _line("ares.summary.player", seat=("player", s)),
         "lines": pl["lines"], "cards": _card_groups(d, s, pl)} for s, pl in enumerate(players)]
    return view
