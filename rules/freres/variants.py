"""The die variants of chapter I §3: « jouer avec un dé à vingt ou trente faces », with or without the 0.

« Les résultats de 11 à 19 sur le dé donnent des résultats de 1 à 9 pour le jeu. Il suffit d'enlever le chiffre des
dizaines. Le 10 et le 20 font donc 0. Vous pouvez aussi jouer sans le 0. Le 10 donne 1 et le 20 donne 2. Vous pouvez
faire la même chose avec un dé à trente faces. Le 30 donne alors 3. »

The face rolled (or typed in at the table) is logged; the game reads its value::

    >>> game_value("d20", 17), game_value("d20", 20), game_value("d20_no_zero", 20), game_value("d30_no_zero", 30)
    (7, 0, 2, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from rules.dice import D10_ZERO, Dice, Die
from rules.validation import check_choice, citing

__all__ = ["DIE_VARIANTS", "VARIANT_DICE", "VariantRoller", "check_die_variant", "game_value"]

PLAIN = "d10"
VARIANT_DICE: Mapping[str, Die] = MappingProxyType(
    {
        PLAIN: D10_ZERO,
        "d20": Die("D20", tuple(range(1, 21))),
        "d20_no_zero": Die("D20(sans 0)", tuple(range(1, 21))),
        "d30": Die("D30", tuple(range(1, 31))),
        "d30_no_zero": Die("D30(sans 0)", tuple(range(1, 31))),
    }
)
"""The die a club rolls for each variant: its faces as printed on it."""
DIE_VARIANTS = tuple(VARIANT_DICE)


def check_die_variant(variant: str) -> str:
    with citing("003 I §3 Variante : jouer avec un dé à vingt ou trente faces"):
        return check_choice("die", variant, DIE_VARIANTS)


def game_value(variant: str, face: int) -> int:
    """The game's 0–9 for ``face`` of the variant's die: the tens taken off; « sans le 0 », a 10, 20 or 30 gives its
    tens (1, 2, 3) instead of 0."""
    units = face % 10
    if units == 0 and variant.endswith("_no_zero"):
        return face // 10
    return units


@dataclass(frozen=True)
class VariantRoller:
    """The d10 read off a d20 or a d30 (I §3), each face rolled logged as it shows on the die."""

    dice: Dice
    variant: str

    def d10(self, reason: str) -> int:
        return game_value(self.variant, self.dice.roll(VARIANT_DICE[self.variant], reason))
