"""PDF inspection for tests, with pypdf: fonts, images and colour operators, parsed properly.

Content is read the way a viewer draws it: a page's operators and, where it places a form
XObject (``Do``), the form's operators, with the scale of the transformation matrix kept.
"""

from __future__ import annotations

import math

from pypdf import PdfReader
from pypdf.generic import ContentStream

COLOUR_OPS = {"rg", "RG", "k", "K", "sc", "SC", "scn", "SCN"}


def fonts_of(reader: PdfReader) -> list:
    return [font.get_object() for page in reader.pages
            for font in page["/Resources"].get("/Font", {}).values()]


def embedded(font) -> bool:
    """True when the font's program is in the file (FontFile, FontFile2 or FontFile3)."""
    descriptors = []
    if "/FontDescriptor" in font:
        descriptors.append(font["/FontDescriptor"].get_object())
    for child in font.get("/DescendantFonts", []):
        descriptors.append(child.get_object()["/FontDescriptor"].get_object())
    return bool(descriptors) and all(any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3")) for d in descriptors)


def page_images(page) -> list:
    xobjects = page["/Resources"].get("/XObject", {})
    return [x for x in xobjects.values() if x.get_object().get("/Subtype") == "/Image"]


def operations(reader: PdfReader, page):
    """(operands, operator, scale) for every operator drawn on ``page``, forms included;
    ``scale`` is the current transformation's (uniform) scale."""
    def walk(content, resources, scale):
        stack = []
        for operands, operator in ContentStream(content, reader).operations:
            if operator == b"q":
                stack.append(scale)
            elif operator == b"Q":
                scale = stack.pop()
            elif operator == b"cm":
                scale *= math.hypot(float(operands[0]), float(operands[1]))
            elif operator == b"Do":
                form = resources.get("/XObject", {})[operands[0]].get_object()
                if form.get("/Subtype") == "/Form":
                    matrix = [float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    yield from walk(form, form.get("/Resources", resources).get_object(),
                                    scale * math.hypot(matrix[0], matrix[1]))
                continue
            yield operands, operator, scale

    yield from walk(page.get_contents(), page["/Resources"], 1.0)


def colour_operations(reader: PdfReader) -> list:
    """Every colour that is not a grey: RGB with differing components, or any CMYK/pattern colour."""
    found = []
    for page in reader.pages:
        for operands, operator, _ in operations(reader, page):
            op = operator.decode("latin-1")
            if op in ("rg", "RG") and len({float(v) for v in operands}) > 1:
                found.append((op, [float(v) for v in operands]))
            elif op in COLOUR_OPS - {"rg", "RG"}:
                found.append((op, operands))
    return found


def font_sizes(reader: PdfReader, pages=None) -> list[float]:
    """Every size a Tf operator sets, as drawn: times the text matrix's and the current
    transformation's scale."""
    sizes = []
    for index, page in enumerate(reader.pages):
        if pages is not None and index not in pages:
            continue
        text_scale = 1.0
        for operands, operator, scale in operations(reader, page):
            if operator == b"Tm":
                text_scale = math.hypot(float(operands[0]), float(operands[1])) or 1.0
            elif operator == b"BT":
                text_scale = 1.0
            elif operator == b"Tf":
                sizes.append(float(operands[1]) * text_scale * scale)
    return sizes
