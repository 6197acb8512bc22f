"""The app's band in a solo skirmish (*joué par l'application*): a simple choice among what may be played now
(:func:`rules.freres.legal.legal_actions`), one action at a time.

The app answers an attack on one of its models with the first defence offered (II §3), rolls the initiative when
its band is to (I §5), activates its first model with its coin on tails, and with it strikes, shoots, charges,
casts, or moves, in that order of preference, as long as the rules let it; then it ends the activation. It never
holds a skirmish up: an activation of :data:`MAX_ACTIVATION_ACTIONS` of its actions ends, and ``None`` means only
that it waits for the other band.

    >>> from rules.freres.example import example_skirmish
    >>> from rules.freres.state import Side
    >>> next_action(example_skirmish(), Side.A)
    RollInitiative()
"""

from __future__ import annotations

from rules.freres import actions as a
from rules.freres.game import side_of
from rules.freres.legal import legal_actions
from rules.freres.state import Side, Skirmish

__all__ = ["MAX_ACTIVATION_ACTIONS", "PREFERENCE", "next_action"]

PREFERENCE = (
    "defend",
    "roll_initiative",
    "activate",
    "strike",
    "shoot",
    "charge",
    "cast",
    "stand_up",
    "reload",
    "unjam",
    "rally",
    "recover",
    "move",
    "end_activation",
)
"""The actions the app plays, the first the menu offers it first; it plays no other."""

MAX_ACTIVATION_ACTIONS = 12
"""The most actions the app plays in one activation before ending it: so that a skirmish never stalls on an action
the rules keep offering."""


def next_action(state: Skirmish, side: Side, *, played: int = 0) -> a.Action | None:
    """The action the app plays next for band ``side``; ``None`` while it waits for the other band or once the
    skirmish is over. ``played``: how many actions it has played in the activation under way."""
    mine = [action for action in legal_actions(state) if side_of(state, action) is side]
    if played >= MAX_ACTIVATION_ACTIONS:
        mine = [action for action in mine if action.name == "end_activation"] or mine
    for name in PREFERENCE:
        found = next((action for action in mine if action.name == name), None)
        if found is not None:
            return found
    return None
