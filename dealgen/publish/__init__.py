"""What users make: catalogs, books, daily kits and the daily site (see DESIGN.md's layers)."""
