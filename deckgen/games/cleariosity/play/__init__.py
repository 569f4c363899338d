"""Simulated classes: seeded games of a tier (compiled where built), and the statistics read from them."""
