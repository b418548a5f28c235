"""Solve Microsoft FreeCell deals by Microsoft's numbers where PySolFC's differ (32,000 and up).

    python bench/ms_freecell_deal.py 32000 [MORE ...] [--max-states N]

PySolFC, and so dealgen, deals FreeCell game N with Microsoft's generator only below 32,000; from
there on its deal N is a Mersenne Twister shuffle, not Microsoft's deal N. "Every Microsoft deal
1-32,000" therefore takes one deal that `dealgen scan freecell 1-32000` does not: Microsoft's 32,000.
This deals Microsoft's N (its generator on the pack in its order, as dealgen does below 32,000),
checks the layout against Freecell Solver's `make-microsoft-freecell-board N` where that is
installed, and solves it as a position (an unsolvable verdict certified by the audit, a solution
replayed through the engine), printing the verdict, the effort and the solution in fc-solve's notation.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pysol_cards.cards import createCards, ms_rearrange  # noqa: E402
from pysol_cards.random import LCRandom31  # noqa: E402

from dealgen.cards import CARDS  # noqa: E402
from dealgen.games import get_game  # noqa: E402
from dealgen.games.freecell import FreeCellState  # noqa: E402
from dealgen.solve import solve_position  # noqa: E402

GAME = get_game("freecell")


def ms_deal(number: int) -> FreeCellState:
    """Microsoft's deal ``number``: its shuffle, dealt in rows across the eight columns."""
    pack = LCRandom31(number).shuffle(ms_rearrange(createCards(1)))
    cards = [CARDS[card.suit * 13 + card.rank - 1] for card in reversed(pack)]
    columns = tuple(tuple(cards[c::8]) for c in range(8))
    return FreeCellState(columns, (None,) * 4, (0, 0, 0, 0), "standard", None)


def fc_solve_layout(number: int) -> list[list[str]] | None:
    """The columns `make-microsoft-freecell-board -t N` prints (None where it is not installed)."""
    tool = shutil.which("make-microsoft-freecell-board")
    if tool is None:
        return None
    text = subprocess.run([tool, "-t", str(number)], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in text.splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="+", type=int)
    parser.add_argument("--max-states", type=int, default=500_000)
    args = parser.parse_args()
    for number in args.deals:
        state = ms_deal(number)
        ours = [[str(card).replace("10", "T") for card in col] for col in state.columns]
        theirs = fc_solve_layout(number)
        if theirs is not None and theirs != ours:
            sys.exit(f"Microsoft deal {number}: the layout differs from make-microsoft-freecell-board's")
        check = "the layout checked against make-microsoft-freecell-board" if theirs else "layout not checked"
        result = solve_position(GAME, state, args.max_states, 3600, grade=False)
        certified = result.extra.get("certified")
        print(f"Microsoft deal {number} ({check}): {result.verdict}"
              f"{' (certified)' if certified else ''}, {result.metrics.get('states_expanded', 0):,} positions "
              f"expanded, {len(result.moves)} moves")
        if result.moves:
            print("  " + " ".join(result.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
