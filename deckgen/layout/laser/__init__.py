"""Laser sheets: cards on a laser bed with cut, score and engrave geometry, all in mm.

Common-line cutting: square cards touch (with the kerf between them) and every shared edge
is one straight cut, made once; the block's outline is cut last as one closed path, so the
parts stay in place until the end. With rounded corners each card is its own closed outline.
With a kerf K the cut runs K/2 outside each card, so a cut card measures its nominal size.

One module a job: the path model (:mod:`.paths`), the bed and its settings (:mod:`.bed`),
the cuts (:mod:`.cuts`), the travel order of the head (:mod:`.order`), a face's ink as score
lines or engrave fills (:mod:`.marks`), which cards go on which bed (:mod:`.plan`), the back
sheets (:mod:`.backs`) and a sheet laid out whole (:mod:`.sheet`).
"""
