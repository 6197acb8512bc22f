"""Psychology inside the fort (§4): panic tied to a section, fear and terror when charged, frenzy and hatred.

Tests are taken per section/level for every model of one side there, on the best leadership of a character
present, allies included (§4.1).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum

from rules.dice import Dice
from rules.siege.morale import flee, group_tests, leadership_groups
from rules.siege.profiles import Special
from rules.siege.state import BattleState, Event, IllegalAction, Model, Outcome, Place, Side, outcome
from rules.siege.values import replace

__all__ = [
    "IGNORED_PANIC",
    "PanicCause",
    "charge_psychology",
    "holds_the_section",
    "needs_casualty_test",
    "panic_test",
]

# members read in busy functions, bound once (see rules.siege.places)
_TERROR = Special.TERROR


class PanicCause(StrEnum):
    CASUALTIES = "casualties"
    """25 % of a side's models on a section lost to shooting or magic in one phase."""
    FLEEING_FRIENDS_NEARBY = "fleeing_friends_nearby"
    """friends breaking within 15 cm."""
    FLEEING_FRIENDS_PASSING = "fleeing_friends_passing"
    """fleeing friends within 10 cm."""
    SECTION_WIPED_OUT = "section_wiped_out"
    """every model of a section killed in one turn."""
    SCALDED = "scalded"
    """a loss to boiling oil or molten lead: a test at the first loss (§8.2.5, §8.2.6)."""
    CLIMBING_WOUNDED = "climbing_wounded"
    """a giant wounded by its blockers while scaling a wall (§12.1.5)."""


IGNORED_PANIC = frozenset(
    {
        PanicCause.FLEEING_FRIENDS_NEARBY,  # §4.1
        PanicCause.FLEEING_FRIENDS_PASSING,  # §4.1
        PanicCause.SECTION_WIPED_OUT,  # §4.1
    }
)


def needs_casualty_test(present: int, lost: int) -> bool:
    """Whether losing ``lost`` of the ``present`` models of a side on a section in a phase is 25 % (§4.1)."""
    if present < 0 or lost < 0 or lost > present:
        raise ValueError(f"lost must be between 0 and present ({present}), got {lost}")
    return present > 0 and 4 * lost >= present


def _immune(model: Model) -> bool:
    profile = model.profile
    return profile.has(Special.FRENZY) or profile.has(Special.UNBREAKABLE)


def panic_test(
    state: BattleState,
    section: str,
    side: Side,
    cause: PanicCause,
    dice: Dice,
    *,
    present: int = 0,
    lost: int = 0,
    flee_to: Place | str | None = None,
    units: Collection[str] | None = None,
) -> Outcome:
    """A panic test for every ``side`` model on ``section`` (§4.1); ``present`` and ``lost`` count models for a
    casualty test. Those who fail flee: to an adjacent section open to them, else they lose 1 wound per enemy
    there, else they flee where they stand. Outside the fort (``"foot:W3"``, ``"ladder:L1"``) only the ``units``
    that suffered test, as units do in the open (§3.5).
    """
    mark = dice.mark()
    if cause in IGNORED_PANIC:
        return outcome(state, [Event("panic_ignored", "§4.1", f"no panic test in a siege for {cause}")], dice, mark)
    if cause is PanicCause.CASUALTIES and not needs_casualty_test(present, lost):
        text = f"{lost} of {present} models lost on {section}: under 25 %, no test"
        return outcome(state, [Event("panic_ignored", "§4.1", text)], dice, mark)
    if cause is PanicCause.SCALDED and lost < 1:
        text = f"no loss to boiling oil or molten lead on {section}: no test"
        return outcome(state, [Event("panic_ignored", "§8.2.5", text)], dice, mark)
    models = [m for m in state.at(section, side) if not m.fleeing and (units is None or m.unit in units)]
    testing = [m for m in models if not _immune(m)]
    if not models:
        raise IllegalAction(f"no {side} model on {section} to test for panic (§4.1)", "§4.1")
    groups = [(ld, group, 0) for ld, group in leadership_groups(state, testing)]
    breaking, events = group_tests(dice, section, groups, "panic", "§4.1", ("panic", "steady"))
    if breaking:
        target = None if flee_to is None else Place.parse(flee_to)
        state, more = flee(state, section, breaking, dice, to=target, panic=True)
        events.extend(more)
    return outcome(state, events, dice, mark)


def charge_psychology(
    state: BattleState, section: str, chargers: Sequence[Model], dice: Dice
) -> tuple[BattleState, list[Event]]:
    """Fear and terror of the models charged on ``section`` (§4.2). Terror acts on this section only and its
    failure means flight; a failed fear test means flight when outnumbered by the fearsome enemies (unit
    strength), otherwise hitting only on 6s this turn.
    """
    side = chargers[0].side.enemy
    terror = any(m.profile.has(_TERROR) for m in chargers)
    fear = any(m.profile.causes_fear for m in chargers)
    if not fear:
        return state, []
    charged = [m for m in state.at(section, side) if not m.fleeing]
    testing = [m for m in charged if not (_immune(m) or m.profile.causes_fear or (terror and m.profile.has(_TERROR)))]
    if not testing:
        return state, []
    fearsome = sum(m.profile.unit_strength for m in state.at(section, side.enemy) if m.profile.causes_fear)
    outnumbered = fearsome > state.unit_strength(section, side)
    groups = [(ld, group, 0) for ld, group in leadership_groups(state, testing)]
    failed, events = group_tests(dice, section, groups, "terror" if terror else "fear", "§4.2", ("failed", "steady"))
    # §4.2: terror, or fear while outnumbered, means flight; fear alone, hitting on 6s only
    breaking = failed if terror or outnumbered else []
    afraid = [] if terror or outnumbered else failed
    if afraid:
        log = state.turn_log
        state = replace(state, turn_log=replace(log, afraid=log.afraid | {m.id for m in afraid}))
    if breaking:
        state, more = flee(state, section, breaking, dice)
        events.extend(more)
    return state, events


def holds_the_section(model: Model) -> bool:
    """Frenzied and hating troops must clear their section of enemies before leaving it, and never disengage
    (§4.2).
    """
    return model.profile.has(Special.FRENZY) or model.profile.has(Special.HATRED)
