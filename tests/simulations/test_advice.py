"""« Que ferait l'application ? »: the strong bot's advice as the simulation worker answers it, in codes and numbers,
and the input it refuses."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from django.core.exceptions import ValidationError

from rules.siege.board.engines import Ladder
from rules.siege.board.state import Phase
from rules.siege.board.state_json import state_to_json
from siege_site.celery import app, route, simulation_queue
from simulations.advice import advise
from tests.rules.siege.builders import MAN, ORC, battle, besieged, besiegers


def ladder_climbed() -> dict[str, Any]:
    """The besieger's movement in turn 1: four orcs on ladder L1 against W3, three men free on W3 beside it (§7.1.6):
    pushing back is plainly the besieged's best answer."""
    state = battle(besiegers(ORC, "ladder:L1", 4), besieged(MAN, "W3", 3), ladders=(Ladder("L1", "W3"),))
    return state_to_json(replace(state, phase=Phase.MOVEMENT, turn=1))


def test_the_advice_names_the_best_option_and_the_top_three_in_codes() -> None:
    """§7.1.6, R33: push back with the three men or forgo it; two options, both shown, the push first."""
    answer = advise(state=ladder_climbed(), side="besieged", max_games=40, seed=7)
    assert answer["best"]["action"] == "push_back"
    assert answer["best"]["pushers"] == ["d1", "d2", "d3"]
    assert [t["action"]["action"] for t in answer["top"]] == ["push_back", "forgo_push_back"]
    assert [t["games"] for t in answer["top"]] == [20, 20]
    assert answer["top"][0]["expected_vp"] > answer["top"][1]["expected_vp"]
    assert (answer["side"], answer["seed"], answer["games"]) == ("besieged", 7, 40)
    assert answer == advise(state=ladder_climbed(), side="besieged", max_games=40, seed=7)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param({"side": "attacker"}, "besieger / besieged", id="side"),
        pytest.param({"state": {"fort": {}}}, "état de la bataille", id="state"),
        pytest.param({"budget_s": 0.0}, "budget", id="no-time"),
        pytest.param({"budget_s": 3600.0}, "budget", id="too-long"),
        pytest.param({"max_games": -1}, "budget", id="games"),
        pytest.param({"seed": -1}, "graine", id="seed"),
    ],
)
def test_bad_input_is_refused_with_its_parameter(change: dict[str, Any], message: str) -> None:
    asked: dict[str, Any] = {"state": ladder_climbed(), "side": "besieged", "max_games": 2} | change
    with pytest.raises(ValidationError, match=message):
        advise(**asked)


def test_the_advice_goes_to_the_simulation_queue() -> None:
    """Its games run beside the simulations' on their own workers, leaving a turn's resolution to the others."""
    assert route("simulations.advise", (), {}, {}) == {"queue": simulation_queue(app.conf.task_default_queue)}
