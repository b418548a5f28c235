"""Benchmarks for Pack 'n' Stack's prover and players (not a test).

1. Settling: 50 positions taken the moment the stock runs out in greedy self-play (deals 1,
   2, ... skipping games that end before); for each, the win-proof search gets 10 s to prove
   a forced win for the side to move or that none exists within N = 15. Prints the share
   settled and the median time. The share is a research figure, with no target to meet:
   docs/research/pack-n-stack.md says what each method tried settles and why it stops.
2. Match: the search player against greedy over 200 deals, each deal played once with the
   search player as Red on even deals and as Black on odd ones.
3. Self-play (``--part selfplay``, not part of "both"): the 50 positions played out search
   against search, against the sides' lower bounds.
4. Problems (``--part problems --deals 200``, not part of "both"): how many deals give a
   problem, and of which grades.

    python bench/bench_pack_n_stack.py [--positions 50] [--skip 0] [--seconds 10] [--limit 15] [--deals 200]
                                       [--part settle|match|selfplay|problems|both]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealgen.games.pack_n_stack import PACK_N_STACK as GAME  # noqa: E402
from dealgen.solve.pack_n_stack.players import greedy_move, make_player, play_game  # noqa: E402
from dealgen.solve.pack_n_stack.prove import prove  # noqa: E402
from dealgen.solve.pack_n_stack.race import lower_bound  # noqa: E402


def stock_out(deal: int):
    """The position the moment the stock runs out in greedy self-play, or None."""
    state = GAME.deal(deal)
    while state.stock:
        moves = GAME.legal_moves(state)
        if not moves:
            return None
        state = GAME.play(state, greedy_move(state, moves))
    return None if GAME.outcome(state).over else state


def settle(count: int, seconds: float, limit: int, skip: int = 0) -> None:
    positions = []
    deal = 0
    while len(positions) < count:
        deal += 1
        state = stock_out(deal)
        if state is not None:
            positions.append((deal, state))
    positions = positions[skip:]
    times, settled, tally = [], 0, {"win": 0, "no-win": 0, "unknown": 0}
    for deal, state in positions:
        result = prove(state, limit=limit, seconds=seconds)
        times.append(result.seconds)
        status = result.status if result.seconds <= seconds else "unknown"  # an answer past the limit does not count
        tally[status] += 1
        settled += status != "unknown"
        what = {"win": f"win in {result.n}", "no-win": "no-win"}.get(status, f"unknown (no win within {result.refuted} proved)")
        print(f"deal {deal:4d} {state.side:5s} to move, packs left {state.packs_left(state.to_move)}/"
              f"{state.packs_left(1 - state.to_move)}: {what} ({result.nodes} nodes, {result.seconds:.2f} s)", flush=True)
    print(f"settled {settled} of {len(positions)} ({100 * settled / len(positions):.0f}%): "
          f"{tally['win']} forced wins, {tally['no-win']} no forced win within {limit}, {tally['unknown']} undecided; "
          f"median time {statistics.median(times):.2f} s")


def selfplay(count: int) -> None:
    """The same positions played out by the search player on both sides: who wins, and in how
    many turns against each side's lower bound (what the race counts predict)."""
    positions, deal = [], 0
    while len(positions) < count:
        deal += 1
        state = stock_out(deal)
        if state is not None:
            positions.append((deal, state))
    predicted = at_bound = 0
    for deal, start in positions:
        me = start.to_move
        bounds = (lower_bound(start, me), lower_bound(start, 1 - me))
        players = {me: make_player("search", 1), 1 - me: make_player("search", 2)}
        state, turns = start, [0, 0]
        while not GAME.outcome(state).over:
            turns[state.to_move] += 1
            state = GAME.play(state, players[state.to_move].choose(state, GAME.legal_moves(state)))
        winner = GAME.outcome(state).winner
        side = None if winner is None else (0 if winner == start.side else 1)
        predicted += side == (0 if bounds[0] <= bounds[1] else 1)
        at_bound += side is not None and turns[me if side == 0 else 1 - me] == bounds[side]
        print(f"deal {deal:4d}: bounds {bounds[0]}/{bounds[1]} (to move/other); "
              f"{'drawn' if side is None else ('the side to move' if side == 0 else 'the other side')} wins, "
              f"turns {turns[me]}/{turns[1 - me]}", flush=True)
    print(f"search vs search from {count} stock-out positions: the side the bounds favour won {predicted}, "
          f"the winner finished at its bound in {at_bound}")


def problems(deals: int) -> None:
    """How many of deals 1..deals give a problem, and how many offer one of each grade, with the
    search catalogs use (node budget, two processes)."""
    from collections import Counter

    from dealgen.publish.problemset import find_many

    start, offering, any_problem = time.monotonic(), Counter(), 0
    for found in find_many(GAME, range(1, deals + 1), 2):
        any_problem += bool(found)
        offering.update({p["grade"] for p in found})
    print(f"deals 1-{deals}: {any_problem} give a problem; offering each grade: "
          + ", ".join(f"{g} {offering[g]}" for g in ("easy", "medium", "hard", "expert"))
          + f" ({time.monotonic() - start:.0f} s)")


def match(deals: int) -> None:
    score = {"search": 0, "greedy": 0, "drawn": 0}
    start = time.monotonic()
    for deal in range(1, deals + 1):
        search_red = deal % 2 == 0
        red = make_player("search" if search_red else "greedy", deal)
        black = make_player("greedy" if search_red else "search", deal)
        record = play_game(deal, red, black)
        if record.winner is None:
            score["drawn"] += 1
        else:
            score["search" if (record.winner == "red") == search_red else "greedy"] += 1
        if deal % 20 == 0:
            print(f"  after {deal} deals: {score}", flush=True)
    print(f"search vs greedy over {deals} deals: search {score['search']}, greedy {score['greedy']}, "
          f"drawn {score['drawn']} ({time.monotonic() - start:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--limit", type=int, default=15)
    parser.add_argument("--skip", type=int, default=0, help="skip the first K positions (to run the 50 in parts)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--part", choices=("settle", "match", "selfplay", "problems", "both"), default="both")
    args = parser.parse_args()
    if args.part in ("settle", "both"):
        settle(args.positions, args.seconds, args.limit, args.skip)
    if args.part in ("match", "both"):
        match(args.deals)
    if args.part == "selfplay":
        selfplay(args.positions)
    if args.part == "problems":
        problems(args.deals)


if __name__ == "__main__":
    main()
