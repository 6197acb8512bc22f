"""§15 heroism tokens, ruling R13."""

from __future__ import annotations

import pytest

from rules.siege.heroism import heroism_tokens


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
