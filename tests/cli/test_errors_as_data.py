"""Errors as data: what the page and a job's parent do about a refusal follows from the error's
fields (its code, the option it concerns, its cause), never from its words. Each test words a
message differently (a translation changed, a sentence reworded) and the page still behaves;
the command line's line stays as it was."""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from deckgen.errors import Code, DeckgenError
from deckgen.i18n import _
from deckgen.outcome import Outcome
from deckgen.serve.job_state import JobState

HOST = "testserver"
ROOT = Path(__file__).parents[2]
RULED_OUT_SPEC = Path(__file__).parents[1] / "data" / "ruled-out-spec.toml"
PAIRS_SPEC = ROOT / "templates" / "cleariosity" / "specs" / "pairs.toml"
#: A design of the pairs spec far too short to pass (four seconds), as the page would run it.
FAILING_DESIGN = ["design", "--seed", "1", "--spec", str(PAIRS_SPEC), "--iterations", "100"]
FAILING_DESIGN += ["--attempts", "1", "--games", "50", "--out", "deck.toml"]


class ListQueue:
    """A queue that only remembers what was put on it (the test runs the job itself)."""

    def __init__(self) -> None:
        self.jobs: list[str] = []

    def submit(self, job_id: str, lane: str) -> None:
        self.jobs.append(job_id)


def reworded(module: Any, monkeypatch: pytest.MonkeyPatch, *phrases: str) -> None:
    """Say ``phrases`` otherwise in ``module`` (as a changed translation would)."""
    spoken: Callable[[str], str] = module._

    def translated(text: str) -> str:
        said = spoken(text)
        return f"in other words, {said}" if text in phrases else said

    monkeypatch.setattr(module, "_", translated)


def designed(tmp_path: Path, words: list[str], command: Callable[..., Outcome]) -> JobState:
    """A design job of the page run to its end (by ``command``); its state as the page reads it."""
    from deckgen.serve import tasks
    from deckgen.serve.store import FolderStore

    store = FolderStore(tmp_path / "store")
    job = tasks.submit(store, ListQueue(), "design", words, game="cleariosity", seed=1, language="en")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    tasks.execute(job, store, scratch, command=command)
    state = tasks.state_of(store, job)
    assert state is not None
    return state


def test_a_design_no_deck_can_meet_is_told_so_by_its_code_however_it_is_worded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal of a spec no deck can meet, worded otherwise: the page still offers no other
    search (it reads the error's code, not the words "no deck can meet this spec")."""
    from deckgen.browser import run_here
    from deckgen.games.cleariosity.spec import feasible
    from deckgen.serve.designs import Design

    monkeypatch.setattr(feasible, "RULED_OUT", "a deck like this cannot be made")
    words = ["design", "--seed", "1", "--spec", str(RULED_OUT_SPEC), "--out", "deck.toml"]
    state = designed(tmp_path, words, run_here)
    assert state.state == "failed" and "ruled-out-spec.toml: a deck like this cannot be made: " in state.message
    assert state.searched is False
    assert not Design("ruled-out-spec.toml", 1, "job", state).can_search_again


def test_a_design_that_finds_no_deck_gives_the_pages_advice_however_the_command_words_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line's advice (--seed, --time-limit), worded otherwise: the page still says
    its own advice in its place (it takes the error's cause, not a phrase it looks for)."""
    from deckgen.browser import run_here
    from deckgen.games.cleariosity import commands
    from deckgen.serve.designs import Design
    from deckgen.serve.tasks import PAGE_ADVICE

    reworded(commands, monkeypatch, "try another --seed or a longer --time-limit")
    state = designed(tmp_path, FAILING_DESIGN, run_here)
    said = state.message
    assert state.state == "failed" and said.startswith("after 1 attempt no designed deck passes"), said
    assert said.endswith("; no deck written; " + _(PAGE_ADVICE)), said
    assert "--seed" not in said and "in other words" not in said
    assert Design("pairs.toml", 1, "job", state).can_search_again


def test_a_design_childs_outcome_is_json_the_parent_reads(tmp_path: Path) -> None:
    """The child of a design writes how it ended as JSON: refused up front (no deck can meet
    the spec), no deck in the time given (with the message less the command line's advice), or
    its deck written; the parent reads that file, and its line is the command line's."""
    from deckgen.serve.jobs import run_command

    refused = run_command(["design", "--seed", "1", "--spec", str(RULED_OUT_SPEC), "--out", "x.toml"], tmp_path)
    assert refused.status == 1 and refused.code is Code.RULED_OUT and refused.option is None
    assert refused.message == _cli_line(
        ["design", "--seed", "1", "--spec", str(RULED_OUT_SPEC), "--out", "y.toml"], tmp_path
    )

    failed = run_command(FAILING_DESIGN, tmp_path)
    assert failed.status == 1 and failed.code is Code.SEARCH_FAILED and failed.cause is not None
    assert failed.message == f"{failed.cause}; {_('try another --seed or a longer --time-limit')}"
    assert failed.cause.endswith("; no deck written") and not (tmp_path / "deck.toml").exists()

    done = run_command(["design", "--seed", "1", "--spec", "starter", "--out", "starter.toml"], tmp_path)
    assert done == Outcome(0) and (tmp_path / "starter.toml").exists()


def test_a_build_childs_outcome_names_the_option_it_refuses(tmp_path: Path) -> None:
    """A refused value, where it is typed and where the settings are worked out: the outcome
    names the option (``kerf``), its line is the one the command line prints."""
    from deckgen.serve.jobs import run_command

    for value, status in (("abc", 2), ("5mm", 1)):
        words = ["build", "--deck", "treenex", "--format", "svg", "--kerf", value, "--out", "out"]
        outcome = run_command(words, tmp_path)
        assert (outcome.status, outcome.code, outcome.option) == (status, Code.BAD_VALUE, "kerf")
        assert outcome.message == _cli_line(words, tmp_path)


def test_a_child_that_wrote_no_outcome_ended_with_its_status_alone(tmp_path: Path) -> None:
    """Killed before it could write (or given a file that is not JSON), a command's outcome is its exit status."""
    assert Outcome.read(tmp_path / "none.json", -9) == Outcome(-9)
    (tmp_path / "bad.json").write_text("deckgen: error: --kerf 5 mm", encoding="utf-8")
    assert Outcome.read(tmp_path / "bad.json", 1) == Outcome(1)
    Outcome(1, "said", Code.BAD_VALUE, "kerf").write(tmp_path / "good.json")
    assert Outcome.read(tmp_path / "good.json", 1) == Outcome(1, "said", Code.BAD_VALUE, "kerf")


def test_the_page_puts_a_refusal_beside_the_field_of_its_option_however_it_is_worded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kerf the laser cannot have, its message worded otherwise (no longer beginning with
    ``--kerf``): the page still shows it beside the kerf field."""
    from deckgen.layout.laser import bed
    from deckgen.serve.app import ServeConfig, create_app

    reworded(
        bed, monkeypatch, "--kerf {kerf} mm: a laser burns away 0.05 to 0.5 mm; use at most {most} mm, e.g. 0.15mm"
    )
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    app = create_app(ServeConfig(allowed_hosts=(HOST,)))
    with TestClient(app, base_url=f"http://{HOST}", follow_redirects=False) as page:
        said = page.get("/summary", params={"game": "treenex", "cutting": "laser", "kerf": "5mm"}).json()
    assert said["problem"].startswith("in other words, --kerf 5 mm: a laser burns away"), said
    assert said["errors"]["kerf"] == said["problem"]


def test_the_cli_line_of_a_refusal_is_as_it_was(tmp_path: Path) -> None:
    """The fields change nothing a person reads: one line, the message as written."""
    words = ["build", "--deck", "treenex", "--format", "svg", "--kerf", "5mm", "--out", str(tmp_path / "out")]
    said = subprocess.run([sys.executable, "-m", "deckgen", *words], capture_output=True, text=True, check=False)
    assert said.returncode == 1
    assert (
        said.stderr == "deckgen: error: --kerf 5 mm: a laser burns away 0.05 to 0.5 mm; use at most 2 mm, e.g. 0.15mm\n"
    )


def test_an_error_keeps_its_fields_across_processes() -> None:
    """Raised in a worker process, an error reaches its parent with its code, option and cause."""
    error = pickle.loads(pickle.dumps(DeckgenError("said", code=Code.SEARCH_FAILED, option="seed", cause="why")))
    assert (str(error), error.code, error.option, error.cause) == ("said", Code.SEARCH_FAILED, "seed", "why")
    plain = DeckgenError("said")
    assert (plain.code, plain.option, plain.cause) == (Code.REFUSED, None, None)


def _cli_line(words: list[str], folder: Path) -> str:
    """What ``deckgen WORDS`` says after ``deckgen: error:``, run as a person runs it (in ``folder``)."""
    said = subprocess.run(
        [sys.executable, "-m", "deckgen", *words], capture_output=True, text=True, check=False, cwd=folder
    )
    lines = [line for line in said.stderr.splitlines() if line.startswith("deckgen: error: ")]
    assert lines, said.stderr
    return lines[-1].removeprefix("deckgen: error: ")


def test_an_upload_no_deck_can_meet_is_refused_with_its_code(tmp_path: Path) -> None:
    """The upload check (in a process of its own) hands its refusal back with the error's fields."""
    import shutil

    from deckgen.serve.upload_check import check_upload

    spec = tmp_path / "hopeless.toml"
    shutil.copyfile(RULED_OUT_SPEC, spec)
    with pytest.raises(DeckgenError, match=r"hopeless\.toml: no deck can meet this spec") as refused:
        check_upload("cleariosity", spec)
    assert refused.value.code is Code.RULED_OUT and refused.value.option is None
