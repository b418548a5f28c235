"""What a print-on-demand service asks of a paperback (Amazon KDP's published figures), in one place:
the book, its cover and the preflight check all read them from here.

Lengths are in points (72 to the inch) unless a name says inches.
"""

from __future__ import annotations

import datetime as dt
import os
import re

from ...errors import InputError, did_you_mean

INCH = 72.0
PAGES_LEAST, PAGES_MOST = 24, 828  # a paperback's page count
# the least inside (binding) margin for a page count: up to N pages, this many inches
INSIDE_MARGINS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (828, 0.875))
BLEED = 0.125 * INCH  # on every edge of a full-wrap cover, and of a page printed to its edge
# paper thickness, inches a page: the spine is the page count times this
PAPER = {"white": 0.002252, "cream": 0.0025, "color": 0.002347}
SPINE_TEXT_LEAST = 100  # pages: a thinner spine carries no text
SPINE_CLEAR = 0.0625 * INCH  # text on the spine stays this far from each fold
BARCODE = (2.0 * INCH, 1.2 * INCH)  # the clear area the service prints the ISBN barcode in
BARCODE_MARGIN = 0.25 * INCH  # ... this far in from the back cover's trim (bottom and spine side)
# the paperback trims (inches, width x height) KDP lists, and the range it takes a custom trim in
TRIMS = ((5.0, 8.0), (5.06, 7.81), (5.25, 8.0), (5.5, 8.5), (6.0, 9.0), (6.14, 9.21), (6.69, 9.61), (7.0, 10.0),
         (7.44, 9.69), (7.5, 9.25), (8.0, 10.0), (8.25, 6.0), (8.25, 8.25), (8.5, 8.5), (8.5, 11.0), (8.27, 11.69))
CUSTOM_WIDTH, CUSTOM_HEIGHT = (4.0, 8.5), (6.0, 11.69)
TEXT_LEAST = 7.0  # points: no printed text smaller
IMAGE_DPI_LEAST = 300  # an image's resolution at its printed size


def inside_margin(pages: int) -> float:
    """The least inside margin (points) for a book of ``pages`` pages."""
    for most, inches in INSIDE_MARGINS:
        if pages <= most:
            return inches * INCH
    return INSIDE_MARGINS[-1][1] * INCH


def spine_width(pages: int, paper: str) -> float:
    """The spine's width in points for ``pages`` pages on ``paper``."""
    return pages * PAPER[paper] * INCH


def check_paper(paper: str) -> str:
    if paper not in PAPER:
        raise InputError(f"unknown paper '{paper}'{did_you_mean(paper, PAPER)}: use {', '.join(PAPER)}")
    return paper


def book_year(given: int | None = None) -> int:
    """The copyright year: as given, else from SOURCE_DATE_EPOCH (reproducible builds), else this year."""
    if given is not None:
        return given
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc).year
    return dt.datetime.now(dt.timezone.utc).year


def check_isbn(text: str, where: str = "--isbn") -> str:
    """An ISBN-13 (or ISBN-10) as printed, hyphens and spaces allowed; InputError naming what is wrong."""
    digits = re.sub(r"[\s-]", "", text)
    if re.fullmatch(r"\d{13}", digits):
        total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits[:12]))
        check = (10 - total % 10) % 10
        if int(digits[12]) != check:
            raise InputError(f"{where}: '{text}' is not a valid ISBN-13: its check digit should be {check}, "
                             f"not {digits[12]}")
        if not digits.startswith(("978", "979")):
            raise InputError(f"{where}: '{text}' is not an ISBN-13: it must start 978 or 979")
        return text.strip()
    if re.fullmatch(r"\d{9}[\dXx]", digits):
        total = sum((10 - i) * (10 if d in "Xx" else int(d)) for i, d in enumerate(digits))
        if total % 11:
            raise InputError(f"{where}: '{text}' is not a valid ISBN-10: its check digit is wrong")
        return text.strip()
    raise InputError(f"{where}: '{text}' is not an ISBN: give 13 digits (978-...), hyphens allowed, or an ISBN-10")
