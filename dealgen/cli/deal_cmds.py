"""`dealgen games` and `dealgen deal`."""

from __future__ import annotations

import click

from ..errors import did_you_mean
from ..games import GAMES
from .app import main
from .common import DEAL, GAME, DealCommand, echo_json, named, rules_option


@main.command(short_help="List the games and their rule sets.")
def games() -> None:
    """List the games and their rule sets (the first is the default)."""
    for game in GAMES.values():
        click.echo(f"{game.name}  ({game.title})")
        for rules in game.rule_sets:
            default = " [default]" if rules == game.default_rules else ""
            note = game.rule_notes.get(rules, "")
            click.echo(f"    {rules}{default}: {note}")
    from ..solve.audit import describe as audit
    from ..solve.core import describe

    click.echo(f"\nPenguin and FreeCell family search core: {describe()}\nAudit of unsolvable verdicts: {audit()}")


@main.command(cls=DealCommand, short_help="Print deal NUMBER of GAME.")
@click.argument("game", type=GAME)
@click.argument("number", type=DEAL)
@rules_option
@click.option(
    "--format", "fmt", default="text", metavar="FORMAT",
    help="text (card codes, read back by dealgen), unicode (suit symbols), json, or a game's export (penguin: fcs).",
)
@click.option("--after", type=int, default=0, show_default=True,
              help="The position after this many moves of the solution (0 = the deal).")
@click.option("--solution", "solution_path", callback=named, default=None, metavar="FILE",
              help="Follow this solution file or game record instead of asking the solver.")
def deal(game, number: int, rules: str | None, fmt: str, after: int, solution_path: str | None) -> None:
    """Print deal NUMBER of GAME (PySolFC's numbering, 0 to 10^20), or the position after
    --after moves of a solution: a position file that `render --position` draws and, for
    Pack 'n' Stack once the stock is empty, `prove` reads."""
    from ..solve.positions import follow

    formats = ["text", "unicode", "json", *game.export_formats()]
    fmt = fmt.strip().lower()
    if fmt not in formats:
        raise click.BadParameter(f"'{fmt}'{did_you_mean(fmt, formats)}: use one of {', '.join(formats)}",
                                param_hint="--format")
    state = follow(game, number, rules, solution_path, after)[2]
    if fmt == "json":
        echo_json(game.to_json(state))
    elif fmt in ("text", "unicode"):
        click.echo(game.to_text(state, symbols=fmt == "unicode"), nl=False)
    else:
        click.echo(game.export(state, fmt), nl=False)
