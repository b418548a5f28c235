"""A day's images as scenes: the puzzle (square and wide), the answer card, the solution pages.

Every image is laid out at its pixel size's aspect, 720 points wide, in the theme's colours
with its name, address and logo along the foot. Diagrams are built for the room they get with
card indices at least ``MIN_INDEX_PX`` pixels tall, so a wide image stays legible as a link
preview in a feed; text is set beside a tall diagram and above a wide one, whichever leaves
the diagram more room.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...render.fonts import metrics, text_width, wrap
from ...render.scene import Group, Line, Picture, Rect, Scene, Text
from .theme import Theme

WIDTH = 720.0  # points across every day image
MIN_INDEX_PX = 24.0  # the least card index, in pixels of the image
SOLUTION_DPI = 150
MAX_IMAGE_HEIGHT = 2400  # pixels: a solution taller than this goes on more pages
WHITE = (1.0, 1.0, 1.0)

# build(width, height, index size) -> the diagram scene: the caller's position_scene
Builder = Callable[[float, float, float], Scene]


@dataclass(frozen=True)
class Words:
    """What an image says above or beside its diagram."""

    kicker: str  # a small line on top ("The answer"), or ""
    title: str  # "Penguin"
    date: str  # "Monday 23 November 2026"
    headline: str  # the question, or the answer
    facts: tuple[str, ...]  # small print, one item a line where there is room
    details: tuple[str, ...] = ()  # the answer card's moves and milestones
    caption: str = ""  # under the diagram ("After move 77: from here every card goes home")


def px_per_point(pixels: tuple[int, int]) -> float:
    return pixels[0] / WIDTH


def fitted(build: Builder, width: float, height: float, index: float) -> tuple[Scene, float]:
    """The diagram with indices of ``index`` points in at most ``width`` x ``height``, and its
    scale (1 when it fits; less when even a narrower build is too tall, shrinking the index)."""
    w = width
    while w >= width * 0.45:
        scene = build(w, height, index)
        if scene.width <= width + 0.5 and scene.height <= height + 0.5:
            return scene, 1.0
        w *= 0.92  # narrower cards are shorter too
    scene = build(width, height, index)
    return scene, min(width / scene.width, height / scene.height)


def _panel(theme: Theme, x: float, y: float, w: float, h: float) -> list:
    """A white card table under a diagram on a coloured ground (its labels are drawn for white)."""
    if theme.background == WHITE:
        return []
    pad = 6.0
    return [Rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, WHITE, None, 0, 10.0)]


def _brand(theme: Theme, x: float, bottom: float, width: float, size: float) -> tuple[list, float]:
    """The site's logo, name and address on one line ending at ``bottom``; (items, height)."""
    if not theme.branded:
        return [], 0.0
    items: list = []
    cap = metrics(True).cap_height * size
    height = size * 1.9
    left = x
    if theme.logo is not None:
        lw, lh = theme.logo_size
        box_h = height
        box_w = min(box_h * lw / lh, width * 0.3)
        box_h = box_w * lh / lw
        items.append(Picture(x, bottom - (height + box_h) / 2, box_w, box_h, theme.logo, theme.logo_grey))
        left = x + box_w + size * 0.6
    base = bottom - (height - cap) / 2
    name_size = min(size, size * (x + width - left) / max(text_width(theme.name, size, True), 1e-9))
    items.append(Text(left, base, theme.name, name_size, theme.text, bold=True))
    host = theme.host
    after = left + text_width(theme.name, name_size, True) + size
    if host and after + text_width(host, size * 0.85) <= x + width:
        items.append(Text(x + width, base, host, size * 0.85, theme.muted, anchor="end"))
    return items, height


def _block(words: Words, theme: Theme, width: float, scale: float, beside: bool) -> list[tuple[str, float, bool, tuple]]:
    """The text as (line, size, bold, colour), wrapped to ``width``; ``scale`` sets every size."""
    lines: list[tuple[str, float, bool, tuple]] = []

    def add(text: str, size: float, bold: bool, colour: tuple, fit: bool = False) -> None:
        size *= scale
        if fit:  # one line, made smaller if it must (a title)
            size = min(size, size * width / max(text_width(text, size, bold), 1e-9))
            lines.append((text, size, bold, colour))
            return
        for part in wrap(text, size, width, bold):
            lines.append((part, size, bold, colour))

    if words.kicker:
        add(words.kicker.upper(), 13, True, theme.accent)
    add(words.title, 34 if not beside else 30, True, theme.text, fit=not beside)
    add(words.date, 19, False, theme.text)
    add(words.headline, 27 if not beside else 22, True, theme.accent)
    if beside:
        for fact in words.facts:
            add(fact, 14, False, theme.muted)
    else:
        add(" · ".join(words.facts), 15, False, theme.muted)
    for detail in words.details:
        add(detail, 14.5, False, theme.text)
    return lines


def _lead(size: float, bold: bool) -> float:
    return size * (1.22 if bold else 1.38)


def _set(lines, x: float, y: float, anchor: str = "start") -> tuple[list, float]:
    """The lines from ``y`` (the top) down; returns the items and the bottom."""
    items = []
    prev_bold = None
    for text, size, bold, colour in lines:
        if prev_bold is not None and bold != prev_bold:
            y += size * 0.25  # a little air where the weight changes: title, date, question
        y += _lead(size, bold)
        items.append(Text(x, y - metrics(bold).descent * size, text, size, colour, bold=bold, anchor=anchor))
        prev_bold = bold
    return items, y


def _height(lines) -> float:
    return _set(lines, 0, 0)[1]


def _widest(lines) -> float:
    return max(text_width(text, size, bold) for text, size, bold, _ in lines)


def day_image(words: Words, build: Builder, pixels: tuple[int, int], theme: Theme) -> Scene:
    """A puzzle or answer image: the words and the diagram, laid out for ``pixels``."""
    height = WIDTH * pixels[1] / pixels[0]
    index = MIN_INDEX_PX / px_per_point(pixels)
    beside = pixels[0] / pixels[1] > 1.4
    return (_beside if beside else _below)(words, build, height, index, theme)


def _below(words: Words, build: Builder, height: float, index: float, theme: Theme) -> Scene:
    pad = 26.0
    brand, band = _brand(theme, pad, height - pad * 0.7, WIDTH - 2 * pad, 15)
    bottom = height - pad - (band + 8 if band else 0)
    caption_h = 16 * 1.4 if words.caption else 0.0
    for scale in (1.0, 0.9, 0.8, 0.7):  # long words give way before the diagram does
        lines = _block(words, theme, WIDTH - 2 * pad, scale, False)
        top = pad + _height(lines) + 16
        if bottom - top - caption_h >= (height - 2 * pad) * 0.5:
            break
    area_h = bottom - top - caption_h
    diagram, s = fitted(build, WIDTH - 2 * pad, area_h, index)
    dw, dh = diagram.width * s, diagram.height * s
    spare = area_h - dh  # shared above the text and below the diagram, so the two stay together
    shift = spare / 2
    scene = Scene(WIDTH, height, background=theme.background)
    items, _ = _set(lines, pad, pad + shift)
    scene.extend(items)
    x, y = (WIDTH - dw) / 2, top + shift
    scene.extend(_panel(theme, x, y, dw, dh))
    scene.add(Group(x, y, s, diagram))
    if words.caption:
        scene.add(Text(WIDTH / 2, y + dh + caption_h - 2, words.caption, 13, theme.muted, anchor="middle"))
    scene.extend(brand)
    return scene


TEXT_SHARES = (0.42, 0.38, 0.34, 0.30, 0.27, 0.24, 0.21, 0.18)  # of the width, tried widest first


def _beside(words: Words, build: Builder, height: float, index: float, theme: Theme) -> Scene:
    pad = 16.0
    chosen = None
    for share in TEXT_SHARES:
        column = WIDTH * share
        area_w, area_h = WIDTH - column - 3 * pad, height - 2 * pad
        diagram, s = fitted(build, area_w, area_h, index)
        if chosen is None or s > chosen[2] + 1e-9:
            chosen = (column, diagram, s)
        if s >= 1.0:
            break
    column, diagram, s = chosen
    brand, band = _brand(theme, pad, height - pad * 0.6, column, 13)
    room = height - 2 * pad - (band + 10 if band else 0)
    for scale in (1.0, 0.92, 0.84, 0.76, 0.68, 0.6):
        lines = _block(words, theme, column, scale, True)
        if _height(lines) <= room and _widest(lines) <= column:  # (a long word narrows the text too)
            break
    scene = Scene(WIDTH, height, background=theme.background)
    text_h = _height(lines)
    items, _ = _set(lines, pad, pad + max(0.0, (room - text_h) / 2))
    scene.extend(items)
    dw, dh = diagram.width * s, diagram.height * s
    x = column + 2 * pad + (WIDTH - column - 3 * pad - dw) / 2
    y = (height - dh) / 2
    scene.extend(_panel(theme, x, y, dw, dh))
    scene.add(Group(x, y, s, diagram))
    scene.extend(brand)
    return scene


def branded_page(page: Scene, theme: Theme, foot: float) -> Scene:
    """A solution page (white, a document) with the site's band along the foot ``foot`` points high."""
    if not theme.branded:
        return page
    scene = Scene(page.width, page.height, list(page.items), page.background)
    top = page.height - foot
    scene.add(Rect(0, top, page.width, foot, theme.background, None, 0))
    if theme.background == WHITE:
        scene.add(Line(14, top, page.width - 14, top, (0.8, 0.8, 0.8), 0.5))
    scene.extend(_brand(theme, 14, page.height - foot * 0.15, page.width - 28, foot / 2.2)[0])
    return scene


def brand_foot(theme: Theme) -> float:
    """Points kept at the foot of a solution page for the site's band (none unbranded)."""
    return 30.0 if theme.branded else 0.0
