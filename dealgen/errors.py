"""Errors a user can act on, each with the exit code the CLI gives it.

Exit codes: 0 done, 1 a check failed (an illegal move, a solution that does not
verify), 2 bad usage or unreadable input.
"""

from __future__ import annotations

from typing import Iterable


class DealgenError(Exception):
    """Base class: the message is shown to the user as it is, without a traceback."""

    exit_code = 2


class InputError(DealgenError):
    """Input that cannot be read or is out of range (exit code 2)."""

    exit_code = 2


class CheckFailed(DealgenError):
    """A check that ran and failed: an illegal move, a solution that does not verify (exit 1)."""

    exit_code = 1


class IllegalMove(CheckFailed):
    """A move the rules do not allow in this position; the message says why in words."""


def located(message: str, file: str | None = None, line: int | None = None) -> str:
    """Prefix a message with 'file:line: ' where those are known."""
    where = ""
    if file:  # a label such as "book.json: deals entry 2 position" takes ", line N", a path ":N"
        where = file + ((f", line {line}" if ": " in file else f":{line}") if line else "")
    elif line:
        where = f"line {line}"
    return f"{where}: {message}" if where else message


def did_you_mean(value: str, choices: Iterable[str]) -> str:
    """" (did you mean 'hard'?)" where ``value`` is a near miss of one of ``choices`` (a slip of
    the keys: "hrad", "pengiun"), else "": every check of a named value says it the same way."""
    import difflib

    named = {str(choice).lower(): str(choice) for choice in choices}
    close = difflib.get_close_matches(str(value).strip().lower(), list(named), n=1, cutoff=0.6)
    return f" (did you mean '{named[close[0]]}'?)" if close else ""
