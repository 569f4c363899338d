"""The game itself: cards, tiers, the rules of reading a line, groups of cards, the standard deck's counts."""
