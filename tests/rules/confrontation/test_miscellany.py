"""004 Divers, Modificateurs de mouvement, Modifications spécifiques: tables and rules."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from rules.confrontation import miscellany
from rules.confrontation.miscellany import Mover, Terrain
from rules.dice import Dice
from tests.rules.confrontation import data


def test_miscellany_numbers() -> None:
    """004 Divers: fear's automatic 6, the radii of command, the trance, the storm's range."""
    assert miscellany.FEAR_AUTOMATIC_SUCCESS == data.PEUR_REUSSITE_AUTOMATIQUE
    assert miscellany.COMMAND_RADIUS == data.RAYON_COMMANDEMENT
    assert miscellany.STAFF_RADIUS == data.RAYON_ETAT_MAJOR
    assert miscellany.STAFF_CLUSTER == data.ETAT_MAJOR_GROUPE
    assert {f: miscellany.trance_recovery_face(f) for f in data.TRANSE} == data.TRANSE
    assert miscellany.SPELLS["tempete_divine"].max_range == data.TEMPETE_DIVINE_PORTEE
    assert not miscellany.SPELLS["flux_de_nullite_absolue"].allowed


TERRAINS = {
    "Marais": Terrain.MARSH,
    "Rivière peu profonde à faible Courant": Terrain.SHALLOW_SLOW_RIVER,
    "Rivière peu profonde à fort Courant": Terrain.SHALLOW_FAST_RIVER,
    "Rivière profonde": Terrain.DEEP_RIVER,
    "Guet": Terrain.FORD,
    "Montagne/gros rochers": Terrain.MOUNTAIN,
    "Forêt clairsemée": Terrain.SPARSE_FOREST,
    "Forêt dense": Terrain.DENSE_FOREST,
    "Pont de corde": Terrain.ROPE_BRIDGE,
    "Muret": Terrain.LOW_WALL,
    "Caillouteux": Terrain.ROCKY,
}
MOVERS = (Mover.TROOPS, Mover.CAVALRY, Mover.MONSTERS, Mover.MACHINES)


def _printed(crossing: miscellany.Crossing) -> str:
    """A cell as the document prints it."""
    if crossing.special:
        return "spécial"
    if crossing.cost is None:
        return "Impossible"
    ratio = "aucun" if crossing.cost == 1 else f"{crossing.cost.numerator}/{crossing.cost.denominator}"
    return ratio if crossing.forced_march else f"{ratio} *"


@pytest.mark.parametrize(("label", "cells"), data.MOUVEMENT.items())
def test_movement_table(label: str, cells: tuple[str, ...]) -> None:
    """004 Modificateurs de mouvement: every cell, with its * (no forced march)."""
    row = miscellany.MOVEMENT[TERRAINS[label]]
    assert tuple(_printed(row[mover]) for mover in MOVERS) == cells
    assert len(miscellany.MOVEMENT) == len(data.MOUVEMENT)


def test_low_wall_height() -> None:
    """004 Modificateurs de mouvement, spécial: twice the height for troops, once for monsters."""
    assert miscellany.wall_cost(3, "troops") == 3 * data.MURET_HAUTEUR["troupes"]
    assert miscellany.wall_cost(3, "monsters") == 3 * data.MURET_HAUTEUR["monstres"]


def _dice(*faces: int) -> Dice:
    dice = Dice(seed=0)
    dice.supply(faces)
    return dice


def test_a_fear_test_passes_on_a_6() -> None:
    """004 Test de peur: automatic success on a 6, whatever the difficulty."""
    assert miscellany.fear_test(_dice(6), 0, 12).succeeded
    assert not miscellany.fear_test(_dice(5), 0, 12).succeeded
    assert miscellany.fear_test(_dice(3), 4, 7).succeeded


def test_monsters_never_use_a_characters_command_or_courage() -> None:
    """004 Monstres, courage et discipline."""
    assert not miscellany.borrows_leadership(monster=True)
    assert miscellany.borrows_leadership(monster=False)


def test_command_radii() -> None:
    """004 Compétence commandement (20 cm), Etat-major (30 cm, its three members within 10 cm)."""
    assert miscellany.in_command(20)
    assert not miscellany.in_command(Fraction(41, 2))
    assert miscellany.staff_in_command(30, 10)
    assert not miscellany.staff_in_command(30, 11)
    assert not miscellany.staff_in_command(31, 5)


def test_a_5_counts_as_a_6_in_a_trance() -> None:
    """004 La transe."""
    assert [miscellany.trance_recovery_face(f) for f in range(1, 7)] == [1, 2, 3, 4, 6, 6]


def test_distance_covered_through_terrain() -> None:
    """004 Modificateurs de mouvement: 12 cm of move cross 6 cm of marsh on foot, 8 cm of a slow river on horse."""
    assert miscellany.distance_covered(12, "marsh", "troops") == 6
    assert miscellany.distance_covered(12, "shallow_slow_river", "cavalry") == 8
    assert miscellany.distance_covered(12, "ford", "cavalry") == 12
    assert not miscellany.MOVEMENT[miscellany.Terrain.ROCKY][miscellany.Mover.MONSTERS].forced_march


def test_the_changed_spells() -> None:
    """004 Modifications spécifiques: tempête divine 50 cm in the magic phase; flux de nullité absolue forbidden."""
    assert miscellany.check_spell("tempete_divine", 50) == []
    assert len(miscellany.check_spell("tempete_divine", 51, magic_phase=False)) == 2
    assert miscellany.check_spell("flux_de_nullite_absolue") != []
    assert miscellany.check_spell("faille", 200) == []


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(
            lambda: miscellany.distance_covered(10, "deep_river", "troops"),
            "cannot_cross (mover=troops, terrain=deep_river)",
        ),
        pytest.param(
            lambda: miscellany.distance_covered(10, "low_wall", "troops"), "wall_costs_height (terrain=low_wall)"
        ),
        pytest.param(lambda: miscellany.distance_covered(10, "lava", "troops"), "terrain must be one of 'marsh'"),
        pytest.param(lambda: miscellany.distance_covered(10, "marsh", "ships"), "mover must be one of 'troops'"),
        pytest.param(lambda: miscellany.distance_covered(-1, "marsh", "troops"), "movement_negative (movement=-1)"),
        pytest.param(lambda: miscellany.wall_cost(3, "cavalry"), "cannot_cross (mover=cavalry, terrain=low_wall)"),
        pytest.param(lambda: miscellany.trance_recovery_face(0), "face must be between 1 and 6, got 0"),
    ],
)
def test_bad_input_names_the_rule_and_range(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
