"""What to make, as small frozen dataclasses: the options the commands and the Python API share.

The command line builds these from its flags and the library takes them whole (``publish``
reads them; ``dealgen.Book`` and ``dealgen.Days`` are made of them). A field left at None is a
choice not made: the default applies, and where a choice matters only when made (the game of a
catalog's book, a week for a catalog series) None says that it was not. Every field is keyword
only, so a new option is a new field with a default and no caller changes.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Mapping

DEFAULT_GAME = "penguin"
DEFAULT_MAX_TRIES = 5000  # deals a fresh selection may try before it gives up


@dataclass(frozen=True, kw_only=True)
class Selection:
    """Which deals a fresh graded selection takes: ``count`` spread evenly over the grades, or
    ``mix`` per grade (``{"easy": 2, "hard": 2}`` or ``"easy:2,hard:2"``); deal numbers from
    ``start`` upward, or drawn from the master ``seed``; at most ``max_tries`` deals tried, each
    solved within ``max_states`` positions. For a game of problems (Pack 'n' Stack), ``count``
    problems of any grade."""

    game: str | None = None
    """None: Penguin, and a catalog's game is not checked."""
    rules: str | None = None
    """None: the game's first rule set."""
    count: int | None = None
    """None: 40 deals, or 8 problems."""
    mix: str | Mapping[str, int] | None = None
    start: int | None = None
    seed: int | None = None
    max_tries: int | None = None
    """None: 5000 (``DEFAULT_MAX_TRIES``)."""
    max_states: int | None = None
    """None: the solver's default budget."""

    @property
    def game_name(self) -> str:
        return self.game if self.game is not None else DEFAULT_GAME

    @property
    def tries(self) -> int:
        return self.max_tries if self.max_tries is not None else DEFAULT_MAX_TRIES

    @property
    def mix_text(self) -> str | None:
        """The mix in its text form (``easy:2,hard:2``), however it was given."""
        if self.mix is None or isinstance(self.mix, str):
            return self.mix
        return ",".join(f"{grade}:{count}" for grade, count in self.mix.items())


@dataclass(frozen=True, kw_only=True)
class FrontMatter:
    """A book's title page and copyright page; None: the catalog's, else a default."""

    title: str | None = None
    subtitle: str | None = None
    author: str | None = None
    publisher: str | None = None
    """Named on the copyright page (and its copyright holder where no author is given)."""
    info: str | None = None
    """A TOML file of the author and publisher (``author = "..."``, ``publisher = "..."``); the fields above win."""
    isbn: str | None = None
    edition: str | None = None
    year: int | None = None


@dataclass(frozen=True, kw_only=True)
class SolutionStyle:
    """How a book prints its solutions: ``"key"`` (compact answers, several a page) or
    ``"walkthrough"`` (every move in words), with a diagram at least every ``every`` moves
    (0: at milestones only)."""

    solutions: str = "key"
    every: int = 20


@dataclass(frozen=True, kw_only=True)
class BookSpec(Selection, FrontMatter, SolutionStyle):
    """A book: from ``catalog`` (a seed catalog or a dealgen book's PDF; several make a
    compendium) or else a fresh ``Selection``, on the pages of ``layout`` (a preset of
    ``layouts/`` or a ``.toml`` file), with its front matter and solution style."""

    catalog: str | tuple[str, ...] | None = None
    layout: str = "6x9"

    @property
    def catalogs(self) -> tuple[str, ...]:
        return (self.catalog,) if isinstance(self.catalog, str) else tuple(self.catalog or ())


@dataclass(frozen=True, kw_only=True)
class DayPlan:
    """Which days publish what: ``count`` days from ``start`` (default: today, UTC), each the
    date's own deal of its weekday's grade in ``week`` (Monday first, e.g.
    ``"easy,easy,medium,medium,hard,hard,expert"``); or with ``catalog`` and ``series_start``
    the catalog's entries one a day (in its order, or by ``week`` when given)."""

    game: str | None = None
    """None: Penguin, and a catalog's game is not checked."""
    start: str | dt.date | None = None
    count: int = 1
    week: str | None = None
    """None: the default week, or a series in the catalog's order."""
    rules: str | None = None
    catalog: str | None = None
    series_start: str | dt.date | None = None

    @property
    def game_name(self) -> str:
        return self.game if self.game is not None else DEFAULT_GAME

    @property
    def start_text(self) -> str | None:
        return None if self.start is None else str(self.start)

    @property
    def series_start_text(self) -> str | None:
        return None if self.series_start is None else str(self.series_start)
