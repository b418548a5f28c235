"""The public Python API (``import dealgen``): the issue's example as written, the same files as
the commands make, and the house rule that options travel as specs (no function outside cli/
takes more than 10 parameters)."""

from __future__ import annotations

import ast
import hashlib
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

import dealgen
from dealgen.cli import main

PACKAGE = Path(dealgen.__file__).resolve().parent

# issue 47, as the issue wrote it
EXAMPLE = """
import dealgen
pos = dealgen.deal("penguin", 7)                       # a position, printable, JSON-able
result = dealgen.solve(pos)                            # .verdict .moves .metrics .grade .certified
assert result.verdict == "solved"
dealgen.verify(pos, result.moves)                      # raises dealgen.IllegalMove on a bad line
book = dealgen.Book(game="penguin", mix={"easy": 2, "hard": 2}, layout="6x9", title="Test")
book.write("test.pdf")                                 # the same book `dealgen book` makes
days = dealgen.Days(game="penguin", start="2027-01-04", count=2)
days.write_kit("kit/"); days.write_site("site/", today="2027-01-05")
"""


def digests(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_issue_example_runs_as_written_and_makes_what_the_commands_make(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    api, cli = tmp_path / "api", tmp_path / "cli"
    api.mkdir()
    cli.mkdir()
    subprocess.run([sys.executable, "-c", EXAMPLE], cwd=api, check=True)
    runner = CliRunner()
    for args in (["book", "--mix", "easy:2,hard:2", "--layout", "6x9", "--title", "Test", "-o", str(cli / "test.pdf")],
                 ["daily", "--date", "2027-01-04", "--days", "2", "-o", str(cli / "kit")]):
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
    assert (api / "test.pdf").read_bytes() == (cli / "test.pdf").read_bytes()
    assert digests(api / "kit") == digests(cli / "kit")
    assert {f"penguin-2027-01-0{d}-{kind}.png" for d in (4, 5) for kind in ("square", "wide", "answer")} <= set(
        digests(api / "kit"))
    site = json.loads((api / "site" / "days.json").read_text())
    assert [d["date"] for d in site["days"]] == ["2027-01-04", "2027-01-05"]


def test_a_book_from_a_catalog_is_the_books_command_s(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    seeds = PACKAGE.parent / "seeds" / "perpetual-motion-20.json"
    info = tmp_path / "info.toml"
    info.write_text('author = "A. Setter"\npublisher = "Setter Press"\n')
    made = dealgen.Book(catalog=str(seeds), layout="a5", solutions="walkthrough", every=10, info=str(info),
                        publisher="Other Press", edition="Second edition").write(tmp_path / "api.pdf", jobs=1)
    result = CliRunner().invoke(main, ["book", "--catalog", str(seeds), "--layout", "a5", "--solutions", "walkthrough",
                                       "--every", "10", "--info", str(info), "--publisher", "Other Press",
                                       "--edition", "Second edition", "-o", str(tmp_path / "cli.pdf")])
    assert result.exit_code == 0, result.output
    assert made == tmp_path / "api.pdf"
    assert made.read_bytes() == (tmp_path / "cli.pdf").read_bytes()
    text = "".join(page.extract_text() for page in PdfReader(made).pages[:4])
    assert "A. Setter" in text and "Other Press" in text and "Setter Press" not in text  # the field wins over the file


def test_a_choice_of_deals_with_a_catalog_is_refused_as_the_command_refuses_it(tmp_path) -> None:
    seeds = PACKAGE.parent / "seeds" / "perpetual-motion-20.json"
    with pytest.raises(dealgen.InputError, match="--max-tries is for choosing a fresh selection"):
        dealgen.Book(catalog=str(seeds), max_tries=10).write(tmp_path / "b.pdf")
    with pytest.raises(dealgen.InputError, match="perpetual-motion"):  # a game named is checked against the catalog's
        dealgen.Book(catalog=str(seeds), game="penguin").write(tmp_path / "b.pdf")
    assert not (tmp_path / "b.pdf").exists()


def test_a_position_prints_reads_back_and_is_json() -> None:
    pos = dealgen.deal("penguin", 7)
    assert (pos.game, pos.deal, pos.rules) == ("penguin", 7, "parlett")
    assert str(pos).startswith("game: penguin\ndeal: 7\n")
    assert dealgen.Position.from_text("penguin", str(pos)) == pos
    data = json.loads(json.dumps(pos.to_json()))
    assert dealgen.Position.from_json(data) == pos
    first = pos.legal_moves()[0]
    assert pos.play(first) != pos
    assert dealgen.deal("penguin", 7, rules="single").rules == "single"


def test_a_solution_is_verified_and_a_bad_line_raises_illegal_move() -> None:
    pos = dealgen.deal("penguin", 7)
    result = dealgen.solve(pos)
    assert (result.verdict, result.grade, result.certified) == ("solved", "easy", True)
    assert result.metrics["solution_length"] == len(result.moves)
    line = dealgen.verify(pos, result.moves)
    assert line.won and line.moves_played == len(result.moves) and line.final.outcome.over
    assert not dealgen.verify(pos, result.moves[:3]).won  # legal, not yet won: no error
    bad = list(result.moves[:3]) + [result.moves[0]]
    with pytest.raises(dealgen.IllegalMove, match=r"penguin deal 7: move 4 '"):
        dealgen.verify(pos, bad)
    with pytest.raises(dealgen.IllegalMove, match="move 1 'zz'"):
        dealgen.verify(pos, ["zz"])
    assert issubclass(dealgen.IllegalMove, dealgen.CheckFailed)


def test_an_undecided_verdict_is_not_certified() -> None:
    result = dealgen.solve(dealgen.deal("penguin", 4972, "single"), max_states=5)
    assert (result.verdict, result.certified, result.moves) == ("unknown", False, ())


def test_solve_and_verify_stay_packages_as_well() -> None:
    import dealgen.solve.penguin as solver  # (the callable packages keep their modules)
    from dealgen.solve import solve_deal
    from dealgen.verify import replay

    assert solver.__name__ == "dealgen.solve.penguin"
    assert replay(solve_deal("penguin", 7).to_solution()).ok


def test_all_names_exactly_the_public_api() -> None:
    assert sorted(dealgen.__all__) == sorted([
        "deal", "solve", "verify", "Position", "Line", "SolveResult", "Book", "Days",
        "Selection", "FrontMatter", "SolutionStyle", "BookSpec", "DayPlan",
        "IllegalMove", "CheckFailed", "InputError", "__version__"])
    for name in dealgen.__all__:
        assert getattr(dealgen, name) is not None
    with pytest.raises(AttributeError):
        dealgen.nothing_here  # noqa: B018


def test_importing_the_engine_leaves_the_publishing_side_unloaded() -> None:
    code = "import sys, dealgen.games; print(sorted(m for m in sys.modules if m.startswith(('dealgen.publish', 'reportlab'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_specs_are_frozen_and_a_mix_reads_either_way() -> None:
    book = dealgen.Book(mix={"easy": 2, "hard": 2})
    assert book.mix_text == dealgen.Selection(mix="easy:2,hard:2").mix_text == "easy:2,hard:2"
    assert isinstance(book, dealgen.Selection) and isinstance(book, dealgen.FrontMatter)
    with pytest.raises(AttributeError):
        book.title = "Other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        dealgen.Book("penguin")  # type: ignore[misc]  # keyword only: new fields never shift old calls


def parameter_counts(root: Path = PACKAGE) -> dict[str, int]:
    """Every function's parameter count (``self``/``cls`` not counted), outside cli/."""
    counts = {}
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).parts[0] == "cli":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                names = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]
                n = len(names) + bool(a.vararg) + bool(a.kwarg) - (names[:1] in (["self"], ["cls"]))
                counts[f"{path.relative_to(root)}:{node.lineno} {node.name}"] = n
    return counts


def test_no_function_outside_the_cli_takes_more_than_ten_parameters() -> None:
    assert {where: n for where, n in parameter_counts().items() if n > 10} == {}


def test_the_parameter_count_sees_every_kind(tmp_path) -> None:
    (tmp_path / "m.py").write_text(textwrap.dedent("""
        def f(a, /, b, *c, d, **e): pass
        class K:
            def g(self, a, b=1): pass
    """))
    assert sorted(parameter_counts(tmp_path).values()) == [2, 5]
