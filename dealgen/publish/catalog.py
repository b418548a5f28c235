"""Seed catalogs: the deal sets a book or a daily series is made from (JSON, versioned).

    {"schema": "dealgen-catalog", "version": 1,
     "title": "...", "subtitle": "...", "author": "...",
     "game": "penguin", "rules": "parlett",
     "selection": {...how the deals were chosen: start, mix, tried, kept, budgets...},
     "deals": [{"deal": 17, "grade": "easy", "percentile": 12.5, "metrics": {...},
                "solution": ["1a", "2h", ...], "verified_by": "dealgen 0.1.0"}, ...]}

An entry whose record ends otherwise than in a win (a Perpetual Motion deal that goes round
forever: its puzzle asks whether the deal comes out) says so: "outcome": "cycles".

A game whose puzzles are "to play and win" problems (``dealgen.solve.problem_kit``, Pack 'n' Stack)
keeps problems instead: {"deal": 26, "turn": 41, "grade": "hard", "stars": 4, "n": 5,
"position": [its text lines], "strategy": [the tree's lines], "metrics": {...}, "verified_by": ...}.

Every entry is replayed through the engine before a catalog is written and again by
``dealgen verify CATALOG.json``: a solution from its deal, a problem's strategy branch by branch.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from ..deals import parse_deal_number
from ..errors import CheckFailed, InputError, did_you_mean
from ..fileio import MAX_TEXT, as_json, check_metrics, is_pdf, known_fields, parse_json, read_text, write_atomic
from ..games import Game, get_game
from ..grade import GRADES, grade_of
from ..solution import MAX_MOVES, Solution, check_outcome, read_move, too_long
from ..solve import problem_kit
from ..verify import Verdict, replay
from ..version import __version__
from .daily import parse_date
from .pdfinput import attachment_data, attachments, open_pdf, pdf_errors, read_pdf

SCHEMA = "dealgen-catalog"
VERSION = 1


@dataclass(frozen=True)
class Entry:
    deal: int
    grade: str
    percentile: float
    metrics: dict[str, Any]
    moves: tuple[str, ...]
    verified_by: str = f"dealgen {__version__}"
    outcome: str = "won"  # how the record ends (Game.record_outcomes): "cycles" for a Perpetual Motion loss

    kind: ClassVar[str] = "deal"
    FIELDS: ClassVar[tuple[str, ...]] = ("deal", "grade", "percentile", "metrics", "solution", "outcome", "certified",
                                         "verified_by")

    def to_json(self) -> dict[str, Any]:
        # certified: the record is replayed through the engine before a catalog is written (and
        # by verify), so every entry's verdict is proven, as a scan line's "certified" says
        out = {"deal": self.deal, "grade": self.grade, "percentile": self.percentile,
               "metrics": self.metrics, "solution": list(self.moves), "certified": True,
               "verified_by": self.verified_by}
        if self.outcome != "won":
            out["outcome"] = self.outcome
        return out

    def state(self, game: Game, rules: str) -> Any:
        """The position the puzzle shows: the deal."""
        return game.deal(self.deal, rules)

    def verify(self, catalog: "Catalog") -> Verdict:
        """The replay, failed too when a metric it settles is stated otherwise (a book prints
        some of them: "comes out in 68 passes")."""
        states: list = []
        verdict = replay(catalog.solution(self), states)
        if not verdict.ok:
            return verdict
        game = get_game(catalog.game)
        found = game.replayed_metrics(states, [game.parse_move(token) for token in self.moves])
        wrong = [f"metrics.{key} is {as_json(self.metrics[key])}, the replay gives {value}"
                 for key, value in found.items() if key in self.metrics and self.metrics[key] != value]
        return replace(verdict, mismatch="; ".join(wrong)) if wrong else verdict

    @classmethod
    def from_json(cls, raw: dict[str, Any], where: str, game: Game) -> "Entry":
        for key in ("deal", "grade", "percentile", "metrics", "solution", "verified_by"):
            if key not in raw:
                raise InputError(f"{where}: missing field '{key}'")
        known_fields(raw, cls.FIELDS, where)
        if raw.get("certified", True) is not True:  # a catalog holds only verdicts its replay proves
            raise InputError(f"{where}: 'certified' is {as_json(raw['certified'])}; a catalog entry is a record "
                             f"the engine replays, so the field is true or left out")
        deal = _deal(raw, where)
        moves = raw["solution"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise InputError(f"{where}: 'solution' must be a list of move tokens")
        if len(moves) > MAX_MOVES:
            raise InputError(f"{where}: 'solution' is {too_long(len(moves))}")
        for n, token in enumerate(moves, 1):
            try:
                read_move(game, token)
            except InputError as err:
                raise InputError(f"{where}: move {n}: {err}") from None
        check_metrics(raw["metrics"], {}, where)
        known_fields(raw["metrics"], game.metric_names, f"{where} metrics")
        if not isinstance(raw["percentile"], (int, float)) or isinstance(raw["percentile"], bool) \
                or not 0 <= raw["percentile"] <= 100:
            raise InputError(f"{where}: 'percentile' must be a number from 0 to 100")
        _check_grade(raw, where)
        banded = grade_of(raw["percentile"])
        if raw["grade"] != banded:  # what a book prints must follow from the figures
            raise InputError(f"{where}: grade '{raw['grade']}' does not match its percentile "
                             f"{raw['percentile']:g}, which is {banded}")
        try:
            outcome = check_outcome(game, str(raw.get("outcome", "won")))
        except InputError as err:
            raise InputError(f"{where}: {err}") from None
        return cls(deal, str(raw["grade"]), float(raw["percentile"]), raw["metrics"], tuple(moves),
                   str(raw["verified_by"]), outcome)


@dataclass(frozen=True)
class ProblemVerdict:
    """A problem's strategy replayed through the engine (``problem_kit(game).verify``)."""

    deal: int
    ok: bool
    lines: tuple[str, ...]
    details: dict[str, Any] = field(default_factory=dict)  # what a strategy file's --json gives

    def line(self) -> str:
        return "\n".join(self.lines)

    def to_json(self) -> dict[str, Any]:
        return {**self.details, "ok": self.ok, "verdict": self.line()}


@dataclass(frozen=True)
class ProblemEntry:
    """A "to play and win" problem (a two-player game): the position reached in deal ``deal``
    after ``turn`` turns (its text form, one line each), won by the side to move within ``n``
    of its own turns whatever the defence; ``strategy`` is the winning tree (the lines after
    ``tree:`` in a strategy file), replayed branch by branch by the verifier."""

    deal: int
    turn: int
    grade: str
    stars: int
    n: int
    position: tuple[str, ...]
    strategy: tuple[str, ...]
    metrics: dict[str, Any]
    verified_by: str = f"dealgen {__version__}"

    kind: ClassVar[str] = "problem"
    FIELDS: ClassVar[tuple[str, ...]] = ("deal", "turn", "grade", "stars", "n", "position", "strategy", "metrics",
                                         "verified_by")

    @property
    def source(self) -> str:
        return f"deal {self.deal} turn {self.turn}"

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "turn": self.turn, "grade": self.grade, "stars": self.stars, "n": self.n,
                "position": list(self.position), "strategy": list(self.strategy), "metrics": self.metrics,
                "verified_by": self.verified_by}

    def state(self, game: Game, rules: str) -> Any:
        return problem_kit(game).position(self.position, self.source)

    def strategy_text(self, game: Game) -> str:
        return problem_kit(game).strategy_text(self.position, self.n, self.strategy, self.source)

    def verify(self, catalog: "Catalog") -> ProblemVerdict:
        game = get_game(catalog.game)
        where = f"{catalog.game} {self.source}"
        kit = problem_kit(game)
        basics = {"game": catalog.game, "deal": self.deal, "turn": self.turn, "rules": catalog.rules}
        try:
            result = kit.verify(self.strategy_text(game), where)
            wrong = kit.check_claims(self, where) if result["ok"] else None
        except InputError as err:  # a hand-edited entry that no longer reads is a failed check here
            wrong = self._entry_lines(str(err), where)
        if wrong is not None:
            return ProblemVerdict(self.deal, False, (f"{where}: FAILED: {wrong}",), {**basics, "errors": [{"reason": wrong}]})
        skip = len(self.position) + 2  # the strategy's first line follows the position, the goal and 'tree:'
        errors = [{"strategy_line": e["line"] - skip if e["line"] > skip else None,
                   "reason": self._entry_lines(e["reason"], where)} for e in result["errors"]]
        if result["ok"]:
            lines = tuple(result["verdict"].split("\n"))
        else:  # as a solution's: where (here the entry's own field), then what failed
            lines = tuple(f"{where}, {self._field(e['line'])}: FAILED: {self._entry_lines(e['reason'], where)}"
                          for e in result["errors"][:kit.MAX_SHOWN])
            if len(result["errors"]) > kit.MAX_SHOWN:
                lines += (f"{where}: ... and {len(result['errors']) - kit.MAX_SHOWN} more (the first usually explains "
                          f"the rest)",)
        return ProblemVerdict(self.deal, result["ok"], lines, {**result, **basics, "errors": errors})

    def _field(self, line: int) -> str:
        """The entry's own field that holds line ``line`` of the strategy file rebuilt from it
        (position, goal, 'tree:', strategy)."""
        if line <= len(self.position):
            return f"position line {line}"
        if line <= len(self.position) + 2:  # the goal and 'tree:' come from 'n'
            return "'n'"
        return f"strategy line {line - len(self.position) - 2}"

    def _entry_lines(self, message: str, where: str) -> str:
        """The verifier cites lines of that rebuilt file in its prefix (":N:", or ", line N" after
        a label with a colon) and as "on line N" in its text; name the entry's fields instead."""
        message = re.sub(rf"{re.escape(where)}(?::(\d+)|, line (\d+)):",
                         lambda m: f"{where}, {self._field(int(m[1] or m[2]))}:", message)
        return re.sub(r"\bon line (\d+)\b", lambda m: f"on {self._field(int(m[1]))}", message)

    @classmethod
    def from_json(cls, raw: dict[str, Any], where: str, game: Game) -> "ProblemEntry":
        for key in cls.FIELDS:
            if key not in raw:
                raise InputError(f"{where}: missing field '{key}'")
        known_fields(raw, cls.FIELDS, where)
        deal = _deal(raw, where)
        kit = problem_kit(game)
        for key, low, high in (("turn", 0, kit.MAX_TURN), ("stars", 1, max(kit.GRADE_BY_STARS)), ("n", 1, kit.MAX_GOAL)):
            value = raw[key]
            if (not isinstance(value, int) or isinstance(value, bool) or value < low
                    or (high is not None and value > high)):
                span = f"from {low}" if high is None else f"from {low} to {high}"
                raise InputError(f"{where}: '{key}' must be a whole number {span}, not {as_json(value)}")
        for key in ("position", "strategy"):
            if not isinstance(raw[key], list) or not raw[key] or not all(isinstance(x, str) for x in raw[key]):
                raise InputError(f"{where}: '{key}' must be a non-empty list of text lines")
        check_metrics(raw["metrics"], kit.METRIC_TYPES, where)
        known_fields(raw["metrics"], tuple(kit.METRIC_TYPES), f"{where} metrics")
        absent = [key for key in kit.METRIC_TYPES if key not in raw["metrics"]]
        if absent:
            raise InputError(f"{where}: missing metric{'s' if len(absent) > 1 else ''} {', '.join(map(repr, absent))}")
        _check_grade(raw, where)
        banded = kit.GRADE_BY_STARS[raw["stars"]]
        if raw["grade"] != banded:  # as a deal's grade must match its percentile
            raise InputError(f"{where}: grade '{raw['grade']}' does not match its {raw['stars']} "
                             f"stars, which make it {banded}")
        entry = cls(deal, raw["turn"], str(raw["grade"]), raw["stars"], raw["n"], tuple(raw["position"]),
                    tuple(raw["strategy"]), raw["metrics"], str(raw["verified_by"]))
        state = kit.position(entry.position, f"{where} position")  # a position that reads, or exit 2
        earliest = kit.earliest_turn(state)
        if entry.turn < earliest:
            raise InputError(f"{where}: turn {entry.turn} is too early: {earliest} cards have left the "
                             f"stock, one a turn at most, so the position comes at turn {earliest} or later")
        try:  # and a tree that reads (replaying it is verify's work)
            kit.read(entry.strategy_text(game), where)
        except InputError as err:
            raise InputError(entry._entry_lines(str(err), where)) from None
        return entry


def entry_type(game: Game) -> type:
    """What a catalog of ``game`` holds: deals, or problems for a game with a problem kit."""
    return Entry if problem_kit(game) is None else ProblemEntry


def _check_grade(raw: dict[str, Any], where: str) -> None:
    if raw["grade"] not in GRADES:
        raise InputError(f"{where}: grade {as_json(raw['grade'])} is not one of {', '.join(GRADES)}"
                         f"{did_you_mean(raw['grade'], GRADES) if isinstance(raw['grade'], str) else ''}")


def _deal(raw: dict[str, Any], where: str) -> int:
    if not isinstance(raw["deal"], int) or isinstance(raw["deal"], bool):
        raise InputError(f"{where}: 'deal' must be a whole number (not in quotes), not {as_json(raw['deal'])}")
    try:
        return parse_deal_number(raw["deal"])
    except InputError as err:
        raise InputError(f"{where}: {err}") from None


@dataclass(frozen=True)
class Catalog:
    game: str
    rules: str
    entries: tuple[Any, ...]  # Entry, or ProblemEntry for a game with problems
    title: str = ""
    subtitle: str = ""
    author: str = ""
    selection: dict[str, Any] = field(default_factory=dict)
    day: str = ""  # the date, for a day's JSON from `dealgen daily` read as a catalog of its puzzle
    # a book's copyright page (optional: written only when set)
    isbn: str = ""
    edition: str = ""
    publisher: str = ""
    year: int | None = None

    def solution(self, entry: Entry) -> Solution:
        return Solution(self.game, entry.deal, self.rules, entry.moves, entry.outcome)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA, "version": VERSION,
            "title": self.title, "subtitle": self.subtitle, "author": self.author,
            **{key: value for key, value in (("publisher", self.publisher), ("isbn", self.isbn),
                                             ("edition", self.edition), ("year", self.year)) if value},
            "game": self.game, "rules": self.rules,
            "selection": self.selection,
            "deals": [e.to_json() for e in self.entries],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"


CATALOG_FIELDS = ("schema", "version", "title", "subtitle", "author", "publisher", "isbn", "edition", "year", "game",
                  "rules", "selection", "deals")


def parse_catalog(text: str, source: str = "<catalog>", days: bool = False) -> Catalog:
    """Read a catalog; InputError names the file, the entry and the field that is wrong. With
    ``days``, a day's JSON (``dealgen daily``) reads as a catalog of its one puzzle."""
    if not text.lstrip().startswith(("{", "[")):  # a solution, a position, a strategy: not JSON at all
        raise InputError(f"{source}: not a catalog: give the JSON file `dealgen generate` writes, or a dealgen "
                         f"book's PDF")
    try:
        data = parse_json(text, source)
    except InputError:
        try:  # one of a scan's JSON lines, the first, may read alone (only looked at when the whole does not)
            what = _other_json(json.loads(text.lstrip().split("\n", 1)[0]))
        except (ValueError, RecursionError):
            what = None
        if what:
            raise InputError(_not_a_catalog(what, source)) from None
        raise
    if days and isinstance(data, dict) and "date" in data and "schema" not in data:
        return _day_catalog(data, source)
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        what = _other_json(data)
        raise InputError(_not_a_catalog(what, source) if what else
                         f"{source}: not a dealgen catalog (expected \"schema\": \"{SCHEMA}\")")
    if data.get("version") != VERSION:
        raise InputError(f"{source}: catalog schema version {as_json(data.get('version'))} is not supported: "
                         f"this dealgen reads version {VERSION}")
    for key in ("game", "rules", "deals"):
        if key not in data:
            raise InputError(f"{source}: missing field '{key}'")
    known_fields(data, CATALOG_FIELDS, source)
    game, rules = _game_rules(data, source)
    if not isinstance(data["deals"], list) or not data["deals"]:
        raise InputError(f"{source}: 'deals' must be a non-empty list")
    for key in ("title", "subtitle", "author", "publisher", "isbn", "edition"):
        if not isinstance(data.get(key, ""), str):
            raise InputError(f"{source}: '{key}' must be text, not {as_json(data[key])}")
    year = data.get("year")
    if year is not None and (type(year) is not int or not 1450 <= year <= 9999):
        raise InputError(f"{source}: 'year' must be a year such as 2025, not {as_json(year)}")
    if not isinstance(data.get("selection", {}), dict):
        raise InputError(f"{source}: 'selection' must be an object")
    kind = entry_type(game)
    entries = []
    first: dict[Any, int] = {}  # each puzzle once: a deal (or a problem's deal and position)
    for i, raw in enumerate(data["deals"], 1):
        # counted from 1, as people count (JSON's own indices start at 0), with the deal when it reads
        deal = raw.get("deal") if isinstance(raw, dict) else None
        where = f"{source}: deals entry {i}" + (f" (deal {deal})" if type(deal) is int and deal >= 0 else "")
        if not isinstance(raw, dict):
            raise InputError(f"{where}: must be an object")
        entry = kind.from_json(raw, where, game)
        key = (entry.deal, getattr(entry, "position", None))  # (a turn number alone does not tell positions apart)
        if key in first:
            raise InputError(f"{where}: the same puzzle as deals entry {first[key]}"
                             + (f" ({entry.source})" if hasattr(entry, "source") else ""))
        first[key] = i
        entries.append(entry)
    return Catalog(game.name, rules, tuple(entries), data.get("title", ""), data.get("subtitle", ""),
                   data.get("author", ""), data.get("selection", {}), isbn=data.get("isbn", ""),
                   edition=data.get("edition", ""), year=year, publisher=data.get("publisher", ""))


def _other_json(data: Any) -> str | None:
    """Which other dealgen JSON ``data`` is, where it tells (for the message that it is no catalog)."""
    if not isinstance(data, dict) or "schema" in data:
        return None
    if {"verdict", "budget"} <= data.keys():
        return "the results of `dealgen scan` (a JSON line a deal)"
    if "date" in data:
        return "a day's JSON from `dealgen daily` (which `dealgen verify` reads)"
    if "verdict" in data:
        return "a verdict as JSON (`dealgen solve --json`, `verify --json`)"
    return None


def _not_a_catalog(what: str, source: str) -> str:
    return f"{source}: {what}, not a catalog: make a catalog with `dealgen generate`, or give a dealgen book's PDF"


def _game_rules(data: dict[str, Any], source: str) -> tuple[Game, str]:
    """The game and rule set a catalog or a day names."""
    for key in ("game", "rules"):
        if key not in data:
            raise InputError(f"{source}: missing field '{key}'")
    try:
        game = get_game(str(data["game"]))
        return game, game.check_rules(str(data["rules"]))
    except InputError as err:
        raise InputError(f"{source}: {err}") from None


DAY_FIELDS = ("date", "game", "rules", "series", "question")  # a day's JSON: these, and its puzzle's entry


def _day_catalog(data: dict[str, Any], source: str) -> Catalog:
    """A day's JSON as a catalog of its one puzzle: the puzzle checked as a catalog's entry is,
    the day's own fields as well (a problem's question must be its strategy's)."""
    game, rules = _game_rules(data, source)
    try:
        parse_date(data["date"] if isinstance(data["date"], str) else "-")
    except InputError:
        raise InputError(f"{source}: 'date' must be a date as YYYY-MM-DD, not {as_json(data['date'])}") from None
    if not isinstance(data.get("series", {}), dict):
        raise InputError(f"{source}: 'series' must be an object")
    kit = problem_kit(game)
    if kit is None and "question" in data:
        raise InputError(f"{source}: unknown field 'question' (a {game.name} day has none)")
    kind = entry_type(game)
    known_fields(data, DAY_FIELDS + kind.FIELDS, source)
    entry = kind.from_json({k: v for k, v in data.items() if k not in DAY_FIELDS}, source, game)
    if kit is not None:
        asked = kit.solution(entry.strategy_text(game), source)[0]
        if data.get("question") != asked:
            raise InputError(f"{source}: 'question' must be the strategy's, {as_json(asked)}, not {as_json(data.get('question'))}")
    return Catalog(game.name, rules, (entry,), day=data["date"])


def read_catalog(path: str | Path) -> Catalog:
    """A seed catalog (JSON), or the catalog a dealgen book carries (a PDF), told apart by content."""
    if is_pdf(path):
        return read_book_catalog(path)
    return parse_catalog(read_text(path, "catalog"), str(path))


def verify_catalog(catalog: Catalog) -> list[Any]:
    """Replay every entry through the engine (a solution from its deal, or a problem's whole
    strategy); one verdict per entry (``.ok``, ``.line()``, ``.to_json()``, ``.deal``)."""
    return [entry.verify(catalog) for entry in catalog.entries]


def require_verified(catalog: Catalog) -> None:
    """The verification gate: raise CheckFailed naming the first deal and move that fail."""
    for verdict in verify_catalog(catalog):
        if not verdict.ok:
            raise CheckFailed(f"nothing written: {failure_line(verdict)}")


def failure_line(verdict: Any) -> str:
    """A failed verdict in one line, as errors are: a problem's verdict lists each failure on a
    line of its own, so its first, and how many more (`dealgen verify` lists them)."""
    first = verdict.line().split("\n", 1)[0]
    more = len(getattr(verdict, "details", {}).get("errors", ())) - 1
    return first + (f" (and {more} more failure{'s' if more > 1 else ''}: `dealgen verify` lists them)"
                    if more > 0 else "")


def read_matching_catalog(path: str, game: str | None, rules: str | None) -> Catalog:
    """The catalog at ``path``; InputError when --game or --rules, if given (not None), disagree with it."""
    cat = read_catalog(path)
    if game is not None and get_game(game).name != cat.game:
        raise InputError(f"--game {game}: {path} is a catalog of {cat.game} deals")
    if rules is not None and get_game(cat.game).check_rules(rules) != cat.rules:
        raise InputError(f"--rules {rules}: {path} holds deals under '{cat.rules}' rules")
    return cat


def write_catalog(catalog: Catalog, path: str | Path) -> Path:
    require_verified(catalog)
    return write_atomic(path, catalog.dumps())


ATTACHMENT = "dealgen-catalog.json"  # the name a book carries its catalog under


def read_book_catalogs(path: str | Path, pdf: bytes | None = None) -> list[Catalog]:
    """Every catalog a dealgen book carries: one, or a compendium's, one a part, in order
    (``ATTACHMENT``, then ``part_attachment(2)``, ...)."""
    return [parse_catalog(_utf8(data, path, name), f"{path} ({name})") for name, data in _attached(path, pdf, True)]


def _attached(path: str | Path, pdf: bytes | None, every: bool) -> list[tuple[str, bytes]]:
    """(name, bytes) of the book's embedded catalog (``every``: each part's), read as untrusted
    input (``pdfinput``): 16 MB at most in all, however much the PDF claims."""
    source = str(path)
    data = read_pdf(path, "book") if pdf is None else pdf
    out: list[tuple[str, bytes]] = []
    with pdf_errors(source):
        files = attachments(open_pdf(data, source), source)
        if ATTACHMENT not in files:
            raise InputError(f"{path}: this PDF carries no dealgen catalog (no embedded '{ATTACHMENT}'): only a "
                             "dealgen book does; a walkthrough is checked from its solution file")
        part = 1
        while part_attachment(part) in files and (every or part == 1):
            name = part_attachment(part)
            out.append((name, attachment_data(files[name], name, source)))
            if sum(len(d) for _, d in out) > MAX_TEXT:
                raise InputError(f"{path}: the embedded catalogs hold over {MAX_TEXT // 2**20} MB, more than any "
                                 "dealgen file")
            part += 1
    return out


def _utf8(data: bytes, path: str | Path, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        what = "the embedded catalog" if name == ATTACHMENT else f"the embedded catalog '{name}'"
        raise InputError(f"{path}: {what} is not UTF-8 text") from None


def part_attachment(part: int) -> str:
    """The name a compendium's ``part``-th catalog is embedded under (the first: ``ATTACHMENT``)."""
    return ATTACHMENT if part == 1 else ATTACHMENT.replace(".json", f"-{part}.json")


def read_book_catalog(path: str | Path, pdf: bytes | None = None) -> Catalog:
    """The catalog a dealgen book carries inside its PDF as an embedded file (the ``pdf``
    bytes when given, else read from ``path``; ``path`` names it in errors either way)."""
    [(name, data)] = _attached(path, pdf, False)
    return parse_catalog(_utf8(data, path, name), f"{path} ({name})")
