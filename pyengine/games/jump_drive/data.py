"""The Jump Drive position as plain JSON-able data: its fields, serialisation and fast copying."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ...core.api import JSON
from ...core.errors import SaveFormatError

STATE_FORMAT = "jump_drive.state/1"


@dataclass
class JDData:
    """Every fact of a Jump Drive position, secrets included; all fields are JSON-able."""

    players: int
    options: dict[str, Any]
    rng: str  # the PRNG state as 16 hex digits (text: JavaScript cannot hold 64-bit integers)
    round: int = 1
    phase: str = "opening"
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    empires: list[list[str]] = field(default_factory=list)
    placed: dict[str, int] = field(default_factory=dict)
    vp: list[int] = field(default_factory=list)
    survey_used: list[bool] = field(default_factory=list)
    commits: list[dict[str, Any] | None] = field(default_factory=list)
    owes: list[int] = field(default_factory=list)
    owe_reason: list[str] = field(default_factory=list)
    draw_after: list[int] = field(default_factory=list)
    pending_choices: list[list[str]] = field(default_factory=list)
    choices: dict[str, int] = field(default_factory=dict)
    revealed: list[dict[str, Any] | None] = field(default_factory=list)
    imaginary: list[str] = field(default_factory=list)
    vp_history: list[list[int]] = field(default_factory=list)
    campaign_used: list[str] = field(default_factory=list)
    ticked: str | None = None
    msgs: list[list[Any]] = field(default_factory=list)
    epoch: int = 0
    over: bool = False
    # Per seat: tableau card instance id -> [base VP, bonus VP] it has scored for that seat so far (the sum of
    # a seat's tally is its VP; a card that left the empire keeps its entry).
    vp_cards: list[dict[str, list[int]]] = field(default_factory=list)
    # Per seat: hand card instance id -> the round it was drawn into that hand (the opening deal is round 0).
    drawn_round: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Give a new position (built without the per-seat tallies) one empty tally per seat."""
        if not self.vp_cards:
            self.vp_cards = [{} for _ in range(self.players)]
        if not self.drawn_round:
            self.drawn_round = [{} for _ in range(self.players)]


def data_to_json(d: JDData) -> JSON:
    """Return the data as a JSON object with a format tag (an independent copy)."""
    out: dict[str, Any] = data_to_dict(copy_data(d))
    out["format"] = STATE_FORMAT
    return out


def data_to_dict(d: JDData) -> dict[str, Any]:
    """Return the fields of the data as a dict, sharing its lists."""
    return {f.name: getattr(d, f.name) for f in fields(d)}


def data_from_json(obj: JSON) -> JDData:
    """Rebuild the data from JSON (the input is copied, never shared).

    Raises:
        SaveFormatError: not a Jump Drive state.
    """
    if not isinstance(obj, dict) or obj.get("format") != STATE_FORMAT:
        found = obj.get("format") if isinstance(obj, dict) else type(obj).__name__
        raise SaveFormatError(f"not a Jump Drive state (format {found!r})")
    names = [f.name for f in fields(JDData)]
    missing = [n for n in names if n not in obj]
    if missing:
        raise SaveFormatError(f"Jump Drive state lacks fields {missing}")
    try:
        return copy_data(JDData(**{n: obj[n] for n in names}))
    except (TypeError, AttributeError, ValueError) as exc:
        raise SaveFormatError(f"bad Jump Drive state: {exc}") from exc


def copy_data(d: JDData) -> JDData:
    """Return an independent copy, faster than deepcopy for this shape."""
    return JDData(
        players=d.players, options=dict(d.options), rng=d.rng, round=d.round, phase=d.phase,
        deck=list(d.deck), discard=list(d.discard), hands=[list(h) for h in d.hands],
        empires=[list(e) for e in d.empires], placed=dict(d.placed), vp=list(d.vp),
        survey_used=list(d.survey_used), commits=[_copy_commit(c) for c in d.commits],
        owes=list(d.owes), owe_reason=list(d.owe_reason), draw_after=list(d.draw_after),
        pending_choices=[list(p) for p in d.pending_choices], choices=dict(d.choices),
        revealed=[dict(r) if r else None for r in d.revealed], imaginary=list(d.imaginary),
        vp_history=[list(v) for v in d.vp_history], campaign_used=list(d.campaign_used),
        ticked=d.ticked, msgs=[_copy_msg(m) for m in d.msgs], epoch=d.epoch, over=d.over,
        vp_cards=[{c: list(v) for c, v in t.items()} for t in d.vp_cards],
        drawn_round=[dict(r) for r in d.drawn_round])


def _copy_commit(c: dict[str, Any] | None) -> dict[str, Any] | None:
    """Copy a hidden commitment record."""
    if c is None:
        return None
    out = dict(c)
    if "discard" in out:
        out["discard"] = list(out["discard"])
    return out


def _copy_msg(m: list[Any]) -> list[Any]:
    """Copy one log message: [template, {name: {ref: value}}, visible_to]."""
    args = {k: {rk: (list(rv) if isinstance(rv, list) else rv) for rk, rv in v.items()} for k, v in m[1].items()}
    return [m[0], args, None if m[2] is None else list(m[2])]
