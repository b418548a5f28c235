"""Compact answer keys (publish/books/answers.py): what each game's answer shows, and the books they make."""

from __future__ import annotations

import io
import re
from dataclasses import replace
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


def _answer_pages(pdf: bytes) -> list[str]:
    """The text of the solutions' pages, in order."""
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    first = next(i for i, text in enumerate(pages) if text.startswith("Solutions\n"))
    return pages[first:]


def test_hard_answers_share_pages_each_diagram_with_its_first_moves() -> None:
    """A hard or expert answer once took a page to itself, 30-50 % blank, and a diagram could
    end a page with its moves overleaf: now two answers share a page, and the page of each
    answer's diagram holds its first row of moves."""
    cat = read_catalog(SEEDS / "penguin-40.json")
    pdf = book_pdf(cat, load_layout("6x9"), BookInfo("Penguin Puzzles"))
    assert len(PdfReader(io.BytesIO(pdf)).pages) <= 62  # 68 when hard answers took a page each
    pages = _answer_pages(pdf)
    hard = [n for n, e in enumerate(cat.entries, 1) if e.grade in ("hard", "expert")]
    starts = {n: i for i, text in enumerate(pages) for n in map(int, re.findall(r"Puzzle (\d+): game #", text))}
    per_page = [sum(starts[n] == i for n in hard) for i in range(len(pages))]
    assert max(per_page) >= 2 and sum(count == 1 for count in per_page) <= 2  # paired, but for an odd one
    for n in hard:
        text = pages[starts[n]]
        head = text.index(f"Puzzle {n}: game #")
        assert "Checkpoint after move" in text[head:], n
        assert re.search(r"^1\.\n", text[head:], re.M), n  # its first row of moves on the diagram's page


def test_large_print_answer_diagrams_have_large_indices() -> None:
    """Large print sets the text at 16 pt: its answers' diagrams print card indices as large,
    not at about 12 pt."""
    from dealgen.publish.books.answers import answer_index

    assert answer_index(16) == 16 and answer_index(9.5) < 9.5
    cat = read_catalog(SEEDS / "penguin-40.json")
    hard = tuple(e for e in cat.entries if e.grade == "expert")[:2]
    pdf = book_pdf(replace(cat, entries=hard), load_layout("large-print"), BookInfo("P"))
    sizes: set[float] = set()
    pages = PdfReader(io.BytesIO(pdf)).pages
    first = next(i for i, page in enumerate(pages) if page.extract_text().startswith("Solutions\n"))

    def visit(text, cm, tm, font, size):
        if text.strip() in {"A", "J", "Q", "K"}:  # (digits also number columns, moves and pages)
            sizes.add(round(size * (tm[3] if tm[3] else 1) * (cm[3] if cm[3] else 1), 1))

    for page in pages[first:]:
        page.extract_text(visitor_text=visit)
    assert sizes and min(sizes) >= 15.5, sorted(sizes)


def test_perpetual_motion_book_says_only_what_it_prints() -> None:
    """The key book once explained a d/41/x/g record it never prints, and said unlisted passes
    discard nothing while its last row could show Gone 0; a summary said "Passes 187-191" of a
    game whose pass 191 is never played."""
    from dealgen.render.perpetual_motion import record_summary

    cat = read_catalog(SEEDS / "perpetual-motion-20.json")
    game = get_game("perpetual-motion")
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(book_pdf(cat, load_layout("6x9"),
                                                                     BookInfo("P")))).pages]
    text = " ".join(" ".join(pages).split())
    assert "d deals a row" not in text and "Reading the record" not in text
    assert "the last row is the last pass played" in text
    looping = [e for e in cat.entries if e.outcome != "won"]
    assert looping
    for entry in looping:
        solution = cat.solution(entry)
        states = replay_states(solution)
        moves = [game.parse_move(t) for t in solution.moves]
        played = entry.metrics["passes"] - 1  # the pass the gathering would start repeats: never played
        last = record_summary(game, states, moves)[-1]
        assert re.search(rf"\b{played}: ", last) and str(played + 1) not in last, last
