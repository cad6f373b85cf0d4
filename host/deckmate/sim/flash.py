"""The simulated board's flash: a LittleFS v2 image in a host file, with the geometry of
MicroPython's filesystem on a Raspberry Pi Pico (4096-byte blocks, 1408 KB of user flash,
256-byte program size: ports/rp2 _boot.py and rp2_flash.c).

`install_image` puts a firmware image on it as a deploy does: changed files are written,
files of the image's folders that the image no longer has are removed, anything else (the
logs, the settings) stays.

The image also holds the flash chip's unique id (the board's device id, machine.unique_id()),
CHIP_ID_BYTES after the filesystem's blocks, as a chip keeps it outside its memory array:
made at random when the image is first written and kept from then on, by a fresh start of
the filesystem too, so that every simulated board has an id of its own and a copied image
is a cloned board (sim/device/machine.py reads it)."""

import os

from littlefs import LittleFS, LittleFSError

BLOCK_SIZE = 4096
BLOCK_COUNT = 352  # 1408 KB, the RP2040 Pico's filesystem
PROG_SIZE = 256
READ_SIZE = 32     # MicroPython's default for VfsLfs2
# MicroPython's VfsLfs2 caches 4 times the larger of the two (extmod/vfs_lfsx.c), and a file
# of up to half that many bytes it keeps inline in its folder's metadata: read with a smaller
# cache, such a file of 257 to 512 bytes is LFS_ERR_CORRUPT to littlefs-python
CACHE_SIZE = 4 * max(READ_SIZE, PROG_SIZE)
BLOCK_CYCLES = 100  # VfsLfs2's wear levelling, as the board writes
CHIP_ID_BYTES = 8  # an RP2040 board's flash unique id: 8 bytes


class FlashError(Exception):
    """The flash image file cannot be used; the message says what to do."""


def _filesystem(path, fresh=False, blocks=None):
    """The filesystem of the image at `path`, or a new one of `blocks` blocks (default
    BLOCK_COUNT) when `fresh` or there is none; FlashError for an image of another size than
    `blocks` asks for."""
    if fresh or not os.path.exists(path):
        fs = LittleFS(block_size=BLOCK_SIZE, block_count=blocks or BLOCK_COUNT,
                      prog_size=PROG_SIZE, read_size=READ_SIZE, cache_size=CACHE_SIZE,
                      block_cycles=BLOCK_CYCLES)
        return fs
    with open(path, "rb") as handle:
        data = handle.read()
    if blocks and len(data) // BLOCK_SIZE != blocks:
        raise FlashError("%s has %d blocks, not %d; start a new flash of %d blocks with --fresh"
                         % (path, len(data) // BLOCK_SIZE, blocks, blocks))
    fs = LittleFS(block_size=BLOCK_SIZE, block_count=len(data) // BLOCK_SIZE, prog_size=PROG_SIZE,
                  read_size=READ_SIZE, cache_size=CACHE_SIZE, block_cycles=BLOCK_CYCLES,
                  mount=False)
    fs.context.buffer = bytearray(data[:len(data) // BLOCK_SIZE * BLOCK_SIZE])  # no chip id
    try:
        fs.mount()
    except LittleFSError:
        raise FlashError("%s is not a LittleFS image with 4096-byte blocks; start with an "
                         "empty flash with --fresh" % path) from None
    return fs


def _save(fs, path, chip_id=None):
    """Write the filesystem to the image at `path`, with its chip id: `chip_id` (bytes) when
    given, else the image's own, else a new one."""
    chip_id = chip_id or chip_id_of(path) or os.urandom(CHIP_ID_BYTES)
    if len(chip_id) != CHIP_ID_BYTES:
        raise ValueError("a flash chip id is %d bytes, not %d" % (CHIP_ID_BYTES, len(chip_id)))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    scratch = path + ".new"
    with open(scratch, "wb") as handle:
        handle.write(fs.context.buffer)
        handle.write(chip_id)
    os.replace(scratch, path)


def chip_id_of(path):
    """The chip id (bytes) the image at `path` holds, or None (no image, or one written
    before images held one)."""
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            if size % BLOCK_SIZE != CHIP_ID_BYTES:
                return None
            handle.seek(size - CHIP_ID_BYTES)
            return handle.read()
    except FileNotFoundError:
        return None


def device_id(path):
    """The device id of the board whose flash image is at `path` (the hex text of its chip
    id, as deckhw/board.py's device_id gives it), or None."""
    chip_id = chip_id_of(path)
    return chip_id.hex() if chip_id else None


def _walk_files(fs, top):
    found = []
    for folder, _, names in fs.walk(top):
        for name in names:
            found.append((folder.rstrip("/") + "/" + name).lstrip("/"))
    return found


def install_image(path, files, fresh=False, extra=None, blocks=None, chip_id=None):
    """Make sure the flash image at `path` holds `files` ({path on the board: bytes}) and
    `extra` (more such files, e.g. /board.txt); `fresh` starts from an empty filesystem (of
    `blocks` blocks, by default the Pico's). The image keeps its chip id (a new image gets
    one), or takes `chip_id` (bytes: an image cloned from another board's, for tests)."""
    fs = _filesystem(path, fresh, blocks)
    wanted = dict(files)
    wanted.update(extra or {})
    folders = set(name.split("/", 1)[0] for name in files if "/" in name)
    for folder in sorted(folders):
        if folder in fs.listdir("/"):
            for name in _walk_files(fs, "/" + folder):
                if name not in wanted:
                    fs.remove(name)
    for name, data in sorted(wanted.items()):
        try:
            with fs.open(name, "rb") as handle:
                if handle.read() == data:
                    continue
        except FileNotFoundError:
            pass
        parent = os.path.dirname(name)
        try:
            if parent:
                fs.makedirs(parent, exist_ok=True)
            with fs.open(name, "wb") as handle:
                handle.write(data)
        except LittleFSError as error:
            if error.code != LittleFSError.Error.LFS_ERR_NOSPC:
                raise
            raise FlashError("%s: a flash of %d blocks of 4 KB cannot hold the firmware "
                             "image; give --flash-blocks more (the Pico's: %d)"
                             % (path, fs.block_count, BLOCK_COUNT)) from None
    _save(fs, path, chip_id)


def write_files(path, files):
    """Write `files` ({path on the board: bytes}) onto the flash image at `path` (for tests and
    tools: logs put on a simulated device)."""
    fs = _filesystem(path)
    for name, data in sorted(files.items()):
        parent = os.path.dirname(name)
        if parent:
            fs.makedirs(parent, exist_ok=True)
        with fs.open(name, "wb") as handle:
            handle.write(data)
    _save(fs, path)


def list_files(path, folder):
    """The names of the files in `folder` on the flash image at `path` ([] if none)."""
    fs = _filesystem(path)
    try:
        return sorted(fs.listdir(folder))
    except LittleFSError:
        return []


def read_file(path, name):
    """The bytes of file `name` on the flash image at `path` (for tests and tools)."""
    fs = _filesystem(path)
    with fs.open(name, "rb") as handle:
        return handle.read()


def used_blocks(path):
    """The blocks the filesystem on the flash image at `path` takes."""
    return _filesystem(path).used_block_count
