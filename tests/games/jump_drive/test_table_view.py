"""Jump Drive's table view (table_view.py): each card's face in numbers and words, and the cards the table suggests to
pay or discard with. The page draws these as they come and computes none of them (issue 28: no game facts in JS)."""

from __future__ import annotations

import pyengine
from pyengine.core.rng import Rng
from pyengine.core.text import catalog, english, text
from pyengine.games.jump_drive.cards import card_types, instance_type
from pyengine.games.jump_drive.state import JDState
from pyengine.games.jump_drive.table_view import card_face, card_value, suggested_discards

GAME = pyengine.load_game("jump_drive")


def face_words(card: str) -> dict[str, str]:
    """Return a card type's face lines as the catalog holds them (a line the card lacks is "")."""
    cat = catalog()
    return {line: cat.get(f"jd.card.{card}.face.{line}", {}).get("t", "")
            for line in ("kind", "vp", "income", "military", "discount")}


def test_a_card_face_gives_its_numbers() -> None:
    """Card faces: a development, a world and a military world, with cost, defense, icons, VP, income and value."""
    trendsetters = card_face(card_types()["galactic_trendsetters"])
    assert trendsetters["kind"] == "world" and not trendsetters["military"] and trendsetters["colour"] == "gray"
    assert trendsetters["cost"] == 4 and trendsetters["defense"] is None and trendsetters["eyes"] == 1
    sentry = card_face(card_types()["alien_robot_sentry"])
    assert sentry["military"] and sentry["cost"] is None and sentry["defense"] == 4 and sentry["military_icons"] == 1
    assert sentry["value"] == 4 + 2 + 1  # defense, printed VP and income
    convoy = card_face(card_types()["military_convoy"])
    assert convoy["kind"] == "development" and convoy["cost"] == 1 and convoy["value"] == 1


def test_a_card_faces_words_come_from_the_engine() -> None:
    """Card faces: the lines the page prints under a card ("+2 per Galactic Trendsetters"), one catalog message each,
    written from the card data with the locale file's jd.face.* words."""
    assert face_words("galactic_trendsetters") == {
        "kind": "Gray world · cost 4", "vp": "+2 per Galactic Trendsetters", "income": "", "military": "",
        "discount": ""}
    assert face_words("consumer_markets")["vp"] == "+1 per Blue world"
    assert face_words("consumer_markets")["income"] == "+1 per Blue world"
    assert face_words("genetics_lab")["income"] == "+1 with a Green world"
    assert face_words("mining_world")["income"] == "+1 with Mining Robots"
    assert face_words("alien_robot_sentry")["kind"] == "Military Yellow world · defense 4"
    assert face_words("new_galactic_order")["vp"] == "+1 per military"
    for ct in card_types().values():
        assert face_words(ct.id)["kind"], f"{ct.id} has no kind line"


def reference_suggestion(ids: list[str], count: int) -> list[str]:
    """The table's former JavaScript rule (payment.js suggestPayment, before issue 28), as a reference: the ``count``
    lowest-value ids, lowest printed cost-or-defense + VP + income first, and among equal values the later id first."""
    scored = [(card_value(instance_type(c)), -i, c) for i, c in enumerate(ids)]
    return [c for _, _, c in sorted(scored)[:count]]


def test_the_suggested_payment_is_the_former_tables_choice_in_every_payment() -> None:
    """Payment suggestion: at every opening, payment, explore discard and hand-limit discard of 12 random games, the
    engine's suggestion is what the table chose itself before (the same screens), and it is a legal choice."""
    checked = 0
    for seed in range(12):
        state = GAME.new_initial_state(seed=seed, players=2 + seed % 3)
        assert isinstance(state, JDState)
        rng = Rng(seed)
        while not state.is_terminal():
            for seat in sorted(state.to_move()):
                d = state.d
                got = suggested_discards(d, seat)
                acts = state.legal_actions(seat)
                if d.phase in ("pay", "hand_limit"):
                    allowed = [c for c in d.hands[seat] if any(a.kind == "pay" and a.get("card") == c for a in acts)]
                    assert got == reference_suggestion(allowed, min(d.owes[seat], len(allowed)))
                    checked += 1
                elif d.phase == "opening":
                    keeps = [str(a.get("discard")).split(",") for a in acts if a.kind == "keep"]
                    allowed = [c for c in d.hands[seat] if any(c in k for k in keeps)]
                    assert got == reference_suggestion(allowed, len(keeps[0]))
                    assert sorted(got) in [sorted(k) for k in keeps], "the suggestion is one of the legal keeps"
                    checked += 1
                else:
                    assert got is None
            seat = min(state.to_move())
            acts = state.legal_actions(seat)
            state.apply(seat, acts[rng.randbelow(len(acts))])
    assert checked > 100


def test_the_view_carries_the_suggestion_only_for_its_own_seat() -> None:
    """Hidden information: the suggestion is in the viewer's own view only (it names the viewer's hand cards)."""
    state = GAME.new_initial_state(seed=3, players=2)
    mine = state.view(0)
    assert mine["suggested_discards"] and set(mine["suggested_discards"]) <= set(mine["players"][0]["hand"])
    assert "suggested_discards" not in state.view(None)


def test_the_unplayable_reason_is_an_engine_text() -> None:
    """Why a hand card cannot be placed is the engine's words (view.hand_info), not worked out by the page."""
    assert english(text("jd.act.unplayable.military", need=4, have=1)) == "needs 4 military (you have 1)"
