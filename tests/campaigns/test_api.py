"""The API's campaign endpoints: fog of war as on the pages; a refused order is a 400 naming why, nothing saved."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from campaigns.models import Army, Campaign, Order, Turn
from tests.demo import load_demo

from .demo_helpers import army, as_member, second_turn, territory

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo() -> Campaign:
    campaign = load_demo()
    second_turn(campaign)
    return campaign


def post_order(campaign: Campaign, username: str, **order: object):
    return as_member(campaign, username).post(
        f"/api/campaigns/{campaign.pk}/orders/", order, content_type="application/json"
    )


def test_an_order_is_given_and_changed(demo: Campaign) -> None:
    host = army(demo, "Ost d'Altdorf")
    first = post_order(demo, "alice", army=host.pk, kind="move", target=territory(demo, "Forêt de Reik").pk)
    assert first.status_code == 201, first.json()
    second = post_order(demo, "alice", army=host.pk, kind="attack", target=territory(demo, "Col du Crâne").pk)
    assert second.status_code == 201
    assert [(o.kind, o.target.name) for o in Order.objects.filter(turn__number=2)] == [("attack", "Col du Crâne")]


@pytest.mark.parametrize(
    ("who", "army_name", "kind", "target", "message"),
    [
        ("alice", "Ost d'Altdorf", "move", "Forteresse du Crâne", "voisin"),
        ("alice", "Horde du Crâne", "hold", None, "Aucune de vos armées n’a ce numéro"),
        ("alice", None, "hold", None, "Aucune de vos armées n’a ce numéro"),
        ("alice", "Ost d'Altdorf", "move", "Col du Crâne", "attaque"),
        ("chloe", "Garnison de Montfort", "move", "Marais Noirs", "garnison"),
        ("alice", "Ost d'Altdorf", "besiege", "Col du Crâne", "château"),
    ],
    ids=[
        "non-neighbour",
        "another player's army",
        "no such army",
        "move into enemy land",
        "garrison moves",
        "besiege open land",
    ],
)
def test_bad_orders_are_refused_with_a_reason(
    demo: Campaign, who: str, army_name: str | None, kind: str, target: str | None, message: str
) -> None:
    response = post_order(
        demo,
        who,
        army=army(demo, army_name).pk if army_name else 999_999,
        kind=kind,
        target=territory(demo, target).pk if target else None,
    )
    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert not Order.objects.filter(turn__number=2).exists()


def test_an_enemy_army_and_no_army_get_the_same_answer(demo: Campaign) -> None:
    # « pas à vous » for an enemy's army and « aucune armée » for a free id let a player count hidden armies
    enemy = army(demo, "Horde du Crâne")
    free_id = Army.objects.order_by("-pk").values_list("pk", flat=True)[0] + 1
    answers = [post_order(demo, "alice", army=pk, kind="hold") for pk in (enemy.pk, free_id)]
    assert [a.status_code for a in answers] == [400, 400]
    assert (
        answers[0].json()
        == answers[1].json()
        == {"detail": "Aucune de vos armées n’a ce numéro : vous ne donnez d’ordres qu’à vos propres armées."}
    )
    assert not Order.objects.filter(turn__number=2).exists()


def test_orders_after_the_deadline_are_refused(demo: Campaign) -> None:
    Turn.objects.filter(campaign=demo, number=2).update(deadline=timezone.now() - timedelta(minutes=1))
    response = post_order(demo, "alice", army=army(demo, "Ost d'Altdorf").pk, kind="hold")
    assert response.status_code == 400
    assert "date limite" in response.json()["detail"]


def test_other_players_orders_stay_hidden_until_resolution(demo: Campaign) -> None:
    post_order(demo, "alice", army=army(demo, "Ost d'Altdorf").pk, kind="hold")
    assert as_member(demo, "bruno").get(f"/api/campaigns/{demo.pk}/orders/").json() == []
    assert len(as_member(demo, "alice").get(f"/api/campaigns/{demo.pk}/orders/").json()) == 1


def test_armies_follow_the_fog_of_war(demo: Campaign) -> None:
    names = {a["name"] for a in as_member(demo, "alice").get(f"/api/campaigns/{demo.pk}/armies/").json()}
    assert "Ost d'Altdorf" in names
    assert "Garnison du Crâne" not in names


def test_outsiders_get_404(demo: Campaign, outsider) -> None:
    client = Client()
    client.force_login(outsider)
    for part in ("territories", "armies", "orders", "battles", "standings"):
        assert client.get(f"/api/campaigns/{demo.pk}/{part}/").status_code == 404


def test_standings_and_battles(demo: Campaign) -> None:
    standings = as_member(demo, "chloe").get(f"/api/campaigns/{demo.pk}/standings/").json()
    chloe = next(s for s in standings if s["player"] == "chloe")
    # the siege of Montfort held: a win, 3 campaign points by default; its 20 victory points (§17.2) break ties
    assert (chloe["battle_points"], chloe["victory_points"]) == (3, 20)
    battles = as_member(demo, "chloe").get(f"/api/campaigns/{demo.pk}/battles/").json()
    assert [(b["kind"], b["heroism_tokens"]) for b in battles] == [("siege", 3)]
