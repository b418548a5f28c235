"""The bundled typeface (DejaVu Sans, see data/fonts/LICENSE-DejaVu.txt) and its metrics.

Scenes are laid out before any back end runs, so text widths come from the TrueType
file itself (a minimal reader of the cmap, hmtx, head and OS/2 tables) rather than from
Pillow or reportlab. Both back ends then draw the same file, so the layout holds in each.
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
FONT_FILES = {False: FONT_DIR / "DejaVuSans.ttf", True: FONT_DIR / "DejaVuSans-Bold.ttf"}
# Names under which the PDF back end registers the files (also usable in platypus markup).
PDF_NAMES = {False: "DejaVuSans", True: "DejaVuSans-Bold"}
FAMILY = "DejaVu Sans"


class FontMetrics:
    """Advance widths, cap height, ascent and descent of one TrueType file (in em units)."""

    def __init__(self, path: Path) -> None:
        data = path.read_bytes()
        num_tables = struct.unpack_from(">H", data, 4)[0]
        tables = {}
        for i in range(num_tables):
            tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            tables[tag.decode("latin-1")] = (offset, length)
        head = tables["head"][0]
        self.units = struct.unpack_from(">H", data, head + 18)[0]
        hhea = tables["hhea"][0]
        ascent, descent = struct.unpack_from(">hh", data, hhea + 4)
        self.ascent = ascent / self.units
        self.descent = -descent / self.units  # positive: how far glyphs go below the baseline
        n_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        hmtx = tables["hmtx"][0]
        self._advances = [struct.unpack_from(">H", data, hmtx + 4 * i)[0] for i in range(n_metrics)]
        os2 = tables["OS/2"][0]
        version = struct.unpack_from(">H", data, os2)[0]
        self.cap_height = (struct.unpack_from(">h", data, os2 + 88)[0] / self.units) if version >= 2 else 0.73
        self._cmap = self._read_cmap(data, tables["cmap"][0])

    @staticmethod
    def _read_cmap(data: bytes, cmap: int) -> dict[int, int]:
        """Code point -> glyph id from the Windows Unicode BMP (3, 1, format 4) subtable."""
        count = struct.unpack_from(">H", data, cmap + 2)[0]
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            sub = cmap + offset
            if (platform, encoding) == (3, 1) and struct.unpack_from(">H", data, sub)[0] == 4:
                break
        else:
            raise ValueError("font has no Unicode BMP cmap")
        segs = struct.unpack_from(">H", data, sub + 6)[0] // 2
        ends = struct.unpack_from(f">{segs}H", data, sub + 14)
        starts_at = sub + 16 + 2 * segs
        starts = struct.unpack_from(f">{segs}H", data, starts_at)
        deltas = struct.unpack_from(f">{segs}h", data, starts_at + 2 * segs)
        ranges_at = starts_at + 4 * segs
        ranges = struct.unpack_from(f">{segs}H", data, ranges_at)
        table: dict[int, int] = {}
        for i in range(segs):
            for code in range(starts[i], ends[i] + 1):
                if code == 0xFFFF:
                    continue
                if ranges[i] == 0:
                    glyph = (code + deltas[i]) & 0xFFFF
                else:
                    at = ranges_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                    glyph = struct.unpack_from(">H", data, at)[0]
                    if glyph:
                        glyph = (glyph + deltas[i]) & 0xFFFF
                if glyph:
                    table[code] = glyph
        return table

    def advance(self, char: str) -> float:
        glyph = self._cmap.get(ord(char), 0)
        return self._advances[min(glyph, len(self._advances) - 1)] / self.units

    def width(self, text: str, size: float) -> float:
        return sum(self.advance(ch) for ch in text) * size

    def has(self, char: str) -> bool:
        return ord(char) in self._cmap


@lru_cache(maxsize=None)
def metrics(bold: bool = False) -> FontMetrics:
    return FontMetrics(FONT_FILES[bold])


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width in points of ``text`` set at ``size`` points (no kerning, as both back ends draw it)."""
    return metrics(bold).width(text, size)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to lines no wider than ``width`` points (a long word gets its own line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and text_width(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
