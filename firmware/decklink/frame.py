"""The sync protocol's line frames (docs/sync-protocol.md): one request or reply per line, in
printable ASCII, so that they share the USB serial port with the MicroPython REPL.

    #>{"q":7,"op":"hello"}*1a2b3c4d\n      the PC to the device
    #<{"q":7,"ok":1,...}*9f8e7d6c\n        the device to the PC

A prefix per direction that no REPL output starts with; a JSON object; `*` and the CRC-32 of
the JSON text's bytes as 8 lower-case hex digits. A frame holds no control character (JSON
escapes them), so none can reach the REPL as Ctrl-C or Ctrl-D; the two prefixes differ so
that the echo of a request by a REPL is never read as a reply.
"""

import binascii
import json

TO_DEVICE = b"#>"
TO_HOST = b"#<"
REQUEST_MOST = 4096  # the longest request line the device reads (bytes, with the newline)


class FrameError(ValueError):
    """A line that is not a whole frame; `kind` is "crc" (damaged) or "frame" (not a frame
    at all: no prefix, no CRC, not a JSON object)."""

    def __init__(self, kind, why):
        super().__init__(why)
        self.kind = kind


def crc_text(body):
    return "%08x" % (binascii.crc32(body) & 0xFFFFFFFF)


def encode_body(prefix, body):
    """The frame line (bytes) of `body`, JSON text as bytes, after `prefix`."""
    return prefix + body + b"*" + crc_text(body).encode() + b"\n"


def encode(prefix, message):
    """The frame line (bytes) of `message`, a dict."""
    return encode_body(prefix, json.dumps(message, separators=(",", ":")).encode())


def decode(prefix, line):
    """The dict a frame line (bytes, with or without its newline) holds; FrameError if it is
    not a whole frame with `prefix`."""
    if line[-1:] == b"\n":
        line = line[:-1]
    if line[-1:] == b"\r":
        line = line[:-1]
    if line[:2] != prefix:
        raise FrameError("frame", "no %s prefix" % prefix.decode())
    star = line.rfind(b"*")
    if star < 2 or len(line) - star != 9:
        raise FrameError("frame", "no CRC at the end")
    body = line[2:star]
    if crc_text(body).encode() != line[star + 1:]:
        raise FrameError("crc", "the CRC does not match")
    try:
        message = json.loads(body)
    except ValueError:
        raise FrameError("frame", "not JSON")
    if type(message) is not dict:
        raise FrameError("frame", "not a JSON object")
    return message
