"""deckgen serve in a real browser (Debian's Chromium, driven by Playwright): options changed with
the mouse and with the keyboard alone, the preview following, a download the same bytes as the
command line's, a bad upload's message beside its field, and a bookmarked address bringing back
the same settings."""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from tests.serve.test_serve import build_with_cli
from tests.servekit import CHROMIUM, CHROMIUM_ARGS, Server, start_server

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    started = start_server(tmp_path_factory.mktemp("serve-browser"))
    yield started
    started.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    tab = context.new_page()
    yield tab
    context.close()


def test_mouse_changes_update_the_preview_and_the_address(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=treenex")
    expect(page.locator("#counts")).to_contain_text("1 set of 40 cards")
    sheet = page.locator("#sheet")
    before = sheet.get_attribute("src")
    page.get_by_label("Plain paper").click()
    page.get_by_label("One-sided: each back beside its card, folded behind it").click()
    expect(page.locator("#counts")).to_contain_text("of paper, printed on one side")
    expect(page.locator("#command")).to_have_text(
        "deckgen build --format pdf --game treenex --media paper --duplex fold"
    )
    assert sheet.get_attribute("src") != before
    assert "material=paper" in page.url and "sides=fold" in page.url
    image = page.evaluate("fetch(document.getElementById('sheet').src).then(r => r.status)")
    assert image == 200


def test_keyboard_alone_changes_options(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=cleariosity")
    expect(page.locator("#counts")).to_contain_text("1 set of 60 cards")
    # Tab from the top of the page to the number of sets; type; Tab on to the paper and pick A4.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "sets":
            break
    assert page.evaluate("document.activeElement.id") == "sets"
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "paper"
    page.keyboard.press("ArrowDown")  # letter → a4
    expect(page.locator("#counts")).to_contain_text("2 sets of 60 cards")
    expect(page.locator("#command")).to_have_text("deckgen build --format pdf --game cleariosity --paper a4 --sets 2")
    # The download button is reached and pressed from the keyboard too.
    page.locator("#download button").focus()
    with page.expect_download() as made:
        page.keyboard.press("Enter")
    assert made.value.suggested_filename == "cleariosity-numbers-2-sets.zip"


def test_download_is_the_command_lines_file(server: Server, page: Page, tmp_path: Path) -> None:
    page.goto(server.url + "?game=cleariosity&sets=2&paper=a4")
    page.get_by_label("The teacher pack").uncheck()
    command = "deckgen build --format pdf --game cleariosity --paper a4 --sets 2 --no-pack"
    expect(page.locator("#command")).to_have_text(command)
    with page.expect_download() as made:
        page.get_by_role("button", name="Download the files").click()
    download = made.value
    assert download.suggested_filename == "cleariosity-numbers.pdf"
    saved = tmp_path / "from-page.pdf"
    download.save_as(saved)
    files = build_with_cli(shlex.split(command)[2:], tmp_path / "cli")
    assert saved.read_bytes() == files["cleariosity-numbers.pdf"]


def test_a_bad_upload_is_named_beside_its_field(server: Server, page: Page, tmp_path: Path) -> None:
    bad = tmp_path / "my-spec.toml"
    bad.write_text('spec_version = 1\nname = "tables"\nnumbers = "0-9"\n[[tiers]]\nname = "green"\n')
    page.goto(server.url + "?game=cleariosity&sets=3")
    page.get_by_label("Your own deck").set_input_files(str(bad))
    page.get_by_role("button", name="Upload").click()
    error = page.locator("#deck_file-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("my-spec.toml")
    assert "Traceback" not in page.content()
    # The other settings survived the failed upload.
    expect(page.locator("#sets")).to_have_value("3")


def test_a_bookmarked_address_brings_back_the_settings(server: Server, page: Page, browser: Browser) -> None:
    page.goto(server.url + "?game=treenex")
    page.get_by_label("Print shop").click()
    page.locator("#sets").fill("25")
    page.locator("#sets").press("Tab")
    expect(page.locator("#counts")).to_contain_text("25 sets")
    bookmark = page.url
    other = browser.new_page()
    try:
        other.goto(bookmark)
        expect(other.locator("#sets")).to_have_value("25")
        expect(other.get_by_label("Print shop")).to_be_checked()
        expect(other.locator("#command")).to_have_text(page.locator("#command").text_content() or "")
    finally:
        other.close()


def test_the_check_shows_what_a_class_can_expect(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=cleariosity&preset=times-2-4")
    check = page.locator("#check")
    expect(check).to_contain_text("The deck passes every check", timeout=60_000)
    expect(check.locator(".level")).to_have_count(2)
    expect(check).to_contain_text("practise multiplying")
    expect(check.locator("table.bars").first).to_contain_text("Cards beginners collect")


CONTRAST = """
() => {
  function rgb(text) { return text.match(/[\\d.]+/g).map(Number); }
  function lum([r, g, b]) {
    const c = [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  }
  function background(el) {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  }
  const worst = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.offsetParent === null) continue;
    const a = lum(rgb(getComputedStyle(el).color)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    worst.push([ratio, el.tagName + " " + el.textContent.trim().slice(0, 30)]);
  }
  worst.sort((x, y) => x[0] - y[0]);
  return worst.slice(0, 3);
}
"""


@pytest.mark.parametrize("game", ["cleariosity", "treenex"])
def test_text_contrast_is_at_least_4_5(server: Server, page: Page, game: str) -> None:
    page.goto(server.url + f"?game={game}&kerf=-1mm")  # an error message shows too
    page.locator("form#settings details").evaluate_all("ds => ds.forEach(d => { d.open = true; })")
    expect(page.locator("#kerf-error")).to_be_visible()
    worst = page.evaluate(CONTRAST)
    assert worst and worst[0][0] >= 4.5, worst


@pytest.mark.parametrize("width", [640, 768])
def test_usable_at_200_percent_zoom_and_tablet_width(server: Server, browser: Browser, width: int) -> None:
    """A 1280-pixel window at 200 % zoom lays the page out at 640 CSS pixels; a tablet at 768:
    nothing may run off the side, and every control stays reachable."""
    tab = browser.new_page(viewport={"width": width, "height": 900})
    try:
        tab.goto(server.url + "?game=cleariosity&sets=30&preset=times-2-4")  # a long preset title
        expect(tab.locator("#counts")).to_contain_text("30 sets")
        tab.locator("form#settings details").evaluate_all("ds => ds.forEach(d => { d.open = true; })")
        overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{overflow} px run off the side at {width} px"
        # Side by side, nothing of the settings column reaches into the preview column.
        overlap = tab.evaluate(
            """() => {
              const results = document.querySelector('.results').getBoundingClientRect();
              return [...document.querySelectorAll('.controls fieldset, .controls select')]
                .map(e => e.getBoundingClientRect())
                .filter(r => r.top < results.bottom && r.bottom > results.top && results.left > r.left)
                .map(r => r.right - results.left).filter(d => d > 0);
            }"""
        )
        assert not overlap, f"settings run {overlap} px into the preview at {width} px"
        if width >= 768:  # a tablet shows the preview beside the settings, not a screen's length below
            side_by_side = tab.evaluate(
                "document.querySelector('.results').getBoundingClientRect().left > "
                "document.querySelector('.controls').getBoundingClientRect().right - 1"
            )
            assert side_by_side, "at tablet width the preview went below the settings"
        controls = [c for c in tab.locator("select, input:not([type=hidden]), button").all() if c.is_visible()]
        assert len(controls) > 10
        for control in controls:
            box = control.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    finally:
        tab.close()


def test_a_wrong_value_is_said_in_place_and_fixing_it_keeps_focus(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=cleariosity")
    sets = page.locator("#sets")
    sets.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("500")
    expect(page.locator("#problem")).to_contain_text("Classroom sets: '500'")
    expect(page.locator("#made")).to_be_hidden()
    expect(sets).to_have_value("500")
    page.keyboard.press("Control+A")
    page.keyboard.type("25")
    expect(page.locator("#counts")).to_contain_text("25 sets of 60 cards")
    expect(page.locator("#problem")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "sets"
    expect(sets).to_have_value("25")


def test_a_refused_upload_leaves_the_deck_in_use(server: Server, page: Page, tmp_path: Path) -> None:
    good = tmp_path / "words.csv"
    good.write_text("front,back\ncat,chat\ndog,chien\n")
    broken = tmp_path / "broken.csv"
    broken.write_text("front,back\ncat,\n")
    page.goto(server.url + "?game=flashcards&sets=2")
    page.get_by_label("Your own deck").set_input_files(str(good))
    page.get_by_role("button", name="Upload").click()
    expect(page.locator("#deck-in-use")).to_have_text("Deck in use: your file words.csv")
    page.get_by_label("Your own deck").set_input_files(str(broken))
    page.get_by_role("button", name="Upload").click()
    expect(page.locator("#refused")).to_contain_text("Your new file was not used: broken.csv")
    expect(page.locator("#deck-in-use")).to_have_text("Deck in use: your file words.csv")
    expect(page.locator("#counts")).to_contain_text("2 sets of 2 cards")
    expect(page.locator("#download button")).to_be_visible()


def test_notes_and_the_calibration_sheet_follow_the_choices(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=treenex")
    expect(page.locator("#calibration-part")).to_be_visible()  # card stock, two-sided
    expect(page.locator("#shop-note")).to_be_hidden()
    expect(page.locator("#sides-part")).to_be_visible()
    page.get_by_label("Print shop").click()
    expect(page.locator("#shop-note")).to_be_visible()
    expect(page.locator("#sides-part")).to_be_hidden()  # a shop takes backs one a page
    expect(page.locator("#calibration-part")).to_be_hidden()
    expect(page.locator("#counts")).to_contain_text("80 pages, one card a page")
    page.get_by_label("Home or school inkjet").click()
    expect(page.locator("#shop-note")).to_be_hidden()
    page.get_by_label("The teacher pack").uncheck()
    expect(page.locator("#download-what")).to_have_text("You get the card sheets as one PDF.")


def test_the_class_check_bars_share_one_scale_at_tablet_width(server: Server, browser: Browser) -> None:
    """At 768 px every bar is as long as its share says, in every level's table (92 % and 93 %
    are all but the same length, never 20 px against 8 px)."""
    tab = browser.new_page(viewport={"width": 768, "height": 900})
    try:
        tab.goto(server.url + "?game=cleariosity")
        tab.wait_for_selector("table.bars", timeout=120_000)
        rows = tab.evaluate(
            """[...document.querySelectorAll('table.bars tr')].filter(r => r.querySelector('.bar')).map(r => {
                 const bar = r.querySelector('.bar'), cell = bar.parentElement, style = getComputedStyle(cell);
                 const inside = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
                 return [bar.getBoundingClientRect().width, inside, bar.style.width];
               })"""
        )
        assert len(rows) >= 8
        cells = {round(cell) for _, cell, _ in rows}
        assert max(cells) - min(cells) <= 1, f"the bar columns differ in width: {cells}"
        for bar, cell, share in rows:
            wanted = cell * float(share.rstrip("%")) / 100
            assert abs(bar - max(wanted, 2)) <= 1.5, (bar, cell, share)
        collected = [bar for bar, _, share in rows if share in ("92%", "93%", "94%", "95%")]
        assert collected and min(collected) > 0.85 * max(collected) > 60
    finally:
        tab.close()


@pytest.mark.parametrize("width", [600, 671, 672, 768, 1280])
def test_one_column_under_672_px_and_the_settings_stay_in_view(server: Server, browser: Browser, width: int) -> None:
    tab = browser.new_page(viewport={"width": width, "height": 900})
    try:
        tab.goto(server.url + "?game=cleariosity")
        expect(tab.locator("#counts")).to_contain_text("1 set of 60 cards")

        def box(selector: str) -> dict[str, float]:
            return tab.evaluate(
                f"(() => {{ const r = document.querySelector('{selector}').getBoundingClientRect();"
                " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })()"
            )

        controls, results = box(".controls"), box(".results")
        if width < 672:
            assert results["top"] >= controls["bottom"] - 1, "under 672 px the preview is below the settings"
        else:
            assert results["left"] >= controls["right"] - 1, "from 672 px the preview is beside the settings"
            # Scrolled to the end of the class check, the settings are still on the screen.
            tab.wait_for_selector("table.bars", timeout=120_000)
            tab.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            tab.wait_for_timeout(100)
            seen = box(".controls")
            assert seen["top"] < 900 and seen["bottom"] > 300, f"the settings left the screen: {seen}"
    finally:
        tab.close()


def test_a_laser_only_option_shows_only_while_cutting_by_laser(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=treenex")
    expect(page.locator("#counts")).to_contain_text("40 cards")
    expect(page.locator("#frame")).to_be_hidden()
    page.get_by_label("On a laser cutter").click()
    expect(page.locator("#frame")).to_be_visible()
    page.get_by_label("By hand").click()
    expect(page.locator("#frame")).to_be_hidden()


def test_a_flash_cards_back_is_previewed_beside_its_front(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=flashcards")
    expect(page.locator("#counts")).to_contain_text("cards")
    back = page.locator("#back")
    expect(back).to_be_visible()
    # Loaded and drawn (polled with evaluate: the page's Content-Security-Policy refuses the eval
    # that wait_for_function's string predicates use).
    loaded = "document.getElementById('back').complete && document.getElementById('back').naturalWidth > 0"
    for _ in range(100):
        if page.evaluate(loaded):
            break
        page.wait_for_timeout(50)
    assert page.evaluate(loaded)
    front_box, back_box = page.locator("#card").bounding_box(), back.bounding_box()
    assert front_box and back_box and abs(front_box["y"] - back_box["y"]) < 2  # side by side
    assert page.evaluate("fetch(document.getElementById('back').src).then(r => r.status)") == 200
    # Treenex on film prints no backs: no back is shown.
    page.goto(server.url + "?game=treenex&material=transparency")
    expect(page.locator("#counts")).to_contain_text("transparency film")
    expect(page.locator("#back-part")).to_be_hidden()
    page.get_by_label("Card stock").click()
    expect(page.locator("#back-part")).to_be_visible()


def test_replacement_cards_are_printed_from_the_page(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=cleariosity&sets=3")
    expect(page.locator("#counts")).to_contain_text("3 sets of 60 cards")
    page.get_by_text("Print replacement cards").click()
    page.get_by_label("Cards, by the id printed on them").fill("G05, Y11")
    expect(page.locator("#counts")).to_contain_text("Replacement cards: 6 cards on")
    expect(page.locator("#command")).to_contain_text("--only 'G05, Y11'")
    assert "only=G05" in page.url


def test_the_language_chooser_reloads_the_page_in_that_language(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=cleariosity&sets=3")
    expect(page.locator("#counts")).to_contain_text("3 sets of 60 cards")
    page.locator("#lang").select_option("de")
    expect(page.locator("#counts")).to_contain_text("3 Sätze zu 60 Karten")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#lang")).to_be_focused()  # focus kept
    expect(page.locator("#command")).to_contain_text("deckgen build --lang de")
    expect(page.locator("#check")).to_contain_text("Stufe Grün", timeout=120_000)
    # Changing a setting keeps the language; the address holds it.
    page.get_by_label("Klassensätze").fill("4")
    expect(page.locator("#counts")).to_contain_text("4 Sätze zu 60 Karten")
    assert "lang=de" in page.url


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)])
def test_a_flash_card_teacher_meets_the_upload_first_and_the_check_before_the_download(
    server: Server, browser: Browser, width: int, height: int
) -> None:
    """The deck file is chosen right under the game, on the first screen, before the print job and
    All options; the class check comes before the download, which ends the page."""
    tab = browser.new_page(viewport={"width": width, "height": height})
    try:
        tab.goto(server.url + "?game=flashcards")
        expect(tab.locator("#counts")).to_contain_text("cards")
        field = tab.locator("#deck_file").bounding_box()
        assert field is not None and field["y"] + field["height"] <= height, f"the upload field is {field} down"
        order = tab.evaluate(
            "[...document.querySelectorAll('#deck_file, #sets, #settings details')].map(e => e.id || e.tagName)"
        )
        assert order[0] == "deck_file", order
        expect(tab.get_by_role("button", name="Upload", exact=True)).to_be_visible()
        check, download = tab.locator("#check-section").bounding_box(), tab.locator("#download button").bounding_box()
        assert check is not None and download is not None and check["y"] < download["y"]
        assert tab.evaluate(
            "document.getElementById('check-section').compareDocumentPosition("
            "document.getElementById('download-section')) & Node.DOCUMENT_POSITION_FOLLOWING"
        )
    finally:
        tab.close()


def test_a_sheet_with_other_headings_gets_its_columns_and_font_chosen_on_the_page(
    server: Server, page: Page, tmp_path: Path
) -> None:
    from deckgen.games.flashcards.fonts import shipped_sources

    sheet = tmp_path / "hanzi.csv"
    sheet.write_text("Hanzi,Pinyin,English\n你好,nǐ hǎo,hello\n谢谢,xièxie,thank you\n学习,xuéxí,to study\n")
    page.goto(server.url + "?game=flashcards")
    page.get_by_label("Your own deck").set_input_files(str(sheet))
    page.get_by_role("button", name="Upload", exact=True).click()
    problem = page.locator("#problem")
    expect(problem).to_contain_text("tick which of its columns ('Hanzi', 'Pinyin', 'English') go on the card")
    expect(problem).to_contain_text("“Front of the card” and “Back of the card”")
    expect(page.locator("#download-section")).to_be_hidden()
    page.locator("#front-columns").get_by_label("Hanzi").check()
    page.locator("#back-columns").get_by_label("Pinyin").check()
    page.locator("#back-columns").get_by_label("English").check()
    command = "deckgen build --format pdf --game flashcards --front Hanzi --back Pinyin --back English"
    expect(page.locator("#command")).to_have_text(command + " --file hanzi.csv")
    expect(page.locator("#counts")).to_contain_text("1 set of 3 cards")
    expect(problem).to_be_hidden()
    expect(page.locator("#download-section")).to_be_visible()
    # A font of one's own, chosen beside them; the columns ticked stay.
    font = tmp_path / "heebo.ttf"
    font.write_bytes(next(s.path for s in shipped_sources() if s.key == "heebo").read_bytes())
    page.locator("#font_file").set_input_files(str(font))
    page.get_by_role("button", name="Add this file").click()
    expect(page.locator("#font-part")).to_contain_text("Using your file heebo.ttf")
    expect(page.locator("#command")).to_have_text(command + " --font heebo.ttf --file hanzi.csv")
    expect(page.locator("#back-columns").get_by_label("English")).to_be_checked()
    # The card's back is drawn beside its front, from the columns ticked for it.
    loaded = "document.getElementById('back').complete && document.getElementById('back').naturalWidth > 0"
    for _ in range(100):
        if page.evaluate(loaded):
            break
        page.wait_for_timeout(50)
    assert page.evaluate(loaded)


def test_the_back_offset_in_german_takes_a_decimal_comma(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=treenex&lang=de")
    expect(page.locator("#counts")).to_contain_text("Karten")
    page.locator("form#settings details").evaluate_all("ds => ds.forEach(d => { d.open = true; })")
    field = page.get_by_label("Rückseiten-Versatz")
    field.fill("0,5mm;-1mm")
    expect(page.locator("#command")).to_contain_text("--back-offset '0,5mm;-1mm'")
    expect(page.locator("#back_offset-error")).to_be_hidden()
    field.fill("0,5mm")
    expect(page.locator("#back_offset-error")).to_contain_text("Geben Sie DX und DY an, z. B. 0,5mm;-1mm")


def test_the_country_chooser_reloads_the_page_on_that_countrys_paper(server: Server, page: Page) -> None:
    page.goto(server.url + "?game=cleariosity&sets=3")
    expect(page.locator("#counts")).to_contain_text("3 sets of 60 cards")
    expect(page.locator("#region")).to_have_value("US")  # the browser's (en-US)
    expect(page.locator("#paper")).to_have_value("letter")
    page.locator("#region").select_option("GB")
    expect(page.locator("#paper")).to_have_value("a4")
    expect(page.locator("#region")).to_be_focused()
    expect(page.locator("#command")).to_have_text("deckgen build --region GB --format pdf --game cleariosity --sets 3")
    page.locator("#region").select_option("CA")
    expect(page.locator("#paper")).to_have_value("letter")
    expect(page.locator("#command")).to_contain_text("--region CA")
    assert "region=CA" in page.url and "sets=3" in page.url
