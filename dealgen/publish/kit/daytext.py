"""The words of a day's kit: the question each image asks, the answer, alt text and captions.

Alt text is what a screen-reader user needs from an image: the game, the date, the question
and the layout in words (card names, not symbols, which readers spell out oddly). Captions
are ready to paste into a social post.
"""

from __future__ import annotations

import re
from typing import Any

from ...cards import SUIT_NAMES, Card
from ...grade import GRADES
from ...solve import problem_kit
from ..daily import day_words, grade_mark
from .days import Day
from .theme import Theme

# The question a deal's image asks, by game; ``{par}`` is the verified solution's length. A game
# not named here asks the first.
QUESTIONS = {  # (no-break spaces keep "Par: 86 moves" on one line)
    "penguin": "Can you solve it? Par:\u00a0{par}\u00a0moves",
    "idiots-delight": "Can you clear it?",
    "perpetual-motion": "Will it come out? And in how many passes?",
}
DEFAULT_QUESTION = QUESTIONS["penguin"]


def question(day: Day) -> str:
    if day.entry is not None:  # a problem's question is its strategy's: "Red to play and win in 3"
        return problem_kit(day.game).solution(day.entry.strategy_text(day.game), day.entry.source)[0]
    return QUESTIONS.get(day.game.name, DEFAULT_QUESTION).format(par=len(day.solution.moves))


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
    moves = len(day.solution.moves)
    said = day.game.answer(end)
    if day.game.name == "perpetual-motion":
        return f"Yes: it {said}" if day.solution.outcome == "won" else f"No: it {said}"
    if day.game.name == "idiots-delight":
        return f"Yes: it clears in {moves} moves"
    return f"Solved in {moves} moves" if said is None else said[:1].upper() + said[1:]


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


def listed(items: list[str], comma: str = ", ", last: str = " and ") -> str:
    """"a, b and c"."""
    return items[0] if len(items) == 1 else comma.join(items[:-1]) + last + items[-1]


# -- layouts in words -------------------------------------------------------------------------------
def _names(cards) -> str:
    return ", ".join(Card(c).name for c in cards)


def layout_words(game: Any, state: Any) -> str:
    """The position in words, for alt text."""
    describe = _LAYOUTS.get(game.name)
    if describe is None:
        return game.to_text(state)
    return describe(game, state)


def _penguin(game: Any, state: Any) -> str:
    beak = state.beak
    held = [state.home_top(s) for s in range(4)]
    starts = [top.name for top in held if top is not None]
    waits = [SUIT_NAMES[s] for s in range(4) if held[s] is None]
    parts = [f"The beak is the {beak.name}. The foundations hold the {listed(starts, ', the ', ' and the ')}"
             + (f"; the {waits[0]} foundation waits for the beak." if waits else ".")]
    columns = "; ".join(f"column {n}: {_names(col) if col else 'empty'}" for n, col in enumerate(state.columns, 1))
    parts.append(f"Columns, each from its deepest card to its exposed card: {columns}.")
    cells = [(letter, card) for letter, card in zip("abcdefg", state.cells) if card is not None]
    parts.append("The seven flipper cells are empty." if not cells else
                 "Flipper cells: " + ", ".join(f"{letter} the {card.name}" for letter, card in cells) + ".")
    return " ".join(parts)


def _rows_of_four(cards) -> str:
    return "; ".join(f"row {n // 4 + 1}: {_names(cards[n:n + 4])}" for n in range(0, len(cards), 4))


def _idiots(game: Any, state: Any) -> str:
    stacks = "; ".join(f"stack {n}: {_names(s) if s else 'empty'}" for n, s in enumerate(state.stacks, 1))
    return (f"Four stacks, each from its bottom card up to its top card: {stacks}. The stock, {len(state.stock)} "
            f"cards from the top, in the rows of four it is dealt in: {_rows_of_four(state.stock)}.")


def _perpetual(game: Any, state: Any) -> str:
    if any(state.piles):  # on the way: the piles hold cards
        piles = "; ".join(f"pile {n}: {_names(p) if p else 'empty'}" for n, p in enumerate(state.piles, 1))
        piles = f"Four piles, each from its bottom card up to its top card: {piles}."
    else:
        piles = "Four empty piles."
    gone = f" {state.discarded} cards discarded." if state.discarded else ""
    if not state.stock:
        return f"{piles}{gone} The stock is empty."
    whole = "all 52" if len(state.stock) == 52 else str(len(state.stock))
    return (f"{piles}{gone} The stock, {whole} cards from the top, in the rows of four it is dealt in: "
            f"{_rows_of_four(state.stock)}.")


def _pack_n_stack(game: Any, state: Any) -> str:
    from ...games.pack_n_stack import COLS, ROWS, SIZE

    rows = []
    for r in range(SIZE):
        piles = []
        for c in range(SIZE):
            pile = state.square[r * SIZE + c]
            if not pile:
                continue
            size = "alone" if len(pile) == 1 else (f"a complete stack of {SUIT_NAMES[pile[-1].suit]}"
                                                   if len(pile) == 13 else f"heading {len(pile)} cards")
            piles.append(f"{COLS[c]}{ROWS[r]} the {pile[-1].name}, {size}")
        rows.append(f"row {ROWS[r]}: " + ("; ".join(piles) if piles else "all empty"))
    stock = "The stock is empty." if not state.stock else f"The stock holds {len(state.stock)} cards."
    return (f"{state.side.capitalize()} to move. Red plays hearts and diamonds, Black clubs and spades. {stock} "
            f"The square, columns a to e from the left, rows 1 to 5 from the top, each pile by its top card: "
            + ". ".join(rows) + ".")


_LAYOUTS = {"penguin": _penguin, "idiots-delight": _idiots, "perpetual-motion": _perpetual,
            "pack-n-stack": _pack_n_stack}


def sentence(text: str) -> str:
    """``text`` ended with a full stop, unless it ends a sentence already ("passes?", not "passes?.")."""
    return text if text.endswith((".", "?", "!")) else text + "."


def puzzle_alt(day: Day, state: Any) -> str:
    """The puzzle image's whole description: the question, the facts and the layout in words
    (``fitted_alt`` makes it an image's alt text)."""
    return f"{title(day)}. {sentence(question(day))} {'. '.join(facts(day))}. {layout_words(day.game, state)}"


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
