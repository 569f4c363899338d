"""``deckgen serve``: the page on a local web server (the standard library's, threaded).

The standard library's server is enough for one teacher's browser on the same computer and
adds nothing to install, which matters most to the people this page is for. It listens on
127.0.0.1 unless told otherwise, and answers only requests addressed to itself: a Host other
than its own (a DNS-rebinding page) or a POST from another site's page is refused. Heavy work
runs in child processes (:mod:`deckgen.serve.jobs`), so the page stays responsive; they end
with the server, however it ends (:mod:`deckgen.serve.child`), and the folder it keeps uploads
in goes too (:mod:`deckgen.serve.folder`). A link to the page from another site (a colleague's
e-mail) opens the page; nothing else is done for another site. No message the page returns
names a folder of this computer (:func:`scrubber`).
"""

from __future__ import annotations

import functools
import json
import re
import shutil
import signal
import sys
import tempfile
import threading
from email.parser import BytesParser
from email.policy import HTTP
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlencode, urlsplit

from deckgen.errors import DeckgenError, Stopped
from deckgen.games import games
from deckgen.games.base import ColumnsNotFound
from deckgen.i18n import N_, _, from_accept_language, joined, number, speak, speaking
from deckgen.resources import static_file
from deckgen.serve import page
from deckgen.serve.choices import ASKED, FIELD_OF, MAPPED, PageChoices, field_label
from deckgen.serve.designs import MOST_SEARCHES, Designs
from deckgen.serve.folder import ServerFolder
from deckgen.serve.jobs import Download, Runner
from deckgen.serve.preview import Previews, card_png, counts, sheet_png, stack_png
from deckgen.serve.uploads import MAX_UPLOAD, Uploads, shown_name

if TYPE_CHECKING:
    from deckgen.build import BuildJob

#: The page's style sheet and script (files of this package), served under /static/.
STATIC_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
#: The only files served from static/.
STATIC_FILES = ("page.css", "page.js")
#: Most previews drawn at once (each holds a sheet's plan and picture in memory).
PREVIEW_SLOTS = 4
#: Largest form the server reads (an upload, with room for the other fields).
MAX_BODY = MAX_UPLOAD + 100_000
#: The most of a too-large body read and thrown away so that the browser gets the message.
DRAIN_LIMIT = 64_000_000
#: The page's Content-Security-Policy, sent with every HTML answer (the standard library's error
#: pages too): its own style sheet, script and pictures only, and never inside another site's frame.
CSP = "default-src 'self'; img-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
#: Answers whose text is a message the page wrote (scrubbed of folders; see :func:`scrubber`).
WORDS = ("text/html", "text/plain", "application/json")
INTERNAL = N_(
    "deckgen could not do this (a fault of deckgen's, not of your settings); the terminal running "
    "deckgen serve shows what happened. Try other settings, or the same command in a terminal."
)


class DeckgenServer(ThreadingHTTPServer):
    daemon_threads = True
    #: Connections waiting to be accepted (a page asks for its pictures and counts at once).
    request_queue_size = 64

    def __init__(self, host: str, port: int, slots: int = 2, language: str = "en", region: str | None = None) -> None:
        super().__init__((host, port), Handler)
        #: The page's language for a browser that asks for none deckgen speaks (``serve --lang``).
        self.language = language
        #: The classes' country for a browser that names none for its language (``serve --region``).
        self.region = region
        # Folders that servers no longer running left behind go first (see ServerFolder).
        self.folder = ServerFolder()
        self.root = self.folder.path
        self.scrub = scrubber(places(self.root))
        self.uploads = Uploads(self.root / "uploads")
        self.runner = Runner(self.root, slots)
        self.previews = Previews()
        self.designs = Designs(self.runner, self.uploads)
        self.preview_slots = threading.BoundedSemaphore(PREVIEW_SLOTS)
        # Each game's machinery (fonts, spreadsheet readers) loads once, in the background, while
        # the browser opens: the first preview of a game is then as quick as the next.
        threading.Thread(target=self._warm_up, daemon=True).start()
        port = self.server_address[1]
        self.hosts = {f"{name}:{port}" for name in own_names(host)}

    def _warm_up(self) -> None:
        for key in games():
            try:
                self.previews.job(PageChoices.from_query({"game": [key]}), None)
            except Exception:  # a game whose own deck cannot be laid out says so when asked for
                continue

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection the browser dropped is no fault; anything else is one line, not a traceback."""
        import sys

        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError | TimeoutError):
            return
        sys.stderr.write(f"deckgen serve: error: {type(error).__name__}: {error}\n")

    @property
    def address(self) -> str:
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else host
        return f"http://{name}:{port}/"

    def close(self) -> None:
        """Stop running builds (their workers with them), close the socket and remove every temporary folder."""
        try:
            self.runner.stop()
            self.server_close()
        finally:
            self.folder.remove()


class Handler(BaseHTTPRequestHandler):
    server: DeckgenServer
    protocol_version = "HTTP/1.1"
    #: Seconds a connection may sit without sending: a client that stops halfway frees its thread.
    timeout = 60

    def setup(self) -> None:
        super().setup()
        #: Names of the headers of the answer being sent, and whether it is HTML (see end_headers).
        self._sent: set[str] = set()
        self._html = False

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the address and how to stop, not every request."""

    def send_response(self, code: int, message: str | None = None) -> None:
        self._sent = set()
        self._html = False
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        name = keyword.lower()
        self._sent.add(name)
        if name == "content-type" and value.lower().startswith("text/html"):
            self._html = True
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        """Every HTML answer, the standard library's own error pages (414, 431, 501, ...) too,
        goes with the page's Content-Security-Policy and is never framed or sniffed."""
        if self._html:
            for name, value in (
                ("Content-Security-Policy", CSP),
                ("X-Frame-Options", "DENY"),
                ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "same-origin"),
            ):
                if name.lower() not in self._sent:
                    self.send_header(name, value)
        super().end_headers()

    # -- safety --------------------------------------------------------------------------

    def _own_request(self, post: bool, path: str = "") -> bool:
        """Whether the request is addressed to this server and, for a POST, comes from its page
        (or is a link to the page followed from anywhere: see :meth:`_link_to_page`)."""
        hosts = self.headers.get_all("Host") or []
        if len(hosts) > 1 or (not hosts and self.request_version == "HTTP/1.1"):
            # RFC 9112, section 3.2: a request names its host once (an HTTP/1.1 one always).
            self.close_connection = True
            self._send_text(400, _("Bad request: a request names its Host once."))
            return False
        if self.headers.get("Host", "") not in self.server.hosts:
            self._send_text(403, _("This page answers only at its own address (refused: another Host)."))
            return False
        if not post and self._link_to_page(path):
            return True
        # Browsers say where a request comes from: another site's page may not even ask for a
        # picture (each preview is work, and a large card size is a lot of it).
        if self.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
            self._send_text(403, _("Refused: the request came from another site's page."))
            return False
        origin = self.headers.get("Origin")
        if origin is None and post:
            origin = _origin_of(self.headers.get("Referer", ""))
        own = origin in (None, "null") or (
            urlsplit(origin).scheme == "http" and urlsplit(origin).netloc in self.server.hosts
        )
        if not own:
            self._send_text(403, _("Refused: the request came from another site's page."))
            return False
        if post and origin in (None, "null"):
            self._send_text(403, _("Refused: a form sent without saying which page it came from."))
            return False
        return True

    def _link_to_page(self, path: str) -> bool:
        """Whether a GET is the browser opening the page itself, top-level: a link followed from
        another site (a colleague's e-mail, webmail), a bookmark, an address pasted. That is
        served from anywhere, as it starts no work but the page's own; the page may still not be
        framed (``Sec-Fetch-Dest: iframe``, and ``frame-ancestors`` in :data:`CSP`), fetched by
        another site's script, or asked for anything else (a check, a picture, a download)."""
        if path != "/":
            return False
        mode = self.headers.get("Sec-Fetch-Mode")
        dest = self.headers.get("Sec-Fetch-Dest")
        if mode is None and dest is None and self.headers.get("Sec-Fetch-Site") is None:
            return True  # a browser that does not say: a GET of the page, whatever its Origin or Referer
        return mode == "navigate" and dest == "document"

    # -- answering -----------------------------------------------------------------------

    def _send(self, status: int, body: bytes, content_type: str, extra: dict[str, str] | None = None) -> None:
        if content_type.startswith(WORDS):  # the one place every message passes: no folder named in it
            body = self.server.scrub(body.decode("utf-8")).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "same-origin")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_html(self, status: int, html: str) -> None:
        self._send(status, html.encode("utf-8"), "text/html; charset=utf-8")  # with CSP (see end_headers)

    def _send_text(self, status: int, text: str) -> None:
        self._send(status, (text + "\n").encode("utf-8"), "text/plain; charset=utf-8")

    def _send_file(self, download: Download) -> None:
        try:
            size = download.path.stat().st_size
            self.send_response(200)
            self.send_header("Content-Type", download.content_type)
            self.send_header("Content-Length", str(size))
            self.send_header("Content-Disposition", f'attachment; filename="{download.name}"')
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            with download.path.open("rb") as stream:
                shutil.copyfileobj(stream, self.wfile, 1 << 16)
        finally:
            shutil.rmtree(download.folder, ignore_errors=True)

    # -- routes --------------------------------------------------------------------------

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        speak(from_accept_language(self.headers.get("Accept-Language", ""), self.server.language))
        url = urlsplit(self.path)
        if not self._own_request(post=False, path=url.path):
            return
        query = parse_qs(url.query, keep_blank_values=True)
        try:
            if url.path == "/":
                self._page(self._choices(query))
            elif url.path in ("/preview/sheet.png", "/preview/card.png", "/preview/back.png", "/preview/stack.png"):
                self._picture(url.path.rsplit("/", 1)[1].removesuffix(".png"), self._choices(query))
            elif url.path == "/summary":
                self._summary(self._choices(query))
            elif url.path == "/upload":  # the address after a refused upload, reloaded or bookmarked
                self._redirect(self._choices(query))
            elif url.path == "/check":
                self._check(self._choices(query), fragment="fragment" in query)
            elif url.path.startswith("/static/") and url.path[8:] in STATIC_FILES:
                self._static(url.path[8:])
            else:
                self._send_text(404, _("No such page."))
        except DeckgenError as error:
            self._send_html(400, page.message_page(_("Something is wrong"), str(error)))
        except Exception as error:  # a fault of deckgen's: a message on the page, one line in the terminal
            self._internal(error)

    def _internal(self, error: Exception) -> None:
        import sys

        if isinstance(error, ConnectionError | TimeoutError):
            return  # the browser went away (a preview replaced by a newer one): nothing to answer
        sys.stderr.write(f"deckgen serve: error on {self.command} {self.path[:200]}: {type(error).__name__}: {error}\n")
        try:
            self._send_html(500, page.message_page(_("Something went wrong"), _(INTERNAL)))
        except OSError:
            pass

    def do_POST(self) -> None:
        speak(from_accept_language(self.headers.get("Accept-Language", ""), self.server.language))
        if not self._own_request(post=True):
            return
        url = urlsplit(self.path)
        given = self.headers.get("Content-Length", "")
        if "Transfer-Encoding" in self.headers or not (given.isascii() and given.isdigit()):
            self.close_connection = True
            self._send_text(411, _("Send the form with its length (Content-Length), as a browser does."))
            return
        length = int(given)
        if length > MAX_BODY:
            self.close_connection = True
            # Read what is being sent (up to a limit) before answering: a browser still sending
            # would otherwise see the connection cut, not the message.
            left = length if 0 < length <= DRAIN_LIMIT else 0
            while left > 0:
                chunk = self.rfile.read(min(left, 1 << 16))
                if not chunk:
                    break
                left -= len(chunk)
            self._send_html(
                413,
                page.message_page(
                    _("File too large"),
                    _("A file may be {bytes} bytes at most; choose a smaller one.").format(bytes=number(MAX_UPLOAD)),
                ),
            )
            return
        body = self.rfile.read(length)
        if len(body) != length:
            self.close_connection = True
            self._send_text(400, _("The form arrived incomplete; send it again."))
            return
        back = "/"
        try:
            if url.path == "/upload":
                self._upload(body)
            elif url.path == "/design-again":
                self._design_again(body)
            elif url.path == "/design-cancel":
                self._design_cancel(body)
            elif url.path in ("/download", "/calibration"):
                choices = self._form_choices(body)
                back = "/?" + urlencode(choices.query())  # the page again, with the settings of the form
                (self._download if url.path == "/download" else self._calibration)(choices)
            else:
                self._send_text(404, _("No such page."))
        except DeckgenError as error:
            self._send_html(400, page.message_page(_("Something is wrong"), str(error), back))
        except Exception as error:
            self._internal(error)

    # -- the page and its parts ------------------------------------------------------------

    def _choices(self, query: dict[str, list[str]]) -> PageChoices:
        """The page's settings in an address or a form, for this browser (its language and country)."""
        return PageChoices.from_query(query, self.headers.get("Accept-Language", ""), self.server.region)

    def _form_choices(self, body: bytes) -> PageChoices:
        """The page's settings from a posted form (``application/x-www-form-urlencoded``)."""
        return self._choices(parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True))

    def _upload_path(self, choices: PageChoices) -> Path | None:
        if not choices.upload:
            return None
        path, game = self.server.uploads.path(choices.upload)
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

    def _plain(self, message: str) -> str:
        """A message with any file kept on the server named by its file name alone."""
        root = re.escape(str(self.server.root))
        return re.sub(root + r"[^\s'\"]*/([^/\s'\"]+)", r"\1", message)

    def _attached_paths(self, choices: PageChoices) -> dict[str, Path]:
        """The files uploaded for options (a font), by option name; one no longer kept is said
        beside its field. Their names go to ``choices.attached_names`` for the page."""
        paths: dict[str, Path] = {}
        for name, upload_id in list(choices.attached.items()):
            path, game = self.server.uploads.path(upload_id)
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

    def _headings(self, choices: PageChoices, upload: Path | None) -> None:
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

    def _columns_advice(self, choices: PageChoices, upload: Path | None) -> str:
        """What the page says when the file's columns for a side are not found: tick them in its own fields."""
        fields = [_("“{name}”").format(name=_(option.label)) for option in choices.game_obj.options if option.columns]
        return _("{file}: tick which of its columns ({columns}) go on the card, under {fields}").format(
            file=upload.name if upload is not None else "",
            columns=", ".join(repr(heading) for heading in choices.headings),
            fields=joined(fields),
        )

    def _prepared(self, choices: PageChoices) -> Any:
        """The build plan of the choices, or the one line saying why the build would stop."""
        upload = self._upload_path(choices)
        attached = self._attached_paths(choices)
        self._headings(choices, upload)
        if choices.errors:
            name = next(iter(choices.errors))
            if name == "deck_file":
                raise DeckgenError(_("your file: {problem}").format(problem=choices.errors[name]))
            label = _(field_label(choices.game_obj, name))
            raise DeckgenError(_("{where}: {error}").format(where=label, error=choices.errors[name]))
        try:
            with self.server.preview_slots:
                return self.server.previews.job(choices, upload, attached)
        except ColumnsNotFound:
            if not choices.headings:
                raise
            raise DeckgenError(self._columns_advice(choices, upload)) from None
        except DeckgenError as error:
            raise DeckgenError(self._plain(str(error))) from None

    def _page(self, choices: PageChoices, status: int = 200) -> None:
        if choices.design:
            design = self.server.designs.get(choices.design)
            if design is None:
                choices.errors["deck_file"] = _("the design was lost (the server was restarted); upload the spec again")
                choices.design = ""
            elif design.done and design.deck:
                choices.upload, choices.design = design.deck, ""
                self._redirect(choices)
                return
            elif design.done:
                search = (
                    _(" (search {seed} of {most})").format(seed=design.seed, most=MOST_SEARCHES)
                    if design.seed > 1
                    else ""
                )
                choices.errors["deck_file"] = f"{design.spec}{search}: {design.failure}"
                choices.search_again = choices.design if design.can_search_again else ""
                choices.design = ""
            else:
                waiting = page.design_section(design.spec, design.seconds, design.seed, choices, design.stage())
                self._send_html(status, page.main_page(choices, None, waiting, "", refresh=3))
                return
        upload = self._upload_path(choices)
        problem = None
        said: dict[str, Any] = {"counts": "", "command": "", "deck": "", "stack": None, "back": False, "named": ""}
        try:
            said = self._preview_words(choices, upload)
        except DeckgenError as error:
            problem = _attach(str(error), choices)
        preview = page.preview_section(
            choices, said["counts"], said["command"], problem, said["stack"], said["deck"], said["back"], said["named"]
        )
        check = page.check_link(choices, hidden=problem is not None)
        downloads = page.download_section(choices, problem)
        self._send_html(
            status, page.main_page(choices, upload.name if upload else None, preview, check, None, downloads)
        )

    def _preview_words(self, choices: PageChoices, upload: Path | None) -> dict[str, Any]:
        """What the preview says of the choices' plan (the page writes it, the script updates it):
        the counts, the command, the deck in use, what the sample stack reads, whether the cards'
        backs are printed (the page then shows one beside its front) and the kinds of file made."""
        job = self._prepared(choices)
        deck = next(iter(job.decks.values()))
        stack = deck.game.sample_stack(deck.deck)
        backs = {face.key for face in deck.faces.backs or ()}
        return {
            "counts": counts(job).sentence(),
            "command": choices.command(upload, self._attached_paths(choices)),
            "deck": deck_in_use(deck, upload),
            "named": deck_named(deck, upload),
            "stack": stack.reads if stack is not None else None,
            "back": any(p.face in backs for page in deck.plan.pages for p in page.placements),
            "formats": list(choices.formats),
        }

    def _picture(self, which: str, choices: PageChoices) -> None:
        try:
            job = self._prepared(choices)
        except DeckgenError as error:
            self._send_text(400, str(error))
            return
        with self.server.preview_slots:
            if which == "sheet":
                data = sheet_png(job)
            elif which in ("card", "back"):
                drawn = card_png(job, side="front" if which == "card" else "back")
                if drawn is None:
                    self._send_text(404, _("These cards have no backs."))
                    return
                data = drawn
            else:
                made = stack_png(job)
                if made is None:
                    self._send_text(404, _("This game's cards are not stacked."))
                    return
                data = made[0]
        self._send(200, data, "image/png")

    def _summary(self, choices: PageChoices) -> None:
        upload = self._upload_path(choices)
        answer: dict[str, Any] = {"query": urlencode(choices.query()), "errors": dict(choices.errors)}
        try:
            answer.update(self._preview_words(choices, upload))
            answer["download_what"] = page.download_what(choices)
            answer["shop"] = choices.printed_by_shop
            answer["two_sided"] = choices.two_sided
            answer["sides"] = choices.backs_chosen
        except DeckgenError as error:
            answer["problem"] = _attach(str(error), choices)
            answer["errors"] = dict(choices.errors)
        self._send(200, json.dumps(answer).encode("utf-8"), "application/json")

    def _check(self, choices: PageChoices, fragment: bool) -> None:
        game = choices.game_obj
        upload = self._upload_path(choices)
        try:
            job = self._prepared(choices)
            deck = next(iter(job.decks.values()))
            attached = self._attached_paths(choices)
            args = ["--game", choices.game, *_verify_words(choices, attached)]
            result = self.server.runner.check(args, upload, attached)
        except DeckgenError as error:
            why = escape(_("The deck cannot be checked: {problem}").format(problem=self._plain(str(error))))
            said = f'<p class="problem" role="alert">{why}</p>'
            if fragment:
                self._send(200, said.encode("utf-8"), "text/html; charset=utf-8")
            else:
                self._send_html(400, page.shell(f'<main class="message">{said}</main>', _("Check")))
            return
        report = result["report"]
        passed = bool(report.get("passed", result["failure"] is None))
        about, outlooks = game.outlook(deck.deck, report)
        html = page.check_fragment(passed, self._plain(result["failure"] or ""), about, outlooks)
        if fragment:
            self._send(200, html.encode("utf-8"), "text/html; charset=utf-8")
        else:
            back = "/?" + urlencode(choices.query())
            title = escape(_("What a class can expect"))
            body = f'<main class="message"><h1>{title}</h1>{html}<p><a href="{back}">{escape(_("Back"))}</a></p></main>'
            self._send_html(200, page.shell(body, _("What a class can expect")))

    def _static(self, name: str) -> None:
        if name not in STATIC_FILES:
            self._send_text(404, _("No such file."))
            return
        self._send(200, static_file("deckgen.serve", name), STATIC_TYPES[Path(name).suffix])

    def _upload(self, body: bytes) -> None:
        """The files chosen on the page: a deck file, and files for options (a font), each checked."""
        fields, files = _multipart(self.headers.get("Content-Type", ""), body)
        choices = self._choices(fields)
        filename, data = files.get("deck_file", ("", b""))
        game = choices.game_obj
        attaching = [(o, files[f"{o.name}_file"]) for o in game.options if o.upload and files.get(f"{o.name}_file")]
        attaching = [(option, sent) for option, sent in attaching if sent[0]]
        if filename or not attaching:
            try:
                stored = self.server.uploads.add(game, filename, data)
            except DeckgenError as error:
                # The deck in use (the one uploaded before, or the shipped one) stays: the refusal is said.
                choices.refused = str(error)
                self._page(choices, status=400)
                return
            except Exception:  # a file no reader expected: a message in a teacher's words, never a traceback
                choices.refused = _("{file}: cannot be read as a deck; check that this is the file you meant").format(
                    file=shown_name(filename)
                )
                self._page(choices, status=400)
                return
            if stored.design is not None:  # a spec: design a deck from it, while the page waits
                self.server.designs.start(stored.id, game, stored.path, stored.design)
                choices.upload, choices.design = "", stored.id
            else:
                choices.upload, choices.design = stored.id, ""
        for option, (name, sent) in attaching:
            try:
                choices.attached[option.name] = self.server.uploads.add_attached(game, option, name, sent)
            except DeckgenError as error:  # the file in use for it (or none) stays
                choices.refused, choices.refused_field = str(error), f"{option.name}_file"
                self._page(choices, status=400)
                return
        self._redirect(choices)

    def _design_again(self, body: bytes) -> None:
        """Another search for a spec whose design found no deck (the page's "Try another search")."""
        choices = self._form_choices(body)
        if not choices.design or self.server.designs.search_again(choices.design, choices.game_obj) is None:
            choices.design = ""
            choices.errors["deck_file"] = _("that spec is no longer kept, or has had every search; upload it again")
            self._page(choices, status=400)
            return
        self._redirect(choices)

    def _design_cancel(self, body: bytes) -> None:
        """The page's Cancel while a deck is designed: the design ends, the page says so."""
        choices = self._form_choices(body)
        if choices.design:
            design = self.server.designs.get(choices.design)
            if self.server.designs.cancel(choices.design) and design is not None:
                design.ended.wait(5)  # the command ends within a moment; then the page shows it ended
        self._redirect(choices)

    def _redirect(self, choices: PageChoices) -> None:
        self.send_response(303)
        self.send_header("Location", "/?" + urlencode(choices.query()))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _download(self, choices: PageChoices) -> None:
        upload = self._upload_path(choices)
        attached = self._attached_paths(choices)
        job = self._prepared(choices)  # a wrong setting is one line here, before any build
        stem = zip_stem(job, choices.sets)
        download = self.server.runner.build(choices.command_words(attached=attached), upload, stem, attached)
        self._send_file(download)

    def _calibration(self, choices: PageChoices) -> None:
        job = self._prepared(choices)
        deck = next(iter(job.decks.values()))
        paper = choices.direct.get("paper") or choices.paper
        duplex = deck.settings.duplex if deck.settings.duplex in ("long-edge", "short-edge") else "long-edge"
        self._send_file(self.server.runner.calibration(paper, duplex, choices.speaks))


def zip_stem(job: BuildJob, sets: int) -> str:
    """The name of a download of several files: the deck's and the number of sets
    (``cleariosity-numbers-30-sets``), or for replacement cards the name their files carry
    (``cleariosity-numbers-replacements-G05-Y11``), never the class set's."""
    from deckgen.build import replacing

    deck = next(iter(job.decks.values()))
    if replacing(job.request):
        return job.file_stem(deck)
    return job.file_stem(deck) + (f"-{sets}-sets" if sets > 1 else "")


def places(root: Path) -> list[str]:
    """The folders of this computer that a message might name, as written in it: the server's
    own, the temporary folder, deckgen's (its deck files, the checkout or the installation), Python's,
    the home folder and the folder the server was started in. Never the file system's root."""
    import deckgen
    from deckgen.deckfile import TEMPLATES

    folders = [root, Path(tempfile.gettempdir()), TEMPLATES, TEMPLATES.parent, Path(deckgen.__file__).parent.parent]
    folders += [Path(sys.prefix), Path(sys.base_prefix)]
    for where in (Path.home, Path.cwd):
        try:
            folders.append(where())
        except (OSError, RuntimeError):  # no home, or a folder since removed
            continue
    found: set[str] = set()
    for folder in folders:
        for form in (folder, folder.resolve()):
            if len(form.parts) < 2:
                continue
            for text in (str(form), form.as_posix()):
                # As written in the text, an HTML page and a JSON answer.
                found |= {text, escape(text), json.dumps(text)[1:-1]}
    return sorted(found, key=len, reverse=True)


def scrubber(folders: list[str]) -> Any:
    """A function that names any file under ``folders`` in a text by its own name alone (and a
    folder by its own name): ``/home/me/deckgen/templates/flashcards/flashcards-sample.csv: a 1 x 1 mm
    card ...`` becomes ``flashcards-sample.csv: a 1 x 1 mm card ...``."""
    if not folders:
        return lambda text: text
    # A folder where a name starts and ends (not the middle of a longer name), then the rest of the path.
    folder = r"(?<![\w.-])(" + "|".join(map(re.escape, folders)) + r")(?![\w.-])"
    pattern = re.compile(folder + r"((?:[/\\][^\s'\"<>/\\]*)*)")

    def named(match: re.Match[str]) -> str:
        parts = [part for part in re.split(r"[/\\]", match.group(1) + match.group(2)) if part]
        return parts[-1] if parts else ""

    return lambda text: pattern.sub(named, text)


def own_names(host: str) -> set[str]:
    """The names a browser may use for this server: loopback, the address it listens on and,
    listening on every address (``--host 0.0.0.0``), this computer's name and addresses."""
    import socket

    names = {"127.0.0.1", "localhost", host}
    if host in ("0.0.0.0", "::", ""):
        try:
            name, aliases, addresses = socket.gethostbyname_ex(socket.gethostname())
            names |= {name, *aliases, *addresses, socket.gethostname()}
        except OSError:
            pass
    return {f"[{name}]" if ":" in name else name for name in names}


def deck_in_use(deck: Any, upload: Path | None) -> str:
    """Which deck the preview shows, in a line: a file uploaded, or the game's own."""
    return _("Deck in use: {deck}").format(deck=deck_named(deck, upload))


def deck_named(deck: Any, upload: Path | None) -> str:
    """The deck the preview shows: "your file words.csv", or the game's own, shipped with deckgen."""
    if upload is not None:
        return _("your file {name}").format(name=upload.name)
    return _("{deck}, shipped with deckgen").format(deck=deck.game.deck_title(deck.deck, deck.options))


def _verify_words(choices: PageChoices, attached: dict[str, Path]) -> list[str]:
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


def _attach(message: str, choices: PageChoices) -> str:
    """Put a build's one-line refusal beside the field it names (``--kerf …``), and return it."""
    for option_name in [*choices.direct, *MAPPED]:
        flag = "--" + option_name.replace("_", "-")
        if message.startswith(flag + " ") or message.startswith(flag + ":"):
            field = option_name if option_name in choices.direct or option_name in ASKED else FIELD_OF.get(option_name)
            if field:
                choices.errors.setdefault(field, message)
    return message


def _origin_of(referer: str) -> str | None:
    parts = urlsplit(referer)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


def _multipart(content_type: str, body: bytes) -> tuple[dict[str, list[str]], dict[str, tuple[str, bytes]]]:
    """The fields and files of a ``multipart/form-data`` body (the email parser reads the format)."""
    if not content_type.startswith("multipart/form-data"):
        raise DeckgenError(_("the upload came without its file; choose a file and press Upload"))
    message = BytesParser(policy=HTTP).parsebytes(
        b"Content-Type: " + content_type.encode("latin-1") + b"\r\n\r\n" + body
    )
    fields: dict[str, list[str]] = {}  # a field may come more than once (columns ticked)
    files: dict[str, tuple[str, bytes]] = {}
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str):
            continue
        payload = part.get_payload(decode=True)
        data = payload if isinstance(payload, bytes) else b""
        filename = part.get_filename()
        if filename is not None:
            files[name] = (filename, data)
        else:
            fields.setdefault(name, []).append(data.decode("utf-8", "replace"))
    return fields, files


def serve(host: str, port: int, open_browser: bool, say: Any, language: str = "en", region: str | None = None) -> None:
    """Run the page until Ctrl-C; ``say`` prints a line for the person at the terminal, in
    ``language``, which is also the page's for a browser that asks for none deckgen speaks;
    ``region``: the classes' country for a browser that names none."""
    server = DeckgenServer(host, port, language=language, region=region)
    with speaking(language):
        say(_("deckgen serve: the page is at {address}").format(address=server.address))
        say(_("Press Ctrl-C to stop it."))
    if open_browser:
        import webbrowser

        threading.Thread(target=webbrowser.open, args=(server.address,), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.2)
    except (KeyboardInterrupt, Stopped):  # Ctrl-C (or a kill): the way to stop a server, not an error
        pass
    finally:
        _hold_signals()  # a second Ctrl-C while stopping leaves nothing half removed
        server.close()
        with speaking(language):
            say(_("deckgen serve: stopped."))


def _hold_signals() -> None:
    if threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
