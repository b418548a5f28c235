"""The daily kit: what ``dealgen daily`` makes, a day's puzzle ready to post.

Which puzzle each day publishes (``days``, shared with the site), every file of a day drawn in
memory first (``dayfiles``): the images asking the question, the answer card and the solution
pages as scenes (``dayimage``), the question, answer, alt text and captions in words
(``daytext``), all in a publisher's look (``theme``); and the daily run that plans the days and
writes each day's files whole (``make``)."""
