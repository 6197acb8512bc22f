"""The skirmish tracker with the bands' weapons in hand, standard and missiles (003 II §3.2, §4.5, §5.2, §8.1) and a
rider leaping off its mount (§10.2.2): typed on a band line, shown on the board, played from the menu."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from campaigns.bands.lines import BandProblem, band_line, parse_band
from campaigns.bands.presenters import band_rows
from rules.freres.actions import Activate, RollInitiative
from rules.freres.legal import legal_actions
from rules.freres.state import Missile, Side
from tracker import selectors, services
from tracker.models import TrackedBattle
from tracker.services.skirmish import start_one_off_skirmish

pytestmark = pytest.mark.django_db

BAND = (
    "Rider 6 4 5 6 6 8 armour=1 weapon=1 mount=5 hands=two_weapons standard\nArcher 4 6 4 6 5 6 bow bags=2 magazine=3"
)
"""A rider with a weapon in each hand carrying the standard, an archer with two bags of 10 and a magazine of 3."""


def test_a_band_line_gives_the_weapons_the_missiles_and_the_standard() -> None:
    rider, archer = parse_band(BAND, Side.A)
    assert (rider.profile.hands, rider.bears_standard, rider.profile.ambidextrous) == ("two_weapons", True, False)
    assert archer.profile.missile == Missile(damage=2, supply=20, magazine=3)  # §3.2 « Sac de 10 munitions »
    assert archer.profile.load == 2  # two bags, each of weight 1 (§3.2)
    (thrower,) = parse_band("Thrower 4 5 4 6 5 6 thrown=3 hands=blade_and_dagger ambidextrous", Side.B)
    assert thrower.profile.missile == Missile(reload=1, supply=3, thrown=True)  # « trait 1 » (§5.2)
    assert [row.equipment for row in band_rows((rider, archer))] == [
        "armour=1 weapon=1 mount=5 hands=two_weapons standard",
        "bow bags=2 magazine=3",
    ]  # the battle page's table of the band, as typed
    for model in (rider, archer, thrower):
        (again,) = parse_band(band_line(model.profile), model.side)
        assert again.profile == model.profile


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Rider 6 4 5 6 6 8 hands=three", "hands=three is not known"),
        ("Rider 6 4 5 6 6 8 bags=2", "bags= and magazine= go with a bow"),
        ("Rider 6 4 5 6 6 8 bow thrown=2", "a bow or thrown=, not both"),
        ("Rider 6 4 5 6 6 8 bow bags=7", "between 0 and 60"),
    ],
)
def test_a_bad_band_line_is_refused_naming_what_is_wrong(line: str, words: str) -> None:
    with pytest.raises(BandProblem) as refused:
        parse_band(line, Side.A)
    assert words in refused.value.message


def _activated_rider(user: User, opponent: User) -> tuple[TrackedBattle, str, User]:
    tracked = start_one_off_skirmish(
        user=user, data={"band_a": BAND, "band_b": BAND, "opponent": opponent.username, "my_band": "a", "seed": 5}
    )
    tracked = services.act(battle_id=tracked.pk, user=user, seq=tracked.seq, action=RollInitiative())
    side = selectors.current(tracked).state.to_play
    player = user if side is Side.A else opponent
    rider = f"{side.value}1"
    tracked = services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=Activate(rider))
    return tracked, rider, player


def _page(client: Client, url: str, language: str) -> str:
    with translation.override(language):
        answer = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    return answer.content.decode()


def _option(tracked: TrackedBattle, name: str) -> int:
    return next(i for i, a in enumerate(legal_actions(selectors.current(tracked).state)) if a.name == name)


def test_the_bearer_declares_a_friend_within_30_cm_and_leaps_off_its_mount(besieger: User, besieged: User) -> None:
    tracked, rider, player = _activated_rider(besieger, besieged)
    archer = rider[0] + "2"
    client = Client()
    client.force_login(player)
    board = _page(client, f"/tracker/{tracked.pk}/", "en")
    assert "carries the standard" in board
    assert "a weapon in each hand (−1 to its JA)" in board
    assert "missiles left: 20" in board
    assert "Distance to the standard" in board
    assert "Leap on or off its mount" in board
    choice = services.Choice(_option(tracked, "standard_distance"), facts={"distance_cm": "12"})
    tracked = services.act(battle_id=tracked.pk, user=player, seq=tracked.seq, action=choice)
    assert selectors.current(tracked).state.model(archer).near_standard  # §8.1 « dans les 30 cm »
    tracked = services.act(
        battle_id=tracked.pk, user=player, seq=tracked.seq, action=services.Choice(_option(tracked, "leap_mount"))
    )
    step = selectors.current(tracked).steps[-1]
    assert step.entry.rolls[0].reason.startswith("leap_mount_ja")
    board = _page(client, f"/tracker/{tracked.pk}/", "en")
    assert "within 30 cm of its standard" in board
    report = _page(client, f"/tracker/{tracked.pk}/report/", "en")  # the log's events
    assert "stands 12 cm from its standard: within 30 cm: +1 to its morale tests." in report
    assert "leaps off its mount" in report
    french = _page(client, f"/tracker/{tracked.pk}/", "fr")
    assert "porte l’étendard" in french
    assert "Distance à l’étendard" in french
    assert "saute de sa monture" in _page(client, f"/tracker/{tracked.pk}/report/", "fr")


def test_a_skirmish_started_with_a_standard_keeps_it_after_a_reload(besieger: User, besieged: User) -> None:
    tracked, rider, _player = _activated_rider(besieger, besieged)
    fresh = TrackedBattle.objects.get(pk=tracked.pk)
    assert selectors.current(fresh).state.model(rider).bears_standard
