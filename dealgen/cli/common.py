"""Argument types and helpers shared by the commands."""

from __future__ import annotations

import functools
import json
import logging
import math
import os
import sys
import time
from typing import Any, Generator

import click

from ..cluster import ENV as CLUSTER_ENV
from ..cluster import LOCAL, connect
from ..deals import parse_deal_number
from ..errors import InputError, did_you_mean
from ..games import Game, get_game


class GameType(click.ParamType):
    """A game by name."""

    name = "GAME"

    def convert(self, value: Any, param, ctx) -> Game:
        if isinstance(value, str):
            try:
                return get_game(value)
            except InputError as err:
                self.fail(str(err), param, ctx)
        return value


class Choice(click.Choice):
    """click's Choice, saying "did you mean ..." for a near miss as every named value does."""

    def convert(self, value: Any, param, ctx) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as err:
            hint = did_you_mean(value, self.choices) if isinstance(value, str) else ""
            if not hint:
                raise
            self.fail(f"{err.message.rstrip('.')}{hint}", param, ctx)


class DealCommand(click.Command):
    """A command whose arguments may look negative ("-5", scan's "-5-3"): they reach their own
    checks, to be called out of range, instead of being taken for unknown options. Everything
    else (unknown options, "--", option values, extra arguments) is click's own parsing."""

    def make_parser(self, ctx: click.Context):
        parser = super().make_parser(ctx)
        process = getattr(parser, "_process_opts", None)  # click's, private: without it "-5" is an unknown option
        if process is not None:
            def number_or_option(arg: str, state) -> None:
                if arg[1:2].isdigit():
                    state.largs.append(arg)  # an argument, as click keeps any word that is not an option
                else:
                    process(arg, state)

            parser._process_opts = number_or_option
        return parser


class DealType(click.ParamType):
    name = "DEAL"

    def convert(self, value: Any, param, ctx) -> int:
        try:
            return parse_deal_number(value)
        except InputError as err:
            self.fail(str(err), param, ctx)


GAME = GameType()
DEAL = DealType()


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


def echo_json_error(err: InputError, **fields: Any) -> None:
    """--json for input that cannot be used: a program reading the JSON still gets JSON,
    ``{"ok": false, "error": {"reason": ..., "exit_code": 2}}``; the one-line error still goes
    to stderr (the caller raises ``err`` again)."""
    echo_json({"ok": False, "error": {"reason": str(err), "exit_code": err.exit_code}, **fields})


def note(text: str, nl: bool = True) -> None:
    """A line on standard error that is a courtesy (progress, a report, a hint): one that cannot
    be written (a full disk) must not stop the work or change its exit code."""
    try:
        click.echo(text, err=True, nl=nl)
    except OSError:
        pass


class _NoteHandler(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        note(f"dealgen: note: {record.getMessage()}")


def show_library_notes() -> None:
    """What the library tells the user as it works (its logger "dealgen": a stale temporary
    file removed, say), as note() lines; once, however often the command line runs."""
    logger = logging.getLogger("dealgen")
    if not any(isinstance(handler, _NoteHandler) for handler in logger.handlers):
        logger.addHandler(_NoteHandler())
        logger.setLevel(logging.INFO)
        logger.propagate = False


class ProgressLine:
    """A status line on stderr: redrawn in place on a terminal (at most twice a second),
    a plain line a minute otherwise, so logs stay readable."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty() and os.environ.get("TERM") != "dumb"  # (a dumb terminal: no redrawing)
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
            note("\r" + text + "\x1b[K", nl=False)
            self.drawn = True
        else:
            note(text)

    def end(self) -> None:
        """Finish the line, brought up to date first (an error may follow, and the figures
        left on screen or in the log should be the last ones)."""
        if self.pending is not None:
            self.show(self.pending, force=True)
        if self.drawn:
            note("")
            self.drawn = False

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:  # ended however the work ends, so an error starts its own line
        self.end()


JOBS_PER_CORE = 4  # the work is all CPU: past a few processes a core, more only costs memory


def _check_jobs(ctx, param, value: int) -> int:
    cores = os.cpu_count() or 1
    if not 0 <= value <= JOBS_PER_CORE * cores:
        raise click.BadParameter(f"{value}: give 0 (all cores) or a number of processes up to "
                                 f"{JOBS_PER_CORE * cores} ({JOBS_PER_CORE} a core, {cores} cores here)")
    return value


def jobs_option(func):
    """--jobs N and --cluster ADDRESS (or $DEALGEN_CLUSTER): the command gets ``jobs``, a number of
    processes or a Dask cluster connected for the command's run (an unreachable one is an error
    before any work)."""
    @functools.wraps(func)
    def run(*args, jobs: int, cluster: str | None, **kwargs):
        if cluster is None:
            return func(*args, jobs=jobs, **kwargs)
        if jobs and cluster.strip() != LOCAL:
            note(f"dealgen: note: --jobs {jobs} counts local processes; on cluster {cluster} its workers run the deals")
        with connect(cluster, processes=jobs) as chosen:
            return func(*args, jobs=chosen, **kwargs)

    run = click.option("--cluster", envvar=CLUSTER_ENV, default=None, metavar="ADDRESS",
                       help=f"Run on this Dask cluster (its scheduler, tcp://HOST:PORT; ${CLUSTER_ENV} if not given); "
                            f"'local' starts one here with --jobs workers. Results are the same as without.")(run)
    return click.option("-j", "--jobs", type=int, default=0, callback=_check_jobs, metavar="N",
                        help="Processes (default 0: one a core).")(run)


def echo_lines(work: Generator[str, None, int]) -> int:
    """Print each line as ``work`` yields it (it may write a file after each is shown); its
    exit code back."""
    while True:
        try:
            line = next(work)
        except StopIteration as done:
            return done.value
        click.echo(line)
