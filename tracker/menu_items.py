"""What the siege's and the skirmish's boards share of a menu: an action's label from its name, and one option as
a form shows it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


def action_namer(labels: Mapping[str, object]) -> Callable[[str], str]:
    """An action's label in the reader's language from ``labels``, else its name in words."""

    def action_label(name: str) -> str:
        return str(labels.get(name, name.replace("_", " ")))

    return action_label


@dataclass(frozen=True)
class Fact:
    """A fact of the table an action declares (:func:`tracker.skirmish_results.table_facts`): its field, label,
    the menu's value and, for a terrain, the values it takes with their labels."""

    name: str
    label: str
    value: str
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class MenuItem:
    """One option of the engine's menu as a form shows it: its place in the menu, its name and label, whose it is
    (``mine`` when the reader plays that side), and what the rule system's form asks beside."""

    index: int
    name: str
    label: str
    side: str
    mine: bool
    text: str = ""
    """the action's facts, when the engine's menu gives whole actions (a skirmish)."""
    where: str = ""
    where_label: str = ""
    """where the option acts, in the reader's words (« au pied de W3 », « une échelle »)."""
    actors: tuple[tuple[str, str], ...] = ()
    """the models that may act (id, label), when few enough to list."""
    least: int = 0
    most: int = 0
    """how many of the models the rules let act at once (§7.1.6's 1 to 3 pushers, a connection's capacity…)."""
    units: tuple[tuple[int, str, int, int], ...] = ()
    """each unit group: its index, its name, how many of its models may act, and how many are picked at first (the
    engine's default: the option's first ``most`` models)."""
    targets: tuple[tuple[str, str], ...] = ()
    liquids: tuple[tuple[str, str], ...] = ()
    """the liquids a brazier may be placed with, or poured from the section's braziers (§8.2)."""
    flaming: bool = False
    """whether the volley may be of flaming missiles: some of its shooters have a brazier (§9.1, §9.2)."""
    pairs: tuple[tuple[str, str, str], ...] = ()
    """a fight's strikers (id, label) each with the enemy it engages at first, the engine's pairs (§3.2.1), or
    ``""`` for one the engine leaves out: the player changes who fights whom."""
    numbers: tuple[tuple[str, str, int, int], ...] = ()
    """the numbers the player sets (field, label, least, most), such as a siege tower's push in cm (§7.3.3)."""
    facts: tuple[Fact, ...] = ()
    dice: str | None = None
    """the dice the option rolls, announced for the dice typed at the table (« 8 D6 : pour toucher, puis… »);
    ``""`` when it rolls none, ``None`` when not worked out (the form then asks for dice all the same)."""
    """the facts of the table a skirmish action's player may give instead of the menu's."""
