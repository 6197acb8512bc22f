"""From a choice on a menu to the action it plays (:func:`choose`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.siege import actions as a
from rules.siege.board.engines import Liquid, MineGoal
from rules.siege.board.menu_view import bought
from rules.siege.board.options import CHOOSERS, Option
from rules.siege.board.state import BattleState, Place, Side
from rules.siege.chapters.costs import BRAZIER_LIQUIDS
from rules.siege.chapters.melee import pair_off
from rules.siege.chapters.mining import MineDie
from rules.siege.menus.menu_movement import courtyard_via

__all__ = ["CATAPULT", "choose"]


CATAPULT = (7, "D4")
"""The seed's own example of a war machine: a catapult of strength 7 doing D4 damage (§5.9); :func:`choose`
bombards with it.
"""


def choose(state: BattleState, option: Option, actors: Sequence[str], target: str | None) -> a.Action:
    """The action a choice from a menu makes in ``state``: ``actors`` picked from ``option.actors``, acting on
    ``target`` picked from ``option.targets``. The details a menu does not ask for take their plainest value: a
    fight pairs the strikers one on one with the enemies, the target first, 4 against 1 at most (§3.2.1,
    :func:`~rules.siege.chapters.melee.pair_off`), and is the section's second combat once it has had its first
    (§3.2.2); a brazier is placed with the liquid it was bought with (the option's ``where``, its §14.2 item) and pours
    the first liquid it holds on a model (boiling oil on a wooden structure), a siege tower is pushed 1 cm, a war
    machine bombards as the seed's catapult (:data:`CATAPULT`).
    """
    chooser = CHOOSERS.get(option.name)
    if chooser is not None:  # an option registered with its menu part (:func:`rules.siege.board.options.menu_part`)
        return chooser(state, option, actors, target)
    picked = tuple(actors)
    where = option.where or ""
    ref = where.partition(":")[2]
    aim = target or ""
    one = picked[0] if picked else ""
    makers: dict[str, Callable[[], a.Action]] = {
        "end_phase": a.EndPhase,
        "end_turn": a.EndTurn,
        "spend_heroism": a.SpendHeroism,
        "buy": lambda: a.Buy(option.side, aim),
        "deploy": lambda: a.Deploy(one, aim),
        "place_braziers": lambda: a.PlaceBraziers(aim, (BRAZIER_LIQUIDS.get(where, Liquid.OIL),)),
        "give_brazier": lambda: a.GiveBrazier(aim),
        "place_tower": lambda: a.PlaceTower(ref, picked),
        "allocate_ammunition": lambda: _allocate(state, aim),
        "start_mine": lambda: a.StartMine(MineGoal(aim or MineGoal.FOUNDATIONS), picked),
        "counter_mine": lambda: a.CounterMine(picked),
        "dig": lambda: a.Dig(target),
        "reroll_mine": lambda: a.RerollMine(MineDie(aim)),
        "leave_mine": lambda: a.LeaveMine(option.side, target),
        "tunnel": lambda: a.Tunnel(picked, aim),
        "move": lambda: a.Move(picked, aim, _via(state, option, aim)),
        "charge": lambda: a.Charge(picked, aim, _via(state, option, aim)),
        "stand_and_shoot": lambda: a.StandAndShoot(picked),
        "hold_charge": a.HoldCharge,
        "rally": lambda: a.Rally(where),
        "flee": lambda: a.Flee(where, target),
        "block": lambda: a.Block(one, where),
        "end_block": lambda: a.EndBlock(where, one or None),
        "reinforce_gate": lambda: a.ReinforceGate(ref, picked),
        "unlock_gate": lambda: a.UnlockGate(ref, one),
        "sortie": lambda: a.Sortie(picked, aim),
        "climb_wall": lambda: a.ClimbWall(one),
        "pick_up_ladder": lambda: a.PickUpLadder(ref, picked),
        "drop_ladder": lambda: a.DropLadder(ref),
        "carry_ladder": lambda: a.CarryLadder(ref),
        "erect_ladder": lambda: a.ErectLadder(ref, aim, picked),
        "hoist_ladder": lambda: a.HoistLadder(ref, picked, aim),
        "push_back": lambda: a.PushBack(ref, picked),
        "forgo_push_back": lambda: a.ForgoPushBack(ref),
        "push_over_empty_ladder": lambda: a.PushOverEmptyLadder(ref),
        "knock_down_ladder": lambda: a.KnockDownLadder(ref),
        "carry_ram": lambda: a.CarryRam(ref, picked),
        "drop_ram": lambda: a.DropRam(ref),
        "bring_ram": lambda: a.BringRam(ref, aim),
        "use_ram": lambda: a.UseRam(ref),
        "push_tower": lambda: a.PushTower(ref, option.number("distance"), target),
        "push_belfry": lambda: a.PushBelfry(ref, aim or "forward"),
        "climb_belfry": lambda: a.ClimbBelfry(picked, aim),
        "raise_belfry_ladder": lambda: a.RaiseBelfryLadder(ref, picked),
        "lower_drawbridge": lambda: a.LowerDrawbridge(ref, picked[:2]),
        "disembark": lambda: a.Disembark(ref, picked),
        "throw_stones": lambda: a.ThrowStones(where, picked, (aim,)),
        "drop_rock": lambda: a.DropRock(where, picked, aim),
        "pour": lambda: _pour(state, where, picked, aim),
        "put_out_fire": lambda: a.PutOutFire(where, picked, aim),
        "oil_on_fire": lambda: a.OilOnFire(where, picked, aim),
        "knock_over_braziers": lambda: a.KnockOverBraziers(where),
        "cast": lambda: a.CastWard(one, aim == "fort"),
        "earthquake": lambda: a.Earthquake(aim),
        "shoot": lambda: a.Shoot(picked, (aim,)),
        "shoot_engine": lambda: a.ShootEngine(picked, aim),
        "shoot_gate": lambda: a.ShootGate(picked, aim),
        "shoot_structure": lambda: a.ShootStructure(picked, aim),
        "bombard": lambda: a.Bombard(aim, *CATAPULT, machine=one or None),
        "panic_test": lambda: a.PanicTest(where, option.side, flee_to=target),
        "fight": lambda: a.Fight(
            where, pair_off(state, where, picked, target)[0], second=where in state.turn_log.fought
        ),
        "retreat": lambda: a.Retreat(where, aim),
        "hold": lambda: a.Hold(where),
        "attack_gate": lambda: a.AttackGate(ref, picked),
        "fight_blocker": lambda: a.FightBlocker(where, picked),
        "take_gate": lambda: a.TakeGate(one, ref),
        "fight_giant": lambda: a.FightGiant(ref, targets=(aim,) if target else ()),
    }
    return makers[option.name]()


def _via(state: BattleState, option: Option, to: str) -> str | None:
    """The courtyard a move or a charge two courtyards away goes through, as its menu found it (§2.1.1, §3.1.1)."""
    if option.where is None or not to:
        return None
    return courtyard_via(state, option.side, Place.parse(option.where), Place.parse(to))


def _allocate(state: BattleState, section: str) -> a.Action:
    """One token on ``section``: a stone while some are left unallocated, else a rock (§8.1.1)."""
    stones_left = bought(state, Side.BESIEGED).count("stones") - sum(w.stones for w in state.works)
    return a.AllocateAmmunition(section, stones=1) if stones_left > 0 else a.AllocateAmmunition(section, rocks=1)


def _pour(state: BattleState, section: str, pourers: tuple[str, ...], aim: str) -> a.Action:
    """A brazier of ``section`` poured on ``aim``: on a wooden structure below, boiling oil to set it alight
    (§8.2.5); on a model, the first brazier with a liquid, molten lead striking that model (§8.2.2, §8.2.6)."""
    if ":" in aim:
        return a.Pour(section, Liquid.OIL, pourers, structure=aim)
    liquid = next(x for x in state.works_of(section).braziers if x is not None)
    return a.Pour(section, liquid, pourers, (aim,), designated=aim if liquid is Liquid.LEAD else None)
