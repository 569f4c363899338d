"""What deckgen's text layer computes for a corpus, as JSON: run on the host (uharfbuzz, icu4py,
python-bidi 0.6) and inside Pyodide (harfbuzzjs, uniseg and Intl.Segmenter, python-bidi 0.4.2),
the two answers are compared part by part (tests/static_site/test_inbrowser_pyodide.py).

    python tests/pyodide/compare_text.py OUT.json CORPUS.csv...
    node tests/pyodide/run.mjs tests/pyodide/compare_text.py OUT.json CORPUS.csv...

For each cell of the corpus files: its break ranks (in the language its file is named for), its
bidi levels, and for regular and bold, each face of the shipped chain that draws its first
letter: the shaped glyphs (ids, advances, offsets) and every outline point of those glyphs at
the finest flattening, written as float.hex so nothing is rounded on the way.
"""

from __future__ import annotations

import csv
import hashlib
import json
import sys
from pathlib import Path

LANGUAGES = {
    "japanese": "ja",
    "chinese-simplified": "zh-cn",
    "chinese-traditional": "zh-tw",
    "korean": "ko",
    "thai": "th",
}


def cells(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="") as file:
        return [cell for row in list(csv.reader(file))[1:] for cell in row if cell.strip()]


def main(out: Path, corpora: list[Path]) -> None:
    from deckgen.bidi_text import bidi_levels
    from deckgen.games.flashcards import breaks, fonts

    result: dict[str, dict[str, object]] = {"breaks": {}, "bidi": {}, "shapes": {}}
    chains = [fonts.default_chain(False), fonts.default_chain(True)]
    for corpus in corpora:
        language = LANGUAGES.get(corpus.stem, "und")
        for text in cells(corpus):
            key = f"{corpus.stem}:{text}"
            result["breaks"][key] = sorted(breaks.break_ranks(text, language).items())
            result["bidi"][key] = bidi_levels(text)
            for chain in chains:
                face = chain.face_for(next((c for c in text if not c.isspace()), " "))
                if face is None:
                    continue
                shaped = face.shape(text, bidi_levels(text)[0] == 1, language)
                glyphs = [(g.glyph.gid, g.advance, g.dx, g.dy, g.glyph.advance, g.glyph.bounds) for g in shaped]
                points = "".join(
                    x.hex() + y.hex() for g in shaped for contour in face.outline(g.glyph.gid, -6) for x, y in contour
                )
                result["shapes"][f"{key}:{face.key}"] = [glyphs, hashlib.sha256(points.encode()).hexdigest()]
    out.write_text(json.dumps(result, ensure_ascii=False, indent=0, sort_keys=True), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), [Path(p) for p in sys.argv[2:]])
