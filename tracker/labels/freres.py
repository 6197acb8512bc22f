"""The words of the skirmish's board (:mod:`tracker.skirmish_presenters`), in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy, pgettext_lazy

from rules.freres.damage import Health
from rules.freres.state import Coin, Phase, Posture

ACTION_LABELS: Mapping[str, object] = {
    "roll_initiative": gettext_lazy("Roll the initiative"),
    "activate": gettext_lazy("Activate"),
    "end_activation": gettext_lazy("End the activation"),
    "store_pa": gettext_lazy("Store its PA"),
    "turn": pgettext_lazy("a skirmish action: turning on the spot", "Turn"),
    "move": gettext_lazy("Move"),
    "run": gettext_lazy("Run"),
    "stand_up": gettext_lazy("Stand up"),
    "lie_down": gettext_lazy("Lie down"),
    "crawl": gettext_lazy("Crawl"),
    "hide": gettext_lazy("Hide"),
    "take_cover": gettext_lazy("Take cover"),
    "climb": gettext_lazy("Climb"),
    "strike": gettext_lazy("Strike"),
    "charge": gettext_lazy("Charge"),
    "defend": gettext_lazy("Answer the attack"),
    "flee_combat": gettext_lazy("Flee the combat"),
    "shoot": gettext_lazy("Shoot"),
    "reaction_shot": gettext_lazy("Reaction shot"),
    "reload": gettext_lazy("Reload"),
    "unjam": gettext_lazy("Unjam"),
    "cast": gettext_lazy("Cast the spell"),
    "memorise": gettext_lazy("Memorise the spell"),
    "rally": gettext_lazy("Rally"),
    "recover": gettext_lazy("Recover"),
    "raise_comrade": gettext_lazy("Raise a comrade"),
    "scrutinise": gettext_lazy("Scrutinise"),
    "pick_up": gettext_lazy("Pick up its weapon"),
    "mount": gettext_lazy("Get on or off its mount"),
    "behead": gettext_lazy("Cut off a head"),
    "open": gettext_lazy("Open"),
    "open_conan": gettext_lazy("Open « à la Conan »"),
    "carry": gettext_lazy("Carry a friend out of the fight"),
    "set_down": gettext_lazy("Set down the friend"),
    "draw": gettext_lazy("Draw its weapon"),
    "sheathe": gettext_lazy("Put away its weapon"),
    "standard_distance": gettext_lazy("Distance to the standard"),
    "change_magazine": gettext_lazy("Change the magazine"),
    "recover_missile": gettext_lazy("Recover a thrown missile"),
    "leap_mount": gettext_lazy("Leap on or off its mount"),
    "take_standard": gettext_lazy("Pick up the standard"),
}

HEALTH_LABELS: Mapping[Health, object] = {
    Health.UNHURT: gettext_lazy("unhurt"),
    Health.WOUNDED: gettext_lazy("wounded (−3 PA, −1 to dice)"),
    Health.GRIEVOUSLY_WOUNDED: gettext_lazy("grievously wounded (−6 PA, −2 to dice)"),
    Health.KILLED: gettext_lazy("killed"),
}

POSTURE_LABELS: Mapping[Posture, object] = {
    Posture.STANDING: gettext_lazy("standing"),
    Posture.DOWN: gettext_lazy("on the ground"),
    Posture.STUNNED: gettext_lazy("stunned"),
}

COIN_LABELS: Mapping[Coin, object] = {
    Coin.TAILS: gettext_lazy("to activate"),
    Coin.HEADS: gettext_lazy("waiting (one defensive action)"),
    Coin.TAKEN: gettext_lazy("has played"),
}

OUT_LABELS: Mapping[str, object] = {
    "killed": gettext_lazy("killed"),
    "out_of_action": gettext_lazy("out of action"),
    "surrendered": gettext_lazy("surrendered"),
}

PHASE_LABELS: Mapping[Phase, object] = {
    Phase.INITIATIVE: gettext_lazy("initiative"),
    Phase.ACTIVATION: gettext_lazy("activations"),
    Phase.OVER: gettext_lazy("over"),
}

FLAGS: Mapping[str, object] = {
    "mounted": gettext_lazy("mounted"),
    "hidden": gettext_lazy("hidden"),
    "in_cover": gettext_lazy("in cover"),
    "routed": gettext_lazy("routed"),
    "weapon_dropped": gettext_lazy("weapon dropped"),
    "jammed": gettext_lazy("jammed"),
    "sheathed": gettext_lazy("nothing in hand"),
    "bears_standard": gettext_lazy("carries the standard"),
    "near_standard": gettext_lazy("within 30 cm of its standard"),
}

CARRYING = gettext_lazy("carries %(name)s (overloaded)")
"""§9 Porter un ami hors de combat: the friend on its shoulder."""

BEHEADED = gettext_lazy("beheaded")

HANDS_LABELS: Mapping[str, object] = {
    "blade_and_dagger": gettext_lazy("a blade and a dagger (+1 D in close combat)"),
    "two_blades": gettext_lazy("two blades (+1 D in close combat, −1 to its JA)"),
    "two_weapons": gettext_lazy("a weapon in each hand (−1 to its JA)"),
}
"""What a model holds when it is more than one weapon (§4.3, §4.5)."""

FACT_LABELS: Mapping[str, object] = {
    "distance_cm": gettext_lazy("Distance (cm)"),
    "enemy_distance_cm": gettext_lazy("Distance to the nearest enemy (cm)"),
    "terrain": gettext_lazy("Terrain"),
}

TERRAIN_LABELS: Mapping[str, object] = {
    "clear": gettext_lazy("clear"),
    "rough": gettext_lazy("other terrain (marsh, brush, forest…)"),
}

MODEL_FACTS: Mapping[str, object] = {
    "model": "%(name)s",
    "target": gettext_lazy("target: %(name)s"),
    "contact": gettext_lazy("into contact with %(name)s"),
    "trample": gettext_lazy("trampling %(name)s"),
    "comrade": gettext_lazy("comrade: %(name)s"),
    "corpse": gettext_lazy("the dead: %(name)s"),
    "friend": gettext_lazy("friend: %(name)s"),
    "bearer": gettext_lazy("fallen bearer: %(name)s"),
}
"""An action's facts that name a model, as the option shows them."""

NUMBER_FACTS: Mapping[str, object] = {
    "distance_cm": gettext_lazy("%(number)s cm"),
    "enemy_distance_cm": gettext_lazy("nearest enemy at %(number)s cm"),
    "jumps": gettext_lazy("obstacles jumped: %(number)s"),
    "hard": gettext_lazy("striking hard: +%(number)s PA"),
    "aim": gettext_lazy("aiming: +%(number)s PA"),
    "concentrate": gettext_lazy("concentrating: +%(number)s PA"),
}
"""An action's numbers with their units; a 0 not shown but for a distance."""

CHOICE_FACTS: Mapping[str, Mapping[str, object]] = {
    "terrain": {"clear": gettext_lazy("clear"), "rough": gettext_lazy("other terrain")},
    "manner": {
        "open": gettext_lazy("in the open"),
        "hidden": gettext_lazy("moving hidden"),
        "in_cover": gettext_lazy("moving in cover"),
    },
    "how": {
        "defend": gettext_lazy("defend (0 PA)"),
        "dodge": gettext_lazy("dodge"),
        "parry": gettext_lazy("parry"),
        "change_weapon": gettext_lazy("change weapon"),
        "defensive_shot": gettext_lazy("defensive shot"),
        "kick": gettext_lazy("the mount kicks"),
    },
    "on_critical": {
        "zero": gettext_lazy("a natural 0 scores 0"),
        "table": gettext_lazy("a natural 0 on the critical failure table"),
    },
    "hiding_place": {
        "none": gettext_lazy("no hiding place"),
        "forest": gettext_lazy("hiding in a forest"),
        "grove": gettext_lazy("hiding in a grove"),
        "bush": gettext_lazy("hiding in a bush"),
        "wall": gettext_lazy("hiding behind a wall"),
    },
}
"""An action's choices (:data:`rules.freres.actions.TERRAINS`…) in words."""

FLAG_FACTS: Mapping[str, Mapping[bool, object]] = {
    "wide": {True: gettext_lazy("by more than 90°"), False: gettext_lazy("by 90° or less")},
    "sprint": {True: gettext_lazy("sprint")},
    "frenzied": {True: gettext_lazy("frenzied run")},
    "from_behind": {True: gettext_lazy("in the back")},
    "at_mount": {True: gettext_lazy("at the mount")},
    "in_front": {False: gettext_lazy("to the side")},
    "cover": {True: gettext_lazy("target in cover")},
    "masked": {True: gettext_lazy("target masked")},
    "quick": {True: gettext_lazy("quick reload")},
    "search": {True: gettext_lazy("searching the target")},
    "night": {True: gettext_lazy("at night")},
    "off_hand": {True: gettext_lazy("with its less agile hand")},
}
"""An action's yes-or-no facts: the word of the value shown, nothing for the other."""
