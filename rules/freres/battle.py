"""A skirmish is its log (*le journal de la partie*): the set-up, the seed and the actions played, each with the
dice it rolled. :func:`replay` rebuilds the state from it exactly, as a chess game replays from its moves.

Each action rolls with dice of its own, seeded from the skirmish's seed and its place in the log, so an action that
is refused, or whose dice typed in at the table are refused, leaves the battle as it was::

    >>> from rules.freres.actions import RollInitiative
    >>> from rules.freres.example import example_models
    >>> battle = Battle(Setup(example_models()), seed=7)
    >>> battle, result = play(battle, RollInitiative())
    >>> len(battle.entries), result.state.phase.value
    (1, 'activation')
    >>> replay(battle) == result.state
    True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules import log
from rules.freres.actions import Action
from rules.freres.cards import NO_VARIANTS, CardVariants
from rules.freres.game import apply
from rules.freres.state import Model, Outcome, Profile, Side, Skirmish, new_skirmish
from rules.log import BATTLE_FORMAT, action_dice

__all__ = ["BATTLE_FORMAT", "RULES", "Battle", "Setup", "action_dice", "play", "replay", "replay_steps", "start"]


@dataclass(frozen=True)
class Setup:
    """What a skirmish starts from: both bands' models, and whether the club draws cards for the d10 (I §4)."""

    models: tuple[Model, ...]
    cards: bool = False
    die: str = "d10"
    """the die rolled (I §3 Variante): ``"d10"``, ``"d20"``, ``"d20_no_zero"``, ``"d30"``, ``"d30_no_zero"``."""
    card_variants: CardVariants = NO_VARIANTS
    """the variants of the cards (I §4), with ``cards``."""

    def to_json(self) -> dict[str, Any]:
        return {
            "models": [_model_json(m) for m in self.models],
            "cards": self.cards,
            "die": self.die,
            "card_variants": self.card_variants.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        models = tuple(
            Model(
                str(m["id"]), Side(m["side"]), Profile.from_json(m["profile"]), bears_standard=bool(m.get("standard"))
            )
            for m in data.get("models", ())
        )
        variants = data.get("card_variants") or {}
        return cls(
            models,
            bool(data.get("cards", False)),
            str(data.get("die", "d10")),
            CardVariants(**{k: bool(variants.get(k, False)) for k in ("tens", "characters", "lucky_joker")}),
        )


def _model_json(model: Model) -> dict[str, Any]:
    data: dict[str, Any] = {"id": model.id, "side": model.side.value, "profile": model.profile.to_json()}
    if model.bears_standard:  # §8.1: it starts carrying its band's standard
        data["standard"] = True
    return data


def start(setup: Setup) -> Skirmish:
    return new_skirmish(setup.models, cards=setup.cards, die=setup.die, card_variants=setup.card_variants)


class Battle(log.Log[Setup, Action]):
    """A skirmish as data: its set-up, its seed and the actions played in order."""


RULES = log.Rules(Battle, start, apply)
"""How a skirmish is played and replayed from its log."""


def play(
    battle: Battle, action: Action, table: Sequence[int] = (), *, state: Skirmish | None = None
) -> tuple[Battle, Outcome]:
    """Play ``action`` next in ``battle``: the battle with the action logged, and its outcome
    (:meth:`rules.log.Rules.play`). ``table`` holds dice rolled at the table: cards drawn, with the card variant."""
    return RULES.play(battle, action, table, state=state)


def replay_steps(battle: Battle) -> Iterator[Outcome]:
    """The outcome of each action of ``battle``'s log in turn, replayed with the dice logged with it."""
    return RULES.replay_steps(battle)


def replay(battle: Battle) -> Skirmish:
    """The state ``battle`` has reached, rebuilt from its set-up and its log."""
    return RULES.replay(battle)
