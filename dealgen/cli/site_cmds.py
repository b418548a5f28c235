"""`dealgen site`: the daily puzzles as a static site where people play them."""

from __future__ import annotations

import click

from ..publish import OUTPUT
from ..publish.site.make import publish_site
from .app import main
from .common import named
from .publish_cmds import _given, day_options


@main.command()
@day_options
@click.option("-o", "--output", "output", callback=named, default=str(OUTPUT / "site"), show_default=True,
              help="The site's folder (created if missing; a later run adds its days to it).")
def site(game, date_text, days, week, rules, catalog, series_start, theme_path, jobs, output) -> None:
    """A static site of the days `dealgen daily` publishes, each a page where people play the deal.

    Writes index.html (today's puzzle and the archive by month), GAME-DATE.html per day,
    feed.xml (Atom), days.json, img/GAME-DATE-wide.png (link previews) and assets/ (scripts,
    styles, fonts). A later run into the same folder adds its days and keeps the site's theme
    unless --theme gives another; a date already on the site is never replaced by another puzzle.
    The pages fetch nothing from elsewhere: they work from any static host and opened from disk.
    """
    for line in publish_site(game, date_text, days, week, rules, catalog, series_start, jobs, output, theme_path,
                             week_given=_given("week"), game_given=_given("game")):
        click.echo(line)
