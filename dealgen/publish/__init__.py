"""What users make: seed catalogs (``catalog``), graded selections (``generate``, and
``problemset`` for games of problems), books (``book``, laid out by ``layout`` presets, their
answers by ``answers`` and ``problems``), what makes a book print-ready (``printspec``, ``cover``,
``preflight``, and ``pages``, which reads a book's pages back against its catalog), daily deals
(``daily``; which day publishes what: ``days``) with each day's kit of images, alt text and
captions (``dayfiles``, ``dayimage``, ``daytext``, in a ``theme``), and the daily site where people
play them (``site``; a Pack 'n' Stack strategy as its pages play it: ``strategyplay``); and what the
other commands do: a deal solved (``solving``), a walkthrough (``walkthroughs``), Pack 'n' Stack win
proofs and problems (``endgames``), grade cut points (``calibrate``). Everything
here is written against the game interface, the solvers, the verifier and the renderers below it;
nothing is published that did not replay."""

from pathlib import Path

OUTPUT = Path("output")  # where everything goes unless told otherwise (relative to the working folder)
