"""Do grades agree with play? Grades checked, and their weights fitted, against person-like players.

A grade ranks deals by effort (``grade``); the person-like players (``solve.people``) play the
same deals. ``check`` measures, on deals a calibration did not use, how well the grade's
percentile orders the players' win rate: the Spearman correlation with a 95% interval (Fisher's
z, with Fieller's variance for a rank correlation), the win rate and the careful player's record
in each band. The win rates come from *fresh* games (``population(..., fresh=True)``: other
judgement noise than the games inside the grade), so a grade is not checked against the very
games it counted.

``fit_weights`` chooses the grading weights the same way, on the calibration sample: the weights,
in steps of 0.1, whose effort score best orders the fresh win rate.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .games import get_game
from .grade import GRADES, effort_score
from .scan import Workers, in_parallel
from .solve.people import GAMES, TRIES, population


def mid_ranks(values: Sequence[float]) -> list[float]:
    """Each value's rank from 0, ties sharing the middle."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (Pearson's on mid-ranks); 0 when either side is constant."""
    rx, ry = mid_ranks(xs), mid_ranks(ys)
    n = len(rx)
    if n < 2:
        return 0.0
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(vx * vy) if vx and vy else 0.0


def interval(rho: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% interval for a Spearman correlation of ``n`` pairs: Fisher's z with Fieller,
    Hartley and Pearson's variance 1.06 / (n - 3)."""
    if n < 4 or abs(rho) >= 1:
        return (rho, rho) if abs(rho) >= 1 else (-1.0, 1.0)
    centre, half = math.atanh(rho), z * math.sqrt(1.06 / (n - 3))
    return math.tanh(centre - half), math.tanh(centre + half)


def _fresh_games(task: tuple[str, int, str]) -> tuple[int, dict[str, int] | None]:
    game_name, deal, rules = task
    game = get_game(game_name)
    return deal, population(game, game.deal(deal, rules), game.rule_sets.index(rules), fresh=True)


def fresh_play(game: str, rules: str, deals: Iterable[int], jobs: Workers) -> dict[int, dict[str, int]]:
    """Fresh games of the person-like players on each deal (see the module's notes), in parallel."""
    tasks = ((game, deal, rules) for deal in deals)
    return {deal: played for deal, played in in_parallel(tasks, jobs, _fresh_games) if played is not None}


def win_rate(played: Mapping[str, int]) -> float:
    return 1 - played["players_lost"] / GAMES


@dataclass(frozen=True)
class Band:
    grade: str
    deals: int
    win_rate: float  # the population's, over every game of the band's deals
    never_won: float  # share of the band's deals the careful player never won
    won_half: float  # share won at least half the time by the careful player


@dataclass(frozen=True)
class Check:
    deals: int
    spearman: float
    interval: tuple[float, float]
    bands: tuple[Band, ...]

    @property
    def falling(self) -> bool:
        """Whether the win rate falls from each band to the next harder one."""
        rates = [b.win_rate for b in self.bands if b.deals]
        return all(a > b for a, b in zip(rates, rates[1:]))

    def to_json(self) -> dict[str, Any]:
        return {"deals": self.deals, "spearman": round(self.spearman, 4),
                "spearman_ci95": [round(x, 4) for x in self.interval], "falling": self.falling,
                "bands": [{"grade": b.grade, "deals": b.deals, "win_rate": round(b.win_rate, 4),
                           "careful_never_won": round(b.never_won, 4), "careful_won_half": round(b.won_half, 4)}
                          for b in self.bands]}

    def lines(self) -> list[str]:
        low, high = self.interval
        said = [f"{self.deals} deals: Spearman (percentile, players' win rate) {self.spearman:.3f} "
                f"(95% interval {low:.3f} to {high:.3f})"]
        for b in self.bands:
            said.append(f"  {b.grade:<7} {b.deals:>5} deals  win rate {b.win_rate:.2f}  careful player: never won "
                        f"{100 * b.never_won:.1f}%, won half the time or more {100 * b.won_half:.1f}%")
        said.append("  win rates fall from easy to expert" if self.falling else
                    "  win rates do NOT fall from each band to the next")
        return said


def check(rows: Sequence[tuple[float, str, Mapping[str, int]]]) -> Check:
    """The agreement of ``rows`` (percentile, grade, fresh games) with play."""
    rates = [win_rate(p) for _, _, p in rows]
    rho = spearman([pct for pct, _, _ in rows], rates)
    bands = []
    for grade in GRADES:
        games = [p for _, g, p in rows if g == grade]
        n = len(games)
        bands.append(Band(grade, n, sum(map(win_rate, games)) / n if n else 0.0,
                          sum(p["careful_won"] == 0 for p in games) / n if n else 0.0,
                          sum(2 * p["careful_won"] >= TRIES for p in games) / n if n else 0.0))
    return Check(len(rows), rho, interval(rho, len(rows)), tuple(bands))


def fit_weights(records: Sequence[Mapping[str, Any]], played: Mapping[int, Mapping[str, int]],
                names: Sequence[str], step: float = 0.1,
                caps: Mapping[str, float] | None = None) -> tuple[dict[str, float], float]:
    """The weights over ``names`` (multiples of ``step``, summing to 1, none above its cap in
    ``caps``) whose effort score, among ``records`` (solved scan lines with those metrics), best
    orders the fresh win rate ``played`` (deal -> games); with that Spearman. Ties go to the
    first in a fixed order."""
    rows = [r for r in records if r["deal"] in played and all(n in r["metrics"] for n in names)]
    reference = {n: sorted(float(r["metrics"][n]) for r in rows) for n in names}
    rates = [win_rate(played[r["deal"]]) for r in rows]
    units = round(1 / step)
    best: tuple[float, dict[str, float]] | None = None
    for split in itertools.product(range(units + 1), repeat=len(names) - 1):
        if sum(split) > units:
            continue
        weights = {n: round(k * step, 6) for n, k in zip(names, (*split, units - sum(split))) if k}
        if caps and any(w > caps.get(n, 1.0) + 1e-9 for n, w in weights.items()):
            continue
        scores = [effort_score(r["metrics"], reference, weights) for r in rows]
        rho = spearman(scores, rates)
        if best is None or rho < best[0]:
            best = (rho, weights)
    assert best is not None
    return best[1], best[0]


__all__ = ["Band", "Check", "check", "fit_weights", "fresh_play", "interval", "mid_ranks", "spearman", "win_rate"]
