"""What ``dealgen calibrate`` does: a game's grade cut points measured again on a reference
sample of deals (scanned in parallel, resumed from a kept scan), written where ``generate`` and
``book`` read them. Every argument is checked before the first deal is solved.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Callable

from ..errors import InputError
from ..fileio import check_writable, write_atomic
from ..games import Game
from ..grade import GRADES, data_path, dumps, load_calibration
from ..scan import Workers, calibration, parse_range, scan
from ..solve import Budget
from ..validation import check, fresh_play

SHIPPED_SAMPLE = 2000  # deals a calibration that ships with dealgen is measured on


def calibrate(game: Game, rules: str | None, deal_range: str, jobs: Workers, from_scan: str | None, output: str | None,
              max_states: int | None, max_seconds: float | None,
              progress: Callable[[int, int, float], None] | None = None) -> list[str]:
    """The cut points of ``game`` under ``rules`` from deals ``deal_range`` (FIRST-LAST), written
    to ``output`` (default: the file shipped with dealgen, which needs ``SHIPPED_SAMPLE`` deals);
    the scan kept in ``from_scan`` when given; ``jobs`` runs the deals (processes, or a Dask
    cluster). Returns the lines that say what was written."""
    rules = game.check_rules(rules)
    numbers = parse_range(deal_range)
    if len(numbers) < 2:  # (found now, not after the scan)
        raise InputError(f"--deals {deal_range}: a calibration ranks deals against each other; give two or more")
    if output is None and len(numbers) < SHIPPED_SAMPLE:
        raise InputError(f"--deals {deal_range}: the shipped cut points come from {SHIPPED_SAMPLE} deals or more; "
                         f"give -o FILE to write a smaller sample's elsewhere")
    target = Path(output) if output else data_path(game.name, rules)
    check_writable(target)
    if from_scan is not None and Path(from_scan).resolve() == target.resolve():
        raise InputError(f"{from_scan}: --from-scan and -o name the same file; the cut points would replace the scan")
    with tempfile.TemporaryDirectory() as tmp:
        lines = from_scan or str(Path(tmp) / "scan.jsonl")
        report = scan(game.name, numbers, rules, jobs, path=lines, budget=Budget(max_states, max_seconds),
                      progress=progress)
    data = calibration(game.name, rules, report.records, f"deals {numbers.start}-{numbers.stop - 1}")
    # what made the figures: a kept scan's lines count too, whatever budget solved them
    data["command"] = f"dealgen calibrate {game.name} --rules {rules} --deals {deal_range}" + (
        f" --max-states {max_states}" if max_states else "") + (f" --from-scan {from_scan}" if from_scan else "")
    if max_states:
        data["max_states"] = max_states  # generate grades with the same budget: effort is counted alike
    write_atomic(target, dumps(data))
    said = [f"{target}: {data['graded']} of {data['deals']} deals used ({data['solved']} solved)"]
    bands = [0.0, *data["bands"], 100.0]
    for grade, lo, hi in zip(GRADES, bands, bands[1:]):
        said.append(f"  {grade}: percentile {lo:g} to {hi:g}")
    return said


def validate(game: Game, rules: str | None, deal_range: str, jobs: Workers, from_scan: str | None, output: str | None,
             max_states: int | None, max_seconds: float | None,
             progress: Callable[[int, int, float], None] | None = None) -> list[str]:
    """How well the shipped grades of ``game`` under ``rules`` agree with the person-like players
    on deals ``deal_range``, which must lie outside the calibration's sample (``validation.check``);
    the figures, and each deal's, written to ``output`` as JSON when given. Returns the lines to print."""
    rules = game.check_rules(rules)
    numbers = parse_range(deal_range)
    shipped = load_calibration(game.name, rules)
    if shipped is None or "players_lost" not in shipped["weights"]:
        raise InputError(f"{game.name} ({rules}) has no grade that person-like players take part in: nothing to validate")
    first, last = (int(x) for x in str(shipped["sample"]).split()[-1].split("-"))
    if numbers.start <= last and first < numbers.stop:
        raise InputError(f"--deals {deal_range}: the grades were fitted on {shipped['sample']}; validate on deals "
                         f"outside it (for example {last + 1}-{last + len(numbers)})")
    if output is not None:
        check_writable(Path(output))
    with tempfile.TemporaryDirectory() as tmp:
        lines = from_scan or str(Path(tmp) / "scan.jsonl")
        report = scan(game.name, numbers, rules, jobs, path=lines, budget=Budget(max_states, max_seconds),
                      progress=progress)
    graded = [r for r in report.records if r.get("grade")]
    played = fresh_play(game.name, rules, [r["deal"] for r in graded], jobs)
    rows = [(r["percentile"], r["grade"], played[r["deal"]]) for r in graded]
    result = check(rows)
    said = [f"{game.name} ({rules}), grades of {shipped['sample']}, checked on deals {deal_range} "
            f"against fresh games of the person-like players:", *result.lines()]
    if output is not None:
        deals = [{"deal": r["deal"], "percentile": r["percentile"], "grade": r["grade"], **played[r["deal"]]}
                 for r in graded]
        write_atomic(Path(output), json.dumps({"game": game.name, "rules": rules, "calibration": shipped["sample"],
                                            "validated_on": deal_range, **result.to_json(), "per_deal": deals}, indent=1) + "\n")
        said.append(f"{output}: the figures and every deal's")
    return said
