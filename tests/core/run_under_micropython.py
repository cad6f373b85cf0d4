"""Run one core test module under MicroPython: every test_* function, in name order.

Usage: micropython run_under_micropython.py FIRMWARE_DIR TESTS_DIR MODULE
Prints one line per test and exits 1 if any failed."""

import gc
import sys

firmware, tests, name = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, firmware)
sys.path.insert(0, tests)
module = __import__(name)
failed = 0
names = sorted(n for n in dir(module) if n.startswith("test_"))
for test_name in names:
    gc.collect()  # each test starts on a clean heap, as it would alone
    try:
        getattr(module, test_name)()
        print("PASS", test_name)
    except Exception as error:
        failed += 1
        print("FAIL", test_name, type(error).__name__, error)
        sys.print_exception(error)
print("%d passed, %d failed" % (len(names) - failed, failed))
sys.exit(1 if failed else 0)
