"""The forms that depend on a battle's rule system: naming the system, and the result form each system takes."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..forms import ResultForm
from ..models import Battle, RuleSystem
from .systems import rule_systems_for


class RuleSystemForm(forms.Form):
    rule_system = forms.ChoiceField(label=_("Rule system"))

    def __init__(self, *args: Any, battle: Battle, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"rule_system": battle.rule_system})
        super().__init__(*args, **kwargs)
        self.fields["rule_system"].choices = [(s.value, s.label) for s in rule_systems_for(battle)]


class ConfrontationResultForm(ResultForm):
    """A Confrontation battle's result: the winner or a draw, and each side's losses.

    The Confrontation house rules (seed 004) give no victory points, so none are asked for: the battle scores
    the campaign's points for a win, a draw or a loss, and its victory points stay 0.
    """

    def __init__(self, *args: Any, battle: Battle, **kwargs: Any) -> None:
        super().__init__(*args, battle=battle, **kwargs)
        del self.fields["attacker_victory_points"]
        del self.fields["defender_victory_points"]


class FreresResultForm(ConfrontationResultForm):
    """A Frères d'Armes skirmish's result (seed 003), as :func:`rules.freres.result.skirmish_result` gives it: the
    winner (the band left holding the field, or the scenario's, II §1.3) and each band's models out of the battle
    (killed, out of action or surrendered). The document scores no victory points."""

    def __init__(self, *args: Any, battle: Battle, **kwargs: Any) -> None:
        super().__init__(*args, battle=battle, **kwargs)
        for side, label in (
            ("attacker", _("Attacker's models out of the battle")),
            ("defender", _("Defender's models out of the battle")),
        ):
            self.fields[f"{side}_losses"].label = label


RESULT_FORMS: dict[str, type[ResultForm]] = {
    RuleSystem.CONFRONTATION: ConfrontationResultForm,
    RuleSystem.FRERES: FreresResultForm,
}
"""The result form of each rule system that has its own; the others take :class:`ResultForm` (a WFB siege its §17
categories, the rest a winner, victory points and losses)."""


def result_form_class(battle: Battle) -> type[ResultForm]:
    return RESULT_FORMS.get(battle.rule_system, ResultForm)
