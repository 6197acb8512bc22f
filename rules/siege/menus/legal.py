"""What may be played now (*les actions possibles*): the menus a page builds its buttons from, and the actions the
engine accepts.

:func:`legal_actions` lists actions :func:`rules.siege.game.apply` accepts, as every rule system's does
(:class:`rules.contract.Engine`): each option of the menu with its default details and each target it lists.

>>> from rules.siege.example import example_start
>>> sorted({action.name for action in legal_actions(example_start())})
['buy', 'deploy', 'end_phase']

:func:`menu_options` lists, for the step of the turn the battle is at, each kind of action open to a side with the
models that may act and what they may act on. A choice from it with details other than its defaults may still be
refused by a finer rule (a quota, a connection's capacity, a roll's need), which :func:`rules.siege.game.problems`
names.
:func:`choose` turns a choice from a menu into the action to play.

>>> sorted({o.name for o in menu_options(example_start())})
['buy', 'deploy', 'end_phase']

Asked for one kind of action, it lists only the entries of that kind, as the whole menu lists them, and works out
only the part of the menu that may hold them:

>>> menu_options(example_start(), "deploy") == [o for o in menu_options(example_start()) if o.name == "deploy"]
True

The movement step's menus are in :mod:`rules.siege.menus.menu_movement`, those of the magic, shooting and close-combat
steps in :mod:`rules.siege.menus.menu_combat`, the belfry's in :mod:`rules.siege.menus.belfry_menu`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rules.fast.members import BESIEGED, BESIEGER, CLOSE_COMBAT, MOVEMENT
from rules.siege.actions import Action
from rules.siege.board.engines import MineGoal
from rules.siege.board.menu_view import MenuView, bought, section_place
from rules.siege.board.obligations import at_once, pending
from rules.siege.board.options import MENU_PARTS, Option
from rules.siege.board.state import SIEGE_TOWER_HOLDS, BattleState, Phase, Place, SetupTurn, Side, Zone, quota
from rules.siege.chapters.costs import BRAZIER_ITEMS, affordable, left_to_place
from rules.siege.chapters.defences import BRAZIERS_PER_SECTION
from rules.siege.chapters.deployment import may_crew
from rules.siege.chapters.mining import (
    SAPPERS,
    may_dig,
    may_reach_foundations,
    mine_exits,
    rerolls,
    sappers_may_roll,
    undermineable,
)
from rules.siege.chapters.psychology import panic_tests
from rules.siege.chapters.reactions import may_stand_and_shoot as _registers_the_charge_reaction  # noqa: F401 (§3.1.2)
from rules.siege.menus.belfry_menu import belfry_options
from rules.siege.menus.choices import CATAPULT, choose
from rules.siege.menus.menu_combat import (
    blocked,
    bombarding,
    disembarking,
    gate_attacks,
    magic,
    rams_at_gates,
    section_in_combat,
    sections_in_combat,
    shooting,
)
from rules.siege.menus.menu_movement import (
    besieged_at_movement_end,
    besieger_engines,
    braziers_taken,
    breach_guards,
    charges_in,
    counter_mines,
    end_blocks,
    flight,
    gate_guards,
    gate_locks,
    giant_climbs,
    ladder_reactions,
    ladder_works,
    ladders_and_rams,
    moves_and_charges,
    moves_in,
    sorties,
    tower_pushes,
    tunnels,
)

__all__ = ["CATAPULT", "Option", "choose", "legal_actions", "menu_combat_on", "menu_moves_from", "menu_options"]


def legal_actions(state: BattleState) -> list[Action]:
    """Every action :func:`rules.siege.game.apply` accepts now as the menu offers it: each option of
    :func:`menu_options` with its default models (:meth:`Option.default`), once for each target it lists (or with
    none), made into an action by :func:`choose`. Nothing once the siege is over (§16)."""
    found: list[Action] = []
    for option in menu_options(state):
        actors = option.actors[: option.most]
        for target in option.targets or (None,):
            found.append(choose(state, option, actors, target))
    return found


def menu_options(state: BattleState, name: str | None = None) -> list[Option]:
    """The menu of what may be played now, in the order of the turn's sequence (002): the side to play's own actions,
    then what the other side may do in its turn (push back a ladder, pour, block, §7.1.6, §8.2.2, §6.3), then ending
    the step and the turn. Nothing once the siege is over (§16). While an obligation is pending
    (:mod:`rules.siege.board.obligations`), only the options that settle it. With ``name``, only the entries of that
    kind.
    """
    if state.over:
        return []
    due = pending(state)
    now = at_once(state) if due else ()
    if now:  # an obligation settled at once comes alone
        settling = [o for obligation in now for o in obligation.options]
        return settling if name is None else [o for o in settling if o.name == name]
    memo = state.memo
    phase = state.phase
    builds = _PARTS.get((phase, name))
    if builds is None:
        parts = (*_STEP_OPTIONS[phase], *MENU_PARTS.get(phase, ()))  # the step's own, then those registered
        builds = _PARTS[phase, name] = tuple(b for b, names in parts if name is None or name in names)
    found: list[Option] = []
    view: MenuView | None = None
    for build in builds:
        part = memo.get(build)
        if part is None:
            if view is None:
                view = _view(state)
            part = memo[build] = build(view)
        found.extend(part)
    if state.belfries:
        part = memo.get(belfry_options)
        if part is None:
            part = memo[belfry_options] = belfry_options(state, _view(state).ready)
        found.extend(part)
    if name is None or name in _CLOSING:
        if state.heroism_tokens > 0 and phase is not Phase.SETUP:
            found.append(Option("spend_heroism", Side.BESIEGED))
        if not due:  # the step does not end while an obligation waits (R33, R34)
            if phase is not Phase.END:
                found.append(Option("end_phase", state.active))
            if phase is not Phase.SETUP:
                found.append(Option("end_turn", state.active))
    if name is None or not found:
        return found
    return [o for o in found if o.name == name]


def menu_moves_from(state: BattleState, name: str, zone: Zone) -> list[Option]:
    """The entries named ``name`` (a move or a charge) of :func:`menu_options` whose models stand in ``zone``, in
    the menu's order, working out only those places' part (§2, §3.1)."""
    build = _ZONE_STEPS.get(name)
    if build is None or state.over or state.phase is not MOVEMENT:
        return []
    if at_once(state):
        return [o for o in menu_options(state, name) if o.where is not None and Place.parse(o.where).zone is zone]
    return list(_kept(state, build, zone))


def menu_combat_on(state: BattleState, name: str, section: str) -> list[Option]:
    """The entries named ``name`` (a fight, a retreat or a hold) of :func:`menu_options` on the fort's ``section``,
    working out only that section's part (§3.2, §3.3.2)."""
    if state.over or state.phase is not CLOSE_COMBAT:
        return []
    if at_once(state):
        return [o for o in menu_options(state, name) if o.where == section]
    return [o for o in _kept(state, section_in_combat, section) if o.name == name]


_ZONE_STEPS = {"move": moves_in, "charge": charges_in}
"""The part of the menu from a zone's places for each of the kinds :func:`menu_moves_from` lists."""

_Where = TypeVar("_Where", Zone, str)


def _kept(state: BattleState, build: Callable[[MenuView, _Where], list[Option]], where: _Where) -> list[Option]:
    """The part ``build`` works out for ``where``, kept in the state's memo once worked out."""
    memo = state.memo
    key = (build, where)
    part: list[Option] | None = memo.get(key)
    if part is None:
        part = memo[key] = build(_view(state), where)
    return part


def _view(state: BattleState) -> MenuView:
    """The state sorted for its menus, once a state."""
    memo = state.memo
    view: MenuView | None = memo.get(MenuView)
    if view is None:
        view = memo[MenuView] = MenuView(state)
    return view


_CLOSING = frozenset({"spend_heroism", "end_phase", "end_turn"})
"""The entries every step's menu closes with."""


# ---- set-up (§14, §16) ---------------------------------------------------------------------------------------------


def _setting_up(state: BattleState) -> tuple[Side, ...]:
    """The sides that set up now: the side of this part of the set-up (§16), both in a set-up logged as shared."""
    turn = state.setup_turn
    return (BESIEGER, BESIEGED) if turn is SetupTurn.SHARED else (turn.side,)


def _setup(view: MenuView) -> list[Option]:
    """What the side setting up may do (§14, §16): buy what its budget still pays for, deploy its models, and, in
    its part, place what it bought: the besieged's braziers, stones and rocks with its courtyards, the besieger's
    braziers given to shooters and siege towers deployed with their crews."""
    state = view.state
    sides = _setting_up(state)
    turn = state.setup_turn
    found = []
    for side in sides:
        items = affordable(state, side)
        if items:
            found.append(Option("buy", side, targets=items))
    if BESIEGER in sides:
        found += _deploy_besieger(view)
    if BESIEGED in sides:
        found += _deploy_besieged(view, courtyards_only=turn is SetupTurn.COURTYARDS)
    if BESIEGED in sides and turn is not SetupTurn.WALLS:  # §16: its engines after the besieger's deployment
        found += _besieged_engines(view)
    if BESIEGER in sides:
        found += _besieger_engines(view)
    return found


def _deploy_besieger(view: MenuView) -> list[Option]:
    """§16: the besieger's models on the field, to any place on the field 40 cm or more from the walls."""
    on_field = [(place, models) for place, models in view.by_side(BESIEGER).items() if place.zone is Zone.FIELD]
    actors = tuple(m.id for _, models in on_field for m in models)
    if not actors:
        return []
    return [Option("deploy", BESIEGER, actors=actors, targets=tuple(sorted(str(p) for p, _ in on_field)))]


def _deploy_besieged(view: MenuView, *, courtyards_only: bool) -> list[Option]:
    """§16: the besieged's models on the fort's sections, one option a section with room (its quota, §1.7), cavalry
    in the courtyards only (§3.2.3); in its last part, those of the courtyards from one courtyard to another."""
    state = view.state
    fort = state.fort
    standing = view.by_side(BESIEGED)
    courtyards = frozenset(view.courtyards)
    targets = view.courtyards if courtyards_only else tuple(s.id for s in fort.sections)
    movers = [
        m
        for place, models in standing.items()
        if place.zone is Zone.SECTION and (not courtyards_only or place.ref in courtyards)
        for m in models
    ]
    found = []
    for section in targets:
        here = section_place(section)
        room = quota(fort.section(section).kind) - sum(m.profile.ratio for m in standing.get(here, ()))
        cavalry_welcome = section in courtyards
        fitting = [
            m
            for m in movers
            if m.place != here and m.profile.ratio <= room and (cavalry_welcome or not m.profile.is_cavalry)
        ]
        if fitting:
            most = _fitting(sorted((m.profile.ratio for m in fitting), reverse=True), room)
            found.append(Option("deploy", BESIEGED, section, tuple(m.id for m in fitting), (section,), most=most))
    return found


def _fitting(ratios: list[int], room: int) -> int:
    """How many models fit in ``room`` whichever are picked: the most whose largest ``ratios`` (in falling order)
    add up to ``room`` at most (§1.7)."""
    total = 0
    for count, ratio in enumerate(ratios):
        total += ratio
        if total > room:
            return count
    return len(ratios)


def _besieged_engines(view: MenuView) -> list[Option]:
    """§8.2.1: each kind of brazier bought and not yet placed, on a rampart with room for one more (two a section);
    §8.1.1: the stone and rock tokens bought and not yet allocated, on a rampart."""
    state = view.state
    found = []
    open_ramparts = tuple(s for s in view.ramparts if len(state.works_of(s).braziers) < BRAZIERS_PER_SECTION)
    if open_ramparts:
        for item in dict.fromkeys(BRAZIER_ITEMS.values()):
            if left_to_place(state, BESIEGED, item) > 0:
                found.append(Option("place_braziers", BESIEGED, item, targets=open_ramparts))
    if left_to_place(state, BESIEGED, "stones") > 0 or left_to_place(state, BESIEGED, "rock") > 0:
        found.append(Option("allocate_ammunition", BESIEGED, targets=view.ramparts))
    return found


def _besieger_engines(view: MenuView) -> list[Option]:
    """§9.1.1: a brazier bought and not yet given, to a unit of shooters without one; §16, §7.3.1: a siege tower
    bought and not yet on the table, deployed with its crew from the models on the field (at most 15 aboard,
    §7.3.4); a belfry starts at its distance instead (001 §4.1, R16)."""
    state = view.state
    found = []
    if bought(state, BESIEGER).count("brazier") > len(state.unit_braziers):
        given = frozenset(state.unit_braziers)
        shooters = sorted(
            {m.unit for m in state.models if m.side is BESIEGER and m.profile.missile is not None} - given
        )
        if shooters:
            found.append(Option("give_brazier", BESIEGER, targets=tuple(shooters)))
    towers = [
        t
        for t in state.siege_towers
        if t.section is None and not t.crew and not t.collapsed and not state.is_belfry(t.id)
    ]
    if towers:
        crew = [m for m in state.models if may_crew(state, m)]
        if crew:
            most = _fitting(sorted((m.profile.ratio for m in crew), reverse=True), SIEGE_TOWER_HOLDS)
            ids = tuple(m.id for m in crew)
            found += [Option("place_tower", BESIEGER, f"siege_tower:{t.id}", ids, most=most) for t in towers]
    return found


def _setup_mine(view: MenuView) -> list[Option]:
    """§10.1: « Le joueur assiégeant désigne 6 figurines ayant une PU de 1 (pas de cavalerie, de monstre ni de
    créatures de plus de 3 mètres de haut) qu'il peut prélever sur n'importe quel régiment »."""
    state = view.state
    if state.mine is not None or BESIEGER not in _setting_up(state):
        return []
    diggers = tuple(m.id for m in state.models if may_dig(m, BESIEGER) and m.place.zone is not Zone.MINE)
    if len(diggers) < SAPPERS:
        return []
    goals = tuple(g.value for g in MineGoal)
    return [Option("start_mine", BESIEGER, actors=diggers, targets=goals, least=SAPPERS, most=SAPPERS)]


def _outside(view: MenuView) -> tuple[str, ...]:
    """The besieger's models outside the fort, who may carry the engines in the set-up."""
    return tuple(m.id for m in view.state.models if m.side is BESIEGER and not m.place.inside)


def _setup_engines(view: MenuView) -> list[Option]:
    if BESIEGER not in _setting_up(view.state):
        return []
    return ladders_and_rams(view)


def _setup_counter_mine(view: MenuView) -> list[Option]:
    """§10.2: against the besieger's mine, the besieged's counter-miners, in its part after the besieger's."""
    if BESIEGED not in _setting_up(view.state) or view.state.setup_turn is SetupTurn.WALLS:
        return []
    return counter_mines(view)


# ---- the sappers' roll (§10.3) ------------------------------------------------------------------------------------


def _sappers(view: MenuView) -> list[Option]:
    """The sappers' roll of the besieger's turn (§10.3). Under the foundations, the section to weaken is named
    when this roll may reach them (§10.3.1); a section named before weakens nothing, the next roll naming its own."""
    state = view.state
    mine = state.mine
    if mine is None or not sappers_may_roll(state):
        return []
    # §10.3.1: the section the foundations' damage falls on, named with the roll when this roll may reach 8: « une
    # section/niveau de rempart ou de tour à l'exception de la section/niveau intégrant la porte principale »
    if may_reach_foundations(mine):
        return [Option("dig", BESIEGER, targets=undermineable(state))]
    return [Option("dig", BESIEGER)]


def _rerolls(view: MenuView) -> list[Option]:
    """Once this turn's mining roll is made, each side's sapper re-rolls its die once a game (§10.4)."""
    state = view.state
    found = []
    for side in (BESIEGER, Side.BESIEGED):
        dice = rerolls(state, side)
        if dice:
            found.append(Option("reroll_mine", side, targets=tuple(die.value for die in dice)))
    return found


def _leaving_the_mine(view: MenuView) -> list[Option]:
    """The diggers stop at any time (§10.1: « à tout moment »): the sappers rejoin their regiment or stand apart,
    the counter-miners come up together in a courtyard with room for them all (§10.2)."""
    state = view.state
    mine = state.mine
    if mine is None:
        return []
    found = [Option("leave_mine", BESIEGER)] if mine.sappers else []
    exits = mine_exits(state)
    if exits:
        found.append(Option("leave_mine", Side.BESIEGED, targets=exits))
    return found


# ---- the panic tests the step's losses call for (§4.1) ---------------------------------------------------------------


def _panic_tests(view: MenuView) -> list[Option]:
    return panic_tests(view.state)


_Build = Callable[[MenuView], list[Option]]
_KNOCK_OVER = (braziers_taken, frozenset({"knock_over_braziers"}))
"""The braziers of a section the besiegers hold, knocked over in any step of their turn (§8.2.3)."""
_LADDERS_AND_RAMS = frozenset({"pick_up_ladder", "drop_ladder", "carry_ram", "bring_ram", "drop_ram"})
_STEP_OPTIONS: dict[Phase, tuple[tuple[_Build, frozenset[str]], ...]] = {
    Phase.SETUP: (
        (
            _setup,
            frozenset({"buy", "deploy", "place_braziers", "allocate_ammunition", "give_brazier", "place_tower"}),
        ),
        (_setup_mine, frozenset({"start_mine"})),
        (_setup_engines, _LADDERS_AND_RAMS),
        (_setup_counter_mine, frozenset({"counter_mine"})),
    ),
    Phase.SAPPERS: (
        (_sappers, frozenset({"dig"})),
        (_rerolls, frozenset({"reroll_mine"})),
        (_leaving_the_mine, frozenset({"leave_mine"})),
        _KNOCK_OVER,
    ),
    Phase.MOVEMENT: (
        (moves_and_charges, frozenset({"move", "charge"})),
        (flight, frozenset({"rally", "flee"})),
        (besieger_engines, _LADDERS_AND_RAMS),
        (ladder_works, frozenset({"erect_ladder", "hoist_ladder", "carry_ladder"})),
        (tower_pushes, frozenset({"push_tower"})),
        (giant_climbs, frozenset({"climb_wall"})),
        (tunnels, frozenset({"tunnel"})),
        (gate_guards, frozenset({"reinforce_gate", "block"})),
        (gate_locks, frozenset({"unlock_gate"})),
        (breach_guards, frozenset({"block"})),
        (end_blocks, frozenset({"end_block"})),
        (counter_mines, frozenset({"counter_mine"})),
        (_leaving_the_mine, frozenset({"leave_mine"})),
        (sorties, frozenset({"sortie"})),
        (besieged_at_movement_end, frozenset({"throw_stones", "drop_rock", "pour", "put_out_fire", "oil_on_fire"})),
        (ladder_reactions, frozenset({"push_back", "forgo_push_back", "push_over_empty_ladder", "block"})),
        _KNOCK_OVER,
    ),
    Phase.MAGIC: ((magic, frozenset({"cast", "earthquake"})), (_panic_tests, frozenset({"panic_test"})), _KNOCK_OVER),
    Phase.SHOOTING: (
        (shooting, frozenset({"shoot", "shoot_engine", "shoot_gate", "shoot_structure"})),
        (bombarding, frozenset({"bombard"})),
        (_panic_tests, frozenset({"panic_test"})),
        _KNOCK_OVER,
    ),
    Phase.CLOSE_COMBAT: (
        (sections_in_combat, frozenset({"fight"})),
        (blocked, frozenset({"fight_blocker", "take_gate", "fight_giant", "push_back", "knock_down_ladder"})),
        (rams_at_gates, frozenset({"use_ram"})),
        (gate_attacks, frozenset({"attack_gate"})),
        (disembarking, frozenset({"disembark"})),
        _KNOCK_OVER,
    ),
    Phase.END: (_KNOCK_OVER,),
}
"""Each step's parts of the menu, in the menu's order, with the kinds of action each may list."""

_PARTS: dict[tuple[Phase, str | None], tuple[_Build, ...]] = {}
"""The parts of a step's menu that may list a kind of action (all of them for the whole menu), found once."""
