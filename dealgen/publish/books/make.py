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
from typing import Any, Callable, Collection

from ...deals import MAX_DEAL
from ...errors import CheckFailed, InputError
from ...fileio import check_writable, is_pdf, made_folder, planned_folder, write_all, write_atomic
from ...games import get_game
from ...grade import GRADES
from ...solve import problem_kit
from .. import OUTPUT
from ..catalog import (
    Catalog,
    read_book_catalogs,
    read_catalog,
    read_matching_catalog,
    require_verified,
    write_catalog,
)
from ..generate import SEEDED_MAX, Selection, even_mix, parse_mix, select_graded
from .book import BookInfo, check_printable, check_puzzle_heads, check_title_page, typeset
from .layout import load_layout
from .printspec import check_isbn

PROBLEM_COUNT = 8  # default puzzles for a game of problems: a book in well under a minute on two cores


def _quiet(text: str) -> None:
    pass


def fresh_selection(game_name: str, rules: str | None, count: int | None, mix: str | None, start: int | None,
                    seed: int | None, max_tries: int, jobs: int, max_states: int | None, title: str,
                    line: Any = None, note: Callable[[str], None] = _quiet) -> Selection:
    """A fresh graded selection; ``line`` shows progress (``show(text)``, ``end()``) and ``note``
    takes the report (what was tried and kept, and how long it took)."""
    game = get_game(game_name)
    rules = game.check_rules(rules)
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


def make_catalog(game: str, rules: str | None, count: int | None, mix: str | None, start: int | None,
                 seed: int | None, max_tries: int, jobs: int, max_states: int | None, title: str | None,
                 output: str | None, line: Any = None, note: Callable[[str], None] = _quiet) -> str:
    """A seed catalog of a fresh selection, written to ``output`` (default output/GAME-COUNT.json)."""
    chosen_game = get_game(game)
    name = chosen_game.name
    if output is not None and not check_writable(output).name.lower().endswith(".json"):  # a folder: named as such
        raise InputError(f"{output}: a catalog is JSON; give a file name ending in .json")
    default = PROBLEM_COUNT if problem_kit(chosen_game) is not None else 40
    total = sum(parse_mix(mix, GRADES).values()) if mix else count or default
    # named by what it holds: --mix easy:2 is not a 40
    target = target_file(output, f"{chosen_game.file_stem(chosen_game.check_rules(rules))}-{total}.json")
    selection = fresh_selection(name, rules, count, mix, start, seed, max_tries, jobs, max_states,
                                title or f"{chosen_game.title} Puzzles", line, note)
    with made_folder(target.parent):  # only now, and gone again if the writing fails
        write_catalog(selection.catalog, target)
    count_kept = len(selection.catalog.entries)
    what = "problem" if problem_kit(get_game(name)) is not None else "deal"
    return f"wrote {target} ({count_kept} {what}{'' if count_kept == 1 else 's'}, every solution verified)"


def make_book(game: str, catalog: str | tuple[str, ...] | None, rules: str | None, count: int | None,
              mix: str | None, start: int | None, seed: int | None, max_tries: int, jobs: int,
              max_states: int | None, layout_name: str, title: str | None, subtitle: str | None,
              author: str | None, every: int, save_catalog: str | None, output: str | None,
              given_options: Collection[str] = (), line: Any = None, note: Callable[[str], None] = _quiet,
              isbn: str | None = None, edition: str | None = None, year: int | None = None,
              solutions: str = "key") -> str:
    """A book (PDF) from ``catalog`` or a fresh selection, written to ``output`` (default
    output/GAME-book-LAYOUT.pdf). ``given_options``: the option names given on the command line
    (``game``, ``max_tries``, ``max_states``: with a catalog, a choice of deals is refused only when asked for).
    Several catalogs (or a compendium's PDF) make a compendium (``make_compendium``); ``isbn``,
    ``edition`` and ``year`` go on the copyright page; ``solutions``: "key" or "walkthrough"."""
    names = (catalog,) if isinstance(catalog, str) else tuple(catalog or ())
    for name in names:
        if not name.strip():
            raise InputError("--catalog: an empty name: give a file")
    parts = _book_parts(names)
    if len(parts) > 1:  # several catalogs, or a compendium's PDF: one part each
        return make_compendium(parts, rules, count, mix, start, seed, layout_name, title, subtitle, author, isbn,
                               edition, year, every, solutions, save_catalog, output, given_options)
    catalog = names[0] if names else None
    layout = load_layout(layout_name)
    for text, option in ((title, "--title"), (subtitle, "--subtitle"), (author, "--author"), (edition, "--edition")):
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
        chosen += [f"--{name.replace('_', '-')}" for name in ("max_tries", "max_states") if name in given_options]
        if chosen:
            raise InputError(f"{', '.join(chosen)} {'are' if len(chosen) > 1 else 'is'} for choosing a fresh selection "
                             f"of deals; with --catalog the deals are the catalog's")
        cat = read_matching_catalog(catalog, game if "game" in given_options else None, rules)
        for text, field_name, option in ((cat.title, "title", title), (cat.subtitle, "subtitle", subtitle),
                                         (cat.author, "author", author), (cat.edition, "edition", edition)):
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
        cat = fresh_selection(game_name, rules, count, mix, start, seed, max_tries, jobs, max_states,
                              title or f"{get_game(game_name).title} Puzzles", line, note).catalog
    # what the options set travels with the catalog (saved, and embedded in the PDF), so the
    # book laid out again from either keeps its title page
    given = {key: value for key, value in (("title", title), ("subtitle", subtitle), ("author", author),
                                           ("isbn", isbn), ("edition", edition), ("year", year))
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
    )
    began = time.monotonic()
    pdf = typeset(cat, layout, info)
    files: dict[Path, bytes | str] = {target: pdf}
    if save_catalog:  # (verified above) written with the book, as one: both, or neither
        files[Path(save_catalog)] = cat.dumps()
    with made_folder(target.parent):  # only now, and gone again if the writing fails: no empty folder
        write_all(files)
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


def make_compendium(parts: list[tuple[str, Any]], rules: str | None, count: int | None, mix: str | None,
                    start: int | None, seed: int | None, layout_name: str, title: str | None, subtitle: str | None,
                    author: str | None, isbn: str | None, edition: str | None, year: int | None, every: int,
                    solutions: str, save_catalog: str | None, output: str | None,
                    given_options: Collection[str] = ()) -> str:
    """One book of several catalogs (``parts``: name and catalog, or None to read it), a part each."""
    layout = load_layout(layout_name)
    chosen = [name for name, value in (("--count", count), ("--mix", mix), ("--start", start), ("--seed", seed),
                                       ("--rules", rules)) if value is not None]
    chosen += [f"--{name.replace('_', '-')}" for name in ("game", "max_tries", "max_states") if name in given_options]
    if chosen:
        raise InputError(f"{', '.join(chosen)}: a compendium is made from its catalogs as they are; give these when "
                         f"making each catalog (dealgen generate)")
    if save_catalog:
        raise InputError("--save-catalog: a compendium has one catalog a part; the book's PDF carries them all")
    for text, option in ((title, "--title"), (subtitle, "--subtitle"), (author, "--author"), (edition, "--edition")):
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
        isbn=isbn or "", edition=edition or "", year=year, every=every, solutions=solutions)
    check_title_page(info, layout)
    began = time.monotonic()
    pdf = typeset(cats, layout, info)
    with made_folder(target.parent):
        write_atomic(target, pdf)
    return (f"wrote {target} ({total} puzzles of {len(cats)} games, layout {layout.name}, every solution verified; "
            f"{time.monotonic() - began:.1f} s to typeset)")


def target_file(output: str | None, default_name: str) -> Path:
    """The file to write: ``output``, or ``default_name`` in output/. Checked now; the default
    folder is made only when the file is ready (``made_folder`` then), so a failed run
    leaves nothing behind."""
    return check_writable(output) if output else planned_folder(OUTPUT) / default_name


def _default_subtitle(count: int, grades: list[str], problems: bool = False) -> str:
    span = f"from {grades[0]} to {grades[-1]}" if len(grades) > 1 else (grades[0] if grades else "")
    what = ("position" if problems else "deal") + ("s" if count != 1 else "")
    return f"{count} graded {what}{' to play and win' if problems else ''}, {span}"

