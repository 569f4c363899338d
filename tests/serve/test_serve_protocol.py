"""deckgen serve's small leaks and protocol points, over real HTTP: no message shows a path on
the server, every HTML answer (the standard library's error pages too) carries the page's
Content-Security-Policy, two Host headers are a 400, a link from another site opens the page
(and nothing else), and a file name echoed in a message has no control characters."""

from __future__ import annotations

import json
import socket
import tempfile
import unicodedata
from pathlib import Path
from urllib.parse import urlencode

import pytest

from deckgen.deckfile import TEMPLATES
from tests.serve.test_serve import own, parse, upload
from tests.servekit import Server, request, start_server


@pytest.fixture(scope="module")
def tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("serve-hardening")


@pytest.fixture(scope="module")
def server(tmp: Path) -> Server:
    started = start_server(tmp)
    yield started
    said = started.stop()
    assert "stopped" in said
    assert "error on" not in said, said
    assert not list(tmp.glob("deckgen-serve-*")), "the server left its temporary folder behind"


def raw(server: Server, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` as it is on a connection of its own; the status, headers and body of the answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as connection:
        connection.sendall(data)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            if not chunk:
                break
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        while len(body) < length:
            chunk = connection.recv(65536)
            if not chunk:
                break
            body += chunk
    return int(lines[0].split()[1]), headers, body


def host(server: Server) -> str:
    return f"127.0.0.1:{server.port}"


# -- (a) no path on the server in any message ------------------------------------------------

TINY = {"game": "flashcards", "card_size": "1x1mm"}


def places(tmp: Path) -> list[str]:
    """Folders of the server a message might name."""
    return [str(TEMPLATES), str(TEMPLATES.parent), str(tmp), tempfile.gettempdir(), str(Path.home())]


def assert_no_place(text: str, tmp: Path) -> None:
    assert "flashcards-sample.csv" in text and "leaves no room" in text, text[:2000]
    for place in places(tmp):
        assert place + "/" not in text, f"a message shows the server's folder {place}: {text[:2000]}"
    assert "/templates/" not in text


def test_no_message_shows_a_path_on_the_server(server: Server, tmp: Path) -> None:
    query = urlencode(TINY)
    page = request(server.url + "?" + query)
    assert page.status == 200
    assert_no_place(parse(page.text).texts["problem"], tmp)
    assert_no_place(page.text, tmp)
    summary = request(server.url + "summary?" + query)
    assert_no_place(json.loads(summary.text)["problem"], tmp)
    picture = request(server.url + "preview/card.png?" + query)
    assert picture.status == 400
    assert_no_place(picture.text, tmp)
    for fragment in ("&fragment=1", ""):
        assert_no_place(request(server.url + "check?" + query + fragment).text, tmp)
    download = request(server.url + "download", query.encode(), own(server))
    assert download.status == 400
    assert_no_place(download.text, tmp)


# -- (b) the page's Content-Security-Policy on every HTML answer -----------------------------


def page_policy(server: Server) -> str:
    answer = request(server.url)
    assert answer.status == 200
    return answer.headers["Content-Security-Policy"]


def test_the_check_fragment_carries_the_pages_policy(server: Server) -> None:
    policy = page_policy(server)
    answer = request(server.url + "check?" + urlencode(TINY) + "&fragment=1")
    assert answer.headers["Content-Type"].startswith("text/html")
    assert answer.headers.get("Content-Security-Policy") == policy


@pytest.mark.parametrize(
    ("status", "sent"),
    [
        (414, "GET /?{long} HTTP/1.1\r\nHost: {host}\r\n\r\n"),
        (431, "GET / HTTP/1.1\r\nHost: {host}\r\n{many}\r\n"),
        (431, "GET / HTTP/1.1\r\nHost: {host}\r\nX-Long: {long}\r\n\r\n"),
        (403, "BREW / HTTP/1.1\r\nHost: {host}\r\n\r\n"),
        (400, "GET / two words HTTP/1.1\r\nHost: {host}\r\n\r\n"),
        (404, "GET /<script>alert(1)</script> HTTP/1.1\r\nHost: {host}\r\n\r\n"),
    ],
)
def test_a_malformed_request_is_refused_and_nothing_of_it_is_shown(server: Server, status: int, sent: str) -> None:
    """Too long, too many headers, an unknown method, a broken request line: refused, with a
    message that repeats nothing of the request, and never as HTML without the page's policy
    (the web server's own refusals are plain text)."""
    policy = page_policy(server)
    many = "".join(f"X-Header-{n}: {n}\r\n" for n in range(150))
    data = sent.format(host=host(server), long="a" * 70_000, many=many).encode()
    got, headers, body = raw(server, data)
    assert got == status, body[:300]
    assert b"aaaa" not in body and b"<script>" not in body and b"X-Header" not in body
    if headers["content-type"].startswith("text/html"):
        assert headers.get("content-security-policy") == policy, headers
    else:
        assert headers["content-type"].startswith("text/plain")


# -- (c) one Host header, as RFC 9112 section 3.2 asks -------------------------------------


def test_two_host_headers_are_a_bad_request(server: Server) -> None:
    status, _, _ = raw(server, f"GET / HTTP/1.1\r\nHost: {host(server)}\r\nConnection: close\r\n\r\n".encode())
    assert status == 200
    twice = f"GET / HTTP/1.1\r\nHost: {host(server)}\r\nHost: {host(server)}\r\nConnection: close\r\n\r\n"
    status, _, _ = raw(server, twice.encode())
    assert status == 400
    other = f"GET / HTTP/1.1\r\nHost: {host(server)}\r\nHost: attacker.example\r\nConnection: close\r\n\r\n"
    assert raw(server, other.encode())[0] == 400
    post = (
        f"POST /download HTTP/1.1\r\nHost: {host(server)}\r\nHost: {host(server)}\r\nOrigin: http://{host(server)}\r\n"
        "Content-Length: 14\r\nConnection: close\r\n\r\ngame=treenex&x"
    )
    assert raw(server, post.encode())[0] == 400
    # HTTP/1.1 without a Host is a 400 too.
    assert raw(server, b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")[0] == 400


# -- (d) a link from another site opens the page; nothing with side effects is done for it ---

WEBMAIL = "https://mail.example.com"


def test_a_link_from_another_site_opens_the_page(server: Server) -> None:
    navigate = {
        "Sec-Fetch-Site": "cross-site",
        "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Dest": "document",
        "Sec-Fetch-User": "?1",
        "Referer": WEBMAIL + "/",
    }
    answer = request(server.url + "?" + urlencode({"game": "treenex", "sets": "3"}), headers=navigate)
    assert answer.status == 200, answer.text
    assert 'id="sets" name="sets" min="1" max="200" value="3"' in answer.text
    assert request(server.url, headers={**navigate, "Sec-Fetch-Site": "same-site"}).status == 200
    # A browser that does not say Sec-Fetch-*: another site's Origin or Referer on the page's address.
    assert request(server.url + "?game=treenex", headers={"Referer": WEBMAIL + "/inbox"}).status == 200
    assert request(server.url + "?game=treenex", headers={"Origin": WEBMAIL}).status == 200


def test_another_sites_requests_with_work_or_effects_are_still_refused(server: Server) -> None:
    navigate = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
    # The page in another site's frame, or fetched by its script: refused.
    assert request(server.url, headers={**navigate, "Sec-Fetch-Dest": "iframe"}).status == 403
    assert request(server.url, headers={**navigate, "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}).status == 403
    assert request(server.url, headers={**navigate, "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"}).status == (
        403
    )
    # Anything but the page: refused even as a navigation (a check runs simulated games).
    for path in ("check?game=treenex", "preview/card.png?game=treenex", "summary?game=treenex", "upload?game=treenex"):
        assert request(server.url + path, headers=navigate).status == 403, path
        assert request(server.url + path, headers={"Origin": WEBMAIL}).status == 403, path
    # Forms from another site, however they are sent: refused as before.
    body = b"game=treenex"
    assert request(server.url + "download", body, {**navigate, "Origin": WEBMAIL}).status == 403
    assert request(server.url + "download", body, {"Origin": WEBMAIL}).status == 403
    assert request(server.url + "download", body, {"Referer": WEBMAIL + "/"}).status == 403
    assert request(server.url + "calibration", body, {**navigate, "Referer": WEBMAIL + "/"}).status == 403
    # Another Host is refused whatever the request says of itself (DNS rebinding).
    assert request(server.url, headers={**navigate, "Host": f"attacker.example:{server.port}"}).status == 403


def test_the_page_may_not_be_framed(server: Server) -> None:
    answer = request(server.url)
    assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]


# -- (e) no control characters from a file name in a message -------------------------------

CONTROLS = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F)]


def shown(message: str) -> None:
    for char in message:
        assert unicodedata.category(char) not in ("Cc", "Cf", "Zl", "Zp") or char == "\n", (
            f"U+{ord(char):04X} in the message {message!r}"
        )


@pytest.mark.parametrize(
    "filename",
    [
        "report\u202efdp.exe",  # shows as "reportexe.pdf"
        "list\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u200e\u200f.exe",
        "a\x1b[31mred\x07.exe",
    ],
)
def test_a_refused_uploads_message_echoes_no_control_characters(server: Server, filename: str) -> None:
    status, _, html = upload(server, "cleariosity", filename, b"anything")
    assert status == 400
    message = parse(html).texts["deck_file-error"]
    assert ".exe" in message and "deck file" in message
    shown(message)
    for control in CONTROLS:
        assert control not in html


def test_a_too_large_uploads_message_echoes_no_control_characters(server: Server) -> None:
    status, _, html = upload(server, "cleariosity", "big\u202elmot.toml", b"#" * 2_000_100)
    assert status == 400
    message = parse(html).texts["deck_file-error"]
    assert "bytes" in message
    shown(message)
