"""Argument types and helpers shared by the commands."""

from __future__ import annotations

import json
import math
import os
import sys
import time
from typing import Any

import click

from ..deals import parse_deal_number
from ..errors import InputError
from ..games import Game, get_game


class GameType(click.ParamType):
    name = "GAME"

    def convert(self, value: Any, param, ctx) -> Game:
        if isinstance(value, str):
            _unknown_option(value, ctx)  # `deal --nosuch penguin 3`: an option, not a game
            try:
                return get_game(value)
            except InputError as err:
                self.fail(str(err), param, ctx)
        return value


def _unknown_option(value: Any, ctx) -> None:
    """Commands that let "-5" and "-5-3" through as deal numbers (to call them out of range)
    must still call "--nosuch" an unknown option, not a bad number."""
    if isinstance(value, str) and value.startswith("-") and value != "-" and not value[1:2].isdigit():
        raise click.NoSuchOption(value.split("=")[0], ctx=ctx)


class DealCommand(click.Command):
    """A command taking a deal number: "-5" must reach DEAL (to be called out of range), so
    unknown options are let through as arguments; whatever is left over is then named as
    click would, an unknown option as an option."""

    def __init__(self, *args, **kwargs):
        kwargs["context_settings"] = {**kwargs.get("context_settings", {}), "ignore_unknown_options": True,
                                      "allow_extra_args": True}
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # An unknown option is named before anything else (a missing -o, say), as click does;
        # what follows "--" is arguments only.
        before = args[:args.index("--")] if "--" in args else args
        _opts, left, _order = self.make_parser(ctx).parse_args(args=list(before))
        for extra in left:
            _unknown_option(extra, ctx)
        rest = super().parse_args(ctx, args)
        if ctx.args:
            count = len(ctx.args)
            ctx.fail(f"Got unexpected extra argument{'s' if count > 1 else ''} ({' '.join(ctx.args)})")
        return rest


class DealType(click.ParamType):
    name = "DEAL"

    def convert(self, value: Any, param, ctx) -> int:
        _unknown_option(value, ctx)
        try:
            return parse_deal_number(value)
        except InputError as err:
            self.fail(str(err), param, ctx)


GAME = GameType()
DEAL = DealType()


def no_unknown_options(ctx, param, values):
    """For free arguments (walkthrough's GAME NUMBER | FILE, scan's FIRST-LAST): "--nosuch" is
    an unknown option."""
    for value in (values,) if isinstance(values, str) else values:
        _unknown_option(value, ctx)
    return values


def named(ctx, param, value):
    """A file or folder option given as "" names nothing: bad usage, never the default place
    (an empty -o must not fall back to, say, the shipped calibration file)."""
    if isinstance(value, str) and not value.strip():
        raise click.BadParameter("an empty name: give a file or folder", ctx=ctx, param=param)
    return value


def titled(ctx, param, value):
    """A blank --title would print an empty title page: bad usage, not the default title."""
    if isinstance(value, str) and not value.strip():
        raise click.BadParameter("a blank title: leave the option out for the default one", ctx=ctx, param=param)
    return value


def finite_seconds(ctx, param, value):
    """A time option that must be an actual number of seconds: click's ranges let 'nan' through."""
    if isinstance(value, float) and not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a number of seconds", ctx=ctx, param=param)
    return value


rules_option = click.option(
    "--rules", default=None, metavar="RULES", help="Rule set (default: the game's first; see `dealgen games`)."
)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


class ProgressLine:
    """A status line on stderr: redrawn in place on a terminal (at most twice a second),
    a plain line a minute otherwise, so logs stay readable."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.last = 0.0
        self.drawn = False
        self.pending: str | None = None  # the newest text not yet shown

    def show(self, text: str, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last < (0.5 if self.tty else 60):
            self.pending = text
            return
        self.last = now
        self.pending = None
        if self.tty:
            click.echo("\r" + text + "\x1b[K", err=True, nl=False)
            self.drawn = True
        else:
            click.echo(text, err=True)

    def end(self) -> None:
        """Finish the line, brought up to date first (an error may follow, and the figures
        on screen should be the last ones)."""
        if self.drawn:
            if self.pending is not None:
                click.echo("\r" + self.pending + "\x1b[K", err=True, nl=False)
            click.echo("", err=True)
            self.drawn = False


JOBS_PER_CORE = 4  # the work is all CPU: past a few processes a core, more only costs memory


def _check_jobs(ctx, param, value: int) -> int:
    cores = os.cpu_count() or 1
    if not 0 <= value <= JOBS_PER_CORE * cores:
        raise click.BadParameter(f"{value}: give 0 (all cores) or a number of processes up to "
                                 f"{JOBS_PER_CORE * cores} ({JOBS_PER_CORE} a core, {cores} cores here)")
    return value


jobs_option = click.option("-j", "--jobs", type=int, default=0, callback=_check_jobs, metavar="N",
                           help="Processes (default 0: one a core).")
