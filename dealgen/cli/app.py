"""The ``dealgen`` group: every command module adds its commands to ``main``; errors from the
library arrive as DealgenError and leave as one clear line on stderr with the error's exit code.
"""

from __future__ import annotations

import atexit
import codecs
import errno
import gc
import os
import sys

import click

from ..cards import SUIT_SYMBOLS, SUITS
from ..errors import DealgenError
from ..fileio import one_run
from ..version import __version__
from .common import note, show_library_notes

_PLAIN = dict(zip(SUIT_SYMBOLS, SUITS))


def _plain_suits(err: UnicodeEncodeError) -> tuple[str, int]:
    """For a terminal or file whose encoding lacks the suit symbols (Windows' cp1252): 5H for
    5♥, and any other character it cannot hold as a backslash escape, never a traceback."""
    text = err.object[err.start:err.end]
    return "".join(_PLAIN.get(ch) or ch.encode("ascii", "backslashreplace").decode() for ch in text), err.end


codecs.register_error("dealgen-plain", _plain_suits)
# ASCII under another name: click takes a stream it sees as ASCII for a misconfigured UTF-8 one
# and writes UTF-8 to it, which an ASCII console shows as debris; under this name the stream
# stays ASCII, and dealgen-plain gives 5H there too.
_ASCII = codecs.lookup("ascii")
codecs.register(lambda name: codecs.CodecInfo(_ASCII.encode, _ASCII.decode, _ASCII.streamreader, _ASCII.streamwriter,
                                              _ASCII.incrementalencoder, _ASCII.incrementaldecoder, "dealgen-ascii")
                if name == "dealgen_ascii" else None)


def _safe_streams() -> None:
    # a stream closed before the start (`>&-`) is None here: write to nothing, as to /dev/null
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):  # a real text stream (not a test runner's capture)
            ascii_only = codecs.lookup(stream.encoding).name == "ascii"
            stream.reconfigure(errors="dealgen-plain", **({"encoding": "dealgen-ascii"} if ascii_only else {}))


class _Group(click.Group):
    def main(self, *args, **kwargs):  # click's own usage errors, one line like every other error
        if kwargs.get("standalone_mode", True) is False:
            return super().main(*args, **kwargs)
        _safe_streams()
        show_library_notes()
        # At exit the interpreter's last collection would walk every object the searches' caches
        # still hold (3 s after a 10 s proof), none of them garbage: freeze them first (atexit
        # runs before it). Once, however often main runs in one process (as under tests).
        atexit.unregister(gc.freeze)
        atexit.register(gc.freeze)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click.UsageError as err:
            if isinstance(err, getattr(click.exceptions, "NoArgsIsHelpError", ())):
                err.show()  # `dealgen` alone: the help, as click gives it
                sys.exit(err.exit_code)
            where = err.ctx.command_path if err.ctx is not None else getattr(err, "command_path", "dealgen")
            click.echo(f"dealgen: error: {err.format_message()} (see `{where} --help`)", err=True)
            sys.exit(err.exit_code)
        except click.ClickException as err:
            click.echo(f"dealgen: error: {err.format_message()}", err=True)
            sys.exit(err.exit_code)
        except click.Abort:
            note("dealgen: interrupted")
            sys.exit(130)
        except OSError as err:  # `dealgen --help` and --version write before any command runs
            _stdout_failed(err)
        try:
            sys.stdout.flush()  # what is still buffered: a full disk shows here, not in a traceback at exit
        except OSError as err:
            _stdout_failed(err)
        sys.exit(code if isinstance(code, int) else 0)

    def resolve_command(self, ctx: click.Context, args):
        name, command, rest = super().resolve_command(ctx, args)
        ctx.meta["dealgen.command"] = name  # for usage errors that arrive without the command's context
        return name, command, rest

    def invoke(self, ctx: click.Context):  # one place turns library errors into exit codes
        try:
            with one_run():  # the outputs a command checks are its own until it ends
                return super().invoke(ctx)
        except click.UsageError as err:  # e.g. "-o" with no value: click gives it no context
            if err.ctx is None and "dealgen.command" in ctx.meta:
                err.command_path = f"{ctx.command_path} {ctx.meta['dealgen.command']}"
            raise
        except DealgenError as err:
            click.echo(f"dealgen: error: {one_line(str(err))}", err=True)
            sys.exit(err.exit_code)
        except KeyboardInterrupt:
            note("dealgen: interrupted")
            sys.exit(130)
        except OSError as err:
            _stdout_failed(err)


def one_line(message: str) -> str:
    """An error as one line however it is read: what the input held (quoted in messages) may
    break lines (U+0085, U+2028) or hide, as control characters do; those are spelt as escapes."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in message)


def _stdout_failed(err: OSError) -> None:
    """Standard output failed: the reader stopped early (`| head`) is 141, as a shell reports a
    command ended by SIGPIPE (not 1, a failed check); a full disk or a broken device is one line
    and exit 2, a place that cannot be written. Any other OSError is not ours to explain."""
    if not isinstance(err, BrokenPipeError) and err.errno not in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG):
        raise err
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
    if isinstance(err, BrokenPipeError):
        sys.exit(141)
    click.echo(f"dealgen: error: standard output could not be written ({err.strerror})", err=True)
    sys.exit(2)


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """--version: the version, which search core solves and which audit certifies (compiled or Python)."""
    if not value or ctx.resilient_parsing:
        return
    from ..solve.audit import describe as audit
    from ..solve.core import describe

    click.echo(f"dealgen, version {__version__}\nPenguin and FreeCell family search core: {describe()}\n"
               f"Audit of unsolvable verdicts: {audit()}")
    ctx.exit()


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version and the search core in use, and exit.")
def main() -> None:
    """Generate, grade, verify and publish card-solitaire puzzles.

    Deal numbers are PySolFC's, so every published deal can be played there by number.
    """

