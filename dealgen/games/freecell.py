"""The FreeCell family: FreeCell, Baker's Game, Eight Off and Seahaven Towers, one engine.

The four games differ only in data, so each is a ``Layout`` (how many columns and cells,
which cells the deal fills, how columns build, what an empty column takes) and one
``FreeCellFamily`` class plays them all. Foundations build up in suit from the Ace.

A run at the foot of a column moves as one (a supermove) when it is no longer than it could
be moved one card at a time: (free cells + 1) x 2^(empty columns other than the target)
where any card may fill an empty column. Where only Kings may (Eight Off, Seahaven Towers)
a card passing through would need to be a King, so empty columns do not count: free cells
+ 1, as PySolFC rules it.

Notation is Freecell Solver's standard notation (``fc-solve -snx``): columns 1-8 (1-10
for ten: the tenth is written "10", as fc-solve 5 writes it, and "0" is read as it too),
cells a-d (Eight Off: a-g and k, as fc-solve letters them), ``h`` the foundations; source
then target. A move onto a non-empty column carries the part of the run that fits there; a
move to an empty column carries one card, or ``vN`` cards (N in hex: ``27va`` moves ten).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..cards import CARDS, SUIT_NAMES, SUITS, Card
from ..deals import shuffled_pack
from ..errors import IllegalMove, InputError, located
from . import textform
from .tableau import TableauGame
from .textform import HEADER, card_names, check_header, check_once, field_cards, header, header_lines, json_card, listed, read_fields

HOME = "h"
ALTERNATE = "alternate"  # build down in alternate colours
SUIT = "suit"  # build down in suit
ANY = "any"  # any card or run may fill an empty column
KINGS = "kings"  # only a King, or a run headed by one


@dataclass(frozen=True)
class Layout:
    """One game of the family as data."""

    name: str
    title: str
    ncols: int
    ncells: int
    dealt_cells: tuple[int, ...]  # the cells the deal's last cards go to, in dealing order
    build: str  # ALTERNATE or SUIT
    empty: str  # ANY or KINGS
    pysolfc_id: int  # PySolFC's game id (its numbers are its deals)
    base: int = 1  # the foundations' first rank: the Ace

    @property
    def columns(self) -> str:
        return "1234567890"[: self.ncols]

    @property
    def cells(self) -> str:
        # 'h' is the foundations, so fc-solve letters an eighth cell 'k' (Eight Off: a-g, k)
        return "abcdefgk"[: self.ncells]


FREECELL_LAYOUT = Layout("freecell", "FreeCell", 8, 4, (), ALTERNATE, ANY, 5)
BAKERS_GAME_LAYOUT = Layout("bakers-game", "Baker's Game", 8, 4, (), SUIT, ANY, 45)
EIGHT_OFF_LAYOUT = Layout("eight-off", "Eight Off", 8, 8, (0, 2, 4, 6), SUIT, KINGS, 258)
SEAHAVEN_LAYOUT = Layout("seahaven-towers", "Seahaven Towers", 10, 4, (1, 2), SUIT, KINGS, 9)


def fits(layout: Layout, card: int, onto: int) -> bool:
    """Whether ``card`` may lie on ``onto`` in a column: one rank lower, and of the other
    colour (alternate) or the same suit."""
    if card % 13 + 1 != onto % 13:
        return False
    if layout.build == SUIT:
        return card // 13 == onto // 13
    return (card // 13 >= 2) != (onto // 13 >= 2)  # suits 2 and 3 (hearts, diamonds) are red


# How hard a deal is, by game: the games the person-like players lost (solve/people/freecell.py)
# count half (held there, as Penguin's), the search's effort and the solution's length the rest;
# fitted on deals 1001-1400 of the calibration sample (bench/fit_grade_weights.py).
GRADE_WEIGHTS: dict[str, dict[str, float]] = {
    "freecell": {"players_lost": 0.5, "states_expanded": 0.3, "solution_length": 0.2},
    "bakers-game": {"players_lost": 0.5, "states_expanded": 0.3, "solution_length": 0.2},
    "eight-off": {"players_lost": 0.5, "states_expanded": 0.4, "solution_length": 0.1},
    "seahaven-towers": {"players_lost": 0.5, "states_expanded": 0.4, "solution_length": 0.1},
}


@dataclass(frozen=True)
class FreeCellState:
    """A position. Columns list cards deepest first; ``home[s]`` counts suit s's foundation."""

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    home: tuple[int, int, int, int]
    rules: str = "standard"
    deal: int | None = None

    @property
    def cards_home(self) -> int:
        return sum(self.home)


@dataclass(frozen=True, order=True)
class FreeCellMove:
    """Source, target and, for a move to an empty column, how many cards (1 unless a ``v`` says)."""

    src: str
    dst: str
    count: int = 1

    @property
    def token(self) -> str:
        return _written(self.src) + _written(self.dst) + (f"v{self.count:x}" if self.count > 1 else "")


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _written(place: str) -> str:
    """A place as a token writes it: the tenth column is '10', as fc-solve writes it."""
    return "10" if place == "0" else place


# A place is one character, or "10" for the tenth column ("0" is read as it too).
_TOKEN = re.compile(r"(10|[0-9a-hk])(10|[0-9a-hk])(?:v([0-9a-f]+))?")


class FreeCellFamily(TableauGame):
    """A game of the family, played by its ``Layout``."""

    rule_sets = ("standard",)
    legal_move_means_playing = True  # won: no card left to move; lost: no legal move
    metric_names = ("states_expanded", "states_seen", "solution_length", "max_cells", "audit_positions",
                    "players_lost", "careful_won")

    def __init__(self, layout: Layout):
        self.layout = layout
        self.name = layout.name  # type: ignore[misc]
        self.title = layout.title  # type: ignore[misc]
        self.rule_notes = {"standard": self._rule_note()}  # type: ignore[misc]
        self.grade_weights = GRADE_WEIGHTS[layout.name]  # type: ignore[misc]
        self.how_to_play = self._how_to_play()  # type: ignore[misc]
        self.rule_prose = {"standard": self._runs()}  # type: ignore[misc]
        self.play_help = self._play_help()  # type: ignore[misc]
        self._dealt = lru_cache(maxsize=32)(self._deal)
        self._parsed: dict[str, FreeCellMove] = {}  # token -> move: a game has a few hundred tokens, met again and again
        self._shapes: dict[tuple[str, str, int], str | None] = {}  # (src, dst, count) -> _shape_error's answer

    def _rule_note(self) -> str:
        lay = self.layout
        build = "in alternate colours" if lay.build == ALTERNATE else "in suit"
        empty = "any card or run" if lay.empty == ANY else "only a King or a run headed by one"
        dealt = f", {len(lay.dealt_cells)} of them dealt full" if lay.dealt_cells else ""
        return (f"{lay.ncols} columns, {lay.ncells} cells{dealt}; columns build down {build}; an empty column "
                f"takes {empty}")

    # -- what the game says of itself, from its layout -----------------------------------
    def _how_to_play(self) -> str:
        """The rules for a book's How to play and the site's, in our own words (sources:
        docs/games/freecell.md), and how the printed solutions write moves."""
        lay = self.layout
        ncol = 52 - len(lay.dealt_cells)
        long, base = ncol % lay.ncols, ncol // lay.ncols
        sizes = (f"the {_WORDS[long]} on the left {_WORDS[base + 1]} cards each, the others {_WORDS[base]}" if long
                 else f"{_WORDS[base]} cards each")
        cells = f"{_WORDS[lay.ncells]} cells, each holding one card"
        if lay.dealt_cells:
            dealt = ", ".join(lay.cells[i] for i in lay.dealt_cells)
            cells += (f": the last {_WORDS[len(lay.dealt_cells)]} cards of the deal go face up into cells "
                      f"{dealt.rsplit(', ', 1)[0]} and {dealt.rsplit(', ', 1)[-1]}, the others start empty")
        else:
            cells += ", all empty at the start"
        if lay.build == ALTERNATE:
            build = "one rank higher and of the other colour: a red 9 goes on a black 10, a black 9 on a red 10"
        else:
            build = "one rank higher and of the same suit: the 9 of hearts goes on the 10 of hearts and nowhere else"
        if lay.empty == ANY:
            empty = "An emptied column may be filled by any card, or any run."
        else:
            empty = "An emptied column may be filled only by a King, or by a run headed by a King."
        last = "1 to 10 (the tenth written 10)" if lay.ncols == 10 else f"1 to {lay.ncols}"
        letters = "a to g and k" if lay.ncells == 8 else f"a to {lay.cells[-1]}"
        eighth = " (so the eighth cell is k)" if lay.ncells == 8 else ""
        return f"""\
## The layout
All 52 cards are dealt face up into {_WORDS[lay.ncols]} columns, {sizes}, fanned downwards so that every card
shows. Besides the columns there are {cells}. Four foundations, one for each suit, start empty. The
diagrams show the foundations at the right, under h, and the cells in a row under the columns.

## The aim
Build all four foundations up in suit, from the Ace to the King.

## Moves
The exposed card at the foot of a column, and any card in a cell, may go to its foundation when it is the next
card there, or onto the exposed card of another column when that card is {build}. An exposed card may also go
into any empty cell. Cards never move from one cell to another, and never leave a foundation.

A run (cards in sequence at the foot of a column, each fitting on the one above it) moves as one. {{rules}}

{empty} The game is won when all 52 cards are home, and lost when no move is left.

## Reading the solutions
Columns are numbered {last} from the left, the cells are lettered {letters}, and h is the foundation{eighth}. A move
names its source and then its target: 3a moves the exposed card of column 3 to cell a, a5 moves the card in
cell a onto column 5, 3h plays to the foundation, and 46 moves from column 4 onto column 6 as many cards of
the run as fit there, all in one move. A move into an empty column carries one card, unless v and a count
follow: 46v3 moves three cards into the empty column 6 (a count over nine is a letter: va is ten, vb eleven).
This is the notation of Freecell Solver, so its solutions read the same way. Every solution in this book was
replayed move by move by the game engine before printing.
"""

    def _runs(self) -> str:
        """How long a run may be: the rule set's prose (``{rules}`` in How to play)."""
        if self.layout.empty == ANY:
            return ("A run may be only as long as it could be moved there one card at a time through the empty "
                    "cells and empty columns: at most (empty cells + 1) x 2 to the power of the empty columns "
                    "other than the one it goes to. With four empty cells and one other empty column, a run of "
                    "ten may move.")
        return ("A run may be only as long as it could be moved there one card at a time through the empty cells: "
                "at most one card more than there are empty cells. Only a King may enter an empty column, so no "
                "other card can pass through one.")

    def _play_help(self) -> str:
        """How to play on the site's page."""
        lay = self.layout
        columns = "1-9, 0 for column 10" if lay.ncols == 10 else f"1-{lay.ncols}"
        cells = "a-g, k" if lay.ncells == 8 else f"a-{lay.cells[-1]}"
        return (f"Click a column or cell (or type its name: {columns}, {cells}), then where it goes (h is the "
                f"foundation). A run moves as one where the cells and empty columns allow; into an empty column "
                f"the longest run goes that may, or click the card to lead it first. Double-click a card to send "
                f"it home. U or Backspace undoes, Escape drops the choice.")

    def layout_words(self, state: FreeCellState) -> str:
        lay = self.layout
        tops = [CARDS[s * 13 + n - 1].name for s, n in enumerate(state.home) if n]
        waits = [SUIT_NAMES[s] for s, n in enumerate(state.home) if not n]
        home = (f"The foundations hold the {listed(tops, ', the ', ' and the ')}" if tops else "The foundations are empty")
        if tops and waits:
            home += f"; the {listed(waits)} foundation{'s' if len(waits) > 1 else ''} {'are' if len(waits) > 1 else 'is'} empty"
        held = [f"{x} the {card.name}" for x, card in zip(lay.cells, state.cells) if card is not None]
        others = "; the others are empty" if len(held) < lay.ncells else ""
        cells = f"The {_WORDS[lay.ncells]} cells are empty." if not held else f"Cells: {', '.join(held)}{others}."
        columns = "; ".join(f"column {_written(c)}: {card_names(col) if col else 'empty'}"
                            for c, col in zip(lay.columns, state.columns))
        return f"{home}. {cells} Columns, each from its deepest card to its exposed card: {columns}."

    # -- places -----------------------------------------------------------------------
    def _place_of(self, ch: str) -> str:
        """'column', 'cell' or 'home' for a notation character (None-safe for errors)."""
        lay = self.layout
        if ch in lay.columns:
            return "column"
        if ch in lay.cells:
            return "cell"
        if ch == HOME:
            return "home"
        return ""

    def _place(self, ch: str) -> str:
        kind = self._place_of(ch)
        if kind == "column":
            return f"column {_written(ch)}"
        if kind == "cell":
            return f"cell {ch}"
        return "the foundation"

    # -- dealing ----------------------------------------------------------------------
    def deal(self, number: int, rules: str | None = None) -> FreeCellState:
        rules = self.check_rules(rules)
        if type(number) is int:  # (a cache hit must not let 1.0 or True pass for 1)
            return self._dealt(number, rules)
        return self._deal(number, rules)

    def _deal(self, number: int, rules: str) -> FreeCellState:
        """PySolFC's deal: the pack dealt in rows across the columns, left to right from the
        top card, then the last cards to the cells the game fills."""
        lay = self.layout
        pack = shuffled_pack(number)
        ncol_cards = 52 - len(lay.dealt_cells)
        columns = tuple(tuple(pack[c:ncol_cards:lay.ncols]) for c in range(lay.ncols))
        cells: list[Card | None] = [None] * lay.ncells
        for index, card in zip(lay.dealt_cells, pack[ncol_cards:]):
            cells[index] = card
        return FreeCellState(columns, tuple(cells), (0, 0, 0, 0), rules, number)

    # -- rules ------------------------------------------------------------------------
    def run_start(self, column: tuple[Card, ...]) -> int:
        """Index where the run at the column's exposed end begins."""
        i = len(column) - 1
        while i > 0 and fits(self.layout, column[i], column[i - 1]):
            i -= 1
        return max(i, 0)

    def run_limit(self, state: FreeCellState, target: int) -> int:
        """The most cards one move may carry to column ``target``."""
        free_cells = state.cells.count(None)
        if self.layout.empty == KINGS:
            return free_cells + 1
        free_cols = sum(1 for i, col in enumerate(state.columns) if not col and i != target)
        return (free_cells + 1) * 2**free_cols

    def _source_card(self, state: FreeCellState, src: str) -> Card:
        lay = self.layout
        if src in lay.columns:
            column = state.columns[lay.columns.index(src)]
            if not column:
                raise IllegalMove(f"column {src} is empty")
            return column[-1]
        card = state.cells[lay.cells.index(src)]
        if card is None:
            raise IllegalMove(f"cell {src} is empty")
        return card

    def _to_column(self, state: FreeCellState, move: FreeCellMove) -> int:
        """How many cards a move onto a column carries; IllegalMove says why it cannot."""
        lay = self.layout
        dst = lay.columns.index(move.dst)
        target = state.columns[dst]
        if move.src in lay.cells:
            moving: tuple[Card, ...] = (self._source_card(state, move.src),)
        else:
            self._source_card(state, move.src)
            column = state.columns[lay.columns.index(move.src)]
            moving = column[self.run_start(column):]
        if target:
            onto = target[-1]
            part = [i for i, card in enumerate(moving) if fits(lay, card, onto)]
            if not part:
                what = moving[-1].code if len(moving) == 1 else f"the run {moving[0].code}-{moving[-1].code}"
                how = "of the other colour" if lay.build == ALTERNATE else "of its suit"
                raise IllegalMove(f"{what} does not fit on {onto.code}: column {_written(move.dst)} takes a card one rank "
                                  f"lower {how}")
            count = len(moving) - part[0]
            if move.count != 1:  # (one token a move: the cards that fit are never counted)
                plain = FreeCellMove(move.src, move.dst).token
                raise IllegalMove(f"a count ('v') is written only for a move to an empty column: onto "
                                  f"{onto.code} the cards that fit go, so write '{plain}'")
        else:
            count = move.count
            if count > len(moving):
                raise IllegalMove(f"'{move.token}' moves {count} cards, but the run at the foot of "
                                  f"{self._place(move.src)} has {len(moving)}")
            head = moving[len(moving) - count]
            if lay.empty == KINGS and head % 13 != 12:
                raise IllegalMove(f"an empty column takes only a King, or a run headed by one, not {head.code}")
        limit = self.run_limit(state, dst)
        if count > limit:
            spaces = "" if lay.empty == KINGS else " x 2^(empty columns other than the target)"
            raise IllegalMove(f"{count} cards cannot move at once: at most {limit} here ((free cells + 1){spaces})")
        return count

    def play(self, state: FreeCellState, move: FreeCellMove) -> FreeCellState:
        lay = self.layout
        src, dst = move.src, move.dst
        shape_key = (src, dst, move.count)
        if shape_key not in self._shapes:
            self._shapes[shape_key] = self._shape_error(src, dst, move.count)
        shape = self._shapes[shape_key]
        if shape is not None:
            raise IllegalMove(shape)
        card = self._source_card(state, src)
        count = 1
        if dst == HOME:
            if card % 13 != state.home[card // 13]:
                need = state.home[card // 13]
                wanted = "nothing more (it is complete)" if need == 13 else CARDS[card // 13 * 13 + need].code
                raise IllegalMove(f"{card.code} cannot go to the foundation: {SUIT_NAMES[card.suit]} needs "
                                  f"{wanted} next")
        elif dst in lay.cells:
            occupant = state.cells[lay.cells.index(dst)]
            if occupant is not None:
                raise IllegalMove(f"cell {dst} is occupied by {occupant.code}")
        else:
            count = self._to_column(state, move)
        return self._apply(state, src, dst, count)

    def _apply(self, state: FreeCellState, src: str, dst: str, count: int) -> FreeCellState:
        lay = self.layout
        columns = list(state.columns)
        cells = list(state.cells)
        if src in lay.columns:
            i = lay.columns.index(src)
            moving = columns[i][-count:]
            columns[i] = columns[i][:-count]
        else:
            i = lay.cells.index(src)
            moving = (cells[i],)  # type: ignore[assignment]
            cells[i] = None
        home = state.home
        if dst == HOME:
            counts = list(home)
            counts[moving[0] // 13] += 1
            home = tuple(counts)  # type: ignore[assignment]
        elif dst in lay.cells:
            cells[lay.cells.index(dst)] = moving[0]
        else:
            j = lay.columns.index(dst)
            columns[j] = columns[j] + moving
        return FreeCellState(tuple(columns), tuple(cells), home, state.rules, state.deal)

    def _shape_error(self, src: str, dst: str, count: int) -> str | None:
        """Why no position could allow the move (None when some could)."""
        lay = self.layout
        if src == HOME:
            return "cards never leave the foundations"
        if self._place_of(src) not in ("column", "cell") or not self._place_of(dst):
            return f"'{src}{dst}' names a place this game does not have"
        if src == dst:
            return f"a move needs two different places, not {self._place(src)} twice"
        if src in lay.cells and dst in lay.cells:
            return "a card does not move from one cell to another (it would change nothing)"
        if count < 1:
            return "a move carries at least one card"
        if count > 1 and (dst not in lay.columns or src not in lay.columns):
            return "only a move from a column to a column carries more than one card"
        return None

    def _candidates(self, state: FreeCellState):
        lay = self.layout
        sources = [c for c, col in zip(lay.columns, state.columns) if col]
        sources += [x for x, card in zip(lay.cells, state.cells) if card is not None]
        for src in sources:
            targets = [HOME, *lay.columns] + ([] if src in lay.cells else list(lay.cells))
            for dst in targets:
                if dst == src:
                    continue
                counts = [1]
                if src in lay.columns and dst in lay.columns and not state.columns[lay.columns.index(dst)]:
                    column = state.columns[lay.columns.index(src)]
                    counts = list(range(1, len(column) - self.run_start(column) + 1))
                for count in counts:
                    move = FreeCellMove(src, dst, count)
                    try:
                        self.play(state, move)
                    except IllegalMove:
                        continue
                    yield move

    # -- notation ---------------------------------------------------------------------
    def _usage(self) -> str:
        lay = self.layout
        cols = f"1-{lay.ncols}" if lay.ncols < 10 else "1-10 (10 also as 0)"
        cells = "a-g and k" if lay.ncells == 8 else f"a-{lay.cells[-1]}"
        return (f"columns {cols}, cells {cells}, the foundation h: source then target, e.g. "
                f"3a, a5, 3h, 46; to an empty column, 46v3 moves three cards")

    def parse_move(self, token: str) -> FreeCellMove:
        move = self._parsed.get(token)
        if move is None:
            move = self._parse_move(token)
            if len(self._parsed) < 10_000:  # (bounded: tokens may come from any file)
                self._parsed[token] = move
        return move

    def _parse_move(self, token: str) -> FreeCellMove:
        text = token.strip().lower()
        found = _TOKEN.fullmatch(text)
        if not found:
            raise InputError(f"'{token}' is not a {self.title} move ({self._usage()})")
        src, dst, hexcount = found.groups()
        src, dst = ("0" if src == "10" else src), ("0" if dst == "10" else dst)
        for ch, role in ((src, "source"), (dst, "target")):
            if not self._place_of(ch):
                kind = "column" if ch.isdigit() else "cell"
                raise InputError(f"'{token}': {role} '{ch}' is no {kind} of {self.title} ({self._usage()})")
        count = 1
        if hexcount is not None:
            count = int(hexcount, 16)
            if count < 2:
                raise InputError(f"'{token}': a 'v' count is for two cards or more; a bare move carries one")
        shape = self._shape_error(src, dst, count)
        if shape is not None:
            raise InputError(f"'{token}': {shape} ({self._usage()})")
        return FreeCellMove(src, dst, count)

    def format_move(self, move: FreeCellMove) -> str:
        return move.token

    def describe_move(self, state: FreeCellState, move: FreeCellMove) -> str:
        after = self.play(state, move)  # also checks legality
        lay = self.layout
        if move.src in lay.cells:
            moving: list[Card] = [state.cells[lay.cells.index(move.src)]]  # type: ignore[list-item]
        else:
            i = lay.columns.index(move.src)
            moving = list(state.columns[i][len(after.columns[i]):])
        what = moving[0].symbol if len(moving) == 1 else f"{moving[0].symbol}-{moving[-1].symbol} ({len(moving)} cards)"
        source = self._place(move.src)
        if move.dst == HOME:
            return f"{what} from {source} to the foundation"
        if move.dst in lay.cells:
            return f"{what} from {source} to cell {move.dst}"
        target = state.columns[lay.columns.index(move.dst)]
        if not target:
            return f"{what} from {source} to the empty column {_written(move.dst)}"
        return f"{what} from {source} onto {target[-1].symbol} in column {_written(move.dst)}"

    # -- text forms -------------------------------------------------------------------
    def to_text(self, state: FreeCellState, symbols: bool = False) -> str:
        def show(card: Card | None) -> str:
            return "-" if card is None else (card.symbol if symbols else card.code)

        tops = [CARDS[s * 13 + n - 1] if n else None for s, n in enumerate(state.home)]
        lines = [*header_lines(self, state.deal, state.rules),
                 "foundations: " + " ".join(show(c) for c in tops),
                 "cells: " + " ".join(show(c) for c in state.cells)]
        lines += [f"column {n}: " + " ".join(show(c) for c in col) for n, col in enumerate(state.columns, 1)]
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def from_text(self, text: str, source: str = "<text>") -> FreeCellState:
        lay = self.layout
        piles = ["foundations", "cells"] + [f"column {n}" for n in range(1, lay.ncols + 1)]
        fields, _ = read_fields(text, [*HEADER, *piles], source, required=piles)

        def cards(key: str, blanks: bool) -> list[Card | None]:
            return field_cards(fields, key, source, blanks)

        for key, count in (("foundations", 4), ("cells", lay.ncells)):
            if len(fields[key][1].split()) != count:
                raise InputError(located(f"{key} needs exactly {count} entries ('-' for empty), got "
                                         f"{len(fields[key][1].split())}", source, fields[key][0]))
        data = {**header(fields, self, source), "foundations": dict(zip(SUITS, cards("foundations", True))),
                "cells": cards("cells", True),
                "columns": [cards(f"column {n}", False) for n in range(1, lay.ncols + 1)]}
        return self._build(data, source)

    def to_json(self, state: FreeCellState) -> dict[str, Any]:
        def code(card: Card | None) -> str | None:
            return None if card is None else card.code

        return {**textform.json_header(self, state),
                "foundations": {SUITS[s]: code(CARDS[s * 13 + n - 1]) if n else None for s, n in enumerate(state.home)},
                "cells": [code(c) for c in state.cells],
                "columns": [[c.code for c in column] for column in state.columns]}

    def from_json(self, data: dict[str, Any], source: str = "<json>") -> FreeCellState:
        lay = self.layout
        if not isinstance(data, dict):
            raise InputError(located(f"a {self.title} position must be a JSON object", source))
        missing = [k for k in ("foundations", "cells", "columns") if k not in data]
        if missing:
            raise InputError(located(f"missing key(s): {', '.join(missing)}", source))
        foundations, cells, columns = data["foundations"], data["cells"], data["columns"]
        if not isinstance(foundations, dict) or sorted(foundations) != sorted(SUITS):
            raise InputError(located(f"foundations must map each of {', '.join(SUITS)} to a card or null", source))
        if not isinstance(cells, list) or len(cells) != lay.ncells:
            raise InputError(located(f"cells must be a list of {lay.ncells} cards or nulls", source))
        if not isinstance(columns, list) or len(columns) != lay.ncols or not all(isinstance(c, list) for c in columns):
            raise InputError(located(f"columns must be a list of {lay.ncols} lists of cards", source))
        built = {**textform.json_header_read(self, data),
                 "foundations": {s: json_card(foundations[s], f"foundation {s}", source, True) for s in SUITS},
                 "cells": [json_card(c, f"cell {lay.cells[i]}", source, True) for i, c in enumerate(cells)],
                 "columns": [[json_card(c, f"column {i + 1}", source) for c in col] for i, col in enumerate(columns)]}
        return self._build(built, source)

    def _build(self, data: dict[str, Any], source: str) -> FreeCellState:
        """Check a position for consistency (every card exactly once) and make the state."""
        rules, deal = check_header(self, data, source)
        home = [0, 0, 0, 0]
        placed: list[tuple[Card, str]] = []
        for s, suit in enumerate(SUITS):
            top = data["foundations"][suit]
            if top is None:
                continue
            if top.suit != s:
                raise InputError(located(f"foundation {suit} shows {top.code}, which is not a "
                                         f"{SUIT_NAMES[s][:-1]}", source))
            home[s] = top % 13 + 1
            placed += [(CARDS[s * 13 + k], f"foundation {suit}") for k in range(home[s])]
        placed += [(c, "the cells") for c in data["cells"] if c is not None]
        for n, column in enumerate(data["columns"], 1):
            placed += [(c, f"column {n}") for c in column]
        check_once(placed, source)
        present = {c for c, _ in placed}
        absent = [c.code for c in CARDS if c not in present]
        if absent:
            raise InputError(located(f"missing card(s): {' '.join(absent)}", source))
        return FreeCellState(tuple(tuple(col) for col in data["columns"]), tuple(data["cells"]),
                             tuple(home), rules, deal)  # type: ignore[arg-type]

    # -- exports ----------------------------------------------------------------------
    def export_formats(self) -> dict[str, str]:
        return {"fcs": "Freecell Solver's board format (fc-solve reads it from standard input)"}

    def export(self, state: FreeCellState, fmt: str) -> str:
        if fmt != "fcs":
            return super().export(state, fmt)
        order = "HCDS"  # fc-solve's usual foundation order
        lines = ["Foundations: " + " ".join(f"{s}-{'0A23456789TJQK'[state.home[SUITS.index(s)]]}" for s in order)]
        lines.append("Freecells: " + " ".join("-" if c is None else c.code for c in state.cells))
        lines += [":" + "".join(" " + c.code for c in column) for column in state.columns]
        return "\n".join(lines) + "\n"


FREECELL = FreeCellFamily(FREECELL_LAYOUT)
BAKERS_GAME = FreeCellFamily(BAKERS_GAME_LAYOUT)
EIGHT_OFF = FreeCellFamily(EIGHT_OFF_LAYOUT)
SEAHAVEN_TOWERS = FreeCellFamily(SEAHAVEN_LAYOUT)
FAMILY: tuple[FreeCellFamily, ...] = (FREECELL, BAKERS_GAME, EIGHT_OFF, SEAHAVEN_TOWERS)
