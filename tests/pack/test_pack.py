"""The teacher pack: rules, score sheet, answer keys and packing list, read back as text."""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from deckgen.build import BuildRequest, prepare, run
from deckgen.games.cleariosity.analysis.tier_report import analyse_tier
from deckgen.games.cleariosity.core.model import STANDARD_TIERS
from deckgen.games.cleariosity.core.rules import describe
from deckgen.games.cleariosity.game import PRESET_FILES
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity

PRESET_NAMES = tuple(PRESET_FILES)


@pytest.fixture(scope="module")
def pack_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pack")
    run(prepare(BuildRequest(out=out, options={"sets": 12})))
    return out / "teacher-pack.pdf"


@pytest.fixture(scope="module")
def pack_text(pack_file: Path) -> str:
    reader = PdfReader(pack_file)
    return "\n".join(page.extract_text() for page in reader.pages)


def test_rules_of_both_games_with_variants(pack_text: str) -> None:
    for heading in ("Cleariosity Numbers", "Treenex", "How to play", "Variations", "What counts as an equation"):
        assert heading in pack_text
    assert "Low score wins, or middle score wins" in pack_text
    assert "(a − b) × c" in pack_text
    assert "10 to 19" in pack_text


def test_score_sheet_has_a_name_row_and_fits_the_text_width(pack_file: Path) -> None:
    with pdfplumber.open(pack_file) as pdf:
        page = next(p for p in pdf.pages if "Treenex score sheet" in (p.extract_text() or ""))
        words = (page.extract_text() or "").split()
        assert "Name" in words and words.count("Expression") == 4 and words.count("Value") == 4
        text_left = min(ch["x0"] for ch in page.chars)  # the text's left edge; margins are equal
        grid = [ln for ln in page.lines] + [r for r in page.rects]
        assert grid, "the score sheet is a ruled table"
        assert min(item["x0"] for item in grid) == pytest.approx(text_left, abs=1.0)
        assert max(item["x1"] for item in grid) == pytest.approx(page.width - text_left, abs=1.0)
        sizes = {round(ch["size"], 1) for ch in page.chars if ch["text"] in "ExpressionValue"}
        assert min(sizes) >= 9


def test_score_sheet_has_room_for_handwriting_and_uses_the_page(pack_file: Path) -> None:
    """A child writes "(7 + 8) × 9" in about 40 mm: every expression cell is at least that wide,
    each hand's row at least 15 mm tall, and the tables fill most of the page."""
    with pdfplumber.open(pack_file) as pdf:
        page = next(p for p in pdf.pages if "Treenex score sheet" in (p.extract_text() or ""))
        mm = 72 / 25.4
        edges = page.edges
        xs = sorted({round(e["x0"], 1) for e in edges if e["orientation"] == "v"})
        expression_headers = [w for w in page.extract_words() if w["text"] == "Expression"]
        assert len(expression_headers) == 4
        for header in expression_headers:
            left = max(x for x in xs if x <= header["x0"])
            right = min(x for x in xs if x > header["x1"])
            assert (right - left) / mm >= 40, f"an expression cell is {(right - left) / mm:.1f} mm wide"
        ys = sorted({round(e["top"], 1) for e in edges if e["orientation"] == "h"})
        inside = [w for w in page.extract_words() if xs[0] < w["x0"] < xs[1] and min(ys) < w["top"] < max(ys)]
        hand_rows = [w for w in inside if w["text"] in {"1", "2", "3", "4"}]
        assert len(hand_rows) == 8, "four hands in each of the two tables"
        for label in hand_rows:
            top = max(y for y in ys if y <= label["top"])
            bottom = min(y for y in ys if y > label["bottom"])
            assert (bottom - top) / mm >= 15, f"hand {label['text']}: row {(bottom - top) / mm:.1f} mm tall"
        used = (max(ys) - min(ys)) / (page.height - 2 * 15 * mm)
        assert used >= 0.75, f"the tables fill {used:.0%} of the page's text height"


def test_every_page_is_numbered(pack_file: Path) -> None:
    reader = PdfReader(pack_file)
    for number, page in enumerate(reader.pages, start=1):
        assert f"Page {number}" in page.extract_text()


def test_no_expression_is_split_across_lines(pack_file: Path) -> None:
    with pdfplumber.open(pack_file) as pdf:
        for page in pdf.pages:
            for line in (page.extract_text() or "").splitlines():
                line = line.strip()
                assert not line.endswith(("×", "+", "−", "÷", "=")), line
                assert not line.startswith(("× ", "+ ", "− ", "÷ ", "= ")), line


def test_teacher_text_names_no_command_line_options(pack_file: Path, pack_text: str) -> None:
    """None in what a teacher reads, but the command of each deck that prints a lost card again,
    set apart under its own heading (it is the one thing to type)."""
    from deckgen.build import reprint_command

    job = prepare(BuildRequest(out=pack_file.parent, options={"sets": 12}), plan_lasers=False)
    text = " ".join(pack_text.split())
    for key in job.decks:
        command = reprint_command(job, key)
        assert text.count(command) == 1, command
        text = text.replace(command, "")
    assert not re.search(r"--\w", text)
    assert "deckgen" not in text


def test_clear_cards_are_never_dealt_face_down(pack_text: str) -> None:
    cleariosity_rules = pack_text[: pack_text.index("Treenex — three-number expressions")]
    assert "face down" not in cleariosity_rules and "face-down" not in cleariosity_rules
    assert "cannot be read" in cleariosity_rules


def test_no_variation_repeats_a_rule(pack_text: str) -> None:
    assert "play four hands (or more" not in pack_text


def test_printing_guide_covers_what_a_teacher_needs(pack_text: str) -> None:
    guide = " ".join(pack_text[pack_text.index("Printing guide") :].split())
    for needed in (
        "Actual size",
        "100 %",
        "ruler",
        "63.5 × 88.9 mm",
        "paper type",
        "Inkjet film goes in inkjet printers only",
        "laser",
        "rough, coated side",
        "dry",
        "trimmer",
        "Sort by id",
        "G01",
        "envelope",
        "long edge",
    ):
        assert needed in guide, needed


def test_every_pdf_has_a_title_and_a_subject(tmp_path_factory: pytest.TempPathFactory) -> None:
    out = tmp_path_factory.mktemp("meta")
    for path in run(prepare(BuildRequest(out=out))):
        info = PdfReader(path).metadata
        assert info is not None
        for field in (info.title, info.subject):
            assert field and "unspecified" not in field, (path.name, field)


def test_answer_key_for_every_tier_lists_its_perfect_clear(pack_text: str) -> None:
    deck = load_cleariosity()
    flat = " ".join(pack_text.split())
    for tier in STANDARD_TIERS:
        assert f"Answer key: {tier.name} level" in pack_text
        for group in analyse_tier(deck, tier).perfect_clear.groups or ():
            assert describe(group.values, group.ops[0]) in flat


def test_answer_keys_show_each_card_once_each_level_under_its_heading(pack_file: Path) -> None:
    """No level repeats an earlier level's pictures, every level's heading stands on the page of
    its pictures, and no caption's line name breaks over two lines."""
    deck = load_cleariosity()
    with pdfplumber.open(pack_file) as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
    keys = [i for i, text in enumerate(pages) if "Answer key:" in text]
    assert keys
    captions = re.compile(r"((?:[GYPO]\d\d, )+[GYPO]\d\d)")
    seen: list[str] = []
    for tier in STANDARD_TIERS:
        heading = f"Answer key: {tier.name} level"
        page = next(i for i in keys if heading in pages[i])
        after = pages[page][pages[page].index(heading) :]
        first = captions.search(after)
        assert first, f"{heading}: its first picture is on its page"
        assert first.group(1).split(", ")[0].startswith(tier.name[0].upper())
    for i in keys:
        for match in captions.finditer(pages[i]):
            seen += match.group(1).split(", ")
        for line in pages[i].splitlines():
            assert not line.strip().endswith(("from top", "from bottom")), f"a caption wraps: {line}"
            # "diagonal from top left" broken after "top"; "left column" may start a row of captions.
            assert not re.match(r"(left|right)(?! column)", line), f"a caption wraps: {line}"
    assert sorted(seen) == sorted(card.id for card in deck.cards), "every card once across the keys"


def test_packing_list_counts_the_sets(pack_text: str) -> None:
    assert "Packing list: 12 classroom sets" in pack_text
    flat = " ".join(pack_text.split())
    assert "Cleariosity Numbers 60 7 84" in flat  # 7 sheets a set, 84 for 12 sets
    assert "Treenex 40 10 120" in flat
    assert "24 green, 12 yellow, 12 purple, 12 orange" in flat
    assert "Cards per set" in flat and "Sheets per set" in flat
    assert "Cards a set" not in flat and "Sheets a set" not in flat


def test_the_rules_state_the_values_of_the_deck_printed(tmp_path: Path) -> None:
    request = BuildRequest(games=("treenex",), out=tmp_path, options={"values": "10-19", "copies": 3})
    run(prepare(request))
    reader = PdfReader(tmp_path / "teacher-pack.pdf")
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    assert "cards numbered 10 to 19 (three of each)" in text
    assert "0 to 9" not in text


def test_levels_and_players_table_counts_this_decks_turn_ups(pack_text: str) -> None:
    """The turn-ups a player gets are the level's cards shared out, for the deck that was built."""
    deck = load_cleariosity()
    flat = " ".join(pack_text.split())
    assert "Sweep the table." in flat
    for tier in STANDARD_TIERS:
        cards = len(deck.tier_cards(tier))
        row = f"{tier.name.capitalize()} level ({cards} cards) " + " ".join(str(cards // n) for n in (2, 3, 4))
        assert row in flat


def test_nested_tables_are_said_as_a_teacher_says_them() -> None:
    """The times tables to 9 x 9 nest (to 5 x 5, to 7 x 7, to 9 x 9): each level says its
    tables once, from the first fact to the last, not the cards' marks one after another."""
    from deckgen.games.cleariosity.game import PRESET_FILES
    from deckgen.games.cleariosity.output.pack import levels
    from deckgen.i18n import speaking

    deck = load_cleariosity(PRESET_FILES["times-2-9"])
    with speaking("en"):
        rows = levels(deck)
    assert [row[2] for row in rows] == [
        "multiplying, tables 2 × 2 to 5 × 5 (×)",
        "multiplying, tables 2 × 2 to 7 × 7 (×)",
        "multiplying, tables 2 × 2 to 9 × 9 (×)",
    ]
    with speaking("de"):
        assert levels(deck)[1][2] == "Multiplizieren, Reihen 2 × 2 bis 7 × 7 (×)"  # the deck's signs


def test_the_times_tables_pack_explains_its_marks_and_gives_the_largest_level_more_room() -> None:
    """The small "× 2-5" beside a sign is explained with the tables it means, an equation its
    cards make outside them is named (it counts too), and the class against the deck may leave
    6 cards at a level of 96 (simulated play leaves about 6 there), 4 at 60, 2 at 30."""
    from deckgen.games.cleariosity.core.groups import find_groups, raw_card
    from deckgen.games.cleariosity.core.model import within_tables
    from deckgen.games.cleariosity.game import PRESET_FILES
    from deckgen.games.cleariosity.output.pack import larger_levels, outside_tables, tables_note
    from deckgen.i18n import speaking

    deck = load_cleariosity(PRESET_FILES["times-2-9"])
    with speaking("en"):
        (note,) = tables_note(deck)
        assert "×\u00a02-5 on the green cards means 2 × 2 to 5 × 5" in note.text  # one mark, never broken
        outside = outside_tables(deck, deck.tiers[0])
        assert f"not among the green level's facts (2 × 2 to 5 × 5), such as {outside}." in note.text
        assert (
            larger_levels(deck) == " (at most 4 at the yellow level and 6 at the purple level, which have more cards)"
        )
        standard = load_cleariosity()
        assert tables_note(standard) == []
        assert larger_levels(standard) == " (at most 4 at the purple and orange levels, which have more cards)"
    # The equation named is one the green cards make, and lies outside green's tables.
    a, b, c = (int(part) for part in outside.replace("×", " ").replace("=", " ").split())
    green = deck.tier_cards(deck.tiers[0])
    made = {g.values for g in find_groups([raw_card(card) for card in green], deck.tiers[0].ops())}
    assert (a, b, c) in made and a * b == c
    assert not within_tables((a, b, c), "*", deck.tiers[0].factors)


def test_the_times_2_9_pack_does_not_call_a_fact_of_the_2_table_outside_the_tables() -> None:
    """Its levels are facts with both factors from a range (2 × 2 to 5 × 5), not times tables:
    2 × 8 = 16 is in the 2 table, so the pack says its example is not among the green level's
    facts, and the example is one the green cards make with a factor past 5."""
    from deckgen.games.cleariosity.core.groups import find_groups, raw_card
    from deckgen.games.cleariosity.game import PRESET_FILES
    from deckgen.games.cleariosity.output.pack import tables_note
    from deckgen.i18n import speaking

    deck = load_cleariosity(PRESET_FILES["times-2-9"])
    with speaking("en"):
        (note,) = tables_note(deck)
    assert "outside the tables" not in note.text
    said = re.search(
        r"also one that is not among the green level's facts \(2 × 2 to 5 × 5\), such as (\d+) × (\d+) = (\d+)\.$",
        note.text,
    )
    assert said, note.text
    a, b, c = (int(n) for n in said.groups())
    green = deck.tier_cards(deck.tiers[0])
    assert (a, b, c) in {g.values for g in find_groups([raw_card(card) for card in green], deck.tiers[0].ops())}
    assert a * b == c and not (2 <= a <= 5 and 2 <= b <= 5)


@pytest.mark.parametrize("preset", sorted(PRESET_NAMES))
@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_sentence_on_equations_outside_the_level_is_true_for_every_shipped_deck(preset: str, language: str) -> None:
    """Where the pack names an equation outside a level's tables, the level's cards make it, it is
    outside every table in play at that level (worked out from the spec, not the pack), and the
    sentence names the level's facts as they are: "2 × 2 to 5 × 5" for a range of factors, "the 2
    times table" for a times table."""
    from deckgen.games.cleariosity.core.groups import find_groups, raw_card
    from deckgen.games.cleariosity.game import PRESET_FILES
    from deckgen.games.cleariosity.output.pack import tables_note, tables_said
    from deckgen.games.cleariosity.spec.reading import load_spec
    from deckgen.i18n import speaking

    deck = load_cleariosity(PRESET_FILES[preset])
    spec = load_spec(deck.spec) if deck.spec else None
    with speaking(language):
        notes = tables_note(deck)
    if spec is None or not any(spec.tables(n) for n in range(len(spec.tiers))):
        assert notes == []
        return
    level = next(n for n, tier in enumerate(spec.tiers) if set(tier.adds) & {"*", "/"} and spec.tables(n))
    tier = deck.tiers[level]

    def outside(values: tuple[int, int, int], op: str) -> bool:
        first, second = (values[0], values[1]) if op == "*" else (values[1], values[2])
        in_play = [spec.tables(n) for n in range(level + 1) if op in spec.tiers[n].adds]
        return not any(t.holds(first, second) for t in in_play)

    groups = find_groups([raw_card(card) for card in deck.tier_cards(tier)], tier.ops())
    made = {(g.values, op) for g in groups for op in g.ops if op in tier.adds and op in "*/"}
    said = " ".join(note.text for note in notes)
    found = re.search(r"(\d+) ([×·÷:]) (\d+) = (\d+)", said)
    if not any(outside(values, op) for values, op in made):
        assert found is None, said  # no such equation: none is named
        return
    assert found, said
    a, sign, b, c = found.groups()
    values, op = (int(a), int(b), int(c)), "*" if sign in "×·" else "/"
    assert (values, op) in made and outside(values, op), f"{values} is not an equation of the level outside its tables"
    (note,) = notes
    in_play = [spec.tables(n) for n in range(level + 1) if op in spec.tiers[n].adds]
    written = [spec.table_range_of(n) for n in range(level + 1) if op in spec.tiers[n].adds]
    if all(w is not None and w.square for w in written):
        largest = max(written, key=lambda w: w.high if w else 0)
        assert largest is not None
        low, high = (f"{n} {deck.signs.of('*')} {n}" for n in (largest.low, largest.high))
        assert re.search(rf"\({re.escape(low)} [^()]+ {re.escape(high)}\)", note.text), note.text  # "(2 × 2 to 5 × 5)"
    else:
        rows = sorted({row for t in in_play for row in t.rows})
        with speaking(language):
            assert tables_said(rows) in note.text, note.text


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["the 2 times table", "the 2 and 10 times tables", "the 2, 5 and 10 times tables"]),
        ("de", ["die 2er-Reihe", "die Reihen 2 und 10", "die Reihen 2, 5 und 10"]),
        ("fr", ["la table de 2", "les tables de 2 et 10", "les tables de 2, 5 et 10"]),
        ("es", ["la tabla del 2", "las tablas del 2 y 10", "las tablas del 2, 5 y 10"]),
    ],
)
def test_levels_of_times_tables_are_named_in_school_words(language: str, said: list[str]) -> None:
    """A level of the 2, 10 and 5 tables says "the 2 and 10 times tables", as a teacher writes,
    not "tables × 2, × 10"; and a card's small mark "2" (not "2-2") is said as the 2 table."""
    from deckgen.games.cleariosity.output.pack import levels, tables_note
    from deckgen.i18n import speaking

    deck = load_cleariosity(PRESET_FILES["times-2-5-10"])
    with speaking(language):
        rows = levels(deck)
        (note,) = tables_note(deck)
    assert [row[2].split(": ", 1)[-1].split(" : ", 1)[-1].rsplit(" (", 1)[0] for row in rows] == said
    assert [tier.label for tier in deck.tiers] == ["2", "10", "5"]
    assert f"\u00a0{deck.tiers[0].label}" in note.text and "2-2" not in note.text and said[0] in note.text


@pytest.mark.parametrize(("language", "divide"), [("en", "÷"), ("de", ":"), ("fr", ":"), ("es", ":")])
def test_the_divisions_deck_is_said_with_the_divide_sign_the_class_writes(language: str, divide: str) -> None:
    """German, French and Spanish classes write 56 : 8; the divisions of the 2, 5 and 10 tables are printed so."""
    from dataclasses import replace

    from deckgen.games.cleariosity.output.pack import levels, tables_note
    from deckgen.i18n import speaking
    from deckgen.maths_signs import signs_from
    from deckgen.regions import HOME_COUNTRY, usual_signs

    deck = load_cleariosity(PRESET_FILES["divide-2-5-10"])
    deck = replace(deck, signs=signs_from(usual_signs(language, HOME_COUNTRY[language])))
    with speaking(language):
        rows = levels(deck)
        (note,) = tables_note(deck)
    assert all(row[2].endswith(f"({divide})") for row in rows), rows
    assert re.search(rf"\d+ {re.escape(divide)} \d+ = \d+", note.text), note.text
    assert f"{divide}{divide}" not in note.text.replace(" ", "").replace("\u00a0", "")  # never ": : 2"


def test_one_card_pages_do_not_ask_for_a_paper_of_sheets(tmp_path: Path) -> None:
    """On 3 x 5 in index cards each page is a card: the pack used to say "made for US Letter
    paper: choose it in the print dialog" beside "each page is one Treenex card"."""
    request = BuildRequest(games=("treenex",), out=tmp_path, profile="index-cards", formats=("pdf",))
    run(prepare(request))
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(tmp_path / "teacher-pack.pdf").pages).split())
    assert "Each page is one Treenex card" in text
    assert "The sheets are made for" not in text and "Letter paper" not in text
