"""Strategy files: a forced win as a tree, and the verifier that replays every branch.

The format (plain text, ``#`` comments)::

    # Red to play and win in 3
    game: pack-n-stack
    deal: 12                 # where the position came from (information only)
    rules: parlett
    to move: red
    quiet: 0
    stock: -
    row 1: 3H/7H  -  KS  ...  (the position, exactly as ``dealgen deal`` prints one)
    ...
    row 5: ...
    goal: red wins in 3
    tree:
    red c1-c4
      black b2-b3
        red race d1-d4 e5-e1
      black pass
        red e5-e1

After ``tree:`` every line is one move, indented deeper than the move it answers (two
spaces a level is the house style; the answers to one move line up). The winner has
exactly one move at each of its turns; under it come *all* the opponent's legal replies,
each with the winner's answer under it. A branch ends with a winning move (no children)
or with a race certificate ``<winner> race <packs...>``: a pure-pack plan for the
winner's remaining packs that the verifier replays and whose length it compares with its
own lower bound for the opponent (see ``race.py``).
``goal:`` promises the winner finishes within N of its own turns on every branch.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...deals import is_whole
from ...errors import IllegalMove, InputError, located
from ...games.pack_n_stack import PACK_N_STACK as GAME
from ...games.pack_n_stack import SIDES, PnsState
from ...games.textform import read_fields
from ...solution import MARKER, read_move
from .prove import moves_on
from .race import check_certificate, race_win

MAX_GOAL = 99  # the largest N a "wins in N" claim may name: problems are found at N <= 15


@dataclass
class Node:
    side: str
    moves: list[str]  # one token, or the plan of a race certificate
    race: bool
    line: int
    children: list["Node"] = field(default_factory=list)


@dataclass
class Tree:
    """A strategy: the winner's move at the root, with everything below it."""

    state: PnsState
    winner: str
    n: int
    root: Node


def parse_strategy(text: str, source: str = "<strategy>") -> Tree:
    """Read a strategy file; InputError names the line that cannot be read."""
    head: list[str] = []
    goal = None
    tree_at = None
    lines = text.splitlines()
    for lineno, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if line.lower() == "tree:":
            tree_at = lineno
            break
        if line.lower().startswith(MARKER):
            if goal is not None:
                raise InputError(located(f"a second 'goal:' line (the first is line {goal[0]}): a strategy has one goal",
                                         source, lineno))
            goal = (lineno, line[len(MARKER):].split())
            head.append("")
            continue
        head.append(raw)
    if tree_at is None:
        raise InputError(located("no 'tree:' line: the strategy tree follows a line 'tree:'", source))
    if goal is None:
        late = next((k for k in range(tree_at + 1, len(lines) + 1)
                     if lines[k - 1].split("#", 1)[0].strip().lower().startswith(MARKER)), None)
        if late is not None:
            raise InputError(located(f"the 'goal:' line comes after 'tree:' (line {tree_at}): the goal goes above the tree",
                                     source, late))
        raise InputError(located("no 'goal:' line (e.g. 'goal: red wins in 3')", source))
    lineno, words = goal
    if (len(words) != 4 or words[0].lower() not in SIDES or [w.lower() for w in words[1:3]] != ["wins", "in"]
            or not is_whole(words[3]) or not 1 <= int(words[3]) <= MAX_GOAL):
        raise InputError(located(f"the goal reads '<red|black> wins in N', N a whole number from 1 to {MAX_GOAL}",
                                 source, lineno))
    winner, n = words[0].lower(), int(words[3])
    state = GAME.from_text("\n".join(head), source)
    if state.stock:
        # the stock's line, the position's lines read as from_text reads them
        _, lines = read_fields("\n".join(head), (), source, repeatable=lambda key: True)
        stock_at = next((k for k, key, _ in lines if key == "stock"), None)
        raise InputError(located("a strategy starts once the stock is empty (stock: -)", source, stock_at))
    if state.side != winner:
        raise InputError(located(f"the goal names {winner} but {state.side} is to move", source, lineno))

    # Indentation gives the tree: a stack of (indent, node).
    roots: list[Node] = []
    stack: list[tuple[int, Node]] = []
    indents: dict[int, int] = {}  # line -> indent, for lining up the answers to one move
    for lineno in range(tree_at + 1, len(lines) + 1):
        raw = lines[lineno - 1].split("#", 1)[0]
        if not raw.strip():
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        if raw[indent] in "\t\v\f":
            raise InputError(located("the tree is indented with spaces (two a level), not tabs", source, lineno))
        if raw[indent].isspace():  # a word processor's no-break space looks like a space but is not one
            raise InputError(located(f"the tree is indented with plain spaces (two a level); this line has "
                                     f"U+{ord(raw[indent]):04X} before its move", source, lineno))
        words = raw.split()
        side = words[0].lower()
        if side not in SIDES or len(words) < 2:
            raise InputError(located(f"a tree line reads '<red|black> <move>' or '<winner> race <packs>'; got '{raw.strip()}'",
                                     source, lineno))
        race = words[1].lower() == "race"
        tokens = words[2:] if race else words[1:]
        if (not race and len(tokens) != 1) or (race and not tokens):
            raise InputError(located(f"one move per line, or 'race' and its packs; got '{raw.strip()}'", source, lineno))
        if race and side != winner:
            raise InputError(located(f"only the winner, {winner.capitalize()}, ends a branch with a race certificate; "
                                     f"{side.capitalize()}'s lines are single replies", source, lineno))
        try:  # in our notation, so that D3>D1 answers d3>d1 as a game record's D3-D1 plays it
            tokens = [GAME.format_move(read_move(GAME, token)) for token in tokens]
        except InputError as err:
            raise InputError(located(str(err), source, lineno)) from None
        node = Node(side, tokens, race, lineno)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        if not roots and side != winner:
            raise InputError(located(f"the tree starts with {winner.capitalize()}'s first move (the goal's winner, to "
                                     f"move here), not {side.capitalize()}'s", source, lineno))
        if roots and not stack:
            raise InputError(located(f"the tree has one first move of {winner}, on line {roots[0].line}; this line "
                                     "is not indented under it", source, lineno))
        if stack and stack[-1][1].race:
            raise InputError(located(f"a race certificate (line {stack[-1][1].line}) ends its branch: nothing may be "
                                     "indented under it", source, lineno))
        if stack and stack[-1][1].side == side:  # most often a line indented too deep
            above = stack[-1][1]
            raise InputError(located(f"this {side.capitalize()} line is nested under {side.capitalize()}'s "
                                     f"{' '.join(above.moves)} (line {above.line}); each line answers the one it is "
                                     "indented under, so the sides alternate: check the indentation", source, lineno))
        siblings = stack[-1][1].children if stack else roots
        if siblings and indents[siblings[0].line] != indent:
            raise InputError(located(f"this line is indented {counted(indent, 'space')}, the other answers to line "
                                     f"{stack[-1][1].line} {counted(indents[siblings[0].line], 'space')}: answers to "
                                     "one move line up", source, lineno))
        siblings.append(node)
        indents[lineno] = indent
        stack.append((indent, node))
    if not roots:
        raise InputError(located(f"the tree is empty: it starts with {winner}'s first move", source, tree_at))
    return Tree(state, winner, n, roots[0])


@dataclass
class Check:
    ok: bool = True
    failures: list[tuple[int, str]] = field(default_factory=list)  # (line, what is wrong)
    branches: int = 0
    nodes: int = 0
    races: int = 0
    depth: int = 0  # the most winner turns on any branch
    position: PnsState | None = None  # where the first failure in line order came to light (before its move)
    source: str = "<strategy>"
    first_line: int = 0  # the line of the first failure in line order (``position``'s)


def _fail(check: Check, source: str, line: int, message: str, where: PnsState) -> None:
    check.ok = False
    if check.position is None or line < check.first_line:  # (kept as they come: a minimum each time is quadratic)
        check.position, check.first_line = where, line
    check.failures.append((line, message))


def _winner_turn(state: PnsState, node: Node, check: Check, source: str, turns: int) -> None:
    """Check the winner's move ``node`` (and all below it) from ``state``; ``turns`` already used."""
    check.nodes += 1
    me = state.side
    if node.side != me:
        _fail(check, source, node.line, f"{me.capitalize()} is to move here, not {node.side.capitalize()}", state)
        return
    if node.race:
        plan = [GAME.parse_move(t) for t in node.moves]
        reason = check_certificate(state, plan)
        if reason is not None:
            _fail(check, source, node.line, f"race certificate refused: {reason}", state)
        check.nodes += len(plan) - 1  # each of the plan's moves is replayed too
        check.races += 1
        check.branches += 1
        check.depth = max(check.depth, turns + len(plan))
        return
    move = GAME.parse_move(node.moves[0])
    try:
        after = GAME.play(state, move)
    except IllegalMove as err:
        _fail(check, source, node.line, f"{me.capitalize()}'s {move.token} is illegal: {err}", state)
        return
    turns += 1
    outcome = GAME.outcome(after)
    if outcome.over:
        if outcome.status == "won" and outcome.winner == me:
            check.branches += 1
            check.depth = max(check.depth, turns)
            if node.children:
                _fail(check, source, node.line, f"{move.token} wins the game: nothing may follow it", state)
        else:
            _fail(check, source, node.line, f"after {move.token} the game ends {outcome.summary}, not in a win", state)
        return
    them = after.side
    legal = {m.token: m for m in GAME.legal_moves(after)}
    given: dict[str, Node] = {}
    for child in node.children:
        token = child.moves[0]
        if child.side != them:
            _fail(check, source, child.line, f"after {move.token} it is {them.capitalize()}'s reply that comes here", after)
            continue
        if token in given:
            _fail(check, source, child.line, f"{them.capitalize()}'s reply {token} is given twice", after)
            continue
        given[token] = child
        if token not in legal:
            reason = GAME._why_not(after, GAME.parse_move(token)) or "not a legal reply"
            _fail(check, source, child.line, f"{them.capitalize()}'s reply {token} is illegal: {reason}", after)
    missing = [token for token in legal if token not in given]
    if missing:  # one failure, not one a reply: a flood of them would hide what else is wrong
        listed = missing if len(missing) <= 8 else missing[:8] + [f"{len(missing) - 8} more"]
        shown = ", ".join(listed[:-1]) + " and " + listed[-1] if len(listed) > 1 else listed[0]
        said = f"reply {shown} is" if len(missing) == 1 else f"replies {shown} are"
        _fail(check, source, node.line, f"after {me.capitalize()}'s {move.token}, {them.capitalize()}'s {said} "
                                        "not answered", after)
    for token, reply in legal.items():
        if token not in given:
            continue
        child = given[token]
        check.nodes += 1
        later = GAME.play(after, reply)
        outcome = GAME.outcome(later)
        if outcome.over:
            _fail(check, source, child.line, f"after {token} the game ends {outcome.summary}", after)
            continue
        if len(child.children) != 1:
            _fail(check, source, child.line, f"{me.capitalize()} needs exactly one answer to {token}, found {len(child.children)}", later)
            continue
        _winner_turn(later, child.children[0], check, source, turns)


def check_tree(tree: Tree, source: str = "<strategy>") -> Check:
    check = Check(source=source)
    outcome = GAME.outcome(tree.state)
    if outcome.over:
        _fail(check, source, tree.root.line, f"the game is already over ({outcome.summary}): there is nothing to win",
              tree.state)
        return check
    _winner_turn(tree.state, tree.root, check, source, 0)
    check.failures.sort(key=lambda failure: failure[0])  # in file order: the first is most often the cause
    if check.ok and check.depth > tree.n:
        _fail(check, source, tree.root.line, f"a branch needs {check.depth} turns of {tree.winner}, more than the goal's {tree.n}",
              tree.state)
    elif check.ok and check.depth < tree.n:  # "win in N" names the longest branch: a larger N overstates the problem
        _fail(check, source, tree.root.line, f"every branch wins within {check.depth} turns of {tree.winner}: the goal "
              f"is a win in {check.depth}, not {tree.n}", tree.state)
    return check


def verify_strategy(text: str, source: str = "<strategy>") -> tuple[list[str], bool]:
    """Replay every branch of a strategy file through the engine.

    Returns the verdict lines and whether the strategy holds. A file that cannot be read
    raises InputError (exit 2); a strategy that fails is ``ok == False`` (exit 1)."""
    tree = parse_strategy(text, source)
    return verdict_lines(tree, check_tree(tree, source))


def verdict_lines(tree: Tree, check: Check) -> tuple[list[str], bool]:
    """The verdict of ``check_tree``: one line when it holds, one per failure when it does not."""
    deal = "position" if tree.state.deal is None else f"deal {tree.state.deal} position"
    what = f"pack-n-stack {deal} ({tree.winner} to play and win in {tree.n})"
    if check.ok:
        return [f"{what}: verified, {counted(check.branches, 'branch', 'branches')}, "
                f"{counted(check.nodes, 'move')} checked, {counted(check.races, 'race certificate')}, "
                f"longest branch {counted(check.depth, 'turn')}"], True
    # a failure names the file and line first, as every error does
    shown = [f"{located(what, check.source, line)}: FAILED: {msg}" for line, msg in check.failures[:MAX_SHOWN]]
    if len(check.failures) > MAX_SHOWN:  # one wrong move high in a tree breaks every branch below it
        shown.append(f"{located(what, check.source)}: ... and {counted(len(check.failures) - MAX_SHOWN, 'more failure')} "
                     f"(the first usually explains the rest)")
    return shown, False


MAX_SHOWN = 10  # failures listed in a verdict (--json lists every one)


def verdict_json(tree: Tree, check: Check) -> dict:
    """``verify --json`` for a strategy file: the fields a solution's verdict has, where they
    apply, and each failure with its line."""
    lines, ok = verdict_lines(tree, check)
    return {"ok": ok, "game": GAME.name, "deal": tree.state.deal, "rules": tree.state.rules,
            "goal": {"winner": tree.winner, "n": tree.n}, "branches": check.branches, "moves_checked": check.nodes,
            "race_certificates": check.races, "longest_branch": check.depth,
            "errors": [{"line": line, "reason": msg} for line, msg in check.failures], "verdict": "\n".join(lines)}


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``1 move``, ``2 moves``."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# -- building trees from the prover ---------------------------------------------------------------
def build_tree(state: PnsState, n: int, prover) -> Node:
    """The winner's strategy from ``state`` (winner to move, forced win in ``n`` proved by
    ``prover``): race certificates where they settle a branch, else the first winning move."""
    plan = race_win(state, n)
    if plan is not None:
        return Node(state.side, [m.token for m in plan], True, 0)
    children = []
    for move, after, won in moves_on(state):
        if won:
            return Node(state.side, [move.token], False, 0)
        children.append((move, after))
    # a move the proof's table (or a race count) already shows winning first: searching the
    # others in move order would refute each losing move before the winning one is reached
    known = next((child for child in children if prover.shown_won(child[1], n - 1)), None)
    for move, after in ([known] if known else []) + children:
        if prover.defend(after, n - 1):
            node = Node(state.side, [move.token], False, 0)
            for reply in GAME.legal_moves(after):
                later = GAME.apply(after, reply)
                child = Node(after.side, [reply.token], False, 0)
                child.children.append(build_tree(later, n - 1, prover))
                node.children.append(child)
            return node
    raise ValueError("no winning move: the prover's table does not match this position")


def format_tree(node: Node, indent: int = 0) -> list[str]:
    pad = "  " * indent
    word = "race " if node.race else ""
    out = [f"{pad}{node.side} {word}{' '.join(node.moves)}"]
    for child in node.children:
        out += format_tree(child, indent + 1)
    return out


def format_strategy(state: PnsState, n: int, root: Node, comment: str = "") -> str:
    lines = [f"# {c}".rstrip() for c in comment.splitlines()]
    lines.append(GAME.to_text(state).rstrip("\n"))
    lines.append(f"goal: {state.side} wins in {n}")
    lines.append("tree:")
    lines += format_tree(root)
    return "\n".join(lines) + "\n"


def count_nodes(node: Node) -> int:
    return 1 + sum(count_nodes(c) for c in node.children)


def winner_shifts(node: Node) -> int:
    """The most packet moves the winner makes on any branch."""
    own = sum(">" in token for token in node.moves)  # a race plan may hold packet moves too
    below = [winner_shifts(grand) for child in node.children for grand in child.children]
    return own + max(below, default=0)
