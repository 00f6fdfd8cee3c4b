"""What players see: readable labels, card tooltips, the state summary, and what stays hidden."""

from __future__ import annotations

from pyengine.games.ares_expedition.cardtext import card_face, card_text

from .helpers import bare, give, in_phase, new, pl, words


def test_play_labels_name_the_card_and_its_price_after_discounts() -> None:
    """Labels: "Play Comet (22 M€)" with the price after the phase bonus and discounts, never a raw id."""
    s = new(2)
    in_phase(s, 2, chooser=0)
    bare(s, 0, mc=40)
    pl(s, 0)["titanium"] = 1  # Comet has a space tag: 25 - 3
    give(s, 0, "comet")
    labels = {str(a): s.describe(0, a) for a in s.legal_actions(0)}
    assert labels["play card=comet"] == "Play Comet (22 M€)"
    assert labels["sell card=comet"] == "Sell Comet"
    assert labels["done"] == "Done with this phase"


def test_standard_action_labels_show_their_price() -> None:
    """Labels: standard actions say what they cost (Standard Technology's discount included)."""
    s = new(2)
    in_phase(s, 3, chooser=0)
    bare(s, 0, mc=40, heat=9)
    labels = [s.describe(0, a) for a in s.legal_actions(0)]
    assert "Buy an ocean (15 M€)" in labels and "Convert 8 heat: raise the temperature" in labels


def test_every_card_action_has_the_card_text_as_its_tooltip() -> None:
    """Tooltips: an action naming a card carries that card's full text; other actions have none."""
    s = new(2)
    in_phase(s, 1, chooser=0)
    bare(s, 0, mc=40)
    give(s, 0, "lichen")
    acts = {str(a): a for a in s.legal_actions(0)}
    assert s.hint(0, acts["play card=lichen"]) == "Lichen: " + card_face("lichen")
    assert "+1 plant production" in s.hint(0, acts["play card=lichen"])
    assert s.hint(0, acts["done"]) == ""


def test_the_summary_shows_parameters_tr_resources_production_tableau_and_hand() -> None:
    """Summary: Mars's parameters, then per player TR, resources, production, tableau, and the hand to its owner."""
    s = new(2)
    in_phase(s, 1, chooser=0)
    bare(s, 0, mc=12, heat=3, plants=4)
    give(s, 0, "lichen")
    own = s.view(0)["summary"]
    assert words(own[0]["title"]) == "Mars" and "Temperature -30 °C" in words(own[0]["lines"][1])
    seat = " ".join(words(line) for line in own[1]["lines"])
    assert "TR 5" in seat and "M€ 12, heat 3, plants 4" in seat and "Production:" in seat
    assert "Hand: 1 card, tableau: 0 cards" in seat
    groups = {words(g["label"]): g["cards"] for g in own[1]["cards"]}
    assert [c["name"] for c in groups["Hand"]] == ["Lichen"] and groups["Tableau"] == []
    assert groups["Hand"][0]["text"] == card_face("lichen"), "each card carries its face for the tooltip"
    other = s.view(1)["summary"][1]
    assert "Hand: 1 card" in " ".join(words(line) for line in other["lines"]) and "Lichen" not in str(other), \
        "a rival sees the size only"
    assert [words(g["label"]) for g in other["cards"]] == ["Tableau"]


def test_summary_cards_show_what_a_card_holds_and_the_corporation() -> None:
    """Summary: a tableau card with resources shows them ("2 animals"); a chosen corporation is a card too."""
    s = new(2, corps=["credicor", "ecoline"])
    in_phase(s, 1, chooser=0)
    pl(s, 0)["table"].append("birds")
    pl(s, 0)["res"]["birds"] = 2
    groups = {words(g["label"]): g["cards"] for g in s.view(1)["summary"][1]["cards"]}
    assert [c["name"] for c in groups["Corporation"]] == ["CrediCor"]
    birds = [c for c in groups["Tableau"] if c["id"] == "birds"]
    assert birds and words(birds[0]["note"]) == "2 animals"


def test_a_rival_hand_and_pick_stay_hidden_until_revealed() -> None:
    """Hidden information: rivals' hands are never in a view; a phase pick shows only after everybody picked."""
    s = new(2)
    s.apply(0, "phase pick=3")
    rival = s.view(1)["factions"][0]
    assert "hand" not in rival and rival["pick"] is None and rival["picked"] is True
    s.apply(1, "phase pick=4")
    assert s.view(1)["factions"][0]["pick"] == 3


def test_a_card_face_gives_colour_printed_cost_and_tags_before_the_text() -> None:
    """Tooltips: a project shows colour, printed cost and tags, then its text; a corporation says so first."""
    assert card_face("comet") == "Red card, 25 M€, Space, Event tags. " + card_text("comet")
    assert card_face("lichen").startswith("Green card, ") and " M€, Plant tag. " in card_face("lichen")
    assert card_face("credicor") == "Corporation. " + card_text("credicor")


def test_summary_shows_the_next_production_payout() -> None:
    """Summary: the production line gives what a production phase pays in M€ (TR + M€ production)."""
    s = new(2)
    pl(s, 0).update(tr=7)
    pl(s, 0)["prod"]["mc"] = 3
    seat = " ".join(words(line) for line in s.view(0)["summary"][1]["lines"])
    assert "M€ 3 (+TR 7: 10 M€ a production phase)" in seat


def test_solo_summary_shows_the_virtual_players_phases_still_to_come() -> None:
    """Summary (solo): the virtual player's played phases and the ones still to come this cycle (in order once
    the player has ordered the last five rounds)."""
    s = new(1)
    solo = s.d["solo"]
    solo.update(marker=2, played=[3, 1], deck=[5, 2, 4])
    mars = [words(line) for line in s.view(0)["summary"][0]["lines"]]
    assert "Virtual player: marker 2" in mars
    assert "Virtual player played this cycle: Action, Development" in mars
    assert "Virtual player still to come: Construction, Production, Research" in mars
    solo.update(marker=5, played=[4], deck=[1, 5, 2, 3], left=[])
    mars = [words(line) for line in s.view(0)["summary"][0]["lines"]]
    assert "Virtual player still to come in this order: Development, Research, Construction, Action" in mars
