"""A menu option's models grouped by unit, as a phone asks for them: how many of each unit, not a box a model."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.siege.board.state import BattleState
from rules.siege.menus.legal import Option
from wording.siege import SiegeNames


def unit_groups(state: BattleState, option: Option) -> list[tuple[str, tuple[str, ...]]]:
    """``option``'s models by unit and place, in the menu's order, the place as the fort shows it: ``("Warriors (at
    the foot of W3)", model ids)``."""
    names = SiegeNames(())
    where = {m.id: f"{m.unit} ({names.place(str(m.place))})" for m in state.models}
    groups: dict[str, list[str]] = {}
    for model_id in option.actors:
        groups.setdefault(where.get(model_id, model_id), []).append(model_id)
    return [(unit, tuple(ids)) for unit, ids in groups.items()]


def picked(state: BattleState, option: Option, actors: Sequence[str], counts: Mapping[int, int]) -> tuple[str, ...]:
    """The models picked one by one (``actors``) and the first ``counts[i]`` of the ``i``-th unit group, in the
    menu's order, each once."""
    chosen = dict.fromkeys(actors)
    for index, (_unit, ids) in enumerate(unit_groups(state, option)):
        for model_id in ids[: max(0, counts.get(index, 0))]:
            chosen[model_id] = None
    return tuple(chosen)
