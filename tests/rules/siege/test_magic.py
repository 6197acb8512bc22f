"""§13 magic: the walls' protection against spells cast at the fort from outside (§13.2), earthquakes, and
the spells a side with a caster is offered.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.siege import actions as a
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, Model, Phase, Place, Side
from rules.siege.chapters import magic
from rules.siege.chapters.magic import earthquake, protection_applies, ward
from rules.siege.game import choose, problems
from tests.rules.siege.builders import (
    MAN,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    options_named,
    play_default,
    refused,
    with_rules,
)

WIZARD = with_rules(MAN, Special.CHARACTER, name="Wizard")


@pytest.mark.parametrize(
    ("caster_inside", "target_in_fort", "shakes_walls", "applies"),
    [
        pytest.param(False, True, False, True, id="§13.2-from-outside-at-the-fort"),
        pytest.param(True, True, False, False, id="§13.2-caster-on-a-section"),
        pytest.param(False, False, False, False, id="§13.2-target-outside"),
        pytest.param(False, True, True, False, id="§13.2-earthquake-not-stopped"),
    ],
)
def test_when_the_walls_protection_applies(
    caster_inside: bool, target_in_fort: bool, shakes_walls: bool, applies: bool
) -> None:
    """§13.2: « Tous les sorts lancés de l'extérieur du château vers le château peuvent être dissipés sur 5 + »;
    « n'est plus active dès lors que le lanceur de sort assiégeant se trouve sur une section »; earthquakes and
    the like « ne peuvent pas être dissipés »."""
    assert (
        protection_applies(caster_inside=caster_inside, target_in_fort=target_in_fort, shakes_walls=shakes_walls)
        is applies
    )


@pytest.mark.parametrize(("roll", "dispelled"), [(4, False), (5, True), (6, True)])
def test_the_walls_dispel_on_5_even_irresistible(roll: int, dispelled: bool) -> None:
    """§13.2: « dissipés sur 5 + … même sur les sorts lancés avec un pouvoir irrésistible »; the besieged's own
    wizards are never affected."""
    state = battle(besiegers(WIZARD, "field:W3", 1, "w"), besieged(WIZARD, "T1", 1, "v"))
    events = ward(state, state.model("w1"), True, dice(roll), irresistible=True).events
    assert events[0].kind == ("ward_dispels" if dispelled else "ward_fails")
    assert (events[0].params["roll"], events[0].params["irresistible"]) == (roll, True)
    refused(lambda: ward(state, state.model("v1"), True, dice(6)), "§13.2")
    inside = state.with_models({"w1": replace(state.model("w1"), place=Place.parse("W3"))})
    refused(lambda: ward(inside, inside.model("w1"), True, dice(6)), "§13.2")


def test_an_earthquake_is_a_strength_10_hit_of_d6_damage() -> None:
    """§13.2: « Ils provoquent une touche de Force 10 causant 1D6 dommages sur une section/niveau »: S10 + 3 on an
    undamaged wall scores 13, shaken (Table 3, R5). A besieger wizard casts it."""
    state = earthquake(battle(besiegers(WIZARD, "field:W3", 1, "w")), "W3", dice(3)).state
    assert state.works_of("W3").damage == 1


def test_walls_dispel_a_spell_from_outside_on_5_even_irresistible() -> None:
    """§13.2: a besieger character casting from the foot of the wall."""
    state = battle(besiegers(with_rules(ORC, Special.CHARACTER), "foot:W1", 1))
    result = magic.ward(state, state.model("a1"), True, dice(5), irresistible=True)
    assert result.events[0].kind == "ward_dispels"
    assert result.events[0].params["roll"] == 5
    assert not magic.protection_applies(caster_inside=True, target_in_fort=True, shakes_walls=False)
    assert not magic.protection_applies(caster_inside=False, target_in_fort=True, shakes_walls=True)


def test_ward_fails_on_a_4() -> None:
    """§13.2: the walls dispel on 5+ only."""
    state = battle(besiegers(WIZARD, "foot:W1", 1))
    result = magic.ward(state, state.model("a1"), True, dice(4))
    assert (result.events[0].kind, result.events[0].params["roll"]) == ("ward_fails", 4)


@pytest.mark.parametrize(
    "state",
    [
        pytest.param(battle(besieged(WIZARD, "W1", 1)), id="§13.2-not-for-the-besieged-wizards"),
        pytest.param(battle(besiegers(WIZARD, "W1", 1)), id="§13.2-not-once-the-caster-is-in-the-fort"),
        pytest.param(battle(besiegers(WIZARD, "foot:W1", 1), magic_protection=False), id="§13.2-unprotected-fort"),
        pytest.param(battle(besiegers(ORC, "foot:W1", 1)), id="§13.2-a-character-casts"),
    ],
)
def test_ward_refusals(state: BattleState) -> None:
    refused(lambda: magic.ward(state, state.models[0], True, dice(6)), "§13.2")


def _magic(*groups: list[Model]) -> BattleState:
    return replace(battle(*groups), phase=Phase.MAGIC, active=Side.BESIEGER)


def test_the_walls_ward_a_spell_cast_at_the_fort_only() -> None:
    """§13.2: « Tous les sorts lancés de l'extérieur du château vers le château peuvent être dissipés sur 5 + »: a
    spell at the field meets no ward, so the menu's cast aims at the fort alone."""
    state = _magic(besiegers(WIZARD, "field:east", 1, "w"))
    (cast,) = options_named(state, "cast")
    assert cast.targets == ("fort",)
    assert not problems(state, choose(state, cast, *cast.default()))


def test_a_spell_shaking_the_walls_is_offered_to_a_side_with_a_caster() -> None:
    """§13.2: « Les sorts affectant les remparts type tremblement de terre, crevasse...etc ne peuvent pas être
    dissipés par la protection magique des remparts. Ils provoquent une touche de Force 10 causant 1D6 dommages sur
    une section/niveau visée par le sort »: any rampart section still standing; W2 fell into a breach."""
    state = _magic(besiegers(WIZARD, "field:east", 1, "w"))
    state = state.with_works(replace(state.works_of("W2"), collapsed=True))
    (quake,) = options_named(state, "earthquake")
    assert quake.side is Side.BESIEGER
    assert quake.targets == ("T1", "W1", "T2", "T3", "W3", "T4", "W4")
    struck = play_default(state, quake, dice(3))
    assert struck.works_of("T1").damage == 1  # S10 + 3 = 13: shaken (§5.9, R5)


def test_no_spell_without_a_character_to_cast_it() -> None:
    """§13.1: « Les sorts sont utilisés normalement »: a wizard casts them; an orc mob has none."""
    state = _magic(besiegers(ORC, "field:east", 3))
    assert options_named(state, "earthquake") == []
    assert [r.clause for r in problems(state, a.Earthquake("W1"))] == ["§13.2"]
