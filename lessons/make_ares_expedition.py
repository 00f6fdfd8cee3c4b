"""Build the Ares Expedition lessons (``web/lessons/ares-*.json``) from seeded games and small state edits.

Run from the repository root: ``python3 lessons/make_ares_expedition.py``.

The approach follows ``tests/fixtures/ares/make_positions.py``: seeded 2-player games are played by the greedy
bot with a seeded ``Rng`` (seat 0 takes a plain corporation; the phase cards of the lesson's round and the round
before are fixed per lesson) until the situation a lesson needs comes up, with seat 0 (the reader) to move. The
position is then edited where the lesson needs a sharp example (the hand, M€, heat, plants, a card on the table,
a parameter) and loaded back through ``state_from_json``, which refuses an impossible position. Each lesson
checks the facts its texts state (prices, playable cards, what Done needs) against the engine and tries the next
seed when they do not hold, so a rules change that breaks a text fails here rather than on the page. Every lesson
is finally played through by ``check_lesson``; the script exits with an error naming the problem if any fails.

Nothing here is random or depends on the clock: the same engine writes the same files.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyengine.bots import choose, make_bot  # noqa: E402  (the repository root is put on the path first)
from pyengine.core.api import Action, State  # noqa: E402
from pyengine.core.errors import EngineError  # noqa: E402
from pyengine.core.registry import load_game  # noqa: E402
from pyengine.core.rng import Rng  # noqa: E402
from pyengine.games.ares_expedition.cards import card  # noqa: E402
from pyengine.lessons import check_lesson, play_any  # noqa: E402

GAME_ID = "ares_expedition"
GAME = load_game(GAME_ID)
OUT = ROOT / "web" / "lessons"
SEEDS = range(1, 200)
MAX_MOVES = 3000
# Corporations with no effect on the cards these lessons use (no zone shift, no steel, no event or green discount).
PLAIN_CORPS = ("tharsis-republic", "saturn-systems", "phobolog", "teractor", "credicor", "thorgate")

Data = dict[str, Any]
Lesson = dict[str, Any]
Picks = dict[int, tuple[int, int]]  # round -> (seat 0's phase card, seat 1's phase card)


class Unfit(Exception):
    """The position of this seed does not hold what the lesson says; the next seed is tried."""


# --- playing seeded games ---------------------------------------------------------------------------------------

BOT = make_bot("greedy")


def raw(state: State) -> Data:
    """Return an Ares state's own JSON dict, for reading only (as ``make_positions.py`` reads ``state.d``)."""
    d: Data = state.d  # type: ignore[attr-defined]
    return d


def policy(state: State, seat: int, picks: Picks, rng: Rng) -> Action:
    """Return a seat's move: the greedy bot's, except a plain corporation and the listed rounds' phase cards."""
    d = raw(state)
    acts = state.legal_actions(seat)
    if acts and acts[0].kind == "corp":
        offered = {str(a.get("pick")): a for a in acts}
        return next((offered[c] for c in PLAIN_CORPS if c in offered), acts[0])
    want = picks.get(int(d["round"]))
    if want and acts and acts[0].kind == "phase":
        return next((a for a in acts if int(a.get("pick") or 0) == want[seat]), acts[0])
    return choose(BOT, state, seat, rng)


def reach(seed: int, picks: Picks, stop: Callable[[Data], bool]) -> State | None:
    """Play a seeded 2-player game until seat 0 is to move with no question pending and ``stop`` holds.

    Returns None when the game ends first or seat 0's corporation is not a plain one.
    """
    state = GAME.new_initial_state(seed=seed, players=2)
    rng = Rng(seed * 1_000_003 + 17)
    for _ in range(MAX_MOVES):
        if state.is_terminal():
            return None
        movers = sorted(state.to_move())
        d = raw(state)
        if 0 in movers and not d["p"][0]["frames"] and stop(d):
            return state if d["p"][0]["corp"] in PLAIN_CORPS else None
        seat = movers[0]
        state.apply(seat, policy(state, seat, picks, rng))
    return None


def in_phase(rnd: int, phase: int) -> Callable[[Data], bool]:
    """Return a stop test: this round's phase (1-5) is under way."""
    return lambda d: bool(d["round"] == rnd and d["stage"] == "phase" and d["phase"] == phase)


def hot_action_phase(d: Data) -> bool:
    """Return True in an action phase after the one that maxed the temperature, with oxygen not maxed."""
    return bool(d["stage"] == "phase" and d["phase"] == 3 and d["params"]["temperature"] == 19
                and d["max_key"]["temperature"] not in (None, d["phase_key"]) and d["params"]["oxygen"] < 14)


def planning(rnd: int) -> Callable[[Data], bool]:
    """Return a stop test: this round's planning, before seat 0 has picked."""
    return lambda d: bool(d["round"] == rnd and d["stage"] == "plan" and d["p"][0]["pick"] is None)


# --- editing a position -----------------------------------------------------------------------------------------

def edited(state: State, change: Callable[[Data], None]) -> State:
    """Return a copy of a state with its JSON changed, loaded (and so validated) again."""
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    try:
        return GAME.state_from_json(data)
    except EngineError as exc:
        raise Unfit(f"edited position refused: {exc}") from exc


def take(d: Data, cid: str) -> str:
    """Take a project card out of the deck, the discard pile or another hand (which gets the deck's top card)."""
    for pile in (d["deck"], d["discard"]):
        if cid in pile:
            pile.remove(cid)
            return cid
    for p in d["p"]:
        if cid in p["hand"]:
            p["hand"].remove(cid)
            p["hand"].append(d["deck"].pop())
            return cid
    raise Unfit(f"{cid} is already on a table")


def set_hand(d: Data, seat: int, cards: list[str]) -> None:
    """Give a seat exactly these hand cards; the cards it held besides go back under the deck."""
    p = d["p"][seat]
    old = list(p["hand"])
    p["hand"] = []
    new = [c if c in old else take(d, c) for c in cards]
    d["deck"][:0] = [c for c in old if c not in cards]
    p["hand"] = new


def add_to_table(d: Data, seat: int, cid: str) -> None:
    """Put a project card on a seat's table (as if played earlier; its steel is added by the caller)."""
    d["p"][seat]["table"].append(take(d, cid))


def steel_of(p: Data) -> int:
    """Return the steel a player's corporation and played cards give."""
    owned = ([p["corp"]] if p["corp"] else []) + list(p["table"])
    return sum(int(op["n"]) for c in owned for op in card(c).get("play", ()) if op["op"] == "steel")


# --- checking what the texts say --------------------------------------------------------------------------------

def legal(state: State) -> set[str]:
    """Return seat 0's legal moves as canonical texts (empty when seat 0 is not to move)."""
    return {str(a) for a in state.legal_actions(0)}


def hand_row(state: State, cid: str) -> Data:
    """Return seat 0's table-view row for a hand card (its price after discounts, whether it is playable)."""
    return next(r for r in state.view(0)["table"]["hand"] if r["id"] == cid)


def need(ok: bool, what: str) -> None:
    """Raise Unfit unless a fact the lesson's texts rely on holds."""
    if not ok:
        raise Unfit(what)


def after(state: State, moves: list[str]) -> State:
    """Return the position after these moves, each played by the lowest seat to move that may play it."""
    nxt = state.clone()
    try:
        for text in moves:
            play_any(nxt, GAME.parse_action(text))
    except EngineError as exc:
        raise Unfit(f"cannot play {moves}: {exc}") from exc
    return nxt


def lesson(lid: str, title: str, steps: list[Data]) -> Lesson:
    """Return a lesson file's content (format version 1, seat 0, hands of other seats hidden)."""
    return {"format": "star-table-lesson", "version": 1, "id": lid, "game": GAME_ID, "title": title, "seat": 0,
            "open": False, "steps": steps}


# --- the lessons ----------------------------------------------------------------------------------------------------

def requirements(seed: int) -> Lesson:
    """Requirements read at the start of the phase: a raise inside the phase changes nothing for that phase.

    Round 5, Construction (chosen by seat 0, so two blue or red plays), the temperature at -20 °C (purple).
    Seat 0 holds Lava Flows (+2 steps), Fish (red or warmer) and Extreme-Cold Fungus (purple or colder).
    """
    base = reach(seed, {4: (4, 4), 5: (2, 3)}, in_phase(5, 2))
    if base is None:
        raise Unfit("no round-5 Construction phase")

    def change(d: Data) -> None:
        """Set the temperature to -20 °C and give seat 0 the three cards and 30 M€."""
        d["params"]["temperature"] = d["snap"]["temperature"] = 5
        set_hand(d, 0, ["lava-flows", "fish", "extreme-cold-fungus"])
        d["p"][0]["mc"] = 30

    start = edited(base, change)
    play_lava, play_fungus = "play card=lava-flows", "play card=extreme-cold-fungus"
    moves = legal(start)
    need(play_lava in moves and play_fungus in moves and "play card=fish" not in moves, "step 1 plays")
    need(hand_row(start, "lava-flows")["cost"] == 17 and hand_row(start, "fish")["cost"] == 11, "step 1 prices")
    mid = after(start, [play_lava])
    moves = legal(mid)
    need(raw(mid)["params"]["temperature"] == 7, "Lava Flows raises to -16 °C")
    need(play_fungus in moves and "play card=fish" not in moves and raw(mid)["p"][0]["mc"] == 13,
         "step 2 plays")
    return lesson("ares-requirements", "Requirements are read when the phase begins", [
        {"pos": start.position_code(),
         "caption": "Construction phase, and you chose it: you may play two blue or red cards. Fish needs the "
                    "temperature red or warmer, but it is -20 °C, still purple. Lava Flows raises it 2 steps, "
                    "into the red zone. Play Lava Flows.",
         "highlight": ["hand-card-lava-flows", "hand-card-fish", "track-temperature"],
         "expect": [play_lava],
         "right": "The temperature is now -16 °C, in the red zone, and you gained 2 TR. You still have 13 M€, "
                  "enough for Fish. Now look at Fish again.",
         "wrong": "Not yet: the plan is to bring the temperature into the red zone for Fish, and Lava Flows is "
                  "the card that raises it. Play Lava Flows first."},
        {"continue": True,
         "caption": "Fish is still not playable: a requirement is checked against the parameters as they were "
                    "when the phase began, and then the temperature was purple (the card says so). The other "
                    "side of the rule: Extreme-Cold Fungus, purple or colder, can still be played. Use your "
                    "second play on it.",
         "highlight": ["hand-card-extreme-cold-fungus", "hand-card-fish", "track-temperature"],
         "expect": [play_fungus],
         "right": "Right: the marker stands in red, yet Extreme-Cold Fungus is played, because the phase began "
                  "with the temperature purple. For this whole phase the requirements see that start.",
         "wrong": "Requirements look at the parameters from the start of the phase, not at the track now. At "
                  "the start the temperature was purple, so a purple-or-colder card still fits.",
         "reading": {"text": "A requirement is read only at the start of the phase, so a raise later in the phase "
                             "cannot close a card, just as it cannot open one.",
                     "href": "learn/ares-expedition.html#reading-requirements"}},
        {"continue": True,
         "caption": "Every phase takes a fresh reading when it begins. From the next phase on the temperature "
                    "reads red: Fish can be played in a later Construction phase, Extreme-Cold Fungus no "
                    "longer. Oxygen zones and the number of oceans work the same way. Phases run in order, so a "
                    "raise in Development already counts for Construction in the same round."},
    ])


def steel(seed: int) -> Lesson:
    """Steel: a standing discount of 2 M€ per steel on every building card, never spent.

    Round 5, Development (chosen by seat 1) then Construction (chosen by seat 0). Seat 0 has Mine on its table
    (2 steel), 10 M€, and holds Coal Imports (building, 13), Trading Post (no tag, 11) and Power
    Infrastructure (blue, building, 4).
    """
    base = reach(seed, {4: (4, 4), 5: (2, 1)}, in_phase(5, 1))
    if base is None:
        raise Unfit("no round-5 Development phase")

    def change(d: Data) -> None:
        """Put Mine on seat 0's table, give it the three cards and 10 M€."""
        p = d["p"][0]
        add_to_table(d, 0, "mine")
        p["steel"] = steel_of(p)
        set_hand(d, 0, ["coal-imports", "trading-post", "power-infrastructure"])
        p["mc"] = 10

    start = edited(base, change)
    play_coal, play_power = "play card=coal-imports", "play card=power-infrastructure"
    need(raw(start)["p"][0]["steel"] == 2, "exactly 2 steel")
    moves = legal(start)
    need(play_coal in moves and "play card=trading-post" not in moves, "step 1 plays")
    need(hand_row(start, "coal-imports")["cost"] == 9 and hand_row(start, "trading-post")["cost"] == 11,
         "step 1 prices")
    then = ["done", "done"]
    mid = after(start, [play_coal, *then])
    d = raw(mid)
    need(d["phase"] == 2 and d["p"][0]["mc"] == 1 and d["p"][0]["steel"] == 2, "phase II with 1 M€, 2 steel")
    need(play_power in legal(mid) and hand_row(mid, "power-infrastructure")["cost"] == 0, "step 2 price")
    return lesson("ares-steel", "Steel pays for building cards, again and again", [
        {"pos": start.position_code(),
         "caption": "You have 10 M€ and 2 steel (from Mine). Each steel takes 2 M€ off a card with a building "
                    "tag. Which of your green cards can you afford? Play it.",
         "highlight": ["hand-card-coal-imports", "hand-card-trading-post", "tableau-card-mine"],
         "expect": [play_coal],
         "right": "Coal Imports is printed at 13 M€, but its building tag lets your 2 steel take 4 M€ off: you "
                  "pay 9. There is nothing to choose when you pay: the discount is applied by itself.",
         "wrong": "Trading Post has no building tag, so steel does not help it: 11 M€ is more than you have. "
                  "Look for the card with a building tag.",
         "then": then},
        {"continue": True,
         "caption": "Now it is the Construction phase, and you have 1 M€ left. Your steel did not go away when "
                    "you paid: in Ares Expedition steel is a lasting discount, not a stock you spend. Play Power "
                    "Infrastructure.",
         "highlight": ["hand-card-power-infrastructure"],
         "expect": [play_power],
         "right": "Power Infrastructure costs 4 M€, and 2 steel take off 4: it is free. A cost never drops "
                  "below 0, and steel left over on one card is not saved for another.",
         "wrong": "Power Infrastructure has a building tag, and your 2 steel still count in full: check its "
                  "price.",
         "reading": {"text": "When the discounts come to more than the price, the card is free and the rest of "
                             "the discount is lost, not saved for another card.",
                     "href": "learn/ares-expedition.html#reading-cost-floor"}},
        {"continue": True,
         "caption": "Every card that gives steel raises your discount for the rest of the game. Titanium works "
                    "the same way on space tags, at 3 M€ each. Neither pays for cards without the matching "
                    "tag, nor for standard actions."},
    ])


def forced_conversion(seed: int) -> Lesson:
    """The end of the action phase: heat and plants that can be converted must be, unless that track is maxed.

    Round 5, Action (chosen by seat 1). Seat 0 has 9 plants and 11 heat and no card actions. A second
    position, later in the same game with the temperature maxed in an earlier round, has 12 heat: Done is offered.
    """
    picks: Picks = {4: (4, 4), 5: (2, 3)}
    base, later = reach(seed, picks, in_phase(5, 3)), reach(seed, picks, hot_action_phase)
    if base is None or later is None:
        raise Unfit("no round-5 Action phase, or none later with the temperature maxed before it")
    maxed_in = int(raw(later)["max_key"]["temperature"].split(".")[0])

    def change(d: Data) -> None:
        """Give seat 0 11 heat and 9 plants, with temperature and oxygen well below their maximum."""
        d["params"]["temperature"] = d["snap"]["temperature"] = min(d["params"]["temperature"], 10)
        d["params"]["oxygen"] = d["snap"]["oxygen"] = min(d["params"]["oxygen"], 6)
        d["p"][0]["heat"], d["p"][0]["plants"] = 11, 9

    def maxed(d: Data) -> None:
        """Give seat 0 12 heat and 3 plants."""
        d["p"][0]["heat"], d["p"][0]["plants"] = 12, 3

    start = edited(base, change)
    forest, heat, done = "std what=plant_forest", "std what=heat_temp", "done"
    moves = legal(start)
    need(forest in moves and heat in moves and done not in moves, "step 1: both conversions, no Done")
    need(not any(m.startswith("act ") for m in moves), "no card actions to distract")
    one = after(start, [forest])
    need(heat in legal(one) and done not in legal(one), "step 2: heat left to convert")
    need(raw(one)["p"][0]["plants"] == 1, "8 plants for a forest")
    two = after(one, [heat])
    need(done in legal(two) and raw(two)["p"][0]["heat"] == 3, "step 3: Done is back")
    hot = edited(later, maxed)
    need(done in legal(hot) and heat not in legal(hot), "temperature maxed: Done, no heat conversion")
    return lesson("ares-forced-conversion", "Convert before the action phase ends", [
        {"pos": start.position_code(),
         "caption": "Action phase. You hold 9 plants and 11 heat, and there is no Done button: a player who can "
                    "turn plants into a forest or heat into temperature must do so before ending the phase. "
                    "Start with a forest.",
         "highlight": ["forced-conversion", "std-plant_forest"],
         "expect": [forest],
         "right": "8 plants became a forest: 1 VP, oxygen one step up and 1 TR for you.",
         "wrong": "Done stays away while you have 8 plants or 8 heat you could convert. In a game either "
                  "conversion may come first; in this lesson, start with the forest."},
        {"continue": True,
         "caption": "Done is still missing: 11 heat is enough to raise the temperature. Convert it.",
         "highlight": ["forced-conversion", "std-heat_temp"],
         "expect": [heat],
         "right": "8 heat raised the temperature one step and gave you 1 TR. 3 heat is too little for another "
                  "step, so it stays with you.",
         "wrong": "The heat must be converted too: 8 heat raises the temperature one step."},
        {"continue": True,
         "caption": "With 1 plant and 3 heat nothing more can be converted, so Done is back. End your part of "
                    "the phase.",
         "expect": [done],
         "right": "This check happens only at the end of the action phase. In other phases, or in a round "
                  "without an action phase, heat and plants simply pile up.",
         "wrong": "Nothing is forced any more; you are free to end the phase now."},
        {"pos": hot.position_code(),
         "caption": f"Later in the same game: the temperature reached +8 °C in round {maxed_in}. You hold 12 "
                    "heat, yet Done is offered: a track already at its maximum forces nothing. End the phase.",
         "highlight": ["track-temperature"],
         "expect": [done],
         "right": "Heat you cannot use for temperature stays in stock, and it still counts in a tie-break. "
                  "Plants work the same way once oxygen is at 14%.",
         "wrong": "With the temperature at its maximum, heat is no longer forced into it. You may end the "
                  "phase.",
         "reading": {"text": "A track counts as at its maximum from the moment it gets there, even if it filled up "
                             "earlier in the same action phase.",
                     "href": "learn/ares-expedition.html#reading-forced-conversion"}},
    ])


def phase_bonus(seed: int) -> Lesson:
    """Phase bonuses: only the player who chose a phase card gets its bonus (here Development's 3 M€ off).

    Round 5 planning, seat 0 (last round: Production) with 12 M€ and Heather (green, 14) in hand; seat 1 then
    picks Production.
    """
    base = reach(seed, {4: (4, 3)}, planning(5))
    if base is None:
        raise Unfit("no round-5 planning")

    def change(d: Data) -> None:
        """Give seat 0 Heather, Birds and 12 M€."""
        set_hand(d, 0, ["heather", "birds"])
        d["p"][0]["mc"] = 12

    start = edited(base, change)
    pick_dev, pick_prod, play = "phase pick=1", "phase pick=4", "play card=heather"
    need(pick_dev in legal(start) and hand_row(start, "heather")["cost"] == 14, "step 1: Heather at 14")
    then = [pick_prod]
    mid = after(start, [pick_dev, *then])
    d = raw(mid)
    need(d["stage"] == "phase" and d["phase"] == 1 and d["phases"] == [4], "phase I, then production")
    need(play in legal(mid) and hand_row(mid, "heather")["cost"] == 11, "step 2: Heather at 11")
    return lesson("ares-phase-bonus", "The phase you choose gives you its bonus", [
        {"pos": start.position_code(),
         "caption": "Planning. You want to play Heather this round: it costs 14 M€ and you have 12. Each phase "
                    "card gives a bonus to the player who chose it. Pick the phase that makes Heather "
                    "affordable.",
         "highlight": ["phase-card-1", "hand-card-heather"],
         "expect": [pick_dev],
         "right": "Development: its chooser pays 3 M€ less for the green card they play in phase I. Your "
                  "opponent picks Production.",
         "wrong": "Heather is a green card, and green cards are played in Development. Its chooser also gets "
                  "3 M€ off that card.",
         "then": then},
        {"continue": True,
         "caption": "The cards are revealed: Development and Production run this round. Heather now shows "
                    "11 M€, because Development was your pick. Play it.",
         "highlight": ["hand-card-heather", "phase-card-1"],
         "expect": [play],
         "right": "11 M€ paid. The other player may also play a green card in this phase, but at full price: "
                  "the bonus belongs to the chooser alone.",
         "wrong": "Heather costs 11 M€ for you now, within your 12 M€: play it."},
        {"continue": True,
         "caption": "Everyone takes part in every phase that was picked; only the chooser gets the bonus. "
                    "Construction: one more blue or red card, or draw a card. Action: one card action a second "
                    "time. Production: 4 M€ more (the other player gets that this round). Research: draw 5 and "
                    "keep 2 instead of 2 and 1."},
    ])


BUILDERS: dict[str, Callable[[int], Lesson]] = {
    "ares-requirements": requirements, "ares-steel": steel, "ares-forced-conversion": forced_conversion,
    "ares-phase-bonus": phase_bonus}


def build(lid: str) -> tuple[int, Lesson]:
    """Return (seed, lesson) for the first seed whose position holds what the lesson says."""
    reasons: list[str] = []
    for seed in SEEDS:
        try:
            return seed, BUILDERS[lid](seed)
        except Unfit as exc:
            reasons.append(f"seed {seed}: {exc}")
    raise SystemExit(f"{lid}: no seed fits; last reasons: {reasons[-3:]}")


def main() -> int:
    """Build, check and write every lesson; return 1 (after writing nothing more) if one has a problem."""
    OUT.mkdir(parents=True, exist_ok=True)
    for lid in BUILDERS:
        seed, content = build(lid)
        problems = check_lesson(content)
        if problems:
            print(f"{lid}: seed {seed}: PROBLEMS", *problems, sep="\n  ")
            return 1
        path = OUT / f"{lid}.json"
        path.write_text(json.dumps(content, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{lid}: seed {seed}, {len(content['steps'])} steps -> {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
