"""dealgen: generate, grade, verify and publish card-solitaire puzzles.

The public API (``dealgen.api``; its specs in ``dealgen.specs``)::

    import dealgen
    pos = dealgen.deal("penguin", 7)          # a Position: print(pos), pos.to_json()
    result = dealgen.solve(pos)               # .verdict .moves .metrics .grade .certified
    dealgen.verify(pos, result.moves)         # raises dealgen.IllegalMove on a bad line
    dealgen.Book(game="penguin", mix={"easy": 2, "hard": 2}, title="Test").write("test.pdf")
    dealgen.Days(game="penguin", start="2027-01-04", count=2).write_site("site/")

These names load on first use, so that ``import dealgen.games`` (or a worker process) does not
pull in the typesetting and drawing libraries the API reaches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .version import __version__

if TYPE_CHECKING:  # (for type checkers and the API reference; at run time, __getattr__ below)
    from .api import Book, Days
    from .errors import CheckFailed, IllegalMove, InputError
    from .games.position import Position, deal
    from .solve import SolveResult, solve
    from .specs import BookSpec, DayPlan, FrontMatter, Selection, SolutionStyle
    from .verify import Line, verify

__all__ = [
    "deal", "solve", "verify", "Position", "Line", "SolveResult",
    "Book", "Days", "Selection", "FrontMatter", "SolutionStyle", "BookSpec", "DayPlan",
    "IllegalMove", "CheckFailed", "InputError",
    "__version__",
]

_HOMES = {
    "deal": "games.position", "Position": "games.position", "solve": "solve", "SolveResult": "solve",
    "verify": "verify", "Line": "verify", "Book": "api", "Days": "api",
    "Selection": "specs", "FrontMatter": "specs", "SolutionStyle": "specs", "BookSpec": "specs", "DayPlan": "specs",
    "IllegalMove": "errors", "CheckFailed": "errors", "InputError": "errors",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'dealgen' has no attribute {name!r}")
    from importlib import import_module

    home = import_module(f"{__name__}.{_HOMES[name]}")
    return home if name in ("solve", "verify") else getattr(home, name)  # (callable modules: solve(position))


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
