"""The daily site: what ``dealgen site`` makes, a static site where people play each day's puzzle.

The run and the pages it writes: day pages, the index, the feed and ``days.json``, with the
scripts and styles of ``data/site/`` (``make``); and a Pack 'n' Stack strategy as its pages play
it, the defender's replies taken from the verified tree (``strategyplay``). The days themselves,
their words and their theme come from the daily kit (``publish.kit``)."""
