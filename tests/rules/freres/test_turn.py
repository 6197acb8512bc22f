"""003 II §1 and §2.6 the turn: initiative and its ties, activations alternating, a model activated once a turn,
waiting and parrying, PA stored or lost. Each case plays the engine's ``apply`` with the d10 faces it names, so each
number can be followed by hand.
"""

from __future__ import annotations

from rules.freres import actions as act
from rules.freres.example import ARCHER, KNIGHT, SOLDIER, example_skirmish
from rules.freres.game import problems
from rules.freres.state import Coin, Phase, Posture, Profile, Side
from tests.rules.freres.builders import activated, changed, engaged, kinds, played, refusal, rows, skirmish


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
