from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from . import page_cache
from .models import (
    Army,
    Battle,
    BattleArmy,
    BattleCorrection,
    Campaign,
    CampaignMembership,
    CampaignSettings,
    Club,
    ClubMembership,
    Order,
    Territory,
    Turn,
    Unit,
)


class ChangesTheCampaignPages(admin.ModelAdmin):
    """An edit in the admin bypasses the services: it drops the campaign's kept pictures and lists itself."""

    @staticmethod
    def _campaign_id(obj: Any) -> int:
        return obj.pk if isinstance(obj, Campaign) else obj.campaign_id

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        page_cache.changed(self._campaign_id(form.instance))

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        campaign_id = self._campaign_id(obj)
        super().delete_model(request, obj)
        page_cache.changed(campaign_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        campaign_ids = {self._campaign_id(obj) for obj in queryset}
        super().delete_queryset(request, queryset)
        for campaign_id in campaign_ids:
            page_cache.changed(campaign_id)


class ClubMembershipInline(admin.TabularInline):
    model = ClubMembership
    extra = 0


class CampaignMembershipInline(admin.TabularInline):
    model = CampaignMembership
    extra = 0


class CampaignSettingsInline(admin.StackedInline):
    model = CampaignSettings


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubMembershipInline]


@admin.register(Campaign)
class CampaignAdmin(ChangesTheCampaignPages):
    list_display = ["name", "club", "created_at"]
    list_filter = ["club"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [CampaignSettingsInline, CampaignMembershipInline]


@admin.register(Territory)
class TerritoryAdmin(ChangesTheCampaignPages):
    list_display = ["name", "campaign", "kind", "owner", "value"]
    list_filter = ["campaign", "kind"]
    filter_horizontal = ["neighbours"]


class UnitInline(admin.TabularInline):
    model = Unit
    extra = 0


@admin.register(Army)
class ArmyAdmin(ChangesTheCampaignPages):
    list_display = ["name", "campaign", "owner", "territory", "points", "is_garrison", "destroyed"]
    list_filter = ["campaign", "is_garrison", "destroyed"]
    inlines = [UnitInline]


class OrderInline(admin.TabularInline):
    model = Order
    extra = 0


@admin.register(Turn)
class TurnAdmin(ChangesTheCampaignPages):
    list_display = ["campaign", "number", "state", "deadline", "resolved_at"]
    list_filter = ["campaign", "state"]
    inlines = [OrderInline]


class BattleArmyInline(admin.TabularInline):
    model = BattleArmy
    extra = 0


class BattleCorrectionInline(admin.TabularInline):
    """The audit trail of a result's corrections: read-only, corrections go through the battle page."""

    model = BattleCorrection
    extra = 0
    can_delete = False
    readonly_fields = ["by", "at", "before", "after"]

    def has_add_permission(self, request: HttpRequest, obj: Battle | None = None) -> bool:
        return False


@admin.register(Battle)
class BattleAdmin(ChangesTheCampaignPages):
    list_display = ["territory", "campaign", "turn", "kind", "winner"]
    list_filter = ["campaign", "kind"]
    inlines = [BattleArmyInline, BattleCorrectionInline]
