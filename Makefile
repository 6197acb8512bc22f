# make run    the app with its demo campaign on http://127.0.0.1:8000 (PORT=… to change)
# make test   lint, then every test: unit, PostgreSQL, Redis, a real Celery worker, Chromium
# make bench  the benchmarks behind docs/performance.md
# make load   50 members browsing the demo campaign, measured with Locust against production serving
# make superuser  an administrator account, on make run's database
# make backup [FILE=…]  a pg_dump of make run's database; make restore FILE=…  puts one back
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?= -n auto --dist loadgroup
export PORT HOST

.PHONY: run test lint format bench load chromium clean superuser backup restore

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --quiet --disable-pip-version-check -e '.[dev,embedded]'
	@touch $@

run: $(STAMP)
	@$(BIN)/python -m siege_site.stack run

superuser: $(STAMP)
	@$(BIN)/python -m siege_site.stack manage createsuperuser

backup: $(STAMP)
	@$(BIN)/python -m siege_site.stack backup $(FILE)

restore: $(STAMP)
	@$(BIN)/python -m siege_site.stack restore $(FILE)

test: lint chromium
	@$(BIN)/python -m siege_site.stack test $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	@$(BIN)/python -m siege_site.stack bench

load: $(STAMP)
	@$(BIN)/python bench/members_load.py

# Browser tests drive Debian's Chromium; a fresh machine gets it from apt.
chromium:
	@command -v chromium >/dev/null || { \
		echo "Installing Debian's chromium for the browser tests…"; \
		$$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$( [ "$$(id -u)" = 0 ] || echo sudo ) apt-get install -y -qq chromium >/dev/null; }

clean:
	rm -rf $(VENV) staticfiles .mypy_cache .ruff_cache
