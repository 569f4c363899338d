# deckgen — set-up, build, tests and benchmarks. Every target makes its own virtualenv.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    := output

.PHONY: build test lint format bench design-check clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

## build: verify the shipped decks and export them into output/
build: $(VENV)/.installed
	mkdir -p $(OUT)
	$(BIN)/deckgen verify --json --out $(OUT)/cleariosity-numbers-verify.json
	$(BIN)/deckgen verify --deck treenex --json --out $(OUT)/treenex-verify.json
	$(BIN)/deckgen export --deck cleariosity --format json --out $(OUT)/cleariosity-numbers.json
	$(BIN)/deckgen export --deck cleariosity --format csv --out $(OUT)/cleariosity-numbers.csv
	$(BIN)/deckgen export --deck treenex --format json --out $(OUT)/treenex.json

## test: lint, format check and the full test suite
test: $(VENV)/.installed-test
	$(BIN)/ruff check deckgen tests
	$(BIN)/ruff format --check deckgen tests
	$(BIN)/python -m pytest -q

## format: rewrite the code in the project's style
format: $(VENV)/.installed-test
	$(BIN)/ruff format deckgen tests
	$(BIN)/ruff check --fix deckgen tests

## bench: speed figures (verify and design), and that the shipped deck is reproduced
bench: $(VENV)/.installed-test
	$(BIN)/python tests/bench.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .hypothesis
	find $(OUT) -mindepth 1 ! -name .gitkeep -delete
