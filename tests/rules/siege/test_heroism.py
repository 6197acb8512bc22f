"""§15 heroism tokens, ruling R13: one per full 300 points, spent one by one."""

from __future__ import annotations

import pytest

from rules.siege.chapters import heroism
from rules.siege.chapters.heroism import grant_heroism, heroism_tokens, spend_heroism
from tests.rules.siege.builders import MAN, battle, besieged, refused


@pytest.mark.parametrize(
    ("open_field", "siege", "tokens"),
    [
        pytest.param(2000, 1500, 1, id="§15-example-500-points-1-token"),
        pytest.param(3000, 2400, 2, id="R13-600-points-2-tokens"),
        pytest.param(2000, 1701, 0, id="R13-299-points-none"),
        pytest.param(1500, 2000, 0, id="R13-never-below-0"),
    ],
)
def test_tokens(open_field: int, siege: int, tokens: int) -> None:
    assert heroism_tokens(open_field, siege) == tokens


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="siege_points must be 0 or more, got -5"):
        heroism_tokens(100, -5)


@pytest.mark.parametrize(
    ("open_field", "siege", "tokens"),
    [
        pytest.param(2000, 1500, 1, id="§15-the-seed-example-500-lost-1-token"),
        pytest.param(2000, 1701, 0, id="§15-299-lost-none"),
        pytest.param(2000, 1700, 1, id="§15-300-lost-1"),
        pytest.param(2000, 1400, 2, id="§15-600-lost-2"),
        pytest.param(1500, 2000, 0, id="§15-more-in-the-siege-none"),
    ],
)
def test_heroism_tokens_per_full_300_points(open_field: int, siege: int, tokens: int) -> None:
    """§15: « Pour chaque tranche de 300 points dont aurait du bénéficier l'assiégé … il gagne 1 pion », R13."""
    assert heroism_tokens(open_field, siege) == tokens


def test_heroism_tokens_are_spent_one_by_one() -> None:
    """§15: the besieged's tokens (« Cette règle ne joue que pour l'assiégé »), spent until none is left."""
    state = grant_heroism(battle(), 2000, 1400)
    state = spend_heroism(spend_heroism(state))
    assert state.heroism_tokens == 0
    refused(lambda: spend_heroism(state), "§15")


def test_heroism_tokens() -> None:
    """§15, R13: 2000 open field, 1500 siege: one token."""
    state = heroism.grant_heroism(battle(besieged(MAN, "C1", 1)), 2000, 1500)
    assert state.heroism_tokens == 1
    assert heroism.spend_heroism(state).heroism_tokens == 0
