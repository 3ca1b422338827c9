# Two commands from a fresh machine: `make run` and `make test`. Each sets up what it needs.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: setup run test test-fast bench system-deps clean

setup: $(STAMP) node_modules/.package-lock.json

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

# Front-end libraries (d3, socket.io-client) from the npm registry, exactly as locked.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error

# Browser tests drive Debian's Chromium (Playwright cannot download browsers here); the LaTeX
# export test compiles the .tex with pdflatex and TikZ (texlive-latex-base, texlive-pictures);
# the deployment tests (tests/deploy) run a real redis-server and nginx (docs/deploy.md).
DEBS := chromium fonts-dejavu-core texlive-latex-base texlive-pictures redis-server nginx
system-deps:
	@command -v chromium >/dev/null 2>&1 && command -v pdflatex >/dev/null 2>&1 && kpsewhich tikz.sty >/dev/null 2>&1 \
		&& command -v redis-server >/dev/null 2>&1 && PATH="$$PATH:/usr/sbin" command -v nginx >/dev/null 2>&1 || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(DEBS); }

# The production server (gunicorn, server/transport/production.py); `$(PY) -m server --dev` for Werkzeug's.
run: setup
	$(PY) -m server --host $(HOST) --port $(PORT)

# JS unit tests (node --test, tests/js) first: they take a second and fail fast. pytest on both
# cores (pytest-xdist; each worker has its own server, database and Chromium): docs/testing.md.
test: setup system-deps
	npm test --silent
	$(PY) -m pytest -q -n 2 --dist worksteal

# Everything but the browser and deploy tiers: no Chromium, nginx or Redis needed (docs/testing.md).
test-fast: setup
	npm test --silent
	$(PY) -m pytest -q -n 2 --dist worksteal tests/engine tests/server tests/hostile

bench: setup system-deps
	$(PY) bench/engine.py
	$(PY) bench/engine_versions.py
	$(PY) bench/stream.py
	$(PY) bench/practice.py
	$(PY) bench/trace_check.py
	$(PY) bench/render.py
	$(PY) bench/render_big.py
	$(PY) bench/delivery.py
	$(PY) bench/classroom.py

clean:
	rm -rf $(VENV) node_modules
