# Two commands for a newcomer: `make run` serves the site, `make test` runs every check.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

HOST ?= 127.0.0.1
PORT ?= 8000

# The tests run in this many pytest-xdist workers (0: in one process, in file order). Three
# on two cores: a browser test spends part of its time waiting on a page, which another
# worker fills. The main pass is bound by the cores either way (bench/RESULTS.md).
# A worker is handed one test at a time (--maxschedchunk 1), in the order tests/conftest.py
# gives, the longest first: by default each worker starts on a quarter of its share of
# consecutive tests, and the first worker's was every test marked long, two fifths of the
# pass, which it still ran long after the others had finished.
JOBS ?= 3
PYTEST := $(BIN)/pytest -n $(JOBS) --maxschedchunk 1

.PHONY: run test quick lint typecheck unit unit-pure unit-postgres bench clean

# What the browser tests load into pages (axe-core, pinned in package-lock.json), from npm.
NODE_STAMP := node_modules/.installed

# Reinstalled when the C core changes, so that setup.py compiles it again.
$(STAMP): pyproject.toml setup.py $(wildcard src/solitaire/solver/core/*.c src/solitaire/solver/core/*.h)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[dev]'
	touch $(STAMP)

# Serve the site: the first run creates .venv, installs, and creates and migrates data/db.sqlite3.
run: $(STAMP)
	$(BIN)/solitaire serve --host $(HOST) --port $(PORT)

test: lint typecheck unit unit-pure unit-postgres

# For development: ruff, mypy and every test but the browser ones (the `browser` mark,
# tests/browser), once, on the C core and SQLite. `make test` still runs them all.
quick: lint typecheck
	$(PYTEST) -m "not browser"

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy src/solitaire

# The plain search of the solver's tests (tests/test_solver_helpers.py, the engine alone) keeps
# its verdicts here in the first pass, and the plain-Python pass reads them back rather than
# searching again; the random-play positions that test_solver_pinned and test_solver_core walk
# are kept here too, worked out by one test worker for all three, and test_stuck's plain
# verdicts, for the plain-Python pass. Kept under a digest of the engine's code, and emptied
# by each `make unit`.
VERDICTS := .pytest_cache/plain-verdicts

unit: $(STAMP) $(NODE_STAMP)
	rm -rf $(VERDICTS)
	SOLITAIRE_PLAIN_VERDICTS=$(VERDICTS) $(PYTEST)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

# The solver's tests again as plain Python, the fallback where no C compiler is
# there (SOLITAIRE_PURE=1): its answers, its pruning and its stuck verdicts, through
# solitaire.solver. Not tests/test_solver_pinned.py and tests/test_solver_probes.py: they
# import the plain Python kernel and searches directly, so the first pass already ran them
# on plain Python, and again here they would do the same work twice.
PURE_TESTS := tests/test_solver_soundness.py tests/test_solver_lines.py \
	tests/test_solver_budget.py tests/test_stockbeam.py tests/test_stuck.py
unit-pure: $(STAMP)
	SOLITAIRE_PURE=1 SOLITAIRE_PLAIN_VERDICTS=$(VERDICTS) $(PYTEST) -p no:cacheprovider $(PURE_TESTS)

# The site's tests again, on a throwaway PostgreSQL server with a throwaway Redis cache
# (each skipped with a notice when not installed, except under CI=true, where that fails).
# Each test worker has a database of its own in both (tests/site/conftest.py).
unit-postgres: $(STAMP)
	scripts/with-postgres scripts/with-redis $(PYTEST) tests/site -p no:cacheprovider

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) node_modules build src/*.egg-info src/solitaire/solver/_core.*.so .pytest_cache .mypy_cache .ruff_cache
