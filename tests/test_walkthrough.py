"""Walkthroughs: steps in words and notation, checkpoints, the PDF flow, the PNG set, and the
refusal of a solution that does not verify."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from dealgen.cli import main
from dealgen.errors import CheckFailed, InputError
from dealgen.games.penguin import PENGUIN
from dealgen.render.pdf import register_fonts, walkthrough_flowables, walkthrough_pdf_bytes
from dealgen.render.penguin import beak_free
from dealgen.render.walkthrough import build_walkthrough, checkpoint_scene, overview_scene, walkthrough_pngs
from dealgen.solution import read_solution
from dealgen.solve import solve_deal

from .pdfcheck import colour_operations, embedded, fonts_of, page_images

DATA = Path(__file__).parent / "data"
SOLUTION_1 = DATA / "penguin-1-fcsolve.sol"
SOLUTION_617 = DATA / "penguin-617-fcsolve.sol"


@pytest.fixture(scope="module")
def wt1():
    return build_walkthrough(read_solution(SOLUTION_1), every=10, grade="medium")


def test_steps_in_words_and_notation(wt1):
    assert len(wt1.steps) == 91
    assert wt1.steps[0].text() == "1. 3♦ from column 1 to cell a (1a)"
    assert wt1.steps[6].text() == "7. J♥ (the beak) from column 1 to the foundation (1h)"
    pattern = re.compile(r"^\d+\. \S.* \([1-7a-g][1-7a-gh]\)$")
    assert all(pattern.match(step.text()) for step in wt1.steps)
    assert any("onto" in s.words and "in column" in s.words for s in wt1.steps)


def test_checkpoints_start_milestones_every_n_and_end(wt1):
    points = {cp.after: cp for cp in wt1.checkpoints}
    assert 0 in points and 91 in points
    assert "the last card home" in points[91].reasons
    freed = [r for cp in wt1.checkpoints for r in cp.reasons if r.startswith(("the beak is free", "the beak freed"))]
    assert len(freed) == 1  # said once; true where it is said (test_every_caption_is_true_...)
    emptied = [r for cp in wt1.checkpoints for r in cp.reasons if "emptied" in r]
    assert any(r.startswith("column 1 emptied") for r in emptied)
    stops = sorted(points)
    home = next(k for k in stops if "from here every card goes home" in points[k].reasons)
    assert max(b - a for a, b in zip(stops, stops[1:]) if b <= home) <= 10  # every 10 moves at least
    assert any(points[k].reasons == ("",) for k in stops)  # some of them periodic
    assert points[91].state.cards_home == 52
    fewer = build_walkthrough(read_solution(SOLUTION_1), every=0)
    assert 10 not in {cp.after for cp in fewer.checkpoints}
    assert len(fewer.checkpoints) < len(wt1.checkpoints)
    # milestones only merges them as every=20 does, so it gives no more than that (deal 43 gave 9 to 6)
    solution = solve_deal("penguin", 43, grade=False).to_solution()
    assert len(build_walkthrough(solution, every=0).checkpoints) <= len(build_walkthrough(solution, every=20).checkpoints)
    # a large --every keeps the milestones (a window of every // 4 once merged them all into the last move)
    sparse = build_walkthrough(read_solution(SOLUTION_1), every=200).checkpoints
    assert [(cp.after, cp.reasons) for cp in sparse] == [(cp.after, cp.reasons) for cp in fewer.checkpoints]
    # the steps between checkpoints cover the whole solution once
    covered = [s.number for i in range(len(wt1.checkpoints)) for s in wt1.steps_after(i)]
    assert covered == list(range(1, 92))


@pytest.mark.parametrize("every", [0, 10, 20])
def test_every_caption_is_true_of_its_diagram_or_names_its_move(every):
    """Milestones a few moves apart share the later diagram; one the diagram no longer shows
    (a column emptied, then refilled before it) names the move it came at, where it held."""
    from dealgen.verify import replay_states

    for path in (SOLUTION_1, SOLUTION_617):
        states = replay_states(read_solution(path))
        for cp in build_walkthrough(read_solution(path), every=every).checkpoints:
            for reason in cp.reasons:
                match = re.fullmatch(r"(.*) at move (\d+)", reason)
                state = states[int(match[2])] if match else cp.state
                what = match[1] if match else reason
                if what.startswith("column"):
                    assert not state.columns[int(what.split()[1]) - 1], (path, cp.after, reason)
                elif what in ("the beak is free", "the beak freed"):
                    assert beak_free(state), (path, cp.after, reason)
                assert match is None or int(match[2]) <= cp.after


def test_every_one_draws_every_move_until_all_goes_home():
    wt = build_walkthrough(read_solution(SOLUTION_1), every=1)
    marks = {cp.after for cp in wt.checkpoints}
    tail = next(cp.after for cp in wt.checkpoints if "from here every card goes home" in cp.reasons)
    assert set(range(tail + 1)) <= marks


def test_beak_freed_means_uncovered():
    state = PENGUIN.deal(1)
    assert not beak_free(state)
    for token in ("1a", "1b", "1c", "1d", "1e", "1f"):
        state = PENGUIN.play(state, PENGUIN.parse_move(token))
    assert beak_free(state)


def test_a_wrong_solution_is_refused():
    solution = read_solution(SOLUTION_1)
    broken = type(solution)(solution.game, solution.deal, solution.rules, ("1a", "1a") + solution.moves[2:])
    with pytest.raises(CheckFailed, match="does not verify.*move 2"):
        build_walkthrough(broken)
    short = type(solution)(solution.game, solution.deal, solution.rules, solution.moves[:-1])
    with pytest.raises(CheckFailed, match="not won"):
        build_walkthrough(short)
    with pytest.raises(InputError):
        build_walkthrough(solution, every=-1)


def flattened(story: list) -> list:
    """A story's flowables with each checkpoint section opened into its checkpoint and steps."""
    from dealgen.render.pdf import Mark, WalkthroughFlow

    def opened(flow: WalkthroughFlow) -> list:
        return [flow.drawn(item) if isinstance(item, Mark) else item[0] for item in flow.items]

    return [part for f in story for part in (opened(f) if isinstance(f, WalkthroughFlow) else [f])]


def checkpoint_flowables(story: list) -> list:
    from dealgen.render.pdf import CheckpointFlowable

    return [f for f in flattened(story) if isinstance(f, CheckpointFlowable)]


def test_pdf_walkthrough(wt1):

    data, diagrams = walkthrough_pdf_bytes(wt1)
    reader = PdfReader(io.BytesIO(data))
    pages = len(reader.pages)
    assert 4 <= pages <= 12
    assert data == walkthrough_pdf_bytes(wt1)[0]  # byte-identical
    fonts = fonts_of(reader)
    assert fonts and all(embedded(f) for f in fonts)
    assert all(page_images(page) == [] for page in reader.pages)
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "deal 1" in text and "grade: medium" in text
    for step in wt1.steps:  # every move, in notation and in order
        assert f"({step.token})" in text
    positions = [text.index(f"{s.number}. ") for s in wt1.steps[:20]]
    assert positions == sorted(positions)
    *shown, last = wt1.checkpoints
    assert last.after == wt1.moves and "the last card home" in last.reasons
    drawn = [int(m) for m in re.findall(r"After move (\d+)", text)]
    assert drawn == sorted(set(drawn)) and diagrams == len(drawn) + 1  # and the deal
    words = " ".join(text.split())  # headings wrap
    for cp in shown[1:]:  # each milestone named by the diagram at its own move (they once waited for room)
        if any(cp.reasons):
            assert f"After move {cp.after}: {', '.join(filter(None, cp.reasons))}" in words, cp.reasons
    # every card home is not drawn: the ending line says it
    assert f"After move {last.after}" not in text and f"Solved in {wt1.moves} moves." in text
    assert colour_operations(reader)
    mono = PdfReader(io.BytesIO(walkthrough_pdf_bytes(wt1, mono=True)[0]))
    assert colour_operations(mono) == []
    assert "♡" in "".join(p.extract_text() for p in mono.pages)  # red suits outlined in mono text


def test_png_set_and_overview(wt1):
    scenes = walkthrough_pngs(wt1)
    assert len(scenes) == len(wt1.checkpoints) + 1
    assert "penguin-1-overview.png" in scenes and "penguin-1-move-000.png" in scenes
    for scene in scenes.values():
        assert scene.outside() == []
    overview = overview_scene(wt1)
    texts = {t.text for t in overview.texts()}
    assert all(tok in texts for tok in wt1.solution.moves)
    # as in the PDF, every card home is left to the ending line, not drawn
    periodic = next(cp.after for cp in wt1.checkpoints if cp.reasons == ("",))
    assert f"After move {periodic}" in " ".join(texts) and not any(t.startswith(f"After move {wt1.moves}") for t in texts)
    assert f"Solved in {wt1.moves} moves." in texts
    last = checkpoint_scene(wt1, len(wt1.checkpoints) - 1)
    assert any("Solved in 91 moves" in t.text for t in last.texts())


def test_overview_wraps_long_titles_and_captions_whole(wt1):
    """A daily title with a long date, and a caption of several milestones, wrap: the title
    once ran off the sheet and captions were cut to two lines."""
    from dataclasses import replace

    long = "the beak freed at move 64, column 1 emptied at move 65, column 4 emptied at move 66, column 5 emptied"
    points = list(wt1.checkpoints)
    points[1] = replace(points[1], reasons=(long,))
    wide = replace(wt1, dated="Wednesday 22 September 2027", checkpoints=tuple(points))
    overview = overview_scene(wide)
    assert overview.outside() == []
    words = " ".join(t.text for t in overview.texts()).split()
    for text in (f"{wide.title}: {wide.what}", points[1].title):
        assert " ".join(text.split()) in " ".join(words), text


def test_the_ending_is_never_alone_atop_a_page(wt1):
    """The last two steps and the ending line are kept together, so a page never starts with
    one step and "Solved in ..." under it."""
    from reportlab.platypus import KeepTogether

    story = walkthrough_flowables(wt1)
    last = story[-1]
    assert isinstance(last, KeepTogether)
    texts = [f.getPlainText() for f in last._content if hasattr(f, "getPlainText")]
    assert texts[-1] == f"Solved in {wt1.moves} moves." and texts[:2] == [s.text() for s in wt1.steps[-2:]]


def test_a_drawn_final_position_keeps_its_diagram(tmp_path):
    """A two-player record's final position is drawn; keeping the ending with the last steps
    must not take that diagram away (it did: 5 of 6 diagrams, the last step twice)."""
    from dealgen.render.pdf import CheckpointFlowable

    record = tmp_path / "game.txt"
    result = CliRunner().invoke(main, ["play", "pack-n-stack", "3", "--red", "greedy", "--black", "random",
                                       "-o", str(record)])
    assert result.exit_code == 0, result.output
    wt = build_walkthrough(read_solution(record))
    story = walkthrough_flowables(wt)
    drawn = len(checkpoint_flowables(story))
    assert drawn == len(wt.checkpoints) and isinstance(flattened(story)[-2], CheckpointFlowable)
    steps = [f.getPlainText() for f in flattened(story) if hasattr(f, "getPlainText")]
    assert len(steps) == len(set(steps))  # no step printed twice


def test_flowables_for_a_larger_document(wt1):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import SimpleDocTemplate

    register_fonts()
    body = ParagraphStyle("body", fontName="DejaVuSans", fontSize=9, leading=12)
    solution = read_solution(SOLUTION_617)
    story = walkthrough_flowables(solution, mono=True, every=20, body_style=body)
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=(432, 648), invariant=1).build(story)
    reader = PdfReader(buffer)
    text = "".join(p.extract_text() for p in reader.pages)
    assert "The deal" in text and "1. " in text and f"({solution.moves[0]})" in text
    assert f"{len(solution.moves)}. " in text
    assert len(reader.pages) >= 2


def font_sizes(reader: PdfReader) -> list[float]:
    """Every font size set on the pages (the operand of each Tf)."""
    sizes = []
    for page in reader.pages:
        tokens = page.get_contents().get_data().decode("latin-1").split()
        sizes += [float(tokens[i - 1]) for i, tok in enumerate(tokens) if tok == "Tf"]
    return sizes


# a 6 x 9 in page whose frame (inside platypus's 6 pt padding) is 342 x 561 pt, as in the 6x9 preset
FRAME_6X9 = dict(pagesize=(432, 648), leftMargin=42, rightMargin=36, topMargin=37, bottomMargin=37.4, invariant=1)


def test_diagram_flowable_is_built_for_a_6x9_frame():
    """In a 342 pt frame the diagram is laid out at 342 pt and printed 1:1: indices 9.5 pt, no
    text under 7 pt (a natural 470 pt scene shrunk to fit would print its index at 6.9 pt)."""
    from reportlab.platypus import SimpleDocTemplate

    from dealgen.render.pdf import DiagramFlowable, make_canvas
    from dealgen.render.registry import DiagramOptions

    from .test_render import POSITIONS, card_index_sizes

    story = [DiagramFlowable(PENGUIN, POSITIONS[name], DiagramOptions(mono=True, caption=False), max_height=520)
             for name in ("deal", "columns of 20 and 22, full flipper")]
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, **FRAME_6X9).build(list(story), canvasmaker=make_canvas)  # build() empties its list
    for flowable in story:
        assert flowable.scene is not None and flowable.scale == 1
        assert flowable.scene.width == 342 and flowable.scene.height <= 520
        assert min(card_index_sizes(flowable.scene)) >= 9.5
    sizes = font_sizes(PdfReader(buffer))
    assert sizes and min(sizes) >= 7 and 9.5 in sizes


def test_walkthrough_in_a_book_frame_is_legible(wt1, monkeypatch):
    """The solutions section of a 6 x 9 book: every diagram built for the frame width (or
    smaller, to fit the space left on a page), every piece of text in the PDF at least 7 pt."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import SimpleDocTemplate

    from dealgen.render.pdf import DiagramFlowable, make_canvas

    from .test_render import card_index_sizes

    register_fonts()
    body = ParagraphStyle("body", fontName="DejaVuSans", fontSize=9.5, leading=12.8)
    story = walkthrough_flowables(wt1, mono=True, body_style=body, max_diagram_height=400)
    diagrams = []  # as drawn: a diagram that waited for room is made while the pages are laid out
    monkeypatch.setattr(DiagramFlowable, "draw", lambda self, draw=DiagramFlowable.draw: (diagrams.append(self),
                                                                                         draw(self)))
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, **FRAME_6X9).build(story, canvasmaker=make_canvas)
    assert len(diagrams) >= 5  # one a page at least; others join later ones where a page had no room
    assert all(d.scene is not None and d.scene.width * d.scale <= 342 for d in diagrams)
    assert any(d.scene.width == 342 and d.scale == 1 for d in diagrams)
    assert min(i * d.scale for d in diagrams for i in card_index_sizes(d.scene)) >= 7
    assert min(d.scene.smallest_text() * d.scale for d in diagrams) >= 7
    assert min(font_sizes(PdfReader(buffer))) >= 7


def test_checkpoint_shrinks_into_the_space_left_on_a_page(wt1):
    """A checkpoint diagram that does not fit the space left at its full size is built smaller
    to fit there, no text under 7 pt, when that keeps at least MIN_SHARE of its height; with less
    room it keeps its full size (and goes to the next page)."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    from dealgen.render.pdf import CheckpointFlowable, DiagramFlowable

    register_fonts()
    style = ParagraphStyle("h", fontName="DejaVuSans", fontSize=10, leading=13)
    cp = wt1.checkpoints[1]

    def block() -> CheckpointFlowable:
        diagram = DiagramFlowable(PENGUIN, cp.state, wt1.diagram_options(cp, mono=True, caption=False, uniform=False))
        return CheckpointFlowable(Paragraph(cp.title, style), diagram)

    whole = block()
    full = whole.wrap(342, 10_000)[1]
    room = full * 0.85
    shrunk = block()
    assert shrunk.wrap(342, room)[1] <= room
    assert shrunk.diagram.height < whole.diagram.height
    assert shrunk.diagram.scene.smallest_text() * shrunk.diagram.scale >= CheckpointFlowable.MIN_TEXT
    tight = block()
    assert tight.wrap(342, full * 0.4)[1] == pytest.approx(full)  # too little room: full size, next page
    assert tight.split(342, full * 0.4) == []


# -- CLI --------------------------------------------------------------------------------------
def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_cli_walkthrough_pdf_and_pngs(tmp_path):
    pdf = tmp_path / "w.pdf"
    result = run("walkthrough", str(SOLUTION_617), "-o", str(pdf), "--every", "20")
    assert result.exit_code == 0, result.output
    assert len(PdfReader(pdf).pages) >= 3
    out = tmp_path / "pngs" / "penguin-1"  # a folder ending in / is made when missing, as daily's is
    result = run("walkthrough", "penguin", "1", "--solution", str(SOLUTION_1), "-o", f"{out}/", "--mono",
                 "--dpi", "30", "--every", "0")
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.iterdir())
    assert "penguin-1-overview.png" in files and "penguin-1-move-000.png" in files
    assert all(Image.open(out / f).mode == "L" for f in files)  # mono: greys only
    # one name taken by a folder: refused before any image of the set is written
    shutil.rmtree(out)
    (out / files[-1]).mkdir(parents=True)
    result = run("walkthrough", "penguin", "1", "--solution", str(SOLUTION_1), "-o", f"{out}/", "--mono",
                 "--dpi", "30", "--every", "0")
    assert result.exit_code == 2 and f"{files[-1]}: is a folder, and this run writes a file of that name; move it " \
        "away" in result.output
    assert [p.name for p in out.iterdir()] == [files[-1]]


def test_pngs_again_into_one_folder_replace_the_earlier_set(tmp_path):
    """A second run for the same deal (another --every) leaves no checkpoint image of the first
    behind to be read as part of it; another rule set's images have names of their own."""
    out = tmp_path / "w"
    first = run("walkthrough", "penguin", "1", "--solution", str(SOLUTION_1), "-o", f"{out}/", "--dpi", "20")
    assert first.exit_code == 0, first.output
    many = {p.name for p in out.glob("penguin-1-move-*.png")}
    (out / "penguin-1-move-x.png").write_text("mine")  # not one of ours: kept
    again = run("walkthrough", "penguin", "1", "--solution", str(SOLUTION_1), "-o", f"{out}/", "--dpi", "20",
                "--every", "0")
    assert again.exit_code == 0, again.output
    few = {p.name for p in out.glob("penguin-1-move-*.png")} - {"penguin-1-move-x.png"}
    assert few < many and f"removed {len(many - few)} checkpoint images of an earlier run" in again.output
    single = run("walkthrough", "penguin", "1", "--rules", "single", "-o", f"{out}/", "--dpi", "20", "--every", "0")
    assert single.exit_code == 0, single.output
    assert (out / "penguin-single-1-overview.png").is_file() and (out / "penguin-1-move-x.png").is_file()
    assert {p.name for p in out.glob("penguin-1-move-*.png")} == few | {"penguin-1-move-x.png"}


def test_a_set_of_files_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    """A full disk part way through a day's files: none of the set is left, nor any temporary file."""
    import dealgen.fileio as fileio
    from dealgen.errors import InputError

    real, staged = fileio._stage, []

    def stage(path, data):
        if len(staged) == 2:
            raise InputError(f"{path}: could not be written (No space left on device); nothing was written")
        staged.append(path)
        return real(path, data)

    monkeypatch.setattr(fileio, "_stage", stage)
    (tmp_path / "b.txt").write_text("old")
    with pytest.raises(InputError, match="c.txt: could not be written"):
        fileio.write_files(tmp_path, {"a.txt": "1", "b.txt": "2", "c.txt": "3"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.txt"] and (tmp_path / "b.txt").read_text() == "old"


def test_cli_walkthrough_refuses_and_rejects(tmp_path):
    bad = tmp_path / "bad.sol"
    bad.write_text(SOLUTION_1.read_text().replace("1a 1b 1c", "1a 1a 1c"))
    result = run("walkthrough", str(bad), "-o", str(tmp_path / "w.pdf"))
    assert result.exit_code == 1 and "does not verify" in result.output
    assert not (tmp_path / "w.pdf").exists()
    for args, message in [
        ([str(SOLUTION_1), "-o", str(tmp_path / "w.png")], "FILE.pdf, or a folder"),
        ([str(SOLUTION_1), "-o", f"{tmp_path}/bad.sol/pngs/"], "cannot make this folder"),
        ([str(SOLUTION_1), "-o", str(tmp_path / "w.pdf"), "--every", "-2"], "--every -2"),
        (["penguin", "2", "--solution", str(SOLUTION_1), "-o", str(tmp_path / "w.pdf")], "not penguin deal 2"),
        ([], "GAME NUMBER"),
    ]:
        result = run("walkthrough", *args) if args else run("walkthrough", "-o", str(tmp_path / "w.pdf"))
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.sol"]


def test_a_failed_walkthrough_leaves_no_empty_folder(tmp_path: Path) -> None:
    for args in (["nosuch", "1"], ["penguin", "1", "--dpi", "0"]):
        result = CliRunner().invoke(main, ["walkthrough", *args, "-o", f"{tmp_path / 'new'}/"])
        assert result.exit_code == 2, result.output
        assert not (tmp_path / "new").exists()
    result = CliRunner().invoke(main, ["walkthrough", "penguin", "1", "-o", f"{tmp_path / 'a' / 'b'}/", "--every", "0"])
    assert result.exit_code == 0 and any((tmp_path / "a" / "b").glob("penguin-1-move-*.png"))


def test_a_diagram_without_room_opens_the_next_page_at_its_own_move(wt1):
    """Where the space left cannot take a checkpoint's diagram even drawn smaller, the page ends
    there and the diagram opens the next one, showing the board at the move its caption names
    (diagrams once waited while the steps went on, and showed the board moves later). Nothing
    is lost or repeated."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import SimpleDocTemplate, Spacer

    from dealgen.render.pdf import Mark, WalkthroughFlow, make_canvas

    register_fonts()
    body = ParagraphStyle("body", fontName="DejaVuSans", fontSize=9.5, leading=12.8)
    flow = next(f for f in walkthrough_flowables(wt1, mono=True, body_style=body, max_diagram_height=400)
                if isinstance(f, WalkthroughFlow))
    start = next(k for k, item in enumerate(flow.items) if isinstance(item, Mark) and item.after == 31)
    assert flow.items[start].reasons == (("column 6 emptied", 31),)
    before = [item for item in flow.items[:start] if not isinstance(item, Mark)][-4:]  # steps 28-31
    later = [item for item in flow.items[start + 1:] if not isinstance(item, Mark)][:9]  # steps 32-40

    def numbered(text: str) -> list[int]:
        lines = [line.strip() for line in text.splitlines()]
        return [int(line.split(".")[0]) for line in lines if re.match(r"\d+\. ", line)]

    frame = 648 - 37 - 37.4
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, **FRAME_6X9).build([Spacer(1, frame - 120), WalkthroughFlow(
        [*before, flow.items[start], *later], flow.drawn)], canvasmaker=make_canvas)
    first, second = (page.extract_text() for page in PdfReader(buffer).pages)
    assert numbered(first) == [28, 29, 30, 31] and "After move" not in first  # the steps up to the milestone
    assert second.startswith("After move 31: column 6 emptied") and numbered(second) == list(range(32, 41))
    # a flow that opens with a diagram and has no room for it at all goes whole to the next page
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, **FRAME_6X9).build([Spacer(1, frame - 70), WalkthroughFlow(
        [flow.items[start], *later], flow.drawn)], canvasmaker=make_canvas)
    first, second = (page.extract_text() for page in PdfReader(buffer).pages)
    assert not numbered(first) and second.startswith("After move 31: column 6 emptied")
    # with room for the diagram, nothing moves
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, **FRAME_6X9).build([WalkthroughFlow([flow.items[start], *later], flow.drawn)],
                                                 canvasmaker=make_canvas)
    only = PdfReader(buffer).pages[0].extract_text()
    assert only.startswith("After move 31: column 6 emptied") and numbered(only) == list(range(32, 41))


def test_no_diagram_of_a_nearly_empty_board(wt1):
    """A Penguin walkthrough draws no diagram on the way with fewer than 13 cards left in play
    (the closing one once showed two to four cards on half a page)."""
    from dealgen.render.penguin import NEARLY_EMPTY

    for i, cp in enumerate(wt1.checkpoints):
        if wt1.pictured(i) and cp.after:
            assert 52 - cp.state.cards_home >= NEARLY_EMPTY, cp



def test_a_long_caption_wraps_inside_its_image(wt1):
    from dataclasses import replace

    from dealgen.render.scene import Text
    from dealgen.render.walkthrough import checkpoint_scene

    cp = wt1.checkpoints[1]
    long = replace(cp, reasons=("the beak freed at move 19", "column 1 emptied at move 20", "column 3 emptied",
                                "column 5 emptied at move 22"))
    wt = replace(wt1, checkpoints=(wt1.checkpoints[0], long, *wt1.checkpoints[2:]))
    scene = checkpoint_scene(wt, 1)
    texts = [item for item in scene.items if isinstance(item, Text)]
    assert all(t.x + t.width <= scene.width for t in texts)
    assert sum(t.bold and t.size == 11 for t in texts) >= 2  # the caption took two lines


@pytest.mark.parametrize("every", [0, 20])
def test_a_caption_that_names_moves_names_every_one(every):
    """"After move 35: column 3 emptied at move 30, column 2 emptied" left the reader to guess
    when column 2 was emptied: where one milestone names its move, all do (but the end's)."""
    seen = 0
    for path in (SOLUTION_1, SOLUTION_617):
        for cp in build_walkthrough(read_solution(path), every=every).checkpoints:
            named = [bool(re.search(r" move \d+$", r)) for r in cp.reasons if r not in ("the end", "the last card home")]
            if any(named):
                seen += 1
                assert all(named), cp.title
                assert f"at move {cp.after}" in cp.title or f"from move {cp.after}" in cp.title, cp.title
    assert seen
