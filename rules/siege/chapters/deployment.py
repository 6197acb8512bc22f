"""Deployment and the first turn (§16): the besieged sets up first on the walls, the besieger 40 cm away or more
with all his engines, then the besieged fills the courtyards; the besieged plays first. No besieged model ever
deploys outside the fort (§11.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.siege.board.engines import Ladder, Ram, SiegeTower
from rules.siege.board.fort import FortLayout, SectionKind
from rules.siege.board.state import (
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
from rules.siege.board.values import replace
from rules.siege.chapters.gates import gate_statuses

__all__ = ["deploy", "may_crew", "place_tower"]


def _check(models: Sequence[Model], side: Side, where: str, ok: bool, clause: str) -> None:
    """Refuse ``models`` deployed by ``side`` elsewhere than ``where`` (``"walls"``, ``"field"``, ``"courtyards"``)."""
    if not ok:
        raise IllegalAction(
            "deploys_elsewhere", clause, models=tuple(m.id for m in models), side=side.value, where=where
        )


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
        _check([model], Side.BESIEGED, "walls", inside and model.side is Side.BESIEGED, "§16")
    for model in besiegers:
        _check(
            [model],
            Side.BESIEGER,
            "field",
            model.place.zone is Zone.FIELD and model.side is Side.BESIEGER,
            "§16",
        )
    towers = list(siege_towers)
    if any(t.section is not None for t in towers) or any(x.raised for x in ladders) or any(r.gate for r in rams):
        raise IllegalAction("engines_deploy_on_the_field", "§16")
    for model in courtyards:
        inside = model.place.inside and fort.section(model.place.ref).kind is SectionKind.COURTYARD
        _check([model], Side.BESIEGED, "courtyards", inside and model.side is Side.BESIEGED, "§16")
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
        raise IllegalAction("belfry_not_placed", "R16", tower=tower_id)  # 001 §4.1
    if tower.section is not None or tower.crew or tower.collapsed:
        raise IllegalAction("tower_on_the_table", "§16", tower=tower_id)
    check_distinct(crew, "§7.3.1")
    if not crew:
        raise IllegalAction("tower_without_crew", "§7.3.1", tower=tower_id)
    models = [state.model(m) for m in crew]
    refused = tuple(m.id for m in models if not may_crew(state, m))
    if refused:
        raise IllegalAction("cannot_crew_tower", "§7.3.1", models=refused, tower=tower_id)  # §16, §12.2
    weight = sum(m.profile.ratio for m in models)
    if weight > SIEGE_TOWER_HOLDS:
        raise IllegalAction("tower_crew_too_many", "§7.3.4", tower=tower_id, most=SIEGE_TOWER_HOLDS, named=weight)
    inside = Place(Zone.SIEGE_TOWER, tower_id)
    state = state.with_siege_tower(replace(tower, crew=tuple(crew)))
    return state.with_models({m.id: replace(m, place=inside) for m in models})
