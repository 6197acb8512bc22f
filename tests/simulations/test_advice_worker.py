"""The strong bot's advice goes through Redis to a real worker on the simulation queue, within its time budget."""

from __future__ import annotations

import time

import pytest

from simulations import tasks
from tests.simulations.test_advice import ladder_climbed

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_worker_advises_pushing_back_a_ladder_four_climb_beside_three_free_pushers(celery_worker: str) -> None:
    """§7.1.6: « Pour repousser une échelle, le joueur doit obtenir un 6 sur 1D6. Pour chaque figurine amie l'aidant
    dans cette entreprise, il bénéficie d'un + 1 »: three men push on 4+; let go, four orcs reach three men on the
    rampart. At the default budget, the strong bot picks the push."""
    began = time.monotonic()
    answer = tasks.advise.delay(ladder_climbed(), "besieged").get(timeout=60)
    assert time.monotonic() - began < 30
    assert answer["best"]["action"] == "push_back"
    assert answer["top"][0]["action"] == answer["best"]
    assert answer["games"] >= 10
