"""Who a book is by and who publishes it, from a TOML file (``dealgen book --info FILE.toml``),
kept beside a theme for the series it belongs to:

    author = "A. Setter"              # the title page, the copyright notice, the PDF's author
    publisher = "Patience Press"      # the copyright page's "Published by" (the holder where no author)

Both are optional; an option given on the command line (--author, --publisher) wins over the
file. Every key is checked as a theme's are: an unknown or ill-formed one is named with its file
and what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError, did_you_mean
from ...fileio import read_toml

KEYS = ("author", "publisher")
MAX_NAME = 200  # characters: a name, not a paragraph


@dataclass(frozen=True)
class People:
    author: str | None = None  # None: not given
    publisher: str | None = None


def load_people(path_text: str) -> People:
    """The author and publisher in the TOML file ``path_text``; InputError names the file, the key
    and what is allowed."""
    path = Path(path_text)
    if not path.exists():
        raise InputError(f"book info file '{path_text}' does not exist")
    data = read_toml(path, "book info file", "the book info")  # (size-capped, UTF-8, errors with their line)
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise InputError(f"{path}: unknown key(s) {', '.join(unknown)}{did_you_mean(unknown[0], KEYS)}; allowed: "
                         f"{', '.join(KEYS)}")
    found: dict[str, str] = {}
    for key in KEYS:
        if key not in data:
            continue
        value = data[key]
        if not isinstance(value, str):
            raise InputError(f"{path}: '{key}' must be text in quotes, e.g. {key} = \"A. Setter\"; got {value!r}")
        value = " ".join(value.split())
        if not value:
            raise InputError(f"{path}: '{key}' is empty: give a name, or leave the key out")
        if len(value) > MAX_NAME:
            raise InputError(f"{path}: '{key}' must be at most {MAX_NAME} characters; got {len(value)}")
        found[key] = value
    return People(**found)
