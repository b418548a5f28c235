"""Seed catalogs: the deal sets a book or a daily series is made from (JSON, versioned).

    {"schema": "dealgen-catalog", "version": 1,
     "title": "...", "subtitle": "...", "author": "...",
     "game": "penguin", "rules": "parlett",
     "selection": {...how the deals were chosen: start, mix, tried, kept, budgets...},
     "deals": [{"deal": 17, "grade": "easy", "percentile": 12.5, "metrics": {...},
                "solution": ["1a", "2h", ...], "verified_by": "dealgen 0.1.0"}, ...]}

Every entry's solution is replayed through the engine before a catalog is written and
again by ``dealgen verify CATALOG.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import __version__
from .deals import parse_deal_number
from .errors import CheckFailed, InputError
from .fileio import read_text, write_atomic
from .games import get_game
from .solution import Solution
from .verify import Verdict, replay

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

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "grade": self.grade, "percentile": self.percentile,
                "metrics": self.metrics, "solution": list(self.moves), "verified_by": self.verified_by}


@dataclass(frozen=True)
class Catalog:
    game: str
    rules: str
    entries: tuple[Entry, ...]
    title: str = ""
    subtitle: str = ""
    author: str = ""
    selection: dict[str, Any] = field(default_factory=dict)

    def solution(self, entry: Entry) -> Solution:
        return Solution(self.game, entry.deal, self.rules, entry.moves)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA, "version": VERSION,
            "title": self.title, "subtitle": self.subtitle, "author": self.author,
            "game": self.game, "rules": self.rules,
            "selection": self.selection,
            "deals": [e.to_json() for e in self.entries],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"


def parse_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """Read a catalog; InputError names the file, the entry and the field that is wrong."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(f"{source}:{err.lineno}: not valid JSON: {err.msg}") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise InputError(f"{source}: not a dealgen catalog (expected \"schema\": \"{SCHEMA}\")")
    if data.get("version") != VERSION:
        raise InputError(f"{source}: catalog schema version {data.get('version')!r} is not supported: this dealgen reads version {VERSION}")
    for key in ("game", "rules", "deals"):
        if key not in data:
            raise InputError(f"{source}: missing field '{key}'")
    try:
        game = get_game(str(data["game"]))
        rules = game.check_rules(str(data["rules"]))
    except InputError as err:
        raise InputError(f"{source}: {err}") from None
    if not isinstance(data["deals"], list) or not data["deals"]:
        raise InputError(f"{source}: 'deals' must be a non-empty list")
    entries = []
    for i, raw in enumerate(data["deals"], 1):
        where = f"{source}: deals[{i}]"
        if not isinstance(raw, dict):
            raise InputError(f"{where}: must be an object")
        for key in ("deal", "grade", "percentile", "metrics", "solution", "verified_by"):
            if key not in raw:
                raise InputError(f"{where}: missing field '{key}'")
        try:
            deal = parse_deal_number(raw["deal"])
        except InputError as err:
            raise InputError(f"{where}: {err}") from None
        moves = raw["solution"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise InputError(f"{where}: 'solution' must be a list of move tokens")
        for n, token in enumerate(moves, 1):
            try:
                game.parse_move(token)
            except InputError as err:
                raise InputError(f"{where} (deal {deal}): move {n}: {err}") from None
        if not isinstance(raw["metrics"], dict):
            raise InputError(f"{where}: 'metrics' must be an object")
        if not isinstance(raw["percentile"], (int, float)):
            raise InputError(f"{where}: 'percentile' must be a number")
        entries.append(Entry(deal, str(raw["grade"]), float(raw["percentile"]), raw["metrics"],
                             tuple(moves), str(raw["verified_by"])))
    return Catalog(game.name, rules, tuple(entries), str(data.get("title", "")),
                   str(data.get("subtitle", "")), str(data.get("author", "")), dict(data.get("selection", {})))


def read_catalog(path: str | Path) -> Catalog:
    return parse_catalog(read_text(path, "catalog"), str(path))


def verify_catalog(catalog: Catalog) -> list[Verdict]:
    """Replay every entry's solution from its deal; one verdict per entry."""
    return [replay(catalog.solution(entry)) for entry in catalog.entries]


def require_verified(catalog: Catalog) -> None:
    """The verification gate: raise CheckFailed naming the first deal and move that fail."""
    for verdict in verify_catalog(catalog):
        if not verdict.ok:
            raise CheckFailed(f"nothing written: {verdict.line()}")


def write_catalog(catalog: Catalog, path: str | Path) -> Path:
    require_verified(catalog)
    return write_atomic(path, catalog.dumps())


ATTACHMENT = "dealgen-catalog.json"  # the name a book carries its catalog under


def read_book_catalog(path: str | Path) -> Catalog:
    """The catalog a dealgen book carries inside its PDF as an embedded file."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        attachments = PdfReader(str(path)).attachments
        data = attachments.get(ATTACHMENT)
    except (OSError, PyPdfError, ValueError) as err:
        raise InputError(f"{path}: cannot read the PDF ({err})") from None
    if not data:
        raise InputError(f"{path}: this PDF carries no dealgen catalog (no embedded '{ATTACHMENT}')")
    try:
        text = data[0].decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path}: the embedded catalog is not UTF-8 text") from None
    return parse_catalog(text, f"{path} ({ATTACHMENT})")
