"""The bundled typeface (DejaVu Sans, see data/fonts/LICENSE-DejaVu.txt) and its metrics.

Scenes are laid out before any back end runs, so text widths come from the TrueType
file itself, read with fontTools, rather than from Pillow or reportlab (game and scene
code must not load either). Both back ends then draw the same file, so the layout holds
in each.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
FONT_FILES = {False: FONT_DIR / "DejaVuSans.ttf", True: FONT_DIR / "DejaVuSans-Bold.ttf"}
# Names under which the PDF back end registers the files (also usable in platypus markup).
PDF_NAMES = {False: "DejaVuSans", True: "DejaVuSans-Bold"}
FAMILY = "DejaVu Sans"


class FontMetrics:
    """Advance widths, cap height, ascent and descent of one TrueType file, as fractions of the em."""

    def __init__(self, path: Path) -> None:
        # lazy=True: only the tables asked for below are parsed, not the glyph outlines
        with TTFont(str(path), lazy=True) as font:
            self.units = font["head"].unitsPerEm
            hhea = font["hhea"]
            self.ascent = hhea.ascent / self.units
            self.descent = -hhea.descent / self.units  # positive: how far glyphs go below the baseline
            os2 = font["OS/2"]
            cap = os2.sCapHeight if os2.version >= 2 else 0
            if not cap and "glyf" in font:  # DejaVu's OS/2 table (version 1) predates sCapHeight
                cap = font["glyf"]["H"].yMax
            self.cap_height = cap / self.units
            hmtx = font["hmtx"]
            # a character the font lacks is drawn as .notdef (glyph 0) by both back ends
            self._missing = hmtx[font.getGlyphOrder()[0]][0] / self.units
            self._advances = {code: hmtx[name][0] / self.units for code, name in font.getBestCmap().items()}

    def advance(self, char: str) -> float:
        return self._advances.get(ord(char), self._missing)

    def width(self, text: str, size: float) -> float:
        return sum(self.advance(ch) for ch in text) * size

    def has(self, char: str) -> bool:
        return ord(char) in self._advances


@lru_cache(maxsize=None)
def metrics(bold: bool = False) -> FontMetrics:
    return FontMetrics(FONT_FILES[bold])


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in points of ``text`` set at ``size`` points, as printed (no kerning, as both back
    ends draw it)."""
    return metrics(bold).width(printed(text), size)


_BREAKS = re.compile(r"[^\S\u00a0]+")  # whitespace, but not the no-break space


_OPENS = r"(?:^|(?<=[\s(\[{\u2013\u2014]))"  # a quote here opens: at the start, after a space or bracket


def printed(text: str) -> str:
    """``text`` as print sets it: typographic quotes and apostrophes (Parlett\u2019s, \u2018a\u2019,
    \u201ca\u201d), and "Pack \u2019n\u2019 Stack" held together by no-break spaces, as both
    our wrapping and reportlab's break only at spaces. Printing twice changes nothing."""
    if "'" not in text and '"' not in text:
        return text
    text = text.replace(" 'n' ", "\u00a0\u2019n\u2019\u00a0")  # the elided "and" holds two apostrophes
    text = re.sub(_OPENS + "'", "\u2018", text).replace("'", "\u2019")
    return re.sub(_OPENS + '"', "\u201c", text).replace('"', "\u201d")


def markup(text: str) -> str:
    """Plain ``text`` as reportlab paragraph markup: printed, then escaped."""
    return printed(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to lines no wider than ``width`` points (a long word gets its own line)."""
    lines: list[str] = []
    line = ""
    for word in _BREAKS.split(printed(text).strip()):
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
