"""A played battle's aftermath, on the pure adjudicator: data cases named after the rules of campaigns.resolution
(*losses*, *destroyed*, *taken*, *castle_taken*, *held*, *draw*, *fall_back*, *garrison_out*, *cut_off*)."""

from __future__ import annotations

import pytest

from campaigns.enums import BattleKind, Side, Winner
from campaigns.resolution import Aftermath, ArmyAfter, Event, Fighter, TerritoryState, aftermath

# the battle is fought in territory 1; its neighbours are 2 (the attacker's), 3 (the defender's) and 4 (nobody's)
BATTLEFIELD = TerritoryState(1, owner=20, fortified=True, neighbours=frozenset({2, 3, 4}))
OWNERS = {2: 10, 3: 20, 4: None, 5: 10}
ATTACKER, DEFENDER = 10, 20


def fought(
    winner: str,
    fighters: list[Fighter],
    *,
    losses: tuple[int, int] = (0, 0),
    kind: str = BattleKind.FIELD,
    owners: dict[int, int | None] = OWNERS,
) -> Aftermath:
    return aftermath(
        kind=kind,
        winner=winner,
        territory=BATTLEFIELD,
        attacker=ATTACKER,
        defender=DEFENDER,
        fighters=fighters,
        losses={Side.ATTACKER: losses[0], Side.DEFENDER: losses[1]},
        owners=owners,
    )


def attacker(army: int, brought: int, *, origin: int = 2) -> Fighter:
    return Fighter(army, ATTACKER, Side.ATTACKER, brought, brought, origin, at=1)


def defender(army: int, brought: int, *, garrison: bool = False) -> Fighter:
    return Fighter(army, DEFENDER, Side.DEFENDER, brought, brought, origin=1, at=1, garrison=garrison)


def test_losses_are_shared_in_proportion_to_the_points_each_army_brought() -> None:
    after = fought(Winner.DEFENDER, [attacker(1, 1000), attacker(2, 500), defender(3, 900)], losses=(600, 300))
    assert [a.points for a in after.armies] == [600, 300, 600]  # 400 and 200 of 600; all 300 on the defender


def test_an_army_left_with_no_points_is_destroyed_and_neither_falls_back() -> None:
    after = fought(Winner.DEFENDER, [attacker(1, 400), defender(2, 900)], losses=(500, 0))
    assert after.armies[0] == ArmyAfter(1, 0, True, 1, False)
    assert Event("destroyed", 1, army=1, points=400) in after.events
    assert not [e for e in after.events if e.code in ("fall_back", "cut_off")]


@pytest.mark.parametrize(
    ("rule", "winner", "kind", "captured", "player"),
    [
        ("taken", Winner.ATTACKER, BattleKind.FIELD, True, ATTACKER),
        ("castle_taken", Winner.ATTACKER, BattleKind.SIEGE, True, ATTACKER),
        ("held", Winner.DEFENDER, BattleKind.FIELD, False, DEFENDER),
        ("draw", Winner.DRAW, BattleKind.FIELD, False, DEFENDER),
    ],
)
def test_the_winner_takes_or_keeps_it(rule: str, winner: str, kind: str, captured: bool, player: int) -> None:
    after = fought(winner, [attacker(1, 1000), defender(2, 1000)], kind=kind)
    assert after.captured is captured
    assert Event(rule, 1, player=player) in after.events


def test_fall_back_on_a_draw_the_attacker_returns_where_it_came_from() -> None:
    after = fought(Winner.DRAW, [attacker(1, 1000, origin=5), defender(2, 1000)])
    assert after.armies[0].territory == 5
    assert after.armies[1].territory == 1
    assert after.events[-1] == Event("fall_back", 5, army=1)


def test_fall_back_to_a_neighbour_of_the_player_when_the_origin_was_lost() -> None:
    after = fought(Winner.DEFENDER, [attacker(1, 1000, origin=5), defender(2, 1000)], owners={**OWNERS, 5: 99})
    assert after.armies[0].territory == 2


def test_garrison_out_a_garrison_whose_fort_falls_marches_out_to_free_land() -> None:
    after = fought(Winner.ATTACKER, [attacker(1, 1000), defender(2, 500, garrison=True)], kind=BattleKind.SIEGE)
    assert after.armies[1] == ArmyAfter(2, 500, False, 3, False)
    assert after.events[-2:] == (Event("garrison_out", 1, army=2), Event("fall_back", 3, army=2))


def test_cut_off_a_beaten_army_with_nowhere_to_go_stays_in_the_lost_territory() -> None:
    after = fought(Winner.ATTACKER, [attacker(1, 1000), defender(2, 500)], owners={2: 10, 3: 10, 4: 10})
    assert after.armies[1] == ArmyAfter(2, 500, False, 1, False)
    assert after.events[-1] == Event("cut_off", 1, army=2)
