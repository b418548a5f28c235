"""Issue 42: what fuzzing and fault injection found, each fixed (huge JSON numbers, a full disk,
temporary files left by SIGKILL, orphaned scan workers, a solution of megabytes, one-line errors)."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner

import dealgen.solution
from dealgen.cli import main
from dealgen.errors import InputError
from dealgen.fileio import MAX_TEXT

from .conftest import DATA

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"
SOLUTION_1 = DATA / "penguin-1-fcsolve.sol"  # 91 moves (Freecell Solver's, replayed by ours)
HUGE = "9" * 5000  # past Python's 4,300-digit limit for reading an integer


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_error_line(result, code: int) -> str:
    """The output of a run that failed with ``code``: exactly one line, the error."""
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dealgen: error: "), result.output
    return lines[0]


def in_a_subprocess(*args: str, **kwargs) -> subprocess.Popen:
    """``dealgen ARGS`` in a process of its own (this worktree's code), in a session of its own."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", "from dealgen.cli import main; main()", *args], env=env,
                            start_new_session=True, **kwargs)


# -- 1. JSON integers past Python's limit ------------------------------------------------------------

def _catalog(tmp_path: Path, name: str = "c.json") -> Path:
    data = json.loads((SEEDS / "penguin-40.json").read_text())
    data["deals"] = data["deals"][:2]
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=1))
    return path


def _with_huge(path: Path, field: str) -> Path:
    """``path`` with the first ``"field": <number>`` given 5,000 digits instead."""
    text = path.read_text()
    at = text.index(f'"{field}": ') + len(f'"{field}": ')
    end = at + len(text[at:]) - len(text[at:].lstrip("-0123456789"))
    path.write_text(text[:at] + HUGE + text[end:])
    return path


def test_a_huge_number_in_a_catalog_is_one_line_naming_file_and_field(tmp_path: Path) -> None:
    path = _with_huge(_catalog(tmp_path), "deal")
    line = one_error_line(run("verify", path), 2)
    assert line.startswith(f"dealgen: error: {path}:") and "deals entry 1: 'deal'" in line
    assert "5,000 digits" in line and "at most 4,300" in line
    result = run("verify", "--json", path)  # the JSON error object, as for any input that cannot be read
    assert result.exit_code == 2
    verdict = json.loads(result.stdout)
    assert verdict["ok"] is False and verdict["error"]["exit_code"] == 2
    assert "deals entry 1: 'deal'" in verdict["error"]["reason"]
    nested = _with_huge(_catalog(tmp_path, "m.json"), "states_expanded")
    assert "deals entry 1: 'metrics': 'states_expanded'" in one_error_line(run("verify", nested), 2)
    book = tmp_path / "b.pdf"
    assert one_error_line(run("book", "--catalog", path, "-o", book), 2) and not book.exists()


def test_a_huge_number_in_a_days_json_is_one_line(tmp_path: Path) -> None:
    entry = json.loads((SEEDS / "penguin-40.json").read_text())["deals"][0]
    day = tmp_path / "penguin-2026-01-05.json"
    day.write_text(json.dumps({"date": "2026-01-05", "game": "penguin", "rules": "parlett", **entry}, indent=1))
    assert run("verify", day).exit_code == 0  # (the day reads, before)
    _with_huge(day, "min_cells")
    line = one_error_line(run("verify", day), 2)
    assert f"{day}:" in line and "'metrics': 'min_cells': a whole number 5,000 digits long" in line


def test_a_huge_number_in_a_books_embedded_catalog_is_one_line(tmp_path: Path) -> None:
    from pypdf import PdfWriter

    catalog = _with_huge(_catalog(tmp_path), "deal")
    writer = PdfWriter()
    writer.add_blank_page(432, 648)
    writer.add_attachment("dealgen-catalog.json", catalog.read_bytes())
    pdf = tmp_path / "book.pdf"
    with open(pdf, "wb") as handle:
        writer.write(handle)
    line = one_error_line(run("verify", pdf), 2)
    assert f"{pdf} (dealgen-catalog.json):" in line and "deals entry 1: 'deal'" in line
    assert json.loads(run("verify", "--json", pdf).stdout)["error"]["exit_code"] == 2


def test_a_huge_number_in_a_json_position_is_one_line(tmp_path: Path) -> None:
    position = run("deal", "penguin", "1", "--format", "json").stdout
    path = tmp_path / "p.json"
    path.write_text(position.replace('"deal": 1', f'"deal": {HUGE}'))
    line = one_error_line(run("render", "penguin", "--position", path, "-o", tmp_path / "p.png"), 2)
    assert f"{path}:1:" in line and "'deal': a whole number 5,000 digits long" in line
    assert not (tmp_path / "p.png").exists()


def test_a_long_fraction_and_numbers_in_text_are_not_taken_for_the_number(tmp_path: Path) -> None:
    from dealgen.errors import InputError
    from dealgen.fileio import parse_json

    text = '{"a": "' + HUGE + '",\n "b": 0.' + HUGE + ',\n "c": [1, -' + HUGE + "]}"
    with pytest.raises(InputError, match=r"^x.json:3:11: c entry 2: a whole number 5,000 digits long"):
        parse_json(text, "x.json")


# -- 2. a full disk leaves no empty folder -------------------------------------------------------------

@pytest.fixture(scope="module")
def one_deal(tmp_path_factory) -> Path:
    """A catalog of one Penguin deal (a book of it takes a second to typeset)."""
    data = json.loads((SEEDS / "penguin-40.json").read_text())
    data["deals"] = data["deals"][:1]
    path = tmp_path_factory.mktemp("seeds") / "one.json"
    path.write_text(json.dumps(data))
    return path


def writers(catalog: Path) -> dict[str, tuple[list[str], str]]:
    """Commands that write into a folder they make: (arguments, the folder, relative to the current one)."""
    return {
        "daily": (["daily", "--catalog", str(catalog), "--series-start", "2026-12-01", "-o", "days/new"], "days"),
        "book": (["book", "--catalog", str(catalog)], "output"),
        "walkthrough": (["walkthrough", str(SOLUTION_1), "-o", "steps/", "--dpi", "20", "--every", "0"], "steps"),
        "site": (["site", "--catalog", str(catalog), "--series-start", "2026-12-01", "--days", "1", "--today",
                  "2026-12-31", "-o", "site/new"], "site"),
    }


def full_disk(monkeypatch, fails: Callable[[str], bool]) -> None:
    """Every file staged at a path ``fails`` names cannot be written, as on a full disk."""
    real = os.fdopen

    class FullDisk:
        def __init__(self, fd: int) -> None:
            self.handle = real(fd, "wb")

        def write(self, data) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def __enter__(self):
            return self

        def __exit__(self, *exc) -> None:
            self.handle.close()

    def fdopen(fd, mode="r", *args, **kwargs):
        if mode == "wb" and fails(os.readlink(f"/proc/self/fd/{fd}")):
            return FullDisk(fd)
        return real(fd, mode, *args, **kwargs)

    if not Path("/proc/self/fd").is_dir():
        pytest.skip("needs /proc to tell this test's files from others")
    monkeypatch.setattr(os, "fdopen", fdopen)


@pytest.mark.parametrize("command", ["book", "daily", "walkthrough", "site"])
def test_a_full_disk_leaves_no_empty_folder(command: str, one_deal: Path, tmp_path: Path, monkeypatch) -> None:
    """Fault injection, for machines where no small file system can be mounted (the test below):
    every file this run stages fails to be written, as on a full disk."""
    full_disk(monkeypatch, lambda staged: str(tmp_path) in staged)
    monkeypatch.chdir(tmp_path)
    args, folder = writers(one_deal)[command]
    line = one_error_line(run(*args), 2)
    assert "could not be written (No space left on device); nothing was written" in line
    assert not (tmp_path / folder).exists()
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_leaves_no_empty_folder_on_a_real_file_system(one_deal: Path, tmp_path: Path) -> None:
    """The same on a real full disk: a tiny tmpfs, filled up, in a mount namespace of its own
    (so nothing is left mounted however the test ends). Root on Linux only."""
    if not shutil.which("unshare") or os.geteuid() != 0:
        pytest.skip("needs root and unshare(1) to mount a small file system")
    disk = tmp_path / "disk"
    disk.mkdir()
    dealgen = f"{sys.executable} -c 'from dealgen.cli import main; main()'"
    script = "\n".join([
        f"mount -t tmpfs -o size=64k tmpfs {disk} || exit 77",
        f"cd {disk} && dd if=/dev/zero of=filler bs=4k 2>/dev/null",  # full to the last block
        *(f"{dealgen} {' '.join(args)}; echo \"{name} exit $?\"; ls -A" for name, (args, _) in writers(one_deal).items()),
    ])
    done = subprocess.run(["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    if done.returncode == 77 or done.stderr.startswith("unshare:"):
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()[:200]}")
    for name in writers(one_deal):  # each failed, said why in one line, and left the disk as it was: the filler alone
        assert f"{name} exit 2\nfiller\n" in done.stdout, done.stdout + done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("dealgen: error:")]
    assert len(errors) == len(writers(one_deal)) and all("No space left on device" in line for line in errors), \
        done.stderr


# -- 3. temporary files left by a killed run -------------------------------------------------------------

STALLED_WRITER = """
import os, sys, time
from dealgen import fileio

def stall(source, target):  # killed between writing the temporary file and renaming it
    print(source, flush=True)
    time.sleep(600)

os.replace = stall
fileio.write_atomic(sys.argv[1], b"half a picture")
"""


def test_a_killed_runs_temporary_file_is_removed_by_a_later_run_and_a_live_ones_is_not(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    others = [".notes.part", ".x.abcdefgh.part.bak", "x.abcdefgh.part", ".x.ABCDEFGH.part", "keep.txt"]
    for name in others:  # not of our naming: never touched
        (out / name).write_text("theirs")
    (out / ".d.abcdefgh.part").mkdir()  # of our naming, but a folder
    writer = subprocess.Popen([sys.executable, "-c", STALLED_WRITER, str(out / "penguin-1.png")],
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, text=True)
    try:
        temporary = Path(writer.stdout.readline().strip())
        assert temporary.parent == out and temporary.name.startswith(".penguin-1.png.") and temporary.is_file()
        result = run("render", "penguin", "2", "-o", out / "penguin-2.png", "--size", "300x300")
        assert result.exit_code == 0, result.output
        assert temporary.is_file() and "removed" not in result.stderr  # a live run's: kept
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
    assert temporary.is_file()  # what SIGKILL leaves
    result = run("render", "penguin", "3", "-o", out / "penguin-3.png", "--size", "300x300")
    assert result.exit_code == 0, result.output
    assert not temporary.exists()
    assert (f"dealgen: note: removed 1 temporary file that an interrupted run left in {out}: {temporary.name}"
            in result.stderr)
    assert sorted(p.name for p in out.iterdir()) == sorted(others + [".d.abcdefgh.part", "penguin-2.png",
                                                                     "penguin-3.png"])


def test_a_set_of_files_removes_stale_temporary_files_too(tmp_path: Path) -> None:
    out = tmp_path / "steps"
    out.mkdir()
    stale = [out / f".penguin-1-move-{k:03d}.png.a1b2c3d{k}.part" for k in range(5)]
    for path in stale:
        path.write_bytes(b"half")
    result = run("walkthrough", SOLUTION_1, "-o", f"{out}/", "--dpi", "20", "--every", "0")
    assert result.exit_code == 0, result.output
    assert not any(path.exists() for path in stale)
    assert f"removed 5 temporary files that an interrupted run left in {out}: " in result.stderr
    assert "and 2 more" in result.stderr


# -- 4. a scan's workers outlive a killed parent quietly ----------------------------------------------------

def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_killing_a_scan_leaves_workers_that_exit_quietly(tmp_path: Path) -> None:
    if not Path("/proc/self/stat").is_file():
        pytest.skip("finds the workers through /proc")
    results, errors = tmp_path / "scan.jsonl", tmp_path / "stderr.txt"
    with open(errors, "w") as stderr:
        scan = in_a_subprocess("scan", "penguin", "1-100000", "--jobs", "2", "--max-states", "3000",
                               "-o", str(results), stdout=subprocess.DEVNULL, stderr=stderr)
    try:
        deadline = time.monotonic() + 120
        while not (results.is_file() and results.read_text().count("\n") >= 4) and time.monotonic() < deadline:
            time.sleep(0.1)  # the workers are at work
        workers = _children(scan.pid)
        assert len(workers) >= 2 and results.read_text().count("\n") >= 4  # (the two workers, and any helper)
    finally:
        os.kill(scan.pid, signal.SIGKILL)
        scan.wait()
    deadline = time.monotonic() + 60
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(pid) for pid in workers)  # each noticed its parent gone, and left
    assert "Traceback" not in errors.read_text() and "Error" not in errors.read_text(), errors.read_text()


# -- 5. a solution of megabytes is read as a stream -------------------------------------------------------

def _counting_moves(monkeypatch) -> list[str]:
    """The tokens the solution reader checks, counted."""
    seen: list[str] = []
    real = dealgen.solution.read_move

    def read_move(game, token):
        seen.append(token)
        return real(game, token)

    monkeypatch.setattr(dealgen.solution, "read_move", read_move)
    return seen


def test_a_solution_followed_by_a_flood_of_moves_is_refused_at_the_first_bad_one(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "long.sol"
    path.write_text(SOLUTION_1.read_text() + ("1h " * 12 + "\n") * 20_000)  # 240,000 moves past the win
    seen = _counting_moves(monkeypatch)
    result = run("verify", path)
    assert result.exit_code == 1
    assert "FAILED at move 92 '1h': the game is already over" in result.output
    assert len(seen) == 92  # read no further than the replay went
    seen.clear()
    result = run("walkthrough", path, "-o", tmp_path / "w.pdf")  # the same for commands that draw a record
    assert result.exit_code == 1 and "FAILED at move 92" in result.output and len(seen) == 92


def test_a_walkthroughs_rules_apply_while_its_file_is_read(tmp_path: Path) -> None:
    """A file without a rules: line, drawn under --rules: read (and played as read) under those
    rules, not cut short where the game's first rule set would refuse a move."""
    solved = tmp_path / "free.sol"
    assert run("solve", "idiots-delight", "1", "--rules", "free", "-o", solved).exit_code == 0
    bare = tmp_path / "bare.sol"
    bare.write_text("".join(line for line in solved.read_text().splitlines(True) if not line.startswith("rules:")))
    assert run("verify", bare).exit_code == 1  # (under strict, the default, a deal comes too early)
    result = run("walkthrough", bare, "--rules", "free", "-o", tmp_path / "w.pdf")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "w.pdf").is_file()


def test_a_streamed_solution_still_names_a_bad_token_before_the_failure(tmp_path: Path) -> None:
    path = tmp_path / "bad.sol"
    lines = SOLUTION_1.read_text().splitlines()
    first_moves = next(k for k, line in enumerate(lines) if line and not line.startswith("#") and ":" not in line)
    tokens = lines[first_moves].split()
    lines[first_moves] = " ".join(tokens[:2] + ["zz"] + tokens[3:])
    path.write_text("\n".join(lines) + "\n" + "1h " * 1000 + "\n")
    line = one_error_line(run("verify", path), 2)
    assert f"{path}:{first_moves + 1}: move 3: 'zz'" in line
    result = run("verify", "--json", path)
    assert result.exit_code == 2 and json.loads(result.stdout)["error"]["exit_code"] == 2


def test_the_whole_file_limit_stays(tmp_path: Path) -> None:
    path = tmp_path / "huge.sol"
    body = SOLUTION_1.read_text().encode()
    path.write_bytes(body + b"1h " * ((MAX_TEXT - len(body)) // 3 + 1))
    assert path.stat().st_size > MAX_TEXT
    line = one_error_line(run("verify", path), 2)
    assert "over 16 MB, more than any dealgen file" in line


def test_streamed_lines_are_numbered_as_splitlines_numbers_them() -> None:
    from dealgen.solution import _lines

    text = ("a\r\nb\rc\n\x0cd\u2028e\n" * 9000) + "last"  # breaks of every kind, across parts
    assert list(_lines(text)) == list(enumerate(text.splitlines(), 1))


# -- 6. a broken strategy in a book's catalog is one error line -------------------------------------------

def _broken_problems(tmp_path: Path) -> Path:
    """The Pack 'n' Stack seed catalog with two race certificates of one entry cut short."""
    data = json.loads((SEEDS / "pack-n-stack-12.json").read_text())
    entry = next(e for e in data["deals"] if len([line for line in e["strategy"] if " race " in line]) >= 2)
    races = [k for k, line in enumerate(entry["strategy"]) if " race " in line][:2]
    for k in races:
        entry["strategy"][k] = " ".join(entry["strategy"][k].split(" ")[:-1])  # one pack fewer
    path = tmp_path / "problems.json"
    path.write_text(json.dumps(data, indent=1))
    return path


def test_a_broken_strategy_stops_a_book_in_one_line(tmp_path: Path) -> None:
    catalog = _broken_problems(tmp_path)
    verified = run("verify", catalog)  # (verify lists both failures, a line each)
    assert verified.exit_code == 1 and verified.output.count("FAILED: race certificate refused") == 2
    line = one_error_line(run("book", "--catalog", catalog, "-o", tmp_path / "b.pdf"), 1)
    assert line.startswith(f"dealgen: error: {catalog}: nothing written: pack-n-stack deal ")
    assert line.endswith("(and 1 more failure: `dealgen verify` lists them)")
    assert not (tmp_path / "b.pdf").exists()
    data = json.loads(catalog.read_text())
    broken = next(k for k, e in enumerate(data["deals"]) if e != json.loads((SEEDS / "pack-n-stack-12.json")
                                                                              .read_text())["deals"][k])
    data["deals"] = [data["deals"][broken]]
    catalog.write_text(json.dumps(data))
    line = one_error_line(run("daily", "--catalog", catalog, "--series-start", "2026-01-01", "-o", tmp_path / "d"), 1)
    assert line.startswith(f"dealgen: error: {catalog}: nothing written: ") and "1 more failure" in line
    assert not (tmp_path / "d").exists()


# -- found by the fuzzing (tests/test_fuzz.py, bench/fuzz.py): numbers too long to read, in text ----------

@pytest.mark.parametrize("game, field", [("idiots-delight", "discarded"), ("perpetual-motion", "pass"),
                                         ("pack-n-stack", "quiet")])
def test_a_number_too_long_to_read_in_a_text_position_is_one_line(game: str, field: str, tmp_path: Path) -> None:
    text = run("deal", game, "3").stdout
    lines = [line for line in text.splitlines() if not line.startswith(f"{field}:")]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines[:3] + [f"{field}: {HUGE}"] + lines[3:]) + "\n")
    line = one_error_line(run("render", game, "--position", path, "-o", tmp_path / "p.png"), 2)
    assert f"{path}:4: {field}" in line


def test_a_number_too_long_to_read_in_a_strategy_goal_or_a_deal_is_one_line(tmp_path: Path) -> None:
    strategy = tmp_path / "s.txt"
    strategy.write_text(re.sub(r"goal: (\w+) wins in \d+", rf"goal: \1 wins in {HUGE}", (DATA / "pns-26-strategy.txt")
                               .read_text()))
    assert "the goal reads '<red|black> wins in N'" in one_error_line(run("verify", strategy), 2)
    solution = tmp_path / "s.sol"
    solution.write_text(SOLUTION_1.read_text().replace("deal: 1\n", f"deal: {HUGE}\n"))
    line = one_error_line(run("verify", solution), 2)
    assert "deal number 999999999999… (5,000 digits) is out of range: use 0 to 100000000000000000000" in line


def test_a_number_too_long_to_read_in_a_layout_is_one_line(tmp_path: Path) -> None:
    layout = tmp_path / "mine.toml"
    layout.write_text((ROOT / "layouts" / "letter-4up.toml").read_text().replace("per_page = 4", f"per_page = {HUGE}"))
    line = one_error_line(run("book", "--catalog", SEEDS / "penguin-40.json", "--layout", layout,
                              "-o", tmp_path / "b.pdf"), 2)
    assert line.endswith(f"{layout}:16: cannot read the layout: a line of 5,011 characters; at most 1,000")


def test_an_error_quoting_line_breaks_of_the_input_stays_one_line(tmp_path: Path) -> None:
    """Found by the fuzzing: a day's 'date' holding U+0085 and U+2028, which break lines as
    Python (and some terminals and log readers) read them, quoted in the error."""
    entry = json.loads((SEEDS / "penguin-40.json").read_text())["deals"][0]
    day = tmp_path / "day.json"
    day.write_text(json.dumps({"date": "x\x85y\u2028z\u202e", "game": "penguin", "rules": "parlett", **entry},
                              ensure_ascii=False))
    line = one_error_line(run("verify", day), 2)
    assert line.endswith("'date' must be a date as YYYY-MM-DD, not \"x\\x85y\\u2028z\\u202e\"")


# -- issue 52: two runs into one place --------------------------------------------------------------------

HOLDER = """
import sys, time
from dealgen.fileio import check_writable, one_run, planned_folder

with one_run():  # what every writer does with its output, then a long run
    (planned_folder if sys.argv[2] == "folder" else check_writable)(sys.argv[1])
    print("held", flush=True)
    time.sleep(600)
"""


def hold(target: Path, kind: str) -> subprocess.Popen:
    """A process holding ``target`` as a dealgen run writing it does, until killed."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(target), kind], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert holder.stdout.readline().strip() == "held"
    return holder


def output_writers(catalog: Path, tmp_path: Path) -> dict[str, tuple[list[str], Path, str]]:
    """Commands and the output they write: (arguments, the output, "file" or "folder")."""
    site, days, book = tmp_path / "site", tmp_path / "days", tmp_path / "b.pdf"
    scan, steps = tmp_path / "s.jsonl", tmp_path / "steps"
    start = ["--catalog", str(catalog), "--series-start", "2026-12-01"]
    return {
        "site": (["site", *start, "--days", "1", "--today", "2026-12-31", "-o", str(site)], site, "folder"),
        "daily": (["daily", *start, "-o", str(days)], days, "folder"),
        "book": (["book", "--catalog", str(catalog), "-o", str(book)], book, "file"),
        "scan": (["scan", "penguin", "1-2", "--jobs", "1", "-o", str(scan)], scan, "file"),
        "walkthrough": (["walkthrough", str(SOLUTION_1), "-o", f"{steps}/", "--dpi", "20", "--every", "0"], steps,
                        "folder"),
    }


@pytest.mark.parametrize("command", ["site", "daily", "book", "scan", "walkthrough"])
def test_a_run_into_an_output_another_run_holds_stops_at_once_and_a_killed_runs_lock_is_taken_over(
        command: str, one_deal: Path, tmp_path: Path) -> None:
    args, target, kind = output_writers(one_deal, tmp_path)[command]
    holder = hold(target, kind)
    try:
        line = one_error_line(run(*args), 2)
        assert line == (f"dealgen: error: {target} is being written by another dealgen run (pid {holder.pid}); "
                        f"wait for it to end, or write elsewhere")
        assert not target.exists() or kind == "folder" and not any(target.iterdir())
    finally:
        holder.kill()  # SIGKILL: its lock file stays, and the system lets go of the lock
        holder.wait()
        holder.stdout.close()
    lock = target.parent / f".{target.name}.dealgen-lock"
    assert lock.read_text().strip() == str(holder.pid)  # what a killed run leaves
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert f"taking over the lock of a dealgen run that ended without letting go (pid {holder.pid})" in result.stderr
    assert target.exists() and not lock.exists()  # the lock is gone with the run that took it


def test_two_scans_into_one_file_never_lose_or_double_a_line(tmp_path: Path) -> None:
    """Two real runs: a long scan, and a retry of the same file started while it runs."""
    results = tmp_path / "scan.jsonl"
    first = in_a_subprocess("scan", "penguin", "1-100000", "--jobs", "1", "--max-states", "3000", "-o", str(results),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not (results.is_file() and results.read_text().count("\n") >= 3) and time.monotonic() < deadline:
            time.sleep(0.05)
        second = subprocess.run([sys.executable, "-c", "from dealgen.cli import main; main()", "scan", "penguin",
                                 "1-400", "--retry-undecided", "--jobs", "1", "-o", str(results)],
                                env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                                timeout=60)
        assert second.returncode == 2, second.stderr
        assert second.stderr == (f"dealgen: error: {results} is being written by another dealgen run (pid "
                                 f"{first.pid}); wait for it to end, or write elsewhere\n")
    finally:
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
    result = run("scan", "penguin", "1-40", "--jobs", "1", "--max-states", "3000", "-o", results)
    assert result.exit_code == 0, result.output
    deals = [json.loads(line)["deal"] for line in results.read_text().splitlines() if line.strip()]
    assert sorted(deals) == sorted(set(deals)) and set(range(1, 41)) <= set(deals)


# -- issue 52: a resumed scan trusts nothing it wrote before --------------------------------------------

@pytest.fixture(scope="module")
def three_deals(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("scan") / "s.jsonl"
    assert run("scan", "penguin", "1-3", "--jobs", "1", "-o", path).exit_code == 0
    return path.read_text()


def test_a_resumed_scan_line_whose_moves_were_edited_is_solved_again(three_deals: str, tmp_path: Path) -> None:
    lines = [json.loads(line) for line in three_deals.splitlines()]
    honest = lines[1]["moves"]
    lines[1]["moves"] = ["1h"] + honest[1:]  # an edited move: the line still looks whole
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = run("scan", "penguin", "1-3", "--jobs", "1", "-o", path)
    assert result.exit_code == 0, result.output
    assert f"dealgen: note: {path}:2: deal 2's moves do not replay" in result.stderr
    assert "it is solved again" in result.stderr
    again = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["deal"] for r in again] == [1, 2, 3] and again[1]["moves"] == honest  # one line a deal, replaying


@pytest.mark.parametrize("field, value, said", [
    ("deal", True, "'deal' must be a deal number"),
    ("deal", 1.5, "'deal' must be a deal number"),
    ("deal", "1", "'deal' must be a deal number"),
    ("moves", 5, "'moves' must be a list of at most 100,000 moves"),
    ("grade", ["x"], "'grade' must be null or one of easy, medium, hard, expert"),
    ("certified", "yes", "'certified' must be true or false"),
])
def test_a_resumed_scan_line_of_the_wrong_types_is_one_line(field: str, value, said: str, three_deals: str,
                                                             tmp_path: Path) -> None:
    lines = [json.loads(line) for line in three_deals.splitlines()]
    lines[1][field] = value
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    line = one_error_line(run("scan", "penguin", "1-3", "--jobs", "1", "-o", path), 2)
    assert line.startswith(f"dealgen: error: {path}:2: {said}")


def test_a_resumed_scan_line_with_a_deal_past_any_float_is_one_line(three_deals: str, tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(three_deals.replace('"deal": 2,', '"deal": 1e999,'))
    line = one_error_line(run("scan", "penguin", "1-3", "--jobs", "1", "-o", path), 2)
    assert line.startswith(f"dealgen: error: {path}:2: 'deal' must be a deal number")


# -- issue 52: what a site reads back, and the files people write ------------------------------------------

@pytest.fixture(scope="module")
def a_site(tmp_path_factory, one_deal: Path) -> Path:
    folder = tmp_path_factory.mktemp("site") / "site"
    result = run("site", "--catalog", one_deal, "--series-start", "2026-12-01", "--days", "1", "--today", "2026-12-31",
                 "-o", folder)
    assert result.exit_code == 0, result.output
    return folder


@pytest.mark.parametrize("key, value, said", [
    ("page", "javascript:alert(document.domain)//.html", "'page' must be the site's own name for this day, "
                                                         "\"penguin-2026-12-01.html\""),
    ("page", "../penguin-2026-12-01.html", "'page' must be the site's own name"),
    ("image", "https://example.org/x.png", "'image' must be the site's own name"),
    ("date", "x", "'date' must be a date, YYYY-MM-DD"),
    ("date", "2026-02-30", "'date' must be a date that exists"),
    ("grade", 5, "'grade' must be one of easy, medium, hard, expert, not 5"),
    ("deal", True, "'deal' must be a deal number"),
    ("turn", "1", "'turn' must be null or a turn number"),
    ("game", ["penguin"], "'game' must be one of"),
    ("rules", "nonsense", "'rules' must be one of penguin's rule sets"),
    ("question", "Win?\u0001", "'question' must be text without control characters"),
])
def test_a_days_json_entry_is_checked_field_by_field(key: str, value, said: str, a_site: Path,
                                                     tmp_path: Path) -> None:
    folder = tmp_path / "site"
    shutil.copytree(a_site, folder)
    record = json.loads((folder / "days.json").read_text())
    record["days"][0][key] = value
    (folder / "days.json").write_text(json.dumps(record))
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    result = run("site", "--catalog", SEEDS / "penguin-40.json", "--series-start", "2026-12-01", "--days", "2",
                 "--today", "2026-12-31",
                 "-o", folder)
    assert one_error_line(result, 2) == f"dealgen: error: {folder / 'days.json'}: days entry 1: {said}" \
        or said in result.output, result.output
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before  # nothing written


def _theme(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "theme" / "theme.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text)
    return path


@pytest.mark.parametrize("name", ["Penguin\u0001Daily", "Penguin\u0000", "A\u2028B"])
def test_a_theme_name_with_a_control_character_is_refused(name: str, one_deal: Path, tmp_path: Path) -> None:
    theme = _theme(tmp_path, f'name = "{json.dumps(name)[1:-1]}"\n')
    result = run("site", "--catalog", one_deal, "--series-start", "2026-12-01", "--days", "1", "--today", "2026-12-31", "-o",
                 tmp_path / "site", "--theme", theme)
    assert f"{theme}: 'name' holds the control character U+" in one_error_line(result, 2)
    assert not (tmp_path / "site").exists()


def test_a_theme_logo_outside_its_folder_is_refused(tmp_path: Path) -> None:
    from PIL import Image

    from dealgen.publish.kit.theme import load_theme

    outside = tmp_path / "outside.png"
    Image.new("RGB", (8, 8)).save(outside)
    theme = _theme(tmp_path, "")
    (theme.parent / "link.png").symlink_to(outside)
    (theme.parent / "inside").mkdir()
    Image.new("RGB", (8, 8)).save(theme.parent / "inside" / "logo.png")
    for value in (str(outside), "../outside.png", "link.png", "inside/../../outside.png"):
        theme.write_text(f'name = "A"\nlogo = "{value}"\n')
        with pytest.raises(InputError, match="is outside the theme file's folder"):
            load_theme(str(theme))
    theme.write_text('name = "A"\nlogo = "inside/logo.png"\n')
    assert load_theme(str(theme)).logo_size == (8, 8)


@pytest.mark.parametrize("text, said", [
    ("a = " + "[\n" * 1000 + "]\n" * 1000, "nested too deeply"),
    ("a." * 20_000 + "b = 1\n", ".toml:1: cannot read the "),
    ("a." * 400 + "b = 1\n", "tables nested more than 8 deep"),
    ("name = \"x\"\n" + "# a note\n" * 8000, "over 64 KB"),
])
def test_a_toml_file_is_capped_before_it_is_parsed(text: str, said: str, one_deal: Path, tmp_path: Path) -> None:
    layout = tmp_path / "l.toml"
    layout.write_text(text)
    line = one_error_line(run("book", "--catalog", one_deal, "--layout", layout, "-o", tmp_path / "b.pdf"), 2)
    assert said in line
    if "cannot read the " in said:
        assert line.endswith("cannot read the layout: a line of 40,005 characters; at most 1,000")
    theme = _theme(tmp_path, text)
    assert said in one_error_line(run("daily", "--catalog", one_deal, "--series-start", "2026-12-01", "-o",
                                      tmp_path / "d", "--theme", theme), 2)


# -- issue 52: solutions of megabytes, strategies of thousands of branches -----------------------------

def test_a_legal_cycle_past_the_longest_solution_is_refused_at_once(tmp_path: Path, monkeypatch) -> None:
    """Penguin deal 35: the top card of column 3 goes to a cell and back, legally, for ever."""
    from dealgen.solution import MAX_MOVES

    path = tmp_path / "cycle.sol"
    path.write_text("game: penguin\ndeal: 35\n" + "3a a3 " * (MAX_MOVES // 2 + 1000) + "\n")
    seen = _counting_moves(monkeypatch)
    line = one_error_line(run("verify", path), 2)
    assert line.startswith(f"dealgen: error: {path}:3: over 100,000 moves: far longer than any solution")
    assert len(seen) == MAX_MOVES  # read no further
    catalog = json.loads((SEEDS / "penguin-40.json").read_text())
    catalog["deals"] = catalog["deals"][:1]
    catalog["deals"][0]["solution"] = ["3a", "a3"] * (MAX_MOVES // 2 + 1)
    (tmp_path / "c.json").write_text(json.dumps(catalog))
    assert "'solution' is over 100,000 moves" in one_error_line(run("verify", tmp_path / "c.json"), 2)


def test_a_solution_on_one_line_of_megabytes_is_read_a_token_at_a_time() -> None:
    import tracemalloc

    from dealgen.solution import stream_solution

    text = SOLUTION_1.read_text().rstrip("\n") + " " + "1h " * 700_000 + "\n"  # 2 MB on the last line
    tracemalloc.start()
    try:
        head, steps = stream_solution(text, "long.sol")
        first = [next(steps) for _ in range(95)]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert first[-1][1] == "1h"
    assert peak < 8 * len(text), f"{peak:,} bytes to read 95 moves of a {len(text):,}-character file"


def test_a_strategy_of_thousands_of_failing_branches_is_checked_in_time_linear_in_them(monkeypatch) -> None:
    """Each failure is noted in constant time (the first in line order kept as they come): a
    minimum over the failures so far, at each, made 40,000 failing branches take 47 s."""
    import builtins

    from dealgen.solve.pack_n_stack import strategy

    lines = (DATA / "pns-26-strategy.txt").read_text().splitlines()
    reply = next(k for k, line in enumerate(lines) if line.startswith("  red "))
    text = "\n".join(lines[:reply + 2] + lines[reply:reply + 2] * 2000 + lines[reply + 2:]) + "\n"
    compared = [0]

    def counting_min(*args, **kwargs):
        items = list(args[0]) if len(args) == 1 else list(args)
        compared[0] += len(items)
        return builtins.min(items, **kwargs)

    monkeypatch.setattr(strategy, "min", counting_min, raising=False)
    tree = strategy.parse_strategy(text, "many.txt")
    check = strategy.check_tree(tree, "many.txt")
    assert len(check.failures) == 2000 and compared[0] < 10 * len(check.failures)
    assert check.first_line == reply + 3


def test_a_book_and_its_saved_catalog_are_written_both_or_neither(one_deal: Path, tmp_path: Path,
                                                                   monkeypatch) -> None:
    """The disk fills while the book is written, after the catalog: "nothing was written" is so."""
    real = os.fdopen
    full_disk(monkeypatch, lambda staged: staged.startswith(str(tmp_path / ".b.pdf.")))
    saved = tmp_path / "saved.json"
    line = one_error_line(run("book", "--catalog", one_deal, "--save-catalog", saved, "-o", tmp_path / "b.pdf"), 2)
    assert line.endswith("b.pdf: could not be written (No space left on device); nothing was written")
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    monkeypatch.setattr(os, "fdopen", real)
    result = run("book", "--catalog", one_deal, "--save-catalog", saved, "-o", tmp_path / "b.pdf")
    assert result.exit_code == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["b.pdf", "saved.json"]


def test_two_site_runs_into_one_folder_one_stops_and_no_day_is_lost(tmp_path: Path) -> None:
    """Two real runs with different dates: the second stops at once; run again after the first,
    it adds its days, and the site lists all of them."""
    site = tmp_path / "site"
    catalog = SEEDS / "penguin-40.json"

    def args(start: str) -> list[str]:
        return ["site", "--catalog", str(catalog), "--series-start", start, "--days", "4", "--today", "2026-12-31",
                "-o", str(site)]

    lock = tmp_path / ".site.dealgen-lock"
    first = in_a_subprocess(*args("2026-12-01"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not lock.exists() and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert lock.exists(), "the first run never held its folder"
        line = one_error_line(run(*args("2026-12-11")), 2)
        assert line.startswith(f"dealgen: error: {site} is being written by another dealgen run (pid {first.pid})")
    finally:
        assert first.wait(120) == 0
    assert run(*args("2026-12-11")).exit_code == 0
    days = json.loads((site / "days.json").read_text())["days"]
    assert [d["date"][-2:] for d in days] == ["01", "02", "03", "04", "11", "12", "13", "14"]
