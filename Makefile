# make serve   set everything up, build the site and serve it on http://127.0.0.1:8000
# make test    run every test (engine in CPython and in Pyodide, the build, the site in Chromium)
#              after `make lint`
# make lint    ruff (lint and format) on the Python sources, mypy on the engine
# make build   build the site into site/
# make bench   print the benchmark figures (JSON)

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup build serve lint typecheck test test-engine bench clean

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps -e .
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Chromium comes from Debian (Playwright's own browser download does not work offline).
/usr/bin/chromium:
	@if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium chromium-driver; \
	else echo "Install Debian's chromium package (sudo apt-get install chromium) and run make again." >&2; exit 1; fi

build: setup
	SITE_URL=http://127.0.0.1:$(PORT)/ $(PY) -m mkdocs build --strict

serve: build
	@echo "Serving the site on http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	$(PY) -m http.server --bind 127.0.0.1 --directory site $(PORT)

# Style and types: ruff's lint and format rules (pyproject.toml) on every Python file, and
# mypy on the engine (strict on its public API; see [tool.mypy] in pyproject.toml).
lint: setup typecheck
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: setup
	$(VENV)/bin/mypy

test: lint /usr/bin/chromium
	$(PY) -m pytest

test-engine: lint
	$(PY) -m pytest tests/engine

# The figures (JSON) on stdout; the build's messages and the progress go to stderr.
bench: setup
	@$(MAKE) --no-print-directory build >&2
	@$(PY) benchmarks/bench.py

clean:
	rm -rf site build dist *.egg-info .pytest_cache
