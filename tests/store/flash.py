"""A flash chip in RAM for LittleFS in the MicroPython unix port, with 4096-byte blocks as on
the Pico, that records its writes and erases and fails the operations it is told to.

`vfs.VfsLfs2` calls it through the extended block protocol (docs/reference/filesystem.rst):
`writeblocks(n, buf, offset)` programs, `ioctl(6, n)` erases. Failures are returned as -5
(EIO), never raised: the C layer expects return codes.
"""

import sys

import vfs

BLOCK = 4096
EIO = -5


class BlockDevice:
    """The extended block protocol on top of a subclass's `_operate(address, buffer)`, which
    programs `buffer` at `address` or, given None, erases the block there, and returns 0 or
    EIO. Subclasses also give `blocks` and `readblocks`."""

    def writeblocks(self, block, buffer, offset=None):
        if offset is None:  # the simple protocol: erase, then program whole blocks
            for index in range(len(buffer) // BLOCK):
                if self.ioctl(6, block + index):
                    return EIO
            offset = 0
        return self._operate(block * BLOCK + offset, buffer)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 6:
            return self._operate(arg * BLOCK, None)
        return 0


class Flash(BlockDevice):
    def __init__(self, blocks, image=None):
        self.blocks = blocks
        self.data = bytearray(image) if image else bytearray(b"\xff" * (BLOCK * blocks))
        self.view = memoryview(self.data)
        self.operations = 0     # writes and erases so far
        self.reads = 0
        self.trace = None       # a list to record (address, bytes or None for an erase)
        self.fail_reads = ()    # read numbers that fail
        self.fail_writes = ()   # operation numbers that fail, the flash itself unharmed
        self.dead_from = None   # operation number from which every write and erase fails

    def readblocks(self, block, buffer, offset=0):
        self.reads += 1
        if self.reads in self.fail_reads:
            return EIO
        start = block * BLOCK + offset
        buffer[:] = self.view[start:start + len(buffer)]
        return 0

    def _operate(self, address, buffer):
        """Program `buffer` at `address`, or erase the block there if it is None."""
        number = self.operations
        if self.dead_from is not None and number >= self.dead_from:
            return EIO
        if number in self.fail_writes:
            self.operations += 1
            return EIO
        self.operations += 1
        if self.trace is not None:
            self.trace.append((address, None if buffer is None else bytes(buffer)))
        apply(self.data, address, buffer)
        return 0


class FileFlash(BlockDevice):
    """A flash image in a host file, as the simulator keeps it: every write goes to the file
    at once. At operation `stop_at` it prints "stopping" and waits to be killed."""

    def __init__(self, path, stop_at=None):
        self.file = open(path, "r+b")
        self.file.seek(0, 2)
        self.blocks = self.file.tell() // BLOCK
        self.erased = b"\xff" * BLOCK
        self.operations = 0
        self.stop_at = stop_at

    def readblocks(self, block, buffer, offset=0):
        self.file.seek(block * BLOCK + offset)
        self.file.readinto(buffer)
        return 0

    def _operate(self, address, buffer):
        if self.operations == self.stop_at:
            print("stopping")
            sys.stdin.read(1)  # the test kills the process here
        self.operations += 1
        self.file.seek(address)
        self.file.write(self.erased if buffer is None else buffer)
        self.file.flush()
        return 0


def apply(data, address, buffer, done=None):
    """Do one recorded operation on an image, or only its first `done` bytes, as a power cut
    in the middle of it would leave it."""
    length = BLOCK if buffer is None else len(buffer)
    if done is not None:
        length = done
    if buffer is None:
        data[address:address + length] = b"\xff" * length
    else:
        data[address:address + length] = buffer[:length]


def cut_images(base, trace):
    """(k, image) for every image a power cut can leave while the recorded operations run:
    before operation k and with operation k torn in half, for every k, then after the last.
    The workload is deterministic up to a cut, so replaying its record is the same as
    running it again with the power failing at k."""
    image = bytearray(base)
    for index in range(len(trace)):
        address, buffer = trace[index]
        yield index, image
        torn = bytearray(image)
        apply(torn, address, buffer, (BLOCK if buffer is None else len(buffer)) // 2)
        yield index, torn
        apply(image, address, buffer)
    yield len(trace), image


def record(flash, work):
    """Run `work()` on the mounted flash; returns (image before, list of operations)."""
    base = bytes(flash.data)
    flash.trace = []
    work()
    trace, flash.trace = flash.trace, None
    return base, trace


def format_and_mount(flash, where="/flash"):
    vfs.VfsLfs2.mkfs(flash)
    return mount(flash, where)


def mount(flash, where="/flash"):
    """Mount the flash as the rp2 port does (progsize 256); raises OSError if it cannot."""
    vfs.mount(vfs.VfsLfs2(flash, progsize=256), where)
    return where


def unmount(where="/flash"):
    vfs.umount(where)
