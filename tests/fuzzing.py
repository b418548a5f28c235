"""Fuzzing every reader: valid inputs, mutated by hypothesis, through the command line.

Shared by ``tests/test_fuzz.py`` (a fixed, small budget in the suite) and ``bench/fuzz.py``
(the same properties for longer, with counts). For each reader there are seed inputs that
dealgen reads, mutations of them (text mutations for every file; structure-aware ones for
JSON: values swapped for other types, huge numbers, fields dropped or added), and one
property, checked by ``Fuzzer.check``:

- the command exits 0, 1 or 2, with no traceback; an exit 2 (bad input) is one error line on
  standard error; ``--json`` output is JSON whatever happens;
- a command that fails leaves no file behind, and no temporary file is ever left;
- whatever is accepted (exit 0) replays: every solution in it is played move by move through
  the game engine's own API here (not through ``dealgen verify``) and ends as it claims, and
  every strategy tree is walked here, each of the winner's moves played, every reply of the
  defence covered, and each race certificate played out against random defences.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from click.testing import CliRunner
from hypothesis import strategies as st

from dealgen.cli import main
from dealgen.games import get_game
from dealgen.games.pack_n_stack import PACK_N_STACK

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"
DATA = Path(__file__).resolve().parent / "data"
ATTACHMENT = "dealgen-catalog.json"
HUGE = "@@HUGE@@"  # a JSON value that becomes an integer of 5,000 digits (json.dumps cannot write one)

# Words the text mutations splice in: moves, headers, names, numbers and characters that
# readers must cope with.
WORDS = [
    # moves of each game, and what is no move
    "1h", "3a", "a5", "46", "77", "ah", "h1", "11", "d", "x", "x2", "g", "13", "3", "b2-b5", "b2>b5", "a1-a1", "pass",
    "race", "1.", "1a2b", "e5-e4", "PASS",
    # headers and fields
    "game:", "deal:", "rules:", "outcome:", "goal:", "tree:", "to move:", "quiet:", "stock:", "row 1:", "column 1:",
    "cells:", "foundations:", "beak:", "piles:", "stacks:", "deal 1", "game = penguin",
    # names
    "penguin", "pack-n-stack", "perpetual-motion", "idiots-delight", "parlett", "supermove", "single", "classic",
    "recursive", "strict", "free", "won", "cycles", "drawn", "red", "black", "wins in", "Red", "-",
    # numbers
    "0", "-1", "1e400", "NaN", "Infinity", "99", "100000000000000000000", "18446744073709551616", "9" * 4301, "0.5",
    # cards
    "AS", "KD", "TH", "10H", "5♥", "JC", "XX",
    # characters
    "\t", "\r", "\r\n", "\x00", "\ufeff", "\u00a0", "\u2028", "#", ":", "=", "{", "}", "[", "]", '"', "\\", ",",
    "ä", "♥", "😀", "\u202e", " " * 40, "\n\n",
]
JSON_VALUES = st.one_of(
    st.integers(), st.sampled_from([0, -1, 1, 2**64, 10**20, 10**4000, HUGE]), st.floats(allow_nan=True),
    st.sampled_from(WORDS), st.text(max_size=12), st.booleans(), st.none(), st.just([]), st.just({}),
    st.lists(st.sampled_from(WORDS), max_size=4), st.dictionaries(st.sampled_from(WORDS), st.integers(), max_size=2))
FIELD_NAMES = ["deal", "grade", "percentile", "metrics", "solution", "outcome", "verified_by", "turn", "stars", "n",
               "position", "strategy", "date", "game", "rules", "series", "question", "schema", "version", "title",
               "deals", "selection", "states_expanded", "min_cells", "passes", "autor", "grdae", "beak", "columns",
               "cells", "foundations", "stock", "piles", "stacks", "square", "to_move", "quiet", "certified",
               "audit_positions"]


# -- mutations --------------------------------------------------------------------------------------

def _span(draw, text: str, most: int = 40) -> tuple[int, int]:
    start = draw(st.integers(0, len(text)))
    return start, min(len(text), start + draw(st.integers(0, most)))


def _delete(draw, text: str) -> str:
    a, b = _span(draw, text)
    return text[:a] + text[b:]


def _duplicate(draw, text: str) -> str:
    a, b = _span(draw, text, 200)
    return text[:b] + text[a:b] + text[b:]


def _insert(draw, text: str) -> str:
    at = draw(st.integers(0, len(text)))
    word = draw(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)))
    return text[:at] + word + text[at:]


def _replace_token(draw, text: str) -> str:
    tokens = list(re.finditer(r"\S+", text))
    if not tokens:
        return text
    token = tokens[draw(st.integers(0, len(tokens) - 1))]
    word = draw(st.one_of(st.sampled_from(WORDS), st.sampled_from([t.group() for t in tokens[:200]]),
                          st.text(max_size=6)))
    return text[:token.start()] + word + text[token.end():]


def _number(draw, text: str) -> str:
    numbers = list(re.finditer(r"-?\d+(?:\.\d+)?", text))
    if not numbers:
        return text
    number = numbers[draw(st.integers(0, len(numbers) - 1))]
    other = draw(st.one_of(st.integers(-10, 10**6).map(str), st.integers(10**6).map(str),
                           st.sampled_from(["9" * 4400, "-" + "9" * 4301, "-0", "1e999", "00", "1_0", "0x1F", "+5", "²"])))
    return text[:number.start()] + other + text[number.end():]


def _lines(draw, text: str) -> str:
    lines = text.split("\n")
    i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
    how = draw(st.sampled_from(["swap", "drop", "repeat", "indent", "dedent"]))
    if how == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "drop":
        del lines[i]
    elif how == "repeat":
        lines.insert(j, lines[i])
    elif how == "indent":
        lines[i] = " " * draw(st.integers(1, 5)) + lines[i]
    else:
        lines[i] = lines[i].lstrip()
    return "\n".join(lines)


def _truncate(draw, text: str) -> str:
    return text[:draw(st.integers(0, len(text)))]


def _case(draw, text: str) -> str:
    a, b = _span(draw, text)
    return text[:a] + (text[a:b].upper() if draw(st.booleans()) else text[a:b].lower()) + text[b:]


TEXT_MUTATIONS = [_delete, _duplicate, _insert, _replace_token, _number, _lines, _truncate, _case]


@st.composite
def mutated_text(draw, seed: str) -> str:
    text = seed
    for _ in range(draw(st.integers(1, 3))):
        text = draw(st.sampled_from(TEXT_MUTATIONS))(draw, text)
    return text


def _places(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path to a value in a JSON document (strings of a list of lines included)."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _places(value, path + (key,))
    elif isinstance(data, list):
        for k, value in enumerate(data):
            found += _places(value, path + (k,))
    return found


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


@st.composite
def mutated_json(draw, seed: str) -> str:
    """A JSON document changed in its structure (and sometimes its text too)."""
    data = json.loads(seed)
    for _ in range(draw(st.integers(1, 3))):
        places = _places(data)
        path = places[draw(st.integers(0, len(places) - 1))]
        value = _at(data, path)
        how = draw(st.sampled_from(["value", "drop", "add", "list", "text"]))
        if how == "value" and path:
            _at(data, path[:-1])[path[-1]] = draw(JSON_VALUES)
        elif how == "drop" and path:
            del _at(data, path[:-1])[path[-1]]
        elif how == "add" and isinstance(value, dict):
            value[draw(st.sampled_from(FIELD_NAMES))] = draw(JSON_VALUES)
        elif how == "list" and isinstance(value, list) and value:
            k, j = draw(st.integers(0, len(value) - 1)), draw(st.integers(0, len(value) - 1))
            op = draw(st.sampled_from(["swap", "repeat", "drop"]))
            if op == "swap":
                value[k], value[j] = value[j], value[k]
            elif op == "repeat":
                value.insert(j, value[k])
            else:
                del value[k]
        elif how == "text" and path and isinstance(value, str):
            _at(data, path[:-1])[path[-1]] = draw(mutated_text(value))
    text = json.dumps(data, indent=draw(st.sampled_from([None, 1])), ensure_ascii=draw(st.booleans()))
    text = text.replace(json.dumps(HUGE), "9" * 5000)
    if draw(st.integers(0, 4)) == 0:  # and now and then the text as well: syntax, keys twice, ...
        text = draw(mutated_text(text))
    return text


@st.composite
def mutated_lines(draw, seed: str) -> str:
    """JSON lines (a scan's results), one of them changed in its structure."""
    lines = seed.splitlines()
    k = draw(st.integers(0, len(lines) - 1))
    lines[k] = draw(mutated_json(lines[k])).replace("\n", " ")
    return "\n".join(lines) + "\n"


@st.composite
def mutated_bytes(draw, seed: bytes) -> bytes:
    """Raw bytes mutated: for a PDF, a damaged file."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["flip", "cut", "drop"]))
        at = draw(st.integers(0, len(data) - 1)) if data else 0
        if how == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "cut":
            del data[at:]
        else:
            del data[at:at + draw(st.integers(1, 500))]
    return bytes(data)


@st.composite
def encoded(draw, text: str) -> bytes:
    """Text as a file holds it: UTF-8 mostly, sometimes with a byte-order mark or as UTF-16."""
    how = draw(st.sampled_from(["utf-8"] * 8 + ["utf-8-sig", "utf-16"]))
    return text.encode(how, "surrogatepass")


# -- the independent replay -------------------------------------------------------------------------

class NotReplayed(AssertionError):
    """What dealgen accepted does not replay through the engine."""


def replay_record(game_name: str, deal: int, rules: str, moves: list[str], outcome: str = "won") -> None:
    """Play ``moves`` from the deal through the engine; it must end as ``outcome`` claims."""
    game = get_game(game_name)
    state = game.deal(deal, rules)
    for number, token in enumerate(moves, 1):
        if game.outcome(state).over:
            raise NotReplayed(f"{game_name} {deal}: move {number} '{token}' comes after the game is over")
        try:
            state = game.play(state, game.parse_move(token))
        except Exception as err:  # (an IllegalMove, or worse)
            raise NotReplayed(f"{game_name} {deal}: move {number} '{token}' does not play: {err}") from None
    end = game.outcome(state)
    wanted = game.record_outcomes.get(outcome)
    if not end.over or end.status != wanted:
        raise NotReplayed(f"{game_name} {deal}: ends '{end.status}' ({end.summary}), not '{wanted}' as claimed")


def _playouts(seed_text: str) -> random.Random:
    return random.Random(hashlib.sha256(seed_text.encode("utf-8", "surrogatepass")).digest())


def walk_strategy(text: str, playouts: int = 3) -> None:
    """Walk a strategy tree through the engine: the winner's move plays at each of its turns,
    the defence's replies are exactly its legal moves, every branch wins within the goal, and
    each race certificate wins against ``playouts`` random defences (and the first reply each time)."""
    from dealgen.solve.pack_n_stack.strategy import parse_strategy

    tree = parse_strategy(text, "<fuzz>")
    game = PACK_N_STACK
    rng = _playouts(text)

    def race(state, node, turns: int) -> int:
        for k in range(playouts + 1):  # the defence: its first legal move, then random ones
            s = state
            for number, token in enumerate(node.moves, 1):
                try:
                    s = game.play(s, game.parse_move(token))
                except Exception as err:
                    raise NotReplayed(f"line {node.line}: race move {number} '{token}' does not play: {err}") from None
                end = game.outcome(s)
                if end.over:
                    if end.status == "won" and end.winner == tree.winner:
                        break
                    raise NotReplayed(f"line {node.line}: after race move {number} the game ends {end.summary}")
                replies = game.legal_moves(s)
                if not replies:
                    raise NotReplayed(f"line {node.line}: the defence has no move and the game goes on")
                reply = replies[0] if k == 0 else rng.choice(replies)
                s = game.play(s, reply)
                if game.outcome(s).over:
                    raise NotReplayed(f"line {node.line}: the defence's {reply.token} ends the game "
                                      f"{game.outcome(s).summary}")
            else:
                raise NotReplayed(f"line {node.line}: the race ends without a win ({game.outcome(s).summary})")
        return turns + len(node.moves)

    def winner_turn(state, node, turns: int) -> int:
        if state.side != tree.winner or node.side != tree.winner:
            raise NotReplayed(f"line {node.line}: {state.side} is to move")
        if node.race:
            return race(state, node, turns)
        try:
            after = game.play(state, game.parse_move(node.moves[0]))
        except Exception as err:
            raise NotReplayed(f"line {node.line}: {node.moves[0]} does not play: {err}") from None
        end = game.outcome(after)
        if end.over:
            if end.status != "won" or end.winner != tree.winner or node.children:
                raise NotReplayed(f"line {node.line}: the game ends {end.summary}")
            return turns + 1
        legal = {move.token: move for move in game.legal_moves(after)}
        given = {child.moves[0]: child for child in node.children}
        if set(given) != set(legal) or len(given) != len(node.children):
            raise NotReplayed(f"line {node.line}: replies {sorted(given)} are not the legal ones {sorted(legal)}")
        deepest = turns + 1
        for token, child in given.items():
            later = game.play(after, legal[token])
            if game.outcome(later).over or len(child.children) != 1:
                raise NotReplayed(f"line {child.line}: the reply {token} is not answered by one move")
            deepest = max(deepest, winner_turn(later, child.children[0], turns + 1))
        return deepest

    if game.outcome(tree.state).over:
        raise NotReplayed("the game is already over")
    longest = winner_turn(tree.state, tree.root, 0)
    if longest > tree.n:
        raise NotReplayed(f"a branch takes {longest} turns, more than the goal's {tree.n}")


def replay_catalog(data: dict[str, Any]) -> None:
    """Every entry of a catalog (or a day's JSON, as one entry) replayed here."""
    from dealgen.solve.pack_n_stack.kit import strategy_text

    entries = data["deals"] if "deals" in data else [data]
    for entry in entries:
        if "strategy" in entry:
            walk_strategy(strategy_text(entry["position"], entry["n"], entry["strategy"]))
        else:
            replay_record(data["game"], entry["deal"], data["rules"], entry["solution"], entry.get("outcome", "won"))


def replay_solution_file(text: str) -> None:
    from dealgen.solution import parse_solution

    solution = parse_solution(text, "<fuzz>")
    replay_record(solution.game, solution.deal, solution.rules, list(solution.moves), solution.outcome)


def replay_scan(path: Path, deals: range) -> None:
    """After a resumed scan: each deal of ``deals`` has a line, and the last line of each that
    claims a record (solved, or a loss a game plays itself to) replays to it."""
    last: dict[int, dict[str, Any]] = {}
    for line in path.read_bytes().decode("utf-8-sig").split("\n"):  # (as dealgen reads it: a mark dropped, \r kept)
        if line.strip():
            record = json.loads(line)
            last[record["deal"]] = record
    for deal in deals:
        if deal not in last:
            raise NotReplayed(f"deal {deal} has no line after the scan")
        record = last[deal]
        if record["verdict"] == "solved":
            replay_record(record["game"], deal, record["rules"], record["moves"])


def embedded_catalog(pdf: bytes) -> dict[str, Any]:
    import logging

    from pypdf import PdfReader

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # (a damaged file that read: its repairs go unsaid)
    return json.loads(PdfReader(io.BytesIO(pdf)).attachments[ATTACHMENT][0].decode("utf-8"))


def check_position(game_name: str, text: str) -> None:
    """An accepted position reads back as itself and the engine can play from it."""
    from dealgen.solution import is_strategy

    if is_strategy(text):
        walk_strategy(text)
        return
    game = get_game(game_name)
    body = text.lstrip("\ufeff")
    state = game.from_json(json.loads(body)) if body.lstrip().startswith("{") else game.from_text(body)
    if game.from_text(game.to_text(state)) != state or game.from_json(game.to_json(state)) != state:
        raise NotReplayed("the position does not read back as itself")
    if not game.outcome(state).over:
        moves = game.legal_moves(state)
        if moves:
            game.play(state, moves[0])


# -- the book ---------------------------------------------------------------------------------------

def with_attachment(pdf: bytes, data: bytes) -> bytes:
    """``pdf`` with its embedded catalog replaced by ``data``: an incremental update appended to
    the file (new objects for the file, its name tree and the document catalog; a new cross-
    reference section), as a PDF editor saves a change. Quick: the book is not parsed again."""
    from pypdf import PdfReader
    from pypdf.generic import DictionaryObject, NameObject, NumberObject

    reader = PdfReader(io.BytesIO(pdf))
    root_ref = reader.trailer.raw_get("/Root")
    size = int(reader.trailer["/Size"])
    prev = int(re.findall(rb"startxref\s+(\d+)", pdf)[-1])
    root = DictionaryObject({key: value for key, value in reader.trailer["/Root"].items()})
    root[NameObject("/Names")] = NumberObject(0)  # a placeholder, spelt out below
    text = io.BytesIO()
    root.write_to_stream(text)
    root_text = text.getvalue().replace(b"/Names 0", b"/Names %d 0 R" % (size + 3))
    objects = {
        size: b"<< /Type /EmbeddedFile /Length %d >>\nstream\n" % len(data) + data + b"\nendstream",
        size + 1: b"<< /Type /Filespec /F (%s) /UF (%s) /EF << /F %d 0 R >> >>" % (
            ATTACHMENT.encode(), ATTACHMENT.encode(), size),
        size + 2: b"<< /Names [(%s) %d 0 R] >>" % (ATTACHMENT.encode(), size + 1),
        size + 3: b"<< /EmbeddedFiles %d 0 R >>" % (size + 2),
        root_ref.idnum: root_text,
    }
    out = bytearray(pdf if pdf.endswith(b"\n") else pdf + b"\n")
    offsets = {}
    for number, body in objects.items():
        offsets[number] = len(out)
        gen = root_ref.generation if number == root_ref.idnum else 0
        out += b"%d %d obj\n" % (number, gen)
        out += body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n"
    for number in sorted(offsets):
        gen = root_ref.generation if number == root_ref.idnum else 0
        out += b"%d 1\n%010d %05d n \n" % (number, offsets[number], gen)
    extra = b""
    for key in ("/Info", "/ID"):
        if key in reader.trailer:
            value = io.BytesIO()
            reader.trailer.raw_get(key).write_to_stream(value)
            extra += key.encode() + b" " + value.getvalue() + b" "
    out += b"trailer\n<< /Size %d /Root %d %d R /Prev %d %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        size + 4, root_ref.idnum, root_ref.generation, prev, extra, xref)
    return bytes(out)


# -- the readers and their properties ---------------------------------------------------------------

@dataclass
class Outcome:
    reader: str
    code: int | None
    problem: str | None = None  # what broke the property (None: it held)
    args: list[str] = field(default_factory=list)
    data: bytes = b""


@dataclass(frozen=True)
class Input:
    label: str  # the seed's: its game, for a position
    data: bytes

    def __repr__(self) -> str:  # (what hypothesis prints of a failing example: the start will do)
        return f"Input({self.label!r}, {len(self.data):,} bytes: {self.data[:400]!r}...)"


@dataclass
class Reader:
    name: str
    seeds: list[tuple[str, Any]]  # (a label, the seed: text, or bytes for the book)
    inputs: Callable[[Any], st.SearchStrategy]  # the seed -> mutated file contents (bytes)


class Fuzzer:
    """The seeds (made once, in ``work``), the mutations of each reader, and the property."""

    def __init__(self, work: Path) -> None:
        self.work = work
        work.mkdir(parents=True, exist_ok=True)
        self.runner = CliRunner()
        self.readers = self._readers()

    # seeds -----------------------------------------------------------------------------------------
    def _run(self, *args: str):
        result = self.runner.invoke(main, [str(a) for a in args])
        assert result.exit_code == 0, result.output
        return result

    def _catalog_slice(self, name: str, count: int = 2) -> dict[str, Any]:
        """The ``count`` smallest entries of a shipped catalog (a quick replay)."""
        data = json.loads((SEEDS / name).read_text())
        data["deals"] = sorted(data["deals"], key=lambda e: len(json.dumps(e)))[:count]
        return data

    def _readers(self) -> dict[str, Reader]:
        from dealgen.publish.catalog import parse_catalog
        from dealgen.solve.pack_n_stack.kit import solution as question_of
        from dealgen.solve.pack_n_stack.kit import strategy_text

        catalogs = {game: self._catalog_slice(name) for game, name in (
            ("penguin", "penguin-40.json"), ("perpetual-motion", "perpetual-motion-20.json"),
            ("idiots-delight", "idiots-delight-20.json"), ("pack-n-stack", "pack-n-stack-12.json"))}
        solutions = [("penguin", (DATA / "penguin-1-fcsolve.sol").read_text())]
        for game in ("perpetual-motion", "idiots-delight"):
            cat = parse_catalog(json.dumps(catalogs[game]))
            solutions += [(f"{game} {e.deal}", cat.solution(e).format()) for e in cat.entries]
        record = self.work / "record.txt"
        self._run("play", "pack-n-stack", "3", "--red", "greedy", "--black", "greedy", "-o", record)
        solutions.append(("pack-n-stack record", record.read_text()))

        problems = catalogs["pack-n-stack"]["deals"]
        strategies = [("pns-26", (DATA / "pns-26-strategy.txt").read_text())]
        strategies += [(f"pns {p['deal']}", strategy_text(p["position"], p["n"], p["strategy"])) for p in problems]

        positions = []
        for name in ("penguin", "perpetual-motion", "idiots-delight", "pack-n-stack"):
            game = get_game(name)
            state = game.deal(3)
            positions += [(name, game.to_text(state)), (name, json.dumps(game.to_json(state), indent=1))]
        positions += [("pack-n-stack", "\n".join(problems[0]["position"]) + "\n"), ("pack-n-stack", strategies[1][1])]

        days = []
        for game in ("penguin", "idiots-delight"):
            cat = catalogs[game]
            days.append((game, json.dumps({"date": "2026-12-01", "game": game, "rules": cat["rules"],
                                           **cat["deals"][0]}, indent=1)))
        problem = problems[0]
        asked = question_of(strategy_text(problem["position"], problem["n"], problem["strategy"]), "<seed>")[0]
        days.append(("pack-n-stack", json.dumps({"date": "2026-12-01", "game": "pack-n-stack", "rules": "parlett",
                                                 "question": asked, **problem}, indent=1)))

        layouts = [(path.stem, path.read_text()) for path in sorted((ROOT / "layouts").glob("*.toml"))]

        self.book_catalog = self.work / "one.json"
        one = self._catalog_slice("penguin-40.json", 1)
        self.book_catalog.write_text(json.dumps(one))
        book = self.work / "book.pdf"
        self._run("book", "--catalog", self.book_catalog, "--layout", "letter-4up", "-o", book)
        self.book = book.read_bytes()
        attached = json.dumps(embedded_catalog(self.book), indent=1)

        scan = self.work / "scan.jsonl"
        self._run("scan", "penguin", "1-3", "--jobs", "1", "-o", scan)
        scans = [("penguin 1-3", scan.read_text())]

        def text_or_json(text: str) -> st.SearchStrategy:
            mutated = mutated_json(text) if text.lstrip().startswith("{") else mutated_text(text)
            return st.one_of(mutated, mutated_text(text)).flatmap(encoded)

        def book_inputs(text: str) -> st.SearchStrategy:
            attachments = st.one_of(mutated_json(text), mutated_text(text)).map(
                lambda t: with_attachment(self.book, t.encode("utf-8", "surrogatepass")))
            return st.one_of(attachments, attachments, attachments, mutated_bytes(self.book))

        return {
            "solution": Reader("solution", solutions, lambda s: mutated_text(s).flatmap(encoded)),
            "position": Reader("position", positions, text_or_json),
            "catalog": Reader("catalog", [(g, json.dumps(c, indent=1)) for g, c in catalogs.items()], text_or_json),
            "strategy": Reader("strategy", strategies, lambda s: mutated_text(s).flatmap(encoded)),
            "day": Reader("day", days, text_or_json),
            "layout": Reader("layout", layouts, lambda s: mutated_text(s).flatmap(encoded)),
            "book": Reader("book", [("book", attached)], book_inputs),
            "scan": Reader("scan", scans, lambda s: st.one_of(mutated_text(s), mutated_lines(s)).flatmap(encoded)),
        }

    def inputs(self, reader: str) -> st.SearchStrategy:
        """Inputs for ``reader``: mutations of one of its seeds."""
        seeds = self.readers[reader].seeds
        return st.integers(0, len(seeds) - 1).flatmap(
            lambda k: self.readers[reader].inputs(seeds[k][1]).map(lambda data: Input(seeds[k][0], data)))

    # the property ----------------------------------------------------------------------------------
    def check(self, reader: str, label: str, data: bytes, as_json: bool = False) -> Outcome:
        """Run the reader's command on ``data``; the Outcome says whether the property held."""
        folder = self.work / "case"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        suffix = {"solution": ".sol", "strategy": ".txt", "layout": ".toml", "book": ".pdf", "position": ".txt",
                  "scan": ".jsonl"}
        path = folder / f"input{suffix.get(reader, '.json')}"
        path.write_bytes(data)
        out = None
        if reader == "position":
            out = folder / "position.png"
            args = ["render", label.split()[0], "--position", str(path), "-o", str(out), "--size", "90x90"]
        elif reader == "layout":
            out = folder / "book.pdf"
            args = ["book", "--catalog", str(self.book_catalog), "--layout", str(path), "-o", str(out)]
        elif reader == "scan":  # resumed: what the file holds is taken only when it replays
            args = ["scan", "penguin", "1-3", "--jobs", "1", "-o", str(path)]
        else:
            args = ["verify", str(path)] + (["--json"] if as_json else [])
        outcome = Outcome(reader, None, args=args, data=data)
        result = self.runner.invoke(main, args)
        outcome.code = result.exit_code
        problem = self._problem(result, as_json and args[0] == "verify", out, folder)
        if problem is None and result.exit_code == 0:
            try:
                self._replay(reader, label, data, out)
            except NotReplayed as err:
                problem = f"accepted, but the independent replay fails: {err}"
            except Exception as err:  # (the replay's own reading failed on what dealgen accepted)
                problem = f"accepted, but the independent replay cannot read it: {type(err).__name__}: {err}"
        outcome.problem = problem
        return outcome

    def _problem(self, result, as_json: bool, out: Path | None, folder: Path) -> str | None:
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            import traceback

            trace = "".join(traceback.format_exception(*result.exc_info))
            return f"traceback: {trace[-1500:]}"
        if result.exit_code not in (0, 1, 2):
            return f"exit code {result.exit_code}"
        if "Traceback" in result.output:
            return f"a traceback in the output: {result.output[-1500:]}"
        errors = [line for line in result.stderr.splitlines() if not line.startswith("dealgen: note: ")]
        if result.exit_code == 2 and (len(errors) != 1 or not errors[0].startswith("dealgen: error: ")):
            return f"exit 2 without exactly one error line: {result.stderr[-1500:]!r}"
        if as_json:
            try:
                json.loads(result.stdout)
            except ValueError:
                return f"--json printed no JSON: {result.stdout[-500:]!r}"
        if result.exit_code != 0 and out is not None and out.exists():
            return f"exit {result.exit_code}, and {out.name} was written"
        left = [p.name for p in folder.iterdir() if p.name.endswith(".part") or p.name.startswith(".dealgen")]
        if left:
            return f"temporary files left behind: {left}"
        return None

    def _replay(self, reader: str, label: str, data: bytes, out: Path | None) -> None:
        text = "" if reader in ("book", "scan") else data.decode("utf-8-sig")  # (dealgen reads UTF-8 alone)
        if reader == "solution":
            replay_solution_file(text)
        elif reader == "strategy":
            walk_strategy(text)
        elif reader in ("catalog", "day"):
            replay_catalog(json.loads(text))
        elif reader == "position":
            check_position(label.split()[0], text)
        elif reader == "book":
            replay_catalog(embedded_catalog(data))
        elif reader == "scan":
            replay_scan(self.work / "case" / "input.jsonl", range(1, 4))
        elif reader == "layout":
            from pypdf import PdfReader

            pdf = out.read_bytes()
            if not PdfReader(io.BytesIO(pdf)).pages:
                raise NotReplayed("the book has no pages")
            replay_catalog(embedded_catalog(pdf))


READERS = ("solution", "position", "catalog", "strategy", "day", "layout", "book", "scan")
HOSTILE = ("integer-for-the-file", "unknown-encryption", "page-tree-loop", "name-tree-loop", "content-bomb",
           "shared-content", "attachment-bomb", "double-flate", "many-pages", "many-pages-told-one", "jbig2-attachment")


def describe(outcome: Outcome) -> str:
    shown = outcome.data[:300].decode("utf-8", "backslashreplace")
    return f"{outcome.reader}: dealgen {' '.join(outcome.args)} -> {outcome.problem}\n  input (first 300 bytes): {shown!r}"


def keep(outcome: Outcome, folder: Path, number: int) -> Path:
    """Save a failing input, and why it failed, for a closer look."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{outcome.reader}-{number}.input"
    path.write_bytes(outcome.data)
    (folder / f"{outcome.reader}-{number}.why.txt").write_text(describe(outcome) + "\n")
    return path


__all__ = ["Fuzzer", "Outcome", "READERS", "describe", "keep", "with_attachment", "walk_strategy", "replay_record"]


# -- hostile PDFs: structures crafted past what mutation reaches (issue 52) ------------------------

def build_pdf(objects: dict[int, bytes], trailer: bytes = b"") -> bytes:
    """A PDF of ``objects`` (number -> body; 1 is the document catalog), with a cross-reference
    table, and ``trailer``'s entries added to the trailer."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref = len(out)
    size = max(objects) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for number in range(1, size):
        out += b"%010d 00000 n \n" % offsets[number] if number in offsets else b"0000000000 65535 f \n"
    out += b"trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (size, trailer, xref)
    return bytes(out)


def _stream(data: bytes, dictionary: bytes = b"") -> bytes:
    return b"<< /Length %d %s>>\nstream\n" % (len(data), dictionary) + data + b"\nendstream"


def _deflated(repeat: bytes, size: int, head: bytes = b"") -> bytes:
    """``head`` then ``repeat`` again and again, ``size`` bytes in all, deflated piece by piece
    (never held whole)."""
    import zlib

    packer = zlib.compressobj(9)
    out = [packer.compress(head)]
    chunk = repeat * max(1, 2**20 // len(repeat))
    for _ in range(size // len(chunk)):
        out.append(packer.compress(chunk))
    return b"".join(out) + packer.flush()


def _book(attachment: bytes, pages: list[bytes] | None = None, extra: dict[int, bytes] | None = None,
          pages_object: bytes | None = None, trailer: bytes = b"") -> bytes:
    """A book-shaped PDF: one page (or ``pages``, content streams), the catalog embedded as
    object 5 (``attachment``: the object's body)."""
    contents = pages if pages is not None else [_stream(b"BT /F1 12 Tf 72 720 Td (Puzzle 1) Tj ET")]
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>",
        3: b"<< /Names [(%s) 4 0 R] >>" % ATTACHMENT.encode(),
        4: b"<< /Type /Filespec /F (%s) /UF (%s) /EF << /F 5 0 R >> >>" % (ATTACHMENT.encode(), ATTACHMENT.encode()),
        5: attachment,
        6: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    }
    kids = []
    for k, content in enumerate(contents):
        page, body = 10 + 2 * k, 11 + 2 * k
        objects[page] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                         b"/Resources << /Font << /F1 6 0 R >> >> >>" % body)
        objects[body] = content
        kids.append(b"%d 0 R" % page)
    objects[2] = pages_object or b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(kids))
    objects.update(extra or {})
    return build_pdf(objects, trailer)


def hostile_pdfs(catalog: bytes) -> dict[str, bytes]:
    """Crafted PDFs, each a different way past a naive reader (``catalog``: a valid catalog's
    JSON, embedded where the structure needs one to get that far)."""
    import zlib

    valid = _stream(zlib.compress(catalog), b"/Type /EmbeddedFile /Filter /FlateDecode ")
    many = 20_000
    page_objects = {10 + 2 * k: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 9 0 R >>"
                    for k in range(many)}
    kids = b" ".join(b"%d 0 R" % (10 + 2 * k) for k in range(many))
    return {
        # an integer where the embedded file's stream should be
        "integer-for-the-file": _book(b"42"),
        # an encryption dictionary of a filter no reader knows
        "unknown-encryption": _book(valid, trailer=b"/Encrypt << /Filter /NoSuchHandler /V 7 /R 9 >> "
                                                   b"/ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] "),
        # the page tree is its own kid
        "page-tree-loop": _book(valid, pages_object=b"<< /Type /Pages /Kids [2 0 R] /Count 1 >>"),
        # the embedded files' name tree is its own kid
        "name-tree-loop": _book(valid, extra={3: b"<< /Kids [3 0 R] >>"}),
        # a page whose content inflates to 32 MB (33 KB in the file)
        "content-bomb": _book(valid, pages=[_stream(_deflated(b"0 0 m 1 1 l S\n", 32 * 2**20),
                                                    b"/Filter /FlateDecode ")]),
        # one 8 MB content stream shared by 200 pages: each stream under pypdf's limits, the book's far over
        "shared-content": _book(valid, pages=[], extra={
            2: b"<< /Type /Pages /Kids [%s] /Count 200 >>" % b" ".join(b"%d 0 R" % (100 + k) for k in range(200)),
            9: _stream(_deflated(b"BT (x) Tj ET\n", 8 * 2**20), b"/Filter /FlateDecode "),
            **{100 + k: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 9 0 R >>"
               for k in range(200)}}),
        # the embedded catalog inflates to a JSON list of 32 MB
        "attachment-bomb": _book(_stream(_deflated(b"0,", 32 * 2**20, b'{"deals": ['),
                                         b"/Type /EmbeddedFile /Filter /FlateDecode ")),
        # the embedded catalog deflated twice: 1 KB that inflates to 160 MB
        "double-flate": _book(_stream(zlib.compress(_deflated(b"0,", 160 * 2**20, b"["), 9),
                                      b"/Type /EmbeddedFile /Filter [/FlateDecode /FlateDecode] ")),
        # 20,000 pages, the count told truly
        "many-pages": build_pdf({
            1: b"<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>",
            2: b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, many),
            3: b"<< /Names [(%s) 4 0 R] >>" % ATTACHMENT.encode(),
            4: b"<< /Type /Filespec /F (%s) /EF << /F 5 0 R >> >>" % ATTACHMENT.encode(),
            5: valid, 9: _stream(b"BT ET"), **page_objects}),
        # the same 20,000 pages under a page tree that claims one
        "many-pages-told-one": build_pdf({
            1: b"<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>",
            2: b"<< /Type /Pages /Kids [%s] /Count 1 >>" % kids,
            3: b"<< /Names [(%s) 4 0 R] >>" % ATTACHMENT.encode(),
            4: b"<< /Type /Filespec /F (%s) /EF << /F 5 0 R >> >>" % ATTACHMENT.encode(),
            5: valid, 9: _stream(b"BT ET"), **page_objects}),
        # a filter dealgen does not write, on the embedded catalog
        "jbig2-attachment": _book(_stream(b"\x00" * 64, b"/Type /EmbeddedFile /Filter /JBIG2Decode ")),
    }
