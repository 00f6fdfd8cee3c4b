"""Ares Expedition's hidden information, as variants: positions that differ from one only in what a seat cannot see.

``variants(state, seat, seed)`` edits copies of the state directly (never through ``resample``), one kind of secret
at a time, each labelled by its kind in ``KINDS``. The conformance suite and ``tests/games/ares_expedition/
test_hidden.py`` check that ``view(seat)`` and ``resample(seat, s)`` come out the same on every variant as on the
state: a resample that kept a secret would differ.

What a seat cannot see (view.py, table_view.py): the other players' hands and the cards they are looking at (a
co-op partner's excepted), their phase cards before the reveal and their corporations (chosen or offered) before
the corporations are revealed (a co-op partner's excepted), the order and contents of the deck and of the
face-down discard pile, the order of the face-down ocean tiles and of the virtual player's unordered deck (solo),
and the generator that will shuffle them again.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.dictstate import copy_sharing_log
from ...core.rng import Rng
from .cards import card, corporations
from .model import Data
from .playing import matches
from .state import AresState
from .table_view import sees_hand

KINDS: tuple[str, ...] = ("hand", "deck_order", "discard", "looked_at", "phase_pick", "corporation",
                          "corporation_offer", "ocean_pile", "solo_deck", "rng")
"""Every kind of secret an Ares Expedition position can hold, in the order ``variants`` tries them."""

Edit = Callable[[Data], bool]


def _unseen_seats(d: Data, seat: int) -> list[int]:
    """Return the seats whose hand, looked-at cards, phase card and corporation ``seat`` cannot see."""
    return [s for s in range(d["players"]) if not sees_hand(d, seat, s)]


def _swap(a: list[object], i: int, b: list[object], j: int) -> bool:
    """Swap a[i] and b[j]; return True if that changed anything."""
    if a[i] == b[j]:
        return False
    a[i], b[j] = b[j], a[i]
    return True


def _two(rng: Rng, n: int) -> tuple[int, int]:
    """Return two distinct positions of a list of length n (n >= 2)."""
    i = rng.randbelow(n)
    return i, (i + 1 + rng.randbelow(n - 1)) % n


def _keep_ask(d: Data, s: int) -> dict[str, object] | None:
    """Return the top frame of a seat while it asks which looked-at card to keep, else None."""
    frames = d["p"][s]["frames"]
    if frames and frames[-1].get("ask", {}).get("q") == "keep" and frames[-1]["ctx"].get("looked"):
        top: dict[str, object] = frames[-1]
        return top
    return None


def _free_corporations(d: Data) -> list[str]:
    """Return the corporations of this game that nobody holds or was offered (sorted)."""
    used = {c for p in d["p"] for c in [p["corp"], *p["offer"]] if c}
    promos = bool(d["options"]["promo_corporations"])
    return sorted(c for c, r in corporations().items() if (r["set"] == "base" or promos) and c not in used)


# --- one edit per kind -----------------------------------------------------------------------------------------------

def _hand_edits(d: Data, seat: int, rng: Rng) -> list[Edit]:
    """Return edits of other hands: a card swapped with the deck, the order changed, a card swapped between hands."""
    seats = [s for s in _unseen_seats(d, seat) if d["p"][s]["hand"]
             and not (d["p"][s]["frames"] and d["p"][s]["frames"][-1].get("ask", {}).get("q") == "play_card")]
    if not seats:
        return []
    s = seats[rng.randbelow(len(seats))]
    hand = d["p"][s]["hand"]
    i, j = rng.randbelow(len(hand)), rng.randbelow(max(1, len(d["deck"])))
    out: list[Edit] = []
    if d["deck"]:
        out.append(lambda v: _swap(v["p"][s]["hand"], i, v["deck"], j))
    if len(hand) >= 2:
        a, b = _two(rng, len(hand))
        out.append(lambda v: _swap(v["p"][s]["hand"], a, v["p"][s]["hand"], b))
    if len(seats) >= 2:
        t = seats[(seats.index(s) + 1) % len(seats)]
        k = rng.randbelow(len(d["p"][t]["hand"]))
        out.append(lambda v: _swap(v["p"][s]["hand"], i, v["p"][t]["hand"], k))
    return out


def _order_edits(d: Data, rng: Rng, pile: Callable[[Data], list[object]]) -> list[Edit]:
    """Return an edit of a face-down pile's order (two of its cards swapped), none for fewer than two cards."""
    if len(pile(d)) < 2:
        return []
    i, j = _two(rng, len(pile(d)))
    return [lambda v: _swap(pile(v), i, pile(v), j)]


def _deck_edits(d: Data, seat: int, rng: Rng) -> list[Edit]:
    """Return an edit of the deck's order (two cards swapped)."""
    return _order_edits(d, rng, lambda v: v["deck"])


def _discard_edits(d: Data, seat: int, rng: Rng) -> list[Edit]:
    """Return edits of the face-down discard pile: a card swapped with the deck or another hand, its order."""
    n = len(d["discard"])
    if not n:
        return []
    i = rng.randbelow(n)
    out: list[Edit] = []
    if d["deck"]:
        j = rng.randbelow(len(d["deck"]))
        out.append(lambda v: _swap(v["discard"], i, v["deck"], j))
    if n >= 2:
        a, b = _two(rng, n)
        out.append(lambda v: _swap(v["discard"], a, v["discard"], b))
    seats = [s for s in _unseen_seats(d, seat) if d["p"][s]["hand"]]
    if seats:
        s = seats[rng.randbelow(len(seats))]
        k = rng.randbelow(len(d["p"][s]["hand"]))
        out.append(lambda v: _swap(v["discard"], i, v["p"][s]["hand"], k))
    return out


def _swap_looked(v: Data, s: int, i: int, j: int) -> bool:
    """Swap looked-at card i of seat s with deck card j if the question stays the same kind (enough cards to
    choose from pass its filter); refresh the cards it offers. Return True if that changed the position."""
    f = v["p"][s]["frames"][-1]
    ctx = f["ctx"]
    looked, deck = ctx["looked"], v["deck"]
    trial = [*looked[:i], deck[j], *looked[i + 1:]]
    eligible = [c for c in trial if matches(card(c), ctx["filter"])]
    if len(eligible) <= ctx["keep"]:
        return False
    _swap(looked, i, deck, j)
    f["ask"]["cards"] = sorted(set(eligible))
    return True


def _looked_edits(d: Data, seat: int, rng: Rng) -> list[Edit]:
    """Return edits of the cards another player is looking at (research, Invention Contest...): their order, and one
    swapped with a deck card (only where the question it asks stays the same)."""
    seats = [s for s in _unseen_seats(d, seat) if _keep_ask(d, s) is not None]
    if not seats:
        return []
    s = seats[rng.randbelow(len(seats))]
    looked = d["p"][s]["frames"][-1]["ctx"]["looked"]
    out: list[Edit] = []
    if len(looked) >= 2:
        a, b = _two(rng, len(looked))
        out.append(lambda v: _swap(v["p"][s]["frames"][-1]["ctx"]["looked"], a,
                                   v["p"][s]["frames"][-1]["ctx"]["looked"], b))
    if d["deck"]:
        pairs = [(i, j) for i in range(len(looked)) for j in range(len(d["deck"]))]
        rng.shuffle(pairs)

        def swap_one(v: Data) -> bool:
            """Swap the first looked-at card and deck card (in a random order of pairs) that keep the question."""
            return any(_swap_looked(v, s, i, j) for i, j in pairs[:400])

        out.append(swap_one)
    return out


def _pick_edits(d: Data, seat: int, rng: Rng) -> list[Edit]:
    """Return an edit of another player's phase card chosen in planning, not yet revealed: another legal pick."""
    if d["stage"] != "plan":
        return []
    out: list[Edit] = []
    for s in _unseen_seats(d, seat):
        p = d["p"][s]
        if p["pick"] is None:
            continue
        new = rng.choice([k for k in range(1, 6) if k not in (p["last"], p["pick"])])

        def repick(v: Data, s: int = s, new: int = new) -> bool:
            """Change seat s's secret pick."""
            v["p"][s]["pick"] = new
            return True

        out.append(repick)
    return out


def _corp_edits(d: Data, seat: int, rng: Rng, chosen: bool) -> list[Edit]:
    """Return edits of other players' corporations before the reveal: a chosen one (``chosen``) or an offer's card
    replaced by a corporation nobody was dealt, or swapped with another unseen player's."""
    if d["stage"] != "corp":
        return []
    free = _free_corporations(d)
    unseen = _unseen_seats(d, seat)
    seats = [s for s in unseen if (d["p"][s]["corp"] is not None) == chosen]
    out: list[Edit] = []
    for s in seats:
        field, n = ("corp", 0) if chosen else ("offer", rng.randbelow(len(d["p"][s]["offer"])))
        if free:
            c = rng.choice(free)

            def replace(v: Data, s: int = s, field: str = field, n: int = n, c: str = c) -> bool:
                """Give seat s another corporation (one nobody was dealt)."""
                p = v["p"][s]
                if field == "corp":
                    p["corp"] = c
                else:
                    p["offer"][n] = c
                    p["offer"].sort()
                return True

            out.append(replace)
        others = [t for t in unseen if t != s]
        if others:
            t = rng.choice(others)

            def trade(v: Data, s: int = s, t: int = t, field: str = field, n: int = n) -> bool:
                """Swap one of seat s's corporations with one of seat t's (both unseen)."""
                p, q = v["p"][s], v["p"][t]
                mine = p["corp"] if field == "corp" else p["offer"][n]
                theirs_field = "corp" if q["corp"] is not None else "offer"
                if theirs_field == "corp":
                    theirs, q["corp"] = q["corp"], mine
                else:
                    theirs = q["offer"][0]
                    q["offer"][0] = mine
                    q["offer"].sort()
                if field == "corp":
                    p["corp"] = theirs
                else:
                    p["offer"][n] = theirs
                    p["offer"].sort()
                return bool(mine != theirs)

            out.append(trade)
    return out


def _ocean_edits(d: Data, seat: int, rng: Rng) -> list[Edit]:
    """Return an edit of the face-down ocean pile's order."""
    return _order_edits(d, rng, lambda v: v["ocean_pile"])


def _solo_edits(d: Data, seat: int, rng: Rng) -> list[Edit]:
    """Return an edit of the virtual player's deck order while it is face down (before its last five rounds)."""
    solo = d["solo"]
    if not solo or solo["marker"] >= 5:
        return []
    return _order_edits(d, rng, lambda v: v["solo"]["deck"])


def _rng_edits(d: Data, seat: int, rng: Rng) -> list[Edit]:
    """Return an edit of the generator that shuffles the discard pile and the virtual player's deck later."""
    new = Rng(rng.next_u64()).to_text()
    if new == d["rng"]:
        new = f"{int(new, 16) ^ 1:016x}"

    def reseed(v: Data) -> bool:
        """Replace the generator's state."""
        v["rng"] = new
        return True

    return [reseed]


_EDITS: dict[str, Callable[[Data, int, Rng], list[Edit]]] = {
    "hand": _hand_edits, "deck_order": _deck_edits, "discard": _discard_edits, "looked_at": _looked_edits,
    "phase_pick": _pick_edits, "corporation": lambda d, seat, rng: _corp_edits(d, seat, rng, True),
    "corporation_offer": lambda d, seat, rng: _corp_edits(d, seat, rng, False), "ocean_pile": _ocean_edits,
    "solo_deck": _solo_edits, "rng": _rng_edits}


def variants(state: AresState, seat: int, seed: int) -> list[tuple[str, AresState]]:
    """Return copies of the state that differ from it only in what ``seat`` cannot see, each with its kind.

    Each kind the position holds now gives one or more variants (a kind it does not hold gives none); the edits are
    chosen with ``Rng(seed)``, so the same arguments give the same variants.
    """
    d = state.d
    rng = Rng(seed)
    out: list[tuple[str, AresState]] = []
    for kind in KINDS:
        for edit in _EDITS[kind](d, seat, rng):
            v = copy_sharing_log(d)
            if edit(v):
                out.append((kind, type(state)(state.game, v)))
    return out
