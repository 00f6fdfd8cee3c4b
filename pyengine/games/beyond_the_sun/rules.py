"""The turn: moving the pawn to an action space, production, the achievement phase, and the end of the game.

``legal_actions`` and ``apply_action`` are the only entry points the state uses; both read the pending effect
(see effects.py) first, then the phase.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.api import Action
from ...core.rng import Rng
from . import control
from .abilities import anytime, counter, passive, stealth_colonizer, unlock_powers
from .cards import achievements, board, techs
from .effects import current, options, push, resolve, run, star_targets
from .model import (
    Data,
    Faction,
    gain_population,
    growth_yield,
    ore_yield,
    remove_ship,
    return_supply,
    ship_list,
    supply_free,
    take_supply,
)
from .scoring import total
from .steps import can_pay, effective_cost, performable
from .text import log, log_payment, place

BS = board()["basic_spacefaring"]
GUILDS = {g["id"]: g for g in board()["guilds"]}
END_TRIGGER = {2: 3, 3: 3, 4: 4}


# --- action spaces -----------------------------------------------------------------------------------------------
def space_info(d: Data, space: str) -> tuple[dict[str, int], list[dict[str, Any]], int, str]:
    """Return (cost, steps, surcharge, label) of an action space id."""
    parts = space.split(".")
    if parts[0] == "bs":
        act = BS["actions"][parts[1]]
        return act["cost"], act["steps"], BS["spaces"][str(d["players"])][parts[1]][int(parts[2])], act["name"]
    if parts[0] == "guild":
        g = GUILDS[parts[1]]
        return g["cost"], g["steps"], 0, g["name"]
    card = techs()[d["slots"][parts[1]]["card"]]
    act = card["actions"][int(parts[2])]
    return act.get("cost", {}), act["steps"], 0, card["name"]


def space_place(d: Data, space: str) -> tuple[str, int]:
    """Return where an action space is, as the table shows it: its area (``bs.<row>``, ``guild.<id>``, or the id of
    the tech card) and its number there, from 1 (a tech's spaces are numbered across all of its actions)."""
    parts = space.split(".")
    if parts[0] in ("bs", "guild"):
        return f"{parts[0]}.{parts[1]}", int(parts[2]) + 1
    card = str(d["slots"][parts[1]]["card"])
    before = sum(int(act["spaces"]) for act in techs()[card]["actions"][:int(parts[2])])
    return card, before + int(parts[3]) + 1


Space = tuple[str, int, int, list[dict[str, Any]], int, bool, bool]
"""One action space as ``move_actions`` reads it: (space id, ore cost, population cost, steps, surcharge, whether
a research discount applies, whether a colonize discount applies)."""


def _space(space: str, cost: dict[str, int], steps: list[dict[str, Any]], surcharge: int) -> Space:
    """Return one action space's entry (see ``Space``)."""
    ops = {s["op"] for s in steps}
    return (space, cost.get("ore", 0), cost.get("population", 0), steps, surcharge, "research" in ops,
            "colonize" in ops)


@cache
def _basic_spaces(players: int) -> tuple[Space, ...]:
    """Return the Basic Spacefaring spaces at a player count, in board order."""
    return tuple(_space(f"bs.{row}.{i}", BS["actions"][row]["cost"], BS["actions"][row]["steps"], surcharge)
                 for row, surch in BS["spaces"][str(players)].items() for i, surcharge in enumerate(surch))


@cache
def _guild_spaces(guild: str) -> tuple[Space, ...]:
    """Return a guild's action spaces."""
    g = GUILDS[guild]
    return tuple(_space(f"guild.{guild}.{i}", g["cost"], g["steps"], 0) for i in range(g["spaces"]))


@cache
def _tech_spaces(slot: str, card: str) -> tuple[Space, ...]:
    """Return the action spaces of a tech card researched in a slot."""
    return tuple(_space(f"tech.{slot}.{a}.{i}", act.get("cost", {}), act["steps"], 0)
                 for a, act in enumerate(techs()[card].get("actions", [])) for i in range(act["spaces"]))


def _spaces(d: Data, seat: int) -> list[Space]:
    """Return every action space that exists for this faction (Basic Spacefaring, open guilds, its techs), with
    what moving there needs."""
    out = list(_basic_spaces(d["players"]))
    covered = d["covered"]
    for g in GUILDS:
        if g not in covered:
            out += _guild_spaces(g)
    slots = d["slots"]
    for slot in d["factions"][seat]["techs"]:
        out += _tech_spaces(slot, slots[slot]["card"])
    return out


def move_actions(d: Data, seat: int) -> list[Action]:
    """Return the pawn moves open to this faction: every space its pawn may move to now whose action can be paid
    for and performed, computed once per kind of space (spaces with the same steps and price share the answer).

    A faction with ``population_cost_as_ore`` (Android Rights Movement) may also pay that much ore instead of one of
    the population a space's cost returns: ``move space=<id> swap=ore``, a move of its own when it can be afforded.
    """
    f = d["factions"][seat]
    pawns = d["pawns"]
    research_off = passive(d, seat, "research_discount")
    colonize_off = passive(d, seat, "colonize_discount")
    swap_ore = passive(d, seat, "population_cost_as_ore")
    ore, pop = f["ore"], f["pop"]
    free = sum(f["cap"]) - sum(f["supply"])
    paid: dict[tuple[int, int, int], bool] = {}
    done: dict[tuple[int, int], bool] = {}
    out = []
    for space, cost_ore, cost_pop, steps, surcharge, research, colonize in _spaces(d, seat):
        if space in pawns and not space.startswith("bs.gain."):
            continue
        for swap in ((0, 1) if swap_ore and cost_pop else (0,)):
            key = (id(steps), surcharge, swap)
            ok = paid.get(key)
            if ok is None:
                need = cost_ore
                if research:
                    need = max(0, need - research_off)
                if colonize:
                    need = max(0, need - colonize_off)
                lose = cost_pop - swap
                ok = ore >= need + surcharge + swap * swap_ore and pop >= lose and free >= lose
                if ok:
                    perf_key = (id(steps), lose)
                    ok = done.get(perf_key)
                    if ok is None:
                        ok = done[perf_key] = performable(d, seat, steps, pop - lose)
                paid[key] = ok
            if ok:
                out.append(Action("move", (("space", space), ("swap", "ore"))) if swap else
                           Action("move", (("space", space),)))
    return out


def move_cost(d: Data, seat: int, action: Action) -> dict[str, int]:
    """Return what a pawn move costs this faction: the space's cost after discounts and surcharge, with one
    population paid as ore for ``swap=ore`` (Android Rights Movement)."""
    cost, steps, surcharge, _label = space_info(d, str(action.get("space")))
    eff = effective_cost(d, seat, cost, steps, surcharge)
    if action.get("swap") == "ore":
        eff = {"ore": eff["ore"] + passive(d, seat, "population_cost_as_ore"), "population": eff["population"] - 1}
    return eff


def _phase_actions(d: Data, seat: int) -> list[Action]:
    """Return the actions of the phase decision (no effect pending)."""
    phase = d["phase"]
    if phase == "action":
        return move_actions(d, seat)
    if phase == "production":
        flags = d["turn_flags"]
        if flags["all_three"]:
            acts = [Action("produce", (("what", k),)) for k in ("growth", "ore") if k not in flags["produced"]]
            return acts + trade_actions(d, seat) + [Action("done")]
        return [Action("produce", (("what", k),)) for k in ("growth", "ore", "trade")]
    if phase == "trade":
        return [*trade_actions(d, seat), Action("done")]
    if phase == "achievement":
        claims = [Action.make("claim", achievement=a) for a in claimable(d, seat)]
        return claims or [Action("end_turn")]
    return []


def trade_actions(d: Data, seat: int) -> list[Action]:
    """Return the mat's trades this faction can afford now."""
    f = d["factions"][seat]
    rate = passive(d, seat, "trade_ore_for_population") or 3
    out = []
    if f["ore"] >= rate and sum(f["supply"]) > 0:
        out.append(Action("trade", (("what", "buy_population"),)))
    if f["ore"] >= 1:
        out += [Action.make("trade", what="retire", at=loc, level=lv) for loc, lv in ship_list(f)]
    if f["pop"] > 0 and supply_free(f):
        out.append(Action("trade", (("what", "sell_population"),)))
    return out


def ability_actions(d: Data, seat: int) -> list[Action]:
    """Return the anytime abilities this faction may use now (its own turn, a window, affordable, unused)."""
    if seat != d["turn"] or d["phase"] == "over":
        return []
    if d["frames"]:
        # Rulebook windows open between the steps of an action, never inside one (a settle, a reveal, a jump
        # under way), so an ability cannot break a step half done.
        top = d["frames"][-1]
        if d["options"]["anytime_windows"] != "rulebook" or top["prog"] or top["steps"][0]["op"].startswith("_"):
            return []
    f = d["factions"][seat]
    out = []
    for ab in anytime(d, seat):
        if d["turn_flags"]["used"].get(ab["id"], 0) >= ab.get("per_turn", 1) or not can_pay(f, ab["cost"]):
            continue
        if ab["id"] == "star-disc":
            if not star_targets(d, seat):
                continue
        elif not performable(d, seat, ab["steps"], f["pop"] - ab["cost"].get("population", 0)):
            continue
        out.append(Action.make("ability", id=ab["id"]))
    return out


def claimable(d: Data, seat: int) -> list[str]:
    """Return the achievements this faction meets now and may still claim (a free slot, not claimed by it)."""
    out: list[str] = []
    if d["turn_flags"].get("claimed"):
        return out
    for a in d["achievements"]:
        rec = achievements()[a["id"]]
        if any(x["seat"] == seat for x in a["discs"]) or len(a["discs"]) >= len(rec["slots"]):
            continue
        if counter(d, seat, rec["condition"]["counter"]) >= rec["condition"]["at_least"]:
            out.append(a["id"])
    return out


def to_move(d: Data) -> list[int]:
    """Return the seat that must act now (an effect's chooser, else the active player), or [] at the end."""
    if d["phase"] == "over":
        return []
    cur = current(d)
    return [cur[0]["seat"]] if cur else [d["turn"]]


def legal_actions(d: Data, seat: int) -> list[Action]:
    """Return every action this seat may take now, in canonical order."""
    if seat not in to_move(d):
        return []
    cur = current(d)
    acts = options(d, *cur) if cur else _phase_actions(d, seat)
    return acts + ability_actions(d, seat)


# --- applying ---------------------------------------------------------------------------------------------------
def apply_action(d: Data, seat: int, action: Action) -> None:
    """Apply one legal action and run the game forward to the next real choice."""
    rng = Rng.from_text(d["rng"])
    if action.kind == "ability":
        _use_ability(d, seat, str(action.get("id")))
        run(d, rng)
    elif current(d):
        resolve(d, rng, action)
    else:
        _phase_apply(d, rng, seat, action)
    _advance(d)
    d["rng"] = rng.to_text()


def _use_ability(d: Data, seat: int, ab_id: str) -> None:
    """Pay for and start an anytime ability."""
    ab = next(a for a in anytime(d, seat) if a["id"] == ab_id)
    f = d["factions"][seat]
    f["ore"] -= ab["cost"].get("ore", 0)
    for _ in range(ab["cost"].get("population", 0)):
        f["pop"] -= 1
        return_supply(f)
    d["turn_flags"]["used"][ab_id] = d["turn_flags"]["used"].get(ab_id, 0) + 1
    log(d, "{seat} uses {n}", seat=seat, n=ab.get("name", ab_id))
    log_payment(d, seat, ab["cost"].get("ore", 0), ab["cost"].get("population", 0))
    steps = [{"op": "_star_disc"}] if ab_id == "star-disc" else list(ab["steps"])
    push(d, seat, steps, ab_id)


def _phase_apply(d: Data, rng: Rng, seat: int, action: Action) -> None:
    """Apply a phase decision: a pawn move, a production choice, a trade, or an achievement claim."""
    f = d["factions"][seat]
    kind = action.kind
    if kind == "move":
        space = str(action.get("space"))
        _cost, steps, _surcharge, _label = space_info(d, space)
        eff = move_cost(d, seat, action)
        d["pawns"][seat] = space
        f["ore"] -= eff["ore"]
        for _ in range(eff["population"]):
            f["pop"] -= 1
            return_supply(f)
        area, number = space_place(d, space)
        log(d, "{seat} moves to {n}, space {m}", seat=seat, n=area, m=number)
        log_payment(d, seat, eff["ore"], eff["population"])
        d["phase"] = "production"
        push(d, seat, list(steps), space)
    elif kind == "produce":
        _produce(d, seat, f, str(action.get("what")))
    elif kind == "trade":
        _trade(d, seat, f, action)
    elif kind == "done":
        d["phase"] = "achievement"
    elif kind == "claim":
        _claim(d, seat, str(action.get("achievement")))
        _end_turn(d)
    elif kind == "end_turn":
        _end_turn(d)
    run(d, rng)


def _produce(d: Data, seat: int, f: Faction, kind: str) -> None:
    """Population growth, ore production, or the start of trading."""
    flags = d["turn_flags"]
    if kind == "growth":
        got = 0
        for col in growth_yield(f):
            got += gain_population(f, 1, col)
        got += gain_population(f, passive(d, seat, "growth_bonus"))
        log(d, "{seat} grows {n} population", seat=seat, n=got)
    elif kind == "ore":
        n = ore_yield(f) + passive(d, seat, "ore_production_bonus")
        f["ore"] += n
        log(d, "{seat} produces {n} ore", seat=seat, n=n)
    if flags["all_three"]:
        flags["produced"].append(kind)
        return
    d["phase"] = "trade" if kind == "trade" else "achievement"


def _trade(d: Data, seat: int, f: Faction, action: Action) -> None:
    """One trade at the mat's rates."""
    kind = action.get("what")
    if kind == "buy_population":
        rate = passive(d, seat, "trade_ore_for_population") or 3
        f["ore"] -= rate
        take_supply(f)
        f["pop"] += 1
        log(d, "{seat} trades {n} ore for a population", seat=seat, n=rate)
    elif kind == "retire":
        f["ore"] -= 1
        loc = str(action.get("at"))
        remove_ship(f, loc, int(str(action.get("level"))))
        f["pop"] += 1
        log(d, "{seat} pays {n} ore to retire a ship at {loc} into population", seat=seat, n=1, loc=place(d, loc))
        control.recompute(d, (loc,))
    else:
        f["pop"] -= 1
        return_supply(f)
        f["ore"] += 1
        log(d, "{seat} trades a population for {n} ore", seat=seat, n=1)


def _claim(d: Data, seat: int, ach: str) -> None:
    """Put an achievement disc on the leftmost free slot, then check the end trigger."""
    f = d["factions"][seat]
    for a in d["achievements"]:
        if a["id"] == ach:
            a["discs"].append({"seat": seat, "star": False})
    f["ach_used"] += 1
    log(d, "{seat} claims {card}", seat=seat, card=ach)
    _check_end(d)


def _replace_stars(d: Data, seat: int) -> None:
    """Giga-Corporations: a star disc becomes a real disc once its owner meets the achievement's condition.

    That counts as the turn's one achievement.
    """
    if d["turn_flags"].get("claimed"):
        return
    for a in d["achievements"]:
        rec = achievements()[a["id"]]
        for disc in a["discs"]:
            if disc["seat"] == seat and disc["star"] and counter(
                    d, seat, rec["condition"]["counter"]) >= rec["condition"]["at_least"]:
                disc["star"] = False
                d["turn_flags"]["claimed"] = True
                log(d, "{seat}'s star disc on {card} becomes a real disc", seat=seat, card=a["id"])
                _check_end(d)
                return


def _check_end(d: Data) -> None:
    """Start the end once enough real achievement discs are out: finish this round, then one more."""
    total = sum(1 for a in d["achievements"] for x in a["discs"] if not x["star"])
    if d["end_round"] is None and total >= END_TRIGGER[d["players"]]:
        d["end_round"] = d["round"] + 1
        log(d, "The end is triggered: this round and one more full round are left")


def _advance(d: Data) -> None:
    """Move the game on while nothing needs a choice: unlock powers, skip empty achievement phases."""
    for seat, pid in unlock_powers(d):
        log(d, "{seat} gains the power {n}", seat=seat, n=pid)
    while d["phase"] == "achievement" and not d["frames"]:
        seat = d["turn"]
        _replace_stars(d, seat)
        if claimable(d, seat) or ability_actions(d, seat):
            return  # a claim is due, or an anytime ability may still be used before the turn ends
        _end_turn(d)


def _end_turn(d: Data) -> None:
    """Pass the turn clockwise; a new round starts at the first player; the game ends after the last round."""
    nxt = (d["turn"] + 1) % d["players"]
    if nxt == d["first"]:
        if d["end_round"] is not None and d["round"] >= d["end_round"]:
            finish(d)
            return
        record_round(d)
        d["round"] += 1
        log(d, "Round {n} begins", n=d["round"])
        if d["end_round"] is None and d["round"] >= d["options"]["round_limit"]:
            d["end_round"] = d["round"]
            log(d, "Round limit: round {n} is the last round", n=d["round"])
    d["turn"] = nxt
    d["phase"] = "action"
    d["turn_flags"] = {"all_three": False, "produced": [], "used": {}}
    if stealth_colonizer(d, nxt):  # Stealth Terraformers: which systems were controlled when the turn began
        d["turn_flags"]["held"] = sorted(d["locs"][loc] for loc in d["control"] if d["locs"].get(loc))


def finish(d: Data) -> None:
    """End the game: Giga-Corporations' star discs are settled, then the state is final."""
    if d["options"]["star_discs_at_end"]:
        for a in d["achievements"]:
            for disc in a["discs"]:
                disc["star"] = False  # otherwise they stay, in their slots, and score nothing
    d["phase"] = "over"
    d["over"] = True
    record_round(d)
    log(d, "The game is over")


def record_round(d: Data) -> None:
    """Write each faction's VP at the end of the round (for the end-of-game chart): ``[round, [vp per seat]]``."""
    d["hist"].append([d["round"], [total(d, s) for s in range(d["players"])]])
