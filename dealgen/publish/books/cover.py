"""Full-wrap paperback covers, made from the book itself.

``cover_pdf`` reads a dealgen book's PDF (its page count, trim and embedded catalog) and draws
one page: back, spine and front side by side with a 0.125 in bleed all round, the spine as
wide as the page count and paper make it (``printspec``). The front shows the title, a real
deal of the book as its diagram on a card table, and the author; the spine carries the title
and author only where it is wide enough (100 pages or more); the back says what is inside and
keeps the barcode area clear. ``front_png`` draws the same front at 1600 x 2560 pixels for an
e-book or a store listing.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Frame, Paragraph

from ...errors import CheckFailed, InputError
from ...games import get_game
from ...render.fonts import markup, metrics, printed
from ...render.pdf import diagram_scene, draw_scene, make_canvas, register_fonts
from ...render.registry import DiagramOptions
from ...version import __version__
from ..catalog import Catalog, read_book_catalog
from ..pdfinput import open_pdf, pdf_errors
from .preflight import PAGES_KEY, PAPER_KEY, page_count
from .printspec import BARCODE, BARCODE_MARGIN, BLEED, INCH, SPINE_CLEAR, SPINE_TEXT_LEAST, TEXT_LEAST, check_paper, spine_width

TABLE = (0.09, 0.30, 0.24)  # the card table's green: the cover's ground
INK = (1.0, 1.0, 1.0)
ACCENT = (0.96, 0.80, 0.36)
RED = (0.93, 0.30, 0.27)  # the red suits, light enough to read on the green  # gold: rules and the grade line
PNG_SIZE = (1600, 2560)  # an e-book cover's pixels (KDP's ideal)


@dataclass(frozen=True)
class BookFacts:
    """What the cover needs of the book."""

    catalog: Catalog
    pages: int
    trim: tuple[float, float]  # points
    title: str
    subtitle: str
    author: str
    per_page: int = 1  # puzzles to a puzzle page (the most on any)
    notes: bool = True  # whether every puzzle has lines for notes beside it
    source: str = "the book"


def book_facts(data: bytes, source: str) -> BookFacts:
    """A dealgen book's page count, trim size, title page text and catalog."""
    catalog = read_book_catalog(source, data)
    with pdf_errors(source):
        reader = open_pdf(data, source)
        box = reader.pages[0].trimbox
        meta = reader.metadata or {}
        # the title page's own (the PDF's metadata), else the catalog's
        title = str(meta.get("/Title") or "") or catalog.title or f"{get_game(catalog.game).title} Puzzles"
        author = str(meta.get("/Author") or "") or catalog.author
        pages = len(reader.pages)
    per_page, notes = _puzzle_pages(data, source)
    return BookFacts(catalog, pages, (float(box.width), float(box.height)), title, catalog.subtitle, author,
                     per_page, notes, source)


def _puzzle_pages(data: bytes, source: str) -> tuple[int, bool]:
    """How many puzzles the book sets to a page (the most on any), and whether every puzzle has
    its Notes lines, as the pages print them: what the back cover may promise."""
    from .pages import pages_text, printed_puzzles

    on_page: dict[int, int] = {}
    for puzzle in printed_puzzles(data, source).values():
        on_page[puzzle.page] = on_page.get(puzzle.page, 0) + 1
    texts = pages_text(data, source)
    notes = all(texts[page - 1].splitlines().count("Notes") >= count for page, count in on_page.items())
    return max(on_page.values(), default=1), notes and bool(on_page)


def _fill(canvas: Any, colour: tuple[float, float, float]) -> None:
    canvas.setFillColorRGB(*colour)


def _fitted(text: str, font: str, size: float, width: float, least: float = TEXT_LEAST) -> float:
    """``size``, or smaller (not under ``least``) so that ``text`` fits ``width`` on one line."""
    wide = stringWidth(text, font, size)
    return size if wide <= width else max(least, size * width / wide)


def _paragraph(canvas: Any, text: str, style: ParagraphStyle, x: float, top: float, width: float,
               height: float) -> float:
    """``text`` set in a box from ``top`` down; returns the height used (InputError if it overflows)."""
    para = Paragraph(markup(text), style)
    _, used = para.wrap(width, height)
    if used > height:
        raise InputError(f"the cover's text '{text[:40]}...' does not fit its {width / INCH:.2f} in wide box")
    para.drawOn(canvas, x, top - used)
    return used


def draw_front(canvas: Any, facts: BookFacts, x: float, y: float, width: float, height: float) -> None:
    """The front cover in the box (x, y, width, height): title, a real deal on a card table, author."""
    fonts = register_fonts()
    regular, bold = fonts[False], fonts[True]
    game = get_game(facts.catalog.game)
    unit = width / 6.0  # type and spacing follow the width (a 6 in front: 1 unit an inch)
    margin = 0.5 * unit
    inner = width - 2 * margin
    top = y + height - 0.75 * unit
    style = ParagraphStyle("cover-title", fontName=bold, fontSize=0.5 * unit, leading=0.58 * unit,
                           textColor=INK, alignment=1)
    top -= _paragraph(canvas, printed(facts.title), style, x + margin, top, inner, height * 0.3)
    style = ParagraphStyle("cover-sub", fontName=regular, fontSize=max(TEXT_LEAST, 0.22 * unit),
                           leading=0.3 * unit, textColor=ACCENT, alignment=1)
    top -= 0.2 * unit
    top -= _paragraph(canvas, printed(facts.subtitle or _contents(facts)), style, x + margin, top, inner, height * 0.15)
    # an ornament: the four suits, as on a card box
    canvas.saveState()
    size = 0.3 * unit
    canvas.setFont(regular, size)
    for k, (suit, colour) in enumerate((("♠", INK), ("♥", RED), ("♦", RED), ("♣", INK))):
        _fill(canvas, colour)
        canvas.drawCentredString(x + width / 2 + (k - 1.5) * size * 1.6, top - 0.55 * unit, suit)
    canvas.restoreState()
    top -= 0.6 * unit
    # a real deal of the book: its hardest, on a card table
    entry = facts.catalog.entries[-1]
    state = entry.state(game, facts.catalog.rules)
    author_room = 1.2 * unit if facts.author else 0.8 * unit
    panel_top = top - 0.35 * unit
    panel_bottom = y + author_room + 0.35 * unit
    pad = 0.12 * unit
    room_w, room_h = inner - 2 * pad, panel_top - panel_bottom - 2 * pad
    if room_h < inner * 0.3:
        raise InputError("the cover's title and subtitle leave no room for its diagram: shorten them")
    # built for the room it prints in, so its card indices stay legible (never under 7 pt)
    scene, scale = diagram_scene(game, state, DiagramOptions(mono=False, caption=False), room_w, room_h)
    panel_w, panel_h = scene.width * scale + 2 * pad, scene.height * scale + 2 * pad
    px = x + (width - panel_w) / 2
    py = panel_bottom + (panel_top - panel_bottom - panel_h) / 2
    canvas.saveState()
    _fill(canvas, (1.0, 1.0, 1.0))
    canvas.setStrokeColorRGB(*ACCENT)
    canvas.setLineWidth(max(1.0, 0.03 * unit))
    canvas.roundRect(px, py, panel_w, panel_h, 0.08 * unit, stroke=1, fill=1)
    canvas.restoreState()
    draw_scene(canvas, scene, px + pad, py + pad, scale)
    label = f"{game.pysolfc_label(entry.deal)} · {entry.grade.capitalize()}"
    canvas.saveState()
    _fill(canvas, ACCENT)
    size = _fitted(label, regular, max(TEXT_LEAST, 0.14 * unit), inner)
    canvas.setFont(regular, size)
    canvas.drawCentredString(x + width / 2, py - size * 1.5, printed(label))
    _fill(canvas, INK)
    line = "with every solution, checked by computer"
    size = _fitted(line, regular, max(TEXT_LEAST, 0.16 * unit), inner)
    canvas.setFont(regular, size)
    canvas.drawCentredString(x + width / 2, y + author_room - 0.05 * unit, line)
    if facts.author:
        size = _fitted(facts.author, bold, 0.26 * unit, inner)
        canvas.setFont(bold, size)
        canvas.drawCentredString(x + width / 2, y + 0.45 * unit, printed(facts.author))
    canvas.restoreState()


def _contents(facts: BookFacts) -> str:
    """"100 graded deals, easy to expert": what the book holds, where no subtitle says it."""
    entries = facts.catalog.entries
    grades = [g for g in ("easy", "medium", "hard", "expert") if any(e.grade == g for e in entries)]
    what = "positions" if entries[0].kind == "problem" else "deals"
    span = f", {grades[0]} to {grades[-1]}" if len(grades) > 1 else f", {grades[0]}" if grades else ""
    return f"{len(entries)} graded {what}{span}"


def _draw_back(canvas: Any, facts: BookFacts, x: float, y: float, width: float, height: float) -> None:
    """The back: what the book holds, and the barcode area kept clear at its bottom right."""
    fonts = register_fonts()
    regular, bold = fonts[False], fonts[True]
    game = get_game(facts.catalog.game)
    margin = 0.6 * INCH
    inner = width - 2 * margin
    count = len(facts.catalog.entries)
    grades = [g for g in ("easy", "medium", "hard", "expert") if any(e.grade == g for e in facts.catalog.entries)]
    problems = facts.catalog.entries[0].kind == "problem"
    what = "positions to play and win" if problems else "deals to solve"
    paras = [
        (f"{count} {game.title} {what}, graded from {grades[0]} to {grades[-1]}." if len(grades) > 1
         else f"{count} {game.title} {what}."),
        f"{printed(game.title)} is " + (f"a game for {_NUMBERS.get(len(game.players), len(game.players))}: "
                                          if len(game.players) > 1 else "a patience for one: ")
        + ("every position here is a win for the side to move, whatever the other side does."
           if problems else "every deal in this book can be won, and every one is a real deal you can also play "
                            "in PySolFC by its game number."),
        f"{_set_out(facts)}; the answers at the back give every solution, checked move by move by computer before "
        f"printing.",
    ]
    body = ParagraphStyle("cover-back", fontName=regular, fontSize=11, leading=15, textColor=INK, spaceAfter=8)
    head = ParagraphStyle("cover-back-head", parent=body, fontName=bold, fontSize=17, leading=21, textColor=ACCENT)
    top = y + height - 0.8 * INCH
    top -= _paragraph(canvas, facts.title, head, x + margin, top, inner, height * 0.2) + 10
    frame = Frame(x + margin, y + BARCODE[1] + 0.6 * INCH, inner, top - (y + BARCODE[1] + 0.6 * INCH),
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, showBoundary=0)
    story = [Paragraph(markup(text), body) for text in paras]
    frame.addFromList(story, canvas)
    if story:
        raise InputError("the back cover's text does not fit; shorten the title")
    # the barcode area: white, clear, at the bottom right of the back (the service prints there)
    canvas.saveState()
    _fill(canvas, (1.0, 1.0, 1.0))
    canvas.rect(x + width - BARCODE_MARGIN * 2 - BARCODE[0], y + BARCODE_MARGIN, BARCODE[0], BARCODE[1],
                stroke=0, fill=1)
    canvas.restoreState()


_NUMBERS = {2: "two", 3: "three", 4: "four"}


def _set_out(facts: BookFacts) -> str:
    """How the puzzles are set, as the pages print them: "Each puzzle has its own page and room for notes"."""
    notes = " and room for notes" if facts.notes else ""
    if facts.per_page == 1:
        return f"Each puzzle has its own page{notes}"
    return f"The puzzles are set {_NUMBERS.get(facts.per_page, facts.per_page)} to a page" + (
        ", each with room for notes" if facts.notes else "")


def _draw_spine(canvas: Any, facts: BookFacts, x: float, y: float, width: float, height: float) -> bool:
    """Title and author down the spine (read with the book face up), where it is wide enough."""
    if facts.pages < SPINE_TEXT_LEAST:
        return False
    fonts = register_fonts()
    room = width - 2 * SPINE_CLEAR
    face = metrics(True)
    size = min(room / (face.ascent + face.descent), 16.0)  # the type's full height fits between the clearances
    if size < TEXT_LEAST:
        return False
    text = printed(facts.title) + (f"  ·  {printed(facts.author)}" if facts.author else "")
    length = height - 1.0 * INCH
    size = min(size, size * length / max(stringWidth(text, fonts[True], size), 1))
    if size < TEXT_LEAST:
        return False
    canvas.saveState()
    _fill(canvas, INK)
    canvas.translate(x + width / 2, y + height / 2)
    canvas.rotate(-90)  # top to bottom, as English-language spines read
    canvas.setFont(fonts[True], size)
    canvas.drawCentredString(0, -size * (face.ascent - face.descent) / 2, text)
    canvas.restoreState()
    return True


def cover_pdf(facts: BookFacts, paper: str) -> bytes:
    """The full-wrap cover as a one-page PDF with its trim and bleed boxes set; CheckFailed for a
    book preflight fails on its page count (no service prints it, so no cover is made for it)."""
    check_paper(paper)
    counted = page_count(facts.pages)
    if counted.problems:
        raise CheckFailed(f"{facts.source}: no cover made: {'; '.join(counted.problems)}, so preflight fails the "
                          f"book; give it more puzzles (dealgen book --count)")
    trim_w, trim_h = facts.trim
    spine = spine_width(facts.pages, paper)
    width, height = 2 * trim_w + spine + 2 * BLEED, trim_h + 2 * BLEED
    buffer = io.BytesIO()
    canvas = make_canvas(buffer, pagesize=(width, height))
    canvas.setTitle(f"{facts.title}: cover")
    canvas.setAuthor(facts.author)
    canvas.setCreator(f"dealgen {__version__}")
    canvas.setProducer(f"dealgen {__version__}")
    canvas.setSubject(f"full-wrap cover, {facts.pages} pages, {paper} paper, spine {spine / INCH:.4f} in")
    canvas.setTrimBox((BLEED, BLEED, width - BLEED, height - BLEED))
    canvas.setBleedBox((0, 0, width, height))
    _fill(canvas, TABLE)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    back_x, spine_x = BLEED, BLEED + trim_w
    front_x = spine_x + spine
    _draw_back(canvas, facts, back_x, BLEED, trim_w, trim_h)
    _draw_spine(canvas, facts, spine_x, BLEED, spine, trim_h)
    draw_front(canvas, facts, front_x, BLEED, trim_w, trim_h)
    canvas.showPage()
    canvas.save()
    return _mark(buffer.getvalue(), paper, facts.pages)


def _mark(pdf: bytes, paper: str, pages: int) -> bytes:
    """The paper and page count the cover was made for, for preflight."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    writer.add_metadata({PAPER_KEY: paper, PAGES_KEY: str(pages)})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def front_png(facts: BookFacts) -> bytes:
    """The front alone at 1600 x 2560 pixels (e-book and store listing), drawn afresh for that shape."""
    import pypdfium2 as pdfium

    width, height = 600.0, 600.0 * PNG_SIZE[1] / PNG_SIZE[0]  # points; rendered at 1600 px across
    buffer = io.BytesIO()
    canvas = make_canvas(buffer, pagesize=(width, height))
    _fill(canvas, TABLE)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    draw_front(canvas, facts, 0, 0, width, height)
    canvas.showPage()
    canvas.save()
    doc = pdfium.PdfDocument(buffer.getvalue())
    try:
        image = doc[0].render(scale=PNG_SIZE[0] / width).to_pil().convert("RGB")
    finally:
        doc.close()
    if image.size != PNG_SIZE:
        image = image.resize(PNG_SIZE)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
