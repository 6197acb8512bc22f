"""Random play through the menus (:func:`rules.siege.menus.legal.menu_options`), the way a club plays in the tracker:
a set-up, then at each state one option of the menu with its default details (:meth:`Option.default`) and one of its
targets. The property tests of the menus walk these games and read each state's menu against :func:`problems`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from bots.siege.assault import CATAPULT_CREW, assault_setup
from rules.dice import Dice
from rules.siege.actions import Action
from rules.siege.battle import Setup, start
from rules.siege.board.engines import Belfry, Bridge, Fire, Ladder, Liquid, Ram, SiegeTower
from rules.siege.board.fort import SectionKind, standard_fort
from rules.siege.board.profiles import Special
from rules.siege.board.state import BattleState, Model, Place, Side, Zone, quota
from rules.siege.chapters.defences import place_braziers
from rules.siege.chapters.fire import give_brazier
from rules.siege.example import BOSS, CROSSBOWMAN, HALBERDIER, ORC, example_setup
from rules.siege.game import apply, problems
from rules.siege.menus.legal import Option, choose, menu_options
from tests.rules.siege.builders import ARCHER, CATAPULT, GHOST, GIANT, HARPY, KNIGHT, MAN, OGRE, besieged, besiegers
from tests.rules.siege.builders import ORC as BOY
from tests.rules.siege.test_assault_simulator import random_assault

ENDINGS = frozenset({"end_phase", "end_turn"})
"""The options that close a step or a turn."""


def crowded_setup() -> Setup:
    """The example's armies with more to do: engine budgets spent on stones, rocks, a water brazier and a brazier
    for the besieger's archers (§14), heroism tokens (§15), a giant at the foot of W1 (§12.1.5), a harpy and a
    catapult on the field for it to fly out against (§11.2).
    """
    example = example_setup()
    return replace(
        example,
        models=(
            *example.models,
            *besiegers(ARCHER, "field:east", 5, "bow", unit="Archers"),
            *besiegers(GIANT, "foot:W1", 1, "giant"),
            *besieged(HARPY, "C3", 1, "harpy"),
            *besiegers(CATAPULT_CREW, "field:east", 1, "catapult", unit="Catapult"),
        ),
        budgets=((Side.BESIEGER, 100, 1500), (Side.BESIEGED, 40, 1500)),
        purchases=(
            (Side.BESIEGER, "brazier"),
            *((Side.BESIEGED, "stones") for _ in range(3)),
            *((Side.BESIEGED, "rock") for _ in range(2)),
            (Side.BESIEGED, "brazier_water"),
        ),
        heroism_tokens=2,
    )


def rout_setup() -> Setup:
    """The example battle with troops already fleeing (§3.3.3, §4.1): the gate guard on W2, where the siege tower's
    troops will come, and three orcs strayed onto T2, two sections from the besieged on W3."""
    example = example_setup()
    models = tuple(replace(m, fleeing=True) if m.unit == "Gate guard" else m for m in example.models)
    strays = tuple(replace(m, fleeing=True) for m in besiegers(ORC, "T2", 3, "stray", unit="Strays"))
    return replace(example, models=(*models, *strays))


def field_setup(points: int = 2000, *, belfry: bool = False) -> Setup:
    """A siege as a club starts it: the besieged on the ramparts and in the courtyards, the whole besieger on the
    field 40 cm or more from the walls (§16) with his ladders lying below a wall, a ram and a covered ram, and a
    siege tower bought but not yet placed (§7.3), played as a belfry 4 hexes out with ``belfry`` (001, R16).
    """
    fort = standard_fort(points)
    ramparts = [s.id for s in fort.sections if s.kind is SectionKind.WALL_WALK]
    wall = ramparts[len(ramparts) // 2]
    models: list[Model] = []
    for n, section in enumerate(fort.sections):
        count = min(quota(section.kind), 6 if section.kind is SectionKind.COURTYARD else 4)
        profile = CROSSBOWMAN if n % 3 == 0 else HALBERDIER
        models += besieged(profile, section.id, count, f"d{n}.", f"Garrison {section.id}")
    models += besieged(replace(HALBERDIER, name="Captain"), fort.sections[0].id, 0, "cpt")
    models += besiegers(ORC, "field:outside", 40, "o", "Boyz")
    models += besiegers(ARCHER, "field:outside", 10, "x", "Archers")
    models += besiegers(BOSS, "field:outside", 1, "boss", "Boss")
    towers = (SiegeTower("ST1", None),)
    return Setup(
        fort,
        tuple(models),
        ladders=(Ladder("L1", wall, raised=False), Ladder("L2", wall, raised=False)),
        siege_towers=towers,
        rams=(Ram("R1"), Ram("R2", covered=True)),
        budgets=((Side.BESIEGER, 300, points), (Side.BESIEGED, 60, points)),
        purchases=(
            (Side.BESIEGER, "ladder"),
            (Side.BESIEGER, "ladder"),
            (Side.BESIEGER, "ram"),
            (Side.BESIEGER, "covered_ram"),
            (Side.BESIEGER, "siege_tower"),
        ),
        heroism_tokens=1,
        belfry=belfry,
        belfries=(Belfry("ST1", wall, 4),) if belfry else (),
    )


def fire_start() -> BattleState:
    """A siege already ablaze: the main gate G1 and the covered ram at it burn (§9.3); the gate's tower T1 holds
    braziers of water and oil and the bowmen who shoot flaming arrows from them, W4 beside it oil and molten lead
    (§8.2, §9.1.2, §9.4); besiegers climb T1's ladder and stand at its foot, the besieger's archers have a brazier
    (§9.1.1), and besiegers hold T2, whose braziers they may knock over (§8.2.3).
    """
    fort = standard_fort(1500)
    models = [
        *besieged(HALBERDIER, "T1", 4, "h", "Halberdiers"),
        *besieged(ARCHER, "T1", 4, "bw", "Bowmen"),
        *besieged(HALBERDIER, "W4", 4, "w", "Wall guard"),
        *besieged(replace(HALBERDIER, name="Captain", rules=frozenset({Special.CHARACTER})), "C1", 1, "cpt"),
        *besieged(HALBERDIER, "C1", 8, "r", "Reserve"),
        *besiegers(ORC, "foot:T1", 8, "o", "Boyz"),
        *besiegers(ORC, "ladder:L1", 3, "l", "Climbers"),
        *besiegers(ARCHER, "foot:T1", 5, "bow", "Archers"),
        *besiegers(ORC, "foot:C1", 6, "ram", "Ram crew"),
        *besiegers(ORC, "T2", 3, "t", "Raiders"),
        *besiegers(BOSS, "field:outside", 1, "boss", "Boss"),
    ]
    setup = Setup(
        fort,
        tuple(models),
        ladders=(Ladder("L1", "T1"),),
        rams=(Ram("R1", covered=True, carriers=tuple(f"ram{n}" for n in range(1, 7)), gate="G1"),),
        budgets=((Side.BESIEGER, 100, 1500), (Side.BESIEGED, 100, 1500)),
        purchases=(
            (Side.BESIEGER, "brazier"),
            *((Side.BESIEGED, item) for item in ("brazier_water", "brazier_water", "brazier_oil", "brazier_oil")),
            *((Side.BESIEGED, item) for item in ("brazier_lead", "brazier")),
        ),
    )
    state = give_brazier(start(setup), "Archers")
    for section, liquids in (("T1", (Liquid.WATER, Liquid.OIL)), ("W4", (Liquid.OIL, Liquid.LEAD))):
        state = place_braziers(state, section, liquids)
    state = place_braziers(state, "T2", (Liquid.WATER, None))
    return replace(state, fires=(Fire("gate:G1"), Fire("ram:R1")))


def crewed_setup() -> Setup:
    """The club's fresh start of 1,500 points with its siege tower deployed on the field, ten orcs inside as its crew
    (§16, §7.3.1): the crew pushes it up to a rampart (§7.3.3)."""
    setup = field_setup(1500)
    crew = tuple(f"o{n}" for n in range(1, 11))
    inside = Place(Zone.SIEGE_TOWER, "ST1")
    models = tuple(replace(m, place=inside) if m.id in crew else m for m in setup.models)
    return replace(setup, models=models, siege_towers=(SiegeTower("ST1", None, crew=crew),))


def melee_setup() -> Setup:
    """A storm already on the walls, for the close combat (§3): besiegers on the wall-walks W2 and W3 among their
    defenders, 8 against 8 on W3 as in §3.2.1's example, a siege tower against W2 full of troops to come out after
    a won combat (§7.3.4), a raised ladder to retreat down (§3.5.2), knights against halberdiers in courtyard C1
    (§3.2.3), a harpy (§12.3.1) and an ogre (§12.1)."""
    fort = standard_fort(1500)
    models = (
        *besieged(MAN, "W3", 8, "m", "Men"),
        *besieged(HALBERDIER, "W2", 5, "h", "Halberdiers"),
        *besieged(CROSSBOWMAN, "T3", 5, "x", "Crossbowmen"),
        *besieged(HALBERDIER, "C1", 6, "c", "Courtyard guard"),
        *besieged(MAN, "C2", 8, "r", "Reserve"),
        *besiegers(BOY, "W3", 8, "o", "Boyz"),
        *besiegers(BOY, "ladder:L1", 4, "l", "Ladder boyz"),
        *besiegers(BOY, "W2", 3, "w", "Tower boyz"),
        *besiegers(BOY, "siege_tower:ST1", 10, "t", "Tower boyz"),
        *besiegers(OGRE, "W2", 1, "ogre", "Ogre"),
        *besiegers(KNIGHT, "C1", 3, "k", "Knights"),
        *besiegers(HARPY, "W3", 1, "harpy", "Harpy"),
        *besiegers(BOY, "foot:W3", 6, "f", "Foot boyz"),
    )
    return Setup(
        fort,
        models,
        ladders=(Ladder("L1", "W3"),),
        siege_towers=(SiegeTower("ST1", "W2"),),
        budgets=((Side.BESIEGER, 0, 1500), (Side.BESIEGED, 0, 1500)),
    )


def walls_setup() -> Setup:
    """The walls under assault in every way chapters 6 and 7 offer: climbers on a ladder against W3 and on one
    hoisted from W1 into C1 (§7.1.4, §7.1.10), a ladder lying below W2 and another carried on the field (§7.1.1),
    a ram crew at the foot of T1, away from every gate (§7.2.1), attackers at the postern of C3 (§6.2), an ogre
    behind the main gate to block it (§6.3.5), a giant at the foot of W4 (§12.1.5), a catapult on the field
    (§5.7); rocks and stones on the ramparts (§8.1).
    """
    example = example_setup()
    fort = example.fort
    return Setup(
        fort,
        (
            *besieged(HALBERDIER, "W3", 6, "w", "Wall guard"),
            *besieged(HALBERDIER, "W1", 4, "v", "North guard"),
            *besieged(HALBERDIER, "C1", 5, "h", "Gate guard"),
            *besieged(OGRE, "C1", 1, "og", "Ogre"),
            *besieged(HALBERDIER, "C3", 4, "p", "Postern guard"),
            *besieged(HALBERDIER, "W4", 4, "q", "West guard"),
            *besiegers(ORC, "ladder:L1", 2, "l", "Climbers"),
            *besiegers(ORC, "foot:W3", 8, "f", "Boyz"),
            *besiegers(ORC, "ladder:L2", 2, "k", "Hoisters"),
            *besiegers(ORC, "foot:T1", 8, "r", "Ram crew"),
            *besiegers(ORC, "foot:C3", 4, "b", "Breakers"),
            *besiegers(ORC, "field:outside", 6, "c", "Carriers"),
            *besiegers(GIANT, "foot:W4", 1, "giant"),
            *besiegers(CATAPULT_CREW, "field:outside", 1, "m", "Catapult"),
        ),
        ladders=(
            Ladder("L1", "W3"),
            Ladder("L2", "W1", courtyard="C1"),
            Ladder("L3", "W2", raised=False),
            Ladder("L4", "W2", raised=False, carriers=("c1", "c2", "c3", "c4")),
        ),
        rams=(Ram("R1", carriers=tuple(f"r{n}" for n in range(1, 9))),),
        budgets=((Side.BESIEGER, 100, 1500), (Side.BESIEGED, 60, 1500)),
        purchases=(*((Side.BESIEGED, "stones") for _ in range(3)), *((Side.BESIEGED, "rock") for _ in range(3))),
    )


def mine_setup() -> Setup:
    """A mine and its counter-mine (§10): six dwarf sappers, one an engineer (§10.4), the only besiegers outside
    the fort, the rest of the assault already holding W1; five besieged in the courtyards, one a sapper, to
    counter-mine; a postern the garrison of C3 may unlock (§6.2); a catapult on the field (§5.7)."""
    fort = standard_fort(1500)
    sapper = replace(ORC, name="Dwarf engineer", rules=ORC.rules | {Special.SAPPER})
    models = [
        *besiegers(sapper, "foot:W4", 1, "eng", "Sappers"),
        *besiegers(ORC, "foot:W4", 5, "sap", "Sappers"),
        *besiegers(ORC, "W1", 10, "o", "Boyz"),
        *besieged(replace(HALBERDIER, name="Engineer", rules=HALBERDIER.rules | {Special.SAPPER}), "C2", 1, "e"),
        *besieged(HALBERDIER, "C3", 4, "p", "Postern guard"),
        *besieged(CROSSBOWMAN, "W4", 6, "x", "Crossbowmen"),
        *besieged(HALBERDIER, "T1", 8, "h", "Halberdiers"),
    ]
    return Setup(fort, tuple(models))


def tower_setup() -> Setup:
    """Two siege towers rolling up to the walls (§7.3.3): ST1 pushed by ten (20 cm a turn), ST2 by eight (15 cm),
    a catapult and archers on the field, the garrison on the ramparts and a reserve in the courtyard."""
    fort = standard_fort(1500)
    models = [
        *besiegers(ORC, "siege_tower:ST1", 10, "c", "Tower crew 1"),
        *besiegers(ORC, "siege_tower:ST2", 8, "k", "Tower crew 2"),
        *besiegers(ARCHER, "field:outside", 5, "x", "Archers"),
        *besiegers(CATAPULT, "field:outside", 2, "m", "Catapults"),
        *besieged(HALBERDIER, "W2", 6, "h", "Halberdiers"),
        *besieged(CROSSBOWMAN, "W3", 4, "b", "Crossbowmen"),
        *besieged(HALBERDIER, "C2", 10, "r", "Reserve"),
    ]
    crews = (tuple(f"c{n}" for n in range(1, 11)), tuple(f"k{n}" for n in range(1, 9)))
    towers = (SiegeTower("ST1", None, crew=crews[0]), SiegeTower("ST2", None, crew=crews[1]))
    return Setup(fort, tuple(models), siege_towers=towers)


def storm_setup() -> Setup:
    """The besieger's ways into the fort, for the movement step (§2, §3.1, §7, §12.4, 001 §8): a belfry against W3
    with its drawbridge down and troops on every level, ghosts at the foot of W4, orcs on W2 by a ladder hoisted into
    courtyard C2, a warband in courtyard C1 two courtyards from the defenders of C3."""
    fort = standard_fort(1500)
    models = (
        *besieged(MAN, "W3", 6, "m", "Men"),
        *besieged(CROSSBOWMAN, "T3", 4, "x", "Crossbowmen"),
        *besieged(HALBERDIER, "C3", 8, "c", "Courtyard guard"),
        *besieged(MAN, "S1", 3, "s", "Stair guard"),
        *besiegers(ORC, "belfry:ST1.0", 10, "p", "Pushers"),
        *besiegers(ORC, "belfry:ST1.1", 6, "u", "Climbers"),
        *besiegers(ORC, "belfry:ST1.2", 8, "b", "Stormers"),
        *besiegers(ARCHER, "belfry:ST1.3", 4, "a", "Bowmen"),
        *besiegers(GHOST, "foot:W4", 3, "g", "Ghosts"),
        *besiegers(ORC, "W2", 6, "w", "Wall boyz"),
        *besiegers(ORC, "C1", 8, "k", "Warband"),
        *besiegers(ORC, "field:outside", 12, "f", "Boyz"),
    )
    return Setup(
        fort,
        models,
        ladders=(Ladder("L1", "W3"), Ladder("L2", "W2", courtyard="C2")),
        siege_towers=(SiegeTower("ST1", None),),
        budgets=((Side.BESIEGER, 0, 1500), (Side.BESIEGED, 0, 1500)),
        belfry=True,
        belfries=(Belfry("ST1", "W3", 1, bridge=Bridge.DOWN),),
    )


def setups() -> dict[str, Callable[[], Setup | BattleState]]:
    """The set-ups the walks start from: the standard fort's example battle, crowded; a club's fresh start on the
    forts of 1,500 and 2,000 points, with a siege tower to deploy, deployed with its crew, or a belfry; a siege
    already ablaze; a storm on the walls; the walls assaulted every way (ladders, rams, gates, blocks); a mine with
    its counter-mine; two siege towers on their way; the simulator's random plans (mines, rams, towers, machines)."""
    found: dict[str, Callable[[], Setup | BattleState]] = {
        "example": example_setup,
        "crowded": crowded_setup,
        "rout": rout_setup,
        "field 1500": lambda: field_setup(1500),
        "field 2000": lambda: field_setup(2000),
        "belfry": lambda: field_setup(2000, belfry=True),
        "fire": fire_start,
        "storm": storm_setup,
        "crewed tower": crewed_setup,
        "melee": melee_setup,
        "walls": walls_setup,
        "mine": mine_setup,
        "towers": tower_setup,
    }
    for k in range(4):
        found[f"plan {k}"] = lambda k=k: assault_setup(random_assault(random.Random(k)))
    return found


@dataclass
class Walk:
    """What a walk met: every option offered with each target, those whose default action was refused (by kind
    and clause, with one example each), the states it read and whether the game reached its end (§16)."""

    offered: Counter[str] = field(default_factory=Counter)
    refused: Counter[tuple[str, str]] = field(default_factory=Counter)
    examples: dict[tuple[str, str], str] = field(default_factory=dict)
    states: int = 0
    ended: bool = False
    stalled: str = ""


def defaults(state: BattleState, option: Option) -> Iterator[tuple[str | None, Action]]:
    """Each target of ``option`` (or none) with the action its default details make (:meth:`Option.default`)."""
    actors, _ = option.default()
    for target in option.targets or (None,):
        yield target, choose(state, option, actors, target)


def walk(setup: Setup | BattleState, seed: int, *, steps: int = 600, walk: Walk | None = None) -> Walk:
    """One game from ``setup`` (or from a state already under way) played through the menus, every option checked
    at every state it is offered in. The options are drawn from those accepted, a step or turn ended one time in
    seven."""
    rng = random.Random(seed)
    met = walk if walk is not None else Walk()
    state = setup if isinstance(setup, BattleState) else start(setup)
    for _ in range(steps):
        menu = menu_options(state)
        if not menu:
            met.ended = state.over
            break
        met.states += 1
        accepted: list[Action] = []
        for option in menu:
            for _target, action in defaults(state, option):
                met.offered[option.name] += 1
                refusals = problems(state, action)
                if refusals:
                    key = (option.name, refusals[0].clause)
                    met.refused[key] += 1
                    met.examples.setdefault(key, f"{action!r}: {refusals[0]}")
                else:
                    accepted.append(action)
        if not accepted:
            met.stalled = f"turn {state.turn} {state.active} {state.phase}: {[o.name for o in menu]}"
            break
        moves = [x for x in accepted if x.name not in ENDINGS]
        ends = [x for x in accepted if x.name in ENDINGS]
        chosen = rng.choice(moves) if moves and (not ends or rng.randrange(7)) else rng.choice(ends or moves)
        state = apply(state, chosen, Dice(seed=rng.randrange(2**32))).state
    return met


def report(met: Walk) -> str:
    lines = [f"{met.states} states, {sum(met.offered.values())} options offered, {sum(met.refused.values())} refused"]
    for key, count in met.refused.most_common():
        lines.append(f"  {count:5d} of {met.offered[key[0]]:5d} {key[0]} {key[1]}: {met.examples[key][:220]}")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    total = Walk()
    ended = 0
    for name, make in setups().items():
        for seed in range(games):
            one = walk(make(), seed, walk=Walk())
            ended += one.ended
            total.states += one.states
            total.offered.update(one.offered)
            total.refused.update(one.refused)
            for key, text in one.examples.items():
                total.examples.setdefault(key, f"[{name}] {text}")
            if one.stalled:
                print(f"stalled: {name}/{seed}: {one.stalled}")
    print(f"{ended} of {games * len(setups())} games ended")
    print(report(total))
