"""The API's serializers: what the API reads and writes, field by field; text fields take text only, as the schema
says. Fog of war comes from the selectors: a field out of the member's sight is ``null``."""

from __future__ import annotations

from django.db import models
from rest_framework import serializers

from . import selectors
from .enums import OrderKind
from .models import Army, Battle, Campaign, CampaignMembership, Order, Territory

MAX_ID = 2**63 - 1
"""The largest id of a row (a ``bigint``); larger ids name nothing."""


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


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
