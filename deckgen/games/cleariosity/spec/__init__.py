"""Deck specs and deck files: read, checked on load, and what counting alone rules out."""
