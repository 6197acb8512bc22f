"""The engine's speed tricks (:mod:`rules.fast`) give the values the standard way gives: the same fields, equality,
hash and frozenness, and the same random draws for a seed."""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import rules
from bots.siege.assault import assault_setup, demo_assault
from rules.contract import Event
from rules.dice import D6, Dice, Roll
from rules.fast import bit_source, members, new_frozen, set_fields
from rules.siege.battle import start
from rules.siege.board.options import Option
from rules.siege.board.state import Outcome, Side
from rules.siege.board.values import replace


@dataclasses.dataclass(frozen=True)
class _Standard:
    name: str
    count: int
    ids: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, init=False)
class _AtOnce:
    name: str
    count: int
    ids: tuple[str, ...] = ()

    def __init__(self, name: str, count: int, ids: tuple[str, ...] = ()) -> None:
        set_fields(self, {"name": name, "count": count, "ids": ids})


@pytest.mark.parametrize(
    "fields",
    [
        {"die": "D6", "reason": "push_back [§7.1.6] ladder=L1", "result": 4, "physical": False},
        {"die": "artillery", "reason": "misfire [§5.4]", "result": 0, "physical": True},
    ],
)
def test_a_value_made_without_its_init_is_the_one_its_constructor_makes(fields: dict[str, Any]) -> None:
    made = new_frozen(Roll, dict(fields))
    standard = Roll(**fields)
    assert made == standard
    assert hash(made) == hash(standard)
    assert repr(made) == repr(standard)
    assert dataclasses.asdict(made) == fields
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.result = 6  # type: ignore[misc]


def test_a_value_made_without_its_init_keeps_the_dict_it_was_given() -> None:
    """:func:`rules.siege.board.values.replace` builds one dict display for a copy, which CPython copies in one block
    later only if no entry was ever deleted from it: the value must hold that very dict."""
    fields = {"name": "W1", "count": 2, "ids": ("a1",)}
    assert vars(new_frozen(_Standard, fields)) is fields


def test_a_value_made_without_its_init_differs_where_its_fields_differ() -> None:
    one = new_frozen(_Standard, {"name": "W1", "count": 2, "ids": ()})
    assert one != new_frozen(_Standard, {"name": "W1", "count": 3, "ids": ()})
    assert one == _Standard("W1", 2)
    assert {one, _Standard("W1", 2), _Standard("W2", 2)} == {_Standard("W1", 2), _Standard("W2", 2)}


def test_fields_set_at_once_compare_and_hash_as_fields_set_one_by_one() -> None:
    at_once, standard = _AtOnce("W1", 2, ("a1",)), _Standard("W1", 2, ("a1",))
    assert dataclasses.astuple(at_once) == dataclasses.astuple(standard) == ("W1", 2, ("a1",))
    assert hash(at_once) == hash(standard)
    assert at_once == _AtOnce("W1", 2, ("a1",))
    assert at_once != _AtOnce("W1", 3, ("a1",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        at_once.count = 3  # type: ignore[misc]


_ENGINE_VALUES: dict[str, Callable[[], object]] = {
    "event": lambda: Event("gate_damage", "§6.1", {"gate": "G1"}, ("a1-1",)),
    "event without facts": lambda: Event("end_turn", "§2"),
    "outcome": lambda: Outcome(start(assault_setup(demo_assault())), (), (Roll("D6", "x", 3),)),
    "option": lambda: Option("move", Side.BESIEGER, "foot:W1", ("a1-1", "a1-2"), ("ladder:L1",)),
    "option without models": lambda: Option("end_phase", Side.BESIEGED),
}


@pytest.mark.parametrize("made", _ENGINE_VALUES.values(), ids=_ENGINE_VALUES.keys())
def test_the_engines_values_set_at_once_hold_their_fields_and_nothing_else(made: Callable[[], Any]) -> None:
    value = made()
    assert set(vars(value)) == {f.name for f in dataclasses.fields(value)}
    assert dataclasses.replace(value) == value
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.name = "changed"


def test_an_option_works_out_its_limits_from_its_models() -> None:
    option = Option("fight", Side.BESIEGER, "W3", ("a1-1", "a1-2", "a1-3"), most=2)
    assert (option.least, option.most) == (1, 2)
    assert (Option("end_phase", Side.BESIEGED).least, Option("end_phase", Side.BESIEGED).most) == (0, 0)


def test_the_quicker_copy_keeps_equality_and_hash_and_refuses_unknown_fields() -> None:
    roll = Roll("D6", "rock_hits [§8.1.4] section=W3", 2)
    copy = replace(roll, result=5)
    assert copy == Roll("D6", "rock_hits [§8.1.4] section=W3", 5)
    assert hash(copy) == hash(Roll("D6", "rock_hits [§8.1.4] section=W3", 5))
    assert copy != roll
    assert roll.result == 2  # the original is left as it was
    assert replace(roll) == roll
    assert replace(roll) is not roll
    with pytest.raises(TypeError, match="no_such_field"):
        replace(roll, no_such_field=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.result = 6  # type: ignore[misc]


@pytest.mark.parametrize("seed", [0, 1, 1500, -7, 2**62 + 12345, 2**80 + 3])
def test_the_bit_source_draws_what_random_random_draws_for_the_seed(seed: int) -> None:
    draw, expected = bit_source(seed), random.Random(seed)
    widths = [1, 2, 3, 4, 3, 8, 31, 32, 33, 64, 3, 3] * 5
    assert [draw(k) for k in widths] == [expected.getrandbits(k) for k in widths]


def test_the_bit_source_follows_its_seed() -> None:
    assert [bit_source(7)(32) for _ in range(3)] == [bit_source(7)(32)] * 3
    assert bit_source(7)(64) != bit_source(8)(64)


def test_seeded_dice_are_randrange_draws_through_the_bit_source() -> None:
    """A battle replays from its seed (§16, R10): the d6 a seeded :class:`rules.dice.Dice` rolls are the faces
    ``random.Random(seed).randrange(6)`` picks."""
    expected = random.Random(1500)
    dice = Dice(seed=1500)
    assert [dice.roll(D6, "x") for _ in range(20)] == [1 + expected.randrange(6) for _ in range(20)]


def test_each_member_bound_once_is_the_member_of_its_name() -> None:
    """The busiest functions read these names as the members themselves: ``side is BESIEGER``."""
    bound = {name: getattr(members, name) for name in members.__all__}
    assert bound, "rules.fast.members binds no member"
    for name, member in bound.items():
        assert isinstance(member, enum.Enum), name
        assert member.name == name
        assert getattr(type(member), name) is member


_OWN_NAMES = {
    # a rule's fact under its own name, not a member read quicker: the belfry's fight is fought as a tower's
    ("rules.siege.chapters.belfry.belfry", "FIGHT_KIND"),
    # the letters of the wound table's transcription, read once as the table is built (seed 004)
    *(("rules.confrontation.wounds", letter) for letter in ("_N", "_S", "_L", "_G", "_C", "_K")),
}


def _module_names_bound_to_members() -> list[tuple[str, str]]:
    """Every module name of ``rules`` assigned an enum member read from its class (``_X = Side.BESIEGER``),
    outside :mod:`rules.fast.members`."""
    found = []
    root = Path(rules.__file__).parent
    for path in sorted(root.rglob("*.py")):
        module = ".".join(("rules", *path.relative_to(root).with_suffix("").parts)).removesuffix(".__init__")
        if module == "rules.fast.members":
            continue
        for statement in ast.parse(path.read_text()).body:
            if not isinstance(statement, ast.Assign | ast.AnnAssign) or statement.value is None:
                continue
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                pairs = (
                    zip(target.elts, statement.value.elts, strict=False)
                    if isinstance(target, ast.Tuple) and isinstance(statement.value, ast.Tuple)
                    else [(target, statement.value)]
                )
                for name, value in pairs:
                    if isinstance(name, ast.Name) and isinstance(value, ast.Attribute):
                        bound = getattr(importlib.import_module(module), name.id, None)
                        if isinstance(bound, enum.Enum):
                            found.append((module, name.id))
    return found


def test_no_rule_module_binds_a_member_to_a_name_of_its_own() -> None:
    """One way to read a member quicker: the constants of rules.fast.members, not an alias in each module."""
    assert set(_module_names_bound_to_members()) == _OWN_NAMES
