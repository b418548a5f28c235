"""Compact answer keys: a book's solutions as a reader checks them, several to a page.

A solution is shown the way its game is best followed on paper (``key_parts`` decides, from
the game's render module):

* moves (Penguin): the moves in notation, ten to a row, each row numbered by its first move;
  the forced finish, where every card left only goes home, collapsed to one line ("then all
  14 cards go home"); for a long solution one small diagram at the milestone nearest its
  middle, so a reader can check the board on the way;
* choices (Idiot's Delight): the moves in notation, then each move where play had a choice,
  named in words; every other move is the only one there is;
* passes (Perpetual Motion, which plays itself): the outcome, and a short table of the passes
  that discard cards (pass, cards left, discarded in that pass).

The summary (``KeyParts``) is back-end free; ``key_flowables`` lays it out for a platypus story.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from ...games import Game
from ...render.fonts import markup
from ...render.pdf import CheckpointFlowable, DiagramFlowable, suit_markup
from ...render.registry import DiagramOptions, checkpoints, renderer
from ...render.walkthrough import Checkpoint
from ...solution import Solution
from ...verify import replay_states
from .printspec import TEXT_LEAST

PER_ROW = 10  # moves to a row of the grid: rows count in tens
FINISH_LEAST = 4  # a forced finish of fewer moves is printed move by move
KEY_INDEX = 7.5  # points: the least card index of an answer's diagram
HEAD_ROWS = 3  # rows of moves kept on the page of their heading
DIAGRAM_LEAST = 40  # moves before the finish: a shorter solution needs no diagram on the way
DIAGRAM_GRADES = ("hard", "expert")  # the grades whose answers show the board on the way


@dataclass(frozen=True)
class KeyParts:
    """What a compact answer shows of one solution."""

    kind: str  # "moves", "choices" or "passes"
    tokens: tuple[str, ...]  # the moves printed in the grid (all but the collapsed finish)
    finish: str | None = None  # the collapsed finish in words
    checkpoint: Checkpoint | None = None  # the one diagram, if any
    choices: tuple[tuple[int, str, int], ...] = ()  # (move number, the move in words, how many moves there were)
    passes: tuple[tuple[int, int, int], ...] = ()  # (pass, cards left after it, discarded in it)
    answer: str | None = None  # the game's own answer ("comes out in 45 passes")
    moves: int = 0


def key_parts(game: Game, solution: Solution, diagram: bool = True) -> KeyParts:
    """The compact answer of a verified ``solution`` (replayed here for the positions);
    ``diagram``: whether one on the way would help (a book gives the harder grades one)."""
    states = replay_states(solution)
    moves = [game.parse_move(token) for token in solution.moves]
    module = renderer(game)
    kind = getattr(module, "ANSWER_KEY", "moves")
    answer = game.answer(states[-1])
    n = len(moves)
    if kind == "passes":
        return KeyParts(kind, (), passes=tuple(_passes(states, moves)), answer=answer, moves=n)
    if kind == "choices":
        chosen = []
        for k, (state, move) in enumerate(zip(states, moves)):
            legal = game.legal_moves(state)
            if len(legal) > 1:
                chosen.append((k + 1, game.describe_move(state, move), len(legal)))
        return KeyParts(kind, tuple(solution.moves), choices=tuple(chosen), answer=answer, moves=n)
    finish = getattr(module, "finish", lambda game, states, moves: len(moves))(game, states, moves)
    words = None
    if n - finish >= FINISH_LEAST:
        words = f"then all {n - finish} cards go home."
    else:
        finish = n
    point = None
    if diagram and finish >= DIAGRAM_LEAST:
        marks = checkpoints(game, states, moves, 0)
        inside = [k for k, reasons in marks.items() if 0 < k < finish and any(reasons)]
        if inside:
            k = min(inside, key=lambda k: (abs(k - finish / 2), k))
            point = Checkpoint(k, tuple(r for r in marks[k] if r), states[k])
    return KeyParts(kind, tuple(solution.moves[:finish]), words, point, answer=answer, moves=n)


def _passes(states: list[Any], moves: list[Any]) -> list[tuple[int, int, int]]:
    """(pass, cards left, discarded in the pass) for every pass that discards, and the last."""
    # pass N runs from the gathering that starts it (none for the first) to the next gathering
    ends = [k for k, move in enumerate(moves) if move.kind == "g"] + [len(moves)]
    if len(ends) > 1 and ends[-1] - ends[-2] <= 1:
        ends.pop()  # only the gathering that ends a game going round forever: no pass is played
    rows, start = [], 0
    for number, end in enumerate(ends, 1):
        gone = states[end].discarded - states[start].discarded
        if gone or end == ends[-1]:
            rows.append((number, 52 - states[end].discarded, gone))
        start = end
    return rows


# -- layout ----------------------------------------------------------------------------------
@dataclass
class KeyStyles:
    body: ParagraphStyle
    small: ParagraphStyle
    regular: str  # font names
    bold: str
    mono: bool
    index_size: float
    frame_width: float
    frame_height: float


def key_flowables(game: Game, parts: KeyParts, title: Flowable, s: KeyStyles) -> list[Flowable]:
    """The answer under its ``title``: the heading kept with what opens the answer (its diagram
    with the first moves beside or under it, or the first rows of moves), the rest free to run
    on to the next page."""
    body = s.body.fontSize
    out: list[Flowable] = []
    beside: Flowable | None = None
    rest = parts.tokens
    if parts.checkpoint is not None:  # under the heading: the board at the move its caption names
        cp = parts.checkpoint
        heading = ParagraphStyle("key-cp", parent=s.small, fontName=s.bold)
        caption = Paragraph(suit_markup(f"Checkpoint {cp.title[:1].lower()}{cp.title[1:]}", s.mono), heading)
        options = DiagramOptions(mono=s.mono, caption=False, index_size=answer_index(s.index_size))
        beside, rest = _diagram_beside(game, cp.state, options, parts.tokens, s)
        if beside is not None:
            out += [caption, beside]
        else:  # no room beside it (large type): the moves go under it
            out.append(CheckpointFlowable(caption, small_diagram(game, cp.state, options, s.frame_width,
                                                                  s.frame_height)))
    if parts.kind == "passes":  # (the heading gives the outcome)
        out.append(_pass_table(parts.passes, s))
    else:
        first = len(parts.tokens) - len(rest)
        out += _grid(rest, s, first)
        if parts.finish:
            out.append(Paragraph(markup(_sentence(parts.finish)), s.body))
        if parts.kind == "choices" and parts.choices:
            out.append(Paragraph(markup(f"Every move not listed here is the only one there is. The "
                                        f"{len(parts.choices)} choices:"), s.body))
            hang = body * 2.8
            step = ParagraphStyle("key-choice", parent=s.body, leftIndent=hang, firstLineIndent=-hang, spaceAfter=0)
            for number, words, count in parts.choices:
                out.append(Paragraph(f"{number}.&nbsp;{suit_markup(words, s.mono)} "
                                     f"<font color='#555555'>(one of {count})</font>", step))
        elif parts.kind == "choices":
            out.append(Paragraph("Every move is the only one there is.", s.body))
        if parts.answer and parts.kind != "choices":
            out.append(Paragraph(markup(_sentence(parts.answer)), s.body))
    out.append(Spacer(1, body * 0.7))
    head = title.wrap(s.frame_width, s.frame_height)[1] + title.getSpaceAfter()
    if beside is not None:  # the caption, the diagram and the moves beside it: one block
        return [KeepTogether([title, *out[:2]]), *out[2:]]
    if parts.checkpoint is not None:
        # the heading goes where the diagram and its first rows of moves fit under it, the diagram
        # drawn a little smaller if it must be (CheckpointFlowable), instead of a whole block
        # leaving a third of a page blank; never a diagram at a page's foot, its moves overleaf
        rows = HEAD_ROWS * body * 1.45 if rest else 0.0
        return [CondPageBreak(head + _least_room(out[0], s.frame_width, s.frame_height) + rows + 2), title] + out
    return [CondPageBreak(head + HEAD_ROWS * body * 1.45), KeepTogether([title, out[0]])] + out[1:]


LARGE_TYPE = 14.0  # points: body text this large is a large-print book's


def answer_index(body: float) -> float:
    """The card index of an answer's diagram for body text of ``body`` points: a little under it
    (at least KEY_INDEX) to keep the diagram small, but in large print as large as the text."""
    return body if body >= LARGE_TYPE else max(KEY_INDEX, body * 0.8)


BESIDE_PER_ROW = 5  # moves to a row beside a diagram: rows count in fives there
BESIDE_HEIGHTS = (0.22, 0.25, 0.28, 0.31, 0.34, 0.42, 0.5)  # shares of the frame's height a diagram with moves beside it tries


def _diagram_beside(game: Game, state: Any, options: DiagramOptions, tokens: tuple[str, ...],
                    s: KeyStyles) -> tuple[Flowable | None, tuple[str, ...]]:
    """The diagram with the first moves beside it, five to a row, in as many rows as its height
    holds, and the moves left over; (None, all the moves) where the diagram, its card indices at
    their size, leaves no room for five moves across (large type, a narrow page)."""
    size = s.body.fontSize
    pitch, label = _pitch(tokens, s, len(tokens), loose=False)
    gap = size * 1.2
    grid_w = label + BESIDE_PER_ROW * pitch
    width = s.frame_width - grid_w - gap
    if not tokens or width <= 0:
        return None, tokens
    for share in BESIDE_HEIGHTS:  # as short as it draws with its indices at their size
        diagram = DiagramFlowable(game, state, options, max_height=s.frame_height * share, max_width=width)
        diagram.wrap(width, s.frame_height)
        if _legible(diagram):
            break
    else:
        return None, tokens  # its indices would print smaller than asked: the moves go under it
    drawn = diagram.scene.width * diagram.scale
    row = _row_height(size)
    count = max(1, int((diagram.height + row * 0.3) // row)) * BESIDE_PER_ROW  # the rest: ten to a row under it
    grid = _table(_rows(tokens[:count], 0, BESIDE_PER_ROW), [label] + [pitch] * BESIDE_PER_ROW, s, gap_after=None)
    block = Table([[diagram, grid]], colWidths=[drawn, s.frame_width - drawn], hAlign="LEFT",
                  style=TableStyle([("FONTNAME", (0, 0), (-1, -1), s.regular),  # (reportlab's own is not embedded)
                                    ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                    ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                    ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.4),
                                    ("LEFTPADDING", (1, 0), (1, 0), gap)]))
    return block, tokens[count:]


def small_diagram(game: Game, state: Any, options: DiagramOptions, frame_width: float, frame_height: float,
                  width_share: float = 0.75, height_share: float = 0.32) -> DiagramFlowable:
    """A diagram at most ``width_share`` of the frame's width and ``height_share`` of its height,
    or larger where it must be to keep its text at 7 pt or more (long columns, a wide board) and
    its card indices at the size ``options`` asks (large print's)."""
    for grow in (1.0, 1.35, 1.8, 100.0):
        diagram = DiagramFlowable(game, state, options, max_height=frame_height * min(0.9, height_share * grow),
                                  max_width=frame_width * min(1.0, width_share * grow))
        diagram.wrap(frame_width, frame_height)
        if _legible(diagram):
            break
    return diagram


def _legible(diagram: DiagramFlowable) -> bool:
    """Whether ``diagram`` prints its text at 7 pt or more and its card indices at the size asked
    (its scene drawn near its own size: a scene comes out wider than asked where they cannot fit)."""
    smallest = diagram.scene.smallest_text() if diagram.scene is not None else None
    return diagram.scale >= 0.97 and (smallest is None or smallest * diagram.scale >= TEXT_LEAST - 1e-6)


def _least_room(checkpoint: CheckpointFlowable, width: float, height: float) -> float:
    """The least height ``checkpoint`` fits in (drawn smaller where its text stays legible)."""
    full = checkpoint.wrap(width, height)[1]
    low, high = full * CheckpointFlowable.MIN_SHARE, full
    for _ in range(6):  # to within 2 % of its height: enough to place a heading by
        mid = (low + high) / 2
        low, high = (low, mid) if checkpoint.wrap(width, mid)[1] <= mid else (mid, high)
    return high


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _row_height(size: float) -> float:
    return size * 1.35  # a row of moves: its leading and the padding under it


def _pitch(tokens: tuple[str, ...], s: KeyStyles, last: int, loose: bool) -> tuple[float, float]:
    """The width of a move's column (``loose``: roomier, for full-width rows) and of the row
    numbers' column, which holds numbers up to ``last``."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = s.body.fontSize
    widest = max((stringWidth(t, s.regular, size) for t in tokens), default=size)
    pitch = max(size * 2.3, widest + size * 0.9) if loose else max(size * 1.9, widest + size * 0.6)
    return pitch, stringWidth(f"{last}.", s.regular, size) + size * 0.8


def _rows(tokens: tuple[str, ...], first: int, per_row: int) -> list[list[str]]:
    """The moves ``per_row`` to a row, each led by its number (the first is move ``first`` + 1)."""
    return [[f"{first + start + 1}."] + list(tokens[start:start + per_row])
            + [""] * (per_row - len(tokens[start:start + per_row])) for start in range(0, len(tokens), per_row)]


def _table(rows: list[list[str]], widths: list[float], s: KeyStyles, gap_after: int | None) -> Table:
    size = s.body.fontSize
    style = TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), s.regular), ("FONTSIZE", (0, 0), (-1, -1), size),
        ("LEADING", (0, 0), (-1, -1), size * 1.25), ("TEXTCOLOR", (0, 0), (0, -1), "#555555"),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"), ("RIGHTPADDING", (0, 0), (0, -1), size * 0.6),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (1, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.1),
    ] + ([("LEFTPADDING", (gap_after + 1, 0), (gap_after + 1, -1), size)] if gap_after else []))
    return Table(rows, colWidths=widths, style=style, hAlign="LEFT")


def _grid(tokens: tuple[str, ...], s: KeyStyles, first: int = 0) -> list[Flowable]:
    """The moves ten to a row (from move ``first`` + 1), each row led by its first move's number,
    a gap after the fifth: the first rows as one table (kept with the heading), the rest as
    another, free to run on."""
    if not tokens and first:
        return []  # every move is beside the diagram
    size = s.body.fontSize
    pitch, label = _pitch(tokens, s, first + len(tokens), loose=True)
    per_row = PER_ROW if label + PER_ROW * pitch + size <= s.frame_width else 5
    rows = _rows(tokens, first, per_row) or [["", ""]]
    widths = [label] + [pitch] * per_row
    if per_row == PER_ROW:
        widths[6] += size  # a gap after the fifth move, for counting
    tables = [_table(chunk, widths, s, 5 if per_row == PER_ROW else None)
              for chunk in (rows[:HEAD_ROWS], rows[HEAD_ROWS:]) if chunk]
    tables[-1].spaceAfter = size * 0.4
    return tables


def _pass_table(passes: tuple[tuple[int, int, int], ...], s: KeyStyles) -> Flowable:
    """Pass, cards left, discarded: in as many groups across as fit, read down each group."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    size = s.body.fontSize
    heads = ["Pass", "Left", "Gone"]
    col = max(stringWidth(h, s.bold, size) for h in heads) + size * 1.2
    group = 3 * col + size * 1.5
    across = max(1, min(4, int(s.frame_width // group)))
    down = -(-len(passes) // across)
    rows = [heads * across]
    for r in range(down):
        row: list[str] = []
        for g in range(across):
            i = g * down + r
            row += [str(v) for v in passes[i]] if i < len(passes) else ["", "", ""]
        rows.append(row)
    style = [("FONTNAME", (0, 0), (-1, -1), s.regular), ("FONTNAME", (0, 0), (-1, 0), s.bold),
             ("FONTSIZE", (0, 0), (-1, -1), size), ("LEADING", (0, 0), (-1, -1), size * 1.25),
             ("ALIGN", (0, 0), (-1, -1), "RIGHT"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
             ("RIGHTPADDING", (0, 0), (-1, -1), size * 0.6), ("TOPPADDING", (0, 0), (-1, -1), 0),
             ("BOTTOMPADDING", (0, 0), (-1, -1), size * 0.2), ("LINEBELOW", (0, 0), (-1, 0), 0.5, "#777777")]
    widths = ([col] * 3 + [size * 1.5]) * across
    for g in range(across):  # an empty column between groups
        rows[0].insert(g * 4 + 3, "")
        for row in rows[1:]:
            row.insert(g * 4 + 3, "")
    table = Table([r[:len(widths)] for r in rows], colWidths=widths[:len(rows[0])], style=TableStyle(style),
                  hAlign="LEFT", repeatRows=1)
    table.spaceAfter = size * 0.4
    return table


KEY_READING = {
    "moves": "Each answer gives the moves in the notation of How to play, ten to a row, each row numbered by its "
             "first move. Where every card left can only go home, the answer says so instead of listing the moves, "
             "and the answer to a hard or expert puzzle shows the board once on the way, at the move its caption names.",
    "choices": "Each answer gives the moves in the notation of How to play, ten to a row, each row numbered by its "
               "first move, then every move where there was a choice, named in words: the rest play themselves.",
    "passes": "The game plays itself, so each answer's heading says whether the deal comes out, and its table "
              "lists the passes that discard cards: the pass, the cards left in play after it, and how many it "
              "discarded (gone). Passes not listed discard nothing; the last row is the last pass played, "
              "which may discard nothing.",
}


def key_reading(game: Game) -> str:
    """How to read a book's answers, for the head of its Solutions."""
    return KEY_READING[getattr(renderer(game), "ANSWER_KEY", "moves")]


# the section of How to play that explains what a key of this kind never prints (the record's notation)
KEY_UNUSED = {"passes": "Reading the record"}


def key_how_to_play(game: Game, text: str) -> str:
    """How to play as a book with compact answers prints it: without the section that explains a
    notation those answers never use."""
    unused = KEY_UNUSED.get(getattr(renderer(game), "ANSWER_KEY", "moves"))
    if unused is None:
        return text
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            skipping = line[3:].strip() == unused
        if not skipping:
            out.append(line)
    return "".join(out)
