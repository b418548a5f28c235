"""Where a command's position comes from: a deal, the position after K moves of a line of play
(a solution file or game record checked against the deal asked for, else the solver's line), or
a position file (the text or JSON form ``dealgen deal`` prints, or a strategy file's position).
Every line followed is replayed through the engine first; a file of another kind is named as such.
"""

from __future__ import annotations

import re
from typing import Callable

from ..errors import CheckFailed, IllegalMove, InputError
from ..fileio import parse_json, read_text
from ..games import Game, get_game
from ..solution import Solution, is_strategy, parse_solution
from ..verify import read_played, replay, replay_states
from . import problem_kit, solve_deal
from .search import UNKNOWN

GRADE_SECONDS = 30.0  # solving only to print a grade in a caption should not hold things up


def _quiet(text: str) -> None:
    pass


def load_solution(game: Game, number: int, rules: str | None, path: str | None) -> tuple[Solution | None, str | None]:
    """A solution from ``path`` (checked against the game, deal and rules asked for) or None."""
    if path is None:
        return None, None
    solution = read_played(path)  # (a record that fails is read up to its failing move)
    if solution.game != game.name or solution.deal != number:
        raise InputError(f"{path}: this solution is for {solution.game} deal {solution.deal}, "
                         f"not {game.name} deal {number}")
    if rules is not None and game.check_rules(rules) != solution.rules:
        raise InputError(f"{path}: this solution is played under '{solution.rules}' rules, not '{rules}'")
    return solution, None


def solve_for(game: Game, number: int, rules: str | None, need_moves: bool,
              grade: bool = True, note: Callable[[str], None] = _quiet) -> tuple[Solution | None, str | None]:
    """Ask the solver: for a solution (``need_moves``) or only for the caption's grade (``note``
    says why there is none)."""
    try:
        result = solve_deal(game, number, rules, max_seconds=None if need_moves else GRADE_SECONDS, grade=grade)
    except InputError as err:
        if need_moves:  # (a game between players: --after needs a record of play to follow)
            raise InputError(f"--after takes a position along a line of play: give --solution GAME.txt, a record "
                             f"of play, to follow it for that many moves ({err})") from None
        return None, None
    if not result.recorded:
        if need_moves:
            raise CheckFailed(f"{game.name} deal {number} has no solution to follow: the solver's verdict is "
                              f"{result.verdict_name}; give --solution FILE to follow one of your own")
        why = "unknown (a budget ran out first)" if result.verdict == UNKNOWN else result.verdict_name
        note(f"dealgen: note: the caption shows no grade: the solver's verdict is {why}, and only deals "
             f"it solves are graded")
        return None, None
    return result.to_solution(), result.grade


def follow(game: Game, number: int, rules: str | None, solution_path: str | None, after: int,
           grade: bool = False, note: Callable[[str], None] = _quiet) -> tuple[Solution | None, str | None, object]:
    """The verified line of play that ``--after`` moves are taken along (the solution file, else
    the solver's; None when neither is needed), with ``grade`` the deal's grade, and the
    position after ``after`` moves (the deal itself for 0)."""
    if after < 0:
        raise InputError(f"--after {after}: give a number of moves from 0 up")
    solution, graded = load_solution(game, number, rules, solution_path)
    if solution is None and (after > 0 or grade):
        solution, graded = solve_for(game, number, game.check_rules(rules), need_moves=after > 0, grade=grade,
                                     note=note)
    if solution is None:
        return None, None, game.deal(number, game.check_rules(rules))
    states: list = []  # the replay that verifies also gives the position
    verdict = replay(solution, states)
    if not verdict.ok:
        raise CheckFailed(f"the solution does not verify: {verdict.line()}")
    if after > len(solution.moves):
        raise InputError(f"--after {after} is beyond the end of the solution ({len(solution.moves)} moves)")
    return solution, graded if grade else None, states[after]  # (a solution file's grade comment is not shown either)


def load_position(game: Game, path: str, drawn: bool = True) -> tuple[object, str | None]:
    """A position from a file (its text or JSON form, as `dealgen deal` prints them, or a strategy
    file) and, for a strategy, its question ("Red to play and win in 3"). A strategy that is to be
    ``drawn`` with its question must verify first; otherwise only its position is taken."""
    from .pack_n_stack.lines import question
    from .pack_n_stack.strategy import check_tree, parse_strategy, verdict_lines

    text = read_text(path, "position")
    if text.lstrip().startswith("{"):  # `dealgen deal --format json`
        data = parse_json(text, path)
        named = data.get("game") if isinstance(data, dict) else None
        if named is not None and named != game.name:
            raise InputError(f"{path}: a position of {named}, not of {game.name}")
        known = list(game.to_json(game.deal(1)))  # the keys `dealgen deal --format json` writes
        unknown = [key for key in data if key not in known] if isinstance(data, dict) else []
        if unknown:  # a misspelt key ("qiet") would be ignored
            raise InputError(f"{path}: unknown key{'s' if len(unknown) > 1 else ''} "
                             f"{', '.join(repr(k) for k in unknown)} (the keys known here: {', '.join(known)})")
        return game.from_json(data, path), None
    if is_strategy(text):
        if game.name != "pack-n-stack":
            raise InputError(f"{path}: a strategy file is a pack-n-stack problem, not {game.name}")
        tree = parse_strategy(text, path)
        if not drawn:
            return tree.state, None
        lines, ok = verdict_lines(tree, check_tree(tree, path))
        if not ok:  # the caption states the claim: nothing unverified is printed
            raise CheckFailed(f"refusing to draw a strategy that does not verify: {lines[0]}")
        return tree.state, question(tree)
    named = _header_game(text)
    if named and named != game.name:
        raise InputError(f"{path}: a position of {named}, not of {game.name}")
    try:
        return game.from_text(text, path), None
    except InputError:
        _refuse_other_kinds(text, path)
        raise


def _refuse_other_kinds(text: str, path: str) -> None:
    """A board for Freecell Solver, a solution file or a game record where a position was
    expected: say what it is, and how to draw it."""
    if any(line.startswith(":") for line in text.splitlines()):
        raise InputError(f"{path}: Freecell Solver's board format (`deal --format fcs`), which dealgen writes for "
                         f"fc-solve but does not read; give the text or JSON form (`dealgen deal GAME N`)")
    try:
        solution = parse_solution(text, path)
    except InputError:
        return  # not a list of moves either: the position's own error says what is wrong
    record = problem_kit(get_game(solution.game)) is not None  # a game between players
    where = f"{solution.game} {solution.deal} --solution {path} --after K"
    raise InputError(f"{path}: a {'game record' if record else 'solution'} ({len(solution.moves)} moves of deal "
                     f"{solution.deal}), not a position; save the position after K of its moves with "
                     f"`dealgen deal {where} > position.txt`{_stock_out(solution) if record else ''}, draw it with "
                     f"`dealgen render {where} -o F.png`, or every step with `dealgen walkthrough {path} -o FILE.pdf`")


def _stock_out(record: Solution) -> str:
    """The move a game record's stock runs out at, where win proofs can start."""
    try:
        states = replay_states(record)
    except (IllegalMove, InputError):  # a record that does not replay: its verification names the fault
        return ""
    at = next((k for k, state in enumerate(states) if not state.stock), None)
    return f" (its stock runs out at move {at})" if at else ""


def _header_game(text: str) -> str | None:
    """The ``game:`` line of a position text's opening ``key: value`` lines, if any (a game
    named further down, in some other kind of file, is not the file's game)."""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep or not re.fullmatch(r"[a-z][a-z0-9 ]{0,15}", key):
            return None
        if key == "game":
            return value.strip().lower() or None
    return None
