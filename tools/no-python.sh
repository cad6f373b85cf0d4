#!/bin/sh
# A "Python interpreter" with no standard library, so that pyright resolves imports in the
# firmware against the MicroPython stubs only (see pyrightconfig.json).
exit 1
