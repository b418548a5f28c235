"""Page presets for books, read from TOML files in ``layouts/``.

A preset names the trim size, mirrored margins (inside = the binding side), optional
bleed, puzzles per page, colour or mono, and type sizes. Users add presets by dropping a
file into ``layouts/`` (of the current folder or of dealgen's source tree) or by giving
a path; every key is checked, and a missing or wrong key is named with its file.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import InputError, did_you_mean
from ...fileio import read_toml
from ...render.fonts import FAMILY

UNITS = {"pt": 1.0, "in": 72.0, "mm": 72 / 25.4, "cm": 72 / 2.54}
PRESET_DIRS = (Path("layouts"), Path(__file__).resolve().parents[3] / "layouts")  # the current folder, the source tree

# key -> (kind, required); kinds: length, int, number, str, bool
SCHEMA: dict[str, tuple[str, bool]] = {
    "name": ("str", False),
    "description": ("str", False),
    "page.width": ("length", True),
    "page.height": ("length", True),
    "page.bleed": ("length", False),
    "page.bleed_binding": ("bool", False),  # false: no bleed on the binding edge (Amazon KDP's interiors)
    "margins.inside": ("length", True),
    "margins.outside": ("length", True),
    "margins.top": ("length", True),
    "margins.bottom": ("length", True),
    "puzzles.per_page": ("int", True),
    "style.mono": ("bool", False),
    "fonts.family": ("str", False),
    "fonts.body": ("number", True),
    "fonts.heading": ("number", True),
    "fonts.title": ("number", True),
}


# the optional keys (a missing name is the file's own)
DEFAULTS: dict[str, Any] = {"description": "", "page.bleed": 0.0, "page.bleed_binding": True, "style.mono": False,
                            "fonts.family": FAMILY}
SAFE_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,39}")
KIND_HINTS = {"length": 'a length such as "0.5in", "12mm" or "36pt"', "int": "a whole number",
              "number": "a number of points", "str": "text", "bool": "true or false"}
FONT_RANGES = {"fonts.body": (7.0, 20.0), "fonts.heading": (8.0, 36.0), "fonts.title": (10.0, 60.0)}
# the largest page PDF readers accept (200 in, Acrobat's limit), and a bleed well past any printer's 0.125 in
LENGTH_MAX = {"page.width": 14400.0, "page.height": 14400.0, "page.bleed": 72.0}
LENGTH_MIN = {"page.width": 144.0, "page.height": 144.0}  # the text area alone needs 2in each way
# Trimming is not exact: nothing is printed nearer the trim than this (Amazon KDP's least margins:
# 0.375in on a page with bleed, 0.25in without); the running foot sits in the bottom margin above it.
SAFE_BLEED, SAFE_PLAIN = 27.0, 18.0
SMALL_SCALE = 0.85  # small type (running foot, notes, page references), of the body's size
SMALL_MIN = FONT_RANGES["fonts.body"][0]  # ... but never under the body's own least size


@dataclass(frozen=True)
class Layout:
    """A page preset; all lengths in points."""

    name: str
    description: str
    width: float
    height: float
    bleed: float
    inside: float
    outside: float
    top: float
    bottom: float
    per_page: int
    mono: bool
    font: str
    body_size: float
    heading_size: float
    title_size: float
    source: str = ""
    bleed_binding: bool = True  # bleed on the binding edge too (else on the top, bottom and outside only)

    @property
    def page_width(self) -> float:
        """The PDF page's width: the trim and its bleed."""
        return self.width + self.bleed * (2 if self.bleed_binding else 1)

    @property
    def page_height(self) -> float:
        return self.height + 2 * self.bleed

    @property
    def safe(self) -> float:
        """How far inside the trim everything printed stays."""
        return SAFE_BLEED if self.bleed else SAFE_PLAIN

    @property
    def small_size(self) -> float:
        return max(SMALL_MIN, self.body_size * SMALL_SCALE)

    def foot_baseline(self) -> float:
        """The running foot's baseline above the trim's bottom: mid-margin, or higher where
        that would put its descenders in the unsafe strip."""
        return max(self.bottom / 2 - self.small_size / 3, self.safe + 0.25 * self.small_size)

    def trim_left(self, page_number: int) -> float:
        """Where the trim starts across the PDF page: after the bleed, unless the bleed is on the
        outside edge only and this is a right-hand (odd) page, whose binding edge is on the left."""
        return 0.0 if not self.bleed_binding and page_number % 2 == 1 else self.bleed

    def frame(self, page_number: int) -> tuple[float, float, float, float]:
        """The text area (x, y, width, height) of a page, in trimmed-page coordinates.
        Odd pages are right-hand pages, whose inside margin is on the left."""
        left = self.inside if page_number % 2 == 1 else self.outside
        return (left, self.bottom, self.width - self.inside - self.outside, self.height - self.top - self.bottom)


def parse_length(value: Any, where: str) -> float:
    """``"6in"``, ``"148mm"``, ``"1.5cm"``, ``"36pt"`` or a bare number of points."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        points = float(value)
    else:
        match = re.fullmatch(r"\s*(-?[0-9]*\.?[0-9]+)\s*(pt|in|mm|cm)\s*", str(value))
        if not match:
            raise InputError(f"{where} must be a length such as \"6in\", \"148mm\", \"1.5cm\" or \"36pt\", got {value!r}")
        points = float(match.group(1)) * UNITS[match.group(2)]
    if points < 0:
        raise InputError(f"{where} must not be negative, got {value!r}")
    return points


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = value
    return out


def find_preset(name_or_path: str) -> Path:
    """The preset file for a name (``a5``) or a path (``my/book.toml``)."""
    candidate = Path(name_or_path)
    if candidate.suffix.lower() == ".toml" or "/" in name_or_path:
        if not candidate.exists():  # a folder or a device is named by read_text
            raise InputError(f"layout file '{name_or_path}' does not exist")
        return candidate
    for folder in PRESET_DIRS:
        for name in dict.fromkeys((name_or_path.strip(), name_or_path.strip().lower())):  # as given, then "A5" as a5
            path = folder / f"{name}.toml"
            if path.is_file():
                return path
    raise InputError(f"unknown layout '{name_or_path}'{did_you_mean(name_or_path, preset_names())}: use one of "
                     f"{', '.join(preset_names())} or a path to a .toml file")


def _bare_hint(value: Any, least: float) -> str:
    """For a length refused as too small: the hint, where a bare number read as inches would pass."""
    if isinstance(value, str) or value * 72 < least:
        return ""
    return f" (a bare number is points: write \"{value}in\" for inches)"


def _name_from(stem: str) -> str:
    """A layout's name when its file gives none: the file's, in the characters a name allows."""
    return re.sub(r"[^A-Za-z0-9._-]+", "-", stem).lstrip(".")[:40] or "custom"


def preset_names() -> list[str]:
    names: set[str] = set()
    for folder in PRESET_DIRS:
        if folder.is_dir():
            names.update(p.stem for p in folder.glob("*.toml"))
    return sorted(names)


def load_layout(name_or_path: str) -> Layout:
    path = find_preset(name_or_path)
    data = read_toml(path, "layout file", "the layout")  # UTF-8, a byte-order mark dropped, UTF-16 named
    flat = _flatten(data)
    unknown = sorted(set(flat) - set(SCHEMA))
    if unknown:
        raise InputError(f"{path}: unknown key(s) {', '.join(unknown)}{did_you_mean(unknown[0], SCHEMA)}; allowed: "
                         f"{', '.join(SCHEMA)}")
    values: dict[str, Any] = {}
    for key, (kind, required) in SCHEMA.items():
        where = f"{path}: '{key}'"
        if key not in flat:
            if required:
                raise InputError(f"{path}: missing key '{key}' ({KIND_HINTS[kind]}); the presets in layouts/ "
                                 f"show every key")
            values[key] = _name_from(path.stem) if key == "name" else DEFAULTS[key]
            continue
        value = flat[key]
        if kind == "length":
            values[key] = parse_length(value, where)
            if values[key] > LENGTH_MAX.get(key, math.inf):
                raise InputError(f"{where} must be at most {LENGTH_MAX[key] / 72:g}in, got {value!r}")
            if values[key] < LENGTH_MIN.get(key, 0.0):
                raise InputError(f"{where} must be at least {LENGTH_MIN[key] / 72:g}in, got {value!r}"
                                 f"{_bare_hint(value, LENGTH_MIN[key])}")
        elif kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise InputError(f"{where} must be a whole number, got {value!r}")
            values[key] = value
        elif kind == "number":
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value < math.inf:
                raise InputError(f"{where} must be a positive number (points), got {value!r}")
            values[key] = float(value)
        elif kind == "bool":
            if not isinstance(value, bool):
                raise InputError(f"{where} must be true or false, got {value!r}")
            values[key] = value
        else:
            if not isinstance(value, str):
                raise InputError(f"{where} must be text, got {value!r}")
            values[key] = value
    if not SAFE_NAME.fullmatch(values["name"]):  # it names the book's file: no folders, nothing hidden
        raise InputError(f"{path}: 'name' must be letters, digits, '-', '_' or '.' (not first), at most 40, as it "
                         f"becomes part of the book's file name; got {values['name']!r}")
    if values["fonts.family"] != FAMILY:
        raise InputError(f"{path}: 'fonts.family' must be \"{FAMILY}\", the typeface dealgen bundles and embeds; "
                         f"got {values['fonts.family']!r}")
    for key, (low, high) in FONT_RANGES.items():  # outside these, text is illegible or overruns the furniture
        if not low <= values[key] <= high:
            raise InputError(f"{path}: '{key}' must be from {low:g} to {high:g} points, got {values[key]:g}")
    if values["puzzles.per_page"] not in (1, 2, 4):
        raise InputError(f"{path}: 'puzzles.per_page' must be 1, 2 or 4, got {values['puzzles.per_page']}")
    layout = Layout(
        name=values["name"], description=values["description"],
        width=values["page.width"], height=values["page.height"], bleed=values["page.bleed"],
        inside=values["margins.inside"], outside=values["margins.outside"],
        top=values["margins.top"], bottom=values["margins.bottom"],
        per_page=values["puzzles.per_page"], mono=values["style.mono"], font=values["fonts.family"],
        body_size=values["fonts.body"], heading_size=values["fonts.heading"], title_size=values["fonts.title"],
        source=str(path), bleed_binding=values["page.bleed_binding"],
    )
    for key in ("page.width", "page.height"):  # the bleed is part of the page a PDF reader opens
        if values[key] + 2 * layout.bleed > LENGTH_MAX[key]:
            raise InputError(f"{path}: '{key}' and twice 'page.bleed' must come to at most {LENGTH_MAX[key] / 72:g}in, "
                             f"the largest page PDF readers open; got {(values[key] + 2 * layout.bleed) / 72:g}in")
    need = {key: layout.safe for key in ("margins.inside", "margins.outside", "margins.top")}
    need["margins.bottom"] = layout.safe + 1.5 * layout.small_size  # the running foot and a gap above it
    for key, least in need.items():
        if values[key] < least:
            why = "with a bleed" if layout.bleed else "without a bleed"
            what = " (and room above that for the page numbers, which grow with fonts.body)" if key == "margins.bottom" else ""
            shown = math.ceil(least / 72 * 1000) / 1000  # rounded up: the figure given passes
            raise InputError(f"{path}: '{key}' must be at least {shown:g}in {why}, got {flat[key]!r}"
                             f"{_bare_hint(flat[key], least)}: trimming "
                             f"is not exact, and nothing is printed within {layout.safe / 72:g}in of the trim{what}")
    text_w = layout.width - layout.inside - layout.outside
    text_h = layout.height - layout.top - layout.bottom
    if text_w < 144 or text_h < 144:
        raise InputError(f"{path}: the margins leave a text area of {text_w:.0f} x {text_h:.0f} pt; at least 144 x 144 pt is needed")
    return layout
