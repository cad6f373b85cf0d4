"""Property-based tests (hypothesis) of what comes from outside in a sync: the frame parser
on random and mutated lines, and the archive's import on random and mutated logs."""

import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decklink.frame import TO_DEVICE, TO_HOST, FrameError, decode, encode
from deckmate.archive import GROWN, NEW, REJECTED, UNCHANGED, Archive
from sync_helpers import device_log

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
MESSAGES = st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=6)


@given(st.binary(max_size=300), st.sampled_from([TO_DEVICE, TO_HOST]))
def test_any_line_is_a_frame_or_a_frame_error_never_a_crash(line, prefix):
    try:
        assert isinstance(decode(prefix, line), dict)
    except FrameError as error:
        assert error.kind in ("crc", "frame")


@given(MESSAGES)
def test_every_message_comes_back_whole_through_a_printable_line(message):
    line = encode(TO_HOST, message)
    assert line.endswith(b"\n") and all(32 <= byte < 127 for byte in line[:-1])
    assert decode(TO_HOST, line) == message


@given(MESSAGES, st.data())
def test_any_byte_changed_in_a_frame_makes_it_refused(message, data):
    line = bytearray(encode(TO_HOST, message))
    index = data.draw(st.integers(0, len(line) - 2), label="index")  # not the newline
    line[index] = data.draw(st.integers(0, 255).filter(lambda byte: byte != line[index]),
                            label="byte")
    try:
        decode(TO_HOST, bytes(line))
    except FrameError:
        return
    raise AssertionError("a damaged frame was accepted")


LOG = device_log("scioto", 11, "5")


def mutate(data, draw):
    """The log with a few random changes: bytes flipped, a cut, a line dropped or doubled."""
    data = bytearray(data)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["flip", "cut", "drop", "double"]))
        lines = bytes(data).splitlines(keepends=True)
        if kind == "flip" and data:
            index = draw(st.integers(0, len(data) - 1))
            data[index] ^= draw(st.integers(1, 255))
        elif kind == "cut":
            data = data[:draw(st.integers(0, len(data)))]
        elif kind != "flip" and lines:
            index = draw(st.integers(0, len(lines) - 1))
            lines[index:index + 1] = [] if kind == "drop" else [lines[index]] * 2
            data = bytearray(b"".join(lines))
    return bytes(data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_an_import_of_a_mutated_log_archives_it_whole_or_keeps_it_aside(data):
    mutated = mutate(LOG, data.draw)
    with tempfile.TemporaryDirectory() as folder, Archive(folder) as archive:
        outcome = archive.add_log(mutated, "mutated.jsonl")
        assert outcome.kind in (NEW, REJECTED)
        games = archive.db.execute("SELECT count(*) FROM games").fetchone()[0]
        assert games == (outcome.kind == NEW)
        if outcome.kind == NEW:
            assert archive.read_raw(outcome.device_id, outcome.game_id) == mutated
        assert archive.add_log(mutated, "again").kind == (UNCHANGED if outcome.kind == NEW
                                                          else REJECTED)
        if outcome.kind == NEW and LOG.startswith(mutated) and mutated != LOG:
            assert archive.add_log(LOG, "whole").kind == GROWN


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=400))
def test_an_import_of_random_bytes_is_kept_aside_with_a_reason(junk):
    with tempfile.TemporaryDirectory() as folder, Archive(folder) as archive:
        outcome = archive.add_log(junk, "junk.jsonl")
        assert outcome.kind == REJECTED and outcome.reason.startswith("junk.jsonl")
        assert archive.db.execute("SELECT count(*) FROM games").fetchone() == (0,)
