"""Winnability studies: figures from (large) certified scans of any game, read as a stream.

    dealgen scan penguin 1-1000000 --no-grade -o parlett.jsonl        # hours; resumable
    python bench/winnability_study.py parlett.jsonl [--unsolvable-out FILE]
    python bench/winnability_study.py freecell.jsonl bakers-game.jsonl ... --table [--deals 1-32000]

For each scan file: the deals covered (and any gaps), the win rate over the decided deals with its
95% Wilson interval, the certified unsolvable deals (one in how many), the undecided ones, the
unsolvable deals counted by blocks (a rate that drifted along the deal numbers would show there, with
a chi-square against a constant rate) and, where the range straddles PySolFC's change of generator at
deal 32,000 (Microsoft's below, a Mersenne Twister from there on), the rate on either side of it. Then
the effort (positions the search expanded for a solved deal, audit positions for an unsolvable one,
solution lengths), and each published figure for the game set beside the count: a count of the
published sample is compared by a two-proportion z test, a bare rate or bound by the interval, a list
of unsolvable deals deal by deal, each with what differs from dealgen's count (rules, deals, what
"solvable" meant). ``--table`` ends with one Markdown table of all the files; ``--deals`` takes only
a range of each file's deals.

``--unsolvable-out FILE`` (once per scan file, in order) writes its certified unsolvable deal numbers,
one a line, under a header naming the scan. Lines are parsed one at a time, so a million-deal file
needs little memory.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealgen.deals import MS_DEALS  # noqa: E402
from dealgen.fileio import write_atomic  # noqa: E402
from dealgen.games import get_game  # noqa: E402
from dealgen.scan import parse_range, wilson  # noqa: E402


@dataclass(frozen=True)
class Published:
    """A published figure for a game, in one of three forms: a count (``wins`` of ``deals``), a bare
    rate (``rate``, or a bound: ``at_least``), or the unsolvable deals of deals 1-``upto`` (``lost``)."""

    source: str  # who said it, and where
    says: str  # the figure as published
    differs: str  # what differs from dealgen's count
    wins: int | None = None
    deals: int | None = None
    rate: float | None = None  # "about" this win rate
    at_least: float | None = None  # the win rate is claimed to be at least this
    lost: tuple[int, ...] | None = None
    upto: int = 0  # the last deal number whose deal is the publisher's deal of that number


MS_LIST = "Wikipedia's FreeCell article, as quoted at tig.mu.nu/archives/245547.php (2007)"
PUBLISHED: dict[str, list[Published]] = {
    "penguin": [
        Published("Parlett, The Penguin Book of Patience", "about 90% of deals come out", rate=0.90,
                  differs="no method given; it may describe play by hand, without looking ahead"),
        Published("a reader's figure that circulates", "fewer than 1 in 1,500 deals cannot be won",
                  at_least=1 - 1 / 1500, differs="no method or sample given"),
    ],
    "freecell": [
        Published(MS_LIST + "; fc-solve's FAQ (fc-solve/site/wml/src/faq.html.tt2) names 11982",
                  "of Microsoft's first 1,000,000 deals exactly 8 cannot be won: 11982, 146692, 186216, "
                  "455889, 495505, 512118, 517776, 781948 (the solvers of Danny A. Jones and Gary D. Campbell)",
                  lost=(11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948), upto=MS_DEALS - 1,
                  differs="the same rules and, below 32,000, the same deals; from 32,000 on PySolFC's deal N is "
                          "not Microsoft's (PySolFC changes generator), so only deals 1-31,999 compare deal by deal"),
        Published("Shlomi Fish, fc-solve's report 'The solvability statistics of the Freecell Pro 4-Freecells "
                  "Deals' (2016, updated 2018; fc-solve/site/wml/src/charts/fc-pro--4fc-deals-solvability--report)",
                  "102,075 of the 8,589,934,591 Freecell Pro deals are impossible with 4 free cells, about 1 in "
                  "84,000 (Theodore Pringle's scan; the intractable ones settled by depth_dbm_fc_solver)",
                  wins=8_589_934_591 - 102_075, deals=8_589_934_591,
                  differs="the same rules; Microsoft's generator extended to 2^33 deals, of which PySolFC shares "
                          "only 1-31,999"),
    ],
    "bakers-game": [
        Published("Jerry Bryan, 'Baker's Game, Recent Results' (jerrybryan.com/math/baker4.html, 2004)",
                  "4 free cells: 75.0% won (750,611 of 1,000,000)", wins=750_611, deals=1_000_000,
                  differs="random deals from his own shuffle, not PySolFC's numbers; the page does not say what "
                          "an empty column takes, nor whether any deal was left undecided"),
    ],
}


@dataclass
class Study:
    """What one scan file holds, gathered a line at a time."""

    path: Path
    game: str = ""
    rules: str = ""
    deals: list[int] = field(default_factory=list)
    searched: list[int] = field(default_factory=list)  # positions expanded, per solved deal
    lengths: list[int] = field(default_factory=list)
    audited: list[tuple[int, int]] = field(default_factory=list)  # (deal, audit positions), certified unsolvable
    unknown: list[int] = field(default_factory=list)
    solved_deals: list[int] = field(default_factory=list)

    @property
    def solved(self) -> int:
        return len(self.searched)

    @property
    def lost(self) -> int:
        return len(self.audited)

    @property
    def decided(self) -> int:
        return self.solved + self.lost

    @property
    def title(self) -> str:
        return get_game(self.game).title


def read(path: Path, deals: range | None = None) -> Study:
    """The scan lines of ``path`` (those of ``deals`` only, when given). A retry of undecided deals
    appends its lines until it has finished, so the last line of a deal is the one that counts."""
    study = Study(path)
    last: dict[int, tuple[str, int, int]] = {}  # deal -> (verdict, effort, moves): a line's figures
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            r = json.loads(line)
            if deals is not None and r["deal"] not in deals:
                continue
            if not study.game:
                study.game, study.rules = r["game"], r["rules"]
            elif (r["game"], r["rules"]) != (study.game, study.rules):
                sys.exit(f"{path}:{number}: {r['game']} ({r['rules']}), the file began with "
                         f"{study.game} ({study.rules})")
            if r["verdict"] == "solved":
                last[r["deal"]] = ("solved", r["metrics"]["states_expanded"], len(r["moves"]))
            elif r["verdict"] == "unsolvable":
                if r.get("certified") is not True:
                    sys.exit(f"{path}:{number}: deal {r['deal']} is unsolvable but not certified")
                last[r["deal"]] = ("unsolvable", r["metrics"]["audit_positions"], 0)
            else:
                last[r["deal"]] = ("unknown", 0, 0)
    if not last:
        sys.exit(f"{path}: no scan lines" + (f" for deals {deals.start}-{deals.stop - 1}" if deals else ""))
    for deal in sorted(last):
        verdict, effort, moves = last[deal]
        study.deals.append(deal)
        if verdict == "solved":
            study.searched.append(effort)
            study.lengths.append(moves)
            study.solved_deals.append(deal)
        elif verdict == "unsolvable":
            study.audited.append((deal, effort))
        else:
            study.unknown.append(deal)
    return study


def percentile(sorted_values: list[int], q: float) -> int:
    """The nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return 0
    rank = max(1, -(-len(sorted_values) * q // 100))
    return sorted_values[int(rank) - 1]


def decades(values: list[int]) -> list[tuple[str, int]]:
    """How many values fall in each power of ten: 1-9, 10-99, ..."""
    counts: dict[int, int] = {}
    for v in values:
        counts[len(str(max(v, 1))) - 1] = counts.get(len(str(max(v, 1))) - 1, 0) + 1
    return [(f"{10 ** d:,}-{10 ** (d + 1) - 1:,}", counts[d]) for d in sorted(counts)]


def chi_square_p(chi2: float, dof: int) -> float:
    """The upper tail of the chi-square distribution (the regularized gamma function's series)."""
    s, x = dof / 2, chi2 / 2
    if x <= 0:
        return 1.0
    term = total = 1 / s
    k = 1
    while term > total * 1e-12:
        term *= x / (s + k)
        total += term
        k += 1
    return max(0.0, 1 - math.exp(s * math.log(x) - x - math.lgamma(s)) * total)


def two_proportions(wins_a: int, n_a: int, wins_b: int, n_b: int) -> float:
    """The z statistic of the difference of two win rates (pooled)."""
    pooled = (wins_a + wins_b) / (n_a + n_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    return 0.0 if spread == 0 else (wins_a / n_a - wins_b / n_b) / spread


def pct(fraction: float, places: int = 3) -> str:
    """A percentage, with more places as it nears 100%: two significant figures of the distance
    from 100% (99.9988%, not 99.999%)."""
    gap = 100 * (1 - fraction)
    if gap > 1e-9:
        places = min(6, max(places, 1 - math.floor(math.log10(gap))))
    return f"{100 * fraction:.{places}f}%"


def one_in(lost: int, decided: int) -> str:
    return f"1 deal in {decided / lost:,.0f}" if lost else "none"


def report(s: Study, block: int | None) -> None:
    first, last = s.deals[0], s.deals[-1]
    gaps = last - first + 1 - len(set(s.deals))
    low, high = wilson(s.solved, s.decided)
    print(f"{s.title} ({s.rules}), deals {first:,}-{last:,}: {len(s.deals):,} scanned"
          + (f", {gaps:,} missing in that range" if gaps else ""))
    print(f"solved {s.solved:,}, certified unsolvable {s.lost:,}, undecided {len(s.unknown):,}")
    if s.decided:
        print(f"win rate {pct(s.solved / s.decided)} (95% interval {pct(low)}-{pct(high)}, Wilson)")
    if s.lost and s.lost * 100 < s.decided:  # a rare loss reads best as one deal in so many
        print(f"unsolvable: {one_in(s.lost, s.decided)} (95% interval 1 in {1 / (1 - low):,.0f} "
              f"to 1 in {1 / (1 - high):,.0f})")
    elif s.lost:
        print(f"unsolvable: {pct(s.lost / s.decided)} (95% interval {pct(1 - high)}-{pct(1 - low)})")
    if s.unknown:
        print(f"undecided deals: {' '.join(map(str, s.unknown[:50]))}{' ...' if len(s.unknown) > 50 else ''}")
        print(f"  whichever way they go, the share of all {len(s.deals):,} deals that can be won lies between "
              f"{pct(s.solved / len(s.deals), 4)} and {pct((s.solved + len(s.unknown)) / len(s.deals), 4)}")

    span = last - first + 1
    block = block or (span // 10 if span >= 10_000 else 0)  # (blocks of a few deals say nothing)
    if s.lost >= 10 and block and span >= 2 * block:  # is the rate the same all along? (a drift would show a bias)
        counts: dict[int, int] = {}
        sizes: dict[int, int] = {}
        for d, _ in s.audited:
            counts[(d - first) // block] = counts.get((d - first) // block, 0) + 1
        for d in s.deals:
            sizes[(d - first) // block] = sizes.get((d - first) // block, 0) + 1
        print(f"certified unsolvable by blocks of {block:,} deals:")
        chi2 = 0.0
        for b in sorted(sizes):
            start = first + b * block
            end = min(last, start + block - 1)
            expected = s.lost * sizes[b] / len(s.deals)
            chi2 += (counts.get(b, 0) - expected) ** 2 / expected if expected else 0
            print(f"  {start:>9,}-{end:>9,}: {counts.get(b, 0):>6,}")
        if s.lost >= 5 * len(sizes):  # (the test wants about five expected a block)
            print(f"  against a constant rate: chi-square {chi2:.2f} on {len(sizes) - 1} degrees of freedom, "
                  f"p = {chi_square_p(chi2, len(sizes) - 1):.2f}")
    if first < MS_DEALS <= last and s.decided:  # PySolFC's two generators: do their deals differ?
        below = [d < MS_DEALS for d in s.solved_deals].count(True)
        lost_below = sum(1 for d, _ in s.audited if d < MS_DEALS)
        n_below, n_above = below + lost_below, s.decided - below - lost_below
        if min(n_below, n_above) >= 1000:  # (a handful of deals on one side says nothing)
            above = s.solved - below
            z = two_proportions(below, n_below, above, n_above)
            print(f"by generator: Microsoft's (deals below {MS_DEALS:,}) {pct(below / n_below)} of {n_below:,}; "
                  f"PySolFC's Mersenne Twister {pct(above / n_above)} of {n_above:,} (z = {z:.2f})")

    searched, lengths = sorted(s.searched), sorted(s.lengths)
    if searched:
        print("effort, positions the search expanded for a solved deal:")
        print("  " + "  ".join(f"p{q:g} {percentile(searched, q):,}" for q in (50, 90, 99, 99.9, 100)))
        for band, count in decades(searched):
            print(f"  {band:>17}: {count:>9,} ({100 * count / s.solved:.3f}%)")
    if s.audited:
        audits = sorted(a for _, a in s.audited)
        print("effort, positions the audit visited to certify an unsolvable deal:")
        print("  " + "  ".join(f"p{q:g} {percentile(audits, q):,}" for q in (50, 90, 100))
              + f"  (deal {max(s.audited, key=lambda a: a[1])[0]} the most)")
    if lengths:
        print("solution length (moves): " + "  ".join(f"p{q:g} {percentile(lengths, q)}" for q in (50, 90, 99, 100)))
    compare(s)


def compare(s: Study) -> None:
    """Each published figure for the game beside the count."""
    claims = PUBLISHED.get(s.game, [])
    if not claims or not s.decided:
        print("no published figure to set beside it" if not claims else "")
        return
    low, high = wilson(s.solved, s.decided)
    print("against the published figures:")
    for c in claims:
        print(f"  {c.source}: \"{c.says}\"")
        if c.lost is not None:
            top = c.upto  # (the last deal where dealgen's numbers are the publisher's)
            covered = [d for d in s.deals if d <= top]
            theirs = sorted(d for d in c.lost if d in set(covered))
            ours = [d for d, _ in s.audited if d <= top]
            open_ = [d for d in s.unknown if d <= top]
            if not covered:
                verdict = "no deal of the scan falls in the range compared"
            elif ours == theirs and not open_:
                verdict = (f"borne out deal by deal over the {len(covered):,} deals compared: "
                           f"{', '.join(map(str, ours)) or 'none'}")
            else:
                verdict = (f"differs: dealgen's unsolvable {ours}, published {theirs}"
                           + (f", undecided {open_}" if open_ else ""))
            print(f"    {verdict}")
        elif c.wins is not None and c.deals:
            z = two_proportions(s.solved, s.decided, c.wins, c.deals)
            their_low, their_high = wilson(c.wins, c.deals)
            agree = "consistent with" if abs(z) < 1.96 else "differs from"
            print(f"    theirs {pct(c.wins / c.deals)} ({pct(their_low)}-{pct(their_high)}); dealgen's "
                  f"{pct(s.solved / s.decided)} ({pct(low)}-{pct(high)}): {agree} it (z = {z:.2f})")
        elif c.at_least is not None:
            if low > c.at_least:
                verdict = "borne out (the whole interval is above it)"
            elif high < c.at_least:
                verdict = "contradicted (the whole interval is below it)"
            else:
                verdict = "not settled (the interval straddles it)"
            print(f"    a win rate of at least {pct(c.at_least)}: {verdict}")
        elif c.rate is not None:
            where = "inside" if low <= c.rate <= high else ("below" if c.rate < low else "above")
            print(f"    {pct(c.rate, 1)} lies {where} dealgen's interval ({pct(low)}-{pct(high)})")
        print(f"    differs: {c.differs}")


FCS_GAMES = {"freecell": "freecell", "bakers-game": "bakers_game", "eight-off": "eight_off",
             "seahaven-towers": "seahaven_towers"}  # dealgen's names, fc-solve's --game names


def fc_solve_verdict(exe: str, game: str, board: str, limit: int) -> str:
    """fc-solve's verdict on one board: solved, unsolvable (its search ended below ``limit``
    positions with no win) or unknown (it stopped at the limit)."""
    run = subprocess.run([exe, "--game", FCS_GAMES[game], "-mi", str(limit), "-"], input=board,
                         capture_output=True, text=True, env={"FREECELL_SOLVER_QUIET": "1"})
    if "This game is solveable" in run.stdout:
        return "solved"
    checked = re.search(r"Total number of states checked is (\d+)", run.stdout)
    return "unsolvable" if checked and int(checked.group(1)) < limit else "unknown"


def cross_check(s: Study, limit: int) -> None:
    """Freecell Solver on every deal dealgen certified unsolvable or left undecided: a third search,
    written apart from both of dealgen's. It prunes too (a deal it cannot solve is not proven lost), so
    it can contradict a certified verdict only by solving the deal, and it may decide an undecided one."""
    exe = shutil.which("fc-solve")
    if s.game not in FCS_GAMES or exe is None:
        print("fc-solve cross-check: " + ("fc-solve is not installed" if exe is None else "not for this game"))
        return
    game = get_game(s.game)
    tally: dict[str, dict[str, list[int]]] = {"unsolvable": {}, "unknown": {}}
    for ours, deals in (("unsolvable", [d for d, _ in s.audited]), ("unknown", s.unknown)):
        for d in deals:
            board = game.export(game.deal(d, s.rules), "fcs")
            tally[ours].setdefault(fc_solve_verdict(exe, s.game, board, limit), []).append(d)
    print(f"fc-solve (--game {FCS_GAMES[s.game]}, at most {limit:,} positions a deal) on the same deals:")
    for ours, theirs in tally.items():
        for verdict, deals in sorted(theirs.items()):
            listed = f": {' '.join(map(str, deals[:20]))}{' ...' if len(deals) > 20 else ''}" \
                if verdict == "solved" or ours == "unknown" else ""
            print(f"  dealgen {ours}, fc-solve {verdict}: {len(deals):,}{listed}")


def table(studies: list[Study]) -> None:
    print("\n| game | deals | solved | certified unsolvable | undecided | win rate (95% interval) | unsolvable |")
    print("|---|---|---|---|---|---|---|")
    for s in studies:
        low, high = wilson(s.solved, s.decided)
        rate = f"{pct(s.solved / s.decided)} ({pct(low)}-{pct(high)})" if s.decided else "-"
        print(f"| {s.title} | {s.deals[0]:,}-{s.deals[-1]:,} | {s.solved:,} | {s.lost:,} | {len(s.unknown):,} "
              f"| {rate} | {one_in(s.lost, s.decided)} |")


def write_unsolvable(s: Study, out: Path) -> None:
    first, last = s.deals[0], s.deals[-1]
    header = (f"# PySolFC {s.title} deals {first}-{last}, {s.rules} rules: the {s.lost} deals dealgen certified "
              f"unsolvable\n# (the solver exhausted the deal and the independent audit agreed). "
              f"From: {s.path.name}\n")
    write_atomic(out, header + "".join(f"{d}\n" for d, _ in s.audited))
    print(f"wrote {out} ({s.lost} deals)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scans", nargs="+", type=Path)
    parser.add_argument("--unsolvable-out", type=Path, action="append", default=[],
                        help="write the certified unsolvable deals here (once per scan file, in order)")
    parser.add_argument("--block", type=int, help="count unsolvable deals by blocks this long (default: a tenth of 10,000 deals or more)")
    parser.add_argument("--table", action="store_true", help="end with one Markdown table of all the files")
    parser.add_argument("--deals", metavar="FIRST-LAST", help="only these deals of each file")
    parser.add_argument("--fcs", type=int, metavar="POSITIONS", nargs="?", const=2_000_000,
                        help="run fc-solve on the unsolvable and undecided deals (at most this many positions each)")
    args = parser.parse_args()
    deals = parse_range(args.deals) if args.deals else None
    if len(args.unsolvable_out) > len(args.scans):
        parser.error("more --unsolvable-out files than scan files")
    studies = []
    for n, path in enumerate(args.scans):
        studies.append(read(path, deals))
        if n:
            print()
        report(studies[-1], args.block)
        if args.fcs:
            cross_check(studies[-1], args.fcs)
        if n < len(args.unsolvable_out):
            write_unsolvable(studies[-1], args.unsolvable_out[n])
    if args.table:
        table(studies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
