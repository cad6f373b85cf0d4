#!/usr/bin/env bash
# Set up (or refresh) the development environment: a venv with the pinned tools and the
# deckmate host package installed in editable mode. Safe to run again; when the pins and
# the package are already installed (tools/requirements_met.py) it installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
if ! .venv/bin/python tools/requirements_met.py; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
    .venv/bin/python tools/requirements_met.py --record
fi
# MicroPython rp2 stubs for pyright, in a folder of their own so they never shadow CPython.
if [ ! -f typings/machine.pyi ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-user --target typings \
        micropython-rp2-rpi-pico-stubs==1.29.0.post1
fi
