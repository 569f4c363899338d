"""The verdict: a deck's tiers analysed, played and judged by every criterion, with confirmation runs."""
