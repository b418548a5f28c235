"""`dealgen solve`, `dealgen scan` and `dealgen calibrate`."""

from __future__ import annotations

import sys

import click

from ..publish.calibrate import calibrate as calibrate_grades
from ..publish.calibrate import validate as validate_grades
from ..publish.solving import solve_and_record
from ..scan import parse_range, scan, summary
from ..solve import DEFAULT_MAX_SECONDS, DEFAULT_MAX_STATES, Budget
from .app import main
from .common import DEAL, GAME, DealCommand, ProgressLine, echo_json, jobs_option, named, rules_option

budget_options = [
    click.option("--max-states", type=int, default=None, metavar="N",
                 help=f"Positions the search may expand (default {DEFAULT_MAX_STATES:,}); decides the verdict, deterministically."),
    click.option("--max-seconds", type=float, default=None, metavar="S",
                 help=f"Safety net in seconds (default {DEFAULT_MAX_SECONDS:g}); a verdict cut short by time depends on the machine."),
]


def with_budgets(func):
    for option in reversed(budget_options):
        func = option(func)
    return func


@main.command(cls=DealCommand, short_help="Solve deal NUMBER of GAME and grade it.")
@click.argument("game", type=GAME)
@click.argument("number", type=DEAL)
@rules_option
@with_budgets
@click.option("-o", "--output", callback=named, default=None,
              help="Write the solution file here (read by `dealgen verify`).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.option("--no-grade", is_flag=True, help="Skip the grading metrics (fewest cells) and the grade.")
def solve(game, number: int, rules, max_states, max_seconds, output, as_json: bool, no_grade: bool) -> None:
    """Solve deal NUMBER of GAME: verdict, solution, effort metrics and grade.

    The verdict is solved, unsolvable (every reachable position examined) or unknown (a
    budget ran out), in the game's own words where it has them (Perpetual Motion: won or
    cycles). Every solution or record of play is replayed through the engine before it is
    shown. Exit 0 when the search finished; exit 1 when -o was asked for and there is no
    record to write.
    """
    solved = solve_and_record(game, number, rules, max_states, max_seconds, output, grade=not no_grade)
    if as_json:
        echo_json(solved.result.to_json())
    else:
        for line in solved.lines():
            click.echo(line)
    if solved.failure is not None:
        click.echo(f"dealgen: error: {solved.failure}", err=True)
        sys.exit(1)


class _Progress(ProgressLine):
    """Scan progress: done, rate, time left, on the shared status line."""

    def __init__(self, label: str):
        super().__init__()
        self.label = label

    def __call__(self, done: int, total: int, elapsed: float) -> None:
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        self.show(f"{self.label}: {done}/{total} done, {rate:.1f} deals/s, "
                  f"{_clock(elapsed)} elapsed, {_clock(left)} left", force=done == total)


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


@main.command("scan", cls=DealCommand, short_help="Solve a range of deals of GAME in parallel.")  # "-5-3" reaches the range check
@click.argument("game", type=GAME)
@click.argument("deals", metavar="FIRST-LAST")
@rules_option
@jobs_option
@click.option("-o", "--output", callback=named, default=None,
              help="JSON lines file; deals already in it are skipped (resume). Default: stdout.")
@with_budgets
@click.option("--no-grade", is_flag=True, help="Skip the grading metrics and grades (faster).")
@click.option("--retry-undecided", is_flag=True,
              help="With -o: solve again the deals the file holds as undecided (give a larger --max-states).")
def scan_cmd(game, deals: str, rules, jobs: int, output, max_states, max_seconds, no_grade: bool,
             retry_undecided: bool) -> None:
    """Solve deals FIRST-LAST of GAME in parallel; one JSON line per deal, then a summary.

    Lines come in deal order whatever runs them (--jobs, --cluster). An interrupted scan keeps what it
    finished; run it again with the same -o to go on. To decide more deals, run it again
    with the same -o, --retry-undecided and a larger --max-states.
    """
    rules = game.check_rules(rules)
    numbers = parse_range(deals)
    with _Progress(f"{game.name} {deals}") as progress:
        report = scan(game.name, numbers, rules, jobs, out=None if output else sys.stdout, path=output,
                      budget=Budget(max_states, max_seconds), grade=not no_grade, progress=progress,
                      retry=retry_undecided)
    _print_summary(summary(report), err=output is None, names=game.verdict_name)
    if report.not_retried:
        shown = " ".join(map(str, report.not_retried[:20])) + (" ..." if len(report.not_retried) > 20 else "")
        click.echo(f"not retried: {len(report.not_retried)} undecided deal{'s' * (len(report.not_retried) != 1)} "
                   f"({shown}) already searched with this --max-states or more; give a larger one to retry them",
                   err=output is None)


def _print_summary(s: dict, err: bool, names=lambda verdict: verdict) -> None:
    """The summary for people; ``names`` gives the game's words for the verdicts."""
    def say(text: str) -> None:
        click.echo(text, err=err)

    say(f"deals: {s['deals']}  " + "  ".join(f"{names(v)}: {s[v]}" for v in ("solved", "unsolvable", "unknown")))
    if s["win_rate"] is not None:
        low, high = s["win_rate_ci95"]
        left_out = f"; {s['unknown']} undecided deal{'s' * (s['unknown'] != 1)} left out" if s["unknown"] else ""
        say(f"win rate: {s['win_rate']:.2f}% (95% interval {low:.2f}-{high:.2f}%, Wilson, "
            f"over {s['solved'] + s['unsolvable']} decided deals{left_out})")
    for kind, label in (("unsolvable", names("unsolvable")), ("certified_unsolvable", f"certified {names('unsolvable')}"),
                        ("unknown", names("unknown"))):
        if s[f"{kind}_deals"]:
            say(f"{label} deals: {' '.join(map(str, s[f'{kind}_deals'][:50]))}" + (" ..." if len(s[f"{kind}_deals"]) > 50 else ""))
    for name, pct in s["effort"].items():
        say(f"{name}: " + "  ".join(f"{k} {v:g}" for k, v in pct.items()))
    if s["grades"]:
        say("grades: " + "  ".join(f"{g} {n}" for g, n in s["grades"].items()))
    say(f"this run: {s['new']} deals in {s['seconds']:g} s, {s['deals_per_second']:g} deals/s")


@main.command(short_help="Recompute GAME's grade cut points.")
@click.argument("game", type=GAME)
@rules_option
@click.option("--deals", "deal_range", default="1-2000", show_default=True, metavar="FIRST-LAST",
              help="The reference sample (at least 2000 deals for a shipped calibration).")
@jobs_option
@click.option("--from-scan", callback=named, default=None,
              help="Keep the scan in this JSON lines file (resumed if it exists) instead of a throwaway one.")
@click.option("-o", "--output", callback=named, default=None,
              help="Where to write the cut points (default: the file shipped with dealgen).")
@click.option("--validate", is_flag=True,
              help="Write nothing: check the shipped grades against person-like players on --deals (held out "
                   "from the calibration); -o then names a JSON report.")
@with_budgets
def calibrate(game, rules, deal_range: str, jobs: int, from_scan, output, max_states, max_seconds,
              validate: bool) -> None:
    """Recompute GAME's grade cut points from a reference sample of deals."""
    run = validate_grades if validate else calibrate_grades
    with _Progress(f"{'validate' if validate else 'calibrate'} {game.name} {deal_range}") as progress:
        said = run(game, rules, deal_range, jobs, from_scan, output, max_states, max_seconds, progress)
    for line in said:
        click.echo(line)
