"""The page's solver (dealgen/data/site/solver.js) against the Python solver: positions that
random play reaches in a week's deals of Penguin (three rule sets) and Idiot's Delight (two),
made by the Python engine and solved in one node process. No verdict may disagree (the page
saying won where Python certifies unsolvable, or lost where Python solves it), and every line
the page would hint from replays to a win through the Python engine (``dealgen.verify``).
bench/bench_hints.py runs the same positions at length and times them."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from dealgen.games import get_game
from dealgen.publish.catalog import read_catalog
from dealgen.publish.site.make import ASSETS
from dealgen.solution import Solution
from dealgen.solve import SOLVED, UNSOLVABLE, solve_deal, solve_position
from dealgen.verify import replay

NODE = shutil.which("node")
HERE = Path(__file__).resolve().parent
SEEDS = HERE.parent / "seeds"
pytestmark = pytest.mark.skipif(NODE is None and not os.environ.get("DEALGEN_REQUIRE_BROWSER"),
                                reason="node is not installed (apt-get install nodejs); .ci/run installs it")

CATALOGS = {"penguin": "penguin-40", "idiots-delight": "idiots-delight-20"}  # the FreeCell family: deals 1 up
FAMILY = ("freecell", "bakers-game", "eight-off", "seahaven-towers")
WEEK = 7
BUDGET = 20_000  # the page's (solver.js DEFAULT_BUDGET)
PYTHON_STATES = 20_000  # the Python solver's budget per position (its audit may visit 4 times as many)


def week(game: str, rules: str) -> list[int]:
    """A week of daily deals: the first seven catalog deals that can be won under ``rules``, as
    each day's page holds a deal with a verified line."""
    deals = []
    numbers = [e.deal for e in read_catalog(str(SEEDS / f"{CATALOGS[game]}.json")).entries] if game in CATALOGS else \
        range(1, 100)
    for deal in numbers:
        if len(deals) == WEEK:
            break
        if rules in ("parlett", "strict", "free") or solve_deal(game, deal, rules, grade=False).verdict == SOLVED:
            deals.append(deal)  # (a strict line wins under free rules too)
    return deals


FAMILY_PER_DEAL = 12
# positions per deal in the suite: Idiot's Delight's free rules take the most searching by far
PER_DEAL = {("penguin", "parlett"): 70, ("penguin", "supermove"): 70, ("penguin", "single"): 70,
            ("idiots-delight", "strict"): 70, ("idiots-delight", "free"): 20}


def positions(per_deal: dict, seed: int) -> list[dict]:
    """``per_deal[game, rules]`` positions for each deal of each rule set's week: its start, and positions
    random play reaches from it (each move drawn from the legal ones; in Penguin a move home is
    taken half the time when there is one, so play goes deep, as a person's does)."""
    rng = random.Random(seed)
    out: list[dict] = []
    for (name, rules), count in per_deal.items():
        game = get_game(name)
        for deal in week(name, rules):
            start = game.deal(deal, rules)
            out.append({"game": name, "rules": rules, "deal": deal, "start": game.to_json(start), "moves": []})
            for _ in range(count - 1):
                state, moves = start, []
                for _ in range(rng.randrange(1, 60)):
                    legal = game.legal_moves(state)
                    if not legal:
                        break
                    home = [m for m in legal if game.format_move(m).endswith("h")] if name != "idiots-delight" else []
                    move = rng.choice(home) if home and rng.random() < 0.5 else rng.choice(legal)
                    state = game.play(state, move)
                    moves.append(game.format_move(move))
                out.append({"game": name, "rules": rules, "deal": deal, "start": game.to_json(start), "moves": moves})
    for k, p in enumerate(out):
        p["id"] = k
    return out


def run_js(todo: list[dict], folder: Path, budget: int = BUDGET) -> list[dict]:
    """The page's solver on each position: node's results, in order."""
    data = folder / "positions.json"
    data.write_text(json.dumps(todo))
    done = subprocess.run([str(NODE), str(HERE / "js" / "hints.js"), str(ASSETS), str(data), str(budget)],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def state_of(p: dict):
    game = get_game(p["game"])
    state = game.deal(p["deal"], p["rules"])
    for token in p["moves"]:
        state = game.play(state, game.parse_move(token))
    return game, state


def wins_in_python(p: dict, line: list[str]) -> bool:
    """The game so far and then ``line``, replayed from the deal by the Python engine."""
    return replay(Solution(p["game"], p["deal"], p["rules"], tuple(p["moves"]) + tuple(line))).ok


def disagreements(todo: list[dict], results: list[dict]) -> tuple[list[str], Counter]:
    """Every way the page's answers and the Python solver's disagree, and the tally of pairs."""
    bad: list[str] = []
    tally: Counter = Counter()

    def python(p: dict, moves: list[str]) -> str:
        game, state = state_of({**p, "moves": moves})
        return solve_position(game, state, max_states=PYTHON_STATES, grade=False).verdict

    for p, r in zip(todo, results):
        where = f"{p['game']} {p['rules']} deal {p['deal']} after {' '.join(p['moves']) or 'no moves'}"
        advice = r["advice"]
        if r["error"]:
            bad.append(f"{where}: {r['error']}")
        py = python(p, p["moves"])
        tally[r["verdict"], py] += 1
        if (r["verdict"], py) in (("won", UNSOLVABLE), ("lost", SOLVED)):
            bad.append(f"{where}: the page says {r['verdict']}, Python {py}")
        if r["verdict"] == "won" and not wins_in_python(p, r["line"]):
            bad.append(f"{where}: the page's line {' '.join(r['line'])} does not win in the Python engine")
        if advice["verdict"] == "won" and advice["undo"]:  # the latest winnable position, and its line wins
            n = len(p["moves"])
            kept = p["moves"][:n - advice["undo"]]
            if not wins_in_python({**p, "moves": kept}, advice["line"]):
                bad.append(f"{where}: undo {advice['undo']} then {' '.join(advice['line'])} does not win")
            if advice["undo"] > 1 and python(p, p["moves"][:n - advice["undo"] + 1]) == SOLVED:
                bad.append(f"{where}: the page says undo {advice['undo']}, but Python wins after one less")
        if advice["verdict"] == "lost":  # every week's deal can be won from its start
            bad.append(f"{where}: the page says no position of the game wins")
    return bad, tally


def test_the_page_solver_agrees_with_the_python_solver(tmp_path: Path) -> None:
    todo = positions(PER_DEAL, 20261128)
    results = run_js(todo, tmp_path)
    assert len(results) == len(todo) >= 2000
    bad, tally = disagreements(todo, results)
    assert bad == [], "\n".join(bad[:10])
    # the comparison has teeth: wins and certified losses on both sides, for every rule set
    assert tally["won", SOLVED] > 500 and tally["lost", UNSOLVABLE] > 200, tally
    answered = Counter((p["game"], p["rules"], r["verdict"]) for p, r in zip(todo, results))
    for name, rules in PER_DEAL:
        assert answered[name, rules, "won"] and answered[name, rules, "lost"], (name, rules, answered)


def test_the_page_solver_agrees_with_the_python_solver_on_the_freecell_family(tmp_path: Path) -> None:
    """The family's search (best-first over freecell.js, after dealgen/solve/freecell.py) on a
    week of each game: wins replay in Python, and a loss is said only where Python certifies one."""
    todo = positions({(name, "standard"): FAMILY_PER_DEAL for name in FAMILY}, 20261128)
    results = run_js(todo, tmp_path)
    bad, tally = disagreements(todo, results)
    assert bad == [], "\n".join(bad[:10])
    assert tally["won", SOLVED] > 80 and tally["lost", UNSOLVABLE] > 80, tally
    answered = Counter((p["game"], r["verdict"]) for p, r in zip(todo, results))
    assert all(answered[name, "won"] for name in FAMILY), answered


def test_a_line_that_does_not_win_is_never_answered(tmp_path: Path) -> None:
    """The differential check can fail: a line cut short is caught by the Python replay."""
    todo = positions({("penguin", "parlett"): 2}, 7)
    results = run_js(todo, tmp_path)
    won = next(r for r in results if r["verdict"] == "won")
    p = todo[results.index(won)]
    assert wins_in_python(p, won["line"]) and not wins_in_python(p, won["line"][:-1])
