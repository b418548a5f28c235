"""A day's kit as it is posted: questions on every image, the answer card, alt text, captions,
legible feed images, pages no taller than 2,400 px, and themes."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from dealgen.cli import main
from dealgen.games import get_game
from dealgen.publish.catalog import read_catalog
from dealgen.publish.daily import IMAGE_SIZES
from dealgen.publish.kit.dayfiles import day_files, puzzle_scene
from dealgen.publish.kit.days import Day
from dealgen.publish.kit.daytext import facts, plain, question
from dealgen.publish.kit.theme import DEFAULT, load_theme
from dealgen.render.scene import RANK_TEXT, CardFace, Group, Text
from dealgen.solve import solve_deal

SEEDS = Path(__file__).resolve().parents[1] / "seeds"
QUESTIONS = {"penguin": "Can you solve it? Par:\u00a0{par}\u00a0moves", "idiots-delight": "Can you clear it?",
             "perpetual-motion": "Will it come out? And in how many passes?",
             "pack-n-stack": "to play and win in", "freecell": "Can you solve it? Par:\u00a0{par}\u00a0moves",
             "seahaven-towers": "Can you solve it? Par:\u00a0{par}\u00a0moves"}
CATALOGS = {"penguin": "penguin-40", "idiots-delight": "idiots-delight-20", "perpetual-motion": "perpetual-motion-20",
            "pack-n-stack": "pack-n-stack-12"}


def catalog_day(game: str, entry: int = 1) -> Day:
    if game not in CATALOGS:  # a game with no catalog here (the FreeCell family): deal ``entry``, solved
        found = solve_deal(game, entry)
        return Day(dt.date(2026, 12, 1), get_game(game), found.rules, found.grade, found.to_solution(),
                   found.percentile, found.metrics)
    cat = read_catalog(str(SEEDS / f"{CATALOGS[game]}.json"))
    e = cat.entries[entry - 1]
    g = get_game(cat.game)
    if e.kind == "problem":
        return Day(dt.date(2026, 12, 1), g, cat.rules, e.grade, entry=e)
    return Day(dt.date(2026, 12, 1), g, cat.rules, e.grade, cat.solution(e), e.percentile, e.metrics)


def index_pixels(scene, px_per_point: float) -> list[float]:
    """The card indices of a scene as drawn, in pixels: every card face's, and every rank set bold
    as an index is (the stock's order listed under the piles)."""
    found: list[float] = []

    def walk(items, scale: float) -> None:
        for item in items:
            if isinstance(item, Group):
                walk(item.scene.items, scale * item.scale)
            elif isinstance(item, CardFace):
                found.append(item.style.index_size * scale * px_per_point)
            elif isinstance(item, Text) and item.bold and item.text in RANK_TEXT:
                found.append(item.size * scale * px_per_point)

    walk(scene.items, 1.0)
    return found


@pytest.mark.parametrize("game", list(QUESTIONS))
def test_every_image_asks_the_days_question_with_indices_legible_in_a_feed(game: str) -> None:
    day = catalog_day(game)
    state = day.entry.state(day.game, day.rules) if day.entry else day.game.deal(day.deal, day.rules)
    asked = question(day)
    assert QUESTIONS[game].format(par=len(day.solution.moves) if day.solution else 0) in asked
    for kind, pixels in IMAGE_SIZES.items():
        scene = puzzle_scene(day, state, pixels, DEFAULT)
        texts = [t.text for t in scene.items if isinstance(t, Text)]
        assert " ".join(texts).replace("\u00a0", " ").find(asked.split("\u00a0")[0].split("?")[0]) >= 0, texts
        indices = index_pixels(scene, pixels[0] / scene.width)
        assert indices and min(indices) >= 24 - 1e-6, (kind, min(indices))
        assert not scene.outside(), kind


@pytest.mark.parametrize("game, entry, answer", [
    ("penguin", 1, "Solved in 76 moves"), ("idiots-delight", 1, "Yes: it clears in 49 moves"),
    ("perpetual-motion", 1, "Yes: it comes out in"), ("perpetual-motion", 3, "No: it goes round forever"),
    ("pack-n-stack", 1, "wins in"), ("freecell", 617, "Solved in"), ("eight-off", 3, "Solved in"),
    ("seahaven-towers", 3, "Solved in")])
def test_a_days_kit_has_an_answer_card_alt_text_beside_every_png_and_captions(game, entry, answer) -> None:
    day = catalog_day(game, entry)
    files = day_files(day, DEFAULT)
    stem = day.stem
    pngs = [name for name in files if name.endswith(".png")]
    assert {f"{stem}-square.png", f"{stem}-wide.png", f"{stem}-answer.png", f"{stem}-solution.png"} <= set(pngs)
    for name in pngs:
        alt = files[name[:-4] + ".alt.txt"].decode()
        assert len(alt) > 80 and alt.count("\n") == 1 and len(alt.strip()) <= 1000, name  # X takes 1,000
        long = files.get(name[:-4] + ".long.txt")
        if long is not None:  # the whole description, of which the alt text is the start
            assert alt.endswith("(the long description has the rest).\n") and len(long.decode()) > 1000, name
            assert long.decode().startswith(alt.split(" … ")[0]), name
        with Image.open(io.BytesIO(files[name])) as image:
            assert image.size[1] <= 2400, (name, image.size)
    assert "?." not in files[f"{stem}-square.alt.txt"].decode()
    said = ". ".join(plain(f[:1].upper() + f[1:]) for f in facts(day))  # each fact a sentence ("Standard rules")
    assert f"{said}. " in files[f"{stem}-square.alt.txt"].decode(), stem
    square_alt = files[f"{stem}-square.alt.txt"].decode()
    assert square_alt.startswith(f"{day.game.title} · Tuesday 1 December 2026. ") and plain(question(day)) in square_alt
    if game == "penguin":  # the layout in words: every card by name, in the long description
        whole = files[f"{stem}-square.long.txt"].decode()
        assert "The beak is the " in square_alt and whole.count(" of ") >= 52
    if game in ("freecell", "eight-off", "seahaven-towers"):  # the family's words: cells and columns by name
        whole = (files.get(f"{stem}-square.long.txt") or files[f"{stem}-square.alt.txt"]).decode()
        assert "Columns, each from its deepest card to its exposed card: column 1: " in whole
        assert whole.count(" of ") >= 52 and ("The four cells are empty." in whole or "Cells: " in whole)
        assert f"column {day.game.layout.ncols}: " in whole
    assert answer in files[f"{stem}-answer.alt.txt"].decode()
    post = files[f"{stem}-caption.txt"].decode()
    assert plain(question(day)) in post and "#solitaire" in post and "http" not in post  # no address without a theme
    reveal = files[f"{stem}-answer-caption.txt"].decode()
    assert reveal.startswith(f"The answer: {day.game.title}") and answer in reveal


def test_a_theme_colours_and_signs_every_image(tmp_path: Path) -> None:
    logo = tmp_path / "logo.png"
    Image.new("RGB", (40, 20), (250, 10, 200)).save(logo)  # a colour nothing else uses
    theme_file = tmp_path / "theme.toml"
    theme_file.write_text('name = "Penguin a Day"\nurl = "https://example.org/penguin"\nlogo = "logo.png"\n'
                          '[colours]\nbackground = "#0e3b43"\ntext = "#ffffff"\naccent = "#f4c95d"\n')
    theme = load_theme(str(theme_file))
    assert theme.url == "https://example.org/penguin/" and theme.logo_size == (40, 20)
    day = catalog_day("idiots-delight")
    files = day_files(day, theme)
    for name in ("square", "wide", "answer"):
        with Image.open(io.BytesIO(files[f"{day.stem}-{name}.png"])) as image:
            rgb = image.convert("RGB")
            assert rgb.getpixel((2, 2)) == (14, 59, 67)  # the ground
            assert (250, 10, 200) in {c for _, c in rgb.getcolors(1 << 20)}, name  # the logo
    with Image.open(io.BytesIO(files[f"{day.stem}-solution.png"])) as sheet:  # a document: white, signed at the foot
        rgb = sheet.convert("RGB")
        assert rgb.getpixel((2, 2)) == (255, 255, 255) and rgb.getpixel((2, rgb.size[1] - 3)) == (14, 59, 67)
    assert "Play it: https://example.org/penguin/idiots-delight-2026-12-01.html" in files[
        f"{day.stem}-caption.txt"].decode()


@pytest.mark.parametrize("text, words", [
    ('url = "https://x.org/"', "missing key 'name'"),
    ('name = "A"\nbackground = "#000000"', "unknown key(s) background (colours go in a [colours] table)"),
    ('name = "A"\n[colours]\ntext = "white"', "'colours.text' must be a colour written \"#rrggbb\""),
    ('name = "A"\n[colours]\nbackground = "#777777"\ntext = "#888888"', "contrast of 1.3:1; at least 4.5:1"),
    ('name = "A"\nurl = "example.org"', "'url' must be the site's address starting http:// or https://"),
    ('name = "A"\nurl = "https://example.org/daily/index.html"', "'url' names a file; give the folder"),
    ('name = "A"\nurl = "https://example.org/?x=1"', "without ?query, #fragment or spaces"),
    ('name = "A"\nlogo = "nothere.png"', "which is not a file"),
    ('name = "A"\nlogo = "theme.toml"', "not a PNG image that can be read"),
    ('name = "A"\nname = "B"', "cannot read the theme"),
    ('name = 3', "'name' must be text in quotes"),
])
def test_a_bad_theme_is_named_with_its_file_and_nothing_is_written(tmp_path: Path, text: str, words: str) -> None:
    theme_file = tmp_path / "theme.toml"
    theme_file.write_text(text + "\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["daily", "--catalog", str(SEEDS / "idiots-delight-20.json"), "--series-start",
                                       "2026-12-01", "--theme", str(theme_file), "-o", str(out)])
    assert result.exit_code == 2 and words in result.output and str(theme_file) in result.output, result.output
    assert result.output.count("\n") == 1 and not out.exists()


def test_a_missing_theme_file_is_named(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["daily", "--theme", str(tmp_path / "none.toml"), "-o", str(tmp_path / "o")])
    assert result.exit_code == 2 and "theme file" in result.output and "does not exist" in result.output


def test_mono_images_hold_greys_only_even_with_a_coloured_theme(tmp_path: Path) -> None:
    Image.new("RGB", (30, 30), (250, 10, 200)).save(tmp_path / "logo.png")
    (tmp_path / "theme.toml").write_text('name = "A Site"\nlogo = "logo.png"\n[colours]\nbackground = "#0e3b43"\n'
                                         'text = "#ffffff"\naccent = "#f4c95d"\n')
    day = catalog_day("penguin")
    files = day_files(day, load_theme(str(tmp_path / "theme.toml")), mono=True)
    for name in (n for n in files if n.endswith(".png")):
        with Image.open(io.BytesIO(files[name])) as image:
            assert image.mode == "L", (name, image.mode)


@pytest.mark.parametrize("game", ["pack-n-stack", "penguin"])
def test_the_wide_image_sets_the_text_beside_the_diagram_and_the_square_above_it(game: str) -> None:
    day = catalog_day(game)
    state = day.entry.state(day.game, day.rules) if day.entry else day.game.deal(day.deal, day.rules)
    for kind, pixels in IMAGE_SIZES.items():
        scene = puzzle_scene(day, state, pixels, DEFAULT)
        group = next(item for item in scene.items if isinstance(item, Group))
        x0, y0, x1, y1 = group.bbox()
        texts = [t for t in scene.items if isinstance(t, Text)]
        assert texts and not scene.outside()
        if kind == "wide":  # text on the left, the diagram right of it, as tall as the image allows
            assert all(t.x + t.width <= x0 for t in texts)
            assert y1 - y0 > 0.8 * scene.height
        else:
            assert all(t.y <= y0 for t in texts)


def test_a_perpetual_motion_answer_describes_the_piles_it_draws() -> None:
    """The answer card shows the piles part way through; its alt text once said "Four empty
    piles. The stock, all 0 cards from the top ...: ."."""
    day = catalog_day("perpetual-motion", 3)
    alt = day_files(day, DEFAULT)[f"{day.stem}-answer.alt.txt"].decode()
    assert "all 0 cards" not in alt and ": ." not in alt
    assert "Four piles, each from its bottom card up to its top card: pile 1: " in alt


def test_no_solution_page_is_a_leftover_line(tmp_path: Path) -> None:
    """A long solution sheet once ended on a 1452 x 124 px page holding only "Solved in N
    moves.": the pages now share the sheet evenly."""
    out = tmp_path / "d"
    result = CliRunner().invoke(main, ["daily", "--date", "2026-12-01", "--days", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    pages = sorted(out.glob("*-solution*.png"))
    assert len(pages) == 2
    heights = [Image.open(page).size[1] for page in pages]
    assert min(heights) >= 0.6 * max(heights), heights
