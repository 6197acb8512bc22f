"""§5 shooting: modifiers (§5.2, R6), who shoots at what (§5.3–§5.7), the dead angle, once a turn a model,
shots at engines and their escorts, and the war machines' bombardment from the menu.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.engines import Liquid, Ram, Works
from rules.siege.board.state import BattleState, Phase, Side, TurnLog
from rules.siege.chapters import shooting
from rules.siege.chapters.sorties import sortie
from rules.siege.game import Option, apply, choose, menu_options
from tests.rules.siege.builders import (
    ARCHER,
    CATAPULT,
    HARPY,
    MAN,
    OGRE,
    ORC,
    RAMPARTS,
    battle,
    besieged,
    besiegers,
    dice,
    next_turn,
    problem_clauses,
    refused,
)


def test_only_the_besieged_shoot_at_the_besiegers_engines() -> None:
    """§5.3: « le joueur assiégé a toujours le choix de tirer sur les machines type tour de siège et bélier »: a
    besieger archer may not shoot his own side's siege tower; a besieged one may.
    """
    state = battle(besiegers(ARCHER, "foot:W1", 1), besieged(ARCHER, "W2", 1, "x"))
    refused(lambda: shooting.shoot_engine(state, ["a1"], "siege_tower:ST1", Dice(0)), "§5.3")
    theirs = replace(state, active=Side.BESIEGED)
    assert shooting.shoot_engine(theirs, ["x1"], "siege_tower:ST1", Dice(0)).rolls


def test_only_the_besiegers_shoot_at_the_forts_gates_and_walls() -> None:
    """§5.5: « Une unité peut choisir de tirer sur une porte »; §5.7: « Les tirs … sur les structures du château »
    — the fort's own defenders do not shoot its gate or its walls.
    """
    state = battle(besieged(ARCHER, "W2", 1), besiegers(ARCHER, "foot:C1", 1, "a"), active=Side.BESIEGED)
    refused(lambda: shooting.shoot_gate(state, ["d1"], "G1", Dice(0)), "§5.5")
    refused(lambda: shooting.shoot_structure(state, ["d1"], "T2", Dice(0)), "§5.7")
    theirs = replace(state, active=Side.BESIEGER)
    assert shooting.shoot_gate(theirs, ["a1"], "G1", Dice(0)).rolls
    assert shooting.shoot_structure(theirs, ["a1"], "T2", Dice(0)).events[0].kind == "structure_damage"


def test_the_dead_angle_is_for_shots_from_the_rampart_at_the_walls_foot() -> None:
    """§5.1: « Les troupes tirant du rempart ont un malus de - 1 pour tirer sur toute figurine située dans l'angle
    mort formé par le rempart »: not for a shooter in the courtyard, nor at a model inside the fort.
    """
    state = battle(
        besieged(ARCHER, "W3", 1),
        besieged(ARCHER, "C2", 1, "c"),
        besiegers(ORC, "foot:W3", 1),
        besiegers(ORC, "W4", 1, "w"),
        active=Side.BESIEGED,
    )
    assert shooting.shoot(state, ["d1"], ["a1"], Dice(0), dead_angle=True).rolls
    refused(lambda: shooting.shoot(state, ["c1"], ["a1"], Dice(0), dead_angle=True), "§5.1")
    refused(lambda: shooting.shoot(state, ["d1"], ["w1"], Dice(0), dead_angle=True), "§5.1")


def test_a_model_shoots_once_a_turn_whatever_it_shoots_at() -> None:
    """A shooter's turn is one volley, however the shots are named."""
    # §5.2: « Les modificateurs de tir habituels s'appliquent » — the usual shooting phase, in which a model shoots
    # once; §9.2: « Le joueur décide de tirer des projectiles enflammés pour l'unité ce tour. Tous les membres de
    # l'unité … doivent alors tirer » — one volley a turn for the unit. a1 shot at the defenders in a first call and
    # may not shoot again in a second one, at a model, a gate or a wall; a2 still may, and a1 again next turn.
    state = battle(besiegers(ARCHER, "foot:W3", 2), besieged(MAN, "W3", 3))
    after = shooting.shoot(state, ["a1"], ["d1"], dice(1, 1, 1)).state
    refused(lambda: shooting.shoot(after, ["a1"], ["d2"], Dice(0)), "§5")
    refused(lambda: shooting.shoot(after, ["a1", "a2"], ["d2"], Dice(0)), "§5")
    refused(lambda: shooting.shoot_gate(after, ["a1"], "G1", Dice(0)), "§5")
    refused(lambda: shooting.shoot_structure(after, ["a1"], "W3", Dice(0)), "§5")
    assert shooting.shoot(after, ["a2"], ["d2"], dice(1, 1, 1)).rolls
    assert shooting.shoot(next_turn(after), ["a1"], ["d2"], dice(1, 1, 1)).rolls
    menu = menu_options(replace(after, phase=Phase.SHOOTING))
    assert {o.actors for o in menu if o.name in ("shoot", "shoot_gate", "shoot_structure")} == {("a2",)}


def test_a_defender_shoots_once_a_turn_at_an_engine_too() -> None:
    """A besieged archer who shot at a siege tower's occupants may not shoot at the tower again this turn."""
    # §5.2: « Les modificateurs de tir habituels s'appliquent »; §5.3: « le joueur assiégé a toujours le choix de
    # tirer sur les machines … ou bien de tirer sur le régiment » — one choice, one volley a turn.
    state = battle(besieged(ARCHER, "W2", 2), active=Side.BESIEGED)
    after = shooting.shoot_engine(state, ["d1"], "siege_tower:ST1", dice(6, 1, 1, 1)).state
    refused(lambda: shooting.shoot_engine(after, ["d1"], "siege_tower:ST1", Dice(0)), "§5")
    assert shooting.shoot_engine(after, ["d2"], "siege_tower:ST1", dice(6, 1, 1, 1)).rolls


@pytest.mark.parametrize(
    ("state", "target", "expected"),
    [
        pytest.param(battle(besieged(MAN, "W1", 1)), "d1", ["rampart_troops"], id="§5.2-rampart-minus-2"),
        pytest.param(
            battle(besieged(MAN, "W1", 1), log=TurnLog(exposed=frozenset({"d1"}))), "d1", [], id="§5.2-exposed"
        ),
        pytest.param(
            battle(besieged(MAN, "W1", 1), besieged(OGRE, "W1", 1, "o")),
            "d1",
            ["rampart_troops", "large_target"],
            id="§5.2-§12.1.3-large-creature-draws-shots",
        ),
        pytest.param(battle(besiegers(ORC, "siege_tower:ST1", 1)), "a1", ["heavy_cover"], id="§5.2-siege-tower"),
        pytest.param(
            replace(battle(besiegers(ORC, "foot:C1", 1)), rams=(Ram("R1", covered=True, carriers=("a1",)),)),
            "a1",
            ["light_cover"],
            id="§5.2-covered-ram-carriers",
        ),
    ],
)
def test_shooting_modifiers(state: BattleState, target: str, expected: list[str]) -> None:
    assert shooting.modifiers(state, state.model(target)) == expected


def test_dead_angle_and_flaming() -> None:
    """§5.1, §9.2: −1 each."""
    state = battle(besiegers(ORC, "foot:W1", 1))
    assert shooting.modifiers(state, state.model("a1"), dead_angle=True, flaming=True) == ["dead_angle", "flaming"]


@pytest.mark.parametrize(
    ("roll", "side"),
    [
        pytest.param(4, "models", id="§5.3-covered-ram-1-4-carriers"),
        pytest.param(5, "engine", id="§5.3-covered-ram-5-6-ram"),
    ],
)
def test_allocation_on_a_covered_ram(roll: int, side: str) -> None:
    assert shooting.allocate("ram:R1", roll) == side


def test_allocation_on_a_siege_tower() -> None:
    """§5.3: 1-3 inside, 4+ the tower."""
    assert [shooting.allocate("siege_tower:ST1", r) for r in (3, 4)] == ["models", "engine"]


def test_arrows_hit_walls_automatically() -> None:
    """§5.7: two S3 arrows at a whole section score 3, no effect, and no to-hit roll is made."""
    state = battle(besiegers(ARCHER, "foot:W1", 2))
    result = shoot_walls = shooting.shoot_structure(state, ["a1", "a2"], "W1", dice())
    assert shoot_walls.rolls == ()
    assert len([e for e in result.events if e.kind == "structure_damage"]) == 2


def test_postern_shot_at_minus_1_misses_strike_the_wall() -> None:
    """§5.5: BS3 at a postern needs 5+; a 4 misses and strikes the wall."""
    state = battle(besiegers(ARCHER, "foot:C3", 1))
    result = shooting.shoot_gate(state, ["a1"], "P1", dice(4))
    assert [e.params for e in result.events if e.kind == "missed_gate_strikes_wall"] == [{"missed": 1, "gate": "P1"}]


def _shooting(active: Side = Side.BESIEGER, machines: int = 2) -> BattleState:
    state = battle(
        besieged(MAN, "W3", 3),
        besieged(MAN, "W2", 2, "w"),
        besiegers(CATAPULT, "field:outside", machines, "m"),
        besiegers(ORC, "foot:W3", 2, "o"),
        active=active,
    )
    return replace(state, phase=Phase.SHOOTING)


def test_the_besieged_has_no_war_machine_to_bombard_with() -> None:
    """§5.6: « Si une machine de guerre tire sur une section contenant une porte principale… »; §5.7: « Les
    machines de guerre doivent estimer et tirer de manière classique »: a bombardment is a war machine's shot at
    the fort, the besieger's; in the besieged's shooting step nothing bombards and the menu offers nothing."""
    state = _shooting(Side.BESIEGED)
    assert menu_options(state, "bombard") == []
    assert problem_clauses(state, a.Bombard("T1", 5, "D4", under_template=("d1",), braziers_hit=1)) == ["§16"]
    assert problem_clauses(state, a.Bombard("T1", 5, "D4", machine="m1")) == ["§16"]
    # a besieged model named as the machine is no war machine of the besieger's
    assert problem_clauses(_shooting(), a.Bombard("W3", 7, "D4", machine="d1")) == ["§5.9"]


def test_each_war_machine_fires_once_a_turn() -> None:
    """§5.7 « tirer de manière classique »: as every shooter, a war machine fires once in its shooting phase. Two
    catapults: the menu offers both, one to pick; once m1 has fired only m2 is offered, and m1 is refused."""
    state = _shooting()
    (option,) = menu_options(state, "bombard")
    targets = (*RAMPARTS, "gate:G1", "gate:P1")
    assert option == Option("bombard", Side.BESIEGER, actors=("m1", "m2"), targets=targets, most=1)
    assert (option.least, option.most) == (1, 1)
    first = choose(state, option, option.default()[0], "W2")
    assert first == a.Bombard("W2", 7, "D4", machine="m1")
    after = apply(state, first, Dice(seed=1)).state
    assert [o.actors for o in menu_options(after, "bombard")] == [("m2",)]
    assert problem_clauses(after, a.Bombard("W2", 7, "D4", machine="m1")) == ["§5.7"]
    # a bombardment naming no machine (an older log's) is the next machine's shot, and there is none after it
    last = apply(after, a.Bombard("W2", 7, "D4"), Dice(seed=2)).state
    assert "m2" in last.turn_log.shot
    assert menu_options(last, "bombard") == []
    assert problem_clauses(last, a.Bombard("W2", 7, "D4")) == ["§5.7"]


def test_a_bombardment_without_a_war_machine_is_refused() -> None:
    """§5.7: no war machine on the field, no bombardment, whatever strength the player states."""
    state = _shooting(machines=0)
    assert menu_options(state, "bombard") == []
    assert problem_clauses(state, a.Bombard("W3", 7, "D4")) == ["§5.7"]


def test_a_war_machine_engaged_by_a_sortie_does_not_fire() -> None:
    """§11.2: the besieged's flyers « peuvent uniquement engager des machines de guerre »; a machine in close
    combat shoots no more than any model engaged (§5.7 « de manière classique »)."""
    state = battle(besieged(HARPY, "C3", 1, "h"), besiegers(CATAPULT, "field:outside", 2, "m"))
    state = replace(sortie(state, ["h1"], "m1"), phase=Phase.SHOOTING, active=Side.BESIEGER)
    assert [o.actors for o in menu_options(state, "bombard")] == [("m2",)]
    assert problem_clauses(state, a.Bombard("W3", 7, "D4", machine="m1")) == ["§5.7"]


def test_a_war_machine_bombards_what_still_stands_in_sight() -> None:
    """§5.6 names the main gate and the postern; a gate destroyed (§6.1) or a section collapsed into a breach
    (§5.9 « La section/niveau est détruite du sol au chemin de ronde ») is no target; refused before any die."""
    state = _shooting()
    state = state.with_gate(replace(state.gate("P1"), structure_points=0))
    state = state.with_works(Works("T2", collapsed=True))
    (option,) = menu_options(state, "bombard")
    assert option.targets == ("T1", "W1", "W2", "T3", "W3", "T4", "W4", "gate:G1")
    assert problem_clauses(state, a.Bombard("gate:P1", 7, "D4", machine="m1")) == ["§6.1"]
    assert problem_clauses(state, a.Bombard("T2", 7, "D4", machine="m1")) == ["§5.9"]
    assert problem_clauses(state, a.Bombard("C1", 7, "D4", machine="m1")) == ["§5.7"]


def test_the_template_falls_on_the_models_of_the_section_shot() -> None:
    """§5.10: « le tir sur la structure + les figurines directement dessous le gabarit »: the models under the
    template stand on the section shot; §8.2.3.1: the braziers hit are that section's own."""
    state = _shooting()
    state = state.with_works(Works("W3", braziers=(Liquid.OIL,)))
    assert problem_clauses(state, a.Bombard("W3", 7, "D4", under_template=("w1",), machine="m1")) == ["§5.10"]
    assert problem_clauses(state, a.Bombard("W3", 7, "D4", under_template=("o1",), machine="m1")) == ["§5.10"]
    assert problem_clauses(state, a.Bombard("W3", 7, "D4", braziers_hit=2, machine="m1")) == ["§8.2.3.1"]
    assert (
        problem_clauses(state, a.Bombard("W3", 7, "D4", under_template=("d1", "d2"), braziers_hit=1, machine="m1"))
        == []
    )


def test_an_older_logs_bombardment_still_reads() -> None:
    """The JSON form of a bombardment before it named its machine reads as one naming none."""
    old = {"format": 1, "action": "bombard", "target": "T3", "strength": 7, "damage": "D4"}
    assert a.Action.from_json(old) == a.Bombard("T3", 7, "D4", machine=None)
    assert a.Action.from_json(a.Bombard("T3", 7, "D4", machine="m1").to_json()).actors() == ("m1",)


def test_shots_at_an_escort_need_no_allocation() -> None:
    """§5.4: at the unit beside the engine the shot is plain: BS3 hits on 4, S3 wounds T4 on 5, two rolls only."""
    state = battle(besieged(ARCHER, "W2", 1), besiegers(ORC, "foot:W2", 1), active=Side.BESIEGED)
    result = shooting.shoot(state, ["d1"], ["a1"], dice(4, 5))
    assert [m.id for m in result.state.fallen] == ["a1"]
    assert len(result.rolls) == 2
