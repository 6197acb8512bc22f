"""The REST API: the same rules as the pages, members read, organisers write."""

from __future__ import annotations

from django.db.models import QuerySet
from rest_framework import mixins, serializers, viewsets
from rest_framework.permissions import IsAuthenticated

from . import selectors
from .access import IsCampaignOrganiserOrReadOnly
from .models import Campaign, CampaignMembership


class MembershipSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = CampaignMembership
        fields = ["username", "role"]


class CampaignSerializer(serializers.ModelSerializer):
    club = serializers.CharField(source="club.name", read_only=True)
    members = MembershipSerializer(source="memberships", many=True, read_only=True)

    class Meta:
        model = Campaign
        fields = ["id", "name", "slug", "description", "club", "members", "created_at"]
        read_only_fields = ["id", "slug", "club", "members", "created_at"]


class CampaignViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.UpdateModelMixin, viewsets.GenericViewSet
):
    serializer_class = CampaignSerializer
    permission_classes = [IsAuthenticated, IsCampaignOrganiserOrReadOnly]

    def get_queryset(self) -> QuerySet[Campaign]:
        return selectors.campaigns_for(self.request.user).prefetch_related("memberships__user")
