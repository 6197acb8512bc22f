"""The campaign services beyond the turn: invitations, map, forts, rosters, emails, one resolution per turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.exceptions import ValidationError

from campaigns.models import Army, Campaign, CampaignMembership, Role, Territory, Turn, TurnState, Unit
from campaigns.services import (
    TerritorySpec,
    add_unit,
    create_army,
    import_roster,
    join_with_code,
    load_map,
    map_specs_from_json,
    open_turn,
    preview_roster,
    reinforce_army,
    set_fort_layout,
    start_resolution,
)
from rules.siege.board.fort import standard_fort
from tests.demo import load_demo

from .demo_helpers import army, second_turn, territory

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent / "fixtures"


def test_the_invitation_code_makes_a_player(campaign: Campaign, outsider: User) -> None:
    membership = join_with_code(code=campaign.settings.invite_code, user=outsider)
    assert (membership.campaign, membership.role) == (campaign, Role.PLAYER)
    with pytest.raises(ValidationError, match="Aucune campagne"):
        join_with_code(code="not-a-code", user=outsider)


def test_a_map_from_json_without_coordinates_is_laid_out(campaign: Campaign) -> None:
    specs = map_specs_from_json(
        {"territories": [
            {"name": "Nord", "kind": "castle", "value": 3, "owner": "player", "neighbours": ["Sud"]},
            {"name": "Sud", "neighbours": ["Nord"]},
        ]}
    )  # fmt: skip
    load_map(campaign=campaign, specs=specs)
    nord = Territory.objects.get(campaign=campaign, name="Nord")
    assert nord.fortified
    assert nord.owner.user.username == "player"
    assert [n.name for n in nord.neighbours.all()] == ["Sud"]
    assert all(0 <= t.x <= 100 and 0 <= t.y <= 100 for t in campaign.territories.all())
    assert len({(t.x, t.y) for t in campaign.territories.all()}) == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"territories": [{"name": "A", "neighbours": ["Z"]}]}, "voisins inconnus Z"),
        ({"territories": [{"name": "A", "kind": "volcano"}]}, "type inconnu"),
        ({"territories": [{"name": "A"}, {"name": "A"}]}, "uniques"),
        ({"territories": [{"name": "A", "owner": "nobody"}]}, "ne participe pas"),
        ({"lands": []}, "territories"),
    ],
    ids=["unknown neighbour", "unknown kind", "duplicate name", "owner outside the campaign", "no list"],
)
def test_a_bad_map_is_refused_whole(campaign: Campaign, data: dict, message: str) -> None:
    load_map(campaign=campaign, specs=[TerritorySpec("Ancien")])
    with pytest.raises(ValidationError, match=message):
        load_map(campaign=campaign, specs=map_specs_from_json(data))
    assert [t.name for t in campaign.territories.all()] == ["Ancien"]


def test_a_fort_too_small_for_its_garrison_is_refused_by_table_1(campaign: Campaign) -> None:
    load_map(campaign=campaign, specs=[TerritorySpec("Fort", kind="fortress", owner="player", x=1, y=1)])
    fort = Territory.objects.get(campaign=campaign)
    owner = CampaignMembership.objects.get(campaign=campaign, user__username="player")
    create_army(owner=owner, name="Garnison", territory=fort, points=2500, is_garrison=True)
    with pytest.raises(ValidationError, match=r"§1\.4"):
        set_fort_layout(territory=fort, layout_json=standard_fort(1000).to_json())
    fort.refresh_from_db()
    assert fort.fort_layout is None
    set_fort_layout(territory=fort, layout_json=standard_fort(2500).to_json())
    fort.refresh_from_db()
    assert fort.fort_layout["sections"]


def organiser_of(campaign: Campaign) -> CampaignMembership:
    return campaign.memberships.get(role=Role.ORGANISER)


def test_a_roster_replaces_the_units_and_a_broken_one_imports_nothing() -> None:
    campaign = load_demo()
    host = army(campaign, "Ost d'Altdorf")
    import_roster(army=host, data=(FIXTURES / "empire.ros").read_bytes(), filename="empire.ros")
    units = list(Unit.objects.filter(army=host).values_list("name", flat=True))
    assert units
    with pytest.raises(ValidationError, match="ligne"):
        import_roster(army=host, data=(FIXTURES / "broken_syntax.ros").read_bytes(), filename="broken_syntax.ros")
    assert list(Unit.objects.filter(army=host).values_list("name", flat=True)) == units
    assert Army.objects.get(pk=host.pk).points == 2500


def test_a_roster_never_changes_the_armys_points() -> None:
    """A 445-point test list no longer cuts a 2,500-point army to 445; a larger list is refused for what it is, not
    for losses that never happened."""
    campaign = load_demo()
    host = army(campaign, "Ost d'Altdorf")
    roster = (FIXTURES / "empire.ros").read_bytes()
    import_roster(army=host, data=(FIXTURES / "nains.ros").read_bytes(), filename="nains.ros")  # 181 points
    host.refresh_from_db()
    assert (host.points, sum(u.points for u in host.units.all())) == (2500, 181)
    import_roster(army=host, data=roster, filename="empire.ros")  # the larger list, 487 points
    host.refresh_from_db()
    assert (host.points, sum(u.points for u in host.units.all())) == (2500, 487)
    Army.objects.filter(pk=host.pk).update(points=100)
    host.refresh_from_db()
    with pytest.raises(ValidationError, match="100") as refused:
        import_roster(army=host, data=roster, filename="empire.ros")
    assert "pertes au combat" in str(refused.value)
    host.refresh_from_db()
    assert host.points == 100


def test_a_roster_preview_shows_what_would_change_and_changes_nothing() -> None:
    campaign = load_demo()
    host = army(campaign, "Ost d'Altdorf")
    add_unit(army=host, name="Old Guard", count=10, points=100, profile={})
    preview = preview_roster(army=host, data=(FIXTURES / "empire.ros").read_bytes(), filename="empire.ros")
    assert preview.removed == ("Old Guard",)
    assert "General of the Empire" in preview.added
    assert (preview.army_points, preview.unit_points) == (2500, 100)
    assert preview.problem is None
    assert [u.name for u in host.units.all()] == ["Old Guard"]
    assert Army.objects.get(pk=host.pk).points == 2500


def test_only_the_organiser_reinforces_and_the_turn_records_it() -> None:
    campaign = load_demo()
    host = army(campaign, "Ost d'Altdorf")
    with pytest.raises(ValidationError):
        reinforce_army(army=host, points=100, by=host.owner)
    with pytest.raises(ValidationError, match="3000"):
        reinforce_army(army=host, points=501, by=organiser_of(campaign))
    reinforce_army(army=host, points=300, by=organiser_of(campaign))
    assert Army.objects.get(pk=host.pk).points == 2800
    log = campaign.turns.get(number=1).log
    assert log[-1] == {"code": "reinforced", "territory": host.territory_id, "army": host.pk, "player": None,
                       "points": 300}  # fmt: skip


def test_members_are_mailed_when_a_turn_opens_locks_and_resolves(django_capture_on_commit_callbacks) -> None:
    campaign = load_demo()
    with django_capture_on_commit_callbacks(execute=True):
        second_turn(campaign)
    assert any("Le tour 2 est ouvert" in m.subject for m in mail.outbox)
    assert {address for m in mail.outbox for address in m.to} >= {"alice@example.org", "chloe@example.org"}


def test_a_turn_is_resolved_only_once() -> None:
    campaign = load_demo()
    turn = second_turn(campaign)
    start_resolution(turn=turn)
    with pytest.raises(ValidationError, match="déjà résolu"):
        start_resolution(turn=turn)
    assert Turn.objects.get(pk=turn.pk).state == TurnState.RESOLVING


def test_the_next_turn_waits_for_the_battles() -> None:
    campaign = load_demo()
    with pytest.raises(ValidationError, match="pas encore terminé"):
        open_turn(campaign=campaign)
    assert campaign.turns.count() == 1
    assert territory(campaign, "Plaine de Bastogne").owner.user.username == "alice"
