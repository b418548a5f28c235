"""`dealgen site`: the daily puzzles as a static site where people play them."""

from __future__ import annotations

import click

from ..publish import OUTPUT
from ..publish.daily import parse_date
from ..publish.site.make import publish_site, release_site
from .app import main
from .common import named
from .publish_cmds import _given, day_options, day_plan


@main.command(short_help="Build the static site of the daily deals.")
@day_options
@click.option("-o", "--output", "output", callback=named, default=str(OUTPUT / "site"), show_default=True,
              help="The site's folder (created if missing; a later run adds its days to it).")
@click.option("--today", "today_text", default=None, metavar="YYYY-MM-DD",
              help="Days after this date go to the schedule, not the site (default: today, UTC).")
@click.option("--schedule", callback=named, default=None,
              help="Where days after --today wait, never published (default: the output folder's name + .schedule).")
@click.option("--release", is_flag=True,
              help="Make no new day: only move the scheduled days whose date has come into the site (for a daily "
                   "cron job).")
def site(game, date_text, days, week, rules, catalog, series_start, theme_path, jobs, output, today_text, schedule,
         release) -> None:
    """A static site of the days `dealgen daily` publishes, each a page where people play the deal.

    Writes index.html (today's puzzle and the archive by month), GAME-DATE.html per day,
    feed.xml (Atom), days.json, img/GAME-DATE-wide.png (link previews) and assets/ (scripts,
    styles, icons), manifest.webmanifest and sw.js (offline play). A later run into the same folder adds its days and keeps the site's theme
    unless --theme gives another; a date already on the site is never replaced by another puzzle.
    The pages fetch nothing from elsewhere: they work from any static host and opened from disk.

    A day's page holds its solution, so days after --today are not written into the site: they
    wait in the schedule folder beside it, and any later run (--release, made for a daily cron
    job, or one that adds days) moves those whose date has come into the site.
    """
    today = parse_date(today_text) if today_text is not None else None
    if release:
        options = {"game": "--game", "date_text": "--date", "days": "--days", "week": "--week", "rules": "--rules",
                   "catalog": "--catalog", "series_start": "--series-start", "theme_path": "--theme"}
        making = [option for name, option in options.items() if _given(name)]
        if making:
            raise click.UsageError(f"--release makes no new day, so it takes no {', '.join(making)}: run it alone "
                                   f"(with -o, --today, --schedule), or drop --release to add days")
    lines = release_site(output, schedule, today) if release else \
        publish_site(day_plan(game, date_text, days, week, rules, catalog, series_start), output, theme_path, jobs,
                     today, schedule)
    for line in lines:
        click.echo(line)
