"""Deployment and the first turn (§16): the besieged sets up first on the walls, the besieger 40 cm away or more
with all his engines, then the besieged fills the courtyards; the besieged plays first. No besieged model ever
deploys outside the fort (§11.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.siege.engines import Ladder, Ram, SiegeTower
from rules.siege.fort import FortLayout, SectionKind
from rules.siege.gates import gate_statuses
from rules.siege.state import BattleState, IllegalAction, Model, Side, Zone, new_battle

__all__ = ["deploy"]


def _check(models: Sequence[Model], side: Side, where: str, ok: bool, clause: str) -> None:
    if not ok:
        ids = ", ".join(m.id for m in models)
        raise IllegalAction(f"{ids}: the {side} deploys {where} at this step (§16)", clause)


def deploy(
    fort: FortLayout,
    *,
    walls: Iterable[Model],
    besiegers: Iterable[Model],
    courtyards: Iterable[Model],
    ladders: Iterable[Ladder] = (),
    rams: Iterable[Ram] = (),
    siege_towers: Iterable[SiegeTower] = (),
    magic_protection: bool = True,
) -> BattleState:
    """The battle after §16's three deployment steps, the besieged to play first."""
    walls, besiegers, courtyards = list(walls), list(besiegers), list(courtyards)
    for model in walls:
        inside = model.place.inside and fort.section(model.place.ref).kind is not SectionKind.COURTYARD
        _check([model], Side.BESIEGED, "everything but the courtyards", inside and model.side is Side.BESIEGED, "§16")
    for model in besiegers:
        _check(
            [model],
            Side.BESIEGER,
            "40 cm or more from the walls",
            model.place.zone is Zone.FIELD and model.side is Side.BESIEGER,
            "§16",
        )
    towers = list(siege_towers)
    if any(t.section is not None for t in towers) or any(x.raised for x in ladders) or any(r.gate for r in rams):
        raise IllegalAction("siege engines deploy with the besieger, 40 cm or more from the walls (§16)", "§16")
    for model in courtyards:
        inside = model.place.inside and fort.section(model.place.ref).kind is SectionKind.COURTYARD
        _check([model], Side.BESIEGED, "in the courtyards", inside and model.side is Side.BESIEGED, "§16")
    return new_battle(
        fort,
        [*walls, *besiegers, *courtyards],
        ladders=ladders,
        siege_towers=towers,
        rams=rams,
        gates=gate_statuses(fort),
        magic_protection=magic_protection,
    )
