"""Which rules a battle is played with on the table: WFB siege, WFB field battle, Frères d'Armes skirmish or
Confrontation.

A battle's kind (siege or field) says what it does to the campaign; its rule system, which game the two players
play. A new battle takes its kind's WFB rules; the organiser may name another system while the battle has no
result, entered or confirmed, since each system has its own result form.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

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


@transaction.atomic
def set_rule_system(*, battle: Battle, rule_system: str, by: CampaignMembership) -> Battle:
    """The organiser names the rules the battle is played with, before any result is entered."""
    battle = Battle.objects.select_for_update().get(pk=battle.pk)
    if not by.is_organiser or by.campaign_id != battle.campaign_id:
        raise ValidationError(_("Only the campaign's organisers may change a battle's rule system."))
    if battle.played or battle.proposed_result is not None:
        raise ValidationError(
            _("This battle already has a result, entered or confirmed: its rule system can no longer change.")
        )
    allowed = rule_systems_for(battle)
    if rule_system not in allowed:
        raise ValidationError(
            _("A %(kind)s is played with one of: %(systems)s.")
            % {
                "kind": BattleKind(battle.kind).label.lower(),
                "systems": ", ".join(str(RuleSystem(s).label) for s in allowed),
            }
        )
    battle.rule_system = rule_system
    battle.save(update_fields=["rule_system"])
    return battle
