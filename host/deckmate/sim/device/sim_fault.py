"""A fault injected into the simulated board's firmware by a test (MicroPython, host side,
never deployed). sim_boot.py imports it only when DECKMATE_SIM_FAULT is set; the firmware
itself has no hook: this module takes the place of builtins.__import__ and replaces one
method of a firmware class whenever its module is loaded.

DECKMATE_SIM_FAULT="MODULE CLASS.METHOD N KIND": the Nth call of the method since this
start prints FIRED, then fails: KIND `error` raises RuntimeError(MESSAGE), `memory` fills the
heap until an allocation fails and lets that MemoryError go (what it took is garbage then,
as a bot's search is when it fails so), `full` raises the store's StoreFull, as its writes
do when LittleFS answers ENOSPC (deckapp/store_base.flash_error). The host gives the variable
to each start of the board until FIRED is in its output (host/deckmate/sim/script.py), so the
fault happens once, however many resets it takes to reach it.

With the recorder of text boxes on too (text_boxes.py), the fault's import goes under the
recorder's, which alone hooks the shell: MicroPython reads builtins.__import__ back as the
built-in one, so a recorder that took it from there would leave this one out, and the fault
would never fire.
"""

import builtins
import sys

FIRED = "deckmate sim: fault injected"
MESSAGE = "a fault injected by the test"


def arm(spec, recorder=None):
    """Arm the fault `spec`; `recorder`: the text boxes' module when it is on (the fault's import
    is then handed to it, to call under its own), else None."""
    module_name, target, calls, kind = spec.split()
    class_name, method_name = target.split(".")
    plain_import = builtins.__import__
    left = [int(calls)]  # calls until the fault

    def failing(original):
        def method(*args):
            left[0] -= 1
            if left[0] == 0:
                print(FIRED)
                if kind == "memory":
                    taken = []
                    while True:
                        taken.append(bytearray(64))
                if kind == "full":
                    from deckapp.store_base import StoreFull
                    raise StoreFull(MESSAGE)
                raise RuntimeError(MESSAGE)
            return original(*args)
        return method

    def imported(name, *rest):
        result = plain_import(name, *rest)
        shell = sys.modules.get("deckapp.shell")
        if (recorder is None and shell is not None and hasattr(shell, "run")
                and not hasattr(shell, "_sim_fault_import")):
            # The app wraps builtins.__import__ in its own (shell.import_with_room), but
            # MicroPython reads back the built-in one there, not this: it is handed this one
            # (once the shell's module is loaded: `run` comes last).
            shell._sim_fault_import = True  # (not _sim_fault: a fault in the shell's own)
            with_room = shell.import_with_room
            shell.import_with_room = lambda plain: with_room(imported)
        module = sys.modules.get(module_name)
        if (module is not None and hasattr(module, class_name) and left[0] > 0
                and not hasattr(module, "_sim_fault")):
            module._sim_fault = True  # (a module loaded again, after an unload, is armed again)
            owner = getattr(module, class_name)
            setattr(owner, method_name, failing(getattr(owner, method_name)))
        return result

    if recorder is None:
        builtins.__import__ = imported
    else:
        recorder.import_under(imported)
