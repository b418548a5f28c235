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
when the file is read, so an unknown token is reported with its line, not mid-replay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .deals import is_whole, parse_deal_number
from .errors import InputError, located
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
    headers: dict[str, tuple[int, str]] = {}
    tokens: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        # a header's name is words; "d1-d5 d2:d4" is moves with a stray colon, named by its move number
        if colon and re.fullmatch(r"[a-z0-9_ ]+", key) and (not tokens or key in HEADERS):
            if tokens:
                raise InputError(located(f"header '{key}:' after the moves began; headers come first", source, lineno))
            if key not in HEADERS:
                _refuse_position(text, source, key, headers.get("game", (0, ""))[1].lower())
                raise InputError(located(f"unknown header '{key}': allowed are {', '.join(HEADERS)}", source, lineno))
            if key in headers:
                raise InputError(located(f"header '{key}' is given twice", source, lineno))
            headers[key] = (lineno, value.strip())
            continue
        first = line.replace("=", " ").split()[0].lower()
        if not tokens and first in HEADERS:  # `deal 1` or `game = penguin`: a header that lost its colon
            value = line.replace("=", " ").split(None, 1)[1:] or ["VALUE"]
            raise InputError(located(f"'{line}': a header needs a colon, e.g. '{first}: {value[0].strip()}'",
                                     source, lineno))
        tokens.extend((lineno, token) for token in line.split())

    if not headers and not tokens:
        what = "holds only comments" if text.strip() else "is empty"
        raise InputError(located(f"the file {what}: a solution has game: and deal: lines, then the moves", source))
    for key in ("game", "deal"):
        if key not in headers:
            raise InputError(located(f"missing header '{key}:' (a solution starts with game: and deal: lines, and "
                                     f"rules: when not the game's first rule set)", source))

    def checked(key: str, check):
        lineno, value = headers[key]
        try:
            return check(value)
        except InputError as err:
            raise InputError(located(str(err), source, lineno)) from None

    game: Game = checked("game", get_game)
    deal: int = checked("deal", parse_deal_number)
    rules = checked("rules", game.check_rules) if "rules" in headers else game.default_rules
    outcome = checked("outcome", lambda v: check_outcome(game, v)) if "outcome" in headers else "won"

    moves = []
    for index, (lineno, token) in enumerate(tokens, 1):
        try:
            moves.append(game.format_move(read_move(game, token)))
        except InputError as err:
            raise InputError(located(f"move {index}: {err}", source, lineno)) from None
    return Solution(game.name, deal, rules, tuple(moves), outcome, tuple(n for n, _ in tokens),
                    tuple(t for _, t in tokens), source, "rules" in headers)


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
    lines = [ln.split("#", 1)[0].strip().lower() for ln in text.splitlines()]
    return any(ln.startswith(MARKER) for ln in lines) or "tree:" in lines


def read_solution(path: str | Path) -> Solution:
    text = read_text(path, "solution file")
    if is_strategy(text):
        raise InputError(f"{path}: a strategy file (a problem's solution tree), not a line of moves: check it "
                         "with `dealgen verify`, draw it with `dealgen render pack-n-stack --position`")
    if text.lstrip().startswith("{"):
        raise InputError(f"{path}: a JSON file (a seed catalog?), not a solution file: a solution file is the text "
                         "`dealgen solve -o` writes; check a catalog with `dealgen verify`")
    return parse_solution(text, str(path))
