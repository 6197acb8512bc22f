"""Battle results on PostgreSQL: entered by one side and confirmed by the other (or by the organiser), bounded by
what can have happened, corrected by the organiser with an audit trail, scored with the campaign's points, and
explained in the turn's events."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.exceptions import ValidationError

from campaigns.models import Army, Battle, Campaign, CampaignMembership, Role, Territory, TurnState, Winner
from campaigns.presenters import event_lines
from campaigns.selectors import tallies
from campaigns.services import (
    Result,
    TerritorySpec,
    add_campaign_member,
    confirm_result,
    correct_result,
    create_army,
    join_club,
    load_map,
    open_turn,
    report_result,
    resolve_turn,
    start_resolution,
    submit_order,
    update_settings,
)
from rules.siege.chapters.victory import Achievements
from tests.demo import load_demo

from .demo_helpers import army, member, territory

pytestmark = pytest.mark.django_db


@pytest.fixture
def rival(django_user_model: type[User], campaign: Campaign) -> CampaignMembership:
    user = django_user_model.objects.create_user("rival", password="pw-rival-123")
    join_club(club=campaign.club, user=user)
    return add_campaign_member(campaign=campaign, user=user, role=Role.PLAYER)


def field_battle(campaign: Campaign, *, defender_points: int = 2100) -> Battle:
    """The rival's 2,500-point horde attacks the player's host at home, in a land with no other land of the
    player's nor free land next to it."""
    load_map(
        campaign=campaign,
        specs=[
            TerritorySpec("Camp", owner="rival", neighbours=("Home",), x=10, y=10),
            TerritorySpec("Home", value=2, owner="player", neighbours=("Camp",), x=90, y=90),
        ],
    )
    rival, player = member(campaign, "rival"), member(campaign, "player")
    horde = create_army(owner=rival, name="Horde", territory=territory(campaign, "Camp"), points=2500)
    create_army(owner=player, name="Host", territory=territory(campaign, "Home"), points=defender_points)
    turn = open_turn(campaign=campaign)
    submit_order(membership=rival, army_id=horde.pk, kind="attack", target_id=territory(campaign, "Home").pk)
    resolve_turn(turn_id=start_resolution(turn=turn).pk)
    return Battle.objects.get(campaign=campaign, kind="field")


def organiser(campaign: Campaign) -> CampaignMembership:
    return campaign.memberships.get(role=Role.ORGANISER)


def points_of(campaign: Campaign) -> dict[str, tuple[int, int]]:
    return {t.membership.user.username: (t.total, t.victory_points) for t in tallies(campaign)}


ATTACKER_WINS = Result(winner=Winner.ATTACKER, attacker_victory_points=99_999, attacker_losses=300, defender_losses=200)


def test_a_players_result_changes_nothing_until_the_other_side_confirms(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign)
    before = points_of(campaign)
    report_result(battle=battle, result=ATTACKER_WINS, by=rival)
    battle.refresh_from_db()
    assert not battle.played
    assert battle.proposed_by == rival
    assert territory(campaign, "Home").owner.user.username == "player"
    assert army(campaign, "Host").points == 2100
    assert points_of(campaign) == before
    assert battle.turn.state == TurnState.BATTLES
    confirm_result(battle=battle, by=member(campaign, "player"))
    battle.refresh_from_db()
    assert battle.played
    assert territory(campaign, "Home").owner.user.username == "rival"
    assert army(campaign, "Host").points == 1900
    # a win is 3 campaign points by default; the 99,999 victory points only break ties
    assert points_of(campaign)["rival"] == (3 + 1 + 2, 99_999)
    battle.turn.refresh_from_db()
    assert battle.turn.state == TurnState.COMPLETE


def test_no_one_confirms_their_own_result_and_outsiders_confirm_nothing(
    campaign: Campaign, rival, django_user_model
) -> None:
    battle = field_battle(campaign)
    report_result(battle=battle, result=ATTACKER_WINS, by=rival)
    with pytest.raises(ValidationError, match="confirm"):
        confirm_result(battle=battle, by=rival)
    third = django_user_model.objects.create_user("third")
    join_club(club=campaign.club, user=third)
    with pytest.raises(ValidationError):
        confirm_result(battle=battle, by=add_campaign_member(campaign=campaign, user=third))
    assert not Battle.objects.get(pk=battle.pk).played
    confirm_result(battle=battle, by=organiser(campaign))
    assert Battle.objects.get(pk=battle.pk).played


def test_the_other_side_may_enter_a_different_result_for_the_first_to_confirm(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign)
    report_result(battle=battle, result=ATTACKER_WINS, by=rival)
    player = member(campaign, "player")
    report_result(battle=battle, result=Result(winner=Winner.DEFENDER, attacker_losses=900), by=player)
    with pytest.raises(ValidationError):
        confirm_result(battle=battle, by=player)
    confirm_result(battle=battle, by=rival)
    battle.refresh_from_db()
    assert (battle.winner, battle.attacker_losses) == (Winner.DEFENDER, 900)


def test_a_beaten_army_with_nowhere_to_fall_back_stays_cut_off_and_the_events_say_why(
    campaign: Campaign, rival
) -> None:
    """The 2,100-point army that vanished after losing 200 points: beaten at home, no land of its own or free next
    to it. It keeps its 1,900 points and stays, cut off; the turn's events say so and link to the battle."""
    battle = field_battle(campaign)
    report_result(battle=battle, result=ATTACKER_WINS, by=organiser(campaign))
    host = army(campaign, "Host")
    assert (host.points, host.destroyed, host.territory.name) == (1900, False, "Home")
    lines = event_lines(battle.turn, organiser(campaign))
    linked = [line for line in lines if line.battle_url and line.battle_url.endswith(f"/battles/{battle.pk}/")]
    texts = " ".join(line.text for line in linked)
    assert "Host" in texts
    assert "Home" in texts
    assert len(linked) >= 3  # the attack, the territory taken, the host cut off


def test_an_army_whose_losses_take_all_its_points_is_destroyed_and_the_events_say_so(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign, defender_points=400)
    report_result(battle=battle, result=Result(winner=Winner.ATTACKER, defender_losses=400), by=organiser(campaign))
    host = army(campaign, "Host")
    assert (host.points, host.destroyed) == (0, True)
    destroyed = [e for e in battle.turn.__class__.objects.get(pk=battle.turn_id).log if e["code"] == "destroyed"]
    assert destroyed == [
        {"code": "destroyed", "territory": battle.territory_id, "army": host.pk, "player": None,
         "battle": battle.pk, "points": 400}
    ]  # fmt: skip


def test_a_beaten_army_falls_back_to_its_own_land_next_door(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign)
    refuge = Territory.objects.create(campaign=campaign, name="Refuge", owner=member(campaign, "player"))
    refuge.neighbours.add(territory(campaign, "Home"))
    report_result(battle=battle, result=ATTACKER_WINS, by=organiser(campaign))
    assert army(campaign, "Host").territory.name == "Refuge"


def test_the_organisers_correction_works_out_again_what_followed_and_is_kept(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign)
    boss = organiser(campaign)
    report_result(battle=battle, result=ATTACKER_WINS, by=boss)
    assert territory(campaign, "Home").owner.user.username == "rival"
    corrected = Result(winner=Winner.DEFENDER, attacker_losses=1000, defender_losses=500, defender_victory_points=7)
    correct_result(battle=battle, result=corrected, by=boss)
    assert territory(campaign, "Home").owner.user.username == "player"
    host, horde = army(campaign, "Host"), army(campaign, "Horde")
    assert (host.points, host.territory.name) == (1600, "Home")
    assert (horde.points, horde.territory.name) == (1500, "Camp")
    # player: Home (2) and the win (3); rival: Camp (1) and the loss (0)
    assert points_of(campaign) == {"player": (5, 7), "rival": (1, 0)}
    trail = list(battle.corrections.all())
    assert len(trail) == 1
    assert trail[0].by == boss
    assert trail[0].at is not None
    assert (trail[0].before["winner"], trail[0].before["attacker_victory_points"]) == ("attacker", 99_999)
    assert (trail[0].after["winner"], trail[0].after["defender_losses"]) == ("defender", 500)
    codes = [e["code"] for e in battle.turn.__class__.objects.get(pk=battle.turn_id).log if e.get("battle")]
    assert "taken" not in codes
    assert "held" in codes


def test_only_the_organiser_corrects_and_only_until_the_next_turn(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign)
    report_result(battle=battle, result=ATTACKER_WINS, by=organiser(campaign))
    with pytest.raises(ValidationError):
        correct_result(battle=battle, result=ATTACKER_WINS, by=member(campaign, "player"))
    open_turn(campaign=campaign)
    with pytest.raises(ValidationError, match="2"):
        correct_result(battle=battle, result=Result(winner=Winner.DEFENDER), by=organiser(campaign))
    assert Battle.objects.get(pk=battle.pk).winner == Winner.ATTACKER


def test_losses_are_bounded_by_the_forces_present(campaign: Campaign, rival) -> None:
    battle = field_battle(campaign)
    with pytest.raises(ValidationError, match="2100"):
        report_result(battle=battle, result=Result(winner=Winner.ATTACKER, defender_losses=2101), by=rival)
    assert Battle.objects.get(pk=battle.pk).proposed_result is None


def test_campaign_points_come_from_the_settings_and_victory_points_only_break_ties(campaign: Campaign, rival) -> None:
    """800 victory points typed in no longer outweigh every territory: a win is worth what the organiser set."""
    battle = field_battle(campaign)
    update_settings(campaign=campaign, values={"win_points": 5, "draw_points": 2, "loss_points": 1})
    draw = Result(winner=Winner.DRAW, attacker_victory_points=800, defender_victory_points=10)
    report_result(battle=battle, result=draw, by=organiser(campaign))
    # both draw: 2 each; the player's Home is worth 2, the rival's Camp 1
    assert points_of(campaign) == {"player": (2 + 2, 10), "rival": (2 + 1, 800)}
    Territory.objects.filter(name="Home").update(value=1)
    assert [t.membership.user.username for t in tallies(campaign)] == ["rival", "player"]  # 3 each: 800 VP > 10


# Sieges, on the demo: the castle of Montfort (a standard 1,500-point fort: 4 wall-walks, 4 tower sections)


def demo_siege() -> tuple[Campaign, Battle]:
    demo = load_demo()
    return demo, Battle.objects.get(campaign=demo, kind="siege")


def test_a_siege_result_cannot_hold_more_sections_than_the_fort_has() -> None:
    demo, siege = demo_siege()
    impossible = Result(
        winner=Winner.ATTACKER,
        siege={"attacker": Achievements(sections={"tower": 9, "wall_walk": 12}), "defender": Achievements()},
    )
    with pytest.raises(ValidationError, match="4"):
        report_result(battle=siege, result=impossible, by=member(demo, "bruno"))
    shared = Result(
        winner=Winner.ATTACKER,
        siege={
            "attacker": Achievements(sections={"wall_walk": 3}),
            "defender": Achievements(sections={"wall_walk": 2}),
        },
    )
    with pytest.raises(ValidationError, match="5"):
        report_result(battle=siege, result=shared, by=member(demo, "bruno"))
    siege.refresh_from_db()
    assert siege.proposed_result is None
    assert not siege.played


def test_a_siege_cannot_rout_more_than_the_enemy_brought() -> None:
    demo, siege = demo_siege()
    # the garrison fights the siege with its 1,500 points
    routed = Result(
        winner=Winner.ATTACKER, siege={"attacker": Achievements(units=(900, 700)), "defender": Achievements()}
    )
    with pytest.raises(ValidationError, match="1500"):
        report_result(battle=siege, result=routed, by=member(demo, "bruno"))
    with pytest.raises(ValidationError, match="1500"):
        report_result(
            battle=siege,
            result=Result(winner=Winner.ATTACKER, defender_losses=1501, siege={"attacker": Achievements(),
                                                                                "defender": Achievements()}),
            by=member(demo, "bruno"),
        )  # fmt: skip


def test_a_siege_counts_victory_points_per_unit_with_the_engine() -> None:
    """§17: 1 point per full 100 points of each unit: 350 and 90 and 60 make 3, where 500 // 100 made 5."""
    demo, siege = demo_siege()
    result = Result(
        winner=Winner.DEFENDER,
        siege={"attacker": Achievements(units=(350, 90, 60)), "defender": Achievements(sections={"courtyard": 1})},
    )
    report_result(battle=siege, result=result, by=member(demo, "organisateur"))
    siege.refresh_from_db()
    assert (siege.attacker_victory_points, siege.defender_victory_points) == (3, 2)  # §17.1; §17.2 courtyard 2


def test_a_castle_taken_with_no_defender_losses_does_not_destroy_its_armies() -> None:
    """Montfort falls with 0 defender losses: the castle changes hands, but its garrison (1,500) and the knights
    who withdrew into it (1,000) keep every point; with no land of Chloé's or free land next to the castle, they
    stay cut off there. The events say so."""
    demo, siege = demo_siege()
    result = Result(
        winner=Winner.ATTACKER,
        attacker_losses=100,
        siege={"attacker": Achievements(sections={"wall_walk": 1}), "defender": Achievements()},
    )
    report_result(battle=siege, result=result, by=member(demo, "organisateur"))
    assert territory(demo, "Château de Montfort").owner.user.username == "bruno"
    garrison, knights = army(demo, "Garnison de Montfort"), army(demo, "Chevaliers du Graal")
    assert (garrison.points, garrison.destroyed, garrison.is_garrison) == (1500, False, False)
    assert (knights.points, knights.destroyed) == (1000, False)
    codes = [e["code"] for e in siege.turn.__class__.objects.get(pk=siege.turn_id).log if e.get("battle")]
    assert codes.count("cut_off") == 2
    assert "castle_taken" in codes
    assert "garrison_out" in codes
    assert Army.objects.filter(campaign=demo, destroyed=True).count() == 0


def test_the_other_side_is_mailed_that_a_result_waits_for_them(
    campaign: Campaign, rival, django_capture_on_commit_callbacks
) -> None:
    battle = field_battle(campaign)
    User.objects.filter(username="player").update(email="player@example.org")
    User.objects.filter(username="rival").update(email="rival@example.org")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        report_result(battle=battle, result=ATTACKER_WINS, by=rival)
    assert [m.to for m in mail.outbox] == [["player@example.org"]]
    assert "rival a saisi le résultat de la bataille de Home" in mail.outbox[0].body


def test_the_result_form_and_its_refusals_name_the_engines_own_categories() -> None:
    """§17: the words of each category sit in one table, keyed and ordered as the engine scores them."""
    from campaigns.results import ENGINE_SIDE, SIEGE_CATEGORIES
    from rules.siege.board.state import Side as EngineSide
    from rules.siege.chapters.victory import SECTION_CATEGORIES, Achievements, scored

    assert list(SIEGE_CATEGORIES) == list(scored(EngineSide.BESIEGER, Achievements()))
    assert [key for key, c in SIEGE_CATEGORIES.items() if c.counted] == [*SECTION_CATEGORIES, "breach"]
    assert ENGINE_SIDE == {"attacker": EngineSide.BESIEGER, "defender": EngineSide.BESIEGED}
