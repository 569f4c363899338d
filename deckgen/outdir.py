"""The output folder as one transaction: locked while a build writes it, a journal for the move,
and a manifest of what deckgen wrote there.

- **Lock.** A build holds an exclusive ``flock`` on the folder itself while it stages and moves
  its files; a second build into the same folder stops at once with one line. The lock goes
  with the process, so a killed build never leaves it held, and it leaves no file behind.
- **Journal.** Before the first file moves, ``.deckgen-journal.json`` lists every move (and
  whether it replaces an older file, set aside in the staging folder). If the process dies
  half-way, the next deckgen run on the folder puts the older files back and removes the new
  ones, or, if every file had moved, finishes the job, so the folder always holds one whole set.
- **Manifest.** ``.deckgen-manifest.json`` names each file deckgen wrote there with its SHA-256.
  Files of an earlier build that this one no longer writes are removed only if the manifest
  lists them and their content is unchanged: a user's own file is never removed, whatever its
  name, and neither is a deckgen file the user has since edited.
- **Links.** A journal or manifest may come from someone else (a folder received as a tar file,
  a shared drive). Every path they name is checked, component by component, before any of it is
  acted on: a path through a link (to a folder outside ``--out`` or anywhere else) is never
  followed, and a journal naming one is discarded unread. Bookkeeping files that are too large
  or too deeply nested to be deckgen's are ignored the same way.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Any

from deckgen.errors import DeckgenError, Stopped
from deckgen.i18n import _
from deckgen.locks import Held, let_go, take_folder
from deckgen.signals import stop_asked, too_late_to_stop, waiting

JOURNAL = ".deckgen-journal.json"
MANIFEST = ".deckgen-manifest.json"
STAGING_PREFIX = ".deckgen-build-"
#: The largest journal or manifest deckgen reads back (a build's bookkeeping is a few kilobytes a
#: hundred files); a larger one was not written by deckgen and is ignored.
MAX_STATE_BYTES = 8 * 1024 * 1024


def pause_for_tests(stage: str) -> None:
    """Stop this process (SIGSTOP) at a named stage, when a test asks for it with
    ``DECKGEN_TEST_STOP_AT``: kills and races at exact moments, made repeatable. (``move-N``:
    once N files have moved into ``--out``; ``move-0`` just after its new folders are made.)"""
    if os.environ.get("DECKGEN_TEST_STOP_AT") == stage and hasattr(signal, "SIGSTOP"):
        os.kill(os.getpid(), signal.SIGSTOP)


class Busy(DeckgenError):
    """Another build holds the folder."""


@contextmanager
def locked(out: Path) -> Iterator[None]:
    """Hold the folder's lock, or stop with one line if another build holds it."""
    try:
        handle = take_folder(out)
    except Held:
        raise Busy(
            _(
                "--out {out}: another deckgen build is writing into this folder; wait for it to finish, or "
                "choose another --out"
            ).format(out=out)
        ) from None
    except OSError as error:
        raise DeckgenError(
            _("--out {out}: cannot open the folder ({reason}); choose another").format(out=out, reason=error.strerror)
        ) from None
    try:
        yield
    finally:
        let_go(handle)  # closing releases the lock


def file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_state(path: Path, data: dict[str, Any]) -> None:
    """Write a bookkeeping file (journal, manifest) by replacing it: a link in its place is
    replaced too, never followed, so nothing outside ``--out`` is ever written through it."""
    import tempfile

    _not_a_folder(path)
    # A new file of a name no one can guess or plant a link at (O_EXCL), replacing the old.
    handle, name = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp", dir=path.parent)
    temporary = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(json.dumps(data, indent=1, sort_keys=True) + "\n")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _read_state(path: Path) -> Any:
    """A bookkeeping file's JSON, or ``None`` when it is missing, a link, too large, too deeply
    nested or not JSON: none of those was written by deckgen, and none may stop a build."""
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_STATE_BYTES:
            return None
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None


def _not_a_folder(path: Path) -> None:
    """Stop with one line where a folder stands in place of a bookkeeping file."""
    if path.is_dir() and not path.is_symlink():
        raise DeckgenError(
            _("--out {out}: {name} is a folder, where deckgen keeps its record; remove it").format(
                out=path.parent, name=path.name
            )
        )


def read_manifest(out: Path) -> dict[str, str]:
    """Relative path → SHA-256 of each file deckgen wrote into ``out`` (empty if none, unreadable,
    or a link: a record deckgen did not write itself is not trusted; an entry whose path leads
    through a link is left out, so nothing outside ``out`` is ever removed through it)."""
    return _listed(out, _record_files(out))


def _listed(out: Path, files: dict[Any, Any] | None) -> dict[str, str]:
    """The entries of a record's ``files`` table that :func:`read_manifest` trusts."""
    if files is None:
        return {}
    return {str(k): str(v) for k, v in files.items() if _inside(str(k)) and no_links(out, str(k))}


def _record_files(out: Path) -> dict[Any, Any] | None:
    """The ``files`` table of the folder's record as read, or ``None``: no record, or none that
    can be read (not deckgen's shape)."""
    data = _read_state(out / MANIFEST)
    files = data.get("files") if isinstance(data, dict) else None
    return files if isinstance(files, dict) else None


def _inside(relative: str) -> bool:
    """Whether a path from a journal or manifest names a place inside ``--out`` (a record that
    was tampered with must not reach outside it)."""
    path = PurePosixPath(relative)
    return bool(path.parts) and not path.is_absolute() and ".." not in path.parts


def no_links(out: Path, relative: str) -> bool:
    """Whether no folder on the way from ``out`` to ``relative`` is a link (or a file): a path
    through a link inside ``--out`` can reach any folder, so it is never followed. The last
    component may be a link; deckgen then replaces or removes the link itself, never its target."""
    place = out
    for part in PurePosixPath(relative).parts[:-1]:
        place = place / part
        if place.is_symlink() or (place.exists() and not place.is_dir()):
            return False
    return True


def unchanged(out: Path, relative: str, digest: str) -> bool:
    """Whether a listed file is still there, a regular file, exactly as deckgen wrote it."""
    path = out / relative
    try:
        return path.is_file() and not path.is_symlink() and file_hash(path) == digest
    except OSError:
        return False


def recover(out: Path) -> None:
    """Make ``out`` whole again after a build that was killed: finish or undo its move, then
    remove every staging folder left behind. Called with the folder's lock held."""
    journal_path = out / JOURNAL
    for name in (JOURNAL, MANIFEST):  # half-written bookkeeping (see _write_state), first
        for leftover in out.glob(f"{name}.*.tmp"):
            if leftover.is_file() or leftover.is_symlink():
                leftover.unlink()
    for name in (JOURNAL, MANIFEST):
        _not_a_folder(out / name)
    if journal_path.is_symlink():
        journal_path.unlink()
    if journal_path.exists():
        journal = _read_state(journal_path)
        if _trusted(out, journal):
            if journal.get("moved"):
                _finish(out, journal)
            else:
                _undo(out, journal)
        journal_path.unlink(missing_ok=True)
    for leftover in out.glob(STAGING_PREFIX + "*"):
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)


def _trusted(out: Path, journal: Any) -> bool:
    """Whether a journal has the shape deckgen writes and every path it names lies inside
    ``out`` by real folders only (checked before any of it is acted on)."""
    if not isinstance(journal, dict):
        return False
    steps, stale, folders = journal.get("steps", []), journal.get("stale", {}), journal.get("made_folders", [])
    if not (isinstance(steps, list) and isinstance(stale, dict) and isinstance(folders, list)):
        return False
    if not isinstance(journal.get("manifest", {}), dict) or not all(isinstance(step, dict) for step in steps):
        return False
    files = [step.get(key) for step in steps for key in ("target", "staged")]
    files += [step["aside"] for step in steps if step.get("aside") is not None]
    files += list(stale)
    if not all(isinstance(path, str) and _inside(path) and no_links(out, path) for path in [*files, *folders]):
        return False
    # deckgen moves each file once, and never puts a file where a folder of another file goes.
    named = [PurePosixPath(str(path)) for path in files]
    if len(set(named)) != len(named) or any(p in q.parents for p in named for q in named):
        return False
    # A folder the build made is removed only if empty, but never through a link either.
    return all(not (out / folder).is_symlink() for folder in folders) and all(
        isinstance(step.get("hash", ""), str) for step in steps
    )


def _undo(out: Path, journal: dict[str, Any]) -> None:
    """Every move in reverse: the new file out, the old one (if any) back.

    Each move is checked again just before it is made (a link could have been put in place by
    an earlier one), and a move that cannot be made is left: the folder must never be stuck."""
    for step in reversed(journal.get("steps", [])):
        if not all(no_links(out, step[key]) for key in ("target", "staged", "aside") if step.get(key)):
            continue
        target = out / step["target"]
        staged = out / step["staged"]
        aside = out / step["aside"] if step.get("aside") else None
        try:
            if aside is not None and (aside.exists() or aside.is_symlink()):
                if not target.is_dir() or target.is_symlink():
                    os.replace(aside, target)
            elif not step.get("had_old") and not staged.exists() and unchanged(out, step["target"], step["hash"]):
                target.unlink()  # it had been moved in: the new file itself, not one put there since
        except OSError:
            continue
    for folder in reversed(journal.get("made_folders", [])):
        if (out / folder).is_symlink() or not no_links(out, folder):
            continue
        try:
            (out / folder).rmdir()
        except OSError:
            pass


def _finish(out: Path, journal: dict[str, Any]) -> None:
    """Every file moved: remove the stale ones and record the manifest, as the build would have."""
    for relative, digest in journal.get("stale", {}).items():
        if no_links(out, relative) and unchanged(out, relative, digest):
            try:
                (out / relative).unlink()
            except OSError:
                continue
    _write_state(out / MANIFEST, {"files": journal.get("manifest", {})})


class NotOurs(DeckgenError):
    """A file of the user's stands where the build would write one of its own."""


def commit(out: Path, staging: Path, staged: Sequence[Path], owns: Callable[[str], bool]) -> list[Path]:
    """Move the staged files into ``out`` as one transaction (see the module's notes).

    ``owns(relative path)``: whether a file of an earlier build is this build's to replace (an
    SVG sheet of a laser build, a PNG of a game it previews): listed in the manifest, unchanged
    and not written again, such a file is stale and removed.
    """
    final = [out / path.relative_to(staging) for path in staged]
    for target in final:  # checked before anything moves: a folder in the way is the user's
        for place in (target, *target.parents):
            if place == out:
                break
            if place != target and place.is_symlink():
                raise DeckgenError(
                    _(
                        "--out {out}: {place} is a link to another folder; deckgen writes only into real folders "
                        "inside --out: remove the link, or choose another --out"
                    ).format(out=out, place=place)
                )
            if place.is_dir() and not place.is_symlink() and place == target:
                raise DeckgenError(
                    _("--out {out}: {place} is a folder, where a file goes; move it away").format(out=out, place=target)
                )
            if place.exists() and place != target and not place.is_dir():
                raise DeckgenError(
                    _("--out {out}: {place} is a file, where a folder goes; move it away").format(out=out, place=place)
                )
    record = _record_files(out)  # read once: it may be megabytes
    old = _listed(out, record)
    relative = [str(path.relative_to(out)) for path in final]
    new = {name: file_hash(path) for name, path in zip(relative, staged, strict=True)}
    if record is not None:
        # deckgen keeps a record here: a file it would replace that the record does not list, with
        # other content, was put there by someone else. (A record that cannot be read is no
        # record: the folder is written as one from before deckgen kept one.)
        for name, target in zip(relative, final, strict=True):
            if (target.exists() or target.is_symlink()) and name not in old and not unchanged(out, name, new[name]):
                raise NotOurs(
                    _(
                        "--out {out}: {place} was not written by deckgen, and this build would replace it; move it "
                        "away, or choose another --out"
                    ).format(out=out, place=target)
                )
    stale = {
        name: digest for name, digest in old.items() if name not in new and owns(name) and unchanged(out, name, digest)
    }
    kept = {name: digest for name, digest in old.items() if name not in new and name not in stale}
    kept = {name: digest for name, digest in kept.items() if unchanged(out, name, digest)}
    folders = sorted({str(p.parent.relative_to(out)) for p in final if p.parent != out})
    made_folders = [f for f in folders if not (out / f).exists()]
    aside_root = staging / ".replaced"
    steps: list[dict[str, Any]] = []
    for number, (name, source) in enumerate(zip(relative, staged, strict=True)):
        target = out / name
        had_old = target.exists() or target.is_symlink()
        steps.append(
            {
                "target": name,
                "staged": str(source.relative_to(out)),
                "aside": str((aside_root / str(number)).relative_to(out)) if had_old else None,
                "had_old": had_old,
                "hash": new[name],
            }
        )
    journal: dict[str, Any] = {
        "staging": staging.name,
        "steps": steps,
        "made_folders": made_folders,
        "stale": stale,
        "manifest": {**kept, **new},
        "moved": False,
    }
    # The move, its undoing and its finish are never cut in two by a stop (see deckgen.signals):
    # a stop that comes during the move is noted, and once every file has moved the build asks
    # whether one came. If so, every file goes back, the folder is as it was, and the stop
    # ends the command; if not, the build is done, and a stop from then on changes nothing.
    with waiting():
        try:
            _write_state(out / JOURNAL, journal)
            pause_for_tests("before-move")
            for folder in made_folders:
                (out / folder).mkdir(parents=True, exist_ok=True)
            aside_root.mkdir(exist_ok=True)
            pause_for_tests("move-0")
            for number, (step, source) in enumerate(zip(steps, staged, strict=True)):
                target = out / str(step["target"])
                if step["aside"]:
                    os.replace(target, out / str(step["aside"]))
                os.replace(source, target)
                pause_for_tests(f"move-{number + 1}")
                if number == len(steps) // 2:
                    pause_for_tests("mid-move")
            pause_for_tests("moved")
            asked = stop_asked()
            if asked is not None:
                raise Stopped(asked)
        except BaseException as error:
            _undo(out, journal)
            (out / JOURNAL).unlink(missing_ok=True)
            if isinstance(error, OSError):
                raise DeckgenError(
                    _("--out {out}: cannot put the new files in place ({reason}); nothing was changed").format(
                        out=out, reason=error.strerror
                    )
                ) from None
            raise
        # Every file is in place: the build is finished, whatever comes now.
        too_late_to_stop()
        journal["moved"] = True
        _write_state(out / JOURNAL, journal)
        pause_for_tests("after-move")
        _finish(out, journal)
        (out / JOURNAL).unlink(missing_ok=True)
    return final
