"""`dealgen site`: the daily puzzles as a static site where people play them."""

from __future__ import annotations

import datetime as dt

import click

from ..errors import InputError
from ..fileio import check_free, output_folder, planned_folder, write_files
from . import main
from .common import named
from .publish_cmds import OUTPUT, day_options, day_plan, read_theme


@main.command()
@day_options
@click.option("-o", "--output", "output", callback=named, default=str(OUTPUT / "site"), show_default=True,
              help="The site's folder (created if missing; a later run adds its days to it).")
def site(game, date_text, days, week, rules, catalog, series_start, theme_path, jobs, output) -> None:
    """A static site of the days `dealgen daily` publishes, each a page where people play the deal.

    Writes index.html (today's puzzle and the archive by month), GAME-DATE.html per day,
    feed.xml (Atom), days.json, img/GAME-DATE-wide.png (link previews) and assets/ (scripts,
    styles, fonts). A later run into the same folder adds its days and keeps the site's theme
    unless --theme gives another; a date already on the site is never replaced by another puzzle. The pages fetch nothing from elsewhere: they work from
    any static host and opened from disk.
    """
    from ..publish.site import check_site, day_files, site_theme

    given = read_theme(theme_path) if theme_path is not None else None
    plan = day_plan(game, date_text, days, week, rules, catalog, series_start, jobs)
    folder = planned_folder(output)
    theme = site_theme(folder, given)
    published = check_site(folder, plan)
    if folder.is_dir():  # before any work: no name the run writes is taken by a folder
        for name in ["index.html", "feed.xml", "days.json"] + [f"{stem}.html" for stem in plan.stems] + \
                [f"img/{stem}-wide.png" for stem in plan.stems]:
            check_free(folder / name)
    today = dt.datetime.now(dt.timezone.utc).date()
    first = True
    for day in plan.days():
        try:
            files, published = day_files(day, published, theme, today, folder, assets=first)
            for sub in ("assets", "img"):
                output_folder(folder / sub)
            write_files(folder, files)
        except InputError as err:
            if first:
                raise
            raise InputError(f"{err} ({day.date.isoformat()}'s page); the days before it are written") from None
        first = False
        click.echo(f"{day.date.isoformat()} ({day.date.strftime('%A')}): {day.how}; wrote {day.stem}.html to {folder}")
