"""The FreeCell family published as Penguin is: books (how to play, answer keys with a board on
the way, every trim and large print passing preflight, a cover), and what a game says for itself
(the site's help, the result's verb), asked of the game and never of a table in publish/."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from dealgen.cli import main
from dealgen.games import get_game
from dealgen.games.freecell import FAMILY
from dealgen.publish.books.answers import key_parts
from dealgen.publish.books.preflight import preflight_book
from dealgen.publish.catalog import read_catalog
from dealgen.solve import solve_deal

PUBLISH = Path(__file__).resolve().parents[1] / "dealgen" / "publish"


@pytest.fixture(scope="module")
def catalogs(tmp_path_factory) -> dict[str, Path]:
    """24 graded deals of FreeCell and of Eight Off (the 8-column tableau with 4 and 8 cells)."""
    folder = tmp_path_factory.mktemp("cats")
    out = {}
    for name in ("freecell", "eight-off"):
        out[name] = folder / f"{name}.json"
        result = CliRunner().invoke(main, ["generate", name, "--count", "24", "-j", "1", "-o", str(out[name])])
        assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("name, layout", [("freecell", "6x9"), ("eight-off", "large-print"), ("freecell", "a4")])
def test_a_family_book_passes_preflight_with_its_rules_and_notation(catalogs, tmp_path, name, layout) -> None:
    pdf = tmp_path / "b.pdf"
    result = CliRunner().invoke(main, ["book", "--catalog", str(catalogs[name]), "--layout", layout, "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    data = pdf.read_bytes()
    report = preflight_book(data, layout)
    assert report.ok, "\n".join(report.lines())
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(data)).pages)
    game = get_game(name)
    assert "Build all four foundations up in suit, from the Ace to the King." in text
    assert ("the cells are lettered a to g and k" if name == "eight-off" else "the cells are lettered a to d") in text
    assert "46v3 moves three cards into the empty column 6" in text
    assert f"{game.title} Puzzles" in text and "Checkpoint" in text  # a hard answer shows the board on the way
    if layout == "6x9":
        cover = tmp_path / "b-cover.pdf"
        assert CliRunner().invoke(main, ["cover", str(pdf)]).exit_code == 0
        checked = CliRunner().invoke(main, ["preflight", str(pdf), "--cover", str(cover)])
        assert checked.exit_code == 0, checked.output


def test_an_answer_key_collapses_the_finish_and_shows_a_board_on_the_way() -> None:
    found = solve_deal("freecell", 617)
    parts = key_parts(get_game("freecell"), found.to_solution())
    assert parts.checkpoint is not None and 0 < parts.checkpoint.after < len(parts.tokens)
    assert parts.finish is not None and re.fullmatch(r"then all \d+ cards go home\.", parts.finish)
    assert len(parts.tokens) < len(found.moves) and all(not t.endswith("h") for t in parts.tokens[-1:])


@pytest.mark.parametrize("game", FAMILY, ids=lambda g: g.name)
def test_each_game_says_its_own_help_and_notation(game) -> None:
    lay = game.layout
    assert f"1-{lay.ncols}" in game.play_help or "0 for column 10" in game.play_help
    assert game.win_verb == "Solved" and "{par}" in game.day_question
    reading = game.how_to_play.split("## Reading the solutions")[1]
    assert ("1 to 10 (the tenth written 10)" if lay.ncols == 10 else f"1 to {lay.ncols}") in reading
    assert ("a to g and k" if lay.ncells == 8 else f"a to {lay.cells[-1]}") in reading
    assert "{" not in game.how_to_play.format(rules=game.rule_prose["standard"])  # (no stray placeholder)
    assert ("2 to the power" in game.rule_prose["standard"]) == (lay.empty == "any")  # the run limit, as played


def test_publish_keeps_no_table_of_games() -> None:
    """What differs by game is asked of the game: no game's name in publish/'s code, but for the
    one game of problems (its kit, found by path) and the default game."""
    for path in PUBLISH.rglob("*.py"):
        code = path.read_text()
        for game in FAMILY:
            assert f'"{game.name}"' not in code, (path, game.name)
        for name in ('"penguin"', '"idiots-delight"', '"perpetual-motion"'):
            assert f"== {name}" not in code and f"{name}:" not in code, (path, name)


def test_a_catalog_of_the_family_reads_back(catalogs) -> None:
    cat = read_catalog(str(catalogs["eight-off"]))
    assert cat.game == "eight-off" and len(cat.entries) == 24
    assert {e.grade for e in cat.entries} == {"easy", "medium", "hard", "expert"}
