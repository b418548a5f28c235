"""A PDF given to dealgen (a book to verify, to make a book or a cover from, to preflight) is
untrusted input: read with every cost bounded and every failure one line (exit 2).

pypdf reads objects lazily and trusts what a file claims (a stream's filters, a page count, a
name tree's kids), so a small crafted file can make it inflate gigabytes or walk for ever. Here:
the file is at most ``PDF_MOST`` bytes; pypdf runs under limits sized for a book (per stream
and per page tree); the embedded catalog is found by a bounded walk of the name tree and
inflated here, counted as it inflates, up to the 16 MB any dealgen file may be; a book has at
most ``MAX_PAGES`` pages and ``MAX_OBJECTS`` objects; and the page text read back is budgeted
in proportion to the file's size (``content_budget``). pypdf's warnings about a damaged file are
not shown: the one error line says what is wrong.
"""

from __future__ import annotations

import logging
import warnings
import zlib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from ..errors import DealgenError, InputError
from ..fileio import MAX_TEXT

PDF_MOST = 512 * 2**20  # a book's PDF larger than this is no dealgen book (the 100-puzzle one: under 2 MB)
MAX_PAGES = 2000  # print-on-demand services print at most 828 pages; a compendium's proofs fit well within
MAX_OBJECTS = 500_000  # the 40-puzzle book has 500; a PDF claiming more is refused before it is walked
MAX_NAME_NODES = 1000  # nodes of the embedded-files name tree visited (a book's has one)
MAX_FILTERS = 2  # filters on the embedded catalog (a book's: FlateDecode; a re-saved one may add one more)


def read_pdf(path: str | Path, what: str) -> bytes:
    """A PDF's bytes (``PDF_MOST`` at most), or InputError saying why they cannot be read."""
    file = Path(path)
    if file.is_dir():
        raise InputError(f"{path}: is a folder, not a {what}")
    try:
        with file.open("rb") as handle:
            data = handle.read(PDF_MOST + 1)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except OSError as err:
        raise InputError(f"{path}: cannot read the {what} ({err.strerror})") from None
    if len(data) > PDF_MOST:
        raise InputError(f"{path}: over {PDF_MOST // 2**20} MB: not a {what} dealgen reads")
    if not data.startswith(b"%PDF-"):
        raise InputError(f"{path}: not a PDF (a {what} is a PDF file)")
    return data


@contextmanager
def pdf_errors(source: str) -> Iterator[None]:
    """pypdf at work on an untrusted file: under limits sized for a book, its warnings unsaid,
    and whatever it raises (a damaged or crafted file meets many paths of pypdf, each with its
    own exception) turned into one line, InputError (exit 2). dealgen's own errors pass as they are."""
    from pypdf import apply_configuration

    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings(), apply_configuration(**LIMITS):
            warnings.simplefilter("ignore")
            yield
    except DealgenError:
        raise
    except (Exception, RecursionError, MemoryError) as err:  # noqa: BLE001  (every path, as the docstring says)
        raise InputError(f"{source}: cannot read the PDF ({_said(err)})") from None
    finally:
        quiet.setLevel(level)


LIMITS = {  # pypdf's limits (pypdf.Configuration) for a dealgen book: far above one, far below pypdf's defaults
    "maximum_declared_stream_length": PDF_MOST,
    "zlib_maximum_output_length": MAX_TEXT,
    "lzw_maximum_output_length": MAX_TEXT,
    "run_length_maximum_output_length": MAX_TEXT,
    "brotli_maximum_output_length": MAX_TEXT,
    "array_based_stream_maximum_output_length": MAX_TEXT,
    "stream_decoding_work_maximum_length": 4 * MAX_TEXT,
    "stream_filters_maximum_length": 4,
    "jbig2_maximum_output_length": MAX_TEXT,
    "jbig2dec_binary": None,  # (no outside program runs on an untrusted image)
    "image_maximum_buffer_size": MAX_TEXT,
    "page_tree_maximum_entries": 2 * MAX_PAGES,
    "page_tree_maximum_depth": 32,
    "page_tree_maximum_page_entries": 100 * MAX_PAGES,
    "outline_maximum_entries": 10_000,
    "named_destinations_maximum_entries": 10_000,
}


def _said(err: BaseException) -> str:
    """An exception's message on one line, short, with its kind when it says little."""
    text = " ".join(str(err).split())[:200]
    if isinstance(err, RecursionError):
        return "objects nested too deeply"
    if isinstance(err, MemoryError):
        return "too large to hold in memory"
    if type(err).__name__ == "LimitReachedError":  # (pypdf's, under LIMITS)
        return f"it goes past a limit no dealgen book comes near: {text}"
    return f"{type(err).__name__}: {text}" if len(text) < 12 else text


def open_pdf(data: bytes, source: str) -> Any:
    """A pypdf reader on ``data``, checked to be a PDF of a book's size: not encrypted (a
    dealgen book never is), at most ``MAX_OBJECTS`` objects and ``MAX_PAGES`` pages. Call it
    (and use the reader) inside ``pdf_errors``."""
    import io

    from pypdf import PdfReader

    if not data.startswith(b"%PDF-"):
        raise InputError(f"{source}: not a PDF")
    reader = PdfReader(io.BytesIO(data))
    if "/Encrypt" in reader.trailer:
        raise InputError(f"{source}: the PDF is encrypted; a dealgen book never is")
    size = reader.trailer.get("/Size")
    if isinstance(size, int) and size > MAX_OBJECTS:
        raise InputError(f"{source}: the PDF claims {size:,} objects; a dealgen book has far fewer "
                         f"(at most {MAX_OBJECTS:,} are read)")
    root = reader.trailer["/Root"]
    pages = root.get("/Pages") if hasattr(root, "get") else None
    pages = pages.get_object() if pages is not None else None
    claimed = pages.get("/Count") if hasattr(pages, "get") else None
    if not isinstance(claimed, int) or not 0 <= claimed <= MAX_PAGES:
        raise InputError(f"{source}: the PDF's page tree claims {claimed} pages; a dealgen book has 1 to "
                         f"{MAX_PAGES:,}")
    if len(reader.pages) > MAX_PAGES:  # (what the tree holds, whatever its count says)
        raise InputError(f"{source}: the PDF has over {MAX_PAGES:,} pages; a dealgen book has fewer")
    return reader


def attachments(reader: Any, source: str) -> dict[str, Any]:
    """The document's embedded files, name -> file specification, found by a bounded walk of
    its name tree (kids and names; a loop or a tree of more than ``MAX_NAME_NODES`` nodes is refused)."""
    root = reader.trailer["/Root"]
    names = _get(root, "/Names")
    tree = _get(names, "/EmbeddedFiles")
    found: dict[str, Any] = {}
    if tree is None:
        return found
    todo, seen = [tree], 0
    while todo:
        node = todo.pop()
        seen += 1
        if seen > MAX_NAME_NODES:
            raise InputError(f"{source}: the PDF's list of embedded files has over {MAX_NAME_NODES:,} nodes "
                             f"(or loops); a dealgen book's has one")
        if not hasattr(node, "get"):
            continue
        pairs = _get(node, "/Names")
        if isinstance(pairs, list):
            for k in range(0, len(pairs) - 1, 2):
                name = pairs[k].get_object()
                if isinstance(name, str):
                    found.setdefault(str(name), pairs[k + 1])
        kids = _get(node, "/Kids")
        if isinstance(kids, list):
            todo.extend(reversed([kid.get_object() for kid in kids[:MAX_NAME_NODES]]))
    return found


def _get(node: Any, key: str) -> Any:
    """``node[key]`` resolved, or None when ``node`` is no dictionary or lacks it."""
    return _resolved(node.get(key)) if hasattr(node, "get") else None


def attachment_data(spec: Any, name: str, source: str) -> bytes:
    """The bytes of an embedded file (its specification, from ``attachments``), inflated here
    and counted as they inflate: over ``MAX_TEXT`` (16 MB, the most any dealgen file holds) is
    refused as soon as it is reached, whatever the stream claims."""
    from pypdf.generic import StreamObject

    where = f"{source}: the embedded file '{name}'"
    stream = _get(_get(spec, "/EF"), "/F")
    if not isinstance(stream, StreamObject):
        raise InputError(f"{where} is not a file stream (the PDF is damaged)")
    filters = stream.get("/Filter")
    filters = [] if filters is None else list(filters) if isinstance(filters, list) else [filters]
    if len(filters) > MAX_FILTERS or any(str(f) not in ("/FlateDecode", "/Fl") for f in filters):
        shown = " ".join(str(f) for f in filters)
        raise InputError(f"{where} is encoded with {shown}; a dealgen book's is FlateDecode")
    parms = stream.get("/DecodeParms")
    if parms is not None and any(_get(p, "/Predictor") not in (None, 1) for p in
                                 (parms if isinstance(parms, list) else [parms])):
        raise InputError(f"{where} is encoded with a predictor; a dealgen book's is plain FlateDecode")
    data = stream._data  # the bytes as stored, inflated here: each step counted as it inflates
    for _ in filters:
        data = inflate(data, MAX_TEXT, where)
    if len(data) > MAX_TEXT:
        raise InputError(f"{where} is over {MAX_TEXT // 2**20} MB, more than any dealgen file holds")
    return data


def inflate(data: bytes, most: int, where: str) -> bytes:
    """Flate-compressed ``data`` inflated, InputError as soon as it passes ``most`` bytes."""
    inflater = zlib.decompressobj()
    out = bytearray()
    piece = data
    try:
        while piece and not inflater.eof:
            out += inflater.decompress(piece, most + 1 - len(out))
            if len(out) > most:
                raise InputError(f"{where} inflates to over {most // 2**20} MB, more than any dealgen file holds")
            piece = inflater.unconsumed_tail
    except zlib.error as err:
        raise InputError(f"{where} is damaged ({err})") from None
    return bytes(out)


def content_budget(data: bytes) -> int:
    """How many bytes of page content may be read to read a book's pages back: in proportion
    to the file (a real book's pages hold about twice its size), not to what its streams claim."""
    return 2 * 2**20 + 8 * len(data)


def page_text(page: Any, budget: list[int], source: str, number: int) -> str:
    """A page's text, its content's size (inflated by pypdf, 16 MB a stream at most under
    ``LIMITS``) first taken from ``budget``, a one-item list shared by the pages of one book:
    InputError when they need more."""
    contents = _resolved(page.get("/Contents"))
    for stream in contents if isinstance(contents, list) else [contents]:
        stream = _resolved(stream)
        if stream is None:
            continue
        budget[0] -= len(stream.get_data())  # (kept: extract_text reads the same object)
        if budget[0] < 0:
            raise InputError(f"{source}: page {number}'s content inflates to more than a book of this size holds "
                             f"(a damaged or crafted PDF)")
    return page.extract_text() or ""


def _resolved(value: Any) -> Any:
    return value.get_object() if value is not None else None
