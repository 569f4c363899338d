"""One glossary a language (deckgen/locale/<lang>/glossary.toml): the page, the teacher pack and
the command line name each key term with that language's word, and never with another.

Every message of the catalogue that names a term in English is translated with the language's
word for it; no translation uses a word the glossary rules out ("Lehrerheft" beside
"Begleitheft", "lot" beside "jeu", "colisage"); the colour words agree with what they describe.
The page and the pack, made in each language, are read back for the same words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader

from deckgen.glossary import colour_word, glossary
from deckgen.i18n import LANGUAGES, _, speaking

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [key for key in LANGUAGES if key != "en"]


def messages(language: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(English forms, translated forms) of every message of a language's catalogue."""
    with (ROOT / "deckgen" / "locale" / language / "LC_MESSAGES" / "deckgen.po").open("rb") as stream:
        catalogue = read_po(stream)
    found = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        found.append((tuple(ids), tuple(texts)))
    return found


def found(pattern: str, text: str) -> bool:
    return re.search(pattern, text, re.IGNORECASE) is not None


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_glossary_has_the_english_terms_and_colours(language: str) -> None:
    english, own = glossary("en"), glossary(language)
    assert set(own.terms) == set(english.terms)
    assert set(own.colours) == set(english.colours)
    assert len(own.terms) >= 15
    for term in own.terms.values():
        assert term.gender, f"{language}: {term.key} has no gender"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_naming_a_term_says_the_languages_word(language: str) -> None:
    english, own = glossary("en"), glossary(language)
    wrong = []
    for ids, texts in messages(language):
        for key, term in english.terms.items():
            if not any(found(term.word, text) for text in ids) or (term.unless and found(term.unless, ids[0])):
                continue
            said = own.terms[key]
            for text in texts:
                if not found(said.word, text):
                    wrong.append(f"{key}: {ids[-1]!r} → {text!r} does not say {said.word!r}")
                wrong += [f"{key}: {text!r} says {avoid!r}" for avoid in said.avoid if found(avoid, text)]
    assert not wrong, f"{len(wrong)} messages:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_says_a_word_the_glossary_rules_out(language: str) -> None:
    own = glossary(language)
    wrong = [
        f"{key}: {text!r} says {never!r}"
        for _ids, texts in messages(language)
        for text in texts
        for key, term in own.terms.items()
        for never in term.never
        if found(never, text)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_colours_are_the_catalogues_and_agree(language: str) -> None:
    own = glossary(language)
    with speaking(language):
        for name, forms in own.colours.items():
            assert _(name).lower() == forms["word"].lower(), name
            gender = own.terms["card"].gender
            assert colour_word(name, "card", several=True) == forms["pl_" + gender]


@pytest.mark.parametrize(
    ("language", "counts", "dots"),
    [
        ("fr", "24 vertes, 12 jaunes, 12 violettes, 12 orange", ["pastille verte", "pastille violette"]),
        ("es", "24 verdes, 12 amarillas, 12 moradas, 12 naranja", ["punto verde", "punto morado"]),
        ("de", "24 grüne, 12 gelbe, 12 lila, 12 orange Karten", ["Punkt in Grün", "Punkt in Lila"]),
    ],
)
def test_the_pack_says_the_colours_as_they_agree(language: str, counts: str, dots: list[str], tmp_path: Path) -> None:
    """The packing list counts the cards of each colour ("24 vertes", not "24 vert"), and the note
    on the marks beside the dots names each dot's colour agreeing with the dot ("la pastille
    violette")."""
    from dataclasses import replace

    from deckgen.build import BuildRequest, prepare, run
    from deckgen.games.cleariosity.core.model import Card, Deck, Tier
    from deckgen.games.cleariosity.output.pack import signs_note
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity

    run(prepare(BuildRequest(games=("cleariosity",), out=tmp_path, options={"paper": "a4"}, language=language)))
    assert counts in pack_text(tmp_path / "teacher-pack.pdf")
    # A colour bringing in two operations, and one bringing in none (its dot shows a letter).
    green = Tier("green", ("*", "/"), 0, "green")
    purple = Tier("purple", (), 1, "purple", earlier=(green,))
    cards = load_cleariosity().cards[:2]
    deck = Deck("marks", (replace(cards[0], tier=green), replace(cards[1], tier=purple)), tiers=(green, purple))
    assert isinstance(deck.cards[0], Card) and isinstance(purple, Tier)
    with speaking(language):
        said = " ".join(block.text for block in signs_note(deck))
    for dot in dots:
        assert dot in said, said


def pack_text(path: Path) -> str:
    """The pack's words, each run of spaces (no-break ones too) one space."""
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(path).pages))


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_page_and_the_pack_name_the_teacher_pack_alike(language: str, tmp_path: Path) -> None:
    """The pack's title and the page's check box call the pack by the glossary's word, and
    neither says a word the glossary rules out."""
    from html import unescape

    from deckgen.build import BuildRequest, prepare, run
    from tests.servekit import request, start_server

    own = glossary(language)
    run(prepare(BuildRequest(out=tmp_path / "out", options={"paper": "a4", "sets": 3}, language=language)))
    pack = pack_text(tmp_path / "out" / "teacher-pack.pdf")
    server = start_server(tmp_path)
    try:
        page = unescape(request(server.url, headers={"Accept-Language": language}).text)
    finally:
        server.stop()
    word = own.terms["teacher_pack"].word
    assert found(word, pack[:200]), "the pack's title"
    assert found(word, page)
    for term in own.terms.values():
        for never in term.never:
            assert not found(never, pack), never
            assert not found(never, page), never
