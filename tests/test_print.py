"""Print-ready books: preflight (a real PDF drawn with pdfium and read with pypdf), covers, presets."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from dealgen.cli import main
from dealgen.publish.books.book import BookInfo, book_pdf
from dealgen.publish.books.cover import book_facts, cover_pdf, front_png
from dealgen.publish.books.layout import load_layout, preset_names
from dealgen.publish.books.preflight import preflight_book, preflight_cover
from dealgen.publish.books.printspec import BLEED, check_isbn, inside_margin, spine_width
from dealgen.publish.catalog import Catalog, read_catalog

SEEDS = Path(__file__).resolve().parents[1] / "seeds"


@pytest.fixture(scope="module")
def penguin40() -> Catalog:
    return read_catalog(SEEDS / "penguin-40.json")


@pytest.fixture(scope="module")
def small_book(penguin40) -> bytes:
    """24 puzzles on 6 x 9 in pages: enough pages (over 24) for a paperback."""
    cat = replace(penguin40, entries=penguin40.entries[:24])
    return book_pdf(cat, load_layout("6x9"), BookInfo("Penguin Puzzles", author="A. Setter"))


@pytest.mark.parametrize("preset", preset_names())
def test_every_shipped_preset_passes_preflight(preset: str, penguin40, request) -> None:
    layout = load_layout(preset)
    cat = penguin40 if layout.per_page > 1 else replace(penguin40, entries=penguin40.entries[:24])
    # (6 x 9 in: the module's book of the same 24 puzzles, made once)
    pdf = request.getfixturevalue("small_book") if preset == "6x9" else book_pdf(cat, layout, BookInfo("Penguin Puzzles"))
    report = preflight_book(pdf, preset)
    assert report.ok, "\n".join(report.lines())
    assert len(PdfReader(io.BytesIO(pdf)).pages) % 2 == 0
    if layout.mono:
        assert any(c.name == "colour" for c in report.checks)  # a black-and-white book is checked for colour


def _bad_pdf() -> bytes:
    """Three pages a service would reject: odd count, mixed sizes, ink at the edge, tiny unembedded
    text, a coarse image, and colour."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(432, 648))
    canvas.setFont("Helvetica", 5)  # a standard font: not embedded
    canvas.drawString(100, 300, "tiny")
    canvas.showPage()
    canvas.setPageSize((432, 650))
    canvas.setFillColorRGB(1, 0, 0)
    canvas.rect(2, 300, 20, 20, fill=1, stroke=0)  # colour, at the binding edge of an even page? (left: outside)
    canvas.showPage()
    canvas.setPageSize((432, 648))
    image = Image.new("RGB", (30, 30), (200, 200, 200))
    canvas.drawImage(ImageReader(image), 100, 100, width=144, height=144)  # 30 px over 2 in: 15 dpi
    canvas.rect(200, 640, 20, 8, fill=1, stroke=0)  # ink 0 in from the top trim
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_preflight_says_what_fails_and_where() -> None:
    report = preflight_book(_bad_pdf(), "bad.pdf", interior="black-and-white")
    assert not report.ok
    text = "\n".join(report.lines(most=20))
    assert "3 pages, an odd count" in text and "a paperback takes 24 to 828" in text
    assert "page 2: trim 6 in x 9.028 in, but page 1's is 6 in x 9 in" in text
    assert "page 1: font Helvetica is not embedded" in text
    assert "page 1: text set at 5.0 pt (the least is 7 pt)" in text
    assert "page 3: an image printed at 15 dpi across" in text
    assert "page 3: ink 0 in from the trim at the top edge" in text
    assert "page 2: ink" in text and "at the outside edge" in text  # an even page's left edge is its outside
    assert "page 2: colour at" in text
    assert text.rstrip().endswith("preflight FAILED: 7 of 7 checks")


def test_preflight_command_exit_codes(tmp_path: Path, small_book: bytes) -> None:
    good, bad = tmp_path / "good.pdf", tmp_path / "bad.pdf"
    good.write_bytes(small_book)
    bad.write_bytes(_bad_pdf())
    result = CliRunner().invoke(main, ["preflight", str(good)])
    assert result.exit_code == 0 and result.output.rstrip().endswith("preflight passed"), result.output
    assert "black-and-white" in result.output.splitlines()[0]  # the book says what it is
    result = CliRunner().invoke(main, ["preflight", str(bad)])
    assert result.exit_code == 1 and "FAIL  fonts: page 1: font Helvetica is not embedded" in result.output
    (tmp_path / "text.pdf").write_text("hello")
    result = CliRunner().invoke(main, ["preflight", str(tmp_path / "text.pdf")])
    assert result.exit_code == 2 and "not a PDF" in result.output
    result = CliRunner().invoke(main, ["preflight", str(tmp_path / "missing.pdf")])
    assert result.exit_code == 2 and "no such file" in result.output


def test_print_service_figures() -> None:
    assert [inside_margin(n) / 72 for n in (24, 150, 151, 300, 301, 500, 501, 700, 701, 828)] == \
        [0.375, 0.375, 0.5, 0.5, 0.625, 0.625, 0.75, 0.75, 0.875, 0.875]
    assert spine_width(100, "white") == pytest.approx(0.2252 * 72)
    assert spine_width(200, "cream") == pytest.approx(0.5 * 72)
    assert check_isbn("978-0-306-40615-7") == "978-0-306-40615-7"
    with pytest.raises(Exception, match="check digit should be 7, not 6"):
        check_isbn("978-0-306-40615-6")
    with pytest.raises(Exception, match="is not an ISBN"):
        check_isbn("12345")


def test_the_inside_margin_grows_with_the_page_count(tmp_path: Path, penguin40) -> None:
    """A custom layout with the least inside margin (0.375 in) and a book past 150 pages: the
    inside margin is set to 0.5 in whatever the layout says, and the book passes preflight."""
    thin = tmp_path / "thin.toml"
    thin.write_text(Path(load_layout("a5").source).read_text().replace('inside = "18mm"', 'inside = "0.375in"'))
    layout = load_layout(str(thin))
    cat = Catalog(penguin40.game, penguin40.rules, penguin40.entries)
    pdf = book_pdf(cat, layout, BookInfo("Many", solutions="walkthrough"))  # the walkthroughs: 150+ pages
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    assert pages > 150
    report = preflight_book(pdf, "thin")
    assert report.ok, "\n".join(report.lines())


def test_cover_wraps_the_book(tmp_path: Path, small_book: bytes) -> None:
    facts = book_facts(small_book, "book.pdf")
    pages = len(PdfReader(io.BytesIO(small_book)).pages)
    assert facts.pages == pages and facts.trim == (432.0, 648.0) and facts.author == "A. Setter"
    for paper in ("white", "cream", "color"):
        cover = PdfReader(io.BytesIO(cover_pdf(facts, paper)))
        box = cover.pages[0].mediabox
        assert float(box.width) == pytest.approx(2 * 432 + spine_width(pages, paper) + 2 * BLEED)
        assert float(box.height) == pytest.approx(648 + 2 * BLEED)
        assert float(cover.pages[0].trimbox.width) == pytest.approx(float(box.width) - 2 * BLEED)
    thin = PdfReader(io.BytesIO(cover_pdf(facts, "white"))).pages[0].extract_text()
    thick = PdfReader(io.BytesIO(cover_pdf(replace(facts, pages=120), "white"))).pages[0].extract_text()
    assert thin.count("Penguin Puzzles") == 2 and thick.count("Penguin Puzzles") == 3  # back, front (+ spine)
    assert "A. Setter" in thin and "PySolFC Penguin game #" in thin  # the front shows a real deal of the book
    png = Image.open(io.BytesIO(front_png(facts)))
    assert png.size == (1600, 2560)
    # the cover passes preflight against its book, and fails against a book of another length
    cover = cover_pdf(facts, "cream")
    assert preflight_cover(cover, "cover.pdf", pages, facts.trim, None).ok
    wrong = preflight_cover(cover, "cover.pdf", pages + 40, facts.trim, "cream")
    assert not wrong.ok and f"the cover was made for {pages} pages, the book has {pages + 40}" in "\n".join(wrong.lines())


def test_cover_command(tmp_path: Path, small_book: bytes) -> None:
    book = tmp_path / "b.pdf"
    book.write_bytes(small_book)
    result = CliRunner().invoke(main, ["cover", str(book), "--paper", "cream"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "b-cover.pdf").exists() and (tmp_path / "b-cover-front.png").exists()
    result = CliRunner().invoke(main, ["preflight", str(book), "--cover", str(tmp_path / "b-cover.pdf")])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(main, ["preflight", str(book), "--cover", str(tmp_path / "b-cover.pdf"),
                                       "--paper", "white"])
    assert result.exit_code == 1 and "on white paper make a spine of" in result.output
    result = CliRunner().invoke(main, ["cover", str(book), "-o", str(tmp_path / "c.png")])
    assert result.exit_code == 2 and "a cover is a PDF" in result.output


def test_verify_holds_the_pages_to_their_catalog(tmp_path: Path, penguin40) -> None:
    """A book whose embedded catalog is swapped for another (every solution of which replays)
    fails: its pages print other deals; and a problem book's positions are checked card by card."""
    from dealgen.publish.books.book import _Book, _embed_catalog

    layout, info = load_layout("6x9"), BookInfo("Swapped")
    first = Catalog(penguin40.game, penguin40.rules, penguin40.entries[:2])
    other = Catalog(penguin40.game, penguin40.rules, penguin40.entries[2:4])
    swapped = tmp_path / "swapped.pdf"
    swapped.write_bytes(_embed_catalog(_Book(first, layout, info).build(), other, layout))
    result = CliRunner().invoke(main, ["verify", str(swapped)])
    assert result.exit_code == 1, result.output
    assert "2 of 2 solutions verified" in result.output  # the other catalog replays...
    assert (f"page 5: puzzle 1 is printed as deal #{first.entries[0].deal}, but the embedded catalog's entry 1 is "
            f"deal {other.entries[0].deal}") in result.output  # ... but is not what the pages print
    honest = tmp_path / "honest.pdf"
    honest.write_bytes(book_pdf(first, layout, info))
    result = CliRunner().invoke(main, ["verify", str(honest)])
    assert result.exit_code == 0 and "every puzzle page prints its catalog entry's deal and position" in result.output
    # a problem printed from the right deal and turn but another position: its cards tell
    from dealgen.publish.books.pages import page_mismatches

    problems = read_catalog(SEEDS / "pack-n-stack-12.json")
    book = book_pdf(problems, load_layout("letter"), info)
    assert page_mismatches(book, problems, "p.pdf") == []
    a, b = problems.entries[0], problems.entries[1]
    moved = replace(problems, entries=(replace(a, position=b.position), *problems.entries[1:]))
    found = page_mismatches(book, moved, "p.pdf")
    assert len(found) == 1 and "puzzle 1: its diagram prints other cards than the embedded catalog's position" in found[0]


def test_compendium_book_has_a_part_per_game(tmp_path: Path, penguin40) -> None:
    from dealgen.publish.catalog import read_book_catalogs, write_catalog

    parts = [replace(penguin40, entries=penguin40.entries[:3])]
    for name, keep in (("perpetual-motion-20.json", 2), ("pack-n-stack-12.json", 2)):
        cat = read_catalog(SEEDS / name)
        parts.append(replace(cat, entries=cat.entries[:keep]))
    files = []
    for i, cat in enumerate(parts):
        files.append(tmp_path / f"c{i}.json")
        write_catalog(cat, files[-1])
    book = tmp_path / "comp.pdf"
    args = ["book", *[a for f in files for a in ("--catalog", str(f))], "-o", str(book)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0 and "7 puzzles of 3 games" in result.output, result.output
    reader = PdfReader(str(book))
    text = [page.extract_text() for page in reader.pages]
    assert " ".join(text[0].split()).startswith("Penguin, Perpetual Motion and Pack ’n’ Stack Puzzles")
    contents = next(t for t in text if t.startswith("Contents"))
    for words in ("Penguin", "Perpetual Motion", "Puzzles 1–3", "Puzzles 4–5", "Puzzles 6–7", "Solutions"):
        assert words in contents, words
    assert sum(t.count("How to play") for t in text if not t.startswith("Contents")) >= 3  # each game's own
    assert [c.game for c in read_book_catalogs(book)] == ["penguin", "perpetual-motion", "pack-n-stack"]
    result = CliRunner().invoke(main, ["verify", str(book)])
    assert result.exit_code == 0 and "7 of 7 solutions verified" in result.output, result.output
    assert len(reader.pages) % 2 == 0
    # the compendium's PDF serves as --catalog too: the same parts, in another layout
    again = tmp_path / "again.pdf"
    result = CliRunner().invoke(main, ["book", "--catalog", str(book), "--layout", "letter-2up", "-o", str(again)])
    assert result.exit_code == 0 and "7 puzzles of 3 games" in result.output, result.output
    assert read_book_catalogs(again) == read_book_catalogs(book)
    # errors: one game and rule set twice; a catalog per part, so no --save-catalog
    result = CliRunner().invoke(main, ["book", "--catalog", str(files[0]), "--catalog", str(files[0]),
                                       "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "is a penguin (parlett) catalog too" in result.output
    result = CliRunner().invoke(main, [*args[:-2], "--save-catalog", str(tmp_path / "s.json"), "-o", str(tmp_path / "y.pdf")])
    assert result.exit_code == 2 and "--save-catalog: a compendium" in result.output
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "y.pdf").exists()


def test_copyright_page_from_options_and_catalog(tmp_path: Path, penguin40) -> None:
    from dealgen.publish.catalog import read_book_catalog, write_catalog

    cat = tmp_path / "c.json"
    write_catalog(replace(penguin40, entries=penguin40.entries[:2]), cat)
    book, saved = tmp_path / "b.pdf", tmp_path / "s.json"
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "--author", "A. Setter", "--isbn",
                                       "978-0-306-40615-7", "--edition", "First edition", "--year", "2025",
                                       "--save-catalog", str(saved), "-o", str(book)])
    assert result.exit_code == 0, result.output
    page = " ".join(PdfReader(str(book)).pages[1].extract_text().split())
    assert "Copyright © 2025 A. Setter. All rights reserved." in page
    assert "First edition" in page and "ISBN 978-0-306-40615-7" in page
    carried = read_book_catalog(book)  # what the options set travels with the catalog
    assert (carried.isbn, carried.edition, carried.year) == ("978-0-306-40615-7", "First edition", 2025)
    assert read_catalog(saved) == carried
    again = tmp_path / "again.pdf"
    assert CliRunner().invoke(main, ["book", "--catalog", str(saved), "-o", str(again)]).exit_code == 0
    assert "ISBN 978-0-306-40615-7" in PdfReader(str(again)).pages[1].extract_text()
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "--isbn", "978-0-306-40615-6",
                                       "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "its check digit should be 7, not 6" in result.output
    assert not (tmp_path / "x.pdf").exists()
    bad = tmp_path / "bad.json"
    bad.write_text(cat.read_text().replace('"author": ""', '"author": "", "year": "2025"'))
    result = CliRunner().invoke(main, ["book", "--catalog", str(bad), "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2 and "'year' must be a year such as 2025" in result.output


def test_the_copyright_page_names_its_holder_and_publisher(tmp_path: Path, penguin40) -> None:
    """"Copyright © 2026. All rights reserved." named nobody: --author and --publisher (or a book
    info TOML file, the options winning over it) name the holder and publisher; with neither, no
    notice is printed, and the run says so."""
    from dealgen.publish.catalog import read_book_catalog, write_catalog

    cat = tmp_path / "c.json"
    write_catalog(replace(penguin40, entries=penguin40.entries[:2]), cat)
    info = tmp_path / "book.toml"
    info.write_text('author = "A. Setter"\npublisher = "Patience Press"\n')
    book = tmp_path / "b.pdf"
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "--info", str(info), "--year", "2025",
                                       "-o", str(book)])
    assert result.exit_code == 0, result.output
    page = " ".join(PdfReader(str(book)).pages[1].extract_text().split())
    assert "Copyright © 2025 A. Setter. All rights reserved." in page and "Published by Patience Press." in page
    assert read_book_catalog(book).publisher == "Patience Press"  # travels with the catalog, as the author does
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "--info", str(info), "--author", "",
                                       "--publisher", "Other House", "-o", str(book)])
    page = " ".join(PdfReader(str(book)).pages[1].extract_text().split())
    assert "Copyright © " in page and " Other House. All rights reserved." in page  # the publisher holds it
    bare = tmp_path / "bare.pdf"
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "-o", str(bare)])
    assert result.exit_code == 0 and "names no copyright holder" in result.output
    assert "Copyright ©" not in PdfReader(str(bare)).pages[1].extract_text()
    info.write_text('author = "A. Setter"\nillustrator = "B"\n')
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "--info", str(info), "-o", str(bare)])
    assert result.exit_code == 2 and "unknown key(s) illustrator; allowed: author, publisher" in result.output
    info.write_text('author = 3\n')
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "--info", str(info), "-o", str(bare)])
    assert result.exit_code == 2 and "'author' must be text in quotes" in result.output


def test_a_books_creation_date_is_real_or_source_date_epochs(monkeypatch, penguin40) -> None:
    """The creation date read 2000-01-01: it is the day the book is made, or SOURCE_DATE_EPOCH's
    where that is set (reproducible builds), and then a rebuild is byte-identical."""
    import datetime as dt

    cat = replace(penguin40, entries=penguin40.entries[:1])
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01
    first = book_pdf(cat, load_layout("6x9"), BookInfo("P"))
    assert first == book_pdf(cat, load_layout("6x9"), BookInfo("P"))
    assert PdfReader(io.BytesIO(first)).metadata["/CreationDate"].startswith("D:20260101000000")
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    made = PdfReader(io.BytesIO(book_pdf(cat, load_layout("6x9"), BookInfo("P")))).metadata["/CreationDate"]
    today = dt.datetime.now().strftime("D:%Y%m%d")
    assert made.startswith(today) or made.startswith((dt.datetime.now() - dt.timedelta(minutes=5)).strftime("D:%Y%m%d"))


def test_a_short_book_is_named_and_gets_no_cover(tmp_path: Path) -> None:
    """Pack 'n' Stack's 8-problem book had 16 pages: the book run says it is under the 24 a
    paperback takes, and `cover`, which made a cover for it without a word, refuses with the reason."""
    cat = tmp_path / "p.json"
    problems = read_catalog(SEEDS / "pack-n-stack-12.json")
    from dealgen.publish.catalog import write_catalog

    write_catalog(replace(problems, entries=problems.entries[:8]), cat)
    book = tmp_path / "p.pdf"
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "-o", str(book)])
    assert result.exit_code == 0 and "under the 24 a print-on-demand paperback takes" in result.output, result.output
    pages = len(PdfReader(str(book)).pages)
    assert pages < 24
    result = CliRunner().invoke(main, ["cover", str(book)])
    assert result.exit_code == 1, result.output
    assert f"no cover made: {pages} pages; a paperback takes 24 to 828, so preflight fails the book" in result.output
    assert not (tmp_path / "p-cover.pdf").exists()


@pytest.mark.parametrize("seed, layout, says, never", [
    ("pack-n-stack-12", "6x9", "is a game for two:", ("a patience for one", "room for notes")),
    ("penguin-40", "letter-2up", "The puzzles are set two to a page", ("its own page",)),
    ("penguin-40", "6x9", "Each puzzle has its own page and room for notes", ("a game for",))])
def test_the_back_cover_says_what_the_book_is(tmp_path: Path, seed: str, layout: str, says: str,
                                              never: tuple[str, ...]) -> None:
    """The back cover once called Pack 'n' Stack "a patience for one" and promised every book "its
    own page and room for notes" a puzzle, true of neither a problem book nor letter-2up."""
    from dealgen.publish.books.cover import book_facts, cover_pdf

    cat = read_catalog(SEEDS / f"{seed}.json")
    if seed.startswith("penguin"):
        cat = replace(cat, entries=cat.entries[:24])
    facts = book_facts(book_pdf(cat, load_layout(layout), BookInfo("P")), "b.pdf")
    facts = replace(facts, pages=max(facts.pages, 24))  # (the 12 problems make too short a book to cover)
    back = " ".join(PdfReader(io.BytesIO(cover_pdf(facts, "white"))).pages[0].extract_text().split())
    assert says in back, back
    assert not any(words in back for words in never), back


def test_preflight_checks_the_trim_against_the_services_sizes(small_book: bytes, penguin40) -> None:
    """A 2 x 3 in book once passed ("ok ... 2 in x 3 in trimmed"); a 6 x 9 in book bleeding at the
    binding edge is told what KDP takes instead; a cover made for another page count is filed under
    page count, not the barcode area."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(144, 216))
    for _ in range(24):
        canvas.showPage()
    canvas.save()
    report = preflight_book(buffer.getvalue(), "tiny.pdf")
    text = "\n".join(report.lines())
    assert not report.ok and "FAIL  trim and bleed: a 2 in x 3 in trim is not one a print service takes" in text
    assert "4 to 8.5 in wide and 6 to 11.69 in high" in text and "6.14 x 9.21" in text
    text = "\n".join(preflight_book(small_book, "b.pdf").lines())
    assert "6 in x 9 in trimmed (a standard trim)" in text
    assert "note  the pages, 6.25 in x 9.25 in, bleed at the binding edge too" in text
    assert "KDP takes a 6 in x 9 in book with bleed as 6.125 in x 9.25 in pages" in text
    kdp = book_pdf(replace(penguin40, entries=penguin40.entries[:24]), load_layout("6x9-kdp"), BookInfo("P"))
    assert "note" not in "\n".join(preflight_book(kdp, "k.pdf").lines())
    a5 = "\n".join(preflight_book(book_pdf(replace(penguin40, entries=penguin40.entries[:24]), load_layout("a5"),
                                           BookInfo("P")), "a5.pdf").lines())
    assert "(a custom trim, within what KDP takes)" in a5
    from dealgen.publish.books.cover import book_facts, cover_pdf

    facts = book_facts(small_book, "b.pdf")
    wrong = preflight_cover(cover_pdf(facts, "white"), "c.pdf", facts.pages + 2, facts.trim, "white")
    text = "\n".join(wrong.lines())
    assert f"FAIL  page count: the cover was made for {facts.pages} pages, the book has {facts.pages + 2}" in text
    assert "ok    barcode area" in text
