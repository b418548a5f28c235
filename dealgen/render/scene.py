"""The drawing vocabulary: a scene is a list of primitives in points, y downwards.

Back ends (``png.py`` with Pillow, ``pdf.py`` with reportlab) translate only the four
basic primitives -- ``Rect``, ``Line``, ``Text``, ``Path`` -- plus ``Picture`` (a PNG, such
as a publisher's logo) and ``Group`` (a scene placed inside another at an offset and scale). The card-table primitives ``CardFace``,
``Slot`` and ``SuitShape`` are composites: they expand into basic primitives here, once,
so a card looks the same in every back end and a game module never draws pixels.

Suit shapes are Bezier paths in a unit box; ``SuitShape.parts`` scales them. Colours
are RGB triples from 0 to 1; a mono palette uses greys only (r == g == b) so that the
back ends can emit pure grey output.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Union

from .fonts import metrics, printed, text_width

Color = tuple[float, float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

WHITE: Color = (1.0, 1.0, 1.0)
BLACK: Color = (0.0, 0.0, 0.0)


def grey(level: float) -> Color:
    return (level, level, level)


# -- basic primitives -------------------------------------------------------------------
@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Color | None = None
    stroke: Color | None = None
    width: float = 0.75  # stroke width, centred on the edge
    radius: float = 0.0

    def bbox(self) -> Box:
        pad = self.width / 2 if self.stroke else 0.0
        return (self.x - pad, self.y - pad, self.x + self.w + pad, self.y + self.h + pad)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    color: Color = BLACK
    width: float = 0.75

    def bbox(self) -> Box:
        pad = self.width / 2
        return (min(self.x1, self.x2) - pad, min(self.y1, self.y2) - pad,
                max(self.x1, self.x2) + pad, max(self.y1, self.y2) + pad)


@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is on the baseline, at the start, middle or end per ``anchor``."""

    x: float
    y: float
    text: str
    size: float
    color: Color = BLACK
    bold: bool = False
    anchor: str = "start"  # start | middle | end

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", printed(self.text))  # both back ends draw what was measured

    @property
    def width(self) -> float:
        return text_width(self.text, self.size, self.bold)

    def bbox(self) -> Box:
        w = self.width
        x0 = self.x - {"start": 0.0, "middle": w / 2, "end": w}[self.anchor]
        m = metrics(self.bold)
        return (x0, self.y - m.ascent * self.size, x0 + w, self.y + m.descent * self.size)


# A path is a tuple of closed subpaths; each is a start point then segments:
# ("L", x, y) a line, ("C", x1, y1, x2, y2, x, y) a cubic Bezier.
Segment = tuple
SubPath = tuple[tuple[float, float], tuple[Segment, ...]]


@dataclass(frozen=True)
class Path:
    subpaths: tuple[SubPath, ...]
    fill: Color | None = BLACK
    stroke: Color | None = None
    width: float = 0.5

    def points(self) -> Iterator[tuple[float, float]]:
        for start, segments in self.subpaths:
            yield start
            for seg in segments:
                for i in range(1, len(seg), 2):
                    yield seg[i], seg[i + 1]

    def bbox(self) -> Box:
        xs, ys = zip(*self.points())  # control points bound the curve (convex hull)
        pad = self.width / 2 if self.stroke else 0.0
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


@dataclass(frozen=True)
class Picture:
    """A PNG image (its bytes) drawn into the box at (x, y), ``w`` x ``h`` points: a publisher's
    logo. The back ends decode it; scenes only carry it."""

    x: float
    y: float
    w: float
    h: float
    data: bytes = field(repr=False)
    grey: bool = False  # the PNG holds greys only (a mono image's logo)

    def bbox(self) -> Box:
        return (self.x, self.y, self.x + self.w, self.y + self.h)


@dataclass(frozen=True)
class Group:
    """Another scene drawn with its top-left corner at (x, y), scaled by ``scale``."""

    x: float
    y: float
    scale: float
    scene: "Scene"

    def bbox(self) -> Box:
        return (self.x, self.y, self.x + self.scene.width * self.scale, self.y + self.scene.height * self.scale)


# -- suit shapes ------------------------------------------------------------------------
_K = 0.5523  # cubic Bezier approximation of a quarter circle


def _circle(cx: float, cy: float, r: float) -> SubPath:
    k = _K * r
    # counter-clockwise on the page, like the stem, so non-zero filling unites them
    return ((cx + r, cy), (
        ("C", cx + r, cy - k, cx + k, cy - r, cx, cy - r),
        ("C", cx - k, cy - r, cx - r, cy - k, cx - r, cy),
        ("C", cx - r, cy + k, cx - k, cy + r, cx, cy + r),
        ("C", cx + k, cy + r, cx + r, cy + k, cx + r, cy),
    ))


def _heart(flip: bool = False, scale: float = 1.0, dy: float = 0.0) -> SubPath:
    """A heart with its tip at the bottom (or top when ``flip``), about 1 wide and 0.92 high."""
    pts = [
        (0, 0.46),
        ("C", -0.18, 0.27, -0.5, 0.06, -0.5, -0.18),
        ("C", -0.5, -0.36, -0.38, -0.46, -0.25, -0.46),
        ("C", -0.12, -0.46, -0.03, -0.39, 0.0, -0.27),
        ("C", 0.03, -0.39, 0.12, -0.46, 0.25, -0.46),
        ("C", 0.38, -0.46, 0.5, -0.36, 0.5, -0.18),
        ("C", 0.5, 0.06, 0.18, 0.27, 0.0, 0.46),
    ]
    sign = -1.0 if flip else 1.0

    def tf(x: float, y: float) -> tuple[float, float]:
        return (x * scale, y * sign * scale + dy)

    start = tf(*pts[0])  # type: ignore[arg-type]
    segs = []
    for seg in pts[1:]:
        coords = [c for i in range(1, 7, 2) for c in tf(seg[i], seg[i + 1])]  # type: ignore[index]
        segs.append(("C", *coords))
    return (start, tuple(segs))


def _stem() -> SubPath:
    """The flared foot of a spade or club."""
    return ((-0.045, 0.1), (
        ("C", -0.05, 0.3, -0.12, 0.42, -0.24, 0.5),
        ("L", 0.24, 0.5),
        ("C", 0.12, 0.42, 0.05, 0.3, 0.045, 0.1),
    ))


# Unit suit paths centred on (0, 0), 1 high, in suit order clubs, spades, hearts, diamonds.
SUIT_PATHS: tuple[tuple[SubPath, ...], ...] = (
    (_circle(0.0, -0.25, 0.22), _circle(-0.245, 0.07, 0.22), _circle(0.245, 0.07, 0.22),
     _circle(0.0, 0.02, 0.12), _stem()),
    (_heart(flip=True, scale=0.86, dy=-0.1), _stem()),
    (_heart(),),
    (((0.0, -0.5), (
        ("C", 0.12, -0.3, 0.25, -0.13, 0.38, 0.0),
        ("C", 0.25, 0.13, 0.12, 0.3, 0.0, 0.5),
        ("C", -0.12, 0.3, -0.25, 0.13, -0.38, 0.0),
        ("C", -0.25, -0.13, -0.12, -0.3, 0.0, -0.5),
    )),),
)
SUIT_WIDTHS = (0.95, 0.86, 1.0, 0.76)  # of the unit shapes, for laying out text beside them


@dataclass(frozen=True)
class Palette:
    """The colours of a diagram. ``mono`` palettes hold greys only."""

    mono: bool
    red: Color
    black: Color
    face: Color
    border: Color
    beak_face: Color
    beak_mark: Color
    slot: Color
    slot_border: Color
    text: Color
    muted: Color
    background: Color = WHITE

    def suit_colours(self, suit: int) -> tuple[Color | None, Color | None]:
        """(fill, stroke) for a suit shape: in mono, red suits are outlined, black suits filled."""
        if suit >= 2:
            return (WHITE, self.black) if self.mono else (self.red, None)
        return (self.black, None)

    def ink(self, suit: int) -> Color:
        return self.red if suit >= 2 and not self.mono else self.black


COLOUR = Palette(
    mono=False, red=(0.78, 0.06, 0.12), black=(0.08, 0.08, 0.1), face=WHITE, border=(0.42, 0.42, 0.46),
    beak_face=(1.0, 0.93, 0.62), beak_mark=(0.93, 0.5, 0.0), slot=(0.95, 0.96, 0.95),
    slot_border=(0.68, 0.7, 0.68), text=(0.08, 0.08, 0.1), muted=(0.4, 0.4, 0.42),
)
MONO = Palette(
    mono=True, red=BLACK, black=BLACK, face=WHITE, border=grey(0.35), beak_face=grey(0.8),
    beak_mark=BLACK, slot=grey(0.95), slot_border=grey(0.62), text=BLACK, muted=grey(0.35),
)


def palette(mono: bool) -> Palette:
    return MONO if mono else COLOUR


@dataclass(frozen=True)
class SuitShape:
    """A suit drawn as vectors, centred on (cx, cy), ``size`` points high; ``suit`` is its index
    in ``cards.SUITS``. Its paint is given by name (``fill=``, ``stroke=``), as the palette's
    ``suit_colours`` gives it."""

    cx: float
    cy: float
    size: float
    suit: int
    fill: Color | None = field(default=BLACK, kw_only=True)
    stroke: Color | None = field(default=None, kw_only=True)

    def parts(self) -> list["Primitive"]:
        s = self.size

        def tf(x: float, y: float) -> tuple[float, float]:
            return (self.cx + x * s, self.cy + y * s)

        subs = []
        for start, segments in SUIT_PATHS[self.suit]:
            segs = []
            for seg in segments:
                coords = [c for i in range(1, len(seg), 2) for c in tf(seg[i], seg[i + 1])]
                segs.append((seg[0], *coords))
            subs.append((tf(*start), tuple(segs)))
        width = max(0.5, s * 0.1)
        return [Path(tuple(subs), self.fill, self.stroke, width)]

    def bbox(self) -> Box:
        return self.parts()[0].bbox()


# -- composite card-table primitives -------------------------------------------------------
@dataclass(frozen=True)
class CardStyle:
    """Sizes of a card face in points; ``strip`` is how much of a covered card shows."""

    w: float = 46.0
    h: float = 64.0
    radius: float = 3.5
    index_size: float = 9.5  # rank text of the corner index (never below 7 pt)
    pad: float = 3.5
    pip_size: float = 22.0

    @property
    def index_height(self) -> float:
        """From the card's top edge to the bottom of the index."""
        return self.pad + metrics(True).cap_height * self.index_size + 0.6


RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def index_width(rank: int, suit: int, size: float) -> float:
    """How wide ``index_parts`` draws the index of this card at ``size`` points."""
    cap = metrics(True).cap_height * size
    return text_width(RANK_TEXT[rank - 1], size, True) + size * 0.12 + SUIT_WIDTHS[suit] * cap * 1.12


def beak_mark_height(style: CardStyle) -> float:
    """How tall the beak mark beside a card's index can be: the index's cap height, less on a
    narrow card (down to 70 %), or 0 when even that does not fit (the tinted face says it alone).
    Measured against the widest index (a 10 of the widest suit), so a diagram, and a book of
    one layout, marks every beak alike: whether it shows never depends on which card it is."""
    cap = metrics(True).cap_height * style.index_size
    gap = style.index_size * 0.25
    widest = max(index_width(10, suit, style.index_size) for suit in range(4))
    room = style.w - 2 * style.pad - widest - gap
    height = min(cap, room / 1.1)  # the mark is 1.1 times as wide as it is high
    return height if height >= 0.7 * cap else 0.0


def index_parts(x: float, y: float, rank: int, suit: int, size: float, pal: Palette,
                colour: Color | None = None) -> tuple[list["Primitive"], float]:
    """Rank text then suit shape with the cap line at ``y``; returns parts and their width."""
    cap = metrics(True).cap_height * size
    label = RANK_TEXT[rank - 1]
    ink = colour or pal.ink(suit)
    tw = text_width(label, size, True)
    parts: list[Primitive] = [Text(x, y + cap, label, size, ink, bold=True)]
    shape_h = cap * 1.12
    fill, stroke = pal.suit_colours(suit)
    if colour is not None:
        fill, stroke = (colour, None) if fill != WHITE else (WHITE, colour)
    sw = SUIT_WIDTHS[suit] * shape_h
    gap = size * 0.12
    parts.append(SuitShape(x + tw + gap + sw / 2, y + cap / 2, shape_h, suit, fill=fill, stroke=stroke))
    return parts, tw + gap + sw


@dataclass(frozen=True)
class CardFace:
    """A card at (x, y) (top-left). ``full`` draws the centre pip too (the card is uncovered);
    ``beak`` picks the card out with a tinted face and a beak-shaped mark."""

    x: float
    y: float
    rank: int
    suit: int
    style: CardStyle
    pal: Palette
    full: bool = True
    beak: bool = False

    def parts(self) -> list["Primitive"]:
        st, pal = self.style, self.pal
        face = pal.beak_face if self.beak else pal.face
        border = pal.beak_mark if self.beak else pal.border
        # the beak's heavier border is inset so its outer edge is every card's: nothing of it
        # peeks out beside the cards that cover it
        inset = 0.15 if self.beak else 0.0
        out: list[Primitive] = [Rect(self.x + inset, self.y + inset, st.w - 2 * inset, st.h - 2 * inset, face, border,
                                     0.9 if self.beak else 0.6, st.radius)]
        index, _ = index_parts(self.x + st.pad, self.y + st.pad, self.rank, self.suit, st.index_size, pal)
        out += index
        mark = beak_mark_height(st) if self.beak else 0.0
        if mark:  # level with the index: its centre on the index's mid-height
            cap = metrics(True).cap_height * st.index_size
            out += beak_mark(self.x + st.w - st.pad, self.y + st.pad + (cap - mark) / 2, mark, pal)
        if self.full:
            fill, stroke = pal.suit_colours(self.suit)
            top = self.y + st.index_height
            cy = top + (self.y + st.h - top) / 2
            out.append(SuitShape(self.x + st.w / 2, cy, st.pip_size, self.suit, fill=fill, stroke=stroke))
        return out

    def bbox(self) -> Box:
        return Rect(self.x, self.y, self.style.w, self.style.h, stroke=BLACK, width=0.6).bbox()


def beak_mark(right: float, top: float, height: float, pal: Palette) -> list["Primitive"]:
    """A small left-pointing wedge (a penguin's beak) ending at ``right``: marks the beak card."""
    w = height * 1.1
    tri = ((right, top), (("L", right, top + height), ("L", right - w, top + height / 2), ("L", right, top)))
    return [Path((tri,), pal.beak_mark, None)]


@dataclass(frozen=True)
class Slot:
    """An empty place for a card: a pale rounded box with an optional centred label."""

    x: float
    y: float
    style: CardStyle
    pal: Palette
    label: str = ""
    label_size: float = 8.0

    def parts(self) -> list["Primitive"]:
        st = self.style
        out: list[Primitive] = [Rect(self.x, self.y, st.w, st.h, self.pal.slot, self.pal.slot_border, 0.6, st.radius)]
        # a label that would spill over the edges is left out: the empty box says enough
        if self.label and text_width(self.label, self.label_size) <= st.w - 2 * st.pad:
            out.append(Text(self.x + st.w / 2, self.y + st.h / 2 + self.label_size * 0.35, self.label,
                            self.label_size, self.pal.muted, anchor="middle"))
        return out

    def bbox(self) -> Box:
        return Rect(self.x, self.y, self.style.w, self.style.h, stroke=BLACK, width=0.6).bbox()


Primitive = Union[Rect, Line, Text, Path, Picture, Group, SuitShape, CardFace, Slot]
BASIC = (Rect, Line, Text, Path, Picture, Group)


@dataclass
class Scene:
    """A drawing ``width`` x ``height`` points; items are drawn in order (later on top)."""

    width: float
    height: float
    items: list[Primitive] = field(default_factory=list)
    background: Color | None = WHITE

    def add(self, *items: Primitive) -> None:
        self.items.extend(items)

    def extend(self, items) -> None:
        self.items.extend(items)

    def basic(self, keep: tuple[type, ...] = ()) -> Iterator[Primitive]:
        """Every primitive expanded to the basic kinds the back ends draw (Groups stay whole,
        and so do the kinds in ``keep``, for a back end that draws them its own way)."""
        kinds = BASIC + keep
        stack = list(reversed(self.items))
        while stack:
            item = stack.pop()
            if isinstance(item, kinds):
                yield item
            else:
                stack.extend(reversed(item.parts()))

    def outside(self, tolerance: float = 0.01) -> list[Primitive]:
        """Primitives (expanded, and inside groups) that reach beyond the scene's edges."""
        bad = []
        for item in self.basic():
            x0, y0, x1, y1 = item.bbox()
            if x0 < -tolerance or y0 < -tolerance or x1 > self.width + tolerance or y1 > self.height + tolerance:
                bad.append(item)
            if isinstance(item, Group):
                bad += item.scene.outside(tolerance)
        return bad

    def smallest_text(self) -> float | None:
        """The size of the smallest text as drawn (groups' scales applied), None without text."""
        sizes = []
        for item in self.basic():
            if isinstance(item, Text):
                sizes.append(item.size)
            elif isinstance(item, Group) and (inner := item.scene.smallest_text()) is not None:
                sizes.append(inner * item.scale)
        return min(sizes, default=None)

    def texts(self) -> Iterator[Text]:
        for item in self.basic():
            if isinstance(item, Text):
                yield item
            elif isinstance(item, Group):
                yield from item.scene.texts()

    def is_mono(self) -> bool:
        """True when every colour in the scene is a grey."""
        def colours(item):
            for name in ("fill", "stroke", "color"):
                c = getattr(item, name, None)
                if c is not None:
                    yield c
        for item in self.basic():
            if isinstance(item, Group):
                if not item.scene.is_mono():
                    return False
            elif isinstance(item, Picture):
                if not item.grey:
                    return False  # a logo keeps its colours
            elif any(c[0] != c[1] or c[1] != c[2] for c in colours(item)):
                return False
        return self.background is None or self.background[0] == self.background[1] == self.background[2]


def fit(scene: Scene, width: float, height: float) -> tuple[float, float, float]:
    """Scale and offsets that fit ``scene`` inside width x height, centred."""
    scale = min(width / scene.width, height / scene.height)
    return scale, (width - scene.width * scale) / 2, (height - scene.height * scale) / 2
