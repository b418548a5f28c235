"""`dealgen render` (one position, PNG or PDF) and `dealgen walkthrough` (a solution, PDF or PNGs).

Every argument is checked before any solving or drawing, so bad input costs nothing and
leaves nothing behind; files are written whole or not at all.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from ..errors import InputError
from ..fileio import check_writable
from ..games import Game
from ..solve.positions import follow, load_position
from .app import main
from .common import DEAL, GAME, Choice, DealCommand, named, note, rules_option

MAX_PIXELS_SIDE = 20_000


def parse_size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise InputError(f"--size '{text}': give width x height in pixels, e.g. 1080x1080")
    w, h = int(match.group(1)), int(match.group(2))
    if not (0 < w <= MAX_PIXELS_SIDE and 0 < h <= MAX_PIXELS_SIDE):
        raise InputError(f"--size '{text}': each side must be from 1 to {MAX_PIXELS_SIDE} pixels")
    return w, h


def check_raster(kind: str, dpi: float | None, size: str | None) -> tuple[float | None, tuple[int, int] | None]:
    if dpi is not None and size is not None:
        raise InputError("give --dpi or --size, not both (--dpi sets a print resolution, --size exact pixels)")
    if kind != "png" and (dpi is not None or size is not None):
        raise InputError("--dpi and --size apply to PNG output only; a PDF is drawn as vectors")
    if dpi is not None and not (0 < dpi <= 2400):
        raise InputError(f"--dpi {dpi:g}: give a resolution from 1 to 2400 dots per inch")
    return dpi, parse_size(size) if size is not None else None


@main.command(cls=DealCommand, short_help="Draw a deal or a position as a diagram.")
@click.argument("game", type=GAME)
@click.argument("number", type=DEAL, required=False)
@click.option("-o", "--output", callback=named, required=True, metavar="FILE", help="FILE.png or FILE.pdf")
@click.option("--after", type=int, default=0, show_default=True,
              help="Draw the position after this many moves of the solution (0 = the deal).")
@click.option("--mono", is_flag=True, help="Greys only; suits told apart by outline and fill.")
@click.option("--dpi", type=float, default=None, help="PNG resolution for print (default 300).")
@click.option("--size", default=None, metavar="WxH", help="PNG of exactly W x H pixels, the diagram fitted and centred.")
@rules_option
@click.option("--solution", "solution_path", callback=named, default=None, metavar="FILE",
              help="Follow this solution file instead of asking the solver.")
@click.option("--no-grade", is_flag=True, help="Do not run the solver just to show the grade in the caption.")
@click.option("--position", "position_path", callback=named, default=None, metavar="FILE",
              help="Draw the position in FILE (its text or JSON form, as `dealgen deal` prints them, or a Pack 'n' Stack "
                   "strategy file) instead of a deal NUMBER.")
def render(game: Game, number: int | None, output: str, after: int, mono: bool, dpi: float | None, size: str | None,
           rules: str | None, solution_path: str | None, no_grade: bool, position_path: str | None) -> None:
    """Draw deal NUMBER of GAME, or the position after --after moves, or a position file (--position),
    as a PNG or a vector PDF."""
    from ..render.registry import DiagramOptions, position_scene, renderer

    kind = Path(output).suffix.lower().lstrip(".")
    if kind not in ("png", "pdf"):
        what = "is a folder" if Path(output).is_dir() else "unknown file type"
        raise InputError(f"{output}: {what}; give a file name ending in .png or .pdf")
    check_writable(output)
    dpi, pixels = check_raster(kind, dpi, size)
    asked = rules
    rules = game.check_rules(rules)
    renderer(game)  # fail now if the game has no diagrams
    if position_path is not None:
        clash = [name for name, value in (("NUMBER", number), ("--after", after or None),
                                          ("--solution", solution_path)) if value is not None]
        if clash:
            raise InputError(f"--position draws the file's position: give it without {', '.join(clash)}")
        state, question = load_position(game, position_path)
        held = getattr(state, "rules", rules)
        if asked is not None and rules != held:
            raise InputError(f"{position_path}: this position is under '{held}' rules, not '{rules}'")
        scene = position_scene(game, state, DiagramOptions(mono=mono, note=question))
        _write_scene(scene, kind, output, dpi, pixels, f"{game.title} position from {Path(position_path).name}",
                     game.rules_label(held))
        click.echo(f"wrote {output}")
        return
    if number is None:
        raise InputError("give a deal NUMBER, or --position FILE")

    solution, grade, state = follow(game, number, asked, solution_path, after, grade=not no_grade, note=note)
    if solution is not None:
        rules = solution.rules
    where = f"after move {after} of {len(solution.moves)}" if after else None
    scene = position_scene(game, state, DiagramOptions(mono=mono, grade=grade, note=where))
    title = f"{game.title} deal {number}" + (f", after move {after}" if after else "")
    _write_scene(scene, kind, output, dpi, pixels, title, game.rules_label(rules))
    click.echo(f"wrote {output}")


def _write_scene(scene, kind: str, output: str, dpi: float | None, pixels: tuple[int, int] | None, title: str,
                 subject: str) -> None:
    if kind == "png":
        from ..render.png import legibility_note, write_png

        write_png(scene, output, dpi=dpi, size=pixels)
        if hint := legibility_note(scene, dpi, pixels):
            note(f"dealgen: note: {hint}")
    else:
        from ..render.pdf import write_pdf

        write_pdf(scene, output, title=title, subject=subject)


@main.command(cls=DealCommand, short_help="A solution step by step, with diagrams.")
@click.argument("args", nargs=-1, metavar="GAME NUMBER | SOLUTION_FILE")
@click.option("-o", "--output", callback=named, required=True, metavar="FILE.pdf|DIR/")
@click.option("--every", type=int, default=None, help="A diagram at least every N moves as well as at milestones (default 10; "
                                                     "Perpetual Motion: every N passes; 0: milestones only).")
@click.option("--mono", is_flag=True, help="Greys only; suits told apart by outline and fill.")
@rules_option
@click.option("--solution", "solution_path", callback=named, default=None, metavar="FILE", help="Follow this solution file.")
@click.option("--dpi", type=float, default=None, help="Resolution of the PNGs (default 300).")
@click.option("--page", type=Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True, help="PDF page size.")
def walkthrough(args: tuple[str, ...], output: str, every: int | None, mono: bool, rules: str | None,
                solution_path: str | None, dpi: float | None, page: str) -> None:
    """A solution (or a played game's record) step by step, in words and notation, with diagrams
    at the start, at the game's milestones (Penguin: the beak freed, a column emptied for the first
    time, the last card home) and at least every N moves. In the PDF a diagram the rest of a page
    cannot take waits for the next page (the steps fill the page first), up to 15 steps.

    Give GAME NUMBER (the solver finds the solution, or --solution FILE), or a solution file alone
    (for Pack 'n' Stack, a record from `dealgen play`). The record is replayed through the engine
    first; one that does not verify is refused (exit 1)."""
    from ..publish.walkthroughs import write_walkthrough

    written = write_walkthrough(args, output, every, mono, rules, solution_path, dpi, page)
    click.echo(written.line)
    if written.note:
        note(f"dealgen: note: {written.note}")
