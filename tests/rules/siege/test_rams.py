"""§7.2 rams, ruling R3."""

from __future__ import annotations

import pytest

from rules.siege.rams import COVERED_SECOND_STRIKE_DAMAGE, ram_damage, ram_strength, strikes


@pytest.mark.parametrize("carriers", range(6, 11))
def test_strength_is_the_number_of_carriers(carriers: int) -> None:
    """§7.2.4, R3."""
    assert ram_strength(carriers) == carriers


@pytest.mark.parametrize("carriers", [5, 11])
def test_six_to_ten_carriers(carriers: int) -> None:
    """§7.2.1, R3."""
    with pytest.raises(ValueError, match=f"carriers must be between 6 and 10, got {carriers}"):
        ram_strength(carriers)


@pytest.mark.parametrize(
    ("carrier_strength", "die", "bonus"),
    [
        pytest.param(1, "D4", 0, id="R3-S1-D4"),
        pytest.param(3, "D4", 0, id="R3-S3-D4"),
        pytest.param(4, "D4", 1, id="R3-S4-D4+1"),
        pytest.param(6, "D4", 1, id="R3-S6-D4+1"),
        pytest.param(7, "D6", 1, id="R3-S7-D6+1"),
        pytest.param(10, "D6", 1, id="R3-S10-D6+1"),
    ],
)
def test_damage_by_carrier_majority_strength(carrier_strength: int, die: str, bonus: int) -> None:
    damage = ram_damage(carrier_strength)
    assert (damage.die.name, damage.bonus) == (die, bonus)


def test_covered_ram_strikes_twice_second_for_one() -> None:
    """§7.2.3, §7.2.4, R3."""
    assert strikes(covered=True) == 2
    assert strikes(covered=False) == 1
    assert COVERED_SECOND_STRIKE_DAMAGE == 1


def test_bad_strength() -> None:
    with pytest.raises(ValueError, match="carrier_strength must be between 1 and 10, got 0"):
        ram_damage(0)
