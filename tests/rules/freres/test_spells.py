"""003 II §6 spells: cast on ten, amnesia, no casting in armour. Each case plays the engine's ``apply`` with the d10
faces it names, so each number can be followed by hand.
"""

from __future__ import annotations

from rules.freres import actions as act
from rules.freres.example import KNIGHT, SOLDIER, WIZARD
from rules.freres.state import Profile, Spell
from tests.rules.freres.builders import activated, kinds, played, refusal, skirmish


def test_a_spell_is_cast_on_ten() -> None:
    """003 II §6.1.2: 5 + level 5 = 10."""
    state = activated(skirmish(("a", WIZARD), ("b", SOLDIER)), "a")
    result = played(state, act.Cast("a", "b", 15), [5])
    assert "spell" in kinds(result)
    assert result.state.pa_left == 2


def test_amnesia_needs_the_spell_memorised_again() -> None:
    """003 II §6.1.3: 3 à 8, *Amnésie*; memorising costs the spell's cost (§6.2)."""
    state = activated(skirmish(("a", WIZARD), ("b", SOLDIER)), "a")
    state = played(state, act.Cast("a", "b", 15), [0, 5]).state
    assert not state.model("a").memorised
    assert refusal(state, act.Cast("a", "b", 15)) == "§6.1.2: spell_forgotten (model=a)"


def test_a_caster_in_armour_may_not_cast() -> None:
    """003 II §6.1.1 Les restrictions."""
    armoured = Profile(
        "priest",
        C=4,
        T=3,
        D=4,
        A=4,
        M=6,
        PA=6,
        items=(KNIGHT.items[0],),
        armed=False,
        spell=Spell("bless", 6, 2, offensive=False),
    )
    state = activated(skirmish(("a", armoured), ("b", SOLDIER)), "a")
    assert refusal(state, act.Cast("a", "b", 15)) == "§6.1.1: may_not_cast (model=a)"
