# Everything a fresh machine needs: `make serve` and `make test` create the virtual
# environment and install every dependency on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: serve play test lint check bench

# pip builds the research adapters' accelerators and the compiled engines (setup.py) from
# their sources: an edited engine module is rebuilt (until then its source runs, slower).
# A module's .pxd (its C types, Cython's pure-Python mode) is part of its source.
ENGINE_SOURCES := $(wildcard src/cardtable/core/*.py src/cardtable/games/*/*.py \
	src/cardtable/games/*/bots/*.py src/cardtable/bots/ismcts.py src/cardtable/bots/search.py \
	src/cardtable/core/*.pxd src/cardtable/games/*/*.pxd src/cardtable/games/*/bots/*.pxd)
$(STAMP): pyproject.toml setup.py $(ENGINE_SOURCES) $(wildcard src/cardtable/rl/compiled/*.pyx src/cardtable/games/*/compiled.pyx)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/cardtable serve

play: $(STAMP)
	$(BIN)/cardtable play cambio

# Chromium, a CJK font and PostgreSQL are installed and started on first use (as root).
test: $(STAMP)
	CARDTABLE_TEST_POSTGRES_URL="$$(bash scripts/test-services.sh)" \
	CARDTABLE_TEST_REDIS_URL="$$(bash scripts/test-redis.sh)" $(BIN)/pytest -n 2 -q

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy

check: lint test

bench: $(STAMP)
	$(BIN)/cardtable bench
