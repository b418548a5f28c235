"""Pack 'n' Stack diagrams: the 5x5 square, each pile as its head card with its size.

Layout (points, y downwards): a caption (title and grade; who is to move, the stock; which
suits each side owns, drawn as suit shapes); then the square with columns a-e across the top
and rows 1-5 down the left, and the stock beside it (face down with its count, or an empty
place once it is used up). Only a pile's head matters for a pack, so a pile is drawn as its
head card, edged like a stack when it holds more than one card, with its size under it; a
complete stack of 13 says so.

Built for the width it is printed at (``DiagramOptions.width``, natural 400 pt): the index
is 9.5 pt at natural width, grows with wider diagrams and never goes below 7 pt; a width
that cannot hold a 7 pt index (or the asked ``index_size``) gives a wider scene, which the
caller scales. A height budget shortens the cards, down to square.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..games.pack_n_stack import COLS, ROWS, SIZE, PnsState
from .fonts import metrics, text_width
from .registry import DiagramOptions
from .scene import SUIT_WIDTHS, CardFace, CardStyle, Palette, Rect, Scene, Slot, SuitShape, Text, palette
from .sizing import MIN_INDEX, NATURAL_INDEX, card_back, fit_label, fit_row, title_line

NATURAL_WIDTH = 400.0
MARGIN, LABELS, GAP, STOCK_GAP = 14.0, 12.0, 8.0, 18.0  # row labels sit in their own column
FIXED = 2 * MARGIN + LABELS + (SIZE - 1) * GAP + STOCK_GAP  # 90 of the natural 400
CARDS_ACROSS = SIZE + 1  # the square and the stock
ASPECT = 1.25  # shorter than a real card: only the head's index and pip need room
STACK = 13
SIDE_SUITS = (("Red", (2, 3)), ("Black", (0, 1)))  # suits in the order hearts, diamonds / clubs, spades


def _geometry(options: DiagramOptions) -> tuple[float, CardStyle, float]:
    """(scene width, card style, scale of the gaps) for the asked width and index size."""
    return fit_row(options, NATURAL_WIDTH, CARDS_ACROSS, FIXED, ASPECT)


def _title(state: PnsState) -> str:
    return "Pack 'n' Stack" + (f" · deal {state.deal}" if state.deal is not None else "")


def position_scene(game: Any, state: PnsState, options: DiagramOptions) -> Scene:
    pal = palette(options.mono)
    width, st, factor = _geometry(options)
    label = max(MIN_INDEX, 8.0 * st.index_size / NATURAL_INDEX)
    margin, gap, stock_gap = MARGIN * factor, GAP * factor, STOCK_GAP * factor
    while True:  # under a height budget the labels give way (to 7 pt) before the cards' indices do
        row_labels = max(LABELS * factor, text_width("5", label) + 3)
        items: list = []
        y = margin
        if options.caption:
            y = _caption(items, game, state, options, pal, margin, width - margin, y, st.index_size, label) + label
        else:  # the caller sets the caption, but who is to move and who owns which suits belong to the diagram
            note = max(MIN_INDEX, label + 0.5)
            y += metrics(True).cap_height * note * 1.2
            turn = _to_move(game, state) + "  "
            items.append(Text(margin, y, turn, note, pal.text, bold=True))
            _sides(items, pal, margin + text_width(turn, note, True), y, note)
            y += metrics(False).descent * note + label
        size_line = label * 1.45  # the pile size under each card
        grid_top = y + label * 1.625
        row_gap = max(3.0, 6.0 * factor)
        squeezed = options.height is None or grid_top + SIZE * (st.w + size_line + row_gap) + margin <= options.height
        if squeezed or label <= MIN_INDEX:
            break
        label = max(MIN_INDEX, label - 0.5)
    if options.height is not None:  # shorten the cards to fit a budget, down to square
        room = (options.height - grid_top - margin) / SIZE - size_line - row_gap
        if room < st.h:
            st = CardStyle(st.w, max(st.w, room), st.radius, st.index_size, st.pad,
                           min(st.pip_size, 0.62 * (max(st.w, room) - st.index_height - st.pad)))
    pitch = st.h + size_line + row_gap
    left = margin + row_labels
    xs = [left + c * (st.w + gap) for c in range(SIZE)]
    for c, x in enumerate(xs):
        items.append(Text(x + st.w / 2, y + label, COLS[c], label, pal.muted, anchor="middle"))
    for r in range(SIZE):
        top = grid_top + r * pitch
        items.append(Text(margin + row_labels / 2 - 1.5, top + st.h / 2 + label * 0.35, ROWS[r], label, pal.muted,
                          anchor="middle"))
        for c in range(SIZE):
            _pile(items, state.square[r * SIZE + c], xs[c], top, st, pal, label)

    stock_x = xs[-1] + st.w + stock_gap
    items.append(Text(stock_x + st.w / 2, y + label, "stock", label, pal.muted, anchor="middle"))
    _stock(items, len(state.stock), stock_x, grid_top, st, pal, label)
    bottom = grid_top + SIZE * pitch - row_gap
    return Scene(width, bottom + margin, items, pal.background)


def _pile(items: list, pile: tuple[Card, ...], x: float, top: float, st: CardStyle, pal: Palette,
          size: float) -> None:
    """A pile as its head card (edged like a stack when it holds more), its size under it."""
    if not pile:
        items.append(Slot(x, top, st, pal))
        return
    head = pile[-1]
    if len(pile) > 1:  # two edges peeking out at the bottom right: a packet, not a single card
        for k in (2, 1):
            off = k * max(1.0, st.w * 0.03)
            items.append(Rect(x + off, top + off, st.w - off, st.h - off, pal.face, pal.border, 0.5, st.radius))
    edge = max(1.0, st.w * 0.03) * 2 if len(pile) > 1 else 0.0
    items.append(CardFace(x, top, head.rank, head.suit, CardStyle(st.w - edge, st.h - edge, st.radius, st.index_size,
                                                                     st.pad, min(st.pip_size, 0.48 * (st.w - edge))),
                          pal))
    if len(pile) > 1:
        done = len(pile) == STACK
        # a finished stack says "complete" wherever that fits: a bare bold 13 beside "12 cards" reads as a size
        short = str(len(pile))
        if done and text_width("complete", size, True) <= st.w + 4:
            short = "complete"
        text, size = fit_label("13, complete" if done else f"{len(pile)} cards", short, size, st.w + 4, done)
        items.append(Text(x + st.w / 2, top + st.h + size * 1.15, text, size, pal.text if done else pal.muted,
                          bold=done, anchor="middle"))


def _stock(items: list, count: int, x: float, top: float, st: CardStyle, pal: Palette, size: float) -> None:
    if count:
        items.extend(card_back(x, top, st, pal))
        text = f"{count} card{'s' if count != 1 else ''}"
    else:
        items.append(Slot(x, top, st, pal))
        text = "empty"
    text, size = fit_label(text, str(count), size, st.w + 4)
    items.append(Text(x + st.w / 2, top + st.h + size * 1.15, text, size, pal.text, anchor="middle"))


def _caption(items: list, game: Any, state: PnsState, options: DiagramOptions, pal: Palette, left: float,
             right: float, y: float, index: float, size: float) -> float:
    """Title (and grade); who is to move and the stock; the sides' suits. Returns the last baseline."""
    title_size = max(MIN_INDEX, 12.5 * index / NATURAL_INDEX)
    note_size = max(MIN_INDEX, size + 0.5)
    base, grade = title_line(items, options.title or _title(state), options.grade, left, right, y, title_size, pal)
    stock = "stock empty" if not state.stock else f"stock {len(state.stock)}"
    # a problem's question ("Red to play and win in 3") says who is to move
    asked = options.note is not None and options.note.startswith(f"{state.side.capitalize()} to play")
    notes = [options.note, stock] if asked else [_to_move(game, state), stock]
    if grade:
        notes.append(grade)
    if options.note and not asked:
        notes.append(options.note)
    line = base + note_size * 1.5
    x = left
    for k, note in enumerate(notes):
        bold = k == 0  # who is to move stands out
        text = ("·  " if k else "") + note
        if x > left and x + text_width(text, note_size) > right:
            line += note_size * 1.35
            x, text = left, note
        while text_width(text, note_size, bold) > right - x and len(text) > 2:
            text = text[:-2] + "…"
        items.append(Text(x, line, text, note_size, pal.text if bold else pal.muted, bold=bold))
        x += text_width(text + "  ", note_size, bold)
    line += note_size * 1.45
    _sides(items, pal, left, line, note_size)
    return line + metrics(False).descent * note_size


def _to_move(game: Any, state: PnsState) -> str:
    outcome = game.outcome(state)
    if outcome.over:
        head = outcome.summary.split(":")[0]  # "Red won", "drawn"
        return head[0].upper() + head[1:]
    return f"{state.side.capitalize()} to move"


def _sides(items: list, pal: Palette, x: float, baseline: float, size: float) -> None:
    """"Red ♥ ♦   Black ♣ ♠": which side owns which suits, with the suits drawn as shapes."""
    cap = metrics(True).cap_height * size
    shape = cap * 1.15
    for name, suits in SIDE_SUITS:
        items.append(Text(x, baseline, name, size, pal.text))
        x += text_width(name + " ", size)
        for suit in suits:
            fill, stroke = pal.suit_colours(suit)
            w = SUIT_WIDTHS[suit] * shape
            items.append(SuitShape(x + w / 2, baseline - cap / 2, shape, suit, fill=fill, stroke=stroke))
            x += w + size * 0.3
        x += size * 1.5


def legend(game: Any, state: PnsState) -> str:
    return ("Columns a–e run from the left, rows 1–5 from the top. Each pile shows its top card (its head) and "
            "its size (a card with no size under it is alone); Red owns hearts and diamonds, Black clubs and spades. "
            "b2-b5 packs the pile on b2 onto the "
            "pile on b5; b2>b5 moves the pile on b2 to the empty square b5.")
