"""Replacement cards: --only prints just the cards named, fronts and backs, each in the place a
full build gives it (so a reprint matches its set), and --only-set just one set's sheets."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.build import BuildRequest, prepare
from deckgen.cli import main
from deckgen.layout.sheets import SheetPlan


def plan(tmp_path: Path, game: str, **options: object) -> SheetPlan:
    request = BuildRequest(games=(game,), out=tmp_path / "out", options=dict(options), pack=False)
    return prepare(request, plan_lasers=False).decks[game].plan


def placed(page: object) -> set[tuple[str, float, float]]:
    return {(p.face, round(p.x, 6), round(p.y, 6)) for p in page.placements}  # type: ignore[attr-defined]


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge", "fold"])
def test_only_prints_those_cards_fronts_and_backs_where_a_full_build_puts_them(tmp_path: Path, duplex: str) -> None:
    full = plan(tmp_path, "treenex", sets=2, duplex=duplex)
    only = plan(tmp_path, "treenex", sets=2, duplex=duplex, only="T03,t27")
    # Each replacement page is a page of the full build with only some of its cards: found in order.
    pages = iter(enumerate(full.pages))
    for page in only.pages:
        number = next(n for n, p in pages if p.side == page.side and placed(page) <= placed(p))
        assert placed(page), f"an empty page was printed (full page {number})"
    fronts = [p.face for page in only.pages if page.side == "front" for p in page.placements if "label" not in p.face]
    faces = {key for key in full.faces if key.startswith("treenex-") and "label" not in key and "back" not in key}
    kept = [key for key in fronts if key in faces]
    if duplex == "fold":  # fronts and backs share the page: two fronts, each with its back, per set
        assert len([p for page in only.pages for p in page.placements if p.face == "treenex-back"]) == 4
    else:
        assert sum(1 for page in only.pages if page.side == "back") == sum(
            1 for page in only.pages if page.side == "front"
        )
    assert len(kept) == 4  # two cards in each of two sets


def test_only_set_prints_one_sets_sheets_with_its_labels_only(tmp_path: Path) -> None:
    full = plan(tmp_path, "cleariosity", sets=8)
    seventh = plan(tmp_path, "cleariosity", sets=8, only_set=7)
    assert 0 < len(seventh.pages) == len(full.pages) // 8
    labels = {p.face for page in seventh.pages for p in page.placements if "label" in p.face}
    assert labels == {"label-7"}
    assert sum(1 for page in seventh.pages for p in page.placements if p.face.startswith("card-")) == 60


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "cleariosity", "--only", "G99"], "--only G99: no such card in the Cleariosity Numbers deck"),
        (["--game", "treenex", "--sets", "2", "--only-set", "3"], "--only-set 3: this build makes 2 sets"),
        (["--only", "G05"], "--only reprints cards of one deck: choose it with --game"),
        (["--game", "cleariosity", "--only", "G05", "--format", "svg"], "use it with --format pdf alone"),
        (["--game", "cleariosity", "--only", " , "], "--only: name the cards to print by their ids"),
    ],
)
def test_a_replacement_that_cannot_be_printed_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["build", *args, "--out", str(tmp_path / "out")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert message in line
    assert not (tmp_path / "out").exists()


def test_replacements_come_without_the_teacher_pack_unless_asked(tmp_path: Path) -> None:
    assert main(["build", "--game", "cleariosity", "--only", "G05", "--out", str(tmp_path / "a")]) == 0
    assert sorted(p.name for p in (tmp_path / "a").iterdir() if not p.name.startswith(".")) == [
        "cleariosity-numbers-replacements-G05.pdf"
    ]
    assert main(["build", "--game", "cleariosity", "--only", "G05", "--pack", "--out", str(tmp_path / "b")]) == 0
    assert (tmp_path / "b" / "cleariosity-numbers-replacements-G05-teacher-pack.pdf").is_file()


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
def test_a_sheet_not_full_has_cut_guides_around_its_printed_cards_only(tmp_path: Path, duplex: str) -> None:
    """Three flash cards on a sheet of eight: marks around those three, on the fronts and, turned
    over as the sheet is, on the backs; a full sheet keeps its marks as before."""
    from deckgen.layout.primitives import Stroke
    from deckgen.layout.sheets import MARK_LENGTH, MARK_OFFSET

    sheet = tmp_path / "three.csv"
    sheet.write_text("front,back\na,1\nb,2\nc,3\n", encoding="utf-8")
    request = BuildRequest(
        games=("flashcards",), out=tmp_path / "out", files={"flashcards": sheet}, options={"duplex": duplex}, pack=False
    )
    deck = prepare(request, plan_lasers=False).decks["flashcards"]
    front, back = deck.plan.pages
    reach = MARK_OFFSET + MARK_LENGTH + 1e-6
    for page in (front, back):
        cards = [(p.x, p.y) for p in page.placements]
        card_w, card_h = deck.settings.card
        x0, y0 = min(x for x, _ in cards), min(y for _, y in cards)
        x1, y1 = max(x for x, _ in cards) + card_w, max(y for _, y in cards) + card_h
        marks = [point for mark in page.extras if isinstance(mark, Stroke) for point in mark.points]
        assert marks, "the printed cards keep their marks"
        assert all(x0 - reach <= x <= x1 + reach and y0 - reach <= y <= y1 + reach for x, y in marks), page.side


def test_ids_may_be_apart_by_spaces_or_commas(tmp_path: Path) -> None:
    spaced = plan(tmp_path, "treenex", only="T03 t17")
    commas = plan(tmp_path, "treenex", only="T03,T17")
    assert [placed(page) for page in spaced.pages] == [placed(page) for page in commas.pages]


# -- files of their own: a replacement build never touches the class set's files ------------------


def placed_forms(path: Path) -> list[list[str]]:
    """The forms (card faces, set labels) each page of a PDF places, by name, in order."""
    import re

    from pypdf import PdfReader

    pages = []
    for page in PdfReader(path).pages:
        stream = page.get_contents()
        text = stream.get_data().decode("latin-1") if stream is not None else ""
        pages.append(re.findall(r"/FormXob\.(F[A-Za-z0-9_]+) Do", text))
    return pages


def user_files(folder: Path) -> dict[str, bytes]:
    """Every file a teacher sees in a folder (not deckgen's hidden bookkeeping), with its bytes."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    }


@pytest.mark.parametrize(
    ("game", "ids", "stem", "card_form"),
    [
        ("cleariosity", "G05,Y11", "cleariosity-numbers", "Fcard_"),
        # Backs printed two-sided: the full build and the replacement each write a calibration sheet.
        ("treenex", "T17, t03", "treenex", "Ftreenex_T"),
    ],
)
@pytest.mark.parametrize("pack", [False, True])
def test_a_replacement_build_leaves_the_class_sets_files_as_they_were(
    tmp_path: Path, game: str, ids: str, stem: str, card_form: str, pack: bool
) -> None:
    """Full build, then replacement cards into the same folder (the docs' example has no --out):
    the class set's PDF, pack and calibration sheet are byte for byte as before, and the
    replacement cards are in a file named for them."""
    out = tmp_path / "out"
    assert main(["build", "--game", game, "--sets", "3", "--out", str(out)]) == 0
    before = user_files(out)
    assert f"{stem}.pdf" in before and "teacher-pack.pdf" in before
    replacement = ["build", "--game", game, "--sets", "3", "--only", ids, "--out", str(out)]
    assert main(replacement + (["--pack"] if pack else [])) == 0
    after = user_files(out)
    assert {name: after.get(name) for name in before} == before, "a file of the class set was changed"
    wanted = sorted(part.strip().upper() for part in ids.split(","))
    name = f"{stem}-replacements-{'-'.join(wanted)}"
    expected = {f"{name}.pdf"} | ({f"{name}-teacher-pack.pdf"} if pack else set())
    if pack and "calibration.pdf" in before:
        expected.add(f"{name}-calibration.pdf")
    assert set(after) - set(before) == expected
    cards = [form for page in placed_forms(out / f"{name}.pdf") for form in page if form.startswith(card_form)]
    assert sorted(cards) == sorted(f"{card_form}{card_id.removeprefix('T')}" for card_id in wanted * 3)
    # A full build again: the replacements are not its files to remove, nor its own to replace.
    assert main(["build", "--game", game, "--sets", "3", "--out", str(out)]) == 0
    assert user_files(out) == after


def test_a_long_list_of_ids_gives_a_short_file_name_of_its_own(tmp_path: Path) -> None:
    """Twenty cards named: a file name that stays short, and that differs from another twenty's."""
    from deckgen.games import game

    deck = game("cleariosity").load(None, {})
    ids = [card.id for card in deck.cards]
    names = []
    for chosen in (ids[:20], ids[:19] + ids[-1:]):
        out = tmp_path / str(len(names))
        assert main(["build", "--game", "cleariosity", "--only", ",".join(chosen), "--out", str(out)]) == 0
        (made,) = user_files(out)
        assert made.startswith("cleariosity-numbers-replacements-") and len(made) <= 80, made
        names.append(made)
    assert names[0] != names[1]


def test_one_sets_replacement_is_named_for_that_set(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["build", "--game", "treenex", "--sets", "8", "--only-set", "7", "--out", str(out)]) == 0
    assert (
        main(["build", "--game", "treenex", "--sets", "8", "--only-set", "7", "--only", "T03", "--out", str(out)]) == 0
    )
    assert set(user_files(out)) == {"treenex-replacements-set-7.pdf", "treenex-replacements-set-7-T03.pdf"}


# -- cards with nothing behind them: as few sheets as they fill, and a packing list of them alone ------


@pytest.mark.parametrize(
    ("game", "options", "per_set"),
    [
        ("cleariosity", {"sets": 30, "only": "G05,Y11"}, 2),
        ("treenex", {"sets": 12, "only": "T03 T17 T40", "media": "transparency"}, 3),
        ("cleariosity", {"sets": 4, "only_set": 3, "set_sheets": "shared"}, 60),
    ],
)
def test_replacements_with_no_backs_go_on_as_few_sheets_as_they_fill(
    tmp_path: Path, game: str, options: dict[str, object], per_set: int
) -> None:
    """Where no back has to land behind its card, a card's place on the sheet does not matter:
    60 replacement cards on 60 sheets of film wasted 56 of them."""
    from deckgen.layout.decks import sheet_grid

    deck = prepare(
        BuildRequest(games=(game,), out=tmp_path / "out", options=dict(options), pack=False), plan_lasers=False
    ).decks[game]
    per_sheet = sheet_grid(deck.settings).per_page
    sets = 1 if "only_set" in options else int(options["sets"])  # type: ignore[call-overload]
    assert len(deck.plan.pages) == -(-(per_set * sets) // per_sheet)
    assert all(page.side == "front" for page in deck.plan.pages)
    # Every sheet but the last is full; the last fills its first places.
    counts = [sum(1 for p in page.placements if "label" not in p.face) for page in deck.plan.pages]
    assert counts[:-1] == [per_sheet] * (len(counts) - 1) and 0 < counts[-1] <= per_sheet


def pack_text(path: Path) -> str:
    from tests.pdfcheck import run_tool

    return run_tool("pdftotext", "-layout", str(path), "-")


def test_a_replacement_packing_list_states_what_the_pdf_holds(tmp_path: Path) -> None:
    """--sets 30 --only G05,Y11 --pack: every figure of the packing list is the PDF's (no "60 cards
    per set" or "210 sheets" of the class set)."""
    import re

    out = tmp_path / "out"
    args = ["build", "--game", "cleariosity", "--sets", "30", "--only", "G05,Y11", "--pack", "--out", str(out)]
    assert main(args) == 0
    stem = "cleariosity-numbers-replacements-G05-Y11"
    pages = placed_forms(out / f"{stem}.pdf")
    cards = [form for page in pages for form in page if form.startswith("Fcard_")]
    labels = [form for page in pages for form in page if form.startswith("Flabel_")]
    sets_printed = len(set(labels))
    per_set = {labels.count(label) for label in set(labels)}
    assert sets_printed == 30 and per_set == {2} and len(cards) == 60
    text = pack_text(out / f"{stem}-teacher-pack.pdf")
    start = text.index("Packing list")
    listing = text[start : text.index("Printing guide", start)]
    listing = re.sub(r"\n\s*Page \d+\s*\n", "\n", listing)  # the page's footer is not the list's
    row = re.search(r"Cleariosity Numbers\s+(\d+)\s+(\w+)\s+(\d+)\s", listing)
    assert row, listing
    assert int(row.group(1)) == 2  # cards of each set
    assert row.group(2) == "shared"  # the sets' replacement cards share sheets
    assert int(row.group(3)) == len(pages)  # sheets in all
    # Every figure the list states is one of the PDF's: ids, sets, cards, sheets.
    figures = re.findall(r"\b\d[\d,]*\b", re.sub(r"\b[A-Z]\d+\b", "", listing))
    assert sorted(set(figures)) == sorted({"2", str(len(pages)), "30", "60"}), listing
    assert re.search(r"G05 and Y11 of each of the 30 sets, 60 cards in all", " ".join(listing.split())), listing


# -- a lost card reprinted from the pack: the same card -----------------------------------------------


def form_content(reader: object, resources: object, name: str) -> list[tuple[str, bytes]]:
    """A form's drawing, as bytes, with that of every form it places (glyphs), by name: what the
    form looks like, wherever the page puts it."""
    import re

    xobjects = resources["/XObject"].get_object()  # type: ignore[index]
    form = xobjects[f"/FormXob.{name}"].get_object()
    data = form.get_data()
    inner = form.get("/Resources", resources)
    drawn = [(name, data)]
    for used in sorted(set(re.findall(rb"/FormXob\.([A-Za-z0-9_]+) Do", data))):
        drawn += form_content(reader, inner, used.decode("ascii"))
    return drawn


def forms_as_drawn(path: Path, prefix: str) -> dict[str, list[tuple[str, bytes]]]:
    """Every form the PDF places whose name starts with ``prefix``, as drawn."""
    from pypdf import PdfReader

    reader = PdfReader(path)
    found: dict[str, list[tuple[str, bytes]]] = {}
    for page, names in zip(reader.pages, placed_forms(path), strict=True):
        for name in names:
            if name.startswith(prefix) and name not in found:
                found[name] = form_content(reader, page["/Resources"], name)
    return found


def the_packs_command(text: str, footer: str) -> str:
    """The command the pack prints under "A lost or damaged card": it ends the pack, before the
    last page's footer (``footer``: its first word, "Page" in English)."""
    words = text.split()
    start = max(i for i in range(len(words) - 1) if words[i : i + 2] == ["deckgen", "build"])
    end = words.index(footer, start) if footer in words[start:] else len(words)
    return " ".join(words[start:end])


def plain(text: str) -> str:
    """Text as compared across line breaks: no spaces, no hyphens (a line may break at either)."""
    import re

    return re.sub(r"[\s\-\u00ad\u2010]", "", text)


@pytest.mark.parametrize(
    ("language", "game", "extra", "front", "labels"),
    [
        ("en", "cleariosity", [], "Fcard_", "Flabel_"),
        ("de", "cleariosity", ["--preset", "times-2-9"], "Fcard_", "Flabel_"),  # the German signs, a preset
        ("fr", "treenex", ["--paper", "a4"], "Ftreenex_T", "Ftreenex_label_"),  # backs behind the cards
        ("es", "cleariosity", ["--signs", "·÷", "--card-size", "60x84mm"], "Fcard_", "Flabel_"),
    ],
)
def test_the_pack_says_how_to_reprint_a_lost_card_and_its_command_makes_the_same_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, game: str, extra: list[str], front: str, labels: str
) -> None:
    """In every language the pack says how to print a lost card again, with a command; run as
    given, it prints that card exactly as the class set has it: its face, set label and back
    are the same drawing, byte for byte, and the class set's files are left as they were."""
    import re
    import shlex

    from deckgen import pack_text as words
    from deckgen.i18n import _, speaking

    monkeypatch.chdir(tmp_path)
    out = tmp_path / "output"
    assert main(["build", "--lang", language, "--game", game, "--sets", "3", *extra]) == 0
    before = user_files(out)
    (pack,) = [name for name in before if name.endswith("teacher-pack.pdf")]
    text = pack_text(out / pack)
    with speaking(language):
        command = the_packs_command(text, _("Page {number}").split()[0])
    example = shlex.split(command)[shlex.split(command).index("--only") + 1]
    with speaking(language):
        sentence = _(words.REPRINT_SETS).format(id=example, number="1")
        heading = _(words.REPRINT_HEADING)
    assert language == "en" or sentence != words.REPRINT_SETS.format(id=example, number="1"), "not translated"
    assert plain(heading) in plain(text) and plain(sentence) in plain(text), text[-1500:]
    assert (f"--lang {language}" in command) == (language != "en")
    args = shlex.split(command)
    assert (
        args[:2] == ["deckgen", "build"] and "--out" not in args and args[-4:] == ["--only", example, "--only-set", "1"]
    )
    (full,) = [name for name in before if name.endswith(".pdf") and not name.endswith(("pack.pdf", "calibration.pdf"))]
    drawn = forms_as_drawn(out / full, front)
    # As the pack says, the lost card's id and set number in place of the example's: the deck's
    # last card (a sign of times or divide, where the deck has them), of set 3.
    lost = re.sub(r"^F[a-z]+_", "", list(drawn)[-1])
    for card, number in ((example, "1"), (lost, "3")):
        assert main([*args[1:-4], "--only", card, "--only-set", number]) == 0  # in the class set's folder
        after = user_files(out)
        assert {name: after[name] for name in before} == before, "a file of the class set was changed"
        reprint = next(name for name in after if name.endswith(f"-replacements-set-{number}-{card}.pdf"))
        again = forms_as_drawn(out / reprint, front)
        assert [name.endswith(f"_{card}") for name in again] == [True], again.keys()
        assert again == {name: drawn[name] for name in again}, f"{card} is not drawn as in the class set"
        label = forms_as_drawn(out / reprint, labels)
        assert list(label) == [f"{labels}{number}"] and label == {
            k: forms_as_drawn(out / full, labels)[k] for k in label
        }
        if game == "treenex":  # the back behind it: the same drawing
            assert forms_as_drawn(out / reprint, "Ftreenex_back") == forms_as_drawn(out / full, "Ftreenex_back") != {}


def test_each_decks_reprint_command_in_a_kit_of_two_games_is_one_the_build_takes(tmp_path: Path) -> None:
    """A kit of two games with options for one of them (signs, values, a film-only --mirror) and
    laser files: each deck's command is for its PDF alone, with only what its cards use, and runs
    (Treenex keeps the signs: its rules print them)."""
    import re
    import shlex

    out = tmp_path / "kit"
    kit = ["--game", "cleariosity", "--game", "treenex", "--sets", "2", "--signs", "·:", "--values", "1-8"]
    kit += ["--mirror", "--format", "pdf", "--format", "svg", "--kerf", "0.2mm", "--out", str(out)]
    assert main(["build", *kit]) == 0
    text = " ".join(pack_text(out / "teacher-pack.pdf").split())
    commands = [
        re.split(r" (?:To print|Page \d)", "deckgen build" + chunk)[0] for chunk in text.split("deckgen build")[1:]
    ]
    assert [shlex.split(c)[shlex.split(c).index("--game") + 1] for c in commands] == ["cleariosity", "treenex"]
    for command, leaves_out in zip(commands, [["--values"], ["--mirror"]], strict=True):
        args = shlex.split(command)
        assert "--kerf" not in args and "svg" not in args and not set(leaves_out) & set(args), command
        assert main([*args[1:], "--out", str(tmp_path / args[args.index("--game") + 1])]) == 0, command
