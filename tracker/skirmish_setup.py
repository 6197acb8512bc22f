"""A skirmish's set-up for the tracker: its two bands, each typed a model a line, or the engine's example bands;
started ad hoc or from a campaign battle played with Frères d'Armes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext as _

from campaigns.models import Battle as CampaignBattle
from campaigns.models import RuleSystem as CampaignRuleSystem
from rules.freres.battle import Setup
from rules.freres.example import example_models
from rules.freres.movement import Kind
from rules.freres.state import Missile, Model, Profile, Side

from .models import DiceMode, RuleSystem, TrackedBattle
from .refusals import Refused
from .services import create_battle

CHARACTERISTICS = ("C", "T", "D", "A", "M", "PA")
"""A band line's numbers, in the document's order (II §2)."""
EQUIPMENT = {"armour": "armour", "shield": "shield", "weapon": "weapon_damage", "mount": "mount_defence"}
"""A band line's optional ``name=value`` equipment and the profile's field each sets."""
MAX_MODELS = 20
"""The most models a band may be typed with (the document plays about ten a side)."""


def example_band(side: Side) -> str:
    """The engine's example band ``side``, in the form a band is typed in."""
    return "\n".join(band_line(m.profile) for m in example_models() if m.side is side)


def band_line(profile: Profile) -> str:
    numbers = " ".join(str(getattr(profile, c)) for c in CHARACTERISTICS)
    extras = [f"{key}={getattr(profile, field)}" for key, field in EQUIPMENT.items() if getattr(profile, field)]
    if profile.missile is not None:
        extras.append("bow")
    return " ".join([profile.name.replace(" ", "-"), numbers, *extras])


def parse_band(text: str, side: Side) -> tuple[Model, ...]:
    """The models of band ``side``, a line each: ``name C T D A M PA``, then optional ``armour=``, ``shield=``,
    ``weapon=`` (damage), ``mount=`` (its Defence: a mounted model) and ``bow``. A characteristic outside 1–10 is
    refused with the rule (II §2)."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    band = str(_("band %(band)s") % {"band": side.value.upper()})
    if not lines:
        raise Refused(_("%(band)s has no model: type one a line.") % {"band": band}, "003 II")
    if len(lines) > MAX_MODELS:
        raise Refused(_("%(band)s: at most %(limit)s models.") % {"band": band, "limit": MAX_MODELS}, "003 II")
    return tuple(_model(words, side, number, band) for number, words in enumerate(lines, start=1))


def _model(words: list[str], side: Side, number: int, band: str) -> Model:
    where = _("%(band)s, line %(line)s") % {"band": band, "line": number}
    numbers, extras = words[1 : 1 + len(CHARACTERISTICS)], words[1 + len(CHARACTERISTICS) :]
    if len(numbers) < len(CHARACTERISTICS) or not all(_integer(n) for n in numbers):
        raise Refused(
            _("%(where)s: a model is its name, then C T D A M PA as whole numbers, each 1 to 10 (PA 1 to 20).")
            % {"where": where},
            "003 II §2",
        )
    values: dict[str, Any] = {c: int(n) for c, n in zip(CHARACTERISTICS, numbers, strict=True)}
    for extra in extras:
        key, _sep, value = extra.partition("=")
        if key == "bow" and not value:
            values["missile"] = Missile(damage=2)
        elif key in EQUIPMENT and _integer(value):
            values[EQUIPMENT[key]] = int(value)
        else:
            raise Refused(
                _("%(where)s: %(extra)s is not known; add armour=, shield=, weapon=, mount= or bow.")
                % {"where": where, "extra": extra},
                "003 II §2",
            )
    if values.get("mount_defence"):
        values["kind"] = Kind.MOUNTED
    try:
        profile = Profile(words[0][:40], **values)
    except ValueError as bad:
        raise Refused(f"{where}: {bad}", "003 II §2") from None
    return Model(f"{side.value}{number}", side, profile)


def _integer(text: str) -> bool:
    return text.lstrip("-").isdigit() and len(text) <= 4


def skirmish_setup(band_a: str, band_b: str) -> Setup:
    return Setup((*parse_band(band_a, Side.A), *parse_band(band_b, Side.B)))


def _opponent(user: AbstractBaseUser, login: str) -> AbstractBaseUser:
    if not login:
        return user
    found = get_user_model().objects.filter(username=login).first()
    if found is None:
        raise Refused(_("No player logs in as %(login)s.") % {"login": login}, "")
    return found


def start_one_off_skirmish(*, user: AbstractBaseUser, data: Mapping[str, Any]) -> TrackedBattle:
    """A one-off skirmish: ``user`` leads ``data["my_band"]``, the opponent (by login) the other, or ``user`` both
    on one device."""
    opponent = _opponent(user, str(data.get("opponent") or "").strip())
    mine_a = data.get("my_band", "a") == "a"
    return create_battle(
        setup=skirmish_setup(str(data["band_a"]), str(data["band_b"])),
        besieger=user if mine_a else opponent,
        besieged=opponent if mine_a else user,
        created_by=user,
        dice=str(data.get("dice") or DiceMode.APP),
        seed=data.get("seed"),
        name=str(data.get("name") or ""),
        rule_system=RuleSystem.FRERES,
    )


def start_campaign_skirmish(
    *, battle: CampaignBattle, user: AbstractBaseUser, data: Mapping[str, Any]
) -> TrackedBattle:
    """A campaign battle played with Frères d'Armes, tracked: its attacker leads band A, its defender band B, each
    band as its players or the organiser typed it."""
    if battle.rule_system != CampaignRuleSystem.FRERES:
        raise Refused(_("Only a battle played with Frères d'Armes is tracked as a skirmish."), "")
    if battle.played:
        raise Refused(_("This battle already has its result."), "")
    return create_battle(
        setup=skirmish_setup(str(data["band_a"]), str(data["band_b"])),
        besieger=battle.attacker.user,
        besieged=battle.defender.user,
        created_by=user,
        dice=str(data.get("dice") or DiceMode.APP),
        seed=data.get("seed"),
        name=str(data.get("name") or "") or f"{battle.territory.name} — {battle.turn.number}",
        campaign_battle=battle,
        rule_system=RuleSystem.FRERES,
    )
