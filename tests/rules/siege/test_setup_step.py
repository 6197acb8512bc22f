"""The set-up step (§14, §16), worked by hand: each side sets up in its own part and ends it, the menus offer what
each side's budget, purchases and quotas allow, and what was bought comes onto the table.

§16: « L'assiégé déploie toutes ses unités en premier à l'exception des troupes situées dans les sections de cour
intérieure. L'assiégeant déploie toutes ses unités en second à 40 cm au moins des remparts ainsi que tous les engins
de siège. L'assiégé déploie ensuite toutes ses troupes dans la cour intérieure ainsi que ses engins de siège.
L'assiégé obtient le premier tour automatiquement. »
"""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.battle import Setup, start
from rules.siege.board.engines import Belfry, Ladder, Liquid, MineGoal, SiegeTower
from rules.siege.board.fort import standard_fort
from rules.siege.board.options import Option
from rules.siege.board.state import BattleState, Phase, SetupTurn, Side
from rules.siege.game import apply, choose, menu_options, problems
from tests.rules.siege.builders import ARCHER, KNIGHT, MAN, OGRE, ORC, RAMPARTS, besieged, besiegers, ids

SECTIONS = (*RAMPARTS, "C1", "C2", "C3", "S1")
ORCS = tuple(ids("o", 12))
ARCHERS = tuple(ids("b", 3))
DEFENDERS = tuple(ids("d", 13))
GUARD = tuple(ids("g", 4))
KNIGHTS = tuple(ids("k", 2))


def _setup(*, army: int = 2000, besieged_points: int = 0, **changes: object) -> Setup:
    """The standard fort of 1,500 points: 13 men on W3, 2 knights in C2, 4 men in C1; 12 orcs, 3 archers and an
    ogre on the field with a ladder below W3, a siege tower and a brazier paid for; the besieged's oil and water
    braziers paid for (§14)."""
    models = (
        *besieged(MAN, "W3", 13, "d"),
        *besieged(KNIGHT, "C2", 2, "k", "Knights"),
        *besieged(MAN, "C1", 4, "g", "Guard"),
        *besiegers(ORC, "field:east", 12, "o", "Boyz"),
        *besiegers(ARCHER, "field:east", 3, "b", "Archers"),
        *besiegers(OGRE, "field:east", 1, "og", "Ogre"),
    )
    setup = Setup(
        standard_fort(1500),
        models,
        ladders=(Ladder("L1", "W3", raised=False),),
        siege_towers=(SiegeTower("ST1", None),),
        budgets=((Side.BESIEGER, 200, army), (Side.BESIEGED, besieged_points, 1500)),
        purchases=(
            (Side.BESIEGER, "siege_tower"),
            (Side.BESIEGER, "brazier"),
            (Side.BESIEGED, "brazier_oil"),
            (Side.BESIEGED, "brazier_water"),
        ),
    )
    return replace(setup, **changes)  # type: ignore[arg-type]


def _play(state: BattleState, *actions: a.Action) -> BattleState:
    for action in actions:
        state = apply(state, action, Dice(seed=1)).state
    return state


def _field(setup: Setup | None = None) -> BattleState:
    """The besieger's part of the set-up, the besieged's walls as they stand."""
    return _play(start(setup or _setup()), a.EndPhase())


def _courtyards(setup: Setup | None = None) -> BattleState:
    """The besieged's last part of the set-up, the rest as it stands."""
    return _play(_field(setup), a.EndPhase())


def _named(state: BattleState, name: str) -> list[Option]:
    return [o for o in menu_options(state) if o.name == name]


def _accepted(state: BattleState, option: Option) -> bool:
    """Whether the option's default details are accepted with each of its targets."""
    actors, _ = option.default()
    return all(not problems(state, choose(state, option, actors, t)) for t in option.targets or (None,))


# ---- each side's part (§16) ----------------------------------------------------------------------------------------


def test_each_side_sets_up_in_its_part_and_ends_it() -> None:
    """§16: the besieged first, the besieger second, the besieged again; each side's menu ends its own part, and the
    other side's actions wait; then « L'assiégé obtient le premier tour automatiquement »."""
    state = start(_setup())
    seen = []
    for _ in range(3):
        menu = menu_options(state)
        seen.append((state.setup_turn, state.active, {o.side for o in menu}))
        assert [o for o in menu if o.name == "end_phase"] == [Option("end_phase", state.active)]
        state = _play(state, a.EndPhase())
    assert seen == [
        (SetupTurn.WALLS, Side.BESIEGED, {Side.BESIEGED}),
        (SetupTurn.FIELD, Side.BESIEGER, {Side.BESIEGER}),
        (SetupTurn.COURTYARDS, Side.BESIEGED, {Side.BESIEGED}),
    ]
    assert (state.turn, state.phase, state.active) == (1, Phase.MOVEMENT, Side.BESIEGED)


def test_the_side_not_setting_up_waits() -> None:
    """§16: in the besieged's part the besieger buys, deploys and digs nothing, and the reverse."""
    walls = start(_setup())
    refusals = problems(walls, a.Buy(Side.BESIEGER, "ladder"))
    assert [(r.clause, r.message) for r in refusals] == [
        ("§16", "not_your_setup (active=besieged, setup_turn=walls, side=besieger, action=buy)")
    ]
    assert problems(walls, a.StartMine(MineGoal.TUNNEL, ORCS[:6]))[0].clause == "§16"
    field = _field()
    assert [r.message for r in problems(field, a.Deploy("d1", "W1"))] == [
        "not_your_setup (active=besieger, setup_turn=field, side=besieged, action=deploy)"
    ]
    assert problems(field, a.Deploy("o1", "field:west")) == []


def test_a_battle_set_up_before_each_side_had_its_part_is_set_up_by_both_at_once() -> None:
    """A log from before each side set up in its part: one set-up for both sides, one end of the step for both."""
    state = start(_setup(shared_setup=True))
    assert state.setup_turn is SetupTurn.SHARED
    sides = {(o.name, o.side) for o in menu_options(state)}
    assert {("buy", Side.BESIEGER), ("buy", Side.BESIEGED), ("start_mine", Side.BESIEGER)} <= sides
    assert [o for o in menu_options(state) if o.name == "end_phase"] == [Option("end_phase", Side.BESIEGED)]
    state = _play(state, a.StartMine(MineGoal.TUNNEL, ORCS[:6]), a.EndPhase())
    assert (state.phase, state.active) == (Phase.MOVEMENT, Side.BESIEGED)


# ---- buying (§14) --------------------------------------------------------------------------------------------------


def test_the_besieged_buys_only_what_its_50_free_points_still_pay_for() -> None:
    """§14.2: « le joueur assiégé bénéficie de 50 points de dépenses gratuites »; an oil brazier (10 + 10) and a
    water brazier (10 + 5) spent 35: 15 are left, for stones (3), a rock (6), a bare brazier (10) or a water brazier
    (15), not oil (20) nor lead (25)."""
    state = start(_setup())
    assert _named(state, "buy") == [
        Option("buy", Side.BESIEGED, targets=("stones", "rock", "brazier", "brazier_water"))
    ]
    assert [r.message for r in problems(state, a.Buy(Side.BESIEGED, "brazier_oil"))] == [
        "over_engine_budget (side=besieged, points=50, item=brazier_oil, cost=20, spent=35)"
    ]
    assert not problems(state, a.Buy(Side.BESIEGED, "brazier_water"))


def test_one_siege_tower_per_full_1000_army_points() -> None:
    """§14.1: « Tour de siège = 70 points (une tour par tranche de 1000 pts) »: a 1,500-point army has its one
    tower already; 125 of its 200 points are left, enough for another, which it may not buy."""
    state = _field(_setup(army=1500))
    assert _named(state, "buy") == [Option("buy", Side.BESIEGER, targets=("ladder", "ram", "covered_ram", "brazier"))]
    assert problems(state, a.Buy(Side.BESIEGER, "siege_tower"))[0].clause == "§14.1"
    two = _field(_setup(army=2000))
    assert "siege_tower" in _named(two, "buy")[0].targets


def test_what_the_besieger_buys_in_his_part_comes_onto_the_table() -> None:
    """§16: « ainsi que tous les engins de siège »: a ram bought is taken up by 6 to 10 models (§7.2.1), a ladder
    lies below the wall of the battle's ladders, a second siege tower (2,000 points, §14.1) waits to be deployed."""
    state = _play(
        _field(),
        a.Buy(Side.BESIEGER, "ram"),
        a.Buy(Side.BESIEGER, "ladder"),
        a.Buy(Side.BESIEGER, "siege_tower"),
    )
    assert [r.id for r in state.rams] == ["R1"]
    assert state.ladder("L2") == Ladder("L2", "W3", raised=False)
    assert [(t.id, t.section) for t in state.siege_towers] == [("ST1", None), ("ST2", None)]
    assert [o.where for o in _named(state, "place_tower")] == ["siege_tower:ST1", "siege_tower:ST2"]
    assert any(o.where == "ram:R1" for o in _named(state, "carry_ram"))
    carried = _play(state, a.CarryRam("R1", ORCS[:6]))
    assert carried.ram("R1").carriers == ORCS[:6]
    # 70 + 5 + 30 + 8 + 70 of 200 spent: 17 left, for a ladder or a brazier; the two towers 2,000 points allow
    assert _named(state, "buy") == [Option("buy", Side.BESIEGER, targets=("ladder", "brazier"))]


# ---- deploying (§16, §1.7, §3.2.3) ---------------------------------------------------------------------------------


def test_the_besieged_deploys_one_section_at_a_time_within_its_quota() -> None:
    """§1.7: a wall-walk holds 15 of a side: W3 with 13 has room for 2 more, whichever two; « La cavalerie [...] »
    stands in the courtyards only (§3.2.3): the knights are offered the courtyards, not the walls."""
    state = start(_setup())
    deploys = {o.where: o for o in _named(state, "deploy")}
    assert list(deploys) == list(SECTIONS)
    assert deploys["W3"] == Option("deploy", Side.BESIEGED, "W3", GUARD, ("W3",), most=2)
    assert deploys["W1"] == Option("deploy", Side.BESIEGED, "W1", (*DEFENDERS, *GUARD), ("W1",), most=15)
    # C1 holds 4 of its 30: the 13 men and the 2 knights (ratio 2 each) all fit
    assert deploys["C1"] == Option("deploy", Side.BESIEGED, "C1", (*DEFENDERS, *KNIGHTS), ("C1",), most=15)
    assert all(_accepted(state, o) for o in deploys.values())
    two = _play(state, a.Deploy("g3", "W3"), a.Deploy("g4", "W3"))
    assert problems(two, a.Deploy("g1", "W3"))[0].clause == "§1.7"
    assert problems(state, a.Deploy("k1", "W1"))[0].clause == "§3.2.3"


def test_the_courtyards_troops_are_deployed_last_in_the_courtyards() -> None:
    """§16: « L'assiégé déploie ensuite toutes ses troupes dans la cour intérieure »: in its last part the besieged
    moves the courtyards' troops from one courtyard to another; those on the walls stand deployed."""
    state = _courtyards()
    deploys = {o.where: o for o in _named(state, "deploy")}
    assert deploys == {
        "C1": Option("deploy", Side.BESIEGED, "C1", KNIGHTS, ("C1",)),
        "C2": Option("deploy", Side.BESIEGED, "C2", GUARD, ("C2",)),
        "C3": Option("deploy", Side.BESIEGED, "C3", (*KNIGHTS, *GUARD), ("C3",)),
    }
    assert all(_accepted(state, o) for o in deploys.values())
    assert problems(state, a.Deploy("d1", "C1"))[0].clause == "§16"
    assert problems(state, a.Deploy("g1", "W1"))[0].clause == "§16"


# ---- the besieger's engines (§7.3, §9.1.1, §10.1) ------------------------------------------------------------------


def test_a_siege_tower_paid_for_is_deployed_with_its_crew_then_pushed_to_a_wall() -> None:
    """§16: the tower deploys with the besieger, 40 cm or more from the walls; §7.3.1: « Les membres d'équipage
    sont à l'intérieur de la tour »; §7.3.4: it holds 15 (the ogre counts 2, so 14 models); §7.3.3: its crew pushes
    it, and against a wall it lets 4 a turn onto the rampart."""
    state = _field()
    (option,) = _named(state, "place_tower")
    assert option == Option("place_tower", Side.BESIEGER, "siege_tower:ST1", (*ORCS, *ARCHERS, "og1"), most=14)
    crew = option.actors[:14]
    state = _play(state, choose(state, option, crew, None))
    assert state.siege_tower("ST1") == SiegeTower("ST1", None, crew=crew)
    assert {str(state.model(m).place) for m in crew} == {"siege_tower:ST1"}
    assert _named(state, "place_tower") == []
    state = _play(state, a.EndPhase(), a.EndPhase(), a.EndTurn(), a.EndPhase())
    assert (state.active, state.phase) == (Side.BESIEGER, Phase.MOVEMENT)
    # §7.3.3: « Une tour de siège se déplace de 20 cm maximum »: towards the walls, or onto a rampart
    toward, push = _named(state, "push_tower")
    assert toward == Option("push_tower", Side.BESIEGER, "siege_tower:ST1", numbers=(("distance", 1, 20),))
    assert push == Option(
        "push_tower", Side.BESIEGER, "siege_tower:ST1", targets=RAMPARTS, numbers=(("distance", 1, 20),)
    )
    state = _play(state, choose(state, push, (), "W2"))
    assert state.siege_tower("ST1").section == "W2"
    assert not problems(state, a.Move(crew[:4], "W2"))


def test_a_tower_with_fewer_than_8_crew_stands_still() -> None:
    """§7.3.3: « Si la tour a moins de 8 membres, elle est immobilisée »: 7 crew, no push offered; 8, a push."""
    for crew, pushed in ((7, False), (8, True)):
        state = _play(_field(), a.PlaceTower("ST1", ORCS[:crew]), a.EndPhase(), a.EndPhase(), a.EndTurn())
        state = _play(state, a.EndPhase())
        assert bool(_named(state, "push_tower")) is pushed


def test_a_belfry_starts_at_its_distance_and_is_not_placed_as_a_tower() -> None:
    """001 §4.1, R16: a belfry starts at its own distance from its wall: it is not deployed as a siege tower, and a
    battle of belfries buys none in the set-up step (its line comes from the battle's set-up)."""
    state = _field(_setup(belfry=True, belfries=(Belfry("ST1", "W3", 4),)))
    assert _named(state, "place_tower") == []
    assert problems(state, a.PlaceTower("ST1", ORCS[:10]))[0].clause == "R16"
    assert "siege_tower" not in _named(state, "buy")[0].targets
    assert problems(state, a.Buy(Side.BESIEGER, "siege_tower"))[0].clause == "R16"


def test_the_mine_takes_six_models_of_unit_strength_1() -> None:
    """§10.1: « Le joueur assiégeant désigne 6 figurines ayant une PU de 1 (pas de cavalerie, de monstre ni de
    créatures de plus de 3 mètres de haut) qu'il peut prélever sur n'importe quel régiment »: the orcs and archers,
    not the ogre; exactly six."""
    state = _field()
    assert _named(state, "start_mine") == [
        Option(
            "start_mine", Side.BESIEGER, actors=(*ORCS, *ARCHERS), targets=("foundations", "tunnel"), least=6, most=6
        )
    ]
    assert all(_accepted(state, o) for o in _named(state, "start_mine"))
    assert problems(state, a.StartMine(MineGoal.TUNNEL, ORCS[:7]))[0].clause == "§10.1"
    few = _field(replace(_setup(), models=tuple(m for m in _setup().models if m.id not in ORCS[:10])))
    assert _named(few, "start_mine") == []  # 2 orcs and 3 archers: 5


def test_a_brazier_goes_to_a_unit_of_shooters_without_one() -> None:
    """§9.1.1, §14.1: one brazier bought, given to the archers; none left to give, none offered; two bought, the
    second only to another unit (« unit 'Archers' already has a brazier »)."""
    state = _field()
    assert _named(state, "give_brazier") == [Option("give_brazier", Side.BESIEGER, targets=("Archers",))]
    given = _play(state, a.GiveBrazier("Archers"))
    assert _named(given, "give_brazier") == []
    two = _play(given, a.Buy(Side.BESIEGER, "brazier"))
    assert _named(two, "give_brazier") == []
    slingers = replace(_setup(), models=(*_setup().models, *besiegers(ARCHER, "field:west", 2, "s", "Slingers")))
    two = _play(_field(slingers), a.GiveBrazier("Archers"), a.Buy(Side.BESIEGER, "brazier"))
    assert _named(two, "give_brazier") == [Option("give_brazier", Side.BESIEGER, targets=("Slingers",))]


# ---- the besieged's engines (§8.1.1, §8.2.1, §10.2) ----------------------------------------------------------------


def test_braziers_are_placed_last_each_with_the_liquid_it_was_bought_with() -> None:
    """§16: « ainsi que ses engins de siège » after the besieger; §8.2.1: two braziers a rampart section at most;
    each brazier bought is placed once, with its liquid (§14.2), so the oil one placed is offered no more."""
    walls = start(_setup())
    assert _named(walls, "place_braziers") == []
    assert problems(walls, a.PlaceBraziers("W3", (Liquid.OIL,)))[0].clause == "§16"
    state = _courtyards()
    assert _named(state, "place_braziers") == [
        Option("place_braziers", Side.BESIEGED, "brazier_water", targets=RAMPARTS),
        Option("place_braziers", Side.BESIEGED, "brazier_oil", targets=RAMPARTS),
    ]
    assert all(_accepted(state, o) for o in _named(state, "place_braziers"))
    oil = _named(state, "place_braziers")[1]
    assert choose(state, oil, (), "T1") == a.PlaceBraziers("T1", (Liquid.OIL,))
    state = _play(state, choose(state, oil, (), "T1"))
    assert _named(state, "place_braziers") == [
        Option("place_braziers", Side.BESIEGED, "brazier_water", targets=RAMPARTS)
    ]
    assert problems(state, a.PlaceBraziers("W1", (Liquid.OIL,)))[0].message == (
        "more_than_bought (side=besieged, item=brazier_oil, bought=1, placed=1, wanted=1)"
    )
    state = _play(state, a.PlaceBraziers("T1", (Liquid.WATER,)), a.Buy(Side.BESIEGED, "brazier"))
    assert _named(state, "place_braziers") == [Option("place_braziers", Side.BESIEGED, "brazier", targets=RAMPARTS[1:])]
    assert choose(state, _named(state, "place_braziers")[0], (), "W1") == a.PlaceBraziers("W1", (None,))


def test_counter_miners_dig_against_the_mine_in_the_besieged_last_part() -> None:
    """§10.2: « Il doit mobiliser a minima 4 figurines selon les mêmes conditions [...] Il peut toutefois en mobiliser
    8 »: the 13 men on W3 and the 4 guards in C1, wherever they stand in the fort (the knights are cavalry), against
    the mine the besieger started in his part."""
    state = _play(_field(), a.StartMine(MineGoal.FOUNDATIONS, ORCS[:6]), a.EndPhase())
    men = (*ids("d", 13), *GUARD)
    assert _named(state, "counter_mine") == [Option("counter_mine", Side.BESIEGED, actors=men, least=4, most=8)]
    assert all(_accepted(state, o) for o in _named(state, "counter_mine"))
    assert _named(_courtyards(), "counter_mine") == []
