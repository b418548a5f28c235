"""What ``dealgen generate`` and ``dealgen book`` make: a seed catalog from a fresh graded
selection, and a book from a fresh selection or a catalog. Every option is checked before any
deal is solved; nothing is written unless every solution replays through the engine, and a
default folder is made only once its file is ready.

Each returns the line the command prints; progress goes to ``line`` (an object with
``show(text)`` and ``end()``, or None) and the selection's report to ``note``.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

from ...deals import MAX_DEAL
from ...errors import CheckFailed, InputError
from ...fileio import check_writable, is_pdf, made_folder, planned_folder, write_all, write_atomic
from ...games import get_game
from ...grade import GRADES
from ...solve import problem_kit
from ...specs import BookSpec, Selection
from .. import OUTPUT
from ..catalog import (
    Catalog,
    read_book_catalogs,
    read_catalog,
    read_matching_catalog,
    require_verified,
    write_catalog,
)
from ..generate import SEEDED_MAX, even_mix, parse_mix, select_graded
from ..generate import Selection as GradedSelection
from .book import BookInfo, check_printable, check_puzzle_heads, check_title_page, typeset
from .bookinfo import load_people
from .layout import load_layout
from .printspec import PAGES_LEAST, check_isbn

PROBLEM_COUNT = 16  # default puzzles for a game of problems: a 6 x 9 in book of 24 pages or more, in about a minute


def _quiet(text: str) -> None:
    pass


def fresh_selection(chosen: Selection, title: str, jobs: Any, line: Any = None,
                    note: Callable[[str], None] = _quiet) -> GradedSelection:
    """A fresh graded selection of what ``chosen`` asks; ``jobs``: processes (0: one a core) or
    a Dask cluster; ``line`` shows progress (``show(text)``, ``end()``) and ``note`` takes the
    report (what was tried and kept, and how long it took)."""
    game = get_game(chosen.game_name)
    rules = game.check_rules(chosen.rules)
    count, mix, start, seed = chosen.count, chosen.mix_text, chosen.start, chosen.seed
    max_tries, max_states = chosen.tries, chosen.max_states
    problems = problem_kit(game) is not None
    if problems and max_states is not None:
        raise InputError(f"--max-states budgets the solitaire solver; {game.name} problems are found by a proof "
                         f"search with its own node budget")
    default = PROBLEM_COUNT if problems else 40
    if mix is not None:
        wanted = parse_mix(mix, GRADES)
    elif problems:  # problems come in whatever grades the deals give, unless --mix asks
        wanted = {"any": default if count is None else count}
        if wanted["any"] < 1:
            raise InputError(f"--count must be at least 1, got {wanted['any']}")
    else:
        wanted = even_mix(default if count is None else count, GRADES)
    if mix and count is not None and count != sum(wanted.values()):
        raise InputError(f"--count {count} disagrees with --mix, which asks for {sum(wanted.values())}")
    if 1 <= max_tries < sum(wanted.values()):  # (below 1 is refused with the other selection checks)
        raise InputError(f"{sum(wanted.values())} puzzles need at least as many deals, one a deal, but --max-tries "
                         f"is {max_tries}; raise it")
    began = time.monotonic()
    try:
        def progress(tried: int, kept: dict[str, int]) -> None:
            bands = " ".join(f"{g} {kept[g]}/{n}" for g, n in wanted.items())
            if line is not None:
                line.show(f"tried {tried}, kept {bands} ({tried / max(time.monotonic() - began, 1e-9):.1f} deals/s)")

        if problems:
            from ..problemset import select_problems

            selection = select_problems(game, rules, None if "any" in wanted else wanted, sum(wanted.values()),
                                        start, seed, max_tries, jobs, title, progress)
        else:
            selection = select_graded(game.name, rules, wanted, start, seed, max_tries, jobs, max_states, title,
                                      progress)
    finally:  # ended however the work ends, so an error starts its own line
        if line is not None:
            line.end()
    note(f"{selection.report()} in {time.monotonic() - began:.1f} s")
    return selection


def make_catalog(chosen: Selection, title: str | None, output: str | None, jobs: Any, line: Any = None,
                 note: Callable[[str], None] = _quiet) -> str:
    """A seed catalog of a fresh selection, written to ``output`` (default output/GAME-COUNT.json)."""
    chosen_game = get_game(chosen.game_name)
    name = chosen_game.name
    rules, count, mix = chosen.rules, chosen.count, chosen.mix_text
    if output is not None and not check_writable(output).name.lower().endswith(".json"):  # a folder: named as such
        raise InputError(f"{output}: a catalog is JSON; give a file name ending in .json")
    default = PROBLEM_COUNT if problem_kit(chosen_game) is not None else 40
    total = sum(parse_mix(mix, GRADES).values()) if mix else count or default
    # named by what it holds: --mix easy:2 is not a 40
    target = target_file(output, f"{chosen_game.file_stem(chosen_game.check_rules(rules))}-{total}.json")
    selection = fresh_selection(chosen, title or f"{chosen_game.title} Puzzles", jobs, line, note)
    with made_folder(target.parent):  # only now, and gone again if the writing fails
        write_catalog(selection.catalog, target)
    count_kept = len(selection.catalog.entries)
    what = "problem" if problem_kit(get_game(name)) is not None else "deal"
    return f"wrote {target} ({count_kept} {what}{'' if count_kept == 1 else 's'}, every solution verified)"


def make_book(book: BookSpec, output: str | None, save_catalog: str | None = None, jobs: Any = 0,
              line: Any = None, note: Callable[[str], None] = _quiet) -> str:
    """The book ``book`` describes (PDF), written to ``output`` (default output/GAME-book-LAYOUT.pdf),
    its catalog also to ``save_catalog`` when given. From a catalog, a choice of deals (count, mix,
    start, seed, max_tries, max_states) is refused, and the game is checked only when given.
    Several catalogs (or a compendium's PDF) make a compendium (``make_compendium``). ``jobs``,
    ``line`` and ``note``: as ``fresh_selection``'s."""
    if book.info is not None:  # the author and publisher of a TOML file; the book's own win
        people = load_people(book.info)
        book = replace(book, author=book.author if book.author is not None else people.author,
                       publisher=book.publisher if book.publisher is not None else people.publisher)
    names = book.catalogs
    for name in names:
        if not name.strip():
            raise InputError("--catalog: an empty name: give a file")
    parts = _book_parts(names)
    if len(parts) > 1:  # several catalogs, or a compendium's PDF: one part each
        return make_compendium(parts, book, save_catalog, output, note)
    catalog = names[0] if names else None
    game, rules, count, mix, start, seed = book.game_name, book.rules, book.count, book.mix_text, book.start, book.seed
    max_tries = book.tries
    title, subtitle, author, isbn, edition, year = book.title, book.subtitle, book.author, book.isbn, book.edition, book.year
    every, solutions, publisher = book.every, book.solutions, book.publisher
    layout = load_layout(book.layout)
    for text, option in ((title, "--title"), (subtitle, "--subtitle"), (author, "--author"), (edition, "--edition"),
                         (publisher, "--publisher")):
        check_printable(text or "", option)  # before any deal is solved
    if isbn is not None:
        check_isbn(isbn)
    check_title_page(BookInfo(title or "", subtitle or "", author or ""), layout)
    if every < 0:
        raise InputError(f"--every must be 0 (milestones only) or a positive number of moves, not {every}")
    if catalog is not None:
        chosen = [name for name, value in (("--count", count), ("--mix", mix), ("--start", start), ("--seed", seed))
                  if value is not None]
        # (--jobs is let through: it says how to work, not what to make, and scripts pass it always)
        chosen += [f"--{name.replace('_', '-')}" for name in ("max_tries", "max_states") if getattr(book, name) is not None]
        if chosen:
            raise InputError(f"{', '.join(chosen)} {'are' if len(chosen) > 1 else 'is'} for choosing a fresh selection "
                             f"of deals; with --catalog the deals are the catalog's")
        cat = read_matching_catalog(catalog, book.game, rules)
        for text, field_name, option in ((cat.title, "title", title), (cat.subtitle, "subtitle", subtitle),
                                         (cat.author, "author", author), (cat.edition, "edition", edition),
                                         (cat.publisher, "publisher", publisher)):
            if option is None:  # the catalog's own, printed unless an option replaces it
                check_printable(text, f"{catalog}: its {field_name}")
    if output is not None and not output.lower().endswith(".pdf"):
        raise InputError(f"{output}: a book is a PDF; give a file name ending in .pdf")
    game_name = cat.game if catalog is not None else get_game(game).name
    book_rules = cat.rules if catalog is not None else get_game(game_name).check_rules(rules)
    target = target_file(output, f"{get_game(game_name).file_stem(book_rules)}-book-{layout.name}.pdf")
    if save_catalog:
        if not check_writable(save_catalog).name.lower().endswith(".json"):  # (so never the book, a .pdf)
            raise InputError(f"{save_catalog}: a catalog is JSON; give --save-catalog a file name ending in .json")
    if catalog is None:  # type too big for a four-up cell is found before the deals are chosen
        chosen_game = get_game(game_name)
        widest = SEEDED_MAX - 1 if seed is not None else (start or 1) + max(max_tries, 1) - 1
        check_puzzle_heads(chosen_game, rules or chosen_game.default_rules, count or 99, min(widest, MAX_DEAL), layout)
        cat = fresh_selection(book, title or f"{get_game(game_name).title} Puzzles", jobs, line, note).catalog
    # what the options set travels with the catalog (saved, and embedded in the PDF), so the
    # book laid out again from either keeps its title page
    given = {key: value for key, value in (("title", title), ("subtitle", subtitle), ("author", author),
                                           ("isbn", isbn), ("edition", edition), ("year", year),
                                           ("publisher", publisher))
             if value is not None}
    cat = replace(cat, **given)
    try:
        require_verified(cat)  # the verification gate, once, before anything is written
    except CheckFailed as err:
        if catalog is None:
            raise
        raise CheckFailed(f"{catalog}: {err}") from None  # a solution in the catalog's file fails
    grades = [g for g in GRADES if any(e.grade == g for e in cat.entries)]
    info = BookInfo(
        title=title or cat.title or f"{get_game(game_name).title} Puzzles",
        subtitle=subtitle if subtitle is not None else (cat.subtitle or _default_subtitle(
            len(cat.entries), grades, cat.entries[0].kind == "problem")),
        author=author if author is not None else cat.author,
        isbn=check_isbn(cat.isbn, f"{catalog}: its isbn") if cat.isbn and isbn is None else cat.isbn,
        edition=cat.edition,
        year=cat.year,
        every=every,
        solutions=solutions,
        publisher=cat.publisher,
    )
    began = time.monotonic()
    pdf = typeset(cat, layout, info)
    files: dict[Path, bytes | str] = {target: pdf}
    if save_catalog:  # (verified above) written with the book, as one: both, or neither
        files[Path(save_catalog)] = cat.dumps()
    with made_folder(target.parent):  # only now, and gone again if the writing fails: no empty folder
        write_all(files)
    _notes(pdf, info, note)  # (said once the book is written: a failed run says its error alone)
    return (f"wrote {target} ({len(cat.entries)} puzzle{'s' if len(cat.entries) != 1 else ''}, layout {layout.name}, "
            f"every solution verified; {time.monotonic() - began:.1f} s to typeset)")


def _book_parts(names: tuple[str, ...]) -> list[tuple[str, Any]]:
    """(name, catalog) for each part the --catalog files hold: a compendium's PDF holds several.
    A single JSON catalog is left to the one-catalog path, which reads it itself."""
    if len(names) == 1 and not (Path(names[0]).is_file() and is_pdf(names[0])):
        return [(names[0], None)]
    out: list[tuple[str, Any]] = []
    for name in names:
        if Path(name).is_file() and is_pdf(name):
            found = read_book_catalogs(name)
            out += [(name if len(found) == 1 else f"{name} (part {k})", cat) for k, cat in enumerate(found, 1)]
        else:
            out.append((name, None))
    return out


def make_compendium(parts: list[tuple[str, Any]], book: BookSpec, save_catalog: str | None, output: str | None,
                    note: Callable[[str], None] = _quiet) -> str:
    """One book of several catalogs (``parts``: name and catalog, or None to read it), a part each,
    as ``book`` lays it out; a choice of deals is refused (each catalog holds its own)."""
    title, subtitle, author, isbn, edition, year = book.title, book.subtitle, book.author, book.isbn, book.edition, book.year
    every, solutions, publisher = book.every, book.solutions, book.publisher
    layout = load_layout(book.layout)
    chosen = [name for name, value in (("--count", book.count), ("--mix", book.mix), ("--start", book.start),
                                       ("--seed", book.seed), ("--rules", book.rules)) if value is not None]
    chosen += [f"--{name.replace('_', '-')}" for name in ("game", "max_tries", "max_states")
               if getattr(book, name) is not None]
    if chosen:
        raise InputError(f"{', '.join(chosen)}: a compendium is made from its catalogs as they are; give these when "
                         f"making each catalog (dealgen generate)")
    if save_catalog:
        raise InputError("--save-catalog: a compendium has one catalog a part; the book's PDF carries them all")
    for text, option in ((title, "--title"), (subtitle, "--subtitle"), (author, "--author"), (edition, "--edition"),
                         (publisher, "--publisher")):
        check_printable(text or "", option)
    if isbn is not None:
        check_isbn(isbn)
    if every < 0:
        raise InputError(f"--every must be 0 (milestones only) or a positive number of moves, not {every}")
    if output is not None and not output.lower().endswith(".pdf"):
        raise InputError(f"{output}: a book is a PDF; give a file name ending in .pdf")
    target = target_file(output, f"compendium-book-{layout.name}.pdf")
    cats: list[Catalog] = []
    seen: dict[tuple[str, str], str] = {}
    for name, cat in parts:
        cat = cat if cat is not None else read_catalog(name)
        key = (cat.game, cat.rules)
        if key in seen:
            raise InputError(f"--catalog {name}: {seen[key]} is a {cat.game} ({cat.rules}) catalog too: a compendium "
                             f"has one part a game and rule set; join them with dealgen generate")
        seen[key] = name
        try:
            require_verified(cat)
        except CheckFailed as err:
            raise CheckFailed(f"{name}: {err}") from None
        cats.append(cat)
    games = [get_game(cat.game).title for cat in cats]
    total = sum(len(cat.entries) for cat in cats)
    info = BookInfo(
        title=title or f"{', '.join(games[:-1])} and {games[-1]} Puzzles",
        subtitle=subtitle if subtitle is not None else f"{total} graded puzzles of {len(cats)} games",
        author=author if author is not None else next((cat.author for cat in cats if cat.author), ""),
        isbn=isbn or "", edition=edition or "", year=year, every=every, solutions=solutions,
        publisher=publisher if publisher is not None else next((cat.publisher for cat in cats if cat.publisher), ""))
    check_title_page(info, layout)
    began = time.monotonic()
    pdf = typeset(cats, layout, info)
    with made_folder(target.parent):
        write_atomic(target, pdf)
    _notes(pdf, info, note)
    return (f"wrote {target} ({total} puzzles of {len(cats)} games, layout {layout.name}, every solution verified; "
            f"{time.monotonic() - began:.1f} s to typeset)")


def _notes(pdf: bytes, info: BookInfo, note: Callable[[str], None]) -> None:
    """What a publisher should know of a book written: a copyright page naming nobody, and a book
    too short to print as a paperback (preflight fails it, and `dealgen cover` makes no cover for
    it; it is written all the same, for a screen or a printer)."""
    import io

    from pypdf import PdfReader

    if not (info.author or info.publisher):
        note("note: the copyright page names no copyright holder, so it prints no copyright notice; give "
             "--author or --publisher (or --info FILE.toml)")
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    if pages < PAGES_LEAST:
        note(f"note: the book has {pages} pages, under the {PAGES_LEAST} a print-on-demand paperback takes: "
             f"preflight fails it and no cover is made for it; give more puzzles (--count) or fewer to a page "
             f"(--layout) to print it")


def target_file(output: str | None, default_name: str) -> Path:
    """The file to write: ``output``, or ``default_name`` in output/. Checked now; the default
    folder is made only when the file is ready (``made_folder`` then), so a failed run
    leaves nothing behind."""
    return check_writable(output) if output else planned_folder(OUTPUT) / default_name


def _default_subtitle(count: int, grades: list[str], problems: bool = False) -> str:
    span = f"from {grades[0]} to {grades[-1]}" if len(grades) > 1 else (grades[0] if grades else "")
    what = ("position" if problems else "deal") + ("s" if count != 1 else "")
    return f"{count} graded {what}{' to play and win' if problems else ''}, {span}"

