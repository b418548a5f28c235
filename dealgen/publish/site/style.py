"""The daily site's colours, light and dark, as the custom properties site.css reads (theme.css).

A page follows the reader's ``prefers-color-scheme`` unless they chose with the page's switch
(``data-theme`` on the root). The light colours are the theme's; the dark ones are the theme's
when its ground is dark already, else dealgen's dark ground with the theme's accent lightened
to read on it. Every colour text is set in is brought to WCAG AA against every ground it sits on
(4.5:1, ``readable``), so a theme that passes for images (3:1 for its large accent) passes on
the site too; tests/test_site.py checks the ratios of every pair.
"""

from __future__ import annotations

from ..kit.theme import Colour, Theme, contrast, hex_colour, mix

AA = 4.5  # WCAG AA for body text


def rgb(text: str) -> Colour:
    return (int(text[1:3], 16) / 255, int(text[3:5], 16) / 255, int(text[5:7], 16) / 255)


# The card table and the cards, under each scheme: not the theme's (cards look like cards).
TABLE = {
    "light": {"table": "#e9efe9", "table-ink": "#4a4f52", "face": "#ffffff", "edge": "#6b6b72", "red": "#c8102e",
              "black": "#141419", "clubs": "#17702a", "diamonds": "#1652b8", "beak": "#fff0b8", "beak-edge": "#e08a00",
              "run": "#e4efff", "slot": "#f2f4f2", "slot-ink": "#4f544f", "chip": "#141419", "chip-ink": "#ffffff",
              "done": "#2b7a2b", "choice": "#1c4d8c", "back": "#34508a", "back-2": "#2c4578"},
    "dark": {"table": "#1d2a22", "table-ink": "#b9c4bc", "face": "#e9e7e1", "edge": "#8a8f96", "red": "#b3102a",
             "black": "#141419", "clubs": "#165f25", "diamonds": "#1548a3", "beak": "#f1d98a", "beak-edge": "#f0a020",
             "run": "#c9d8f2", "slot": "#2a3830", "slot-ink": "#c3cdc5", "chip": "#0b0d0f", "chip-ink": "#ffffff",
             "done": "#5fbf5f", "choice": "#8cb8ff", "back": "#3b5a99", "back-2": "#2f4a80"},
}
DARK_GROUND, DARK_INK = rgb("#121417"), rgb("#e6e6e8")
DARK_ACCENT = rgb("#8ab4f8")  # dealgen's own accent in the dark: its light blue, not a greyed navy
# Text and the grounds it is set on, for the contrast check (and the test).
TEXT_PAIRS = (("ink", "ground"), ("ink", "panel"), ("muted", "ground"), ("muted", "panel"), ("accent", "ground"),
              ("accent", "panel"), ("table-ink", "table"), ("slot-ink", "slot"), ("chip-ink", "chip"),
              *((ink, ground) for ink in ("red", "black", "clubs", "diamonds") for ground in ("face", "beak", "run")))


def readable(colour: Colour, ground: Colour, towards: Colour, least: float = AA) -> Colour:
    """``colour``, moved towards ``towards`` (the scheme's text colour) only as far as it takes to
    read on ``ground``."""
    for step in range(21):
        moved = mix(colour, towards, step / 20)
        if contrast(moved, ground) >= least:
            return moved
    return towards


def dark_ground(colour: Colour) -> bool:
    return contrast(colour, (0.0, 0.0, 0.0)) < contrast(colour, (1.0, 1.0, 1.0))


def palette(theme: Theme, scheme: str) -> dict[str, Colour]:
    """Every colour of the site under ``scheme`` ("light" or "dark")."""
    ground, ink, accent = theme.background, theme.text, theme.accent
    if scheme == "dark" and not dark_ground(ground):
        ground, ink = DARK_GROUND, DARK_INK
        accent = DARK_ACCENT if accent == Theme().accent else readable(accent, ground, (1.0, 1.0, 1.0))
    panel = mix(ground, ink, 0.06)
    colours = {"ground": ground, "ink": ink, "panel": panel, "line": mix(ink, ground, 0.75)}
    for name, base in (("accent", accent), ("muted", mix(ink, ground, 0.3))):
        colours[name] = readable(readable(base, ground, ink), panel, ink)
    colours.update({name: rgb(value) for name, value in TABLE[scheme].items()})
    return colours


def css_block(colours: dict[str, Colour]) -> str:
    return "".join(f"  --{name}: {hex_colour(c)};\n" for name, c in colours.items())


def theme_css(theme: Theme) -> str:
    """theme.css: the light colours, the dark ones under the reader's dark scheme unless they chose
    light, and under their choice of dark."""
    light, dark = css_block(palette(theme, "light")), css_block(palette(theme, "dark"))
    return (f":root {{\n  color-scheme: light;\n{light}}}\n"
            f"@media (prefers-color-scheme: dark) {{\n  :root:not([data-theme=\"light\"]) {{\n  color-scheme: dark;\n"
            f"{dark}  }}\n}}\n"
            f":root[data-theme=\"dark\"] {{\n  color-scheme: dark;\n{dark}}}\n")
