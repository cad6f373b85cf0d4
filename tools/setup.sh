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
# Headless Chromium for the tests of the HTML report (tests/host/test_report.py), from Debian's
# packages: installed under CI (CI=true) or when asked (DECKMATE_CHROMIUM=1); without it those
# tests skip, saying how to install it.
if { [ "${CI:-}" = "true" ] || [ "${DECKMATE_CHROMIUM:-}" = "1" ]; } \
        && ! command -v chromium >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" = "0" ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium
fi
