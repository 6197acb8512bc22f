"""The one way into the siege engine: :func:`apply` plays an action, :func:`problems` says why it may not be
played, :func:`legal_actions` lists what may be played now (like ``Board.push``, ``Board.is_legal`` and
``Board.legal_moves`` in python-chess).

A battle opens in the set-up; the besieged plays first (§16)::

    >>> from rules.dice import Dice
    >>> from rules.siege.actions import EndPhase, Move
    >>> from rules.siege.example import example_start
    >>> state = example_start()
    >>> state.phase, state.active
    (<Phase.SETUP: 'setup'>, <Side.BESIEGED: 'besieged'>)
    >>> [str(p) for p in problems(state, Move(("r1",), "C1"))]
    ['§2.1: move is played in the movement step, not in the setup step']
    >>> state = apply(state, EndPhase(), Dice(seed=1)).state
    >>> state.phase, state.turn
    (<Phase.MOVEMENT: 'movement'>, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.dice import Dice
from rules.siege import actions as a
from rules.siege import (
    blocking,
    costs,
    defences,
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
from rules.siege.engines import Liquid, MineGoal
from rules.siege.fort import SectionKind
from rules.siege.game_length import end_player_turn
from rules.siege.profiles import TroopType
from rules.siege.state import (
    BattleState,
    Event,
    IllegalAction,
    Model,
    Outcome,
    Phase,
    Place,
    Side,
    Zone,
    first_phase,
    quota,
)

__all__ = ["TURN_STEPS", "Option", "Refusal", "apply", "choose", "legal_actions", "problems", "side_of"]

TURN_STEPS = (Phase.SAPPERS, Phase.MOVEMENT, Phase.MAGIC, Phase.SHOOTING, Phase.CLOSE_COMBAT, Phase.END)
"""The steps of a player turn in order (002, §10.3); the besieged's turn has no sappers' roll."""


@dataclass(frozen=True)
class Refusal:
    """Why an action may not be played: the clause that forbids it and a sentence."""

    clause: str
    message: str

    def __str__(self) -> str:
        return f"{self.clause}: {self.message}"


@dataclass(frozen=True)
class Option:
    """One entry of the menu of what may be played now: an action's ``name``, the ``side`` that plays it, the place
    or thing it is about (``where``: a section, ``"ladder:L1"``, a gate…), the models that may act and what they may
    act on (places, models, gates, items).
    """

    name: str
    side: Side
    where: str | None = None
    actors: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.name,
            "side": self.side.value,
            "where": self.where,
            "actors": list(self.actors),
            "targets": list(self.targets),
        }


def side_of(state: BattleState, action: a.Action) -> Side:
    """The side that plays ``action``."""
    if action.by is not None:
        return action.by
    if isinstance(action, a.Buy | a.PanicTest):
        return action.side
    if isinstance(action, a.Retreat | a.Hold):
        result = state.result(action.section)
        if result is not None and result.loser is not None:
            return result.loser
    for model in action.actors():
        for found in state.models:
            if found.id == model:
                return found.side
    return state.active


def _turn_problems(state: BattleState, action: a.Action) -> list[Refusal]:
    if state.over:
        return [Refusal("§16", "the siege is over")]
    if state.phase not in action.phases:
        return [
            Refusal(
                action.phase_clause,
                f"{action.name} is played in the {_steps(action.phases)} step, not in the {_step(state.phase)} step",
            )
        ]
    side = side_of(state, action)
    refusals = []
    if state.phase is not Phase.SETUP and action.own_turn and side is not state.active:
        refusals.append(Refusal("§16", f"it is the {state.active}'s turn: the {side} may not {action.name} now"))
    if isinstance(action, a.Buy | a.PanicTest) and action.by is not None and action.side is not action.by:
        refusals.append(Refusal(action.phase_clause, f"only the {action.by} may {action.name}"))
    known = {m.id: m for m in state.models}
    for model_id in action.actors():
        model = known.get(model_id)
        if model is None:
            refusals.append(Refusal("§1.7", f"there is no model {model_id!r} in this battle"))
        elif model.side is not side:
            refusals.append(Refusal(action.phase_clause, f"{model_id} is a {model.side} model, not a {side} one"))
    return refusals


def _step(phase: Phase) -> str:
    return phase.value.replace("_", " ")


def _steps(phases: Iterable[Phase]) -> str:
    return " or ".join(_step(p) for p in sorted(phases, key=list(Phase).index))


def problems(state: BattleState, action: a.Action) -> list[Refusal]:
    """Why ``action`` may not be played now, each refusal naming its clause; empty when it may. Nothing is rolled
    with the battle's dice: the action is tried on a copy of the state with dice of its own.
    """
    refusals = _turn_problems(state, action)
    if refusals:
        return refusals
    try:
        _play(state, action, Dice(seed=0))
    except IllegalAction as refused:
        return [Refusal(refused.clause, str(refused))]
    return []


def apply(state: BattleState, action: a.Action, dice: Dice) -> Outcome:
    """Play ``action`` with ``dice``: the new state, its events and the dice it rolled. An action the rules forbid
    raises :class:`~rules.siege.state.IllegalAction` naming its clause, and nothing changes (the state is a value).
    """
    refusals = _turn_problems(state, action)
    if refusals:
        raise IllegalAction(refusals[0].message, refusals[0].clause)
    return _play(state, action, dice)


def _play(state: BattleState, action: a.Action, dice: Dice) -> Outcome:
    mark = dice.mark()
    try:
        result = _HANDLERS[type(action)](state, action, dice)
    except KeyError as missing:
        # the fort's sections are looked up by name: an unknown one is a refusal, not a failure
        text = str(missing.args[0]) if missing.args else ""
        if text.startswith("the fort"):
            raise IllegalAction(text, "§1.1") from None
        raise
    if isinstance(result, Outcome):
        return result
    return Outcome(
        result, (Event(action.name, action.phase_clause, _describe(action), action.actors()),), dice.since(mark)
    )


def _describe(action: a.Action) -> str:
    fields = ", ".join(f"{k}={v}" for k, v in action.to_json().items() if k not in ("format", "action") and v)
    return f"{action.name.replace('_', ' ')} ({fields})" if fields else action.name.replace("_", " ")


# ---- the handlers: each action to the engine's function -----------------------------------------------------------


def _end_phase(state: BattleState, action: a.EndPhase, dice: Dice) -> BattleState:
    if state.phase is Phase.SETUP:
        return replace(state, phase=first_phase(state.active))
    steps = TURN_STEPS[TURN_STEPS.index(state.phase) + 1 :]
    return replace(state, phase=steps[0])


def _deploy(state: BattleState, action: a.Deploy, dice: Dice) -> BattleState:
    model = state.model(action.model)
    to = Place.parse(action.to)
    if model.side is Side.BESIEGER and to.zone is not Zone.FIELD:
        raise IllegalAction(f"the besieger deploys 40 cm or more from the walls, not at {to} (§16)", "§16")
    if model.side is Side.BESIEGED and not (to.inside and state.fort.has_section(to.ref)):
        raise IllegalAction(f"the besieged deploys inside the fort, not at {to} (§16, §11.1)", "§16")
    if to.inside:
        kind = state.fort.section(to.ref).kind
        if state.occupancy(to, model.side) + model.profile.ratio > quota(kind):
            raise IllegalAction(f"{to.ref} holds at most {quota(kind)} {model.side} models (§1.7)", "§1.7")
        if model.profile.is_cavalry and kind is not SectionKind.COURTYARD:
            raise IllegalAction(f"cavalry is deployed in courtyards only, not on {to.ref} (§3.2.3)", "§3.2.3")
    return state.with_models({model.id: replace(model, place=to)})


def _flee(state: BattleState, action: a.Flee, dice: Dice) -> Outcome:
    return morale.flee_on(state, action.section, state.active, dice, to=action.to)


def _charge(state: BattleState, action: a.Charge, dice: Dice) -> Outcome:
    side = side_of(state, action)
    if not state.at(action.to, side.enemy):
        raise IllegalAction(f"no enemy holds {action.to}: a charge is a move onto the enemy (§3.1.1)", "§3.1.1")
    return movement.move(state, action.models, action.to, dice, via=action.via, stand_and_shoot=action.stand_and_shoot)


def _move(state: BattleState, action: a.Move, dice: Dice) -> Outcome:
    return movement.move(state, action.models, action.to, dice, via=action.via, stand_and_shoot=action.stand_and_shoot)


def _carry_ladder(state: BattleState, action: a.CarryLadder, dice: Dice) -> Outcome:
    return ladders.move_ladder_inside(state, action.ladder, dice)[1]


def _put_out_fire(state: BattleState, action: a.PutOutFire, dice: Dice) -> Outcome:
    after, event = fire.pour_water(state, action.target)
    return Outcome(after, (event,), ())


def _oil_on_fire(state: BattleState, action: a.OilOnFire, dice: Dice) -> Outcome:
    mark = dice.mark()
    after, events = fire.oil_on_fire(state, action.target, dice)
    return Outcome(after, tuple(events), dice.since(mark))


def _cast(state: BattleState, action: a.CastWard, dice: Dice) -> Outcome:
    caster = state.model(action.caster)
    return magic.ward(state, caster, action.target_in_fort, dice, irresistible=action.irresistible)


_Handler = Callable[[BattleState, Any, Dice], "Outcome | BattleState"]

_HANDLERS: dict[type[a.Action], _Handler] = {
    a.Buy: lambda s, x, d: costs.buy(s, x.side, x.item),
    a.Deploy: _deploy,
    a.PlaceBraziers: lambda s, x, d: defences.place_braziers(s, x.section, x.liquids),
    a.GiveBrazier: lambda s, x, d: fire.give_brazier(s, x.unit),
    a.StartMine: lambda s, x, d: mining.start_mine(s, x.goal, x.sappers),
    a.CounterMine: lambda s, x, d: mining.counter_mine(s, x.models),
    a.EndPhase: _end_phase,
    a.EndTurn: lambda s, x, d: end_player_turn(s, d),
    a.SpendHeroism: lambda s, x, d: heroism.spend_heroism(s),
    a.Dig: lambda s, x, d: mining.dig(
        s,
        d,
        section=x.section,
        reroll_sapping=x.reroll_sapping,
        reroll_counter=x.reroll_counter,
        reroll_damage=x.reroll_damage,
    ),
    a.Tunnel: lambda s, x, d: mining.through_tunnel(s, x.models, x.courtyard),
    a.Move: _move,
    a.Charge: _charge,
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
    a.PushTower: lambda s, x, d: siege_towers.push_tower(s, x.tower, x.distance, x.section),
    a.Disembark: lambda s, x, d: siege_towers.disembark_after_win(s, x.tower, x.models),
    a.ThrowStones: lambda s, x, d: defences.throw_stones(s, x.section, x.throwers, x.targets, d),
    a.DropRock: lambda s, x, d: defences.drop_rock(s, x.section, x.throwers, x.target, d),
    a.Pour: lambda s, x, d: defences.pour_brazier(
        s, x.section, x.liquid, x.pourers, x.targets, d, designated=x.designated, splash=x.splash, structure=x.structure
    ),
    a.KnockOverBraziers: lambda s, x, d: defences.knock_over_braziers(s, x.section),
    a.CatchFire: lambda s, x, d: fire.catch_fire(s, x.target, d),
    a.PutOutFire: _put_out_fire,
    a.OilOnFire: _oil_on_fire,
    a.CastWard: _cast,
    a.Earthquake: lambda s, x, d: magic.earthquake(s, x.section, d),
    a.Shoot: lambda s, x, d: shooting.shoot(
        s, x.shooters, x.targets, d, dead_angle=x.dead_angle, flaming=x.flaming, extra=x.extra
    ),
    a.ShootEngine: lambda s, x, d: shooting.shoot_engine(s, x.shooters, x.engine, d, flaming=x.flaming),
    a.ShootGate: lambda s, x, d: shooting.shoot_gate(s, x.shooters, x.gate, d, flaming=x.flaming),
    a.ShootStructure: lambda s, x, d: shooting.shoot_structure(s, x.shooters, x.section, d),
    a.Bombard: lambda s, x, d: shooting.bombard(
        s, x.target, x.strength, x.damage, d, under_template=x.under_template, braziers_hit=x.braziers_hit
    ),
    a.PanicTest: lambda s, x, d: psychology.panic_test(
        s,
        x.section,
        x.side,
        x.cause,
        d,
        present=x.present,
        lost=x.lost,
        flee_to=x.flee_to,
        units=None if x.units is None else frozenset(x.units),
    ),
    a.Fight: lambda s, x, d: melee.fight(s, x.section, x.pairs, d, second=x.second),
    a.Retreat: lambda s, x, d: morale.retreat(s, x.section, x.to, d),
    a.Hold: lambda s, x, d: morale.hold(s, x.section, d, flee_to=x.flee_to, losses_order=x.losses_order),
    a.AttackGate: lambda s, x, d: gates.attack_gate(s, x.gate, x.attackers, d),
    a.FightBlocker: lambda s, x, d: blocking.fight_blocker(s, x.where, x.attackers, d),
    a.FightGiant: lambda s, x, d: giants.fight_climbing_giant(s, x.giant, d, attack=x.attack, targets=x.targets),
}


# ---- what may be played now ---------------------------------------------------------------------------------------


def legal_actions(state: BattleState) -> list[Option]:
    """The menu of what may be played now: each kind of action open at this step, with the side that plays it, the
    models that may act and what they may act on. An option is a menu, not a promise: a choice from it may still be
    refused by a finer rule, which :func:`problems` names.
    """
    if state.over:
        return []
    view = _View(state)
    found: list[Option] = []
    if state.phase is Phase.SETUP:
        found.extend(_setup_options(view))
        found.append(Option("end_phase", state.active))
        return found
    builder = _STEP_OPTIONS.get(state.phase)
    if builder is not None:
        found.extend(builder(view))
    if state.heroism_tokens > 0:
        found.append(Option("spend_heroism", Side.BESIEGED))
    if state.phase is not Phase.END:
        found.append(Option("end_phase", state.active))
    found.append(Option("end_turn", state.active))
    return found


class _View:
    """The state sorted once for the menus: the models by place and what the turn's log says of them."""

    def __init__(self, state: BattleState) -> None:
        self.state = state
        self.by_place: dict[Place, list[Model]] = {}
        for model in state.models:
            self.by_place.setdefault(model.place, []).append(model)
        log = state.turn_log
        self.spent = log.moved | log.rallied | log.blockers
        engaged: set[str] = set()
        for pair in state.contacts:
            engaged.update(pair)
        self.engaged = engaged
        self.blocking = {g.blocker for g in state.gates} | {x.blocker for x in state.ladders}
        self.blocking |= {w.blocker for w in state.works}

    def side_at(self, place: Place, side: Side) -> list[Model]:
        return [m for m in self.by_place.get(place, ()) if m.side is side]

    def free(self, place: Place, side: Side) -> tuple[str, ...]:
        """Models of ``side`` at ``place`` that may still move this turn."""
        return tuple(
            m.id
            for m in self.side_at(place, side)
            if not m.fleeing and m.id not in self.spent and m.id not in self.engaged and m.id not in self.blocking
        )


def _section_place(ref: str) -> Place:
    return Place(Zone.SECTION, ref)


def _setup_options(view: _View) -> list[Option]:
    state = view.state
    found = []
    for side, _ in state.budgets:
        found.append(Option("buy", side, targets=tuple(costs.ENGINE_COSTS[side])))
    for side in Side:
        movers = tuple(m.id for m in state.models if m.side is side and m.place.zone in (Zone.SECTION, Zone.FIELD))
        if side is Side.BESIEGED:
            places = tuple(s.id for s in state.fort.sections)
        else:
            places = tuple(sorted({str(m.place) for m in state.models if m.place.zone is Zone.FIELD})) or (_FIELD,)
        if movers:
            found.append(Option("deploy", side, actors=movers, targets=places))
    walls = tuple(s.id for s in state.fort.sections if s.kind is not SectionKind.COURTYARD)
    found.append(Option("place_braziers", Side.BESIEGED, targets=walls))
    if state.mine is None:
        outside = tuple(m.id for m in state.models if m.side is Side.BESIEGER and not m.place.inside)
        found.append(Option("start_mine", Side.BESIEGER, actors=outside, targets=tuple(g.value for g in MineGoal)))
    return found


_FIELD = "field:outside"
"""Where the besieger deploys when none of his models stands on the field yet (§16)."""


def _neighbour_places(state: BattleState, place: Place, side: Side) -> tuple[str, ...]:
    """Where models at ``place`` may step to: adjacent sections, ladders and towers against it, the rampart above a
    ladder or tower, a ladder from the foot of its wall (§2.1.1).
    """
    if place.inside:
        found = [*state.fort.neighbours(place.ref)]
        if side is Side.BESIEGER:
            found += [f"ladder:{x.id}" for x in state.ladders if x.raised and x.section == place.ref]
        return tuple(found)
    if place.zone is Zone.LADDER:
        ladder = state.ladder(place.ref)
        return (ladder.section, f"foot:{ladder.section}") if ladder.raised else ()
    if place.zone is Zone.SIEGE_TOWER:
        tower = state.siege_tower(place.ref)
        return () if tower.section is None else (tower.section,)
    if place.zone is Zone.FOOT:
        return tuple(f"ladder:{x.id}" for x in state.ladders if x.raised and x.section == place.ref)
    return ()


def _movement_options(view: _View) -> list[Option]:
    state = view.state
    side = state.active
    found: list[Option] = []
    for place in view.by_place:
        movers = view.free(place, side)
        if not movers:
            continue
        targets = _neighbour_places(state, place, side)
        open_ = tuple(t for t in targets if not view.side_at(Place.parse(t), side.enemy))
        foes = tuple(t for t in targets if view.side_at(Place.parse(t), side.enemy))
        if open_:
            found.append(Option("move", side, str(place), movers, open_))
        if foes:
            found.append(Option("charge", side, str(place), movers, foes))
    fleeing = sorted({m.place.ref for m in state.models if m.side is side and m.fleeing and m.place.inside})
    for section in fleeing:
        found.append(Option("rally", side, section))
        found.append(Option("flee", side, section))
    if side is Side.BESIEGER:
        found.extend(_besieger_engines(view))
    found.extend(_besieged_reactions(view))
    return found


def _besieger_engines(view: _View) -> list[Option]:
    state = view.state
    found = []
    walls = tuple(s.id for s in state.fort.sections if s.kind in (SectionKind.WALL_WALK, SectionKind.TOWER))
    for ladder in state.ladders:
        if not ladder.raised and ladder.carriers:
            found.append(Option("erect_ladder", Side.BESIEGER, f"ladder:{ladder.id}", ladder.carriers, walls))
    for tower in state.siege_towers:
        if tower.section is None and not tower.collapsed:
            found.append(Option("push_tower", Side.BESIEGER, f"siege_tower:{tower.id}", tower.crew, walls))
    for ram in state.rams:
        if ram.carriers and ram.gate is None:
            found.append(
                Option("bring_ram", Side.BESIEGER, f"ram:{ram.id}", ram.carriers, tuple(g.id for g in state.gates))
            )
    mine = state.mine
    if mine is not None and mine.finished and mine.goal is MineGoal.TUNNEL:
        outside = tuple(m.id for m in state.models if m.side is Side.BESIEGER and m.place.zone is Zone.FIELD)
        courtyards = tuple(s.id for s in state.fort.sections if s.kind is SectionKind.COURTYARD)
        found.append(Option("tunnel", Side.BESIEGER, actors=outside, targets=courtyards))
    return found


def _besieged_reactions(view: _View) -> list[Option]:
    """At the end of a movement phase the besieged throws, pours and, in the besieger's, pushes ladders back
    (§7.1.6, §8.1.2, §8.2.2).
    """
    state = view.state
    found = []
    for works in state.works:
        section = _section_place(works.section)
        defenders = view.free(section, Side.BESIEGED)
        below = tuple(m.id for m in view.side_at(Place(Zone.FOOT, works.section), Side.BESIEGER))
        below += tuple(
            m.id
            for x in state.ladders
            if x.section == works.section and x.raised
            for m in view.side_at(Place(Zone.LADDER, x.id), Side.BESIEGER)
        )
        if not defenders or not below or works.silenced:
            continue
        if works.stones:
            found.append(Option("throw_stones", Side.BESIEGED, works.section, defenders, below))
        if works.rocks:
            found.append(Option("drop_rock", Side.BESIEGED, works.section, defenders, below))
        if works.braziers:
            found.append(Option("pour", Side.BESIEGED, works.section, defenders, below))
    if state.active is Side.BESIEGER:
        for ladder in state.ladders:
            if ladder.raised and ladder.courtyard is None and ladder.id not in state.turn_log.pushed:
                pushers = view.free(_section_place(ladder.section), Side.BESIEGED)
                if pushers:
                    found.append(Option("push_back", Side.BESIEGED, f"ladder:{ladder.id}", pushers))
                if ladder.blocker is None and not ladder.taken and pushers:
                    found.append(Option("block", Side.BESIEGED, f"ladder:{ladder.id}", pushers))
    return found


def _sappers_options(view: _View) -> list[Option]:
    mine = view.state.mine
    if mine is None or mine.finished or view.state.turn_log.dug:
        return []
    walls = tuple(s.id for s in view.state.fort.sections if s.kind is not SectionKind.COURTYARD)
    return [Option("dig", Side.BESIEGER, actors=mine.sappers, targets=walls)]


def _magic_options(view: _View) -> list[Option]:
    return []


def _shooting_options(view: _View) -> list[Option]:
    state = view.state
    side = state.active
    found = []
    foes = tuple(m.id for m in state.models if m.side is side.enemy and m.id not in view.engaged and _seen(m))
    for place, models in view.by_place.items():
        shooters = tuple(
            m.id
            for m in models
            if m.side is side
            and m.profile.missile is not None
            and not m.fleeing
            and m.id not in view.engaged
            and m.id not in view.blocking
        )
        if shooters and foes:
            found.append(Option("shoot", side, str(place), shooters, foes))
    machines = [m for m in state.models if m.side is side and m.profile.troop_type is TroopType.WAR_MACHINE]
    if machines and side is Side.BESIEGER:
        targets = tuple(s.id for s in state.fort.sections if s.kind is not SectionKind.COURTYARD)
        found.append(Option("bombard", side, actors=tuple(m.id for m in machines), targets=targets))
    return found


def _seen(model: Model) -> bool:
    return model.place.zone not in (Zone.MINE, Zone.SIEGE_TOWER)


def _combat_options(view: _View) -> list[Option]:
    state = view.state
    side = state.active
    found = []
    for section in state.fort.sections:
        place = _section_place(section.id)
        mine_ = [m for m in view.side_at(place, side) if not m.fleeing and m.id not in state.turn_log.rallied]
        foes = view.side_at(place, side.enemy)
        fought = section.id in state.turn_log.fought
        if mine_ and foes and (not fought or section.id not in state.turn_log.fought_twice):
            name_targets = tuple(m.id for m in foes)
            found.append(Option("fight", side, section.id, tuple(m.id for m in mine_), name_targets))
        result = state.result(section.id)
        if result is not None and not result.settled and result.loser is not None:
            losers = view.side_at(place, result.loser)
            if losers:
                places = [*state.fort.neighbours(section.id)]
                places += [f"ladder:{x.id}" for x in state.ladders if x.section == section.id and x.raised]
                places += [f"siege_tower:{t.id}" for t in state.siege_towers if t.section == section.id]
                ids = tuple(m.id for m in losers)
                found.append(Option("retreat", result.loser, section.id, ids, tuple(places)))
                found.append(Option("hold", result.loser, section.id, ids))
    if side is Side.BESIEGER:
        for ram in state.rams:
            if ram.gate is not None and ram.carriers:
                found.append(Option("use_ram", side, f"ram:{ram.id}", ram.carriers, (ram.gate,)))
    return found


_STEP_OPTIONS: dict[Phase, Callable[[_View], list[Option]]] = {
    Phase.SAPPERS: _sappers_options,
    Phase.MOVEMENT: _movement_options,
    Phase.MAGIC: _magic_options,
    Phase.SHOOTING: _shooting_options,
    Phase.CLOSE_COMBAT: _combat_options,
}


def choose(state: BattleState, option: Option, actors: Sequence[str], target: str | None) -> a.Action:
    """The action a menu choice makes in ``state``: ``actors`` picked from ``option.actors`` acting on ``target``
    (a war machine bombards as the seed's catapult, S7 D4, §5.9; a brazier pours the first liquid it holds).
    """
    actors = tuple(actors)
    where = option.where or ""
    ref = where.partition(":")[2]
    name = option.name
    if name in ("move", "charge"):
        return (a.Move if name == "move" else a.Charge)(actors, target or "")
    if name == "fight":
        return a.Fight(where, tuple((x, target or "") for x in actors))
    if name == "shoot":
        return a.Shoot(actors, (target or "",))
    simple: dict[str, Callable[[], a.Action]] = {
        "end_phase": a.EndPhase,
        "end_turn": a.EndTurn,
        "spend_heroism": a.SpendHeroism,
        "rally": lambda: a.Rally(where),
        "flee": lambda: a.Flee(where),
        "retreat": lambda: a.Retreat(where, target or ""),
        "hold": lambda: a.Hold(where),
        "use_ram": lambda: a.UseRam(ref),
        "dig": lambda: a.Dig(target),
        "bombard": lambda: a.Bombard(target or "", 7, "D4"),
        "erect_ladder": lambda: a.ErectLadder(ref, target or "", actors),
        "push_tower": lambda: a.PushTower(ref, 1, target),
        "bring_ram": lambda: a.BringRam(ref, target or ""),
        "push_back": lambda: a.PushBack(ref, actors),
        "block": lambda: a.Block(actors[0] if actors else "", where),
        "throw_stones": lambda: a.ThrowStones(where, actors, (target or "",)),
        "drop_rock": lambda: a.DropRock(where, actors, target or ""),
        "pour": lambda: a.Pour(where, state.works_of(where).braziers[0], actors, (target or "",)),
        "tunnel": lambda: a.Tunnel(actors, target or ""),
        "buy": lambda: a.Buy(option.side, target or ""),
        "deploy": lambda: a.Deploy(actors[0] if actors else "", target or ""),
        "place_braziers": lambda: a.PlaceBraziers(target or "", (Liquid.OIL,)),
        "start_mine": lambda: a.StartMine(MineGoal(target or MineGoal.FOUNDATIONS), actors),
    }
    return simple[name]()
