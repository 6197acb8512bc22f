"""The organiser's choice of the rules a battle is played with, in one transaction."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Battle, BattleKind, CampaignMembership, RuleSystem
from .systems import rule_systems_for


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
