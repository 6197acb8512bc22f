"""The transcribed tables (``tests/rules/data``) are whole: every row, column and clause, with no gap or overlap.

These run everywhere; ``test_sources.py`` compares the same data with the source documents where they are.
"""

from __future__ import annotations

import itertools

from tests.rules.data import odds_api, siege_rules, wfb_reference


def test_wfb_grids_are_ten_by_ten() -> None:
    for grid in (wfb_reference.TO_HIT, wfb_reference.TO_WOUND):
        assert set(grid) == set(itertools.product(range(1, 11), repeat=2))


def test_wfb_shooting_rows_are_whole() -> None:
    assert list(wfb_reference.BS_NEED) == list(range(1, 11))
    assert list(wfb_reference.SEVEN_PLUS) == [7, 8, 9, 10]
    assert len(wfb_reference.SHOOTING_MODIFIERS) == 7


def test_wfb_armour_rows_are_whole() -> None:
    assert list(wfb_reference.BODY_ARMOUR) == ["Sans armure", "Armure légère", "Armure lourde"]
    assert list(wfb_reference.SAVE_BONUSES) == ["Bouclier", "Caparaçon", "Monté"]
    assert list(wfb_reference.SAVE_MODIFIERS) == list(range(1, 11))


def test_miscast_bands_cover_2_to_12_once() -> None:
    covered = [roll for low, high, _ in wfb_reference.MISCASTS for roll in range(low, high + 1)]
    assert covered == list(range(2, 13))


def test_magic_dice_rows_cover_the_four_levels() -> None:
    for table in (
        wfb_reference.MAX_CASTING_DICE,
        wfb_reference.POWER_DICE_PER_LEVEL,
        wfb_reference.DISPEL_DICE_PER_LEVEL,
    ):
        assert list(table) == [1, 2, 3, 4]


def test_combat_result_bonuses_are_the_eight_situations() -> None:
    assert len(wfb_reference.COMBAT_RESULT_BONUSES) == 8


def test_siege_table_1_bands_are_contiguous() -> None:
    bands = siege_rules.TABLE_1_BANDS
    assert bands[0][0] == 0
    assert bands[-1][1] is None
    assert all(high is not None and high + 1 == low for (_, high), (low, _) in itertools.pairwise(bands))
    assert len(siege_rules.TABLE_1) == 7
    assert all(len(row) == len(bands) for row in siege_rules.TABLE_1.values())


def test_siege_table_2_has_its_six_connections() -> None:
    assert len(siege_rules.TABLE_2) == 6


def test_siege_table_3_scores_are_contiguous_from_2() -> None:
    rows = siege_rules.TABLE_3
    assert rows[0][0] == 2
    assert rows[-1][1] is None
    assert all(high is not None and high + 1 == low for (_, high, _), (low, _, _) in itertools.pairwise(rows))


def test_siege_clauses_are_the_seventeen_chapters_and_their_sections() -> None:
    """Seventeen chapters, their sections and sub-clauses, down to §8.2.3.1; each number once, parents first."""
    numbers = [number for number, _ in siege_rules.CLAUSES]
    assert len(numbers) == len(set(numbers)) == 145
    chapters = [n for n in numbers if "." not in n]
    assert chapters == [str(n) for n in range(1, siege_rules.LAST_CHAPTER + 1)]
    assert {"7.1.10", "8.2.3.1", "10.3.2", "17.2"} <= set(numbers)
    for index, number in enumerate(numbers):
        parent = number.rpartition(".")[0]
        assert not parent or parent in numbers[:index], number
    assert all(title for _, title in siege_rules.CLAUSES)


def test_every_odds_api_worked_example_is_transcribed() -> None:
    assert len(odds_api.WORKED_EXAMPLES) == 7
