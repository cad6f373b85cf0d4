"""The store's checked files (the manifest, the state files: docs/storage.md): JSON values one
a line, then a checksum line, `#` and the first 16 hex digits of the SHA-256 of the lines above
it, so that a flipped byte is found rather than read as a wrong value. A journal (the
acknowledgements) is checked blocks one after the other, each the lines of a checked file,
appended as a whole: its values are read block by block (read_blocks).

The device writes and reads them (deckapp/checked_file.py: the files, replaced atomically); the
PC reads them from a copy of the flash (deckmate/store_files.py). Lines are bytes ending in a
newline; a file handle is an iterable of them on both runtimes.
"""

import binascii
import hashlib
import json

CHECK_DIGITS = 16


def digest_text(hasher):
    return binascii.hexlify(hasher.digest()).decode()


def checksum_line(hasher):
    return ("#" + digest_text(hasher)[:CHECK_DIGITS] + "\n").encode()


def checked_lines(values):
    """The lines of a checked file holding `values` (any iterable, read one at a time)."""
    hasher = hashlib.sha256()
    for value in values:
        # (one text made: on the device each new text is looked up among the interned names)
        line = json.dumps(value).encode() + b"\n"
        hasher.update(line)
        yield line
    yield checksum_line(hasher)


def read_values(lines):
    """The values of a checked file's `lines`, one at a time. Raises ValueError, once the
    values are read, if the file is damaged (bad checksum, no checksum line, a line that is
    not JSON)."""
    hasher = hashlib.sha256()
    for line in lines:
        if line.startswith(b"#"):
            if line.strip() + b"\n" != checksum_line(hasher):
                raise ValueError("its checksum does not match")
            return
        hasher.update(line)
        try:
            value = json.loads(line)
        except ValueError:
            raise ValueError("a line is not JSON")
        yield value
    raise ValueError("it has no checksum line")


def read_blocks(lines):
    """The values of a journal's `lines`, block by block, one at a time: those of each block
    whose checksum line matches. A damaged block, or one cut off before its checksum line, is
    passed over (its values are lost, the blocks after it are read)."""
    hasher = hashlib.sha256()
    block = []
    for line in lines:
        if line.startswith(b"#"):
            if line.strip() + b"\n" == checksum_line(hasher):
                for value in block:
                    yield value
            hasher = hashlib.sha256()
            block = []
            continue
        hasher.update(line)
        try:
            block.append(json.loads(line))
        except ValueError:
            block.append(None)  # (the block's checksum does not match then)
