"""Chapters 1–4 of the siege rules (seed 000), clause by clause: each rule allowed and refused, limits at the edge."""

from __future__ import annotations

from dataclasses import replace

from rules.siege.fort import Connection, ConnectionKind, FortLayout, standard_fort
from rules.siege.melee import fight
from rules.siege.morale import leadership_groups
from rules.siege.movement import move
from rules.siege.profiles import Special
from rules.siege.psychology import PanicCause, panic_test
from rules.siege.state import Side, new_battle
from tests.rules.siege.builders import (
    KNIGHT,
    MAN,
    ORC,
    battle,
    besieged,
    besiegers,
    dice,
    lost,
    refused,
    with_rules,
)

HERO = with_rules(MAN, Special.CHARACTER, name="Captain")


def _ids(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{n}" for n in range(1, count + 1)]


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
    state = new_battle(_with_service_door(plain), besieged(MAN, "C1", 7), first=Side.BESIEGED)
    moved = move(state, _ids("d", 6), "C3", dice()).state
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
    assert {str(state.model(i).place) for i in _ids("d", 4)} == {"C1", "C3"}
    assert {"d1", "d2", "d3", "d4"} <= state.turn_log.charged
    knights = battle(besieged(KNIGHT, "C1", 1), active=Side.BESIEGED)
    refused(lambda: move(knights, ["d1"], "S1", dice()), "§3.2.3")


def test_heroes_fight_like_any_model_without_challenges() -> None:
    """§3.2.5: « les règles de défi ne s'appliquent plus. Libre aux joueurs d'engager les héros en 1 contre 1 »: a
    hero may be ganged up on like a trooper, 4 against 1 at most (§3.2.1), and may not refuse the fight."""
    state = battle(besiegers(ORC, "W1", 5), besieged(HERO, "W1", 1, "h"), besieged(MAN, "W1", 4))
    pairs = [(a, "h1") for a in _ids("a", 4)]
    result = fight(state, "W1", pairs, dice(*[1] * 4, *[1] * 1)).state
    assert result.result("W1") is not None
    refused(lambda: fight(state, "W1", [(a, "h1") for a in _ids("a", 5)], dice()), "§3.2.1")


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
    assert not any(after.model(i).fleeing for i in _ids("e", 3) if any(m.id == i for m in after.models))
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
