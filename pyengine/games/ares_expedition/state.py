"""The Ares Expedition state behind the common State API."""

from __future__ import annotations

from ...core.api import JSON, Action, Game, Message, Outcome, State
from ...core.rng import Rng
from .describe import describe as describe_action
from .describe import prompt as decision_prompt
from .model import STATE_FORMAT, Data, copy_state
from .rules import apply_action, legal_actions, to_move
from .scoring import outcome as scoring_outcome
from .text import entries
from .view import build_view


class AresState(State):
    """An Ares Expedition position: one JSON dict, with the legal actions cached until the next change."""

    def __init__(self, game: Game, data: Data) -> None:
        self.game = game
        self.d = data
        self._legal: dict[int, list[Action]] = {}
        self._movers: frozenset[int] | None = None

    def to_move(self) -> frozenset[int]:
        """Return every seat with a decision now (several at once inside a phase)."""
        if self._movers is None:
            self._movers = frozenset(to_move(self.d))
        return self._movers

    def legal_actions(self, seat: int) -> list[Action]:
        """Return exactly what this seat may do now, in canonical order."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = legal_actions(self.d, seat)
            self._legal[seat] = cached
        return list(cached)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Return True if the action is one of the seat's legal actions."""
        if seat not in self._legal:
            self.legal_actions(seat)
        return action in self._legal[seat]

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a validated action."""
        self._legal = {}
        self._movers = None
        apply_action(self.d, seat, action)

    def is_terminal(self) -> bool:
        """Return True once the game is over."""
        return self.d["over"] is not None

    def outcome(self) -> Outcome | None:
        """Return scores, winners and the deciding tie-break once the game is over."""
        return scoring_outcome(self.d) if self.d["over"] is not None else None

    def view(self, seat: int | None) -> JSON:
        """Return what this seat (or a spectator) may see."""
        return build_view(self.d, seat)

    def to_json(self) -> JSON:
        """Return the full state as JSON (an independent copy)."""
        from .game import STATE_KEYS

        out: dict[str, object] = copy_state({k: self.d[k] for k in STATE_KEYS})
        out["format"] = STATE_FORMAT
        return out

    def equals_json(self, data: JSON) -> bool:
        """Return True if ``to_json()`` would equal ``data``, comparing the live fields without copying them."""
        from .game import STATE_KEYS

        return (isinstance(data, dict) and len(data) == len(STATE_KEYS) + 1 and data.get("format") == STATE_FORMAT
                and all(k in data and self.d[k] == data[k] for k in STATE_KEYS))

    def clone(self) -> AresState:
        """Return an independent copy."""
        return type(self)(self.game, copy_state(self.d))

    def resample(self, seat: int, seed: int) -> AresState:
        """Return a copy with what this seat cannot see redealt: the deck with other hands, oceans, the dummy deck."""
        d = copy_state(self.d)
        rng = Rng(seed)
        others = [s for s in range(d["players"]) if s != seat and not (d["coop"] and 0 <= seat < 2)]
        pool = sorted(d["deck"] + [c for s in others for c in d["p"][s]["hand"]])
        rng.shuffle(pool)
        for s in others:
            n = len(d["p"][s]["hand"])
            d["p"][s]["hand"], pool = pool[:n], pool[n:]
        d["deck"] = pool
        d["ocean_pile"].sort()
        rng.shuffle(d["ocean_pile"])
        solo = d["solo"]
        if solo and solo["marker"] < 5:
            solo["deck"].sort()
            rng.shuffle(solo["deck"])
        return type(self)(self.game, d)

    def epoch(self) -> int:
        """Return the counter of reveals (undo barriers)."""
        return int(self.d["epoch"])

    def messages(self) -> list[Message]:
        """Return the log as typed messages."""
        return [Message(t, tuple((k, (next(iter(v)), next(iter(v.values())))) for k, v in args.items()))
                for t, args in entries(self.d)]

    def describe(self, seat: int, action: Action) -> str:
        """Return a readable label for one of this seat's actions."""
        return describe_action(self.d, seat, action)

    def hint(self, seat: int, action: Action) -> str:
        """Return the full text of the card an action names (its tooltip), or ""."""
        cid = action.get("card") or (action.get("pick") if action.kind == "corp" else None) or action.get("give")
        if not cid:
            return ""
        from .cards import card
        from .cardtext import card_text

        try:
            return f"{card(cid)['name']}: {card_text(cid)}"
        except KeyError:
            return ""

    def decision_prompt(self, seat: int) -> tuple[str, str]:
        """Return the kind and prompt of this seat's pending decision."""
        return decision_prompt(self.d, seat)

    def locator(self) -> str:
        """Return where the game is, for error messages."""
        return f"round {self.d['round']}, stage {self.d['stage']}, phase {self.d['phase']}"
