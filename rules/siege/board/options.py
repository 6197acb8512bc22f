"""An entry of the menu of what may be played now (:func:`rules.siege.menus.legal.menu_options`).

An option is a promise, as a move of python-chess's ``legal_moves`` is: with its default details
(:meth:`Option.default`) and with any target it lists, the action :func:`rules.siege.menus.choices.choose` makes of it
is accepted by :func:`rules.siege.game.apply`. The player may pick from ``least`` to ``most`` of its models, the
form showing those limits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.fast import set_fields
from rules.siege.board.state import BattleState, Phase, Side

if TYPE_CHECKING:
    from rules.siege.actions import Action
    from rules.siege.board.menu_view import MenuView

__all__ = ["CHOOSERS", "MENU_PARTS", "Option", "menu_part"]


@dataclass(frozen=True, init=False)
class Option:
    """One entry of the menu: an action's ``name``, the ``side`` that plays it, the place or thing it is about
    (``where``: a section, ``"ladder:L1"``, ``"gate:G1"``, ``"ram:R1"``…), the models that may act and what they may
    act on (places, models, gates, items), and how many of its models the player picks: ``least`` to ``most``
    (every listed model may act; the rules cap how many at once, such as 1 to 3 pushers of a ladder, §7.1.6).
    ``numbers`` are the whole numbers the player sets beside them, each the name of the action's field with its
    least and most: ``(("distance", 1, 20),)`` for a siege tower pushed up to 20 cm (§7.3.3); a choice takes the
    most unless the player sets another.
    """

    name: str
    side: Side
    where: str | None = None
    actors: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    least: int = 0
    most: int = 0
    numbers: tuple[tuple[str, int, int], ...] = ()

    def __init__(
        self,
        name: str,
        side: Side,
        where: str | None = None,
        actors: tuple[str, ...] = (),
        targets: tuple[str, ...] = (),
        least: int | None = None,
        most: int | None = None,
        numbers: tuple[tuple[str, int, int], ...] = (),
    ) -> None:
        n = len(actors)
        set_fields(
            self,
            {
                "name": name,
                "side": side,
                "where": where,
                "actors": actors,
                "targets": targets,
                "least": (1 if n else 0) if least is None else least,
                "most": n if most is None else min(most, n),
                "numbers": numbers,
            },
        )

    def default(self) -> tuple[tuple[str, ...], str | None]:
        """The details a choice takes when the player changes nothing: the first ``most`` models and the first
        target."""
        return self.actors[: self.most], self.targets[0] if self.targets else None

    def number(self, name: str) -> int:
        """The value a choice gives the number ``name`` when the player sets none: its most."""
        return next(most for field, _least, most in self.numbers if field == name)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.name,
            "side": self.side.value,
            "where": self.where,
            "actors": list(self.actors),
            "targets": list(self.targets),
            "least": self.least,
            "most": self.most,
            "numbers": [list(n) for n in self.numbers],
        }


MenuPart = Callable[["MenuView"], list[Option]]
"""A part of a step's menu: the options it works out from the state sorted for its menus."""
Chooser = Callable[[BattleState, Option, Sequence[str], "str | None"], "Action"]
"""The action a choice from an option makes: the state, the option, the models picked and the target picked."""

MENU_PARTS: dict[Phase, list[tuple[MenuPart, frozenset[str]]]] = {}
"""The menu parts registered with :func:`menu_part`, by the step they are offered in, each with the names of the
options it makes; :func:`rules.siege.menus.legal.menu_options` adds them to the step's own."""
CHOOSERS: dict[str, Chooser] = {}
"""How a choice from each option registered with :func:`menu_part` makes its action, by the option's name
(:func:`rules.siege.menus.choices.choose`)."""


def menu_part(name: str, chooser: Chooser, *steps: Phase) -> Callable[[MenuPart], MenuPart]:
    """Register the decorated function as the part of the menu of ``steps`` that offers the options ``name``, and
    ``chooser`` as the way a choice from one makes its action: a new action's menu is written in one menu module,
    which :mod:`rules.siege.menus.legal` and :mod:`rules.siege.menus.choices` then find without a line of their own."""

    def register(part: MenuPart) -> MenuPart:
        if name in CHOOSERS:
            raise TypeError(f"two menu parts offer {name!r}")
        CHOOSERS[name] = chooser
        for step in steps:
            MENU_PARTS.setdefault(step, []).append((part, frozenset({name})))
        return part

    return register
