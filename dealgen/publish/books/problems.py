"""A "to play and win" problem's solution as a book prints it (Pack 'n' Stack): short enough
for one 6 x 9 in page, with a diagram of the main line.

At each of the defender's turns the main line follows its strongest reply; the other replies
are grouped by the answer they get, and the largest group is not listed but called "any other
reply", so a reader sees the few replies that need their own answer instead of a list of
twenty moves. Deeper alternatives are spelt out only while the whole stays within a line
budget; past it a branch gives the winner's answer and how many turns it still needs. Every
branch was replayed when the catalog was verified, however few the page shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...solve.pack_n_stack.lines import Line, _listing, _nested, _reply_word, _strongest, _Writer, solution_lines
from ...solve.pack_n_stack.strategy import Node, parse_strategy

RACE = ("A race: the winner plays the moves named one a turn, whatever the other side does, and wins; the other "
        "side cannot finish sooner.")
LINE_BUDGET = 12  # lines of solution (each may wrap): with the diagram, one 6 x 9 in page
ANY_OTHER_LEAST = 3  # replies a group needs to be called "any other reply" instead of listed


@dataclass(frozen=True)
class ProblemAnswer:
    question: str  # "Red to play and win in 3"
    lines: tuple[Line, ...]
    complete: bool  # every branch spelt out to its end
    after: str | None  # the main line's first turn, the diagram's caption ("1. Black b3-d3; Red d5-b5")
    state: Any  # the position after it (None: no diagram, as for a race, one line long)


class _ReaderWriter(_Writer):
    """The shared writer, with the replies a reader need not read one by one folded together,
    and a race in a few words (``RACE`` says once what a race is)."""

    def move(self, node: Node, k: int) -> str:
        if node.race and len(node.moves) > 1:
            span = f"{k}-{k + len(node.moves) - 1}"
            return f"{span}. {self.me} races: {', '.join(node.moves)}, one a turn, and wins."
        return super().move(node, k)

    def branch(self, text: str, replies: int, main: Node, same: list[str],
               groups: dict[tuple[Line, ...], list[str]]) -> list[Line]:
        # the largest group of replies answered alike is "any other reply", unless it is small
        largest = max(groups.items(), key=lambda kv: len(kv[1]), default=None)
        rest = largest if largest is not None and len(largest[1]) >= ANY_OTHER_LEAST and len(largest[1]) > len(same) \
            else None
        out = [Line(0, text + self.reply_words(replies, main, same, bool(groups), rest is not None))]
        for sub, tokens in groups.items():
            if rest is not None and sub is rest[0]:
                continue
            out += _nested(f"If {self.them} {_listing(tokens)}: ", sub)
        if rest is not None:
            out += _nested("Any other reply: ", rest[0])
        return out

    @property
    def any_reply(self) -> str:
        return f"; {self.them}'s reply does not matter"

    def alike(self, same: list[str], rest: bool) -> str:
        if same and len(same) >= ANY_OTHER_LEAST and not rest:
            return " (or any reply not named below, answered the same way)"
        return f" (or {_listing(same)}, answered the same way)" if same else ""


def problem_answer(game: Any, entry: Any, budget: int = LINE_BUDGET) -> ProblemAnswer:
    """The printed solution of a problem entry (its strategy verified already)."""
    tree = parse_strategy(entry.strategy_text(game), entry.source)
    lines, complete = solution_lines(tree, budget, _ReaderWriter)
    root = tree.root
    after, state = None, None
    if not root.race and root.children:  # a line with replies: the board after its first turn
        main = _strongest(root.children)
        try:
            position = entry.state(game, game.default_rules)
            position = game.play(position, game.parse_move(root.moves[0]))
            if main.moves[0] != "pass":
                position = game.play(position, game.parse_move(main.moves[0]))
            me, them = tree.winner.capitalize(), "Black" if tree.winner == "red" else "Red"
            after, state = f"After 1. {me} {root.moves[0]}; {them} {_reply_word(main.moves[0])}", position
        except Exception:  # noqa: BLE001  (a move the engine reads otherwise: the page goes without its diagram)
            after, state = None, None
    return ProblemAnswer(f"{tree.winner.capitalize()} to play and win in {tree.n}", tuple(lines), complete, after,
                         state)
