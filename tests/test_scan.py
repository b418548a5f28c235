"""Parallel scans: ranges, resume, the same lines whatever --jobs, the summary, bad input."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.errors import InputError
from dealgen.fileio import MAX_TEXT
from dealgen.scan import LOOKAHEAD, in_parallel, parse_range, read_done, scan, solve_many, summary
from dealgen.solve import Budget


def test_parse_range() -> None:
    assert parse_range("1-10") == range(1, 11)
    assert parse_range(" 7 ") == range(7, 8)
    assert parse_range("5-5") == range(5, 6)
    for bad in ("10-1", "a-b", "-3", "1-", "1-x", ""):
        with pytest.raises(InputError):
            parse_range(bad)
    assert parse_range("5-1000004") == range(5, 1000005)
    for big in ("1-1000001", "1-100000000000000000000"):  # a run once held them all in memory, or hung
        with pytest.raises(InputError, match="a run takes at most 1,000,000: split the range"):
            parse_range(big)


def _slow_square(task: tuple) -> int:
    n, log = task
    with open(log, "a") as handle:
        handle.write(f"{n}\n")
    time.sleep(0.02)
    return n * n


def test_stopping_early_skips_the_queued_tasks_and_closes_the_pool(tmp_path) -> None:
    log = tmp_path / "ran.txt"
    results = in_parallel(((n, log) for n in itertools.count()), 2, _slow_square)
    assert list(itertools.islice(results, 3)) == [0, 1, 4]
    results.close()
    ran = [int(n) for n in log.read_text().split()]
    assert len(ran) < 2 * LOOKAHEAD  # the queued look-ahead was not worked through
    assert multiprocessing.active_children() == []


def _first_waits_for_the_others(task: tuple[str, int]) -> int:
    """Task 0 stands for a long audit: it ends once 100 of the others have (or after a minute),
    and gives how many had. The others leave a mark and give their number."""
    folder, n = task
    if n:
        (Path(folder) / str(n)).touch()
        return n
    deadline = time.monotonic() + 60
    while len(list(Path(folder).iterdir())) < 100 and time.monotonic() < deadline:
        time.sleep(0.01)
    return len(list(Path(folder).iterdir()))


def test_one_slow_task_does_not_leave_the_other_processes_idle(tmp_path) -> None:
    results = list(in_parallel(((str(tmp_path), n) for n in range(300)), 2, _first_waits_for_the_others))
    assert results[0] >= 100  # the other process went on past the look-ahead (32) while task 0 ran
    assert results[1:] == list(range(1, 300))


def lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_same_results_whatever_the_jobs(tmp_path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    scan("penguin", range(1, 7), "parlett", jobs=1, path=one, grade=False)
    scan("penguin", range(1, 7), "parlett", jobs=2, path=two, grade=False)
    assert one.read_bytes() == two.read_bytes()
    assert [r["deal"] for r in lines(one)] == list(range(1, 7))
    assert all(r["verdict"] == "solved" for r in lines(one))


def test_resume_skips_finished_deals_and_drops_a_torn_line(tmp_path) -> None:
    path = tmp_path / "scan.jsonl"
    first = scan("penguin", range(1, 4), "parlett", jobs=1, path=path, grade=False)
    assert first.new == 3
    with path.open("a") as handle:  # a crash in the middle of writing deal 4
        handle.write('{"game": "penguin", "deal": 4, "ru')
    again = scan("penguin", range(1, 6), "parlett", jobs=2, path=path, grade=False)
    assert again.new == 2
    assert [r["deal"] for r in lines(path)] == [1, 2, 3, 4, 5]
    assert [r["deal"] for r in again.records] == [1, 2, 3, 4, 5]
    done = scan("penguin", range(1, 6), "parlett", jobs=2, path=path, grade=False)
    assert done.new == 0 and len(done.records) == 5


def test_resume_reads_a_scan_file_larger_than_any_other_dealgen_file(tmp_path) -> None:
    """A million-deal scan file runs to hundreds of megabytes: resuming reads it a line at a
    time, past the 16 MB that bounds every other file, and keeps no moves in memory."""
    path = tmp_path / "big.jsonl"
    scan("penguin", range(1, 2), "parlett", jobs=1, path=path, grade=False)
    one = lines(path)[0]
    # deal 1's record under other numbers: read and checked, but replayed only for deals in the
    # range scanned (where it would not replay, and be solved again)
    count = MAX_TEXT // len(json.dumps(one)) + 100
    with path.open("w") as handle:
        handle.writelines(json.dumps({**one, "deal": n}) + "\n" for n in range(1, count + 1))
    assert path.stat().st_size > MAX_TEXT
    again = scan("penguin", range(1, 2), "parlett", jobs=1, path=path, grade=False)
    assert again.new == 0 and len(again.records) == 1
    assert again.records[0]["moves"] == len(one["moves"])  # the count, not the list
    again = scan("penguin", range(count + 1, count + 2), "parlett", jobs=1, path=path, grade=False)
    assert again.new == 1 and summary(again)["solved"] == 1
    huge = tmp_path / "huge.jsonl"  # one line of over 16 MB: nothing a scan writes
    huge.write_bytes(b"x" * (MAX_TEXT + 1))
    with pytest.raises(InputError, match="huge.jsonl:1: a line of over 16 MB"):
        read_done(huge, "penguin", "parlett")
    assert huge.stat().st_size == MAX_TEXT + 1


def test_resume_never_cuts_a_file_that_is_not_a_scan(tmp_path) -> None:
    catalog = tmp_path / "catalog.json"  # one line, no newline at the end
    catalog.write_text('{"game": "penguin", "rules": "parlett", "entries": []}')
    solution = tmp_path / "s.txt"
    solution.write_text("game: penguin\ndeal: 5\n4a 4h")
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\xff\xfe\x00junk\n\x00")
    for path, words in ((catalog, "catalog.json:1: not a scan result line"), (solution, "s.txt:1: not a scan"),
                        (binary, "UTF-16")):
        before = path.read_bytes()
        with pytest.raises(InputError, match=words):
            scan("penguin", range(1, 2), "parlett", jobs=1, path=path, grade=False)
        assert path.read_bytes() == before
    odd = tmp_path / "odd.jsonl"
    odd.write_text('{"game": "penguin", "rules": "parlett", "deal": 1, "verdict": "banana"}\n')
    with pytest.raises(InputError, match='odd.jsonl:1: verdict "banana" is none of solved, unsolvable, unknown'):
        scan("penguin", range(1, 2), "parlett", jobs=1, path=odd, grade=False)
    latin = tmp_path / "l.jsonl"
    latin.write_bytes(b"caf\xe9\n")
    with pytest.raises(InputError, match="not UTF-8 text"):
        read_done(latin, "penguin", "parlett")


def test_resume_keeps_a_last_record_that_lacks_only_its_newline(tmp_path) -> None:
    path = tmp_path / "scan.jsonl"
    scan("penguin", range(1, 3), "parlett", jobs=1, path=path, grade=False)
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    again = scan("penguin", range(1, 4), "parlett", jobs=1, path=path, grade=False)
    assert again.new == 1 and [r["deal"] for r in lines(path)] == [1, 2, 3]


def test_resume_names_a_key_given_twice_and_cuts_nothing(tmp_path) -> None:
    path = tmp_path / "scan.jsonl"
    scan("penguin", range(1, 3), "parlett", jobs=1, path=path, grade=False)
    first, second = path.read_text().splitlines()
    twice = [line.replace("{", '{"deal": 9, ', 1) for line in (first, second)]
    for text, line in ((f"{twice[0]}\n{second}\n", 1), (f"{first}\n{twice[1]}", 2)):  # the last, no newline
        path.write_text(text)
        with pytest.raises(InputError, match=f'scan.jsonl:{line}: the key "deal" is given twice'):
            read_done(path, "penguin", "parlett")
        assert path.read_text() == text


def test_a_results_file_that_cannot_be_added_to_is_named(tmp_path, monkeypatch) -> None:
    path = tmp_path / "scan.jsonl"
    scan("penguin", range(1, 2), "parlett", jobs=1, path=path, grade=False)
    before = path.read_bytes()
    real_open = Path.open

    def refusing(self, mode="r", *args, **kwargs):  # as a read-only or immutable file does
        if self == path and "a" in mode:
            raise PermissionError(1, "Operation not permitted")
        return real_open(self, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refusing)
    with pytest.raises(InputError, match="scan.jsonl: cannot add results to it \\(Operation not permitted\\)"):
        scan("penguin", range(1, 3), "parlett", jobs=1, path=path, grade=False)
    assert path.read_bytes() == before


def test_a_full_disk_names_the_results_file(tmp_path, monkeypatch) -> None:
    import errno
    import io

    path = tmp_path / "scan.jsonl"
    real_open = Path.open

    class Full(io.StringIO):
        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "open", lambda self, mode="r", *a, **k: Full() if self == path and "a" in mode
                        else real_open(self, mode, *a, **k))
    with pytest.raises(InputError, match="scan.jsonl: could not be written \\(No space left on device\\); the results"):
        scan("penguin", range(1, 3), "parlett", jobs=1, path=path, grade=False)


def test_resume_refuses_a_file_of_other_rules(tmp_path) -> None:
    path = tmp_path / "scan.jsonl"
    scan("penguin", range(2, 3), "parlett", jobs=1, path=path, grade=False)
    with pytest.raises(InputError, match="supermove"):
        read_done(path, "penguin", "supermove")


def test_summary_counts_budget_outcomes(tmp_path) -> None:
    report = scan("penguin", range(4, 6), "parlett", jobs=1, path=tmp_path / "s.jsonl", budget=Budget(5), grade=False)
    s = summary(report)
    assert (s["deals"], s["unknown"], s["unknown_deals"]) == (2, 2, [4, 5])
    assert all(r["budget"] == "states" for r in report.records)


def test_retry_undecided_solves_them_again_and_keeps_one_line_a_deal(tmp_path) -> None:
    path = tmp_path / "s.jsonl"
    scan("penguin", range(3, 7), "parlett", jobs=1, path=path, budget=Budget(5), grade=False)
    assert {r["verdict"] for r in lines(path)} == {"unknown"}
    same = scan("penguin", range(3, 7), "parlett", jobs=1, path=path, budget=Budget(5), grade=False, retry=True)
    assert same.new == 0  # the budget is no larger: the verdicts could not change
    assert same.not_retried == [3, 4, 5, 6]  # and the command says so
    result = CliRunner().invoke(main, ["scan", "penguin", "3-6", "--no-grade", "--max-states", "5", "-o", str(path),
                                       "--retry-undecided", "--jobs", "1"])
    assert result.exit_code == 0 and "not retried: 4 undecided deals (3 4 5 6)" in result.output
    # an interruption after the first retry: its line is appended and counts over the old one
    scan("penguin", range(3, 4), "parlett", jobs=1, path=path, budget=Budget(50_000), grade=False, retry=True)
    assert [r["deal"] for r in lines(path)] == [3, 4, 5, 6]  # one deal retried: rewritten in order
    with path.open("a") as handle:  # an older undecided line for deal 3 after the newer one
        handle.write(json.dumps({**lines(path)[1], "deal": 3}) + "\n")
    assert read_done(path, "penguin", "parlett")[3]["verdict"] == "unknown"  # the last line counts
    again = scan("penguin", range(3, 7), "parlett", jobs=2, path=path, budget=Budget(50_000), grade=False, retry=True)
    assert again.new == 4
    assert [r["deal"] for r in lines(path)] == [3, 4, 5, 6]
    assert all(r["verdict"] == "solved" for r in lines(path))
    assert summary(again)["unknown"] == 0
    done = scan("penguin", range(3, 7), "parlett", jobs=1, path=path, budget=Budget(50_000), grade=False, retry=True)
    assert done.new == 0 and done.not_retried == []  # nothing undecided is left


def test_retry_skips_an_audit_no_larger_than_the_last(tmp_path) -> None:
    """A deal whose search was exhausted but whose audit ran out (single-card rules, deal 4972:
    over 2,000,000 audit positions) is retried only with a budget that gives the audit more."""
    line = {"game": "penguin", "deal": 4972, "rules": "single", "verdict": "unknown", "moves": [],
            "metrics": {"states_expanded": 59018, "states_seen": 59018, "audit_positions": 2_000_000},
            "grade": None, "certified": False, "percentile": None, "budget": "audit"}
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(line) + "\n")
    same = scan("penguin", range(4972, 4973), "single", jobs=1, path=path, budget=Budget(500_000, 0.01),
                grade=False, retry=True)
    assert same.new == 0 and same.not_retried == [4972]  # the audit's budget would be 2,000,000 again
    more = scan("penguin", range(4972, 4973), "single", jobs=1, path=path, budget=Budget(600_000, 0.01),
                grade=False, retry=True)
    assert more.new == 1 and lines(path)[0]["budget"] == "seconds"  # retried (and cut short here by time)


def test_retry_needs_an_output_file() -> None:
    with pytest.raises(InputError, match="-o FILE"):
        scan("penguin", range(1, 2), "parlett", jobs=1, retry=True)
    result = CliRunner().invoke(main, ["scan", "penguin", "1-2", "--retry-undecided"])
    assert result.exit_code == 2 and "-o FILE" in result.output


def test_solve_many_in_order_and_stops_early() -> None:
    results = solve_many("penguin", iter(range(1, 10**9)), jobs=2, grade=False)
    got = [next(results).deal for _ in range(3)]
    results.close()
    assert got == [1, 2, 3]


def test_cli_scan(tmp_path) -> None:
    out = tmp_path / "r.jsonl"
    result = CliRunner().invoke(main, ["scan", "penguin", "2-3", "--jobs", "2", "--no-grade", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "solved: 2" in result.output and "deals/s" in result.output
    assert [r["deal"] for r in lines(out)] == [2, 3]


@pytest.mark.parametrize("args", [
    ("scan", "penguin", "10-1"),
    ("scan", "penguin", "a-b"),
    ("scan", "penguin", "1-3", "--max-states", "0"),
    ("scan", "penguin", "1-3", "--max-seconds", "-1"),
    ("scan", "penguin", "1-3", "--rules", "nonsense"),
    ("scan", "penguin", "1-3", "-o", "/no/such/folder/r.jsonl"),
    ("calibrate", "penguin", "--deals", "9-2"),
    ("calibrate", "penguin", "-o", "/no/such/folder/g.json"),
    ("calibrate", "penguin", "--deals", "1-3"),  # the shipped file needs 2000 deals; -o for fewer
])
def test_cli_scan_bad_input_exit_2(args) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 2, result.output
    assert "error" in result.output.lower()


def _square(n: int) -> int:
    return n * n


def test_a_second_ctrl_c_cannot_break_off_stopping_the_workers(monkeypatch) -> None:
    """After Ctrl-C the pool is stopped deaf to SIGINT: a second one (a terminal's, or `timeout`
    signalling the whole group) arriving inside terminate() left join() waiting for ever."""
    import signal
    from multiprocessing.pool import Pool

    heard = []
    stop = Pool.terminate

    def terminate(pool):
        heard.append(signal.getsignal(signal.SIGINT))
        stop(pool)

    monkeypatch.setattr(Pool, "terminate", terminate)
    before = signal.getsignal(signal.SIGINT)
    results = in_parallel(iter(range(20)), 2, _square)
    assert next(results) == 0
    with pytest.raises(KeyboardInterrupt):
        results.throw(KeyboardInterrupt)
    assert heard == [signal.SIG_IGN] and signal.getsignal(signal.SIGINT) is before


def test_a_scan_files_lines_are_checked_field_by_field(tmp_path) -> None:
    """An unknown or misspelt field, a line without metrics, a metric that is not a number: the
    file and line named, exit 2, before any work (they were taken, or crashed the summary)."""
    good = tmp_path / "good.jsonl"
    assert CliRunner().invoke(main, ["scan", "perpetual-motion", "1-2", "--jobs", "1", "-o", str(good)]).exit_code == 0
    record = json.loads(good.read_text().splitlines()[0])
    cases = [({**record, "bogus": 1}, ":1: unknown field 'bogus'"),
             ({k: v for k, v in record.items() if k != "metrics"}, ":1: missing field 'metrics'"),
             ({**record, "metrics": {**record["metrics"], "passes": "12"}}, ":1: metric 'passes' must be a number"),
             ({**record, "metrics": {**record["metrics"], "pases": 3}}, ":1 metrics: unknown field 'pases'")]
    for n, (bad, words) in enumerate(cases):
        path = tmp_path / f"bad{n}.jsonl"
        path.write_text(json.dumps(bad) + "\n")
        for args in (["scan", "perpetual-motion", "1-3", "--jobs", "1", "-o", str(path)],
                     ["calibrate", "perpetual-motion", "--deals", "1-3", "--from-scan", str(path),
                      "-o", str(tmp_path / "c.json")]):
            result = CliRunner().invoke(main, args)
            assert result.exit_code == 2 and f"{path}{words}" in result.output, (args[0], result.output)
        assert path.read_text() == json.dumps(bad) + "\n" and not (tmp_path / "c.json").exists()
