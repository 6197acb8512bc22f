"""A skirmish's set-up for the tracker: its two bands, each typed a model a line, or the engine's example bands;
started ad hoc or from a campaign battle played with Frères d'Armes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from campaigns.bands.lines import CAMPAIGN_BAND_LABELS, CAMPAIGN_BANDS, BandProblem, parse_band
from campaigns.bands.selectors import band_texts
from campaigns.models import Battle as CampaignBattle
from rules.freres.battle import Setup
from rules.freres.cards import NO_VARIANTS, CardVariants
from rules.freres.state import Model, Side

from ..models import DiceMode, RuleSystem, TrackedBattle
from ..refusals import Refused
from . import create_battle


def read_band(text: str, side: Side) -> tuple[Model, ...]:
    """The models of band ``side`` as typed (:func:`campaigns.bands.lines.parse_band`); refused naming the line and the
    rule (II §2)."""
    try:
        return parse_band(text, side)
    except BandProblem as problem:
        raise Refused(problem.message, problem.clause) from None


def skirmish_setup(
    band_a: str, band_b: str, *, cards: bool = False, die: str = "d10", card_variants: CardVariants = NO_VARIANTS
) -> Setup:
    """Both bands, whether the d10 is drawn from the cards (I §4) and with which variants, and the die rolled
    (I §3): the cards and a d20 or a d30 together, or the card variants without the cards, are refused, naming the
    rule."""
    if cards and die != "d10":
        raise Refused(
            _("The cards stand for the die: play with the cards or with a d20 or a d30, not both."), "003 I §4"
        )
    if card_variants.any and not cards:
        raise Refused(_("The card variants are played with the cards: tick « Play with cards »."), "003 I §4")
    models = (*read_band(band_a, Side.A), *read_band(band_b, Side.B))
    return Setup(models, cards=cards, die=die, card_variants=card_variants)


def _die(data: Mapping[str, Any]) -> str:
    return str(data.get("die_variant") or "d10")


def _card_variants(data: Mapping[str, Any]) -> CardVariants:
    return CardVariants(
        tens=bool(data.get("card_tens")),
        characters=bool(data.get("card_characters")),
        lucky_joker=bool(data.get("lucky_joker")),
    )


def _setup(data: Mapping[str, Any]) -> Setup:
    return skirmish_setup(
        str(data["band_a"]),
        str(data["band_b"]),
        cards=bool(data.get("cards")),
        die=_die(data),
        card_variants=_card_variants(data),
    )


def campaign_bands(battle: CampaignBattle) -> dict[Side, str]:
    """The bands a campaign skirmish is played with: each as its side's player or the organiser typed it on the
    battle page (:func:`campaigns.bands.selectors.band_texts`); a side that has typed none is missing."""
    return band_texts(battle)


def _campaign_setup(
    battle: CampaignBattle, *, cards: bool, die: str = "d10", card_variants: CardVariants = NO_VARIANTS
) -> Setup:
    """The set-up from the bands typed on the battle page, never from the page that starts the skirmish: a side
    without its band is refused, naming it (II §2)."""
    texts = campaign_bands(battle)
    for side, band in CAMPAIGN_BANDS.items():
        if not texts.get(band):
            raise Refused(
                _("%(band)s is not typed yet: its side's player or the organiser types it on the battle page.")
                % {"band": CAMPAIGN_BAND_LABELS[side]},
                "003 II §2",
            )
    return skirmish_setup(texts[Side.A], texts[Side.B], cards=cards, die=die, card_variants=card_variants)


def _opponent(user: AbstractBaseUser, login: str) -> AbstractBaseUser:
    if not login:
        return user
    found = get_user_model().objects.filter(username=login).first()
    if found is None:
        raise Refused(_("No player logs in as %(login)s.") % {"login": login}, "opponent")
    return found


def start_one_off_skirmish(*, user: AbstractBaseUser, data: Mapping[str, Any]) -> TrackedBattle:
    """A one-off skirmish: ``user`` leads ``data["my_band"]``, the opponent (by login) the other, or ``user`` both
    on one device."""
    opponent = _opponent(user, str(data.get("opponent") or "").strip())
    mine_a = data.get("my_band", "a") == "a"
    app_side = str(data.get("app_side") or "")
    if app_side:  # against the app: the player leads the other band on this device
        if app_side == data.get("my_band", "a"):
            raise Refused(_("The app leads the band you do not lead."), "app_side")
        opponent = user
    return create_battle(
        setup=_setup(data),
        besieger=user if mine_a else opponent,
        besieged=opponent if mine_a else user,
        created_by=user,
        dice=str(data.get("dice") or DiceMode.APP),
        seed=data.get("seed"),
        name=str(data.get("name") or ""),
        rule_system=RuleSystem.FRERES,
        app_side=app_side,
    )


@transaction.atomic
def start_campaign_skirmish(
    *, battle: CampaignBattle, user: AbstractBaseUser, data: Mapping[str, Any]
) -> TrackedBattle:
    """A campaign battle played with Frères d'Armes, tracked: its attacker leads band A, its defender band B, each
    band as its players or the organiser typed it on the battle page (bands in ``data`` are not read); the battle is
    locked meanwhile, so that no band changes as the skirmish starts."""
    battle = (
        CampaignBattle.objects.select_for_update().select_related("attacker__user", "defender__user").get(pk=battle.pk)
    )
    if battle.rule_system != RuleSystem.FRERES:
        raise Refused(_("Only a battle played with Frères d'Armes is tracked as a skirmish."), "rule_system")
    if battle.played:
        raise Refused(_("This battle already has its result."), "battle")
    return create_battle(
        setup=_campaign_setup(
            battle, cards=bool(data.get("cards")), die=_die(data), card_variants=_card_variants(data)
        ),
        besieger=battle.attacker.user,
        besieged=battle.defender.user,
        created_by=user,
        dice=str(data.get("dice") or DiceMode.APP),
        seed=data.get("seed"),
        name=str(data.get("name") or "") or f"{battle.territory.name} — {battle.turn.number}",
        campaign_battle=battle,
        rule_system=RuleSystem.FRERES,
        app_side=str(data.get("app_side") or ""),
    )
