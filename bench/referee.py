"""The certification referee at length: the pruned Penguin solver against the plain audit.

    python bench/referee.py                      # 20,000 small endgames, 300 mid-game positions
    python bench/referee.py --endgames 100000 --midgame 2000 --seed 2

The test suite runs the same property on 300 endgames (tests/test_certify.py). Here:
- endgames: tests/penguin_endgames.py's shapes (8-24 cards left, any rule set, the beak in a
  cell, alone, under a run or at a column's foot), audit budget 50,000 positions;
- mid-game: positions from real deals after 10-60 random legal moves, the beak still out,
  audit budget 400,000 positions (these are the crowded positions where the beak matters).
Every position the audit finishes must get the same verdict from the solver; a position
the audit cannot finish within its budget is counted and skipped. Prints counts by
verdict and the disagreements (there should be none), then exits 1 if any.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealgen.games.penguin import PENGUIN  # noqa: E402
from dealgen.solve.audit import OUT_OF_BUDGET, WON, audit  # noqa: E402
from dealgen.solve.penguin import PenguinProblem  # noqa: E402
from dealgen.solve.search import SOLVED, best_first  # noqa: E402
from tests.penguin_endgames import RULE_SETS, build  # noqa: E402


def midgame(rng: random.Random):
    """A position of a real deal after some random legal moves, the beak not yet home."""
    while True:
        state = PENGUIN.deal(rng.randint(1, 1_000_000), rng.choice(RULE_SETS))
        for _ in range(rng.randint(10, 60)):
            legal = [m for m in PENGUIN.legal_moves(state) if m.dst != "h" or
                     PENGUIN.play(state, m).home[state.beak // 13] == 0]
            if not legal:
                break
            state = PENGUIN.play(state, rng.choice(legal))
        if state.home[state.beak // 13] == 0:
            return state


def referee(states, budget: int, counts: Counter, bad: list) -> None:
    for state in states:
        plain = audit(state.beak, state.columns, state.cells, state.home, state.rules, budget)
        if plain.outcome == OUT_OF_BUDGET:
            counts["audit out of budget (skipped)"] += 1
            continue
        found = best_first(PenguinProblem(state), 2_000_000, None)
        verdict = "won" if plain.outcome == WON else "lost"
        counts[f"{state.rules} {verdict}"] += 1
        if (found.verdict == SOLVED) != (plain.outcome == WON):
            bad.append(PENGUIN.to_text(state))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endgames", type=int, default=20_000)
    parser.add_argument("--midgame", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for name, make, n, budget in (
            ("endgames", lambda: build(lambda a, b: rng.randint(a, b), 8, 24), args.endgames, 50_000),
            ("mid-game", lambda: midgame(rng), args.midgame, 400_000)):
        counts: Counter = Counter()
        bad: list[str] = []
        start = time.perf_counter()
        referee((make() for _ in range(n)), budget, counts, bad)
        print(f"{name}: {n} positions in {time.perf_counter() - start:.0f} s, audit budget {budget:,}")
        for key, value in sorted(counts.items()):
            print(f"  {key}: {value}")
        print(f"  disagreements: {len(bad)}")
        for text in bad[:5]:
            print(text)
        if bad:
            sys.exit(1)


if __name__ == "__main__":
    main()
