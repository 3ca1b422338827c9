# Two commands from a fresh machine: `make run` and `make test`. Each sets up what it needs.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
LOCK := requirements.lock
WIDGET := search/jupyter/static/widget.js
EDITOR := static/build/code_editor.js
PAGES := static/build/pages/manifest.json
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: setup lock widget editor pages wheel lite lite-lock run test test-fast bench system-deps clean

setup: $(STAMP) node_modules/.package-lock.json $(WIDGET) $(EDITOR) $(PAGES)
	$(PY) -m compileall -q -j 0 search server >/dev/null

# Python packages exactly as locked (requirements.lock, as `npm ci` installs package-lock.json): every package at
# its tested version and nothing resolved; then the project itself (editable, no build isolation: the lock
# holds setuptools); `pip check` fails if the lock misses a package something needs.
# pip compiles what it installs one file at a time (half of its minute here); compileall does it on every core (a file
# that does not compile is left as pip leaves it: Python reads its source). The venv starts without pip and the
# system's pip (22.3 or later: --python) installs the newest into it: ensurepip's bundled pip took 9 s more here; a
# Python without a pip of its own gets ensurepip's, as before.
# `setup` compiles our own packages on every call (a second of CPU, less when nothing changed): where Python is told not
# to write bytecode (PYTHONDONTWRITEBYTECODE, as on our CI), every server, grader and kernel a test starts compiled
# them again, about 10% of the CPU of the deploy and hostile tests (bench: docs/testing.md).
$(STAMP): pyproject.toml $(LOCK)
	python3 -m venv --without-pip $(VENV)
	python3 -m pip --python $(PY) install -q --upgrade pip 2>/dev/null || { $(PY) -m ensurepip >/dev/null && $(PY) -m pip install -q --upgrade pip; }
	$(PY) -m pip install -q --no-compile --no-deps -r $(LOCK)
	$(PY) -m compileall -q -j 0 $(VENV)/lib >/dev/null || true
	$(PY) -m pip install -q --no-deps --no-build-isolation -e .
	$(PY) -m pip check
	touch $(STAMP)

# Refresh the lock: resolve pyproject.toml's engine, [server], [jupyter] and [test] sets afresh (the newest
# versions within its ranges) in a throwaway venv and write what was installed. Then `make setup` and the tests.
LOCK_VENV := build/lock-venv
lock:
	rm -rf $(LOCK_VENV)
	python3 -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install -q --upgrade pip
	$(LOCK_VENV)/bin/python -m pip install -q -e '.[test]'
	{ sed -n '/^#/p' $(LOCK); $(LOCK_VENV)/bin/python -m pip freeze --all --exclude-editable --exclude pip | sort -f -t= -k1,1; } > $(LOCK).new
	mv $(LOCK).new $(LOCK)
	rm -rf $(LOCK_VENV) build

# Front-end libraries (d3, socket.io-client, CodeMirror, Pyodide) from the npm registry, exactly as locked.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

# The Jupyter widget's front end (search.show, docs/jupyter.md): esbuild (a devDependency) bundles
# static/js/widget/widget_main.js with the page's modules, d3 and the page's CSS into
# search/jupyter/static/, offline. Built, never committed; rebuilt when a script or stylesheet changes.
widget: $(WIDGET)
$(WIDGET): node_modules/.package-lock.json $(shell find static/js static/css \( -name '*.js' -o -name '*.mjs' -o -name '*.css' \))
	node static/js/widget/build_bundle.mjs

# The code lab's editor (/code, docs/code-lab.md): esbuild bundles CodeMirror 6 and its Python mode
# (static/js/code/editor_bundle.mjs) into one ES module, offline. Built, never committed.
editor: $(EDITOR)
$(EDITOR): node_modules/.package-lock.json static/js/code/editor_bundle.mjs static/js/code/build_editor.mjs
	node static/js/code/build_editor.mjs

# Each page's script as one file (docs/architecture.md, "Page scripts"): esbuild bundles every page's entry module
# with the modules it imports into static/build/pages/, and a manifest of their versions; the server sends a bundle
# only while its modules are unchanged (server/http/page_bundles.py). Built, never committed.
pages: $(PAGES)
$(PAGES): node_modules/.package-lock.json static/js/build_pages.mjs $(shell find static/js -name '*.js')
	node static/js/build_pages.mjs

# The engine and the server as one wheel (dist/minimax_lab-*.whl): the widget's front end inside, and the browser
# app (templates/, static/ with its built bundle, the node_modules files the server sends) as server/web/
# (setup.py). `pip install dist/minimax_lab-*.whl` gives the engine and the grader alone; the extras add the
# server and the widget: `pip install 'dist/minimax_lab-0.1.0-py3-none-any.whl[server]'` (docs/library.md).
wheel: setup
	rm -rf dist build
	$(PY) -m pip wheel --no-deps --no-build-isolation -q -w dist .
	rm -rf build
	@ls dist/*.whl

# The JupyterLite site (docs/jupyter.md, "The notebooks in a browser, with no server"): JupyterLab, a Pyodide kernel
# with the project's wheel and its widget installed as it starts, and the example notebooks, as static files in
# build/lite/ for any static host; Pyodide is node_modules/pyodide (the npm lock), every other wheel a pure-Python one
# from PyPI at requirements.lock's versions (lite/build_site.py says how). Its build tools live in a venv of their own,
# exactly as lite/requirements.lock pins them (`make lite-lock` refreshes it). `make wheel` and `make lock` clear
# build/: the next `make lite` builds it all again.
LITE_LOCK := lite/requirements.lock
LITE_VENV := build/lite-venv
LITE_PY := $(LITE_VENV)/bin/python
LITE_TOOLS := $(LITE_VENV)/.installed-stamp
LITE_STAMP := build/lite.stamp
lite: $(LITE_STAMP)
# The venv starts without pip (ensurepip took 10 s) and .venv's pip installs the lock into it, pip included.
$(LITE_TOOLS): $(LITE_LOCK) | $(STAMP)
	rm -rf $(LITE_VENV)
	python3 -m venv --without-pip $(LITE_VENV)
	$(PY) -m pip --python $(LITE_PY) install -q --no-deps --no-compile -r $(LITE_LOCK)
	$(LITE_PY) -m pip check
	touch $(LITE_TOOLS)
$(LITE_STAMP): $(LITE_TOOLS) $(WIDGET) node_modules/.package-lock.json $(LOCK) lite/build_site.py pyproject.toml setup.py \
		README.md docs/examples/lecture.ipynb docs/examples/nim.ipynb docs/examples/tictactoe.ipynb docs/examples/nim.py \
		$(shell find search -type f -not -path '*/__pycache__/*')
	$(LITE_PY) lite/build_site.py --out build/lite
	touch $(LITE_STAMP)

# Refresh lite/requirements.lock: the newest build tools, any package requirements.lock also pins kept at its version.
# jupyterlite-pyodide-kernel is written for one Pyodide: lite/build_site.py refuses one made for another major version
# than node_modules/pyodide's (0.8.6 names 314.0.6; package.json has 314.0.7).
LITE_LOCK_VENV := build/lite-lock-venv
lite-lock:
	rm -rf $(LITE_LOCK_VENV)
	python3 -m venv $(LITE_LOCK_VENV)
	$(LITE_LOCK_VENV)/bin/python -m pip install -q --upgrade pip
	$(LITE_LOCK_VENV)/bin/python -m pip install -q -c $(LOCK) 'jupyterlite-core[contents]' jupyterlite-pyodide-kernel packaging setuptools
	{ sed -n '/^#/p' $(LITE_LOCK); $(LITE_LOCK_VENV)/bin/python -m pip freeze --all | sort -f -t= -k1,1; } > $(LITE_LOCK).new
	mv $(LITE_LOCK).new $(LITE_LOCK)
	rm -rf $(LITE_LOCK_VENV)

# Browser tests drive Debian's Chromium (Playwright cannot download browsers here): its headless shell for most,
# the full browser where a test needs it (tests/browser/conftest.py); the LaTeX
# export test compiles the .tex with pdflatex and TikZ (texlive-latex-base, texlive-pictures);
# the deployment tests (tests/deploy) run a real redis-server and nginx (docs/deploy.md); the storage tests
# and the several-hosts test a real PostgreSQL server (tests/helpers/postgres_server.py).
DEBS := chromium chromium-headless-shell fonts-dejavu-core texlive-latex-base texlive-pictures redis-server nginx postgresql
system-deps:
	@command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1 \
		&& command -v pdflatex >/dev/null 2>&1 && kpsewhich tikz.sty >/dev/null 2>&1 \
		&& command -v redis-server >/dev/null 2>&1 && PATH="$$PATH:/usr/sbin" command -v nginx >/dev/null 2>&1 \
		&& ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(DEBS); }

# The production server (gunicorn, server/transport/production.py); `$(PY) -m server --dev` for Werkzeug's.
run: setup
	$(PY) -m server --host $(HOST) --port $(PORT)

# JS unit tests (node --test, tests/js, two files at a time) first: about 10 s, and they fail fast. The JupyterLite site is built
# first too (`lite`: its wheels come from PyPI, so nothing is downloaded while the tests run). pytest on both
# cores (pytest-xdist; each worker has its own server, database and Chromium), naming the slowest 20 tests at the
# end: docs/testing.md.
test: setup system-deps lite
	npm test --silent
	$(PY) -m pytest -q -n 2 --dist worksteal --durations=20

# Everything but the browser and deploy tiers: no Chromium, nginx or Redis needed; the storage tests start
# PostgreSQL (docs/testing.md).
test-fast: setup
	npm test --silent
	$(PY) -m pytest -q -n 2 --dist worksteal tests/engine tests/server tests/hostile

bench: setup system-deps
	$(PY) bench/engine.py
	$(PY) bench/engine_versions.py
	$(PY) bench/first_trace.py
	$(PY) bench/stream.py
	$(PY) bench/practice.py
	$(PY) bench/trace_check.py
	$(PY) bench/render.py
	$(PY) bench/render_big.py
	$(PY) bench/delivery.py
	$(PY) bench/classroom.py
	$(PY) bench/sockets_per_address.py
	$(PY) bench/code_lab.py
	$(PY) bench/page_load.py
	$(PY) bench/storage.py
	$(PY) bench/storage_tests.py
	$(PY) bench/scores.py
	$(PY) bench/grader_time_limit.py
	$(PY) bench/grader_attacks.py

clean:
	rm -rf $(VENV) node_modules
