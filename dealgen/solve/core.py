"""Which search core runs the tableau family's searches (Penguin, the FreeCell family): compiled, or pure Python.

The compiled core (``dealgen/solve/_tableau_core.c``, built by ``pip install`` where a C
compiler is found) runs the same search as ``tableau.py`` + ``search.py``, move for move,
so verdicts, solutions and metrics are identical whichever runs; the pure-Python code is
the reference and the fallback. ``DEALGEN_PURE_PYTHON=1`` forces the pure-Python core
(read at every search, so tests and benchmarks can compare both in one process). The
audit of ``unsolvable`` verdicts never uses either: it has its own compiled twin,
``_audit_core.c``, sharing no code with this core (see ``audit.py``); the same switch decides.
"""

from __future__ import annotations

import os
from types import ModuleType

PURE_ENV = "DEALGEN_PURE_PYTHON"

try:
    from . import _tableau_core as _compiled
except ImportError:  # no compiler at install time: the pure-Python core it is
    _compiled = None


def forced_pure() -> bool:
    return os.environ.get(PURE_ENV, "").strip() not in ("", "0")


def built() -> ModuleType | None:
    """The compiled core where it is built, whatever ``DEALGEN_PURE_PYTHON`` says (tests
    and benchmarks that compare the two cores)."""
    return _compiled


def compiled() -> ModuleType | None:
    """The compiled core, or None where it is not built or ``DEALGEN_PURE_PYTHON`` is set."""
    return None if forced_pure() else _compiled


def describe() -> str:
    """Which core is in use, in words (``dealgen --version``, ``dealgen games``)."""
    if compiled() is not None:
        return "compiled (C)"
    if _compiled is not None:
        return f"pure Python ({PURE_ENV} is set; the compiled core is built)"
    return "pure Python (the compiled core is not built: no C compiler at install time)"
