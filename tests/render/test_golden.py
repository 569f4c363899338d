"""Golden renders: each game's cards, sheets, laser sheet and teacher-pack pages, against references.

The other tests measure what can be measured (sizes, positions, marks); these catch a change
in how anything looks. For every game in the registry, a one-set build is rendered — the
first sheet of fronts (and of backs) with poppler, the first card's PNG (and its back's),
every page of that game's teacher pack, and the first laser sheet's paths — and compared
with the files under ``tests/golden/<game>/``.

Tolerance: two pictures match when at most 0.2 % of their pixels differ by more than 40 (of
255) in any channel, which absorbs anti-aliasing noise between library versions but not a
mark moved by a millimetre. Laser paths match when they have the same layers, paths and
points, each coordinate within 0.01 mm.

After an intended change of look, regenerate them with ``pytest tests/render/test_golden.py
--store-golden``, look at the new pictures, and commit them.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from deckgen.build import BuildRequest, prepare, run
from deckgen.games import game
from tests.gamekit import GAMES

GOLDEN = Path(__file__).parents[1] / "golden"
CHANNEL_TOLERANCE = 40
SHARE_TOLERANCE = 0.002
COORDINATE_TOLERANCE = 0.01
SHEET_DPI = 40
PACK_DPI = 30
CARD_DPI = 100


def render_pdf(path: Path, dpi: int, first: int = 1, last: int | None = None) -> list[bytes]:
    """Pages of a PDF as PNG bytes, rendered by poppler."""
    folder = path.parent / f"{path.stem}-pages"
    folder.mkdir(exist_ok=True)
    args = ["pdftoppm", "-r", str(dpi), "-png", "-f", str(first)]
    if last is not None:
        args += ["-l", str(last)]
    subprocess.run([*args, str(path), str(folder / "page")], check=True)
    return [page.read_bytes() for page in sorted(folder.glob("page-*.png"))]


def laser_paths(svg: Path) -> dict[str, list[list[float]]]:
    """Per layer, each path's numbers in order (the geometry, none of the styling)."""
    layers: dict[str, list[list[float]]] = {}
    layer = ""
    for line in svg.read_text().splitlines():
        found = re.search(r'<g id="([a-z]+)"', line)
        if found:
            layer = found[1]
        data = re.search(r' d="([^"]+)"', line)
        if data:
            layers.setdefault(layer, []).append([float(n) for n in re.findall(r"-?[0-9.]+", data[1])])
    return layers


def renders(key: str, folder: Path) -> dict[str, bytes]:
    """Every reference picture and path list of one game, by file name."""
    chosen = game(key)
    request = BuildRequest(games=(key,), out=folder, formats=("pdf", "svg", "png"), dpi=CARD_DPI)
    job = prepare(request)
    run(job)
    deck = job.decks[key]
    first_id = chosen.faces(deck.deck, deck.settings.card, deck.options).ids[0]
    found: dict[str, bytes] = {}
    sheets = render_pdf(folder / f"{chosen.stem}.pdf", SHEET_DPI, 1, 2 if chosen.has_backs else 1)
    for number, page in enumerate(sheets, start=1):
        found[f"sheet-{number}.png"] = page
    for number, page in enumerate(render_pdf(folder / "teacher-pack.pdf", PACK_DPI), start=1):
        found[f"pack-{number:02d}.png"] = page
    pngs = sorted(p for p in (folder / "png").glob("*.png") if not p.stem.endswith("-contact"))
    found["card.png"] = (folder / "png" / f"{chosen.picture_stem(first_id)}.png").read_bytes()
    backs = [p for p in pngs if p.stem.endswith("-back")]
    if backs:
        found["back.png"] = backs[0].read_bytes()
    sheet = folder / "svg" / f"{chosen.stem}-sheet-01.svg"
    found["laser-sheet-01.json"] = (json.dumps(laser_paths(sheet)) + "\n").encode()
    return found


def pictures_differ(ours: bytes, golden: bytes) -> str | None:
    """Why two PNGs do not match (``None``: they do, within the tolerance)."""
    a, b = (Image.open(io.BytesIO(data)).convert("RGBA") for data in (ours, golden))
    if a.size != b.size:
        return f"size {a.size} instead of {b.size}"
    difference = ImageChops.difference(a, b)
    bands = [band.point(lambda v: 255 if v > CHANNEL_TOLERANCE else 0) for band in difference.split()]
    changed = bands[0]
    for band in bands[1:]:
        changed = ImageChops.lighter(changed, band)
    share = sum(changed.histogram()[1:]) / (a.width * a.height)
    return f"{share:.2%} of the pixels differ" if share > SHARE_TOLERANCE else None


def paths_differ(ours: bytes, golden: bytes) -> str | None:
    a, b = json.loads(ours), json.loads(golden)
    if sorted(a) != sorted(b):
        return f"layers {sorted(a)} instead of {sorted(b)}"
    for layer in a:
        if len(a[layer]) != len(b[layer]):
            return f"{layer}: {len(a[layer])} paths instead of {len(b[layer])}"
        for number, (p, q) in enumerate(zip(a[layer], b[layer], strict=True)):
            if len(p) != len(q) or any(abs(x - y) > COORDINATE_TOLERANCE for x, y in zip(p, q, strict=True)):
                return f"{layer}: path {number + 1} differs"
    return None


@pytest.mark.parametrize("key", GAMES)
def test_renders_match_the_golden_files(key: str, tmp_path: Path, store_golden: bool) -> None:
    found = renders(key, tmp_path)
    folder = GOLDEN / key
    if store_golden:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            old.unlink()
        for name, data in found.items():
            (folder / name).write_bytes(data)
        return
    stored = {p.name for p in folder.iterdir()} if folder.is_dir() else set()
    assert stored == set(found), "the renders changed in number: look, then run with --store-golden"
    problems = []
    for name, data in sorted(found.items()):
        golden = (folder / name).read_bytes()
        differ = paths_differ if name.endswith(".json") else pictures_differ
        why = differ(data, golden)
        if why:
            problems.append(f"{name}: {why}")
    assert not problems, f"{key} looks different (see tests/golden/{key}/): " + "; ".join(problems)
