"""Daily deals: the date-to-deal mapping, the week's grades, and the files a day publishes."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from dealgen.cli import main
from dealgen.errors import CheckFailed, InputError
from dealgen.grade import GRADES
from dealgen.publish.daily import (
    DAILY_BASE,
    DEFAULT_WEEK,
    WINDOW,
    day_range,
    parse_date,
    parse_week,
    pick,
    series_days,
    series_order,
    window_start,
)


def test_windows_are_disjoint_and_fixed() -> None:
    assert window_start(dt.date(2000, 1, 1)) == DAILY_BASE
    assert window_start(dt.date(2026, 11, 23)) - window_start(dt.date(2026, 11, 22)) == WINDOW


def test_pick_takes_the_first_deal_of_the_weekdays_grade() -> None:
    monday, sunday = dt.date(2026, 11, 23), dt.date(2026, 11, 29)
    grades = {window_start(sunday) + i: g for i, g in enumerate(["easy", "hard", "expert", "expert"])}
    choice = pick(sunday, DEFAULT_WEEK, lambda deals: ((grades.get(d), d) for d in deals))
    assert (choice.deal, choice.grade, choice.tried, choice.found) == (window_start(sunday) + 2, "expert", 3, choice.deal)
    assert pick(monday, DEFAULT_WEEK, lambda deals: (("easy", d) for d in deals)).deal == window_start(monday)
    with pytest.raises(CheckFailed, match="no 'easy' deal"):
        pick(monday, DEFAULT_WEEK, lambda deals: ((None, d) for d in deals))


@pytest.mark.parametrize("bad, words", [("2026-02-30", "not a date that exists"),
                                        ("2026-13-01", "not a date that exists"),
                                        ("tomorrow", "not a date in the form YYYY-MM-DD"),
                                        ("20261123", "in the form YYYY-MM-DD"), ("2026-W48-1", "in the form YYYY-MM-DD"),
                                        ("23/11/2026", "not a date in the form YYYY-MM-DD"),
                                        ("2024-2-29", "write the date with two-digit month and day, 2024-02-29")])
def test_dates_that_do_not_exist_or_are_written_otherwise(bad: str, words: str) -> None:
    with pytest.raises(InputError, match=words):
        parse_date(bad)


def test_week_setting() -> None:
    assert parse_week("easy,easy,easy,medium,medium,hard,expert", GRADES)[3] == "medium"
    for bad in ("easy,hard", "easy,easy,easy,easy,easy,easy,brutal"):
        with pytest.raises(InputError):
            parse_week(bad, GRADES)


def test_a_day_publishes_its_files(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["daily", "--date", "2026-11-23", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    stem = tmp_path / "penguin-2026-11-23"
    record = json.loads(Path(f"{stem}.json").read_text())
    assert record["date"] == "2026-11-23" and record["grade"] == "easy"
    assert window_start(dt.date(2026, 11, 23)) <= record["deal"] < window_start(dt.date(2026, 11, 24))
    for kind, size in (("square", (1080, 1080)), ("wide", (1200, 630))):
        with Image.open(f"{stem}-{kind}.png") as image:
            assert image.size == size
            assert image.convert("L").getextrema()[0] < 64  # not blank: there is dark ink
    solution = PdfReader(f"{stem}-solution.pdf")
    title = solution.pages[0].extract_text().splitlines()[0]
    assert title.startswith("Penguin · Monday 23 November 2026 · deal")  # the sheet says which day it answers
    assert Path(f"{stem}-solution.png").stat().st_size > 10_000
    # the same date maps to the same deal every time
    again = CliRunner().invoke(main, ["daily", "--date", "2026-11-23", "-o", str(tmp_path / "again")])
    assert json.loads((tmp_path / "again" / "penguin-2026-11-23.json").read_text())["deal"] == record["deal"]
    assert again.exit_code == 0


def test_a_days_json_verifies_and_its_edits_are_caught(tmp_path: Path) -> None:
    """`dealgen verify DAY.json` replays the day's solution as a catalog's entry; a changed move
    fails (exit 1), a day field that cannot be right is named (exit 2)."""
    result = CliRunner().invoke(main, ["daily", "--date", "2026-11-23", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    day = tmp_path / "penguin-2026-11-23.json"
    verified = CliRunner().invoke(main, ["verify", str(day)])
    assert verified.exit_code == 0 and "1 of 1 solutions verified" in verified.output, verified.output
    record = json.loads(day.read_text())
    edits = [
        (lambda r: r["solution"].pop(), 1, "not won"),
        (lambda r: r.update(date="2026-02-30"), 2, "'date' must be a date as YYYY-MM-DD, not \"2026-02-30\""),
        (lambda r: r.update(question="Solve it"), 2, "unknown field 'question' (a penguin day has none)"),
        (lambda r: r.update(sereis={}), 2, "unknown field 'sereis' (the fields known here: date, game, rules, series"),
        (lambda r: r.update(grade=None), 2, "grade null is not one of easy"),
        (lambda r: r.pop("solution"), 2, "missing field 'solution'"),
    ]
    for edit, code, words in edits:
        changed = json.loads(json.dumps(record))
        edit(changed)
        path = tmp_path / "edited.json"
        path.write_text(json.dumps(changed))
        result = CliRunner().invoke(main, ["verify", str(path)])
        assert result.exit_code == code and words in result.output, (words, result.output)
    book = CliRunner().invoke(main, ["book", "--catalog", str(day), "-o", str(tmp_path / "b.pdf")])
    assert book.exit_code == 2 and "a day's JSON from `dealgen daily` (which `dealgen verify` reads), not a catalog" \
        in book.output  # a day is no book's catalog
    record["solution"][5] = "7h"
    day.write_text(json.dumps(record))
    result = CliRunner().invoke(main, ["verify", str(day)])
    assert result.exit_code == 1 and result.output.startswith(f"{day}: penguin deal {record['deal']} (parlett): FAILED")


def test_daily_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    for args, words in [(["--date", "2026-02-30"], "not a date that exists"), (["--date", ""], "'' is not a date"),
                        (["--days", "0"], "--days"),
                        (["--days", "367"], "--days must be from 1 to 366"), (["--jobs", "-1"], "--jobs"),
                        (["--week", "easy"], "seven grades"), (["--date", "1999-12-31"], "start on 2000-01-01")]:
        result = runner.invoke(main, ["daily", *args, "-o", str(tmp_path / "d")])
        assert result.exit_code == 2 and words in result.output, (args, result.output)
    assert not (tmp_path / "d").exists()


def test_each_rule_set_has_its_own_files(tmp_path: Path) -> None:
    """Under two rule sets one date has two deals: neither's files may overwrite the other's,
    and the default rule set keeps the plain GAME-DATE names."""
    for rules in ("classic", "recursive"):
        result = CliRunner().invoke(main, ["daily", "--game", "perpetual-motion", "--rules", rules,
                                           "--date", "2026-11-23", "-o", str(tmp_path)])
        assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "perpetual-motion-2026-11-23.json" in names and "perpetual-motion-recursive-2026-11-23.json" in names
    classic, recursive = (names_of_a_day(tmp_path, stem) for stem in ("perpetual-motion-2026-11-23",
                                                                     "perpetual-motion-recursive-2026-11-23"))
    assert len(names) == len(classic) + len(recursive) and len(recursive) >= 12
    plain = json.loads((tmp_path / "perpetual-motion-2026-11-23.json").read_text())
    other = json.loads((tmp_path / "perpetual-motion-recursive-2026-11-23.json").read_text())
    assert (plain["rules"], other["rules"]) == ("classic", "recursive")


SEEDS = Path(__file__).resolve().parents[1] / "seeds"


def test_series_days_map_each_day_to_one_entry() -> None:
    start, end = dt.date(2026, 12, 1), dt.date(9999, 12, 30)
    three, forty = [0, 1, 2], list(range(40))
    assert series_days(start, start, 1, three, "") == [(start, 0)]
    assert series_days(start, dt.date(2026, 12, 2), 2, [5, 3, 4], "") == [(dt.date(2026, 12, 2), 3),
                                                                          (dt.date(2026, 12, 3), 4)]
    with pytest.raises(InputError, match="before the series starts"):
        series_days(start, dt.date(2026, 11, 30), 1, three, "")
    with pytest.raises(InputError, match=r"runs from 2026-12-01 to 2026-12-03 \(what ends it\)"):
        series_days(start, dt.date(2026, 12, 2), 3, three, "what ends it")
    with pytest.raises(InputError, match="runs past 9999-12-31"):
        series_days(end, end, 5, forty, "")
    with pytest.raises(InputError, match="past the calendar's end"):  # no date is made past it
        series_days(end, end, 45, forty, "")
    with pytest.raises(InputError, match="run past the series' end"):
        series_days(start, start, 5_000_000, forty, "")
    with pytest.raises(InputError, match="the series is empty: nothing"):
        series_days(start, start, 1, [], "nothing")


def test_a_series_in_catalog_order_or_by_the_week() -> None:
    grades = ["easy", "easy", "easy", "medium", "hard", "hard", "expert", "expert"]
    assert series_order(dt.date(2026, 12, 1), grades, None) == (list(range(8)), "the catalog's 8 entries")
    week = ("easy", "medium", "hard", "hard", "expert", "easy", "easy")
    # 2026-11-30 is a Monday: easy, medium, hard, hard, expert, easy, then no easy left for Sunday
    order, ends = series_order(dt.date(2026, 11, 30), grades, week)
    assert order == [0, 3, 4, 5, 6, 1, 2] and ends == ("the catalog has 3 'easy' entries, and the week asks for "
                                                       "one more on a Monday")
    order, ends = series_order(dt.date(2026, 12, 1), grades, week)  # a Tuesday start: medium first
    assert order == [3, 4, 5, 6, 0, 1, 2] and "1 'medium' entry" in ends and "Tuesday" in ends
    assert series_order(dt.date(2026, 11, 30), ["hard"], week) == ([], "the catalog has 0 'easy' entries, and the "
                                                                     "week asks for one more on a Monday")


def test_day_ranges_stop_at_the_calendars_end() -> None:
    assert day_range(dt.date(9999, 12, 30), 2)[-1] == dt.date(9999, 12, 31)
    for days, message in ((3, "runs past 9999-12-31"), (0, "from 1 to 366")):
        with pytest.raises(InputError, match=message):
            day_range(dt.date(9999, 12, 30), days)


@pytest.mark.parametrize("name", ["idiots-delight-20", "pack-n-stack-12"])
def test_a_series_from_a_catalog_publishes_its_entries_in_order(tmp_path: Path, name: str) -> None:
    catalog = json.loads((SEEDS / f"{name}.json").read_text())
    result = CliRunner().invoke(main, ["daily", "--catalog", str(SEEDS / f"{name}.json"), "--series-start",
                                       "2026-12-01", "--date", "2026-12-02", "--days", "2", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for k, day in ((2, "2026-12-02"), (3, "2026-12-03")):
        entry = catalog["deals"][k - 1]
        record = json.loads((tmp_path / f"{catalog['game']}-{day}.json").read_text())
        assert (record["deal"], record["grade"], record["date"]) == (entry["deal"], entry["grade"], day)
        assert record["series"] == {"catalog": catalog["title"], "entry": k, "start": "2026-12-01"}
        with Image.open(tmp_path / f"{catalog['game']}-{day}-square.png") as image:
            assert image.size == (1080, 1080) and image.convert("L").getextrema()[0] < 64
    per_day = 13 if catalog["game"] == "pack-n-stack" else 12  # a problem's day adds its whole strategy
    long = [p for p in tmp_path.iterdir() if p.name.endswith(".long.txt")]  # descriptions too long for alt text
    assert len(list(tmp_path.iterdir())) - len(long) == 2 * per_day


def test_a_series_can_follow_a_week_of_grades(tmp_path: Path) -> None:
    catalog = json.loads((SEEDS / "idiots-delight-20.json").read_text())
    week = ["easy", "easy", "medium", "medium", "hard", "hard", "expert"]
    # 2026-12-05 is a Saturday: the first hard entry, then on Sunday the first expert one
    result = CliRunner().invoke(main, ["daily", "--catalog", str(SEEDS / "idiots-delight-20.json"), "--series-start",
                                       "2026-12-05", "--days", "2", "--week", ",".join(week), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for day, grade in (("2026-12-05", "hard"), ("2026-12-06", "expert")):
        k = next(k for k, entry in enumerate(catalog["deals"], 1) if entry["grade"] == grade)
        record = json.loads((tmp_path / f"idiots-delight-{day}.json").read_text())
        assert (record["deal"], record["grade"]) == (catalog["deals"][k - 1]["deal"], grade)
        assert record["series"] == {"catalog": catalog["title"], "entry": k, "start": "2026-12-05", "week": week}


def test_a_series_entry_that_does_not_verify_stops_everything(tmp_path: Path) -> None:
    catalog = json.loads((SEEDS / "idiots-delight-20.json").read_text())
    moves = catalog["deals"][1]["solution"]
    moves[-1], moves[-2] = moves[-2], moves[-1]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(catalog))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["daily", "--catalog", str(bad), "--series-start", "2026-12-01",
                                       "--days", "2", "-o", str(out)])
    assert result.exit_code == 1 and "nothing written" in result.output
    assert not out.exists()  # not even the folder


@pytest.mark.parametrize("args, message", [
    (["--catalog", "CAT"], "needs --series-start"),
    (["--series-start", "2026-12-01"], "goes with --catalog"),
    (["--catalog", "CAT", "--series-start", "2026-12-01", "--date", "2026-11-30"], "before the series starts"),
    (["--catalog", "CAT", "--series-start", "2026-12-01", "--days", "21"], "run past the series' end"),
    (["--catalog", "CAT", "--series-start", "2026-12-01", "--days", "abc"], "not a valid integer"),
    (["--catalog", "SEEDS", "--series-start", "2026-12-01"], "is a folder, not a catalog"),
    (["--catalog", "CAT", "--series-start", "2026-12-01", "--week", ",".join(["easy"] * 7), "--days", "6"],
     "the catalog has 5 'easy' entries, and the week asks for one more on a Sunday"),
    (["--catalog", "CAT", "--series-start", "2026-12-01", "--week", "easy"], "--week needs seven grades"),
    (["--catalog", "CAT", "--series-start", "2026-12-01", "--game", "penguin"], "is a catalog of idiots-delight deals"),
    (["--catalog", "CAT", "--series-start", "2026-12-01", "--rules", "free"], "under 'strict' rules"),
])
def test_series_bad_usage(tmp_path: Path, args: list[str], message: str) -> None:
    args = [{"CAT": str(SEEDS / "idiots-delight-20.json"), "SEEDS": str(SEEDS)}.get(a, a) for a in args]
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["daily", *args, "-o", str(out)])
    assert result.exit_code == 2 and message in result.output, result.output
    assert result.output.count("\n") == 1 and result.output.startswith("dealgen: error: ")  # one line
    assert not out.exists()


def test_a_published_day_is_never_replaced_by_another_puzzle(tmp_path: Path) -> None:
    args = ["daily", "--catalog", str(SEEDS / "idiots-delight-20.json"), "--date", "2026-12-02", "-o", str(tmp_path)]
    assert CliRunner().invoke(main, [*args, "--series-start", "2026-12-01"]).exit_code == 0
    record = tmp_path / "idiots-delight-2026-12-02.json"
    before = record.read_bytes()
    again = CliRunner().invoke(main, [*args, "--series-start", "2026-12-01"])  # the same puzzle: redrawn
    assert again.exit_code == 0, again.output
    moved = CliRunner().invoke(main, [*args, "--series-start", "2026-12-02"])  # entry 1, not entry 2
    assert moved.exit_code == 2 and "already published as deal" in moved.output, moved.output
    assert record.read_bytes() == before
    text = record.read_text()  # an edited record that gives a key twice is named as such
    record.write_text(text.replace('"deal":', '"deal": 1, "deal":', 1))
    twice = CliRunner().invoke(main, [*args, "--series-start", "2026-12-01"])
    assert twice.exit_code == 2 and 'the key "deal" is given twice' in twice.output, twice.output


def test_a_book_pdf_serves_as_the_catalog(tmp_path: Path) -> None:
    book = tmp_path / "book.pdf"
    made = CliRunner().invoke(main, ["book", "--catalog", str(SEEDS / "pack-n-stack-12.json"), "-o", str(book)])
    assert made.exit_code == 0, made.output
    out = tmp_path / "days"
    result = CliRunner().invoke(main, ["daily", "--catalog", str(book), "--series-start", "2026-12-01", "-o", str(out)])
    assert result.exit_code == 0, result.output
    first = json.loads((SEEDS / "pack-n-stack-12.json").read_text())["deals"][0]
    record = json.loads((out / "pack-n-stack-2026-12-01.json").read_text())
    assert (record["deal"], record["turn"]) == (first["deal"], first["turn"])


def test_a_later_days_name_taken_by_a_folder_stops_the_run_before_any_work(tmp_path: Path) -> None:
    out = tmp_path / "d"
    (out / "penguin-2024-03-01-solution.png").mkdir(parents=True)
    result = CliRunner().invoke(main, ["daily", "--date", "2024-02-29", "--days", "2", "-o", str(out)])
    assert result.exit_code == 2 and "penguin-2024-03-01-solution.png: is a folder" in result.output
    assert "move it away or give another output folder" in result.output
    assert [p.name for p in out.iterdir()] == ["penguin-2024-03-01-solution.png"]  # day one not written either


def test_a_full_disk_on_a_later_day_says_the_days_before_it_are_written(tmp_path: Path, monkeypatch) -> None:
    import dealgen.fileio as fileio

    real, staged = fileio._stage, []

    def stage(path, data):  # the disk fills during the second day's files
        if "2026-12-02" in path.name:
            raise InputError(f"{path}: could not be written (No space left on device); nothing was written")
        staged.append(path)
        return real(path, data)

    monkeypatch.setattr(fileio, "_stage", stage)
    result = CliRunner().invoke(main, ["daily", "--catalog", str(SEEDS / "idiots-delight-20.json"), "--series-start",
                                       "2026-12-01", "--days", "2", "-o", str(tmp_path)])
    assert result.exit_code == 2 and "(2026-12-02's files); the days before it are written" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in staged)  # day one whole, day two none
    assert all("2026-12-01" in p.name for p in staged)
    assert len([p for p in staged if not p.name.endswith(".long.txt")]) == 12


def test_a_day_record_saved_with_a_byte_order_mark_is_still_read(tmp_path: Path) -> None:
    args = ["daily", "--catalog", str(SEEDS / "idiots-delight-20.json"), "--series-start", "2026-12-01",
            "-o", str(tmp_path)]
    assert CliRunner().invoke(main, args).exit_code == 0
    record = tmp_path / "idiots-delight-2026-12-01.json"
    record.write_bytes(b"\xef\xbb\xbf" + record.read_bytes())  # as Notepad saves it
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 0, again.output


def test_daily_stops_at_the_calendars_end_before_writing(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["daily", "--date", "9999-12-31", "--days", "2", "-o", str(tmp_path / "o")])
    assert result.exit_code == 2 and "runs past 9999-12-31" in result.output
    assert not (tmp_path / "o").exists()


def names_of_a_day(folder: Path, stem: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(stem + "-") or p.name == f"{stem}.json")


def test_a_long_records_solution_goes_on_pages_no_taller_than_2400_px(tmp_path: Path) -> None:
    """Entry 20 of the Perpetual Motion catalog plays 5,656 moves: its sheet tells the record pass
    by pass, on pages of at most 2,400 px (each with its alt text); a second run of the day whose
    sheet needs fewer pages leaves none of the first run's behind."""
    args = ["daily", "--catalog", str(SEEDS / "perpetual-motion-20.json"), "--series-start", "2026-12-01",
            "--date", "2026-12-20", "-o", str(tmp_path)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    pages = sorted(tmp_path.glob("perpetual-motion-2026-12-20-solution*.png"))
    assert len(pages) >= 2
    for page in pages:
        with Image.open(page) as image:
            assert image.size[1] <= 2400 and image.size[0] > 1000
        assert page.with_suffix(".alt.txt").read_text().startswith("The solution sheet of Perpetual Motion")
    stale = tmp_path / "perpetual-motion-2026-12-20-solution-9.png"  # as an older, longer run would leave
    stale.write_bytes(pages[0].read_bytes())
    stale.with_suffix(".alt.txt").write_text("old")
    assert CliRunner().invoke(main, args).exit_code == 0
    assert not stale.exists() and not stale.with_suffix(".alt.txt").exists()
    assert sorted(tmp_path.glob("perpetual-motion-2026-12-20-solution*.png")) == pages
