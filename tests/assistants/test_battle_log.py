"""The rolls made in the assistant for a campaign battle: kept with it as a log that only grows, made by its
players and organiser only, shown on the battle's page in each language, and its kills filling in the losses."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import translation

from assistants import services
from assistants.models import AppendOnly, ConfrontationRoll
from assistants.selectors import losses_from_log, roll_log
from campaigns.models import Battle, Campaign, RuleSystem
from rules.confrontation.shooting import InContact
from rules.confrontation.situations import (
    Casualty,
    HoldFireSituation,
    MeleeSide,
    MeleeSituation,
    ShotSituation,
    WoundSituation,
)
from rules.confrontation.system import RollLog
from tests.assistants.test_views import CHARGE_ON_THE_WALL, SHOT
from tests.campaigns.demo_helpers import as_member, member
from tests.demo import load_demo

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def siege() -> Battle:
    """The demo's siege of Montfort (Bruno attacks, Chloé defends), played with Confrontation."""
    campaign = load_demo()
    battle = Battle.objects.get(campaign=campaign, kind="siege")
    Battle.objects.filter(pk=battle.pk).update(rule_system=RuleSystem.CONFRONTATION)
    battle.refresh_from_db()
    return battle


def _in(language: str, client: Client) -> Client:
    client.cookies["django_language"] = language
    return client


def roll(client: Client, battle: Battle, kind: str, data: dict[str, Any]) -> Any:
    url = reverse(f"assistants:confrontation-battle-{kind}", args=[battle.campaign_id, battle.pk])
    return client.post(url, data, **HTMX)


def battle_page(client: Client, battle: Battle) -> str:
    response = client.get(reverse("campaigns:battle", args=[battle.campaign_id, battle.pk]))
    assert response.status_code == 200
    return response.content.decode()


WOUND_KILLS = {
    "wound-damage": "12",
    "wound-double": "6",
    "wound-dice_source": "typed",
    "wound-dice": "3",
    "wound-casualty_side": "defender",
    "wound-casualty_points": "1200",
    "action": "roll",
}
"""004 Tableau des blessures: a double 6 « Tué Net »; the wounded model is one of Chloé's, worth 1 200 points."""


# The service ---------------------------------------------------------------------------------------------------


def test_a_roll_for_a_battle_is_kept_with_who_when_the_situation_and_the_dice(siege: Battle) -> None:
    chloe = member(siege.campaign, "chloe")
    _plan, resolution = services.roll_for_battle(
        battle=siege, by=chloe, kind="hold_fire", situation=HoldFireSituation("Archers", 3), typed=[2], roll=True
    )
    assert resolution.held is False  # 004 Réception de charge: 2 + 3 = 5, short of « difficulté 6 »
    kept = ConfrontationRoll.objects.get(battle=siege)
    assert (kept.by, kept.kind, kept.situation) == (chloe, "hold_fire", {"name": "Archers", "discipline": 3})
    assert kept.dice == [
        {"die": "D6", "reason": kept.dice[0]["reason"], "result": 2, "physical": True},
    ]
    assert kept.dice[0]["reason"].startswith("hold_fire_test")
    assert kept.outcome == {"held": False, "total": 5, "difficulty": 6}
    assert kept.at is not None


def test_the_kept_rolls_are_the_engines_log_and_replay_to_what_was_kept(siege: Battle) -> None:
    # the rolls as the assistant keeps them (kind, situation, dice) read as the engine's log (rules.log), the same
    # JSON, no other copy; replayed with their dice, each gives what was kept
    bruno = member(siege.campaign, "bruno")
    orcs = MeleeSide("Orcs", "troop", 5, 1, 3, 3, 2, 4, ("elevated",))
    guards = MeleeSide("Guards", "troop", 4, 1, 3, 4, 3, 5)
    asked: list[tuple[str, Any, list[int]]] = [
        ("melee", MeleeSituation(orcs, guards, "charge", arrives_from="flank"), [5, 2, 6, 1]),
        # 004 Tirer dans le tas: a success of 1 (4 + 3 against 7 at medium range), then the draw among the chances
        ("shot", ShotSituation(3, "medium", target="Chief", into_melee=True, in_contact=(InContact("Orc"),)), [4, 1]),
        ("wound", WoundSituation(12, 6), [3]),
    ]
    for kind, situation, typed in asked:
        services.roll_for_battle(battle=siege, by=bruno, kind=kind, situation=situation, typed=typed, roll=True)
    log = roll_log(siege)
    assert [entry.action.request for entry in log.entries] == [situation for _, situation, _ in asked]
    assert [[roll.result for roll in entry.rolls] for entry in log.entries] == [typed for _, _, typed in asked]
    kept = list(ConfrontationRoll.objects.filter(battle=siege).order_by("at", "pk"))
    replayed = list(RollLog.from_json(log.to_json()).replay())
    opening, shot, wound = (outcome.result for outcome in replayed)
    assert [list(place) for place in opening.announcing] == kept[0].outcome["announcing"]
    assert (shot.grade.value, shot.hit, shot.attempt.total) == (
        kept[1].outcome["grade"],
        kept[1].outcome["hit"],
        kept[1].outcome["total"],
    )
    assert (wound.location.value, wound.wound.value) == (kept[2].outcome["location"], kept[2].outcome["wound"])
    assert wound.wound.value == "killed"  # 004 Tableau des blessures: a double 6 « Tué Net »


def test_a_plan_alone_and_a_refused_roll_keep_nothing(siege: Battle) -> None:
    bruno = member(siege.campaign, "bruno")
    with pytest.raises(services.AssistantError, match="le D6 ne peut pas montrer 7"):
        services.roll_for_battle(
            battle=siege, by=bruno, kind="wound", situation=WoundSituation(12), typed=[7], roll=True
        )
    assert not ConfrontationRoll.objects.filter(battle=siege).exists()


@pytest.mark.parametrize("casualty", [Casualty("besieger", 100), Casualty("defender", -1), Casualty("attacker", 10**6)])
def test_a_casualty_of_no_side_or_of_impossible_points_is_refused(siege: Battle, casualty: Casualty) -> None:
    with translation.override("en"), pytest.raises(services.AssistantError, match="attacker or the defender"):
        services.roll_for_battle(
            battle=siege, by=member(siege.campaign, "bruno"), kind="wound", situation=WoundSituation(12, 6),
            typed=[3], roll=True, casualty=casualty,
        )  # fmt: skip
    assert not ConfrontationRoll.objects.exists()


def test_the_log_only_grows(siege: Battle) -> None:
    bruno = member(siege.campaign, "bruno")
    services.roll_for_battle(
        battle=siege, by=bruno, kind="wound", situation=WoundSituation(12, 6), typed=[3], roll=True,
        casualty=Casualty("defender", 1200),
    )  # fmt: skip
    kept = ConfrontationRoll.objects.get(battle=siege)
    kept.outcome = {"wound": "none"}
    for change in (kept.save, kept.delete, ConfrontationRoll.objects.all().delete):
        with transaction.atomic(), pytest.raises(AppendOnly):
            change()
    with transaction.atomic(), pytest.raises(AppendOnly):
        ConfrontationRoll.objects.filter(battle=siege).update(loss_points=0)
    kept.refresh_from_db()
    assert (kept.outcome["wound"], kept.loss_side, kept.loss_points) == ("killed", "defender", 1200)


def test_only_a_kill_counts_as_a_loss(siege: Battle) -> None:
    """004 Tableau des blessures: 12 damage in the torso is « critique », not « Tué Net »: no loss is counted."""
    bruno = member(siege.campaign, "bruno")
    for double, points in ((None, 50), (6, 1200), (6, 300)):
        services.roll_for_battle(
            battle=siege, by=bruno, kind="wound", situation=WoundSituation(12, double), typed=[3], roll=True,
            casualty=Casualty("defender", points),
        )  # fmt: skip
    assert losses_from_log(siege) == {"attacker": 0, "defender": 1500}


# The views -----------------------------------------------------------------------------------------------------


def test_only_the_battles_players_and_organiser_roll_for_it(siege: Battle) -> None:
    campaign: Campaign = siege.campaign
    for name in ("bruno", "chloe", "organisateur"):
        response = roll(as_member(campaign, name), siege, "shot", SHOT)
        assert response.status_code == 200, name
    assert ConfrontationRoll.objects.filter(battle=siege).count() == 3
    alice = as_member(campaign, "alice")  # a member of the campaign, not of this battle
    assert roll(alice, siege, "shot", SHOT).status_code == 403
    assert alice.get(reverse("assistants:confrontation-battle", args=[campaign.pk, siege.pk])).status_code == 403
    outsider = Client()
    outsider.force_login(User.objects.create_user("stranger", password="pw-stranger-1"))
    assert roll(outsider, siege, "shot", SHOT).status_code == 404
    assert ConfrontationRoll.objects.filter(battle=siege).count() == 3


def test_a_battle_not_played_with_confrontation_keeps_nothing(siege: Battle) -> None:
    Battle.objects.filter(pk=siege.pk).update(rule_system=RuleSystem.WFB_SIEGE)
    assert roll(as_member(siege.campaign, "bruno"), siege, "shot", SHOT).status_code == 404
    assert not ConfrontationRoll.objects.exists()


@pytest.mark.parametrize(
    ("kind", "data", "message"),
    [
        ("shot", SHOT | {"shot-dice": "7"}, "the D6 cannot show 7"),
        ("shot", SHOT | {"shot-dice": "six"}, "Type each die"),
        ("melee", CHARGE_ON_THE_WALL | {"melee-dice": "3 4 2"}, "the rules roll 1 more"),
        ("wound", WOUND_KILLS | {"wound-casualty_points": "-5"}, "greater than or equal to 0"),
        ("flight", {"flight-name": "Goblin", "flight-move": "0", "flight-dice_source": "app"}, "greater than or equal"),
        (
            "disengage",
            {
                "disengage-name": "Humans",
                "disengage-initiative": "3",
                "disengage-fleeing": "2",
                "disengage-highest_opposing_initiative": "4",
                "disengage-opponents": "3",
                "disengage-engaged_elsewhere": "0",
                "disengage-charged_this_turn": "on",
                "disengage-dice_source": "app",
            },
            "004 Se désengager d&#x27;un combat, NB",
        ),
        (
            "hold_fire",
            {"hold_fire-name": "Archers", "hold_fire-discipline": "x", "hold_fire-dice_source": "app"},
            "Enter a whole number",
        ),
    ],
)
def test_bad_input_is_a_message_and_keeps_nothing(siege: Battle, kind: str, data: dict[str, str], message: str) -> None:
    client = _in("en", as_member(siege.campaign, "bruno"))
    response = roll(client, siege, kind.replace("_", "-"), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not ConfrontationRoll.objects.exists()


def test_the_battle_page_shows_the_log_in_english(siege: Battle) -> None:
    bruno = _in("en", as_member(siege.campaign, "bruno"))
    roll(bruno, siege, "melee", CHARGE_ON_THE_WALL)
    roll(bruno, siege, "shot", SHOT | {"shot-dice": "1"})
    roll(bruno, siege, "wound", WOUND_KILLS)
    page = battle_page(bruno, siege)
    assert 'id="confrontation-log"' in page
    assert "Announce first to last:" in page
    assert "Discipline test of Orcs: <strong>3</strong>" in page  # the fighters named as typed, not by their place
    # 004 Tirer dans le tas: « échec ‘critique’ (… ou bien résultat de 1) »: 1 + 4 against 10 (medium, major cover)
    assert "Archer shoots at Guard: 5 against 10, critical failure. Nobody is hit." in page
    assert "Location: torso; killed outright. A loss of 1,200 points for the defender." in page
    assert page.count('class="summary"') == 3


def test_the_battle_page_shows_the_log_in_french(siege: Battle) -> None:
    chloe = _in("fr", as_member(siege.campaign, "chloe"))
    roll(chloe, siege, "wound", WOUND_KILLS)
    flight = {
        "flight-name": "Gobelin", "flight-move": "15", "flight-already_moved": "on", "flight-pursuer": "Chevalier",
        "flight-pursuer_charge_move": "10", "flight-pursuer_move": "10", "flight-gap": "5",
        "flight-dice_source": "typed", "flight-dice": "3 2", "action": "roll",
    }  # fmt: skip
    roll(chloe, siege, "flight", flight)
    page = battle_page(chloe, siege)
    assert "1\u00a0200" in page or "1 200" in page  # the points in the French locale
    assert "1,200" not in page
    # 004 Rattraper un fuyard: a 3 less 1 reads the row of 2, « 1/2 » of 15 cm: 7,5 cm; the pursuer's 2: 10 + 5 cm
    assert "Gobelin fuit sur 7,5\u00a0cm" in page or "Gobelin fuit sur 7,5 cm" in page
    for english in ("killed outright", "Location", "flees", "points for the"):
        assert english not in page, english


def test_the_result_form_starts_from_the_logs_losses(siege: Battle) -> None:
    bruno = _in("en", as_member(siege.campaign, "bruno"))
    page = battle_page(bruno, siege)
    assert 'id="losses-from-log"' not in page
    roll(bruno, siege, "wound", WOUND_KILLS)
    page = battle_page(bruno, siege)
    assert 'id="losses-from-log"' in page
    assert 'name="defender_losses" value="1200"' in page
    assert 'name="attacker_losses" value="0"' in page


def test_the_losses_filled_in_stay_within_the_points_brought(siege: Battle) -> None:
    bruno = _in("en", as_member(siege.campaign, "bruno"))
    roll(bruno, siege, "wound", WOUND_KILLS | {"wound-casualty_points": "99999"})
    assert siege.defender_points < 99999
    assert f'name="defender_losses" value="{siege.defender_points}"' in battle_page(bruno, siege)
