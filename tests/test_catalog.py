"""Seed catalogs: schema checks, and verification that catches a hand-edited solution."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.errors import CheckFailed, InputError
from dealgen.games import get_game
from dealgen.publish.catalog import Catalog, Entry, parse_catalog, read_catalog, verify_catalog, write_catalog
from dealgen.solution import read_solution

from .conftest import DATA


def golden_catalog() -> Catalog:
    entries = []
    for n in (1, 617):
        sol = read_solution(DATA / f"penguin-{n}-fcsolve.sol")
        entries.append(Entry(n, "medium", 50.0, {"solution_length": len(sol.moves)}, sol.moves))
    return Catalog("penguin", "parlett", tuple(entries), title="Test")


def test_round_trip_and_verify(tmp_path: Path) -> None:
    catalog = golden_catalog()
    path = write_catalog(catalog, tmp_path / "c.json")
    assert read_catalog(path) == catalog
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0, result.output
    assert "2 of 2 solutions verified" in result.output


def test_hand_edited_solution_fails_verification(tmp_path: Path) -> None:
    data = golden_catalog().to_json()
    data["deals"][1]["solution"][5] = "7h"  # a legal-looking token that is illegal there
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1
    assert f"{path}: deals entry 2: penguin deal 617 (parlett): FAILED at move 6 '7h'" in result.output
    assert "1 of 2 solutions verified, 1 FAILED" in result.output
    listed = json.loads(CliRunner().invoke(main, ["verify", "--json", str(path)]).output)
    assert [(v["entry"], v["deal"], v["ok"]) for v in listed] == [(1, data["deals"][0]["deal"], True), (2, 617, False)]


def test_gate_writes_nothing_when_a_solution_fails(tmp_path: Path) -> None:
    catalog = golden_catalog()
    bad = Entry(1, "easy", 1.0, {}, catalog.entries[0].moves[:-1])  # one move short: not won
    target = tmp_path / "c.json"
    with pytest.raises(CheckFailed, match="deal 1"):
        write_catalog(Catalog("penguin", "parlett", (bad,)), target)
    assert not target.exists() and not list(tmp_path.iterdir())


@pytest.mark.parametrize("edit, words", [
    (lambda d: d.update(version=99), "schema version 99 is not supported"),
    (lambda d: d.pop("game"), "missing field 'game'"),
    (lambda d: d["deals"][0].pop("grade"), "deals entry 1 (deal 1): missing field 'grade'"),
    (lambda d: d["deals"][0].update(deal="x"), "deals entry 1: 'deal' must be a whole number (not in quotes), not \"x\""),
    (lambda d: d["deals"][0].update(deal="1"), "deals entry 1: 'deal' must be a whole number (not in quotes), not \"1\""),
    (lambda d: d["deals"][0].update(deal=-1), "deals entry 1: deal number -1 is out of range"),
    (lambda d: d["deals"][0]["metrics"].update(max_cells="2"),
     "deals entry 1 (deal 1): metric 'max_cells' must be a number, 0 or more, not \"2\""),
    (lambda d: d["deals"][0]["metrics"].update(max_cells=True),
     "deals entry 1 (deal 1): metric 'max_cells' must be a number, 0 or more, not true"),
    (lambda d: d["deals"][0]["metrics"].update(max_cells=-3),
     "deals entry 1 (deal 1): metric 'max_cells' must be a number, 0 or more, not -3"),
    (lambda d: d["deals"][1]["solution"].insert(0, "9z"), "deals entry 2 (deal 617): move 1: '9z'"),
    (lambda d: d.update(rules="loose"), "unknown rule set 'loose'"),
    (lambda d: d.update(title=None), "'title' must be text, not null"),
    (lambda d: d["deals"][0].update(grade="superhard"), "deals entry 1 (deal 1): grade \"superhard\" is not one of easy, medium"),
    (lambda d: d["deals"][0].update(grade="expert"), "deals entry 1 (deal 1): grade 'expert' does not match its "
                                                     "percentile 50, which is medium"),
    (lambda d: d["deals"][0].update(percentile=101), "deals entry 1 (deal 1): 'percentile' must be a number from 0 to 100"),
    (lambda d: d["deals"].append(dict(d["deals"][0])), "deals entry 3 (deal 1): the same puzzle as deals entry 1"),
    (lambda d: d["deals"][0].update(outcome="cycles"), "deals entry 1 (deal 1): outcome 'cycles': Penguin records may claim won"),
    (lambda d: d["deals"][0].update(grdae="easy"), "deals entry 1 (deal 1): unknown field 'grdae' (the fields known here: deal, grade,"),
    (lambda d: d.update(autor="A. N. Other"), "c.json: unknown field 'autor' (the fields known here: schema, version,"),
])
def test_bad_catalogs(edit, words) -> None:
    data = golden_catalog().to_json()
    edit(data)
    with pytest.raises(InputError, match=None) as err:
        parse_catalog(json.dumps(data), "c.json")
    assert words in str(err.value) and str(err.value).startswith("c.json")


def test_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[1] / "seeds" / "penguin-40.json").read_text()
    path = tmp_path / "c.json"
    path.write_text(text.replace('"title"', '"title": "Mine",\n  "title"', 1))
    result = CliRunner().invoke(main, ["verify", str(path)])
    line = text[:text.index('"title"')].count("\n") + 2
    assert result.exit_code == 2 and f'c.json:{line}: the key "title" is given twice in one object' in result.output
    # "deal" is in every entry: the line is the one where it comes twice in one entry (the third,
    # whose first key is on the line below the edit)
    third = text.index('"deal"', text.index('"deal"', text.index('"deal"') + 1) + 1)
    path.write_text(text[:third] + '"deal": 1,\n   ' + text[third:])
    result = CliRunner().invoke(main, ["verify", str(path)])
    line = text[:third].count("\n") + 2
    assert result.exit_code == 2 and f'c.json:{line}: the key "deal" is given twice in one object' in result.output
    path.write_text('{"a": {"k": 1, "s": "{\\"k\\": 2}"}, "k": {"k": 1}, "b": {"k": 1,\n"k": 2}}')  # braces in strings
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and 'c.json:2: the key "k" is given twice in one object' in result.output


def test_scan_results_are_named_as_such(tmp_path: Path) -> None:
    """A scan's JSON lines given where a catalog goes: said what they are, not "Extra data"."""
    scan = tmp_path / "s.jsonl"
    assert CliRunner().invoke(main, ["scan", "penguin", "1-2", "--jobs", "1", "-o", str(scan)]).exit_code == 0
    for args in (["verify", str(scan)], ["book", "--catalog", str(scan), "-o", str(tmp_path / "b.pdf")]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and "s.jsonl: the results of `dealgen scan` (a JSON line a deal), not a catalog" \
            in result.output, result.output
    assert not (tmp_path / "b.pdf").exists()
    verdict = tmp_path / "v.json"
    verdict.write_text(CliRunner().invoke(main, ["solve", "penguin", "1", "--json"]).output)
    result = CliRunner().invoke(main, ["verify", str(verdict)])
    assert result.exit_code == 2 and "v.json: a verdict as JSON (`dealgen solve --json`, `verify --json`), not a " \
        "catalog" in result.output, result.output


def test_not_json_at_all(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text("{not json")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and "c.json:1:2: not valid JSON" in result.output
    path.write_text('{"title": "unfinished')
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and "c.json:1:11: not valid JSON: Unterminated string starting here" in result.output
    path.write_text('{"a": ' * 5000 + "1" + "}" * 5000)  # deeper than Python's decoder can recurse
    for args in (["verify", str(path)], ["book", "--catalog", str(path), "-o", str(tmp_path / "b.pdf")],
                 ["render", "penguin", "--position", str(path), "-o", str(tmp_path / "r.png")]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and "c.json: JSON nested too deeply to read" in result.output, args


def test_verify_goes_by_content_not_name(tmp_path: Path) -> None:
    renamed = tmp_path / "catalog.txt"  # a catalog under another name is still a catalog
    renamed.write_text(golden_catalog().dumps())
    result = CliRunner().invoke(main, ["verify", str(renamed)])
    assert result.exit_code == 0 and "solutions verified" in result.output
    fake = tmp_path / "book.pdf"
    fake.write_text("hello")
    result = CliRunner().invoke(main, ["verify", str(fake)])
    assert result.exit_code == 2 and result.output.strip() == f"dealgen: error: {fake}: not a PDF (a dealgen book is a PDF file)"


SEEDS = sorted((Path(__file__).resolve().parents[1] / "seeds").glob("*.json"))


@pytest.mark.parametrize("path", SEEDS, ids=[p.name for p in SEEDS])
def test_shipped_seed_catalogs_verify(path: Path) -> None:
    """Also golden data for the figures verify works out along each line: the solitaire
    catalogs were written (2026-11-22) when the solvers still counted max_cells and the choice
    counts on their own, and every entry states each figure the replay settles."""
    catalog = read_catalog(path)
    verdicts = verify_catalog(catalog)
    assert verdicts and all(v.ok for v in verdicts), [v.line() for v in verdicts if not v.ok]
    game = get_game(catalog.game)
    for entry in catalog.entries:
        if entry.kind != "problem":
            assert set(game.line_metrics(game.deal(entry.deal, catalog.rules), entry.moves)) <= set(entry.metrics)


def test_default_output_folder_is_made_only_for_a_result(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    failed = CliRunner().invoke(main, ["generate", "perpetual-motion", "--mix", "expert:3", "--max-tries", "3",
                                       "--jobs", "1"])  # deals 1-3 hold no three expert ones
    assert failed.exit_code == 1, failed.output
    assert not (tmp_path / "output").exists()
    made = CliRunner().invoke(main, ["generate", "perpetual-motion", "--count", "4", "--jobs", "1"])
    assert made.exit_code == 0, made.output
    assert (tmp_path / "output" / "perpetual-motion-4.json").is_file()
