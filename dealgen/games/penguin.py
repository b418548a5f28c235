"""Penguin (David Parlett): the rules exactly as ``shared/RULES.md`` states them.

Ranks turn the corner: with ``rel(c) = (rank(c) - rank(beak)) mod 13`` the foundations
build up in suit from rel 0 to rel 12, and columns build down in suit circularly (King
above Ace). The three rule sets differ only in how many cards a column-to-column move
may carry, so they share every line of this engine but ``_run_limit``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, cast

from ..cards import CARDS, RANK_NAMES, SUIT_NAMES, SUITS, Card
from ..deals import shuffled_pack
from ..errors import IllegalMove, InputError, located
from . import textform
from .tableau import TableauGame
from .textform import HEADER, card_names, check_header, check_once, field_cards, header, header_lines, json_card, listed, read_fields

NCOLS = 7
NCELLS = 7
COLUMNS = "1234567"
CELLS = "abcdefg"
HOME = "h"
RULE_SETS = ("parlett", "supermove", "single")


def higher(card: int) -> int:
    """The card of the same suit one rank above, King above Ace (A-K wraps to K-A)."""
    return card - 12 if card % 13 == 12 else card + 1


def lower(card: int) -> int:
    """The card of the same suit one rank below: the one that packs onto ``card``."""
    return card + 12 if card % 13 == 0 else card - 1


_HIGHER = tuple(higher(card) for card in range(52))  # higher() looked up: replays run it per card


@dataclass(frozen=True)
class PenguinState:
    """A Penguin position. Columns list cards deepest first; ``home[s]`` counts suit s's foundation."""

    beak: Card
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    home: tuple[int, int, int, int]
    rules: str = "parlett"
    deal: int | None = None

    def rel(self, card: int) -> int:
        return (card - self.beak) % 13

    def home_top(self, suit: int) -> Card | None:
        """The top card of a suit's foundation, or None while it is empty."""
        count = self.home[suit]
        if not count:
            return None
        return CARDS[suit * 13 + (self.beak % 13 + count - 1) % 13]

    def next_home(self, suit: int) -> Card | None:
        """The card that the suit's foundation takes next (None when complete)."""
        count = self.home[suit]
        if count == 13:
            return None
        return CARDS[suit * 13 + (self.beak % 13 + count) % 13]

    @property
    def cards_home(self) -> int:
        return sum(self.home)

    def run_start(self, col: int) -> int:
        """Index in column ``col`` where the run at its exposed end begins."""
        column = self.columns[col]
        i = len(column) - 1
        while i > 0 and column[i - 1] == _HIGHER[column[i]]:
            i -= 1
        return max(i, 0)


@dataclass(frozen=True, order=True)
class PenguinMove:
    """Source then target: columns '1'-'7', cells 'a'-'g', the foundation 'h'."""

    src: str
    dst: str

    @property
    def token(self) -> str:
        return self.src + self.dst


def _shape_error(src: str, dst: str) -> str | None:
    """Why no position could allow a move from ``src`` to ``dst`` (None when some could)."""
    if src == HOME:
        return "cards never leave the foundations"
    if src in CELLS and dst in CELLS:
        return "a card cannot move from one flipper cell to another"
    if src == dst:
        return f"a move needs two different places, not {_place(src)} twice"
    return None


def _place(ch: str) -> str:
    if ch in COLUMNS:
        return f"column {ch}"
    if ch in CELLS:
        return f"cell {ch}"
    return "the foundation"


class Penguin(TableauGame):
    name = "penguin"
    title = "Penguin"
    rule_sets = RULE_SETS
    rule_notes = {
        "parlett": "runs of any length move between columns (Parlett, Goodsol, PySolFC)",
        "supermove": "runs limited to (empty cells + 1) x 2^(empty columns other than the target)",
        "single": "one card at a time",
    }
    rule_labels = {"parlett": "Parlett rules", "single": "single-card rules"}
    legal_move_means_playing = True  # won: no card left to move; lost: no legal move
    metric_names = ("states_expanded", "states_seen", "solution_length", "max_cells", "min_cells", "min_cells_states",
                    "audit_positions", "players_lost", "careful_won", "expanded_share")
    rule_prose = {
        "parlett": "A run may be of any length, as in Parlett's rules and in Goodsol's and PySolFC's Penguin.",
        "supermove": "A run may be only as long as it could be moved one card at a time through the free cells "
                     "and empty columns: (empty cells + 1) x 2 to the power of the empty columns other than the "
                     "one it goes to.",
        "single": "Under the rules of this book only one card moves at a time: a run is taken over card by card, "
                  "through the cells.",
    }
    how_to_play = """\
## The layout
All 52 cards lie face up in seven columns of seven, fanned so you can see every card. The first card of the
first column, at the top left and covered by six others, is the beak. The other three cards of the beak's
rank have already been moved out to start three foundations on the right; the fourth foundation waits for
the beak. Below the columns is the flipper: seven cells, each holding one card, empty at the start.

## The aim
Build all four foundations up in suit, thirteen cards each, starting from the beak's rank and turning the
corner from King to Ace: with a Ten as the beak, a foundation runs 10 J Q K A 2 3 4 5 6 7 8 9.

## Moves
The exposed card at the foot of a column, and any card in the flipper, may go to its foundation when it is
the next card there. An exposed card may go into any empty cell of the flipper; cards never move from one
cell to another, and never leave a foundation.

Columns build down in suit, also turning the corner: a card goes on the next higher card of its own suit, so
a King goes on an Ace, and the rank below the beak goes on a card of the beak's rank. A run of cards in
sequence at the foot of a column moves as one onto a column where its top card fits. {rules}

An emptied column may be filled only by a card one rank below the beak, or by a run headed by one.

## Reading the solutions
Columns are numbered 1 to 7 from the left, the flipper's cells are lettered a to g, and h is the
foundation. A move names its source and then its target: 3a moves the exposed card of column 3 to cell a,
a5 moves that card onto column 5, 3h plays to the foundation, and 46 moves the run from column 4 that fits
onto column 6. Every solution in this book was replayed move by move by the game engine before printing.
"""

    play_help = ("Click a column or cell (or type its name: 1-7, a-g), then where it goes (h is the foundation). "
                 "Double-click a card to send it home. U or Backspace undoes, Escape drops the choice.")

    def layout_words(self, state: PenguinState) -> str:
        beak = state.beak
        held = [state.home_top(s) for s in range(4)]
        starts = [top.name for top in held if top is not None]
        waits = [SUIT_NAMES[s] for s in range(4) if held[s] is None]
        parts = [f"The beak is the {beak.name}. The foundations hold the {listed(starts, ', the ', ' and the ')}"
                 + (f"; the {waits[0]} foundation waits for the beak." if waits else ".")]
        columns = "; ".join(f"column {n}: {card_names(col) if col else 'empty'}" for n, col in enumerate(state.columns, 1))
        parts.append(f"Columns, each from its deepest card to its exposed card: {columns}.")
        cells = [(letter, card) for letter, card in zip(CELLS, state.cells) if card is not None]
        parts.append("The seven flipper cells are empty." if not cells else
                     "Flipper cells: " + ", ".join(f"{letter} the {card.name}" for letter, card in cells) + ".")
        return " ".join(parts)

    # -- dealing ------------------------------------------------------------------
    def deal(self, number: int, rules: str | None = None) -> PenguinState:
        rules = self.check_rules(rules)
        if type(number) is int:  # (a cache hit must not let 1.0 or True pass for 1)
            return _dealt(number, rules)
        return self._deal(number, rules)

    @staticmethod
    def _deal(number: int, rules: str) -> PenguinState:
        pack = shuffled_pack(number)
        beak_rank = pack[0] % 13
        same = [c for c in pack if c % 13 == beak_rank]
        rest = [c for c in pack if c % 13 != beak_rank]
        *starters, beak = same  # the first three go to foundations, the fourth is the beak
        home = [0, 0, 0, 0]
        for card in starters:
            home[card.suit] = 1
        layout = [beak] + rest
        columns = tuple(tuple(layout[c::NCOLS]) for c in range(NCOLS))
        return PenguinState(beak, columns, (None,) * NCELLS, cast("tuple[int, int, int, int]", tuple(home)), rules, number)

    # -- rules ------------------------------------------------------------------------
    def _run_limit(self, state: PenguinState, target: int) -> int:
        if state.rules == "single":
            return 1
        if state.rules == "supermove":
            free_cells = sum(1 for c in state.cells if c is None)
            free_cols = sum(1 for i, col in enumerate(state.columns) if not col and i != target)
            return (free_cells + 1) * 2**free_cols
        return 52

    def _source_card(self, state: PenguinState, src: str) -> Card:
        if src in CELLS:
            card = state.cells[CELLS.index(src)]
            if card is None:
                raise IllegalMove(f"cell {src} is empty")
            return card
        column = state.columns[COLUMNS.index(src)]
        if not column:
            raise IllegalMove(f"column {src} is empty")
        return column[-1]

    def _column_part(self, state: PenguinState, move: PenguinMove) -> int:
        """How many cards a move onto a column carries; IllegalMove says why it cannot."""
        dst = COLUMNS.index(move.dst)
        target = state.columns[dst]
        if move.src in CELLS:
            moving: tuple[Card, ...] = (self._source_card(state, move.src),)
        else:
            self._source_card(state, move.src)
            col = COLUMNS.index(move.src)
            moving = state.columns[col][state.run_start(col):]
        if target:
            wanted = lower(target[-1])
            if wanted not in moving:
                what = moving[-1].code if len(moving) == 1 else f"the run {moving[0].code}-{moving[-1].code}"
                raise IllegalMove(
                    f"{what} does not fit on {target[-1].code}: column {move.dst} takes only {CARDS[wanted].code}"
                )
            count = len(moving) - moving.index(wanted)
        else:
            heads = [i for i, c in enumerate(moving) if state.rel(c) == 12]
            below = RANK_NAMES[(state.beak % 13 + 12) % 13]
            if not heads:
                raise IllegalMove(
                    f"an empty column takes only a {below} here (the rank below the beak), "
                    f"or a run headed by one"
                )
            count = len(moving) - heads[0]
        limit = self._run_limit(state, dst)
        if count > limit:
            if state.rules == "single":
                raise IllegalMove(f"rule set 'single' moves one card at a time; this needs {count} cards")
            raise IllegalMove(
                f"{count} cards cannot move at once under '{state.rules}': at most {limit} here "
                f"((empty cells + 1) x 2^(empty columns other than the target))"
            )
        return count

    def play(self, state: PenguinState, move: PenguinMove) -> PenguinState:
        src, dst = move.src, move.dst
        shape = _shape_error(src, dst)  # parse_move refuses these; moves built in code may not be parsed
        if shape is not None:
            raise IllegalMove(shape)
        card = self._source_card(state, src)
        count = 1
        if dst == HOME:
            wanted = state.next_home(card // 13)
            assert wanted is not None  # a suit is complete only with every card of it home, none left to move
            if card != wanted:
                suit = SUIT_NAMES[card.suit]
                note = " (the beak)" if wanted == state.beak else ""
                raise IllegalMove(
                    f"{card.code} cannot go to the foundation: {suit} needs {wanted.code}{note} next"
                )
        elif dst in CELLS:
            occupant = state.cells[CELLS.index(dst)]
            if occupant is not None:
                raise IllegalMove(f"cell {dst} is occupied by {occupant.code}")
        else:
            count = self._column_part(state, move)
        return self._apply(state, src, dst, count)

    def _apply(self, state: PenguinState, src: str, dst: str, count: int) -> PenguinState:
        columns = list(state.columns)
        cells = list(state.cells)
        if src in CELLS:
            i = CELLS.index(src)
            moving: tuple[Card, ...] = (cells[i],)  # type: ignore[assignment]
            cells[i] = None
        else:
            i = COLUMNS.index(src)
            moving = columns[i][-count:]
            columns[i] = columns[i][:-count]
        home = state.home
        if dst == HOME:
            counts = list(home)
            counts[moving[0] // 13] += 1
            home = tuple(counts)  # type: ignore[assignment]
        elif dst in CELLS:
            cells[CELLS.index(dst)] = moving[0]
        else:
            j = COLUMNS.index(dst)
            columns[j] = columns[j] + moving
        # (the class called directly: dataclasses.replace costs more than the rest of a move)
        return type(state)(state.beak, tuple(columns), tuple(cells), home, state.rules, state.deal)

    def _candidates(self, state: PenguinState):
        sources = [c for c in COLUMNS if state.columns[COLUMNS.index(c)]]
        sources += [x for x, card in zip(CELLS, state.cells) if card is not None]
        for src in sources:
            for dst in (HOME,) + tuple(COLUMNS) + tuple(CELLS):
                move = PenguinMove(src, dst)
                try:
                    self.play(state, move)
                except IllegalMove:
                    continue
                yield move

    # -- notation ---------------------------------------------------------------------
    def parse_move(self, token: str) -> PenguinMove:
        move = _MOVES.get(token)  # every well-formed token, read once (replays parse each move)
        if move is not None:
            return move
        text = token.strip().lower()
        usage = "columns 1-7, flipper cells a-g, foundation h: source then target, e.g. 3a, a5, 3h, 46"
        if len(text) != 2:
            raise InputError(f"'{token}' is not a Penguin move ({usage})")
        src, dst = text[0], text[1]
        for ch, role in ((src, "source"), (dst, "target")):
            if ch not in COLUMNS + CELLS + HOME:
                kind = "column" if ch.isdigit() else "cell"
                raise InputError(f"'{token}': {role} '{ch}' is no {kind} ({usage})")
        shape = _shape_error(src, dst)
        if shape is not None:  # no position allows it: a notation error, like an unknown place
            raise InputError(f"'{token}': {shape} ({usage})")
        return PenguinMove(src, dst)

    def format_move(self, move: PenguinMove) -> str:
        return move.token

    def describe_move(self, state: PenguinState, move: PenguinMove) -> str:
        after = self.play(state, move)  # also checks legality
        if move.src in CELLS:
            moving: list[Card] = [state.cells[CELLS.index(move.src)]]  # type: ignore[list-item]
        else:
            i = COLUMNS.index(move.src)
            moving = list(state.columns[i][len(after.columns[i]):])
        what = moving[0].symbol if len(moving) == 1 else f"{moving[0].symbol}-{moving[-1].symbol} ({len(moving)} cards)"
        if moving[0] == state.beak and len(moving) == 1:
            what += " (the beak)"
        source = _place(move.src)
        if move.dst == HOME:
            return f"{what} from {source} to the foundation"
        if move.dst in CELLS:
            return f"{what} from {source} to {_place(move.dst)}"
        target = state.columns[COLUMNS.index(move.dst)]
        if not target:
            return f"{what} from {source} to the empty column {move.dst}"
        return f"{what} from {source} onto {target[-1].symbol} in column {move.dst}"

    # -- text forms -------------------------------------------------------------------
    def to_text(self, state: PenguinState, symbols: bool = False) -> str:
        def show(card: Card | None) -> str:
            return "-" if card is None else (card.symbol if symbols else card.code)

        lines = [
            *header_lines(self, state.deal, state.rules),
            f"beak: {show(state.beak)}",
            "foundations: " + " ".join(show(state.home_top(s)) for s in range(4)),
            "cells: " + " ".join(show(c) for c in state.cells),
        ]
        for n, column in enumerate(state.columns, 1):
            lines.append(f"column {n}: " + " ".join(show(c) for c in column))
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def from_text(self, text: str, source: str = "<text>") -> PenguinState:
        piles = ["beak", "foundations", "cells"] + [f"column {n}" for n in range(1, NCOLS + 1)]
        fields, _ = read_fields(text, [*HEADER, *piles], source, required=piles)

        def cards(key: str, blanks: bool) -> list[Card | None]:
            return field_cards(fields, key, source, blanks)

        data: dict[str, Any] = {
            **header(fields, self, source),
            "beak": cards("beak", False),
            "foundations": dict(zip(SUITS, cards("foundations", True))),
            "cells": cards("cells", True),
            "columns": [cards(f"column {n}", False) for n in range(1, NCOLS + 1)],
        }
        for key, count in (("beak", 1), ("foundations", 4), ("cells", NCELLS)):
            if len(data[key]) != count:
                lineno = fields[key][0]
                raise InputError(located(f"{key} needs exactly {count} entries ('-' for empty), got {len(data[key])}", source, lineno))
        data["beak"] = data["beak"][0]
        return self._build(data, source)

    def to_json(self, state: PenguinState) -> dict[str, Any]:
        def code(card: Card | None) -> str | None:
            return None if card is None else card.code

        return {
            **textform.json_header(self, state),
            "beak": state.beak.code,
            "foundations": {SUITS[s]: code(state.home_top(s)) for s in range(4)},
            "cells": [code(c) for c in state.cells],
            "columns": [[c.code for c in column] for column in state.columns],
        }

    def from_json(self, data: dict[str, Any], source: str = "<json>") -> PenguinState:
        if not isinstance(data, dict):
            raise InputError(located("a Penguin position must be a JSON object", source))
        keys = ("beak", "foundations", "cells", "columns")
        missing = [k for k in keys if k not in data]
        if missing:
            raise InputError(located(f"missing key(s): {', '.join(missing)}", source))

        def card(value: Any, where: str) -> Card | None:
            return json_card(value, where, source, nullable=True)

        foundations = data["foundations"]
        if not isinstance(foundations, dict) or sorted(foundations) != sorted(SUITS):
            raise InputError(located(f"foundations must map each of {', '.join(SUITS)} to a card or null", source))
        cells, columns = data["cells"], data["columns"]
        if not isinstance(cells, list) or len(cells) != NCELLS:
            raise InputError(located(f"cells must be a list of {NCELLS} cards or nulls", source))
        if not isinstance(columns, list) or len(columns) != NCOLS or not all(isinstance(c, list) for c in columns):
            raise InputError(located(f"columns must be a list of {NCOLS} lists of cards", source))
        built = {
            **textform.json_header_read(self, data),
            "beak": card(data["beak"], "beak"),
            "foundations": {s: card(foundations[s], f"foundation {s}") for s in SUITS},
            "cells": [card(c, f"cell {CELLS[i]}") for i, c in enumerate(cells)],
            "columns": [[card(c, f"column {i + 1}") for c in col] for i, col in enumerate(columns)],
        }
        if built["beak"] is None or any(c is None for col in built["columns"] for c in col):
            raise InputError(located("the beak and column cards cannot be null", source))
        return self._build(built, source)

    def _build(self, data: dict[str, Any], source: str) -> PenguinState:
        """Check a position for consistency (every card exactly once) and make the state."""
        rules, deal = check_header(self, data, source)
        beak: Card = data["beak"]
        home = [0, 0, 0, 0]
        placed: list[tuple[Card, str]] = []  # every card with where it was given

        def seen(cards: Iterable[Card], where: str) -> None:
            placed.extend((c, where) for c in cards)

        for s, suit in enumerate(SUITS):
            top = data["foundations"][suit]
            if top is None:
                continue
            if top.suit != s:
                raise InputError(located(f"foundation {suit} shows {top.code}, which is not a {SUIT_NAMES[s][:-1]}", source))
            home[s] = (top - beak) % 13 + 1
            seen((CARDS[s * 13 + (beak % 13 + k) % 13] for k in range(home[s])), f"foundation {suit}")
        cells = tuple(data["cells"])
        seen((c for c in cells if c is not None), "the cells")
        for n, column in enumerate(data["columns"], 1):
            seen(column, f"column {n}")
        def hint(wheres: list[str]) -> str:
            if not any(w.startswith("foundation") for w in wheres):
                return ""
            return (f" (a foundation holds every card from the beak's rank, {RANK_NAMES[beak % 13]}, up to the "
                    f"one it shows: is the beak or a foundation wrong?)")

        check_once(placed, source, hint)
        present = {c for c, _ in placed}
        absent = [c.code for c in CARDS if c not in present]
        if absent:
            raise InputError(located(f"missing card(s): {' '.join(absent)}", source))
        columns = tuple(tuple(col) for col in data["columns"])
        return PenguinState(beak, columns, cells, tuple(home), rules, deal)  # type: ignore[arg-type]

    # -- exports ----------------------------------------------------------------------
    def export_formats(self) -> dict[str, str]:
        return {"fcs": "Freecell Solver's board format, ranks relabelled so the beak is the Ace"}

    def export(self, state: PenguinState, fmt: str) -> str:
        if fmt != "fcs":
            return super().export(state, fmt)

        def fcs(card: Card) -> str:
            return "A23456789TJQK"[state.rel(card)] + SUITS[card.suit]

        order = "HCDS"  # fc-solve's usual foundation order
        found = " ".join(
            f"{s}-{'0A23456789TJQK'[state.home[SUITS.index(s)]]}" for s in order
        )
        lines = [f"Foundations: {found}"]
        if any(c is not None for c in state.cells):
            lines.append("Freecells: " + " ".join("-" if c is None else fcs(c) for c in state.cells))
        for column in state.columns:
            lines.append(":" + "".join(" " + fcs(c) for c in column))
        return "\n".join(lines) + "\n"


PENGUIN = Penguin()
# A solve deals its deal three times (to solve it, to see that a position is the deal's start,
# to replay the solution from it) and shuffling costs more than the replay: states are immutable
# values, so the last few are kept.
_dealt = lru_cache(maxsize=32)(Penguin._deal)
_MOVES = {move.token: move for move in (PenguinMove(a, b) for a in COLUMNS + CELLS for b in COLUMNS + CELLS + HOME)
          if _shape_error(move.src, move.dst) is None}
