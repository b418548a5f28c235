"""The certified-verdict table: win rates of PySolFC Penguin deals from `dealgen scan` lines,
and where Freecell Solver disagrees, deal by deal.

    dealgen scan penguin 1-10000 --no-grade --jobs 2 -o parlett.jsonl
    python bench/certified_table.py parlett.jsonl [supermove.jsonl single.jsonl] [--fcs]

For each scan file: deals, solved, certified unsolvable, unknown, the win rate over the
decided deals with its 95% Wilson interval, and the largest search and audit a verdict
took. With --fcs, the Debian ``fc-solve`` binary is run on every deal of the file (parlett
as unlimited sequence moves; supermove and single as limited ones, runs moved card by card
through free cells) and each disagreement is explained. After relabelling, the beak is the
Ace and the rank below it the King, and fc-solve fills spaces with Kings only: so it never
puts a King on an Ace (packing the rank below the beak on the beak), and it cannot park
part of a run in an empty column, which the supermove rule's 2^(empty columns) counts on.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_solver import FCS_ARGS, fc_solve_process  # noqa: E402

from dealgen.games.penguin import PENGUIN  # noqa: E402
from dealgen.scan import wilson  # noqa: E402

SEQUENCE_MOVE = {"parlett": "unlimited", "supermove": "limited", "single": "limited"}


def parks_on_the_beak(deal: int, rules: str, moves: list[str]) -> int | None:
    """The number of the first move that puts a card on the beak (only the rank below it fits)."""
    state = PENGUIN.deal(deal, rules)
    for n, token in enumerate(moves, 1):
        move = PENGUIN.parse_move(token)
        if move.dst in "1234567":
            target = state.columns[int(move.dst) - 1]
            if target and target[-1] == state.beak:
                return n
        state = PENGUIN.play(state, move)
    return None


def beyond_the_cells(deal: int, rules: str, moves: list[str]) -> int | None:
    """The number of the first move that shifts more cards than the empty cells plus one:
    a supermove that counts empty columns, which fc-solve will not make where spaces take
    only Kings (after relabelling): it cannot park part of the run in an empty column."""
    state = PENGUIN.deal(deal, rules)
    for n, token in enumerate(moves, 1):
        move = PENGUIN.parse_move(token)
        after = PENGUIN.play(state, move)
        if move.src in "1234567" and move.dst in "1234567":
            shifted = len(state.columns[int(move.src) - 1]) - len(after.columns[int(move.src) - 1])
            if shifted > sum(1 for c in state.cells if c is None) + 1:
                return n
        state = after
    return None


def fcs_verdicts(records: list[dict], rules: str) -> dict[int, str]:
    args = [a if a != "unlimited" else SEQUENCE_MOVE[rules] for a in FCS_ARGS]
    boards = {r["deal"]: PENGUIN.export(PENGUIN.deal(r["deal"], rules), "fcs") for r in records}
    with tempfile.TemporaryDirectory() as tmp:
        return {n: verdict for n, (verdict, _) in fc_solve_process(boards, Path(tmp), args).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scans", nargs="+", type=Path)
    parser.add_argument("--fcs", action="store_true", help="compare with fc-solve, deal by deal")
    args = parser.parse_args()
    print("| rules | deals | solved | certified unsolvable | unknown | win rate (95% interval) "
          "| largest search | largest audit |")
    print("|---|---|---|---|---|---|---|---|")
    tables = []
    for path in args.scans:
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        rules = records[0]["rules"]
        solved = [r for r in records if r["verdict"] == "solved"]
        lost = [r for r in records if r["verdict"] == "unsolvable"]
        assert all(r.get("certified") is True for r in lost), f"{path}: an uncertified unsolvable verdict"
        unknown = [r for r in records if r["verdict"] == "unknown"]
        decided = len(solved) + len(lost)
        low, high = wilson(len(solved), decided)
        first, last = records[0]["deal"], records[-1]["deal"]
        print(f"| {rules} | {first}-{last} ({len(records)}) | {len(solved)} | {len(lost)} | {len(unknown)} "
              f"| {100 * len(solved) / decided:.2f}% ({100 * low:.2f}-{100 * high:.2f}%) "
              f"| {max(r['metrics']['states_expanded'] for r in records):,} "
              f"| {max((r['metrics'].get('audit_positions', 0) for r in lost), default=0):,} |")
        tables.append((rules, records, lost, unknown))
    for rules, records, lost, unknown in tables:
        print(f"\n{rules}: certified unsolvable deals: {' '.join(str(r['deal']) for r in lost) or 'none'}")
        if unknown:
            print(f"{rules}: undecided: {' '.join(str(r['deal']) for r in unknown)}")
        if not args.fcs or rules not in SEQUENCE_MOVE:
            continue
        theirs = fcs_verdicts(records, rules)
        diffs = 0
        for r in records:
            mine, other = r["verdict"], theirs[r["deal"]]
            if mine == other:
                continue
            diffs += 1
            why = ""
            if mine == "solved":
                n = parks_on_the_beak(r["deal"], rules, r["moves"])
                wide = beyond_the_cells(r["deal"], rules, r["moves"]) if rules == "supermove" else None
                if n:
                    why = (f"dealgen's solution puts the rank below the beak on the beak at move {n}, which "
                           f"fc-solve forbids")
                elif wide:
                    why = (f"dealgen's solution moves more cards than the empty cells plus one at move {wide}, "
                           f"counting empty columns as the supermove rule does; fc-solve cannot park part of a "
                           f"run in a space that takes only Kings")
                else:
                    why = "dealgen's solution neither packs on the beak nor counts empty columns: unexplained"
            print(f"  deal {r['deal']}: dealgen {mine}, fc-solve {other}. {why}")
        print(f"{rules}: {diffs} disagreement(s) with fc-solve over {len(records)} deals")


if __name__ == "__main__":
    main()
