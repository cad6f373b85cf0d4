#!/usr/bin/env bash
# Set up (or refresh) the development environment: a venv with the pinned tools and the
# deckmate host package installed in editable mode. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-build-isolation -e . \
    || .venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
