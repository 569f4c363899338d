"""The page's HTML, written on the server: it works without JavaScript, which only makes the preview live.

Every control has a label; groups of choices are fieldsets with a legend; a wrong value is
named next to its field. The options under "All options" are made from the same definitions
as the command line's flags (:mod:`deckgen.options`), with the same help text.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from urllib.parse import urlencode

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


def shell(body: str, title: str = TITLE, refresh: int | None = None) -> str:
    """A whole page, in the language being spoken; ``refresh``: seconds after which it reloads
    itself (while a deck is designed)."""
    again = f'<meta http-equiv="refresh" content="{refresh}">\n' if refresh else ""
    title = _(title)
    return (
        f'<!doctype html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"{again}<title>{escape(title)}</title>\n"
        '<link rel="stylesheet" href="/static/page.css">\n'
        '<script src="/static/page.js" defer></script>\n'
        f"</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def _error(name: str, choices: PageChoices) -> str:
    message = choices.errors.get(name) or (choices.refused if name == choices.refused_field else None)
    hidden = "" if message else " hidden"
    return f'<p class="error" id="{name}-error" role="alert"{hidden}>{escape(message or "")}</p>'


def _described(name: str, choices: PageChoices, help_id: str | None = None) -> str:
    ids = [f"{name}-error"] + ([help_id] if help_id else [])
    invalid = ' aria-invalid="true"' if name in choices.errors else ""
    return f' aria-describedby="{" ".join(ids)}"{invalid}'


def _select(name: str, label: str, options: Iterable[tuple[str, str]], chosen: str, choices: PageChoices) -> str:
    items = "".join(
        f'<option value="{escape(value)}"{" selected" if value == chosen else ""}>{escape(text)}</option>'
        for value, text in options
    )
    return (
        f'<div class="field"><label for="{name}">{escape(label)}</label>'
        f'<select id="{name}" name="{name}"{_described(name, choices)}>{items}</select>{_error(name, choices)}</div>'
    )


def _radios(
    name: str, legend: str, options: dict[str, str], chosen: str, choices: PageChoices, shown: bool = True
) -> str:
    items = "".join(
        f'<label class="choice"><input type="radio" name="{name}" value="{escape(value)}"'
        f"{' checked' if value == chosen else ''}> {escape(_(text))}</label>"
        for value, text in options.items()
    )
    hidden = "" if shown else " hidden"
    return (
        f'<fieldset class="radios" id="{name}-part"{hidden}><legend>{escape(legend)}</legend>{items}'
        f"{_error(name, choices)}</fieldset>"
    )


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
    field = _option_control(option, value, choices, flag, label)
    if not option.formats:
        return field
    shown = set(option.formats) & set(choices.formats)
    return f'<div data-formats="{" ".join(option.formats)}"{"" if shown else " hidden"}>{field}</div>'


def _option_control(option: Option, value: str, choices: PageChoices, flag: bool, label: str) -> str:
    name = option.name
    help_id = f"{name}-help"
    label = label or _(option.label) or option.name.replace("_", " ").capitalize()
    helptext = f'<p class="help" id="{help_id}">{escape(_(option.help))}</p>'
    shown_flag = f" <code>{option.flag}</code>" if flag else ""
    game = choices.game_obj
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
        if max(len(text) for text in labels.values()) > LONGEST_LISTED:
            items = "".join(
                f'<label class="choice"><input type="radio" name="{name}" value="{escape(v)}"'
                f"{' checked' if v == value else ''}> {escape(text)}</label>"
                for v, text in labels.items()
            )
            return (
                f'<fieldset class="radios" id="{name}"{_described(name, choices, help_id)}>'
                f"<legend>{escape(label)}{shown_flag}</legend>{items}{helptext}{_error(name, choices)}</fieldset>"
            )
        items = "".join(
            f'<option value="{v}"{" selected" if v == value and v else ""}>{escape(text)}</option>'
            for v, text in labels.items()
        )
        control = f'<select id="{name}" name="{name}"{_described(name, choices, help_id)}>{items}</select>'
    else:
        kind = "number" if option.kind == "number" else "text"
        limits = f' min="{option.low}" max="{option.high}"' if option.kind == "number" else ""
        control = (
            f'<input type="{kind}" id="{name}" name="{name}" value="{escape(value)}"{limits}'
            f' placeholder="{escape(_("(default)"))}"{_described(name, choices, help_id)}>'
        )
    return (
        f'<div class="field"><label for="{name}">{escape(label)}{shown_flag}</label>{control}'
        f"{helptext}{_error(name, choices)}</div>"
    )


#: Where the calibration sheet's reading is typed.
BACK_OFFSET = by_name(PRINT_OPTIONS)["back_offset"]

#: The options that print replacement cards, asked for under "Print replacement cards".
REPLACEMENTS = ("only", "only_set")


def replacement_fields(choices: PageChoices) -> str:
    """Reprinting lost or damaged cards: their ids, or one set's number (``--only``, ``--only-set``)."""
    ids = choices.direct.get("only", "")
    number = choices.direct.get("only_set", "")
    opened = " open" if ids or number or any(n in choices.errors for n in REPLACEMENTS) else ""
    return (
        f'<details id="replacements"{opened}><summary>{escape(_("Print replacement cards"))}</summary>'
        '<p class="help" id="replacements-help">'
        + escape(
            _(
                "For a lost or damaged card: only the cards named are printed (of one set only, if you give "
                "its number too; or a whole set, with its number alone), each in the place the whole set "
                "prints it, so it matches the cards it joins. Untick the teacher pack if you have it already."
            )
        )
        + "</p>"
        f'<div class="field"><label for="only">{escape(_("Cards, by the id printed on them (G05, Y11)"))}</label>'
        f'<input type="text" id="only" name="only" value="{escape(ids)}" placeholder="G05, Y11"'
        f"{_described('only', choices, 'replacements-help')}>{_error('only', choices)}</div>"
        f'<div class="field"><label for="only_set">{escape(_("Only the cards of one set (its number)"))}</label>'
        f'<input type="number" id="only_set" name="only_set" min="1" max="200" value="{escape(number)}"'
        f"{_described('only_set', choices, 'replacements-help')}>{_error('only_set', choices)}</div>"
        "</details>"
    )


def language_field(choices: PageChoices) -> str:
    """The page's language: the browser's unless chosen here (a change reloads the page in it)."""
    items = "".join(
        f'<option value="{key}" lang="{key}"{" selected" if key == choices.speaks else ""}>{escape(name)}</option>'
        for key, name in LANGUAGES.items()
    )
    # Labelled in every language, so that a visitor who reads none of the page finds it.
    label = " · ".join(("Language", "Idioma", "Langue", "Sprache"))
    return (
        f'<div class="field" id="lang-part"><label for="lang">{label}</label>'
        f'<select id="lang" name="lang">{items}</select></div>'
    )


def region_field(choices: PageChoices) -> str:
    """The class's country: the browser's unless chosen here; it sets the paper the page starts
    with and the signs (a change reloads the page with that country's paper)."""
    codes = sorted({*NAMED_COUNTRIES, choices.country}, key=lambda code: country_name(code).casefold())
    return (
        _select("region", _("Country of the class"), [(c, country_name(c)) for c in codes], choices.country, choices)
        .replace("</select>", "</select>" + f'<p class="help" id="region-help">{escape(_(REGION_HELP))}</p>', 1)
        .replace('aria-describedby="region-error"', 'aria-describedby="region-error region-help"', 1)
    )


#: What the country sets, under its list.
REGION_HELP = N_("Sets the paper the page starts with and the signs for times and divide, as its schools use them.")


def hidden_fields(pairs: Sequence[tuple[str, str]]) -> str:
    return "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">' for k, v in pairs)


def settings_form(choices: PageChoices, upload_name: str | None) -> str:
    game = choices.game_obj
    game_list = [(key, _(g.name)) for key, g in games().items()]
    # Options that choose the deck itself (a preset: verify and export take them too) come first.
    own = sorted(
        (o for o in game.options if "build" in o.commands and o.on_page), key=lambda o: "export" not in o.commands
    )
    parts = ['<form id="settings" method="get" action="/">']
    parts.append(language_field(choices))
    parts.append(f"<fieldset><legend>{escape(_('Game and deck'))}</legend>")
    parts.append(_select("game", _("Game"), game_list, choices.game, choices))
    # The deck: a shipped one (a preset), or one's own file, met first; with a deck of one's own,
    # the options that choose a shipped deck stand aside, and the file's columns may be chosen.
    parts += [
        option_field(o, choices.direct.get(o.name, ""), choices, flag=False)
        for o in own
        if chooses_deck(o) and not upload_name
    ]
    parts.append(deck_file_field(choices, upload_name))
    if upload_name and choices.headings:
        parts += [column_field(o, choices) for o in own if o.columns]
    parts += [attached_file_field(o, choices) for o in own if o.upload]
    rest = [o for o in own if not (chooses_deck(o) or o.columns or o.upload)]
    parts += [option_field(o, choices.direct.get(o.name, ""), choices, flag=False) for o in rest]
    parts.append("</fieldset>")
    parts.append(f"<fieldset><legend>{escape(_('Print job'))}</legend>")
    parts.append(region_field(choices))
    sets = escape(choices.sets_typed or str(choices.sets))
    parts.append(
        f'<div class="field"><label for="sets">{escape(_("Classroom sets"))}</label>'
        f'<input type="number" id="sets" name="sets" min="1" max="200" value="{sets}"'
        f"{_described('sets', choices)}>{_error('sets', choices)}</div>"
    )
    parts.append(
        _select(
            "paper",
            _("Paper"),
            [(p, p.upper() if p == "a4" or p == "a3" else p) for p in PAPERS],
            choices.paper,
            choices,
        )
    )
    parts.append(_radios("printer", _("Printer"), PRINTERS, choices.printer, choices))
    shop_note = _(
        "A print shop gets one card a page at card size, with a margin of picture past the cut, in print-shop "
        "colours; it prints and trims them, so the paper size and fold-over backs do not apply here."
    )
    parts.append(
        f'<p class="note" id="shop-note"{"" if choices.printed_by_shop else " hidden"}>{escape(shop_note)}</p>'
    )
    parts.append(_radios("material", _("Print the cards on"), materials_for(game), choices.material, choices))
    if game.has_backs:
        # Backs are printed only on card stock or paper, and a print shop takes them one a page.
        parts.append(_radios("sides", _("Backs of the cards"), SIDES, choices.sides, choices, choices.backs_chosen))
    parts.append(_radios("cutting", _("Cutting"), CUTTING, choices.cutting, choices))
    checked = " checked" if choices.pictures else ""
    parts.append(
        f'<label class="choice"><input type="checkbox" name="pictures" value="1"{checked}> '
        f"{escape(_('Also a picture (PNG) of every card'))}</label>"
    )
    # Unticked, the box sends nothing: the hidden field before it then says "no pack".
    checked = " checked" if choices.pack else ""
    parts.append(
        '<input type="hidden" name="pack" value="0">'
        f'<label class="choice"><input type="checkbox" id="pack" name="pack" value="1"{checked}> '
        f"{escape(_('The teacher pack: rules, answer keys, packing list and printing guide'))}</label>"
    )
    parts.append(replacement_fields(choices))
    parts.append("</fieldset>")
    direct = [o for o in direct_options(game) if o not in own and o.name not in REPLACEMENTS]
    opened = " open" if any(o.name in choices.direct for o in direct) else ""
    parts.append(f"<details{opened}><summary>{escape(_('All options (as on the command line)'))}</summary>")
    flags = ", ".join("--" + m.replace("_", "-") for m in MAPPED if m not in ASKED)
    said = _("Anything set here wins over the choices above. The choices above set {flags}.").format(flags=flags)
    parts.append(f'<p class="help">{escape(said)}</p>')
    parts += [option_field(o, choices.direct.get(o.name, ""), choices) for o in direct]
    parts.append("</details>")
    parts.append(f'<p><button type="submit">{escape(_("Update preview"))}</button></p>')
    parts.append("</form>")
    # The files are chosen in the settings above (their fields belong to this form); it carries
    # the settings, so that the page comes back with them.
    parts.append(
        '<form id="upload" method="post" action="/upload" enctype="multipart/form-data">'
        + hidden_fields([(k, v) for k, v in choices.query() if k != "design"])
        + "</form>"
    )
    return "".join(parts)


def deck_file_field(choices: PageChoices, upload_name: str | None) -> str:
    """One's own deck file, right under the game (the field belongs to the upload form)."""
    game = choices.game_obj
    accept = ",".join(game.file_suffixes)
    own_deck = _("Your own deck: {kind}").format(kind=_(game.file_kind))
    if game.designs_from:
        own_deck = _("Your own deck: {kind}, or {spec}").format(kind=_(game.file_kind), spec=_(game.designs_from))
    using = _using_file(choices, "upload", upload_name, choices.upload, _("Use the shipped deck instead"))
    return (
        f'<div class="field" id="deck-part"><label for="deck_file">{escape(own_deck)}</label>'
        f'<input type="file" id="deck_file" name="deck_file" form="upload" accept="{escape(accept)}"'
        f"{_described('deck_file', choices)}>"
        f'{_error("deck_file", choices)}<p class="upload-button"><button type="submit" form="upload" '
        f'class="secondary">{escape(_("Upload"))}</button></p>{using}</div>'
    )


def _using_file(choices: PageChoices, field: str, shown: str | None, stored: str, leave: str) -> str:
    """The note that a file of one's own is in use (``shown``: its name; ``None``: none is), with
    a link to the page without it (``leave`` says what that does) and the field that keeps it."""
    if not shown:
        return ""
    without = urlencode([(k, v) for k, v in choices.query() if k != field])
    return (
        '<p class="note">'
        + escape(_("Using your file {name}.")).format(name=f"<strong>{escape(shown)}</strong>")
        + f' <a href="/?{escape(without)}">{escape(leave)}</a></p>'
        f'<input type="hidden" name="{field}" value="{escape(stored)}">'
    )


#: How the page asks for the columns of a side of the card.
COLUMNS_HELP = N_(
    "Tick the columns of your file that go on this side, each on a line of its own, in the file's order. "
    "None ticked: the column the file itself names for it."
)


def column_field(option: Option, choices: PageChoices) -> str:
    """The uploaded file's columns to tick for one side of the card (``--front Hanzi --front Pinyin``)."""
    name = option.name
    chosen = choices.listed.get(name, ())
    items = "".join(
        f'<label class="choice"><input type="checkbox" name="{name}" value="{escape(heading)}"'
        f"{' checked' if heading in chosen else ''}> {escape(heading)}</label>"
        for heading in choices.headings
    )
    # Its own id: "back" is the preview's picture of a card's back.
    return (
        f'<fieldset class="radios" id="{name}-columns"{_described(name, choices, f"{name}-help")}>'
        f"<legend>{escape(_(option.label))}</legend>{items}"
        f'<p class="help" id="{name}-help">{escape(_(COLUMNS_HELP))}</p>{_error(name, choices)}</fieldset>'
    )


def attached_file_field(option: Option, choices: PageChoices) -> str:
    """A file of one's own for an option (a font), uploaded with the upload form."""
    name = option.name
    field = f"{name}_file"
    kinds = ", ".join(option.upload)
    shown = choices.attached_names.get(name)
    using = _using_file(choices, name, shown, choices.attached.get(name, ""), _("Leave it out"))
    return (
        f'<div class="field" id="{name}-part"><label for="{field}">{escape(_(option.label))} ({escape(kinds)})</label>'
        f'<input type="file" id="{field}" name="{field}" form="upload" accept="{escape(",".join(option.upload))}"'
        f"{_described(field, choices, f'{name}-help')}>"
        f'<p class="help" id="{name}-help">{escape(_(option.help))}</p>{_error(field, choices)}'
        f'<p class="upload-button"><button type="submit" form="upload" class="secondary">'
        f"{escape(_('Add this file'))}</button></p>{using}</div>"
    )


def _search_again(choices: PageChoices) -> str:
    """After a design that found no deck: the same spec searched again from the next seed, in one press."""
    if not choices.search_again:
        return ""
    fields = [(k, v) for k, v in choices.query() if k != "design"] + [("design", choices.search_again)]
    return (
        '<form id="design-again" method="post" action="/design-again">'
        + hidden_fields(fields)
        + f'<p><button type="submit">{escape(_("Try another search"))}</button> '
        f'<span class="help">{escape(_("the same spec, searched again from a new starting point"))}</span></p></form>'
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
    query = escape(urlencode(choices.query()))
    off = " hidden" if problem else ""

    def src(which: str) -> str:
        return "" if problem else f' src="/preview/{which}.png?{query}"'

    refused = ""
    if choices.refused:
        said = _("Your new file was not used: {why}. The preview below is still of {deck}.").format(
            why=choices.refused, deck=deck_named
        )
        refused = f'<p class="problem" id="refused" role="alert">{escape(said)}</p>'
    shipped = ""
    if problem and choices.errors.get("deck_file"):
        without = urlencode([(k, v) for k, v in choices.query() if k not in ("upload", "design")])
        shipped = f' <a href="/?{escape(without)}">{escape(_("Use the shipped deck"))}</a>'
    parts = [
        f'<section class="preview" aria-labelledby="preview-h"><h2 id="preview-h">{escape(_("Preview"))}</h2>',
        refused,
        f'<p class="problem" id="problem" role="alert"{"" if problem else " hidden"}>{escape(problem or "")}</p>'
        + _search_again(choices)
        + (f"<p>{shipped}</p>" if shipped else ""),
        f'<div id="made"{off}>',
        f'<p id="deck-in-use">{escape(deck_in_use)}</p>',
        f'<p id="counts" aria-live="polite">{escape(counts)}</p>',
        f"<details><summary>{escape(_('The same files from the command line'))}</summary>"
        f'<code id="command">{escape(command)}</code></details>',
        '<div class="pictures">',
        f'<figure><img id="sheet"{src("sheet")} alt="{escape(_("The first printed sheet"))}">'
        f"<figcaption>{escape(_('The first sheet, as printed'))}</figcaption></figure>",
        f'<figure><img id="card" class="card"{src("card")} alt="{escape(_("The first card"))}">'
        f"<figcaption>{escape(_('One card'))}</figcaption></figure>",
    ]
    if choices.game_obj.has_backs:
        # Beside its front, the first card's back as printed (hidden while no backs are printed).
        shown = back and not problem
        parts.append(
            f'<figure id="back-part"{"" if shown else " hidden"}><img id="back" class="card"'
            f'{src("back") if shown else ""} alt="{escape(_("The back of the first card"))}">'
            f"<figcaption>{escape(_('Its back'))}</figcaption></figure>"
        )
    if stack_reads is not None or problem:
        reads = escape(stack_reads or "")
        stack = escape(_("A stack of cards:"))
        parts.append(
            f'<figure><img id="stack" class="card"{src("stack")} alt="{stack} {reads}" data-said="{stack}">'
            f'<figcaption>{stack} <span id="stack-reads">{reads}</span></figcaption></figure>'
        )
    parts.append("</div></div></section>")
    return "".join(parts)


def download_section(choices: PageChoices, problem: str | None) -> str:
    """The downloads, after the preview and the class check (hidden while a value stops the build)."""
    carry = hidden_fields(choices.query())
    parts = [
        f'<section class="downloads" id="download-section" aria-labelledby="download-h"{" hidden" if problem else ""}>'
        f'<h2 id="download-h">{escape(_("Download"))}</h2>'
        f'<form id="download" class="carry" method="post" action="/download">{carry}'
        f'<button type="submit">{escape(_("Download the files"))}</button></form>'
        f'<p class="help" id="download-what">{escape(download_what(choices))}</p>'
    ]
    # Shown only for backs printed two-sided (the script shows or hides it as the choices change).
    parts.append(
        f'<div id="calibration-part"{"" if choices.two_sided else " hidden"}>'
        f'<form id="calibration" class="carry" method="post" action="/calibration">{carry}'
        f'<button type="submit" class="secondary">{escape(_("Download the calibration sheet"))}</button></form>'
        '<p class="help">'
        + escape(
            _(
                "For printing backs: print the calibration sheet two-sided, read how far the back landed off "
                "its scales, and type the two numbers as {field} under All options (for example {example})."
            ).format(field=_(BACK_OFFSET.label), example=offset_example())
        )
        + "</p></div>"
    )
    parts.append("</section>")
    return "".join(parts)


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
    query = escape(urlencode(choices.query()))
    return (
        f'<section class="check" id="check-section" aria-labelledby="check-h"{" hidden" if hidden else ""}>'
        f'<h2 id="check-h">{escape(_("What a class can expect"))}</h2>'
        f'<div id="check" data-src="/check?{query}&amp;fragment=1" aria-live="polite" '
        f'data-link="{escape(check_words())}" data-busy="{escape(_("Playing simulated classes…"))}">'
        f'<p><a href="/check?{query}">{escape(check_words())}</a></p></div></section>'
    )


def check_words() -> str:
    """The check link's words, in the language being spoken."""
    return _("Check this deck: play simulated classes (a few seconds)")


def check_fragment(passed: bool, failure: str, about: str, outlooks: Sequence[Outlook]) -> str:
    verdict = (
        f'<p class="pass">{escape(_("The deck passes every check."))}</p>'
        if passed
        else '<p class="problem" role="alert">'
        + escape(_("The deck falls short: {what}.").format(what=failure or _("see below")))
        + "</p>"
    )
    parts = [verdict]
    if about:
        parts.append(f'<p class="help">{escape(about)}</p>')
    for item in outlooks:
        parts.append(f'<div class="level"><h3><span class="dot" style="background:{escape(item.colour)}"></span>')
        level = _("{colour} level").format(colour=_(item.name))
        parts.append(f"{escape(level[:1].upper() + level[1:])}</h3><p>{escape(item.sentence)}</p>")
        parts.append('<table class="bars"><tbody>')
        for label, share, text in item.bars:
            bar = ""
            if share is not None:
                width = max(0.0, min(1.0, share)) * 100
                bar = f'<span class="bar" style="width:{width:.0f}%"></span>'
            parts.append(f'<tr><th scope="row">{escape(label)}</th><td>{bar}</td><td>{escape(text)}</td></tr>')
        parts.append("</tbody></table>")
        if item.warning:
            parts.append(f'<p class="problem">{escape(item.warning)}</p>')
        parts.append("</div>")
    return "".join(parts)


def design_stage(stage: dict[str, object]) -> str:
    """A design's stage in a teacher's words, with a progress bar (empty before the first)."""
    done = stage.get("done")
    share = float(done) if isinstance(done, int | float) and 0 <= done <= 1 else 0.0
    if stage.get("stage") == "search":
        words = _("Searching for a deck: {share} of the search done.").format(share=percent(share))
    elif stage.get("stage") == "check":
        words = _("Playing the deck of attempt {attempt} with simulated classes, to check it.").format(
            attempt=stage.get("attempt")
        )
    else:
        return ""
    return (
        f'<p id="design-stage">{escape(words)}</p>'
        f'<progress id="design-progress" max="100" value="{round(share * 100)}" '
        f'aria-label="{escape(_("Design progress"))}">{share:.0%}</progress>'
    )


def design_section(
    spec: str,
    seconds: int,
    search: int = 1,
    choices: PageChoices | None = None,
    stage: dict[str, object] | None = None,
) -> str:
    named = f"<strong>{escape(spec)}</strong>"
    if search > 1:
        named = _("{spec} (search {search})").format(spec=named, search=search)
    cancel = ""
    if choices is not None and choices.design:
        cancel = (
            '<form id="design-cancel" method="post" action="/design-cancel">'
            + hidden_fields(list(choices.query()))
            + f'<p><button type="submit">{escape(_("Cancel"))}</button></p></form>'
        )
    said = escape(
        _(
            "deckgen is designing a deck from your spec {spec} and checking it with simulated classes: "
            "{seconds} s so far. A 60-card deck takes up to 2 minutes (the design stops at 3). This page "
            "refreshes itself and shows the deck when it is ready."
        )
    ).format(spec=named, seconds=seconds)
    return (
        '<section class="preview" aria-labelledby="preview-h">'
        f'<h2 id="preview-h">{escape(_("Designing your deck"))}</h2>'
        f'<p role="status">{said}</p>' + design_stage(stage or {}) + cancel + "</section>"
    )


def main_page(
    choices: PageChoices,
    upload_name: str | None,
    preview: str,
    check: str,
    refresh: int | None = None,
    downloads: str = "",
) -> str:
    intro = _(
        "Choose a deck and how you print it, see the sheets, check what a class can expect, then download the files."
    )
    footer = _(
        "This page is made by deckgen on this computer. Closing the page does not stop deckgen; whoever "
        "started it stops it with Ctrl-C where it was started."
    )
    body = (
        f"<header><h1>{escape(_(TITLE))}</h1><p>{escape(intro)}</p></header>"
        f'<main><section class="controls" aria-label="{escape(_("Settings"))}">'
        f"{settings_form(choices, upload_name)}</section>"
        f'<div class="results">{preview}{check}{downloads}</div></main>'
        f"<footer><p>{escape(footer)}</p></footer>"
    )
    return shell(body, refresh=refresh)


def message_page(title: str, message: str, back: str = "/") -> str:
    return shell(
        f'<main class="message"><h1>{escape(title)}</h1><p class="problem" role="alert">{escape(message)}</p>'
        f'<p><a href="{escape(back)}">{escape(_("Back to the page"))}</a></p></main>',
        title,
    )


def check_refused(problem: str) -> str:
    """The check's answer when the deck cannot be checked: one line, as an alert."""
    why = escape(_("The deck cannot be checked: {problem}").format(problem=problem))
    return f'<p class="problem" role="alert">{why}</p>'


def check_page(fragment: str, back: str) -> str:
    """The check's answer as a page of its own (without JavaScript), with a way back."""
    title = escape(_("What a class can expect"))
    body = f'<main class="message"><h1>{title}</h1>{fragment}<p><a href="{escape(back)}">{escape(_("Back"))}</a></p></main>'
    return shell(body, _("What a class can expect"))
