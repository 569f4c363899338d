"""A class's maths signs: --signs ·: prints · and : on the cards' tier marks (read back from the
rendered PDF), in the answer keys and rules (read back as text), in `deckgen show`, and in the
Treenex rules; --signs ×÷ prints the default build's pages (the default build's own look is held
by the golden tests). --lang de prints the signs German schools write unless --signs says others."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image

from deckgen.build import BuildRequest, prepare
from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.output.faces import CleariosityGeometry
from deckgen.maths_signs import CHOICES, STANDARD_SIGNS, Signs, signs_from
from deckgen.units import CARD_SIZES

DPI = 300


def build(folder: Path, *args: str) -> Path:
    assert main(["build", "--deck", "cleariosity", "--out", str(folder), *args]) == 0
    return folder


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def mark_darkness(folder: Path, card: str, signs: str | None, language: str = "en") -> dict[str, float]:
    """How dark the PDF's mark beside ``card``'s dot is at three places, rendered at 300 dpi:
    its middle (the bar of ÷ and the crossing of ×, the dot of ·: dark; the gap of : light),
    above its middle (an arm of ×, the upper dot of ÷ and :; nothing of ·) and its whole box.
    ``language``: the build's (which sets the paper, and so where the card is on its sheet)."""
    options = {"signs": signs} if signs else {}
    request = BuildRequest(games=("cleariosity",), out=folder, options=options, pack=False, language=language)
    plan = prepare(request, plan_lasers=False).decks["cleariosity"].plan
    number, place = next((n, p) for n, page in enumerate(plan.pages) for p in page.placements if p.face == card)
    stem = folder / f"page-{card}"
    pdf = folder / "cleariosity-numbers.pdf"
    subprocess.run(
        ["pdftoppm", "-r", str(DPI), "-png", "-gray", "-f", str(number + 1), "-l", str(number + 1), "-singlefile"]
        + [str(pdf), str(stem)],
        check=True,
    )
    image = Image.open(f"{stem}.png")
    geometry = CleariosityGeometry(*CARD_SIZES["poker"])
    cx, cy = geometry.dot_centre
    size = geometry.symbol_size
    left = place.x + cx + geometry.dot_radius + 1.2  # where the mark starts (see faces.tier_mark)

    def dark(x0: float, y0: float, x1: float, y1: float) -> float:
        box = [round(v * DPI / 25.4) for v in (left + x0 * size, place.y + y0, left + x1 * size, place.y + y1)]
        pixels = image.crop(tuple(box)).tobytes()
        return sum(1 for value in pixels if value < 128) / len(pixels)

    return {
        "middle": dark(0.0, cy - 0.04 * size, 0.6, cy + 0.04 * size),
        "above": dark(0.0, cy - 0.30 * size, 0.6, cy - 0.18 * size),
        "box": dark(0.0, cy - 0.6 * size, 0.7, cy + 0.6 * size),
    }


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("german"), "--signs", "·:")


@pytest.fixture(scope="module")
def standard(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("standard"))


def test_german_signs_on_the_cards_marks(german: Path, standard: Path) -> None:
    """Purple's mark is a centred dot (no arms of ×) and orange's a colon (no bar of ÷), read back
    from the printed PDF; in the standard build they are × and ÷."""
    times, divide = mark_darkness(german, "card-P01", "·:"), mark_darkness(german, "card-O01", "·:")
    old_times, old_divide = mark_darkness(standard, "card-P01", None), mark_darkness(standard, "card-O01", None)
    assert old_divide["middle"] > 0.5 and divide["middle"] == 0  # ÷'s bar; : has none
    assert divide["above"] > 0 and old_divide["above"] > 0  # the upper dot of both
    assert times["middle"] > 0 and old_times["middle"] > 0  # the dot of ·, the crossing of ×
    assert old_times["above"] > 0 and times["above"] == 0  # ×'s arms; · has none
    assert 0 < times["box"] < old_times["box"] / 2


def test_german_signs_in_the_answer_keys_and_rules(german: Path, standard: Path) -> None:
    pack = text_of(german / "teacher-pack.pdf")
    keys = pack[pack.index("Answer key: purple level") : pack.index("Packing list")]
    assert "·" in keys and ":" in keys.split("Answer key: orange level")[1]
    assert "×" not in keys and "÷" not in keys
    assert "(+ − · :)" in pack  # the levels table
    assert "3 × 3" in pack  # the grid is three by three, not a product
    before = text_of(standard / "teacher-pack.pdf")
    assert "(+ − × ÷)" in before and "÷" in before[before.index("Answer key: orange level") :]


def test_the_default_signs_are_the_standard_ones_byte_for_byte(tmp_path: Path, standard: Path) -> None:
    """--signs ×÷ gives the default build's files, apart from the command each PDF records (and the
    pack prints, to reprint a lost card: with --signs ×÷ in it)."""
    again = build(tmp_path / "again", "--signs", "×÷")
    assert text_of(again / "cleariosity-numbers.pdf") == text_of(standard / "cleariosity-numbers.pdf")
    pack = text_of(again / "teacher-pack.pdf")
    assert "deckgen build --format pdf --game cleariosity --signs '×÷' --only G01" in pack
    assert pack.replace(" --signs '×÷'", "") == text_of(standard / "teacher-pack.pdf")
    page = "5"
    pictures = []
    for folder in (again, standard):
        stem = folder / "p5"
        subprocess.run(
            ["pdftoppm", "-r", "60", "-png", "-f", page, "-l", page, "-singlefile"]
            + [str(folder / "cleariosity-numbers.pdf"), str(stem)],
            check=True,
        )
        pictures.append(Image.open(f"{stem}.png").tobytes())
    assert pictures[0] == pictures[1]


def test_show_writes_the_class_signs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from deckgen.games.cleariosity.analysis.tier_report import teaching_partition
    from deckgen.games.cleariosity.spec.deckfile import CLEARIOSITY_FILE, load_cleariosity

    deck = load_cleariosity(CLEARIOSITY_FILE)
    orange = deck.tiers[3]
    group = teaching_partition(deck, orange).groups[0]
    ids = [deck.colour_cards(orange)[i].id for i in group.cards]
    assert main(["show", *ids, "--signs", "·:", "--out", str(tmp_path / "s.png")]) == 0
    a, b, c = group.values
    assert f"{a} : {b} = {c}" in capsys.readouterr().out
    assert main(["show", *ids, "--out", str(tmp_path / "t.png")]) == 0
    assert f"{a} ÷ {b} = {c}" in capsys.readouterr().out


def test_treenex_rules_in_the_class_signs(tmp_path: Path) -> None:
    assert main(["build", "--deck", "treenex", "--signs", "·:", "--out", str(tmp_path)]) == 0
    pack = text_of(tmp_path / "teacher-pack.pdf")
    rules = pack[: pack.index("Packing list")]  # rules and score sheet (the guide's sizes are 76.2 × 127 mm)
    assert "a · b + c" in rules and "(a + b) · c" in rules and "×" not in rules


def test_signs_are_checked() -> None:
    assert [signs_from(text).text for text in CHOICES] == list(CHOICES)
    assert signs_from(None) == STANDARD_SIGNS == Signs("×", "÷")
    with pytest.raises(DeckgenError, match="choose one of ×÷, ·:, ×:, ·÷"):
        signs_from("x/")
    assert Signs("·", ":").written("7 × 8 = 56, 56 ÷ 8 = 7") == "7 · 8 = 56, 56 : 8 = 7"


def test_signs_apply_to_games_that_multiply_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--game", "flashcards", "--signs", "·:"]) != 0
    assert "--signs applies to" in capsys.readouterr().err


def test_no_expression_in_the_class_signs_is_split_across_lines(tmp_path: Path) -> None:
    """ "a · b − c" stays on one line as "a × b − c" does (the pack glues every class's signs)."""
    args = ["--deck", "treenex", "--paper", "a4", "--duplex", "fold", "--values", "10-19", "--copies", "3"]
    assert main(["build", *args, "--signs", "·:", "--out", str(tmp_path)]) == 0
    lines = [line.strip() for line in text_of(tmp_path / "teacher-pack.pdf").splitlines()]
    assert any("a · b − c" in line for line in lines)
    for line in lines:
        assert not line.endswith("·") and not line.startswith(("· ", ": ")), line


@pytest.fixture(scope="module")
def german_class(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build in German, signs not given: those German schools write."""
    return build(tmp_path_factory.mktemp("german-class"), "--lang", "de")


def test_a_german_build_prints_german_signs_on_marks_and_in_answer_keys(german_class: Path) -> None:
    times = mark_darkness(german_class, "card-P01", "·:", "de")
    divide = mark_darkness(german_class, "card-O01", "·:", "de")
    assert divide["middle"] == 0 and divide["above"] > 0  # a colon: two dots, no bar
    assert times["middle"] > 0 and times["above"] == 0  # a centred dot, no arms
    pack = text_of(german_class / "teacher-pack.pdf")
    keys = pack[pack.index("Lösungsblatt: Stufe Lila") : pack.index("Packliste: ")]
    orange = keys.split("Lösungsblatt: Stufe Orange")[1]
    assert "·" in keys and ":" in orange and "×" not in keys and "÷" not in keys
    assert "(+ − · :)" in pack


def test_signs_given_with_a_language_win_over_its_usual_ones(tmp_path: Path, german_class: Path) -> None:
    """--lang de --signs ×÷: the German pack with the default signs, on the marks and in the keys."""
    chosen = build(tmp_path, "--lang", "de", "--signs", "×÷")
    times, divide = mark_darkness(chosen, "card-P01", None, "de"), mark_darkness(chosen, "card-O01", None, "de")
    assert divide["middle"] > 0.5 and times["above"] > 0  # ÷'s bar, ×'s arms
    pack = text_of(chosen / "teacher-pack.pdf")
    keys = pack[pack.index("Lösungsblatt: Stufe Orange") : pack.index("Packliste: ")]
    assert "÷" in keys and "(+ − × ÷)" in pack and "Lösungsblatt" in pack
    # Only the signs differ from the German build's pack.
    german = text_of(german_class / "teacher-pack.pdf").replace("·", "×")
    assert len(pack.splitlines()) == len(german.splitlines())
