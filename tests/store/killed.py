"""The store in a MicroPython process that is killed (SIGKILL) in the middle of its work, on
a flash image in a host file as the simulator keeps it. Run by tests/host/test_store_killed.py.

Usage: micropython killed.py CORE_DIR FIRMWARE_DIR IMAGE ACTION [STOP_AT]

ACTION is `format` (a fresh filesystem on the image), or `play`, `prune` or `check` of
device_actions.py after the store has booted. With STOP_AT, the process stops at that flash
operation and waits for the kill; otherwise it prints the number of flash operations done."""

import sys

sys.path[1:1] = sys.argv[1:3]

import device_actions
from deckapp.store import Store
from flash import FileFlash, format_and_mount, mount

flash = FileFlash(sys.argv[3], int(sys.argv[5]) if len(sys.argv) > 5 else None)
action = sys.argv[4]
if action == "format":
    format_and_mount(flash)
else:
    mount(flash)
    store = Store("/flash", reserve_bytes=0)
    if action == "check":
        device_actions.check(store)
    else:
        store.boot()
        getattr(device_actions, action)(store)
        print("operations", flash.operations)
