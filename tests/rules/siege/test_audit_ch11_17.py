"""Chapters 11–17 of the siege rules (seed 000): sorties, large creatures, flyers, magic, engine costs, heroism,
deployment, game length and the besieger's victory points; each rule allowed and refused, limits at the edge.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.siege.costs import buy, spent
from rules.siege.deployment import deploy
from rules.siege.engines import Budget, Ladder, SiegeTower
from rules.siege.game_length import end_player_turn
from rules.siege.heroism import grant_heroism, heroism_tokens, spend_heroism
from rules.siege.magic import earthquake, protection_applies, ward
from rules.siege.movement import move
from rules.siege.profiles import Special, TroopType
from rules.siege.sorties import sortie
from rules.siege.state import BattleState, Place, Side
from rules.siege.victory import section_control, victory_points
from tests.rules.siege.builders import (
    FORT,
    HARPY,
    MAN,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    refused,
    with_rules,
)

BOLT_THROWER = replace(ORC, name="Bolt thrower", troop_type=TroopType.WAR_MACHINE, points=50)
WIZARD = with_rules(MAN, Special.CHARACTER, name="Wizard")


def _gate_broken(state: BattleState) -> BattleState:
    gate = state.fort.gates_of("C1")[0]
    return state.with_gate(replace(state.gate(gate.id), structure_points=0))


def test_the_besieged_never_go_out_even_through_a_broken_gate() -> None:
    """§11.1: « l'interdiction pour l'assiégé … d'en faire sortir durant la partie, même si la porte principale a
    été enfoncée par l'ennemi »; besiegers come in through it (§2.1.1)."""
    state = _gate_broken(battle(besieged(MAN, "C1", 1), besiegers(ORC, "foot:C1", 1), active=Side.BESIEGED))
    refused(lambda: move(state, ["d1"], "foot:C1", dice()), "§11.1")
    inside = move(replace(state, active=Side.BESIEGER), ["a1"], "C1", dice()).state
    assert inside.model("a1").place == Place.parse("C1")


def test_only_besieged_flyers_sortie_and_only_against_engines() -> None:
    """§11.2: « Les seuls types de troupes de l'assiégé pouvant tenter une sortie sont les volants … Ces derniers
    peuvent uniquement engager des machines de guerre ou des engins »; then besieger units may engage them."""
    state = battle(
        besieged(HARPY, "T1", 2, "h"),
        besieged(MAN, "T1", 1),
        besiegers(BOLT_THROWER, "field:W3", 1, "m"),
        besiegers(ORC, "field:W3", 1),
    )
    out = sortie(state, ["h1", "h2"], "m1")
    assert out.model("h1").place == out.model("m1").place
    assert {("m1", "h1"), ("m1", "h2")} <= out.contacts
    refused(lambda: sortie(state, ["d1"], "m1"), "§11.1")
    refused(lambda: sortie(state, ["h1"], "a1"), "§11.2")


@pytest.mark.parametrize(
    ("caster_inside", "target_in_fort", "shakes_walls", "applies"),
    [
        pytest.param(False, True, False, True, id="§13.2-from-outside-at-the-fort"),
        pytest.param(True, True, False, False, id="§13.2-caster-on-a-section"),
        pytest.param(False, False, False, False, id="§13.2-target-outside"),
        pytest.param(False, True, True, False, id="§13.2-earthquake-not-stopped"),
    ],
)
def test_when_the_walls_protection_applies(
    caster_inside: bool, target_in_fort: bool, shakes_walls: bool, applies: bool
) -> None:
    """§13.2: « Tous les sorts lancés de l'extérieur du château vers le château peuvent être dissipés sur 5 + »;
    « n'est plus active dès lors que le lanceur de sort assiégeant se trouve sur une section »; earthquakes and
    the like « ne peuvent pas être dissipés »."""
    assert (
        protection_applies(caster_inside=caster_inside, target_in_fort=target_in_fort, shakes_walls=shakes_walls)
        is applies
    )


@pytest.mark.parametrize(("roll", "dispelled"), [(4, False), (5, True), (6, True)])
def test_the_walls_dispel_on_5_even_irresistible(roll: int, dispelled: bool) -> None:
    """§13.2: « dissipés sur 5 + … même sur les sorts lancés avec un pouvoir irrésistible »; the besieged's own
    wizards are never affected."""
    state = battle(besiegers(WIZARD, "field:W3", 1, "w"), besieged(WIZARD, "T1", 1, "v"))
    events = ward(state, state.model("w1"), True, dice(roll), irresistible=True).events
    assert events[0].kind == ("ward_dispels" if dispelled else "ward_fails")
    assert (events[0].params["roll"], events[0].params["irresistible"]) == (roll, True)
    refused(lambda: ward(state, state.model("v1"), True, dice(6)), "§13.2")
    inside = state.with_models({"w1": replace(state.model("w1"), place=Place.parse("W3"))})
    refused(lambda: ward(inside, inside.model("w1"), True, dice(6)), "§13.2")


def test_an_earthquake_is_a_strength_10_hit_of_d6_damage() -> None:
    """§13.2: « Ils provoquent une touche de Force 10 causant 1D6 dommages sur une section/niveau »: S10 + 3 on an
    undamaged wall scores 13, shaken (Table 3, R5). A besieger wizard casts it."""
    state = earthquake(battle(besiegers(WIZARD, "field:W3", 1, "w")), "W3", dice(3)).state
    assert state.works_of("W3").damage == 1


@pytest.mark.parametrize(
    ("side", "item", "cost"),
    [
        pytest.param(Side.BESIEGER, "ladder", 8, id="§14.1-ladder-8"),
        pytest.param(Side.BESIEGER, "ram", 30, id="§14.1-ram-30"),
        pytest.param(Side.BESIEGER, "covered_ram", 40, id="§14.1-covered-ram-40"),
        pytest.param(Side.BESIEGER, "siege_tower", 70, id="§14.1-siege-tower-70"),
        pytest.param(Side.BESIEGER, "brazier", 5, id="§14.1-brazier-5"),
        pytest.param(Side.BESIEGED, "stones", 3, id="§14.2-stones-3"),
        pytest.param(Side.BESIEGED, "rock", 6, id="§14.2-rock-6"),
        pytest.param(Side.BESIEGED, "brazier", 10, id="§14.2-bare-brazier-10"),
        pytest.param(Side.BESIEGED, "brazier_water", 15, id="§14.2-brazier-and-water-10+5"),
        pytest.param(Side.BESIEGED, "brazier_oil", 20, id="§14.2-brazier-and-oil-10+10"),
        pytest.param(Side.BESIEGED, "brazier_lead", 25, id="§14.2-brazier-and-lead-10+15"),
    ],
)
def test_engine_costs_at_the_edge_of_the_budget(side: Side, item: str, cost: int) -> None:
    """§14.1, §14.2, R14: a budget of exactly the cost buys the item, one point less does not; the besieged has 50
    points more for free (« le joueur assiégé bénéficie de 50 points de dépenses gratuites »), spent here first on
    two braziers of molten lead."""
    before = ("brazier_lead", "brazier_lead") if side is Side.BESIEGED else ()
    exact = replace(battle(), budgets=((side, Budget(cost, 3000, before)),))
    budget = buy(exact, side, item).budget(side)
    assert budget is not None
    assert spent(side, budget) == cost + (50 if side is Side.BESIEGED else 0)
    short = replace(battle(), budgets=((side, Budget(cost - 1, 3000, before)),))
    refused(lambda: buy(short, side, item), "§14")


def test_the_besieged_brazier_alone_is_for_flaming_shots() -> None:
    """§14.2: « Brasier = 10 points », then « Avec eau bouillante = 5 points »…: the bare brazier, for flaming
    missiles (§9.1.2), is on the besieged's list; the besieger cannot buy the besieged's stones."""
    state = replace(battle(), budgets=((Side.BESIEGED, Budget(0, 1500)), (Side.BESIEGER, Budget(100, 2000))))
    for _ in range(5):
        state = buy(state, Side.BESIEGED, "brazier")
    refused(lambda: buy(state, Side.BESIEGED, "brazier"), "§14")  # 50 free points: five braziers, not six
    refused(lambda: buy(state, Side.BESIEGER, "stones"), "§14")


def test_one_siege_tower_per_full_thousand_points() -> None:
    """§14.1: « Tour de siège = 70 points (une tour par tranche de 1000 pts) »: 1999 points buy one, 2000 two."""
    state = replace(battle(), budgets=((Side.BESIEGER, Budget(500, 1999)),))
    state = buy(state, Side.BESIEGER, "siege_tower")
    refused(lambda: buy(state, Side.BESIEGER, "siege_tower"), "§14.1")
    state = replace(battle(), budgets=((Side.BESIEGER, Budget(500, 2000)),))
    assert buy(buy(state, Side.BESIEGER, "siege_tower"), Side.BESIEGER, "siege_tower").budget(Side.BESIEGER)


@pytest.mark.parametrize(
    ("open_field", "siege", "tokens"),
    [
        pytest.param(2000, 1500, 1, id="§15-the-seed-example-500-lost-1-token"),
        pytest.param(2000, 1701, 0, id="§15-299-lost-none"),
        pytest.param(2000, 1700, 1, id="§15-300-lost-1"),
        pytest.param(2000, 1400, 2, id="§15-600-lost-2"),
        pytest.param(1500, 2000, 0, id="§15-more-in-the-siege-none"),
    ],
)
def test_heroism_tokens_per_full_300_points(open_field: int, siege: int, tokens: int) -> None:
    """§15: « Pour chaque tranche de 300 points dont aurait du bénéficier l'assiégé … il gagne 1 pion », R13."""
    assert heroism_tokens(open_field, siege) == tokens


def test_heroism_tokens_are_spent_one_by_one() -> None:
    """§15: the besieged's tokens (« Cette règle ne joue que pour l'assiégé »), spent until none is left."""
    state = grant_heroism(battle(), 2000, 1400)
    state = spend_heroism(spend_heroism(state))
    assert state.heroism_tokens == 0
    refused(lambda: spend_heroism(state), "§15")


def test_deployment_order_and_first_turn() -> None:
    """§16: the besieged on everything but the courtyards first, the besieger « à 40 cm au moins des remparts
    ainsi que tous les engins de siège », then the courtyards; « L'assiégé obtient le premier tour »."""
    state = deploy(
        FORT,
        walls=besieged(MAN, "W1", 2),
        besiegers=besiegers(ORC, "field:W3", 3),
        courtyards=besieged(MAN, "C2", 2, "c"),
        ladders=[Ladder("L1", "W3", raised=False)],
    )
    assert state.active is Side.BESIEGED
    assert state.turn == 1
    refused(
        lambda: deploy(FORT, walls=besieged(MAN, "C1", 1), besiegers=[], courtyards=[]), "§16"
    )  # courtyards come last
    refused(lambda: deploy(FORT, walls=[], besiegers=besiegers(ORC, "foot:W3", 1), courtyards=[]), "§16")
    refused(lambda: deploy(FORT, walls=[], besiegers=[], courtyards=besieged(MAN, "W1", 1)), "§16")
    refused(lambda: deploy(FORT, walls=[], besiegers=[], courtyards=[], siege_towers=[SiegeTower("ST1", "W2")]), "§16")


@pytest.mark.parametrize(("roll", "over"), [(4, False), (5, True), (6, True)])
def test_the_game_may_end_after_the_besiegers_turn_5(roll: int, over: bool) -> None:
    """§16: « à la fin du tour 5 de l'assiégeant, le joueur assiégé tire 1D6. Sur 5 ou 6, la partie prend fin
    immédiatement », R10; otherwise it ends after turn 6."""
    state = replace(battle(), turn=5)
    after = end_player_turn(state, dice(roll, 1, 1)).state
    assert after.over is over
    if not over:
        assert after.last_turn == 6
        sixth = end_player_turn(replace(after, active=Side.BESIEGER, turn=6), dice(1, 1)).state
        assert sixth.over


def test_no_roll_before_turn_5_nor_after_the_besieged_turn() -> None:
    """§16: the roll is at the end of the besieger's turn 5 only."""
    assert not end_player_turn(replace(battle(), turn=4), dice(6, 1, 1)).state.over
    besieged_turn = end_player_turn(replace(battle(active=Side.BESIEGED), turn=5), dice(6, 1, 1)).state
    assert not besieged_turn.over
    assert besieged_turn.last_turn is None


def test_control_takes_ten_to_one_in_unit_strength() -> None:
    """§17.1 note 1: « une différence de puissance d'unité d'au moins 10 contre 1 », R11: 10 to 1 controls, 9 to 1
    does not; fleeing models count for nothing."""
    assert section_control(battle(besiegers(ORC, "W3", 10), besieged(MAN, "W3", 1)), "W3") is Side.BESIEGER
    assert section_control(battle(besiegers(ORC, "W3", 9), besieged(MAN, "W3", 1)), "W3") is None
    state = battle(besiegers(ORC, "W3", 2), besieged(MAN, "W3", 1))
    state = state.with_models({"d1": replace(state.model("d1"), fleeing=True)})
    assert section_control(state, "W3") is Side.BESIEGER


@pytest.mark.parametrize(
    ("section", "category", "points"),
    [
        pytest.param("W3", "wall_walk", 2, id="§17.1-rampart-2"),
        pytest.param("T3", "tower", 3, id="§17.1-tower-3"),
        pytest.param("C2", "courtyard", 4, id="§17.1-courtyard-4"),
    ],
)
def test_the_besieger_scores_each_section_he_controls(section: str, category: str, points: int) -> None:
    """§17.1: « 2 points pour chaque section de rempart contrôlée », « 3 points pour une section de tour »,
    « 4 points pour chaque section de cour intérieure »."""
    assert victory_points(battle(besiegers(ORC, section, 1))).besieger[category] == points
    assert victory_points(battle(besiegers(ORC, section, 9), besieged(MAN, section, 1))).besieger[category] == 0


def test_the_besieger_scores_the_gates_and_each_breach() -> None:
    """§17.1: « 3 points pour une section de porte principale », « 2 points pour une section de porte
    secondaire », « 5 points pour une brèche faite dans un rempart », whoever holds the breach afterwards."""
    postern = next(g.section for g in FORT.gates if g.kind.value == "postern")
    state = battle(besiegers(ORC, "C1", 1), besiegers(ORC, postern, 1, "p"), besieged(MAN, "W3", 1))
    state = state.with_works(replace(state.works_of("W3"), collapsed=True))
    points = victory_points(state).besieger
    assert (points["main_gate"], points["postern"], points["breach"]) == (3, 2, 5)


def test_the_besieger_scores_units_general_and_battle_standard() -> None:
    """§17.1: « 1 point pour chaque tranche de 100 points d'armée d'une unité assiégée en fuite ou détruite »,
    « 2 points pour avoir tué ou mis en fuite le général », « 1 pour une Grande bannière »: 199 points are 1."""
    general = with_rules(replace(MAN, points=99), Special.GENERAL, Special.CHARACTER, name="General")
    bearer = with_rules(replace(MAN, points=100), Special.BATTLE_STANDARD, name="Bearer")
    state = battle(
        besieged(replace(MAN, points=199), "W1", 1, "u", "Guard"),
        besieged(general, "W1", 1, "g", "General"),
        besieged(bearer, "W1", 1, "b", "Bearer"),
        besieged(replace(MAN, points=100), "W2", 2, "k", "Kept"),
    )
    state = state.with_models({"u1": None, "g1": None, "b1": replace(state.model("b1"), fleeing=True), "k1": None})
    points = victory_points(state).besieger
    assert (points["units"], points["general"], points["battle_standard"]) == (1 + 0 + 1, 2, 1)
