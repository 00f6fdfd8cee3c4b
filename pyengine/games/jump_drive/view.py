"""Per-seat views of a Jump Drive position: built by including only what the viewer may see."""

from __future__ import annotations

from typing import Any

from ...core.api import JSON
from ...core.text import Text, english, text
from .campaign import conditions
from .cards import instance_type
from .data import JDData, _copy_commit
from .empire import card_income, card_vp, dev_cost, icons, income, military, world_cost
from .rules import EXPLORE_MARKER_EYES, dev_allowed, plan_options
from .scoring import SOLO_ROUNDS, is_solo, others_of
from .table_view import suggested_discards


def _card_vp_now(d: JDData, seat: int, card: str) -> int:
    """Return a tableau card's VP this round: the chosen other empire, else the best one for its owner."""
    emp = d.empires[seat]
    others = others_of(d, seat)
    if not instance_type(card).has_other_scope or is_solo(d):
        return card_vp(card, emp, None, others)
    choice = d.choices.get(f"{seat}:{card}")
    opts = [choice] if choice is not None else [o for o in range(d.players) if o != seat]
    return max(card_vp(card, emp, d.empires[o], others) for o in opts)


def vp_breakdown(d: JDData, seat: int) -> list[dict[str, Any]]:
    """Return what each card has scored for a seat so far, highest total first (then by id); public.

    One row per card in the seat's tally (every card that has been scored for it, including one that has since
    left its empire); the rows add up to the seat's VP.
    """
    order = sorted(d.vp_cards[seat].items(), key=lambda item: (-(item[1][0] + item[1][1]), item[0]))
    return [{"id": c, "card": instance_type(c).id, "base": v[0], "bonus": v[1]} for c, v in order]


def hand_new(d: JDData, seat: int) -> list[str]:
    """Return the seat's hand cards drawn in the previous round or this one (never the opening deal), in hand order."""
    drawn = d.drawn_round[seat]
    return [c for c in d.hands[seat] if drawn.get(c, 0) > 0 and drawn.get(c, 0) >= d.round - 1]


def _status(d: JDData, s: int) -> str:
    """Return what a seat is doing now, as the table shows it."""
    if d.over:
        return "done"
    if d.phase in ("opening", "plan"):
        return "ready" if d.commits[s] is not None else "choosing"
    if d.phase in ("pay", "hand_limit"):
        return "paying" if d.owes[s] else "waiting"
    if d.phase == "score_choice":
        return "choosing" if d.pending_choices[s] else "waiting"
    return "waiting"


def _hand_info(d: JDData, seat: int) -> list[dict[str, Any]]:
    """Return, per hand card, its effective cost and whether and why it can be placed now."""
    hand = d.hands[seat]
    emp = d.empires[seat]
    usable: set[str] = set()
    for _, plan in plan_options(d, seat):
        usable.update(c for c in plan[1:4] if c)
    rows = []
    mil = military(emp)
    for c in hand:
        ct = instance_type(c)
        row: dict[str, Any] = {"id": c, "card": ct.id, "playable": c in usable, "reason": None}
        why: Text | None = None
        if ct.is_world:
            if ct.military_world:
                need, have = ct.defense or 0, military(emp, ct)
                row.update(cost_alone=None, defense=need, military=have)
                if c not in usable:
                    why = text("jd.act.unplayable.military", need=need, have=have)
            else:
                row.update(cost_alone=world_cost(emp, ct))
        else:
            row.update(cost_alone=dev_cost(emp, ct, alone=True), cost_with_world=dev_cost(emp, ct, alone=False))
            if c not in usable and not dev_allowed(d, seat, c):
                why = text("jd.act.unplayable.not_allowed")
        if c not in usable and why is None:
            why = text("jd.act.unplayable.cost", n=row.get("cost_alone") or 0, m=len(hand) - 1)
        if why is not None:  # the reason in English, and as a catalog text for the page
            row["reason"], row["reason_msg"] = english(why), why.to_json()
        rows.append(row)
    _ = mil
    return rows


def build_view(d: JDData, viewer: int | None) -> JSON:
    """Return the view of one seat (or of a spectator, for None)."""
    players = []
    for s in range(d.players):
        shown = d.revealed[s]
        emp = d.empires[s]
        others = others_of(d, s)
        p: dict[str, Any] = {
            "seat": s, "vp": d.vp[s], "hand_count": len(d.hands[s]),
            "empire": [{"id": c, "card": instance_type(c).id, "vp": _card_vp_now(d, s, c),
                        "income": card_income(c, emp, others), "round": d.placed.get(c, 0)} for c in emp],
            "military": military(emp), "income": income(emp, others),
            "eyes": icons(emp, "explore"),
            "developments": sum(1 for c in emp if not instance_type(c).is_world),
            "worlds": sum(1 for c in emp if instance_type(c).is_world),
            "survey_team_used": d.survey_used[s], "status": _status(d, s),
            "revealed": dict(shown) if shown else None,
            "owes": d.owes[s] if d.phase in ("pay", "hand_limit") else 0,
            "owe_reason": d.owe_reason[s] if d.phase in ("pay", "hand_limit") and d.owes[s] else None,
        }
        p["vp_rate"] = sum(row["vp"] for row in p["empire"])
        p["vp_breakdown"] = vp_breakdown(d, s)
        if viewer == s:
            p["hand"] = list(d.hands[s])
            p["hand_new"] = hand_new(d, s)
            if d.commits[s] is not None:
                p["plan"] = _copy_commit(d.commits[s]) or {}
            if d.phase == "score_choice":
                p["choices_pending"] = list(d.pending_choices[s])
        players.append(p)
    view: dict[str, Any] = {
        "round": d.round, "rounds_limit": SOLO_ROUNDS if is_solo(d) else None, "phase": d.phase,
        "solo": is_solo(d), "deck": len(d.deck), "discard": len(d.discard),
        "survey_teams_left": sum(1 for u in d.survey_used if not u), "viewer": viewer, "players": players,
        "last_reveal": [dict(r) if r else None for r in d.revealed], "vp_history": [list(v) for v in d.vp_history],
        "imaginary_empire": {"military": d.round, "cards": list(d.imaginary)} if is_solo(d) else None,
        "campaign": None,
    }
    if is_solo(d) and d.options.get("campaign"):
        view["campaign"] = {"used": list(d.campaign_used), "ticked": d.ticked,
                            "conditions": [{"id": c["id"], "name": c["name"], "text": c["text"]}
                                           for c in conditions()]}
    if viewer is not None and 0 <= viewer < d.players:
        eyes = icons(d.empires[viewer], "explore") + EXPLORE_MARKER_EYES
        view["explore_preview"] = {"draw": 2 + eyes, "discard": eyes}
        view["hand_info"] = _hand_info(d, viewer)
        view["suggested_discards"] = suggested_discards(d, viewer)
    return view
