"""Reading and writing files: outputs whole or not at all, inputs with errors that say where."""

from __future__ import annotations

import errno
import json
import logging
import math
import os
import re
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from .errors import InputError

try:
    import fcntl
except ImportError:  # (Windows: no flock, so no folder is ever known to be free of live runs)
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("dealgen")  # notes for the user (the command line prints them on standard error)

STAGED_EXTRA = len("..") + 8 + len(".part")  # what _stage's temporary name adds to a file's name


def check_writable(path: str | Path) -> Path:
    """Fail early, before any work, when ``path`` cannot be written (exit 2). The folder is
    probed with a real file: permission bits do not tell (root, read-only mounts, /proc).
    Within a run (``one_run``) the file is then this run's until it ends (``hold_output``)."""
    path = _writable(Path(path))
    hold_output(path)
    return path


def _writable(path: Path) -> Path:
    """``check_writable`` without holding the file."""
    return _checked(_check_writable, path, "cannot write here")


def _checked(check: Callable[[Path], Path], path: str | Path, what: str) -> Path:
    """``check(path)``, an OSError on the way (a path too long for the system, say) said as
    InputError: 'PATH: WHAT (why)'."""
    path = Path(path)
    try:
        return check(path)
    except OSError as err:
        raise InputError(f"{path}: {what} ({err.strerror})") from None


def _check_writable(path: Path) -> Path:
    parent = path.parent if str(path.parent) else Path(".")
    why = _unwritable(parent)
    if why:
        raise InputError(f"{path}: cannot write here: {why}")
    room = _name_max(parent) - STAGED_EXTRA
    if len(os.fsencode(path.name)) > room:
        raise InputError(f"{path}: the file name is {len(os.fsencode(path.name))} bytes long, and at most {room} "
                         f"fit here (the file is written under a longer temporary name first)")
    if path.is_dir():
        raise InputError(f"{path}: is a folder; give a file name")
    if path.exists() and not path.is_file():  # a device or a pipe: renaming over it would replace it
        raise InputError(f"{path}: is not a regular file (a device or a pipe); dealgen writes whole files, "
                         "give a file name")
    if path.is_file():
        try:  # an immutable file (chattr +i) cannot be replaced, whatever the folder allows
            open(path, "ab").close()  # (opened to add nothing: neither its bytes nor its time change)
        except PermissionError as err:
            if err.errno == errno.EPERM:  # (EACCES, a read-only file, is still replaced by renaming)
                raise InputError(f"{path}: cannot be replaced ({err.strerror})") from None
    return path


def _name_max(folder: Path) -> int:
    """The longest file name, in bytes, that ``folder``'s file system takes."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def _unwritable(folder: Path) -> str | None:
    """Why no file can be written in ``folder`` (probed with a real one), or None."""
    if not folder.is_dir():
        return f"the folder '{folder}' {'is a file, not a folder' if folder.exists() else 'does not exist'}"
    try:
        fd, probe = tempfile.mkstemp(prefix=".dealgen-probe.", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as err:  # (/proc answers "No such file or directory", which reads as if the folder were missing)
        why = "no new file can be made there" if err.errno == errno.ENOENT else err.strerror
        return f"the folder '{folder}' is not writable ({why})"
    return None


def output_folder(path: str | Path) -> Path:
    """A folder to write files into, made (with its parents) when missing; InputError (exit 2)
    when it is a file or cannot be made or written."""
    return _checked(_output_folder, path, "cannot make this folder")


def _output_folder(folder: Path) -> Path:
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder}: exists and is not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(f"{folder}: cannot make this folder ({err.strerror})") from None
    why = _unwritable(folder)
    if why:
        raise InputError(f"{folder}: cannot write here: {why}")
    return folder


@contextmanager
def made_folder(path: str | Path) -> Iterator[Path]:
    """``output_folder(path)``, to write into: when the writing fails (a full disk), the folders
    made for it are removed again, so a run that fails leaves no empty folder behind."""
    made: list[Path] = []  # the folders that do not exist yet, deepest first
    missing = Path(path)
    while not missing.exists() and missing != missing.parent:
        made.append(missing)
        missing = missing.parent
    try:
        yield output_folder(path)
    except BaseException:
        for folder in made:
            try:
                folder.rmdir()  # only while empty: whatever another run put there stays
            except OSError:
                break
        raise


def planned_folder(path: str | Path) -> Path:
    """A folder of outputs, checked before any work but made only when its files are ready
    (``output_folder``), so a run that fails leaves no empty folder behind: InputError (exit 2)
    when it is a file, or when its nearest existing parent is not a folder that can be written.
    Within a run (``one_run``) the folder is then this run's until it ends (``hold_output``)."""
    folder = _checked(_planned_folder, path, "cannot make this folder")
    hold_output(folder)
    return folder


def _planned_folder(folder: Path) -> Path:
    if folder.exists():
        return output_folder(folder)
    ancestor = folder.parent
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise InputError(f"{folder}: cannot make this folder: '{ancestor}' is a file")
    why = _unwritable(ancestor)
    if why:
        raise InputError(f"{folder}: cannot write here: {why}")
    return folder


# -- one run at a time into one place ---------------------------------------------------------------
#
# A run that writes an output (a file, or a folder of files) holds it from the check before any
# work to the end of the run: ``flock`` on a lock file beside it, ``.NAME.dealgen-lock``, which
# the system lets go when the process ends however it ends (a lock file left by a killed run
# is simply taken again). A second run into the same place stops at once, naming the first.
# Outputs are checked (``check_writable``, ``planned_folder``) before any work, so every
# writer holds its outputs without a line of its own; ``one_run`` marks a run's span (the
# command line's every command), outside which nothing is held.

LOCK_SUFFIX = ".dealgen-lock"
_held: dict[str, tuple[int, Path, list[Path]]] | None = None  # lock file -> (handle, path, folders made for it)


class OutputBusy(InputError):
    """Another dealgen run is writing the same file or folder (exit 2)."""


@contextmanager
def one_run() -> Iterator[None]:
    """A run's span: the outputs it checks are held until it ends (nested: the outer span's)."""
    global _held
    if _held is not None:
        yield
        return
    _held = {}
    try:
        yield
    finally:
        held, _held = _held, None
        for lock, (fd, _, made) in reversed(list(held.items())):
            _let_go(lock, fd, made)


def _forked() -> None:
    """In a forked child (a scan's worker): let go of the parent's handles, so that the locks
    end with the parent's run and not with its last worker (the parent still holds them)."""
    global _held
    for fd, _, _ in (_held or {}).values():
        try:
            os.close(fd)
        except OSError:
            pass
    _held = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forked)


def hold_output(path: Path) -> None:
    """Hold ``path`` (a file or folder this run writes) for the rest of the run, or OutputBusy
    when another live run holds it. Nothing is held outside ``one_run``, or where the system
    has no ``flock`` (Windows)."""
    if _held is None or fcntl is None:
        return
    lock = _lock_file(path)
    key = os.path.join(os.path.realpath(lock.parent), lock.name)  # (one lock, however the path is spelt)
    if key in _held:
        return
    made: list[Path] = []  # folders made to hold the lock file beside a folder not yet made
    missing = lock.parent
    while not missing.exists() and missing != missing.parent:
        made.append(missing)
        missing = missing.parent
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        fd = _take(lock, path)
    except OSError:  # (no lock file can be made there: a folder written into whose parent is not writable)
        for folder in made:
            _rmdir(folder)
        return
    except BaseException:
        for folder in made:
            _rmdir(folder)
        raise
    _held[key] = (fd, path, made)


def _lock_file(path: Path) -> Path:
    """Where ``path``'s lock is: beside it; for an existing folder whose own folder cannot be
    written, inside it (both runs decide alike)."""
    path = Path(os.path.abspath(path))  # (-o . names the folder it is)
    beside = path.parent / f".{path.name}{LOCK_SUFFIX}"
    if path.is_dir() and path.parent.exists() and not os.access(path.parent, os.W_OK):
        return path / LOCK_SUFFIX
    return beside


def _take(lock: Path, path: Path) -> int:
    """An open handle on ``lock``, locked, with this process's number in it; OutputBusy when a
    live run holds it. (A file removed by its last holder between this run's opening and
    locking it is opened again: the lock must be on the file that is there.)"""
    for _ in range(100):
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666 & ~_umask())
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as err:
            os.close(fd)
            if err.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise OutputBusy(f"{path} is being written by another dealgen run{_holder(lock)}; wait for it to end, "
                             f"or write elsewhere") from None
        try:
            same = os.fstat(fd).st_ino == os.stat(lock).st_ino
        except FileNotFoundError:
            same = False
        if not same:
            os.close(fd)
            continue
        before = os.read(fd, 64).decode("ascii", "replace").strip()
        if before:  # a lock file whose run ended without removing it (killed): taken over
            log.info(f"{path}: taking over the lock of a dealgen run that ended without letting go (pid {before})")
        try:  # (for the message of a run that finds it held)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        except OSError:  # a full disk: the lock holds all the same, unnamed
            pass
        return fd
    raise OSError(errno.EAGAIN, "the lock file keeps changing")


def _holder(lock: Path) -> str:
    """" (pid N)" of the run that holds ``lock``, when it has written it."""
    try:
        pid = lock.read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return ""
    return f" (pid {pid})" if pid.isdigit() else ""


def _let_go(lock: str, fd: int, made: list[Path]) -> None:
    """Remove the lock file (while still holding it: a run waiting to open it then opens a new
    one) and let go; and the folders made only to hold it, when still empty."""
    try:
        if os.fstat(fd).st_ino == os.stat(lock).st_ino:
            os.unlink(lock)
    except OSError:
        pass
    os.close(fd)
    for folder in made:
        _rmdir(folder)


def _rmdir(folder: Path) -> None:
    try:
        folder.rmdir()  # only while empty
    except OSError:
        pass


def check_free(path: Path) -> Path:
    """A file whose name dealgen chose (in a folder of outputs) must not be taken by a folder,
    a device or a pipe: InputError says to move that away (the user cannot name another file)."""
    if path.exists() and not path.is_file():
        what = "a folder" if path.is_dir() else "not a regular file"
        raise InputError(f"{path}: is {what}, and this run writes a file of that name; move it away or give "
                         f"another output folder")
    return path


def write_files(folder: str | Path, files: dict[str, bytes | str]) -> None:
    """Several files, all ready, into ``folder`` (made when missing), as one: every name is
    checked, then every file written beside its place, and only then are they renamed into
    place, so a name taken by a folder or a full disk leaves the set as it was. Names may
    lie in folders within (``img/x.png``): those are made too, and removed again on a failure."""
    with made_folder(folder) as folder, _writing_in(folder), ExitStack() as within:
        for sub in sorted({(folder / name).parent for name in files} - {folder}, key=lambda p: len(p.parts)):
            within.enter_context(made_folder(sub))  # (removed on a failure, after the files staged in them)
        write_all({check_free(folder / name): data for name, data in files.items()})


def write_all(files: dict[Path, bytes | str]) -> None:
    """Several files, all ready, in folders that exist, as one: each is written beside its place,
    and only then are they renamed into place, so a full disk leaves every one as it was (a
    rename that fails, which a full disk does not cause, says which were written before it)."""
    paths = [_writable(Path(path)) for path in files]
    with ExitStack() as held:
        for folder in dict.fromkeys(path.parent for path in paths):
            held.enter_context(_writing_in(folder))
        staged: list[str] = []
        try:
            for path, data in zip(paths, files.values()):
                staged.append(_stage(path, data))
            for k, (tmp, path) in enumerate(zip(staged, paths)):
                try:
                    os.replace(tmp, path)
                except OSError as err:
                    done = ", ".join(str(p) if p.parent != path.parent else p.name for p in paths[:k])
                    raise InputError(f"{path}: could not be written ({err.strerror}); "
                                     + (f"written before it: {done}" if done else "nothing was written")) from None
        finally:
            for tmp in staged:
                Path(tmp).unlink(missing_ok=True)


def write_atomic(path: str | Path, data: bytes | str | Iterable[bytes]) -> Path:
    """Write to a temporary file beside ``path`` and rename it into place; on any failure
    nothing is left behind and the old file, if any, is untouched. ``data`` may come in pieces
    (a file too large to hold whole). (The run holds ``path`` from its check before any work,
    ``check_writable``: not from here, where a lock file would be one more file in its folder.)"""
    path = _writable(Path(path))
    with _writing_in(path.parent):
        tmp = _stage(path, data)
        try:
            os.replace(tmp, path)
        except OSError as err:
            raise InputError(f"{path}: could not be written ({err.strerror}); nothing was written") from None
        finally:
            Path(tmp).unlink(missing_ok=True)
    return path


TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.part")  # _stage's names: tempfile's eight random characters


@contextmanager
def _writing_in(folder: Path) -> Iterator[None]:
    """Hold ``folder`` while this run's temporary files are in it: a lock shared with other
    dealgen runs, which the system drops when the process ends, however it ends. So when no
    run holds a folder, any temporary file of ours in it is stale, left by a run that was
    killed (SIGKILL, a power cut), and it is removed first, with a note. While another run
    holds the folder, nothing is removed: its temporary files are live."""
    fd = _folder_handle(folder)
    try:
        if fd is not None and _lock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB):
            _remove_stale(folder)
        if fd is not None:
            _lock(fd, fcntl.LOCK_SH)  # (converts the exclusive lock, or waits for another run's sweep)
        yield
    finally:
        if fd is not None:
            os.close(fd)


def _folder_handle(folder: Path) -> int | None:
    """An open handle on ``folder`` to lock, or None where folders cannot be locked."""
    if fcntl is None:
        return None
    try:
        return os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None


def _lock(fd: int, how: int) -> bool:
    """Whether ``flock`` took the lock (False: held elsewhere, or a file system without locks)."""
    try:
        fcntl.flock(fd, how)
        return True
    except OSError:
        return False


def _remove_stale(folder: Path) -> None:
    """Remove the temporary files of ours in ``folder`` (called while no run holds it), and say so."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if TEMPORARY.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            continue  # (not ours to remove after all: left for the user)
    if removed:
        shown = ", ".join(removed[:3]) + (f" and {len(removed) - 3} more" if len(removed) > 3 else "")
        log.info(f"removed {len(removed)} temporary file{'s' if len(removed) > 1 else ''} that an interrupted run "
                 f"left in {folder}: {shown}")


def _stage(path: Path, data: bytes | str | Iterable[bytes]) -> str:
    """``data`` in a new temporary file beside ``path``, ready to be renamed into place; on a
    failure the temporary file is gone and InputError says what went wrong."""
    pieces = [data.encode("utf-8")] if isinstance(data, str) else [data] if isinstance(data, bytes) else data
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as err:
        raise InputError(f"{path}: cannot write here ({err.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            for piece in pieces:
                handle.write(piece)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes files private; published files are not
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"{path}: could not be written ({err.strerror}); nothing was written") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def is_pdf(path: str | Path) -> bool:
    """Whether the file is a PDF by its content (False when it cannot be read: the reader says why)."""
    try:
        with open(path, "rb") as handle:
            return handle.read(5) == b"%PDF-"
    except OSError:
        return False


MAX_TEXT = 16 * 2**20  # far above any file dealgen writes (the 20-deal Perpetual Motion catalog: 0.6 MB)


def read_text(path: str | Path, what: str) -> str:
    """A UTF-8 text file (a byte-order mark, as some editors write, is dropped), or InputError
    naming it and why it cannot be read (exit 2)."""
    if not str(path).strip():
        raise InputError(f"an empty name: give the {what}'s path")
    return decode_text(read_bytes(path, what), str(path), what)


def read_bytes(path: str | Path, what: str, most: int = MAX_TEXT) -> bytes:
    """A file's bytes, ``most`` + 1 at most (``decode_text`` refuses more than MAX_TEXT), read
    once: a pipe (``<(...)``) cannot be opened twice."""
    if os.path.isdir(path):
        raise InputError(f"{path}: is a folder, not a {what}")
    try:
        with open(path, "rb") as handle:
            return handle.read(most + 1)
    except OSError as err:
        raise InputError(f"{path}: cannot read the {what} ({err.strerror or err})") from None


def read_stdin() -> bytes:
    """Standard input's bytes, at most MAX_TEXT + 1 of them (``decode_text`` refuses more)."""
    return sys.stdin.buffer.read(MAX_TEXT + 1)


def _wide_encoding(data: bytes) -> str | None:
    """What wide encoding the bytes look like ("UTF-32 text", ...), or None when none."""
    if data[:4] in (b"\xff\xfe\0\0", b"\0\0\xfe\xff"):
        return "UTF-32 text"
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return 'UTF-16 text (Windows Notepad\'s "Unicode")'
    head = data[:200]
    if len(head) < 4 or b"\0" not in head:
        return None
    zero = [head[k::4].count(0) > 0.9 * len(head[k::4]) for k in range(4)]
    if sum(zero) == 4:  # NULs all through (a file padded after a crash): no text at all
        return None
    if sum(zero) == 3:  # mostly ASCII, one byte in four set
        return "UTF-32 text without a byte-order mark"
    if (zero[0] and zero[2]) or (zero[1] and zero[3]):
        return "UTF-16 text without a byte-order mark"
    return None


def decode_text(data: bytes, path: str, what: str) -> str:
    """Bytes read from ``path`` as UTF-8 text, or InputError saying why they are not."""
    if len(data) > MAX_TEXT:
        raise InputError(f"{path}: cannot read the {what}: over {MAX_TEXT // 2**20} MB, more than any dealgen file")
    wide = _wide_encoding(data)
    if wide:
        raise InputError(f"{path}: cannot read the {what}: it is {wide}; save it as UTF-8")
    if b"\0" in data:  # valid UTF-8, but no text file holds NUL
        raise InputError(f"{path}: cannot read the {what}: not text (it holds NUL bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"{path}: cannot read the {what}: not UTF-8 text (byte 0x{err.object[err.start]:02x} "
                         f"at offset {err.start})") from None


MAX_TOML = 64 * 2**10  # a layout or theme file a person writes is a few dozen lines
MAX_TOML_LINE = 1000  # characters: Python's TOML parser takes time and memory growing with the square of a key's
# parts (and no number of more digits than int() reads, 4,300, fits)
MAX_TOML_DEPTH = 8  # tables within tables (a layout's or theme's: two)


def read_toml(path: str | Path, what: str, short: str) -> dict[str, Any]:
    """A TOML file a person writes (a layout, a theme), or InputError in one line: at most
    MAX_TOML bytes and lines of MAX_TOML_LINE characters, refused before it is parsed (a
    dotted key of 20,000 parts took 9 s and 1.6 GB to parse), and tables at most
    MAX_TOML_DEPTH deep; ``short`` names it in errors ("the layout")."""
    import tomllib

    raw = read_bytes(path, what, MAX_TOML)
    if len(raw) > MAX_TOML:
        raise InputError(f"{path}: cannot read the {what}: over {MAX_TOML // 2**10} KB, far more than a {what} "
                         f"needs")
    text = decode_text(raw, str(path), what)
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_TOML_LINE:
            raise InputError(f"{path}:{number}: cannot read {short}: a line of {len(line):,} characters; at most "
                             f"{MAX_TOML_LINE:,}")
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputError(f"{path}: cannot read {short}: {err}") from None
    except RecursionError:  # (arrays or tables nested a thousand deep)
        raise InputError(f"{path}: cannot read {short}: nested too deeply (a {what} nests a table or two)") from None
    tables: list[dict[str, Any]] = [data]
    depth = 0
    while tables:
        depth += 1
        if depth > MAX_TOML_DEPTH:
            raise InputError(f"{path}: cannot read {short}: tables nested more than {MAX_TOML_DEPTH} deep")
        tables = [value for table in tables for value in table.values() if isinstance(value, dict)]
    return data


class _TwiceGiven(Exception):
    pass


class KeyTwiceGiven(InputError):
    """A JSON object that gives one key twice (a record otherwise of the right shape)."""


def _one_value_a_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _TwiceGiven(key)
        found[key] = value
    return found


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"\s*:?|[{}]')  # a string (a key when a colon follows), or a brace


def _second_key(text: str, key: str) -> int | None:
    """Where ``key`` comes a second time in one object of the JSON ``text`` (for the message's
    line: every entry of a catalog has a "grade", so the key alone does not tell which)."""
    opened: list[set[str]] = []  # the keys of each object open at this point
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark == "{":
            opened.append(set())
        elif mark == "}":
            if opened:
                opened.pop()
        elif mark.endswith(":") and opened:
            name = json.loads(mark[:-1].rstrip())
            if name == key and name in opened[-1]:
                return token.start()
            opened[-1].add(name)
    return None


class _LongNumber:
    """A JSON integer longer than Python reads (``sys.get_int_max_str_digits``), held until
    ``parse_json`` names its field."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _first_long(data: Any, path: list[str | int]) -> tuple[list[str | int], _LongNumber] | None:
    """The path to the first _LongNumber in ``data`` (in the file's order), and the number."""
    if isinstance(data, _LongNumber):
        return path, data
    steps = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for step, value in steps:
        found = _first_long(value, path + [step])
        if found:
            return found
    return None


def json_field(path: list[str | int]) -> str:
    """A place in a JSON document as messages name it, ``deals entry 3: 'deal'`` (entries
    counted from 1, as people count)."""
    parts: list[tuple[str, bool]] = []  # (text, whether it is a key not yet given its entry)
    for step in path:
        if isinstance(step, int):
            name = parts.pop()[0] + " " if parts and parts[-1][1] else ""
            parts.append((f"{name}entry {step + 1}", False))
        else:
            parts.append((step, True))
    return ": ".join(f"'{text}'" if key else text for text, key in parts) or "the value"


def _long_number_error(text: str, data: Any, source: str, line: int | None) -> InputError:
    """The error for an integer too long to read, naming its file, line, column and field."""
    first = _first_long(data, [])
    assert first is not None  # (called only once the decoder has met one)
    path, number = first
    limit = sys.get_int_max_str_digits()
    tokens = re.finditer(r'"(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?', text)  # strings, numbers
    found = next((m for m in tokens if m.group().lstrip("-").isdigit() and len(m.group().lstrip("-")) > limit), None)
    where = ""
    if found is not None:
        row = text.count("\n", 0, found.start()) + 1
        col = found.start() - text.rfind("\n", 0, found.start())
        where = f":{row if line is None else line}:{col}"
    return InputError(f"{source}{where}: {json_field(path)}: a whole number {number.digits:,} digits long, more than "
                      f"can be read (at most {limit:,} digits)")


def parse_json(text: str, source: str, line: int | None = None) -> Any:
    """JSON text, or InputError naming the file, line and column where it goes wrong (exit 2);
    ``line`` when the text is that one line of the file (a JSON-lines record).
    A key given twice in one object is refused too: JSON readers keep one value or the other;
    so is an integer too long for Python to read (over 4,300 digits), naming its field."""
    long_numbers: list[_LongNumber] = []

    def whole(digits: str) -> int | _LongNumber:
        try:
            return int(digits)
        except ValueError:  # (the only ValueError int() raises on JSON's digits)
            long_numbers.append(_LongNumber(len(digits.lstrip("-"))))
            return long_numbers[-1]

    try:
        data = json.loads(text, object_pairs_hook=_one_value_a_key, parse_int=whole)
        if long_numbers:
            raise _long_number_error(text, data, source, line)
        return data
    except _TwiceGiven as err:
        key = json.dumps(err.args[0], ensure_ascii=False)
        if line is None:
            at = _second_key(text, err.args[0])
            where = "" if at is None else f":{text.count(chr(10), 0, at) + 1}"
        else:
            where = f":{line}"
        raise KeyTwiceGiven(f"{source}{where}: the key {key} is given twice in one object; give it once") from None
    except json.JSONDecodeError as err:
        what = err.msg[:-3] + " here" if err.msg.endswith(" at") else err.msg  # "Unterminated string starting at"
        where = f"{err.lineno}:{err.colno}" if line is None else f"{line}:{err.colno}"
        raise InputError(f"{source}:{where}: not valid JSON: {what}") from None
    except RecursionError:  # Python's decoder recurses once per level
        raise InputError(f"{source}: JSON nested too deeply to read (no dealgen file nests more than a few "
                         f"levels)") from None


def as_json(value: Any) -> str:
    """A value from a JSON file as JSON spells it (true, null, "text"), for messages."""
    return json.dumps(value, ensure_ascii=False)


def check_metrics(metrics: Any, types: dict[str, tuple[type, str]], where: str) -> None:
    """Metrics are an object of counts (numbers, 0 or more), except the keys ``types`` names
    (key -> (type, what it is called))."""
    if not isinstance(metrics, dict):
        raise InputError(f"{where}: 'metrics' must be an object")
    for key, value in metrics.items():
        kind: Any  # a type, or (int, float)
        kind, what = types.get(key, ((int, float), "a number, 0 or more"))
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool) \
                or (kind is list and not all(isinstance(x, str) for x in value)) \
                or (kind == (int, float) and not 0 <= value < math.inf) \
                or (kind is int and value < 0):
            raise InputError(f"{where}: metric '{key}' must be {what}, not {as_json(value)}")


def known_fields(raw: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    """Refuse a field this version does not know: a misspelt one ("grdae") would be ignored."""
    unknown = [key for key in raw if key not in allowed]
    if unknown:
        raise InputError(f"{where}: unknown field{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(repr(k) for k in unknown)} (the fields known here: {', '.join(allowed)})")
