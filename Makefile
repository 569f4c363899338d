# deckgen — set-up, build, tests and benchmarks. Every target makes its own virtualenv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    := output

SITE   := $(OUT)/site

.PHONY: site build test test-spawn test-install format bench docs fuzz rules-figures system-deps clean translations

# Debian tools the tests use to read files back: poppler (pdfinfo, pdffonts, pdftoppm),
# qpdf, librsvg's rsvg-convert as an independent SVG renderer, Ghostscript (inkcov) for CMYK,
# and Debian's Chromium (headless) to see files and pages as a browser shows them; fontconfig and
# fonts-noto-cjk for the Chinese, Japanese and Korean flash cards, as a teacher's computer has them;
# redis-server, the job store and queue of a school's server, started on a free port by the tests;
# Node.js and npm, which fetch Pyodide and harfbuzzjs for the static site (make site) and run Pyodide in its tests.
# Each need is a command (or a file) and the Debian package that brings it; only the packages of
# what is missing are installed, so a machine that already has a tool from elsewhere (Node.js and
# npm from another source, which Debian's npm package conflicts with) keeps it.
SYSTEM_NEEDS := pdfinfo=poppler-utils pdffonts=poppler-utils pdftoppm=poppler-utils qpdf=qpdf \
	rsvg-convert=librsvg2-bin gs=ghostscript chromium=chromium fc-match=fontconfig \
	redis-server=redis-server node=nodejs npm=npm \
	/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc=fonts-noto-cjk \
	/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc=fonts-noto-cjk

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install whenever pyproject.toml, setup.py or the compiled parts (_play.c, _groups.c, built by the
# install where a C compiler is found) change. The modules are compiled once, as an installed
# package's are (some machines never write them on import, and start-up would pay for it).
$(VENV)/.installed: pyproject.toml setup.py deckgen/games/play/_play.c deckgen/games/cleariosity/design/_groups.c | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -m compileall -q deckgen
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py deckgen/games/play/_play.c deckgen/games/cleariosity/design/_groups.c | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

## build: print-ready PDFs of the shipped decks and the teacher pack, plus checks and exports, in output/
build: $(VENV)/.installed
	mkdir -p $(OUT)
	$(BIN)/deckgen build --format pdf --out $(OUT)
	$(BIN)/deckgen verify --json --out $(OUT)/cleariosity-numbers-verify.json
	$(BIN)/deckgen verify --deck treenex --json --out $(OUT)/treenex-verify.json
	$(BIN)/deckgen export --deck cleariosity --format json --out $(OUT)/cleariosity-numbers.json
	$(BIN)/deckgen export --deck cleariosity --format csv --out $(OUT)/cleariosity-numbers.csv
	$(BIN)/deckgen export --deck treenex --format json --out $(OUT)/treenex.json
	$(BIN)/deckgen build --game letters --format pdf --out $(OUT)/letters
	$(BIN)/deckgen verify --game letters --json --out $(OUT)/letters/cleariosity-letters-verify.json

## site: the static site (deckgen in the browser, nothing installed) in output/site; serve that
## folder from any static host, over https or from localhost (see docs/no-install.md)
site: $(VENV)/.installed
	$(BIN)/python -m deckgen.site.build --out $(SITE)

## system-deps: install the Debian tools the tests need, when missing (apt-get, as root)
system-deps:
	@missing=""; for need in $(SYSTEM_NEEDS); do what="$${need%%=*}"; package="$${need#*=}"; \
	  case "$$what" in /*) [ -e "$$what" ] ;; *) command -v "$$what" >/dev/null ;; esac \
	    || case " $$missing " in *" $$package "*) ;; *) missing="$$missing $$package" ;; esac; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y $$missing; \
	  else echo "missing Debian packages:$$missing — run: sudo apt-get install$$missing"; exit 1; fi; \
	fi

## test: lint, format check, type check (mypy) and the full test suite, on two cores (pytest-xdist)
test: system-deps $(VENV)/.installed-test
	$(BIN)/ruff check deckgen tests
	$(BIN)/ruff format --check deckgen tests
	$(BIN)/mypy
	$(BIN)/lint-imports
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir "$$(mktemp -d)"
	$(BIN)/python -m pytest -q -n 2 --dist worksteal

## test-spawn: the test suite again with workers spawned, as Windows and macOS start them (CI runs it)
test-spawn: system-deps $(VENV)/.installed-test
	DECKGEN_START_METHOD=spawn $(BIN)/python -m pytest -q -n 2 --dist worksteal

## test-install: the wheel installed in a fresh virtual environment outside the checkout, used
## from another folder (build, verify, flash cards, serve), as pipx or pip install gives it (CI runs it)
test-install: $(VENV)/.installed-test
	$(BIN)/python tests/install_check.py

## translations: extract the strings marked for translation into deckgen/locale/deckgen.pot, bring
## each language's catalogue (deckgen/locale/<lang>/LC_MESSAGES/deckgen.po) up to date with it,
## and compile the catalogues to .mo (Babel). Translate any new or changed string in the .po files,
## then run it again; a test fails while a string has no translation or a .mo is out of date.
translations: $(VENV)/.installed-test
	$(BIN)/pybabel extract -F pyproject.toml -k N_ -k counted:1,2 --no-location --sort-output --omit-header -o deckgen/locale/deckgen.pot deckgen templates
	$(BIN)/pybabel update -i deckgen/locale/deckgen.pot -d deckgen/locale -D deckgen --ignore-pot-creation-date --no-fuzzy-matching
	$(BIN)/pybabel compile -d deckgen/locale -D deckgen --statistics

## docs: regenerate the pictures under docs/ (a test checks they are current, but for the
## screenshots of the web page, which follow the browser's own drawing of text), then build the
## documentation site into site/ (MkDocs, Material theme; open site/index.html)
docs: $(VENV)/.installed-test
	$(BIN)/python -m deckgen.docs_images docs
	$(BIN)/deckgen calibrate --out docs/calibration.pdf
	pdftoppm -r 50 -png -singlefile -f 1 -l 1 docs/calibration.pdf docs/calibration
	rm docs/calibration.pdf
	$(BIN)/python tests/serve_screenshots.py docs
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

## fuzz: a long run of the property-based attack on the CLI (FUZZ_EXAMPLES=2000 by default), then
## the soak tests of --out: SOAK_MOVE_ROUNDS builds (300) stopped as their files move in, each of
## which must leave the folder as it was, and SOAK_ROUNDS builds (200) into one folder, each killed
## at a random moment
FUZZ_EXAMPLES ?= 2000
SOAK_ROUNDS ?= 200
SOAK_MOVE_ROUNDS ?= 300
fuzz: system-deps $(VENV)/.installed-test
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -q -p no:cacheprovider tests/cli/test_fuzz.py
	SOAK_ROUNDS=$(SOAK_ROUNDS) SOAK_MOVE_ROUNDS=$(SOAK_MOVE_ROUNDS) $(BIN)/python tests/soak.py

## rules-figures: the simulated table play behind the Cleariosity rules in the teacher pack
rules-figures: $(VENV)/.installed
	$(BIN)/python tests/table_play_figures.py

## format: rewrite the code in the project's style
format: $(VENV)/.installed-test
	$(BIN)/ruff format deckgen tests
	$(BIN)/ruff check --fix deckgen tests

## bench: speed figures (build, laser, verify, design, the static site in a browser), and that the shipped deck is reproduced.
## vpype (the travel yardstick) lives in its own .venv-bench, used by the benchmark only.
.venv-bench/.installed:
	$(PYTHON) -m venv .venv-bench
	.venv-bench/bin/python -m pip install --quiet vpype
	touch $@

bench: $(VENV)/.installed-test .venv-bench/.installed
	$(BIN)/python tests/bench.py

clean:
	rm -rf $(VENV) .venv-bench build *.egg-info .pytest_cache .ruff_cache .hypothesis
	find $(OUT) -mindepth 1 ! -name .gitkeep -delete
