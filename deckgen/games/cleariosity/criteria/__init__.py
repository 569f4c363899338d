"""What a deck is judged by: each criterion's line (lines) and its registry of figures and words."""
