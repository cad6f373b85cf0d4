"""A flipped byte in a log the device wrote is reported by the host too (issue 14, point 4):
`deckmate replay --check` names the file and the line, and exits with status 1."""

from helpers import deckmate, selfplay


def corrupted_copy(log, tmp_path, line_number, column):
    """A copy of `log` with the low bit of one byte flipped (lines and columns from 1)."""
    data = bytearray(log.read_bytes())
    offset = sum(len(line) + 1 for line in data.split(b"\n")[:line_number - 1]) + column - 1
    data[offset] ^= 1
    copy = tmp_path / ("flipped-%d-%d.jsonl" % (line_number, column))
    copy.write_bytes(bytes(data))
    return copy


def test_replay_check_reports_a_flipped_byte_with_the_file_and_line(tmp_path):
    log = selfplay(tmp_path, "scioto", 1, extra=("--bots", "random"))
    act = log.read_text().split("\n")[2]
    assert act.startswith('{"t":"act"') and act.endswith('"}')
    # the brace that opens line 3, then the suit of its card
    for column, problem in ((1, "not a JSON record"), (len(act) - 2, "is not a card")):
        copy = corrupted_copy(log, tmp_path, 3, column)
        result = deckmate("replay", "--check", copy)
        assert result.returncode == 1
        assert result.stderr.startswith("deckmate replay: %s:3: " % copy), result.stderr
        assert problem in result.stderr, result.stderr
    assert deckmate("replay", "--check", log).returncode == 0
