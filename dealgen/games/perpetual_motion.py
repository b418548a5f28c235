"""Perpetual Motion: a game that plays itself, exactly as ``shared/RULES.md`` states it.

There is never a choice, so ``legal_moves`` offers exactly one move: the next forced
step. Every step is a move with a token, so a whole game is a record that ``dealgen
verify`` replays and checks step by step.

Notation (piles are numbered 1-4 from the left):

    d     deal a row of four cards from the stock, one onto each pile
    41    move pile 4's top card(s) onto pile 1: ``classic`` moves the one card just
          dealt; ``recursive`` moves the pile's whole top group of one rank
    x     ``classic``: discard the row just dealt (four of one rank)
    x2    ``recursive``: discard the top four cards of pile 2 (four of one rank)
    g     gather the piles into a new stock (the stock is empty): starts the next pass

Rule sets (RULES.md):

- ``classic``: only the four cards just dealt take part; a row of four of one rank is
  discarded; otherwise every card of the row but the leftmost of its rank moves onto
  that leftmost card's pile, rightmost first. The piles are gathered pile 4 first:
  the new stock from the top is pile 4 from the card dealt first up to its top card,
  then pile 3, pile 2, pile 1.
- ``recursive`` (PySolFC's reading): after a deal, while any pile's top four cards
  are one rank the leftmost such pile discards them; otherwise, while two piles show
  the same rank, the rightmost such pile gives its whole top group of that rank to the
  leftmost pile showing it. Gathering is pile 1 first.

The end: won when all 52 cards are discarded; lost ("cycles") when a pass would start
from a stock order that started an earlier pass. To know that, a position carries the
orders that started the passes since the last discard (a discard shortens the stock
for good, so older orders can never return, and are forgotten).

Text form (``to_text`` / ``from_text``)::

    game: perpetual-motion
    deal: 1
    rules: classic
    pass: 1             the pass being played, from 1
    discarded: 0        cards discarded so far: the cards missing from the lines below
    stock: JD 2D ...    top card (dealt next) first
    pile 1: ...         each pile from the card dealt first (covered) to its top card
    pile 2:
    pile 3:
    pile 4:
    row: -              classic: the four cards of the row just dealt ("-" for none)
    start 1: JD 2D ...  the stock order that started pass 1 (one line per pass kept)
    repeats: -          the earlier pass whose order the stock repeats: the game cycles

JSON form (``to_json`` / ``from_json``)::

    {"game": "perpetual-motion", "deal": 1, "rules": "classic", "pass": 1,
     "discarded": 0, "stock": ["JD", ...], "piles": [[...], [...], [...], [...]],
     "row": null or ["JD", "2D", "9H", "JC"],
     "starts": [{"pass": 1, "stock": ["JD", ...]}, ...], "repeats": null or 1}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import RANK_NAMES, Card
from ..deals import is_whole, shuffled_pack
from ..errors import IllegalMove, InputError, located
from . import textform
from .base import Game, Outcome
from .textform import HEADER, card_names, check_json, header, header_lines, json_cards, read_fields, rows_of_four

RULE_SETS = ("classic", "recursive")
NPILES = 4
USAGE = ("d deals a row, 41 moves pile 4's card(s) onto pile 1, x discards the row just dealt (classic), "
         "x2 discards pile 2's top four (recursive), g gathers the piles into a new stock")


@dataclass(frozen=True)
class PMState:
    """A position: the stock and the four piles, the cards discarded, and what a pass needs to
    know: its number, the row just dealt, the orders that started earlier passes, a repeat."""

    stock: tuple[Card, ...]  # top card first
    piles: tuple[tuple[Card, ...], ...]  # each from the card dealt first to its top card
    discarded: int
    rules: str = "classic"
    deal: int | None = None
    pass_no: int = 1
    row: tuple[Card, ...] | None = None  # classic: the row just dealt, until the next deal
    starts: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # (pass, order that started it)
    repeats: int | None = None  # the earlier pass whose order the stock repeats

    @property
    def live(self) -> int:
        return 52 - self.discarded


@dataclass(frozen=True, order=True)
class PMMove:
    """``kind`` is "d" (deal), "m" (move src onto dst), "x" (discard) or "g" (gather).

    Piles are 1-based; a classic row discard has ``src`` 0, a recursive pile discard
    names its pile in ``src``.
    """

    kind: str
    src: int = 0
    dst: int = 0

    @property
    def token(self) -> str:
        if self.kind == "m":
            return f"{self.src}{self.dst}"
        if self.kind == "x":
            return f"x{self.src}" if self.src else "x"
        return self.kind


DEAL, GATHER, ROW_DISCARD = PMMove("d"), PMMove("g"), PMMove("x")


def _rank_name(card: Card) -> str:
    return RANK_NAMES[card.rank - 1]


def _plural(card: Card) -> str:
    return _rank_name(card) + "s"  # "Jacks", "7s"


def _top_group(pile: tuple[Card, ...]) -> int:
    if not pile:
        return 0
    rank = pile[-1] % 13
    k = 1
    while k < len(pile) and pile[-1 - k] % 13 == rank:
        k += 1
    return k


class PerpetualMotion(Game[PMState, PMMove]):
    name = "perpetual-motion"
    title = "Perpetual Motion"
    rule_sets = RULE_SETS
    rule_notes = {
        "classic": "only the four just dealt match, rightmost first onto the leftmost; a row of four of a rank "
                   "is discarded; piles gathered pile 4 first (about 54% come out, in about 128 passes)",
        "recursive": "PySolFC's reading: matches go on with uncovered cards, whole groups move, any four of a "
                     "rank on a pile are discarded; piles gathered pile 1 first (about 83% come out)",
    }
    verdict_names = {"solved": "won", "unsolvable": "cycles"}
    record_outcomes = {"won": "won", "cycles": "lost"}
    metric_names = ("passes", "rows_dealt", "matches", "discards", "solution_length", "discarded", "cycle_start",
                    "cycle_length")
    grade_weights = {"passes": 1.0}  # nothing to choose: a deal is as hard to predict as it is long
    grade_note = ("Nothing is chosen in this game (under classic rules or recursive), so no player wins it more "
                  "often than another: a grade says how many passes it takes to know the answer.")
    rule_prose = {
        "classic": "If the four cards just dealt are all of one rank, discard them (x in the record). Otherwise, when two or three "
                   "of them share a rank, each of these but the leftmost moves onto the leftmost one's pile, the "
                   "rightmost first. Only the cards just dealt take part: a card uncovered by such a move waits "
                   "for the next row. When the stock runs out, gather the piles without shuffling into a new "
                   "stock: pile 4 first, its bottom card on top, then piles 3, 2 and 1; then go on dealing. About "
                   "54% of deals come out, in about 128 passes.",
        "recursive": "Then, as long as two piles show cards of one rank on top, the rightmost of them gives its "
                     "whole top group of that rank to the leftmost; cards uncovered by a move take part too. A "
                     "pile whose top four cards are of one rank is discarded at once (x2 in the record, for pile 2). "
                     "When the stock runs out, "
                     "gather the piles without shuffling into a new stock: pile 1 first, its bottom card on top, "
                     "then piles 2, 3 and 4; then go on dealing. About 83% of deals come out, in about 13 passes.",
    }
    how_to_play = """\
## The layout
The whole pack is the stock, face down. Four piles, empty at the start, lie in a row.

## Play
There are no decisions: the game plays itself, and each deal has exactly one course. Deal a row of four
cards from the stock, one onto each pile, left to right. {rules}

## The end
The game comes out when all 52 cards have been discarded, four of a rank at a time. It is lost when a pass
would begin with the stock in an order that has begun a pass before: from there it would go round forever.

## The puzzle
Since the cards decide everything, each puzzle is a prediction. The diagram lists the stock in the order it
is dealt, four cards to a row. Will the deal come out, and in how many passes? Or will it go round
forever? Play it out on paper or with a pack laid in that order, or simply guess, then turn to the record
at the back. Some deals come out and some do not, in about the proportion the rules give. The grade says how many passes it takes to
know the answer (until the last cards go, or until a pass would start from a stock order seen before),
from easy (few) to expert (many).

## Reading the record
The record gives one line per pass: d deals a row, 41 moves the matching card(s) from pile 4 onto pile 1,
x discards four of a rank (as Play says), and g gathers the piles into a new stock. Every record was replayed step by step
by the game engine.
"""

    day_question = "Will it come out? And in how many passes?"
    play_help = ("The game plays itself: press Play (or the space bar) to watch it pass by pass, Step (S) for "
                 "one move, Next pass (N) to jump a pass. Will it come out? Guess before you look.")

    def reveal(self, end: PMState, outcome: str, moves: int) -> str:
        return f"{'Yes' if outcome == 'won' else 'No'}: it {self.answer(end)}"

    def layout_words(self, state: PMState) -> str:
        if any(state.piles):  # on the way: the piles hold cards
            piles = "; ".join(f"pile {n}: {card_names(p) if p else 'empty'}" for n, p in enumerate(state.piles, 1))
            piles = f"Four piles, each from its bottom card up to its top card: {piles}."
        else:
            piles = "Four empty piles."
        gone = f" {state.discarded} cards discarded." if state.discarded else ""
        if not state.stock:
            return f"{piles}{gone} The stock is empty."
        whole = "all 52" if len(state.stock) == 52 else str(len(state.stock))
        return (f"{piles}{gone} The stock, {whole} cards from the top, in the rows of four it is dealt in: "
                f"{rows_of_four(list(state.stock))}.")

    # -- dealing ----------------------------------------------------------------------
    def deal(self, number: int, rules: str | None = None) -> PMState:
        rules = self.check_rules(rules)
        stock = tuple(shuffled_pack(number))
        return PMState(stock, ((),) * NPILES, 0, rules, number, 1, None, ((1, stock),), None)

    # -- the forced step ----------------------------------------------------------------
    def next_step(self, state: PMState) -> PMMove | None:
        """The one step the rules force now, or None when the game is over."""
        if state.discarded == 52 or state.repeats is not None:
            return None
        if state.rules == "classic":
            step = self._classic_pending(state)
        else:
            step = self._recursive_pending(state)
        if step is not None:
            return step
        if state.stock:
            return DEAL
        return GATHER

    def _classic_pending(self, state: PMState) -> PMMove | None:
        row = state.row
        if row is None:
            return None
        ranks = [c % 13 for c in row]
        on_top = [bool(p) and p[-1] == c for p, c in zip(state.piles, row)]
        if ranks.count(ranks[0]) == 4:
            return ROW_DISCARD if all(on_top) else None
        for i in (3, 2, 1):  # rightmost first
            j = ranks.index(ranks[i])
            if j < i and on_top[i]:
                return PMMove("m", i + 1, j + 1)
        return None

    def _recursive_pending(self, state: PMState) -> PMMove | None:
        for i, pile in enumerate(state.piles):
            if _top_group(pile) >= 4:
                return PMMove("x", i + 1)
        tops = [p[-1] % 13 if p else -1 for p in state.piles]
        for i in (3, 2, 1):
            j = tops.index(tops[i])
            if tops[i] >= 0 and j < i:
                return PMMove("m", i + 1, j + 1)
        return None

    def legal_moves(self, state: PMState) -> list[PMMove]:
        step = self.next_step(state)
        return [] if step is None else [step]

    def play(self, state: PMState, move: PMMove) -> PMState:
        step = self.next_step(state)
        if step is None:
            raise IllegalMove(f"the game is over ({self.outcome(state).summary}); no step may follow")
        if move != step:
            raise IllegalMove(
                f"'{move.token}' is not the next step: the game plays itself, and the rules "
                f"({state.rules}) call for '{step.token}' now: {self.describe_move(state, step)}"
            )
        return self._apply(state, step)

    def _apply(self, state: PMState, move: PMMove) -> PMState:
        piles = list(state.piles)
        if move.kind == "d":
            row = state.stock[:NPILES]
            piles = [p + (c,) for p, c in zip(piles, row)]
            return replace(state, stock=state.stock[NPILES:], piles=tuple(piles),
                           row=row if state.rules == "classic" else None)
        if move.kind == "m":
            i, j = move.src - 1, move.dst - 1
            k = 1 if state.rules == "classic" else _top_group(piles[i])
            piles[j] = piles[j] + piles[i][-k:]
            piles[i] = piles[i][:-k]
            return replace(state, piles=tuple(piles))
        if move.kind == "x":
            if move.src == 0:
                piles = [p[:-1] for p in piles]
            else:
                piles[move.src - 1] = piles[move.src - 1][:-4]
            # the stock can never again hold as many cards: forget the orders kept so far
            return replace(state, piles=tuple(piles), discarded=state.discarded + 4, starts=())
        # gather: the next pass starts from the piles picked up in the rule set's order
        order = (3, 2, 1, 0) if state.rules == "classic" else (0, 1, 2, 3)
        stock = tuple(c for i in order for c in piles[i])
        pass_no = state.pass_no + 1
        kept = state.starts
        repeats = next((n for n, s in kept if s == stock), None)
        if repeats is None:
            kept += ((pass_no, stock),)
        return PMState(stock, ((),) * NPILES, state.discarded, state.rules, state.deal, pass_no,
                       None, kept, repeats)

    def outcome(self, state: PMState) -> Outcome:
        if state.discarded == 52:
            return Outcome("won", f"won in {state.pass_no} passes: all 52 cards discarded")
        if state.repeats is not None:
            length = state.pass_no - state.repeats
            return Outcome(
                "lost",
                f"cycles: pass {state.pass_no} would start from the stock order that started pass "
                f"{state.repeats} (a cycle of {length} pass{'es' if length != 1 else ''}); "
                f"{state.discarded} of 52 cards discarded",
            )
        return Outcome("playing", f"pass {state.pass_no}; {state.discarded} of 52 cards discarded")

    def answer(self, state: PMState) -> str | None:
        if state.discarded == 52:
            return f"comes out in {state.pass_no} passes"
        if state.repeats is not None:
            return f"goes round forever (pass {state.pass_no} would repeat pass {state.repeats})"
        return None

    def replayed_metrics(self, states: list[PMState], moves: list[PMMove]) -> dict[str, int]:
        final = states[-1]
        kinds = [move.kind for move in moves]
        found = {"solution_length": len(moves), "passes": final.pass_no, "discarded": final.discarded,
                 "rows_dealt": kinds.count("d"), "matches": kinds.count("m"), "discards": kinds.count("x")}
        if final.repeats is not None:
            found["cycle_start"] = final.repeats
            found["cycle_length"] = final.pass_no - final.repeats
        return found

    # -- notation ---------------------------------------------------------------------
    def parse_move(self, token: str) -> PMMove:
        text = token.strip().lower()
        if text in ("d", "g", "x"):
            return PMMove(text)
        if len(text) == 2 and text[0] == "x" and text[1] in "1234":
            return PMMove("x", int(text[1]))
        if len(text) == 2 and text[0] in "1234" and text[1] in "1234":
            if text[0] <= text[1]:
                raise InputError(f"'{token}': cards move only to a pile on their left, e.g. 41 ({USAGE})")
            return PMMove("m", int(text[0]), int(text[1]))
        raise InputError(f"'{token}' is not a Perpetual Motion step ({USAGE})")

    def format_move(self, move: PMMove) -> str:
        return move.token

    def describe_move(self, state: PMState, move: PMMove) -> str:
        if move.kind == "d":
            row = state.stock[:NPILES]
            return f"deal a row: {' '.join(c.symbol for c in row)}"
        if move.kind == "g":
            first = "pile 4" if state.rules == "classic" else "pile 1"
            return f"gather the piles ({first} first) into the stock for pass {state.pass_no + 1}"
        if move.kind == "x":
            cards = [p[-1] for p in state.piles] if move.src == 0 else list(state.piles[move.src - 1][-4:])
            where = "the row just dealt" if move.src == 0 else f"pile {move.src}"
            return f"discard four {_plural(cards[0])} from {where}: {' '.join(c.symbol for c in cards)}"
        src, dst = state.piles[move.src - 1], state.piles[move.dst - 1]
        k = 1 if state.rules == "classic" else _top_group(src)
        what = " ".join(c.symbol for c in src[-k:]) if src else "?"
        onto = dst[-1].symbol if dst else "an empty pile"
        return f"{what} from pile {move.src} onto {onto} on pile {move.dst}"

    # -- text forms -------------------------------------------------------------------
    def to_text(self, state: PMState, symbols: bool = False) -> str:
        def show(cards) -> str:
            return textform.shown(cards, symbols)

        lines = [
            *header_lines(self, state.deal, state.rules),
            f"pass: {state.pass_no}",
            f"discarded: {state.discarded}",
            f"stock: {show(state.stock)}",
        ]
        lines += [f"pile {n}: {show(p)}" for n, p in enumerate(state.piles, 1)]
        lines.append(f"row: {'-' if state.row is None else show(state.row)}")
        lines += [f"start {n}: {show(s)}" for n, s in state.starts]
        lines.append(f"repeats: {'-' if state.repeats is None else state.repeats}")
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def from_text(self, text: str, source: str = "<text>") -> PMState:
        piles = ["stock"] + [f"pile {n}" for n in range(1, NPILES + 1)]
        fields, repeated = read_fields(text, [*HEADER, "pass", "discarded", "row", "repeats", *piles], source,
                                       required=piles, repeatable=lambda k: k.startswith("start ") and is_whole(k[6:]))
        starts = [(lineno, int(key[6:]), value) for lineno, key, value in repeated]

        def cards(key: str) -> list[Card]:
            return textform.text_cards(fields, key, source)

        def number(key: str, default: Any) -> Any:
            return default if key not in fields or fields[key][1] == "-" else textform.text_whole(fields, key, source)

        row = None if fields.get("row", (0, "-"))[1] == "-" else cards("row")
        data = {
            **header(fields, self, source),
            "pass": number("pass", 1),
            "discarded": number("discarded", None),
            "stock": cards("stock"),
            "piles": [cards(f"pile {n}") for n in range(1, NPILES + 1)],
            "row": row,
            "starts": [(n, textform.cards_at(ln, f"start {n}", v, source)) for ln, n, v in starts],
            "repeats": number("repeats", None),
        }
        return self._build(data, source)

    def to_json(self, state: PMState) -> dict[str, Any]:
        def codes(cards) -> list[str]:
            return [c.code for c in cards]

        return {
            **textform.json_header(self, state),
            "pass": state.pass_no,
            "discarded": state.discarded,
            "stock": codes(state.stock),
            "piles": [codes(p) for p in state.piles],
            "row": None if state.row is None else codes(state.row),
            "starts": [{"pass": n, "stock": codes(s)} for n, s in state.starts],
            "repeats": state.repeats,
        }

    def from_json(self, data: dict[str, Any], source: str = "<json>") -> PMState:
        check_json(data, "a Perpetual Motion", ("stock", "piles"), source)

        def card_list(value: Any, where: str) -> list[Card]:
            return json_cards(value, where, source)

        starts = data.get("starts", [])
        if not isinstance(starts, list) or not all(
                isinstance(s, dict) and set(s) == {"pass", "stock"} and type(s["pass"]) is int for s in starts):
            raise InputError(located('starts must be a list of {"pass": N, "stock": [cards]}, those two keys each',
                                     source))
        numbers = {key: textform.json_whole(data, key, source) for key in ("pass", "discarded", "repeats")}
        built = {
            **textform.json_header_read(self, data),
            "pass": data.get("pass", 1),
            "discarded": numbers["discarded"],
            "stock": card_list(data["stock"], "stock"),
            "piles": textform.json_piles(data, "piles", NPILES, "pile", source),
            "row": None if data.get("row") is None else card_list(data["row"], "row"),
            "starts": [(s["pass"], card_list(s["stock"], f"start {s['pass']}")) for s in starts],
            "repeats": numbers["repeats"],
        }
        return self._build(built, source)

    def _build(self, data: dict[str, Any], source: str) -> PMState:
        """Check a position for consistency and make the state."""
        def fail(message: str) -> InputError:
            return InputError(located(message, source))

        held = textform.stock_and_piles(self, data, "piles", "pile", source)
        rules, deal, stock, piles, live, discarded = held.rules, held.deal, held.stock, held.piles, held.live, held.discarded
        if len(stock) % NPILES or len(live) % NPILES:
            raise fail(f"the stock is dealt in rows of four, so the stock ({len(stock)} cards) and the cards "
                       f"in play ({len(live)}) must both come in fours")
        pass_no = data["pass"]
        if pass_no < 1:
            raise fail(f"pass must be 1 or more, got {pass_no}")
        row = data["row"]
        if row is not None:
            if rules != "classic":
                raise fail("row: only classic positions remember the row just dealt; use '-'")
            if len(row) != NPILES:
                raise fail(f"row: needs exactly {NPILES} cards or '-', got {len(row)}")
            if any(c in set(live) and not any(c in p for p in piles) for c in row):
                raise fail("row: a card of the row just dealt cannot still be in the stock")
            row = tuple(row)
        starts: list[tuple[int, tuple[Card, ...]]] = []
        for n, order in data["starts"]:
            if starts and n <= starts[-1][0] or n > pass_no or n < 1:
                raise fail(f"start {n}: passes must be listed in increasing order, from 1 to the current pass {pass_no}")
            if sorted(order) != sorted(live):
                raise fail(f"start {n}: an order that started an earlier pass must hold exactly the cards "
                           "still in play (older orders are not kept)")
            starts.append((n, tuple(order)))
        repeats = data["repeats"]
        if repeats is not None:
            if repeats >= pass_no:
                raise fail(f"repeats: {repeats} must be an earlier pass than {pass_no}")
            if any(piles) or dict(starts).get(repeats) != stock:
                raise fail(f"repeats: {repeats} needs the piles empty and a 'start {repeats}' line equal to the stock")
        return PMState(stock, piles, discarded, rules, deal, pass_no, row, tuple(starts), repeats)


PERPETUAL_MOTION = PerpetualMotion()
