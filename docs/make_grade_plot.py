"""Draw docs/img/grade-vs-play.png: each deal's grade percentile against how often the
person-like players won it, from a report of ``dealgen calibrate --validate``.

    dealgen calibrate penguin --rules parlett --validate --deals 1-1000 -o /tmp/check.json
    python docs/make_grade_plot.py /tmp/check.json [--out docs/img/grade-vs-play.png]

One dot a deal (fresh games, not the ones inside the grade), the four bands shaded, and each
band's win rate as a bar across it. Pillow and the bundled DejaVu font only; nothing random, so
the same report gives the same picture.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from dealgen.grade import BANDS
from dealgen.render.fonts import FONT_FILES
from dealgen.solve.people import GAMES

W, H = 1000, 560
LEFT, RIGHT, TOP, BOTTOM = 90, 30, 60, 80
SHADES = {"easy": (232, 244, 232), "medium": (246, 243, 226), "hard": (248, 233, 222), "expert": (244, 226, 230)}
DOT, BAR, INK, GRID = (40, 90, 160), (190, 40, 40), (30, 30, 30), (200, 200, 200)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", help="the JSON report of dealgen calibrate --validate -o")
    parser.add_argument("--out", default=str(Path(__file__).parent / "img" / "grade-vs-play.png"))
    args = parser.parse_args()
    report = json.loads(Path(args.report).read_text(encoding="utf-8"))
    font = ImageFont.truetype(str(FONT_FILES[False]), 17)
    bold = ImageFont.truetype(str(FONT_FILES[True]), 19)
    image = Image.new("RGB", (W, H), "white")
    draw = ImageDraw.Draw(image)
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x_of(pct: float) -> float:
        return LEFT + pw * pct / 100

    def y_of(rate: float) -> float:
        return TOP + ph * (1 - rate)

    cuts = [0.0, *BANDS, 100.0]
    for band, lo, hi in zip(report["bands"], cuts, cuts[1:]):
        draw.rectangle([x_of(lo), TOP, x_of(hi), TOP + ph], fill=SHADES[band["grade"]])
        draw.text(((x_of(lo) + x_of(hi)) / 2, TOP + 6), band["grade"], font=font, fill=INK, anchor="mt")
    for k in range(0, 11, 2):
        y = y_of(k / 10)
        draw.line([LEFT, y, LEFT + pw, y], fill=GRID)
        draw.text((LEFT - 8, y), f"{k * 10}%", font=font, fill=INK, anchor="rm")
    for pct in range(0, 101, 20):
        draw.text((x_of(pct), TOP + ph + 8), f"{pct}", font=font, fill=INK, anchor="mt")
    for deal in report["per_deal"]:  # dots, nudged apart a little within a deal's own row of games
        rate = 1 - deal["players_lost"] / GAMES
        x, y = x_of(deal["percentile"]), y_of(rate) + ((deal["deal"] * 7) % 9 - 4) * 0.6
        draw.ellipse([x - 2.5, y - 2.5, x + 2.5, y + 2.5], fill=DOT)
    for band, lo, hi in zip(report["bands"], cuts, cuts[1:]):
        if band["deals"]:
            y = y_of(band["win_rate"])
            draw.line([x_of(lo) + 3, y, x_of(hi) - 3, y], fill=BAR, width=4)
            draw.text((x_of(hi) - 6, y - 4), f"{100 * band['win_rate']:.0f}%", font=bold, fill=BAR, anchor="rb")
    draw.rectangle([LEFT, TOP, LEFT + pw, TOP + ph], outline=INK)
    low, high = report["spearman_ci95"]
    draw.text((LEFT, 18), f"{report['game'].capitalize()}, {report['rules']}, deals {report['validated_on']}: "
              f"Spearman {report['spearman']:.2f} (95% {low:.2f} to {high:.2f})", font=bold, fill=INK)
    draw.text((LEFT + pw / 2, H - 30), "grade percentile (harder to the right)", font=font, fill=INK, anchor="mm")
    draw.text((14, TOP + ph / 2 - 12), "games", font=font, fill=INK, anchor="lm")
    draw.text((14, TOP + ph / 2 + 12), "won", font=font, fill=INK, anchor="lm")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    image.quantize(64).save(out, optimize=True)
    print(f"{out}: {out.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
