"""Checking a saved Ares Expedition position field by field before it is loaded (``validate``).

Every field of the state JSON is checked: exact key sets, types, ranges (parameters on their tracks, seats, phases),
ids against the card data, the ops and questions on each player's effect stack against the data and the op that
asked, and conservation: every project card, corporation and ocean tile in exactly one place. The first problem
raises PositionError with its path, e.g. ``p[1].hand[3]: unknown project 'foo-9'``.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from typing import Any

from ...core.api import JSON, canonical_json
from ...core.position import (
    Ledger,
    Path,
    at,
    expect_bool,
    expect_dict,
    expect_distinct,
    expect_equal,
    expect_hex16,
    expect_id,
    expect_int,
    expect_ints,
    expect_keys,
    expect_list,
    expect_state,
    expect_str,
    expect_strs,
    expect_text_log,
    fail,
    kind_of,
    nested_dicts,
)
from .cards import COLORS, COST_OPS, OPS, base_deck, board, card, corporations, projects, promo_deck
from .effects import heat_range
from .info import INFO
from .model import PARAM_STEPS, STATE_FORMAT, STATE_KEYS, Data, holds, owned
from .text import MAX_LOG

TITLE = "Ares Expedition"
STAGES = ("corp", "setup", "plan", "solo_order", "coop", "phase", "end", "over")
ENDINGS = ("terraformed", "round_25", "pool_empty", "round_limit")
PLAYER_KEYS = ("corp", "offer", "hand", "table", "res", "mc", "heat", "plants", "prod", "steel", "titanium", "tr",
               "forests", "pick", "last", "done", "ph", "frames", "tr_up", "sold")
STOCKS = ("mc", "heat", "plants", "steel", "titanium", "tr", "forests", "sold")
PRODUCTION = ("mc", "heat", "plants", "cards")
CTX_KEYS = ("looked", "keep", "filter", "per_discard", "done", "owed", "cycled", "stopped")
PH_KEYS = ("plays", "used", "repeat", "next_discount", "next_shift")
ASKING_OP = {"choose": "choose", "target": "add", "remove_from": "_cost", "keep": "_keep", "discard": "_discard",
             "cycle": "cycle", "convert": "convert", "pay_heat": "_pay_heat", "play_card": "play_card",
             "retrieve": "retrieve_red", "solo_raise": "_solo_raise", "swap": "_swap"}
SMALL = 30  # the largest amount any card op or cost names
MAX_TRACK = 100_000  # bounds for a TR or VP total in the history (far above any real game)
MAX_FRAMES = 64
MAX_OPS = 64
_PHASE_KEY = re.compile(r"^([1-9][0-9]{0,3})\.([1-5])$")


# --- what the data allows -------------------------------------------------------------------------------------------
@cache
def _data_shapes() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Return the canonical JSON of every op, every cost and every card filter written in the data."""
    ops: set[str] = set()
    costs: set[str] = set()
    filters: set[str] = set()
    for value in nested_dicts([projects(), corporations()]):
        op = value.get("op")
        if op in OPS:
            ops.add(canonical_json(value))
        elif op in COST_OPS:
            costs.add(canonical_json(value))
        if isinstance(value.get("filter"), dict):
            filters.add(canonical_json(value["filter"]))
    return frozenset(ops), frozenset(costs), frozenset(filters)


@cache
def _every_card(promos: bool) -> Counter[str]:
    """Return every project card of a game (one copy each; promos only when the option adds them)."""
    return Counter(base_deck() + (promo_deck() if promos else []))


@cache
def _all_cards() -> frozenset[str]:
    """Return every project and corporation id."""
    return frozenset(projects()) | frozenset(corporations())


def _canonical(value: Any, path: Path) -> str:
    """Return a value's canonical JSON (for comparing with the data), refusing anything that is not JSON data."""
    try:
        return canonical_json(value)
    except (TypeError, ValueError, RecursionError) as exc:
        raise fail(path, f"holds a value that is not JSON data: {exc}") from exc


# --- the whole position -------------------------------------------------------------------------------------------
def validate(data: JSON) -> None:
    """Raise PositionError naming the first problem of a saved Ares Expedition state; return None if it is sound."""
    d = expect_state(data, STATE_FORMAT, STATE_KEYS, TITLE)
    players = expect_int(d["players"], "players", INFO.min_players, INFO.max_players)
    opts = _options(d["options"], players)
    mode = "coop" if opts["mode"] == "coop" else "solo" if players == 1 else "standard"
    expect_equal(d["mode"], mode, "mode", "the options and the player count")
    expect_hex16(d["rng"], "rng")
    limit = {"solo": int(board()["solo"]["rounds"]), "coop": int(board()["coop"]["rounds"]),
             "standard": int(opts["round_limit"])}[mode]
    rnd = expect_int(d["round"], "round", 0, limit)
    stage = expect_str(d["stage"], "stage", STAGES)
    if (rnd == 0) != (stage in ("corp", "setup")):
        raise fail("round", f"round {rnd} disagrees with the stage {stage!r}")
    _phase(d, rnd, stage)
    _params(d)
    projects_led = Ledger("project", _every_card(bool(opts["promo_projects"])))
    projects_led.see_all(expect_list(d["deck"], "deck"), "deck")
    projects_led.see_all(expect_list(d["discard"], "discard"), "discard")
    corps = Ledger("corporation", Counter(c for c, r in corporations().items()
                                          if r["set"] == "base" or opts["promo_corporations"]))
    for seat, p in enumerate(expect_list(d["p"], "p", length=players)):
        _player(d, p, seat, f"p[{seat}]", stage, projects_led, corps, bool(opts["beginner"]))
    _solo(d["solo"], mode == "solo", rnd)
    _coop(d["coop"], mode == "coop", stage)
    expect_int(d["epoch"], "epoch")
    expect_text_log(d["msgs"], players, MAX_LOG, LOG_KINDS, _ref_ok)
    if d["over"] is not None:
        expect_str(d["over"], "over", ENDINGS)
    if (d["over"] is not None) != (stage == "over"):
        raise fail("over", f"{d['over']!r} disagrees with the stage {stage!r}")
    _history(d["hist"], players, rnd)
    corps.check_complete("p", every=False)
    projects_led.check_complete("deck")


def _options(value: Any, players: int) -> dict[str, Any]:
    """Return the options once they are exactly the game's options with valid values for this player count."""
    obj = INFO.expect_options(value)
    if obj["mode"] == "coop" and players != 2:
        raise fail("options.mode", "the co-operative variant is for exactly 2 players")
    return obj


def _phase(d: Data, rnd: int, stage: str) -> None:
    """Check the phase under way, its key, and the chosen phases still to come."""
    phase = expect_int(d["phase"], "phase", 0, 5)
    if (stage == "phase") != (phase != 0) and stage != "over":
        raise fail("phase", f"phase {phase} disagrees with the stage {stage!r}")
    key = d["phase_key"]
    if key is not None:
        expect_str(key, "phase_key")
    own_key = f"{rnd}.{phase}"
    if (stage == "phase" and key != own_key) or (stage not in ("phase", "over") and key is not None) or (
            stage == "over" and key not in (None, own_key)):
        raise fail("phase_key", f"{key!r} disagrees with round {rnd}, stage {stage!r}, phase {phase}")
    phases = expect_ints(d["phases"], "phases", 1, 5, max_len=5)
    if phases != sorted(set(phases)):
        raise fail("phases", f"the phases still to come {phases} must be distinct and in order")
    if stage == "phase" and phases and phases[0] <= phase:
        raise fail("phases", f"phase {phases[0]} still to come, but phase {phase} is under way")
    if phases and stage not in ("phase", "coop"):
        raise fail("phases", f"phases still to come in the stage {stage!r}")
    if stage == "coop" and not phases:
        raise fail("phases", "the co-op pool is taken before the chosen phases, which are missing")


def _params(d: Data) -> None:
    """Check the global parameters, the phase that maxed each, the phase-start snapshot and the ocean tiles."""
    params = expect_keys(d["params"], "params", PARAM_STEPS)
    snap = expect_keys(d["snap"], "snap", PARAM_STEPS)
    max_key = expect_keys(d["max_key"], "max_key", PARAM_STEPS)
    for k, top in PARAM_STEPS.items():
        value = expect_int(params[k], at("params", k), 0, top)
        expect_int(snap[k], at("snap", k), 0, value)
        mk = max_key[k]
        if mk is not None:
            m = _PHASE_KEY.match(expect_str(mk, at("max_key", k)))
            if not m or int(m.group(1)) > d["round"]:
                raise fail(at("max_key", k), f"not the key of a phase played so far: {mk[:20]!r}")
            if value < top:
                raise fail(at("max_key", k), f"a phase maxed {k}, which is at {value} of {top}")
    pile = expect_ints(d["ocean_pile"], "ocean_pile", 1, 9, max_len=9)
    flipped = expect_ints(d["ocean_flipped"], "ocean_flipped", 1, 9, max_len=9)
    tiles = Ledger("ocean tile", Counter(str(t["tile"]) for t in board()["oceans"]))
    for name, items in (("ocean_pile", pile), ("ocean_flipped", flipped)):
        for i, t in enumerate(items):
            tiles.see(str(t), at(name, i))
    tiles.check_complete("ocean_pile")
    if len(flipped) != params["ocean"]:
        raise fail("ocean_flipped", f"{len(flipped)} tiles flipped, but the ocean track says {params['ocean']}")


# --- players ------------------------------------------------------------------------------------------------------
def _player(d: Data, value: Any, seat: int, path: str, stage: str, projects_led: Ledger, corps: Ledger,
            beginner: bool) -> None:
    """Check one player's board: corporation, cards, stocks, production, phase cards, phase state and stack."""
    p = expect_keys(value, path, PLAYER_KEYS)
    if p["corp"] is None:
        if stage != "corp":
            raise fail(at(path, "corp"), f"no corporation in the stage {stage!r}")
    else:
        corps.see(expect_id(p["corp"], at(path, "corp"), corporations(), "corporation"), at(path, "corp"))
        if beginner and not corporations()[p["corp"]].get("beginner"):
            raise fail(at(path, "corp"), f"{p['corp']!r} is not a beginner corporation")
    offer = expect_list(p["offer"], at(path, "offer"), length=0 if p["corp"] is not None else int(
        board()["corporations_dealt"]))
    for i, c in enumerate(offer):
        corps.see(expect_id(c, at(at(path, "offer"), i), corporations(), "corporation"), at(at(path, "offer"), i))
    projects_led.see_all(expect_list(p["hand"], at(path, "hand")), at(path, "hand"))
    projects_led.see_all(expect_list(p["table"], at(path, "table")), at(path, "table"))
    for k in STOCKS:
        expect_int(p[k], at(path, k))
    prod = expect_keys(p["prod"], at(path, "prod"), PRODUCTION)
    for k in PRODUCTION:
        expect_int(prod[k], at(at(path, "prod"), k))
    _resources(p, path, stage)
    _picks(p, path, stage)
    expect_bool(p["done"], at(path, "done"))
    expect_bool(p["tr_up"], at(path, "tr_up"))
    _phase_state(p["ph"], at(path, "ph"))
    _frames(d, p, seat, at(path, "frames"), projects_led)


def _resources(p: dict[str, Any], path: str, stage: str) -> None:
    """Check the resources on cards: exactly the owned cards that hold some (none before corporations apply)."""
    res = expect_keys(p["res"], at(path, "res"), (), _all_cards())
    holders = set() if stage == "corp" else {c for c in owned(p) if holds(c)}
    for c, n in res.items():
        if c not in holders:
            raise fail(at(at(path, "res"), c), f"resources on {c!r}, which this player does not hold resources on")
        expect_int(n, at(at(path, "res"), c))
    for c in holders:
        if c not in res:
            raise fail(at(path, "res"), f"no resource count for {c!r}, which collects them")


def _picks(p: dict[str, Any], path: str, stage: str) -> None:
    """Check the phase card chosen this round and the one of last round."""
    for k in ("pick", "last"):
        if p[k] is not None:
            expect_int(p[k], at(path, k), 1, 5)
    if stage in ("corp", "setup") and (p["pick"] is not None or p["last"] is not None):
        raise fail(at(path, "pick"), "a phase card chosen before the first round")
    if stage in ("coop", "phase", "end") and p["pick"] is None:
        raise fail(at(path, "pick"), f"no phase card chosen in the stage {stage!r}")
    if stage == "solo_order" and p["pick"] is not None:
        raise fail(at(path, "pick"), "a phase card chosen before the virtual player's order is set")
    if p["pick"] is not None and p["pick"] == p["last"]:
        raise fail(at(path, "pick"), f"phase {p['pick']} chosen twice in a row")


def _phase_state(value: Any, path: Path) -> None:
    """Check a player's state for the phase: card plays left, card actions used, discounts and shifts."""
    ph = expect_keys(value, path, (), PH_KEYS)
    if "plays" in ph:
        for i, a in enumerate(expect_list(ph["plays"], at(path, "plays"), max_len=SMALL)):
            ap = at(at(path, "plays"), i)
            a = expect_keys(a, ap, ("colors", "bonus"))
            expect_strs(a["colors"], at(ap, "colors"), COLORS, max_len=len(COLORS))
            if not a["colors"]:
                raise fail(at(ap, "colors"), "a card play for no colour")
            expect_distinct(a["colors"], at(ap, "colors"), "colour")
            expect_bool(a["bonus"], at(ap, "bonus"))
    if "used" in ph:
        used = expect_keys(ph["used"], at(path, "used"), (), _all_cards())
        for c, n in used.items():
            expect_int(n, at(at(path, "used"), c), 1, 2)
            if not card(c).get("action"):
                raise fail(at(at(path, "used"), c), f"{c!r} has no action to use")
    if "repeat" in ph:
        expect_int(ph["repeat"], at(path, "repeat"), 0, 1)
    for k in ("next_discount", "next_shift"):
        if k in ph:
            expect_int(ph[k], at(path, k), 0, 4 * SMALL)


# --- the effect stack ---------------------------------------------------------------------------------------------
def _frames(d: Data, p: dict[str, Any], seat: int, path: Path, projects_led: Ledger) -> None:
    """Check a player's stack of pending effects; the top one, and only it, waits for an answer."""
    frames = expect_list(p["frames"], path, max_len=MAX_FRAMES)
    for i, frame in enumerate(frames):
        fp = at(path, i)
        f = expect_keys(frame, fp, ("ops", "i", "src", "ctx"), ("ask",))
        ops = expect_list(f["ops"], at(fp, "ops"), max_len=MAX_OPS)
        if not ops:
            raise fail(at(fp, "ops"), "an effect with no op")
        for j, op in enumerate(ops):
            _op(op, at(at(fp, "ops"), j))
        expect_int(f["i"], at(fp, "i"), 0, len(ops))
        if f["src"] is not None:
            expect_id(f["src"], at(fp, "src"), _all_cards(), "card")
        _context(f["ctx"], at(fp, "ctx"), projects_led)
        top = i == len(frames) - 1
        if top != ("ask" in f):
            raise fail(at(fp, "ask"), "only the effect on top of the stack waits for an answer, and it must")
        if top:
            _question(d, p, seat, f, at(fp, "ask"))


def _op(value: Any, path: Path) -> None:
    """Check one op: one written in the card data, or one of the engine's own (paying, finishing a card ...)."""
    if value.__class__ is not dict:
        raise fail(path, f"expected an op object, got {kind_of(value)}")
    op = value.get("op")
    if op in OPS:
        if _canonical(value, path) not in _data_shapes()[0]:
            raise fail(path, f"a {op!r} op that no card has")
        return
    shapes: dict[str, tuple[str, ...]] = {"_cost": ("cost",), "_played": ("card",), "_acted": ("card",),
                                          "_research": ("draw", "keep"), "_discard": ("n",), "_keep": (),
                                          "_pay_heat": ("n",), "_solo_raise": ("n",), "_swap": ()}
    if op not in shapes:
        raise fail(at(path, "op"), f"unknown op {op!r}" if op.__class__ is str else f"bad op, {kind_of(op)}")
    expect_keys(value, path, ("op", *shapes[op]))
    if op == "_cost":
        _cost(value["cost"], at(path, "cost"))
    elif op == "_played":
        expect_id(value["card"], at(path, "card"), projects(), "project")
    elif op == "_acted":
        cid = expect_id(value["card"], at(path, "card"), _all_cards(), "card")
        if not card(cid).get("action"):
            raise fail(at(path, "card"), f"{cid!r} has no action")
    elif op == "_research":
        expect_int(value["draw"], at(path, "draw"), 0, SMALL)
        expect_int(value["keep"], at(path, "keep"), 0, SMALL)
    elif op in ("_discard", "_solo_raise"):
        expect_int(value["n"], at(path, "n"), 1, SMALL)
    elif op == "_pay_heat":
        expect_int(value["n"], at(path, "n"), 1, 4 * SMALL)


def _cost(value: Any, path: Path) -> None:
    """Check a cost being paid: one from the data, or a price in M€ (or a standard action's heat or plants)."""
    if value.__class__ is dict and value.get("op") == "pay" and set(value) == {"op", "res", "n"} and value[
            "res"] in ("mc", "heat", "plants"):
        expect_int(value["n"], at(path, "n"), 1, 4 * SMALL)
        return
    if _canonical(value, path) not in _data_shapes()[1]:
        raise fail(path, f"a cost that no card has: {kind_of(value)}")


def _context(value: Any, path: Path, projects_led: Ledger) -> None:
    """Check an effect's working notes: cards looked at, keeps left, discards done, cards cycled."""
    ctx = expect_keys(value, path, (), CTX_KEYS)
    if any(k in ctx for k in ("looked", "keep", "filter", "per_discard")):
        expect_keys(ctx, path, ("looked", "keep", "filter", "per_discard"), CTX_KEYS)
        projects_led.see_all(expect_list(ctx["looked"], at(path, "looked")), at(path, "looked"))
        expect_int(ctx["keep"], at(path, "keep"), 0, SMALL)
        if ctx["filter"] is not None and _canonical(ctx["filter"], at(path, "filter")) not in _data_shapes()[2]:
            raise fail(at(path, "filter"), "a card filter that no card has")
        for j, op in enumerate(expect_list(ctx["per_discard"], at(path, "per_discard"), max_len=MAX_OPS)):
            _op(op, at(at(path, "per_discard"), j))
    for k in ("done", "owed", "cycled"):
        if k in ctx:
            expect_int(ctx[k], at(path, k), 0, 4 * SMALL)
    if "stopped" in ctx:
        expect_bool(ctx["stopped"], at(path, "stopped"))


def _question(d: Data, p: dict[str, Any], seat: int, f: dict[str, Any], path: Path) -> None:
    """Check the question the top effect asks, against the op that asked it and the player's cards."""
    ask = expect_dict(f["ask"], path)
    if "q" not in ask:
        raise fail(at(path, "q"), "missing field")
    q = expect_str(ask["q"], at(path, "q"), ASKING_OP)
    if f["i"] >= len(f["ops"]):
        raise fail(at(path, "q"), "a question, but every op of the effect is done")
    op = f["ops"][f["i"]]
    if op["op"] != ASKING_OP[q] or (q == "remove_from" and op["cost"].get("op") != "remove"):
        raise fail(at(path, "q"), f"the question {q!r} cannot come from the op {op['op']!r}")
    if q == "choose":
        ask = expect_keys(ask, path, ("q", "options"))
        opts = expect_ints(ask["options"], at(path, "options"), 0, len(op["options"]) - 1)
        if len(opts) < 2 or opts != sorted(set(opts)):
            raise fail(at(path, "options"), "a choice needs two or more distinct options, in order")
    elif q in ("target", "remove_from"):
        ask = expect_keys(ask, path, ("q", "cards", "n"))
        n = op["n"] if q == "target" else op["cost"]["n"]
        expect_equal(ask["n"], n, at(path, "n"), "the op that asked")
        cards = _asked_cards(ask["cards"], at(path, "cards"), {c for c in owned(p) if holds(c)}, "a card of yours "
                             "that collects resources")
        if q == "remove_from":
            for i, c in enumerate(cards):
                if p["res"].get(c, 0) < n:
                    raise fail(at(at(path, "cards"), i), f"{c!r} holds fewer than {n} resources")
    elif q == "keep":
        ask = expect_keys(ask, path, ("q", "cards"))
        cards = _asked_cards(ask["cards"], at(path, "cards"), set(f["ctx"].get("looked", ())), "a card looked at")
        if cards != sorted(cards) or f["ctx"].get("keep", 0) < 1:
            raise fail(at(path, "cards"), "cards to keep are listed in order, with a keep left")
    elif q == "discard":
        ask = expect_keys(ask, path, ("q", "left"))
        expect_int(ask["left"], at(path, "left"), 1, op["n"])
    elif q == "cycle":
        ask = expect_keys(ask, path, ("q", "left", "bonus_tag"))
        expect_int(ask["left"], at(path, "left"), 1, op["max"])
        expect_equal(ask["bonus_tag"], op.get("bonus_tag"), at(path, "bonus_tag"), "the op that asked")
    elif q == "convert":
        ask = expect_keys(ask, path, ("q", "max", "from", "to"))
        expect_equal(ask["from"], op["from"], at(path, "from"), "the op that asked")
        expect_equal(ask["to"], op["to"], at(path, "to"), "the op that asked")
        expect_int(ask["max"], at(path, "max"), 2, min(int(p[op["from"]]), int(op.get("max", p[op["from"]]))))
    elif q == "pay_heat":
        ask = expect_keys(ask, path, ("q", "n", "lo", "hi"))
        expect_equal(ask["n"], op["n"], at(path, "n"), "the op that asked")
        lo, hi = heat_range(p, op["n"])
        expect_equal(ask["lo"], lo, at(path, "lo"), "the player's M€ and heat")
        expect_equal(ask["hi"], hi, at(path, "hi"), "the player's M€ and heat")
        if lo >= hi:
            raise fail(path, "no choice of heat to ask about")
    elif q == "play_card":
        ask = expect_keys(ask, path, ("q", "op"))
        expect_equal(ask["op"], op, at(path, "op"), "the op that asked")
    elif q == "retrieve":
        ask = expect_keys(ask, path, ("q", "cards"))
        reds = {c for c in p["table"] if card(c)["color"] == "red" and c != f["src"]}
        cards = _asked_cards(ask["cards"], at(path, "cards"), reds, "a red card of yours")
        if cards != sorted(cards):
            raise fail(at(path, "cards"), "red cards to take back are listed in order")
    elif q == "solo_raise":
        ask = expect_keys(ask, path, ("q", "n"))
        expect_equal(ask["n"], op["n"], at(path, "n"), "the op that asked")
    elif q == "swap":
        expect_keys(ask, path, ("q",))
        if d["coop"] is None or seat > 1:
            raise fail(at(path, "q"), "a card swap outside the co-operative game")


def _asked_cards(value: Any, path: Path, allowed: set[str], what: str) -> list[str]:
    """Return the cards a question offers once each is distinct and one of ``allowed``."""
    cards = expect_list(value, path, max_len=len(_all_cards()))
    if not cards:
        raise fail(path, "a question about no card")
    for i, c in enumerate(cards):
        if c.__class__ is not str or c not in allowed:
            raise fail(at(path, i), f"{kind_of(c)} is not {what}")
    expect_distinct(cards, path, "card")
    return cards


# --- solo, co-op and the log ----------------------------------------------------------------------------------------
def _solo(value: Any, on: bool, rnd: int) -> None:
    """Check the virtual player of a solo game: its phase cards (each once), marker and last raise."""
    if not on:
        if value is not None:
            raise fail("solo", "a virtual player outside a solo game")
        return
    solo = expect_keys(value, "solo", ("deck", "marker", "played", "left", "raised_for"))
    cards = Ledger("phase card", Counter("12345"))
    for k in ("deck", "played", "left"):
        for i, c in enumerate(expect_ints(solo[k], at("solo", k), 1, 5, max_len=5)):
            cards.see(str(c), at(at("solo", k), i))
    cards.check_complete("solo.deck")
    expect_int(solo["marker"], "solo.marker", 1, 5)
    expect_int(solo["raised_for"], "solo.raised_for", 0, rnd)


def _coop(value: Any, on: bool, stage: str) -> None:
    """Check the co-operative pool: cubes and markers left, the first taker, and who takes next."""
    if not on:
        if value is not None:
            raise fail("coop", "a shared pool outside the co-operative game")
        return
    coop = expect_keys(value, "coop", ("cubes", "markers", "first", "order"))
    expect_int(coop["cubes"], "coop.cubes", 0, int(board()["coop"]["cubes"]))
    expect_int(coop["markers"], "coop.markers", 0, int(board()["coop"]["markers"]))
    expect_int(coop["first"], "coop.first", 0, 1)
    order = expect_ints(coop["order"], "coop.order", 0, 1, max_len=2)
    expect_distinct(order, "coop.order", "seat")
    if order and stage != "coop":
        raise fail("coop.order", f"players still to take from the pool in the stage {stage!r}")


def _history(value: Any, players: int, rnd: int) -> None:
    """Check the TR and VP history: one ``[round, [tr per seat], [vp per seat]]`` per finished round, in order."""
    hist = expect_list(value, "hist", max_len=rnd)
    last = 0
    for i, entry in enumerate(hist):
        path = at("hist", i)
        row = expect_list(entry, path, length=3)
        r = expect_int(row[0], at(path, 0), last + 1, rnd)
        expect_ints(row[1], at(path, 1), 0, MAX_TRACK, length=players)
        expect_ints(row[2], at(path, 2), -MAX_TRACK, 4 * MAX_TRACK, length=players)
        last = r


LOG_KINDS = ("seat", "card", "text", "n")
"""The kinds of reference a stored log line holds (text.py)."""


def _ref_ok(ref: Any, players: int) -> bool:
    """Return True for one typed reference of a log line: a seat in range, a card id, a text or a number."""
    if ref.__class__ is not dict or len(ref) != 1:
        return False
    for kind, v in ref.items():
        if kind == "seat":
            return v.__class__ is int and 0 <= v < players
        if kind == "card":
            return v.__class__ is str and v in _all_cards()
        return kind in ("text", "n") and v.__class__ in (str, int)
    return False
