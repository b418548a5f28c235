"""Daily deals: the date-to-deal mapping, the week's grades, and the files a day publishes."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from dealgen.cli import main
from dealgen.daily import DAILY_BASE, DEFAULT_WEEK, WINDOW, parse_date, parse_week, pick, window_start
from dealgen.errors import CheckFailed, InputError
from dealgen.grade import GRADES


def test_windows_are_disjoint_and_fixed() -> None:
    assert window_start(dt.date(2000, 1, 1)) == DAILY_BASE
    assert window_start(dt.date(2026, 11, 23)) - window_start(dt.date(2026, 11, 22)) == WINDOW


def test_pick_takes_the_first_deal_of_the_weekdays_grade() -> None:
    monday, sunday = dt.date(2026, 11, 23), dt.date(2026, 11, 29)
    grades = {window_start(sunday) + i: g for i, g in enumerate(["easy", "hard", "expert", "expert"])}
    choice = pick(sunday, DEFAULT_WEEK, lambda deal: grades.get(deal))
    assert (choice.deal, choice.grade, choice.tried) == (window_start(sunday) + 2, "expert", 3)
    assert pick(monday, DEFAULT_WEEK, lambda deal: "easy").deal == window_start(monday)
    with pytest.raises(CheckFailed, match="no 'easy' deal"):
        pick(monday, DEFAULT_WEEK, lambda deal: None)


@pytest.mark.parametrize("bad", ["2026-02-30", "2026-13-01", "tomorrow", "23/11/2026"])
def test_dates_that_do_not_exist(bad: str) -> None:
    with pytest.raises(InputError, match="not a date that exists"):
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
    assert Path(f"{stem}-solution.pdf").read_bytes().startswith(b"%PDF")
    assert Path(f"{stem}-solution.png").stat().st_size > 10_000
    # the same date maps to the same deal every time
    again = CliRunner().invoke(main, ["daily", "--date", "2026-11-23", "-o", str(tmp_path / "again")])
    assert json.loads((tmp_path / "again" / "penguin-2026-11-23.json").read_text())["deal"] == record["deal"]
    assert again.exit_code == 0


def test_daily_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    for args, words in [(["--date", "2026-02-30"], "not a date that exists"), (["--days", "0"], "--days"),
                        (["--week", "easy"], "seven grades"), (["--date", "1999-12-31"], "start on 2000-01-01")]:
        result = runner.invoke(main, ["daily", *args, "-o", str(tmp_path / "d")])
        assert result.exit_code == 2 and words in result.output, (args, result.output)
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("game, beside", [("pack-n-stack", True), ("penguin", False)])
def test_a_tall_diagram_goes_beside_the_text_in_a_wide_image(game, beside) -> None:
    from dealgen.daily import IMAGE_SIZES, day_scene
    from dealgen.games import get_game
    from dealgen.render.registry import DiagramOptions, position_scene
    from dealgen.render.scene import Group

    g = get_game(game)
    diagram = position_scene(g, g.deal(26), DiagramOptions(caption=False))
    title, subtitle = f"{g.title} · Monday 23 November 2026", "Red to play and win in 3 · Easy · from deal #26"
    for kind, pixels in IMAGE_SIZES.items():
        scene = day_scene(diagram, title, subtitle, pixels)
        group = next(item for item in scene.items if isinstance(item, Group))
        x0, y0, x1, y1 = group.bbox()
        assert 0 <= x0 and x1 <= scene.width + 1e-6 and 0 <= y0 and y1 <= scene.height + 1e-6
        texts = [t for t in scene.items if not isinstance(t, Group)]
        assert texts and all(0 <= t.x and t.x + t.width <= scene.width + 1e-6 for t in texts if t.anchor == "start")
        if kind == "wide" and beside:  # text on the left, the diagram right of it, not below
            assert all(t.x + t.width <= x0 for t in texts) and y0 < scene.height * 0.15
            assert group.scale * diagram.height > 0.85 * scene.height  # the full height, not what the text leaves
        else:
            assert all(t.y <= y0 for t in texts)


def test_each_rule_set_has_its_own_files(tmp_path: Path) -> None:
    """Under two rule sets one date has two deals: neither's files may overwrite the other's,
    and the default rule set keeps the plain GAME-DATE names."""
    for rules in ("classic", "recursive"):
        result = CliRunner().invoke(main, ["daily", "--game", "perpetual-motion", "--rules", rules,
                                           "--date", "2026-11-23", "-o", str(tmp_path)])
        assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "perpetual-motion-2026-11-23.json" in names and "perpetual-motion-recursive-2026-11-23.json" in names
    assert len(names) == 10
    plain = json.loads((tmp_path / "perpetual-motion-2026-11-23.json").read_text())
    other = json.loads((tmp_path / "perpetual-motion-recursive-2026-11-23.json").read_text())
    assert (plain["rules"], other["rules"]) == ("classic", "recursive")
