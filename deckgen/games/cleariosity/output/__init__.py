"""What the game looks like and says: card faces, stack pictures, the teacher pack, reports, exports."""
