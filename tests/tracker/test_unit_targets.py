"""A volley picks a whole unit as its target, as a unit shoots at a unit (§5): the form lists the enemy units with
how many models each, and the shots spread over the unit's models."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from rules.siege.legal import legal_actions
from tracker import selectors, services
from tracker.models import TrackedBattle, TrackedEntry
from tracker.presenters import board_context

from .test_storage import _to_shooting

pytestmark = pytest.mark.django_db


def test_a_volley_targets_a_whole_unit(tracked: TrackedBattle, besieged: User, besieger: User) -> None:
    tracked = _to_shooting(tracked, besieged, besieger)
    state = selectors.current(tracked).state
    index, option = next((i, o) for i, o in enumerate(legal_actions(state)) if o.name == "shoot")
    first = state.by_id[option.targets[0]]
    unit = [m.id for m in state.models if m.unit == first.unit and m.place == first.place and m.id in option.targets]
    assert str(first.place) == "ladder:L1"  # the example's boyz climbing ladder L1: one unit, several models
    assert len(unit) > 1
    with translation.override("fr"):
        item = next(i for i in board_context(tracked, besieged)["mine"] if i.index == index)
    value, label = item.targets[0]
    assert value.split(",") == unit
    assert label == f"{len(unit)} Boyz (sur l’échelle L1)"
    assert len(item.targets) < len(option.targets)  # one line a unit, not one a model
    tracked = services.act(
        battle_id=tracked.pk, user=besieged, seq=tracked.seq, action=services.Choice(index, target=value)
    )
    action = TrackedEntry.objects.get(battle=tracked, seq=tracked.seq).entry["action"]
    assert action["action"] == "shoot"
    assert action["targets"] == unit


def test_a_target_off_the_list_is_refused_and_nothing_written(
    tracked: TrackedBattle, besieged: User, besieger: User
) -> None:
    tracked = _to_shooting(tracked, besieged, besieger)
    state = selectors.current(tracked).state
    index, option = next((i, o) for i, o in enumerate(legal_actions(state)) if o.name == "shoot")
    before = tracked.seq
    with pytest.raises(services.Refused, match="Pick a target"):
        services.act(
            battle_id=tracked.pk,
            user=besieged,
            seq=tracked.seq,
            action=services.Choice(index, target=f"{option.targets[0]},nobody"),
        )
    assert TrackedEntry.objects.filter(battle=tracked).count() == before
