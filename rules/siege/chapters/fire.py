"""Fire (*le feu*, §9): flaming shots set wooden structures alight, fires burn on each turn, water puts them out.

Wooden structures are gates (``"gate:G1"``), covered rams (``"ram:R1"``) and siege towers (``"siege_tower:ST1"``).
Each start of a player turn every burning structure rolls on the fire table (R1)::

    >>> fire_result(2, blazing=False), fire_result(2, blazing=True), fire_result(6, blazing=False)
    (<FireResult.OUT: 'out'>, <FireResult.BURNS: 'burns'>, <FireResult.BLAZE: 'blaze'>)
"""

from __future__ import annotations

from enum import StrEnum

from rules.dice import D3, D6, Dice, reason
from rules.siege.board.engines import Fire
from rules.siege.board.state import BattleState, Event, IllegalAction, Model, Outcome, Side, outcome
from rules.siege.board.values import replace
from rules.siege.chapters.gates import damage_gate
from rules.siege.chapters.rams import damage_ram
from rules.siege.chapters.siege_towers import damage_tower
from rules.validation import check_range

__all__ = [
    "CATCH_NEED",
    "OIL_ON_FIRE_DIE",
    "FireResult",
    "burn",
    "catch_fire",
    "damage_structure",
    "fire_result",
    "give_brazier",
    "has_brazier",
    "may_shoot_flaming",
    "oil_on_fire",
    "pour_water",
    "shoots_flaming",
]

CATCH_NEED = 5
"""A D6 of 5–6 for all the flaming hits a structure took this turn sets it alight (§9.2)."""
OIL_ON_FIRE_DIE = D6
"""Boiling oil on a burning structure does D6 damage points at once (§9.3)."""
DOUSING_TO_PUT_OUT = 2
"""Two water braziers poured in one turn put out every fire (§9.4)."""


def shoots_flaming(missile: str) -> bool:
    """Whether a missile weapon may shoot flaming missiles (§9.1.3): « Tous les types d'arc. Les javelots. Les
    carreaux de baliste. » Every bow (short, long, elven…), javelins and a bolt thrower's bolts; a crossbow
    (*arbalète*) is not a bow.

    >>> [shoots_flaming(w) for w in ("elven bow", "javelin", "repeater bolt thrower", "crossbow", "handgun")]
    [True, True, True, False, False]
    """
    name = " ".join(missile.lower().replace("-", " ").split())
    if "crossbow" in name:
        return False
    return name.endswith("bow") or "javelin" in name or "bolt thrower" in name or "ballista" in name


class FireResult(StrEnum):
    OUT = "out"  # 1-2 le feu s'éteint
    BURNS = "burns"  # 3-4 continue sans se propager
    SPREADS = "spreads"  # 5 se propage: +1 point
    BLAZE = "blaze"  # 6 s'embrase: D3 points


def fire_result(score: int, *, blazing: bool) -> FireResult:
    """The fire table (§9.3, R1): the D6 plus 1 a fire beyond the first, above 6 counting as 6; once blazing, 1–2
    count as 3–4.
    """
    check_range("score", score, 1)
    score = min(score, 6)
    if score <= 2:
        return FireResult.BURNS if blazing else FireResult.OUT
    if score <= 4:
        return FireResult.BURNS
    return FireResult.SPREADS if score == 5 else FireResult.BLAZE


def damage_structure(state: BattleState, target: str, points: int, dice: Dice) -> tuple[BattleState, list[Event]]:
    """``points`` structure points off a wooden structure (a gate, a covered ram or a siege tower)."""
    kind, _, ref = target.partition(":")
    if kind == "gate":
        state, event = damage_gate(state, ref, points)
        return state, [event]
    if kind == "ram":
        state, event = damage_ram(state, ref, points)
        return state, [event]
    if kind == "siege_tower":
        return damage_tower(state, ref, points, dice)
    raise IllegalAction("not_a_wooden_structure", "§9.2", structure=target)


def give_brazier(state: BattleState, unit: str) -> BattleState:
    """The besieger allocates one of his braziers to a unit of shooters, which alone shoots flaming missiles with
    it (§9.1.1); he has as many as he bought (§14.1).
    """
    if not any(m.unit == unit and m.side is Side.BESIEGER and m.profile.missile for m in state.models):
        raise IllegalAction("brazier_to_shooters", "§9.1.1", unit=unit)
    if unit in state.unit_braziers:
        raise IllegalAction("unit_has_brazier", "§9.1.1", unit=unit)
    budget = state.budget(Side.BESIEGER)
    bought = 0 if budget is None else budget.bought.count("brazier")
    if len(state.unit_braziers) >= bought:
        raise IllegalAction("braziers_given_out", "§9.1.1", bought=bought, given=len(state.unit_braziers))
    return replace(state, unit_braziers=(*state.unit_braziers, unit))


def has_brazier(state: BattleState, model: Model) -> bool:
    """Whether ``model`` may shoot flaming missiles: a besieger whose unit was given a brazier (§9.1.1), a besieged
    model on a section with a brazier, which every shooter there may use (§9.1.2).
    """
    if model.side is Side.BESIEGER:
        return model.unit in state.unit_braziers
    return model.place.inside and bool(state.works_of(model.place.ref).braziers)


def may_shoot_flaming(state: BattleState, model: Model) -> bool:
    """Whether ``model`` may shoot flaming missiles: a weapon that takes them (§9.1.3) and a brazier to light them
    (§9.1.1, §9.1.2)."""
    missile = model.profile.missile
    return missile is not None and shoots_flaming(missile.name) and has_brazier(state, model)


def _fire(state: BattleState, target: str) -> Fire | None:
    return next((f for f in state.fires if f.target == target), None)


def _with_fire(state: BattleState, target: str, fire: Fire | None) -> BattleState:
    others = tuple(f for f in state.fires if f.target != target)
    return replace(state, fires=others if fire is None else (*others, fire))


def catch_fire(state: BattleState, target: str, dice: Dice) -> Outcome:
    """After flaming hits on a wooden structure: one D6 for all of them this turn, 5–6 a fire starts (one more if
    it burns already, §9.2, §9.3).
    """
    mark = dice.mark()
    if target in state.turn_log.ignition:
        return outcome(state, [], dice, mark)
    log = state.turn_log
    state = replace(state, turn_log=replace(log, ignition=log.ignition | {target}))
    kind, _, ref = target.partition(":")
    roll = dice.roll(D6, reason("catches_fire", "§9.2", structure_kind=kind, structure=ref))
    if roll < CATCH_NEED:
        spared = Event("no_fire", "§9.2", {"roll": roll, "structure_kind": kind, "structure": ref})
        return outcome(state, [spared], dice, mark)
    fire = _fire(state, target)
    state = _with_fire(state, target, Fire(target) if fire is None else replace(fire, fires=fire.fires + 1))
    caught = Event("fire", "§9.2", {"roll": roll, "structure_kind": kind, "structure": ref})
    return outcome(state, [caught], dice, mark)


def burn(state: BattleState, dice: Dice) -> Outcome:
    """Start of a player turn: each burning structure rolls on the fire table (§9.3, R1); each water brazier
    poured on it last turn takes 1 off the damage (§9.4).
    """
    mark = dice.mark()
    events: list[Event] = []
    for fire in state.fires:
        kind, _, ref = fire.target.partition(":")
        roll = dice.roll(D6, reason("fire_table_roll", "§9.3", structure_kind=kind, structure=ref))
        result = fire_result(roll + fire.fires - 1, blazing=fire.blazing)
        damage = 0
        if result is FireResult.SPREADS:
            damage = 1
        elif result is FireResult.BLAZE:
            damage = dice.roll(D3, reason("fire_blazes", "§9.3", structure_kind=kind, structure=ref))
        damage = max(0, damage - fire.doused)
        events.append(
            Event(
                "fire_table",
                "§9.3",
                {
                    "roll": roll,
                    "structure_kind": kind,
                    "structure": ref,
                    "result": result.value,
                    "damage": damage,
                },
            )
        )
        now = (
            None
            if result is FireResult.OUT
            else replace(fire, blazing=fire.blazing or result is FireResult.BLAZE, doused=0)
        )
        state = _with_fire(state, fire.target, now)
        if damage:
            state, more = damage_structure(state, fire.target, damage, dice)
            events.extend(more)
    return outcome(state, events, dice, mark)


def pour_water(state: BattleState, target: str) -> tuple[BattleState, Event]:
    """A water brazier poured on a fire: 1 damage less next turn; the second in a turn puts out every fire (§9.4)."""
    fire = _fire(state, target)
    if fire is None:
        kind, _, ref = target.partition(":")
        raise IllegalAction("not_burning", "§9.4", structure_kind=kind, structure=ref)
    doused = replace(fire, doused=fire.doused + 1)
    if sum(f.doused for f in state.fires) + 1 >= DOUSING_TO_PUT_OUT:
        return replace(state, fires=()), Event("fires_out", "§9.4", {"braziers": DOUSING_TO_PUT_OUT})
    kind, _, ref = target.partition(":")
    return _with_fire(state, target, doused), Event("doused", "§9.4", {"structure_kind": kind, "structure": ref})


def oil_on_fire(state: BattleState, target: str, dice: Dice) -> tuple[BattleState, list[Event]]:
    """Boiling oil on a burning structure: D6 damage points at once (§9.3)."""
    if _fire(state, target) is None:
        return state, []
    kind, _, ref = target.partition(":")
    points = dice.roll(OIL_ON_FIRE_DIE, reason("oil_on_fire_damage", "§9.3", structure_kind=kind, structure=ref))
    return damage_structure(state, target, points, dice)
