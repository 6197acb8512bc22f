"""What a model holds in its hands (II §4.3, §4.5) and the missiles it carries (§3.2, §5.1.3, §5.2).

Two weapons: a blade with a dagger or another blade gives +1 to D in close combat; a weapon in each hand costs -1 to
every JA, but not to a model with a shield nor for the dagger beside a blade::

    >>> melee_defence_bonus("blade_and_dagger"), agility_malus("blade_and_dagger", shield=0)
    (1, 0)
    >>> melee_defence_bonus("two_weapons"), agility_malus("two_weapons", shield=0)
    (0, 1)
    >>> agility_malus("two_weapons", shield=1)
    0

The missiles carried: a bag holds 10 (§3.2 « Sac de 10 munitions »)::

    >>> missiles_left(supply=10, spent=3)
    7
    >>> missiles_left(supply=0, spent=3) is None
    True
"""

from __future__ import annotations

from rules.freres.checks import citing
from rules.validation import check_choice, check_range

__all__ = [
    "AMMUNITION_BAG",
    "HANDS",
    "OFF_HAND_MALUS",
    "TWO_BLADES_DEFENCE",
    "TWO_WEAPONS_JA_MALUS",
    "agility_malus",
    "check_hands",
    "check_supply",
    "melee_defence_bonus",
    "missiles_left",
    "off_hand_malus",
]

HANDS = ("single", "blade_and_dagger", "two_blades", "two_weapons")
"""What a model holds: one weapon (and maybe a shield); a blade and a dagger; two blades (épée, sabre, rapière);
two other weapons, one in each hand (§4.5)."""
TWO_BLADES_DEFENCE = 1
"""§4.5 Exception: « Une figurine ayant une lame (épée, sabre, rapière) dans une main et une dague ou une autre lame
dans l'autre main, a +1 en D lors des corps à corps »."""
TWO_WEAPONS_JA_MALUS = 1
"""§4.3: « Un combattant ayant une arme dans chaque main a -1 à tous ses JA. Ce malus n'intervient pas sur les
figurines portant un bouclier. »"""
OFF_HAND_MALUS = 1
"""§4.5, optional rule *ambidextre*: « Si le joueur utilise une arme dans sa main la moins agile (la gauche par
défaut), il a -1 avec pour le T et le C. Si la figurine est ambidextre, elle n'a pas ces malus. »"""
AMMUNITION_BAG = 10
"""§3.2 Objets encombrants: « Sac de 10 munitions », weight 1."""

_BLADE_PAIRS = frozenset({"blade_and_dagger", "two_blades"})


def check_hands(hands: str) -> str:
    with citing("003 II §4.5"):
        return check_choice("hands", hands, HANDS)


def check_supply(name: str, value: int) -> int:
    with citing("003 II §3.2, §5.2"):
        return check_range(name, value, 0, 60)


def melee_defence_bonus(hands: str) -> int:
    """What the weapons in its hands add to its D in close combat (§4.5 Exception)."""
    return TWO_BLADES_DEFENCE if check_hands(hands) in _BLADE_PAIRS else 0


def agility_malus(hands: str, shield: int) -> int:
    """What a weapon in each hand takes off every JA (§4.3): nothing with a shield, nothing for the dagger beside a
    blade (§4.5 « La dague ne donne alors aucun malus »)."""
    if check_hands(hands) in ("single", "blade_and_dagger") or shield:
        return 0
    return TWO_WEAPONS_JA_MALUS


def off_hand_malus(hands: str, ambidextrous: bool, off_hand: bool) -> int:
    """What striking or shooting with the weapon in its less agile hand takes off its C or its T (§4.5, optional
    rule *ambidextre*): nothing for an ambidextrous model, nothing with a single weapon."""
    if not off_hand or ambidextrous or check_hands(hands) == "single":
        return 0
    return OFF_HAND_MALUS


def missiles_left(supply: int, spent: int) -> int | None:
    """The missiles a model still carries: ``supply`` less those shot, lost or dropped; ``None`` when its supply is
    not counted (0)."""
    if not supply:
        return None
    return max(0, supply - spent)
