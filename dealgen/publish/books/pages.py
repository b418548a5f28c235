"""A book's printed pages read back and held to the catalog it carries.

``dealgen verify BOOK.pdf`` replays the embedded catalog; this module checks that the pages
print that catalog: each puzzle's printed deal number (and, for a problem, the turn it comes
from) is its entry's, and the cards its diagram prints are the entry's position, in order.
A book whose embedded catalog was swapped for another then fails, even where every solution
of the other catalog replays.

The diagram is compared by the card ranks its text prints, in drawing order, against the
same entry's diagram drawn on its own and read back the same way (pypdf's text extraction).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import lru_cache

from ...games import get_game
from ...render.pdf import pdf_bytes
from ...render.registry import DiagramOptions, position_scene
from ..catalog import Catalog
from ..pdfinput import content_budget, open_pdf, page_text, pdf_errors

RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
HEAD = re.compile(r"^Puzzle (\d+)$")


@dataclass(frozen=True)
class PrintedPuzzle:
    number: int
    page: int
    deal: int | None
    turn: int | None
    ranks: tuple[str, ...]


def pages_text(pdf: bytes, source: str) -> list[str]:
    """Each page's text, read as untrusted input (``pdfinput``: the work in proportion to the file)."""
    budget = [content_budget(pdf)]
    with pdf_errors(source):
        return [page_text(page, budget, source, number) for number, page in enumerate(open_pdf(pdf, source).pages, 1)]


def printed_puzzles(pdf: bytes, source: str = "the book") -> dict[int, PrintedPuzzle]:
    """Every puzzle cell of the book's puzzle pages: its number, page, printed deal (and turn)
    and the card ranks its diagram prints."""
    found: dict[int, PrintedPuzzle] = {}
    for page, text in enumerate(pages_text(pdf, source), 1):
        lines = [line.strip() for line in text.splitlines()]
        tail = [i for i, line in enumerate(lines[-3:], len(lines) - 3) if line == str(page)]
        if tail:  # the running foot's page number, drawn last: not a card of the last cell
            del lines[tail[-1]]
        starts = [i for i, line in enumerate(lines) if HEAD.match(line)]
        for k, start in enumerate(starts):
            cell = lines[start:starts[k + 1] if k + 1 < len(starts) else len(lines)]
            joined = "\n".join(cell[:6])
            problem = re.search(r"From deal #(\d+), after (\d+) turns", joined)
            deal = re.search(r"game #(\d+)", joined)
            if problem is None and deal is None:
                continue  # not a puzzle cell (a solution's heading reads "Puzzle N: ...")
            number = int(HEAD.match(cell[0])[1])
            end = next((i for i, line in enumerate(cell) if line == "Notes"), len(cell))
            ranks = tuple(line for line in cell[1:end] if line in RANKS)
            found.setdefault(number, PrintedPuzzle(number, page, int((problem or deal)[1]),
                                                   int(problem[2]) if problem else None, ranks))
    return found


@lru_cache(maxsize=256)
def _expected_ranks(game_name: str, state_text: str, rules: str) -> tuple[str, ...]:
    game = get_game(game_name)
    state = game.from_text(state_text)
    scene = position_scene(game, state, DiagramOptions(caption=False))
    from pypdf import PdfReader

    text = PdfReader(io.BytesIO(pdf_bytes(scene))).pages[0].extract_text() or ""
    return tuple(line.strip() for line in text.splitlines() if line.strip() in RANKS)


def page_mismatches(pdf: bytes, catalogs: Catalog | list[Catalog], source: str) -> list[str]:
    """Where the printed pages disagree with the book's catalog (a compendium's catalogs, their
    puzzles numbered through): one line each, naming page and puzzle."""
    catalogs = [catalogs] if isinstance(catalogs, Catalog) else catalogs
    printed = printed_puzzles(pdf, source)
    problems: list[str] = []
    numbered = [(catalog, entry) for catalog in catalogs for entry in catalog.entries]
    for number, (catalog, entry) in enumerate(numbered, 1):
        game = get_game(catalog.game)
        seen = printed.get(number)
        if seen is None:
            problems.append(f"{source}: puzzle {number} (deal {entry.deal}) is not printed on any page")
            continue
        where = f"{source}: page {seen.page}: puzzle {number}"
        if seen.deal != entry.deal:
            problems.append(f"{where} is printed as deal #{seen.deal}, but the embedded catalog's entry {number} "
                            f"is deal {entry.deal}")
            continue
        turn = getattr(entry, "turn", None)
        if turn is not None and seen.turn != turn:
            problems.append(f"{where} is printed as after {seen.turn} turns, but the embedded catalog's entry "
                            f"{number} is after {turn} turns")
            continue
        state = entry.state(game, catalog.rules)
        expected = _expected_ranks(game.name, game.to_text(state), catalog.rules)
        if seen.ranks != expected:
            first = next((i for i, (a, b) in enumerate(zip(seen.ranks, expected)) if a != b),
                         min(len(seen.ranks), len(expected)))
            problems.append(f"{where}: its diagram prints other cards than the embedded catalog's position "
                            f"(the {first + 1}{_nth(first + 1)} card index printed differs)")
    extra = sorted(set(printed) - set(range(1, len(numbered) + 1)))
    if extra:
        problems.append(f"{source}: page {printed[extra[0]].page} prints puzzle {extra[0]}, but the embedded catalog "
                        f"has {len(numbered)} entries")
    return problems


def _nth(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
