"""The ``dealgen`` command line: click commands, nothing else.

``app.main`` is the group; each ``*_cmds`` module adds its commands to it on import: a command
parses its options, calls one function of the library, and prints.
"""

from __future__ import annotations

from . import deal_cmds, pns_cmds, print_cmds, publish_cmds, render_cmds, site_cmds, solve_cmds, verify_cmds  # noqa: F401  (each registers its commands)
from .app import main

__all__ = ["main"]
