"""Deployment and the first turn (§16): the besieged sets up first on the walls, the besieger 40 cm away or more
with all his engines, then the besieged fills the courtyards; the besieged plays first. No besieged model ever
deploys outside the fort (§11.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.siege.engines import Ladder, Ram, SiegeTower
from rules.siege.fort import FortLayout, SectionKind
from rules.siege.gates import gate_statuses
from rules.siege.state import (
    SIEGE_TOWER_HOLDS,
    BattleState,
    IllegalAction,
    Model,
    Place,
    Side,
    Zone,
    check_distinct,
    new_battle,
)
from rules.siege.values import replace

__all__ = ["deploy", "may_crew", "place_tower"]


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


def may_crew(state: BattleState, model: Model) -> bool:
    """Whether ``model`` may go into a siege tower the besieger deploys (§16, §7.3.1): a besieger model on the
    field, carrying no ladder or ram, that may board a siege tower (no cavalry, no centauroid, §12.2, §3.2.3)."""
    return (
        model.side is Side.BESIEGER
        and model.place.zone is Zone.FIELD
        and model.profile.may_board_siege_towers
        and model.id not in state.named
    )


def place_tower(state: BattleState, tower_id: str, crew: Sequence[str]) -> BattleState:
    """The besieger deploys a siege tower he bought 40 cm or more from the walls, like all his siege engines (§16),
    with ``crew`` inside: « Les membres d'équipage sont à l'intérieur de la tour » and push it (§7.3.1), at most 15
    aboard (§7.3.4). It reaches a rampart when they push it there (§7.3.3). A belfry starts at its own distance from
    its wall instead (001 §4.1, R16)."""
    tower = state.siege_tower(tower_id)
    if state.is_belfry(tower_id):
        raise IllegalAction(
            f"siege tower {tower_id} is a belfry: it starts at its distance from its wall, boarded by its levels "
            "(001 §4.1, R16)",
            "R16",
        )
    if tower.section is not None or tower.crew or tower.collapsed:
        raise IllegalAction(f"siege tower {tower_id} is already on the table (§16)", "§16")
    check_distinct(crew, "§7.3.1")
    if not crew:
        raise IllegalAction(f"siege tower {tower_id} is deployed with its crew inside (§7.3.1)", "§7.3.1")
    models = [state.model(m) for m in crew]
    refused = [m.id for m in models if not may_crew(state, m)]
    if refused:
        raise IllegalAction(
            f"{', '.join(refused)} cannot crew siege tower {tower_id}: its crew are besieger models on the field, "
            "carrying nothing, neither cavalry nor centauroids (§16, §7.3.1, §12.2)",
            "§7.3.1",
        )
    weight = sum(m.profile.ratio for m in models)
    if weight > SIEGE_TOWER_HOLDS:
        raise IllegalAction(f"siege tower {tower_id} holds {SIEGE_TOWER_HOLDS} models, not {weight} (§7.3.4)", "§7.3.4")
    inside = Place(Zone.SIEGE_TOWER, tower_id)
    state = state.with_siege_tower(replace(tower, crew=tuple(crew)))
    return state.with_models({m.id: replace(m, place=inside) for m in models})
