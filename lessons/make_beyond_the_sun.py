"""Write the Beyond the Sun lessons (``web/lessons/bts-*.json``) from positions found in seeded games.

Run from the repository root: ``python3 lessons/make_beyond_the_sun.py``.

Every lesson position is searched the way the browser fixtures are (``tests/fixtures/bts/make_positions.py``,
whose situation checks are reused here): a seeded 2-player game in which seat 1 is the greedy bot and seat 0 (the
reader) is the greedy or the random bot, each choosing with the project's seeded ``Rng``. The first position where
seat 0 is to move and the lesson's situation holds is taken, and its position code goes into the lesson. The lesson
texts below name the cards, spaces and numbers of those positions, so each position is also checked against the
facts its texts state (``FACTS``); if a rules change moves a position, the script stops and names the fact that no
longer holds instead of writing a lesson that says something false. Finally every lesson is played through the
engine by ``pyengine.lessons.check_lesson``. The same engine gives the same files on every run.

Rules 2026.12.1 (the real level-III deck, and bots that value its cards) changed the seeded games this script plays,
so its seeds need a new scan before it can write the lessons again. The shipped lessons were carried over instead:
each position was read with the 2026.12 engine and written again as a 2026.12.1 code with the deck it was dealt
(option tech_deck "stand_ins_2026"), so every lesson shows the very position it was written for. Rules 2026.12.2
(one question per "every faction may" event) carried them over again: each code read under 2026.12.1 and written for
2026.12.2, the same position.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyengine.bots import choose, make_bot  # noqa: E402  (the repository root is put on the path first)
from pyengine.core.api import Action, State  # noqa: E402
from pyengine.core.match import Match  # noqa: E402
from pyengine.core.registry import load_game  # noqa: E402
from pyengine.core.rng import Rng  # noqa: E402
from pyengine.games.beyond_the_sun.messages import CARD_NAMES  # noqa: E402
from pyengine.games.beyond_the_sun.research import candidate_types  # noqa: E402
from pyengine.games.beyond_the_sun.rules import claimable, space_info  # noqa: E402
from pyengine.games.beyond_the_sun.steps import colonizable  # noqa: E402
from pyengine.lessons import check_lesson, play_any  # noqa: E402

GAME = "beyond_the_sun"
PLAYERS = 2
OUT = ROOT / "web" / "lessons"
MAX_STEPS = 3000

Data = dict[str, Any]
Lesson = dict[str, Any]


def _load_positions() -> ModuleType:
    """Import the browser fixtures' situation searcher (a script, not a package) as a module."""
    path = ROOT / "tests" / "fixtures" / "bts" / "make_positions.py"
    spec = importlib.util.spec_from_file_location("bts_make_positions", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


POSITIONS = _load_positions()


# --- situations ---------------------------------------------------------------------------------------------------
def _data(state: State) -> Data:
    """Return a Beyond the Sun state's data dict."""
    d: Data = state.d  # type: ignore[attr-defined]
    return d


def _legal(state: State) -> set[str]:
    """Return seat 0's legal actions as canonical texts."""
    return {str(a) for a in state.legal_actions(0)}


def _colonize_spaces(state: State) -> list[str]:
    """Return seat 0's legal pawn moves whose action colonizes, as canonical texts."""
    d = _data(state)
    out = []
    for a in state.legal_actions(0):
        if a.kind == "move" and any(s["op"] == "colonize" for s in space_info(d, str(a.get("space")))[1]):
            out.append(str(a))
    return out


def _placed(state: State) -> int:
    """Return how many real achievement discs lie on the achievement cards."""
    return sum(1 for a in _data(state)["achievements"] for x in a["discs"] if not x["star"])


def pawn_blocked(state: State) -> bool:
    """Seat 0 must move its pawn off a Research II space while the other pawn holds the first Build and jump space,
    so only the second Build and jump space (with its surcharge) is left for that action."""
    d = _data(state)
    return bool(POSITIONS.occupied_space(state) and str(d["pawns"][0]).startswith("bs.research_2.")
                and d["pawns"][1] == "bs.build_jump.0" and "move space=bs.build_jump.1" in _legal(state))


def colonize_choice(state: State) -> bool:
    """Seat 0 places its pawn, one system is colonizable by a colonize space, the other player has ships there
    too, and seat 0's ships there are of two or more levels (so choosing the settlers is a real choice)."""
    if not POSITIONS._placing_pawn(state) or not _colonize_spaces(state):
        return False
    d = _data(state)
    systems = colonizable(d, 0)
    if len(systems) != 1:
        return False
    loc = systems[0]
    mine = d["factions"][0]["ships"].get(loc, [0, 0, 0, 0])
    theirs = d["factions"][1]["ships"].get(loc, [0, 0, 0, 0])
    return sum(1 for n in mine if n) >= 2 and sum(theirs) > 0


def claim_choice(state: State) -> bool:
    """Seat 0 must claim an achievement and meets two of them."""
    return len([a for a in state.legal_actions(0) if a.kind == "claim"]) >= 2


def claim_ends(state: State) -> bool:
    """Seat 0 may claim an achievement and its disc would be the one that triggers the end (the third at 2
    players)."""
    return bool(POSITIONS.achievement_claim(state) and _placed(state) == 2 and _data(state)["end_round"] is None)


@dataclass(frozen=True)
class Find:
    """Where a lesson position comes from: a seeded game, the bot playing seat 0, and the situation to stop at."""

    seed: int
    seat0: str
    check: Callable[[State], bool]


# The seeds were picked by scanning seeds 1 to 40 for a game where the situation reads clearly: seed 1 and seed 8
# are the fixtures' own first hits (occupied_space, research_two_types); seed 7 has both achievement moments in
# rounds 6-7; seed 35 is the first greedy game where colonizing needs a real choice of settlers (a level-4 ship
# reaches 3 alone, a level-2 ship does not) with the other player's ships present to be exiled.
FINDS: dict[str, Find] = {
    "pawn": Find(1, "greedy", pawn_blocked),
    "research": Find(8, "random", POSITIONS.research_two_types),
    "colonize": Find(35, "greedy", colonize_choice),
    "claim_choice": Find(7, "greedy", claim_choice),
    "claim_end": Find(7, "greedy", claim_ends),
}


def find(spec: Find) -> State:
    """Play a seeded game (seat 0: ``spec.seat0``, seat 1: greedy) to the first position where seat 0 is to move and
    the situation holds, and return that state."""
    bots = [make_bot(spec.seat0), make_bot("greedy")]
    match = Match.new(GAME, seed=spec.seed, players=PLAYERS)
    rngs = [Rng(spec.seed * 1_000_003 + 17 + s) for s in range(PLAYERS)]
    for _ in range(MAX_STEPS):
        state = match.state
        if state.is_terminal():
            break
        seat = min(state.to_move())
        if seat == 0 and spec.check(state):
            return state.clone()
        match.apply(seat, choose(bots[seat], state, seat, rngs[seat]))
    raise SystemExit(f"seed {spec.seed}: no position where {spec.check.__name__} holds")


def after(state: State, *moves: str) -> State:
    """Return the state after seat 0 plays the given moves."""
    nxt = state.clone()
    for text in moves:
        nxt.apply(0, Action.parse(text))
    return nxt


# --- facts the lesson texts state -------------------------------------------------------------------------------
def _require(problems: list[str], ok: bool, fact: str) -> None:
    """Record a fact the texts state that the position does not bear out."""
    if not ok:
        problems.append(fact)


def pawn_facts(state: State) -> list[str]:
    """Check what bts-pawn says: the pawn on Research II, the taken Build and jump space, the costs."""
    d = _data(state)
    legal = _legal(state)
    me = d["factions"][0]
    p: list[str] = []
    _require(p, d["pawns"][0] == "bs.research_2.0", "your pawn is on the first Research II space")
    _require(p, d["pawns"][1] == "bs.build_jump.0", "the other pawn is on the first Build and jump space")
    _require(p, space_info(d, "bs.build_jump.1")[2] == 1, "the second Build and jump space has a 1-ore surcharge")
    _require(p, space_info(d, "bs.research_2.1")[2] == 1 and me["ore"] == 1,
             "Research II's second space costs 2 + 1 ore and you have 1 ore")
    _require(p, "move space=bs.research_2.1" not in legal and "move space=bs.gain.0" in legal,
             "Research II's second space is closed to you, the Gain space is open")
    _require(p, {"SY1", "SY2"} <= {loc for loc, c in d["control"].items() if c["seat"] == 0},
             "you control both shipyards")
    build = after(state, "move space=bs.build_jump.1")
    _require(p, {"build at=SOL", "build at=SY1", "build at=SY2"} <= _legal(build),
             "after the move you may build in Sol or either shipyard")
    return p


def research_facts(state: State) -> list[str]:
    """Check what bts-research says: slot II-2 under Advanced Genetics and Terraforming, its event, the cards."""
    d = _data(state)
    p: list[str] = []
    _require(p, POSITIONS.two_type_slots(state) == ["II-2"], "II-2 is the one slot with two types")
    _require(p, {a for a in _legal(state) if a.startswith("research")}
             == {"research slot=II-1", "research slot=II-2", "research slot=II-6"}, "II-1, II-2 and II-6 are open")
    _require(p, d["slots"]["I-1"]["card"] == "I-GENETICS" and d["slots"]["I-2"]["card"] == "I-TERRAFORMING"
             and d["slots"]["I-4"]["card"] == "I-ROBOTICS", "I-1, I-2, I-4 hold Advanced Genetics, Terraforming, "
             "Advanced Robotics")
    _require(p, candidate_types(d, 0, "II-1") == ["economic"] and candidate_types(d, 0, "II-6") == ["scientific"],
             "II-1 can only be economic, II-6 only scientific")
    _require(p, d["slots"]["II-2"]["event"] == "EV-II-ROGUE-WORLD", "A Rogue World Drifts In lies on II-2")
    _require(p, d["factions"][0]["ore"] == 1, "you are down to 1 ore")
    typed = after(state, "research slot=II-2")
    _require(p, {a for a in _legal(typed)} == {"tech_type type=commercial", "tech_type type=economic"},
             "the type question offers Commercial and Economic")
    _require(p, _data(typed)["locs"]["X"] is not None, "the event added the extra system")
    keep = after(typed, "tech_type type=economic")
    _require(p, _legal(keep) == {"keep card=II-BIOREACTORS", "keep card=II-MASS-CLONING"},
             "the economic search shows Bioreactors and Mass Cloning")
    return p


def colonize_facts(state: State) -> list[str]:
    """Check what bts-colonize says: Alpha Centauri at A2, the ships there, the settle choice, Deep Space after."""
    d = _data(state)
    p: list[str] = []
    _require(p, colonizable(d, 0) == ["A2"] and d["locs"]["A2"] == "SYS-A-ALPHA-CENTAURI",
             "Alpha Centauri at A2 is the one system you can colonize")
    _require(p, d["factions"][0]["ships"]["A2"] == [0, 1, 0, 1], "you have a level-2 and a level-4 ship there")
    _require(p, d["factions"][1]["ships"]["A2"] == [0, 2, 0, 0], "the other player has two level-2 ships there")
    _require(p, d["slots"]["I-1"]["card"] == "I-TERRAFORMING", "Terraforming is in slot I-1")
    _require(p, sorted(_colonize_spaces(state)) == [f"move space=tech.I-1.1.{i}" for i in range(3)],
             "Terraforming's three colonize spaces are the colonize moves")
    settle = after(state, "move space=tech.I-1.1.0")
    _require(p, _legal(settle) == {"settle level=2", "settle level=4"}, "the settle choice is level 2 or level 4")
    done = after(settle, "settle level=4")
    dd = _data(done)
    _require(p, dd["factions"][0]["ships"].get("DEEP") == [1, 1, 0, 0]
             and dd["factions"][1]["ships"].get("DEEP") == [0, 2, 0, 0],
             "Deep Space then holds your level-1 and level-2 ships and the other player's two level-2 ships")
    _require(p, dd["locs"]["A2"] not in (None, "SYS-A-ALPHA-CENTAURI"), "a new system fills A2")
    _require(p, _legal(done) == {"automate track=food", "automate track=ore"}, "the reward asks for a track")
    return p


def claim_choice_facts(state: State) -> list[str]:
    """Check what the first step of bts-achievements says: Industrialist and Arch-Scientist, no disc out yet."""
    d = _data(state)
    p: list[str] = []
    _require(p, claimable(d, 0) == ["ACH-INDUSTRIALIST", "ACH-ARCH-SCIENTIST"], "you meet exactly these two")
    _require(p, _placed(state) == 0, "no achievement disc is out yet")
    return p


def claim_end_facts(state: State) -> list[str]:
    """Check what the second step of bts-achievements says: the third disc on Arch-Scientist ends the game."""
    d = _data(state)
    p: list[str] = []
    _require(p, claimable(d, 0) == ["ACH-ARCH-SCIENTIST"], "you meet Arch-Scientist")
    industrialist = next(a for a in d["achievements"] if a["id"] == "ACH-INDUSTRIALIST")
    _require(p, [x["seat"] for x in industrialist["discs"]] == [0, 1], "both discs out are on Industrialist")
    _require(p, d["first"] == 0, "you are the first player")
    done = _data(after(state, "claim achievement=ACH-ARCH-SCIENTIST"))
    _require(p, done["end_round"] == d["round"] + 1 and done["turn"] == 1, "the end is triggered, the other "
             "player finishes the round, one more round follows")
    return p


FACTS: dict[str, Callable[[State], list[str]]] = {
    "pawn": pawn_facts, "research": research_facts, "colonize": colonize_facts,
    "claim_choice": claim_choice_facts, "claim_end": claim_end_facts}


# --- the lessons (texts as data) ----------------------------------------------------------------------------------
# "pos" names a position of FINDS; [[CARD-ID]] in a text becomes the card's name as the game's catalog writes it
# (a dagger marks a project-designed stand-in), so the embed can turn it into a button with the card's text.
LESSONS: list[Lesson] = [
    {"id": "bts-pawn", "title": "Move your pawn: taken spaces and costs", "steps": [
        {"pos": "pawn",
         "caption": "Your pawn still stands on Research II from last turn, and every turn it must move to a "
                    "different space. Your opponent's pawn is on the first Build and jump space. You want a new "
                    "ship: where can your pawn go?",
         "highlight": ["space-bs.research_2.0", "space-bs.build_jump.0", "space-bs.build_jump.1"],
         "expect": ["move space=bs.build_jump.1"],
         "right": "Yes. A space holding another pawn is closed, but the second Build and jump space is free. It "
                  "carries a 1-ore surcharge, so this action, which is otherwise free, costs you 1 ore.",
         "wrong": "That space is open, but its action builds no ship. Build and jump is the action you want; its "
                  "first space is closed because another pawn stands on it.",
         "reading": {"text": "Which Basic Spacefaring spaces carry the 1-ore surcharge is our choice: the sources "
                             "show the 2-player tile only as a text whose pictures are lost.",
                     "href": "learn/beyond-the-sun.html#reading-spacefaring"}},
        {"continue": True,
         "caption": "You paid the 1 ore and the action runs: first you may turn a population cube into a level-1 "
                    "ship, in Sol or in a shipyard you control (both are yours), then you have 2 jumps. Build the "
                    "ship where you like.",
         "highlight": ["loc-SOL", "loc-SY1", "loc-SY2"],
         "expect": ["build at=SOL", "build at=SY1", "build at=SY2"],
         "right": "Built. The jumps come next; you may split them between ships or stop early.",
         "wrong": "Skipping is allowed, because the build is optional, but then you would have come here only "
                  "for the jumps. Build the ship first.",
         "reading": {"text": "The sources say neither where a new ship goes nor whether jumps may be shared: we "
                             "allow Sol or a shipyard you control, and sharing jumps between ships.",
                     "href": "learn/beyond-the-sun.html#reading-ships"}},
        {"continue": True,
         "caption": "Costs close spaces too: Research II's second space would cost 3 ore (2 plus a 1-ore "
                    "surcharge) and you had 1, so it was closed to you. The Gain space is shared and never closes. "
                    "Your pawn now stays on Build and jump, closing it to your opponent until you move again.",
         "highlight": ["space-bs.research_2.1", "space-bs.gain.0", "space-bs.build_jump.1"],
         "reading": {"text": "The surcharge on Research II's second space, and a Gain space that no pawn ever "
                             "closes, are our readings of the Basic Spacefaring tile.",
                     "href": "learn/beyond-the-sun.html#reading-spacefaring"}},
    ]},
    {"id": "bts-research", "title": "Research a new tech and choose its type", "steps": [
        {"pos": "research",
         "caption": "You moved to Research II, so research one level-II tech. An unrevealed slot takes a type "
                    "that its prerequisites hand on. Slot II-2 lies under [[I-GENETICS]] (economic) and "
                    "[[I-TERRAFORMING]] (commercial), and you have both: research it.",
         "highlight": ["slot-II-2", "slot-I-1", "slot-I-2"],
         "expect": ["research slot=II-2"],
         "right": "Right. II-2 is the only open slot that can take two types: II-1 follows [[I-GENETICS]] alone "
                  "(economic), and II-6 follows [[I-ROBOTICS]] alone (scientific).",
         "wrong": "That slot is open to you, but it has a single prerequisite, so it can become only one type. "
                  "Look for the slot under two of your techs of different types."},
        {"continue": True,
         "caption": "Your cube went on II-2 and the event lying there was flipped first: [[EV-II-ROGUE-WORLD]] "
                    "put an extra system beside the map. Now pick the type. You are down to 1 ore, and economic "
                    "techs mostly give population and ore: choose Economic.",
         "highlight": ["slot-II-2", "loc-X"],
         "expect": ["tech_type type=economic"],
         "right": "Economic it is. Level-II cards are now revealed until two economic ones turn up (a hybrid "
                  "counts for both of its types).",
         "wrong": "Commercial is allowed too, since [[I-TERRAFORMING]] hands it on, but for this example take "
                  "Economic, the type that feeds your population and ore."},
        {"continue": True,
         "caption": "Two economic techs came up: [[II-BIOREACTORS]] and [[II-MASS-CLONING]]. Keep one for slot "
                    "II-2; the other goes under the deck with every card revealed on the way. The kept card's "
                    "immediate bonus is yours now.",
         "highlight": ["slot-II-2"],
         "expect": ["keep card=II-BIOREACTORS", "keep card=II-MASS-CLONING"],
         "right": "The tech is yours: 2 VP at the end as a level-II tech, and its action is now a space for your "
                  "pawn. Whoever researches it later gets its immediate bonus too.",
         "wrong": "Keep one of the two revealed techs."},
    ]},
    {"id": "bts-colonize", "title": "Colonize a system; exiles go to Deep Space", "steps": [
        {"pos": "colonize",
         "caption": "To colonize a system you must control it, and your ships' levels there must reach its "
                    "colonize number. At [[SYS-A-ALPHA-CENTAURI]] (Near system A2) your level-2 and level-4 ships "
                    "make 6; it needs 3. [[I-TERRAFORMING]]'s colonize action costs 3 ore and 1 population: take it.",
         "highlight": ["loc-A2", "space-tech.I-1.1.0", "space-tech.I-1.1.1", "space-tech.I-1.1.2"],
         "expect": ["move space=tech.I-1.1.0", "move space=tech.I-1.1.1", "move space=tech.I-1.1.2"],
         "right": "Right. [[SYS-A-ALPHA-CENTAURI]] is the only system you control with enough strength, so the "
                  "game goes straight to choosing the settlers.",
         "wrong": [
             {"move": "move space=bs.build_jump.0",
              "text": "Build and jump brings more ships, but you already have strength 6 at [[SYS-A-ALPHA-CENTAURI]], "
                      "twice what it needs: colonize now, before your opponent adds ships there."},
             {"move": "move space=bs.build_jump.1",
              "text": "Build and jump brings more ships, but you already have strength 6 at [[SYS-A-ALPHA-CENTAURI]], "
                      "twice what it needs: colonize now, before your opponent adds ships there."},
             {"text": "That action does not colonize. Look at your [[I-TERRAFORMING]] tech: its second action, with "
                      "three spaces, is the one that colonizes."}],
         "hints": ["Find the action that colonizes: it is on one of your techs, not on the action board.",
                   "[[I-TERRAFORMING]]'s second action has three spaces; any of them is right."]},
        {"continue": True,
         "caption": "Choose the ships that settle: their levels must add up to 3 or more, and they return to your "
                    "supply. Every other ship at the system, yours or your opponent's, is then exiled to Deep "
                    "Space.",
         "highlight": ["loc-A2", "loc-DEEP"],
         "expect": ["settle level=4"],
         "right": "Good: the level-4 ship reaches 3 on its own, so your level-2 ship is spared. It goes to Deep "
                  "Space with your opponent's two ships.",
         "wrong": [
             {"move": "settle level=2",
              "text": "A level-2 ship does not reach 3 by itself, so the level-4 ship would have to settle as well "
                      "and you would keep neither. Pick the ship that reaches 3 alone."},
             {"text": "Pick the ship that reaches 3 alone."}]},
        {"continue": True,
         "caption": "[[SYS-A-ALPHA-CENTAURI]] is your colony (4 VP) and a new system fills A2. Deep Space now "
                    "holds the exiles: nobody controls it, it is one jump from Sol and both near systems, and at "
                    "the end the most strength there scores 1 VP, as in Sol. Take the colony's reward: automate "
                    "a disc.",
         "highlight": ["loc-DEEP", "loc-A2", "mat-0"],
         "expect": ["automate track=food", "automate track=ore"],
         "right": "Colonization done: the card, a colony disc, a new system and the reward. Your opponent leads "
                  "Deep Space 4 to 3 for now, and any ship there may jump back out later.",
         "wrong": "Choose the food or the ore track for the reward."},
    ]},
    {"id": "bts-achievements", "title": "Claim achievements and trigger the end", "steps": [
        {"pos": "claim_choice",
         "caption": "After production, you check the achievements. You meet two: [[ACH-INDUSTRIALIST]] (5 discs "
                    "on your automation track) and [[ACH-ARCH-SCIENTIST]] (4 scientific techs). You claim at most "
                    "one per turn, and must claim one while you meet any. Pick either.",
         "highlight": ["ach-ACH-INDUSTRIALIST", "ach-ACH-ARCH-SCIENTIST"],
         "expect": ["claim achievement=ACH-INDUSTRIALIST", "claim achievement=ACH-ARCH-SCIENTIST"],
         "right": "Claimed: your disc takes the leftmost free slot, 5 VP here. Each player claims an achievement "
                  "once, and keeps it even if the condition is lost later.",
         "wrong": "Claim one of the two achievements you meet."},
        {"pos": "claim_end",
         "caption": "A round later. In this game you took [[ACH-INDUSTRIALIST]] and your opponent its second "
                    "slot (3 VP), so 2 discs are out. With 2 players the third disc triggers the end, and you still "
                    "meet [[ACH-ARCH-SCIENTIST]]: claim it.",
         "highlight": ["ach-ACH-ARCH-SCIENTIST", "ach-ACH-INDUSTRIALIST", "end-trigger"],
         "expect": ["claim achievement=ACH-ARCH-SCIENTIST"],
         "right": "That was the third disc: the end is triggered.",
         "wrong": "An achievement you meet must be claimed: claim [[ACH-ARCH-SCIENTIST]]."},
        {"continue": True,
         "caption": "The round that triggered the end is played out (your opponent still has a turn in it), then "
                    "one more full round, and the game is scored. The first disc on an achievement pays the most, "
                    "so claiming early matters.",
         "highlight": ["end-trigger"]},
    ]},
]

_CARD = re.compile(r"\[\[([A-Z0-9-]+)\]\]")


def card_names(text: str) -> str:
    """Return a lesson text with each [[CARD-ID]] replaced by the card's catalog name.

    Raises:
        SystemExit: an id that is not a card of the game.
    """
    def name(m: re.Match[str]) -> str:
        """Return one placeholder's card name."""
        if m.group(1) not in CARD_NAMES:
            raise SystemExit(f"{m.group(1)!r} is not a Beyond the Sun card id")
        return CARD_NAMES[m.group(1)]

    return _CARD.sub(name, text)


def table_ids(state: State) -> set[str]:
    """Return the ``data-testid`` names a step may highlight in this position, as the table draws them
    (``web/app/ui/bts-table.js``): pawn spaces, tech slots, map locations, achievements, mats, the end line."""
    table = state.view(0)["table"]
    out = {f"space-{s['id']}" for area in table["board"]["areas"] for s in area["spaces"]}
    out |= {f"slot-{s['slot']}" for level in table["techs"]["levels"] for s in level["slots"]}
    out |= {f"loc-{loc['id']}" for loc in table["map"]["locations"]}
    out |= {f"ach-{a['id']}" for a in table["achievements"]}
    out |= {f"mat-{f['seat']}" for f in table["factions"]}
    if table["end"]["text"]:
        out.add("end-trigger")
    return out


def check_highlights(lesson: Lesson) -> list[str]:
    """Return the highlighted names that the table does not draw in their step's position."""
    game = load_game(GAME)
    problems: list[str] = []
    state: State | None = None
    for i, step in enumerate(lesson["steps"]):
        if "pos" in step:
            state = game.state_from_code(step["pos"])
        if state is None:
            continue
        missing = sorted(set(step.get("highlight", [])) - table_ids(state))
        if missing:
            problems.append(f"steps[{i}].highlight: not on the table here: {', '.join(missing)}")
        if step.get("expect"):
            state = after(state, step["expect"][0])
            for text in step.get("then", []):
                play_any(state, Action.parse(text))
    return problems


def build(lesson: Lesson, codes: dict[str, str]) -> Lesson:
    """Return a lesson file's JSON: the lesson with its header and each step's position name replaced by its code."""
    steps = []
    version = 1
    for step in lesson["steps"]:
        out = {k: _named(v) if k in ("caption", "right", "wrong", "hints") else v for k, v in step.items()}
        if "pos" in out:
            out["pos"] = codes[out["pos"]]
        if "hints" in out or any(isinstance(out.get(k), list) for k in ("right", "wrong")):
            version = 2  # hints and feedback per move are lesson format 2 (docs/EMBED.md)
        steps.append(out)
    return {"format": "star-table-lesson", "version": version, "id": lesson["id"], "game": GAME,
            "title": lesson["title"], "seat": 0, "open": False, "steps": steps}


def _named(value: Any) -> Any:
    """Return a text, a list of texts or a list of feedback rules with the card placeholders named."""
    if isinstance(value, str):
        return card_names(value)
    if isinstance(value, list):
        return [_named(v) if isinstance(v, str) else {**v, "text": card_names(v["text"])} for v in value]
    return value


def main() -> int:
    """Find every position, check its facts, build and check every lesson, write the files; fail loudly."""
    codes: dict[str, str] = {}
    failed: list[str] = []
    for name, spec in FINDS.items():
        state = find(spec)
        problems = FACTS[name](state)
        for fact in problems:
            failed.append(f"position {name!r} (seed {spec.seed}): no longer true: {fact}")
        codes[name] = state.position_code()
        print(f"{name}: seed {spec.seed}, round {_data(state)['round']}")
    if failed:
        raise SystemExit("\n".join(failed))
    for lesson in LESSONS:
        data = build(lesson, codes)
        problems = check_lesson(data) or check_highlights(data)
        if problems:
            raise SystemExit(f"{lesson['id']}:\n  " + "\n  ".join(problems))
        path = OUT / f"{lesson['id']}.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{lesson['id']}: OK -> {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
