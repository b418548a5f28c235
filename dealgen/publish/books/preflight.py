"""Preflight: check a book's PDF (and its cover) the way a print-on-demand service does before
printing, and say what would be rejected and where.

Checks: the trim and bleed are the same on every page; the page count is even and within
what a paperback takes; nothing is printed in the margins the service keeps clear (pages
rasterized with pdfium and looked at, the inside margin by the page count); every font is
embedded; no text under 7 pt; every image at least 300 dpi as printed; no colour in a
black-and-white book; and a cover the size the page count and paper make.

The PDF is read with pypdf (boxes, fonts, content streams) and drawn with pypdfium2.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterator

from ...errors import InputError
from ..pdfinput import open_pdf, pdf_errors
from .printspec import (
    BARCODE,
    BLEED,
    CUSTOM_HEIGHT,
    CUSTOM_WIDTH,
    IMAGE_DPI_LEAST,
    INCH,
    PAGES_LEAST,
    PAGES_MOST,
    PAPER,
    TEXT_LEAST,
    TRIMS,
    inside_margin,
    spine_width,
)

SAFE_BLEED, SAFE_PLAIN = 0.375 * INCH, 0.25 * INCH  # the outer margins a service keeps clear, with and without bleed
INK = 245  # a pixel darker than this (0-255) in any channel is ink
COLOUR = 12  # channels further apart than this: a colour, not a grey
RASTER_DPI = 72
TOLERANCE = 0.75  # points: sizes that agree to within this agree (rounding in PDF writers)
INTERIOR_KEY = "/DealgenInterior"  # "black-and-white" or "colour": what a dealgen book says it is
PAPER_KEY = "/DealgenPaper"  # a dealgen cover's paper
PAGES_KEY = "/DealgenPages"  # ... and the page count it was made for


@dataclass
class Check:
    name: str
    problems: list[str] = field(default_factory=list)
    passed: str = ""  # what was found, when nothing is wrong
    notes: list[str] = field(default_factory=list)  # what one service or another asks otherwise: no failure

    @property
    def ok(self) -> bool:
        return not self.problems

    def fail(self, text: str) -> None:
        self.problems.append(text)


@dataclass
class Report:
    source: str
    summary: str
    checks: list[Check]

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    def lines(self, most: int = 8) -> list[str]:
        out = [f"{self.source}: {self.summary}"]
        for check in self.checks:
            if check.ok:
                out.append(f"  ok    {check.name}: {check.passed}")
                out += [f"  note  {note}" for note in check.notes]
                continue
            out.append(f"  FAIL  {check.name}: {check.problems[0]}")
            out += [f"        {p}" for p in check.problems[1:most]]
            if len(check.problems) > most:
                out.append(f"        ... and {len(check.problems) - most} more")
        failed = sum(not c.ok for c in self.checks)
        out.append("preflight passed" if not failed else f"preflight FAILED: {failed} of {len(self.checks)} checks")
        return out


def _inches(points: float) -> str:
    return f"{points / INCH:.3f}".rstrip("0").rstrip(".") + " in"


def _box(page: Any, name: str) -> tuple[float, float, float, float]:
    box = getattr(page, name)
    return tuple(float(v) for v in (box.left, box.bottom, box.right, box.top))  # type: ignore[return-value]


def _reader(data: bytes, source: str) -> Any:
    with pdf_errors(source):  # (the command reads the pages under pdf_errors too)
        return open_pdf(data, source)


def preflight_book(data: bytes, source: str, interior: str | None = None) -> Report:
    """Every check of a book's interior PDF. ``interior`` "black-and-white" or "colour" (None:
    what a dealgen book says it is, else no colour check)."""
    reader = _reader(data, source)
    pages = reader.pages
    count = len(pages)
    if not count:
        raise InputError(f"{source}: the PDF has no pages")
    info = reader.metadata or {}
    interior = interior or info.get(INTERIOR_KEY)
    trim = [_box(p, "trimbox") for p in pages]
    media = [_box(p, "mediabox") for p in pages]
    first_w, first_h = trim[0][2] - trim[0][0], trim[0][3] - trim[0][1]
    checks = [_sizes(trim, media), page_count(count)]
    margins, colour = _raster_checks(data, trim, media, count, interior == "black-and-white")
    checks += [margins, _fonts(reader), *_content_checks(reader)]
    if interior == "black-and-white":
        checks.append(colour)
    bleed = max(0.0, trim[0][1] - media[0][1])
    summary = (f"{count} pages, trim {_inches(first_w)} x {_inches(first_h)}"
               + (f", bleed {_inches(bleed)}" if bleed else ", no bleed") + (f", {interior}" if interior else ""))
    return Report(source, summary, checks)


def _sizes(trim: list, media: list) -> Check:
    check = Check("trim and bleed")
    size = lambda box: (box[2] - box[0], box[3] - box[1])  # noqa: E731
    tw, th = size(trim[0])
    mw, mh = size(media[0])
    for number, (t, m) in enumerate(zip(trim, media), 1):
        w, h = size(t)
        if abs(w - tw) > TOLERANCE or abs(h - th) > TOLERANCE:
            check.fail(f"page {number}: trim {_inches(w)} x {_inches(h)}, but page 1's is {_inches(tw)} x {_inches(th)}")
        w, h = size(m)
        if abs(w - mw) > TOLERANCE or abs(h - mh) > TOLERANCE:
            check.fail(f"page {number}: page size with bleed {_inches(w)} x {_inches(h)}, but page 1's is "
                       f"{_inches(mw)} x {_inches(mh)}")
        top, bottom = m[3] - t[3], t[1] - m[1]
        sides = sorted((t[0] - m[0], m[2] - t[2]))
        outside = sides[1]
        if top > TOLERANCE or bottom > TOLERANCE or outside > TOLERANCE:  # a bleed: the service's size, all round
            for where, amount in (("top", top), ("bottom", bottom), ("outside", outside)):
                if abs(amount - BLEED) > TOLERANCE:
                    check.fail(f"page {number}: a bleed of {_inches(amount)} at the {where}; a service takes "
                               f"{_inches(BLEED)} (or none)")
    bleed = (trim[0][1] - media[0][1])
    kind = _check_trim(check, tw, th)
    check.passed = (f"the same on every page: {_inches(tw)} x {_inches(th)} trimmed ({kind}), "
                    + (f"{_inches(bleed)} bleed" if bleed > TOLERANCE else "no bleed"))
    inside = min(trim[0][0] - media[0][0], media[0][2] - trim[0][2])
    if bleed > TOLERANCE and inside > TOLERANCE:  # a bleed at the binding edge too
        check.notes.append(f"the pages, {_inches(mw)} x {_inches(mh)}, bleed at the binding edge too, as IngramSpark "
                           f"takes them; KDP takes a {_inches(tw)} x {_inches(th)} book with bleed as "
                           f"{_inches(tw + BLEED)} x {_inches(th + 2 * BLEED)} pages, with none at the binding edge "
                           f"(the layouts named -kdp, such as 6x9-kdp)")
    return check


def _check_trim(check: Check, width: float, height: float) -> str:
    """Fail ``check`` for a trim no service prints; else say which kind it is."""
    w, h = width / INCH, height / INCH
    if any(abs(w - a) < 0.01 and abs(h - b) < 0.01 for a, b in TRIMS):
        return "a standard trim"
    if CUSTOM_WIDTH[0] - 0.01 <= w <= CUSTOM_WIDTH[1] + 0.01 and CUSTOM_HEIGHT[0] - 0.01 <= h <= CUSTOM_HEIGHT[1] + 0.01:
        return "a custom trim, within what KDP takes"
    listed = ", ".join(f"{a:g} x {b:g}" for a, b in TRIMS)
    check.fail(f"a {_inches(width)} x {_inches(height)} trim is not one a print service takes: KDP prints "
               f"{CUSTOM_WIDTH[0]:g} to {CUSTOM_WIDTH[1]:g} in wide and {CUSTOM_HEIGHT[0]:g} to {CUSTOM_HEIGHT[1]:g} in "
               f"high, its standard trims being {listed} in")
    return "no paperback's"


def page_count(count: int) -> Check:
    """The page count a paperback takes: even, and within the service's least and most (a cover
    is refused for a book that fails it)."""
    check = Check("page count")
    if count % 2:
        check.fail(f"{count} pages, an odd count: a printed book has an even one (add a blank last page)")
    if not PAGES_LEAST <= count <= PAGES_MOST:
        check.fail(f"{count} pages; a paperback takes {PAGES_LEAST} to {PAGES_MOST}")
    check.passed = f"{count}, even, within {PAGES_LEAST}-{PAGES_MOST}"
    return check


def _raster_checks(data: bytes, trim: list, media: list, count: int, mono: bool) -> tuple[Check, Check]:
    """Each page drawn at 72 dpi with pdfium: ink in the margins the service keeps clear (outside,
    top and bottom 0.25 in, 0.375 with a bleed; inside by the page count), colour in a mono book."""
    import pypdfium2 as pdfium

    margins, colour = Check("margins"), Check("colour")
    inside = inside_margin(count)
    scale = RASTER_DPI / 72.0
    doc = pdfium.PdfDocument(data)
    try:
        for index in range(count):
            number = index + 1
            page = doc[index]
            image = page.render(scale=scale).to_pil().convert("RGB")
            page.close()
            t, m = trim[index], media[index]
            bled = (t[1] - m[1]) > TOLERANCE or (m[3] - t[3]) > TOLERANCE
            safe = SAFE_BLEED if bled else SAFE_PLAIN
            # the binding edge: left on a right-hand (odd) page
            left, right = (inside, safe) if number % 2 else (safe, inside)
            strips = {"left": (t[0], t[1], t[0] + left, t[3]), "right": (t[2] - right, t[1], t[2], t[3]),
                      "bottom": (t[0], t[1], t[2], t[1] + safe), "top": (t[0], t[3] - safe, t[2], t[3])}
            binding = "left" if number % 2 else "right"
            for where, box in strips.items():
                found = _ink(image, box, m, scale, where)
                if found is not None:
                    edge = "inside" if where == binding else "outside" if where in ("left", "right") else where
                    least = inside if edge == "inside" else safe
                    margins.fail(f"page {number}: ink {_inches(found)} from the trim at the {edge} edge; "
                                 f"nothing may print within {_inches(least)} of it")
            if mono and len(colour.problems) < 20:
                spot = _colour(image)
                if spot is not None:
                    x, y = spot
                    colour.fail(f"page {number}: colour at {_inches(x / scale)} from the left, "
                                f"{_inches(y / scale)} from the top, in a black-and-white book")
    finally:
        doc.close()
    margins.passed = (f"nothing printed within {_inches(SAFE_BLEED)} (with a bleed; {_inches(SAFE_PLAIN)} without) "
                      f"of the trim, nor within {_inches(inside)} of the binding ({count} pages)")
    colour.passed = "greys only on every page"
    return margins, colour


def _ink(image: Any, box: tuple, media: tuple, scale: float, where: str) -> float | None:
    """How near the trim the ink in ``box`` (PDF points, y up) comes, the trim being on its
    ``where`` side; None where the strip is blank."""
    x0, y0, x1, y1 = box
    height = media[3] - media[1]
    # to pixels (y down), the strip's edges rounded inwards: a pixel straddling its edge is not in it
    px0, px1 = math.ceil((x0 - media[0]) * scale), math.floor((x1 - media[0]) * scale)
    py0, py1 = math.ceil((height - (y1 - media[1])) * scale), math.floor((height - (y0 - media[1])) * scale)
    if px1 <= px0 or py1 <= py0:
        return None
    dark = image.crop((px0, py0, px1, py1)).convert("L").point(lambda v: 255 if v < INK else 0)
    bbox = dark.getbbox()
    if bbox is None:
        return None
    w, h = px1 - px0, py1 - py0
    near = {"left": bbox[0], "right": w - bbox[2], "top": bbox[1], "bottom": h - bbox[3]}[where]
    return near / scale


def _colour(image: Any) -> tuple[int, int] | None:
    """The first pixel that is not a grey, or None."""
    from PIL import ImageChops

    r, g, b = image.split()
    spread = ImageChops.lighter(ImageChops.difference(r, g), ImageChops.difference(g, b))
    bbox = spread.point(lambda v: 255 if v > COLOUR else 0).getbbox()
    return None if bbox is None else (bbox[0], bbox[1])


def _fonts(reader: Any) -> Check:
    check = Check("fonts")
    seen: dict[str, bool] = {}
    for number, page in enumerate(reader.pages, 1):
        for name, font in _page_fonts(page):
            base = str(font.get("/BaseFont", name))
            if base in seen:
                continue
            seen[base] = _embedded(font)
            if not seen[base]:
                check.fail(f"page {number}: font {base.lstrip('/')} is not embedded")
    check.passed = f"all {len(seen)} embedded"
    return check


def _page_fonts(page: Any) -> Iterator[tuple[str, Any]]:
    """Every font a page uses, its forms' included."""
    def walk(resources: Any, depth: int = 0) -> Iterator[tuple[str, Any]]:
        if resources is None or depth > 8:
            return
        resources = resources.get_object()
        for name, font in resources.get("/Font", {}).items():
            yield name, font.get_object()
        for xobject in resources.get("/XObject", {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                yield from walk(xobject.get("/Resources"), depth + 1)

    yield from walk(page.get("/Resources"))


def _embedded(font: Any) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True  # drawn by the file's own procedures
    descriptors = []
    if "/FontDescriptor" in font:
        descriptors.append(font["/FontDescriptor"].get_object())
    for child in font.get("/DescendantFonts", []):
        child = child.get_object()
        if "/FontDescriptor" in child:
            descriptors.append(child["/FontDescriptor"].get_object())
    return bool(descriptors) and all(any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3")) for d in descriptors)


def _content_checks(reader: Any) -> tuple[Check, Check]:
    """Text sizes and image resolutions, as drawn: each operator with the transformation in force."""
    from pypdf.generic import ContentStream

    text, images = Check("text size"), Check("images")
    smallest, image_count = math.inf, 0

    parsed: dict[int, list] = {}  # a form's operators, parsed once: a book places each card face many times

    def operations(content: Any) -> list:
        key = getattr(content, "indirect_reference", None)
        if key is None:
            return ContentStream(content, reader).operations
        if key.idnum not in parsed:
            parsed[key.idnum] = ContentStream(content, reader).operations
        return parsed[key.idnum]

    def walk(content: Any, resources: Any, ctm: tuple, number: int, depth: int = 0) -> None:
        nonlocal smallest, image_count
        stack: list[tuple] = []
        tm_scale = 1.0
        for operands, operator in operations(content):
            if operator == b"q":
                stack.append(ctm)
            elif operator == b"Q" and stack:
                ctm = stack.pop()
            elif operator == b"cm":
                ctm = _multiply(tuple(float(v) for v in operands), ctm)
            elif operator == b"BT":
                tm_scale = 1.0
            elif operator == b"Tm":
                tm_scale = math.hypot(float(operands[0]), float(operands[1])) or 1.0
            elif operator == b"Tf":
                size = float(operands[1]) * tm_scale * math.hypot(ctm[0], ctm[1])
                if 0 < size < smallest:
                    smallest = size
                if 0 < size < TEXT_LEAST - 0.01:
                    small[number] = min(size, small.get(number, math.inf))
            elif operator == b"Do" and depth < 8:
                xobject = resources.get("/XObject", {}).get(operands[0])
                if xobject is None:
                    continue
                xobject = xobject.get_object()
                if xobject.get("/Subtype") == "/Form":
                    matrix = tuple(float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0]))
                    walk(xobject, (xobject.get("/Resources") or resources).get_object(), _multiply(matrix, ctm),
                         number, depth + 1)
                elif xobject.get("/Subtype") == "/Image":
                    image_count += 1
                    wide, high = math.hypot(ctm[0], ctm[1]), math.hypot(ctm[2], ctm[3])
                    for pixels, points, what in ((int(xobject["/Width"]), wide, "across"),
                                                 (int(xobject["/Height"]), high, "down")):
                        dpi = pixels / (points / 72.0) if points else math.inf
                        if dpi < IMAGE_DPI_LEAST - 0.5:
                            images.fail(f"page {number}: an image printed at {dpi:.0f} dpi {what} "
                                        f"({pixels} pixels over {_inches(points)}); the least is {IMAGE_DPI_LEAST}")
                            break

    small: dict[int, float] = {}  # page: its smallest text under the least
    for number, page in enumerate(reader.pages, 1):
        contents = page.get_contents()
        if contents is not None:
            walk(contents, page["/Resources"].get_object(), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), number)
    for number, size in small.items():
        text.fail(f"page {number}: text set at {size:.1f} pt (the least is {TEXT_LEAST:g} pt)")
    text.passed = f"none under {TEXT_LEAST:g} pt (the smallest {smallest:.1f} pt)" if smallest < math.inf else "no text"
    images.passed = (f"all {image_count} at {IMAGE_DPI_LEAST} dpi or more as printed" if image_count
                     else "none (the pages are drawn as vectors)")
    return text, images


def _multiply(m: tuple, n: tuple) -> tuple:
    """The matrix product m x n (PDF's row-vector convention: m applies first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


# -- covers ---------------------------------------------------------------------------------------
def preflight_cover(data: bytes, source: str, pages: int, trim: tuple[float, float], paper: str | None) -> Report:
    """The cover's size against the book's: back, spine and front with a bleed all round, the
    spine from ``pages`` on ``paper`` (None: the paper the cover says, else any that fits)."""
    reader = _reader(data, source)
    info = reader.metadata or {}
    said = info.get(PAPER_KEY)
    paper = paper or (str(said) if said in PAPER else None)
    page = reader.pages[0]
    m = _box(page, "mediabox")
    width, height = m[2] - m[0], m[3] - m[1]
    size = Check("cover size")
    if len(reader.pages) != 1:
        size.fail(f"{len(reader.pages)} pages: a full-wrap cover is one page")
    want_h = trim[1] + 2 * BLEED
    candidates = [paper] if paper else list(PAPER)
    # to a tenth of a point: the papers' spines differ by less than a point on a thin book
    fits = [p for p in candidates if abs(width - (2 * trim[0] + spine_width(pages, p) + 2 * BLEED)) <= 0.1]
    if abs(height - want_h) > TOLERANCE:
        size.fail(f"{_inches(height)} high; a {_inches(trim[1])} book's cover is {_inches(want_h)} with its bleed")
    if not fits:
        shown = paper or "white"
        want = 2 * trim[0] + spine_width(pages, shown) + 2 * BLEED
        size.fail(f"{_inches(width)} wide; {pages} pages on {shown} paper make a spine of "
                  f"{_inches(spine_width(pages, shown))} and a cover {_inches(want)} wide with its bleed")
    chosen = fits[0] if fits else (paper or "white")
    size.passed = (f"{_inches(width)} x {_inches(height)}: a spine of {_inches(spine_width(pages, chosen))} "
                   f"({pages} pages, {chosen} paper) and {_inches(BLEED)} bleed all round")
    counted = Check("page count")
    mark = info.get(PAGES_KEY)
    if mark is not None and str(mark) != str(pages):
        counted.fail(f"the cover was made for {mark} pages, the book has {pages}: make it again for this book")
    counted.passed = f"made for the book's {pages} pages" if mark is not None else "not said by the cover"
    checks = [size, counted, _fonts(reader), *_content_checks(reader), _barcode_clear(data, trim[0], height)]
    return Report(source, f"full-wrap cover {_inches(width)} x {_inches(height)}", checks)


def _barcode_clear(data: bytes, trim_width: float, height: float) -> Check:
    """The back's barcode area (bottom right of the back, 0.25 in up from the trim and 0.5 in from
    the spine's fold) is one plain colour: the service prints the barcode there."""
    import pypdfium2 as pdfium

    from .printspec import BARCODE_MARGIN

    check = Check("barcode area")
    doc = pdfium.PdfDocument(data)
    try:
        image = doc[0].render(scale=RASTER_DPI / 72.0).to_pil().convert("RGB")
    finally:
        doc.close()
    scale = RASTER_DPI / 72.0
    x1 = BLEED + trim_width - 2 * BARCODE_MARGIN  # the back runs from the bleed to the spine's fold
    x0 = x1 - BARCODE[0]
    y1 = height - BLEED - BARCODE_MARGIN  # from the top, as pixels count: the area's bottom
    y0 = y1 - BARCODE[1]
    crop = image.crop((math.ceil(x0 * scale), math.ceil(y0 * scale), math.floor(x1 * scale), math.floor(y1 * scale)))
    if any(high - low > 24 for low, high in crop.getextrema()):
        check.fail(f"the back's barcode area ({_inches(BARCODE[0])} x {_inches(BARCODE[1])}, "
                   f"{_inches(BARCODE_MARGIN)} above the bottom trim and {_inches(2 * BARCODE_MARGIN)} from the "
                   f"spine) is not clear: the print service puts the barcode there")
    check.passed = f"{_inches(BARCODE[0])} x {_inches(BARCODE[1])} clear at the bottom right of the back"
    return check
