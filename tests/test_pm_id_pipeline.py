"""Perpetual Motion and Idiot's Delight through the shared pipeline: verdicts in the game's
words, records of play that cycle, verify, scan's win rate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.grade import GRADES
from dealgen.scan import ScanReport, summary, wilson
from dealgen.solution import parse_solution
from dealgen.solve import record_verdict, solve_deal
from dealgen.verify import replay

WON_DEAL, CYCLING_DEAL = 1, 3  # classic: deal 1 comes out in 120 passes, deal 3 cycles


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_pm_json_names_its_verdicts() -> None:
    won = json.loads(run("solve", "perpetual-motion", str(WON_DEAL), "--json").output)
    assert won["game"] == "perpetual-motion" and won["deal"] == WON_DEAL
    assert won["verdict"] == "won" and won["passes"] == 120 and won["moves"]
    cycles = json.loads(run("solve", "perpetual-motion", str(CYCLING_DEAL), "--json").output)
    assert cycles["verdict"] == "cycles"
    assert cycles["passes"] == 175 and cycles["cycle_start"] == 171 and cycles["cycle_length"] == 4
    # a puzzle asks whether the deal comes out, so a cycling deal is graded too, by the same
    # passes: 175 passes to see the repeat rank above 120 passes to come out
    assert won["grade"] in GRADES and cycles["grade"] in GRADES
    assert GRADES.index(cycles["grade"]) >= GRADES.index(won["grade"])


def test_pm_text_says_won_or_cycles() -> None:
    assert "(classic): won in 120 passes" in run("solve", "perpetual-motion", "1").output
    out = run("solve", "perpetual-motion", "3").output
    assert "(classic): cycles at pass 175, a cycle of 4 passes" in out
    graded = json.loads(run("solve", "perpetual-motion", "3", "--json").output)["grade"]
    assert f"discarded), grade {graded} (percentile" in out.splitlines()[0]  # a cycling deal is a puzzle too


def test_generic_verdicts_stay_for_the_pipeline() -> None:
    result = solve_deal("perpetual-motion", CYCLING_DEAL)
    assert result.verdict == "unsolvable" and result.verdict_name == "cycles"
    assert record_verdict(result.record()) == "unsolvable"
    assert record_verdict({"game": "penguin", "verdict": "solved"}) == "solved"


def test_a_cycling_record_is_written_and_verified(tmp_path: Path) -> None:
    path = tmp_path / "pm3.txt"
    assert run("solve", "perpetual-motion", "3", "-o", str(path)).exit_code == 0
    solution = parse_solution(path.read_text())
    assert solution.outcome == "cycles"
    result = run("verify", str(path))
    assert result.exit_code == 0 and "verified" in result.output and "cycles" in result.output
    data = json.loads(run("verify", "--json", str(path)).output)
    assert data["ok"] and data["claimed_outcome"] == "cycles" and not data["won"]


def test_a_record_must_end_exactly_as_claimed(tmp_path: Path) -> None:
    cycling = solve_deal("perpetual-motion", CYCLING_DEAL).to_solution()
    # claimed won but it cycles
    as_won = cycling.format().replace("outcome: cycles\n", "")
    path = tmp_path / "claims-won.txt"
    path.write_text(as_won)
    result = run("verify", str(path))
    assert result.exit_code == 1 and "not won" in result.output
    # cut short: legal, but the cycle is not reached yet
    short = parse_solution(cycling.format())
    short = type(short)(short.game, short.deal, short.rules, short.moves[:-5], "cycles")
    verdict = replay(short)
    assert not verdict.ok and "does not end as claimed (cycles)" in verdict.line()
    # a won deal's record claimed to cycle fails too
    won = solve_deal("perpetual-motion", WON_DEAL).to_solution()
    path = tmp_path / "claims-cycles.txt"
    path.write_text(won.format().replace("rules: classic\n", "rules: classic\noutcome: cycles\n"))
    assert run("verify", str(path)).exit_code == 1
    # one step past the end is refused
    path.write_text(cycling.format() + "d\n")
    result = run("verify", str(path))
    assert result.exit_code == 1 and "already over" in result.output


def test_outcome_header_is_checked(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("game: penguin\ndeal: 1\noutcome: cycles\n6a\n")
    result = run("verify", str(path))
    assert result.exit_code == 2 and "may claim won" in result.output
    path.write_text("game: perpetual-motion\ndeal: 1\noutcome: lost\nd\n")
    assert run("verify", str(path)).exit_code == 2


def test_penguin_solution_files_are_unchanged() -> None:
    solution = solve_deal("penguin", 1, grade=False).to_solution()
    assert "outcome" not in solution.format() and solution.outcome == "won"


def test_idiots_delight_unsolvable_has_no_record(tmp_path: Path) -> None:
    data = json.loads(run("solve", "idiots-delight", "3", "--json").output)
    assert data["verdict"] == "unsolvable" and data["moves"] == []
    result = run("solve", "idiots-delight", "3", "-o", str(tmp_path / "id3.txt"))
    assert result.exit_code == 1 and not (tmp_path / "id3.txt").exists()


def test_wilson_interval() -> None:
    low, high = wilson(5401, 10000)
    assert round(100 * low, 2) == 53.03 and round(100 * high, 2) == 54.99
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_scan_summary_has_a_win_rate() -> None:
    records = [solve_deal("perpetual-motion", n, grade=False).record() for n in range(1, 11)]
    s = summary(ScanReport(records))
    assert s["solved"] + s["unsolvable"] == 10
    assert s["win_rate"] == 10 * s["solved"]
    low, high = s["win_rate_ci95"]
    assert low < s["win_rate"] < high
    out = run("scan", "perpetual-motion", "1-10", "--jobs", "1").output
    assert "win rate:" in out and "won:" in out and "cycles:" in out


def test_grades_per_game() -> None:
    from dealgen.grade import WEIGHTS, load_calibration, weights_for

    assert weights_for("penguin") == WEIGHTS
    assert load_calibration("penguin", "parlett")["weights"] == WEIGHTS
    assert load_calibration("perpetual-motion", "classic")["weights"] == {"passes": 1.0}
    assert solve_deal("perpetual-motion", WON_DEAL).grade in ("easy", "medium", "hard", "expert")
    # a cycling deal's record is a puzzle's answer too; an unsolvable deal with no record is not
    assert solve_deal("perpetual-motion", CYCLING_DEAL).grade in ("easy", "medium", "hard", "expert")
    assert solve_deal("idiots-delight", 23).grade is not None
    assert solve_deal("idiots-delight", 3).grade is None


def test_books_and_daily_for_both_games(tmp_path: Path) -> None:
    for name in ("perpetual-motion", "idiots-delight"):
        book = tmp_path / f"{name}.pdf"
        result = run("book", "--game", name, "--count", "2", "--mix", "easy:1,medium:1", "--jobs", "1", "-o", str(book))
        assert result.exit_code == 0, result.output
        assert run("verify", str(book)).exit_code == 0
        result = run("daily", "--game", name, "--date", "2025-03-03", "-o", str(tmp_path / "daily"))
        assert result.exit_code == 0, result.output
        assert (tmp_path / "daily" / f"{name}-2025-03-03-square.png").exists()


def test_pm_books_print_deals_that_go_round_forever(tmp_path: Path) -> None:
    """A Perpetual Motion puzzle asks whether the deal comes out, so a book holds deals of both
    answers, each solution's heading gives the answer, and every record replays as claimed."""
    from pypdf import PdfReader

    from dealgen.publish.catalog import read_book_catalog, verify_catalog

    book = tmp_path / "pm.pdf"
    result = run("book", "--game", "perpetual-motion", "--count", "8", "--jobs", "1", "-o", str(book))
    assert result.exit_code == 0, result.output
    catalog = read_book_catalog(book)
    assert {e.outcome for e in catalog.entries} == {"won", "cycles"}
    assert all(v.ok for v in verify_catalog(catalog))
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(book)).pages)
    for number, entry in enumerate(catalog.entries, 1):
        m = entry.metrics
        answer = (f"comes out in {m['passes']} passes" if entry.outcome == "won" else
                  f"goes round forever (pass {m['passes']} would repeat pass {m['cycle_start']})")
        assert f"Puzzle {number}: game #{entry.deal}, {entry.grade}, {answer}" in text
    assert run("verify", str(book)).exit_code == 0


def test_a_catalog_entry_must_end_as_it_claims(tmp_path: Path) -> None:
    from dealgen.publish.catalog import Catalog, Entry

    won = solve_deal("perpetual-motion", WON_DEAL)
    cycles = solve_deal("perpetual-motion", CYCLING_DEAL)
    assert (won.outcome, cycles.outcome) == ("won", "cycles")

    def entry(result, outcome):
        return Entry(result.deal, result.grade, result.percentile, result.metrics, result.moves, outcome=outcome)

    good = Catalog("perpetual-motion", "classic", (entry(won, "won"), entry(cycles, "cycles")))
    path = tmp_path / "good.json"
    path.write_text(good.dumps())
    assert '"outcome": "cycles"' in path.read_text() and path.read_text().count('"outcome"') == 1
    assert run("verify", str(path)).exit_code == 0
    swapped = tmp_path / "swapped.json"  # the cycling record claimed as a win
    swapped.write_text(Catalog("perpetual-motion", "classic", (entry(cycles, "won"),)).dumps())
    result = run("verify", str(swapped))
    assert result.exit_code == 1 and f"deal {CYCLING_DEAL}" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text(path.read_text().replace('"outcome": "cycles"', '"outcome": "lost"'))
    result = run("verify", str(bad))
    assert result.exit_code == 2
    assert "deals entry 2" in result.output and "may claim won or cycles" in result.output


def test_a_long_walkthrough_as_pngs_sorts_and_fits() -> None:
    """Perpetual Motion records run to thousands of moves: the checkpoint files are padded
    alike so they sort in the order of play, and the overview sheet tells the record pass by
    pass (what each discarded), not in thousands of tokens, so it stays a sheet; one too tall
    for a resolution is drawn at a lower one instead of failing."""
    from dealgen.render.png import MAX_SIDE, fitting_dpi, image_size
    from dealgen.render.scene import Scene
    from dealgen.render.walkthrough import build_walkthrough, walkthrough_pngs

    wt = build_walkthrough(solve_deal("perpetual-motion", CYCLING_DEAL, grade=False).to_solution())
    scenes = walkthrough_pngs(wt)
    moves = [name for name in scenes if "-move-" in name]
    afters = [int(name.rsplit("-", 1)[1].split(".")[0]) for name in moves]
    assert wt.moves >= 1000 and sorted(moves) == [moves[afters.index(a)] for a in sorted(afters)]
    assert wt.what == "the play"  # deal 3 cycles: a record of play, not a solution
    overview = scenes["perpetual-motion-3-overview.png"]
    lines = [t.text for t in overview.texts() if t.text.startswith("Pass")]
    assert any("discarded (" in line for line in lines) and len(lines) < 60
    assert all(t.text not in ("d", "g") for t in overview.texts())  # no token listing
    assert image_size(overview, 150)[1] < 4 * 2400  # pages of at most 2,400 px: overview_pages
    tall = Scene(overview.width, overview.height * 5)
    dpi = fitting_dpi(tall, 300)
    assert dpi < 300 and max(image_size(tall, dpi)) <= MAX_SIDE
    assert fitting_dpi(scenes[moves[0]], 300) == 300


def test_scan_summary_grades_cycling_deals_too(tmp_path: Path) -> None:
    result = run("scan", "perpetual-motion", "1-6", "--jobs", "1", "-o", str(tmp_path / "pm.jsonl"))
    assert result.exit_code == 0, result.output
    line = next(ln for ln in result.output.splitlines() if ln.startswith("grades:"))
    counts = [int(word) for word in line.split()[2::2]]
    assert sum(counts) == 6  # deals 1-6: won and cycling alike are graded puzzles


def test_a_failure_under_default_rules_says_so(tmp_path: Path) -> None:
    """A record played under `free` but written without its rules: line is checked under `strict`;
    the failure says that the file chose no rule set."""
    path = tmp_path / "id.txt"
    assert run("solve", "idiots-delight", "5", "--rules", "free", "-o", str(path)).exit_code == 0
    bare = tmp_path / "bare.txt"
    bare.write_text("".join(line for line in path.read_text().splitlines(True) if not line.startswith("rules:")))
    result = run("verify", str(bare))
    assert result.exit_code == 1 and "the file has no rules: line, so the game's first rule set, 'strict', " \
                                     "applies; others: free" in result.output, result.output
    assert "no rules: line" not in run("verify", str(path)).output
    drawn = run("walkthrough", str(bare), "--rules", "free", "-o", str(tmp_path / "w.pdf"))  # the file leaves it open
    assert drawn.exit_code == 0, drawn.output
    clash = run("walkthrough", str(path), "--rules", "strict", "-o", str(tmp_path / "x.pdf"))
    assert clash.exit_code == 2 and "played under 'free' rules, not 'strict'" in clash.output


def test_figures_the_replay_settles_must_match(tmp_path: Path) -> None:
    """A book prints "comes out in 120 passes" from the catalog's metrics: verify checks each
    figure the replay settles, so a doctored one fails (exit 1) instead of being printed."""
    from dealgen.publish.catalog import Catalog, Entry

    won = solve_deal("perpetual-motion", WON_DEAL)
    good = Entry(won.deal, won.grade, won.percentile, won.metrics, won.moves)
    path = tmp_path / "c.json"
    path.write_text(Catalog("perpetual-motion", "classic", (good,)).dumps())
    assert run("verify", str(path)).exit_code == 0
    for key, value in (("passes", 3), ("discarded", 40), ("solution_length", 7)):
        bad = Entry(won.deal, won.grade, won.percentile, {**won.metrics, key: value}, won.moves)
        path.write_text(Catalog("perpetual-motion", "classic", (bad,)).dumps())
        result = run("verify", str(path))
        assert result.exit_code == 1, result.output
        assert f"metrics.{key} is {value}, the replay gives {won.metrics[key]}" in result.output


def test_a_cycles_figures_must_match_too(tmp_path: Path) -> None:
    from dealgen.publish.catalog import Catalog, Entry

    cycles = solve_deal("perpetual-motion", CYCLING_DEAL)
    path = tmp_path / "c.json"
    for key in ("cycle_start", "cycle_length"):
        bad = Entry(cycles.deal, cycles.grade, cycles.percentile, {**cycles.metrics, key: 99}, cycles.moves,
                    outcome="cycles")
        path.write_text(Catalog("perpetual-motion", "classic", (bad,)).dumps())
        result = run("verify", str(path))
        assert result.exit_code == 1 and f"metrics.{key} is 99, the replay gives {cycles.metrics[key]}" in result.output


@pytest.mark.parametrize("game, rules, deal, keys", [
    ("perpetual-motion", "classic", WON_DEAL, ("rows_dealt", "matches", "discards")),
    ("idiots-delight", "free", 1, ("choices", "alternatives", "max_branching")),
    ("penguin", "parlett", 1, ("max_cells",)),
])
def test_every_figure_the_replay_settles_is_checked(tmp_path: Path, game, rules, deal, keys) -> None:
    """The solver's counts along the line too (grade inputs): a doctored one fails, one left
    out claims nothing; a metric the game's solver never writes is refused as unreadable."""
    from dealgen.publish.catalog import Catalog, Entry

    solved = solve_deal(game, deal, rules)
    path = tmp_path / "c.json"

    def verify_with(metrics):
        entry = Entry(solved.deal, solved.grade, solved.percentile, metrics, solved.moves)
        path.write_text(Catalog(game, rules, (entry,)).dumps())
        return run("verify", str(path))

    assert verify_with(solved.metrics).exit_code == 0
    for key in keys:
        result = verify_with({**solved.metrics, key: solved.metrics[key] + 1})
        assert result.exit_code == 1, result.output
        assert f"metrics.{key} is {solved.metrics[key] + 1}, the replay gives {solved.metrics[key]}" in result.output
        shown = run("verify", "--show", "--json", str(path))  # play ended as claimed: no position to show
        assert shown.exit_code == 1 and "position" not in json.loads(shown.output)[0]
        assert verify_with({k: v for k, v in solved.metrics.items() if k != key}).exit_code == 0  # not stated
    result = verify_with({**solved.metrics, "solution_lenght": 1})
    assert result.exit_code == 2 and "unknown field 'solution_lenght'" in result.output, result.output


def test_default_names_carry_a_rule_set_other_than_the_first(tmp_path: Path, monkeypatch) -> None:
    """A free book must not overwrite the strict one (nor a free catalog the strict one)."""
    monkeypatch.chdir(tmp_path)
    for rules in ([], ["--rules", "free"]):
        assert run("generate", "idiots-delight", *rules, "--count", "4", "--jobs", "1").exit_code == 0
        assert run("book", "--game", "idiots-delight", *rules, "--count", "4", "--jobs", "1").exit_code == 0
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        "idiots-delight-4.json", "idiots-delight-book-6x9.pdf", "idiots-delight-free-4.json",
        "idiots-delight-free-book-6x9.pdf"]
