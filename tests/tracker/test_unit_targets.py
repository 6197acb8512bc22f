"""A volley picks a whole unit as its target, as a unit shoots at a unit (§5): the form lists the enemy units with
how many models each, and the shots spread over the unit's models."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from rules.siege.menus.legal import menu_options
from tracker import selectors, services
from tracker.menus import unit_groups
from tracker.models import TrackedBattle, TrackedEntry
from tracker.presenters import board_context

from .test_pages import client_for
from .test_storage import _to_shooting

pytestmark = pytest.mark.django_db


def test_a_volley_targets_a_whole_unit(tracked: TrackedBattle, besieged: User, besieger: User) -> None:
    tracked = _to_shooting(tracked, besieged, besieger)
    state = selectors.current(tracked).state
    index, option = next((i, o) for i, o in enumerate(menu_options(state)) if o.name == "shoot")
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
    everyone = {n: len(ids) for n, (_unit, ids) in enumerate(unit_groups(state, option))}
    tracked = services.act(
        battle_id=tracked.pk,
        user=besieged,
        seq=tracked.seq,
        action=services.Choice(index, target=value, counts=everyone),
    )
    action = TrackedEntry.objects.get(battle=tracked, seq=tracked.seq).entry["action"]
    assert action["action"] == "shoot"
    assert action["targets"] == unit


def test_a_target_off_the_list_is_refused_and_nothing_written(
    tracked: TrackedBattle, besieged: User, besieger: User
) -> None:
    tracked = _to_shooting(tracked, besieged, besieger)
    state = selectors.current(tracked).state
    index, option = next((i, o) for i, o in enumerate(menu_options(state)) if o.name == "shoot")
    before = tracked.seq
    with pytest.raises(services.Refused, match="Pick a target"):
        services.act(
            battle_id=tracked.pk,
            user=besieged,
            seq=tracked.seq,
            action=services.Choice(index, target=f"{option.targets[0]},nobody"),
        )
    assert TrackedEntry.objects.filter(battle=tracked).count() == before


def test_a_volley_is_one_line_its_shots_folded_beneath(tracked: TrackedBattle, besieged: User, besieger: User) -> None:
    """§5: the crossbowmen's volley at the boyz on ladder L1 is one line of the log; each shot's hits, wounds and
    dice are under it, folded."""
    tracked = _to_shooting(tracked, besieged, besieger)
    state = selectors.current(tracked).state
    index, option = next((i, o) for i, o in enumerate(menu_options(state)) if o.name == "shoot")
    with translation.override("fr"):
        value = next(i for i in board_context(tracked, besieged)["mine"] if i.index == index).targets[0][0]
    everyone = {n: len(ids) for n, (_unit, ids) in enumerate(unit_groups(state, option))}  # every shooter shoots
    tracked = services.act(
        battle_id=tracked.pk,
        user=besieged,
        seq=tracked.seq,
        action=services.Choice(index, target=value, counts=everyone),
    )
    page = client_for(besieged).get(f"/tracker/{tracked.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    log = page[page.index('class="log"') :]
    volley = log.split("<li>")[1]  # the newest line first
    assert "tirent sur" in volley.split("<details")[0]
    assert volley.count('class="roll"') >= len(option.actors)  # a die a shot at least, folded beneath
    assert "<details" in volley


def test_a_volley_with_no_shooter_is_refused_and_nothing_written(
    tracked: TrackedBattle, besieged: User, besieger: User
) -> None:
    """§5: a volley is shot by the unit's models; none picked, none shoots, and the engine refuses it."""
    tracked = _to_shooting(tracked, besieged, besieger)
    state = selectors.current(tracked).state
    index, option = next((i, o) for i, o in enumerate(menu_options(state)) if o.name == "shoot")
    before = TrackedEntry.objects.filter(battle=tracked).count()
    with pytest.raises(services.Refused) as refused:
        services.act(
            battle_id=tracked.pk,
            user=besieged,
            seq=tracked.seq,
            action=services.Choice(index, target=option.targets[0]),
        )
    assert refused.value.clause == "§5"
    assert "A volley needs at least one shooter" in refused.value.message
    assert TrackedEntry.objects.filter(battle=tracked).count() == before
