"""The public API's makers: a ``Book`` and ``Days`` are the specs the commands build from their
flags (``dealgen.specs``), each with the verbs that make the same files ``dealgen book``,
``dealgen daily`` and ``dealgen site`` make with the same options. The rest of the API (``deal``
and ``Position``, ``solve``, ``verify``) lives in the layer it belongs to; ``import dealgen``
gathers them all.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .publish.books.make import make_book
from .publish.daily import parse_date
from .publish.kit.make import publish_days
from .publish.site.make import publish_site
from .specs import BookSpec, DayPlan


@dataclass(frozen=True, kw_only=True)
class Book(BookSpec):
    """A printable puzzle book (PDF), as ``dealgen book`` makes it: the same options, by the same names.

    ``Book(game="penguin", mix={"easy": 2, "hard": 2}, layout="6x9", title="Test").write("test.pdf")``
    selects two easy and two hard Penguin deals, verifies every solution and writes the book.
    Every field: ``dealgen.specs.BookSpec`` (and ``Selection``, ``FrontMatter``, ``SolutionStyle``)."""

    def write(self, path: str | Path, save_catalog: str | Path | None = None, jobs: Any = 0) -> Path:
        """Write the book to ``path`` (a ``.pdf``), its catalog also to ``save_catalog`` when given;
        ``jobs``: processes (0: one a core). Nothing is written unless every solution replays."""
        make_book(self, str(path), None if save_catalog is None else str(save_catalog), jobs)
        return Path(path)


@dataclass(frozen=True, kw_only=True)
class Days(DayPlan):
    """The daily puzzles, as ``dealgen daily`` and ``dealgen site`` publish them: ``count`` days
    from ``start``, each the date's own deal (or a catalog's entries in a series); ``theme``: a
    TOML file of the site's name, colours and logo. Every field: ``dealgen.specs.DayPlan``."""

    theme: str | None = None

    def write_kit(self, folder: str | Path, mono: bool = False, jobs: Any = 0) -> list[str]:
        """Each day's kit (images, alt text, captions, the day's JSON) into ``folder``, as
        ``dealgen daily`` writes it; ``mono``: greys only. Returns a line a day written."""
        return list(publish_days(self, str(folder), self.theme, mono, jobs))

    def write_site(self, folder: str | Path, today: str | dt.date | None = None, jobs: Any = 0,
                   schedule: str | Path | None = None) -> list[str]:
        """The days as pages of the static site in ``folder`` (added to what it holds), as
        ``dealgen site`` writes them: days after ``today`` (default: today, UTC) wait in
        ``schedule`` (default: the folder's name + ``.schedule``) until a later run releases them.
        Returns a line a day."""
        when = parse_date(today) if isinstance(today, str) else today
        return list(publish_site(self, str(folder), self.theme, jobs, when, None if schedule is None else str(schedule)))


__all__ = ["Book", "Days"]
