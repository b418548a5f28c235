"""`dealgen generate`, `dealgen book` and `dealgen daily`: from deal numbers to published pages."""

from __future__ import annotations

import click

from ..publish import OUTPUT
from ..publish.daily import DEFAULT_WEEK
from ..publish.kit.make import publish_days
from ..specs import BookSpec, DayPlan, Selection
from .app import main
from .common import Choice, ProgressLine, jobs_option, named, note, rules_option, titled


def _selection_options(func):
    options = [
        click.option("--count", type=int, default=None,
                     help="How many deals, spread evenly over the grades (default 40); for a game of problems "
                          "(pack-n-stack), how many problems of any grade (default 16)."),
        click.option("--mix", default=None, metavar="GRADE:N,...",
                     help="How many of each grade, e.g. easy:10,medium:10,hard:10,expert:10."),
        click.option("--start", type=int, default=None, help="Scan deal numbers upward from this one (default 1)."),
        click.option("--seed", type=click.IntRange(min=0), default=None,
                     help="Draw deal numbers from this master seed instead of in order."),
        click.option("--max-tries", type=int, default=5000, show_default=True, help="Give up after this many deals."),
        jobs_option,
        click.option("--max-states", type=int, default=None, help="Solver budget per deal, in positions expanded."),
        rules_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


@main.command(short_help="Select graded deals of GAME into a seed catalog.")
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
    from ..publish.books.make import make_catalog

    chosen = Selection(game=game, rules=rules, count=count, mix=mix, start=start, seed=seed, max_tries=max_tries,
                       max_states=max_states)
    click.echo(make_catalog(chosen, title, output, jobs, ProgressLine(), note))


@main.command(short_help="Make a printable puzzle book (PDF).")
@click.option("--game", default="penguin", show_default=True, help="The game, for a fresh selection.")
@click.option("--catalog", multiple=True, metavar="CATALOG",
              help="Make the book from this seed catalog (JSON, or a dealgen book's PDF) instead of a fresh "
                   "selection. Give it more than once for a compendium: a part per catalog (game), each with its "
                   "how to play and puzzles, the solutions at the back, part by part.")
@_selection_options
@click.option("--layout", "layout_name", default="6x9", show_default=True, metavar="NAME|PATH",
              help="A preset from layouts/ (6x9, 6x9-kdp, letter-2up, a5, letter, a4, large-print, letter-4up) or "
                   "a .toml file.")
@click.option("--title", default=None, callback=titled,
              help="Title (default: the catalog's, or '<Game> Puzzles').")
@click.option("--subtitle", default=None, help="Subtitle (default: how many puzzles and grades).")
@click.option("--author", default=None,
              help="Author shown on the title page, in the copyright notice and in the PDF metadata.")
@click.option("--publisher", default=None,
              help="Publisher named on the copyright page (and the copyright holder where no author is given).")
@click.option("--info", "info_file", callback=named, default=None, metavar="FILE.toml",
              help="The author and publisher from a TOML file (author = \"...\", publisher = \"...\"); "
                   "--author and --publisher win over it.")
@click.option("--isbn", default=None, help="ISBN for the copyright page (default: the catalog's, if any).")
@click.option("--edition", default=None, help="Edition line for the copyright page, e.g. 'First edition'.")
@click.option("--year", type=click.IntRange(1450, 9999), default=None,
              help="Copyright year (default: the catalog's, else SOURCE_DATE_EPOCH's, else this year).")
@click.option("--every", type=int, default=20, show_default=True,
              help="In the solutions, a diagram at least every this many moves (Perpetual Motion: passes) as "
                   "well as at milestones (one a page has no room left for opens the next page, at its own move; "
                   "0: milestones only).")
@click.option("--solutions", type=Choice(["key", "walkthrough"]), default="key", show_default=True,
              help="key: compact answers, several a page (the moves in notation, the forced finish in a line, "
                   "at most one diagram); walkthrough: every move in words with diagrams along the way.")
@click.option("--save-catalog", callback=named, default=None,
              help="Also write the book's catalog here (the fresh selection, or the --catalog given: a book "
                   "PDF's catalog as JSON).")
@click.option("-o", "--output", "output", callback=named, default=None,
              help="The PDF (default output/GAME-book-LAYOUT.pdf; GAME-RULES-book-LAYOUT.pdf under a rule "
                   "set other than the game's first).")
def book(game, catalog, rules, count, mix, start, seed, max_tries, jobs, max_states, layout_name, title,
         subtitle, author, publisher, info_file, isbn, edition, year, every, solutions, save_catalog, output) -> None:
    """Make a printable puzzle book (PDF): puzzles up front, solutions at the back.

    With no options: 40 fresh Penguin deals, ten of each grade, on 6 x 9 in pages, in output/.
    Nothing is written unless every solution replays through the engine and wins.
    """
    from ..publish.books.make import make_book

    spec = BookSpec(game=game if _given("game") else None, catalog=catalog, rules=rules, count=count, mix=mix,
                    start=start, seed=seed, max_tries=max_tries if _given("max_tries") else None,
                    max_states=max_states, layout=layout_name, title=title, subtitle=subtitle, author=author,
                    publisher=publisher, info=info_file, isbn=isbn, edition=edition, year=year, every=every,
                    solutions=solutions)
    click.echo(make_book(spec, output, save_catalog, jobs, ProgressLine(), note))


def _given(name: str) -> bool:
    """Whether option ``name`` was given on the command line (not left at its default)."""
    return click.get_current_context().get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE


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
                     help="The site's name and address, colours and logo, for every image and page (see docs/guides/site.md)."),
        jobs_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


@main.command(short_help="Publish each day's deal: images, answer and captions.")
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
    for line in publish_days(day_plan(game, date_text, days, week, rules, catalog, series_start), output,
                             theme_path, mono, jobs):
        click.echo(line)


def day_plan(game, date_text, days, week, rules, catalog, series_start) -> DayPlan:
    """The days `dealgen daily` and `dealgen site` publish; the game and the week only when given."""
    return DayPlan(game=game if _given("game") else None, start=date_text, count=days,
                   week=week if _given("week") else None, rules=rules, catalog=catalog, series_start=series_start)
