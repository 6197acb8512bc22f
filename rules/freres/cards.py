"""Playing with cards (I §4): the cards 1 to 9 of a 54-card deck and its two jokers stand for the d10. A joker is a
0 (a failure, sometimes critical) and shuffles the discard back into the draw pile.

Each draw is rolled as a die whose faces are the cards left, so the roll log and typed-in cards work as for the
dice, and a card no longer in the pile is refused::

    >>> from rules.dice import Dice
    >>> roller = CardRoller(Dice(seed=1), FULL_DECK)
    >>> card = roller.d10("§2.4 JA")
    >>> len(roller.deck) == len(FULL_DECK) - 1 or card == 0
    True

The variants (« Vous pouvez ainsi créer beaucoup de variantes ») are set-up options (:class:`CardVariants`): the
10s, the characters as jokers, and the lucky joker, typed in as 11, worth the cards in the discard::

    >>> CardVariants(tens=True, characters=True).deck.count(JOKER), len(CardVariants(tens=True).deck)
    (14, 42)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.dice import Dice, Die

__all__ = [
    "CARD_DIE_NAME",
    "CHARACTERS",
    "FULL_DECK",
    "JOKER",
    "LUCKY_JOKER",
    "NO_VARIANTS",
    "TEN",
    "CardRoller",
    "CardVariants",
    "full_deck",
]

JOKER = 0
TEN = 10
"""I §4 « vous pouvez rajouter les cartes 10 »: a 10 gives 10."""
LUCKY_JOKER = 11
"""The face a club types for its lucky joker (I §4 « votre joker fétiche »); the other joker, « le joker maudit »,
is a 0."""
CHARACTERS = 12
"""I §4 « des personnages qui représenteront aussi des jokers »: the jack, the queen and the king of four suits."""


def full_deck(tens: bool = False, characters: bool = False, lucky_joker: bool = False) -> tuple[int, ...]:
    """The whole deck, four suits of 1 to 9 (and 10), the two jokers (one of them lucky) and the characters."""
    numbers = [v for v in range(1, TEN + 1 if tens else TEN) for _ in range(4)]
    jokers = [JOKER, LUCKY_JOKER if lucky_joker else JOKER, *([JOKER] * (CHARACTERS if characters else 0))]
    return tuple(sorted(numbers + jokers))


FULL_DECK: tuple[int, ...] = full_deck()
"""I §4: "toutes les cartes allant de 1 à 9 et les deux jokers" of a 54-card deck: four suits of nine, two jokers."""
CARD_DIE_NAME = "card"


@dataclass(frozen=True)
class CardVariants:
    """The variants of I §4 a club plays with: the 10s, the characters as jokers, the lucky joker."""

    tens: bool = False
    characters: bool = False
    lucky_joker: bool = False

    @property
    def deck(self) -> tuple[int, ...]:
        return full_deck(self.tens, self.characters, self.lucky_joker)

    @property
    def any(self) -> bool:
        return self.tens or self.characters or self.lucky_joker

    def to_json(self) -> dict[str, Any]:
        return {"tens": self.tens, "characters": self.characters, "lucky_joker": self.lucky_joker}


NO_VARIANTS = CardVariants()
"""The cards as I §4 first gives them: 1 to 9 and two jokers worth 0."""


class CardRoller:
    """Draws from the pile; a joker gives 0 and the pile is shuffled with the discard into a whole deck again; the
    lucky joker gives the number of cards in the discard, then everything is shuffled (I §4)."""

    def __init__(self, dice: Dice, deck: tuple[int, ...], full: tuple[int, ...] = FULL_DECK) -> None:
        self.dice = dice
        self.deck = deck
        self.full = full

    def d10(self, reason: str) -> int:
        card = self.dice.roll(Die(CARD_DIE_NAME, self.deck), reason)
        if card == LUCKY_JOKER:
            # « sa valeur est égale au nombre de cartes dans la défausse. Puis mélangez tout. »
            discard = len(self.full) - len(self.deck)
            self.deck = self.full
            return discard
        if card == JOKER:
            self.deck = self.full  # I §4: "mélangez la pioche avec la défausse"
        else:
            left = list(self.deck)
            left.remove(card)
            self.deck = tuple(left) if left else self.full
        return card
