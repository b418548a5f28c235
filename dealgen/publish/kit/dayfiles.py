"""Every file of one day, drawn in memory first: what `dealgen daily` writes and a site links.

    GAME-DATE-square.png, -wide.png     the puzzle, asking the day's question (1080x1080, 1200x630)
    GAME-DATE-answer.png                the answer card for the next day's reveal post (1080x1080)
    GAME-DATE-solution.png (-2, -3...)  the solution sheet, pages at most 2,400 px tall
    GAME-DATE-solution.pdf              the walkthrough (a problem's: its lines)
    NAME.alt.txt                        beside every PNG: what a screen-reader user needs, at most
                                        1,000 characters (X's limit)
    NAME.long.txt                       beside a PNG whose description is longer: the whole of it
    GAME-DATE-caption.txt               the puzzle's post; -answer-caption.txt the reveal's
    GAME-DATE.json                      the day's record, which `dealgen verify` replays
    GAME-DATE-strategy.txt              a problem's whole strategy
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable

from ...games.textform import listed
from ...render.registry import DiagramOptions, position_scene, renderer
from ...solve import problem_kit
from ..daily import IMAGE_SIZES, day_words
from .dayimage import MAX_IMAGE_HEIGHT, SOLUTION_DPI, Words, brand_foot, branded_page, day_image
from .days import Day
from .daytext import (
    answer,
    answer_caption,
    caption,
    facts,
    fitted_alt,
    plain,
    puzzle_alt,
    question,
    title,
)
from .theme import Theme

ANSWER_SIZE = (1080, 1080)
MAX_DIAGRAMS = 14  # an overview with more waits longer between them: a sheet, not a book
FIRST_MOVES = 12  # moves an answer card spells out
MILESTONES = 4  # and milestones on the way to its diagram


def day_files(day: Day, theme: Theme, mono: bool = False) -> dict[str, bytes]:
    """The day's files by name; ``theme`` colours and signs the images (in greys with ``mono``)."""
    if mono:
        theme = theme.in_greys()
    files = _problem_files(day, theme, mono) if day.entry is not None else _deal_files(day, theme, mono)
    files[f"{day.stem}.json"] = day.record_bytes()
    return files


def solution_names(stem: str, pages: int) -> list[str]:
    """The solution sheet's pages: GAME-DATE-solution.png, then -solution-2.png, ..."""
    return [f"{stem}-solution.png"] + [f"{stem}-solution-{k}.png" for k in range(2, pages + 1)]


# pages a longer earlier run may have left, and long descriptions an earlier run wrote
STALE = re.compile(r"-solution-[0-9]+\.(png|alt\.txt|long\.txt)|-[a-z0-9-]+\.long\.txt")
# the names every day takes (a problem's adds -strategy.txt; a long solution, -solution-2.png...)
FIXED_NAMES = ("-square.png", "-wide.png", "-answer.png", "-solution.pdf", "-solution.png", ".json", "-caption.txt",
               "-answer-caption.txt", "-square.alt.txt", "-wide.alt.txt", "-answer.alt.txt", "-solution.alt.txt")


def _png(files: dict[str, bytes], name: str, scene: Any, alt: str, **size: Any) -> None:
    from ...render.png import png_bytes

    files[name] = png_bytes(scene, **size)
    short, whole = fitted_alt(alt)
    files[f"{name[:-4]}.alt.txt"] = (short + "\n").encode("utf-8")
    if whole is not None:  # too long for an alt text: the whole description beside it
        files[f"{name[:-4]}.long.txt"] = (whole + "\n").encode("utf-8")


def _builder(game: Any, state: Any, mono: bool) -> Callable[[float, float, float], Any]:
    def build(width: float, height: float, index: float) -> Any:
        return position_scene(game, state, DiagramOptions(mono=mono, caption=False, width=width, height=height,
                                                          index_size=index))
    return build


def puzzle_scene(day: Day, state: Any, pixels: tuple[int, int], theme: Theme, mono: bool = False) -> Any:
    """The puzzle image at ``pixels``: the day's question over or beside the deal."""
    words = Words("", day.game.title, day_words(day.date), question(day), tuple(facts(day)))
    return day_image(words, _builder(day.game, state, mono), pixels, theme)


def _puzzle_images(files: dict[str, bytes], day: Day, state: Any, theme: Theme, mono: bool) -> None:
    alt = puzzle_alt(day, state)
    for kind, size in IMAGE_SIZES.items():
        _png(files, f"{day.stem}-{kind}.png", puzzle_scene(day, state, size, theme, mono), alt, size=size)


def _walkthrough(day: Day) -> Any:
    """The verified walkthrough, with diagrams far enough apart that the sheet stays a sheet."""
    from ...render.walkthrough import DEFAULT_EVERY, build_walkthrough

    every = DEFAULT_EVERY
    wt = build_walkthrough(day.solution, every=every, grade=day.grade)  # replays through the engine again
    while len(wt.checkpoints) > MAX_DIAGRAMS and every < len(day.solution.moves):
        every *= 2
        wt = build_walkthrough(day.solution, every=every, grade=day.grade)
    return replace(wt, dated=day_words(day.date))


def _deal_files(day: Day, theme: Theme, mono: bool) -> dict[str, bytes]:
    from ...render.pdf import walkthrough_pdf_bytes
    from ...render.walkthrough import overview_pages

    wt = _walkthrough(day)
    files: dict[str, bytes] = {}
    _puzzle_images(files, day, wt.states[0], theme, mono)
    key, details = _answer_details(day, wt)
    words = Words("The answer", day.game.title, day_words(day.date), answer(day, wt.end), (), tuple(details),
                  key.title if key.after else "The deal")
    card = day_image(words, _builder(day.game, key.state, mono), ANSWER_SIZE, theme)
    said = answer(day, wt.end)
    _png(files, f"{day.stem}-answer.png", card,
         f"The answer to {title(day)}: {said}. {' '.join(details)} The diagram shows the position "
         f"{_when(key)}: {day.game.layout_words(key.state)}", size=ANSWER_SIZE)
    foot = brand_foot(theme)
    pages = overview_pages(wt, MAX_IMAGE_HEIGHT * 72 / SOLUTION_DPI, mono, foot)
    for k, (name, page) in enumerate(zip(solution_names(day.stem, len(pages)), pages), 1):
        words_on_page = " ".join(t.text for t in page.items if hasattr(t, "text"))
        of = f", page {k} of {len(pages)}" if len(pages) > 1 else ""
        _png(files, name, branded_page(page, theme, foot),
             f"The solution sheet of {title(day)}{of}, with small diagrams of the position at each point named. "
             f"It reads: {words_on_page}", dpi=SOLUTION_DPI)
    files[f"{day.stem}-solution.pdf"] = walkthrough_pdf_bytes(wt, mono)[0]
    files[f"{day.stem}-caption.txt"] = plain(caption(day, theme)).encode("utf-8")
    files[f"{day.stem}-answer-caption.txt"] = plain(answer_caption(day, theme, wt.end, details)).encode("utf-8")
    return files


def _when(checkpoint: Any) -> str:
    return "at the deal" if not checkpoint.after else checkpoint.title[:1].lower() + checkpoint.title[1:]


def _answer_details(day: Day, wt: Any) -> tuple[Any, list[str]]:
    """The checkpoint the answer card draws and the lines it prints: the milestones on the way
    and the first moves, or (a game that plays itself) the passes that discarded cards."""
    shown = [cp for i, cp in enumerate(wt.checkpoints) if wt.pictured(i) and 0 < cp.after < wt.moves]
    named = [cp for cp in shown if any(cp.reasons)]  # a milestone says more than a periodic diagram
    key = (named or shown or [wt.checkpoints[0]])[-1]
    if day.game.answer(wt.end) is not None:  # nothing to choose: say when the cards went
        module = renderer(day.game)
        moves = [day.game.parse_move(t) for t in wt.solution.moves]
        told = module.record_summary(day.game, wt.states, moves) if hasattr(module, "record_summary") else []
        went = [line.split(":")[0].removeprefix("Pass ") for line in told if "discarded (" in line]
        details = [f"Cards leave at pass{'es' if len(went) > 1 else ''} {listed(went)}."] if went else \
            ["Not one card is discarded."]
        return key, details
    marks = [reason if " at move " in reason else f"{reason} at move {cp.after}"  # (a carried one names its move)
             for cp in wt.checkpoints if 0 < cp.after < key.after for reason in cp.reasons if reason]
    if len(marks) > MILESTONES:
        marks = marks[:MILESTONES - 1] + [f"{len(marks) - MILESTONES + 1} more"]
    details = [f"On the way: {listed(marks)}."] if marks else []
    first = wt.solution.moves[:FIRST_MOVES]
    more = " …" if len(wt.solution.moves) > FIRST_MOVES else ""
    details.append(f"It starts {' '.join(first)}{more}")
    return key, details


def _problem_files(day: Day, theme: Theme, mono: bool) -> dict[str, bytes]:
    from ...render.pdf import problem_pdf_bytes
    from ...render.problem import deeper, solution_scene

    game, entry = day.game, day.entry
    kit = problem_kit(game)
    asked, lines, complete = kit.solution(entry.strategy_text(game), entry.source)
    state = entry.state(game, game.default_rules)
    files: dict[str, bytes] = {}
    _puzzle_images(files, day, state, theme, mono)
    main = [line for line in lines if line.level == 0]  # the main line; the other replies are on the sheet
    details = tuple(line.text for line in main) + (("Every other reply is answered in the solution.",)
                                                    if len(main) < len(lines) else ())
    short = main
    words = Words("The answer", game.title, day_words(day.date), answer(day, state), (), details)
    card = day_image(words, _builder(game, state, mono), ANSWER_SIZE, theme)
    _png(files, f"{day.stem}-answer.png", card,
         f"The answer to {title(day)}: {answer(day, state)}. " + " ".join(line.text for line in short), size=ANSWER_SIZE)
    heading = f"{title(day)}: {asked}"
    files[f"{day.stem}-strategy.txt"] = entry.strategy_text(game).encode("utf-8")  # what dealgen verify replays
    more = None if complete else deeper(f"{day.stem}-strategy.txt")
    files[f"{day.stem}-solution.pdf"] = problem_pdf_bytes(game, state, heading, lines, more, mono)
    sheet = solution_scene(game, state, heading, lines, more, mono)
    foot = brand_foot(theme)
    page = branded_page(replace(sheet, height=sheet.height + foot), theme, foot)
    dpi = min(SOLUTION_DPI, int(MAX_IMAGE_HEIGHT * 72 / page.height))  # the lines are bounded; this is a guard
    _png(files, f"{day.stem}-solution.png", page,
         f"The solution of {title(day)}: {asked}. " + " ".join(line.text for line in lines)
         + (f" {more}" if more else ""), dpi=dpi)
    files[f"{day.stem}-caption.txt"] = plain(caption(day, theme)).encode("utf-8")
    files[f"{day.stem}-answer-caption.txt"] = plain(answer_caption(day, theme, state, [line.text for line in short])
                                                                   ).encode("utf-8")
    return files
