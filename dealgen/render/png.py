"""Pillow back end: a scene to a PNG, at a print resolution or an exact pixel size.

Pillow does not antialias shapes, so the scene is drawn at a multiple of the target size
and reduced with a Lanczos filter. A scene whose colours are all greys becomes a
greyscale ("L") image, so a mono diagram holds no colour at all.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path as FilePath

from PIL import Image, ImageDraw, ImageFont

from ..errors import InputError
from ..fileio import write_atomic
from .fonts import FONT_FILES
from .scene import Color, Group, Line, Path, Picture, Rect, Scene, Text

DEFAULT_DPI = 300
MAX_PIXELS = 16_000_000  # cap on the supersampled canvas: 2x at print sizes, 3x for screen sizes
MAX_SIDE = 20_000
_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}


@lru_cache(maxsize=64)
def _font(bold: bool, px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_FILES[bold]), size=px, layout_engine=ImageFont.Layout.BASIC)


class _Painter:
    def __init__(self, image: Image.Image, grey: bool) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.grey = grey

    def colour(self, c: Color | None):
        if c is None:
            return None
        if self.grey:
            return round(c[0] * 255)
        return tuple(round(v * 255) for v in c)

    def scene(self, scene: Scene, ox: float, oy: float, s: float) -> None:
        """Draw ``scene`` with its (0, 0) at pixel (ox, oy), ``s`` pixels per point."""
        def px(x: float, y: float) -> tuple[float, float]:
            return (ox + x * s, oy + y * s)

        draw = self.draw
        for item in scene.basic():
            if isinstance(item, Rect):
                half = item.width / 2 if item.stroke else 0.0
                x0, y0 = px(item.x - half, item.y - half)
                x1, y1 = px(item.x + item.w + half, item.y + item.h + half)
                width = max(1, round(item.width * s)) if item.stroke else 0
                left, top = round(x0), round(y0)
                box = (left, top, max(left, round(x1) - 1), max(top, round(y1) - 1))  # at least a pixel
                if item.radius > 0:
                    draw.rounded_rectangle(box, radius=(item.radius + half) * s, fill=self.colour(item.fill),
                                           outline=self.colour(item.stroke), width=width)
                else:
                    draw.rectangle(box, fill=self.colour(item.fill), outline=self.colour(item.stroke), width=width)
            elif isinstance(item, Line):
                draw.line([px(item.x1, item.y1), px(item.x2, item.y2)], fill=self.colour(item.color),
                          width=max(1, round(item.width * s)))
            elif isinstance(item, Text):
                if item.size * s < 1:  # under a pixel high (a thumbnail at --dpi 1): FreeType cannot set it,
                    continue  # and nobody could read it
                draw.text(px(item.x, item.y), item.text, fill=self.colour(item.color),
                          font=_font(item.bold, item.size * s), anchor=_ANCHORS[item.anchor])
            elif isinstance(item, Path):
                for polygon in _flatten(item, px, s):
                    if item.fill is not None:
                        draw.polygon(polygon, fill=self.colour(item.fill))
                    if item.stroke is not None:
                        draw.line(polygon + polygon[:2], fill=self.colour(item.stroke),
                                  width=max(1, round(item.width * s)), joint="curve")
            elif isinstance(item, Picture):
                x0, y0 = px(item.x, item.y)
                box = (max(1, round(item.w * s)), max(1, round(item.h * s)))
                with Image.open(io.BytesIO(item.data)) as picture:
                    tile = picture.convert("RGBA").resize(box, Image.Resampling.LANCZOS)
                self.image.paste(tile.convert(self.image.mode), (round(x0), round(y0)), tile)
            elif isinstance(item, Group):
                gx, gy = px(item.x, item.y)
                self.scene(item.scene, gx, gy, s * item.scale)


def _flatten(path: Path, px, s: float) -> list[list[tuple[float, float]]]:
    """Each subpath as a polygon in pixels, curves cut finely enough for the scale."""
    polygons = []
    for start, segments in path.subpaths:
        pts = [px(*start)]
        x, y = start
        for seg in segments:
            if seg[0] == "L":
                x, y = seg[1], seg[2]
                pts.append(px(x, y))
                continue
            _, x1, y1, x2, y2, x3, y3 = seg
            span = (abs(x1 - x) + abs(y1 - y) + abs(x2 - x1) + abs(y2 - y1) + abs(x3 - x2) + abs(y3 - y2)) * s
            n = max(4, min(64, int(span / 3)))
            for i in range(1, n + 1):
                t = i / n
                u = 1 - t
                bx = u * u * u * x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3
                by = u * u * u * y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3
                pts.append(px(bx, by))
            x, y = x3, y3
        polygons.append(pts)
    return polygons


def image_size(scene: Scene, dpi: float | None = None, size: tuple[int, int] | None = None) -> tuple[int, int]:
    if size is not None:
        return size
    ppp = (dpi or DEFAULT_DPI) / 72
    return max(1, round(scene.width * ppp)), max(1, round(scene.height * ppp))


def fitting_dpi(scene: Scene, dpi: float | None = None) -> float:
    """``dpi`` (default 300), or less when the scene would be more than MAX_SIDE pixels on a
    side at it (a long walkthrough's overview sheet)."""
    wanted = dpi or DEFAULT_DPI
    return min(wanted, int(MAX_SIDE * 72 / max(scene.width, scene.height)))


def render_image(scene: Scene, dpi: float | None = None, size: tuple[int, int] | None = None) -> Image.Image:
    """The scene as a Pillow image: at ``dpi`` (default 300), or fitted and centred in ``size`` pixels."""
    if dpi is not None and size is not None:
        raise InputError("give a resolution or a pixel size, not both")
    if dpi is not None and dpi <= 0:
        raise InputError(f"the resolution must be a positive number of dots per inch, not {dpi}")
    width, height = image_size(scene, dpi, size)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise InputError(f"{width}x{height} pixels is too large (at most {MAX_SIDE} on a side)")
    ss = max(1, min(3, int((MAX_PIXELS / (width * height)) ** 0.5)))
    grey = scene.is_mono()
    mode = "L" if grey else "RGB"
    painter_bg = scene.background or (1.0, 1.0, 1.0)
    big = Image.new(mode, (width * ss, height * ss))
    painter = _Painter(big, grey)
    big.paste(painter.colour(painter_bg), (0, 0, width * ss, height * ss))
    scale = min(width / scene.width, height / scene.height)
    ox = (width - scene.width * scale) / 2
    oy = (height - scene.height * scale) / 2
    painter.scene(scene, ox * ss, oy * ss, scale * ss)
    if ss == 1:
        return big
    return big.resize((width, height), Image.Resampling.LANCZOS)


MIN_TEXT_PIXELS = 5.0  # below this a card's index is a smudge


def legibility_note(scene: Scene, dpi: float | None = None, size: tuple[int, int] | None = None) -> str | None:
    """A note when the resolution or pixel size asked for draws the scene's smallest text too
    small to read (a thumbnail may want that), naming the least that would do; else None."""
    smallest = scene.smallest_text()
    if smallest is None:
        return None
    scale = min(size[0] / scene.width, size[1] / scene.height) if size else (dpi or DEFAULT_DPI) / 72
    if smallest * scale >= MIN_TEXT_PIXELS:
        return None
    need = MIN_TEXT_PIXELS / smallest
    if size:  # the side that limits grows; the other stays as asked, or grows too if it is short
        least = f"--size {max(size[0], math.ceil(need * scene.width))}x{max(size[1], math.ceil(need * scene.height))}"
        asked = f"--size {size[0]}x{size[1]}"
    else:
        asked, least = f"--dpi {dpi:g}", f"--dpi {math.ceil(72 * need)}"
    return (f"at {asked} the smallest text is {smallest * scale:.1f} pixels tall, too small to read "
            f"(for {MIN_TEXT_PIXELS:g} pixels give {least} or more)")


def png_bytes(scene: Scene, dpi: float | None = None, size: tuple[int, int] | None = None) -> bytes:
    image = render_image(scene, dpi, size)
    buffer = io.BytesIO()
    # record the print resolution so layout programs place the image at its true size
    resolution = dpi or DEFAULT_DPI
    if size is not None:
        resolution = 72 * min(size[0] / scene.width, size[1] / scene.height)
    image.save(buffer, format="PNG", dpi=(resolution, resolution), optimize=False)
    return buffer.getvalue()


def write_png(scene: Scene, path: str | FilePath, dpi: float | None = None,
              size: tuple[int, int] | None = None) -> FilePath:
    """Render, then write whole or not at all."""
    return write_atomic(path, png_bytes(scene, dpi, size))


def png_size(data: bytes, source: str) -> tuple[int, int]:
    """The pixel size of a PNG given as bytes (a theme's logo); InputError when it is no PNG
    Pillow can read."""
    try:
        with Image.open(io.BytesIO(data), formats=["PNG"]) as picture:
            picture.load()
            return picture.size
    except (OSError, ValueError, Image.DecompressionBombError) as err:
        raise InputError(f"{source}: not a PNG image that can be read ({err})") from None


def grey_png(data: bytes) -> bytes:
    """A PNG in greys (its transparency kept): a logo for a mono image."""
    with Image.open(io.BytesIO(data)) as picture:
        grey = picture.convert("LA")
    buffer = io.BytesIO()
    grey.save(buffer, format="PNG")
    return buffer.getvalue()
