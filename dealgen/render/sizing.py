"""Card sizes shared by the diagrams: every diagram is built for the width it prints at, with
card indices 9.5 pt at its natural width, larger when wider, and never under 7 pt."""

from __future__ import annotations

from .fonts import metrics, text_width
from .registry import DiagramOptions
from .scene import RANK_TEXT, SUIT_WIDTHS, CardStyle, Palette, Rect, Text

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


def card_back(x: float, top: float, st: CardStyle, pal: Palette) -> list[Rect]:
    """A face-down card: a coloured back (grey in mono) inside a pale border."""
    back = pal.muted if pal.mono else (0.22, 0.32, 0.55)
    inset = max(2.0, st.pad)
    return [Rect(x, top, st.w, st.h, back, pal.border, 0.6, st.radius),
            Rect(x + inset, top + inset, st.w - 2 * inset, st.h - 2 * inset, None, pal.face, 0.6,
                 max(1.0, st.radius - 1))]


def fit_label(text: str, short: str, size: float, room: float, bold: bool = False) -> tuple[str, float]:
    """``text`` at ``size`` shrunk (never under 7 pt) until it fits ``room``, else ``short``."""
    while text_width(text, size, bold) > room and size > MIN_INDEX:
        size -= 0.5
    return (text if text_width(text, size, bold) <= room else short), size


def title_line(items: list, title: str, grade: str | None, left: float, right: float, y: float,
               size: float, pal: Palette) -> tuple[float, str | None]:
    """A diagram's bold title at the left and its grade at the right, one line below ``y``.

    A long title is set smaller (never under 7 pt), then cut with an ellipsis. Returns the
    baseline and, when the line has no room for the grade too, the grade text for the
    caller's notes (else None)."""
    tsize = max(MIN_INDEX, min(size, size * (right - left) / text_width(title, size, True)))
    while text_width(title, tsize, True) > right - left and len(title) > 2:
        title = title[:-2] + "…"
    base = y + metrics(True).cap_height * size
    items.append(Text(left, base, title, tsize, pal.text, bold=True))
    if grade is None:
        return base, None
    text = f"grade: {grade}"
    gsize = max(MIN_INDEX, size - 1.5)
    if text_width(title, tsize, True) + text_width(text, gsize) + size > right - left:
        return base, text
    items.append(Text(right, base, text, gsize, pal.text, anchor="end"))
    return base, None
