"""A tier analysed: its groups, facts, teaching split, balance, and the report the criteria judge."""
