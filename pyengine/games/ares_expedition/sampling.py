"""Resampling a position from one seat's point of view: everything the seat cannot see is dealt again.

``resample_data(d, seat, seed)`` is ``AresState.resample``: a sample of the seat's information set for search bots
(ISMCTS). It is built only from what the seat may know, in a canonical order, so two positions that differ only in
what the seat cannot see give the same resample for the same seed (hidden.py makes such positions, and
tests/games/ares_expedition/test_hidden.py checks it). What a seat cannot see is view.py's notion of hidden:

* project cards: the deck (order and contents), the face-down discard pile, the hands of the other players and the
  cards they are looking at (research, Invention Contest...). These are pooled, sorted, shuffled and dealt back in
  the known sizes. A question about which looked-at card to keep is asked only when more cards pass its filter than
  may be kept, so those cards are dealt to fit it, as the seat knows that much;
* the other players' phase cards chosen but not revealed: each is drawn again among that player's legal picks;
* before the corporations are revealed, the other players' corporations: an offer is dealt again from the
  corporations the seat has not seen, a corporation already chosen is drawn from them (a uniform choice from a
  dealt offer of unseen corporations is a uniform unseen corporation);
* the order of the face-down ocean tiles and of the virtual player's deck (solo, before its last five rounds);
* the generator, which is reseeded from ``seed`` (it would tell future reshuffles).

A co-op partner's hand, looked-at cards, pick and corporation are seen (the partners show each other), so they stay.
Everything else is public and kept, the log included: every log line is public (text.py) and names no hidden card.
"""

from __future__ import annotations

from math import comb
from typing import Any

from ...core.dictstate import copy_sharing_log
from ...core.rng import Rng
from .cards import card, corporations
from .model import Data
from .playing import matches
from .rules import legal_actions
from .table_view import sees_hand

Frame = dict[str, Any]


def resample_data(d: Data, seat: int, seed: int) -> Data:
    """Return a copy of the state data with everything ``seat`` cannot see dealt again from ``Rng(seed)``."""
    out = copy_sharing_log(d)
    rng = Rng(seed)
    unseen = [s for s in range(out["players"]) if not sees_hand(out, seat, s)]
    if out["stage"] == "corp":
        _redeal_corporations(out, unseen, rng)
    if out["stage"] == "plan":
        _redraw_picks(out, unseen, rng)
    _redeal_projects(out, unseen, rng)
    out["ocean_pile"].sort()
    rng.shuffle(out["ocean_pile"])
    solo = out["solo"]
    if solo and solo["marker"] < 5:  # from marker 5 on the player has ordered it: it is face up
        solo["deck"].sort()
        rng.shuffle(solo["deck"])
    out["rng"] = Rng(rng.next_u64()).to_text()
    return out


def _redeal_corporations(d: Data, unseen: list[int], rng: Rng) -> None:
    """Deal the unseen players' offers (same sizes) and chosen corporations again from the corporations the seat has
    not seen (the game's corporations less those it holds or was offered)."""
    seen = {c for s, p in enumerate(d["p"]) if s not in unseen for c in [p["corp"], *p["offer"]] if c}
    promos = bool(d["options"]["promo_corporations"])
    pool = sorted(c for c, r in corporations().items() if (r["set"] == "base" or promos) and c not in seen)
    rng.shuffle(pool)
    for s in unseen:
        p = d["p"][s]
        if p["corp"] is None:
            p["offer"] = sorted(pool.pop() for _ in p["offer"])
        else:
            p["corp"] = pool.pop()


def _redraw_picks(d: Data, unseen: list[int], rng: Rng) -> None:
    """Draw every unseen player's secret phase card again, uniformly among the picks the rules allow them."""
    for s in unseen:
        p = d["p"][s]
        if p["pick"] is None:
            continue
        p["pick"] = None  # ask the rules what this player could have picked
        picks = [int(a.get("pick") or 0) for a in legal_actions(d, s) if a.kind == "phase"]
        p["pick"] = rng.choice(picks)


def _keep_filter(f: Frame) -> tuple[bool, Any]:
    """Return whether a frame asks which looked-at card to keep, and the filter those cards must pass."""
    return f.get("ask", {}).get("q") == "keep", f["ctx"].get("filter")


def _redeal_projects(d: Data, unseen: list[int], rng: Rng) -> None:
    """Pool the deck, the discard pile, the unseen hands and looked-at cards; deal them back in the same sizes."""
    frames = [f for s in unseen for f in d["p"][s]["frames"] if f["ctx"].get("looked")]
    pool: list[str] = d["deck"] + d["discard"]
    for s in unseen:
        pool += d["p"][s]["hand"]
    for f in frames:
        pool += f["ctx"]["looked"]
    pool.sort()
    dealt: dict[int, list[str]] = {}
    for i, f in enumerate(frames):  # a keep question with a filter: deal first, so that it still asks
        asks, flt = _keep_filter(f)
        if asks and flt is not None:
            dealt[i] = _deal_fitting(pool, len(f["ctx"]["looked"]), f["ctx"]["keep"] + 1, flt, rng)
    rng.shuffle(pool)
    for i, f in enumerate(frames):
        looked = dealt.get(i)
        if looked is None:
            n = len(f["ctx"]["looked"])
            looked, pool = pool[:n], pool[n:]
        f["ctx"]["looked"] = looked
        asks, flt = _keep_filter(f)
        if asks:
            f["ask"]["cards"] = sorted({c for c in looked if matches(card(c), flt)})
    for s in unseen:
        p = d["p"][s]
        n = len(p["hand"])
        p["hand"], pool = pool[:n], pool[n:]
    n = len(d["discard"])
    d["discard"], d["deck"] = pool[:n], pool[n:]


def _deal_fitting(pool: list[str], n: int, least: int, flt: Any, rng: Rng) -> list[str]:
    """Take n cards out of the pool, in a random order, of which at least ``least`` pass the filter: uniformly
    among all such draws (the number passing is drawn by its weight, then the cards). The pool stays sorted."""
    passing = [c for c in pool if matches(card(c), flt)]
    failing = [c for c in pool if not matches(card(c), flt)]
    counts = range(min(least, n), min(n, len(passing)) + 1)
    weights = [comb(len(passing), k) * comb(len(failing), n - k) for k in counts]
    if not sum(weights):  # cannot happen for a position the rules reached; deal what there is
        k = min(n, len(passing))
    else:
        r = _below(rng, sum(weights))
        k = counts[-1]
        for kk, w in zip(counts, weights, strict=True):
            if r < w:
                k = kk
                break
            r -= w
    out = _take(passing, k, rng) + _take(failing, n - k, rng)
    rng.shuffle(out)
    for c in out:
        pool.remove(c)
    return out


def _take(items: list[str], n: int, rng: Rng) -> list[str]:
    """Return n items chosen uniformly without replacement (a partial Fisher-Yates shuffle of a copy)."""
    items = list(items)
    n = min(n, len(items))
    for i in range(n):
        j = i + rng.randbelow(len(items) - i)
        items[i], items[j] = items[j], items[i]
    return items[:n]


def _below(rng: Rng, n: int) -> int:
    """Return a uniform integer in [0, n) for any positive n (several 64-bit draws when n is above 2**64)."""
    if n <= 1 << 64:
        return rng.randbelow(n)
    bits = n.bit_length()
    limbs = (bits + 63) // 64
    while True:
        x = 0
        for _ in range(limbs):
            x = (x << 64) | rng.next_u64()
        x >>= limbs * 64 - bits
        if x < n:
            return x
