"""A teacher's refusals in the language the command speaks: each line is the message's id,
translated with the language's catalogue, its fields (the value typed, sizes with the
language's decimal mark, the folder) filled in as the code fills them.

Where a message has no translation yet the expected line is English, as the command's is;
once the catalogues carry these messages, a refusal still built in English fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.i18n import _, decimal_g, speaking
from deckgen.locks import let_go, take_folder
from deckgen.units import PAPER_SIZES

LANGUAGE = "de"


def refusal(args: list[str], capsys: pytest.CaptureFixture[str], status: int = 1) -> str:
    """The one line ``deckgen ARGS --lang de`` says on stderr, less its ``deckgen: error:``."""
    assert main([*args, "--lang", LANGUAGE]) == status
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0].removeprefix("deckgen: error: ")


def typed_wrong(option: str, message: str) -> str:
    """A value click refused where it was typed: introduced, and pointed at ``--help``."""
    introduced = _("Invalid value for {option}: {message}").format(option=f"'{option}'", message=message)
    return introduced + " " + _("(see '{command} --help')").format(command="deckgen build")


def test_a_paper_size_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    said = refusal(["build", "--paper", "nonsense", "--out", str(tmp_path)], capsys, status=2)
    with speaking(LANGUAGE):
        message = _("{what} {text}: use one of {sizes} or WxH with a unit, e.g. 8.5x11in or 210x297mm").format(
            what=_("paper"), text=repr("nonsense"), sizes=", ".join(PAPER_SIZES)
        )
        assert said == typed_wrong("--paper", message)


def test_a_length_without_its_unit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    said = refusal(["build", "--bleed", "5", "--out", str(tmp_path)], capsys, status=2)
    with speaking(LANGUAGE):
        message = _("length {text}: add a unit, e.g. {number}mm or {number}in").format(text=repr("5"), number="5")
        assert said == typed_wrong("--bleed", message)


def test_a_card_larger_than_the_paper(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["build", "--game", "treenex", "--card-size", "300x400mm", "--paper", "a4", "--out", str(tmp_path)]
    said = refusal(args, capsys)
    with speaking(LANGUAGE):
        width, height = PAPER_SIZES["a4"]
        assert said == _(
            "a {width} x {height} mm card does not fit in the printable area of a {page_width} x "
            "{page_height} mm page ({margin} mm margins); choose larger paper, a smaller card or a smaller "
            "--margin"
        ).format(width="300", height="400", page_width=decimal_g(width), page_height=decimal_g(height), margin="5")


def test_a_profile_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from deckgen.profiles import load_profiles

    said = refusal(["build", "--profile", "nonsense", "--out", str(tmp_path)], capsys)
    with speaking(LANGUAGE):
        assert said == _("unknown profile {name}; choose one of {profiles} (see templates/profiles.toml)").format(
            name=repr("nonsense"), profiles=", ".join(load_profiles())
        )


def test_an_option_that_would_do_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["build", "--game", "treenex", "--media", "cardstock", "--mirror", "--out", str(tmp_path)]
    said = refusal(args, capsys)
    with speaking(LANGUAGE):
        reason = _(
            "it prints the sheets mirror-image for the back of transparency film, and {game} is printed on "
            "{media}; leave it out, or add --media transparency"
        ).format(game=_("Treenex"), media=_("card stock"))
        assert said == _("{option} does nothing here: {reason}").format(option="--mirror", reason=reason)


def test_a_folder_another_build_is_writing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    out.mkdir()
    held = take_folder(out)  # as a build running meanwhile holds it
    try:
        said = refusal(["build", "--game", "treenex", "--no-pack", "--out", str(out)], capsys)
    finally:
        let_go(held)
    with speaking(LANGUAGE):
        assert said == _(
            "--out {out}: another deckgen build is writing into this folder; wait for it to finish, or "
            "choose another --out"
        ).format(out=out)


def test_a_folder_where_a_deck_goes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "treenex.pdf").mkdir()
    said = refusal(["build", "--game", "treenex", "--no-pack", "--out", str(tmp_path)], capsys)
    with speaking(LANGUAGE):
        assert said == _("--out {out}: {place} is a folder, where a file goes; move it away").format(
            out=tmp_path, place=tmp_path / "treenex.pdf"
        )


def test_a_file_deckgen_did_not_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["build", "--game", "treenex", "--no-pack", "--out", str(out)]) == 0
    (out / "png").mkdir()
    (out / "png" / "T05.png").write_bytes(b"a teacher's own picture")
    capsys.readouterr()
    args = ["build", "--game", "treenex", "--format", "png", "--dpi", "72", "--no-pack", "--out", str(out)]
    said = refusal(args, capsys)
    with speaking(LANGUAGE):
        assert said == _(
            "--out {out}: {place} was not written by deckgen, and this build would replace it; move it "
            "away, or choose another --out"
        ).format(out=out, place=out / "png" / "T05.png")
    assert (out / "png" / "T05.png").read_bytes() == b"a teacher's own picture"
