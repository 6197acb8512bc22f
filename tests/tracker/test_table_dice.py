"""Dice rolled at the table are asked for up front: each option's form says which dice it rolls, an action that
rolls none asks for none, and a volley is played in one submission when the player types the dice announced."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from rules.siege.actions import Shoot
from tracker import selectors, services
from tracker.models import TrackedBattle, TrackedEntry
from tracker.presenters import board_context

from .test_pages import client_for
from .test_storage import _to_shooting

pytestmark = pytest.mark.django_db


def test_the_forms_announce_the_dice_and_the_end_of_the_step_asks_for_none(
    physical: TrackedBattle, besieged: User, besieger: User
) -> None:
    physical = _to_shooting(physical, besieged, besieger)
    with translation.override("en"):
        items = {i.name: i for i in board_context(physical, besieged)["mine"]}
    # one crossbowman shoots: one D6 to hit first (§5.2), the rest as the hits fall
    assert items["shoot"].dice is not None
    assert items["shoot"].dice.startswith("1 D6: ")
    assert "then D6" in items["shoot"].dice
    assert items["end_phase"].dice == ""  # ending the step rolls nothing: no dice box
    page = client_for(besieged).get(f"/tracker/{physical.pk}/").content.decode()
    forms = {f.split('"', 1)[0]: f for f in page.split('data-action="')[1:]}
    assert 'name="dice"' in forms["shoot"]
    assert 'class="dice-needed"' in forms["shoot"]
    assert 'name="dice"' not in forms["end_phase"]


def test_a_volley_is_played_in_one_submission_with_the_dice_announced(
    physical: TrackedBattle, besieged: User, besieger: User
) -> None:
    """§5.2, §5: the crossbowman xb1 (S4) shoots the orc c1 (T4, light armour and shield: 5+). A 6 hits, a 6
    wounds (S4 against T4: 4+), the armour save at 6+ (−1 for S4) fails on a 1: the orc falls, in one entry."""
    physical = _to_shooting(physical, besieged, besieger)
    physical = services.act(
        battle_id=physical.pk, user=besieged, seq=physical.seq, action=Shoot(("xb1",), ("c1",)), dice=[6, 6, 1]
    )
    entry = TrackedEntry.objects.get(battle=physical, seq=physical.seq).entry
    assert [(r["die"], r["result"], r["physical"]) for r in entry["rolls"]] == [
        ("D6", 6, True),
        ("D6", 6, True),
        ("D6", 1, True),
    ]
    state = selectors.current(physical).state
    assert "c1" not in state.by_id
