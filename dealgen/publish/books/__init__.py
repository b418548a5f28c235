"""Books and print: what ``dealgen book`` and ``dealgen cover`` make, and what ``dealgen preflight`` checks.

A selection typeset into a PDF book (``book``; puzzles up front, solutions at the back, laid out
by the page presets of ``layout``), its answers (``answers``: compact keys several a page;
``problems``: a "to play and win" problem's solution), the book and compendium runs (``make``,
which also makes ``dealgen generate``'s catalog), and what makes a book print-ready: the print
service's figures (``printspec``), full-wrap covers (``cover``), the preflight check of a PDF
and its cover (``preflight``), and a book's pages read back against its catalog (``pages``)."""
