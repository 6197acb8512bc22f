"""« Que ferait l'application ? »: the strong bot's advice at a decision of a side, worked out on a simulation
worker (:func:`bots.siege.strong.rank`), answered in codes and numbers for a page to word."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from bots.siege.strong import rank
from rules.siege.board.state import Side
from rules.siege.board.state_json import state_from_json

from .services import MAX_SEED, _check_seed

TOP = 3
"""The options the advice shows with their expected victory points."""
MOST_BUDGET_S = 30.0
"""The most worker time one piece of advice may take, whatever is asked."""


def advise(
    *,
    state: Mapping[str, Any],
    side: str,
    budget_s: float | None = None,
    max_games: int | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """The strong bot's ranking of ``side``'s options in the battle ``state`` (its JSON form), the best first, with
    the top :data:`TOP` and their expected victory point difference (§17). ``budget_s``: seconds of worker time,
    ``SIEGE_BOT_BUDGET_S`` by default; ``max_games``: a number of games instead, for an answer a seed reproduces. A
    state the engine cannot read, an unknown side or a budget out of bounds is a ValidationError."""
    try:
        battle = state_from_json(state)
    except (KeyError, ValueError, TypeError, AttributeError) as bad:
        raise ValidationError(
            _("The battle state cannot be read by the siege engine (%(problem)s).") % {"problem": bad}
        ) from None
    try:
        player = Side(side)
    except ValueError:
        raise ValidationError(
            _("The side is %(sides)s, not %(side)s.") % {"sides": " / ".join(s.value for s in Side), "side": side}
        ) from None
    budget = settings.SIEGE_BOT_BUDGET_S if budget_s is None else budget_s
    if not 0 < budget <= MOST_BUDGET_S or (max_games is not None and not 0 <= max_games <= 100_000):
        raise ValidationError(
            _("The strong bot's budget is from 0 to %(most)s seconds, or from 0 to 100000 games.")
            % {"most": MOST_BUDGET_S}
        )
    chosen = _check_seed(seed)
    ranked = rank(battle, player, seed=chosen, budget_s=budget, max_games=max_games)
    return {
        "side": player.value,
        "seed": chosen,
        "games": sum(r.games for r in ranked),
        "best": ranked[0].action.to_json() if ranked else None,
        "top": [r.to_json() for r in ranked[:TOP]],
    }


__all__ = ["MAX_SEED", "MOST_BUDGET_S", "TOP", "advise"]
