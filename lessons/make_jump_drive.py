"""Build the Jump Drive lessons (``web/lessons/jump-drive-*.json``) from seeded bot games and small hand edits.

Run: ``python3 lessons/make_jump_drive.py`` (from the repository root or anywhere).

Each lesson starts from a real position: a seeded 2-player game in which both seats are played by the project's
bots (``Match.new`` with the bots' RNGs seeded from the game seed, as ``tests/fixtures/*/make_positions.py`` do) is
run to the start of a chosen round, where seat 0 (the reader) is to choose its plan. Where the lesson needs it, a
few hand cards are then swapped with cards from the deck or the discard pile (``Edit``), and the edited state is
loaded back through ``state_from_json``, which refuses an impossible position. The generator then checks that the
situation the lesson teaches really holds (``assert_*`` functions: costs, military, the final scores), computes the
``then`` moves by letting the greedy bot answer for seat 1 (and paying seat 0's cards from a preference list), and
writes the lesson files. Everything is seeded, so every run writes the same files; ``check_lesson`` must accept
each lesson or the script fails.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyengine.bots import choose, make_bot  # noqa: E402  (the repository root is put on the path first)
from pyengine.core.api import Action, Game, State  # noqa: E402
from pyengine.core.match import Match  # noqa: E402
from pyengine.core.registry import load_game  # noqa: E402
from pyengine.core.rng import Rng  # noqa: E402
from pyengine.games.jump_drive.cards import CardType, instance_type  # noqa: E402
from pyengine.games.jump_drive.data import data_from_json  # noqa: E402
from pyengine.games.jump_drive.empire import icons, income, military  # noqa: E402
from pyengine.games.jump_drive.rules import EXPLORE_MARKER_EYES  # noqa: E402
from pyengine.games.jump_drive.scoring import WIN_VP, round_vp  # noqa: E402
from pyengine.lessons import check_lesson  # noqa: E402

GAME = "jump_drive"
OUT = ROOT / "web" / "lessons"
PLAYERS = 2
READER = 0
OPPONENT = 1
MAX_MOVES = 3000

Data = dict[str, Any]
Step = dict[str, Any]


# --- positions ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    """Where a lesson position comes from: a seeded bot game, stopped when seat 0 plans in a given round."""

    seed: int
    bots: tuple[str, str]
    round: int


@dataclass(frozen=True)
class Edit:
    """Hand edits for one seat: cards put back in the deck, and cards taken (from deck or discards) into the hand."""

    seat: int
    drop: tuple[str, ...] = ()
    take: tuple[str, ...] = ()


def game() -> Game:
    """Return the Jump Drive game object."""
    return load_game(GAME)


def data_of(state: State) -> Data:
    """Return a state's JSON data (an independent copy)."""
    out: Data = state.to_json()
    return out


def bot_position(src: Source) -> State:
    """Play a seeded bot game to the first moment seat 0 chooses its plan in the source's round.

    Raises:
        RuntimeError: the game ended (or ran too long) before that moment.
    """
    match = Match.new(GAME, seed=src.seed, players=PLAYERS)
    bots = [make_bot(name) for name in src.bots]
    rngs = [Rng(src.seed * 1_000_003 + 17 + s) for s in range(PLAYERS)]
    for _ in range(MAX_MOVES):
        state = match.state
        if state.is_terminal():
            break
        d = data_of(state)
        if d["phase"] == "plan" and d["round"] == src.round and d["commits"][READER] is None:
            return state.clone()
        seat = min(state.to_move())
        match.apply(seat, choose(bots[seat], state, seat, rngs[seat]))
    raise RuntimeError(f"{src}: seat 0 never plans in round {src.round}")


def edit_hands(state: State, edits: tuple[Edit, ...]) -> State:
    """Return the position with the hand edits made, read back through its position code.

    A card taken into a hand comes from the deck or the discard pile and inherits the draw round of a card dropped
    from that hand (or round 0, the opening deal, when none is left). A dropped card goes to the deck.

    Raises:
        ValueError: a card to take is not in the deck or the discard pile, or a card to drop is not in the hand.
        PositionError: the edited position is impossible (raised by ``state_from_json``).
    """
    d = data_of(state)
    for edit in edits:
        hand: list[str] = d["hands"][edit.seat]
        drawn: dict[str, int] = d["drawn_round"][edit.seat]
        rounds: list[int] = []
        for card in edit.drop:
            if card not in hand:
                raise ValueError(f"{card} is not in seat {edit.seat}'s hand")
            hand.remove(card)
            rounds.append(drawn.pop(card))
            d["deck"].append(card)
        for card in edit.take:
            pile = next((p for p in ("deck", "discard") if card in d[p]), None)
            if pile is None:
                raise ValueError(f"{card} is not in the deck or the discard pile")
            d[pile].remove(card)
            hand.append(card)
            drawn[card] = rounds.pop(0) if rounds else 0
    g = game()
    return g.state_from_code(g.state_from_json(d).position_code())


def source_position(src: Source, edits: tuple[Edit, ...] = ()) -> State:
    """Return the lesson position: the bot game's position, edited, as a position code reads it back."""
    g = game()
    return edit_hands(bot_position(src), edits) if edits else g.state_from_code(bot_position(src).position_code())


# --- playing the answers (the ``then`` moves) ------------------------------------------------------------------------

def reader_plans(state: State) -> bool:
    """Return True when seat 0 is to choose its plan (a new round)."""
    return data_of(state)["phase"] == "plan" and READER in state.to_move()


def only_reader_left(state: State) -> bool:
    """Return True when seat 0 is the only seat to move, or the game is over."""
    return state.is_terminal() or state.to_move() == frozenset({READER})


def game_over(state: State) -> bool:
    """Return True when the game is over."""
    return state.is_terminal()


@dataclass
class Answers:
    """Plays the moves after the reader's: seat 1 by the greedy bot, seat 0's payments from a preference list.

    ``any_pay`` lets seat 0 pay any card (when which cards go does not matter); seat 0 never chooses anything else.
    """

    seed: int
    reader_pays: tuple[str, ...] = ()
    any_pay: bool = False
    played: list[str] = field(default_factory=list)

    def run(self, state: State, stop: Callable[[State], bool]) -> State:
        """Play on until ``stop`` holds; return the position and keep the moves' texts in ``played``.

        Raises:
            RuntimeError: seat 0 must make a choice nothing here settles.
        """
        bot = make_bot("greedy")
        rngs = [Rng(self.seed * 7 + s) for s in range(PLAYERS)]
        state = state.clone()
        for _ in range(MAX_MOVES):
            if stop(state):
                return state
            seat = min(state.to_move())
            if seat == READER:
                action = self._reader_move(state)
                if action is None:
                    raise RuntimeError(f"seat 0 must choose among {legal_of(state, READER)}")
            else:
                action = choose(bot, state, seat, rngs[seat])
            state.apply(seat, action)
            self.played.append(str(action))
        raise RuntimeError("the answers never reached the stop condition")

    def _reader_move(self, state: State) -> Action | None:
        """Return seat 0's next payment: the first preferred card it may pay (forced payments need no list)."""
        legal = state.legal_actions(READER)
        if not all(a.kind == "pay" for a in legal):
            return None
        for card in self.reader_pays:
            hit = [a for a in legal if a.get("card") == card]
            if hit:
                return hit[0]
        d = data_of(state)
        if self.any_pay or d["owes"][READER] >= len(d["hands"][READER]):
            return legal[0]  # any card will do (or every card goes): the choice does not matter
        return None


def after(state: State, action: str, answers: Answers, stop: Callable[[State], bool]) -> tuple[State, list[str]]:
    """Play the reader's action, then the answers until ``stop``; return the position and the ``then`` moves."""
    nxt = state.clone()
    nxt.apply(READER, game().parse_action(action))
    answers.played = []
    nxt = answers.run(nxt, stop)
    return nxt, list(answers.played)


def legal_of(state: State, seat: int) -> list[str]:
    """Return a seat's legal actions as canonical texts."""
    return [str(a) for a in state.legal_actions(seat)]


def legal_texts(state: State) -> list[str]:
    """Return seat 0's legal actions as canonical texts."""
    return legal_of(state, READER)


def require(cond: bool, what: str) -> None:
    """Fail loudly when a lesson's situation does not hold.

    Raises:
        AssertionError: the condition is false (the message says what was expected).
    """
    if not cond:
        raise AssertionError(f"the lesson's situation does not hold: {what}")


def ctype(card: str) -> CardType:
    """Return the card type of an instance id."""
    return instance_type(card)


def lesson(lesson_id: str, title: str, steps: list[Step], open_hands: bool = False) -> Data:
    """Return a lesson record (format version 1) for the reader's seat 0."""
    return {"format": "star-table-lesson", "version": 1, "id": lesson_id, "game": GAME, "title": title,
            "seat": READER, "open": open_hands, "steps": steps}


# --- 1. a development and a world together ---------------------------------------------------------------------------

TOGETHER = Source(seed=109, bots=("greedy", "greedy"), round=4)
TOGETHER_DEV = "replicant_robots-1"
TOGETHER_WORLD = "uplift_mercenaries-0"


def make_together() -> Data:
    """Lesson: the development placed in the same round already discounts the world placed with it."""
    pos = source_position(TOGETHER)
    d = data_of(pos)
    hand = d["hands"][READER]
    dev, world = ctype(TOGETHER_DEV), ctype(TOGETHER_WORLD)
    discount = sum(x["amount"] for x in dev.discounts if x["applies"].get("type") == "world")
    pair = f"place dev={TOGETHER_DEV} world={TOGETHER_WORLD}"
    room = len(hand) - 2
    full = (dev.cost or 0) + (world.cost or 0)
    cut = (dev.cost or 0) + max(0, (world.cost or 0) - discount)
    require(TOGETHER_DEV in hand and TOGETHER_WORLD in hand, "both cards are in hand")
    require(pair in legal_texts(pos), "the pair is legal")
    require(cut == room < full, f"the pair costs {cut} = the {room} other cards only thanks to the discount ({full})")
    require(not any(f"world={TOGETHER_WORLD}" in t and "dev=" in t and t != pair for t in legal_texts(pos)),
            "no other development can come with the world")
    nxt, then = after(pos, pair, Answers(seed=1), reader_plans)
    require(TOGETHER_DEV in data_of(nxt)["empires"][READER], "the development is in the empire")
    steps: list[Step] = [
        {"pos": pos.position_code(),
         "caption": (f"You hold {len(hand)} cards and want Uplift Mercenaries in your empire this round, with a "
                     "development beside it. Placed together, the development loses its 1-card saving and you draw "
                     "no card. Which development can you afford with it?"),
         "highlight": [f"hand-card-{TOGETHER_WORLD}"],
         "expect": [pair],
         "right": (f"Right. Replicant Robots costs {dev.cost}, and its power (worlds you pay for cost {discount} "
                   "less) already works for the world placed in the same round. Uplift Mercenaries costs "
                   f"{world.cost} - {discount} = {world.cost - discount}, so the pair costs {cut}: exactly the "
                   f"{room} other cards in your hand. Without the discount it would cost {full}."),
         "wrong": ("Not quite: you can have a development and Uplift Mercenaries this round. When both are placed "
                   "in the same round, the development comes first, so its discount already applies to the world "
                   "placed with it (a world never helps the development, though). Look for a development that "
                   "makes Uplift Mercenaries cheaper."),
         "then": then},
        {"continue": True,
         "caption": ("Both cards are in your empire and scored this round. Replicant Robots keeps working: every "
                     f"world you pay for from now on costs {discount} less. A development placed alone costs 1 less, "
                     "but that saving is gone when a world comes with it."),
         "highlight": [f"tableau-card-{TOGETHER_DEV}", f"tableau-card-{TOGETHER_WORLD}"]},
    ]
    return lesson("jump-drive-together", "A development and a world in the same round", steps)


# --- 2. Drop Ships and Imperium Blaster Factory ----------------------------------------------------------------------

DROP = Source(seed=104, bots=("greedy", "greedy"), round=4)
DROP_EDITS = (Edit(READER, drop=("deserted_alien_library-0",), take=("lost_alien_warship-0",)),)
DROP_SHIPS = "drop_ships-1"
FACTORY = "imperium_blaster_factory-0"
WARSHIP = "lost_alien_warship-0"
DROP_PAYS = ("pirate_fuel_cache-0", "mining_league-0", "asteroid_belt-2", "gem_world-0")


def make_drop_ships() -> Data:
    """Lesson: Drop Ships' military counts for the factory placed with it; the factory's own icon only later."""
    pos = source_position(DROP, DROP_EDITS)
    d = data_of(pos)
    empire = d["empires"][READER]
    ships, factory, warship = ctype(DROP_SHIPS), ctype(FACTORY), ctype(WARSHIP)
    pair = f"place dev={DROP_SHIPS} world={FACTORY}"
    mil0 = military(empire, factory)
    mil1 = military([*empire, DROP_SHIPS], factory)
    require(mil0 < (factory.defense or 0) <= mil1, "the factory can be conquered only with Drop Ships")
    require(military([c for c in empire if not c.startswith("survey_team-")]) == 0 and mil0 == 1,
            "the Survey Team is the empire's only military")
    require(pair in legal_texts(pos) and f"place world={FACTORY}" not in legal_texts(pos), "the pair is the way")
    require(not any(f"world={WARSHIP}" in t for t in legal_texts(pos)), "the warship is out of reach this round")
    ships_cost = ships.cost or 0
    hand_after = len(d["hands"][READER]) - 2 - ships_cost
    nxt, then1 = after(pos, pair, Answers(seed=2, reader_pays=DROP_PAYS), reader_plans)
    n = data_of(nxt)
    empire2 = n["empires"][READER]
    mil2 = military(empire2, warship)
    require(mil2 == military([c for c in empire2 if c != FACTORY], warship) + factory.icons["military"], "adds up")
    require(mil2 >= (warship.defense or 0) > mil2 - factory.icons["military"], "the factory's icon tips the scale")
    conquer = [t for t in legal_texts(nxt) if f"world={WARSHIP}" in t]
    require(f"place world={WARSHIP}" in conquer, "the warship can be conquered alone")
    conquer.remove(f"place world={WARSHIP}")
    conquer.insert(0, f"place world={WARSHIP}")
    steps: list[Step] = [
        {"pos": pos.position_code(),
         "caption": (f"Your military is {mil0} (from the Survey Team), and Imperium Blaster Factory is a military "
                     f"world with defense {factory.defense}, out of reach on its own. Drop Ships shows "
                     f"{ships.icons['military']} military icons. Get the factory into your empire this round."),
         "highlight": [f"hand-card-{DROP_SHIPS}", f"hand-card-{FACTORY}"],
         "expect": [pair],
         "right": (f"Yes. Drop Ships is placed first, so its {ships.icons['military']} military joins your {mil0}: "
                   f"{mil1} is at least the defense {factory.defense}, and the factory is conquered for free. You "
                   f"pay only for Drop Ships, its full {ships_cost} cards because a world comes with it, and draw "
                   f"nothing: {hand_after} cards stay in your hand. The factory's own military icon does not count "
                   "toward its own defense."),
         "wrong": ("A military world is never bought with cards here: it is conquered when your military is at "
                   "least its defense. A development placed in the same round adds its military to yours before "
                   "the world is checked. Which development brings you up to the factory's defense?"),
         "then": then1},
        {"continue": True,
         "caption": (f"A new round. Your military is now {mil2}: Survey Team 1, Drop Ships "
                     f"{ships.icons['military']}, and the factory's {factory.icons['military']}, which counts now "
                     f"that the factory is in your empire. Lost Alien Warship has defense {warship.defense}."),
         "highlight": [f"tableau-card-{DROP_SHIPS}", f"tableau-card-{FACTORY}", f"hand-card-{WARSHIP}"],
         "expect": conquer,
         "right": (f"Conquered: {mil2} military against defense {warship.defense}. Your military is the total "
                   "of every military icon in your empire, plus the development placed in the same round. A "
                   "world's own icons never count toward its own defense, but once it is in your empire they help "
                   "conquer the next one."),
         "wrong": ("Add up the military of every card in your empire: Survey Team, Drop Ships and the factory's own "
                   "icon. Then compare it with the defense of the military worlds in your hand."),
         },
    ]
    return lesson("jump-drive-drop-ships", "Drop Ships and Imperium Blaster Factory", steps)


# --- 3. exploring ----------------------------------------------------------------------------------------------------

EXPLORE = Source(seed=18, bots=("greedy", "greedy"), round=4)


def make_explore() -> Data:
    """Lesson: explore when the hand is thin; it draws 2 + E and discards E (E = eyes + 3), a net gain of 2."""
    pos = source_position(EXPLORE)
    d = data_of(pos)
    hand = d["hands"][READER]
    empire = d["empires"][READER]
    eyes = icons(empire, "explore")
    e = eyes + EXPLORE_MARKER_EYES
    legal = legal_texts(pos)
    require(len(hand) == 2 and "explore" in legal, "a thin hand")
    places = [t for t in legal if t != "explore"]
    require(places == ["place world=new_vinland-0"], "the only placement is New Vinland")
    vinland = ctype("new_vinland-0")
    require(vinland.vp == 0 and vinland.cost == 1, "New Vinland scores nothing and costs 1")
    inc = income(empire, [d["empires"][OPPONENT]])
    nxt, then = after(pos, "explore", Answers(seed=4), only_reader_left)
    n = data_of(nxt)
    require(n["owes"][READER] == e and len(n["hands"][READER]) == len(hand) + 2 + e, "the explore draw")
    steps: list[Step] = [
        {"pos": pos.position_code(),
         "caption": (f"Only {len(hand)} cards in hand and an income of {inc}. You could settle New Vinland by paying "
                     "your other card, or explore. Exploring draws 2 + E cards, then discards E, where E is the "
                     "eyes in your empire plus the 3 on the Explore marker."),
         "highlight": ["explore"],
         "expect": ["explore"],
         "right": (f"Good. Your empire shows {eyes} eyes, so E = {eyes} + 3 = {e}: you draw {2 + e}, hold "
                   f"{len(hand) + 2 + e}, and discard {e} of your choice, old cards or new. You keep the best "
                   f"{len(hand) + 2}: two more than before, picked from many. You still score and take income "
                   "this round."),
         "wrong": ("Settling New Vinland costs your only other card and scores nothing, so you would end the round "
                   "with a single card (the one a world placed alone draws). When the hand is this thin, exploring "
                   "refills it with a choice: draw 2 + E, keep the best, discard E."),
         "then": then},
        {"continue": True,
         "caption": (f"You drew {2 + e} cards and hold {len(hand) + 2 + e}. Discard {e} and keep "
                     f"{len(hand) + 2}: next round you will hold those plus {inc} card of income, so keep cards you "
                     "can afford and pairs that work together rather than expensive ones. Each eye you add to your "
                     "empire makes later explores bigger."),
         "highlight": ["hand", "pay-count"]},
    ]
    return lesson("jump-drive-explore", "Explore when your hand runs dry", steps)


# --- 4. the tie-break at the end -------------------------------------------------------------------------------------

TIE = Source(seed=393, bots=("random", "random"), round=8)
TIE_READER_HAND = ("devolved_uplift_race-0", "space_marines-1", "free_trade_association-0", "new_galactic_order-0")
TIE_OPPONENT_HAND = ("galactic_imperium-0",)
TIE_MOVE = "place world=devolved_uplift_race-0"


def tie_edits(state: State) -> tuple[Edit, ...]:
    """Return the edits that give seat 0 its four lesson cards and leave seat 1 one card it cannot place."""
    d = data_of(state)
    hands = d["hands"]
    return (
        Edit(READER, drop=tuple(c for c in hands[READER] if c not in TIE_READER_HAND),
             take=tuple(c for c in TIE_READER_HAND if c not in hands[READER])),
        Edit(OPPONENT, drop=tuple(c for c in hands[OPPONENT] if c not in TIE_OPPONENT_HAND),
             take=tuple(c for c in TIE_OPPONENT_HAND if c not in hands[OPPONENT])),
    )


def final(state: State, action: str) -> tuple[list[int], list[int], Any]:
    """Play seat 0's action and the rest of the game; return the VP, the cards in hand and the outcome."""
    end, _ = after(state, action, Answers(seed=5, any_pay=True), game_over)
    e = data_of(end)
    return list(e["vp"]), [len(h) for h in e["hands"]], end.outcome()


def make_tie_break() -> Data:
    """Lesson: the last round; VP tie, so cards in hand decide, and a world placed alone draws one back."""
    base = bot_position(TIE)
    pos = edit_hands(base, tie_edits(base))
    d = data_of(pos)
    require(d["survey_used"][OPPONENT] and legal_of(pos, OPPONENT) == ["explore"], "the opponent must explore")
    require(d["hands"][OPPONENT] == list(TIE_OPPONENT_HAND), "the opponent holds only Galactic Imperium")
    jd = data_from_json(d)
    mine, theirs = round_vp(jd, READER), round_vp(jd, OPPONENT)
    vp0, vp1 = d["vp"]
    require(vp1 + theirs >= WIN_VP > max(vp0, vp1), "the game ends this round")
    require(vp0 + mine == vp1 + theirs - 1, "seat 0 is one VP short without a new card")
    winners: list[str] = []
    results: dict[str, tuple[list[int], list[int], Any]] = {}
    for text in legal_texts(pos):
        res = final(pos, text)
        results[text] = res
        if res[2].winners == [READER]:
            winners.append(text)
    require(winners == [TIE_MOVE], f"only {TIE_MOVE} wins (winners: {winners})")
    vp_end, cards_end, out = results[TIE_MOVE]
    require(vp_end[0] == vp_end[1] and out.tiebreak == "cards_in_hand", "the win comes from the tie-break")
    explore_vp = results["explore"][0][READER]
    opp_hand = len(d["hands"][OPPONENT])
    survey_pair = "place dev=survey world=devolved_uplift_race-0"
    require(survey_pair in results and results[survey_pair][0][READER] == vp_end[0], "the survey pair also ties VP")
    pair_cards = results[survey_pair][1][READER]
    _, then = after(pos, TIE_MOVE, Answers(seed=5), game_over)
    steps: list[Step] = [
        {"pos": pos.position_code(),
         "caption": (f"Last round: your opponent has {vp1} VP and their empire scores {theirs}, so they reach "
                     f"{vp1 + theirs} and the game ends right after this scoring, with no income. Their only card, "
                     "Galactic Imperium, costs far too much and their Survey Team is used, so they must explore and "
                     f"will finish with {opp_hand} + 2 = {opp_hand + 2} cards."),
         "highlight": [f"vp-{OPPONENT}", f"hand-count-{OPPONENT}"]},
        {"continue": True,
         "caption": (f"You have {vp0} VP and your empire scores {mine}: {vp0 + mine}, one short. If the VP are "
                     "tied, the player with more cards in hand wins, then the higher income. Find the move that "
                     "wins."),
         "highlight": [f"vp-{READER}", "hand"],
         "expect": [TIE_MOVE],
         "right": (f"Devolved Uplift Race costs nothing and scores 1 VP this round: {vp_end[0]}, a tie. A world "
                   f"placed alone draws a card after paying, so you still hold {cards_end[READER]} cards against "
                   f"their {cards_end[OPPONENT]}, and the tie-break is yours."),
         "wrong": (f"VP come first: exploring gives you cards but leaves you on {explore_vp}. On a VP tie, count "
                   "the cards you will hold at the end: paying for an extra card, even the Survey Team, would "
                   f"leave you only {pair_cards} and lose the tie. Which placement scores the missing VP and gives "
                   "you a card back?"),
         "then": then},
        {"continue": True,
         "caption": (f"Game over: {vp_end[0]} VP each, and you hold {cards_end[READER]} cards to their "
                     f"{cards_end[OPPONENT]}. A tie on VP goes to the player with the most cards in hand, then to "
                     "the highest income; if still tied, the tied players share the win."),
         "highlight": [f"hand-count-{READER}", f"hand-count-{OPPONENT}"]},
    ]
    return lesson("jump-drive-tie-break", "The last round: winning a tie", steps, open_hands=True)


# --- writing ---------------------------------------------------------------------------------------------------------

BUILDERS: tuple[Callable[[], Data], ...] = (make_together, make_drop_ships, make_explore, make_tie_break)


def main() -> int:
    """Build, check and write every lesson; return 1 if any lesson has a problem (nothing is written then)."""
    lessons = [build() for build in BUILDERS]
    failed = False
    for les in lessons:
        problems = check_lesson(les)
        for p in problems:
            print(f"{les['id']}: {p}")
        failed = failed or bool(problems)
    if failed:
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for les in lessons:
        path = OUT / f"{les['id']}.json"
        path.write_text(json.dumps(les, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{les['id']}: OK -> {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
