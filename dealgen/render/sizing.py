"""Card sizes shared by the diagrams: every diagram is built for the width it prints at, with
card indices 9.5 pt at its natural width, larger when wider, and never under 7 pt."""

from __future__ import annotations

from .fonts import metrics, text_width
from .registry import DiagramOptions
from .scene import RANK_TEXT, SUIT_WIDTHS, CardStyle

NATURAL_INDEX = 9.5
MIN_INDEX = 7.0  # issue 4: index text never smaller than 7 pt
PAD = 3.5 / 9.5  # card padding, per point of index


def card_em() -> float:
    """The narrowest card that shows the widest index ("10" and a heart), per point of index."""
    widest = max(text_width(r, 1.0, True) for r in RANK_TEXT)
    return 2 * PAD + widest + 0.12 + max(SUIT_WIDTHS) * metrics(True).cap_height * 1.12


def fit_row(options: DiagramOptions, natural_width: float, cards: int, gaps: float,
            aspect: float) -> tuple[float, CardStyle, float]:
    """(scene width, card style, scale of the gaps) for a diagram ``cards`` cards across with
    ``gaps`` points of margins and gaps at its natural width. The index follows the width
    (or ``options.index_size``); when the width is short the gaps narrow first (to half),
    then the cards, never below their index; past that the scene comes out wider."""
    asked = options.width or natural_width
    k = asked / natural_width
    em = card_em()
    if options.index_size is not None:
        index = max(MIN_INDEX, options.index_size)
    else:
        index = max(NATURAL_INDEX, NATURAL_INDEX * k)
        index = min(index, max(MIN_INDEX, (asked - gaps * 0.5) / (cards * em)))
    factor = k
    card = (asked - gaps * factor) / cards
    if card < em * index:
        factor = max(0.5, (asked - cards * em * index) / gaps)
        card = max(em * index, (asked - gaps * factor) / cards)
    width = max(asked, cards * card + gaps * factor)
    style = CardStyle(w=card, h=card * aspect, radius=max(1.5, 3.5 * card / 46.0), index_size=index,
                      pad=PAD * index, pip_size=0.48 * card)
    return width, style, factor
