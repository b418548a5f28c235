"""`dealgen generate`, `dealgen book` and `dealgen daily`: from deal numbers to published pages."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

import click

from ..catalog import read_catalog, require_verified, write_catalog
from ..errors import CheckFailed, InputError
from ..daily import DEFAULT_WEEK
from ..fileio import (KeyTwiceGiven, check_free, check_writable, output_folder, parse_json, planned_folder, read_text,
                      write_atomic, write_files)
from ..games import get_game
from ..deals import MAX_DEAL
from ..generate import SEEDED_MAX, Selection, even_mix, parse_mix, select_graded
from ..grade import GRADES, load_calibration
from . import main
from .common import ProgressLine, jobs_option, named, note, rules_option, titled

OUTPUT = Path("output")
PROBLEM_COUNT = 8  # default puzzles for a game of problems: a book in well under a minute on two cores


def _selection_options(func):
    options = [
        click.option("--count", type=int, default=None,
                     help="How many deals, spread evenly over the grades (default 40); for a game of problems "
                          "(pack-n-stack), how many problems of any grade (default 8)."),
        click.option("--mix", default=None, metavar="GRADE:N,...",
                     help="How many of each grade, e.g. easy:10,medium:10,hard:10,expert:10."),
        click.option("--start", type=int, default=None, help="Scan deal numbers upward from this one (default 1)."),
        click.option("--seed", type=click.IntRange(min=0), default=None, help="Draw deal numbers from this master seed instead of in order."),
        click.option("--max-tries", type=int, default=5000, show_default=True, help="Give up after this many deals."),
        jobs_option,
        click.option("--max-states", type=int, default=None, help="Solver budget per deal, in positions expanded."),
        rules_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _select(game_name: str, rules: str | None, count: int | None, mix: str | None, start: int | None,
            seed: int | None, max_tries: int, jobs: int, max_states: int | None, title: str) -> Selection:
    """A fresh graded selection, with progress on stderr."""
    game = get_game(game_name)
    rules = game.check_rules(rules)
    problems = game.problem_kit() is not None
    if problems and max_states is not None:
        raise InputError(f"--max-states budgets the solitaire solver; {game.name} problems are found by a proof "
                         f"search with its own node budget")
    default = PROBLEM_COUNT if problems else 40
    if mix is not None:
        wanted = parse_mix(mix, GRADES)
    elif problems:  # problems come in whatever grades the deals give, unless --mix asks
        wanted = {"any": default if count is None else count}
        if wanted["any"] < 1:
            raise InputError(f"--count must be at least 1, got {wanted['any']}")
    else:
        wanted = even_mix(default if count is None else count, GRADES)
    if mix and count is not None and count != sum(wanted.values()):
        raise InputError(f"--count {count} disagrees with --mix, which asks for {sum(wanted.values())}")
    if 1 <= max_tries < sum(wanted.values()):  # (below 1 is refused with the other selection checks)
        raise InputError(f"{sum(wanted.values())} puzzles need at least as many deals, one a deal, but --max-tries "
                         f"is {max_tries}; raise it")
    began = time.monotonic()
    with ProgressLine() as line:
        def progress(tried: int, kept: dict[str, int]) -> None:
            bands = " ".join(f"{g} {kept[g]}/{n}" for g, n in wanted.items())
            line.show(f"tried {tried}, kept {bands} ({tried / max(time.monotonic() - began, 1e-9):.1f} deals/s)")

        if problems:
            from ..problemset import select_problems

            selection = select_problems(game, rules, None if "any" in wanted else wanted, sum(wanted.values()),
                                        start, seed, max_tries, jobs, title, progress)
        else:
            selection = select_graded(game.name, rules, wanted, start, seed, max_tries, jobs, max_states, title,
                                      progress)
    note(f"{selection.report()} in {time.monotonic() - began:.1f} s")
    return selection


@main.command()
@click.argument("game")
@_selection_options
@click.option("--title", default=None, callback=titled, help="The catalog's title.")
@click.option("-o", "--output", "output", callback=named, default=None,
              help="The catalog file (default output/GAME-COUNT.json; GAME-RULES-COUNT.json under a rule set "
                   "other than the game's first).")
def generate(game: str, rules, count, mix, start, seed, max_tries, jobs, max_states, title, output) -> None:
    """Select graded deals of GAME into a seed catalog (JSON), solving in parallel.

    Deals are tried in order from --start (or drawn from --seed); the first that fill each grade
    band are kept, easiest first. Every solution is replayed through the engine before writing.
    """
    chosen_game = get_game(game)
    name = chosen_game.name
    if output is not None and not check_writable(output).name.lower().endswith(".json"):  # a folder: named as such
        raise InputError(f"{output}: a catalog is JSON; give a file name ending in .json")
    default = PROBLEM_COUNT if chosen_game.problem_kit() is not None else 40
    total = sum(parse_mix(mix, GRADES).values()) if mix else count or default
    # named by what it holds: --mix easy:2 is not a 40
    target = _target(output, f"{chosen_game.file_stem(chosen_game.check_rules(rules))}-{total}.json")
    selection = _select(name, rules, count, mix, start, seed, max_tries, jobs, max_states,
                        title or f"{chosen_game.title} Puzzles")
    output_folder(target.parent)
    write_catalog(selection.catalog, target)
    count_kept = len(selection.catalog.entries)
    what = "problem" if get_game(name).problem_kit() is not None else "deal"
    click.echo(f"wrote {target} ({count_kept} {what}{'' if count_kept == 1 else 's'}, every solution verified)")


@main.command()
@click.option("--game", default="penguin", show_default=True, help="The game, for a fresh selection.")
@click.option("--catalog", callback=named, default=None,
              help="Make the book from this seed catalog instead of a fresh selection.")
@_selection_options
@click.option("--layout", "layout_name", default="6x9", show_default=True, metavar="NAME|PATH",
              help="A preset from layouts/ (6x9, 6x9-kdp, a5, letter, a4, large-print, letter-4up) or a .toml file.")
@click.option("--title", default=None, callback=titled,
              help="Title (default: the catalog's, or '<Game> Puzzles').")
@click.option("--subtitle", default=None, help="Subtitle (default: how many puzzles and grades).")
@click.option("--author", default=None, help="Author shown on the title page and in the PDF metadata.")
@click.option("--every", type=int, default=20, show_default=True,
              help="In the solutions, a diagram at least every this many moves (Perpetual Motion: passes) as "
                   "well as at milestones (one a page has no room left for waits for the next, up to 15 moves or "
                   "passes; 0: milestones only).")
@click.option("--save-catalog", callback=named, default=None,
              help="Also write the book's catalog here (the fresh selection, or the --catalog given: a book "
                   "PDF's catalog as JSON).")
@click.option("-o", "--output", "output", callback=named, default=None,
              help="The PDF (default output/GAME-book-LAYOUT.pdf; GAME-RULES-book-LAYOUT.pdf under a rule "
                   "set other than the game's first).")
def book(game, catalog, rules, count, mix, start, seed, max_tries, jobs, max_states, layout_name, title,
         subtitle, author, every, save_catalog, output) -> None:
    """Make a printable puzzle book (PDF): puzzles up front, solutions at the back.

    With no options: 40 fresh Penguin deals, ten of each grade, on 6 x 9 in pages, in output/.
    Nothing is written unless every solution replays through the engine and wins.
    """
    from ..book import BookInfo, check_printable, check_puzzle_heads, check_title_page, typeset
    from ..layout import load_layout

    layout = load_layout(layout_name)
    for text, option in ((title, "--title"), (subtitle, "--subtitle"), (author, "--author")):
        check_printable(text or "", option)  # before any deal is solved
    check_title_page(BookInfo(title or "", subtitle or "", author or ""), layout)
    if every < 0:
        raise InputError(f"--every must be 0 (milestones only) or a positive number of moves, not {every}")
    if catalog is not None:
        chosen = [name for name, value in (("--count", count), ("--mix", mix), ("--start", start), ("--seed", seed))
                  if value is not None]
        # (--jobs is let through: it says how to work, not what to make, and scripts pass it always)
        chosen += [f"--{name.replace('_', '-')}" for name in ("max_tries", "max_states") if _given(name)]
        if chosen:
            raise InputError(f"{', '.join(chosen)} {'are' if len(chosen) > 1 else 'is'} for choosing a fresh selection "
                             f"of deals; with --catalog the deals are the catalog's")
        cat = _read_matching_catalog(catalog, game, rules)
        for text, field_name, option in ((cat.title, "title", title), (cat.subtitle, "subtitle", subtitle),
                                         (cat.author, "author", author)):
            if option is None:  # the catalog's own, printed unless an option replaces it
                check_printable(text, f"{catalog}: its {field_name}")
    if output is not None and not output.lower().endswith(".pdf"):
        raise InputError(f"{output}: a book is a PDF; give a file name ending in .pdf")
    game_name = cat.game if catalog is not None else get_game(game).name
    book_rules = cat.rules if catalog is not None else get_game(game_name).check_rules(rules)
    target = _target(output, f"{get_game(game_name).file_stem(book_rules)}-book-{layout.name}.pdf")
    if save_catalog:
        if not check_writable(save_catalog).name.lower().endswith(".json"):  # (so never the book, a .pdf)
            raise InputError(f"{save_catalog}: a catalog is JSON; give --save-catalog a file name ending in .json")
    if catalog is None:  # type too big for a four-up cell is found before the deals are chosen
        chosen_game = get_game(game_name)
        widest = SEEDED_MAX - 1 if seed is not None else (start or 1) + max(max_tries, 1) - 1
        check_puzzle_heads(chosen_game, rules or chosen_game.default_rules, count or 99, min(widest, MAX_DEAL), layout)
        cat = _select(game_name, rules, count, mix, start, seed, max_tries, jobs, max_states,
                      title or f"{get_game(game_name).title} Puzzles").catalog
    # what the options set travels with the catalog (saved, and embedded in the PDF), so the
    # book laid out again from either keeps its title page
    given = {key: value for key, value in (("title", title), ("subtitle", subtitle), ("author", author))
             if value is not None}
    cat = replace(cat, **given)
    try:
        require_verified(cat)  # the verification gate, once, before anything is written
    except CheckFailed as err:
        if catalog is None:
            raise
        raise CheckFailed(f"{catalog}: {err}") from None  # a solution in the catalog's file fails
    grades = [g for g in GRADES if any(e.grade == g for e in cat.entries)]
    info = BookInfo(
        title=title or cat.title or f"{get_game(game_name).title} Puzzles",
        subtitle=subtitle if subtitle is not None else (cat.subtitle or _default_subtitle(
            len(cat.entries), grades, cat.entries[0].kind == "problem")),
        author=author if author is not None else cat.author,
        every=every,
    )
    began = time.monotonic()
    pdf = typeset(cat, layout, info)
    if save_catalog:  # (verified above)
        write_atomic(save_catalog, cat.dumps())
    output_folder(target.parent)  # only now: a run that fails leaves no empty folder
    write_atomic(target, pdf)
    click.echo(f"wrote {target} ({len(cat.entries)} puzzle{'s' if len(cat.entries) != 1 else ''}, layout {layout.name}, "
               f"every solution verified; {time.monotonic() - began:.1f} s to typeset)")


def _target(output: str | None, default_name: str) -> Path:
    """The file to write: ``output``, or ``default_name`` in output/. Checked now; the default
    folder is made only when the file is ready (``output_folder`` then), so a failed run
    leaves nothing behind."""
    return check_writable(output) if output else planned_folder(OUTPUT) / default_name


def _given(name: str) -> bool:
    """Whether option ``name`` was given on the command line (not left at its default)."""
    return click.get_current_context().get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE


def _read_matching_catalog(path: str, game: str, rules: str | None):
    """The catalog at ``path``; InputError when --game or --rules, if given, disagree with it."""
    from ..publish.days import read_matching_catalog

    return read_matching_catalog(path, game, rules, _given("game"))


def _default_subtitle(count: int, grades: list[str], problems: bool = False) -> str:
    span = f"from {grades[0]} to {grades[-1]}" if len(grades) > 1 else (grades[0] if grades else "")
    what = ("position" if problems else "deal") + ("s" if count != 1 else "")
    return f"{count} graded {what}{' to play and win' if problems else ''}, {span}"


def day_options(func):
    """The options that choose the days, shared by `dealgen daily` and `dealgen site`."""
    options = [
        click.option("--game", default="penguin", show_default=True, help="The game."),
        click.option("--date", "date_text", default=None, metavar="YYYY-MM-DD",
                     help="The first day (default: today, UTC; with --catalog, the series start)."),
        click.option("--days", type=int, default=1, show_default=True, help="How many days from --date (1 to 366)."),
        click.option("--week", default=",".join(DEFAULT_WEEK), show_default=True, metavar="GRADE,...",
                     help="The grade for each weekday, Monday first (with --catalog, only when given)."),
        rules_option,
        click.option("--catalog", callback=named, default=None,
                     help="Publish this seed catalog's entries one a day (in its order, or by --week if given) "
                          "instead of each date's own deal."),
        click.option("--series-start", default=None, metavar="YYYY-MM-DD",
                     help="With --catalog: the day of its first entry."),
        click.option("--theme", "theme_path", callback=named, default=None, metavar="FILE.toml",
                     help="Site name and address, colours and logo for every image (and page): see docs."),
        jobs_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def day_plan(game, date_text, days, week, rules, catalog, series_start, jobs):
    """The days the options choose (``publish.days.plan_days``), from inside a command."""
    from ..publish.days import plan_days

    week_text = week if _given("week") or (catalog is None and series_start is None) else None
    return plan_days(game, date_text, days, week_text, rules, catalog, series_start, jobs, _given("game"))


def read_theme(theme_path):
    from ..publish.theme import DEFAULT, load_theme

    return DEFAULT if theme_path is None else load_theme(theme_path)


@main.command()
@day_options
@click.option("--mono", is_flag=True, help="Draw in greys only.")
@click.option("-o", "--output", "output", callback=named, default=str(OUTPUT / "daily"),
              show_default=True, help="The folder for the day's files (created if missing).")
def daily(game, date_text, days, week, rules, catalog, series_start, theme_path, jobs, mono, output) -> None:
    """Daily deals: a date always maps to the same deal, its grade following the week.

    For each day writes GAME-DATE-square.png (1080x1080) and GAME-DATE-wide.png (1200x630),
    each asking the day's question; GAME-DATE-answer.png, the answer card for the reveal;
    GAME-DATE-solution.png (more pages -solution-2.png... when long) and GAME-DATE-solution.pdf;
    NAME.alt.txt beside every image; GAME-DATE-caption.txt and -answer-caption.txt for the posts;
    GAME-DATE.json (date, deal, grade, solution), and for pack-n-stack GAME-DATE-strategy.txt;
    GAME-RULES-DATE-... under a rule set other than the game's first. A day's files are all drawn
    before any is written, and written whole or not at all.

    With --catalog and --series-start the days publish the catalog's entries instead, one a day
    from the start day: in the catalog's order, or with --week each day the next entry of its
    weekday's grade. Every entry used is verified before anything is written.
    """
    from ..publish.daykit import day_files

    theme = read_theme(theme_path)
    plan = day_plan(game, date_text, days, week, rules, catalog, series_start, jobs)
    folder = planned_folder(output)
    check_day_names(folder, plan.stems, plan.problem)
    for stem, puzzle in plan.fixed.items():  # before any work: a series' days are free
        check_day_free(folder, stem, puzzle)
    first_day = plan.dates[0]
    for day in plan.days():
        check_day_free(folder, day.stem, day.puzzle)
        files = day_files(day, theme, mono)
        write_day(folder, files, day.date, first_day)
        click.echo(f"{day.date.isoformat()} ({day.date.strftime('%A')}): {day.how}; wrote {len(files)} files to {folder}")


def write_day(folder: Path, files: dict, day, first_day) -> None:
    """One day's files, whole or not at all (the folder made now, when missing: a run that fails
    first leaves none); a failure after the first day says that the days before it stay written.
    Solution pages an earlier, longer run of the day left are removed once the new set is in."""
    from ..publish.daykit import STALE

    try:
        write_files(folder, files)
    except InputError as err:
        if day == first_day:
            raise
        raise InputError(f"{err} ({day.isoformat()}'s files); the days before it are written") from None
    stem = next(name[:-5] for name in files if name.endswith(".json"))
    for old in folder.glob(f"{stem}-solution-*"):
        if STALE.search(old.name) and old.name[len(stem):] and old.name not in files and old.is_file():
            old.unlink()


DAY_FILES = ("-square.png", "-wide.png", "-answer.png", "-solution.pdf", "-solution.png", ".json", "-caption.txt",
             "-answer-caption.txt", "-square.alt.txt", "-wide.alt.txt", "-answer.alt.txt", "-solution.alt.txt")


def check_day_names(folder: Path, stems: list[str], problem: bool) -> None:
    """Before any work: no name a day's files take is a folder (or a device) in ``folder``,
    so a run of many days does not stop part way."""
    if folder.is_dir():
        for stem in stems:
            for suffix in DAY_FILES + (("-strategy.txt",) if problem else ()):
                check_free(folder / f"{stem}{suffix}")


def check_day_free(folder: Path, stem: str, puzzle: dict) -> None:
    """A date always maps to one puzzle: refuse to replace a day already in ``folder`` with a
    different puzzle (a recalibration, or a catalog series into the same folder)."""
    path = folder / f"{stem}.json"
    if not path.exists():
        return
    try:
        old = parse_json(read_text(path, "day record"), str(path))  # (a byte-order mark is fine)
        held = {key: old[key] for key in puzzle}
    except KeyTwiceGiven:
        raise
    except (OSError, ValueError, KeyError, TypeError, InputError):
        raise InputError(f"{path}: exists and is not a dealgen day record; move it away or give another -o folder") from None
    if held != puzzle:
        def name(p: dict) -> str:
            return " ".join(f"{key} {value}" for key, value in p.items())
        raise InputError(f"{path}: this date is already published as {name(held)}; this run would replace it with "
                         f"{name(puzzle)}. Give another -o folder, or remove that day's files first")
