"""The design search: a seeded annealing over cards, scored from running totals, steered by play."""
