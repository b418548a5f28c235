"""What every game's position text and JSON share: ``key: value`` lines and the header checks.

A position's text form is one ``key: value`` line per pile (``#`` starts a comment);
``game``, ``deal`` and ``rules`` are optional header lines. Errors name the source and line.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal, overload

from ..cards import CARDS, Card
from ..deals import is_whole, parse_deal_number
from ..errors import InputError, located

HEADER = ("game", "deal", "rules")


# -- positions in words (alt text) -------------------------------------------------------------
def card_names(cards: Iterable[int]) -> str:
    """"the Ace of Spades, ..." without the articles: "Ace of Spades, Two of Hearts"."""
    return ", ".join(Card(c).name for c in cards)


def listed(items: list[str], comma: str = ", ", last: str = " and ") -> str:
    """"a, b and c"."""
    return items[0] if len(items) == 1 else comma.join(items[:-1]) + last + items[-1]


def rows_of_four(cards: list[int]) -> str:
    """A stock dealt in rows of four, in words."""
    return "; ".join(f"row {n // 4 + 1}: {card_names(cards[n:n + 4])}" for n in range(0, len(cards), 4))


def read_fields(text: str, allowed: Iterable[str], source: str, required: Iterable[str] = (),
                repeatable: Callable[[str], bool] = lambda key: False,
                ) -> tuple[dict[str, tuple[int, str]], list[tuple[int, str, str]]]:
    """The lines of ``text`` as {key: (line number, value)}; keys for which ``repeatable``
    is true may recur and come back separately as (line, key, value) in file order."""
    allowed = list(allowed)
    fields: dict[str, tuple[int, str]] = {}
    repeated: list[tuple[int, str, str]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, sep, value = line.partition(":")
        key = " ".join(key.lower().split())
        if sep and repeatable(key):
            repeated.append((lineno, key, value.strip()))
            continue
        if not sep or key not in allowed:
            raise InputError(located(
                f"expected 'key: value' with a key from: {', '.join(allowed)}; got '{quoted(raw.strip())}'",
                source, lineno))
        if key in fields:
            raise InputError(located(f"'{key}' is given twice", source, lineno))
        fields[key] = (lineno, value.strip())
    missing = [k for k in required if k not in fields]
    if missing:
        raise InputError(located(f"missing line(s): {', '.join(missing)}", source))
    return fields, repeated


def field_cards(fields: dict[str, tuple[int, str]], key: str, source: str, blanks: bool) -> list[Card | None]:
    """The cards of a ``key: value`` line read by ``read_fields``; with ``blanks``, "-" is an
    empty place (None). An error names the line and the key."""
    lineno, value = fields[key]
    out: list[Card | None] = []
    for token in value.split():
        if blanks and token == "-":
            out.append(None)
            continue
        try:
            out.append(Card.parse(token))
        except InputError as err:
            raise InputError(located(f"{key}: {err}", source, lineno)) from None
    return out


def quoted(text: str, limit: int = 60) -> str:
    """A line of the input as an error quotes it: cut short (a 5 MB line is not echoed whole)."""
    return text if len(text) <= limit else text[:limit] + "…"


def header(fields: dict[str, tuple[int, str]], game: Any, source: str) -> dict[str, Any]:
    """The optional game/deal/rules lines, checked here so an error names its line."""
    deal = fields.get("deal", (0, "-"))[1]
    data = {"game": fields.get("game", (0, game.name))[1], "deal": None if deal == "-" else deal,
            "rules": fields.get("rules", (0, game.default_rules))[1]}
    data["rules"], data["deal"] = check_header(game, data, source, {k: fields[k][0] for k in HEADER if k in fields})
    return data


def check_header(game: Any, data: dict[str, Any], source: str, lines: dict[str, int] | None = None,
                 ) -> tuple[str, int | None]:
    """The position's rule set and deal number, after checking they belong to ``game``;
    ``lines`` gives the header lines of a text form, for the errors."""
    lines = lines or {}
    if str(data.get("game", game.name)).strip().lower() != game.name:
        raise InputError(located(f"this is a position of '{data['game']}', not {game.name}", source, lines.get("game")))
    try:
        rules = game.check_rules(str(data.get("rules", game.default_rules)))
    except InputError as err:
        raise InputError(located(str(err), source, lines.get("rules"))) from None
    deal = data.get("deal")
    if deal is not None:
        try:
            deal = parse_deal_number(deal)
        except InputError as err:
            raise InputError(located(str(err), source, lines.get("deal"))) from None
    return rules, deal


def shown(cards: Iterable[Card], symbols: bool = False) -> str:
    """A pile as its text form's line shows it: codes (``QH``), or symbols (``Q♥``) for people."""
    return " ".join(c.symbol if symbols else c.code for c in cards)


def text_cards(fields: dict[str, tuple[int, str]], key: str, source: str) -> list[Card]:
    """The cards of line ``key``; a bad card is an error naming the line."""
    lineno, value = fields[key]
    return cards_at(lineno, key, value, source)


def cards_at(lineno: int, key: str, value: str, source: str) -> list[Card]:
    """The card codes of ``value``, given at line ``lineno`` as ``key``."""
    try:
        return [Card.parse(t) for t in value.split()]
    except InputError as err:
        raise InputError(located(f"{key}: {err}", source, lineno)) from None


def text_whole(fields: dict[str, tuple[int, str]], key: str, source: str) -> int:
    """The whole number of line ``key``; anything else is an error naming the line."""
    lineno, value = fields[key]
    if not is_whole(value):
        raise InputError(located(f"{key}: expected a whole number, got '{value}'", source, lineno))
    return int(value)


def json_header(game: Any, state: Any) -> dict[str, Any]:
    """The header every position's JSON form starts with: game, deal, rules."""
    return {"game": game.name, "deal": state.deal, "rules": state.rules}


def json_header_read(game: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The header of a JSON position, the game's own where a key is left out (checked by ``check_header``)."""
    return {"game": data.get("game", game.name), "deal": data.get("deal"), "rules": data.get("rules", game.default_rules)}


def json_whole(data: dict[str, Any], key: str, source: str) -> int | None:
    """A JSON position's whole number (or null, or left out: None)."""
    value = data.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise InputError(located(f"{key} must be a whole number or null, got {value!r}", source))
    return value


def json_piles(data: dict[str, Any], key: str, count: int, label: str, source: str) -> list[list[Card]]:
    """The ``count`` piles of cards a JSON position holds under ``key``, pile n named ``label n``."""
    piles = data[key]
    if not isinstance(piles, list) or len(piles) != count:
        raise InputError(located(f"{key} must be a list of {count} lists of cards", source))
    return [json_cards(p, f"{label} {n}", source) for n, p in enumerate(piles, 1)]


@dataclass(frozen=True)
class StockAndPiles:
    """What a stock-and-piles position (Perpetual Motion, Idiot's Delight) holds, checked."""

    rules: str
    deal: int | None
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    live: list[Card]  # every card in play
    discarded: int


def stock_and_piles(game: Any, data: dict[str, Any], key: str, label: str, source: str) -> StockAndPiles:
    """A stock-and-piles position read from ``data``: its header checked, its stock and its piles
    (under ``key``, pile n named ``label n``), every card given once, and the ``discarded`` count
    (None: the cards missing) agreeing with the cards missing."""
    rules, deal = check_header(game, data, source)
    stock, piles = tuple(data["stock"]), tuple(tuple(p) for p in data[key])
    placed = [(c, "stock") for c in stock] + [(c, f"{label} {n}") for n, p in enumerate(piles, 1) for c in p]
    check_once(placed, source, whole=data["discarded"] == 0)  # (discarded cards are absent too)
    gone = 52 - len(placed)
    discarded = gone if data["discarded"] is None else data["discarded"]
    if discarded != gone:
        raise InputError(located(f"discarded says {discarded} but {gone} card(s) are missing from the stock and "
                                 f"{key}", source))
    return StockAndPiles(rules, deal, stock, piles, [c for c, _ in placed], discarded)


def check_json(data: Any, what: str, required: Iterable[str], source: str) -> None:
    """A JSON position must be an object holding the ``required`` keys."""
    if not isinstance(data, dict):
        raise InputError(located(f"{what} position must be a JSON object", source))
    missing = [k for k in required if k not in data]
    if missing:
        raise InputError(located(f"missing key(s): {', '.join(missing)}", source))


@overload
def json_card(value: Any, where: str, source: str, nullable: Literal[False] = False) -> Card: ...
@overload
def json_card(value: Any, where: str, source: str, nullable: bool) -> Card | None: ...
def json_card(value: Any, where: str, source: str, nullable: bool = False) -> Card | None:
    """One card code from JSON (or null, where ``nullable``)."""
    if value is None and nullable:
        return None
    if not isinstance(value, str):
        wanted = "a card code or null" if nullable else "a card code"
        raise InputError(located(f"{where}: expected {wanted}, got {value!r}", source))
    try:
        return Card.parse(value)
    except InputError as err:
        raise InputError(located(f"{where}: {err}", source)) from None


def json_cards(value: Any, where: str, source: str) -> list[Card]:
    """A JSON list of card codes."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise InputError(located(f"{where}: expected a list of card codes", source))
    return [json_card(c, where, source) for c in value]


def check_once(placed: Iterable[tuple[Card, str]], source: str, hint: Callable[[list[str]], str] | None = None,
               whole: bool = True) -> None:
    """No card may be given twice; ``placed`` pairs each card with where it was given
    ("stock", "pile 2"), so the error can say where to look, and, in a position that holds the
    ``whole`` pack (none discarded), which cards it then lacks (usually the one meant).
    ``hint`` adds a game's word on the places given twice."""
    places: dict[Card, list[str]] = {}
    for card, where in placed:
        places.setdefault(card, []).append(where)

    def said(where: list[str]) -> str:  # "stock and pile 2", or "2 times in stock"
        return " and ".join(w if k == 1 else f"{k} times in {w}" for w, k in Counter(where).items())

    doubled = [(c, where) for c, where in sorted(places.items()) if len(where) > 1]
    if doubled:
        twice = [f"{c.code} ({said(where)})" for c, where in doubled]
        shown = ", ".join(twice[:6]) + (f" and {len(twice) - 6} more" if len(twice) > 6 else "")
        absent = [c.code for c in CARDS if c not in places]
        more = f" and {len(absent) - 6} more" if len(absent) > 6 else ""
        lacking = f"; the pack then lacks {' '.join(absent[:6])}{more}" if absent and whole else ""
        extra = hint([w for _, where in doubled for w in where]) if hint else ""
        raise InputError(located(f"card(s) given more than once: {shown}{lacking}{extra}", source))


def header_lines(game: Any, deal: int | None, rules: str) -> list[str]:
    """The game/deal/rules lines that open every position's text form."""
    return [f"game: {game.name}", f"deal: {'-' if deal is None else deal}", f"rules: {rules}"]
