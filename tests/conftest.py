"""Shared test helpers: golden data and a builder for hand-made Penguin positions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dealgen.cards import CARDS, SUITS, Card
from dealgen.games.penguin import PENGUIN, PenguinState

# Reproducible builds: the tests compare rebuilt PDFs byte for byte, which holds where
# SOURCE_DATE_EPOCH fixes their dates (2026-01-01); a test of the real date unsets it.
os.environ.setdefault("SOURCE_DATE_EPOCH", "1767225600")

DATA = Path(__file__).parent / "data"
SHARED_VECTORS = Path(__file__).resolve().parents[1].parent / "shared" / "vectors"


def golden(name: str) -> Path:
    """A golden file: the copy in tests/data, else the one in ../shared/vectors."""
    for folder in (DATA, SHARED_VECTORS):
        if (folder / name).is_file():
            return folder / name
    pytest.fail(f"golden file {name} is missing from tests/data and ../shared/vectors")


def position(beak: str, columns: dict[int, str], cells: str = "", home: dict[str, str] | None = None,
             rules: str = "parlett") -> PenguinState:
    """A consistent position: the given columns (1-based, deepest first), cells and
    foundation tops; every card not placed goes, in card order, into the lowest-numbered
    columns not given (so each of the 52 is present once)."""
    b = Card.parse(beak)
    tops = {s: None for s in SUITS}
    tops.update({s: Card.parse(c) for s, c in (home or {}).items()})
    placed: set[Card] = set()
    for s, top in tops.items():
        if top is not None:
            n = (top - b) % 13 + 1
            placed.update(CARDS[SUITS.index(s) * 13 + (b % 13 + k) % 13] for k in range(n))
    cols = {n: [Card.parse(t) for t in text.split()] for n, text in columns.items()}
    cell_cards = [None if t == "-" else Card.parse(t) for t in cells.split()]
    cell_cards += [None] * (7 - len(cell_cards))
    for col in cols.values():
        placed.update(col)
    placed.update(c for c in cell_cards if c is not None)
    rest = [c for c in CARDS if c not in placed]
    free = [n for n in range(1, 8) if n not in cols]
    for i, n in enumerate(free):
        cols[n] = rest[i::len(free)] if free else []
    data = {
        "game": "penguin", "deal": None, "rules": rules, "beak": b.code,
        "foundations": {s: (t.code if t is not None else None) for s, t in tops.items()},
        "cells": [c.code if c is not None else None for c in cell_cards],
        "columns": [[c.code for c in cols[n]] for n in range(1, 8)],
    }
    return PENGUIN.from_json(data)


@pytest.fixture(params=("compiled", "python"))
def core(request, monkeypatch):
    """Run a test on each search core: the compiled one (skipped where it is not built;
    .ci/run requires it) and the pure-Python one (forced by DEALGEN_PURE_PYTHON)."""
    from dealgen.solve import core as cores

    if request.param == "compiled":
        if cores._compiled is None:
            pytest.skip("the compiled core is not built")
        monkeypatch.delenv(cores.PURE_ENV, raising=False)
    else:
        monkeypatch.setenv(cores.PURE_ENV, "1")
    return request.param


def hearing_ctrl_c() -> None:
    """Run in a child before it starts dealgen (``preexec_fn``): Ctrl-C as a terminal gives it. A
    suite started in the background by a shell (`.ci/run &`) ignores SIGINT, and children inherit that."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
