"""`dealgen verify`: replay a solution file, a catalog, a book or a day's JSON through the engine."""

from __future__ import annotations

import sys

import click

from ..errors import InputError
from ..games import get_game
from ..publish.verification import shown_position, verify_file
from ..solve.pack_n_stack.strategy import verdict_json, verdict_lines
from .app import main
from .common import echo_json, echo_json_error


@main.command(short_help="Replay any published file through the engine.")
@click.argument("file", type=click.Path(allow_dash=True, path_type=str))  # a folder: read_text says so, in --json too
@click.option("--show", is_flag=True, help="Print the position before the failing move, or where play stopped short of "
                                          "the end (for a strategy file, where its first failure shows); with --json, "
                                          "as the verdict's \"position\" field.")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON (a list, one per deal, for catalogs, "
                                                      "books and days' JSON); input that cannot be read gives "
                                                      "{\"ok\": false, \"error\": {\"reason\": ...}}.")
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
    checked = verify_file(file)
    source = checked.source
    if checked.catalog is not None:
        catalog, verdicts, games, pages = checked.catalog, checked.verdicts, checked.games, checked.pages
        if as_json:
            out = [{"entry": i, "deal": v.deal, **v.to_json(), **_shown_json(game, v, show)}
                   for i, (v, game) in enumerate(zip(verdicts, games), 1)]
            if pages:
                out.append({"ok": False, "pages": list(pages), "verdict": "the pages do not print the embedded catalog"})
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
            if pages:
                click.echo(f"FAILED: {len(pages)} puzzle page problem{'s' if len(pages) != 1 else ''}: the pages do "
                           f"not print the catalog embedded in this PDF")
            elif checked.book:
                click.echo("every puzzle page prints its catalog entry's deal and position")
        return 0 if all(v.ok for v in verdicts) and not pages else 1

    if checked.tree is not None:  # a two-player "to play and win" strategy tree
        tree, check = checked.tree, checked.check
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
    solution, verdict = checked.solution, checked.verdict
    if as_json:
        echo_json({**verdict.to_json(), **_shown_json(solution.game, verdict, show)})
    else:
        click.echo(verdict.line())
        if show and not verdict.ok:
            _show_position(solution.game, verdict)
    return 0 if verdict.ok else 1


def _show_position(game: str, verdict) -> None:
    """--show: the position before the failing move, or where play stopped short of the end."""
    shown = shown_position(game, verdict)
    if shown is not None:
        where, move, text = shown
        click.echo(f"position before move {move}:" if where == "before_move"
                   else f"position after the last move ({move}):")
        click.echo(text, nl=False)


def _shown_json(game: str, verdict, show: bool) -> dict:
    """--show with --json: the position as a "position" field of the verdict."""
    shown = shown_position(game, verdict) if show else None
    return {} if shown is None else {"position": {shown[0]: shown[1], "text": shown[2]}}
