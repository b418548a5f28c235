"""Diagrams: scene geometry (nothing leaves the page, every index shows), both back ends,
mono without colour, reproducible bytes, and `dealgen render`."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from PIL import Image, ImageStat
from pypdf import PdfReader

from dealgen.cards import CARDS, SUITS
from dealgen.cli import main
from dealgen.errors import InputError
from dealgen.games.penguin import PENGUIN, PenguinState
from dealgen.render import penguin as penguin_render
from dealgen.render.fonts import PDF_NAMES, printed, text_width
from dealgen.render.pdf import pdf_bytes, register_fonts
from dealgen.render.png import png_bytes, render_image
from dealgen.render.registry import DiagramOptions, position_scene, renderer
from dealgen.render.scene import SUIT_PATHS, CardFace, Rect, Scene, Slot, Text

from .pdfcheck import colour_operations, embedded, fonts_of, page_images

DATA = Path(__file__).parent / "data"
SOLUTION_1 = DATA / "penguin-1-fcsolve.sol"


# -- positions ------------------------------------------------------------------------------
def build(columns: list[int], cells: int, complete: bool = False, deal: int = 1) -> PenguinState:
    """A consistent position from deal ``deal``'s cards: the three starting foundations (or all
    four complete), ``cells`` flipper cards, the rest dealt into columns of the given lengths."""
    start = PENGUIN.deal(deal)
    beak = start.beak
    if complete:
        data = {"beak": beak.code, "foundations": {s: CARDS[i * 13 + (beak % 13 + 12) % 13].code
                                                    for i, s in enumerate(SUITS)},
                "cells": [None] * 7, "columns": [[] for _ in range(7)]}
        return PENGUIN.from_json(data)
    loose = [c for col in start.columns for c in col]
    data = {"beak": beak.code, "foundations": {s: (start.home_top(i).code if start.home[i] else None)
                                                for i, s in enumerate(SUITS)},
            "cells": [c.code for c in loose[:cells]] + [None] * (7 - cells)}
    rest = loose[cells:]
    assert sum(columns) == len(rest)
    cols, k = [], 0
    for n in columns + [0] * (7 - len(columns)):
        cols.append([c.code for c in rest[k:k + n]])
        k += n
    data["columns"] = cols
    return PENGUIN.from_json(data)


POSITIONS = {
    "deal": PENGUIN.deal(1),
    "columns of 20 and 22, full flipper": build([20, 22], 7),
    "one column of 42": build([42], 7),
    "columns of 19, 19, 11, no flipper": build([19, 19, 11], 0),
    "all home": build([], 0, complete=True),
}


def boxes_meet(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


@pytest.mark.parametrize("name", list(POSITIONS))
@pytest.mark.parametrize("mono", [False, True])
def test_nothing_leaves_the_page(name, mono):
    scene = position_scene(PENGUIN, POSITIONS[name], DiagramOptions(mono=mono, grade="expert", note="after move 99 of 120"))
    assert scene.outside() == []
    assert scene.width > 0 and scene.height > 0


WIDTHS = [250, 342, 450, 600]  # a letter 4-up cell, a 6 x 9 in page, letter 2-up, wider than natural


def assert_indices_show_and_cards_apart(scene: Scene) -> None:
    """Every card's index strip is uncovered, piles never touch, the flipper lies below the columns."""
    places = [item for item in scene.items if isinstance(item, (CardFace, Slot))]
    for i, item in enumerate(places):
        x0, y0, x1, _ = item.bbox()
        if isinstance(item, CardFace):
            # a card drawn whole (with its pip) must be uncovered; of the others the index strip shows
            strip = item.bbox() if item.full else (x0, y0, x1, y0 + item.style.index_height + 0.5)
            for later in places[i + 1:]:
                assert not boxes_meet(strip, later.bbox()), f"{item} index hidden by {later}"
        # cards of different piles never touch (same x = same pile)
        for other in places[i + 1:]:
            if abs(other.x - item.x) > 1e-6:
                assert not boxes_meet(item.bbox(), other.bbox())
    cells_top = max(p.y for p in places)
    foundations_x = max(p.x for p in places)
    column_bottom = max(p.bbox()[3] for p in places if p.y < cells_top - 1 and p.x < foundations_x - 1)
    assert column_bottom < cells_top


def card_index_sizes(scene: Scene) -> list[float]:
    """The size of every card's rank text (the index) as drawn."""
    return [part.size for item in scene.items if isinstance(item, CardFace)
            for part in item.parts() if isinstance(part, Text)]


@pytest.mark.parametrize("name", list(POSITIONS))
@pytest.mark.parametrize("width", [None] + WIDTHS)
def test_every_index_shows_and_cards_do_not_collide(name, width):
    assert_indices_show_and_cards_apart(position_scene(PENGUIN, POSITIONS[name], DiagramOptions(width=width)))


def test_all_52_cards_drawn_once_in_a_position():
    state = POSITIONS["columns of 20 and 22, full flipper"]
    scene = position_scene(PENGUIN, state, DiagramOptions())
    faces = [(i.rank, i.suit) for i in scene.items if isinstance(i, CardFace)]
    on_layout = sum(len(c) for c in state.columns) + sum(c is not None for c in state.cells)
    assert len(faces) == on_layout + sum(1 for s in range(4) if state.home[s])
    assert len(set(faces)) == len(faces)


def test_text_never_below_7pt_and_index_size():
    for state in POSITIONS.values():
        scene = position_scene(PENGUIN, state, DiagramOptions(grade="easy"))
        assert min(t.size for t in scene.texts()) >= 7
        assert min(card_index_sizes(scene)) == penguin_render.NATURAL_INDEX
    assert position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions()).width == penguin_render.NATURAL_WIDTH


# -- built for the width it is printed at ----------------------------------------------------
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("mono", [False, True])
def test_built_for_the_asked_width(width, mono):
    """At 1:1 (as printed): the scene is the asked width, nothing leaves it, no text under 7 pt,
    and the card index keeps 9.5 pt wherever the width allows it."""
    for name, state in POSITIONS.items():
        for caption in (True, False):
            options = DiagramOptions(mono=mono, width=width, caption=caption, grade="expert",
                                     note="after move 99 of 120")
            scene = position_scene(PENGUIN, state, options)
            assert scene.width == width, name
            assert scene.outside() == [], (name, scene.outside()[:3])
            assert min(t.size for t in scene.texts()) >= 7, name
            indices = card_index_sizes(scene)
            assert min(indices) >= (8.5 if width == 250 else 9.5), name
            assert scene.is_mono() == mono


@pytest.mark.parametrize("width", WIDTHS)
def test_long_captions_stay_inside(width):
    state = PENGUIN.deal(16)  # its beak is a ten: the widest index, so the narrowest cards show no mark
    for title in ("Penguin · deal 16", "A very long title for a puzzle diagram in a book of Penguin deals"):
        options = DiagramOptions(width=width, title=title, grade="expert", note="after move 135 of 181")
        scene = position_scene(PENGUIN, state, options)
        assert scene.outside() == [] and min(t.size for t in scene.texts()) >= 7
        assert any(t.text.startswith(title[:8]) for t in scene.texts())


@pytest.mark.parametrize("width, index", [(250, 8.0), (342, 9.5), (342, 10.5), (450, 12.0), (600, 14.0)])
def test_asked_index_size_is_honoured(width, index):
    for name, state in POSITIONS.items():
        scene = position_scene(PENGUIN, state, DiagramOptions(width=width, index_size=index))
        assert scene.width == width and scene.outside() == []
        assert set(card_index_sizes(scene)) == {index}, name
        assert min(t.size for t in scene.texts()) >= 7
        assert_indices_show_and_cards_apart(scene)


def test_too_narrow_builds_the_narrowest_legible_diagram():
    """Below min_width(index) the index cannot fit: the scene is wider than asked (the caller
    scales it) and says so by its width. 7 pt needs about 212 pt, 9.5 pt about 274 pt."""
    assert 205 < penguin_render.min_width(7) < 220 and 265 < penguin_render.min_width(9.5) < 280
    narrow = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions(width=150))
    assert narrow.width == pytest.approx(penguin_render.min_width(7))
    assert set(card_index_sizes(narrow)) == {7.0} and narrow.outside() == []
    asked = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions(width=250, index_size=9.5))
    assert asked.width == pytest.approx(penguin_render.min_width(9.5)) and asked.width > 250
    assert set(card_index_sizes(asked)) == {9.5}
    # a requested size under 7 pt is raised to 7
    tiny = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions(width=342, index_size=5))
    assert set(card_index_sizes(tiny)) == {7.0}


@pytest.mark.parametrize("name", ["columns of 20 and 22, full flipper", "one column of 42",
                                  "columns of 19, 19, 11, no flipper"])
def test_long_columns_at_6x9_width(name):
    """A 6 x 9 in page (342 pt wide, 520 pt for the diagram): long columns stay whole and legible."""
    for height in (None, 520.0):
        scene = position_scene(PENGUIN, POSITIONS[name], DiagramOptions(width=342, height=height, mono=True))
        assert scene.width == 342 and scene.outside() == []
        assert min(card_index_sizes(scene)) >= 9.5 and min(t.size for t in scene.texts()) >= 7
        assert_indices_show_and_cards_apart(scene)
        if height is not None and name != "one column of 42":  # 42 cards cannot be legible in 520 pt
            assert scene.height <= height


@pytest.mark.parametrize("width, height, index", [(254.2, 314.1, 8.5), (504.0, 298.5, 9.5), (342.0, 520.0, 9.5)])
def test_height_budget_of_book_cells(width, height, index):
    """The diagram boxes of letter 4-up, letter 2-up and 6 x 9 puzzle pages: the deal fits at 1:1."""
    scene = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions(width=width, height=height, caption=False))
    assert scene.width == width and scene.height <= height
    assert min(card_index_sizes(scene)) >= index
    assert_indices_show_and_cards_apart(scene)


def test_long_columns_compress_then_grow():
    assert penguin_render.fan_step(7) == pytest.approx(17.0, abs=0.1)
    assert penguin_render.fan_step(16) < penguin_render.fan_step(7)
    assert penguin_render.fan_step(40) == penguin_render.geometry().step_min
    assert penguin_render.fan_step(40, 342) == penguin_render.geometry(342).step_min
    short = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions())
    tall = position_scene(PENGUIN, POSITIONS["one column of 42"], DiagramOptions())
    assert tall.height > short.height and tall.width == short.width


def test_beak_marked_until_home_and_its_place_kept():
    deal = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions())
    beaks = [i for i in deal.items if isinstance(i, CardFace) and i.beak]
    assert len(beaks) == 1 and (beaks[0].rank, beaks[0].suit) == (PENGUIN.deal(1).beak.rank, PENGUIN.deal(1).beak.suit)
    assert any(isinstance(t, Text) and t.text == "beak" for t in deal.items)  # its foundation place
    home = position_scene(PENGUIN, POSITIONS["all home"], DiagramOptions())
    assert not any(isinstance(i, CardFace) and i.beak for i in home.items)


@pytest.mark.parametrize("width", [None, 260.0], ids=["natural", "book-sized"])
def test_every_beak_is_marked_alike_at_one_size(width):
    """Whether the beak gets its ◀ depends on the card size, never on which card it is."""
    from dealgen.render.scene import Path as Shape

    marked = set()
    for deal in range(1, 41):
        scene = position_scene(PENGUIN, PENGUIN.deal(deal), DiagramOptions(width=width))
        beak = next(i for i in scene.items if isinstance(i, CardFace) and i.beak)
        marked.add(sum(isinstance(p, Shape) for p in beak.parts()) > sum(
            isinstance(p, Shape) for p in CardFace(beak.x, beak.y, beak.rank, beak.suit, beak.style, beak.pal).parts()))
    assert len(marked) == 1


def test_caption_names_game_deal_grade_and_rules():
    state = PENGUIN.deal(5, "supermove")
    texts = " ".join(t.text for t in position_scene(PENGUIN, state, DiagramOptions(grade="hard")).texts())
    assert "deal 5" in texts and "grade: hard" in texts and "supermove" in texts
    bare = position_scene(PENGUIN, state, DiagramOptions(caption=False))
    assert not any("deal 5" in t.text for t in bare.texts())


def test_suit_paths_fit_their_unit_box():
    for suit in range(4):
        for start, segments in SUIT_PATHS[suit]:
            points = [start] + [(seg[i], seg[i + 1]) for seg in segments for i in range(1, len(seg), 2)]
            assert all(-0.51 <= x <= 0.51 and -0.51 <= y <= 0.51 for x, y in points)


def test_font_metrics_match_reportlab():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_fonts()
    for text in ("10", "Penguin · deal 1", "9♣ from column 3 onto 10♣ (35)"):
        for bold in (False, True):
            assert text_width(text, 10, bold) == pytest.approx(stringWidth(text, PDF_NAMES[bold], 10))


def test_font_metrics_agree_with_pillow_on_cap_height_and_extent():
    """Cap height (which places every card index) and ascent come from the font file via fontTools."""
    from PIL import ImageFont

    from dealgen.render.fonts import FONT_FILES, metrics

    for bold in (False, True):
        font = ImageFont.truetype(str(FONT_FILES[bold]), size=1000)
        top = font.getbbox("H", anchor="ls")[1]
        assert metrics(bold).cap_height == pytest.approx(-top / 1000, abs=0.002)
        assert metrics(bold).has("♣") and not metrics(bold).has("\U0010FFFD")


def test_scene_outside_catches_a_stray_primitive():
    scene = Scene(100, 100, [Rect(90, 90, 20, 5, fill=(0, 0, 0))])
    assert len(scene.outside()) == 1


def test_game_without_diagrams_is_a_clear_error():
    with pytest.raises(InputError, match="no diagrams"):
        renderer(SimpleNamespace(name="no-such-game"))


# -- PNG ------------------------------------------------------------------------------------
def red_pixels(image: Image.Image) -> int:
    data = image.convert("RGB").tobytes()
    return sum(1 for r, g, b in zip(data[0::3], data[1::3], data[2::3]) if r > 150 and g < 90 and b < 90)


def test_png_size_content_and_colour():
    scene = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions())
    image = Image.open(io.BytesIO(png_bytes(scene, dpi=60)))
    assert image.size == (round(scene.width * 60 / 72), round(scene.height * 60 / 72))
    assert ImageStat.Stat(image.convert("L")).stddev[0] > 20  # not blank
    assert red_pixels(image) > 100
    exact = Image.open(io.BytesIO(png_bytes(scene, size=(320, 200))))
    assert exact.size == (320, 200)


def test_png_default_is_300_dpi():
    scene = Scene(72, 36, [Rect(10, 10, 20, 10, fill=(0, 0, 0))])
    image = Image.open(io.BytesIO(png_bytes(scene)))
    assert image.size == (300, 150)
    assert round(image.info["dpi"][0]) == 300


def test_mono_png_has_no_colour():
    scene = position_scene(PENGUIN, POSITIONS["columns of 20 and 22, full flipper"], DiagramOptions(mono=True))
    assert scene.is_mono()
    image = render_image(scene, dpi=50)
    assert image.mode == "L"
    assert red_pixels(image) == 0
    colour = render_image(position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions()), dpi=50)
    assert colour.mode == "RGB" and red_pixels(colour) > 0


def test_png_is_reproducible():
    scene = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions(grade="easy"))
    assert png_bytes(scene, dpi=40) == png_bytes(scene, dpi=40)


# -- PDF ------------------------------------------------------------------------------------
def test_pdf_vectors_fonts_text_and_mono():
    scene = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions(grade="medium"))
    data = pdf_bytes(scene, title="Penguin deal 1")
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((scene.width, scene.height))
    fonts = fonts_of(reader)
    assert fonts and all(embedded(f) for f in fonts)
    assert page_images(reader.pages[0]) == []
    text = reader.pages[0].extract_text()
    assert "deal 1" in text and "grade: medium" in text
    assert colour_operations(reader)  # colour mode uses colour
    mono = PdfReader(io.BytesIO(pdf_bytes(position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions(mono=True)))))
    assert colour_operations(mono) == []
    assert data == pdf_bytes(scene, title="Penguin deal 1")  # byte-identical


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler's pdftoppm not installed")
def test_png_and_pdf_draw_the_same_picture(tmp_path):
    """One scene, two back ends: the rasterised PDF and the PNG agree pixel for pixel, nearly."""
    scene = position_scene(PENGUIN, POSITIONS["deal"], DiagramOptions())
    (tmp_path / "d.pdf").write_bytes(pdf_bytes(scene))
    subprocess.run(["pdftoppm", "-png", "-r", "150", "-singlefile", str(tmp_path / "d.pdf"), str(tmp_path / "d")],
                   check=True)
    from_pdf = Image.open(tmp_path / "d.png").convert("L")
    from_png = render_image(scene, size=from_pdf.size).convert("L")
    diff = ImageStat.Stat(_absdiff(from_pdf, from_png)).mean[0]
    # only antialiased edges differ (about 3.3); the same picture two pixels out of place gives 9.7
    assert diff < 5


def _absdiff(a: Image.Image, b: Image.Image) -> Image.Image:
    from PIL import ImageChops

    return ImageChops.difference(a, b)


# -- CLI ------------------------------------------------------------------------------------
def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_cli_render_png_and_pdf(tmp_path):
    png = tmp_path / "d.png"
    result = run("render", "penguin", "1", "-o", str(png), "--solution", str(SOLUTION_1), "--after", "7",
                 "--size", "600x400")
    assert result.exit_code == 0, result.output
    assert Image.open(png).size == (600, 400)
    pdf = tmp_path / "d.pdf"
    result = run("render", "penguin", "1", "-o", str(pdf), "--solution", str(SOLUTION_1), "--mono")
    assert result.exit_code == 0, result.output
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1 and colour_operations(reader) == []


@pytest.mark.parametrize("args, message", [
    (["-o", "{d}/x.txt"], "unknown file type; give a file name ending in .png or .pdf"),
    (["-o", "{d}"], "is a folder; give a file name ending in .png or .pdf"),
    (["-o", "{d}/x.png", "--dpi", "0"], "--dpi 0"),
    (["-o", "{d}/x.png", "--size", "10x"], "--size '10x'"),
    (["-o", "{d}/x.png", "--dpi", "100", "--size", "10x10"], "not both"),
    (["-o", "{d}/missing/x.png"], "does not exist"),
    (["-o", "{d}/x.pdf", "--size", "10x10"], "PNG output only"),
    (["-o", "{d}/x.png", "--solution", str(SOLUTION_1), "--after", "92"], "beyond the end of the solution (91 moves)"),
    (["-o", "{d}/x.png", "--after", "-1", "--no-grade"], "--after -1"),
    (["-o", "{d}/x.png", "--rules", "nope", "--no-grade"], "unknown rule set"),
])
def test_cli_render_bad_input(tmp_path, args, message):
    result = run("render", "penguin", "1", *[a.format(d=tmp_path) for a in args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert list(tmp_path.rglob("*")) == []  # nothing written, not even a temporary file


def test_cli_render_refuses_a_wrong_solution(tmp_path):
    bad = tmp_path / "bad.sol"
    bad.write_text(SOLUTION_1.read_text().replace("1a 1b 1c", "1a 1a 1c"))
    result = run("render", "penguin", "1", "-o", str(tmp_path / "x.png"), "--solution", str(bad), "--after", "3")
    assert result.exit_code == 1 and "does not verify" in result.output
    assert not (tmp_path / "x.png").exists()


def test_cli_render_takes_the_rules_of_the_solution_file(tmp_path):
    other = tmp_path / "sm.sol"
    other.write_text(SOLUTION_1.read_text().replace("rules: parlett", "rules: supermove"))
    out = str(tmp_path / "x.png")
    # replayed under its own rules (where this parlett solution breaks at move 26), not refused for them
    result = run("render", "penguin", "1", "-o", out, "--solution", str(other), "--after", "3")
    assert result.exit_code == 1 and "(supermove)" in result.output and "move 26" in result.output
    result = run("render", "penguin", "1", "-o", out, "--solution", str(other), "--rules", "single")
    assert result.exit_code == 2 and "not 'single'" in result.output


def test_scenes_and_games_import_neither_pillow_nor_reportlab():
    code = ("import sys, dealgen.games, dealgen.render.scene, dealgen.render.registry, dealgen.render.penguin, "
            "dealgen.render.walkthrough; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('PIL', 'reportlab')]; print(bad); "
            "sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("game", ["penguin", "perpetual-motion", "idiots-delight", "pack-n-stack"])
def test_a_position_file_in_either_form_draws_the_same(tmp_path, game):
    """`dealgen deal --format json` reads back like the text form, and a file for another game is named."""
    pngs = []
    for fmt in ("text", "json"):
        position = tmp_path / f"{game}.{fmt}"
        position.write_text(run("deal", game, "7", "--format", fmt).output)
        out = tmp_path / f"{game}-{fmt}.png"
        result = run("render", game, "--position", str(position), "-o", str(out), "--dpi", "30")
        assert result.exit_code == 0, result.output
        pngs.append(out.read_bytes())
    assert pngs[0] == pngs[1]
    other = "penguin" if game != "penguin" else "pack-n-stack"
    result = run("render", other, "--position", str(position), "-o", str(tmp_path / "x.png"))
    assert result.exit_code == 2 and f"a position of {game}, not of {other}" in result.output


def test_a_game_named_further_down_a_file_is_not_its_game(tmp_path):
    """Only the opening `key: value` lines are a position's header: notes that quote a
    `game:` line later on say nothing about the file."""
    notes = tmp_path / "notes.md"
    notes.write_text("# My notes\n\nA solution file starts like this:\n\ngame: penguin\n")
    result = run("render", "pack-n-stack", "--position", str(notes), "-o", str(tmp_path / "x.png"))
    assert result.exit_code == 2 and "notes.md:3: expected 'key: value'" in result.output, result.output
    assert "penguin" not in result.output


@pytest.mark.parametrize("plain, shown", [
    ("Parlett's rules", "Parlett\u2019s rules"),
    ("Play Pack 'n' Stack", "Play Pack\u00a0\u2019n\u2019\u00a0Stack"),
    ("as 'strategy.txt' (see \"Rules\")", "as \u2018strategy.txt\u2019 (see \u201cRules\u201d)"),
    ("'Quoted' and \"quoted\"", "\u2018Quoted\u2019 and \u201cquoted\u201d"),
    ("the players' cards \u2014 'a'", "the players\u2019 cards \u2014 \u2018a\u2019"),
    ("no quotes: 4a 5h", "no quotes: 4a 5h"),
])
def test_print_sets_typographic_quotes(plain: str, shown: str) -> None:
    assert printed(plain) == shown
    assert printed(shown) == shown  # printing twice changes nothing
    assert Text(0, 0, plain, 10).text == shown  # what a diagram draws, and measures


@pytest.mark.parametrize("name", ["penguin", "perpetual-motion", "idiots-delight", "pack-n-stack"])
def test_the_smallest_pngs_allowed_are_drawn(name: str) -> None:
    """--dpi 1 or --size 3000x1 is a thumbnail of a few pixels, not a crash: text under a
    pixel high is left out and every box keeps at least a pixel."""
    from dealgen.games import get_game

    game = get_game(name)
    scene = position_scene(game, game.deal(3), DiagramOptions())
    for dpi, size in ((1, None), (None, (3000, 1)), (None, (1, 1)), (None, (5, 13))):
        image = Image.open(io.BytesIO(png_bytes(scene, dpi, size)))
        assert size is None or image.size == size


def test_a_png_too_small_to_read_is_drawn_with_a_note(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["render", "penguin", "5", "-o", str(tmp_path / "t.png"), "--size", "10x10"])
    assert result.exit_code == 0 and Image.open(tmp_path / "t.png").size == (10, 10)
    note = re.fullmatch(r"dealgen: note: at --size 10x10 the smallest text is 0\.\d pixels tall, too small to read "
                        r"\(for 5 pixels give --size (\d+)x(\d+) or more\)\n", result.stderr)
    assert note, result.stderr
    size = f"{note[1]}x{note[2]}"
    again = CliRunner().invoke(main, ["render", "penguin", "5", "-o", str(tmp_path / "t.png"), "--size", size])
    assert again.exit_code == 0 and again.stderr == ""


def test_render_names_an_fcs_board_as_write_only(tmp_path: Path) -> None:
    board = tmp_path / "d1.fcs"
    result = CliRunner().invoke(main, ["deal", "penguin", "1", "--format", "fcs"])
    board.write_text(result.output)
    result = CliRunner().invoke(main, ["render", "penguin", "--position", str(board), "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 2 and "d1.fcs: Freecell Solver's board format" in result.output
    assert "does not read" in result.output and not (tmp_path / "x.png").exists()


def test_the_size_a_note_suggests_keeps_the_side_that_was_wide_enough(tmp_path: Path) -> None:
    """A wide, short size: the height limits the text, so the note grows the height alone."""
    result = CliRunner().invoke(main, ["render", "penguin", "5", "-o", str(tmp_path / "t.png"), "--size", "3000x40"])
    note = re.search(r"give --size (\d+)x(\d+) or more", result.stderr)
    assert note and int(note[1]) == 3000 and int(note[2]) > 40, result.stderr
    size = f"3000x{note[2]}"
    again = CliRunner().invoke(main, ["render", "penguin", "5", "-o", str(tmp_path / "t.png"), "--size", size])
    assert again.exit_code == 0 and again.stderr == ""
