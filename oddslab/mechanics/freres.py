"""Frères d'Armes' mechanics (003): a d10 reading 0–9, a natural 0 a critical failure (R17)."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from rules import odds
from rules.freres import checks as freres_checks

from .base import Kind, Mechanic, Param, total_of

_FDA_CHARACTERISTIC = (1, 10)  # 003 II §2: a characteristic is 1 to 10
_FDA_MODIFIER = (-freres_checks.MAX_MODIFIER, freres_checks.MAX_MODIFIER)
_FDA_MODIFIER_HELP = pgettext_lazy("odds", "Bonuses and maluses, encumbrance and wounds included.")

FRERES: tuple[Mechanic, ...] = (
    Mechanic(
        slug="fda-test",
        title=pgettext_lazy("odds", "Frères d'Armes: a test"),
        clause="003 II §2.2–2.5, §6.1.2, R17",
        function=odds.fda_test,
        kind=Kind.OUTCOMES,
        outcome_labels={
            freres_checks.Result.SUCCESS.value: pgettext_lazy("odds", "test passed"),
            freres_checks.Result.FAILURE.value: pgettext_lazy("odds", "test failed"),
            freres_checks.Result.CRITICAL_FAILURE.value: pgettext_lazy("odds", "critical failure (a natural 0)"),
        },
        headline=total_of(freres_checks.Result.SUCCESS.value),
        summary=pgettext_lazy("odds", "d10 + characteristic + modifier ≥ 10; a JT, JA, JDP, JM or a spell."),
        params=(
            Param.integer(
                "characteristic",
                pgettext_lazy("odds", "Characteristic"),
                *_FDA_CHARACTERISTIC,
                default=5,
                help=pgettext_lazy("odds", "The spell's level for a spell."),
            ),
            Param.integer(
                "modifier", pgettext_lazy("odds", "Modifier"), *_FDA_MODIFIER, default=0, help=_FDA_MODIFIER_HELP
            ),
        ),
        sentence=pgettext_lazy("odds", "The test succeeds with probability %(percent)s (%(fraction)s)."),
    ),
    Mechanic(
        slug="fda-opposed",
        title=pgettext_lazy("odds", "Frères d'Armes: who hits in a melee"),
        clause="003 II §4.1.1–4.1.3",
        function=odds.fda_opposed,
        kind=Kind.OUTCOMES,
        outcome_labels={
            "attacker_hits": pgettext_lazy("odds", "the attacker hits"),
            "tie": pgettext_lazy("odds", "nobody hits"),
            "defender_hits": pgettext_lazy("odds", "the defender hits"),
        },
        headline=total_of("attacker_hits"),
        params=(
            Param.integer(
                "attacker", pgettext_lazy("odds", "Attacker's combativeness"), *_FDA_CHARACTERISTIC, default=5
            ),
            Param.integer(
                "defender", pgettext_lazy("odds", "Defender's combativeness"), *_FDA_CHARACTERISTIC, default=5
            ),
            Param.integer("attacker_modifier", pgettext_lazy("odds", "Attacker's modifier"), *_FDA_MODIFIER, default=0),
            Param.integer("defender_modifier", pgettext_lazy("odds", "Defender's modifier"), *_FDA_MODIFIER, default=0),
        ),
        sentence=pgettext_lazy("odds", "The attacker hits with probability %(percent)s."),
    ),
    Mechanic(
        slug="fda-shot",
        title=pgettext_lazy("odds", "Frères d'Armes: a shot"),
        clause="003 II §5.1.2–5.1.3, §7",
        function=odds.fda_shot,
        kind=Kind.OUTCOMES,
        outcome_labels={
            "critical_miss": pgettext_lazy("odds", "critical miss (a natural 0)"),
            "miss": pgettext_lazy("odds", "miss"),
            "unhurt": pgettext_lazy("odds", "nothing at all"),
            "close_call": pgettext_lazy("odds", "a close call"),
            "stunned": pgettext_lazy("odds", "stunned"),
            "wounded": pgettext_lazy("odds", "wounded"),
            "grievously_wounded": pgettext_lazy("odds", "grievously wounded"),
            "killed": pgettext_lazy("odds", "killed"),
        },
        headline=total_of("wounded", "grievously_wounded", "killed"),
        params=(
            Param.integer("shooting", pgettext_lazy("odds", "Shooting"), *_FDA_CHARACTERISTIC, default=5),
            Param.integer("defence", pgettext_lazy("odds", "Target's defence"), *_FDA_CHARACTERISTIC, default=5),
            Param.integer("hit_modifier", pgettext_lazy("odds", "To-hit modifier"), *_FDA_MODIFIER, default=0),
            Param.integer(
                "damage_bonus",
                pgettext_lazy("odds", "Damage bonus"),
                *_FDA_MODIFIER,
                default=0,
                help=pgettext_lazy("odds", "The projectile's damage, and any bonus that does not only serve to hit."),
            ),
            Param.integer("defence_modifier", pgettext_lazy("odds", "Defence modifier"), *_FDA_MODIFIER, default=0),
        ),
        sentence=pgettext_lazy("odds", "The shot wounds, grievously wounds or kills with probability %(percent)s."),
    ),
    Mechanic(
        slug="fda-morale",
        title=pgettext_lazy("odds", "Frères d'Armes: a morale test"),
        clause="003 II §8.1",
        function=odds.fda_morale,
        kind=Kind.OUTCOMES,
        outcome_labels={
            "passed": pgettext_lazy("odds", "morale holds"),
            "stoic": pgettext_lazy("odds", "stoic"),
            "cautious": pgettext_lazy("odds", "cautious"),
            "wary": pgettext_lazy("odds", "wary"),
            "rattled": pgettext_lazy("odds", "rattled"),
            "shaken": pgettext_lazy("odds", "shaken (morale)"),
            "routed": pgettext_lazy("odds", "routed"),
            "panicked": pgettext_lazy("odds", "panicked"),
            "lost": pgettext_lazy("odds", "lost"),
        },
        headline=total_of("passed"),
        params=(
            Param.integer("morale", pgettext_lazy("odds", "Morale"), *_FDA_CHARACTERISTIC, default=5),
            Param.integer(
                "modifier", pgettext_lazy("odds", "Modifier"), *_FDA_MODIFIER, default=0, help=_FDA_MODIFIER_HELP
            ),
        ),
        sentence=pgettext_lazy("odds", "The morale test is passed with probability %(percent)s."),
    ),
)
