"""`dealgen verify`: replay a solution file, a catalog, a book or a day's JSON through the engine."""

from __future__ import annotations

import os
import sys

import click

from ..catalog import parse_catalog, read_book_catalogs, verify_catalog
from ..errors import InputError
from ..games import get_game
from ..fileio import decode_text, is_pdf, read_bytes, read_stdin, read_text
from ..pns.strategy import check_tree, is_strategy, parse_strategy, verdict_json, verdict_lines
from ..solution import parse_solution
from ..verify import replay
from . import main
from .common import echo_json, echo_json_error

STDIN = "<stdin>"  # how errors name standard input


@main.command()
@click.argument("file", type=click.Path(allow_dash=True, path_type=str))  # a folder: read_text says so, in --json too
@click.option("--show", is_flag=True, help="Print the position before the failing move, or where play stopped short of "
                                          "the end (for a strategy file, where its first failure shows); with --json, "
                                          "as the verdict's \"position\" field.")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON (a list, one per deal, for catalogs, "
                                                      "books and days' JSON); input that cannot be read gives {\"ok\": false, \"error\": {\"reason\": ...}}.")
def verify(file: str, show: bool, as_json: bool) -> None:
    """Replay FILE through the engine: a solution file, a seed catalog (.json), a dealgen book (.pdf),
    a day's JSON from `dealgen daily`, or a Pack 'n' Stack strategy file (every reply covered, every
    branch a win). FILE - reads standard input.

    Exit 0 only if every move of every solution is legal and every game is won; exit 1 when a move
    is illegal or a game is not won; exit 2 when FILE cannot be read.
    """
    try:
        code = _verify(file, show, as_json)
    except InputError as err:
        if as_json:
            echo_json_error(err, verdict=f"cannot verify: {err}")
        raise
    sys.exit(code)


def _verify(file: str, show: bool, as_json: bool) -> int:
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
        if pdf:
            catalogs = read_book_catalogs(source, data)  # one, or a compendium's, a part each
        else:
            catalogs = [parse_catalog(text, source, days=True)]
        catalog = catalogs[0]
        verdicts, games = [], []
        for one in catalogs:
            found = verify_catalog(one)
            verdicts += found
            games += [one.game] * len(found)
        # a book's pages must print the catalog it carries: a swapped catalog fails here
        pages = _page_problems(source, data, catalogs) if pdf else []
        if as_json:
            out = [{"entry": i, "deal": v.deal, **v.to_json(), **_shown_json(game, v, show)}
                   for i, (v, game) in enumerate(zip(verdicts, games), 1)]
            if pages:
                out.append({"ok": False, "pages": pages, "verdict": "the pages do not print the embedded catalog"})
            echo_json(out)
        else:
            for i, verdict in enumerate(verdicts, 1):
                # a failure leads with where it is, as every error does: the file and its entry
                lead = "" if verdict.ok else f"{source}: " + ("" if catalog.day else f"deals entry {i}: ")
                click.echo("\n".join(lead + line for line in verdict.line().split("\n")))
                if show:
                    _show_position(games[i - 1], verdict)
            failed = sum(not v.ok for v in verdicts)
            what = "problems" if catalog.entries and catalog.entries[0].kind == "problem" else "solutions"
            click.echo(f"{len(verdicts) - failed} of {len(verdicts)} {what} verified" + (f", {failed} FAILED" if failed else ""))
            for line in pages:
                click.echo(line)
            if pdf and not pages:
                click.echo("every puzzle page prints its catalog entry's deal and position")
            elif pages:
                click.echo(f"FAILED: {len(pages)} puzzle page problem{'s' if len(pages) != 1 else ''}: the pages do "
                           f"not print the catalog embedded in this PDF")
        return 0 if all(v.ok for v in verdicts) and not pages else 1

    if is_strategy(text):  # a two-player "to play and win" strategy tree
        tree = parse_strategy(text, source)
        check = check_tree(tree, source)
        lines, ok = verdict_lines(tree, check)
        if as_json:
            shown = show and check.position is not None
            echo_json({**verdict_json(tree, check),
                       **({"position": {"text": get_game("pack-n-stack").to_text(check.position)}} if shown else {})})
        else:
            click.echo("\n".join(lines))
            if show and check.position is not None:
                click.echo("position where the first failure shows:")
                click.echo(get_game("pack-n-stack").to_text(check.position), nl=False)
        return 0 if ok else 1
    solution = parse_solution(text, source)
    verdict = replay(solution)
    if as_json:
        echo_json({**verdict.to_json(), **_shown_json(solution.game, verdict, show)})
    else:
        click.echo(verdict.line())
        if show and not verdict.ok:
            _show_position(solution.game, verdict)
    return 0 if verdict.ok else 1


def _page_problems(source: str, data: bytes | None, catalogs) -> list[str]:
    """Where a book's printed puzzles disagree with its embedded catalog (``publish.pages``)."""
    from ..publish.pages import page_mismatches

    if data is None:
        with open(source, "rb") as handle:
            data = handle.read()
    return page_mismatches(data, catalogs, source)


def _shown(game: str, verdict) -> tuple[str, int, str] | None:
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


def _show_position(game: str, verdict) -> None:
    """--show: the position before the failing move, or where play stopped short of the end."""
    shown = _shown(game, verdict)
    if shown is not None:
        where, move, text = shown
        click.echo(f"position before move {move}:" if where == "before_move"
                   else f"position after the last move ({move}):")
        click.echo(text, nl=False)


def _shown_json(game: str, verdict, show: bool) -> dict:
    """--show with --json: the position as a "position" field of the verdict."""
    shown = _shown(game, verdict) if show else None
    return {} if shown is None else {"position": {shown[0]: shown[1], "text": shown[2]}}
