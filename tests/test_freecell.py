"""The FreeCell family (FreeCell, Baker's Game, Eight Off, Seahaven Towers): deals, rules,
notation, fc-solve's solution files, the solver and its audit, and what the CLI offers."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolCardsGame
from pysol_cards.random_base import RandomBase

from dealgen.cli import main
from dealgen.errors import IllegalMove, InputError
from dealgen.games import GAMES, get_game
from dealgen.games.freecell import BAKERS_GAME, EIGHT_OFF, FAMILY, FREECELL, SEAHAVEN_TOWERS, FreeCellMove
from dealgen.solve import solve_deal, solve_position
from dealgen.solve.freecell_audit import EXHAUSTED, WON, audit
from dealgen.solve.search import SOLVED, UNSOLVABLE

from .conftest import DATA

# Microsoft FreeCell's deals 1 and 11982 as the game lays them out, row by row (each row left to
# right across the eight columns): golden data written out from Microsoft's layouts.
MS_DEALS = {
    1: """JD 2D 9H JC 5D 7H 7C 5H
          KD KC 9S 5S AD QC KH 3H
          2S KS 9D QD JS AS AH 3C
          4C 5C TS QH 4H AC 4D 7S
          3S TD 4S TH 8H 2C JH 7D
          6D 8S 8D QS 6C 3D 8C TC
          6S 9C 2H 6H""",
    11982: """AH AS 4H AC 2D 6S TS JS
              3D 3H QS QC 8S 7H AD KS
              KD 6H 5S 4D 9H JH 9S 3C
              JC 5D 5C 8C 9D TD KH 7C
              6C 2C TH QH 6D TC 4S 7S
              JD 7D 8H 9C 2H QD 4C 5H
              KC 8D 2S 3S""",
}
PYSOL_CARDS_IDS = {"freecell": "freecell", "bakers-game": "bakers_game", "eight-off": "eight_off",
                   "seahaven-towers": "seahaven_towers"}


def rows(state) -> list[list[str]]:
    """A deal's columns as the rows a player sees (the deepest cards first)."""
    depth = max(len(c) for c in state.columns)
    return [[col[r].code for col in state.columns if r < len(col)] for r in range(depth)]


@pytest.mark.parametrize("number", sorted(MS_DEALS))
def test_freecell_deals_are_microsofts(number: int) -> None:
    want = [line.split() for line in MS_DEALS[number].splitlines()]
    assert rows(FREECELL.deal(number)) == want
    assert rows(BAKERS_GAME.deal(number)) == want  # Baker's Game deals as FreeCell does


def test_every_game_deals_as_pysolfc() -> None:
    """pysol-cards' own layouts of PySolFC's games (its deal_game, which dealgen does not use)."""
    numbers = [1, 2, 3, 617, 11982, 31999, 32001, 10**6, 10**20]
    for game in FAMILY:
        for number in numbers:
            board = PysolCardsGame(PYSOL_CARDS_IDS[game.name], number, RandomBase.DEALS_PYSOLFC)
            text = board.calc_layout_string(CardRenderer(True))
            lines = [line for line in text.splitlines() if line.strip()]
            state = game.deal(number)
            if game.layout.dealt_cells:
                cells = lines.pop(0).removeprefix("Freecells:").split()
                ours = ["-" if c is None else c.code for c in state.cells][:len(cells)]
                assert ours == cells, (game.name, number)
                assert all(c is None for c in state.cells[len(cells):])
            assert [[c.code for c in col] for col in state.columns] == [line.split() for line in lines], \
                (game.name, number)


def test_deals_match_fc_solves_generator() -> None:
    maker = shutil.which("make-microsoft-freecell-board")
    if maker is None:
        pytest.skip("Debian's freecell-solver-bin is not installed (.ci/run installs it)")
    for number in (1, 2, 100, 617, 11982, 31999):
        out = subprocess.run([maker, str(number)], capture_output=True, text=True, check=True).stdout
        want = [line.replace("10", "T").split() for line in out.splitlines() if line.strip()]
        assert [[c.code for c in col] for col in FREECELL.deal(number).columns] == want


def test_eight_off_and_seahaven_fill_pysolfcs_cells() -> None:
    eight = EIGHT_OFF.deal(1)
    assert [c is not None for c in eight.cells] == [True, False] * 4  # PySolFC's reserves 0, 2, 4, 6
    assert [len(col) for col in eight.columns] == [6] * 8
    sea = SEAHAVEN_TOWERS.deal(1)
    assert [c is not None for c in sea.cells] == [False, True, True, False]  # reserves 1 and 2
    assert [len(col) for col in sea.columns] == [5] * 10


# -- notation ------------------------------------------------------------------------------
@pytest.mark.parametrize("game, token, move", [
    (FREECELL, "3a", FreeCellMove("3", "a")),
    (FREECELL, "a5", FreeCellMove("a", "5")),
    (FREECELL, "8h", FreeCellMove("8", "h")),
    (FREECELL, "27va", FreeCellMove("2", "7", 10)),
    (SEAHAVEN_TOWERS, "105", FreeCellMove("0", "5")),
    (SEAHAVEN_TOWERS, "d10", FreeCellMove("d", "0")),
    (SEAHAVEN_TOWERS, "110v3", FreeCellMove("1", "0", 3)),
    (EIGHT_OFF, "8k", FreeCellMove("8", "k")),
    (EIGHT_OFF, "kh", FreeCellMove("k", "h")),
])
def test_notation_round_trip(game, token: str, move: FreeCellMove) -> None:
    assert game.parse_move(token) == move
    assert game.format_move(move) == token
    if token.startswith("10") or token.endswith("10"):
        assert game.parse_move(token.replace("10", "0")) == move  # "0" is the tenth column too


@pytest.mark.parametrize("game, token, said", [
    (FREECELL, "9a", "no column"),
    (FREECELL, "3e", "no cell"),
    (FREECELL, "h3", "never leave the foundations"),
    (FREECELL, "ab", "from one cell to another"),
    (FREECELL, "33", "two different places"),
    (FREECELL, "27v1", "two cards or more"),
    (FREECELL, "3av2", "only a move from a column to a column"),
    (FREECELL, "3-a", "not a FreeCell move"),
    (EIGHT_OFF, "3h8", "not a Eight Off move"),
    (SEAHAVEN_TOWERS, "3e", "no cell"),
])
def test_bad_tokens_are_refused_in_words(game, token: str, said: str) -> None:
    with pytest.raises(InputError, match=said):
        game.parse_move(token)


# -- rules ---------------------------------------------------------------------------------
def position(game, columns: list[str], cells: str = "", home: str = "- - - -"):
    """A position from its columns (the rest of the pack on the foundations is worked out)."""
    given = {c for text in columns + [cells] for c in text.split() if c != "-"}
    tops = []
    for suit in "CSHD":
        ranks = [r for r in "A23456789TJQK" if r + suit not in given]
        assert ranks == list("A23456789TJQK")[:len(ranks)], f"{suit}: only a suit's lowest cards may be home"
        tops.append(ranks[-1] + suit if ranks else "-")
    cell_list = (cells.split() + ["-"] * game.layout.ncells)[:game.layout.ncells]
    lines = [f"game: {game.name}", "foundations: " + " ".join(tops), "cells: " + " ".join(cell_list)]
    lines += [f"column {n}: {text}" for n, text in enumerate(columns, 1)]
    return game.from_text("\n".join(lines) + "\n")


def test_supermove_limit_counts_free_cells_and_empty_columns() -> None:
    # two alternate-colour runs of five; every cell full; four empty columns
    state = position(FREECELL, ["KC QH JC TH 9C", "KH QC JH TC 9H", "JS", "JD", "", "", "", ""],
                     cells="KS KD QS QD")
    assert FREECELL.run_limit(state, 2) == 1 * 2**4  # onto a column: (0 free cells + 1) x 2^4
    assert FREECELL.run_limit(state, 4) == 1 * 2**3  # into an empty one: the others only
    after = FREECELL.play(state, FreeCellMove("1", "3"))  # the part that fits JS: TH 9C
    assert [c.code for c in after.columns[2]] == ["JS", "TH", "9C"]
    with pytest.raises(IllegalMove, match="written only for a move to an empty column.*write '13'"):
        FREECELL.play(state, FreeCellMove("1", "3", 2))  # one token a move: no count onto a card
    assert [c.code for c in FREECELL.play(state, FreeCellMove("2", "5", 5)).columns[4]][0] == "KH"


def test_kings_only_games_move_runs_through_cells_alone() -> None:
    state = position(EIGHT_OFF, ["QS JS TS 9S", "KS", "", "", "", "", "", ""], cells="KC KH KD - - - - -")
    assert EIGHT_OFF.run_limit(state, 1) == 6  # free cells + 1; empty columns take Kings only
    after = EIGHT_OFF.play(state, FreeCellMove("1", "2"))
    assert [c.code for c in after.columns[1]] == ["KS", "QS", "JS", "TS", "9S"]
    tight = position(EIGHT_OFF, ["QS JS TS 9S", "KS", "", "", "", "", "", ""], cells="KC KH KD QC QH QD JD -")
    with pytest.raises(IllegalMove, match="at most 2 here"):
        EIGHT_OFF.play(tight, FreeCellMove("1", "2"))
    with pytest.raises(IllegalMove, match="only a King"):
        EIGHT_OFF.play(state, FreeCellMove("1", "3"))


def test_freecell_empty_column_takes_any_card_and_the_count_decides() -> None:
    state = position(FREECELL, ["KS QH JS TH", "", "", "", "", "", "", ""], cells="QS JH KH")
    assert FREECELL.play(state, FreeCellMove("1", "2")).columns[1] == (state.columns[0][-1],)  # a bare move: one
    three = FREECELL.play(state, FreeCellMove("1", "2", 3))
    assert [c.code for c in three.columns[1]] == ["QH", "JS", "TH"]
    with pytest.raises(IllegalMove, match="the run at the foot of column 1 has 4"):
        FREECELL.play(state, FreeCellMove("1", "2", 5))
    assert FreeCellMove("1", "2", 3) in FREECELL.legal_moves(state)


def test_alternate_colours_and_suits() -> None:
    state = position(FREECELL, ["KS QS", "KH QH", "", "", "", "", "", ""], cells="JS JH")
    with pytest.raises(IllegalMove, match="of the other colour"):
        FREECELL.play(state, FreeCellMove("a", "1"))  # JS on QS: the same colour
    assert FREECELL.play(state, FreeCellMove("b", "1")).columns[0][-1].code == "JH"
    baker = position(BAKERS_GAME, ["KS QS", "KH QH", "", "", "", "", "", ""], cells="JS JH")
    assert BAKERS_GAME.play(baker, FreeCellMove("a", "1")).columns[0][-1].code == "JS"
    with pytest.raises(IllegalMove, match="of its suit"):
        BAKERS_GAME.play(baker, FreeCellMove("b", "1"))


@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_text_and_json_forms_read_back(game) -> None:
    state = game.deal(617)
    assert game.from_text(game.to_text(state)) == state
    assert game.from_json(game.to_json(state)) == state
    moved = game.play(state, game.legal_moves(state)[0])
    assert game.from_text(game.to_text(moved)) == moved
    with pytest.raises(InputError, match="cells needs exactly"):
        game.from_text(game.to_text(state).replace("cells: ", "cells: - "))
    doubled = game.to_text(state).replace(state.columns[0][0].code, state.columns[1][0].code, 1)
    with pytest.raises(InputError, match="more than once"):
        game.from_text(doubled)


# -- fc-solve's solution files --------------------------------------------------------------
FCS_FILES = [("freecell", 12), ("bakers-game", 2), ("eight-off", 1), ("seahaven-towers", 3)]


@pytest.mark.parametrize("name, number", FCS_FILES)
def test_fc_solve_solution_files_verify_as_they_are(name: str, number: int) -> None:
    path = DATA / f"{name}-{number}-fcsolve.sol"
    result = CliRunner().invoke(main, ["verify", str(path), "--game", name, "--deal", str(number)])
    assert result.exit_code == 0, result.output
    assert f"{name} deal {number} (standard): verified" in result.output
    wrong = CliRunner().invoke(main, ["verify", str(path), "--game", name, "--deal", str(number + 1), "--show"])
    assert wrong.exit_code == 1 and "FAILED at move" in wrong.output
    assert f"game: {name}\ndeal: {number + 1}" in wrong.output  # the position before the failing move


def test_fc_solve_file_with_a_supermove_to_an_empty_column() -> None:
    text = (DATA / "freecell-12-fcsolve.sol").read_text()
    assert "27v4" in text.split()  # a four-card run to an empty column, as fc-solve wrote it


def test_verify_without_game_and_deal_says_what_to_give() -> None:
    result = CliRunner().invoke(main, ["verify", str(DATA / "freecell-12-fcsolve.sol")])
    assert result.exit_code == 2 and "give --game and --deal" in result.output


def test_given_game_and_deal_must_agree_with_the_files_own() -> None:
    text = "game: freecell\ndeal: 12\n" + (DATA / "freecell-12-fcsolve.sol").read_text()
    agree = CliRunner().invoke(main, ["verify", "-", "--game", "FreeCell", "--deal", "012"], input=text)
    assert agree.exit_code == 0, agree.output
    clash = CliRunner().invoke(main, ["verify", "-", "--game", "freecell", "--deal", "13"], input=text)
    assert clash.exit_code == 2 and "the file says deal: 12, not 13 as given" in clash.output


def test_fc_solve_solves_and_we_verify() -> None:
    if shutil.which("fc-solve") is None:
        pytest.skip("Debian's freecell-solver-bin is not installed (.ci/run installs it)")
    fcs_names = {"freecell": "freecell", "bakers-game": "bakers_game", "eight-off": "eight_off",
                 "seahaven-towers": "seahaven_towers"}
    for game in FAMILY:
        for number in (5, 11982 if game is FREECELL else 7):
            board = game.export(game.deal(number), "fcs")
            out = subprocess.run(["fc-solve", "--game", fcs_names[game.name], "-m", "-snx", "-"], input=board,
                                 capture_output=True, text=True, env={"FREECELL_SOLVER_QUIET": "1"}).stdout
            result = CliRunner().invoke(main, ["verify", "-", "--game", game.name, "--deal", str(number)], input=out)
            if "I could not solve this game." in out:
                assert number == 11982 and result.exit_code == 2
            else:
                assert result.exit_code == 0, (game.name, number, result.output)


# -- the solver and its audit --------------------------------------------------------------
@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_solver_solves_and_the_engine_replays(game) -> None:
    result = solve_deal(game.name, 1, grade=False)  # solve_deal replays every solution
    assert result.verdict == SOLVED and result.extra["certified"]
    assert result.metrics["solution_length"] == len(result.moves)


def test_ms_11982_is_certified_unsolvable() -> None:
    result = solve_deal("freecell", 11982, max_states=200_000, grade=False)
    assert result.verdict == UNSOLVABLE and result.extra["certified"]
    assert result.metrics["audit_positions"] > 0 and "Certified" in result.explanation


def test_the_audit_finds_a_win_where_there_is_one() -> None:
    state = position(FREECELL, ["KS QH", "KH QS", "", "", "", "", "", ""], cells="KC KD QC QD")
    found = audit(8, True, False, state.columns, state.cells, state.home, 10_000)
    assert found.outcome == WON
    # four columns, no cell, Kings exposed over the Queens their suits need: no move at all
    stuck = [[35, 12], [38, 25], [11, 51], [50, 24]]  # QH KS, KH QS, QC KD, QD KC (suit * 13 + rank - 1)
    assert audit(4, False, True, stuck, (), (11, 11, 11, 11), 10_000).outcome == EXHAUSTED


def endgames(game, count: int, seed: int):
    """Positions near the end of random play from deals (small enough for the audit)."""
    rng = random.Random(seed)
    out = []
    number = 0
    while len(out) < count:
        number += 1
        state = game.deal(number)
        solved = solve_position(game, state, max_states=50_000, grade=False)
        if solved.verdict != SOLVED:
            continue
        for token in solved.moves[: len(solved.moves) * 2 // 3]:
            state = game.play(state, game.parse_move(token))
        for _ in range(rng.randrange(1, 8)):  # a few random moves off the winning line
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.play(state, rng.choice(moves))
        out.append(state)
    return out


@pytest.mark.parametrize("game", [FREECELL, SEAHAVEN_TOWERS], ids=lambda g: g.name)
def test_pruning_loses_no_win(game) -> None:
    """The solver's verdict equals the audit's (no pruning, single-card moves) on endgames."""
    lay = game.layout
    verdicts = []
    for state in endgames(game, 12, seed=5):
        ours = solve_position(game, state, max_states=200_000, grade=False).verdict
        plain = audit(lay.ncols, lay.build == "alternate", lay.empty == "kings", state.columns, state.cells,
                      state.home, 2_000_000).outcome
        assert (ours == SOLVED) == (plain == WON), game.to_text(state)
        verdicts.append(ours)
    assert SOLVED in verdicts


# -- what the command line offers ------------------------------------------------------------
def test_the_family_is_in_the_registry() -> None:
    assert {g.name for g in FAMILY} <= set(GAMES)
    assert get_game("FreeCell") is FREECELL


def test_deal_solve_and_games_work_for_the_family(tmp_path) -> None:
    runner = CliRunner()
    dealt = runner.invoke(main, ["deal", "seahaven-towers", "3", "--format", "fcs"])
    assert dealt.exit_code == 0 and dealt.output.startswith("Foundations:")
    out = tmp_path / "fc.txt"
    solved = runner.invoke(main, ["solve", "freecell", "1", "-o", str(out)])
    assert solved.exit_code == 0 and "solved in" in solved.output
    assert runner.invoke(main, ["verify", str(out)]).exit_code == 0
    listed = runner.invoke(main, ["games"])
    assert "eight-off  (Eight Off)" in listed.output


def test_a_win_the_audit_finds_is_a_solver_bug(monkeypatch) -> None:
    import dealgen.solve.freecell as solver
    from dealgen.errors import CheckFailed
    from dealgen.solve.search import SearchOutcome

    monkeypatch.setattr(solver, "search_problem", lambda *a, **k: SearchOutcome(UNSOLVABLE, (), 1, 1))
    with pytest.raises(CheckFailed, match="solver bug.*the audit found one: "):
        solver.solve_family(FREECELL, FREECELL.deal(1), 10_000, 60.0, grade=False)


@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_the_audit_moves_are_the_engines_single_card_moves(game) -> None:
    """The audit's moves, written apart from the engine's, reach the same positions as the
    engine's moves of one card (cells and columns compared as sets, as the audit keys them)."""
    from dealgen.solve.freecell_audit import _key, _Rules

    lay = game.layout
    judge = _Rules(lay.build == "alternate", lay.empty == "kings", lay.ncells)

    def pos(state):
        return (tuple(tuple(col) for col in state.columns), tuple(sorted(c for c in state.cells if c is not None)),
                tuple(state.home))

    def cards_in_play(state) -> int:
        return sum(len(col) for col in state.columns) + sum(c is not None for c in state.cells)

    rng = random.Random(3)
    compared = 0
    for number in range(1, 9):
        state = game.deal(number)
        for _ in range(30):
            ours = set()
            for move in game.legal_moves(state):
                after = game.play(state, move)
                dst = lay.columns.find(move.dst)
                one = dst < 0 or len(after.columns[dst]) - len(state.columns[dst]) == 1
                if one and _key(pos(after)) != _key(pos(state)):
                    ours.add(_key(pos(after)))
            theirs = {_key(child) for _, child in judge.moves(pos(state))}
            assert ours == theirs, game.to_text(state)
            compared += 1
            moves = game.legal_moves(state)
            if not moves or cards_in_play(state) < 10:
                break
            state = game.play(state, rng.choice(moves))
    assert compared > 60


@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_diagrams_of_every_game(game, tmp_path) -> None:
    from PIL import Image

    out = tmp_path / "d.png"
    result = CliRunner().invoke(main, ["render", game.name, "3", "--no-grade", "--dpi", "72", "-o", str(out)])
    assert result.exit_code == 0, result.output
    with Image.open(out) as image:
        width, height = image.size
        assert image.getextrema() != ((255, 255), (255, 255), (255, 255))  # something drawn
    # one more column than the game has, at 46 pt a card plus gaps: wider for ten columns
    assert width == pytest.approx(470 + 54 * (game.layout.ncols - 7), abs=2)
    assert height > width / 3


def test_walkthrough_of_a_freecell_deal(tmp_path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "w.pdf"
    result = CliRunner().invoke(main, ["walkthrough", "freecell", "617", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "FreeCell · deal 617" in text and "cells a–d" in text


@pytest.mark.parametrize("name", ["freecell", "bakers-game", "eight-off", "seahaven-towers"])
def test_shipped_calibrations_grade_the_games(name: str) -> None:
    from dealgen.grade import GRADES, data_path, read_calibration

    data = read_calibration(data_path(name, "standard"))
    assert data["game"] == name and data["deals"] == 2000 and data["graded"] >= 1500
    assert data["weights"] == get_game(name).grade_weights
    result = solve_deal(name, 3)
    assert result.grade in GRADES and 0 <= result.percentile <= 100


def test_the_python_api_takes_the_family(tmp_path) -> None:
    import dealgen

    start = dealgen.deal("seahaven-towers", 3)
    result = dealgen.solve(start)
    assert result.verdict == SOLVED
    line = dealgen.verify(start, result.moves)
    assert line.won and "column 10:" in str(start)
    book = dealgen.Book(game="freecell", mix={"easy": 1, "expert": 1}, title="Two")
    out = Path(tmp_path) / "two.pdf"
    book.write(str(out))
    assert out.read_bytes().startswith(b"%PDF")


def test_a_retried_scan_weighs_an_audit_by_the_game_s_own_factor() -> None:
    """FreeCell's audit may visit 8 positions per search position (Penguin's 4): a record whose
    audit stopped at 6 per position is still worth retrying at the same budget."""
    from dealgen.scan import _worth_retrying
    from dealgen.solve import audit_factor

    assert audit_factor(get_game("freecell")) == 8
    assert audit_factor(get_game("penguin")) == 4
    record = {"game": "freecell", "verdict": "unknown", "budget": "audit", "metrics": {"audit_positions": 6000}}
    assert _worth_retrying(record, 1000, 8) and not _worth_retrying(record, 1000, 4)
