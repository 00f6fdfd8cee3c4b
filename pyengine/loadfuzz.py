"""The load fuzzer: real states and saves, corrupted by seeded mutations, must be refused or be playable
(``python -m pyengine fuzz-load GAME --mutations N --seed S``).

Seeded random games at several player counts and option sets give real positions (``state.to_json()``) and real
saves (``Match.to_save()``). Each mutation changes one of them: a key deleted or added, a value of another type, a
card copied into a second place or renamed, list items swapped or dropped, the format changed, a count made
negative, a seat out of range; for saves also the log, seats, seed, options and snapshot. Loading the result must
either raise an EngineError, or give a state whose invariants hold and on which the read API and every legal action
(on a clone) raise nothing. Anything else is a problem. Mutation ``i`` of a run depends only on the seed and ``i``,
so ``--start i --mutations 1`` reproduces it.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .core.api import JSON, Game, OptionValue, State
from .core.dictstate import copy_json
from .core.errors import BadOptionsError, EngineError
from .core.match import Match, state_digest
from .core.registry import load_game
from .core.rng import Rng

Node = tuple[Any, Any]  # (container, key or index) of one value inside the JSON tree
Mutation = Callable[[Any, Rng, int], str | None]  # changes a state or save in place; says how, or None for no change
MAX_PLAY = 3000  # actions at most in one sample game (every game here ends far sooner)


@dataclass
class Sample:
    """One real position to corrupt: a state's JSON or a save file, with where it came from."""

    kind: str  # "state" or "save"
    data: JSON
    players: int
    label: str


@dataclass
class LoadFuzzReport:
    """What a load-fuzz run did: mutations tried, refusals by error code, acceptances, and one problem line per
    mutation that went wrong."""

    mutations: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    accepted: int = 0
    problems: list[str] = field(default_factory=list)


# --- real positions -------------------------------------------------------------------------------------------------
def option_sets(game: Game, players: int) -> list[dict[str, OptionValue]]:
    """Return the option sets to sample at a player count: the defaults, and every option moved off its default
    (the first other choice, the other boolean, the smallest integer) as far as the game accepts them together."""
    flipped: dict[str, OptionValue] = {}
    for spec in game.info.options:
        if not spec.applies_to(players):
            continue
        value: OptionValue | None = None
        if spec.type == "bool":
            value = not spec.default
        elif spec.type == "choice":
            value = next((c for c in spec.choices if c != spec.default), None)
        elif spec.type == "int" and spec.minimum is not None:
            value = spec.minimum
        if value is None or value == spec.default:
            continue
        try:
            game.new_initial_state(seed=1, players=players, options={**flipped, spec.name: value})
        except BadOptionsError:
            continue
        flipped[spec.name] = value
    return [{}, flipped] if flipped else [{}]


def collect_samples(game_id: str, seed: int, games_per_config: int, states_per_game: int = 12,
                    saves_per_game: int = 3, save_depth: int = 150) -> list[Sample]:
    """Play seeded random games at every player count and option set; return positions and saves taken on the way.

    States are taken at random decision points (the final position included); saves at random points among the
    first ``save_depth`` actions, since loading a save replays its whole log.
    """
    game = load_game(game_id)
    out: list[Sample] = []
    for players in range(game.info.min_players, game.info.max_players + 1):
        for c, opts in enumerate(option_sets(game, players)):
            for g in range(games_per_config):
                s = seed * 1_000_003 + players * 1_009 + c * 101 + g
                out += _play_sample_game(game_id, s, players, opts, states_per_game, saves_per_game, save_depth)
    return out


def _play_sample_game(game_id: str, seed: int, players: int, opts: dict[str, OptionValue], states: int, saves: int,
                      save_depth: int) -> list[Sample]:
    """Play one random game and return the positions and saves sampled from it."""
    match = Match.new(game_id, seed=seed, players=players, options=opts)
    rng = Rng(seed ^ 0x10AD)
    label = f"{game_id} {players}p seed {seed} options {opts}"
    history: list[JSON] = [match.state.to_json()]
    save_at = sorted({rng.randbelow(save_depth + 1) for _ in range(saves)})
    out: list[Sample] = []
    n = 0
    while not match.state.is_terminal() and n < MAX_PLAY:
        if save_at and n == save_at[0]:
            out.append(Sample("save", match.to_save(snapshot=rng.randbelow(4) != 0), players, f"{label} save@{n}"))
            save_at.pop(0)
        seat = sorted(match.state.to_move())[rng.randbelow(len(match.state.to_move()))]
        legal = match.state.legal_actions(seat)
        match.apply(seat, legal[rng.randbelow(len(legal))])
        n += 1
        history.append(match.state.to_json())
    picks = sorted({rng.randbelow(len(history)) for _ in range(states - 1)} | {len(history) - 1})
    out += [Sample("state", history[i], players, f"{label} state@{i}") for i in picks]
    if save_at:
        out.append(Sample("save", match.to_save(), players, f"{label} save@{n} (the end)"))
    return out


# --- walking the JSON tree ------------------------------------------------------------------------------------------
def _children(value: Any) -> list[Node]:
    """Return (container, key) for every direct child of a dict or list."""
    if isinstance(value, dict):
        return [(value, k) for k in value]
    if isinstance(value, list):
        return [(value, i) for i in range(len(value))]
    return []


def pick_node(root: Any, rng: Rng, accept: Callable[[Any], bool], skip_top: tuple[str, ...] = ()) -> Node | None:
    """Return a random (container, key) whose value passes ``accept``, found by a random walk down from the root.

    The walk picks a random child at each level and stops at random, so every field (not only the long lists)
    is often reached; up to 40 walks are tried.
    """
    for _ in range(40):
        found: list[Node] = []
        node = _children(root)
        node = [n for n in node if not (n[0] is root and n[1] in skip_top)]
        depth = 0
        while node:
            container, key = node[rng.randbelow(len(node))]
            if accept(container[key]):
                found.append((container, key))
            depth += 1
            if depth > 2 and rng.randbelow(3) == 0:
                break
            node = _children(container[key])
        if found:
            return found[rng.randbelow(len(found))]
    return None


def _is_int(v: Any) -> bool:
    """Return True for an integer that is not a boolean."""
    return v.__class__ is int


def _is_str(v: Any) -> bool:
    """Return True for a string."""
    return v.__class__ is str


def _any(v: Any) -> bool:
    """Accept every value."""
    return True


def _str_list(v: Any) -> bool:
    """Return True for a non-empty list of strings (a zone of cards, most often)."""
    return v.__class__ is list and bool(v) and all(x.__class__ is str for x in v)


def _nested(depth: int) -> Any:
    """Return a list nested ``depth`` levels deep."""
    out: Any = [0]
    for _ in range(depth):
        out = [out]
    return out


# --- mutations ------------------------------------------------------------------------------------------------------
def _m_delete_key(d: Any, rng: Rng, players: int) -> str | None:
    """Delete one key of some object."""
    node = pick_node(d, rng, lambda v: isinstance(v, dict) and bool(v))
    if node is None:
        return None
    obj = node[0][node[1]]
    key = list(obj)[rng.randbelow(len(obj))]
    del obj[key]
    return f"deleted key {key!r} under {node[1]!r}"


def _m_delete_top(d: Any, rng: Rng, players: int) -> str | None:
    """Delete one top-level field."""
    keys = list(d)
    key = keys[rng.randbelow(len(keys))]
    del d[key]
    return f"deleted top-level field {key!r}"


def _m_add_key(d: Any, rng: Rng, players: int) -> str | None:
    """Add an unknown key to some object."""
    node = pick_node(d, rng, lambda v: isinstance(v, dict))
    target = d if node is None or rng.randbelow(4) == 0 else node[0][node[1]]
    target["zz_unknown"] = rng.choice([1, "x", None, [], {}])
    return "added key 'zz_unknown'"


BAD_VALUES: list[tuple[str, Callable[[Any], Any]]] = [
    ("a string", lambda v: str(v)), ("an object", lambda v: {"v": v}), ("null", lambda v: None),
    ("true", lambda v: True), ("false", lambda v: False), ("1.5", lambda v: 1.5), ("10**30", lambda v: 10**30),
    ("-1", lambda v: -1), ("a list nested 60 deep", lambda v: _nested(60)), ("[]", lambda v: []),
    ("{}", lambda v: {}), ("''", lambda v: ""), ("0", lambda v: 0), ("a list of it", lambda v: [v]),
]


def _m_retype(d: Any, rng: Rng, players: int) -> str | None:
    """Replace some value by a value of another type (or an extreme one)."""
    node = pick_node(d, rng, _any, skip_top=("format",))
    if node is None:
        return None
    name, make = BAD_VALUES[rng.randbelow(len(BAD_VALUES))]
    old = node[0][node[1]]
    node[0][node[1]] = make(old)
    return f"replaced {_show(old)} at key {node[1]!r} by {name}"


def _replacing(accept: Callable[[Any], bool], make: Callable[[Any, Rng, int], Any],
               report: Callable[[Any, Any, Any], str], skip_top: tuple[str, ...] = ()) -> Mutation:
    """Return a mutation that replaces one value ``accept`` takes (found by ``pick_node``) by ``make(old, rng,
    players)`` and says so with ``report(key, old, new)``; it changes nothing when no value qualifies."""

    def mutate(d: Any, rng: Rng, players: int) -> str | None:
        """Replace the value, or change nothing when none qualifies; say what changed."""
        node = pick_node(d, rng, accept, skip_top)
        if node is None:
            return None
        container, key = node
        old = container[key]
        container[key] = make(old, rng, players)
        return report(key, old, container[key])

    return mutate


_m_int_to_str = _replacing(_is_int, lambda old, rng, _: str(old) if rng.randbelow(2) else bool(old),
                           lambda key, old, new: f"retyped the integer {old} at key {key!r} as {_show(new)}")
"""Turn an integer into its text, or a boolean where an integer was."""
_m_list_to_dict = _replacing(lambda v: isinstance(v, list), lambda old, _, __: {str(i): v for i, v in enumerate(old)},
                             lambda key, _, __: f"turned the list at key {key!r} into an object")
"""Turn a list into an object keyed by index."""
_m_negative = _replacing(_is_int, lambda old, rng, _: -abs(old) - 1 - rng.randbelow(3),
                         lambda key, old, new: f"made {old} at key {key!r} negative ({new})")
"""Make a count negative."""
_m_seat = _replacing(lambda v: _is_int(v) and 0 <= v < 8,
                     lambda _, rng, players: rng.choice([players, players + 1, 99, -1]),
                     lambda key, old, new: f"changed the small integer {old} at key {key!r} to {new}")
"""Put an out-of-range seat (or index) where a small integer was."""
_m_nudge = _replacing(_is_int, lambda old, rng, _: old + rng.choice([-1, 1, 2, 7]),
                      lambda key, old, new: f"changed {old} at key {key!r} to {new}")
"""Add or take one from an integer (a plausible corruption)."""
_m_bool = _replacing(lambda v: v is True or v is False, lambda old, _, __: not old,
                     lambda key, _, __: f"flipped the boolean at key {key!r}")
"""Flip a boolean."""
_m_unknown_id = _replacing(_is_str, lambda old, rng, _: rng.choice(["foo-9", f"{old}x", "", "zz", old.upper() + "-0"]),
                           lambda key, old, new: f"renamed {_show(old)} at key {key!r} to {new!r}",
                           skip_top=("format",))
"""Replace a string by an unknown id."""


def _m_duplicate(d: Any, rng: Rng, players: int) -> str | None:
    """Copy a string (a card id, most often) from one list into another list (or the same one)."""
    src = pick_node(d, rng, _str_list)
    dst = pick_node(d, rng, _str_list)
    if src is None or dst is None:
        return None
    items = src[0][src[1]]
    item = items[rng.randbelow(len(items))]
    target = dst[0][dst[1]]
    if rng.randbelow(2):
        target.append(item)
    else:
        target[rng.randbelow(len(target))] = item
    return f"copied {item!r} from the list at key {src[1]!r} into the list at key {dst[1]!r}"


def _m_move(d: Any, rng: Rng, players: int) -> str | None:
    """Move a string (a card id, most often) from one list to another."""
    src = pick_node(d, rng, _str_list)
    dst = pick_node(d, rng, lambda v: isinstance(v, list))
    if src is None or dst is None:
        return None
    items = src[0][src[1]]
    item = items.pop(rng.randbelow(len(items)))
    dst[0][dst[1]].append(item)
    return f"moved {item!r} from the list at key {src[1]!r} to the list at key {dst[1]!r}"


def _m_swap(d: Any, rng: Rng, players: int) -> str | None:
    """Swap two items of a list."""
    node = pick_node(d, rng, lambda v: isinstance(v, list) and len(v) >= 2)
    if node is None:
        return None
    items = node[0][node[1]]
    i, j = rng.randbelow(len(items)), rng.randbelow(len(items))
    items[i], items[j] = items[j], items[i]
    return f"swapped items {i} and {j} of the list at key {node[1]!r}"


def _m_truncate(d: Any, rng: Rng, players: int) -> str | None:
    """Drop one item of a list, or all of them."""
    node = pick_node(d, rng, lambda v: isinstance(v, list) and bool(v))
    if node is None:
        return None
    items = node[0][node[1]]
    if rng.randbelow(3) == 0:
        items.clear()
        return f"emptied the list at key {node[1]!r}"
    del items[rng.randbelow(len(items))]
    return f"dropped one item of the list at key {node[1]!r}"


def _m_format(d: Any, rng: Rng, players: int) -> str | None:
    """Change the format field."""
    old = d.get("format")
    d["format"] = rng.choice([None, 2, "", "other.state/1", f"{old}x", str(old).replace("/1", "/2")])
    return f"changed the format {old!r} to {d['format']!r}"


STATE_MUTATIONS: list[Mutation] = [
    _m_delete_key, _m_delete_top, _m_add_key, _m_retype, _m_int_to_str, _m_list_to_dict, _m_negative, _m_seat,
    _m_nudge, _m_bool, _m_duplicate, _m_move, _m_unknown_id, _m_swap, _m_truncate, _m_format,
]


def _save_log(d: Any, rng: Rng, players: int) -> str | None:
    """Corrupt the log: drop, repeat or swap an entry, or change its seat or action."""
    log = d["log"]
    if not log:
        log.append({"p": 0, "a": "pass"})
        return "added an entry to an empty log"
    i = rng.randbelow(len(log))
    how = rng.randbelow(7)
    if how == 0:
        del log[i]
        return f"dropped log entry {i}"
    if how == 1:
        log.insert(i, copy_json(log[i]))
        return f"repeated log entry {i}"
    if how == 2:
        j = rng.randbelow(len(log))
        log[i], log[j] = log[j], log[i]
        return f"swapped log entries {i} and {j}"
    if how == 3:
        log[i]["p"] = rng.choice([players, -1, "0", True, None, 10**30])
        return f"set the seat of log entry {i} to {log[i]['p']!r}"
    if how == 4:
        log[i]["a"] = rng.choice(["", "pass", "play card=foo-9", 7, None, "x " * 50, log[i]["a"] + " zz=1"])
        return f"set the action of log entry {i} to {_show(log[i]['a'])}"
    if how == 5:
        log[i] = rng.choice([None, [], "p", {"p": 0}])
        return f"replaced log entry {i} by {log[i]!r}"
    d["log"] = {"0": log[0]}
    return "turned the log into an object"


def _save_field(d: Any, rng: Rng, players: int) -> str | None:
    """Corrupt a top-level field of a save: seats, seed, options, players, versions, game, snapshot position."""
    key = rng.choice(["seats", "seed", "options", "players", "format_version", "game", "rules_version", "format",
                      "engine_version"])
    old = d.get(key)
    if key == "seats":
        seats = d["seats"]
        how = rng.randbelow(4)
        if how == 0 and seats:
            seats[rng.randbelow(len(seats))]["kind"] = rng.choice(["robot", None, 3])
        elif how == 1 and seats:
            seats[rng.randbelow(len(seats))]["name"] = rng.choice([None, 5, ["x"]])
        elif how == 2 and seats:
            seats.pop()
        else:
            d["seats"] = rng.choice([None, "x", {}, [None]])
        return f"corrupted seats: {_show(d.get('seats'))}"
    if key == "options":
        opts = d["options"]
        how = rng.randbelow(3)
        if how == 0:
            opts["zz_unknown"] = True
        elif how == 1 and opts:
            name = list(opts)[rng.randbelow(len(opts))]
            opts[name] = rng.choice(["x", 10**30, -1, None, [], 1.5, True])
        else:
            d["options"] = rng.choice([None, [], "x"])
        return f"corrupted options: {_show(d.get('options'))}"
    d[key] = rng.choice([None, -1, 10**30, "x", 1.5, True, [], players + 3, 2, 0])
    return f"changed {key} from {_show(old)} to {_show(d[key])}"


def _save_snapshot(d: Any, rng: Rng, players: int) -> str | None:
    """Corrupt the snapshot: its position, its checksum, or its state (checksum recomputed half of the time)."""
    snap = d.get("snapshot")
    if not isinstance(snap, dict):
        d["snapshot"] = {"at": 0, "state": {}, "sha256": ""}
        return "added a bogus snapshot"
    how = rng.randbelow(4)
    if how == 0:
        snap["at"] = rng.choice([-1, snap["at"] + 1, snap["at"] - 1, "0", None, 10**30])
        return f"set the snapshot position to {snap['at']!r}"
    if how == 1:
        snap["sha256"] = rng.choice(["", "0" * 64, None])
        return "broke the snapshot checksum"
    desc = STATE_MUTATIONS[rng.randbelow(len(STATE_MUTATIONS))](snap["state"], rng, players)
    if how == 2:
        with contextlib.suppress(TypeError, ValueError):
            snap["sha256"] = state_digest(snap["state"])
        return f"snapshot state, checksum recomputed: {desc}"
    return f"snapshot state: {desc}"


def _save_state_mutation(d: Any, rng: Rng, players: int) -> str | None:
    """Apply one of the generic mutations anywhere in the save file."""
    return STATE_MUTATIONS[rng.randbelow(len(STATE_MUTATIONS))](d, rng, players)


SAVE_MUTATIONS: list[Mutation] = [
    _save_log, _save_log, _save_field, _save_field, _save_snapshot, _save_state_mutation,
]


def _show(value: Any) -> str:
    """Return a short text of a value for a mutation's description."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def mutate(sample: Sample, rng: Rng) -> tuple[JSON, str]:
    """Return a corrupted copy of a sample and what was done to it."""
    table = STATE_MUTATIONS if sample.kind == "state" else SAVE_MUTATIONS
    for _ in range(20):
        data = copy_json(sample.data)
        desc = table[rng.randbelow(len(table))](data, rng, sample.players)
        if desc is not None:
            return data, desc
    return copy_json(sample.data), "no change"


# --- judging the result ---------------------------------------------------------------------------------------------
def check_playable(state: State, players: int) -> list[str]:
    """Return what goes wrong on an accepted state: broken invariants, a failing read, a legal action refused."""
    problems = [f"invariant: {p}" for p in state.game.invariants(state)]
    movers = state.to_move()
    for seat in range(players):
        state.view(seat)
    state.view(None)
    state.outcome()
    state.messages()
    if not state.is_terminal() and not movers:
        problems.append("not over, but nobody is to move")
    again = state.game.state_from_json(state.to_json())
    if not again.equals_json(state.to_json()):
        problems.append("to_json of the accepted state does not load back equal")
    for seat in sorted(movers):
        legal = state.legal_actions(seat)
        if not legal:
            problems.append(f"seat {seat} is to move but has no legal action")
        state.decision_prompt(seat)
        for a in legal:
            state.describe(seat, a)
            c = state.clone()
            try:
                c.apply(seat, a)
            except EngineError as exc:
                problems.append(f"legal action {a} of seat {seat} was refused: {exc}")
                continue
            problems += [f"after {a} of seat {seat}: invariant: {p}" for p in c.game.invariants(c)]
    return problems


def judge(game: Game, sample: Sample, data: JSON, report: LoadFuzzReport) -> list[str]:
    """Load one corrupted sample; count a refusal by its code, or check the accepted position; return problems."""
    try:
        state = Match.from_save(data).state if sample.kind == "save" else game.state_from_json(data)
    except EngineError as exc:
        report.rejected[exc.code] += 1
        return []
    except Exception as exc:  # a raw error on load is exactly what this fuzzer looks for
        return [f"load raised {type(exc).__name__}: {str(exc)[:300]}"]
    report.accepted += 1
    try:
        return check_playable(state, sample.players)
    except Exception as exc:  # an accepted position that fails to play
        return [f"the accepted position failed: {type(exc).__name__}: {str(exc)[:300]}"]


def fuzz_load(game_id: str, mutations: int, seed: int = 1, start: int = 0, games_per_config: int = 2,
              save_depth: int = 150, max_problems: int = 50) -> LoadFuzzReport:
    """Corrupt real states and saves of a game ``mutations`` times and judge every load.

    Mutation ``i`` (``start <= i < start + mutations``) depends only on ``seed``, ``i``, ``games_per_config`` and
    ``save_depth`` (which fix the sampled positions).
    """
    game = load_game(game_id)
    samples = collect_samples(game_id, seed, games_per_config, save_depth=save_depth)
    report = LoadFuzzReport()
    for i in range(start, start + mutations):
        rng = Rng((seed * 0x9E3779B1 + i * 0x85EBCA77) ^ 0x5EED)
        sample = samples[rng.randbelow(len(samples))]
        data, desc = mutate(sample, rng)
        report.mutations += 1
        found = judge(game, sample, data, report)
        if found:
            more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
            report.problems.append(
                f"mutation {i} ({sample.label}; {sample.kind}: {desc}): {found[0]}{more}  [reproduce: python -m "
                f"pyengine fuzz-load {game_id} --seed {seed} --games {games_per_config} --save-depth {save_depth} "
                f"--start {i} --mutations 1]")
        if len(report.problems) >= max_problems:
            break
    return report
