"""§7.1.6 pushing a ladder back."""

from __future__ import annotations

import pytest

from rules.siege.ladders import pushback_need, pushed_back


@pytest.mark.parametrize(
    ("helpers", "need"),
    [
        pytest.param(0, 6, id="§7.1.6-alone-6"),
        pytest.param(1, 5, id="§7.1.6-one-helper-5+"),
        pytest.param(2, 4, id="§7.1.6-best-4+"),
    ],
)
def test_need(helpers: int, need: int) -> None:
    assert pushback_need(helpers) == need
    assert pushed_back(helpers, need)
    assert not pushed_back(helpers, need - 1)


@pytest.mark.parametrize("helpers", [-1, 3])
def test_at_most_three_models(helpers: int) -> None:
    """§7.1.6: one to three models push, so 0–2 helpers."""
    with pytest.raises(ValueError, match=f"helpers must be between 0 and 2, got {helpers}"):
        pushback_need(helpers)
