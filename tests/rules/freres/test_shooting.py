"""003 II §5 shooting: what may shoot, the JT and its modifiers, a critical shot jamming the weapon, a mounted model
shooting every way. Each case plays the engine's ``apply`` with the d10 faces it names, so each number can be
followed by hand.
"""

from __future__ import annotations

from rules.freres import actions as act
from rules.freres.example import ARCHER, RIDER, SOLDIER
from rules.freres.game import problems
from rules.freres.state import Posture, Profile, Skirmish
from tests.rules.freres.builders import activated, changed, engaged, kinds, played, refusal, rows, skirmish


def _archery() -> Skirmish:
    return activated(skirmish(("a", ARCHER), ("b", SOLDIER), ("b2", SOLDIER)), "a")


def test_shooting_restrictions() -> None:
    """003 II §5.1.1: not at a hidden model, not in contact, not into a melee, not lying, straight ahead on foot."""
    state = _archery()
    assert (
        refusal(changed(state, "b", hidden=True), act.Shoot("a", "b", 25)) == "§5.1.1: target_hidden (target_model=b)"
    )
    assert (
        refusal(engaged(state, ("a", "b")), act.Shoot("a", "b2", 15)) == "§5.1.1: engaged_may_not (model=a, deed=shoot)"
    )
    melee = engaged(skirmish(("a", ARCHER), ("a2", SOLDIER), ("b", SOLDIER)), ("a2", "b"))
    assert refusal(activated(melee, "a"), act.Shoot("a", "b", 15)) == "§5.2: target_in_melee (target_model=b)"
    fallen = changed(melee, "a2", posture=Posture.DOWN)
    assert not problems(activated(fallen, "a"), act.Shoot("a", "b", 15))  # a friend on the ground: allowed
    assert (
        refusal(changed(state, "a", posture=Posture.DOWN), act.Shoot("a", "b", 15))
        == "§5.1.1: shoots_standing (model=a)"
    )
    assert refusal(state, act.Shoot("a", "b", 15, in_front=False)) == ("§5.1.1: shoots_ahead")


def test_the_jt_and_its_modifiers() -> None:
    """003 II §5.1.2: 3 + T 6 + 1 (point blank) + 1 (aiming 2 PA) - 1 (shield) = 10: a hit; damage 3 + 6 + 2 = 11
    (the aim and point blank only served to hit); JD 9 + 5 + 1 = 15, no shield: -4, a close call; JM 9 passes."""
    result = played(_archery(), act.Shoot("a", "b", 5, aim=2), [3, 9, 9])
    assert rows(result) == ["close call"]
    miss = played(_archery(), act.Shoot("a", "b", 5, aim=2), [2])
    assert "miss" in kinds(miss)
    assert not miss.state.model("a").loaded  # §5.1.3: the missile is lost whatever the result


def test_a_critical_shot_jams_the_weapon() -> None:
    """003 II §5.1.2 Table d'échec critique au tir: 2–4 Arme enrayée, to be unjammed (6 PA, a JA)."""
    state = played(_archery(), act.Shoot("a", "b", 15), [0, 3]).state
    assert state.model("a").jammed
    state = changed(state, "a", loaded=True)
    assert refusal(state, act.Shoot("a", "b", 15)) == "§5.2: weapon_jammed (model=a)"


def test_a_mounted_model_shoots_in_every_direction() -> None:
    """003 II §5.1.1: "Les montés tirent dans toutes les directions"."""
    horse_archer = Profile("horse archer", C=5, T=6, D=5, A=6, M=6, PA=8, kind=RIDER.kind, missile=ARCHER.missile)
    state = activated(skirmish(("a", horse_archer), ("b", SOLDIER)), "a")
    assert not problems(state, act.Shoot("a", "b", 15, in_front=False))
