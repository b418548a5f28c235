"""reportlab back end: scenes drawn as vectors on a canvas, at any place and scale.

* ``draw_scene(canvas, scene, x, y, scale)`` puts a scene's bottom-left corner at (x, y)
  in the canvas's usual coordinates (points, y up); ``draw_scene_in`` fits it in a box.
* ``SceneFlowable`` places a ready-made scene in a platypus story; ``DiagramFlowable`` builds
  a game position's scene at ``wrap`` time for the frame's width (walkthroughs, books), and
  ``draw_diagram`` does the same in a box on a canvas (a book's puzzle cells).
* ``write_pdf`` writes one scene as a one-page PDF the size of the scene.

Text uses the bundled DejaVu Sans, registered as TrueType so that it is embedded (as a
subset). Greys are written as DeviceGray, so a mono scene gives a PDF with no colour.
A document's creation date is the real one, or SOURCE_DATE_EPOCH's where that is set (the
reproducible-builds convention): then the same input gives the same bytes (``invariant``).
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, replace
from pathlib import Path as FilePath
from typing import Any

from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
from reportlab.platypus import Flowable, FrameBreak

from ..fileio import write_atomic
from ..solution import Solution
from ..version import __version__
from .fonts import FAMILY, FONT_FILES, PDF_NAMES, markup, printed
from .scene import CardFace, Color, Group, Line, Path, Picture, Rect, Scene, Text, fit
from .sizing import MIN_INDEX
from .walkthrough import DEFAULT_EVERY, Walkthrough, build_walkthrough, suit_text

PAGE_SIZES = {"a4": A4, "letter": letter}
CREATOR = f"dealgen {__version__}"


def register_fonts() -> dict[bool, str]:
    """Register the bundled faces with reportlab (once); returns {bold: font name}."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for bold, name in PDF_NAMES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_FILES[bold])))
    if FAMILY not in registered:
        # so that platypus <b> markup in the family finds the bold face
        pdfmetrics.registerFontFamily(PDF_NAMES[False], normal=PDF_NAMES[False], bold=PDF_NAMES[True],
                                      italic=PDF_NAMES[False], boldItalic=PDF_NAMES[True])
    return dict(PDF_NAMES)


def _fill(canvas: Canvas, c: Color) -> None:
    if c[0] == c[1] == c[2]:
        canvas.setFillGray(c[0])
    else:
        canvas.setFillColorRGB(*c)


def _stroke(canvas: Canvas, c: Color) -> None:
    if c[0] == c[1] == c[2]:
        canvas.setStrokeGray(c[0])
    else:
        canvas.setStrokeColorRGB(*c)


def _card_form(canvas: Canvas, face: CardFace) -> str | None:
    """The form that draws ``face`` with its top-left corner at the origin, or None the first
    time a face is seen. A book repeats the same faces in every diagram: from its second
    appearance on, a face is defined once as a form and placed by reference (a 40-puzzle
    book shrinks about fourfold), while a one-diagram PDF keeps its faces inline."""
    forms = canvas.__dict__.setdefault("_dealgen_card_forms", {})
    key = (face.rank, face.suit, face.style, face.pal, face.full, face.beak)
    if key not in forms:
        forms[key] = None
        return None
    name = forms[key]
    if name is None:
        name = forms[key] = f"dealgenCard{sum(1 for v in forms.values() if v)}"
        st = face.style
        margin = 2.0  # room for the border's half width outside the card
        canvas.beginForm(name, -margin, -st.h - margin, st.w + margin, margin)
        canvas.setLineJoin(1)
        _draw(canvas, Scene(st.w, st.h, [replace(face, x=0.0, y=0.0)], None), 0.0, 0.0, 1.0, forms=False)
        canvas.endForm()
    return name


def _draw(canvas: Canvas, scene: Scene, ox: float, top: float, s: float, forms: bool = True) -> None:
    """Scene point (x, y) goes to canvas point (ox + x*s, top - y*s)."""
    def pt(x: float, y: float) -> tuple[float, float]:
        return (ox + x * s, top - y * s)

    for item in scene.basic(keep=(CardFace,) if forms else ()):
        if isinstance(item, CardFace):
            name = _card_form(canvas, item)
            if name is None:
                _draw(canvas, Scene(0.0, 0.0, [item], None), ox, top, s, forms=False)
            else:
                canvas.saveState()
                canvas.transform(s, 0, 0, s, *pt(item.x, item.y))
                canvas.doForm(name)
                canvas.restoreState()
        elif isinstance(item, Rect):
            if item.fill is None and item.stroke is None:
                continue
            if item.fill is not None:
                _fill(canvas, item.fill)
            if item.stroke is not None:
                _stroke(canvas, item.stroke)
                canvas.setLineWidth(item.width * s)
            x, y = pt(item.x, item.y + item.h)
            canvas.roundRect(x, y, item.w * s, item.h * s, item.radius * s,
                             stroke=int(item.stroke is not None), fill=int(item.fill is not None))
        elif isinstance(item, Line):
            _stroke(canvas, item.color)
            canvas.setLineWidth(item.width * s)
            canvas.line(*pt(item.x1, item.y1), *pt(item.x2, item.y2))
        elif isinstance(item, Text):
            _fill(canvas, item.color)
            canvas.setFont(PDF_NAMES[item.bold], item.size * s)
            x, y = pt(item.x, item.y)
            if item.anchor == "middle":
                canvas.drawCentredString(x, y, item.text)
            elif item.anchor == "end":
                canvas.drawRightString(x, y, item.text)
            else:
                canvas.drawString(x, y, item.text)
        elif isinstance(item, Path):
            path = canvas.beginPath()
            for start, segments in item.subpaths:
                path.moveTo(*pt(*start))
                for seg in segments:
                    if seg[0] == "L":
                        path.lineTo(*pt(seg[1], seg[2]))
                    else:
                        path.curveTo(*pt(seg[1], seg[2]), *pt(seg[3], seg[4]), *pt(seg[5], seg[6]))
                path.close()
            if item.fill is not None:
                _fill(canvas, item.fill)
            if item.stroke is not None:
                _stroke(canvas, item.stroke)
                canvas.setLineWidth(item.width * s)
            # non-zero winding: a club's overlapping lobes fill as one shape, as in Pillow
            canvas.drawPath(path, stroke=int(item.stroke is not None), fill=int(item.fill is not None),
                            fillMode=FILL_NON_ZERO)
        elif isinstance(item, Picture):
            x, y = pt(item.x, item.y + item.h)
            canvas.drawImage(ImageReader(io.BytesIO(item.data)), x, y, item.w * s, item.h * s, mask="auto")
        elif isinstance(item, Group):
            gx, gy = pt(item.x, item.y)
            _draw(canvas, item.scene, gx, gy, s * item.scale, forms)


def draw_scene(canvas: Canvas, scene: Scene, x: float = 0.0, y: float = 0.0, scale: float = 1.0) -> None:
    """Draw ``scene`` with its bottom-left corner at (x, y), ``scale`` times its size in points.
    A canvas marked ``layout_only`` (a platypus pass that only measures, such as the first
    pass of a book's ``multiBuild``) draws nothing: the layout does not depend on the ink."""
    if getattr(canvas, "layout_only", False):
        return
    register_fonts()
    canvas.saveState()
    canvas.setLineJoin(1)  # round joins, as the Pillow back end draws outlines
    if scene.background is not None:
        _fill(canvas, scene.background)
        canvas.rect(x, y, scene.width * scale, scene.height * scale, stroke=0, fill=1)
    _draw(canvas, scene, x, y + scene.height * scale, scale)
    canvas.restoreState()


def draw_scene_in(canvas: Canvas, scene: Scene, x: float, y: float, width: float, height: float,
                  max_scale: float | None = None) -> float:
    """Fit ``scene`` in the box with bottom-left (x, y), centred; returns the scale used."""
    scale, dx, dy = fit(scene, width, height)
    if max_scale is not None and scale > max_scale:
        scale = max_scale
        dx, dy = (width - scene.width * scale) / 2, (height - scene.height * scale) / 2
    draw_scene(canvas, scene, x + dx, y + dy, scale)
    return scale


class SceneFlowable(Flowable):
    """A scene in a platypus story: as wide as the frame allows, at most ``max_scale`` and
    ``max_height`` points high, centred."""

    def __init__(self, scene: Scene, max_scale: float = 1.0, max_height: float | None = None) -> None:
        super().__init__()
        self.scene = scene
        self.max_scale = max_scale
        self.max_height = max_height
        self.scale = max_scale
        self.avail_width = scene.width

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        scale = min(self.max_scale, avail_width / self.scene.width)
        if self.max_height is not None:
            scale = min(scale, self.max_height / self.scene.height)
        self.scale = scale
        self.avail_width = avail_width
        return avail_width, self.scene.height * scale

    def draw(self) -> None:
        x = (self.avail_width - self.scene.width * self.scale) / 2
        draw_scene(self.canv, self.scene, x, 0, self.scale)


def diagram_scene(game: Any, state: Any, options: Any, width: float, height: float | None = None) -> tuple[Scene, float]:
    """The diagram of ``state`` built for a box ``width`` x ``height`` points, and the scale that
    fits it there: 1 unless the box is too small for the asked index size (then less than 1,
    the index first lowered as far as 7 pt where scaling alone would print smaller text)."""
    from .registry import position_scene

    def fitted(options):
        scene = position_scene(game, state, replace(options, width=width, height=height))
        for _ in range(8):  # too tall for the box at this width: build it narrower, so the cards
            # shrink and the text keeps its size, rather than shrinking the whole drawing to fit
            if height is None or scene.height <= height:
                break
            narrower = position_scene(game, state, replace(options, width=scene.width * height / scene.height,
                                                           height=height))
            if narrower.height >= scene.height:
                break
            scene = narrower
        return scene

    def scale_of(scene):
        return min(1.0, width / scene.width, 1.0 if height is None else height / scene.height)

    def legible(scene):
        smallest = scene.smallest_text()
        return smallest is None or smallest * scale_of(scene) >= MIN_INDEX

    scene = fitted(options)
    index = options.index_size
    while not legible(scene) and index and index > MIN_INDEX:
        index = max(MIN_INDEX, index - 0.5)  # scaling would print text under 7 pt: smaller text first
        scene = fitted(replace(options, index_size=index))
    return scene, scale_of(scene)


def draw_diagram(canvas: Canvas, game: Any, state: Any, options: Any, x: float, y: float, width: float,
                 height: float) -> float:
    """Build the diagram of ``state`` for the box with bottom-left (x, y) and draw it there: full
    width, top-aligned, centred across; returns the scale (1 unless the box is too small)."""
    scene, scale = diagram_scene(game, state, options, width, height)
    dx = (width - scene.width * scale) / 2
    draw_scene(canvas, scene, x + dx, y + height - scene.height * scale, scale)
    return scale


class DiagramFlowable(Flowable):
    """A game position in a platypus story, built at ``wrap`` time for the frame's width (at
    most ``max_width``) and at most ``max_height`` high, so it prints at the size it was laid
    out for rather than shrunk. ``options`` is a DiagramOptions (its width and height are set here)."""

    def __init__(self, game: Any, state: Any, options: Any, max_height: float | None = None,
                 max_width: float | None = None) -> None:
        super().__init__()
        self.game, self.state, self.options = game, state, options
        self.max_height, self.max_width = max_height, max_width
        self._built: dict[tuple[float, float | None], tuple[Scene, float]] = {}
        self.scene: Scene | None = None
        self.scale = 1.0
        self.avail_width = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.wrap_within(avail_width, self.max_height)

    def wrap_within(self, avail_width: float, max_height: float | None) -> tuple[float, float]:
        """Build for the frame's width and at most ``max_height`` (and ``self.max_height``) high."""
        if self.max_height is not None:
            max_height = self.max_height if max_height is None else min(max_height, self.max_height)
        width = avail_width if self.max_width is None else min(avail_width, self.max_width)
        key = (round(width, 3), None if max_height is None else round(max_height, 1))
        if key not in self._built:  # platypus asks again and again while it fills a page
            self._built[key] = diagram_scene(self.game, self.state, self.options, width, max_height)
        self.scene, self.scale = self._built[key]
        self.avail_width = avail_width
        self.width, self.height = avail_width, self.scene.height * self.scale
        return self.width, self.height

    def draw(self) -> None:
        assert self.scene is not None, "wrap() comes before draw()"
        x = (self.avail_width - self.scene.width * self.scale) / 2
        draw_scene(self.canv, self.scene, x, 0, self.scale)
        self.canv.diagrams_drawn = getattr(self.canv, "diagrams_drawn", 0) + 1  # what a document reports


def invariant() -> int:
    """reportlab's invariant mode, on where SOURCE_DATE_EPOCH is set: the document's dates are
    then that time (reportlab reads it) and its ID is fixed, so a rebuild is byte-identical; off,
    a PDF carries the time it was made, as a reader expects of a book's creation date."""
    return 1 if os.environ.get("SOURCE_DATE_EPOCH", "").strip() else 0


def make_canvas(target: Any, pagesize: tuple[float, float] = A4, **kwargs: Any) -> Canvas:
    """A canvas for dealgen output: reproducible bytes, and only the bundled (embedded) fonts --
    reportlab otherwise starts every page in Helvetica, a font it does not embed.
    Pass it to platypus as ``doc.build(story, canvasmaker=make_canvas)``."""
    names = register_fonts()
    kwargs.setdefault("invariant", invariant())
    kwargs.setdefault("pageCompression", 1)
    kwargs["initialFontName"] = names[False]  # platypus passes its own default; ours wins
    return Canvas(target, pagesize=pagesize, **kwargs)


def pdf_bytes(scene: Scene, title: str = "", subject: str = "") -> bytes:
    """A one-page PDF exactly the size of the scene."""
    buffer = io.BytesIO()
    canvas = make_canvas(buffer, pagesize=(scene.width, scene.height))
    _metadata(canvas, title, subject)
    draw_scene(canvas, scene)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _metadata(canvas: Any, title: str, subject: str) -> None:
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor("")
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)


def write_pdf(scene: Scene, path: str | FilePath, title: str = "", subject: str = "") -> FilePath:
    return write_atomic(path, pdf_bytes(scene, title, subject))


# -- walkthroughs as a platypus story -----------------------------------------------------------
class CheckpointFlowable(Flowable):
    """A checkpoint's heading and diagram, never split. Where the space left on a page is too
    short for the diagram at its full size but holds at least ``MIN_SHARE`` of its height,
    the diagram is built smaller to fit there, no text in it under ``MIN_TEXT`` points, rather
    than leave the rest of the page blank (KeepTogether cannot: it measures its content with
    unbounded height)."""

    MIN_SHARE = 0.6
    MIN_TEXT = 7.0  # points: the legibility floor of every printed page
    GAP = 4.0  # points below the diagram

    def __init__(self, heading: Flowable, diagram: "DiagramFlowable") -> None:
        super().__init__()
        self.heading, self.diagram = heading, diagram
        self.heading_height = 0.0

    def wrap(self, avail_width: float, avail_height: float, least_share: float | None = None) -> tuple[float, float]:
        """``least_share`` (default ``MIN_SHARE``): the least share of its full height the diagram
        is drawn at to fit; 0 where it must fit if it legibly can (atop a page, it can wait no longer)."""
        self.heading_height = self.heading.wrap(avail_width, avail_height)[1] + self.heading.getSpaceAfter()
        full = self.diagram.wrap(avail_width, avail_height)[1]  # as large as its own limits allow
        room = avail_height - self.heading_height - self.GAP
        if full > room >= full * (self.MIN_SHARE if least_share is None else least_share):
            self.diagram.wrap_within(avail_width, room)
            smallest = self.diagram.scene.smallest_text()
            if smallest is not None and smallest * self.diagram.scale < self.MIN_TEXT - 1e-6:  # (a scale of 1 - 1e-16 is 1)
                self.diagram.wrap(avail_width, avail_height)  # it fits only with illegible text: full size
        self.width, self.height = avail_width, self.heading_height + self.diagram.height + self.GAP
        return self.width, self.height

    def getSpaceBefore(self) -> float:
        return self.heading.getSpaceBefore()

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return []

    def draw(self) -> None:
        total = self.heading_height + self.diagram.height + self.GAP
        self.heading.drawOn(self.canv, 0, total - self.heading.height)
        self.diagram.drawOn(self.canv, 0, self.GAP)


@dataclass(frozen=True)
class Mark:
    """A checkpoint in a flowing walkthrough: where it stands (moves played) and its reasons,
    each with the move it came at ("" for a periodic diagram)."""

    after: int
    reasons: tuple[tuple[str, int], ...]


class WalkthroughFlow(Flowable):
    """The checkpoints after the first and the steps between them (``items``: Marks, and
    (paragraph, moves played after it) pairs), laid out page by page. A checkpoint whose
    diagram the space left cannot take, even drawn smaller, ends the page there and opens the
    next one, so every diagram shows the board at the move its caption names (diagrams once
    waited for room while the steps went on, and showed the board five or more moves after
    the milestone named). Atop a page a diagram is drawn as small as it must be while its text
    stays legible, and never at a page's foot without its first step. ``drawn(mark)`` makes a
    mark's CheckpointFlowable."""

    def __init__(self, items: list[Any], drawn: Any, opens_page: bool = False) -> None:
        super().__init__()
        self.items, self.drawn = items, drawn
        self.opens_page = opens_page  # the rest of a flow, after a frame break
        self._placed = _Placed([])

    @staticmethod
    def _height(flowable: Flowable, avail_width: float, avail_height: float, at_top: bool = False) -> float:
        """The height ``flowable`` takes in ``avail_height``, spaces included; a frame drops the
        space before the flowable at its top, and gives the flowable what is left after it."""
        before = 0.0 if at_top else flowable.getSpaceBefore()
        return before + flowable.wrap(avail_width, avail_height - before)[1] + flowable.getSpaceAfter()

    def _plan(self, avail_width: float, avail_height: float) -> tuple[list[tuple[Flowable, float]], Any]:
        """What this page takes (each flowable with its height) and the flow left for the next (or None)."""
        laid: list[tuple[Flowable, float]] = []
        used = 0.0
        for k, item in enumerate(self.items):
            if isinstance(item, Mark):
                flowable = self.drawn(item)
                at_top = self.opens_page and k == 0
                need = height = self._height(flowable, avail_width, avail_height - used, at_top)
                following = self.items[k + 1] if k + 1 < len(self.items) else None
                if isinstance(following, tuple):  # never a diagram at a page's foot without its first step
                    need += self._height(following[0], avail_width, avail_height)
                if at_top and need > avail_height:  # atop a page it can go no further:
                    # drawn as small as it must be, if its text stays legible
                    step = need - height
                    height = flowable.wrap(avail_width, avail_height - step, least_share=0)[1]
                    need = height + step
                if used + need > avail_height and (laid or not at_top):
                    return laid, WalkthroughFlow(self.items[k:], self.drawn, True)
                laid.append((flowable, height))
                used += height
                continue
            paragraph, _ = item
            height = self._height(paragraph, avail_width, avail_height)
            if used + height > avail_height and (laid or not self.opens_page):
                return laid, WalkthroughFlow(self.items[k:], self.drawn, True)
            laid.append((paragraph, height))
            used += height
        return laid, None

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        laid, rest = self._plan(avail_width, avail_height)
        self._placed = _Placed(laid)
        self.width = avail_width
        self.height = self._placed.wrap(avail_width, avail_height)[1] if rest is None else avail_height + 1  # split
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        laid, rest = self._plan(avail_width, avail_height)
        if not laid:  # nothing fits in what is left of this page: all of it opens the next
            return [] if self.opens_page else [FrameBreak(), rest]
        # the page as planned, then the rest opens the next page (a diagram that waited never waits again on this one)
        return [_Placed(laid)] + ([FrameBreak(), rest] if rest is not None else [])

    def draw(self) -> None:
        self._placed.drawOn(self.canv, 0, 0)


class _Placed(Flowable):
    """Flowables drawn one under another at the heights a plan measured, never wrapped again:
    a frame would wrap them afresh, and a diagram drawn smaller to fit would grow back."""

    def __init__(self, laid: list[tuple[Flowable, float]]) -> None:
        super().__init__()
        self.laid = laid

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, sum(h for _, h in self.laid)
        return self.width, self.height

    def draw(self) -> None:
        y = self.height
        for flowable, height in self.laid:
            y -= height
            flowable.drawOn(self.canv, 0, y + flowable.getSpaceAfter())


def _marked(text: str, mono: bool, red: Color) -> str:
    """Paragraph markup for plain text: escaped, red suit symbols coloured (or outlined in mono)."""
    from ..cards import SUIT_SYMBOLS

    out = markup(suit_text(text, mono))
    if not mono:
        hexcolour = "#%02x%02x%02x" % tuple(round(v * 255) for v in red)
        for symbol in SUIT_SYMBOLS[2:]:
            out = out.replace(symbol, f'<font color="{hexcolour}">{symbol}</font>')
    return out


def suit_markup(text: str, mono: bool = False) -> str:
    """Paragraph markup for plain text with its red suit symbols coloured (outlined in mono)."""
    from .scene import palette

    return _marked(text, mono, palette(mono).red)


def walkthrough_flowables(source: Solution | Walkthrough, mono: bool = False, every: int = DEFAULT_EVERY,
                          body_style: Any = None, small_style: Any = None,
                          grade: str | None = None, title: bool = False, max_diagram_height: float | None = None,
                          max_scale: float = 0.8, index_size: float | None = None) -> list:
    """Platypus flowables of a walkthrough for a larger document (a book's solutions section).

    ``source`` is a Solution (replayed and verified here) or a built Walkthrough. The styles are
    the document's ParagraphStyles (headings are the body's, bold and larger); the list starts with the first checkpoint's heading and
    diagram, kept together, and the steps follow as one paragraph each. Diagrams are built for
    the frame's width (at most ``max_scale`` times natural) at ``max_diagram_height`` at most,
    with card indices of ``index_size`` points (None: the default for the width)."""
    wt = source if isinstance(source, Walkthrough) else build_walkthrough(source, every, grade)
    styles = styles_from(body_style, small_style) if body_style is not None else None
    return walkthrough_story(wt, mono, styles, max_diagram_height, max_scale, title, index_size)


def walkthrough_styles(body: float = 10.0, heading: float = 13.0, title: float = 17.0,
                       mono: bool = False) -> dict[str, Any]:
    from reportlab.lib.styles import ParagraphStyle

    from .scene import palette

    register_fonts()
    pal = palette(mono)
    regular, bold = PDF_NAMES[False], PDF_NAMES[True]
    muted = "#%02x%02x%02x" % tuple(round(v * 255) for v in pal.muted)
    return {
        "title": ParagraphStyle("wt-title", fontName=bold, fontSize=title, leading=title * 1.25, spaceAfter=4),
        "facts": ParagraphStyle("wt-facts", fontName=regular, fontSize=body, leading=body * 1.4,
                                textColor=muted, spaceAfter=2, allowWidows=0),
        "heading": ParagraphStyle("wt-heading", fontName=bold, fontSize=heading, leading=heading * 1.3,
                                  spaceBefore=8, spaceAfter=4),
        "step": ParagraphStyle("wt-step", fontName=regular, fontSize=body, leading=body * 1.35,
                               leftIndent=body * 2.2, firstLineIndent=-body * 2.2, allowWidows=0),
    }


def styles_from(body: Any, small: Any | None = None, heading: Any | None = None) -> dict[str, Any]:
    """Walkthrough styles derived from a document's own body (and small, heading) styles."""
    from reportlab.lib.styles import ParagraphStyle

    small = small or body
    heading = heading or ParagraphStyle("wt-heading", parent=body, fontName=PDF_NAMES[True],
                                        fontSize=body.fontSize * 1.1, leading=body.fontSize * 1.45,
                                        spaceBefore=body.fontSize * 0.6, spaceAfter=3)
    hang = body.fontSize * 2.2
    step = ParagraphStyle("wt-step", parent=body, leftIndent=hang, firstLineIndent=-hang, spaceBefore=0,
                          spaceAfter=0)
    return {"title": heading, "facts": small, "heading": heading, "step": step}


def walkthrough_story(wt: Any, mono: bool = False, styles: dict[str, Any] | None = None,
                      max_diagram_height: float | None = None, max_scale: float = 0.8,
                      title: bool = True, index_size: float | None = None) -> list[Flowable]:
    """A walkthrough as flowables for any document: an optional title block, the deal's
    heading and diagram (``CheckpointFlowable``) and its steps, then the later checkpoints and
    their steps as one ``WalkthroughFlow`` (a diagram a page cannot take waits for the next);
    a won solitaire's final position is left to the ending line.
    A book passes its own ``styles`` (keys title, facts, heading, step) and frame height.
    Diagrams are built for the frame's width, at most ``max_scale`` times the game's natural
    width (but never narrower than card indices of ``index_size`` points need; None: the
    default for that width)."""
    from reportlab.platypus import KeepTogether, Paragraph, Spacer

    from .scene import palette

    styles = styles or walkthrough_styles(mono=mono)
    red = palette(mono).red
    story: list[Flowable] = []
    if title:
        story.append(Paragraph(_marked(f"{wt.title}: {wt.what}", mono, red), styles["title"]))
        facts = [f"{wt.moves} moves", wt.game.rules_label(wt.solution.rules),
                 f"replayed and verified by dealgen {__version__}"]
        if wt.grade:
            facts.insert(0, f"grade: {wt.grade}")
        story.append(Paragraph(markup(" · ".join(facts)), styles["facts"]))
        from .registry import renderer

        legend = getattr(renderer(wt.game), "legend", None)
        if legend is not None:
            text = legend(wt.game, wt.checkpoints[0].state)
            story.append(Paragraph(_marked(text, mono, red), styles["facts"]))
    cap = 0.0  # diagrams at most max_scale times natural, but never too narrow for the asked index size
    if wt.checkpoints:
        cap = wt.diagram(wt.checkpoints[0], mono, caption=False, uniform=False).width * max_scale
        if index_size is not None:
            cap = max(cap, wt.diagram(wt.checkpoints[0], mono, caption=False, uniform=False, width=cap,
                                      index_size=index_size).width)

    def checkpoint(cp: Any) -> CheckpointFlowable:
        options = wt.diagram_options(cp, mono, caption=False, uniform=False, index_size=index_size)
        return CheckpointFlowable(Paragraph(_marked(cp.title, mono, red), styles["heading"]),
                                  DiagramFlowable(wt.game, cp.state, options, max_height=max_diagram_height,
                                                  max_width=cap))

    # the steps before the first pictured checkpoint (none: the deal is pictured) open the story;
    # the later checkpoints and their steps flow (WalkthroughFlow)
    items: list[Any] = []
    for i, cp in enumerate(wt.checkpoints):
        if wt.pictured(i):
            items.append(Mark(cp.after, tuple((text, cp.after) for text in cp.reasons)))
        steps = wt.steps_after(i)
        for k, step in enumerate(steps):
            played = steps[k + 1].start if k + 1 < len(steps) else (
                wt.checkpoints[i + 1].after if i + 1 < len(wt.checkpoints) else wt.moves)
            items.append((step, played))
    ending: list[Flowable] = []
    if wt.checkpoints and wt.checkpoints[-1].after == wt.moves:
        # the ending goes with the last two steps: never a lone step and the ending atop a page
        # (only steps that end the story: a final diagram stays where it is)
        last = []
        while len(last) < 2 and items and isinstance(items[-1], tuple):
            last.insert(0, items.pop()[0])
        ending = [KeepTogether([Paragraph(_marked(step.text(), mono, red), styles["step"]) for step in last]
                               + [Spacer(1, 6), Paragraph(markup(wt.ending()), styles["facts"])])]
    items = [item if isinstance(item, Mark) else (Paragraph(_marked(item[0].text(), mono, red), styles["step"]),
                                                  item[1]) for item in items]
    made: dict[Mark, CheckpointFlowable] = {}

    def drawn(mark: Mark) -> CheckpointFlowable:
        """A mark's heading and diagram (made once: platypus lays a book out more than once)."""
        if mark not in made:
            made[mark] = checkpoint(wt.at(mark.after, mark.reasons))
        return made[mark]

    opening = 1 if items and isinstance(items[0], Mark) and items[0].after == 0 else 0
    story += [drawn(m) if isinstance(m, Mark) else m[0] for m in items[:opening]]
    rest = items[opening:]
    while rest and isinstance(rest[0], tuple):  # the deal's steps flow as paragraphs
        story.append(rest.pop(0)[0])
    if rest:
        story.append(WalkthroughFlow(rest, drawn))
    return story + ending


def walkthrough_pdf_bytes(wt: Any, mono: bool = False, page: str = "a4") -> tuple[bytes, int]:
    """A walkthrough as a PDF of its own, with page numbers, and the number of diagrams in it."""
    from reportlab.platypus import SimpleDocTemplate

    size = PAGE_SIZES[page]
    margin = 50.0
    buffer = io.BytesIO()
    footer = f"{wt.title} · {wt.what}"
    doc = SimpleDocTemplate(buffer, pagesize=size, leftMargin=margin, rightMargin=margin, topMargin=margin,
                            bottomMargin=margin, title=f"{wt.title}: {wt.what}", author="",
                            creator=CREATOR, producer=CREATOR, subject=wt.game.rules_label(wt.solution.rules),
                            invariant=invariant())

    def on_page(canvas: Canvas, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(PDF_NAMES[False], 8)
        canvas.setFillGray(0.35)
        canvas.drawString(margin, margin / 2, printed(footer))
        canvas.drawRightString(size[0] - margin, margin / 2, str(doc.page))
        canvas.restoreState()

    story = walkthrough_story(wt, mono, max_diagram_height=size[1] - 2 * margin - 60)
    canvases: list[Canvas] = []
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page,
              canvasmaker=lambda *args, **kwargs: canvases.append(make_canvas(*args, **kwargs)) or canvases[-1])
    return buffer.getvalue(), getattr(canvases[-1], "diagrams_drawn", 0)


def problem_pdf_bytes(game: Any, state: Any, heading: str, lines: Any, more: str | None, mono: bool = False,
                      page: str = "a4") -> bytes:
    """A problem and its solution as a PDF of its own: heading, diagram, main line and the other
    replies answered (indented); ``more`` a closing note (where deeper replies are), or None."""
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    from .registry import DiagramOptions

    size = PAGE_SIZES[page]
    margin = 50.0
    styles = walkthrough_styles(mono=mono)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=size, leftMargin=margin, rightMargin=margin, topMargin=margin,
                            bottomMargin=margin, title=heading, author="", creator=CREATOR, producer=CREATOR,
                            invariant=invariant())
    story: list[Flowable] = [Paragraph(markup(heading), styles["title"]),
                             DiagramFlowable(game, state, DiagramOptions(mono=mono, caption=False), max_width=400),
                             Spacer(1, 8)]
    story += problem_line_flowables(lines, styles["step"])
    if more is not None:
        story.append(Paragraph(markup(more), styles["facts"]))
    doc.build(story, canvasmaker=make_canvas)
    return buffer.getvalue()


def problem_line_flowables(lines: Any, body: Any) -> list[Flowable]:
    """A problem's solution lines as paragraphs: a hanging indent per level, so the turn
    number stands out and replies sit under the turn they answer."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    out: list[Flowable] = []
    for line in lines:
        style = ParagraphStyle(f"line{line.level}", parent=body, leftIndent=body.fontSize * (1.6 * line.level + 1.6),
                               firstLineIndent=-body.fontSize * 1.6, spaceAfter=body.fontSize * 0.25)
        out.append(Paragraph(markup(line.text), style))
    return out
