"""Idiot's Delight (Peter Drake's rules), exactly as ``shared/RULES.md`` states them.

Deal N uses the stock order of Perpetual Motion N: the first four cards (from the top)
go one onto each of four stacks, left to right; the other 48 are the stock. Only each
stack's top card is in play.

Moves and their tokens (stacks are numbered 1-4 from the left):

    13    discard the top cards of stacks 1 and 3, a pair of one rank ("31" is read
          the same and written "13")
    3     discard the top card of stack 3: another stack shows a higher card of its
          suit (Ace is low: A < 2 < ... < K)
    d     deal four cards from the stock, one onto each stack (also onto empty ones).
          Rule set ``strict``: only when no discard is possible. ``free``: at any time.
          Never once the stock is empty.

The game ends when the stock is empty and no discard is possible; it is won when all
52 cards are discarded (which needs the last two cards to be a pair).

Text form (``to_text`` / ``from_text``)::

    game: idiots-delight
    deal: 1
    rules: strict
    discarded: 0              cards discarded so far (the cards missing from below)
    stock: 5D 7H ...          top card (dealt next) first
    stack 1: JD               each stack from its bottom card up to its top card
    stack 2: 2D
    stack 3: 9H
    stack 4: JC

JSON form (``to_json`` / ``from_json``)::

    {"game": "idiots-delight", "deal": 1, "rules": "strict", "discarded": 0,
     "stock": ["5D", "7H", ...], "stacks": [["JD"], ["2D"], ["9H"], ["JC"]]}

``stock`` lists the cards still to deal, top first: for a fresh deal that is the deal's
order from its fifth card on (its first four are the stacks' cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import SUIT_NAMES, Card
from ..deals import shuffled_pack
from ..errors import IllegalMove, InputError, located
from . import textform
from .base import Game, Outcome
from .textform import HEADER, card_names, check_json, header, header_lines, json_cards, read_fields, rows_of_four

RULE_SETS = ("strict", "free")
NSTACKS = 4
USAGE = "13 discards the pair on stacks 1 and 3, 3 discards stack 3's top card (a higher card of its suit shows), d deals"


@dataclass(frozen=True)
class IDState:
    """A position: the stock still to deal and the four stacks, and how many cards are discarded."""

    stock: tuple[Card, ...]  # top card first
    stacks: tuple[tuple[Card, ...], ...]  # each from its bottom card up to its top card
    discarded: int
    rules: str = "strict"
    deal: int | None = None

    def tops(self) -> list[Card | None]:
        return [s[-1] if s else None for s in self.stacks]


def _top(tops: list[Card | None], stack: int) -> Card:
    """The top card of stack ``stack`` (1-4), where a legal move says it is not empty."""
    card = tops[stack - 1]
    assert card is not None
    return card


@dataclass(frozen=True, order=True)
class IDMove:
    """``stacks`` (1-based, ascending): two stacks discard a pair, one stack discards its
    top card; no stacks is a deal."""

    stacks: tuple[int, ...]

    @property
    def token(self) -> str:
        return "".join(str(s) for s in self.stacks) if self.stacks else "d"


DEAL = IDMove(())


def _suit_name(card: Card) -> str:
    return SUIT_NAMES[card.suit][:-1]  # "heart"


def discards(state: IDState) -> list[IDMove]:
    """Every discard possible now, pairs first, each in stack order."""
    tops = state.tops()
    pairs, singles = [], []
    for i, a in enumerate(tops):
        if a is None:
            continue
        for j in range(i + 1, NSTACKS):
            b = tops[j]
            if b is not None and a % 13 == b % 13:
                pairs.append(IDMove((i + 1, j + 1)))
        if any(b is not None and b.suit == a.suit and b > a for b in tops):
            singles.append(IDMove((i + 1,)))
    return pairs + singles


class IdiotsDelight(Game[IDState, IDMove]):
    name = "idiots-delight"
    title = "Idiot's Delight"
    pysolfc_game = "Perpetual Motion"  # PySolFC has no such game; the deal shuffles the same
    rule_sets = RULE_SETS
    rule_notes = {
        "strict": "deal four only when no discard is possible, as the rules' source says",
        "free": "deal four at any time while the stock lasts",
    }
    metric_names = ("states_expanded", "dead_ends", "solution_length", "choices", "alternatives", "max_branching",
                    "players_lost", "careful_won")
    grade_weights = {  # fitted on strict deals 1-2000 (bench/fit_grade_weights.py), the players' part held to half
        "players_lost": 0.5,  # games the person-like players lost (solve/people)
        "solution_length": 0.3,
        "states_expanded": 0.1,  # how much search the deal takes
        "alternatives": 0.1,  # wrong turns a player could take along the solution
    }
    rule_prose = {
        "strict": "but only when no discard is possible, as the rules' source has it.",
        "free": "at any time while the stock lasts, even when a discard is possible.",
    }
    how_to_play = """\
## The layout
Deal four cards face up in a row, one to start each of four stacks. The rest of the pack is the stock.

## Moves
Only the top card of each stack is in play. When two top cards are of the same rank, discard both. When two
top cards are of the same suit, discard the lower one (Ace is low). Deal four more cards from the stock, one
onto each stack, {rules}

## The end
The game is over when the stock is empty and nothing more can be discarded. It comes out only when every
card has been discarded, and so only when the last two cards are a pair.

## Reading the solutions
Stacks are numbered 1 to 4 from the left. 13 discards the pair on top of stacks 1 and 3; 3 discards the top
card of stack 3 because a higher card of its suit shows; d deals four. Every solution was replayed move by
move by the game engine before printing.
"""

    day_question = "Can you clear it?"
    win_verb = "Cleared"
    play_help = ("Click a stack's top card (or type 1-4), then another stack to discard a pair, or the same one "
                 "again to discard it alone; click the stock (or type d) to deal four. U undoes.")

    def reveal(self, end: IDState, outcome: str, moves: int) -> str:
        return f"Yes: it clears in {moves} moves"

    def layout_words(self, state: IDState) -> str:
        stacks = "; ".join(f"stack {n}: {card_names(s) if s else 'empty'}" for n, s in enumerate(state.stacks, 1))
        return (f"Four stacks, each from its bottom card up to its top card: {stacks}. The stock, {len(state.stock)} "
                f"cards from the top, in the rows of four it is dealt in: {rows_of_four(list(state.stock))}.")

    # -- dealing ----------------------------------------------------------------------
    def deal(self, number: int, rules: str | None = None) -> IDState:
        rules = self.check_rules(rules)
        pack = shuffled_pack(number)
        return IDState(tuple(pack[NSTACKS:]), tuple((c,) for c in pack[:NSTACKS]), 0, rules, number)

    # -- rules ------------------------------------------------------------------------
    def legal_moves(self, state: IDState) -> list[IDMove]:
        moves = discards(state)
        if state.stock and (state.rules == "free" or not moves):
            moves.append(DEAL)
        return moves

    def play(self, state: IDState, move: IDMove) -> IDState:
        tops = state.tops()
        for s in move.stacks:
            if not 1 <= s <= NSTACKS:
                raise IllegalMove(f"there is no stack {s}: stacks are numbered 1 to {NSTACKS}")
            if tops[s - 1] is None:
                raise IllegalMove(f"stack {s} is empty")
        if not move.stacks:
            if not state.stock:
                raise IllegalMove("the stock is empty: there is nothing to deal")
            possible = discards(state)
            if state.rules == "strict" and possible:
                raise IllegalMove(f"dealing is not allowed under strict while {self._what(state, possible[0])} "
                                  "can be discarded")
            stacks = tuple(s + (c,) for s, c in zip(state.stacks, state.stock[:NSTACKS]))
            return IDState(state.stock[NSTACKS:], stacks, state.discarded, state.rules, state.deal)
        if len(move.stacks) == 2:
            i, j = move.stacks
            if i == j:
                raise IllegalMove(f"a pair needs two different stacks, not stack {i} twice")
            a, b = tops[i - 1], tops[j - 1]
            assert a is not None and b is not None  # (empty stacks refused above)
            if a % 13 != b % 13:
                raise IllegalMove(f"{a.code} and {b.code} are not a pair: only two cards of one rank are "
                                  "discarded together")
        else:
            (i,) = move.stacks
            card = tops[i - 1]
            assert card is not None  # (empty stacks refused above)
            if not any(b is not None and b.suit == card.suit and b > card for b in tops):
                others = [b.code for b in tops if b is not None and b.suit == card.suit and b != card]
                why = (f"the only other {_suit_name(card)} showing, {', '.join(others)}, is lower" if others
                       else f"no other {_suit_name(card)} shows on top of a stack")
                raise IllegalMove(f"{card.code} cannot be discarded alone: {why}")
        stacks = tuple(s[:-1] if n in move.stacks else s for n, s in enumerate(state.stacks, 1))
        return IDState(state.stock, stacks, state.discarded + len(move.stacks), state.rules, state.deal)

    def _what(self, state: IDState, move: IDMove) -> str:
        tops = state.tops()
        return " and ".join(_top(tops, s).code for s in move.stacks)

    def outcome(self, state: IDState) -> Outcome:
        if state.discarded == 52:
            return Outcome("won", "all 52 cards discarded")
        summary = f"{state.discarded} of 52 cards discarded, {len(state.stock)} in the stock"
        if not state.stock and not discards(state):
            return Outcome("lost", summary + "; the stock is empty and nothing can be discarded")
        return Outcome("playing", summary)

    def replayed_metrics(self, states: list[IDState], moves: list[IDMove]) -> dict[str, int]:
        """With the solver's choice counts: each position's legal moves along the line."""
        options = [len(self.legal_moves(state)) for state in states[:-1]]
        return {"solution_length": len(moves), "choices": sum(n > 1 for n in options),
                "alternatives": sum(n - 1 for n in options), "max_branching": max(options, default=0)}

    # -- notation ---------------------------------------------------------------------
    def parse_move(self, token: str) -> IDMove:
        text = token.strip().lower()
        if text == "d":
            return DEAL
        if text.isdigit() and len(text) in (1, 2) and all(ch in "1234" for ch in text):
            if len(text) == 2 and text[0] == text[1]:
                raise InputError(f"'{token}': a pair needs two different stacks ({USAGE})")
            return IDMove(tuple(sorted(int(ch) for ch in text)))
        raise InputError(f"'{token}' is not an Idiot's Delight move ({USAGE})")

    def format_move(self, move: IDMove) -> str:
        return move.token

    def describe_move(self, state: IDState, move: IDMove) -> str:
        if not move.stacks:
            return "deal four: " + " ".join(c.symbol for c in state.stock[:NSTACKS])
        tops = state.tops()
        if len(move.stacks) == 2:
            i, j = move.stacks
            return f"discard the pair {_top(tops, i).symbol} {_top(tops, j).symbol} from stacks {i} and {j}"
        (i,) = move.stacks
        card = _top(tops, i)
        higher = [(k, b) for k, b in enumerate(tops, 1) if b is not None and b.suit == card.suit and b > card]
        over = f", lower than {higher[0][1].symbol} on stack {higher[0][0]}" if higher else ""
        return f"discard {card.symbol} from stack {i}{over}"

    # -- text forms -------------------------------------------------------------------
    def to_text(self, state: IDState, symbols: bool = False) -> str:
        lines = [
            *header_lines(self, state.deal, state.rules),
            f"discarded: {state.discarded}",
            f"stock: {textform.shown(state.stock, symbols)}",
        ]
        lines += [f"stack {n}: {textform.shown(s, symbols)}" for n, s in enumerate(state.stacks, 1)]
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def from_text(self, text: str, source: str = "<text>") -> IDState:
        piles = ["stock"] + [f"stack {n}" for n in range(1, NSTACKS + 1)]
        fields, _ = read_fields(text, [*HEADER, "discarded", *piles], source, required=piles)

        data = {
            **header(fields, self, source),
            "discarded": textform.text_whole(fields, "discarded", source) if "discarded" in fields else None,
            "stock": textform.text_cards(fields, "stock", source),
            "stacks": [textform.text_cards(fields, f"stack {n}", source) for n in range(1, NSTACKS + 1)],
        }
        return self._build(data, source)

    def to_json(self, state: IDState) -> dict[str, Any]:
        return {
            **textform.json_header(self, state),
            "discarded": state.discarded,
            "stock": [c.code for c in state.stock],
            "stacks": [[c.code for c in s] for s in state.stacks],
        }

    def from_json(self, data: dict[str, Any], source: str = "<json>") -> IDState:
        check_json(data, "an Idiot's Delight", ("stock", "stacks"), source)

        def card_list(value: Any, where: str) -> list[Card]:
            return json_cards(value, where, source)

        built = {
            **textform.json_header_read(self, data),
            "discarded": textform.json_whole(data, "discarded", source),
            "stock": card_list(data["stock"], "stock"),
            "stacks": textform.json_piles(data, "stacks", NSTACKS, "stack", source),
        }
        return self._build(built, source)

    def _build(self, data: dict[str, Any], source: str) -> IDState:
        def fail(message: str) -> InputError:
            return InputError(located(message, source))

        held = textform.stock_and_piles(self, data, "stacks", "stack", source)
        if len(held.stock) % NSTACKS:
            raise fail(f"stock: the stock is dealt four at a time, so it cannot hold {len(held.stock)} cards")
        return IDState(held.stock, held.piles, held.discarded, held.rules, held.deal)


IDIOTS_DELIGHT = IdiotsDelight()
