"""A publisher's look: site name and address, colours and an optional logo, from a TOML file.

    name = "Penguin a Day"                 # required: printed on every image and page
    url = "https://example.org/penguin/"   # optional: printed on images, links in the feed
    logo = "logo.png"                      # optional: a PNG in this file's folder (nothing outside it)
    [colours]                              # optional, each "#rrggbb" or "#rgb"
    background = "#0e3b43"                 # the images' and pages' ground
    text = "#ffffff"                       # titles and text on it
    accent = "#f4c95d"                     # the day's question, links

Every key is checked as layouts' are: an unknown or ill-formed one is named with its file and
what is allowed. Text and the question must stand out from the ground (WCAG contrast: 4.5:1
for text, 3:1 for the accent, which is set large), or nobody reads them in a feed.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ...errors import InputError, did_you_mean
from ...fileio import read_bytes, read_toml

Colour = tuple[float, float, float]
KEYS = ("name", "url", "logo", "colours.background", "colours.text", "colours.accent")
MAX_NAME = 60  # characters: it has to fit a line of an image
MAX_LOGO_BYTES = 2_000_000
MAX_LOGO_SIDE = 4000
TEXT_CONTRAST, ACCENT_CONTRAST = 4.5, 3.0


@dataclass(frozen=True)
class Theme:
    name: str = ""  # empty: no branding (dealgen's plain look)
    url: str = ""
    background: Colour = (1.0, 1.0, 1.0)
    text: Colour = (0.08, 0.08, 0.1)
    accent: Colour = (0.11, 0.3, 0.55)
    logo: bytes | None = None  # PNG
    logo_size: tuple[int, int] = (0, 0)  # pixels
    source: str = ""

    logo_grey: bool = False  # the logo is in greys (``in_greys``)

    def in_greys(self) -> "Theme":
        """The theme for a mono image: each colour as the grey of its lightness, the logo in greys."""
        from dataclasses import replace

        from ...render.png import grey_png

        def grey(c: Colour) -> Colour:
            level = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
            return (level, level, level)

        logo = grey_png(self.logo) if self.logo is not None else None
        return replace(self, background=grey(self.background), text=grey(self.text), accent=grey(self.accent),
                       logo=logo, logo_grey=True)

    @property
    def branded(self) -> bool:
        return bool(self.name)

    @property
    def muted(self) -> Colour:
        """The text colour halfway to the ground: secondary lines."""
        return mix(self.text, self.background, 0.3)

    @property
    def site_name(self) -> str:
        return self.name or "Daily deals"

    @property
    def host(self) -> str:
        """The address as printed on an image: no scheme, no trailing slash."""
        return re.sub(r"^https?://", "", self.url).rstrip("/")


DEFAULT = Theme()


def theme_toml(theme: Theme, logo_name: str = "logo.png") -> str:
    """The theme as a file ``load_theme`` reads back (its logo saved as ``logo_name`` beside it)."""
    def quoted(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = ["# the site's theme, kept so that later runs without --theme keep its look", f"name = {quoted(theme.name)}"]
    if theme.url:
        lines.append(f"url = {quoted(theme.url)}")
    if theme.logo is not None:
        lines.append(f"logo = {quoted(logo_name)}")
    lines += ["[colours]"] + [f'{key} = "{hex_colour(getattr(theme, key))}"' for key in ("background", "text", "accent")]
    return "\n".join(lines) + "\n"


def hex_colour(colour: Colour) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour)


def mix(a: Colour, b: Colour, share: float) -> Colour:
    """``a`` moved ``share`` of the way to ``b``."""
    return tuple(x + (y - x) * share for x, y in zip(a, b))  # type: ignore[return-value]


def contrast(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    def luminance(c: Colour) -> float:
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _colour(value: Any, where: str) -> Colour:
    text = value if isinstance(value, str) else ""
    match = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", text.strip())
    if not match:
        raise InputError(f"{where} must be a colour written \"#rrggbb\" or \"#rgb\" (e.g. \"#0e3b43\"), got {value!r}")
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return tuple(int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _site_url(url: str, path: Path) -> str:
    """The site's folder address, ending in "/" (pages are named relative to it); "" when none."""
    if not url:
        return ""
    parts = urlsplit(url)
    example = "e.g. \"https://example.org/daily/\""
    if parts.scheme not in ("http", "https") or not parts.hostname or "." not in parts.hostname.strip("."):
        raise InputError(f"{path}: 'url' must be the site's address starting http:// or https://, {example}; "
                         f"got {url!r}")
    if parts.query or parts.fragment or " " in url:
        raise InputError(f"{path}: 'url' must be the site's folder address, without ?query, #fragment or spaces, "
                         f"{example}; got {url!r}")
    if not url.endswith("/"):
        if "." in parts.path.rsplit("/", 1)[-1]:
            raise InputError(f"{path}: 'url' names a file; give the folder the site is served from, {example}; "
                             f"got {url!r}")
        url += "/"
    return url


def load_theme(path_text: str) -> Theme:
    """The theme in the TOML file ``path_text``; InputError names the file, the key and what is allowed."""
    path = Path(path_text)
    if not path.exists():
        raise InputError(f"theme file '{path_text}' does not exist")
    flat = _flatten(read_toml(path, "theme file", "the theme"))
    unknown = sorted(set(flat) - set(KEYS))
    if unknown:
        hint = " (colours go in a [colours] table)" if any(k in ("background", "text", "accent") for k in unknown) else ""
        raise InputError(f"{path}: unknown key(s) {', '.join(unknown)}{hint or did_you_mean(unknown[0], KEYS)}; "
                         f"allowed: {', '.join(KEYS)}")
    for key in ("name", "url", "logo"):
        if key in flat and not isinstance(flat[key], str):
            raise InputError(f"{path}: '{key}' must be text in quotes, got {flat[key]!r}")
    for key in ("name", "url"):
        odd = next((ch for ch in flat.get(key, "") if unprintable(ch)), None)
        if odd is not None:
            raise InputError(f"{path}: '{key}' holds the control character U+{ord(odd):04X}; give printable text "
                             f"(it is printed on images and written into the site's pages and feed)")
    name = " ".join(flat.get("name", "").split())
    if not name:
        raise InputError(f"{path}: missing key 'name' (the site's name, printed on every image and page), "
                         f"e.g. name = \"Penguin a Day\"")
    if len(name) > MAX_NAME:
        raise InputError(f"{path}: 'name' must be at most {MAX_NAME} characters, to fit a line of an image; "
                         f"got {len(name)}")
    url = _site_url(flat.get("url", "").strip(), path)
    colours = {key: _colour(flat[f"colours.{key}"], f"{path}: 'colours.{key}'")
               for key in ("background", "text", "accent") if f"colours.{key}" in flat}
    theme = Theme(name=name, url=url, source=str(path), **colours)
    for key, least in (("text", TEXT_CONTRAST), ("accent", ACCENT_CONTRAST)):
        ratio = contrast(getattr(theme, key), theme.background)
        if ratio < least:
            raise InputError(f"{path}: 'colours.{key}' {hex_colour(getattr(theme, key))} on the background "
                             f"{hex_colour(theme.background)} has a contrast of {ratio:.1f}:1; at least {least:g}:1 "
                             f"is needed to read it (WCAG): choose a lighter or darker colour")
    if "logo" in flat:
        theme = _with_logo(theme, path, flat["logo"])
    return theme


def unprintable(ch: str) -> bool:
    """Whether a character may not stand in published text: a control character (XML 1.0
    refuses them, so one in a feed breaks it), a lone surrogate, a line or paragraph separator,
    or one of the two non-characters."""
    return unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") and ch not in "\t\n\r" or ch in "\ufffe\uffff"


def _with_logo(theme: Theme, path: Path, value: str) -> Theme:
    from dataclasses import replace

    from ...render.png import png_size

    folder = path.parent
    logo = folder / value
    within = os.path.realpath(folder)
    if Path(value).is_absolute() or os.path.commonpath([within, os.path.realpath(logo)]) != within:
        raise InputError(f"{path}: 'logo' {value!r} is outside the theme file's folder; put the logo beside the theme "
                         f"file (or in a folder within it) and name it relative to it, e.g. logo = \"logo.png\"")
    if not logo.is_file():
        raise InputError(f"{path}: 'logo' names {logo}, which is not a file (a PNG, named relative to the theme file)")
    data = read_bytes(logo, "logo")
    if len(data) > MAX_LOGO_BYTES:
        raise InputError(f"{path}: 'logo' {logo} is {len(data):,} bytes; at most {MAX_LOGO_BYTES:,} (it is drawn "
                         f"a few hundred pixels wide)")
    size = png_size(data, f"{path}: 'logo' {logo}")
    if max(size) > MAX_LOGO_SIDE:
        raise InputError(f"{path}: 'logo' {logo} is {size[0]}x{size[1]} pixels; at most {MAX_LOGO_SIDE} on a side")
    return replace(theme, logo=data, logo_size=size)
