"""The store's checked files (decklink/checked.py): the device writes them, both sides read
them. Run under pytest and under MicroPython (tests/host/test_link_under_micropython.py)."""

from decklink.checked import checked_lines, read_blocks, read_values

ENTRIES = [{"id": "1", "state": "closed", "size": 3253}, {"id": "2", "state": "open"}]


def lines_of(data):
    return [line + b"\n" for line in data.split(b"\n")[:-1]]


def expect_damaged(lines, why):
    try:
        list(read_values(lines))
    except ValueError as error:
        assert why in str(error), error
        return
    raise AssertionError("damaged lines were read")


def test_values_written_are_read_back_in_order():
    lines = list(checked_lines(ENTRIES))
    assert len(lines) == 3 and lines[-1].startswith(b"#") and len(lines[-1]) == 18
    assert list(read_values(lines)) == ENTRIES


def test_an_empty_file_is_a_checksum_line_alone():
    assert list(read_values(list(checked_lines([])))) == []


def test_a_flipped_byte_is_found_by_the_checksum():
    data = bytearray(b"".join(checked_lines(ENTRIES)))
    data[data.index(b"3253")] ^= 1  # 3253 -> 2253: still JSON
    expect_damaged(lines_of(bytes(data)), "checksum")


def test_a_file_cut_before_its_checksum_line_is_damaged():
    expect_damaged(list(checked_lines(ENTRIES))[:-1], "no checksum line")


def test_a_line_that_is_not_json_is_damaged():
    expect_damaged([b"{nope\n"] + list(checked_lines([])), "not JSON")


def test_a_journal_is_read_block_by_block_and_a_damaged_block_is_passed_over():
    first, second, third = [["1", "a" * 64]], [["2", "b" * 64], ["3", "c" * 64]], [["4", "d"]]
    data = bytearray(b"".join(list(checked_lines(first)) + list(checked_lines(second))
                              + list(checked_lines(third))))
    assert list(read_blocks(lines_of(bytes(data)))) == first + second + third
    data[data.index(b"bbb")] ^= 1  # still JSON: only the checksum finds it
    assert list(read_blocks(lines_of(bytes(data)))) == first + third
    cut = list(checked_lines(first)) + list(checked_lines(second))[:-1]  # an append cut off
    assert list(read_blocks(cut)) == first
