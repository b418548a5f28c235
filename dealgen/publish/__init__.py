"""What users make, one subpackage per product: books and print (``books``), the daily kit of
images and words (``kit``), and the daily site (``site``). What they share stays here: seed
catalogs (``catalog``), graded selections (``generate``, and ``problemset`` for games of
problems), and the daily mapping of dates to deals and series (``daily``); and what the other
commands do: verifying any file (``verification``), a deal solved (``solving``), a walkthrough
(``walkthroughs``), Pack 'n' Stack win proofs and problems (``endgames``), grade cut points
(``calibrate``). Everything here is written against the game interface, the solvers, the
verifier and the renderers below it; nothing is published that did not replay."""

from pathlib import Path

OUTPUT = Path("output")  # where everything goes unless told otherwise (relative to the working folder)
