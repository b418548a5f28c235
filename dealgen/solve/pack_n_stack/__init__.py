"""Pack 'n' Stack's solver side: computer players (``players``), race counts (``race``), holds
(``hold``), win proofs (``prove``), strategy trees and their verifier (``strategy``, ``lines``),
problem finding (``problems``) and what publishing asks of a game of problems (``kit``). The
engine in ``dealgen.games.pack_n_stack`` stays the only judge of legality."""
