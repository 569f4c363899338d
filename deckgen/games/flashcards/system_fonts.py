"""Fonts of the computer deckgen runs on, for the characters the shipped fonts lack.

The shipped fonts draw Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari and Thai. Chinese,
Japanese and Korean need fonts of many megabytes, which every computer that reads those
languages already has: fontconfig finds them on Linux (``fc-match``; Debian's
``fonts-noto-cjk``), and Windows and macOS keep theirs in known folders. What is looked up is
decided by the deck's characters alone, in a fixed order, so the same sheet on the same
computer is always drawn with the same fonts.

Han characters are drawn differently in Chinese, Japanese and Korean: a sheet with kana is
taken as Japanese, one with hangul as Korean, and any other as Chinese (simplified forms),
unless ``--script-forms`` says which (see :func:`~deckgen.games.flashcards.fonts.chain_for`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

try:
    import uharfbuzz as hb
except ImportError:  # in a browser (Pyodide): see deckgen.inbrowser.harfbuzz
    from deckgen.inbrowser import harfbuzz as hb

from deckgen.games.flashcards.fonts import MAX_FONT_BYTES, FontSource

#: fontconfig's weight for bold.
_FC_BOLD = 200
#: How many fonts are taken at most for one deck's missing characters.
_MOST_FONTS = 8
#: The longest a fontconfig look-up may take (seconds); past it, none is used.
_FC_TIMEOUT = 20
#: How many characters are looked up one by one at most (each look-up runs fc-match twice, some
#: milliseconds): a character whose best font lacks it costs one, and each font found ends many.
_MOST_LOOKUPS = 4 * _MOST_FONTS
#: How many of fontconfig's sorted fonts are read for their characters at most.
_MOST_SORTED = 400

_FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")

#: Font files that Windows and macOS ship, tried first (in this order) for each language.
_KNOWN_FILES = {
    "zh-cn": ("msyh.ttc", "simsun.ttc", "PingFang.ttc", "Hiragino Sans GB.ttc", "STHeiti Medium.ttc"),
    "zh-tw": ("msjh.ttc", "mingliu.ttc", "PingFang.ttc", "STHeiti Medium.ttc"),
    "ja": ("YuGothM.ttc", "meiryo.ttc", "msgothic.ttc", "ヒラギノ角ゴシック W3.ttc", "Hiragino Sans GB.ttc"),
    "ko": ("malgun.ttf", "gulim.ttc", "AppleSDGothicNeo.ttc"),
    "und": ("seguisym.ttf", "Arial Unicode.ttf", "arialuni.ttf"),
}


def language_of(chars: Iterable[str]) -> str:
    """The language a sheet's CJK characters are taken to be in (``und`` when it has none)."""
    han = False
    for char in chars:
        code = ord(char)
        if 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0xFF66 <= code <= 0xFF9F:
            return "ja"
        if 0xAC00 <= code <= 0xD7AF or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
            return "ko"
        if 0x4E00 <= code <= 0x9FFF or 0x3400 <= code <= 0x4DBF or 0x20000 <= code <= 0x2FA1F:
            han = True
    return "zh-cn" if han else "und"


def system_sources(missing: tuple[str, ...], language: str) -> tuple[FontSource, ...]:
    """Fonts of this computer that draw the ``missing`` characters (sorted), fewest first found.

    Empty when the computer has none (the build then names the characters and the fix).
    """
    return _system_sources(tuple(sorted(missing)), language)


@cache
def _system_sources(missing: tuple[str, ...], language: str) -> tuple[FontSource, ...]:
    if shutil.which("fc-match"):
        return _from_fontconfig(missing, language)
    return _from_folders(missing, language)


def _from_fontconfig(missing: tuple[str, ...], language: str) -> tuple[FontSource, ...]:
    """Ask fontconfig for the best font for the first character still missing, until none is left.

    The characters no font of the computer has are set aside first, with one question to
    fontconfig for them all (:func:`_drawable`): asked one by one, 12,000 of them took over a
    minute. The look-ups are bounded too (:data:`_MOST_LOOKUPS`)."""
    drawable = _drawable(missing, language)
    left = [c for c in missing if drawable is None or ord(c) in drawable]
    found: list[FontSource] = []
    lookups = 0
    while left and len(found) < _MOST_FONTS and lookups < _MOST_LOOKUPS:
        lookups += 1
        char = left.pop(0)
        regular = _fc_match(char, language, bold=False)
        if regular is None or ord(char) not in _codepoints(*regular[:2]):
            continue  # fontconfig's best is only the closest: this character has no font here
        bold = _fc_match(char, language, bold=True)
        if bold is not None and (
            bold[:2] == regular[:2] or bold[2] < _FC_BOLD or ord(char) not in _codepoints(*bold[:2])
        ):
            bold = None
        source = FontSource(
            _key(regular[0], regular[1]),
            regular[0],
            regular[1],
            bold_path=bold[0] if bold else None,
            bold_index=bold[1] if bold else 0,
        )
        found.append(source)
        covered = _codepoints(*regular[:2])
        left = [c for c in left if ord(c) not in covered]
    return tuple(found)


def _drawable(missing: tuple[str, ...], language: str) -> frozenset[int] | None:
    """The ``missing`` characters that some font of this computer has, or ``None`` if fontconfig
    cannot say. One call: fontconfig's fonts for all of them, sorted best first and trimmed to
    those that add characters (``fc-match --sort``), whose own character maps are then read."""
    wanted = frozenset(ord(c) for c in missing)
    pattern = ":charset=" + " ".join(f"{a:x}" if a == b else f"{a:x}-{b:x}" for a, b in _ranges(sorted(wanted)))
    if language != "und":
        pattern += f":lang={language}"
    said = _fc_match_said(["--sort", "-f", "%{file}\t%{index}\n", pattern])
    if said is None:
        return None
    found: set[int] = set()
    for line in said.splitlines()[:_MOST_SORTED]:
        fields = line.split("\t")
        if len(fields) != 2 or Path(fields[0]).suffix.lower() not in _FONT_SUFFIXES or not fields[1].isdigit():
            continue
        found |= wanted & _codepoints(Path(fields[0]), int(fields[1]) & 0xFFFF)
        if found == wanted:
            break
    return frozenset(found)


def _fc_match_said(arguments: list[str]) -> str | None:
    """What ``fc-match ARGUMENTS`` printed, or ``None`` when it could not run or failed."""
    try:
        done = subprocess.run(
            ["fc-match", *arguments], capture_output=True, text=True, timeout=_FC_TIMEOUT, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def _ranges(codes: list[int]) -> Iterator[tuple[int, int]]:
    """Sorted numbers as runs of consecutive ones (first, last)."""
    start = previous = None
    for code in codes:
        if previous is not None and code == previous + 1:
            previous = code
            continue
        if start is not None and previous is not None:
            yield start, previous
        start = previous = code
    if start is not None and previous is not None:
        yield start, previous


def _fc_match(char: str, language: str, bold: bool) -> tuple[Path, int, int] | None:
    """fontconfig's best font for ``char``: (file, face index, weight), or ``None``."""
    pattern = f":charset={ord(char):x}"
    if language != "und":
        pattern += f":lang={language}"
    if bold:
        pattern += ":weight=bold"
    said = _fc_match_said(["-f", "%{file}\t%{index}\t%{weight}\n", pattern])
    fields = (said or "").strip().split("\t")
    if said is None or len(fields) != 3 or not fields[0]:
        return None
    path = Path(fields[0])
    if path.suffix.lower() not in _FONT_SUFFIXES or not path.is_file():
        return None
    try:
        # A variable font's named instance is in the index's upper bits.
        return path, int(fields[1]) & 0xFFFF, int(float(fields[2].split()[0].strip("[]")))
    except ValueError:
        return None


def font_folders() -> list[Path]:
    """Where Windows and macOS (and Linux without fontconfig) keep fonts, the user's own first."""
    home = Path.home()
    folders: list[Path] = []
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        if local:
            folders.append(Path(local) / "Microsoft" / "Windows" / "Fonts")
        folders.append(Path(os.environ.get("WINDIR", r"C:\Windows")) / "Fonts")
    elif sys.platform == "darwin":
        folders += [
            home / "Library" / "Fonts",
            Path("/Library/Fonts"),
            Path("/System/Library/Fonts"),
            Path("/System/Library/Fonts/Supplemental"),
        ]
    else:
        folders += [
            home / ".local" / "share" / "fonts",
            home / ".fonts",
            Path("/usr/local/share/fonts"),
            Path("/usr/share/fonts"),
        ]
    return folders


def _font_files(folders: Iterable[Path], language: str) -> Iterator[Path]:
    """The font files of ``folders``: the known ones for ``language`` first, then every other, sorted."""
    files: list[Path] = []
    for folder in folders:
        if folder.is_dir():
            files += sorted(p for p in folder.rglob("*") if p.suffix.lower() in _FONT_SUFFIXES and p.is_file())
    known = {name.lower(): rank for rank, name in enumerate(_KNOWN_FILES.get(language, ()) + _KNOWN_FILES["und"])}
    yield from sorted((p for p in files if p.name.lower() in known), key=lambda p: known[p.name.lower()])
    yield from (p for p in files if p.name.lower() not in known)


def _from_folders(missing: tuple[str, ...], language: str) -> tuple[FontSource, ...]:
    """The first font files (known ones first) that draw the missing characters."""
    left = set(missing)
    found: list[FontSource] = []
    for path in _font_files(font_folders(), language):
        if not left or len(found) >= _MOST_FONTS:
            break
        for index in _faces_for(path, language):
            covered = _codepoints(path, index)
            if any(ord(c) in covered for c in left):
                found.append(FontSource(_key(path, index), path, index))
                left = {c for c in left if ord(c) not in covered}
                break
    return tuple(found)


#: What the family name of a collection's face says about the forms it draws Han characters in
#: (Noto Sans CJK JP, Source Han Sans SC …).
_REGION_WORDS = {"ja": ("JP", "Japanese"), "zh-cn": ("SC", "GB"), "zh-tw": ("TC", "HK"), "ko": ("KR", "Korean")}


def _faces_for(path: Path, language: str) -> list[int]:
    """A font file's face indices, a collection's faces for ``language`` first (its JP face for
    Japanese), as fontconfig picks them where it is found."""
    indices = list(range(_face_count(path)))
    words = _REGION_WORDS.get(language)
    if len(indices) < 2 or not words:
        return indices
    named = [set(_family(path, index).replace("-", " ").split()) for index in indices]
    return sorted(indices, key=lambda index: not named[index] & set(words))


@cache
def _family(path: Path, index: int) -> str:
    """The family name of a face of a font collection ("" if it cannot be read)."""
    from fontTools.ttLib import TTFont

    try:
        with TTFont(path, fontNumber=index, lazy=True) as font:
            return str(font["name"].getDebugName(1) or "")
    except Exception:  # a damaged file: its faces keep their order
        return ""


@cache
def _face_count(path: Path) -> int:
    try:
        if path.suffix.lower() not in (".ttc", ".otc"):
            return 1
        return max(1, hb.Face(hb.Blob(_font_bytes(path))).count)
    except (OSError, ValueError):
        return 0


@cache
def _codepoints(path: Path, index: int) -> frozenset[int]:
    """The characters a face of a font file has (none if the file cannot be read as a font)."""
    try:
        return frozenset(hb.Face(hb.Blob(_font_bytes(path)), index).unicodes)
    except (OSError, ValueError):
        return frozenset()


def _font_bytes(path: Path) -> bytes:
    """A font file's bytes; a file too large to be a font is not read (ValueError)."""
    if path.stat().st_size > MAX_FONT_BYTES:
        raise ValueError(f"{path}: too large for a font")
    return path.read_bytes()


def _key(path: Path, index: int) -> str:
    return f"system-{path.stem}-{index}"
