"""The words of a day's kit: the question each image asks, the answer, alt text and captions.

Alt text is what a screen-reader user needs from an image: the game, the date, the question
and the layout in words (card names, not symbols, which readers spell out oddly). Captions
are ready to paste into a social post.
"""

from __future__ import annotations

import re
from typing import Any

from ...grade import GRADES
from ...solve import problem_kit
from ..daily import day_words, grade_mark
from .days import Day
from .theme import Theme


def question(day: Day) -> str:
    if day.entry is not None:  # a problem's question is its strategy's: "Red to play and win in 3"
        return problem_kit(day.game).solution(day.entry.strategy_text(day.game), day.entry.source)[0]
    return day.game.day_question.format(par=len(day.solution.moves))


def title(day: Day) -> str:
    return f"{day.game.title} · {day_words(day.date)}"


def facts(day: Day) -> list[str]:
    """The small print under the question: grade, rule set, where the deal comes from."""
    grade = f"{day.grade.capitalize()} {grade_mark(day.grade, GRADES)}"
    if day.entry is not None:
        return [grade, f"from deal #{day.entry.deal}", day.game.rules_label(day.rules)]
    return [grade, day.game.rules_label(day.rules), day.game.pysolfc_label(day.deal)]


def answer(day: Day, end: Any) -> str:
    """The outcome, as the reveal post states it."""
    if day.entry is not None:
        return question(day).replace(" to play and win in ", " wins in ") + " turns"
    return day.game.reveal(end, day.solution.outcome, len(day.solution.moves))


def page_url(theme: Theme, day: Day) -> str:
    """The day's page on the site, when the theme names the site's address."""
    return f"{theme.url}{day.stem}.html" if theme.url else ""


def hashtag(text: str) -> str:
    return "#" + re.sub(r"[^A-Za-z0-9]", "", text.title())


def caption(day: Day, theme: Theme) -> str:
    """The puzzle's social post."""
    lines = [title(day), question(day) + ("" if question(day).endswith("?") else "."), " · ".join(facts(day))]
    url = page_url(theme, day)
    if url:
        lines.append(f"Play it: {url}")
    tags = [hashtag(day.game.title), "#solitaire", "#patience", "#dailypuzzle"]
    return "\n".join(lines) + "\n\n" + " ".join(tags) + "\n"


def answer_caption(day: Day, theme: Theme, end: Any, details: list[str]) -> str:
    """The reveal post."""
    lines = [f"The answer: {title(day)}", answer(day, end) + ".", *details]
    url = page_url(theme, day)
    if url:
        lines.append(f"Step through it: {url}")
    return "\n".join(lines) + "\n"


def plain(text: str) -> str:
    """Text for a file a person pastes or a screen reader speaks: the no-break spaces that hold
    an image's lines together become plain ones."""
    return text.replace("\u00a0", " ")


def sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it ends a sentence already ("passes?", not "passes?.")."""
    return text if text.endswith((".", "?", "!")) else text + "."


def puzzle_alt(day: Day, state: Any) -> str:
    """The puzzle image's whole description: the question, the facts and the layout in words
    (``fitted_alt`` makes it an image's alt text)."""
    said = ". ".join(fact[:1].upper() + fact[1:] for fact in facts(day))  # each a sentence: "Standard rules"
    return f"{title(day)}. {sentence(question(day))} {said}. {day.game.layout_words(state)}"


ALT_MOST = 1000  # characters: the longest image description X takes (the least of the feeds')
LONG_NOTE = " … (the long description has the rest)."


def fitted_alt(text: str) -> tuple[str, str | None]:
    """(alt text, long description): ``text`` itself as the alt text where it fits ALT_MOST
    characters (no long description then); else the alt text is as many of its sentences and
    list items (a column, a row) as fit, saying that the long description, the whole text, goes on."""
    text = plain(text).strip()
    if len(text) <= ALT_MOST:
        return text, None
    kept = ""
    for piece in re.findall(r".+?(?:[.;?!](?=\s)|$)", text):  # up to each sentence's or list item's end
        if len(kept) + len(piece) + len(LONG_NOTE) > ALT_MOST:
            break
        kept += piece
    return kept.rstrip(" ;:,.") + LONG_NOTE, text
