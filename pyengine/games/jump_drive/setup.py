"""Jump Drive's position setup (``core/setup.py``): each seat's hand, empire and VP, and the round.

The position made is the start of that round's plan phase: every seat chooses, hidden, what to place (or explores).
Cards are named by their catalog ids; each is given one of its copies (a copy the base had in the same place when
there is one, else the lowest-numbered free copy), and every card placed nowhere is in the deck, shuffled with the
state's own generator (the discard pile and the solitaire imaginary empire start empty). The Survey Team may be in an
empire, never in a hand; it counts as used once it is there. Each card in an empire was placed in the round before,
and each hand card was dealt at the start (a card the base held in the same place keeps its round). The VP a seat has
are its empire cards' tally, spread over them by their printed VP (kept as it was when the VP and the cards that
scored them are unchanged); the VP history climbs evenly to them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from ...core.api import JSON, Game, State
from ...core.rng import Rng
from ...core.setup import MAX_FORM_COUNT, Field, PositionSetup, Problem, play_first_moves
from .basics import HAND_LIMIT
from .cards import card_types, deck_instances, instance_type
from .messages import NS
from .scoring import SOLO_ROUNDS, WIN_VP

SURVEY = "survey_team"


@cache
def _deck_types() -> tuple[str, ...]:
    """Return the catalog ids of the cards in the deck, in data order."""
    return tuple(ct.id for ct in card_types().values() if ct.in_deck)


def _type_ids(cards: list[str]) -> list[str]:
    """Return the catalog ids of card instances (``gem_world-1`` -> ``gem_world``)."""
    return [instance_type(c).id for c in cards]


def _last_round(d: dict[str, Any]) -> int:
    """Return the last round of the game: 7 in solitaire, else the ``round_limit`` option."""
    return SOLO_ROUNDS if d["players"] == 1 else int(d["options"]["round_limit"])


class JumpDriveSetup(PositionSetup):
    """Jump Drive's setup form: per seat a hand, an empire and VP; the round; the start of its plan phase."""

    namespace = NS

    def base(self, game: Game, seed: int, players: int, options: Mapping[str, Any] | None) -> State:
        """Return a new game once every seat kept 5 of its 7 cards (its first 5): round 1's plan phase."""
        start = game.new_initial_state(seed, players, options)
        return play_first_moves(start, lambda s: s.to_json()["phase"] != "opening")

    def fields(self, state: State) -> list[Field]:
        """Return each seat's hand, empire and VP, then the round, with their values in the state."""
        d = state.to_json()
        players = int(d["players"])
        top_vp = MAX_FORM_COUNT if players == 1 else WIN_VP - 1
        out: list[Field] = []
        for s in range(players):
            group = f"seat.{s}"
            out.append(Field(f"hand.{s}", "cards", self.text("hand"), group, _type_ids(d["hands"][s]), 0,
                             HAND_LIMIT, cards=_deck_types(), help=self.text("hand_help", n=HAND_LIMIT)))
            out.append(Field(f"empire.{s}", "cards", self.text("empire"), group, _type_ids(d["empires"][s]), 0,
                             len(deck_instances()) + 1, help=self.text("empire_help")))
            vp_help = self.text("vp_help_solo") if players == 1 else self.text("vp_help", n=WIN_VP)
            out.append(Field(f"vp.{s}", "int", self.text("vp"), group, int(d["vp"][s]), 0, top_vp, 1, help=vp_help))
        out.append(Field("round", "int", self.text("round"), "board", int(d["round"]), 1, _last_round(d), 1,
                         help=self.text("round_help")))
        return out

    def copies(self, state: State) -> Mapping[str, int]:
        """Return the deck's copies of each card, and one Survey Team per seat."""
        out = {ct.id: ct.copies for ct in card_types().values() if ct.in_deck}
        out[SURVEY] = state.player_count()
        return out

    def check(self, state: State, values: Mapping[str, Any]) -> list[Problem]:
        """Return Jump Drive's own problems: no VP before round 2 and none without an empire; one Survey Team and one
        copy of a "one per empire" card in an empire."""
        out: list[Problem] = []
        for s in range(state.player_count()):
            empire = values[f"empire.{s}"]
            count = Counter(empire)
            if count[SURVEY] > 1:
                out.append(Problem(f"empire.{s}", self.text("survey_once")))
            for cid, n in count.items():
                if n > 1 and "limit_one" in card_types()[cid].powers:
                    out.append(Problem(f"empire.{s}", self.text("limit_one", card=("card", cid))))
            if values[f"vp.{s}"] > 0 and values["round"] == 1:
                out.append(Problem(f"vp.{s}", self.text("vp_round_one")))
            elif values[f"vp.{s}"] > 0 and not empire:
                out.append(Problem(f"vp.{s}", self.text("vp_no_empire")))
        return out

    def write(self, state: State, values: Mapping[str, Any]) -> JSON:
        """Return the state JSON of the start of the round's plan phase with the values' hands, empires and VP."""
        d: dict[str, Any] = state.to_json()
        players = int(d["players"])
        rnd = int(values["round"])
        hands, empires = _place(d, values, players)
        rng = Rng.from_text(d["rng"])
        placed_now = {c for zone in (*hands, *empires) for c in zone}
        deck = [c for c in deck_instances() if c not in placed_now]
        rng.shuffle(deck)
        before = max(1, rnd - 1)
        placed: dict[str, int] = {}
        drawn: list[dict[str, int]] = []
        for s in range(players):
            for c in empires[s]:
                old = d["placed"].get(c) if c in d["empires"][s] else None
                placed[c] = old if isinstance(old, int) and 1 <= old <= before else before
            old_drawn = d["drawn_round"][s]
            drawn.append({c: (old_drawn[c] if c in d["hands"][s] and 0 <= old_drawn.get(c, -1) < rnd else 0)
                          for c in hands[s]})
        vp = [int(values[f"vp.{s}"]) for s in range(players)]
        d.update(
            rng=rng.to_text(), round=rnd, phase="plan", deck=deck, discard=[], hands=hands, empires=empires,
            placed=placed, vp=vp, survey_used=[f"{SURVEY}-{s}" in empires[s] for s in range(players)],
            commits=[None] * players, owes=[0] * players, owe_reason=["pay"] * players, draw_after=[0] * players,
            pending_choices=[[] for _ in range(players)], revealed=[None] * players, imaginary=[],
            choices={k: v for k, v in d["choices"].items() if _choice_stands(k, v, empires, players)},
            vp_history=_history(d["vp_history"], vp, rnd), ticked=None, msgs=[], epoch=int(d["epoch"]) + 1,
            over=False, vp_cards=[_tally(d, s, vp[s], empires[s]) for s in range(players)], drawn_round=drawn)
        return d

    def paths(self, players: int) -> list[tuple[str, str]]:
        """Return where the rules' problems go: a seat's hand (and its draw rounds), empire (and placement rounds,
        survey team, scoring choices), VP (and tally), and the round."""
        out = [("round", "round"), ("vp_history", "round"), ("phase", "round")]
        for s in range(players):
            out += [(f"hands[{s}]", f"hand.{s}"), (f"drawn_round[{s}]", f"hand.{s}"),
                    (f"empires[{s}]", f"empire.{s}"), (f"survey_used[{s}]", f"empire.{s}"),
                    (f"vp[{s}]", f"vp.{s}"), (f"vp_cards[{s}]", f"vp.{s}")]
        return out


def _place(d: dict[str, Any], values: Mapping[str, Any], players: int) -> tuple[list[list[str]], list[list[str]]]:
    """Return the hands and empires as card instances: first the copies the base had in the same place, then the
    lowest-numbered free copies (the Survey Team is always the seat's own)."""
    zones = [(f"hand.{s}", d["hands"][s]) for s in range(players)] + [
        (f"empire.{s}", d["empires"][s]) for s in range(players)]
    used: set[str] = set()
    chosen: dict[str, list[str | None]] = {}
    for fid, old in zones:
        wanted: list[str] = values[fid]
        seat = int(fid.rsplit(".", 1)[1])
        picks: list[str | None] = []
        for cid in wanted:
            if cid == SURVEY:
                picks.append(f"{SURVEY}-{seat}")
                continue
            mine = next((c for c in old if c not in used and instance_type(c).id == cid), None)
            if mine is not None:
                used.add(mine)
            picks.append(mine)
        chosen[fid] = picks
    free = [c for c in deck_instances() if c not in used]
    out: dict[str, list[str]] = {}
    for fid, _ in zones:
        cards: list[str] = []
        for cid, pick in zip(values[fid], chosen[fid], strict=True):
            if pick is None:
                pick = next(c for c in free if instance_type(c).id == cid)
                free.remove(pick)
            cards.append(pick)
        out[fid] = cards
    return [out[f"hand.{s}"] for s in range(players)], [out[f"empire.{s}"] for s in range(players)]


def _choice_stands(key: str, other: Any, empires: list[list[str]], players: int) -> bool:
    """Return True if a scoring choice (``"seat:card"`` -> another seat) still names a card of that seat's empire."""
    seat, _, card = key.partition(":")
    return seat.isdigit() and int(seat) < players and card in empires[int(seat)] and other != int(seat)


def _history(old: list[list[int]], vp: list[int], rnd: int) -> list[list[int]]:
    """Return the VP after each round scored before ``rnd``: the base's when it ends at these VP, else an even
    climb from nothing to them."""
    rows = rnd - 1
    if len(old) == rows and (rows == 0 or old[-1] == vp):
        return [list(r) for r in old]
    return [[v * (k + 1) // rows for v in vp] for k in range(rows)]


def _tally(d: dict[str, Any], seat: int, vp: int, empire: list[str]) -> dict[str, list[int]]:
    """Return a seat's per-card VP tally: the base's when its VP and cards are unchanged, else the VP spread over the
    empire's cards by their printed VP (evenly when none has any), the largest remainders first."""
    old: dict[str, list[int]] = d["vp_cards"][seat]
    if d["vp"][seat] == vp and all(c in empire for c in old):
        return {c: list(v) for c, v in old.items()}
    if not empire or not vp:
        return {}
    weights = [max(0, instance_type(c).vp) for c in empire]
    if not any(weights):
        weights = [1] * len(empire)
    total = sum(weights)
    shares = [vp * w // total for w in weights]
    order = sorted(range(len(empire)), key=lambda i: (-(vp * weights[i] % total), i))
    for i in order[:vp - sum(shares)]:
        shares[i] += 1
    return {c: [n, 0] for c, n in zip(empire, shares, strict=True) if n}
