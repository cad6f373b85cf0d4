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
# The browser's MicroPython (`deckmate web`, and the tests' 32-bit runtime under Node.js): the
# npm package package.json pins, exactly as package-lock.json records it.
if ! command -v npm >/dev/null 2>&1 && [ "${CI:-}" = "true" ] && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" = "0" ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nodejs npm
fi
if ! command -v npm >/dev/null 2>&1; then
    echo "setup: npm not found: deckmate web and the tests of the board's word size need Node.js and npm (apt-get install nodejs npm)" >&2
elif ! .venv/bin/python -c "import sys; from deckmate import web; sys.exit(web.installed_version() != web.pinned_version())"; then
    npm ci --no-audit --no-fund --loglevel=error
fi
# Headless Chromium and its WebDriver for the tests of the HTML report (tests/host/test_report.py)
# and of the browser's page (tests/host/test_web_page.py), from Debian's packages: installed
# under CI (CI=true) or when asked (DECKMATE_CHROMIUM=1); without them those tests skip, saying
# how to install them.
if { [ "${CI:-}" = "true" ] || [ "${DECKMATE_CHROMIUM:-}" = "1" ]; } \
        && { ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; } \
        && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" = "0" ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium chromium-driver
fi
# Valgrind for the tests of `deckmate bench --count` (tests/host/test_bench.py: callgrind counts
# the instructions of the bots' decisions), from Debian's packages: installed under CI (CI=true);
# without it those tests skip, saying how to install it.
if [ "${CI:-}" = "true" ] && ! command -v valgrind >/dev/null 2>&1 \
        && command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" = "0" ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends valgrind
fi
