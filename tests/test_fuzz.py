"""Every reader fuzzed, a fixed number of mutated inputs each (issue 42).

The properties are in ``tests/fuzzing.py``: exit 0, 1 or 2 and never a traceback, one error
line for bad input, JSON for ``--json``, nothing left half-written, and whatever is accepted
replays through the engine here, independently of ``dealgen verify``. The examples are drawn
the same way on every run (``derandomize``), so the suite stays quick and steady;
``python bench/fuzz.py --examples N`` runs the same properties on fresh inputs for longer.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .fuzzing import READERS, Fuzzer, describe

EXAMPLES = {"solution": 40, "position": 25, "catalog": 30, "strategy": 30, "day": 25, "layout": 12, "book": 20}


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
