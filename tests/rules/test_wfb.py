"""The WFB quick reference (seed 002): every cell of its tables, as transcribed in ``tests/rules/data``, against
:mod:`rules.wfb`."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import pytest

from rules import wfb
from tests.rules.data import wfb_reference as seed
from tests.rules.data.wfb_reference import TO_HIT, TO_WOUND


@pytest.mark.parametrize(("ws", "target_ws"), sorted(TO_HIT))
def test_melee_to_hit_matches_every_cell_of_the_seed(ws: int, target_ws: int) -> None:
    """R7: the WS table, cell by cell."""
    assert wfb.melee_to_hit(ws, target_ws) == TO_HIT[ws, target_ws]


@pytest.mark.parametrize(("strength", "toughness"), sorted(TO_WOUND))
def test_to_wound_matches_every_cell_of_the_seed(strength: int, toughness: int) -> None:
    """R9: the S-vs-T table, cell by cell ("N" is impossible)."""
    assert wfb.to_wound(strength, toughness) == TO_WOUND[strength, toughness]


@pytest.mark.parametrize(("bs", "seed_need"), sorted(seed.BS_NEED.items()))
def test_bs_table_with_natural_one_always_missing(bs: int, seed_need: int) -> None:
    """R6: the seed lists needs down to -3; a natural 1 still misses, so those are 2+."""
    assert wfb.shooting_to_hit(bs) == max(2, seed_need)


@pytest.mark.parametrize(("need", "second"), sorted(seed.SEVEN_PLUS.items()))
def test_seven_plus_rule(need: int, second: int | None) -> None:
    """R6: 7, 8, 9 need a 6 then 4+, 5+, 6+; 10 is impossible."""
    bs = 1
    modifier = 7 - bs - need
    assert wfb.shooting_to_hit(bs, modifier) == (need if second is not None else None)
    if second is not None:
        assert wfb.SEVEN_PLUS_SECOND_ROLL[need] == second


def test_shooting_modifiers_match_the_seed_in_order() -> None:
    """R6: the seed's list of to-hit modifiers, in its order."""
    names = ["large_target", "moving", "stand_and_shoot", "long_range", "lone_or_skirmishers"]
    names += ["light_cover", "heavy_cover"]
    assert [wfb.SHOOTING_MODIFIERS[name] for name in names] == [value for _, value in seed.SHOOTING_MODIFIERS]


def test_shooting_modifier_sums_and_refuses_unknown_names() -> None:
    assert wfb.shooting_modifier(["large_target", "long_range", "rampart_troops"]) == -2
    with pytest.raises(ValueError, match="modifier must be one of"):
        wfb.shooting_modifier(["fog"])


@pytest.mark.parametrize(("bs", "modifier", "need"), [(4, -3, 6), (3, -3, 7), (1, -3, 9), (1, -4, None), (5, 3, 2)])
def test_shooting_need_with_modifiers(bs: int, modifier: int, need: int | None) -> None:
    """R6: need = 7 − BS − modifiers."""
    assert wfb.shooting_to_hit(bs, modifier) == need


@pytest.mark.parametrize(("modifier", "need"), [(1, 3), (2, 2), (3, 2), (-1, 5), (-2, 6), (-5, 6)])
def test_melee_modifiers_shift_then_clamp(modifier: int, need: int) -> None:
    """R7: WS 4 against WS 4 is 4+; modifiers shift it within 2+..6+."""
    assert wfb.melee_to_hit(4, 4, modifier) == need


@pytest.mark.parametrize(
    ("label", "armour"), [("Sans armure", "none"), ("Armure légère", "light"), ("Armure lourde", "heavy")]
)
def test_body_armour_saves(label: str, armour: str) -> None:
    """R8: the seed's armour rows."""
    assert wfb.armour_save(armour) == seed.BODY_ARMOUR[label]


@pytest.mark.parametrize(("label", "item"), [("Bouclier", "shield"), ("Caparaçon", "barding"), ("Monté", "mounted")])
def test_each_extra_improves_the_save_by_the_seed_bonus(label: str, item: str) -> None:
    """R8: shield, barding, mount each lower the need by their bonus, also from no armour at all."""
    bonus = seed.SAVE_BONUSES[label]
    assert wfb.armour_save("light", **{item: True}) == 6 - bonus
    assert wfb.armour_save("none", **{item: True}) == 7 - bonus


def test_all_extras_together() -> None:
    assert wfb.armour_save("heavy", shield=True, barding=True, mounted=True) == 2


@pytest.mark.parametrize("strength", range(1, 11))
def test_save_modifier_matches_the_seed(strength: int) -> None:
    """R8: "3 ou moins: aucun", then -1 at S4 … -7 at S10."""
    assert wfb.save_modifier(strength) == seed.SAVE_MODIFIERS[strength]


@pytest.mark.parametrize(
    ("save", "strength", "need"),
    [(5, 3, 5), (5, 4, 6), (5, 5, None), (2, 10, None), (2, 8, None), (1, 4, 2), (3, 4, 4), (None, 1, None)],
)
def test_modified_save(save: int | None, strength: int, need: int | None) -> None:
    """R8: need rises by S−3; above 6 no save; below 2 is 2+."""
    assert wfb.modified_save(save, strength) == need


@pytest.mark.parametrize(("low", "high", "strength"), seed.MISCASTS)
def test_miscast_table_matches_the_seed(low: int, high: int, strength: int | None) -> None:
    """The 2D6 miscast table: every roll of each band gives the row with the seed's hit strength."""
    for roll in range(low, high + 1):
        row = wfb.miscast(roll)
        assert (row.low, row.high, row.strength) == (low, high, strength)


def test_miscast_covers_2_to_12_once() -> None:
    covered = [r for row in wfb.MISCAST_TABLE for r in range(row.low, row.high + 1)]
    assert covered == list(range(2, 13))


def test_combat_result_bonuses_match_the_seed() -> None:
    names = {
        "Rangs supplémentaires": "extra_rank",
        "Supériorité numérique": "outnumber",
        "Grande Bannière de l'Armée": "battle_standard",
        "Étendard de Régiment": "standard",
        "Position surélevée": "high_ground",
        "Attaque de flanc": "flank",
        "Attaque de dos": "rear",
        "Carnage": "overkill",
    }
    assert {names[label]: value for label, value in seed.COMBAT_RESULT_BONUSES.items()} == dict(
        wfb.COMBAT_RESULT_BONUSES
    )
    assert (wfb.MAX_EXTRA_RANKS_BONUS, wfb.MAX_OVERKILL_BONUS) == (seed.MAX_EXTRA_RANKS_BONUS, seed.MAX_OVERKILL_BONUS)


@pytest.mark.parametrize(
    ("kwargs", "bonus"),
    [
        ({}, 0),
        ({"extra_ranks": 2}, 2),
        ({"extra_ranks": 5}, 3),
        ({"overkill": 9}, 5),
        ({"rear": True, "standard": True, "outnumber": True}, 4),
        ({"flank": True, "high_ground": True, "battle_standard": True, "extra_ranks": 1}, 4),
    ],
)
def test_combat_result_bonus(kwargs: dict[str, int], bonus: int) -> None:
    assert wfb.combat_result_bonus(**kwargs) == bonus


@pytest.mark.parametrize(
    ("leadership", "lost_by", "roll", "passes"), [(7, 0, 7, True), (7, 2, 6, False), (9, 3, 6, True)]
)
def test_break_test(leadership: int, lost_by: int, roll: int, passes: bool) -> None:
    """2D6 ≤ Ld, modified by the combat result."""
    assert wfb.break_test_passes(leadership, lost_by, roll) is passes


@pytest.mark.parametrize(("level", "dice"), sorted(seed.MAX_CASTING_DICE.items()))
def test_max_casting_dice(level: int, dice: int) -> None:
    assert wfb.max_casting_dice(level) == dice


def test_power_dice_match_the_seed() -> None:
    per_level = seed.POWER_DICE_PER_LEVEL
    common = seed.COMMON_POWER_DICE
    assert wfb.power_dice([]) == common
    for levels in itertools.combinations_with_replacement(range(1, 5), 2):
        assert wfb.power_dice(levels) == common + sum(per_level[level] for level in levels)


def test_dispel_dice_match_the_seed() -> None:
    per_level = seed.DISPEL_DICE_PER_LEVEL
    common = seed.COMMON_DISPEL_DICE
    dwarfs = seed.DWARF_DISPEL_DICE
    runesmith = seed.RUNESMITH_DISPEL_DICE
    runelord = seed.RUNELORD_DISPEL_DICE
    assert wfb.dispel_dice([]) == common
    assert wfb.dispel_dice([], dwarfs=True, runesmiths=2, runelords=1) == common + dwarfs + 2 * runesmith + runelord
    for levels in itertools.combinations_with_replacement(range(1, 5), 2):
        assert wfb.dispel_dice(levels) == common + sum(per_level[level] for level in levels)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: wfb.melee_to_hit(0, 4), "ws must be between 1 and 10, got 0"),
        (lambda: wfb.melee_to_hit(4, 11), "target_ws must be between 1 and 10, got 11"),
        (lambda: wfb.shooting_to_hit(11), "bs must be between 1 and 10"),
        (lambda: wfb.to_wound(3, 0), "toughness must be between 1 and 10"),
        (lambda: wfb.modified_save(7, 3), "armour_save must be between 1 and 6"),
        (lambda: wfb.armour_save("plate"), "armour must be one of"),
        (lambda: wfb.miscast(13), "roll must be between 2 and 12"),
        (lambda: wfb.max_casting_dice(5), "level must be between 1 and 4"),
        (lambda: wfb.power_dice([0]), "wizard level must be between 1 and 4"),
        (lambda: wfb.dispel_dice([], runesmiths=-1), "runesmiths must be 0 or more"),
        (lambda: wfb.combat_result_bonus(extra_ranks=-1), "extra_ranks must be 0 or more"),
        (lambda: wfb.break_test_passes(7, -1, 6), "lost_by must be 0 or more"),
    ],
)
def test_bad_input_names_the_argument_and_range(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
