"""Random play through the menus (:func:`rules.siege.legal.legal_actions`), the way a club plays in the tracker:
a set-up, then at each state one option of the menu with its default details (:meth:`Option.default`) and one of its
targets. The property tests of the menus walk these games and read each state's menu against :func:`problems`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from rules.dice import Dice
from rules.siege.actions import Action
from rules.siege.assault import assault_setup
from rules.siege.battle import Setup, start
from rules.siege.engines import Belfry, Bridge, Ladder, Ram, SiegeTower
from rules.siege.example import BOSS, CROSSBOWMAN, HALBERDIER, ORC, example_setup
from rules.siege.fort import SectionKind, standard_fort
from rules.siege.game import apply, problems
from rules.siege.legal import Option, choose, legal_actions
from rules.siege.state import BattleState, Model, Side, quota
from tests.rules.siege.builders import ARCHER, GHOST, GIANT, HARPY, MAN, besieged, besiegers
from tests.rules.siege.test_assault_simulator import random_assault

ENDINGS = frozenset({"end_phase", "end_turn"})
"""The options that close a step or a turn."""


def crowded_setup() -> Setup:
    """The example's armies with more to do: engine budgets spent on stones, rocks, a water brazier and a brazier
    for the besieger's archers (§14), heroism tokens (§15), a giant at the foot of W1 (§12.1.5), a harpy (§11.2).
    """
    example = example_setup()
    return replace(
        example,
        models=(
            *example.models,
            *besiegers(ARCHER, "field:east", 5, "bow", unit="Archers"),
            *besiegers(GIANT, "foot:W1", 1, "giant"),
            *besieged(HARPY, "C3", 1, "harpy"),
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


def setups() -> dict[str, Callable[[], Setup]]:
    """The set-ups the walks start from: the standard fort's example battle, crowded; a club's fresh start on the
    forts of 1,500 and 2,000 points, with a siege tower or a belfry; the simulator's random plans (mines, rams,
    towers, machines)."""
    found: dict[str, Callable[[], Setup]] = {
        "example": example_setup,
        "crowded": crowded_setup,
        "field 1500": lambda: field_setup(1500),
        "field 2000": lambda: field_setup(2000),
        "belfry": lambda: field_setup(2000, belfry=True),
        "storm": storm_setup,
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


def walk(setup: Setup, seed: int, *, steps: int = 600, walk: Walk | None = None) -> Walk:
    """One game from ``setup`` played through the menus, every option checked at every state it is offered in.
    The options are drawn from those accepted, a step or turn ended one time in seven."""
    rng = random.Random(seed)
    met = walk if walk is not None else Walk()
    state = start(setup)
    for _ in range(steps):
        menu = legal_actions(state)
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
