"""The REST API: the same rules as the pages, members read, organisers write; fog of war as on the pages.

A campaign's map, armies, orders, battles and standings hang off the campaign: ``/api/campaigns/<id>/armies/``…
Orders are given or changed by POSTing to ``/api/campaigns/<id>/orders/``; a refused order answers 400 with the
reason, a campaign that is not yours 404.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from . import selectors, services
from .access import IsCampaignMember, IsCampaignOrganiserOrReadOnly, campaign_for
from .models import Army, Battle, Campaign, CampaignMembership, Order, OrderKind, Territory

MAX_ID = 2**63 - 1
"""The largest id of a row (a ``bigint``); larger ids name nothing."""


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


ERRORS = {
    401: OpenApiResponse(ErrorSerializer, description="Not logged in."),
    403: OpenApiResponse(ErrorSerializer, description="Not logged in, or a player asking for an organiser's action."),
    404: OpenApiResponse(ErrorSerializer, description="No such campaign among yours."),
}
REFUSED = {400: OpenApiResponse(description="Refused: the reason, under ``detail`` or under each field at fault.")}


class StrictCharField(serializers.CharField):
    """Text only: a number, a list or an object is refused instead of being turned into text."""

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer only: text such as ``"5"`` and booleans are refused."""

    def to_internal_value(self, data: object) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """``true`` or ``false`` only."""

    def to_internal_value(self, data: object) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictModelSerializer(serializers.ModelSerializer):
    """A model serializer whose text fields take text only, as the schema says."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.CharField: StrictCharField,
        models.TextField: StrictCharField,
    }


class MembershipSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = CampaignMembership
        fields = ["username", "role", "faction"]


class CampaignSerializer(StrictModelSerializer):
    club = serializers.CharField(source="club.name", read_only=True)
    members = MembershipSerializer(source="memberships", many=True, read_only=True)

    class Meta:
        model = Campaign
        fields = ["id", "name", "slug", "description", "club", "members", "created_at"]
        read_only_fields = ["id", "slug", "club", "members", "created_at"]


class TerritorySerializer(serializers.ModelSerializer):
    """A territory; the fort layout only for those who have the fort in sight (``null`` otherwise)."""

    owner = serializers.CharField(source="owner.user.username", read_only=True, default=None, allow_null=True)
    neighbours = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = Territory
        fields = ["id", "name", "kind", "owner", "value", "x", "y", "neighbours", "fort_layout"]
        read_only_fields = fields

    def to_representation(self, instance: Territory) -> dict:
        data = super().to_representation(instance)
        data["fort_layout"] = selectors.shown_fort_layout(instance, self.context["membership"])
        return data


class ArmySerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.user.username", read_only=True)

    class Meta:
        model = Army
        fields = ["id", "name", "owner", "territory", "points", "is_garrison"]


class OrderSerializer(serializers.ModelSerializer):
    army = StrictIntegerField(source="army_id", min_value=1, max_value=MAX_ID)
    target = StrictIntegerField(
        source="target_id", allow_null=True, required=False, default=None, min_value=1, max_value=MAX_ID
    )
    kind = serializers.ChoiceField(choices=OrderKind.choices)
    withdraw_into_fort = StrictBooleanField(required=False, default=False)
    turn = serializers.IntegerField(source="turn.number", read_only=True)

    class Meta:
        model = Order
        fields = ["id", "turn", "army", "kind", "target", "withdraw_into_fort"]
        read_only_fields = ["id", "turn"]


class BattleSerializer(serializers.ModelSerializer):
    attacker = serializers.CharField(source="attacker.user.username", read_only=True)
    defender = serializers.CharField(source="defender.user.username", read_only=True)
    turn = serializers.IntegerField(source="turn.number", read_only=True)

    class Meta:
        model = Battle
        fields = [
            "id", "turn", "territory", "kind", "attacker", "defender", "attacker_points", "defender_points",
            "open_field_points", "heroism_tokens", "fort_layout", "winner", "attacker_victory_points",
            "defender_victory_points", "victory_detail", "attacker_losses", "defender_losses", "notes", "rule_system",
        ]  # fmt: skip
        read_only_fields = fields
        # null when the battle is out of the member's sight (selectors.shown_battle)
        extra_kwargs = {name: {"allow_null": True} for name in selectors.BATTLE_FIELDS_IN_SIGHT}


class StandingSerializer(serializers.Serializer):
    player = serializers.CharField(source="membership.user.username")
    faction = serializers.CharField(source="membership.faction")
    battle_points = serializers.IntegerField(help_text="Campaign points for battles won, drawn and lost.")
    victory_points = serializers.IntegerField(help_text="The battles' victory points; they only break ties.")
    territory_points = serializers.IntegerField()
    fort_points = serializers.IntegerField()
    total = serializers.IntegerField()


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
        return selectors.campaigns_for(self.request.user).prefetch_related("memberships__user")

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
            turn = selectors.current_turn(campaign)
            orders = selectors.visible_orders(turn, membership) if turn else Order.objects.none()
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
        battles = [selectors.shown_battle(battle, membership) for battle in selectors.battles_of(campaign)]
        return Response(BattleSerializer(battles, many=True).data)

    @extend_schema(responses={200: StandingSerializer(many=True), **ERRORS})
    @action(detail=True, permission_classes=MEMBERS)
    def standings(self, request: Request, pk: str, format: str | None = None) -> Response:
        campaign, _membership = self._membership()
        return Response(StandingSerializer(selectors.tallies(campaign), many=True).data)
