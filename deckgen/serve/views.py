"""What each address of the page answers (the routes are listed in :mod:`deckgen.serve.app`).

A view reads the page's settings from the address or the form (:class:`PageChoices`), and
answers with the page, a part of it, a picture or a file. Nothing here is kept between
requests but in the store (:class:`Service`), so any web worker answers any request. Work
that takes seconds is a job on the queue; a download waits for its job, so a browser without
JavaScript gets its file as the answer to its form, and a script may instead take the job's
address and ask after it (``Accept: application/json``).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response

from deckgen.errors import DeckgenError
from deckgen.games import games
from deckgen.games.base import ColumnsNotFound
from deckgen.i18n import N_, _, counted, joined, language, number
from deckgen.print_choices import Duplex
from deckgen.resources import static_file
from deckgen.serve import page, tasks
from deckgen.serve.choices import ASKED, FIELD_OF, MAPPED, PageChoices, field_label
from deckgen.serve.designs import MOST_SEARCHES, Designs
from deckgen.serve.job_state import JobState
from deckgen.serve.jobs import QUEUE_WAIT, TIME_LIMIT, Busy
from deckgen.serve.preview import (
    Previews,
    card_drawing,
    counts,
    png_of,
    sheet_drawing,
    stack_drawing,
    svg_of,
)
from deckgen.serve.queue import JobQueue
from deckgen.serve.store import Store, StoreUnavailable, get_json, put_json
from deckgen.serve.uploads import Uploads, shown_name

#: The page's style sheet and script (files of this package), served under /static/.
STATIC_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
#: The only files served from static/.
STATIC_FILES = ("page.css", "page.js")
#: Most previews drawn at once by one web worker (each holds a sheet's plan and picture in memory).
PREVIEW_SLOTS = 4
#: How often a request waiting for its job looks at the job's state (seconds).
POLL = 0.2
INTERNAL = N_(
    "deckgen could not do this (a fault of deckgen's, not of your settings); the terminal running "
    "deckgen serve shows what happened. Try other settings, or the same command in a terminal."
)
#: Store key of a client's jobs (their ids), after which its address.
CLIENT = "client:"
#: Store key of a check's job, by the hash of what it checks.
CHECK = "check:"


@dataclass
class Service:
    """What a web worker answers with: the settings it was started with, and the store and queue every worker shares."""

    store: Store
    queue: JobQueue
    uploads: Uploads
    scrub: Any
    region: str | None = None
    #: Jobs one client may have under way (0: no limit).
    jobs_per_client: int = 0
    previews: Previews = field(default_factory=Previews)
    #: Jobs whose file a request of this web worker waits for (cancelled if it stops first).
    waiting: set[str] = field(default_factory=set)
    preview_slots: threading.BoundedSemaphore = field(default_factory=lambda: threading.BoundedSemaphore(PREVIEW_SLOTS))

    @functools.cached_property
    def designs(self) -> Designs:
        """The designs, each put on the queue within its client's share, as builds are."""
        return Designs(
            self.store,
            self.queue,
            lambda kind, args, client, **fields: submit(self, kind, args, None, client, **fields),
        )


def service(request: Request) -> Service:
    found: Service = request.app.state.service
    return found


def client_of(request: Request) -> str:
    """Who asks, for the limits on jobs: the browser's address (a reverse proxy's X-Forwarded-For
    counts where uvicorn is told to believe it: ``--forwarded-allow-ips``)."""
    return request.client.host if request.client else "unknown"


def choices_of(request: Request, query: dict[str, list[str]]) -> PageChoices:
    """The page's settings in an address or a form, for this browser (its language and country)."""
    return PageChoices.from_query(query, request.headers.get("accept-language", ""), service(request).region)


def query_of(request: Request) -> dict[str, list[str]]:
    return parse_qs(request.url.query, keep_blank_values=True)


async def off_the_loop(request: Request, func: Callable[..., Any], *args: Any) -> Any:
    """``func(*args)`` in a thread of the pool, so that the event loop goes on answering other
    requests meanwhile; on the event loop itself in a browser, which has no threads (its page
    has one teacher, whose requests wait their turn)."""
    if request.app.state.in_browser:
        return func(*args)
    return await run_in_threadpool(func, *args)


async def form_of(request: Request) -> dict[str, list[str]]:
    """The settings of a posted form (``application/x-www-form-urlencoded``)."""
    body = await request.body()
    return parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)


def html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status)


def text(words: str, status: int) -> PlainTextResponse:
    return PlainTextResponse(words + "\n", status)


def message(title: str, words: str, status: int = 400, back: str = "/") -> HTMLResponse:
    return html(page.message_page(title, words, back), status)


def redirect(choices: PageChoices) -> Response:
    return RedirectResponse(page.ROOT.get() + "/?" + urlencode(choices.query()), 303)


# -- the page and its parts --------------------------------------------------------------


def upload_path(svc: Service, choices: PageChoices) -> Path | None:
    if not choices.upload:
        return None
    path, game = svc.uploads.path(choices.upload)
    if path is None:
        choices.errors["deck_file"] = _(
            "the file uploaded earlier is no longer kept (deckgen was restarted, or many files were uploaded "
            "since); upload it again, or use the shipped deck"
        )
        choices.upload = ""
    elif game != choices.game:
        choices.errors["deck_file"] = _("the file uploaded is for {game}; upload one for this game").format(
            game=_(games()[game].name)
        )
        choices.upload = ""
        path = None
    return path


def attached_paths(svc: Service, choices: PageChoices) -> dict[str, Path]:
    """The files uploaded for options (a font), by option name; one no longer kept is said
    beside its field. Their names go to ``choices.attached_names`` for the page."""
    paths: dict[str, Path] = {}
    for name, upload_id in list(choices.attached.items()):
        path, game = svc.uploads.path(upload_id)
        if path is None or game != choices.game:
            del choices.attached[name]
            if path is None:
                choices.errors[f"{name}_file"] = _(
                    "the file uploaded earlier is no longer kept (deckgen was restarted, or many files were "
                    "uploaded since); upload it again, or leave it out"
                )
            continue
        paths[name] = path
        choices.attached_names[name] = path.name
    return paths


def headings(choices: PageChoices, upload: Path | None) -> None:
    """The uploaded deck file's column headings, for the page's column fields; columns ticked
    that the file does not have (another file's, ticked before this one came) are dropped."""
    columns = [option.name for option in choices.game_obj.options if option.columns]
    if upload is not None and columns:
        choices.headings = list(_file_columns(choices.game, str(upload)))
    for name in columns:
        kept = tuple(value for value in choices.listed.get(name, ()) if value in choices.headings)
        if kept:
            choices.listed[name] = kept
        else:
            choices.listed.pop(name, None)


def columns_advice(choices: PageChoices, upload: Path | None) -> str:
    """What the page says when the file's columns for a side are not found: tick them in its own fields."""
    fields = [_("“{name}”").format(name=_(option.label)) for option in choices.game_obj.options if option.columns]
    return _("{file}: tick which of its columns ({columns}) go on the card, under {fields}").format(
        file=upload.name if upload is not None else "",
        columns=", ".join(repr(heading) for heading in choices.headings),
        fields=joined(fields),
    )


def prepared(svc: Service, choices: PageChoices) -> Any:
    """The build plan of the choices, or the one line saying why the build would stop."""
    upload = upload_path(svc, choices)
    attached = attached_paths(svc, choices)
    headings(choices, upload)
    if choices.errors:
        name = next(iter(choices.errors))
        if name == "deck_file":
            raise DeckgenError(_("your file: {problem}").format(problem=choices.errors[name]))
        label = _(field_label(choices.game_obj, name))
        raise DeckgenError(_("{where}: {error}").format(where=label, error=choices.errors[name]))
    try:
        with svc.preview_slots:
            return svc.previews.job(choices, upload, attached)
    except ColumnsNotFound:
        if not choices.headings:
            raise
        raise DeckgenError(columns_advice(choices, upload)) from None


def preview_words(svc: Service, choices: PageChoices, upload: Path | None) -> dict[str, Any]:
    """What the preview says of the choices' plan (the page writes it, the script updates it):
    the counts, the command, the deck in use, what the sample stack reads, whether the cards'
    backs are printed (the page then shows one beside its front) and the kinds of file made."""
    job = prepared(svc, choices)
    deck = next(iter(job.decks.values()))
    stack = deck.game.sample_stack(deck.deck)
    backs = {face.key for face in deck.faces.backs or ()}
    return {
        "counts": counts(job).sentence(),
        "command": choices.command(upload, attached_paths(svc, choices)),
        "deck": deck_in_use(deck, upload),
        "named": deck_named(deck, upload),
        "stack": stack.reads if stack is not None else None,
        "back": any(p.face in backs for page in deck.plan.pages for p in page.placements),
        "formats": list(choices.formats),
    }


def main_page(svc: Service, choices: PageChoices, status: int = 200) -> Response:
    if choices.design:
        design = svc.designs.get(choices.design)
        if design is None:
            choices.errors["deck_file"] = _("the design was lost (the server was restarted); upload the spec again")
            choices.design = ""
        elif design.done and design.deck:
            choices.upload, choices.design = design.deck, ""
            return redirect(choices)
        elif design.done:
            search = (
                _(" (search {seed} of {most})").format(seed=design.seed, most=MOST_SEARCHES) if design.seed > 1 else ""
            )
            choices.errors["deck_file"] = f"{design.spec}{search}: {design.failure}"
            choices.search_again = choices.design if design.can_search_again else ""
            choices.design = ""
        else:
            waiting = page.design_section(
                design.spec, design.seconds, design.seed, choices, design.stage(), queued=design.queued
            )
            return html(page.main_page(choices, None, waiting, "", refresh=3), status)
    upload = upload_path(svc, choices)
    problem = None
    said: dict[str, Any] = {"counts": "", "command": "", "deck": "", "stack": None, "back": False, "named": ""}
    try:
        said = preview_words(svc, choices, upload)
    except StoreUnavailable:
        raise  # the server's trouble, said as such (see app.answering)
    except DeckgenError as error:
        problem = attach(error, choices)
    preview = page.preview_section(
        choices, said["counts"], said["command"], problem, said["stack"], said["deck"], said["back"], said["named"]
    )
    check = page.check_link(choices, hidden=problem is not None)
    downloads = page.download_section(choices, problem)
    return html(page.main_page(choices, upload.name if upload else None, preview, check, None, downloads), status)


def picture(svc: Service, which: str, choices: PageChoices, kind: str = "png") -> Response:
    """A preview: the first sheet, a card's front or back, or a stack, as a PNG (drawn here by
    Pillow) or an SVG (drawn by the browser)."""
    try:
        job = prepared(svc, choices)
    except StoreUnavailable:
        raise  # the server's trouble, said as such (see app.answering)
    except DeckgenError as error:
        return text(str(error), 400)
    with svc.preview_slots:
        if which == "sheet":
            drawing = sheet_drawing(job)
        elif which in ("card", "back"):
            drawn = card_drawing(job, side="front" if which == "card" else "back")
            if drawn is None:
                return text(_("These cards have no backs."), 404)
            drawing = drawn
        elif which == "stack":
            made = stack_drawing(job)
            if made is None:
                return text(_("This game's cards are not stacked."), 404)
            drawing = made[0]
        else:
            return text(_("No such page."), 404)
        if kind == "svg":
            return Response(svg_of(drawing), 200, media_type="image/svg+xml")
        return Response(png_of(drawing), 200, media_type="image/png")


def summary(svc: Service, choices: PageChoices) -> Response:
    upload = upload_path(svc, choices)
    answer: dict[str, Any] = {"query": urlencode(choices.query()), "errors": dict(choices.errors)}
    try:
        answer.update(preview_words(svc, choices, upload))
        answer["download_what"] = page.download_what(choices)
        answer["shop"] = choices.printed_by_shop
        answer["two_sided"] = choices.two_sided
        answer["sides"] = choices.backs_chosen
    except StoreUnavailable:
        raise  # the server's trouble, said as such (see app.answering)
    except DeckgenError as error:
        answer["problem"] = attach(error, choices)
        answer["errors"] = dict(choices.errors)
    return JSONResponse(answer)


@dataclass(frozen=True)
class CheckStarted:
    """A class check on its way: its job, whether this request put it on the queue (a browser
    that leaves cancels only its own), and the deck it checks."""

    job_id: str
    new: bool
    deck: Any


def start_check(svc: Service, choices: PageChoices, fragment: bool, client: str) -> CheckStarted | Response:
    """The check's job (in a thread of the web worker), or the page's refusal of the choices."""
    try:
        job = prepared(svc, choices)
        deck = next(iter(job.decks.values()))
        attached = attached_paths(svc, choices)
        # In the page's language: the line a deck falls short with is shown as the command says it.
        args = ["--game", choices.game, "--lang", choices.speaks, *verify_words(choices, attached)]
        job_id, new = check_job(svc, choices, args, client)
        svc.queue.run_waiting()  # a browser's page runs its jobs itself
    except StoreUnavailable:
        raise  # the server's trouble, said as such (see app.answering)
    except DeckgenError as error:
        return check_refused(error, fragment)
    return CheckStarted(job_id, new, deck.deck)


def finish_check(choices: PageChoices, fragment: bool, started: CheckStarted, ended: JobState) -> Response:
    """The check's answer, once its job has ended."""
    if ended.state != "done":
        if ended.fault:
            raise Busy(ended.message)
        return check_refused(DeckgenError(ended.message or _("the check stopped")), fragment)
    report = ended.report or {}
    passed = bool(report.get("passed", ended.failure is None))
    about, outlooks = choices.game_obj.outlook(started.deck, report)
    fragment_html = page.check_fragment(passed, shortfall(report, outlooks, ended.failure or ""), about, outlooks)
    if fragment:
        return html(fragment_html)
    return html(page.check_page(fragment_html, "/?" + urlencode(choices.query())))


#: How many of a report's shortfalls the page's headline names before "and N more".
SHORTFALLS_NAMED = 3


def shortfall(report: dict[str, Any], outlooks: list[Any], failure: str) -> str:
    """What the deck lacks, as the page says it: each level's own line where the page shows
    levels, else the report's own sentences. The command's failing line (``failure``) only where
    neither says it: it points at the report file, which the teacher never sees."""
    if any(outlook.warning for outlook in outlooks):
        return _("what each level lacks is named below")
    said = [str(line) for line in report.get("failures") or []]
    if not said:
        return failure.replace(_("the report in {file}").format(file=tasks.REPORT_FILE), "deckgen verify")
    if len(said) > SHORTFALLS_NAMED:
        said = [*said[:SHORTFALLS_NAMED], _("{count} more").format(count=number(len(said) - SHORTFALLS_NAMED))]
    return "; ".join(said)


def check_refused(error: DeckgenError, fragment: bool) -> Response:
    if fragment:
        return html(page.check_refused(str(error)))
    return html(page.check_refused_page(str(error)), 400)


def check_job(svc: Service, choices: PageChoices, args: list[str], client: str) -> tuple[str, bool]:
    """The job of ``deckgen verify --json`` of a deck (the same check is made once, and kept a
    while), and whether it was put on the queue now."""
    checked_what = json.dumps([args, choices.upload, sorted(choices.attached.items())])
    key = CHECK + hashlib.sha256(checked_what.encode()).hexdigest()[:32]
    known = get_json(svc.store, key)
    state = tasks.state_of(svc.store, known) if isinstance(known, str) else None
    if state is not None and state.state not in ("failed", "cancelled"):
        return known, False  # type: ignore[return-value]
    job_id = submit(svc, "check", args, choices, client)
    put_json(svc.store, key, job_id, tasks.RESULT_TTL)
    return job_id, True


def submit(svc: Service, kind: str, args: list[str], choices: PageChoices | None, client: str, **more: Any) -> str:
    """Put a job on the queue for ``client``, within its share (:attr:`Service.jobs_per_client`)."""
    key = CLIENT + client
    fields: dict[str, Any] = {"language": language(), "client": client, **more}
    if choices is not None:
        fields |= {"upload": choices.upload, "attached": dict(choices.attached), "game": choices.game}
    with _held(svc.store, key + ":lock"):  # two requests of one client at once count each other's jobs
        mine = get_json(svc.store, key)
        states = tasks.unfinished(svc.store, mine if isinstance(mine, list) else [])
        live = list(states)
        # The page checks each deck by itself as the teacher changes it: those checks have their
        # own share, and a newer one takes the place of the oldest still waiting, so that they
        # never stand in the way of what she asked for (a download, a design).
        checks = {job: state for job, state in states.items() if state.kind == "check"}
        counted_here = list(checks) if kind == "check" else [job for job in live if job not in checks]
        if kind == "check" and svc.jobs_per_client and len(checks) >= svc.jobs_per_client:
            waiting = [job for job, state in checks.items() if state.state == "queued"]
            if waiting:
                tasks.cancel(svc.store, waiting[0])
                live.remove(waiting[0])
                counted_here = [job for job in counted_here if job != waiting[0]]
        if svc.jobs_per_client and len(counted_here) >= svc.jobs_per_client:
            raise TooMany(
                counted(
                    "you have {count} job under way; wait for it to finish, then try again",
                    "you have {count} jobs under way; wait for one to finish, then try again",
                    len(counted_here),
                )
            )
        job_id = tasks.submit(svc.store, svc.queue, kind, args, **fields)
        put_json(svc.store, key, [*live, job_id], tasks.STATE_TTL)
    return job_id


@contextmanager
def _held(store: Store, key: str, seconds: float = 5.0) -> Iterator[None]:
    """A lock every web worker sees (a key added only if absent), held at most ``seconds``."""
    deadline = time.monotonic() + seconds
    token = os.urandom(8)
    while not store.add(key, token, seconds):
        if time.monotonic() > deadline:
            break  # a lock its holder never let go (a web worker killed): it lapses by itself
        time.sleep(0.02)
    try:
        yield
    finally:
        if store.get(key) == token:
            store.delete(key)


class TooMany(DeckgenError):
    """A client has as many jobs under way as it may."""


def design_again(svc: Service, choices: PageChoices, client: str) -> Response:
    """Another search for a spec whose design found no deck (the page's "Try another search")."""
    if not choices.design or svc.designs.search_again(choices.design, client) is None:
        choices.design = ""
        choices.errors["deck_file"] = _("that spec is no longer kept, or has had every search; upload it again")
        return main_page(svc, choices, status=400)
    return redirect(choices)


def design_cancel(svc: Service, choices: PageChoices, client: str) -> Response:
    """The page's Cancel while a deck is designed: the design ends, the page says so (only for
    the computer that started it)."""
    if choices.design and svc.designs.cancel(choices.design, client):
        svc.designs.wait(choices.design, 5)  # the command ends within a moment; then the page shows it ended
    return redirect(choices)


def upload(svc: Service, choices: PageChoices, files: dict[str, tuple[str, bytes]], client: str) -> Response:
    """The files chosen on the page: a deck file, and files for options (a font), each checked."""
    filename, data = files.get("deck_file", ("", b""))
    game = choices.game_obj
    attaching = [(o, files[f"{o.name}_file"]) for o in game.options if o.upload and files.get(f"{o.name}_file")]
    attaching = [(option, sent) for option, sent in attaching if sent[0]]
    if filename or not attaching:
        try:
            stored = svc.uploads.add(game, filename, data)
        except (StoreUnavailable, Busy):
            raise  # the server's trouble, said as such (see app.answering)
        except DeckgenError as error:
            # The deck in use (the one uploaded before, or the shipped one) stays: the refusal is said.
            choices.refused = str(error)
            return main_page(svc, choices, status=400)
        except Exception:  # a file no reader expected: a message in a teacher's words, never a traceback
            choices.refused = _("{file}: cannot be read as a deck; check that this is the file you meant").format(
                file=shown_name(filename)
            )
            return main_page(svc, choices, status=400)
        if stored.design is not None:  # a spec: design a deck from it, while the page waits
            try:
                svc.designs.start(stored.id, game.key, stored.path.name, stored.design, client=client)
            except TooMany as error:
                choices.refused = str(error)
                return main_page(svc, choices, status=429)
            choices.upload, choices.design = "", stored.id
        else:
            choices.upload, choices.design = stored.id, ""
    for option, (name, sent) in attaching:
        try:
            choices.attached[option.name] = svc.uploads.add_attached(game, option, name, sent)
        except Busy:
            raise  # the server's trouble, said as such (see app.answering)
        except DeckgenError as error:  # the file in use for it (or none) stays
            choices.refused, choices.refused_field = str(error), f"{option.name}_file"
            return main_page(svc, choices, status=400)
    return redirect(choices)


def start_download(svc: Service, choices: PageChoices, client: str) -> str:
    """Put the build of the choices on the queue (a wrong setting is one line here, before any build)."""
    attached = attached_paths(svc, choices)
    job = prepared(svc, choices)
    return submit(
        svc, "build", choices.command_words(attached=attached), choices, client, stem=zip_stem(job, choices.sets)
    )


def start_calibration(svc: Service, choices: PageChoices, client: str) -> str:
    job = prepared(svc, choices)
    deck = next(iter(job.decks.values()))
    paper = choices.direct.get("paper") or choices.paper
    duplex = deck.settings.duplex if deck.settings.two_sided else Duplex.LONG_EDGE
    args = ["calibrate", "--lang", choices.speaks, "--paper", paper, "--duplex", duplex.value]
    return submit(svc, "calibration", args, None, client)


async def waited_file(svc: Service, job_id: str, request: Request) -> Response:
    """The job's file once it is made (the request waits, without holding a thread). A browser
    that goes away, or a server that stops, leaves nobody to fetch it: the job is cancelled."""
    state = await ended_state(svc, job_id, request, True)
    if state is None:
        return Response(status_code=499)
    if state.state != "done":
        if state.fault:  # its worker stopped, or deckgen failed: not the teacher's choice
            raise Busy(state.message)
        raise DeckgenError(state.message or _("the build stopped"))
    return await off_the_loop(request, result_file, svc, job_id, state)


async def ended_state(svc: Service, job_id: str, request: Request, cancel_on_leaving: bool) -> JobState | None:
    """A job's state once it has ended, waited for on the event loop (no thread is held, so a
    pile of waiting requests never stops a web worker answering); ``None`` when the browser went
    away (its job cancelled, where ``cancel_on_leaving``). A job still queued after
    :data:`QUEUE_WAIT` is cancelled, and the server said to be busy."""
    deadline = time.monotonic() + QUEUE_WAIT + TIME_LIMIT
    svc.waiting.add(job_id)
    try:
        while True:
            if await request.is_disconnected():
                if cancel_on_leaving:
                    await off_the_loop(request, tasks.cancel, svc.store, job_id)
                return None
            state = await off_the_loop(request, tasks.state_of, svc.store, job_id)
            if state is None:
                raise DeckgenError(_("the job was lost (the server was restarted); try again"))
            if state.ended:
                return state
            if state.state == "queued" and time.monotonic() > deadline - TIME_LIMIT:
                busy = _("deckgen is busy with other builds; try again in a minute")
                await off_the_loop(request, tasks.give_up, svc.store, job_id, busy)
                raise Busy(busy)
            await asyncio.sleep(POLL)
    except asyncio.CancelledError:  # the server is stopping: at once, as the loop is about to end
        if cancel_on_leaving:
            tasks.cancel(svc.store, job_id)
        raise
    finally:
        svc.waiting.discard(job_id)


def result_file(svc: Service, job_id: str, state: JobState) -> Response:
    data = svc.store.get(tasks.RESULT + job_id)
    if data is None:
        return message(_("Something is wrong"), _(EXPIRED), 410)
    name = state.name
    return Response(
        data,
        200,
        media_type=state.content_type,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


#: What a link to a result no longer kept says.
EXPIRED = N_("this file is no longer kept (files are kept for an hour); make it again from the page")


def job_state(svc: Service, job_id: str) -> Response:
    state = tasks.state_of(svc.store, job_id)
    if state is None:
        return JSONResponse({"state": "expired", "message": _(EXPIRED)}, 404)
    shown: dict[str, object] = {"state": state.state, "message": state.message}
    if state.made_file:
        shown |= {"name": state.name, "size": state.size}
        if svc.store.get(tasks.RESULT + job_id) is None:
            shown = {"state": "expired", "message": _(EXPIRED)}
    if state.progress is not None:
        shown["progress"] = state.progress
    return JSONResponse(shown)


def job_file(svc: Service, job_id: str) -> Response:
    state = tasks.state_of(svc.store, job_id)
    if state is None:
        return message(_("Something is wrong"), _(EXPIRED), 410)
    if state.state == "failed" and state.fault:
        return message(_("Something went wrong"), state.message, 503)
    if state.state in ("failed", "cancelled"):
        return message(_("Something is wrong"), state.message, 400)
    if not state.made_file:
        return text(_("not ready yet: ask again in a moment"), 409)
    return result_file(svc, job_id, state)


def job_links(job_id: str) -> dict[str, str]:
    root = page.ROOT.get()
    return {"job": job_id, "state": f"{root}/jobs/{job_id}", "file": f"{root}/jobs/{job_id}/file"}


def static(name: str) -> Response:
    if name not in STATIC_FILES:
        return text(_("No such file."), 404)
    return Response(static_file("deckgen.serve", name), 200, media_type=STATIC_TYPES[Path(name).suffix])


def health(svc: Service) -> Response:
    try:
        reachable = svc.store.ping()
    except StoreUnavailable:
        reachable = False
    # A web worker with no job worker still answers the page and its previews: "ok", and the
    # count of job workers for a monitor to watch.
    workers = svc.queue.workers() if reachable else 0
    body = {"status": "ok" if reachable else "unavailable", "queue": svc.queue.kind, "workers": workers}
    return JSONResponse(body, 200 if reachable else 503)


# -- helpers ------------------------------------------------------------------------------


def zip_stem(job: Any, sets: int) -> str:
    """The name of a download of several files: the deck's and the number of sets
    (``cleariosity-numbers-30-sets``), or for replacement cards the name their files carry
    (``cleariosity-numbers-replacements-G05-Y11``), never the class set's."""
    from deckgen.build import replacing

    deck = next(iter(job.decks.values()))
    if replacing(job.request):
        return str(job.file_stem(deck))
    return str(job.file_stem(deck)) + (f"-{sets}-sets" if sets > 1 else "")


def deck_in_use(deck: Any, upload: Path | None) -> str:
    """Which deck the preview shows, in a line: a file uploaded, or the game's own."""
    return _("Deck in use: {deck}").format(deck=deck_named(deck, upload))


def deck_named(deck: Any, upload: Path | None) -> str:
    """The deck the preview shows: "your file words.csv", or the game's own, shipped with deckgen."""
    if upload is not None:
        return _("your file {name}").format(name=upload.name)
    return _("{deck}, shipped with deckgen").format(deck=deck.game.deck_title(deck.deck, deck.options))


def verify_words(choices: PageChoices, attached: dict[str, Path]) -> list[str]:
    """The game's own options that ``verify`` also takes (a preset, the columns of a file, a
    font: each file by its name, beside the deck), as the page set them."""
    from deckgen.record import option_words

    verified = [option for option in choices.game_obj.options if "verify" in option.commands]
    given = choices.build_options({name: path.name for name, path in attached.items()})
    return option_words(verified, {name: value for name, value in given.items() if name not in choices.errors})


@functools.lru_cache(maxsize=64)
def _file_columns(game: str, path: str) -> tuple[str, ...]:
    """A kept file's column headings (kept files never change: their names hold their contents' hash)."""
    return tuple(games()[game].file_columns(Path(path)))


def attach(error: DeckgenError, choices: PageChoices) -> str:
    """Put a build's one-line refusal beside the field of the option it concerns (its
    ``option``: ``kerf`` for a refused ``--kerf``), and return the line."""
    words = str(error)
    option_name = error.option
    if option_name is not None and (option_name in choices.direct or option_name in MAPPED):
        where = option_name if option_name in choices.direct or option_name in ASKED else FIELD_OF.get(option_name)
        if where:
            choices.errors.setdefault(where, words)
    return words
