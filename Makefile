# make serve   set everything up, build the site and serve it on http://127.0.0.1:8000
#              (make serve HOST=0.0.0.0: every computer of the local network; PORT=8080)
# make offline the whole site as one zip to serve without internet: dist/zohn-ahl-site.zip
# make test    run every test (engine in CPython and in Pyodide, the build, the site in Chromium)
#              after `make lint`; the exhaustive oracles at their full size are left to
#              make test-oracles (CI runs both)
# make lint    ruff (lint and format) on the Python sources, mypy --strict on the engine and
#              the build scripts, ESLint and tsc --noEmit on the page scripts
# make build   build the site into site/
# make bench   print the benchmark figures (JSON) and write them into README.md's Figures
#              (make bench ONLY=site: the site's part alone; ONLY=startup: the start's trace;
#              ONLY=build: the build's time)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
HOST   ?= 127.0.0.1
# Where the site will be published (canonical links, sitemap); it works at any address.
SITE_URL ?= http://127.0.0.1:$(PORT)/
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup build serve offline lint typecheck test test-oracles test-engine bench clean

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps -e .
	touch $@

# (with the brotli copies of Pyodide's two large files, which change only with its version:
# build_scripts/precompress.py). No install script runs: the only one, vnu-jar's, would
# download a Java runtime from the internet; the tests use Debian's (below).
node_modules/.installed: package.json package-lock.json $(VENV)/.installed
	npm ci --no-audit --no-fund --ignore-scripts
	$(PY) -m build_scripts.precompress node_modules/pyodide/pyodide.asm.wasm node_modules/pyodide/pyodide.asm.mjs
	touch $@

# Chromium comes from Debian (Playwright's own browser download does not work offline):
# the browser for the benchmark (what a reader runs), its headless shell for the tests
# (tests/site/chromium.py says why).
/usr/bin/chromium /usr/bin/chromium-headless-shell:
	@if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium chromium-headless-shell; \
	else echo "Install Debian's chromium and chromium-headless-shell packages (sudo apt-get install chromium chromium-headless-shell) and run make again." >&2; exit 1; fi

# pdftoppm renders a page of each printable PDF in the tests.
/usr/bin/pdftoppm:
	@if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q poppler-utils; \
	else echo "Install Debian's poppler-utils package (sudo apt-get install poppler-utils) and run make again." >&2; exit 1; fi

# Java runs the Nu Html Checker (npm vnu-jar) in the tests: Debian's headless runtime.
/usr/bin/java:
	@if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q default-jre-headless; \
	else echo "Install Debian's default-jre-headless package (sudo apt-get install default-jre-headless) and run make again." >&2; exit 1; fi

build: setup
	SITE_URL=$(SITE_URL) $(PY) -m mkdocs build --strict

# The build works at any address; the server compresses, sends the right types and headers.
serve: build
	$(PY) -m build_scripts.serve --host $(HOST) --port $(PORT) site

offline: build
	$(PY) -m build_scripts.publish_check mkdocs.yml
	$(PY) -m build_scripts.archive site dist/zohn-ahl-site.zip

# Style and types: ruff's lint and format rules (pyproject.toml) on every Python file,
# mypy --strict on the engine and build_scripts/ (see [tool.mypy] in pyproject.toml), and on
# the page scripts ESLint (eslint.config.js) and TypeScript's checker on those that say
# `// @ts-check` (tsconfig.json; nothing is compiled).
lint: setup typecheck
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	node_modules/.bin/eslint docs/assets/js overrides/assets/javascripts/workers overrides/assets/javascripts/same-page.js overrides/assets/javascripts/search-index-when-asked.js overrides/assets/javascripts/theme-palette.js overrides/assets/javascripts/theme-start.js tests/js tests/pyodide build_scripts/*.mjs eslint.config.js
	node_modules/.bin/tsc -p tsconfig.json

typecheck: setup
	$(VENV)/bin/mypy

# Two test processes (pytest-xdist); the site is built once and served for both (see
# tests/conftest.py), each test module of the site in one process. The time the tests
# took is printed at the end. The tests marked `oracle` (an exhaustive check at its full
# size, whose smaller size make test runs) are left to make test-oracles.
TEST_WORKERS ?= 2
test: lint /usr/bin/chromium-headless-shell /usr/bin/pdftoppm /usr/bin/java
	@start=$$(date +%s); \
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder --durations=15 -m "not oracle"; status=$$?; \
	echo "make test: the tests took $$(( $$(date +%s) - start )) s"; exit $$status

test-oracles: setup
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup -m oracle tests/engine

test-engine: lint
	$(PY) -m pytest tests/engine

# The figures (JSON) on stdout; the build's messages and the progress go to stderr.
bench: setup /usr/bin/chromium
	@$(MAKE) --no-print-directory build >&2
	@$(PY) benchmarks/bench.py $(if $(ONLY),--only $(ONLY))

clean:
	rm -rf site build dist *.egg-info .pytest_cache
