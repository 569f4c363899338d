"""Simulated games of the stacking games, shared by every game played that way.

A game turns its deck into groups (card bit masks) and flags; :mod:`.simulate` deals and plays
seeded games on them, with the compiled games of ``_play.c`` where built (:mod:`.compiled`).
"""
