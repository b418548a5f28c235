"""A strategy tree as a solution a person reads: the main line, every other reply answered.

The main line follows the opponent's strongest reply at each turn (the one that holds out
longest, then the one with the most play below it; the first such in move order). At each
of the opponent's turns the other replies are listed, grouped when the winner answers
them the same way, each with the winner's answer. Alternatives are spelt out to the end
while the text stays within a line budget; past it, deeper alternatives give the winner's
answer and how many turns it still needs (the whole tree stays in the strategy file and
is what the verifier replays).
"""

from __future__ import annotations

from dataclasses import dataclass

from .strategy import Node, Tree


@dataclass(frozen=True)
class Line:
    level: int  # indentation: 0 for the main line, 1 for its alternatives, ...
    text: str


def _kept(node: Node, name: str, compute):
    """A figure of the subtree under ``node``, worked out once: the writer asks for each many
    times (every pass over the tree, every comparison of replies), and a tree does not change."""
    found = node.__dict__.get(name)
    if found is None:
        found = node.__dict__[name] = compute(node)
    return found


def turns_needed(node: Node) -> int:
    """The winner's turns to finish from its move ``node``, on the longest branch."""
    return _kept(node, "_turns", _turns)


def _turns(node: Node) -> int:
    if node.race:
        return len(node.moves)
    if not node.children:
        return 1
    return 1 + max(turns_needed(reply.children[0]) for reply in node.children)


def _size(node: Node) -> int:
    """Moves in the subtree under ``node``, each subtree counted once."""
    return _kept(node, "_size", lambda n: 1 + sum(_size(c) for c in n.children))


def _strongest(replies: list[Node]) -> Node:
    best = replies[0]
    key = (turns_needed(best.children[0]), _size(best.children[0]))
    for reply in replies[1:]:
        k = (turns_needed(reply.children[0]), _size(reply.children[0]))
        if k > key:
            best, key = reply, k
    return best


def _shape(node: Node) -> tuple:
    """The play from ``node`` down, every branch, as moves alone."""
    return _kept(node, "_shape", lambda n: (n.side, n.race, tuple(n.moves), tuple(_shape(c) for c in n.children)))


def _reply_word(token: str) -> str:
    return "passes (no move)" if token == "pass" else token


def _listing(tokens: list[str]) -> str:
    words = [_reply_word(t) for t in tokens]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class _Writer:
    def __init__(self, tree: Tree, depth: int) -> None:
        self.me = tree.winner.capitalize()
        self.them = "Black" if tree.winner == "red" else "Red"
        self.depth = depth  # how many levels of alternatives are spelt out to the end

    def move(self, node: Node, k: int) -> str:
        """The winner's move ``node`` at turn ``k`` in words, up to the opponent's answer."""
        if node.race:
            packs = node.moves
            if len(packs) == 1:
                return f"{k}. {self.me} {packs[0]} and wins."
            span = f"{k}" if len(packs) == 1 else f"{k}-{k + len(packs) - 1}"
            plan = packs[0] if len(packs) == 1 else ", ".join(packs[:-1]) + " and " + packs[-1]
            return (f"{span}. {self.me} plays {plan}, one a turn, whatever {self.them} does, "
                    f"and wins the race ({self.them} cannot finish sooner).")
        if not node.children:
            return f"{k}. {self.me} {node.moves[0]} and wins."
        return f"{k}. {self.me} {node.moves[0]}"

    def turn(self, node: Node, k: int, alt_depth: int) -> list[Line]:
        """Lines (main line at level 0) for the winner's move ``node`` at turn ``k`` and the play
        after it; alternatives are spelt out ``alt_depth`` levels deep, then only answered."""
        text = self.move(node, k)
        if node.race or not node.children:
            return [Line(0, text)]
        replies = node.children
        main = _strongest(replies)

        def answered(reply: Node) -> tuple[Line, ...]:
            answer = reply.children[0]
            if alt_depth <= 0 and not (answer.race or not answer.children):
                more = turns_needed(answer) - 1
                return (Line(0, f"{self.move(answer, k + 1)}, and wins within {more} more "
                                f"turn{'s' if more != 1 else ''}."),)
            return tuple(self.turn(answer, k + 1, alt_depth - 1))

        # "answered alike" beside the main line promises the main line's whole continuation, so
        # only replies with the very same play below go there; the others are grouped by their
        # text, which may stop at the winner's next move ("..., and wins within 4 more turns")
        main_shape = _shape(main.children[0])
        same = [r.moves[0] for r in replies if r is not main and _shape(r.children[0]) == main_shape]
        groups: dict[tuple[Line, ...], list[str]] = {}
        for reply in replies:
            if reply is not main and reply.moves[0] not in same:
                groups.setdefault(answered(reply), []).append(reply.moves[0])
        return self.branch(text, len(replies), main, same, groups) + self.turn(main.children[0], k + 1, alt_depth)

    def branch(self, text: str, replies: int, main: Node, same: list[str],
               groups: dict[tuple[Line, ...], list[str]]) -> list[Line]:
        """The lines of the winner's move ``text`` against its ``replies``: the main reply, the
        replies ``same`` answered as it is, and each group of others with its answer."""
        out = [Line(0, text + self.reply_words(replies, main, same, bool(groups)))]
        for sub, tokens in groups.items():
            out += _nested(f"If {self.them} {_listing(tokens)} instead: ", sub)
        return out

    def reply_words(self, replies: int, main: Node, same: list[str], others: bool, rest: bool = False) -> str:
        """What the winner's move's line says of the loser's ``replies``: the ``main`` one, and
        those answered ``same`` as it; ``others``: some are answered otherwise (``rest``: the
        most of them together, as "any other reply")."""
        if replies == 1:
            return f"; {self.them} {_reply_word(main.moves[0])}" + ("" if main.moves[0] == "pass" else " (forced)")
        if not others:
            return self.any_reply
        return f"; {self.them} {_reply_word(main.moves[0])}" + self.alike(same, rest)

    @property
    def any_reply(self) -> str:
        return f"; whatever {self.them} plays (every reply is answered alike)"

    def alike(self, same: list[str], rest: bool) -> str:
        return f" (or {_listing(same)}, answered alike)" if same else ""


def _nested(head: str, sub: tuple[Line, ...]) -> list[Line]:
    """A reply's answer ``sub`` under a branch: its first line after ``head``, the rest one level deeper."""
    return [Line(1, head + sub[0].text)] + [Line(line.level + 1, line.text) for line in sub[1:]]


def solution_lines(tree: Tree, max_lines: int = 40, writer: type[_Writer] = _Writer) -> tuple[list[Line], bool]:
    """The solution as indented lines, and whether every branch is spelt out to its end.

    Alternatives are expanded as deep as the budget of ``max_lines`` allows (at least their
    first answer is always given). ``writer`` phrases them (a book's answer key has its own)."""
    best: list[Line] = []
    for depth in range(turns_needed(tree.root), -1, -1):
        out = writer(tree, depth).turn(tree.root, 1, depth)
        best = out
        if len(out) <= max_lines:
            return out, depth >= turns_needed(tree.root) - 1
    return best, False


def question(tree: Tree) -> str:
    """"Red to play and win in 3"."""
    return f"{tree.winner.capitalize()} to play and win in {tree.n}"
