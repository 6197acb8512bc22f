"""Playing with cards (I §4): the cards 1 to 9 of a 54-card deck and its two jokers stand for the d10. A joker is a
0 (a failure, sometimes critical) and shuffles the discard back into the draw pile.

Each draw is rolled as a die whose faces are the cards left, so the roll log and typed-in cards work as for the
dice, and a card no longer in the pile is refused::

    >>> from rules.dice import Dice
    >>> roller = CardRoller(Dice(seed=1), FULL_DECK)
    >>> card = roller.d10("§2.4 JA")
    >>> len(roller.deck) == len(FULL_DECK) - 1 or card == 0
    True
"""

from __future__ import annotations

from rules.dice import Dice, Die

__all__ = ["CARD_DIE_NAME", "FULL_DECK", "JOKER", "CardRoller"]

JOKER = 0
FULL_DECK: tuple[int, ...] = tuple(sorted([*(v for v in range(1, 10) for _ in range(4)), JOKER, JOKER]))
"""I §4: "toutes les cartes allant de 1 à 9 et les deux jokers" of a 54-card deck: four suits of nine, two jokers."""
CARD_DIE_NAME = "card"


class CardRoller:
    """Draws from the pile; a joker gives 0 and the pile is shuffled with the discard into a whole deck again."""

    def __init__(self, dice: Dice, deck: tuple[int, ...]) -> None:
        self.dice = dice
        self.deck = deck

    def d10(self, reason: str) -> int:
        card = self.dice.roll(Die(CARD_DIE_NAME, self.deck), reason)
        if card == JOKER:
            self.deck = FULL_DECK  # I §4: "mélangez la pioche avec la défausse"
        else:
            left = list(self.deck)
            left.remove(card)
            self.deck = tuple(left) if left else FULL_DECK
        return card
