"""003 II §10 mounted models: the charge of 20 cm, no hiding nor cover, a wounded mount unseating its rider. Each
case plays the engine's ``apply`` with the d10 faces it names, so each number can be followed by hand.
"""

from __future__ import annotations

from rules.freres import actions as act
from rules.freres.damage import Health
from rules.freres.example import KNIGHT, RIDER, SOLDIER
from tests.rules.freres.builders import activated, engaged, played, refusal, rows, skirmish


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
