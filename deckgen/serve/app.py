"""The page as one ASGI application (Starlette), for a teacher's laptop or a school's server.

``deckgen serve`` runs it on uvicorn (:mod:`deckgen.serve.runserver`); a school may run it with
uvicorn itself, several web workers behind a reverse proxy::

    DECKGEN_QUEUE=redis://127.0.0.1:6379/0 uvicorn --factory deckgen.serve.app:app_from_environment --workers 4

Every route is in :data:`ROUTES`; the checks every request passes are one middleware
(:class:`~deckgen.serve.security.Guard`). A web worker keeps nothing a request needs later but
in the store (uploads, job states, results), so any worker answers any request; builds, checks
and designs are jobs on the queue. Without ``--queue`` both are embedded: a folder of this
computer and threads of this process, nothing to install.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import aclosing, asynccontextmanager
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from deckgen.errors import DeckgenError
from deckgen.games import games
from deckgen.i18n import N_, _
from deckgen.serve import page, tasks, views
from deckgen.serve.choices import PageChoices
from deckgen.serve.jobs import Busy
from deckgen.serve.scrub import places, scrubber
from deckgen.serve.security import MAX_BODY, Guard, own_names
from deckgen.serve.store import StoreUnavailable
from deckgen.serve.uploads import MAX_UPLOAD
from deckgen.serve.views import Service, choices_of, client_of, form_of, off_the_loop, query_of, service

if TYPE_CHECKING:
    from deckgen.serve.tasks import Command

#: Set (to the supervisor's process id) for the web workers of ``deckgen serve --workers N``.
SUPERVISED = "DECKGEN_SERVE_SUPERVISOR"
#: The environment variables a web worker started by uvicorn reads its settings from.
ENVIRONMENT = {
    "queue": "DECKGEN_QUEUE",
    "allowed_hosts": "DECKGEN_ALLOWED_HOSTS",
    "token": "DECKGEN_TOKEN",
    "jobs_per_client": "DECKGEN_JOBS_PER_CLIENT",
    "language": "DECKGEN_LANG",
    "region": "DECKGEN_REGION",
    "host": "DECKGEN_HOST",
    "port": "DECKGEN_PORT",
}


@dataclass(frozen=True)
class ServeConfig:
    """How the page is served: where it listens, its queue and store, and who may use it."""

    host: str = "127.0.0.1"
    port: int = 0
    language: str = "en"
    region: str | None = None
    #: ``redis://HOST:PORT/DB``, or ``None`` for the embedded queue and store.
    queue: str | None = None
    #: Names a browser may use for the server besides its own (a reverse proxy's).
    allowed_hosts: tuple[str, ...] = ()
    token: str | None = None
    #: Jobs one client may have under way (0: no limit, a laptop's own browser).
    jobs_per_client: int = 0
    #: The page answers inside the teacher's browser (Pyodide, in a static site's web worker: see
    #: :mod:`deckgen.site`), which has no threads, no child processes and no Pillow: every view
    #: runs on the event loop, each job in this process one at a time, the previews are SVG, and
    #: the page may be framed by the site's own start page.
    in_browser: bool = False
    #: In a browser, how a job runs its ``deckgen`` command in this process (given by
    #: :mod:`deckgen.browser`, above the page; required with ``in_browser``).
    run_here: Command | None = None

    def environment(self) -> dict[str, str]:
        """The settings as environment variables, for web workers started by uvicorn."""
        found = {}
        for name, variable in ENVIRONMENT.items():
            value = getattr(self, name)
            if value is None or value == () or value == "":
                continue
            found[variable] = ",".join(value) if isinstance(value, tuple) else str(value)
        return found

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> ServeConfig:
        environ = dict(os.environ if environ is None else environ)
        given: dict[str, Any] = {}
        known = {f.name for f in fields(cls)}
        for name, variable in ENVIRONMENT.items():
            value = environ.get(variable, "").strip()
            if not value or name not in known:
                continue
            if name == "allowed_hosts":
                given[name] = tuple(part.strip() for part in value.split(",") if part.strip())
            elif name in ("port", "jobs_per_client"):
                if not value.isdigit():
                    raise DeckgenError(f"{variable}={value}: give a whole number")
                given[name] = int(value)
            else:
                given[name] = value
        if "jobs_per_client" not in given and given.get("queue"):
            given["jobs_per_client"] = 2  # as deckgen serve --queue: one teacher may not take every worker
        if "token" in given:
            check_token(given["token"], ENVIRONMENT["token"])
        return cls(**given)


#: The characters an access token may have: they go unchanged into an address and a cookie.
TOKEN_CHARACTERS = re.compile(r"[A-Za-z0-9._~-]{8,200}")


def check_token(token: str, where: str = "--token") -> str:
    """``token``, or one line saying how an access token is written."""
    if not TOKEN_CHARACTERS.fullmatch(token):
        raise DeckgenError(
            _(
                "{where}: an access token is 8 to 200 letters (A-Z, a-z), digits and . _ ~ -; "
                'for example one made by: python3 -c "import secrets; print(secrets.token_urlsafe(24))"'
            ).format(where=where)
        )
    return token


def hosts_for(config: ServeConfig) -> set[str]:
    """The Host values the server answers: its own names with its port, and the allowed names
    (with or without a port, as a reverse proxy passes them)."""
    port = str(config.port) if config.port else "*"  # started by uvicorn itself: its port is not known here
    own = {f"{name.lower()}:{port}" for name in own_names(config.host)}
    # An allowed name with no port: as a proxy passes it on (no port), and with any port (the
    # Origin of a page on https://name:8443).
    allowed = {name.lower() for name in config.allowed_hosts}
    return own | allowed | {f"{name}:*" for name in allowed if not _has_port(name)}


def _has_port(host: str) -> bool:
    return host.rpartition(":")[2].isdigit() and not host.endswith("]")


Handler = Callable[[Request], Awaitable[Response]]
#: What the page says of a form it cannot read, and while its store cannot be reached.
BROKEN_FORM = N_("the form arrived broken (too many fields or files, or cut short); send it again from the page")
#: Seconds a busy server asks a browser to wait before it asks again (its answer's Retry-After).
BUSY_RETRY = 60
STORE_AWAY = N_("deckgen cannot reach where it keeps files and jobs just now; try again in a minute")


def wants_json(request: Request) -> bool:
    """A script asking for JSON (``Accept: application/json``, as docs/school.md shows) rather
    than a browser asking for the page."""
    return "application/json" in request.headers.get("accept", "")


def said(request: Request, title: str, words: str, status: int) -> Response:
    """A refusal or fault as the asker reads it: a script that asks for JSON gets
    ``{"error": ...}``; a browser, the page's message with its way back."""
    if wants_json(request):
        return JSONResponse({"error": words, "status": status}, status)
    return views.message(title, words, status, getattr(request.state, "back", "/"))


def answering(view: Handler) -> Handler:
    """A route whose one-line refusals (:class:`DeckgenError`) become the page's message, and
    whose faults are one line in the terminal and a message on the page, never a traceback."""

    async def route(request: Request) -> Response:
        page.ROOT.set(request.scope.get("root_path", ""))
        page.IN_BROWSER.set(request.app.state.in_browser)
        try:
            return await view(request)
        except ClientDisconnect:
            return Response(status_code=499)  # the browser went away mid-upload: nothing to answer
        except HTTPException as error:  # a form python-multipart refuses (too many fields, no boundary)
            return said(request, _("Something is wrong"), _(BROKEN_FORM), error.status_code)
        except StoreUnavailable as error:  # the teacher is told it is the server's; the terminal says what
            sys.stderr.write(f"deckgen serve: error on {request.method} {request.url.path[:200]}: {error}\n")
            away = said(request, _("Something went wrong"), _(STORE_AWAY), 503)
            away.headers["Retry-After"] = str(BUSY_RETRY)
            return away
        except views.TooMany as error:
            many = said(request, _("Something is wrong"), str(error), 429)
            many.headers["Retry-After"] = str(BUSY_RETRY)  # when one of the client's jobs may have ended
            return many
        except Busy as error:  # the server's load, not the teacher's choices: 503, and when to come back
            busy = said(request, _("Something went wrong"), str(error), 503)
            busy.headers["Retry-After"] = str(BUSY_RETRY)
            return busy
        except DeckgenError as error:
            return said(request, _("Something is wrong"), str(error), 400)
        except (ConnectionError, TimeoutError):
            return Response(status_code=499)  # the browser went away: nothing to answer
        except Exception as error:  # a fault of deckgen's: a message on the page, one line in the terminal
            sys.stderr.write(
                f"deckgen serve: error on {request.method} {request.url.path[:200]}: {type(error).__name__}: {error}\n"
            )
            return said(request, _("Something went wrong"), _(views.INTERNAL), 500)

    return route


# -- the routes -----------------------------------------------------------------------------


async def the_page(request: Request) -> Response:
    choices = choices_of(request, query_of(request))
    return await off_the_loop(request, views.main_page, service(request), choices)


async def a_picture(request: Request) -> Response:
    choices = choices_of(request, query_of(request))
    kind = request.url.path.rpartition(".")[2]
    if kind == "png" and request.app.state.in_browser:  # no Pillow there: the page asks for SVG
        return views.text(_("No such page."), 404)
    return await off_the_loop(request, views.picture, service(request), request.path_params["which"], choices, kind)


async def the_summary(request: Request) -> Response:
    choices = choices_of(request, query_of(request))
    return await off_the_loop(request, views.summary, service(request), choices)


async def the_check(request: Request) -> Response:
    """A class check: its job is put on the queue in a thread, then waited for on the event loop
    (a check can wait minutes for its turn; a thread held that long would starve the worker)."""
    query = query_of(request)
    choices = choices_of(request, query)
    svc, fragment = service(request), "fragment" in query
    started = await off_the_loop(request, views.start_check, svc, choices, fragment, client_of(request))
    if isinstance(started, Response):
        return started
    ended = await views.ended_state(svc, started.job_id, request, started.new)
    if ended is None:
        return Response(status_code=499)
    return await off_the_loop(request, views.finish_check, choices, fragment, started, ended)


async def back_to_page(request: Request) -> Response:
    """The address after a refused upload, reloaded or bookmarked: the page with its settings."""
    return views.redirect(choices_of(request, query_of(request)))


async def a_static_file(request: Request) -> Response:
    return views.static(request.path_params["name"])


async def an_upload(request: Request) -> Response:
    """The files chosen on the page (``multipart/form-data``), read by python-multipart."""
    kind = request.headers.get("content-type", "")
    if not kind.startswith("multipart/form-data"):
        raise DeckgenError(_("the upload came without its file; choose a file and press Upload"))
    fields: dict[str, list[str]] = {}
    files: dict[str, tuple[str, bytes]] = {}
    limits: dict[str, Any] = {"max_files": 16, "max_fields": 400, "max_part_size": MAX_UPLOAD + 1}
    reading = form_in_memory(request, **limits) if request.app.state.in_browser else request.form(**limits)
    async with reading as form:
        for name, value in form.multi_items():
            if isinstance(value, str):
                fields.setdefault(name, []).append(value)
            else:
                files[name] = (value.filename or "", await value.read())
    choices = choices_of(request, fields)
    return await off_the_loop(request, views.upload, service(request), choices, files, client_of(request))


class _InMemory(MultiPartParser):
    """python-multipart's parser keeping every file of the form in memory (the Guard keeps a form
    under MAX_BODY): Starlette's writes a file past a megabyte to disk in a thread, and a
    browser has none."""

    spool_max_size = MAX_BODY


@asynccontextmanager
async def form_in_memory(request: Request, **limits: Any) -> AsyncIterator[FormData]:
    """``request.form(**limits)``, read and closed on the event loop alone (the page in a browser)."""
    try:
        async with aclosing(request.stream()) as stream:
            form = await _InMemory(request.headers, stream, **limits).parse()
    except MultiPartException as error:
        raise HTTPException(400, error.message) from None
    try:
        yield form
    finally:
        await form.close()


async def design_again(request: Request) -> Response:
    choices = choices_of(request, await form_of(request))
    return await off_the_loop(request, views.design_again, service(request), choices, client_of(request))


async def design_cancel(request: Request) -> Response:
    choices = choices_of(request, await form_of(request))
    return await off_the_loop(request, views.design_cancel, service(request), choices, client_of(request))


async def a_download(request: Request) -> Response:
    """Build the files of the form's settings. A browser's form gets the file as the answer (the
    request waits for its job); ``Accept: application/json`` gets the job's addresses at once."""
    choices = choices_of(request, await form_of(request))
    request.state.back = "/?" + views.urlencode(choices.query())  # the page again, with the settings of the form
    calibration = request.url.path.rpartition("/")[2] == "calibration"  # the page's own path may come first
    start = views.start_calibration if calibration else views.start_download
    svc = service(request)
    job_id = await off_the_loop(request, start, svc, choices, client_of(request))
    if wants_json(request):
        return JSONResponse(views.job_links(job_id), 202)
    return await views.waited_file(svc, job_id, request)


async def a_job(request: Request) -> Response:
    return await off_the_loop(request, views.job_state, service(request), request.path_params["job"])


async def a_jobs_file(request: Request) -> Response:
    return await off_the_loop(request, views.job_file, service(request), request.path_params["job"])


async def a_jobs_cancel(request: Request) -> Response:
    from deckgen.serve import tasks

    job_id = request.path_params["job"]
    svc = service(request)
    if await off_the_loop(request, tasks.state_of, svc.store, job_id) is None:
        return JSONResponse({"state": "expired"}, 404)
    await off_the_loop(request, tasks.cancel, svc.store, job_id)
    return JSONResponse({"state": "cancelling"}, 202)


async def health(request: Request) -> Response:
    return await off_the_loop(request, views.health, service(request))


ROUTES = [
    Route("/", answering(the_page), methods=["GET", "HEAD"]),
    Route("/preview/{which:str}.png", answering(a_picture), methods=["GET", "HEAD"]),
    Route("/preview/{which:str}.svg", answering(a_picture), methods=["GET", "HEAD"]),
    Route("/summary", answering(the_summary), methods=["GET", "HEAD"]),
    Route("/check", answering(the_check), methods=["GET", "HEAD"]),
    Route("/upload", answering(back_to_page), methods=["GET", "HEAD"]),
    Route("/upload", answering(an_upload), methods=["POST"]),
    Route("/static/{name:str}", answering(a_static_file), methods=["GET", "HEAD"]),
    Route("/design-again", answering(design_again), methods=["POST"]),
    Route("/design-cancel", answering(design_cancel), methods=["POST"]),
    Route("/download", answering(a_download), methods=["POST"]),
    Route("/calibration", answering(a_download), methods=["POST"]),
    Route("/jobs/{job:str}", answering(a_job), methods=["GET", "HEAD"]),
    Route("/jobs/{job:str}/file", answering(a_jobs_file), methods=["GET", "HEAD"]),
    Route("/jobs/{job:str}/cancel", answering(a_jobs_cancel), methods=["POST"]),
    Route("/healthz", health, methods=["GET", "HEAD"]),
]


async def not_found(request: Request, error: Exception) -> Response:
    if isinstance(error, HTTPException) and error.status_code == 405:
        return views.text(_("This address does not take that kind of request."), 405)
    return views.text(_("No such page."), 404)


class HiddenToken(logging.Filter):
    """Write ``token=…`` in an access-log line as ``token=hidden``: the log is read by others."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(
                TOKEN_IN_ADDRESS.sub("token=hidden", a) if isinstance(a, str) else a for a in record.args
            )
        return True


def _hidden(value: object) -> object:
    return TOKEN_IN_ADDRESS.sub("token=hidden", value) if isinstance(value, str) else value


TOKEN_IN_ADDRESS = re.compile(r"(?<=[?&])token=[^&\s\"]*")


def create_app(config: ServeConfig) -> Starlette:
    """The page, served as ``config`` says; the store, queue and folder are made when it starts
    (uvicorn's lifespan) and removed when it stops."""
    from deckgen.serve.folder import ServerFolder
    from deckgen.serve.queue import queue_from_url
    from deckgen.serve.store import store_from_url
    from deckgen.serve.uploads import Uploads

    if config.in_browser and config.run_here is None:
        raise ValueError("a page in a browser runs its jobs in its own process: give ServeConfig.run_here")
    held: dict[str, Any] = {"scrub": lambda text: text}
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(each, HiddenToken) for each in access.filters):
        access.addFilter(HiddenToken())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        # Folders that servers no longer running left behind go first (see ServerFolder).
        folder = ServerFolder()
        try:
            store = store_from_url(config.queue, folder.path)
            queue = queue_from_url(config.queue, store, folder.path, config.run_here if config.in_browser else None)
        except BaseException:
            folder.remove()
            raise
        held["scrub"] = scrubber(places(folder.path))
        try:
            store.ping()
        except StoreUnavailable as error:  # the page still opens; its jobs wait for the store
            sys.stderr.write(f"deckgen serve: warning: {error}\n")
        supervisor = os.environ.get(SUPERVISED, "")
        if supervisor.isdigit():  # a web worker of --workers N ends with the process that started it
            threading.Thread(target=_watch_supervisor, args=(int(supervisor),), daemon=True).start()
        app.state.service = Service(
            store,
            queue,
            Uploads(store, folder.path / "uploads"),
            held["scrub"],
            config.region,
            config.jobs_per_client,
        )
        # Each game's machinery (fonts, spreadsheet readers) loads once, in the background, while
        # the browser opens: the first preview of a game is then as quick as the next. (A browser
        # has no background: there the first preview pays.)
        if not config.in_browser:
            threading.Thread(target=_warm_up, args=(app.state.service,), daemon=True).start()
        try:
            yield
        finally:
            try:
                for job_id in list(app.state.service.waiting):  # nobody is left to fetch their files
                    try:
                        tasks.cancel(store, job_id)
                    except StoreUnavailable:
                        break
                queue.close()  # running jobs end, their commands with them
            finally:
                folder.remove()

    app = Starlette(
        routes=ROUTES,
        lifespan=lifespan,
        exception_handlers={404: not_found, 405: not_found},
    )
    app.state.in_browser = config.in_browser
    app.add_middleware(
        Guard,
        hosts=hosts_for(config),  # once: listening on every address, the names are looked up in DNS
        scrub=lambda: held["scrub"],
        language=config.language,
        token=config.token,
        framed_by_own_site=config.in_browser,
    )
    return app


def _watch_supervisor(supervisor: int) -> None:
    """Stop this web worker (as SIGTERM does: its jobs and folder go) once the ``deckgen serve
    --workers N`` that started it is gone, however it went, even before this worker had started."""
    import signal
    import time

    while os.getppid() == supervisor:
        time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGTERM)


def _warm_up(svc: Service) -> None:
    for key in games():
        try:
            svc.previews.job(PageChoices.from_query({"game": [key]}), None)
        except Exception:  # a game whose own deck cannot be laid out says so when asked for
            continue


def app_from_environment() -> Starlette:
    """The page as uvicorn's ``--factory`` starts it, its settings from DECKGEN_* variables."""
    return create_app(ServeConfig.from_environment())
