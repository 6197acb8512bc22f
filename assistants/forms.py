"""The assistant's forms: they parse the fighters, the situation and the dice into the services' values."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from campaigns.rosters import MAX_POINTS
from rules.confrontation.melee import POSITIONS as MELEE_POSITIONS
from rules.confrontation.melee import Approach, Position, Situation, TroopType
from rules.confrontation.shooting import RANGE_DIFFICULTY, SHOT_MODIFIERS, InContact, RangeBand
from rules.confrontation.situations import (
    CHARGE,
    Casualty,
    DisengageSituation,
    FlightSituation,
    HoldFireSituation,
    MeleeSide,
    MeleeSituation,
    ShotSituation,
    WoundSituation,
)

PROFILE_LIMIT = 50
"""Characteristics typed in are between −50 and 50: a d6 test is settled long before."""
MAX_DICE = 30
MAX_MODELS = 1000
MAX_TYPED_DICE = 20

TROOP_TYPES = [
    (TroopType.TROOP.value, gettext_lazy("Troop on foot")),
    (TroopType.CAVALRY.value, gettext_lazy("Cavalry troop")),
    (TroopType.MONSTER.value, gettext_lazy("Monster")),
    (TroopType.CHARACTER.value, gettext_lazy("Character, not a magician")),
    (TroopType.MAGICIAN.value, gettext_lazy("Magician or warrior-mage")),
    (TroopType.COMMAND.value, gettext_lazy("Standard bearer or musician")),
]
APPROACHES = [
    (CHARGE, gettext_lazy("Charge")),
    (Approach.WITHOUT_CHARGE.value, gettext_lazy("Engages without charging")),
    (Approach.PURSUIT.value, gettext_lazy("Pursuit move, into a melee not yet fought")),
    (Approach.PURSUIT_LATE.value, gettext_lazy("Pursuit move, into a melee already fought")),
    (Approach.ENGAGED.value, gettext_lazy("Already in the melee")),
]
ARRIVALS = [
    ("front", pgettext_lazy("charge", "Front")),
    ("flank", pgettext_lazy("charge", "Flank")),
    ("rear", pgettext_lazy("charge", "Rear")),
]
POSITIONS = [
    ("", gettext_lazy("In the open")),
    (Position.THICK_HEDGE.value, gettext_lazy("Thick hedge")),
    (Position.LOW_WALL.value, gettext_lazy("Low wall")),
    (Position.PALISADE.value, gettext_lazy("Fortification palisade")),
    (Position.CRENELLATIONS.value, gettext_lazy("Crenellations")),
]
SITUATIONS = [
    (Situation.ELEVATED, gettext_lazy("Elevated position")),
    (Situation.STRIKING_THE_BACK, gettext_lazy("Strikes an enemy's back")),
    (Situation.STRIKING_BEHIND, gettext_lazy("Strikes an enemy behind it")),
    (Situation.STRIKING_A_FUGITIVE, gettext_lazy("Strikes a fleeing enemy")),
    (Situation.FAILED_FEAR, gettext_lazy("Failed its fear test and is engaged")),
    (Situation.RECEIVED_CHARGE_WITH_SHOTS, gettext_lazy("Shot at the charge it received")),
]
UNKNOWN_TROOP_TYPE = gettext_lazy(
    "%(value)s is not a troop type of the extra dice table (004 Nombre de dés au corps à corps)."
)
UNKNOWN_POSITION = gettext_lazy("%(value)s is not a protection of the defence table (004 Défendre une position).")
UNKNOWN_RANGE = gettext_lazy(
    "%(value)s is not a range of the shooting table (004 Modificateurs de tir): short, medium or long."
)
DICE_SOURCES = [("app", gettext_lazy("The app rolls")), ("typed", gettext_lazy("Dice typed in from the table"))]
SIDES = (("attacker", gettext_lazy("Attacker")), ("defender", gettext_lazy("Defender")))


def _valued(choices: list[tuple[str, Any]], values: Mapping[Any, int], sign: bool = True) -> list[tuple[str, str]]:
    """The choices, each with the number the document gives it: ``Crenellations (+4)``."""
    return [
        (key, f"{label} ({values[key]:+d})" if sign else f"{label} ({values[key]})") if key else (key, str(label))
        for key, label in choices
    ]


def _number(label: Any, low: int, high: int, **kwargs: Any) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=low, max_value=high, **kwargs)


def _count(label: Any) -> forms.IntegerField:
    return _number(label, 0, MAX_IN_CONTACT, initial=0)


def typed_dice(text: str) -> list[int]:
    """The faces typed in, separated by spaces or commas."""
    parts = [part for part in re.split(r"[\s,;]+", text.strip()) if part]
    if len(parts) > MAX_TYPED_DICE:
        raise forms.ValidationError(_("Type at most %(count)s dice.") % {"count": MAX_TYPED_DICE})
    try:
        return [int(part) for part in parts]
    except ValueError as error:
        raise forms.ValidationError(_("Type each die's face as a whole number, separated by spaces.")) from error


class DiceFields(forms.Form):
    """Where the dice come from; the typed faces in the order the rules roll them."""

    dice_source = forms.ChoiceField(label=gettext_lazy("Dice"), choices=DICE_SOURCES, initial="app")
    dice = forms.CharField(label=gettext_lazy("Dice typed in"), required=False, max_length=200)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("dice_source") == "typed":
            try:
                data["typed"] = typed_dice(data.get("dice") or "")
            except forms.ValidationError as error:
                self.add_error("dice", error)
                return data
            if not data["typed"]:
                self.add_error("dice", _("Type the faces the dice showed, or let the app roll."))
        else:
            data["typed"] = None
        return data


class MeleeForm(DiceFields):
    """Two fighters (the attacker comes into the melee) and the situation (004 *Le corps à corps*)."""

    approach = forms.ChoiceField(label=gettext_lazy("The attacker"), choices=APPROACHES, initial=CHARGE)
    arrives_from = forms.ChoiceField(
        label=gettext_lazy("Charge arriving on the defender's"), choices=ARRIVALS, initial="front"
    )
    seen_by_target = forms.BooleanField(
        label=gettext_lazy("The defender saw the charger before it moved"), required=False, initial=True
    )
    position = forms.ChoiceField(
        label=gettext_lazy("The defender stands behind"),
        choices=POSITIONS,
        required=False,
        error_messages={"invalid_choice": UNKNOWN_POSITION},
    )

    def __init__(self, *args: Any, names: tuple[str, str] = ("", ""), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["position"].choices = _valued(POSITIONS, MELEE_POSITIONS)
        self.dice_help = _(
            "Four d6: the attacker's discipline, its initiative, then the defender's discipline and initiative."
        )
        self.fields["dice"].help_text = self.dice_help
        for (side, _label), name in zip(SIDES, names, strict=True):
            self.fields[f"{side}_name"] = forms.CharField(
                label=gettext_lazy("Name"), max_length=60, initial=name or None
            )
            self.fields[f"{side}_troop_type"] = forms.ChoiceField(
                label=gettext_lazy("Troop type"),
                choices=TROOP_TYPES,
                error_messages={"invalid_choice": UNKNOWN_TROOP_TYPE},
            )
            self.fields[f"{side}_models"] = _number(gettext_lazy("Models"), 1, MAX_MODELS, initial=1)
            self.fields[f"{side}_combat_dice"] = _number(
                gettext_lazy("Combat dice (profile)"), 0, MAX_DICE, help_text=gettext_lazy("from the rulebook")
            )
            for key, label in (
                ("attack", pgettext_lazy("confrontation", "Attack")),
                ("defence", gettext_lazy("Defence")),
                ("initiative", gettext_lazy("Initiative")),
                ("discipline", gettext_lazy("Discipline")),
            ):
                self.fields[f"{side}_{key}"] = _number(label, -PROFILE_LIMIT, PROFILE_LIMIT)
            self.fields[f"{side}_situations"] = forms.MultipleChoiceField(
                label=gettext_lazy("Situations"),
                choices=[(s.value, label) for s, label in SITUATIONS],
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )

    def sides(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        return [
            (side, str(label), [self[name] for name in self.fields if name.startswith(f"{side}_")])
            for side, label in SIDES
        ]

    def situation_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in ("approach", "arrives_from", "seen_by_target", "position")]

    def _side(self, side: str) -> MeleeSide:
        data = self.cleaned_data
        return MeleeSide(
            name=data[f"{side}_name"].strip(),
            troop_type=data[f"{side}_troop_type"],
            models=data[f"{side}_models"],
            combat_dice=data[f"{side}_combat_dice"],
            attack=data[f"{side}_attack"],
            defence=data[f"{side}_defence"],
            initiative=data[f"{side}_initiative"],
            discipline=data[f"{side}_discipline"],
            situations=tuple(data[f"{side}_situations"]),
        )

    def situation(self) -> MeleeSituation:
        data = self.cleaned_data
        return MeleeSituation(
            attacker=self._side("attacker"),
            defender=self._side("defender"),
            approach=data["approach"],
            arrives_from=data["arrives_from"],
            seen_by_target=data["seen_by_target"],
            position=data["position"] or None,
        )


COVER = [
    ("", gettext_lazy("No cover")),
    ("minor_cover", gettext_lazy("Minor cover: light hedge…")),
    ("major_cover", gettext_lazy("Major cover: palisade, crenellations…")),
    ("total_cover", gettext_lazy("Total cover: arrow slit…")),
]
SIZE = [
    ("", gettext_lazy("Ordinary")),
    ("large_target", gettext_lazy("Large: a 4 × 4 base, Minotaur, Troll…")),
    ("very_large_target", gettext_lazy("Very large: catapult, Dragon…")),
]
SPEED = [
    ("", gettext_lazy("Moved")),
    ("stationary_target", gettext_lazy("Did not move this turn")),
    ("fast_target", gettext_lazy("Ran its whole move (15 cm) or moved 20 cm or more")),
    ("very_fast_target", gettext_lazy("Ran its whole move (30 cm) or moved 40 cm or more")),
]
SHOOTER_MOVE = [
    ("", gettext_lazy("Did not move (turning is not moving)")),
    ("shooter_moved", gettext_lazy("Moved this turn")),
    ("shooter_moved_30", gettext_lazy("Moved 30 cm or more")),
    ("shooter_moved_50", gettext_lazy("Moved 50 cm or more")),
]
RANGE_BANDS = [
    (RangeBand.SHORT.value, gettext_lazy("Short")),
    (RangeBand.MEDIUM.value, gettext_lazy("Medium")),
    (RangeBand.LONG.value, gettext_lazy("Long")),
]
HEIGHT_LIMIT = 10_000
RANGE_LIMIT = 10_000
MAX_IN_CONTACT = 20


class ShotForm(DiceFields):
    """A shot, its difficulty's lines (004 *Modificateurs de tir*), the height and a melee the target is in."""

    shooter = forms.CharField(label=gettext_lazy("Shooter"), max_length=60)
    shooting = _number(gettext_lazy("Shooting value (profile)"), 0, PROFILE_LIMIT)
    range_band = forms.ChoiceField(
        label=gettext_lazy("Range"),
        choices=RANGE_BANDS,
        initial=RangeBand.SHORT.value,
        error_messages={"invalid_choice": UNKNOWN_RANGE},
    )
    cover = forms.ChoiceField(label=gettext_lazy("Target's cover"), choices=COVER, required=False)
    size = forms.ChoiceField(label=gettext_lazy("Target's size"), choices=SIZE, required=False)
    speed = forms.ChoiceField(label=gettext_lazy("Target's move"), choices=SPEED, required=False)
    charging = forms.BooleanField(label=gettext_lazy("The target charges the shooter"), required=False)
    shooter_move = forms.ChoiceField(label=gettext_lazy("The shooter"), choices=SHOOTER_MOVE, required=False)
    target = forms.CharField(label=gettext_lazy("Target"), max_length=60)
    height_difference = _number(
        gettext_lazy("Height above the target (cm, negative below)"), -HEIGHT_LIMIT, HEIGHT_LIMIT, initial=0
    )
    short_range = _number(gettext_lazy("Weapon's short range (cm)"), 1, RANGE_LIMIT, required=False)
    medium_range = _number(gettext_lazy("Medium range (cm)"), 1, RANGE_LIMIT, required=False)
    long_range = _number(gettext_lazy("Long range (cm)"), 1, RANGE_LIMIT, required=False)
    into_melee = forms.BooleanField(label=gettext_lazy("The target is in a melee"), required=False)
    target_monster = forms.BooleanField(label=gettext_lazy("The target is a monster"), required=False)
    friends_troops = _count(gettext_lazy("Troop models of the target's side in contact"))
    friends_monsters = _count(gettext_lazy("Monsters of the target's side in contact"))
    enemies_troops = _count(gettext_lazy("Troop models of the shooter's side in contact"))
    enemies_monsters = _count(gettext_lazy("Monsters of the shooter's side in contact"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, choices in (("cover", COVER), ("size", SIZE), ("speed", SPEED), ("shooter_move", SHOOTER_MOVE)):
            self.fields[name].choices = _valued(choices, SHOT_MODIFIERS)
        self.fields["range_band"].choices = _valued(RANGE_BANDS, RANGE_DIFFICULTY, sign=False)
        charging = self.fields["charging"]
        charging.label = f"{charging.label} ({SHOT_MODIFIERS['charging_target']:+d})"
        self.fields["dice"].help_text = _(
            "One d6 for the shot; into a melee, one more die for who is hit when the shot draws among several."
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        given = [data.get(f"{band}_range") for band in ("short", "medium", "long")]
        if any(r is not None for r in given) and not all(r is not None for r in given):
            self.add_error("short_range", _("Give the weapon's three ranges, or none."))
        return data

    def groups(self) -> list[list[forms.BoundField]]:
        return [
            [self[n] for n in ("shooter", "shooting", "range_band", "shooter_move")],
            [self[n] for n in ("target", "cover", "size", "speed", "charging")],
            [self[n] for n in ("height_difference", "short_range", "medium_range", "long_range")],
            [
                self[n]
                for n in (
                    "into_melee",
                    "target_monster",
                    "friends_troops",
                    "friends_monsters",
                    "enemies_troops",
                    "enemies_monsters",
                )
            ],
        ]

    def _in_contact(self) -> tuple[InContact, ...]:
        data = self.cleaned_data
        models: list[InContact] = []
        for key, label, monster, target_side in (
            ("friends_troops", _("target's side, troop model"), False, True),
            ("friends_monsters", _("target's side, monster"), True, True),
            ("enemies_troops", _("shooter's side, troop model"), False, False),
            ("enemies_monsters", _("shooter's side, monster"), True, False),
        ):
            models.extend(InContact(f"{label} {n}", monster, target_side) for n in range(1, data[key] + 1))
        return tuple(models)

    def situation(self) -> ShotSituation:
        data = self.cleaned_data
        modifiers = tuple(data[k] for k in ("cover", "size", "speed", "shooter_move") if data[k])
        if data["charging"]:
            modifiers += ("charging_target",)
        ranges = (data["short_range"], data["medium_range"], data["long_range"])
        return ShotSituation(
            shooting=data["shooting"],
            range_band=data["range_band"],
            modifiers=modifiers,
            target=data["target"].strip(),
            into_melee=data["into_melee"],
            target_monster=data["target_monster"],
            in_contact=self._in_contact() if data["into_melee"] else (),
            height_difference=data["height_difference"],
            weapon_ranges=ranges if all(r is not None for r in ranges) else None,
            shooter=data["shooter"].strip(),
        )


DAMAGE_LIMIT = 1000
DOUBLES = [("", gettext_lazy("No double")), *((str(face), str(face)) for face in range(1, 7))]


class WoundForm(DiceFields):
    """A blow's damage and a double on the wound dice, both from the Confrontation rulebook's wound roll; the
    location die is rolled here (004 *Tableau des blessures*)."""

    damage = _number(gettext_lazy("Damage"), -DAMAGE_LIMIT, DAMAGE_LIMIT)
    double = forms.TypedChoiceField(
        label=gettext_lazy("Double on the wound dice"), choices=DOUBLES, coerce=int, empty_value=None, required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["damage"].help_text = _("worked out by the rulebook's wound roll")
        self.fields["dice"].help_text = _("One d6 for the location: 1 legs, 2 arms, 3 torso, 4 or more head.")

    def situation(self) -> WoundSituation:
        return WoundSituation(damage=self.cleaned_data["damage"], double=self.cleaned_data["double"])


CASUALTY_SIDES = [("", gettext_lazy("Not counted")), *SIDES]


class BattleWoundForm(WoundForm):
    """A wound in a campaign battle: whose model it strikes and its points, so that a kill counts as a loss."""

    casualty_side = forms.ChoiceField(label=gettext_lazy("The wounded model's side"), choices=CASUALTY_SIDES,
                                      required=False)  # fmt: skip
    casualty_points = _number(gettext_lazy("Its points"), 0, MAX_POINTS, initial=0, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["casualty_points"].help_text = _("counted in its side's losses if the wound kills it outright")

    def casualty(self) -> Casualty | None:
        side = self.cleaned_data.get("casualty_side")
        return Casualty(side, self.cleaned_data.get("casualty_points") or 0) if side else None


MOVE_LIMIT = 1000


class FlightForm(DiceFields):
    """A model fleeing and the enemy pursuing it (004 *Rattraper un fuyard*, *Fuir volontairement*)."""

    name = forms.CharField(label=gettext_lazy("Fleeing model"), max_length=60)
    move = _number(gettext_lazy("Its move (cm)"), 1, MOVE_LIMIT)
    voluntary = forms.BooleanField(label=gettext_lazy("It flees voluntarily"), required=False)
    already_moved = forms.BooleanField(label=gettext_lazy("It already moved this turn (−1)"), required=False)
    after_failed_rally = forms.BooleanField(
        label=gettext_lazy("A turn after a failed rally (−1 to both rolls)"), required=False
    )
    pursuer = forms.CharField(label=gettext_lazy("Pursuer"), max_length=60, required=False,
                              help_text=gettext_lazy("empty if nobody pursues"))  # fmt: skip
    pursuer_charge_move = _number(gettext_lazy("Pursuer's maximum charge move (cm)"), 0, MOVE_LIMIT, initial=0)
    pursuer_move = _number(gettext_lazy("Pursuer's move (cm)"), 1, MOVE_LIMIT, required=False)
    gap = _number(gettext_lazy("Gap between them before they move (cm)"), 0, MOVE_LIMIT, initial=0)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["dice"].help_text = _("One d6 for the flight, then one for the pursuit.")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if (data.get("pursuer") or "").strip() and not data.get("pursuer_move"):
            self.add_error("pursuer_move", _("Give the pursuer's move, or leave the pursuer empty."))
        return data

    def situation(self) -> FlightSituation:
        data = self.cleaned_data
        rally = -1 if data["after_failed_rally"] else 0  # 004 Note aux pleutres
        pursuer = data["pursuer"].strip()
        return FlightSituation(
            name=data["name"].strip(),
            move=data["move"],
            voluntary=data["voluntary"],
            modifier=(-1 if data["already_moved"] else 0) + rally,  # 004 « appliquer un ‘-1’ à son jet de fuite »
            pursuer=pursuer,
            pursuer_charge_move=data["pursuer_charge_move"] if pursuer else 0,
            pursuer_move=(data["pursuer_move"] or 0) if pursuer else 0,
            pursuit_modifier=rally if pursuer else 0,
            gap=data["gap"],
        )


class DisengageForm(DiceFields):
    """A unit leaving a melee (004 *Se désengager d'un combat*)."""

    name = forms.CharField(label=gettext_lazy("Unit disengaging"), max_length=60)
    initiative = _number(gettext_lazy("Its initiative"), -PROFILE_LIMIT, PROFILE_LIMIT)
    fleeing = _number(gettext_lazy("Models disengaging"), 1, MAX_MODELS, initial=1)
    highest_opposing_initiative = _number(
        gettext_lazy("Highest opposing initiative (at least 4)"), -PROFILE_LIMIT, PROFILE_LIMIT
    )
    opponents = _number(gettext_lazy("Opponents in contact"), 1, MAX_MODELS, initial=1)
    engaged_elsewhere = _number(gettext_lazy("Of them, in contact with another enemy too"), 0, MAX_MODELS, initial=0)
    charged_this_turn = forms.BooleanField(label=gettext_lazy("The unit was charged this turn"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["dice"].help_text = _("One d6 for the initiative test.")

    def situation(self) -> DisengageSituation:
        data = self.cleaned_data
        return DisengageSituation(
            name=data["name"].strip(),
            initiative=data["initiative"],
            highest_opposing_initiative=data["highest_opposing_initiative"],
            opponents=data["opponents"],
            fleeing=data["fleeing"],
            engaged_elsewhere=data["engaged_elsewhere"],
            charged_this_turn=data["charged_this_turn"],
        )


class HoldFireForm(DiceFields):
    """A charged shooting unit's command test not to shoot at its charger (004 *Réception de charge*)."""

    name = forms.CharField(label=gettext_lazy("Charged shooting unit"), max_length=60)
    discipline = _number(gettext_lazy("Its discipline"), -PROFILE_LIMIT, PROFILE_LIMIT)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["dice"].help_text = _("One d6 for the command test (difficulty 6).")

    def situation(self) -> HoldFireSituation:
        return HoldFireSituation(name=self.cleaned_data["name"].strip(), discipline=self.cleaned_data["discipline"])
