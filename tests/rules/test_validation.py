"""The rules' argument checks, and the one refusal every turn engine makes of a value they catch."""

from __future__ import annotations

from rules.validation import BadValue, refusal_of


def test_a_value_the_rules_catch_is_refused_the_same_way_in_every_engine() -> None:
    """The siege and Frères d'Armes turn a value their checks catch into one refusal: ``bad_value`` with the value's
    facts when it is out of its range, ``bad_input`` otherwise, under the action's clause."""
    out_of_range = refusal_of(BadValue("count must be 1–6, got 9", name="count", value=9), "§10.3", "dig")
    assert (out_of_range.code, out_of_range.clause, dict(out_of_range.params)) == (
        "bad_value",
        "§10.3",
        {"action": "dig", "name": "count", "value": 9},
    )
    wrong_kind = refusal_of(ValueError("'X9' is not a Section"), "II §3", "move")
    assert (wrong_kind.code, wrong_kind.clause, dict(wrong_kind.params)) == ("bad_input", "II §3", {"action": "move"})
