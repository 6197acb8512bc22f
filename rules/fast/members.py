"""The siege's enum members its busiest functions read, bound once as module constants: ``side is BESIEGER``.

Why: on Python 3.11 ``EnumType`` defines ``__getattr__``, so reading a member from its class (``Side.BESIEGER``)
goes through the slow attribute hook even though the member sits in the class's dict; a module constant is read
as any global name (Python 3.12 drops the hook). Measured with cachegrind over 20 demo assaults (seed 1500):
with every member read from its class (a walk over the models reading it into a local first) the engine ran 58.2M
instructions an assault, 4.6 % more than the 55.6M it ran with one alias of each member in each module that read
it, about a thousand instructions a read; with the constants below, 55.6M again. An opcode count over the same
games decided which members are here: each is read at least 40 times in a demo assault (``Side.BESIEGER`` about
620 times, ``Special.TERROR`` about 47). A member read less often is read from its class: 40 reads are about 0.07 %
of an assault's instructions, lost in the noise of any benchmark.

Relies on: a constant is its member (``BESIEGER is Side.BESIEGER``), which ``tests/rules/test_fast.py`` checks
name by name, and on no rule module binding a member to a module name of its own: the same test walks the
rules for any.
"""

from __future__ import annotations

from typing import Final

from rules.siege.board.fort import SectionKind
from rules.siege.board.places import Phase, Side, Zone
from rules.siege.board.profiles import Special, TroopType, Weapon

__all__ = [
    "BELFRY",
    "BESIEGED",
    "BESIEGER",
    "CLOSE_COMBAT",
    "COURTYARD",
    "END",
    "FIELD",
    "FLYER",
    "FOOT",
    "GREAT_WEAPON",
    "LADDER",
    "MOVEMENT",
    "MUSICIAN",
    "SECTION",
    "SETUP",
    "SIEGE_TOWER",
    "TERROR",
    "UNBREAKABLE",
    "WAR_MACHINE",
]

BESIEGER: Final = Side.BESIEGER
BESIEGED: Final = Side.BESIEGED

SETUP: Final = Phase.SETUP
MOVEMENT: Final = Phase.MOVEMENT
CLOSE_COMBAT: Final = Phase.CLOSE_COMBAT
END: Final = Phase.END

FIELD: Final = Zone.FIELD
FOOT: Final = Zone.FOOT
LADDER: Final = Zone.LADDER
SIEGE_TOWER: Final = Zone.SIEGE_TOWER
BELFRY: Final = Zone.BELFRY
SECTION: Final = Zone.SECTION

COURTYARD: Final = SectionKind.COURTYARD

WAR_MACHINE: Final = TroopType.WAR_MACHINE
FLYER: Final = Special.FLYER
MUSICIAN: Final = Special.MUSICIAN
TERROR: Final = Special.TERROR
UNBREAKABLE: Final = Special.UNBREAKABLE
GREAT_WEAPON: Final = Weapon.GREAT_WEAPON
