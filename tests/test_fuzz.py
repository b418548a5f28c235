"""Every reader fuzzed, a fixed number of mutated inputs each (issue 42).

The properties are in ``tests/fuzzing.py``: exit 0, 1 or 2 and never a traceback, one error
line for bad input, JSON for ``--json``, nothing left half-written, and whatever is accepted
replays through the engine here, independently of ``dealgen verify``. The examples are drawn
the same way on every run (``derandomize``), so the suite stays quick and steady;
``python bench/fuzz.py --examples N`` runs the same properties on fresh inputs for longer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealgen.cli import main

from .fuzzing import HOSTILE, READERS, Fuzzer, describe

EXAMPLES = {"solution": 40, "position": 25, "catalog": 30, "strategy": 30, "day": 25, "layout": 12, "book": 20,
            "scan": 25}


@pytest.fixture(scope="module")
def fuzzer(tmp_path_factory) -> Fuzzer:
    return Fuzzer(tmp_path_factory.mktemp("fuzz"))


@pytest.mark.parametrize("reader", READERS)
def test_mutated_inputs_never_break_the_reader(reader: str, fuzzer: Fuzzer) -> None:
    @settings(max_examples=EXAMPLES[reader], deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def property(data) -> None:
        given = data.draw(fuzzer.inputs(reader))
        outcome = fuzzer.check(reader, given.label, given.data, as_json=data.draw(st.booleans()))
        assert outcome.problem is None, describe(outcome)

    property()


def test_the_replay_here_refuses_what_does_not_replay(fuzzer: Fuzzer) -> None:
    """The independent replay can fail: a solution cut short, a strategy missing a reply."""
    from .fuzzing import NotReplayed, replay_record, walk_strategy

    solution = fuzzer.readers["solution"].seeds[0][1]
    moves = solution.split("rules: parlett", 1)[1].split()
    replay_record("penguin", 1, "parlett", moves)  # the whole solution plays and wins
    with pytest.raises(NotReplayed, match="not 'won'"):
        replay_record("penguin", 1, "parlett", moves[:-1])
    with pytest.raises(NotReplayed, match="does not play"):
        replay_record("penguin", 1, "parlett", ["1h"] + moves)
    strategy = next(text for _, text in fuzzer.readers["strategy"].seeds if "\n    " in text)
    walk_strategy(strategy)
    lines = strategy.splitlines()
    reply = next(k for k, line in enumerate(lines) if line.startswith("  ") and not line.startswith("    "))
    answer_end = next((k for k in range(reply + 1, len(lines)) if not lines[k].startswith("    ")), len(lines))
    with pytest.raises(NotReplayed, match="not the legal ones"):
        walk_strategy("\n".join(lines[:reply] + lines[answer_end:]) + "\n")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> dict[str, Path]:
    """The crafted PDFs of ``fuzzing.hostile_pdfs``, written once."""
    from .fuzzing import SEEDS, hostile_pdfs

    catalog = json.loads((SEEDS / "penguin-40.json").read_text())
    catalog["deals"] = catalog["deals"][:1]
    folder = tmp_path_factory.mktemp("hostile")
    paths = {}
    for name, data in hostile_pdfs(json.dumps(catalog).encode()).items():
        paths[name] = folder / f"{name}.pdf"
        paths[name].write_bytes(data)
    return paths


@pytest.mark.parametrize("structure", HOSTILE)
def test_a_crafted_pdf_is_one_error_line_for_every_reader(structure: str, hostile: dict[str, Path],
                                                           tmp_path: Path) -> None:
    """Each crafted structure (issue 52), given to `verify` and to `book --catalog`: exit 2 and
    one error line (no traceback, no pypdf warning), and no book written; to `preflight`: one
    error line, or a report that fails. A new book is made of the catalog alone, so the pages'
    content does not stop it (`verify` reads the pages too)."""
    runner = CliRunner()
    book = tmp_path / "out.pdf"
    for args in (["verify", hostile[structure]], ["verify", "--json", hostile[structure]],
                 ["book", "--catalog", hostile[structure], "-o", book]):
        result = runner.invoke(main, [str(a) for a in args])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
        if args[0] == "book" and structure in ("content-bomb", "shared-content"):
            assert result.exit_code == 0 and book.exists(), result.output
            continue
        assert result.exit_code == 2, (args, result.output)
        if "--json" in args:
            assert json.loads(result.stdout)["error"]["exit_code"] == 2
        errors = result.stderr.splitlines()
        assert len(errors) == 1 and errors[0].startswith("dealgen: error: "), (args, result.stderr)
        assert not book.exists()
    result = runner.invoke(main, ["preflight", str(hostile[structure])])  # refused, or checked and failed
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (1, 2) and len(result.stderr.splitlines()) == (result.exit_code == 2), result.output
