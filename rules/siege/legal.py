"""What may be played now (*les actions possibles*): the menus a page builds its buttons from.

:func:`legal_actions` lists, for the step of the turn the battle is at, each kind of action open to a side with the
models that may act and what they may act on. It is a menu, not a promise: a choice from it may still be refused
by a finer rule (a quota, a connection's capacity, a roll's need), which :func:`rules.siege.game.problems` names.
:func:`choose` turns a choice from a menu into the action to play.

>>> from rules.siege.example import example_start
>>> [o.name for o in legal_actions(example_start())]
['buy', 'deploy', 'place_braziers', 'start_mine', 'carry_ram', 'end_phase']

Asked for one kind of action, it lists only the entries of that kind, as the whole menu lists them, and works out
only the part of the menu that may hold them:

>>> legal_actions(example_start(), "carry_ram") == [
...     o for o in legal_actions(example_start()) if o.name == "carry_ram"
... ]
True

The movement step's menus are in :mod:`rules.siege.menu_movement`, those of the magic, shooting and close-combat
steps in :mod:`rules.siege.menu_combat`, the belfry's in :mod:`rules.siege.belfry_menu`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rules.siege.belfry_menu import belfry_options
from rules.siege.choices import CATAPULT, choose
from rules.siege.costs import ENGINE_COSTS
from rules.siege.engines import MineGoal
from rules.siege.fort import SectionKind
from rules.siege.menu_combat import (
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
from rules.siege.menu_movement import (
    besieged_at_movement_end,
    besieger_engines,
    breach_guards,
    charges_in,
    counter_mines,
    end_blocks,
    flight,
    gate_guards,
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
from rules.siege.menu_view import MenuView, bought
from rules.siege.obligations import at_once, pending
from rules.siege.options import Option
from rules.siege.psychology import panic_tests
from rules.siege.reactions import may_stand_and_shoot as _registers_the_charge_reaction  # noqa: F401 (§3.1.2)
from rules.siege.state import BattleState, Phase, Place, Side, Zone

# an enum's member read from its class goes through the enum's own look-up on Python 3.11: the hot ones read once
_MOVEMENT, _CLOSE_COMBAT = Phase.MOVEMENT, Phase.CLOSE_COMBAT
_BESIEGER = Side.BESIEGER

__all__ = ["CATAPULT", "Option", "choose", "legal_actions", "legal_combat_on", "legal_moves_from"]


_FIELD = "field:outside"
"""Where the besieger deploys when none of his models stands on the field yet (§16)."""


def legal_actions(state: BattleState, name: str | None = None) -> list[Option]:
    """The menu of what may be played now, in the order of the turn's sequence (002): the side to play's own actions,
    then what the other side may do in its turn (push back a ladder, pour, block, §7.1.6, §8.2.2, §6.3), then ending
    the step and the turn. Nothing once the siege is over (§16). While an obligation is pending
    (:mod:`rules.siege.obligations`), only the options that settle it. With ``name``, only the entries of that kind.
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
        builds = _PARTS[phase, name] = tuple(b for b, names in _STEP_OPTIONS[phase] if name is None or name in names)
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


def legal_moves_from(state: BattleState, name: str, zone: Zone) -> list[Option]:
    """The entries named ``name`` (a move or a charge) of :func:`legal_actions` whose models stand in ``zone``, in
    the menu's order, working out only those places' part (§2, §3.1)."""
    build = _ZONE_STEPS.get(name)
    if build is None or state.over or state.phase is not _MOVEMENT:
        return []
    if at_once(state):
        return [o for o in legal_actions(state, name) if o.where is not None and Place.parse(o.where).zone is zone]
    return list(_kept(state, build, zone))


def legal_combat_on(state: BattleState, name: str, section: str) -> list[Option]:
    """The entries named ``name`` (a fight, a retreat or a hold) of :func:`legal_actions` on the fort's ``section``,
    working out only that section's part (§3.2, §3.3.2)."""
    if state.over or state.phase is not _CLOSE_COMBAT:
        return []
    if at_once(state):
        return [o for o in legal_actions(state, name) if o.where == section]
    return [o for o in _kept(state, section_in_combat, section) if o.name == name]


_ZONE_STEPS = {"move": moves_in, "charge": charges_in}
"""The part of the menu from a zone's places for each of the kinds :func:`legal_moves_from` lists."""

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


def _setup(view: MenuView) -> list[Option]:
    state = view.state
    found = [Option("buy", side, targets=tuple(ENGINE_COSTS[side])) for side, _ in state.budgets]
    for side in Side:
        deployed = tuple(m.id for m in state.models if m.side is side and m.place.zone in (Zone.SECTION, Zone.FIELD))
        if side is Side.BESIEGED:
            places = tuple(s.id for s in state.fort.sections)
        else:
            places = tuple(sorted({str(m.place) for m in state.models if m.place.zone is Zone.FIELD})) or (_FIELD,)
        if deployed:
            found.append(Option("deploy", side, actors=deployed, targets=places))
    found.append(Option("place_braziers", Side.BESIEGED, targets=view.ramparts))
    tokens = [
        (item, bought(state, Side.BESIEGED).count(item) - sum(getattr(w, field) for w in state.works))
        for item, field in (("stones", "stones"), ("rock", "rocks"))
    ]
    if any(left > 0 for _, left in tokens):
        found.append(Option("allocate_ammunition", Side.BESIEGED, targets=view.ramparts))
    if "brazier" in bought(state, _BESIEGER):
        shooters = sorted({m.unit for m in state.models if m.side is _BESIEGER and m.profile.missile is not None})
        if shooters:
            found.append(Option("give_brazier", _BESIEGER, targets=tuple(shooters)))
    return found


def _outside(view: MenuView) -> tuple[str, ...]:
    """The besieger's models outside the fort, who may start the mine and carry the engines in the set-up."""
    return tuple(m.id for m in view.state.models if m.side is _BESIEGER and not m.place.inside)


def _setup_mine(view: MenuView) -> list[Option]:
    outside = _outside(view)
    if view.state.mine is None and outside:
        return [Option("start_mine", _BESIEGER, actors=outside, targets=tuple(g.value for g in MineGoal))]
    return []


def _setup_engines(view: MenuView) -> list[Option]:
    return ladders_and_rams(view, _outside(view))


# ---- the sappers' roll (§10.3) ------------------------------------------------------------------------------------


def _sappers(view: MenuView) -> list[Option]:
    mine = view.state.mine
    if mine is None or mine.finished or view.state.turn_log.dug:
        return []
    return [Option("dig", _BESIEGER, actors=mine.sappers, targets=view.sections(*SectionKind) or ())]


# ---- the panic tests the step's losses call for (§4.1) ---------------------------------------------------------------


def _panic_tests(view: MenuView) -> list[Option]:
    return panic_tests(view.state)


_Build = Callable[[MenuView], list[Option]]
_LADDERS_AND_RAMS = frozenset({"pick_up_ladder", "drop_ladder", "carry_ram", "bring_ram", "drop_ram"})
_STEP_OPTIONS: dict[Phase, tuple[tuple[_Build, frozenset[str]], ...]] = {
    Phase.SETUP: (
        (_setup, frozenset({"buy", "deploy", "place_braziers", "allocate_ammunition", "give_brazier"})),
        (_setup_mine, frozenset({"start_mine"})),
        (_setup_engines, _LADDERS_AND_RAMS),
    ),
    Phase.SAPPERS: ((_sappers, frozenset({"dig"})),),
    Phase.MOVEMENT: (
        (moves_and_charges, frozenset({"move", "charge"})),
        (flight, frozenset({"rally", "flee"})),
        (besieger_engines, _LADDERS_AND_RAMS),
        (ladder_works, frozenset({"erect_ladder", "hoist_ladder", "carry_ladder"})),
        (tower_pushes, frozenset({"push_tower"})),
        (giant_climbs, frozenset({"climb_wall"})),
        (tunnels, frozenset({"tunnel"})),
        (gate_guards, frozenset({"reinforce_gate", "block"})),
        (breach_guards, frozenset({"block"})),
        (end_blocks, frozenset({"end_block"})),
        (counter_mines, frozenset({"counter_mine"})),
        (sorties, frozenset({"sortie"})),
        (besieged_at_movement_end, frozenset({"throw_stones", "drop_rock", "pour", "put_out_fire", "oil_on_fire"})),
        (ladder_reactions, frozenset({"push_back", "push_over_empty_ladder", "block", "knock_down_ladder"})),
    ),
    Phase.MAGIC: ((magic, frozenset({"cast"})), (_panic_tests, frozenset({"panic_test"}))),
    Phase.SHOOTING: (
        (shooting, frozenset({"shoot", "shoot_engine", "shoot_gate", "shoot_structure"})),
        (bombarding, frozenset({"bombard"})),
        (_panic_tests, frozenset({"panic_test"})),
    ),
    Phase.CLOSE_COMBAT: (
        (sections_in_combat, frozenset({"fight", "retreat", "hold"})),
        (blocked, frozenset({"fight_blocker", "take_gate", "fight_giant"})),
        (rams_at_gates, frozenset({"use_ram"})),
        (gate_attacks, frozenset({"attack_gate"})),
        (disembarking, frozenset({"disembark"})),
    ),
    Phase.END: (),
}
"""Each step's parts of the menu, in the menu's order, with the kinds of action each may list."""

_PARTS: dict[tuple[Phase, str | None], tuple[_Build, ...]] = {}
"""The parts of a step's menu that may list a kind of action (all of them for the whole menu), found once."""
