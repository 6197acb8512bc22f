from dataclasses import replace

import pytest
from _pytest.mark import ParameterSet

from rules.dice import Dice
from rules.siege.fort import SectionKind
from rules.siege.melee import fight, strength, to_hit_need
from rules.siege.profiles import Profile, Special, Weapon
from rules.siege.state import BattleState, IllegalAction, Side, TurnLog
from rules.siege.turn_log import CombatResult
from tests.rules.siege.builders import (
    HARPY,
    KNIGHT,
    MAN,
    OGRE,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    fleeing,
    lost,
    with_rules,
)

CHARGED = TurnLog(charged=frozenset({"a1"}))


def reinforcing(state: BattleState, *ids: str) -> BattleState:
    """The state with ``ids`` reinforcing its first gate this turn (§6.4)."""
    first, *others = state.gates
    return replace(state, gates=(replace(first, reinforcers=ids), *others))


def refused_fight(
    state: BattleState, pairs: list[tuple[str, str]], clause: str, message: str, case: str, *, second: bool = False
) -> ParameterSet:
    """A round of combat with ``pairs`` that the rules refuse by ``clause``, saying ``message``."""
    return pytest.param(state, pairs, second, clause, message, id=case)


@pytest.mark.parametrize(
    ("state", "pairs", "second", "clause", "message"),
    [
        refused_fight(
            battle(besiegers(ORC, "W3", 5), besieged(MAN, "W3", 1)),
            [(f"a{n}", "d1") for n in range(1, 6)],
            "§3.2.1",
            "5 against 1 on d1: at most 4 against 1",
            "§3.2.1-five-against-one",
        ),
        refused_fight(
            battle(besiegers(KNIGHT, "C1", 3), besieged(MAN, "C1", 1)),
            [("a1", "d1"), ("a2", "d1"), ("a3", "d1")],
            "§3.2.1",
            "6 against 1 on d1",
            "§3.2.3-cavalry-counts-two-in-combat",
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 2)),
            [("a1", "d1"), ("a1", "d2")],
            "§3.2.1",
            "it cannot fight 1 against 2",
            "§3.2.1-no-one-against-two",
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W2", 1)),
            [("a1", "d1")],
            "§1.2",
            "d1 is not on W3",
            "§1.2-same-section-and-level",
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1)),
            [("a1", "d1")],
            "§3.2.2",
            "a second combat on W3 follows a first one this turn",
            "§3.2.2-second-combat-after-the-first",
            second=True,
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1), log=TurnLog(fought=frozenset({"W3"}))),
            [("a1", "d1")],
            "§3.2.2",
            "W3 has had its first combat this turn",
            "§3.2.1-one-engagement-per-section",
        ),
        refused_fight(
            battle(besiegers(HARPY, "W3", 1), besieged(MAN, "W3", 1), log=TurnLog(fought=frozenset({"W3"}))),
            [("a1", "d1")],
            "§12.3.1",
            "a1 is a flyer: no second combat",
            "§12.3.1-flyers-no-double-combat",
            second=True,
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1), results=[lost("W3", Side.BESIEGED)]),
            [("a1", "d1")],
            "§3.3.2",
            "the losers on W3 must retreat or test",
            "§3.3.2-losers-react-first",
        ),
        refused_fight(
            fleeing(battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 2)), "d2"),
            [("a1", "d2")],
            "§3.3.3",
            "the enemies standing on W3 must be engaged before the fleeing d2",
            "§3.3.3-standing-allies-first",
        ),
        refused_fight(
            reinforcing(battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 3), active=Side.BESIEGED), "d2", "d3"),
            [("d1", "a1"), ("d2", "a1"), ("d3", "a1")],
            "§6.4",
            "d2 reinforce a gate this turn and cannot fight (§6.4)",
            "§6.4-reinforcers-do-not-fight-the-first-named",
        ),
    ],
)
def test_refusals(state: BattleState, pairs: list[tuple[str, str]], second: bool, clause: str, message: str) -> None:
    with pytest.raises(IllegalAction) as error:
        fight(state, state.model(pairs[0][0]).place.ref, pairs, Dice(0), second=second)
    assert error.value.clause == clause
    assert message in str(error.value)


def test_two_cavalry_against_one_is_four_against_one() -> None:
    # §3.2.3: cavalry counts 2
    state = battle(besiegers(KNIGHT, "C1", 2), besieged(MAN, "C1", 1))
    assert fight(state, "C1", [("a1", "d1"), ("a2", "d1")], Dice(0)).state.turn_log.fought == {"C1"}


@pytest.mark.parametrize(
    ("striker", "kind", "from_below", "need"),
    [
        pytest.param(MAN, SectionKind.WALL_WALK, False, 4, id="WS3-against-WS3-4+"),
        pytest.param(MAN, SectionKind.WALL_WALK, True, 3, id="§3.2.2-charged-from-below-+1"),
        pytest.param(HARPY, SectionKind.WALL_WALK, False, 5, id="§12.3.1-flyer-on-wall-walk--1"),
        pytest.param(HARPY, SectionKind.STAIRS, False, 5, id="§12.3.1-flyer-on-stairs--1"),
        pytest.param(HARPY, SectionKind.COURTYARD, False, 4, id="§12.3.1-flyer-in-courtyard-unmodified"),
    ],
)
def test_to_hit_need(striker: Profile, kind: SectionKind, from_below: bool, need: int) -> None:
    log = TurnLog(from_below=frozenset({"a1"} if from_below else set()))
    state = battle(besieged(striker, "W3", 1), besiegers(ORC, "W3", 1), log=log)
    assert to_hit_need(state, state.model("d1"), state.model("a1"), kind) == need


@pytest.mark.parametrize(
    ("weapon", "kind", "value"),
    [
        pytest.param(Weapon.HALBERD, SectionKind.COURTYARD, 4, id="§3.2.2-halberd-in-courtyard-+1"),
        pytest.param(Weapon.HALBERD, SectionKind.WALL_WALK, 3, id="§3.2.2-halberd-on-wall-walk-plain"),
        pytest.param(Weapon.HALBERD, SectionKind.TOWER, 3, id="§3.2.2-halberd-on-tower-plain"),
        pytest.param(Weapon.HALBERD, SectionKind.STAIRS, 3, id="§3.2.2-halberd-on-stairs-plain"),
        pytest.param(Weapon.SPEAR, SectionKind.COURTYARD, 3, id="§3.2.2-spear-is-a-hand-weapon"),
        pytest.param(Weapon.LANCE, SectionKind.COURTYARD, 3, id="§3.2.3-cavalry-lance-unusable"),
        pytest.param(Weapon.GREAT_WEAPON, SectionKind.WALL_WALK, 5, id="great-weapon-+2"),
    ],
)
def test_weapon_strength(weapon: Weapon, kind: SectionKind, value: int) -> None:
    state = battle(besieged(replace(MAN, weapon=weapon), "C1", 1))
    assert strength(state.model("d1"), kind) == value


def test_charger_strikes_first_and_the_dead_do_not_strike_back() -> None:
    # §3.2.2: chargers first; §3.2.4: killed models count, the orc outnumbers the empty side
    state = battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1), log=CHARGED)
    result = fight(state, "W3", [("a1", "d1")], dice(4, 4))
    assert result.state.at("W3", Side.BESIEGED) == ()
    assert len(result.rolls) == 2
    combat = result.state.result("W3")
    assert combat is not None
    assert (combat.besieger, combat.besieged, combat.winner, combat.settled) == (2, 0, Side.BESIEGER, True)


def test_casualties_count_models_not_wounds() -> None:
    # §3.2.4: a wounded ogre is no casualty; the ogre's unit strength 3 outnumbers
    state = battle(besiegers(ORC, "W3", 1), besieged(OGRE, "W3", 1), log=CHARGED)
    result = fight(state, "W3", [("a1", "d1")], dice(6, 6, 1, 1, 1))
    assert result.state.model("d1").wounds_lost == 1
    combat = result.state.result("W3")
    assert combat is not None
    assert (combat.besieger, combat.besieged, combat.winner) == (0, 1, Side.BESIEGED)


def test_one_standard_only_counts() -> None:
    # §3.2.4, §2.2: two standards on the section still give +1
    bearer = with_rules(MAN, Special.STANDARD)
    state = battle(besiegers(ORC, "W3", 1), besieged(bearer, "W3", 2), log=CHARGED)
    combat = fight(state, "W3", [("a1", "d1")], dice(1, 1)).state.result("W3")
    assert combat is not None
    assert (combat.besieger, combat.besieged) == (0, 2)


def test_musician_wins_a_draw() -> None:
    # §2.2: the musician's bonus applies to the section
    state = battle(besiegers(ORC, "W3", 1), besieged(with_rules(MAN, Special.MUSICIAN), "W3", 1), log=CHARGED)
    combat = fight(state, "W3", [("a1", "d1")], dice(1, 1)).state.result("W3")
    assert combat is not None
    assert (combat.besieger, combat.besieged, combat.winner) == (0, 1, Side.BESIEGED)


def test_standard_bearer_dies_last_of_its_unit() -> None:
    # §3.2.4
    bearer = besieged(with_rules(MAN, Special.STANDARD), "W3", 1, "s", unit="guard")
    state = battle(besiegers(ORC, "W3", 1), bearer, besieged(MAN, "W3", 1, "m", unit="guard"), log=CHARGED)
    after = fight(state, "W3", [("a1", "s1")], dice(4, 4)).state
    assert [m.id for m in after.at("W3", Side.BESIEGED)] == ["s1"]


def test_the_fallen_are_kept_in_the_order_they_fell_as_they_last_stood() -> None:
    # §3.2.2: the chargers a1, a2 strike first, a3 and the ripostes at initiative 3 next; §17: the fallen as they
    # last stood. The champion d1 is wounded by a1, d2 killed by a2, then a3 finishes d1 while d1 misses a1.
    champion = replace(MAN, name="Champion", w=2)
    state = battle(
        besiegers(MAN, "W3", 3),
        besieged(champion, "W3", 1),
        besieged(MAN, "W3", 1, "e"),
        log=TurnLog(charged=frozenset({"a1", "a2"})),
    )
    result = fight(state, "W3", [("a1", "d1"), ("a2", "e1"), ("a3", "d1")], dice(4, 4, 4, 4, 4, 4, 1))
    assert len(result.rolls) == 7
    assert [(m.id, m.wounds_lost) for m in result.state.fallen] == [("e1", 0), ("d1", 1)]
    assert [e.models for e in result.events if e.kind == "casualties"] == [("e1",), ("d1",)]
    assert result.state.at("W3", Side.BESIEGED) == ()
    assert result.state.contacts == frozenset()


def test_fleeing_models_attacked_are_cut_down() -> None:
    # §3.3.3: no dice
    state = battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1))
    state = fleeing(state, "d1")
    result = fight(state, "W3", [("a1", "d1")], Dice(0))
    assert result.rolls == ()
    assert result.state.at("W3", Side.BESIEGED) == ()


def test_double_combat_everyone_counts_as_charging() -> None:
    # §3.2.2: in the second combat the active player's models strike first, even slower ones
    slow = replace(ORC, i=1)
    state = battle(besiegers(slow, "W3", 1), besieged(MAN, "W3", 1), log=TurnLog(fought=frozenset({"W3"})))
    result = fight(state, "W3", [("a1", "d1")], dice(4, 4), second=True)
    assert result.state.at("W3", Side.BESIEGED) == ()
    assert result.state.turn_log.fought_twice == {"W3"}


def test_without_charge_initiative_decides() -> None:
    # §3.2.2: initiative counts in a combat already engaged: the man (I3) strikes before the orc (I2)
    state = battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1))
    result = fight(state, "W3", [("a1", "d1")], dice(4, 5))
    assert result.state.at("W3", Side.BESIEGER) == ()
    assert result.events[0].text.startswith("d1 strikes a1")


def test_flyers_opponents_may_fight_twice() -> None:
    # §12.3.1: the flyer cannot, its enemies can
    state = battle(
        besieged(MAN, "W3", 1), besiegers(HARPY, "W3", 1), active=Side.BESIEGED, log=TurnLog(fought=frozenset({"W3"}))
    )
    assert fight(state, "W3", [("d1", "a1")], dice(1, 1), second=True).state.turn_log.fought_twice == {"W3"}


def test_afraid_models_hit_on_sixes() -> None:
    # §4.2: a failed fear test without being outnumbered
    state = battle(besieged(MAN, "W3", 1), besiegers(OGRE, "W3", 1), log=TurnLog(afraid=frozenset({"d1"})))
    assert to_hit_need(state, state.model("d1"), state.model("a1"), SectionKind.WALL_WALK) == 6


@pytest.mark.parametrize(
    ("winner", "settled", "reacts"),
    [
        (Side.BESIEGER, False, Side.BESIEGED),
        (Side.BESIEGED, False, Side.BESIEGER),
        (Side.BESIEGER, True, None),
        (None, False, None),
    ],
)
def test_the_loser_reacts_until_its_combat_is_settled(winner: Side | None, settled: bool, reacts: Side | None) -> None:
    # §3.3.2: the loser of a combat retreats or holds; a draw has no loser, a settled combat waits for none
    assert CombatResult("W3", 2, 1, winner, settled).loser_to_react is reacts
