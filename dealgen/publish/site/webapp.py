"""What makes the daily site an installable web app that plays offline: the manifest, its icons
and the service worker (its code is dealgen/data/site/sw.js; the lines written above it name the
cache after the assets' contents and list what to keep at the first visit).

A service worker runs only for pages served over http(s); a site opened from disk plays without
one (the pages load nothing but their own folder's files).
"""

from __future__ import annotations

import hashlib
import io
import json

from PIL import Image, ImageDraw, ImageFont

from ...render.fonts import FONT_FILES
from ..kit.theme import Theme, hex_colour
from .style import palette


def icon_name(side: int) -> str:
    return f"assets/icon-{side}.png"


def manifest(theme: Theme, sides: tuple[int, ...]) -> str:
    light = palette(theme, "light")
    data = {"name": theme.site_name, "short_name": theme.site_name[:12], "start_url": "index.html", "scope": "./",
            "display": "standalone", "background_color": hex_colour(light["ground"]),
            "theme_color": hex_colour(light["ground"]),
            "description": "A card-solitaire puzzle every day, to play in the browser.",
            "icons": [{"src": icon_name(side), "sizes": f"{side}x{side}", "type": "image/png", "purpose": "any"}
                      for side in sides]}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def icon_png(theme: Theme, side: int) -> bytes:
    """The app's icon: the theme's logo on its ground, or a card with a spade."""
    colours = palette(theme, "light")
    ground = tuple(round(c * 255) for c in colours["ground"])
    image = Image.new("RGB", (side, side), ground)  # type: ignore[arg-type]
    if theme.logo is not None:
        logo = Image.open(io.BytesIO(theme.logo)).convert("RGBA")
        logo.thumbnail((side * 7 // 10, side * 7 // 10))
        image.paste(logo, ((side - logo.width) // 2, (side - logo.height) // 2), logo)
    else:
        draw = ImageDraw.Draw(image)
        w, h = side * 0.5, side * 0.68
        box = ((side - w) / 2, (side - h) / 2, (side + w) / 2, (side + h) / 2)
        edge = tuple(round(c * 255) for c in colours["ink"])
        draw.rounded_rectangle(box, radius=side * 0.05, fill=(255, 255, 255), outline=edge,  # type: ignore[arg-type]
                               width=max(2, side // 96))
        font = ImageFont.truetype(str(FONT_FILES[True]), round(side * 0.4))
        draw.text((side / 2, side / 2), "\u2660", font=font, anchor="mm", fill=(20, 20, 25))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def service_worker(files: dict[str, bytes], code: str) -> str:
    """sw.js: ``code`` under the cache's name (from every shared file's bytes) and the list of
    files kept at the first visit (the index and the assets)."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name] + b"\0")
    keep = ["index.html"] + sorted(name for name in files if name.startswith("assets/") and
                                         not name.endswith(".toml"))
    return (f"var CACHE = \"dealgen-{digest.hexdigest()[:16]}\";\nvar ASSETS = {json.dumps(keep)};\n" + code)
