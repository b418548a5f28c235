"""Pack 'n' Stack problems through the publishing pipeline: catalogs, the gate, books, daily files."""

from __future__ import annotations

import datetime as dt
import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from dealgen.cli import main
from dealgen.errors import CheckFailed, InputError
from dealgen.games import get_game
from dealgen.publish.books.book import BookInfo, book_pdf
from dealgen.publish.books.layout import load_layout
from dealgen.publish.catalog import Catalog, ProblemEntry, parse_catalog, read_book_catalog, verify_catalog, write_catalog
from dealgen.solve import problem_kit
from dealgen.solve.pack_n_stack.kit import GRADE_BY_STARS
from dealgen.solve.pack_n_stack.lines import solution_lines
from dealgen.solve.pack_n_stack.players import greedy_move
from dealgen.solve.pack_n_stack.problems import stars_for
from dealgen.solve.pack_n_stack.strategy import count_nodes, parse_strategy, winner_shifts

from .conftest import DATA
from .pdfcheck import colour_operations

GAME = get_game("pack-n-stack")
TEXT = (DATA / "pns-26-strategy.txt").read_text()


def entry(strategy: list[str] | None = None, **changes) -> ProblemEntry:
    """The stored deal 26 problem as a catalog entry, its metrics worked out from its position and
    tree (taking its first move as the only winning one); ``changes`` edit fields as a hand might."""
    lines = [ln for ln in TEXT.splitlines() if not ln.startswith("#")]
    goal = next(i for i, ln in enumerate(lines) if ln.startswith("goal:"))
    tree = lines[goal + 2:] if strategy is None else strategy
    parsed = parse_strategy(TEXT)
    greedy = greedy_move(parsed.state, GAME.legal_moves(parsed.state))
    first = parsed.root.moves[0]
    fails = greedy.kind == "pack" and greedy.token != first
    metrics = {"winning_first_moves": [first], "greedy_move": greedy.token, "greedy_fails": fails,
               "packet_moves": winner_shifts(parsed.root), "proof_size": count_nodes(parsed.root)}
    stars = stars_for(1, fails, metrics["packet_moves"], parsed.n, metrics["proof_size"])
    fields = dict(deal=26, turn=41, grade=GRADE_BY_STARS[stars], stars=stars, n=parsed.n, position=tuple(lines[:goal]),
                  strategy=tuple(tree), metrics=metrics)
    return ProblemEntry(**{**fields, **changes})


def catalog(*entries: ProblemEntry) -> Catalog:
    return Catalog("pack-n-stack", "parlett", entries or (entry(),), title="Test Problems")


def broken() -> ProblemEntry:
    good = list(entry().strategy)
    cut = good.index("  red e5>b5")
    return entry(good[:cut] + good[cut + 2:])  # one of Red's replies left unanswered


def test_solution_lines_main_line_and_alternatives():
    lines, complete = solution_lines(parse_strategy(TEXT))
    assert complete and [ln.level for ln in lines] == [0, 0]
    assert lines[0].text == "1. Black d3>d4; whatever Red plays (every reply is answered alike)"
    assert lines[1].text.startswith("2-5. Black plays b4-d4, c5-d5, d5-d1 and d1-e1, one a turn")
    # a reply answered differently is listed under the turn it answers
    tree = parse_strategy(TEXT)
    tree.root.children[3].children[0].moves = ["b4-d4", "c5-d5", "d1-e1", "d5-d1"]
    lines, _ = solution_lines(tree)
    assert lines[0].text == "1. Black d3>d4; Red d2>a2 (or d2>b2, d2>c2, d2>d3, b3>b1, b3>b2, b3>a3, b3>c3, " \
                            "b3>d3, b3>e3, b3>b5, e4>e2, e4>e3, e4>c4, e5>e2, e5>e3, e5-e4, e5>a5 or e5>b5, " \
                            "answered alike)"
    assert lines[1].level == 1 and lines[1].text.startswith("If Red d2>e2 instead: 2-5. Black plays b4-d4, c5-d5, d1-e1")


def test_catalog_round_trip_and_verification(tmp_path: Path):
    cat = catalog()
    again = parse_catalog(cat.dumps(), "cat.json")
    assert again == cat and again.dumps() == cat.dumps()
    assert again.entries[0].state(GAME, "parlett").side == "black"
    verdicts = verify_catalog(again)
    assert [v.ok for v in verdicts] == [True] and "verified" in verdicts[0].line()
    path = write_catalog(cat, tmp_path / "cat.json")
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 0 and "1 of 1 problems verified" in result.output


@pytest.mark.parametrize("changes, message", [
    ({"deal": 27}, "the entry says deal 27, its position comes from deal 26"),
    ("no deal", "the entry says deal 26, its position names no deal (deal: -)"),
    ("stars", "earn"),
    ("packet_moves", "'packet_moves' is"),
    ("greedy_move", "'greedy_move' is"),
    ("winning_first_moves", "'winning_first_moves' must list the strategy's first move"),
    ("winning_first_moves+", "'winning_first_moves' lists zz, a1-a2: each must be a move allowed here, once"),
    ("proof_size", "'proof_size' is 41 moves in this strategy, not 3"),
])
def test_verify_checks_an_entrys_own_claims(tmp_path: Path, changes, message):
    """A hand-edited deal number, stars or metric fails verification (exit 1): a book
    would print them."""
    good = entry()
    if changes == "stars":
        stars = 1 if good.stars != 1 else 2
        changes = {"stars": stars, "grade": GRADE_BY_STARS[stars]}  # a grade that follows, from wrong stars
    elif changes == "no deal":
        changes = {"position": tuple("deal: -" if ln.startswith("deal:") else ln for ln in good.position)}
    elif changes == "grade":
        changes = {"grade": "easy" if good.grade != "easy" else "hard"}
    elif isinstance(changes, str):  # a metric
        metrics = dict(good.metrics)
        first = good.metrics["winning_first_moves"]
        metrics[changes.rstrip("+")] = {"packet_moves": 9, "greedy_move": "a1-a2", "winning_first_moves": ["a1-a2"],
                                        "winning_first_moves+": [*first, "zz", "a1-a2"], "proof_size": 3}[changes]
        changes = {"metrics": metrics}
    path = tmp_path / "cat.json"
    path.write_text(catalog(entry(**changes)).dumps())
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 1 and "FAILED" in result.output and message in result.output, result.output
    result = CliRunner().invoke(main, ["book", "--catalog", str(path), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 1 and not (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize("changes, message", [
    ({"grade": "easy"}, "(deal 26): grade 'easy' does not match its 6 stars, which make it expert"),
    ({"stars": 0}, "'stars' must be a whole number from 1 to 6, not 0"),
    ({"stars": 7}, "'stars' must be a whole number from 1 to 6, not 7"),
])
def test_a_grade_that_its_stars_do_not_make_is_bad_input(tmp_path: Path, changes, message):
    """As a deal's grade must match its percentile, a problem's must match its stars: refused
    when the catalog is read (exit 2), before any replay."""
    assert entry().stars == 6
    path = tmp_path / "cat.json"
    path.write_text(catalog(entry(**changes)).dumps())
    for args in (["verify", str(path)], ["book", "--catalog", str(path), "-o", str(tmp_path / "b.pdf")]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and message in result.output, result.output
    assert not (tmp_path / "b.pdf").exists()


def test_the_greedy_star_needs_a_greedy_pack_that_loses():
    from dealgen.solve.pack_n_stack.kit import check_claims

    good = entry()
    assert good.metrics["greedy_fails"] and check_claims(good, "t") is None
    wins = [*good.metrics["winning_first_moves"], good.metrics["greedy_move"]]  # the greedy pack wins too
    why = check_claims(entry(metrics={**good.metrics, "winning_first_moves": wins}), "t")
    assert "'greedy_fails' is false here: true exactly when the greedy move is a pack that is not" in why


def test_the_gate_refuses_a_broken_strategy(tmp_path: Path):
    with pytest.raises(CheckFailed, match="reply e5>b5 is not answered"):
        write_catalog(catalog(entry(), broken()), tmp_path / "cat.json")
    assert list(tmp_path.iterdir()) == []  # nothing written
    with pytest.raises(CheckFailed):
        book_pdf(catalog(broken()), load_layout("6x9"), BookInfo("x"))
    hand_edited = tmp_path / "edited.json"
    hand_edited.write_text(catalog(broken()).dumps())
    result = CliRunner().invoke(main, ["verify", str(hand_edited)])
    assert result.exit_code == 1 and "FAILED" in result.output and "0 of 1 problems verified, 1 FAILED" in result.output
    # the failure names the line of the entry's own 'strategy' list, not of a file the reader never saw
    assert "pack-n-stack deal 26 turn 41, strategy line 1: FAILED: after Black's d3>d4, Red's reply e5>b5 is not answered" in result.output


def test_catalog_errors_name_the_entrys_strategy_line():
    good = list(entry().strategy)
    verdict = entry(good + ["    red zz"]).verify(catalog())
    assert not verdict.ok and f"deal 26 turn 41, strategy line {len(good) + 1}: 'zz' is not" in verdict.line()
    # a line named inside the message is the entry's strategy line too
    verdict = entry(good + ["black a1-a2"]).verify(catalog())
    assert f"strategy line {len(good) + 1}: the tree has one first move of black, on strategy line 1;" in verdict.line()
    # --json gives a problem's verdict as for a strategy file, lines counted in the entry's strategy
    data = broken().verify(catalog()).to_json()
    assert data["ok"] is False and isinstance(data["verdict"], str)
    assert (data["game"], data["deal"], data["turn"], data["goal"]) == ("pack-n-stack", 26, 41, {"winner": "black", "n": 5})
    assert data["errors"][0]["strategy_line"] == 1 and "reply e5>b5 is not answered" in data["errors"][0]["reason"]
    assert entry().verify(catalog()).to_json()["longest_branch"] == 5


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.pop("strategy"), "deals entry 1 (deal 26): missing field 'strategy'"),
    (lambda d: d.update(n="five"), "deals entry 1 (deal 26): 'n' must be a whole number"),
    (lambda d: d.update(n=0), "deals entry 1 (deal 26): 'n' must be a whole number from 1 to 99, not 0"),
    (lambda d: d.update(turn=5000), "deals entry 1 (deal 26): 'turn' must be a whole number from 0 to 1028, not 5000"),
    (lambda d: d.update(turn=3), "deals entry 1 (deal 26): turn 3 is too early: 27 cards have left the stock"),
    (lambda d: d.update(n=10**30), "deals entry 1 (deal 26): 'n' must be a whole number from 1 to 99"),
    (lambda d: d.update(position=d["position"][:-1]), "deals entry 1 (deal 26) position: missing line(s): row 5"),
    (lambda d: d["position"].__setitem__(3, "to move: blue"), "deals entry 1 (deal 26) position, line 4: to move must be red or black"),
    (lambda d: d.update(strategy=[]), "deals entry 1 (deal 26): 'strategy' must be a non-empty list"),
    (lambda d: d["strategy"].__setitem__(1, "  blue a1-a2"), "deals entry 1 (deal 26), strategy line 2: a tree line reads"),
    (lambda d: d["metrics"].update(packet_moves="1"),
     "deals entry 1 (deal 26): metric 'packet_moves' must be a whole number, 0 or more, not \"1\""),
    (lambda d: d["metrics"].update(greedy_fails=0), "deals entry 1 (deal 26): metric 'greedy_fails' must be true or false, not 0"),
    (lambda d: d["metrics"].update(packet_movs=d["metrics"].pop("packet_moves")),
     "deals entry 1 (deal 26) metrics: unknown field 'packet_movs' (the fields known here: winning_first_moves, "),
    (lambda d: d["metrics"].pop("proof_size"), "deals entry 1 (deal 26): missing metric 'proof_size'"),
    (lambda d: d["metrics"].update(winning_first_moves="d3>d4"),
     "deals entry 1 (deal 26): metric 'winning_first_moves' must be a list of moves, not \"d3>d4\""),
])
def test_bad_problem_entries_are_input_errors(tmp_path: Path, edit, message):
    data = json.loads(catalog().dumps())
    edit(data["deals"][0])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match=re.escape(message)):
        parse_catalog(path.read_text(), str(path))
    result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2 and str(path) in result.output and message in result.output


def test_a_problem_given_twice_under_another_turn_is_refused(tmp_path: Path):
    data = json.loads(catalog().dumps())
    data["deals"].append(dict(data["deals"][0], turn=data["deals"][0]["turn"] + 2))
    with pytest.raises(InputError, match=re.escape("deals entry 2 (deal 26): the same puzzle as deals entry 1 (deal 26")):
        parse_catalog(json.dumps(data), "cat.json")


def test_a_small_book_end_to_end(tmp_path: Path):
    cat = catalog()
    path = tmp_path / "cat.json"
    write_catalog(cat, path)
    out = tmp_path / "book.pdf"
    title = "Twelve Winning Positions at Pack 'n' Stack for Two Players"
    result = CliRunner().invoke(main, ["book", "--catalog", str(path), "-o", str(out), "--title", title])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    pages = [p.extract_text() for p in reader.pages]
    # the title wraps, but never inside the game's name
    assert any("Pack \u2019n\u2019 Stack" in line for line in pages[0].splitlines())
    puzzle = next(i for i, t in enumerate(pages) if "Puzzle 1" in t and "From deal #26, after 41 turns" in t)
    assert "Black to play and win in 5" in pages[puzzle] and "11 cards" in pages[puzzle]
    back = "".join(pages[puzzle + 1:])
    assert f"Puzzle 1: Black to play and win in 5, {entry().grade}" in back
    assert "1. Black d3>d4; Red\u2019s reply does not matter" in back  # the book's words (publish/books/problems.py)
    assert "2-5. Black races: b4-d4, c5-d5, d5-d1, d1-e1, one a turn, and wins." in back
    assert colour_operations(reader) == []  # the 6x9 preset is mono
    assert read_book_catalog(out) == replace(cat, title=title)  # the title given travels with the catalog
    verified = CliRunner().invoke(main, ["verify", str(out)])
    assert verified.exit_code == 0 and "1 of 1 problems verified" in verified.output
    piped = CliRunner().invoke(main, ["verify", "-"], input=out.read_bytes())  # a book on standard input
    assert piped.exit_code == 0 and "1 of 1 problems verified" in piped.output


def test_daily_files_of_a_problem(tmp_path: Path):
    from dealgen.publish.kit.dayfiles import day_files
    from dealgen.publish.kit.days import Day
    from dealgen.publish.kit.theme import DEFAULT

    files = day_files(Day(dt.date(2026, 11, 23), GAME, "parlett", entry().grade, entry=entry()), DEFAULT)
    stem = "pack-n-stack-2026-11-23"
    assert sorted(files) == sorted(f"{stem}{s}" for s in (
        "-square.png", "-wide.png", "-answer.png", "-solution.pdf", "-solution.png", "-strategy.txt", ".json",
        "-square.alt.txt", "-wide.alt.txt", "-answer.alt.txt", "-solution.alt.txt", "-caption.txt",
        "-answer-caption.txt"))
    assert "Black wins in 5 turns" in files[f"{stem}-answer.alt.txt"].decode()
    strategy = tmp_path / f"{stem}-strategy.txt"  # the whole strategy, which anyone can verify
    strategy.write_bytes(files[f"{stem}-strategy.txt"])
    verified = CliRunner().invoke(main, ["verify", str(strategy)])
    assert verified.exit_code == 0 and "verified" in verified.output
    assert Image.open(io.BytesIO(files[f"{stem}-square.png"])).size == (1080, 1080)
    assert Image.open(io.BytesIO(files[f"{stem}-wide.png"])).size == (1200, 630)
    text = PdfReader(io.BytesIO(files[f"{stem}-solution.pdf"])).pages[0].extract_text()
    assert "Black\nto play and win in 5" in text and "1. Black d3>d4" in text  # the title wraps
    record = json.loads(files[f"{stem}.json"])
    assert record["deal"] == 26 and record["n"] == 5 and record["question"] == "Black to play and win in 5"
    day = tmp_path / f"{stem}.json"
    day.write_bytes(files[f"{stem}.json"])
    verified = CliRunner().invoke(main, ["verify", str(day)])
    assert verified.exit_code == 0 and "1 of 1 problems verified" in verified.output, verified.output
    wrong = dict(record, question="Black to play and win in 4")
    day.write_text(json.dumps(wrong))
    result = CliRunner().invoke(main, ["verify", str(day)])
    assert result.exit_code == 2 and "'question' must be the strategy's, \"Black to play and win in 5\"" in result.output
    cut = dict(record, strategy=[line for line in record["strategy"] if line != "  red e5>b5"])
    assert len(cut["strategy"]) < len(record["strategy"])
    day.write_text(json.dumps(cut))
    result = CliRunner().invoke(main, ["verify", str(day)])
    assert result.exit_code == 1 and "not answered" in result.output, result.output


def test_generate_finds_a_problem_and_refuses_solver_options(tmp_path: Path):
    out = tmp_path / "p.json"
    result = CliRunner().invoke(main, ["generate", "pack-n-stack", "--count", "1", "--start", "26", "--jobs", "1",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    cat = parse_catalog(out.read_text())
    assert cat.entries[0].deal == 26 and all(v.ok for v in verify_catalog(cat))
    bad = CliRunner().invoke(main, ["generate", "pack-n-stack", "--max-states", "10", "-o", str(tmp_path / "q.json")])
    assert bad.exit_code == 2 and "--max-states" in bad.output
    bad = CliRunner().invoke(main, ["generate", "pack-n-stack", "--mix", "easy:x", "-o", str(tmp_path / "q.json")])
    assert bad.exit_code == 2 and "easy:x" in bad.output
    assert not (tmp_path / "q.json").exists()


def _main_line(lines) -> list[tuple[list[str], list[str] | None]]:
    """The printed main line as a reader takes it: per turn the winner's moves (a race lists
    several) and the replies printed as answered alike with the main reply first (None:
    any reply at all)."""
    turns = []
    for line in (ln.text for ln in lines if ln.level == 0):
        race = re.match(r"^[\d-]+\. \w+ plays (.*), one a turn, whatever", line)
        if race:
            turns += [([m], None) for m in race[1].replace(" and ", ", ").split(", ")]
            continue
        m = re.match(r"^\d+\. \w+ (\S+?)(?: and wins\.|; whatever \w+ plays .*|"
                     r"; \w+ (\S+)(?: \((?:forced|or (.*), answered alike)\))?)?$", line)
        assert m, line
        replies = None if "whatever" in line else [m[2], *(m[3] or "").replace(" or ", ", ").split(", ")] if m[2] else []
        turns.append(([m[1]], [r for r in replies if r] if replies is not None else None))
    return turns


@pytest.mark.parametrize("max_lines", [40, 12])
def test_every_reply_printed_as_answered_alike_really_is(max_lines: int):
    """A reader who meets a reply listed "answered alike" beside the main line goes on with the
    main line's moves: replayed through the engine, they must be legal and win."""
    cat = parse_catalog((Path(__file__).resolve().parents[1] / "seeds" / "pack-n-stack-12.json").read_text(), "pns")
    for e in cat.entries:
        tree = parse_strategy(e.strategy_text(GAME))
        turns = _main_line(solution_lines(tree, max_lines)[0])
        def main_reply(state, replies):
            return GAME.parse_move(replies[0]) if replies else GAME.legal_moves(state)[0]

        start = tree.state  # before the winner's move at turn k, on the main line
        for k, (moves, replies) in enumerate(turns):
            start = GAME.play(start, GAME.parse_move(moves[0]))
            if GAME.outcome(start).over:
                break
            options = [GAME.parse_move(r) for r in replies] if replies else GAME.legal_moves(start)
            for reply in options:
                state = GAME.play(start, reply)  # IllegalMove fails the test
                for later, later_replies in turns[k + 1:]:
                    state = GAME.play(state, GAME.parse_move(later[0]))
                    if GAME.outcome(state).over:
                        break
                    state = GAME.play(state, main_reply(state, later_replies))
                assert GAME.outcome(state).winner == tree.winner, (e.deal, k, reply.token)
            start = GAME.play(start, main_reply(start, replies))


def test_a_solution_cut_short_names_the_strategy_file():
    from dealgen.render.pdf import problem_pdf_bytes
    from dealgen.render.problem import deeper

    state = entry().state(GAME, GAME.default_rules)
    question, lines, _ = problem_kit(GAME).solution(entry().strategy_text(GAME), "pns-26")
    more = deeper("pack-n-stack-2026-11-23-strategy.txt")
    text = PdfReader(io.BytesIO(problem_pdf_bytes(GAME, state, question, lines[:2], more))).pages[0].extract_text()
    assert "pack-n-stack-2026-11-23-strategy.txt" in " ".join(text.split())
