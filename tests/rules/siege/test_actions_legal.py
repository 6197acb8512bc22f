"""What may be played now, against hand-listed menus: at the start of a standard siege and after a few actions."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege.battle import Setup, start
from rules.siege.board.engines import Ladder, Ram, SiegeTower
from rules.siege.board.fort import standard_fort
from rules.siege.board.state import BattleState, Phase, Side
from rules.siege.game import Option, apply, choose, menu_options, problems
from tests.rules.siege.builders import ARCHER, MAN, ORC, RAMPARTS, besieged, besiegers, set_up

SECTIONS = (*RAMPARTS, "C1", "C2", "C3", "S1")
BESIEGERS = ("o1", "o2", "o3", "o4", "o5", "o6", "o7", "o8", "b1", "b2")
DEFENDERS = ("d1", "d2", "d3", "d4", "d5", "x1", "x2", "x3", "g1", "g2", "g3", "g4", "g5", "g6")
GUARD = ("g1", "g2", "g3", "g4", "g5", "g6")
BESIEGED_ITEMS = ("stones", "rock", "brazier", "brazier_water", "brazier_oil", "brazier_lead")


def _standard_siege() -> BattleState:
    """§16: the besieged on the walls and in the courtyard behind the main gate, the besieger on the field with a
    ladder lying below W3, a ram and a siege tower; engine budgets spent on a ladder and stones (§14).
    """
    models = (
        *besieged(MAN, "W3", 5, "d"),
        *besieged(ARCHER, "T3", 3, "x"),
        *besieged(MAN, "C1", 6, "g"),
        *besiegers(ORC, "field:east", 8, "o"),
        *besiegers(ARCHER, "field:east", 2, "b"),
    )
    setup = Setup(
        standard_fort(1500),
        models,
        ladders=(Ladder("L1", "W3", raised=False),),
        rams=(Ram("R1"),),
        siege_towers=(SiegeTower("ST1", None),),
        budgets=((Side.BESIEGER, 100, 1500), (Side.BESIEGED, 20, 1500)),
        purchases=((Side.BESIEGER, "ladder"), (Side.BESIEGED, "stones")),
        heroism_tokens=1,
    )
    return start(setup)


def test_the_menu_of_the_setup() -> None:
    """§16, each side in its part: « L'assiégé déploie toutes ses unités en premier à l'exception des troupes situées
    dans les sections de cour intérieure »: the besieged buys (§14) and deploys on any section with room (one entry a
    section, §1.7), and ends its part. « L'assiégeant déploie toutes ses unités en second à 40 cm au moins des
    remparts ainsi que tous les engins de siège »: the besieger buys, deploys on the field, deploys his siege tower
    with its crew (§7.3.1), starts a mine with 6 models (§10.1), takes up his ladder and ram (§7.1.3, §7.2.1).
    « L'assiégé déploie ensuite toutes ses troupes dans la cour intérieure ainsi que ses engins de siège »: the
    courtyards' troops from one courtyard to another, the stones bought put on a rampart (§8.1.1).
    """
    dice = Dice(seed=1)
    state = _standard_siege()
    everyone = (*DEFENDERS,)
    walls = [Option("buy", Side.BESIEGED, targets=BESIEGED_ITEMS)]
    for section in SECTIONS:
        here = {"W3": ("d1", "d2", "d3", "d4", "d5"), "T3": ("x1", "x2", "x3"), "C1": GUARD}.get(section, ())
        movers = tuple(m for m in everyone if m not in here)
        room = (30 if section.startswith("C") else 15) - len(here)
        walls.append(Option("deploy", Side.BESIEGED, section, movers, (section,), most=min(len(movers), room)))
    assert menu_options(state) == [*walls, Option("end_phase", Side.BESIEGED)]

    state = apply(state, a.EndPhase(), dice).state
    assert menu_options(state) == [
        Option("buy", Side.BESIEGER, targets=("ladder", "ram", "covered_ram", "siege_tower", "brazier")),
        Option("deploy", Side.BESIEGER, actors=BESIEGERS, targets=("field:east",)),
        Option("place_tower", Side.BESIEGER, "siege_tower:ST1", BESIEGERS),
        Option("start_mine", Side.BESIEGER, actors=BESIEGERS, targets=("foundations", "tunnel"), least=6, most=6),
        Option("pick_up_ladder", Side.BESIEGER, "ladder:L1", BESIEGERS, least=2, most=6),
        Option("carry_ram", Side.BESIEGER, "ram:R1", BESIEGERS, least=6, most=10),
        Option("end_phase", Side.BESIEGER),
    ]

    state = apply(state, a.EndPhase(), dice).state
    assert menu_options(state) == [
        Option("buy", Side.BESIEGED, targets=BESIEGED_ITEMS),
        Option("deploy", Side.BESIEGED, "C2", GUARD, ("C2",)),
        Option("deploy", Side.BESIEGED, "C3", GUARD, ("C3",)),
        Option("allocate_ammunition", Side.BESIEGED, targets=RAMPARTS),
        Option("end_phase", Side.BESIEGED),
    ]
    state = apply(state, a.EndPhase(), dice).state
    assert (state.turn, state.active, state.phase) == (1, Side.BESIEGED, Phase.MOVEMENT)


def test_the_menu_of_the_besieged_first_movement() -> None:
    """§16 the besieged plays first; §2.1.1 one section a turn along the walls, into the courtyard or up the stairs,
    two in the courtyard (« les figurines peuvent se déplacer de deux cases sections en un tour dans une cour
    intérieure seulement »: C1 to C3 through C2); §6.4 reinforcing the main gate from its courtyard, two models at
    least (« tant que deux figurines au moins se tiennent dans la section »); no block, §6.3.5 « La porte principale
    peut être bloquée seulement par une grande créature avec quota d'occupation de 2 »; §15 a heroism token.
    """
    state = set_up(_standard_siege())
    assert (state.turn, state.active, state.phase) == (1, Side.BESIEGED, Phase.MOVEMENT)
    assert menu_options(state) == [
        Option("move", Side.BESIEGED, "W3", ("d1", "d2", "d3", "d4", "d5"), ("T3", "T4")),
        Option("move", Side.BESIEGED, "T3", ("x1", "x2", "x3"), ("W2", "W3")),
        Option("move", Side.BESIEGED, "C1", GUARD, ("C2", "S1", "C3")),
        Option("reinforce_gate", Side.BESIEGED, "gate:G1", GUARD, least=2),
        Option("spend_heroism", Side.BESIEGED),
        Option("end_phase", Side.BESIEGED),
        Option("end_turn", Side.BESIEGED),
    ]


def test_the_menu_after_a_few_actions() -> None:
    """The besieged moves two men and ends his turn; the besieger's sappers have no mine (§10.3); four orcs cross
    the field to the foot of W3 (§16) and pick up the ladder lying there (§7.1.3): they may raise it against W3,
    where they stand, 2 to 4 of them climbing at once or none (§7.1.4, §7.1.5), or drop it (§7.1.2); the others may
    follow to the foot of any wall or gate, or take up the ram, all six of them (§7.2.1). Once the ladder is up with
    climbers, the besieged on W3 push it back, 1 to 3 of them, or let it go (§7.1.6, R33), and the step does not end
    before they decide; nobody blocks it before a push-back was tried (§7.1.7).
    """
    dice = Dice(seed=1)
    state = set_up(_standard_siege(), dice)
    state = apply(state, a.Move(("d1", "d2"), "T4"), dice).state
    state = apply(state, a.EndTurn(), dice).state
    assert (state.active, state.phase) == (Side.BESIEGER, Phase.SAPPERS)
    assert menu_options(state) == [
        Option("spend_heroism", Side.BESIEGED),
        Option("end_phase", Side.BESIEGER),
        Option("end_turn", Side.BESIEGER),
    ]
    state = apply(state, a.EndPhase(), dice).state
    carriers = ("o1", "o2", "o3", "o4")
    state = apply(state, a.Move(carriers, "foot:W3"), dice).state
    state = apply(state, a.PickUpLadder("L1", carriers), dice).state
    rest = ("o5", "o6", "o7", "o8", "b1", "b2")
    feet = tuple(f"foot:{s}" for s in (*RAMPARTS, "C1", "C3"))
    assert menu_options(state) == [
        Option("move", Side.BESIEGER, "field:east", rest, feet),
        Option("drop_ladder", Side.BESIEGER, "ladder:L1", carriers),
        Option("carry_ram", Side.BESIEGER, "ram:R1", rest, least=6, most=6),
        Option("erect_ladder", Side.BESIEGER, "ladder:L1", carriers, ("W3",), least=2, most=4),
        Option("erect_ladder", Side.BESIEGER, "ladder:L1", targets=("W3",)),
        Option("spend_heroism", Side.BESIEGED),
        Option("end_phase", Side.BESIEGER),
        Option("end_turn", Side.BESIEGER),
    ]
    raised = apply(state, choose(state, menu_options(state)[3], carriers, "W3"), dice).state
    assert raised.ladder("L1").raised
    pushes = [o for o in menu_options(raised) if o.side is Side.BESIEGED and o.name != "spend_heroism"]
    assert pushes == [
        Option("push_back", Side.BESIEGED, "ladder:L1", ("d3", "d4", "d5"), least=1, most=3),
        Option("forgo_push_back", Side.BESIEGED, "ladder:L1"),
    ]
    assert not {"end_phase", "end_turn"} & {o.name for o in menu_options(raised)}
    assert problems(raised, choose(raised, pushes[0], ("d3", "d4"), None)) == []


def test_nothing_is_offered_once_the_siege_is_over() -> None:
    """§16."""
    assert menu_options(replace(_standard_siege(), over=True)) == []


def test_the_stones_bought_go_on_a_rampart_and_are_thrown_at_the_end_of_the_besiegers_movement() -> None:
    """§8.1.1 the besieged allocates the tokens he bought after deploying, §8.1.2 thrown from the ramparts at the
    end of a movement phase on the besiegers below.
    """
    dice = Dice(seed=1)
    state = _standard_siege()
    # §16: « ensuite [...] ainsi que ses engins de siège », once the besieger has deployed
    assert problems(state, a.AllocateAmmunition("W3", stones=1))[0].clause == "§16"
    state = apply(apply(state, a.EndPhase(), dice).state, a.EndPhase(), dice).state
    assert problems(state, a.AllocateAmmunition("C1", stones=1))[0].clause == "§8.1.2"
    state = apply(state, choose(state, Option("allocate_ammunition", Side.BESIEGED), (), "W3"), dice).state
    assert state.works_of("W3").stones == 1
    refused = problems(state, a.AllocateAmmunition("W2", stones=1))
    assert [(r.clause, r.code, dict(r.params)) for r in refused] == [
        ("§8.1.1", "ammunition_not_bought", {"item": "stones", "bought": 1, "placed": 1, "wanted": 1})
    ]
    assert "allocate_ammunition" not in [o.name for o in menu_options(state)]
    for action in (a.EndPhase(), a.EndTurn(), a.EndPhase(), a.Move(("o1", "o2"), "foot:W3")):
        state = apply(state, action, dice).state
    # §8.1.2: one of them throws the basket of stones
    stones = Option("throw_stones", Side.BESIEGED, "W3", ("d1", "d2", "d3", "d4", "d5"), ("o1", "o2"), most=1)
    assert stones in menu_options(state)


def test_a_menu_entry_goes_to_json_for_a_page() -> None:
    state = set_up(_standard_siege())
    assert menu_options(state)[0].to_json() == {
        "action": "move",
        "side": "besieged",
        "where": "W3",
        "actors": ["d1", "d2", "d3", "d4", "d5"],
        "targets": ["T3", "T4"],
        "least": 1,
        "most": 5,
        "numbers": [],
    }
