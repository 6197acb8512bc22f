"""The skirmish engine's rules, one named case each, the clause of 003 (or the ruling) in its name or docstring.
Every case plays the engine's ``apply`` with the d10 faces it names, so each number can be followed by hand."""

from __future__ import annotations

import dataclasses

import pytest

from rules.dice import Dice, DieValueError
from rules.freres import actions as act
from rules.freres.battle import Battle, Setup, play, replay
from rules.freres.damage import DamageRow, Health, JDegZero, after_damage, jdeg_row
from rules.freres.example import ARCHER, KNIGHT, RIDER, SOLDIER, WIZARD, example_models, example_skirmish
from rules.freres.game import apply, problems
from rules.freres.result import skirmish_result
from rules.freres.state import Coin, IllegalAction, Phase, Posture, Profile, Side, Skirmish, Spell
from tests.rules.freres.builders import activated, changed, engaged, kinds, played, rows, skirmish


def refusal(state: Skirmish, action: act.Action) -> str:
    found = problems(state, action)
    assert found, f"{action} was accepted"
    return f"{found[0].clause}: {found[0].message}"


# ---- bad input ------------------------------------------------------------------------------------------------------


def test_a_d10_of_10_is_refused_and_nothing_is_logged() -> None:
    """R17, 003 I §3: a d10 reads 0–9; a 10 typed in is refused, naming the die and its range."""
    battle = Battle(Setup(example_models()), seed=1)
    with pytest.raises(DieValueError, match=r"D10\(0-9\) cannot show 10; accepted values are 0, 1, .*, 9"):
        play(battle, act.RollInitiative(), table=[10, 3])
    assert battle.entries == ()


@pytest.mark.parametrize(("name", "value"), [("C", 11), ("T", 0), ("D", -1), ("A", 12), ("M", 0)])
def test_a_characteristic_outside_1_to_10_is_refused(name: str, value: int) -> None:
    """003 II §2: a characteristic is 1 to 10."""
    values = {"C": 5, "T": 5, "D": 5, "A": 5, "M": 5} | {name: value}
    with pytest.raises(ValueError, match=rf"{name} must be between 1 and 10, got {value} \(003 II §2"):
        Profile("x", PA=6, **values)


def test_an_action_dearer_than_the_pa_left_is_refused_with_the_range() -> None:
    """003 II §2.6.3: an archer of 6 PA cannot shoot and aim 4 (8 PA)."""
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert refusal(state, act.Shoot("a", "b", 15, aim=4)) == ("§2.6.3: pa_short (what=shoot, cost=8, model=a, left=6)")
    with pytest.raises(IllegalAction) as refused:
        apply(state, act.Shoot("a", "b", 15, aim=4), Dice(seed=1))
    assert refused.value.clause == "§2.6.3"


def test_a_bad_choice_is_refused_naming_the_field() -> None:
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert refusal(state, act.Move("a", 5, terrain="lava")) == (
        "§3.4: bad_choice (action=move, name=terrain, value=lava, choices=clear+rough)"
    )


# ---- the turn (II §1, §2.6) -----------------------------------------------------------------------------------------


def test_initiative_adds_the_best_pa_and_a_tie_goes_to_fewer_pa() -> None:
    """003 II §1.1: band A's best is the knight's 7 PA, band B's the rider's 8: 4 + 7 = 3 + 8, A wins the tie."""
    result = played(example_skirmish(), act.RollInitiative(), [4, 3])
    assert (result.state.initiative, result.state.to_play, result.state.phase) == (Side.A, Side.A, Phase.ACTIVATION)


def test_initiative_is_rolled_again_on_a_whole_tie() -> None:
    """003 II §1.1: same score and same best PA: the dice are rolled again."""
    result = played(skirmish(("a", KNIGHT), ("b", KNIGHT)), act.RollInitiative(), [2, 2, 5, 1])
    assert kinds(result)[0] == "initiative_tie"
    assert result.state.initiative is Side.A


def test_a_model_on_the_ground_does_not_serve_the_initiative() -> None:
    """003 II §1.1: the knight lies on the ground: band A counts its archer's 6 PA, tying band B's soldier."""
    state = changed(skirmish(("a1", KNIGHT), ("a2", ARCHER), ("b", SOLDIER)), "a1", posture=Posture.DOWN)
    result = played(state, act.RollInitiative(), [3, 3, 1, 0])
    assert kinds(result)[0] == "initiative_tie"


def test_activations_alternate_then_the_other_band_plays_on_then_a_new_turn() -> None:
    """003 II §1.1: one each in turn; a band with nobody left to activate lets the other play its models one by
    one; the turn ends when all have been activated, and the next opens with the initiative."""
    state = played(skirmish(("a1", ARCHER), ("b1", SOLDIER), ("b2", SOLDIER)), act.RollInitiative(), [9, 0]).state
    order = []
    for model in ("a1", "b1", "b2"):
        assert state.to_play is state.model(model).side
        state = played(state, act.Activate(model)).state
        state = played(state, act.Turn(model, wide=True)).state
        state = played(state, act.EndActivation()).state
        order.append(model)
    assert state.phase is Phase.INITIATIVE
    assert state.turn == 2
    assert {m.coin for m in state.models} == {Coin.TAILS}


def test_a_model_is_activated_once_a_turn() -> None:
    """003 II §1.1: "Une figurine ne peut être activée qu'une seule fois par tour"."""
    state = played(skirmish(("a1", ARCHER), ("a2", ARCHER), ("b", SOLDIER)), act.RollInitiative(), [9, 0]).state
    state = played(state, act.Activate("a1")).state
    state = played(played(state, act.Turn("a1", wide=True)).state, act.EndActivation()).state
    state = played(played(state, act.Activate("b")).state, act.EndActivation()).state
    assert refusal(state, act.Activate("a1")) == "§1.1: activated_already (model=a1)"


def test_a_model_that_spends_nothing_waits_and_may_parry() -> None:
    """003 II §1.2, §2.6.2: no PA spent: its coin turns to face; attacked, it may then parry, and its coin goes."""
    state = engaged(skirmish(("a", KNIGHT), ("b", SOLDIER)), ("a", "b"))
    state = played(played(state, act.RollInitiative(), [0, 9]).state, act.Activate("b")).state
    state = played(state, act.EndActivation()).state
    assert state.model("b").coin is Coin.HEADS
    state = played(played(state, act.Activate("a")).state, act.Strike("a", "b")).state
    assert not problems(state, act.Defend("b", "parry"))
    # parry JA 9 (A 5): D+2 if struck; JCs 1 + 7 = 8 against 9 + 5 = 14: the soldier hits, damage 14 + 1 = 15;
    # the knight's JD 5 + 6 + 3 + 1 = 15: 0, a close call; its JM 9 + 7 - 1 = 15 passes.
    result = played(state, act.Defend("b", "parry"), [9, 1, 9, 5, 9])
    assert result.state.model("b").coin is Coin.TAKEN
    assert rows(result) == ["close call"]


def test_a_model_that_has_played_may_only_defend() -> None:
    """003 II §2.6.2: without its coin, only the free *se défendre*."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    state = changed(state, "b", coin=Coin.TAKEN)
    state = played(state, act.Strike("a", "b")).state
    assert refusal(state, act.Defend("b", "parry")) == "§2.6.2: played_only_defend (model=b)"
    assert refusal(state, act.EndActivation()) == "§4.1.1: defend_first (target_model=b, attacker_model=a)"


def test_pa_stored_for_an_action_too_dear_are_spent_whole() -> None:
    """003 II §2.6.3: the archer keeps its 6 PA; next turn it has 12 and its first action, aiming 4 and shooting
    (8 PA), uses them all: its activation is over."""
    state = played(skirmish(("a", ARCHER), ("b", SOLDIER)), act.RollInitiative(), [9, 0]).state
    state = played(state, act.Activate("a")).state
    state = played(state, act.StorePA("a")).state
    assert (state.model("a").stored_pa, state.model("a").coin) == (6, Coin.TAKEN)
    state = played(played(state, act.Activate("b")).state, act.EndActivation()).state
    state = played(state, act.RollInitiative(), [9, 0]).state
    state = played(state, act.Activate("a")).state
    assert state.pa_left == 12
    state = played(state, act.Turn("a")).state  # a free turn of 90° or less does not spend the stored PA
    assert state.pa_left == 12
    # JT 2 + 6 + 2 (aim) - 1 (shield) = 9: a miss
    state = played(state, act.Shoot("a", "b", 15, aim=4), [2]).state
    assert state.active is None


# ---- close combat (II §4) -------------------------------------------------------------------------------------------


def _duel() -> Skirmish:
    """A knight (C 7, D 6, armour 3, shield 1, DegC 2) strikes a soldier (C 5, D 5, armour 1, shield 1, DegC 1)."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    return played(state, act.Strike("a", "b")).state


def test_equal_jcs_hit_nobody() -> None:
    """003 II §4.1.3 Egalité: 3 + 7 = 5 + 5."""
    result = played(_duel(), act.Defend("b"), [3, 5])
    assert "damage" not in kinds(result)


def test_the_higher_jc_hits_and_the_damage_table_reads_the_difference() -> None:
    """003 II §4.1.3, §7: 8 + 7 = 15 against 7: damage 15 + 2 = 17; JD 4 + 5 + 1 + 1 = 11: 6, wounded, -3 PA; the
    JM 9 + 5 - 1 (wounded) - 1 (an enemy in contact) = 12 passes."""
    result = played(_duel(), act.Defend("b"), [8, 2, 4, 9])
    soldier = result.state.model("b")
    assert rows(result) == ["wounded"]
    assert (soldier.health, soldier.pa, soldier.die_malus) == (Health.WOUNDED, 3, 1)
    assert "morale_passed" in kinds(result)


def test_a_failed_morale_test_reads_the_failure_table() -> None:
    """003 II §8.1: the same wound, JM 1 + 5 - 1 - 1 = 4: Ebranlée, so no advance at its next activation, and its
    PA of the turn are lost."""
    result = played(_duel(), act.Defend("b"), [8, 2, 4, 1])
    soldier = result.state.model("b")
    assert (soldier.no_advance, soldier.morale_malus, soldier.coin) == (True, 1, Coin.TAKEN)


def test_a_natural_zero_scores_zero() -> None:
    """003 II §4.1.1: the knight's 0 scores 0 whatever its C; the soldier's 1 + 5 = 6 hits: damage 6 + 1 = 7;
    JD 2 + 6 + 3 + 1 = 12: -5, a close call; JM 5 + 7 - 1 = 11 passes."""
    result = played(_duel(), act.Defend("b"), [0, 1, 2, 5])
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
    result = played(_duel(), act.Defend("b"), [8, 2, 0])
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
    result = played(_duel(), act.Defend("b", "dodge"), [4])
    assert result.state.contacts == frozenset()
    assert result.state.model("b").coin is Coin.TAKEN


def test_a_failed_dodge_costs_two_on_the_jc() -> None:
    """003 II §4.2 Esquiver, failed: 3 + 5 + 1 = 9; then JC 3 + 7 = 10 against 7 + 5 - 2 = 10: a tie."""
    result = played(_duel(), act.Defend("b", "dodge"), [3, 3, 7])
    assert "damage" not in kinds(result)


def test_a_failed_parry_makes_the_defenders_hit_harmless() -> None:
    """003 II §4.2 Parer, failed (1 + 5): if the defender hits, it does no damage."""
    result = played(_duel(), act.Defend("b", "parry"), [1, 1, 9])
    assert "damage" not in kinds(result)


# ---- damage (II §7) -----------------------------------------------------------------------------------------------

H, W, G, K = Health.UNHURT, Health.WOUNDED, Health.GRIEVOUSLY_WOUNDED, Health.KILLED


@pytest.mark.parametrize(
    ("health", "stunned", "row", "after"),
    [
        (H, False, DamageRow.UNHURT, (H, False)),
        (H, False, DamageRow.CLOSE_CALL, (H, False)),
        (H, False, DamageRow.STUNNED, (H, True)),  # Sonné: tombe au sol sur le ventre
        (H, True, DamageRow.STUNNED, (W, True)),  # sonnée de nouveau sonnée: blessée, reste au sol
        (H, False, DamageRow.WOUNDED, (W, False)),
        (W, False, DamageRow.STUNNED, (G, True)),  # blessée sonnée: grièvement blessée
        (W, False, DamageRow.WOUNDED, (G, False)),  # blessée blessée à nouveau: grièvement blessée
        (W, False, DamageRow.GRIEVOUSLY_WOUNDED, (G, False)),  # not cumulative: the reading of §7
        (H, False, DamageRow.GRIEVOUSLY_WOUNDED, (G, False)),
        (G, False, DamageRow.STUNNED, (K, True)),  # grièvement blessée sonnée: tuée
        (G, False, DamageRow.WOUNDED, (K, False)),  # grièvement blessée blessée: tuée
        (G, False, DamageRow.GRIEVOUSLY_WOUNDED, (K, False)),
    ],
)
def test_the_states_after_a_result(health: Health, stunned: bool, row: DamageRow, after: tuple[Health, bool]) -> None:
    """003 II §7: La figurine est sonnée, blessée, grièvement blessée."""
    assert after_damage(health, stunned, row) == after


def test_a_model_whose_pa_reach_0_is_out_of_action() -> None:
    """003 II §2.6.1, §7: a 3-PA model wounded (-3 PA) is out of action (HdC)."""
    weak = Profile("militia", C=3, T=3, D=3, A=4, M=4, PA=3)
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", weak)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b")).state
    # 5 + 7 = 12 against 1 + 3: damage 14; JD 5 + 3 = 8: 6, wounded
    result = played(state, act.Defend("b"), [5, 1, 5])
    assert result.state.model("b").out == "out_of_action"


@pytest.mark.parametrize(
    ("face", "malus", "zero", "one_saves", "row"),
    [
        (0, 0, JDegZero.STANDARD, False, DamageRow.CLOSE_CALL),  # 0 reads 0
        (0, 0, JDegZero.COUNTS_TEN, False, DamageRow.GRIEVOUSLY_WOUNDED),  # le 0 qui fait très mal
        (0, 0, JDegZero.KILLS, False, None),  # le 0 qui tue
        (1, 0, JDegZero.STANDARD, False, DamageRow.STUNNED),
        (1, 0, JDegZero.STANDARD, True, DamageRow.CLOSE_CALL),  # le 1 qui sauve
        (5, 1, JDegZero.STANDARD, False, DamageRow.WOUNDED),  # the wound malus against the model
        (9, 2, JDegZero.STANDARD, False, DamageRow.GRIEVOUSLY_WOUNDED),
    ],
)
def test_the_jdeg(face: int, malus: int, zero: JDegZero, one_saves: bool, row: DamageRow | None) -> None:
    """003 II §7 Le JDeg and its optional rules; §7 Le malus au dé."""
    assert jdeg_row(face, malus, zero, one_saves) == row


# ---- morale (II §8) -----------------------------------------------------------------------------------------------


def test_a_routed_model_must_rally_first_and_then_attacks_nobody() -> None:
    """003 II §8.2 Rallier: obligatory before anything else; rallied (9 + 5 - 1 = 13), nothing offensive."""
    state = engaged(skirmish(("a", KNIGHT), ("b", SOLDIER)), ("a", "b"))
    state = activated(changed(state, "b", routed=True), "b")
    assert refusal(state, act.Turn("b")) == "§8.2: routed_rallies_first (model=b)"
    state = played(state, act.Rally("b"), [9]).state
    assert not state.model("b").routed
    assert refusal(state, act.Strike("b", "a")) == "§8.2: may_not_attack (model=b)"


def test_a_failed_rally_loses_every_pa_without_the_table() -> None:
    """003 II §8.2: "elle ne jette pas de dé sur la table d'échec au Moral et perd tous ses PA"."""
    state = activated(changed(skirmish(("a", KNIGHT), ("b", SOLDIER)), "b", routed=True), "b")
    result = played(state, act.Rally("b"), [1])
    assert result.state.model("b").routed
    assert result.state.active is None
    assert "morale_failed" not in kinds(result)


def test_a_critical_morale_test_costs_one_m_for_the_battle() -> None:
    """003 II §8.1 Le JM est un échec critique: M-1 for the battle (and the row of its score 0 + 7 - 1 = 6)."""
    state = engaged(activated(skirmish(("a", SOLDIER), ("b", KNIGHT)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b")).state
    # JCs 4 + 5 = 9 against 1 + 7 = 8: damage 9 + 1 = 10; JD 3 + 6 + 3 + 1 = 13: -3, a close call; JM 0.
    result = played(state, act.Defend("b"), [4, 1, 3, 0])
    knight = result.state.model("b")
    assert knight.morale_malus == 1 + 1  # the critical M-1, and Ebranlée's Méfiante -1
    assert knight.no_advance


def test_recovering_from_stunned() -> None:
    """003 II §8.2 Se rétablir (6 PA), a JDP: success stands; failure on the ground; critical stays stunned."""
    base = activated(changed(skirmish(("a", SOLDIER), ("b", KNIGHT)), "a", posture=Posture.STUNNED), "a")
    assert played(base, act.Recover("a"), [5]).state.model("a").posture is Posture.STANDING
    assert played(base, act.Recover("a"), [4]).state.model("a").posture is Posture.DOWN
    assert played(base, act.Recover("a"), [0]).state.model("a").posture is Posture.STUNNED
    assert refusal(base, act.StandUp("a")) == "§3.4: stunned_recovers (model=a)"


# ---- shooting (II §5) ---------------------------------------------------------------------------------------------


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


# ---- spells (II §6) -----------------------------------------------------------------------------------------------


def test_a_spell_is_cast_on_ten() -> None:
    """003 II §6.1.2: 5 + level 5 = 10."""
    state = activated(skirmish(("a", WIZARD), ("b", SOLDIER)), "a")
    result = played(state, act.Cast("a", "b", 15), [5])
    assert "spell" in kinds(result)
    assert result.state.pa_left == 2


def test_amnesia_needs_the_spell_memorised_again() -> None:
    """003 II §6.1.3: 3 à 8, *Amnésie*; memorising costs the spell's cost (§6.2)."""
    state = activated(skirmish(("a", WIZARD), ("b", SOLDIER)), "a")
    state = played(state, act.Cast("a", "b", 15), [0, 5]).state
    assert not state.model("a").memorised
    assert refusal(state, act.Cast("a", "b", 15)) == "§6.1.2: spell_forgotten (model=a)"


def test_a_caster_in_armour_may_not_cast() -> None:
    """003 II §6.1.1 Les restrictions."""
    armoured = Profile(
        "priest",
        C=4,
        T=3,
        D=4,
        A=4,
        M=6,
        PA=6,
        items=(KNIGHT.items[0],),
        armed=False,
        spell=Spell("bless", 6, 2, offensive=False),
    )
    state = activated(skirmish(("a", armoured), ("b", SOLDIER)), "a")
    assert refusal(state, act.Cast("a", "b", 15)) == "§6.1.1: may_not_cast (model=a)"


# ---- movement, hiding and scrutiny (II §3, §9) ------------------------------------------------------------------


def test_movement_limits() -> None:
    """003 II §3.3: 10 cm a move on foot in clear terrain, A cm in rough; 20 cm a turn."""
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert refusal(state, act.Move("a", 11)) == "§3.3: move_too_far (model=a, most=10, distance_cm=11)"
    assert refusal(state, act.Move("a", 7, terrain="rough")) == "§3.3: move_too_far (model=a, most=6, distance_cm=7)"
    state = played(played(state, act.Run("a", 10), [9]).state, act.Run("a", 10), [9]).state
    assert refusal(state, act.Run("a", 1, sprint=True)).startswith("§3.4: run_turn_limit (model=a, ")
    assert not problems(state, act.Run("a", 1, sprint=True, frenzied=True))


def test_a_failed_run_reads_the_fast_move_table() -> None:
    """003 II §3.4: JA 1 + 6 + 2 = 9, failed: *Avance gênée*, it moves the die's value, 1 cm."""
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    result = played(state, act.Run("a", 10), [1])
    assert result.state.model("a").moved_cm == 1


def test_a_critical_run_loses_the_pa_after_it() -> None:
    """003 II §2.4: a natural 0 on a JA loses every PA after it (score 8, *Avance gênée*, 0 cm)."""
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert played(state, act.Run("a", 10), [0]).state.active is None


def test_hiding_and_scrutiny() -> None:
    """003 II §3.4 Se cacher: not in clear terrain, more than 30 cm from the enemy; §9 Scruter: 5 - 2 (20 cm)
    - 1 (a bush) = 2 > 0: found, and in cover from then on."""
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "b")
    assert refusal(state, act.Hide("b", terrain="clear")) == "§3.4: clear_no_hide"
    assert refusal(state, act.Hide("b", enemy_distance_cm=30)) == "§3.4: hide_too_close (least=30, distance_cm=30)"
    state = played(state, act.Hide("b")).state
    state = activated(state, "a")
    assert refusal(state, act.Shoot("a", "b", 25)) == "§5.1.1: target_hidden (target_model=b)"
    found = played(state, act.Scrutinise("a", "b", 20, hiding_place="bush"), [5]).state
    assert (found.model("b").hidden, found.model("b").in_cover) == (False, True)
    missed = played(state, act.Scrutinise("a", "b", 20, hiding_place="bush"), [3]).state
    assert missed.model("b").hidden


# ---- mounted models (II §10) --------------------------------------------------------------------------------------


def test_a_mounted_charge_of_20_cm_adds_two_damage() -> None:
    """003 II §10.2.2 Charge de monté: the rider's JC 6 + 6 + 2 (mounted against foot) = 14 against 1 + 5; damage
    14 - 2 + 1 + 2 = 15 against JD 2 + 5 + 1 + 1 = 9: 6, wounded (at 18 cm it would be 4, stunned)."""
    state = activated(skirmish(("a", RIDER), ("b", SOLDIER)), "a")
    charged = played(state, act.Charge("a", "b", 20)).state
    assert rows(played(charged, act.Defend("b"), [6, 1, 2, 9])) == ["wounded"]
    short = played(state, act.Charge("a", "b", 18)).state
    assert rows(played(short, act.Defend("b"), [6, 1, 2])) == ["stunned"]


def test_a_mounted_model_neither_hides_nor_takes_cover() -> None:
    """003 II §10.2.1."""
    state = activated(skirmish(("a", RIDER), ("b", SOLDIER)), "a")
    assert refusal(state, act.Hide("a")) == "§10.2.1: mounted_no_hide"
    assert refusal(state, act.TakeCover("a")) == "§10.2.1: mounted_no_cover"


def test_a_wounded_mount_unseats_its_rider() -> None:
    """003 II §10.2.2: struck at the mount (Defence 5): 8 + 7 = 15 + 2 against JD 3 + 5 = 8: 9, wounded: the rider
    dismounts, the mount is lost."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", RIDER)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b", at_mount=True)).state
    # JCs: the knight 8 + 7 = 15, the rider 1 + 6 + 2 (mounted against foot) = 9
    result = played(state, act.Defend("b"), [8, 1, 3])
    rider = result.state.model("b")
    assert (rider.mounted, rider.mount_usable, rider.health) == (False, False, Health.UNHURT)


# ---- the cards (I §4) -------------------------------------------------------------------------------------------


def test_cards_are_drawn_from_the_pile() -> None:
    """003 I §4: a card drawn leaves the pile; a card no longer in it is refused when typed in; a joker (0)
    shuffles the whole deck back."""
    battle = Battle(Setup(example_models(), cards=True), seed=1)
    battle, result = play(battle, act.RollInitiative(), table=[9, 8])
    assert result.state.deck is not None
    assert len(result.state.deck) == 36
    assert result.state.deck.count(9) == 3
    state = result.state
    pile = state.deck
    assert pile is not None
    assert replay(battle) == state
    with pytest.raises(DieValueError, match="cannot show 10"):
        play(Battle(Setup(example_models(), cards=True), seed=1), act.RollInitiative(), table=[10])
    joker = play(Battle(Setup(example_models(), cards=True), seed=1), act.RollInitiative(), table=[0, 5])[1]
    assert joker.state.deck is not None
    assert len(joker.state.deck) == 37


# ---- values and logs ----------------------------------------------------------------------------------------------


def test_every_action_round_trips_through_json() -> None:
    values = [
        act.RollInitiative(),
        act.Activate("a1"),
        act.Move("a1", 5, "rough", "hidden", 1, "b1", None),
        act.Strike("a1", "b1", 2, True, False, "table"),
        act.Defend("b1", "parry", "table"),
        act.Shoot("a2", "b1", 15, 2, False, True, True, False, False),
        act.Cast("a3", "b1", 5, 2, True),
        act.Scrutinise("a1", "b1", 30, "forest", True),
    ]
    for value in values:
        assert act.Action.from_json(value.to_json()) == value
    assert set(act.ACTIONS) >= {type(v).name for v in values}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": 2, "action": "activate", "model": "a1"}, "action format 2 is not supported"),
        ({"format": 1, "action": "activate"}, "activate: field 'model' is missing"),
        ({"format": 1, "action": "activate", "model": 3}, "activate.model: a text was expected, not 3"),
        ({"format": 1, "action": "move", "model": "a", "distance_cm": True}, "move.distance_cm: a whole number was expected"),
        ({"format": 1, "action": "activate", "model": "a1", "speed": 3}, "activate: unknown field 'speed'"),
    ],
)
def test_a_bad_json_action_names_what_is_wrong(data: dict[str, object], message: str) -> None:
    with pytest.raises(act.ActionFormatError, match=message):
        act.Action.from_json(data)


def test_a_battle_round_trips_through_json_and_replays() -> None:
    battle = Battle(Setup(example_models()), seed=5)
    battle, result = play(battle, act.RollInitiative())
    battle, result = play(
        battle, act.Activate(next(m.id for m in result.state.models if m.side is result.state.to_play))
    )
    again = Battle.from_json(battle.to_json())
    assert again == battle
    assert replay(again) == result.state


def test_the_result_of_a_skirmish_for_the_campaign() -> None:
    """003 II §1.3: the band left holding the field wins; each band's models out of the battle, and why."""
    state = played(_duel(), act.Defend("b"), [8, 2, 0]).state
    result = skirmish_result(state)
    assert result.to_json() == {
        "over": True,
        "winner": "a",
        "turns": 1,
        "losses": {"a": 0, "b": 1},
        "out": {"a": [], "b": [["b", "killed"]]},
    }


def test_a_model_whose_pa_are_lost_before_it_spends_any_does_not_wait() -> None:
    """003 II §8.1: a failed JM loses the PA after it; the active model shot at by a reaction shot, before spending
    anything, fails its JM: its activation ends and it has played, not waiting on face (§2.6.2)."""
    sturdy = Profile("veteran", C=5, T=4, D=5, A=5, M=5, PA=8, shield=1, armour=1)
    state = played(skirmish(("a", ARCHER), ("b", sturdy)), act.RollInitiative(), [0, 9]).state
    state = played(state, act.Activate("b")).state
    # JT 9 + 6 - 2 (reaction) - 1 (shield) = 12: damage 9 + 6 + 2 = 17; JD 5 + 5 + 1 = 11: 6, wounded;
    # JM 1 + 5 - 1 = 5: Ebranlée
    result = played(state, act.ReactionShot("a", "b", 15), [9, 5, 1])
    assert result.state.active is None
    assert [e.params for e in result.events if e.kind == "end_activation"] == [{"model": "b", "ending": "played"}]


# ---- the other actions, one case each ----------------------------------------------------------------------------


def test_turning_costs_by_kind_and_angle() -> None:
    """003 II §3.1 Tableau d'orientation: on foot 0 / 1 PA, mounted 1 / 2 PA."""
    foot = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert played(foot, act.Turn("a")).state.pa_left == 6
    assert played(foot, act.Turn("a", wide=True)).state.pa_left == 5
    rider = activated(skirmish(("a", RIDER), ("b", SOLDIER)), "a")
    assert played(rider, act.Turn("a")).state.pa_left == 7
    assert played(rider, act.Turn("a", wide=True)).state.pa_left == 6


def test_moving_hidden_in_cover_and_jumping() -> None:
    """003 II §3.4: a plain move 3 PA, hidden 5, in cover 4, +1 an obstacle jumped (a JA, 5 + 6 = 11)."""
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert played(state, act.Move("a", 10)).state.pa_left == 3
    assert refusal(state, act.Move("a", 5, "rough", "hidden")) == "§3.4: hidden_move_refused (model=a)"
    hidden = changed(state, "a", hidden=True)
    assert played(hidden, act.Move("a", 5, "rough", "hidden")).state.model("a").hidden
    covered = changed(state, "a", in_cover=True)
    assert played(covered, act.Move("a", 5, manner="in_cover")).state.pa_left == 2
    jumped = played(state, act.Move("a", 5, jumps=1), [5]).state
    assert (jumped.pa_left, jumped.model("a").posture) == (2, Posture.STANDING)
    # a failed jump (2 + 6 = 8) falls beyond the obstacle; a critical one is stunned
    assert played(state, act.Move("a", 5, jumps=1), [2]).state.model("a").posture is Posture.DOWN
    assert played(state, act.Move("a", 5, jumps=1), [0]).state.model("a").posture is Posture.STUNNED


def test_lying_crawling_and_standing_up() -> None:
    """003 II §3.4: Se coucher 4 PA, Avancer couché 2 PA for 2 cm whatever the maluses, Se relever 4 PA."""
    state = activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a")
    state = played(state, act.LieDown("a")).state
    assert refusal(state, act.Move("a", 5)) == "§3.4: on_ground_may_not (model=a, deed=move)"
    state = played(state, act.Crawl("a")).state
    assert (state.model("a").moved_cm, state.pa_left) == (2, 1)
    assert refusal(state, act.StandUp("a")).startswith("§2.6.3: pa_short (what=stand_up, cost=4, model=a, ")


def test_climbing() -> None:
    """003 II §3.4 Escalader (6 PA), a JA: success climbs its height + 1d10 cm; a critical failure is a JDeg,
    without a JM (its own clumsiness, §7)."""
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert "climb" in kinds(played(state, act.Climb("a"), [4, 7]))
    fallen = played(state, act.Climb("a"), [0, 7])  # JDeg 7: wounded, no JM
    assert rows(fallen) == ["wounded"]
    assert "morale_failed" not in kinds(fallen)
    assert "morale_passed" not in kinds(fallen)


def test_reloading_and_quick_reloading() -> None:
    """003 II §5.2: a bow reloads for 2 PA; quickly for 1, with a JA whose failure drops the projectile."""
    state = activated(changed(skirmish(("a", ARCHER), ("b", SOLDIER)), "a", loaded=False), "a")
    assert played(state, act.Reload("a")).state.model("a").loaded
    quick = played(state, act.Reload("a", quick=True), [4])
    assert (quick.state.model("a").loaded, quick.state.pa_left) == (True, 5)
    assert not played(state, act.Reload("a", quick=True), [3]).state.model("a").loaded


def test_unjamming() -> None:
    """003 II §5.2 Désenrayer (6 PA), a JA."""
    state = activated(changed(skirmish(("a", ARCHER), ("b", SOLDIER)), "a", jammed=True), "a")
    assert not played(state, act.Unjam("a"), [4]).state.model("a").jammed


def test_a_reaction_shot_is_made_in_the_enemys_activation() -> None:
    """003 II §5.2 Tir de réaction: a defensive action at -2, in the enemy's activation only."""
    own = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "a")
    assert refusal(own, act.ReactionShot("a", "b", 15)) == "§5.2: reaction_in_enemy_activation"
    state = activated(skirmish(("a", ARCHER), ("b", SOLDIER)), "b")
    # 6 + 6 - 2 - 1 = 9: a miss that a plain shot (11) would not have been
    result = played(state, act.ReactionShot("a", "b", 15), [6])
    assert "miss" in kinds(result)
    assert result.state.model("a").coin is Coin.TAKEN


def test_a_defensive_shot_before_the_combat() -> None:
    """003 II §5.2 Tir défensif: a JM (5 + 5 - 1 = 9, failed): a shot without the point-blank bonus,
    2 + 6 - 1 (shield) = 7, a miss; then the combat, 3 + 7 against 5 + 4: the knight hits for 10 + 2 = 12 against
    JD 9 + 4 = 13: a close call, JM 9 + 5 - 1 passes."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", ARCHER)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b")).state
    result = played(state, act.Defend("b", "defensive_shot"), [5, 2, 3, 5, 9, 9])
    assert kinds(result).count("miss") == 1
    assert rows(result) == ["close call"]


def test_a_kick_sends_the_attacker_away() -> None:
    """003 II §10.2.2 Ruade: a JA (4 + 6 = 10): the enemy may not attack and stands 1 cm off."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", RIDER)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b")).state
    assert played(state, act.Defend("b", "kick"), [4]).state.contacts == frozenset()


def test_changing_weapon_before_the_combat() -> None:
    """003 II §4.2 Changer d'arme: a JA (5 + 5): the soldier who dropped its weapon fights with another."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    state = played(changed(state, "b", weapon_dropped=True), act.Strike("a", "b")).state
    result = played(state, act.Defend("b", "change_weapon"), [5, 3, 5])
    assert result.state.model("b").has_weapon


def test_fleeing_a_combat() -> None:
    """003 II §8.2 Fuir le combat: 1 PA an enemy in contact, a free attack it may only parry (JA 9 + 5: D+2),
    the knight's JC 5 + 7 = 12 + 2 (DegC) = 14 against JD 7 + 5 + 1 + 1 + 2 = 16: a close call, JM 9 + 5 - 1
    passes; then every PA spent moving away."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "b"), ("a", "b"))
    result = played(state, act.FleeCombat("b"), [9, 5, 7, 9])
    assert rows(result) == ["close call"]
    assert result.state.contacts == frozenset()
    assert result.state.active is None
    assert result.state.model("b").fled


def test_raising_a_comrade_and_picking_up_a_weapon() -> None:
    """003 II §8.2 Relever un camarade (4 PA, not stunned); §9 ramasser un objet (1 PA)."""
    state = changed(skirmish(("a1", KNIGHT), ("a2", SOLDIER), ("b", SOLDIER)), "a2", posture=Posture.DOWN)
    state = activated(changed(state, "a1", weapon_dropped=True), "a1")
    state = played(state, act.RaiseComrade("a1", "a2")).state
    assert state.model("a2").posture is Posture.STANDING
    assert played(state, act.PickUp("a1")).state.model("a1").has_weapon


def test_trampling_a_model_on_the_ground() -> None:
    """003 II §10.2.2 Piétiner: +1 PA to the move; the model on the ground takes a JDeg (5: stunned)."""
    state = changed(skirmish(("a", RIDER), ("b", SOLDIER)), "b", posture=Posture.DOWN)
    result = played(activated(state, "a"), act.Move("a", 10, trample="b"), [5])
    assert (result.state.pa_left, rows(result)) == (4, ["stunned"])


def test_getting_off_and_on_a_mount() -> None:
    """003 II §10.2.2 Démonter/monter, 4 PA, out of contact with the enemy."""
    state = activated(skirmish(("a", RIDER), ("b", SOLDIER)), "a")
    off = played(state, act.Mount("a")).state
    assert not off.model("a").mounted
    assert refusal(engaged(state, ("a", "b")), act.Mount("a")) == "§8.2: engaged_may_not (model=a, deed=mount)"


def test_the_state_has_a_json_form() -> None:
    state = played(_duel(), act.Defend("b"), [8, 2, 4, 9]).state
    data = state.to_json()
    assert data["models"][1]["health"] == 1
    assert data["models"][1]["pa"] == 3
    assert data["contacts"] == [["a", "b"]]


def test_every_action_of_the_skirmish_is_played_by_its_rules() -> None:
    # the actions are named once (actions.ACTIONS); the game plays each of them
    from rules.freres.actions import ACTIONS
    from rules.freres.game import HANDLERS

    assert set(HANDLERS) == set(ACTIONS.values())
    assert len(ACTIONS) == 41


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
