"""§16 deployment and first turn, and the game's length (ruling R10): who sets up where and in
which order, the besieged first to play, and the roll that may end the game after the besieger's turn 5.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.siege.board.engines import Ladder, SiegeTower
from rules.siege.board.fort import standard_fort
from rules.siege.board.state import IllegalAction, Side
from rules.siege.chapters.deployment import deploy
from rules.siege.chapters.game_length import TURNS, end_player_turn, last_turn
from tests.rules.siege.builders import FORT, MAN, ORC, battle, besieged, besiegers, dice, refused


@pytest.mark.parametrize(
    ("roll", "turns"),
    [pytest.param(r, 6, id=f"R10-roll-{r}-six-turns") for r in range(1, 5)]
    + [pytest.param(r, 5, id=f"§16-roll-{r}-ends-after-turn-5") for r in (5, 6)],
)
def test_last_turn(roll: int, turns: int) -> None:
    assert last_turn(roll) == turns


def test_six_turns() -> None:
    assert TURNS == 6


def test_bad_roll() -> None:
    with pytest.raises(ValueError, match="roll must be between 1 and 6, got 0"):
        last_turn(0)


def test_deployment_order_and_first_turn() -> None:
    """§16: the besieged on everything but the courtyards first, the besieger « à 40 cm au moins des remparts
    ainsi que tous les engins de siège », then the courtyards; « L'assiégé obtient le premier tour »."""
    state = deploy(
        FORT,
        walls=besieged(MAN, "W1", 2),
        besiegers=besiegers(ORC, "field:W3", 3),
        courtyards=besieged(MAN, "C2", 2, "c"),
        ladders=[Ladder("L1", "W3", raised=False)],
    )
    assert state.active is Side.BESIEGED
    assert state.turn == 1
    refused(
        lambda: deploy(FORT, walls=besieged(MAN, "C1", 1), besiegers=[], courtyards=[]), "§16"
    )  # courtyards come last
    refused(lambda: deploy(FORT, walls=[], besiegers=besiegers(ORC, "foot:W3", 1), courtyards=[]), "§16")
    refused(lambda: deploy(FORT, walls=[], besiegers=[], courtyards=besieged(MAN, "W1", 1)), "§16")
    refused(lambda: deploy(FORT, walls=[], besiegers=[], courtyards=[], siege_towers=[SiegeTower("ST1", "W2")]), "§16")


@pytest.mark.parametrize(("roll", "over"), [(4, False), (5, True), (6, True)])
def test_the_game_may_end_after_the_besiegers_turn_5(roll: int, over: bool) -> None:
    """§16: « à la fin du tour 5 de l'assiégeant, le joueur assiégé tire 1D6. Sur 5 ou 6, la partie prend fin
    immédiatement », R10; otherwise it ends after turn 6."""
    state = replace(battle(), turn=5)
    after = end_player_turn(state, dice(roll, 1, 1)).state
    assert after.over is over
    if not over:
        assert after.last_turn == 6
        sixth = end_player_turn(replace(after, active=Side.BESIEGER, turn=6), dice(1, 1)).state
        assert sixth.over


def test_no_roll_before_turn_5_nor_after_the_besieged_turn() -> None:
    """§16: the roll is at the end of the besieger's turn 5 only."""
    assert not end_player_turn(replace(battle(), turn=4), dice(6, 1, 1)).state.over
    besieged_turn = end_player_turn(replace(battle(active=Side.BESIEGED), turn=5), dice(6, 1, 1)).state
    assert not besieged_turn.over
    assert besieged_turn.last_turn is None


def test_the_besieged_deploy_and_play_first() -> None:
    """§16: walls first, the besieger in the field, the courtyards last; the besieged plays first."""
    fort = standard_fort(1500)
    state = deploy(
        fort,
        walls=besieged(MAN, "W1", 2),
        besiegers=besiegers(ORC, "field:east", 5),
        courtyards=besieged(MAN, "C1", 2, "c"),
    )
    assert (state.active, state.first) == (Side.BESIEGED, Side.BESIEGED)
    with pytest.raises(IllegalAction) as error:
        deploy(fort, walls=[], besiegers=besiegers(ORC, "foot:W1", 1), courtyards=[])
    assert error.value.clause == "§16"
    with pytest.raises(IllegalAction):
        deploy(fort, walls=besieged(MAN, "field:out", 1), besiegers=[], courtyards=[])


@pytest.mark.parametrize(
    ("roll", "over"),
    [pytest.param(5, True, id="R10-5-ends-after-turn-5"), pytest.param(4, False, id="R10-4-plays-on")],
)
def test_game_length_roll(roll: int, over: bool) -> None:
    state = replace(battle(besieged(MAN, "C1", 1)), turn=5)
    result = end_player_turn(state, dice(roll))
    assert result.state.over is over
    assert result.state.last_turn == (5 if over else 6)
