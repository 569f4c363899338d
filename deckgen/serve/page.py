"""The page's HTML, written on the server: it works without JavaScript, which only makes the preview live.

Every control has a label; groups of choices are fieldsets with a legend; a wrong value is
named next to its field. The options under "All options" are made from the same definitions
as the command line's flags (:mod:`deckgen.options`), with the same help text.

The markup is in Jinja2 templates (``deckgen/serve/templates/``), autoescaped: every value put
in the page is escaped there, unless it is HTML made by these templates (:class:`Markup`).
Each function here works out what a part of the page says and has its template write it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any, NamedTuple
from urllib.parse import urlencode

from jinja2 import Environment, PackageLoader, StrictUndefined
from jinja2.ext import Extension
from markupsafe import Markup

from deckgen.games import games
from deckgen.games.base import Outlook
from deckgen.i18n import LANGUAGES, N_, _, language, percent
from deckgen.options import Option, by_name
from deckgen.print_options import PRINT_OPTIONS
from deckgen.regions import NAMED_COUNTRIES, country_name, usual_signs
from deckgen.serve.choices import (
    ASKED,
    CUTTING,
    MAPPED,
    PAPERS,
    PRINTERS,
    SIDES,
    PageChoices,
    chooses_deck,
    direct_options,
    materials_for,
)
from deckgen.units import offset_example

TITLE = N_("deckgen: print a classroom set")


class JoinedLines(Extension):
    """A template's lines joined: a line break and the indentation after it are the template's
    layout, not the page's, whose markup has no space between its tags. ``base.html``, the
    page's outline, is sent with its lines as written."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return source if name == "base.html" else re.sub(r"\n[ \t]*", "", source)


#: The templates, read from the package (a folder, a wheel or a zip) once: they change only
#: with deckgen. ``_`` is the translation of the language being spoken (Babel extracts the
#: templates' ``_()`` calls, see pyproject.toml).
TEMPLATES = Environment(
    loader=PackageLoader("deckgen.serve", "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    keep_trailing_newline=True,
    auto_reload=False,
    extensions=[JoinedLines],
)
TEMPLATES.globals["_"] = _

#: The path the page is served under, for the request being answered: ``""`` for ``deckgen
#: serve``, ``/deckgen`` behind a reverse proxy that serves it there (uvicorn's ``--root-path``),
#: or the frame's own path in a static site (:mod:`deckgen.site`). Every address the page
#: writes starts with it.
ROOT: ContextVar[str] = ContextVar("deckgen_page_root", default="")
#: Whether the page runs in the teacher's browser (the static site), which says what it cannot do there.
IN_BROWSER: ContextVar[bool] = ContextVar("deckgen_page_in_browser", default=False)
TEMPLATES.globals["root"] = ROOT.get
TEMPLATES.globals["in_browser"] = IN_BROWSER.get


def picture_kind() -> str:
    """What the previews are drawn as: ``png`` (by Pillow, on the server), or ``svg`` (drawn by the
    browser itself, where deckgen runs without Pillow)."""
    return "svg" if IN_BROWSER.get() else "png"


TEMPLATES.globals["picture_kind"] = picture_kind


def _part(template: str, macro: str, /, **values: Any) -> Markup:
    """A part of the page: ``macro`` of ``template`` with ``values`` (HTML, as a template made it)."""
    made: Markup = getattr(TEMPLATES.get_template(template).module, macro)(**values)
    return made


def _whole(template: str, title: str, refresh: int | None = None, **values: Any) -> str:
    """A whole page in the language being spoken, from a template extending ``base.html``."""
    return TEMPLATES.get_template(template).render(lang=language(), title=_(title), refresh=refresh, **values)


def shell(body: str, title: str = TITLE, refresh: int | None = None) -> str:
    """A whole page, in the language being spoken; ``refresh``: seconds after which it reloads
    itself (while a deck is designed)."""
    return _whole("base.html", title, refresh, body=Markup(body))


def _translated(texts: dict[str, str]) -> dict[str, str]:
    return {value: _(text) for value, text in texts.items()}


#: A flag's two choices on the page (``on`` and ``off``, as a profile writes them).
FLAG_CHOICES = (N_("on"), N_("off"))
#: The signs' choices named on the page (the one listed as the default elsewhere included).
SIGNS_WORDS = {
    "×÷": N_("× and ÷"),
    "·:": N_("· and : (as German schools write them)"),
    "×:": N_("× and : (as French and Spanish schools write them)"),
    "·÷": N_("· and ÷"),
}
#: A choice whose labels run longer than this is a set of radio buttons, each label wrapping
#: in the column, rather than a list a narrow column would cut off.
LONGEST_LISTED = 32


def option_field(option: Option, value: str, choices: PageChoices, flag: bool = True, label: str = "") -> str:
    """A form field made from an option definition: a list for choices and flags (radio buttons
    where the choices' labels are long), a box for the rest. ``flag``: show the command line's
    flag beside the label (under All options). An option that shapes only some kinds of file
    (laser files) is shown only while the choices make one of them."""
    name = option.name
    game = choices.game_obj
    items: list[tuple[str, str]] = []
    limits = None
    if option.kind in ("choice", "flag"):
        values = option.choices if option.kind == "choice" else FLAG_CHOICES
        # A value the game gives no label is the list's first choice under another name (a preset
        # "standard" is the standard deck): listed once.
        values = tuple(v for v in values if game.choice_label(name, v))
        labels = {v: _(game.choice_label(name, v)) for v in ("", *values)}
        if name == "signs":  # left out, the signs the schools of the class's country usually write
            usual = usual_signs(choices.speaks, choices.country)
            value = "" if value == usual else value
            labels = {
                "": _("As schools write them ({country}): {signs}").format(
                    country=country_name(choices.country), signs=" ".join(usual)
                )
            }
            labels |= {v: _(SIGNS_WORDS[v]) for v in option.choices if v != usual}
        kind = "radios" if max(len(text) for text in labels.values()) > LONGEST_LISTED else "select"
        items = list(labels.items())
    else:
        kind = "number" if option.kind == "number" else "text"
        limits = (option.low, option.high) if option.kind == "number" else None
    return str(
        _part(
            "fields.html",
            "option_field",
            name=name,
            kind=kind,
            label=label or _(option.label) or option.name.replace("_", " ").capitalize(),
            flag=option.flag if flag else "",
            help=_(option.help),
            value=value,
            items=items,
            limits=limits,
            choices=choices,
            formats=option.formats,
            formats_shown=bool(set(option.formats) & set(choices.formats)),
        )
    )


#: Where the calibration sheet's reading is typed.
BACK_OFFSET = by_name(PRINT_OPTIONS)["back_offset"]

#: The options that print replacement cards, asked for under "Print replacement cards".
REPLACEMENTS = ("only", "only_set")


def replacement_fields(choices: PageChoices) -> str:
    """Reprinting lost or damaged cards: their ids, or one set's number (``--only``, ``--only-set``)."""
    ids = choices.direct.get("only", "")
    number = choices.direct.get("only_set", "")
    opened = bool(ids or number or any(n in choices.errors for n in REPLACEMENTS))
    shown = {"ids": ids, "number": number, "opened": opened, "examples": choices.game_obj.id_examples}
    return str(_part("fields.html", "replacement_fields", choices=choices, **shown))


def language_field(choices: PageChoices) -> str:
    """The page's language: the browser's unless chosen here (a change reloads the page in it)."""
    return str(_part("fields.html", "language_field", languages=LANGUAGES, speaks=choices.speaks))


def region_field(choices: PageChoices) -> str:
    """The class's country: the browser's unless chosen here; it sets the paper the page starts
    with and the signs (a change reloads the page with that country's paper)."""
    codes = sorted({*NAMED_COUNTRIES, choices.country}, key=lambda code: country_name(code).casefold())
    countries = [(c, country_name(c)) for c in codes]
    return str(_part("fields.html", "region_field", countries=countries, choices=choices, help=_(REGION_HELP)))


#: What the country sets, under its list.
REGION_HELP = N_("Sets the paper the page starts with and the signs for times and divide, as its schools use them.")


def hidden_fields(pairs: Sequence[tuple[str, str]]) -> str:
    return str(_part("macros.html", "hidden_fields", pairs=pairs))


def settings_form(choices: PageChoices, upload_name: str | None) -> str:
    game = choices.game_obj
    # Options that choose the deck itself (a preset: verify and export take them too) come first.
    own = sorted(
        (o for o in game.options if "build" in o.commands and o.on_page), key=lambda o: "export" not in o.commands
    )
    # The deck: a shipped one (a preset), or one's own file, met first; with a deck of one's own,
    # the options that choose a shipped deck stand aside, and the file's columns may be chosen.
    deck_fields = [
        option_field(o, choices.direct.get(o.name, ""), choices, flag=False)
        for o in own
        if chooses_deck(o) and not upload_name
    ]
    deck_fields.append(deck_file_field(choices, upload_name))
    if upload_name and choices.headings:
        deck_fields += [column_field(o, choices) for o in own if o.columns]
    deck_fields += [attached_file_field(o, choices) for o in own if o.upload]
    rest = [o for o in own if not (chooses_deck(o) or o.columns or o.upload)]
    deck_fields += [option_field(o, choices.direct.get(o.name, ""), choices, flag=False) for o in rest]
    direct = [o for o in direct_options(game) if o not in own and o.name not in REPLACEMENTS]
    return str(
        _part(
            "settings.html",
            "settings_form",
            choices=choices,
            language=Markup(language_field(choices)),
            games=[(key, _(g.name)) for key, g in games().items()],
            deck_fields=[Markup(field) for field in deck_fields],
            region=Markup(region_field(choices)),
            sets=choices.sets_typed or str(choices.sets),
            papers=[(p, p.upper() if p == "a4" or p == "a3" else p) for p in PAPERS],
            printers=_translated(PRINTERS),
            materials=_translated(materials_for(game)),
            sides=_translated(SIDES) if game.has_backs else {},
            cuttings=_translated(CUTTING),
            replacements=Markup(replacement_fields(choices)),
            flags=", ".join("--" + m.replace("_", "-") for m in MAPPED if m not in ASKED),
            opened=any(o.name in choices.direct for o in direct),
            direct_fields=[Markup(option_field(o, choices.direct.get(o.name, ""), choices)) for o in direct],
            upload_fields=[(k, v) for k, v in choices.query() if k != "design"],
        )
    )


def deck_file_field(choices: PageChoices, upload_name: str | None) -> str:
    """One's own deck file, right under the game (the field belongs to the upload form)."""
    game = choices.game_obj
    own_deck = _("Your own deck: {kind}").format(kind=_(game.file_kind))
    if game.designs_from:
        own_deck = _("Your own deck: {kind}, or {spec}").format(kind=_(game.file_kind), spec=_(game.designs_from))
    using = _using_file(choices, "upload", upload_name, choices.upload, _("Use the shipped deck instead"))
    accept = ",".join(game.file_suffixes)
    return str(_part("fields.html", "deck_file_field", own_deck=own_deck, accept=accept, using=using, choices=choices))


def _using_file(choices: PageChoices, field: str, shown: str | None, stored: str, leave: str) -> Markup:
    """The note that a file of one's own is in use (``shown``: its name; ``None``: none is), with
    a link to the page without it (``leave`` says what that does) and the field that keeps it."""
    if not shown:
        return Markup()
    without = urlencode([(k, v) for k, v in choices.query() if k != field])
    return _part("fields.html", "using_file", field=field, shown=shown, stored=stored, leave=leave, without=without)


#: How the page asks for the columns of a side of the card.
COLUMNS_HELP = N_(
    "Tick the columns of your file that go on this side, each on a line of its own, in the file's order. "
    "None ticked: the column the file itself names for it."
)


def column_field(option: Option, choices: PageChoices) -> str:
    """The uploaded file's columns to tick for one side of the card (``--front Hanzi --front Pinyin``)."""
    return str(
        _part(
            "fields.html",
            "column_field",
            name=option.name,
            label=_(option.label),
            headings=choices.headings,
            chosen=choices.listed.get(option.name, ()),
            help=_(COLUMNS_HELP),
            choices=choices,
        )
    )


def attached_file_field(option: Option, choices: PageChoices) -> str:
    """A file of one's own for an option (a font), uploaded with the upload form."""
    name = option.name
    shown = choices.attached_names.get(name)
    using = _using_file(choices, name, shown, choices.attached.get(name, ""), _("Leave it out"))
    return str(
        _part(
            "fields.html",
            "attached_file_field",
            name=name,
            label=_(option.label),
            kinds=option.upload,
            help=_(option.help),
            using=using,
            choices=choices,
        )
    )


def preview_section(
    choices: PageChoices,
    counts: str,
    command: str,
    problem: str | None,
    stack_reads: str | None,
    deck_in_use: str = "",
    back: bool = False,
    deck_named: str = "",
) -> str:
    """The preview: what the job takes, the command, the pictures and the downloads. With a
    problem, only the problem shows (the rest is there, hidden, for the script to bring back)."""
    refused = ""
    if choices.refused and deck_named:
        refused = _("Your new file was not used: {why}. The preview below is still of {deck}.").format(
            why=choices.refused, deck=deck_named
        )
    elif choices.refused:  # the deck before it cannot be shown either (its problem is said below)
        refused = _("Your new file was not used: {why}.").format(why=choices.refused)
    shipped = ""
    if problem and choices.errors.get("deck_file"):
        shipped = urlencode([(k, v) for k, v in choices.query() if k not in ("upload", "design")])
    # After a design that found no deck: the same spec searched again from the next seed, in one press.
    search_again = None
    if choices.search_again:
        search_again = [(k, v) for k, v in choices.query() if k != "design"] + [("design", choices.search_again)]
    return str(
        _part(
            "preview.html",
            "preview_section",
            query=urlencode(choices.query()),
            counts=counts,
            command=command,
            problem=problem,
            stack_reads=stack_reads,
            deck_in_use=deck_in_use,
            back=back,
            has_backs=choices.game_obj.has_backs,
            refused=refused,
            shipped=shipped,
            search_again=search_again,
        )
    )


def download_section(choices: PageChoices, problem: str | None) -> str:
    """The downloads, after the preview and the class check (hidden while a value stops the build)."""
    return str(
        _part(
            "downloads.html",
            "download_section",
            carry=choices.query(),
            problem=problem,
            what=download_what(choices),
            two_sided=choices.two_sided,
            offset_field=_(BACK_OFFSET.label),
            example=offset_example(),
        )
    )


def download_what(choices: PageChoices) -> str:
    """What the download holds, in a sentence."""
    parts = [_("the card sheets")]
    if choices.pack:
        parts.append(_("the teacher pack (print it on plain paper)"))
    if choices.two_sided and choices.pack:
        parts.append(_("the calibration sheet"))
    if "svg" in choices.formats:
        parts.append(_("the laser files"))
    if "png" in choices.formats:
        parts.append(_("a picture of every card"))
    if len(parts) == 1:
        return _("You get the card sheets as one PDF.")
    return _("You get a ZIP with {things} and {last}.").format(things=", ".join(parts[:-1]), last=parts[-1])


def check_link(choices: PageChoices, hidden: bool = False) -> str:
    if not choices.game_obj.checks:
        return ""
    query = urlencode(choices.query())
    return str(_part("checks.html", "check_link", query=query, words=check_words(), hidden=hidden))


def check_words() -> str:
    """The check link's words, in the language being spoken."""
    return _("Check this deck: play simulated classes (a few seconds)")


class _Level(NamedTuple):
    """A level of the class check as the page shows it (from an :class:`Outlook`)."""

    colour: str
    title: str
    sentence: str
    bars: list[tuple[str, str | None, str]]
    warning: str | None


def check_fragment(passed: bool, failure: str, about: str, outlooks: Sequence[Outlook]) -> str:
    levels = []
    for item in outlooks:
        title = _("{colour} level").format(colour=_(item.name))
        bars = [
            (label, None if share is None else f"{max(0.0, min(1.0, share)) * 100:.0f}", text)
            for label, share, text in item.bars
        ]
        levels.append(_Level(item.colour, title[:1].upper() + title[1:], item.sentence, bars, item.warning))
    return str(_part("checks.html", "check_fragment", passed=passed, failure=failure, about=about, levels=levels))


def check_refused(message: str) -> str:
    """Why the deck cannot be checked (``message``: the problem, in one line), as a part of the page."""
    return str(_part("checks.html", "check_refused", message=message))


def check_refused_page(message: str) -> str:
    """The same, as a page of its own (the check asked for without JavaScript)."""
    return shell(Markup('<main class="message">{}</main>').format(Markup(check_refused(message))), _("Check"))


#: The title of the class check's page.
CHECK_TITLE = N_("What a class can expect")


def check_page(fragment: str, back: str) -> str:
    """The class check as a page of its own: ``fragment`` (made by :func:`check_fragment`) and a
    link ``back`` to the page."""
    return _whole("check.html", CHECK_TITLE, fragment=Markup(fragment), back=back)


def design_stage(stage: dict[str, object]) -> str:
    """A design's stage in a teacher's words, with a progress bar (empty before the first)."""
    done = stage.get("done")
    share = float(done) if isinstance(done, int | float) and 0 <= done <= 1 else 0.0
    if stage.get("stage") == "search":
        words = _("Searching for a deck, attempt {attempt}: {share} of its search done.").format(
            attempt=stage.get("attempt", 1), share=percent(share)
        )
    elif stage.get("stage") == "check":
        words = _("Playing the deck of attempt {attempt} with simulated classes, to check it.").format(
            attempt=stage.get("attempt")
        )
    else:
        return ""
    return str(_part("design.html", "design_stage", words=words, value=round(share * 100), shown=f"{share:.0%}"))


def design_section(
    spec: str,
    seconds: int,
    search: int = 1,
    choices: PageChoices | None = None,
    stage: dict[str, object] | None = None,
    queued: bool = False,
) -> str:
    cancel = list(choices.query()) if choices is not None and choices.design else None
    return str(
        _part(
            "design.html",
            "design_section",
            spec=spec,
            seconds=seconds,
            search=search,
            stage=Markup(design_stage(stage or {})),
            cancel=cancel,
            queued=queued,
        )
    )


def main_page(
    choices: PageChoices,
    upload_name: str | None,
    preview: str,
    check: str,
    refresh: int | None = None,
    downloads: str = "",
) -> str:
    return _whole(
        "main.html",
        TITLE,
        refresh,
        form=Markup(settings_form(choices, upload_name)),
        preview=Markup(preview),
        check=Markup(check),
        downloads=Markup(downloads),
    )


def message_page(title: str, message: str, back: str = "/") -> str:
    return _whole("message.html", title, heading=title, message=message, back=back)
