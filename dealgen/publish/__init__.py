"""What users make from verified catalogs: answer keys, covers, preflight checks, books' pages read back."""
