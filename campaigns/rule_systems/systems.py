"""Which rules a battle is played with on the table: WFB siege, WFB field battle, Frères d'Armes skirmish or
Confrontation.

A battle's kind (siege or field) says what it does to the campaign; its rule system, which game the two players
play. A new battle takes its kind's WFB rules; the organiser may name another system while the battle has no
result, entered or confirmed, since each system has its own result form.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..models import Battle, BattleKind, CampaignMembership, RuleSystem

WFB_RULES: Mapping[str, RuleSystem] = MappingProxyType(
    {BattleKind.SIEGE: RuleSystem.WFB_SIEGE, BattleKind.FIELD: RuleSystem.WFB_FIELD}
)
"""The WFB rules of each kind of battle, which a new battle takes."""
SKIRMISH_RULES = (RuleSystem.FRERES, RuleSystem.CONFRONTATION)
"""Systems any battle may be played with: a siege's fight can be a skirmish at the walls."""


def default_rule_system(kind: str) -> RuleSystem:
    return WFB_RULES[kind]


def rule_systems_for(battle: Battle) -> tuple[RuleSystem, ...]:
    """The systems this battle may be played with: its kind's WFB rules or a skirmish system."""
    return (WFB_RULES[battle.kind], *SKIRMISH_RULES)


def scores_by_section(battle: Battle) -> bool:
    """Whether the battle's victory points are counted from what each side achieved (§17): a WFB siege's."""
    return battle.rule_system == RuleSystem.WFB_SIEGE


def may_change_rule_system(battle: Battle, membership: CampaignMembership) -> bool:
    return membership.is_organiser and not battle.played and battle.proposed_result is None
