"""The actions of a siege as values (*les actions*), one frozen dataclass each, like a chess move.

An action names what a player does, never how the dice fall: :func:`rules.siege.game.apply` plays it. Each has a
stable ``name`` and a versioned JSON form::

    >>> Move(("a1", "a2"), "W3").to_json()
    {'format': 1, 'action': 'move', 'models': ['a1', 'a2'], 'to': 'W3', 'via': None}
    >>> Action.from_json({"format": 1, "action": "end_phase"})
    EndPhase()

A form the engine does not know is refused with the name or field at fault::

    >>> Action.from_json({"format": 1, "action": "teleport"})
    Traceback (most recent call last):
    ...
    rules.action_form.ActionFormatError: unknown action 'teleport'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from rules import action_form
from rules.action_form import FORMAT_VERSION, OLD_LOGS, ActionFormatError
from rules.dice import Dice
from rules.siege.board.engines import Liquid, MineGoal
from rules.siege.board.state import BattleState, Outcome, Phase, Side
from rules.siege.chapters.giants import GiantAttack
from rules.siege.chapters.mining import REROLLED_BY, MineDie
from rules.siege.chapters.psychology import PanicCause

__all__ = [
    "ACTIONS",
    "ACTION_RULES",
    "FORMAT_VERSION",
    "Action",
    "ActionFormatError",
    "AllocateAmmunition",
    "AttackGate",
    "Block",
    "Bombard",
    "BringRam",
    "Buy",
    "CarryLadder",
    "CarryRam",
    "CastWard",
    "Charge",
    "ClimbBelfry",
    "ClimbWall",
    "CounterMine",
    "Deploy",
    "Dig",
    "Disembark",
    "DropLadder",
    "DropRam",
    "DropRock",
    "Earthquake",
    "EndBlock",
    "EndPhase",
    "EndTurn",
    "ErectLadder",
    "Fight",
    "FightBlocker",
    "FightGiant",
    "Flee",
    "ForgoPushBack",
    "GiveBrazier",
    "HoistLadder",
    "Hold",
    "HoldCharge",
    "KnockDownLadder",
    "KnockOverBraziers",
    "LeaveMine",
    "LowerDrawbridge",
    "Move",
    "OilOnFire",
    "PanicTest",
    "PickUpLadder",
    "PlaceBraziers",
    "PlaceTower",
    "Pour",
    "PushBack",
    "PushBelfry",
    "PushOverEmptyLadder",
    "PushTower",
    "PutOutFire",
    "RaiseBelfryLadder",
    "Rally",
    "ReinforceGate",
    "ReplaceRamCarriers",
    "RerollMine",
    "Retreat",
    "Rule",
    "Shoot",
    "ShootEngine",
    "ShootGate",
    "ShootStructure",
    "Sortie",
    "SpendHeroism",
    "StandAndShoot",
    "StartMine",
    "ThrowStones",
    "Tunnel",
    "UnlockGate",
    "UseRam",
    "plays",
]

_ANY = frozenset(Phase) - {Phase.SETUP}
_MOVEMENT_END = frozenset({Phase.MOVEMENT})


class Action(action_form.Form, root=True):
    """The base of every action, in the one JSON form (:class:`rules.action_form.Form`). A subclass sets:

    - ``name``, its stable name in JSON;
    - ``phases``, the steps of the turn it is played in, and ``clause``, the rule that says so;
    - ``by``, the side that alone may play it (``None``: either), and ``own_turn``, whether only in its own turn;
    - ``acting``, the field naming the models that act (their side plays it), if any.
    """

    name: ClassVar[str]
    phases: ClassVar[frozenset[Phase]]
    clause: ClassVar[str]
    by: ClassVar[Side | None] = None
    own_turn: ClassVar[bool] = True
    acting: ClassVar[str | None] = None
    places: ClassVar[tuple[str, ...]] = ()
    """the fields that name a place (``"W3"``, ``"ladder:L1"``, ``"foot:W3"``…)."""

    def actors(self) -> tuple[str, ...]:
        """The models that act, whose side plays the action; none for an action of a whole side."""
        if self.acting is None:
            return ()
        named = getattr(self, self.acting)
        return (named,) if isinstance(named, str) else tuple(named)


ACTIONS: dict[str, type[Action]] = Action.registry
"""Every action by its name."""

ActionT = TypeVar("ActionT", bound=Action)
Rule = Callable[[BattleState, ActionT, Dice], "Outcome | BattleState"]
"""An action's rule: the state it is played on, the action and the dice, to the outcome (or the new state alone)."""

ACTION_RULES: dict[type[Action], Rule[Any]] = {}
"""The rules registered by their chapter's module with :func:`plays`, by the action they play;
:func:`rules.siege.game.apply` sends an action there when its own table does not name it."""


def plays(kind: type[ActionT]) -> Callable[[Rule[ActionT]], Rule[ActionT]]:
    """Register the decorated function as the rule that plays ``kind``: a new action is written in this module and
    its rule in its chapter's, which :mod:`rules.siege.game` then finds without a line of its own."""

    def register(rule: Rule[ActionT]) -> Rule[ActionT]:
        if kind in ACTION_RULES:
            raise TypeError(f"two rules play {kind.name!r}")
        ACTION_RULES[kind] = rule
        return rule

    return register


def _reaction_of_old() -> Any:
    """A charge's ``stand_and_shoot`` as logs wrote it before the charged side played its own reaction (§3.1.2): the
    charged models that shot at the chargers, ``()`` for none. Left unset (``None``), the charged side answers the
    charge itself (:class:`StandAndShoot`, :class:`HoldCharge`)."""
    return dataclasses.field(default=None, metadata={OLD_LOGS: True})


# ---- set-up (§14, §16) -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Buy(Action):
    """``side`` buys one engine or defence ``item`` from its budget (§14, R14)."""

    name = "buy"
    phases = frozenset({Phase.SETUP})
    clause = "§14"
    own_turn = False
    side: Side
    item: str


@dataclass(frozen=True)
class Deploy(Action):
    """Set ``model`` at ``to`` while the armies deploy (§16): the besieged inside the fort, the besieger on the field
    40 cm or more from the walls.
    """

    name = "deploy"
    places = ("to",)
    acting = "model"
    phases = frozenset({Phase.SETUP})
    clause = "§16"
    own_turn = False
    model: str
    to: str


@dataclass(frozen=True)
class PlaceBraziers(Action):
    """The besieged sets braziers of ``liquids`` on a rampart ``section`` (§8.2.1)."""

    name = "place_braziers"
    phases = frozenset({Phase.SETUP})
    clause = "§8.2.1"
    by = Side.BESIEGED
    own_turn = False
    section: str
    liquids: tuple[Liquid | None, ...]


@dataclass(frozen=True)
class AllocateAmmunition(Action):
    """The besieged puts ``stones`` and ``rocks`` tokens he bought on a rampart ``section`` (§8.1.1)."""

    name = "allocate_ammunition"
    phases = frozenset({Phase.SETUP})
    clause = "§8.1.1"
    by = Side.BESIEGED
    own_turn = False
    section: str
    stones: int = 0
    rocks: int = 0


@dataclass(frozen=True)
class GiveBrazier(Action):
    """The besieger gives one of his braziers to a ``unit`` of shooters, for flaming shots (§9.1.1)."""

    name = "give_brazier"
    phases = frozenset({Phase.SETUP})
    clause = "§9.1.1"
    by = Side.BESIEGER
    own_turn = False
    unit: str


@dataclass(frozen=True)
class StartMine(Action):
    """The besieger's ``sappers`` start a mine towards ``goal`` (§10.1)."""

    name = "start_mine"
    acting = "sappers"
    phases = frozenset({Phase.SETUP})
    clause = "§10.1"
    by = Side.BESIEGER
    own_turn = False
    goal: MineGoal
    sappers: tuple[str, ...]


@dataclass(frozen=True)
class PlaceTower(Action):
    """The besieger deploys siege ``tower``, bought before the battle, 40 cm or more from the walls with its ``crew``
    inside, who push it (§16, §7.3.1)."""

    name = "place_tower"
    acting = "crew"
    phases = frozenset({Phase.SETUP})
    clause = "§16"
    by = Side.BESIEGER
    tower: str
    crew: tuple[str, ...]


@dataclass(frozen=True)
class CounterMine(Action):
    """The besieged sends 4 to 8 ``models`` to counter-mine (§10.2, R2)."""

    name = "counter_mine"
    acting = "models"
    phases = frozenset({Phase.SETUP, Phase.MOVEMENT})
    clause = "§10.2"
    by = Side.BESIEGED
    models: tuple[str, ...]


# ---- the turn's steps ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EndPhase(Action):
    """The side to play ends this step of its turn and goes on to the next (002), or ends its part of the set-up:
    the next side sets up, and the first turn begins after the third part (§16)."""

    name = "end_phase"
    phases = frozenset(Phase) - {Phase.END}
    clause = "002"


@dataclass(frozen=True)
class EndTurn(Action):
    """The side to play ends its turn: gates are reinforced, the game's end is rolled for, the next turn's fires burn
    (§6.4, §16, §9.3).
    """

    name = "end_turn"
    phases = _ANY
    clause = "§16"


@dataclass(frozen=True)
class SpendHeroism(Action):
    """The besieged spends one heroism token (§15)."""

    name = "spend_heroism"
    phases = _ANY
    clause = "§15"
    by = Side.BESIEGED
    own_turn = False


# ---- mining (§10) -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Dig(Action):
    """The sappers' roll of this besieger turn (§10.3), with the once-a-game re-rolls of §10.4."""

    name = "dig"
    phases = frozenset({Phase.SAPPERS})
    clause = "§10.3"
    by = Side.BESIEGER
    section: str | None = None


@dataclass(frozen=True)
class RerollMine(Action):
    """A sapper re-rolls this turn's mining ``die`` once a game, having seen it (§10.4)."""

    name = "reroll_mine"
    phases = frozenset({Phase.SAPPERS})
    clause = "§10.4"
    own_turn = False
    die: MineDie

    @property
    def side(self) -> Side:
        """The side whose sapper re-rolls ``die``: the besieged his counter-mining die, the besieger the others."""
        return REROLLED_BY[self.die]


@dataclass(frozen=True)
class LeaveMine(Action):
    """``side``'s diggers stop: sappers rejoin their regiment or stand apart (§10.1), counter-miners come up in
    ``courtyard`` (§10.2).
    """

    name = "leave_mine"
    phases = frozenset({Phase.SAPPERS, Phase.MOVEMENT})
    clause = "§10.1"
    own_turn = False
    side: Side
    courtyard: str | None = None


@dataclass(frozen=True)
class Tunnel(Action):
    """Up to 6 ``models`` of one unit come up through the finished tunnel into ``courtyard`` (§10.3.2)."""

    name = "tunnel"
    acting = "models"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§10.3.2"
    by = Side.BESIEGER
    models: tuple[str, ...]
    courtyard: str


# ---- movement (§2, §3) --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move(Action):
    """``models`` standing together move to ``to`` (through courtyard ``via``); into a section the enemy holds it is
    a charge (§2.1, §3.1.1).
    """

    name = "move"
    places = ("to", "via")
    acting = "models"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§2.1"
    models: tuple[str, ...]
    to: str
    via: str | None = None
    stand_and_shoot: tuple[str, ...] | None = _reaction_of_old()


@dataclass(frozen=True)
class Charge(Action):
    """``models`` charge the enemy holding ``to`` (§3.1.1); the charged answer it, standing and shooting or holding
    (§3.1.2), before it lands."""

    name = "charge"
    places = ("to", "via")
    acting = "models"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§3.1.1"
    models: tuple[str, ...]
    to: str
    via: str | None = None
    stand_and_shoot: tuple[str, ...] | None = _reaction_of_old()


@dataclass(frozen=True)
class StandAndShoot(Action):
    """The charged ``shooters`` shoot at the chargers as they come, at −1, half range ignored (§3.1.2); then the
    charge lands."""

    name = "stand_and_shoot"
    acting = "shooters"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§3.1.2"
    own_turn = False
    shooters: tuple[str, ...]


@dataclass(frozen=True)
class HoldCharge(Action):
    """The charged receive the charge without shooting: they may not flee (§3.1.2); the charge lands."""

    name = "hold_charge"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§3.1.2"
    own_turn = False


@dataclass(frozen=True)
class Rally(Action):
    """The side to play tries to rally its fleeing models on ``section`` (§3.4)."""

    name = "rally"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§3.4"
    section: str


@dataclass(frozen=True)
class Flee(Action):
    """The side to play's fleeing models on ``section`` flee on (to ``to`` if given, §3.3.3), losing their wounds in
    the order of ``losses_order`` (« C'est le fuyard qui répartit les pertes »), the cheapest first after them."""

    name = "flee"
    places = ("to",)
    phases = frozenset({Phase.MOVEMENT})
    clause = "§3.3.3"
    section: str
    to: str | None = None
    losses_order: tuple[str, ...] = ()


@dataclass(frozen=True)
class Block(Action):
    """``model`` blocks a gate, a breach, a ladder or a giant on the wall (§6.3, §7.1.7, §12.1.5)."""

    name = "block"
    acting = "model"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§6.3.1"
    by = Side.BESIEGED
    own_turn = False
    model: str
    where: str


@dataclass(frozen=True)
class EndBlock(Action):
    """The blocking of ``where`` ends (§6.3.2)."""

    name = "end_block"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§6.3.2"
    by = Side.BESIEGED
    where: str
    blocker: str | None = None


@dataclass(frozen=True)
class ReinforceGate(Action):
    """Besieged ``models`` reinforce ``gate`` (§6.4, R4)."""

    name = "reinforce_gate"
    acting = "models"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§6.4"
    by = Side.BESIEGED
    gate: str
    models: tuple[str, ...]


@dataclass(frozen=True)
class UnlockGate(Action):
    """``model``, on the inner side of a postern or service door, unlocks ``gate`` and loses its move (§6.2)."""

    name = "unlock_gate"
    acting = "model"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§6.2"
    gate: str
    model: str


@dataclass(frozen=True)
class Sortie(Action):
    """Besieged ``flyers`` fly out to engage the war machine ``target`` (§11.2)."""

    name = "sortie"
    acting = "flyers"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§11.2"
    by = Side.BESIEGED
    flyers: tuple[str, ...]
    target: str


@dataclass(frozen=True)
class ClimbWall(Action):
    """A ``giant`` at the foot of a wall scales it (§12.1.5)."""

    name = "climb_wall"
    acting = "giant"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§12.1.5"
    by = Side.BESIEGER
    giant: str


# ---- ladders (§7.1) -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PickUpLadder(Action):
    """``carriers`` pick up ``ladder`` (§7.1.1, §7.1.3)."""

    name = "pick_up_ladder"
    acting = "carriers"
    phases = frozenset({Phase.SETUP, Phase.MOVEMENT})
    clause = "§7.1.3"
    by = Side.BESIEGER
    ladder: str
    carriers: tuple[str, ...]


@dataclass(frozen=True)
class DropLadder(Action):
    """The carriers let ``ladder`` fall (§7.1.2)."""

    name = "drop_ladder"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§7.1.2"
    by = Side.BESIEGER
    ladder: str


@dataclass(frozen=True)
class CarryLadder(Action):
    """A hoisted ``ladder`` is carried down into the courtyard (§7.1.4, §7.1.10)."""

    name = "carry_ladder"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§7.1.4"
    by = Side.BESIEGER
    ladder: str


@dataclass(frozen=True)
class ErectLadder(Action):
    """``ladder`` is raised against ``section``, ``climbers`` already on it (§7.1.4)."""

    name = "erect_ladder"
    acting = "climbers"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§7.1.4"
    by = Side.BESIEGER
    ladder: str
    section: str
    climbers: tuple[str, ...] = ()


@dataclass(frozen=True)
class HoistLadder(Action):
    """``hoisters`` on the rampart hoist ``ladder`` over into ``courtyard`` (§7.1.4)."""

    name = "hoist_ladder"
    acting = "hoisters"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§7.1.4"
    by = Side.BESIEGER
    ladder: str
    hoisters: tuple[str, ...]
    courtyard: str


@dataclass(frozen=True)
class PushBack(Action):
    """``pushers`` try once to push ``ladder`` back, at the end of the besieger's movement (§7.1.6); its blocker
    who has just killed its attackers tries again alone, in the close combat (§7.1.8)."""

    name = "push_back"
    acting = "pushers"
    phases = frozenset({Phase.MOVEMENT, Phase.CLOSE_COMBAT})
    clause = "§7.1.6"
    by = Side.BESIEGED
    own_turn = False
    ladder: str
    pushers: tuple[str, ...]
    blocker: str | None = None


@dataclass(frozen=True)
class ForgoPushBack(Action):
    """The besieged let this turn's push-back of ``ladder`` go, and its climbers come up (§7.1.5)."""

    name = "forgo_push_back"
    phases = _MOVEMENT_END
    clause = "§7.1.5"
    by = Side.BESIEGED
    own_turn = False
    ladder: str


@dataclass(frozen=True)
class PushOverEmptyLadder(Action):
    """The besieged push over an empty ``ladder`` in their own turn (§7.1.6 note)."""

    name = "push_over_empty_ladder"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§7.1.6"
    by = Side.BESIEGED
    ladder: str


@dataclass(frozen=True)
class KnockDownLadder(Action):
    """The blocker at the foot of a hoisted ``ladder`` knocks it down (§7.1.10)."""

    name = "knock_down_ladder"
    phases = frozenset({Phase.MOVEMENT, Phase.CLOSE_COMBAT})
    clause = "§7.1.10"
    by = Side.BESIEGED
    own_turn = False
    ladder: str


# ---- rams and siege towers (§7.2, §7.3) ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CarryRam(Action):
    """``carriers`` take up ``ram`` (§7.2.1, §7.2.2)."""

    name = "carry_ram"
    acting = "carriers"
    phases = frozenset({Phase.SETUP, Phase.MOVEMENT})
    clause = "§7.2.1"
    by = Side.BESIEGER
    ram: str
    carriers: tuple[str, ...]


@dataclass(frozen=True)
class DropRam(Action):
    """The carriers let ``ram`` go (§7.2.2)."""

    name = "drop_ram"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§7.2.2"
    by = Side.BESIEGER
    ram: str


@dataclass(frozen=True)
class ReplaceRamCarriers(Action):
    """``models`` of its carriers' regiment take the places of the carriers ``ram`` lost, as the besieger's next
    turn opens (§5.3)."""

    name = "replace_ram_carriers"
    acting = "models"
    phases = frozenset({Phase.SAPPERS})
    clause = "§5.3"
    by = Side.BESIEGER
    ram: str
    models: tuple[str, ...]


@dataclass(frozen=True)
class BringRam(Action):
    """The carriers bring ``ram`` into contact with ``gate`` (§7.2.1)."""

    name = "bring_ram"
    phases = frozenset({Phase.SETUP, Phase.MOVEMENT})
    clause = "§7.2.1"
    by = Side.BESIEGER
    ram: str
    gate: str


@dataclass(frozen=True)
class UseRam(Action):
    """``ram`` strikes its gate, once a close-combat phase (twice covered, §7.2.4, R3)."""

    name = "use_ram"
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§7.2.4"
    by = Side.BESIEGER
    ram: str


@dataclass(frozen=True)
class PushTower(Action):
    """The crew pushes siege ``tower`` ``distance`` cm, against ``section`` once it gets there (§7.3.3)."""

    name = "push_tower"
    phases = frozenset({Phase.MOVEMENT})
    clause = "§7.3.3"
    by = Side.BESIEGER
    tower: str
    distance: int
    section: str | None = None


@dataclass(frozen=True)
class Disembark(Action):
    """Two more ``models`` leave siege ``tower`` after their side won on its section (§7.3.4)."""

    name = "disembark"
    acting = "models"
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§7.3.4"
    by = Side.BESIEGER
    tower: str
    models: tuple[str, ...]


@dataclass(frozen=True)
class PushBelfry(Action):
    """The pushers roll ``belfry`` ``hexes`` ``"forward"`` or ``"back"`` in a straight line (001 §4)."""

    name = "push_belfry"
    phases = frozenset({Phase.MOVEMENT})
    clause = "001 §4"
    by = Side.BESIEGER
    belfry: str
    direction: str
    hexes: int = 1


@dataclass(frozen=True)
class ClimbBelfry(Action):
    """``models`` step into, up, down or out of a belfry, ``to`` a level (``"belfry:ST1.2"``) or the field
    (001 §5).
    """

    name = "climb_belfry"
    acting = "models"
    places = ("to",)
    phases = frozenset({Phase.MOVEMENT})
    clause = "001 §5"
    models: tuple[str, ...]
    to: str


@dataclass(frozen=True)
class RaiseBelfryLadder(Action):
    """A ``team`` outside sets up the removable ladder of ``belfry`` to its level 1 (001 §1.2)."""

    name = "raise_belfry_ladder"
    acting = "team"
    phases = frozenset({Phase.MOVEMENT})
    clause = "001 §1.2"
    by = Side.BESIEGER
    belfry: str
    team: tuple[str, ...]


@dataclass(frozen=True)
class LowerDrawbridge(Action):
    """Two ``winchers`` on level 2 lower the drawbridge of ``belfry``: it comes down as the turn ends (001 §8)."""

    name = "lower_drawbridge"
    acting = "winchers"
    phases = frozenset({Phase.MOVEMENT})
    clause = "001 §8"
    by = Side.BESIEGER
    belfry: str
    winchers: tuple[str, ...]


# ---- defences (§8) and fire (§9) ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ThrowStones(Action):
    """``throwers`` on ``section`` throw stones on ``targets`` below at the end of a movement (§8.1.2, §8.1.3)."""

    name = "throw_stones"
    acting = "throwers"
    phases = _MOVEMENT_END
    clause = "§8.1.2"
    by = Side.BESIEGED
    own_turn = False
    section: str
    throwers: tuple[str, ...]
    targets: tuple[str, ...]


@dataclass(frozen=True)
class DropRock(Action):
    """``throwers`` on ``section`` drop a rock on ``target`` below (§8.1.2, §8.1.4)."""

    name = "drop_rock"
    acting = "throwers"
    phases = _MOVEMENT_END
    clause = "§8.1.2"
    by = Side.BESIEGED
    own_turn = False
    section: str
    throwers: tuple[str, ...]
    target: str


@dataclass(frozen=True)
class Pour(Action):
    """``pourers`` pour a brazier of ``liquid`` from ``section`` on ``targets`` (or a wooden ``structure``), at the
    end of a movement phase (§8.2.2).
    """

    name = "pour"
    acting = "pourers"
    phases = _MOVEMENT_END
    clause = "§8.2.2"
    by = Side.BESIEGED
    own_turn = False
    section: str
    liquid: Liquid
    pourers: tuple[str, ...]
    targets: tuple[str, ...] = ()
    designated: str | None = None
    splash: tuple[str, ...] = ()
    structure: str | None = None


@dataclass(frozen=True)
class KnockOverBraziers(Action):
    """Besiegers holding ``section``, no besieged left on it, knock its braziers over (§8.2.3)."""

    name = "knock_over_braziers"
    phases = _ANY
    clause = "§8.2.3"
    by = Side.BESIEGER
    section: str


@dataclass(frozen=True)
class PutOutFire(Action):
    """``pourers`` pour a brazier of water from ``section`` on the burning gate ``target`` below (§9.4)."""

    name = "put_out_fire"
    acting = "pourers"
    phases = _MOVEMENT_END
    clause = "§9.4"
    by = Side.BESIEGED
    own_turn = False
    section: str
    pourers: tuple[str, ...]
    target: str


@dataclass(frozen=True)
class OilOnFire(Action):
    """``pourers`` pour a brazier of boiling oil from ``section`` on the burning ``target`` below (§9.3)."""

    name = "oil_on_fire"
    acting = "pourers"
    phases = _MOVEMENT_END
    clause = "§9.3"
    by = Side.BESIEGED
    own_turn = False
    section: str
    pourers: tuple[str, ...]
    target: str


# ---- magic (§13) --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CastWard(Action):
    """``caster`` casts a spell, at the fort (``target_in_fort``) or out of it, against its protection (§13.2)."""

    name = "cast"
    acting = "caster"
    phases = frozenset({Phase.MAGIC})
    clause = "§13.2"
    caster: str
    target_in_fort: bool
    irresistible: bool = False


@dataclass(frozen=True)
class Earthquake(Action):
    """A spell that shakes the walls strikes ``section`` (§13.2)."""

    name = "earthquake"
    phases = frozenset({Phase.MAGIC})
    clause = "§13.2"
    section: str


# ---- shooting (§5) ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shoot(Action):
    """``shooters`` shoot at ``targets`` (§5.1, §5.2)."""

    name = "shoot"
    acting = "shooters"
    phases = frozenset({Phase.SHOOTING})
    clause = "§5"
    shooters: tuple[str, ...]
    targets: tuple[str, ...]
    dead_angle: bool = False
    flaming: bool = False
    extra: tuple[str, ...] = ()


@dataclass(frozen=True)
class ShootEngine(Action):
    """``shooters`` shoot at a siege ``engine`` (§5.3)."""

    name = "shoot_engine"
    acting = "shooters"
    phases = frozenset({Phase.SHOOTING})
    clause = "§5.3"
    shooters: tuple[str, ...]
    engine: str
    flaming: bool = False


@dataclass(frozen=True)
class ShootGate(Action):
    """``shooters`` shoot at ``gate`` (§5.5)."""

    name = "shoot_gate"
    acting = "shooters"
    phases = frozenset({Phase.SHOOTING})
    clause = "§5.5"
    shooters: tuple[str, ...]
    gate: str
    flaming: bool = False


@dataclass(frozen=True)
class ShootStructure(Action):
    """``shooters`` shoot at the rampart ``section`` itself (§5.7)."""

    name = "shoot_structure"
    acting = "shooters"
    phases = frozenset({Phase.SHOOTING})
    clause = "§5.7"
    shooters: tuple[str, ...]
    section: str


@dataclass(frozen=True)
class Bombard(Action):
    """The besieger's war machine ``machine``, of ``strength`` and ``damage`` (``"D4"``), hits a structure ``target``
    (§5.6, §5.7, §5.9), once a turn. A bombardment that names no machine (the form of older logs) is fired by the
    first of the besieger's war machines that may still fire this turn.
    """

    name = "bombard"
    acting = "machine"
    phases = frozenset({Phase.SHOOTING})
    clause = "§5.9"
    by = Side.BESIEGER
    target: str
    strength: int
    damage: str
    under_template: tuple[str, ...] | None = None
    braziers_hit: int = 0
    machine: str | None = None

    def actors(self) -> tuple[str, ...]:
        return () if self.machine is None else (self.machine,)


@dataclass(frozen=True)
class PanicTest(Action):
    """``side``'s models on ``section`` take the panic test their losses to shooting or magic in this step call for
    (§4.1), fleeing to ``flee_to`` if they fail. The engine counts the losses; ``present`` and ``lost``, if given,
    must agree with it."""

    name = "panic_test"
    places = ("flee_to",)
    phases = frozenset({Phase.MAGIC, Phase.SHOOTING})
    clause = "§4.1"
    own_turn = False
    section: str
    side: Side
    cause: PanicCause = PanicCause.CASUALTIES
    present: int | None = None
    lost: int | None = None
    flee_to: str | None = None
    units: tuple[str, ...] | None = None


# ---- close combat (§3, §6, §7, §12) -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fight(Action):
    """A round of close combat on ``section`` between the ``pairs`` (striker, foe) of the side to play (§3.2.1)."""

    name = "fight"
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§3.2.1"
    section: str
    pairs: tuple[tuple[str, str], ...]
    second: bool = False

    def actors(self) -> tuple[str, ...]:
        return tuple(a for a, _ in self.pairs)


@dataclass(frozen=True)
class Retreat(Action):
    """The losers of the fight on ``section`` retreat to ``to`` (§3.3.2)."""

    name = "retreat"
    places = ("to",)
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§3.3.2"
    own_turn = False
    section: str
    to: str


@dataclass(frozen=True)
class Hold(Action):
    """The losers of the fight on ``section`` test to hold, fleeing to ``flee_to`` if they fail (§3.3.2)."""

    name = "hold"
    places = ("flee_to",)
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§3.3.2"
    own_turn = False
    section: str
    flee_to: str | None = None
    losses_order: tuple[str, ...] = ()


@dataclass(frozen=True)
class AttackGate(Action):
    """``attackers`` hit ``gate`` in close combat (§6.1, §6.2)."""

    name = "attack_gate"
    acting = "attackers"
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§6"
    gate: str
    attackers: tuple[str, ...]


@dataclass(frozen=True)
class FightBlocker(Action):
    """``attackers`` fight the model blocking ``where`` (§6.3.3, §7.1.8)."""

    name = "fight_blocker"
    acting = "attackers"
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§6.3.3"
    where: str
    attackers: tuple[str, ...]


@dataclass(frozen=True)
class TakeGate(Action):
    """``model``, having just killed the blocker of ``gate``, takes the doorway and blocks it in turn (§6.3.4)."""

    name = "take_gate"
    acting = "model"
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§6.3.4"
    model: str
    gate: str


@dataclass(frozen=True)
class FightGiant(Action):
    """The ``giant`` on the wall fights its blockers (§12.1.5)."""

    name = "fight_giant"
    acting = "giant"
    phases = frozenset({Phase.CLOSE_COMBAT})
    clause = "§12.1.5"
    giant: str
    attack: GiantAttack = GiantAttack.SWEEP
    targets: tuple[str, ...] = ()
