"""Walkthroughs: a verified solution as numbered steps with diagrams at checkpoints.

``build_walkthrough`` replays the solution through the engine first and refuses one that
does not verify (CheckFailed, exit 1). The result is back-end free: steps in words and
notation, checkpoints (where a diagram goes and why) and their scenes. ``pdf.py`` flows it
across pages; ``walkthrough_pngs`` here gives one image per checkpoint plus an overview
sheet. Where the checkpoints fall is the game's choice (``render/<game>.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..cards import SUIT_SYMBOLS
from ..errors import CheckFailed, InputError
from ..games import Game, get_game
from ..solution import Solution
from ..verify import replay, replay_states
from .fonts import metrics, text_width, wrap
from .registry import DiagramOptions, checkpoints, position_scene, renderer
from .scene import Group, Line, Scene, Text, palette

DEFAULT_EVERY = 10


@dataclass(frozen=True)
class Step:
    number: int  # 1-based
    token: str  # the move in notation, e.g. "35" ("" when the words hold the notation)
    words: str  # the move in words, e.g. "9♣ from column 3 onto 10♣ in column 5"
    first: int | None = None  # index of the step's first move when a step groups several moves
    label: str | None = None  # printed instead of "12." where a step has a name of its own ("Pass 12:")

    @property
    def start(self) -> int:
        return self.number - 1 if self.first is None else self.first

    def text(self) -> str:
        lead = f"{self.number}." if self.label is None else self.label
        words = f"{self.words} ({self.token})" if self.token else self.words
        return f"{lead} {words}" if lead else words


@dataclass(frozen=True)
class Checkpoint:
    after: int  # moves played before this diagram (0 = the deal)
    reasons: tuple[str, ...]
    state: Any
    head: str | None = None  # how the game counts its way here ("After pass 20"); None: by moves

    @property
    def title(self) -> str:
        reasons = [r for r in self.reasons if r and r != "the deal"]
        head = "The deal" if self.after == 0 else (self.head or f"After move {self.after}")
        return f"{head}: {', '.join(reasons)}" if reasons else head


@dataclass(frozen=True)
class Walkthrough:
    game: Game
    solution: Solution
    steps: tuple[Step, ...]
    checkpoints: tuple[Checkpoint, ...]
    grade: str | None = None
    min_rows: int = 0  # shared by every diagram, so they all have one height
    end: Any = None  # the final position
    dated: str | None = None  # a daily deal's date as its images print it
    states: tuple[Any, ...] = ()  # the position after each move (0: the deal)

    @property
    def title(self) -> str:
        day = f" · {self.dated}" if self.dated else ""
        return f"{self.game.title}{day} · deal {self.solution.deal}"

    @property
    def moves(self) -> int:
        return len(self.solution.moves)

    @property
    def answer(self) -> str:
        """How the record ends, for a solution's heading: the game's own words, else the moves."""
        return self.game.answer(self.end) or f"{self.moves} moves"

    @property
    def what(self) -> str:
        """What the record is, for titles: a two-player game's record is a game played, and a
        record that does not end in a win (a Perpetual Motion deal that cycles) is play, not a
        solution."""
        if self.game.players:
            return "the game"
        return "the solution" if self.solution.outcome == "won" else "the play"

    def pictured(self, index: int) -> bool:
        """Whether a document draws checkpoint ``index``: not a won solitaire's final position,
        every card home, which the ending line states (a diagram of it would show nothing)."""
        cp = self.checkpoints[index]
        return not (index and cp.after == self.moves and self.solution.outcome == "won" and not self.game.players)

    def ending(self) -> str:
        """The last line of a walkthrough."""
        if self.game.players:
            summary = self.game.outcome(self.end).summary
            return f"{summary[:1].upper()}{summary[1:]}, after {self.moves} turns."
        answer = self.game.answer(self.end)
        if answer:  # a game that plays itself: the answer is the point, the moves a detail
            return f"{answer[:1].upper()}{answer[1:]}; {self.moves} moves in all."
        if self.solution.outcome == "won":
            return f"Solved in {self.moves} moves."
        return f"Played out in {self.moves} moves: {self.game.outcome(self.end).summary}."

    def options(self, mono: bool, caption: bool = True, note: str | None = None) -> DiagramOptions:
        return DiagramOptions(mono=mono, caption=caption, grade=self.grade, note=note, min_rows=self.min_rows)

    def diagram_options(self, checkpoint: Checkpoint, mono: bool = False, caption: bool = True,
                        uniform: bool = True, width: float | None = None,
                        index_size: float | None = None) -> DiagramOptions:
        """How to draw one checkpoint (with a caption naming the move). ``uniform`` gives every
        checkpoint of the walkthrough the same height (images of one series); without it each
        diagram is as tall as its own position needs (a flowing document)."""
        note = None
        if checkpoint.head:
            note = checkpoint.head[:1].lower() + checkpoint.head[1:]
        elif checkpoint.after:
            note = f"after move {checkpoint.after} of {self.moves}"
        options = replace(self.options(mono, caption, note), width=width, index_size=index_size)
        return options if uniform else replace(options, min_rows=0)

    def diagram(self, checkpoint: Checkpoint, mono: bool = False, caption: bool = True,
                uniform: bool = True, width: float | None = None, index_size: float | None = None) -> Scene:
        """The scene of one checkpoint; see ``diagram_options``."""
        options = self.diagram_options(checkpoint, mono, caption, uniform, width, index_size)
        return position_scene(self.game, checkpoint.state, options)

    def at(self, after: int, reasons: tuple[tuple[str, int], ...]) -> Checkpoint:
        """A checkpoint after move ``after`` with ``reasons`` (each with the move it came at):
        a diagram that waited for room on a page shows the position where it is drawn, and
        its earlier reasons name their move."""
        module = renderer(self.game)
        carried = getattr(module, "carried", lambda label, move: f"{label} at move {move}")
        head = getattr(module, "checkpoint_head", lambda state: None)
        state = self.states[after]
        return Checkpoint(after, tuple(carried(text, move) if text and move < after else text
                                       for text, move in reasons), state, head(state) if after else None)

    def steps_after(self, index: int) -> tuple[Step, ...]:
        """The steps from checkpoint ``index`` up to the next checkpoint."""
        start = self.checkpoints[index].after
        end = self.checkpoints[index + 1].after if index + 1 < len(self.checkpoints) else self.moves
        if index + 1 == len(self.checkpoints):
            end += 1
        return tuple(s for s in self.steps if start <= s.start < end)


def build_walkthrough(solution: Solution, every: int = DEFAULT_EVERY, grade: str | None = None) -> Walkthrough:
    """Replay ``solution``; CheckFailed (exit 1) when it does not verify."""
    if every < 0:
        raise InputError(f"--every must be 0 (milestones only) or a positive number of moves, not {every}")
    verdict = replay(solution)
    if not verdict.ok:
        raise CheckFailed(f"refusing to draw a walkthrough of a solution that does not verify: {verdict.line()}")
    game = get_game(solution.game)
    states = replay_states(solution)
    moves = [game.parse_move(token) for token in solution.moves]
    module = renderer(game)
    if hasattr(module, "steps"):  # a game may group moves into steps a reader follows (a pass)
        steps = tuple(module.steps(game, states, moves))
    else:
        steps = tuple(Step(i + 1, token, game.describe_move(states[i], moves[i]))
                      for i, token in enumerate(solution.moves))
    marks = checkpoints(game, states, moves, every)
    head = getattr(module, "checkpoint_head", lambda state: None)
    points = tuple(Checkpoint(k, tuple(reasons), states[k], head(states[k]) if k else None)
                   for k, reasons in sorted(marks.items()))
    rows = max((len(col) for cp in points for col in getattr(cp.state, "columns", ())), default=0)
    return Walkthrough(game, solution, steps, points, grade, rows, states[-1], states=tuple(states))


def suit_text(text: str, mono: bool) -> str:
    """In mono, red suits are written as outlined symbols, as the diagrams draw them."""
    if not mono:
        return text
    return text.replace(SUIT_SYMBOLS[2], "♡").replace(SUIT_SYMBOLS[3], "♢")


# -- PNG set ----------------------------------------------------------------------------------
STEP_SIZE = 9.5
PAD = 14.0


def _text_block(lines: list[str], x: float, y: float, width: float, size: float, colour, bold: bool = False,
                indent: float = 0.0) -> tuple[list, float]:
    """Wrapped lines with a hanging indent; returns primitives and the new baseline y."""
    items = []
    for line in lines:
        for k, part in enumerate(wrap(line, size, width - indent, bold) or [""]):
            y += size * 1.35
            items.append(Text(x + (indent if k else 0), y, part, size, colour, bold))
    return items, y


def checkpoint_scene(wt: Walkthrough, index: int, mono: bool = False) -> Scene:
    """One checkpoint: its diagram, then the steps that lead to the next one."""
    cp = wt.checkpoints[index]
    pal = palette(mono)
    diagram = wt.diagram(cp, mono)
    width = diagram.width
    items: list = [Group(0, 0, 1.0, diagram)]
    title, y = _text_block([cp.title], PAD, diagram.height - 4 - 11 * 0.35, width - 2 * PAD, 11, pal.text, bold=True)
    items += title  # a long caption (milestones with their moves) wraps
    y += 3
    steps = wt.steps_after(index)
    if steps:
        lines = [suit_text(s.text(), mono) for s in steps]
    else:
        lines = [wt.ending()]
    block, y = _text_block(lines, PAD, y, width - 2 * PAD, STEP_SIZE, pal.text, indent=STEP_SIZE * 1.6)
    items += block
    height = y + metrics(False).descent * STEP_SIZE + PAD
    return Scene(width, height, items, pal.background)


@dataclass(frozen=True)
class Block:
    """A band of an overview sheet, full width: its height and its items, laid out from y = 0.
    A sheet is its blocks one under the other, and a long sheet breaks between blocks."""

    height: float
    items: tuple


def overview_blocks(wt: Walkthrough, mono: bool = False, across: int = 3,
                    thumb_width: float = 215.0) -> tuple[float, list[Block]]:
    """The overview sheet's width and its blocks: the heading, one per row of small diagrams
    (each row as tall as its own tallest diagram), and the record, a row of moves a block."""
    pal = palette(mono)
    shown = [cp for i, cp in enumerate(wt.checkpoints) if wt.pictured(i)]
    thumbs = [wt.diagram(cp, mono, caption=False, width=thumb_width) for cp in shown]
    thumb_scale = min(1.0, thumb_width / max(t.width for t in thumbs))  # < 1 only if too narrow to honour 7 pt
    tw = thumb_width
    gap = 12.0
    width = across * tw + (across - 1) * gap + 2 * PAD
    blocks: list[Block] = []
    items: list = []
    y = PAD
    for k, line in enumerate(wrap(f"{wt.title}: {wt.what}", 16, width - 2 * PAD, True)):  # wraps, never runs off
        y += 16 if k == 0 else 16 * 1.25
        items.append(Text(PAD, y, line, 16, pal.text, bold=True))
    answer = wt.game.answer(wt.end)
    facts = ([answer] if answer else []) + [f"{wt.moves} moves", wt.game.rules_label(wt.solution.rules)]
    if wt.grade:
        facts.insert(0, f"grade: {wt.grade}")
    y += 15
    items.append(Text(PAD, y, "  ·  ".join(facts), 9.5, pal.muted))
    blocks.append(Block(y + 10, tuple(items)))
    label_size = 8.0
    titles = [wrap(cp.title, label_size, tw, True) for cp in shown]  # whole: a caption is never cut short
    label_h = max(2, *map(len, titles)) * label_size * 1.3
    for first in range(0, len(thumbs), across):
        row = list(zip(titles[first:first + across], thumbs[first:first + across]))
        items = []
        for col, (lines, thumb) in enumerate(row):
            x = PAD + col * (tw + gap)
            for k, line in enumerate(lines):
                items.append(Text(x, label_size * 1.3 * (k + 1), line, label_size, pal.text, bold=True))
            items.append(Group(x, label_h + 3, thumb_scale, thumb))
        th = max(thumb.height for _, thumb in row) * thumb_scale
        blocks.append(Block(th + label_h + gap, tuple(items)))
    blocks.append(Block(10.0, (Line(PAD, 6, width - PAD, 6, pal.slot_border, 0.5),)))
    size = 9.5
    lead = size * 1.4
    module = renderer(wt.game)
    if hasattr(module, "record_summary"):  # a record of thousands of forced steps: its story, not its tokens
        for line in module.record_summary(wt.game, wt.states, [wt.game.parse_move(t) for t in wt.solution.moves]):
            parts = wrap(line, size, width - 2 * PAD)
            blocks.append(Block(lead * len(parts), tuple(Text(PAD + (size * 1.6 if k else 0), lead * (k + 1) - 3, part,
                                                              size, pal.text) for k, part in enumerate(parts))))
    else:
        # all the moves in notation, twenty or ten to a row (fewer if wide tokens need it), each row numbered
        # by its first move; columns as wide as the widest token (Pack 'n' Stack's "a2-a1") needs
        moves = wt.solution.moves
        label_w = text_width(f"{len(moves)}.", size) + 8
        pitch = max([size * 2.4] + [text_width(t, size) + size * 0.8 for t in moves])
        room = int((width - 2 * PAD - label_w) // pitch)
        per_line = 20 if room >= 20 else max(1, min(10, room))  # tens, for counting; fewer only if they must
        for start in range(0, len(moves), per_line):
            row_items = [Text(PAD + label_w - 8, lead - 3, f"{start + 1}.", size, pal.muted, anchor="end")]
            row_items += [Text(PAD + label_w + k * pitch, lead - 3, token, size, pal.text)
                          for k, token in enumerate(moves[start:start + per_line])]
            blocks.append(Block(lead, tuple(row_items)))
    blocks.append(Block(size * 2 + metrics(False).descent * size + PAD,
                        (Text(PAD, size * 2 - 3, wt.ending(), size, pal.text, bold=True),)))
    return width, blocks


def _stacked(width: float, blocks: list[Block], top: float = 0.0, bottom: float = 0.0, mono: bool = False) -> Scene:
    """Blocks one under the other, with ``top`` and ``bottom`` points to spare."""
    items: list = []
    y = top
    for block in blocks:
        for item in block.items:  # placed where they fall, so the sheet reads as one flat scene
            items.append(replace(item, y1=item.y1 + y, y2=item.y2 + y) if isinstance(item, Line)
                         else replace(item, y=item.y + y))
        y += block.height
    return Scene(width, y + bottom, items, palette(mono).background)


def overview_scene(wt: Walkthrough, mono: bool = False, across: int = 3, thumb_width: float = 215.0) -> Scene:
    """One sheet: every checkpoint as a small diagram with its title, then all the moves in notation.
    The small diagrams are built at ``thumb_width`` points, so their indices stay legible (7 pt or
    more) instead of being shrunk from the full-size diagram."""
    width, blocks = overview_blocks(wt, mono, across, thumb_width)
    return _stacked(width, blocks, mono=mono)


def overview_pages(wt: Walkthrough, max_height: float, mono: bool = False, foot: float = 0.0) -> list[Scene]:
    """The overview sheet as pages at most ``max_height`` points tall (``foot`` of them kept free
    at the bottom of each, for the caller), broken between its blocks; every page after the
    first opens with a line saying which sheet it continues."""
    width, blocks = overview_blocks(wt, mono)
    pal = palette(mono)
    size = 11.0
    room = max_height - foot - PAD  # a continued page's heading line takes its place from the first page's heading

    def filled(room: float) -> list[list[Block]]:
        pages: list[list[Block]] = [[]]
        used = 0.0
        for block in blocks:
            if pages[-1] and used + block.height > room:
                pages.append([])
                used = size * 2.2
            pages[-1].append(block)
            used += block.height
        return pages

    pages = filled(room)
    # as many pages, filled evenly: never a last page of a leftover line ("Solved in 84 moves.")
    even = (sum(block.height for block in blocks) + size * 2.2 * (len(pages) - 1)) / len(pages)
    for share in (1.0, 1.1, 1.2, 1.35, 1.5, 1.75):
        balanced = filled(min(room, even * share))
        if len(balanced) == len(pages):
            pages = balanced
            break
    count = len(pages)
    out = []
    for k, page in enumerate(pages, 1):
        if k > 1:
            heading = wrap(f"{wt.title}: {wt.what}, continued ({k} of {count})", size, width - 2 * PAD, True)[0]
            page = [Block(size * 2.2, (Text(PAD, PAD + size * 0.2, heading, size, pal.muted, bold=True),))] + page
        out.append(_stacked(width, page, bottom=foot, mono=mono))
    return out


def png_stem(wt: Walkthrough) -> str:
    """GAME-DEAL, or GAME-RULES-DEAL (``Game.file_stem``)."""
    return f"{wt.game.file_stem(wt.solution.rules)}-{wt.solution.deal}"


def walkthrough_pngs(wt: Walkthrough, mono: bool = False) -> dict[str, Scene]:
    """File name -> scene: one per checkpoint (named by the move it follows) and the overview."""
    stem = png_stem(wt)
    digits = max(3, len(str(wt.moves)))  # padded alike, so the names sort in the order of play
    scenes = {f"{stem}-move-{cp.after:0{digits}d}.png": checkpoint_scene(wt, i, mono)
              for i, cp in enumerate(wt.checkpoints)}
    scenes[f"{stem}-overview.png"] = overview_scene(wt, mono)
    return scenes


__all__ = ["Step", "Checkpoint", "Walkthrough", "build_walkthrough", "checkpoint_scene", "overview_scene",
           "overview_pages", "walkthrough_pngs", "suit_text", "DEFAULT_EVERY"]
