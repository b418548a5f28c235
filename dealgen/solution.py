"""Solution files: plain text, ``#`` comments, ``key: value`` headers, then move tokens.

    # any comment
    game: penguin
    deal: 1
    rules: parlett
    1a 2h 35 ...

An optional ``outcome:`` header states how the record claims play ends: ``won`` (the
default, left out when writing) or another end the game lets a record claim (Perpetual
Motion: ``cycles``); ``dealgen verify`` passes a record only when its replay ends so.

Headers come before the first move. Tokens are checked against the game's notation
as they are read, so an unknown token is reported with its line and move number. The
moves may be read as a stream (``stream_solution``), played as they are read: a replay
that stops at a bad move reads no further.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator

from .deals import is_whole, parse_deal_number
from .errors import InputError, did_you_mean, located
from .fileio import read_text
from .games import Game, get_game

HEADERS = ("game", "deal", "rules", "outcome")
PER_LINE = 12  # moves per line when writing
MARKER = "goal:"  # a strategy file is a Pack 'n' Stack position with a goal: line and a tree:


@dataclass(frozen=True)
class Solution:
    game: str
    deal: int
    rules: str
    moves: tuple[str, ...]
    outcome: str = "won"  # the end of play the record claims (Game.record_outcomes)
    # where each move token stood in the file it was read from (for error messages)
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    written: tuple[str, ...] = field(default=(), compare=False, repr=False)  # each move as the file spells it
    source: str = field(default="", compare=False, repr=False)
    rules_given: bool = field(default=True, compare=False, repr=False)  # False: no rules: line, the default applies

    def line_of(self, index: int) -> int | None:
        return self.lines[index] if index < len(self.lines) else None

    def token_at(self, index: int) -> str:
        """Move ``index`` as its file wrote it (``31``), for messages; else in our notation (``13``)."""
        return self.written[index] if index < len(self.written) else self.moves[index]

    def format(self, comment: str = "") -> str:
        out = [f"# {line}".rstrip() for line in comment.splitlines()]
        out += [f"game: {self.game}", f"deal: {self.deal}", f"rules: {self.rules}"]
        if self.outcome != "won":
            out.append(f"outcome: {self.outcome}")
        for i in range(0, len(self.moves), PER_LINE):
            out.append(" ".join(self.moves[i : i + PER_LINE]))
        return "\n".join(out) + "\n"


def _refuse_position(text: str, source: str, key: str, named: str) -> None:
    """A position (as ``dealgen deal`` prints it) where a solution was expected: say so, rather
    than call its first header unknown. A strategy file cut off before its goal reads so too.
    ``named`` is the file's game header, if read yet."""
    from .games import GAMES

    for game in [GAMES[named]] if named in GAMES else GAMES.values():
        if key not in {line.split(":")[0] for line in game.to_text(game.deal(1)).splitlines()}:
            continue  # not a line of this game's positions
        try:
            game.from_text(text, source)
            what = f"a position of {game.title}"
        except InputError as err:
            what = f"part of a position of {game.title} ({str(err).removeprefix(source + ': ')})"
        cut = (": a strategy file adds 'goal: <side> wins in N' and 'tree:' lines after the position; is this one "
               "cut short?" if game.players else "")
        raise InputError(f"{source}: {what}, not a solution; verify replays solution files, game records, catalogs, "
                         f"books and strategy files{cut}")


def parse_solution(text: str, source: str = "<solution>") -> Solution:
    """Read a solution; InputError names the file, line and token that is wrong."""
    head, steps = stream_solution(text, source)
    read = list(steps)
    return replace(head, moves=tuple(move for move, _, _ in read), lines=tuple(line for _, _, line in read),
                   written=tuple(token for _, token, _ in read))


Step = tuple[str, str, int]  # a move in our notation, as the file spells it, and its line


# The lines around the moves in Freecell Solver's output (``fc-solve -m -snx``), read as comments
# so its solution files verify as they are (with the game and deal given on the command line).
FCS_FRAME = re.compile(r"(-=)+-|This game is solveable\.|Total number of states checked is \d+\."
                       r"|This scan generated \d+ states\.")
FCS_UNSOLVED = "I could not solve this game."


def _content(raw: str, source: str, lineno: int) -> str:
    """A line without its comment or fc-solve's framing."""
    line = raw.split("#", 1)[0].strip()
    if FCS_FRAME.fullmatch(line):
        return ""
    if line == FCS_UNSOLVED:
        raise InputError(located("fc-solve's output for a deal it could not solve: there is no solution here to "
                                 "verify", source, lineno))
    return line


def stream_solution(text: str, source: str = "<solution>",
                    given: dict[str, str] | None = None) -> tuple[Solution, Iterator[Step]]:
    """A solution's headers, read and checked now (a Solution without moves), and its moves as
    they are read: each token is checked when it is reached, and InputError names it then. A
    replay that stops at a bad move reads no further (a file may hold megabytes of moves).
    ``given`` headers (``dealgen verify --game --deal``) stand in for lines the file lacks, such
    as in fc-solve's solution files; a file's own line must agree with them."""
    lines = _lines(text)
    headers: dict[str, tuple[int, str]] = {}
    first: tuple[int, str] | None = None  # the first line of moves
    for lineno, raw in lines:
        line = _content(raw, source, lineno)
        if not line:
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if colon and re.fullmatch(r"[a-z0-9_ ]+", key):
            if key not in HEADERS:
                _refuse_position(text, source, key, headers.get("game", (0, ""))[1].lower())
                raise InputError(located(f"unknown header '{key}'{did_you_mean(key, HEADERS)}: allowed are "
                                        f"{', '.join(HEADERS)}", source, lineno))
            if key in headers:
                raise InputError(located(f"header '{key}' is given twice", source, lineno))
            headers[key] = (lineno, value.strip())
            continue
        word = line.replace("=", " ").split(None, 1)[0].lower()  # (the first word: a line of moves may be megabytes)
        if word in HEADERS:  # `deal 1` or `game = penguin`: a header that lost its colon
            value = line.replace("=", " ").split(None, 1)[1:] or ["VALUE"]
            raise InputError(located(f"'{line}': a header needs a colon, e.g. '{word}: {value[0].strip()}'",
                                     source, lineno))
        first = (lineno, line)
        break

    def norm(key: str, value: str) -> str:  # ("01" is deal 1; an unreadable one is said when checked below)
        text = str(value).strip().lower()
        return str(int(text)) if key == "deal" and is_whole(text) else text

    for key, value in (given or {}).items():
        if key in headers and norm(key, headers[key][1]) != norm(key, value):
            raise InputError(located(f"the file says {key}: {headers[key][1]}, not {value} as given",
                                     source, headers[key][0]))
        headers.setdefault(key, (0, str(value)))
    if not headers and first is None:
        what = "holds only comments" if text.strip() else "is empty"
        raise InputError(located(f"the file {what}: a solution has game: and deal: lines, then the moves", source))
    for key in ("game", "deal"):
        if key not in headers:
            raise InputError(located(f"missing header '{key}:' (a solution starts with game: and deal: lines, and "
                                     f"rules: when not the game's first rule set; for a file without them, such "
                                     f"as fc-solve's, give --game and --deal)", source))

    def checked(key: str, check):
        lineno, value = headers[key]
        try:
            return check(value)
        except InputError as err:
            raise InputError(located(str(err), source, lineno)) from None

    game: Game = checked("game", lambda name: get_game(name))
    deal: int = checked("deal", parse_deal_number)
    rules = checked("rules", game.check_rules) if "rules" in headers else game.default_rules
    outcome = checked("outcome", lambda v: check_outcome(game, v)) if "outcome" in headers else "won"
    head = Solution(game.name, deal, rules, (), outcome, source=source, rules_given="rules" in headers)
    return head, _moves(game, source, first, lines)


def _moves(game: Game, source: str, first: tuple[int, str] | None, rest: Iterator[tuple[int, str]]) -> Iterator[Step]:
    """The moves from the first line of them on, checked against the game's notation as read."""
    index = 0
    later = ((lineno, _content(raw, source, lineno)) for lineno, raw in rest)
    for lineno, line in itertools.chain([first] if first else [], later):
        if not line:
            continue
        key, colon, _ = line.partition(":")
        key = key.strip().lower()
        if colon and key in HEADERS:  # ("d1-d5 d2:d4" is moves with a stray colon, named by its move number)
            raise InputError(located(f"header '{key}:' after the moves began; headers come first", source, lineno))
        for found in TOKEN.finditer(line):  # (one at a time: a line of megabytes is not split into a list)
            token = found.group()
            index += 1
            if index > MAX_MOVES:
                raise InputError(located(too_long(index), source, lineno))
            try:
                yield game.format_move(read_move(game, token)), token, lineno
            except InputError as err:
                raise InputError(located(f"move {index}: {err}", source, lineno)) from None


TOKEN = re.compile(r"\S+")
MAX_MOVES = 100_000  # the longest solution of the seed catalogs: 5,656 moves (Perpetual Motion)


def too_long(count: int) -> str:
    """Why a solution of ``count`` moves, more than MAX_MOVES, is refused (a file of 16 MB holds
    millions of legal moves, say one card moved to a cell and back, and each takes a replay)."""
    return (f"over {MAX_MOVES:,} moves: far longer than any solution (the longest of dealgen's catalogs has 5,656); "
            f"remove the moves that go round in circles")


LINES_AT_ONCE = 1 << 16  # characters of text split into lines at a time


def _lines(text: str) -> Iterator[tuple[int, str]]:
    r"""``enumerate(text.splitlines(), 1)``, split a part at a time: a file of megabytes is not
    made a list of a million lines when its reader stops at line 20. (Each part ends after a
    newline, so no line break, \r\n included, is cut in two.)"""
    lineno = 0
    start = 0
    while start < len(text):
        cut = text.find("\n", start + LINES_AT_ONCE)
        end = len(text) if cut < 0 else cut + 1
        for line in text[start:end].splitlines():
            lineno += 1
            yield lineno, line
        start = end


def read_move(game: Game, token: str):
    """``game.parse_move(token)``, after refusing what is no move of any game in words that
    show it (a pasted invisible character, a runaway token, a move number)."""
    if len(token) > 12:
        raise InputError(f"'{token[:12]}…' ({len(token):,} characters) is far longer than any move")
    hidden = [ch for ch in token if not ch.isprintable()]
    if hidden:
        shown = token.encode("unicode_escape").decode("ascii")
        raise InputError(f"'{shown}' holds an invisible character (U+{ord(hidden[0]):04X}); retype the move")
    if is_whole(token[:-1]) and token.endswith("."):
        raise InputError(f"'{token}' looks like a move number: write the moves alone, in order")
    return game.parse_move(token)


def check_outcome(game: Game, value: str) -> str:
    """An ``outcome:`` value the game lets a record claim, or InputError listing them."""
    word = value.strip().lower()
    if word not in game.record_outcomes:
        raise InputError(f"outcome '{value}': {game.title} records may claim {' or '.join(game.record_outcomes)}")
    return word


def is_strategy(text: str) -> bool:
    """Whether ``text`` is meant as a strategy file: a ``goal:`` or a ``tree:`` line (one without
    the other is then named as missing, rather than read as some other kind of file)."""
    lowered = text.lower()
    if MARKER not in lowered and "tree:" not in lowered:  # (most files: a solution of megabytes is not split)
        return False
    lines = [ln.split("#", 1)[0].strip() for ln in lowered.splitlines()]
    return any(ln.startswith(MARKER) for ln in lines) or "tree:" in lines


def read_solution(path: str | Path) -> Solution:
    """A solution file, every move read (``stream_solution`` reads them as they are played)."""
    return parse_solution(solution_text(path), str(path))


def solution_text(path: str | Path) -> str:
    """The text of a solution file; InputError when it is plainly another kind of file."""
    text = read_text(path, "solution file")
    if is_strategy(text):
        raise InputError(f"{path}: a strategy file (a problem's solution tree), not a line of moves: check it "
                         "with `dealgen verify`, draw it with `dealgen render pack-n-stack --position`")
    if text.lstrip().startswith("{"):
        raise InputError(f"{path}: a JSON file (a seed catalog?), not a solution file: a solution file is the text "
                         "`dealgen solve -o` writes; check a catalog with `dealgen verify`")
    return text
