"""The REST API: the same rules as the pages, members read, organisers write; fog of war as on the pages.

A campaign's map, armies, orders, battles and standings hang off the campaign: ``/api/campaigns/<id>/armies/``…
Orders are given or changed by POSTing to ``/api/campaigns/<id>/orders/``; a refused order answers 400 with the
reason, a campaign that is not yours 404.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from . import page_cache, selectors, services
from .access import IsCampaignMember, IsCampaignOrganiserOrReadOnly, campaign_for

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from .models import Campaign, CampaignMembership

from .serializers import (
    ArmySerializer,
    BattleSerializer,
    CampaignSerializer,
    ErrorSerializer,
    OrderSerializer,
    StandingSerializer,
    TerritorySerializer,
)

ERRORS = {
    401: OpenApiResponse(ErrorSerializer, description="Not logged in."),
    403: OpenApiResponse(ErrorSerializer, description="Not logged in, or a player asking for an organiser's action."),
    404: OpenApiResponse(ErrorSerializer, description="No such campaign among yours."),
}
REFUSED = {400: OpenApiResponse(description="Refused: the reason, under ``detail`` or under each field at fault.")}


MEMBERS = [IsAuthenticated, IsCampaignMember]


@extend_schema_view(
    list=extend_schema(responses={200: CampaignSerializer(many=True), **ERRORS}),
    retrieve=extend_schema(responses={200: CampaignSerializer, **ERRORS}),
    update=extend_schema(responses={200: CampaignSerializer, **REFUSED, **ERRORS}),
    partial_update=extend_schema(responses={200: CampaignSerializer, **REFUSED, **ERRORS}),
)
class CampaignViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.UpdateModelMixin, viewsets.GenericViewSet
):
    serializer_class = CampaignSerializer
    permission_classes = [IsAuthenticated, IsCampaignOrganiserOrReadOnly]

    def get_queryset(self) -> QuerySet[Campaign]:
        campaigns = selectors.campaigns_for(self.request.user)
        if self.action in ("list", "retrieve", "update", "partial_update"):
            # the campaign itself lists its members; the actions (battles, standings…) read what they show
            return campaigns.prefetch_related("memberships__user")
        return campaigns

    def perform_update(self, serializer: serializers.BaseSerializer) -> None:
        try:
            serializer.instance = services.update_campaign(campaign=serializer.instance, **serializer.validated_data)
        except ValidationError as error:
            raise serializers.ValidationError({"detail": " ".join(error.messages)}) from None

    def _membership(self) -> tuple[Campaign, CampaignMembership]:
        campaign = self.get_object()
        return campaign_for(self.request.user, campaign.pk)

    # The router also routes each action with a format suffix (``orders.json``), passing ``format``.

    @extend_schema(responses={200: TerritorySerializer(many=True), **ERRORS})
    @action(detail=True, permission_classes=MEMBERS)
    def territories(self, request: Request, pk: str, format: str | None = None) -> Response:
        campaign, membership = self._membership()
        territories = selectors.territories_of(campaign)
        return Response(TerritorySerializer(territories, many=True, context={"membership": membership}).data)

    @extend_schema(responses={200: ArmySerializer(many=True), **ERRORS})
    @action(detail=True, permission_classes=MEMBERS)
    def armies(self, request: Request, pk: str, format: str | None = None) -> Response:
        campaign, membership = self._membership()
        return Response(ArmySerializer(selectors.visible_armies(campaign, membership), many=True).data)

    @extend_schema(
        request=OrderSerializer,
        responses={200: OrderSerializer(many=True), 201: OrderSerializer, **REFUSED, **ERRORS},
    )
    @action(detail=True, methods=["get", "post"], permission_classes=MEMBERS)
    def orders(self, request: Request, pk: str, format: str | None = None) -> Response:
        campaign, membership = self._membership()
        if request.method == "GET":
            orders = selectors.current_orders(campaign, membership)
            return Response(OrderSerializer(orders, many=True).data)
        incoming = OrderSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        try:
            order = services.submit_order(
                membership=membership,
                army_id=data["army_id"],
                kind=data["kind"],
                target_id=data["target_id"],
                withdraw=data["withdraw_into_fort"],
            )
        except ValidationError as error:
            return Response({"detail": " ".join(error.messages)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(OrderSerializer(order).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: BattleSerializer(many=True), **ERRORS})
    @action(detail=True, permission_classes=MEMBERS)
    def battles(self, request: Request, pk: str, format: str | None = None) -> Response:
        campaign, membership = self._membership()
        return Response(BattleSerializer(selectors.shown_battles(campaign, membership), many=True).data)

    @extend_schema(responses={200: StandingSerializer(many=True), **ERRORS})
    @action(detail=True, permission_classes=MEMBERS)
    def standings(self, request: Request, pk: str, format: str | None = None) -> Response:
        campaign, _membership = self._membership()
        # the same for every member until the campaign changes (page_cache)
        rows = page_cache.kept(
            campaign.pk, "api-standings", None, lambda: StandingSerializer(selectors.tallies(campaign), many=True).data
        )
        return Response(rows)
