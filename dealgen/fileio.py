"""Writing output files whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import InputError


def check_writable(path: str | Path) -> Path:
    """Fail early, before any work, when ``path`` cannot be written (exit 2)."""
    path = Path(path)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise InputError(f"{path}: cannot write here: the folder '{parent}' does not exist")
    if path.is_dir():
        raise InputError(f"{path}: is a folder; give a file name")
    if not os.access(parent, os.W_OK):
        raise InputError(f"{path}: cannot write here: the folder '{parent}' is not writable")
    return path


def write_atomic(path: str | Path, data: bytes | str) -> Path:
    """Write to a temporary file beside ``path`` and rename it into place."""
    path = check_writable(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes files private; published files are not
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def read_text(path: str | Path, what: str) -> str:
    """A UTF-8 text file, or InputError naming it and why it cannot be read (exit 2)."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"{path}: cannot read the {what} ({err.__class__.__name__}: {err})") from None
