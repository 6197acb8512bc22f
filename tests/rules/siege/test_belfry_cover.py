"""The belfry's cover by level and face (001 §3, §10) against the transcription of its terrain table
(``tests/rules/data/belfry.py``)."""

from __future__ import annotations

import pytest

from rules.siege.chapters.belfry.belfry_cover import Cover, Face, Spot, cover
from tests.rules.data import belfry as doc

_COVER_WORDS = {"Infini": Cover.INFINITE, "Aucune": Cover.NONE, "Léger": Cover.LIGHT}
_SPOTS = {
    "Niveau du sol": (Spot.GROUND, False),
    "Niveau 1": (Spot.LEVEL_1, False),
    "Niveau 2 (pont-levis dressé)": (Spot.LEVEL_2, False),
    "Niveau 2 (pont-levis abaissé)": (Spot.LEVEL_2, True),
    "Niveau 3": (Spot.LEVEL_3, False),
    "Archère": (Spot.ARROW_SLIT, False),
    "Echelle": (Spot.LADDER, False),
    "Treuil": (Spot.WINCH, True),
}


def _read_cover(text: str, *, rear_rank: bool, through_slit: bool, bridge_down: bool) -> Cover:
    """The §10 table's words: "Léger (dernier rang) / Infini", "Moyen quand le tir traverse l'archère"…"""
    if text == "Léger (dernier rang) / Infini":
        return Cover.LIGHT if rear_rank else Cover.INFINITE
    if text.startswith("Moyen quand"):
        return Cover.MEDIUM if through_slit else Cover.INFINITE
    if text.startswith("Aucune pour les tirs"):
        return Cover.NONE
    if text == "Léger (si pont-levis abaissé)":
        return Cover.LIGHT if bridge_down else Cover.INFINITE
    return _COVER_WORDS[text]


@pytest.mark.parametrize("row", sorted(doc.TERRAIN))
@pytest.mark.parametrize("rear_rank", [False, True])
def test_cover_by_level_and_face(row: str, rear_rank: bool) -> None:
    # 001 §3, §10
    spot, bridge_down = _SPOTS[row]
    _, front, side, rear = doc.TERRAIN[row]
    for face, text in ((Face.FRONT, front), (Face.SIDE, side), (Face.REAR, rear)):
        slit = spot is Spot.ARROW_SLIT
        expected = _read_cover(text, rear_rank=rear_rank, through_slit=slit, bridge_down=bridge_down)
        assert cover(spot, face, bridge_down=bridge_down, rear_rank=rear_rank, through_slit=slit) is expected


def test_level_3_has_medium_cover_through_a_slit() -> None:
    # 001 §3: « Les personnages au Niveau 3 bénéficient d'une couverture moyenne quand le projectile traverse une
    # meurtrière »
    assert cover(Spot.LEVEL_3, Face.FRONT, through_slit=True) is Cover.MEDIUM
    assert cover(Spot.LEVEL_3, Face.FRONT) is Cover.INFINITE
