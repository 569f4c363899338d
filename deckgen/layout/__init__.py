"""Page geometry, computed once in millimetres and drawn by every backend."""
