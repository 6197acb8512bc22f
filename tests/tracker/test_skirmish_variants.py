"""The skirmish tracker with the rules of 003 that the set-up and the board now carry: the die variant of I §3 as a
set-up option, and the table of other actions (II §9) in the board's menu, in French."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from campaigns.bands.lines import example_band
from rules.freres.actions import Activate, RollInitiative
from rules.freres.state import Side
from tracker import selectors, services
from tracker.models import TrackedBattle
from tracker.services.skirmish import start_one_off_skirmish

pytestmark = pytest.mark.django_db

BANDS = {"band_a": example_band(Side.A), "band_b": example_band(Side.B)}


def _one_off(user: User, opponent: User, **extra: object) -> TrackedBattle:
    data = {**BANDS, "opponent": opponent.username, "my_band": "a", "seed": 5, **extra}
    return start_one_off_skirmish(user=user, data=data)


def test_the_set_up_offers_the_d20_without_the_0_and_logs_its_faces(besieger: User, besieged: User) -> None:
    """I §3 « Vous pouvez aussi jouer sans le 0. Le 10 donne 1 et le 20 donne 2 »: the faces of the d20 are
    logged, and none reads 0."""
    tracked = _one_off(besieger, besieged, die_variant="d20_no_zero")
    assert tracked.setup["die"] == "d20_no_zero"
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    rolls = selectors.current(tracked).steps[0].entry.rolls
    assert [r.die for r in rolls] == ["D20(sans 0)", "D20(sans 0)"]
    assert all(1 <= r.result <= 20 for r in rolls)
    client = Client()
    client.force_login(besieger)
    with translation.override("fr"):
        page = client.get("/tracker/skirmish/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'name="die_variant"' in page
    assert "un d20 sans le 0 : le 10 donne 1, le 20 donne 2" in page


def test_the_cards_and_a_d30_together_are_refused_without_a_500(besieger: User) -> None:
    client = Client()
    client.force_login(besieger)
    page = client.post(
        "/tracker/skirmish/new/",
        {**BANDS, "dice": "app", "my_band": "a", "cards": "on", "die_variant": "d30"},
    )
    assert page.status_code == 200
    assert "Les cartes remplacent le dé : jouez avec les cartes ou avec un d20 ou un d30" in page.content.decode()
    assert TrackedBattle.objects.count() == 0


def test_the_board_offers_the_other_actions_in_french(besieger: User, besieged: User) -> None:
    """II §9 « Tableau des actions autres »: an activated knight may open, open « à la Conan » and put its weapon
    and shield away; the board names them in French."""
    tracked = _one_off(besieger, besieged)
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative())
    state = selectors.current(tracked).state
    model = state.in_play(state.to_play)[0]
    player = tracked.besieger if state.to_play is Side.A else tracked.besieged
    tracked = services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=Activate(model.id))
    client = Client()
    client.force_login(player)
    with translation.override("fr"):
        text = client.get(f"/tracker/{tracked.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for label in ("Ouvrir à la Conan", "Ranger son arme"):
        assert label in text


def test_the_set_up_offers_the_card_variants_and_the_board_says_how_to_type_them(
    besieger: User, besieged: User
) -> None:
    """I §4 « vous pouvez rajouter les cartes 10 », « Choisissez votre joker fétiche … sa valeur est égale au nombre
    de cartes dans la défausse »: the deck has four 10s and one lucky joker (typed 11); a lucky joker drawn second
    is worth the one card in the discard."""
    from rules.freres.cards import CardVariants

    tracked = _one_off(besieger, besieged, cards=True, card_tens=True, lucky_joker=True, dice="physical")
    assert tracked.setup["card_variants"] == {"tens": True, "characters": False, "lucky_joker": True}
    deck = selectors.current(tracked).state.deck
    assert deck == CardVariants(tens=True, lucky_joker=True).deck
    assert deck is not None
    assert (deck.count(10), deck.count(11), deck.count(0)) == (4, 1, 1)
    client = Client()
    client.force_login(besieger)
    with translation.override("fr"):
        board = client.get(f"/tracker/{tracked.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        setup_page = client.get("/tracker/skirmish/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Un 10 se saisit 10. Le joker fétiche se saisit 11." in board
    for name in ("card_tens", "card_characters", "lucky_joker"):
        assert f'name="{name}"' in setup_page
    tracked = services.act(battle_id=tracked.pk, user=besieger, seq=0, action=RollInitiative(), dice=[5, 11])
    now = selectors.current(tracked)
    initiative = next(e for e in now.steps[0].events if e.kind == "initiative")
    assert (initiative.params["a_score"], initiative.params["b_score"]) == (5 + 7, 1 + 8)  # the knight, the rider
    assert now.state.deck == CardVariants(tens=True, lucky_joker=True).deck


def test_the_card_variants_without_the_cards_are_refused_without_a_500(besieger: User) -> None:
    client = Client()
    client.force_login(besieger)
    page = client.post("/tracker/skirmish/new/", {**BANDS, "dice": "app", "my_band": "a", "card_tens": "on"})
    assert page.status_code == 200
    assert "Les variantes de cartes se jouent avec les cartes" in page.content.decode()
    assert TrackedBattle.objects.count() == 0


def test_the_board_shows_a_carrier_with_its_friend_and_a_head_cut_off() -> None:
    """II §9: « La figurine met sur son épaule un ami … Elle est alors automatiquement surchargée »; « Couper une
    tête ». The bands' table says who carries whom, and which dead model lost its head, in French."""
    from dataclasses import replace

    from rules.freres.example import example_skirmish
    from tracker.skirmish_presenters import model_rows

    state = example_skirmish()
    a1, a2, b1 = state.model("a1"), state.model("a2"), state.model("b1")
    state = state.with_models(
        [
            replace(a1, sheathed=True, carrying="a2"),
            replace(a2, out="out_of_action"),
            replace(b1, out="killed", beheaded=True),
        ]
    )
    with translation.override("fr"):
        rows = {row.id: row for row in model_rows(state)}
    assert rows["a1"].flags == "rien en main, porte Archer (surchargée)"
    assert rows["b1"].out == "tuée, décapitée"
