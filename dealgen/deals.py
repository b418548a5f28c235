"""Deal numbers, PySolFC-compatible.

PySolFC turns a game number into a shuffled pack like this (``shared/vectors`` is the
conformance test): the 52 cards start ordered clubs, spades, hearts, diamonds, Ace to
King; numbers below 32000 use the Microsoft FreeCell generator on the pack first put
into Microsoft's order, larger numbers PySolFC's Mersenne Twister; after the shuffle
the end of the list is the top of the stock. The generators come from ``pysol-cards``,
the package PySolFC itself uses; we choose between them as PySolFC does (``n < 32000``
is Microsoft, where pysol-cards' own wrapper says ``<= 32000``).
"""

from __future__ import annotations

import sys

from pysol_cards.cards import createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

from .cards import CARDS, Card
from .errors import InputError

MAX_DEAL = 10**20  # PySolFC's largest game number (20 digits)
MS_DEALS = 32000  # numbers below this use the Microsoft generator


def is_whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits that int() reads: str.isdigit() also
    takes '²', which int() refuses, and int() also takes '1_000' and '+5', but no more digits
    than Python reads (4,300: a longer number is no whole number any dealgen field takes)."""
    return text.isascii() and text.isdigit() and len(text) <= (sys.get_int_max_str_digits() or len(text))


def parse_deal_number(value: str | int) -> int:
    """A deal number from user input, or InputError saying what is allowed."""
    text = str(value).strip()
    digits = text[1:] if text.startswith("-") else text  # a negative number is out of range, said below
    if digits.isascii() and digits.isdigit() and len(digits.lstrip("0")) > len(str(MAX_DEAL)):
        raise InputError(f"deal number {text[:12]}… ({len(digits):,} digits) is out of range: use 0 to {MAX_DEAL}")
    try:
        if not is_whole(digits):
            raise ValueError(text)
        number = int(text, 10)
    except ValueError:
        raise InputError(
            f"deal number '{value}' is not a whole number: use 0 to {MAX_DEAL}"
        ) from None
    if not 0 <= number <= MAX_DEAL:
        raise InputError(f"deal number {number} is out of range: use 0 to {MAX_DEAL}")
    return number


def _microsoft(number: int) -> LCRandom31:
    rng = LCRandom31(number or 1)
    if number == 0:
        # PySolFC accepts game 0 (srand(0)); pysol-cards' setSeed refuses it.
        rng.seed = rng.seedx = rng.initial_seed = 0
    return rng


def shuffled_pack(number: int) -> list[Card]:
    """The pack PySolFC shuffles for game ``number``, top card (dealt first) first."""
    number = parse_deal_number(number)
    pack = createCards(1)
    if number < MS_DEALS:
        pack = _microsoft(number).shuffle(ms_rearrange(pack))
    else:
        rng = MTRandom(number)
        pack = rng.shuffle(pack)
    return [CARDS[card.suit * 13 + card.rank - 1] for card in reversed(pack)]
