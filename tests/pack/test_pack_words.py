"""Every word of the teacher pack whole: lines break between words, or at a hyphen, never inside
a word ("Summ/e", "Bögen in/sgesamt"); a number keeps its unit ("88,9 / mm"); French keeps its
no-break space before ``; : ! ?``; no line runs out of its column.

Every pack is set as a build sets it — every game of the registry, every preset, every language,
both of the pack's papers and the build settings that change its tables and guide — and every
paragraph reportlab lays out (table cells, headings, body text, list items) is read back line
by line and matched against its text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from reportlab.platypus import paragraph as reportlab_paragraph

from deckgen.build import BuildRequest, prepare, teacher_pack
from deckgen.games import game
from deckgen.i18n import LANGUAGES, speaking
from deckgen.render.pack_cells import fitted_widths
from deckgen.render.pack_pdf import Ink, _styles, para
from tests.gamekit import GAMES

#: The space characters reportlab breaks lines at (it never breaks at the no-break space).
BREAKING = re.compile("[" + re.escape(reportlab_paragraph._wsc) + "]+")
UNIT = re.compile(r"^(mm|cm|in|pt|dpi|px|g/m²|lb|%)(?![\w/])")
FRENCH_SIGNS = ";:!?»"
#: A French sign after a word with no space, or a breaking one, before it.
GLUED_SIGN = re.compile(r"[^\W\d_] ?([;:!?])(?=[\s<]|$)")


def presets() -> list[tuple[str, dict[str, Any]]]:
    """Each game with its shipped deck, and each of its presets."""
    found: list[tuple[str, dict[str, Any]]] = []
    for key in GAMES:
        found.append((key, {}))
        for option in game(key).options:
            if option.name == "preset":
                found += [(key, {"preset": value}) for value in option.choices or () if value != "standard"]
    return found


#: Build settings that change the pack's tables and guide: the pack's two papers (A4 for sheets
#: on A4, else Letter), several sets, one card a page for a print shop, folded backs on paper.
SETTINGS: list[dict[str, Any]] = [
    {"paper": "a4"},
    {"paper": "letter", "sets": 30, "set_sheets": "shared"},
    {"layout": "single", "bleed": "3mm", "color": "cmyk"},
    {"paper": "a3", "sets": 12, "duplex": "fold", "marks": "lines", "media": "paper"},
]


def builds() -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """The games and options of each pack set: every deck on A4, and the whole registry's
    shipped decks together with each of the other settings."""
    every: list[tuple[tuple[str, ...], dict[str, Any]]] = [
        ((key,), {**options, **SETTINGS[0]}) for key, options in presets()
    ]
    for settings in SETTINGS[1:]:
        games = tuple(key for key in GAMES if _prints_with(key, settings))
        every.append((games, dict(settings)))
    return every


def _prints_with(key: str, settings: dict[str, Any]) -> bool:
    """Whether a game's cards can be printed on the settings' media (clear cards need film)."""
    media = settings.get("media")
    return media is None or game(key).prints_on(media)


class Laid:
    """The paragraphs reportlab laid out while a pack was set: each with its text, as last wrapped."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paragraphs: dict[int, Any] = {}
        wrap = reportlab_paragraph.Paragraph.wrap

        def recording_wrap(paragraph: Any, width: float, height: float) -> Any:
            result = wrap(paragraph, width, height)
            if paragraph.text is not None:  # the pieces of a split paragraph: their whole was read
                self.paragraphs[id(paragraph)] = paragraph
            return result

        monkeypatch.setattr(reportlab_paragraph.Paragraph, "wrap", recording_wrap)


def plain(text: str, style: Any) -> str:
    """The words of a paragraph's text, markup gone, each run of breaking spaces one space."""
    frags = reportlab_paragraph.Paragraph(text, style).frags
    joined = "".join("\n" if getattr(f, "lineBreak", False) else getattr(f, "text", "") for f in frags)
    return BREAKING.sub(" ", joined).strip()


def lines_of(paragraph: Any) -> list[tuple[str, float]]:
    """Each line as laid out, and the room left at its end (negative: it runs over)."""
    laid = paragraph.blPara
    if laid.kind == 0:
        return [(" ".join(words), extra) for extra, words in laid.lines]
    return [("".join(word.text for word in line.words), line.extraSpace) for line in laid.lines]


def broken_words(paragraph: Any, language: str) -> list[str]:
    """What is wrong with how a paragraph's lines break (empty: nothing)."""
    source = plain(paragraph.text, paragraph.style)
    problems = []
    if language == "fr":
        for sign in GLUED_SIGN.finditer(re.sub(r"&#?\w+;", "", paragraph.text)):
            problems.append(f"no no-break space before {sign[1]!r}: {sign[0]!r}")
    position = 0
    lines = [(BREAKING.sub(" ", text).strip(), extra) for text, extra in lines_of(paragraph)]
    lines = [(text, extra) for text, extra in lines if text]
    for number, (text, extra) in enumerate(lines):
        if extra < -0.5 and " " not in text:  # (reportlab lets the spaces of a full line shrink a little)
            problems.append(f"{text!r} runs {-extra:.1f} pt out of its column")
        while source[position : position + 1] == " ":
            position += 1
        if source.startswith(text, position):
            position += len(text)
        elif text.endswith("-") and source.startswith(text[:-1], position):
            position += len(text) - 1  # hyphenated: the hyphen is the line's own
            continue
        else:
            problems.append(f"line {text!r} is not the text {source[position : position + len(text)]!r}")
            break
        if number == len(lines) - 1:
            continue
        following = lines[number + 1][0]
        if not (source[position : position + 1] == " " or text.endswith("-")):
            problems.append(f"a word broken without a hyphen: {text!r} / {following!r}")
        elif re.search(r"(\d|\b[XY])$", text) and UNIT.match(following):
            problems.append(f"a number parted from its unit: {text!r} / {following!r}")
        elif language == "fr" and following[:1] in FRENCH_SIGNS:
            problems.append(f"a line starts with {following[:1]!r}: {text!r} / {following!r}")
    return problems


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_word_of_any_pack_is_broken(language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    laid = Laid(monkeypatch)
    problems: dict[str, list[str]] = {}
    paragraphs = 0
    for games, options in builds():
        laid.paragraphs.clear()
        request = BuildRequest(games=games, out=tmp_path, options=dict(options), language=language)
        teacher_pack(prepare(request, plan_lasers=False), calibration=True)()
        paragraphs += len(laid.paragraphs)
        for paragraph in laid.paragraphs.values():
            found = broken_words(paragraph, language)
            if found:
                problems.setdefault(f"{games} {options}", []).extend(found)
    assert paragraphs > 500, "the packs were read"
    assert not problems, "\n".join(f"{build}: {'; '.join(sorted(set(found)))}" for build, found in problems.items())


def test_a_column_is_widened_to_its_longest_word_where_the_table_has_room() -> None:
    """The German score sheet's first column takes "Summe" whole, from the columns beside it;
    a table with no room keeps its widths, and hyphenation breaks its long words."""
    with speaking("de"):
        styles = _styles(Ink())
        rows = [[para("<b>Summe</b>", styles["cell"]), para("x", styles["cell"])]]
        assert fitted_widths(rows, [48.0, 200.0])[0] >= rows[0][0].minWidth() + 12
        assert sum(fitted_widths(rows, [48.0, 200.0])) == pytest.approx(248.0)
        assert fitted_widths(rows, [48.0, 14.0]) == [48.0, 14.0]


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("mesure 63,5 × 88,9 mm; une carte", "fr", "mesure 63,5 × 88,9\u00a0mm\u202f; une carte"),
        ("Opérations : + − × :.", "fr", "Opérations\u202f: + − × :."),
        ("56 : 8 et (+ − × :)", "fr", "56 : 8 et (+ − × :)"),
        ("Plus rien à trouver ? la pile « je sais »", "fr", "Plus rien à trouver\u202f? la pile «\u202fje sais\u202f»"),
        ("a &amp; b", "fr", "a &amp; b"),
        ("X mm, Y mm; 100 % and 1 to 4 mm", "en", "X\u00a0mm, Y\u00a0mm; 100\u00a0% and 1 to 4\u00a0mm"),
        ("Hinweis: 160 bis 220 g/m²", "de", "Hinweis: 160 bis 220\u00a0g/m²"),
    ],
)
def test_numbers_keep_their_units_and_french_its_spaces(text: str, language: str, expected: str) -> None:
    from deckgen.typography import typeset

    assert typeset(text, language) == expected
