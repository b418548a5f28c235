"""`dealgen site`: a static site of the daily puzzles, each day a page where people play it."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "data" / "site"  # scripts and styles the pages load
