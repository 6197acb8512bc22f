"""Morale (II §8): the morale test (JM), its modifiers, the failure table and the actions of morale.

A failed JM keeps its score and reads it on the failure table, whose effects add up downwards (*Les effets de la
table sont cumulatifs*): a shaken model is also rattled, so wary and cautious::

    >>> failure_row(5)
    <MoraleRow.SHAKEN: 'shaken'>
    >>> sorted(e.value for e in row_effects(MoraleRow.SHAKEN))
    ['jm_malus', 'no_advance', 'steps_back']
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from rules.freres.checks import Bands, Check, band_of

__all__ = [
    "COSTS",
    "CRITICAL_MORALE_LOSS",
    "FAILURE_TABLE",
    "MORALE_MODIFIERS",
    "ROW_EFFECTS",
    "MoraleEffect",
    "MoraleRow",
    "failure_row",
    "morale_outcome",
    "row_effects",
]


MORALE_MODIFIERS: Mapping[str, int] = MappingProxyType(
    {
        # II §8.1 Table de Moral.
        "no_weapon_in_hand": -1,  # Elle n'a ni arme ni bouclier en main
        "per_enemy_in_contact": -1,  # Par ennemis à son contact
        "friendly_standard": +1,  # un étendard ami est dans les 30 cm
    }
)
CRITICAL_MORALE_LOSS = 1
"""§8.1 Le JM est un échec critique: "La figurine a M-1 pour la bataille"."""


class MoraleRow(StrEnum):
    LOST = "lost"  # Perdue
    PANICKED = "panicked"  # Paniquée
    ROUTED = "routed"  # Déroutée
    SHAKEN = "shaken"  # Ebranlée
    RATTLED = "rattled"  # Secouée
    WARY = "wary"  # Méfiante
    CAUTIOUS = "cautious"  # Prudente
    STOIC = "stoic"  # Stoïque


FAILURE_TABLE: Bands[MoraleRow] = (
    # II §8.1 Table d'échec au Moral: "0 et -", 1, 2-3, 4-6, 7, 8, 9, "10 et +".
    (None, 0, MoraleRow.LOST),
    (1, 1, MoraleRow.PANICKED),
    (2, 3, MoraleRow.ROUTED),
    (4, 6, MoraleRow.SHAKEN),
    (7, 7, MoraleRow.RATTLED),
    (8, 8, MoraleRow.WARY),
    (9, 9, MoraleRow.CAUTIOUS),
    (10, None, MoraleRow.STOIC),
)


class MoraleEffect(StrEnum):
    SURRENDERS = "surrenders"  # Elle se rend, enlevez-la du champ de bataille
    DROPS_WEAPONS = "drops_weapons"  # abandonne les armes qu'elle a en main
    ROUTS = "routs"  # Elle part en déroute
    NO_ADVANCE = "no_advance"  # ni avancer vers l'ennemi ni déclencher un corps à corps à sa prochaine activation
    JM_MALUS = "jm_malus"  # -1 aux JM pour cette bataille
    STEPS_BACK = "steps_back"  # Elle recule de son socle


_OWN: Mapping[MoraleRow, frozenset[MoraleEffect]] = MappingProxyType(
    {
        MoraleRow.LOST: frozenset({MoraleEffect.SURRENDERS}),
        MoraleRow.PANICKED: frozenset({MoraleEffect.ROUTS, MoraleEffect.DROPS_WEAPONS}),
        MoraleRow.ROUTED: frozenset({MoraleEffect.ROUTS}),
        MoraleRow.SHAKEN: frozenset({MoraleEffect.NO_ADVANCE}),  # "Idem secouée, de plus…"
        MoraleRow.RATTLED: frozenset(),  # "Idem méfiante et prudente"
        MoraleRow.WARY: frozenset({MoraleEffect.JM_MALUS}),
        MoraleRow.CAUTIOUS: frozenset({MoraleEffect.STEPS_BACK}),
        MoraleRow.STOIC: frozenset(),  # Elle fait face au danger
    }
)
_INCLUDES: Mapping[MoraleRow, tuple[MoraleRow, ...]] = MappingProxyType(
    {MoraleRow.SHAKEN: (MoraleRow.RATTLED,), MoraleRow.RATTLED: (MoraleRow.WARY, MoraleRow.CAUTIOUS)}
)


def row_effects(row: MoraleRow) -> frozenset[MoraleEffect]:
    """A row's own effects and those of the rows it names ("Idem secouée", "Idem méfiante et prudente", §8.1)."""
    effects = set(_OWN[row])
    for named in _INCLUDES.get(row, ()):
        effects |= row_effects(named)
    return frozenset(effects)


ROW_EFFECTS: Mapping[MoraleRow, frozenset[MoraleEffect]] = MappingProxyType(
    {row: row_effects(row) for row in MoraleRow}
)


def failure_row(score: int) -> MoraleRow:
    """The failure table's row for a failed JM's ``score`` (II §8.1)."""
    return band_of(FAILURE_TABLE, score)


def morale_outcome(check: Check) -> MoraleRow | None:
    """``None`` when the JM passes; otherwise its row. A natural 0 fails and keeps its score (R17, §8.1)."""
    return None if check.succeeded else failure_row(check.total)


COSTS: Mapping[str, int | None] = MappingProxyType(
    {
        # II §8.2; None: "V", variable.
        "rout": 0,  # Dérouter
        "rally": 3,  # Rallier
        "recover": 6,  # Se rétablir
        "flee_combat": None,  # Fuir le combat (volontairement): 1 PA par ennemi au contact
        "raise_comrade": 4,  # Relever un camarade
    }
)
