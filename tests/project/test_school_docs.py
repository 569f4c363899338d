""" "Running deckgen for a school" (docs/school.md) and its files (docs/school/) stay true to the
product: the compose file and the systemd units parse and run commands deckgen has, with options it
takes; every `deckgen …` command the page names exists with the options it gives; the settings
table lists the options of `deckgen serve` for a server, and every environment variable named is
one deckgen reads; nginx passes on what deckgen needs and takes the uploads deckgen takes."""

from __future__ import annotations

import importlib
import re
import shlex
import tomllib
from pathlib import Path

import click
import pytest
import yaml

from deckgen.cli import cli

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "school.md"
FILES = ROOT / "docs" / "school"
UNITS = ("deckgen-web.service", "deckgen-worker.service")
#: The systemd directives the units may use, by section (a misspelt one is ignored by systemd
#: with no more than a warning in the journal).
DIRECTIVES = {
    "Unit": {"Description", "Documentation", "After", "Wants", "Requires"},
    "Service": {
        "Type",
        "User",
        "Group",
        "Environment",
        "EnvironmentFile",
        "ExecStart",
        "Restart",
        "RestartSec",
        "TimeoutStopSec",
        "SuccessExitStatus",
        "NoNewPrivileges",
        "PrivateTmp",
        "ProtectSystem",
        "ProtectHome",
    },
    "Install": {"WantedBy"},
}
VARIABLE = re.compile(r"\bDECKGEN_[A-Z][A-Z0-9_]*\b")
FLAG = re.compile(r"--[a-z][a-z0-9-]*")


def command(name: str) -> click.Command:
    found = cli.get_command(click.Context(cli), name)
    assert found is not None, f"deckgen has no command {name!r}"
    return found


def flags(found: click.Command) -> set[str]:
    return {flag for param in found.params for flag in (*param.opts, *param.secondary_opts)} | {"--help"}


def deckgen_commands(text: str) -> list[list[str]]:
    """Each ``deckgen COMMAND …`` in a piece of shell (a code span, a line of a code block, an
    ExecStart): the words from the command on, up to the end of that shell command."""
    found = []
    for part in re.split(r"&&|\|\||[;|]|\s#", text):
        words = part.split()
        for index, word in enumerate(words[:-1]):
            if Path(word).name == "deckgen" and re.fullmatch(r"[a-z]+", words[index + 1]):
                found.append(words[index + 1 :])
                break
    return found


def shell_pieces(markdown: str) -> list[str]:
    """The page's code: every line of its code blocks and every code span outside them."""
    pieces, prose, fenced = [], [], False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif fenced:
            pieces.append(line)
        else:
            prose.append(line)
    return pieces + re.findall(r"`([^`]+)`", "\n".join(prose))


def read_unit(path: Path) -> dict[str, list[tuple[str, str]]]:
    """A systemd unit's sections, each a list of (directive, value) in order (a directive may repeat)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        key, equals, value = line.partition("=")
        assert current is not None and equals and re.fullmatch(r"[A-Za-z]+", key), f"{path.name}:{number}: {line!r}"
        current.append((key, value))
    return sections


def one(section: list[tuple[str, str]], key: str) -> str:
    values = [value for name, value in section if name == key]
    assert len(values) == 1, f"{key}: {values}"
    return values[0]


def unit_environment(section: list[tuple[str, str]]) -> dict[str, str]:
    return dict(value.split("=", 1) for key, value in section if key == "Environment")


def unit_command(name: str) -> list[str]:
    """The unit's ExecStart from its command's name on, its ${VARIABLES} filled in as systemd does."""
    service = read_unit(FILES / name)["Service"]
    environment = unit_environment(service)
    words = shlex.split(one(service, "ExecStart"))
    assert Path(words[0]).name == "deckgen", words
    for variable in re.findall(r"\$\{(\w+)\}", " ".join(words)):
        assert variable in environment, f"{name}: ExecStart names ${{{variable}}}, no Environment= sets it"
    return [re.sub(r"\$\{(\w+)\}", lambda m: environment[m.group(1)], word) for word in words[1:]]


def compose() -> dict:
    found = yaml.safe_load((FILES / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(found, dict)
    return found


def parsed(words: list[str]) -> dict:
    """The options click reads from ``deckgen WORDS`` (every value checked as the command checks it)."""
    found = command(words[0])
    return found.make_context(f"deckgen {words[0]}", list(words[1:])).params


def option(words: list[str], flag: str) -> str:
    """The value given to ``flag`` in a command's words."""
    return words[words.index(flag) + 1]


def nginx() -> dict[str, list[str]]:
    """The directives of docs/school/nginx.conf, each with its values (a directive may repeat)."""
    found: dict[str, list[str]] = {}
    text = re.sub(r"#[^\n]*", "", (FILES / "nginx.conf").read_text(encoding="utf-8"))
    for directive in re.findall(r"([a-z_]+)\s+([^;{}]*);", text):
        found.setdefault(directive[0], []).append(directive[1].strip())
    return found


def test_every_deckgen_command_the_page_and_its_files_name_exists_with_its_options() -> None:
    pieces = shell_pieces(PAGE.read_text(encoding="utf-8"))
    pieces += [" ".join(s["command"]) for s in compose()["services"].values() if isinstance(s.get("command"), list)]
    pieces += [one(read_unit(FILES / name)["Service"], "ExecStart") for name in UNITS]
    named = [words for piece in pieces for words in deckgen_commands(piece)]
    assert {words[0] for words in named} >= {"serve", "worker"}
    for words in named:
        taken = flags(command(words[0]))
        given = {flag for word in words[1:] for flag in FLAG.findall(word.split("=")[0]) if word.startswith("--")}
        assert given <= taken, f"deckgen {words[0]} takes no {sorted(given - taken)} (named in {' '.join(words)!r})"


def test_the_compose_file_runs_redis_the_page_and_job_workers() -> None:
    services = compose()["services"]
    assert set(services) == {"redis", "web", "worker"}
    assert services["redis"]["image"].startswith("redis:")
    assert "redis-cli" in services["redis"]["healthcheck"]["test"]
    web, worker = services["web"]["command"], services["worker"]["command"]
    assert web[:2] == ["deckgen", "serve"] and worker[:2] == ["deckgen", "worker"]
    assert parsed(web[1:])["browser"] is False
    parsed(worker[1:])
    assert option(web, "--host") == "0.0.0.0"  # inside its container; published on 127.0.0.1 only
    port = option(web, "--port")
    assert services["web"]["ports"] == [f"127.0.0.1:{port}:{port}"]
    assert f"http://127.0.0.1:{port}/healthz" in " ".join(services["web"]["healthcheck"]["test"])
    # The web and job workers reach the same Redis: the compose service of that name.
    assert option(web, "--queue") == option(worker, "--queue") == "redis://redis:6379/0"
    assert int(option(web, "--workers")) == int(option(worker, "--jobs")) == 2
    for name in ("web", "worker"):
        assert services[name]["depends_on"]["redis"]["condition"] == "service_healthy"
        assert services[name]["restart"] == "unless-stopped"
        assert services[name]["build"] == "."


def test_the_image_installs_deckgen_by_its_published_name() -> None:
    published = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"]
    dockerfile = (FILES / "Dockerfile").read_text(encoding="utf-8")
    assert f"pip install --no-cache-dir {published}" in dockerfile
    assert re.search(r"^USER deckgen$", dockerfile, flags=re.M), "the workers run as root"
    assert f"pip install {published}" in PAGE.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", UNITS)
def test_a_unit_parses_and_runs_a_deckgen_command_as_its_own_user(name: str) -> None:
    sections = read_unit(FILES / name)
    assert set(sections) == set(DIRECTIVES)
    for section, directives in sections.items():
        used = {key for key, _ in directives}
        assert used <= DIRECTIVES[section], f"{name} [{section}]: {sorted(used - DIRECTIVES[section])}"
    service = sections["Service"]
    assert one(service, "User") == one(service, "Group") == "deckgen"
    assert one(service, "Restart") == "on-failure"
    assert one(service, "Type") == "exec"
    assert one(sections["Install"], "WantedBy") == "multi-user.target"
    words = unit_command(name)
    assert words[0] == name.removeprefix("deckgen-").removesuffix(".service").replace("web", "serve")
    parsed(words)
    assert unit_environment(service)["DECKGEN_QUEUE"].startswith("redis://")


def test_the_units_and_nginx_meet_at_one_address() -> None:
    web = unit_command("deckgen-web.service")
    assert option(web, "--host") == "127.0.0.1"  # only nginx on this machine reaches it
    assert "--no-browser" in web
    upstream = nginx()["server"]
    assert upstream == [f"127.0.0.1:{option(web, '--port')}"]
    queues = {unit_environment(read_unit(FILES / n)["Service"])["DECKGEN_QUEUE"] for n in UNITS}
    assert len(queues) == 1, "the web and job workers reach different Redis servers"


def test_nginx_passes_on_the_name_the_address_and_the_scheme_and_takes_deckgens_uploads() -> None:
    from deckgen.serve import jobs
    from deckgen.serve.uploads import MAX_UPLOAD

    found = nginx()
    headers = dict(value.split(None, 1) for value in found["proxy_set_header"])
    assert headers["Host"] == "$host"
    # The browser's own address, never a list the browser began itself: deckgen counts a client's
    # jobs by it, and a client could otherwise name a new address on every request.
    assert headers["X-Forwarded-For"].split()[0] == "$remote_addr"
    assert headers["X-Forwarded-Proto"] == "$scheme"
    assert found["proxy_pass"] == ["http://deckgen"]
    size = found["client_max_body_size"]
    assert len(size) == 1 and size[0].endswith("m")
    limit = int(size[0].removesuffix("m")) * 1024 * 1024
    # A little above deckgen's cap (with the form around the file), so deckgen says "too large" itself.
    assert MAX_UPLOAD * 1.05 <= limit <= MAX_UPLOAD * 2
    assert f"{MAX_UPLOAD // 1_000_000} MB upload cap" in " ".join(PAGE.read_text(encoding="utf-8").split())
    # A download waits for its turn and then for its build.
    (timeout,) = found["proxy_read_timeout"]
    assert int(timeout.removesuffix("s")) >= jobs.QUEUE_WAIT + jobs.TIME_LIMIT


def settings_rows() -> list[str]:
    """The first cells of the page's settings table (``| `--workers N` | …``)."""
    text = PAGE.read_text(encoding="utf-8").split("## Settings", 1)[1].split("\n## ", 1)[0]
    return [line.split(" | ")[0] for line in text.splitlines() if line.startswith("| `--")]


def test_the_settings_table_lists_the_options_of_serve_for_a_server() -> None:
    serve = command("serve")
    listed = {flag for cell in settings_rows() for flag in FLAG.findall(cell)}
    assert listed <= flags(serve), f"not options of serve: {sorted(listed - flags(serve))}"
    # Every option but those of a teacher's own computer (the browser, the page's language and region).
    own = {"--browser", "--lang", "--region", "--help"}
    missing = {
        p.opts[0] for p in serve.params if isinstance(p, click.Option) and not {*p.opts, *p.secondary_opts} & listed
    }
    assert missing - own == set(), f"serve's options missing from docs/school.md's settings: {sorted(missing - own)}"
    text = PAGE.read_text(encoding="utf-8")
    for row in text.split("## Settings", 1)[1].split("\n## ", 1)[0].splitlines():
        if row.startswith("| `--") and (default := re.search(r"\(default (\d+)[;)]", row)):
            flag = FLAG.findall(row.split(" | ")[0])[0]
            param = next(p for p in serve.params if flag in p.opts)
            assert str(param.default) == default.group(1), f"{flag}: the page says default {default.group(1)}"


def test_the_uvicorn_factory_the_page_names_makes_the_app() -> None:
    factories = re.findall(r"--factory ([\w.]+):(\w+)", PAGE.read_text(encoding="utf-8"))
    assert factories
    for module, name in factories:
        assert callable(getattr(importlib.import_module(module), name))
    from uvicorn.main import main as uvicorn

    taken = flags(uvicorn)
    for line in shell_pieces(PAGE.read_text(encoding="utf-8")):
        if line.startswith("uvicorn "):
            assert set(FLAG.findall(line)) <= taken, line


def test_every_environment_variable_named_is_one_deckgen_reads() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "deckgen").rglob("*.py"))
    named = set(VARIABLE.findall(PAGE.read_text(encoding="utf-8")))
    for path in FILES.iterdir():
        named |= set(VARIABLE.findall(path.read_text(encoding="utf-8")))
    assert {"DECKGEN_QUEUE", "DECKGEN_ALLOWED_HOSTS", "DECKGEN_TOKEN"} <= named
    unread = {variable for variable in named if f'"{variable}"' not in source}
    assert unread == set(), f"named in docs/school, read nowhere in deckgen: {sorted(unread)}"
    # And the other way: every variable the page's server reads (but the tests' own) is on the page.
    served = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "deckgen" / "serve").rglob("*.py"))
    read = {v for v in re.findall(r'"(DECKGEN_[A-Z0-9_]+)"', served) if not v.startswith("DECKGEN_TEST_")}
    assert read - named == set(), f"read by deckgen serve, not in docs/school.md: {sorted(read - named)}"
