"""The tolerant log reader: CRLF, blank lines, unknown fields and kinds are accepted, a
truncated last line marks an unfinished game, and every error names the file and line."""

import json

from deckcore.games import load
from deckcore.replay import LogError, Replay


class BadLog(Exception):
    """A log that cannot be read or replayed; the message names file and line."""


class ReadLog:
    """The records of a log file, each with its line number."""

    def __init__(self, path):
        self.path = path
        self.records = []    # (line number, dict)
        self.truncated = False  # the last line was cut off (power lost while writing)
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise BadLog("%s: cannot read: %s" % (path, error.strerror or error))
        lines = data.split(b"\n")
        ends_with_newline = data.endswith(b"\n")
        for index, raw in enumerate(lines):
            number = index + 1
            text = raw.strip()
            if not text:
                continue
            is_last = index == len(lines) - 1
            try:
                record = json.loads(text.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as error:
                if is_last and not ends_with_newline:
                    self.truncated = True
                    break
                raise BadLog("%s:%d: not a JSON record (%s)" % (path, number, error))
            if not isinstance(record, dict) or not isinstance(record.get("t"), str):
                raise BadLog("%s:%d: a record must be a JSON object with a \"t\" kind" % (path, number))
            self.records.append((number, record))
        if not self.records:
            raise BadLog("%s: the file holds no records" % path)


def replay_file(path, on_record=None):
    """Replay a log through the rules core; returns (Replay, ReadLog). BadLog on any problem.

    `on_record(line, record, replay)` is called after each record is accepted."""
    read = ReadLog(path)
    replay = Replay(load)
    for number, record in read.records:
        try:
            replay.feed(record)
        except LogError as error:
            raise BadLog("%s:%d: %s record: %s" % (path, number, record.get("t"), error))
        if on_record:
            on_record(number, record, replay)
    return replay, read
