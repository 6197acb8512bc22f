"""§3.2 engagements and close combat in the fort: four against one at most, charges, weapons, standards
and musicians on a section, casualties counted in models, the double combat.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from _pytest.mark import ParameterSet

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.board.fort import SectionKind
from rules.siege.board.profiles import Profile, Special, Weapon
from rules.siege.board.state import BattleState, IllegalAction, Phase, Side, TurnLog
from rules.siege.board.turn_log import CombatResult
from rules.siege.chapters.ladders import forgo_push_back
from rules.siege.chapters.melee import fight, pair_off, strength, to_hit_need
from rules.siege.chapters.melee import strength as melee_strength
from rules.siege.chapters.movement import move
from rules.siege.chapters.siege_towers import disembark_after_win
from rules.siege.game import Option, apply, choose, menu_options, problems
from tests.rules.siege.builders import (
    HARPY,
    HERO,
    KNIGHT,
    MAN,
    OGRE,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    fleeing,
    ids,
    lost,
    refused,
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
            "gang_up_too_many (target_model=d1, weight=5, ratio=1, most=4)",
            "§3.2.1-five-against-one",
        ),
        refused_fight(
            battle(besiegers(KNIGHT, "C1", 3), besieged(MAN, "C1", 1)),
            [("a1", "d1"), ("a2", "d1"), ("a3", "d1")],
            "§3.2.1",
            "gang_up_too_many (target_model=d1, weight=6, ratio=1, most=4)",
            "§3.2.3-cavalry-counts-two-in-combat",
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 2)),
            [("a1", "d1"), ("a1", "d2")],
            "§3.2.1",
            "engages_one_enemy (models=a1)",
            "§3.2.1-no-one-against-two",
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W2", 1)),
            [("a1", "d1")],
            "§1.2",
            "fights_on_own_section (model=d1, place=W3)",
            "§1.2-same-section-and-level",
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1)),
            [("a1", "d1")],
            "§3.2.2",
            "second_combat_before_first (place=W3)",
            "§3.2.2-second-combat-after-the-first",
            second=True,
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1), log=TurnLog(fought=frozenset({"W3"}))),
            [("a1", "d1")],
            "§3.2.2",
            "first_combat_fought (place=W3)",
            "§3.2.1-one-engagement-per-section",
        ),
        refused_fight(
            battle(besiegers(HARPY, "W3", 1), besieged(MAN, "W3", 1), log=TurnLog(fought=frozenset({"W3"}))),
            [("a1", "d1")],
            "§12.3.1",
            "flyer_no_second_combat (model=a1)",
            "§12.3.1-flyers-no-double-combat",
            second=True,
        ),
        refused_fight(
            battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1), results=[lost("W3", Side.BESIEGED)]),
            [("a1", "d1")],
            "§3.3.2",
            "losers_react_first (place=W3)",
            "§3.3.2-losers-react-first",
        ),
        refused_fight(
            fleeing(battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 2)), "d2"),
            [("a1", "d2")],
            "§3.3.3",
            "engage_standing_first (place=W3, models=d2)",
            "§3.3.3-standing-allies-first",
        ),
        refused_fight(
            reinforcing(battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 3), active=Side.BESIEGED), "d2", "d3"),
            [("d1", "a1"), ("d2", "a1"), ("d3", "a1")],
            "§6.4",
            "reinforcing_a_gate (models=d2, what=fight)",
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
    assert [e.models for e in result.events if e.kind == "combat_casualties"] == [("e1",), ("d1",)]
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
    assert (result.events[0].kind, result.events[0].models) == ("blows", ("d1", "a1"))


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


# ---- the fight through the menu: pairs, the second combat, the tower's latecomers ------------------------------


def _in_close_combat(state: BattleState) -> BattleState:
    return replace(state, phase=Phase.CLOSE_COMBAT)


def _fight_option(state: BattleState, where: str) -> Option:
    (option,) = [o for o in menu_options(state) if o.name == "fight" and o.where == where]
    return option


def _default_fight(state: BattleState, option: Option) -> a.Fight:
    actors, target = option.default()
    action = choose(state, option, actors, target)
    assert isinstance(action, a.Fight)
    return action


def test_eight_men_engage_eight_orcs_one_on_one_through_the_menu() -> None:
    """§3.2.1: « si une section contient 8 humains et 8 orques, le joueur humain dont c'est le tour peut choisir
    d'engager tous ses hommes en 1 contre 1 ou bien au maximum faire du 4 contre 1 ». The menu's fight takes all 8
    men, and by default each engages his own orc; 4 against 1 on two orcs is accepted too."""
    state = _in_close_combat(battle(besieged(MAN, "W3", 8), besiegers(ORC, "W3", 8), active=Side.BESIEGED))
    option = _fight_option(state, "W3")
    assert (option.actors, option.most) == (tuple(ids("d", 8)), 8)
    fight_ = _default_fight(state, option)
    assert fight_.pairs == tuple(zip(ids("d", 8), ids("a", 8), strict=True))
    assert problems(state, fight_) == []
    played = apply(state, fight_, Dice(seed=8))
    assert sum(e.kind == "blows" for e in played.events) == 16  # 8 strike, 8 strike back
    four_to_one = a.Fight("W3", (*((d, "a1") for d in ids("d", 4)), *((d, "a2") for d in ids("d", 8)[4:])))
    assert problems(state, four_to_one) == []


def test_eight_orcs_against_one_man_fight_four_at_most() -> None:
    """§3.2.1: « engager les figurines ennemies à hauteur de 4 contre 1 maximum »: of 8 orcs, the menu lets 4 fight
    the lone man, and its default pairs those 4 with him."""
    state = _in_close_combat(battle(besiegers(ORC, "W3", 8), besieged(MAN, "W3", 1)))
    option = _fight_option(state, "W3")
    assert (len(option.actors), option.most) == (8, 4)
    fight_ = _default_fight(state, option)
    assert fight_.pairs == tuple((x, "d1") for x in ids("a", 4))
    assert problems(state, fight_) == []


def test_the_models_already_fighting_an_enemy_count_towards_its_four() -> None:
    """§3.2.1: « Des figurines peuvent engager des figurines ennemies déjà en combat à condition de ne pas dépasser
    le ratio de 4 contre 1 »: a1–a3 go on fighting d1, a4 joins them, a5 has no room left."""
    state = battle(besiegers(ORC, "W3", 5), besieged(MAN, "W3", 1))
    state = replace(state, contacts=frozenset({("a1", "d1"), ("a2", "d1"), ("a3", "d1")}))
    pairs, left = pair_off(state, "W3", ids("a", 5))
    assert pairs == tuple((x, "d1") for x in ids("a", 4))
    assert left == (("a5", "d1"),)
    assert _fight_option(_in_close_combat(state), "W3").most == 4


@pytest.mark.parametrize("orcs", [1, 2])
def test_the_default_pairs_engage_the_standing_before_the_fleeing(orcs: int) -> None:
    """§3.3.3: « si des figurines alliées qui ne sont pas en fuite se trouvent à leurs côtés … l'ennemi devra en
    priorité engager celles-ci »: whichever enemy the player names first, the standing d1 is engaged before the
    fleeing d2, which a second orc then cuts down."""
    state = _in_close_combat(fleeing(battle(besiegers(ORC, "W3", orcs), besieged(MAN, "W3", 2)), "d2"))
    option = _fight_option(state, "W3")
    assert option.targets == ("d1", "d2")
    for target in option.targets:
        fight_ = choose(state, option, option.default()[0], target)
        assert isinstance(fight_, a.Fight)
        assert fight_.pairs == (("a1", "d1"), ("a2", "d2"))[:orcs]
        assert problems(state, fight_) == []


def test_the_menus_next_fight_on_a_section_is_its_second() -> None:
    """§3.2.2: « Après ses combats, le joueur dont c'est le tour peut attaquer une seconde fois »: once W3 has had
    its first combat, the menu's fight there is the second, and is accepted as it is offered."""
    state = _in_close_combat(
        battle(besiegers(ORC, "W3", 2), besieged(MAN, "W3", 2), log=TurnLog(fought=frozenset({"W3"})))
    )
    fight_ = _default_fight(state, _fight_option(state, "W3"))
    assert fight_.second
    assert problems(state, fight_) == []


def test_in_the_second_combat_pairs_going_on_strike_in_initiative_order() -> None:
    """R29, §3.2.2: « La caractéristique Initiative n'est prise en compte que pour les corps-à-corps déjà
    engagés »: the orc (I2) has fought the man (I3) in the first round; in the second the man strikes first and kills
    it (4 to hit, 5 to wound), where a fresh engagement would have let the orc strike first."""
    state = battle(besiegers(ORC, "W3", 1), besieged(MAN, "W3", 1), log=TurnLog(fought=frozenset({"W3"})))
    going_on = replace(state, contacts=frozenset({("a1", "d1")}))
    result = fight(going_on, "W3", [("a1", "d1")], dice(4, 5), second=True)
    assert (result.events[0].kind, result.events[0].models) == ("blows", ("d1", "a1"))
    assert result.state.at("W3", Side.BESIEGER) == ()
    fresh = fight(state, "W3", [("a1", "d1")], dice(4, 4), second=True)
    assert (fresh.events[0].kind, fresh.events[0].models) == ("blows", ("a1", "d1"))


def _tower_won_this_turn(*, log: TurnLog | None = None) -> BattleState:
    """The besiegers on W2 beat its defenders this turn, who held; four more wait in siege tower ST1 against W2."""
    state = battle(
        besiegers(ORC, "W2", 2, "w"),
        besiegers(ORC, "siege_tower:ST1", 4, "t"),
        besieged(MAN, "W2", 2),
        results=[replace(lost("W2", Side.BESIEGED), settled=True)],
        log=TurnLog(fought=frozenset({"W2"})) if log is None else log,
    )
    return _in_close_combat(state)


def test_models_out_of_the_tower_after_a_win_fight_in_the_next_phase() -> None:
    """§7.3.4: « Les 2 figurines débarquant peuvent engager des ennemis mais le corps-à-corps s'effectuera à la
    prochaine phase de mêlée »: t1 and t2 come out as the menu offers, then neither is offered nor accepted in this
    phase's second combat; w1 and w2 still fight it."""
    state = _tower_won_this_turn()
    (out,) = [o for o in menu_options(state) if o.name == "disembark"]
    assert (out.actors, out.most) == (tuple(ids("t", 4)), 2)
    disembark = choose(state, out, *out.default())
    assert disembark == a.Disembark("ST1", ("t1", "t2"))
    landed = apply(state, disembark, Dice(seed=1)).state
    assert {str(landed.model(x).place) for x in ("t1", "t2")} == {"W2"}
    option = _fight_option(landed, "W2")
    assert set(option.actors) == {"w1", "w2"}
    refused(lambda: fight(landed, "W2", [("t1", "d1")], Dice(0), second=True), "§7.3.4")
    assert problems(landed, _default_fight(landed, option)) == []


def test_no_one_comes_out_of_the_tower_on_a_win_of_an_earlier_turn() -> None:
    """§7.3.4: « Si les assiégeants parviennent à remporter le combat sur leur section, 2 autres figurines peuvent
    alors débarquer immédiatement »: the win stays on W2's record, but W2 has not been fought this turn."""
    state = _tower_won_this_turn(log=TurnLog())
    assert not [o for o in menu_options(state) if o.name == "disembark"]
    refused(lambda: disembark_after_win(state, "ST1", ["t1", "t2"]), "§7.3.4")


def test_heroes_fight_like_any_model_without_challenges() -> None:
    """§3.2.5: « les règles de défi ne s'appliquent plus. Libre aux joueurs d'engager les héros en 1 contre 1 »: a
    hero may be ganged up on like a trooper, 4 against 1 at most (§3.2.1), and may not refuse the fight."""
    state = battle(besiegers(ORC, "W1", 5), besieged(HERO, "W1", 1, "h"), besieged(MAN, "W1", 4))
    pairs = [(a, "h1") for a in ids("a", 4)]
    result = fight(state, "W1", pairs, dice(*[1] * 4, *[1] * 1)).state
    assert result.result("W1") is not None
    refused(lambda: fight(state, "W1", [(a, "h1") for a in ids("a", 5)], dice()), "§3.2.1")


def test_one_standard_counts_once_per_section() -> None:
    """§2.2: « on ne comptabilise qu'un seul étendard, musicien ou héros par section »; §3.2.4: « La présence d'un
    étendard rajoute + 1 … Un seul étendard n'est pris en compte »."""
    flag = with_rules(MAN, Special.STANDARD, name="Standard")
    two = battle(besiegers(ORC, "W1", 1), besieged(flag, "W1", 2, "s"), besieged(MAN, "W1", 1))
    one = battle(besiegers(ORC, "W1", 1), besieged(flag, "W1", 1, "s"), besieged(MAN, "W1", 2))
    scores = [fight(s, "W1", [("a1", "d1" if s is two else "d2")], dice(1, 1)).state.result("W1") for s in (two, one)]
    assert all(r is not None for r in scores)
    assert [r.besieged for r in scores if r is not None] == [2, 2]  # +1 outnumbering, +1 one standard


def test_the_charged_get_plus_one_against_climbers_not_tower_troops() -> None:
    """§3.2.2: « Les troupes chargées d'un niveau inférieur bénéficient d'un + 1 pour toucher pour ce tour
    (applicable pour le double combat). Les ennemis arrivant d'une échelle sont considérés comme venant d'un niveau
    inférieur, pas ceux venant d'une tour de siège »."""
    state = battle(
        besiegers(ORC, "ladder:L1", 1, "l"),
        besiegers(ORC, "siege_tower:ST1", 1, "t"),
        besieged(MAN, "W3", 1),
        besieged(MAN, "W2", 1, "w"),
    )
    state = move(forgo_push_back(state, "L1"), ["l1"], "W3", dice()).state  # §7.1.5: no push-back tried
    state = move(state, ["t1"], "W2", dice()).state
    kind = SectionKind.WALL_WALK
    assert to_hit_need(state, state.model("d1"), state.model("l1"), kind) == 3  # WS 3 v 3: 4+, then +1
    assert to_hit_need(state, state.model("w1"), state.model("t1"), kind) == 4
    first = fight(state, "W3", [("l1", "d1")], dice(1, 1)).state
    assert "l1" in first.turn_log.from_below  # still this turn, for the second combat


@pytest.mark.parametrize(
    ("weapon", "section", "strength"),
    [
        pytest.param(Weapon.HALBERD, "W1", 3, id="§3.2.2-halberd-no-bonus-on-wall-walk"),
        pytest.param(Weapon.HALBERD, "T1", 3, id="§3.2.2-halberd-no-bonus-on-tower"),
        pytest.param(Weapon.HALBERD, "S1", 3, id="§3.2.2-halberd-no-bonus-on-stairs"),
        pytest.param(Weapon.HALBERD, "C2", 4, id="§3.2.2-halberd-keeps-bonus-in-courtyard"),
        pytest.param(Weapon.SPEAR, "C2", 3, id="§3.2.2-spear-a-simple-hand-weapon"),
        pytest.param(Weapon.LANCE, "C2", 3, id="§3.2.3-cavalry-lance-unusable"),
    ],
)
def test_weapons_in_the_fort(weapon: Weapon, section: str, strength: int) -> None:
    """§3.2.2: « hallebardes qui perdent leurs bonus sur les sections de chemin de ronde, de tour et d'escaliers …
    conservent toutefois leurs bonus dans les sections de cour intérieure », « la lance ne devient qu'une simple
    A1M »; §3.2.3: « Les lances de cavalerie sont inutilisables dans un fort »."""
    model = besieged(replace(MAN, weapon=weapon), section, 1)[0]
    assert melee_strength(model, battle().fort.section(section).kind) == strength


def test_cavalry_counts_two_in_the_four_to_one() -> None:
    """§3.2.3: « Elle compte pour deux dans le ratio d'occupation et de combat »: two knights on a man are 4 to 1,
    three are 6 to 1; a courtyard holds fifteen knights a side."""
    state = battle(besiegers(KNIGHT, "C2", 3), besieged(MAN, "C2", 1))
    assert fight(state, "C2", [("a1", "d1"), ("a2", "d1")], dice(*[1] * 8)).state.result("C2") is not None
    refused(lambda: fight(state, "C2", [(a, "d1") for a in ids("a", 3)], dice()), "§3.2.1")
    assert battle(besiegers(KNIGHT, "C2", 15)).occupancy("C2", Side.BESIEGER) == 30
    refused(lambda: battle(besiegers(KNIGHT, "C2", 16)), "§1.7")


def test_losses_count_models_killed_not_wounds() -> None:
    """§3.2.4: « Les pertes sont toujours calculées selon le nombre de figurines tuées et non pas le nombre de points
    de vie infligés », « La prise en compte de la PU est toujours effective »; no rank, flank, rear or overkill."""
    tough = replace(ORC, name="Tough", w=3)
    state = battle(
        besieged(MAN, "W1", 2), besiegers(tough, "W1", 1, "t"), besiegers(ORC, "W1", 1), active=Side.BESIEGED
    )
    # d1 wounds t1 once (6, 6), d2 kills a1 (6, 6), t1 misses back (1): one model killed, and 2 against 1 in US
    result = fight(state, "W1", [("d1", "t1"), ("d2", "a1")], dice(6, 6, 6, 6, 1)).state.result("W1")
    assert result is not None
    assert (result.besieged, result.besieger) == (1 + 1, 0)


def test_one_engagement_a_section_one_enemy_a_model() -> None:
    """§3.2.1: « Chaque section/niveau est considérée comme étant le site d'un engagement à part entière » and « Un
    joueur ne peut pas engager l'ennemi à 1 contre 2 »: one combat a section a turn, one target a model."""
    state = battle(besiegers(ORC, "W3", 2), besieged(MAN, "W3", 2))
    refused(lambda: fight(state, "W3", [("a1", "d1"), ("a1", "d2")], dice()), "§3.2.1")
    first = replace(fight(state, "W3", [("a1", "d1")], dice(1, 1)).state, results=())
    refused(lambda: fight(first, "W3", [("a2", "d2")], dice()), "§3.2.2")


def test_the_double_combat_on_the_same_section_only() -> None:
    """§3.2.2: « Après ses combats, le joueur dont c'est le tour peut attaquer une seconde fois » and « Il ne peut
    engager que les ennemis de la même section/niveau sur laquelle il a déjà fait son premier tour de combat »."""
    state = battle(
        besiegers(ORC, "W3", 2), besieged(MAN, "W3", 2), besiegers(ORC, "W1", 1, "w"), besieged(MAN, "W1", 1, "v")
    )
    first = replace(fight(state, "W3", [("a1", "d1")], dice(1, 1)).state, results=())
    second = fight(first, "W3", [("a2", "d2")], dice(1, 1), second=True).state
    assert "W3" in second.turn_log.fought_twice
    refused(lambda: fight(second, "W3", [("a1", "d1")], dice(), second=True), "§3.2.2")
    refused(lambda: fight(first, "W1", [("w1", "v1")], dice(), second=True), "§3.2.2")


def test_models_fight_only_on_their_own_section() -> None:
    """§1.2: « Des figurines ne combattent que si elles sont sur le même niveau et la même section »."""
    state = battle(besiegers(ORC, "W3", 1), besieged(MAN, "T3", 1), besieged(MAN, "W3", 1, "w"))
    refused(lambda: fight(state, "W3", [("a1", "d1")], dice()), "§1.2")
    assert fight(state, "W3", [("a1", "w1")], dice(1, 1)).state.result("W3") is not None


def test_standards_and_musicians_serve_the_whole_section() -> None:
    """§2.2: « il peut éclater ses unités et répartir ses figurines individuellement par section » and « Les bonus
    apportés par les porte-étendards, les musiciens … sont applicables à la section et ce, quelque soit les figurines
    présentes »: another unit's standard, or musician in a draw, counts for the men who fight; elsewhere, not."""
    bearer = with_rules(MAN, Special.STANDARD, name="Bearer")
    drummer = with_rules(MAN, Special.MUSICIAN, name="Drummer")
    scores = []
    for helper, where in ((bearer, "W3"), (drummer, "W3"), (drummer, "T3")):
        state = battle(
            besiegers(ORC, "W3", 2), besieged(MAN, "W3", 1, "m", "Men"), besieged(helper, where, 1, "s", "S")
        )
        result = fight(state, "W3", [("a1", "m1")], dice(1, 1)).state.result("W3")
        assert result is not None
        scores.append((result.besieger, result.besieged, result.winner))
    assert scores[0] == (0, 1, Side.BESIEGED)  # the standard's +1, two against two in unit strength
    assert scores[1] == (0, 1, Side.BESIEGED)  # the musician breaks the draw
    assert scores[2] == (1, 0, Side.BESIEGER)  # alone on W3, the man is outnumbered 2 to 1


def test_the_four_to_one_limit_counts_models_already_engaged() -> None:
    """§3.2.1: « Des figurines peuvent engager des figurines ennemies déjà en combat à condition de ne pas
    dépasser le ratio de 4 contre 1 »: four orcs already fight d1, a fifth may not join them.
    """
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 5))
    state = replace(state, contacts=frozenset({(f"a{n}", "d1") for n in range(1, 5)}))
    refused(lambda: fight(state, "W3", [("a5", "d1")], Dice(0)), "§3.2.1")
    refused(lambda: fight(state, "W3", [("a1", "d1"), ("a5", "d1")], Dice(0)), "§3.2.1")
    three = replace(state, contacts=frozenset({(f"a{n}", "d1") for n in range(1, 4)}))
    assert fight(three, "W3", [("a5", "d1")], Dice(0)).state.turn_log.fought == {"W3"}
    assert fight(state, "W3", [("a1", "d1"), ("a5", "d2")], Dice(0)).state.turn_log.fought == {"W3"}
