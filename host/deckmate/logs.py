"""The tolerant log reader: CRLF, blank lines, unknown fields and kinds are accepted, a
truncated last line marks an unfinished game, and every error names the file and line."""

import json

from deckcore.games import load
from deckcore.replay import LogError, Replay


class BadLog(Exception):
    """A log that cannot be read or replayed. `line` is the line at fault, or None when the
    problem is the whole file; the message starts with `FILE:LINE:` (or `FILE:`)."""

    def __init__(self, path, line, problem):
        where = "%s:%d" % (path, line) if line is not None else str(path)
        Exception.__init__(self, "%s: %s" % (where, problem))
        self.path = path
        self.line = line
        self.problem = problem


class ReadLog:
    """The JSON values of a log's lines, each with its line number."""

    def __init__(self, path, data):
        """`data` is the file's bytes; `path` names it in messages."""
        self.path = path
        self.records = []    # (line number, parsed JSON value)
        self.truncated = False  # the last line was cut off (power lost while writing)
        lines = data.split(b"\n")
        ends_with_newline = data.endswith(b"\n")
        for index, raw in enumerate(lines):
            number = index + 1
            text = raw.strip()
            if not text:
                continue
            try:
                record = json.loads(text.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError) as error:
                if index == len(lines) - 1 and not ends_with_newline:
                    self.truncated = True
                    break
                raise BadLog(path, number, "not a JSON record (%s)" % error)
            self.records.append((number, record))
        if not self.records:
            raise BadLog(path, None, "the file holds no records")

    @classmethod
    def of_file(cls, path):
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise BadLog(path, None, "cannot read: %s" % (error.strerror or error))
        return cls(path, data)


def seat_names(header):
    """The players' names by seat, as the header gives them ("Seat N" where it has none)."""
    names = []
    for seat, player in enumerate(header["players"]):
        name = player.get("name")
        names.append(name if isinstance(name, str) and name.strip() else "Seat %d" % seat)
    return names


def replay_file(path, on_record=None):
    """Replay a log file through the rules core; returns (Replay, ReadLog). BadLog on any
    problem. `on_record(line, record, replay)` is called after each record is accepted."""
    return replay_log(ReadLog.of_file(path), on_record)


def _record_label(record):
    """`KIND record: ` for the start of a message (a kind that is not a word, quoted)."""
    kind = record.get("t") if isinstance(record, dict) else None
    if not isinstance(kind, str):
        return ""
    return "%s record: " % (kind if kind.isidentifier() else repr(kind))


def replay_log(read, on_record=None):
    """Replay the records of a ReadLog, as replay_file does."""
    replay = Replay(load)
    for number, record in read.records:
        try:
            replay.feed(record)
        except LogError as error:
            raise BadLog(read.path, number, _record_label(record) + str(error))
        if on_record:
            on_record(number, record, replay)
    return replay, read
