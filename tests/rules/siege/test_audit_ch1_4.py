"""Chapters 1–4 of the siege rules (seed 000), clause by clause: each rule allowed and refused, limits at the edge."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.siege.blocking import block
from rules.siege.fort import (
    Connection,
    ConnectionKind,
    FortLayout,
    Gate,
    GateKind,
    Section,
    SectionKind,
    standard_fort,
)
from rules.siege.ladders import forgo_push_back
from rules.siege.melee import fight, to_hit_need
from rules.siege.melee import strength as melee_strength
from rules.siege.morale import hold, leadership_groups, retreat
from rules.siege.movement import move
from rules.siege.profiles import Special, Weapon
from rules.siege.psychology import PanicCause, panic_test
from rules.siege.shooting import shoot
from rules.siege.state import BattleState, Place, Side, TurnLog, new_battle
from tests.rules.siege.builders import (
    ARCHER,
    GIANT,
    KNIGHT,
    MAN,
    OGRE,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    ids,
    lost,
    refused,
    with_rules,
)

HERO = with_rules(MAN, Special.CHARACTER, name="Captain")


def _with_service_door(fort: FortLayout) -> FortLayout:
    return replace(fort, connections=(*fort.connections, Connection("C1", "C3", ConnectionKind.SERVICE_DOOR)))


def test_service_doors_exist_only_when_the_layout_has_them() -> None:
    """§1.3.3: « Elles ne figurent dans un siège que si les PJ décident d'adopter les règles de combats
    d'intérieur »: the standard fort has none; a layout that draws one lets 6 models a turn through it (§2.1.1)."""
    plain = standard_fort(1500)
    assert not [c for c in plain.connections if c.kind is ConnectionKind.SERVICE_DOOR]
    refused(
        lambda: move(battle(besieged(MAN, "C1", 1), active=Side.BESIEGED), ["d1"], "C3", dice()),
        "§2.1.1",
    )
    state = new_battle(_with_service_door(plain), besieged(MAN, "C1", 7))
    moved = move(state, ids("d", 6), "C3", dice()).state
    assert len(moved.at("C3")) == 6
    refused(lambda: move(moved, ["d7"], "C3", dice()), "§2.1.1")


def test_movement_is_one_adjacent_section_whatever_the_characteristic() -> None:
    """§2.1: « la caractéristique Mouvement est ignorée » and « toute figurine … peut se déplacer vers une autre
    section/niveau adjacente »: a slow model in heavy armour goes one section, a fast one no further."""
    slow = replace(MAN, name="Slow", m=3, save=4)
    fast = replace(MAN, name="Fast", m=9)
    state = battle(besieged(slow, "W1", 1, "s"), besieged(fast, "W1", 1, "f"), active=Side.BESIEGED)
    state = move(state, ["s1"], "T2", dice()).state
    assert str(state.model("s1").place) == "T2"
    refused(lambda: move(state, ["f1"], "W2", dice()), "§2.1.1")  # W1 → W2 crosses T2: not adjacent
    state = move(state, ["f1"], "T2", dice()).state
    refused(lambda: move(state, ["f1"], "W2", dice()), "§2.1")  # one section a turn


def test_no_one_enters_a_section_at_its_quota() -> None:
    """§2.1.2: « Des figurines ne peuvent pas se rendre sur une section/niveau déjà occupée par le quota maximum
    de troupes »: a wall-walk with 14 besieged takes a 15th, not a 16th (§1.7)."""
    state = battle(besieged(MAN, "W2", 14), besieged(MAN, "T2", 2, "m"), active=Side.BESIEGED)
    state = move(state, ["m1"], "W2", dice()).state
    assert len(state.at("W2", Side.BESIEGED)) == 15
    refused(lambda: move(state, ["m2"], "W2", dice()), "§1.7")


def test_no_manoeuvre_and_no_charge_angle() -> None:
    """§2.1.3: « Les unités ne peuvent pas manœuvrer … Les figurines n'ont pas besoin d'avoir d'angles de charge »:
    models of one unit split up and charge two sections on either side in the same turn, whatever their facing;
    cavalry still keeps to the courtyards (§3.2.3)."""
    state = battle(
        besieged(MAN, "C2", 4, unit="regiment"),
        besiegers(ORC, "C1", 1, "x"),
        besiegers(ORC, "C3", 1, "y"),
        active=Side.BESIEGED,
    )
    state = move(state, ["d1", "d2"], "C1", dice()).state
    state = move(state, ["d3", "d4"], "C3", dice()).state
    assert {str(state.model(i).place) for i in ids("d", 4)} == {"C1", "C3"}
    assert {"d1", "d2", "d3", "d4"} <= state.turn_log.charged
    knights = battle(besieged(KNIGHT, "C1", 1), active=Side.BESIEGED)
    refused(lambda: move(knights, ["d1"], "S1", dice()), "§3.2.3")


def test_heroes_fight_like_any_model_without_challenges() -> None:
    """§3.2.5: « les règles de défi ne s'appliquent plus. Libre aux joueurs d'engager les héros en 1 contre 1 »: a
    hero may be ganged up on like a trooper, 4 against 1 at most (§3.2.1), and may not refuse the fight."""
    state = battle(besiegers(ORC, "W1", 5), besieged(HERO, "W1", 1, "h"), besieged(MAN, "W1", 4))
    pairs = [(a, "h1") for a in ids("a", 4)]
    result = fight(state, "W1", pairs, dice(*[1] * 4, *[1] * 1)).state
    assert result.result("W1") is not None
    refused(lambda: fight(state, "W1", [(a, "h1") for a in ids("a", 5)], dice()), "§3.2.1")


def test_disengaging_is_for_the_winners_out_of_contact_to_an_empty_section() -> None:
    """§3.3.1: « les troupes … qui ont gagné le précédent combat, peuvent se rendre sur une autre section/niveau à
    condition qu'il n'y ait pas d'ennemis présents » and « Seules les figurines non engagées au contact peuvent se
    désengager »."""
    won = replace(lost("W1", Side.BESIEGER), settled=True)
    state = battle(
        besieged(MAN, "W1", 3),
        besiegers(ORC, "W1", 1),
        besiegers(ORC, "T1", 1, "t"),
        active=Side.BESIEGED,
        results=[won],
    )
    state = replace(state, contacts=frozenset({("a1", "d1")}))
    left = move(state, ["d2"], "T2", dice()).state
    assert str(left.model("d2").place) == "T2"
    refused(lambda: move(state, ["d1"], "T2", dice()), "§3.3.1")  # in contact
    refused(lambda: move(state, ["d3"], "T1", dice()), "§3.3.1")  # enemies there
    losers = battle(besieged(MAN, "W1", 1), besiegers(ORC, "W1", 1), active=Side.BESIEGED)
    refused(lambda: move(losers, ["d1"], "T2", dice()), "§3.3.1")  # no combat won there


ELF = replace(MAN, name="Elf", ld=9)


def test_troops_may_take_a_characters_leadership_not_must() -> None:
    """§4.1: « les troupes peuvent prendre le Cdt le plus élevé d'un personnage présent sur la section/niveau »: a
    unit whose own leadership is higher tests on its own; the others take the character's."""
    state = battle(
        besieged(HERO, "W1", 1, "h"), besieged(ELF, "W1", 3, "e", "Elves"), besieged(MAN, "W1", 2, "m", "Men")
    )
    # the character and the men test together on Ld 7 (a 9 fails), the elves on their own 9 (a 2 passes)
    tested = panic_test(state, "W1", Side.BESIEGED, PanicCause.CASUALTIES, dice(4, 5, 1, 1), present=6, lost=2)
    after = tested.state
    assert not any(after.model(i).fleeing for i in ids("e", 3) if any(m.id == i for m in after.models))
    assert all(m.fleeing for m in after.models if m.id in {"h1", "m1", "m2"})


def test_without_a_character_each_unit_tests_on_its_own_leadership() -> None:
    """§4.1: « S'il n'y a aucun personnage, les différentes unités testent avec leur propre commandement »."""
    state = battle(besieged(ELF, "W1", 2, "e", "Elves"), besieged(MAN, "W1", 2, "m", "Men"))
    groups = leadership_groups(state, list(state.at("W1", Side.BESIEGED)))
    assert sorted((ld, len(group)) for ld, group in groups) == [(7, 2), (9, 2)]


def test_a_character_lends_a_higher_leadership_to_every_unit() -> None:
    """§4.1: the best character's leadership, « même s'il ne fait pas partie de l'unité », allies included; a
    fleeing character lends nothing."""
    lord = with_rules(replace(MAN, ld=10), Special.CHARACTER, name="Lord")
    state = battle(besieged(lord, "W1", 1, "l"), besieged(ELF, "W1", 2, "e", "Elves"), besieged(MAN, "W1", 2))
    groups = leadership_groups(state, list(state.at("W1", Side.BESIEGED)))
    assert [(ld, len(group)) for ld, group in groups] == [(10, 5)]
    state = state.with_models({"l1": replace(state.model("l1"), fleeing=True)})
    groups = leadership_groups(state, [m for m in state.at("W1", Side.BESIEGED) if not m.fleeing])
    assert sorted((ld, len(group)) for ld, group in groups) == [(7, 2), (9, 2)]


def _with(state: BattleState, **changes: object) -> BattleState:
    return replace(state, turn_log=replace(state.turn_log, **changes))


def test_rallied_troops_do_nothing_this_turn() -> None:
    """§3.4: « Une fois ralliées, elles ne peuvent rien faire »: no move, no fight, no shot, no block this turn."""
    state = battle(
        besieged(ARCHER, "W3", 2), besiegers(ORC, "foot:W3", 1), besiegers(ORC, "W4", 1, "x"), active=Side.BESIEGED
    )
    state = _with(state, rallied=frozenset({"d1"}))
    refused(lambda: shoot(state, ["d1"], ["a1"], dice(6, 6, 6)), "§3.4")
    refused(lambda: move(state, ["d1"], "T4", dice()), "§3.4")
    refused(lambda: block(state, "d1", "ladder:L1"), "§3.4")
    assert shoot(state, ["d2"], ["a1"], dice(1)).state.model("d2").place == Place.parse("W3")


def test_quotas_are_per_side_on_each_kind_of_section() -> None:
    """§1.7: « jusqu'à 30 figurines maximum, mais avec 15 figurines de chaque camp » on a wall-walk, tower or stairs,
    « 60 … 30 figurines de chaque camp » in a courtyard."""
    for section, per_side in (("W3", 15), ("T3", 15), ("S1", 15), ("C2", 30)):
        state = battle(besieged(MAN, section, per_side), besiegers(ORC, section, per_side))
        assert len(state.at(section)) == 2 * per_side
        refused(lambda section=section, per_side=per_side: battle(besieged(MAN, section, per_side + 1)), "§1.7")


def test_each_side_of_a_connection_has_its_own_ten() -> None:
    """§2.1.1: « Les connexions peuvent se faire dans les deux sens … Cela n'empêche pas 10 autres figurines d'une
    autre section d'utiliser la même connexion et ainsi de se croiser »; the same way, 10 a turn in all."""
    state = battle(besieged(MAN, "W1", 11), besieged(MAN, "T2", 9, "t"), active=Side.BESIEGED)
    state = move(state, ids("d", 6), "T2", dice()).state
    state = move(state, ids("t", 9), "W1", dice()).state
    state = move(state, ["d7", "d8", "d9", "d10"], "T2", dice()).state
    assert state.turn_log.flow("W1", "T2") == 10
    refused(lambda: move(state, ["d11"], "T2", dice()), "§2.1.1")


def test_two_courtyards_a_turn_in_the_courtyard_only() -> None:
    """§2.1.1: « les figurines peuvent se déplacer de deux cases sections en un tour dans une cour intérieure
    seulement »; §3.1.1: « Dans une cour intérieure, les troupes peuvent charger en traversant 2 sections »."""
    state = battle(besieged(MAN, "C1", 2), besiegers(ORC, "C3", 1), besieged(MAN, "W1", 1, "w"), active=Side.BESIEGED)
    charged = move(state, ["d1"], "C3", dice(), via="C2").state
    assert "d1" in charged.turn_log.charged
    refused(lambda: move(state, ["w1"], "W2", dice(), via="T2"), "§2.1.1")
    blocked = battle(besieged(MAN, "C1", 1), besiegers(ORC, "C2", 1), active=Side.BESIEGED)
    refused(lambda: move(blocked, ["d1"], "C3", dice(), via="C2"), "§3.1.1")


def test_chargers_through_the_main_gate_land_behind_it() -> None:
    """§2.1.1: « La section dans laquelle arrivent les assaillants passant par la porte principale est toujours la
    section de cour intérieure derrière la porte principale », 15 a turn; §3.1.1: charging through it too."""
    gate = battle().fort.gates_of("C1")[0]
    state = battle(besiegers(ORC, "foot:C1", 16), besieged(MAN, "C1", 1))
    state = state.with_gate(replace(state.gate(gate.id), structure_points=0))
    refused(lambda: move(state, ids("a", 16), "C1", dice()), "§2.1.1")
    charged = move(state, ids("a", 15), "C1", dice()).state
    assert {str(charged.model(i).place) for i in ids("a", 15)} == {"C1"}
    assert set(ids("a", 15)) <= charged.turn_log.charged


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


def test_the_charged_never_flee_but_may_stand_and_shoot_with_the_penalty() -> None:
    """§3.1.2: « Des figurines ne peuvent pas fuir en réaction à la charge » and « Elles peuvent faire un tir de
    contre charge normalement avec un malus »: BS 3 needs 4+, 5+ with the penalty; a model elsewhere cannot."""
    state = battle(besiegers(ORC, "T3", 1), besieged(ARCHER, "W3", 1), besieged(ARCHER, "W2", 1, "w"))
    missed = move(state, ["a1"], "W3", dice(4), stand_and_shoot=["d1"]).state
    assert missed.model("a1").place == Place.parse("W3")
    assert not missed.model("d1").fleeing
    hit = move(state, ["a1"], "W3", dice(5, 6), stand_and_shoot=["d1"]).state
    assert not [m for m in hit.models if m.id == "a1"]
    refused(lambda: move(state, ["a1"], "W3", dice(6, 6), stand_and_shoot=["w1"]), "§3.1.2")


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


def test_losers_retreat_en_bloc_within_the_connection_and_quota() -> None:
    """§3.3.2: « retraiter en bloc vers une même section/niveau adjacente pourvu que : il n'y ait aucune figurine
    ennemie, le quota d'occupation ne soit pas excédé, la règle de connexion soit respectée »; 10 through a wall
    connection, not 11."""
    ten = battle(besieged(MAN, "W3", 10), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED)])
    after = retreat(ten, "W3", "T3", dice()).state
    assert {str(m.place) for m in after.models if m.side is Side.BESIEGED} == {"T3"}
    assert not any(m.fleeing for m in after.models)  # « ne sont pas considérées comme des fuyards »
    eleven = battle(besieged(MAN, "W3", 11), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED)])
    refused(lambda: retreat(eleven, "W3", "T3", dice()), "§3.3.2")
    crowded = battle(
        besieged(MAN, "W3", 2),
        besieged(MAN, "T3", 14, "t"),
        besiegers(ORC, "W3", 1),
        results=[lost("W3", Side.BESIEGED)],
    )
    refused(lambda: retreat(crowded, "W3", "T3", dice()), "§3.3.2")
    held = battle(
        besieged(MAN, "W3", 2),
        besiegers(ORC, "W3", 1),
        besiegers(ORC, "T3", 1, "x"),
        results=[lost("W3", Side.BESIEGED)],
    )
    refused(lambda: retreat(held, "W3", "T3", dice()), "§3.3.2")


def test_troops_able_to_retreat_may_hold_instead() -> None:
    """§3.3.2: « Des troupes obligées de retraiter et qui en ont la possibilité peuvent préférer tenir le terrain à
    la place. Elles doivent alors passer un test de commandement dans les mêmes conditions »: Ld 7 lost by 1, a 6
    holds, a 7 breaks."""
    state = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 1), results=[lost("W3", Side.BESIEGED)])
    assert not any(m.fleeing for m in hold(state, "W3", dice(3, 3)).state.models)
    broken = [m for m in hold(state, "W3", dice(3, 4)).state.models if m.side is Side.BESIEGED]
    assert broken  # one enemy: one wound, one of the two dies
    assert all(m.fleeing for m in broken)


def test_the_fleeing_lose_a_wound_per_enemy_and_die_when_attacked() -> None:
    """§3.3.3: « les fuyards perdent automatiquement 1 point de vie par figurine ennemie présente » and « Si des
    fuyards sont attaqués par la suite par des ennemis, ils sont automatiquement tués. Cependant … l'ennemi devra en
    priorité engager celles-ci »."""
    state = battle(besieged(MAN, "W3", 3), besiegers(ORC, "W3", 2), results=[lost("W3", Side.BESIEGED)])
    after = hold(state, "W3", dice(6, 6)).state
    assert len([m for m in after.models if m.side is Side.BESIEGED]) == 1
    mixed = battle(besieged(MAN, "W3", 2), besiegers(ORC, "W3", 2))
    mixed = mixed.with_models({"d1": replace(mixed.model("d1"), fleeing=True)})
    refused(lambda: fight(mixed, "W3", [("a1", "d1")], dice()), "§3.3.3")
    cut = fight(mixed, "W3", [("a1", "d1"), ("a2", "d2")], dice(1, 1)).state
    assert not [m for m in cut.models if m.id == "d1"]


def test_climbers_on_ladders_take_no_combat_test() -> None:
    """§3.5.1: « Ils n'effectuent jamais de test de combat lorsqu'ils sont en train d'assaillir les remparts »; §3.5:
    « les figurines dans le fort sont désormais indépendantes pour ce qui concerne le résultat de combat »."""
    state = battle(
        besiegers(ORC, "W3", 1),
        besiegers(ORC, "ladder:L1", 3, "l"),
        besieged(MAN, "W3", 2),
        results=[lost("W3", Side.BESIEGER)],
    )
    after = hold(state, "W3", dice(6, 6)).state
    assert not any(m.fleeing for m in after.at("ladder:L1"))
    assert not any(m.id == "a1" and not m.fleeing for m in after.models)  # a1 broke: fled or died fleeing


def test_newcomers_who_lose_may_go_back_down_four_by_a_ladder() -> None:
    """§3.5.2: « elle peut aussi s'effectuer vers l'extérieur du fort », « Jusqu'à 4 figurines peuvent retraiter
    par une échelle », and « si une échelle est occupée par au moins une figurine amie, la retraite … ne sont pas
    possibles »."""
    arrived = TurnLog(arrived=frozenset(ids("a", 5)))
    four = battle(besiegers(ORC, "W3", 4), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)], log=arrived)
    assert {str(m.place) for m in retreat(four, "W3", "ladder:L2", dice()).state.models if m.side is Side.BESIEGER} == {
        "foot:W3"
    }
    five = battle(besiegers(ORC, "W3", 5), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)], log=arrived)
    refused(lambda: retreat(five, "W3", "ladder:L2", dice()), "§3.3.2")
    occupied = battle(
        besiegers(ORC, "W3", 2),
        besiegers(ORC, "ladder:L2", 1, "l"),
        besieged(MAN, "W3", 2),
        results=[lost("W3", Side.BESIEGER)],
        log=arrived,
    )
    refused(lambda: retreat(occupied, "W3", "ladder:L2", dice()), "§3.3.2")
    old = battle(besiegers(ORC, "W3", 2), besieged(MAN, "W3", 2), results=[lost("W3", Side.BESIEGER)])
    refused(lambda: retreat(old, "W3", "ladder:L2", dice()), "§3.3.2")


@pytest.mark.parametrize(
    "cause",
    [
        pytest.param(PanicCause.FLEEING_FRIENDS_NEARBY, id="§4.1-friends-breaking-within-15cm"),
        pytest.param(PanicCause.FLEEING_FRIENDS_PASSING, id="§4.1-fleeing-friends-within-10cm"),
        pytest.param(PanicCause.SECTION_WIPED_OUT, id="§4.1-a-section-wiped-out"),
    ],
)
def test_panic_tests_the_siege_ignores(cause: PanicCause) -> None:
    """§4.1: « Les tests de panique dus à la fuite de troupes à 15 cm sont ignorés », « … fuyards à 10 cm … », « …
    extermination de toutes les figurines d'une section en un tour ne sont plus pris en compte »."""
    state = battle(besieged(MAN, "W1", 2))
    tested = panic_test(state, "W1", Side.BESIEGED, cause, dice())
    assert tested.rolls == ()
    assert not any(m.fleeing for m in tested.state.models)


@pytest.mark.parametrize(("present", "lost_", "test"), [(8, 1, False), (8, 2, True), (7, 1, False), (7, 2, True)])
def test_panic_at_a_quarter_lost_to_shooting_or_magic(present: int, lost_: int, test: bool) -> None:
    """§4.1: « Les tests dus aux 25% de pertes à la magie et au tir sont comptabilisés et provoquent des tests sur
    la section/niveau, indépendamment des unités »."""
    state = battle(besieged(MAN, "W1", present - lost_))
    rolled = panic_test(state, "W1", Side.BESIEGED, PanicCause.CASUALTIES, dice(1, 1), present=present, lost=lost_)
    assert bool(rolled.rolls) is test


def test_terror_acts_on_its_own_section_only() -> None:
    """§4.2: « La terreur ne s'exerce que sur la section/niveau où se trouve la figurine causant la terreur »: a giant
    charging W3 makes W3 test, not the men on the next tower."""
    state = battle(besiegers(GIANT, "T3", 1, "g"), besieged(replace(MAN, w=2), "W3", 1), besieged(MAN, "T4", 1, "t"))
    charged = move(state, ["g1"], "W3", dice(6, 6)).state
    assert charged.model("d1").fleeing
    assert not charged.model("t1").fleeing


def test_frenzied_and_hating_troops_never_disengage() -> None:
    """§4.2: « Les troupes frénétiques et haineuses sont obligées d'éliminer tous les ennemis qui sont sur leur
    section/niveau avant de se déplacer … Elles ne peuvent jamais se désengager »; §4.3: « Les figurines
    indémoralisables peuvent se désengager d'un combat mais ne peuvent jamais retraiter ou fuir »."""
    won = replace(lost("W1", Side.BESIEGER), settled=True)
    for rule in (Special.FRENZY, Special.HATRED):
        state = battle(
            besieged(with_rules(MAN, rule), "W1", 1), besiegers(ORC, "W1", 1), active=Side.BESIEGED, results=[won]
        )
        refused(lambda state=state: move(state, ["d1"], "T2", dice()), "§4.2")
    steady = battle(
        besieged(with_rules(MAN, Special.UNBREAKABLE), "W1", 1),
        besiegers(ORC, "W1", 1),
        active=Side.BESIEGED,
        results=[won],
    )
    assert move(steady, ["d1"], "T2", dice()).state.model("d1").place == Place.parse("T2")
    losing = battle(
        besieged(with_rules(MAN, Special.UNBREAKABLE), "W1", 1),
        besiegers(ORC, "W1", 1),
        results=[lost("W1", Side.BESIEGED)],
    )
    refused(lambda: retreat(losing, "W1", "T2", dice()), "§3.3.2")
    assert not hold(losing, "W1", dice(6, 6)).state.model("d1").fleeing


def test_stubborn_troops_test_en_bloc_on_their_leadership() -> None:
    """§4.3: « Les figurines tenaces bénéficient de leur règle et effectuent en bloc leur test de Cdt »: lost by 3,
    a 7 against Ld 7 holds for the stubborn, and breaks the others."""
    stubborn = with_rules(MAN, Special.STUBBORN)
    state = battle(
        besieged(stubborn, "W1", 2, "s"),
        besieged(MAN, "W1", 1),
        besiegers(ORC, "W1", 1),
        results=[lost("W1", Side.BESIEGED, by=3)],
    )
    after = hold(state, "W1", dice(3, 3, 3, 4)).state
    assert not any(after.model(i).fleeing for i in ("s1", "s2"))


FORT_1500 = standard_fort(1500)


def _problems(fort: FortLayout, points: int = 1500) -> tuple[str, ...]:
    return fort.problems(points)


def test_a_courtyard_never_touches_both_the_main_gate_and_a_postern() -> None:
    """§1.1.1: « Un même section de cour intérieure ne peut pas jouxter et une poterne et une porte principale »;
    §1.3.2: « elle ne peut jamais donner sur la même section de cour intérieure qu'une porte principale »."""
    assert _problems(FORT_1500) == ()
    gates = tuple(replace(g, section="C1") if g.kind is GateKind.POSTERN else g for g in FORT_1500.gates)
    assert any("§1.1.1" in p for p in _problems(replace(FORT_1500, gates=gates)))


def test_gates_open_on_a_courtyard() -> None:
    """§1.3.1: the main gate « occupe le niveau 1 et donne sur une section de cour intérieure »; §1.3.2: « Une
    poterne doit donner sur une section de cour intérieure »."""
    for kind in (GateKind.MAIN_GATE, GateKind.POSTERN):
        gates = tuple(replace(g, section="W2") if g.kind is kind else g for g in FORT_1500.gates)
        assert any("(§1.3)" in p for p in _problems(replace(FORT_1500, gates=gates)))


def test_one_main_gate_only() -> None:
    """§1.3.1: « Il ne peut en avoir qu'une seule »."""
    second = Gate("G2", GateKind.MAIN_GATE, "C2")
    assert any("§1.3.1" in p for p in _problems(replace(FORT_1500, gates=(*FORT_1500.gates, second))))


def test_stairs_or_two_ladders_lead_up_to_the_wall_walk() -> None:
    """§1.1.4: « Il n'est toutefois pas obligé d'y avoir d'escalier … Mais il faudra nécessairement qu'y figure au
    moins deux échelles minimum »: without stairs one ladder is refused, two are enough (at 1000 points, where
    Table 1 asks for one stair, the missing stair is refused by §1.4 on its own)."""
    sections = tuple(s for s in FORT_1500.sections if s.kind is not SectionKind.STAIRS)
    plain = tuple(c for c in FORT_1500.connections if "S1" not in (c.a, c.b))
    one = replace(FORT_1500, sections=sections, connections=(*plain, Connection("C2", "W2", ConnectionKind.LADDER)))
    two = replace(one, connections=(*one.connections, Connection("C3", "W3", ConnectionKind.LADDER)))
    assert any("§1.1.4" in p for p in _problems(one))
    assert not any("§1.1.4" in p for p in _problems(two))


@pytest.mark.parametrize(
    ("kind", "level", "allowed"),
    [
        pytest.param(SectionKind.COURTYARD, 1, True, id="§1.2-courtyard-level-1"),
        pytest.param(SectionKind.COURTYARD, 2, False, id="§1.2-courtyard-not-level-2"),
        pytest.param(SectionKind.STAIRS, 2, True, id="§1.2-stairs-level-2"),
        pytest.param(SectionKind.STAIRS, 3, False, id="§1.2-stairs-not-level-3"),
        pytest.param(SectionKind.TOWER, 2, True, id="§1.2-tower-level-2"),
        pytest.param(SectionKind.TOWER, 3, True, id="§1.2-tower-level-3"),
        pytest.param(SectionKind.TOWER, 1, False, id="§1.2-tower-not-level-1"),
        pytest.param(SectionKind.WALL_WALK, 3, True, id="§1.2-wall-walk-level-3"),
        pytest.param(SectionKind.WALL_WALK, 2, False, id="§1.2-wall-walk-not-level-2"),
    ],
)
def test_each_kind_of_section_on_its_level(kind: SectionKind, level: int, allowed: bool) -> None:
    """§1.2: « le niveau 1 = le sol (les sections de cour intérieure uniquement) », « le niveau 2 = les escaliers
    (… et de tours si ces dernières sont considérées comme ayant deux niveaux) », « Le niveau 3 = le chemin de ronde
    et sommet de tour »."""
    target = next(s for s in FORT_1500.sections if s.kind is kind)
    sections = tuple(replace(s, level=level) if s.id == target.id else s for s in FORT_1500.sections)
    assert (not any("(§1.2)" in p for p in _problems(replace(FORT_1500, sections=sections)))) is allowed


def test_models_fight_only_on_their_own_section() -> None:
    """§1.2: « Des figurines ne combattent que si elles sont sur le même niveau et la même section »."""
    state = battle(besiegers(ORC, "W3", 1), besieged(MAN, "T3", 1), besieged(MAN, "W3", 1, "w"))
    refused(lambda: fight(state, "W3", [("a1", "d1")], dice()), "§1.2")
    assert fight(state, "W3", [("a1", "w1")], dice(1, 1)).state.result("W3") is not None


@pytest.mark.parametrize(
    ("points", "kind", "minimum"),
    [
        pytest.param(1000, "courtyard", 2, id="§1.4-1000-courtyards-2"),
        pytest.param(1001, "courtyard", 3, id="§1.4-1001-courtyards-3"),
        pytest.param(2000, "tower_level2", 1, id="§1.4-2000-level-2-towers-1"),
        pytest.param(2001, "tower_level2", 2, id="§1.4-2001-level-2-towers-2"),
        pytest.param(1000, "postern", 0, id="§1.4-1000-no-postern"),
        pytest.param(1001, "postern", 1, id="§1.4-1001-a-postern"),
    ],
)
def test_a_fort_short_of_table_1_is_refused(points: int, kind: str, minimum: int) -> None:
    """§1.4: « un minimum de section/niveaux sont obligatoires en fonction des points déployés par le défenseur »,
    R12: the standard fort for those points passes; one fewer of the kind is refused, at the band's edge."""
    fort = standard_fort(points)
    assert fort.counts()[kind] == minimum
    assert fort.problems(points) == ()
    if minimum:
        short = replace(fort, gates=fort.gates[:-1]) if kind == "postern" else fort
        if kind == "courtyard":
            gone = [s.id for s in fort.sections if s.kind is SectionKind.COURTYARD][-1]
            short = replace(
                fort,
                sections=tuple(s for s in fort.sections if s.id != gone),
                connections=tuple(c for c in fort.connections if gone not in (c.a, c.b)),
                gates=tuple(g for g in fort.gates if g.section != gone),
            )
        if kind == "tower_level2":
            lowered = next(s.id for s in fort.sections if s.kind is SectionKind.TOWER and s.level == 2)
            short = replace(fort, sections=tuple(replace(s, level=3) if s.id == lowered else s for s in fort.sections))
        assert any("§1.4" in p for p in short.problems(points))


def test_clubs_may_draw_their_own_fort() -> None:
    """§1.5: « Ces règles de sections peuvent être adaptables à la configuration de chaque château »: a layout
    beyond Table 1's minimum (an extra courtyard and a service door, §1.3.3) is a valid fort."""
    extra = Section("C4", SectionKind.COURTYARD, 1)
    fort = replace(
        _with_service_door(FORT_1500),
        sections=(*FORT_1500.sections, extra),
        connections=(*_with_service_door(FORT_1500).connections, Connection("C3", "C4", ConnectionKind.COURTYARD)),
    )
    assert fort.problems(1500) == ()
    assert fort.validate(1500) is fort


def test_fear_a_failed_test_or_a_lost_combat_while_outnumbered_means_flight() -> None:
    """§4.2: « Si elles sont en infériorité PU par rapport aux ennemis causant la peur, elles doivent prendre la
    fuite … Il en est de même si elles viennent à perdre le combat en étant en infériorité numérique »: 2 men
    against an ogre (US 3) flee on a failed test; 4 men are afraid only; men who lose to it while outnumbered flee
    without a test, and hold on a test when they are not."""
    few = battle(besieged(replace(MAN, w=3), "W2", 2), besiegers(OGRE, "siege_tower:ST1", 1))
    assert all(m.fleeing for m in move(few, ["a1"], "W2", dice(6, 6)).state.models if m.side is Side.BESIEGED)
    many = move(battle(besieged(MAN, "W2", 4), besiegers(OGRE, "siege_tower:ST1", 1)), ["a1"], "W2", dice(6, 6))
    assert many.state.turn_log.afraid == {"d1", "d2", "d3", "d4"}
    assert not any(m.fleeing for m in many.state.models)
    beaten = battle(besieged(replace(MAN, w=3), "W2", 2), besiegers(OGRE, "W2", 1), results=[lost("W2", Side.BESIEGED)])
    broken = hold(beaten, "W2", dice())
    assert broken.rolls == ()
    assert all(m.fleeing for m in broken.state.models if m.side is Side.BESIEGED)
    even = battle(besieged(MAN, "W2", 3), besiegers(OGRE, "W2", 1), results=[lost("W2", Side.BESIEGED)])
    assert not any(m.fleeing for m in hold(even, "W2", dice(3, 3)).state.models)


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
