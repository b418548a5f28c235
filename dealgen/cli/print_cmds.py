"""`dealgen preflight` and `dealgen cover`: a book made ready for a print-on-demand service."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errors import InputError
from ..publish.pdfinput import pdf_errors, read_pdf
from .app import main
from .common import Choice, named


@main.command(short_help="Check a book as a print service does.")
@click.argument("book", type=click.Path(dir_okay=True, path_type=str))
@click.option("--cover", callback=named, default=None, metavar="COVER.pdf",
              help="Also check this full-wrap cover against the book's page count and trim.")
@click.option("--paper", type=Choice(["white", "cream", "color"]), default=None,
              help="The paper the book prints on, for the cover's spine (default: what the cover says, else any).")
@click.option("--interior", type=Choice(["black-and-white", "colour"]), default=None,
              help="Check for colour as a black-and-white book (default: what a dealgen book says it is).")
def preflight(book: str, cover: str | None, paper: str | None, interior: str | None) -> None:
    """Check BOOK.pdf as a print-on-demand service does before it prints: trim and bleed the same
    on every page, an even page count within 24-828, nothing printed in the margins it keeps
    clear (the inside one by page count), every font embedded, no text under 7 pt, images at
    300 dpi or more, no colour in a black-and-white book; with --cover, the cover's size for the
    page count and paper, and its barcode area clear.

    Says what fails and where (page and edge). Exit 0 when every check passes, 1 when one fails.
    """
    from ..publish.books.preflight import preflight_book, preflight_cover
    from ..publish.pdfinput import open_pdf

    data = read_pdf(book, "book")
    with pdf_errors(book):
        reports = [preflight_book(data, book, interior)]
        pages = open_pdf(data, book).pages
        first = pages[0].trimbox
        trim, count = (float(first.width), float(first.height)), len(pages)
    if cover is not None:
        with pdf_errors(cover):
            reports.append(preflight_cover(read_pdf(cover, "cover"), cover, count, trim, paper))
    for one in reports:
        click.echo("\n".join(one.lines()))
    sys.exit(0 if all(one.ok for one in reports) else 1)


@main.command(short_help="Make a full-wrap paperback cover for a book.")
@click.argument("book", type=click.Path(dir_okay=True, path_type=str))
@click.option("--paper", type=Choice(["white", "cream", "color"]), default="white", show_default=True,
              help="The paper the book prints on: it sets the spine's width (white 0.002252 in a page, cream "
                   "0.0025, color 0.002347).")
@click.option("-o", "--output", callback=named, default=None, metavar="COVER.pdf",
              help="The cover (default: BOOK-cover.pdf beside the book); the front as a 1600 x 2560 PNG is "
                   "written beside it (COVER-front.png).")
def cover(book: str, paper: str, output: str | None) -> None:
    """Make a full-wrap paperback cover for a dealgen BOOK.pdf: back, spine and front with 0.125 in
    bleed all round, the spine as wide as the page count and paper make it (its title and author
    only from 100 pages), a clear 2 x 1.2 in barcode area on the back, and a front drawn from the
    book's own hardest deal, title and author; plus the front as a 1600 x 2560 PNG for an e-book
    or a store listing.
    """
    from ..fileio import check_writable, write_files
    from ..publish.books.cover import book_facts, cover_pdf, front_png

    data = read_pdf(book, "book")
    target = Path(output) if output else Path(book).with_name(Path(book).stem + "-cover.pdf")
    if target.suffix.lower() != ".pdf":
        raise InputError(f"{output}: a cover is a PDF; give a file name ending in .pdf")
    check_writable(str(target))
    png = target.with_name(target.stem + "-front.png")
    facts = book_facts(data, book)
    files = {target.name: cover_pdf(facts, paper), png.name: front_png(facts)}
    write_files(target.parent, files)
    from ..publish.books.printspec import spine_width

    click.echo(f"wrote {target} ({facts.pages} pages on {paper} paper: spine {spine_width(facts.pages, paper) / 72:.3f} "
               f"in{', with its title' if facts.pages >= 100 else ', too thin for text (under 100 pages)'}) and {png} "
               f"(1600 x 2560)")
