"""A battle state's JSON form: the fort, the profiles once each, the models, the engines and the turn
(:meth:`rules.siege.board.state.BattleState.to_json`, :meth:`~rules.siege.board.state.BattleState.from_json`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.siege.board import engines
from rules.siege.board.engines import Belfry, Budget, Climb, Fire, GateStatus, Ladder, Mine, Ram, SiegeTower, Works
from rules.siege.board.fort import FortLayout
from rules.siege.board.places import Phase, SetupTurn, Side, model_from_json, model_to_json
from rules.siege.board.profiles import Profile
from rules.siege.board.state import BattleState, as_copies
from rules.siege.board.turn_log import CombatResult, TurnLog

__all__ = ["state_from_json", "state_to_json"]

_ENGINE_FIELDS = ("ladders", "siege_towers", "works", "gates", "rams", "fires", "climbs", "belfries")


def state_to_json(battle_state: BattleState) -> dict[str, Any]:
    """The JSON form of a battle state (:meth:`BattleState.to_json`)."""
    profiles: dict[str, Profile] = {}
    for model in (*battle_state.models, *battle_state.fallen):
        known = profiles.setdefault(model.profile.name, model.profile)
        if known != model.profile:
            raise ValueError(f"two different profiles are named {model.profile.name!r}")
    return {
        "fort": battle_state.fort.to_json(),
        "profiles": {name: profile.to_json() for name, profile in profiles.items()},
        "models": [model_to_json(m) for m in battle_state.models],
        "fallen": [model_to_json(m) for m in battle_state.fallen],
        **{name: engines.to_json(getattr(battle_state, name)) for name in _ENGINE_FIELDS},
        "mine": None if battle_state.mine is None else engines.to_json(battle_state.mine),
        "budgets": [[side.value, engines.to_json(budget)] for side, budget in battle_state.budgets],
        "heroism_tokens": battle_state.heroism_tokens,
        "unit_braziers": list(battle_state.unit_braziers),
        "last_turn": battle_state.last_turn,
        "over": battle_state.over,
        "turn": battle_state.turn,
        "active": battle_state.active.value,
        "first": battle_state.first.value,
        "turn_log": battle_state.turn_log.to_json(),
        "phase": battle_state.phase.value,
        "setup_turn": battle_state.setup_turn.value,
        "results": [r.to_json() for r in battle_state.results],
        "contacts": sorted(list(pair) for pair in battle_state.contacts),
        "magic_protection": battle_state.magic_protection,
        "belfry_overload": battle_state.belfry_overload,
    }


def state_from_json(data: Mapping[str, Any]) -> BattleState:
    """The battle state :func:`state_to_json` wrote (:meth:`BattleState.from_json`), its pieces laid out as the
    battle's own copies are (:func:`~rules.siege.board.state.as_copies`)."""
    profiles = {name: Profile.from_json(p) for name, p in data["profiles"].items()}
    mine = data.get("mine")
    last_turn = data.get("last_turn")
    return BattleState(
        fort=FortLayout.from_json(data["fort"]),
        models=as_copies(model_from_json(m, profiles) for m in data["models"]),
        fallen=as_copies(model_from_json(m, profiles) for m in data.get("fallen", ())),
        ladders=as_copies(engines.from_json(Ladder, x) for x in data.get("ladders", ())),
        siege_towers=as_copies(engines.from_json(SiegeTower, x) for x in data.get("siege_towers", ())),
        works=tuple(engines.from_json(Works, x) for x in data.get("works", ())),
        gates=as_copies(engines.from_json(GateStatus, x) for x in data.get("gates", ())),
        rams=as_copies(engines.from_json(Ram, x) for x in data.get("rams", ())),
        fires=tuple(engines.from_json(Fire, x) for x in data.get("fires", ())),
        climbs=tuple(engines.from_json(Climb, x) for x in data.get("climbs", ())),
        mine=None if mine is None else engines.from_json(Mine, mine),
        budgets=tuple((Side(side), engines.from_json(Budget, b)) for side, b in data.get("budgets", ())),
        heroism_tokens=int(data.get("heroism_tokens", 0)),
        unit_braziers=tuple(str(u) for u in data.get("unit_braziers", ())),
        last_turn=None if last_turn is None else int(last_turn),
        over=bool(data.get("over", False)),
        turn=int(data["turn"]),
        active=Side(data["active"]),
        first=Side(data["first"]),
        turn_log=TurnLog.from_json(data.get("turn_log", {})),
        phase=Phase(data.get("phase", Phase.MOVEMENT.value)),
        # a state stored before each side set up in its turn was in a set-up both sides played at once (§16)
        setup_turn=SetupTurn(data.get("setup_turn", SetupTurn.SHARED.value)),
        results=tuple(CombatResult.from_json(r) for r in data.get("results", ())),
        contacts=frozenset((str(a), str(b)) for a, b in data.get("contacts", ())),
        magic_protection=bool(data.get("magic_protection", True)),
        belfries=tuple(engines.from_json(Belfry, b) for b in data.get("belfries", ())),
        belfry_overload=bool(data.get("belfry_overload", False)),
    )
