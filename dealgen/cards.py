"""Cards, ranks and suits, and their text forms.

A card is a small int (suit * 13 + rank - 1) so that game states hash and compare
fast in the solvers; ``Card`` adds readable methods on top without costing speed.
Suits are ordered clubs, spades, hearts, diamonds, as in PySolFC.
"""

from __future__ import annotations

from .errors import InputError

RANKS = "A23456789TJQK"
SUITS = "CSHD"
SUIT_SYMBOLS = "♣♠♥♦"
SUIT_NAMES = ("clubs", "spades", "hearts", "diamonds")
RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")
RED_SUITS = frozenset((2, 3))


class Card(int):
    """One of the 52 cards; an int from 0 to 51 (use ``CARDS[i]`` or ``Card.parse``)."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """1 (Ace) to 13 (King)."""
        return self % 13 + 1

    @property
    def suit(self) -> int:
        """0 clubs, 1 spades, 2 hearts, 3 diamonds."""
        return self // 13

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def code(self) -> str:
        """Two-character code such as ``TH``: the form every file uses."""
        return RANKS[self % 13] + SUITS[self // 13]

    @property
    def symbol(self) -> str:
        """Printed form with a suit symbol, such as ``10♥``."""
        rank = "10" if self % 13 == 9 else RANKS[self % 13]
        return rank + SUIT_SYMBOLS[self // 13]

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self % 13]} of {SUIT_NAMES[self // 13]}"

    def __repr__(self) -> str:
        return f"Card({self.code})"

    def __str__(self) -> str:
        return self.code

    @staticmethod
    def of(rank: int, suit: int) -> "Card":
        return CARDS[suit * 13 + rank - 1]

    @staticmethod
    def parse(text: str) -> "Card":
        """Read ``TH``, ``10H``, ``10♥``, ``th``; raise InputError naming what is allowed."""
        card = _PARSE.get(text.strip().upper())
        if card is None:
            raise InputError(
                f"'{text}' is not a card: write a rank ({' '.join(RANKS)}, or 10) "
                f"then a suit ({' '.join(SUITS)} or {' '.join(SUIT_SYMBOLS)}), e.g. TH"
            )
        return card


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))


def _parse_table() -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in CARDS:
        ranks = [RANKS[card % 13]] + (["10"] if card % 13 == 9 else [])
        for rank in ranks:
            for suit in (SUITS[card.suit], SUIT_SYMBOLS[card.suit]):
                table[rank + suit] = card
    # Suit symbols sometimes arrive with a variation selector, or as the white forms.
    for white, black in zip("♧♤♡♢", SUIT_SYMBOLS):
        for key, card in list(table.items()):
            if key.endswith(black):
                table[key[:-1] + white] = card
    for key, card in list(table.items()):
        table[key + "\ufe0f"] = card
    return table


_PARSE = _parse_table()
