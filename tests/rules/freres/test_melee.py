"""003 II §4 close combat: the JC against the JC, the damage table read from the difference, critical failures,
striking hard, dodging and parrying, models on the ground or struck in the back. Each case plays the engine's
``apply`` with the d10 faces it names, so each number can be followed by hand.
"""

from __future__ import annotations

import dataclasses

import pytest

from rules.freres import actions as act
from rules.freres.damage import Health
from rules.freres.example import KNIGHT, SOLDIER
from rules.freres.state import Coin, Posture, Side
from tests.rules.freres.builders import (
    activated,
    changed,
    duel_of_knight_and_soldier,
    engaged,
    kinds,
    played,
    refusal,
    rows,
    skirmish,
)


def test_equal_jcs_hit_nobody() -> None:
    """003 II §4.1.3 Egalité: 3 + 7 = 5 + 5."""
    result = played(duel_of_knight_and_soldier(), act.Defend("b"), [3, 5])
    assert "damage" not in kinds(result)


def test_the_higher_jc_hits_and_the_damage_table_reads_the_difference() -> None:
    """003 II §4.1.3, §7: 8 + 7 = 15 against 7: damage 15 + 2 = 17; JD 4 + 5 + 1 + 1 = 11: 6, wounded, -3 PA; the
    JM 9 + 5 - 1 (wounded) - 1 (an enemy in contact) = 12 passes."""
    result = played(duel_of_knight_and_soldier(), act.Defend("b"), [8, 2, 4, 9])
    soldier = result.state.model("b")
    assert rows(result) == ["wounded"]
    assert (soldier.health, soldier.pa, soldier.die_malus) == (Health.WOUNDED, 3, 1)
    assert "morale_passed" in kinds(result)


def test_a_failed_morale_test_reads_the_failure_table() -> None:
    """003 II §8.1: the same wound, JM 1 + 5 - 1 - 1 = 4: Ebranlée, so no advance at its next activation, and its
    PA of the turn are lost."""
    result = played(duel_of_knight_and_soldier(), act.Defend("b"), [8, 2, 4, 1])
    soldier = result.state.model("b")
    assert (soldier.no_advance, soldier.morale_malus, soldier.coin) == (True, 1, Coin.TAKEN)


def test_a_natural_zero_scores_zero() -> None:
    """003 II §4.1.1: the knight's 0 scores 0 whatever its C; the soldier's 1 + 5 = 6 hits: damage 6 + 1 = 7;
    JD 2 + 6 + 3 + 1 = 12: -5, a close call; JM 5 + 7 - 1 = 11 passes."""
    result = played(duel_of_knight_and_soldier(), act.Defend("b"), [0, 1, 2, 5])
    assert rows(result) == ["close call"]
    assert [e.models for e in result.events if e.kind == "damage"] == [("a",)]


def test_the_critical_failure_table_arm_parry() -> None:
    """003 II §4.1.3: the knight reads its 0 on the table: 3, *Parade avec le bras*: the enemy hits with +2 DegC:
    5 + 5 + 1 + 2 = 13 against JD 1 + 6 + 3 + 1 = 11: 2, stunned (no JM)."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b", on_critical="table")).state
    result = played(state, act.Defend("b"), [0, 3, 5, 1])
    assert rows(result) == ["stunned"]
    assert result.state.model("a").posture is Posture.STUNNED


@pytest.mark.parametrize(("face", "useless"), [(8, True), (9, False)])
def test_the_critical_failure_table_8_and_9_make_the_combat_null(face: int, useless: bool) -> None:
    """003 II §4.1.3: "Dans tous les cas (sauf 8 et 9) votre ennemi vous touche"; 8 breaks the weapon."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b", on_critical="table")).state
    result = played(state, act.Defend("b"), [0, face, 9])
    assert "null_combat" in kinds(result)
    assert "damage" not in kinds(result)
    assert result.state.model("a").weapon_useless is useless


def test_a_wobbly_weapon_shifts_the_next_reading() -> None:
    """003 II §4.1.3: *Arme branlante*, -1 on the table: a later 9 reads 8, *Arme brisée*."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    state = changed(state, "a", critical_table_malus=1)
    state = played(state, act.Strike("a", "b", on_critical="table")).state
    result = played(state, act.Defend("b"), [0, 9, 9])
    assert result.state.model("a").weapon_useless


def test_a_natural_zero_on_the_jd_kills() -> None:
    """003 II §4.1.3: "Si le dé est un 0 naturel, la figurine est tuée sur le coup"."""
    result = played(duel_of_knight_and_soldier(), act.Defend("b"), [8, 2, 0])
    assert result.state.model("b").out == "killed"
    assert result.state.contacts == frozenset()
    assert result.state.winner is Side.A


def test_a_stunned_model_neither_rolls_nor_adds_a_die() -> None:
    """003 II §4.1.2: 4 + 7 = 11 + 2 = 13 less D 5 and armour 1 only: 7, wounded; stunned and hurt again it is
    wounded, and makes no JM on the ground (§7)."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    state = changed(state, "b", posture=Posture.STUNNED)
    result = played(state, act.Strike("a", "b"), [4])
    assert rows(result) == ["wounded"]
    assert result.state.model("b").health is Health.WOUNDED
    assert result.state.pending is None


def test_a_model_on_its_back_is_struck_at_plus_4() -> None:
    """003 II §4.1.2: 1 + 7 + 4 = 12 against 6 + 5 = 11: the knight hits; damage 12 - 4 + 2 = 10; JD 9 + 7 = 16."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    state = played(changed(state, "b", posture=Posture.DOWN), act.Strike("a", "b")).state
    result = played(state, act.Defend("b"), [1, 6, 9])
    assert rows(result) == ["unhurt"]
    assert [e.models for e in result.events if e.kind == "damage"] == [("b",)]


def test_only_a_third_enemy_strikes_in_the_back() -> None:
    """003 II §4.1.1."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    assert refusal(state, act.Strike("a", "b", from_behind=True)) == ("§4.1.1: third_strikes_behind")


def test_strike_hard_buys_damage_by_two_pa() -> None:
    """003 II §4.2 Frapper fort: 2 PA for +1; an odd number is refused."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    assert refusal(state, act.Strike("a", "b", hard=1)) == "§4.2: bad_value (action=strike, name=hard, value=1, step=2)"
    state = played(state, act.Strike("a", "b", hard=2)).state
    assert state.pa_left == 1
    # 8 + 7 = 15 + 2 + 1 = 18 against JD 1 + 7 = 8: 10, grievously wounded: 6 - 6 = 0 PA, out of action
    result = played(state, act.Defend("b"), [8, 2, 1])
    assert result.state.model("b").out == "out_of_action"


def test_a_dodge_avoids_the_blow_and_breaks_contact() -> None:
    """003 II §4.2 Esquiver: a JA +1 (5 + 4 + 1 = 10): the attack's PA are lost, the defender steps back."""
    result = played(duel_of_knight_and_soldier(), act.Defend("b", "dodge"), [4])
    assert result.state.contacts == frozenset()
    assert result.state.model("b").coin is Coin.TAKEN


def test_a_failed_dodge_costs_two_on_the_jc() -> None:
    """003 II §4.2 Esquiver, failed: 3 + 5 + 1 = 9; then JC 3 + 7 = 10 against 7 + 5 - 2 = 10: a tie."""
    result = played(duel_of_knight_and_soldier(), act.Defend("b", "dodge"), [3, 3, 7])
    assert "damage" not in kinds(result)


def test_a_failed_parry_makes_the_defenders_hit_harmless() -> None:
    """003 II §4.2 Parer, failed (1 + 5): if the defender hits, it does no damage."""
    result = played(duel_of_knight_and_soldier(), act.Defend("b", "parry"), [1, 1, 9])
    assert "damage" not in kinds(result)


def test_going_at_the_enemy_is_refused_alike_into_contact_and_striking() -> None:
    """One check for a model going at the enemy, by a move into contact, a charge or a strike: a hidden target is
    found first (003 II §4.1.1; a move or a charge into contact finds it on the way, R21), a shaken model neither
    advances on the enemy nor starts a combat (§8.1), one that rallied this turn attacks nobody (§8.2)."""
    base = skirmish(("a", KNIGHT), ("b", SOLDIER))
    hidden = activated(changed(base, "b", hidden=True), "a")
    assert refusal(engaged(hidden, ("a", "b")), act.Strike("a", "b")) == ("§4.1.1: target_hidden (target_model=b)")
    restrained = dataclasses.replace(activated(base, "a"), restrained=True)  # a failed JM's Méfiante (§8.1)
    for action in (act.Charge("a", "b", 5), act.Move("a", 5, contact="b")):
        assert refusal(restrained, action) == "§8.1: shaken_no_advance (model=a)"
    rallied = activated(changed(base, "a", rallied=True), "a")
    assert refusal(rallied, act.Charge("a", "b", 5)) == "§8.2: may_not_attack (model=a)"
