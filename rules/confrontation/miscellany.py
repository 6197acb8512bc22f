"""004 *Divers* and *Modifications spécifiques*: fear, command radii, the trance, the movement table, two spells.

The movement table gives, per terrain and kind of mover, the ratio of movement spent to distance covered, or that
the terrain cannot be crossed::

    >>> MOVEMENT[Terrain.MARSH][Mover.CAVALRY]
    Crossing(cost=Fraction(3, 1), forced_march=False, special=False)
    >>> distance_covered(12, Terrain.SHALLOW_SLOW_RIVER, Mover.CAVALRY)
    Fraction(8, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from rules.confrontation.checks import TEST_DIE, Attempt, check_face, choice, citing, roll_test
from rules.contract import IllegalAction
from rules.dice import Dice, reason

__all__ = [
    "COMMAND_RADIUS",
    "FEAR_AUTOMATIC_SUCCESS",
    "MOVEMENT",
    "SPELLS",
    "STAFF_CLUSTER",
    "STAFF_RADIUS",
    "TRANCE_COUNTS_AS_SIX",
    "WALL_HEIGHT_FACTOR",
    "Crossing",
    "Mover",
    "Spell",
    "Terrain",
    "borrows_leadership",
    "check_spell",
    "distance_covered",
    "fear_test",
    "in_command",
    "staff_in_command",
    "trance_recovery_face",
    "wall_cost",
]

FEAR_AUTOMATIC_SUCCESS = 6
"""004 Test de peur: a 6 always passes. 004 Blessures et test de peur: a wound's automatic failures do not apply."""


def fear_test(dice: Dice, courage: int, difficulty: int) -> Attempt:
    """A fear test (*test de peur*, *de courage*): a test of ``courage`` against the frightening enemy's value.

    It passes on a 6 whatever the total (004 *Test de peur*); the automatic failures wounds bring do not apply to it
    (004 *Blessures et test de peur*), so none is asked for. A failed test before a charge: the model does nothing
    this turn, takes :data:`~rules.confrontation.melee.FAILED_FEAR` if engaged, and cannot charge or engage that
    enemy next turn (004 *Echec d'un test de peur pour charger*).
    """
    return roll_test(
        dice, courage, difficulty, reason("fear_test", "004 Test de peur"), automatic_success=FEAR_AUTOMATIC_SUCCESS
    )


def borrows_leadership(monster: bool) -> bool:
    """Whether a fighter may use a character's command or courage: monsters never do (004 *Monstres, courage*)."""
    return not monster


COMMAND_RADIUS = 20
"""004 Compétence commandement: the radius (cm) of a model with the command skill."""
STAFF_RADIUS = 30
"""004 Etat-major: the radius (cm) of a command staff…"""
STAFF_CLUSTER = 10
"""…whose three members stand within 10 cm."""


def in_command(distance: int | Fraction) -> bool:
    """Whether a model ``distance`` cm from one with the command skill is within its radius."""
    return 0 <= distance <= COMMAND_RADIUS


def staff_in_command(distance: int | Fraction, members_spread: int | Fraction) -> bool:
    """Whether a model ``distance`` cm from a command staff is within its radius; ``members_spread`` is the
    radius (cm) within which its three members stand."""
    return 0 <= distance <= STAFF_RADIUS and 0 <= members_spread <= STAFF_CLUSTER


TRANCE_COUNTS_AS_SIX = 5


def trance_recovery_face(face: int) -> int:
    """The face a magician in a trance reads on a recovery roll: a 5 counts as a 6 (004 *La transe*)."""
    with citing("004 La transe"):
        check_face("face", face)
    return TEST_DIE.values[-1] if face == TRANCE_COUNTS_AS_SIX else face


# 004 Modificateurs de mouvement


class Terrain(StrEnum):
    MARSH = "marsh"  # marais
    SHALLOW_SLOW_RIVER = "shallow_slow_river"  # rivière peu profonde à faible courant
    SHALLOW_FAST_RIVER = "shallow_fast_river"  # rivière peu profonde à fort courant
    DEEP_RIVER = "deep_river"  # rivière profonde
    FORD = "ford"  # guet
    MOUNTAIN = "mountain"  # montagne, gros rochers
    SPARSE_FOREST = "sparse_forest"  # forêt clairsemée
    DENSE_FOREST = "dense_forest"  # forêt dense
    ROPE_BRIDGE = "rope_bridge"  # pont de corde
    LOW_WALL = "low_wall"  # muret
    ROCKY = "rocky"  # caillouteux


class Mover(StrEnum):
    TROOPS = "troops"  # troupes
    CAVALRY = "cavalry"  # cavalerie
    MONSTERS = "monsters"  # monstres
    MACHINES = "machines"  # machines


@dataclass(frozen=True)
class Crossing:
    """One cell of the table: the ratio printed (``None``: impossible), and whether a forced march is allowed."""

    cost: Fraction | None
    """Movement spent per distance covered, "2/1" being 2; 1 for *aucun*; ``None`` for *impossible*."""
    forced_march: bool = True
    """``False`` for the cells marked * (*pas de marche forcée autorisée*)."""
    special: bool = False
    """*spécial*: crossing a low wall costs its height, twice for troops (:func:`wall_cost`)."""


def _c(ratio: str, forced_march: bool = True) -> Crossing:
    numerator, denominator = ratio.split("/")
    return Crossing(Fraction(int(numerator), int(denominator)), forced_march)


_NONE = Crossing(Fraction(1))
_NO = Crossing(None)
_SPECIAL = Crossing(None, special=True)

MOVEMENT: Mapping[Terrain, Mapping[Mover, Crossing]] = MappingProxyType(
    {
        terrain: MappingProxyType(dict(zip(Mover, cells, strict=True)))
        for terrain, cells in (
            # 004 Modificateurs de mouvement: troops, cavalry, monsters, machines.
            (Terrain.MARSH, (_c("2/1", False), _c("3/1", False), _c("2/1", False), _NO)),
            (Terrain.SHALLOW_SLOW_RIVER, (_c("2/1", False), _c("3/2"), _c("3/2"), _NO)),
            (Terrain.SHALLOW_FAST_RIVER, (_c("3/1", False), _c("2/1", False), _c("2/1", False), _NO)),
            (Terrain.DEEP_RIVER, (_NO, _NO, _NO, _NO)),
            (Terrain.FORD, (_c("3/2"), _NONE, _NONE, _c("2/1", False))),
            (Terrain.MOUNTAIN, (_NO, _NO, _NO, _NO)),
            (Terrain.SPARSE_FOREST, (_NONE, _c("2/1", False), _NONE, _NO)),
            (Terrain.DENSE_FOREST, (_c("2/1", False), _NO, _c("2/1", False), _NO)),
            (Terrain.ROPE_BRIDGE, (_c("2/1", False), _NO, _NO, _NO)),
            (Terrain.LOW_WALL, (_SPECIAL, _NO, _SPECIAL, _NO)),
            (Terrain.ROCKY, (_c("3/2", False), _c("2/1", False), Crossing(Fraction(1), False), _c("4/1", False))),
        )
    }
)

WALL_HEIGHT_FACTOR: Mapping[Mover, int] = MappingProxyType({Mover.TROOPS: 2, Mover.MONSTERS: 1})
"""*spécial*: crossing a low wall counts its height twice for troops and once for monsters."""


def _crossing(terrain: str, mover: str) -> tuple[Terrain, Mover, Crossing]:
    with citing("004 Modificateurs de mouvement"):
        ground = choice(Terrain, "terrain", terrain)
        kind = choice(Mover, "mover", mover)
    return ground, kind, MOVEMENT[ground][kind]


def distance_covered(movement: int | Fraction, terrain: str, mover: str) -> Fraction:
    """How far (cm) ``movement`` cm of a model's move take it through ``terrain`` (004 *Modificateurs de mouvement*)."""
    ground, kind, crossing = _crossing(terrain, mover)
    if crossing.special:
        raise IllegalAction("wall_costs_height", "004 Modificateurs de mouvement", terrain=ground.value)
    if crossing.cost is None:
        raise IllegalAction("cannot_cross", "004 Modificateurs de mouvement", mover=kind.value, terrain=ground.value)
    if movement < 0:
        raise IllegalAction("movement_negative", "004 Modificateurs de mouvement", movement=str(movement))
    return Fraction(movement) / crossing.cost


def wall_cost(height: int | Fraction, mover: str) -> Fraction:
    """The movement (cm) crossing a low wall of ``height`` cm costs (004 *Modificateurs de mouvement*, *spécial*)."""
    ground, kind, crossing = _crossing(Terrain.LOW_WALL, mover)
    if not crossing.special:
        raise IllegalAction("cannot_cross", "004 Modificateurs de mouvement", mover=kind.value, terrain=ground.value)
    if height < 0:
        raise IllegalAction("height_negative", "004 Modificateurs de mouvement", height=str(height))
    return Fraction(height) * WALL_HEIGHT_FACTOR[kind]


# 004 Modifications spécifiques


@dataclass(frozen=True)
class Spell:
    allowed: bool = True
    max_range: int | None = None
    """cm; ``None``: the rulebook's own."""
    magic_phase_only: bool = False
    """Cast only in the magic phase, in initiative order."""


SPELLS: Mapping[str, Spell] = MappingProxyType(
    {
        # 004 Le sort 'tempête divine': bolts only in the magic phase, in initiative order; 50 cm at most.
        "tempete_divine": Spell(max_range=50, magic_phase_only=True),
        # 004 Le sort 'flux de nullité absolue': forbidden, for its deadly combinations (with 'faille').
        "flux_de_nullite_absolue": Spell(allowed=False),
    }
)


def check_spell(name: str, distance: int | Fraction = 0, magic_phase: bool = True) -> list[str]:
    """Why casting ``name`` at ``distance`` cm is refused by the document; empty when it changes nothing."""
    spell = SPELLS.get(name, Spell())
    problems = []
    if not spell.allowed:
        problems.append(f"the spell {name} is forbidden (004 Modifications spécifiques)")
    if spell.max_range is not None and distance > spell.max_range:
        problems.append(f"the spell {name} reaches {spell.max_range} cm at most (004 Modifications spécifiques)")
    if spell.magic_phase_only and not magic_phase:
        problems.append(f"the spell {name} is cast only in the magic phase (004 Modifications spécifiques)")
    return problems
