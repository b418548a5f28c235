"""Books: a real PDF read back with pypdf, the verification gate, presets and bad input."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream

from dealgen.cli import main
from dealgen.errors import CheckFailed, InputError
from dealgen.games import GAMES
from dealgen.games.penguin import PENGUIN
from dealgen.publish.books.book import BookInfo, _cut, book_pdf
from dealgen.publish.books.layout import load_layout, preset_names
from dealgen.publish.catalog import Catalog, Entry, read_book_catalog, read_catalog, write_catalog
from dealgen.render.pdf import pdf_bytes, register_fonts
from dealgen.render.registry import DiagramOptions, position_scene
from dealgen.solution import read_solution

from .conftest import DATA
from .pdfcheck import colour_operations, embedded, font_sizes, fonts_of, page_images

SEEDS = Path(__file__).resolve().parents[1] / "seeds"

INFO = BookInfo("Test Puzzles", "two deals", "A. Setter")
WALKTHROUGHS = BookInfo("Test Puzzles", "two deals", "A. Setter", solutions="walkthrough")


def catalog() -> Catalog:
    entries = []
    for n, grade in ((1, "easy"), (617, "hard")):
        sol = read_solution(DATA / f"penguin-{n}-fcsolve.sol")
        entries.append(Entry(n, grade, 10.0 if grade == "easy" else 80.0, {"solution_length": len(sol.moves)}, sol.moves))
    return Catalog("penguin", "parlett", tuple(entries), title="Test Puzzles")


@pytest.fixture(scope="module")
def book_6x9() -> bytes:
    return book_pdf(catalog(), load_layout("6x9"), INFO)


def text_of(reader: PdfReader) -> list[str]:
    return [page.extract_text() for page in reader.pages]


def heads(text: str) -> list[str]:
    """The first lines of a page: its heading (the running foot is drawn last)."""
    return text.splitlines()[:3]


def test_book_structure(book_6x9: bytes) -> None:
    reader = PdfReader(io.BytesIO(book_6x9))
    pages = text_of(reader)
    assert "Test Puzzles" in pages[0] and "A. Setter" in pages[0]
    contents = next(i for i, t in enumerate(pages) if "Contents" in heads(t))
    assert "How to play" in pages[contents] and "Solutions" in pages[contents]
    puzzle_1 = next(i for i, t in enumerate(pages) if "Puzzle 1" in t and "game #1" in t)
    puzzle_2 = next(i for i, t in enumerate(pages) if "Puzzle 2" in t and "game #617" in t)
    solutions = next(i for i, t in enumerate(pages) if "Solutions" in heads(t))
    assert contents < puzzle_1 < puzzle_2 < solutions  # puzzles up front, solutions at the back
    back = "".join(pages[solutions:])
    # the compact answer: the moves ten to a row, each row led by its first move's number
    moves = catalog().entries[0].moves
    assert "\n".join(["1.", *moves[:10], "11.", *moves[10:20]]) in back
    # running page numbers: every page but the title shows its number
    for number, text in enumerate(pages[1:], 2):
        assert str(number) in text.split()
    assert "Penguin · Parlett rules" in pages[3]  # the left-hand foot names the rules as a reader would
    colophon = " ".join(pages[1].split())
    assert "Penguin puzzles, Parlett rules: runs of any length" in colophon
    assert "played through move by move by computer before printing" in colophon and "`" not in "".join(pages)
    assert "Copyright ©" in colophon and "A. Setter. All rights reserved." in colophon
    assert not any("dealgen verify" in t or "command" in t for t in pages)  # pages speak to a reader
    assert reader.metadata.subject.endswith("(Parlett rules)")
    # the contents group the puzzles by grade, in both halves; each puzzle names its solution's page
    assert pages[contents].count("Easy: puzzle 1") == 2 and pages[contents].count("Hard: puzzle 2") == 2
    for puzzle, number in ((puzzle_1, 1), (puzzle_2, 2)):
        page = int(pages[puzzle].split("Solution on page ")[1].split()[0])
        assert f"Puzzle {number}: game #" in pages[page - 1]
        assert f"Puzzle {number}: game #" not in pages[page - 2]
    # each solution page's foot names the solutions on it: those starting there and the one going on
    shown = None
    for text in pages[solutions:]:
        if text.startswith("Notes\n"):
            continue  # the page that evens the count: its foot names the book
        starting = [int(n) for n in re.findall(r"^Puzzle (\d+): game #", text, re.M)]
        on_page = ([shown] if shown is not None and not text.split("\n", 1)[0].startswith("Puzzle ") else []) + starting
        shown = on_page[-1]
        label = f"Solution {shown}" if len(on_page) == 1 else f"Solutions {on_page[0]}–{on_page[-1]}"
        assert label in text.splitlines()[-2:], (on_page, text.splitlines()[-2:])
    # bookmarks and metadata
    titles = [item.title if not isinstance(item, list) else None for item in reader.outline]
    assert {"Contents", "How to play", "Puzzles", "Solutions"} <= set(titles)
    assert reader.metadata.title == "Test Puzzles" and reader.metadata.author == "A. Setter"


def test_page_references_point_at_the_solution_heading() -> None:
    """This catalog at 6 x 9 pushes the heading of solution 16 to the next page: its page number
    (on the puzzle, in the contents and in the bookmarks) must come from the heading itself."""
    reader = PdfReader(io.BytesIO(book_pdf(read_catalog(SEEDS / "idiots-delight-20.json"), load_layout("6x9"),
                                           INFO)))
    pages = text_of(reader)
    starts = {int(n): i for i, t in enumerate(pages, 1) for n in re.findall(r"^Puzzle (\d+): ", t, re.M)}
    said = {int(n): int(p) for t in pages for n, p in re.findall(r"Puzzle (\d+)\b(?!:).*?Solution on page (\d+)", t, re.S)}
    assert len(starts) == 20 and said == starts
    marks = {item.title: reader.get_destination_page_number(item) + 1 for group in reader.outline
             if isinstance(group, list) for item in group}
    assert {int(t.split()[1]): p for t, p in marks.items() if t.startswith("Solution ")} == starts
    contents = next(t for t in pages if t.startswith("Contents"))
    grades = re.findall(r"(\d+)\n\w+: puzzles (\d+)–", contents.split("\nSolutions\n")[1])  # the page comes first
    assert len(grades) == 4 and all(starts[int(first)] == int(page) for page, first in grades), grades


def test_fonts_embedded_and_no_images_on_puzzle_pages(book_6x9: bytes) -> None:
    reader = PdfReader(io.BytesIO(book_6x9))
    fonts = fonts_of(reader)
    assert fonts and all(embedded(f) for f in fonts)
    assert not any(page_images(page) for page in reader.pages)


def test_mirrored_margins(book_6x9: bytes) -> None:
    reader = PdfReader(io.BytesIO(book_6x9))
    layout = load_layout("6x9")
    # the page is the trim plus bleed on every side
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(layout.width + 2 * layout.bleed)
    assert "/TrimBox" in reader.pages[1]
    assert layout.frame(1)[0] == layout.inside and layout.frame(2)[0] == layout.outside


def test_kdp_preset_bleeds_on_the_outside_edges_only() -> None:
    """Amazon KDP takes a 6 x 9 interior with bleed as 6.125 x 9.25 in pages: no bleed at the binding,
    which is on the left of a right-hand (odd) page and on the right of a left-hand one."""
    reader = PdfReader(io.BytesIO(book_pdf(catalog(), load_layout("6x9-kdp"), INFO)))
    for number, page in enumerate(reader.pages[:4], 1):
        assert [float(v) for v in page.mediabox] == [0, 0, 6.125 * 72, 9.25 * 72]
        left = 0.0 if number % 2 else 9.0
        assert [float(v) for v in page.trimbox] == [left, 9, left + 432, 657]


def test_catalog_rides_inside_and_verifies(tmp_path: Path, book_6x9: bytes) -> None:
    path = tmp_path / "book.pdf"
    path.write_bytes(book_6x9)
    assert read_book_catalog(path) == catalog()
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0 and "2 of 2 solutions verified" in result.output
    # the PDF serves as --catalog too, and --save-catalog gives its catalog back as JSON
    again, saved = tmp_path / "again.pdf", tmp_path / "saved.json"
    result = CliRunner().invoke(main, ["book", "--catalog", str(path), "--layout", "A5", "-o", str(again),
                                       "--save-catalog", str(saved)])
    assert result.exit_code == 0, result.output
    assert read_book_catalog(again) == catalog() and read_catalog(saved) == catalog()
    # a title page given by options travels with the catalog, so a book laid out again keeps it
    titled, third = tmp_path / "titled.pdf", tmp_path / "third.pdf"
    result = CliRunner().invoke(main, ["book", "--catalog", str(path), "--title", "My Title", "--author", "Me",
                                       "-o", str(titled), "--save-catalog", str(saved)])
    assert result.exit_code == 0, result.output
    for held in (read_book_catalog(titled), read_catalog(saved)):
        assert (held.title, held.author, held.entries) == ("My Title", "Me", catalog().entries)
    assert CliRunner().invoke(main, ["book", "--catalog", str(titled), "--layout", "a4", "-o", str(third)]).exit_code == 0
    assert PdfReader(third).pages[0].extract_text().split("\n")[:1] == ["My Title"]
    assert PdfReader(third).metadata.author == "Me"
    # with no author given, the PDF names none (dealgen is its creator, not its author)
    assert PdfReader(again).metadata.author in ("", None) and "dealgen" in PdfReader(again).metadata.creator


def test_same_inputs_same_bytes(book_6x9: bytes) -> None:
    assert book_pdf(catalog(), load_layout("6x9"), INFO) == book_6x9


def test_card_faces_are_drawn_once_and_placed_by_reference() -> None:
    """Every diagram shows the same faces: each one seen again is a form, defined once."""
    reader = PdfReader(io.BytesIO(book_pdf(catalog(), load_layout("6x9"), WALKTHROUGHS)))
    defined, placed = set(), 0
    for page in reader.pages:
        xobjects = page["/Resources"].get("/XObject", {})
        forms = {name: x.idnum for name, x in xobjects.items() if x.get_object()["/Subtype"] == "/Form"}
        defined |= set(forms.values())
        placed += sum(1 for operands, op in ContentStream(page.get_contents(), reader).operations
                      if op == b"Do" and operands[0] in forms)
    assert len(defined) >= 40
    assert placed >= 5 * len(defined)  # two deals' puzzles and solutions: each face several times
    single = PdfReader(io.BytesIO(pdf_bytes(position_scene(PENGUIN, PENGUIN.deal(1), DiagramOptions()))))
    assert "/XObject" not in single.pages[0]["/Resources"]  # one diagram: every face inline


def test_mono_book_has_no_colour_and_colour_book_has(book_6x9: bytes) -> None:
    assert load_layout("6x9").mono and not colour_operations(PdfReader(io.BytesIO(book_6x9)))
    colour = book_pdf(catalog(), load_layout("a5"), INFO)
    assert colour_operations(PdfReader(io.BytesIO(colour)))


@pytest.mark.parametrize("preset", ["6x9", "a5", "letter", "letter-4up", "large-print", "a4"])
def test_every_preset_builds_with_legible_text(preset: str) -> None:
    layout = load_layout(preset)
    reader = PdfReader(io.BytesIO(book_pdf(catalog(), layout, INFO)))
    assert float(reader.pages[0].mediabox.width) == pytest.approx(layout.width + 2 * layout.bleed)
    assert any("Puzzle 2" in t for t in text_of(reader))
    sizes = font_sizes(reader)
    assert sizes and min(sizes) >= 7.0  # card indices, labels and running feet alike


def test_four_up_puzzles_have_notes_lines_under_the_section_heading_too() -> None:
    reader = PdfReader(io.BytesIO(book_pdf(catalog(), load_layout("letter-4up"), INFO)))
    page = next(t for t in text_of(reader) if "Puzzle 1" in t)
    assert "Puzzles" in heads(page) and page.count("Notes") == 2


@pytest.mark.parametrize("preset", ["letter", "a4", "letter-4up"])
def test_pack_n_stack_diagrams_stay_legible_on_shared_pages(preset: str) -> None:
    """A square too tall for a half or quarter page is built smaller with its text at 7 pt,
    not scaled down below it (the bold "13" of a finished stack was 5.9 pt)."""
    problems = read_catalog(SEEDS / "pack-n-stack-12.json")
    reader = PdfReader(io.BytesIO(book_pdf(problems, load_layout(preset), INFO)))
    assert min(font_sizes(reader)) >= 7.0 - 1e-3


def test_a_grade_in_type_larger_than_the_heading_stays_below_the_top_margin(tmp_path: Path) -> None:
    from dealgen.render.fonts import metrics

    text = Path(load_layout("large-print").source).read_text()
    mine = tmp_path / "big-body.toml"
    mine.write_text(text.replace("body = 16", "body = 18").replace("heading = 24", "heading = 10")
                    .replace('bottom = "0.6in"', 'bottom = "0.7in"'))
    layout = load_layout(str(mine))
    reader = PdfReader(io.BytesIO(book_pdf(catalog(), layout, INFO)))
    tops = []

    def visit(text, cm, tm, font, size):
        if "★" in text:  # the grade, drawn at the body size beside "Puzzle N"
            tops.append(cm[5] + tm[5] + metrics(False).cap_height * size)

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    assert tops and max(tops) <= layout.page_height - layout.bleed - layout.top


def test_a_how_to_play_heading_in_large_type_keeps_its_text_below_it(tmp_path: Path) -> None:
    """On a small page in large type a paragraph of How to play is taller than a page. Held with
    the whole paragraph (keepWithNext), its heading moved on with it and left "How to play" alone
    on a page; now a heading stays wherever three lines of its text fit under it."""
    small = tmp_path / "small.toml"
    small.write_text('[page]\nwidth = "4.25in"\nheight = "6.5in"\n[margins]\ninside = "0.3in"\noutside = "0.3in"\n'
                     'top = "0.3in"\nbottom = "0.61in"\n[puzzles]\nper_page = 1\n[style]\nmono = true\n'
                     '[fonts]\nbody = 20\nheading = 36\ntitle = 36\n')
    reader = PdfReader(io.BytesIO(book_pdf(catalog(), load_layout(str(small)), INFO)))
    pages = [page.extract_text() for page in reader.pages]
    opening = next(text for text in pages if text.startswith("How to play"))
    assert "The layout" in opening and "All 52 cards" in opening
    for text in pages:  # no page ends with a heading and nothing under it
        lines = [line for line in text.splitlines() if line.strip()][:-1]  # (the running foot last)
        assert lines[-1] not in ("How to play", "The layout", "The aim", "Moves", "Reading the solutions"), text


def test_a_heading_that_wraps_still_keeps_three_lines_under_it() -> None:
    from reportlab.lib.styles import ParagraphStyle

    from dealgen.publish.books.book import _Heading

    style = ParagraphStyle("h", fontName=register_fonts()[True], fontSize=23, leading=30, spaceAfter=6)
    heading = _Heading("Reading the diagrams and solutions", style, below=81)
    height = heading.wrap(150, 1000)[1]
    assert height >= 2 * 30  # it wraps at this width
    assert heading.split(150, height + 6 + 80) == [] and heading.wrap(150, height + 6 + 80)[1] > height + 86
    assert heading.split(150, height + 6 + 81) == [heading] and heading.wrap(150, height + 87)[1] == height


def test_the_running_foot_is_cut_to_the_room_the_page_number_leaves() -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = register_fonts()[False]
    title = "THE BIG BOOK OF PENGUIN PATIENCE PUZZLES FOR RAINY AFTERNOONS"
    cut = _cut(title, font, 13.6, 300)  # large print's foot: 60 characters were kept, over the page number
    assert cut.endswith("…") and title.startswith(cut[:-1]) and stringWidth(cut, font, 13.6) <= 300
    assert _cut("Short", font, 13.6, 300) == "Short"


def test_a_short_page_with_large_type_still_takes_every_diagram(tmp_path: Path) -> None:
    """On a 5.5 x 5 in page with 13 pt type a waiting diagram's caption and diagram filled the
    page to within a point or two: it waited again and again, its caption growing, until the
    book failed with "a block does not fit". Atop a page a diagram now takes the room there."""
    short = tmp_path / "short.toml"
    short.write_text('[page]\nwidth = "5.5in"\nheight = "5in"\n[margins]\ninside = "0.5in"\noutside = "0.4in"\n'
                     'top = "0.5in"\nbottom = "0.5in"\n[puzzles]\nper_page = 1\n[fonts]\nbody = 13\nheading = 18\n'
                     'title = 28\n')
    seeded = read_catalog(SEEDS / "penguin-40.json")
    one = Catalog(seeded.game, seeded.rules, seeded.entries[:1])  # deal 12
    reader = PdfReader(io.BytesIO(book_pdf(one, load_layout(str(short)), WALKTHROUGHS)))
    captions = re.findall(r"After move \d+", " ".join(text_of(reader)))
    assert len(captions) >= 3 and min(font_sizes(reader)) >= 7.0 - 1e-3


def test_large_print_solution_diagrams_keep_large_card_indices() -> None:
    """A solution diagram is built no narrower than its 16 pt card indices need (before, the
    6 x 9 cap on its width scaled a large-print diagram's indices down to about 10 pt)."""
    from collections import Counter

    layout = load_layout("large-print")
    reader = PdfReader(io.BytesIO(book_pdf(catalog(), layout, WALKTHROUGHS)))
    pages = text_of(reader)
    solutions = next(i for i, t in enumerate(pages) if "Solutions" in heads(t))
    sizes = Counter(round(s, 1) for s in font_sizes(reader, range(solutions, len(pages))))
    index, _ = max(sizes.items(), key=lambda kv: kv[1])  # every card shows an index: the commonest size
    assert index >= 0.95 * layout.body_size, sizes.most_common(4)


def test_gate_refuses_a_wrong_solution_and_writes_nothing(tmp_path: Path) -> None:
    good = catalog()
    broken = Entry(617, "hard", 80.0, {}, good.entries[1].moves[:40] + ("7h",) + good.entries[1].moves[41:])
    bad = Catalog("penguin", "parlett", (good.entries[0], broken))
    target = tmp_path / "book.pdf"
    cat = tmp_path / "bad.json"
    cat.write_text(bad.dumps())
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "-o", str(target)])
    assert result.exit_code == 1
    assert "deal 617" in result.output and "move 41 '7h'" in result.output
    assert not target.exists() and [p.name for p in tmp_path.iterdir()] == ["bad.json"]
    with pytest.raises(CheckFailed):
        book_pdf(bad, load_layout("6x9"), INFO)


def test_presets_ship_and_user_presets_load(tmp_path: Path) -> None:
    assert {"6x9", "a5", "letter", "a4", "large-print"} <= set(preset_names())
    own = tmp_path / "mine.toml"
    own.write_text(Path(load_layout("a5").source).read_text().replace('name = "a5"', 'name = "mine"'))
    assert load_layout(str(own)).name == "mine"
    # only the page, margins, puzzles a page and font sizes must be given: the rest has defaults
    least = tmp_path / "least.toml"
    least.write_text('[page]\nwidth = "6in"\nheight = "9in"\n[margins]\ninside = "0.7in"\noutside = "0.5in"\n'
                     'top = "0.5in"\nbottom = "0.6in"\n[puzzles]\nper_page = 1\n[fonts]\nbody = 10\nheading = 15\n'
                     'title = 28\n')
    layout = load_layout(str(least))
    assert (layout.name, layout.description, layout.mono, layout.font, layout.bleed) == ("least", "", False, "DejaVu Sans", 0)
    spaced = tmp_path / "My Book.TOML"  # a name from the file's own, in the characters a file name takes
    spaced.write_text(least.read_text())
    assert load_layout(str(spaced)).name == "My-Book"


def test_a_preset_in_the_current_folder_is_found_by_its_name_as_written(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "MyBook.toml").write_text(Path(load_layout("a5").source).read_text())
    assert load_layout("MyBook").source.endswith("MyBook.toml")


@pytest.mark.parametrize("edit, words", [
    (lambda t: t.replace('width = "148mm"\n', ""), "missing key 'page.width' (a length such as \"0.5in\""),
    (lambda t: t.replace('name = "a5"', 'name = "../../escaped"'), "'name' must be letters, digits, '-', '_' or '.'"),
    (lambda t: t.replace('name = "a5"', 'name = ""'), "'name' must be letters"),
    (lambda t: t.replace('inside = "18mm"', "inside = 0.75"), "got 0.75 (a bare number is points: write \"0.75in\""),
    (lambda t: t.replace('width = "148mm"', 'width = "200in"').replace("[margins]", 'bleed = "0.125in"\n[margins]'),
     "'page.width' and twice 'page.bleed' must come to at most 200in"),
    (lambda t: t.replace("per_page = 1", "per_page = 3"), "'puzzles.per_page' must be 1, 2 or 4"),
    (lambda t: t.replace('height = "210mm"', 'height = "tall"'), "'page.height' must be a length"),
    (lambda t: t.replace("mono = false", 'mono = "no"'), "'style.mono' must be true or false"),
    (lambda t: t + "\n[extra]\nkey = 1\n", "unknown key(s) extra.key"),
    (lambda t: t.replace('inside = "18mm"', 'inside = "140mm"'), "leave a text area"),
    (lambda t: t.replace('family = "DejaVu Sans"', 'family = "Comic Sans"'), "'fonts.family' must be \"DejaVu Sans\""),
    (lambda t: t.replace("body = 9.5", "body = 60"), "'fonts.body' must be from 7 to 20 points, got 60"),
    (lambda t: t.replace("body = 9.5", "body = 5"), "'fonts.body' must be from 7 to 20 points, got 5"),
    (lambda t: t.replace("body = 9.5", "body = nan"), "'fonts.body' must be a positive number"),
    (lambda t: t.replace('width = "148mm"', "width = inf"), "'page.width' must be a length such as"),
    (lambda t: t.replace('width = "148mm"', "width = nan"), "'page.width' must be a length such as"),
    (lambda t: t.replace('width = "148mm"', "width = 1e300"), "'page.width' must be at most 200in, got 1e+300"),
    (lambda t: t.replace('width = "148mm"', 'width = "600000in"'), "'page.width' must be at most 200in"),
    (lambda t: t.replace('width = "148mm"', "width = 6"),
     "'page.width' must be at least 2in, got 6 (a bare number is points: write \"6in\" for inches)"),
    (lambda t: t.replace('width = "148mm"', 'width = "0in"'), "'page.width' must be at least 2in, got '0in'"),
    (lambda t: t.replace('top = "14mm"', 'top = "-1in"'), "'margins.top' must not be negative, got '-1in'"),
    (lambda t: t.replace('top = "14mm"', "top = -3"), "'margins.top' must not be negative, got -3"),
    (lambda t: t.replace('top = "14mm"', "top = nan"), "'margins.top' must be a length such as"),
    (lambda t: t.replace("[page]\n", '[page]\nbleed = "50in"\n'), "'page.bleed' must be at most 1in, got '50in'"),
    # nothing printed where trimming may cut: 0.25in from the trim, 0.375in with a bleed (KDP's least margins)
    (lambda t: t.replace('top = "14mm"', 'top = "0in"'),
     "'margins.top' must be at least 0.25in without a bleed, got '0in': trimming is not exact"),
    (lambda t: t.replace("[page]\n", '[page]\nbleed = "0.125in"\n').replace('outside = "13mm"', 'outside = "0.3in"'),
     "'margins.outside' must be at least 0.375in with a bleed, got '0.3in'"),
    (lambda t: t.replace('bottom = "14mm"', 'bottom = "0.3in"'),
     "'margins.bottom' must be at least 0.419in without a bleed, got '0.3in'"),  # 0.4182in, rounded up
])
def test_bad_layout_files(tmp_path: Path, edit, words) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(edit(Path(load_layout("a5").source).read_text()))
    with pytest.raises(InputError) as err:
        load_layout(str(path))
    assert words in str(err.value) and str(path) in str(err.value)


@pytest.mark.parametrize("name", preset_names())
def test_the_running_foot_stays_clear_of_the_trim_and_the_text(name: str) -> None:
    layout = load_layout(name)
    baseline = layout.foot_baseline()
    assert baseline + layout.small_size <= layout.bottom  # above the unsafe strip (by construction), below the text


def test_small_type_never_goes_under_the_least_body_size(tmp_path: Path) -> None:
    """Notes, "Solution on page N" and the running foot are 85% of the body, but with the
    least body (7 pt) they stay at 7 pt; they once printed at 5.95."""
    from dealgen.publish.books.book import _Styles

    path = tmp_path / "tiny.toml"
    path.write_text(Path(load_layout("a5").source).read_text().replace("body = ", "body = 7 #"))
    tiny, normal = load_layout(str(path)), load_layout("a5")
    assert tiny.body_size == 7 and tiny.small_size == 7 and _Styles(tiny).small.fontSize == 7
    assert normal.small_size == pytest.approx(normal.body_size * 0.85)


def test_the_inches_hint_only_when_inches_would_do(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(Path(load_layout("a5").source).read_text().replace('width = "148mm"', "width = 1.5"))
    with pytest.raises(InputError) as err:
        load_layout(str(path))
    assert str(err.value).endswith("'page.width' must be at least 2in, got 1.5")  # "1.5in" would fail too


def test_a_title_in_any_script_the_font_has_prints(tmp_path: Path) -> None:
    info = BookInfo("Pingüino — Jeux d'été ♠♥", "Ελληνικά, Русский", "Zoë Ångström")
    text = text_of(PdfReader(io.BytesIO(book_pdf(catalog(), load_layout("6x9"), info))))[0]
    text = " ".join(text.split())
    assert "Pingüino — Jeux d\u2019été" in text and "Русский" in text and "Zoë Ångström" in text  # quotes set curly


def test_layout_files_read_as_every_other_text_file(tmp_path: Path) -> None:
    text = Path(load_layout("a5").source).read_text()
    (tmp_path / "bom.toml").write_bytes(b"\xef\xbb\xbf" + text.encode())  # as Notepad saves UTF-8
    assert load_layout(str(tmp_path / "bom.toml")).per_page == load_layout("a5").per_page
    (tmp_path / "wide.toml").write_bytes(text.encode("utf-16"))
    with pytest.raises(InputError, match="it is UTF-16 text"):
        load_layout(str(tmp_path / "wide.toml"))
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(InputError, match="is a folder, not a layout file"):
        load_layout(str(tmp_path / "folder.toml"))
    with pytest.raises(InputError, match="/dev/zero: cannot read the layout file: over 64 KB"):
        load_layout("/dev/zero")  # a device is named for what it holds, not called missing


def test_book_from_a_catalog_lets_jobs_through(tmp_path: Path) -> None:
    """Scripts pass --jobs always; with a catalog there is nothing to solve, and it changes nothing."""
    cat = tmp_path / "c.json"
    write_catalog(catalog(), cat)
    result = CliRunner().invoke(main, ["book", "--catalog", str(cat), "--jobs", "1", "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0 and read_book_catalog(tmp_path / "b.pdf") == catalog()


def test_a_catalogs_own_faults_name_its_file(tmp_path: Path, monkeypatch) -> None:
    """A title the font cannot print, or a solution that fails, in the catalog itself: the
    error names the catalog's file, and nothing is written, not even the default folder."""
    from dataclasses import replace

    emoji, bad = tmp_path / "emoji.json", tmp_path / "bad.json"
    write_catalog(replace(catalog(), title="Penguins \U0001F427"), emoji)
    good = catalog()
    first = good.entries[0]
    wrong = replace(first, moves=first.moves[:3] + (first.moves[2],) + first.moves[4:])
    bad.write_text(replace(good, entries=(wrong,) + good.entries[1:]).dumps())  # (write_catalog would refuse it)
    book = tmp_path / "b.pdf"
    result = CliRunner().invoke(main, ["book", "--catalog", str(emoji), "-o", str(book)])
    assert result.exit_code == 2 and f"{emoji}: its title: the book's font (DejaVu Sans) has no" in result.output
    result = CliRunner().invoke(main, ["book", "--catalog", str(emoji), "--title", "Penguins", "-o", str(book)])
    assert result.exit_code == 0  # the option's title is printed instead
    book.unlink()
    result = CliRunner().invoke(main, ["book", "--catalog", str(bad), "-o", str(book)])
    assert result.exit_code == 1 and f"{bad}: nothing written: penguin deal {first.deal}" in result.output
    assert not book.exists()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["book", "--catalog", str(bad), "--save-catalog", "saved.json"])
    assert result.exit_code == 1 and f"{bad}: nothing written" in result.output
    assert not (tmp_path / "output").exists() and not (tmp_path / "saved.json").exists()


def test_book_command_bad_input(tmp_path: Path) -> None:
    cat = tmp_path / "c.json"
    write_catalog(catalog(), cat)
    huge = tmp_path / "huge.toml"  # a title too big for any page: refused with the layout, not a crash later
    huge.write_text(Path(load_layout("6x9").source).read_text().replace("title = 28", "title = 300"))
    runner = CliRunner()
    cases = [
        (["book", "--catalog", str(cat), "--layout", "poster"], "unknown layout 'poster'"),
        (["book", "--catalog", str(cat), "-o", str(tmp_path / "no" / "b.pdf")], "does not exist"),
        (["book", "--catalog", str(cat), "--count", "5"], "with --catalog the deals are the catalog's"),
        (["book", "--catalog", str(cat), "--max-tries", "9"], "--max-tries is for choosing a fresh selection"),
        (["book", "--catalog", str(cat), "--count", "5", "--seed", "2"], "--count, --seed are for choosing"),
        (["book", "--catalog", str(cat), "--save-catalog", ""], "an empty name"),
        (["book", "--catalog", str(cat), "--title", " ", "-o", str(tmp_path / "b.pdf")], "a blank title"),
        (["book", "--catalog", str(cat), "--every", "-1"], "--every must be 0 (milestones only) or a positive number"),
        (["generate", "penguin", "--title", "", "-o", str(tmp_path / "g.json")], "a blank title"),
        (["book", "--catalog", str(cat), "--title", "Long " * 600, "-o", str(tmp_path / "b.pdf")],
         "the title page's text (title, subtitle and author) is"),
        (["book", "--catalog", str(cat), "--save-catalog", str(tmp_path / "b.pdf"), "-o", str(tmp_path / "b.pdf")],
         "b.pdf: a catalog is JSON; give --save-catalog a file name ending in .json"),
        (["book", "--catalog", str(tmp_path / "missing.json")], "cannot read the catalog"),
        (["book", "--count", "0", "-o", str(tmp_path / "b.pdf")], "--count must be at least 1"),
        (["book", "--catalog", str(cat), "-o", str(tmp_path / "b.txt")], "a book is a PDF"),
        (["book", "--catalog", str(cat), "--game", "idiots-delight"], "is a catalog of penguin deals"),
        (["book", "--catalog", str(cat), "--rules", "single"], "holds deals under 'parlett' rules"),
        (["book", "--catalog", str(cat), "--layout", str(huge), "-o", str(tmp_path / "b.pdf")],
         "'fonts.title' must be from 10 to 60 points, got 300"),
        (["book", "--title", "数独 Puzzles"], "--title: the book's font (DejaVu Sans) has no '数' (U+6570), '独' (U+72EC)"),
        (["book", "--catalog", str(cat), "--author", "ไทย", "-o", str(tmp_path / "b.pdf")],
         "--author: the book's font (DejaVu Sans) has no 'ท' (U+0E17)"),
        (["book", "--catalog", str(cat), "--title", "Red\x1b[31m", "-o", str(tmp_path / "b.pdf")],
         "has no U+001B (a control character); it would print"),  # named, never echoed to the terminal raw
        (["book", "--catalog", str(cat), "--title", "Two\nlines", "-o", str(tmp_path / "b.pdf")],
         "--title: the book's font (DejaVu Sans) has no U+000A (a control character)"),  # a box in each running foot
        (["book", "--catalog", str(cat), "--author", "A\tB", "-o", str(tmp_path / "b.pdf")],
         "--author: the book's font (DejaVu Sans) has no U+0009 (a control character)"),
        # the font has these letters, but a page set left to right would print them reversed
        (["book", "--catalog", str(cat), "--title", "שלום", "-o", str(tmp_path / "b.pdf")],
         "--title: right-to-left text ('ש' (U+05E9), 'ל' (U+05DC), 'ו' (U+05D5) ...) cannot be printed"),
        (["book", "--catalog", str(cat), "--author", "مؤلف", "-o", str(tmp_path / "b.pdf")],
         "--author: right-to-left text ('م' (U+0645)"),
    ]
    for args, words in cases:
        result = runner.invoke(main, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json", "huge.toml"]


@pytest.mark.parametrize("game", list(GAMES.values()), ids=lambda g: g.name)
def test_every_rule_set_has_how_to_play_prose(game) -> None:
    """A book's How to play gives the rule set's differences in sentences; every rule set has
    them, and the page reads without a doubled bracket or a stray placeholder."""
    for rules in game.rule_sets:
        prose = game.rule_prose.get(rules, "")
        assert prose.endswith(".") and len(prose) > 40, (game.name, rules)
        text = game.how_to_play.format(rules=prose)
        assert prose in text and "{" not in text and "))" not in text and ".." not in text


def test_a_puzzles_head_fits_its_cell_or_the_layout_is_refused(tmp_path: Path) -> None:
    """Big type in a four-up cell: the heading gives way first, then both texts a little; past
    that the layout is refused, naming the texts (they once ran into the next puzzle)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from dealgen.publish.books.book import SHRINK_MIN, _side_by_side

    register_fonts()
    layout = load_layout("letter-4up")
    bold, regular = "DejaVuSans-Bold", "DejaVuSans"
    head, grade = _side_by_side("Puzzle 12", bold, 36, "Expert  ★★★★", regular, 20, 300, layout)
    assert 20 <= head < 36 and grade == 20  # only the heading shrank
    assert stringWidth("Puzzle 12", bold, head) + 20 + stringWidth("Expert  ★★★★", regular, 20) <= 300.01
    label, rules = _side_by_side("PySolFC Penguin game #1234", regular, 12, "single rules", regular, 12, 230, layout)
    assert SHRINK_MIN * 12 <= label == rules < 12
    with pytest.raises(InputError, match=r"'PySolFC Perpetual Motion game #4' does not fit a puzzle's width \(1.50in\)"):
        _side_by_side("PySolFC Perpetual Motion game #4", regular, 20, "", regular, 20, 108, layout)
    big = tmp_path / "big4.toml"
    big.write_text(Path(layout.source).read_text().replace("body = ", "body = 20 #").replace("heading = ", "heading = 36 #")
                   .replace('bottom = "0.5in"', 'bottom = "0.7in"'))
    wide = book_pdf(catalog(), load_layout(str(big)), BookInfo("Big"))  # the headings shrink: it fits
    assert text_of(PdfReader(io.BytesIO(wide)))


def test_type_too_big_for_a_cell_is_refused_before_any_deal_is_chosen(tmp_path: Path) -> None:
    big = tmp_path / "a5-4up.toml"
    big.write_text(Path(load_layout("a5").source).read_text().replace("per_page = 1", "per_page = 4")
                   .replace("body = ", "body = 20 #").replace('bottom = "14mm"', 'bottom = "0.7in"'))
    result = CliRunner().invoke(main, ["book", "--count", "4", "--jobs", "1", "--layout", str(big),
                                       "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 2 and "do not fit a puzzle's width (2.09in)" in result.output, result.output
    assert "tried" not in result.output and not (tmp_path / "b.pdf").exists()


def test_a_seeded_selection_is_checked_with_its_longest_deal_numbers(tmp_path: Path) -> None:
    """--seed draws twelve-digit deal numbers: a cell that fits "#99999" but not those is
    refused before any deal is chosen (it used to be found only after the solving)."""
    layout = tmp_path / "l.toml"
    layout.write_text(Path(load_layout("letter-4up").source).read_text().replace("body = ", "body = 14 #")
                      .replace('bottom = "0.5in"', 'bottom = "0.7in"'))
    args = ["book", "--game", "perpetual-motion", "--count", "4", "--jobs", "1", "--layout", str(layout),
            "-o", str(tmp_path / "b.pdf")]
    result = CliRunner().invoke(main, args + ["--seed", "7"])
    assert result.exit_code == 2, result.output
    assert "#999999999999 being the longest deal number this selection may pick" in result.output
    assert "tried" not in result.output and not (tmp_path / "b.pdf").exists()
    result = CliRunner().invoke(main, args)  # from deal 1 on, the numbers stay short: it fits
    assert result.exit_code == 0 and (tmp_path / "b.pdf").exists(), result.output


def test_a_cell_too_small_to_read_its_diagram_is_refused(tmp_path: Path) -> None:
    """A letterbox page (11 x 3.5in, two puzzles: a cell 1in high) once printed card indices 1.1 pt high."""
    wide = tmp_path / "wide.toml"
    wide.write_text('name = "wide"\ndescription = "a letterbox page"\n[page]\nwidth = "11in"\nheight = "3.5in"\n'
                    '[margins]\ninside = "0.5in"\noutside = "0.5in"\ntop = "0.4in"\nbottom = "0.6in"\n'
                    '[puzzles]\nper_page = 2\n[style]\nmono = false\n'
                    '[fonts]\nfamily = "DejaVu Sans"\nbody = 9\nheading = 12\ntitle = 20\n')
    assert load_layout(str(wide)).height == 3.5 * 72
    result = CliRunner().invoke(main, ["book", "--catalog", str(SEEDS / "penguin-40.json"), "--layout", str(wide),
                                       "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 2 and "is too small for its diagram, whose text would print" in result.output, result.output
    assert not (tmp_path / "b.pdf").exists()


def test_the_least_margin_named_is_one_that_passes(tmp_path: Path) -> None:
    path = tmp_path / "tight.toml"
    path.write_text(Path(load_layout("a5").source).read_text().replace('bottom = "14mm"', 'bottom = "0.419in"'))
    assert load_layout(str(path)).bottom == pytest.approx(0.419 * 72)
