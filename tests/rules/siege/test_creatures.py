"""§12 non-humanoid creatures: large creatures' ratios (R15) on sections, connections, ladders and
gates, centauroids, flyers and flying monsters (the giant's climb is in ``test_giants.py``, §12.4 ethereal
creatures in ``test_movement.py``).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.siege.board.engines import Ladder, Ram, SiegeTower
from rules.siege.board.fort import SectionKind
from rules.siege.board.profiles import Creature, Profile, Special, TroopType
from rules.siege.board.state import Place, Side
from rules.siege.chapters.blocking import block
from rules.siege.chapters.defences import drop_rock
from rules.siege.chapters.ladders import pick_up_ladder, push_back
from rules.siege.chapters.melee import fight, to_hit_need
from rules.siege.chapters.morale import flee, retreat
from rules.siege.chapters.movement import move
from rules.siege.chapters.rams import carry_ram
from rules.siege.chapters.shooting import modifiers
from rules.siege.chapters.siege_towers import push_tower
from tests.rules.siege.builders import (
    CENTAUR,
    GIANT,
    HARPY,
    KNIGHT,
    MAN,
    OGRE,
    ORC,
    TREEMAN,
    battle,
    besieged,
    besiegers,
    dice,
    ids,
    large,
    lost,
    refused,
)


@pytest.mark.parametrize(
    ("creature", "occupancy", "connections"),
    [
        pytest.param(Creature.OGRE, 2, 2, id="§12.1.1-ogre-2"),
        pytest.param(Creature.MINOTAUR, 2, 2, id="§12.1.1-minotaur-2"),
        pytest.param(Creature.TROLL, 2, 2, id="§12.1.1-troll-2"),
        pytest.param(Creature.DRAGON_OGRE, 3, 3, id="§12.1.1-dragon-ogre-3"),
        pytest.param(Creature.TREEMAN, 4, 8, id="§12.1.1-treeman-4-and-8-for-connections"),
        pytest.param(Creature.GIANT, 6, 6, id="§12.1.1-giant-6"),
    ],
)
def test_large_creature_ratios(creature: Creature, occupancy: int, connections: int) -> None:
    # R15
    profile = Profile("x", creature=creature)
    assert (profile.ratio, profile.connection_ratio) == (occupancy, connections)


def test_flying_monster_counts_three() -> None:
    # §12.3.3, R15
    assert Profile("wyvern", troop_type=TroopType.MONSTER, rules=frozenset({Special.FLYER})).ratio == 3


def test_cavalry_counts_two() -> None:
    # §3.2.3, R15
    assert KNIGHT.ratio == 2


@pytest.mark.parametrize(
    ("profile", "ladders", "towers"),
    [
        pytest.param(MAN, True, True, id="infantry-climbs"),
        pytest.param(GIANT, False, True, id="§12.1.1-giant-no-ladder"),
        pytest.param(TREEMAN, False, True, id="§12.1.1-treeman-no-ladder"),
        pytest.param(CENTAUR, False, False, id="§12.2-centauroid-no-ladder-no-tower"),
        pytest.param(KNIGHT, False, False, id="§3.2.3-cavalry-courtyards-only"),
    ],
)
def test_who_climbs(profile: Profile, ladders: bool, towers: bool) -> None:
    assert (profile.may_climb_ladders, profile.may_board_siege_towers) == (ladders, towers)


def test_profile_json_round_trip() -> None:
    assert Profile.from_json(json.loads(json.dumps(GIANT.to_json()))) == GIANT


FLYING_MONSTER = Profile("Wyvern", ws=5, s=5, t=5, w=4, troop_type=TroopType.MONSTER, rules=frozenset({Special.FLYER}))


@pytest.mark.parametrize(
    ("creature", "ratio"),
    [
        pytest.param(Creature.OGRE, 2, id="§12.1.1-ogre-2"),
        pytest.param(Creature.MINOTAUR, 2, id="§12.1.1-minotaur-2"),
        pytest.param(Creature.TROLL, 2, id="§12.1.1-troll-2"),
        pytest.param(Creature.DRAGON_OGRE, 3, id="§12.1.1-dragon-ogre-3"),
        pytest.param(Creature.TREEMAN, 4, id="§12.1.1-treeman-4"),
        pytest.param(Creature.GIANT, 6, id="§12.1.1-giant-6"),
    ],
)
def test_large_creatures_fill_a_wall_walk_by_their_ratio(creature: Creature, ratio: int) -> None:
    """§12.1.1: « Les grandes créatures comptent comme 2 figurines ou plus pour l'occupation », R15: a wall-walk's
    15 a side take as many of them as fit, with the rest of the quota in men, and not one man more."""
    beast = large("Beast", creature, Special.FEAR, troop_type=TroopType.INFANTRY)
    assert beast.ratio == ratio
    fill = 15 - ratio
    state = battle(
        besieged(MAN, "T2", fill), besieged(beast, "W1", 1, "b"), besieged(MAN, "W1", 1, "m"), active=Side.BESIEGED
    )
    state = move(state, ["b1"], "T2", dice()).state
    assert state.occupancy("T2", Side.BESIEGED) == 15
    refused(lambda: move(state, ["m1"], "T2", dice()), "§1.7")


def test_a_treeman_counts_8_through_a_connection_and_4_on_a_section() -> None:
    """§12.1.1: « hommes arbres qui comptent comme 8 figurines pour les connexions »: two pass a wall
    connection of 10 one a turn, never two in the same turn."""
    state = battle(besieged(TREEMAN, "W1", 2), active=Side.BESIEGED)
    refused(lambda: move(state, ["d1", "d2"], "T2", dice()), "§2.1.1")  # 16 through a connection of 10
    state = move(state, ["d1"], "T2", dice()).state
    refused(lambda: move(state, ["d2"], "T2", dice()), "§2.1.1")  # 8 + 8 in one turn


def test_giants_and_treemen_never_climb_ladders() -> None:
    """§12.1.1: « Les géants ne peuvent pas grimper à une échelle … Il en est de même des hommes arbres »; an ogre
    may, counting 2 of the ladder's 4 a turn."""
    for beast in (GIANT, TREEMAN):
        state = battle(besiegers(beast, "foot:W3", 1))
        refused(lambda state=state: move(state, ["a1"], "ladder:L1", dice()), "§12.1.1")
    state = battle(besiegers(OGRE, "foot:W3", 3))
    state = move(state, ["a1", "a2"], "ladder:L1", dice()).state
    assert len(state.at("ladder:L1")) == 2
    refused(lambda: move(state, ["a3"], "ladder:L1", dice()), "§2.1.1")  # 2 + 2 + 2 > 4 a turn


def test_a_large_creature_cannot_block_a_normal_door_but_blocks_ladders() -> None:
    """§12.1.2: « Les grandes créatures ne peuvent pas bloquer une porte normale » and « peuvent bloquer des
    échelles »."""
    postern = next(g for g in battle().fort.gates if g.kind.value == "postern")
    state = battle(
        besieged(OGRE, postern.section, 1, "o"), besieged(MAN, postern.section, 1), besieged(OGRE, "W3", 1, "w")
    )
    refused(lambda: block(state, "o1", f"gate:{postern.id}"), "§12.1.2")
    assert block(state, "d1", f"gate:{postern.id}").gate(postern.id).blocker == "d1"
    # §7.1.7: the ogre blocks the ladder it tried to push back
    assert push_back(state, "L1", ["w1"], dice(1), blocker="w1").state.ladder("L1").blocker == "w1"


def test_every_model_beside_a_large_creature_is_easier_to_hit() -> None:
    """§12.1.3: « Si une grande figurine se trouve sur une section/niveau, tous les ennemis ont un bonus de +1 pour
    toucher toutes les figurines présentes sur la même section »; without one, no bonus."""
    state = battle(besieged(OGRE, "W1", 1, "o"), besieged(MAN, "W1", 1), besieged(MAN, "W2", 1, "m"))
    assert "large_target" in modifiers(state, state.model("d1"))
    assert "large_target" not in modifiers(state, state.model("m1"))


def test_centauroids_never_go_on_ladders_nor_in_siege_towers() -> None:
    """§12.2: « ne peuvent pas monter sur des échelles ou des tours de siège »; men at the same foot can."""
    state = battle(
        besiegers(CENTAUR, "foot:W3", 1, "c"), besiegers(CENTAUR, "foot:W2", 1, "k"), besiegers(ORC, "foot:W3", 1)
    )
    refused(lambda: move(state, ["c1"], "ladder:L1", dice()), "§12.1.1")
    refused(lambda: move(state, ["k1"], "siege_tower:ST1", dice()), "§12.2")
    assert move(state, ["a1"], "ladder:L1", dice()).state.model("a1").place == Place.parse("ladder:L1")


@pytest.mark.parametrize(
    ("kind", "section", "need"),
    [
        pytest.param(SectionKind.WALL_WALK, "W1", 5, id="§12.3.1-wall-walk-minus-1"),
        pytest.param(SectionKind.STAIRS, "S1", 5, id="§12.3.1-stairs-minus-1"),
        pytest.param(SectionKind.TOWER, "T1", 4, id="§12.3.1-tower-no-penalty"),
        pytest.param(SectionKind.COURTYARD, "C2", 4, id="§12.3.1-courtyard-no-penalty"),
    ],
)
def test_flyers_hit_worse_on_wall_walks_and_stairs(kind: SectionKind, section: str, need: int) -> None:
    """§12.3.1: « Les volants ont toujours – 1 pour toucher en corps à corps sur une section de chemin de ronde ou
    d'escaliers »: WS 3 against WS 3 is 4+, 5+ there."""
    state = battle(besiegers(HARPY, section, 1, "h"), besieged(MAN, section, 1))
    assert to_hit_need(state, state.model("h1"), state.model("d1"), kind) == need


def test_flyers_never_fight_twice_but_their_opponents_may() -> None:
    """§12.3.1: « Ils ne peuvent pas faire de double combat … Par contre, les figurines auxquels ils sont opposés
    peuvent faire un second combat »."""
    state = battle(besiegers(HARPY, "C2", 1, "h"), besiegers(ORC, "C2", 1), besieged(MAN, "C2", 2))
    first = fight(state, "C2", [("h1", "d1"), ("a1", "d2")], dice(1, 1, 1, 1)).state
    first = replace(first, results=())
    refused(lambda: fight(first, "C2", [("h1", "d1")], dice(), second=True), "§12.3.1")
    assert fight(first, "C2", [("a1", "d2")], dice(1, 1), second=True).state.turn_log.fought_twice == {"C2"}
    defenders = battle(besieged(HARPY, "C2", 1, "h"), besiegers(ORC, "C2", 1), active=Side.BESIEGER)
    once = replace(fight(defenders, "C2", [("a1", "h1")], dice(1, 1)).state, results=())
    assert fight(once, "C2", [("a1", "h1")], dice(1, 1), second=True).state.turn_log.fought_twice == {"C2"}


def test_flyers_never_retreat_and_die_when_they_flee() -> None:
    """§12.3.2: « Les volants ne retraitent jamais : ils tiennent le terrain s'ils réussissent leur test de moral »
    and « S'ils obtiennent la réaction de fuite, les volants sont automatiquement éliminés »."""
    state = battle(
        besieged(HARPY, "W1", 1, "h"),
        besieged(MAN, "W1", 1),
        besiegers(ORC, "W1", 1),
        results=[lost("W1", Side.BESIEGED)],
    )
    held = retreat(state, "W1", "T2", dice(1, 1)).state
    assert held.model("h1").place == Place.parse("W1")
    assert held.model("d1").place == Place.parse("T2")
    gone, _ = flee(state, "W1", [state.model("h1")], dice())
    assert not [m for m in gone.models if m.id == "h1"]


def test_flying_monsters_count_three() -> None:
    """§12.3.3: « Les monstres comptent comme ayant un ratio de 3 figurines »; a flyer on foot counts 1."""
    assert (FLYING_MONSTER.ratio, HARPY.ratio) == (3, 1)
    state = battle(besieged(MAN, "T2", 12), besieged(FLYING_MONSTER, "W1", 2, "w"), active=Side.BESIEGED)
    state = move(state, ["w1"], "T2", dice()).state
    assert state.occupancy("T2", Side.BESIEGED) == 15


def test_a_large_creature_carries_pushes_and_throws_as_its_ratio() -> None:
    """§12.1.4: « Une grande figurine compte comme un nombre de figurines égal à son ratio pour tout ce qui concerne :
    Le transport d'échelle. Le transport de bélier. Pousser une tour de siège. Lancer des projectiles des remparts »:
    an ogre alone carries a ladder (2); five ogres carry a ram (10), six are too many (12); five ogres in a tower
    push it at full speed (10 crew); one ogre drops a rock (two models)."""
    lying = battle(
        besiegers(OGRE, "foot:W3", 1, "o"), besiegers(MAN, "foot:W3", 1), ladders=[Ladder("L1", "W3", False)]
    )
    assert pick_up_ladder(lying, "L1", ["o1"]).ladder("L1").carriers == ("o1",)
    refused(lambda: pick_up_ladder(lying, "L1", ["a1"]), "§7.1.1")
    ogres = replace(battle(besiegers(OGRE, "field:W3", 6, "o")), rams=(Ram("R1"),))
    assert carry_ram(ogres, "R1", ids("o", 5)).ram("R1").carriers == tuple(ids("o", 5))
    refused(lambda: carry_ram(ogres, "R1", ids("o", 6)), "§7.2.1")
    crew = battle(besiegers(OGRE, "siege_tower:ST1", 5, "o"), towers=[SiegeTower("ST1", None, crew=tuple(ids("o", 5)))])
    assert push_tower(crew, "ST1", 20).siege_tower("ST1").section is None
    rock = battle(besieged(OGRE, "W3", 1, "o"), besiegers(ORC, "ladder:L1", 1))
    rock = rock.with_works(replace(rock.works_of("W3"), rocks=1))
    assert drop_rock(rock, "W3", ["o1"], "a1", dice(6, 1, 1, 1, 1, 1)).state.works_of("W3").rocks == 0
