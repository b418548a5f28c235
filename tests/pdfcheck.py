"""PDF inspection for tests, with pypdf: fonts, images and colour operators, parsed properly."""

from __future__ import annotations

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


def colour_operations(reader: PdfReader) -> list:
    """Every colour that is not a grey: RGB with differing components, or any CMYK/pattern colour."""
    found = []
    for page in reader.pages:
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            op = operator.decode("latin-1")
            if op in ("rg", "RG") and len({float(v) for v in operands}) > 1:
                found.append((op, [float(v) for v in operands]))
            elif op in COLOUR_OPS - {"rg", "RG"}:
                found.append((op, operands))
    return found


def font_sizes(reader: PdfReader, pages=None) -> list[float]:
    """Every size a Tf operator sets, with the text matrix scale applied (Tm's a component)."""
    sizes = []
    for index, page in enumerate(reader.pages):
        if pages is not None and index not in pages:
            continue
        scale = 1.0
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"cm":
                continue  # diagrams are drawn at scale 1 in books; a scaled cm would show in Tm
            if operator == b"Tm":
                scale = abs(float(operands[0])) or 1.0
            elif operator == b"Tf":
                sizes.append(float(operands[1]) * scale)
    return sizes
