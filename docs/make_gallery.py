"""Make the pictures in docs/img/ from dealgen itself, so they always show the current output.

Every picture comes from a dealgen command run on this checkout (a book page, a daily image,
a Pack 'n' Stack problem, one diagram for each other game), then is shrunk to the width a README
shows and saved as a palette PNG, tens of KB each. Run it from anywhere after a change to the
drawing or the book, and commit the images it rewrites:

    python docs/make_gallery.py [--out docs/img]

Needs dealgen's dependencies and poppler's ``pdftoppm`` (Debian: poppler-utils), which turns
book pages into pictures. Nothing here is random: the same code gives the same pictures.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]

# The fixed inputs: a shipped catalog for the book pages, one date for the daily image, the
# Pack 'n' Stack catalog's six-star problem (entry 12) for the problem picture.
BOOK_CATALOG = ROOT / "seeds" / "penguin-40.json"
BOOK_PUZZLE = 31                      # an expert puzzle; its solution page is shown too
DAILY_DATE = "2026-11-27"             # a Friday: a hard deal
PNS_CATALOG = ROOT / "seeds" / "pack-n-stack-12.json"
PNS_SERIES_START, PNS_DATE = "2026-11-16", "2026-11-27"  # the series' twelfth day: entry 12


def dealgen(*args: str) -> None:
    """Run a dealgen command on this checkout's code, failing loudly."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, "-c", "from dealgen.cli import main; main()", *args]
    result = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"make_gallery: `dealgen {' '.join(args)}` failed (exit {result.returncode}):\n{result.stderr}")


def book_page(pdf: Path, page: int, dpi: int, work: Path) -> Image.Image:
    """Page ``page`` (counting from 1) of ``pdf`` as a picture, by poppler's pdftoppm."""
    if shutil.which("pdftoppm") is None:
        sys.exit("make_gallery: pdftoppm not found (Debian: apt-get install poppler-utils)")
    stem = work / f"page-{page}"
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile",
                    str(pdf), str(stem)], check=True)
    return Image.open(f"{stem}.png")


def page_of(reader: PdfReader, pattern: str) -> int:
    """The first page (from 1) whose text matches ``pattern``."""
    for number, page in enumerate(reader.pages, 1):
        if re.search(pattern, page.extract_text() or ""):
            return number
    sys.exit(f"make_gallery: no page matches {pattern!r}")


def save(image: Image.Image, path: Path, width: int, colours: int) -> None:
    """Shrink to ``width`` pixels and keep ``colours`` palette entries: crisp card faces and
    type need few colours, and a palette PNG of a diagram is a tenth of a full-colour one."""
    image = image.convert("RGB")
    if image.width > width:
        image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
    image = image.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    image.save(path, optimize=True)
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
          f"{image.width}x{image.height}, {path.stat().st_size / 1024:.0f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=str(ROOT / "docs" / "img"), help="folder for the pictures")
    out = Path(parser.parse_args().out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="dealgen-gallery-") as tmp:
        work = Path(tmp)

        # A book: a puzzle page and the first page of that puzzle's solution.
        book = work / "book.pdf"
        dealgen("book", "--catalog", str(BOOK_CATALOG), "-o", str(book))
        reader = PdfReader(book)
        puzzle = page_of(reader, rf"Puzzle {BOOK_PUZZLE}\n")
        solution = int(re.search(r"Solution on page (\d+)", reader.pages[puzzle - 1].extract_text()).group(1))
        save(book_page(book, puzzle, 110, work), out / "book-puzzle-page.png", 480, 16)
        save(book_page(book, solution, 110, work), out / "book-solution-page.png", 480, 16)

        # The day's images: the square one, for social media.
        daily = work / "daily"
        dealgen("daily", "--date", DAILY_DATE, "-o", str(daily))
        save(Image.open(daily / f"penguin-{DAILY_DATE}-square.png"), out / "daily-square.png", 480, 64)
        save(Image.open(daily / f"penguin-{DAILY_DATE}-wide.png"), out / "daily-wide.png", 600, 64)

        # A Pack 'n' Stack problem, drawn from the strategy file its day writes.
        pns = work / "pns"
        dealgen("daily", "--game", "pack-n-stack", "--catalog", str(PNS_CATALOG),
                "--series-start", PNS_SERIES_START, "--date", PNS_DATE, "-o", str(pns))
        dealgen("render", "pack-n-stack", "--position", str(pns / f"pack-n-stack-{PNS_DATE}-strategy.txt"),
                "-o", str(work / "pns.png"), "--size", "960x960")
        save(Image.open(work / "pns.png"), out / "pack-n-stack-problem.png", 480, 64)

        # One deal of each of the other solitaires, for their rules pages.
        for game in ("penguin", "perpetual-motion", "idiots-delight"):
            dealgen("render", game, "1", "-o", str(work / f"{game}.png"), "--size", "1200x800")
            save(Image.open(work / f"{game}.png"), out / f"{game}-deal-1.png", 600, 64)


if __name__ == "__main__":
    main()
