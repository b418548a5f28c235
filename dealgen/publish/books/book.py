"""Printable puzzle books: puzzles up front, solutions at the back, one PDF.

A book is built from a seed catalog and a layout preset: title page, a copyright page (rights,
edition, ISBN, the rule set and how to play the deals in PySolFC), contents with page numbers,
how to play, the puzzle pages (1, 2 or 4 to a page), then every solution: a compact answer key
by default (``publish.books.answers``: several a page), or a walkthrough with checkpoint diagrams.
The page count is even (a Notes page ends an odd one), and the inside margin grows with it
to the print service's least for that count (``publish.books.printspec``). Pages have mirrored
margins, running page numbers, PDF bookmarks and metadata; fonts are embedded; the catalog
rides along as an embedded file so ``dealgen verify BOOK.pdf`` can replay every solution.

Nothing is written unless every solution replays and wins (``catalog.require_verified``),
and the same catalog and layout give a byte-identical PDF.
"""

from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from ...errors import InputError
from ...games import get_game
from ...grade import GRADES, grades_section
from ...render.fonts import FAMILY, markup, metrics, printed
from ...render.pdf import (
    CheckpointFlowable,
    diagram_scene,
    draw_scene,
    invariant,
    make_canvas,
    problem_line_flowables,
    register_fonts,
    walkthrough_flowables,
)
from ...render.registry import DiagramOptions
from ...render.walkthrough import build_walkthrough
from ...solve import problem_kit
from ...version import __version__
from ..catalog import Catalog, Entry, part_attachment, require_verified
from .answers import (
    DIAGRAM_GRADES,
    KeyStyles,
    answer_index,
    key_flowables,
    key_how_to_play,
    key_parts,
    key_reading,
    small_diagram,
)
from .layout import Layout
from .printspec import book_year, inside_margin
from .problems import LINE_BUDGET, RACE, problem_answer

SOLUTION_STYLES = ("key", "walkthrough")

GRADE_MARKS = {g: "★" * (i + 1) + "☆" * (len(GRADES) - i - 1) for i, g in enumerate(GRADES)}


class _Heading(Paragraph):
    """A heading that opens the next page unless it fits with ``below`` points of the text under
    it (three lines). keepWithNext would keep it with the whole paragraph instead, and move both
    on whenever that paragraph does not fit: in large type, a page with a lone heading before it."""

    def __init__(self, text: str, style: ParagraphStyle, below: float) -> None:
        super().__init__(text, style)
        self.below = below

    def _need(self, avail_width: float, avail_height: float) -> tuple[float, float, float]:
        width, height = super().wrap(avail_width, avail_height)  # (a long heading wraps)
        return width, height, height + self.style.spaceAfter + self.below

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        width, height, need = self._need(avail_width, avail_height)
        return width, (need if avail_height < need else height)  # too tall here: the frame moves on

    def split(self, avail_width: float, avail_height: float) -> list:
        return [] if avail_height < self._need(avail_width, avail_height)[2] else [self]


@dataclass(frozen=True)
class BookInfo:
    title: str
    subtitle: str = ""
    author: str = ""
    every: int = 20  # a checkpoint diagram at least every this many moves in the solutions
    solutions: str = "key"  # "key": compact answers, several a page; "walkthrough": every move in words
    isbn: str = ""  # the copyright page's (checked by printspec.check_isbn)
    edition: str = ""
    year: int | None = None  # None: printspec.book_year()
    publisher: str = ""  # the copyright page's "Published by", and its holder where no author is named


def check_printable(text: str, what: str) -> None:
    """InputError unless the bundled font can print every character of ``text`` (a title, an
    author): a missing one would come out as an empty box, unnoticed until the proof copy."""
    # (a tab or line break too: the title page would show a space, but a running foot a box)
    missing = sorted({ch for ch in text if ch != " " and not (metrics(False).has(ch) and metrics(True).has(ch))})
    if missing:
        listed = ", ".join(f"'{ch}' (U+{ord(ch):04X})" if ch.isprintable() else f"U+{ord(ch):04X} (a control character)"
                           for ch in missing[:5]) + (" ..." if len(missing) > 5 else "")  # never echo a control raw
        raise InputError(f"{what}: the book's font ({FAMILY}) has no {listed}; it would print as an empty box")
    # the font has Hebrew and Arabic letters, but the pages are set left to right, unshaped
    backwards = [ch for ch in dict.fromkeys(text) if unicodedata.bidirectional(ch) in ("R", "AL")]
    if backwards:
        listed = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in backwards[:3]) + (" ..." if len(backwards) > 3 else "")
        raise InputError(f"{what}: right-to-left text ({listed}) cannot be printed: the book sets text left to "
                         f"right, so it would come out reversed (and Arabic letters unjoined)")


TITLE_DROP = 0.28  # the title starts this far down its page's text area


def _title_block(info: BookInfo, s: "_Styles") -> list[Flowable]:
    """The title page's text: title, subtitle and author."""
    block: list[Flowable] = [Paragraph(markup(info.title), s.title)]
    if info.subtitle:
        block += [Spacer(1, s.subtitle.fontSize), Paragraph(markup(info.subtitle), s.subtitle)]
    if info.author:
        block += [Spacer(1, s.subtitle.fontSize * 2), Paragraph(markup(info.author), s.subtitle)]
    return block


def _grid(layout: Layout) -> tuple[int, int, float]:
    """A puzzle page's columns, rows and the gap between its cells."""
    cols = 2 if layout.per_page == 4 else 1
    return cols, layout.per_page // cols, layout.body_size * 1.5


def check_puzzle_heads(game: Any, rules: str, count: int, widest: int, layout: Layout) -> None:
    """Before any deal is chosen: a puzzle's head lines fit their cell (InputError from
    ``_side_by_side`` otherwise), ``widest`` being the longest deal number the selection
    may pick."""
    cols, _, gap = _grid(layout)
    width = (layout.width - layout.inside - layout.outside - gap * (cols - 1)) / cols
    styles, body = _Styles(layout), layout.body_size
    _side_by_side(f"Puzzle {count}", styles.bold, layout.heading_size, f"Expert  {GRADE_MARKS['expert']}",
                  styles.regular, body, width, layout)
    rules_label = _head_rules(game, rules)
    if problem_kit(game) is not None:
        _side_by_side(f"{game.players[-1].capitalize()} to play and win in 10", styles.bold, body * 1.1, rules_label,
                      styles.regular, body, width, layout)
        return
    try:
        _side_by_side(game.pysolfc_label(widest), styles.regular, body, rules_label, styles.regular, body, width, layout)
    except InputError as err:
        raise InputError(f"{err} (#{widest} being the longest deal number this selection may pick)") from None


MIN_DRAWN = 6.0  # points: a puzzle diagram's smallest text, shrunk to fit its cell, prints no smaller


def _check_drawn_size(scene: Any, scale: float, width: float, height: float, layout: Layout) -> None:
    """InputError when a cell is too small for its diagram to be read (a custom page size)."""
    smallest = scene.smallest_text()
    if smallest is not None and smallest * scale < MIN_DRAWN:
        raise InputError(f"{layout.source or 'layout ' + layout.name}: a puzzle's cell ({width / 72:.2f} x "
                         f"{height / 72:.2f}in) is too small for its diagram, whose text would print "
                         f"{smallest * scale:.1f} pt high (at least {MIN_DRAWN:g}); give the puzzles more room: a "
                         f"larger page, smaller margins, or fewer puzzles on a page")


def _head_rules(game: Any, rules: str) -> str:
    """The rule set a puzzle's head names: none for the game's first."""
    return printed(game.rules_label(rules)) if rules != game.default_rules else ""


def check_title_page(info: BookInfo, layout: Layout) -> None:
    """InputError when the title, subtitle and author do not fit on the title page: they
    would run on over the page that follows."""
    width = layout.width - layout.inside - layout.outside
    room = (layout.height - layout.top - layout.bottom) * (1 - TITLE_DROP)
    need = sum(f.wrap(width, room)[1] for f in _title_block(info, _Styles(layout)))
    if need > room:
        named = f"layout '{layout.name}'" + (f" ({layout.source})" if layout.source else "")
        raise InputError(f"the title page's text (title, subtitle and author) is {need:.0f} pt deep and {named} "
                         f"has room for {room:.0f} pt: shorten it, or make fonts.title smaller")


class _Styles:
    def __init__(self, layout: Layout) -> None:
        names = register_fonts()
        regular, bold = names[False], names[True]
        body = layout.body_size
        # allowWidows=0: a paragraph's last line never starts a page alone (every style below inherits it)
        self.body = ParagraphStyle("body", fontName=regular, fontSize=body, leading=body * 1.35, spaceAfter=body * 0.5,
                                   allowWidows=0)
        self.small = ParagraphStyle("small", parent=self.body, fontSize=layout.small_size, leading=layout.small_size * 1.35)
        self.h1 = ParagraphStyle("h1", fontName=bold, fontSize=layout.heading_size, leading=layout.heading_size * 1.3,
                                 spaceAfter=layout.heading_size * 0.6)
        self.h2 = ParagraphStyle("h2", fontName=bold, fontSize=body * 1.15, leading=body * 1.5,
                                 spaceBefore=body * 0.8, spaceAfter=body * 0.3, keepWithNext=1)
        # an answer's heading: kept with its first rows (publish.books.answers), not with the whole answer
        self.key_head = ParagraphStyle("key-head", parent=self.h2, spaceBefore=0, keepWithNext=0)
        self.title = ParagraphStyle("title", fontName=bold, fontSize=layout.title_size,
                                    leading=layout.title_size * 1.2, alignment=1)
        self.subtitle = ParagraphStyle("subtitle", fontName=regular, fontSize=layout.heading_size,
                                       leading=layout.heading_size * 1.4, alignment=1)
        self.centre = ParagraphStyle("centre", parent=self.body, alignment=1)
        self.toc = [ParagraphStyle(f"toc{i}", parent=self.body, leftIndent=i * body * 1.5, firstLineIndent=0,
                                   spaceBefore=body * (0.4 if i == 0 else 0), fontName=bold if i == 0 else regular)
                    for i in range(2)]
        self.regular, self.bold = regular, bold


class _Bookmark(Flowable):
    """An invisible marker that files a PDF bookmark at its page (a page that starts with it)."""

    def __init__(self, text: str, key: str, level: int) -> None:
        super().__init__()
        self.text, self.key, self.level = text, key, level

    def wrap(self, *_: Any) -> tuple[float, float]:
        return (0, 0)

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.text, self.key, level=self.level, closed=self.level > 0)


class _PuzzlePage(Flowable):
    """One page of puzzles in a grid (1, 2 or 4 cells), each with its heading and diagram."""

    def __init__(self, book: "_Book", items: list[tuple[int, Entry]]) -> None:
        super().__init__()
        self.book, self.items = book, items

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.w, self.h = avail_width, avail_height * 0.999
        return self.w, self.h

    def draw(self) -> None:
        if getattr(self.canv, "layout_only", False):
            return  # the measuring pass: the page's size is all that counts
        layout = self.book.layout
        cols, rows, gap = _grid(layout)
        cell_w = (self.w - gap * (cols - 1)) / cols
        cell_h = (self.h - gap * (rows - 1)) / rows
        for i, (number, entry) in enumerate(self.items):
            row, col = divmod(i, cols)
            x = col * (cell_w + gap)
            top = self.h - row * (cell_h + gap)
            self._cell(number, entry, x, top, cell_w, cell_h)

    def _cell(self, number: int, entry: Entry, x: float, top: float, width: float, height: float) -> None:
        book, canvas = self.book, self.canv
        layout = book.layout
        key = f"puzzle-{number}"
        canvas.bookmarkPage(key, fit="XYZ", top=None)
        canvas.addOutlineEntry(f"Puzzle {number}", key, level=1, closed=True)
        body, bold, regular = layout.body_size, book.styles.bold, book.styles.regular
        grade = f"{entry.grade.capitalize()}  {GRADE_MARKS.get(entry.grade, '')}"
        # each line's texts fit the cell side by side: big type in a narrow cell is set smaller
        head, grade_size = _side_by_side(f"Puzzle {number}", bold, layout.heading_size, grade, regular, body, width,
                                          layout)
        baseline = top - max(head, grade_size)  # the larger type's top at the cell's (body may outsize heading)
        canvas.setFont(bold, head)
        canvas.drawString(x, baseline, f"Puzzle {number}")
        canvas.setFont(regular, grade_size)
        canvas.drawRightString(x + width, baseline, grade)
        line2 = baseline - body * 1.6
        catalog = book.owner[number]
        game = get_game(catalog.game)
        state = entry.state(game, catalog.rules)
        rules = _head_rules(game, catalog.rules)
        if entry.kind == "problem":
            origin = f"From deal #{entry.deal}, after {entry.turn} turns"
            canvas.setFont(regular, _side_by_side(origin, regular, body, "", regular, body, width, layout)[0])
            canvas.drawString(x, line2, origin)
            line2 -= body * 1.6
            label, font, size = printed(_question(game, state, entry)), bold, body * 1.1
        else:
            label, font, size = game.pysolfc_label(entry.deal), regular, body
        size, rules_size = _side_by_side(label, font, size, rules, regular, body, width, layout)
        canvas.setFont(font, size)
        canvas.drawString(x, line2, label)
        if rules:
            canvas.setFont(regular, rules_size)
            canvas.drawRightString(x + width, line2, rules)
        canvas.setFont(regular, body)
        diagram_top = line2 - body * 1.2
        bottom = top - height + self._solution_ref(number, x + width, top - height)
        # built for the cell's width, so card indices print at the body size (never shrunk)
        options = DiagramOptions(mono=layout.mono, caption=False, index_size=layout.body_size)
        scene, scale = diagram_scene(game, state, options, width, diagram_top - bottom)
        _check_drawn_size(scene, scale, width, height, layout)
        drawn = scene.height * scale
        draw_scene(canvas, scene, x + (width - scene.width * scale) / 2, diagram_top - drawn, scale)
        self._notes(x, diagram_top - drawn - layout.body_size * 1.5, width, bottom)

    def _solution_ref(self, number: int, right: float, bottom: float) -> float:
        """"Solution on page N" at the cell's foot (known from the previous pass); the height used."""
        page = self.book.page_refs.page_of(number)
        if page is None:
            return 0.0  # the first pass: the solutions are not laid out yet
        size = self.book.layout.small_size
        self.canv.saveState()
        self.canv.setFont(self.book.styles.regular, size)
        self.canv.setFillGray(0.3)
        self.canv.drawRightString(right, bottom + size * 0.3, f"Solution on page {page}")
        self.canv.restoreState()
        return size * 1.6

    def _notes(self, x: float, top: float, width: float, bottom: float) -> None:
        """Ruled lines for the reader's working, in the room the diagram leaves."""
        layout, canvas = self.book.layout, self.canv
        pitch = layout.body_size * 2.2
        lines = int((top - bottom - layout.body_size * 1.5) // pitch)
        if lines < 2:  # (a label over a single line looks like a stray rule)
            return
        canvas.saveState()
        canvas.setFont(self.book.styles.regular, layout.small_size)
        canvas.setFillGray(0.45)
        canvas.drawString(x, top - layout.body_size, "Notes")
        canvas.setStrokeGray(0.75)
        canvas.setLineWidth(0.4)
        for i in range(1, lines + 1):
            y = top - layout.body_size * 1.5 - i * pitch + pitch * 0.3
            canvas.line(x, y, x + width, y)
        canvas.restoreState()


SHRINK_MIN = 0.8  # a line of a puzzle's head may be set this much smaller to fit its cell, no more


def _side_by_side(left: str, left_font: str, left_size: float, right: str, right_font: str, right_size: float,
                  width: float, layout: Layout) -> tuple[float, float]:
    """The sizes at which ``left`` and ``right`` share a line ``width`` wide with a gap between:
    as given when they fit, else ``left`` shrunk first when it is the larger (a heading), down to
    the other's size, then both, by SHRINK_MIN at most; InputError when that is not enough."""
    gap = right_size if left and right else 0.0
    lw, rw = stringWidth(left, left_font, left_size), stringWidth(right, right_font, right_size)
    if lw + gap + rw <= width:
        return left_size, right_size
    asked = left_size
    if left_size > right_size:  # the heading gives way first
        room = width - gap - rw
        if room > 0 and lw * right_size / left_size <= room:
            return left_size * room / lw, right_size
        left_size, lw = right_size, lw * right_size / left_size
    scale = (width - gap) / (lw + rw)
    if scale * left_size < SHRINK_MIN * min(asked, right_size):
        texts = [f"'{t}'" for t in (left, right) if t]
        shown = " and ".join(texts) + (" do not" if len(texts) > 1 else " does not")
        raise InputError(f"{layout.source or 'layout ' + layout.name}: {shown} fit a puzzle's width "
                         f"({width / 72:.2f}in) at these type sizes; make fonts.body or fonts.heading smaller, or "
                         f"put fewer puzzles on a page")
    return left_size * scale, right_size * scale


class _Book:
    """A book of one catalog, or a compendium of several (a part per game, each with its how to
    play and puzzles, and the solutions at the back, part by part); puzzles are numbered through."""

    def __init__(self, catalogs: Catalog | list[Catalog], layout: Layout, info: BookInfo) -> None:
        self.catalogs = [catalogs] if isinstance(catalogs, Catalog) else list(catalogs)
        self.catalog, self.layout, self.info = self.catalogs[0], layout, info
        self.game = get_game(self.catalog.game)
        self.styles = _Styles(layout)
        self.page_refs = _PageRefs()
        self.parts: list[tuple[Catalog, list[tuple[int, Any]]]] = []  # each catalog with its numbered entries
        self.owner: dict[int, Catalog] = {}  # a puzzle's number: its catalog
        number = 0
        for catalog in self.catalogs:
            numbered = [(number + i, entry) for i, entry in enumerate(catalog.entries, 1)]
            number += len(catalog.entries)
            self.parts.append((catalog, numbered))
            self.owner.update({n: catalog for n, _ in numbered})
        self.compendium = len(self.catalogs) > 1
        # contents entries for each grade's puzzles (a compendium lists its parts instead)
        self.groups = {} if self.compendium else _grade_groups([entry.grade for entry in self.catalog.entries])

    # -- page furniture ---------------------------------------------------------------
    def _templates(self) -> list[PageTemplate]:
        layout, bleed = self.layout, self.layout.bleed
        templates = []
        for name, parity in (("odd", 1), ("even", 0)):
            x, y, w, h = layout.frame(parity)
            frame = Frame(x + layout.trim_left(parity), y + bleed, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                          id=name)
            templates.append(PageTemplate(id=name, frames=[frame], onPage=self._boxes, onPageEnd=self._furniture))
        return templates

    def _boxes(self, canvas: Any, doc: Any) -> None:
        layout, bleed = self.layout, self.layout.bleed
        if bleed:
            left = layout.trim_left(doc.page)
            canvas.setTrimBox((left, bleed, left + layout.width, bleed + layout.height))
            canvas.setBleedBox((0, 0, layout.page_width, layout.page_height))

    def _furniture(self, canvas: Any, doc: Any) -> None:
        """The running foot, drawn once the page is full: on solution pages it names the
        solutions the page holds ("Solutions 3–4"), so a reader leafing through finds one."""
        layout, bleed = self.layout, self.layout.bleed
        page = doc.page
        solutions = doc.solutions_here
        doc.solutions_here = []
        if page == 1:
            return  # no number on the title page
        if solutions:
            first, last = solutions[0], solutions[-1]
            label = f"Solution {first}" if first == last else f"Solutions {first}–{last}"
            odd_text = even_text = label
        elif self.compendium:
            odd_text = even_text = self.info.title
        else:
            odd_text = self.info.title
            even_text = f"{self.game.title} · {self.game.rules_label(self.catalog.rules)}"
        size, font = layout.small_size, self.styles.regular
        y = bleed + layout.foot_baseline()
        canvas.saveState()
        canvas.setFont(font, size)
        canvas.setFillGray(0.25)
        left = layout.trim_left(page)
        # the text takes what the page number leaves, two ems apart
        room = layout.width - layout.inside - layout.outside - stringWidth(str(page), font, size) - 2 * size
        if page % 2:  # right-hand page: the number at the outside edge, on the right
            canvas.drawRightString(left + layout.width - layout.outside, y, str(page))
            canvas.drawString(left + layout.inside, y, _cut(printed(odd_text), font, size, room))
        else:
            canvas.drawString(left + layout.outside, y, str(page))
            canvas.drawRightString(left + layout.width - layout.inside, y, _cut(printed(even_text), font, size, room))
        canvas.restoreState()

    # -- sections ---------------------------------------------------------------------
    def story(self) -> list[Flowable]:
        s, info, catalog, game = self.styles, self.info, self.catalog, self.game
        frame_h = self.layout.height - self.layout.top - self.layout.bottom
        story: list[Flowable] = [NextPageTemplate(["even", "odd"]), _Bookmark(info.title, "title", 0),
                                 Spacer(1, frame_h * TITLE_DROP), *_title_block(info, s), PageBreak()]

        story += [*self._copyright_page(frame_h), PageBreak()]

        # the contents table's own cell font would otherwise be Helvetica, which is not embedded
        table_style = TableStyle([("FONTNAME", (0, 0), (-1, -1), s.regular), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                  ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
        toc = TableOfContents(dotsMinLevel=0, levelStyles=s.toc, tableStyle=table_style)
        story += [_Bookmark("Contents", "contents", 0), Paragraph("Contents", s.h1), toc, self.page_refs, PageBreak()]

        if not self.compendium:
            catalog, numbered = self.parts[0]
            story += [self._section("How to play", "how-to-play"), *self._how_to_play(catalog), PageBreak()]
            story += [self._section("Puzzles", "puzzles"), *self._puzzle_pages(numbered)]
            story += [self._section("Solutions", "solutions"), *self._solutions(catalog, numbered, frame_h)]
            return story + [_EvenEnd(self)]
        for index, (catalog, numbered) in enumerate(self.parts, 1):
            game = get_game(catalog.game)
            label = f"{game.title}" + (f" ({game.rules_label(catalog.rules)})" if catalog.rules != game.default_rules
                                       else "")
            span = f"puzzle {numbered[0][0]}" if len(numbered) == 1 else f"puzzles {numbered[0][0]}–{numbered[-1][0]}"
            story += [self._section(label, f"part-{index}"),
                      _Title("How to play", s.h2, f"how-to-play-{index}", level=1, contents="How to play"),
                      *self._how_to_play(catalog), PageBreak(),
                      _Title("Puzzles", s.h1, f"puzzles-{index}", level=1, contents=span[:1].upper() + span[1:]),
                      *self._puzzle_pages(numbered)]
        story.append(self._section("Solutions", "solutions"))
        for index, (catalog, numbered) in enumerate(self.parts, 1):
            game = get_game(catalog.game)
            story += [CondPageBreak(frame_h * 0.25),
                      _Title(game.title, s.h1, f"solutions-{index}", level=1, contents=game.title),
                      *self._solutions(catalog, numbered, frame_h)]
        return story + [_EvenEnd(self)]

    def _how_to_play(self, catalog: Catalog) -> list[Flowable]:
        game = get_game(catalog.game)
        text = game.how_to_play.format(rules=game.rule_prose.get(catalog.rules, ""))
        keys = self.info.solutions == "key" and catalog.entries[0].kind != "problem"
        return self._rules_text((key_how_to_play(game, text) if keys else text)
                                + grades_section(game.name, catalog.rules))

    def _puzzle_pages(self, numbered: list[tuple[int, Any]]) -> list[Flowable]:
        per_page, out = self.layout.per_page, []
        for start in range(0, len(numbered), per_page):
            out += [_PuzzlePage(self, numbered[start:start + per_page]), PageBreak()]
        return out

    def _solutions(self, catalog: Catalog, numbered: list[tuple[int, Any]], frame_h: float) -> list[Flowable]:
        """One catalog's solutions: compact answers, walkthroughs, or problems' strategies."""
        s, info, game = self.styles, self.info, get_game(catalog.game)
        story: list[Flowable] = []
        keys = info.solutions == "key" and numbered[0][1].kind != "problem"
        if keys:
            story.append(Paragraph(markup(key_reading(game)), s.small))
        elif numbered[0][1].kind == "problem":
            story.append(Paragraph(markup(RACE), s.small))
        for number, entry in numbered:
            if entry.kind == "problem":
                story.append(KeepTogether(self._problem_solution(number, entry, catalog)))  # one page, whole
                continue
            if keys:
                story += self._answer(number, entry, catalog)
                continue
            wt = build_walkthrough(catalog.solution(entry), info.every)
            title = f"Puzzle {number}: game #{entry.deal}, {entry.grade}, {wt.answer}"
            steps = walkthrough_flowables(wt, mono=self.layout.mono, every=info.every,
                                          body_style=s.body, small_style=s.small, index_size=self.layout.body_size,
                                          max_diagram_height=frame_h * 0.75)
            head = [CondPageBreak(frame_h * 0.3), self._solution_title(number, title)]
            story += [KeepTogether(head + steps[:1])] + steps[1:]
        return story


    def _answer(self, number: int, entry: Entry, catalog: Catalog) -> list[Flowable]:
        """One puzzle's compact answer (``publish.books.answers``)."""
        layout, s, game = self.layout, self.styles, get_game(catalog.game)
        parts = key_parts(game, catalog.solution(entry), diagram=entry.grade in DIAGRAM_GRADES)
        title = _Title(f"Puzzle {number}: game #{entry.deal}, {entry.grade}, {parts.answer or f'{parts.moves} moves'}",
                       s.key_head, f"solution-{number}", level=1, outline=f"Solution {number}", number=number,
                       contents=self.groups.get(number))
        frame_w = layout.width - layout.inside - layout.outside
        frame_h = layout.height - layout.top - layout.bottom
        styles = KeyStyles(s.body, s.small, s.regular, s.bold, layout.mono, layout.body_size, frame_w, frame_h)
        return key_flowables(game, parts, title, styles)

    def _puzzles(self, catalog: Catalog | None = None) -> str:
        """"40 Penguin puzzles" (a compendium: "40 Penguin and 20 Perpetual Motion puzzles")."""
        def one(cat: Catalog) -> str:
            return f"{len(cat.entries)} {get_game(cat.game).title}"

        if catalog is None and self.compendium:
            names = [one(cat) for cat in self.catalogs]
            return f"{', '.join(names[:-1])} and {names[-1]} puzzles"
        count = len((catalog or self.catalog).entries)
        return f"{one(catalog or self.catalog)} puzzle{'s' if count != 1 else ''}"

    def _solution_title(self, number: int, text: str) -> "_Title":
        return _Title(text, self.styles.h2, f"solution-{number}", level=1, outline=f"Solution {number}",
                      number=number, contents=self.groups.get(number))

    def _copyright_page(self, frame_h: float) -> list[Flowable]:
        """The copyright page (the title page's back): rights, edition, ISBN, then what the
        puzzles are and how they were checked, set low on the page as books set it."""
        s, info = self.styles, self.info
        year = book_year(info.year)
        holder = info.author or info.publisher
        lines = []
        if holder:  # (a notice names its holder: with nobody to name, none is printed)
            lines += [f"Copyright © {year} {holder}. All rights reserved.",
                      "No part of this book may be reproduced in any form without the written permission of the "
                      "copyright holder, except for brief quotations in reviews."]
        if info.publisher:
            lines.append(f"Published by {info.publisher}.")
        if info.edition:
            lines.append(info.edition)
        if info.isbn:
            lines.append(f"ISBN {info.isbn}")
        about = [f"{self._puzzles(cat)}, {get_game(cat.game).rules_label(cat.rules)}: "
                 f"{get_game(cat.game).rule_notes.get(cat.rules, '')}." for cat in self.catalogs]
        about += [*self._colophon(), f"Typeset with dealgen {__version__}."]
        block: list[Flowable] = [Paragraph(markup(line), s.small) for line in lines]
        block += [Spacer(1, s.small.leading)] + [Paragraph(markup(text), s.small) for text in about]
        return [Spacer(1, frame_h * 0.45), *block]

    def _colophon(self) -> list[str]:
        """What the puzzles are and how they were checked, said to a reader (no commands)."""
        out: list[str] = []
        for cat in self.catalogs:
            out += [line for line in self._about(get_game(cat.game)) if line not in out]
        return out

    def _about(self, game: Any) -> list[str]:
        if problem_kit(game) is not None:
            return [f"Every puzzle is a position from a game the computer played against itself on a deal "
                    f"numbered as PySolFC numbers {game.pysolfc_title} games; the side to move can force a win "
                    f"whatever the other side does.",
                    "Every solution is a complete strategy: before printing, every reply the defender could make "
                    "was played out by computer, branch by branch, and each one ends in a win."]
        return [f"Every deal is a PySolFC game number: to lay a puzzle out on screen, start "
                f"{game.pysolfc_title} in PySolFC and choose the game number printed with it.",
                "Every solution was played through move by move by computer before printing, and wins."]

    def _problem_solution(self, number: int, entry: Any, catalog: Catalog) -> list[Flowable]:
        """A problem's solution (``publish.books.problems``): the board after the main line's first turn,
        the main line, the replies that need their own answer, and "any other reply"."""
        layout = self.layout
        frame_w, frame_h = layout.width - layout.inside - layout.outside, layout.height - layout.top - layout.bottom
        for diagram in (True, False):  # as many lines as leave the whole on one page, with its diagram if it can
            for budget in range(LINE_BUDGET, 0, -2):
                out = self._problem_block(number, entry, catalog, budget, diagram)
                if sum(f.wrap(frame_w, frame_h)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in out) <= frame_h:
                    return out
        return out

    def _problem_block(self, number: int, entry: Any, catalog: Catalog, budget: int,
                       diagram: bool = True) -> list[Flowable]:
        s, layout, game = self.styles, self.layout, get_game(catalog.game)
        answer = problem_answer(game, entry, budget)
        out: list[Flowable] = [self._solution_title(number, f"Puzzle {number}: {answer.question}, {entry.grade}")]
        if answer.state is not None and diagram:
            frame_w = layout.width - layout.inside - layout.outside
            frame_h = layout.height - layout.top - layout.bottom
            options = DiagramOptions(mono=layout.mono, caption=False, index_size=answer_index(layout.body_size))
            heading = ParagraphStyle("problem-cp", parent=s.small, fontName=s.bold)
            out.append(CheckpointFlowable(Paragraph(markup(answer.after), heading),
                                          small_diagram(game, answer.state, options, frame_w, frame_h, 0.6, 0.3)))
        out += problem_line_flowables(answer.lines, s.body)
        if not answer.complete:
            out.append(Paragraph(markup("Deeper replies are left out here: every one of them was played out by "
                                        "computer before printing, and each is won."), s.small))
        return out

    def _rules_text(self, text: str) -> list[Flowable]:
        """A game's how-to-play text: '## ' lines are headings, blank lines end paragraphs."""
        out: list[Flowable] = []
        lines: list[str] = []

        def flush() -> None:
            if lines:
                out.append(Paragraph(markup(" ".join(lines)), self.styles.body))
                lines.clear()

        head = ParagraphStyle("rules-h2", parent=self.styles.h2, keepWithNext=0)
        below = 3 * self.styles.body.leading
        for line in text.splitlines():
            if line.startswith("## "):
                flush()
                out.append(_Heading(markup(line[3:].strip()), head, below))
            elif not line.strip():
                flush()
            else:
                lines.append(line.strip())
        flush()
        return out

    def _section(self, text: str, key: str) -> Flowable:
        return _Title(text, self.styles.h1, key)

    def _check_cells(self) -> None:
        """Each part's first puzzle page drawn on a scratch canvas before the book is laid out, so
        a cell too small for its diagram is named as such (InputError), not as a block of the
        solutions that does not fit its page."""
        layout = self.layout
        _, _, width, height = layout.frame(1)
        for _, numbered in self.parts:
            page = _PuzzlePage(self, numbered[:layout.per_page])
            page.wrap(width, height)
            page.canv = make_canvas(io.BytesIO(), pagesize=(layout.page_width, layout.page_height))
            page.canv.bookmarkPage("check")
            page.canv.addOutlineEntry("check", "check", level=0)  # the cells file theirs a level below
            page.draw()

    def build(self) -> bytes:
        self._check_cells()
        layout = self.layout
        buffer = io.BytesIO()
        doc = _Doc(buffer, pagesize=(layout.page_width, layout.page_height),
                   pageTemplates=self._templates(), title=self.info.title, author=self.info.author,
                   subject=self._puzzles() + ("" if self.compendium else f" ({self.game.rules_label(self.catalog.rules)})"),
                   creator=f"dealgen {__version__}", producer=f"dealgen {__version__}",
                   keywords=f"{', '.join(c.game for c in self.catalogs)}, solitaire, puzzles, PySolFC", leftMargin=0,
                   rightMargin=0,
                   topMargin=0, bottomMargin=0, invariant=invariant())  # the doc passes its own flag to the canvas
        passes: list[Any] = []

        def canvasmaker(*args: Any, **kwargs: Any) -> Any:
            # The first pass only finds the contents' page numbers; it is never the last pass
            # (the contents are empty going in), so it need not draw a single diagram.
            canvas = make_canvas(*args, **kwargs)
            canvas.layout_only = not passes
            passes.append(canvas)
            return canvas

        doc.multiBuild(self.story(), canvasmaker=canvasmaker)
        self.pages = doc.page
        return buffer.getvalue()


class _EvenEnd(Flowable):
    """The book's end: where its last page is a right-hand (odd) one, a Notes page follows, so
    the page count is even, as a printer binds it (a service would add a blank page itself)."""

    def __init__(self, book: "_Book") -> None:
        super().__init__()
        self.book, self.pad = book, False

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.pad = self.canv.getPageNumber() % 2 == 1  # (wrapOn sets canv: the page the book ends on)
        return (avail_width, avail_height + 1) if self.pad else (0, 0)

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        return [PageBreak(), _NotesPage(self.book)] if self.pad else []

    def draw(self) -> None:
        pass


class _NotesPage(Flowable):
    """A page of ruled lines headed Notes, for the reader's working."""

    def __init__(self, book: "_Book") -> None:
        super().__init__()
        self.book = book

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, avail_height * 0.999
        return self.width, self.height

    def draw(self) -> None:
        layout, canvas, s = self.book.layout, self.canv, self.book.styles
        size = layout.heading_size
        canvas.saveState()
        canvas.setFont(s.bold, size)
        canvas.drawString(0, self.height - size, "Notes")
        canvas.setStrokeGray(0.75)
        canvas.setLineWidth(0.4)
        pitch = layout.body_size * 2.2
        y = self.height - size * 2.2 - pitch
        while y > 0:
            canvas.line(0, y, self.width, y)
            y -= pitch
        canvas.restoreState()


class _Title(Paragraph):
    """A heading that files a PDF bookmark where it is drawn: a section (level 0, also a
    contents entry) or a solution (level 1: the page "Solution on page N" names, and the
    contents entry of its grade where a grade starts). Page numbers come from the heading
    itself, not from a marker before it that a page break could leave behind."""

    def __init__(self, text: str, style: ParagraphStyle, key: str, level: int = 0, outline: str | None = None,
                 number: int | None = None, contents: str | None = None) -> None:
        super().__init__(markup(text), style)
        self.key, self.level, self.plain = key, level, text
        self.outline = outline or text
        self.number = number  # the puzzle whose solution starts here
        self.contents = contents  # a contents entry filed at this page

    def split(self, *_: Any) -> list[Flowable]:
        return []  # a heading moves to the next page whole

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.outline, self.key, level=self.level, closed=self.level > 0)
        super().draw()


class _PageRefs(Flowable):
    """The page each puzzle's solution starts on, for the puzzle pages. An indexing flowable
    (like the contents), so the build runs again until the pages drawn from are the pages the
    solutions landed on."""

    def __init__(self) -> None:
        super().__init__()
        self.last: dict[int, int] = {}  # from the previous pass: what this pass draws
        self.now: dict[int, int] = {}

    def isIndexing(self) -> int:
        return 1

    def beforeBuild(self) -> None:
        self.last, self.now = self.now, {}

    def afterBuild(self) -> None:
        pass

    def isSatisfied(self) -> bool:
        return self.last == self.now

    def notify(self, kind: str, stuff: Any) -> None:
        if kind == "SolutionPage":
            number, page = stuff
            self.now[number] = page

    def page_of(self, number: int) -> int | None:
        return self.last.get(number)

    def wrap(self, *_: Any) -> tuple[float, float]:
        return (0, 0)

    def draw(self) -> None:
        pass


class _Doc(BaseDocTemplate):
    solution_now: int | None = None  # the solution being laid out
    solutions_here: list[int]  # the solutions with something drawn on this page, for its foot

    def beforeDocument(self) -> None:
        self.solution_now, self.solutions_here = None, []  # every pass of multiBuild starts afresh

    def afterFlowable(self, flowable: Flowable) -> None:
        """Contents entries (sections, and where each grade's puzzles and solutions start),
        each solution's page for the puzzle pages, and the solutions each page shows."""
        if isinstance(flowable, _NotesPage):
            self.solution_now = None  # the Notes page's foot names the book, not a solution
        title = flowable if isinstance(flowable, _Title) else None
        if title is not None and title.number is not None:
            self.solution_now = title.number
            self.notify("SolutionPage", (title.number, self.page))
        drawn = getattr(flowable, "height", 0) > 0 and not isinstance(flowable, Spacer)  # not a marker or a gap
        if self.solution_now is not None and drawn and self.solution_now not in self.solutions_here:
            self.solutions_here.append(self.solution_now)
        if title is not None and title.level == 0:
            self.notify("TOCEntry", (0, markup(title.plain), self.page, title.key))
        elif title is not None and title.contents:
            self.notify("TOCEntry", (1, markup(title.contents), self.page, title.key))
        elif isinstance(flowable, _PuzzlePage):
            for number, _ in flowable.items:
                label = flowable.book.groups.get(number)
                if label:
                    self.notify("TOCEntry", (1, markup(label), self.page, f"puzzle-{number}"))


def _grade_groups(grades: list[str]) -> dict[int, str]:
    """Contents entries for runs of puzzles of one grade, by the number of each run's first
    puzzle: {1: "Easy: puzzles 1–10", 11: "Medium: puzzles 11–20", ...}."""
    groups, first = {}, 1
    for number in range(1, len(grades) + 1):
        if number == len(grades) or grades[number] != grades[first - 1]:
            span = f"puzzle {first}" if first == number else f"puzzles {first}–{number}"
            groups[first] = f"{grades[first - 1].capitalize()}: {span}"
            first = number + 1
    return groups


def _question(game: Any, state: Any, entry: Any) -> str:
    """"Red to play and win in 3"."""
    return f"{game.to_move(state).capitalize()} to play and win in {entry.n}"


def _cut(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut short with an ellipsis where it is wider than ``width`` points."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text.rstrip() + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def book_pdf(catalog: Catalog | list[Catalog], layout: Layout, info: BookInfo) -> bytes:
    """The finished book (a compendium: a list of catalogs, a part each); nothing is made unless
    every solution replays and wins."""
    for one in [catalog] if isinstance(catalog, Catalog) else catalog:
        require_verified(one)
    return typeset(catalog, layout, info)


INSIDE_SAFETY = 1.0  # points added to an inside margin grown to the print service's least


def typeset(catalog: Catalog | list[Catalog], layout: Layout, info: BookInfo) -> bytes:
    """The PDF with its catalog(s) embedded, for catalogs already verified (``book_pdf`` checks)."""
    catalogs = [catalog] if isinstance(catalog, Catalog) else list(catalog)
    if not catalogs or any(not one.entries for one in catalogs):
        raise InputError("the catalog has no deals")
    for text, what in ((info.title, "the title"), (info.subtitle, "the subtitle"), (info.author, "the author")):
        check_printable(text, what)
    check_title_page(info, layout)
    from reportlab.platypus.doctemplate import LayoutError

    try:
        for _ in range(4):  # the inside margin grows with the page count, which may grow with it
            book = _Book(catalogs, layout, info)
            pdf = book.build()
            if layout.inside >= inside_margin(book.pages) - 1e-6:
                break
            # a hair past the least: type set exactly on it bleeds into it by anti-aliasing
            layout = replace(layout, inside=inside_margin(book.pages) + INSIDE_SAFETY)
    except LayoutError as err:  # a layout whose type is too big for its page
        found = re.search(r"\(([\d.]+) x ([\d.]+)\) too large on page (\d+)", str(err))
        size = f" ({float(found[1]):.0f} x {float(found[2]):.0f} pt, page {found[3]})" if found else ""
        raise InputError(f"{layout.source or 'layout ' + layout.name}: a block of the book does not fit on its page{size}; "
                         f"make the type sizes or the margins smaller") from None
    return _embed_catalog(pdf, catalogs, layout)


def _embed_catalog(pdf: bytes, catalog: Catalog | list[Catalog], layout: Layout) -> bytes:
    from pypdf import PdfReader, PdfWriter

    from .preflight import INTERIOR_KEY

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    for part, one in enumerate([catalog] if isinstance(catalog, Catalog) else catalog, 1):
        writer.add_attachment(part_attachment(part), one.dumps().encode("utf-8"))
    # what the interior is, for preflight's colour check (and a cover's paper)
    writer.add_metadata({INTERIOR_KEY: "black-and-white" if layout.mono else "colour"})
    writer.page_mode = "/UseOutlines"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
