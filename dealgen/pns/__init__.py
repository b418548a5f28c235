"""Pack 'n' Stack beyond the rules: computer players, race counts, win proofs, problems and
strategy trees. The engine in ``dealgen.games.pack_n_stack`` stays the only judge of legality."""
