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
@click.option("--catalog", multiple=True, metavar="CATALOG",
              help="Make the book from this seed catalog (JSON, or a dealgen book's PDF) instead of a fresh "
                   "selection. Give it more than once for a compendium: a part per catalog (game), each with its "
                   "how to play and puzzles, the solutions at the back, part by part.")
@_selection_options
@click.option("--layout", "layout_name", default="6x9", show_default=True, metavar="NAME|PATH",
              help="A preset from layouts/ (6x9, 6x9-kdp, letter-2up, a5, letter, a4, large-print, letter-4up) or a .toml file.")
@click.option("--title", default=None, callback=titled,
              help="Title (default: the catalog's, or '<Game> Puzzles').")
@click.option("--subtitle", default=None, help="Subtitle (default: how many puzzles and grades).")
@click.option("--author", default=None, help="Author shown on the title page and in the PDF metadata.")
@click.option("--isbn", default=None, help="ISBN for the copyright page (default: the catalog's, if any).")
@click.option("--edition", default=None, help="Edition line for the copyright page, e.g. 'First edition'.")
@click.option("--year", type=click.IntRange(1450, 9999), default=None,
              help="Copyright year (default: the catalog's, else SOURCE_DATE_EPOCH's, else this year).")
@click.option("--every", type=int, default=20, show_default=True,
              help="In the solutions, a diagram at least every this many moves (Perpetual Motion: passes) as "
                   "well as at milestones (one a page has no room left for waits for the next, up to 15 moves or "
                   "passes; 0: milestones only).")
@click.option("--solutions", type=click.Choice(["key", "walkthrough"]), default="key", show_default=True,
              help="key: compact answers, several a page (the moves in notation, the forced finish in a line, "
                   "at most one diagram); walkthrough: every move in words with diagrams along the way.")
@click.option("--save-catalog", callback=named, default=None,
              help="Also write the book's catalog here (the fresh selection, or the --catalog given: a book "
                   "PDF's catalog as JSON).")
@click.option("-o", "--output", "output", callback=named, default=None,
              help="The PDF (default output/GAME-book-LAYOUT.pdf; GAME-RULES-book-LAYOUT.pdf under a rule "
                   "set other than the game's first).")
def book(game, catalog, rules, count, mix, start, seed, max_tries, jobs, max_states, layout_name, title,
         subtitle, author, isbn, edition, year, every, solutions, save_catalog, output) -> None:
    """Make a printable puzzle book (PDF): puzzles up front, solutions at the back.

    With no options: 40 fresh Penguin deals, ten of each grade, on 6 x 9 in pages, in output/.
    Nothing is written unless every solution replays through the engine and wins.
    """
    from ..book import BookInfo, check_printable, check_puzzle_heads, check_title_page, typeset
    from ..publish.printspec import check_isbn
    from ..layout import load_layout

    for name in catalog:
        if not name.strip():
            raise InputError("--catalog: an empty name: give a file")
    parts = _book_parts(catalog)
    if len(parts) > 1:  # several catalogs, or a compendium's PDF: one part each
        _compendium(parts, rules, count, mix, start, seed, layout_name, title, subtitle, author, isbn, edition,
                    year, every, solutions, save_catalog, output)
        return
    catalog = catalog[0] if catalog else None
    layout = load_layout(layout_name)
    for text, option in ((title, "--title"), (subtitle, "--subtitle"), (author, "--author"), (edition, "--edition")):
        check_printable(text or "", option)  # before any deal is solved
    if isbn is not None:
        check_isbn(isbn)
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
                                         (cat.author, "author", author), (cat.edition, "edition", edition)):
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
    given = {key: value for key, value in (("title", title), ("subtitle", subtitle), ("author", author),
                                           ("isbn", isbn), ("edition", edition), ("year", year))
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
        isbn=check_isbn(cat.isbn, f"{catalog}: its isbn") if cat.isbn and isbn is None else cat.isbn,
        edition=cat.edition,
        year=cat.year,
        every=every,
        solutions=solutions,
    )
    began = time.monotonic()
    pdf = typeset(cat, layout, info)
    if save_catalog:  # (verified above)
        write_atomic(save_catalog, cat.dumps())
    output_folder(target.parent)  # only now: a run that fails leaves no empty folder
    write_atomic(target, pdf)
    click.echo(f"wrote {target} ({len(cat.entries)} puzzle{'s' if len(cat.entries) != 1 else ''}, layout {layout.name}, "
               f"every solution verified; {time.monotonic() - began:.1f} s to typeset)")


def _book_parts(names: tuple[str, ...]) -> list[tuple[str, Any]]:
    """(name, catalog) for each part the --catalog files hold: a compendium's PDF holds several.
    A single JSON catalog is left to the one-catalog path, which reads it itself."""
    from ..catalog import read_book_catalogs
    from ..fileio import is_pdf

    if len(names) == 1 and not (Path(names[0]).is_file() and is_pdf(names[0])):
        return [(names[0], None)]
    out: list[tuple[str, Any]] = []
    for name in names:
        if Path(name).is_file() and is_pdf(name):
            found = read_book_catalogs(name)
            out += [(name if len(found) == 1 else f"{name} (part {k})", cat) for k, cat in enumerate(found, 1)]
        else:
            out.append((name, None))
    return out


def _compendium(parts: list[tuple[str, Any]], rules, count, mix, start, seed, layout_name, title, subtitle, author, isbn, edition,
                year, every, solutions, save_catalog, output) -> None:
    """``book --catalog A --catalog B ...``: one book, a part per catalog."""
    from ..book import BookInfo, check_printable, check_title_page, typeset
    from ..layout import load_layout
    from ..publish.printspec import check_isbn

    layout = load_layout(layout_name)
    chosen = [name for name, value in (("--count", count), ("--mix", mix), ("--start", start), ("--seed", seed),
                                       ("--rules", rules)) if value is not None]
    chosen += [f"--{name.replace('_', '-')}" for name in ("game", "max_tries", "max_states") if _given(name)]
    if chosen:
        raise InputError(f"{', '.join(chosen)}: a compendium is made from its catalogs as they are; give these when "
                         f"making each catalog (dealgen generate)")
    if save_catalog:
        raise InputError("--save-catalog: a compendium has one catalog a part; the book's PDF carries them all")
    for text, option in ((title, "--title"), (subtitle, "--subtitle"), (author, "--author"), (edition, "--edition")):
        check_printable(text or "", option)
    if isbn is not None:
        check_isbn(isbn)
    if every < 0:
        raise InputError(f"--every must be 0 (milestones only) or a positive number of moves, not {every}")
    if output is not None and not output.lower().endswith(".pdf"):
        raise InputError(f"{output}: a book is a PDF; give a file name ending in .pdf")
    target = _target(output, f"compendium-book-{layout.name}.pdf")
    cats, seen = [], {}
    for name, cat in parts:
        cat = cat if cat is not None else read_catalog(name)
        key = (cat.game, cat.rules)
        if key in seen:
            raise InputError(f"--catalog {name}: {seen[key]} is a {cat.game} ({cat.rules}) catalog too: a compendium "
                             f"has one part a game and rule set; join them with dealgen generate")
        seen[key] = name
        try:
            require_verified(cat)
        except CheckFailed as err:
            raise CheckFailed(f"{name}: {err}") from None
        cats.append(cat)
    games = [get_game(cat.game).title for cat in cats]
    total = sum(len(cat.entries) for cat in cats)
    info = BookInfo(
        title=title or f"{', '.join(games[:-1])} and {games[-1]} Puzzles",
        subtitle=subtitle if subtitle is not None else f"{total} graded puzzles of {len(cats)} games",
        author=author if author is not None else next((cat.author for cat in cats if cat.author), ""),
        isbn=isbn or "", edition=edition or "", year=year, every=every, solutions=solutions)
    check_title_page(info, layout)
    began = time.monotonic()
    pdf = typeset(cats, layout, info)
    output_folder(target.parent)
    write_atomic(target, pdf)
    click.echo(f"wrote {target} ({total} puzzles of {len(cats)} games, layout {layout.name}, every solution verified; "
               f"{time.monotonic() - began:.1f} s to typeset)")


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
    cat = read_catalog(path)
    if _given("game") and get_game(game).name != cat.game:
        raise InputError(f"--game {game}: {path} is a catalog of {cat.game} deals")
    if rules is not None and get_game(cat.game).check_rules(rules) != cat.rules:
        raise InputError(f"--rules {rules}: {path} holds deals under '{cat.rules}' rules")
    return cat


def _default_subtitle(count: int, grades: list[str], problems: bool = False) -> str:
    span = f"from {grades[0]} to {grades[-1]}" if len(grades) > 1 else (grades[0] if grades else "")
    what = ("position" if problems else "deal") + ("s" if count != 1 else "")
    return f"{count} graded {what}{' to play and win' if problems else ''}, {span}"


@main.command()
@click.option("--game", default="penguin", show_default=True, help="The game.")
@click.option("--date", "date_text", default=None, metavar="YYYY-MM-DD",
              help="The first day (default: today, UTC; with --catalog, the series start).")
@click.option("--days", type=int, default=1, show_default=True, help="How many days from --date (1 to 366).")
@click.option("--week", default=",".join(DEFAULT_WEEK), show_default=True, metavar="GRADE,...",
              help="The grade for each weekday, Monday first (with --catalog, only when given).")
@rules_option
@click.option("--catalog", callback=named, default=None,
              help="Publish this seed catalog's entries one a day (in its order, or by --week if given) instead "
                   "of each date's own deal.")
@click.option("--series-start", default=None, metavar="YYYY-MM-DD",
              help="With --catalog: the day of its first entry.")
@click.option("--mono", is_flag=True, help="Draw in greys only.")
@jobs_option
@click.option("-o", "--output", "output", callback=named, default=str(OUTPUT / "daily"),
              show_default=True, help="The folder for the day's files (created if missing).")
def daily(game, date_text, days, week, rules, catalog, series_start, mono, jobs, output) -> None:
    """Daily deals: a date always maps to the same deal, its grade following the week.

    For each day writes GAME-DATE-square.png (1080x1080), GAME-DATE-wide.png (1200x630),
    GAME-DATE-solution.pdf and GAME-DATE-solution.png (the walkthrough), and GAME-DATE.json
    (date, deal, grade, solution), and for pack-n-stack GAME-DATE-strategy.txt; GAME-RULES-DATE-...
    under a rule set other than the game's first. A day's files are all drawn before any is written,
    and written whole or not at all.

    With --catalog and --series-start the days publish the catalog's entries instead, one a day
    from the start day: in the catalog's order, or with --week each day the next entry of its
    weekday's grade. Every entry used is verified before anything is written.
    """
    import datetime as dt

    from ..daily import day_range, parse_date, parse_week, pick, window_start
    from ..scan import solve_many

    if catalog is not None or series_start is not None:
        _daily_series(game, date_text, days, parse_week(week, GRADES) if _given("week") else None, rules, catalog,
                      series_start, mono, output)
        return
    g = get_game(game)
    rules = g.check_rules(rules)
    first = parse_date(date_text) if date_text is not None else dt.datetime.now(dt.timezone.utc).date()
    dates = day_range(first, days)
    weekly = parse_week(week, GRADES)
    window_start(first)  # refuses dates before the series began, before anything is made
    if g.problem_kit() is not None:
        _daily_problems(g, rules, dates, weekly, mono, jobs, output)
        return
    if load_calibration(g.name, rules) is None:
        raise InputError(f"{g.name} ({rules} rules) has no grade calibration yet: run `dealgen calibrate` first")
    folder = planned_folder(output)
    _check_day_names(folder, [day_stem(g, rules, day) for day in dates], False)

    def graded(deals: range) -> Iterator[tuple[str | None, Any]]:
        results = solve_many(g.name, deals, rules, jobs)  # in deal order, solved ahead on every core
        try:
            for result in results:
                yield (result.grade if result.recorded else None), result
        finally:
            results.close()

    first_day = dates[0]
    for day in dates:
        chosen = pick(day, weekly, graded)
        _check_day_free(folder, day_stem(g, rules, day), {"deal": chosen.deal})
        result = chosen.found
        files = _day_files(g, rules, day, result.to_solution(), result.grade, result.percentile, result.metrics, mono)
        _write_day(folder, files, day, first_day)
        click.echo(f"{day.isoformat()} ({day.strftime('%A')}): deal {chosen.deal}, {chosen.grade} "
                   f"(tried {chosen.tried}); wrote {len(files)} files to {folder}")


def _write_day(folder: Path, files: dict, day, first_day) -> None:
    """One day's files, whole or not at all (the folder made now, when missing: a run that fails
    first leaves none); a failure after the first day says that the days before it stay written."""
    try:
        write_files(folder, files)
    except InputError as err:
        if day == first_day:
            raise
        raise InputError(f"{err} ({day.isoformat()}'s files); the days before it are written") from None


DAY_FILES = ("-square.png", "-wide.png", "-solution.pdf", "-solution.png", ".json")  # a problem's adds -strategy.txt


def _check_day_names(folder: Path, stems: list[str], problem: bool) -> None:
    """Before any work: no name a day's files take is a folder (or a device) in ``folder``,
    so a run of many days does not stop part way."""
    if folder.is_dir():
        for stem in stems:
            for suffix in DAY_FILES + (("-strategy.txt",) if problem else ()):
                check_free(folder / f"{stem}{suffix}")


def day_stem(game, rules: str, day) -> str:
    """GAME-DATE, or GAME-RULES-DATE (``Game.file_stem``)."""
    return f"{game.file_stem(rules)}-{day.isoformat()}"


def _check_day_free(folder: Path, stem: str, puzzle: dict) -> None:
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


def _daily_series(game, date_text, days: int, week, rules, catalog, series_start, mono: bool, output: str) -> None:
    """Daily files from a seed catalog, one entry a day from the series start: the catalog's
    order, or the weekday's grade with ``week``."""
    from ..daily import parse_date, series_days, series_order

    if catalog is None:
        raise InputError("--series-start goes with --catalog: it dates a catalog's first entry")
    if series_start is None:
        raise InputError("--catalog needs --series-start YYYY-MM-DD, the day its first entry is published")
    cat = _read_matching_catalog(catalog, game, rules)
    start = parse_date(series_start)
    first = parse_date(date_text) if date_text is not None else start
    picks = series_days(start, first, days, *series_order(start, [e.grade for e in cat.entries], week))
    folder = planned_folder(output)
    g = get_game(cat.game)
    _check_day_names(folder, [day_stem(g, cat.rules, day) for day, _ in picks], cat.entries[0].kind == "problem")
    for day, i in picks:  # before any work: the days free, every entry verified (the gate)
        entry = cat.entries[i]
        _check_day_free(folder, day_stem(g, cat.rules, day),
                        {"deal": entry.deal, "turn": entry.turn} if entry.kind == "problem" else {"deal": entry.deal})
    for _, i in picks:
        verdict = cat.entries[i].verify(cat)
        if not verdict.ok:
            raise CheckFailed(f"nothing written: {verdict.line()}")
    first_day = picks[0][0]
    for day, i in picks:
        entry = cat.entries[i]
        series = {"catalog": cat.title or Path(catalog).name, "entry": i + 1, "start": start.isoformat()}
        if week is not None:
            series["week"] = list(week)
        if entry.kind == "problem":
            files = _problem_day_files(g, day, entry, mono, series)
        else:
            files = _day_files(g, cat.rules, day, cat.solution(entry), entry.grade, entry.percentile,
                               entry.metrics, mono, series)
        _write_day(folder, files, day, first_day)
        click.echo(f"{day.isoformat()} ({day.strftime('%A')}): entry {i + 1} of {len(cat.entries)}, "
                   f"{getattr(entry, 'source', f'deal {entry.deal}')}, {entry.grade}; wrote {len(files)} files to {folder}")


def _day_files(game, rules: str, day, solution, grade: str, percentile: float, metrics: dict, mono: bool,
               series: dict | None = None) -> dict[str, bytes]:
    """Every file of one day, drawn in memory first; ``series`` names the catalog entry it comes from."""
    from .. import __version__
    from ..daily import IMAGE_SIZES, day_scene, day_words, grade_mark
    from ..render.pdf import walkthrough_pdf_bytes
    from ..render.png import fitting_dpi, png_bytes
    from ..render.registry import DiagramOptions, position_scene
    from ..render.walkthrough import build_walkthrough, overview_scene

    dated = day_words(day)
    wt = replace(build_walkthrough(solution, grade=grade), dated=dated)  # replays through the engine again
    stem = day_stem(game, rules, day)
    title = f"{game.title} · {dated}"
    subtitle = (f"{game.pysolfc_label(solution.deal)} · {grade.capitalize()} "
                f"{grade_mark(grade, GRADES)} · {game.rules_label(rules)}")
    diagram = position_scene(game, game.deal(solution.deal, rules), DiagramOptions(mono=mono, caption=False))
    files = {f"{stem}-{kind}.png": png_bytes(day_scene(diagram, title, subtitle, size), size=size)
             for kind, size in IMAGE_SIZES.items()}
    files[f"{stem}-solution.pdf"] = walkthrough_pdf_bytes(wt, mono)[0]
    sheet = overview_scene(wt, mono)
    files[f"{stem}-solution.png"] = png_bytes(sheet, dpi=fitting_dpi(sheet, 150))  # a long record: less than 150
    record = {"date": day.isoformat(), "game": game.name, "rules": rules, "deal": solution.deal,
              "grade": grade, "percentile": percentile, "metrics": metrics,
              "solution": list(solution.moves), "verified_by": f"dealgen {__version__}"}
    if solution.outcome != "won":  # as in a catalog: a record that ends otherwise says how
        record["outcome"] = solution.outcome
    if series is not None:
        record["series"] = series
    files[f"{stem}.json"] = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    return files


def _daily_problems(game, rules: str, dates, weekly, mono: bool, jobs: int, output: str) -> None:
    """Daily problems: the day's deal is the first in its window with a problem of the weekday's
    grade, and the problem is the strongest of that grade in the deal's endgame."""
    from ..catalog import Catalog, ProblemEntry
    from ..daily import pick
    from ..problemset import find_many

    folder = planned_folder(output)
    _check_day_names(folder, [day_stem(game, game.default_rules, day) for day in dates], True)
    first_day = dates[0]
    for day in dates:
        wanted = weekly[day.weekday()]

        def graded(deals: range) -> Iterator[tuple[str | None, Any]]:
            results = find_many(game, deals, jobs)  # each deal's problems, in deal order, found ahead
            try:
                for problems in results:
                    mine = [p for p in problems if p["grade"] == wanted]
                    yield (wanted if mine else None), mine
            finally:
                results.close()

        chosen = pick(day, weekly, graded)
        p = max(chosen.found, key=lambda p: (p["stars"], p["n"], -p["turn"]))
        entry = ProblemEntry(p["deal"], p["turn"], p["grade"], p["stars"], p["n"], tuple(p["position"]),
                             tuple(p["strategy"]), p["metrics"])
        _check_day_free(folder, day_stem(game, game.default_rules, day), {"deal": entry.deal, "turn": entry.turn})
        verdict = entry.verify(Catalog(game.name, rules, (entry,)))  # the gate: nothing unverified is drawn
        if not verdict.ok:
            raise CheckFailed(f"nothing written: {verdict.line()}")
        files = _problem_day_files(game, day, entry, mono)
        _write_day(folder, files, day, first_day)
        click.echo(f"{day.isoformat()} ({day.strftime('%A')}): deal {chosen.deal} turn {entry.turn}, {entry.grade} "
                   f"(tried {chosen.tried}); wrote {len(files)} files to {folder}")


def _problem_day_files(game, day, entry, mono: bool, series: dict | None = None) -> dict[str, bytes]:
    """Every file of one day's problem, drawn in memory first; ``series`` as for _day_files."""
    from .. import __version__
    from ..daily import IMAGE_SIZES, day_scene, day_words, grade_mark
    from ..render.pdf import problem_pdf_bytes
    from ..render.png import fitting_dpi, png_bytes
    from ..render.problem import deeper, solution_scene
    from ..render.registry import DiagramOptions, position_scene

    kit = game.problem_kit()
    question, lines, complete = kit.solution(entry.strategy_text(game), entry.source)
    state = entry.state(game, game.default_rules)
    stem = day_stem(game, game.default_rules, day)
    title = f"{game.title} · {day_words(day)}"
    subtitle = (f"{question} · {entry.grade.capitalize()} {grade_mark(entry.grade, GRADES)} · from deal #{entry.deal}"
                f" · {game.rules_label(game.default_rules)}")
    diagram = position_scene(game, state, DiagramOptions(mono=mono, caption=False))
    files = {f"{stem}-{kind}.png": png_bytes(day_scene(diagram, title, subtitle, size), size=size)
             for kind, size in IMAGE_SIZES.items()}
    heading = f"{title}: {question}"
    # the whole strategy, as a file dealgen verify replays: the lines drawn may stop short of it
    files[f"{stem}-strategy.txt"] = entry.strategy_text(game).encode("utf-8")
    more = None if complete else deeper(f"{stem}-strategy.txt")
    files[f"{stem}-solution.pdf"] = problem_pdf_bytes(game, state, heading, lines, more, mono)
    sheet = solution_scene(game, state, heading, lines, more, mono)
    files[f"{stem}-solution.png"] = png_bytes(sheet, dpi=fitting_dpi(sheet, 150))
    record = {"date": day.isoformat(), "game": game.name, "rules": game.default_rules, **entry.to_json(),
              "question": question, "verified_by": f"dealgen {__version__}"}
    if series is not None:
        record["series"] = series
    files[f"{stem}.json"] = (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    return files
