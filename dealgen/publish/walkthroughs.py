"""What ``dealgen walkthrough`` writes: a solution (or a played game's record) step by step, as
one PDF or as a folder of PNGs (a checkpoint each and an overview). Every argument is checked
before any solving or drawing; the record is replayed through the engine first, and the files
are all drawn before the first is written.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..deals import parse_deal_number
from ..errors import InputError
from ..fileio import check_writable, planned_folder, write_atomic, write_files
from ..games import GAMES, get_game
from ..render.registry import renderer
from ..render.walkthrough import DEFAULT_EVERY, build_walkthrough
from ..solve.positions import load_solution, solve_for
from ..verify import read_played


@dataclass(frozen=True)
class Written:
    line: str  # what was written
    note: str | None = None  # a word on legibility at the resolution asked


def output_kind(output: str) -> str:
    """``pdf`` for FILE.pdf, ``png`` for a folder (made only when the images are ready)."""
    if output.lower().endswith(".pdf"):
        return "pdf"
    if output.endswith(("/", os.sep)) or Path(output).is_dir():
        planned_folder(output)  # made when the images are ready
        return "png"
    raise InputError(f"{output}: give FILE.pdf, or a folder ending in / for one PNG per checkpoint")


def write_walkthrough(args: tuple[str, ...], output: str, every: int | None, mono: bool, rules: str | None,
                      solution_path: str | None, dpi: float | None, page: str) -> Written:
    """The walkthrough of ``args`` (GAME NUMBER, solved unless ``solution_path`` is given, or a
    solution file alone) into ``output``: FILE.pdf on ``page`` paper, or a folder of PNGs at
    ``dpi``; a diagram at least every ``every`` moves as well as at the game's milestones."""
    kind = output_kind(output)
    if kind == "pdf":
        check_writable(output)
    if kind == "pdf" and dpi is not None:
        raise InputError("--dpi applies to PNG output only; a PDF is drawn as vectors")
    if dpi is not None and not (0 < dpi <= 2400):
        raise InputError(f"--dpi {dpi:g}: give a resolution from 1 to 2400 dots per inch")
    every = DEFAULT_EVERY if every is None else every
    if every < 0:
        raise InputError(f"--every {every}: give 0 (milestones only) or a number of moves")

    grade = None
    if len(args) == 1:
        if solution_path:
            raise InputError("give a solution file or --solution, not both")
        if args[0].strip().lower() in GAMES and not Path(args[0]).exists():
            raise InputError(f"give {args[0]} a deal NUMBER (e.g. {args[0]} 1), or a solution file")
        solution = read_played(args[0], rules)  # (--rules apply where the file leaves the rule set open)
        game = get_game(solution.game)
        if rules is not None and game.check_rules(rules) != solution.rules:
            raise InputError(f"{args[0]}: this solution is played under '{solution.rules}' rules, not '{rules}'")
    elif len(args) == 2:
        game = get_game(args[0])
        number = parse_deal_number(args[1])
        game.check_rules(rules)
        renderer(game)
        solution, _ = load_solution(game, number, rules, solution_path)
        if solution is None:
            solution, grade = solve_for(game, number, rules, need_moves=True)
    else:
        raise InputError("give GAME NUMBER (e.g. penguin 1) or a solution file")
    renderer(game)

    wt = build_walkthrough(solution, every=every, grade=grade)  # refuses one that does not verify
    if kind == "pdf":
        from ..render.pdf import walkthrough_pdf_bytes

        data, diagrams = walkthrough_pdf_bytes(wt, mono, page)
        write_atomic(output, data)
        return Written(f"wrote {output}: {wt.moves} moves, {diagrams} diagram{'s' if diagrams != 1 else ''}")
    from ..render.png import DEFAULT_DPI, MAX_SIDE, fitting_dpi, legibility_note, png_bytes
    from ..render.walkthrough import png_stem, walkthrough_pngs

    images, lowered = {}, []
    scenes = walkthrough_pngs(wt, mono)
    hint = legibility_note(next(iter(scenes.values())), dpi)  # the diagrams' type, at the --dpi asked
    for name, scene in scenes.items():
        used = fitting_dpi(scene, dpi)  # a long record's overview is too tall for the asked resolution
        if used < (dpi or DEFAULT_DPI):
            lowered.append(f"{name} at {used:g} dpi")
        images[name] = png_bytes(scene, dpi=used)
    write_files(output, images)  # all drawn before the first is written
    # checkpoint images of an earlier run of this deal (another --every, another solution) would
    # read as part of this one: once this set is written, they go
    pattern = re.compile(rf"{re.escape(png_stem(wt))}-move-\d+\.png")
    stale = [p for p in Path(output).iterdir() if pattern.fullmatch(p.name) and p.name not in images and p.is_file()]
    for path in stale:
        path.unlink(missing_ok=True)
    count = len(wt.checkpoints)
    return Written(f"wrote {len(images)} images to {output}: {count} checkpoint{'s' if count != 1 else ''} and an overview"
                   + (f" ({', '.join(lowered)}, to stay within {MAX_SIDE} pixels a side)" if lowered else "")
                   + (f"; removed {len(stale)} checkpoint image{'s' if len(stale) != 1 else ''} of an earlier run"
                      if stale else ""), hint or None)
