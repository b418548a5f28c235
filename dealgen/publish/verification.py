"""Verify any file dealgen writes or reads: a solution file or game record, a seed catalog, a
book's PDF (its embedded catalog), a day's JSON, or a strategy file. What a file is goes by its
content, so a renamed file is still read for what it is; standard input and pipes are read once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from ..fileio import decode_text, is_pdf, read_bytes, read_stdin, read_text
from ..games import get_game
from ..solution import Solution, is_strategy, stream_solution
from ..solve.pack_n_stack.strategy import check_tree, parse_strategy
from ..verify import Verdict, replay_steps
from .books.pages import page_mismatches
from .catalog import Catalog, parse_catalog, read_book_catalogs, verify_catalog

STDIN = "<stdin>"  # how errors name standard input


@dataclass(frozen=True)
class Checked:
    """A file replayed: a catalog with a verdict for each entry, a strategy tree with its check,
    or a solution (its headers: the moves are read as they are played) with its verdict;
    ``source`` names the file as errors do."""

    source: str
    catalog: Catalog | None = None  # (a compendium's first part)
    verdicts: tuple[Any, ...] = ()
    games: tuple[str, ...] = ()  # each verdict's game (a compendium's parts are of several)
    pages: tuple[str, ...] = ()  # where a book's printed puzzles disagree with its catalog (``pages``)
    book: bool = False  # a book's PDF: its pages were read too
    tree: Any = None
    check: Any = None
    solution: Solution | None = None
    verdict: Verdict | None = None


def verify_file(file: str, given: dict[str, str] | None = None) -> Checked:
    """Read ``file`` (``-``: standard input) for what it is and replay it through the engine;
    InputError when it cannot be read as any of them. ``given`` headers stand in for a solution
    file's missing game: and deal: lines (fc-solve's solution files)."""
    # what FILE is goes by its content, so a renamed file is still read for what it is
    what = "solution, catalog, book or strategy file"
    if file == "-" or (os.path.exists(file) and not os.path.isfile(file) and not os.path.isdir(file)):
        # standard input, or a pipe such as <(...): read once, as it cannot be read again
        data, source = (read_stdin(), STDIN) if file == "-" else (read_bytes(file, what), file)
        pdf = data.startswith(b"%PDF-")
        text = "" if pdf else decode_text(data, source, "input" if file == "-" else what)
    else:
        data, source = None, file
        pdf = is_pdf(file)
        if file.lower().endswith(".pdf") and not pdf and os.path.isfile(file):
            raise InputError(f"{file}: not a PDF (a dealgen book is a PDF file)")
        text = "" if pdf else read_text(file, what)  # says why a file cannot be read
    if pdf or text.lstrip().startswith(("{", "[")):  # JSON: a catalog, or (a list) what no dealgen file is
        if pdf:  # a book: its catalog, or a compendium's, one a part
            catalogs = read_book_catalogs(source, data)
        else:
            catalogs = [parse_catalog(text, source, days=True)]
        verdicts: list[Any] = []
        games: list[str] = []
        for one in catalogs:
            found = verify_catalog(one)
            verdicts += found
            games += [one.game] * len(found)
        pages: list[str] = []
        if pdf:  # the pages must print the catalog the book carries: a swapped catalog fails here
            if data is None:
                with open(file, "rb") as handle:
                    data = handle.read()
            pages = page_mismatches(data, catalogs, source)
        return Checked(source, catalog=catalogs[0], verdicts=tuple(verdicts), games=tuple(games), pages=tuple(pages), book=pdf)
    if is_strategy(text):  # a two-player "to play and win" strategy tree
        tree = parse_strategy(text, source)
        return Checked(source, tree=tree, check=check_tree(tree, source))
    solution, moves = stream_solution(text, source, given)  # the moves read as played: a bad one ends it
    return Checked(source, solution=solution, verdict=replay_steps(solution, moves))


def shown_position(game: str, verdict) -> tuple[str, int, str] | None:
    """What --show shows of a failed replay: ("before_move" or "after_move", the move's number,
    the position as text); None when there is nothing to show."""
    if verdict.ok or not hasattr(verdict, "before_error"):  # (a problem's verdict has none)
        return None
    if verdict.error is None and (verdict.won if verdict.reached is None else verdict.reached):
        return None  # play ended as claimed; only a catalog's stated figures disagree
    if verdict.before_error is not None:
        return "before_move", verdict.error.move, get_game(game).to_text(verdict.before_error)
    if verdict.final is not None:  # every move legal, but not the claimed end: where play stopped
        return "after_move", verdict.moves_played, get_game(game).to_text(verdict.final)
    return None

