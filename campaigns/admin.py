from django.contrib import admin

from .models import Campaign, CampaignMembership, Club, ClubMembership


class ClubMembershipInline(admin.TabularInline):
    model = ClubMembership
    extra = 0


class CampaignMembershipInline(admin.TabularInline):
    model = CampaignMembership
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubMembershipInline]


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "created_at"]
    list_filter = ["club"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [CampaignMembershipInline]
