"""Run one core test module under MicroPython: every test_* function, in name order.

Usage: micropython run_under_micropython.py FIRMWARE_DIR TESTS_DIR MODULE
Prints one line per test and exits 1 if any failed. Each test starts as it would alone: on a
collected heap, without the modules the tests before it imported (a module's code stays in the
heap while it is loaded)."""

import gc
import sys

firmware, tests, name = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, firmware)
sys.path.insert(0, tests)
module = __import__(name)
failed = 0


def unload_since(loaded):
    """Forget the modules imported since `loaded` (the names of sys.modules then)."""
    for name in [name for name in sys.modules if name not in loaded]:
        del sys.modules[name]
        package, _, child = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and hasattr(parent, child):
            delattr(parent, child)


names = sorted(n for n in dir(module) if n.startswith("test_"))
for test_name in names:
    loaded = list(sys.modules)
    gc.collect()
    try:
        getattr(module, test_name)()
        print("PASS", test_name)
    except Exception as error:
        failed += 1
        print("FAIL", test_name, type(error).__name__, error)
        sys.print_exception(error)
    unload_since(loaded)
print("%d passed, %d failed" % (len(names) - failed, failed))
sys.exit(1 if failed else 0)
