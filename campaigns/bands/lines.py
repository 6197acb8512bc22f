"""A Frères d'Armes band as a player types it, a model a line (003 II §2): read into the engine's models, each
characteristic checked by the engine, and written back in the same form. The campaign keeps a skirmish battle's
bands in this form and the skirmish tracker starts from it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from rules.freres.arms import AMMUNITION_BAG, HANDS
from rules.freres.example import example_models
from rules.freres.movement import Item, Kind
from rules.freres.shooting import RELOAD_COSTS
from rules.freres.state import Missile, Model, Profile, Side
from rules.validation import BadValue
from wording.values import bad_value_text

CHARACTERISTICS = ("C", "T", "D", "A", "M", "PA")
"""A band line's numbers, in the document's order (II §2)."""
EQUIPMENT = {"armour": "armour", "shield": "shield", "weapon": "weapon_damage", "mount": "mount_defence"}
"""A band line's optional ``name=value`` equipment and the profile's field each sets."""
ARMS = {"bags": "bags", "thrown": "thrown", "magazine": "magazine"}
"""A band line's missiles (II §3.2, §5.2): ``bags=`` of 10 missiles with a bow, ``thrown=`` daggers or javelins,
``magazine=`` shots."""
KEYS = {
    "armour": pgettext_lazy("band line", "armour"),
    "shield": pgettext_lazy("band line", "shield"),
    "weapon": pgettext_lazy("band line", "weapon"),
    "mount": pgettext_lazy("band line", "mount"),
    "bow": pgettext_lazy("band line", "bow"),
    "bags": pgettext_lazy("band line", "bags"),
    "thrown": pgettext_lazy("band line", "thrown"),
    "magazine": pgettext_lazy("band line", "magazine"),
    "hands": pgettext_lazy("band line", "hands"),
    "ambidextrous": pgettext_lazy("band line", "ambidextrous"),
    "standard": pgettext_lazy("band line", "standard"),
}
"""How a band line's keys are written in the reader's language; a key is read in any of the site's languages."""
HAND_WORDS = {
    "single": pgettext_lazy("band line", "single"),
    "blade_and_dagger": pgettext_lazy("band line", "blade_and_dagger"),
    "two_blades": pgettext_lazy("band line", "two_blades"),
    "two_weapons": pgettext_lazy("band line", "two_weapons"),
}
"""What ``hands=`` says a model holds (§4.3, §4.5, :data:`rules.freres.arms.HANDS`), written as :data:`KEYS` are."""
FIELDS = {
    "C": "C",
    "T": "T",
    "D": "D",
    "A": "A",
    "M": "M",
    "PA": "PA",
    **{field: KEYS[key] for key, field in EQUIPMENT.items()},
}
"""A profile's checked values as the band line names them, for its refusals."""
EXAMPLE_NAMES = {
    "soldier": pgettext_lazy("band model", "soldier"),
    "knight": pgettext_lazy("band model", "knight"),
    "archer": pgettext_lazy("band model", "archer"),
    "rider": pgettext_lazy("band model", "rider"),
    "hedge-wizard": pgettext_lazy("band model", "hedge-wizard"),
}
"""The example bands' models (:mod:`rules.freres.example`) named in the reader's language."""
MAX_MODELS = 20
"""The most models a band may be typed with (the document plays about ten a side)."""
CAMPAIGN_BANDS = {"attacker": Side.A, "defender": Side.B}
"""A campaign skirmish's attacker leads band A, its defender band B."""
CAMPAIGN_BAND_LABELS = {
    "attacker": gettext_lazy("The attacker's band"),
    "defender": gettext_lazy("The defender's band"),
}
MAX_BAND_CHARS = 2000
"""The longest band text: :data:`MAX_MODELS` lines of a name, six numbers and the equipment."""


class BandProblem(ValueError):
    """A band that cannot be read: the line and what is wrong with it, and the clause it breaks."""

    def __init__(self, message: str, clause: str) -> None:
        super().__init__(message)
        self.message = message
        self.clause = clause


def example_band(side: Side) -> str:
    """The engine's example band ``side``, in the form a band is typed in, in the reader's language."""
    return "\n".join(
        band_line(m.profile, str(EXAMPLE_NAMES[m.profile.name])) for m in example_models() if m.side is side
    )


def band_line(profile: Profile, name: str | None = None) -> str:
    numbers = " ".join(str(getattr(profile, c)) for c in CHARACTERISTICS)
    return " ".join([(name or profile.name).replace(" ", "-"), numbers, *_extras(profile)])


def equipment_of(profile: Profile) -> str:
    """The equipment of a band line, as typed: ``armour=1 shield=1 bow``."""
    return " ".join(_extras(profile))


def _extras(profile: Profile) -> list[str]:
    extras = [f"{KEYS[key]}={getattr(profile, field)}" for key, field in EQUIPMENT.items() if getattr(profile, field)]
    if profile.missile is not None:
        missile = profile.missile
        if missile.thrown:
            extras.append(f"{KEYS['thrown']}={missile.supply}")
        else:
            extras.append(str(KEYS["bow"]))
            bags = missile.supply // AMMUNITION_BAG
            extras += [f"{KEYS['bags']}={bags}"] if bags else []
        extras += [f"{KEYS['magazine']}={missile.magazine}"] if missile.magazine else []
    if profile.hands != "single":
        extras.append(f"{KEYS['hands']}={HAND_WORDS[profile.hands]}")
    if profile.ambidextrous:
        extras.append(str(KEYS["ambidextrous"]))
    return extras


def _in_every_language(words: Mapping[str, object]) -> dict[str, str]:
    """Every way one of ``words`` is written, in the site's languages (its engine word included), to that word."""
    read = {word: word for word in words}
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            read.update({str(written): word for word, written in words.items()})
    return read


@cache
def _keys() -> dict[str, str]:
    """Every way a band line's key is written, to the key."""
    return _in_every_language(KEYS)


@cache
def _hands() -> dict[str, str]:
    """Every way a ``hands=`` value is written, to the engine's (:data:`rules.freres.arms.HANDS`)."""
    return _in_every_language(HAND_WORDS)


def parse_band(text: str, side: Side, label: str = "") -> tuple[Model, ...]:
    """The models of band ``side``, a line each: ``name C T D A M PA``, then optional ``armour=``, ``shield=``,
    ``weapon=`` (damage), ``mount=`` (its Defence: a mounted model) and ``bow``. A characteristic outside 1–10 is
    refused with the rule (II §2); ``label`` names the band in the refusal (by default "band A" or "band B")."""
    if len(text) > MAX_BAND_CHARS:
        raise BandProblem(_("A band is at most %(limit)s characters long.") % {"limit": MAX_BAND_CHARS}, "003 II")
    lines = [line.split() for line in text.splitlines() if line.strip()]
    band = label or str(_("band %(band)s") % {"band": side.value.upper()})
    if not lines:
        raise BandProblem(_("%(band)s has no model: type one a line.") % {"band": band}, "003 II")
    if len(lines) > MAX_MODELS:
        raise BandProblem(_("%(band)s: at most %(limit)s models.") % {"band": band, "limit": MAX_MODELS}, "003 II")
    return tuple(_model(words, side, number, band) for number, words in enumerate(lines, start=1))


def _model(words: list[str], side: Side, number: int, band: str) -> Model:
    where = _("%(band)s, line %(line)s") % {"band": band, "line": number}
    numbers, extras = words[1 : 1 + len(CHARACTERISTICS)], words[1 + len(CHARACTERISTICS) :]
    if len(numbers) < len(CHARACTERISTICS) or not all(_integer(n) for n in numbers):
        raise BandProblem(
            _("%(where)s: a model is its name, then C T D A M PA as whole numbers, each 1 to 10 (PA 1 to 20).")
            % {"where": where},
            "003 II §2",
        )
    values: dict[str, Any] = {c: int(n) for c, n in zip(CHARACTERISTICS, numbers, strict=True)}
    missile: dict[str, Any] = {}
    standard = False
    for extra in extras:
        written, _sep, value = extra.partition("=")
        key = _keys().get(written.lower(), written)
        if key == "bow" and not value:
            values["missile"] = Missile(damage=2)
        elif key in EQUIPMENT and _integer(value):
            values[EQUIPMENT[key]] = int(value)
        elif key in ARMS and _integer(value):
            missile[ARMS[key]] = int(value)
        elif key == "hands" and _hands().get(value.lower()) in HANDS:
            values["hands"] = _hands()[value.lower()]
        elif key in ("ambidextrous", "standard") and not value:
            values["ambidextrous"] = values.get("ambidextrous", False) or key == "ambidextrous"
            standard = standard or key == "standard"
        else:
            valued = ", ".join(f"{KEYS[key]}=" for key in (*EQUIPMENT, "bags", "thrown", "magazine", "hands"))
            raise BandProblem(
                _("%(where)s: %(extra)s is not known; add %(valued)s, %(bow)s, %(ambidextrous)s or %(standard)s.")
                % {
                    "where": where,
                    "extra": extra,
                    "valued": valued,
                    "bow": KEYS["bow"],
                    "ambidextrous": KEYS["ambidextrous"],
                    "standard": KEYS["standard"],
                },
                "003 II §2",
            )
    if values.get("mount_defence"):
        values["kind"] = Kind.MOUNTED
    try:
        if missile:
            values["missile"] = _missile(values.get("missile"), missile, where)
            values["items"] = (Item.AMMUNITION,) * missile.get("bags", 0)  # §3.2: a bag weighs 1
        profile = Profile(words[0][:40], **values)
    except BadValue as bad:
        said = _("%(where)s: %(problem)s") % {"where": where, "problem": bad_value_text(bad, words=FIELDS)}
        raise BandProblem(said, "003 II §2") from None
    except ValueError as bad:
        raise BandProblem(f"{where}: {bad}", "003 II §2") from None
    return Model(f"{side.value}{number}", side, profile, bears_standard=standard)


def _missile(bow: Missile | None, typed: dict[str, int], where: str) -> Missile:
    """A bow's bags of 10 missiles and magazine, or a thrown weapon and how many (II §3.2, §5.2)."""
    if "thrown" in typed:
        if bow is not None or "bags" in typed:
            raise BandProblem(_("%(where)s: a bow or thrown=, not both.") % {"where": where}, "003 II §5.2")
        return Missile(
            reload=RELOAD_COSTS["thrown"], supply=typed["thrown"], thrown=True, magazine=typed.get("magazine", 0)
        )
    if bow is None:
        raise BandProblem(_("%(where)s: bags= and magazine= go with a bow.") % {"where": where}, "003 II §5.2")
    return replace(bow, supply=AMMUNITION_BAG * typed.get("bags", 0), magazine=typed.get("magazine", 0))


def _integer(text: str) -> bool:
    return text.lstrip("-").isdigit() and len(text) <= 4


def normalised(text: str) -> str:
    """The band as it is kept: its lines stripped of spaces at either end and of blank lines."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())
