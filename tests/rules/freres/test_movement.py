"""003 II §3 movement, hiding and scrutiny: the limits of a move, the fast-move table and its notes, and ruling R21,
« Une figurine qui est à moins de 20 cm du front d'un ennemi est automatiquement découverte » (§3.4). Each case is
worked by hand: the d10 faces are the test's, every number follows from the profiles and the text of 003 quoted.
"""

from __future__ import annotations

from rules.freres import actions as act
from rules.freres.example import ARCHER, KNIGHT, RIDER, SOLDIER, WIZARD
from rules.freres.game import problems
from rules.freres.state import Profile, Skirmish
from tests.rules.freres.builders import activated, changed, kinds, played, refusal, rows, skirmish


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


def _hidden_archer_before(model_id: str, profile: Profile) -> Skirmish:
    """The archer ``b`` hidden in a forest, ``model_id`` of band A activated."""
    state = skirmish((model_id, profile), ("b", ARCHER))
    return activated(changed(state, "b", hidden=True), model_id)


def test_moving_5_cm_into_contact_with_a_hidden_model_finds_it() -> None:
    """003 II §3.4 Se cacher, R21: at the start of the move the archer stands 5 cm before the knight's front, under
    20 cm: « automatiquement découverte », no die; the move (3 PA) ends in contact, and the contact takes its cover
    (« Une figurine à couvert qui est contactée par un ennemi perd son couvert »)."""
    result = played(_hidden_archer_before("a", KNIGHT), act.Move("a", 5, contact="b"))
    archer = result.state.model("b")
    assert (archer.hidden, archer.in_cover) == (False, False)
    assert kinds(result)[:3] == ["spotted", "move", "contact"]
    assert result.state.contacts == {("a", "b")}
    assert result.state.pa_left == 4


def test_a_shot_at_15_cm_straight_ahead_finds_the_hidden_model() -> None:
    """R21: 15 cm straight ahead of the crossbowman's front is under 20 cm: the archer is found before the shot, in
    cover from then on (§9 « Maintenant, elle est déclarée à couvert »). The JT: 8 + T 6 = 14, 10 or more: hit
    (cover counts only beyond 10 cm: -2, 12, still a hit); damage 8 + 6 + 2 = 16 against JD 9 + D 4 = 13: 3,
    « Sonné »."""
    result = played(_hidden_archer_before("a", ARCHER), act.Shoot("a", "b", 15), [8, 9])
    assert kinds(result)[0] == "spotted"
    assert "shot_hit" in kinds(result)
    assert rows(result) == ["stunned"]
    assert result.state.model("b").hidden is False


def test_beyond_20_cm_only_scrutiny_finds_a_hidden_model() -> None:
    """R21: « Beyond 20 cm only Scruter finds it »: at exactly 20 cm (« à moins de 20 cm » is under 20) a shot is
    still refused, and a scrutiny rolls its die; at 19 cm the scrutiny finds it with no die."""
    state = _hidden_archer_before("a", ARCHER)
    assert problems(state, act.Shoot("a", "b", 20))[0].clause == "§5.1.1"
    assert problems(state, act.Shoot("a", "b", 15, in_front=False))[0].clause == "§5.1.1"
    assert played(state, act.Scrutinise("a", "b", 20, hiding_place="forest"), [3]).state.model("b").hidden
    found = played(state, act.Scrutinise("a", "b", 19, hiding_place="forest"))
    assert (found.state.model("b").hidden, found.state.model("b").in_cover) == (False, True)
    assert found.state.pa_left == 5


def test_a_charge_from_20_cm_finds_the_hidden_model_on_the_way() -> None:
    """R21: « by any move »: the rider starts 20 cm away, not under 20 cm, but its charge ends in contact straight
    ahead (§3.3 « tout droit dans la direction de son front »): it comes within 20 cm of the archer and finds it;
    the archer then answers the attack."""
    state = _hidden_archer_before("a", RIDER)
    charged = played(state, act.Charge("a", "b", 20)).state
    assert charged.model("b").hidden is False
    assert charged.pending is not None


def test_a_gallop_stopped_short_still_comes_within_20_cm() -> None:
    """R21: the rider gallops 20 cm at the hidden archer, not under 20 cm at the start; its JA 1 + A 6 + 2 = 9
    fails: « Avance gênée », it goes the die's value, 1 cm (§3.4), and stops 19 cm before the archer: found, out of
    contact."""
    result = played(_hidden_archer_before("a", RIDER), act.Run("a", 20, contact="b"), [1])
    assert result.state.model("b").hidden is False
    assert result.state.contacts == frozenset()
    assert result.state.model("a").moved_cm == 1


def test_a_spell_at_15_cm_needs_no_search() -> None:
    """R21: a spell's target stands « devant son socle frontal » (§6.1.1): at 15 cm the hidden archer is found, so
    the wizard casts without *Chercher cible* (4 PA, not 6). JS 7 + level 5 - 2 (« Cible à couvert », found in
    cover) = 10: cast; a 6 makes 9 and fails."""
    result = played(_hidden_archer_before("a", WIZARD), act.Cast("a", "b", 15), [7])
    assert kinds(result)[0] == "spotted"
    assert "spell" in kinds(result)
    assert result.state.pa_left == 2
    assert "spell_failed" in kinds(played(_hidden_archer_before("a", WIZARD), act.Cast("a", "b", 15), [6]))


def test_an_encumbered_knight_hindered_goes_the_die_less_2_cm() -> None:
    """003 II §3.4, the note ** under the Table de déplacement rapide: « Une figurine encombrée doit enlever 2 cm à
    son mouvement final ». The knight (metal armour 3 + sword 1 + shield 2 = 6, « encombrée », §3.2) runs 8 cm: JA
    4 + A 5 - 2 (encumbered) + 2 (Courir) = 9, failed: « Avance gênée » (6 à 9), « avance de la valeur du dé »: 4
    - 2 = 2 cm. With a 1 (1 + 5 = 6, still « Avance gênée ») it goes 1 - 2, no move at all, not backwards."""
    state = activated(skirmish(("a", KNIGHT), ("b", ARCHER)), "a")
    result = played(state, act.Run("a", 8), [4])
    assert (result.events[0].kind, result.events[0].params) == (
        "run",
        {"model": "a", "row": "hindered", "distance_cm": 2},
    )
    assert result.state.model("a").moved_cm == 2
    assert played(state, act.Run("a", 8), [1]).state.model("a").moved_cm == 0


def test_an_unencumbered_model_hindered_goes_the_whole_die() -> None:
    """§3.4: the archer (weight 3) is not encumbered: JA 3 + A 6 + 2 = 11 would pass, so a sprint, JA 3 + 6 = 9:
    « Avance gênée », the die's 3 cm whole."""
    state = activated(skirmish(("a", ARCHER), ("b", KNIGHT)), "a")
    assert played(state, act.Run("a", 10, sprint=True), [3]).state.model("a").moved_cm == 3
