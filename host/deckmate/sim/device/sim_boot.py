"""Boot script of the simulated board (MicroPython, run by the host; never deployed). The host
compiles it and the modules beside it to .mpy, as the firmware is, and runs it as
`micropython -m sim_boot` with their folder as the only path (sim/firmware.py device_folder).

Like rp2's _boot.py it mounts the flash at /: here a LittleFS v2 image in the host file named
by DECKMATE_SIM_FLASH, 4096-byte blocks, made and filled with the firmware image by the host
(host/deckmate/sim/flash.py). The host filesystem then disappears, as on a board. main.py
runs next (a Ctrl-C stops it into the REPL, as on a board), unless DECKMATE_SIM_SKIP_MAIN is
set: the bridge sets it after a raw-REPL soft reset, when rp2 does not run main.py either.
With DECKMATE_SIM_FAULT set, a test's fault is armed first (sim_fault.py); with
DECKMATE_SIM_TEXT_BOXES set, the boxes the screens draw are recorded first (text_boxes.py),
the fault's import under the recorder's.
"""

import os
import sys
import vfs

from micropython import const

# the stand-in (machine.py beside this file), imported while the host files are visible
import machine
text_boxes = None
if os.getenv("DECKMATE_SIM_TEXT_BOXES"):
    import text_boxes  # (beside this file too)
if os.getenv("DECKMATE_SIM_FAULT"):  # a test's fault (sim_fault.py beside this file too),
    import sim_fault  # under the text boxes' recorder when it is on
    sim_fault.arm(os.getenv("DECKMATE_SIM_FAULT"), text_boxes)
    del sim_fault

_BLOCK_SIZE = const(4096)
# An erase writes this many 0xff bytes at a time, not a whole block: the piece stays on the
# heap the app is measured in, which a board's flash driver does not take (256 until the
# stand-in machine's list for a tap took 64 bytes more)
_ERASED_SIZE = const(64)


class FileFlash:
    """A block device over a host file, with the extended block protocol of vfs.VfsLfs2."""

    def __init__(self, path):
        self.file = open(path, "r+b")
        self.erased = b"\xff" * _ERASED_SIZE

    def readblocks(self, block, buf, offset):
        self.file.seek(block * _BLOCK_SIZE + offset)
        self.file.readinto(buf)

    def writeblocks(self, block, buf, offset):
        self.file.seek(block * _BLOCK_SIZE + offset)
        self.file.write(buf)
        self.file.flush()

    def ioctl(self, op, arg):
        if op == 4:  # the block count
            self.file.seek(0, 2)
            return self.file.tell() // _BLOCK_SIZE
        if op == 5:  # the block size
            return _BLOCK_SIZE
        if op == 6:  # erase block `arg`
            self.file.seek(arg * _BLOCK_SIZE)
            for _ in range(_BLOCK_SIZE // _ERASED_SIZE):
                self.file.write(self.erased)
            self.file.flush()
        return 0


flash = FileFlash(os.getenv("DECKMATE_SIM_FLASH"))  # opened while the host files are visible
vfs.umount("/")
vfs.mount(vfs.VfsLfs2(flash, progsize=256), "/")
os.chdir("/")
sys.path[:] = ["", "/lib", ".frozen"]
del machine, flash, vfs, const, FileFlash
if text_boxes is not None:
    text_boxes.install()
if not os.getenv("DECKMATE_SIM_SKIP_MAIN"):
    try:
        import main
    except KeyboardInterrupt as interrupt:  # Ctrl-C on the serial port: reported, then the REPL
        sys.print_exception(interrupt)
