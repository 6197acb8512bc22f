"""003 II §9 *Tableau des actions autres*, played: cutting off a head, opening, opening « à la Conan », carrying a
friend out of the fight with its overload, drawing and putting away. Each case plays the engine's ``apply`` with
the d10 faces it names; the costs are checked against the document in test_tables (test_other_costs)."""

from __future__ import annotations

import dataclasses

from rules.freres import actions as act
from rules.freres.example import ARCHER, KNIGHT, RIDER, SOLDIER
from rules.freres.game import problems
from rules.freres.legal import legal_actions
from rules.freres.state import Coin, Posture, Skirmish
from tests.rules.freres.builders import activated, changed, engaged, kinds, played, refusal, rows, skirmish


def _band() -> Skirmish:
    """Two soldiers of band A (6 PA, A 5, a weapon and a shield in hand), a soldier and a knight of band B."""
    return skirmish(("a1", SOLDIER), ("a2", SOLDIER), ("b1", SOLDIER), ("b2", KNIGHT))


def test_cutting_off_a_head_takes_6_pa_and_only_a_dead_model() -> None:
    """« Couper une tête 6 — Décapite un mort (et seulement les morts) »."""
    state = activated(changed(_band(), "b1", out="killed"), "a1")
    result = played(state, act.Behead("a1", "b1"))
    assert result.state.model("b1").beheaded
    assert kinds(result)[0] == "behead"
    assert result.state.active is None  # 6 PA of 6: the activation ends
    living = activated(_band(), "a1")
    assert refusal(living, act.Behead("a1", "b1")) == "§9: not_dead (corpse_model=b1)"
    out = activated(changed(_band(), "b1", out="out_of_action"), "a1")
    assert refusal(out, act.Behead("a1", "b1")) == "§9: not_dead (corpse_model=b1)"
    twice = changed(state, "b1", beheaded=True)
    assert refusal(twice, act.Behead("a1", "b1")) == "§9: beheaded_already (corpse_model=b1)"


def test_opening_takes_2_pa() -> None:
    """« Ouvrir 2 — Il faut être au contact de l'objet (porte, coffre, volet...) »."""
    result = played(activated(_band(), "a1"), act.Open("a1"))
    assert (kinds(result), result.state.pa_left) == (["open"], 4)


def test_opening_a_la_conan_is_a_ja() -> None:
    """« Ouvrir à la Conan 4 — Faire un JA »: A 5 + a 5 makes 10, opened; a 4 makes 9: « Echec : recommencez ! »,
    the 4 PA spent."""
    state = activated(_band(), "a1")
    opened = played(state, act.OpenConan("a1"), [5])
    assert (kinds(opened), opened.state.pa_left) == (["open"], 2)
    failed = played(state, act.OpenConan("a1"), [4])
    assert (kinds(failed), failed.state.pa_left) == (["conan_failed"], 2)


def test_opening_a_la_conan_breaks_the_weapon_on_a_critical_failure() -> None:
    """« Echec critique : l'arme se brise et vous devez recommencer ! »; the PA after a critical JA are lost
    (§2.4)."""
    result = played(activated(_band(), "a1"), act.OpenConan("a1"), [0])
    assert result.state.model("a1").weapon_useless
    assert "conan_weapon_broken" in kinds(result)
    assert result.state.active is None


def test_opening_a_la_conan_needs_a_weapon_in_hand() -> None:
    """« et avoir une arme de contact »: a model whose weapon is put away or dropped may not."""
    for flag in ("sheathed", "weapon_dropped"):
        state = activated(changed(_band(), "a1", **{flag: True}), "a1")
        assert refusal(state, act.OpenConan("a1")) == "§9: conan_needs_weapon (model=a1)"


def test_putting_away_and_drawing_cost_1_pa_an_object() -> None:
    """« Dégainer, ranger … 1 — Il faut dépenser 1 PA par objet déplacé »: a soldier's weapon and shield, 2 PA
    each way; with nothing in hand it holds no shield: its D+1 shield is gone (§4.1.3 takes the shield in hand)."""
    state = activated(_band(), "a1")
    away = played(state, act.Sheathe("a1"))
    model = away.state.model("a1")
    assert (away.state.pa_left, model.sheathed, model.has_weapon, model.shield) == (4, True, False, 0)
    drawn = played(away.state, act.Draw("a1"))
    model = drawn.state.model("a1")
    assert (drawn.state.pa_left, model.sheathed, model.has_weapon, model.shield) == (2, False, True, 1)
    assert refusal(drawn.state, act.Draw("a1")) == "§9: drawn_already (model=a1)"
    dropped = activated(changed(_band(), "a1", weapon_dropped=True), "a1")
    assert played(dropped, act.Sheathe("a1")).state.pa_left == 5  # only the shield to put away


def test_carrying_a_friend_out_of_the_fight_overloads_the_carrier() -> None:
    """« Porter/déposer un ami hors de combat 4 — La figurine met sur son épaule un ami pour le transporter. Elle ne
    doit pas avoir d'objets en main. Elle est alors automatiquement surchargée. » Surchargée, it is encumbered
    (§3.2): « un malus de -2 à son Agilité et -2 cm de mouvement »: A 5 becomes 3, a move 10 cm becomes 8."""
    base = changed(_band(), "a2", out="out_of_action")
    holding = activated(base, "a1")
    assert refusal(holding, act.Carry("a1", "a2")) == "§9: hands_not_free (model=a1, objects=2)"
    free = activated(changed(base, "a1", sheathed=True), "a1")
    result = played(free, act.Carry("a1", "a2"))
    carrier = result.state.model("a1")
    assert (carrier.carrying, carrier.encumbered, carrier.agility, result.state.pa_left) == ("a2", True, 3, 2)
    assert "pa_short" not in refusal(result.state, act.Move("a1", 9))  # refused for its length, not its PA
    fresh = activated(dataclasses.replace(result.state, active=None), "a1")
    assert not problems(fresh, act.Move("a1", 8))
    assert problems(fresh, act.Move("a1", 9))
    assert refusal(fresh, act.Draw("a1")) == "§9: carrying_hands_full (model=a1)"


def test_setting_down_the_friend_takes_4_pa_and_lifts_the_overload() -> None:
    """« Porter/déposer un ami hors de combat 4 »."""
    state = activated(changed(changed(_band(), "a2", out="out_of_action"), "a1", sheathed=True, carrying="a2"), "a1")
    result = played(state, act.SetDown("a1"))
    carrier = result.state.model("a1")
    assert (carrier.carrying, carrier.encumbered, carrier.agility, result.state.pa_left) == (None, False, 5, 2)
    assert refusal(result.state, act.SetDown("a1")) == "§9: carries_nobody (model=a1)"


def test_only_a_friend_out_of_the_fight_is_carried_and_by_one_carrier() -> None:
    """« un ami hors de combat »: not an enemy, not a friend still fighting, not one another carries."""
    base = changed(_band(), "a1", sheathed=True)
    assert refusal(activated(base, "a1"), act.Carry("a1", "a2")) == "§9: not_a_friend_out (friend_model=a2)"
    enemy = activated(changed(base, "b1", out="out_of_action"), "a1")
    assert refusal(enemy, act.Carry("a1", "b1")) == "§9: not_a_friend_out (friend_model=b1)"
    three = skirmish(("a1", SOLDIER), ("a2", SOLDIER), ("a3", SOLDIER), ("b1", SOLDIER))
    taken = changed(changed(changed(three, "a2", out="out_of_action"), "a3", carrying="a2"), "a1", sheathed=True)
    assert refusal(activated(taken, "a1"), act.Carry("a1", "a2")) == (
        "§9: carried_already (friend_model=a2, bearer_model=a3)"
    )


def test_the_menu_offers_the_other_actions() -> None:
    """legal_actions offers what §9 allows, and apply accepts it."""
    state = activated(changed(changed(_band(), "b1", out="killed"), "a2", out="out_of_action"), "a1")
    names = {(a.name, getattr(a, "corpse", None) or getattr(a, "friend", None)) for a in legal_actions(state)}
    assert {("behead", "b1"), ("open", None), ("open_conan", None), ("sheathe", None)} <= names
    assert ("carry", "a2") not in names  # its hands are full
    free = activated(changed(changed(_band(), "a2", out="out_of_action"), "a1", sheathed=True), "a1")
    offered = [a for a in legal_actions(free) if a.name in ("carry", "draw")]
    assert sorted(a.name for a in offered) == ["carry", "draw"]


def test_a_carrier_put_out_of_the_battle_drops_its_friend() -> None:
    """A carrier killed (§7) carries nobody any more: the friend may be carried by another."""
    from rules.dice import Dice
    from rules.freres.harm import put_out
    from rules.freres.play import Play

    base = changed(changed(_band(), "a2", out="out_of_action"), "a1", sheathed=True, carrying="a2")
    play = Play(base, Dice(seed=0))
    put_out(play, play.model("a1"), "killed", "§7")
    assert play.state.model("a1").carrying is None


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
