"""From a choice on the board's menu to the engine's actions: the option picked, the models, the target and the
details the engine's plain choice leaves out (:func:`rules.siege.menus.legal.choose`): a brazier's liquid (§8.2),
flaming missiles (§9.2), a war machine's strength and damage (§5.9), a siege tower's push in cm (§7.3.3), who fights
whom (§3.2.1), and a whole unit deployed at once (§16)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _

from rules.siege.actions import (
    Action,
    Bombard,
    Deploy,
    Fight,
    PlaceBraziers,
    Pour,
    Shoot,
    ShootEngine,
    ShootGate,
    ThrowStones,
)
from rules.siege.board.engines import Liquid
from rules.siege.board.state import BattleState
from rules.siege.menus.legal import Option, choose, menu_options

from .menus import picked
from .refusals import Refused

MAX_GROUP = 120
"""The most models one deployment sets down at once: a side's whole force (:data:`tracker.setups.MAX_MODELS_A_SIDE`)."""


@dataclass(frozen=True)
class Choice:
    """A choice from the menu of :func:`rules.siege.menus.legal.menu_options`: the option's place in it, the models
    picked and the target."""

    option: int
    actors: tuple[str, ...] = ()
    target: str | None = None
    counts: Mapping[int, int] = field(default_factory=dict)
    """how many models of each unit group of the option (:func:`tracker.menus.unit_groups`) act, first ones first."""
    machine: tuple[int, str] | None = None
    """a war machine's strength and damage (``"1"``, ``"D3"``…) for a bombardment, instead of the seed's catapult
    (§5.9)."""
    liquid: str | None = None
    """what a brazier placed holds, or which brazier is poured: ``water``, ``oil`` or ``lead`` (§8.2)."""
    flaming: bool = False
    """a volley of flaming missiles (§9.2), which the engine's plain choice never shoots."""
    numbers: Mapping[str, int] = field(default_factory=dict)
    """the numbers the option lets the player set, by the action's field (a siege tower's ``distance``, §7.3.3),
    instead of their most."""
    facts: Mapping[str, str] = field(default_factory=dict)
    """a skirmish action's distances and terrain measured on the table (:func:`tracker.skirmish_results.with_facts`)."""
    pairs: Mapping[str, str] = field(default_factory=dict)
    """who fights whom: each striker of a fight with the enemy it engages, ``""`` for one that does not fight
    (§3.2.1); none given, the engine's plainest pairs."""


UNIT_TARGETS = frozenset({"shoot", "throw_stones"})
"""The options whose target is a whole unit, its models' ids joined by commas (§5, §8.1.2)."""

_VOLLEYS = (Shoot, ShootEngine, ShootGate)
"""The volleys that may be of flaming missiles (§9.2)."""


def _liquid(text: str) -> Liquid:
    try:
        return Liquid(text)
    except ValueError:
        raise Refused(
            _("A brazier holds boiling water, boiling oil or molten lead, not %(liquid)s.") % {"liquid": text[:20]},
            "§8.2",
        ) from None


def _detailed(state: BattleState, option: Option, chosen: Action, choice: Choice) -> Action:
    """``chosen`` with the details the menu asked for beyond the engine's plain choice."""
    settable = {name for name, _least, _most in option.numbers}
    numbers = {name: value for name, value in choice.numbers.items() if name in settable}
    if numbers:
        chosen = replace(chosen, **numbers)  # type: ignore[type-var]  # every action is a dataclass
    if isinstance(chosen, Bombard) and choice.machine is not None:
        return replace(chosen, strength=choice.machine[0], damage=choice.machine[1])
    if isinstance(chosen, PlaceBraziers) and choice.liquid:
        return replace(chosen, liquids=(_liquid(choice.liquid),))
    if isinstance(chosen, Pour) and choice.liquid:
        liquid = _liquid(choice.liquid)
        if liquid is Liquid.LEAD and chosen.designated is None and chosen.targets:
            # §8.2.6: molten lead strikes one designated model: the target picked
            return replace(chosen, liquid=liquid, designated=chosen.targets[0])
        return replace(chosen, liquid=liquid)
    if isinstance(chosen, _VOLLEYS) and choice.flaming:
        return replace(chosen, flaming=True)
    return chosen


def siege_actions(state: BattleState, choice: Choice) -> tuple[Action, ...]:
    """The actions ``choice`` plays in ``state``: one, or for a deployment one :class:`Deploy` for each model picked,
    all to the same place, in the menu's order (§16). Refused with a reason when the choice is not on the menu."""
    menu = menu_options(state)
    if not 0 <= choice.option < len(menu):
        raise Refused(_("That choice is no longer on the menu."), "option")
    option = menu[choice.option]
    if option.name == "fight" and choice.pairs:
        return (_fight(state, option, choice.pairs),)
    actors = picked(state, option, choice.actors, choice.counts)
    unknown = [a for a in actors if a not in option.actors]
    if unknown:
        raise Refused(
            _("%(models)s may not %(action)s here.") % {"models": ", ".join(unknown), "action": option.name}, "actors"
        )
    aimed = tuple((choice.target or "").split(",")) if option.name in UNIT_TARGETS else (choice.target,)
    if option.targets and not all(t in option.targets for t in aimed):
        raise Refused(_("Pick a target from the list."), "target")
    if option.name == "deploy":
        if not actors:
            raise Refused(_("Pick the models to deploy: how many of each unit."), "§16")
        if len(actors) > MAX_GROUP:
            raise Refused(_("At most %(limit)s models are deployed at once.") % {"limit": MAX_GROUP}, "§16")
        return tuple(Deploy(model, choice.target or "") for model in actors)
    try:
        chosen = choose(state, option, actors, aimed[0])
    except (ValueError, StopIteration) as bad:
        raise Refused(str(bad), "choice") from None
    if len(aimed) > 1 and isinstance(chosen, Shoot | ThrowStones):
        chosen = replace(chosen, targets=aimed)  # the whole unit shot at, the shots spread over it in turn (§5)
    return (_detailed(state, option, chosen, choice),)


def _fight(state: BattleState, option: Option, chosen: Mapping[str, str]) -> Action:
    """The fight ``option`` with the pairs the player chose, strikers and enemies from its lists (§3.2.1); the
    engine's choice makes it the second combat where it is one (§3.2.2)."""
    pairs = tuple((striker, foe) for striker, foe in chosen.items() if foe)
    if not pairs:
        raise Refused(_("Pick at least one model to fight an enemy."), "§3.2.1")
    if any(striker not in option.actors or foe not in option.targets for striker, foe in pairs):
        raise Refused(_("Pick the fighters and their enemies from the lists."), "§3.2.1")
    fight = choose(state, option, [striker for striker, _foe in pairs], pairs[0][1])
    return replace(fight, pairs=pairs) if isinstance(fight, Fight) else fight


def liquids_at(state: BattleState, section: str) -> tuple[Liquid, ...]:
    """The liquids the braziers of ``section`` hold, each once, in the order they stand (§8.2.2)."""
    return tuple(dict.fromkeys(x for x in state.works_of(section).braziers if x is not None))


def describe_refusal(model: str, reason: Any) -> str:
    """A group's refusal: the model at fault and the engine's reason; nothing of the group is written."""
    return _("%(model)s: %(reason)s — nothing of the group is played.") % {"model": model, "reason": reason}
