"""Flaming shots (§9.1, §9.2), boiling liquids and their panic (§8.1.2, §8.2), sorties (§11), the walls' ward
(§13.2) and the sappers' re-rolls (§10.4): actions worked from the seed, with their refusals by clause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from rules.siege import defences, fire, magic, mining, shooting, sorties
from rules.siege.engines import Budget, Fire, Liquid, MineGoal
from rules.siege.profiles import Missile, Special, TroopType
from rules.siege.state import BattleState, Place, Side, Zone
from tests.rules.siege.builders import (
    ARCHER,
    HARPY,
    MAN,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    next_turn,
    refused,
    with_rules,
)

ARMOURED_ORC = replace(ORC, name="Armoured orc", save=4)
SAPPER = with_rules(MAN, Special.SAPPER, name="Sapper")
CANNON = replace(MAN, name="Cannon", troop_type=TroopType.WAR_MACHINE)


def _archers(count: int = 1, braziers: int = 1) -> BattleState:
    state = battle(besiegers(ARCHER, "foot:C1", count))
    state = replace(state, budgets=((Side.BESIEGER, Budget(50, 1500, ("brazier",) * braziers)),))
    return fire.give_brazier(state, "a") if braziers else state


def test_flaming_arrows_set_the_main_gate_alight() -> None:
    """§9.1.1, §9.2: BS3 at −1 hits on 5; S3 cannot wound T9; one D6 of 5 for all the hits of the turn lights it:
    the second archer's hit rolls no second D6.
    """
    result = shooting.shoot_gate(_archers(2), ["a1", "a2"], "G1", dice(5, 5, 5), flaming=True)
    assert result.state.fires == (Fire("gate:G1"),)
    assert len(result.rolls) == 3


def test_flaming_hit_on_a_siege_tower_catches_on_5_plus() -> None:
    """§9.1.2, §5.3, §9.2: a brazier on W2 arms every shooter there; allocation 4 is the tower, a 6 hits, a 4 to
    catch fire is not enough.
    """
    state = battle(besieged(ARCHER, "W2", 1), active=Side.BESIEGED)
    state = state.with_works(replace(state.works_of("W2"), braziers=(Liquid.OIL,)))
    result = shooting.shoot_engine(state, ["d1"], "siege_tower:ST1", dice(4, 6, 4), flaming=True)
    assert result.state.fires == ()
    lit = shooting.shoot_engine(state, ["d1"], "siege_tower:ST1", dice(4, 6, 5), flaming=True)
    assert lit.state.fires == (Fire("siege_tower:ST1"),)


@pytest.mark.parametrize(
    ("action", "clause"),
    [
        pytest.param(
            lambda: shooting.shoot(_archers(braziers=0), ["a1"], ["a1"], dice(), flaming=True),
            "§9.1.1",
            id="§9.1.1-besieger-unit-needs-a-brazier",
        ),
        pytest.param(
            lambda: shooting.shoot(
                battle(besieged(ARCHER, "W2", 1), besiegers(ORC, "foot:W2", 1), active=Side.BESIEGED),
                ["d1"],
                ["a1"],
                dice(),
                flaming=True,
            ),
            "§9.1.2",
            id="§9.1.2-besieged-need-a-brazier-on-the-section",
        ),
        pytest.param(lambda: fire.give_brazier(_archers(braziers=1), "a"), "§9.1.1", id="§9.1.1-one-brazier-a-unit"),
        pytest.param(lambda: fire.give_brazier(_archers(braziers=0), "a"), "§9.1.1", id="§9.1.1-braziers-bought"),
        pytest.param(
            lambda: fire.give_brazier(battle(besiegers(ORC, "foot:C1", 1)), "a"),
            "§9.1.1",
            id="§9.1.1-a-unit-of-shooters",
        ),
    ],
)
def test_flaming_refusals(action: Callable[[], object], clause: str) -> None:
    refused(action, clause)


def _walls(liquid: Liquid) -> BattleState:
    state = battle(besieged(MAN, "W3", 2), besiegers(ARMOURED_ORC, "foot:W3", 3, "f"))
    return state.with_works(replace(state.works_of("W3"), braziers=(liquid,)))


def test_molten_lead() -> None:
    """§8.2.6: the designated f1 takes S5 on T4 (wounds on 3), no armour save, D3 wounds (2): dead; f2 takes S3
    (wounds on 5) and saves on 4 with its armour; −2 to hit for the survivor; one loss to lead is a panic test,
    which a 6 passes at Ld 7; lead never splashes (§8.2.7).
    """
    result = defences.pour_brazier(
        _walls(Liquid.LEAD),
        "W3",
        Liquid.LEAD,
        ["d1", "d2"],
        ["f1", "f2"],
        dice(3, 2, 5, 4, 3, 3),
        designated="f1",
        splash=["f3"],
    )
    assert [m.id for m in result.state.fallen] == ["f1"]
    assert result.state.model("f2").wounds_lost == 0
    assert result.state.turn_log.penalty("f2") == 2
    assert [(e.kind, e.params.get("test")) for e in result.events if e.clause in ("§4.1", "§8.2.7")] == [
        ("leadership_test", "panic")
    ]
    assert not result.state.model("f2").fleeing


def test_molten_lead_needs_a_designated_model() -> None:
    refused(
        lambda: defences.pour_brazier(_walls(Liquid.LEAD), "W3", Liquid.LEAD, ["d1", "d2"], ["f1"], dice()), "§8.2.6"
    )


@pytest.mark.parametrize(
    ("splash_roll", "dead"),
    [
        pytest.param(4, ["f3"], id="§8.2.7-splash-on-4+"),
        pytest.param(3, [], id="§8.2.7-no-splash-on-1-3"),
    ],
)
def test_boiling_water_splashes(splash_roll: int, dead: list[str]) -> None:
    """§8.2.4: S3 on T4 misses on a 1; §8.2.7: the splash hits f3 at S3 (wounds on 5) with its save (fails on 1);
    one lost of three is 25 %: the unit tests for panic and holds on a 2 (§8.1.2, §8.2.2).
    """
    result = defences.pour_brazier(
        _walls(Liquid.WATER),
        "W3",
        Liquid.WATER,
        ["d1", "d2"],
        ["f1"],
        dice(1, splash_roll, 5, 1, 1, 1),
        splash=["f3"],
    )
    assert [m.id for m in result.state.fallen] == dead
    assert result.state.turn_log.penalty("f1") == 1


def test_stones_killing_a_quarter_make_the_unit_panic() -> None:
    """§8.1.2: S3 stones wound T4 on 5, the armour (4+) fails on 1; one of three lost, a 12 breaks the unit, which
    flees from the wall's foot.
    """
    state = _walls(Liquid.WATER).with_works(replace(_walls(Liquid.WATER).works_of("W3"), stones=1))
    result = defences.throw_stones(state, "W3", ["d1"], ["f1", "f2"], dice(5, 1, 4, 6, 6))
    assert [m.id for m in result.state.fallen] == ["f1"]
    assert result.state.model("f2").fleeing
    assert result.state.model("f3").place == Place(Zone.FOOT, "W3")


def test_besiegers_holding_a_section_knock_its_braziers_over() -> None:
    """§8.2.3: no besieged left on W3."""
    state = battle(besiegers(ORC, "W3", 1))
    state = state.with_works(replace(state.works_of("W3"), braziers=(Liquid.OIL, Liquid.WATER)))
    assert defences.knock_over_braziers(state, "W3").works_of("W3").braziers == ()


def test_flyers_sortie_against_a_war_machine() -> None:
    """§11.2: the harpy leaves the fort and engages the cannon where it stands."""
    state = battle(besieged(HARPY, "C1", 1), besiegers(CANNON, "field:east", 1), active=Side.BESIEGED)
    after = sorties.sortie(state, ["d1"], "a1")
    assert after.model("d1").place == Place(Zone.FIELD, "east")
    assert after.in_contact("d1")


WIZARD = with_rules(MAN, Special.CHARACTER, name="Wizard")


def test_ward_fails_on_a_4() -> None:
    """§13.2: the walls dispel on 5+ only."""
    state = battle(besiegers(WIZARD, "foot:W1", 1))
    result = magic.ward(state, state.model("a1"), True, dice(4))
    assert (result.events[0].kind, result.events[0].params["roll"]) == ("ward_fails", 4)


@pytest.mark.parametrize(
    "state",
    [
        pytest.param(battle(besieged(WIZARD, "W1", 1)), id="§13.2-not-for-the-besieged-wizards"),
        pytest.param(battle(besiegers(WIZARD, "W1", 1)), id="§13.2-not-once-the-caster-is-in-the-fort"),
        pytest.param(battle(besiegers(WIZARD, "foot:W1", 1), magic_protection=False), id="§13.2-unprotected-fort"),
        pytest.param(battle(besiegers(ORC, "foot:W1", 1)), id="§13.2-a-character-casts"),
    ],
)
def test_ward_refusals(state: BattleState) -> None:
    refused(lambda: magic.ward(state, state.models[0], True, dice(6)), "§13.2")


def _mined() -> BattleState:
    state = battle(besiegers(SAPPER, "foot:W1", 6, "s"))
    return mining.start_mine(state, MineGoal.FOUNDATIONS, [f"s{n}" for n in range(1, 7)])


def test_foundations_d4_re_roll_is_its_own() -> None:
    """§10.4: the sapping re-roll spent (1 then 5), the D4 may still be re-rolled once: 5 + 3 reaches 8, the D4's 1
    becomes a 4, so W2 takes 4 + 1 damage points.
    """
    state = mining.dig(_mined(), dice(1)).state
    state = mining.reroll(state, mining.MineDie.SAPPING, dice(5)).state
    assert state.mine is not None
    assert state.mine.foundations_reroll
    state = mining.dig(next_turn(state), dice(3, 1), section="W2").state
    state = mining.reroll(state, mining.MineDie.FOUNDATIONS, dice(4)).state
    assert state.works_of("W2").damage == 5
    assert state.mine is not None
    assert not state.mine.foundations_reroll


def test_foundations_re_roll_once() -> None:
    """§10.4: spent, it is refused."""
    state = _mined()
    assert state.mine is not None
    spent = replace(state, mine=replace(state.mine, foundations_reroll=False, score=7))
    reached = mining.dig(spent, dice(6), section="W2").state
    refused(lambda: mining.reroll(reached, mining.MineDie.FOUNDATIONS, dice(4)), "§10.4")


HANDGUNNER = replace(ARCHER, name="Handgunner", missile=Missile("handgun", 4))


def test_shots_at_an_escort_need_no_allocation() -> None:
    """§5.4: at the unit beside the engine the shot is plain: BS3 hits on 4, S3 wounds T4 on 5, two rolls only."""
    state = battle(besieged(ARCHER, "W2", 1), besiegers(ORC, "foot:W2", 1), active=Side.BESIEGED)
    result = shooting.shoot(state, ["d1"], ["a1"], dice(4, 5))
    assert [m.id for m in result.state.fallen] == ["a1"]
    assert len(result.rolls) == 2


def test_only_bows_javelins_and_bolts_shoot_flaming() -> None:
    """§9.1.3: a handgun, even with a brazier, does not."""
    state = replace(battle(besiegers(HANDGUNNER, "foot:C1", 1)), unit_braziers=("a",))
    refused(lambda: shooting.shoot_gate(state, ["a1"], "G1", dice(), flaming=True), "§9.1.3")


def test_oil_on_a_burning_gate_does_d6_at_once() -> None:
    """§9.3: a 4 takes the main gate from 7 to 3 structure points."""
    state = replace(battle(besieged(MAN, "C1", 1)), fires=(Fire("gate:G1"),))
    after, _ = fire.oil_on_fire(state, "gate:G1", dice(4))
    assert after.gate("G1").structure_points == 3


@pytest.mark.parametrize(
    ("strength", "left"),
    [
        pytest.param(5, (Liquid.WATER,), id="§8.2.3.1-template-S5-destroys-a-brazier"),
        pytest.param(4, (Liquid.OIL, Liquid.WATER), id="§8.2.3.1-S4-spares-it"),
    ],
)
def test_template_on_braziers(strength: int, left: tuple[Liquid, ...]) -> None:
    """The structure score (S + 0) stays under 13: no Table 3 effect to roll for."""
    state = battle(besieged(MAN, "W3", 1))
    state = state.with_works(replace(state.works_of("W3"), braziers=(Liquid.OIL, Liquid.WATER)))
    after = shooting.bombard(state, "W3", strength, "1", dice(), braziers_hit=1).state
    assert after.works_of("W3").braziers == left


def test_stone_tokens_stay_on_their_section() -> None:
    """§8.1.1: W2's token cannot be thrown from W3."""
    state = battle(besieged(MAN, "W3", 1), besiegers(ORC, "foot:W3", 1))
    state = state.with_works(replace(state.works_of("W2"), stones=1))
    refused(lambda: defences.throw_stones(state, "W3", ["d1"], ["a1"], dice()), "§8.1.1")
