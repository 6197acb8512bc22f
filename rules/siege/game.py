"""The one way into the siege engine: :func:`apply` plays an action, :func:`problems` says why it may not be
played, :func:`legal_actions` lists the actions it accepts now (like ``Board.push``, ``Board.is_legal`` and
``Board.legal_moves`` in python-chess), :func:`menu_options` the menu a page builds its buttons from.

A battle opens in the set-up; the besieged plays first (§16)::

    >>> from rules.dice import Dice
    >>> from rules.siege.actions import EndPhase, Move
    >>> from rules.siege.example import example_start
    >>> state = example_start()
    >>> state.phase, state.active
    (<Phase.SETUP: 'setup'>, <Side.BESIEGED: 'besieged'>)
    >>> [str(p) for p in problems(state, Move(("r1",), "C1"))]
    ['§2.1: wrong_step (action=move, steps=movement, step=setup)']

Each side ends its own part of the set-up (§16): the besieged on its walls, the besieger on the field, the
besieged in its courtyards; then the besieged's first turn begins::

    >>> state = apply(state, EndPhase(), Dice(seed=1)).state
    >>> state.phase, state.active, state.setup_turn
    (<Phase.SETUP: 'setup'>, <Side.BESIEGER: 'besieger'>, <SetupTurn.FIELD: 'field'>)
    >>> state = apply(state, EndPhase(), Dice(seed=1)).state
    >>> state = apply(state, EndPhase(), Dice(seed=1)).state
    >>> state.phase, state.active, state.turn
    (<Phase.MOVEMENT: 'movement'>, <Side.BESIEGED: 'besieged'>, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import contract
from rules.contract import Param, Refusal
from rules.dice import Dice, DieValueError, ReplayMismatch
from rules.fast.members import SETUP
from rules.siege import actions as a
from rules.siege.board.engines import Liquid
from rules.siege.board.fort import SectionKind
from rules.siege.board.obligations import pending
from rules.siege.board.state import (
    BattleState,
    Event,
    IllegalAction,
    Outcome,
    Phase,
    Place,
    SetupTurn,
    Side,
    Zone,
    first_phase,
    quota,
)
from rules.siege.board.values import replace
from rules.siege.chapters import (
    blocking,
    costs,
    defences,
    deployment,
    fire,
    gates,
    giants,
    heroism,
    ladders,
    magic,
    melee,
    mining,
    morale,
    movement,
    psychology,
    rams,
    shooting,
    siege_towers,
    sorties,
)
from rules.siege.chapters.belfry import belfry, drawbridge
from rules.siege.chapters.game_length import end_player_turn
from rules.siege.menus.legal import Option, choose, legal_actions, menu_options
from rules.validation import refusal_of

__all__ = ["TURN_STEPS", "Option", "Refusal", "apply", "choose", "legal_actions", "menu_options", "problems", "side_of"]

TURN_STEPS = (Phase.SAPPERS, Phase.MOVEMENT, Phase.MAGIC, Phase.SHOOTING, Phase.CLOSE_COMBAT, Phase.END)
"""The steps of a player turn in order (002, §10.3); the besieged's turn has no sappers' roll."""


def side_of(state: BattleState, action: a.Action) -> Side:
    """The side that plays ``action``."""
    return _side(state, action, action.actors())


_ENDINGS = (a.EndPhase, a.EndTurn)
_MISSILE_STEPS = frozenset({Phase.MAGIC, Phase.SHOOTING})
_SIDE_NAMED = (a.Buy, a.PanicTest, a.LeaveMine, a.RerollMine)
_LOSERS_PLAY = (a.Retreat, a.Hold)
_CHARGED_PLAY = (a.HoldCharge,)
_NOT_MISSILES = (a.PanicTest, *_ENDINGS)
"""What kills models in the shooting or magic step without a shot or a spell: a panic's flight (§3.3.3), the fires
of the next turn (§9.3)."""


def _side(state: BattleState, action: a.Action, actors: tuple[str, ...]) -> Side:
    if action.by is not None:
        return action.by
    if isinstance(action, _SIDE_NAMED):
        return action.side
    if isinstance(action, _CHARGED_PLAY):
        return state.active.enemy  # §3.1.2: the side charged answers the charge
    if isinstance(action, _LOSERS_PLAY):
        result = state.result(action.section)
        if result is not None and result.loser is not None:
            return result.loser
    known = state.by_id
    for model in actors:
        found = known.get(model)
        if found is not None:
            return found.side
    return state.active


def _turn_problems(state: BattleState, action: a.Action) -> list[Refusal]:
    if state.over:
        return [Refusal("siege_over", "§16")]
    due = pending(state)
    if due:
        now = [o for o in due if o.at_once]  # settled alone, wherever their rules stand among the others
        first = now[0] if now else due[0]
        settling = {o.name for obligation in now for o in obligation.options}
        if (now and action.name not in settling) or isinstance(action, _ENDINGS):
            return [Refusal("obligation_first", first.clause, obligation=first.what, place=first.where)]
    if state.phase not in action.phases:
        return [
            Refusal(
                "wrong_step",
                action.clause,
                action=action.name,
                steps=tuple(p.value for p in sorted(action.phases, key=list(Phase).index)),
                step=state.phase.value,
            )
        ]
    if action.__class__ in _OF_THE_SIDE_TO_PLAY:
        return []  # played by the side whose turn it is, naming no model and no place: nothing else to check
    actors = action.actors()
    side = _side(state, action, actors)
    refusals = (
        [Refusal("not_a_place", action.clause, text=text) for text in _unknown_places(action)] if action.places else []
    )
    if state.phase is SETUP:
        if side is not state.active and state.setup_turn is not SetupTurn.SHARED:
            # §16: the besieged sets up first, the besieger second, the besieged last; each side in its own part
            refusals.append(
                Refusal(
                    "not_your_setup",
                    "§16",
                    active=state.active.value,
                    setup_turn=state.setup_turn.value,
                    side=side.value,
                    action=action.name,
                )
            )
    elif action.own_turn and side is not state.active:
        refusals.append(Refusal("not_your_turn", "§16", active=state.active.value, side=side.value, action=action.name))
    known = state.by_id
    for model_id in actors:
        model = known.get(model_id)
        if model is None:
            refusals.append(Refusal("no_such_model", "§1.7", id=model_id))
        elif model.side is not side:
            refusals.append(Refusal("enemy_model", action.clause, model=model_id, side=side.value))
    return refusals


_OF_THE_SIDE_TO_PLAY = frozenset(
    cls
    for cls in a.ACTIONS.values()
    if cls.by is None
    and cls.acting is None
    and not cls.places
    and not issubclass(cls, (*_SIDE_NAMED, *_LOSERS_PLAY, *_CHARGED_PLAY))
)
"""The actions whose side is the side to play (:func:`_side`) and that name neither model nor place."""


def _unknown_places(action: a.Action) -> list[str]:
    found = []
    for name in action.places:
        text = getattr(action, name)
        if text is None:
            continue
        try:
            Place.parse(text)
        except ValueError:
            found.append(text)
    return found


def problems(state: BattleState, action: a.Action) -> list[Refusal]:
    """Why ``action`` may not be played now, each refusal naming its clause; empty when it may. Nothing is rolled
    with the battle's dice: the action is tried on the state (a value, left as it was) with dice of its own; the
    chapters' rules refuse before they roll, so those dice do not change the answer.
    """
    return contract.problems(_turn_problems, _play, state, action)


def apply(state: BattleState, action: a.Action, dice: Dice) -> Outcome:
    """Play ``action`` with ``dice``: the new state, its events and the dice it rolled. An action the rules forbid
    raises :class:`~rules.siege.board.state.IllegalAction` naming its clause, and nothing changes (the state is a
    value).
    """
    return contract.apply(_turn_problems, _play, state, action, dice)


def _play(state: BattleState, action: a.Action, dice: Dice) -> Outcome:
    played = _played(state, action, dice)
    if state.phase in _MISSILE_STEPS and not isinstance(action, _NOT_MISSILES):
        # §4.1: the models shooting and magic kill in the step are counted for the panic tests they call for
        after = psychology.count_casualties(state, played.state)
        if after is not played.state:
            return Outcome(after, played.events, played.rolls)
    return played


def _played(state: BattleState, action: a.Action, dice: Dice) -> Outcome:
    mark = dice.mark()
    kind = type(action)
    rule = _HANDLERS.get(kind) or a.ACTION_RULES[kind]  # the older actions' table, else the rule registered
    try:
        result = rule(state, action, dice)
    except KeyError as missing:
        # the fort's sections are looked up by name: an unknown one is a refusal, not a failure
        if len(missing.args) == 2 and str(missing.args[0]).startswith("the fort"):
            raise IllegalAction("no_such_section", "§1.1", section=str(missing.args[1])) from None
        raise
    except (IllegalAction, DieValueError, ReplayMismatch):
        raise
    except ValueError as bad:
        raise refusal_of(bad, action.clause, action.name) from None
    if isinstance(result, Outcome):
        return result
    return Outcome(result, (Event(action.name, action.clause, _facts(action), action.actors()),), dice.since(mark))


def _facts(action: a.Action) -> dict[str, Param]:
    """An action's fields as an event's facts (:class:`rules.contract.Event`), a list as a tuple; none left out."""
    return {
        k: tuple(v) if isinstance(v, list) else v
        for k, v in action.to_json().items()
        if k not in ("format", "action") and v not in (None, [], "", False)
    }


# ---- the handlers: each action to the engine's function -----------------------------------------------------------


_NEXT_SETUP_TURN = {SetupTurn.WALLS: SetupTurn.FIELD, SetupTurn.FIELD: SetupTurn.COURTYARDS}
"""§16: after the besieged's walls the besieger's field, after the field the besieged's courtyards."""


def _end_phase(state: BattleState, action: a.EndPhase, dice: Dice) -> BattleState:
    if state.phase is SETUP:
        following = _NEXT_SETUP_TURN.get(state.setup_turn)
        if following is not None:  # §16: the side that sets up next
            return replace(state, setup_turn=following, active=following.side)
        # §16: « L'assiégé obtient le premier tour automatiquement »
        return replace(state, phase=first_phase(state.first), active=state.first)
    steps = TURN_STEPS[TURN_STEPS.index(state.phase) + 1 :]
    return replace(state, phase=steps[0])


def _deploy(state: BattleState, action: a.Deploy, dice: Dice) -> BattleState:
    model = state.model(action.model)
    to = Place.parse(action.to)
    if model.side is Side.BESIEGER and to.zone is not Zone.FIELD:
        raise IllegalAction("besieger_deploys_outside", "§16", place=str(to))
    if model.side is Side.BESIEGED and not (to.inside and state.fort.has_section(to.ref)):
        raise IllegalAction("besieged_deploys_inside", "§16", place=str(to))
    if model.side is Side.BESIEGED and model.place == to:
        raise IllegalAction("already_there", "§16", model=model.id, place=str(to))
    # §16: a model deployed stands where its side deploys; one on an engine, a ladder or in a mine stays there
    if model.place.zone is not (Zone.FIELD if model.side is Side.BESIEGER else Zone.SECTION):
        raise IllegalAction("deployed_already", "§16", model=model.id, place=str(model.place))
    if state.setup_turn is SetupTurn.COURTYARDS and not (
        _in_courtyard(state, model.place) and _in_courtyard(state, to)
    ):
        # §16: « L'assiégé déploie ensuite toutes ses troupes dans la cour intérieure »; the rest stand deployed
        raise IllegalAction("courtyards_only", "§16", model=model.id, from_place=str(model.place), place=str(to))
    if to.inside:
        kind = state.fort.section(to.ref).kind
        others = state.occupancy(to, model.side) - (model.profile.ratio if model.place == to else 0)
        if others + model.profile.ratio > quota(kind):
            raise IllegalAction("section_full", "§1.7", section=to.ref, most=quota(kind), side=model.side.value)
        if model.profile.is_cavalry and kind is not SectionKind.COURTYARD:
            raise IllegalAction("cavalry_in_courtyards", "§3.2.3", section=to.ref)
    return state.with_models({model.id: replace(model, place=to)})


def _buy(state: BattleState, action: a.Buy, dice: Dice) -> BattleState:
    # a battle logged when both sides set up at once bought without the engine coming onto the table: replayed so
    if state.setup_turn is SetupTurn.SHARED:
        return costs.buy(state, action.side, action.item)
    return costs.buy_in_setup(state, action.side, action.item)


def _in_courtyard(state: BattleState, place: Place) -> bool:
    return place.inside and state.fort.section(place.ref).kind is SectionKind.COURTYARD


def _besieged_engines(state: BattleState) -> BattleState:
    """§16: « L'assiégé déploie ensuite toutes ses troupes dans la cour intérieure ainsi que ses engins de siège »:
    stones, rocks and braziers are placed in the besieged's last part of the set-up, after the besieger's."""
    if state.setup_turn is SetupTurn.WALLS or state.setup_turn is SetupTurn.FIELD:
        raise IllegalAction("engines_with_courtyards", "§16")
    return state


def _flee(state: BattleState, action: a.Flee, dice: Dice) -> Outcome:
    return morale.flee_on(state, action.section, state.active, dice, to=action.to, losses_order=action.losses_order)


def _charge(state: BattleState, action: a.Charge, dice: Dice) -> Outcome:
    side = side_of(state, action)
    if not state.at(action.to, side.enemy):
        raise IllegalAction("charge_no_enemy", "§3.1.1", place=action.to)
    return movement.move(state, action.models, action.to, dice, via=action.via, stand_and_shoot=action.stand_and_shoot)


def _move(state: BattleState, action: a.Move, dice: Dice) -> Outcome:
    return movement.move(state, action.models, action.to, dice, via=action.via, stand_and_shoot=action.stand_and_shoot)


def _answer_charge(state: BattleState, shooters: tuple[str, ...], dice: Dice) -> Outcome:
    """The charged side's answer to the charge declared (§3.1.2): its ``shooters`` stand and shoot, or none; then
    the charge lands."""
    declared = state.turn_log.charge
    if declared is None:
        raise IllegalAction("no_charge_waits", "§3.1.2")
    state = replace(state, turn_log=replace(state.turn_log, charge=None))
    return movement.move(state, declared.models, declared.to, dice, via=declared.via, stand_and_shoot=shooters)


def _stand_and_shoot(state: BattleState, action: a.StandAndShoot, dice: Dice) -> Outcome:
    if not action.shooters:
        raise IllegalAction("stand_and_shoot_needs_shooters", "§3.1.2")
    return _answer_charge(state, action.shooters, dice)


def _panic_test(state: BattleState, action: a.PanicTest, dice: Dice) -> Outcome:
    cause = action.cause
    if cause in psychology.IGNORED_PANIC:
        raise IllegalAction("no_panic_in_siege", "§4.1", cause=cause.value)
    if cause is not psychology.PanicCause.CASUALTIES:
        # §8.2.5, §8.2.6, §12.1.5: rolled by the pour or the fight that causes it
        clause = "§12.1.5" if cause is psychology.PanicCause.CLIMBING_WOUNDED else "§8.2.5"
        raise IllegalAction("panic_rolled_with_cause", clause, cause=cause.value)
    return psychology.casualty_panic(
        state,
        action.section,
        action.side,
        dice,
        present=action.present,
        lost=action.lost,
        flee_to=action.flee_to,
        units=action.units,
    )


def _carry_ladder(state: BattleState, action: a.CarryLadder, dice: Dice) -> Outcome:
    return ladders.move_ladder_inside(state, action.ladder, dice)[1]


def _cast(state: BattleState, action: a.CastWard, dice: Dice) -> Outcome:
    caster = state.model(action.caster)
    return magic.ward(state, caster, action.target_in_fort, dice, irresistible=action.irresistible)


def _not_belfry(state: BattleState, tower: str, instead: str) -> BattleState:
    """A siege tower played as a belfry follows 001 instead of §7.3 and §9.2 (R16)."""
    if state.is_belfry(tower):
        raise IllegalAction("tower_is_belfry", "R16", tower=tower, instead=instead)
    return state


def _end_turn(state: BattleState, action: a.EndTurn, dice: Dice) -> Outcome:
    # 001 §8: a drawbridge lowered this turn comes down as the turn ends, before the turn passes
    mark = dice.mark()
    state, events = drawbridge.drop_bridges(state, dice)
    ended = end_player_turn(state, dice)
    return Outcome(ended.state, (*events, *ended.events), dice.since(mark))


_Handler = Callable[[BattleState, Any, Dice], "Outcome | BattleState"]

# each action to its chapter's function; an action added since registers its rule with its chapter instead
# (:func:`rules.siege.actions.plays`), found in :data:`rules.siege.actions.ACTION_RULES`
_HANDLERS: dict[type[a.Action], _Handler] = {
    a.Buy: _buy,
    a.Deploy: _deploy,
    a.PlaceBraziers: lambda s, x, d: defences.place_braziers(_besieged_engines(s), x.section, x.liquids),
    a.AllocateAmmunition: lambda s, x, d: defences.allocate_ammunition(
        _besieged_engines(s), x.section, x.stones, x.rocks
    ),
    a.GiveBrazier: lambda s, x, d: fire.give_brazier(s, x.unit),
    a.PlaceTower: lambda s, x, d: deployment.place_tower(s, x.tower, x.crew),
    a.StartMine: lambda s, x, d: mining.start_mine(s, x.goal, x.sappers),
    a.CounterMine: lambda s, x, d: mining.counter_mine(s, x.models),
    a.EndPhase: _end_phase,
    a.EndTurn: _end_turn,
    a.SpendHeroism: lambda s, x, d: heroism.spend_heroism(s),
    a.Dig: lambda s, x, d: mining.dig(s, d, section=x.section),
    a.RerollMine: lambda s, x, d: mining.reroll(s, x.die, d),
    a.LeaveMine: lambda s, x, d: mining.leave_mine(s, x.side, courtyard=x.courtyard),
    a.ForgoPushBack: lambda s, x, d: ladders.forgo_push_back(s, x.ladder),
    a.UnlockGate: lambda s, x, d: gates.unlock_gate(s, x.gate, x.model),
    a.Tunnel: lambda s, x, d: mining.through_tunnel(s, x.models, x.courtyard),
    a.Move: _move,
    a.Charge: _charge,
    a.StandAndShoot: _stand_and_shoot,
    a.HoldCharge: lambda s, x, d: _answer_charge(s, (), d),
    a.Rally: lambda s, x, d: morale.rally(s, x.section, s.active, d),
    a.Flee: _flee,
    a.Block: lambda s, x, d: blocking.block(s, x.model, x.where),
    a.EndBlock: lambda s, x, d: blocking.end_block(s, x.where, x.blocker),
    a.ReinforceGate: lambda s, x, d: gates.reinforce_gate(s, x.gate, x.models),
    a.Sortie: lambda s, x, d: sorties.sortie(s, x.flyers, x.target),
    a.ClimbWall: lambda s, x, d: giants.climb_wall(s, x.giant, d),
    a.PickUpLadder: lambda s, x, d: ladders.pick_up_ladder(s, x.ladder, x.carriers),
    a.DropLadder: lambda s, x, d: ladders.drop_ladder(s, x.ladder),
    a.CarryLadder: _carry_ladder,
    a.ErectLadder: lambda s, x, d: ladders.erect_ladder(s, x.ladder, x.section, x.climbers),
    a.HoistLadder: lambda s, x, d: ladders.hoist_ladder(s, x.ladder, x.hoisters, x.courtyard),
    a.PushBack: lambda s, x, d: ladders.push_back(s, x.ladder, x.pushers, d, blocker=x.blocker),
    a.PushOverEmptyLadder: lambda s, x, d: ladders.push_over_empty_ladder(s, x.ladder),
    a.KnockDownLadder: lambda s, x, d: ladders.knock_down_ladder(s, x.ladder, d),
    a.CarryRam: lambda s, x, d: rams.carry_ram(s, x.ram, x.carriers),
    a.DropRam: lambda s, x, d: rams.drop_ram(s, x.ram),
    a.BringRam: lambda s, x, d: rams.bring_ram(s, x.ram, x.gate),
    a.UseRam: lambda s, x, d: rams.use_ram(s, x.ram, d),
    a.PushTower: lambda s, x, d: siege_towers.push_tower(
        _not_belfry(s, x.tower, "push_belfry"), x.tower, x.distance, x.section
    ),
    a.Disembark: lambda s, x, d: siege_towers.disembark_after_win(_not_belfry(s, x.tower, "move"), x.tower, x.models),
    a.PushBelfry: lambda s, x, d: belfry.push(s, x.belfry, x.direction, x.hexes),
    a.ClimbBelfry: lambda s, x, d: belfry.step(s, x.models, x.to),
    a.RaiseBelfryLadder: lambda s, x, d: belfry.raise_ground_ladder(s, x.belfry, x.team),
    a.LowerDrawbridge: lambda s, x, d: drawbridge.lower_bridge(s, x.belfry, x.winchers),
    a.ThrowStones: lambda s, x, d: defences.throw_stones(s, x.section, x.throwers, x.targets, d),
    a.DropRock: lambda s, x, d: defences.drop_rock(s, x.section, x.throwers, x.target, d),
    a.Pour: lambda s, x, d: defences.pour_brazier(
        s, x.section, x.liquid, x.pourers, x.targets, d, designated=x.designated, splash=x.splash, structure=x.structure
    ),
    a.KnockOverBraziers: lambda s, x, d: defences.knock_over_braziers(s, x.section),
    a.PutOutFire: lambda s, x, d: defences.pour_on_fire(s, x.section, Liquid.WATER, x.pourers, x.target, d),
    a.OilOnFire: lambda s, x, d: defences.pour_on_fire(s, x.section, Liquid.OIL, x.pourers, x.target, d),
    a.CastWard: _cast,
    a.Earthquake: lambda s, x, d: magic.earthquake(s, x.section, d),
    a.Shoot: lambda s, x, d: shooting.shoot(
        s, x.shooters, x.targets, d, dead_angle=x.dead_angle, flaming=x.flaming, extra=x.extra
    ),
    a.ShootEngine: lambda s, x, d: shooting.shoot_engine(s, x.shooters, x.engine, d, flaming=x.flaming),
    a.ShootGate: lambda s, x, d: shooting.shoot_gate(s, x.shooters, x.gate, d, flaming=x.flaming),
    a.ShootStructure: lambda s, x, d: shooting.shoot_structure(s, x.shooters, x.section, d),
    a.Bombard: lambda s, x, d: shooting.bombard(
        s,
        x.target,
        x.strength,
        x.damage,
        d,
        under_template=x.under_template,
        braziers_hit=x.braziers_hit,
        machine=shooting.check_machine(s, x.machine),
    ),
    a.PanicTest: _panic_test,
    a.Fight: lambda s, x, d: melee.fight(s, x.section, x.pairs, d, second=x.second),
    a.Retreat: lambda s, x, d: morale.retreat(s, x.section, x.to, d),
    a.Hold: lambda s, x, d: morale.hold(s, x.section, d, flee_to=x.flee_to, losses_order=x.losses_order),
    a.AttackGate: lambda s, x, d: gates.attack_gate(s, x.gate, x.attackers, d),
    a.FightBlocker: lambda s, x, d: blocking.fight_blocker(s, x.where, x.attackers, d),
    a.TakeGate: lambda s, x, d: blocking.take_gate(s, x.gate, x.model),
    a.FightGiant: lambda s, x, d: giants.fight_climbing_giant(s, x.giant, d, attack=x.attack, targets=x.targets),
}
