from PIL import MESSAGE, PillowMissing

raise PillowMissing(MESSAGE)
