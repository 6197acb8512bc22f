"""The odds lab's REST API: ``GET /api/odds/`` lists the mechanics, ``GET /api/odds/<slug>/?…`` answers one.

Each mechanic has its own endpoint whose query parameters (typed, bounded, with their defaults) come from the
registry (:mod:`oddslab.mechanics`), so the OpenAPI schema documents them one by one. Probabilities come as exact
fractions (``"227/1536"``, always ``p/q``) and as decimals. Open to anyone, as the pages (they hold no campaign
data), within each address's budget of questions a minute (:mod:`.throttling`).
"""

from __future__ import annotations

from typing import Any

from django.urls import URLPattern, path, reverse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import permissions, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import presenters, selectors
from .forms import FALSE, TRUE, WHOLE_NUMBER
from .mechanics import Kind, Mechanic, Param, ParamType
from .throttling import OddsThrottle

FRACTION_PATTERN = r"^[0-9]+/[0-9]+$"


class WholeNumberField(serializers.IntegerField):
    """Digits only, as the schema's integer says: ``5.0``, ``1e1`` and ``true`` are refused."""

    def to_internal_value(self, data: object) -> int:
        if not isinstance(data, str) or not WHOLE_NUMBER.fullmatch(data):
            self.fail("invalid")
        return super().to_internal_value(data)


class FlagField(serializers.BooleanField):
    """``true`` or ``false`` only."""

    def to_internal_value(self, data: object) -> bool:
        if data not in (TRUE, FALSE):
            self.fail("invalid")
        return data == TRUE


def _query_field(param: Param) -> serializers.Field:
    common: dict[str, Any] = {"required": False, "default": param.default, "help_text": param.help or param.label}
    if param.type is ParamType.INTEGER:
        return WholeNumberField(min_value=param.low, max_value=param.high, **common)
    if param.type is ParamType.BOOLEAN:
        return FlagField(**common)
    return serializers.ChoiceField(choices=[c.value for c in param.choices], **common)


class FractionField(serializers.RegexField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(FRACTION_PATTERN, **kwargs)


@extend_schema_field({"type": "string", "pattern": f"^({'|'.join(k.value for k in Kind)})$"})
class KindField(serializers.ChoiceField):
    """The shape of an answer. Its values are given as a pattern: as an enumeration, it would share the component
    name ``KindEnum`` with the campaigns' own "kind" fields."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=[k.value for k in Kind], **kwargs)


class OutcomeSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The rules' key, a turn number (by_turn) or a value (distribution).")
    label = serializers.CharField()
    probability = FractionField(help_text="Exact, as p/q.")
    decimal = serializers.FloatField(min_value=0, max_value=1)


class ProbabilitySerializer(serializers.Serializer):
    probability = FractionField()
    decimal = serializers.FloatField(min_value=0, max_value=1)


class ExactSerializer(serializers.Serializer):
    exact = FractionField()
    decimal = serializers.FloatField(min_value=0)


class AnswerSerializer(serializers.Serializer):
    mechanic = serializers.CharField()
    function = serializers.CharField(help_text="Its function in rules.odds.")
    kind = KindField()
    parameters = serializers.DictField(
        child=serializers.JSONField(), help_text="The parameters used, defaults included."
    )
    outcomes = OutcomeSerializer(
        many=True,
        help_text="probability: the event; outcomes: each outcome; by_turn: P(done by the end of each turn); "
        "distribution: P(each value); verdict: none.",
    )
    headline = ProbabilitySerializer(allow_null=True, help_text="The probability the sentence reads.")
    mean = ExactSerializer(allow_null=True, help_text="A distribution's expected value.")
    result = serializers.CharField(allow_null=True, help_text="A verdict's answer (the wound table).")
    sentence = serializers.CharField()


class ParamSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    type = serializers.ChoiceField(choices=[t.value for t in ParamType])
    default = serializers.JSONField()
    minimum = serializers.IntegerField(allow_null=True)
    maximum = serializers.IntegerField(allow_null=True)
    choices = serializers.ListField(child=serializers.CharField(), allow_null=True)


class MechanicSerializer(serializers.Serializer):
    mechanic = serializers.CharField()
    function = serializers.CharField()
    title = serializers.CharField()
    clause = serializers.CharField()
    kind = KindField()
    url = serializers.CharField()
    parameters = ParamSerializer(many=True)


class ThrottledSerializer(serializers.Serializer):
    detail = serializers.CharField()


THROTTLED = {
    429: OpenApiResponse(
        ThrottledSerializer, description="This address asked too often; the Retry-After header says when to ask again."
    )
}


class OddsView(APIView):
    """Anyone may ask, signed in or not, within the address's budget."""

    permission_classes = [permissions.AllowAny]
    throttle_classes = [OddsThrottle]


class MechanicList(OddsView):
    @extend_schema(operation_id="odds_list", tags=["odds"], responses={200: MechanicSerializer(many=True), **THROTTLED})
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "mechanic": m.slug,
                    "function": m.name,
                    "title": str(m.title),
                    "clause": m.clause,
                    "kind": m.kind.value,
                    "url": reverse(f"oddslab:api-{m.slug}"),
                    "parameters": [
                        {"minimum": None, "maximum": None, "choices": None} | p for p in presenters.parameters(m)
                    ],
                }
                for m in selectors.mechanics()
            ]
        )


def _endpoint(mechanic: Mechanic) -> type[APIView]:
    camel = "".join(part.title() for part in mechanic.slug.split("-"))
    query = type(f"{camel}Query", (serializers.Serializer,), {p.name: _query_field(p) for p in mechanic.params})

    class Endpoint(OddsView):
        @extend_schema(
            operation_id=f"odds_{mechanic.name}",
            summary=f"{mechanic.name} ({mechanic.clause})",
            description=mechanic.function.__doc__ or "",
            tags=["odds"],
            parameters=[query] if mechanic.params else None,
            responses={
                200: AnswerSerializer,
                400: OpenApiResponse(description="A parameter out of its bounds or of its type, under its name."),
                **THROTTLED,
            },
        )
        def get(self, request: Request) -> Response:
            parsed = query(data={name: request.query_params[name] for name in request.query_params})
            parsed.is_valid(raise_exception=True)
            try:
                answer = selectors.answer(mechanic, parsed.validated_data)
            except selectors.RefusedCombination as refused:
                raise ValidationError({refused.param or "detail": [str(refused)]}) from refused
            return Response(presenters.api_body(answer))

    Endpoint.__name__ = Endpoint.__qualname__ = f"{camel}Odds"
    return Endpoint


urlpatterns: list[URLPattern] = [
    path(f"api/odds/{m.slug}/", _endpoint(m).as_view(), name=f"api-{m.slug}") for m in selectors.mechanics()
]
