"""Pack 'n' Stack diagrams: the square, heads and sizes, sides, turn and stock, in PNG and PDF."""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from dealgen.cli import main
from dealgen.games import get_game
from dealgen.render.pdf import pdf_bytes
from dealgen.render.png import png_bytes
from dealgen.render.registry import DiagramOptions, position_scene
from dealgen.render.scene import CardFace, SuitShape
from dealgen.solution import read_solution
from dealgen.solve.pack_n_stack.strategy import parse_strategy

from .conftest import DATA
from .pdfcheck import colour_operations, embedded, fonts_of
from .test_pns_strategy import SUITS_ROW

GAME = get_game("pack-n-stack")
STRATEGY = DATA / "pns-26-strategy.txt"
PROBLEM = parse_strategy(STRATEGY.read_text()).state


def texts(scene) -> list[str]:
    return [t.text for t in scene.texts()]


def faces(scene) -> list[CardFace]:
    return [item for item in scene.items if isinstance(item, CardFace)]


def test_opening_square_heads_labels_turn_and_stock():
    state = GAME.deal(26)
    scene = position_scene(GAME, state, DiagramOptions())
    drawn = [(f.rank, f.suit) for f in faces(scene)]
    assert drawn == [(c.rank, c.suit) for p in state.square for c in p]  # row by row, a1 to e5
    words = texts(scene)
    assert all(name in words for name in "abcde12345")
    assert "Pack\u00a0\u2019n\u2019\u00a0Stack · deal 26" in words and "Red to move" in words
    assert "·  stock 27" in words and "27 cards" in words and "stock" in words
    assert "Red" in words and "Black" in words
    sides = [s.suit for s in scene.items if isinstance(s, SuitShape)]
    assert sides == [2, 3, 0, 1]  # Red's hearts and diamonds, Black's clubs and spades
    assert scene.outside() == []


def test_problem_position_heads_sizes_and_question():
    scene = position_scene(GAME, PROBLEM, DiagramOptions(note="Black to play and win in 5"))
    piles = [p for p in PROBLEM.square if p]
    assert sorted((f.rank, f.suit) for f in faces(scene)) == sorted((p[-1].rank, p[-1].suit) for p in piles)
    words = texts(scene)
    sizes = sorted(int(w.split()[0]) for w in words if w.endswith(" cards") and w != "0 cards")
    assert sizes == sorted(len(p) for p in piles if len(p) > 1)
    assert "Black to play and win in 5" in words and "Black to move" not in words  # the question says it
    assert "empty" in words and "·  stock empty" in words


def test_a_complete_stack_says_so():
    scene = position_scene(GAME, GAME.from_text(SUITS_ROW), DiagramOptions())
    assert texts(scene).count("13, complete") == 2


@pytest.mark.parametrize("width", (215.0, 300.0, 400.0, 600.0))
@pytest.mark.parametrize("mono", (False, True))
def test_any_width_stays_inside_and_legible(width, mono):
    scene = position_scene(GAME, PROBLEM, DiagramOptions(mono=mono, width=width, grade="hard"))
    assert scene.outside() == []
    assert scene.width == pytest.approx(width) or width < 250
    assert min(t.size for t in scene.texts()) >= 7.0
    assert scene.is_mono() == mono


def test_height_budget_shortens_the_cards():
    free = position_scene(GAME, PROBLEM, DiagramOptions(width=300))
    tight = position_scene(GAME, PROBLEM, DiagramOptions(width=300, height=free.height * 0.85))
    assert tight.height < free.height and tight.outside() == []


def test_png_colour_and_mono():
    colour = Image.open(io.BytesIO(png_bytes(position_scene(GAME, GAME.deal(26), DiagramOptions()), dpi=60)))
    data = colour.convert("RGB").tobytes()
    reds = sum(1 for r, g, b in zip(data[0::3], data[1::3], data[2::3]) if r > 150 and g < 90 and b < 90)
    assert colour.mode == "RGB" and reds > 200
    mono = Image.open(io.BytesIO(png_bytes(position_scene(GAME, GAME.deal(26), DiagramOptions(mono=True)), dpi=60)))
    assert mono.mode == "L"


def test_pdf_text_fonts_and_mono():
    scene = position_scene(GAME, PROBLEM, DiagramOptions(note="Black to play and win in 5"))
    reader = PdfReader(io.BytesIO(pdf_bytes(scene)))
    text = reader.pages[0].extract_text()
    assert "Black to play and win in 5" in text and "11 cards" in text and "stock empty" in text
    assert all(embedded(f) for f in fonts_of(reader))
    mono = PdfReader(io.BytesIO(pdf_bytes(position_scene(GAME, PROBLEM, DiagramOptions(mono=True)))))
    assert colour_operations(mono) == []


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_cli_renders_a_deal_and_a_strategy_file(tmp_path):
    out = tmp_path / "deal.png"
    result = run("render", "pack-n-stack", "26", "-o", out, "--dpi", "40")
    assert result.exit_code == 0, result.output
    assert Image.open(out).size[0] > 100
    out = tmp_path / "problem.pdf"
    result = run("render", "pack-n-stack", "--position", STRATEGY, "-o", out)
    assert result.exit_code == 0, result.output
    assert "Black to play and win in 5" in PdfReader(out).pages[0].extract_text()


@pytest.mark.parametrize("args, message", [
    (["26", "--position", "{s}"], "without NUMBER"),
    ([], "give a deal NUMBER, or --position FILE"),
    (["--position", "{d}/none.txt"], "none.txt: cannot read the position (No such file or directory)"),
    (["--position", "{d}/bad.txt"], "bad.txt:1: expected 'key: value'"),
    # JSON positions: a key this version does not know, or a figure given as text
    (["--position", "{d}/extra.json"], "extra.json: unknown key 'qiet' (the keys known here: game, deal, rules, "
                                       "to_move, quiet, stock, rows)"),
    (["--position", "{d}/text.json"], "quiet must be a whole number of turns from 0 to 20 (a JSON number), not the text \"0\""),
])
def test_cli_render_bad_input(tmp_path, args, message):
    (tmp_path / "bad.txt").write_text("junk\n")
    position = GAME.to_json(GAME.deal(26))
    (tmp_path / "extra.json").write_text(json.dumps({**position, "qiet": 3}))
    (tmp_path / "text.json").write_text(json.dumps({**position, "quiet": "0"}))
    args = [a.format(d=tmp_path, s=STRATEGY) for a in args]
    result = run("render", "pack-n-stack", *args, "-o", tmp_path / "x.png")
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (tmp_path / "x.png").exists()
    result = run("render", "penguin", "--position", STRATEGY, "-o", tmp_path / "x.png")
    assert result.exit_code == 2 and "strategy file is a pack-n-stack problem" in result.output


def test_cli_render_refuses_a_strategy_that_does_not_verify(tmp_path):
    """The drawing states the claim ("Black to play and win in 1"), so the claim must hold."""
    path = tmp_path / "s.txt"
    path.write_text(STRATEGY.read_text().replace("goal: black wins in 5", "goal: black wins in 1"))
    result = run("render", "pack-n-stack", "--position", path, "-o", tmp_path / "x.png")
    assert result.exit_code == 1 and "does not verify" in result.output and "more than the goal's 1" in result.output
    assert not (tmp_path / "x.png").exists()


def test_cli_render_points_a_record_to_the_solution_options(tmp_path):
    """A game record (or solution) given as --position is named, with the commands that draw it."""
    record = tmp_path / "game.txt"
    assert run("play", "pack-n-stack", "3", "--red", "greedy", "--black", "greedy", "-o", record).exit_code == 0
    result = run("render", "pack-n-stack", "--position", record, "-o", tmp_path / "x.png")
    assert result.exit_code == 2, result.output
    assert "game.txt: a game record (" in result.output and "of deal 3), not a position" in result.output
    assert f"--solution {record} --after K" in result.output and f"walkthrough {record}" in result.output
    assert f"dealgen deal pack-n-stack 3 --solution {record} --after K > position.txt" in result.output
    state, played = GAME.deal(3), 0
    for token in read_solution(record).moves:
        if state.stock:
            state, played = GAME.play(state, GAME.parse_move(token)), played + 1
    assert not state.stock and f"(its stock runs out at move {played})" in result.output
    assert not (tmp_path / "x.png").exists()


def test_deal_after_saves_a_position_of_a_game_that_prove_reads(tmp_path):
    """`dealgen deal GAME N --solution REC --after K` prints the position K moves into the record,
    as a position file: read back it is the engine's position there, and `prove` takes it."""
    record = tmp_path / "game.txt"
    assert run("play", "pack-n-stack", "40", "-o", record).exit_code == 0
    moves = read_solution(record).moves
    state = GAME.deal(40)
    for token in moves[:27]:
        state = GAME.play(state, GAME.parse_move(token))
    assert not state.stock
    result = run("deal", "pack-n-stack", "40", "--solution", record, "--after", "27")
    assert result.exit_code == 0, result.output
    assert result.output == GAME.to_text(state)
    position = tmp_path / "position.txt"
    position.write_text(result.output)
    assert GAME.from_text(position.read_text()).square == state.square
    proved = run("prove", "pack-n-stack", position, "--seconds", "5", "--json")
    assert proved.exit_code == 0 and json.loads(proved.output)["to_move"] == state.side
    for args, message in ((("--after", "99"), "--after 99 is beyond the end of the solution"),
                          (("--after", "-1"), "--after -1: give a number of moves from 0 up")):
        result = run("deal", "pack-n-stack", "40", "--solution", record, *args)
        assert result.exit_code == 2 and message in result.output
    result = run("deal", "pack-n-stack", "41", "--solution", record, "--after", "3")
    assert result.exit_code == 2 and "this solution is for pack-n-stack deal 40, not pack-n-stack deal 41" in result.output
    result = run("deal", "pack-n-stack", "40", "--after", "3")
    assert result.exit_code == 2 and "give --solution GAME.txt" in result.output


def test_a_played_game_is_drawn_as_a_game(tmp_path):
    """`dealgen walkthrough` of a `dealgen play` record: a game played, not a solution, ending
    as the record's own result line says (a win here, a draw by repetition with greedy as Black)."""
    for black, ends in (("search", "won: two complete stacks"), ("greedy", "drawn: the position recurred")):
        record = tmp_path / f"game-{black}.txt"
        result = run("play", "pack-n-stack", "5", "--red", "greedy", "--black", black, "-o", record)
        assert result.exit_code == 0, result.output
        claim = record.read_text().splitlines()[1].removeprefix("# result: ")  # "... after N turns"
        assert ends in claim
        summary, turns = claim.rsplit(" after ", 1)
        out = tmp_path / f"game-{black}.pdf"
        result = run("walkthrough", record, "-o", out)
        assert result.exit_code == 0, result.output
        text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(out).pages)
        assert "Pack \u2019n\u2019 Stack · deal 5: the game" in text and "the solution" not in text
        assert f"{summary[0].upper()}{summary[1:]}, after {turns}." in text


def test_the_overview_lists_long_move_tokens_without_overlap(tmp_path):
    from dealgen.render.walkthrough import build_walkthrough, overview_scene
    from dealgen.solution import read_solution

    record = tmp_path / "game.txt"
    assert run("play", "pack-n-stack", "5", "--red", "greedy", "--black", "search", "-o", record).exit_code == 0
    wt = build_walkthrough(read_solution(record))
    scene = overview_scene(wt)
    tokens = set(wt.solution.moves)
    rows: dict[float, list] = {}
    for t in scene.texts():
        if t.text in tokens:
            rows.setdefault(t.y, []).append(t)
    assert sum(len(r) for r in rows.values()) == len(wt.solution.moves)
    for row in rows.values():
        row.sort(key=lambda t: t.x)
        assert all(a.x + a.width < b.x for a, b in zip(row, row[1:]))
        assert row[-1].x + row[-1].width <= scene.width


def test_a_wide_low_box_gets_smaller_cards_not_smaller_text():
    """A letter page's half (wide and low): the square is built narrower to fit the height, so
    its labels keep their size instead of the whole drawing shrinking (it was drawn at 0.53)."""
    from dealgen.render.pdf import diagram_scene

    scene, scale = diagram_scene(GAME, PROBLEM, DiagramOptions(caption=False, index_size=10.5), 540, 250)
    assert scene.height * scale <= 250 + 1e-6 and scene.width * scale <= 540 + 1e-6
    assert scale >= 0.8 and min(t.size for t in scene.texts()) * scale >= 6


def test_wrapping_keeps_the_games_name_on_one_line():
    from dealgen.render.fonts import text_width, wrap

    text = "Pack 'n' Stack · Sunday 22 November 2026"
    width = text_width("Pack 'n' Stack", 20, True) + 5  # room for the name, not for "Pack 'n' Stack ·"
    lines = wrap(text, 20, width, True)
    assert lines[0] == "Pack\u00a0\u2019n\u2019\u00a0Stack" and len(lines) > 2
    assert wrap("a\tb  c", 10, 1000) == ["a b c"]
    from dealgen.publish.daily import day_words  # a date breaks after its weekday, never inside "4 December 2026"

    day = day_words(dt.date(2026, 12, 4))
    assert wrap(day, 20, text_width("Friday 4 December", 20, True), True) == ["Friday", "4\u00a0December\u00a02026"]


def test_a_diagram_without_its_caption_still_says_who_is_to_move():
    """Walkthroughs and books set the caption themselves ("After move 11"): the diagram keeps
    who is to move beside which side owns which suits."""
    state = GAME.deal(26)
    words = " ".join(t.text for t in position_scene(GAME, state, DiagramOptions(caption=False)).texts())
    assert f"{state.side.capitalize()} to move" in words and "Red" in words and "Black" in words


def test_after_without_a_record_of_play_names_solution(tmp_path):
    """A game between players has no solution to find, so --after needs --solution GAME.txt."""
    result = CliRunner().invoke(main, ["render", "pack-n-stack", "1", "--after", "10", "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 2 and "--solution GAME.txt" in result.output and "game between players" in result.output
    assert not (tmp_path / "x.png").exists()


def test_game_over_heading_is_capitalised_for_a_draw_too():
    """The heading where "Red to move" stands reads "Drawn", as a win reads "Red won"."""
    import dataclasses

    from dealgen.games.pack_n_stack import QUIET_LIMIT

    drawn = dataclasses.replace(PROBLEM, quiet=QUIET_LIMIT)
    assert GAME.outcome(drawn).status == "drawn"
    words = texts(position_scene(GAME, drawn, DiagramOptions()))
    assert "Drawn" in words and "drawn" not in words
