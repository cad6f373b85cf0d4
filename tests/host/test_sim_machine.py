"""The stand-in `machine` (host/deckmate/sim/device/machine.py) costs the app's heap what a
board's C module would not, so what the drivers call often allocates nothing, and the module
itself stays small."""

import subprocess

from deckmate import runtime
from deckmate.sim.firmware import DEVICE_DIR
from sim_helpers import run_with_link

OWN_HEAP_MOST = 4928  # its import measured 4.6 KB with the RTC the sync sets, 4.7 KB with the
# flash image's chip id (the device id) read at the import (the first version 4.5 KB), 4.75 KB
# with the pins' interrupts (Pin.irq, each change of the keys at its own time: 384 B more),
# 4.81 KB with no garbage made while the firmware waits (a frame read as one int, one list
# for every tap: 64 B more; sim_boot.py's piece for erases 192 B less)

CALLS = """
import machine, micropython
spi = machine.SPI(0, baudrate=1000)
led = machine.Pin(25, machine.Pin.OUT)
key = machine.Pin(15, machine.Pin.IN, machine.Pin.PULL_UP)
pwm = machine.PWM(machine.Pin(13), freq=1000)
band = bytearray(1920)
half = memoryview(band)[:960]
command = b"\\x2a"

def calls():
    for level in (0, 1, 0):
        led.value(level)
    spi.write(command)
    spi.write(band)
    spi.write(half)
    key.value()
    pwm.duty_u16(4096)
    machine.idle()

calls()  # the first call may allocate what later ones reuse
micropython.heap_lock()
try:
    calls()
finally:
    micropython.heap_unlock()
print("OK")
"""


def test_pins_spi_pwm_and_idle_allocate_nothing_and_reach_the_host():
    link, text = run_with_link(CALLS)
    assert "OK" in text
    assert link.panel.levels[25] == 0
    assert link.backlight_duty == 4096
    assert link.idle_count == 2


def test_the_module_itself_is_small():
    # imported from the folder it is in ("" on the path), so that its size does not depend on
    # where the repository is checked out: the module keeps its file's path (a longer one
    # measured 128 B more)
    code = ("import gc, sys\nsys.path[:0] = ['']\ngc.collect()\nbefore = gc.mem_alloc()\n"
            "import machine\ngc.collect()\nprint(gc.mem_alloc() - before)\n")
    done = subprocess.run([runtime.micropython_path(), "-X", "heapsize=1M", "-c", code],
                          capture_output=True, text=True, check=True, cwd=DEVICE_DIR)
    assert int(done.stdout) <= OWN_HEAP_MOST
