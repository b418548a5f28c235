"""Compact answer keys (publish/books/answers.py): what each game's answer shows, and the books they make."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from dealgen.games import get_game
from dealgen.publish.books.answers import FINISH_LEAST, key_parts
from dealgen.publish.books.book import BookInfo, book_pdf
from dealgen.publish.books.layout import load_layout
from dealgen.publish.catalog import read_catalog
from dealgen.verify import replay_states

SEEDS = Path(__file__).resolve().parents[1] / "seeds"


def test_penguin_answer_collapses_the_forced_finish_and_pictures_a_milestone() -> None:
    cat = read_catalog(SEEDS / "penguin-40.json")
    game = get_game("penguin")
    for entry in cat.entries[:12]:
        solution = cat.solution(entry)
        parts = key_parts(game, solution)
        shown, rest = len(parts.tokens), solution.moves[len(parts.tokens):]
        assert parts.tokens == solution.moves[:shown]  # the moves as played, none left out before the finish
        if parts.finish:
            assert len(rest) >= FINISH_LEAST and all(token.endswith("h") for token in rest)
            assert parts.finish == f"then all {len(rest)} cards go home."
            assert not solution.moves[shown - 1].endswith("h")  # the finish is the whole run of home moves
        else:
            assert not rest
        if parts.checkpoint is not None:  # the board at the move the caption names
            states = replay_states(solution)
            assert parts.checkpoint.state == states[parts.checkpoint.after]
            assert 0 < parts.checkpoint.after < shown and any(parts.checkpoint.reasons)
    assert key_parts(game, cat.solution(cat.entries[0]), diagram=False).checkpoint is None


def test_idiots_delight_answer_names_every_choice() -> None:
    cat = read_catalog(SEEDS / "idiots-delight-20.json")
    game = get_game("idiots-delight")
    entry = cat.entries[0]
    solution = cat.solution(entry)
    parts = key_parts(game, solution)
    states = replay_states(solution)
    forks = [k + 1 for k, state in enumerate(states[:-1]) if len(game.legal_moves(state)) > 1]
    assert [number for number, _, _ in parts.choices] == forks and forks
    assert all(count > 1 for _, _, count in parts.choices)
    number, words, _ = parts.choices[0]
    assert words == game.describe_move(states[number - 1], game.parse_move(solution.moves[number - 1]))


def test_perpetual_motion_answer_is_a_short_pass_table() -> None:
    cat = read_catalog(SEEDS / "perpetual-motion-20.json")
    game = get_game("perpetual-motion")
    for entry in cat.entries[:6]:
        parts = key_parts(game, cat.solution(entry))
        assert parts.answer == game.answer(replay_states(cat.solution(entry))[-1])
        passes = [p for p, _, _ in parts.passes]
        assert passes == sorted(set(passes)) and passes[-1] == entry.metrics["passes"] - (entry.outcome != "won")
        assert sum(gone for _, _, gone in parts.passes) == entry.metrics["discarded"]
        assert all(gone for _, _, gone in parts.passes[:-1])  # only passes that discard, and the last
        if entry.outcome == "won":
            assert parts.passes[-1][1] == 0


def test_default_book_is_short_and_even() -> None:
    """The default 6 x 9 in book of 40 puzzles: at most 110 pages (the walkthroughs took 250)."""
    cat = read_catalog(SEEDS / "penguin-40.json")
    reader = PdfReader(io.BytesIO(book_pdf(cat, load_layout("6x9"), BookInfo("Penguin Puzzles"))))
    assert len(reader.pages) <= 110 and len(reader.pages) % 2 == 0
    back = []  # the pages from the end back to the solutions' first (the puzzle pages need no reading)
    for page in reversed(reader.pages):
        back.append(page.extract_text())
        if back[-1].startswith("Solutions\n"):
            break
    assert back[-1].startswith("Solutions\n")
    starts = sum(t.count(": game #") for t in back)
    assert starts == 40 and len(back) <= 25  # several answers a page


def test_pack_n_stack_solutions_read_and_fit_a_page() -> None:
    """Replies answered alike are folded into "any other reply", and every problem's solution,
    diagram included, fits one 6 x 9 in page (one once ran to 2.5 pages)."""
    from dealgen.publish.books.book import _Book
    from dealgen.publish.books.problems import problem_answer

    cat = read_catalog(SEEDS / "pack-n-stack-12.json")
    game = get_game("pack-n-stack")
    layout = load_layout("6x9")
    book = _Book(cat, layout, BookInfo("P"))
    frame_w, frame_h = layout.width - layout.inside - layout.outside, layout.height - layout.top - layout.bottom
    folded = 0
    for number, entry in enumerate(cat.entries, 1):
        answer = problem_answer(game, entry)
        assert answer.question.endswith(f"to play and win in {entry.n}")
        for line in answer.lines:
            listed = line.text.split(":")[0]
            assert listed.count(",") < 8, line.text  # no wall of comma-separated replies
        folded += sum(line.text.startswith("Any other reply: ") for line in answer.lines)
        if answer.state is not None:  # the board after the main line's first turn
            assert answer.after.startswith("After 1. ")
        height = sum(f.wrap(frame_w, frame_h)[1] + f.getSpaceBefore() + f.getSpaceAfter()
                     for f in book._problem_solution(number, entry, cat))
        assert height <= frame_h, (number, height, frame_h)
    assert folded >= 3
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(book_pdf(cat, layout, BookInfo("P")))).pages)
    assert "Any other reply: " in text and "dealgen verify" not in text and "moves)" not in text
