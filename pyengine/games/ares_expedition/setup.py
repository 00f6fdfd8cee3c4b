"""Ares Expedition's position setup (``core/setup.py``): each seat's corporation, hand, played cards, TR, stocks and
production; Mars's temperature, oxygen and oceans; the round.

The position made is the planning of that round, once the corporations are chosen: every player chooses a phase
card, hidden. Temperature and oxygen are given as printed (-30 to +8 °C in steps of 2, 0 to 14 %), oceans as the tiles
flipped (0 to 9): the first tiles the base had flipped stay flipped, more are taken from the face-down pile, and the
pile left is shuffled with the state's own generator, as is the deck, which holds every project card in no hand and
on no table (the discard pile starts empty). A parameter at its maximum reached it in an earlier phase (raising it
gives nothing more). A played card that collects resources keeps what the base had on it, or starts with none. The
production is the part printed on the cards (what a card adds per tag is worked out by the rules). When the round
changes, a solo game's virtual player has played its phase cards and moved its marker as that round requires (its
order chosen by the generator, the last five rounds' too), and a co-op pool holds what is left after two items a
round (the markers kept as far as they fit). The TR and VP history keeps only the base's rounds before this one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.api import JSON, Game, State
from ...core.rng import Rng
from ...core.setup import MAX_FORM_COUNT, Choice, Field, PositionSetup, Problem, play_first_moves
from .cards import base_deck, board, corporations, promo_deck
from .effects import shown_value
from .messages import NS
from .model import PARAM_STEPS, holds, owned

STOCKS = ("tr", "mc", "heat", "plants", "steel", "titanium", "forests")
"""A player's counts offered, in form order (each a field ``<name>.<seat>``)."""
PRODUCTION = ("mc", "heat", "plants", "cards")
"""The production offered (each a field ``prod.<name>.<seat>``)."""
PARAMS = (("temperature", "mars.temperature"), ("oxygen", "mars.oxygen"), ("ocean", "mars.oceans"))
"""Each global parameter and its field."""
PHASE_CARDS = (1, 2, 3, 4, 5)


def _projects(options: Mapping[str, Any]) -> list[str]:
    """Return the project cards of a game with these options, in data order (promos when the option adds them)."""
    return base_deck() + (promo_deck() if options["promo_projects"] else [])


def _corporations(options: Mapping[str, Any]) -> list[str]:
    """Return the corporations a game with these options deals (beginner ones only in the learning game), by id."""
    return sorted(c for c, r in corporations().items() if (r["set"] == "base" or options["promo_corporations"])
                  and (r.get("beginner") or not options["beginner"]))


def _printed(param: str, steps: int) -> int:
    """Return a parameter's steps as printed: °C, %, or oceans flipped."""
    return steps if param == "ocean" else shown_value(param, steps)


def _last_round(d: dict[str, Any]) -> int:
    """Return the last round the game may reach: 25 solo, 15 co-op, else the ``round_limit`` option."""
    if d["mode"] == "solo":
        return int(board()["solo"]["rounds"])
    if d["mode"] == "coop":
        return int(board()["coop"]["rounds"])
    return int(d["options"]["round_limit"])


class AresSetup(PositionSetup):
    """Ares Expedition's setup form: per seat a corporation, cards, counts and production; Mars; the round."""

    namespace = NS

    def base(self, game: Game, seed: int, players: int, options: Mapping[str, Any] | None) -> State:
        """Return a new game once every seat chose a corporation (its first offer) and answered its setup questions
        (the first answer each time): round 1's planning."""
        start = game.new_initial_state(seed, players, options)
        return play_first_moves(start, lambda s: s.to_json()["stage"] not in ("corp", "setup"))

    def fields(self, state: State) -> list[Field]:
        """Return each seat's corporation (before the choice, its first offer), hand, played cards, counts and
        production, then Mars and the round."""
        d = state.to_json()
        cards = tuple(_projects(d["options"]))
        corps = tuple(Choice(c, self.text("card", card=("card", c))) for c in _corporations(d["options"]))
        out: list[Field] = []
        for s, p in enumerate(d["p"]):
            group = f"seat.{s}"
            corp = p["corp"] or (p["offer"][0] if p["offer"] else corps[s % len(corps)].value)
            out.append(Field(f"corp.{s}", "choice", self.text("corp"), group, corp, choices=corps))
            out.append(Field(f"hand.{s}", "cards", self.text("hand"), group, list(p["hand"]), 0, len(cards),
                             cards=cards, help=self.text("hand_help", n=int(board()["hand_limit"]))))
            out.append(Field(f"table.{s}", "cards", self.text("table"), group, list(p["table"]), 0, len(cards),
                             cards=cards, help=self.text("table_help")))
            for k in STOCKS:
                out.append(Field(f"{k}.{s}", "int", self.text(k), group, int(p[k]), 0, MAX_FORM_COUNT, 1))
            for k in PRODUCTION:
                out.append(Field(f"prod.{k}.{s}", "int", self.text(f"prod_{k}"), group, int(p["prod"][k]), 0,
                                 MAX_FORM_COUNT, 1, help=self.text("prod_help")))
        for param, fid in PARAMS:
            top = PARAM_STEPS[param]
            lo, hi = _printed(param, 0), _printed(param, top)
            out.append(Field(fid, "int", self.text(param), "board", _printed(param, int(d["params"][param])), lo, hi,
                             (hi - lo) // top, help=self.text(f"{param}_help", min=lo, max=hi)))
        out.append(Field("round", "int", self.text("round"), "board", max(1, int(d["round"])), 1, _last_round(d), 1,
                         help=self.text("round_help")))
        return out

    def copies(self, state: State) -> Mapping[str, int]:
        """Return one copy of each project card of this game."""
        return dict.fromkeys(_projects(state.to_json()["options"]), 1)

    def check(self, state: State, values: Mapping[str, Any]) -> list[Problem]:
        """Return Ares Expedition's own problems: one corporation per player, and the hand limit after round 1."""
        out: list[Problem] = []
        limit = int(board()["hand_limit"])
        seen: set[Any] = set()
        for s in range(state.player_count()):
            if values[f"corp.{s}"] in seen:
                out.append(Problem(f"corp.{s}", self.text("corp_twice")))
            seen.add(values[f"corp.{s}"])
            if values["round"] > 1 and len(values[f"hand.{s}"]) > limit:
                out.append(Problem(f"hand.{s}", self.text("hand_limit", n=limit)))
        return out

    def write(self, state: State, values: Mapping[str, Any]) -> JSON:
        """Return the state JSON of the round's planning with the values' corporations, cards, counts and Mars."""
        d: dict[str, Any] = state.to_json()
        rnd = int(values["round"])
        rng = Rng.from_text(d["rng"])
        same_round = rnd == d["round"]
        for s, p in enumerate(d["p"]):
            had = set(owned(p))
            p["corp"], p["offer"] = values[f"corp.{s}"], []
            p["hand"], p["table"] = list(values[f"hand.{s}"]), list(values[f"table.{s}"])
            p["res"] = {c: (int(p["res"].get(c, 0)) if c in had else 0) for c in owned(p) if holds(c)}
            for k in STOCKS:
                p[k] = int(values[f"{k}.{s}"])
            p["prod"] = {k: int(values[f"prod.{k}.{s}"]) for k in PRODUCTION}
            p.update(pick=None, last=p["last"] if same_round and rnd > 1 else None, done=True, ph={}, frames=[],
                     tr_up=False)
        for param, fid in PARAMS:
            printed_lo = _printed(param, 0)
            step = (_printed(param, PARAM_STEPS[param]) - printed_lo) // PARAM_STEPS[param]
            d["params"][param] = (int(values[fid]) - printed_lo) // step
        flipped = list(d["ocean_flipped"][:d["params"]["ocean"]])
        pile = [t for t in d["ocean_pile"] + d["ocean_flipped"] if t not in flipped]
        for t in list(reversed(d["ocean_pile"])):
            if len(flipped) < d["params"]["ocean"]:
                flipped.append(t)
                pile.remove(t)
        pile.sort()
        rng.shuffle(pile)
        placed = {c for p in d["p"] for c in (*p["hand"], *p["table"])}
        deck = [c for c in _projects(d["options"]) if c not in placed]
        rng.shuffle(deck)
        if not same_round:
            _solo_and_coop(d, rnd, rng)
        d.update(round=rnd, stage="plan", phase=0, phase_key=None, phases=[], snap=dict(d["params"]),
                 max_key=dict.fromkeys(PARAM_STEPS), ocean_pile=pile, ocean_flipped=flipped, deck=deck, discard=[],
                 hist=[h for h in d["hist"] if h[0] < rnd], over=None, msgs=[], epoch=int(d["epoch"]) + 1,
                 rng=rng.to_text())
        return d

    def paths(self, players: int) -> list[tuple[str, str]]:
        """Return where the rules' problems go: a seat's corporation, hand, played cards (and the resources on
        them), counts and production; Mars's parameters (and the ocean tiles); the round (and the history, the last
        phase card, the solo and co-op records)."""
        out = [("round", "round"), ("hist", "round"), ("solo", "round"), ("coop", "round"),
               ("ocean_flipped", "mars.oceans"), ("ocean_pile", "mars.oceans")]
        for param, fid in PARAMS:
            out += [(f"params.{param}", fid), (f"snap.{param}", fid), (f"max_key.{param}", fid)]
        for s in range(players):
            p = f"p[{s}]"
            out += [(f"{p}.corp", f"corp.{s}"), (f"{p}.offer", f"corp.{s}"), (f"{p}.hand", f"hand.{s}"),
                    (f"{p}.table", f"table.{s}"), (f"{p}.res", f"table.{s}"), (f"{p}.last", "round")]
            out += [(f"{p}.{k}", f"{k}.{s}") for k in STOCKS]
            out += [(f"{p}.prod.{k}", f"prod.{k}.{s}") for k in PRODUCTION]
        return out


def _solo_and_coop(d: dict[str, Any], rnd: int, rng: Rng) -> None:
    """Set a solo game's virtual player, or a co-op game's pool, to the start of round ``rnd``.

    Solo: every 5 rounds its marker moves up and it raises the parameters (rounds 5, 10, 15, 20); within the 5 its
    phase cards are played one a round; from round 21 on, the order of the last five (chosen at the table) is the
    generator's. Co-op: two items are taken each round; the first taker alternates.
    """
    if d["solo"] is not None:
        order = list(PHASE_CARDS)
        rng.shuffle(order)
        cycle = min(rnd - 1, 20) // 5
        done = rnd - 21 if rnd > 20 else (rnd - 1) % 5
        d["solo"] = {"deck": order[done:], "marker": 1 + cycle, "played": order[:done], "left": [],
                     "raised_for": 5 * cycle}
    if d["coop"] is not None:
        pool = int(board()["coop"]["cubes"]) + int(board()["coop"]["markers"])
        left = max(0, pool - 2 * (rnd - 1))
        markers = min(int(d["coop"]["markers"]), left)
        cubes = min(int(board()["coop"]["cubes"]), left - markers)
        d["coop"] = {"cubes": cubes, "markers": left - cubes, "first": (rnd - 1) % 2, "order": []}
