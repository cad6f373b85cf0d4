"""Boot script of the simulated board (MicroPython, run by the host; never deployed).

Like rp2's _boot.py it mounts the flash at /: here a LittleFS v2 image in the host file named
by DECKMATE_SIM_FLASH, 4096-byte blocks, made and filled with the firmware image by the host
(host/deckmate/sim/flash.py). The host filesystem then disappears, as on a board. main.py
runs next (a Ctrl-C stops it into the REPL, as on a board), unless DECKMATE_SIM_SKIP_MAIN is set: the bridge sets it after a raw-REPL soft
reset, when rp2 does not run main.py either.
"""

import os
import sys
import vfs

import machine  # the stand-in (machine.py beside this file), imported while the host files are visible

BLOCK_SIZE = 4096
IOCTL_BLOCK_COUNT = 4
IOCTL_BLOCK_SIZE = 5
IOCTL_BLOCK_ERASE = 6
ERASED = b"\xff" * BLOCK_SIZE  # made once: an erase must not need 4 KB of the app's heap


class FileFlash:
    """A block device over a host file, with the extended block protocol of vfs.VfsLfs2."""

    def __init__(self, path):
        self.file = open(path, "r+b")
        self.file.seek(0, 2)
        self.blocks = self.file.tell() // BLOCK_SIZE

    def readblocks(self, block, buf, offset=0):
        self.file.seek(block * BLOCK_SIZE + offset)
        self.file.readinto(buf)

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            for i in range(len(buf) // BLOCK_SIZE):
                self.ioctl(IOCTL_BLOCK_ERASE, block + i)
            offset = 0
        self.file.seek(block * BLOCK_SIZE + offset)
        self.file.write(buf)
        self.file.flush()

    def ioctl(self, op, arg):
        if op == IOCTL_BLOCK_COUNT:
            return self.blocks
        if op == IOCTL_BLOCK_SIZE:
            return BLOCK_SIZE
        if op == IOCTL_BLOCK_ERASE:
            self.file.seek(arg * BLOCK_SIZE)
            self.file.write(ERASED)
            self.file.flush()
        return 0


flash = FileFlash(os.getenv("DECKMATE_SIM_FLASH"))  # opened while the host files are visible
vfs.umount("/")
vfs.mount(vfs.VfsLfs2(flash, progsize=256), "/")
os.chdir("/")
sys.path[:] = ["", "/lib", ".frozen"]
del machine, flash
if not os.getenv("DECKMATE_SIM_SKIP_MAIN"):
    try:
        import main
    except KeyboardInterrupt as interrupt:  # Ctrl-C on the serial port: reported, then the REPL
        sys.print_exception(interrupt)
