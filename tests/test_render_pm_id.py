"""Perpetual Motion and Idiot's Delight diagrams: nothing outside the scene, indices of 7 pt or
more at every width, every card drawn once, mono without colour, walkthroughs pass by pass."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from dealgen.cli import main
from dealgen.games import get_game
from dealgen.render.registry import DiagramOptions, checkpoints, position_scene
from dealgen.render.scene import CardFace
from dealgen.render.walkthrough import build_walkthrough
from dealgen.solve import solve_deal
from dealgen.verify import replay_states

WIDTHS = (215.0, 250.0, 342.0, 400.0, 600.0)


def positions():
    """The deal, a long mid-pass position and the last position of each game."""
    out = []
    for name, deal in (("perpetual-motion", 1), ("perpetual-motion", 3), ("idiots-delight", 23)):
        solution = solve_deal(name, deal, grade=False).to_solution()
        states = replay_states(solution)
        longest = max(range(len(states)), key=lambda k: max(len(p) for p in _piles(states[k])))
        out += [(name, states[0]), (name, states[longest]), (name, states[-1])]
    return out


def _piles(state):
    return getattr(state, "piles", None) or state.stacks


POSITIONS = positions()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("mono", (False, True))
def test_nothing_outside_and_text_legible(width: float, mono: bool) -> None:
    for name, state in POSITIONS:
        scene = position_scene(name, state, DiagramOptions(mono=mono, width=width, grade="medium",
                                                           note="after move 123 of 4567"))
        assert not scene.outside(), (name, width)
        assert scene.width <= width + 0.01 or width < 250
        assert min(t.size for t in scene.texts()) >= 7.0
        assert scene.is_mono() == mono


def test_every_card_in_play_drawn_once_with_counts() -> None:
    for name, state in POSITIONS:
        scene = position_scene(name, state, DiagramOptions())
        faces = [(i.rank, i.suit) for i in scene.items if isinstance(i, CardFace)]
        cards = [(c.rank, c.suit) for p in _piles(state) for c in p]
        assert sorted(faces) == sorted(cards)
        words = [t.text for t in scene.texts()]
        assert f"{len(state.stock)} cards" in words or str(len(state.stock)) in words
        assert f"{state.discarded} cards" in words or str(state.discarded) in words


def test_long_piles_keep_every_index_visible() -> None:
    name, state = max(POSITIONS, key=lambda p: max(len(x) for x in _piles(p[1])))
    assert max(len(x) for x in _piles(state)) > 20  # a long Perpetual Motion pile
    scene = position_scene(name, state, DiagramOptions(width=250.0))
    columns: dict[float, list[CardFace]] = {}
    for item in scene.items:
        if isinstance(item, CardFace):
            columns.setdefault(item.x, []).append(item)
    for faces in columns.values():
        for a, b in zip(faces, faces[1:]):
            assert b.y - a.y >= a.style.index_height  # the covering card leaves the index whole
    assert min(t.size for t in scene.texts()) >= 7.0


def test_caption_names_game_deal_rules_and_pass() -> None:
    game = get_game("perpetual-motion")
    words = " ".join(t.text for t in position_scene(game, game.deal(5), DiagramOptions(grade="hard")).texts())
    assert "Perpetual Motion · deal 5" in words and "classic rules" in words and "pass 1" in words
    assert "grade: hard" in words
    game = get_game("idiots-delight")
    words = " ".join(t.text for t in position_scene(game, game.deal(5, "free"), DiagramOptions()).texts())
    assert "Idiot\u2019s Delight · deal 5" in words and "free rules" in words


def test_pm_walkthrough_goes_pass_by_pass() -> None:
    solution = solve_deal("perpetual-motion", 4, grade=False).to_solution()
    wt = build_walkthrough(solution, every=10)
    game = get_game("perpetual-motion")
    marks = [cp.after for cp in wt.checkpoints]
    assert marks[0] == 0 and marks[-1] == len(solution.moves)
    for k in marks[1:-1]:
        assert solution.moves[k] == "g"  # the piles just before they are gathered
    assert all("cards discarded" in cp.title for cp in wt.checkpoints[1:-1])
    assert all(r == "" for cp in wt.checkpoints[1:-1] for r in cp.reasons)  # periodic: the count is the head's
    assert checkpoints(game, replay_states(solution), [game.parse_move(t) for t in solution.moves], 0)


def test_cycling_record_walkthrough_ends_with_the_cycle() -> None:
    solution = solve_deal("perpetual-motion", 3, grade=False).to_solution()
    wt = build_walkthrough(solution, every=50)
    last = wt.checkpoints[-1]
    assert last.title == "After pass 174, 44 cards discarded so far: goes round forever (pass 175 would repeat pass 171)"
    assert [cp.title for cp in wt.checkpoints[1:3]] == ["After pass 50, no card discarded yet",
                                                        "After pass 100, 16 cards discarded so far"]
    assert wt.ending() == f"Goes round forever (pass 175 would repeat pass 171); {len(solution.moves)} moves in all."
    assert wt.steps[-1].text().startswith("The piles are gathered: pass 175 would start from")
    # one line a pass, named by its pass ("Pass 12:", not "12. pass 12,")
    assert [s.text().split(" rows:")[0] for s in wt.steps[:2]] == ["Pass 1: 13", "Pass 2: 13"]


def test_a_won_pm_walkthrough_gives_the_answer_in_passes() -> None:
    solution = solve_deal("perpetual-motion", 1, grade=False).to_solution()
    wt = build_walkthrough(solution, every=20)
    assert wt.checkpoints[-1].title == "After pass 120: all 52 cards discarded"
    assert wt.ending() == f"Comes out in 120 passes; {len(solution.moves)} moves in all."
    assert wt.diagram_options(wt.checkpoints[1]).note == "after pass 20, 4 cards discarded so far"


def test_id_walkthrough_marks_the_last_deal() -> None:
    solution = solve_deal("idiots-delight", 23, grade=False).to_solution()
    wt = build_walkthrough(solution, every=10)
    reasons = [r for cp in wt.checkpoints for r in cp.reasons]
    assert "the stock is used up" in reasons and "every card discarded" in reasons


def test_no_periodic_diagram_a_move_or_two_from_a_milestone() -> None:
    """The daily for 2026-11-29 drew the position after move 49 ("the stock is used up") and
    again after move 50 (periodic); a periodic one just before the end repeated it too."""
    from dealgen.publish.catalog import read_catalog

    shipped = read_catalog(Path(__file__).resolve().parents[1] / "seeds" / "idiots-delight-20.json")
    for entry in shipped.entries:
        for every in (5, 10):
            stops = [cp.after for cp in build_walkthrough(shipped.solution(entry), every=every).checkpoints]
            assert all(b - a > 2 for a, b in zip(stops, stops[1:])), (entry.deal, every, stops)


@pytest.mark.parametrize("name,deal", (("perpetual-motion", 3), ("idiots-delight", 23)))
def test_cli_render_and_walkthrough(tmp_path: Path, name: str, deal: int) -> None:
    runner = CliRunner()
    for out in ("d.png", "d.pdf"):
        result = runner.invoke(main, ["render", name, str(deal), "-o", str(tmp_path / out), "--after", "9"])
        assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["walkthrough", name, str(deal), "-o", str(tmp_path / "w.pdf"), "--every", "25"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "w.pdf").read_bytes().startswith(b"%PDF")


def test_pm_pdf_captions_tell_the_count_of_the_position_drawn(tmp_path: Path) -> None:
    """Every diagram shows the pass its caption names, and counts the cards discarded there (one
    that found no room once waited and opened the next page at a later pass)."""
    import re

    from pypdf import PdfReader

    solution = solve_deal("perpetual-motion", 4, grade=False).to_solution()
    states = replay_states(solution)
    # the diagrams show the piles just before they are gathered: the end of each pass
    ends = {states[k].pass_no: states[k].discarded for k, token in enumerate(solution.moves) if token == "g"}
    out = tmp_path / "w.pdf"
    result = CliRunner().invoke(main, ["walkthrough", "perpetual-motion", "4", "--every", "5", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(out)).pages)
    captions = re.findall(r"After pass (\d+), (no card|\d+ cards) discarded", text)
    assert len(captions) >= 5 and "at move" not in text
    for pass_no, count in captions:
        assert ends[int(pass_no)] == (0 if count == "no card" else int(count.split()[0]))
    passes = [int(p) for p, _ in captions]
    assert passes == list(range(5, 5 * len(passes) + 1, 5))  # each at its own pass: every fifth, none late


def test_the_record_notation_is_explained_for_its_rules() -> None:
    """Under the recursive rules a discard names its pile (x2): the legend and a book's how-to say so."""
    from dealgen.render.perpetual_motion import legend

    game = get_game("perpetual-motion")
    record = solve_deal("perpetual-motion", 1, rules="recursive", grade=False).to_solution().moves
    assert "x2" in record or "x1" in record  # what needs explaining
    assert "x2 discards pile 2's top four" in legend(game, game.deal(1, "recursive"))
    assert "x discards four of a rank" in legend(game, game.deal(1, "classic"))
    assert "x2 in the record" in game.how_to_play.format(rules=game.rule_prose["recursive"])
    assert "x in the record" in game.how_to_play.format(rules=game.rule_prose["classic"])


def test_a_caption_without_a_grade_says_why(tmp_path):
    from click.testing import CliRunner

    from dealgen.cli import main

    result = CliRunner().invoke(main, ["render", "idiots-delight", "1", "-o", str(tmp_path / "d.png")])
    assert result.exit_code == 0 and (tmp_path / "d.png").is_file()
    assert "note: the caption shows no grade: the solver's verdict is unsolvable" in result.stderr
    graded = CliRunner().invoke(main, ["render", "penguin", "1", "-o", str(tmp_path / "p.png")])
    assert graded.exit_code == 0 and "note" not in graded.stderr
