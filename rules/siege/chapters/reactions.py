"""The charged side's reaction to a charge (*les réactions à la charge*, §3.1.2).

« Des figurines ne peuvent pas fuir en réaction à la charge. Elles peuvent faire un tir de contre charge normalement
avec un malus. » A charge declared onto a section where the charged have models free to shoot waits for their answer
before it lands: the charged side stands and shoots with some of them (:class:`~rules.siege.actions.StandAndShoot`)
or holds (:class:`~rules.siege.actions.HoldCharge`), and nothing else is played meanwhile. Where none of the charged
may shoot, the charge lands at once: holding is their only answer.
"""

from __future__ import annotations

from rules.siege.board.obligations import RULES, Obligation
from rules.siege.board.options import Option
from rules.siege.board.state import BattleState, Place

__all__ = ["may_stand_and_shoot"]


def may_stand_and_shoot(state: BattleState, place: Place) -> tuple[str, ...]:
    """The models of the side not playing at ``place`` that may stand and shoot at chargers (§3.1.2): with a missile
    weapon, neither fleeing nor engaged in close combat, nor blocking, which leaves no hand for missiles (§6.3.1),
    nor bound to something else this turn (reinforcing a gate §6.4, a belfry's winches 001 §8)."""
    engaged = state.engaged
    blocking = state.blockers
    bound = {m for g in state.gates for m in g.reinforcers} | {
        m for b in state.belfries for m in (*b.winchers, *b.stunned)
    }
    return tuple(
        [
            m.id
            for m in state.at(place, state.active.enemy)
            if m.profile.missile is not None
            and not m.fleeing
            and m.id not in engaged
            and m.id not in blocking
            and m.id not in bound
        ]
    )


def _reaction_due(state: BattleState) -> list[Obligation]:
    """A declared charge waits for the charged side's answer, before anything else (§3.1.2)."""
    declared = state.turn_log.charge
    if declared is None:
        return []
    charged = state.active.enemy
    to = declared.to
    shooters = may_stand_and_shoot(state, Place.parse(to))
    options = (Option("stand_and_shoot", charged, to, shooters), Option("hold_charge", charged, to))
    return [Obligation("§3.1.2", "charge_reaction", to, options if shooters else options[1:])]


RULES.insert(0, _reaction_due)  # settled at once: before the obligations of the step's end
