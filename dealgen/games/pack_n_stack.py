"""Pack 'n' Stack (David Parlett): two players, Red and Black, exactly as ``shared/RULES.md``.

The 5x5 square: columns a-e from left to right, rows 1-5 from top to bottom (row 1 is
dealt first), so ``a1`` is the top-left square and ``e5`` the bottom-right; square
index = (row - 1) * 5 + column. Piles are single-suit (packing needs the same suit) and
are kept bottom card first, so ``pile[-1]`` is the head.

Notation: ``b2-b5`` packs the pile on b2 onto the pile on b5; ``b2>b5`` moves the packet
on b2 to the empty square b5 (only once the stock is empty); ``pass`` is a pass. Only the
heads matter for a pack, so the token never names cards.

The state remembers the positions seen since the last pack (a pack reduces the number of
piles for good, so earlier positions can never recur): that is all the repetition and
20-quiet-turns draws need, and a state after a pack carries no history at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Hashable, Iterable, Sequence

from ..cards import CARDS, RED_SUITS, SUIT_NAMES, Card
from ..deals import is_whole, shuffled_pack
from ..errors import IllegalMove, InputError, located
from . import textform
from .base import Game, Outcome
from .textform import HEADER, check_header, check_once, header, header_lines, json_card, read_fields

SIZE = 5
NSQ = SIZE * SIZE
COLS = "abcde"
ROWS = "12345"
SIDES = ("red", "black")
QUIET_LIMIT = 20  # turns in a row without a pack that draw the game
REPEAT_LIMIT = 3  # the same position with the same player to move, seen this often, draws
PACKS_NEEDED = 24  # 26 cards of a colour into 2 piles

SQUARE_NAMES = tuple(c + r for r in ROWS for c in COLS)
_SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}
# SEES[i]: the other squares in i's row or column, in index order.
SEES: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(NSQ) if j != i and (j // SIZE == i // SIZE or j % SIZE == i % SIZE))
    for i in range(NSQ)
)
_SEES_SET = tuple(frozenset(s) for s in SEES)


def _shape_error(src: int, dst: int) -> str | None:
    """Why no position could allow a move between these squares (None when some could)."""
    a, b = SQUARE_NAMES[src], SQUARE_NAMES[dst]
    if src == dst:
        return f"a move needs two different squares, not {a} twice"
    if dst not in _SEES_SET[src]:
        return f"{a} does not see {b}: not in the same row or column"
    return None


def square_name(index: int) -> str:
    return SQUARE_NAMES[index]


def side_of(card: int) -> int:
    """0 for Red (hearts, diamonds), 1 for Black (clubs, spades)."""
    return 0 if card // 13 in RED_SUITS else 1


def _follows(moving: int, target: int) -> bool:
    """Whether a head of rank ``moving`` may land on a head of rank ``target`` (1 = Ace .. 13 = King)."""
    if target <= 10:
        return moving > target
    if target == 11:
        return moving in (12, 13) or (moving <= 10 and moving % 2 == 1)
    if target == 12:
        return moving == 13 or (moving <= 10 and moving % 2 == 0)
    return moving <= 10


# FOLLOWS[moving card][target card]: same suit and the heads' ranks allow it.
FOLLOWS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(a // 13 == b // 13 and _follows(a % 13 + 1, b % 13 + 1) for b in range(52)) for a in range(52)
)
_TAKES = {
    11: "a Jack takes only a Queen, a King or an odd numeral",
    12: "a Queen takes only a King or an even numeral",
    13: "a King takes only a numeral",
}
_RANK_WORD = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")


def pile_fault(pile: Sequence[Card]) -> str | None:
    """Why no play could have built ``pile`` (bottom first), or None. A pile is one card, or
    a pile packed onto a pile: its head followed the head of the lower part, at some split."""
    shown = "/".join(c.code for c in pile)
    if len({c.suit for c in pile}) > 1:
        return f"a pile holds one suit only, not {shown}"
    if not pile:
        return None

    @lru_cache(maxsize=None)
    def built(i: int, j: int) -> bool:  # pile[i:j]
        return j - i == 1 or any(built(i, k) and built(k, j) and FOLLOWS[pile[j - 1]][pile[k - 1]]
                                 for k in range(i + 1, j))

    if not built(0, len(pile)):
        return (f"{shown} is a pile no packs could build: a pile's top card must be able to follow the top card "
                "of the pile it was packed onto")
    return None


def _article(rank: int) -> str:
    return ("an " if rank in (1, 8) else "a ") + _RANK_WORD[rank - 1]


Pile = tuple[Card, ...]


@dataclass(frozen=True)
class PnsState:
    """A position. ``square[i]`` is the pile on square i (bottom first, () when empty);
    ``stock`` is top card first; ``to_move`` is 0 (Red) or 1 (Black); ``quiet`` counts turns
    in a row without a pack; ``seen`` holds the position keys since the last pack, the
    current one last (for the repetition draw)."""

    square: tuple[Pile, ...]
    stock: Pile
    to_move: int
    quiet: int = 0
    seen: tuple[Hashable, ...] = ()
    rules: str = "parlett"
    deal: int | None = None

    def __hash__(self) -> int:  # states fill search tables: hash the fields once
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash((self.square, self.stock, self.to_move, self.quiet, self.seen, self.rules, self.deal))
            object.__setattr__(self, "_hash", h)
        return h

    @property
    def key(self) -> tuple:
        """What must recur for a repetition: the square and the player to move."""
        return (self.square, self.to_move)

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """Red's piles, Black's piles, Red's complete stacks, Black's complete stacks (on the square)."""
        # kept by hand: searches ask every position, and cached_property takes a lock each time
        found = self.__dict__.get("_counts")
        if found is None:
            found = self.__dict__["_counts"] = self._count()
        return found

    def _count(self) -> tuple[int, int, int, int]:
        piles = [0, 0]
        stacks = [0, 0]
        for p in self.square:
            if p:
                side = side_of(p[-1])
                piles[side] += 1
                if len(p) == 13:
                    stacks[side] += 1
        return piles[0], piles[1], stacks[0], stacks[1]

    @property
    def side(self) -> str:
        return SIDES[self.to_move]

    def packs_left(self, side: int) -> int:
        """Packs ``side`` still needs: one per pile or stock card of its colour, less the two stacks."""
        stock = sum(1 for c in self.stock if side_of(c) == side) if self.stock else 0
        return self.counts[side] + stock - 2

    def stacks(self, side: int) -> int:
        return self.counts[2 + side]


@dataclass(frozen=True, order=True)
class PnsMove:
    """``kind`` is "pack", "shift" (a packet to an empty square) or "pass"; squares 0-24."""

    kind: str
    src: int = -1
    dst: int = -1

    @property
    def token(self) -> str:
        if self.kind == "pass":
            return "pass"
        sep = "-" if self.kind == "pack" else ">"
        return SQUARE_NAMES[self.src] + sep + SQUARE_NAMES[self.dst]


PASS = PnsMove("pass")
# Every pack and packet move made once: move generation hands these out instead of building
# new ones (searches generate millions).
_PACK = tuple(tuple(PnsMove("pack", i, j) for j in range(NSQ)) for i in range(NSQ))
_SHIFT = tuple(tuple(PnsMove("shift", i, j) for j in range(NSQ)) for i in range(NSQ))
_USAGE = ("squares a1-e5 (column a-e left to right, row 1-5 top to bottom); b2-b5 packs b2 onto b5, "
          "b2>b5 moves the packet on b2 to the empty square b5, pass passes")


def _fresh(square: tuple[Pile, ...], stock: Pile, to_move: int, quiet: int, seen: tuple,
           rules: str, deal: int | None) -> PnsState:
    return PnsState(square, stock, to_move, quiet, seen + ((square, to_move),), rules, deal)


class PackNStack(Game[PnsState, PnsMove]):
    name = "pack-n-stack"
    title = "Pack 'n' Stack"
    pysolfc_game = "Perpetual Motion"  # PySolFC has no such game; the deal shuffles the same
    record_outcomes = {"won": "won", "drawn": "drawn"}  # a game record may end either way
    rule_sets = ("parlett",)
    rule_labels = {"parlett": "Parlett rules"}
    rule_notes = {
        "parlett": "one move a turn, a player who can move must, one who cannot passes; drawn by deadlock, "
                   "a third repetition or 20 turns without a pack (house rules where Parlett is silent)",
    }
    players = SIDES
    rule_prose = {
        "parlett": "Parlett is silent on turns, passing and draws: one move a turn, passing only without a move, "
                   "and these draws are our house rules.",
    }
    how_to_play = """\
## The layout
Two players, Red (hearts and diamonds) and Black (clubs and spades). Twenty-five cards lie face up in a five
by five square; the other twenty-seven are the stock, face down. Each player touches only cards of their
own colour. The player with fewer cards of their colour in the square moves first.

## The aim
Be the first to build two stacks of your colour, each holding all thirteen cards of one suit.

## Moves
Players take turns, one move a turn; a player who can move must, and one who cannot passes. Two squares see
each other when they are in the same row or column. A card, or a pile of cards of one suit, goes onto a
pile of the same suit that it sees when its top card may follow that pile's top card: on a numeral (Ace to
10) any higher card; on a Jack a Queen, a King or an odd numeral; on a Queen a King or an even numeral; on
a King any numeral. A square left empty is refilled at once from the stock. Once the stock is empty, a pile
of two or more cards may also move to an empty square it sees.

The game is drawn when neither player can move, when a position comes round a third time with the same
player to move, or after twenty turns in a row without a pack. {rules}

## Reading the diagrams and solutions
Each pile shows its top card, with the number of cards in it underneath (a card with no number is alone); a
finished stack, all thirteen cards of its suit, is marked "complete".
Columns are lettered a to e from the left and rows numbered 1 to 5 from the top. b2-b5 packs the pile on
b2 onto the pile on b5; b2>b5 moves the pile on b2 to the empty square b5; pass is a pass. Every line in
this book was replayed by the game engine before printing.
"""

    play_help = ("You play {winner}. Click one of your piles (or type its square, such as c3), then the square it "
                 "goes to. {defender} answers from the verified strategy. U undoes.")

    def layout_words(self, state: PnsState) -> str:
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

    # -- dealing ------------------------------------------------------------------
    def deal(self, number: int, rules: str | None = None) -> PnsState:
        rules = self.check_rules(rules)
        pack = shuffled_pack(number)
        square = tuple((c,) for c in pack[:NSQ])
        reds = sum(1 for c in pack[:NSQ] if side_of(c) == 0)
        first = 0 if reds < NSQ - reds else 1  # 25 cards: never a tie
        return _fresh(square, tuple(pack[NSQ:]), first, 0, (), rules, number)

    # -- rules ------------------------------------------------------------------------
    def _moves_for(self, state: PnsState, side: int, first_only: bool = False) -> list[PnsMove]:
        square = state.square
        shifts = not state.stock
        moves: list[PnsMove] = []
        for i in range(NSQ):
            pile = square[i]
            if not pile or side_of(pile[-1]) != side:
                continue
            follows = FOLLOWS[pile[-1]]
            packs, moves_to = _PACK[i], _SHIFT[i]
            for j in SEES[i]:
                target = square[j]
                if target:
                    if not follows[target[-1]]:
                        continue
                    moves.append(packs[j])
                elif shifts and len(pile) > 1:
                    moves.append(moves_to[j])
                else:
                    continue
                if first_only:
                    return moves
        return moves

    def can_move(self, state: PnsState, side: int) -> bool:
        return bool(self._moves_for(state, side, first_only=True))

    def legal_moves(self, state: PnsState) -> list[PnsMove]:
        if self._result(state) is not None:
            return []
        moves = self._moves_for(state, state.to_move)
        if moves:
            return moves
        return [PASS] if self.can_move(state, 1 - state.to_move) else []

    def _why_not(self, state: PnsState, move: PnsMove) -> str | None:
        """Why ``move`` is illegal here, in words; None when it is legal."""
        result = self.outcome(state)
        if result.over:
            return f"the game is over ({result.summary}): no move may follow"
        me = state.side.capitalize()
        if move.kind == "pass":
            mine = self._moves_for(state, state.to_move, first_only=True)
            if mine:
                return f"{me} can move ({mine[0].token}) and must: a pass is allowed only with no legal move"
            return None
        src, dst = move.src, move.dst
        a, b = SQUARE_NAMES[src], SQUARE_NAMES[dst]
        pile = state.square[src]
        shape = _shape_error(src, dst)  # parse_move refuses these; moves built in code may not be parsed
        if shape is not None:
            return shape
        if not pile:
            return f"{a} is empty: there is nothing to move"
        head = pile[-1]
        owner = side_of(head)
        if owner != state.to_move:
            return f"{head.code} belongs to {SIDES[owner].capitalize()}; {me} is to move"
        target = state.square[dst]
        if move.kind == "shift":
            if target:
                return f"{b} is not empty (it holds {target[-1].code}): " + self._instead(state, PnsMove("pack", src, dst))
            if state.stock:
                return (f"{b} is empty but the stock still holds {len(state.stock)} card(s): "
                        f"nothing moves to an empty square while the stock lasts")
            if len(pile) == 1:
                return f"{head.code} is a single card: only a packet (two or more cards) may move to an empty square"
            return None
        if not target:
            if state.stock:
                return f"{b} is empty: nothing moves to an empty square while the stock lasts"
            return f"{b} is empty: " + self._instead(state, PnsMove("shift", src, dst))
        top = target[-1]
        if top.suit != head.suit:
            return f"{head.code} cannot go on {top.code}: packing needs the same suit"
        if not FOLLOWS[head][top]:
            mr, tr = head.rank, top.rank
            if tr <= 10:
                return f"{_article(mr)} cannot go on {_article(tr)}: a numeral takes only a higher card"
            return f"{_article(mr)} cannot go on {_article(tr)}: {_TAKES[tr]}"
        return None

    def _instead(self, state: PnsState, move: PnsMove) -> str:
        """The other kind of move between the same squares: suggested when legal, else why not."""
        reason = self._why_not(state, move)
        if reason is not None:
            return reason
        return f"to {'pack onto it' if move.kind == 'pack' else 'move a packet there'} write {move.token}"

    def play(self, state: PnsState, move: PnsMove) -> PnsState:
        reason = self._why_not(state, move)
        if reason is not None:
            raise IllegalMove(reason)
        return self.apply(state, move)

    def apply(self, state: PnsState, move: PnsMove) -> PnsState:
        """``play`` without the legality check, for searches that took the move from legal_moves."""
        other = 1 - state.to_move
        if move.kind == "pass":
            return _fresh(state.square, state.stock, other, state.quiet + 1, state.seen, state.rules, state.deal)
        square = list(state.square)
        stock = state.stock
        moving = square[move.src]
        if stock:
            square[move.src] = (stock[0],)
            stock = stock[1:]
        else:
            square[move.src] = ()
        if move.kind == "pack":
            square[move.dst] = square[move.dst] + moving
            return _fresh(tuple(square), stock, other, 0, (), state.rules, state.deal)
        square[move.dst] = moving
        return _fresh(tuple(square), stock, other, state.quiet + 1, state.seen, state.rules, state.deal)

    def _result(self, state: PnsState) -> Outcome | None:
        """The outcome when the game is over (without the deadlock test), else None."""
        counts = state.counts  # searches ask this of every position: kept lean
        for side in (0, 1):
            if counts[2 + side] >= 2:
                name = SIDES[side].capitalize()
                return Outcome("won", f"{name} won: two complete stacks", SIDES[side])
        if state.quiet >= QUIET_LIMIT:
            return Outcome("drawn", f"drawn: {QUIET_LIMIT} turns in a row without a pack")
        if len(state.seen) >= REPEAT_LIMIT and state.seen.count(state.key) >= REPEAT_LIMIT:
            return Outcome("drawn", f"drawn: the position recurred a third time with {state.side.capitalize()} to move")
        return None

    def outcome(self, state: PnsState) -> Outcome:
        result = self._result(state)
        if result is not None:
            return result
        if not self.can_move(state, 0) and not self.can_move(state, 1):
            return Outcome("drawn", "drawn: neither player can move")
        packs = f"Red {PACKS_NEEDED - state.packs_left(0)}, Black {PACKS_NEEDED - state.packs_left(1)} of {PACKS_NEEDED} packs"
        return Outcome("playing", f"{state.side.capitalize()} to move; {packs}; stock {len(state.stock)}")

    def to_move(self, state: PnsState) -> str:
        return state.side

    # -- notation ---------------------------------------------------------------------
    def parse_move(self, token: str) -> PnsMove:
        text = token.strip().lower()
        if text == "pass":
            return PASS
        if len(text) != 5 or text[2] not in "->":
            raise InputError(f"'{token}' is not a Pack 'n' Stack move ({_USAGE})")
        names = (text[:2], text[3:])
        for name, role in zip(names, ("source", "target")):
            if name not in _SQUARE_INDEX:
                raise InputError(f"'{token}': {role} '{name}' is not a square ({_USAGE})")
        src, dst = _SQUARE_INDEX[names[0]], _SQUARE_INDEX[names[1]]
        shape = _shape_error(src, dst)
        if shape is not None:  # no position allows it: a notation error, like an unknown square
            raise InputError(f"'{token}': {shape} ({_USAGE})")
        return PnsMove("pack" if text[2] == "-" else "shift", src, dst)

    def format_move(self, move: PnsMove) -> str:
        return move.token

    def describe_move(self, state: PnsState, move: PnsMove) -> str:
        after = self.play(state, move)  # checks legality
        me = state.side.capitalize()
        if move.kind == "pass":
            return f"{me} cannot move and passes"
        pile = state.square[move.src]
        what = pile[-1].symbol if len(pile) == 1 else f"the packet headed by {pile[-1].symbol} ({len(pile)} cards)"
        a, b = SQUARE_NAMES[move.src], SQUARE_NAMES[move.dst]
        if move.kind == "shift":
            return f"{me} moves {what} from {a} to the empty square {b}"
        top = state.square[move.dst][-1]
        text = f"{me} packs {what} from {a} onto {top.symbol} at {b}"
        if after.square[move.src]:  # the stock refilled the square: say with what, or the diagram is lost
            text += f"; {after.square[move.src][-1].symbol} from the stock fills {a}"
        return text

    # -- text forms -------------------------------------------------------------------
    def to_text(self, state: PnsState, symbols: bool = False) -> str:
        def show(card: Card) -> str:
            return card.symbol if symbols else card.code

        def pile(p: Pile) -> str:
            return "/".join(show(c) for c in p) if p else "-"

        lines = [
            *header_lines(self, state.deal, state.rules),
            f"to move: {state.side}",
            f"quiet: {state.quiet}",
            "stock: " + (" ".join(show(c) for c in state.stock) if state.stock else "-"),
        ]
        for r in range(SIZE):
            lines.append(f"row {r + 1}: " + "  ".join(pile(state.square[r * SIZE + c]) for c in range(SIZE)))
        return "\n".join(lines) + "\n"

    def from_text(self, text: str, source: str = "<text>") -> PnsState:
        row_keys = [f"row {r}" for r in ROWS]
        fields, _ = read_fields(text, [*HEADER, "to move", "quiet", "stock", *row_keys], source,
                                required=["to move", "stock", *row_keys])

        def cards(tokens: list[str], where: str, lineno: int) -> list[Card]:
            """The cards, read here so an error names its line."""
            try:
                return [Card.parse(token) for token in tokens]
            except InputError as err:
                raise InputError(located(f"{where}: {err}", source, lineno)) from None

        rows = []
        for r in ROWS:
            lineno, value = fields[f"row {r}"]
            tokens = value.split()
            if len(tokens) != SIZE:
                raise InputError(located(f"row {r} needs {SIZE} squares (a pile as 3H/7H/QH, bottom first, or - when empty), "
                                         f"got {len(tokens)}", source, lineno))
            row = []
            for c, token in enumerate(tokens):
                where = f"square {COLS[c]}{r}"
                pile = cards([] if token == "-" else token.split("/"), where, lineno)
                fault = pile_fault(pile)
                if fault:
                    raise InputError(located(f"{where}: {fault}", source, lineno))
                row.append([c.code for c in pile])
            rows.append(row)
        stock_line, stock = fields["stock"]
        side_line, side = fields["to move"]
        if side.lower() not in SIDES:
            raise InputError(located(f"to move must be red or black, not '{side}'", source, side_line))
        quiet_line, quiet = fields.get("quiet", (0, "0"))
        if not (is_whole(quiet) and int(quiet) <= QUIET_LIMIT):
            raise InputError(located(f"quiet must be a whole number of turns from 0 to {QUIET_LIMIT}, not '{quiet}'", source, quiet_line))
        data = {
            **header(fields, self, source),
            "to_move": side,
            "quiet": int(quiet),
            "stock": [c.code for c in cards([] if stock == "-" else stock.split(), "stock", stock_line)],
            "rows": rows,
        }
        lines = {"stock": stock_line}  # so that a card given twice is named with its lines
        for r in ROWS:
            lines.update((COLS[c] + r, fields[f"row {r}"][0]) for c in range(SIZE))
        return self._from_data(data, source, lines)

    def to_json(self, state: PnsState) -> dict[str, Any]:
        return {
            **textform.json_header(self, state),
            "to_move": state.side,
            "quiet": state.quiet,
            "stock": [c.code for c in state.stock],
            "rows": [[[c.code for c in state.square[r * SIZE + col]] for col in range(SIZE)] for r in range(SIZE)],
        }

    def from_json(self, data: dict[str, Any], source: str = "<json>") -> PnsState:
        return self._from_data(data, source)

    def _from_data(self, data: dict[str, Any], source: str, lines: dict[str, int] | None = None) -> PnsState:
        """``from_json``; ``lines`` gives the text form's line of each square and of the stock."""
        lines = lines or {}
        if not isinstance(data, dict):
            raise InputError(located("a Pack 'n' Stack position must be a JSON object", source))
        missing = [k for k in ("to_move", "stock", "rows") if k not in data]
        if missing:
            raise InputError(located(f"missing key(s): {', '.join(missing)}", source))
        rules, deal = check_header(self, data, source)
        side = str(data["to_move"]).strip().lower()
        if side not in SIDES:
            raise InputError(located(f"to move must be red or black, not '{data['to_move']}'", source))
        quiet = data.get("quiet", 0)
        if not isinstance(quiet, int) or isinstance(quiet, bool) or not 0 <= quiet <= QUIET_LIMIT:
            given = f"the text {json.dumps(quiet)}" if isinstance(quiet, str) else json.dumps(quiet)
            raise InputError(located(f"quiet must be a whole number of turns from 0 to {QUIET_LIMIT} (a JSON number), "
                                     f"not {given}", source))

        def card(value: Any, where: str) -> Card:
            return json_card(value, where, source)

        rows = data["rows"]
        if not isinstance(rows, list) or len(rows) != SIZE or not all(isinstance(r, list) and len(r) == SIZE for r in rows):
            raise InputError(located(f"rows must be {SIZE} lists of {SIZE} piles (lists of cards, bottom first)", source))
        square: list[Pile] = []
        for r, row in enumerate(rows):
            for c, pile in enumerate(row):
                name = COLS[c] + ROWS[r]
                if not isinstance(pile, list):
                    raise InputError(located(f"square {name}: expected a list of cards", source))
                cards = tuple(card(v, f"square {name}") for v in pile)
                fault = pile_fault(cards)
                if fault:
                    raise InputError(located(f"square {name}: {fault}", source))
                square.append(cards)
        if not isinstance(data["stock"], list):
            raise InputError(located("stock must be a list of cards, top first", source))
        stock = tuple(card(v, "stock") for v in data["stock"])
        self._check_cards(square, stock, source, lines)
        empty = [SQUARE_NAMES[i] for i, p in enumerate(square) if not p]
        if empty and stock:
            raise InputError(located(
                f"square(s) {' '.join(empty)} empty while the stock holds {len(stock)} card(s): "
                f"an emptied square is refilled at once while the stock lasts", source, lines.get("stock")))
        return _fresh(tuple(square), stock, SIDES.index(side), quiet, (), rules, deal)

    @staticmethod
    def _check_cards(square: Iterable[Pile], stock: Pile, source: str, lines: dict[str, int]) -> None:
        def place(name: str) -> str:
            return f"{name} on line {lines[name]}" if name in lines else name

        placed = [(c, place(name)) for name, pile in zip(SQUARE_NAMES, square) for c in pile]
        placed += [(c, place("stock")) for c in stock]
        check_once(placed, source)
        given = {c for c, _ in placed}
        absent = [c.code for c in CARDS if c not in given]
        if absent:
            raise InputError(located(f"missing card(s): {' '.join(absent)}", source))


PACK_N_STACK = PackNStack()

__all__ = ["FOLLOWS", "PACK_N_STACK", "PASS", "PackNStack", "PnsMove", "PnsState", "SEES", "SIDES",
           "SQUARE_NAMES", "side_of", "square_name"]
