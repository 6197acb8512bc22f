"""003 II §7 damage: the states a model goes through after a result, out of action when its PA reach 0, and the
JDeg's table. Each case plays the engine's ``apply`` with the d10 faces it names, so each number can be followed by
hand.
"""

from __future__ import annotations

import pytest

from rules.freres import actions as act
from rules.freres.damage import DamageRow, Health, JDegZero, after_damage, jdeg_row
from rules.freres.example import KNIGHT
from rules.freres.state import Profile
from tests.rules.freres.builders import activated, engaged, played, skirmish

H, W, G, K = Health.UNHURT, Health.WOUNDED, Health.GRIEVOUSLY_WOUNDED, Health.KILLED


@pytest.mark.parametrize(
    ("health", "stunned", "row", "after"),
    [
        (H, False, DamageRow.UNHURT, (H, False)),
        (H, False, DamageRow.CLOSE_CALL, (H, False)),
        (H, False, DamageRow.STUNNED, (H, True)),  # Sonné: tombe au sol sur le ventre
        (H, True, DamageRow.STUNNED, (W, True)),  # sonnée de nouveau sonnée: blessée, reste au sol
        (H, False, DamageRow.WOUNDED, (W, False)),
        (W, False, DamageRow.STUNNED, (G, True)),  # blessée sonnée: grièvement blessée
        (W, False, DamageRow.WOUNDED, (G, False)),  # blessée blessée à nouveau: grièvement blessée
        (W, False, DamageRow.GRIEVOUSLY_WOUNDED, (G, False)),  # not cumulative: the reading of §7
        (H, False, DamageRow.GRIEVOUSLY_WOUNDED, (G, False)),
        (G, False, DamageRow.STUNNED, (K, True)),  # grièvement blessée sonnée: tuée
        (G, False, DamageRow.WOUNDED, (K, False)),  # grièvement blessée blessée: tuée
        (G, False, DamageRow.GRIEVOUSLY_WOUNDED, (K, False)),
    ],
)
def test_the_states_after_a_result(health: Health, stunned: bool, row: DamageRow, after: tuple[Health, bool]) -> None:
    """003 II §7: La figurine est sonnée, blessée, grièvement blessée."""
    assert after_damage(health, stunned, row) == after


def test_a_model_whose_pa_reach_0_is_out_of_action() -> None:
    """003 II §2.6.1, §7: a 3-PA model wounded (-3 PA) is out of action (HdC)."""
    weak = Profile("militia", C=3, T=3, D=3, A=4, M=4, PA=3)
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", weak)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b")).state
    # 5 + 7 = 12 against 1 + 3: damage 14; JD 5 + 3 = 8: 6, wounded
    result = played(state, act.Defend("b"), [5, 1, 5])
    assert result.state.model("b").out == "out_of_action"


@pytest.mark.parametrize(
    ("face", "malus", "zero", "one_saves", "row"),
    [
        (0, 0, JDegZero.STANDARD, False, DamageRow.CLOSE_CALL),  # 0 reads 0
        (0, 0, JDegZero.COUNTS_TEN, False, DamageRow.GRIEVOUSLY_WOUNDED),  # le 0 qui fait très mal
        (0, 0, JDegZero.KILLS, False, None),  # le 0 qui tue
        (1, 0, JDegZero.STANDARD, False, DamageRow.STUNNED),
        (1, 0, JDegZero.STANDARD, True, DamageRow.CLOSE_CALL),  # le 1 qui sauve
        (5, 1, JDegZero.STANDARD, False, DamageRow.WOUNDED),  # the wound malus against the model
        (9, 2, JDegZero.STANDARD, False, DamageRow.GRIEVOUSLY_WOUNDED),
    ],
)
def test_the_jdeg(face: int, malus: int, zero: JDegZero, one_saves: bool, row: DamageRow | None) -> None:
    """003 II §7 Le JDeg and its optional rules; §7 Le malus au dé."""
    assert jdeg_row(face, malus, zero, one_saves) == row
