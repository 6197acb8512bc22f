"""003 II §9 *Tableau des actions autres*, played: cutting off a head, opening, opening « à la Conan », carrying a
friend out of the fight with its overload, drawing and putting away. Each case plays the engine's ``apply`` with
the d10 faces it names; the costs are checked against the document in test_tables (test_other_costs)."""

from __future__ import annotations

import dataclasses

from rules.freres import actions as act
from rules.freres.example import KNIGHT, SOLDIER
from rules.freres.game import problems
from rules.freres.legal import legal_actions
from rules.freres.state import Skirmish
from tests.rules.freres.builders import activated, changed, kinds, played, skirmish


def refusal(state: Skirmish, action: act.Action) -> str:
    found = problems(state, action)
    assert found, f"{action} was accepted"
    return f"{found[0].clause}: {found[0].message}"


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
